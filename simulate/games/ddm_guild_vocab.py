"""DDM Guild powers: the vocabulary a printed power is read into.

The typed records the reader (``ddm_guild_powers``) fills and the engine (its play modules) plays: a
:class:`Filter` (whom an effect or trigger concerns), an :class:`Effect` (damage, ongoing damage, a condition,
forced movement, a heal, a modifier, ...), an :class:`AttackSpec` (form, range, bonus and defence, what a hit,
a miss and a critical hit do), a :class:`Static` (what is always true of a creature) and the :class:`Power` they
make up, with the names of every kind the engine knows. Meanings: ``docs/rules/ddm-guild-play.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from mypy_extensions import mypyc_attr

# --- the vocabulary --------------------------------------------------------------------------------------------

DEFENCES: Final = ("ac", "fort", "ref", "will")
# the side of a creature's space in squares, by its size (the 1.0 rules' spaces, profile ddm-guild.size)
SIZES: Final[dict[str, int]] = {"Tiny": 1, "Small": 1, "Medium": 1, "Large": 2, "Huge": 3, "Gargantuan": 4,
                                "Colossal": 4}
DAMAGE_TYPES: Final = (
    "acid", "cold", "fire", "force", "lightning", "necrotic", "poison", "psychic", "radiant", "thunder",
)
# Conditions whose meaning the profile gives (ddm-guild-play.md, Conditions).
CONDITIONS: Final = (
    "dazed", "stunned", "immobilized", "slowed", "weakened", "helpless", "dominated", "blinded", "marked",
    "invisible", "grants-ca", "no-shift", "provokes", "confused", "staggered", "no-attack", "no-attack-source",
    "grants-ca-source",  # it grants combat advantage to the creature whose power put it on only
)
EFFECT_KINDS: Final = (
    "damage", "ongoing", "condition", "gain", "push", "pull", "slide", "shift", "move", "teleport", "heal", "mod",
    "attack", "vp", "cleanse", "recharge", "reroll", "negate", "reduce", "switch", "destroy-self", "provoke", "place",
    "redirect", "choose",
    "max-hp",  # 'This creature has maximum 30 HP instead of 20 HP' (during set-up: its starting hit points)
    "base-type",  # 'That attack's base damage becomes fire damage instead of its normal type' (what: the type)
    "cond-swap",  # 'The target is Helpless instead of Immobilized' (what "immobilized>helpless"; its attack that hits)
    "destroy",  # 'Destroy that ally' (the creature its words name is destroyed)
    "share",  # 'Assign half the damage to this creature instead' ("half-instead", of an ally's damage about to be
    # lost), 'that attack deals half damage to that ally and to this creature' ("half-both", of an ally's hit)
    "hit",  # 'that attack is a critical hit' ("crit"), 'an automatic hit' ("auto"), 'a normal hit instead' ("normal")
    "roll",  # 'Roll 1d20' (extra "new") and 'On 11+,' / '1-9:' (amount to count): the effects after it need that roll
    "survive",  # 'this creature is not destroyed and has 5 HP instead' (on the "destroyed" trigger)
    "scout",  # 'Use during your set-up: 1 Goblin ally has Scout until end of battle': it sets up as a Scout
    "initiative",  # 'you roll 1 extra d20 when determining initiative this round' (amount: dice), 'you automatically
    # win the next initiative roll' (what "win"): its player's next champion test (ddm-guild.initiative-dice)
    "menu",  # 'Choose 1 effect: Shield: +2 AC ... Smother: ...', 'heals 20 HP or recharges its Crushing Blow': one of
    # its ``options`` (their names in ``what``, '|'-separated), chosen by the player (ddm-guild.menu)
    "cancel",  # 'that champion power has no effect' (what "champion"): the enemy champion power being used does
    # nothing (its use stays spent), on the "enemy-uses-champion" trigger only (ddm-guild.champion-events); 'ignore
    # that condition, instead' (what "condition"): the condition being put on is not (ddm-guild.condition-events)
    "champion-uses",  # 'regains 1 use of its Champion powers' (amount 1), 'loses 1 use of its Champion powers' (-1):
    # the champion uses left of the creatures it reaches, within 0 and the card's champion rating
    "grant",  # 'Until end of round, whenever an enemy hits it: ...': a triggered power (its words in what) that its
    # creature has for the effect's duration
    "challenge",  # 'until start of this creature's next turn, whenever that enemy attacks, if it does not target this
    # creature, it takes 10 radiant damage and has -2 Attack on that attack roll': put on that enemy (what: the damage
    # "N:type", amount: the penalty; extra "action": 'when taking an attack action'), played as it attacks
    "terrain",  # 'each square adjacent to this creature gains smoke terrain until start of its next turn': terrain
    # (what) in squares around ``who`` (amount: squares from its space; extra "ring": not its own, "area": the attack's
    # area, "all": every square) for a while; the battle's own terrain over the map (ddm-guild.made-terrain)
)
STATIC_KINDS: Final = (
    "borrow",  # 'Use 1 Champion power of an allied champion, as if this creature had that Champion power': what ally /
    # enemy, filter.keyword the champion's kinds, filter.self_state a state it must be in to use one
    "always-bloodied",  # 'This creature is always considered bloodied'
    "initiative-rating",  # 'treated as having a Champion rating of 4 for determining initiative': amount
    "resist-form",  # 'Resist 5 All vs. melee attacks': what the form (melee / ranged)
    "difficult-aura",  # 'each square in aura is difficult terrain for enemies': amount, its size; filter: side, kinds
    "kin",  # 'has the Dragonne keyword if it has Dragonne allies in its warband': what (a keyword or good / evil)
    "ca-vs",  # 'Has combat advantage against bloodied enemies': filter.target_state (and keyword) say against whom
    "gain",  # what it always has, a word of the gain vocabulary ('Invisible', 'Cannot move', 'does not score VP for
    # occupying victory areas')
    "aura-gain",  # what an aura gives the creatures in it, a word of the gain vocabulary ('(Aura 2) Enemies in aura are
    # not invisible', 'Good allies within 3 squares of it have Immune Confused'); filter.side: ally / enemy / any, with
    # "+self" when the aura's creature has it too; filter.keyword: the kinds it reaches; aura: its size
    "resist-crit",  # 'Resist 15 All vs. critical hits': less damage from a critical hit only
    "half-ranged",  # 'Takes half damage from {R} attacks'
    "no-opportunity",  # 'Cannot make opportunity attacks'
    "never-bloodied",  # 'Never considered Bloodied'
    "bloodied-line",  # 'considered Bloodied only at 10 HP or fewer': amount, the hit points at which it is bloodied
    "bloodied-third",  # 'Considered bloodied at one-third of its starting HP, instead of one-half'
    "absorb",  # 'heals 10 HP each time an effect would deal cold damage to it': that damage heals it instead
    "resist", "vulnerable", "immune", "reach", "flight", "burrow", "phasing", "insubstantial", "conceal",
    "blindsight", "stable-footing", "forest-walk", "swarm", "towering", "keen-critical", "awareness",
    "defensive-advantage", "multi-activation", "mod", "scout", "wandering", "hide", "ponderous", "inexorable",
    "aura-mod", "no-ca-from-flank", "illuminator", "shift-distance", "statue-ok", "delayed", "blank", "construction",
    "crit-multiplier", "crit-damage", "while",
    "move-after-charge", "act-after-charge",  # 'Can move after charging', 'May take other actions ... after charging'
    "warband-keyword",  # 'Shapeshifters in your warband with the Stealth keyword gain the Aquatic keyword': what, the
    # keyword; filter.keyword, the kinds of its side's creatures (itself too) that gain it at set-up
    "spent-at-start",  # 'At start of battle, this creature's Cacophony, Chaos Hammer, ... count as used': what, the
    # powers' names ('|'-separated), with no use left when the battle starts
)
# how a move power moves its creature ('move up to its speed with Flight': "mode:flight" in the effect's extra)
MOVE_MODES: Final = ("flight", "burrow")
# where a shift, a move or a teleport must end (its ``what``): beside 'that enemy' (the event's, or the one its
# requirement names), 'that ally', an enemy / ally / creature (of the effect filter's kinds and state), or a wall
END_NEAR: Final = ("end:target", "end:that-ally", "end:ally", "end:enemy", "end:creature", "end:wall",
                   "closer:target")  # ('this creature shifts 1 square closer to target': nearer it than it was)
# victory points a round decides ("vp" effects whose what is "round:<measure>", ddm-guild.round-awards): the player
# ahead on enemies destroyed this round, on the highest level or cost of one, on creatures in its victory areas; each
# creature in a victory area; its power's creature destroyed one; an enemy was destroyed; each enemy destroyed
ROUND_MEASURES: Final = ("most-destroyed", "highest-level-destroyed", "highest-cost-destroyed", "most-in-areas",
                         "each-in-area", "self-destroyed", "any-destroyed", "each-destroyed", "double-areas")
# what a group named by where or how its creatures are ('each enemy occupying a victory area') may have done to it:
# the group's filter.target_state is that place or state (ddm_guild_apply._pick); a modifier's is whom it counts against
PLACED_KINDS: Final = frozenset({"damage", "ongoing", "condition", "heal", "cleanse", "push", "pull", "slide",
                                 "shift"})
# Durations: who counts the turn ("target" is the creature affected, "source" the one whose power it is).
DURATIONS: Final = (
    "save", "end-next-turn", "end-turn", "end-round", "battle", "start-next-turn", "end-next-turn-source",
    "start-next-turn-source", "after-attack", "permanent", "until-damaged",
    "after-hit",  # 'until after it hits with an attack': ends once an attack of its hits
    "until-targets-source",  # 'until it targets this creature with an attack': ends as it declares one
    "end-next-round",  # 'until end of next round': the end of the round after the one it is used in
    "while-source", "until-source-bloodied",  # while the power's creature is on the battle map; until it is first
    # bloodied (or leaves it)
    "until-moves", "until-attacked", "until-bloodied",  # its own next move, an attack on it, its first bloodying
    "until-moves-or-attacks",  # its own next move or attack, whichever comes first
)
TRIGGERS: Final = (
    "", "start-of-round", "end-of-round", "before-initiative", "start-of-turn", "end-of-turn", "setup",
    "hit-by", "missed-by", "attacked", "damaged", "bloodied", "destroyed", "destroys", "hits", "misses",
    "ally-destroyed", "ally-hit", "ally-bloodied", "enemy-adjacent-ends", "enemy-enters-adjacent", "first-bloodied",
    "ally-hits", "enemy-destroyed", "ally-starts-turn", "ally-ends-turn", "enemy-shifts", "attack-roll-misses",
    "enemy-starts-adjacent", "enemy-attacks-ally", "any-time", "win-initiative", "after-initiative",
    "enemy-starts-turn", "enemy-bloodied", "opportunity-hits", "opportunity-made", "attack-made", "starts-in-aura",
    "ally-destroys", "enemy-damaged", "ally-damaged", "any-damaged", "damages", "enemy-misses", "ally-misses",
    "any-misses", "enemy-hits", "any-hits", "crits", "ally-crits", "enemy-crits", "any-crits", "friend-crits",
    "crit-by", "fails-save", "ally-fails-save", "enemy-fails-save", "ally-attacked", "any-starts-turn", "declares",
    "first-turn", "own-turn", "ally-declares", "enemy-declares", "friend-declares", "enemy-enters-forest",
    "enemy-uses-champion",  # an enemy uses a champion power: as it is used, before its effects (which may be cancelled)
    "enemy-used-champion",  # ... once its effects are resolved ('after an enemy uses a champion power')
    "ally-gains-condition", "enemy-gains-condition",  # a condition put on an ally / an enemy (once it is on)
    "friend-would-gain-condition",  # a condition about to be put on it or an ally (a power may undo it)
    "ally-takes-damage",  # an ally is about to lose hit points to damage (a power may take part of them instead)
    "redirected",  # an attack of its side is being given to another creature (a power may keep it on its target)
    "takes-damage",  # it is about to lose hit points to damage (a power may give them to another creature)
    "ally-crit-by",  # an enemy scores a critical hit against an ally
    "uses-attack",  # it uses an attack power of its card (once, before its rolls, whatever its targets)
    "ally-would-be-destroyed",  # an ally is about to be destroyed (its own powers have answered; it is still there)
    "friend-bloodied",  # it or an ally becomes bloodied ('a Dragon in your warband becomes bloodied')
    "any-bloodied",  # any creature becomes bloodied
    "any-declares", "any-rolls",  # any creature makes an attack (played with the natural die its roll shows)
    "lose-initiative",  # its player lost this round's champion test
)


# the events of a condition put on a creature, or about to be (ddm_guild_apply.condition_gained / condition_ignored)
CONDITION_TRIGGERS: Final = frozenset({"ally-gains-condition", "enemy-gains-condition", "friend-would-gain-condition"})


@dataclass(frozen=True)
class Filter:
    """Who an effect or a modifier reaches, or when a modifier counts; empty fields mean 'any'."""

    keyword: str = ""  # a creature keyword the subject must have ("undead", "dwarf"); "!living" etc. negated
    alignment: str = ""  # "good" / "evil" / "non-good" ...
    attack_form: str = ""  # melee / ranged / close / area / basic / melee-basic / ranged-basic
    target_state: str = ""  # bloodied / ca / not-bloodied / keyword:<k> / higher-level / lower-level / adjacent
    self_state: str = ""  # bloodied / not-bloodied / charging / adjacent-ally / own-turn; of a trigger: the event
    # creature's state ('when a Dazed enemy starts its turn')
    within: int = 0  # squares from the power's creature (0: no limit; -1: adjacent)
    side: str = ""  # an aura's or a trigger's side: ally / enemy / any (the creatures it reaches)
    natural: str = ""  # of a trigger: the natural d20 of the event's attack roll ("18-20": 'rolls a natural 18+')


NO_FILTER: Final = Filter()  # (one shared instance of the empty filter: a frozen record, never built again in play)


@dataclass(frozen=True)
class Effect:
    kind: str  # one of EFFECT_KINDS
    who: str = "target"  # target / self / ally (the event's ally) / allies / enemies / all / chosen-ally / ...
    amount: int = 0
    what: str = ""  # damage type, condition, stat, attack kind ("basic", "melee-basic", "same", "power:<name>")
    duration: str = ""
    count: int = 1  # attacks, targets, conditions ended
    filter: Filter = Filter()
    extra: tuple[str, ...] = ()  # small flags: "exactly", "immediate", "ignore-resist", "provokes"
    follow: AttackSpec | None = None  # a Followup: a second attack against the same target when this one hits
    gate: Filter = Filter()  # an attack's rider only against a target in this state ('+15 damage if the target is
    # bloodied', 'Dazed target is Stunned instead'; with "instead" in extra it replaces the rider of its kind)
    options: tuple[tuple[Effect, ...], ...] = ()  # a "menu": the effects of each option it offers


@dataclass(frozen=True)
class AttackSpec:
    form: str  # melee / ranged / close-burst / close-blast / area / line
    bonus: int
    defence: str
    reach: int = 1  # melee reach
    range: int = 0  # ranged or area origin range; 0 = any distance in sight
    size: int = 0  # burst, blast, radius or line size
    nearest: bool = False
    auto_hit: bool = False
    targets: int = 1  # single-target attacks: how many attack rolls, each against a target chosen for it
    distinct: bool = False  # those targets must differ
    same: bool = False  # 'against 1 target', 'against the same target': every roll against one target
    rolls: int = 1  # 'Roll 4d20 and use the highest result': the attack roll is the highest of that many d20s
    no_crit: bool = False  # 'cannot be a critical hit'
    ac_cap: int = 0  # 'Treats targets with AC greater than 25 as AC 25': the AC it rolls against, at most
    target_filter: Filter = Filter()
    enemies_only: bool = False
    hit: tuple[Effect, ...] = ()
    miss: tuple[Effect, ...] = ()
    always: tuple[Effect, ...] = ()
    crit: tuple[Effect, ...] = ()
    provokes: bool = True
    charge: bool = False  # usable as a charge's attack
    ignores: tuple[str, ...] = ()  # "insubstantial", "conceal", "resist"
    reroll_miss: bool = False  # "reroll once on miss": a missed roll is rolled again, once
    alt_bonus: int = 0  # '+9 vs. AC, +14 vs. AC instead if target is bloodied': the bonus against such a target
    alt_gate: Filter = Filter()
    # 'Provokes opportunity attacks. +14 vs. AC' (every adjacent enemy, as a ranged attack does), 'Provokes opportunity
    # attack from target.' ("target"): drawn as the attack is made, whatever its form
    draws: str = ""
    reroll_limit: str = ""  # 'reroll the attack (once per turn)': "turn"
    reroll_if: str = ""  # 'On miss, if target is adjacent, reroll the attack': "adjacent"


@dataclass(frozen=True)
class Static:
    kind: str  # one of STATIC_KINDS
    amount: int = 0
    what: str = ""  # damage type or condition (resist, immune, vulnerable), stat (mod)
    filter: Filter = Filter()
    aura: int = 0  # for aura-mod: squares from the creature; the filter's keyword picks who is affected


@dataclass(frozen=True)
class Power:
    index: int
    name: str
    ptype: str  # attack / special / ability / champion
    text: str
    uses: int = 0  # 0: unlimited
    action: str = ""  # attack / move / minor / immediate / free / "" (passive or triggered)
    trigger: str = ""
    trigger_filter: Filter = Filter()
    requirement: str = ""  # bloodied / not-bloodied / charge
    attack: AttackSpec | None = None
    attacks_made: int = 0  # "make 2 {b} attacks": attack actions that make several basic attacks
    effects: tuple[Effect, ...] = ()
    statics: tuple[Static, ...] = ()
    recharge: str = ""  # "" / bloodied / start-of-turn / ...
    per: str = ""  # "" / turn / round: a use rate
    unplayed: str = ""  # the words not understood ("" when the power is played whole)
    recharge_filter: Filter = Filter()  # for a recharge on an event ("on:ally-destroyed"): who takes part
    # 'moves up to its speed, then attacks: ...', 'shift 1 square, then make 2 {b} attacks': the move or shift the
    # creature makes first, in the same attack action, to the square its player names (ddm-guild.move-then-attack)
    approach: tuple[Effect, ...] = ()

    @property
    def played(self) -> bool:
        return not self.unplayed

    @property
    def is_basic(self) -> bool:
        """A basic attack (profile ddm-guild.basic-attack): unlimited, no recharge, one target."""
        a = self.attack
        return (
            a is not None and self.uses == 0 and not self.recharge and a.form in ("melee", "ranged")
            and a.targets == 1 and not self.requirement and not a.charge and self.action in ("", "attack")
            and not self.trigger
        )


@mypyc_attr(native_class=False)  # mypyc cannot compile a subclass of this builtin exception
class _Unread(Exception):
    """A clause the vocabulary does not cover (the message quotes it)."""


# The events whose attack roll is offered to a power that has it rolled again (profile ddm-guild.rerolls), in the
# order they are offered, with whose event each is: on a hit, the target's ("target"), its allies' ("target-allies")
# and the attacker's enemies' ("foes"); on a miss, the attacker's ("roller"), its allies' ("roller-allies") and its
# side's ("roller-side": 'when an Arcane creature misses'). ddm_guild_triggers.offer_rerolls plays them, and
# ddm_guild_coverage counts a reroll on any other event as not played.
REROLL_ON_HIT: Final = (("hit-by", "target"), ("attacked", "target"), ("ally-hit", "target-allies"),
                        ("ally-attacked", "target-allies"), ("enemy-hits", "foes"), ("enemy-declares", "foes"),
                        ("any-hits", "foes"))
REROLL_ON_MISS: Final = (("misses", "roller"), ("attack-made", "roller"), ("declares", "roller"), ("rolls", "roller"),
                         ("rolls-d20", "roller"), ("ally-misses", "roller-allies"), ("ally-declares", "roller-allies"),
                         ("ally-rolls", "roller-allies"), ("any-misses", "roller-side"))


def rerolls_attack(p: Power) -> bool:
    """'Reroll that attack', 'Re-roll that attack roll or saving throw': the power may have an attack roll rolled
    again (so it is used only when an attack's result is offered to it)."""
    return any(e.kind == "reroll" and e.what != "save" for e in p.effects)


def uses_not_known(p: Power) -> bool:
    """A power that recharges ('RECHARGE when first Bloodied') with no number of uses (its check boxes are not in the
    catalogue): not played until a player enters them (docs/player-cards.md)."""
    return bool(p.recharge) and not p.uses


def move_mode(e: Effect) -> str:
    """How a move effect moves its creature ('mode:flight' in its extra: 'with Flight'), or "" (as it always does)."""
    return next((x[5:] for x in e.extra if x.startswith("mode:")), "")
