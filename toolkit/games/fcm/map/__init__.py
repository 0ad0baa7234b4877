"""Food Chain Magnate's map layer: tiles (``tiles.py``), the map and its assembly (``board.py``), the road
graph (``roads.py``), marketing reach (``reach.py``), rule-checked placement (``placement.py``) and the
map drawing (``drawing.py``)."""
