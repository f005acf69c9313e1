"""The simulator (`make sim`) and the pictures (`make screenshots`)."""
