"""Champion powers the cards word a little differently: 'Choose an Arcane ally. The chosen ally has +2 attack' (the
chosen ally is 'that ally'), 'Use at start this creature's turn' (of its turn), 'Use any time during your turn' (on
its own turn), 'Push all living enemies within two squares' (2 squares). Each power is first checked to be on the
card and played, then played in a battle with set positions and dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_rules as R
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildAttack, GuildPower
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_condition_events import placed
from tests.simulate.test_ddm_guild_round_awards import _champion
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

RED_WIZARD = ("Use at start of round: Choose an Arcane ally. The chosen ally has +2 attack and +10 fire damage until "
              "end of round.")
ELF_RANGER = "Use at start this creature's turn. Martial allies have +2 {R} attack until end of round."
ULTROLOTH = "Use any time during your turn. One Demon ally makes an immediate {R} attack"
BRONZE = "Use at start of an enemy's turn: Push all living enemies within two squares of this creature up to 4 squares."
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


@pytest.mark.parametrize("text, trigger", [(RED_WIZARD, "start-of-round"), (ELF_RANGER, "start-of-turn"),
                                           (ULTROLOTH, "own-turn"), (BRONZE, "enemy-starts-turn")])
def test_the_powers_are_read_and_played(text: str, trigger: str) -> None:
    c = card_from_json(_champion(card("Champion", SWORD, text, rating=3)))
    assert len(c.powers) == 2 and c.powers[1].trigger == trigger
    assert unplayed_powers(c) == []


def test_the_chosen_arcane_ally_and_no_other_has_the_bonus() -> None:
    s = battle([_champion(card("Red Wizard", SWORD, RED_WIZARD, rating=3)),
                card("Mage", SWORD, keywords=("Arcane",)), card("Soldier", SWORD)], [card("Orc", SWORD)],
               PurposeDice())
    for i in range(3):
        put(s, f"a{i + 1}", 1, i + 1)
    put(s, "b1", 10, 6)
    mage, soldier = s.b.by_id["a2"], s.b.by_id["a3"]
    for f in (mage, soldier):
        f.effects.clear()  # (what the first round's use gave)
    wiz = s.b.by_id["a1"]
    TR.apply_power(s.b, wiz, wiz.powers[1], J.Ctx(wiz))
    assert [(x.what, x.amount) for x in mage.effects if x.kind == "mod"] == [("attack", 2), ("damage", 10)]
    assert [x for x in soldier.effects if x.kind == "mod"] == []


def test_one_demon_ally_makes_a_ranged_attack() -> None:
    s = battle([_champion(card("Ultroloth", SWORD, ULTROLOTH, rating=3)), card("Demon", BOW, keywords=("Demon",)),
                card("Archer", BOW)], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15, 15]))
    for i in range(3):
        put(s, f"a{i + 1}", 1, i + 1)
    put(s, "b1", 8, 2)
    orc = s.b.by_id["b1"]
    ult = s.b.by_id["a1"]
    TR.apply_power(s.b, ult, ult.powers[1], J.Ctx(ult))
    attacks = [e.data for e in s.log.of_kind("attack")]
    assert orc.hp == 70 and [a["attacker"] for a in attacks][-1] == "a2"


def test_living_enemies_within_two_squares_are_pushed() -> None:
    s = battle([_champion(card("Bronze Dragon", SWORD, BRONZE, rating=3))],
               [card("Near", SWORD), card("Far", SWORD), card("Skeleton", SWORD, keywords=("Undead",))],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 6, 3)  # 1 square between: within 2
    put(s, "b2", 9, 3)
    put(s, "b3", 4, 5)  # within 2, not living
    dragon = s.b.by_id["a1"]
    TR.apply_power(s.b, dragon, dragon.powers[1], J.Ctx(dragon))
    near = s.b.by_id["b1"]
    assert s.b.gap(dragon, near) == 2 + 4  # pushed its 4 squares
    assert s.b.by_id["b2"].pos == (9, 3) and s.b.by_id["b3"].pos == (4, 5)


UNDERBOSS = "Use during your set-up: 1 Goblin ally has Scout until end of battle."
HALF_DRAGON = "Use during your setup: A Dragon ally gains Scout"


@pytest.mark.parametrize("text", [UNDERBOSS, HALF_DRAGON])
def test_scout_given_during_set_up_is_read_and_played(text: str) -> None:
    c = card_from_json(_champion(card("Boss", SWORD, text, rating=3)))
    assert c.powers[1].trigger == "setup" and [e.kind for e in c.powers[1].effects] == ["scout"]
    assert unplayed_powers(c) == []


def test_the_goblin_given_scout_sets_up_in_its_victory_area_and_the_other_in_the_start_area() -> None:
    s = battle([_champion(card("Underboss", SWORD, UNDERBOSS, rating=3)),
                card("Goblin", SWORD, keywords=("Goblin",), cost=12), card("Orc Ally", SWORD, cost=30)],
               [card("Orc", SWORD)], PurposeDice())
    goblin, orc_ally = s.b.by_id["a2"], s.b.by_id["a3"]
    letter = s.b.letters[0]
    area = {sq for a in s.map.grid.areas("victory") if a.letter == letter for sq in a.cells}
    start = set(s.map.start_squares(letter))
    assert goblin.scout and goblin.pos in area
    assert not orc_ally.scout and orc_ally.pos in start
    assert [e.data["creature"] for e in s.log.of_kind("gains-scout")] == ["a2"]


SUNE = "Use when an ally makes an attack. That attack's damage ignores all Resist abilities."


def test_an_allys_attack_ignores_resist() -> None:
    c = card_from_json(_champion(card("Cleric", SWORD, SUNE, rating=3)))
    assert [(e.kind, e.what) for e in c.powers[1].effects] == [("hit", "ignore-resist")] and unplayed_powers(c) == []
    s = battle([_champion(card("Cleric of Sune", SWORD, SUNE, rating=3)), card("Fighter", SWORD)],
               [card("Golem", SWORD, hp=50)], PurposeDice(attack=[15]))
    put(s, "a1", 1, 1)
    put(s, "a2", 5, 3)
    put(s, "b1", 6, 3)
    golem = s.b.by_id["b1"]
    golem.resist = {"all": 10}
    turn_of(s, "a2")
    s.apply(GuildAttack(0, ("b1",)))
    assert golem.hp == 40  # its 10 damage, none resisted


PELOR = ("Use when this creature is attacked: This creature and each ally has +2 Attack against attacker until end of "
         "battle.")
GREEN = ("Use at start of round: Until end of round, each ally has +4 Attack and +10 Damage with {m} attacks against "
         "targets flanked by that ally.")


def test_the_attacker_is_that_enemy_of_the_bonus_and_flanked_targets_are_those_it_flanks() -> None:
    pelor = card_from_json(_champion(card("Cleric", SWORD, PELOR, rating=3))).powers[1]
    assert [(e.kind, e.what, e.amount, e.filter.target_state) for e in pelor.effects] == [
        ("mod", "attack", 2, "chosen")]
    green = card_from_json(_champion(card("Dragon", SWORD, GREEN, rating=3))).powers[1]
    assert {(e.filter.attack_form, e.filter.target_state) for e in green.effects} == {("melee", "flanking")}
    s = battle([_champion(card("Cleric of Pelor", SWORD, PELOR, rating=3)), card("Paladin", SWORD)],
               [card("Orc", SWORD)], PurposeDice(attack=[3]))
    put(s, "a1", 5, 3)
    put(s, "a2", 5, 5)
    put(s, "b1", 6, 3)
    turn_of(s, "b1")
    s.apply(GuildAttack(0, ("a1",)))
    paladin = s.b.by_id["a2"]
    assert [(x.what, x.amount, x.filter.target_state) for x in paladin.effects if x.kind == "mod"] == [
        ("attack", 2, "id:b1")]


KUYUTHA = ("Use at start of turn: If you win initiative this round, 1 Dragon ally makes a {B} attack as an immediate "
           "action.")
FOLK_HERO = ("Natural Leader: Use when rolling initiative, if your opponent does not have a champion on the battle "
             "map: roll an extra d20 for initiative.")


def test_a_power_only_if_its_side_won_the_champion_test() -> None:
    c = card_from_json(_champion(card("Exarch", SWORD, KUYUTHA, rating=3)))
    assert c.powers[1].requirement == "won-initiative" and unplayed_powers(c) == []
    s = battle([_champion(card("Exarch", SWORD, KUYUTHA, rating=3))], [card("Orc", SWORD)], PurposeDice())
    exarch = s.b.by_id["a1"]
    for won, ok in ((0, True), (1, False)):
        s.b.won_initiative = won
        assert TR.requirement_ok(exarch, exarch.powers[1], charge=False, b=s.b) is ok
    assert s.b.won_initiative in (0, 1)  # (set by each champion test)


@pytest.mark.parametrize("rival_rating, dice", [(None, 3), (2, 2)])
def test_an_extra_die_only_when_the_opponent_has_no_champion(rival_rating: int | None, dice: int) -> None:
    c = card_from_json(card("Goblin", SWORD, FOLK_HERO, rating=1))
    assert c.powers[1].trigger == "before-initiative" and unplayed_powers(c) == []
    faces = PurposeDice(champion_test=[3, 18, 10, 4, 5])
    battle([card("Goblin Folk Hero", SWORD, FOLK_HERO, rating=1)], [card("Rival", SWORD, rating=rival_rating)], faces)
    rolled = sum(1 for purpose, _f in faces.rolled if purpose == "champion-test")
    # a die each, the higher champion rating's extra dice (profile ddm-guild.champion-test), and the power's die
    assert rolled == dice + R.CHAMPION_EXTRA_DICE


MYSTRA = "Chosen of Mystra: Minor action, once per turn: Make a melee basic or ranged attack."


def test_a_melee_basic_or_ranged_attack_is_the_basic_attack_that_reaches_an_enemy() -> None:
    c = card_from_json(card("Laeral", SWORD, BOW, MYSTRA))
    assert [(e.kind, e.what) for e in c.powers[2].effects] == [("attack", "basic")] and unplayed_powers(c) == []
    s = battle([card("Laeral", SWORD, BOW, MYSTRA)], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15]))
    put(s, "a1", 2, 3)
    put(s, "b1", 8, 3)  # out of the sword's reach, in the bow's range
    turn_of(s, "a1")
    s.apply(GuildPower(2))
    assert s.b.by_id["b1"].hp == 70


DEZMYR = ("Use at end of round: Place an Aberrant ally adjacent to this creature. That ally makes a BASIC attack as an "
          "immediate action.")


def test_the_aberrant_ally_chosen_is_placed_beside_it_and_attacks() -> None:
    c = card_from_json(_champion(card("Dezmyr", SWORD, DEZMYR, rating=3)))
    assert [e.kind for e in c.powers[1].effects] == ["choose", "place", "attack"] and unplayed_powers(c) == []
    s = battle([_champion(card("Dezmyr", SWORD, DEZMYR, rating=3)), card("Eye", BOW, keywords=("Aberrant",)),
                card("Soldier", SWORD)], [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15]))
    put(s, "a1", 5, 3)
    put(s, "a2", 1, 7)
    put(s, "a3", 1, 1)
    put(s, "b1", 10, 3)
    dez, eye, soldier = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["a3"]
    TR.apply_power(s.b, dez, dez.powers[1], J.Ctx(dez))
    assert s.b.adjacent(eye, dez) and soldier.pos == (1, 1)
    assert s.b.by_id["b1"].hp == 70


DEATH_KNIGHT = "Use at end of round: Each enemy occupying a victory area takes 10 necrotic damage."
AMMALIA = ("Use at the start of this creature's turn: Each enemy and each ally in a victory area takes 10 ongoing "
           "poison damage (save ends).")
DUERGAR = "Use at end of round: Each enemy adjacent to a Devil ally takes 10 damage."


@pytest.mark.parametrize("text", [DEATH_KNIGHT, AMMALIA, DUERGAR])
def test_groups_named_by_where_they_stand_are_read_and_played(text: str) -> None:
    c = card_from_json(_champion(card("Champion", SWORD, text, rating=3)))
    assert all(e.filter.target_state for e in c.powers[1].effects) and unplayed_powers(c) == []


def test_only_the_enemies_in_a_victory_area_take_the_damage() -> None:
    s = battle([_champion(card("Death Knight", SWORD, DEATH_KNIGHT, rating=3))],
               [card("In", SWORD), card("Out", SWORD)], PurposeDice())
    put(s, "a1", 1, 1)
    put(s, "b1", 3, 3)  # a victory area (B's)
    put(s, "b2", 9, 6)
    dk = s.b.by_id["a1"]
    TR.apply_power(s.b, dk, dk.powers[1], J.Ctx(dk))
    assert (s.b.by_id["b1"].hp, s.b.by_id["b2"].hp) == (40, 50)


def test_each_creature_of_either_side_in_a_victory_area_takes_ongoing_damage() -> None:
    s = battle([_champion(card("Ammalia", SWORD, AMMALIA, rating=3)), card("Ally In", SWORD), card("Ally Out", SWORD)],
               [card("Enemy In", SWORD), card("Enemy Out", SWORD)], PurposeDice())
    put(s, "a1", 1, 1)
    put(s, "a2", 8, 3)
    put(s, "a3", 1, 5)
    put(s, "b1", 3, 3)
    put(s, "b2", 10, 6)
    am = s.b.by_id["a1"]
    TR.apply_power(s.b, am, am.powers[1], J.Ctx(am))
    burning = [f.id for f in s.b.fighters if any(x.kind == "ongoing" for x in f.effects)]
    assert sorted(burning) == ["a2", "b1"]


def test_only_the_enemy_beside_a_devil_ally_takes_the_damage() -> None:
    s = battle([_champion(card("Duergar", SWORD, DUERGAR, rating=3)), card("Devil", SWORD, keywords=("Devil",)),
                card("Dwarf", SWORD)], [card("Near Devil", SWORD), card("Near Dwarf", SWORD)], PurposeDice())
    put(s, "a1", 1, 1)
    put(s, "a2", 5, 3)
    put(s, "a3", 5, 6)
    put(s, "b1", 6, 3)
    put(s, "b2", 6, 6)
    du = s.b.by_id["a1"]
    TR.apply_power(s.b, du, du.powers[1], J.Ctx(du))
    assert (s.b.by_id["b1"].hp, s.b.by_id["b2"].hp) == (40, 50)


CLEAVE = ("Fiery Cleave: Immediate, when this creature's {m} attack destroys an enemy; each enemy adjacent to that "
          "enemy takes 10 fire Damage, then this creature makes a {b} attack.")
WEREWOLF = "Use when an enemy becomes bloodied: An Ally adjacent to that enemy makes a {b} attack as a free action."


def test_the_enemies_beside_the_one_destroyed_take_the_damage() -> None:
    c = card_from_json(card("Fire Giant", SWORD, CLEAVE))
    assert c.powers[1].effects[0].filter.within == -2 and unplayed_powers(c) == []
    s = battle([card("Fire Giant", SWORD, CLEAVE)], [card("Doomed", SWORD, hp=10), card("Beside", SWORD, hp=50),
                                                      card("Apart", SWORD, hp=50)], PurposeDice(attack=[15, 3]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 6, 3)  # beside the doomed one, not the giant
    put(s, "b3", 9, 6)
    turn_of(s, "a1")
    s.apply(GuildAttack(0, ("b1",)))
    assert not s.b.by_id["b1"].alive
    assert (s.b.by_id["b2"].hp, s.b.by_id["b3"].hp) == (40, 50)


def test_an_ally_beside_the_enemy_just_bloodied_attacks_it() -> None:
    c = card_from_json(_champion(card("Werewolf Brute", SWORD, WEREWOLF, rating=3)))
    assert c.powers[1].effects[0].filter.within == -2 and unplayed_powers(c) == []


AASIMAR = "Use at end of turn: Choose a creature within 6 squares; that creature takes 10 radiant damage."
VANDRIA = "Use at start of round. Choose a creature; that creature does not grant combat advantage this round."


def test_a_creature_chosen_for_harm_is_an_enemy_within_reach_of_the_words() -> None:
    c = card_from_json(_champion(card("Aasimar", SWORD, AASIMAR, rating=2)))
    assert c.powers[1].trigger == "end-of-turn" and unplayed_powers(c) == []
    s = battle([_champion(card("Aasimar", SWORD, AASIMAR, rating=2)), card("Friend", SWORD)],
               [card("Near", SWORD), card("Far", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 4, 3)
    put(s, "b1", 8, 3)
    put(s, "b2", 10, 7)
    wiz, friend, near, far = (s.b.by_id[i] for i in ("a1", "a2", "b1", "b2"))
    TR.apply_power(s.b, wiz, wiz.powers[1], J.Ctx(wiz))
    assert (friend.hp, near.hp, far.hp) == (50, 40, 50)


def test_a_creature_chosen_for_help_is_of_its_own_side() -> None:
    s = battle([_champion(card("Warpriest", SWORD, VANDRIA, rating=2))], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "b1", 8, 3)
    priest, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    for f in (priest, orc):
        f.effects.clear()
    TR.apply_power(s.b, priest, priest.powers[1], J.Ctx(priest))
    assert [x.what for x in priest.effects if x.kind == "gain"] == ["no-grant-ca"] and orc.effects == []


WHITE = "Use after rolling initiative, if you win and this is your only champion in play: You score 30 VP."


@pytest.mark.parametrize("other_rating, points", [(None, 30), (2, 0)])
def test_points_for_winning_the_test_while_its_only_champion(other_rating: int | None, points: int) -> None:
    c = card_from_json(_champion(card("Dragon", SWORD, WHITE, rating=4)))
    assert (c.powers[1].trigger, c.powers[1].requirement) == ("win-initiative", "only-champion")
    assert unplayed_powers(c) == []
    s = battle([_champion(card("Dragon", SWORD, WHITE, rating=4)), card("Other", SWORD, rating=other_rating)],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 1, 1)
    put(s, "a2", 1, 3)
    put(s, "b1", 10, 3)
    dragon = s.b.by_id["a1"]
    dragon.champion_left = 4
    before = s.b.scores[0]
    TR.fire(s.b, "win-initiative", [dragon])
    assert s.b.scores[0] == before + points


SILVER = ("Use when this creature uses Cold Breath: This creature and each ally scores critical hits on attack rolls "
          "of natural 18-20 against Evil targets until end of round.")
BREATH = "Cold Breath: (burst 2) +10 vs. Reflex; 10 cold damage."


LARGE_SILVER = ("Use when this champion uses Cold Breath. Creatures in your warband score criticals against bloodied "
                "targets on attack rolls of natural 18+ until end of round.")


def test_when_it_uses_its_breath_once_whatever_the_targets() -> None:
    for text in (SILVER, LARGE_SILVER):  # ('this champion' is the power's own creature)
        c = card_from_json(_champion(card("Dragon", SWORD, BREATH, text, rating=2)))
        assert c.powers[2].trigger == "uses-attack" and unplayed_powers(c) == []
    s = placed([_champion(card("Dragon", SWORD, BREATH, SILVER, rating=2)), card("Knight", SWORD)],
               [card("Orc", SWORD), card("Goblin", SWORD)], {"a1": (5, 3), "a2": (1, 7), "b1": (6, 3), "b2": (5, 4)},
               PurposeDice(attack=[5, 5]))
    dragon, knight = s.b.by_id["a1"], s.b.by_id["a2"]
    turn_of(s, "a1")
    s.apply(GuildAttack(1))
    assert dragon.champion_left == 1
    assert [(x.what, x.amount, x.filter.target_state) for x in knight.effects if x.kind == "mod"] == [
        ("keen", 18, "kinds:evil")]


MEPHISTO = "Use when a Demon ally destroys an enemy: This creature and that ally each heal 15 HP."
VLAAKITH = ("Use at start of round: This creature and each Undead enemy and ally, each Githyanki enemy and ally, and "
            "each Dragon enemy and ally has +2 Attack and +10 Damage until end of round.")


def test_it_and_that_ally_each_heal() -> None:
    s = placed([_champion(card("Devil", SWORD, MEPHISTO, rating=2)), card("Demon", SWORD, keywords=("Demon",)),
                card("Other", SWORD)], [card("Orc", SWORD)], {"a1": (1, 1), "a2": (1, 3), "a3": (1, 5), "b1": (10, 3)})
    devil, demon, other = (s.b.by_id[i] for i in ("a1", "a2", "a3"))
    for f in (devil, demon, other):
        f.hp = 20
    TR.apply_power(s.b, devil, devil.powers[1], J.Ctx(devil, s.b.by_id["b1"], demon))
    assert (devil.hp, demon.hp, other.hp) == (35, 35, 20)


def test_it_and_each_creature_of_those_kinds_of_either_side() -> None:
    s = placed([_champion(card("Queen", SWORD, VLAAKITH, rating=2)), card("Dragon", SWORD, keywords=("Dragon",)),
                card("Human", SWORD)], [card("Lich", SWORD, keywords=("Undead",)), card("Orc", SWORD)],
               {"a1": (1, 1), "a2": (1, 3), "a3": (1, 5), "b1": (10, 3), "b2": (10, 5)})
    queen = s.b.by_id["a1"]
    TR.apply_power(s.b, queen, queen.powers[1], J.Ctx(queen))
    bonus = {f.id for f in s.b.fighters if any(x.kind == "mod" and x.what == "attack" for x in f.effects)}
    assert bonus == {"a1", "a2", "b1"}


MARILITH = "Use when this creature destroys an enemy: Each enemy adjacent to a Demon takes 10 damage."


def test_each_enemy_adjacent_to_a_demon_of_either_side() -> None:
    s = placed([_champion(card("Marilith", SWORD, MARILITH, rating=2, keywords=("Demon",)))],
               [card("Near", SWORD), card("Imp", SWORD, keywords=("Demon",)), card("Far", SWORD)],
               {"a1": (1, 1), "b1": (1, 2), "b2": (8, 3), "b3": (9, 3)})  # (Far: beside the enemy Imp)
    marilith, near, imp, far = (s.b.by_id[i] for i in ("a1", "b1", "b2", "b3"))
    TR.apply_power(s.b, marilith, marilith.powers[1], J.Ctx(marilith))
    assert (near.hp, imp.hp, far.hp) == (40, 50, 40)


KRAUL = ("Use when an enemy is destroyed: Golgari allies have +5 necrotic damage while this creature is on the battle "
         "map.")
GRUUL = ("Use when an ally is damaged: Until this creature is first bloodied, Gruul, Rage and Primal allies have "
         "+2 {m} attack and +5 {m} damage.")


def _bonus(f: object) -> list[tuple[str, int]]:
    return [(x.what, x.amount) for x in f.effects if x.kind == "mod"]  # type: ignore[attr-defined]


def test_while_this_creature_is_on_the_battle_map() -> None:
    s = placed([_champion(card("Kraul", SWORD, KRAUL, rating=2)), card("Golgari", SWORD, keywords=("Golgari",))],
               [card("Orc", SWORD)], {"a1": (1, 1), "a2": (1, 3), "b1": (10, 3)})
    kraul, golgari, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    TR.apply_power(s.b, kraul, kraul.powers[1], J.Ctx(kraul))
    assert _bonus(golgari) == [("damage", 5)]
    s.b.round += 1  # (a round later: still on)
    DM.deal_damage(s.b, kraul, [(100, "")], orc)
    assert not kraul.alive and _bonus(golgari) == []


def test_until_this_creature_is_first_bloodied() -> None:
    s = placed([_champion(card("Anarch", SWORD, GRUUL, rating=2)), card("Warrior", SWORD, keywords=("Gruul",))],
               [card("Orc", SWORD)], {"a1": (1, 1), "a2": (1, 3), "b1": (10, 3)})
    anarch, warrior, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    TR.apply_power(s.b, anarch, anarch.powers[1], J.Ctx(anarch, orc, warrior))
    assert _bonus(warrior) == [("attack", 2), ("damage", 5)]
    DM.deal_damage(s.b, anarch, [(30, "")], orc)
    assert anarch.bloodied and _bonus(warrior) == []
    TR.apply_power(s.b, anarch, anarch.powers[1], J.Ctx(anarch, orc, warrior))
    assert _bonus(warrior) == []  # (once bloodied: over before it begins)


RAIDER = ("Use when a creature targets an Earth enemy with an attack that does lightning damage: That attack is an "
          "automatic hit and automatic critical hit.")
SHOCK = "Shock: (range 10) +1 vs. Reflex; 10 lightning damage."


def test_its_sides_lightning_attack_on_an_earth_enemy_is_a_critical_hit() -> None:
    s = placed([_champion(card("Raider", SWORD, RAIDER, rating=2)), card("Mage", SHOCK)],
               [card("Golem", SWORD, keywords=("Earth",)), card("Orc", SWORD)],
               {"a1": (1, 1), "a2": (3, 3), "b1": (8, 3), "b2": (8, 5)}, PurposeDice(attack=[2, 2]))
    raider, golem, orc = (s.b.by_id[i] for i in ("a1", "b1", "b2"))
    turn_of(s, "a2")
    s.apply(GuildAttack(0, ("b2",)))  # not an Earth enemy: a miss
    assert orc.hp == 50 and raider.champion_left == 2
    turn_of(s, "a2")
    s.apply(GuildAttack(0, ("b1",)))
    assert golem.hp == 30 and raider.champion_left == 1


BRALANI = ("Use when any creature makes an attack, if the attack roll is a natural 16-20: This creature and each ally "
           "has +4 Attack until end of round.")


def test_any_creatures_natural_roll() -> None:
    s = placed([_champion(card("Bralani", SWORD, BRALANI, rating=2)), card("Friend", SWORD)], [card("Orc", SWORD)],
               {"a1": (1, 1), "a2": (5, 3), "b1": (6, 3)}, PurposeDice(attack=[12, 17]))
    bralani, friend = s.b.by_id["a1"], s.b.by_id["a2"]
    turn_of(s, "b1")
    s.apply(GuildAttack(0, ("a2",)))  # a natural 12: nothing
    assert _bonus(friend) == [] and bralani.champion_left == 2
    turn_of(s, "b1")
    s.apply(GuildAttack(0, ("a2",)))  # the enemy's natural 17
    assert _bonus(friend) == [("attack", 4)] and _bonus(bralani) == [("attack", 4)] and bralani.champion_left == 1


SNAKETONGUE = "Use when any creature hits with a {m} attack; +10 poison Damage."


def test_any_creatures_hit_a_champion_power_adds_to_its_own_sides_only() -> None:
    s = placed([_champion(card("Cultist", SWORD, SNAKETONGUE, rating=2)), card("Friend", SWORD)],
               [card("Orc", SWORD)], {"a1": (1, 1), "a2": (5, 3), "b1": (6, 3)}, PurposeDice(attack=[15, 15]))
    cultist, friend, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    turn_of(s, "b1")
    s.apply(GuildAttack(0, ("a2",)))  # the enemy's hit: nothing added, nothing spent
    assert friend.hp == 40 and cultist.champion_left == 2
    turn_of(s, "a2")
    s.apply(GuildAttack(0, ("b1",)))
    assert orc.hp == 30 and cultist.champion_left == 1


GREEN_RAIDER = ("Use when a Dragon in your warband becomes bloodied: RECHARGE one of that Dragon's attack powers, even "
                "if the power is not normally rechargeable.")
BREATH_ONCE = "Acid Breath: (blast 3) +10 vs. Reflex; 20 acid damage."
TORM = ("Use when an enemy causes an ally to become Bloodied. Until end of battle, whenever that enemy takes radiant "
        "damage, it takes 5 additional radiant Damage.")


def test_a_bloodied_dragon_of_its_side_has_a_spent_attack_power_back() -> None:
    c = card_from_json(_champion(card("Raider", SWORD, GREEN_RAIDER, rating=2)))
    assert c.powers[1].trigger == "friend-bloodied" and unplayed_powers(c) == []
    s = placed([_champion(card("Raider", SWORD, GREEN_RAIDER, rating=2)), card("Wyrm", SWORD, keywords=("Dragon",))],
               [card("Orc", SWORD)], {"a1": (1, 1), "a2": (5, 3), "b1": (6, 3)})
    wyrm = s.b.by_id["a2"]
    wyrm.powers = (*wyrm.powers, replace(card_from_json(card("W", BREATH_ONCE)).powers[0], index=9, uses=1))
    wyrm.uses[9] = 0  # spent
    DM.deal_damage(s.b, wyrm, [(30, "")], s.b.by_id["b1"])
    assert wyrm.bloodied and wyrm.uses[9] == 1 and s.b.by_id["a1"].champion_left == 1


def test_the_enemy_that_bloodied_an_ally_is_vulnerable_to_radiant() -> None:
    s = placed([_champion(card("Paladin", SWORD, TORM, rating=2)), card("Squire", SWORD)], [card("Orc", SWORD)],
               {"a1": (1, 1), "a2": (5, 3), "b1": (6, 3)})
    orc = s.b.by_id["b1"]
    DM.deal_damage(s.b, s.b.by_id["a2"], [(30, "")], orc)
    DM.deal_damage(s.b, orc, [(10, "radiant")], s.b.by_id["a1"])
    assert orc.hp == 35


GRAY = ("Use at start of round: At end of round, you score 5 VP for each enemy within 5 squares that is not adjacent "
        "to this creature.")


def test_points_at_the_end_of_the_round_for_each_enemy_near_but_not_beside_it() -> None:
    s = placed([_champion(card("Gray", SWORD, GRAY, rating=2))],
               [card("Beside", SWORD), card("Near", SWORD), card("Near Too", SWORD), card("Far", SWORD)],
               {"a1": (5, 3), "b1": (6, 3), "b2": (8, 3), "b3": (5, 7), "b4": (11, 7)})
    gray = s.b.by_id["a1"]
    s.b.round_awards.clear()
    TR.apply_power(s.b, gray, gray.powers[1], J.Ctx(gray))
    before = s.b.scores[0]
    DM.settle_round(s.b, [set(), set()], set())
    assert s.b.scores[0] == before + 10


GANG = ("Use when an ally would be destroyed. That ally can make an immediate {b} attack before it is destroyed")


def test_an_ally_about_to_be_destroyed_attacks_first() -> None:
    s = placed([_champion(card("Leader", SWORD, GANG, rating=2)), card("Goblin", SWORD)], [card("Orc", SWORD)],
               {"a1": (1, 1), "a2": (5, 3), "b1": (6, 3)}, PurposeDice(attack=[15, 15]))
    leader, goblin, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    goblin.hp = 5
    turn_of(s, "b1")
    s.apply(GuildAttack(0, ("a2",)))
    assert not goblin.alive and orc.hp == 40 and leader.champion_left == 1


SERGEANT = ("Use when a creature of Level 7 or lower becomes Bloodied. That creature has +5 Damage until end of "
            "battle.")
DRACOLICH = "Use when a creature takes damage: That creature makes a {b} attack as an immediate action."


def test_a_low_level_creature_of_its_own_side_bloodied_has_more_damage() -> None:
    s = placed([_champion(card("Sergeant", SWORD, SERGEANT, rating=2)), card("Orc", SWORD, level=5),
                card("Ogre", SWORD, level=9)], [card("Elf", SWORD, level=3)],
               {"a1": (1, 1), "a2": (1, 3), "a3": (1, 5), "b1": (10, 3)})
    sergeant, orc, ogre, elf = (s.b.by_id[i] for i in ("a1", "a2", "a3", "b1"))
    for f in (ogre, elf, orc):  # too high a level; an enemy; the one
        DM.deal_damage(s.b, f, [(30, "")], None)
    assert (_bonus(ogre), _bonus(elf), _bonus(orc)) == ([], [], [("damage", 5)])
    assert sergeant.champion_left == 1


def test_a_damaged_ally_strikes_back() -> None:
    s = placed([_champion(card("Dracolich", SWORD, DRACOLICH, rating=2)), card("Knight", SWORD)],
               [card("Orc", SWORD)], {"a1": (1, 1), "a2": (5, 3), "b1": (6, 3)}, PurposeDice(attack=[15, 15]))
    dracolich, knight, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    turn_of(s, "b1")
    s.apply(GuildAttack(0, ("a2",)))
    assert knight.hp == 40 and orc.hp == 40 and dracolich.champion_left == 1
    turn_of(s, "a2")
    s.apply(GuildAttack(0, ("b1",)))  # the enemy damaged: no attack of its
    assert orc.hp == 30 and knight.hp == 40 and dracolich.champion_left == 1


DISPATER = "Use when a Devil ally becomes bloodied: Each enemy within 3 squares of that ally takes 10 psychic damage."
ELF_DRUID = ("Use when a creature is destroyed: Each enemy within 2 squares of that creature gains 5 ongoing poison "
             "damage (save ends).")


def test_each_enemy_near_the_events_creature() -> None:
    for text in (DISPATER, ELF_DRUID):
        assert unplayed_powers(card_from_json(_champion(card("Champion", SWORD, text, rating=2)))) == []
    s = placed([_champion(card("Duke", SWORD, DISPATER, rating=2)), card("Imp", SWORD, keywords=("Devil",))],
               [card("Near", SWORD), card("Far", SWORD)], {"a1": (1, 1), "a2": (5, 3), "b1": (7, 3), "b2": (10, 7)})
    near, far = s.b.by_id["b1"], s.b.by_id["b2"]
    DM.deal_damage(s.b, s.b.by_id["a2"], [(30, "")], near)
    assert (near.hp, far.hp) == (40, 50)
