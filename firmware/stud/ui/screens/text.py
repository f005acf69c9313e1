"""Text for the pages (the menu's, the notices and the error page): what the small font
can draw, wrapped into lines of the page's width.  Loaded with a page, dropped with it."""
from stud.ui.gfx.fonts import SMALL

ROWS = 9              # lines under the title bar
WIDTH = 124           # pixels a line may take (from x = 2)


def printable(text):
    """Text the small font can draw: capitals, digits, a little punctuation."""
    out = []
    widths = SMALL.widths
    for ch in str(text).upper():
        i = ord(ch) - 32
        out.append(ch if 0 <= i < len(widths) and widths[i] else " ")
    return "".join(out)


def wrap(text, rows=None, width=WIDTH):
    """Text as lines of at most `width` pixels (at most `rows` of them, the last cut)."""
    lines = []
    line = ""
    for word in printable(text).split():
        while SMALL.width(word) > width:   # a word wider than a line: cut it
            k = len(word) - 1
            while k > 1 and SMALL.width(word[:k]) > width:
                k -= 1
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:k])
            word = word[k:]
        joined = line + " " + word if line else word
        if SMALL.width(joined) <= width:
            line = joined
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    if rows is not None and len(lines) > rows:
        lines = lines[:rows]
        last = lines[-1]
        while last and SMALL.width(last + "...") > width:
            last = last[:-1]
        lines[-1] = last + "..."
    return lines


def fit(text, width=WIDTH):
    """One line: the text, or what comes before its first comma if it is too wide."""
    if SMALL.width(text) > width:
        text = text.split(",")[0]
    return text
