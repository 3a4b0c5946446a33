"""Its own words in two sentences: 'Vestige of Vecna: Scores no VP for occupying one of your victory areas at end of
round. Worth 0 VP when destroyed.'; words after another creature's event and about a target (Hindering Blade Style,
Icy Wallop)."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_auras import own_victory_square
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, attack_with, battle, card, put

VESTIGE = ("Vestige of Vecna: Scores no VP for occupying one of your victory areas at end of round. Worth 0 VP when "
           "destroyed.")


def test_the_vestige_scores_no_area_and_is_worth_nothing() -> None:
    assert_played(card("Lich Vestige", SWORD, VESTIGE), 1)
    s = battle([card("Lich Vestige", SWORD, VESTIGE)], [card("Orc", SWORD)], PurposeDice())
    x, y = own_victory_square(s)
    put(s, "a1", x, y)
    put(s, "b1", x, y + 3)
    vestige = s.b.by_id["a1"]
    assert vestige.gained("no-area-vp") and vestige.gained("no-vp-worth")
    before = s.b.scores[0]
    s._end_round()
    assert s.b.scores[0] == before


HINDERING = ("Hindering Blade Style: Whenever an enemy adjacent to this creature attacks an ally, it has -2 Attack on "
             "that attack roll.")


def test_hindering_blade_style_lowers_the_attack_roll_on_its_ally() -> None:
    """The printed 'it' after an enemy's event is that enemy or this creature; '-2 Attack on that attack roll' is that
    attack's either way."""
    assert_played(card("Dwarf Mercenary", SWORD, HINDERING), 1)
    s = battle([card("Dwarf Mercenary", SWORD, HINDERING), card("Squire", SWORD)], [card("Orc", SWORD)],
               PurposeDice(attack=[5, 5]))  # +10 against AC 15: 15 hits, 13 misses
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 5, 3)
    orc, squire = s.b.by_id["b1"], s.b.by_id["a2"]
    assert attack_with(s, orc, squire) == 0
    put(s, "a1", 1, 1)  # no longer beside the orc
    assert attack_with(s, orc, squire) == 1


ICY_WALLOP = ("Icy Wallop: Whenever this creature makes an attack against a target with a current speed less than its "
              "normal speed: +4 Attack on that attack.")


def test_icy_wallop_against_a_slowed_target() -> None:
    assert_played(card("Ice Archon", SWORD, ICY_WALLOP), 1)
    s = battle([card("Ice Archon", SWORD, ICY_WALLOP)], [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)],
               PurposeDice(attack=[2, 2]))  # +10 (+4) against AC 15: 2 hits only with the bonus
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 4)
    archon, orc, elf = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    FX.add_active(s.b, orc, "condition", "slowed", 0, "save", archon, Filter())
    assert attack_with(s, archon, orc) == 1
    assert attack_with(s, archon, elf) == 0
