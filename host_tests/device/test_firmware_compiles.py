"""Everything in firmware/ must compile with mpy-cross as it goes onto each board:
a Pico (ARMv6-M) and an ESP32 (Xtensa), hot modules as native code, and portable
bytecode for runtimes without a native emitter."""
import os
import re

import pytest

from tools.gen import build

FILES = build.sources()


def test_there_is_firmware_to_compile():
    assert "stud/core/evaluator.py" in FILES and len(FILES) >= 8


@pytest.mark.parametrize("arch", ["armv6m", "xtensawin", None])
@pytest.mark.parametrize("rel", FILES)
def test_mpy_cross_compiles(rel, arch, tmp_path):
    ok, err = build.compile_one(rel, str(tmp_path), arch)
    assert ok, err
    assert os.path.getsize(os.path.join(str(tmp_path), rel[:-3] + ".mpy")) > 0


def test_firmware_imports_nothing_from_the_host():
    host_only = ("import os.path", "import subprocess", "import json", "import typing",
                 "dataclasses", "from tools", "import tools", "import pytest")
    for rel in FILES:
        text = open(os.path.join(build.FIRMWARE, rel)).read()
        for word in host_only:
            assert word not in text, "%s uses %s" % (rel, word)
        assert not re.search(r"(?<![\w])[fF][rR]?[\"']", text), "%s uses an f-string" % rel
