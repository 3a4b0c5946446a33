"""Rounds, phases and a creature's turn (``ddm.md`` §6): the round's initiative and first player, phases of two
activations (§6.1), what a turn may still do (§6.2 activation options, §8.11 multiple attacks), the start of a
turn (§6.3: poison, stun, helplessness, confusion, a routing creature's rally or flight) and its end (conditions'
saves, terrain), and the turn ending by itself when nothing is left to choose."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulate.engine.game import Action, IllegalAction
from simulate.games import ddm_attacks as attacks
from simulate.games import ddm_charge as charging
from simulate.games import ddm_command as command
from simulate.games import ddm_damage as damage
from simulate.games import ddm_morale as morale
from simulate.games import ddm_movement as movement
from simulate.games import ddm_setup as setup
from simulate.games import ddm_sight as sight
from simulate.games import ddm_spells as spells
from simulate.games import ddm_terrain as terrain
from simulate.games import ddm_victory as victory
from simulate.games.ddm_actions import (
    Activate,
    Attack,
    Cast,
    Charge,
    ChooseFirstPlayer,
    EndTurn,
    Move,
    Teleport,
    UseAbility,
)
from simulate.games.ddm_model import Creature, Turn

if TYPE_CHECKING:
    from simulate.games.ddm import DdmState


def start_round(state: DdmState) -> None:
    if state.round >= state.params.max_rounds:
        victory.tie_break(state, "round-limit")
        return
    state.round += 1
    state.fighting_this_round = False
    state.first_activated_this_round = False
    for c in state.creatures.values():
        c.activations_left = (2 if c.traits.dual_activation else 1) if c.on_map else 0
    state.event("round-start", {"round": state.round})
    winner = setup.initiative(state, "initiative")
    state.stage, state.decider = "first-player", winner


def apply_first_player(state: DdmState, a: ChooseFirstPlayer) -> None:
    if state.stage != "first-player" or a.player not in (0, 1):
        raise IllegalAction("not choosing the first player now")
    state.event("first-player", {"round": state.round, "chooser": state.decider, "player": a.player})
    state.phases.start_round(a.player)
    state.stage = "activate"
    schedule(state)


def activatable(state: DdmState, player: int) -> list[Creature]:
    return [c for c in state.creatures.values() if c.player == player and c.on_map and c.activations_left > 0]


def schedule(state: DdmState) -> None:
    """Whose activation is next: phases of two, alternating; the side with more goes on alone (§6.1)."""
    if state.stage == "over":
        return
    left = [0, 0]  # len(activatable(state, p)) for each player, counted once
    for c in state.creatures.values():
        if c.activations_left > 0 and c.on_map:
            left[c.player] += 1
    player = state.phases.next_player(left.__getitem__)
    if player is None:
        victory.end_round(state)
        return
    state.stage = "activate"
    state.decider = player


def speed(state: DdmState, c: Creature) -> int:
    s = c.card.speed + c.effect_total("speed")
    if state.ce_stats:  # (no Commander Effect in the battle: no list of statistics to write)
        s += command.ce_bonus(state, c, ["speed"])
    if c.traits.command_dependent and not command.in_command(state, c):
        return 0
    return max(0, s)


def apply_activate(state: DdmState, a: Activate) -> None:
    if state.stage != "activate":
        raise IllegalAction("no activation now")
    c = state.c(a.creature)
    if c.player != state.phases.player or c.activations_left <= 0 or not c.on_map:
        raise IllegalAction(f"{a.creature} cannot be activated now")
    c.activations_left -= 1
    state.phases.activated()
    state.turn_counter += 1
    t = Turn(creature=c.id, controller=c.player, speed=0, started_stunned=c.stunned)
    state.turn = t
    state.stage = "turn"
    state.decider = c.player
    state.event("activate", {"round": state.round, "creature": c.id, "player": c.player})
    if not state.first_activated_this_round:
        state.first_activated_this_round = True
        t.aggression = c.traits.aggression > 0
    start_of_turn(state, c, t)
    if c.on_map:
        t.speed = speed(state, c)
        if state.params.charge_needs_sight_at_start:
            t.seen_at_start = {e.id for e in state.enemies_of(c) if sight.can_see(state, c, e)}
    state.decider = t.controller
    if state.stage != "over" and (t.no_actions or not c.on_map):
        end_turn(state)


def start_of_turn(state: DdmState, c: Creature, t: Turn) -> None:
    if c.poison:
        state.event("poison", {"round": state.round, "creature": c.id, "amount": c.poison})
        poisoner = state.creatures.get(c.poisoned_by)
        damage.deal_damage(state, c, [(c.poison, "poison-damage")], source=poisoner, kind="poison")
        if not c.on_map:
            return
    if c.stunned:
        state.event("no-actions", {"round": state.round, "creature": c.id, "reason": "stunned"})
        t.no_actions = True
        return
    if c.helpless:
        state.event("no-actions", {"round": state.round, "creature": c.id, "reason": "helpless"})
        t.no_actions = True
        return
    if c.confused_dc is not None:
        r = state.d20("confusion")
        if r <= 5:
            t.controller = state.opponent(c.player)
            state.event("confusion", {"round": state.round, "creature": c.id, "roll": r, "effect": "opponent-controls"})
        elif r <= 15:
            state.event("confusion", {"round": state.round, "creature": c.id, "roll": r, "effect": "does-nothing"})
            t.no_actions = True
            return
        else:
            state.event("confusion", {"round": state.round, "creature": c.id, "roll": r, "effect": "normal"})
    if c.routing:
        can_rally = t.controller == c.player and (
            c.is_commander or c.traits.independent or command.in_command(state, c))
        if can_rally and morale.morale_save(state, c, cause=None, reason="rally"):
            c.routing = False
            state.event("rally", {"round": state.round, "creature": c.id})
            act = any(
                e.stat == "rally_act" for k in state.on_map(c.player) if k.rating is not None and k.id != c.id
                and command.commands(state, k, c) for e in command.ces(state, k)
            )
            if not act:
                t.no_actions = True
            return
        morale.flee(state, c)
        t.no_actions = True
        return
    for e in state.enemies_of(c):
        if e.traits.slow_effect_dc and e.active and state.adjacent(e, c):
            if not damage.save(state, c, e.traits.slow_effect_dc, "slow-effect", cause=e):
                t.max_attacks = 1
            break


def end_turn(state: DdmState) -> None:
    t = state.turn
    if t is None:
        return
    c = state.creatures[t.creature]
    if c.on_map and state.stage != "over":
        terrain.risky_terrain(state, c)
        # saves at the end of each of its turns (glossary *Paralysis*, *Confusion*, *Entangle*)
        if (c.on_map and c.paralysed_dc is not None and t.no_actions
                and damage.save(state, c, c.paralysed_dc, "paralysis")):
            c.paralysed_dc = None
            state.event("condition", {"round": state.round, "creature": c.id, "condition": "paralysis-ends"})
        if c.on_map and c.confused_dc is not None and damage.save(state, c, c.confused_dc, "confusion"):
            c.confused_dc = None
            state.event("condition", {"round": state.round, "creature": c.id, "condition": "confusion-ends"})
        if c.on_map and c.entangled_dc is not None and damage.save(state, c, c.entangled_dc, "entangle"):
            c.entangled_dc = None
            state.event("condition", {"round": state.round, "creature": c.id, "condition": "entangle-ends"})
        if c.on_map and t.started_stunned and c.stunned:
            c.stunned = False
            state.event("condition", {"round": state.round, "creature": c.id, "condition": "stun-ends"})
        c.invisible = False
    terrain.pits_at_end_of_turn(state, c, t)
    if state.stage != "over":
        placed = state.on_map()  # a fresh list
        if len(placed) > 1:
            placed.sort(key=_creature_id)
        for o in placed:
            movement.fix_position(state, o)
    state.event("turn-end", {"round": state.round, "creature": c.id})
    state.turn = None
    if state.stage != "over":
        schedule(state)


def _creature_id(c: Creature) -> str:
    return c.id


def auto_end_turn(state: DdmState) -> None:
    """End the turn by itself when ending it is the only thing left to do."""
    while state.stage == "turn" and state.turn is not None:
        if turn_has_choice(state):
            return
        end_turn(state)


def turn_has_choice(state: DdmState) -> bool:
    """Whether :func:`turn_actions` offers anything but ending the turn. The same answer, found without
    listing every action: the cheap kinds first, and the move search only when no single step will do."""
    c = turn_creature(state)
    t = state.turn
    assert t is not None
    if t.no_actions or not c.on_map:
        return False
    return bool(
        attacks.has_attack(state, c, t) or movement.has_move(state, c, t)
        or terrain.teleport_actions(state, c, t) or spells.ability_actions(state, c, t)
        or spells.cast_actions(state, c, t) or charging.charge_actions(state, c, t)
    )


def turn_creature(state: DdmState) -> Creature:
    if state.stage != "turn" or state.turn is None:
        raise IllegalAction("no creature is taking its turn")
    return state.creatures[state.turn.creature]


def move_allowance(state: DdmState, c: Creature, t: Turn, speed: int | None = None) -> int:
    s = t.speed if speed is None else speed
    if t.no_actions or t.charged or t.move_blocked or not c.on_map:
        return 0
    if t.attacks_made == 0 and not t.acted:
        return max(0, 2 * s - t.moved)
    if c.traits.slow_attack in ("all", t.attack_kind) or (t.acted and c.traits.slow_attack == "all"):
        return 0
    if t.attacks_made >= 2:
        return 1 if c.traits.sidestep and t.steps == 0 else 0
    if t.moved_before_attack or t.moved_after_attack:
        if t.moved_after_attack and not t.moved_before_attack:
            return max(0, s - t.moved)
        if c.traits.spring_attack and t.attack_kind == "melee":
            return max(0, s - t.moved)
        if c.traits.mounted_melee and t.attack_kind == "melee":
            return max(0, 2 * s - t.moved)
        return 0
    if t.attack_kind == "whirlwind":
        return 1 if t.steps == 0 else 0
    return max(0, s - t.moved)


def can_attack_now(state: DdmState, c: Creature, t: Turn, kind: str) -> bool:
    if t.no_actions or t.acted or t.charged or not c.on_map:
        return False
    if t.max_attacks is not None and t.attacks_made >= t.max_attacks:
        return False
    if c.traits.slow_attack in ("all", kind) and t.steps > 0:
        return False
    mounted = c.traits.mounted_melee and kind == "melee" and t.moved <= 2 * t.speed
    if t.moved > t.speed and not mounted:
        return False
    if t.attacks_made == 0:
        return True
    if t.attack_kind != kind or t.moved_after_attack:
        return False
    if t.steps == 0:
        return True
    return c.traits.sidestep and t.steps == 1 and t.moved_before_attack


def turn_actions(state: DdmState) -> list[Action]:
    c = turn_creature(state)
    t = state.turn
    assert t is not None
    acts: list[Action] = []
    if not t.no_actions and c.on_map:
        acts.extend(movement.move_actions(state, c, t))
        acts.extend(attacks.attack_actions(state, c, t))
        acts.extend(charging.charge_actions(state, c, t))
        acts.extend(spells.cast_actions(state, c, t))
        acts.extend(spells.ability_actions(state, c, t))
        acts.extend(terrain.teleport_actions(state, c, t))
    acts.append(EndTurn())
    return acts


def apply_turn_action(state: DdmState, action: Action) -> None:
    c = turn_creature(state)
    t = state.turn
    assert t is not None
    if isinstance(action, EndTurn):
        end_turn(state)
        return
    if t.no_actions:
        raise IllegalAction(f"{c.id} can take no actions this turn")
    if isinstance(action, Move):
        movement.apply_move(state, c, t, action)
    elif isinstance(action, Attack):
        attacks.apply_attack(state, c, t, action)
    elif isinstance(action, Charge):
        charging.apply_charge(state, c, t, action)
    elif isinstance(action, Cast):
        spells.apply_cast(state, c, t, action)
    elif isinstance(action, UseAbility):
        spells.apply_ability(state, c, t, action)
    elif isinstance(action, Teleport):
        terrain.apply_teleport(state, c, t, action)
    else:
        raise IllegalAction(f"unknown action {action!r}")
