"""'Target cannot attack (this creature)': read as a condition and played — no attack action, charge, opportunity
attack or extra attack while it lasts (against that creature only, for 'cannot attack this creature')."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games.ddm_guild import GuildAttack, GuildCharge, GuildMove
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

SPORES = "Pacification Spores: +9 vs. Will; until end of its next turn, target cannot attack"
WRATH = "Bestial Wrath: +16 vs. AC; 25 Damage AND target cannot attack this creature (save ends)"


def test_the_words_are_a_condition_with_its_duration() -> None:
    spores, wrath = parse_power(0, "attack", SPORES), parse_power(1, "attack", WRATH)
    assert spores.played and wrath.played, (spores.unplayed, wrath.unplayed)
    assert spores.attack is not None and wrath.attack is not None
    assert [(e.kind, e.who, e.what, e.duration) for e in spores.attack.hit] == [
        ("condition", "target", "no-attack", "end-next-turn")]
    assert ("condition", "target", "no-attack-source", "save") in [
        (e.kind, e.who, e.what, e.duration) for e in wrath.attack.hit]
    polymorph = parse_power(0, "attack", "Polymorph Other: Minor action: (range 5) +12 vs. Will; target cannot attack "
                                         "AND is Slowed (save ends both).")
    assert polymorph.attack is not None and [(e.what, e.duration) for e in polymorph.attack.hit] == [
        ("no-attack", "save"), ("slowed", "save")]


def test_a_creature_that_cannot_attack_has_no_attack_and_makes_no_opportunity_attack() -> None:
    s = battle([card("Myconid", SPORES, SWORD), card("Runner", SWORD)], [card("Orc", SWORD)],
               PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "a2", 6, 3)
    turn_of(s, "a1")
    s.apply(GuildAttack(0, ("b1",)))
    orc = s.b.by_id["b1"]
    assert orc.has("no-attack")
    turn_of(s, "b1")
    assert not [a for a in s.legal_actions() if isinstance(a, (GuildAttack, GuildCharge))]
    turn_of(s, "a2")
    s.apply(GuildMove((6, 6)))  # leaving the orc's side provokes, but it cannot attack
    assert not s.log.of_kind("opportunity-attack") and s.b.by_id["a2"].hp == 50


def test_a_creature_that_cannot_attack_its_source_may_attack_others() -> None:
    s = battle([card("Druid", WRATH), card("Fighter", SWORD)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "a2", 6, 3)
    turn_of(s, "a1")
    s.apply(GuildAttack(0, ("b1",)))
    orc, druid, fighter = s.b.by_id["b1"], s.b.by_id["a1"], s.b.by_id["a2"]
    assert not AT.may_attack(orc, druid) and AT.may_attack(orc, fighter)
    turn_of(s, "b1")
    targets = {a.targets for a in s.legal_actions() if isinstance(a, GuildAttack)}
    assert targets == {("a2",)}
