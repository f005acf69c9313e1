"""Every figure the README's Performance section quotes comes from one `make bench` run:
the section between the markers is exactly docs/bench.md, the report that run wrote, and
only a full run may write it."""
import os
import subprocess
import sys

from bench import report

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _read(path):
    with open(path) as f:
        return f.read()


def test_the_readme_quotes_the_last_bench_report_word_for_word():
    block = report.between(_read(report.README))
    assert block, "README.md has no make bench section between the markers"
    assert block.startswith("From one run of `make bench"), block[:80]
    saved = _read(report.REPORT)
    assert saved.startswith(report.TITLE)
    assert block == saved[len(report.TITLE):].strip("\n"), \
        "README.md's Performance figures differ from docs/bench.md: run make bench"


def test_every_section_of_a_full_run_is_in_the_report():
    block = report.between(_read(report.README))
    for heading in ("**Evaluators.**", "**The core under MicroPython**", "**Bot decisions**",
                    "**The handheld's screen**", "**The panel's bus**", "**Live heap**",
                    "**Input**", "**Self-play**", "**League**"):
        assert heading in block, heading


def test_publish_replaces_only_what_is_between_the_markers(tmp_path):
    readme = tmp_path / "README.md"
    readme.write_text("# Title\n\nprose\n\n%s\n\nold figures\n\n%s\n\nafter\n"
                      % (report.BEGIN, report.END))
    out = tmp_path / "bench.md"
    report.publish("| a | b |\n|---|---|\n| 1 | 2 |\n", 90.0, "make bench",
                   readme=str(readme), report=str(out))
    text = readme.read_text()
    assert text.startswith("# Title\n\nprose\n\n") and text.endswith("\n\nafter\n")
    assert "old figures" not in text
    block = report.between(text)
    assert block.endswith("| 1 | 2 |") and "2 minutes in all" in block
    assert out.read_text() == report.TITLE + block + "\n"


def test_a_partial_run_may_not_write_the_readme():
    done = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bench", "run.py"),
                           "--readme", "--only", "flush"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert "one full run" in done.stderr
