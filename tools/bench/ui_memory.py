"""What the handheld's screen costs: heap, allocation per frame, render time.

    python -m tools.device.mprun tools/bench/ui_memory.py [--mpy]
    PYTHONPATH=firmware:tools/harness:boards python tools/bench/ui_memory.py      (times only)

The app is brought to your turn in a 4-seat hand (seed 000's table mid-hand),
warmed up, then:

  idle     ticks where nothing changes (poll, update, render, flush)
  full     the whole table redrawn (app.full = True; render)
  flash    a typical update: one seat's action flash on, then off (the region
           redrawn, the pages it touches)
  loop     ticks that each toggle a flash: poll + update + render + flush

Allocation (MicroPython): retained = gc.mem_alloc() after gc.collect(), before and
after many frames; churn = micropython.mem_total(), every byte allocated,
freed or not (a bytecode function with more than 11 words of locals and stack
takes its call frame from the heap and frees it on return: churn, not growth).
Times are in reference-loop iterations (harness.ref), alternating ~1 ms chunks
of the loop and of the work, so they carry to a board: a 125 MHz RP2040 runs
about 200 a millisecond (budgets: full frame 3,000, typical update 1,000).
"""
import gc

from harness import live_heap, report, ref, ticks_us, ticks_diff, HAS_HEAP, RUNTIME

BASE = live_heap()
from ui_driver import Driver  # noqa: E402  (imports the app, the session, the bots)
from stud.ui.screens import label_bit  # noqa: E402
from stud.ui.screens import COMMAND  # noqa: E402
IMPORTED = live_heap()

try:
    from micropython import mem_total
except ImportError:
    mem_total = None

SEED = 7
FRAMES = 200
REF_CHUNK = 20000
ROUNDS = 40


def to_turn(d):
    d.to_table()
    d.press("PRESS")          # PLAY
    d.ready()
    while not (d.app.tablestate.your_turn and d.app.tablestate.hand.street >= 1 and len(d.app.tablestate.hand.live()) >= 3):
        if d.app.tablestate.your_turn:
            cmds = d.app.tablestate.cmds
            want = "call" if "call" in cmds else "check"
            while cmds[d.app.tablestate.cmd] != want:
                d.press("DOWN")
            d.press("PRESS")
        elif d.app.tablestate.phase == 0:
            d.press("PRESS")
        else:
            d.press("PRESS")  # past a showdown
        d.ready()


def full(app):
    app.full = True
    app.render()


def flash(app, seat):
    """One seat's action flash on, then off, as the app's beats do it."""
    bits = label_bit(app.tablestate.pos_of[seat])
    app.tablestate.flash_seat = seat
    app.tablestate.flash_word = "RAISE"
    app.touch(bits)
    app.render()
    pages = app.frame.take_dirty()
    app.tablestate.flash_seat = -1
    app.tablestate.flash_word = None
    app.touch(bits | COMMAND)
    app.render()
    return pages | app.frame.take_dirty()


def alloc(work, n):
    """(retained bytes, churned bytes) per call of work() over n calls."""
    if not HAS_HEAP:
        return None, None
    work()
    gc.collect()
    a0 = gc.mem_alloc()
    t0 = mem_total() if mem_total else 0
    for _ in range(n):
        work()
    t1 = mem_total() if mem_total else 0
    gc.collect()
    a1 = gc.mem_alloc()
    return (a1 - a0) / n, (t1 - t0) / n if mem_total else None


def cost(work, per_round):
    """Reference-loop iterations one call of work() takes (alternating chunks)."""
    ref_us = 0
    work_us = 0
    for _ in range(ROUNDS):
        t = ticks_us()
        ref(REF_CHUNK)
        ref_us += ticks_diff(ticks_us(), t)
        t = ticks_us()
        for _ in range(per_round):
            work()
        work_us += ticks_diff(ticks_us(), t)
    return work_us * REF_CHUNK / float(ref_us) / per_round, work_us / float(ROUNDS * per_round)


def main():
    d = Driver(seed=SEED, model=False)
    to_turn(d)
    app = d.app
    frame = app.frame
    display = d.display
    made = live_heap()
    for _ in range(20):
        full(app)
        flash(app, 1)
        d.tick()
    frame.take_dirty()

    clock = d.clock

    def idle():
        app.tick()
        clock.now += 20

    def full_frame():
        full(app)
        frame.take_dirty()

    seats = [s for s in range(1, app.tablestate.hand.n) if not app.tablestate.view.folded[s]]
    pages = [0]

    def one_flash():
        pages[0] = flash(app, seats[0])

    state = [0]

    def loop_tick():
        # What a bot's action flash does to a tick: on in one frame, off in the next.
        if state[0]:
            app.tablestate.flash_seat = -1
            app.tablestate.flash_word = None
        else:
            app.tablestate.flash_seat = seats[0]
            app.tablestate.flash_word = "CALL"
        state[0] ^= 1
        app.touch(label_bit(app.tablestate.pos_of[seats[0]]) | COMMAND)
        app.tick()
        clock.now += 20

    r_idle, c_idle = alloc(idle, FRAMES)
    r_full, c_full = alloc(full_frame, FRAMES // 4)
    r_flash, c_flash = alloc(one_flash, FRAMES // 2)
    sent0 = display.pages_sent
    flushes0 = display.flushes
    r_loop, c_loop = alloc(loop_tick, FRAMES)
    loop_pages = (display.pages_sent - sent0) / float(max(1, display.flushes - flushes0))
    full_ref, full_us = cost(full_frame, 2)
    flash_ref, flash_us = cost(one_flash, 4)
    idle_ref, idle_us = cost(idle, 8)
    report("runtime", RUNTIME)
    report("ui_seats", app.tablestate.hand.n)
    report("ui_street", app.tablestate.hand.street)
    report("ui_full_ref", int(full_ref))
    report("ui_flash_ref", int(flash_ref / 2))      # one update: the flash on (or off)
    report("ui_idle_ref", int(idle_ref))
    report("ui_full_us", int(full_us))
    report("ui_flash_us", int(flash_us / 2))
    report("ui_idle_us", int(idle_us))
    report("ui_flash_pages", bin(pages[0]).count("1"))
    report("ui_loop_pages", "%.2f" % loop_pages)
    for key, value in (("idle", (r_idle, c_idle)), ("full", (r_full, c_full)),
                       ("flash", (r_flash, c_flash)), ("loop", (r_loop, c_loop))):
        report("ui_%s_retained" % key, None if value[0] is None else "%.1f" % value[0])
        report("ui_%s_churn" % key, None if value[1] is None else "%.1f" % value[1])
    if HAS_HEAP:
        report("ui_heap_imports", IMPORTED - BASE)
        report("ui_heap_app", made - BASE)


main()
