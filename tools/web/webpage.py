"""The web page in a real browser: headless Chromium (Debian's) driven by Playwright.

Shared by the browser tests (host_tests/web/), the measurements (tools/web/webbench.py)
and the README's screenshot (tools/web/webshot.py):

  missing()            None, or the sentence saying what to install
  Site(out=None)       with-block: the site built (a temporary folder by default) and
                       served on 127.0.0.1 at a free port; .url
  launch(playwright)   the system Chromium, headless, with the flags this machine needs
  open_page(browser, url, ...)  a fresh context (empty localStorage, or the values
                       given) and page that records console errors in page.errors;
                       waits for the title
  stored(page)         the page's files in localStorage: {name: the stored string}
  step(page, n)        clock=step pages: n ticks, FRAME_MS of the fixed clock apart
  read_canvas(page)    the canvas read back, 1 bit a pixel, page layout (1,024 bytes)
  measure(browser, url)  the page's figures: time to the title, frame rate while the
                       bots think, the longest tick
"""
import os
import shutil
import tempfile
import threading
import time

from tools.web import website  # tools/web/website.py

CHROMIUM = os.environ.get("STUD_CHROMIUM", "/usr/bin/chromium")
# Headless, and none of the background connections this machine's closed network refuses.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
INSTALL = ("the browser tests need Debian's Chromium at %s (as root: apt-get install -y chromium; "
           "`make test` does it when run as root) and Playwright from requirements.txt "
           "(.venv/bin/pip install -r requirements.txt)" % CHROMIUM)
TITLE_TIMEOUT_MS = 60000     # generous: a loaded shared machine may be slow to start the page


def missing():
    """None when the browser tests can run, else what to install."""
    problems = []
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        problems.append("no Chromium at %s" % CHROMIUM)
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        problems.append("no Playwright")
    if problems:
        return "%s: %s" % ("; ".join(problems), INSTALL)
    return None


class Site:
    """The site built into `out` (default: a temporary folder, removed after) and served."""

    def __init__(self, out=None):
        self.out = out
        self._temp = None
        self.httpd = None
        self.url = None

    def __enter__(self):
        if self.out is None:
            self._temp = tempfile.mkdtemp(prefix="stud-web-")
            self.out = self._temp
        website.build(self.out)
        self.httpd = website.server(self.out, "127.0.0.1", 0)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_port
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
        if self._temp:
            shutil.rmtree(self._temp, ignore_errors=True)


def launch(playwright):
    return playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)


STORE_KEY = "pocket-stud/"   # app.mjs: localStorage key of a file, before its name


def open_page(browser, url, query="", viewport=(1000, 560), touch=False, context=None,
              stored=None):
    """A page at url?query in a fresh context (or `context`), waited until the title is
    drawn (or the page reports failure).  `stored` ({name: string}) is put in the
    site's localStorage first, as the page keeps files: the game boots on it.
    page.errors collects console errors and uncaught exceptions; page.stud_context is
    the context (close it when done)."""
    if context is None:
        context = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]},
                                      has_touch=touch, accept_downloads=True)
    page = context.new_page()
    page.errors = []
    page.on("console", lambda m: m.type == "error" and page.errors.append("console: " + m.text))
    page.on("pageerror", lambda e: page.errors.append("uncaught: %s" % e))
    page.stud_context = context
    if stored:                                  # a blank page of the site's origin, first
        blank = url + "stud-blank.html"
        page.route(blank, lambda route: route.fulfill(
            content_type="text/html", body="<!doctype html><link rel=icon href='data:,'>"))
        page.goto(blank)
        page.evaluate("""([key, files]) => {
            for (const [name, v] of Object.entries(files)) localStorage.setItem(key + name, v);
        }""", [STORE_KEY, stored])
        page.unroute(blank)
    page.goto(url + (("?" + query) if query else ""))
    wait_title(page)
    return page


def wait_title(page):
    page.wait_for_function("window.stud && (window.stud.titleMs !== null || window.stud.failed)",
                           timeout=TITLE_TIMEOUT_MS)
    failed = page.evaluate("window.stud.failed")
    if failed:
        raise RuntimeError("the page failed: %s" % failed)


def stored(page):
    return page.evaluate("""(key) => {
        const out = {};
        for (let i = 0; i < localStorage.length; i++) {
            const k = localStorage.key(i);
            if (k.startsWith(key)) out[k.slice(key.length)] = localStorage.getItem(k);
        }
        return out;
    }""", STORE_KEY)


def step(page, n):
    page.evaluate("(n) => window.stud.step(n)", n)


def read_canvas(page):
    return bytes.fromhex(page.evaluate("window.stud.readCanvas()"))


def panel(page):
    """What the page's board was last shown (the bytes behind the canvas)."""
    return bytes.fromhex(page.evaluate("window.stud.panelHex()"))


def measure(browser, url, seconds=8.0, press_every=0.5):
    """Open the page (real clock, the board's bot budget) and play: Enter every
    `press_every` seconds for `seconds`, so hands are dealt and the bots think.
    Returns {title_ms, fps, max_tick_ms, ticks, long_ticks}."""
    page = open_page(browser, url)
    try:
        title_ms = page.evaluate("window.stud.titleMs")
        start = page.evaluate("performance.now()")
        page.evaluate("window.stud.maxTickMs = 0")
        end = time.time() + seconds
        while time.time() < end:
            page.keyboard.press("Enter")
            page.wait_for_timeout(int(press_every * 1000))
        stats = page.evaluate("""(since) => {
            const s = window.stud;
            const ticks = s.tickTimes.filter((t) => t >= since).length;
            return {fps: s.fps(since), max: s.maxTickMs, ticks,
                    long: s.tickMs.slice(-ticks).filter((t) => t > 50).length};
        }""", start)
        return {"title_ms": title_ms, "fps": stats["fps"], "max_tick_ms": stats["max"],
                "ticks": stats["ticks"], "long_ticks": stats["long"], "errors": list(page.errors)}
    finally:
        page.stud_context.close()
