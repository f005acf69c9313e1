"""`make screenshots`: the README's pictures of the handheld, from real game states.

    python -m tools.sim.screenshots [--out docs/screens] [--scale 4]

Plays the firmware's own app (stud.ui.app, on the host board of boards/host.py, a
virtual clock and seeded random streams) as a player would, and saves the panel
at these moments, as OLED-looking PNGs (tools/sim/png.py):

  title.png      the title page
  table.png      a 4-player table mid-hand, an opponent's action flashing
  your-turn.png  your turn: the command line above your cards
  sel.png        SEL choosing the opponent for the top left corner
  showdown.png   a showdown: every live hand shown, the five that play marked,
                 the hands named, the winner flashing
  menu.png       the menu (a long press)
  last-hands.png LAST HANDS: that showdown again, the cards with 7x7 suits
  draw.png       five card draw: your draw, the cards to throw away marked (raised,
                 inverse), the cursor under the last one
  draw-table.png five card draw after the draw: heads-up, the dealer's button, your
                 new cards in inverse video, a bet of 50 on the command line
  casino.png     casino stud: you bring in, and may COMPLETE to 5 instead
  casino-muck.png casino stud's showdown: your hand is beaten, SHOW or MUCK

The situations depend on how the opponents play, so the tool looks for the first
seed that gives each of them (and says which it used).
"""
import argparse
import os
import sys

from tools import ROOT
from tools.sim import png
from ui_driver import Driver
from stud.play import bots
from stud.core.rng import Rng
from stud.play.session import Session
from stud.play.view import SeatView

SAMPLES = 40
SPEED = 1       # MEDIUM: what a player sees by default


def choose(d, word):
    for _ in range(len(d.app.tablestate.cmds)):
        if d.app.tablestate.cmds[d.app.tablestate.cmd] == word:
            break
        d.press("DOWN")
    d.press("PRESS")


def start(seed):
    d = Driver(seed=seed, samples=SAMPLES, speed=SPEED)
    d.ready()
    return d


def shots(seed):
    """The pictures one seed gives, as {name: panel bytes}; missing names: not in it."""
    got = {}
    d = start(seed)
    got["title"] = bytes(d.display.panel)
    d.press("PRESS")
    d.ready()
    d.press("PRESS")                     # PLAY
    while True:
        app = d.app
        d.tick()
        if app.tablestate.phase == 2 and "table" not in got and app.tablestate.hand.street >= 2 \
                and len(app.tablestate.hand.live()) == 4 and app.tablestate.flash_seat > 0:
            d.tick(10)                   # well into the flash
            got["table"] = bytes(d.display.panel)
        if app.tablestate.phase == 2 and app.tablestate.your_turn and not app.tablestate.busy:
            if "your-turn" not in got and app.tablestate.hand.street >= 1 and "raise" in app.tablestate.cmds \
                    and len(app.tablestate.hand.live()) >= 3:
                while app.tablestate.cmds[app.tablestate.cmd] != "raise":
                    d.press("DOWN")
                got["your-turn"] = bytes(d.display.panel)
            choose(d, "call" if "call" in app.tablestate.cmds else "check")
        if app.tablestate.phase == 3:
            if len(app.tablestate.hand.result["shown"]) >= 3:
                d.tick(3)
                while not app.tablestate.blink:
                    d.tick()
                got["showdown"] = bytes(d.display.panel)
            break
        if app.tablestate.phase == 0:
            break
    d.ready()
    d.press("PRESS")                     # past the showdown
    d.ready()
    d.press("DOWN")                      # SEL
    d.press("PRESS")
    d.press("PRESS")                     # bottom left stays SID
    d.press("DOWN")                      # top left: JOE -> HAL
    got["sel"] = bytes(d.display.panel)
    d.press("LEFT")                      # cancel
    d.press("LONG_PRESS")
    d.press("DOWN")
    got["menu"] = bytes(d.display.panel)
    while d.app.top("menu").state.index != 7:  # LAST HANDS: the showdown just played
        d.press("DOWN")
    d.press("PRESS")
    got["last-hands"] = bytes(d.display.panel)
    return got


def start_game(seed, game):
    d = Driver(seed=seed, samples=SAMPLES, speed=SPEED, session=Session(game))
    d.ready()
    d.press("PRESS")
    d.ready()
    d.press("PRESS")                     # PLAY
    return d


def draw_shots(seed):
    """Five card draw: the draw screen with the cards the computer would throw away
    marked (two or three), then the table after the draw with a bet of 50 chosen."""
    got = {}
    d = start_game(seed, "draw5")
    while True:
        d.ready()
        app = d.app
        if app.tablestate.phase != 2:
            return got
        if app.screen.NAME == "draw":
            advice = bots.draw(SeatView(app.tablestate.hand, 0), "balanced", Rng(seed), SAMPLES, 0)
            marks = [int(p) for p in advice.partition(":")[2].split(",") if p]
            if len(marks) < 2:
                return got
            for i in range(marks[-1] + 1):
                if i in marks:
                    d.press("PRESS")
                if i < marks[-1]:
                    d.press("RIGHT")
            got["draw"] = bytes(d.display.panel)
            d.press("DOWN")                  # to DRAW
            d.press("PRESS")
        elif app.tablestate.your_turn:
            if app.tablestate.fresh and "bet:50" in app.tablestate.cmds:
                while app.tablestate.cmds[app.tablestate.cmd] != "bet:50":
                    d.press("DOWN")
                got["draw-table"] = bytes(d.display.panel)
                return got
            choose(d, "call" if "call" in app.tablestate.cmds else "check")


def casino_shots(seed):
    """Casino stud: your bring-in with COMPLETE on the command line; a beaten hand at
    the showdown, SHOW or MUCK."""
    got = {}
    d = start_game(seed, "casino7")
    while True:
        d.ready()
        app = d.app
        if app.tablestate.phase != 2:
            return got
        if not app.tablestate.your_turn:
            continue
        legal = app.tablestate.hand.legal()
        if "bringin" in legal and len(app.tablestate.hand.live()) == 4:
            while app.tablestate.cmds[app.tablestate.cmd] != "complete":
                d.press("DOWN")
            got["casino"] = bytes(d.display.panel)
            choose(d, "bringin")
        elif legal == ["show", "muck"]:
            got["casino-muck"] = bytes(d.display.panel)
            choose(d, "muck")
        else:
            choose(d, "call" if "call" in app.tablestate.cmds else "check")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "screens"))
    ap.add_argument("--scale", type=int, default=4)
    args = ap.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    groups = ((shots, ("title", "table", "your-turn", "sel", "showdown", "menu", "last-hands")),
              (draw_shots, ("draw", "draw-table")),
              (casino_shots, ("casino", "casino-muck")))
    wanted = ()
    found = {}
    for play, names in groups:
        wanted += names
        for seed in range(1, 200):
            got = play(seed)
            for name in names:
                if name not in found and name in got:
                    found[name] = (seed, got[name])
            if all(name in found for name in names):
                break
    for name in wanted:
        if name not in found:
            sys.stderr.write("screenshots: no seed gave '%s'\n" % name)
            return 1
        seed, panel = found[name]
        path = os.path.join(args.out, name + ".png")
        png.write_frame(path, panel, args.scale)
        print("%s  (seed %d)" % (os.path.relpath(path, ROOT), seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
