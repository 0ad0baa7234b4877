"""Food Chain Magnate (clauses FCM-0 to FCM-7; interpretations in rules.md and rules_*.md)."""
