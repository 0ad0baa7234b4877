"""Food Chain Magnate, the whole game: ``rules.py`` (``FcmGame``, composing the phases), ``setup.py``,
``working.py`` and ``production.py`` (Working 9-5 on the map), ``dinnertime.py`` and ``bank.py``,
``marketing.py``, the agents and the drawing."""
