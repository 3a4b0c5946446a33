"""A referee for D&D Miniatures battles: after every action, it reads the new events and checks what an expert
checks, with its own bookkeeping (where each creature stands, its hit points, who has routed) and the board's
geometry, not the rules module's answers.

- nobody acts after routing or being eliminated in its own turn (§11.6), and a turn in progress is a creature's
  that may still act;
- every step is to a neighbouring square, never through a wall (thin walls, corners: §7.2, §14), into a pit
  (§7.4) or through an enemy (§7.3), unless the creature flies, burrows or is incorporeal (§7.6); a Large space
  fits or squeezes (§7.5);
- a charge moves at least 2 squares, at an enemy it sees, over a clear path: nothing that slows, blocks or holds a
  creature overlaps the area swept between its start and end spaces (§8.7, Q16);
- melee attacks reach (adjacent, or Melee Reach in sight), ranged attacks and ranged spells see their target, in
  range, at the nearest enemy plainly in sight, and never from an enemy's threatened area (§8.3, §8.9, §12.1);
- a morale save follows exactly the first time a creature drops below half its hit points (unless it is already
  routing), and nowhere else but rallies, Turn Undead and the like; a rout follows a failed morale save or
  Cowardly (§8.2, §11.5, §11.6);
- every position change is an event (the referee's positions equal the state's after every action); no two
  creatures share a square; hit points stay within their bounds.
"""

from __future__ import annotations

from typing import Any

from simulate.engine.game import Action
from simulate.engine.grid import (
    Sq,
    _convex_hull,
    grid_distance,
    polygons_overlap_open,
    segment_enters_open_polygon,
    square_corners,
    square_poly,
)
from simulate.games.ddm import DdmState

SLOWING = {"difficult", "statue", "forest", "risky", "spike-stones"}


class Referee:
    def __init__(self, state: DdmState) -> None:
        self.s = state
        self.seen = 0
        self.pos: dict[str, Sq] = {}
        self.hp = {cid: c.start_hp for cid, c in state.creatures.items()}
        self.morale_done: set[str] = set()
        self.routing: set[str] = set()
        self.failed_morale: set[str] = set()
        self.turn: str | None = None
        self.out = False  # the turn's creature has routed or been eliminated
        self.burrowing = False
        self.pending_morale: str | None = None
        self.violations: list[str] = []
        self.checked = {"steps": 0, "charges": 0, "attacks": 0, "casts": 0, "morale": 0}
        self.before: dict[str, tuple[bool, bool, bool, bool, bool]] = {}

    # --- helpers ---------------------------------------------------------------------------------------

    def bad(self, what: str) -> None:
        self.violations.append(f"round {self.s.round}, action {len(self.s.history)}: {what}")

    def space(self, cid: str, anchor: Sq | None = None) -> list[Sq]:
        a = anchor if anchor is not None else self.pos[cid]
        n = self.s.creatures[cid].size
        return [(a[0] + i, a[1] + j) for j in range(n) for i in range(n)]

    def gap(self, a: str, b: str) -> int:
        return min(grid_distance(x, y) for x in self.space(a) for y in self.space(b))

    def adjacent(self, a: str, b: str) -> bool:
        grid = self.s.map.grid
        bs = self.space(b)
        return any(grid.adjacent(x, y) for x in self.space(a) for y in bs)

    def sees(self, a: str, b: str) -> bool:
        return self.s.map.grid.los(self.space(a), self.space(b))

    def enemies(self, cid: str) -> list[str]:
        me = self.s.creatures[cid].player
        return [o for o in self.pos if self.s.creatures[o].player != me]

    def active_before(self, cid: str) -> bool:
        routing, stunned, helpless, _confused, _invisible = self.before.get(cid, (False, False, False, False, False))
        return not (routing or stunned or helpless)

    def hampered(self, cid: str) -> bool:
        """An active enemy next to it, seeing it, without melee cover between them (§8.3)."""
        grid = self.s.map.grid
        for e in self.enemies(cid):
            if not self.active_before(e) or not self.adjacent(e, cid) or not self.sees(e, cid):
                continue
            if self.before.get(cid, (False,) * 5)[4] and not self.s.creatures[e].traits.blindsight:
                continue  # it cannot see an invisible creature
            pairs = [(x, y) for x in self.space(e) for y in self.space(cid) if grid.adjacent(x, y)]
            if not all(grid.melee_cover_squares(x, y) for x, y in pairs):
                return True
        return False

    def fits(self, size: int, anchor: Sq) -> bool:
        grid = self.s.map.grid
        squares = [(anchor[0] + i, anchor[1] + j) for j in range(size) for i in range(size)]
        if any(grid.is_solid(x) for x in squares):
            return False
        return not any(grid.wall_between(x, (x[0] + dx, x[1] + dy)) for x in squares for dx, dy in ((1, 0), (0, 1))
                       if (x[0] + dx, x[1] + dy) in squares)

    def squeezes(self, size: int, anchor: Sq) -> bool:
        grid = self.s.map.grid
        w = (size + 1) // 2
        for k in range(size - w + 1):
            rows = [(anchor[0] + i, anchor[1] + j) for j in range(k, k + w) for i in range(size)]
            cols = [(anchor[0] + i, anchor[1] + j) for i in range(k, k + w) for j in range(size)]
            if not any(grid.is_solid(x) for x in rows) or not any(grid.is_solid(x) for x in cols):
                return True
        return False

    # --- the checks ------------------------------------------------------------------------------------

    def before_action(self, action: Action) -> None:
        self.before = {cid: (c.routing, c.stunned, c.helpless, c.confused_dc is not None, c.invisible)
                       for cid, c in self.s.creatures.items()}

    def after_action(self, action: Action) -> None:
        events = self.s.log.events
        new = events[self.seen:]
        self.seen = len(events)
        charged = False
        previous: Any = None
        for e in new:
            d = e.data
            kind = e.kind
            if self.pending_morale is not None:
                if not (kind == "morale" and d["creature"] == self.pending_morale and d["reason"] == "half-hp"):
                    self.bad(f"{self.pending_morale} dropped below half its hit points without a morale save")
                self.pending_morale = None
            getattr(self, "on_" + kind.replace("-", "_"), lambda d, p: None)(d, previous)
            if kind == "charge":
                charged = True
            if kind == "attack" and not d["aoo"] and not charged and (previous is None or previous.kind not in (
                    "cleave", "death-strike", "arrow-catching-shield")):
                self.check_attack(d)
            previous = e
        self.consistency()

    def on_activate(self, d: dict[str, Any], _p: Any) -> None:
        self.turn, self.out, self.burrowing = d["creature"], False, False

    def on_turn_end(self, d: dict[str, Any], _p: Any) -> None:
        self.turn = None

    def acts(self, cid: str, what: str) -> None:
        if cid == self.turn and self.out:
            self.bad(f"{cid} {what} after routing or being eliminated in its own turn")

    def on_move(self, d: dict[str, Any], _p: Any) -> None:
        self.acts(d["creature"], "moves")
        self.burrowing = bool(d["burrow"])

    def on_cast(self, d: dict[str, Any], _p: Any) -> None:
        self.acts(d["creature"], "casts a spell")
        self.check_cast(d)

    def on_ability(self, d: dict[str, Any], _p: Any) -> None:
        self.acts(d["creature"], "uses an ability")

    def on_teleport(self, d: dict[str, Any], _p: Any) -> None:
        if "spell" not in d:
            self.acts(d["creature"], "teleports")
        self.pos[d["creature"]] = (d["x"], d["y"])

    def on_deploy(self, d: dict[str, Any], _p: Any) -> None:
        self.pos[d["creature"]] = (d["x"], d["y"])

    def on_push(self, d: dict[str, Any], _p: Any) -> None:
        self.pos[d["creature"]] = (d["x"], d["y"])

    def on_placed(self, d: dict[str, Any], _p: Any) -> None:
        self.pos[d["creature"]] = (d["x"], d["y"])

    def on_eliminated(self, d: dict[str, Any], _p: Any) -> None:
        cid = d["creature"]
        self.pos.pop(cid, None)
        self.routing.discard(cid)
        if cid == self.turn:
            self.out = True

    def on_rout(self, d: dict[str, Any], previous: Any) -> None:
        cid = d["creature"]
        cowardly = previous is not None and previous.kind == "cowardly" and previous.data["creature"] == cid
        if cid not in self.failed_morale and not cowardly:
            self.bad(f"{cid} routs without failing a morale save")
        self.failed_morale.discard(cid)
        self.routing.add(cid)
        if cid == self.turn:
            self.out = True

    def on_rally(self, d: dict[str, Any], _p: Any) -> None:
        self.routing.discard(d["creature"])
        self.failed_morale.discard(d["creature"])

    def on_morale(self, d: dict[str, Any], _p: Any) -> None:
        cid = d["creature"]
        self.checked["morale"] += 1
        if d["reason"] == "half-hp" and cid in self.morale_done:
            self.bad(f"{cid} makes a second half-hit-points morale save")
        self.morale_done.add(cid) if d["reason"] == "half-hp" else None
        if d["reason"] == "rally":
            if cid not in self.routing or cid != self.turn:
                self.bad(f"{cid} rallies without routing at the start of its own turn")
        elif cid in self.routing:
            self.bad(f"{cid} makes a morale save ({d['reason']}) while routing")
        if not d["success"]:
            self.failed_morale.add(cid)

    def on_damage(self, d: dict[str, Any], _p: Any) -> None:
        cid = d["target"]
        before, after = self.hp[cid], d["hp"]
        self.hp[cid] = after
        start = self.s.creatures[cid].start_hp
        below = (2 * after < start) if self.s.params.morale_threshold == "below-half" else (2 * after <= start)
        if d["amount"] > 0 and after > 0 and below and cid not in self.morale_done and cid not in self.routing:
            self.pending_morale = cid
        if before <= 0:
            self.bad(f"{cid} takes damage with no hit points left")

    def on_hp(self, d: dict[str, Any], _p: Any) -> None:
        self.hp[d["creature"]] = d["hp"]

    def on_heal(self, d: dict[str, Any], _p: Any) -> None:
        self.hp[d["creature"]] = d["hp"]

    def on_step(self, d: dict[str, Any], _p: Any) -> None:
        cid = d["creature"]
        c = self.s.creatures[cid]
        grid = self.s.map.grid
        a, b = self.pos[cid], (d["x"], d["y"])
        self.checked["steps"] += 1
        if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
            self.bad(f"{cid} jumps from {a} to {b}")
            self.pos[cid] = b
            return
        burrow = self.burrowing and cid == self.turn and not c.routing
        ghost = burrow or c.traits.incorporeal
        fly = c.traits.flight and not burrow
        old, new = self.space(cid, a), self.space(cid, b)
        dd = (b[0] - a[0], b[1] - a[1])
        if any(not grid.in_bounds(x) for x in new):
            self.bad(f"{cid} steps off the map to {b}")
        elif not ghost:
            if c.size == 1 and (grid.is_solid(b) or not grid.step_allowed(a, dd)):
                self.bad(f"{cid} steps through a wall from {a} to {b}")
            if c.size > 1:
                if not self.fits(c.size, b) and not self.squeezes(c.size, b):
                    self.bad(f"{cid} steps into a wall at {b}")
                for x in old:
                    y = (x[0] + dd[0], x[1] + dd[1])
                    if not grid.is_solid(x) and not grid.is_solid(y) and not grid.step_allowed(x, dd):
                        self.bad(f"{cid} steps past a wall's corner from {a} to {b}")
            if not fly and any(grid.has_terrain(x, "pit") for x in new if x not in old):
                self.bad(f"{cid} walks into a pit at {b}")
        confused = self.before.get(cid, (False,) * 5)[3]
        if not (fly or burrow or confused):
            for e in self.enemies(cid):
                other = self.s.creatures[e]
                if other.helpless or (c.traits.incorporeal and not other.traits.incorporeal):
                    continue
                if set(self.space(e)) & set(new):
                    self.bad(f"{cid} steps through the enemy {e} at {b}")
        self.pos[cid] = b

    def on_charge(self, d: dict[str, Any], _p: Any) -> None:
        cid, target = d["creature"], d["target"]
        self.acts(cid, "charges")
        self.checked["charges"] += 1
        c = self.s.creatures[cid]
        if d["cost"] < 2:
            self.bad(f"{cid} charges {d['cost']} square(s)")
        if target not in self.enemies(cid) or not self.sees(cid, target):
            self.bad(f"{cid} charges {target}, which it cannot see or is no enemy")
        if c.traits.stagger:
            return
        end = tuple(d["path"][-1])
        start_space = self.space(cid)
        end_space = self.space(cid, end)
        hull = _convex_hull([p for x in (*start_space, *end_space) for p in square_corners(x)])
        grid = self.s.map.grid
        through = c.traits.flight or c.traits.incorporeal
        others = {x: o for o in self.pos if o != cid for x in self.space(o)}
        xs = [p[0] for p in hull]
        ys = [p[1] for p in hull]
        for y in range(min(ys) - 1, max(ys) + 1):
            for x in range(min(xs) - 1, max(xs) + 1):
                sq = (x, y)
                if sq in start_space or not polygons_overlap_open(hull, square_poly(sq)):
                    continue
                terrain = grid.terrain_at(sq)
                if grid.is_solid(sq) and not c.traits.incorporeal:
                    self.bad(f"{cid} charges through the wall at {sq}")
                elif not through and terrain and (terrain & SLOWING or "pit" in terrain):
                    self.bad(f"{cid} charges through {sorted(terrain)} at {sq}")
                elif not through and sq in others:
                    self.bad(f"{cid} charges through {others[sq]} at {sq}")
        if not c.traits.incorporeal:
            for wa, wb in grid.edge_walls:
                p, q = grid.edge_segment(wa, wb)
                if segment_enters_open_polygon(p, q, hull):
                    self.bad(f"{cid} charges across the thin wall {wa}-{wb}")

    def check_attack(self, d: dict[str, Any]) -> None:
        att, tgt = d["attacker"], d["target"]
        self.acts(att, "attacks")
        if att not in self.pos or tgt not in self.pos:
            return
        self.checked["attacks"] += 1
        c = self.s.creatures[att]
        if tgt not in self.enemies(att) and not self.before.get(att, (False,) * 5)[3]:
            self.bad(f"{att} attacks its ally {tgt}")
        if d["type"] == "melee":
            reach = c.traits.melee_reach
            if not self.adjacent(att, tgt) and not (reach > 1 and self.gap(att, tgt) <= reach and self.sees(att, tgt)):
                self.bad(f"{att} makes a melee attack on {tgt}, out of its reach")
            return
        spec = c.card.attacks[d["attack"]]
        if not self.sees(att, tgt):
            self.bad(f"{att} shoots {tgt} without line of sight")
        if spec.max_range is not None and self.gap(att, tgt) > spec.max_range:
            self.bad(f"{att} shoots {tgt} beyond its range")
        self.check_nearest(att, tgt, "shoots")
        if self.hampered(att):
            self.bad(f"{att} shoots while an enemy threatens it")

    def check_nearest(self, att: str, tgt: str, what: str) -> None:
        if self.before.get(att, (False,) * 5)[3]:
            return  # confused: its side may differ this turn
        plain = [e for e in self.enemies(att) if not self.s.creatures[e].traits.hide
                 and not self.before.get(e, (False,) * 5)[4] and self.sees(att, e)]
        if plain and self.gap(att, tgt) > min(self.gap(att, e) for e in plain):
            self.bad(f"{att} {what} {tgt}, not the nearest enemy it sees")

    def check_cast(self, d: dict[str, Any]) -> None:
        from simulate.games.ddm_abilities import spell_effect

        cid = d["creature"]
        c = self.s.creatures[cid]
        spell = next((s for s in c.card.spells if s.name == d["spell"]), None)
        if spell is None or cid not in self.pos:
            return
        self.checked["casts"] += 1
        eff = spell_effect(spell)
        rng = eff.range
        if rng not in ("touch", "self", "personal") and self.hampered(cid):
            self.bad(f"{cid} casts {spell.name} ({rng}) while an enemy threatens it")
        target = d.get("target")
        if not target or d["aim"] or d["x"] >= 0 or target not in self.pos or target == cid:
            return
        if rng == "touch":
            reach = c.traits.melee_reach
            if not self.adjacent(cid, target) and not (reach > 1 and self.gap(cid, target) <= reach):
                self.bad(f"{cid} casts the touch spell {spell.name} on {target}, out of reach")
            return
        if not self.sees(cid, target):
            self.bad(f"{cid} casts {spell.name} on {target} without line of sight")
        if rng.startswith("range") and self.gap(cid, target) > int(rng.split()[1]):
            self.bad(f"{cid} casts {spell.name} on {target} beyond {rng}")

    def consistency(self) -> None:
        s = self.s
        taken: dict[Sq, str] = {}
        for cid, c in s.creatures.items():
            if c.on_map:
                if self.pos.get(cid) != c.anchor:
                    self.bad(f"{cid} stands at {c.anchor}, but the events put it at {self.pos.get(cid)}")
                    if c.anchor is not None:
                        self.pos[cid] = c.anchor
                if not 0 < c.hp <= c.start_hp + c.bonus_hp:
                    self.bad(f"{cid} has {c.hp} hit points")
                if self.hp[cid] != c.hp:
                    self.bad(f"{cid} has {c.hp} hit points, the events say {self.hp[cid]}")
                    self.hp[cid] = c.hp
                for x in c.squares():
                    if x in taken:
                        self.bad(f"{cid} and {taken[x]} share {x}")
                    taken[x] = cid
            elif cid in self.pos:
                self.bad(f"{cid} left the map without an event")
                del self.pos[cid]
        if s.stage == "turn" and s.turn is not None:
            c = s.creatures[s.turn.creature]
            if not c.on_map or (c.routing and s.turn.controller == c.player):
                self.bad(f"{c.id}'s turn goes on after it routed or left the map")
