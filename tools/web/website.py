"""`make web`: Pocket Stud as a static web site, the firmware running in the webpage.

    python -m tools.web.website [--out build/web] [--serve] [--host 127.0.0.1] [--port 8000]

Writes into OUT (build/web/ by default):
  index.html, app.mjs, style.css   the page (tools/web/)
  micropython.mjs, micropython.wasm  the pinned WebAssembly MicroPython, copied from
                                   node_modules (npm package
                                   @micropython/micropython-webassembly-pyscript)
  firmware.json                    the firmware's files (firmware/**.py) and the web board
                                   (boards/web.py as web.py): {"files": {path: text}}

Nothing is fetched from anywhere else: the folder works from any static host.
--serve then serves it with Python's http.server and prints the address (Ctrl-C stops).
"""
import argparse
import functools
import http.server
import json
import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIRMWARE = os.path.join(ROOT, "firmware")
PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PAGE_FILES = ("index.html", "app.mjs", "style.css")
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
DEFAULT_OUT = os.path.join(ROOT, "build", "web")


def firmware_files():
    """{path in the browser's filesystem: source text}: stud/** and web.py."""
    files = {}
    for folder, _dirs, names in os.walk(os.path.join(FIRMWARE, "stud")):
        for name in sorted(names):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, FIRMWARE).replace(os.sep, "/")
                with open(path, encoding="utf-8") as f:
                    files[rel] = f.read()
    with open(os.path.join(ROOT, "boards", "web.py"), encoding="utf-8") as f:
        files["web.py"] = f.read()
    return dict(sorted(files.items()))


def build(out=DEFAULT_OUT):
    """Write the site into `out` (made if missing); returns `out`."""
    missing = [n for n in RUNTIME_FILES if not os.path.isfile(os.path.join(PACKAGE, n))]
    if missing:
        raise FileNotFoundError("%s missing from %s: run `make node_modules` (npm ci)"
                                % (", ".join(missing), PACKAGE))
    os.makedirs(out, exist_ok=True)
    for name in PAGE_FILES:
        shutil.copyfile(os.path.join(HERE, name), os.path.join(out, name))
    for name in RUNTIME_FILES:
        shutil.copyfile(os.path.join(PACKAGE, name), os.path.join(out, name))
    with open(os.path.join(out, "firmware.json"), "w", encoding="utf-8") as f:
        json.dump({"files": firmware_files()}, f, separators=(",", ":"))
    return out


class Handler(http.server.SimpleHTTPRequestHandler):
    """http.server's static files, with the types module scripts and WebAssembly need
    (older Pythons do not know .mjs and .wasm), and quiet."""
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".js": "text/javascript",
                             ".wasm": "application/wasm", ".json": "application/json"})

    def log_message(self, format, *args):
        pass


def server(directory, host="127.0.0.1", port=8000):
    """A threading HTTP server for `directory` (port 0: any free port); not yet serving."""
    handler = functools.partial(Handler, directory=directory)
    return http.server.ThreadingHTTPServer((host, port), handler)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--serve", action="store_true", help="serve the site after building it")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    args = ap.parse_args(argv)
    try:
        out = build(args.out)
    except FileNotFoundError as e:
        sys.stderr.write("web: %s\n" % e)
        return 1
    print("web: built %s" % os.path.relpath(out))
    if not args.serve:
        return 0
    httpd = server(out, args.host, args.port)
    print("web: Pocket Stud at http://%s:%d/  (Ctrl-C stops)" % (args.host, httpd.server_port),
          flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
