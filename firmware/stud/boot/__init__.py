"""Boot: the only layer that names hardware.  It brings the board up from the
flashed pin map (stud.boot.board on MicroPython, stud.boot.circuitpython on
CircuitPython), opens the save, and runs the app's loop.

    run()  =  start(bring_up()).loop()

The bring-up code (pin checks, bus scans, wiring diagnostics, the LED's blink
codes) is needed once: bring_up() lets it go before the app is built, so its
bytecode does not sit in the heap while you play.  (tools/bench/boot.py times
the steps one by one.)
"""
BRING_UP = ("stud.boot.board", "stud.boot.circuitpython")


def run(board=None, **options):
    """The device's entry point (main.py): the board, the save, then the loop."""
    start(board if board is not None else bring_up(), **options).loop()


def bring_up():
    """The board from the pin map (a wiring mistake: its message and blink code, for
    ever); the bring-up's code then leaves the heap."""
    board = _open()
    from stud.core import lazy
    lazy.collect()      # the bring-up's last references went with _open's frame
    return board


def _open():
    from stud.boot.board import open_board
    board = open_board()
    from stud.core import lazy
    lazy.drop(*BRING_UP)
    return board


def start(board, **options):
    """The app on `board` (the first frame is the loop's first tick).  The title page
    goes out before the save is read, on the tick after it (stud.ui.app: title_first): a
    player sees the game's page at once, its game's lines a moment later.

    The save is the board's `store` if it has one, else stud.sav in the board's
    current folder (stud.save.store: atomic, checksummed; stud.err beside it logs errors)."""
    if options.get("store") is None and getattr(board, "store", None) is None:
        from stud.save.store import Store
        options["store"] = Store("stud.sav")
    from stud.ui.app import App
    options.setdefault("title_first", True)
    return App(board, **options)
