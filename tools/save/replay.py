"""Replay hands from JSON and print what happened, as JSON.

    python -m tools.save.replay HAND.json
    python -m tools.save.replay - < HAND.json
    python -m tools.save.history --file stud.sav --json | python -m tools.save.replay -

Input: one hand as a JSON object,
    {"game": "tandy7", "stacks": [999, 999, 999, 999],
     "deck": "As Kd ...", "actions": ["raise", "fold", ...]}
or several: a JSON list of such objects (what tools/save/history.py --json prints
for a whole save), or JSON Lines, one object per line (history.py --jsonl).

Games: tandy7, casino7, stud5, draw5.  The deck lists cards in the order they
are dealt, one card at a time to each seat still in the hand: in stud, on the
first street every seat's first card, then every seat's second card, and so
on; on later streets one card to each live seat.  In draw5 the deal (one card
at a time, non-dealer first, five rounds) is followed by the replacement cards
in the order they are drawn.  Antes and tandy7's 1-chip bet are automatic and
not listed.  Actions are engine words: "draw:0,3" discards positions 0 and 3
("draw:" stands pat); "bet:50", "raise:75" choose a size where the game offers
one (draw5's 25-100, casino7's open-pair big bet); plain "bet" is the small one;
"show" and "muck" are a chooser's words at a casino7 showdown.

Optional keys, as tools/save/history.py exports them so every kept hand replays
exactly:
    "dealer"    the dealing seat (default: the last seat; draw5: 1, so seat 0
                acts first)
    "carry"     chips of a tied pot carried into this hand (draw5), default 0
    "choosers"  seats that choose SHOW or MUCK themselves at a casino7
                showdown (the player's seat 0 in a game), default none
Any other key is refused.

Output: {"steps": [{"seat", "legal", "action"}...], "pot", "stacks", "to_act",
"result"}; result is null until the hand is over.  For a list, a JSON list of
those; for JSON Lines, one per line.  Bad input (an unknown key, input nested
too deeply or over 1 MB), a file it cannot read, stdin closed, stdout closed
or full: one short line "replay: ..." on stderr and exit status 2
(tools/save/cli.py); piped into head, it stops quietly.
"""
import json
import sys

from tools.save import cli
from stud.core import cards
from stud.core.engine import Hand

KEYS = ("game", "stacks", "deck", "actions")
OPTIONAL = ("dealer", "carry", "choosers")
MAX_INPUT = 1000000     # characters: a whole save's export is ~60 KB


def replay(obj):
    """Play `obj` (the parsed input) through the engine; return the output dict.

    Raises ValueError with a message fit for the player on any bad input.
    """
    game, stacks, deck, actions = _checked(obj)
    dealer = obj.get("dealer", 1 if game == "draw5" else None)
    if dealer is not None and not _is_int(dealer):
        raise ValueError("'dealer' must be a seat number")
    carry = obj.get("carry", 0)
    if not _is_int(carry) or carry < 0:
        raise ValueError("'carry' must be a whole number of chips")
    choosers = obj.get("choosers", [])
    if not isinstance(choosers, list) or not all(_is_int(s) and 0 <= s < len(stacks)
                                                 for s in choosers):
        raise ValueError("'choosers' must be a list of seat numbers")
    hand = Hand(game, stacks, deck=deck, dealer=dealer, carry=carry, choosers=choosers)
    steps = []
    for i, word in enumerate(actions):
        seat = hand.to_act
        legal = hand.legal()
        try:
            hand.act(word)
        except ValueError as e:
            raise ValueError("action %d '%s': %s" % (i + 1, clip(word), e))
        steps.append({"seat": seat, "legal": legal, "action": word})
    return {"steps": steps, "pot": hand.pot, "stacks": list(hand.stacks),
            "to_act": hand.to_act, "result": _result(hand.result)}


def clip(text, n=24):
    """A word from the input, cut short enough to quote in one line."""
    text = str(text)
    return text if len(text) <= n else text[:n] + "..."


def _checked(obj):
    if not isinstance(obj, dict):
        raise ValueError("a hand must be a JSON object with keys %s" % ", ".join(KEYS))
    unknown = [k for k in obj if k not in KEYS + OPTIONAL]
    if unknown:
        raise ValueError("unknown key '%s' (a hand has %s)"
                         % (clip(unknown[0]), ", ".join(KEYS + OPTIONAL)))
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
            if sys.stdin is None:
                raise ValueError("cannot read stdin: it is closed")
            text = sys.stdin.read(MAX_INPUT + 1)
        else:
            with open(path) as f:
                text = f.read(MAX_INPUT + 1)
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError("cannot read %s: %s" % ("stdin" if path == "-" else path,
                                                 getattr(e, "strerror", None) or e))
    if len(text) > MAX_INPUT:
        raise ValueError("the input is over %d characters; a save's hands are far fewer"
                         % MAX_INPUT)
    return text


def parse(text):
    """(hands, form): form "one" (an object), "list" or "lines" (JSON Lines)."""
    try:
        obj = json.loads(text)
    except RecursionError:
        raise ValueError("the input is nested too deeply")
    except ValueError as e:
        lines = [line for line in text.splitlines() if line.strip()]
        if len(lines) < 2:
            raise ValueError("not JSON: %s" % e)
        try:
            return [json.loads(line) for line in lines], "lines"
        except RecursionError:
            raise ValueError("the input is nested too deeply")
        except ValueError:
            raise ValueError("not JSON (nor JSON Lines): %s" % e)
    if isinstance(obj, list):
        return obj, "list"
    return [obj], "one"


def replay_all(hands, form):
    """Every hand's output; a bad one raises ValueError naming it (when there are several)."""
    outs = []
    for i, obj in enumerate(hands):
        try:
            outs.append(replay(obj))
        except ValueError as e:
            if form == "one":
                raise
            raise ValueError("hand %d: %s" % (i + 1, e))
    return outs


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv in (["-h"], ["--help"]):
        sys.stdout.write(__doc__)
        return 0
    if len(argv) != 1:
        raise ValueError("usage: python -m tools.save.replay FILE.json (or - for stdin)")
    hands, form = parse(_read(argv[0]))
    outs = replay_all(hands, form)
    if form == "one":
        sys.stdout.write(dumps(outs[0]) + "\n")
    elif form == "list":
        sys.stdout.write("[\n" + ",\n".join([dumps(o) for o in outs]) + "\n]\n")
    else:
        for o in outs:
            sys.stdout.write(json.dumps(o) + "\n")
    return 0


if __name__ == "__main__":
    cli.run(main, "replay")
