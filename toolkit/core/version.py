"""The toolkit's version (pyproject.toml's), written into every record (records.py)."""
VERSION = "0.1.0"
