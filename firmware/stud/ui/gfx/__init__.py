"""Graphics: the frame buffer, its pure-Python twin, fonts and card glyphs."""
