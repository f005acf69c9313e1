"""`make bench`: speed, heap and the self-play strength matches."""
