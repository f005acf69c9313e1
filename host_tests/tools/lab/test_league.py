"""The league's measures (tools/lab/league.py) on made-up data whose answer is known: the
shifter's curve (follow(): how many hands a read needs to follow a change of style), the
personalities' order table by table, and the verdict on issues 11 and 34's targets."""
import io

from tools.lab import league
from stud.play import bots

# Evidence per hand, as league.evidence() gives it: (hands, entered, bold streets,
# meek streets, late bets faced, called).  The rock plays one hand in ten, calls half
# the late bets it meets; the maniac enters every hand and bets every street; the
# station calls every street and every bet.
MANIAC = (1, 1, 4, 0, 1, 0)
STATION = (1, 1, 0, 4, 2, 2)
STRETCH = 200
STYLES = ["rock"] * STRETCH + ["maniac"] * STRETCH + ["station"] * STRETCH + ["rock"] * STRETCH
SEEN = [(1, 1, 1, 3, 2, 1) if s == "rock" and i % 10 == 0 else (1, 0, 0, 0, 0, 0)
        if s == "rock" else MANIAC if s == "maniac" else STATION for i, s in enumerate(STYLES)]
# Where a read settles for each style: shrunk toward a standard player, short of the truth.
LEVEL = {"rock": [150, 300, 500], "maniac": [800, 850, 200], "station": [750, 100, 850]}


def _follow(curve):
    return league.follow(curve, STYLES, league.levels(curve, STYLES, SEEN))


def _lagging(late):
    """A read that moves to the new style's level `late` hands after each change."""
    return [list(LEVEL[STYLES[max(0, i - late)]]) for i in range(len(STYLES))]


def test_the_truth_is_what_was_done_and_none_where_nothing_was_seen():
    assert league.truth((10, 4, 3, 1, 0, 0)) == [400, 750, None]


def test_evidence_of_one_observed_hand_is_that_hands_counts():
    model = bots.new_model()
    assert league.evidence(model) == (0, 0, 0, 0, 0, 0)


def test_a_read_that_steps_to_the_new_level_follows_in_the_hands_it_took():
    changes = _follow(_lagging(40))
    assert [c[:3] for c in changes] == [(200, "rock", "maniac"), (400, "maniac", "station"),
                                        (600, "station", "rock")]
    assert [c[3] for c in changes] == [41, 41, 41]


def test_a_read_that_never_moves_never_follows():
    frozen = [[450, 400, 550]] * len(STYLES)
    assert [c[3] for c in _follow(frozen)] == [None, None, None]
    stuck = _lagging(10)
    for r in stuck:
        r[2] = 550          # the late calls read stays put while the styles move them
    assert [c[3] for c in _follow(stuck)] == [None, None, None]


def test_a_number_the_style_does_not_move_is_not_judged():
    """The maniac and the station both enter every hand: a read of entering that never
    comes down from the maniac's level cannot hold the maniac->station change back."""
    curve = _lagging(10)
    for i in range(400, 610):
        curve[i][0] = 800
    assert _follow(curve)[1][3] == 11


def test_a_burst_at_the_end_of_a_stretch_does_not_set_the_level():
    """The read jumps for the last 20 hands of the run (a rock stretch after the
    station).  The level is the mean over the second halves of both rock stretches,
    so the change is judged by where the read sat: 31 hands.  A level set by the last
    50 hands alone (580) would have kept it waiting for the burst, at hand 181."""
    curve = _lagging(30)
    for i in range(780, 800):
        curve[i][1] = 1000
    assert _follow(curve)[2][3] == 31


def test_a_short_match_against_the_shifter_reports_its_curve_and_levels():
    m = league.match(("tandy7", ("tight", "shifter"), 300, 5, 8, (0,)))
    assert len(m["curves"]["tight"]) == len(m["styles"]) == m["hands"]
    truth, settled = m["levels"]["tight"]["maniac"]
    assert truth[1] > 900                 # the maniac bets and raises nearly every street
    changes = m["follow"]["tight"]
    assert changes[0][:3] == (50, "rock", "maniac")
    assert all(c[3] is None or 1 <= c[3] <= 50 for c in changes)
    assert "curves" not in league.slim({"matches": [m]})["matches"][0]


def test_the_report_names_the_tables_where_the_personalities_fall_out_of_order():
    def bot(vpip, aggression):
        return {"with": [1.0, 0.0, 2.0], "model": [1.0, 0.0, 2.0], "vpip": vpip,
                "aggression": aggression, "from_baseline": [0.5, -1.0, 2.0]}
    tables = {"rock": (2.0, 1.0, 0.5), "station": (2.5, 2.9, 1.4)}
    lg = {"hands": 100, "seed": 1, "samples": 8, "seconds": 1, "matches": [
        dict({"seats": ["loose", "balanced", "tight", base]},
             loose=bot(0.6, a[0]), balanced=bot(0.45, a[1]), tight=bot(0.24, a[2]))
        for base, a in tables.items()]}
    out = io.StringIO()
    league.print_league(lg, out)
    assert "- met: VPIP in the order loose > balanced > tight at four seats (2 results)" \
        in out.getvalue()
    assert ("- **missed**: aggression in the order loose > balanced > tight at four seats "
            "(1 of 2 results): against station: loose 2.50, balanced 2.90, tight 1.40") \
        in out.getvalue()
    assert "own:" not in out.getvalue()     # no split measured, none reported
    assert "| rock | +0.5 [-1.0, +2.0] | +0.5 [-1.0, +2.0] | +0.5 [-1.0, +2.0] |" in out.getvalue()
    lg["matches"][0]["tight"]["own"] = [3.5, 1.0, 6.0]
    out = io.StringIO()
    league.print_league(lg, out)
    assert "| baseline | own: loose | own: balanced | own: tight |" in out.getvalue()
    assert "| rock | - | - | +3.5 [+1.0, +6.0] |" in out.getvalue()
    assert "| station | - | - | - |" in out.getvalue()


def test_the_verdict_judges_each_target_by_the_lower_bound_and_names_every_miss():
    def bot(with_, model, vpip=0.3, aggression=1.0):
        return {"with": with_, "model": model, "vpip": vpip, "aggression": aggression,
                "from_baseline": [0.0, 0.0, 0.0]}
    good = [9.0, 1.0, 17.0]
    lg = {"hands": 100, "seed": 1, "samples": 8, "seconds": 1, "matches": [
        # heads-up: a bound of exactly 0 meets ">= 0" but not "> 0"; -20 meets ">= -20"
        {"seats": ["tight", "rock"], "tight": bot([8.0, 0.0, 16.0], good)},
        {"seats": ["tight", "tag"], "tight": bot([8.0, 0.0, 16.0], good)},
        {"seats": ["loose", "tag"], "loose": bot([5.0, -20.0, 30.0], [1.0, -5.0, 7.0])},
        {"seats": ["balanced", "shifter"], "balanced": bot(good, good),
         "follow": {"balanced": [(50, "rock", "maniac", 40), (100, "maniac", "station", 301),
                                 (150, "station", "rock", None)]}},
        # four seats: balanced's model costs more than 5 by its bound; tight bets more than balanced
        {"seats": ["loose", "balanced", "tight", "bluffer"],
         "loose": bot(good, good, 0.6, 1.5), "balanced": bot(good, [1.0, -5.1, 7.0], 0.4, 0.8),
         "tight": bot(good, [2.0, 0.0, 4.0], 0.2, 0.9)},
    ]}
    judged = {what: (n, misses) for what, n, misses in league.verdict(lg)}
    assert judged["chips/100 >= 0 against station, maniac, rock, random and bluffer"] == (4, [])
    assert judged["balanced and tight > 0 against tag"] == (
        1, ["tight heads-up against tag +8.0 [+0.0, +16.0]"])
    assert judged["loose >= -20 against tag"] == (1, [])
    assert judged["the model earns > 0 against station, maniac, bluffer and shifter"] == (
        4, ["balanced at four seats against bluffer +1.0 [-5.1, +7.0]",
            "tight at four seats against bluffer +2.0 [+0.0, +4.0]"])
    assert judged["the model earns >= -5 against every baseline"] == (
        7, ["balanced at four seats against bluffer +1.0 [-5.1, +7.0]"])
    assert judged["the read follows the shifter within 300 hands"] == (
        3, ["balanced maniac->station at hand 100: 301 hands",
            "balanced station->rock at hand 150: never"])
    assert judged["heads-up, chips/100 >= -15 against every baseline"] == (
        4, ["loose heads-up against tag +5.0 [-20.0, +30.0]"])
    assert judged["at four seats, chips/100 >= -15 against every baseline"] == (3, [])
    assert "the model earns > 0 against the stealer heads-up" not in judged   # no stealer here
    assert judged["VPIP in the order loose > balanced > tight at four seats"] == (1, [])
    assert judged["aggression in the order loose > balanced > tight at four seats"] == (
        1, ["against bluffer: loose 1.50, balanced 0.80, tight 0.90"])
    # a target with no results in this league is not judged (nor counted as met)
    assert [what for what, _n, _m in league.verdict({"matches": lg["matches"][1:2]})] == [
        "balanced and tight > 0 against tag", "the model earns >= -5 against every baseline",
        "heads-up, chips/100 >= -15 against every baseline"]
    out = io.StringIO()
    league.print_league(lg, out)
    text = out.getvalue()
    assert "each result judged by the lower bound of its 95% interval: 4 of 10 met." in text
    assert "- met: loose >= -20 against tag (1 result)" in text
    assert ("- **missed**: the read follows the shifter within 300 hands (2 of 3 results): "
            "balanced maniac->station at hand 100: 301 hands; balanced station->rock at hand "
            "150: never") in text


def test_the_verdict_on_issue_34_judges_the_stealer_heads_up_and_joe_at_four_seats():
    def bot(with_, model):
        return {"with": with_, "model": model, "vpip": 0.3, "aggression": 1.0,
                "from_baseline": [0.0, 0.0, 0.0]}
    lg = {"matches": [
        {"seats": ["tight", "stealer"], "tight": bot([-14.0, -15.0, 1.0], [3.0, 0.0, 6.0])},
        {"seats": ["loose", "stealer"], "loose": bot([9.0, 2.0, 16.0], [3.0, 0.5, 6.0])},
        {"seats": ["loose", "balanced", "tight", "trapper"],
         "loose": bot([4.0, -1.0, 9.0], [0.0, -1.0, 1.0]),
         "balanced": bot([-10.0, -16.0, -4.0], [0.0, -1.0, 1.0]),
         "tight": bot([2.0, -3.0, 7.0], [0.0, -1.0, 1.0])},
    ]}
    judged = {what: (n, misses) for what, n, misses in league.verdict(lg)}
    assert judged["heads-up, chips/100 >= -15 against every baseline"] == (2, [])
    assert judged["the model earns > 0 against the stealer heads-up"] == (
        2, ["tight heads-up against stealer +3.0 [+0.0, +6.0]"])
    assert judged["at four seats, loose (JOE) >= 0 against tag, stealer and trapper"] == (
        1, ["loose at four seats against trapper +4.0 [-1.0, +9.0]"])
    assert judged["at four seats, chips/100 >= -15 against every baseline"] == (
        3, ["balanced at four seats against trapper -10.0 [-16.0, -4.0]"])
