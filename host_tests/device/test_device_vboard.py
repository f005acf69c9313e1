"""End to end on the virtual board (tools/device/vboard.py: the WebAssembly MicroPython
behind a pseudo-terminal): `make flash PORT=<pty> BOARD=pico` with the real
mpremote, the compiled files found on the board, the firmware booting there and
drawing the title page on the emulated SSD1306, the joystick's button moving
it on, and a board with no display printing the wiring message."""
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
import tty

import pytest

from paths import ROOT  # noqa: E402
PY = sys.executable
MPREMOTE = os.path.join(os.path.dirname(PY), "mpremote")
PACKAGE = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")

pytestmark = pytest.mark.skipif(
    not (shutil.which("node") and os.path.exists(PACKAGE) and os.path.exists(MPREMOTE)),
    reason="needs node, node_modules (make node_modules) and mpremote in the venv")


class VBoard:
    def __init__(self, folder):
        self.port = os.path.join(folder, "port")
        self.panel = os.path.join(folder, "panel.pbm")
        self.control = os.path.join(folder, "control")
        self.log = open(os.path.join(folder, "vboard.log"), "w+")
        self.proc = subprocess.Popen(
            [PY, "-m", "tools.device.vboard", "--link", self.port, "--panel",
             self.panel, "--control", self.control, "--die-with-parent"],
            stdout=self.log, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True)
        deadline = time.monotonic() + 30
        while not (os.path.islink(self.port) and os.path.exists(self.control)):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("the virtual board did not start:\n" + self.output())
            time.sleep(0.05)

    def output(self):
        self.log.seek(0)
        return self.log.read()

    def stop(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(10)
        self.log.close()

    def ask(self, line):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(10)
        s.connect(self.control)
        s.sendall(line.encode() + b"\n")
        data = b""
        while not data.endswith(b"\n") or (line == "panel" and not data.endswith(b"\n.\n")):
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
        s.close()
        return data.decode()

    def glass(self):
        """The panel as a 1,024-byte MONO_VLSB buffer."""
        rows = self.ask("panel").split("\n")[:64]
        buf = bytearray(1024)
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch == "#":
                    buf[(y >> 3) * 128 + x] |= 1 << (y & 7)
        return bytes(buf)

    def mpremote(self, *args, timeout=60):
        return subprocess.run([MPREMOTE, "connect", self.port] + list(args), capture_output=True,
                              text=True, timeout=timeout, cwd=ROOT)


@pytest.fixture(scope="module")
def vboard(tmp_path_factory):
    board = VBoard(str(tmp_path_factory.mktemp("vboard")))
    yield board
    board.stop()


@pytest.fixture(scope="module")
def flashed(vboard):
    """`make flash` as a maker types it; it resets the board, which boots the game."""
    started = time.monotonic()
    make = subprocess.run(["make", "--no-print-directory", "flash", "PORT=" + vboard.port,
                           "BOARD=pico"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    flash_s = time.monotonic() - started
    # Talk to the board once it shows the game, as a maker would: mpremote's Ctrl-C
    # sent while the reset board is still booting can miss the raw REPL (seen once,
    # "could not enter raw repl", with the machine busy with a parallel test run).
    want = title_page()
    booted = make.returncode == 0 and wait_for(lambda: vboard.glass() == want, 60)
    return {"make": make, "flash_s": flash_s, "booted": booted}


def title_page():
    """The title page as the app draws it on CPython (boards/host.py)."""
    from host import HostBoard, QueueInput
    from stud.ui.app import App
    board = HostBoard(QueueInput())
    App(board).tick()
    return bytes(board.display.panel)


def wait_for(predicate, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    return predicate()


def test_make_flash_pico_succeeds_against_the_virtual_board(flashed):
    make = flashed["make"]
    assert make.returncode == 0, make.stdout + make.stderr
    assert "the board has no native emitter" in make.stdout       # it asked the board
    assert "no ROMFS partition" in make.stdout                   # ... and about ROMFS
    assert "board reset" in make.stdout
    assert flashed["booted"], "the reset board did not show the title page within 60 s"


def test_the_compiled_files_are_on_the_board(vboard, flashed):
    root = vboard.mpremote("fs", "ls", ":")
    stud = vboard.mpremote("fs", "ls", ":stud")
    core = vboard.mpremote("fs", "ls", ":stud/core")
    drivers = vboard.mpremote("fs", "ls", ":stud/drivers")
    assert root.returncode == 0 and stud.returncode == 0, root.stderr + stud.stderr
    for name in ("main.py", "pins.py", "stud/"):
        assert name in root.stdout
    for name in ("boot/", "core/", "play/", "save/", "ui/", "drivers/"):
        assert name in stud.stdout
    assert "evaluator.mpy" in core.stdout and "engine.mpy" in core.stdout
    assert "ssd1306.mpy" in drivers.stdout and "joystick.mpy" in drivers.stdout
    assert ".py\n" not in stud.stdout + core.stdout                # no sources to shadow the .mpy files
    pins = vboard.mpremote("fs", "cat", ":pins.py")
    with open(os.path.join(ROOT, "boards", "pico.py")) as f:
        assert pins.stdout == f.read()


def test_the_board_refuses_native_code_it_cannot_run(vboard, flashed):
    """Why make flash asks the board: Pico native code would not load here."""
    from tools.gen import build
    out = os.path.join(os.path.dirname(vboard.port), "native")
    assert build.compile_one("stud/core/evaluator.py", out, "armv6m")[0]
    done = vboard.mpremote("fs", "mkdir", ":native_test", "+", "cp",
                           os.path.join(out, "stud", "core", "evaluator.mpy"), ":native_test/ev.mpy",
                           "+", "exec", "import sys; sys.path.append('/native_test'); import ev")
    assert "native code in .mpy unsupported" in done.stdout + done.stderr
    vboard.mpremote("fs", "rm", "-r", ":native_test")


def test_the_firmware_boots_and_the_emulated_panel_shows_the_title_page(vboard, flashed):
    assert flashed["make"].returncode == 0
    # make flash reset the board, which ran main.py; the mpremote calls of the other
    # tests interrupted it, so reset it again and watch the panel from dark.
    want = title_page()
    assert vboard.mpremote("exec", "import os; print(os.listdir())").returncode == 0
    vboard.ask("display off")
    vboard.ask("display on")
    reset = vboard.mpremote("reset")
    assert reset.returncode == 0, reset.stderr
    assert wait_for(lambda: vboard.glass() == want, 30), vboard.ask("panel")
    state = vboard.ask("state")
    assert '"on": true' in state and "boot hard" in state


def test_a_press_of_the_joystick_button_leaves_the_title_page(vboard, flashed):
    want = title_page()
    assert wait_for(lambda: vboard.glass() == want, 30)
    vboard.ask("button down")
    time.sleep(0.15)
    vboard.ask("button up")
    assert wait_for(lambda: vboard.glass() != want, 10), "the press changed nothing"


def notice_page(text):
    """The JOYSTICK notice over the title page, as the app draws it on CPython."""
    from host import HostBoard, QueueInput
    from stud.ui.app import App

    class Unsound(QueueInput):
        warning = text
    board = HostBoard(Unsound())
    app = App(board)
    app.tick()
    app.tick()
    return bytes(board.display.panel)


def test_the_stick_on_the_board_a_held_end_stop_is_a_hold_and_a_stuck_axis_is_told(
        vboard, flashed):
    from stud.drivers.joystick import warning
    vboard.ask("stick 1.0 0")                # VRx at its rail from power-up: the notice ...
    try:
        assert vboard.mpremote("reset").returncode == 0
        assert wait_for(lambda: vboard.glass() == notice_page(warning(1)), 60), vboard.ask("panel")
    finally:
        vboard.ask("stick 0 0")              # ... goes by itself once it moves
    title = title_page()
    assert wait_for(lambda: vboard.glass() == title, 10), vboard.ask("panel")
    vboard.ask("stick 0 1.0")                # a thumb at the end stop for 3 s: no notice
    time.sleep(3)
    vboard.ask("stick 0 0")
    assert vboard.glass() == title


def read_console(port, until, timeout):
    fd = os.open(port, os.O_RDWR | os.O_NOCTTY)
    try:
        tty.setraw(fd)
        text = b""
        deadline = time.monotonic() + timeout
        while until.encode() not in text and time.monotonic() < deadline:
            r, _, _ = select.select([fd], [], [], 0.1)
            if r:
                text += os.read(fd, 4096)
        return text.decode("latin-1")
    finally:
        os.close(fd)


def test_no_display_on_the_bus_prints_the_message_not_a_traceback(vboard, flashed):
    vboard.ask("display off")
    try:
        reset = vboard.mpremote("reset")
        assert reset.returncode == 0, reset.stderr
        text = read_console(vboard.port, "blink code 2", 20)
        boot = text[text.rfind("no display found"):]
        assert "no display found" in text, text
        assert "I2C address 0x3C on I2C0 (SDA GP4, SCL GP5)" in boot
        assert "no device answered" in boot and "pull-ups" in boot
        assert "Traceback" not in boot
        assert wait_for(lambda: '"pin LED 1"' in vboard.ask("state"), 5)
    finally:
        vboard.ask("display on")
        vboard.mpremote("exec", "print(1)")          # stop the blinking


def test_the_board_survives_control_clients_that_hang_up_or_talk_nonsense(vboard, flashed):
    """Each client goes before reading its answer, or sends what is not a command; the
    board goes on answering, and its flashed files are still there."""
    def hang_up(line, wait=0.0):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(vboard.control)
        if line is not None:
            s.sendall(line)
        time.sleep(wait)
        s.close()
    try:
        hang_up(b"button down\n")
        hang_up(b"panel\n", 0.2)                    # the answer is on its way when it goes
        hang_up(b"state\npanel\nstate\n")
        hang_up(None)
        hang_up(b"stick left right\n")              # not numbers
        assert vboard.ask("stick nan 0").startswith(("ok", "error"))
        assert vboard.ask("stick 0 0") == "ok\n"
        assert vboard.ask("frobnicate").startswith("error: stick X Y")
    finally:
        vboard.ask("button up")
    assert vboard.proc.poll() is None and '"display"' in vboard.ask("state")
    ls = vboard.mpremote("fs", "ls", ":stud")
    assert ls.returncode == 0 and "core/" in ls.stdout, ls.stderr


def mip_line():
    """The install line package.json's description gives makers (docs/hardware.md quotes it)."""
    import json
    import re
    with open(os.path.join(ROOT, "package.json")) as f:
        description = json.load(f)["description"]
    found = re.search(r"mpremote (mip install [^(;]*package\.json)", description)
    assert found, description
    return found.group(1).split()


@pytest.fixture(scope="module")
def mipped(tmp_path_factory):
    """A second, empty virtual board given this checkout's package.json by mpremote mip,
    as the description says (offline: the file list points into this checkout)."""
    board = VBoard(str(tmp_path_factory.mktemp("mip")))
    done = board.mpremote(*mip_line(), timeout=300)
    yield board, done
    board.stop()


def test_the_hardware_page_quotes_the_mip_line_package_json_gives():
    with open(os.path.join(ROOT, "docs", "hardware.md")) as f:
        assert "mpremote " + " ".join(mip_line()) in f.read()


def test_mip_installs_the_sources_main_and_the_pico_pin_map(mipped):
    board, done = mipped
    assert done.returncode == 0, done.stdout + done.stderr
    root = board.mpremote("fs", "ls", ":")
    core = board.mpremote("fs", "ls", ":stud/core")
    for name in ("main.py", "pins.py", "stud/"):
        assert name in root.stdout
    assert "evaluator.py" in core.stdout and "engine.py" in core.stdout
    pins = board.mpremote("fs", "cat", ":pins.py")
    with open(os.path.join(ROOT, "boards", "pico.py")) as f:
        assert pins.stdout == f.read()


def test_a_board_installed_by_mip_boots_into_the_title_page(mipped):
    board, done = mipped
    assert done.returncode == 0
    reset = board.mpremote("reset")
    assert reset.returncode == 0, reset.stderr
    assert wait_for(lambda: board.glass() == title_page(), 60), board.ask("panel")
