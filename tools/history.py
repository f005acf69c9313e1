"""Print the hands kept in a save file as readable hand histories, or as replay JSON.

    python tools/history.py --file stud.sav [--hand N] [--json]
    python tools/history.py --port /dev/ttyACM0 [--path stud.sav] [--hand N] [--json]

--port copies the save off a board with mpremote first.  --json prints the
hands as a JSON list of objects that tools/replay.py accepts (one of them with
--hand N, numbered from 1, the oldest first).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for _sub in ("firmware", "tools"):
    if os.path.join(_ROOT, _sub) not in sys.path:
        sys.path.insert(0, os.path.join(_ROOT, _sub))

import build  # noqa: E402
from stud.core import cards
from stud.save import record, store  # noqa: E402
from stud.core.games import game as _game  # noqa: E402
from stud.core.actions import ANTE, CHECK, FOLD, SHOW, MUCK, DRAW  # noqa: E402
from stud.core.words import SAY  # noqa: E402

STREETS = {"tandy7": ("3RD STREET", "4TH STREET", "5TH STREET", "6TH STREET", "7TH STREET"),
           "casino7": ("3RD STREET", "4TH STREET", "5TH STREET", "6TH STREET", "7TH STREET"),
           "stud5": ("FIRST ROUND", "SECOND ROUND", "THIRD ROUND", "FOURTH ROUND"),
           "draw5": ("BEFORE THE DRAW", "AFTER THE DRAW")}


def to_replay(rec):
    """The replay.py input for a decoded record."""
    out = {"game": rec["game"], "stacks": rec["stacks"], "deck": cards.format(rec["deck"]),
           "actions": rec["moves"]}
    if rec["game"] == "draw5" or rec["dealer"] != len(rec["stacks"]) - 1:
        out["dealer"] = rec["dealer"]
    return out


def describe_hand(number, rec):
    """Lines of a readable history for one decoded record."""
    h = record.replay(rec)
    names = rec["names"]
    g = _game(rec["game"])
    lines = ["HAND %d  %s" % (number, g["title"]),
             "  " + ", ".join(["%s %d" % (names[s], rec["stacks"][s]) for s in range(h.n)])
             + ("   pot carried in %d" % rec["carry"] if rec["carry"] else "")]
    street = -1
    for st, seat, word, value in h.history:
        if word == ANTE:
            continue
        if st != street:
            street = st
            lines.append("%s:" % STREETS[rec["game"]][st])
        if word == DRAW:
            what = "DRAWS %d" % len(value) if value else "STANDS PAT"
        elif word in (CHECK, FOLD, SHOW, MUCK):
            what = SAY[word]
        else:
            what = "%s %d" % (SAY[word], value)
        lines.append("  %s %s" % (names[seat], what))
    lines.append("CARDS:")
    for s in range(h.n):
        lines.append("  %-4s %s%s" % (names[s], _cards_of(h, s), "  (passed)" if h.folded[s] else ""))
    res = h.result
    for label, hands in (("SHOWS", res["shown"]), ("MUCKS", res["mucked"])):
        for s in sorted(hands):
            lines.append("  %s %s %s: %s" % (names[s], label, cards.format(hands[s]["best"]),
                                             hands[s]["name"]))
    for amount, eligible, winners in res["pots"]:
        who = " and ".join([names[s] for s in winners]) or "nobody (tie: the pot stays)"
        lines.append("POT %d to %s" % (amount, who))
    return lines


def _cards_of(h, seat):
    if h.game["name"] == "draw5":
        return cards.format(h.down_cards(seat))
    down = h.down_cards(seat)
    return "[%s] %s%s" % (cards.format(down[:2]), cards.format(h.up_cards(seat)),
                          " [%s]" % cards.format(down[2:]) if len(down) > 2 else "")


def fetch(port, path):
    """Copy `path` off the board at `port` with mpremote; returns the local copy."""
    local = os.path.join(tempfile.mkdtemp(prefix="stud-save-"), "stud.sav")
    done = subprocess.run([build.tool("mpremote") or "mpremote", "connect", port, "fs", "cp", ":" + path, local],
                          capture_output=True, text=True)
    if done.returncode or not os.path.exists(local):
        raise ValueError("could not copy %s from %s: %s" % (path, port,
                                                            (done.stderr or done.stdout).strip()))
    return local


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--file", help="a save file on this computer")
    src.add_argument("--port", help="a board's serial port (mpremote connect PORT)")
    ap.add_argument("--path", default="stud.sav", help="the save file's name on the board")
    ap.add_argument("--hand", type=int, help="only hand N (1 = the oldest kept)")
    ap.add_argument("--json", action="store_true", help="replay.py input instead of text")
    args = ap.parse_args(argv)
    try:
        path = args.file or fetch(args.port, args.path)
        with open(path, "rb") as f:
            saved = store.loads(f.read())
        hands = [record.decode(r) for r in saved.hands]
        numbers = list(range(1, len(hands) + 1))
        if args.hand is not None:
            if not 1 <= args.hand <= len(hands):
                raise ValueError("the save keeps hands 1 to %d, not %d" % (len(hands), args.hand))
            numbers = [args.hand]
    except (OSError, ValueError) as e:
        sys.stderr.write("history: %s\n" % e)
        return 2
    if args.json:
        out = [to_replay(hands[n - 1]) for n in numbers]
        print(json.dumps(out[0] if args.hand else out, indent=1))
        return 0
    if not numbers:
        print("No hands saved yet.")
    for n in numbers:
        print("\n".join(describe_hand(n, hands[n - 1])))
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
