"""STATS: per opponent, the chips that moved between you and it, so the lines add up to NET."""
from saves import played
from stud.save.saved import Stats
from stud.save.stats import split
from stud.save.pack import put_i32


def test_played_hands_split_net_by_opponent_and_the_lines_add_up():
    _, saved = played(hands=60)
    st = saved.stats
    assert sum(st.vs_net) == st.net and st.earlier == 0
    assert len(set(st.vs_net)) > 1                 # not the whole net on every line


def test_won_chips_come_from_the_losers_as_each_lost():
    # you won 30: SID lost 20, JOE lost 10, HAL won 0 back
    assert split(30, [30, -20, -10, 0]) == [0, 20, 10, 0]


def test_lost_chips_go_to_the_winners_as_each_won():
    assert split(-9, [-9, 6, 3, 0]) == [0, -6, -3, 0]


def test_a_split_adds_up_to_the_net_whatever_the_rounding():
    for net, nets in ((10, [10, -3, -3, -3]), (-7, [-7, 2, 2, 2]), (-5, [-5, -5])):
        assert sum(split(net, nets)) == net


def test_a_pot_that_stays_splits_your_loss_evenly():
    assert split(-50, [-50, -50]) == [0, -50]     # draw5's tie: the pot waits, no winner


def test_a_save_of_the_old_format_loads_with_its_net_as_earlier():
    old = bytearray()
    for v in (12, 5, 68, 40, 0, 12, 12, 12, 68, 68, 68):   # each line held the whole net
        put_i32(old, v)
    st = Stats.from_bytes(bytes(old))
    assert st.vs_net == [0, 0, 0] and st.earlier == 68
    assert sum(st.vs_net) + st.earlier == st.net
    assert "EARLIER, NOT BY OPPONENT +68" in st.lines()
    back = Stats.from_bytes(st.to_bytes())
    assert back.lines() == st.lines() and len(st.to_bytes()) == 48
