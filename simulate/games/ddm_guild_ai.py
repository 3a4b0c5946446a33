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
from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games.ddm_guild import (
    GuildActivate,
    GuildAttack,
    GuildCharge,
    GuildEndTurn,
    GuildMove,
    GuildMoveAttack,
    GuildPower,
    GuildShift,
    GuildState,
)
from simulate.games.ddm_guild_board import UNREACHED, gap, space_of
from simulate.games.ddm_guild_coverage import made_on_charge
from simulate.games.ddm_guild_state import Battle, Fighter
from simulate.games.ddm_guild_vocab import AttackSpec, Effect, Power


def _repeats(p: Power, a: AttackSpec, chance: float) -> float:
    """How many times the attack is expected to land, for one that makes itself again after a hit ('make this attack
    again (maximum 2 per turn)', 'make another Five Arms attack'): each repeat needs the hit before it (at most its
    limit; 3 in all for an estimate when the card gives none)."""
    own = [e for e in a.hit if e.kind == "attack" and e.who == "self"
           and (e.what == "same" or e.what == "power:" + p.name.casefold())]
    if not own:
        return 1.0
    cap = next((x for x in own[0].extra if x.startswith(("max:", "times:"))), "")
    n = 3 if not cap else int(cap.split(":")[1]) + (1 if cap.startswith("times:") else 0)
    return sum(chance ** k for k in range(n))


class GuildHeuristicPolicy:
    name = "heuristic"

    def __init__(self, seed: int | str, player: int) -> None:
        self.player = player
        # one decision's attack values (_value), by attacker and its anchor, power, attack, target and its anchor,
        # charge: nothing changes during a decision but where a look stands the attacker (the power and attack are
        # kept with the value, so their ids name them while the decision lasts)
        self._values: dict[tuple[str, Sq | None, int, int, str, Sq | None, bool], tuple[float, Power, AttackSpec]] = {}
        # one decision's GuildState.attack_powers, by creature and where a look stands it (cleared with _values)
        self._powers: dict[tuple[str, Sq | None], list[Power]] = {}

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        if not isinstance(state, GuildState):
            raise TypeError("the Guild heuristic plays DDM Guild battles only")
        self._values.clear()
        self._powers.clear()
        f = state.b.active
        if f is None:
            return self._activation(state)
        return self._turn(state, f)

    # -- which creature

    def _activation(self, s: GuildState) -> Action:
        b = s.b
        best: tuple[float, str] | None = None
        for f in s._remaining(s.phase_player):
            near = min((b.gap(f, e) for e in b.enemies_of(f)), default=99)  # (enemies_of is kept: no list made)
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
        first = self._power_now(s, f, early=True)  # a minor action worth taking before the attack (a bonus, a heal)
        if first is not None:
            return first
        if f.attack_action:
            here = self._best_attack(s, f)
            ranged_here = here is not None and here[2] and self._is_ranged(s, f, here[1])
            if here is not None and ranged_here and self._adjacent_enemy(b, f):
                away = self._escape_power(s, f)  # a minor-action shift or teleport out of reach keeps the move
                if away is not None:
                    return away
            if here is not None and ranged_here and f.move_action and self._adjacent_enemy(b, f):
                out = self._shift_out(s, f, here[1])
                if out is not None:
                    return GuildShift(out)
            here_v = here[0] if here is not None else 0.0
            plan: tuple[float, Action] | None = None
            if f.move_action and not f.held():
                plan = self._move_to_attack(s, f, here_v)
            spring = self._move_and_attack(s, f)
            appr = self._approach_attack(s, f)  # 'moves up to its speed, then attacks': the square and the aim
            if appr is not None and (spring is None or appr[0] >= spring[0]):
                spring = appr
            # a move and an attack in one action (Spring Attack): worth it when its attack beats the one from here
            # and the plan's move and attack (two actions) by little enough, the move action being kept
            if spring is not None and spring[0] > here_v + 0.5 and (plan is None or spring[0] >= plan[0] - 1.0):
                return spring[1]
            if plan is not None:
                return plan[1]
            if here is not None and here[0] > 0.0:
                flank = self._flank_power(s, f)  # 'shift to another square adjacent to that enemy' to flank it first
                return flank if flank is not None else here[1]
            leap = self._reposition_power(s, f, to_attack=True)  # a teleport or a flight to where it can attack
            if leap is not None:
                return leap
        if f.minor_action:
            extra = self._minor_attack(s, f)  # an attack power used as a minor action ('Minor action: +8 vs. AC')
            if extra is not None:
                return extra
        minor = self._power_now(s, f, early=False)
        if minor is not None:
            return minor
        if s._move_free(f) and not f.held() and f.speed() > 0:  # (Plodding: its own move action only)
            step = self._advance(s, f)
            leap = self._reposition_power(s, f, to_attack=False, step=step)
            if leap is not None:
                return leap
            if step is not None:
                return step
        recharge = s._recharge_actions(f)
        if recharge:
            return recharge[0]
        return GuildEndTurn()

    def _attack_powers(self, s: GuildState, f: Fighter) -> list[Power]:
        key = (f.id, f.pos)
        kept = self._powers.get(key)
        if kept is None:
            kept = self._powers[key] = s.attack_powers(f)
        return kept

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
        bonus = AT.attack_rating(b, f, t, a) + J._stat_mods(b, f, "attack", t, a, p, charge, False)
        if J.has_combat_advantage(b, f, t, a.form == "melee"):
            bonus += 2
        if charge:
            bonus += 1
        need = J.defence(b, t, a.defence or "ac", f, a, p, False) - bonus
        chance = (21 - need) / 20.0
        conceal = t.conceal_vs(b.adjacent(f, t))
        if conceal and not f.sees_all():
            chance *= max(0.0, (21 - conceal) / 20.0)
        return min(0.95, max(0.05, chance))

    def _damage(self, b: Battle, f: Fighter, p: Power, a: AttackSpec, t: Fighter, charge: bool) -> float:
        dmg = 0
        for e in AT.gated_hit(b, f, t, a):
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
        key = (f.id, f.pos, id(p), id(a), t.id, t.pos, charge)
        kept = self._values.get(key)
        if kept is not None:
            return kept[0]
        v = self._valued(b, f, p, a, t, charge)
        self._values[key] = (v, p, a)
        return v

    def _valued(self, b: Battle, f: Fighter, p: Power, a: AttackSpec, t: Fighter, charge: bool) -> float:
        chance = self._chance(b, f, p, a, t, charge)
        dmg = self._damage(b, f, p, a, t, charge)
        v = chance * min(dmg, float(t.hp))
        if dmg >= t.hp:
            v += chance * t.card.cost * 0.5
        if dmg < t.hp:  # what the hit leaves on a creature it does not destroy
            v += chance * sum(_rider_value(t, e) for e in AT.gated_hit(b, f, t, a))
            v *= _repeats(p, a, chance)
        if any(e.kind == "switch" for e in a.hit):
            v += chance * _switch_value(b, f, a, t)
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
            if action.targets and any(e.kind == "attack" and "first-hit" in e.extra for e in p.effects):
                first = b.by_id[action.targets[0]]  # 'If that attack hits, ..., then make 1 {b} attack': after a hit
                total += self._chance(b, f, basic, basic.attack, first, False) * self._value(
                    b, f, basic, basic.attack, first, False)
            return total * scale
        a = p.attack
        if a is None:
            return 0.0
        if a.form in ("melee", "ranged"):
            return self._value(b, f, p, a, b.by_id[action.targets[0]], False) * scale
        at = (action.at[0], action.at[1]) if action.at is not None else None
        total = 0.0
        for t in AT.area_targets(b, f, a, at):
            v = self._value(b, f, p, a, t, False)
            total += v if t.player != f.player else -1.5 * v
        return total * scale

    def _best_attack(self, s: GuildState, f: Fighter) -> tuple[float, Action, bool] | None:
        """The best of the attacks ``_attack_actions`` (without approach) lists, in its order; a single-target
        attack's aims are valued enemy by enemy without making the actions (the best one is made at the end)."""
        b = s.b
        found = False
        best_v = 0.0
        best_action: Action | None = None
        best_power = -1
        best_target = ""
        for p in self._attack_powers(s, f):
            if p.approach:
                continue
            a = p.attack
            if a is not None and not p.attacks_made and a.targets == 1 and a.form in ("melee", "ranged") \
                    and s._power(f, p.index) is p:  # (as _power_attacks aims it and _attack_value values it)
                scale = 0.85 if (p.uses or p.ptype == "champion") else 1.0
                for e in b.enemies_of(f):
                    if AT.in_range(b, f, p, a, e):
                        v = self._value(b, f, p, a, e, False) * scale
                        if not found or v > best_v:
                            found, best_v, best_action, best_power, best_target = True, v, None, p.index, e.id
                continue
            for action in s._power_attacks(f, p):
                v = self._attack_value(s, f, action)
                if not found or v > best_v:
                    found, best_v, best_action = True, v, action
        if not found:
            return None
        if best_action is None:
            best_action = GuildAttack(best_power, (best_target,))
        return best_v, best_action, True

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
        for p in self._attack_powers(s, f):
            if p.approach:  # (its move is its own: _approach_attack)
                continue
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
            charge = self._best_charge(s, f, here)
            return charge if charge is not None and charge[0] > here else None
        options.sort(key=lambda o: (-o[0], o[1], o[2]))
        r = MV.reach(b, f, f.speed())
        ordered = r.by_provocations()
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
        charge = self._best_charge(s, f, best_v)
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
            use = AT.extra_attack_power(f, at.what)
            if use is None or use.attack is None:
                continue
            n = mv.amount if mv.amount >= 0 else f.speed() * -mv.amount
            to = MV.reposition_square(b, f, "move", n, "toward-enemy" in mv.extra)
            prov = 0
            if to is None:
                to = f.pos
            else:
                r = MV.reach(b, f, n)
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

    def _approach_attack(self, s: GuildState, f: Fighter) -> tuple[float, Action] | None:
        """The best use of a power that moves (or shifts) its creature and then attacks in one action: each anchor
        the move may end on from which the attack has a target, the attack valued from there (flanks and reach as
        they would be), less 4 for each opportunity attack the move provokes on its cheapest path."""
        b = s.b
        if f.pos is None:
            return None
        best: tuple[float, Action] | None = None
        w = b.board.width
        for p in self._attack_powers(s, f):
            if not p.approach:
                continue
            anchors = s.approach_anchors(f, p)  # (the actions of ``_approach_actions``, valued as they are found)
            if not anchors:
                continue
            prov = s.approach_reach(f, p).prov if p.approach[0].kind == "move" else None
            for to in anchors:
                cost = 4.0 * prov[to[1] * w + to[0]] if prov is not None else 0.0
                with s.standing_at(f, to):
                    for aim in s._power_attacks(f, p):
                        v = self._attack_value(s, f, aim) - cost
                        if best is None or v > best[0]:
                            best = (v, GuildMoveAttack(p.index, to, aim.targets, aim.at))
        return best

    def _ally_attack_value(self, b: Battle, f: Fighter, e: Effect) -> float:
        """An attack the power has an ally make ('Nearest ally makes an immediate {b} attack'), valued as the
        engine plays it: the allies ``pick`` names, each against the enemy ``extra_attack`` picks."""
        total = 0.0
        for ally in FX.pick(b, e.who, e, J.Ctx(f)):
            if "immediate" in e.extra and (not ally.can_react() or ally.immediate_used):
                continue
            use = AT.extra_attack_power(ally, e.what)
            if use is None or use.attack is None:
                continue
            cands = [t for t in b.enemies_of(ally) if AT.in_range(b, ally, use, use.attack, t)]
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
            return 1 <= g <= reach and b.sight_board(f).sees(anchor, f.side, tp, t.side)
        if a.range and g > a.range:
            return False
        if b.invisible_to(t, f):
            return False
        ranged = a.form == "ranged"
        if a.nearest:
            return all(gap(anchor, f.side, e.pos, e.side) >= g for e in b.enemies_of(f) if e.pos is not None) \
                and b.sight_board(f, ranged).sees(anchor, f.side, tp, t.side)
        return b.sight_board(f, ranged).sees(anchor, f.side, tp, t.side)

    def _best_charge(self, s: GuildState, f: Fighter, above: float) -> tuple[float, Action] | None:
        """A charge, when the creature gains something by it (a damage bonus on a charge, or an attack usable only
        on a charge): otherwise a move and an attack reach as far and keep the move action. None as well when no
        charge could be worth more than ``above`` (its value is its target's and power's, whatever the anchor: the
        charge's search for anchors is made only when one could be)."""
        b = s.b
        if not self._charges_well(f):
            return None
        if not f.attack_action or f.held() or f.pos is None:  # (GuildState._charge_actions: no charge at all)
            return None
        targets = [t for t in AT.nearest_enemies(b, f, sight=not f.gained("charge-unseen"))
                   if not t.gained("untargetable-charge")]  # (the charges' targets: _charge_actions)
        if not any(v > above for v in (self._charge_value(s, f, q.index, t) for q in s.charge_powers(f)
                                       for t in targets) if v is not None):
            return None
        best: tuple[float, Action] | None = None
        seen: set[tuple[str, int]] = set()
        for action in s._charge_actions(f, first=True):  # (the first anchor of each target and power: the same to it)
            if not isinstance(action, GuildCharge):
                continue
            key = (action.target, action.power)
            if key in seen:
                continue
            seen.add(key)
            v = self._charge_value(s, f, action.power, b.by_id[action.target])
            if v is None:
                continue
            if best is None or v > best[0]:
                best = (v, action)
        return best

    def _charge_value(self, s: GuildState, f: Fighter, index: int, t: Fighter) -> float | None:
        """A charge with power ``index`` against ``t`` (None: the power makes no attack)."""
        b = s.b
        p = s._power(f, index)
        use = s.charge_use(f, p)  # ('(only on charge) Make 2 {b} attacks': the melee basic attack, twice)
        if use.attack is None:
            return None
        times = p.attacks_made if use is not p else 1
        v = self._value(b, f, use, use.attack, t, True) * times - 0.5
        mb = f.melee_basic()  # 'Use only on charge; make 1 extra {b} attack against target of that charge'
        if mb is not None and mb.attack is not None:
            v += sum(self._value(b, f, mb, mb.attack, t, False) for q in f.powers
                     if any("charge-extra" in e.extra for e in q.effects) and f.uses_left(q))
        return v

    @staticmethod
    def _charges_well(f: Fighter) -> bool:
        if any(flt.self_state == "charging" for _stat, _n, flt in f.static_mods):
            return True
        return any((p.attack is not None and p.attack.charge) or made_on_charge(p)
                   or any("charge-extra" in e.extra for e in p.effects) for p in f.powers)

    def _shift_out(self, s: GuildState, f: Fighter, attack: Action) -> Sq | None:
        b = s.b
        for sq in s._shift_squares(f):
            if f.pos is None:
                return None
            if not any(b.board.adjacent(sq, f.side, e.pos, e.side) for e in b.enemies_of(f) if e.pos is not None):
                return sq
        return None

    # -- action powers and moving on
    # A power used as an action that is not an attack ("Minor action: 1 ally within 5 squares heals 15 HP", "Replaces
    # move action: +4 attack and +5 damage on its next {r} attack this turn", "Move action: move up to its speed with
    # Flight") is used when what it does would change something now: a heal reaches a wounded creature, a bonus or
    # a defence comes while an enemy is within reach of a move, a harm or a cleanse finds its creature, an attack it
    # makes has a target. A minor action is taken before the attack (a bonus counts on it); a move action only while
    # the move is not needed (an attack from where it stands) or is left after the attack; an attack action only
    # when no attack is worth making. A power that moves the creature itself is weighed against its move
    # (``_reposition_power``).

    def _power_now(self, s: GuildState, f: Fighter, early: bool) -> Action | None:
        b = s.b
        if early and f.dazed_like():
            return None  # one action this turn: the attack first
        attack_here: bool | None = None
        chosen: dict[int, int] = {}
        for action in s._power_actions(f):
            if not isinstance(action, GuildPower):
                continue
            p = s._power(f, action.power)
            if action.option >= 0:  # a menu: only the option it values most, of those worth using now
                if p.index not in chosen:
                    chosen[p.index] = self._menu_choice(b, f, p, before_attack=bool(f.attack_action))
                if action.option != chosen[p.index]:
                    continue
                p = FX.with_option(p, action.option)
            if _moves_itself(p):
                continue  # weighed against its move (_reposition_power)
            if p.action == "free" and not (p.uses or p.per):
                continue  # an unlimited free action: once would not stop it
            if early and p.action not in ("minor", "free"):
                if p.action != "move" or not f.attack_action or not f.move_action:
                    continue
                if attack_here is None:
                    attack_here = self._attack_in_reach(s, f)
                if not attack_here:
                    continue  # its move is needed to reach an attack
            if p.action == "move" and not f.move_action and f.attack_action:
                continue  # it would spend the attack action
            if self._worth(b, f, p, before_attack=bool(f.attack_action)):
                return action
        return None

    def _menu_choice(self, b: Battle, f: Fighter, p: Power, before_attack: bool) -> int:
        """The option of the power's menu to take: of those that would change something now (``_worth``), the one
        worth most (``ddm_guild_apply.option_value``, as the engine values a triggered power's menu); -1 for none."""
        ctx = J.Ctx(f)
        for e in p.effects:
            if e.kind == "choose":  # ('1 ally adjacent to it heals 5 HP, or 1 condition on that ally ends')
                found = FX.pick(b, e.who, e, ctx)
                if not found:
                    return -1
                if e.who == "chosen-ally":
                    ctx.ally = found[0]
                else:
                    ctx.target = found[0]
            elif e.kind == "menu":
                best, best_v = -1, 0.0
                for i, option in enumerate(e.options):
                    if not self._worth(b, f, FX.with_option(p, i), before_attack):
                        continue
                    v = FX.option_value(b, option, ctx)
                    if best < 0 or v > best_v:
                        best, best_v = i, v
                return best
        return -1

    def _minor_attack(self, s: GuildState, f: Fighter) -> Action | None:
        """The best attack a minor-action attack power makes from where it stands, when it is worth anything."""
        best: tuple[float, Action] | None = None
        for p in self._attack_powers(s, f):  # (the minor-action powers' aims only: those of ``_attack_actions``)
            if p.approach or s._power(f, p.index).action != "minor":
                continue
            for action in s._power_attacks(f, p):
                v = self._attack_value(s, f, action)
                if v > 0.0 and (best is None or v > best[0]):
                    best = (v, action)
        return best[1] if best is not None else None

    def _attack_in_reach(self, s: GuildState, f: Fighter) -> bool:
        """Some attack of its own is worth making from where it stands (its move is not needed for it)."""
        here = self._best_attack(s, f)
        return here is not None and here[0] > 0.0

    def _worth(self, b: Battle, f: Fighter, p: Power, before_attack: bool = True) -> bool:
        """What the power does would change something now, and nothing it costs is too dear (see above)."""
        near = min((b.gap(f, e) for e in b.enemies_of(f)), default=99)
        ctx = J.Ctx(f)
        good = False
        for e in p.effects:
            if e.kind == "choose" and e.who == "square":  # 'choose a square in line of sight' (for smoke)
                uses = [x for x in p.effects if x.kind == "terrain" and x.who == "square"]
                ctx.square = FX.choose_square(b, ctx, uses, e.amount)
                if ctx.square is None:
                    return False
                continue
            if e.kind == "choose":  # the clauses after it reach the creature chosen
                found = FX.pick(b, e.who, e, ctx)
                if not found:
                    return False
                if e.who == "chosen-ally":
                    ctx.ally = found[0]
                else:
                    ctx.target = found[0]
                continue
            who = FX.pick(b, e.who, e, ctx) if e.kind not in ("vp", "recharge", "roll") else [f]
            if e.kind == "heal":
                good = good or any(t.max_hp - t.hp >= max(5, e.amount // 2) and t.player == f.player for t in who)
            elif e.kind == "mod":
                mine = [t for t in who if t.player == f.player]
                if e.amount > 0 and mine:
                    if e.what in ("attack", "damage") and not before_attack and f in mine and len(mine) == 1 \
                            and e.duration in ("end-turn", "attack"):
                        continue  # a bonus to the attack it has made already
                    if e.filter.attack_form and mine == [f] and not any(
                            q.attack is not None and J._form_matches(e.filter.attack_form, q.attack, q)
                            for q in f.powers):
                        continue  # a bonus to a kind of attack it does not have
                    good = good or any(_enemy_gap(b, t) <= t.speed() + 2 for t in mine)
                elif e.amount < 0 and any(t.player != f.player for t in who):
                    good = True
            elif e.kind == "gain":
                good = good or any(t.player == f.player and _enemy_gap(b, t) <= t.speed() + 2 for t in who)
            elif e.kind == "condition":
                if any(t.player != f.player for t in who):
                    good = True
                elif e.what == "invisible" and who:
                    good = good or near <= 10  # (its own price, 'and is Slowed', is judged by the rest)
            elif e.kind in ("damage", "ongoing"):
                friends = [t for t in who if t.player == f.player]
                if e.kind == "damage" and any(t.hp <= e.amount for t in friends):
                    return False  # it would destroy itself or an ally
                # more enemies than its own hurt ('each adjacent creature takes 5 fire damage'); its own price alone
                # ('this creature takes 5 damage') is judged by the rest
                good = good or len(who) - len(friends) > len(friends)
            elif e.kind == "cleanse":
                good = good or any(FX.cleansable(t, e) for t in who)
            elif e.kind == "attack":
                good = good or self._ally_attack_value(b, f, e) > 0.0
            elif e.kind == "provoke":  # 'an adjacent enemy provokes opportunity attacks': its attackers are there
                good = good or any(t.player != f.player and any(
                    b.adjacent(t, a) and a.can_react() and a.id not in t.provoked_by and a.melee_basic() is not None
                    for a in (f, *b.allies_of(f))) for t in who)
            elif e.kind in ("push", "pull", "slide", "challenge"):
                good = good or any(t.player != f.player for t in who)
            elif e.kind in ("shift", "move", "teleport"):
                good = good or any(t is not f and MV.reposition_square(
                    b, t, e.kind, e.amount if e.amount >= 0 else t.speed() * -e.amount, "toward-enemy" in e.extra)
                    is not None for t in who)
            elif e.kind == "place" and e.who == "self" and not e.what.startswith("adjacent:"):
                good = good or MV.best_square(b, f, MV.placement_squares(b, f, e), False) is not None
            elif e.kind == "vp":
                if e.amount < 0 or e.who == "opponent":
                    return False  # points given or spent: the engine's player does not trade them
                good = True
            elif e.kind == "recharge":
                good = good or _recharges_something(f, e)
            elif e.kind == "grant":  # a triggered power for a while: while enemies are near and it has not got it
                good = good or (near <= 10 and not any(x.kind == "grant" and x.what == e.what for x in f.effects))
            elif e.kind == "switch":
                pair = MV.switch_pair(b, e, ctx)
                good = good or (pair is not None and MV.switch_gain(b, f.player, *pair) > 0)
            elif e.kind == "terrain":
                good = good or FX.smoke_worth(b, e, ctx) > 0
            elif e.kind in ("destroy-self", "destroy", "roll", "survive"):
                return False
        return good

    def _reposition_power(self, s: GuildState, f: Fighter, to_attack: bool, step: Action | None = None
                          ) -> Action | None:
        """A power that moves the creature itself ('Move action: move up to its speed with Flight', 'Minor action:
        teleport up to 10 squares'), where ``reposition`` would put it: used when from there an attack reaches an
        enemy that none does from here (``to_attack``), or, as its move, when it ends nearer the nearest enemy
        than the ordinary move ``step`` would."""
        b = s.b
        if f.pos is None or f.held():
            return None
        enemies = [e for e in b.enemies_of(f) if e.pos is not None]
        if not enemies:
            return None
        best: tuple[int, Action] | None = None
        for action in s._power_actions(f):
            if not isinstance(action, GuildPower):
                continue
            p = s._power(f, action.power)
            if not _moves_itself(p):
                continue
            if p.action == "attack" or (p.action == "move" and not f.move_action):
                continue  # the attack action it would spend is the one it moves for
            if p.action == "free" and not (p.uses or p.per):
                continue
            e = p.effects[0]
            to = MV.self_move_square(b, f, e, J.Ctx(f))
            if to is None:
                continue
            near = min(gap(to, f.side, x.pos, x.side) for x in enemies if x.pos is not None)
            if to_attack:
                if not any(self._attack_from(s, f, to, x) for x in enemies):
                    continue
            else:
                here = min(gap(f.pos, f.side, x.pos, x.side) for x in enemies if x.pos is not None)
                walked, provoked = here, 0
                if isinstance(step, GuildMove):
                    walked = min(gap(step.to, f.side, x.pos, x.side) for x in enemies if x.pos is not None)
                    provoked = MV.reach(b, f, f.speed()).prov[step.to[1] * b.board.width + step.to[0]]
                # nearer than the walk, or as near without the walk's opportunity attacks (a shift, a teleport)
                safe = e.kind != "move" and provoked > 0 and near <= walked
                if near >= here or (near >= walked and not safe):
                    continue
            if best is None or near < best[0]:
                best = (near, action)
        return best[1] if best is not None else None

    def _escape_power(self, s: GuildState, f: Fighter) -> Action | None:
        """A minor-action power that shifts or teleports it to a square beside no enemy (``reposition`` takes a
        creature whose best attack is not melee away from enemies), before it shoots."""
        b = s.b
        for action in s._power_actions(f):
            if not isinstance(action, GuildPower):
                continue
            p = s._power(f, action.power)
            if not _moves_itself(p) or p.effects[0].kind == "move" or p.action != "minor":
                continue
            to = MV.self_move_square(b, f, p.effects[0], J.Ctx(f))
            if to is not None and not any(b.board.adjacent(to, f.side, x.pos, x.side) for x in b.enemies_of(f)
                                          if x.pos is not None):
                return action
        return None

    def _flank_power(self, s: GuildState, f: Fighter) -> Action | None:
        """A power that moves it around the enemy it is beside ('Shift to another square adjacent to that enemy'),
        used before its attack from here when the engine would take it to a square flanking an enemy
        (``ddm_guild_moves.end_square``), its move action being free or the power a minor action."""
        b = s.b
        for action in s._power_actions(f):
            if not isinstance(action, GuildPower):
                continue
            p = s._power(f, action.power)
            if not _moves_itself(p) or p.effects[0].what != "end:target" or p.action == "attack" \
                    or (p.action == "move" and not f.move_action):
                continue
            to = MV.self_move_square(b, f, p.effects[0], J.Ctx(f))
            if to is not None and any(MV.flanks_from(b, f, to, x) for x in b.enemies_of(f)):
                return action
        return None

    def _attack_from(self, s: GuildState, f: Fighter, anchor: Sq, t: Fighter) -> bool:
        for p in self._attack_powers(s, f):
            use = p if p.attack is not None else s._made_power(f, p)
            if use is not None and use.attack is not None and use.attack.form in ("melee", "ranged") \
                    and self._reaches(s.b, f, use, use.attack, anchor, t):
                return True
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
        r = MV.reach(b, f, f.speed())
        cost, prov = r.cost, r.prov
        side = f.side
        # a ranged creature ends beside no enemy: the anchors within 1 of each enemy's space, as flat bounds
        # (x from, x to, y from, y to; ddm_guild_board.gap <= 1)
        beside: list[int] = []
        if ranged:
            for e in enemies:
                if e.pos is not None:
                    beside.extend((e.pos[0] - side, e.pos[0] + e.side, e.pos[1] - side, e.pos[1] + e.side))
        n_beside = len(beside)
        best = -1
        for i in r.stops:
            y = i // w  # (board.squares[i] is (x, y) with i = y * width + x)
            x = i - y * w
            if n_beside:
                k = 0
                while k < n_beside:
                    if beside[k] <= x <= beside[k + 1] and beside[k + 2] <= y <= beside[k + 3]:
                        break
                    k += 4
                if k < n_beside:
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


def _rider_value(t: Fighter, e: Effect) -> float:
    """A hit's rider on its target: a condition it does not have yet (``ddm_guild_apply.CONDITION_VALUE``), ongoing
    damage (about two turns of it before a save ends it), forced movement (a little)."""
    if e.who != "target":
        return 0.0
    if e.kind == "condition":
        return 0.0 if t.has(e.what) or e.what in t.immune_now() else FX.CONDITION_VALUE.get(e.what, 3.0)
    if e.kind == "ongoing":
        return 1.5 * min(e.amount, t.hp)
    if e.kind in ("push", "pull", "slide"):
        return 2.0
    return 0.0


def _switch_value(b: Battle, f: Fighter, a: AttackSpec, t: Fighter) -> float:
    """A hit's switch ('1 ally within 5 squares of this creature switches positions with target'): what it gains its
    side (``ddm_guild_moves.switch_gain``: squares times cost), a tenth of it in hit points; nothing for a loss."""
    ctx = J.Ctx(f, target=t)
    total = 0.0
    for e in a.hit:
        if e.kind == "switch":
            pair = MV.switch_pair(b, e, ctx)
            if pair is not None:
                total += max(0.0, MV.switch_gain(b, f.player, *pair) / 10.0)
    return total


def _moves_itself(p: Power) -> bool:
    """A power whose first effect moves its own creature (a shift, a move or a teleport), with no attack after it."""
    return bool(p.effects) and p.effects[0].who == "self" and p.effects[0].kind in ("shift", "move", "teleport") \
        and not any(e.kind == "attack" for e in p.effects)


def _enemy_gap(b: Battle, f: Fighter) -> int:
    return min((b.gap(f, e) for e in b.enemies_of(f)), default=99)


def _recharges_something(f: Fighter, e: Effect) -> bool:
    """'Recharge its Dragon Breath': some power it names (any, for 'this power') is spent."""
    names = e.what[6:].split("|") if e.what.startswith("power:") else []
    return any(q.uses and f.uses.get(q.index, 0) < q.uses and (not names or q.name.casefold() in names)
               for q in f.powers)


def in_victory_area(s: GuildState, f: Fighter) -> bool:
    cells: set[Sq] = set()
    for a in s.map.grid.areas("victory"):
        if a.letter in (s.b.letters[f.player], ""):
            cells.update(a.cells)
    return f.pos is not None and any(sq in cells for sq in space_of(f.pos, f.side))
