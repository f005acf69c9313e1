"""Boot: the only layer that names hardware.  It brings the board up from the
flashed pin map (stud.boot.board on MicroPython, stud.boot.circuitpython on
CircuitPython), opens the save, and runs the app's loop.

The bring-up code (pin checks, bus scans, wiring diagnostics, the LED's blink
codes) is needed once: run() lets it go before the loop starts, so its bytecode
does not sit in the heap while you play.
"""
import gc

BRING_UP = ("stud.boot.board", "stud.boot.circuitpython")


def run(board=None, **options):
    """The device's entry point (main.py): the board, the save, then the loop.

    The save is the board's `store` if it has one, else stud.sav in the board's
    current folder (stud.save.store: atomic, checksummed; stud.err beside it logs errors)."""
    if board is None:
        board = _bring_up()
        gc.collect()        # the bring-up's last references went with _bring_up's frame
    if options.get("store") is None and getattr(board, "store", None) is None:
        from stud.save.store import Store
        options["store"] = Store("stud.sav")
    from stud.ui.app import App
    App(board, **options).loop()


def _bring_up():
    from stud.boot.board import open_board
    board = open_board()
    from stud.core import lazy
    lazy.drop(*BRING_UP)
    return board
