"""The Dungeon Command rulebook's worked examples (seed 001, ``dungeon-command.md`` §16), as tests by name."""

from __future__ import annotations

import pytest

from simulate.engine.game import IllegalAction
from simulate.games import dungeon_command_actions as act
from simulate.games.dungeon_command import DcState
from tests.simulate.games.dc_helpers import begin, hand, put, scenario, warband

HOC = "Valnar Trueblade"
SOL = "Aliszandra Malistros"


def settle(s: DcState, *, cower: bool = False) -> None:
    """Pass every response window and answer cowering, until the stack is empty or a choice is asked."""
    for _ in range(50):
        if s.pending is not None and s.pending.kind == "cower":
            s.apply(act.Cower(cower))
        elif s.window is not None:
            s.apply(act.Pass())
        else:
            return


# --- §16.1 and §16.2: deploying within Leadership (Призыв начальных существ p.6; Фаза 3. Призыв p.14) -----------

def test_deployment_within_leadership_valnar_deploys_cleric_thug_and_archer() -> None:
    a = warband(HOC, ["Dwarf Cleric", "Half-Orc Thug", "Elf Archer", "Elf Archer", "Dragon Knight", "Human Ranger"])
    b = warband(SOL, ["Drow House Guard"])
    s = scenario(a, b)
    ps = s.players[0]
    assert ps.leadership == 7
    cleric, thug, archer, archer2 = "a1", "a2", "a3", "a4"
    ps.creature_deck = [c for c in ps.creature_deck + ps.hand if c not in (cleric, thug, archer, archer2)]
    ps.hand = [cleric, thug, archer, archer2]
    s.apply(act.FirstPlayer(0))
    assert s.current_player() == 0
    for cid, sq in ((cleric, (1, 9)), (thug, (2, 9)), (archer, (3, 9))):
        s.apply(act.Deploy(cid, sq))
    assert s.board_level(0) == 7
    with pytest.raises(IllegalAction, match="over Leadership"):
        s.apply(act.Deploy(archer2, (4, 9)))  # 7 + 1 = 8 > 7
    s.apply(act.EndDeploy())
    assert len(ps.hand) == 3  # refilled to Valnar's creature hand (§5.4)


def test_at_least_one_starting_creature_is_deployed() -> None:
    s = scenario(warband(HOC, ["Dwarf Cleric"]), warband(SOL, ["Drow House Guard"]))
    s.apply(act.FirstPlayer(0))
    with pytest.raises(IllegalAction, match="at least one"):
        s.apply(act.EndDeploy())


def test_deploy_phase_leadership_12_takes_one_more_level_1_creature_after_4_4_3() -> None:
    a = warband(HOC, ["War Wizard", "Earth Guardian", "Dwarf Cleric", "Elf Archer", "Dwarven Defender"])
    s = scenario(a, warband(SOL, ["Drow House Guard"]))
    for name, sq in (("War Wizard", (1, 8)), ("Earth Guardian", (3, 8)), ("Dwarf Cleric", (5, 8))):
        put(s, 0, name, sq)
    put(s, 1, "Drow House Guard", (5, 0))
    ps = s.players[0]
    ps.hand = ["a4", "a5"]  # Elf Archer (1), Dwarven Defender (2)
    ps.leadership = 11
    begin(s)
    for cid in ("a1", "a2", "a3"):
        s.creatures[cid].activated = True
    s.apply(act.EndPhase())
    assert s.phase == "deploy" and ps.leadership == 12  # +1 at the start of the phase (§6.3)
    assert {a.card for a in s.legal_actions() if isinstance(a, act.Deploy)} == {"a4"}
    with pytest.raises(IllegalAction):
        s.apply(act.Deploy("a5", (6, 9)))  # 11 + 2 = 13 > 12
    s.apply(act.Deploy("a4", (6, 9)))
    assert s.board_level(0) == 12


# --- §5.5, §4.4: the first game's set-up (Первая игра pp.3–6) -----------------------------------------------------

def test_the_first_games_set_up() -> None:
    from simulate.engine.dice import SeededDice
    from simulate.games.dungeon_command import DcGame
    from tests.simulate.games.dc_helpers import battle_map, pack_list

    s = DcGame().new_initial_state(
        lists=[pack_list("heart-of-cormyr", "Valnar Trueblade"),
               pack_list("heart-of-cormyr", "Rhynseera the Alarphon")],
        battle_map=battle_map("heart-of-cormyr", "heart-of-cormyr", "first-game"), dice=SeededDice(3),
        params={"scenario": "first-game"})
    doc = s.bf.doc
    # one large and one small tile each, dungeon side
    sizes = sorted((t["player"], t["width"], t["height"]) for t in doc["tiles"])
    assert sizes == [(0, 10, 5), (0, 10, 10), (1, 10, 5), (1, 10, 10)]
    # starting Morale 3 lower; Leadership and hands as printed
    assert [p.morale for p in s.players] == [14 - 3, 13 - 3] or [p.morale for p in s.players] == [
        s.players[0].warband.commander.morale - 3, s.players[1].warband.commander.morale - 3]
    assert [p.leadership for p in s.players] == [c.warband.commander.leadership for c in s.players]
    # the two chests showing 3 lie on the large tiles' treasure squares, none on the small tiles
    assert sorted(s.chests.values()) == [3, 3]
    large = {i for i, t in enumerate(doc["tiles"]) if t["height"] == t["width"]}
    assert all(s.bf.tile_of[sq] in large for sq in s.chests)
    # player 2 may deploy on any free square of its small tile (it has no start area)
    small2 = next(t for t in doc["tiles"] if t["player"] == 1 and t["height"] == 5)
    area2 = s.bf.start_areas[1]
    assert len(area2) >= 40 and all(small2["y"] <= q[1] < small2["y"] + 5 for q in area2)


# --- §16.3: Killing Strike answered by Uncanny Dodge (Стек, p.9) -------------------------------------------------

def test_killing_strike_is_answered_by_uncanny_dodge() -> None:
    a = warband(HOC, ["Dragon Knight"], ["Killing Strike"])
    b = warband(SOL, ["Drider"], ["Uncanny Dodge", "Scheme"])
    s = scenario(a, b)
    knight = put(s, 0, "Dragon Knight", (4, 4))
    drider = put(s, 1, "Drider", (5, 2))  # 2x2: (5,2)-(6,3), diagonal to the knight
    [ks] = hand(s, 0, ["Killing Strike"])
    [ud, scheme] = hand(s, 1, ["Uncanny Dodge", "Scheme"])
    morale = [p.morale for p in s.players]
    begin(s)
    s.apply(act.Activate(knight))
    s.apply(act.PlayOrder(ks, knight, target=drider))
    assert s.creatures[knight].tapped  # the attack is declared: tap (Q9: costs at declaration)
    assert [i.label for i in s.stack] == ["Killing Strike"] and s.current_player() == 1
    s.apply(act.PlayOrder(ud, drider, source=s.stack[0].id))
    assert s.pending is not None and s.pending.why == "discard"  # Uncanny Dodge: discard 1 order card
    s.apply(act.Choose(next(i for i, o in enumerate(s.pending.options) if o["card"] == scheme)))
    settle(s)  # nobody can answer Uncanny Dodge: it resolves, then Killing Strike does
    assert not s.stack
    assert s.creatures[drider].damage == 0 and s.creatures[drider].on_board
    assert s.creatures[drider].tapped and s.creatures[knight].tapped
    assert ks in s.players[0].discard and {ud, scheme} <= set(s.players[1].discard)
    assert [p.morale for p in s.players] == morale
    kinds = [e.kind for e in s.log]
    assert kinds.index("prevent") < kinds.index("attack")  # the top (Uncanny Dodge) resolves first


# --- §16.4: a card of several actions, Shadowy Ambush (p.9) ------------------------------------------------------

def test_shadowy_ambush_shifts_then_attacks_and_fizzles_when_the_target_is_not_adjacent() -> None:
    a = warband(SOL, ["Drow Blademaster", "Drow Blademaster"], ["Shadowy Ambush", "Shadowy Ambush"])
    b = warband(HOC, ["Dragon Knight"])
    s = scenario(b, a)
    knight = put(s, 0, "Dragon Knight", (5, 2))
    bm = put(s, 1, "Drow Blademaster", (5, 5))  # 3 squares away: not adjacent
    ambush = hand(s, 1, ["Shadowy Ambush", "Shadowy Ambush"])
    begin(s, player=1)
    s.apply(act.Activate(bm))
    s.apply(act.PlayOrder(ambush[0], bm, target=knight))
    # pushed in reverse (attack below, shift on top); nobody answers, so the shift resolves first
    assert [i.step.op for i in s.stack] == ["attack"]
    assert s.pending is not None and s.pending.why.startswith("shift")
    adjacent = next(i for i, o in enumerate(s.pending.options) if tuple(o["square"]) == (5, 3))
    s.apply(act.Choose(adjacent))
    settle(s)
    assert s.creatures[knight].damage == 50
    assert ambush[0] in s.players[1].discard
    # the second one (the Blademaster untapped for the test): shift away, so the attack finds no target next to it
    s.creatures[bm].tapped = False
    s.apply(act.PlayOrder(ambush[1], bm, target=knight))
    settle(s)
    assert s.pending is not None
    options = s.pending.options
    away = max(range(len(options)), key=lambda i: options[i]["square"][1])
    s.apply(act.Choose(away))
    settle(s)
    assert s.creatures[knight].damage == 50
    assert any(e.kind == "fizzle" and e.data["label"] == "Shadowy Ambush" for e in s.log)
    assert ambush[1] in s.players[1].discard  # still discarded (§7.4)


# --- §16.5, §16.6: assisting and order eligibility (Розыгрыш карт приказов p.11; Оказание помощи p.12) ------------

def _assist_field() -> tuple[DcState, str, str, str, str, str]:
    a = warband(HOC, ["Human Ranger", "Dwarf Cleric", "Dwarven Defender"], ["Killing Strike"])
    b = warband(SOL, ["Drider"])
    s = scenario(a, b)
    ranger = put(s, 0, "Human Ranger", (4, 4))
    cleric = put(s, 0, "Dwarf Cleric", (3, 4))
    defender = put(s, 0, "Dwarven Defender", (4, 5))
    drider = put(s, 1, "Drider", (4, 2))
    [ks] = hand(s, 0, ["Killing Strike"])
    begin(s)
    s.apply(act.Activate(ranger))
    return s, ranger, cleric, defender, drider, ks


def test_assisting_lets_the_ranger_use_killing_strike_with_the_clerics_level() -> None:
    s, ranger, cleric, defender, drider, ks = _assist_field()
    with pytest.raises(IllegalAction):
        s.apply(act.PlayOrder(ks, ranger, target=drider))  # 2 < 5
    with pytest.raises(IllegalAction):
        s.apply(act.PlayOrder(ks, ranger, target=drider, assistants=(defender,)))  # 2 + 2 = 4 < 5
    s.apply(act.PlayOrder(ks, ranger, target=drider, assistants=(cleric,)))  # 2 + 3 = 5
    assert s.creatures[cleric].tapped and s.creatures[ranger].tapped and not s.creatures[defender].tapped


def test_both_assistants_together_make_7() -> None:
    s, ranger, cleric, defender, drider, ks = _assist_field()
    s.apply(act.PlayOrder(ks, ranger, target=drider, assistants=(cleric, defender)))
    assert s.creatures[cleric].tapped and s.creatures[defender].tapped


def test_order_eligibility_killing_strike_faerie_fire_and_level_up() -> None:
    a = warband(HOC, ["Dragon Knight", "Dwarven Defender", "Human Ranger", "Earth Guardian"],
                ["Killing Strike", "Level Up"])
    b = warband(SOL, ["Drow House Guard", "Demonweb Spider"], ["Faerie Fire"])
    s = scenario(a, b)
    cards = {s.orders[o][1].name: s.orders[o][1] for o in s.orders}
    cr = {s.creatures[c].card.name: s.creatures[c] for c in s.creatures}
    assert s.order_level_ok(cr["Dragon Knight"], cards["Killing Strike"], ())
    assert not s.order_level_ok(cr["Dwarven Defender"], cards["Killing Strike"], ())
    # Faerie Fire (INT 2, Drow Affinity): a Drow of any level, INT or not; not a Spider without it
    assert s.order_level_ok(cr["Drow House Guard"], cards["Faerie Fire"], ())
    assert not s.order_level_ok(cr["Demonweb Spider"], cards["Faerie Fire"], ())
    # Level Up requires a Humanoid
    assert s.order_level_ok(cr["Human Ranger"], cards["Level Up"], ())
    assert not s.order_level_ok(cr["Earth Guardian"], cards["Level Up"], ())


# --- §16.9, §11.2: cowering ------------------------------------------------------------------------------------------

def _knight_and_spider(morale: int) -> tuple[DcState, str]:
    s = scenario(warband(HOC, ["Dragon Knight"]), warband(SOL, ["Demonweb Spider"]))
    knight = put(s, 0, "Dragon Knight", (4, 4))
    spider = put(s, 1, "Demonweb Spider", (4, 3))
    s.players[1].morale = morale
    begin(s)
    s.apply(act.Activate(knight))
    s.apply(act.Attack(knight, spider))
    while s.window is not None:
        s.apply(act.Pass())
    return s, spider


def test_cowering_from_40_damage_costs_4_morale_whatever_the_hp() -> None:
    s, spider = _knight_and_spider(13)
    assert s.pending is not None and s.pending.kind == "cower"
    s.apply(act.Cower(True))
    assert s.players[1].morale == 9  # 40 damage: 4 Morale, though the spider has 20 HP
    assert s.creatures[spider].on_board and s.creatures[spider].damage == 0


def test_with_morale_3_the_creature_cannot_cower_from_40() -> None:
    s, spider = _knight_and_spider(3)
    assert s.pending is None  # no choice: Morale too low to absorb it all
    assert not s.creatures[spider].on_board
    assert s.players[1].morale == 2  # the spider's level, 1


# --- immediate responses (§7.4, §8.6, §10.5) ---------------------------------------------------------------------

def test_a_creature_with_cover_may_tap_to_dodge_a_ranged_attack() -> None:
    rows = ["BBBBBBBBBB", "..........", "....o.....", "..........", "..........", "..........",
            "..........", "..........", "..........", "AAAAAAAAAA"]
    s = scenario(warband(HOC, ["War Wizard"]), warband(SOL, ["Drow House Guard"]), rows)
    wizard = put(s, 0, "War Wizard", (4, 8))
    guard = put(s, 1, "Drow House Guard", (4, 2))  # in an obstacle square: cover (§10.5)
    begin(s)
    s.apply(act.Activate(wizard))
    s.apply(act.Attack(wizard, guard, ranged=True))
    assert s.current_player() == 1
    dodge = next(a for a in s.legal_actions() if isinstance(a, act.UsePower) and a.power == "dodge")
    s.apply(dodge)
    settle(s)
    assert s.creatures[guard].damage == 0 and s.creatures[guard].tapped


def test_a_prevention_card_answers_an_attack_and_untaps_near_miss() -> None:
    s = scenario(warband(HOC, ["Dragon Knight"]), warband(SOL, ["Drow Blademaster"], ["Near Miss"]))
    knight = put(s, 0, "Dragon Knight", (4, 4))
    bm = put(s, 1, "Drow Blademaster", (4, 3))
    [nm] = hand(s, 1, ["Near Miss"])
    begin(s)
    s.apply(act.Activate(knight))
    s.apply(act.Attack(knight, bm))
    s.apply(act.PlayOrder(nm, bm, source=s.stack[-1].id))
    settle(s)
    assert s.creatures[bm].damage == 20  # 40 - 20
    assert not s.creatures[bm].tapped  # Near Miss: prevent 20, untap


def test_nobody_is_asked_when_nobody_can_respond() -> None:
    s = scenario(warband(HOC, ["Dragon Knight"]), warband(SOL, ["Demonweb Spider"]))
    knight = put(s, 0, "Dragon Knight", (4, 4))
    spider = put(s, 1, "Demonweb Spider", (4, 3))
    s.players[1].order_hand.clear()
    s.players[1].morale = 1
    begin(s)
    s.apply(act.Activate(knight))
    s.apply(act.Attack(knight, spider))
    assert not s.stack and s.window is None and not s.creatures[spider].on_board


# --- each phase's steps (§6.1–§6.4) ----------------------------------------------------------------------------------

def test_refresh_start_of_turn_effects_then_untap_then_draw_one_order() -> None:
    a = warband(SOL, ["Drow Blademaster"], ["Deep Wound", "Scheme", "Scheme"])
    b = warband(HOC, ["Dragon Knight"], ["Power Attack", "Daring Attack", "Shove Aside", "Heroic Surge",
                                         "Into the Fray", "Level Up"])
    s = scenario(b, a)
    knight = put(s, 0, "Dragon Knight", (4, 4))
    bm = put(s, 1, "Drow Blademaster", (4, 3))
    [dw] = hand(s, 1, ["Deep Wound"])
    begin(s, player=1)
    s.apply(act.Activate(bm))
    s.apply(act.PlayOrder(dw, bm, target=knight))
    settle(s)
    assert s.creatures[knight].damage == 30  # 20 + 10
    s.creatures[knight].tapped = True
    hand0 = len(s.players[0].order_hand)
    s.apply(act.EndActivation())  # its last creature: the turn ends, and player 1's (the knight's) begins
    settle(s)
    assert (s.turn_player, s.phase) == (0, "activate")
    assert s.creatures[knight].damage == 40
    assert not s.creatures[knight].tapped
    assert len(s.players[0].order_hand) == hand0 + 1
    events = [e.kind for e in s.log]
    turn = max(i for i, k in enumerate(events) if k == "turn")
    after = events[turn:]
    assert after.index("damage") < after.index("refresh")  # the wound first, then untap and draw


def test_cleanup_hazard_damage_untap_refill_and_the_end_without_creatures() -> None:
    rows = ["BBBBBBBBBB", "..........", "..........", "..........", "..........", "..........",
            "..........", "....h.....", "..........", "AAAAAAAAAA"]
    a = warband(HOC, ["Dwarf Cleric", "Elf Archer", "Elf Archer", "Human Ranger", "Dragon Knight"])
    s = scenario(a, warband(SOL, ["Drow House Guard"]), rows)
    cleric = put(s, 0, "Dwarf Cleric", (4, 7))
    put(s, 1, "Drow House Guard", (4, 0))
    ps = s.players[0]
    ps.hand = ps.hand[:1]
    begin(s)
    s.creatures[cleric].tapped = True
    s.creatures[cleric].activated = True
    leadership = ps.leadership
    s.apply(act.EndPhase())
    if s.phase == "deploy":
        s.apply(act.EndDeploy())
    settle(s)
    assert ps.leadership == leadership + 1
    assert s.creatures[cleric].damage == 10  # ended the turn in hazardous terrain
    assert not s.creatures[cleric].tapped
    assert len(ps.hand) == ps.warband.commander.creature_hand


def test_a_player_who_ends_a_turn_with_no_creatures_loses() -> None:
    s = scenario(warband(HOC, ["Elf Archer"]), warband(SOL, ["Drow House Guard"]))
    put(s, 1, "Drow House Guard", (4, 0))
    s.players[0].hand.clear()
    s.players[0].creature_deck.clear()
    begin(s)
    s.apply(act.EndPhase())
    assert s.is_terminal() and s.result().winner == 1 and s.result().reason == "no-creatures"


# --- §16.7, §6.5–6.7: movement ----------------------------------------------------------------------------------------

def test_difficult_terrain_costs_one_more_and_fliers_and_burrowers_ignore_it() -> None:
    rows = ["BBBBBBBBBB", "..........", "..........", "..........", "...ddd....", "..........",
            "..........", "..........", "..........", "AAAAAAAAAA"]
    s = scenario(warband(HOC, ["Dwarven Defender", "Copper Dragon", "Earth Guardian"]),
                 warband(SOL, ["Drow House Guard"]), rows)
    walker = s.creatures[put(s, 0, "Dwarven Defender", (4, 6))]
    flier = s.creatures[put(s, 0, "Copper Dragon", (5, 6))]
    burrower = s.creatures[put(s, 0, "Earth Guardian", (3, 6))]
    put(s, 1, "Drow House Guard", (9, 0))
    # crossing the difficult row costs 1 more (§6.6); 2 difficult squares cost 4 (§16.7)
    assert s.reach(walker, 5, "move")[(4, 3)][0] == 4  # (4,5) 1, (4,4) difficult 2, (4,3) 1
    assert s.reach(flier, 7, "move")[(5, 3)][0] == 3
    assert s.reach(burrower, 6, "move")[(3, 3)][0] == 3


def test_a_creature_stops_next_to_an_enemy_and_starts_next_to_one_with_speed_1() -> None:
    rows = ["BBBBBBBBBB", "..........", "###...####", "###...####", "###...####", "###...####", "###...####",
            "###...####", "..........", "AAAAAAAAAA"]
    s = scenario(warband(HOC, ["Human Ranger", "Demonweb Spider"]), warband(SOL, ["Drow House Guard"]), rows)
    ranger = s.creatures[put(s, 0, "Human Ranger", (4, 8))]
    put(s, 1, "Drow House Guard", (4, 3))
    reached = s.reach(ranger, 7, "move")
    assert (4, 4) in reached  # it may enter the square next to the guard, and stops there
    assert (4, 1) not in reached and (3, 2) not in reached  # so it cannot get past
    s._lift(ranger)
    s._place(ranger, (4, 4))
    assert max(cost for cost, _h, _p in s.reach(ranger, 7, "move").values()) == 1  # speed 1 next to an enemy
    # a shifting creature (Scuttle) passes next to enemies; it still may not enter the enemy's square
    spider = s.creatures[put(s, 0, "Demonweb Spider", (4, 7))]
    assert (4, 1) in s.reach(spider, 7, "move")


def test_walls_block_sight_obstacles_give_cover_and_enemies_block_sight_but_allies_do_not() -> None:
    rows = ["BBBBBBBBBB", "..........", "..........", "....#.....", "..........", "..........",
            "..........", "..........", "..........", "AAAAAAAAAA"]
    s = scenario(warband(HOC, ["War Wizard", "Dwarven Defender"]), warband(SOL, ["Shadow Mastiff", "Drow House Guard"]),
                 rows)
    wizard = s.creatures[put(s, 0, "War Wizard", (4, 7))]
    mastiff = s.creatures[put(s, 1, "Shadow Mastiff", (4, 1))]
    assert not s.los(wizard, mastiff) or s.cover(wizard, mastiff)  # the wall at (4,3) stands between
    s._lift(mastiff)
    s._place(mastiff, (1, 1))
    assert s.los(wizard, mastiff) and not s.cover(wizard, mastiff)
    ally = s.creatures[put(s, 0, "Dwarven Defender", (3, 5))]
    assert s.los(wizard, mastiff)
    del ally
    guard = s.creatures[put(s, 1, "Drow House Guard", (2, 3))]
    assert s.cover(wizard, mastiff)  # another enemy on the line: no clear shot
    del guard


# --- §11.3, §16.9: treasure --------------------------------------------------------------------------------------

def test_a_chest_showing_2_gives_2_tokens_and_collecting_one_taps_for_1_morale() -> None:
    s = scenario(warband(HOC, ["Human Ranger"]), warband(SOL, ["Drow House Guard"]))
    ranger = put(s, 0, "Human Ranger", (4, 8))
    put(s, 1, "Drow House Guard", (9, 0))
    s.chests = {(4, 6): 2}
    begin(s)
    morale = s.players[0].morale
    s.apply(act.Activate(ranger))
    s.apply(act.Move(ranger, (4, 6)))
    assert s.tokens == {(4, 6): 2} and not s.chests
    s.apply(act.Collect(ranger))
    assert s.players[0].morale == morale + 1 and s.tokens == {(4, 6): 1} and s.creatures[ranger].tapped


# --- §12: the end and its tie-breaks ----------------------------------------------------------------------------------

def test_equal_morale_goes_to_the_higher_level_on_the_battlefield_else_both_win() -> None:
    s = scenario(warband(HOC, ["Dragon Knight", "Dwarf Cleric"]), warband(SOL, ["Drider", "Umber Hulk"]))
    put(s, 0, "Dragon Knight", (1, 8))
    put(s, 0, "Dwarf Cleric", (3, 8))
    put(s, 1, "Drider", (1, 0))
    put(s, 1, "Umber Hulk", (5, 0))
    s.players[0].morale = s.players[1].morale = 5
    assert s._by_morale() == 1  # 9 against 8
    s.creatures["b2"].on_board = False
    s.creatures["a2"].on_board = False
    s.creatures["b1"].on_board = False
    assert s.board_level(0) == 5 and s.board_level(1) == 0
    s.creatures["a1"].on_board = False
    assert s._by_morale() is None  # 0 against 0: both win
