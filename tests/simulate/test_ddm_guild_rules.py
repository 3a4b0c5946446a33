"""The DDM Guild rules profile in play: the worked examples of the sources and the readings' numbers, each a
test with the dice it needs (docs/rules/ddm-guild-play.md)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_rules as R
from simulate.games.ddm_guild import GuildAttack, GuildEndTurn, GuildGame, GuildMove, GuildShift, GuildState
from simulate.games.ddm_guild_cards import card_from_json
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_state import Fighter

OPEN = {
    "format": "muster-ddm-map/1", "slug": "test-open", "name": "Open ground", "width": 12, "height": 8,
    "rows": ["." * 12] * 8,
    "areas": [{"kind": "start", "letter": "A", "rects": [[0, 0, 2, 8]]},
              {"kind": "start", "letter": "B", "rects": [[10, 0, 2, 8]]},
              {"kind": "victory", "letter": "A", "rects": [[8, 3, 1, 1]]},
              {"kind": "victory", "letter": "B", "rects": [[3, 3, 1, 1]]}],
}


class PurposeDice:
    """Faces scripted per purpose ("attack", "save", ...); any other roll alternates 15 and 5 (no ties)."""

    def __init__(self, **script: Iterable[int]) -> None:
        self.script = {k.replace("_", "-"): list(v) for k, v in script.items()}
        self.flip = 0
        self.rolled: list[tuple[str, int]] = []

    def roll(self, sides: int, purpose: str) -> int:
        queue = self.script.get(purpose)
        if queue:
            face = queue.pop(0)
        else:
            self.flip += 1
            face = 15 if self.flip % 2 else 5
        self.rolled.append((purpose, face))
        return min(face, sides)


def card(name: str, *powers: str, hp: int = 50, ac: int = 15, defence: int = 13, speed: int = 6, cost: int = 20,
         level: int = 5, size: str = "Medium", rating: int | None = None, keywords: tuple[str, ...] = ()
         ) -> dict[str, Any]:
    return {"name": name, "slug": name.lower().replace(" ", "-"), "cost": cost, "level": level, "speed": speed,
            "hp": hp, "ac": ac, "fort": defence, "ref": defence, "will": defence, "alignment": "neutral",
            "factions": ["wild"], "keywords": list(keywords), "champion_rating": rating, "movement_mode": "normal",
            "size": size, "powers": [_printed(p) for p in powers]}


def _printed(text: str) -> dict[str, Any]:
    """A power as the catalogue holds it: a power that recharges has the one check box a printed card gives it (the
    engine lists a recharging power with no number of uses as not played)."""
    kind = "attack" if "vs." in text else "special"
    return {"kind": kind, "text": text, "uses": 1 if parse_power(0, kind, text).recharge else None}


SWORD = "Sword: +10 vs. AC; 10 damage."


def battle(a: list[dict[str, Any]], b: list[dict[str, Any]], dice: PurposeDice,
           battle_map: dict[str, Any] | None = None) -> GuildState:
    """A battle of ``a`` against ``b`` on ``battle_map`` (open ground unless said; a test that changes a map's terrain
    gives its own map, with a slug of its own: maps are shared by the battles played on them)."""
    state = GuildGame().new_initial_state(lists=[{"name": "A", "creatures": a}, {"name": "B", "creatures": b}],
                                          battle_map=battle_map or OPEN, dice=dice,
                                          params={"format": "standard-200"})
    assert isinstance(state, GuildState)
    return state


def assert_played(raw: dict[str, Any], index: int) -> None:
    """The card's power ``index`` is read and played whole (the reader's words or the engine's reason if not)."""
    p = card_from_json(raw).powers[index]
    assert p.played and not C.engine_unplayed(p), (p.name, p.unplayed or C.engine_unplayed(p))


def attack_with(state: GuildState, attacker: Fighter, target: Fighter, index: int = 0) -> int:
    """``attacker`` makes the attack of its power ``index`` against ``target`` now."""
    p = attacker.powers[index]
    assert p.attack is not None
    return AT.attack(state.b, attacker, p, p.attack, [target])


def put(state: GuildState, fid: str, x: int, y: int) -> None:
    MV.place(state.b, state.b.by_id[fid], (x, y))


def turn_of(state: GuildState, fid: str) -> None:
    """Creature ``fid`` takes its turn now, every action open (a set position, not the turn order)."""
    f = state.b.by_id[fid]
    state.b.active = f
    state.phase_player = f.player
    f.attack_action = f.move_action = f.minor_action = True
    f.provoked_by = set()


# --- sources -------------------------------------------------------------------------------------------------------

def test_bloodied_at_half_hit_points_rounded_down() -> None:
    """ddm-guild.bloodied (Dungeons of Dread Preview 2: the Human Fighter, 55 hit points)."""
    s = battle([card("Human Fighter", SWORD, hp=55)], [card("Orc", SWORD)], PurposeDice())
    fighter = s.b.by_id["a1"]
    for hp, bloodied in ((28, False), (27, True), (25, True)):
        fighter.hp = hp
        assert fighter.bloodied is bloodied, hp


def test_resist_all_counts_an_attacks_combined_damage() -> None:
    """ddm-guild.resist (Preview 7: Resist 20 All against 10 + 10 fire damage: no effect)."""
    s = battle([card("Wizard", SWORD)], [card("Gargoyle", SWORD, "Resist 20 All")], PurposeDice())
    gargoyle = s.b.by_id["b1"]
    assert DM.deal_damage(s.b, gargoyle, [(10, ""), (10, "fire")], s.b.by_id["a1"]) == 0
    assert gargoyle.hp == 50
    assert DM.deal_damage(s.b, gargoyle, [(15, ""), (10, "fire")], s.b.by_id["a1"]) == 5


def test_multi_activation_2_takes_two_turns_a_round() -> None:
    """ddm-guild.multi-activation (Preview 1: the Fen Hydra; Preview 7: activate it twice per round)."""
    s = battle([card("Fen Hydra", SWORD, "Multi-Activation 2"), card("Lizardfolk", SWORD)],
               [card("Guard", SWORD), card("Archer", SWORD)], PurposeDice())
    turns: dict[str, int] = {}
    while s.b.round == 1 and not s.is_terminal():
        action = s.legal_actions()[0] if s.b.active is None else GuildEndTurn()
        s.apply(action)
    for e in s.log.of_kind("activate"):
        if e.data["round"] == 1:
            turns[str(e.data["creature"])] = turns.get(str(e.data["creature"]), 0) + 1
    assert turns == {"a1": 2, "a2": 1, "b1": 1, "b2": 1}


def test_the_first_phase_activates_one_creature_then_phases_of_two() -> None:
    """ddm-guild.round (the January 2008 summary)."""
    s = battle([card(f"A{i}", SWORD) for i in range(3)], [card(f"B{i}", SWORD) for i in range(3)], PurposeDice())
    first = s.first_player
    order: list[int] = []
    while s.b.round == 1 and not s.is_terminal():
        if s.b.active is None:
            order.append(s.current_player())
            s.apply(s.legal_actions()[0])
        else:
            s.apply(GuildEndTurn())
    assert s.log.of_kind("activate")  # every creature took its turn
    players = [int(str(e.data["creature"]).startswith("b")) for e in s.log.of_kind("activate") if e.data["round"] == 1]
    assert players == [first, 1 - first, 1 - first, first, first, 1 - first]


def test_insubstantial_halves_damage_except_critical_hits() -> None:
    """ddm-guild.insubstantial (the cards; the 2009 change list for critical hits) and ddm-guild.critical-hit."""
    dice = PurposeDice(attack=[15, 20])
    s = battle([card("Knight", "Sword: +10 vs. AC; 20 damage.")], [card("Ghost", SWORD, "Insubstantial", hp=80)],
               dice)
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    knight, ghost = s.b.by_id["a1"], s.b.by_id["b1"]
    sword = knight.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, knight, sword, sword.attack, [ghost])
    assert ghost.hp == 70  # 20 halved
    AT.attack(s.b, knight, sword, sword.attack, [ghost])
    assert ghost.hp == 30  # a natural 20: 20 doubled, in full


def test_a_critical_hit_doubles_the_first_number_only() -> None:
    """ddm-guild.critical-hit: '5 + 15 poison damage' deals 10 + 15 on a natural 20."""
    s = battle([card("Yuan-Ti", "Fangs: +16 vs. AC; 5 + 15 poison damage.")], [card("Target", SWORD, hp=90)],
               PurposeDice(attack=[20]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    fangs = s.b.by_id["a1"].powers[0]
    assert fangs.attack is not None
    AT.attack(s.b, s.b.by_id["a1"], fangs, fangs.attack, [s.b.by_id["b1"]])
    assert s.b.by_id["b1"].hp == 90 - 25


# --- readings ------------------------------------------------------------------------------------------------------

def test_a_save_succeeds_on_the_profiles_number() -> None:
    """ddm-guild.saving-throw and ddm-guild.ongoing-damage: ongoing damage at the start of the turn, a save of
    10 or more at its end ends it."""
    assert R.SAVE_TARGET == 10
    s = battle([card("Wizard", "Acid: +10 vs. Reflex; 5 ongoing acid damage (save ends).")], [card("Orc", SWORD)],
               PurposeDice(attack=[15], save=[9, 10]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    wizard, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    acid = wizard.powers[0]
    assert acid.attack is not None
    AT.attack(s.b, wizard, acid, acid.attack, [orc])
    assert [e.what for e in orc.effects] == ["acid"]
    s._start_turn(orc)
    assert orc.hp == 45
    s._end_turn(orc)  # rolls 9: still burning
    assert orc.effects
    s._start_turn(orc)
    s._end_turn(orc)  # rolls 10: saved
    assert orc.hp == 40 and not orc.effects


def test_a_condition_with_no_duration_lasts_until_the_end_of_the_targets_next_turn() -> None:
    """ddm-guild.default-duration."""
    s = battle([card("Monk", "Stunning Fist: +10 vs. Fortitude; 5 damage AND Dazed.")], [card("Orc", SWORD)],
               PurposeDice(attack=[15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    monk, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    fist = monk.powers[0]
    assert fist.attack is not None
    s.b.active = monk
    AT.attack(s.b, monk, fist, fist.attack, [orc])
    s._end_turn(monk)
    assert orc.has("dazed")
    s._start_turn(orc)
    assert orc.has("dazed")
    s._end_turn(orc)
    assert not orc.has("dazed")


def test_combat_advantage_cover_and_charge_numbers() -> None:
    """ddm-guild.combat-advantage (+2), ddm-guild.cover (-2), ddm-guild.charge (+1)."""
    assert (R.COMBAT_ADVANTAGE, R.COVER, R.CHARGE_BONUS) == (2, -2, 1)
    s = battle([card("Rogue", SWORD), card("Ally", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "a2", 9, 7)
    rogue, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    sword = rogue.powers[0]
    assert sword.attack is not None
    assert J.attack_bonus(s.b, rogue, orc, sword, sword.attack, False, False)[0] == 0
    put(s, "a2", 6, 3)  # flanking
    assert J.attack_bonus(s.b, rogue, orc, sword, sword.attack, False, False) == (2, ["ca+2"])
    assert J.attack_bonus(s.b, rogue, orc, sword, sword.attack, True, False)[0] == 3


def test_leaving_an_enemys_side_provokes_and_a_shift_does_not() -> None:
    """ddm-guild.opportunity-attack and ddm-guild.shift."""
    s = battle([card("Runner", SWORD, hp=60)], [card("Guard", SWORD)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    runner = s.b.by_id["a1"]
    s.b.active = runner
    s.phase_player = 0
    runner.attack_action = runner.move_action = runner.minor_action = True
    runner.provoked_by = set()
    s.apply(GuildShift((4, 3)))
    assert not s.log.of_kind("opportunity-attack")
    runner.move_action = True
    s.b.active = runner
    s.apply(GuildMove((4, 6)))
    assert [e.data["attacker"] for e in s.log.of_kind("opportunity-attack")] == []  # no longer adjacent
    put(s, "a1", 5, 3)
    runner.move_action = runner.attack_action = True
    runner.provoked_by = set()
    s.b.active = runner
    s.apply(GuildMove((2, 3)))
    assert [e.data["attacker"] for e in s.log.of_kind("opportunity-attack")] == ["b1"]
    assert runner.hp == 50


def test_a_nearest_attack_may_target_only_the_nearest_enemy() -> None:
    """ddm-guild.ranged-range (only 'nearest' powers must target the nearest enemy)."""
    s = battle([card("Archer", "Crossbow: (nearest) +10 vs. AC; 10 damage.", "Longbow: (sight) +8 vs. AC; 10 damage.")],
               [card("Near", SWORD), card("Far", SWORD)], PurposeDice())
    put(s, "a1", 1, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 3)
    s.b.active = s.b.by_id["a1"]
    s.b.by_id["a1"].attack_action = True
    targets = {(a.power, a.targets) for a in s._attack_actions(s.b.by_id["a1"]) if isinstance(a, GuildAttack)}
    assert targets == {(0, ("b1",)), (1, ("b1",)), (1, ("b2",))}


def test_a_power_that_gives_resist_for_a_while() -> None:
    """'has Resist 10 All until end of its next turn': played as a timed Resist (ddm-guild.resist)."""
    armor = "Bloodcut Armor: Minor action; this creature has Resist 10 All until end of its next turn."
    s = battle([card("Warrior", SWORD, armor)], [card("Orc", SWORD)], PurposeDice())
    warrior = s.b.by_id["a1"]
    power = next(p for p in warrior.powers if p.name == "Bloodcut Armor")
    assert power.action == "minor"
    s.b.active = warrior
    FX.apply_effects(s.b, power.effects, J.Ctx(warrior))
    assert DM.deal_damage(s.b, warrior, [(15, "")], s.b.by_id["b1"]) == 5
    s._end_turn(warrior)
    s._start_turn(warrior)
    s._end_turn(warrior)
    assert DM.deal_damage(s.b, warrior, [(15, "")], s.b.by_id["b1"]) == 15
