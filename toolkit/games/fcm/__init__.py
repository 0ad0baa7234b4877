"""Food Chain Magnate (clauses FCM-0 to FCM-7; interpretations in rules.md and rules_*.md), in three layers:
``map/`` (tiles, roads, placement), ``company/`` (cards, structures, the company phases) and ``game/`` (the
whole game composing them: Working 9-5 on the map, Dinnertime, Marketing, the bank)."""
