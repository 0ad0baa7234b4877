"""The toolkit's version, written into every record (records.py); pyproject.toml reads it from here."""
VERSION = "0.1.0"
