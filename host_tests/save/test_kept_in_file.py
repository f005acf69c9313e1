"""The game's own save keeps its last hands in the file, not in the heap (Saved.file):
each write copies them from the file it replaces, a record at a time, after checking
that file's CRC-32; a file that changed or went under the game costs those hands, never
the save; LAST HANDS reads them back."""
from host import MemoryFiles, memory_store
from saves import played
from stud.save import store
from stud.save.writer import lost
from stud.ui.screens.pages import LastHands


def _filed(hands=55):
    """A store whose file holds `hands` played hands' save, written as the game writes it."""
    st = memory_store("stud.sav", MemoryFiles())
    _, saved = played(hands)
    assert st.save(saved, True) is None
    return st, saved


def _more(n, seed=7):
    return played(n, seed)[1].hands


def _kept(st):
    return store.loads(st.files.read("stud.sav")).hands


def test_after_a_write_the_kept_hands_are_in_the_file_only_and_the_next_write_copies_them():
    st, saved = _filed()
    before = _kept(st)
    assert len(before) == 50 and saved.hands == [] and saved.filed == 50
    assert saved.records() == before and saved.record(-1) == before[-1]
    new = _more(3)
    for rec in new:
        saved.add_hand(rec)
    assert (saved.filed, saved.count()) == (47, 50)       # the oldest three let go
    assert st.save(saved, True) is None
    assert _kept(st) == before[3:] + new                  # copied byte for byte
    assert saved.hands == [] and saved.filed == 50
    assert st.files.read("stud.sav.bak") is not None      # the one before, as ever


def test_a_tool_or_test_writing_a_save_keeps_its_hands_in_the_heap():
    st = memory_store("stud.sav", MemoryFiles())
    _, saved = played(12)
    assert st.save(saved) is None
    assert len(saved.hands) == 12 and saved.filed == 0


def test_a_file_damaged_under_the_game_costs_the_hands_in_it_never_the_save():
    st, saved = _filed()
    data = bytearray(st.files.read("stud.sav"))
    data[-40] ^= 0x10                                     # a flash error in a kept hand
    st.files.files["stud.sav"] = bytes(data)
    new = _more(1)
    saved.add_hand(new[0])
    assert st.save(saved, True) == lost(49)              # said, and written
    back = store.loads(st.files.read("stud.sav"))         # a good file, every check passes
    assert back.hands == new and back.stats.hands == saved.stats.hands
    assert saved.filed == 1 and saved.count() == 1


def test_another_good_save_put_in_the_files_place_gives_none_of_its_hands():
    st, saved = _filed()
    other = memory_store("stud.sav", MemoryFiles())
    _, theirs = played(55, seed=3)
    assert other.save(theirs) is None
    st.files.files["stud.sav"] = other.files.read("stud.sav")   # valid, and not ours
    assert st.save(saved, True) == lost(50)
    assert _kept(st) == [] and not set(_kept(other)) & set(saved.records())


def test_a_file_gone_under_the_game_costs_the_hands_in_it_and_saving_goes_on():
    st, saved = _filed()
    st.files.remove("stud.sav")
    assert st.save(saved, True) == lost(50)
    assert _kept(st) == [] and saved.count() == 0
    saved.add_hand(_more(1)[0])
    assert st.save(saved, True) is None and len(_kept(st)) == 1


class _LastRenameFails(MemoryFiles):
    """The rename of .tmp to the name fails once (the one before has moved to .bak)."""

    def __init__(self):
        MemoryFiles.__init__(self)
        self.armed = False

    def rename(self, old, new):
        if self.armed and old.endswith(".tmp"):
            self.armed = False
            raise OSError(5)
        MemoryFiles.rename(self, old, new)


def test_when_a_write_stops_between_its_renames_the_next_finds_the_hands_in_the_backup():
    files = _LastRenameFails()
    st = memory_store("stud.sav", files)
    _, saved = played(55)
    assert st.save(saved, True) is None
    before = _kept(st)
    files.armed = True
    saved.add_hand(_more(1)[0])
    try:
        st.save(saved, True)
        raise AssertionError("the rename should have failed")
    except OSError:
        pass
    assert files.read("stud.sav") is None and saved.source[1] == "stud.sav.bak"
    assert saved.records() == before[1:] + _more(1)  # the older ones read from .bak
    assert st.save(saved, True) is None
    assert _kept(st) == before[1:] + _more(1)


def _shown(page):
    title, hint, lines = page
    return title, hint, [line if isinstance(line, str) else
                         (line.name, bytes(line.cards), line.marked) for line in lines]


def test_last_hands_shows_a_hand_from_the_file_as_it_shows_it_from_the_heap():
    st, saved = _filed(12)
    heap = store.loads(st.files.read("stud.sav"))
    assert saved.filed == 12 and len(heap.hands) == 12
    a, b = LastHands(saved), LastHands(heap)
    rows = 0
    for k in range(12):
        a.k = b.k = k
        assert _shown(a.page()) == _shown(b.page())
        rows += sum(1 for line in a.page()[2] if not isinstance(line, str))
    assert rows > 0                                       # hands shown down, cards and all
    st.files.remove("stud.sav")                           # unreadable now: said on the page
    a.k = 3
    assert a.page()[2][:3] == ["THIS HAND CANNOT BE SHOWN:", "THE SAVE FILE DID NOT",
                               "READ BACK."]


def _booted(files):
    from stud.play.session import Session
    from stud.save import startup
    from stud.save.keeper import Keeper
    keeper = Keeper(memory_store("stud.sav", files))
    restored, message = startup.start(keeper, Session())
    return keeper, restored, message


def test_boot_checks_the_kept_hands_and_leaves_them_in_the_file():
    st, saved = _filed()
    before = _kept(st)
    keeper, restored, message = _booted(st.files)
    k = keeper.saved
    assert restored and message is None
    assert k.hands == [] and k.filed == 50 and k.source[1] == "stud.sav"
    assert k.records() == before
    k.add_hand(_more(1)[0])
    assert keeper.write() is None and _kept(st) == before[1:] + _more(1)


def test_boot_from_the_backup_leaves_the_hands_in_it_once_it_has_the_name():
    st, saved = _filed()
    saved.add_hand(_more(1)[0])
    assert st.save(saved, True) is None           # .bak: the one before
    older = store.loads(st.files.read("stud.sav.bak")).hands
    st.files.files["stud.sav"] = b"PSTD" + bytes(40)     # the name's file damaged
    keeper, restored, message = _booted(st.files)
    assert message == "SAVE DAMAGED: USING THE ONE BEFORE"
    assert keeper.saved.filed == 50 and keeper.saved.source[1] == "stud.sav"
    assert keeper.saved.records() == older


def test_an_older_versions_save_keeps_its_widened_hands_in_the_heap_until_written():
    from test_old_saves import as_version_1
    st, saved = _filed(12)
    files = MemoryFiles({"stud.sav": as_version_1(store.loads(st.files.read("stud.sav")))})
    keeper, restored, message = _booted(files)
    assert restored and keeper.saved.filed == 0 and len(keeper.saved.hands) == 12
    assert keeper.write() is None and keeper.saved.filed == 12


def test_a_power_cut_anywhere_in_a_write_that_copies_the_kept_hands_loses_none():
    """The hands the write copies from the file are the file's own: cut the power after
    any number of its operations (a grain of 64 bytes), and boot finds the save before
    or the save after, every kept hand with it."""
    from saves import CutFiles, PowerLoss
    st, saved = _filed()
    base = dict(st.files.files)
    before = _kept(st)
    new = _more(1)[0]
    after = before[1:] + [new]
    seen = set()
    ops = 0
    while True:
        files = CutFiles(dict(base), ops=ops, grain=64)
        cut = memory_store("stud.sav", files)
        mine = store.loads(base["stud.sav"])
        mine.file(files, "stud.sav", mine.crc)
        mine.add_hand(new)
        try:
            cut.save(mine, True)
            done = True
        except PowerLoss:
            done = False
        files.ops = None                                    # the power comes back
        back, message = memory_store("stud.sav", files).load()
        assert back.hands in (before, after), ops
        seen.add(len(back.hands) and back.hands[-1] == new)
        if done:
            break
        ops += 1
    assert seen == {False, True} and ops > 10


def test_the_notice_counts_the_hands_lost_in_words_that_read():
    assert lost(1) == "SAVE FILE DAMAGED OR GONE: THE LAST HAND LOST, THE GAME IS SAVED"
    assert lost(7) == "SAVE FILE DAMAGED OR GONE: 7 LAST HANDS LOST, THE GAME IS SAVED"
