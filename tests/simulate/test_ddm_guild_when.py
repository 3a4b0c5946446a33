"""The 'when / while / if' vocabulary: one table of conditions on the power's own creature (ddm_guild_powers,
"conditions") read wherever a card names one — a modifier's 'while ...', a power's 'Use only if ...:', a RECHARGE
'at end of its turn if ...' — and one place the engine evaluates each (ddm_guild_judge.holds), played in battles with
set positions and dice."""

from __future__ import annotations

from typing import Any

import pytest

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildAttack, GuildCharge, GuildGame, GuildPower, GuildRecharge, GuildState
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import OPEN, SWORD, PurposeDice, card, put

# a wall square at (4, 2), forest at (8, 4) and (9, 4), difficult terrain at (3, 5), a thin wall under (6, 6)
WALLED = {**OPEN, "slug": "test-walled", "name": "Walled ground",
          "rows": ["............", "............", "....#.......", "............", "........ff..", "...d........",
                   "............", "............"],
          "edge_walls": [[6, 6, 6, 7]]}


def battle_on(a: list[dict[str, Any]], b: list[dict[str, Any]], dice: PurposeDice | None = None) -> GuildState:
    state = GuildGame().new_initial_state(lists=[{"name": "A", "creatures": a}, {"name": "B", "creatures": b}],
                                          battle_map=WALLED, dice=dice or PurposeDice(),
                                          params={"format": "standard-200"})
    assert isinstance(state, GuildState)
    return state


@pytest.mark.parametrize(("text", "requirement", "self_state", "recharge"), [
    ("Zehir's Tongue: Use only if this creature is adjacent to a bloodied enemy: Make 1 attack against each adjacent "
     "enemy, +12 vs. AC; 20 damage.", "adjacent-enemy:bloodied", "", ""),
    ("Single Combatant: +4 AC and +4 DEF while only 1 enemy is adjacent to this creature.", "",
     "adjacent-enemies-only:1", ""),
    ("Swift Charge: Minor action. Use on this creature's turn if it has destroyed an enemy this turn; make a charge "
     "attack.", "destroyed-this-turn", "", ""),
    ("Ponderous Swing: (only if this creature does not move this turn) +12 vs. AC; 30 Damage AND push 2 squares",
     "not-moved", "", ""),
    ("Skirmish 5: Whenever this creature hits with a {m} attack, if it is 2 or more squares from its starting "
     "position this turn: +5 Damage on that attack.", "moved-from-start:2", "", ""),
    ("Champion Bolstered: + 2 Attack while an allied champion is within 5 squares.", "", "near-ally:5:champion", ""),
    ("Young Blood: At end of this creature's turn, if it did not charge this turn, it takes 5 psychic Damage.",
     "not-charged", "", ""),
    ("Skewering Tines: Use when this creature hits with a {b} attack: Target is also Immobilized (save ends). "
     "RECHARGE at end of this creature's turn if no Immobilized enemy is adjacent to it.", "", "", "end-of-turn"),
    ("Individualist: +5 Attack while no allies are within 4 squares of this creature.", "", "no-ally-within:4", ""),
    ("Opening Move: Use at start of this creature's turn, if it is the first round of the battle: This creature has "
     "+4 Speed until end of turn.", "first-round", "", ""),
    ("Thresh: Use only while not adjacent to any enemies: Make 2 {b} attacks.", "no-adjacent-enemy", "", ""),
    ("Amass the Hoard: Use at end of round, only while occupying one of your victory areas; you score +10 VP.",
     "in-victory-area:own", "", ""),
    ("Crazed Lashing: +4 Attack and +10 Damage with {m} attacks while flanked.", "", "flanked", ""),
    ("Slickest Maneuver: Move action, when adjacent to an enemy: Shifts up to its speed.", "adjacent-enemy", "", ""),
    ("Wingsuit: Minor action: use when this creature is adjacent to a wall: This creature gains Flight until end of "
     "round.", "adjacent-wall", "", ""),
    ("Underwater Attack: Use only while occupying river terrain: +11 vs. AC; 15 damage.", "in-terrain:river", "", ""),
    ("Thundering Might: +10 thunder Damage while adjacent to 2 or more enemies.", "", "adjacent-enemies-min:2", ""),
    ("Hurled Stone: (range 10) +19 vs. AC; 25 damage AND Dazed. RECHARGE at start of this creature's turn if it is "
     "adjacent to statue terrain.", "", "", "start-of-turn"),
    ("Infiltrate: Minor action, when no enemy can see this creature: It is Invisible until it resolves an attack.",
     "unseen", "", ""),
])
def test_the_words_read_as_one_vocabulary(text: str, requirement: str, self_state: str, recharge: str) -> None:
    p = parse_power(0, "attack" if "vs." in text else "special", text, uses=1)
    assert p.played, p.unplayed
    assert not C.engine_unplayed(p), C.engine_unplayed(p)
    assert p.requirement == requirement
    assert {s.filter.self_state for s in p.statics} == ({self_state} if self_state else set())
    assert p.recharge == recharge
    if recharge:
        assert p.recharge_filter.self_state


def test_a_kind_no_card_has_or_two_states_stay_unread() -> None:
    assert not parse_power(0, "special", "Frob Bolstered: +2 attack while adjacent to a Frobnitz ally.").played
    assert not parse_power(0, "special", "Wall Guard: While adjacent to a wall: +2 AC while bloodied.").played
    hook = parse_power(0, "special", "Tidal Turn: Use only while not adjacent to a wall and bloodied: Make 2 {b} "
                                     "attacks.")
    assert not hook.played


def test_where_it_stands_walls_terrain_and_victory_areas() -> None:
    s = battle_on([card("Drow", SWORD)], [card("Orc", SWORD)])
    drow = s.b.by_id["a1"]
    put(s, "b1", 11, 0)
    for (x, y), wall, forest, difficult_near in (
            ((5, 2), True, False, False),  # beside the wall square
            ((5, 3), True, False, False),  # diagonal to it
            ((6, 3), False, False, False),
            ((0, 3), True, False, False),  # the map's edge
            ((6, 6), True, False, False),  # the thin wall on its lower edge
            ((8, 4), False, True, True),  # in the forest (beside the other forest square: difficult)
            ((4, 5), False, False, True),  # beside the difficult square
            ((8, 3), False, False, True)):  # beside the forest
        put(s, "a1", x, y)
        assert J.holds(s.b, "adjacent-wall", drow) is wall, (x, y)
        assert J.holds(s.b, "in-terrain:forest", drow) is forest, (x, y)
        assert J.holds(s.b, "adjacent-terrain:difficult", drow) is difficult_near, (x, y)
        assert not J.holds(s.b, "in-terrain:river", drow)  # no river on this map
    own, theirs = ((8, 3), (3, 3)) if s.b.letters[0] == "A" else ((3, 3), (8, 3))  # victory areas A and B
    for sq, mine in ((own, True), (theirs, False), ((6, 3), None)):
        put(s, "a1", *sq)
        assert J.holds(s.b, "in-victory-area", drow) is (mine is not None)
        assert J.holds(s.b, "in-victory-area:own", drow) is (mine is True)
        assert J.holds(s.b, "in-victory-area:enemy", drow) is (mine is False)


def test_who_is_around_it() -> None:
    s = battle_on([card("Knight", SWORD), card("Captain", SWORD, rating=2, keywords=("Undead",))],
                  [card("Orc", SWORD, hp=40), card("Goblin", SWORD, hp=40)])
    knight, captain, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    put(s, "a1", 5, 5)
    put(s, "a2", 1, 1)
    put(s, "b1", 6, 5)
    put(s, "b2", 11, 7)
    assert J.holds(s.b, "adjacent-enemy", knight) and not J.holds(s.b, "no-adjacent-enemy", knight)
    assert not J.holds(s.b, "adjacent-enemy:bloodied", knight)
    orc.hp = 20
    assert J.holds(s.b, "adjacent-enemy:bloodied", knight)
    assert J.holds(s.b, "no-adjacent-enemy:cond:immobilized", knight)
    FX.add_active(s.b, orc, "condition", "immobilized", 0, "save", knight, Filter())
    assert not J.holds(s.b, "no-adjacent-enemy:cond:immobilized", knight)
    assert J.holds(s.b, "adjacent-enemies-only:1", knight) and not J.holds(s.b, "adjacent-enemies-min:2", knight)
    assert not J.holds(s.b, "flanked", knight)
    put(s, "b2", 4, 5)  # the goblin on the other side: flanked, two adjacent
    assert J.holds(s.b, "flanked", knight) and J.holds(s.b, "adjacent-enemies-min:2", knight)
    assert not J.holds(s.b, "adjacent-enemies-only:1", knight)
    put(s, "b2", 5, 4)  # beside it, not opposite the orc
    assert not J.holds(s.b, "flanked", knight) and J.holds(s.b, "adjacent-enemies-min:2", knight)
    assert not J.holds(s.b, "no-adjacent-creature", knight) and J.holds(s.b, "no-adjacent-creature", captain)
    assert J.holds(s.b, "no-enemy-within:3", captain) and not J.holds(s.b, "no-enemy-within:3", knight)
    assert not J.holds(s.b, "no-ally-within:4", knight) and J.holds(s.b, "no-ally-within:3", knight)
    assert J.holds(s.b, "ally-in-play:champion", knight) and not J.holds(s.b, "ally-in-play:champion", captain)
    assert J.holds(s.b, "ally-in-play:undead", knight) and not J.holds(s.b, "near-ally:3:undead", knight)
    assert J.holds(s.b, "near-ally:5:undead", knight)


def test_its_turn_so_far() -> None:
    s = battle_on([card("Knight", SWORD)], [card("Orc", SWORD, hp=10)], PurposeDice(attack=[15]))
    knight, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "a1", 5, 5)
    put(s, "b1", 6, 5)
    s.b.round = 1
    s.b.active = knight
    s._start_turn(knight)
    assert J.holds(s.b, "first-round", knight) and J.holds(s.b, "not-moved", knight)
    assert J.holds(s.b, "not-charged", knight) and not J.holds(s.b, "destroyed-this-turn", knight)
    sword = knight.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, knight, sword, sword.attack, [orc])
    assert not orc.alive and J.holds(s.b, "destroyed-this-turn", knight)
    s.b.round = 2
    s._start_turn(knight)
    assert not J.holds(s.b, "destroyed-this-turn", knight) and not J.holds(s.b, "first-round", knight)


ZEHIR = ("Zehir's Tongue: Use only if this creature is adjacent to a bloodied enemy: Make 1 attack against each "
         "adjacent enemy, +12 vs. AC; 20 damage.")


def test_a_requirement_offers_the_power_only_while_it_holds() -> None:
    s = battle_on([card("Swiftscale", SWORD, ZEHIR)], [card("Orc", SWORD, hp=40), card("Goblin", SWORD, hp=40)])
    yuan, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "a1", 5, 5)
    put(s, "b1", 6, 5)
    put(s, "b2", 4, 5)
    s.b.active = yuan
    s._start_turn(yuan)

    def offered() -> set[int]:
        return {a.power for a in s._attack_actions(yuan) if isinstance(a, GuildAttack)}

    assert offered() == {0}
    orc.hp = 20
    assert offered() == {0, 1}


def test_a_modifier_while_only_one_enemy_is_adjacent_and_while_flanked() -> None:
    s = battle_on([card("Hyena", SWORD, "Hunter 5: +5 Damage while only 1 enemy is adjacent to this creature.",
                        "Crazed Lashing: +4 Attack and +10 Damage with {m} attacks while flanked.")],
                  [card("Orc", SWORD, hp=100), card("Goblin", SWORD, hp=100)], PurposeDice(attack=[10, 10, 3]))
    hyena, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    sword = hyena.powers[0]
    assert sword.attack is not None
    put(s, "a1", 5, 5)
    put(s, "b1", 6, 5)
    put(s, "b2", 11, 7)
    AT.attack(s.b, hyena, sword, sword.attack, [orc])
    assert orc.hp == 85  # 10 + 5: one enemy beside it
    put(s, "b2", 4, 5)  # flanked by the goblin: +10 damage, and no longer one enemy
    AT.attack(s.b, hyena, sword, sword.attack, [orc])
    assert orc.hp == 65
    bonus, _mods = J.attack_bonus(s.b, hyena, orc, sword, sword.attack, False, False)
    put(s, "b2", 5, 4)  # beside it, not flanking
    plain, _mods = J.attack_bonus(s.b, hyena, orc, sword, sword.attack, False, False)
    assert bonus - plain == 4
    AT.attack(s.b, hyena, sword, sword.attack, [orc])  # a 3 + 10 misses AC 15 unflanked
    assert orc.hp == 65


def test_a_recharge_while_it_stands_in_its_victory_area() -> None:
    arrow = ("Footpad's Attack: (range 10) +8 vs. AC; 15 damage. RECHARGE at end of this creature's turn if it "
             "occupies a victory area.")
    s = battle_on([card("Bandit", SWORD, arrow)], [card("Orc", SWORD, hp=100)])
    bandit = s.b.by_id["a1"]
    footpad = bandit.powers[1]
    assert footpad.played and footpad.uses == 1
    footpad = parse_power(1, "attack", arrow, uses=1)
    bandit.powers = (*bandit.powers[:1], footpad, *bandit.powers[2:])
    bandit.uses[footpad.index] = 1
    put(s, "a1", 5, 5)
    put(s, "b1", 11, 0)
    bandit.spend(footpad)
    assert not bandit.uses_left(footpad)
    TR.recharge_turn_end(s.b, bandit)
    assert not bandit.uses_left(footpad)
    put(s, "a1", 8, 3)  # victory area A
    TR.recharge_turn_end(s.b, bandit)
    assert bandit.uses_left(footpad)


def test_a_trigger_with_a_requirement_answers_only_while_it_holds() -> None:
    blood = "Young Blood: At end of this creature's turn, if it did not charge this turn, it takes 5 psychic Damage."
    s = battle_on([card("Minotaur", SWORD, blood)], [card("Orc", SWORD)])
    mino = s.b.by_id["a1"]
    put(s, "a1", 5, 5)
    put(s, "b1", 11, 0)
    s.b.active = mino
    s._start_turn(mino)
    TR.fire(s.b, "end-of-turn", [mino])
    assert mino.hp == 45
    mino.charged = True
    TR.fire(s.b, "end-of-turn", [mino])
    assert mino.hp == 45
    wing = ("Wingsuit: Minor action: use when this creature is adjacent to a wall: This creature gains Flight until "
            "end of round.")
    s = battle_on([card("Cultist", SWORD, wing)], [card("Orc", SWORD)])
    cultist = s.b.by_id["a1"]
    put(s, "a1", 6, 3)
    put(s, "b1", 11, 0)
    s.b.active = cultist
    s._start_turn(cultist)
    assert not [a for a in s._power_actions(cultist) if isinstance(a, GuildPower)]
    put(s, "a1", 5, 3)
    assert [a.power for a in s._power_actions(cultist) if isinstance(a, GuildPower)] == [1]


@pytest.mark.parametrize(("text", "requirement", "self_state", "recharge"), [
    ("Hunter 10: +10 Damage with {m} attacks while adjacent to only 1 enemy.", "", "adjacent-enemies-only:1", ""),
    ("Bladed Fury: Use only if this creature has not yet moved on its turn. Make up to 2 {b} attacks.", "not-moved",
     "", ""),
    ("New Focus: Replaces attack action: If this creature has line of sight to no enemies, RECHARGE Flesh-Rotting "
     "Gaze.", "sees-no-enemy", "", ""),
    ("Fire Frenzy: +9 vs. DEF (Ref); 15 fire Damage. RECHARGE when this creature starts its turn with no other "
     "creatures adjacent to it.", "", "", "start-of-turn"),
    ("Ki Step: Minor action; teleport 5 squares. RECHARGE when this creature starts its turn adjacent to a Ki ally.",
     "", "", "start-of-turn"),
    ("Kinship: Whenever an Elf, Primal, or Unique ally is withing 5 squares of this creature: this creature has +2 "
     "attack and +5 damage.", "near-ally:5:elf|primal|unique", "near-ally:5:elf|primal|unique", ""),
    ("Long Wind-Up: Whenever this creature is the last creature you activate in a round, it has +5 Damage until end "
     "of its turn.", "last-you-activate", "last-you-activate", ""),
    ("Glory in Battle: +10 Damage until end of turn whenever this creature is the first to activate in a round.",
     "first-to-activate", "first-to-activate", ""),
    ("Incited: +5 Damage when this creature is the first creature to activate in a round.", "", "first-to-activate",
     ""),
])
def test_more_states_in_the_same_vocabulary(text: str, requirement: str, self_state: str, recharge: str) -> None:
    test_the_words_read_as_one_vocabulary(text, requirement, self_state, recharge)


def test_the_start_of_turn_recharge_holds_its_state() -> None:
    ki = parse_power(1, "special", "Ki Step: Minor action; teleport 5 squares. RECHARGE when this creature starts its "
                                   "turn adjacent to a Ki ally.")
    assert ki.recharge_filter.self_state == "adjacent-ally:ki"
    s = battle_on([card("Githzerai", SWORD, "Ki Step: Minor action; teleport 5 squares. RECHARGE when this creature "
                                            "starts its turn adjacent to a Ki ally."),
                   card("Monk", SWORD, keywords=("Ki",))], [card("Orc", SWORD)])
    gith = s.b.by_id["a1"]
    step = gith.powers[1]
    step = parse_power(1, "special", step.text, uses=1)
    gith.powers = (*gith.powers[:1], step, *gith.powers[2:])
    gith.uses[1] = 1
    put(s, "a1", 5, 5)
    put(s, "a2", 9, 5)
    put(s, "b1", 11, 0)
    gith.spend(step)
    TR.recharge_turn_start(s.b, gith)
    assert not gith.uses_left(step)
    put(s, "a2", 6, 5)
    TR.recharge_turn_start(s.b, gith)
    assert gith.uses_left(step)


def test_the_order_of_activation_in_a_round() -> None:
    s = battle_on([card("Ogre", SWORD), card("Squire", SWORD)], [card("Orc", SWORD)])
    ogre, squire, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    s._start_round()
    assert s.b.first_active == ["", "", ""]
    s._activate(orc)
    assert J.holds(s.b, "first-to-activate", orc) and J.holds(s.b, "first-you-activate", orc)
    assert J.holds(s.b, "last-you-activate", orc)  # its side's only creature
    s._activate(squire)
    assert not J.holds(s.b, "first-to-activate", squire) and J.holds(s.b, "first-you-activate", squire)
    assert not J.holds(s.b, "last-you-activate", squire)  # the ogre has not acted
    s._activate(ogre)
    assert J.holds(s.b, "last-you-activate", ogre) and not J.holds(s.b, "first-you-activate", ogre)
    assert not J.holds(s.b, "first-you-activate", squire)  # not its turn now
    s.b.round = 3
    s._start_round()
    assert s.b.first_active == ["", "", ""]


def test_the_last_activation_adds_its_damage_on_its_turn() -> None:
    s = battle_on([card("Ogre", SWORD, "Long Wind-Up: Whenever this creature is the last creature you activate in a "
                                       "round, it has +5 Damage until end of its turn.", hp=60),
                   card("Squire", SWORD)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    ogre, squire, orc = (s.b.by_id[i] for i in ("a1", "a2", "b1"))
    sword = ogre.powers[0]
    assert sword.attack is not None
    s._start_round()
    put(s, "a1", 5, 5)
    put(s, "b1", 6, 5)
    s._activate(ogre)
    AT.attack(s.b, ogre, sword, sword.attack, [orc])
    assert orc.hp == 90  # the squire is still to act
    squire.activations_left = 0
    AT.attack(s.b, ogre, sword, sword.attack, [orc])
    assert orc.hp == 75


STONESHADOW = "Stoneshadow: Conceal 6 while adjacent to a wall"
SHADOWCLOAK = "Shadowcloak: Invisible to nonadjacent enemies while adjacent to a wall."
LUNGE = "Lunge: Reach 2 while no enemies are adjacent to this creature."
GUARD = "Guard Area: Resist 5 All while in a victory area."
WINGS = "Little Wings: Has Flight while not bloodied."


def test_what_it_has_while_a_state_holds_words() -> None:
    for text, what, amount, state in ((STONESHADOW, "conceal", 6, "adjacent-wall"),
                                      (SHADOWCLOAK, "invisible-far", 1, "adjacent-wall"),
                                      (LUNGE, "reach", 2, "no-adjacent-enemy"),
                                      (GUARD, "resist:all", 5, "in-victory-area"),
                                      (WINGS, "flight", 1, "not-bloodied"),
                                      ("Forest Ward: Invisible while occupying forest terrain.", "invisible", 1,
                                       "in-terrain:forest"),
                                      ("Small Fey: Invisible to nonadjacent enemies when occupying forest or difficult "
                                       "terrain", "invisible-far", 1, "in-terrain:forest|difficult"),
                                      ("Blend with the Trees: This creature has Hide while in forest terrain.", "hide",
                                       1, "in-terrain:forest")):
        p = parse_power(0, "special", text)
        assert p.played and not C.engine_unplayed(p), (text, p.unplayed, C.engine_unplayed(p))
        assert [(x.kind, x.what, x.amount, x.filter.self_state) for x in p.statics] == [("while", what, amount, state)]
    both = parse_power(0, "special", "Wind in the Willows: Conceal 6 and Resist 5 All while adjacent to forest "
                                     "terrain.")
    assert [(x.what, x.amount) for x in both.statics] == [("conceal", 6), ("resist:all", 5)]
    for text in ("Gloom: Conceal 6 while it is the first creature to activate in a round.",  # not a place or a hurt
                 "Gloom: Conceal 6 while not adjacent to an immobilized enemy.",
                 "Gloom: Resist 5 all and +2 speed while it is the first creature to activate in a round."):
        p = parse_power(0, "special", text)
        assert not p.played or C.engine_unplayed(p), text


def test_what_it_has_changes_as_it_moves_and_is_hurt() -> None:
    s = battle_on([card("Duergar", SWORD, STONESHADOW, SHADOWCLOAK, LUNGE, GUARD, WINGS, hp=40)],
                  [card("Archer", SWORD, "Bow: (range 10) +10 vs. AC; 10 damage.")], PurposeDice(attack=[15]))
    duergar, archer = s.b.by_id["a1"], s.b.by_id["b1"]
    sword = duergar.powers[0]
    put(s, "b1", 9, 1)
    put(s, "a1", 6, 3)
    assert duergar.conceal_now() == 0 and s.b.sees(archer, duergar) and duergar.reach_of(sword) == 2
    assert duergar.mover().flight and duergar.resist_now().get("all", 0) == 0
    put(s, "a1", 5, 2)  # beside the wall square
    assert duergar.conceal_now() == 6 and not s.b.sees(archer, duergar)
    put(s, "b1", 6, 2)  # adjacent: seen, and no longer Reach 2
    assert s.b.sees(archer, duergar) and duergar.reach_of(sword) == 1
    own = (8, 3) if s.b.letters[0] == "A" else (3, 3)
    put(s, "b1", 11, 7)
    put(s, "a1", *own)
    assert duergar.resist_now()["all"] == 5
    DM.lose_hp(s.b, duergar, 25, archer)
    assert duergar.bloodied and not duergar.mover().flight
    DM.heal(s.b, duergar, 20)
    assert duergar.mover().flight
    bow = archer.powers[1]
    assert bow.attack is not None
    put(s, "a1", 5, 2)
    put(s, "b1", 9, 1)
    assert not AT.in_range(s.b, archer, bow, bow.attack, duergar)  # invisible to it: no ranged attack


GUIDED = "Guided: Immobilized whenever an Arcane ally does not have line of sight to it."
ANIMATED = "Animated Weapon: Whenever this creature has no remaining Arcane ally: It is destroyed."


def test_a_conjuration_is_held_by_its_arcane_allys_sight_and_ends_with_it() -> None:
    assert [(x.kind, x.what, x.filter.self_state) for x in parse_power(0, "special", GUIDED).statics] == [
        ("while", "immobilized", "unseen-by-ally:arcane")]
    assert [(x.what, x.filter.self_state) for x in parse_power(0, "special", ANIMATED).statics] == [
        ("destroyed", "no-ally-left:arcane")]
    s = battle_on([card("Hand", SWORD, GUIDED, ANIMATED), card("Wizard", SWORD, keywords=("Arcane",)),
                   card("Fighter", SWORD)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15]))
    hand, wizard, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    put(s, "a1", 5, 1)
    put(s, "a3", 0, 7)
    put(s, "b1", 11, 7)
    put(s, "a2", 5, 3)  # the wall square (4, 2) does not stand between them
    assert not hand.has("immobilized")
    put(s, "a2", 3, 3)  # behind the wall: no line of sight
    assert not s.b.sees(wizard, hand) and hand.has("immobilized")
    s.b.active = hand
    s._start_turn(hand)
    assert hand.has("immobilized") and hand.speed() >= 0
    DM.lose_hp(s.b, wizard, 50, orc)  # its only Arcane ally is destroyed: so is it
    assert not wizard.alive and not hand.alive
    assert [e.data["creature"] for e in s.log.of_kind("destroyed")] == ["a2", "a1"]
    assert s.b.scores[1] == wizard.card.cost + hand.card.cost


BURNOUT = "Burnout: Takes 10 damage at end of each of its turns if it did not make a {m} attack during that turn."


def test_damage_at_the_end_of_a_turn_without_a_melee_attack() -> None:
    p = parse_power(0, "special", BURNOUT)
    assert (p.trigger, p.requirement) == ("end-of-turn", "not-attacked:melee") and p.played
    s = battle_on([card("Berserker", SWORD, BURNOUT)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15]))
    berserker, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "a1", 5, 5)
    put(s, "b1", 6, 5)
    s.b.active = berserker
    s._start_turn(berserker)
    TR.fire(s.b, "end-of-turn", [berserker])
    assert berserker.hp == 40
    s._start_turn(berserker)
    sword = berserker.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, berserker, sword, sword.attack, [orc])
    TR.fire(s.b, "end-of-turn", [berserker])
    assert berserker.hp == 40


def test_a_list_of_kinds_with_a_last_or() -> None:
    p = parse_power(0, "special", "Holy Fire: +10 damage vs. Undead, Shapeshifter, or Evil targets.")
    assert p.played and [(x.filter.target_state, x.filter.keyword) for x in p.statics] == [
        ("keyword", "undead|shapeshifter|evil")], p.unplayed


CURSE = ("Spider Curse: (range 10) +10 vs. Will; 10 necrotic damage AND Weakened (save ends). RECHARGE when no "
         "creature is affected by this power.")


def test_a_recharge_when_no_creature_is_affected_by_this_power() -> None:
    p = parse_power(3, "attack", CURSE, uses=1)
    assert p.played and (p.recharge, p.recharge_filter.self_state) == ("unaffected", "unaffected:3"), p.unplayed
    named = parse_power(3, "attack", CURSE.replace("this power", "its Spider Curse"), uses=1)
    assert named.recharge_filter.self_state == "unaffected:3"
    other = parse_power(3, "attack", CURSE.replace("this power", "its Web"), uses=1)
    assert C.engine_unplayed(other)  # another power's effects: not played
    glare = parse_power(2, "attack", "Glare: (range 5) +10 vs. Will; Dazed (save ends). Recharge at start of turn if "
                                     "no enemies are affected by Glare.", uses=1)
    assert (glare.recharge, glare.recharge_filter.self_state) == ("start-of-turn", "unaffected:2:enemy")
    s = battle_on([card("Arachnomancer", SWORD, CURSE)], [card("Orc", SWORD, hp=100)],
                  PurposeDice(attack=[15, 2], save=[5, 15]))
    drow, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    curse = parse_power(1, "attack", CURSE, uses=1)
    assert curse.attack is not None
    drow.powers = (*drow.powers[:1], curse, *drow.powers[2:])
    drow.uses[1] = 1
    put(s, "a1", 2, 5)
    put(s, "b1", 9, 5)
    drow.spend(curse)
    AT.attack(s.b, drow, curse, curse.attack, [orc])
    assert orc.has("weakened")
    TR.recharge_unaffected(s.b)
    assert not drow.uses_left(curse)
    s._end_turn(orc)  # a failed save (5): still weakened
    assert orc.has("weakened") and not drow.uses_left(curse)
    s._end_turn(orc)  # saved (15): no creature is affected any more
    assert not orc.has("weakened") and drow.uses_left(curse)
    drow.spend(curse)
    AT.attack(s.b, drow, curse, curse.attack, [orc])  # a miss affects no one
    TR.recharge_unaffected(s.b)
    assert drow.uses_left(curse)


STRIKE = "Opportunistic Strike: Use when an adjacent flanked enemy shifts; make a {b} attack against that enemy."
SET = ("Set Against Charge 10: Immediate, when a charging enemy moves into a square adjacent to this creature; that "
       "enemy takes 10 Damage.")


def test_states_of_an_events_creature_flanked_and_charging() -> None:
    strike = parse_power(0, "special", STRIKE)
    assert strike.played and (strike.trigger, strike.trigger_filter.self_state) == ("enemy-shifts", "flanked")
    guard = parse_power(0, "special", SET)
    assert guard.played and (guard.trigger, guard.trigger_filter.self_state) == ("enemy-enters-adjacent", "charging")
    minion = parse_power(0, "special", "Master: Use when a lower-level Undead ally within 5 squares of it makes a {m} "
                                       "attack: +2 attack on that attack.")
    assert (minion.trigger_filter.self_state, minion.trigger_filter.keyword) == ("lower-level", "undead"), \
        minion.unplayed
    s = battle_on([card("Sahuagin", SWORD, STRIKE, SET), card("Shark", SWORD)], [card("Orc", SWORD, hp=100)],
                  PurposeDice(attack=[15, 15]))
    sahuagin, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "a1", 5, 5)
    put(s, "a2", 11, 7)
    put(s, "b1", 6, 5)
    TR.fire(s.b, "enemy-shifts", [sahuagin], target=orc)
    assert orc.hp == 100  # not flanked
    put(s, "a2", 7, 5)
    TR.fire(s.b, "enemy-shifts", [sahuagin], target=orc)
    assert orc.hp == 90
    TR.fire(s.b, "enemy-enters-adjacent", [sahuagin], target=orc)
    assert orc.hp == 90  # it did not charge
    s.b.active = orc
    orc.charged = True
    TR.fire(s.b, "enemy-enters-adjacent", [sahuagin], target=orc)
    assert orc.hp == 80


CLERIC = "Use when a living ally ends its turn in one of your victory areas: That ally heals 15 HP."


def test_an_ally_ending_its_turn_in_your_victory_area() -> None:
    p = parse_power(0, "special", CLERIC)
    assert p.played and (p.trigger, p.trigger_filter.keyword, p.trigger_filter.self_state) == (
        "ally-ends-turn", "living", "at:in-victory-area:own"), p.unplayed
    fire = parse_power(0, "special", "Pyrophilic: Use when this creature ends its turn in fire terrain: This creature "
                                     "heals 5 HP.")
    assert (fire.trigger, fire.requirement) == ("end-of-turn", "in-terrain:fire") and fire.played
    s = battle_on([card("Cleric", SWORD, CLERIC), card("Knight", SWORD)], [card("Orc", SWORD)])
    knight = s.b.by_id["a2"]
    put(s, "a1", 0, 0)
    put(s, "b1", 11, 7)
    own = (8, 3) if s.b.letters[0] == "A" else (3, 3)
    put(s, "a2", 6, 6)
    knight.hp = 20
    s.b.active = knight
    s._end_turn(knight)
    assert knight.hp == 20
    put(s, "a2", *own)
    s.b.active = knight
    s._end_turn(knight)
    assert knight.hp == 35


STONEWORK = "Hurled Stonework: (range 3) +12 vs. AC; 20 damage. RECHARGE as a move action when adjacent to difficult " \
            "terrain."


def test_a_recharge_as_a_move_action_while_a_state_holds_and_other_spellings() -> None:
    p = parse_power(1, "attack", STONEWORK, uses=1)
    assert (p.recharge, p.recharge_filter.self_state) == ("action:move", "adjacent-terrain:difficult") and p.played
    s = battle_on([card("Gargoyle", SWORD, STONEWORK)], [card("Orc", SWORD)])
    gargoyle = s.b.by_id["a1"]
    stone = parse_power(1, "attack", STONEWORK, uses=1)
    gargoyle.powers = (*gargoyle.powers[:1], stone, *gargoyle.powers[2:])
    gargoyle.uses[1] = 1
    put(s, "a1", 6, 6)
    put(s, "b1", 11, 0)
    s.b.active = gargoyle
    s._start_turn(gargoyle)
    gargoyle.spend(stone)
    assert not s._recharge_actions(gargoyle)
    put(s, "a1", 4, 6)  # beside the difficult square (3, 5)
    assert [a.power for a in s._recharge_actions(gargoyle) if isinstance(a, GuildRecharge)] == [1]
    cobra = parse_power(0, "special", "Slithering Shift: Replaces move action: Shift 3 squares. Use only when within 5 "
                                      "squares of an allied champion.")
    assert cobra.played and (cobra.action, cobra.requirement) == ("move", "near-ally:5:champion")
    rock = parse_power(0, "special", "New Rock: Move action, when adjacent to difficult terrain or statue terrain: "
                                     "Recharge Massive Boulder.")
    assert rock.requirement == "adjacent-terrain:difficult|statue"
    cover = parse_power(0, "special", "Cover: Minor action: +2 AC until end of turn. RECHARGE at end of round if an "
                                      "enemy occupies any victory area.", uses=1)
    assert cover.played and (cover.recharge, cover.recharge_filter.self_state) == (
        "end-of-round", "enemy-in-victory-area")
    s = battle_on([card("Archer", SWORD, cover.text)], [card("Orc", SWORD)])
    archer = s.b.by_id["a1"]
    cover = parse_power(1, "special", cover.text, uses=1)
    archer.powers = (*archer.powers[:1], cover, *archer.powers[2:])
    archer.uses[1] = 1
    put(s, "a1", 0, 0)
    put(s, "b1", 6, 6)
    archer.spend(cover)
    TR.recharge_all(s.b, archer, "end-of-round")
    assert not archer.uses_left(cover)
    put(s, "b1", 8, 3)  # a victory area (either side's)
    TR.recharge_all(s.b, archer, "end-of-round")
    assert archer.uses_left(cover)


BLOODLUST = "Bloodlust: Cannot move and cannot attack a non-bloodied enemy while adjacent to a bloodied enemy."


def test_murderous_holds_it_beside_a_bloodied_enemy() -> None:
    for text in (BLOODLUST, "Murderous: Cannot move or attack a nonbloodied target while adjacent to a bloodied enemy.",
                 "Murderous: This creature may not move or attack a non-bloodied enemy while a bloodied enemy is "
                 "adjacent."):
        p = parse_power(0, "special", text)
        assert p.played and [(x.what, x.filter.self_state) for x in p.statics] == [
            ("no-move", "adjacent-enemy:bloodied"), ("attack-bloodied-only", "adjacent-enemy:bloodied")], text
    s = battle_on([card("Spawn", SWORD, BLOODLUST)], [card("Orc", SWORD, hp=40), card("Goblin", SWORD, hp=40)])
    spawn, orc, goblin = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    put(s, "a1", 5, 5)
    put(s, "b1", 6, 5)
    put(s, "b2", 4, 5)
    s.b.active = spawn
    s._start_turn(spawn)

    def targets() -> set[str]:
        return {t for a in s._attack_actions(spawn) if isinstance(a, GuildAttack) for t in a.targets}

    assert s._move_actions(spawn) and targets() == {"b1", "b2"}
    DM.lose_hp(s.b, orc, 20, None)  # bloodied: it may not move, and attacks only the bloodied orc
    assert spawn.held() and not s._move_actions(spawn) and targets() == {"b1"}
    sword = spawn.powers[0]
    assert sword.attack is not None
    assert AT.attack(s.b, spawn, sword, sword.attack, [goblin]) == 0 and goblin.hp == 40
    DM.heal(s.b, orc, 10)
    assert not spawn.held() and targets() == {"b1", "b2"}


def test_speed_and_flight_while_charging_and_speed_while_bloodied() -> None:
    leap = parse_power(0, "special", "Predatory Leap: While charging, this creature has +2 Speed and Flight.")
    assert leap.played and [(x.kind, x.what, x.amount, x.filter.self_state) for x in leap.statics] == [
        ("mod", "speed", 2, "charging"), ("while", "flight", 1, "charging")]
    far = {}
    for powers in ((), ("Predatory Leap: While charging, this creature has +2 Speed and Flight.",)):
        s = battle_on([card("Mantis", SWORD, *powers, speed=4)], [card("Orc", SWORD)])
        mantis = s.b.by_id["a1"]
        put(s, "a1", 0, 0)
        put(s, "b1", 6, 0)
        s.b.active = mantis
        s._start_turn(mantis)
        far[bool(powers)] = [a for a in s._charge_actions(mantis) if isinstance(a, GuildCharge)]
        assert mantis.speed() == 4 and not mantis.mover().flight  # only on its charge
        if powers:
            mantis.charging_now = True
            assert mantis.speed() == 6 and mantis.mover().flight
            mantis.charging_now = False
    assert not far[False] and far[True]  # six squares to the orc's side: only with the leap
    berserk = "Berserk: Resist 5 All and +2 Speed while Bloodied."
    s = battle_on([card("Goblin", SWORD, berserk, speed=6)], [card("Orc", SWORD)])
    goblin = s.b.by_id["a1"]
    put(s, "a1", 0, 0)
    put(s, "b1", 11, 7)
    assert goblin.speed() == 6 and not goblin.resist_now().get("all")
    DM.lose_hp(s.b, goblin, 30, None)
    assert goblin.speed() == 8 and goblin.resist_now()["all"] == 5


STALKER = "Stalker: +4 Attack and +10 Damage while no other creature is adjacent to target."
MINION = "Minion Attack 5: +5 {m} Damage while a Minion ally is adjacent to target."
SLIT = "Throatslitter: (only with combat advantage) +8 vs. AC; 10 Damage."


def test_states_of_the_target_in_a_modifier_and_in_an_attacks_limits() -> None:
    assert [(x.filter.target_state, x.filter.keyword) for x in parse_power(0, "special", MINION).statics] == [
        ("adjacent-to-ally:minion", "")]
    maul = parse_power(0, "attack", "Maul: Slowed or Immobilized target only: +15 vs. Fortitude; 25 damage AND "
                                    "Immobilized.")
    assert maul.played and maul.attack is not None and maul.attack.target_filter.target_state == \
        "cond:slowed|immobilized"
    once = parse_power(0, "special", "Mounted Spellcasting: Minor action, no more than once per turn: Make 1 {r} "
                                     "attack.")
    assert once.played and (once.action, once.per) == ("minor", "turn")
    assert parse_power(0, "special", "Flank: Immediate action, when you win initiative: +2 AC until end of round."
                       ).trigger == "win-initiative"
    jump = parse_power(0, "special", "Prodigious Jump: Minor action: This creature has Flight until end of turn. "
                                     "RECAHRGE at end of this creature's turn if it did not move on that turn.")
    assert jump.played and jump.recharge == "end-of-turn-no-move"
    s = battle_on([card("Mantis", SWORD, STALKER, MINION, SLIT), card("Kobold", SWORD, keywords=("Minion",))],
                  [card("Orc", SWORD, hp=100), card("Goblin", SWORD, hp=100)], PurposeDice(attack=[10, 10, 10]))
    mantis, kobold, orc, goblin = (s.b.by_id[i] for i in ("a1", "a2", "b1", "b2"))
    sword, slit = mantis.powers[0], mantis.powers[3]
    assert sword.attack is not None and slit.attack is not None
    put(s, "a1", 5, 5)
    put(s, "b1", 6, 5)
    put(s, "a2", 0, 0)
    put(s, "b2", 11, 7)
    AT.attack(s.b, mantis, sword, sword.attack, [orc])  # alone: +4 attack, +10 damage
    assert orc.hp == 80
    assert not AT.in_range(s.b, mantis, slit, slit.attack, orc)  # no combat advantage
    put(s, "a2", 7, 5)  # the kobold (a Minion) beside the orc, flanking it: +5, no longer alone
    assert AT.in_range(s.b, mantis, slit, slit.attack, orc)  # a flank gives its melee attack combat advantage
    AT.attack(s.b, mantis, sword, sword.attack, [orc])  # 10 + 10 + 2 (flank) hits AC 15: 10 + 5
    assert orc.hp == 65
    put(s, "a2", 0, 0)
    put(s, "b2", 6, 6)  # the goblin beside the orc: not alone
    bonus, _m = J.attack_bonus(s.b, mantis, orc, sword, sword.attack, False, False)
    put(s, "b2", 11, 7)
    alone, _m = J.attack_bonus(s.b, mantis, orc, sword, sword.attack, False, False)
    assert alone - bonus == 4
    assert goblin.hp == 100 and kobold.hp == 50


EVIL = "Enhanced by Evil: +2 attack and +5 damage whenever this creature has an Evil ally with Arcane, Divine, or " \
       "Elemental keywords."
TEAMWORK = "Devilish Teamwork: Allies have +2 AC while adjacent to this creature."
WALKER = ("Wall Walker: This creature is considered to have Flight while moving if it begins its move adjacent to a "
          "wall.")


def test_an_evil_caster_ally_adjacent_allies_and_the_wall_walker() -> None:
    assert [x.filter.self_state for x in parse_power(0, "special", EVIL).statics] == [
        "ally-in-play:evil+arcane|evil+divine|evil+elemental"] * 2
    assert [(x.kind, x.aura, x.filter.side) for x in parse_power(0, "special", TEAMWORK).statics] == [
        ("aura-mod", 1, "ally")]
    assert [(x.what, x.filter.self_state) for x in parse_power(0, "special", WALKER).statics] == [
        ("flight", "adjacent-wall")]
    for evil, holds in ((False, False), (True, True)):
        devil_card = card("Devil", SWORD, TEAMWORK, keywords=("Arcane",))
        if evil:
            devil_card["alignment"] = "evil"
        s = battle_on([card("Elemental", SWORD, EVIL), devil_card, card("Choker", SWORD, WALKER)], [card("Orc", SWORD)])
        elemental, choker = s.b.by_id["a1"], s.b.by_id["a3"]
        put(s, "a1", 8, 6)
        put(s, "a2", 10, 6)
        put(s, "a3", 6, 3)
        put(s, "b1", 0, 7)
        assert J.holds(s.b, "ally-in-play:evil+arcane|evil+divine|evil+elemental", elemental) is holds
        assert not choker.mover().flight
        put(s, "a3", 5, 3)  # diagonal to the wall square
        assert choker.mover().flight


SECRETS = "Stolen Secrets: Whenever an enemy is eliminated while adjacent to this creature, score +5 VP."
ANGELFIRE = ("Angelfire: Each enemy that activates while adjacent to this creature is Dazed until end of that enemy's "
             "turn.")


def test_where_the_events_creature_is_and_an_enemy_activating_beside_it() -> None:
    p = parse_power(0, "special", SECRETS)
    assert p.played and (p.trigger, p.trigger_filter.within) == ("enemy-destroyed", -1)
    a = parse_power(0, "special", ANGELFIRE)
    assert a.played and a.trigger == "enemy-starts-adjacent" and [(e.kind, e.what, e.duration) for e in a.effects] \
        == [("condition", "dazed", "end-turn")]
    s = battle_on([card("Dragon", SWORD, SECRETS, ANGELFIRE)],
                  [card("Orc", SWORD, hp=10), card("Goblin", SWORD, hp=10)])
    dragon, orc, goblin = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    put(s, "a1", 5, 5)
    put(s, "b1", 6, 5)
    put(s, "b2", 11, 0)
    s.b.active = orc
    s._start_turn(orc)  # it activates beside the dragon
    assert orc.has("dazed")
    s.b.active = goblin
    s._start_turn(goblin)
    assert not goblin.has("dazed")
    before = s.b.scores[0]
    DM.lose_hp(s.b, goblin, 10, None)  # destroyed far away
    assert s.b.scores[0] == before + goblin.card.cost
    DM.lose_hp(s.b, orc, 10, dragon)  # destroyed beside it: +5
    assert s.b.scores[0] == before + goblin.card.cost + orc.card.cost + 5
    assert dragon.alive


HAMSTER = "Miniature Giant Space Hamster: Immune Dazed and Immune Confused while not bloodied."
UNRULY = "Unruly: +5 Damage while no level 7 or higher ally is within 5 squares."
BRUTE = ("Swashbuckling Brute: Use when this creature starts a turn within 5 squares of an Orc champion ally: +2 speed "
         "and +2 attack until end of round.")


def test_immunity_while_a_state_holds_level_limited_allies_and_a_turn_started_near_a_champion() -> None:
    assert parse_power(0, "special", HAMSTER).played
    assert [x.filter.self_state for x in parse_power(0, "special", UNRULY).statics] == ["no-ally-within:5:level>=7"]
    brute = parse_power(0, "special", BRUTE)
    assert brute.played and (brute.trigger, brute.requirement) == ("start-of-turn", "near-ally:5:orc+champion")
    assert parse_power(0, "attack", "Skullthumper: (targets granting combat advantage only) +6 vs. AC; 15 damage AND "
                                    "Stunned.").played
    s = battle_on([card("Minsc", SWORD, HAMSTER, UNRULY, level=5), card("Boss", SWORD, level=7)],
                  [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15, 15]))
    minsc, boss, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    put(s, "a1", 5, 5)
    put(s, "a2", 6, 7)
    put(s, "b1", 6, 5)
    FX.add_active(s.b, minsc, "condition", "dazed", 0, "save", orc, Filter())
    assert not minsc.has("dazed")  # immune while not bloodied
    DM.lose_hp(s.b, minsc, 30, orc)
    FX.add_active(s.b, minsc, "condition", "dazed", 0, "save", orc, Filter())
    assert minsc.has("dazed")
    sword = minsc.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, minsc, sword, sword.attack, [orc])
    assert orc.hp == 90  # the level 7 ally is near: no +5
    put(s, "a2", 11, 0)  # six squares away
    AT.attack(s.b, minsc, sword, sword.attack, [orc])
    assert orc.hp == 75
    assert boss.alive


LOLTH = ("Murderous: On its turn, this creature cannot move or attack a non-Bloodied target while adjacent to a "
         "Bloodied enemy.")
BLOODRAGE = "Bloodrage: While bloodied, this creature may not move while an enemy is adjacent."


def test_two_states_at_once() -> None:
    assert [x.filter.self_state for x in parse_power(0, "special", LOLTH).statics] == [
        "own-turn&adjacent-enemy:bloodied"] * 2
    assert [x.filter.self_state for x in parse_power(0, "special", BLOODRAGE).statics] == [
        "bloodied&adjacent-enemy"]
    s = battle_on([card("Spider", SWORD, LOLTH), card("Orc", SWORD, BLOODRAGE)],
                  [card("Goblin", SWORD, hp=40), card("Kobold", SWORD, hp=40)])
    spider, orc, goblin = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    put(s, "a1", 5, 5)
    put(s, "b1", 6, 5)
    put(s, "a2", 7, 6)
    put(s, "b2", 11, 0)
    DM.lose_hp(s.b, goblin, 20, None)  # a bloodied goblin beside both
    assert not spider.held()  # not its turn
    s.b.active = spider
    s._start_turn(spider)
    assert spider.held()
    s._end_turn(spider)
    assert not spider.held()
    assert not orc.held()
    DM.lose_hp(s.b, orc, 30, None)  # bloodied, an enemy beside it
    assert orc.held()
