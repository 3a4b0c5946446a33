"""The things a DDM Guild battle keeps: creatures in play (:class:`Fighter`), the effects on them
(:class:`Active`) and the battle around them (:class:`Battle`). No rules here: the engine applies them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from simulate.engine.dice import Dice
from simulate.engine.events import EventLog
from simulate.engine.grid import Sq
from simulate.games import ddm_guild_rules as R
from simulate.games.ddm_guild_board import SIGHT_ONLY, GuildBoard, Mover, gap, space_of
from simulate.games.ddm_guild_cards import GuildCard
from simulate.games.ddm_guild_vocab import CONDITION_TRIGGERS, Filter, Power, rerolls_attack

LIVING_EXCEPTIONS: Final = frozenset({"undead", "construct", "object"})


# the index of a power an effect gives a creature for a while: above every printed power's, one per effect
GRANTED_INDEX: Final = 1000

# the creature states a group's kinds may name (ddm_guild_judge.has_keyword: conditions, ongoing damage)
_STATE_WORDS: Final = frozenset({"dazed", "stunned", "immobilized", "slowed", "weakened", "blinded", "ongoing"})


def is_state_kinds(kinds: str) -> bool:
    """Kinds that name a state a creature is in now ('slowed', 'ongoing-necrotic'), not only keywords."""
    return any(k.lstrip("!").split("-")[0] in _STATE_WORDS for alt in kinds.split("|") for k in alt.split("+") if k)


class Active:
    """An effect in force on a creature: a condition, a modifier or ongoing damage, with its duration.

    ``clock`` counts the ends (or starts) of ``clock_of``'s turns still to come before it ends."""

    __slots__ = (
        "amount",
        "clock",
        "clock_of",
        "duration",
        "eid",
        "extra",
        "filter",
        "group",
        "kind",
        "source",
        "what",
    )

    def __init__(self, kind: str, what: str, amount: int, duration: str, source: str, flt: Filter,
                 extra: tuple[str, ...], clock_of: str, clock: int, group: int, eid: int = 0) -> None:
        self.kind = kind
        self.what = what
        self.amount = amount
        self.duration = duration
        self.source = source
        self.filter = flt
        self.extra = extra
        self.clock_of = clock_of
        self.clock = clock
        self.group = group
        self.eid = eid

    def describe(self) -> str:
        return f"{self.kind}:{self.what}{'+' if self.amount >= 0 else ''}{self.amount}/{self.duration}"


class Made:
    """Terrain a power made for a while (profile ``ddm-guild.made-terrain``): its squares, the terrain, until when
    (``duration`` as an effect's, counted on ``clock_of``'s turns; "end-next-round": the end of round ``round``)."""

    __slots__ = ("amount", "clock", "clock_of", "duration", "eid", "key", "kinds", "round", "squares", "what")

    def __init__(self, what: str, squares: frozenset[Sq], duration: str, clock_of: str, clock: int, rnd: int,
                 key: tuple[str, int], eid: int, amount: int = 0, kinds: str = "") -> None:
        self.what = what
        self.kinds = kinds  # "difficult": the creatures it counts for ('non-Giant and non-Thunder'), "" for all
        self.amount = amount  # "sight-limit": the squares sight reaches
        self.squares = squares
        self.duration = duration
        self.clock_of = clock_of
        self.clock = clock
        self.round = rnd
        self.key = key  # (the creature, the power) that made it: made again, it starts over
        self.eid = eid


class Fighter:
    """A creature of a warband in a battle (id ``a1``… for player 0, ``b1``… for player 1)."""

    def __init__(self, fid: str, player: int, card: GuildCard, powers: list[Power]) -> None:
        self.id = fid
        self.player = player
        self.card = card
        self.name = card.name
        self._powers: tuple[Power, ...] = ()
        self.answers: frozenset[str] = frozenset()
        self.powers = tuple(powers)  # the powers played (the others are listed, never used)
        self.max_hp = card.hp
        self.hp = card.hp
        self.side = card.squares
        self.pos: Sq | None = None
        # its battle's count of changes to who is in play (Battle.add gives the battle's; alive and on_map bump it)
        self.roster: list[int] = [0]
        self._alive = True
        self._on_map = False
        self.keywords = card.keyword_set()
        self.living = not (self.keywords & LIVING_EXCEPTIONS)
        self.uses: dict[int, int] = {p.index: p.uses for p in powers if p.uses}
        self.champion_left = card.champion_rating or 0
        self.resist: dict[str, int] = {}
        self.vulnerable: dict[str, int] = {}
        self.immune: set[str] = set()
        self.reach = 1
        self.flight = card.movement_mode == "flight"
        self.burrow = card.movement_mode == "burrow"
        self.phasing = False
        self.insubstantial = False
        self.conceal = 0
        self.blindsight = False
        self.stable = False
        self.forest_walk = False
        self.swarm = False
        # the side (in squares) of the largest enemies it moves through: 1 for Towering (Medium or smaller, profile
        # ddm-guild.towering), 2 for 'Can move through spaces occupied by Large or smaller enemies' (Stomp); 0: none
        self.over_squares = 0
        self.statue_ok = False  # may stop on statue terrain
        self.delayed = False  # Delayed Appearance: starts off the battle map (profile ddm-guild.delayed-appearance)
        self.no_flank = False  # 'Immune Flanking': flanking gives no combat advantage against it
        self.keen = 20
        self.keen_when: list[tuple[int, Filter]] = []  # a wider critical range with some attacks, against some targets
        self.crit_multipliers: list[tuple[int, str]] = []  # 'triple damage on criticals' (with an attack form)
        self.crit_damage: list[tuple[int, str]] = []  # '+10 (poison) Damage on criticals'
        self.awareness = False
        self.never_ca = False
        self.activations = 1
        self.shift_squares = R.SHIFT_SQUARES  # profile ddm-guild.shift; "can shift up to N squares" widens it
        self.scout = False
        self.wandering = False
        self.hide = False
        self.ponderous = False
        self.through_enemies = False
        self.extra_attack_actions = 0  # 'Take 1 extra attack action' (this turn): attack actions still to come
        self.extra_move_actions = 0  # 'Take 1 extra move action this turn'
        self.extra_minor_actions = 0  # 'Takes 1 extra minor action on each of its turns'
        self.move_after_charge = False  # 'Can move after charging': its move action is left after a charge
        self.act_after_charge = False  # 'May take other actions on its turn after charging': move and minor actions
        self.static_mods: list[tuple[str, int, Filter]] = []  # (stat, amount, filter)
        # what it has while a state of its own holds ('Conceal 6 while adjacent to a wall'): (what, amount, state),
        # and what of it holds now (ddm_guild_moves.refresh_while keeps it, whenever creatures move or hit points
        # change)
        self.while_gains: list[tuple[str, int, str]] = []
        self.while_on: dict[str, int] = {}
        self.charging_now = False  # its charge is being planned or made ('+2 Speed and Flight while charging')
        self.charge_flight = False
        self.move_mode = ""  # 'flight' / 'burrow' while a power moves it so ('move up to its speed with Flight')
        self.auras: list[tuple[str, int, Filter, int]] = []  # (stat, amount, filter, size)
        # the gain vocabulary (ddm_guild_effects.gain_words): what it always has ('Invisible', 'Cannot move') and what
        # its auras give the creatures in them ('Adjacent enemies may not make opportunity attacks'): kept in each
        # creature's while_on with what it has while a state holds (ddm_guild_moves.refresh_while)
        self.own_gains: list[tuple[str, int]] = []
        self.ca_vs: list[Filter] = []  # 'has combat advantage against bloodied enemies': against whom
        self.difficult_auras: list[tuple[int, Filter]] = []  # (size, side and kinds): squares difficult for them
        self.kin: list[str] = []  # 'has the Dragonne keyword if it has Dragonne allies in its warband' (at set-up)
        self.resist_forms: dict[str, int] = {}  # 'Resist 5 All vs. melee attacks': form -> N
        self.aura_gains: list[tuple[str, int, Filter, int]] = []  # (what, amount, filter: side and kinds, size)
        self.effects: list[Active] = []
        # the round and the turn
        self.activations_left = 0
        self.acted = False
        self.attack_action = False
        self.move_action = False
        self.minor_action = False
        self.immediate_used = False
        self.moved = 0
        self.attacked = False  # made an attack since its turn began
        self.melee_attacked = False  # made a melee attack since its turn began
        self.ranged_attacked = False  # made a ranged attack since its turn began
        self.turn_start: tuple[int, int] | None = None  # where its current turn began
        self.turn_kills = 0  # its kills when its current turn began ('if it has destroyed an enemy this turn')
        self.charged = False
        self.provoked_by: set[str] = set()
        self.was_bloodied = False
        self.spare_hp = 0  # set by 'not destroyed and has N HP instead' while it is being destroyed
        self.dying = False  # its 'when destroyed' powers are answering: it cannot be destroyed twice meanwhile
        self.absorb: dict[str, int] = {}  # damage type -> HP it heals instead of taking that damage
        self.resist_crit = 0  # 'Resist 15 All vs. critical hits'
        self.half_ranged = False  # 'Takes half damage from {R} attacks'
        self.no_opportunity = False  # 'Cannot make opportunity attacks'
        self.never_bloodied = False  # 'Never considered Bloodied'
        self.always_bloodied = False  # 'This creature is always considered bloodied'
        self.bloodied_line = -1  # 'considered Bloodied only at 10 HP or fewer' (-1: half its starting hit points)
        self.initiative_rating: int | None = None  # 'treated as having a Champion rating of 4 for initiative'
        self.per_turn_used: set[int] = set()
        self.free_shift = False  # this turn, it could shift once without an action ('Sidestep') and has not
        self.per_round_used: set[int] = set()
        # 'maximum 1 per turn per enemy': (power index, round, whose turn, its activations left, the event's creature)
        self.per_each_used: set[tuple[int, int, str, int, str]] = set()
        self.attacked_by: set[str] = set()  # the creatures that made an attack against it this round
        self.hit_with: set[tuple[str, str]] = set()  # (its attack power's name, the creature it hit) this battle
        # extra attacks its riders made this turn / round, by the rider's key ('make this attack again (maximum 2
        # per turn)', 'make a {mb} attack (maximum once per turn)'; ddm_guild_attacks.extra_attack)
        self.extra_turn: dict[str, int] = {}
        self.extra_round: dict[str, int] = {}
        # statistics for the result
        self.damage_dealt = 0
        self.damage_taken = 0
        self.kills = 0
        self.points_earned = 0
        self.destroyed_round = 0
        self.destroyed_by = ""  # the creature that destroyed it ("" for none: ongoing damage, a pit, ...)

    # -- state

    @property
    def powers(self) -> tuple[Power, ...]:
        return self._powers

    @powers.setter
    def powers(self, powers: tuple[Power, ...]) -> None:
        """Its powers are replaced whole, never changed in place (a tuple), so what they answer is kept with them:
        ``answers``, every event a power of its answers or recharges on (ddm_guild_triggers.fire asks it first:
        nearly every event finds no power of any creature answering it)."""
        self._powers = powers
        self.answers = frozenset([p.trigger for p in powers if p.trigger]
                                 + [p.recharge[3:] for p in powers if p.recharge.startswith("on:")])

    @property
    def bloodied(self) -> bool:
        """Profile ``ddm-guild.bloodied``: half the hit points or fewer, rounded down ('Never considered Bloodied'), or
        the line its card prints (profile ``ddm-guild.over-heal``)."""
        line = self.bloodied_line if self.bloodied_line >= 0 else self.max_hp // 2
        return (self.hp <= line or self.always_bloodied) and not self.never_bloodied

    @property
    def alive(self) -> bool:
        return self._alive

    @alive.setter
    def alive(self, alive: bool) -> None:
        self._alive = alive
        self.roster[0] += 1

    @property
    def on_map(self) -> bool:
        return self._on_map

    @on_map.setter
    def on_map(self, on_map: bool) -> None:
        """(Battle.enemies_of and .allies_of are kept until a creature is destroyed, arrives or leaves the map.)"""
        self._on_map = on_map
        self.roster[0] += 1

    def in_play(self) -> bool:
        return self._alive and self._on_map

    def space(self) -> list[Sq]:
        return space_of(self.pos, self.side) if self.pos is not None else []

    def has(self, condition: str) -> bool:
        if self.while_on and self.while_on.get(condition, 0):  # 'Immobilized whenever no Arcane ally sees it'
            return True
        return any(e.kind == "condition" and e.what == condition for e in self.effects)

    # -- what a power gave it for a while ('has resist 10 all until end of its next turn'), with its own

    def held(self) -> bool:
        """It may not move: Immobilized, or 'cannot move while adjacent to a bloodied enemy' (Murderous)."""
        return self.has("immobilized") or (self.while_on.get("no-move", 0) > 0 if self.while_on else False)

    def gained(self, what: str) -> int:
        best = self.while_on.get(what, 0) if self.while_on else 0
        for e in self.effects:
            if e.kind == "gain" and e.what == what and e.amount > best:
                best = e.amount
        return best

    def resist_now(self) -> dict[str, int]:
        out = self.resist
        less: list[tuple[str, int]] = []
        lost = ""
        for what, n in self.while_on.items() if self.while_on else ():
            if what.startswith("resist:") and n > out.get(what[7:], 0):
                if out is self.resist:
                    out = dict(self.resist)
                out[what[7:]] = n
            elif what.startswith("resist-less:"):
                less.append((what[12:], n))
            elif n and what.startswith("no-resist:"):  # ('lose Resist All' while it has no Good ally in its warband)
                lost = what[10:]
        for e in self.effects:
            if e.kind == "gain" and e.what.startswith("resist:"):
                if out is self.resist:
                    out = dict(self.resist)
                key = e.what[7:]
                out[key] = max(out.get(key, 0), e.amount)
            elif e.kind == "gain" and e.what.startswith("resist-less:"):  # 'target's Resist Fire is reduced by 15'
                less.append((e.what[12:], e.amount))
            elif e.kind == "gain" and e.what.startswith("no-resist:"):  # 'loses Resist Fire until end of round'
                lost = e.what[10:]
        for key, n in less:
            if out.get(key, 0) > 0:
                if out is self.resist:
                    out = dict(self.resist)
                out[key] = max(0, out[key] - n)
        if lost and lost in out:
            out = {k: v for k, v in out.items() if k != lost}
        return out

    def resist_vs(self, shape: str) -> tuple[int, int]:
        """Resist All against attacks of this shape, from its card, an aura or a power for a while ('This creature and
        allies in aura have Resist 10 All vs. Blast and Burst attacks': "resist-vs:close-blast|close-burst|area|
        reach-burst"), and the least damage it lets through ('(minimum 5 Damage)': ":min5"): (N, least)."""
        best = (0, 0)
        gains = [*(self.while_on.items() if self.while_on else ()),
                 *((e.what, e.amount) for e in self.effects if e.kind == "gain")]
        for what, n in gains:
            if what.startswith("resist-vs:"):
                shapes, _, least = what[10:].partition(":min")
                if shape in shapes.split("|") and n > best[0]:
                    best = (n, int(least or 0))
        return best

    def immune_now(self) -> set[str]:
        extra = {e.what[7:] for e in self.effects if e.kind == "gain" and e.what.startswith("immune:")}
        if self.while_on:  # 'Immune Dazed while not bloodied'
            extra |= {w[7:] for w in self.while_on if w.startswith("immune:")}
        return self.immune | extra if extra else self.immune

    def is_insubstantial(self) -> bool:
        return self.insubstantial or self.gained("insubstantial") > 0

    def conceal_now(self) -> int:
        if self.gained("no-conceal"):  # 'enemies in aura do not benefit from Conceal'
            return 0
        return max(self.conceal, self.gained("conceal"))

    def barred_forms(self) -> set[str]:
        """The attack forms it may not use now ('Other creatures within 2 squares of this creature cannot make {r},
        {c}, or {a} attacks': "no-attack-form:area|close|ranged" from an aura, its card or for a while)."""
        out: set[str] = set()
        for what in self.while_on if self.while_on else ():
            if what.startswith("no-attack-form:"):
                out.update(what[15:].split("|"))
        for e in self.effects:
            if e.kind == "gain" and e.what.startswith("no-attack-form:"):
                out.update(e.what[15:].split("|"))
        return out

    def conceal_vs(self, adjacent: bool) -> int:
        """Its Conceal against an attacker adjacent to it or not ('Has Conceal 6 against adjacent enemies')."""
        out = self.conceal_now()
        if not self.gained("no-conceal"):  # ('... and Conceal 11 against non-adjacent enemies')
            out = max(out, self.gained("conceal-adjacent" if adjacent else "conceal-far"))
        return out

    def vulnerable_now(self) -> dict[str, int]:
        """Its Vulnerable N (type), with what an aura or a power gives it ('enemies in aura gain Vulnerable 10
        fire')."""
        out = self.vulnerable
        for what, n in self.while_on.items() if self.while_on else ():
            if what.startswith("vulnerable:") and n > out.get(what[11:], 0):
                out = dict(out) if out is self.vulnerable else out
                out[what[11:]] = n
        for e in self.effects:
            if e.kind == "gain" and e.what.startswith("vulnerable:") and e.amount > out.get(e.what[11:], 0):
                out = dict(out) if out is self.vulnerable else out
                out[e.what[11:]] = e.amount
        return out

    def makes_opportunity_attacks(self) -> bool:
        """'Cannot make opportunity attacks', its own or an aura's ('Adjacent enemies may not make opportunity
        attacks')."""
        return not self.no_opportunity and not self.gained("no-opportunity")

    def immediate_ready(self) -> bool:
        """It may take an immediate action now (profile ``ddm-guild.immediate-actions``; not in an aura that forbids
        them: '(Aura 1) Enemies in aura may not take Immediate actions')."""
        return self.can_react() and not self.immediate_used and not self.gained("no-immediate")

    def flank_immune(self) -> bool:
        """'Immune Flanking', or 'never considered to be flanked' for a while."""
        return self.no_flank or self.gained("no-ca-from-flank") > 0

    def halves_ranged(self) -> bool:
        """'Takes half damage from {R} attacks', its own or for a while ('allies take half damage from {r} attacks
        until end of round')."""
        return self.half_ranged or self.gained("half-ranged") > 0

    def never_grants_ca(self) -> bool:
        """'Never grants combat advantage', or 'allies do not grant combat advantage this round'."""
        return self.never_ca or self.gained("no-grant-ca") > 0

    def sees_all(self) -> bool:
        return self.blindsight or self.gained("blindsight") > 0

    def stunned(self) -> bool:
        """No actions: Stunned, Helpless, or 'can take no actions until end of its next turn' (Feed: without the
        combat advantage a stunned creature grants)."""
        return self.has("stunned") or self.has("helpless") or (bool(self.effects) and self.gained("no-actions") > 0)

    def can_act(self) -> bool:
        return self.in_play() and not self.stunned() and not self.has("dominated")

    def can_react(self) -> bool:
        """Opportunity attacks and immediate actions: not while dazed, staggered, confused, stunned, helpless or
        dominated (profiles ``ddm-guild.staggered``, ``ddm-guild.confused``, ``ddm-guild.basic-attack-only``)."""
        return self.can_act() and not self.dazed_like() and not self.has("confused")

    def flanker(self) -> bool:
        """It flanks with an ally (profile ``ddm-guild.flanking``): it can react, and its card does not say it never
        flanks ('Never considered to flank enemies', 'does not provide flanking to allies')."""
        return self.can_react() and not self.never_flanks()

    def never_flanks(self) -> bool:
        return bool(self.while_on) and self.while_on.get("no-flanker", 0) > 0

    def reloading(self) -> str:
        """'Slow Reload: Can't make a {r} attack and move on the same turn' (on its turn): "ranged" once it has moved
        (no ranged attack now), "move" once it has made a ranged attack (no move now), "" otherwise."""
        if not (self.while_on and self.while_on.get("slow-reload", 0)):
            return ""
        return "move" if self.ranged_attacked else "ranged" if self.moved else ""

    def dazed_like(self) -> bool:
        """Dazed, or staggered ('as dazed', profile ``ddm-guild.staggered``)."""
        return self.has("dazed") or self.has("staggered")

    def basic_only(self) -> bool:
        """Staggered or confused: its attack action is a basic attack or a move, it uses no champion power
        (profiles ``ddm-guild.staggered``, ``ddm-guild.confused``, ``ddm-guild.basic-attack-only``)."""
        return self.has("staggered") or self.has("confused")

    def speed(self) -> int:
        if self.has("slowed"):
            return min(2, self._speed_with_mods())
        return self._speed_with_mods()

    def _speed_with_mods(self) -> int:
        s = self.gained("speed-set") or self.card.speed  # ('has Speed F8' until it makes an attack)
        for stat, n, flt in self.static_mods:
            if stat == "speed" and (not flt.self_state or (flt.self_state == "charging" and self.charging_now)):
                s += n  # '+2 Speed while charging': on its charge's move
        if self.while_on:
            s += self.while_on.get("speed", 0)  # '+2 speed while an Arcane ally is on the battle map'
        for e in self.effects:
            if e.kind == "mod" and e.what == "speed":
                s += e.amount
        return max(s, 0)

    def burrowing(self) -> bool:
        """Profile ``ddm-guild.burrow`` (a reading carried over from the seed rules): a creature with Burrow moves
        underground on any move but a charge — under walls and enemies, every square 1, provoking no opportunity
        attack — and must end where it may stand; not when it 'loses Burrow until end of its next turn'."""
        return (self.burrow or self.gained("burrow") > 0 or self.move_mode == "burrow") and not self.charging_now \
            and not self.gained("no-burrow")

    def flies(self) -> bool:
        """Flight now: its own, a power's, while charging; not when it 'loses Flight until end of round'."""
        return (self.flight or self.gained("flight") > 0 or (self.charging_now and self.charge_flight)
                or self.move_mode == "flight") and not self.gained("no-flight")

    def mover(self) -> Mover:
        flight = self.flies()
        phasing = self.phasing or self.gained("phasing") > 0 or self.burrowing()
        stable = self.stable or self.gained("stable-footing") > 0 or (  # 'Elven Step: ignores difficult terrain
            self.move_mode == "shift" and self.gained("shift-stable") > 0)  # while shifting'
        return Mover(self.side, flight, stable, phasing,
                     self.through_enemies or phasing,
                     self.forest_walk or self.gained("forest-walk") > 0,
                     self.statue_ok)

    def uses_left(self, p: Power) -> bool:
        if self.while_on and self.while_on.get("no-negate") and any(e.kind == "negate" for e in p.effects):
            return False  # 'may not use powers that turn hits into misses'
        if p.uses and self.uses.get(p.index, 0) <= 0:
            return False
        if p.per == "turn" and p.index in self.per_turn_used:
            return False
        if p.per == "round" and p.index in self.per_round_used:
            return False
        if p.ptype == "champion":  # not in an aura that forbids champion powers
            return self.champion_left > 0 and not self.basic_only() and not self.gained("no-champion")
        return not (p.ptype == "special" and self.has("confused"))  # profile ddm-guild.confused

    def spend(self, p: Power) -> None:
        if p.uses:
            self.uses[p.index] = self.uses.get(p.index, 0) - 1
        if p.per == "turn":
            self.per_turn_used.add(p.index)
        if p.per == "round":
            self.per_round_used.add(p.index)
        if p.ptype == "champion":
            self.champion_left -= 1

    def melee_basic(self) -> Power | None:
        """Profile ``ddm-guild.basic-attack``: the first unlimited single-target melee attack."""
        for p in self.powers:
            if p.is_basic and p.attack is not None and p.attack.form == "melee":
                return p
        return None

    def ranged_basic(self) -> Power | None:
        for p in self.powers:
            if p.is_basic and p.attack is not None and p.attack.form == "ranged":
                return p
        return None

    def reach_of(self, p: Power) -> int:
        a = p.attack
        if a is None:
            return 0
        if self.gained("no-reach"):  # 'until end of battle, this creature loses Reach 2'
            return a.reach
        reach = max(self.reach, self.gained("reach"))  # (a while state's, an aura's, or a power's for a while)
        return max(a.reach, reach) if a.reach == 1 else a.reach


class Battle:
    """The battle around the creatures: the board, the dice, the log, the score, the round."""

    def __init__(self, board: GuildBoard, dice: Dice, log: EventLog, points_limit: int) -> None:
        self.board = board
        self.dice = dice
        self.log = log
        self.fighters: list[Fighter] = []
        # who is in play, per player, in the fighters' order, and each creature's allies in play: kept until the
        # count of changes to who is in play moves (Fighter.alive / .on_map, add)
        self.roster: list[int] = [0]
        self._sides_at = -1
        self._sides: tuple[tuple[Fighter, ...], ...] = ((), ())
        self._allies: dict[str, tuple[Fighter, ...]] = {}
        self.by_id: dict[str, Fighter] = {}
        self.scores = [0, 0]
        self.round = 0
        self.points_limit = points_limit
        self.active: Fighter | None = None
        self.first_active = ["", "", ""]  # this round's first creature activated: of player 0, of player 1, of both
        # the powers being applied (creature id, power index), innermost last, and the effects each has put in force
        # ('RECHARGE when no creature is affected by this power')
        self.applying: list[tuple[str, int]] = []
        # the champion powers being used, innermost last: whether an enemy's power has cancelled each
        # (ddm_guild_triggers.champion_cancelled)
        self.cancels: list[bool] = []
        self.power_effects: dict[tuple[str, int], set[int]] = {}
        # victory points this round decides, awarded at its end ("vp" effects "round:<measure>",
        # ddm-guild.round-awards): (player, points, measure, the creature whose power it is)
        self.round_awards: list[tuple[int, int, str, str]] = []
        self.ending_round = False  # the end of round phase is being played ('during the end of round phase')
        # the next champion test: each player's extra d20s, and the player who wins it outright (-1: none);
        # ddm-guild.initiative-dice
        self.initiative_dice = [0, 0]
        self.initiative_win = -1
        self.won_initiative = -1  # the player who won this round's champion test
        self.initiative_faces = [0, 0]  # each player's die in it (0: no roll, a power won it)
        self.scouted: list[Fighter] = []  # creatures a set-up power gave Scout: set up again as Scouts
        self.winner: int | None = None
        self.reason = ""
        self.over = False
        self.letters = ["A", "B"]
        self.next_group = 1
        self.attacks_rolled = 0
        self._occupied: dict[Sq, Fighter] | None = None
        self.run: object = None  # the attack being resolved (ddm_guild_judge.Run), for powers that ask its form
        self.pending: list[list[int]] = []  # damage about to be lost, innermost last ('assign half the damage to it')
        self.sharers = False  # some creature may take part of an ally's damage ('ally-takes-damage')
        self.version = 0  # bumped whenever a creature moves, appears, disappears or changes what it can do
        self.reach_cache: dict[tuple[str, int, int, int, Sq, bool, str], object] = {}
        self.rerolls = False  # some creature has a power that has an attack roll rolled again (ddm_guild_triggers)
        self.challenges = False  # ... or a challenge ('Divine Challenge', Combat Challenge, 'Eyes on Me': an attack
        # that leaves its creature out, ddm_guild_attacks.challenged)
        self.made: list[Made] = []  # terrain powers made for a while; ``board`` is the map with it (ddm_guild_apply)
        self.carried: frozenset[Sq] = frozenset()  # 'whenever it is not its turn: its space is smoke terrain'
        self.carriers = False  # some creature has that, or 'while it is on the battlemap, line of sight is limited'
        self.area_aimed: frozenset[Sq] = frozenset()  # the squares of the area attack being resolved
        self.condition_answers = False  # ... a power that answers a condition put on (ddm_guild_apply.condition_gained)
        # some creature's aura reaches creatures in a state ('Enemies within 2 squares taking ongoing necrotic damage
        # are also Immobilized'): what it gives is judged again whenever a condition or ongoing damage starts or ends
        self.state_auras = False
        self.friend_turns = False  # some creature answers the turn start of any creature of its side, its own too
        self.aura_owners: list[Fighter] = []  # the creatures with an aura modifier (Fighter.auras), in fighters' order

    def add(self, f: Fighter) -> None:
        self.fighters.append(f)
        f.roster = self.roster
        self.roster[0] += 1
        self.by_id[f.id] = f
        if f.auras:  # (made whole at set-up: ddm_guild.make_fighter)
            self.aura_owners.append(f)
        if any(s.kind == "gain" and s.what in ("smoke-space", "sight-limit") for p in f.powers for s in p.statics):
            self.carriers = True
        self.note_rerolls(f.powers)
        if any(is_state_kinds(flt.keyword) for _w, _n, flt, _s in f.aura_gains):
            self.state_auras = True

    def note_rerolls(self, powers: Sequence[Power]) -> None:
        """Whether an attack's result must be offered to the creatures' powers
        (``ddm_guild_triggers.offer_rerolls``)."""
        if any(rerolls_attack(p) for p in powers):
            self.rerolls = True
        if any(p.trigger in CONDITION_TRIGGERS for p in powers):  # (and whether a condition put on is an event)
            self.condition_answers = True
        if any(p.trigger in ("ally-takes-damage", "takes-damage") for p in powers):
            self.sharers = True
        if any(p.trigger == "enemy-ignores" or any(e.kind == "challenge" for e in p.effects)
               or any(x.what == "challenge-aura" for x in p.statics) for p in powers):
            self.challenges = True
        if any(p.trigger == "friend-starts-turn" for p in powers):
            self.friend_turns = True

    # -- occupancy (rebuilt after anything moves)

    def moved(self) -> None:
        self._occupied = None
        self.version += 1

    def occupied(self) -> dict[Sq, Fighter]:
        if self._occupied is None:
            occ: dict[Sq, Fighter] = {}
            for f in self.fighters:
                if f.in_play():
                    for sq in f.space():
                        occ[sq] = f
            self._occupied = occ
        return self._occupied

    def in_play(self, player: int | None = None) -> list[Fighter]:
        return [f for f in self.fighters if f.in_play() and (player is None or f.player == player)]

    def _in_play_sides(self) -> tuple[tuple[Fighter, ...], ...]:
        if self._sides_at != self.roster[0]:
            self._sides = (tuple([x for x in self.fighters if x.player == 0 and x.in_play()]),
                           tuple([x for x in self.fighters if x.player == 1 and x.in_play()]))
            self._allies = {}
            self._sides_at = self.roster[0]
        return self._sides

    def enemies_of(self, f: Fighter) -> tuple[Fighter, ...]:
        return self._in_play_sides()[1 - f.player]

    def allies_of(self, f: Fighter) -> tuple[Fighter, ...]:
        side = self._in_play_sides()[f.player]
        hit = self._allies.get(f.id)
        if hit is None:
            hit = self._allies[f.id] = tuple([a for a in side if a is not f])
        return hit

    # -- geometry between creatures

    def gap(self, a: Fighter, b: Fighter) -> int:
        if a.pos is None or b.pos is None:
            return 1 << 20
        return gap(a.pos, a.side, b.pos, b.side)

    def adjacent(self, a: Fighter, b: Fighter) -> bool:
        if a.pos is None or b.pos is None:
            return False
        return self.board.adjacent(a.pos, a.side, b.pos, b.side)

    def sees(self, a: Fighter, b: Fighter) -> bool:
        """Line of sight (profile ``ddm-guild.invisible``: none to an invisible creature, unless Blindsight)."""
        if a.pos is None or b.pos is None:
            return False
        if a is b:
            return True
        if a.has("blinded") and not self.adjacent(a, b):
            return False
        if self.invisible_to(b, a):
            return False
        return self.sight_board(a).sees(a.pos, a.side, b.pos, b.side)

    def sight_board(self, viewer: Fighter, ranged: bool = False) -> GuildBoard:
        """The map as ``viewer`` sees it (``ranged``: for its {r} attack): with the smoke on it, unless it 'ignores
        smoke terrain'; with forest, unless its {r} attacks 'ignore forest terrain'; with walls and terrain, unless
        'terrain and walls do not block its line of sight' for now."""
        board = self.board
        clear = bool(viewer.effects) and viewer.gained("clear-sight") > 0
        w = viewer.while_on
        drop: frozenset[str] = frozenset()
        if viewer.effects and viewer.gained("terrain-sight"):  # 'terrain does not block its line of sight'
            drop = frozenset().union(*board.base.grid.terrain.values()) | SIGHT_ONLY
        if w:
            if board.smoky and w.get("ignores-smoke"):
                drop = drop | SIGHT_ONLY
            if (ranged and w.get("ranged-ignores-forest")) or w.get("forest-sight"):  # ('smoke and forest terrain
                drop = drop | {"forest"}  # do not block line of sight for this creature': all its sight)
        if not clear and not drop:
            return board
        return board.with_terrain(self.made_map(), board.sight_limit, drop, clear)

    def made_map(self) -> dict[Sq, frozenset[str]]:
        """The terrain powers made that changes sight (``SIGHT_ONLY``), square by square, the smoke creatures carry
        on their spaces included."""
        made: dict[Sq, frozenset[str]] = {}
        for m in self.made:
            if m.what not in SIGHT_ONLY:  # (a sight limit; difficult terrain: ddm_guild_moves.slow_for)
                continue
            for sq in m.squares:
                made[sq] = made.get(sq, frozenset()) | {m.what}
        for sq in self.carried:
            made[sq] = made.get(sq, frozenset()) | {"smoke"}
        return made

    def senses(self, viewer: Fighter, target: Fighter, word: str) -> bool:
        """'Ignores Invisible' / 'Ignores Conceal' (``word`` 'sees-invisible' / 'ignores-conceal'), within the squares
        its card gives; '-ground': 'on creatures without Flight' (Tremorsense)."""
        w = viewer.while_on
        if not w:
            return False
        n, g = w.get(word, 0), w.get(word + "-ground", 0)
        if not n and not g:
            return self.nearest_sense(viewer, target, word)
        d = self.gap(viewer, target)
        return bool((n and d <= n) or (g and d <= g and not target.flies())) or self.nearest_sense(viewer, target, word)

    def nearest_sense(self, viewer: Fighter, target: Fighter, word: str) -> bool:
        """'Ignores cover, Invisible and Conceal on nearest target within 10 squares' (``word`` + '-nearest': the
        squares): against an enemy within them that no other enemy is nearer than."""
        n = viewer.while_on.get(word + "-nearest", 0) if viewer.while_on else 0
        if not n or target.player == viewer.player:
            return False
        d = self.gap(viewer, target)
        return d <= n and all(self.gap(viewer, e) >= d for e in self.enemies_of(viewer))

    def ignores_conceal(self, attacker: Fighter, target: Fighter) -> bool:
        """Blindsight, or 'Ignores Conceal' (profile ``ddm-guild.conceal``)."""
        return attacker.sees_all() or self.senses(attacker, target, "ignores-conceal")

    def invisible_to(self, target: Fighter, viewer: Fighter) -> bool:
        if viewer.sees_all() or (viewer.effects and viewer.gained("clear-sight")):  # ('invisible creatures are
            return False  # visible to this creature', and no wall hides one from it)
        if not target.gained("no-invisible") and not self.senses(viewer, target, "sees-invisible"):
            if target.has("invisible"):
                return True
            if target.effects and target.gained("invisible-enemies") and viewer.player != target.player:
                return True  # ('Enemies may not trace line of sight to this creature until the start of its next turn')
            if target.gained("invisible-far") and viewer.player != target.player and not self.adjacent(target, viewer):
                return True  # ('invisible to nonadjacent enemies': while a state holds, its own, or until it moves)
            if target.while_on:  # 'invisible (to nonadjacent enemies) while occupying forest terrain'
                if target.while_on.get("invisible", 0) and viewer.player != target.player:
                    return True

                if target.while_on.get("invisible-far-all", 0) and not self.adjacent(target, viewer):
                    return True  # (its allies too)
                far = target.while_on.get("invisible-beyond", 0)  # 'invisible to enemies 5 or more squares distant'
                if far and viewer.player != target.player and self.gap(target, viewer) >= far:
                    return True
        if not (target.hide or target.gained("hide") > 0) or target.gained("no-hide"):
            return False
        if target.pos is not None and viewer.pos is not None and not self.adjacent(target, viewer):
            return self.board.wall_cover(viewer.pos, viewer.side, target.pos, target.side)
        return False

    def end_until(self, f: Fighter, duration: str, why: str) -> None:
        """End ``f``'s effects that last until this happens to it ("until-moves", "until-attacked",
        "until-bloodied")."""
        for e in [x for x in f.effects if x.duration == duration or (
                duration == "until-moves" and x.duration == "until-moves-or-attacks")]:
            self.end_effect(f, e, why)

    def end_effect(self, f: Fighter, e: Active, why: str) -> None:
        """Remove an effect from a creature and say so in the log (the replay shows conditions ending); a power given
        for a while leaves with it."""
        if e in f.effects:
            f.effects = [x for x in f.effects if x is not e]
            if e.kind == "grant":
                f.powers = tuple([p for p in f.powers if p.index != GRANTED_INDEX + e.eid])
            self.version += 1
            self.event("effect-end", creature=f.id, eid=e.eid, what=e.what, why=why)
            if self.state_auras and e.kind in ("condition", "ongoing"):
                from simulate.games.ddm_guild_moves import refresh_while  # (the play module imports this one)
                refresh_while(self)

    def new_group(self) -> int:
        self.next_group += 1
        return self.next_group

    def event(self, kind: str, **data: object) -> None:
        """Log an event: its data as the caller's keywords, and the round. The keywords' own dict is the record's
        (its "round" last; the replay's records compare as JSON objects): merging the round in front of them built
        a second dict and called the log through Python's keyword protocol, a twentieth of a battle."""
        data["round"] = self.round
        self.log.add_data(kind, data)  # type: ignore[arg-type]
