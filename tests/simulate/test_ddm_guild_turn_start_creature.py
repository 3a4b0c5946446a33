"""The creature whose turn starts, in more of the champion cards' words (profile ``ddm-guild.turn-start-creature``):
'Use at start of your creature's turn. That creature moves up to its Speed' (a turn of a creature of its own side, its
own too), 'at start of an Bugbear ally's turn: That creature is invisible' (that ally), 'at start of any turn: The
creature activating is invisible' (a champion power that helps that creature: its own side's only), 'at start of a
Vampire's turn: That Vampire is Insubstantial' (a creature of that kind), 'when an ally starts a turn adjacent to an
enemy' (where that ally stands); and groups by the power's creature's level or by cost ('Lower-level allies have
Resist 5 All', 'Allies with cost 20 or less have +2 speed')."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_rules as R
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildState
from simulate.games.ddm_guild_cards import card_from_json
from tests.simulate.test_ddm_guild_round_awards import _champion
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, battle, card, put

ARISTOCRAT = "Use at start of your creature's turn. That creature moves up to its Speed."
MARSHAL = "Use at start of turn of a creature in your warband. Move that creature up to its Speed."
BUGBEAR = "Use at start of an Bugbear ally’s turn: That creature is invisible until end of turn."
JARLAXLE = "Use at start of any turn: The creature activating is invisible until end of turn."
HIEROPHANT = "Use at start of a creature's turn. That creature has Flight until end of it's turn."
STRAHD = "Use at start of a Vampire's turn: That Vampire is Insubstantial until it attacks."
MAZE = "Use when a Minotaur starts a turn adjacent to a wall: That Minotaur moves up to its speed."
WARLEADER = ("Use when an ally starts a turn adjacent to an enemy: That ally makes a {b} attack as an immediate "
             "action.")
BRAVADO = "Use when a Dragon hits with a {m} attack: That Dragon has +2 attack until end of battle."
PRINCE = "Use at start of round. Lower-level allies have Resist 5 All until end of round."
GENERAL = "Use at any time. Allies with cost 20 or less have +2 Speed until end of round."


@pytest.mark.parametrize("text, trigger", [
    (ARISTOCRAT, "friend-starts-turn"), (MARSHAL, "friend-starts-turn"), (BUGBEAR, "ally-starts-turn"),
    (JARLAXLE, "any-starts-turn"), (HIEROPHANT, "any-starts-turn"), (STRAHD, "any-starts-turn"),
    (MAZE, "any-starts-turn"), (WARLEADER, "ally-starts-turn"), (BRAVADO, "any-hits"), (PRINCE, "start-of-round"),
    (GENERAL, "any-time")])
def test_the_powers_are_read_and_played(text: str, trigger: str) -> None:
    raw = _champion(card("Champion", SWORD, text, rating=2))
    assert card_from_json(raw).powers[1].trigger == trigger
    assert_played(raw, 1)


def _as_champion(raw: dict[str, object]) -> dict[str, object]:
    """The card with its powers after the first (its sword) printed as champion powers ('vs. Dazed' too)."""
    for p in raw["powers"][1:]:  # type: ignore[index]
        p["kind"] = "champion"
    return raw


def _side(mine: str, *allies: dict[str, object], foes: int = 1) -> GuildState:
    s = battle([_as_champion(card("Leader", SWORD, mine, rating=2)), *allies],
               [card(f"Orc {i}", SWORD, hp=80) for i in range(foes)], PurposeDice(attack=[15] * 8))
    s.b.by_id["a1"].champion_left = 2
    return s


@pytest.mark.parametrize("text", [ARISTOCRAT, MARSHAL])
def test_a_creature_of_its_side_moves_as_its_turn_starts_and_so_does_it(text: str) -> None:
    s = _side(text, card("Squire", SWORD))
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 6)
    put(s, "b1", 11, 6)
    squire, leader = s.b.by_id["a2"], s.b.by_id["a1"]
    TR.turn_started(s.b, squire)
    assert squire.pos is not None and squire.pos[0] > 0  # (toward the enemy: it has a melee attack)
    assert leader.pos == (0, 0)
    TR.turn_started(s.b, leader)
    assert leader.pos is not None and leader.pos[0] > 0
    assert leader.champion_left == 0


def test_that_creature_after_a_bugbear_allys_turn_start_is_that_ally() -> None:
    s = _side(BUGBEAR, card("Bugbear", SWORD, keywords=("Bugbear",)), card("Goblin", SWORD, keywords=("Goblin",)))
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 4)
    put(s, "a3", 0, 7)
    put(s, "b1", 11, 6)
    bugbear, goblin = s.b.by_id["a2"], s.b.by_id["a3"]
    TR.turn_started(s.b, goblin)
    TR.turn_started(s.b, bugbear)
    assert bugbear.has("invisible") and not goblin.has("invisible")
    assert not s.b.by_id["a1"].has("invisible")


@pytest.mark.parametrize("text, has", [
    (JARLAXLE, lambda f: f.has("invisible")), (HIEROPHANT, lambda f: f.flies())])
def test_a_champion_power_that_helps_the_creature_whose_turn_starts_helps_its_own_side(text: str, has) -> None:
    s = _side(text, card("Squire", SWORD))
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 6)
    put(s, "b1", 11, 6)
    squire, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    TR.turn_started(s.b, orc)
    assert not has(orc) and s.b.by_id["a1"].champion_left == 2
    TR.turn_started(s.b, squire)
    assert has(squire) and s.b.by_id["a1"].champion_left == 1


def test_that_vampire_is_the_vampire_whose_turn_starts() -> None:
    s = _side(STRAHD, card("Vampire Spawn", SWORD, keywords=("Vampire",)), card("Squire", SWORD))
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 4)
    put(s, "a3", 0, 7)
    put(s, "b1", 11, 6)
    spawn, squire = s.b.by_id["a2"], s.b.by_id["a3"]
    TR.turn_started(s.b, squire)
    assert not squire.gained("insubstantial")
    TR.turn_started(s.b, spawn)
    assert spawn.gained("insubstantial") and not squire.gained("insubstantial")


def test_an_ally_that_starts_its_turn_adjacent_to_an_enemy_attacks() -> None:
    s = _side(WARLEADER, card("Squire", SWORD), card("Page", SWORD))
    put(s, "a1", 0, 0)
    put(s, "a2", 5, 5)
    put(s, "a3", 5, 7)
    put(s, "b1", 6, 5)
    page, squire = s.b.by_id["a3"], s.b.by_id["a2"]
    TR.turn_started(s.b, page)
    assert not s.log.of_kind("attack")
    TR.turn_started(s.b, squire)
    assert [(e.data["attacker"], e.data["target"]) for e in s.log.of_kind("attack")] == [("a2", "b1")]


def test_lower_level_allies_are_those_below_its_level() -> None:
    s = _side(PRINCE, card("Page", SWORD, level=3), card("Knight", SWORD, level=5), card("Lord", SWORD, level=8))
    leader = s.b.by_id["a1"]
    p = leader.powers[1]
    TR.apply_power(s.b, leader, p, J.Ctx(leader))
    assert [s.b.by_id[i].resist_now().get("all", 0) for i in ("a1", "a2", "a3", "a4")] == [0, 5, 0, 0]


def test_allies_with_cost_20_or_less() -> None:
    s = _side(GENERAL, card("Page", SWORD, cost=12), card("Knight", SWORD, cost=20), card("Lord", SWORD, cost=21))
    leader = s.b.by_id["a1"]
    for f in s.b.fighters:
        f.effects = []  # (what the battle's start may have used)
    TR.apply_power(s.b, leader, leader.powers[1], J.Ctx(leader))
    assert [s.b.by_id[i].speed() for i in ("a1", "a2", "a3", "a4")] == [6, 8, 8, 6]


TRUEHEART = "Use after an adjacent ally is damaged, if the ally is not destroyed: That ally heals 10 HP."


def test_an_ally_damaged_but_not_destroyed_heals_and_one_destroyed_spends_nothing() -> None:
    raw = _champion(card("Half-Orc", SWORD, TRUEHEART, rating=2))
    assert card_from_json(raw).powers[1].trigger_filter.self_state == "in-play"
    assert_played(raw, 1)
    s = _side(TRUEHEART, card("Squire", SWORD, hp=40), card("Page", SWORD, hp=40))
    put(s, "a1", 4, 4)
    put(s, "a2", 4, 5)
    put(s, "a3", 5, 4)
    put(s, "b1", 10, 4)
    leader, squire, page, orc = (s.b.by_id[i] for i in ("a1", "a2", "a3", "b1"))
    DM.deal_damage(s.b, squire, [(15, "")], orc)
    assert squire.hp == 35 and leader.champion_left == 1  # (40 - 15 + 10)
    DM.deal_damage(s.b, page, [(50, "")], orc)
    assert not page.in_play() and leader.champion_left == 1


COVEN = "Use when an enemy fails a save vs. Dazed: that enemy is Helpless (save ends)."
GRUNG = "Use when an enemy fails a save vs. ongoing poison: That enemy is also Dazed (save ends)."


@pytest.mark.parametrize("text, against, then", [(COVEN, ("condition", "dazed"), "helpless"),
                                                 (GRUNG, ("ongoing", "poison"), "dazed")])
def test_a_failed_save_against_that_effect_only(text: str, against: tuple[str, str], then: str) -> None:
    raw = _as_champion(card("Hag", SWORD, text, rating=2))
    assert_played(raw, 1)
    s = _side(text, foes=2)
    s.b.dice = PurposeDice(save=[1, 1])
    put(s, "a1", 0, 0)
    put(s, "b1", 10, 0)
    put(s, "b2", 10, 4)
    leader, hit, other = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    kind, what = against
    FX.add_active(s.b, other, "condition", "slowed", 0, "save", leader, J.Filter())
    TR.roll_save(s.b, other, other.effects[-1])  # (a failed save against something else)
    assert not other.has(then) and leader.champion_left == 2
    FX.add_active(s.b, hit, kind, what, 5 if kind == "ongoing" else 0, "save", leader, J.Filter())
    TR.roll_save(s.b, hit, hit.effects[-1])
    assert hit.has(then) and leader.champion_left == 1


GOLD = "Use when an ally is destroyed. This champion has +5 {m} Damage until the end of battle."
SCOURGE = "Use when this creature makes an attack against a Stunned enemy: +4 Attack and +10 Damage for that attack."
SEER = "Use at start of round: Up to 3 allies may shift up to 2 squares each."
WAND = "Use when an ally misses with an attack that deals cold or necrotic damage: Reroll that attack."
SILVER = "Use when this champion starts it turn in one of your victory areas: Score +10 VP."


@pytest.mark.parametrize("text", [GOLD, SCOURGE, SEER, WAND, SILVER])
def test_more_spellings_are_read_and_played(text: str) -> None:
    assert_played(_as_champion(card("Champion", SWORD, text, rating=2)), 1)


def test_this_champion_is_the_powers_creature() -> None:
    s = _side(GOLD, card("Squire", SWORD))
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 4)
    put(s, "b1", 11, 4)
    leader, squire = s.b.by_id["a1"], s.b.by_id["a2"]
    DM.deal_damage(s.b, squire, [(80, "")], s.b.by_id["b1"])
    assert not squire.alive
    assert [(e.kind, e.what, e.amount, e.duration) for e in leader.effects] == [("mod", "damage", 5, "battle")]


def test_more_damage_for_an_attack_against_a_stunned_enemy_only() -> None:
    s = _side(SCOURGE, foes=2)
    put(s, "a1", 4, 4)
    put(s, "b1", 5, 4)
    put(s, "b2", 3, 4)
    leader, stunned, other = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    FX.add_active(s.b, stunned, "condition", "stunned", 0, "save", leader, J.Filter())
    sword = leader.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, leader, sword, sword.attack, [other])
    AT.attack(s.b, leader, sword, sword.attack, [stunned])
    assert (other.hp, stunned.hp) == (70, 60)


def test_up_to_3_allies_shift() -> None:
    s = _side(SEER, *(card(f"Merfolk {i}", SWORD) for i in range(4)))
    for i, fid in enumerate(("a1", "a2", "a3", "a4", "a5")):
        put(s, fid, 0, i)
    put(s, "b1", 11, 4)
    before = {f.id: f.pos for f in s.b.fighters}
    leader = s.b.by_id["a1"]
    TR.apply_power(s.b, leader, leader.powers[1], J.Ctx(leader))
    moved = [f.id for f in s.b.fighters if f.pos != before[f.id]]
    assert len(moved) == 3 and "a1" not in moved and "b1" not in moved


@pytest.mark.parametrize("dtype, rerolled", [("necrotic", True), ("fire", False)])
def test_an_allys_miss_with_an_attack_of_those_types_is_rolled_again(dtype: str, rerolled: bool) -> None:
    s = _side(WAND, card("Wraith", f"Touch: +10 vs. AC; 10 {dtype} damage."))
    s.b.dice = PurposeDice(attack=[2, 18])
    put(s, "a1", 0, 0)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 4)
    wraith, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    touch = wraith.powers[0]
    assert touch.attack is not None
    AT.attack(s.b, wraith, touch, touch.attack, [orc])
    assert (orc.hp == 70) == rerolled and s.b.by_id["a1"].champion_left == (1 if rerolled else 2)


TRICKSTER = "Use at start of this creature’s turn: Slide all allies up to 3 squares."
QUINTESSENT = "Use at end of round: Slide each ally and each enemy up to 2 squares."
AMBASSADOR = "Use at start of an Elf ally's turn: Slide that ally up to 4 squares."


@pytest.mark.parametrize("text", [TRICKSTER, QUINTESSENT, AMBASSADOR])
def test_slides_of_its_own_creatures_are_read_and_played(text: str) -> None:
    assert_played(_as_champion(card("Champion", SWORD, text, rating=2)), 1)


def test_its_own_creatures_slid_move_as_it_would_shift_them_and_an_enemy_away() -> None:
    s = _side(QUINTESSENT, card("Squire", SWORD), card("Page", SWORD))
    put(s, "a1", 4, 4)
    put(s, "a2", 0, 0)
    put(s, "a3", 0, 7)
    put(s, "b1", 6, 4)
    leader, squire, page, orc = (s.b.by_id[i] for i in ("a1", "a2", "a3", "b1"))
    TR.apply_power(s.b, leader, leader.powers[1], J.Ctx(leader))
    assert leader.pos == (4, 4)
    assert s.b.gap(leader, orc) == 4  # (2 squares farther from it: a slide of an enemy, as a push)
    assert squire.pos is not None and page.pos is not None
    assert squire.pos[0] == 2 and page.pos[0] == 2  # (2 squares toward the enemy: their best attack is melee)


def test_that_ally_slides_as_its_turn_starts() -> None:
    s = _side(AMBASSADOR, card("Elf", SWORD, keywords=("Elf",)), card("Dwarf", SWORD, keywords=("Dwarf",)))
    put(s, "a1", 0, 4)
    put(s, "a2", 0, 0)
    put(s, "a3", 0, 7)
    put(s, "b1", 11, 4)
    elf, dwarf = s.b.by_id["a2"], s.b.by_id["a3"]
    TR.turn_started(s.b, dwarf)
    TR.turn_started(s.b, elf)
    assert dwarf.pos == (0, 7) and elf.pos is not None and elf.pos[0] == 4


MAZE_SLIDE = "Use at start of round: Slide a Confused enemy up to 6 squares."
NON_CHAMPION = "Use at start of round: Slide one non-Champion enemy up to 3 squares."


@pytest.mark.parametrize("text, chosen", [(MAZE_SLIDE, "b2"), (NON_CHAMPION, "b1")])
def test_an_enemy_in_a_state_or_not_of_a_kind_is_slid(text: str, chosen: str) -> None:
    s = battle([_as_champion(card("Leader", SWORD, text, rating=2))],
               [card("Orc", SWORD), _champion(card("Orc Boss", SWORD, "Use at start of turn: heal 5 HP.", rating=1))],
               PurposeDice())
    assert_played(_as_champion(card("Leader", SWORD, text, rating=2)), 1)
    put(s, "a1", 4, 4)
    put(s, "b1", 5, 2)
    put(s, "b2", 5, 6)
    leader = s.b.by_id["a1"]
    FX.add_active(s.b, s.b.by_id["b2"], "condition", "confused", 0, "save", leader, J.Filter())
    before = {f.id: f.pos for f in s.b.fighters}
    TR.apply_power(s.b, leader, leader.powers[1], J.Ctx(leader))
    assert [f.id for f in s.b.fighters if f.pos != before[f.id]] == [chosen]


NEOGI = "Use at start of turn: 1 Magical Beast ally within 3 squares makes a {M} attack as an immediate action."
MACE = "Use when a Bugbear ally is bloodied: A Bugbear in your warband makes a BASIC attack as an immediate action."


@pytest.mark.parametrize("text", [NEOGI, MACE])
def test_a_creature_of_a_kind_makes_an_attack(text: str) -> None:
    assert_played(_as_champion(card("Champion", SWORD, text, rating=2)), 1)


def test_a_magical_beast_ally_of_two_words_attacks() -> None:
    s = _side(NEOGI, card("Umber Hulk", SWORD, keywords=("Magical Beast",)), card("Beast", SWORD, keywords=("Beast",)))
    put(s, "a1", 4, 4)
    put(s, "a2", 6, 4)
    put(s, "a3", 5, 5)
    put(s, "b1", 7, 4)
    s.b.by_id["b1"].hp = 80
    TR.turn_started(s.b, s.b.by_id["a1"])
    assert [(e.data["attacker"], e.data["target"]) for e in s.log.of_kind("attack")][-1:] == [("a2", "b1")]


def test_a_bugbear_of_its_warband_attacks_when_a_bugbear_ally_is_bloodied() -> None:
    s = _side(MACE, card("Bugbear", SWORD, keywords=("Bugbear",), hp=40), card("Goblin", SWORD, hp=40))
    put(s, "a1", 0, 0)
    put(s, "a2", 6, 4)
    put(s, "a3", 6, 2)
    put(s, "b1", 7, 4)
    before = len(s.log.of_kind("attack"))
    DM.deal_damage(s.b, s.b.by_id["a3"], [(25, "")], s.b.by_id["b1"])  # (a Goblin bloodied: nothing)
    assert len(s.log.of_kind("attack")) == before
    DM.deal_damage(s.b, s.b.by_id["a2"], [(25, "")], s.b.by_id["b1"])
    assert [(e.data["attacker"], e.data["target"]) for e in s.log.of_kind("attack")[before:]] == [("a2", "b1")]


DROW_CAPTAIN = "Use when an enemy is destroyed by poison damage: Each Drow ally heals 10 HP."


@pytest.mark.parametrize("dtype, healed", [("poison", True), ("fire", False)])
def test_an_enemy_destroyed_by_that_damage_type(dtype: str, healed: bool) -> None:
    assert_played(_as_champion(card("Drow Captain", SWORD, DROW_CAPTAIN, rating=2)), 1)
    s = _side(DROW_CAPTAIN, card("Drow", SWORD, keywords=("Drow",), hp=40))
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 4)
    put(s, "b1", 11, 4)
    drow, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    drow.hp = 20
    DM.deal_damage(s.b, orc, [(90, dtype)], drow)
    assert not orc.alive and drow.hp == (30 if healed else 20)


BARON = "Use at the beginning of round. One Bloodied ally has +5 Damage on {m} attacks this round."
DRUID = "Use at beginning of round: All beast allies move up to their speed."


@pytest.mark.parametrize("text", [BARON, DRUID])
def test_at_the_beginning_of_round(text: str) -> None:
    raw = _as_champion(card("Champion", SWORD, text, rating=2))
    assert card_from_json(raw).powers[1].trigger == "start-of-round"
    assert_played(raw, 1)


def test_one_bloodied_ally_only() -> None:
    s = _side(BARON, card("Squire", SWORD, hp=40), card("Page", SWORD, hp=40))
    put(s, "a1", 0, 0)
    put(s, "a2", 0, 4)
    put(s, "a3", 6, 4)
    put(s, "b1", 11, 4)
    squire, page, leader = s.b.by_id["a2"], s.b.by_id["a3"], s.b.by_id["a1"]
    for f in s.b.fighters:
        f.effects = []
    squire.hp = 15  # (bloodied; the Page, nearer the enemy, is not)
    TR.apply_power(s.b, leader, leader.powers[1], J.Ctx(leader))
    assert [(e.what, e.amount) for e in squire.effects] == [("damage", 5)] and page.effects == []


WYRMLING = "Use at start of round: Players score double VP for occupying victory areas this round."


@pytest.mark.parametrize("used, factor", [(False, 1), (True, 2)])
def test_double_victory_points_for_occupying_victory_areas_this_round(used: bool, factor: int) -> None:
    assert_played(_as_champion(card("Gold Wyrmling", SWORD, WYRMLING, rating=2)), 1)
    s = _side(WYRMLING if used else "Use at start of round: heal 5 HP.")
    s.b.round_awards.clear()
    leader = s.b.by_id["a1"]
    if used:
        TR.apply_power(s.b, leader, leader.powers[1], J.Ctx(leader))
    for fid, p in (("a1", 0), ("b1", 1)):  # (each in a victory area its player scores for)
        put(s, fid, *min(s._area_cells(p)))
    before = list(s.b.scores)
    s._end_round()
    award = max(1, s.params.points_limit * R.VICTORY_AREA_PERCENT // 100)
    assert [s.b.scores[p] - before[p] for p in (0, 1)] == [award * factor, award * factor]


WARLEADER_DAMAGES = "Use when an Aquatic ally damages a bloodied enemy: +20 damage on that attack."
HIEROPHANT_HITS = ("Use when a Beast or Elemental allies attack hits an enemy: +20 Damage to that enemy with that "
                   "attack.")


@pytest.mark.parametrize("text", [WARLEADER_DAMAGES, HIEROPHANT_HITS])
def test_more_damage_when_an_ally_damages_is_on_its_hit(text: str) -> None:
    assert_played(_as_champion(card("Champion", SWORD, text, rating=2)), 1)


@pytest.mark.parametrize("kinds, bloodied, lost", [(("Aquatic",), True, 30), (("Aquatic",), False, 10),
                                                   (("Beast",), True, 10)])
def test_an_aquatic_allys_hit_on_a_bloodied_enemy_deals_20_more(kinds: tuple[str, ...], bloodied: bool,
                                                                 lost: int) -> None:
    s = _side(WARLEADER_DAMAGES, card("Merrow", SWORD, keywords=kinds))
    s.b.dice = PurposeDice(attack=[15, 15])
    put(s, "a1", 0, 0)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 4)
    merrow, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    orc.hp = 35 if bloodied else 80
    before = orc.hp
    sword = merrow.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, merrow, sword, sword.attack, [orc])
    assert before - orc.hp == lost


YEENOGHU = ("Use when this creature is first bloodied: As an immediate action, make a {b} attack against each adjacent "
            "enemy.")


def test_as_an_immediate_action_it_attacks_each_adjacent_enemy_when_first_bloodied() -> None:
    raw = _as_champion(card("Champion of Yeenoghu", SWORD, YEENOGHU, rating=2))
    assert card_from_json(raw).powers[1].action == "immediate"
    assert_played(raw, 1)
    s = _side(YEENOGHU, foes=3)
    s.b.dice = PurposeDice(attack=[15, 15, 15])
    put(s, "a1", 4, 4)
    put(s, "b1", 5, 4)
    put(s, "b2", 3, 4)
    put(s, "b3", 8, 4)
    leader = s.b.by_id["a1"]
    leader.immediate_used = False
    before = len(s.log.of_kind("attack"))
    DM.deal_damage(s.b, leader, [(30, "")], s.b.by_id["b3"])
    assert sorted(str(e.data["target"]) for e in s.log.of_kind("attack")[before:]) == ["b1", "b2"]


RAIDER = "Use when an ally rolls a natural 20 on a {m} attack: RECHARGE Raider’s Blast."
BLAST = "Raider’s Blast: +14 vs. Reflex; 20 fire damage."


def test_a_power_named_with_a_curly_apostrophe_is_the_one_the_words_name() -> None:
    raw = _as_champion(card("Red Dragon Raider", SWORD, RAIDER, rating=2))
    raw["powers"] = [*raw["powers"], {"kind": "attack", "text": BLAST, "uses": 1}]  # type: ignore[misc]
    assert card_from_json(raw).powers[2].name == "Raider's Blast"
    assert_played(raw, 1)
    s = battle([raw], [card("Orc", SWORD)], PurposeDice())
    raider = s.b.by_id["a1"]
    raider.uses[2] = 0
    TR.apply_power(s.b, raider, raider.powers[1], J.Ctx(raider))
    assert raider.uses[2] == 1
