"""Groups a power names by their kinds and the bonuses it gives them:
- 'Undead creatures have +5 damage until end of round', 'All creatures are Slowed': every creature of those kinds, on
  both sides and the power's own creature too when it is one (no place is named, so nobody is left out); inside an
  attack ('Hit or miss, Undead creatures heal 15 HP') the words stay unread (those the attack reaches, or all?);
- 'Martial allies have +5 damage vs. Underdark enemies': 'martial' picks who has the bonus, 'Underdark' when it counts
  (before, one keyword did both: the bonus went to Underdark allies, or counted against Martial targets);
- 'Allies have +4 to saving throws until end of round': the bonus is added to each saving throw's d20;
- 'Allies score critical hits on a natural 19-20 until end of round' (against some targets, with some attacks): a
  wider critical range for a while."""

from __future__ import annotations

from typing import Any

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_state import Fighter
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

UNDEAD_DAMAGE = "Use at start of round: Undead creatures have +5 damage until end of round."
VS_UNDERDARK = "Use at start of round: Until end of battle, Martial allies have +5 damage vs. Underdark enemies."
SAVES = "Use at start of round. Allies have +4 to saving throws until end of round."
ALL_SLOWED = "Typhoons and Tremors: Use at start of round: All creatures are Slowed until end of round."
KEEN = "Use at start of round. Allies score critical hits on a natural 19-20 until end of round."
KEEN_BLOODIED = ("Use at start of round. Each Evil ally scores critical hits against Bloodied targets on attack rolls "
                 "of natural 16-20 until end of round.")
SIZES = "Use at start of round: Medium and Small Stealth allies have +5 damage until end of round."
COLD = "Use at start of round. Cold creatures in your warband deal +10 cold damage until end of round."
MOVE = "Use at start of round: Shapeshifter allies move up to their speed."
SNEAK = "Use at start of round: Each Goblin ally has Sneak Attack 5 until end of round."
ALT = ("Use at start of round. Until end of round, creatures in your warband have +2 Attack (or +4 Attack against "
       "Evil creatures).")
IN_ATTACK = "Undead Eye: (blast 4) +15 vs. Fortitude; 15 necrotic damage. Hit or miss, Undead creatures heal 15 HP."


def _of(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**d, **changes}


def _use(s: Any, fid: str, text: str) -> None:
    f = s.b.by_id[fid]
    power = next(p for p in f.powers if p.text == text)
    FX.apply_effects(s.b, power.effects, J.Ctx(f))


def _damage_bonus(s: Any, f: Fighter, target: Fighter | None = None) -> int:
    return J._stat_mods(s.b, f, "damage", target, None, None, False, False)


def test_the_powers_are_played_and_a_group_inside_an_attack_is_not() -> None:
    for text in (UNDEAD_DAMAGE, VS_UNDERDARK, SAVES, ALL_SLOWED, KEEN, KEEN_BLOODIED, SIZES, COLD, MOVE, SNEAK, ALT):
        c = card_from_json(card("Any", SWORD, text, rating=3))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    c = card_from_json(card("Beholder Zombie", IN_ATTACK))
    assert len(c.powers) == 1
    assert [p.name for p in unplayed_powers(c)] == ["Undead Eye"]


def test_undead_creatures_are_every_undead_one_its_own_and_enemies_too() -> None:
    s = battle([card("Lich", SWORD, UNDEAD_DAMAGE, rating=3, keywords=("Undead",)),
                card("Skeleton", SWORD, keywords=("Undead",)), card("Knight", SWORD)],
               [card("Zombie", SWORD, keywords=("Undead",)), card("Paladin", SWORD)], PurposeDice())
    _use(s, "a1", UNDEAD_DAMAGE)
    bonus = {fid: _damage_bonus(s, s.b.by_id[fid]) for fid in ("a1", "a2", "a3", "b1", "b2")}
    assert bonus == {"a1": 5, "a2": 5, "a3": 0, "b1": 5, "b2": 0}


def test_all_creatures_are_slowed_the_power_s_own_creature_too() -> None:
    s = battle([card("Empyrean", SWORD, ALL_SLOWED, rating=3), card("Angel", SWORD)],
               [card("Demon", SWORD)], PurposeDice())
    _use(s, "a1", "Typhoons and Tremors: Use at start of round: All creatures are Slowed until end of round.")
    assert all(s.b.by_id[fid].has("slowed") for fid in ("a1", "a2", "b1"))


def test_the_kinds_that_pick_who_has_a_bonus_and_those_it_counts_against_stay_apart() -> None:
    s = battle([card("Medic", SWORD, VS_UNDERDARK, rating=3), card("Soldier", SWORD, keywords=("Martial",)),
                card("Wizard", SWORD, keywords=("Arcane",))],
               [_of(card("Drow", SWORD), factions=["underdark"]), card("Orc", SWORD, keywords=("Martial",))],
               PurposeDice())
    _use(s, "a1", VS_UNDERDARK)
    soldier, wizard = s.b.by_id["a2"], s.b.by_id["a3"]
    drow, orc = s.b.by_id["b1"], s.b.by_id["b2"]
    assert (_damage_bonus(s, soldier, drow), _damage_bonus(s, soldier, orc)) == (5, 0)
    assert (_damage_bonus(s, wizard, drow), _damage_bonus(s, wizard, orc)) == (0, 0)


def test_a_bonus_to_saving_throws_turns_a_7_into_a_saved_throw() -> None:
    s = battle([card("Inquisitor", SWORD, SAVES, rating=3), card("Acolyte", SWORD)],
               [card("Orc", SWORD)], PurposeDice(save=[7, 7]))
    _use(s, "a1", SAVES)
    acolyte, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    for f in (acolyte, orc):
        FX.add_active(s.b, f, "condition", "dazed", 0, "save", s.b.by_id["a1"], Filter())
    saved = [TR.roll_save(s.b, f, next(e for e in f.effects if e.what == "dazed")) for f in (acolyte, orc)]
    assert saved == [True, False]
    assert [e["bonus"] for e in s.b.log.to_json() if e["kind"] == "save" and "bonus" in e] == [4]


def test_allies_score_critical_hits_on_a_19_for_the_round_and_enemies_do_not() -> None:
    s = battle([card("Marshal", SWORD, KEEN, rating=3), card("Knight", SWORD)],
               [card("Orc", SWORD, hp=100), card("Troll", SWORD, hp=100)], PurposeDice(attack=[19, 19]))
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    _use(s, "a1", KEEN)
    knight, orc, troll = s.b.by_id["a2"], s.b.by_id["b1"], s.b.by_id["b2"]
    AT.attack(s.b, knight, knight.powers[0], knight.powers[0].attack, [orc])  # type: ignore[arg-type]
    AT.attack(s.b, troll, troll.powers[0], troll.powers[0].attack, [knight])  # type: ignore[arg-type]
    assert [(e.data["attacker"], e.data["crit"]) for e in s.log.of_kind("attack")] == [("a2", True), ("b2", False)]
    assert orc.hp == 80  # 10 damage doubled


def test_a_critical_range_against_bloodied_targets_only_for_evil_allies() -> None:
    evil = {"alignment": "evil"}
    s = battle([_of(card("Tyrant", SWORD, KEEN_BLOODIED, rating=3), **evil), _of(card("Cultist", SWORD), **evil),
                card("Mercenary", SWORD)],
               [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)], PurposeDice())
    _use(s, "a1", KEEN_BLOODIED)
    cultist, mercenary, orc, elf = (s.b.by_id[x] for x in ("a2", "a3", "b1", "b2"))
    orc.hp = 40  # bloodied
    sword = cultist.powers[0]
    assert sword.attack is not None
    spec = sword.attack
    assert (AT._keen(s.b, cultist, orc, sword, spec), AT._keen(s.b, cultist, elf, sword, spec)) == (16, 20)
    assert AT._keen(s.b, mercenary, orc, mercenary.powers[0], spec) == 20


def test_two_sizes_before_a_kind_are_both_of_that_kind() -> None:
    stealth = ("Stealth",)
    s = battle([card("Xanathar", SWORD, SIZES, rating=3), card("Rogue", SWORD, keywords=stealth),
                card("Halfling", SWORD, size="Small", keywords=stealth),
                card("Ogre", SWORD, size="Large", keywords=stealth), card("Guard", SWORD)],
               [card("Orc", SWORD)], PurposeDice())
    _use(s, "a1", SIZES)
    assert [_damage_bonus(s, s.b.by_id[f]) for f in ("a2", "a3", "a4", "a5")] == [5, 5, 0, 0]


def test_cold_creatures_deal_ten_more_cold_damage() -> None:
    s = battle([card("Jarl", SWORD, COLD, rating=3), card("Frost Giant", SWORD, keywords=("Cold",)),
                card("Hill Giant", SWORD)], [card("Orc", SWORD, hp=100), card("Troll", SWORD, hp=100)],
               PurposeDice(attack=[15, 15]))
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "a3", 4, 6)
    put(s, "b2", 5, 6)
    _use(s, "a1", COLD)
    for fid, tid in (("a2", "b1"), ("a3", "b2")):
        f = s.b.by_id[fid]
        AT.attack(s.b, f, f.powers[0], f.powers[0].attack, [s.b.by_id[tid]])  # type: ignore[arg-type]
    assert (s.b.by_id["b1"].hp, s.b.by_id["b2"].hp) == (80, 90)


def test_shapeshifter_allies_move_up_to_their_speed_and_the_others_stay() -> None:
    s = battle([card("Werewolf", SWORD, MOVE, rating=3), card("Wererat", SWORD, keywords=("Shapeshifter",)),
                card("Hunter", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a2", 1, 1)
    put(s, "a3", 1, 4)
    put(s, "b1", 9, 2)
    before = (s.b.by_id["a2"].pos, s.b.by_id["a3"].pos)
    _use(s, "a1", MOVE)
    wererat, hunter = s.b.by_id["a2"], s.b.by_id["a3"]
    assert hunter.pos == before[1]
    assert wererat.pos != before[0] and s.b.gap(wererat, s.b.by_id["b1"]) < 8  # toward the enemy, 6 squares at most


def test_goblin_allies_have_sneak_attack_5_for_the_round_against_a_target_they_have_combat_advantage_on() -> None:
    s = battle([card("Underboss", SWORD, SNEAK, rating=3), card("Goblin", SWORD, keywords=("Goblin",)),
                card("Orc", SWORD)], [card("Dwarf", SWORD), card("Elf", SWORD)], PurposeDice())
    put(s, "a2", 4, 3)
    put(s, "a3", 6, 3)
    put(s, "b1", 5, 3)  # between the goblin and the orc: flanked
    put(s, "b2", 4, 7)
    _use(s, "a1", SNEAK)
    goblin, orc, dwarf, elf = (s.b.by_id[x] for x in ("a2", "a3", "b1", "b2"))
    assert J.has_combat_advantage(s.b, goblin, dwarf, True) and not J.has_combat_advantage(s.b, goblin, elf, True)

    def melee_bonus(f: Fighter, target: Fighter) -> int:
        sword = f.powers[0]
        return J._stat_mods(s.b, f, "damage", target, sword.attack, sword, False, False)

    assert (melee_bonus(goblin, dwarf), melee_bonus(goblin, elf), melee_bonus(orc, dwarf)) == (5, 0, 0)


def test_plus_2_attack_or_plus_4_against_evil_creatures() -> None:
    s = battle([card("Paladin", SWORD, ALT, rating=3), card("Squire", SWORD)],
               [_of(card("Cultist", SWORD), alignment="evil"), card("Wolf", SWORD)], PurposeDice())
    _use(s, "a1", ALT)
    squire, cultist, wolf = s.b.by_id["a2"], s.b.by_id["b1"], s.b.by_id["b2"]

    def attack_bonus(f: Fighter, target: Fighter) -> int:
        return J._stat_mods(s.b, f, "attack", target, None, None, False, False)

    assert (attack_bonus(squire, cultist), attack_bonus(squire, wolf)) == (4, 2)
    assert (attack_bonus(cultist, squire), attack_bonus(s.b.by_id["a1"], wolf)) == (0, 2)
