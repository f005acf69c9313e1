"""The virtual board's hardware, as seen from inside the WebAssembly MicroPython.

tools/device/vboard_node.mjs loads this into the runtime at every boot (it is no
file on the board) and calls install(), which provides:

  machine   Pin, ADC, I2C/SoftI2C, PWM, reset(), freq(), unique_id(), idle():
            I2C writes go to the host's SSD1306 model, ADC and input pins read
            the host's joystick and button, output pins and PWM are reported
  time      the runtime's time module, whose sleeps let the host's Ctrl-C in
            (a running main.py is interrupted as on a board)
  os, open  the runtime's, with Emscripten's errno numbers (44 for ENOENT, 20
            for EEXIST, ...) turned into MicroPython's, which mpremote's file
            commands and the firmware test for

MicroPython code: runs in the runtime only.
"""
import sys
import builtins
import binascii

import _vboard as _vb
import time as _time
import os as _os

# Emscripten's errno -> MicroPython's (py/mperrno.h, the Linux numbers).
_ERRNO = {
    2: 13, 8: 9, 10: 16, 20: 17, 28: 22, 29: 5, 31: 21, 33: 24, 37: 36, 43: 19, 44: 2,
    48: 12, 51: 28, 54: 20, 55: 39, 63: 1, 69: 30, 75: 18,
}


def _fixed(e):
    n = e.args[0] if e.args else None
    if isinstance(n, int) and n in _ERRNO:
        return OSError(_ERRNO[n])
    return e


def _wrap(f):
    def call(*args, **kw):
        try:
            return f(*args, **kw)
        except OSError as e:
            raise _fixed(e)
    return call


class _Namespace:
    pass


def _here(args):
    return (".",) + tuple(args[1:]) if args and args[0] == "" else args


def _hidden(base, name):
    return name in ("dev", "proc") and (base == "/" or (base in (".", "") and _os.getcwd() == "/"))


def _os_module():
    m = _Namespace()
    for name in dir(_os):
        if name.startswith("__"):
            continue
        v = getattr(_os, name)
        setattr(m, name, _wrap(v) if callable(v) and not isinstance(v, type) else v)

    def ilistdir(*args):
        # Sizes as a board gives them; Emscripten's /dev and /proc are no files of the board.
        args = _here(args)
        base = args[0] if args else "."
        try:
            out = []
            for e in _os.ilistdir(*args):
                if _hidden(base, e[0]):
                    continue
                size = 0
                if e[1] == 0x8000:
                    size = _os.stat(base.rstrip("/") + "/" + e[0])[6]
                out.append((e[0], e[1], e[2] if len(e) > 2 else 0, size))
            return iter(out)
        except OSError as e:
            raise _fixed(e)
    m.ilistdir = ilistdir
    # A board's VFS takes "" as the current directory (mpremote stats ":" as "").
    stat = m.stat
    m.stat = lambda *args: stat(*_here(args))
    def listdir(*args):
        return [e[0] for e in ilistdir(*args)]
    m.listdir = listdir
    m.__name__ = "os"
    return m


def _interrupt_check():
    if _vb.interrupted():
        raise KeyboardInterrupt


def _time_module():
    m = _Namespace()
    for name in dir(_time):
        if not name.startswith("__"):
            setattr(m, name, getattr(_time, name))

    def sleep_ms(ms):
        if _vb.sleep(int(ms)):
            raise KeyboardInterrupt

    def sleep_us(us):
        sleep_ms(us // 1000)

    def sleep(s):
        sleep_ms(int(s * 1000))

    m.sleep_ms = sleep_ms
    m.sleep_us = sleep_us
    m.sleep = sleep
    m.__name__ = "time"
    return m


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None, **kw):
        self.id = id
        self.key = str(id)
        self.mode = mode
        self.pull = pull
        self.v = 0
        if value is not None:
            self.value(value)

    def init(self, mode=-1, pull=-1, value=None, **kw):
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        if value is not None:
            self.value(value)

    def value(self, v=None):
        if v is None:
            if self.mode == Pin.OUT:
                return self.v
            got = _vb.value("pin", self.key)
            if got >= 0:
                return got
            return 1 if self.pull == Pin.PULL_UP else 0
        self.v = 1 if v else 0
        _vb.pin_out(self.key, self.v)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def toggle(self):
        self.value(1 - self.v)

    def irq(self, handler=None, trigger=0, **kw):
        return None

    def __repr__(self):
        return "Pin(%r)" % (self.id,)


def _key(pin):
    return pin.key if isinstance(pin, Pin) else str(pin)


class ADC:
    ATTN_0DB = 0
    ATTN_2_5DB = 1
    ATTN_6DB = 2
    ATTN_11DB = 3
    WIDTH_12BIT = 3

    def __init__(self, pin, **kw):
        self.key = _key(pin)

    def read_u16(self):
        _interrupt_check()
        v = _vb.value("adc", self.key)
        return 32768 if v < 0 else v

    def read(self):
        return self.read_u16() >> 4

    def atten(self, a):
        pass

    def width(self, w):
        pass


class I2C:
    def __init__(self, id=0, *, scl=None, sda=None, freq=400000, timeout=50000):
        self.id = id
        self.freq = freq

    def scan(self):
        found = _vb.i2c_scan()
        return [int(found)] if found else []

    def writeto(self, addr, buf, stop=True):
        _interrupt_check()
        if not _vb.i2c_write(addr, binascii.hexlify(buf).decode()):
            raise OSError(5)      # no ACK: EIO, as the rp2 port says
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        data = bytearray()
        for v in vector:
            data.extend(v)
        self.writeto(addr, data)
        return len(data)

    def readfrom(self, addr, n, stop=True):
        raise OSError(5)

    def readfrom_into(self, addr, buf, stop=True):
        raise OSError(5)


class PWM:
    def __init__(self, pin, freq=None, duty_u16=None, **kw):
        self.key = _key(pin)
        self.f = 1000
        self.d = 0
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)

    def _report(self):
        _vb.pwm(self.key, self.f, self.d)

    def freq(self, f=None):
        if f is None:
            return self.f
        self.f = int(f)
        self._report()

    def duty_u16(self, d=None):
        if d is None:
            return self.d
        self.d = int(d)
        self._report()

    def deinit(self):
        self.d = 0
        self._report()


class Signal(Pin):
    pass


def _machine_module():
    m = _Namespace()
    m.Pin = Pin
    m.Signal = Signal
    m.ADC = ADC
    m.I2C = I2C
    m.SoftI2C = I2C
    m.PWM = PWM

    def reset():
        _vb.reset()

    def soft_reset():
        raise SystemExit

    m.reset = reset
    m.soft_reset = soft_reset
    m.freq = lambda *a: 125000000
    m.unique_id = lambda: b"vboard01"
    m.idle = _interrupt_check
    m.__name__ = "machine"
    return m


def run_file(name):
    """What a board does with boot.py and main.py: run it if it is there; an error
    prints its traceback and the REPL follows."""
    try:
        with open(name) as f:
            src = f.read()
    except OSError:
        return
    g = {"__name__": "__main__", "__file__": name}
    try:
        exec(compile(src, name, "exec"), g)
    except SystemExit:
        pass
    except BaseException as e:      # noqa: B036 - the board prints every exception
        sys.print_exception(e)


def install_hardware():
    """machine and time only (tools/bench/boot.py runs the bring-up on the unix port with
    a _vboard of its own)."""
    sys.modules["machine"] = _machine_module()
    sys.modules["time"] = _time_module()


def install():
    for empty in ("/home/web_user", "/home", "/tmp"):   # Emscripten's, not the board's
        try:
            _os.rmdir(empty)
        except OSError:
            pass
    install_hardware()
    sys.modules["os"] = _os_module()
    builtins.open = _wrap(builtins.open)
