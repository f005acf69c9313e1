"""Live heap per floor of the firmware, in the order the device loads them.

    python -m tools.device.mprun tools/bench/layers.py [--mpy]

Imports the modules a Pico holds while you play (what stud.boot.run leaves loaded:
the app at the table, its drivers), floor by floor, and reports gc.mem_alloc()
after gc.collect() before and after each floor: layer_core, layer_play,
layer_save, layer_drivers, layer_ui, and layer_total.  The boot floor's bring-up
(stud.boot.board) is measured apart, as boot_transient: run() releases it before
the loop starts.  A module's cost is its bytecode, its objects and the names it
interns; interned names are shared, so a floor loaded earlier pays for names a
later one reuses.
"""
from harness import live_heap, report, HAS_HEAP, RUNTIME

FLOORS = (
    ("core", ("stud.core.compat", "stud.core.tables", "stud.core.cards", "stud.core.rng",
              "stud.core.evaluator", "stud.core.actions", "stud.core.games",
              "stud.core.engine", "stud.core.words", "stud.core.events", "stud.core.lazy")),
    ("play", ("stud.play.view", "stud.play.equity", "stud.play.bots", "stud.play.session")),
    ("save", ("stud.save.saved", "stud.save.stats", "stud.save.store", "stud.save.keeper")),
    ("drivers", ("stud.drivers", "stud.drivers.repeat", "stud.drivers.ssd1306",
                 "stud.drivers.joystick", "stud.drivers.button", "stud.drivers.buzzer",
                 "stud.drivers.controls")),
    ("ui", ("stud.ui.app",)),
)


def main():
    base = live_heap()
    start = base
    for name, modules in FLOORS:
        for m in modules:
            __import__(m)
        now = live_heap()
        report("layer_" + name, now - start if HAS_HEAP else None)
        start = now
    report("layer_total", start - base if HAS_HEAP else None)
    __import__("stud.boot.board")
    report("boot_transient", live_heap() - start if HAS_HEAP else None)
    report("runtime", RUNTIME)


main()
