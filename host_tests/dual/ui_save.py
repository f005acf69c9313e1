"""The handheld's save, stats, last hands and error page under CPython and MicroPython
(host_tests/dual/test_ui_save_mp.py compares the digests).

    python -m tools.device.mprun host_tests/dual/ui_save.py [--dump]
    PYTHONPATH=firmware:tools/harness:boards python host_tests/dual/ui_save.py [--dump]

Hands are played with a save in memory (boards/host.py MemoryFiles), then a new
app resumes from it; the save's bytes, the resumed table, the STATS page, every
LAST HANDS page, the error page of an exception injected into the loop (and
what PRESS does), a hand cut by the power two turns in and resumed, a damaged save's notice and a read-only drive's message are
logged and digested: the same on both runtimes.
"""
import sys
from binascii import hexlify

from harness import Digest, report, RUNTIME
from ui_driver import Driver, host
from stud.save import store

SEED = 11
SAMPLES = 8


def open_page(d, item):
    d.press("LONG_PRESS")
    while d.scene("menu").state.items[d.scene("menu").state.index] != item:
        d.press("DOWN")
    d.press("PRESS")


def page(d):
    m = d.model()
    return m["screen"] + " " + m.get("title", "") + " | " + m.get("text", "")


def boom(*args):
    raise ZeroDivisionError("planted in the loop")


def main():
    log = Digest("--dump" in sys.argv)
    files = host.MemoryFiles()
    st = store.Store("stud.sav", files)
    d = Driver(seed=SEED, samples=SAMPLES, speed=3, store=st)
    played = d.play_hands(4)
    data = files.read("stud.sav")
    log.line("save " + hexlify(data).decode())
    # the power comes back
    d = Driver(seed=SEED + 1, samples=SAMPLES, speed=1, store=st)
    s = d.app.session
    log.line("resumed %s %s %s +%d speed %d" % (s.game, " ".join(s.names),
                                                " ".join([str(c) for c in s.chips]), s.carry,
                                                d.app.settings.speed))
    open_page(d, "STATS")
    log.line(page(d))
    d.press("PRESS")
    d.press("DOWN")
    d.press("PRESS")                     # LAST HANDS
    pages = 0
    last = None
    while page(d) != last:
        last = page(d)
        log.line(last)
        pages += 1
        d.press("DOWN")
    d.press("LONG_PRESS")
    # an exception in the loop
    d.app.session.bot_decision = boom
    d.ready()
    if d.app.screen.NAME == "title":
        d.press("PRESS")
        d.ready()
    d.press("PRESS")                     # PLAY
    for _ in range(3000):
        if d.app.screen.NAME == "alert":
            break
        if d.app.tablestate.your_turn and not d.app.tablestate.busy:
            d.press("PRESS")
        else:
            d.tick()
    log.line(page(d))
    err = files.read("stud.err") or b""
    log.line("logged %d" % (b"ZeroDivisionError: planted in the loop" in err))
    del d.app.session.bot_decision
    d.press("PRESS")
    log.line(page(d) + " " + " ".join([str(c) for c in d.app.session.chips]))
    # the power goes two turns into a hand: the same hand goes on
    cut = host.MemoryFiles()
    d = Driver(seed=SEED, samples=SAMPLES, speed=3, store=store.Store("stud.sav", cut))
    d.to_table()
    d.press("PRESS")
    for _ in range(2):
        d.ready()
        if d.app.tablestate.your_turn:
            d.press("PRESS")
    d.ready()
    h = d.app.tablestate.hand
    d = Driver(seed=SEED + 2, samples=SAMPLES, speed=3, store=store.Store("stud.sav", cut))
    d.to_table()
    h2 = d.app.tablestate.hand
    resumed = h2 is not None and h2 is not h and bytes(h2.deck) == bytes(h.deck) and \
        list(h2.moves) == list(h.moves) and h2.to_act == h.to_act
    log.line("resumed %s %s" % (hexlify(bytes(h2.deck)).decode(), " ".join(h2.moves)))
    m = d.model()
    log.line(" | ".join([m[r] for r in ("cards BR", "cards BL", "cards TL", "cards TR")]))
    # a damaged save
    d = Driver(seed=SEED, samples=SAMPLES, store=store.Store("stud.sav", host.MemoryFiles(
        {"stud.sav": data[:-9]})))
    d.tick()
    log.line(page(d))
    # a read-only drive
    d = Driver(seed=SEED, samples=SAMPLES, speed=3, store=store.Store(
        "stud.sav", host.MemoryFiles(read_only=True)))
    d.play_hands(1)
    log.line(page(d))
    report("runtime", RUNTIME)
    report("save_hands", played)
    report("save_bytes", len(data))
    report("save_pages", pages)
    report("save_lines", log.lines)
    report("save_digest", log.hexdigest())
    report("hand_resumed", int(resumed))


main()
