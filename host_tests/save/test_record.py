"""stud.save.record: a kept hand's bytes decode to a record the game could write, or to
ValueError, whatever the bytes (the save's reader and tools/save/history.py both rely on it)."""
import pytest
from hypothesis import given, settings, strategies as st

from saves import played
from stud.core.actions import CODES, base
from stud.core.games import ORDER, game
from stud.save import record

RECORDS = played(hands=55)[1].hands     # 50 real records, all four games


def decoded_or_value_error(data):
    """The record decode gives for `data`, or None if it raised ValueError (anything
    else propagates and fails the test)."""
    try:
        return record.decode(bytes(data))
    except ValueError:
        return None


def in_range(rec):
    """True if every field of a decoded record is one the game could have written."""
    lo, hi = game(rec["game"])["seats"]
    n = len(rec["names"])
    return (rec["game"] in ORDER and lo <= n <= hi and len(rec["stacks"]) == n
            and 0 <= rec["dealer"] < n and all(name in record.NAMES for name in rec["names"])
            and all(c < 52 for c in rec["deck"]) and len(set(rec["deck"])) == len(rec["deck"])
            and all(base(word) in CODES for word in rec["moves"]))


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=200))
def test_any_bytes_decode_to_a_record_in_range_or_value_error(data):
    rec = decoded_or_value_error(data)
    assert rec is None or in_range(rec)


mutation = st.one_of(
    st.tuples(st.just("set"), st.integers(0, 600), st.integers(0, 255)),
    st.tuples(st.just("cut"), st.integers(0, 600), st.just(0)),
    st.tuples(st.just("insert"), st.integers(0, 600), st.integers(0, 255)))


def mutated(rec, changes):
    data = bytearray(rec)
    for kind, at, value in changes:
        at %= len(data) + 1
        if kind == "set" and at < len(data):
            data[at] = value
        elif kind == "cut":
            del data[at:]
        elif kind == "insert":
            data.insert(at, value)
        if not data:
            break
    return data


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(RECORDS), st.lists(mutation, min_size=1, max_size=3))
def test_a_mutated_real_record_decodes_in_range_or_raises_value_error(rec, changes):
    out = decoded_or_value_error(mutated(rec, changes))
    assert out is None or in_range(out)


def test_every_real_record_decodes_in_range():
    assert all(in_range(record.decode(rec)) for rec in RECORDS)


def _field(rec, name):
    """The offset of a field in a real record (layout in stud.save.record's docstring)."""
    n = rec[1] & 15
    deck_at = 3 + n + 4 * n + 2
    return {"names": 3, "deck": deck_at + 1, "moves": deck_at + 1 + rec[deck_at] + 1}[name]


OUT_OF_RANGE = [   # what, where in the record, the byte put there or None: the one before, words
    ("a game index past the known games", lambda r: 0, len(ORDER), "game"),
    ("no seats", lambda r: 1, 0, "seats"),
    ("a dealer past the seats", lambda r: 1, (14 << 4) | 2, "seats"),
    ("a name code past the names", lambda r: _field(r, "names"), 200, "names"),
    ("a dealt card byte of 200", lambda r: _field(r, "deck"), 200, "cards"),
    ("a card dealt twice", lambda r: _field(r, "deck") + 1, None, "cards"),
    ("a move code of 15", lambda r: _field(r, "moves"), 15, "moves"),
]


@pytest.mark.parametrize("what,at,value,words", OUT_OF_RANGE, ids=[c[0] for c in OUT_OF_RANGE])
def test_each_field_out_of_range_is_a_value_error_naming_it(what, at, value, words):
    rec = bytearray(RECORDS[0])
    k = at(rec)
    rec[k] = rec[k - 1] if value is None else value
    with pytest.raises(ValueError, match=words):
        record.decode(bytes(rec))
