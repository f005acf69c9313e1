"""A save written by any earlier firmware boots with its chips and stats (issue 32).

Each fixture is a real save made by the firmware of its commit (fixtures/README.md says
how and what each holds); the values below are what that firmware's own reader read
from it (make_old_save.py --read at that commit), not what today's code computes.
"""
import importlib.util
import os

import pytest

import host
from stud.play.session import Session
from stud.save import record, store
from stud.save.keeper import Keeper
from stud.save import startup

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")

# 927e722 to 43432bb (and the i-save branch) played the same sixty hands from
# make_old_save.py: their bots and engine did not change what the hands did.
SIXTY_BEFORE_NEW_BOTS = {
    "table": ("casino7", ["SID", "JOE", "HAL"], [2, 0, 95]),   # game, seats, speed sound contrast
    "chips": {"tandy7": [688, 681, 1752, 875, 0], "stud5": [774, 868, 1089, 1265, 0],
              "draw5": [525, 1475, 1000, 1000, 0], "casino7": [950, 1342, 976, 728, 0]},
    "stats": [60, 16, -1060, 500, 209715236, [60, 45, 45]],  # hands won net pot best vs-hands
    "hands": """58a3 4207 f33a 35b6 fa07 da9e defc 107c 193b 7c28 67eb 6ec9 681f b28a dcff 210f
        2084 f7e5 6515 8cff 7375 171b 8fe0 9187 ad2c 212b 605e 598a 2877 5e5d add1 0415 6e8f
        d449 8159 a833 ca5f 3d35 7863 dc42 87d2 8eeb 64bb fa8a 044c 0482 5fd5 6b3b fb12 4a49""",
}
V1 = {      # played(55) of host_tests/save/test_store.py at 17b2dd0
    "table": ("casino7", ["SID", "JOE", "HAL"], [1, 1, 207]),
    "chips": {"tandy7": [962, 467, 1569, 998, 0], "draw5": [1350, 650, 1000, 1000, 0],
              "casino7": [956, 1432, 599, 1009, 0]},
    "stats": [55, 19, 270, 750, 335548000, [55, 35, 35]],
    "hands": """d1bd 2745 2253 22a1 5770 43bf eeb4 5d3a ad12 98d5 2eac 717f 5582 11b7 ac67 5610
        ebcf 909a ebcf 909a ebcf 0377 ebcf 909a 215a 1d8a c488 1d8a 8d60 ef1e c44e af48 5397
        07bb 1f66 382d 5af4 bab6 5986 4aac 7dda 7ca3 46f7 9782 a6f0 a117 c955 67df c26a ba22""",
}
FIRST_26_BYTE_MODELS = {
    "table": ("casino7", ["SID", "JOE", "HAL"], [2, 0, 95]),
    "chips": {"tandy7": [835, 1030, 1185, 946, 0], "stud5": [908, 947, 1011, 1130, 0],
              "draw5": [575, 1425, 1000, 1000, 0], "casino7": [1004, 1121, 947, 924, 0]},
    "stats": [60, 19, -675, 200, 268435466, [60, 45, 45]],
    "hands": """e88e aa85 6a71 66cd e24f 3c5e d3ad ddb4 a7c6 4968 67eb 60be d0d5 d49d 62b9 cb7b
        b88a 1527 be6f 8db4 909a ebcf 42ab c488 2918 5508 ea10 7a99 ea10 9c3a fae2 f143 3a1f
        54cc 2f26 a833 45e7 8745 ecc3 56ae f816 4b4e 1fdf 405c 07d5 bb9e 9842 4a87 4d1e 8660""",
}
MODELS_FORGET_BY_EVENTS = {
    "table": ("casino7", ["SID", "JOE", "HAL"], [2, 0, 95]),
    "chips": {"tandy7": [1001, 952, 1120, 923, 0], "stud5": [1003, 958, 975, 1060, 0],
              "draw5": [800, 1200, 1000, 1000, 0], "casino7": [899, 1035, 1021, 1041, 0]},
    "stats": [60, 21, -294, 200, 335545359, [60, 45, 45]],
    "hands": """6ad9 6c41 a521 e4fd c569 105c ae00 869c 91a5 e4ff 67eb 2446 49f9 c752 28dd 55c9
        9889 ffc4 b271 b976 0318 8299 1cc5 ed8e 6131 ec21 8548 15c1 5d65 0415 8548 f362 cde6
        d7a6 a9e9 a833 e056 ace6 6651 063f 78ed 237d 5f13 7619 07a4 71e7 4fe0 dfef 7d10 a7b9""",
}
AFTER_UPDATE = {      # r1-927e722.sav read by ddb95e5, ten tandy7 hands played on top
    "table": ("tandy7", ["SID", "JOE", "HAL"], [2, 0, 95]),
    "chips": {"tandy7": [649, 771, 1682, 894, 0], "stud5": [774, 868, 1089, 1265, 0],
              "draw5": [525, 1475, 1000, 1000, 0], "casino7": [950, 1342, 976, 728, 0]},
    "stats": [70, 17, -1099, 500, 335545522, [70, 55, 55]],
    # ddb95e5 could not replay the forty it kept from 927e722: as 927e722 replayed them
    "hands": " ".join(SIXTY_BEFORE_NEW_BOTS["hands"].split()[-40:]) +
             " 221a 9785 971e 9dfa 8943 7268 3737 df6f c549 e020",
}
# fixture: (what its era read, the chips it put on each opponent's line, its EARLIER;
# None: the era wrote eleven numbers, before the chips were split by opponent)
OLD = [
    ("r1-927e722.sav", SIXTY_BEFORE_NEW_BOTS, [-1060, -585, -585], None),
    ("r1-56ca7c2.sav", SIXTY_BEFORE_NEW_BOTS, [-1060, -585, -585], None),
    ("v1.sav", V1, [270, -80, -80], None),
    ("r2-ddb95e5.sav", SIXTY_BEFORE_NEW_BOTS, [-768, -349, 57], 0),
    ("r2-ddb95e5-after-r1.sav", AFTER_UPDATE, [-9, 25, -55], -1060),
    ("r2-43432bb.sav", SIXTY_BEFORE_NEW_BOTS, [-768, -349, 57], 0),
    ("branch-a4c4a61.sav", SIXTY_BEFORE_NEW_BOTS, [-1060, -585, -585], None),
    ("r2-ad94a2d.sav", FIRST_26_BYTE_MODELS, [-455, -166, -54], 0),
    ("r2-5176300.sav", MODELS_FORGET_BY_EVENTS, [-112, -162, -20], 0),
]
LOADS = [pytest.param(*case, id=case[0]) for case in OLD]


def fixture(name):
    with open(os.path.join(FIXTURES, name), "rb") as f:
        return f.read()


def booted(name):
    """Boot as the device does (Keeper.start into a fresh session) from this file alone:
    (keeper, session, restored, message, files)."""
    files = host.MemoryFiles({"stud.sav": fixture(name)})
    keeper = Keeper(host.memory_store("stud.sav", files))
    session = Session()
    restored, message = startup.start(keeper, session)
    return keeper, session, restored, message, files


def chips_of_every_game(session):
    out = dict((g, list(chips) + [carry]) for g, (chips, carry) in session.other_games.items())
    out[session.game] = list(session.chips) + [session.carry]
    return out


def stats_today(era, by_opponent, earlier):
    """The era's stats as today's STATS shows them: eleven numbers held each opponent's
    whole net of its hands (not the chips that moved between you and it), so that NET
    shows as EARLIER and the opponents' chips start at 0 (stud.save.stats)."""
    if earlier is None:
        by_opponent, earlier = [0, 0, 0], era["stats"][2]
    return era["stats"] + [by_opponent, earlier]


def stats_of(st):
    return [st.hands, st.won, st.net, st.biggest_pot, st.best, st.vs_hands, st.vs_net,
            st.earlier]


def _tool():
    """fixtures/make_old_save.py, whose fingerprint() made the expected hands."""
    spec = importlib.util.spec_from_file_location(
        "make_old_save", os.path.join(FIXTURES, "make_old_save.py"))
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


TOOL = _tool()


@pytest.mark.parametrize("name, era, by_opponent, earlier", LOADS)
def test_an_old_save_boots_at_its_table_with_the_chips_of_every_game(name, era, by_opponent,
                                                                    earlier):
    keeper, session, restored, message, files = booted(name)
    assert "DAMAGED" not in (message or "") and "stud.sav.bad" not in files.files
    assert restored
    saved = keeper.saved
    assert (saved.game, saved.names, [saved.speed, saved.sound, saved.contrast]) == \
        era["table"]
    assert chips_of_every_game(session) == era["chips"]


@pytest.mark.parametrize("name, era, by_opponent, earlier", LOADS)
def test_an_old_save_keeps_its_lifetime_stats(name, era, by_opponent, earlier):
    keeper, session, restored, message, files = booted(name)
    assert stats_of(keeper.saved.stats) == stats_today(era, by_opponent, earlier)


@pytest.mark.parametrize("name, era, by_opponent, earlier", LOADS)
def test_an_old_save_is_written_back_as_todays_with_its_chips_and_stats(name, era,
                                                                       by_opponent, earlier):
    keeper, session, restored, message, files = booted(name)
    saved = keeper.saved
    assert keeper.save(session, saved.speed, saved.sound, saved.contrast) is None
    assert files.files["stud.sav.bak"] == fixture(name)
    back = store.loads(files.files["stud.sav"])
    assert files.files["stud.sav"][4] == store.VERSION
    assert dict((g, back.chips[g] + [back.carry[g]]) for g in back.chips) == era["chips"]
    assert stats_of(back.stats) == stats_today(era, by_opponent, earlier)


@pytest.mark.parametrize("name, era, by_opponent, earlier", LOADS)
def test_every_hand_an_old_save_keeps_replays_as_it_did_when_it_was_written(
        name, era, by_opponent, earlier):
    """A kept hand may fail to replay (LAST HANDS says so) or be dropped, but one that
    replays ends as its era's engine ended it: no code read with another meaning."""
    keeper, session, restored, message, files = booted(name)
    then = era["hands"].split()
    k = 0
    for rec in keeper.saved.records():
        now = TOOL.fingerprint(record, rec)
        if now == "----":
            continue
        while k < len(then) and then[k] != now:
            k += 1
        assert k < len(then), "a kept hand replays to another end than it did"
        k += 1


@pytest.mark.parametrize("name", [case[0] for case in OLD])
def test_every_kept_hand_of_every_old_layout_is_kept_and_replays(name):
    """2-byte stacks (before 56ca7c2), even beside 4-byte ones in a save carried through
    an update, are read at their width, record by record: none is lost."""
    keeper, session, restored, message, files = booted(name)
    assert message is None and keeper.saved.count() == 50 and not keeper.saved.dropped
    for rec in keeper.saved.records():
        assert record.replay(record.decode(rec)).to_act is None


def as_version_1(saved):
    """The bytes of `saved` under version 1's two Adler sums."""
    from stud.save import older
    data = bytearray(store.dumps(saved)[:-4])
    data[4] = 1
    a, b = older.adler(data, len(data))
    return bytes(data + bytes([a & 255, a >> 8, b & 255, b >> 8]))


def boot_bytes(data):
    files = host.MemoryFiles({"stud.sav": data})
    keeper = Keeper(host.memory_store("stud.sav", files))
    restored, message = startup.start(keeper, Session())
    return keeper, restored, message, files


def test_an_old_save_whose_newest_hand_no_longer_replays_keeps_the_rest_and_says_so():
    saved = store.loads(fixture("v1.sav"))
    rec = bytearray(saved.hands[-1])
    rec[-1] ^= 0x40                              # its last move another word
    saved.hands[-1] = bytes(rec)
    keeper, restored, message, files = boot_bytes(as_version_1(saved))
    assert restored and message == "SAVE FROM AN OLDER VERSION: SOME LAST HANDS NOT KEPT"
    assert keeper.saved.count() == 49 and keeper.saved.records() == saved.hands[:-1]
    assert keeper.saved.stats.hands == saved.stats.hands and "stud.sav.bad" not in files.files


def test_an_old_save_that_cannot_be_read_today_is_not_called_damaged():
    saved = store.loads(fixture("v1.sav"))
    saved.names = ["OUT", "OUT", "OUT"]          # its table: nothing today can seat it
    keeper, restored, message, files = boot_bytes(as_version_1(saved))
    assert not restored and message == "SAVE FROM AN OLDER VERSION: NEW GAME"
    assert files.files["stud.sav.bad"] == as_version_1(saved)        # kept aside, not lost


def test_a_save_keeps_its_meaning_when_the_menu_lists_the_games_in_another_order(monkeypatch):
    """Game codes in the file are stud.core.games.CODES, never the menu's ORDER: the save's
    modules, imported again under a reversed ORDER, read the same game into every code and
    write the same bytes."""
    import importlib
    import sys
    import stud.save
    from stud.core import games
    data = fixture("r2-5176300.sav")
    before = store.loads(data)
    assert before.game == "casino7" and sorted(before.chips) == sorted(games.CODES)
    monkeypatch.setattr(games, "ORDER", tuple(reversed(games.ORDER)))
    for name in [m for m in sys.modules if m.startswith("stud.save.")]:
        monkeypatch.delitem(sys.modules, name)     # (put back after the test)
        monkeypatch.delattr(stud.save, name.rpartition(".")[2], raising=False)
    again, record_again = (importlib.import_module("stud.save." + m) for m in ("store", "record"))
    assert again is not store
    after = again.loads(data)
    assert (after.game, after.chips, after.hands) == (before.game, before.chips, before.hands)
    assert again.dumps(after) == data
    for old, rec in zip(before.hands, after.hands):
        assert record_again.decode(rec)["game"] == record.decode(old)["game"]
        assert record_again.replay(record_again.decode(rec)).to_act is None
