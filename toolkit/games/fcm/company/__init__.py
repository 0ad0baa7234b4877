"""Food Chain Magnate's companies (the people side): cards (``employees.py``), milestones, structures,
one company's state, the company phases (``phases.py`` composing ``restructuring.py``, ``order_of_business.py``,
``working.py``, ``payday.py``, ``cleanup.py``), the practice game (``practice.py``), drawing and the
structure-builder widget."""
