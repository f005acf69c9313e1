"""The menu's RULES pages for the games after the cartridge's own (stud.ui.app.RULES holds
tandy7's and the controls page every game shows last).  Loaded only when RULES is
opened in one of these games.  A page is a title and at most seven lines of the
3x5 font (31 characters at most)."""

_PAGES = {
    "casino7": (
        ("CASINO 7 CARD STUD",
         "ANTE 1. TWO CARDS DOWN, ONE",
         "UP. THE LOWEST UP CARD BRINGS",
         "IN FOR 2 OR COMPLETES TO 5.",
         "THEN PASS, CALL OR COMPLETE;",
         "AFTER A COMPLETION, RAISE 5.",
         "ONE BET AND 3 RAISES A ROUND."),
        ("4TH TO 7TH STREET",
         "THE BEST SHOWING HAND OPENS.",
         "4TH: BET 5, OR 10 WHEN AN",
         "OPEN PAIR SHOWS. 5TH TO 7TH:",
         "BET 10. 7TH IS DEALT DOWN.",
         "SHOWDOWN: THE LAST TO BET",
         "SHOWS FIRST. A BEATEN HAND",
         "MAY SHOW OR MUCK."),
    ),
    "stud5": (
        ("FIVE CARD STUD",
         "ANTE 1. ONE CARD DOWN, ONE",
         "UP. THE HIGH CARD OPENS:",
         "CHECK OR BET 5. ONE MORE UP,",
         "BET 5; ONE MORE UP, BET 10;",
         "THE LAST CARD DOWN, BET 10.",
         "LATER THE BEST SHOWING HAND",
         "OPENS. 4 BETS A ROUND."),
        ("SHOWDOWN",
         "THE BEST FIVE CARDS WIN THE",
         "POT; TIES SPLIT IT. THE ACE",
         "PLAYS LOW IN A-2-3-4-5.",
         "A PLAYER WHO MAY CHECK",
         "CANNOT PASS."),
    ),
    "draw5": (
        ("FIVE CARD DRAW",
         "YOU AGAINST ONE OPPONENT.",
         "ANTE 25. THE DEAL ALTERNATES;",
         "THE OTHER PLAYER ACTS FIRST.",
         "BETS AND RAISES 25 TO 100.",
         "WHO CHECKED MAY NOT RAISE.",
         "3 RAISES A ROUND."),
        ("THE DRAW",
         "THROW AWAY UP TO 3 CARDS,",
         "THE DEALER LAST. THEN THE",
         "LAST TO BET OR RAISE OPENS.",
         "ACES ARE ALWAYS HIGH:",
         "A-2-3-4-5 IS NO STRAIGHT.",
         "A TIE LEAVES THE POT FOR",
         "THE NEXT HAND."),
        ("DRAW CONTROLS",
         "LEFT/RIGHT: OVER THE CARDS,",
         "ON TO DRAW, AUTO, HINT",
         "UP/DOWN: CARDS OR BUTTONS",
         "PRESS: MARK A CARD (3 AT",
         "MOST), OR DO THE BUTTON",
         "HINT: MARKS ITS ADVICE",
         "AUTO: THE COMPUTER DRAWS"),
    ),
}


def pages(game):
    """The game's own RULES pages (none for a game without any here)."""
    return _PAGES.get(game, ())
