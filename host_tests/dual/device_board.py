"""stud.boot.board.open_board() on a fake `machine`: runs under CPython and MicroPython.

    device_board.py MODE [uncaught]   MODE: ok | nodisplay | otheraddr | nopins | badpin

ok prints the I2C byte stream's digest and the events of a scripted stick and
button; the others print what a maker would see on the console (the LED's
blinks are recorded and printed too), ending with SystemExit(blink code).
"""
import sys
import time

if not hasattr(time, "ticks_ms"):           # CPython: the MicroPython clock calls
    time.ticks_ms = lambda: int(time.monotonic() * 1000)
    time.ticks_diff = lambda a, b: a - b
    time.sleep_ms = lambda ms: None

MODE = sys.argv[1] if len(sys.argv) > 1 else "ok"
LED = []
STREAM = []
CLOCK = [0]
ADC_VALUES = {26: 32768, 27: 32768}
LEVELS = {22: 1}
HANDLERS = {}               # pin -> its interrupt handler (machine.Pin.irq)
IRQS = []                   # how each was asked for


def set_level(pin, v):
    """The level changes: the pin's interrupt fires, as on the board."""
    if LEVELS.get(pin, 1) != v:
        LEVELS[pin] = v
        h = HANDLERS.get(pin)
        if h is not None:
            h(pin)


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=None, pull=None):
        if MODE == "badpin" and id == 99:
            raise ValueError("invalid pin")
        self.id = id

    def irq(self, handler=None, trigger=0, hard=False):
        HANDLERS[self.id] = handler
        IRQS.append("irq %s %s" % (trigger, "hard" if hard else "soft"))

    def value(self, v=None):
        if v is None:
            return LEVELS.get(self.id, 1)
        if self.id == "LED":
            LED.append(v)


class I2C:
    def __init__(self, id, sda=None, scl=None, freq=400000):
        self.id = id

    def scan(self):
        return {"nodisplay": [], "otheraddr": [0x3D]}.get(MODE, [0x3C])

    def writeto(self, addr, buf):
        STREAM.append(bytes(buf))

    def writevto(self, addr, vec):
        STREAM.append(b"".join(bytes(v) for v in vec))


class ADC:
    def __init__(self, pin):
        self.pin = pin.id

    def read_u16(self):
        return ADC_VALUES[self.pin]


class PWM:
    def __init__(self, pin):
        self.f = 0

    def freq(self, f):
        self.f = f

    def duty_u16(self, d):
        STREAM.append(b"pwm %d %d" % (self.f, d))


class machine:
    pass


machine.Pin = Pin
machine.I2C = I2C
machine.SoftI2C = I2C
machine.ADC = ADC
machine.PWM = PWM
sys.modules["machine"] = machine


class pins:
    NAME = "test Pico"
    I2C_ID = 0
    SDA = 4
    SCL = 99 if MODE == "badpin" else 5
    DISPLAY_ADDR = 0x3C
    JOY_X = 26
    JOY_Y = 27
    BUTTON = 22
    BUZZER = 15
    LED = "LED"


if MODE != "nopins":
    sys.modules["pins"] = pins

from stud.boot import board as boot  # noqa: E402

boot._sleep_ms = lambda ms: None


def digest(chunks):
    h = 0
    n = 0
    for c in chunks:
        for b in c:
            h = (h * 31 + b) & 0x3FFFFFFF
            n += 1
    return "%d bytes, hash %08x" % (n, h)


def stick_and_polled_button(board, names):
    """VRx floats for a second (every other reading at the far rail), later a hold at 90%
    for 2 s; then the button without its interrupt (sampled at each poll and every ms of
    the loop's sleep) through 1 ms glitches and one 15 ms tap.  Events and notices."""
    ctl = board.input
    reads = [0]
    read_x = ctl.joystick.x.read

    def vrx():
        reads[0] += 1
        if 4000 <= CLOCK[0] < 5000:
            return 65535 if reads[0] & 1 else 0
        return 58982 if 7000 <= CLOCK[0] < 9000 else read_x()
    ctl.joystick.x.read = vrx
    out = []
    told = None
    for t in range(4000, 10000, 20):
        CLOCK[0] = t
        for e in ctl.poll():
            out.append("%d:%s" % (t, names[e]))
        if ctl.warning is not told:
            told = ctl.warning
            out.append("%d:%s" % (t, "notice" if told else "clear"))
    print("stick", " ".join(out))
    ctl.button.interrupts = False
    glitches = (10004, 10013, 10020, 10021, 10040, 10045, 10060, 10077, 10120, 10125, 10130)
    out = []

    def sleep(ms):
        for _ in range(ms):
            CLOCK[0] += 1
            tap = 10300 <= CLOCK[0] < 10315
            LEVELS[22] = 0 if tap or CLOCK[0] in glitches else 1
    for t in range(10000, 10600, 20):
        sleep(t - CLOCK[0])
        for e in ctl.poll():
            out.append("%d:%s" % (t, names[e]))
        sleep(5)                                  # the frame's work
        ctl.rest(15, sleep)
    print("polled button", " ".join(out))


def main():
    if "uncaught" in sys.argv:
        boot.open_board(blink_cycles=1)      # SystemExit(code) ends the script
    try:
        board = boot.open_board(blink_cycles=1)
    except SystemExit as e:
        print("LED", "".join(str(v) for v in LED))
        print("exit", e.args[0] if e.args else 0)
        return
    board.ticks_ms = board.input.ticks_ms = board.input.button.ticks_ms = lambda: CLOCK[0]

    class Frame:
        buf = bytearray(1024)
        dirty = 0xFF

        def take_dirty(self):
            d = self.dirty
            self.dirty = 0
            return d

    f = Frame()
    for i in range(1024):
        f.buf[i] = (i * 7 + 3) & 0xFF
    board.display.show(f)
    f.dirty = 0b00100100
    board.display.show(f)
    board.display.contrast(40)
    board.buzzer.play("bet")
    names = ("", "UP", "DOWN", "LEFT", "RIGHT", "PRESS", "LONG_PRESS")
    seen = []
    for t in range(0, 3000, 20):
        CLOCK[0] = 1000 + t
        ADC_VALUES[27] = 2000 if 500 <= t < 1000 else 32768
        set_level(22, 0 if 1500 <= t < 1600 or 2000 <= t < 2800 else 1)
        for e in board.input.poll():
            seen.append("%d:%s" % (t, names[e]))
    print("stream", digest(STREAM))
    print("events", " ".join(seen))
    print("button", " ".join(IRQS))
    if MODE == "ok":
        stick_and_polled_button(board, names)
    if MODE == "alloc":                       # MicroPython only: heap used by polls and flushes
        import gc
        del STREAM[:]
        STREAM.append(b"")
        I2C.writeto = lambda self, addr, buf: None
        I2C.writevto = lambda self, addr, vec: None
        PWM.duty_u16 = lambda self, d: None
        poll = board.input.poll
        show = board.display.show
        gc.collect()
        before = gc.mem_alloc()
        for t in range(200):                  # taps (through the interrupt) and pushes
            CLOCK[0] = 5000 + t * 20
            set_level(22, 0 if t % 8 < 3 else 1)
            ADC_VALUES[26] = 65535 if t % 50 < 20 else 32768
            for e in poll():
                pass
        polled = gc.mem_alloc() - before
        f.dirty = 0b10100101
        show(f)                               # the runs' slices are made once, here
        gc.collect()
        before = gc.mem_alloc()
        for t in range(50):
            f.dirty = 0b10100101
            show(f)
        print("alloc poll x200 %d bytes, show x50 %d bytes" % (polled, gc.mem_alloc() - before))
        # the button without its interrupt, sampled while the loop sleeps (CircuitPython's
        # way), and a VRx that floats (every other reading at the far rail), then sticks
        ctl = board.input
        ctl.button.interrupts = False
        reads = [0]

        def floating():
            reads[0] += 1
            return 65535 if reads[0] & 1 else 0
        ctl.joystick.x.read = floating

        def sleep(ms):
            CLOCK[0] += ms

        def frames(n):
            for t in range(n):
                CLOCK[0] += 5
                set_level(22, 0 if t % 8 < 3 else 1)
                for e in poll():
                    pass
                ctl.rest(15, sleep)
        frames(20)                            # (the notice's words are made once, here)
        gc.collect()
        before = gc.mem_alloc()
        frames(200)
        print("alloc polled+rest x200 %d bytes, %s" % (gc.mem_alloc() - before,
                                                       "floating" if ctl.warning else "MISSED"))
        import micropython                    # a hard interrupt may not touch the heap
        edge = HANDLERS[22]
        micropython.heap_lock()
        for t in range(40):
            LEVELS[22] = t & 1
            edge(22)
        micropython.heap_unlock()
        print("edge handler under heap_lock x40 ok")


main()
