"""Print the hands kept in a save file as readable hand histories, or as replay JSON.

    python tools/history.py --file stud.sav [--hand N] [--json | --jsonl]
    python tools/history.py --port /dev/ttyACM0 [--path stud.sav] [--hand N] [--json]

The save is read as the device reads it: the newest valid of stud.sav,
stud.sav.tmp and stud.sav.bak (a note on stderr says when it is not
stud.sav itself); nothing is renamed or changed.  If none is valid but one
has a good checksum over contents that fail the checks, that one is shown,
with a note, and a hand that cannot be replayed is one line saying so.
--port copies the three off a board with mpremote first.

--json prints the hands as one JSON list (one object with --hand N, numbered
from 1, the oldest first), --jsonl as JSON Lines, one hand a line; both are
what tools/replay.py accepts, with everything the hand depended on (the
dealer, a carried pot, the seats that chose SHOW or MUCK).
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
    """The replay.py input for a decoded record: everything the hand depended on."""
    return {"game": rec["game"], "stacks": rec["stacks"], "deck": cards.format(rec["deck"]),
            "actions": rec["moves"], "dealer": rec["dealer"], "carry": rec["carry"],
            "choosers": list(rec["choosers"])}


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
    """Copy `path` (and its .tmp and .bak) off the board at `port` with mpremote;
    returns the local copy of `path`."""
    folder = tempfile.mkdtemp(prefix="stud-save-")
    local = os.path.join(folder, "stud.sav")
    tool = build.tool("mpremote") or "mpremote"
    error = None
    for suffix in ("", ".tmp", ".bak"):
        done = subprocess.run([tool, "connect", port, "fs", "cp", ":" + path + suffix,
                               local + suffix], capture_output=True, text=True)
        if done.returncode and not suffix:
            error = (done.stderr or done.stdout).strip()
    if not any(os.path.exists(local + x) for x in ("", ".tmp", ".bak")):
        raise ValueError("could not copy %s from %s: %s" % (path, port, error))
    return local


class _LookOnly(store.Files):
    """The files as they are: the tool never renames, removes or writes."""

    def write(self, path, data):
        pass

    def rename(self, old, new):
        pass

    def remove(self, path):
        pass


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def read_save(path):
    """(Saved, note or None): the newest valid of path, .tmp, .bak, as the device
    loads it; else the first whose checksum holds (contents unchecked), with a note.
    ValueError if there is no file, or none with a good checksum."""
    from stud.save import reader
    files = _LookOnly()
    st = store.Store(path, files)
    found = [p for p in st.candidates() if files.size(p) is not None]
    if not found:
        raise ValueError("No such file: %s" % path)
    why = {}
    for p in found:
        try:
            if files.size(p) > store.MAX_BYTES:
                raise store.Corrupt("bigger than any save")
            saved = reader.loads(_read(p))
        except store.Corrupt as e:
            why[p] = str(e)
            continue
        note = None
        if p != path:
            note = "%s %s; reading %s" % (path, "is " + why[path] if path in why else "is missing", p)
        return saved, note
    for p in found:
        try:
            if files.size(p) <= store.MAX_BYTES:
                saved = reader.loads(_read(p), check=False)
                return saved, "%s fails its checks (%s); showing it anyway" % (p, why[p])
        except store.Corrupt:
            pass
    raise ValueError("%s: %s" % (found[0], why[found[0]]))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--file", help="a save file on this computer")
    src.add_argument("--port", help="a board's serial port (mpremote connect PORT)")
    ap.add_argument("--path", default="stud.sav", help="the save file's name on the board")
    ap.add_argument("--hand", type=int, help="only hand N (1 = the oldest kept)")
    out = ap.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true",
                     help="replay.py input instead of text: one JSON list of hands")
    out.add_argument("--jsonl", action="store_true",
                     help="replay.py input as JSON Lines: one hand a line")
    args = ap.parse_args(argv)
    try:
        path = args.file or fetch(args.port, args.path)
        saved, note = read_save(path)
        numbers = list(range(1, len(saved.hands) + 1))
        if args.hand is not None:
            if not 1 <= args.hand <= len(saved.hands):
                raise ValueError("the save keeps hands 1 to %d, not %d"
                                 % (len(saved.hands), args.hand))
            numbers = [args.hand]
    except (OSError, ValueError) as e:
        sys.stderr.write("history: %s\n" % " ".join(str(e).split()))
        return 2
    if note:
        sys.stderr.write("history: %s\n" % note)
    try:
        show(saved, numbers, args)
        sys.stdout.flush()
    except BrokenPipeError:          # | head: the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def show(saved, numbers, args):
    hands = {}
    for n in numbers:
        try:
            hands[n] = record.decode(saved.hands[n - 1])
        except ValueError as e:
            hands[n] = e
    if args.json or args.jsonl:
        out = [to_replay(hands[n]) for n in numbers if isinstance(hands[n], dict)]
        for n in numbers:
            if not isinstance(hands[n], dict):
                sys.stderr.write("history: hand %d is not exported: %s\n" % (n, hands[n]))
        if args.jsonl:
            for obj in out:
                print(json.dumps(obj))
        else:
            print(json.dumps(out[0] if args.hand and out else out, indent=1))
        return
    if not numbers:
        print("No hands saved yet.")
    for n in numbers:
        try:
            if not isinstance(hands[n], dict):
                raise hands[n]
            lines = describe_hand(n, hands[n])
        except Exception as e:          # a kept hand that does not replay: say so, go on
            lines = ["HAND %d  cannot be replayed: %s" % (n, " ".join(str(e).split())[:100])]
        print("\n".join(lines))
        print()


if __name__ == "__main__":
    sys.exit(main())
