"""What is generated from firmware/: the compiled tree, ROMFS images, the evaluator table."""
