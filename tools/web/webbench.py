"""The web page's figures, measured in headless Chromium (the browser test prints them too).

    python -m tools.web.webbench [--seconds 15] [--runs 3]

Per run: a fresh page (real clock, the web board's bot budget), time from opening it
to the title drawn; then hands played (Enter every half second) while the bots think:
frames a second and the longest tick.  Targets: the title within 3 s, at least 30
frames a second, no tick over 100 ms.
"""
import argparse
import sys

from tools.web import webpage


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args(argv)
    problem = webpage.missing()
    if problem:
        sys.stderr.write("bench: %s\n" % problem)
        return 1
    from playwright.sync_api import sync_playwright
    print("run  title ms  frames/s  longest tick ms  ticks  ticks > 50 ms")
    with webpage.Site() as site, sync_playwright() as pw:
        chromium = webpage.launch(pw)
        try:
            for run in range(args.runs):
                m = webpage.measure(chromium, site.url, seconds=args.seconds)
                print("%3d  %8.0f  %8.1f  %15.0f  %5d  %13d%s"
                      % (run + 1, m["title_ms"], m["fps"], m["max_tick_ms"], m["ticks"],
                         m["long_ticks"], "  errors: %s" % m["errors"] if m["errors"] else ""))
        finally:
            chromium.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
