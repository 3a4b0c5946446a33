"""Random playouts of DDM Guild battles between random legal warbands, with a referee's invariants checked
after every action: nobody acts after it is destroyed, no step into an enemy's square, attacks within their
range, effects gone when their duration says (a successful save ends a "save ends" effect), hit points within bounds,
no two creatures in one square; a staggered or confused creature makes only basic attacks, no charge and uses no
champion power, and a confused one no special power (profile ddm-guild.staggered, ddm-guild.confused)."""

from __future__ import annotations

import random

import pytest

from simulate.engine.ai import RandomPolicy
from simulate.engine.dice import SeededDice
from simulate.engine.game import Action
from simulate.games.ddm_guild import (
    GuildAttack,
    GuildCharge,
    GuildGame,
    GuildMove,
    GuildMoveAttack,
    GuildShift,
    GuildState,
)
from simulate.games.ddm_guild_ai import GuildHeuristicPolicy
from simulate.games.ddm_guild_board import gap
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.guild import GUILD_DATA, guild_document, random_legal_warband
from tests.validation.helpers import catalogue_from_files, check

GAME = GuildGame()
ACTORS = ("move", "shift", "charge", "power")


class Tracked:
    """An effect as the log announced it, its turn clock counted down by the log's end-turn events."""

    def __init__(self, creature: str, duration: str, clock_of: str, clock: int) -> None:
        self.creature, self.duration, self.clock_of, self.clock = creature, duration, clock_of, clock

    def __repr__(self) -> str:
        return f"{self.creature}:{self.duration}/{self.clock_of}:{self.clock}"


class Referee:
    """Reads the event log as it grows and checks the state after each action."""

    def __init__(self, state: GuildState) -> None:
        self.state = state
        self.enemy_squares: set[tuple[int, int]] = set()
        self.mover: Fighter | None = None
        self.seen = 0
        self.gone: set[str] = set()
        self.effects: dict[int, Tracked] = {}
        self.restricted: set[str] = set()
        self.under = False

    def before(self, action: Action) -> None:
        s = self.state
        b = s.b
        f = b.active
        if isinstance(action, GuildAttack) and f is not None and len(action.targets) == 1:
            p = s._power(f, action.power)
            t = b.by_id[action.targets[0]]
            if p.attack is not None and p.attack.form == "melee":
                assert 1 <= b.gap(f, t) <= max(f.reach_of(p), 1), f"{f.id} melee beyond its reach"
            elif p.attack is not None and p.attack.form == "ranged" and p.attack.range:
                assert b.gap(f, t) <= p.attack.range, f"{f.id} shoots beyond range {p.attack.range}"
        self.restricted = {x.id for x in b.fighters if x.basic_only()}
        if f is not None and f.basic_only():
            assert not isinstance(action, GuildCharge), f"{f.id} charged while staggered or confused"
            if isinstance(action, GuildAttack):
                p = s._power(f, action.power)
                assert p.is_basic or (p.action or "attack") != "attack", f"{f.id} used {p.name} while restricted"
        if isinstance(action, (GuildMove, GuildShift, GuildCharge, GuildMoveAttack)) and f is not None:
            # Towering moves into the squares of Medium or smaller enemies (profile ddm-guild.towering), Stomp into
            # Large or smaller ones
            self.enemy_squares = {sq for e in b.enemies_of(f) for sq in e.space() if e.side > f.over_squares}
            self.mover = f
            # a burrower passes under enemies on any move but a charge (ddm-guild.burrow)
            self.under = f.burrowing() and not isinstance(action, GuildCharge)

    def after(self, action: Action) -> None:
        s = self.state
        b = s.b
        events = s.log.events[self.seen:]
        self.seen = len(s.log.events)
        saved: list[tuple[int, bool]] = []
        for e in events:
            d = e.data
            who = d.get("creature") if e.kind in ACTORS else d.get("attacker") if e.kind == "attack" else None
            if who is not None:
                assert who not in self.gone, f"{who} acted ({e.kind}) after it was destroyed"
            if e.kind == "destroyed":
                self.gone.add(str(d["creature"]))
            if e.kind == "power" and d["creature"] in self.restricted and b.by_id[str(d["creature"])].basic_only():
                user = b.by_id[str(d["creature"])]
                kinds = {p.ptype for p in user.powers if p.name == d["power"]}
                assert "champion" not in kinds, f"{user.id} used a champion power while staggered or confused"
                assert not (user.has("confused") and kinds == {"special"}), f"{user.id} used a special power confused"
            path = d.get("path")
            mover = self.mover
            if e.kind in ("move", "charge") and isinstance(path, list) and mover is not None \
                    and not mover.phasing and not mover.through_enemies and not self.under:
                for anchor in path:
                    for i in range(mover.side):
                        for j in range(mover.side):
                            assert (int(anchor[0]) + i, int(anchor[1]) + j) not in self.enemy_squares, \
                                f"{d['creature']} moved through an enemy at {anchor}"
            if e.kind == "effect":
                self.effects[int(str(d["eid"]))] = Tracked(str(d["creature"]), str(d["duration"]),
                                                           str(d["clock_of"]), int(str(d["clock"])))
            if e.kind == "effect-end":
                self.effects.pop(int(str(d["eid"])), None)
            if e.kind == "save":
                saved.append((int(str(d["eid"])), bool(d["saved"])))
            if e.kind == "destroyed":
                for eid in [k for k, v in self.effects.items() if v.creature == d["creature"]]:
                    del self.effects[eid]
            if e.kind == "round-end":
                late = [v for v in self.effects.values() if v.duration in ("end-round", "end-turn")]
                assert not late, f"effects kept past the end of the round: {late}"
            if e.kind == "end-turn":
                for v in self.effects.values():
                    if v.clock_of == d["creature"] and v.duration in ("end-next-turn", "end-turn",
                                                                      "end-next-turn-source"):
                        v.clock -= 1
                        assert v.clock >= 1, f"an effect outlived the turn its duration names: {v}"
        for eid, ok in saved:  # "save ends": a successful save ends the effect, in the log and in the state
            if ok:
                assert eid not in self.effects, f"effect {eid} still in force after a successful save"
                assert not any(x.eid == eid for f in b.fighters for x in f.effects), f"effect {eid} kept after a save"
        occupied: dict[tuple[int, int], str] = {}
        for f in b.fighters:
            assert f.hp <= f.max_hp, f"{f.id} above its starting hit points"
            if f.alive and f.on_map and f.pos is not None:
                assert f.hp > 0, f"{f.id} on the map with {f.hp} hp"
                assert s.board.fits(f.pos, f.side), f"{f.id} inside a wall"
                for sq in f.space():
                    assert sq not in occupied, f"{f.id} and {occupied[sq]} share {sq}"
                    occupied[sq] = f.id
            else:
                assert f.id not in [x.id for x in b.in_play()]
        if b.active is not None:
            assert b.active.in_play() or b.over
        assert all(gap(a.pos, a.side, c.pos, c.side) >= 1 for a in b.in_play() for c in b.in_play()
                   if a is not c and a.pos is not None and c.pos is not None)


def playout(lists: list[dict], seed: int, policies: tuple[str, str]) -> GuildState:
    state = GAME.new_initial_state(lists=lists, battle_map="guild-standin-large", dice=SeededDice(seed),
                                   params={"format": "standard-200", "max_rounds": 15})
    players = [RandomPolicy(seed, 0) if policies[0] == "random" else GuildHeuristicPolicy(seed, 0),
               RandomPolicy(seed, 1) if policies[1] == "random" else GuildHeuristicPolicy(seed, 1)]
    ref = Referee(state)
    ref.after(None)  # type: ignore[arg-type]
    for _ in range(5000):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        assert legal, "a live battle with nothing to do"
        action = players[state.current_player()].choose(state, legal)
        ref.before(action)
        state.apply(action)
        ref.after(action)
    assert state.is_terminal(), "the battle did not end"
    return state


CATALOGUE = None


def legal(names: list[str]) -> bool:
    global CATALOGUE
    if CATALOGUE is None:
        CATALOGUE = catalogue_from_files("ddm", "ddm-guild", sorted(GUILD_DATA.glob("*.json")))
    return not check(guild_document(names), CATALOGUE)["violations"]


@pytest.mark.parametrize("seed", range(9))
def test_random_playouts_between_random_legal_warbands_keep_the_rules(seed: int) -> None:
    rng = random.Random(f"guild-playout:{seed}")
    (a, a_names), (b, b_names) = random_legal_warband(rng), random_legal_warband(rng)
    assert legal(a_names) and legal(b_names)
    policies = ("random", "random") if seed % 3 == 0 else ("heuristic", "random") if seed % 3 == 1 \
        else ("heuristic", "heuristic")
    state = playout([a, b], seed, policies)
    result = state.result()
    assert result.reason in ("points-limit", "wiped-out", "round-limit")
