"""The keeper's words for errors: what the small font shows of an exception's name."""
import pytest

from stud.save.keeper import spaced


@pytest.mark.parametrize("name,words", [
    ("ZeroDivisionError", "ZERO DIVISION ERROR"),
    ("IsADirectoryError", "IS A DIRECTORY ERROR"),
    ("OSError", "OS ERROR"),
    ("MemoryError", "MEMORY ERROR"),
    ("UnicodeDecodeError", "UNICODE DECODE ERROR"),
])
def test_an_error_name_is_spaced_into_its_words(name, words):
    assert spaced(name) == words
