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
