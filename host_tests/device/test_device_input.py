"""Joystick and button drivers against synthetic ADC and pin traces: noise around
the centre, slow drift, contact bounce, a stick held for seconds, spikes, glitches,
a floating pin, a stuck axis.  No phantom events, repeats on time, long presses told
from presses.  (The harness, tools/device/inputbench.py, is what `make bench` prints as a
table too.)"""
import random

import pytest

from stud.core.events import NAMES
from stud.drivers.joystick import Joystick, STILL_MS, FLOAT_MAX, warning
from stud.drivers.repeat import REPEAT_DELAY_MS, REPEAT_MS
from stud.drivers.button import Button, LONG_MS, SEEN, SEEN_MS
from stud.drivers.controls import Controls, REST_SLICE_MS
from stud.drivers.buzzer import Buzzer, SOUNDS

from tools.device import inputbench


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


def poll(device, source, start, until, step):
    """Update `device` every `step` ms from `start` up to `until`, its `source` (the
    stick or the contact) at that time; returns ([(t, event name)], device)."""
    out = []
    t = start
    while t < until:
        source.t = t
        e = device.update(t, diff)
        if e:
            out.append((t, NAMES[e]))
        t += step
    return out, device


def run_stick(stick, until, step=20, **kw):
    """Poll every `step` ms up to `until`; returns [(t, event name)]."""
    return poll(Joystick(stick.read_x, stick.read_y, stick.bits, **kw), stick, 0, until, step)


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
    # taken at its second poll (one frame of latency), then the repeat schedule
    want = [1020] + list(range(1020 + REPEAT_DELAY_MS, 3000, REPEAT_MS))
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


def test_a_stick_pushed_to_the_end_at_boot_is_reported_stuck_until_it_moves_and_mid_scale_used():
    s = Stick(16, 9, noise=0.0)
    s.x = lambda t: 1.0 if t < 100 else 0.5
    j = Joystick(s.read_x, s.read_y, 16)
    assert any("pushed at boot" in w for w in j.warnings)
    told = []
    for t in range(0, 2000, 20):
        s.t = t
        assert j.update(t, diff) == 0                  # no move: not the push, not the release
        told.append(j.warning)
    assert told[0] == warning(1) and told[-1] is None


def test_an_unconnected_floating_pin_is_reported():
    s = Stick(16, 10, noise=0.4)
    _, j = run_stick(s, 20)
    assert any("jump" in w for w in j.warnings)
    assert j.warning == warning(0, 3) and "JUMPS ABOUT" in j.warning


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
    return poll(Button(contact.level, at_boot), contact, at_boot, until, step)


@pytest.mark.parametrize("step", [1, 5, 20])
@pytest.mark.parametrize("seed", range(5))
def test_a_bouncing_short_press_is_one_press(step, seed):
    events, _ = run_button(Contact([(100, 250)], 5, seed), 1000, step)
    assert [e for _, e in events] == ["PRESS"]
    assert 250 <= events[0][0] <= 250 + 5 + SEEN * step + SEEN_MS


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
@pytest.mark.parametrize("frame", inputbench.FRAMES)
@pytest.mark.parametrize("tap", inputbench.TAPS)
def test_with_the_pin_interrupt_no_tap_of_15_ms_or_longer_is_missed_at_any_frame_time(frame, tap):
    seen, missed, phantom = inputbench.tap_counts(tap, frame, 300, chatter=5)
    assert (missed, phantom) == (0, 0)


@pytest.mark.parametrize("frame", inputbench.FRAMES)
def test_with_the_pin_interrupt_5_ms_of_chatter_alone_never_presses(frame):
    assert inputbench.chatter_phantoms(frame, 300, chatter=5) == 0


@pytest.mark.parametrize("frame", inputbench.FRAMES)
def test_sampled_at_each_poll_only_a_tap_of_three_frames_is_never_missed(frame):
    # three polls in a row must read it (stud.drivers.button: SEEN): three frames of contact
    # after the bounce hold three polls whatever the phase
    seen, missed, phantom = inputbench.tap_counts(3 * frame + 5, frame, 300, interrupts=False)
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


@pytest.mark.parametrize("rate", inputbench.SPIKE_RATES)
def test_single_reading_spikes_to_the_rails_make_no_events_in_ten_minutes(rate):
    events, _ = inputbench.run_stick(seconds=600, spike=rate, seed=2)
    assert events == []


@pytest.mark.parametrize("kind", ["spike", "burst"])
def test_among_spikes_every_real_push_is_one_event(kind):
    events, _ = inputbench.run_stick(x=inputbench.pushes(2000), seconds=120, seed=3,
                                     **{kind: 1e-3})
    assert inputbench.count_pushes(events, 2000, 120, "RIGHT") == (0, 0)


@pytest.mark.parametrize("off", [0.1, 0.2, -0.2])
def test_a_sudden_offset_short_of_the_threshold_is_a_new_centre_and_never_a_move(off):
    events, _ = inputbench.run_offset(off, seconds=120)
    assert events == []


def test_after_a_new_centre_a_push_still_counts():
    s = Stick(16, 12, noise=0.05)
    s.x = lambda t: 0.5 if t < 1000 else (0.7 if t < 5000 else 0.0)   # an offset, then a push
    events, _ = run_stick(s, 5200)
    assert [e for t, e in events if t >= 5000] == ["LEFT"]


# ---- issue 32: the stick means what the thumb does -------------------------------------
HOLDS = [0.78, 0.80, 0.85, 0.89, 0.95, 1.0]     # of the scale: the threshold is at 75%


def holding(level, start, end):
    return lambda t: level if start <= t < end else 0.5


def transitions(log):
    """A watch for inputbench.run_stick that logs (t, warning) each time it changes."""
    def watch(t, j):
        if not log or log[-1][1] != j.warning:
            log.append((t, j.warning))
    return watch


@pytest.mark.parametrize("axis", ["x", "y"])
@pytest.mark.parametrize("level", HOLDS + [1 - v for v in HOLDS])
def test_a_hold_anywhere_past_the_threshold_repeats_until_let_go_and_letting_go_moves_nothing(
        level, axis):
    # 78-89% of the scale: where a hold used to stop after a second and give 6 moves back
    s = Stick(16, 21)
    setattr(s, axis, holding(level, 1000, 7000))
    events, j = run_stick(s, 10000)
    want = {"x": ("LEFT", "RIGHT"), "y": ("UP", "DOWN")}[axis][level > 0.5]
    assert set(e for _, e in events) == {want}        # never the other way, not on release
    times = [t for t, _ in events]
    # taken on its second poll (at 78%, 3% past the threshold, the 5% noise may hold it
    # back a few polls) ...
    assert 1000 < times[0] <= 1100
    # ... then on the repeat schedule, for as long as it is held, and nothing after
    assert times == [times[0]] + list(range(times[0] + REPEAT_DELAY_MS, 7000, REPEAT_MS))
    assert j.warning is None


@pytest.mark.parametrize("frame", [33, 50])
@pytest.mark.parametrize("level", [0.78, 0.89, 1.0, 0.0])
def test_holds_repeat_to_the_end_and_release_gives_nothing_at_slower_frames_too(level, frame):
    # ten holds of 5 s: (repeats missing, moves against the hold, other extra moves)
    assert inputbench.hold_counts(level, frame=frame) == (0, 0, 0)


@pytest.mark.parametrize("level", [0.6, 0.7, 0.3])
def test_a_push_short_of_the_threshold_moves_nothing_not_even_on_release(level):
    s = Stick(16, 22)
    s.x = holding(level, 1000, 6000)
    events, _ = run_stick(s, 9000)
    assert events == []


def test_a_hold_at_the_end_stop_is_a_hold_not_a_stuck_axis():
    log = []
    events, _ = inputbench.run_stick(x=holding(1.0, 1000, 11000), seconds=13, seed=23,
                                     watch=transitions(log))
    assert log == [(0, None)]
    assert [t for t, e in events if e == "RIGHT"] == [1020] + list(range(1420, 11000, REPEAT_MS))
    assert len(events) == 1 + (11000 - 1420 - 1) // REPEAT_MS + 1


def test_a_hold_of_two_minutes_with_nothing_else_used_is_still_a_hold():
    log = []
    events, _ = inputbench.run_stick(x=holding(0.0, 1000, 121000), seconds=122, seed=25,
                                     watch=transitions(log))
    assert log == [(0, None)]
    assert [t for t, e in events] == [1020] + list(range(1420, 121000, REPEAT_MS))


def test_an_axis_at_a_rail_from_boot_is_stuck_from_the_first_poll_and_the_other_axis_plays():
    log = []
    events, _ = inputbench.run_stick(x=lambda t: 1.0, y=inputbench.pushes(2000, start=5000),
                                     seconds=30, seed=6, watch=transitions(log))
    assert log == [(0, warning(1))] and "LEFT-RIGHT IS STUCK" in warning(1)
    assert [e for e in events if e[1] in ("LEFT", "RIGHT")] == []
    down = [e for e in events if e[1] == "DOWN"]
    assert inputbench.count_pushes(down, 2000, 30, "DOWN") == (0, 0)


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
    assert warned[0] == warning(2) and warned[-1] is None
    assert out == [(4020, "DOWN")]


def test_an_axis_held_still_for_a_minute_while_the_button_is_used_is_stuck_until_it_moves():
    # VRx rests at 80% from 10 s (knocked, or a thumb that stopped playing) while the
    # button is tapped every 5 s; at 100 s it comes back, at 105 s a real push
    def x(t):
        if 10000 <= t < 100000:
            return 0.8
        return 1.0 if 105000 <= t < 105150 else 0.5
    log = []
    events, _ = inputbench.run_stick(x=x, seconds=110, seed=24, taps_every=5000,
                                     watch=transitions(log))
    assert [w for _, w in log] == [None, warning(1), None]
    stuck, back = log[1][0], log[2][0]
    assert 10000 + STILL_MS <= stuck <= 10000 + STILL_MS + 40 and 100000 <= back <= 100040
    rights = [t for t, e in events if e == "RIGHT"]
    assert rights[:2] == [10020, 10420] and max(t for t in rights if t < 105000) < stuck
    assert [e for t, e in events if t >= stuck] == ["RIGHT"]          # the push at 105 s
    assert [e for _, e in events if e != "RIGHT"] == []


@pytest.mark.parametrize("frame", inputbench.FRAMES)
@pytest.mark.parametrize("rate", [1e-3, 1e-2])
def test_spikes_that_fill_one_poll_never_move_the_cursor(rate, frame):
    # each spike: both readings of a poll at a rail (never two polls in a row)
    events, _ = inputbench.run_stick(seconds=300, frame=frame, burst=rate, isolated=True, seed=2)
    assert events == []


@pytest.mark.parametrize("frame", inputbench.FRAMES)
def test_a_push_is_taken_on_its_second_poll_and_one_that_fills_a_single_poll_is_not(frame):
    one = 10 * frame                           # the end stop for exactly one poll ...
    two = 30 * frame                           # ... then for exactly two
    x = lambda t: 1.0 if t == one or two <= t < two + 2 * frame else 0.5   # noqa: E731
    events, _ = inputbench.run_stick(x=x, seconds=3, frame=frame, seed=26)
    assert events == [(two + frame, "RIGHT")]  # one frame of latency


@pytest.mark.parametrize("seed", range(4))
def test_a_floating_axis_gets_the_notice_and_is_ignored_until_it_settles(seed):
    # VRx unconnected from boot to 30 s, then wired; UP-DOWN plays all along; a push at 36 s
    log = []
    events, _ = inputbench.run_stick(
        x=lambda t: 1.0 if 36000 <= t < 36150 else 0.5, y=inputbench.pushes(2000, start=5000),
        xnoise=lambda t: inputbench.FLOATING if t < 30000 else 0.05, seconds=37, seed=seed,
        watch=transitions(log))
    assert [w for _, w in log] == [warning(0, 1), None] and log[0][0] == 0
    assert "LEFT-RIGHT JUMPS ABOUT" in warning(0, 1)
    assert 30000 < log[1][0] <= 30000 + FLOAT_MAX * 20 + 40      # settled: the notice goes
    assert [e for e in events if e[1] in ("LEFT", "RIGHT")] == [(36020, "RIGHT")]
    down = [e for e in events if e[1] == "DOWN"]
    assert inputbench.count_pushes(down, 2000, 37, "DOWN") == (0, 0)


@pytest.mark.parametrize("seed", range(8))
def test_a_pin_that_starts_to_float_is_caught_within_half_a_second(seed):
    log = []
    events, _ = inputbench.run_stick(xnoise=inputbench.floating_from(10000), seconds=20,
                                     seed=seed, watch=transitions(log))
    assert [w for _, w in log] == [None, warning(0, 1)]
    on = log[1][0]
    assert 10000 < on <= 10500
    assert [e for e in events if e[0] >= on] == []
    # before the notice: only what the first few polls' swings could pass for a push
    assert len(events) <= 2


def test_quick_flicks_of_the_stick_are_each_seen_and_never_taken_for_floating():
    # five flicks a second for 10 s, 100 ms at the end stop each, alternately right and left
    def x(t):
        k, r = divmod(t - 1000, 200)
        if 0 <= k < 50 and r < 100:
            return 1.0 if k % 2 == 0 else 0.0
        return 0.5
    log = []
    events, _ = inputbench.run_stick(x=x, seconds=12, seed=27, watch=transitions(log))
    assert log == [(0, None)]
    assert [e for _, e in events] == ["RIGHT", "LEFT"] * 25


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
    clock.now = 20
    ctl.poll()
    assert ctl.warning == warning(1)


def _ui(stick, level):
    """The app on a host board whose input is this stick and a button at `level`."""
    import host
    import ui_driver
    clock = host.VirtualClock()
    ctl = Controls(Joystick(stick.read_x, stick.read_y, 16), Button(lambda: level[0], 0),
                   clock.ticks_ms, clock.ticks_diff)
    board = host.HostBoard(ctl, clock, host.RecordingDisplay())
    app = ui_driver.make_app(board, 3, frame=ui_driver._recording().RecordingFrame())
    rec = ui_driver._recording()

    def run(ms):
        end = clock.now + ms
        while clock.now < end:
            stick.t = clock.now
            app.tick()
            clock.sleep_ms(ui_driver.FRAME_MS)
        return rec.model(app)
    return run


def test_a_stuck_axis_is_told_on_the_screen_and_the_button_answers_it(capsys):
    s = Stick(16, 17, noise=0.01)
    s.x = lambda t: 1.0                             # VRx shorted to 3V3 from boot
    level = [1]
    run = _ui(s, level)
    m = run(100)
    assert m["screen"] == "alert" and m["title"] == "[JOYSTICK]"
    assert "LEFT-RIGHT" in m["text"] and "IGNORED" in m["text"]
    assert "LEFT-RIGHT" in capsys.readouterr().out           # and on the console
    assert run(3000)["screen"] == "alert"                   # the stuck axis moves nothing
    level[0] = 0
    run(100)
    level[0] = 1
    assert run(100)["screen"] == "title"                    # the button answers the notice


def test_the_notice_goes_by_itself_as_soon_as_the_stuck_axis_moves():
    s = Stick(16, 18, noise=0.01)
    s.x = lambda t: 1.0 if t < 3000 else 0.5        # pushed at power-up, let go at 3 s
    run = _ui(s, [1])
    assert run(3000)["screen"] == "alert"
    m = run(60)
    assert m["screen"] == "title", m                # no press needed, and no move made


def test_a_floating_axis_gets_the_same_notice_page():
    s = Stick(16, 19, noise=0.0)
    s.rng = random.Random(19)
    s.x = lambda t: 0.5 + (0.4 if s.rng.getrandbits(1) else -0.4) * s.rng.random()
    m = _ui(s, [1])(200)
    assert m["screen"] == "alert" and m["title"] == "[JOYSTICK]"
    assert "LEFT-RIGHT" in m["text"] and "JUMPS ABOUT" in m["text"] and "IGNORED" in m["text"]


# ---- issue 32: the button without its interrupt debounces too ---------------------------
def test_a_port_whose_pin_interrupt_never_fires_still_presses_by_sampling():
    events, _ = run_button(Contact([(100, 250)], 0), 400, 20)
    c = Contact([(100, 250)], 0)
    b = Button(c.level, 0, ticks_ms=lambda: c.t)
    b.use_interrupts()                   # (tools/harness/vboard_machine.py's irq() does nothing)
    seen = []
    for t in range(0, 400, 20):
        c.t = t
        e = b.update(t, diff)
        if e:
            seen.append((t, NAMES[e]))
    assert seen == [(t, NAMES[e]) for t, e in [(ev[0], 5) for ev in events]] and len(seen) == 1


@pytest.mark.parametrize("how", ["polled", "polled+rest"])
@pytest.mark.parametrize("frame", inputbench.FRAMES)
@pytest.mark.parametrize("rate", inputbench.GLITCH_RATES)
def test_without_the_interrupt_1_ms_glitches_at_rest_never_press(rate, frame, how):
    assert inputbench.glitch_presses(rate, frame, 100, **inputbench.REST[how]) == 0


@pytest.mark.parametrize("frame", inputbench.FRAMES)
@pytest.mark.parametrize("tap", inputbench.TAPS)
def test_without_the_interrupt_every_tap_of_15_ms_or_longer_is_seen_while_the_loop_sleeps(
        tap, frame):
    rest = inputbench.REST["polled+rest"]
    assert inputbench.tap_counts(tap, frame, 300, **rest) == (300, 0, 0)


@pytest.mark.parametrize("frame", inputbench.FRAMES)
def test_without_the_interrupt_15_ms_taps_among_glitches_are_one_press_each(frame):
    rng = random.Random(frame)
    changes, taps, end = inputbench.tap_trace(15, 300, 5, rng)
    noisy = inputbench.either(changes, inputbench.glitch_trace(1e-2, end, rng))
    events = inputbench.run_button(noisy, end + 200, frame, interrupts=False, rest=True)
    assert inputbench.score_taps(events, taps) == (300, 0, 0)


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
    assert seen == [(150, "PRESS")] and max(slept) == REST_SLICE_MS
