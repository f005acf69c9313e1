"""Every figure docs/bench.md quotes comes from one `make bench` run: the figures sit
between its markers, every section of a full run is there, and only a full run may write
them."""
import subprocess

from paths import tool
from tools.bench import report


def _read(path):
    with open(path) as f:
        return f.read()


def test_every_section_of_a_full_run_is_in_the_report():
    block = report.between(_read(report.REPORT))
    assert block, "docs/bench.md has no make bench figures between the markers"
    assert block.startswith("From one run of `make bench"), block[:80]
    for heading in ("**Evaluators.**", "**The core under MicroPython**", "**Bot decisions**",
                    "**The handheld's screen**", "**The panel's bus**", "**Live heap**",
                    "**Input**", "**Self-play**", "**League**"):
        assert heading in block, heading


def test_publish_replaces_only_what_is_between_the_markers(tmp_path):
    page = tmp_path / "bench.md"
    page.write_text("# Title\n\nprose\n\n%s\n\nold figures\n%s\n\nafter\n"
                    % (report.BEGIN, report.END))
    report.publish("| a | b |\n|---|---|\n| 1 | 2 |\n", 90.0, "make bench", report=str(page))
    text = page.read_text()
    assert text.startswith("# Title\n\nprose\n\n") and text.endswith("\n\nafter\n")
    assert "old figures" not in text
    block = report.between(text)
    assert block.endswith("| 1 | 2 |") and "2 minutes in all" in block
    report.publish("| c |\n", 60.0, "make bench", report=str(page))
    assert page.read_text().count(report.BEGIN) == 1 and "| 1 | 2 |" not in page.read_text()


def test_a_partial_run_may_not_write_the_report():
    done = subprocess.run(tool("bench.run") + ["--publish", "--only", "flush"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "one full run" in done.stderr


def test_the_heap_section_reads_the_interned_names_and_the_next_pool():
    """micropython.qstr_info()'s lines, as the session prints them before the app and at
    its end, and what make bench says of them (tools/bench/heap.py)."""
    from tools.bench import heap
    from tools.device import mprun
    out = ("qstr pool: n_pool=4, n_qstr=220, n_str_data_bytes=1542, n_total_bytes=5094\n"
           "hands=3\n"
           "qstr pool: n_pool=6, n_qstr=1204, n_str_data_bytes=11722, n_total_bytes=25962\n")
    names = mprun.qstr_pools(out)
    assert names == [(4, 220, 1542, 5094), (6, 1204, 11722, 25962)]
    assert mprun.parse_report(out) == {"hands": "3"}
    line = heap.names_line(names[0], names[-1])
    assert "1,204 at the end, 984 of them the app's, in 6 pools with room for 1,260" in line
    assert "57 more names would allocate a pool of 1,280 entries in one piece" in line


def test_the_free_blocks_are_read_from_every_mem_info_report():
    """The session's largest free block, check by check (micropython.mem_info()'s "max
    free sz", in GC blocks): make bench prints the smallest, the 1st percentile, the
    median."""
    from tools.device import mprun
    text = ("GC: total: 1, used: 1, free: 1\n No. of 1-blocks: 3, 2-blocks: 1, max blk sz: 9,"
            " max free sz: 40\nx=1\n No. of 1-blocks: 3, 2-blocks: 1, max blk sz: 9, max "
            "free sz: 7\n max free sz: 300\n")
    assert mprun.free_blocks(text, 32) == [224, 1280, 9600]
    assert mprun.smallest_free_block(text, 16) == 112
    assert mprun.free_blocks("no reports", 32) == [] and \
        mprun.smallest_free_block("no reports", 32) is None
