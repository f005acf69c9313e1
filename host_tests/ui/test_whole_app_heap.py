"""The whole app over a session, under real MicroPython: tools/bench/session.py plays every
game, the demo, the menu and every page, SEL, NEW GAME, game changes in and out of a
hand, the panel dimmed and asleep, and a save that fills to its 50 kept hands
(SESSION_HANDS hands here, about 15 s; make bench plays 1,000).

SPEC.md's memory paragraph (issue 32): as flashed on stock firmware (.mpy files loaded
into the heap) the session runs in a 192K heap without one MemoryError, its live heap
peaks at 150 KB at most and the heap's largest free block never falls under 16 KB
(make bench's heap section plays 1,000 hands: 16.6-17.1 KB over twelve save folders at
40ed853, 16.3 KB in its own folder at 4e1a9b1; this 60-hand session 19.2-19.5 KB).  The other tests hold today's line - the heap the
session runs in, its peak, its largest free block - so that nothing grows back.
"""
import pytest

from tools.device import mprun

SCRIPT = mprun.ROOT + "/tools/bench/session.py"
SESSION_HANDS = 60      # blocks of 10: each game at least once, the save filled to 50
BLOCK = 10
FREE_BLOCK = 16 * 1024     # SPEC.md's target (test_in_192k_the_largest_free_block_...)
# today's line for the largest free block, as flashed in 240K.  Where a save's, a
# hand's or a page's few long-lived objects land decides it (a first-fit heap never moves
# them): made over garbage, they went to the top and split the block above.  Since what
# lives long is made after a collection (stud.core.lazy.settle at 1 KB, the hand in play's
# header, the game's table), this session's smallest is 67.5-68.1 KB in 240K under save
# folders of 11 to 70 characters (55.1-55.6 before those three; 49.4-49.9 before the
# evaluator's 8 KB table went; 16.7 before settle).  The line sits well under today's
# figures: a drop under it means something new is made over garbage, or the peak grew.
FREE_BLOCK_NOW = 58 * 1024
# how it is flashed: the heap it runs in (the smallest today, plus room), the ceiling its
# live-heap peak must stay under (today's peak, plus a little)
RUNS = {
    # .mpy files on the filesystem: peak 142,656-142,816 B (the draw stage's) with the
    # evaluator's two tables at 640 bytes (149,120 before, with its one 8 KB table; the
    # kept hands in the save file and a screen's regions in one list: 155,712 before;
    # 164,704-164,992 before the bots', the menu's and the stats' code left the heap while
    # not wanted, 174,304-174,752 before the table's code left it while other screens
    # show, 175,360 before the scene stack)
    "as flashed": {"mpy": True, "heap": "240K", "ceiling": 142 * 1024},
    # the same files from a ROMFS image: peak 95,328 B (the evaluator's table was never in
    # the heap there; 94,656 at the last count, 101,312 before the kept hands went
    # to the file; 106,752 before the bots', the menu's and the stats' code left;
    # 115,392-115,968 with the scene stack, whose module objects are not paid for by
    # bytecode left out of the heap; 113,376 before it)
    "from ROMFS": {"romfs": True, "heap": "168K", "ceiling": 96 * 1024},
}


def session(tmp_path, heap, timeout=600, **how):
    """The session's report and its smallest largest free block; the run may fail."""
    done = mprun.run_process(SCRIPT, heap=heap, args=[SESSION_HANDS, BLOCK, str(tmp_path)],
                             timeout=timeout, **how)
    d = mprun.parse_report(done.stdout)
    assert "gc_block" in d, "the session stopped without its figures:\n" + done.stdout[-3000:]
    d["troubles"] = [line for line in done.stdout.splitlines()
                     if line.startswith("trouble=") and "(" in line]
    d["free_block"] = mprun.smallest_free_block(done.stdout, int(d["gc_block"]))
    print("session in %s (%s): %s hands, peak %s B, booted %s B, smallest largest free "
          "block %s B, trouble %s" % (heap, how, d["hands"], d["peak_app"], d["heap_booted"],
                                      d["free_block"], d["troubles"]))
    return d, done.returncode


@pytest.mark.parametrize("how", sorted(RUNS))
def test_the_session_runs_clean_and_its_heap_does_not_grow(tmp_path, how):
    run = dict(RUNS[how])
    heap, ceiling = run.pop("heap"), run.pop("ceiling")
    d, status = session(tmp_path, heap, **run)
    assert d["troubles"] == [] and int(d["memory_errors"]) == 0 and status == 0
    assert d["stopped"] == "n/a"
    assert int(d["hands"]) >= SESSION_HANDS and int(d["demo_hands"]) > 0
    assert int(d["hands_kept"]) == 50
    assert int(d["peak_app"]) <= ceiling, "the live heap peaked at %s B (ceiling %d B)" % (
        d["peak_app"], ceiling)
    if how == "as flashed":
        assert d["free_block"] >= FREE_BLOCK_NOW


@pytest.fixture(scope="module")
def in_192k(tmp_path_factory):
    """The session in SPEC.md's 192K heap, as flashed: (report, exit status).  A clean run
    takes under 30 s; one that runs short of heap there can crawl for minutes (every
    allocation collects a full heap), so it gets 180 s."""
    return session(tmp_path_factory.mktemp("in192k"), "192K", timeout=180, mpy=True)


def test_in_192k_the_session_runs_clean_and_peaks_at_150_kb_at_most(in_192k):
    d, status = in_192k
    assert d["troubles"] == [] and int(d["memory_errors"]) == 0 and status == 0
    assert d["stopped"] == "n/a" and int(d["hands_kept"]) == 50
    assert int(d["peak_app"]) <= 150 * 1024


def test_in_192k_the_largest_free_block_stays_at_16_kb_or_more(in_192k):
    d, status = in_192k
    assert d["free_block"] >= FREE_BLOCK
