"""tools/sim/sim.py (make sim), tools/sim/screenshots.py (make screenshots), tools/sim/png.py and the
terminal keyboard of boards/host.py."""
import os
import subprocess

import pytest

from paths import ROOT, tool  # noqa: E402

import host  # noqa: E402
from tools.sim import png
from tools.sim import sim
from tools.sim import terminal
from stud.core import cards, events  # noqa: E402
from stud.ui.gfx.frame import Frame  # noqa: E402


def run(*args, stdin=None):
    return subprocess.run(tool("sim.sim") + list(args),
                          capture_output=True, text=True, timeout=120, input=stdin)


SCRIPT = """# title, PLAY, a few moves, the menu
WAIT 200
PRESS
WAIT 100
PRESS
WAIT 2500
DOWN
PRESS
WAIT 1500
LONG_PRESS
DOWN
LONG_PRESS
"""


def test_script_writes_every_changed_frame_as_a_numbered_png(tmp_path):
    script = tmp_path / "events.txt"
    script.write_text(SCRIPT)
    out = tmp_path / "frames"
    done = run("--script", str(script), "--frames", str(out), "--seed", "3")
    assert done.returncode == 0, done.stderr
    files = sorted(os.listdir(out))
    count = int(done.stdout.split()[0])
    assert count > 10 and files == ["%04d.png" % i for i in range(1, count + 1)]
    assert png.read_png_size(str(out / files[0])) == (128 * 4 + 8 * 2, 64 * 4 + 8 * 2)
    again = tmp_path / "again"
    run("--script", str(script), "--frames", str(again), "--seed", "3")
    assert [open(out / f, "rb").read() for f in files] == \
        [open(again / f, "rb").read() for f in sorted(os.listdir(again))]   # repeatable


def test_a_bad_script_line_says_where(tmp_path):
    script = tmp_path / "bad.txt"
    script.write_text("UP\nJUMP\n")
    done = run("--script", str(script))
    assert done.returncode == 2 and "line 2" in done.stderr and "JUMP" in done.stderr


def test_headless_plays_demo_hands_with_a_log():
    done = run("--headless", "--hands", "2", "--seed", "1", "--samples", "16")
    assert done.returncode == 0, done.stderr
    assert "HAND 1 (DEMO)" in done.stdout and "HAND 2 (DEMO)" in done.stdout
    assert "POT " in done.stdout and "2 demo hands" in done.stdout


def hands_in(log):
    """The log's hands: lists of lines, each from its HAND line."""
    out = []
    for line in log.splitlines():
        if line.startswith("HAND "):
            out.append([])
        if out and line.startswith(("HAND ", " ", "3RD", "4TH", "5TH", "6TH", "7TH", "POT")):
            out[-1].append(line)
    return out


def test_the_headless_log_shows_each_deal_and_the_forced_bet_before_any_action():
    """Seed 000: the lowest up card bets 1 before anyone acts; every seat's three cards
    on 3rd street, a card to each seat still in on each street after."""
    done = run("--headless", "--hands", "4", "--seed", "1", "--samples", "16")
    hands = hands_in(done.stdout)
    assert len(hands) == 4
    for lines in hands:
        names = [w.split()[0] for w in lines[1].strip().split(", ")]
        third = lines[3]
        assert third.startswith("3RD STREET: ")
        dealt = dict((part.split()[0], cards.parse(part.split(" ", 1)[1].replace("[", "")
                                                   .replace("]", "")))
                     for part in third[len("3RD STREET: "):].split(", "))
        assert list(dealt) == names and all(len(c) == 3 for c in dealt.values())
        lowest = min(names, key=lambda n: dealt[n][2])
        assert lines[4] == "  %s BET 1" % lowest
        seen = [c for n in names for c in dealt[n]]
        for line in lines:
            if line[:3] in ("4TH", "5TH", "6TH", "7TH"):
                for part in line.split(": ", 1)[1].split(", "):
                    seen += list(cards.parse(part.split(" ", 1)[1].strip("[]")))
        assert len(seen) == len(set(seen))


def logged_with_the_stacks_dealt(monkeypatch, capsys, argv):
    """(the log of sim.main(argv), the stacks each hand was dealt with, as the engine
    was given them)."""
    from stud.play.session import Session
    dealt = []
    deal = Session.deal

    def recording(session, *args, **kwargs):
        h = deal(session, *args, **kwargs)
        dealt.append([h.stacks[s] + h.total[s] for s in range(h.n)])
        return h
    monkeypatch.setattr(Session, "deal", recording)
    assert sim.main(argv) == 0
    return capsys.readouterr().out, dealt


def headers(log):
    return [[int(part.split()[1]) for part in lines[1].strip().split("   ")[0].split(", ")]
            for lines in hands_in(log)]


def test_the_log_headers_are_the_stacks_each_hand_was_dealt_with(monkeypatch, capsys, tmp_path):
    """Demo hands are dealt fresh stacks (seed 000), so their headers say 999 - and a
    played game's headers follow its chips from hand to hand."""
    log, dealt = logged_with_the_stacks_dealt(monkeypatch, capsys, [
        "--headless", "--hands", "3", "--seed", "1", "--samples", "8"])
    assert headers(log) == dealt and dealt[0] == [999] * 4
    script = tmp_path / "play.txt"
    script.write_text("WAIT 200\nPRESS\nWAIT 100\n" + "PRESS\nWAIT 1500\n" * 40)
    log, dealt = logged_with_the_stacks_dealt(monkeypatch, capsys, [
        "--script", str(script), "--log", "--seed", "3", "--speed", "FAST"])
    assert len(dealt) >= 3 and headers(log) == dealt and dealt[-1] != [999] * 4


def test_interactive_mode_needs_a_terminal():
    done = run(stdin="")
    assert done.returncode == 2 and "--headless" in done.stderr


def test_frames_drawn_as_half_blocks_or_braille():
    f = Frame()
    f.pixel(0, 0, 1)
    f.pixel(1, 1, 1)
    f.pixel(127, 63, 1)
    blocks = sim.half_blocks(f.buf)
    assert len(blocks) == 32 and all(len(line) == 128 for line in blocks)
    assert blocks[0][0] == "\u2580" and blocks[0][1] == "\u2584" and blocks[31][127] == "\u2584"
    dots = sim.braille(f.buf)
    assert len(dots) == 16 and all(len(line) == 64 for line in dots)
    assert dots[0][0] == chr(0x2800 + 0x01 + 0x10) and dots[15][63] == chr(0x2800 + 0x80)


def test_the_full_pixel_view_from_132x36_the_text_view_below():
    assert sim.choose_mode(132, 36) == "blocks"
    assert sim.choose_mode(100, 40) == "both" and sim.choose_mode(131, 60) == "both"
    assert sim.choose_mode(80, 24) == "text" and sim.choose_mode(132, 35) == "text"


def terminal_at(columns, lines, seed=3, ms=4000, presses=2):
    """A game played a little, drawn by sim.Terminal into a string as at that size."""
    import io
    from recording import RecordingFrame
    out = io.StringIO()
    frame = RecordingFrame()
    term = sim.Terminal(out, None, frame, size=lambda: (columns, lines))
    clock = host.VirtualClock()
    keys = host.QueueInput()
    board = host.HostBoard(keys, clock, host.RecordingDisplay(term, on_change=term))
    app = sim.make_app(board, seed, frame=frame)
    term.start()
    for i in range(presses):
        keys.push(events.PRESS)
        for _ in range(ms // 20 // presses):
            app.tick()
            clock.sleep_ms(20)
    return term, board, app, out


def plain(line):
    import re
    return re.sub("\x1b\\[[0-9;?]*[A-Za-z]", "", line)


@pytest.mark.parametrize("size", [(80, 24), (100, 40), (132, 36)])
def test_every_view_fits_its_terminal_and_keeps_q_quit(size):
    term, board, app, out = terminal_at(*size)
    shown = [plain(line) for line in term.shown]
    assert len(shown) <= size[1]
    assert all(len(line) < size[0] for line in shown)
    assert "Q: quit" in shown[-1]
    assert ("%dx%d" % size) in shown[0]
    assert ("full view at 132x36" in shown[0]) == (size != (132, 36))


def test_a_window_too_small_for_the_text_view_says_what_size_it_needs():
    term, board, app, out = terminal_at(50, 12)
    shown = [plain(line) for line in term.shown]
    assert "67x20" in shown[0] and "132x36" in shown[1] and "Q: quit" in shown[-1]


def test_the_text_view_shows_the_ranks_suits_chips_and_command_the_screen_does():
    from recording import model
    term, board, app, out = terminal_at(80, 24)
    text = "\n".join(plain(line) for line in term.shown)
    m = model(app)
    assert m["screen"] == "table"
    for region in ("label BR", "label BL", "centre"):
        for word in m[region].replace("[", "").replace("]", "").split():
            assert word in text, (region, word)
    for card in m["cards BR"].split():       # your cards: rank and suit sign
        rank = "10" if card[0] == "T" else card[0]
        assert rank + sim.SUIT_SIGNS[card[1]] in text


def test_at_80x24_the_draw_cursor_and_the_up_down_mark_show_and_move():
    """Five card draw in the text view: the command line's up/down mark at your turn, the
    cursor under the card it is on in the draw, moving with RIGHT."""
    import io
    from recording import RecordingFrame, CURSOR
    from stud.ui.tablestate import HAND
    from stud.play.session import Session
    out = io.StringIO()
    frame = RecordingFrame()
    term = sim.Terminal(out, None, frame, size=lambda: (80, 24))
    clock = host.VirtualClock()
    keys = host.QueueInput()
    board = host.HostBoard(keys, clock, host.RecordingDisplay(term, on_change=term))
    app = sim.make_app(board, 5, frame=frame, session=Session("draw5"))
    term.start()

    def run(ms):
        for _ in range(ms // 20):
            app.tick()
            clock.sleep_ms(20)

    def text():
        return "\n".join(plain(line) for line in term.shown)
    def cursor_column():
        rows = [row for row in text().split("\n") if CURSOR in row]
        assert len(rows) == 1, "the cursor is not shown once:\n" + text()
        return rows[0].index(CURSOR)
    keys.push(events.PRESS)                    # the title page
    run(400)
    marks = draws = 0
    for _ in range(400):                       # two hands: the draw's code is dropped
        if app.screen.NAME == "draw":          # after the first and loaded again
            before = cursor_column()
            keys.push(events.RIGHT)
            run(200)
            assert cursor_column() > before
            draws += 1
            if draws == 2:
                break
            keys.push(events.DOWN)             # to STAND PAT / DRAW, and draw
            keys.push(events.PRESS)
        elif app.tablestate.your_turn and not app.tablestate.busy:
            marks += sim.UPDOWN_SIGN in text()
            keys.push(events.PRESS)            # CHECK or CALL
        elif app.tablestate.phase != HAND:
            keys.push(events.PRESS)            # PLAY, or past the showdown
        run(400)
    assert draws == 2 and marks > 0


def test_the_text_view_places_words_where_the_panel_has_them():
    grid = sim.text_grid([("text", "JOE", 1, 1, 1), ("text", "POT", 51, 24, 1),
                          ("text", "CALL", 112, 58, 0), ("card", 51, 70, 51, 0),
                          ("card", -1, 90, 51, 2), ("text", "X", 52, 24, 1)])
    rows = ["".join(c[0] for c in row) for row in grid]
    assert rows[0].startswith("JOE")
    assert rows[6][25:28] == "POT" and rows[6][29] == "X"     # pushed past POT, not over it
    assert rows[15][56:60] == "CALL" and grid[15][56][1] == sim.INVERSE
    assert rows[14][35:37] == "A\u2660" and rows[14][45:47] == "\u2592\u2592"


def test_dimming_sleep_and_contrast_redraw_the_terminal_as_the_panel_would():
    term, board, app, out = terminal_at(80, 24)
    d = board.display
    before = len(out.getvalue())
    d.contrast(0)                                  # the power manager dims the panel
    assert len(out.getvalue()) > before
    assert "[DIMMED]" in plain(term.shown[0]) and "\x1b[2m" in term.shown[5]
    d.contrast(255)
    bright = term.shown[3]
    d.contrast(31)                                 # CONTRAST 1
    assert "[DIMMED]" not in term.shown[0] and term.shown[3] != bright
    d.power(False)                                 # asleep: dark
    assert "ASLEEP" in plain(term.shown[0])
    assert all(set(plain(line)[1:-1]) <= {" "} for line in term.shown[2:18])


def test_quitting_puts_the_cursor_back_below_the_frame():
    term, board, app, out = terminal_at(80, 24)
    term.stop()
    tail = out.getvalue()[-40:]
    assert tail.endswith("\x1b[0m\x1b[%d;1H\x1b[J\x1b[?25h" % (len(term.shown) + 1))


def test_the_help_line_always_says_how_to_quit():
    for columns in range(10, 140):
        line = sim.help_line(columns)
        assert "Q: quit" in line and (len(line) < columns or line == "Q: quit")


def test_a_display_that_takes_several_flushes_shows_the_whole_frame_in_the_end():
    clock = host.VirtualClock()
    keys = host.QueueInput()
    board = host.HostBoard(keys, clock, host.RecordingDisplay(max_pages=4))
    app = sim.make_app(board, 5)
    for code in (events.PRESS, events.PRESS, events.DOWN, events.PRESS):
        keys.push(code)
        for _ in range(100):
            app.tick()
            clock.sleep_ms(20)
            assert bin(board.display.last_pages).count("1") <= 4
    assert keys.queue == []                        # every input was read
    assert bytes(board.display.panel) == bytes(app.frame.buf)


def test_keyboard_keys_become_events(monkeypatch):
    kb = terminal.Keyboard()
    monkeypatch.setattr(kb, "_read", lambda: "\x1b[A\x1b[B\r m\tq\x1b[")
    assert kb.poll() == [events.UP, events.DOWN, events.PRESS, events.PRESS,
                         events.LONG_PRESS, events.LONG_PRESS]
    assert kb.quit
    monkeypatch.setattr(kb, "_read", lambda: "D")
    assert kb.poll() == [events.LEFT]         # the escape sequence finished in the next read


def test_screenshots_come_from_real_game_states(tmp_path):
    done = subprocess.run(tool("sim.screenshots") + ["--out", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    for name in ("title", "table", "your-turn", "sel", "showdown", "menu"):
        assert png.read_png_size(str(tmp_path / (name + ".png"))) == (528, 272)


@pytest.mark.parametrize("name", ["title", "table", "your-turn", "sel", "showdown", "menu"])
def test_the_readme_pictures_exist(name):
    assert os.path.exists(os.path.join(ROOT, "docs", "screens", name + ".png"))
