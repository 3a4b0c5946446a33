"""Setup and deployment (``ddm.md`` §5): the battle-map and setup initiative rolls, who deploys first and in
which start area, and each creature's deployment (§5.1 areas, §5.2 procedure, §5.3 Scout, Cave Setup, Wandering
Monster; the 2006 errata's overflow), with Requires declared at setup (glossary *Requires*)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulate.engine.game import Action, IllegalAction
from simulate.engine.grid import Sq, grid_distance
from simulate.games import ddm_command as command
from simulate.games import ddm_movement as movement
from simulate.games import ddm_turns as turns
from simulate.games.ddm_actions import ChooseDeployFirst, ChooseMap, ChooseStartArea, Deploy
from simulate.games.ddm_cards import norm
from simulate.games.ddm_model import Creature

if TYPE_CHECKING:
    from simulate.games.ddm import DdmState


def begin(state: DdmState) -> None:
    state.event("setup", {
        "round": state.round, "maps": [m.slug for m in state.maps], "scenario": state.params.scenario,
        "vp_target": state.params.vp_target, "creatures": {c.id: c.card.name for c in state.creatures.values()},
    })
    for c in state.creatures.values():
        declare_requirement(state, c)
    if len(state.maps) > 1:
        winner = initiative(state, "map-initiative", active_only=False)
        state.stage, state.decider = "map", winner
    else:
        setup_initiative(state)


def declare_requirement(state: DdmState, c: Creature) -> None:
    """Requires CREATURE: at setup declare which creature fulfils it (glossary *Requires*)."""
    if not c.card.requires and not c.traits.requires_commander:
        return  # most creatures require nothing: no name to read
    wanted = norm(c.card.requires)
    if not wanted and not c.traits.requires_commander:
        return
    candidates = [o for o in state.creatures.values() if o.player == c.player and o.id != c.id]
    if c.traits.requires_commander or wanted in ("commander", "commander ally"):
        chosen = sorted((o for o in candidates if o.is_commander), key=lambda o: (-(o.rating or 0), o.id))
    else:
        chosen = [o for o in candidates if wanted in (norm(o.card.name), norm(o.card.slug))
                  or wanted in {norm(x) for x in (o.card.creature_type, *o.card.subtypes)}
                  or wanted.rstrip("s") in {norm(x) for x in (o.card.creature_type, *o.card.subtypes)}]
    if chosen:
        c.requires = chosen[0].id
        state.event("requires", {"round": state.round, "creature": c.id, "required": chosen[0].id})


def best_rating(state: DdmState, player: int, active_only: bool) -> int | None:
    best: int | None = None
    for c in state.creatures.values():
        if c.player != player or c.rating is None or c.place == "eliminated":
            continue
        if active_only and (not c.on_map or not command.can_command_at_all(state, c)):
            continue
        r = c.rating
        if c.traits.improved_initiative is not None:
            r = max(r, c.traits.improved_initiative)
        best = r if best is None else max(best, r)
    return best


def initiative(state: DdmState, purpose: str, active_only: bool = True) -> int:
    """1d20 + best (active) commander rating; ties: higher rating, then reroll (§5.2, §6.1)."""
    plain = state.params.scenario == "first-battle"
    while True:
        if plain:
            r0 = r1 = 0
        else:
            r0, r1 = best_rating(state, 0, active_only) or 0, best_rating(state, 1, active_only) or 0
        ratings = [r0, r1]
        roll0 = state.d20(purpose)
        roll1 = state.d20(purpose)
        rolls = [roll0, roll1]
        totals = [roll0 + r0, roll1 + r1]
        winner = None
        if totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
        elif ratings[0] != ratings[1]:
            winner = 0 if ratings[0] > ratings[1] else 1
        state.event(purpose, {
            "round": state.round, "rolls": rolls, "ratings": ratings, "totals": totals, "winner": winner,
        })
        if winner is not None:
            return winner


def setup_initiative(state: DdmState) -> None:
    winner = initiative(state, "setup-initiative", active_only=False)
    if state.params.scenario == "first-battle":
        set_deploy_first(state, winner)  # the higher roller places first (ddm-basic §1.1)
        return
    state.stage, state.decider = "deploy-first", winner


def apply_choose_map(state: DdmState, a: ChooseMap) -> None:
    if state.stage != "map" or not 0 <= a.index < len(state.maps):
        raise IllegalAction("no map choice now")
    state.map = state.maps[a.index]
    state.event("map", {"round": state.round, "player": state.decider, "map": state.map.slug})
    setup_initiative(state)


def apply_deploy_first(state: DdmState, a: ChooseDeployFirst) -> None:
    if state.stage != "deploy-first" or a.player not in (0, 1):
        raise IllegalAction("not choosing who deploys first")
    set_deploy_first(state, a.player)


def set_deploy_first(state: DdmState, player: int) -> None:
    a = ChooseDeployFirst(player)
    state.deploy_order = [a.player, 1 - a.player]
    state.event("deploy-first", {"round": state.round, "player": a.player})
    state.stage, state.decider = "start-area", a.player


def apply_start_area(state: DdmState, a: ChooseStartArea) -> None:
    letters = state.map.letters[:2]
    if state.stage != "start-area" or a.letter not in letters:
        raise IllegalAction(f"start area must be one of {letters}")
    first, second = state.deploy_order
    state.players[first].letter = a.letter
    state.players[second].letter = next(x for x in letters if x != a.letter)
    state.event("start-area", {
        "round": state.round, "player": first, "letter": a.letter, "other": state.players[second].letter,
    })
    state.stage = "deploy"
    state.deploying = 0
    advance_deploy(state)


def next_to_deploy(state: DdmState) -> Creature | None:
    player = state.deploy_order[state.deploying]
    for c in state.creatures.values():
        if c.player == player and c.place == "undeployed":
            return c
    return None


def advance_deploy(state: DdmState) -> None:
    while True:
        nxt = next_to_deploy(state)
        if nxt is not None:
            state.decider = nxt.player
            if nxt.traits.wandering_monster and f"wander:{nxt.id}" not in nxt.uses:
                areas = state.map.grid.areas("victory")
                if areas:
                    pick = state.dice.roll(len(areas), "wandering-monster") - 1
                    nxt.uses[f"wander:{nxt.id}"] = pick
                    state.event("wandering-monster", {"round": state.round, "creature": nxt.id, "area": pick})
            return
        if state.deploying == 0:
            state.deploying = 1
            continue
        turns.start_round(state)
        return


def deploy_squares(state: DdmState, c: Creature) -> list[Sq]:
    """Where ``c`` may deploy now. The last answer is kept until someone is placed: a player choosing a square and
    the deployment then checked ask the same."""
    key = (c.id, state.moves, state.roster_version)
    memo = state.deploy_memo
    if memo is not None and memo[0] == key:
        return list(memo[1])
    squares = _kept_deploy_squares(state, c)
    state.deploy_memo = (key, squares)
    return list(squares)


def _kept_deploy_squares(state: DdmState, c: Creature) -> list[Sq]:
    """:func:`_deploy_squares`, kept per map across battles by all it reads: the start area's letter, the space's
    size, the traits that deploy elsewhere (and a Wandering Monster's area), and which squares are taken. A
    matchup's battles deploy the same creatures in the same order, battle after battle."""
    occ = state.occupancy()
    wander = c.uses.get(f"wander:{c.id}") if c.traits.wandering_monster else None
    key = (state.players[c.player].letter, c.size, c.traits.wandering_monster, c.traits.scout, c.traits.cave_setup,
           wander, frozenset(occ))
    table: dict[tuple[object, ...], list[Sq]] = state.map.table("deploy-squares")
    hit = table.get(key)
    if hit is None:
        hit = _deploy_squares(state, c)
        if len(table) >= 10_000:  # bounded: a worker's memory stays flat
            table.clear()
        table[key] = hit
    return hit


def _deploy_squares(state: DdmState, c: Creature) -> list[Sq]:
    grid = state.map.grid
    occ = state.occupancy()
    letter = state.players[c.player].letter
    start = state.map.start_squares(letter)
    allowed_sets: list[frozenset[Sq]] = [start]
    if c.traits.wandering_monster and f"wander:{c.id}" in c.uses:
        areas = grid.areas("victory")
        allowed_sets = [frozenset(areas[c.uses[f"wander:{c.id}"]].cells)]
    elif c.traits.scout or c.traits.cave_setup:
        for va in grid.areas("victory"):
            cells: frozenset[Sq] = frozenset(va.cells)
            cave = c.traits.cave_setup and "cave" in {k.lower() for k in va.keywords}
            if cave or (c.traits.scout and not any(s in occ for s in cells)):
                allowed_sets.append(cells)

    # where its space may stand whoever is there: on the map, clear of walls, pits and statues (kept per map)
    endable = movement.endable_flags(state, c.size)
    w, h = grid.width, grid.height

    def ok(anchor: Sq, area: frozenset[Sq] | None) -> bool:
        if not (0 <= anchor[0] < w and 0 <= anchor[1] < h) or not endable[anchor[1] * w + anchor[0]]:
            return False
        return all(s not in occ and (area is None or s in area) for s in c.squares(anchor))

    out: set[Sq] = set()
    for allowed in allowed_sets:
        for s in allowed:
            if ok(s, allowed):
                out.add(s)
    if not out:  # errata 2006: too little room, place as close as possible
        candidates = [s for s in grid.cells() if ok(s, None)]
        if candidates:
            best = min(min(grid_distance(s, t) for t in start) for s in candidates) if start else 0
            out = {s for s in candidates if not start or min(grid_distance(s, t) for t in start) == best}
    return sorted(out)


def deploy_actions(state: DdmState) -> list[Action]:
    c = next_to_deploy(state)
    if c is None:
        return []
    return [Deploy(c.id, x, y) for x, y in deploy_squares(state, c)]


def apply_deploy(state: DdmState, a: Deploy) -> None:
    c = state.c(a.creature)
    nxt = next_to_deploy(state) if state.stage == "deploy" else None
    if nxt is None or nxt.id != c.id:
        raise IllegalAction(f"{a.creature} is not the next creature to deploy")
    if (a.x, a.y) not in deploy_squares(state, c):
        raise IllegalAction(f"{a.creature} cannot deploy at ({a.x}, {a.y})")
    state.put(c, (a.x, a.y))
    c.place = "map"
    state.roster_version += 1
    state.event("deploy", {"round": state.round, "creature": c.id, "x": a.x, "y": a.y})
    advance_deploy(state)
