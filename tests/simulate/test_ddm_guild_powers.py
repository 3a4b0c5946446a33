"""Reading the Guild cards' powers into typed effects (simulate/games/ddm_guild_powers.py): what is read, what
is left unplayed and why, and that the coverage figures are what the bench prints."""

from __future__ import annotations

import pytest

from simulate.games.ddm_guild_cards import card_from_catalogue, unplayed_powers
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_vocab import Effect
from simulate.games.ddm_guild_words import KINDS
from tests.simulate.guild import guild_records


def test_a_plain_melee_attack() -> None:
    p = parse_power(0, "attack", "Blade: +17 vs. AC; 20 damage.")
    assert p.played and p.name == "Blade" and p.action == "attack" and p.is_basic
    a = p.attack
    assert a is not None
    assert (a.form, a.bonus, a.defence, a.reach) == ("melee", 17, "ac", 1)
    assert a.hit == (Effect("damage", "target", 20, ""),)


def test_bonus_damage_riders_and_a_hit_or_miss_clause() -> None:
    p = parse_power(1, "attack", "Fangs: +16 vs. AC; 5 + 15 poison damage. Hit or miss, this creature slides up to "
                                 "2 squares.")
    a = p.attack
    assert p.played and a is not None
    assert [(e.kind, e.amount, e.what) for e in a.hit] == [("damage", 5, ""), ("damage", 15, "poison")]
    assert [(e.kind, e.who, e.amount) for e in a.always] == [("slide", "self", 2)]


def test_an_area_attack_with_a_target_filter_and_a_save() -> None:
    p = parse_power(0, "attack", "Lion's Roar: (blast 5, bloodied targets only) +13 vs. Will; Stunned (Fear, save "
                                 "ends)")
    a = p.attack
    assert p.played and a is not None
    assert (a.form, a.size, a.defence, a.target_filter.target_state) == ("close-blast", 5, "will", "bloodied")
    assert [(e.kind, e.what, e.duration) for e in a.hit] == [("condition", "stunned", "save")]


@pytest.mark.parametrize(("text", "kind", "amount", "what"), [
    ("Resist 10 Fire", "resist", 10, "fire"),
    ("Vulnerable 5 Radiant.", "vulnerable", 5, "radiant"),
    ("Immune Poison", "immune", 0, "poison"),
    ("Reach 2", "reach", 2, ""),
    ("Conceal 6", "conceal", 6, ""),
    ("Multi-Activation 2: Activates twice per round.", "multi-activation", 2, ""),
    ("Sneak Attack 5: +10 damage vs. targets granting it combat advantage.", "mod", 10, "damage"),
])
def test_keyword_abilities(text: str, kind: str, amount: int, what: str) -> None:
    p = parse_power(0, "special", text)
    assert p.played, p.unplayed
    assert [(s.kind, s.amount, s.what) for s in p.statics] == [(kind, amount, what)]


def test_a_reminder_text_wins_over_its_keywords_number() -> None:
    """Sneak Attack 5 whose text says +10: the text is what the card does (against a target granting combat advantage
    and without Immune Sneak Attack, as the power is Sneak Attack)."""
    p = parse_power(0, "special", "Sneak Attack 5: +10 damage vs. targets granting it combat advantage.")
    assert p.statics[0].amount == 10 and p.statics[0].filter.target_state == "ca&!sneak-immune"


def test_a_triggered_champion_power() -> None:
    p = parse_power(3, "champion", "Use at start of round: Dwarf allies have +2 attack until end of round.")
    assert p.played and p.trigger == "start-of-round"
    assert [(e.kind, e.who, e.amount, e.what, e.duration, e.filter.keyword) for e in p.effects] == [
        ("mod", "allies", 2, "attack", "end-round", "dwarf")]


def test_a_recharge_and_a_use_limit() -> None:
    p = parse_power(2, "attack", "Frost Breath: (blast 3) +11 vs. DEF(Ref); 10 cold Damage. RECHARGE when first "
                                 "Bloodied.", uses=1)
    assert p.played and p.recharge == "bloodied" and p.uses == 1 and not p.is_basic


def test_what_is_not_understood_is_named_and_not_played_in_part() -> None:
    p = parse_power(0, "attack", "Stone Gaze: (range 5) +19 vs. Will; Petrified.")
    card = card_from_catalogue({"name": "Gazer", "cost": 10, "level": 3, "speed": 6, "hp": 30, "ac": 15, "fort": 12,
                                "ref": 12, "will": 12, "abilities": [{"kind": "attack", "text": p.text}]})
    missing = unplayed_powers(card)
    assert [m.name for m in missing] == ["Stone Gaze"]
    assert "petrified" in missing[0].unplayed


def test_no_power_is_read_with_a_number_its_text_does_not_give() -> None:
    """Bloodrage without a number is not played (never a default)."""
    assert not parse_power(0, "special", "Bloodrage").played
    assert parse_power(0, "special", "Bloodrage 5").played


def test_every_catalogue_power_reads_without_an_error() -> None:
    """All 1,912 creatures: each power is either played or names its unread words."""
    for record in guild_records().values():
        card = card_from_catalogue(record)
        for p in unplayed_powers(card):
            assert p.unplayed


def test_a_followup_is_a_second_attack_on_a_hit() -> None:
    p = parse_power(0, "attack", "Thrust and Rend: +10 vs. AC; 10 damage AND Followup: +10 vs. AC; 10 damage.")
    assert p.played and p.attack is not None
    follow = [e for e in p.attack.hit if e.kind == "attack"]
    assert len(follow) == 1 and follow[0].what == "followup" and follow[0].follow is not None
    assert (follow[0].follow.bonus, follow[0].follow.defence) == (10, "ac")


def test_a_power_that_lends_a_keyword_ability_for_a_while() -> None:
    p = parse_power(0, "special", "Phase Out: Minor action; until start of its next turn, this creature has "
                                  "Insubstantial and Phasing.")
    assert p.played and p.action == "minor"
    assert [(e.kind, e.what, e.duration) for e in p.effects] == [
        ("gain", "insubstantial", "start-next-turn"), ("gain", "phasing", "start-next-turn")]


@pytest.mark.parametrize(("text", "targets", "distinct", "keyword", "state", "ignores"), [
    ("Sweeping Flames: (2 targets) +11 vs. Ref; 20 fire damage", 2, True, "", "", ()),
    ("Twin Katanas: (make two attacks) +16 vs. AC; 15 damage", 2, False, "", "", ()),
    ("Demonflail: (attack target twice) +18 vs. AC; 15 damage", 2, False, "", "", ()),
    ("Inquisitor's Flame: (range 5; Undead, Shapeshifter, or Evil target only) +10 vs. Will; 10 damage", 1, False,
     "undead|shapeshifter|evil", "", ()),
    ("Screech: (burst 2, non-Demons only) +16 vs. Fortitude; 10 thunder damage", 1, False, "!demon", "", ()),
    ("Dirty Fighting: (Blinded target only) +9 vs. AC; 15 damage.", 1, False, "", "cond:blinded", ()),
    ("Power Windup: (non-adjacent target only) +15 vs. AC; 20 damage.", 1, False, "", "not-adjacent", ()),
    ("Rapier Lunge: (reach 2, ignores Conceal) +21 vs. AC; 20 + 5 poison damage.", 1, False, "", "", ("conceal",)),
    ("Magic Missile: (sight) +10 vs. DEF(Ref); 10 Damage; ignore Insubstantial", 1, False, "", "", ("insubstantial",)),
    ("Poison Sting: (reach 2, can target allies) +15 vs. AC; 5 damage.", 1, False, "", "", ()),
])
def test_what_an_attacks_parenthesis_says(text: str, targets: int, distinct: bool, keyword: str, state: str,
                                          ignores: tuple[str, ...]) -> None:
    p = parse_power(0, "attack", text)
    assert p.played, p.unplayed
    a = p.attack
    assert a is not None
    assert (a.targets, a.distinct, a.target_filter.keyword, a.target_filter.target_state, a.ignores) == (
        targets, distinct, keyword, state, ignores)


def test_an_attacks_parenthesis_may_hold_its_limit_and_requirement() -> None:
    p = parse_power(0, "attack", "Rimefire: (minor action, once per turn, range 9) +19 vs. Fortitude; 10 cold + 10 "
                                 "fire damage.")
    q = parse_power(1, "attack", "Rage: (burst 2, only while damaged) +13 vs. AC; 20 damage.")
    assert p.played and q.played, (p.unplayed, q.unplayed)
    assert (p.action, p.per) == ("minor", "turn") and q.requirement == "damaged"


@pytest.mark.parametrize("text", [
    "Shocking Grasp: +13 vs. AC or +13 vs. Reflex; 15 lightning damage.",
    "Trueblade: +21 vs. AC or DEF(Fort); 20 + 5 radiant Damage",
])
def test_an_attack_against_either_of_two_defences(text: str) -> None:
    p = parse_power(0, "attack", text)
    assert p.played, p.unplayed
    assert p.attack is not None and "|" in p.attack.defence


@pytest.mark.parametrize(("text", "statics"), [
    ("Immune Slow.", [("immune", 0, "slowed")]),
    ("Immune Dominated, Immune Fear", [("immune", 0, "dominated"), ("immune", 0, "fear")]),
    ("Resist Cold 30", [("resist", 30, "cold")]),
    ("None.", [("blank", 0, "")]),
])
def test_more_spellings_of_keyword_abilities(text: str, statics: list[tuple[str, int, str]]) -> None:
    p = parse_power(0, "special", text)
    assert p.played, p.unplayed
    assert [(s.kind, s.amount, s.what) for s in p.statics] == statics


def test_a_modifier_against_a_kind_is_not_cut_at_vs() -> None:
    """'vs. Evil enemies' is one clause (the full stop of 'vs.' does not end a sentence)."""
    p = parse_power(0, "champion", "Use at start of round: Allies have +5 damage vs. Evil enemies until end of round.")
    assert p.played, p.unplayed
    # every ally has it (no keyword picks who), against Evil targets (a state of the target)
    assert [(e.kind, e.who, e.amount, e.filter.keyword, e.filter.target_state) for e in p.effects] == [
        ("mod", "allies", 5, "", "kinds:evil")]


def test_card_misprints_read_as_the_words_they_spell() -> None:
    assert parse_power(0, "attack", "Intimidation: (blast 3) +15 vs. Will; push 3squares").played
    whip = parse_power(0, "attack", "Whip: (reach 4) +22 vs. AC; 10+15 fire damage")
    assert whip.attack is not None and [e.amount for e in whip.attack.hit] == [10, 15]
    assert parse_power(0, "attack", "Fire Wave: (blast 4) +20 vs. Refex; 20 fire damage").played


@pytest.mark.parametrize(("text", "trigger", "keyword", "state", "within"), [
    ("Use when an enemy takes fire damage: That enemy is Weakened.", "enemy-damaged", "", "dtype:fire", 0),
    ("Use when a Construct or Warforged ally destroys an enemy: That ally heals 30 HP.", "ally-destroys",
     "construct|warforged", "enemy", 0),
    ("Use when this creature destroys a living enemy. This creature heals 10 HP.", "destroys", "", "kinds:living&enemy",
     0),
    ("Use when an ally takes damage: This creature makes a {b} attack as an immediate action.", "ally-damaged", "",
     "", 0),
    ("Use when an enemy misses with an attack. That enemy takes 5 radiant Damage.", "enemy-misses", "", "", 0),
    ("Use when an ally fails a save. Reroll that save.", "ally-fails-save", "", "", 0),
    ("Use when an enemy within 3 squares fails a save: That enemy is Helpless until end of its next turn.",
     "enemy-fails-save", "", "", 3),
    ("Use when an enemy activates. That enemy has -2 Attack until end of turn.", "enemy-starts-turn", "", "", 0),
    ("Use at start of an adjacent ally's turn: That ally heals 5 HP.", "ally-starts-turn", "", "", -1),
    ("Use when an Evil enemy targets an ally with an attack: That ally has +4 AC until end of round.",
     "ally-attacked", "", "kinds:evil&enemy", 0),
    ("Use when any creature scores a critical hit: +20 Damage on that attack.", "any-crits", "", "", 0),
    ("Use when this creature damages an enemy: This creature has +3 Speed until end of its next turn.", "damages",
     "", "", 0),
])
def test_events_named_by_who_takes_part(text: str, trigger: str, keyword: str, state: str, within: int) -> None:
    p = parse_power(0, "champion", text)
    assert p.played, p.unplayed
    f = p.trigger_filter
    assert (p.trigger, f.keyword, f.target_state, f.within) == (trigger, keyword, state, within)


def test_an_event_creature_of_a_kind_no_card_names_is_not_read() -> None:
    assert not parse_power(0, "champion", "Use when a Summoned ally destroys an enemy: That ally heals 10 HP.").played


def test_the_catalogue_kinds_are_the_ones_the_reader_knows() -> None:
    kinds = {k.casefold() for r in guild_records().values() for k in r.get("keywords") or ()}
    assert kinds <= KINDS

