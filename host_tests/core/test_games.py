"""The game tables: every parameter declared once, every table whole."""
import pytest

from stud.core import games, variants
from stud.core.games import game, defaults, ORDER


@pytest.mark.parametrize("name", ORDER)
def test_a_game_states_only_declared_parameters(name):
    undeclared = set(variants.own(name)) - set(defaults())
    assert not undeclared, "%s states undeclared parameters %s" % (name, sorted(undeclared))


@pytest.mark.parametrize("name", ORDER)
def test_every_table_has_every_parameter(name):
    assert set(game(name)) == set(defaults())
    assert game(name)["name"] == name


def test_the_menu_s_short_names():
    assert [game(n)["short"] for n in ORDER] == ["LIMIT RAISE", "CASINO STUD", "5 CARD STUD",
                                                 "5 CARD DRAW"]


def test_an_unknown_game_is_named_in_the_error():
    with pytest.raises(ValueError, match="unknown game 'holdem'"):
        game("holdem")


def test_the_variants_module_is_released_after_a_table_is_built():
    import sys
    if "stud.core.variants" in sys.modules:     # (this file imported it to read it)
        from stud.core import lazy
        lazy.drop("stud.core.variants")
    games._cache[0] = None
    game("stud5")
    assert "stud.core.variants" not in sys.modules


def test_a_hold_keeps_the_variants_module_for_many_tables_until_dropped():
    import sys
    from stud.core import lazy
    lazy.drop("stud.core.variants")             # (this file imported it to read it)
    assert lazy.hold("stud.core.variants") is True
    assert lazy.hold("stud.core.variants") is False    # held already: the first holder drops
    for name in ("stud5", "draw5", "casino7"):
        games._cache[0] = None
        game(name)
        assert "stud.core.variants" in sys.modules
    lazy.drop("stud.core.variants")
    assert "stud.core.variants" not in sys.modules
