"""A heuristic D&D Miniatures player: sensible, quick, and never listing every legal action.

Each decision builds a handful of candidate actions straight from the state (the targets in reach, one
move search for the activating creature, the charge plan) and scores them; ``apply`` checks the one it
plays. What it does (the matchup issue's list):

- **Focus fire**: a target is worth the share of its cost the attack is expected to destroy, more if the
  attack can finish it, more if it would force a morale save; wounded and valuable targets come first.
- **Ranged attackers stay out of melee**: they shoot from where they stand, move only to squares no
  enemy threatens, and keep their distance when nothing is in range.
- **Command range**: followers prefer squares within 6 of a friendly commander (morale saves and
  Commander Effects need it).
- **Victory areas**: when nothing can be attacked this turn, the creature nearest an unheld victory area
  goes to hold it, and a holder stays.
- **Attacks of opportunity**: destinations are scored by the threatened squares the engine's path leaves.
- **Rout-aware**: routing enemies are left alone unless the attack can finish them (they are running off
  the map anyway); followers stay near commanders; attacks that push a target below half its hit points
  are preferred.

Deterministic: the same state gives the same choice (the battle's randomness is the dice alone), so a
battle replays from its record without this policy.
"""

from __future__ import annotations

from collections.abc import Sequence

from simulate.engine.game import Action, State
from simulate.engine.grid import Sq, grid_distance
from simulate.games import ddm_attacks as attacks
from simulate.games import ddm_charge as charging
from simulate.games import ddm_command as command
from simulate.games import ddm_movement as movement
from simulate.games import ddm_setup as setup
from simulate.games import ddm_sight as sight
from simulate.games import ddm_spells as spells
from simulate.games import ddm_turns as turns
from simulate.games.ddm import (
    COMMAND_RANGE,
    INF,
    Activate,
    Attack,
    Cast,
    Charge,
    ChooseDeployFirst,
    ChooseFirstPlayer,
    ChooseMap,
    ChooseStartArea,
    Creature,
    DdmState,
    Deploy,
    EndTurn,
    Move,
    Turn,
    UseAbility,
)
from simulate.games.ddm_abilities import SpellEffect
from simulate.games.ddm_cards import AttackSpec

# How much a point of position is worth against a point of expected damage (in creature-cost points).
AOO_PENALTY = 6.0  # each threatened square the path leaves
OUT_OF_COMMAND = 3.0  # a follower ending more than 6 squares from every commander
THREATENED_SHOOTER = 8.0  # a ranged attacker ending next to an enemy
STEP_VALUE = 0.25  # each square nearer the goal
SHOOTER_DISTANCE = 4  # a shooter with nothing to shoot stops this far from the nearest enemy


class _Option:
    """A candidate action and what it is worth (a plain class: its constructor compiles)."""

    def __init__(self, value: float, action: Action) -> None:
        self.value = value
        self.action = action


def hit_chance(bonus: int, ac: int) -> float:
    """d20 + bonus ≥ AC, a natural 1 misses and a natural 20 hits (§8.1)."""
    need = ac - bonus
    return min(0.95, max(0.05, (21 - need) / 20))


def expected_damage(att: Creature, spec: AttackSpec, tgt: Creature, bonus: int = 0) -> float:
    """The printed attack against the printed AC, damage reduction on physical damage: a quick estimate."""
    dmg = spec.damage
    if spec.base_type in ("melee", "ranged"):
        dmg = max(0, dmg - tgt.traits.dr)
    if spec.damage_type and spec.damage_type in tgt.traits.immune:
        dmg = 0
    dmg += spec.extra_damage
    if att.traits.hunter and spec.kind == "melee":
        dmg += att.traits.hunter
    for subtype, amount in att.traits.foes:
        if subtype in tgt.traits.types or subtype.rstrip("s") in tgt.traits.types:
            dmg += amount
    return hit_chance(spec.bonus + bonus, tgt.card.ac) * dmg


class DdmHeuristicPolicy:
    """The ``heuristic`` AI for D&D Miniatures (see the module's docstring)."""

    name = "heuristic"

    def __init__(self, seed: int | str, player: int) -> None:
        self.player = player

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        if not isinstance(state, DdmState):
            raise TypeError("the heuristic D&D Miniatures player plays D&D Miniatures only")
        s = state
        if s.stage == "map":
            return ChooseMap(0)
        if s.stage == "deploy-first":
            return ChooseDeployFirst(1 - s.decider)  # deploy second: see where the enemy stands
        if s.stage == "start-area":
            return ChooseStartArea(_first_letter(s))
        if s.stage == "deploy":
            return self._deploy(s, legal)
        if s.stage == "first-player":
            return ChooseFirstPlayer(s.decider if self._can_strike_first(s, s.decider) else 1 - s.decider)
        if s.stage == "activate":
            return self._activate(s)
        return self._turn(s)

    # --- before the battle ---------------------------------------------------------------------------

    def _deploy(self, s: DdmState, legal: Sequence[Action]) -> Action:
        """Melee creatures at the front of the start area (nearest the enemy's), ranged ones at the back. Picked
        from the squares it may deploy on, without listing every deployment."""
        c = setup.next_to_deploy(s)
        if c is None:
            raise ValueError("no creature to deploy")
        tx, ty = _deploy_target(s, s.players[1 - c.player].letter)
        shooter = _is_shooter(c)
        # the least (distance, or its negative for a shooter; then y; then x), as one integer: every square is on
        # the map, so x and y are digits of base width and height
        w, h = s.map.grid.width, s.map.grid.height
        best: Sq | None = None
        best_key = 0
        for a in setup.deploy_squares(s, c):
            dx, dy = abs(a[0] - tx), abs(a[1] - ty)
            d = dx + dy // 2 if dx >= dy else dy + dx // 2
            k = ((-d if shooter else d) * h + a[1]) * w + a[0]
            if best is None or k < best_key:
                best, best_key = a, k
        if best is None:
            raise ValueError(f"no square to deploy {c.id} on")
        return Deploy(c.id, best[0], best[1])

    def _can_strike_first(self, s: DdmState, player: int) -> bool:
        """Going first pays when some creature can attack this round; otherwise let the enemy come."""
        for c in s.on_map(player):
            reach = 2 * c.card.speed + 1 if c.melee_attacks else 12
            for e in s.enemies_of(c):
                if s.space_distance(c, e) <= reach:
                    return True
        return False

    # --- which creature acts ---------------------------------------------------------------------------

    def _activate(self, s: DdmState) -> Action:
        """The most urgent creature (the first by id among equals); the only one without weighing it."""
        able = turns.activatable(s, s.phases.player)
        if len(able) == 1:
            return Activate(able[0].id)
        best: str | None = None
        best_urgency = 0.0
        for c in able:
            u = self._urgency(s, c)
            if best is None or u > best_urgency or (u == best_urgency and c.id < best):
                best, best_urgency = c.id, u
        assert best is not None
        return Activate(best)

    def _urgency(self, s: DdmState, c: Creature) -> float:
        """Creatures that can attack now act first (before their targets move or strike); the rest wait."""
        if c.routing:
            return 0.5
        enemies = s.enemies_of(c)
        if not enemies:
            return 0.0
        nearest = s.space_distance(c, enemies[0])
        for e in enemies:
            d = s.space_distance(c, e)
            if d < nearest:
                nearest = d
        if nearest <= max(1, c.traits.melee_reach) and c.melee_attacks:
            return 3.0 + _best_damage(c) / 100
        if c.ranged_attacks and nearest <= 12:
            return 2.0 + _best_damage(c) / 100
        if nearest <= 2 * c.card.speed + 1:
            return 1.0 + _best_damage(c) / 100
        return 0.0

    # --- a creature's turn -----------------------------------------------------------------------------

    def _turn(self, s: DdmState) -> Action:
        t = s.turn
        assert t is not None
        c = s.creatures[t.creature]
        if t.controller != c.player:  # confused and played by the enemy: do nothing harmful
            return EndTurn()
        fresh = t.moved == 0 and t.attacks_made == 0 and not t.acted and not t.charged
        if not fresh:
            return self._continue(s, c, t)
        options: list[_Option] = []
        self._attack_options(s, c, t, options, full=True)
        self._spell_options(s, c, t, options)
        if (not options or not _engaged(s, c)) and not self._cannot_beat(s, c, t, options):  # engaged: fight here
            before = len(options)
            self._charge_options(s, c, t, options)
            to_beat = _best_value(options) if options else None
            self._move_options(s, c, t, options, can_charge=len(options) > before, to_beat=to_beat)
        if not options:
            return EndTurn()
        return _best(options)

    def _continue(self, s: DdmState, c: Creature, t: Turn) -> Action:
        """Mid-turn: finish a full attack on the best target; otherwise end the turn."""
        options: list[_Option] = []
        self._attack_options(s, c, t, options, full=False)
        if options:
            return _best(options)
        return EndTurn()

    # --- attacks --------------------------------------------------------------------------------------

    def target_value(self, s: DdmState, c: Creature, tgt: Creature, damage: float) -> float:
        """Focus fire, rout-aware: the share of the target's cost the attack is expected to destroy."""
        hp = max(tgt.hp, 1)
        value = float(tgt.value)
        if damage >= hp:
            score = value * 1.5
        else:
            score = value * damage / hp
            if (not tgt.morale_done and not tgt.routing and not tgt.traits.fearless
                    and 2 * (tgt.hp - damage) < tgt.start_hp):
                score += 0.25 * value  # a morale save: it may rout
        if tgt.routing and damage < hp:
            score *= 0.3  # running off the map already
        if tgt.is_commander:
            score *= 1.2  # its followers lose command
        return score

    def _attack_options(self, s: DdmState, c: Creature, t: Turn, out: list[_Option], *, full: bool) -> None:
        for i, spec, targets in attacks.attack_choices(s, c, t):
            if not targets:
                continue
            # a full attack: every attack of this kind on the chosen target
            follow: list[AttackSpec] = []
            if full:
                for j, x in enumerate(c.card.attacks):
                    if x.kind == spec.kind and j not in t.used_attacks and j != i:
                        follow.append(x)
            for tgt in targets:
                more = 0.0  # summed in order, as sum() does
                for x in follow:
                    more += expected_damage(c, x, tgt)
                value = self.target_value(s, c, tgt, expected_damage(c, spec, tgt) + more)
                declare = _longest(attacks.declare_options(s, c, t, spec, tgt))
                out.append(_Option(value + 0.01 * float(len(declare)), Attack(i, tgt.id, declare)))

    def _charge_options(self, s: DdmState, c: Creature, t: Turn, out: list[_Option]) -> None:
        if not c.melee_attacks or c.anchor is None:
            return
        nearest = -1
        for e in s.enemies_of(c):
            if e.anchor is not None:
                g = _gap(c, e)
                if nearest < 0 or g < nearest:
                    nearest = g
        if nearest < 0 or nearest <= 1 or nearest > 2 * t.speed + 1:
            return  # the nearest enemy is too close to charge (a charge moves 2 squares) or out of reach
        plans = charging.charge_plan(s, c, t)
        if not plans:
            return
        threat = attacks.threat_squares(s, c)
        for tgt, path in plans:
            risk = _squares_left(c, path, threat)
            for i, spec in enumerate(c.card.attacks):
                if spec.kind != "melee" or not c.attack_left(i):
                    continue
                value = self.target_value(s, c, tgt, _charge_damage(c, i, spec, tgt)) - AOO_PENALTY * risk
                declare = _longest(attacks.declare_options(s, c, t, spec, tgt))
                out.append(_Option(value + 0.05, Charge(tgt.id, path, i, declare)))
                break

    def _cannot_beat(self, s: DdmState, c: Creature, t: Turn, options: list[_Option]) -> bool:
        """Whether no charge and no move could beat the best of ``options`` (attacks and spells from where it
        stands), found without the charge plan or a move search: a charge is worth at most the attack on the
        best target plus 0.05 (:meth:`_charge_options`), and a move at most :meth:`_move_ceiling` (as if no charge
        were possible: the larger ceiling). Charges and moves come after ``options`` and the first best option is
        played, so the choice is the same without them."""
        if not options:
            return False
        best = _best_value(options)
        enemies = [e for e in s.enemies_of(c) if e.anchor is not None]
        if c.melee_attacks:
            usable = [(i, spec) for i, spec in enumerate(c.card.attacks) if spec.kind == "melee" and c.attack_left(i)]
            if usable:
                i, spec = usable[0]
                for e in enemies:
                    if self.target_value(s, c, e, _charge_damage(c, i, spec, e)) + 0.05 > best:
                        return False
        walk_in = bool(c.melee_attacks) and not _is_shooter(c)
        allow = turns.move_allowance(s, c, t)
        return best >= self._move_ceiling(s, c, enemies, allow, walk_in, bool(c.ranged_attacks), False)

    # --- moving ---------------------------------------------------------------------------------------

    def _move_options(self, s: DdmState, c: Creature, t: Turn, out: list[_Option], *, can_charge: bool,
                      to_beat: float | None = None) -> None:
        """Moves, with as little searching as will do: a search within Speed only when an enemy is that near
        (to attack after the move), and otherwise a walk down a distance field toward the goal. The full
        search of every square within double Speed is the fallback (a walk that would provoke, shooters).
        Nothing is looked for when no move could be worth more than ``to_beat``, the best option found before
        (the first best is played, and moves come after it): :meth:`_move_ceiling`."""
        allow = turns.move_allowance(s, c, t)
        if allow <= 0 or t.move_blocked or c.anchor is None:
            return
        enemies = [e for e in s.enemies_of(c) if e.anchor is not None]
        if not enemies:
            return
        shooter = _is_shooter(c)
        w = s.map.grid.width
        nearest = _gap(c, enemies[0])
        for e in enemies:
            g = _gap(c, e)
            if g < nearest:
                nearest = g
        walk_in = c.melee_attacks and not shooter and not can_charge  # a charge beats walking in to attack
        shoot = bool(c.ranged_attacks) and nearest <= min(t.speed, allow) + 12
        if to_beat is not None and to_beat >= self._move_ceiling(s, c, enemies, allow, bool(walk_in), shoot,
                                                                 can_charge):
            return  # no move could be chosen: the search is not worth making
        touching = _Touching(s, c, enemies)
        before = len(out)
        if (walk_in and nearest <= min(t.speed, allow) + 1) or shoot:
            near, paths = _search(s, c, t, min(t.speed, allow))
            if walk_in:
                self._attack_positions(s, c, near, paths, touching, out)
            if shoot:
                self._shooting_positions(s, c, near, paths, touching, out)
        if can_charge or len(out) > before:
            return  # it can attack this turn: a square to wait on is not worth a search
        goal = self._goal(s, c, enemies)
        field = _approach_field(s, c, goal)
        here = field[c.anchor[1] * w + c.anchor[0]]
        path = _walk_down(s, c, t, allow, field)
        while path and touching.has(path[-1]):  # no attack this turn: do not stand where they strike first
            path = path[:-1]
        if shooter:  # and a shooter keeps its distance
            while path and min(grid_distance(path[-1], e.anchor) for e in enemies if e.anchor) < SHOOTER_DISTANCE:
                path = path[:-1]
        occ = s.occupancy()
        while path and not movement.can_end(s, c, path[-1], occ):
            path = path[:-1]
        if path and not _provokes(s, c, path):
            last = path[-1]
            out.append(_Option(0.1 * STEP_VALUE * (here - field[last[1] * w + last[0]]) / 2, Move(path=path)))
            return
        if shooter and goal[0] == "enemy" and nearest < SHOOTER_DISTANCE + 2:
            pass  # too close to walk in: look for a better square below
        elif not path and here <= 2 * (SHOOTER_DISTANCE if shooter else 2):
            return  # where it wants to be already
        dests, _ = movement.destinations(s, c, allow, parity=t.parity)
        commanders = [k for k in s.on_map(c.player) if k.is_commander and k.id != c.id and k.anchor is not None
                      and command.can_command_at_all(s, k)]
        follower = not c.is_commander and not c.traits.independent and bool(commanders)
        best_pos: tuple[float, Sq] | None = None
        for a, (_cost, risk, _key) in dests.items():
            v = STEP_VALUE * (here - field[a[1] * w + a[0]]) / 2 - AOO_PENALTY * risk
            if touching.has(a):
                v -= THREATENED_SHOOTER if shooter else 1.0
            if shooter:
                near_d = min(grid_distance(a, e.anchor) for e in enemies if e.anchor is not None)
                if near_d <= 3:
                    v -= 4 - near_d
            if follower and min(grid_distance(a, k.anchor) for k in commanders if k.anchor) > COMMAND_RANGE:
                v -= OUT_OF_COMMAND
            if best_pos is None or v > best_pos[0] or (v == best_pos[0] and a < best_pos[1]):
                best_pos = (v, a)
        if best_pos is not None and best_pos[0] > 0:
            out.append(_Option(best_pos[0] * 0.1, Move(to=best_pos[1])))

    def _move_ceiling(self, s: DdmState, c: Creature, enemies: list[Creature], allow: int, walk_in: bool,
                      shoot: bool, can_charge: bool) -> float:
        """At least what any option :meth:`_move_options` would add is worth, found without searching: a square
        to attack from is worth at most the attack on the best target, less 0.1 (:meth:`_attack_positions`), a
        square to shoot from likewise (:meth:`_shooting_positions`); a step toward the goal at most 0.1 ×
        STEP_VALUE of the half-squares it gains, and a move of ``allow`` squares gains at most 3 a square (a
        diagonal costing 1): 0.0375 × ``allow``, rounded up to 0.05 × ``allow`` (the walk is looked at only when
        no attack is, and never when a charge is)."""
        ceiling = -1.0e9
        if walk_in:
            specs = [a for a in c.card.attacks if a.kind == "melee"]
            for e in enemies:
                dmg = max(expected_damage(c, spec, e) for spec in specs)
                ceiling = max(ceiling, self.target_value(s, c, e, dmg) - 0.1)
        if shoot:
            ranged = [(i, a) for i, a in enumerate(c.card.attacks) if a.kind == "ranged" and c.attack_left(i)]
            if ranged:
                _i, spec = max(ranged, key=lambda x: x[1].damage + x[1].bonus)
                for e in enemies:
                    ceiling = max(ceiling, self.target_value(s, c, e, expected_damage(c, spec, e)) - 0.1)
        if not can_charge:
            ceiling = max(ceiling, 0.05 * allow)
        return ceiling

    def _attack_positions(self, s: DdmState, c: Creature, near: dict[Sq, tuple[int, int, int]],
                          paths: movement.MoveSearch, touching: _Touching, out: list[_Option]) -> None:
        """The best square within Speed to make one melee attack from."""
        specs = [a for a in c.card.attacks if a.kind == "melee"]
        best: tuple[float, Sq] | None = None
        for a, (cost, risk, _key) in near.items():
            for e in touching.at(a):
                dmg = max(expected_damage(c, spec, e) for spec in specs)
                v = self.target_value(s, c, e, dmg) - AOO_PENALTY * risk - 0.01 * cost
                if best is None or v > best[0] or (v == best[0] and a < best[1]):
                    best = (v, a)
        if best is not None:
            out.append(_Option(best[0] - 0.1, Move(path=paths.path(near[best[1]][2]))))

    def _shooting_positions(self, s: DdmState, c: Creature, near: dict[Sq, tuple[int, int, int]],
                            paths: movement.MoveSearch, touching: _Touching, out: list[_Option]) -> None:
        """Squares within Speed, threatened by no enemy, from which the ranged attack has a target."""
        specs = [(i, a) for i, a in enumerate(c.card.attacks) if a.kind == "ranged" and c.attack_left(i)]
        if not specs:
            return
        _i, spec = max(specs, key=lambda x: x[1].damage + x[1].bonus)
        rng = spec.max_range or 99
        # the nearest enemy's distance (from anchor to anchor) for each square, read without a call per pair
        ex = [e.anchor[0] for e in s.enemies_of(c) if e.anchor is not None]
        ey = [e.anchor[1] for e in s.enemies_of(c) if e.anchor is not None]
        candidates = []
        for a, (cost, risk, _key) in near.items():
            if risk or touching.has(a):
                continue
            x, y = a
            d = INF
            for j in range(len(ex)):
                dx, dy = abs(x - ex[j]), abs(y - ey[j])
                g = dx + dy // 2 if dx >= dy else dy + dx // 2
                if g < d:
                    d = g
            if d > rng:
                continue
            candidates.append((-d, cost, a))  # the farthest from the enemy first
        candidates.sort()
        best: tuple[float, Sq] | None = None
        for _n, _cost, a in candidates[:4]:
            # the shots it would have there, without standing it there (which would make the state forget
            # who stands where)
            for tgt in sight.targets_from(s, c, a, spec.max_range):
                v = self.target_value(s, c, tgt, expected_damage(c, spec, tgt))
                if best is None or v > best[0]:
                    best = (v, a)
        if best is not None:
            out.append(_Option(best[0] - 0.1, Move(path=paths.path(near[best[1]][2]))))

    def _goal(self, s: DdmState, c: Creature, enemies: list[Creature]) -> tuple[str, object]:
        """Where to head: an unheld victory area (the nearest free creature goes; a holder stays), else the
        enemy most worth attacking for the distance."""
        letter = s.players[c.player].letter
        areas = s.map.victory_areas(letter)
        if areas and s.params.scenario == "assault":
            cells = _victory_cells(s, letter)
            mine = [o for o in s.on_map(c.player) if not o.routing]
            holder = next((o for o in mine if any(x in cells for x in o.squares())), None)
            if holder is c:
                return ("area", letter)
            if holder is None:
                free = [o for o in mine if o.anchor is not None and not any(s.adjacent(o, e) for e in enemies)]
                if free:
                    # the first nearest by weighted distance (no nested function: its closure would tie the
                    # state into a reference cycle that only the garbage collector frees)
                    goer: tuple[int, str] | None = None
                    nearest: Creature | None = None
                    for o in free:
                        k = (_area_distance(o, cells), o.id)
                        if goer is None or k < goer:
                            goer, nearest = k, o
                    if nearest is c:
                        return ("area", letter)
        dmg = max((a.damage for a in c.card.attacks), default=0)
        target = max(enemies, key=lambda e: (self.target_value(s, c, e, dmg) / (1 + s.space_distance(c, e)), e.id))
        return ("enemy", target)

    # --- spells and abilities ----------------------------------------------------------------------------

    def _spell_options(self, s: DdmState, c: Creature, t: Turn, out: list[_Option]) -> None:
        """Damaging spells and area attacks at enemies (allies caught in them count against), heals on
        wounded allies. Buffs and teleports are left to the random player."""
        if not c.card.spells and not c.traits.area_attacks:
            return
        if c.card.spells and not (t.acted or t.attacks_made or t.charged or t.no_actions or t.moved > t.speed):
            hampered: bool | None = None
            for i, spell in enumerate(c.card.spells):
                if spells.spell_available(s, c, i, spell) is None:
                    continue
                eff = c.spell_effects[i]
                if not eff.modelled or eff.teleport or not (eff.damage or eff.heal or eff.condition):
                    continue
                if c.traits.slow_attack == "all" and t.steps > 0:
                    continue
                if eff.range != "touch" and eff.range not in ("self", "personal"):
                    if hampered is None:
                        hampered = sight.hampered(s, c)
                    if hampered:
                        continue
                for target, x, y, aim in spells.effect_options(s, c, eff, is_spell=True):
                    v = self._effect_value(s, c, eff, spells.area_for(s, c, eff, target, x, y, aim))
                    if v > 0:
                        out.append(_Option(v, Cast(i, target, x, y, aim)))
        fresh = not t.acted and t.attacks_made == 0 and not t.charged and t.moved <= t.speed
        if fresh:
            for act in spells.ability_actions(s, c, t):
                assert isinstance(act, UseAbility)
                aa = next((x for x in c.traits.area_attacks if x.name == act.name), None)
                if aa is None:
                    continue
                eff = spells.area_effect(aa)
                v = self._effect_value(s, c, eff, spells.area_for(s, c, eff, act.target, act.x, act.y, act.aim))
                if v > 0:
                    out.append(_Option(v, act))

    def _effect_value(self, s: DdmState, c: Creature, eff: SpellEffect, affected: Sequence[Creature]) -> float:
        total = 0.0
        for x in affected:
            enemy = x.player != c.player
            if eff.damage:
                dmg = eff.damage * (0.75 if eff.dc is not None else 1.0)
                v = self.target_value(s, c, x, dmg)
                total += v if enemy else -1.5 * v
            elif eff.condition:
                v = 0.3 * x.value * (0.5 if eff.dc is not None else 1.0)
                total += v if enemy else -v
            elif eff.heal and "undead" in x.traits.types:  # heal harms the Undead (a save halves it)
                v = self.target_value(s, c, x, eff.heal * 0.75)
                total += v if enemy else -1.5 * v
            elif eff.heal and not enemy:
                missing = max(0, x.start_hp - x.hp)
                total += x.value * min(missing, eff.heal) / max(x.start_hp, 1)
        return total


def _charge_damage(c: Creature, i: int, spec: AttackSpec, tgt: Creature) -> float:
    """The expected damage of a charge with attack ``i``: +2 to hit, or every melee attack with Pounce, and
    Powerful Charge's damage when the charge hits."""
    extra = 2 if not c.traits.pounce else 0
    dmg = expected_damage(c, spec, tgt, extra)
    if c.traits.pounce:
        dmg += sum(expected_damage(c, x, tgt) for j, x in enumerate(c.melee_attacks) if j != i)
    if c.traits.powerful_charge:
        dmg += hit_chance(spec.bonus + 2, tgt.card.ac) * c.traits.powerful_charge
    return dmg


def _best_damage(c: Creature) -> int:
    best = 0
    first = True
    for a in c.card.attacks:
        v = a.damage + a.extra_damage
        if first or v > best:
            best, first = v, False
    return best


def _best(options: list[_Option]) -> Action:
    """The first of the best options (as ``max`` by value picks)."""
    best = options[0]
    for o in options:
        if o.value > best.value:
            best = o
    return best.action


def _best_value(options: list[_Option]) -> float:
    """The best value among ``options`` (not empty)."""
    best = options[0].value
    for o in options:
        if o.value > best:
            best = o.value
    return best


def _longest(declares: list[tuple[str, ...]]) -> tuple[str, ...]:
    """The first of the longest declarations (as ``max`` by length picks)."""
    best = declares[0]
    for d in declares:
        if len(d) > len(best):
            best = d
    return best


def _engaged(s: DdmState, c: Creature) -> bool:
    """Whether an active enemy stands adjacent to ``c``."""
    return any(e.active and s.adjacent(e, c) for e in s.enemies_of(c))  # compiled: a loop, no generator


def _first_letter(s: DdmState) -> str:
    """The map's first start area's letter (kept per map)."""
    table: dict[str, str] = s.map.table("ai-first-letter")
    hit = table.get("")
    if hit is None:
        hit = table[""] = s.map.letters[0]
    return hit


def _deploy_target(s: DdmState, letter: str) -> Sq:
    """The middle square (in sorted order) of the enemy's start area, or the map's middle: where a deploying
    creature measures its front from (kept per map)."""
    table: dict[str, Sq] = s.map.table("ai-deploy-target")
    hit = table.get(letter)
    if hit is None:
        start = sorted(s.map.start_squares(letter)) or [(s.map.grid.width // 2, s.map.grid.height // 2)]
        hit = table[letter] = start[len(start) // 2]
    return hit


def _is_shooter(c: Creature) -> bool:
    """A creature whose ranged attack is its better one."""
    ranged = [a for a in c.card.attacks if a.kind == "ranged"]
    if not ranged:
        return False
    melee = [a for a in c.card.attacks if a.kind == "melee"]
    if not melee:
        return True
    return max(a.bonus + a.damage for a in ranged) >= max(a.bonus + a.damage for a in melee)


def _gap(a: Creature, b: Creature) -> int:
    """Squares between two spaces, counting diagonals as 1 (Chebyshev): a step changes it by at most 1."""
    pa, pb = a.anchor, b.anchor
    assert pa is not None and pb is not None
    ax, ay = pa
    bx, by = pb
    # the larger of the two one-sided gaps along each axis (negative when they overlap), then of the axes, at
    # least 0: plain comparisons (compiled, max() of three arguments is a call through the interpreter)
    dx = bx - (ax + a.size - 1)
    other = ax - (bx + b.size - 1)
    if other > dx:
        dx = other
    dy = by - (ay + a.size - 1)
    other = ay - (by + b.size - 1)
    if other > dy:
        dy = other
    if dy > dx:
        dx = dy
    return dx if dx > 0 else 0


def _victory_cells(s: DdmState, letter: str) -> frozenset[Sq]:
    key = f"ai-victory:{letter}"
    hit: frozenset[Sq] | None = s.map.cache.get(key)
    if hit is None:
        hit = s.map.cache[key] = frozenset().union(*(a.cells for a in s.map.victory_areas(letter)))
    return hit


def _area_distance(o: Creature, cells: frozenset[Sq]) -> int:
    """How far a creature is from a victory area, counted double for a dear melee creature (it has better
    things to do than stand there)."""
    assert o.anchor is not None
    d = min(grid_distance(o.anchor, x) for x in cells)
    return d * (1 if _is_shooter(o) or o.value < 20 else 2)


_HALF_STEPS = (2, 3, 4, 6)  # a step's cost in half squares: straight, diagonal, slowed straight, slowed diagonal
_FIELDS_KEPT = 4096


class _Field:
    """A distance field to a goal being worked out (Dijkstra with a bucket per distance: steps cost 2, 3, 4 or 6
    half-squares, so the distances are the same whatever the order ties are settled in). It is settled only as
    far as a creature asks (:meth:`settle`): the player reads the field where it stands and below it."""

    def __init__(self, sources: list[int], size: int, rev: list[list[tuple[int, int, bool]]], fly: bool) -> None:
        self.dist = [INF] * size
        for a in sources:
            self.dist[a] = 0
        self.buckets: list[list[int]] = [sorted(sources)]
        self.done = 0  # the buckets below this one are settled
        self.rev = rev
        self.fly = fly

    def settle(self, ia: int) -> list[int]:
        """The field with every distance up to anchor ``ia``'s final (all of them if it cannot reach the goal);
        farther ones are at least their distance."""
        dist, buckets, rev, fly = self.dist, self.buckets, self.rev, self.fly
        d = self.done
        while d < len(buckets) and (dist[ia] == INF or d <= dist[ia]):
            for b in buckets[d]:
                if d > dist[b]:
                    continue
                for a, kind_, pit in rev[b]:
                    if pit and not fly:
                        continue
                    nd = d + _HALF_STEPS[kind_]
                    if nd < dist[a]:
                        dist[a] = nd
                        while len(buckets) <= nd:
                            buckets.append([])
                        buckets[nd].append(a)
            buckets[d] = []
            d += 1
        self.done = d
        return dist


def _approach_field(s: DdmState, c: Creature, goal: tuple[str, object]) -> list[int]:
    """Half-squares from every anchor of ``c``'s size to the goal, around walls and terrain and ignoring
    creatures (diagonals as 1.5): final up to where ``c`` stands (what it reads: its own square and the squares
    nearer the goal; a farther one reads at least its distance, which makes no move worth more). Kept per map:
    the same target square gives the same field in every battle."""
    assert c.anchor is not None
    mode = movement.move_mode(s, c, False)
    grid = s.map.grid
    w, h = grid.width, grid.height
    kind, obj = goal
    if kind == "area":
        assert isinstance(obj, str)
        key: tuple[object, ...] = (c.size, mode, "area", obj)
    else:
        assert isinstance(obj, Creature) and obj.anchor is not None
        key = (c.size, mode, "enemy", obj.size, obj.anchor)
    cache: dict[tuple[object, ...], _Field] = s.map.table("ai-fields")
    field = cache.get(key)
    if field is None:
        # the goal's squares, looked up only for a field not kept yet
        if isinstance(obj, Creature):
            squares: frozenset[Sq] = frozenset(n for x in obj.squares() for n in s.neighbours(x))
        else:
            squares = _victory_cells(s, str(obj))
        sources = {(y - j) * w + (x - i) for x, y in squares for j in range(c.size) for i in range(c.size)
                   if 0 <= x - i < w and 0 <= y - j < h}
        field = _Field(sorted(sources), w * h, _reverse_steps(s, c.size, mode), mode[0])
        if len(cache) >= _FIELDS_KEPT:
            cache.clear()
        cache[key] = field
    return field.settle(c.anchor[1] * w + c.anchor[0])


def _reverse_steps(s: DdmState, size: int, mode: tuple[bool, bool, bool]) -> list[list[tuple[int, int, bool]]]:
    key = f"ai-reverse:{size}:{mode}"
    hit: list[list[tuple[int, int, bool]]] | None = s.map.cache.get(key)
    if hit is None:
        table = movement.int_steps(s, size, mode)
        hit = [[] for _ in table]
        for a, steps in enumerate(table):
            for b, kind, pit in steps:
                hit[b].append((a, kind, pit))
        s.map.cache[key] = hit
    return hit


def _walk_down(s: DdmState, c: Creature, t: Turn, allow: int, field: list[int]) -> tuple[Sq, ...]:
    """A legal path that follows the field downhill as far as the movement allows, ending where the creature
    may stop (the engine checks it again when the move is applied)."""
    assert c.anchor is not None
    mode = movement.move_mode(s, c, False)
    table = movement.int_steps(s, c.size, mode)
    w = s.map.grid.width
    blocked = movement.blocked_flags(s, c, mode)
    cur = c.anchor[1] * w + c.anchor[0]
    parity, spent = t.parity, 0
    path: list[int] = []
    while True:
        best: tuple[int, int, int, int] | None = None
        for b, kind, pit in table[cur]:
            if (pit and not mode[0]) or blocked[b]:
                continue
            if kind >= 2:
                step, np = (3 if kind == 3 else 2), parity
            elif kind == 1:
                step, np = (1, 1) if parity == 0 else (2, 0)
            else:
                step, np = 1, parity
            if spent + step > allow:
                continue
            cand = (field[b], step, b, np)
            if best is None or cand < best:
                best = cand
        if best is None or best[0] >= field[cur]:
            break
        _f, step, cur, parity = best
        spent += step
        path.append(cur)
    occ = s.occupancy()
    squares = [(a % w, a // w) for a in path]
    while squares and not movement.can_end(s, c, squares[-1], occ):
        squares.pop()
    return tuple(squares)


class _Touching:
    """The anchors from which ``c``'s space would touch each enemy (as the charge plan reads adjacency): for
    each anchor index, a bit per enemy of ``enemies``."""

    def __init__(self, s: DdmState, c: Creature, enemies: Sequence[Creature]) -> None:
        self.width, self.height = s.map.grid.width, s.map.grid.height
        self.enemies = list(enemies)
        self.mask = [0] * (self.width * self.height)
        for n, e in enumerate(self.enemies):
            if e.anchor is not None:
                bit = 1 << n
                for ia in movement.touch_anchors(s, e.anchor, e.size, c.size):
                    self.mask[ia] |= bit

    def has(self, a: Sq) -> bool:
        return 0 <= a[0] < self.width and 0 <= a[1] < self.height and self.mask[a[1] * self.width + a[0]] != 0

    def at(self, a: Sq) -> list[Creature]:
        if not (0 <= a[0] < self.width and 0 <= a[1] < self.height):
            return []
        m = self.mask[a[1] * self.width + a[0]]
        return [e for n, e in enumerate(self.enemies) if m >> n & 1]


def _search(
    s: DdmState, c: Creature, t: Turn, budget: int
) -> tuple[dict[Sq, tuple[int, int, int]], movement.MoveSearch]:
    """Every square ``c`` may stop on within ``budget``: (cost, threatened squares left, search key)."""
    found = movement.reach(s, c, budget, parity=t.parity)
    return movement.stopping_places(s, c, found, None), found


def _provokes(s: DdmState, c: Creature, path: Sequence[Sq]) -> bool:
    """Would walking ``path`` leave a square an enemy threatens (an attack of opportunity)?"""
    threat = attacks.threat_squares(s, c)
    if not threat or c.anchor is None:
        return False
    return any(x in threat for a in (c.anchor, *path[:-1]) for x in c.squares(a))


def _squares_left(c: Creature, path: tuple[object, ...], threat: set[Sq]) -> int:
    """Threatened squares a path leaves (each may provoke an attack of opportunity). The squares are read as the
    objects they are (compiled, a square typed as a pair of ints is unboxed and boxed again for each lookup)."""
    if c.anchor is None or not threat:
        return 0
    n = 0
    cur: object = c.anchor
    for b in path:
        if b != cur and cur in threat:
            n += 1
        cur = b
    return n
