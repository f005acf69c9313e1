"""Playing a hand: what a seat may see, the equity estimate, the opponents, the session."""
