"""The README's picture of the web page (docs/screens/web.png), taken in headless Chromium.

    python -m tools.web.webshot [--out docs/screens/web.png] [--all DIR]

The page is opened with a seed and the fixed clock (?seed=7&clock=step), so the
picture is the same every time: a hand in progress.  --all DIR also writes the
title, the hand and the menu, in landscape and portrait, for looking at.
"""
import argparse
import os
import sys

from tools import ROOT
from tools.web import webpage

SEED = 7
QUERY = "seed=%d&clock=step" % SEED
VIEWPORT = (960, 440)
# (key, ticks after it): to the table, then through the first betting rounds.
MID_HAND = [("Enter", 150), ("Enter", 150), ("Enter", 150), ("Enter", 150)]


def to_mid_hand(page):
    for key, n in MID_HAND:
        page.keyboard.press(key)
        webpage.step(page, n)


def take(chromium, url, path, viewport=VIEWPORT):
    """The page mid-hand, as a PNG at `path`."""
    page = webpage.open_page(chromium, url, QUERY, viewport=viewport)
    try:
        to_mid_hand(page)
        page.screenshot(path=path)
        return list(page.errors)
    finally:
        page.stud_context.close()


def take_all(chromium, url, folder):
    os.makedirs(folder, exist_ok=True)
    for name, viewport in (("landscape", VIEWPORT), ("portrait", (390, 760))):
        page = webpage.open_page(chromium, url, QUERY, viewport=viewport)
        try:
            page.screenshot(path=os.path.join(folder, "%s-title.png" % name))
            to_mid_hand(page)
            page.screenshot(path=os.path.join(folder, "%s-hand.png" % name))
            page.keyboard.press("m")
            webpage.step(page, 40)
            page.screenshot(path=os.path.join(folder, "%s-menu.png" % name))
        finally:
            page.stud_context.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.path.join(ROOT, "docs", "screens", "web.png"))
    ap.add_argument("--all", metavar="DIR", help="also the title, hand and menu, both ways up")
    args = ap.parse_args(argv)
    problem = webpage.missing()
    if problem:
        sys.stderr.write("shot: %s\n" % problem)
        return 1
    from playwright.sync_api import sync_playwright
    with webpage.Site() as site, sync_playwright() as pw:
        chromium = webpage.launch(pw)
        try:
            errors = take(chromium, site.url, args.out)
            if args.all:
                take_all(chromium, site.url, args.all)
        finally:
            chromium.close()
    if errors:
        sys.stderr.write("shot: errors in the page:\n%s\n" % "\n".join(errors))
        return 1
    print("shot: %s" % os.path.relpath(args.out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
