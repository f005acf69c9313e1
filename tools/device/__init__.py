"""The board and its stand-ins (see tools/__init__.py)."""
