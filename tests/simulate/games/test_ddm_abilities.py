"""The machine-readable ability list (``data/ddm/abilities.json``) and the reading of cards into rules data."""

from __future__ import annotations

import json
import re

import pytest

from simulate.games.ddm_abilities import ability_list, card_unmodelled, parse_commander_effect, traits_for
from simulate.games.ddm_cards import AbilitySpec, CreatureCard, norm
from tests.simulate.harbinger import SEED_WIZARDS, harbinger_cards, harbinger_records

GLOSSARY_ABILITIES = [
    "Almighty", "Antimagic Eye", "Arrow Catching Shield", "Backstab", "Battlefield Promotion", "Beastmaster",
    "Blind-Fight", "Blindsight", "Breath Weapon", "Burrow", "Cave Setup", "Cleave", "Command Dependent",
    "Conceal", "Constitution Drain", "Countersong", "Cowardly", "Death Attack", "Death Burst", "Death Strike",
    "Deflect Arrows", "Difficult", "Double Damage from ENERGY", "DR", "Dual Activation", "Enslave", "Fearless",
    "Feed", "Flight", "Gaze Attack", "Ghost Step", "Hide", "Hurling Charge", "Immune EFFECT", "Improved Countersong",
    "Incorporeal", "Independent", "Leap", "Level Drain", "Life Drain", "Melee Reach", "Melee Sneak Attack",
    "Minions", "Mobility", "Mounted Melee Attack", "Natural Soul", "No Reach", "Not Subject to Commander Effects",
    "Phalanx Fighting", "Pounce", "Powerful Charge", "Precise Shot", "Psionics", "Pushback", "Ranged Sneak Attack",
    "Relay Orders", "Rend", "Requires CREATURE", "Resist ENERGY", "Respawn", "Scout", "Set against Charge",
    "Sidestep", "Simultaneous Attack", "Slow Effect", "Slow Attack", "Smite", "Sorcerer Spells", "Spell Immunity",
    "Spell Resistance", "Spring Attack", "Stagger", "Stench", "Stunning Attack", "Trample", "Turn Undead",
    "Tyrannical Morale", "Unique", "Wandering Monster", "Warband Building", "Waylay", "Whirlwind Attack", "Wild",
]


def by_name():
    out = {}
    for entry in ability_list():
        for name in [entry["name"], *entry.get("aliases", [])]:
            out[norm(name)] = entry
    return out


def lookup(name):
    """By name or alias; a trailing number is the parameter; "Resist Cold" matches "Resist ENERGY"."""
    table = by_name()
    key = norm(name)
    base = re.sub(r"\s*[+-]?\d+$", "", key)
    if key in table or base in table:
        return table.get(key) or table[base]
    for entry in ability_list():
        for candidate in [entry["name"], *entry.get("aliases", [])]:
            words = candidate.split()
            fixed = [w for w in words if not (w.isupper() and len(w) > 2)]
            if len(fixed) < len(words) and base.startswith(norm(" ".join(fixed))):
                return entry
    if base.startswith("smite"):
        return table.get("smite")
    return None


def test_every_entry_has_a_known_status_and_names_are_unique():
    names = [e["name"] for e in ability_list()]
    assert len(names) == len(set(names))
    assert {e["status"] for e in ability_list()} == {"modelled", "not-yet"}
    assert all(e["status"] == "modelled" or e.get("note") for e in ability_list())


@pytest.mark.parametrize("name", GLOSSARY_ABILITIES)
def test_the_list_holds_every_glossary_ability(name):
    assert lookup(name) is not None, name


def test_every_harbinger_ability_is_listed_and_played():
    for card in harbinger_cards().values():
        for a in card.specials:
            entry = lookup(a.name)
            assert entry is not None, a.name
    played = {c.name: card_unmodelled(c) for c in harbinger_cards().values()}
    assert {k: v for k, v in played.items() if v} == {
        "Arcane Archer": ["Selective Shot 2", "Commander Effect: selective shot 2"]}


def test_every_seed_catalogue_ability_name_is_listed_with_a_status_the_reader_agrees_with():
    with open(SEED_WIZARDS, encoding="utf-8") as fh:
        records = json.load(fh)
    for rec in records:
        for a in rec["special_abilities"]:
            entry = lookup(a["name"])
            assert entry is not None, a["name"]
            spec = AbilitySpec(a["name"], param=str(a.get("param") or ""), uses=a.get("uses"), text=a.get("text") or "")
            card = CreatureCard(name="x", cost=1, level=1, speed=1, ac=1, hp=1, abilities=(spec,))
            unplayed = traits_for(card).unmodelled
            if entry["status"] == "not-yet":
                assert unplayed, a["name"]
            elif unplayed:  # a modelled ability the data gives without its number: nothing to play it with
                assert not a.get("param"), a["name"]


def test_commander_effect_texts_are_read():
    assert parse_commander_effect("Followers gain melee attack +2.")[0][0].stat == "melee_attack"
    effects, left = parse_commander_effect("Elf followers gain Save +4")
    assert (effects[0].stat, effects[0].amount, effects[0].followers, left) == ("save", 4, "type:elf", [])
    effects, left = parse_commander_effect(
        "Attack +2 against larger creatures. WARBAND BUILDING: Halflings of any faction are legal in your warband.")
    assert (effects[0].stat, effects[0].against, left) == ("attack", "larger", [])
    assert parse_commander_effect("+1 AC.")[0][0].amount == 1
    effects, _ = parse_commander_effect("Followers rallied by this creature can take their turn normally if "
                                        "they rally successfully.")
    assert effects[0].stat == "rally_act"
    assert parse_commander_effect("Enemies get save -2.")[0][0].hostile


def test_creature_types_carry_their_built_in_abilities():
    undead = traits_for(CreatureCard("Mummy", 1, 1, 1, 1, 1, creature_type="Undead"))
    assert undead.fearless and not undead.living and "critical hits" in undead.immune
    elf = traits_for(CreatureCard("Elf", 1, 1, 1, 1, 1, creature_type="Humanoid", subtypes=("Elf",)))
    assert elf.immune == {"sleep"}
    ooze = traits_for(CreatureCard("Ooze", 1, 1, 1, 1, 1, creature_type="Ooze"))
    assert ooze.blindsight and ooze.fearless


def test_the_harbinger_records_used_by_the_tests_are_the_full_stat_blocks():
    full = [r for r in harbinger_records() if r.get("hp") is not None]
    assert len(full) == 26
    assert len(harbinger_cards()) == 19


def test_a_matchup_can_name_the_abilities_its_creatures_will_not_play():
    from simulate.games import GAMES

    archer = harbinger_cards()["Arcane Archer"]
    mummy = harbinger_cards()["Mummy"]
    lists = [{"name": "a", "creatures": [archer.to_json()]}, {"name": "b", "creatures": [mummy.to_json()]}]
    assert GAMES["ddm"].unmodelled(lists) == ["Arcane Archer: Commander Effect: selective shot 2",
                                              "Arcane Archer: Selective Shot 2"]
