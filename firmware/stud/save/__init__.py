"""The save: its format, the file, a hand's record, lifetime stats."""
