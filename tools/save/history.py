"""Print the hands kept in a save file as readable hand histories, as replay JSON, or as
Poker Hand History (PHH) files.

    python -m tools.save.history --file stud.sav [--hand N] [--json | --jsonl | --phh]
    python -m tools.save.history --port /dev/ttyACM0 [--path stud.sav] [--hand N] [--json]

The text is tools/save/handtext.py's, as sim.py's log writes a hand: the stacks, each
street's cards and actions, every hand at the showdown in the order shown or
mucked, in hand order as the handheld shows it, and who won each pot.

The save is read as the device reads it, stud.save.store.loads deciding
which file is valid: the newest valid of stud.sav, stud.sav.tmp and
stud.sav.bak (a note on stderr says when it is not stud.sav itself); nothing
is renamed or changed.  If none is valid but one has a good checksum over
contents that fail the checks, that one is shown, with a note.  A kept hand
that cannot be replayed (loading, the device replays only the newest) is one
line saying so.
--port copies the three off a board with mpremote first.  Whatever goes wrong
(no file, a directory, no board, stdout closed or full) is one line on stderr
and exit status 2 (tools/save/cli.py); piped into head, it stops quietly.

--json prints the hands as one JSON list (one object with --hand N, numbered
from 1, the oldest first), --jsonl as JSON Lines, one hand a line; both are
what tools/save/replay.py accepts, with everything the hand depended on (the
dealer, a carried pot, the seats that chose SHOW or MUCK).

--phh writes the casino 7-card stud hands in PHH, the F7S variant pokerkit's
HandHistory reads (tools/save/phh.py): several as a .phhs, a table [N] for hand N,
one (--hand N) as a .phh.  Each hand PHH cannot express (the other games, and
the casino hands tools/save/phh.py lists) is one line on stderr saying why.
"""
import json
import os
import subprocess
import sys
import tempfile

from tools.gen import build
from tools.save import cli
from tools.save import handtext
from tools.save import phh
from stud.core import cards
from stud.save import record, store


def to_replay(rec):
    """The replay.py input for a decoded record: everything the hand depended on."""
    return {"game": rec["game"], "stacks": rec["stacks"], "deck": cards.format(rec["deck"]),
            "actions": rec["moves"], "dealer": rec["dealer"], "carry": rec["carry"],
            "choosers": list(rec["choosers"])}


def describe_hand(number, rec):
    """Lines of a readable history for one decoded record (tools/save/handtext.py), the hand
    replayed move by move from its record."""
    h = record.replay(dict(rec, moves=()))
    text = handtext.HandText(h, rec["names"], str(number))
    lines = text.follow()
    for word in rec["moves"]:
        h.act(word)
        lines += text.follow()
    if h.to_act is not None:
        raise ValueError("it does not finish")
    return lines


FETCH_TIMEOUT = 60      # seconds for mpremote to copy one file (a save is under 40 KB)


def fetch(port, path, folder):
    """Copy `path` (and its .tmp and .bak) off the board at `port` into `folder` with
    mpremote; returns the local copy of `path`.  ValueError if none could be copied."""
    local = os.path.join(folder, "stud.sav")
    tool = build.tool("mpremote")
    if tool is None:
        raise ValueError("mpremote not found: make test installs it (or pip install mpremote)")
    error = None
    for suffix in ("", ".tmp", ".bak"):
        try:
            done = subprocess.run([tool, "connect", port, "fs", "cp", ":" + path + suffix,
                                   local + suffix], capture_output=True, text=True,
                                  errors="replace", timeout=FETCH_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise ValueError("no answer from %s within %d s: is it a board running MicroPython?"
                             % (port, FETCH_TIMEOUT))
        if done.returncode and not suffix:
            error = (done.stderr or done.stdout).strip()
    if not any(os.path.exists(local + x) for x in ("", ".tmp", ".bak")):
        raise ValueError("could not copy %s from %s: %s" % (path, port, error))
    return local


def read_save(path):
    """(Saved, note or None): the file the device would load of path, .tmp and .bak,
    decided by the device's own stud.save.store.loads; else the first whose checksum
    holds (contents unchecked), with a note.  ValueError if no file can be shown."""
    from stud.save import reader
    tried = [(p,) + _contents(p) for p in store.Store(path).candidates()]
    why = {}
    for p, data, problem in tried:
        if data is not None:
            try:
                saved = store.loads(data)
            except store.Corrupt as e:
                problem = str(e)
            else:
                return saved, _note(path, p, why)
        if problem:
            why[p] = problem
    for p, data, _ in tried:
        if data is not None:
            try:
                saved = reader.loads(data, check=False)
            except store.Corrupt:
                continue
            return saved, "%s fails its checks (%s); showing it anyway" % (p, why[p])
    if not why:
        raise ValueError("%s: no such file (nor a .tmp or .bak beside it)" % path)
    first = next(p for p, _, _ in tried if p in why)
    raise ValueError("%s: %s" % (first, why[first]))


def _contents(path):
    """(bytes or None, why they cannot be read or None): a file missing is (None, None).
    The device takes a file it cannot read for no file; the tool says why."""
    if not os.path.lexists(path):
        return None, None
    if os.path.isdir(path):
        return None, "is a directory, not a save file"
    try:
        if os.path.getsize(path) > store.MAX_BYTES:     # as the device: learnt, never read
            return None, "bigger than any save"
        with open(path, "rb") as f:
            return f.read(store.MAX_BYTES + 1), None
    except OSError as e:
        return None, e.strerror or str(e)


def _note(path, used, why):
    if used == path:
        return None
    return "%s: %s; reading %s" % (path, why.get(path, "no such file"), used)


def main(argv=None):
    ap = cli.Parser(description=__doc__.split("\n\n")[0])
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
    out.add_argument("--phh", action="store_true",
                     help="casino 7-card stud hands in the Poker Hand History format "
                          "(pokerkit's F7S); the other games say why not, one line each")
    args = ap.parse_args(argv)
    if args.file:
        return print_save(args.file, args)
    with tempfile.TemporaryDirectory(prefix="stud-save-") as folder:
        return print_save(fetch(args.port, args.path, folder), args)


def print_save(path, args):
    """Print the save at `path` as `args` asks; the exit status."""
    saved, note = read_save(path)
    numbers = list(range(1, len(saved.hands) + 1))
    if args.hand is not None:
        if not 1 <= args.hand <= len(saved.hands):
            raise ValueError("the save keeps hands 1 to %d, not %d" % (len(saved.hands), args.hand))
        numbers = [args.hand]
    if note:
        sys.stderr.write("history: %s\n" % note)
    show(saved, numbers, args)
    return 0


def show(saved, numbers, args):
    hands = {}
    for n in numbers:
        try:
            hands[n] = record.decode(saved.hands[n - 1])
        except ValueError as e:
            hands[n] = e
    if args.phh:
        show_phh(hands, numbers, args.hand is not None)
        return
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


def show_phh(hands, numbers, one):
    """PHH of the hands (tools/save/phh.py): one hand as a .phh, several as a .phhs (a table
    [N] for hand N).  A hand PHH cannot express is one line on stderr after the output,
    or for one hand, the failure."""
    texts = []
    notes = []
    for n in numbers:
        try:
            if not isinstance(hands[n], dict):
                raise hands[n]
            text = phh.dumps(hands[n], n)
        except ValueError as e:
            if one:
                raise ValueError("hand %d is not written in PHH: %s" % (n, e))
            notes.append("history: hand %d is not written in PHH: %s\n" % (n, e))
            continue
        texts.append(text if one else "[%d]\n%s" % (n, text))
    sys.stdout.write("\n".join(texts))
    sys.stdout.flush()
    sys.stderr.write("".join(notes))


if __name__ == "__main__":
    cli.run(main, "history")
