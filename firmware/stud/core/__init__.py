"""The poker core: cards, the evaluator, the game tables and the one engine. Pure: no I/O, no clock."""
