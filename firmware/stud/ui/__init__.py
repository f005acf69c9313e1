"""The handheld: the loop, its controllers, the screens and the graphics."""
