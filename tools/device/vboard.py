"""A virtual Pocket Stud board on a pseudo-terminal, for mpremote and make flash.

    python -m tools.device.vboard --link PATH [--board pico] [--panel FILE] [--control SOCKET]
                           [--no-display] [--height 64|32] [--show]

Starts real MicroPython - the WebAssembly port from npm
(@micropython/micropython-webassembly-pyscript, pinned in package-lock.json;
`make node_modules` installs it) - behind a pseudo-terminal and makes PATH a
symbolic link to the terminal, so that

    mpremote connect PATH exec "print(1)"
    make flash PORT=PATH BOARD=pico
    mpremote connect PATH fs ls :stud

work as with a board on a USB port.  It runs until killed (SIGTERM, SIGINT),
then removes the link.

The board it emulates is the pin map's (boards/<board>.py): an SSD1306 at
DISPLAY_ADDR on the I2C bus (tools/device/ssd1306_emu.py executes what the firmware
sends), the joystick on the JOY_X/JOY_Y ADC pins, the button on BUTTON, and
reports of the LED and the buzzer's PWM.  Files written to it last until it
is killed; a soft reset (Ctrl-D) or machine.reset() keeps them, and a reset
runs boot.py and main.py, as a board does.

  --panel FILE      the glass as a PBM image (P1), rewritten when it changes
  --control SOCKET  a Unix socket taking one command a line:
                      stick X Y        deflection of VRx and VRy, -1.0 .. 1.0
                      button down|up
                      display on|off   plug the SSD1306 in, or pull it off the bus
                      panel            answers the glass as text (# lit, . dark)
                      state            answers the controller's state and the
                                       LED/PWM/boot events so far, as JSON
  --no-display      nothing answers on the I2C bus (see the wiring message)
  --show            draw the glass in this terminal when it changes
"""
import argparse
import json
import os
import pty
import selectors
import signal
import socket
import subprocess
import sys
import time
import tty

HERE = os.path.dirname(os.path.abspath(__file__))
from tools import ROOT
from tools.device.ssd1306_emu import SSD1306Emu

NODE_SCRIPT = os.path.join(HERE, "vboard_node.mjs")
PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PANEL_EVERY_S = 0.05
SEND_TIMEOUT_S = 2.0     # a control client that reads nothing for this long is dropped
USAGE = "error: stick X Y | button down|up | display on|off | panel | state"


def load_board(name):
    path = os.path.join(ROOT, "boards", name + ".py")
    if not os.path.exists(path):
        raise SystemExit("vboard: no boards/%s.py (boards: %s)" % (
            name, ", ".join(sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "boards"))
                                   if f.endswith(".py")))))
    values = {}
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), values)
    return values


class VirtualBoard:
    def __init__(self, link, board="pico", panel=None, control=None, display=True, height=64,
                 show=False, heap=None):
        self.link = link
        self.pins = load_board(board)
        self.board = board
        self.panel_path = panel
        self.control_path = control
        self.show = show
        addr = self.pins.get("DISPLAY_ADDR", 0x3C)
        self.emu = SSD1306Emu(height=height, address=addr)
        self.display = addr if display else None
        self.events = []                  # (seconds since start, text) of LED, PWM, boot
        self.started = time.monotonic()
        self.panel_dirty = True
        self.panel_written = 0.0
        self.node = None
        self.sel = selectors.DefaultSelector()
        self.clients = {}
        self.heap = heap
        self.parent = None

    # ---- start ---------------------------------------------------------------------
    def start(self):
        if not os.path.exists(os.path.join(PACKAGE, "micropython.mjs")):
            raise SystemExit("vboard: %s is missing: run `make node_modules` (npm ci)" % PACKAGE)
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)            # bytes pass as they are, no echo, no CR/LF games
        os.set_blocking(self.master, False)
        name = os.ttyname(self.slave)
        if os.path.islink(self.link):
            os.unlink(self.link)
        elif os.path.exists(self.link):
            raise SystemExit("vboard: %s exists and is not a link" % self.link)
        os.symlink(name, self.link)

        hw_r, hw_w = os.pipe()
        ctl_r, ctl_w = os.pipe()
        p = self.pins
        slots = {"adc %s" % p["JOY_X"]: 0, "adc %s" % p["JOY_Y"]: 1, "pin %s" % p["BUTTON"]: 2,
                 "i2c display": 3}
        released = 1 if p.get("BUTTON_ACTIVE_LOW", True) else 0
        config = {
            "slots": slots,
            "initial": {"adc %s" % p["JOY_X"]: 32768, "adc %s" % p["JOY_Y"]: 32768,
                        "pin %s" % p["BUTTON"]: released,
                        "i2c display": -1 if self.display is None else self.display},
            "hwFd": hw_w, "ctlFd": ctl_r,
            "name": "vboard (%s pin map)" % self.board,
            "nodeModules": os.path.join(ROOT, "node_modules"),
        }
        if self.heap:
            config["heap"] = self.heap
        self.released = released
        self.node = subprocess.Popen(["node", NODE_SCRIPT, json.dumps(config)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, pass_fds=(hw_w, ctl_r), cwd=ROOT)
        os.close(hw_w)
        os.close(ctl_r)
        self.ctl = ctl_w
        self.hw = hw_r
        os.set_blocking(self.node.stdout.fileno(), False)
        self.sel.register(self.master, selectors.EVENT_READ, "serial")
        self.sel.register(self.node.stdout.fileno(), selectors.EVENT_READ, "node")
        self.sel.register(self.hw, selectors.EVENT_READ, "hw")
        self.hw_pending = b""
        if self.control_path:
            if os.path.exists(self.control_path):
                os.unlink(self.control_path)
            self.server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            self.server.bind(self.control_path)
            self.server.listen(4)
            self.server.setblocking(False)
            self.sel.register(self.server, selectors.EVENT_READ, "accept")
        self.write_panel()
        sys.stderr.write("vboard: %s -> %s (MicroPython WebAssembly, %s pin map, display %s)\n"
                         % (self.link, name, self.board,
                            "0x%02X" % self.display if self.display is not None else "none"))
        sys.stderr.flush()

    # ---- the loop ------------------------------------------------------------------
    def run(self):
        while True:
            for key, _ in self.sel.select(timeout=PANEL_EVERY_S):
                what = key.data
                if what == "serial":
                    self.from_serial()
                elif what == "node":
                    if not self.from_node():
                        return self.node.wait()
                elif what == "hw":
                    self.from_hw()
                elif what == "accept":
                    conn, _ = self.server.accept()
                    conn.setblocking(False)
                    self.clients[conn] = b""
                    self.sel.register(conn, selectors.EVENT_READ, conn)
                else:
                    self.from_client(what)
            if self.node.poll() is not None:
                return self.node.returncode
            if self.parent is not None and os.getppid() != self.parent:
                return 0
            if self.panel_dirty and time.monotonic() - self.panel_written >= PANEL_EVERY_S:
                self.write_panel()

    def from_serial(self):
        try:
            data = os.read(self.master, 4096)
        except (BlockingIOError, OSError):
            return
        if data:
            self.node.stdin.write(data)
            self.node.stdin.flush()

    def from_node(self):
        try:
            data = os.read(self.node.stdout.fileno(), 65536)
        except BlockingIOError:
            return True
        if not data:
            return False
        try:
            os.write(self.master, data)
        except (BlockingIOError, OSError):
            pass                          # nobody reads the port: output is lost, as over USB
        return True

    def from_hw(self):
        data = os.read(self.hw, 65536)
        if not data:
            self.sel.unregister(self.hw)
            return
        self.hw_pending += data
        *lines, self.hw_pending = self.hw_pending.split(b"\n")
        for line in lines:
            parts = line.decode("latin-1").split()
            if not parts:
                continue
            if parts[0] == "i2c":
                self.emu.i2c_write(int(parts[1], 16), bytes.fromhex(parts[2]) if len(parts) > 2 else b"")
                self.panel_dirty = True
            else:
                self.events.append((round(time.monotonic() - self.started, 3), " ".join(parts)))
                del self.events[:-1000]

    def from_client(self, conn):
        """A control client's commands, answered; a client that hangs up (even before
        reading its answer), stops reading or sends nonsense is dropped or told so,
        and the board goes on with its files."""
        try:
            data = conn.recv(4096)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self.drop_client(conn)
            return
        self.clients[conn] += data
        *lines, self.clients[conn] = self.clients[conn].split(b"\n")
        for line in lines:
            try:
                reply = self.command(line.decode("latin-1").split())
            except ValueError:
                reply = USAGE
            if reply is None:
                continue
            try:
                conn.settimeout(SEND_TIMEOUT_S)
                conn.sendall(reply.encode() + b"\n")
                conn.setblocking(False)
            except OSError:               # gone, or not reading: its loss, not the board's
                self.drop_client(conn)
                return

    def drop_client(self, conn):
        self.sel.unregister(conn)
        conn.close()
        del self.clients[conn]

    def command(self, words):
        if not words:
            return None
        p = self.pins
        if words[0] == "stick" and len(words) == 3:
            for pin, v in ((p["JOY_X"], words[1]), (p["JOY_Y"], words[2])):
                value = max(0, min(65535, int(32768 + float(v) * 32767)))
                os.write(self.ctl, ("adc %s %d\n" % (pin, value)).encode())
            return "ok"
        if words[0] == "button" and len(words) == 2:
            down = words[1] == "down"
            level = (1 - self.released) if down else self.released
            os.write(self.ctl, ("pin %s %d\n" % (p["BUTTON"], level)).encode())
            return "ok"
        if words[0] == "display" and len(words) == 2:
            on = words[1] == "on"
            self.display = self.emu.address if on else None
            if not on:                    # unplugged: the controller loses its RAM and settings
                self.emu.ram[:] = bytes(len(self.emu.ram))
                self.emu.reset()
                self.panel_dirty = True
            os.write(self.ctl, ("i2c display %d\n" % (self.emu.address if on else -1)).encode())
            return "ok"
        if words[0] == "panel":
            return self.emu.text() + "\n."
        if words[0] == "state":
            return json.dumps({"display": self.emu.state(), "events": self.events,
                               "i2c_transactions": self.emu.transactions})
        return USAGE

    def write_panel(self):
        self.panel_dirty = False
        self.panel_written = time.monotonic()
        if self.panel_path:
            tmp = self.panel_path + ".tmp"
            with open(tmp, "w") as f:
                f.write(self.emu.pbm())
            os.replace(tmp, self.panel_path)
        if self.show:
            sys.stderr.write("\x1b[H" + self.emu.text("\u2588", " ") + "\n")
            sys.stderr.flush()

    def stop(self):
        if self.node is not None and self.node.poll() is None:
            self.node.terminate()
            try:
                self.node.wait(5)
            except subprocess.TimeoutExpired:
                self.node.kill()
        if os.path.islink(self.link):
            os.unlink(self.link)
        if self.control_path and os.path.exists(self.control_path):
            os.unlink(self.control_path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--link", required=True, help="the path that becomes a link to the terminal")
    ap.add_argument("--board", default="pico", help="the pin map to emulate (boards/NAME.py)")
    ap.add_argument("--panel", help="write the glass here as a PBM image")
    ap.add_argument("--control", help="a Unix socket for the stick, the button and the panel")
    ap.add_argument("--no-display", action="store_true", help="nothing on the I2C bus")
    ap.add_argument("--height", type=int, default=64, choices=(64, 32))
    ap.add_argument("--show", action="store_true", help="draw the glass in this terminal")
    ap.add_argument("--heap", type=int, help="MicroPython heap in bytes (default 192 KB)")
    ap.add_argument("--die-with-parent", action="store_true",
                    help="stop when the process that started this one ends (tests)")
    args = ap.parse_args(argv)
    vb = VirtualBoard(args.link, args.board, args.panel, args.control, not args.no_display,
                      args.height, args.show, args.heap)
    vb.parent = os.getppid() if args.die_with_parent else None

    def on_signal(signum, frame):
        raise KeyboardInterrupt
    signal.signal(signal.SIGTERM, on_signal)
    try:
        vb.start()
        return vb.run()
    except KeyboardInterrupt:
        return 0
    finally:
        vb.stop()


if __name__ == "__main__":
    sys.exit(main())
