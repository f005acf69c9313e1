"""Joystick and button drivers against synthetic ADC and pin traces: noise around
the centre, slow drift, contact bounce, a stick held for seconds.  No phantom
events, repeats on time, long presses told from presses."""
import random

import pytest

from stud.core.events import NAMES
from stud.drivers.joystick import Joystick
from stud.drivers.repeat import REPEAT_DELAY_MS, REPEAT_MS
from stud.drivers.button import Button, LONG_MS
from stud.drivers.controls import Controls
from stud.drivers.buzzer import Buzzer, SOUNDS


def diff(a, b):
    return a - b


class Stick:
    """Two ADC channels whose values are functions of the time (fractions of full scale)."""

    def __init__(self, bits=16, seed=1, noise=0.05):
        self.bits = bits
        self.full = (1 << bits) - 1
        self.t = 0
        self.x = lambda t: 0.5
        self.y = lambda t: 0.5
        self.rng = random.Random(seed)
        self.noise = noise

    def _read(self, f):
        v = f(self.t) + self.rng.uniform(-self.noise, self.noise)
        return max(0, min(self.full, int(v * self.full)))

    def read_x(self):
        return self._read(self.x)

    def read_y(self):
        return self._read(self.y)


def run_stick(stick, until, step=20, **kw):
    """Poll every `step` ms up to `until`; returns [(t, event name)]."""
    j = Joystick(stick.read_x, stick.read_y, stick.bits, **kw)
    out = []
    t = 0
    while t < until:
        stick.t = t
        e = j.update(t, diff)
        if e:
            out.append((t, NAMES[e]))
        t += step
    return out, j


@pytest.mark.parametrize("bits", [12, 16])
@pytest.mark.parametrize("seed", range(5))
def test_noise_of_five_percent_around_the_centre_makes_no_events(bits, seed):
    events, j = run_stick(Stick(bits, seed), 20000)
    assert events == [] and j.warnings == []


@pytest.mark.parametrize("bits", [12, 16])
def test_a_slow_drift_of_the_centre_makes_no_events_and_a_push_still_counts(bits):
    s = Stick(bits, 7, noise=0.05)
    # the resting point drifts from 50% to 72% over 60 s (temperature, a sagging supply)
    s.x = lambda t: 0.5 + 0.22 * min(t, 60000) / 60000
    s.y = lambda t: 0.5 - 0.15 * min(t, 60000) / 60000
    events, _ = run_stick(s, 61000)
    assert events == []
    # then a real push to the right, after the drift
    s2 = Stick(bits, 8, noise=0.05)
    s2.x = lambda t: 0.5 + 0.22 * min(t, 60000) / 60000 if t < 61000 else 0.97
    events, _ = run_stick(s2, 61300)
    assert [e for _, e in events] == ["RIGHT"]


def held_right(t):
    return 1.0 if 1000 <= t < 3000 else 0.5


@pytest.mark.parametrize("bits", [12, 16])
def test_a_stick_held_for_two_seconds_repeats_on_time(bits):
    s = Stick(bits, 3)
    s.x = held_right
    events, _ = run_stick(s, 5000)
    times = [t for t, _ in events]
    want = [1000] + list(range(1000 + REPEAT_DELAY_MS, 3000, REPEAT_MS))
    assert times == want and set(e for _, e in events) == {"RIGHT"}
    assert len(events) == 15


def test_a_slow_noisy_release_through_the_thresholds_does_not_chatter():
    s = Stick(16, 4, noise=0.05)
    # push up over 100 ms, hold 50 ms, come back over 200 ms (under the repeat delay):
    # the noisy reading crosses both thresholds slowly, sampled every 5 ms

    def y(t):
        if t < 1000:
            return 0.5
        if t < 1100:
            return 0.5 - 0.5 * (t - 1000) / 100
        if t < 1150:
            return 0.0
        if t < 1350:
            return 0.0 + 0.5 * (t - 1150) / 200
        return 0.5
    s.y = y
    events, _ = run_stick(s, 3000, step=5)
    assert [e for _, e in events] == ["UP"]


def test_diagonals_go_to_the_axis_pushed_further_and_switching_axes_is_a_new_event():
    s = Stick(16, 5, noise=0.0)
    s.x = lambda t: 0.95 if t >= 100 else 0.5
    s.y = lambda t: (0.70 if t < 300 else 0.02) if t >= 100 else 0.5
    events, _ = run_stick(s, 360)
    assert [e for _, e in events] == ["RIGHT", "UP"]


@pytest.mark.parametrize("kw,push,want", [
    ({}, ("x", 1.0), "RIGHT"), ({}, ("x", 0.0), "LEFT"),
    ({}, ("y", 1.0), "DOWN"), ({}, ("y", 0.0), "UP"),
    ({"invert_x": True}, ("x", 1.0), "LEFT"), ({"invert_y": True}, ("y", 1.0), "UP"),
    ({"swap": True}, ("x", 1.0), "DOWN"), ({"swap": True}, ("y", 0.0), "LEFT"),
    ({"swap": True, "invert_x": True}, ("y", 1.0), "LEFT"),
])
def test_rotated_and_mirrored_sticks_follow_the_board_map(kw, push, want):
    s = Stick(16, 6, noise=0.02)
    axis, value = push
    setattr(s, axis, lambda t: value if t >= 100 else 0.5)
    events, _ = run_stick(s, 200, **kw)
    assert [e for _, e in events] == [want]


def test_a_stick_pushed_at_boot_is_reported_and_mid_scale_used():
    s = Stick(16, 9, noise=0.0)
    s.x = lambda t: 1.0 if t < 100 else 0.5
    events, j = run_stick(s, 2000)
    assert any("pushed at boot" in w for w in j.warnings)
    assert [e for _, e in events] == ["RIGHT"]       # released: nothing more


def test_an_unconnected_floating_pin_is_reported():
    s = Stick(16, 10, noise=0.4)
    _, j = run_stick(s, 20)
    assert any("jump" in w for w in j.warnings)


# ---- the button ---------------------------------------------------------------------
class Contact:
    """An active-low button: pressed intervals, each edge bouncing for `bounce` ms."""

    def __init__(self, presses, bounce=5, seed=1):
        self.presses = presses
        self.bounce = bounce
        self.rng = random.Random(seed)
        self.t = 0

    def level(self):
        t = self.t
        for a, b in self.presses:
            for edge in (a, b):
                if edge <= t < edge + self.bounce:
                    return self.rng.getrandbits(1)
            if a <= t < b:
                return 0
        return 1


def run_button(contact, until, step=1, at_boot=0):
    contact.t = at_boot
    b = Button(contact.level, at_boot)
    out = []
    t = at_boot
    while t < until:
        contact.t = t
        e = b.update(t, diff)
        if e:
            out.append((t, NAMES[e]))
        t += step
    return out, b


@pytest.mark.parametrize("step", [1, 5, 20])
@pytest.mark.parametrize("seed", range(5))
def test_a_bouncing_short_press_is_one_press(step, seed):
    events, _ = run_button(Contact([(100, 250)], 5, seed), 1000, step)
    assert [e for _, e in events] == ["PRESS"]
    assert 250 <= events[0][0] <= 250 + 5 + 10 + 2 * step


@pytest.mark.parametrize("step", [1, 20])
def test_a_press_held_two_seconds_is_one_long_press_and_no_press(step):
    events, _ = run_button(Contact([(100, 2100)], 5, 3), 3000, step)
    assert [e for _, e in events] == ["LONG_PRESS"]
    assert 100 + LONG_MS <= events[0][0] <= 100 + LONG_MS + 5 + 10 + 2 * step


def test_presses_in_a_row_are_each_counted():
    presses = [(100, 180), (400, 470), (700, 1500), (1800, 1900)]
    events, _ = run_button(Contact(presses, 5, 4), 2500, 1)
    assert [e for _, e in events] == ["PRESS", "PRESS", "LONG_PRESS", "PRESS"]


def test_bounce_alone_with_no_press_makes_nothing():
    c = Contact([], 5)
    c.level = lambda: 1 if (c.t // 3) % 2 == 0 or c.t > 8 else 0   # 8 ms of chatter, then open
    events, _ = run_button(c, 500, 1)
    assert events == []


def test_a_button_down_at_boot_must_be_released_before_it_presses():
    events, b = run_button(Contact([(0, 900), (1200, 1300)], 0), 2000, 1)
    assert b.stuck_at_boot
    assert [e for _, e in events] == ["PRESS"] and events[0][0] >= 1300


# ---- together: the board's input source, and the buzzer -----------------------------
class Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now


class FakePWM:
    def __init__(self):
        self.log = []
        self.f = 0
        self.duty = 0

    def freq(self, f):
        self.f = f

    def duty_u16(self, d):
        self.duty = d
        self.log.append((self.f if d else 0))


def test_controls_poll_returns_the_events_of_this_poll_without_allocating_new_buffers():
    clock = Clock()
    s = Stick(16, 11, noise=0.0)
    s.y = lambda t: 0.0 if 100 <= t < 150 else 0.5
    c = Contact([(100, 200)], 0)
    j = Joystick(s.read_x, s.read_y, 16)
    b = Button(c.level, 0)
    ctl = Controls(j, b, clock.ticks_ms, diff)
    seen = []
    views = set()
    for t in range(0, 400, 20):
        clock.now = s.t = c.t = t
        got = ctl.poll()
        views.add(id(got))
        seen.extend(NAMES[e] for e in got)
    assert seen == ["UP", "PRESS"]
    assert len(views) <= 3          # the same preallocated views, reused


def test_the_buzzer_plays_without_blocking_and_mute_silences_it():
    clock = Clock()
    pwm = FakePWM()
    z = Buzzer(pwm, clock.ticks_ms, diff)
    z.play("win")
    for t in range(0, 1000, 20):
        clock.now = t
        z.update(t)
    notes = SOUNDS["win"]
    assert [f for f in pwm.log if f] == list(notes[0::2])
    assert pwm.duty == 0                        # silent at the end
    z.mute(True)
    z.play("bet")
    assert z.notes is None and pwm.duty == 0
    z.mute(False)
    z.play("no such sound")                     # unknown: silence, never a crash
    for name in ("deal", "bet", "win", "lose"):
        z.play(name)
        assert z.notes == SOUNDS[name] and pwm.duty


# ---- issue 12: taps at any frame time, a stick that never moves by itself -------------
# (the harness, tools/inputbench.py, is what `make bench` prints as a table too)
import inputbench  # noqa: E402
from stud.drivers.joystick import STUCK_MS, warning  # noqa: E402


@pytest.mark.parametrize("frame", inputbench.FRAMES)
@pytest.mark.parametrize("tap", inputbench.TAPS)
def test_with_the_pin_interrupt_no_tap_of_20_ms_or_longer_is_missed_at_any_frame_time(frame, tap):
    seen, missed, phantom = inputbench.tap_counts(tap, frame, 300, chatter=5)
    assert (missed, phantom) == (0, 0)


@pytest.mark.parametrize("frame", inputbench.FRAMES)
def test_with_the_pin_interrupt_5_ms_of_chatter_alone_never_presses(frame):
    assert inputbench.chatter_phantoms(frame, 300, chatter=5) == 0


@pytest.mark.parametrize("frame", inputbench.FRAMES)
def test_sampled_at_each_poll_a_tap_longer_than_a_frame_is_never_missed(frame):
    seen, missed, phantom = inputbench.tap_counts(frame + 10, frame, 300, interrupts=False)
    assert (missed, phantom) == (0, 0)


def test_a_long_press_by_interrupt_comes_while_held_even_when_polls_are_slow():
    changes = [(100, 1), (1000, 0)]
    events = inputbench.run_button(changes, 1500, 50)
    assert [(t, NAMES[e]) for t, e in events] == [(700, "LONG_PRESS")]


def test_a_tap_between_two_slow_polls_is_pressed_at_the_next_poll():
    events = inputbench.run_button([(110, 1), (131, 0)], 300, 50)
    assert [(t, NAMES[e]) for t, e in events] == [(150, "PRESS")]


def test_the_interrupt_ring_full_of_chatter_still_gives_one_press():
    clock = [0]
    level = [1]
    b = Button(lambda: level[0], 0, ticks_ms=lambda: clock[0])
    b.use_interrupts()
    for t in range(100, 140):            # 40 edges in 40 ms, no poll: the ring overflows
        clock[0] = t
        level[0] = t & 1
        b.edge()
    clock[0] = 140
    level[0] = 0                         # then held down ...
    b.edge()
    seen = [b.update(200, diff)]
    clock[0] = 230
    level[0] = 1                         # ... and released
    b.edge()
    seen += [b.update(t, diff) for t in (250, 300)]
    assert [NAMES[e] for e in seen if e] == ["PRESS"]


@pytest.mark.parametrize("rate", [1e-4, 1e-3])
def test_single_sample_spikes_to_the_rails_make_no_events_in_ten_minutes(rate):
    events, _ = inputbench.run_stick(seconds=600, spike=rate, seed=2)
    assert events == []


def test_among_spikes_every_real_push_is_one_event():
    events, _ = inputbench.run_stick(x=inputbench.pushes(2000), seconds=120, spike=1e-3, seed=3)
    assert inputbench.count_pushes(events, 2000, 120, "RIGHT") == (0, 0)


@pytest.mark.parametrize("off", [0.2, 0.3, -0.3])
def test_a_sudden_offset_at_rest_is_taken_as_the_new_centre(off):
    events, _ = inputbench.run_offset(off, seconds=120)
    assert len(events) <= 10 and [e for e in events if e[0] >= 13000] == []


def test_after_a_new_centre_a_push_still_counts():
    s = Stick(16, 12, noise=0.05)
    s.x = lambda t: 0.5 if t < 1000 else (0.7 if t < 5000 else 0.0)   # an offset, then a push
    events, _ = run_stick(s, 5200)
    assert [e for t, e in events if t >= 5000] == ["LEFT"]


def test_an_axis_stuck_at_a_rail_is_ignored_with_a_warning_and_the_other_axis_plays():
    events, j = inputbench.run_stuck(seconds=30)
    right = [t for t, e in events if e == "RIGHT"]
    assert right and max(right) < STUCK_MS + 100
    assert j.warning == warning(1) and "LEFT-RIGHT" in j.warning
    down = [e for e in events if e[1] == "DOWN"]
    assert inputbench.count_pushes(down, 2000, 30, "DOWN") == (0, 0)


def test_a_stick_held_at_the_rail_for_under_two_seconds_is_not_stuck():
    s = Stick(16, 13)
    s.x = lambda t: 1.0 if 1000 <= t < 2900 else 0.5
    events, j = run_stick(s, 4000)
    assert j.warning is None and len(events) == 1 + (1900 - REPEAT_DELAY_MS) // REPEAT_MS + 1


def test_a_stuck_axis_that_comes_back_plays_again_and_the_warning_goes():
    s = Stick(16, 14, noise=0.02)
    s.y = lambda t: 0.0 if t < 3000 else (1.0 if 4000 <= t < 4100 else 0.5)
    j = Joystick(s.read_x, s.read_y, 16)
    warned = []
    out = []
    for t in range(0, 5000, 20):
        s.t = t
        e = j.update(t, diff)
        warned.append(j.warning)
        if e:
            out.append((t, NAMES[e]))
    assert warning(2) in warned and warned[-1] is None
    assert [e for t, e in out if t >= 3000] == ["DOWN"]


def test_a_swapped_stick_names_the_stuck_axis_as_the_screen_sees_it():
    s = Stick(16, 15, noise=0.0)
    s.x = lambda t: 0.0
    _, j = run_stick(s, 3000, swap=True)
    assert j.warning == warning(2) and "UP-DOWN" in j.warning


def test_controls_show_the_joysticks_warning():
    clock = Clock()
    s = Stick(16, 16, noise=0.0)
    s.x = lambda t: 1.0
    ctl = Controls(Joystick(s.read_x, s.read_y, 16), None, clock.ticks_ms, diff)
    for t in range(0, 2600, 20):
        clock.now = s.t = t
        ctl.poll()
    assert ctl.warning == warning(1)


def test_a_stuck_axis_is_told_on_the_screen_and_the_button_answers_it(capsys):
    import host
    import ui_driver
    clock = host.VirtualClock()
    s = Stick(16, 17, noise=0.01)
    s.x = lambda t: 1.0                             # VRx shorted to 3V3 from boot
    level = [1]
    ctl = Controls(Joystick(s.read_x, s.read_y, 16), Button(lambda: level[0], 0),
                   clock.ticks_ms, clock.ticks_diff)
    board = host.HostBoard(ctl, clock, host.RecordingDisplay())
    app = ui_driver.make_app(board, 3, frame=ui_driver._recording().RecordingFrame())
    rec = ui_driver._recording()

    def run(ms):
        end = clock.now + ms
        while clock.now < end:
            s.t = clock.now
            app.tick()
            clock.sleep_ms(ui_driver.FRAME_MS)

    run(STUCK_MS - 200)
    assert rec.model(app)["screen"] == "title"
    run(400)
    m = rec.model(app)
    assert m["screen"] == "alert" and m["title"] == "[JOYSTICK]"
    assert "LEFT-RIGHT" in m["text"] and "IGNORED" in m["text"]
    assert "LEFT-RIGHT" in capsys.readouterr().out           # and on the console
    run(2000)
    assert rec.model(app)["screen"] == "alert"              # the stuck axis moves nothing
    level[0] = 0
    run(100)
    level[0] = 1
    run(100)
    assert rec.model(app)["screen"] == "title"              # the button answers the notice


def test_a_port_whose_pin_interrupt_never_fires_still_presses_by_sampling():
    events, _ = run_button(Contact([(100, 250)], 0), 400, 20)
    c = Contact([(100, 250)], 0)
    b = Button(c.level, 0, ticks_ms=lambda: c.t)
    b.use_interrupts()                   # (tools/vboard_machine.py's irq() does nothing)
    seen = []
    for t in range(0, 400, 20):
        c.t = t
        e = b.update(t, diff)
        if e:
            seen.append((t, NAMES[e]))
    assert seen == [(t, NAMES[e]) for t, e in [(ev[0], 5) for ev in events]] and len(seen) == 1


@pytest.mark.parametrize("frame", inputbench.FRAMES)
def test_without_an_interrupt_sampling_while_the_loop_sleeps_sees_every_tap_of_30_ms(frame):
    for tap in (30, 40, 60):
        rest = inputbench.REST["polled+rest"]
        seen, missed, phantom = inputbench.tap_counts(tap, frame, 300, **rest)
        assert (missed, phantom) == (0, 0), tap


def test_controls_rest_samples_a_button_without_interrupt_while_sleeping():
    clock = Clock()
    c = Contact([(110, 135)], 0)                 # a 25 ms tap between two polls 50 ms apart
    b = Button(c.level, 0)
    ctl = Controls(None, b, clock.ticks_ms, diff)
    slept = []

    def sleep_ms(n):
        slept.append(n)
        clock.now += n
        c.t = clock.now

    seen = []
    while clock.now < 300:
        c.t = clock.now
        seen += [(clock.now, NAMES[e]) for e in ctl.poll()]
        ctl.rest(50, sleep_ms)
    assert seen == [(150, "PRESS")] and max(slept) == 4
