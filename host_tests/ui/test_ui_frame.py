"""The frame, our fonts and the card glyphs: SSD1306 page layout, dirty pages, data that
matches its art, and the same pixels from CPython's canvas and MicroPython's framebuf."""
import ast
import os
import subprocess
import sys

import pytest

from tools.device import mprun
from stud.core import games
from stud.ui.gfx import fonts, glyphs
from stud.ui.gfx.frame import Frame, rows_mask
from stud.ui.screens import Screen, table

from paths import ROOT, DUAL as MP  # noqa: E402


def test_the_frame_is_1024_bytes_in_ssd1306_page_layout():
    f = Frame()
    assert len(f.buf) == 1024
    f.pixel(5, 10, 1)                      # page 1, bit 2
    assert f.buf[128 + 5] == 1 << 2
    f.pixel(127, 63, 1)
    assert f.buf[7 * 128 + 127] == 0x80
    assert sum(f.buf) == 4 + 0x80


def test_rows_mask_names_the_pages_rows_touch():
    assert rows_mask(0, 8) == 0b1
    assert rows_mask(7, 2) == 0b11
    assert rows_mask(60, 10) == 0x80
    assert rows_mask(-5, 3) == 0
    assert rows_mask(-5, 6) == 0b1
    assert rows_mask(64, 1) == 0
    assert rows_mask(0, 64) == 0xFF


def test_take_dirty_returns_the_changed_pages_and_clears_them():
    f = Frame()
    assert f.take_dirty() == 0xFF      # a new frame: the panel must get everything once
    assert f.take_dirty() == 0
    f.fill_rect(0, 9, 5, 3, 1)         # drawing marks nothing: the screens mark their regions
    assert f.take_dirty() == 0


class _Two(Screen):
    REGIONS = (("top", 0, 0, 128, 8), ("low", 0, 40, 128, 20))

    def spec_functions(self):
        return (self.spec, self.spec)

    def draw_functions(self):
        return (self.draw, self.draw)

    def spec(self, app, s, i):
        s.reset()
        s.n = app[i]

    def draw(self, frame, app, s, i):
        frame.number(s.n, 2, self.REGIONS[i][2] + 1)


def test_a_render_marks_the_pages_of_the_regions_it_redraws():
    f = Frame()
    screen = _Two()
    values = [1, 2]
    screen.render(f, values, True)
    assert f.take_dirty() == 0xFF                        # a full render: every page
    screen.render(f, values, False)
    assert f.take_dirty() == 0                           # nothing changed: nothing drawn
    values[1] = 3
    screen.render(f, values, False)
    assert f.take_dirty() == rows_mask(40, 20) == 0b11100000
    values[0] = 4
    screen.render(f, values, False, mask=0b10)           # region 0 not even looked at
    assert f.take_dirty() == 0


def test_the_frame_is_the_pure_canvas_where_framebuf_is_missing():
    from stud.ui.gfx import canvas, frame
    assert frame.PURE and isinstance(Frame(), canvas.Bitmap)   # framebuf's on MicroPython:
    assert isinstance(glyphs.RANKS[0], canvas.Bitmap)          # host_tests/dual/ui_canvas.py


def _art(module):
    """The art blocks (bare strings) of a module's source, by their title line."""
    tree = ast.parse(open(module.__file__).read())
    out = {}
    for node in tree.body[1:]:
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            text = node.value.value.strip("\n")
            lines = [line.strip() for line in text.split("\n")]
            i = 0
            while i < len(lines):
                if lines[i] and lines[i].split()[-1].isdigit() and len(lines[i].split()) == 2:
                    name, height = lines[i].split()
                    block = []
                    i += 1
                    while i < len(lines) and not (lines[i] and len(lines[i].split()) == 2
                                                  and lines[i].split()[-1].isdigit()):
                        block.append(lines[i])
                        i += 1
                    out[name] = (int(height), block)
                else:
                    i += 1
    return out


def _glyphs(height, lines):
    """[(name, rows)] from art: a line of names, then `height` lines of rows, per block."""
    out = []
    lines = [line for line in lines]
    i = 0
    while i < len(lines):
        if not lines[i]:
            i += 1
            continue
        names = lines[i].split()
        rows = [lines[i + 1 + r].split() for r in range(height)]
        for k, name in enumerate(names):
            out.append((name, [rows[r][k] for r in range(height)]))
        i += 1 + height
    return out


def _columns(rows):
    w = len(rows[0])
    out = bytearray(w * ((len(rows) + 7) // 8))
    for r, row in enumerate(rows):
        assert len(row) == w, "rows of one glyph differ in width: %s" % rows
        for x, ch in enumerate(row):
            if ch == "#":
                out[(r >> 3) * w + x] |= 1 << (r & 7)
    return bytes(out)


def _literal(b):
    return 'b"%s"' % "".join("\\x%02x" % x for x in b)


@pytest.mark.parametrize("name", ["SMALL", "BIG"])
def test_font_bytes_are_the_art_in_fonts_py(name):
    height, lines = _art(fonts)[name]
    font = getattr(fonts, name)
    assert font.height == height
    widths = bytearray(len(font.widths))
    data = bytearray(len(font.data))
    for glyph, rows in _glyphs(height, lines):
        i = ord(" " if glyph == "SP" else glyph) - 32
        cols = _columns(rows)
        widths[i] = len(cols)
        data[i * font.stride:i * font.stride + len(cols)] = cols
    assert bytes(widths) == bytes(font.widths), "paste as %s's widths:\n%s" % (name, _literal(widths))
    assert bytes(data) == bytes(font.data), "paste as %s's data:\n%s" % (name, _literal(data))


def test_card_glyph_bytes_are_the_art_in_glyphs_py():
    art = _art(glyphs)
    ranks = _glyphs(*art["RANKS"])
    assert [n for n, _ in ranks] == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    data = bytearray(13 * 5)
    for i, (_, rows) in enumerate(ranks):
        cols = _columns(rows)
        data[i * 5:i * 5 + len(cols)] = cols
    assert bytes(data) == glyphs.RANK_DATA, _literal(data)
    assert bytes([len(r[0]) for _, r in ranks]) == glyphs.RANK_WIDTHS
    suits = _glyphs(*art["SUITS"])
    assert [n for n, _ in suits] == ["CLUB", "DIAMOND", "HEART", "SPADE"]   # card order
    assert b"".join(_columns(r) for _, r in suits) == glyphs.SUIT_DATA
    from stud.ui.screens import pages                 # the pages' 7x7 suits
    big = _glyphs(*_art(pages)["BIG_SUITS"])
    assert [n for n, _ in big] == ["CLUB", "DIAMOND", "HEART", "SPADE"]
    assert b"".join(_columns(r) for _, r in big) == pages.BIG_SUIT_DATA, _literal(
        b"".join(_columns(r) for _, r in big))
    assert _columns(_glyphs(*art["BACK"])[0][1]) == glyphs.BACK_DATA


@pytest.mark.parametrize("module, art, least", [("glyphs", "SUITS", 4),
                                                ("pages", "BIG_SUITS", 8)])
def test_each_suit_reads_as_itself(module, art, least):
    """On a 0.96-inch panel a card's suit is 5x5 pixels: each differs from every other in at
    least 4 of them (the pages' 7x7 suits in 8), and the club, the heart and the spade are
    not the same upside down (they end in a stem or a point: a club drawn as a plus sign
    read as one)."""
    from stud.ui.screens import pages
    suits = dict(_glyphs(*_art({"glyphs": glyphs, "pages": pages}[module])[art]))
    for a in suits:
        for b in suits:
            if a < b:
                apart = sum(x != y for ra, rb in zip(suits[a], suits[b]) for x, y in zip(ra, rb))
                assert apart >= least, "%s and %s differ in %d pixels" % (a, b, apart)
    for name in ("CLUB", "HEART", "SPADE"):
        assert suits[name] != suits[name][::-1], name + " reads the same upside down"


def test_digits_share_one_width_so_numbers_line_up():
    for font in (fonts.SMALL, fonts.BIG):
        assert len(set(font.widths[16:26])) == 1


def test_every_character_the_screens_write_has_a_glyph():
    from stud.core import rulebook
    from stud.core.words import SAY
    from stud.ui import menu, page as page_mod
    texts = list(SAY.values()) + ["AUTO", "HINT"] + list(menu.ITEMS) + list(menu.SPEEDS)
    for name in games.ORDER:
        texts += [line for page in rulebook.pages(name) + (rulebook.CONTROLS,) for line in page]
    texts += (page_mod.NEW_GAME % 1000).split("\n") + (page_mod.CHANGE_GAME % "5 CARD DRAW").split("\n")
    texts += list(table.SEL_WHERE) + list(table.SEL_WARN) + [table.SEL_HELP, table.SEL_ASK, "POT", "WINS", "WIN", "SPLIT POT",
                                         "THE OTHERS PASSED", "HINT:", "YOUR CHANCE TO WIN 100%",
                                         "BUST - NEW GAME", "SID REBUYS 999", "PRESS TO PLAY",
                                         "RIGHT: DEMO  HOLD: MENU", "POCKET STUD", "NEW GAME?"]
    for text in texts:
        for ch in text:
            assert ch == " " or fonts.SMALL.widths[ord(ch) - 32], "no SMALL glyph for %r (%s)" % (ch, text)
    for text in ("POCKET STUD", "POT 0123456789", "SID WINS", "YOU WIN", "BUST - NEW GAME",
                 "SPLIT POT", "HINT: PASS CALL RAISE CHECK BET", "NEW GAME", "REBUYS",
                 "CHOOSE AN OPPONENT"):
        for ch in text:
            assert ch == " " or fonts.BIG.widths[ord(ch) - 32], "no BIG glyph for %r" % ch


def test_text_is_as_wide_as_width_says():
    for font in (fonts.SMALL, fonts.BIG):
        for s in ("A", "SID 999", "FULL HOUSE, FIVES FULL", "POT 33", "W", "1"):
            f = Frame()
            end = f.text(s, 0, 0, 1, font)
            lit = [x for x in range(128) if any(f.pixel(x, y) for y in range(font.height))]
            assert lit[-1] < font.width(s) + 1
            assert end == font.width(s) + 1


def test_all_seven_cards_of_all_four_corners_fit_without_touching():
    spans = []
    for p in range(4):
        x0 = table.CARDS_X[p]
        right = x0 + 6 * table.STEP + table.HOLE_GAP + glyphs.CARD_W - 1   # seven cards
        assert 0 <= x0 and right <= 127
        spans.append((table.CARDS_Y[p], x0, right))
    for y, a0, a1 in spans:
        for y2, b0, b1 in spans:
            if y == y2 and (a0, a1) != (b0, b1):
                assert a1 + 8 < b0 or b1 + 8 < a0, "corners closer than 8 pixels"
    tops = [y for y, _, _ in spans]
    assert min(tops) + glyphs.CARD_H <= table.CENTRE_Y and max(tops) + glyphs.CARD_H == 64


def _cpython(script, *args):
    env = mprun.python_env()
    done = subprocess.run([sys.executable, os.path.join(MP, script)] + list(args),
                          capture_output=True, text=True, env=env, timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return mprun.parse_report(done.stdout)


@pytest.fixture(scope="module")
def canvas_runs():
    runs = {"cpython": _cpython("ui_canvas.py")}
    runs["framebuf"] = mprun.parse_report(mprun.run(os.path.join(MP, "ui_canvas.py")))
    runs["pure"] = mprun.parse_report(mprun.run(os.path.join(MP, "ui_canvas.py"), args=["pure"]))
    return runs


def test_pure_canvas_and_framebuf_draw_the_same_pixels(canvas_runs):
    """1,500 random calls - clipped at every edge, blits with key and palette, text
    in both fonts, numbers, cards - then the frame compared every ten calls."""
    assert canvas_runs["cpython"]["canvas_pure"] == "1"
    assert canvas_runs["framebuf"]["canvas_pure"] == "0"
    assert canvas_runs["pure"]["canvas_pure"] == "1"
    digests = set(run["canvas_digest"] for run in canvas_runs.values())
    assert len(digests) == 1, canvas_runs


def _imports(module):
    names = set()
    for node in ast.walk(ast.parse(open(module.__file__).read())):
        if isinstance(node, ast.ImportFrom):
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_fonts_import_nothing_of_the_frame():
    """fonts is data; the frame draws the font it is given."""
    assert _imports(fonts) == set()


def test_the_recording_frame_notes_texts_and_cards_and_draws_the_same_pixels():
    """tools/harness/recording.py: what tests read the screen through, off the device."""
    from recording import RecordingFrame, token, CURSOR
    from stud.ui.screens import draw
    from stud.ui.screens.pages import CardRow
    plain, rec = Frame(), RecordingFrame()
    for f in (plain, rec):
        f.text("SID", 1, 1)
        f.number(997, 20, 1, 0)
        glyphs.card(f, 51, 0, 8, glyphs.MARKED)       # As
        glyphs.card(f, 0, 8, 8, glyphs.BACK)
        glyphs.card(f, 9, 16, 8)                      # 4d
        CardRow("YOU", bytes([47, 3]), 1).draw(f, 2, 30)
        draw._cursor(f, 40, 40)
    assert bytes(rec.buf) == bytes(plain.buf)
    assert [token(e) for e in rec.notes] == ["SID", "[997]", "[As]", "##", "4d", "YOU", "[Ks]",
                                             "2s", CURSOR]
    rec.fill_rect(0, 0, 64, 8, 0)                     # wipes what it covers, as on screen
    assert [token(e) for e in rec.notes][:2] == ["[As]", "##"]
    rec.fill(0)
    assert rec.notes == []
