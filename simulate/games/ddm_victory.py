"""Victory (``ddm.md`` §15): victory areas at the end of each round, the VP target, the stalemate and the
round cap with their tie-breaks (§15.1, Q19, Q20), and elimination's bookkeeping (§15.2: VP, Requires, Battlefield
Promotion, Cowardly, a side wiped out)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from simulate.engine.events import JSONValue
from simulate.engine.game import Result
from simulate.engine.grid import grid_distance
from simulate.games import ddm_morale as morale
from simulate.games import ddm_turns as turns
from simulate.games.ddm_model import Creature

if TYPE_CHECKING:
    from simulate.games.ddm import DdmState


def end_round(state: DdmState) -> None:
    area_vp = state.params.area_vp
    scored = []
    if state.params.scenario == "assault":
        for pl in state.players:
            areas = state.map.victory_areas(pl.letter)
            cells = set().union(*(a.cells for a in areas)) if areas else set()
            holder = next((c for c in state.on_map(pl.index) if any(s in cells for s in c.squares())), None)
            if holder is not None:
                holder.points_earned += area_vp  # the first creature standing in one (list order)
                pl.vp += area_vp
                scored.append(pl.index)
                state.event("vp", {
                    "round": state.round, "player": pl.index, "amount": area_vp, "reason": "victory-area",
                    "total": pl.vp,
                })
    state.quiet_rounds = 0 if state.fighting_this_round else state.quiet_rounds + 1
    state.event("round-end", {
        "round": state.round, "vp": [p.vp for p in state.players], "quiet_rounds": state.quiet_rounds,
    })
    if state.params.scenario == "assault":
        reached = [p for p in state.players if p.vp >= state.params.vp_target]
        if len(reached) == 1:
            finish(state, reached[0].index, "vp-target")
            return
        if len(reached) == 2 and reached[0].vp != reached[1].vp:  # Q20: the higher total wins
            finish(state, max(reached, key=lambda p: p.vp).index, "vp-target")
            return
    if state.quiet_rounds >= state.params.stalemate_rounds:
        tie_break(state, "stalemate")
        return
    turns.start_round(state)


def tie_break(state: DdmState, reason: str) -> None:
    """Most VP; then the creature nearest the centre; then the costlier of the nearest (§15.1, Q19)."""
    vps = [p.vp for p in state.players]
    if vps[0] != vps[1]:
        finish(state, 0 if vps[0] > vps[1] else 1, reason, tie_break="vp")
        return
    cx, cy = state.map.centre
    best: list[tuple[int, int, int]] = []  # (distance, -cost, player)
    for c in state.on_map():
        d = min(grid_distance((2 * x + 1, 2 * y + 1), (cx, cy)) for x, y in c.squares())
        best.append((d, -c.value, c.player))
    if not best:
        finish(state, None, reason, tie_break="none")
        return
    nearest = min(b[0] for b in best)
    players_near = {b[2] for b in best if b[0] == nearest}
    if len(players_near) == 1:
        finish(state, players_near.pop(), reason, tie_break="nearest-centre")
        return
    top = min(b[1] for b in best if b[0] == nearest)
    owners = {b[2] for b in best if b[0] == nearest and b[1] == top}
    if len(owners) == 1:
        finish(state, owners.pop(), reason, tie_break="costliest-nearest")
    else:
        finish(state, None, reason, tie_break="draw")


def finish(state: DdmState, winner: int | None, reason: str, tie_break: str = "") -> None:
    if state.stage == "over":
        return
    state.stage = "over"
    state.turn = None
    per_creature: dict[str, JSONValue] = {
        c.id: {
            "name": c.card.name, "player": c.player, "value": c.value, "hp": max(c.hp, 0),
            "survived": c.place == "map", "eliminated_round": c.eliminated_round, "how": c.eliminated_how,
            "damage_dealt": c.damage_dealt, "damage_taken": c.damage_taken, "kills": c.kills,
            "points_earned": c.points_earned,
        }
        for c in state.creatures.values()
    }
    details: dict[str, JSONValue] = {"map": state.map.slug, "per_creature": per_creature}
    if tie_break:
        details["tie_break"] = tie_break
    state.outcome = Result(
        winner=winner, reason=reason, scores=tuple(p.vp for p in state.players), rounds=state.round, details=details
    )
    state.event("game-over", {
        "round": state.round, "winner": winner, "reason": reason, "vp": [p.vp for p in state.players],
        "tie_break": tie_break,
    })


def award(state: DdmState, player: int, amount: int, reason: str, creature: str = "") -> None:
    if amount <= 0 or state.stage == "over":
        return
    pl = state.players[player]
    pl.vp += amount
    state.event("vp", {
        "round": state.round, "player": player, "amount": amount, "reason": reason, "creature": creature,
        "total": pl.vp,
    })
    if state.params.scenario == "assault" and pl.vp >= state.params.vp_target:
        finish(state, player, "vp-target")


def eliminate(state: DdmState, c: Creature, how: str, by: Creature | None) -> None:
    if c.place != "map":
        return
    c.place = "eliminated"
    state.roster_version += 1
    state.put(c, None)
    c.activations_left = 0
    c.eliminated_round = state.round
    c.eliminated_how = how
    state.event("eliminated", {
        "round": state.round, "creature": c.id, "how": how, "by": by.id if by else None, "value": c.value,
    })
    if by is not None and by.player != c.player:
        by.kills += 1
    if how == "destroyed":
        state.players[c.player].allies_destroyed += 1
    if state.params.scenario == "first-battle":
        finish(state, state.opponent(c.player), "destroyed")
        return
    if not c.traits.beneath_contempt:
        if by is not None and by.player != c.player and c.value > 0 and state.stage != "over":
            by.points_earned += c.value
        award(state, state.opponent(c.player), c.value, "eliminated", c.id)
    if state.stage == "over":
        return
    for d in list(state.creatures.values()):
        if d.requires == c.id and d.on_map:
            eliminate(state, d, "required creature eliminated", None)
    if c.is_commander and not any(k.is_commander and k.place != "eliminated" for k in state.creatures.values()
                                  if k.player == c.player):
        for k in sorted(state.on_map(c.player), key=lambda x: x.id):
            if k.traits.battlefield_promotion and not k.promoted:
                k.rating, k.promoted = 1, True
                state.event("promotion", {"round": state.round, "creature": k.id, "rating": 1})
                break
    if how == "destroyed":
        for k in state.on_map(c.player):
            if k.traits.cowardly and not k.routing and not any(
                a.active and state.space_distance(a, k) <= 6 for a in state.allies_of(k)
            ):
                state.event("cowardly", {"round": state.round, "creature": k.id})
                morale.rout(state, k, None)
    check_wiped_out(state)


def check_wiped_out(state: DdmState) -> None:
    if state.stage == "over" or not state.params.end_when_wiped_out:
        return
    alive = [any(c.place != "eliminated" for c in state.creatures.values() if c.player == p) for p in (0, 1)]
    if alive[0] and alive[1]:
        return
    if not alive[0] and not alive[1]:
        vps = [p.vp for p in state.players]
        finish(state, None if vps[0] == vps[1] else (0 if vps[0] > vps[1] else 1), "wiped-out")
    else:
        finish(state, 0 if alive[0] else 1, "wiped-out")
