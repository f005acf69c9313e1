"""Replay one hand from a JSON description and print what happened, as JSON.

    python tools/replay.py HAND.json
    python tools/replay.py - < HAND.json

Input:
    {"game": "tandy7", "stacks": [999, 999, 999, 999],
     "deck": "As Kd ...", "actions": ["raise", "fold", ...]}

Games: tandy7, casino7, stud5, draw5.  The deck lists cards in the order they
are dealt, one card at a time to each seat still in the hand: in stud, on the
first street every seat's first card, then every seat's second card, and so
on; on later streets one card to each live seat.  In draw5 the deal (one card
at a time, non-dealer first, five rounds) is followed by the replacement cards
in the order they are drawn; "dealer" (0 or 1, default 1: seat 0 acts first)
says who deals.  Antes and tandy7's 1-chip bet are automatic and not listed.
Actions are engine words: "draw:0,3" discards positions 0 and 3 ("draw:" stands
pat); "bet:50", "raise:75" choose a size where the game offers one (draw5's
25-100, casino7's open-pair big bet); plain "bet" is the small one.

Output: {"steps": [{"seat", "legal", "action"}...], "pot", "stacks", "to_act",
"result"}; result is null until the hand is over.  Bad input prints one line
"replay: ..." on stderr and exits with status 2.
"""
import json
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(_ROOT, "firmware") not in sys.path:
    sys.path.insert(0, os.path.join(_ROOT, "firmware"))

from stud.core import cards  # noqa: E402
from stud.core.engine import Hand  # noqa: E402

KEYS = ("game", "stacks", "deck", "actions")
BAD_INPUT = 2


def replay(obj):
    """Play `obj` (the parsed input) through the engine; return the output dict.

    Raises ValueError with a message fit for the player on any bad input.
    """
    game, stacks, deck, actions = _checked(obj)
    dealer = obj.get("dealer", 1 if game == "draw5" else None)
    if dealer is not None and not _is_int(dealer):
        raise ValueError("'dealer' must be a seat number")
    hand = Hand(game, stacks, deck=deck, dealer=dealer)
    steps = []
    for i, word in enumerate(actions):
        seat = hand.to_act
        legal = hand.legal()
        try:
            hand.act(word)
        except ValueError as e:
            raise ValueError("action %d '%s': %s" % (i + 1, word, e))
        steps.append({"seat": seat, "legal": legal, "action": word})
    return {"steps": steps, "pot": hand.pot, "stacks": list(hand.stacks),
            "to_act": hand.to_act, "result": _result(hand.result)}


def _checked(obj):
    if not isinstance(obj, dict):
        raise ValueError("the input must be a JSON object with keys %s" % ", ".join(KEYS))
    missing = [k for k in KEYS if k not in obj]
    if missing:
        raise ValueError("missing key%s %s" % ("s" if len(missing) > 1 else "",
                                               ", ".join(["'%s'" % k for k in missing])))
    game = obj["game"]
    if not isinstance(game, str):
        raise ValueError("'game' must be a game name such as \"tandy7\"")
    stacks = obj["stacks"]
    if not isinstance(stacks, list) or not all(_is_int(s) for s in stacks):
        raise ValueError("'stacks' must be a list of whole chip counts, one per seat")
    deck = obj["deck"]
    if isinstance(deck, list) and all(isinstance(c, str) for c in deck):
        deck = " ".join(deck)
    if not isinstance(deck, str):
        raise ValueError("'deck' must be a string of cards like \"As Kd 2c\"")
    deck = cards.parse(deck)  # unknown and duplicate cards are reported here
    actions = obj["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ValueError("'actions' must be a list of action words like \"call\"")
    return game, stacks, deck, actions


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def _result(result):
    if result is None:
        return None
    pots = [{"amount": amount, "eligible": list(eligible), "winners": list(winners)}
            for amount, eligible, winners in result["pots"]]
    return {"winners": list(result["winners"]), "amounts": list(result["amounts"]),
            "shown": _hands(result["shown"]), "mucked": _hands(result["mucked"]),
            "pots": pots, "carry": result["carry"]}


def _hands(hands):
    out = []
    for seat in sorted(hands):
        s = hands[seat]
        out.append({"seat": seat, "cards": cards.format(s["cards"]),
                    "best": cards.format(s["best"]), "name": s["name"]})
    return out


def dumps(out):
    """JSON with one step per line: readable, and still one JSON object."""
    lines = ["{", ' "steps": [']
    steps = out["steps"]
    for i, step in enumerate(steps):
        lines.append("  " + json.dumps(step) + ("," if i + 1 < len(steps) else ""))
    lines.append(" ],")
    rest = [k for k in out if k != "steps"]
    for i, k in enumerate(rest):
        lines.append(" %s: %s%s" % (json.dumps(k), json.dumps(out[k]),
                                     "," if i + 1 < len(rest) else ""))
    lines.append("}")
    return "\n".join(lines)


def _read(path):
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path) as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError("cannot read %s: %s" % ("stdin" if path == "-" else path,
                                                 getattr(e, "strerror", None) or e))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv in (["-h"], ["--help"]):
        sys.stdout.write(__doc__)
        return 0
    if len(argv) != 1:
        sys.stderr.write("replay: usage: python tools/replay.py FILE.json (or - for stdin)\n")
        return BAD_INPUT
    try:
        text = _read(argv[0])
        try:
            obj = json.loads(text)
        except ValueError as e:
            raise ValueError("not JSON: %s" % e)
        out = replay(obj)
    except ValueError as e:
        sys.stderr.write("replay: %s\n" % " ".join(str(e).split()))
        return BAD_INPUT
    except Exception as e:  # a bug, not bad input - still one line, never a traceback
        sys.stderr.write("replay: internal error: %s: %s\n"
                         % (type(e).__name__, " ".join(str(e).split())))
        return 1
    sys.stdout.write(dumps(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
