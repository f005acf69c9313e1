"""The cartridge's words (seed 000) for the engine's actions, on the screen and in the
hand histories.  Apart from stud.core.actions so that the engine alone does not
carry the words it never shows."""
from stud.core.actions import (FOLD, CHECK, CALL, BET, RAISE, COMPLETE, BRINGIN, DRAW, SHOW,
                               MUCK, ANTE, base, draw_positions)

# The forced opening bet (the engine's bring-in) is BET, as the cartridge shows it (seed 000:
# "The word BET appears for a moment in place of the name of the player"): on the screen,
# where casino stud offers it against COMPLETE, and in the hand histories (tools/save/history.py).
SAY = {FOLD: "PASS", CHECK: "CHECK", CALL: "CALL", BET: "BET", RAISE: "RAISE",
       BRINGIN: "BET", COMPLETE: "COMPLETE", SHOW: "SHOW", MUCK: "MUCK", DRAW: "DRAW",
       ANTE: "ANTE"}
PAT = "STAND PAT"               # a draw of no cards

# The seats' names: you, the three opponents in SEL's order, and an empty seat.
YOU = "YOU"
OPPONENTS = ("SID", "JOE", "HAL")
OUT = "OUT"
PREFIX = "Pocket Stud: "     # what the game prints on the console starts so


def say(command):
    """The screen's word for a command: "raise:10" -> "RAISE", "draw:1,2" -> "DRAW 2",
    "draw:" -> "STAND PAT"."""
    word = base(command)
    if word == DRAW and ":" in command:
        n = len(draw_positions(command))
        return "DRAW %d" % n if n else PAT
    return SAY.get(word, word.upper())
