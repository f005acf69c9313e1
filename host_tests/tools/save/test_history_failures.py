"""tools/save/history.py never shows a traceback: whatever the file, the directory, the shell's
streams or the board, a failure is one line on stderr and status 2 (tools/save/cli.py), and a
save the device would load is shown, with a one-line note when it is not stud.sav itself."""
import os

import pytest

from tools.save import history
from saves import played, with_checksum
from stud.save import store
from toolrun import command, fails_in_one_line, in_process, shell, without_root_rights


@pytest.fixture(scope="module")
def good():
    """A real save's bytes: 50 kept hands of all four games."""
    return store.dumps(played(hands=55)[1])


def history_of(path, *args, redirect=""):
    return shell(command("save.history", "--file", str(path), *args) + " " + redirect)


def hand_changed(data, hand, change):
    """The save `data` with kept hand number `hand` (from 1) changed by change(record), the
    checksum made right."""
    saved = store.loads(data)
    rec = bytearray(saved.hands[hand - 1])
    change(rec)
    saved.hands[hand - 1] = bytes(rec)
    return store.dumps(saved)


def move_code_15(rec):
    rec[-2] = (rec[-2] & 0xF0) | 15         # the last move's word: past stud.core.actions.CODES


def card_200(rec):
    n = rec[1] & 15
    rec[3 + 5 * n + 2 + 1] = 200            # the first card dealt


# ---- files ------------------------------------------------------------------------------

def test_a_missing_file_is_one_line(tmp_path):
    assert fails_in_one_line(history_of(tmp_path / "stud.sav"), "history", "no such file")


def test_a_directory_given_as_the_file_is_one_line(tmp_path):
    assert fails_in_one_line(history_of(tmp_path), "history", "is a directory")


@pytest.mark.parametrize("beside", [".tmp", ".bak"])
def test_a_directory_named_stud_sav_is_passed_over_for_the_valid_file_beside_it(good, tmp_path,
                                                                                beside):
    (tmp_path / "stud.sav").mkdir()
    (tmp_path / ("stud.sav" + beside)).write_bytes(good)
    done = history_of(tmp_path / "stud.sav")
    assert done.returncode == 0 and done.stdout.count("HAND ") == 50
    note = done.stderr.splitlines()
    assert len(note) == 1 and "is a directory" in note[0] and note[0].endswith("stud.sav" + beside)


def unreadable(path):
    os.chmod(str(path), 0)
    prefix = without_root_rights()
    if prefix is None:
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    return prefix


def test_an_unreadable_file_is_one_line(good, tmp_path):
    path = tmp_path / "stud.sav"
    path.write_bytes(good)
    prefix = unreadable(path)
    done = shell(prefix + command("save.history", "--file", str(path)))
    assert fails_in_one_line(done, "history", "Permission denied")


def test_an_unreadable_save_is_passed_over_for_its_backup(good, tmp_path):
    (tmp_path / "stud.sav").write_bytes(good)
    (tmp_path / "stud.sav.bak").write_bytes(good)
    prefix = unreadable(tmp_path / "stud.sav")
    done = shell(prefix + command("save.history", "--file", str(tmp_path / "stud.sav")))
    assert done.returncode == 0 and done.stdout.count("HAND ") == 50
    assert "Permission denied" in done.stderr and len(done.stderr.splitlines()) == 1


DAMAGED = {     # a save damaged in each way the device's reader names: (bytes, words)
    "empty": (lambda good: b"", "not a Pocket Stud save file"),
    "another file": (lambda good: open(history.__file__, "rb").read(), "not a Pocket Stud save"),
    "torn": (lambda good: good[:-9], "checksum does not match"),
    "a byte flipped": (lambda good: good[:40] + bytes([good[40] ^ 1]) + good[41:], "checksum"),
    "a newer version": (lambda good: good[:4] + b"\x09" + good[5:], "version 9"),
    "bigger than any save": (lambda good: good + bytes(store.MAX_BYTES), "bigger than any save"),
    "sections malformed": (lambda good: with_checksum(good[:5] + b"\x01\xff\xff" + good[8:]),
                           "section"),
}


@pytest.mark.parametrize("case", sorted(DAMAGED))
def test_a_damaged_save_with_nothing_beside_it_is_one_line(good, tmp_path, case):
    make, words = DAMAGED[case]
    (tmp_path / "stud.sav").write_bytes(make(good))
    assert fails_in_one_line(history_of(tmp_path / "stud.sav"), "history", words)


@pytest.mark.parametrize("hand,change,words", [(50, move_code_15, "moves"),
                                               (3, card_200, "cards")])
def test_a_kept_hand_out_of_range_fails_the_checks_as_on_the_device(good, tmp_path, hand, change,
                                                                    words):
    """The device refuses the file too (its reader decodes every kept hand): the same verdict."""
    data = hand_changed(good, hand, change)
    with pytest.raises(store.Corrupt):
        store.loads(data)
    (tmp_path / "stud.sav").write_bytes(data)
    done = history_of(tmp_path / "stud.sav")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == ["history: %s fails its checks (hand %d does not replay); "
                                        "showing it anyway" % (tmp_path / "stud.sav", hand)]
    assert done.stdout.count("HAND ") == 50
    line = [x for x in done.stdout.splitlines() if "cannot be replayed" in x]
    assert len(line) == 1 and line[0].startswith("HAND %d " % hand) and words in line[0]


def test_a_kept_hand_out_of_range_is_left_out_of_the_json_in_one_line(good, tmp_path):
    (tmp_path / "stud.sav").write_bytes(hand_changed(good, 3, card_200))
    done = history_of(tmp_path / "stud.sav", "--json")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 2 and "fails its checks" in lines[0]
    assert lines[1].startswith("history: hand 3 is not exported") and "cards" in lines[1]
    assert done.stdout.count('"game"') == 49


def test_an_older_hand_that_does_not_replay_is_one_line_in_a_save_the_device_loads(good, tmp_path):
    """The device replays only the newest hand when it loads (stud.save.store.BOOT_REPLAYS):
    a file whose older hand does not replay is no damage to it, nor to history.py."""
    def illegal(rec):
        rec[-1] ^= 0x40                     # the last move's size: not one the game offers
    (tmp_path / "stud.sav").write_bytes(hand_changed(good, 5, illegal))
    done = history_of(tmp_path / "stud.sav")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.count("HAND ") == 50
    assert "HAND 5  cannot be replayed" in done.stdout
    assert done.stdout.count("cannot be replayed") == 1


# ---- the shell's streams ----------------------------------------------------------------

@pytest.fixture
def save_path(good, tmp_path):
    path = tmp_path / "stud.sav"
    path.write_bytes(good)
    return path


@pytest.mark.parametrize("flag", [[], ["--json"], ["--jsonl"], ["--phh"]])
def test_stdout_closed_is_one_line(save_path, flag):
    assert fails_in_one_line(history_of(save_path, *flag, redirect=">&-"), "history",
                             "cannot write the output: stdout is closed")


@pytest.mark.parametrize("flag", [[], ["--json"], ["--jsonl"], ["--phh"]])
def test_a_full_disk_is_one_line(save_path, flag):
    assert fails_in_one_line(history_of(save_path, *flag, redirect="> /dev/full"), "history",
                             "No space left on device")


def test_stdin_closed_does_not_matter(save_path):
    done = history_of(save_path, redirect="<&-")
    assert done.returncode == 0 and done.stderr == "" and done.stdout.count("HAND ") == 50


def test_stdin_a_directory_stops_python_itself_in_words_not_a_traceback(save_path, tmp_path):
    """CPython refuses a directory on stdin before any line of the tool runs (its own
    "Fatal Python error: ... <stdin> is a directory"): no tool can do better; this pins it."""
    done = history_of(save_path, redirect="< %s" % tmp_path)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "<stdin> is a directory" in done.stderr


@pytest.mark.parametrize("flag", [[], ["--jsonl"]])
def test_a_reader_that_stops_early_ends_history_quietly(save_path, flag):
    done = shell("%s | head -1; exit ${PIPESTATUS[0]}"
                 % command("save.history", "--file", str(save_path), *flag))
    assert done.returncode == 0 and done.stderr == "" and len(done.stdout.splitlines()) == 1


# ---- the board and the command line -----------------------------------------------------

def test_a_port_with_no_board_is_one_line():
    done = shell(command("save.history", "--port", "/dev/ttyNO-SUCH-PORT"))
    assert fails_in_one_line(done, "history", "could not copy stud.sav from /dev/ttyNO-SUCH-PORT")


def test_no_mpremote_is_one_line(monkeypatch):
    monkeypatch.setattr(history.build, "tool", lambda name: None)
    code, out, err = in_process(history.main, "history", ["--port", "/dev/ttyACM0"])
    assert code == 2 and out == "" and err.startswith("history: mpremote not found")
    assert err.count("\n") == 1


@pytest.mark.parametrize("args,words", [
    ([], "one of the arguments --file --port is required"),
    (["--file", "stud.sav", "--hand", "x"], "argument --hand: invalid int value: 'x'"),
    (["--file", "stud.sav", "--json", "--jsonl"], "not allowed with argument --json"),
    (["--file", "stud.sav", "--phh", "--json"], "not allowed with argument --phh"),
    (["--file", "stud.sav", "--colour"], "unrecognized arguments: --colour"),
    (["--file"], "argument --file: expected one argument"),
])
def test_a_wrong_command_line_is_one_line_pointing_to_help(args, words):
    done = shell(command("save.history", *args))
    assert fails_in_one_line(done, "history", words) and "--help" in done.stderr


def test_a_hand_that_is_not_kept_is_one_line(save_path):
    assert fails_in_one_line(history_of(save_path, "--hand", "51"), "history", "hands 1 to 50")
