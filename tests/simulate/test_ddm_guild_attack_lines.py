"""Attack lines read through shared slots: an attack that provokes opportunity attacks as it is made ('Provokes
opportunity attacks. +14 vs. AC', '... attack from target.'), 'Replaces turn:' (its attack, move and minor actions), a
pull 'to a space adjacent to this creature', a charge power restating the charge's move, a damage type printed without
'damage' ('10 fire AND 10 ongoing fire damage'), the target words of an attack's parenthesis and of its 'instead'
bonus."""

from __future__ import annotations

import pytest

from simulate.engine.game import IllegalAction
from simulate.games.ddm_guild import GuildAttack, GuildCharge
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_vocab import Power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

GAMBIT = "Gambit: Provokes opportunity attacks. +14 vs. AC; 20 damage."
ENVELOP = "Envelop: Provokes opportunity attack from target. +5 vs. Reflex; 15 acid damage."
FURIOUS = "Furious Assault: Replaces turn: Make 4 {b} attacks."
HARPOON = "Water Harpoon: (range 5) +20 vs. AC; 20 damage AND pull target to an adjacent space."
TIGER = "Tiger's Pounce: (usable on charge) Move at least 2 squares, then make 2 {b} attacks against 1 target."
JET = "Jet of Flame: (reach 3) +15 vs. Reflex; 10 fire AND 10 ongoing fire damage."
LATCH = "Latch On: (non-adjacent, Medium or smaller target only) +13 vs. Fortitude; 30 damage."
ENTANGLE = ("Entangle: (blast 4) +9 vs. Fortitude, +14 vs. Fortitude instead if target occupies forest terrain; 10 "
            "damage AND Immobilized.")


def _power(raw: dict[str, object], name: str) -> Power:
    c = card_from_json(raw)
    p = next(q for q in c.powers if q.name == name)  # the power is on the card, and played
    assert p.name not in [q.name for q in unplayed_powers(c)]
    return p


def test_the_words_are_read() -> None:
    assert _power(card("Armor", SWORD, GAMBIT), "Gambit").attack.draws == "all"  # type: ignore[union-attr]
    assert _power(card("Jelly", SWORD, ENVELOP), "Envelop").attack.draws == "target"  # type: ignore[union-attr]
    furious = _power(card("Xill", SWORD, FURIOUS), "Furious Assault")
    assert furious.action == "turn" and furious.attacks_made == 4
    tiger = _power(card("Weretiger", SWORD, TIGER), "Tiger's Pounce")
    assert tiger.requirement == "charge" and tiger.attacks_made == 2
    jet = _power(card("Elemental", SWORD, JET), "Jet of Flame").attack
    assert jet is not None and [(e.kind, e.amount, e.what) for e in jet.hit] == [("damage", 10, "fire"),
                                                                                ("ongoing", 10, "fire")]
    latch = _power(card("Hook Horror", SWORD, LATCH), "Latch On").attack
    assert latch is not None and latch.target_filter.target_state == "not-adjacent&size<=medium"
    entangle = _power(card("Dryad", SWORD, ENTANGLE), "Entangle").attack
    assert entangle is not None and entangle.alt_bonus == 14
    assert entangle.alt_gate.target_state == "at:in-terrain:forest"


def test_a_melee_attack_that_provokes_draws_each_adjacent_enemy_first() -> None:
    s = battle([card("Armor", SWORD, GAMBIT, hp=80)], [card("Orc", SWORD), card("Goblin", SWORD)],
               PurposeDice(attack=[15] * 4))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    turn_of(s, "a1")
    p = next(q for q in s.b.by_id["a1"].powers if q.name == "Gambit")
    s.apply(GuildAttack(p.index, ("b1",)))
    assert sorted(str(e.data["attacker"]) for e in s.log.of_kind("opportunity-attack")) == ["b1", "b2"]
    assert [e.data["attacker"] for e in s.log.of_kind("attack")][-1] == "a1"  # its own attack after them
    assert s.b.by_id["a1"].hp == 60 and s.b.by_id["b1"].hp == 30


def test_provoking_the_target_only() -> None:
    s = battle([card("Jelly", SWORD, ENVELOP, hp=80)], [card("Orc", SWORD), card("Goblin", SWORD)],
               PurposeDice(attack=[15] * 4))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    turn_of(s, "a1")
    p = next(q for q in s.b.by_id["a1"].powers if q.name == "Envelop")
    s.apply(GuildAttack(p.index, ("b1",)))
    assert [e.data["attacker"] for e in s.log.of_kind("opportunity-attack")] == ["b1"]


def test_replaces_turn_needs_every_action_and_spends_them() -> None:
    s = battle([card("Xill", SWORD, FURIOUS)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15] * 6))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    turn_of(s, "a1")
    f = s.b.by_id["a1"]
    p = next(q for q in f.powers if q.name == "Furious Assault")
    assert p in s.attack_powers(f)
    f.move_action = False  # (a move taken first)
    assert p not in s.attack_powers(f)
    with pytest.raises(IllegalAction):
        s.apply(GuildAttack(p.index, ("b1",) * 4))
    turn_of(s, "a1")
    s.apply(GuildAttack(p.index, ("b1",) * 4))
    assert s.b.by_id["b1"].hp == 60 and len(s.log.of_kind("attack")) == 4
    assert not (f.attack_action or f.move_action or f.minor_action)


def test_a_pull_to_a_space_adjacent_to_it() -> None:
    s = battle([card("Archon", SWORD, HARPOON)], [card("Orc", SWORD)], PurposeDice(attack=[15] * 2))
    put(s, "a1", 2, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    p = next(q for q in s.b.by_id["a1"].powers if q.name == "Water Harpoon")
    s.apply(GuildAttack(p.index, ("b1",)))
    assert s.b.by_id["b1"].hp == 30 and s.b.adjacent(s.b.by_id["a1"], s.b.by_id["b1"])


def test_a_charge_power_that_restates_the_charge() -> None:
    s = battle([card("Weretiger", SWORD, TIGER)], [card("Deer", SWORD, hp=50)], PurposeDice(attack=[15] * 4))
    put(s, "a1", 1, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    p = next(q for q in s.b.by_id["a1"].powers if q.name == "Tiger's Pounce")
    s.apply(GuildCharge("b1", (5, 3), p.index))
    assert s.b.by_id["b1"].hp == 30 and len(s.log.of_kind("attack")) == 2


CLOUD = ("Poison Cloud: (burst 2) +16 vs. Fortitude; 20 poison damage. Hit or miss, each adjacent creature takes "
         "ongoing 10 poison damage (save ends) after resolving all attacks.")
SNAP = ("Tail Snap: (blast 2) +15 vs. AC; 10 damage. Hit or miss, push each target up to 2 squares after resolving all "
        "attacks.")
BOW = "First Edition Bow: Full turn action: Make two Shortbow attacks."
SHORTBOW = "Shortbow: (range 10) +8 vs. AC; 10 damage."


def test_the_words_after_all_attacks_are_read() -> None:
    cloud = _power(card("Mezzodemon", SWORD, CLOUD), "Poison Cloud")
    assert [(e.kind, e.who, e.amount, e.filter.within) for e in cloud.effects] == [("ongoing", "all", 10, -1)]
    snap = _power(card("Draconian", SWORD, SNAP), "Tail Snap").attack
    assert snap is not None and [(e.kind, e.amount) for e in snap.always] == [("push", 2)] and not snap.hit[1:]
    bow = _power(card("Archer", SHORTBOW, BOW), "First Edition Bow")
    assert bow.action == "turn" and bow.attacks_made == 2


def test_each_adjacent_creature_once_after_a_burst() -> None:
    s = battle([card("Mezzodemon", SWORD, CLOUD, hp=80)], [card("Orc", SWORD), card("Goblin", SWORD)],
               PurposeDice(attack=[15] * 4))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 6, 4)  # within the burst, not adjacent
    turn_of(s, "a1")
    p = next(q for q in s.b.by_id["a1"].powers if q.name == "Poison Cloud")
    s.apply(GuildAttack(p.index, (), (4, 3)))
    ongoing = {(e.data["creature"], e.data["what"]) for e in s.log.of_kind("effect")
               if e.data.get("effect") == "ongoing"}
    assert ongoing == {("b1", "poison")}


HOLY = "Holy Sword: +22 vs. AC; 15 + 10 radiant damage AND Evil creatures are Dazed (save ends)."


@pytest.mark.parametrize("alignment", ["evil", "neutral"])
def test_creatures_of_a_kind_in_a_rider_are_the_targets_of_that_kind(alignment: str) -> None:
    foe = card("Orc", SWORD)
    foe["alignment"] = alignment
    s = battle([card("Paladin", SWORD, HOLY)], [foe], PurposeDice(attack=[15] * 2))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    turn_of(s, "a1")
    p = _power(card("Paladin", SWORD, HOLY), "Holy Sword")
    s.apply(GuildAttack(p.index, ("b1",)))
    assert s.b.by_id["b1"].hp == 25 and s.b.by_id["b1"].has("dazed") == (alignment == "evil")


SECOND = ("Scimitar and Short Sword: Make 1 {b} attack. If that attack hits, shift up to 1 square, then make 1 {b} "
          "attack against the same target.")


@pytest.mark.parametrize("first", [15, 2])
def test_a_second_basic_attack_only_after_a_hit(first: int) -> None:
    s = battle([card("Ranger", SWORD, SECOND)], [card("Orc", SWORD, hp=50)], PurposeDice(attack=[first, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    turn_of(s, "a1")
    p = _power(card("Ranger", SWORD, SECOND), "Scimitar and Short Sword")
    assert [e.kind for e in p.effects] == ["attack", "shift", "attack"] and p.attacks_made == 1
    s.apply(GuildAttack(p.index, ("b1",)))
    attacks = [e.data["target"] for e in s.log.of_kind("attack")]
    assert attacks == (["b1", "b1"] if first == 15 else ["b1"])
    assert s.b.by_id["b1"].hp == (30 if first == 15 else 50)


KNOCKOUT = ("Knockout: +10 vs. Fortitude; 15 damage AND Helpless (save ends, damage ends). On miss, 10 damage AND "
            "Dazed.")


def test_a_condition_that_damage_ends_too() -> None:
    s = battle([card("Dwarf Sneak", SWORD, KNOCKOUT), card("Friend", SWORD)], [card("Orc", SWORD, hp=80)],
               PurposeDice(attack=[15] * 3))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 5, 3)
    turn_of(s, "a1")
    p = _power(card("Dwarf Sneak", SWORD, KNOCKOUT), "Knockout")
    s.apply(GuildAttack(p.index, ("b1",)))
    orc = s.b.by_id["b1"]
    assert orc.hp == 65 and orc.has("helpless")  # its own damage came first
    turn_of(s, "a2")
    sword = next(q for q in s.b.by_id["a2"].powers if q.name == "Sword")
    s.apply(GuildAttack(sword.index, ("b1",)))
    assert orc.hp < 65 and not orc.has("helpless")


SWOOP = "Swoop: Use only on charge; make 1 extra {b} attack against target of that charge."


def test_an_extra_basic_attack_after_a_charge() -> None:
    s = battle([card("Wyrmling", SWORD, SWOOP)], [card("Deer", SWORD, hp=50)], PurposeDice(attack=[15] * 4))
    put(s, "a1", 1, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    f = s.b.by_id["a1"]
    p = _power(card("Wyrmling", SWORD, SWOOP), "Swoop")
    assert p.requirement == "charge" and not p.action
    sword = next(q for q in f.powers if q.name == "Sword")
    s.apply(GuildCharge("b1", (5, 3), sword.index))
    assert [e.data["target"] for e in s.log.of_kind("attack")] == ["b1", "b1"] and s.b.by_id["b1"].hp == 30
