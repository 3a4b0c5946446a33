"""A heuristic player for DDM Guild battles (``heuristic`` for the ``ddm-guild`` game).

It builds a few candidate actions itself instead of listing every legal move (the state checks what it plays):

- **which creature**: the one that can strike hardest this turn, then the one nearest an enemy;
- **its turn**: the attack (any power, any target or area) with the best expected value from where it stands or
  from a square within its speed (a move, a charge when that is worth more, or a power that is a move and an
  attack in one action, Spring Attack), shifting a ranged creature out of reach before it shoots; a minor-action
  power when it helps (a heal for a wounded ally, a bonus while enemies are near); otherwise toward the nearest
  enemy, or its victory area when no enemy is near.

Expected value: the chance to hit (d20 against the defence, with combat advantage and the powers' modifiers)
times the damage the target would lose, plus half its cost when the hit would destroy it, plus a little for
each condition, ongoing damage or forced movement the attack carries; limited powers count a little less.
"""

from __future__ import annotations

from collections.abc import Sequence

from simulate.engine.game import Action, State
from simulate.engine.grid import Sq
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_play as P
from simulate.games.ddm_guild import (
    GuildActivate,
    GuildAttack,
    GuildCharge,
    GuildEndTurn,
    GuildMove,
    GuildPower,
    GuildShift,
    GuildState,
)
from simulate.games.ddm_guild_board import UNREACHED, Reach, gap, space_of
from simulate.games.ddm_guild_state import Battle, Fighter
from simulate.games.ddm_guild_vocab import AttackSpec, Effect, Power


class GuildHeuristicPolicy:
    name = "heuristic"

    def __init__(self, seed: int | str, player: int) -> None:
        self.player = player

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        if not isinstance(state, GuildState):
            raise TypeError("the Guild heuristic plays DDM Guild battles only")
        f = state.b.active
        if f is None:
            return self._activation(state)
        return self._turn(state, f)

    # -- which creature

    def _activation(self, s: GuildState) -> Action:
        b = s.b
        best: tuple[float, str] | None = None
        for f in s._remaining(s.phase_player):
            near = min((b.gap(f, e) for e in b.enemies_of(f)), default=99)
            reach = f.speed() + max(f.reach, 1)
            strike = 100.0 - near if near <= reach else 50.0 - near
            if f.ranged_basic() is not None:
                strike += 10.0
            key = (-strike, f.id)
            if best is None or key < (best[0], best[1]):
                best = (key[0], f.id)
        if best is None:
            return GuildActivate(s._remaining(s.phase_player)[0].id)
        return GuildActivate(best[1])

    # -- its turn

    def _turn(self, s: GuildState, f: Fighter) -> Action:
        b = s.b
        if f.attack_action:
            here = self._best_attack(s, f)
            ranged_here = here is not None and here[2] and self._is_ranged(s, f, here[1])
            if here is not None and ranged_here and f.move_action and self._adjacent_enemy(b, f):
                out = self._shift_out(s, f, here[1])
                if out is not None:
                    return GuildShift(out)
            here_v = here[0] if here is not None else 0.0
            plan: tuple[float, Action] | None = None
            if f.move_action and not f.held():
                plan = self._move_to_attack(s, f, here_v)
            spring = self._move_and_attack(s, f)
            # a move and an attack in one action (Spring Attack): worth it when its attack beats the one from here
            # and the plan's move and attack (two actions) by little enough, the move action being kept
            if spring is not None and spring[0] > here_v + 0.5 and (plan is None or spring[0] >= plan[0] - 1.0):
                return spring[1]
            if plan is not None:
                return plan[1]
            if here is not None and here[0] > 0.0:
                return here[1]
        minor = self._minor(s, f)
        if minor is not None:
            return minor
        if (f.move_action or f.attack_action) and not f.held() and f.speed() > 0:
            step = self._advance(s, f)
            if step is not None:
                return step
        recharge = s._recharge_actions(f)
        if recharge:
            return recharge[0]
        return GuildEndTurn()

    def _adjacent_enemy(self, b: Battle, f: Fighter) -> bool:
        return any(b.adjacent(f, e) for e in b.enemies_of(f))

    def _is_ranged(self, s: GuildState, f: Fighter, action: Action) -> bool:
        if not isinstance(action, GuildAttack):
            return False
        p = s._power(f, action.power)
        return p.attack is not None and p.attack.form != "melee" and p.attack.provokes

    # -- values

    def _chance(self, b: Battle, f: Fighter, p: Power, a: AttackSpec, t: Fighter, charge: bool) -> float:
        if a.auto_hit:
            return 1.0
        bonus = P.attack_rating(b, f, t, a) + J._stat_mods(b, f, "attack", t, a, p, charge, False)
        if J.has_combat_advantage(b, f, t, a.form == "melee"):
            bonus += 2
        if charge:
            bonus += 1
        need = J.defence(b, t, a.defence or "ac", f, a, p, False) - bonus
        chance = (21 - need) / 20.0
        conceal = t.conceal_now()
        if conceal and not f.sees_all():
            chance *= max(0.0, (21 - conceal) / 20.0)
        return min(0.95, max(0.05, chance))

    def _damage(self, b: Battle, f: Fighter, p: Power, a: AttackSpec, t: Fighter, charge: bool) -> float:
        dmg = 0
        for e in P.gated_hit(b, f, t, a):
            if e.kind == "damage" and e.who == "target":
                if e.what and any(x in t.immune for x in e.what.split("/")):
                    continue
                dmg += e.amount
        if dmg:
            dmg += J._stat_mods(b, f, "damage", t, a, p, charge, False)
        if f.has("weakened"):
            dmg //= 2
        if t.is_insubstantial():
            dmg //= 2
        dmg -= t.resist.get("all", 0)
        return float(max(dmg, 0))

    def _value(self, b: Battle, f: Fighter, p: Power, a: AttackSpec, t: Fighter, charge: bool) -> float:
        chance = self._chance(b, f, p, a, t, charge)
        dmg = self._damage(b, f, p, a, t, charge)
        v = chance * min(dmg, float(t.hp))
        if dmg >= t.hp:
            v += chance * t.card.cost * 0.5
        riders = sum(1 for e in P.gated_hit(b, f, t, a) if e.kind in ("condition", "ongoing", "push", "pull", "slide"))
        v += chance * 3.0 * riders
        v += 0.3 * sum(e.amount for e in a.miss if e.kind == "damage")
        return v

    def _attack_value(self, s: GuildState, f: Fighter, action: GuildAttack) -> float:
        b = s.b
        p = s._power(f, action.power)
        scale = 0.85 if (p.uses or p.ptype == "champion") else 1.0
        if p.attacks_made:
            basic = s._made_power(f, p)
            if basic is None or basic.attack is None:
                return 0.0
            total = 0.0
            for tid in action.targets:
                total += self._value(b, f, basic, basic.attack, b.by_id[tid], False)
            return total * scale
        a = p.attack
        if a is None:
            return 0.0
        if a.form in ("melee", "ranged"):
            return self._value(b, f, p, a, b.by_id[action.targets[0]], False) * scale
        at = (action.at[0], action.at[1]) if action.at is not None else None
        total = 0.0
        for t in P.area_targets(b, f, a, at):
            v = self._value(b, f, p, a, t, False)
            total += v if t.player != f.player else -1.5 * v
        return total * scale

    def _best_attack(self, s: GuildState, f: Fighter) -> tuple[float, Action, bool] | None:
        best: tuple[float, Action, bool] | None = None
        for action in s._attack_actions(f):
            if not isinstance(action, GuildAttack):
                continue
            v = self._attack_value(s, f, action)
            if best is None or v > best[0]:
                best = (v, action, True)
        return best

    # -- moving to attack

    def _move_to_attack(self, s: GuildState, f: Fighter, here: float) -> tuple[float, Action] | None:
        """A square within Speed from which an attack is worth more than striking from here (a move, then the
        attack next decision), or a charge, with its value. Each (attack, target) is valued once; the square for
        it is the one with the fewest provocations, then the cheapest."""
        b = s.b
        if f.pos is None:
            return None
        enemies = [e for e in b.enemies_of(f) if e.pos is not None]
        if not enemies:
            return None
        options: list[tuple[float, str, int, Power, AttackSpec, Fighter]] = []
        for p in s.attack_powers(f):
            a = p.attack
            mult = 1.0
            use = p
            if a is None:
                basic = s._made_power(f, p)
                if basic is None or basic.attack is None:
                    continue
                use, a, mult = basic, basic.attack, float(p.attacks_made or 1)
            if a.form not in ("melee", "ranged"):
                continue
            scale = 0.85 if (p.uses or p.ptype == "champion") else 1.0
            for t in enemies:
                v = self._value(b, f, use, a, t, False) * mult * scale
                if v > here + 0.5:
                    options.append((v, t.id, p.index, use, a, t))
        if not options:
            charge = self._best_charge(s, f)
            return charge if charge is not None and charge[0] > here else None
        options.sort(key=lambda o: (-o[0], o[1], o[2]))
        r = P.reach(b, f, f.speed())
        ordered = _by_provocations(r)
        side = f.side
        start_x, start_y = f.pos
        best_v = here
        best_to: Sq | None = None
        for v, _tid, _pi, use, a, t in options[:12]:
            if v - 0.0 <= best_v + 0.5:
                break
            tp = t.pos
            if tp is None:
                continue
            limit = f.reach_of(use) if a.form == "melee" else (a.range or 99)
            # the gap from each anchor to the target's space (ddm_guild_board.gap), on integers
            t_lo_x, t_lo_y = tp[0] - side + 1, tp[1] - side + 1
            t_hi_x, t_hi_y = tp[0] + t.side - 1, tp[1] + t.side - 1
            for key in ordered:
                x = (key >> 12) & 0xFFF
                y = key & 0xFFF
                if x == start_x and y == start_y:
                    continue
                gx = t_lo_x - x if t_lo_x > x else (x - t_hi_x if x > t_hi_x else 0)
                gy = t_lo_y - y if t_lo_y > y else (y - t_hi_y if y > t_hi_y else 0)
                g = gx if gx > gy else gy
                if g > limit or g < 1:
                    continue
                prov = key >> 40
                if v - 4.0 * prov <= best_v + 0.5:
                    break
                anchor = (x, y)
                if self._reaches(b, f, use, a, anchor, t):
                    best_v, best_to = v - 4.0 * prov, anchor
                    break
        charge = self._best_charge(s, f)
        if charge is not None and charge[0] > best_v:
            return charge
        if best_to is not None:
            return best_v, GuildMove(best_to)
        return None

    def _move_and_attack(self, s: GuildState, f: Fighter) -> tuple[float, Action] | None:
        """The best power used as the attack action that is a move and an attack ('move up to its speed and make
        a {b} attack at any time during the move'), valued as the engine will play it: the move ``reposition``
        makes, then the attack on the target ``extra_attack`` picks from there, less the move's provocations; or
        an ally's attack ('Nearest ally makes an immediate {b} attack', ``_ally_attack_value``)."""
        b = s.b
        if f.pos is None:
            return None
        best: tuple[float, Action] | None = None
        for action in s._power_actions(f):
            if not isinstance(action, GuildPower):
                continue
            p = s._power(f, action.power)
            if p.action == "attack" and len(p.effects) == 1 and p.effects[0].kind == "attack" \
                    and p.effects[0].who != "self":
                v = self._ally_attack_value(b, f, p.effects[0])
                v *= 0.85 if (p.uses or p.ptype == "champion") else 1.0
                if v > 0.0 and (best is None or v > best[0]):
                    best = (v, action)
                continue
            if p.action != "attack" or len(p.effects) != 2 or p.effects[0].kind != "move" \
                    or p.effects[1].kind != "attack" or p.effects[0].who != "self":
                continue
            mv, at = p.effects
            use = P.extra_attack_power(f, at.what)
            if use is None or use.attack is None:
                continue
            n = mv.amount if mv.amount >= 0 else f.speed() * -mv.amount
            to = P.reposition_square(b, f, "move", n, "toward-enemy" in mv.extra)
            prov = 0
            if to is None:
                to = f.pos
            else:
                r = P.reach(b, f, n)
                prov = r.prov[to[1] * b.board.width + to[0]]
            cands = [t for t in b.enemies_of(f) if t.pos is not None and self._reaches(b, f, use, use.attack, to, t)]
            if not cands:
                continue
            t = min(cands, key=lambda x: (x.hp, x.id))
            scale = 0.85 if (p.uses or p.ptype == "champion") else 1.0
            v = self._value(b, f, use, use.attack, t, False) * max(1, at.count) * scale - 4.0 * prov
            if best is None or v > best[0]:
                best = (v, action)
        return best

    def _ally_attack_value(self, b: Battle, f: Fighter, e: Effect) -> float:
        """An attack the power has an ally make ('Nearest ally makes an immediate {b} attack'), valued as the
        engine plays it: the allies ``pick`` names, each against the enemy ``extra_attack`` picks."""
        total = 0.0
        for ally in P.pick(b, e.who, e, J.Ctx(f)):
            if "immediate" in e.extra and (not ally.can_react() or ally.immediate_used):
                continue
            use = P.extra_attack_power(ally, e.what)
            if use is None or use.attack is None:
                continue
            cands = [t for t in b.enemies_of(ally) if P.in_range(b, ally, use, use.attack, t)]
            if cands:
                t = min(cands, key=lambda x: (x.hp, x.id))
                total += self._value(b, ally, use, use.attack, t, False) * max(1, e.count)
        return total

    def _reaches(self, b: Battle, f: Fighter, p: Power, a: AttackSpec, anchor: Sq, t: Fighter) -> bool:
        tp = t.pos
        if tp is None:
            return False
        g = gap(anchor, f.side, tp, t.side)
        if a.form == "melee":
            reach = f.reach_of(p)
            if reach <= 1:
                return b.board.adjacent(anchor, f.side, tp, t.side)
            return 1 <= g <= reach and b.board.sees(anchor, f.side, tp, t.side)
        if a.range and g > a.range:
            return False
        if b.invisible_to(t, f):
            return False
        if a.nearest:
            return all(gap(anchor, f.side, e.pos, e.side) >= g for e in b.enemies_of(f) if e.pos is not None) \
                and b.board.sees(anchor, f.side, tp, t.side)
        return b.board.sees(anchor, f.side, tp, t.side)

    def _best_charge(self, s: GuildState, f: Fighter) -> tuple[float, Action] | None:
        """A charge, when the creature gains something by it (a damage bonus on a charge, or an attack usable only
        on a charge): otherwise a move and an attack reach as far and keep the move action."""
        b = s.b
        if not self._charges_well(f):
            return None
        best: tuple[float, Action] | None = None
        seen: set[tuple[str, int]] = set()
        for action in s._charge_actions(f):
            if not isinstance(action, GuildCharge):
                continue
            key = (action.target, action.power)
            if key in seen:
                continue
            seen.add(key)
            p = s._power(f, action.power)
            if p.attack is None:
                continue
            v = self._value(b, f, p, p.attack, b.by_id[action.target], True) - 0.5
            if best is None or v > best[0]:
                best = (v, action)
        return best

    @staticmethod
    def _charges_well(f: Fighter) -> bool:
        if any(flt.self_state == "charging" for _stat, _n, flt in f.static_mods):
            return True
        return any(p.attack is not None and p.attack.charge for p in f.powers)

    def _shift_out(self, s: GuildState, f: Fighter, attack: Action) -> Sq | None:
        b = s.b
        for sq in s._shift_squares(f):
            if f.pos is None:
                return None
            if not any(b.board.adjacent(sq, f.side, e.pos, e.side) for e in b.enemies_of(f) if e.pos is not None):
                return sq
        return None

    # -- minor actions and moving on

    def _minor(self, s: GuildState, f: Fighter) -> Action | None:
        b = s.b
        for action in s._power_actions(f):
            if not isinstance(action, GuildPower):
                continue
            p = s._power(f, action.power)
            if self._worth(b, f, p):
                return action
        return None

    def _worth(self, b: Battle, f: Fighter, p: Power) -> bool:
        near = min((b.gap(f, e) for e in b.enemies_of(f)), default=99)
        for e in p.effects:
            if e.kind == "heal":
                ctx = J.Ctx(f)
                return any(t.max_hp - t.hp >= max(5, e.amount // 2) for t in P.pick(b, e.who, e, ctx))
            if e.kind == "mod" and e.amount > 0:
                return near <= f.speed() + 2
            if e.kind == "place" and e.who == "self" and not e.what.startswith("adjacent:"):
                return P.best_square(b, f, P.placement_squares(b, f, e), False) is not None
            if e.kind in ("damage", "condition", "ongoing") and e.who in ("enemies", "chosen-enemy", "all"):
                return any(t.player != f.player for t in P.pick(b, e.who, e, J.Ctx(f)))
        return False

    def _advance(self, s: GuildState, f: Fighter) -> Action | None:
        """Toward the nearest enemy, or the nearest own victory area when no enemy is within two moves."""
        b = s.b
        if f.pos is None:
            return None
        enemies = [e for e in b.enemies_of(f) if e.pos is not None]
        if not enemies:
            return None
        goal: set[Sq] = set()
        near = min(b.gap(f, e) for e in enemies)
        if near > 2 * f.speed() + 2:
            for area in s.map.grid.areas("victory"):
                if area.letter in (b.letters[f.player], ""):
                    goal.update(area.cells)
        if not goal:
            for e in enemies:
                goal.update(e.space())
        board = b.board
        w = board.width
        field, limit = board.goal_distances(frozenset(goal), f.side, f.pos, f.speed())  # UNREACHED beyond limit
        here = field[f.pos[1] * w + f.pos[0]]
        if here > limit:
            here = UNREACHED
        ranged = f.ranged_basic() is not None and f.melee_basic() is None
        if here == 0 or (ranged and near <= 8 and self._best_attack(s, f) is not None):
            return None
        r = P.reach(b, f, f.speed())
        sqs = board.squares
        cost, prov = r.cost, r.prov
        side = f.side
        best = -1
        for i in r.stops:
            x, y = sqs[i]
            if ranged and any(gap((x, y), side, e.pos, e.side) <= 1 for e in enemies if e.pos is not None):
                continue
            # (distance + 3 × provocations, cost, anchor) in one integer, the anchor as (x, y)
            d = field[i]
            if d > limit:
                d = UNREACHED
            key = ((d + 3 * prov[i]) << 40) | (cost[i] << 24) | (x << 12) | y
            if best < 0 or key < best:
                best = key
        if best < 0:
            return None
        to = ((best >> 12) & 0xFFF, best & 0xFFF)
        if to == f.pos or best >> 40 >= here:
            return None
        return GuildMove(to)


def _by_provocations(r: Reach) -> list[int]:
    """The anchors a creature may stop on, fewest provocations first, then the cheapest, then by (x, y): each
    as one integer (provocations << 40 | cost << 24 | x << 12 | y), so the order is a sort of integers."""
    sqs = r.board.squares
    cost, prov = r.cost, r.prov
    out = []
    for i in r.stops:
        x, y = sqs[i]
        out.append((prov[i] << 40) | (cost[i] << 24) | (x << 12) | y)
    out.sort()
    return out


def in_victory_area(s: GuildState, f: Fighter) -> bool:
    cells: set[Sq] = set()
    for a in s.map.grid.areas("victory"):
        if a.letter in (s.b.letters[f.player], ""):
            cells.update(a.cells)
    return f.pos is not None and any(sq in cells for sq in space_of(f.pos, f.side))
