"""DDM Guild powers as typed effects: the printed text of a power read into a :class:`Power`.

A Guild stat card's powers are text ("Fangs: +16 vs. AC; 5 + 15 poison damage. Hit or miss, this creature slides
up to 2 squares."). This module reads each power, clause by clause, into a small vocabulary the engine plays:

- an :class:`AttackSpec`: its form (melee, ranged, close burst or blast, area burst, line), range or reach,
  whom it may target, bonus and defence, and the effects of a hit, a miss, either, and a critical hit;
- :class:`Effect` records: damage, ongoing damage, a condition with its duration, push, pull, slide, shift,
  move, teleport, heal, a modifier (attack, damage, defences, speed) with its duration and filter, an extra
  attack, victory points, ending effects, rerolls;
- :class:`Static` records: what is always true of the creature (Resist, Immune, Reach, Flight, Conceal, ...,
  conditional modifiers such as Sneak Attack or Bloodrage, auras);
- when the power acts: an action (attack, move, minor, immediate, free), a trigger (start of round, start of
  turn, when hit, when destroyed, ...), a use limit and how it recharges.

A power is **played** only when every clause of its text is read; otherwise :attr:`Power.unplayed` says which
words were not understood, and the engine plays none of it (a creature's result lists such powers). Nothing
here branches on a creature's name, and every number comes from the text. The grammar is the cards' own
(``../shared/data/ddm-guild-ddmwi``); the rules that give the vocabulary its meaning are in
``docs/rules/ddm-guild-play.md``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Final

from mypy_extensions import mypyc_attr

from simulate.games.ddm_guild_rules import SHIFT_SQUARES

# --- the vocabulary --------------------------------------------------------------------------------------------

DEFENCES: Final = ("ac", "fort", "ref", "will")
DAMAGE_TYPES: Final = (
    "acid", "cold", "fire", "force", "lightning", "necrotic", "poison", "psychic", "radiant", "thunder",
)
# Conditions whose meaning the profile gives (ddm-guild-play.md, Conditions).
CONDITIONS: Final = (
    "dazed", "stunned", "immobilized", "slowed", "weakened", "helpless", "dominated", "blinded", "marked",
    "invisible", "grants-ca", "no-shift", "provokes", "confused", "staggered", "no-attack", "no-attack-source",
)
EFFECT_KINDS: Final = (
    "damage", "ongoing", "condition", "gain", "push", "pull", "slide", "shift", "move", "teleport", "heal", "mod",
    "attack", "vp", "cleanse", "recharge", "reroll", "negate", "reduce", "switch", "destroy-self", "provoke", "place",
    "redirect", "choose",
    "hit",  # 'that attack is a critical hit' ("crit"), 'an automatic hit' ("auto"), 'a normal hit instead' ("normal")
    "roll",  # 'Roll 1d20' (extra "new") and 'On 11+,' / '1-9:' (amount to count): the effects after it need that roll
    "survive",  # 'this creature is not destroyed and has 5 HP instead' (on the "destroyed" trigger)
)
STATIC_KINDS: Final = (
    "resist-crit",  # 'Resist 15 All vs. critical hits': less damage from a critical hit only
    "half-ranged",  # 'Takes half damage from {R} attacks'
    "no-opportunity",  # 'Cannot make opportunity attacks'
    "never-bloodied",  # 'Never considered Bloodied'
    "absorb",  # 'heals 10 HP each time an effect would deal cold damage to it': that damage heals it instead
    "resist", "vulnerable", "immune", "reach", "flight", "burrow", "phasing", "insubstantial", "conceal",
    "blindsight", "stable-footing", "forest-walk", "swarm", "towering", "keen-critical", "awareness",
    "defensive-advantage", "multi-activation", "mod", "scout", "wandering", "hide", "ponderous", "inexorable",
    "aura-mod", "no-ca-from-flank", "illuminator", "shift-distance", "statue-ok", "delayed", "blank", "construction",
    "crit-multiplier", "crit-damage", "while",
)
# Durations: who counts the turn ("target" is the creature affected, "source" the one whose power it is).
DURATIONS: Final = (
    "save", "end-next-turn", "end-turn", "end-round", "battle", "start-next-turn", "end-next-turn-source",
    "start-next-turn-source", "after-attack", "permanent", "until-damaged",
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
    "first-turn", "own-turn", "ally-declares", "enemy-declares", "friend-declares",
)


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


# --- normalising the printed text ----------------------------------------------------------------------------

_REPLACEMENTS: Final = (
    ("\u2019", "'"), ("\u2018", "'"), ("\u2013", "-"), ("\u2014", "-"), ("\u00a0", " "), ("\u201c", '"'),
    ("\u201d", '"'),
)
_TOKEN_RE: Final = re.compile(r"\{([mbrcaMBRCA])\}")
_DEF_RE: Final = re.compile(r"\bdef\s*\(\s*(fort|ref|will)\w*\s*\)", re.I)
_DEF_WORDS: Final = ((re.compile(r"\bfortitude\b"), "fort"), (re.compile(r"\breflex\b"), "ref"))
_SPACES: Final = re.compile(r"\s+")


_TAGS: Final = re.compile(r"\((?:fear|charm|sleep|poison|illusion|psychic)(?:,\s*| )(save ends[^)]*)\)")


def normalise(text: str) -> str:
    """Lower-case text with one spelling for each word the grammar reads (an effect's tag such as '(Fear, save
    ends)' keeps only its duration: the tag names what Immune Fear ignores, which the engine does not play)."""
    t = text
    for a, b in _REPLACEMENTS:
        t = t.replace(a, b)
    t = _TOKEN_RE.sub(lambda m: "{" + m.group(1).lower() + "}", t)
    t = t.lower()
    t = _DEF_RE.sub(lambda m: m.group(1), t)
    for rx, word in _DEF_WORDS:
        t = rx.sub(word, t)
    t = t.replace("melee basic attack", "{mb} attack").replace("basic melee attack", "{mb} attack")
    t = t.replace("ranged basic attack", "{rb} attack").replace("basic ranged attack", "{rb} attack")
    t = t.replace("{m} basic attack", "{mb} attack").replace("{r} basic attack", "{rb} attack")
    t = t.replace("basic attack", "{b} attack")
    t = t.replace("hit points", "hp").replace(" hit point", " hp")
    t = t.replace("this creature's", "its").replace("this creature", "it")
    t = _TAGS.sub(lambda m: "(" + m.group(1) + ")", t)
    t = _SPACES.sub(" ", t).strip()
    t = t.replace(" :", ":").replace(" ;", ";")
    # misprints on the cards ("20 damagee", "10 damamge", "15 +5 necrotic damage")
    t = _MISSPELT_DAMAGE.sub("damage", t)
    for rx, word in _MISSPELT_WORDS:  # "adjacent enenmies", "edjacent", "whil an allied", "+2 {m} att ack"
        t = rx.sub(word, t)
    t = _MISSPELT_LIGHTNING.sub("lightning", t)
    t = _PLUS_SPACE.sub(r"\1 + \2", t)
    t = _PLUS_TIGHT.sub(r"\1 + \2", t)  # "10+15 fire damage", "10 +10 lightning damage"
    t = _GLUED_SQUARES.sub(r"\1 \2", t)  # "push 3squares"
    t = _MISSPELT_REFLEX.sub("ref", t)
    t = _M_ICON.sub(r"+\1 {m} damage", t)  # "+10 m damage": the melee icon printed as a letter
    t = _M_ATTACKS.sub("with {m} attacks", t)
    # "+13 vs. AC or +13 vs. Reflex", "+21 vs. AC or Fortitude": one roll against the defence the attacker picks
    t = _EITHER_DEFENCE.sub(lambda m: f"+{m.group(1)} vs. {m.group(2)}|{m.group(3)}", t)
    # the cards' spellings of a Followup ("AND Followup Followup: +13 vs.", "AND Followup. Followup: +11 vs.")
    t = _FOLLOWUP_TWICE.sub("followup:", t)
    # a closing parenthesis left from a reminder split across two powers ("Immune Fire.)")
    if t.endswith(")") and t.count(")") > t.count("("):
        t = t[:-1].rstrip()
    return t


_FOLLOWUP_TWICE: Final = re.compile(r"followup[.:]? followup:")
_MISSPELT_DAMAGE: Final = re.compile(r"\b(?:damagee|damamge|dmaage|damge)\b")
_MISSPELT_LIGHTNING: Final = re.compile(r"\blighting\b")
_MISSPELT_REFLEX: Final = re.compile(r"\brefex\b")
_MISSPELT_WORDS: Final = (
    (re.compile(r"\benenmies\b"), "enemies"), (re.compile(r"\b(?:adjacen|edjacent)\b"), "adjacent"),
    (re.compile(r"\bwhil\b"), "while"), (re.compile(r"\ba\{([mrbca]b?)\}attack\b"), r"a {\1} attack"),
    (re.compile(r"\batt ack\b"), "attack"), (re.compile(r"\bthiscreature\b"), "it"),
    (re.compile(r"\bgoblinallies\b"), "goblin allies"), (re.compile(r"\+(\d+)vp\b"), r"+\1 vp"),
    (re.compile(r"(^|[:;] )([+-]) (\d+ (?:damage|attack)\b)"), r"\1\2\3"),  # "+ 10 damage against undead"
    (re.compile(r"\b(enemies|allies|creatures) with (\d+) squares\b"), r"\1 within \2 squares"),
    (re.compile(r"\bwithing\b"), "within"), (re.compile(r"\brecahrge\b"), "recharge"),
    # the cards' older word for destroyed ('Whenever an enemy is eliminated while adjacent to this creature')
    (re.compile(r"\b(?:is|are|been|be) eliminated\b"), "is destroyed"),
    (re.compile(r"\beliminates (an?|any|the) (?=(?:[a-z\-]+ )?(?:enemy|enemies|creature)\b)"), r"destroys \1 "),
)
_M_ICON: Final = re.compile(r"\+(\d+) m damage\b")
_M_ATTACKS: Final = re.compile(r"\bwith m attacks\b")
_PLUS_TIGHT: Final = re.compile(r"(\d) ?\+ ?(\d+ (?:(?:" + "|".join(DAMAGE_TYPES) + r") )?damage)")
_GLUED_SQUARES: Final = re.compile(r"(\d)(squares?)\b")
_EITHER_DEFENCE: Final = re.compile(r"\+(\d+) vs\.? (ac|fort|ref|will) or (?:\+\1 vs\.? )?(ac|fort|ref|will)\b")
_PLUS_SPACE: Final = re.compile(r"(\d) \+(\d+ (?:" + "|".join(DAMAGE_TYPES) + r") damage)")


# --- small readers ---------------------------------------------------------------------------------------------

_NUM: Final = r"(\d+)"
_TYPE_ALT: Final = "|".join(DAMAGE_TYPES)


def _words_to_int(word: str) -> int:
    names = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "1": 1}
    if word in names:
        return names[word]
    return int(word)


_DURATION_PATTERNS: Final = (
    (re.compile(r"^\(?save ends(?: both| all)?\)?$"), "save"),
    (re.compile(r"^until (?:the )?end of (?:its|their|that (?:enemy|ally|creature|target)'s|the target's|target's) "
                r"next turn$"), "end-next-turn"),
    (re.compile(r"^until (?:the )?end of its next turn$"), "end-next-turn"),
    (re.compile(r"^until (?:the )?end of (?:its |that (?:enemy|ally)'s |the current creature's )?turn$"), "end-turn"),
    (re.compile(r"^until (?:the )?end of (?:the )?round$"), "end-round"),
    (re.compile(r"^(?:until (?:the )?end of (?:the )?battle|for the rest of the battle)$"), "battle"),
    (re.compile(r"^until (?:the )?start of (?:its|your|their|that (?:enemy|ally)'s) next turn$"), "start-next-turn"),
    (re.compile(r"^(?:this round|until end of this round)$"), "end-round"),
    (re.compile(r"^until (?:after )?it (?:first )?(?:attacks|makes an attack|resolves an attack|has used an attack "
                r"action)$"), "after-attack"),
    (re.compile(r"^until it (?:takes|is dealt) damage$"), "until-damaged"),
)


def _duration(text: str) -> str:
    t = text.strip(" .,;()")
    if not t:
        return ""
    for rx, name in _DURATION_PATTERNS:
        if rx.match(t):
            return name
    raise _Unread(f"duration '{t}'")


_TRAILING_DURATION: Final = re.compile(
    r"^(.*?)[ ,]*\(?((?:save ends(?: both| all)?)|until (?:the )?(?:end|start) of [^;.()]*|until after it [^;.()]*"
    r"|until it (?:first )?(?:attacks|resolves an attack|takes damage)|for the rest of the battle|this round)\)?$"
)


def _split_duration(text: str) -> tuple[str, str]:
    m = _TRAILING_DURATION.match(text.strip(" .;"))
    if m is None:
        return text.strip(" .;"), ""
    return m.group(1).strip(" ,"), _duration(m.group(2))


def _leading_duration(text: str) -> tuple[str, str]:
    """'until end of round, allies have +2 attack' → ('allies have +2 attack', 'end-round')."""
    m = re.match(r"^(until [^,;:]+|for the rest of the battle)[,:]\s*(.*)$", text)
    if m is None:
        return text, ""
    try:
        return m.group(2), _duration(m.group(1))
    except _Unread:
        return text, ""


# Subjects: the creatures an effect reaches, relative to the power's creature and the event.
_SUBJECT_RE: Final = re.compile(
    r"^(?P<subj>it or (?:an|1|one) (?:adjacent )?ally|it and each ally|it and all allies|each ally and it|it|itself|"
    r"you|(?:your )?opponent|"
    r"(?:the )?target of that attack|the target|target|that target|"
    r"that enemy|the enemy|that creature|the attacker|that attacker|that ally|the ally|"
    r"(?:each|all|every) (?:(?P<kw1>[a-z'\-]+) )?(?:adjacent )?(?:enemy|enemies|ally|allies|creature|creatures)"
    r"(?: and (?:each )?(?:enemy|ally|creature))?|"
    r"(?:each |all )?(?:(?P<kw2>[a-z'\-]+) )?(?:allies|enemies)|"
    r"(?:each |all )?(?:(?P<kw3>[a-z'\-]+) )?creatures in your warband|"
    r"(?:1|one|an|a|up to \d+) (?:adjacent )?(?:(?P<kw4>[a-z'\-]+) )?(?:ally|allies|enemy|enemies|creature)"
    r"(?: or (?:ally|enemy))?)"
    r"(?P<where>(?: (?:within|in) \d+ squares?(?: of it)?| adjacent to it| adjacent to (?:the |that )?target"
    r"| in (?:the |that )?(?:burst|area|aura|blast)"
    r"| it can see| in (?:line of )?sight)*)"
    r"\b"
)

_NON_KEYWORDS: Final = {
    "each", "all", "other", "adjacent", "living", "bloodied", "good", "evil", "enemy", "ally", "1", "one", "an", "a",
}


_KIND_TARGET: Final = re.compile(
    r"^(?:a |an )?(?P<kws>[a-z\-]+(?:(?:,| or|, or) [a-z\-]+)*) targets? (?=(?:is|are|has|have|takes?) )")
_NOT_KINDS: Final = frozenset({
    "the", "that", "each", "a", "an", "its", "this", "any", "one", "same", "different", "every", "all", "other",
    "enemy", "ally", "bloodied", "adjacent", "tiny", "small", "medium", "large", "huge", "smaller", "larger", "level",
    "dazed", "stunned", "immobilized", "slowed", "weakened", "helpless", "dominated", "blinded", "marked",
    "confused", "staggered", "lower", "higher", "new", "first", "second", "legal", "enemy's",
    "if", "when", "while", "unless", "and", "or", "then", "whose", "with", "on", "of",
})
_TWO_KINDS: Final = re.compile(
    r"^(?:each )?(?P<a>[a-z\-]+) (?:ally )?(?:and|or) (?:each )?(?P<b>[a-z\-]+) (?P<side>allies|ally|enemies|enemy|"
    r"creatures in your warband)\b"
)


# the creature keywords of the Guild catalogue (tests/simulate/test_ddm_guild_powers.py checks the list): a group of
# creatures is read only when each of its kinds is one of these, so a misread word never makes a filter no one passes
KINDS: Final = frozenset({
    "aarakocra", "aasimar", "aberrant", "aberration", "aboleth", "achaierai", "acid", "air", "aldani", "angel",
    "aquatic", "arcane", "azer", "azorius", "bane", "beast", "beholder", "berbalang", "boros", "bugbear",
    "bullywug", "cambion", "catfolk", "celestial", "centaur", "chaos", "choker", "cold", "construct", "corpse",
    "cyclops", "demon", "derro", "deva", "devil", "dimir", "dire", "divine", "dolgrim", "draconian", "dragon",
    "dragonborn", "dragonne", "dromite", "drow", "duergar", "dwarf", "earth", "eladrin", "elemental", "elf",
    "ettin", "evil", "fey", "filcher", "fire", "firenewt", "flind", "fomorian", "foulspawn", "gargoyle", "genasi",
    "giant", "githyanki", "githzerai", "gnoll", "gnome", "goblin", "golgari", "goliath", "good", "griffon",
    "grimlock", "gruul", "hag", "half-elf", "half-orc", "halfling", "hobgoblin", "human", "humanoid", "hydra",
    "ibixian", "immortal", "incarnum", "izzet", "kalashtar", "kenku", "ki", "kobold", "kraul", "krenshar",
    "kruthik", "kuo-toa", "law", "lightning", "lizardfolk", "loxodon", "maenad", "magical beast", "martial",
    "mastermind", "medusa", "metallic", "mind flayer", "minion", "minotaur", "modron", "mount", "mounted",
    "myconid", "natural", "neogi", "nilbog", "noble", "norker", "object", "ogre", "ooze", "orc", "orcus", "orog",
    "orzhov", "planar", "plant", "primal", "psi", "psionic", "quaggoth", "rage", "raider", "rakdos", "rakshasa",
    "rat", "reptile", "sahuagin", "saurian", "scorpion", "selesnya", "serpent", "shadar kai", "shadar-kai",
    "shadow", "shapeshifter", "shardmind", "shardsoul", "shifter", "simic", "skeleton", "slaad", "snake", "solo",
    "spawn", "spell", "sphinx", "spider", "spirit", "sprite", "stealth", "stirge", "swarm", "swordwing", "tabaxi",
    "taer", "thri-kreen", "thunder", "tiefling", "tomb of annihilation", "totem", "troglodyte", "troll", "undead",
    "unique", "uthgar", "vampire", "vargouille", "vecna", "vedalken", "vermin", "war", "warforged", "water",
    "wemic", "wight", "witchknife", "wolf", "xeph", "xill", "yeti", "yuan-ti", "zhent", "zombie"
})
_GROUP_RE: Final = re.compile(
    r"^(?P<self>(?:it|this creature) and (?:each |all )?)?(?:each |all )?(?P<adj>adjacent )?"
    r"(?P<kinds>(?:[a-z\-]+(?: [a-z\-]+)?(?: allies| ally)?(?:, and |, or |, | and | or )(?:each )?)*"
    r"[a-z\-]+(?: [a-z\-]+)? )?"
    r"(?P<noun>allies|ally|enemies|enemy|creatures|creature|enemies and allies|allies and enemies|"
    r"enemy and (?:each )?ally|ally and (?:each )?enemy)"
    r"(?P<where>(?: (?:within|in) \d+(?: squares?)?(?: of it)?| adjacent to it| in (?:the )?aura"
    r"| within (?:the )?aura)?)"
    r"(?= |$)"
)
_GROUP_NOT: Final = frozenset({"each", "all", "other", "adjacent", "enemy", "ally", "allies", "enemies", "it", "and",
                               "or", "the", "a", "an", "that", "this", "your", "its", "1", "one", "two", "up", "to"})


def _group(text: str) -> tuple[str, Filter, str] | None:
    """A group of creatures named by their kinds, as the cards write them: 'Beast, Fey and Centaur allies' (any of
    them), 'living non-Troglodyte creatures' (all of them), 'it and adjacent Arcane allies', 'each Dragon ally,
    Goblin ally, and Spawn ally', 'Selesnya and Good allies' (an alignment is a kind). None when the words are not
    such a group, or name one kind only (the plain subject reads those)."""
    m = _GROUP_RE.match(text)
    if m is None or not (m.group("kinds") or m.group("self")):
        return None
    alts: list[str] = []
    for alt in re.split(r", and |, or |, | and | or ", (m.group("kinds") or "").strip()):
        words = [w for w in re.sub(r"\b(?:allies|ally|each)\b", " ", alt).split() if w]
        if not words:
            continue
        whole = " ".join(_singular(w) for w in words)
        if whole in KINDS:
            alts.append(whole)
            continue
        parts = []
        for w in words:  # 'living non-Troglodyte': all of them
            kind = _singular(w[4:] if w.startswith("non-") else w)
            if kind not in KINDS and kind != "living":
                return None
            parts.append(("!" if w.startswith("non-") else "") + kind)
        alts.append("+".join(parts))
    if not alts and not m.group("self"):
        return None
    if len(alts) > 1 and any("+" in a for a in alts):
        return None  # 'non-Evil Fey and Gnome allies': how far 'non-Evil' reaches is not certain
    if len(alts) < 2 and not m.group("self") and not m.group("adj") and not any("+" in a or " " in a for a in alts):
        return None
    noun = m.group("noun")
    where = m.group("where") or ""
    within = -1 if m.group("adj") or "adjacent" in where else 0
    wm = re.search(r"(\d+)", where)
    if wm:
        within = int(wm.group(1))
    flt = Filter(keyword="|".join(alts), within=within)  # 'in aura': the aura's size says how far
    rest = text[m.end():].strip()
    if m.group("self"):
        return "self-and-allies", flt, rest
    if ("enem" in noun and "all" in noun) or noun.startswith("creature"):
        return "all", flt, rest
    return ("enemies" if noun.startswith("enem") else "allies"), flt, rest


def _singular(w: str) -> str:
    if w in KINDS or w in FACTIONS:  # 'Boros', 'Orcus', 'Borderlands'
        return w
    return w.rstrip("s") if w.endswith("s") and not w.endswith("ss") else w


# --- groups of creatures read as parts --------------------------------------------------------------------------
# 'each Human, Elf or Eladrin creature in your warband', 'Giant and Ogre creatures in your warband', 'goblins in your
# warband', 'it and each Giant ally', 'Shapeshifter allies with the Stealth keyword', 'all Humans (enemies and
# allies)': a quantifier, the kinds, the side and where, each read on its own. A group that holds the power's own
# creature only by its kinds ('Undead creatures') is not read: the engine's groups say whether it is one of them.

_GROUP_PARTS_RE: Final = re.compile(
    r"^(?P<self>it,? and )?(?P<each>(?:each|all|every) )?(?P<adj>adjacent )?"
    r"(?P<kinds>(?:non-)?[a-z\-]+(?:(?:,| and| or|, and|, or|) (?:each )?(?:non-)?[a-z\-]+)*? )?"
    r"(?P<noun>creatures? in your warband|allies|ally|enemies|enemy|enemies and allies|enemy and ally|"
    r"\(enemies and allies\)|in your warband|creatures|creature)"
    r"(?: with the (?P<also>[a-z\-]+) keyword)?"
    r"(?P<where> within (?P<n>\d+) squares?(?: of it)?| adjacent to it| in (?:the )?aura)?(?= |,|$)")


def _composed_group(text: str) -> tuple[str, Filter, str] | None:
    """A group of creatures read as its parts (see above): (who, filter, rest), or None."""
    m = _GROUP_PARTS_RE.match(text)
    if m is None:
        return None
    words = (m.group("kinds") or "").strip()
    noun = m.group("noun")
    where = m.group("where") or ""
    plural_kind = noun == "in your warband"  # 'goblins in your warband': the kind is the noun
    if noun in ("creatures", "creature") and not (m.group("adj") or where):
        return None  # 'Undead creatures': is the power's own creature one of them? (the engine's groups say)
    if noun in ("ally", "enemy", "creature") and not m.group("each"):
        return None  # 'adjacent ally heals 20 HP': one of them, not a group
    alts = []
    for w in re.split(r", and |, or |, | and | or ", words) if words else ():
        parts = []
        for part in re.sub(r"^each ", "", w.strip()).split():  # 'living non-Troglodyte': each of them
            neg = part.startswith("non-")
            kind = _singular(part[4:] if neg else part)
            if kind not in KINDS and kind not in FACTIONS and kind not in ("living", "champion"):
                return None
            parts.append(("!" if neg else "") + kind)
        alts.append("+".join(parts))
    if (not alts and not (m.group("adj") or where)) or (plural_kind and not words.endswith("s")):
        return None
    if any("!" in a for a in alts) and len(alts) > 1:
        return None  # 'non-Evil Fey and Gnome': how far the 'non-' reaches is not certain
    also = m.group("also")
    if also:
        if also not in KINDS or len(alts) != 1:
            return None
        alts = [alts[0] + "+" + also]
    within = int(m.group("n")) if m.group("n") else -1 if "adjacent" in where or m.group("adj") else 0
    flt = Filter(keyword="|".join(alts), within=within)
    rest = text[m.end():].strip(" ,")
    if m.group("self"):
        return ("self-and-allies", flt, rest) if noun in ("allies", "ally") else None
    if "warband" in noun:
        return "friends", flt, rest
    if noun in ("allies", "ally"):
        return "allies", flt, rest
    if noun in ("enemies", "enemy"):
        return "enemies", flt, rest
    return "all", flt, rest  # enemies and allies: every creature but this one


def _subject(text: str) -> tuple[str, Filter, str]:
    """(who, filter, rest) for a clause that opens with a subject; ("", Filter(), text) when none. Two kinds
    ("Goblin and Orc allies", "each Dragon ally and each Githyanki ally") are either keyword."""
    near = re.match(r"^(?:the )?nearest ally\b", text)  # 'Nearest ally makes an immediate {b} attack'
    if near:
        return "nearest-ally", Filter(), text[near.end():].strip()
    sides = _BOTH_SIDES.match(text)
    if sides and {sides.group("n1")[:3], sides.group("n2")[:3]} == {"all", "ene"} \
            and bool(sides.group("a1")) == bool(sides.group("a2")) != bool(sides.group("where")):
        # 'each adjacent ally and each adjacent enemy', 'each enemy and ally within 2 squares of it': every creature
        # there but this one
        within = int(sides.group("n")) if sides.group("n") else -1
        return "all", Filter(within=within), text[sides.end():].strip()
    lv = _LEVEL_SUBJECT.match(text)
    if lv:
        kinds = [_singular(k) for k in re.split(r" or ", lv.group("kinds"))] if lv.group("kinds") else []
        if all(k in KINDS for k in kinds):
            level = ("level<=" if lv.group("dir") in ("lower", "less") else "level>=") + lv.group("lv") \
                if lv.group("lv") else ""
            alts = ["+".join(x for x in (k, level) if x) for k in kinds] or [level]
            who_l = ("chosen-" if lv.group("q") in ("1", "one", "an", "a") else "") + \
                ("ally" if lv.group("noun") == "ally" else "enemy")
            if lv.group("q").isdigit() and int(lv.group("q")) > 1:
                who_l = f"chosen-{'allies' if lv.group('noun') == 'ally' else 'enemies'}:{lv.group('q')}"
            within = -1 if lv.group("adj") or lv.group("adj2") else 0
            if (level or len(kinds) > 1 or lv.group("adj2")) and who_l.startswith("chosen-"):
                return who_l, Filter(keyword="|".join(a for a in alts if a), within=within), \
                    text[lv.end():].strip()
    one = re.match(r"^(?P<q>each|1|one) (?P<kind>[a-z\-]+) in your warband\b", text)
    if one and _singular(one.group("kind")) in KINDS:  # 'each Raider in your warband', '1 Raider in your warband'
        return ("friends" if one.group("q") == "each" else "chosen-friend"), \
            Filter(keyword=_singular(one.group("kind"))), text[one.end():].strip()
    group = _group(text)
    if group is None or group[2].startswith("in your warband"):  # 'Giant and Ogre creatures in your warband'
        group = _composed_group(text) or group
    if group is not None:
        return group
    kt = _KIND_TARGET.match(text)
    if kt:  # "living target is dominated", "Undead or Shapeshifter targets are also immobilized"
        kinds = [w.strip() for w in re.split(r",? or |, ", kt.group("kws")) if w.strip()]
        if kinds and all(w not in _NOT_KINDS and not w.isdigit() and not w.startswith("non") for w in kinds):
            singular = [w.rstrip("s") if w.endswith("s") and not w.endswith("ss") else w for w in kinds]
            return "target:" + "|".join(singular), Filter(), text[kt.end():].strip()
    two = _TWO_KINDS.match(text)
    if two and two.group("a") not in _NON_KEYWORDS and two.group("b") not in _NON_KEYWORDS \
            and two.group("a") not in ("it", "enemy", "ally") and two.group("b") not in ("enemy", "ally"):
        kws = "|".join(w.rstrip("s") if not w.endswith("ss") else w for w in (two.group("a"), two.group("b")))
        side = two.group("side")
        who = "enemies" if side.startswith("enem") else "friends" if "warband" in side else "allies"
        return who, Filter(keyword=kws), text[two.end():].strip()
    m = _SUBJECT_RE.match(text)
    if m is None:
        return "", Filter(), text
    subj = m.group("subj")
    where = m.group("where") or ""
    rest = text[m.end():].strip()
    kw = m.group("kw1") or m.group("kw2") or m.group("kw3") or m.group("kw4") or ""
    within = 0
    wm = re.search(r"(?:within|in) (\d+) squares?", where)
    if wm:
        within = int(wm.group(1))
    if "adjacent" in subj or "adjacent to it" in where:
        within = -1
    if "adjacent to" in where and "target" in where:
        within = -2  # adjacent to the event's target
    alignment = ""
    keyword = ""
    if kw in ("good", "evil", "non-good", "non-evil", "unaligned"):
        alignment = kw
    elif kw in ("living", "nonliving", "non-living"):
        keyword = "living" if kw == "living" else "!living"
    elif kw and kw not in _NON_KEYWORDS:
        keyword = kw.rstrip("s") if kw.endswith("s") and not kw.endswith("ss") else kw
    flt = Filter(keyword=keyword, alignment=alignment, within=within)
    if subj.startswith("it or "):  # 'it or 1 adjacent ally', 'it or 1 ally within 5 squares of it', 'it or an ally'
        near = re.fullmatch(r" within (\d+) squares?(?: of it)?", where)
        if "adjacent" in subj and not where:
            return "chosen-self-or-ally", Filter(within=-1), rest
        if "adjacent" not in subj and (near or not where):
            return "chosen-self-or-ally", Filter(within=int(near.group(1)) if near else 0), rest
        return "", Filter(), text
    if subj in ("it", "itself"):
        return "self", flt, rest
    if subj == "you":
        return "player", flt, rest
    if subj in ("opponent", "your opponent"):  # 'Opponent scores +5 VP when this creature is destroyed'
        return "opponent", flt, rest
    if subj in ("the target", "target", "that target", "that enemy", "the enemy", "that creature", "the attacker",
                "that attacker", "target of that attack", "the target of that attack"):
        return "target", flt, rest
    if subj in ("that ally", "the ally"):
        return "ally", flt, rest
    if subj.startswith("it and") or subj == "each ally and it":
        return "self-and-allies", flt, rest
    both = (" and " in subj and "enemy" in subj and "ally" in subj) or subj.endswith("creature") \
        or subj.endswith("creatures")
    if "warband" in subj:
        return "friends", flt, rest
    single = bool(re.match(r"^(?:1|one|an|a) ", subj))
    if re.match(r"^up to \d+ ", subj):
        count_m = re.match(r"^up to (\d+) ", subj)
        return ("chosen-allies" if "all" in subj else "chosen-enemies") + (f":{count_m.group(1)}" if count_m else ""), \
            flt, rest
    if both:
        return ("chosen-creature" if single else "all"), flt, rest
    if "enem" in subj:
        return ("chosen-enemy" if single else "enemies"), flt, rest
    return ("chosen-ally" if single else "allies"), flt, rest


# '1 adjacent level 4 or lower Goblin ally', 'an adjacent Construct or Object ally', '2 enemies adjacent to it each'
_LEVEL_SUBJECT: Final = re.compile(
    r"^(?P<q>1|one|an|a|2|3|two|three) (?P<adj>adjacent )?(?:level (?P<lv>\d+) or (?P<dir>lower|less|higher|greater) )?"
    r"(?P<kinds>[a-z\-]+(?: or [a-z\-]+)? )??(?P<noun>ally|enemy|allies|enemies)(?P<adj2> adjacent to it)?"
    r"(?: each)?(?= |$)")
_BOTH_SIDES: Final = re.compile(
    r"^(?:each|all) (?P<a1>adjacent )?(?P<n1>ally|allies|enemy|enemies) and (?:each |all )?(?P<a2>adjacent )?"
    r"(?P<n2>ally|allies|enemy|enemies)(?P<where> adjacent to it| within (?P<n>\d+) squares(?: of it)?)?(?= |$)")

_STAT_WORDS: Final = {
    "attack": "attack", "attacks": "attack", "attack rolls": "attack", "damage": "damage", "ac": "ac",
    "fort": "fort", "ref": "ref", "will": "will", "def": "def", "defenses": "defenses", "defences": "defenses",
    "all defenses": "defenses", "speed": "speed", "saves": "save", "save": "save", "saving throws": "save",
    "to all defenses": "defenses", "initiative": "initiative", "all defences": "defenses",
    "to all defences": "defenses",
}

_MOD_RE: Final = re.compile(
    r"^(?P<sign>[+-])\s?(?P<n>\d+) (?P<form>\{[mrcab]\} |\{mb\} |\{rb\} |melee |ranged |close |area )?"
    r"(?P<dtype>(?:" + _TYPE_ALT + r") )?"
    r"(?P<stat>attack rolls|attack|attacks|damage|ac|fort|ref|will|def|to all defenses|to all defences|all defenses|"
    r"all defences|defenses|speed|"
    r"saves|save|saving throws|initiative)(?P<rest>.*)$"
)

_FORMS: Final = {
    "{m} ": "melee", "{r} ": "ranged", "{c} ": "close", "{a} ": "area", "{b} ": "basic", "{mb} ": "melee-basic",
    "{rb} ": "ranged-basic", "melee ": "melee", "ranged ": "ranged", "close ": "close", "area ": "area",
}


def _mod_condition(rest: str) -> tuple[Filter, str]:
    """The words after a modifier ('vs. bloodied targets', 'while bloodied', 'on charge') as a filter."""
    r = rest.strip(" .,;")
    target_state = ""
    self_state = ""
    keyword = ""
    form = ""
    changed = True
    while r and changed:
        changed = False
        for rx, kind, value in _MOD_CONDITIONS:
            m = rx.match(r)
            if m:
                if kind == "target":
                    target_state = _fill(value, m)
                    if target_state.startswith("keyword:"):
                        keyword, target_state = target_state[8:], "keyword"
                        keyword = "|".join(k + "s" if k + "s" in FACTIONS else k for k in keyword.split("|"))
                        if not _known_kinds(keyword):
                            return Filter(), r  # not a creature kind: the words stay unread
                elif kind == "keyword":
                    keyword = m.group(1).rstrip("s") if not m.group(1).endswith("ss") else m.group(1)
                    if keyword.startswith("non-"):  # 'against non-Mounted targets'
                        keyword = "!" + keyword[4:]
                    if keyword + "s" in FACTIONS:  # 'Borderlands'
                        keyword += "s"
                    target_state = "keyword"
                    if not _known_kinds(keyword):
                        return Filter(), r
                elif kind == "form":
                    form = _FORMS.get(m.group(1) + " ", "")
                r = r[m.end():].strip(" ,")
                changed = True
                break
        if not changed and not self_state:
            cond = _condition(r)
            if cond is not None:
                self_state = cond[0]
                r = r[cond[1]:].strip(" ,")
                changed = True
    return Filter(keyword=keyword, target_state=target_state, self_state=self_state, attack_form=form), r


FACTIONS: Final = frozenset({"borderlands", "civilization", "underdark", "wild"})


def kinds_known(kinds: str) -> bool:
    """Every part of a kinds filter ('arcane+level>=8|drow') is a kind some creature can have (see _known_kinds) or a
    level limit: a word that is neither ('immobilized', 'small') would reach nobody."""
    return all(part.lstrip("!").startswith(("level>=", "level<=")) or _known_kinds(part)
               for alt in kinds.split("|") for part in alt.split("+") if part)


def _known_kinds(kinds: str) -> bool:
    """Each alternative a creature keyword of the cards, a faction, an alignment, 'living', 'champion' or their
    negation."""
    return all(k.lstrip("!") in KINDS or k.lstrip("!") in FACTIONS or k.lstrip("!") in ("living", "champion")
               for k in kinds.split("|") if k)


def _fill(value: str, m: re.Match[str]) -> str:
    """A state with its parameters from the match ('near-ally:{n}:{kw}' → 'near-ally:5:dragon+champion')."""
    if "{" not in value:
        return value
    groups = m.groupdict()
    n = groups.get("n") or "0"
    return value.replace("{n}", n).replace("{s}", groups.get("s") or "").replace(
        "{kw}", _kinds(groups.get("kw") or "")).replace(
        "{cond}", "|".join(c.strip() for c in re.split(r",? or |, ", groups.get("cond") or "")))


def _kinds(words: str) -> str:
    """'allied dragon champion' → 'dragon+champion'; 'good or dragon' → 'good|dragon' (has_keyword's forms); every
    part must be a creature keyword, an alignment or 'champion'."""
    alts = []
    for alt in re.split(r",? or |, ", words.strip()):
        parts = [w for w in alt.replace("allied ", "").split() if w not in ("a", "an", "1", "ally", "allies")]
        alts.append("+".join(w.rstrip("s") if w.endswith("s") and not w.endswith("ss") else w for w in parts))
    return "|".join(a for a in alts if a)


# a creature's kinds in a condition: 'an undead', 'an allied dragon champion', 'a good or dragon'
_KW: Final = r"(?:an? |1 )?(?P<kw>(?:allied )?[a-z\-]+(?: [a-z\-]+)?(?:(?:,| or) (?:an? )?[a-z\-]+)*?)"
_CONDITION_NAMES: Final = ("dazed|stunned|immobilized|slowed|weakened|helpless|dominated|blinded|marked|confused|"
                            "staggered")
_COND_ALT: Final = r"(?P<cond>(?:" + _CONDITION_NAMES + r")(?:(?:,| or|, or) (?:" + _CONDITION_NAMES + r"))*)"

_TGT: Final = r" (?:targets?|enemies|enemy|creatures?)"
_MOD_CONDITIONS: Final = (
    (re.compile(r"^(?:vs\.?|against) (?:that|the chosen|the) (?:enemy|creature|target)\b"), "target", "chosen"),
    (re.compile(r"^(?:vs\.?|against) non-?bloodied" + _TGT), "target", "not-bloodied"),
    (re.compile(r"^(?:vs\.?|against) undamaged" + _TGT), "target", "undamaged"),
    (re.compile(r"^(?:vs\.?|against) damaged" + _TGT), "target", "damaged"),
    (re.compile(r"^(?:vs\.?|against) smaller" + _TGT), "target", "smaller"),
    (re.compile(r"^(?:vs\.?|against) larger" + _TGT), "target", "larger"),
    (re.compile(r"^(?:vs\.?|against) (?P<s>medium|large|huge) or larger" + _TGT), "target", "size>={s}"),
    (re.compile(r"^(?:vs\.?|against) adjacent" + _TGT), "target", "adjacent"),
    (re.compile(r"^(?:vs\.?|against) (?P<s>small|medium|large) or smaller (?:targets?|enemies|enemy|creatures?)"),
     "target", "size<={s}"),
    (re.compile(r"^(?:vs\.?|against) (?:targets?|enemies|creatures) adjacent to " + _KW + r" ally"), "target",
     "adjacent-to-ally:{kw}"),
    (re.compile(r"^(?:vs\.?|against) (?:targets?|enemies|creatures) (?:taking|that (?:are|is) taking) ongoing "
                r"damage"), "target", "ongoing"),
    (re.compile(r"^(?:vs\.?|against) " + _COND_ALT + r" (?:targets?|enemies|enemy|creatures?)"), "target",
     "cond:{cond}"),
    (re.compile(r"^(?:vs\.?|against) (?P<kw>[a-z\-]+(?:(?:,| or|, or) [a-z\-]+)+) (?:targets?|enemies|creatures)"),
     "target", "keyword:{kw}"),
    (re.compile(r"^whenever it has combat advantage(?: against (?:the |its )?target)?"), "target", "ca"),
    (re.compile(r"^while an? " + _KW + r" ally is adjacent to (?:the |its )?target"), "target",
     "adjacent-to-ally:{kw}"),
    (re.compile(r"^while no other creature is adjacent to (?:the |its )?target"), "target", "alone"),
    (re.compile(r"^with (\{m\}|\{r\}|melee|ranged) attacks"), "form", ""),
    (re.compile(r"^(?:vs\.?|against) (\{m\}|\{r\}|melee|ranged) attacks"), "form", ""),
    (re.compile(r"^(?:vs\.?|against) (?:targets |enemies |creatures )?(?:granting|that grant|who grant) (?:it )?"
                r"combat advantage(?: to it)?"), "target", "ca"),
    (re.compile(r"^(?:vs\.?|against) (?:a )?bloodied (?:targets?|enemies|enemy|creatures?)"), "target", "bloodied"),
    (re.compile(r"^(?:vs\.?|against) (?:targets?|enemies) that (?:are|is) bloodied"), "target", "bloodied"),
    (re.compile(r"^(?:vs\.?|against) higher[- ]level (?:targets?|enemies)"), "target", "higher-level"),
    (re.compile(r"^(?:vs\.?|against) lower[- ]level (?:targets?|enemies)"), "target", "lower-level"),
    (re.compile(r"^(?:vs\.?|against) (?:adjacent )?(?:targets?|enemies) adjacent to (?:it|this creature)"),
     "target", "adjacent"),
    (re.compile(r"^(?:vs\.?|against) (?:a |an )?([a-z\-]+) (?:targets?|enemies|enemy|creatures?)"), "keyword", ""),
    (re.compile(r"^(?:vs\.?|against) ([a-z\-]+s)\b"), "keyword", ""),
    (re.compile(r"^(?:vs\.?|against) ([a-z\-]+)$"), "keyword", ""),  # 'against Undead' (a creature keyword only)
)


# --- conditions: the 'when / while / if' words ------------------------------------------------------------------
# One vocabulary for every reader path that names a state of the power's own creature: a modifier's 'while ...'
# ('+2 AC while adjacent to a wall'), a power's 'Use only if ...:' or 'While ...:' (its requirement), a RECHARGE's
# 'at start of its turn if ...'. Each entry maps words to a predicate id with its parameters after colons; the
# engine evaluates every id in one place (ddm_guild_play.holds) and lists the ids it plays (PLAYED_SELF_STATES,
# PLAYED_SELF_STATE_KINDS). A word that is not here stays unread.

# states written with their own lead words (the modifiers' older spellings)
_SELF_CONDITION_WORDS: Final = (
    (re.compile(r"^while adjacent to " + _KW + r" ally"), "self", "adjacent-ally:{kw}"),
    (re.compile(r"^while adjacent to an? (?P<kw>champion) ally"), "self", "adjacent-ally:{kw}"),
    (re.compile(r"^while within (?P<n>\d+) squares? of " + _KW + r" ally"), "self", "near-ally:{n}:{kw}"),
    (re.compile(r"^while within (?P<n>\d+) squares? of (?:an? )?(?P<kw>allied [a-z\-]+(?: [a-z\-]+)?)"),
     "self", "near-ally:{n}:{kw}"),
    (re.compile(r"^while (?:it is )?in a warband with " + _KW + r"$"), "self", "warband:{kw}"),
    (re.compile(r"^while (?:its|your) warband (?:includes|contains) " + _KW + r"$"), "self", "warband:{kw}"),
    (re.compile(r"^(?:with|on|vs\.?|against) opportunity attacks"), "self", "opportunity"),
    (re.compile(r"^(?:this turn |on its turn )?(?:if|after) it (?:has )?moved at least (?P<n>\d+) squares? "
                r"(?:away )?from (?:where it started (?:its|this) turn|its starting position(?: this turn)?)"
                r"(?: before attacking)?"),
     "self", "moved-from-start:{n}"),
    (re.compile(r"^on its turn after moving (?P<n>\d+) or more squares away from its starting position"), "self",
     "moved-from-start:{n}"),
    (re.compile(r"^(?:this turn )?if it (?:has )?moved (?:during )?this turn"), "self", "moved-this-turn"),
    (re.compile(r"^(?:vs\.?|against) opportunity attacks"), "self", "opportunity"),
    (re.compile(r"^while (?:it is |this creature is )?bloodied"), "self", "bloodied"),
    (re.compile(r"^while (?:it is |this creature is )?not bloodied"), "self", "not-bloodied"),
    (re.compile(r"^(?:on|when|while) charg(?:e|ing)(?: attacks?)?"), "self", "charging"),
    (re.compile(r"^on charge attacks?"), "self", "charging"),
    (re.compile(r"^while adjacent to (?:an|at least one|1) ally"), "self", "adjacent-ally"),
    (re.compile(r"^while within (?P<n>\d+) squares? of (?:a|any) bloodied (?:creature|enemy)"), "self",
     "near-bloodied:{n}"),
    (re.compile(r"^(?:on|during) its turn"), "self", "own-turn"),
)

# the lead of a condition ('while', 'only if it is', '(use only when'): the states below follow it
_CONDITION_LEAD: Final = re.compile(
    r"^\(?(?:use |usable )?(?:only )?(?:while|if|when|whenever|as long as) (?:it is |it's |this creature is )?")
# an ally's kinds in a condition ('an Undead ally', 'a champion ally', 'an allied Dragon champion'): checked against
# the cards' keywords (_known_kinds) after _kinds
_AK: Final = r"(?:an? |1 |one |any )?(?P<kw>(?:[a-z\-]+(?:,|,? or)? ){0,3}?)"
_ALLIED: Final = r"(?:an? |1 )?allied (?P<kw2>[a-z\-]+(?: [a-z\-]+)?)"
_TERRAIN: Final = (r"(?P<t>(?:forest|river|difficult|statue|smoke|fire)(?: or (?:forest|river|difficult|statue|"
                   r"smoke|fire))?)")
_N: Final = r"(?P<n>\d+|one|two|three)"
_SELF_STATES: Final = tuple((re.compile(p), pred) for p, pred in (
    (r"(?:not bloodied|nonbloodied|non-bloodied)", "not-bloodied"),
    (r"bloodied", "bloodied"),
    (r"damaged", "damaged"),
    (r"charging", "charging"),
    (r"flanked", "flanked"),
    (r"adjacent to (?:a |any )?wall", "adjacent-wall"),
    (r"(?:it )?(?:occupying|in|occupies) " + _TERRAIN + r" terrain", "in-terrain:{t}"),
    (r"adjacent to " + _TERRAIN + r" terrain", "adjacent-terrain:{t}"),
    (r"adjacent to " + _TERRAIN + r" terrain or " + _TERRAIN.replace("?P<t>", "?P<t2>") + r" terrain",
     "adjacent-terrain:{t}|{t2}"),
    (r"an enemy (?:occupies|is in) (?:any|a) victory area", "enemy-in-victory-area"),
    (r"(?:it )?(?:in|occupying|occupies) (?:a|any) victory area", "in-victory-area"),
    (r"(?:it )?(?:in|occupying|occupies) (?:one of )?your victory areas?", "in-victory-area:own"),
    (r"(?:it )?(?:in|occupying|occupies) (?:one of )?your opponent's victory areas?", "in-victory-area:enemy"),
    (r"(?:not adjacent to (?:any|an) enem(?:y|ies)|no enem(?:y is|ies are) adjacent(?: to it)?)", "no-adjacent-enemy"),
    (r"not adjacent to (?:any|an) (?P<c>" + _CONDITION_NAMES + r") enem(?:y|ies)", "no-adjacent-enemy:cond:{c}"),
    (r"no (?P<c>" + _CONDITION_NAMES + r") enemy is adjacent(?: to it)?", "no-adjacent-enemy:cond:{c}"),
    (r"(?:adjacent to (?:an? )?bloodied enemy|an? bloodied enemy is adjacent(?: to it)?)", "adjacent-enemy:bloodied"),
    (r"(?:adjacent to (?:an|at least one|1|one) enemy|an enemy is adjacent(?: to it)?)", "adjacent-enemy"),
    (r"only " + _N + r" enemy is adjacent(?: to it)?", "adjacent-enemies-only:{n}"),
    (r"adjacent to only " + _N + r" enemy", "adjacent-enemies-only:{n}"),
    (r"adjacent to " + _N + r" or more enemies", "adjacent-enemies-min:{n}"),
    (r"(?:not adjacent to any (?:other )?creatures?|no other creatures? (?:is |are )?adjacent to it)",
     "no-adjacent-creature"),
    (r"adjacent to " + _AK + r"ally", "adjacent-ally:{kw}"),
    (_AK + r"ally is adjacent(?: to it)?", "adjacent-ally:{kw}"),
    (r"within " + _N + r" squares? of " + _AK + r"ally", "near-ally:{n}:{kw}"),
    (r"within " + _N + r" squares? of " + _ALLIED, "near-ally:{n}:{kw}"),
    (_AK + r"ally is within " + _N + r" squares(?: of it)?", "near-ally:{n}:{kw}"),
    (_ALLIED + r" is within " + _N + r" squares(?: of it)?", "near-ally:{n}:{kw}"),
    (_AK + r"ally is (?:in play|on the battle ?map)", "ally-in-play:{kw}"),
    # 'it has an Evil ally with Arcane, Divine, or Elemental keywords': an ally of that alignment with any of them
    (r"it has an? (?P<al>good|evil|[a-z\-]+) ally with (?:the )?(?P<kws>[a-z\-]+(?:(?:,|,? or) [a-z\-]+)*) keywords?",
     "ally-in-play:{kw}"),
    (_ALLIED + r" is (?:in play|on the battle ?map)", "ally-in-play:{kw}"),
    (r"no enem(?:y is|ies are) within " + _N + r" squares(?: of it)?", "no-enemy-within:{n}"),
    (r"no (?:ally is|allies are) within " + _N + r" squares(?: of it)?", "no-ally-within:{n}"),
    (r"no level (?P<lvn>\d+) or (?P<hl>higher|greater|lower) (?:ally is|allies are) within " + _N +
     r" squares(?: of it)?", "no-ally-within:{n}:{lv}"),
    (r"it (?:did not|has not|does not) charge(?:d)? (?:this|that) turn", "not-charged"),
    (r"it (?:did not|has not|does not) (?:make an? |made an? )?(?P<m>\{m\} )?attack(?:ed)? (?:during |on )?"
     r"(?:this|that) turn", "not-attacked{m}"),
    (r"it (?:did not|has not|does not) move(?:d)? (?:this|that) turn|it has not (?:yet )?moved (?:on|during) its turn",
     "not-moved"),
    (r"(?:it is )?the first round of the battle", "first-round"),
    (r"it has destroyed an enemy this turn", "destroyed-this-turn"),
    (r"(?:it is )?" + _N + r" or more squares (?:away )?from its starting position(?: this turn)?",
     "moved-from-start:{n}"),
    (r"it has moved at least " + _N + r" squares (?:away )?from its starting position(?: this turn)?",
     "moved-from-start:{n}"),
    (r"it has moved " + _N + r" or more squares (?:away )?from its starting position(?: this turn)?",
     "moved-from-start:{n}"),
    (r"no enem(?:y has|ies have) line of sight to it|no enem(?:y|ies) can see it", "unseen"),
    # 'no creature is affected by this power' (or by the power's own name: _read_body checks it and puts its index)
    (r"no (?P<who>creatures? (?:is|are)|enem(?:y is|ies are)) affected by (?:this (?:power|attack)|"
     r"its (?P<pn>[a-z' \-]+)|(?P<pn2>[a-z' \-]+))", "unaffected:{pn}{who}"),
    (_AK + r"ally (?:does not have|has no) line of sight to it", "unseen-by-ally:{kw}"),
    (r"it has no (?:remaining|other) " + _AK.replace("(?:an? |1 |one |any )?", "") + r"all(?:y|ies)(?: left)?",
     "no-ally-left:{kw}"),
    (r"it has line of sight to no enem(?:y|ies)|it (?:cannot|can not|does not) see any enem(?:y|ies)", "sees-no-enemy"),
    # the order of activation in a round ('the first creature to activate in a round', 'the last creature you
    # activate in a round'): of both sides, or of its own
    (r"(?:it is |this is )?the first (?:creature )?to activate (?:in a|this|in the) round", "first-to-activate"),
    (r"(?:it is |this is )?the first creature you activate (?:in a|this|in the) round", "first-you-activate"),
    (r"(?:it is |this is )?the last creature you activate (?:in a|this|in the) round", "last-you-activate"),
))


def _condition_kinds(kinds: str) -> bool:
    """Each part of a condition's kinds ('dragon+champion|good') a kind of the cards (_kinds drops a plural's 's':
    'Boros' is 'boro' there, which has_keyword matches)."""
    return all(_known_kinds(k) or _known_kinds(k + "s") for k in re.split(r"[|+]", kinds) if k)


def _condition(text: str, lead_only: bool = False) -> tuple[str, int] | None:
    """A state of the power's own creature at the start of ``text`` ('while adjacent to a wall', 'if it did not
    charge this turn', 'only if an Undead ally is within 5 squares'): (predicate id, where its words end), or None.
    ``lead_only``: only the states after a lead word (a power's requirement: 'Use only if ...:')."""
    for rx, _kind, value in () if lead_only else _SELF_CONDITION_WORDS:
        m = rx.match(text)
        if m:
            kinds = _kinds(m.groupdict().get("kw") or "")
            if not _condition_kinds(kinds):
                return None  # 'while adjacent to a Frobnitz ally': not a creature kind of the cards
            return _fill(value, m), m.end()
    lead = _CONDITION_LEAD.match(text)
    if lead is None:
        return None
    rest = text[lead.end():]
    best: tuple[int, re.Match[str], str] | None = None  # the longest reading ('adjacent to difficult terrain or
    for rx, pred in _SELF_STATES:  # statue terrain' is both kinds, not the first)
        m = rx.match(rest)
        if m is None or (m.end() < len(rest) and rest[m.end()] not in " ,;:.)"):
            continue
        if best is None or m.end() > best[0]:
            best = (m.end(), m, pred)
    if best is None:
        return None
    _end, m, pred = best
    g = {k: v for k, v in m.groupdict().items() if v}
    kinds = _kinds((g.get("kw") or g.get("kw2") or "").replace(", or ", ", "))
    if g.get("kws"):  # each of the keywords, with the ally's own kind
        kinds = "|".join(g.get("al", "") + "+" + k for k in re.split(r",? or |, ", g["kws"]) if k)
    if not _condition_kinds(kinds):
        return None  # not a creature kind: the words stay unread
    return _state_value(pred, g, kinds), lead.end() + m.end()


def _state_value(pred: str, g: dict[str, str], kinds: str) -> str:
    """A predicate id with its parameters from the words' groups ('near-ally:{n}:{kw}' → 'near-ally:5:undead')."""
    if "{pn}" in pred:  # the power by name ('' for 'this power'), then ':enemy' for 'no enemies are affected'
        pred = pred.replace("{pn}", "=" + (g.get("pn") or g.get("pn2") or "")).replace(
            "{who}", ":enemy" if g.get("who", "").startswith("enem") else "")
    n = g.get("n") or g.get("n2") or "0"
    if "{lv}" in pred:  # 'level 7 or higher': has_keyword's 'level>=7'
        pred = pred.replace("{lv}", "level" + ("<=" if g.get("hl") == "lower" else ">=") + g.get("lvn", "0"))
    return (pred.replace("{m}", ":melee" if g.get("m") else "").replace("{n}", str(_words_to_int(n)))
            .replace("{kw}", kinds).replace("{t}", g.get("t", "").replace(" or ", "|"))
            .replace("{t2}", g.get("t2", "").replace(" or ", "|")).replace("{c}", g.get("c") or g.get("c2") or ""))


def _modifier(text: str) -> list[tuple[str, int, Filter, str]] | None:
    """'+2 attack and +10 fire damage vs. bloodied targets' → [(stat, n, filter, damage type)...]; None if not one."""
    # a list of kinds or states ('Immobilized, Stunned, or Helpless targets') stays whole
    parts = re.split(r",? and (?=[+-] ?\d)|, (?=[+-] ?\d)", text)
    mods: list[tuple[str, int, str, str]] = []
    tail = ""
    for i, part in enumerate(parts):
        m = _MOD_RE.match(part.strip())
        if m is None:
            return None
        n = int(m.group("n")) * (-1 if m.group("sign") == "-" else 1)
        stat = _STAT_WORDS[m.group("stat")]
        form = _FORMS.get(m.group("form") or "", "")
        dtype = (m.group("dtype") or "").strip()
        mods.append((stat, n, form, dtype))
        rest = m.group("rest").strip()
        if rest:
            if i != len(parts) - 1:
                return None
            tail = rest
    flt, left = _mod_condition(tail)
    if left:
        return None
    out: list[tuple[str, int, Filter, str]] = []
    for stat, n, form, dtype in mods:
        out.append((stat, n, Filter(keyword=flt.keyword, target_state=flt.target_state, self_state=flt.self_state,
                                    attack_form=form or flt.attack_form), dtype))
    return out


# --- statics (keyword abilities) -------------------------------------------------------------------------------

# Keyword abilities that are their words alone ("Phasing", "Towering", "Immune Flanking"): the static each is.
_PLAIN_STATICS: Final = {
    "flight": "flight", "flying": "flight", "phasing": "phasing", "insubstantial": "insubstantial",
    "insubstantial phasing": "insubstantial+phasing", "insubstantial, phasing": "insubstantial+phasing",
    "stable footing": "stable-footing", "forest walk": "forest-walk", "forestwalk": "forest-walk", "swarm": "swarm",
    "towering": "towering", "can occupy statue terrain": "statue-ok", "may occupy statue terrain": "statue-ok",
    "immune flanking": "no-ca-from-flank", "cannot be flanked": "no-ca-from-flank",
    "does not grant combat advantage when flanked": "no-ca-from-flank", "awareness": "awareness",
    "never grants combat advantage": "defensive-advantage", "defensive advantage": "defensive-advantage",
    "defensive mobility": "defensive-mobility", "scout": "scout", "wandering monster": "wandering",
    "shifty": "shifty", "ponderous": "ponderous", "hide": "hide",
}

_STATIC_PATTERNS: Final = (
    (re.compile(r"^resist (\d+) (all|" + _TYPE_ALT + r")(?: and (?:resist )?(\d+) (" + _TYPE_ALT + r"))?$"), "resist"),
    (re.compile(r"^resist (\d+) (" + _TYPE_ALT + r")(?: and|,) (" + _TYPE_ALT + r")$"), "resist2"),
    (re.compile(r"^vulnerable (\d+) (all|" + _TYPE_ALT + r")$"), "vulnerable"),
    (re.compile(r"^vulnerable (" + _TYPE_ALT + r") (\d+)$"), "vulnerable-type-first"),
    (re.compile(r"^resist (" + _TYPE_ALT + r") (\d+)$"), "resist-type-first"),
    # "Blind" (the keyword alone, as two cards print it) is what the others spell out
    (re.compile(r"^(?:blind|immune to attack actions and special powers with gaze in (?:their|its) names?)$"), "gaze"),
    (re.compile(r"^immune ([a-z ,]+?)$"), "immune"),
    (re.compile(r"^reach (\d+)$"), "reach"),
    (re.compile(r"^burrow(?: \d+)?$"), "burrow"),
    (re.compile(r"^conceal (\d+)$"), "conceal"),
    (re.compile(r"^blindsight(?: \d+)?$"), "blindsight"),
    (re.compile(r"^(?:delayed appearance[.:]? )?(?:it |this creature )?(?:must )?starts? (?:the battle )?off the "
                r"battle ?map(?:\. place it in your start area or in any unoccupied victory area at the start of a "
                r"round after the first)?$"), "delayed"),
    (re.compile(r"^(?:it )?can shift (?:up to )?(\d+) squares?(?: instead of 1)?$"), "shift-distance"),
    (re.compile(r"^keen critical (\d+)$"), "keen-critical"),
    # criticals: "Scores critical hits on natural 19-20", "Triple damage on critical hits", "+10 Damage on criticals"
    (re.compile(r"^(?:it )?scores? critical(?: hit)?s? on (?:a )?(?:attack )?(?:rolls? of )?natural (\d+)"
                r"(?:-20| or 20|\+)$"), "keen-critical"),
    # ... with some attacks or against some targets: 'Keen Critical 19 on {r} attacks', 'with {m} attacks on rolls of
    # natural 19-20', 'on attack rolls of natural 18-20 against bloodied targets'
    (re.compile(r"^(?:keen critical (?P<k>\d+) on (?P<f1>\{m\}|\{r\}) attacks|(?:it )?scores? critical(?: hit)?s? "
                r"(?:with (?P<f2>\{m\}|\{r\}) attacks )?on (?:a )?(?:attack )?(?:rolls? of )?natural (?P<n>\d+)"
                r"(?:-20| or 20|\+)(?: with (?P<f3>\{m\}|\{r\}|\{c\}|\{a\})(?: and (?P<f4>\{m\}|\{r\}|\{c\}|\{a\}))? "
                r"attacks)?(?P<vs> against .+)?)$"), "keen-when"),
    (re.compile(r"^(?:its (?P<form>\{m\}|\{r\}) attacks )?(?:deals? )?triple damage (?:instead of double damage )?"
                r"(?:on|whenever scoring) (?:a )?critical(?: hit)?s?(?: with (?:an? )?(?P<form2>\{m\}|\{r\}) "
                r"attacks?)?$"), "crit-multiplier"),
    (re.compile(r"^\+(\d+)(?: (" + _TYPE_ALT + r"))? damage on critical(?: hit)?s$"), "crit-damage"),
    (re.compile(r"^multi-?activation (\d+)$"), "multi-activation"),
    (re.compile(r"^\+(\d+) (ac|fort|ref|will|def|defenses)$"), "defence"),
    (re.compile(r"^sneak attack (\d+)$"), "sneak"),
    (re.compile(r"^bloodrage(?: (\d+))?$"), "bloodrage"),
    (re.compile(r"^bloodthirsty(?: (\d+))?$"), "bloodthirsty"),
    (re.compile(r"^powerful charge(?: (\d+))?$"), "powerful-charge"),
    (re.compile(r"^regeneration (\d+)$"), "regeneration"),
    (re.compile(r"^(?:ignores the extra cost (?:for|of) entering difficult terrain|difficult terrain does not affect "
                r"its movement|moves normally through difficult terrain)$"), "stable-footing"),
    (re.compile(r"^not (?:affected by|subject to) (?:enemies' )?(?:push, pull,? (?:or|and) slide|forced[- ]movement) "
                r"effects(?: of enemies)?$"), "unmovable"),
    (re.compile(r"^can (?:move|pass) through (?:squares|spaces) occupied by enemies$"), "inexorable"),
    (re.compile(r"^(?:takes )?half damage from \{m\} and \{r\} attacks$"), "swarm"),
    (re.compile(r"^resist (\d+) all vs\.? critical hits$"), "resist-crit"),
    (re.compile(r"^takes half damage from \{r\} attacks$"), "half-ranged"),
    (re.compile(r"^(?:it )?(?:cannot|can't|may not) make opportunity attacks$"), "no-opportunity"),
    (re.compile(r"^(?:it is )?never considered bloodied$"), "never-bloodied"),
    (re.compile(r"^(?:it )?heals (?P<n>\d+) hp each time an effect would deal (?P<t>" + _TYPE_ALT + r") damage to it$"
                r"|^whenever it would take (?P<t2>" + _TYPE_ALT + r") damage, it heals (?P<n2>\d+) hp instead$"),
     "absorb"),
)


def _static_keyword(text: str) -> tuple[list[Static], list[Effect], str, str] | None:
    """A keyword ability with no reminder text: (statics, effects, action, trigger); None if not one."""
    t = text.strip(" .;")
    plain = _PLAIN_STATICS.get(t)
    if plain is not None:
        return _plain_static(plain)
    for rx, kind in _STATIC_PATTERNS:
        m = rx.match(t)
        if m is None:
            continue
        if kind == "resist":
            out = [Static("resist", int(m.group(1)), m.group(2))]
            if m.group(3):
                out.append(Static("resist", int(m.group(3)), m.group(4)))
            return out, [], "", ""
        if kind == "resist2":
            return [Static("resist", int(m.group(1)), m.group(2)), Static("resist", int(m.group(1)), m.group(3))], \
                [], "", ""
        if kind == "vulnerable":
            return [Static("vulnerable", int(m.group(1)), m.group(2))], [], "", ""
        if kind == "vulnerable-type-first":  # "Vulnerable Fire 5"
            return [Static("vulnerable", int(m.group(2)), m.group(1))], [], "", ""
        if kind == "resist-type-first":  # "Resist Cold 30"
            return [Static("resist", int(m.group(2)), m.group(1))], [], "", ""
        if kind == "gaze":  # no power with Gaze in its name affects it (attacks and special powers)
            return [Static("immune", 0, "gaze")], [], "", ""
        if kind == "immune":
            items = [w.strip() for w in re.split(r",| and ", m.group(1)) if w.strip()]
            statics = []
            for item in items:
                what = _immune_word(item)
                if what is None:
                    return None
                statics.append(Static("immune", 0, what))
            return statics, [], "", ""
        if kind in ("reach", "conceal", "keen-critical", "multi-activation", "shift-distance"):
            return [Static(kind, int(m.group(1)))], [], "", ""
        if kind == "keen-when":
            forms = [_FORMS[f + " "] for f in (m.group("f1"), m.group("f2"), m.group("f3"), m.group("f4")) if f]
            flt = Filter(attack_form="|".join(forms))
            if m.group("vs"):
                cond, left = _mod_condition(m.group("vs"))
                if left or cond.self_state or not (cond.target_state or cond.keyword):
                    return None
                flt = replace(flt, target_state=cond.target_state, keyword=cond.keyword)
            if not flt.attack_form and not flt.target_state and not flt.keyword:
                return None
            return [Static("keen-critical", int(m.group("k") or m.group("n")), filter=flt)], [], "", ""
        if kind == "crit-damage":
            return [Static(kind, int(m.group(1)), m.group(2) or "")], [], "", ""
        if kind == "absorb":
            return [Static(kind, int(m.group("n") or m.group("n2")), m.group("t") or m.group("t2"))], [], "", ""
        if kind == "crit-multiplier":  # the damage of a critical hit tripled (the rules double it)
            form = m.group("form") or m.group("form2") or ""
            return [Static(kind, 3, filter=Filter(attack_form=_FORMS.get(form + " ", "")))], [], "", ""
        if kind == "unmovable":
            return [Static("immune", 0, "forced movement")], [], "", ""
        if kind == "resist-crit":
            return [Static(kind, int(m.group(1)))], [], "", ""
        if kind in ("half-ranged", "no-opportunity", "never-bloodied"):
            return [Static(kind)], [], "", ""
        if kind == "defence":
            stat = m.group(2)
            stat = "defenses-nonac" if stat in ("def", "defenses") else stat
            return [Static("mod", int(m.group(1)), stat)], [], "", ""
        if kind == "sneak":
            return [Static("mod", int(m.group(1)), "damage", Filter(target_state="ca"))], [], "", ""
        if kind in ("bloodrage", "bloodthirsty", "powerful-charge"):
            if not m.group(1):
                return None  # the number is not printed: never guessed
            flt = {"bloodrage": Filter(self_state="bloodied"), "bloodthirsty": Filter(target_state="bloodied"),
                   "powerful-charge": Filter(self_state="charging")}[kind]
            return [Static("mod", int(m.group(1)), "damage", flt)], [], "", ""
        if kind == "regeneration":
            return [], [Effect("heal", "self", int(m.group(1)))], "", "start-of-turn"
        return [Static(kind)], [], "", ""
    return None


_WHILE_GAIN: Final = re.compile(
    r"^(?:it |this creature )?(?:is |has |gains )?(?P<what>.+?),? (?P<c>(?:while|when|whenever) .+)$")


_WHILE_FIRST: Final = re.compile(
    r"^(?P<c>(?:while|when|whenever) [^,:;]+)[,:] (?:it |this creature )?(?:is |has |gains )?(?P<what>.+)$")


def _while_static(body: str) -> list[Static] | None:
    """What it has while a state of its own holds ('Conceal 6 while adjacent to a wall', 'invisible to nonadjacent
    enemies while occupying forest terrain', 'Reach 2 while no enemies are adjacent to this creature'): a 'while'
    static each (ddm_guild_play.refresh_while keeps which hold), or None."""
    m = _WHILE_GAIN.match(body)
    cond = _condition(m.group("c"), lead_only=True) if m else None
    if m is None or cond is None or cond[1] != len(m.group("c")):
        m = _WHILE_FIRST.match(body)  # 'While charging, it has +2 Speed and Flight'
        cond = _condition(m.group("c"), lead_only=True) if m else None
        if m is None or cond is None or cond[1] != len(m.group("c")):
            return None
    out = []
    what = re.sub(r"^(?:it )?(?:cannot|can not|may not) move (?:or|and cannot|and may not) attack ",
                  "cannot move and cannot attack ", m.group("what"))  # 'cannot move or attack a non-bloodied target'
    for part in re.split(r",? and |, ", what):
        if re.fullmatch(r"(?:it )?(?:cannot|can not|may not) move", part):  # Murderous
            out.append(Static("while", 1, "no-move", Filter(self_state=cond[0])))
            continue
        if re.fullmatch(r"(?:it )?(?:cannot|can not|may not) attack (?:a|any) non-?bloodied (?:enemy|target|creature)",
                        part):
            out.append(Static("while", 1, "attack-bloodied-only", Filter(self_state=cond[0])))
            continue
        inv = re.fullmatch(r"invisible(?P<far> to (?:nonadjacent|non-adjacent) enemies)?(?: to enemies)?", part)
        if inv:
            out.append(Static("while", 1, "invisible-far" if inv.group("far") else "invisible",
                              Filter(self_state=cond[0])))
            continue
        if part in _CONDITION_WORDS:  # 'Immobilized whenever an Arcane ally does not have line of sight to it'
            out.append(Static("while", 1, _CONDITION_WORDS[part], Filter(self_state=cond[0])))
            continue
        rm = re.fullmatch(r"reach (\d+)", part)
        if rm or part == "hide":
            out.append(Static("while", int(rm.group(1)) if rm else 1, "reach" if rm else "hide",
                              Filter(self_state=cond[0])))
            continue
        mods = _modifier(part) if re.match(r"^[+-]\d", part) else None  # '+5 damage and flight while charging'
        if mods:
            if any(f.self_state or d for _s, _n, f, d in mods):
                return None
            out.extend(Static("mod", n, stat, replace(f, self_state=cond[0])) for stat, n, f, _d in mods)
            continue
        gains = _gains(part)
        if not gains:
            return None
        out.extend(Static("while", n, what, Filter(self_state=cond[0])) for what, n in gains)
    if not any(x.kind == "while" for x in out):
        return None  # modifiers alone: the modifiers' own reader
    return out


# 'is considered to have Flight while moving if it begins its move (in a square) adjacent to a wall': a move is planned
# from where it begins, so this is Flight while it stands adjacent to a wall
_WALL_WALKER: Final = re.compile(r"^(?:it is considered to have|it has) (flight) while moving if it begins its move "
                                 r"(?:in a square )?(adjacent to a wall)$")
# 'Allies have +2 AC while adjacent to this creature': adjacent allies have it
_ALLIES_WHILE_ADJACENT: Final = re.compile(r"^(allies|each ally) (has|have) (.+?) while adjacent to it$")


def _destroyed_while(body: str) -> list[Static] | None:
    """'Whenever it has no remaining Arcane ally: it is destroyed' (a 'while' static the engine answers at once)."""
    m = re.fullmatch(r"(?P<c>(?:whenever|when|while|if) .+?)[:,] (?:it is|it's) destroyed", body)
    cond = _condition(m.group("c"), lead_only=True) if m else None
    if m is None or cond is None or cond[1] != len(m.group("c")):
        return None
    return [Static("while", 1, "destroyed", Filter(self_state=cond[0]))]


def _plain_static(kind: str) -> tuple[list[Static], list[Effect], str, str]:
    if kind == "insubstantial+phasing":
        return [Static("insubstantial"), Static("phasing")], [], "", ""
    if kind == "defensive-mobility":
        return [Static("mod", 5, "ac", Filter(self_state="opportunity"))], [], "", ""
    if kind == "shifty":
        return [], [Effect("shift", "self", SHIFT_SQUARES)], "minor", ""
    return [Static(kind)], [], "", ""


_CONDITION_WORDS: Final = {
    "dazed": "dazed", "stunned": "stunned", "immobilized": "immobilized", "slowed": "slowed",
    "weakened": "weakened", "helpless": "helpless", "dominated": "dominated", "blinded": "blinded",
    "marked": "marked", "invisible": "invisible", "confused": "confused", "staggered": "staggered",
}


_IMMUNE_SPELLINGS: Final = {
    "slow": "slowed", "immobilize": "immobilized", "stun": "stunned", "daze": "dazed", "weaken": "weakened",
    "dominate": "dominated", "domination": "dominated", "blind": "blinded", "blindness": "blinded",
    "confuse": "confused", "stagger": "staggered", "poison": "poison",
}


def _immune_word(word: str) -> str | None:
    w = re.sub(r"^immune ", "", word.strip(" ."))
    w = _IMMUNE_SPELLINGS.get(w, w)
    if w in DAMAGE_TYPES:
        return w
    if w in _CONDITION_WORDS:
        return _CONDITION_WORDS[w]
    if w in ("confused", "confusion", "fear", "critical hits", "criticals", "ongoing damage", "forced movement",
             "sleep", "charm", "petrified", "staggered", "disease", "push", "pull", "slide", "mind-affecting",
             "poisoned", "all conditions"):
        return w
    return None


# --- effects ---------------------------------------------------------------------------------------------------

_CONDITION_RE: Final = re.compile(
    r"^(?:is |are |becomes |become )?(?:also )?(?P<c>dazed|stunned|immobilized|slowed|weakened|helpless|dominated|"
    r"blinded|marked|invisible|confused|staggered)(?P<rest>.*)$"
)
_DAMAGE_RE: Final = re.compile(
    r"^(?:takes? |deals? |deal )?(?P<n>\d+)(?: \+ (?P<n2>\d+))? ?(?P<t>(?:(?:" + _TYPE_ALT + r")(?: and |/| or |)?)*)"
    r" ?damage(?P<rest>.*)$"
)
_ONGOING_RE: Final = re.compile(
    r"^(?:also )?(?:takes? |and |has |have |gains? )?(?:ongoing (?P<a>\d+)|(?P<b>\d+) ongoing) ?(?P<t>(?:" + _TYPE_ALT
    + r")?) ?damage(?P<rest>.*)$"
)
_FORCED_RE: Final = re.compile(
    r"^(?:(?:it )?(?P<verb>push|pull|slide|pushes|pulls|slides)(?:es|s)? (?P<who>(?:the |that )?(?:target of "
    r"(?:that|the) attack|target|enemy|creature|it|each target|targets|that enemy)? ?)(?P<ex>up to |exactly )?"
    r"(?P<n>\d+|one|two|three)"
    r"(?: squares?)?|(?P<who2>(?:the )?target|it|that enemy) is (?P<verb2>pushed|pulled|slid)"
    r" (?P<ex2>up to |exactly )?(?P<n2>\d+)(?: squares?)?)(?P<rest>.*)$"
)
_SHIFT_RE: Final = re.compile(
    r"^(?:can |may )?(?P<verb>shifts?|teleports?|moves?|flies?)(?: up to)? (?P<n>\d+|its speed|its current speed|"
    r"its full speed|a number of squares equal to its speed|twice its (?:current )?speed)(?: squares?)?(?P<rest>.*)$"
)
_BARE_SHIFT_RE: Final = re.compile(r"^(?:can |may )?(?:immediately )?shifts?(?: (?:1|one) square)?$")
# "gains +20 HP": healed, up to its starting hit points (the cards that go above say so, and are not read)
_HEAL_RE: Final = re.compile(r"^(?:heals?|regains?|recovers?|gains? \+?(?=\d+ hp\.?$)) ?(?P<n>\d+) hp(?P<rest>.*)$")
_VP_RE: Final = re.compile(r"^(?:you )?scores? \+?(?P<n>\d+) (?:vp|victory points?)(?P<rest>.*)$")
_EXTRA_ATTACK_RE: Final = re.compile(
    r"^(?:can |may )?(?:makes?|make) (?P<count>a|an|one|1|2|two|3|three) (?:different )?(?P<imm>immediate )?"
    r"(?P<which>\{b\}|\{m\}|\{r\}|"
    r"\{mb\}|\{rb\}|melee|ranged|\{m\} or \{r\}|[a-z' \-]+?) attacks?(?P<rest>.*)$"
)
_HAS_RE: Final = re.compile(r"^(?:has|have|gets?|gains?) (?P<mod>[+-].*)$")
_GAIN_WORD: Final = (r"(?:resist \d+ (?:all|" + _TYPE_ALT + r")|insubstantial|phasing|conceal \d+|flight|blindsight|"
                     r"immune (?:" + _TYPE_ALT + r"|dazed|stunned|immobilized|slowed|weakened|dominated|blinded))")
_GAIN_RE: Final = re.compile(
    r"^(?:has|have|gains?) (?P<what>" + _GAIN_WORD + r"(?:(?:,| and|, and) " + _GAIN_WORD + r")*)(?P<rest>.*)$"
)


def _gains(text: str) -> list[tuple[str, int]] | None:
    """'resist 10 all and insubstantial' → [("resist:all", 10), ("insubstantial", 1)]."""
    out: list[tuple[str, int]] = []
    for part in re.split(r",? and |, ", text.strip()):
        m = re.match(r"^resist (\d+) (\w+)$", part)
        if m:
            out.append((f"resist:{m.group(2)}", int(m.group(1))))
            continue
        m = re.match(r"^conceal (\d+)$", part)
        if m:
            out.append(("conceal", int(m.group(1))))
            continue
        m = re.match(r"^immune (\w+)$", part)
        if m:
            out.append((f"immune:{m.group(1)}", 1))
            continue
        if part in ("insubstantial", "phasing", "flight", "blindsight"):
            out.append((part, 1))
            continue
        return None
    return out


def _condition_effect(who: str, flt: Filter, text: str, default: str) -> list[Effect]:
    m = _CONDITION_RE.match(text)
    if m is None:
        raise _Unread(text)
    conds = [m.group("c")]
    rest = m.group("rest").strip()
    while True:
        mm = re.match(r"^(?:and|,|, and) (?:is )?(dazed|stunned|immobilized|slowed|weakened|helpless|blinded|"
                      r"dominated|marked|confused|staggered)(.*)$", rest)
        if not mm:
            break
        conds.append(mm.group(1))
        rest = mm.group(2).strip()
    tail, dur = _split_duration(rest)
    if tail:
        if re.match(r"^\((?:fear|charm|sleep|poison|illusion)\)$", tail):
            tail = ""
        else:
            raise _Unread(text)
    return [Effect("condition", who, 0, c, dur or default, filter=flt) for c in conds]


# 'adjacent creatures' with no 'to it': in an attack's rider they may be the target's neighbours ('15 cold damage AND
# adjacent creatures take 5 cold damage'), so the words are not read there
_BARE_ADJACENT: Final = re.compile(r"^adjacent (?:[a-z\-]+ )?(?:creatures|enemies|allies)\b(?! adjacent to)")


_SURVIVE: Final = re.compile(
    r"^it is (?:instead )?not destroyed(?:,? instead)?(?:(?:,? and|,) (?:it )?has (?P<n>\d+) hp(?: remaining)?"
    r"(?:,? instead)?)?$|^it has (?P<n2>\d+) hp instead of being destroyed$")
_GATE_OTHER: Final = re.compile(r"^(?P<a>[^,]+?),? or (?P<b>[^,]+?)(?:,? instead)? if (?:the|that) (?:enemy|target|"
                                 r"creature) (?:is|was) (?:an? )?(?P<s>[a-z\-]+)$")
_ROLL_RE: Final = re.compile(r"^roll (?:1d20|d20|a d20)(?:[.:;,]\s*(?P<rest>.+))?$")
_ROLL_GATE: Final = re.compile(
    r"^(?:on (?:a |an )?(?:roll of )?(?P<lo>\d+)(?:\+| or (?:more|greater|higher)|-(?P<hi>\d+)|(?P<one>)),?"
    r"|(?P<lo2>\d+)(?:-(?P<hi2>\d+)|\+):)\s*(?P<rest>.+)$")


def _rolled(t: str, default_who: str, ctx: str) -> list[Effect] | None:
    """'Roll 1d20. On 11+, X' / 'Roll d20. 1-9: X; 10+: Y': a d20 rolled once, and the effects each range of it
    brings (each gate stands before its effects)."""
    m = _ROLL_RE.match(t)
    if m:
        out = [Effect("roll", "self", extra=("new",))]
        if m.group("rest"):
            out.extend(_effects(m.group("rest"), default_who, ctx))
        return out
    g = _ROLL_GATE.match(t)
    if g:
        lo = int(g.group("lo") or g.group("lo2"))
        hi = lo if g.group("one") is not None else int(g.group("hi") or g.group("hi2") or 20)
        if not 1 <= lo <= hi <= 20:
            return None
        return [Effect("roll", "self", lo, count=hi), *_effects(g.group("rest"), default_who, ctx)]
    return None


def _clause(text: str, default_who: str, ctx: str) -> list[Effect]:
    """One clause of effects (no 'and' splitting beyond what the patterns allow). ``ctx`` is "hit" for an attack's
    rider (so "pushes 2" moves the target and a bare condition lands on the target)."""
    t = text.strip(" .;,")
    if not t:
        return []
    og = _GATE_OTHER.match(t) if ctx == "power" else None
    if og:  # 'Score +5 VP, or +10 VP if the enemy is a Champion': the other creature of the event decides
        gate = _gate_filter(og.group("s"), True)
        base = _clause(og.group("a"), default_who, ctx)
        try:
            alt = _clause(og.group("b"), default_who, ctx)
        except _Unread:  # 'Score +5 VP, or +10 VP': the verb is said once
            alt = _clause(og.group("a").split()[0] + " " + og.group("b"), default_who, ctx)
        if gate is None or len(base) != 1 or len(alt) != 1 or base[0].kind != alt[0].kind:
            raise _Unread(t)
        return [base[0], replace(alt[0], gate=gate, extra=(*alt[0].extra, "instead"))]
    if ctx == "power" and (t.startswith("roll") or t[:1].isdigit() or t.startswith("on ")):
        rolled = _rolled(t, default_who, ctx)
        if rolled is not None:
            return rolled
    if ctx == "hit":
        gated = _gated(t)
        if gated is not None:
            return gated
    t = re.sub(r"^(?:then|and|also|instead,?) ", "", t)
    t = re.sub(r"^as an? (?:free|immediate) action, (?=each |all |\d |it )", "", t)
    immediate = bool(re.search(r" as (?:an? )?immediate action$", t))  # another creature's attack: its reaction
    t = re.sub(r" as (?:an? )?(?:immediate|free) action$", "", t)
    who, flt, rest = _subject(t)
    if ctx == "hit" and who in ("all", "allies", "enemies") and flt.within == -1 and _BARE_ADJACENT.match(t):
        raise _Unread(f"{t} (adjacent to the target or to the attacker?)")
    subject_given = bool(who)
    if not who:
        who = default_who
    body = rest
    body, lead_dur = _leading_duration(body)
    if lead_dur and not subject_given:
        who2, flt2, rest2 = _subject(body)
        if who2:
            who, flt, body, subject_given = who2, flt2, rest2, True
    # a static ability for a while: "has resist 10 all until end of its next turn", "has insubstantial and phasing"
    gm = _GAIN_RE.match(body)
    if gm:
        tail, dur = _split_duration(gm.group("rest"))
        dur = dur or lead_dur
        gains = _gains(gm.group("what"))
        if gains is not None and not tail and dur:
            return [Effect("gain", who, n, what, dur, filter=flt) for what, n in gains]
    # a modifier: "has +2 attack until end of round"; "cumulative": it adds to itself (profile ddm-guild.stacking)
    body = re.sub(r"^if (?:that|the) attack hits,? (?=[+-]\d+ (?:\w+ )?damage on that attack$)", "", body)
    cumulative = bool(re.search(r"\bcumulative |\s?\(cumulative\)", body))
    if cumulative:
        body = re.sub(r"\bcumulative |\s?\(cumulative\)", "", body)
    hm = _HAS_RE.match(body) if not re.match(r"^gains? \+?\d+ hp$", body) else None
    if hm or (re.match(r"^[+-]\d", body)):
        mod_text = hm.group("mod") if hm else body
        mod_text, dur = _split_duration(mod_text)
        on_attack = False
        oa = re.match(r"^(.*?) (?:on|to) (?:that|this|the) attack(?: roll)?$", mod_text)
        if oa:
            mod_text, on_attack = oa.group(1), True
        mods = _modifier(mod_text)
        if mods is None:
            raise _Unread(body)
        dur = dur or lead_dur or ("attack" if on_attack else "")
        if not dur:
            dur = "permanent" if ctx == "static" else ""
        if not dur:
            raise _Unread(f"{body} (no duration)")
        flags = ("cumulative",) if cumulative else ()
        return [Effect("mod", who, n, stat, dur, filter=_merge(flt, f), extra=((dtype,) if dtype else ()) + flags)
                for stat, n, f, dtype in mods]
    # a condition
    if _CONDITION_RE.match(body):
        return _condition_effect(who, flt, body, "end-next-turn")
    if re.match(r"^(?:grants?|is granting) combat advantage", body):
        tail = re.sub(r"^(?:grants?|is granting) combat advantage(?: to (?:all creatures|all enemies|its enemies|"
                      r"each enemy|enemies))?", "", body)
        _, dur = _split_duration(tail)
        if _split_duration(tail)[0]:
            raise _Unread(body)
        return [Effect("condition", who, 0, "grants-ca", dur or "end-next-turn", filter=flt)]
    if re.match(r"^(?:can't|cannot|can not) shift", body):
        tail, dur = _split_duration(re.sub(r"^(?:can't|cannot|can not) shift", "", body))
        if tail:
            raise _Unread(body)
        return [Effect("condition", who, 0, "no-shift", dur or lead_dur or "end-next-turn", filter=flt)]
    na = re.match(r"^(?:can't|cannot|can not) (?:make attacks|attack)(?P<vs> (?:it|this creature))?", body)
    if na:  # 'target cannot attack (this creature) until end of its next turn'
        tail, dur = _split_duration(body[na.end():])
        dur = dur or lead_dur or "end-next-turn"
        what = "no-attack-source" if na.group("vs") else "no-attack"
        out_na = [Effect("condition", who, 0, what, dur, filter=flt)]
        also = re.match(r"^and (?:is )?(?P<c>" + "|".join(c for c in CONDITIONS if c.isalpha()) + r")$",
                        tail.strip(" ,"))
        if also:  # 'cannot attack and is Slowed (save ends both)': one duration for both
            out_na.append(Effect("condition", who, 0, also.group("c"), dur, filter=flt))
        elif tail:
            raise _Unread(body)
        return out_na
    pm = re.match(r"^provokes opportunity attacks(?: from (?:(?:each|all) )?(?P<adj>adjacent )?(?P<kw>[a-z\-]+ )?"
                  r"(?:enemies|creatures))?$", body)
    if pm:  # now: each enemy adjacent to it may make an opportunity attack (of those kinds)
        kinds = _event_kinds(pm.group("kw")) if pm.group("kw") else ""
        return [Effect("provoke", who, 0, kinds, filter=flt)]
    if re.match(r"^provokes opportunity attacks", body):
        tail, dur = _split_duration(re.sub(r"^provokes opportunity attacks(?: from [a-z ]+)?", "", body))
        if tail:
            raise _Unread(body)
        return [Effect("condition", who, 0, "provokes", dur or "end-next-turn", filter=flt)]
    o2 = re.match(r"^(?P<n>\d+) \+ (?P<m>\d+) ongoing (?P<t>(?:" + _TYPE_ALT + r") )?damage(?: \(save ends\))?$", body)
    if o2:  # '10 + 25 ongoing poison damage (save ends)': 10 damage now, 25 ongoing (as '5 + 10 poison damage')
        return [Effect("damage", who, int(o2.group("n")), filter=flt),
                Effect("ongoing", who, int(o2.group("m")), (o2.group("t") or "").strip(), "save", filter=flt)]
    # ongoing damage
    om = _ONGOING_RE.match(body)
    if om:
        n = int(om.group("a") or om.group("b"))
        tail, dur = _split_duration(om.group("rest"))
        if tail:
            raise _Unread(body)
        if dur not in ("", "save"):
            raise _Unread(body)
        return [Effect("ongoing", who, n, om.group("t") or "", "save", filter=flt)]
    # damage of two types: "10 fire + 10 radiant damage"
    tm = re.match(r"^(?:takes? )?(\d+) (" + _TYPE_ALT + r") \+ (\d+) (" + _TYPE_ALT + r") damage$", body)
    if tm:
        return [Effect("damage", who, int(tm.group(1)), tm.group(2), filter=flt),
                Effect("damage", who, int(tm.group(3)), tm.group(4), filter=flt, extra=("bonus",))]
    # three parts: "20 + 10 fire + 10 radiant damage"
    t3 = re.match(r"^(?:takes? )?(\d+) \+ ?(\d+) (" + _TYPE_ALT + r") \+ ?(\d+) (" + _TYPE_ALT + r") damage$", body)
    if t3:
        return [Effect("damage", who, int(t3.group(1)), "", filter=flt),
                Effect("damage", who, int(t3.group(2)), t3.group(3), filter=flt, extra=("bonus",)),
                Effect("damage", who, int(t3.group(4)), t3.group(5), filter=flt, extra=("bonus",))]
    # either type, the attacker's pick: "20 fire damage or 20 cold damage"
    em = re.match(r"^(?:takes? )?(\d+) (" + _TYPE_ALT + r") damage,? or (\d+) (" + _TYPE_ALT + r") damage$", body)
    if em and em.group(1) == em.group(3):
        return [Effect("damage", who, int(em.group(1)), em.group(2) + "^" + em.group(4), filter=flt)]
    # damage
    dm = _DAMAGE_RE.match(body)
    if dm:
        n = int(dm.group("n"))
        n2 = int(dm.group("n2")) if dm.group("n2") else 0
        types = [x for x in re.split(r" and |/| or | ", dm.group("t") or "") if x]
        rest2 = dm.group("rest").strip(" .")
        extra: tuple[str, ...] = ()
        if rest2 in ("ignore insubstantial", "ignoring insubstantial", ", ignore insubstantial"):
            extra = ("ignore-insubstantial",)
            rest2 = ""
        if rest2:
            raise _Unread(body)
        if n2:
            return [Effect("damage", who, n, "", filter=flt, extra=extra),
                    Effect("damage", who, n2, "/".join(types), filter=flt, extra=("bonus", *extra))]
        return [Effect("damage", who, n, "/".join(types), filter=flt, extra=extra)]
    fo = re.match(r"^(?P<verb>push|pull|slide) (?P<subj>(?:1|one|an?|each|all|2|3) .+?) (?P<ex>up to |exactly )?"
                  r"(?P<n>\d+) squares?$", body)
    if fo:  # 'slide 1 enemy within 5 squares of it 1 square', 'slide an adjacent enemy 1 square'
        who_f, flt_f, rest_f = _subject(fo.group("subj"))
        enemies_f = who_f in ("chosen-enemy", "enemies", "chosen-creature") or who_f.startswith("chosen-enemies")
        # a slide of allies too: the engine slides away from the source (ddm-guild.forced-movement), not a choice
        # for one's own creatures; a state word is not a kind ('an Immobilized enemy')
        if (enemies_f or (who_f == "all" and fo.group("verb") != "slide")) and not rest_f \
                and (not flt_f.keyword or _known_kinds(flt_f.keyword)):
            return [Effect(fo.group("verb"), who_f, int(fo.group("n")), filter=flt_f,
                           extra=("exactly",) if fo.group("ex") == "exactly " else ())]
    # forced movement; 'pull target adjacent (to it)': as far as it takes (amount -1)
    if re.match(r"^pulls? (?:the |that )?target(?: of (?:that|the) attack)? adjacent(?: to it)?$", body):
        return [Effect("pull", "target", -1)]
    fm = _FORCED_RE.match(body)
    if fm is None and subject_given and who == "self":
        fm = _FORCED_RE.match(t)
    if fm:
        verb = (fm.group("verb") or fm.group("verb2") or "")
        kind = "push" if verb.startswith("push") else "pull" if verb.startswith("pull") else "slide"
        n = _words_to_int(fm.group("n") or fm.group("n2"))
        ex = (fm.group("ex") or fm.group("ex2") or "").strip()
        target_word = (fm.group("who") or fm.group("who2") or "").strip()
        mover = "self" if target_word == "it" or (subject_given and who == "self" and not target_word) else \
            ("target" if ctx == "hit" or target_word else who)
        if fm.group("rest").strip(" ."):
            raise _Unread(body)
        return [Effect(kind, mover, n, extra=("exactly",) if ex == "exactly" else ())]
    if _BARE_SHIFT_RE.match(body):  # "it shifts", "each ally can immediately shift": one shift (ddm-guild.shift)
        mover = who if subject_given else ("self" if default_who in ("target", "self") else default_who)
        return [Effect("shift", mover, SHIFT_SQUARES)]
    tw = re.match(r"^teleports? (?:up to )?(?P<n>\d+)(?: squares?)?(?:, must end in a square adjacent to a wall| to a "
                  r"square adjacent to a wall|, must end in (?P<terrain>forest) terrain)$", t)
    if tw:  # a teleport that must end beside a wall / in forest terrain: a placement among the squares it sees
        return [Effect("place", "self", int(tw.group("n")), "seen:" + (tw.group("terrain") or "wall"))]
    mv = re.match(r"^(?:you may |may )?move (?P<subj>.+?) up to its speed$", t)
    if mv:  # 'You may move 1 Raider in your warband up to its speed': that creature moves (and may provoke)
        who_m, flt_m, rest_m = _subject(mv.group("subj"))
        if who_m in ("chosen-friend", "chosen-ally", "self") and not rest_m:
            return [Effect("move", who_m, -1, filter=flt_m)]
    sm = _SHIFT_RE.match(body)
    if sm:
        verb = sm.group("verb")
        kind = "shift" if verb.startswith("shift") else "teleport" if verb.startswith("tele") else "move"
        nword = sm.group("n")
        n = int(nword) if nword.isdigit() else -2 if nword.startswith("twice") else -1  # -1: its speed; -2: twice
        rest3 = sm.group("rest").strip(" .,")
        extra2: tuple[str, ...] = ()
        if rest3 in ("", "and must end adjacent to that enemy", "toward that enemy", "closer to an enemy",
                     "ending closer to an enemy", "ending adjacent to an enemy", "and must end adjacent to an enemy"):
            if rest3:
                extra2 = ("toward-enemy",)
        else:
            raise _Unread(body)
        mover = who if subject_given else ("self" if default_who in ("target", "self") else default_who)
        return [Effect(kind, mover, n, extra=extra2, filter=flt if subject_given else Filter())]
    hl = _HEAL_RE.match(body)
    if hl:
        rest4, dur = _split_duration(hl.group("rest"))
        if rest4 or dur:
            raise _Unread(body)
        return [Effect("heal", who if subject_given else ("self" if default_who == "target" else default_who),
                       int(hl.group("n")), filter=flt)]
    pa = re.match(r"^(?:place it|it is placed) in (?:a|any) (?:space|square) adjacent to "
                  r"(?P<who>that ally|the ally|that enemy|the target|target)$", body)
    if pa:  # 'Place this creature in a space adjacent to that ally' (no line of sight needed: not a teleport)
        return [Effect("place", "self", 0, "adjacent:" + ("ally" if "ally" in pa.group("who") else "target"))]
    pl = _placement(body)
    if pl is not None:
        return [pl]
    sv2 = _SURVIVE.match(t)
    if sv2:  # 'this creature is not destroyed and has 20 HP instead'
        return [Effect("survive", "self", int(sv2.group("n") or sv2.group("n2") or 0))]
    hp = re.match(r"^(?:it )?has (\d+) hp(?: remaining)?(?:,? instead)?$", t)
    if hp and default_who == "self":  # '..., then has 5 HP': the HP a creature that is not destroyed keeps
        return [Effect("survive", "self", int(hp.group(1)), "hp")]
    sv = re.match(r"^spends? (\d+) (?:vp|victory points?)$", body)
    if sv:  # 'Minor action; spend 5 VP, then this creature heals 30 HP': its side's points pay for the rest
        return [Effect("vp", "player", -int(sv.group(1)), extra=("spend",))]
    vm = _VP_RE.match(body)
    if vm:
        if vm.group("rest").strip(" ."):
            raise _Unread(body)
        return [Effect("vp", "opponent" if who == "opponent" else "player", int(vm.group("n")))]
    am = _EXTRA_ATTACK_RE.match(body)
    if am:
        count = _words_to_int(am.group("count"))
        which = am.group("which").strip()
        which = {"{b}": "basic", "{m}": "melee-basic", "{mb}": "melee-basic", "{r}": "ranged-basic",
                 "{rb}": "ranged-basic", "melee": "melee-basic", "ranged": "ranged-basic",
                 "{m} or {r}": "basic"}.get(which, "power:" + which)
        rest5 = am.group("rest").strip(" .")
        rest5 = re.sub(r"^(?:against|vs\.?|on) (?:that enemy|the target|that target|the same target|target|it|"
                       r"the attacker|that creature|an adjacent enemy|the triggering enemy|(?:that )?attacker|"
                       r"the enemy)$", "", rest5).strip(" ,.")
        other = bool(re.match(r"^against a different target\b", rest5))  # not the event's creature
        if other:
            rest5 = rest5[len("against a different target"):].strip(" ,.")
        rest5 = re.sub(r"^as (?:an? )?(?:immediate|free) action", "", rest5).strip(" ,.")
        bonus = 0
        bm = re.match(r"^with \+(\d+) attack(?: on that attack)?$", rest5)
        if bm:
            bonus = int(bm.group(1))
            rest5 = ""
        if rest5:
            raise _Unread(body)
        attacker = who if subject_given else "self"
        imm = ("immediate",) if (immediate or am.group("imm") or "as an immediate action" in am.group("rest")) \
            and attacker not in ("self", "target", "ally") else ()  # 'that ally' acts as its event lets it
        return [Effect("attack", attacker, bonus, which, count=count, filter=flt if attacker != "self" else Filter(),
                       extra=imm + (("other-target",) if other else ()))]
    if re.match(r"^(?:recharges?|recharge) (?:this power|it)$", body):
        return [Effect("recharge", "self")]
    rn = _RECHARGE_EFFECT.match(t)
    if rn:  # another power of the card, by name ("recharge its crushing blow", "recharge dominate or mind blast")
        names = [re.sub(r"^its ", "", n).strip() for n in rn.group("names").split(" or ")]
        return [Effect("recharge", "self", what="power:" + "|".join(names))]
    if re.match(r"^(?:that|the) attack misses(?: instead)?$", body):
        return [Effect("negate", "self")]
    hm2 = re.match(r"^(?:that|the) attack (?:is|becomes) (?:an? )?(?P<what>(?:normal )?hit|critical hit|automatic hit"
                   r"(?: and (?:an? )?(?:automatic )?critical hit)?)(?:,? instead)?$", t)
    if hm2 is None:
        hm2 = re.match(r"^(?:that|the) attack (?P<what>automatically hits)$", t)
    if hm2:  # what an attack roll gives, changed by a power that answers the attack
        w = hm2.group("what")
        return [Effect("hit", "self", what="crit" if "critical" in w else "auto" if "automatic" in w else "normal")]
    ch = _CHOOSE_RE.match(t)
    if ch:
        return [_choose(ch)]
    if re.match(r"^redirect (?:that|the) attack to (?:it|itself)$", body):
        return [Effect("redirect", "self")]
    rm = re.match(r"^(?:re-?rolls?) (?:that|the|its) (attack(?: roll)?|save|saving throw)(?:,? instead)?$", body)
    if rm:
        return [Effect("reroll", who, 0, "attack" if rm.group(1).startswith("attack") else "save")]
    lm = re.match(r"^takes (\d+) less damage from (?:that|the) attack$", body)
    if lm:
        return [Effect("reduce", "self", int(lm.group(1)))]
    ce = re.match(r"^(?:ends?|end) (?:1|one|an?) (?:effect or condition|condition or effect|ongoing damage effect)"
                  r" on (?:that ally|the ally|it|itself|target|that enemy)$", body)
    if ce:  # 'end 1 effect or condition on that ally', 'end 1 ongoing damage effect on that ally'
        what = "ongoing" if "ongoing" in body else ""
        target_word = body.rsplit(" on ", 1)[1]
        who_c = "ally" if "ally" in target_word else "self" if target_word.startswith("it") else "target"
        return [Effect("cleanse", who_c, 0, what, count=1)]
    em = re.match(r"^(?:ends?|end) (\d+|one|all|a) (?:conditions?|effects?)(?: or ongoing damage(?: effects?)?)?"
                  r"(?: that a save can end)?(?: on (?:(?:1|an|one|that) )?(?:ally|it|itself|that ally|target))?$",
                  body)
    if em:
        n = 99 if em.group(1) == "all" else _words_to_int(em.group(1))
        return [Effect("cleanse", who if subject_given else default_who, 0, count=n)]
    if re.match(r"^is destroyed$", body) and who == "self":
        return [Effect("destroy-self", "self")]
    raise _Unread(t)


# --- riders that depend on the target ---------------------------------------------------------------------------
# '+15 necrotic damage if target is bloodied', 'Dazed target is Stunned instead', '10 damage OR 20 damage if target is
# Immobilized', 'if already Slowed, target is instead Immobilized (save ends)', '+10 radiant damage against Evil
# targets': [effect] [target state] [instead]. The state is read by the modifiers' own words ('vs. bloodied
# targets', _MOD_CONDITIONS), so every target state they know is a gate too.

_GATE_IF: Final = re.compile(r"^if (?:the )?(?:target is |already )(?:already )?(?P<s>[^,]+), (?P<rest>.+)$")
_GATE_SUBJECT: Final = re.compile(r"^(?:an? )?(?P<s>[a-z][a-z ,\-]*?) targets? (?:is|are) (?P<rest>.+)$")
_GATE_TAIL: Final = re.compile(
    r"^(?P<rest>.+?),? (?:if (?:the )?target is (?P<s>[^,]+?)|(?P<vs>(?:vs\.?|against) [a-z ,\-]+? targets?))"
    r"(?P<instead>,? instead)?$")
_GATE_OR: Final = re.compile(r"^(?P<a>(?:\d+ )?[^,]*?damage),? or (?P<b>\d+ [^,]*?damage) if (?:the )?target is "
                             r"(?P<s>[^,]+)$")
_BONUS_DAMAGE: Final = re.compile(r"^\+(?P<n>\d+) (?P<t>(?:" + _TYPE_ALT + r") )?damage$")


def _gate_filter(state: str, is_form: bool) -> Filter | None:
    """'bloodied' / 'stunned or helpless' / 'adjacent to it' / 'evil targets' as the filter a modifier's 'vs. ...
    targets' gives; None if the modifiers' words do not read it."""
    s = state.strip(" ,")
    if is_form:
        s = "vs. targets " + s if s.startswith("adjacent to") else "vs. " + s + " targets"
    flt, rest = _mod_condition(s)
    if rest or not flt.target_state or flt.target_state == "chosen" or flt.self_state or flt.attack_form:
        return None
    return flt


def _gated_rider(rest: str, gate: Filter, instead: bool) -> list[Effect] | None:
    r = rest.strip(" ,.")
    im = re.match(r"^(?P<r>.*?),? instead$", r)
    if im:
        r, instead = im.group("r"), True
    sm = re.match(r"^(?:it|target|the target) is (?:(?P<i>instead) )?(?P<r>.+)$", r)
    if sm:  # 'it is Stunned': 'it' is the target here
        r = sm.group("r")
        instead = instead or bool(sm.group("i"))
    im = re.match(r"^(?P<r>.*?),? instead$", r)
    if im:
        r, instead = im.group("r"), True
    bm = _BONUS_DAMAGE.match(r)
    if bm:
        effects = [Effect("damage", "target", int(bm.group("n")), (bm.group("t") or "").strip(), extra=("bonus",))]
        if instead:
            return None  # '+N damage instead': instead of what is not said
    else:
        try:
            effects = _clause(r, "target", "gated")
        except _Unread:
            return None
    if not effects or any(e.who != "target" or e.kind not in ("damage", "condition", "ongoing") for e in effects):
        return None
    flag = ("instead",) if instead else ()
    out = []
    for e in effects:
        extra = e.extra + flag if instead or e.kind != "damage" else tuple({*e.extra, "bonus"})
        out.append(replace(e, gate=gate, extra=extra,
                           duration="" if instead and e.kind == "condition" and not _has_duration(r) else e.duration))
    return out


def _has_duration(text: str) -> bool:
    try:
        return _split_duration(text)[1] != ""
    except _Unread:
        return False


def _gated(t: str) -> list[Effect] | None:
    """An attack's rider that depends on the target (see above), or None."""
    m = _GATE_OR.match(t)
    if m:
        gate = _gate_filter(m.group("s"), True)
        if gate is None:
            return None
        try:
            base = _clause(m.group("a"), "target", "gated")
        except _Unread:
            return None
        alt = _gated_rider(m.group("b"), gate, True)
        return None if alt is None or any(e.kind != "damage" for e in base) else base + alt
    m = _GATE_IF.match(t)
    if m:
        gate = _gate_filter(m.group("s"), True)
        return None if gate is None else _gated_rider(m.group("rest"), gate, False)
    m = _GATE_TAIL.match(t)
    if m:
        gate = _gate_filter(m.group("s") or m.group("vs"), bool(m.group("s")))
        return None if gate is None else _gated_rider(m.group("rest"), gate, bool(m.group("instead")))
    m = re.match(r"^(?:the )?target of level (?P<n>\d+) or (?P<d>lower|less|higher|greater) is (?P<rest>.+)$", t)
    if m:  # 'target of level 3 or lower is Dazed': a level is a kind
        level = ("level<=" if m.group("d") in ("lower", "less") else "level>=") + m.group("n")
        return _gated_rider("it is " + m.group("rest"), Filter(keyword=level, target_state="keyword"), False)
    m = _GATE_SUBJECT.match(t)
    if m and re.search(r",? instead$", m.group("rest")):  # 'Dazed target is Stunned instead'
        gate = _gate_filter(m.group("s"), True)
        return None if gate is None else _gated_rider(m.group("rest"), gate, True)
    return None


# --- placement: 'place this creature' [where] ------------------------------------------------------------------
# where: 'within 6 squares of an Arcane ally of level 8 or greater', 'adjacent to a Bloodied enemy', 'in your start
# area', 'in any victory area', 'adjacent to wall terrain', 'in a square it can see', 'up to 4 squares away and in
# line of sight', 'within 5 squares of your start area'. A placement is not a move: no path, no opportunity attack
# (where the engine puts it: docs/rules/ddm-guild-play.md, how the engine uses powers).

_PLACE_RE: Final = re.compile(r"^(?:you may )?(?:place it|it is placed)(?: on the battle ?map)?,? (?P<where>.+)$")
_PLACE_REF: Final = re.compile(
    r"^(?:an?|1) (?:(?P<state>bloodied) )?(?P<kinds>[a-z\-]+(?: or [a-z\-]+)? )?(?P<noun>ally|enemy)"
    r"(?: of level (?P<lv>\d+) or (?P<dir>greater|higher|lower|less))?$")
_PLACE_WHERE: Final = (
    (re.compile(r"^in (?:a|any) (?:space|square) (?:that )?it can see$|^in any (?:space|square) (?:with)?in its line "
                r"of sight$"), "seen", 0),
    (re.compile(r"^in any (?:space|square) up to (?P<n>\d+) squares away and in (?:its )?line of sight$"), "seen", -1),
    (re.compile(r"^in (?:its|your) start area$|^in any (?:space|square) in your start area$|^in one of your start "
                r"areas$"), "start", 0),
    (re.compile(r"^(?:with)?in (?P<n>\d+) squares of your start area$|^up to (?P<n2>\d+) squares away from your start "
                r"area$"), "near-start", -1),
    (re.compile(r"^up to (?P<n>\d+) squares away from its (?:current )?(?:location|position|space)$"), "near-here", -1),
    (re.compile(r"^in (?:any|a) victory area$"), "victory", 0),
    (re.compile(r"^in one of your victory areas$"), "victory:own", 0),
    (re.compile(r"^(?:in (?:a|any) (?:space|square) )?adjacent to (?:a )?wall(?: terrain)?$"), "wall", 0),
)


def _placement(body: str) -> Effect | None:
    """'Place this creature <where>' (see above) as a place effect, or None."""
    m = _PLACE_RE.match(body)
    if m is None:
        return None
    where = m.group("where")
    for rx, what, n in _PLACE_WHERE:
        wm = rx.match(where)
        if wm:
            squares = int(wm.group("n") or wm.group("n2")) if n < 0 else 0
            return Effect("place", "self", squares, what)
    nm = re.match(r"^(?:in (?:a|an unoccupied|any) (?:space|square) )?(?:(?P<adj>adjacent to)|within (?P<n>\d+) "
                  r"squares of) (?P<ref>.+)$", where)
    if nm is None:
        return None
    ref = _PLACE_REF.match(nm.group("ref"))
    if ref is None:
        return None
    try:
        kinds = _event_kinds(ref.group("kinds")) if ref.group("kinds") else ""
    except _Unread:
        return None
    if ref.group("lv"):  # 'an Arcane ally of level 8 or greater'
        level = ("level>=" if ref.group("dir") in ("greater", "higher") else "level<=") + ref.group("lv")
        kinds = "+".join(k for k in (kinds, level) if k)
        if "|" in kinds:
            return None
    squares = -1 if nm.group("adj") else int(nm.group("n"))
    return Effect("place", "self", squares, "near:" + ref.group("noun"),
                  filter=Filter(keyword=kinds, target_state=ref.group("state") or ""))


_CHOOSE_RE: Final = re.compile(
    r"^choose (?:1|one|an?) (?P<adj>adjacent )?(?:(?P<kw>[a-z\-]+) )?(?P<noun>enemy|ally|creature)"
    r"(?: within (?P<n>\d+) squares(?: of it)?)?"
    r"(?P<sight> (?:that|who) (?:does not|doesn't) have line of sight (?:to|of) it| (?:that|who) cannot see it"
    r"| within (?:its )?line of sight(?: of it)?| in its line of sight| within sight)?$")


def _choose(m: re.Match[str]) -> Effect:
    """'Choose 1 enemy that does not have line of sight to this creature': the creature the next clauses call 'that
    enemy' (the engine picks as for a harm or a bonus: profile, how the engine uses powers)."""
    kw = m.group("kw") or ""
    state = ""
    if kw in _CONDITION_WORDS:
        state, kw = "cond:" + kw, ""
    elif kw == "bloodied":
        state, kw = "bloodied", ""
    elif kw:
        kw = _event_kinds(kw)
    sight = (m.group("sight") or "").strip()
    if sight:
        state = "unseeing" if ("not" in sight or "cannot" in sight) else "seen"
    within = -1 if m.group("adj") else int(m.group("n")) if m.group("n") else 0
    who = {"enemy": "chosen-enemy", "ally": "chosen-ally", "creature": "chosen-creature"}[m.group("noun")]
    return Effect("choose", who, filter=Filter(keyword=kw, within=within, target_state=state))


def _merge(a: Filter, b: Filter) -> Filter:
    return Filter(
        keyword=a.keyword or b.keyword, alignment=a.alignment or b.alignment,
        attack_form=a.attack_form or b.attack_form,
        target_state=a.target_state or b.target_state, self_state=a.self_state or b.self_state,
        within=a.within or b.within,
    )


def _effects(text: str, default_who: str, ctx: str) -> list[Effect]:
    """A run of clauses: split on sentence ends, ';', ' and ' (keeping a subject for the clauses after it)."""
    out: list[Effect] = []
    for sentence in re.split(r"(?<=[a-z0-9)])(?<!\bvs)\. |; |\. then |, then ", text.strip(" .")):
        s = sentence.strip(" .,")
        if not s:
            continue
        try:
            out.extend(_clause(s, default_who, ctx))
            continue
        except _Unread:
            pass
        parts = re.split(r" and |, then | then |, ", s)
        if len(parts) == 1:
            raise _Unread(s)
        who_carry = default_who
        try:
            for part in parts:
                p = part.strip()
                if not p:
                    continue
                w, _, _ = _subject(p)
                if w:
                    who_carry = w
                out.extend(_clause(p, who_carry, ctx))
        except _Unread:
            raise _Unread(s) from None
    return _granted_hits(out)


def _granted_hits(effects: list[Effect]) -> list[Effect]:
    """'Make a {B} attack against that enemy. That attack is an automatic hit and a critical hit': 'that attack' is
    the one just granted (the attack carries it). 'It is not destroyed instead, then has 5 HP': one survival with
    those HP."""
    out: list[Effect] = []
    for e in effects:
        if e.kind == "hit" and e.what in ("crit", "auto") and out and out[-1].kind == "attack" and out[-1].count == 1:
            out[-1] = replace(out[-1], extra=(*out[-1].extra, "force:" + e.what))
            continue
        if e.kind == "survive" and e.what == "hp":
            if not out or out[-1].kind != "survive" or out[-1].amount:
                raise _Unread(f"has {e.amount} hp")
            out[-1] = replace(out[-1], amount=e.amount)
            continue
        out.append(e)
    return out


# --- attacks ---------------------------------------------------------------------------------------------------

_ATTACK_RE: Final = re.compile(
    r"^(?:\((?P<spec>[^)]*)\)\s*:?\s*)?(?P<roll>\+\s?(?P<bonus>\d+)|automatic(?:ally)? hits?)"
    r"(?: vs\.? (?P<def>(?:ac|fort|ref|will)(?:\|(?:ac|fort|ref|will))?))?(?: each)?\s*[;:,.]?\s*(?P<rest>.*)$"
)
# "Make up to 2 attacks, each against a different target, +23 vs. AC; ..." and "2 attacks, +18 vs. AC each; ..."
_MULTI_RE: Final = re.compile(
    r"^(?:make )?(?:up to )?(?P<n>\d+|two|three) attacks?(?P<diff>,? each against a different (?:target|enemy))?"
    r"(?:,? (?:each )?(?:against|vs\.?) (?:1|one|the same|a single) target)?[,:]?\s*(?=\+|\()"
)
_EACH_RE: Final = re.compile(
    r"^(?:make )?(?:1|one|an|a) attack (?:against|vs\.?) each "
    r"(?P<who>adjacent enemy|enemy (?:within|in) (?:its )?reach|enemy adjacent to it)[,:]?\s*(?=\+|\()"
)
_MISS_TAIL: Final = re.compile(
    r"^(?P<hit>.*?)[,;]\s*(?P<n>\d+) ?(?P<t>(?:" + _TYPE_ALT + r")?) ?(?:damage )?(?:only )?on (?:a )?miss$"
)
_SPEC_FIRST: Final = re.compile(r"^(?P<spec>\([^)]*\))\s*(?P<when>immediate,? when destroyed)[;:,]\s*(?P<rest>.*)$")


def _spec_parts(spec: str) -> list[str]:
    """The parenthesis split at its commas, a list of kinds kept whole ('Undead, Shapeshifter, or Evil target
    only' → 'undead or shapeshifter or evil target only')."""
    parts = [p.strip() for p in re.split(r",|;", spec)]
    out: list[str] = []
    i = 0
    while i < len(parts):
        j = i
        while j + 1 < len(parts) and re.match(r"^(?:or )?[a-z\-]+$", parts[j]) and parts[j] not in _SPEC_SINGLE:
            j += 1
        if j > i and parts[j].endswith(" only"):
            out.append(" or ".join(re.sub(r"^or ", "", p) for p in parts[i:j + 1]))
            i = j + 1
        else:
            out.append(parts[i])
            i += 1
    return out


_SPEC_SINGLE: Final = frozenset({"sight", "nearest", "immediate"})


def _attack_spec(spec: str) -> dict[str, object]:
    """The parenthesis before the roll: '(blast 5, enemies only)', '(radius 1 within 10)', '(sight)', ..."""
    out: dict[str, object] = {"form": "melee", "reach": 1, "range": 0, "size": 0, "nearest": False,
                              "enemies_only": False, "filter": Filter(), "targets": 1, "charge": False,
                              "provokes": True, "ignores": ()}
    if not spec:
        return out
    for raw in _spec_parts(spec):
        p = raw.strip()
        if not p:
            continue
        m = re.match(r"^reach (\d+)$", p)
        if m:
            out["reach"] = int(m.group(1))
            continue
        m = re.match(r"^range (\d+)$", p)
        if m:
            out["form"] = "area" if out["form"] == "area" else "ranged"
            out["range"] = int(m.group(1))
            continue
        if p == "sight":
            out["form"] = "area" if out["form"] == "area" else "ranged"
            continue
        if p in ("nearest", "nearest enemy"):
            if out["form"] != "area":
                out["form"] = "ranged"
            out["nearest"] = True
            continue
        m = re.match(r"^(blast|burst|line) ?(\d+)$", p)
        if m:
            out["form"] = {"blast": "close-blast", "burst": "close-burst", "line": "line"}[m.group(1)]
            out["size"] = int(m.group(2))
            continue
        m = re.match(r"^(small|large) cone$", p)
        if m:
            out["form"] = "close-blast"
            out["size"] = 3 if m.group(1) == "small" else 5
            continue
        m = re.match(r"^radius (\d+)(?: within (\d+|sight))?$", p)
        if m:
            out["form"] = "area"
            out["size"] = int(m.group(1))
            if m.group(2) and m.group(2) != "sight":
                out["range"] = int(m.group(2))
            continue
        if re.match(r"^(?:enemies|enemy targets|enemy creatures) only$", p) or p == "enemy targets only":
            out["enemies_only"] = True
            continue
        m = re.match(r"^(?:use |usable |can use |may use |can be used )?(?:only )?(?:on|when|while) (?:a )?"
                     r"charg(?:e|ing)$", p)
        if m:
            out["charge"] = True
            continue
        if p == "minor action":
            out["action"] = "minor"
            continue
        if p in ("does not provoke opportunity attacks", "doesn't provoke opportunity attacks"):
            out["provokes"] = False
            continue
        if p in ("ignore insubstantial", "ignores insubstantial"):
            out["ignores"] = ("insubstantial",)
            continue
        m = re.match(r"^(living|bloodied|immobilized|helpless|dazed|stunned|undead|living enemy|"
                     r"medium or smaller|large or smaller|small or smaller) (?:targets?|creatures?|enemies) only$", p)
        if m:
            word = m.group(1)
            state = {"bloodied": "bloodied", "immobilized": "cond:immobilized", "helpless": "cond:helpless",
                     "dazed": "cond:dazed", "stunned": "cond:stunned", "medium or smaller": "size<=medium",
                     "large or smaller": "size<=large", "small or smaller": "size<=small"}.get(word, "")
            keyword = {"living": "living", "living enemy": "living", "undead": "undead"}.get(word, "")
            if word == "living enemy":
                out["enemies_only"] = True
            out["filter"] = Filter(keyword=keyword, target_state=state)
            continue
        m = re.match(r"^([a-z\-]+) (?:targets|creatures) immune$", p)
        if m:
            out["filter"] = Filter(keyword="!" + m.group(1).rstrip("s"))
            continue
        if _spec_words(p, out):
            continue
        raise _Unread(f"({p})")
    return out


# more of what an attack's parenthesis may say, each a word of the vocabulary (no number is implied)
_SPEC_TARGETS: Final = re.compile(r"^(?:make )?(?P<n>\d+|two|three|four)(?: (?P<diff>different))? (?:targets|attacks)$|"
                                  r"^attack (?:the )?target (?P<twice>twice)$|^(?P<near>\d+|two|three) nearest$")
_SPEC_IGNORES: Final = re.compile(r"^ignores? (insubstantial|conceal|invisible|resist|redirect)$")
_SPEC_KINDS: Final = re.compile(
    r"^(?P<non>non-)?(?P<kws>[a-z\-]+(?:(?:,| or|, or) [a-z\-]+)*?)(?: (?:targets?|creatures?|enem(?:y|ies)))?"
    r"(?: only)?$")
_SPEC_STATES: Final = {
    "non-adjacent": "not-adjacent", "nonadjacent": "not-adjacent", "smaller": "smaller", "undamaged": "undamaged",
}


def _spec_words(p: str, out: dict[str, object]) -> bool:
    """The rest of an attack's parenthesis: how many targets, what it ignores, whom it may target ('can target
    allies': a permission; the engine aims at enemies), creature kinds or states it is limited to, and the
    action, limit or requirement words some cards print there. False when the words are not these."""
    m = _SPEC_TARGETS.match(p)
    if m:
        if m.group("twice"):
            out["targets"], out["distinct"] = 2, False
        elif m.group("near"):
            out["targets"], out["distinct"], out["nearest"] = _words_to_int(m.group("near")), True, True
            out["form"] = "ranged"
        else:
            out["targets"] = _words_to_int(m.group("n"))
            out["distinct"] = bool(m.group("diff")) or p.endswith("targets")
        return True
    m = _SPEC_IGNORES.match(p)
    if m:
        ignores = out["ignores"]
        out["ignores"] = (*(ignores if isinstance(ignores, tuple) else ()), m.group(1))
        return True
    if re.match(r"^(?:can|may) target (?:an )?all(?:y|ies)$", p):
        return True
    if re.match(r"^(?:usable|useable|use) (?:only )?(?:on|when|while) (?:a )?charg(?:e|ing)$", p):
        out["charge"] = True
        return True
    if p == "provokes opportunity attacks":
        out["provokes"] = True
        return True
    if p in ("once per turn", "once per round"):
        out["per"] = p.rsplit(" ", 1)[1]
        return True
    if re.fullmatch(r"(?:use )?(?:only )?(?:with|when it has) combat advantage(?: against (?:the |its )?target)?"
                    r"(?: only)?|targets? (?:granting|that grants?) (?:it )?combat advantage(?: only)?",
                    p):  # '(only with combat advantage)': against a target that grants it
        out["filter"] = replace(_as_filter(out["filter"]), target_state="ca")
        return True
    m = re.match(r"^only while (bloodied|damaged|not bloodied)$", p)
    if m:
        out["requirement"] = m.group(1).replace(" ", "-")
        return True
    cond = _condition(p, lead_only=True) if re.match(r"^(?:use )?only ", p) else None
    if cond is not None and cond[1] == len(p):  # '(only if it did not charge this turn)'
        out["requirement"] = cond[0]
        return True
    words = p.replace(" target only", "").replace(" targets only", "")
    words = re.sub(r" (?:targets?|creatures?|enem(?:y|ies))(?: only)?$", "", words).replace(" only", "")
    if words in _SPEC_STATES:
        out["filter"] = replace(_as_filter(out["filter"]), target_state=_SPEC_STATES[words])
        return True
    conds = [w for w in re.split(r",? or |, ", words) if w]
    if conds and all(c in _CONDITION_WORDS for c in conds):
        out["filter"] = replace(_as_filter(out["filter"]), target_state="cond:" + "|".join(conds))
        return True
    m = _SPEC_KINDS.match(p)
    if m and (" only" in p or m.group("non")) and " " not in m.group("kws").replace(", ", ",").replace(" or ", ","):
        kinds = [w.strip() for w in re.split(r",? or |, ", m.group("kws")) if w.strip()]
        if not kinds or any(k in _NOT_KINDS or k in _CONDITION_WORDS or k.isdigit() for k in kinds):
            return False
        singular = [k.rstrip("s") if k.endswith("s") and not k.endswith("ss") else k for k in kinds]
        flt = _as_filter(out["filter"])
        if m.group("non"):
            keyword = "|".join("!" + k for k in singular) if len(singular) == 1 else ""
            if not keyword:
                return False
            out["filter"] = replace(flt, keyword=keyword)
        else:
            out["filter"] = replace(flt, keyword="|".join(singular))
        return True
    return False


def _as_filter(x: object) -> Filter:
    return x if isinstance(x, Filter) else Filter()


_MISS_SPLIT: Final = re.compile(
    r"(?:\.|;|,)?\s*(?P<tag>on (?:a )?miss|miss|hit or miss|on (?:a )?crit(?:ical)?(?: hit)?|critical(?: hit)?|"
    r"if (?:this attack|it) (?:misses|scores a critical hit))\s*[,:]\s*"
)
_RECHARGE_RE: Final = re.compile(r"(?:\.|;)?\s*recharge(?:s)?\b(?P<rest>[^.]*)\.?", re.I)


def _recharge(text: str) -> tuple[str, str, Filter]:
    """Pull a RECHARGE clause out of the text: (text without it, recharge condition, who takes part in its event).
    Besides the table's conditions, any event a trigger may name recharges it ("on:<trigger>": 'RECHARGE when a
    Dragon ally is destroyed', 'when it takes fire damage', 'when it is hit by an attack')."""
    m = _RECHARGE_RE.search(text)
    if m is None:
        return text, "", Filter()
    rest = m.group("rest").strip(" .:")
    table = (
        (r"^(?:when|once) (?:it )?(?:is |becomes )?(?:first )?(?:becomes |is |becoming )?bloodied$", "bloodied"),
        (r"^as (?:a|an) (move|minor|attack) ?action$", "action"),
        (r"^as (?:a|an) replaces (move|attack) action$", "action"),
        (r"^at (?:the )?start of (?:its |each |this creature's )?turn$", "start-of-turn"),
        (r"^at (?:the )?start of (?:each|the) round$", "start-of-round"),
        (r"^at (?:the )?end of (?:its|each) turn$", "end-of-turn"),
        (r"^at (?:the )?end of (?:each |the )?round$", "end-of-round"),
        (r"^when (?:it|this creature) destroys an enemy$", "destroys"),
        (r"^when an ally is destroyed$", "ally-destroyed"),
        (r"^when (?:an|that) enemy is destroyed$", "enemy-destroyed"),
        (r"^when it hits with (?:a|an) (\{m\}|\{r\}|\{b\}) attack$", "hits"),
        (r"^when it misses with (?:this attack|a \{b\} attack|a \{m\} attack)$|^when this attack misses$", "misses"),
        (r"^when (?:it takes damage|it is damaged by an attack|it is hit by a \{m\} attack|an enemy hits it with "
         r"an attack|(?:it is )?damaged(?: by an enemy)?)$", "damaged"),
        (r"^at (?:the )?end of its turn if it did not (?:make an )?attack(?: (?:on )?(?:that|this) turn)?$",
         "end-of-turn-no-attack"),
        (r"^at (?:the )?end of its turn if it did not move(?: (?:on )?(?:that|this) turn)?$", "end-of-turn-no-move"),
        (r"^on (?:a )?roll of (\d+)\+? at (?:the )?start of its turn$", "roll"),
        (r"^(?:if (?:no enemy is|not) adjacent (?:to it )?at (?:the )?start of its turn|at (?:the )?start of its turn "
         r"if no enem(?:y is|ies are) adjacent to it)$", "start-of-turn-alone"),
        (r"^at (?:the )?end of its turn if no enem(?:y is|ies are) adjacent to it$", "end-of-turn-alone"),
        (r"^at (?:the )?start of its turn if no enem(?:y has|ies have) line of sight to it$", "start-of-turn-unseen"),
    )
    left = text[: m.start()] + text[m.end():]
    act = re.match(r"^as (?:a|an) (move|minor|attack) action,? (?=when |if |while )", rest)
    cond = _condition(rest[act.end():], lead_only=True) if act else None
    if act and cond is not None and act.end() + cond[1] == len(rest):  # 'as a move action when adjacent to
        return left, f"action:{act.group(1)}", Filter(self_state=cond[0])  # difficult terrain'
    for pat, name in table:
        mm = re.match(pat, rest)
        if mm:
            if name == "roll":
                return left, f"roll:{mm.group(1)}", Filter()
            if name == "action":
                return left, f"action:{mm.group(1)}", Filter()
            if name == "hits":
                return left, "hits:" + {"{m}": "melee", "{r}": "ranged", "{b}": "basic"}[mm.group(1)], Filter()
            return left, name, Filter()
    if re.match(r"^(?:when|if) (?:this|that) attack hits$", rest):
        return left, "this-hits", Filter()
    state = _turn_state(rest)  # 'at start of its turn if it is adjacent to a wall': its state then
    if state is not None:
        return left, state[0], Filter(self_state=state[1])
    cond = _condition(rest, lead_only=True) if rest.startswith("when no ") else None
    if cond is not None and cond[1] == len(rest) and cond[0].startswith("unaffected:"):
        return left, "unaffected", Filter(self_state=cond[0])  # 'when no creature is affected by this power'
    uses = _RECHARGE_USES.match(rest)  # 'RECHARGE when this creature uses Mantid Dance (a champion power)'
    if uses:
        if not uses.group("names"):
            return left, "uses-champion", Filter()
        names = [re.sub(r"^its ", "", n).strip() for n in uses.group("names").split(" or ")]
        return left, "uses:" + "|".join(names), Filter()
    event = _whole_event(rest)
    if event is not None:
        return left, "on:" + event[0], event[1]
    if _RECHARGE_NAMES.match(rest) and not re.match(r"^(?:when|whenever|at|if|as|on|once|all|after)\b", rest):
        return text, "", Filter()  # "RECHARGE Acid Breath": an effect that recharges another power (read by _clause)
    raise _Unread(f"recharge {rest}")


def _unaffected(state: str, index: int, display: str) -> str:
    """'unaffected:=<name>[:enemy]' → 'unaffected:<index>[:enemy]' when the name is this power's ('' for 'this
    power'); another power's name stays unread (the engine plays the state of the power itself only)."""
    name, _, who = state[len("unaffected:="):].partition(":")
    if name and name != display.casefold():
        return state
    return f"unaffected:{index}" + (f":{who}" if who else "")


def _turn_state(rest: str) -> tuple[str, str] | None:
    """A RECHARGE on a state of the creature at the start or end of its turn: ('start-of-turn', predicate id) for
    'at start of its turn if no enemy can see it', 'when it starts its turn adjacent to a Ki ally', 'when no enemy
    is within 10 squares at start of its turn'."""
    m = re.match(r"^at (?:the )?(?P<w>start|end) of (?:(?:its|each|this creature's|the) )?(?P<u>turn|round),? "
                 r"(?P<s>(?:if|while|when) .+)$", rest)
    words = m.group("s") if m else ""
    if m is None:
        m = re.match(r"^when it (?P<w>start|end)s its turn (?:with )?(?P<s>.+)$", rest)
        words = "while " + m.group("s") if m else ""
    if m is None:
        m = re.match(r"^(?:when|if) (?P<s>.+?),? at (?:the )?(?P<w>start|end) of its turn$", rest)
        words = "while " + m.group("s") if m else ""
    cond = _condition(words, lead_only=True) if m else None
    if m is None or cond is None or cond[1] != len(words):
        return None
    return m.group("w") + "-of-" + (m.groupdict().get("u") or "turn"), cond[0]


def _whole_event(words: str) -> tuple[str, Filter] | None:
    """'when a Dragon ally is destroyed' as a trigger and its filter, when those words are all an event's."""
    if not re.match(r"^(?:when|whenever|after) ", words):
        return None
    side = _side_event(words)
    if side is not None and side[2] >= len(words):
        return side[0], side[1]
    for erx, name in _EVENT_RES:
        em = erx.match(words)
        if em is not None and em.end() >= len(words):
            return _event_trigger(name), _event_filter(name, em)
    composed = _composed_event(words)
    if composed is not None and composed[2] >= len(words):
        return composed[0], composed[1]
    return None


def _event_trigger(name: str) -> str:
    return "ally-starts-turn" if name == "ally-starts-turn-adjacent" else name


def _event_filter(name: str, m: re.Match[str]) -> Filter:
    """Who takes part in an event the older words name ('a Dwarf ally within 5 squares', 'a {m} attack')."""
    groups = m.groupdict()
    form = _FORMS.get((groups.get("form") or "").strip() + " ", "") if groups.get("form") else ""
    within = groups.get("within") or groups.get("within2") or ""
    kw, who_state, adj = _event_who(groups.get("kw") or "")
    adjacent = adj or name in ("ally-starts-turn-adjacent", "enemy-attacks-ally", "enemy-starts-adjacent")
    if groups.get("pname"):  # 'when it declares a Mind Blast attack': an attack power of its card, by name
        form = "power:" + groups["pname"].strip()
    state = ""
    desc = re.sub(r"^(?:an?|the) ", "", groups.get("tdesc") or "")
    if desc and desc not in ("enemy", "target", "creature"):  # 'it hits an Immobilized target', 'a living enemy'
        tflt, left = _mod_condition("against " + desc)
        if left or not tflt.target_state:
            raise _Unread(f"it hits {desc}")
        state = "kinds:" + tflt.keyword if tflt.target_state == "keyword" else tflt.target_state
    return Filter(keyword=kw, attack_form=form, within=-1 if adjacent else int(within) if within else 0,
                  target_state=state, self_state=who_state)


_POWER_NAMES: Final = r"(?:its )?[a-z'][a-z' \-]*?(?: or (?:its )?[a-z'][a-z' \-]*?)*"
_RECHARGE_NAMES: Final = re.compile("^" + _POWER_NAMES + "$")
_RECHARGE_EFFECT: Final = re.compile(r"^recharges? (?P<names>" + _POWER_NAMES + ")$")
_RECHARGE_USES: Final = re.compile(r"^when (?:it|this creature) uses (?:a champion power|(?P<names>" + _POWER_NAMES
                                   + "))$")


def _attack(text: str) -> tuple[AttackSpec, str]:
    """An attack's text after its name and prefixes (returns the spec and the action, use rate or requirement
    its parenthesis names: 'minor', 'per:turn', 'requirement:bloodied', comma-separated)."""
    targets = 1
    distinct = False
    mm = _MULTI_RE.match(text)
    if mm:
        targets = _words_to_int(mm.group("n"))
        distinct = bool(mm.group("diff"))
        text = text[mm.end():]
    each = _EACH_RE.match(text)
    each_reach = False
    if each:
        each_reach = "reach" in each.group("who")
        text = text[each.end():]
    m = _ATTACK_RE.match(text)
    if m is None:
        raise _Unread(text)
    spec = _attack_spec(m.group("spec") or "")
    if each:
        spec["form"], spec["size"], spec["enemies_only"] = "close-burst", 1, True
        if each_reach:
            spec["form"] = "reach-burst"
    auto = not m.group("bonus")
    bonus = int(m.group("bonus")) if m.group("bonus") else 0
    defence = m.group("def") or ("ac" if not auto else "")
    if not auto and not m.group("def"):
        raise _Unread(text)
    rest = m.group("rest").strip()
    alt_bonus, alt_gate = 0, Filter()
    alt = _ALT_BONUS.match(rest)  # '+9 vs. AC, +14 vs. AC instead if target is bloodied; 30 damage'
    if alt and not auto:
        gate = _gate_filter(alt.group("s"), True)
        if gate is None or alt.group("def") != defence:
            raise _Unread(text)
        alt_bonus, alt_gate, rest = int(alt.group("n")), gate, alt.group("rest")
    reroll = _REROLL_MISS.search(rest)  # "reroll once on miss", "On miss, re-roll once."
    if reroll:
        rest = (rest[: reroll.start()] + rest[reroll.end():]).strip()
    ignored = _IGNORES_TAIL.search(rest)  # "10 damage; ignore insubstantial", "immobilized (ignore insubstantial)"
    if ignored:
        rest = (rest[: ignored.start()] + rest[ignored.end():]).strip()
        spec["ignores"] = (*_as_tuple(spec["ignores"]), ignored.group(1))
    follow: AttackSpec | None = None
    fu = re.search(r"\s+and followup:\s*(?=\+|\()", rest)
    if fu:
        follow, _ = _attack(rest[fu.end():])
        rest = rest[: fu.start()]
    rest = re.sub(r" each\.?$", "", rest)
    tail = _MISS_TAIL.match(rest.rstrip(" ."))
    miss_tail = ""
    if tail:
        rest = tail.group("hit")
        miss_tail = f"{tail.group('n')} {tail.group('t')} damage".replace("  ", " ")
    # split hit / miss / hit-or-miss / critical parts
    pieces = _MISS_SPLIT.split(rest)
    hit_text = pieces[0]
    parts: dict[str, str] = {"hit": hit_text}
    i = 1
    while i + 1 < len(pieces) + 1 and i < len(pieces):
        tag = pieces[i]
        body = pieces[i + 1] if i + 1 < len(pieces) else ""
        key = "always" if tag.startswith("hit or") else "crit" if "crit" in tag else "miss"
        parts[key] = (parts.get(key, "") + " " + body).strip()
        i += 2
    if miss_tail:
        parts["miss"] = (parts.get("miss", "") + " " + miss_tail).strip()
    hit = _attack_effects(parts["hit"])
    if follow is not None:
        hit.append(Effect("attack", "self", 0, "followup", follow=follow))
    miss = _attack_effects(parts.get("miss", ""))
    always = _attack_effects(parts.get("always", ""))
    crit = _attack_effects(parts.get("crit", ""))
    form = str(spec["form"])
    return AttackSpec(
        form=form, bonus=bonus, defence=defence, reach=int(str(spec["reach"])), range=int(str(spec["range"])),
        size=int(str(spec["size"])), nearest=bool(spec["nearest"]), auto_hit=auto,
        target_filter=spec["filter"] if isinstance(spec["filter"], Filter) else Filter(),
        enemies_only=bool(spec["enemies_only"]), hit=tuple(hit), miss=tuple(miss), always=tuple(always),
        crit=tuple(crit), provokes=bool(spec["provokes"]), charge=bool(spec["charge"]),
        ignores=tuple(str(x) for x in spec["ignores"]) if isinstance(spec["ignores"], tuple) else (),
        targets=int(str(spec["targets"])) if spec["targets"] != 1 else targets,
        distinct=bool(spec.get("distinct")) if spec["targets"] != 1 else distinct, reroll_miss=bool(reroll),
        alt_bonus=alt_bonus, alt_gate=alt_gate,
    ), ",".join(x for x in (str(spec.get("action") or ""), "per:" + str(spec["per"]) if spec.get("per") else "",
                            "requirement:" + str(spec["requirement"]) if spec.get("requirement") else "") if x)


_ALT_BONUS: Final = re.compile(r"^(?:or )?\+(?P<n>\d+) vs\.? (?P<def>ac|fort|ref|will) instead if (?:the )?target is "
                                r"(?P<s>[^;,]+?)\s*;\s*(?P<rest>.*)$")
_IGNORES_TAIL: Final = re.compile(r"\s*[;,(]\s*\(?ignores? (insubstantial|conceal|resist)\)?\.?$")


def _as_tuple(x: object) -> tuple[str, ...]:
    return tuple(str(v) for v in x) if isinstance(x, tuple) else ()


_REROLL_MISS: Final = re.compile(r"[;,.]?\s*(?:re-?roll once on (?:a )?miss|on (?:a )?miss,? re-?roll once)\.?$")


def _attack_effects(text: str) -> list[Effect]:
    t = text.strip(" .;,")
    if not t:
        return []
    t = re.sub(r"\band\b", "and", t)
    # the riders of an attack are joined by AND (printed in capitals on the cards)
    out: list[Effect] = []
    for piece in re.split(r" and (?=(?:\d|ongoing|push|pull|slide|dazed|stunned|immobilized|slowed|weakened|"
                          r"helpless|dominated|blinded|marked|confused|staggered|target|the target|it |this creature|"
                          r"each|grants|knock|[a-z]+ (?:ally|allies|enemy|enemies)))", t):
        out.extend(_effects(piece, "target", "hit"))
    return _instead_of(out, text)


def _instead_of(effects: list[Effect], text: str) -> list[Effect]:
    """A rider 'instead' replaces the rider of its kind before it ('Dazed (save ends); if target is already Dazed, it
    is Stunned instead'): there must be one; a condition with no duration of its own keeps the one it replaces."""
    out: list[Effect] = []
    for e in effects:
        if "instead" in e.extra:
            base = [x for x in out if x.kind == e.kind and not x.gate.target_state and "bonus" not in x.extra]
            if not base:
                raise _Unread(f"{text} (instead of what?)")
            if e.kind == "condition" and not e.duration:
                e = replace(e, duration=base[-1].duration or "end-next-turn")
        out.append(e)
    return out


# --- powers ----------------------------------------------------------------------------------------------------

_NAME_RE: Final = re.compile(r"^(?P<name>[^:;(]{1,70}?)\s*[:]\s*(?P<body>.*)$")
# What may open a power: its action, use rate, requirement and timing words ("Minor action:", "Once per turn;").
_PREFIX_WORDS: Final = (
    (r"minor action", "action", "minor"),
    (r"(?:move action|replaces (?:its |a |the )?move action)", "action", "move"),
    (r"free action", "action", "free"),
    (r"(?:immediate action|immediate)", "action", "immediate"),
    (r"(?:replaces (?:its |an |the )?attack(?: action)?|attack action|standard action)", "action", "attack"),
    (r"(?:no more than )?once per turn", "per", "turn"),
    (r"once per round", "per", "round"),
    (r"(?:use )?(?:only )?while (?:it is )?bloodied", "requirement", "bloodied"),
    (r"\((?:use )?only while (?:it is )?bloodied\)", "requirement", "bloodied"),
    (r"\((?:use )?only while (?:it is )?not bloodied\)", "requirement", "not-bloodied"),
    (r"(?:use )?(?:only )?while (?:it is )?not bloodied", "requirement", "not-bloodied"),
    (r"(?:usable|use only|use|only|can be used|may use|can use)(?: only)? (?:on|when|while) (?:a )?charg(?:e|ing)",
     "requirement", "charge"),
    (r"does not provoke opportunity attacks", "provokes", "no"),
    (r"(?:only )?if no enem(?:y has|ies have) line of sight to it", "requirement", "unseen"),
    (r"use at (?:the )?start of (?:each |the |a |any )?round", "trigger", "start-of-round"),
    (r"use at (?:the )?end of (?:each |the )?round", "trigger", "end-of-round"),
    (r"use before rolling initiative", "trigger", "before-initiative"),
    (r"(?:use )?(?:during|at) (?:your )?set-? ?up", "trigger", "setup"),
    (r"(?:use )?(?:at|whenever it starts) (?:the )?start of (?:its |your creature's |your )?(?:next )?turn"
     r"(?: if it is (?P<cond>bloodied|damaged))?", "trigger", "start-of-turn"),
    (r"(?:use )?whenever it starts (?:its|a) turn(?: (?P<cond>bloodied))?", "trigger", "start-of-turn"),
    (r"(?:use )?at (?:the )?end of its turn", "trigger", "end-of-turn"),
    (r"use (?:at any time|anytime)", "trigger", "any-time"),
    (r"(?:use )?(?:when|after|if) you win (?:the )?initiative(?: this round)?", "trigger", "win-initiative"),
    (r"use after rolling initiative", "trigger", "after-initiative"),
    (r"use at (?:the )?start of (?:an|each|any) enemy's turn", "trigger", "enemy-starts-turn"),
    (r"use before taking your first turn (?:of|in) (?:a|each|the) round", "trigger", "first-turn"),
    (r"(?:use )?(?:at any time )?(?:on|during) (?:its|this creature's|your) turn", "trigger", "own-turn"),
    (r"use at (?:the )?start of (?:an|each|any) ally's turn", "trigger", "ally-starts-turn"),
)
_PREFIXES: Final = tuple((re.compile("^" + p + r"[,;:.]?\s*"), key, value) for p, key, value in _PREFIX_WORDS)

# Event triggers: "use when ...", "whenever ...", "when ...".
_EVENTS: Final = (
    (r"it hits (?:a target |an enemy )?with an opportunity attack", "opportunity-hits"),
    (r"it (?:makes|resolves) an opportunity attack", "opportunity-made"),
    (r"it declares (?:an? )?(?P<form>\{m\}|\{r\}|\{mb\}|\{rb\}|\{b\}|\{c\}|\{a\}|melee|ranged|charge)? ?attack"
     r"(?: action)?", "declares"),
    (r"it declares (?:an? )?(?P<pname>[a-z][a-z' \-]*?) attack", "declares"),
    (r"an? (?P<kw>[a-z\-]+(?:(?:, | or |, or | and )[a-z\-]+){0,3} )?enemy declares (?:an? )?(?P<form>\{m\}|\{r\}|"
     r"\{c\}|\{a\}|\{r\} or \{a\}|\{c\} or \{a\}|melee|ranged)? ?attack (?:against|vs\.?) it", "attacked"),
    (r"(?:it (?:makes|resolves|has resolved)|making|resolving|attacking an enemy with) (?:an? )?(?P<form>\{m\}|"
     r"\{r\}|\{mb\}|\{rb\}|\{b\}|melee|ranged|close|area|\{c\}|\{a\})? ?attack", "attack-made"),
    (r"(?:it hits|hitting) (?:an? )?(?P<tdesc>(?:[a-z\-]+,? (?:or )?){1,3}(?:target|enemy|creature))(?: with (?:an? )?"
     r"(?P<form>\{m\}|\{r\}|\{mb\}|\{rb\}|\{b\}|melee|ranged|charge)? ?attack)?", "hits"),
    (r"(?:it (?:first becomes|is first) bloodied|first bloodied)", "first-bloodied"),
    (r"(?:it is )?(?:targeted|attacked) by an? (?P<form>\{m\}|\{r\}|melee|ranged)? ?attack", "attacked"),
    (r"an? (?P<kw>[a-z\-]+ )?ally (?:within (?P<within>\d+) squares(?: of it)? )?becomes bloodied"
     r"(?: but is not destroyed)?", "ally-bloodied"),
    (r"an? (?P<kw>[a-z\-]+ )?enemy (?:within (?P<within>\d+) squares(?: of it)? )?becomes bloodied", "enemy-bloodied"),
    (r"it is hit by (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged|\{m\} or \{r\}|close|area)? ?attack", "hit-by"),
    (r"it is hit", "hit-by"),
    (r"an enemy hits it(?: with (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack)?", "hit-by"),
    (r"an enemy misses it(?: with (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack)?", "missed-by"),
    (r"an? (?P<form>\{m\}|\{r\}|melee|ranged)? ?attack misses it", "missed-by"),
    (r"it is missed by (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack", "missed-by"),
    (r"(?:it is|it's) (?:targeted|attacked)(?: by (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack)?", "attacked"),
    (r"an enemy (?:targets|attacks) it(?: with (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack)?", "attacked"),
    (r"it (?:takes|is dealt) damage", "damaged"),
    (r"it (?:becomes|is) (?:first )?bloodied", "bloodied"),
    (r"it is destroyed(?: by an enemy| by an enemy's attack)?", "destroyed"),
    (r"it destroys (?:an enemy|a creature)(?: with (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack)?", "destroys"),
    (r"its (?P<form>\{m\}|\{r\}|melee|ranged) attack destroys an enemy", "destroys"),
    (r"an enemy starts its turn adjacent to it", "enemy-starts-adjacent"),
    (r"an (?:adjacent enemy|enemy adjacent to it) activates", "enemy-starts-adjacent"),
    (r"an adjacent enemy makes (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack against an ally",
     "enemy-attacks-ally"),
    (r"an enemy adjacent to it makes (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack against an ally",
     "enemy-attacks-ally"),
    (r"(?:it hits|hitting) (?:an enemy |a target )?with (?:an? )?(?P<form>\{m\}|\{r\}|\{mb\}|\{rb\}|\{b\}|melee|"
     r"ranged|close|area|\{c\}|\{a\}|charge)? ?attack", "hits"),
    (r"a critical (?:hit )?is scored against it", "crit-by"),
    (r"an enemy (?:moves into|enters) an adjacent square", "enemy-enters-adjacent"),
    (r"it hits an enemy", "hits"),
    (r"it misses (?:with )?(?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack", "misses"),
    (r"it misses", "misses"),
    (r"an? (?P<kw>[a-z\-]+ )?ally (?:within (?P<within>\d+) squares(?: of it)? )?is destroyed(?: by an enemy)?"
     r"(?: within (?P<within2>\d+) squares(?: of it)?)?", "ally-destroyed"),
    (r"an? (?P<kw>[a-z\-]+ )?ally (?:within (?P<within>\d+) squares(?: of it)? )?is hit(?: by (?:an? )?"
     r"(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack)?", "ally-hit"),
    (r"an? (?P<kw>[a-z\-]+ )?ally (?:within (?P<within>\d+) squares(?: of it)? )?hits(?: an enemy)? with (?:an? )?"
     r"(?P<form>\{m\}|\{r\}|\{mb\}|\{rb\}|\{b\}|melee|ranged|close|area)? ?attack", "ally-hits"),
    (r"an enemy (?:within (?P<within>\d+) squares(?: of it)? )?is destroyed", "enemy-destroyed"),
    (r"an? (?P<kw>[a-z\-]+ )?ally (?:within (?P<within>\d+) squares(?: of it)? )?starts (?:its|a) turn",
     "ally-starts-turn"),
    (r"an adjacent ally starts (?:its|a) turn", "ally-starts-turn-adjacent"),
    (r"an enemy ends its turn adjacent to it", "enemy-adjacent-ends"),
    (r"an enemy (?:moves|enters a square) adjacent to it", "enemy-enters-adjacent"),
    (r"an adjacent enemy shifts", "enemy-shifts"),
    (r"(?:it is )?destroyed", "destroyed"),
    (r"it would be (?:destroyed|reduced to 0 hp)", "destroyed"),  # the engine's event comes before it leaves
)
_EVENT_RES: Final = (
    *((re.compile(r"^(?:use )?(?:only )?(?:when|whenever|after) " + p + r"[,;:.]?\s*"), name) for p, name in _EVENTS),
    (re.compile(r"^use at (?:the )?start of an adjacent enemy's turn[,;:.]?\s*"), "enemy-starts-adjacent"),
)

# Events named by who takes part ('an enemy', 'a Dragon ally', 'any creature', 'it'): each entry's trigger by side.
_K: Final = r"(?:(?P<kw>[a-z\-]+(?:(?:, | or |, or | and )[a-z\-]+){0,3}) )?"  # the event creature's kinds
_TK: Final = r"(?:(?P<tkw>[a-z\-]+(?:(?:, | or |, or | and )[a-z\-]+){0,3}) )?"  # its target's kinds
_WHO: Final = (r"(?P<who>it or an? (?:adjacent )?ally|it|(?:an?|any|one) " + _K + r"(?P<noun>enemy|ally|creature)"
               r"|an enemy or (?:an )?ally|an ally or (?:an )?enemy)(?: within (?P<within>\d+) squares(?: of it)?)?")
_FORM: Final = (r"(?:an? |its )?(?:(?P<form>\{m\}|\{r\}|\{mb\}|\{rb\}|\{b\}|\{c\}|\{a\}|\{c\} or \{a\}|"
                r"\{m\} or \{r\}|melee|ranged) )?")
_TYPE_OPT: Final = r"(?:(?P<dtype>" + _TYPE_ALT + r") )?"
_SIDE_EVENTS: Final = (
    (_WHO + r" destroys (?:an? |any )?" + _TK + r"(?:enemy|creature)(?: with " + _FORM + r"attack)?",
     {"it": "destroys", "ally": "ally-destroys"}),
    (_WHO + r" (?:takes|is dealt) " + _TYPE_OPT + r"damage(?: from " + _FORM + r"attack)?",
     {"it": "damaged", "enemy": "enemy-damaged", "ally": "ally-damaged", "any": "any-damaged"}),
    (_WHO + r" is damaged(?: by (?:an? )?(?:enemy |enemy's )?" + _FORM + r"attack)?",
     {"enemy": "enemy-damaged", "ally": "ally-damaged", "any": "any-damaged"}),
    (r"it (?:damages|deals damage to) (?:an? |any )?" + _TK + r"enemy(?: with " + _FORM + r"attack)?",
     {"it": "damages"}),
    (_WHO + r" misses(?: with)? " + _FORM + r"(?:attack|attack roll)", {"enemy": "enemy-misses", "ally": "ally-misses",
                                                                     "any": "any-misses"}),
    (_WHO + r" hits(?: with)? " + _FORM + r"attack", {"enemy": "enemy-hits", "any": "any-hits"}),
    (_WHO + r" scores a critical(?: hit)?(?P<against> against it)?(?: with " + _FORM + r"attack)?",
     {"it": "crits", "ally": "ally-crits", "enemy": "enemy-crits", "any": "any-crits", "it-or-ally": "friend-crits"}),
    (_WHO + r" (?:activates|starts (?:its|a) turn)(?P<adj2> adjacent to it)?",
     {"it": "start-of-turn", "ally": "ally-starts-turn", "enemy": "enemy-starts-turn"}),
    (_WHO + r" fails a sav(?:e|ing throw)", {"it": "fails-save", "ally": "ally-fails-save",
                                             "enemy": "enemy-fails-save"}),
    (_WHO + r" declares " + _FORM + r"attack(?: (?:against|vs\.?) (?:an? )?" + _TK + r"(?:enemy|target|creature))?",
     {"ally": "ally-declares", "enemy": "enemy-declares", "it-or-ally": "friend-declares"}),
    (r"an? " + _TK + r"enemy targets (?:an? |any )?(?P<adj>adjacent )?ally(?P<adj2> adjacent to it)?(?: with "
     + _FORM + r"attack)?", {"it": "ally-attacked"}),
    (r"an? (?P<adj>adjacent )?ally is targeted(?: by " + _FORM + r"attack)?", {"it": "ally-attacked"}),
)
_SIDE_EVENT_RES: Final = tuple(
    (re.compile(r"^(?:use )?(?:only )?(?:when|whenever|after) " + p + r"[,;:.]?\s*"), names)
    for p, names in _SIDE_EVENTS)
_TURN_OF: Final = re.compile(
    r"^use at (?:the )?start of (?:(?:an?|each|any) )?(?:(?P<adj>adjacent) )?" + _K
    + r"(?P<noun>ally|enemy|creature)'s turn[,;:.]?\s*|^use at (?:the )?start of any (?P<any>turn)[,;:.]?\s*")
_EVENT_WORDS: Final = {"living": "living", "nonliving": "!living", "non-living": "!living"}


def _event_kinds(words: str) -> str:
    """'Construct or Warforged' → 'construct|warforged' (each a creature keyword, 'living', or 'non-' one);
    anything else is not read."""
    out = []
    for w in re.split(r", or |, | or | and ", words.strip()):
        w = w.strip()
        if w not in KINDS and w not in FACTIONS:
            w = _singular(w)
        if w in _EVENT_WORDS:
            out.append(_EVENT_WORDS[w])
        elif w.startswith("non-") and w[4:] in KINDS:
            out.append("!" + w[4:])
        elif w in KINDS or w in FACTIONS or w == "champion":
            out.append(w)
        else:
            raise _Unread(f"a creature of kind '{words.strip()}'")
    return "|".join(out)


def _event_who(words: str) -> tuple[str, str, bool]:
    """The words before an event creature's noun: (kinds, state, adjacent) — 'a Dazed or Stunned enemy', 'a bloodied
    ally', 'an adjacent Goblin, Kobold, or Orc enemy', 'a living enemy'."""
    w = words.strip()
    adjacent = False
    if w.startswith("adjacent"):
        adjacent, w = True, w[8:].strip(" ,")
    if not w:
        return "", "", adjacent
    conds = [c for c in re.split(r", or |, | or ", w) if c]
    if all(c in _CONDITION_WORDS for c in conds):
        return "", "cond:" + "|".join(conds), adjacent
    if w == "bloodied":
        return "", "bloodied", adjacent
    if w in ("non-bloodied", "nonbloodied", "not bloodied"):
        return "", "not-bloodied", adjacent
    for word in ("flanked", "charging", "lower-level", "higher-level"):  # 'an adjacent flanked enemy', 'a charging
        if w == word or w.startswith(word + " "):  # enemy', 'a lower-level Undead ally'
            rest = w[len(word):].strip()
            return (_event_kinds(rest) if rest else ""), word, adjacent
    sm = re.match(r"^(small|medium|large|huge) or (larger|smaller)$", w)  # 'a Medium or larger enemy'
    if sm:
        return "", "size" + (">=" if sm.group(2) == "larger" else "<=") + sm.group(1), adjacent
    return _event_kinds(w), "", adjacent


def _side_event(body: str) -> tuple[str, Filter, int] | None:
    """An event by who takes part in it: (trigger, filter, length of the words read)."""
    tm = _TURN_OF.match(body)
    if tm:
        if tm.group("any"):
            return "any-starts-turn", Filter(), tm.end()
        noun = tm.group("noun")
        name = {"ally": "ally-starts-turn", "enemy": "enemy-starts-turn", "creature": "any-starts-turn"}[noun]
        kinds, who_state, adj = _event_who(tm.group("kw") or "")
        return name, Filter(keyword=kinds, within=-1 if tm.group("adj") or adj else 0, self_state=who_state), tm.end()
    for rx, names in _SIDE_EVENT_RES:
        m = rx.match(body)
        if m is None:
            continue
        g = m.groupdict()
        who = g.get("who") or "it"
        noun = g.get("noun") or ""
        side = "it" if who == "it" else "it-or-ally" if who.startswith("it or") else \
            "any" if noun == "creature" or re.match(r"^an? (?:enemy|ally) or", who) else \
            {"enemy": "enemy", "ally": "ally"}.get(noun, "it")
        if side == "it-or-ally" and side not in names:
            continue
        if side not in names:  # 'it hits': the older event words read it
            continue
        name = names[side]
        kinds, who_state, adj = _event_who(g.get("kw") or "")
        within = -1 if adj or g.get("adj") or g.get("adj2") or (who.startswith("it or") and "adjacent" in who) else \
            int(g["within"]) if g.get("within") else 0
        state = ""
        if g.get("tkw"):  # its target: 'a living enemy', 'a Stunned creature', 'an adjacent enemy'
            t_kinds, t_state, t_adj = _event_who(g["tkw"])
            if sum(map(bool, (t_kinds, t_state, t_adj))) > 1:
                raise _Unread(body[: m.end()])
            state = "kinds:" + t_kinds if t_kinds else t_state or ("adjacent" if t_adj else "")
        if g.get("dtype"):
            state = "dtype:" + g["dtype"]
        if g.get("against"):
            name = "crit-by"
        form = _FORMS.get((g.get("form") or "") + " ", "") if g.get("form") else ""
        if g.get("form") and not form:  # "{c} or {a}", "{m} or {r}"
            form = {"{c} or {a}": "close|area", "{m} or {r}": "melee|ranged"}.get(g["form"], "")
        if name == "ally-attacked" and kinds:
            state, kinds = "kinds:" + kinds, ""
        return name, Filter(keyword=kinds, within=within, attack_form=form, target_state=state,
                            self_state=who_state), m.end()
    return None


# --- events read as parts ---------------------------------------------------------------------------------------
# 'use when an adjacent Dwarf enemy hits it with a {m} attack' is read as who acts ('an adjacent Dwarf enemy'), what
# it does ('hits'), to whom ('it') and with what ('a {m} attack'); the parts pick the trigger the engine fires and
# say which of its creatures each description limits. An engine event gives a power two creatures: the "other"
# (the ally of an ally-event, else the event's target), whom a filter's keyword, self_state and within describe, and
# the target, whom its target_state describes. A description that has no place in the filter is not read, and the
# older readers (above) are asked first, so this only widens what is read.

@dataclass(frozen=True)
class _Who:
    """A creature an event names: its side ('it', 'ally', 'enemy', 'any', '' unknown) and what it must be."""

    side: str
    kinds: str = ""
    state: str = ""
    within: int = 0  # -1: adjacent to the power's creature
    named: bool = False  # the words name it ('an enemy'), not only imply it ('it is hit': by someone)


# (actor side, verb, object side) → (trigger, whose is "other", whose is the target, what the event carries:
# "attack" (an attack's form may limit it) or "")
_COMPOSED: Final = {
    ("enemy", "hits", "it"): ("hit-by", "actor", "actor", "attack"),
    ("enemy", "hits", "ally"): ("ally-hit", "object", "actor", "attack"),
    ("enemy", "hits", ""): ("enemy-hits", "actor", "actor", "attack"),
    ("any", "hits", ""): ("any-hits", "actor", "actor", "attack"),
    ("it", "hits", "enemy"): ("hits", "object", "object", "attack"),
    ("it", "hits", ""): ("hits", "object", "object", "attack"),
    ("ally", "hits", "enemy"): ("ally-hits", "actor", "object", "attack"),
    ("ally", "hits", ""): ("ally-hits", "actor", "object", "attack"),
    ("enemy", "misses", "it"): ("missed-by", "actor", "actor", "attack"),
    ("enemy", "misses", ""): ("enemy-misses", "actor", "actor", "attack"),
    ("any", "misses", ""): ("any-misses", "actor", "actor", "attack"),
    ("it", "misses", "enemy"): ("misses", "object", "object", "attack"),
    ("it", "misses", ""): ("misses", "object", "object", "attack"),
    ("ally", "misses", "enemy"): ("ally-misses", "actor", "object", "attack"),
    ("ally", "misses", ""): ("ally-misses", "actor", "object", "attack"),
    ("enemy", "attacks", "it"): ("attacked", "actor", "actor", "attack"),
    ("enemy", "attacks", "ally"): ("ally-attacked", "object", "actor", "attack"),
    ("it", "declares", ""): ("declares", "object", "object", "attack"),
    ("it", "attacks", "enemy"): ("declares", "object", "object", "attack"),
    ("ally", "declares", ""): ("ally-declares", "actor", "object", "attack"),
    ("ally", "attacks", "enemy"): ("ally-declares", "actor", "object", "attack"),
    ("enemy", "declares", ""): ("enemy-declares", "actor", "actor", "attack"),
    ("enemy", "damages", "it"): ("damaged", "actor", "actor", ""),
    ("enemy", "damages", "ally"): ("ally-damaged", "object", "actor", ""),
    ("it", "damages", "enemy"): ("damages", "object", "object", ""),
    ("enemy", "destroys", "it"): ("destroyed", "actor", "actor", ""),
    ("enemy", "destroys", "ally"): ("ally-destroyed", "object", "actor", ""),
    ("it", "destroys", "enemy"): ("destroys", "object", "object", "attack"),
    ("ally", "destroys", "enemy"): ("ally-destroys", "actor", "object", "attack"),
    ("enemy", "bloodies", "it"): ("bloodied", "actor", "actor", ""),
    ("enemy", "bloodies", "ally"): ("ally-bloodied", "object", "actor", ""),
    ("it", "crits", ""): ("crits", "object", "object", "attack"),
    ("ally", "crits", ""): ("ally-crits", "actor", "object", "attack"),
    ("enemy", "crits", "it"): ("crit-by", "actor", "actor", "attack"),
    ("enemy", "crits", ""): ("enemy-crits", "actor", "actor", "attack"),
}
# events of one creature ('an ally is destroyed', 'an enemy fails a save'): (trigger, is that creature the "other")
_COMPOSED_ONE: Final = {
    ("it", "fails-save"): ("fails-save", False), ("ally", "fails-save"): ("ally-fails-save", True),
    ("enemy", "fails-save"): ("enemy-fails-save", True),
    ("it", "bloodied"): ("bloodied", False), ("ally", "bloodied"): ("ally-bloodied", True),
    ("enemy", "bloodied"): ("enemy-bloodied", True),
    ("it", "damaged"): ("damaged", False), ("ally", "damaged"): ("ally-damaged", True),
    ("enemy", "damaged"): ("enemy-damaged", True), ("any", "damaged"): ("any-damaged", True),
    ("it", "destroyed"): ("destroyed", False), ("ally", "destroyed"): ("ally-destroyed", True),
    ("it", "starts-turn"): ("start-of-turn", False), ("ally", "starts-turn"): ("ally-starts-turn", True),
    ("enemy", "starts-turn"): ("enemy-starts-turn", True), ("any", "starts-turn"): ("any-starts-turn", True),
    ("enemy", "starts-turn-adjacent"): ("enemy-starts-adjacent", True),
    ("enemy", "ends-turn-adjacent"): ("enemy-adjacent-ends", True),
    ("enemy", "shifts"): ("enemy-shifts", True), ("enemy", "enters-adjacent"): ("enemy-enters-adjacent", True),
}
# the engine calls these for the creatures next to the event's creature only
_ADJACENT_ONLY: Final = frozenset({"enemy-shifts", "enemy-starts-adjacent", "enemy-adjacent-ends",
                                   "enemy-enters-adjacent"})
# a passive verb names the one acted on: 'an ally is hit' is 'an enemy hits an ally'
_PASSIVE: Final = {"is hit": "hits", "is missed": "misses", "is targeted": "attacks", "is attacked": "attacks"}
_ACTIVE: Final = {"hits": "hits", "misses": "misses", "targets": "attacks", "attacks": "attacks",
                  "damages": "damages", "deals damage to": "damages", "destroys": "destroys", "bloodies": "bloodies",
                  "scores a critical hit against": "crits", "scores a critical hit": "crits"}
_ONE_VERBS: Final = (
    (r"fails a sav(?:e|ing throw)", "fails-save"), (r"(?:becomes|is) bloodied", "bloodied"),
    (r"(?:takes|is dealt) (?:(?P<dtype>" + _TYPE_ALT + r") )?damage|is damaged", "damaged"),
    (r"is destroyed", "destroyed"),
    (r"(?:starts|begins) (?:its|a) turn adjacent to it", "starts-turn-adjacent"),
    (r"(?:(?:starts|begins) (?:its|a) turn|activates)(?: within (?P<tn>\d+) squares(?: of it)?)?", "starts-turn"),
    (r"ends (?:its|a) turn adjacent to it", "ends-turn-adjacent"), (r"shifts", "shifts"),
    (r"(?:moves into|enters) (?:a square|a space) adjacent to it|(?:moves into|enters) an adjacent square",
     "enters-adjacent"),
)
_A_CREATURE: Final = (r"(?:(?P<{p}det>an?|any|one|1) (?P<{p}adj>adjacent )?"
                      r"(?P<{p}mods>(?:[a-z\-]+(?:,| or|, or| and)? ){{0,4}}?)"
                      r"(?P<{p}noun>enemy or ally|ally or enemy|enemy|ally|creature|target)"
                      r"|(?P<{p}it>it))"
                      r"(?P<{p}loc> adjacent to it| within (?P<{p}n>\d+) squares?(?: of it)?)?"
                      r"(?P<{p}ca> (?:granting it|that grants it) combat advantage)?")
_FORM_WORDS: Final = (r"(?:an? |its )?(?:(?P<{p}form>\{{m\}}|\{{r\}}|\{{mb\}}|\{{rb\}}|\{{b\}}|\{{c\}}|\{{a\}}|"
                      r"\{{c\}} or \{{a\}}|\{{m\}} or \{{r\}}|melee|ranged|close|area) )?attack")
_COMPOSED_RE: Final = re.compile(
    r"^(?:use )?(?:only )?(?P<when>when|whenever|after) "
    r"(?:(?P<poss>its|an? (?:(?P<pmods>[a-z\-]+) )?(?P<pnoun>ally|enemy)'s)"
    r" (?:(?P<pform>\{m\}|\{r\}|\{mb\}|\{rb\}|\{b\}|\{c\}|\{a\}|melee|ranged) )?attack|" + _A_CREATURE.format(p="a")
    + r") (?:(?P<verb>" + "|".join(re.escape(v) for v in sorted((*_PASSIVE, *_ACTIVE), key=len, reverse=True))
    + r"|" + "|".join(p for p, _ in _ONE_VERBS) + r")(?: " + _A_CREATURE.format(p="o") + r")?"
    r"(?: by (?P<by>an? (?P<badj>adjacent )?(?:(?P<bmods>[a-z\-]+(?:,| or|, or)? ){0,3}?)enemy)(?:'s)?)?"
    r"(?P<fw> (?:with|by)? ?" + _FORM_WORDS.format(p="") + r")?"
    r"(?P<withca> with combat advantage(?: against (?:the |that |its )?target)?)?"
    r"|(?P<atk>makes|declares) " + _FORM_WORDS.format(p="a") + r"(?: (?:against|vs\.?) " + _A_CREATURE.format(p="q")
    + r")?)(?:[,;:]\s*|\.\s+|$)")


def _described(g: dict[str, str | None], p: str) -> _Who | None:
    """The creature of groups ``p*`` of an event's match (None when the words do not name one)."""
    if g.get(p + "it"):
        return _Who("it")
    noun = g.get(p + "noun")
    if not noun:
        return None
    side = {"enemy": "enemy", "ally": "ally", "creature": "any", "target": "enemy"}.get(noun, "any")
    kinds, state, adjacent = _event_who(g.get(p + "mods") or "")
    loc = (g.get(p + "loc") or "").strip()
    n = g.get(p + "n")
    within = -1 if g.get(p + "adj") or adjacent or loc == "adjacent to it" else int(n) if n else 0
    return _Who(side, kinds, state, within, named=True)


def _composed_event(body: str) -> tuple[str, Filter, int] | None:
    """An event read as its parts (see above): (trigger, filter, length of the words read), or None."""
    # 'when hit by a {M} attack', 'when damaged by an enemy': the creature is this one
    bare = re.match(r"^(?:use )?(?:only )?(?:when|whenever|after) (?=(?:hit|missed|targeted|attacked|damaged|bloodied)"
                    r" by )", body)
    added = 0
    if bare is not None:
        body = body[: bare.end()] + "it is " + body[bare.end():]
        added = len("it is ")
    m = _COMPOSED_RE.match(body)
    if m is None:
        return None
    g = m.groupdict()
    form = g.get("pform") or g.get("form") or g.get("aform") or ""
    try:
        if g.get("poss"):  # 'its {m} attack hits', 'an ally's attack destroys': the attack's owner acts
            actor: _Who | None = _Who("it") if g["poss"] == "its" else _described(
                {"noun": g["pnoun"], "mods": g.get("pmods")}, "")
        else:
            actor = _described(g, "a")
        obj = _described(g, "q" if g.get("atk") else "o")
    except _Unread:
        return None
    if actor is None:
        return None
    verb = g.get("verb") or ""
    if g.get("atk"):
        verb = "attacks" if obj is not None else "declares"
    end = m.end() - added
    by: _Who | None = None
    if g.get("by"):  # 'is damaged by an adjacent enemy', 'is hit by a Dwarf enemy's attack': who acts
        try:
            by = _described({"noun": "enemy", "mods": g.get("bmods"), "adj": g.get("badj")}, "")
        except _Unread:
            return None
        if by is None or obj is not None or actor.side not in ("it", "ally"):
            return None
    with_ca = bool(g.get("withca")) or any(g.get(p + "ca") for p in ("a", "o", "q"))
    if with_ca:  # its attack against a target that grants it combat advantage: the target's state, its own attack
        if actor.side != "it" or verb not in ("hits", "misses", "attacks", "declares") or any(
                g.get(p + "ca") for p in ("a", "q")) or (obj is not None and (
                obj.kinds or obj.state or obj.within)):
            return None
        obj = _Who("enemy", state="ca")
    one_by = {"damaged": "damages", "bloodied": "bloodies", "destroyed": "destroys"}
    for pat, one in _ONE_VERBS:
        vm = re.fullmatch(pat, verb)
        if vm is None:
            continue
        if by is not None and one in one_by:  # 'it is damaged by an enemy': that enemy damages it
            if vm.groupdict().get("dtype") or g.get("fw"):
                return None  # 'damaged by an enemy's attack': the engine's damage event does not say by what
            actor, obj, verb = by, actor, one_by[one]
            break
        row1 = _COMPOSED_ONE.get((actor.side, one))
        if row1 is None or obj is not None or form or by is not None:
            return None
        trig, is_other = row1
        if (trig in _ADJACENT_ONLY and actor.within not in (-1, 0)) or (trig == "enemy-shifts" and actor.within != -1):
            return None
        dtype = vm.groupdict().get("dtype") or ""
        if dtype and not trig.endswith("damaged"):
            return None
        if vm.groupdict().get("tn"):  # 'a Kobold ally starts its turn within 5 squares of it'
            if actor.within or actor.side == "it":
                return None
            actor = replace(actor, within=int(vm.group("tn")))
        return _composed_filter(trig, actor if is_other else _Who(""), _Who(""), "", dtype, end)
    if verb in _PASSIVE:  # 'an ally is hit by a {m} attack': an enemy hits that ally
        if (obj is not None and obj.state != "ca") or actor.side not in ("it", "ally"):
            return None  # 'an enemy is hit': by whom, an ally or this creature, the engine's events do not say
        actor, obj, verb = by or _Who("enemy"), actor, _PASSIVE[verb]
    elif verb in _ACTIVE:
        verb = _ACTIVE[verb]
    key = (actor.side, verb, obj.side if obj is not None else "")
    row = _COMPOSED.get(key)
    if row is None:
        return None
    trig, other_role, target_role, carries = row
    if g["when"] == "after" and verb in ("attacks", "declares"):
        return None  # after the attack, not when it is declared (the engine's event): not the same moment
    if verb == "destroys" and obj is not None and obj.state:
        return None  # 'destroys a bloodied enemy': its state before the attack, which the engine no longer sees
    if form and carries != "attack":
        return None
    blank = _Who("")
    other = actor if other_role == "actor" else obj or blank
    target = actor if target_role == "actor" else obj or blank
    return _composed_filter(trig, other, target, form, "", end)


def _composed_filter(trig: str, other: _Who, target: _Who, form: str, dtype: str,
                     end: int) -> tuple[str, Filter, int] | None:
    """The filter of a composed event: the 'other' creature's kinds, state and distance; the target's state."""
    target_state = ""
    if target is not other:
        if target.within not in (0, -1) or sum(map(bool, (target.kinds, target.state, target.within))) > 1:
            return None  # one description of the target only (the filter has one place for it)
        target_state = "kinds:" + target.kinds if target.kinds else target.state or (
            "adjacent" if target.within == -1 else "")
    if dtype:
        if target_state:
            return None
        target_state = "dtype:" + dtype
    attack_form = ""
    if form:
        attack_form = _FORMS.get(form + " ", "") or {"{c} or {a}": "close|area", "{m} or {r}": "melee|ranged"}.get(
            form, "")
        if not attack_form:
            return None
    # 'by an enemy', 'an enemy hits it': the event's other creature must be an enemy (an ally's burst may hit it too)
    side = "enemy" if other.named and other.side == "enemy" else ""
    return trig, Filter(keyword=other.kinds, self_state=other.state, within=other.within, target_state=target_state,
                        attack_form=attack_form, side=side), end


def _prefixes(body: str) -> tuple[str, dict[str, str], Filter]:
    found: dict[str, str] = {}
    flt = Filter()
    changed = True
    while changed and body:
        changed = False
        for rx, key, value in _PREFIXES:
            m = rx.match(body)
            if m:
                if key in found and key != "per":
                    continue
                found[key] = value
                if key == "trigger" and m.groupdict().get("cond"):
                    found["requirement"] = "bloodied" if m.group("cond") == "bloodied" else "damaged"
                body = body[m.end():]
                changed = True
                break
        if changed:
            continue
        if "trigger" not in found:
            composed = _composed_event(body)
            side = _side_event(body)
            if composed is not None and composed[2] > _older_event_end(body, side):
                # the parts read more of the event than the older words ('an enemy declares a melee attack vs. it',
                # 'an enemy hits it with a {b} attack')
                found["trigger"], flt, end = composed
                body = body[end:]
                changed = True
                continue
            if side is not None:
                found["trigger"], flt, end = side
                body = body[end:]
                changed = True
                continue
        for erx, name in _EVENT_RES:
            m = erx.match(body)
            if m:
                if "trigger" in found:
                    break
                found["trigger"] = _event_trigger(name)
                flt = _event_filter(name, m)
                body = body[m.end():]
                changed = True
                break
        if not changed and "trigger" not in found:
            composed = _composed_event(body)
            if composed is not None:
                found["trigger"], flt, end = composed
                body = body[end:]
                changed = True
        if not changed and found.get("trigger") in _EVENT_OTHER and not flt.within:  # 'Whenever an enemy is
            near = re.match(r"^while (?:adjacent to it|within (\d+) squares(?: of it)?)[,;:.]?\s*", body)  # destroyed
            if near:  # while adjacent to this creature': where that enemy is
                flt = replace(flt, within=int(near.group(1)) if near.group(1) else -1)
                body = body[near.end():]
                changed = True
                continue
        if not changed and "trigger" not in found:  # 'Use when this creature / a living ally ends its turn in one
            ends = _ends_turn_in(body)  # of your victory areas:'
            if ends is not None:
                found["trigger"], flt, req, end = ends
                if req:
                    found["requirement"] = req
                body = body[end:]
                changed = True
                continue
        if not changed and found.get("trigger") in ("start-of-turn", "end-of-turn") and "requirement" not in found \
                and re.match(r"^(?:within|adjacent to|in|occupying) ", body):  # 'when it starts a turn within 5
            cond = _condition("while " + body, lead_only=True)  # squares of an Orc champion ally:'
            sep = re.match(r"^\)?\s*[,;:.]\s*", body[cond[1] - 6:]) if cond is not None else None
            if cond is not None and sep is not None:
                found["requirement"] = cond[0]
                body = body[cond[1] - 6 + sep.end():]
                changed = True
                continue
        if not changed and "requirement" not in found:  # 'Use only if it is adjacent to a bloodied enemy:'
            cond = _condition(body, lead_only=True)
            if cond is not None and cond[0] != "charging":  # a charge is the 'charge' requirement's (above)
                sep = re.match(r"^\)?\s*[,;:.]\s*", body[cond[1]:])
                if sep is not None:
                    found["requirement"] = cond[0]
                    body = body[cond[1] + sep.end():]
                    changed = True
    return body, found, flt


# events with another creature whose place a trailing 'while adjacent to it' may give
_EVENT_OTHER: Final = frozenset({"enemy-destroyed", "ally-destroyed", "enemy-bloodied", "ally-bloodied"})

_ENDS_TURN_IN: Final = re.compile(
    r"^(?:use )?(?:only )?(?:when|whenever|after) (?:(?P<it>it)|an? (?P<kw>[a-z\-]+(?:,? or [a-z\-]+)* )?ally) "
    r"ends its turn (?P<s>(?:in|adjacent to|occupying) [^,;:.]+)[,;:.]\s*")


def _ends_turn_in(body: str) -> tuple[str, Filter, str, int] | None:
    """'when it ends its turn in a victory area' (end of its turn, a requirement of where it stands), 'when a living
    ally ends its turn in one of your victory areas' (an ally's turn end, where that ally stands): (trigger, filter,
    requirement, where the words end)."""
    m = _ENDS_TURN_IN.match(body)
    if m is None:
        return None
    words = "while " + m.group("s")
    cond = _condition(words, lead_only=True)
    if cond is None or cond[1] != len(words) or cond[0].split(":")[0] not in _PLACE_STATES:
        return None
    if m.group("it"):
        return "end-of-turn", Filter(), cond[0], m.end()
    kinds = _event_kinds(m.group("kw")) if m.group("kw") else ""
    return "ally-ends-turn", Filter(keyword=kinds, self_state="at:" + cond[0]), "", m.end()


# the states of where a creature stands (ddm_guild_play._holds_place judges them for any creature)
_PLACE_STATES: Final = frozenset({"adjacent-wall", "in-terrain", "adjacent-terrain", "in-victory-area"})


def _older_event_end(body: str, side: tuple[str, Filter, int] | None) -> int:
    """How far the older event readers read ``body`` (0: not an event to them)."""
    if side is not None:
        return side[2]
    for erx, _name in _EVENT_RES:
        m = erx.match(body)
        if m:
            return m.end()
    return 0


_KEYWORD_NAMES: Final = re.compile(
    r"^(resist|vulnerable|immune|reach|flight|burrow|phasing|insubstantial|conceal|blindsight|stable footing|"
    r"forest ?walk|swarm|towering|keen critical|awareness|defensive advantage|defensive mobility|multi-?activation|"
    r"scout|wandering monster|sneak attack|bloodrage|bloodthirsty|powerful charge|regeneration|shifty|ponderous|hide|"
    r"\+\d+ (?:ac|fort|ref|will|def))\b"
)


def parse_power(index: int, ptype: str, text: str, uses: int = 0) -> Power:
    """Read one printed power into a :class:`Power` (``unplayed`` names what could not be read)."""
    return _parse_cached(index, ptype.lower(), text, uses or 0)


@lru_cache(maxsize=32768)
def _parse_cached(index: int, ptype: str, text: str, uses: int) -> Power:
    t = normalise(text)
    name = ""
    body = t
    nm = _NAME_RE.match(t)
    if nm and not re.match(r"^(?:use |whenever |when |minor action|move action|immediate|free action|replaces|"
                           r"once per|\(aura|\+\d)", t):
        name, body = nm.group("name").strip(), nm.group("body").strip()
    display = _display_name(text, name)
    try:
        return _read(index, ptype, text, uses, display, name, body)
    except _Unread as exc:
        return Power(index=index, name=display, ptype=ptype, text=text, uses=uses, unplayed=str(exc) or t)


def _display_name(text: str, name: str) -> str:
    if name:
        return text.split(":", 1)[0].strip()
    return text.strip().rstrip(".")[:60]


def _read(index: int, ptype: str, text: str, uses: int, display: str, name: str, body: str) -> Power:
    """A keyword ability is read from its reminder text when that reads, else from the keyword itself (its
    number is the card's); everything else from its words."""
    if body.strip(" .") in ("", "none", "n/a", "-"):  # the card prints no power in this place
        return Power(index, display, ptype, text, uses, statics=(Static("blank"),))
    keyword_text = name if name else body
    kw = _static_keyword(keyword_text) if _KEYWORD_NAMES.match(keyword_text) else None
    if kw is None and not name:
        kw = _static_keyword(body)
    if kw is not None and (not name or not body):
        return _keyword_power(index, display, ptype, text, uses, kw)
    if kw is not None:
        try:
            return _read_body(index, ptype, text, uses, display, body)
        except _Unread:
            return _keyword_power(index, display, ptype, text, uses, kw)
    return _read_body(index, ptype, text, uses, display, body)


def _keyword_power(index: int, display: str, ptype: str, text: str, uses: int,
                   kw: tuple[list[Static], list[Effect], str, str]) -> Power:
    statics, effects, action, trigger = kw
    return Power(index, display, ptype, text, uses, action=action, trigger=trigger, effects=tuple(effects),
                 statics=tuple(statics))


# "Whenever it hits an Immobilized target: +5 damage on that attack" (any target the modifiers' words describe)
_HITS_TARGET_RE: Final = re.compile(
    r"^whenever it hits (?:a |an )?(?P<t>[a-z\- ,]+? targets?)(?: with (?:a |an )?(?:(?P<f>\{m\}|\{r\}|melee|ranged) )?"
    r"attack)?[:,;]?\s*\+(?P<n>\d+) damage(?: on that attack)?$"
)


_HITS_BONUS_RE: Final = re.compile(
    r"^whenever it hits (?:a |an )?(?P<t>bloodied target|target granting it combat advantage|target that grants it "
    r"combat advantage)(?: with (?:a |an )?(?P<f>\{m\}|\{r\}|melee|ranged) attack)?[:,;]?\s*\+(?P<n>\d+) damage"
    r"(?: on that attack)?$"
)


_RETORT_RE: Final = re.compile(
    r"^(?:(?P<who>any creature|an enemy) that hits it with (?:a |an )?(?:(?P<f>\{m\}|\{r\}|melee|ranged) )?attack "
    r"takes (?P<n>\d+) (?:(?P<t>" + _TYPE_ALT + r") )?damage"
    r"|attacker takes (?P<n2>\d+) (?:(?P<t2>" + _TYPE_ALT + r") )?damage "
    r"whenever it is hit (?:with|by) (?:a |an )?(?:(?P<f2>\{m\}|\{r\}|melee|ranged) )?attack)$")
_MAKES_BONUS_RE: Final = re.compile(
    r"^whenever it makes (?:a|an) (?:(?P<f>\{m\}|\{r\}|melee|ranged) )?attack(?: while (?:it is )?(?P<b>bloodied|not "
    r"bloodied|charging))?(?: against (?:a |an )?(?P<t>bloodied target|target granting it combat advantage))?[:,;]?\s*"
    r"(?P<mods>[+-].*?) on that attack$"
)


# a warband-building rule a card prints ('Your warband may not include other Dragon creatures', 'Strength in Numbers 2:
# increase your warband's creature limit by 2'): it decides which lists are legal and has nothing to play in a battle
_CONSTRUCTION: Final = re.compile(
    r"^(?:(?:its|your) warband (?:may not|cannot|can not|must|may) (?:include|contain) [^.;:]+"
    r"|increase your warband's creature limit by \d+|your warband's creature limit is increased by \d+"
    r"|(?:warband building: )?all [a-z\- ]+ are legal in your warband"
    r"|(?:warband building: )?you may include (?:one|two|\d+) [a-z\- ]+ (?:in your warband )?from the [a-z]+ faction"
    r"(?: in your warband)?"
    r"|every \d+ creatures named [a-z\- ']+ count as 1 creature for (?:your warband's creature limit|the purpose of "
    r"warband construction))\.?$")


def _read_body(index: int, ptype: str, text: str, uses: int, display: str, body: str) -> Power:
    ro = _SPEC_FIRST.match(body)
    if ro:  # 'Death Burst: (burst 1) Immediate when destroyed; +6 vs. Ref': the timing words come first elsewhere
        body = f"{ro.group('when')}: {ro.group('spec')} {ro.group('rest')}"
    if _CONSTRUCTION.match(body.strip()):
        return Power(index, display, ptype, text, uses, statics=(Static("construction"),))
    kw = _static_keyword(body)
    if kw is not None:
        return _keyword_power(index, display, ptype, text, uses, kw)
    act = re.match(r"^each enemy that (?:activates|starts its turn) (?:while )?adjacent to it "
                   r"(?P<rest>(?:is|takes) .+)$", body.strip(" ."))
    if act:  # 'Each enemy that activates while adjacent to this creature is Dazed until end of that enemy's turn'
        return Power(index, display, ptype, text, uses, trigger="enemy-starts-adjacent",
                     effects=tuple(_effects("that enemy " + act.group("rest"), "target", "power")))
    held = _while_static(_WALL_WALKER.sub(r"\1 while \2", body.strip(" ."))) or _destroyed_while(body.strip(" ."))
    if held is not None:
        return Power(index, display, ptype, text, uses, statics=tuple(held))
    rt = _RETORT_RE.match(body.strip(" ."))
    if rt:  # 'Any creature that hits it with a {M} attack takes 5 necrotic damage': when it is hit, the attacker
        f = rt.group("f") or rt.group("f2")
        form = _FORMS.get(f + " ", "") if f else ""
        return Power(index, display, ptype, text, uses, trigger="hit-by", trigger_filter=Filter(
            attack_form=form, side="enemy" if rt.group("who") == "an enemy" else ""), effects=(
            Effect("damage", "target", int(rt.group("n") or rt.group("n2")), rt.group("t") or rt.group("t2") or ""),))
    mb = _MAKES_BONUS_RE.match(body.strip(" ."))
    if mb:
        mods = _modifier(mb.group("mods"))
        if mods is not None and all(stat in ("attack", "damage") and not d for stat, _n, _f, d in mods):
            form = _FORMS.get((mb.group("f") or "") + " ", "") if mb.group("f") else ""
            state = (mb.group("b") or "").replace(" ", "-")
            target = "" if not mb.group("t") else "bloodied" if mb.group("t").startswith("bloodied") else "ca"
            return Power(index, display, ptype, text, uses, statics=tuple(
                Static("mod", n, stat, Filter(attack_form=form or f.attack_form, self_state=state,
                                              target_state=target))
                for stat, n, f, _d in mods))
    hb = _HITS_BONUS_RE.match(body.strip(" ."))
    if hb:
        state = "bloodied" if hb.group("t").startswith("bloodied") else "ca"
        form = _FORMS.get((hb.group("f") or "") + " ", "") if hb.group("f") else ""
        return Power(index, display, ptype, text, uses, statics=(
            Static("mod", int(hb.group("n")), "damage", Filter(target_state=state, attack_form=form)),))
    ht = _HITS_TARGET_RE.match(body.strip(" ."))
    if ht:
        flt, left = _mod_condition("against " + ht.group("t"))
        if not left and flt.target_state:
            form = _FORMS.get((ht.group("f") or "") + " ", "") if ht.group("f") else ""
            return Power(index, display, ptype, text, uses, statics=(
                Static("mod", int(ht.group("n")), "damage", Filter(
                    keyword=flt.keyword, target_state=flt.target_state, attack_form=form)),))
    body, recharge, recharge_filter = _recharge(body)
    if recharge_filter.self_state.startswith("unaffected:"):  # this power, by 'this power' or by its own name
        recharge_filter = replace(recharge_filter, self_state=_unaffected(recharge_filter.self_state, index, display))
    per_suffix = ""
    once = re.search(r"[.;,]?\s*\(?(?:usable |use )?once per (turn|round)\)?\.?$", body)
    if once:
        per_suffix = once.group(1)
        body = body[: once.start()]
    tail = re.search(r"[.;]\s*((?:use |usable )?only (?:if|when|while) [^.;:]+)\.?$", body)
    tail_cond = _condition(tail.group(1), lead_only=True) if tail else None
    if tail and tail_cond is not None and tail_cond[1] == len(tail.group(1)):  # '... Use only when within 5 squares
        body = body[: tail.start()]  # of an allied champion.'
    else:
        tail_cond = None
    body, found, trigger_filter = _prefixes(body.strip())
    if tail_cond is not None:
        if "requirement" in found:
            raise _Unread(f"two requirements: {found['requirement']} and {tail_cond[0]}")
        found["requirement"] = tail_cond[0]
    if per_suffix and "per" not in found:
        found["per"] = per_suffix
    action = found.get("action", "")
    trigger = found.get("trigger", "")
    requirement = found.get("requirement", "")
    per = found.get("per", "")
    body = _leading_target_words(body)
    # an attack
    attack_like = bool(_ATTACK_RE.match(body) or _MULTI_RE.match(body) or _EACH_RE.match(body))
    if attack_like and (ptype == "attack" or body.startswith("(") or re.match(r"^\+\d+ vs", body)
                        or _MULTI_RE.match(body) or _EACH_RE.match(body)):
        attack, spec_words = _attack(body)
        for word in spec_words.split(","):
            if word.startswith("per:"):
                per = per or word[4:]
            elif word.startswith("requirement:"):
                requirement = requirement or word[12:]
            elif word and not action:
                action = word
        if found.get("provokes") == "no":
            attack = _replace_attack(attack, provokes=False)
        if requirement == "charge":
            attack = _replace_attack(attack, charge=True)
        if ptype == "attack" and not action and not trigger:
            action = "attack"
        return Power(index, display, ptype, text, uses, action=action, trigger=trigger, trigger_filter=trigger_filter,
                     requirement=requirement, attack=attack, recharge=recharge, per=per,
                     recharge_filter=recharge_filter)
    # Spring Attack, Flyby Attack: "move up to its speed and make a {b} attack at any time during the move"
    sp = _MOVE_AND_ATTACK.match(body.strip(" ."))
    # (with no action named, still the attack action: the power makes an attack)
    if sp and (ptype == "attack" or action == "attack" or (ptype == "special" and not action)) and not trigger:
        n = int(sp.group("n")) if sp.group("n") else -1
        which = {"{b}": "basic", "{m}": "melee-basic", "{mb}": "melee-basic", "m": "melee-basic",
                 "{r}": "ranged-basic", "{rb}": "ranged-basic"}.get(sp.group("w"), "basic")
        return Power(index, display, ptype, text, uses, action="attack", requirement=requirement,
                     effects=(Effect("move", "self", n, extra=("toward-enemy",)), Effect("attack", "self", 0, which)),
                     recharge=recharge, per=per, recharge_filter=recharge_filter)
    # "make 2 {b} attacks" as an attack action
    mm = _MADE_RE.match(body)
    if mm and (ptype == "attack" or action in ("attack", "")) and not trigger:
        n = _words_to_int(mm.group("n"))
        which = {"{b}": "basic", "{m}": "melee-basic", "{mb}": "melee-basic", "{r}": "ranged-basic",
                 "{rb}": "ranged-basic", "melee": "melee-basic", "ranged": "ranged-basic"}.get(
            mm.group("w"), "power:" + mm.group("w"))
        distinct = ("distinct",) if mm.group("diff") else ()
        return Power(index, display, ptype, text, uses, action="attack", requirement=requirement,
                     effects=(Effect("attack", "self", 0, which, count=n, extra=distinct),), attacks_made=n,
                     recharge=recharge, per=per, recharge_filter=recharge_filter)
    # statics written as modifiers ("+2 AC while adjacent to an ally", "+5 damage vs. bloodied targets"; under a
    # state of its own: "Whenever an Elf ally is within 5 squares of it: it has +2 attack"; a state that holds on its
    # turn only lasts what 'until end of its turn' does: "+10 Damage until end of turn whenever it is the first to
    # activate in a round")
    if not action and not trigger:
        body, requirement = _state_modifiers(body, requirement)
    if not action and not trigger and re.match(r"^[+-]\d", body):
        mods = _modifier(body.strip(" ."))
        if mods is not None and requirement and requirement != "charge":  # "While bloodied: +2 AC"
            if any(f.self_state and f.self_state != requirement for _s, _n, f, _d in mods):
                mods = None  # two states of its own ('While adjacent to a wall: +2 AC while bloodied')
            else:
                mods = [(stat, n, replace(f, self_state=requirement), d) for stat, n, f, d in mods]
        elif requirement:
            mods = None
        if mods is not None:
            return Power(index, display, ptype, text, uses,
                         statics=tuple(Static("mod", n, stat, f) for stat, n, f, _d in mods if not _d)
                         + tuple(Static("mod", n, "damage:" + _d, f) for stat, n, f, _d in mods if _d),
                         requirement=requirement)
    # an aura: "(aura N) enemies in aura have -2 attack"
    au = re.match(r"^\(aura(?: (\d+))?\)\s*(.*)$", body)
    if au:
        return _aura(index, display, ptype, text, uses, int(au.group(1) or 0), au.group(2))
    if not action and not trigger and requirement != "charge":
        ally = _aura_statics(_ALLIES_WHILE_ADJACENT.sub(r"adjacent allies have \3", body.strip(" .")), 0, text)
        if ally is not None and not (requirement and any(x.filter.self_state for x in ally)):
            if requirement:  # "While this creature is not Bloodied, Dragon allies have +4 Attack"
                ally = [replace(x, filter=replace(x.filter, self_state=requirement)) for x in ally]
            return Power(index, display, ptype, text, uses, statics=tuple(ally))
    if not action and (trigger == "own-turn" or (requirement and not trigger)) and requirement != "charge":
        held = _while_static(body.strip(" ."))  # 'While bloodied, it may not move while an enemy is adjacent', 'On
        if held is not None:  # its turn, it cannot move ... while adjacent to a Bloodied enemy': both states
            first = requirement if requirement else "own-turn"
            return Power(index, display, ptype, text, uses, statics=tuple(
                replace(x, filter=replace(x.filter, self_state=first + "&" + x.filter.self_state)) for x in held))
    if not action and not trigger and not requirement:
        turn = _effect_each_turn(body)
        if turn is not None:
            return Power(index, display, ptype, text, uses, trigger=turn[0], requirement=turn[1],
                         effects=tuple(turn[2]))
    if not action and not trigger:
        after = _effect_then_event(body)
        if after is not None:
            return Power(index, display, ptype, text, uses, trigger=after[0], trigger_filter=after[1],
                         effects=tuple(after[2]), requirement=requirement)
        start = _from_the_start(body)
        if start is None:
            raise _Unread(body)
        return Power(index, display, ptype, text, uses, trigger="setup", effects=tuple(start))
    effects = _effects(body, "self", "power")
    return Power(index, display, ptype, text, uses, action=action, trigger=trigger, trigger_filter=trigger_filter,
                 requirement=requirement, effects=tuple(effects), recharge=recharge, per=per,
                 recharge_filter=recharge_filter)


_MOVE_AND_ATTACK: Final = re.compile(
    r"^(?:it )?moves? up (?:to )?(?:its (?:current )?speed|(?P<n>\d+) squares)(?: \(minimum 1 square\))?,? and "
    r"(?:then )?makes? (?:a|an|1|one) ?(?P<w>\{b\}|\{m\}|\{mb\}|\{r\}|\{rb\}|\{b\} or (?:1 )?\{r\}|m) ?attack "
    r"(?:(?:at )?any (?:time|point) during "
    r"(?:the|its|that) move(?:ment)?)$")


# states that hold only on its own turn (so 'until end of its turn' adds nothing to them)
_TURN_BOUND: Final = frozenset({"first-to-activate", "first-you-activate", "last-you-activate", "own-turn"})


def _state_modifiers(body: str, requirement: str) -> tuple[str, str]:
    """'it has +5 damage' under a requirement, '+10 damage until end of turn whenever <a state of its turn>': the
    modifiers alone, with the state as the requirement (the caller makes them statics under it)."""
    b = body.strip(" .")
    m = re.match(r"^(?P<mods>[+-]\d.*?) until (?:the )?end of (?:its |this |the )?turn,? (?P<c>(?:whenever|while|when) "
                 r".+)$", b)
    if m is not None and not requirement:
        cond = _condition(m.group("c"), lead_only=True)
        if cond is not None and cond[1] == len(m.group("c")) and cond[0] in _TURN_BOUND:
            return m.group("mods"), cond[0]
        return body, requirement
    if not requirement or requirement == "charge":
        return body, requirement
    m = re.match(r"^(?:it )?has (?P<mods>[+-]\d.*?)(?P<until> until (?:the )?end of (?:its |this |the )?turn)?$", b)
    if m is None or (m.group("until") and requirement not in _TURN_BOUND):
        return body, requirement
    return m.group("mods"), requirement


def _effect_then_event(body: str) -> tuple[str, Filter, list[Effect]] | None:
    """'This creature heals 10 HP whenever its {m} attack destroys an enemy': the event written after its effect."""
    m = re.match(r"^(?P<eff>.+?),? (?P<ev>whenever .+?|when it is destroyed)\.?$", body.strip(" ."))
    if m is None:
        return None
    event = _whole_event(m.group("ev"))
    if event is None:
        return None
    try:
        effects = _effects(m.group("eff"), "self", "power")
    except _Unread:
        return None
    return event[0], event[1], effects


_LEADING_TARGET: Final = re.compile(
    r"^(?P<w>(?:[a-z\-]+(?:,? or |, ))*[a-z\-]+ targets? only|(?:use )?only when it has combat advantage against "
    r"(?:the |its )?target)[:;,]\s*(?P<rest>.+)$")


def _leading_target_words(body: str) -> str:
    """'Slowed or Immobilized target only: +15 vs. Fortitude' and 'Use only when this creature has combat advantage
    against target: ...' name whom the attack may target: the words go in its parenthesis, where they are read."""
    m = _LEADING_TARGET.match(body)
    if m is None:
        return body
    words = "only with combat advantage" if "combat advantage" in m.group("w") else m.group("w")
    rest = m.group("rest")
    if rest.startswith("("):
        return "(" + words + ", " + rest[1:]
    return "(" + words + ") " + rest


def _effect_each_turn(body: str) -> tuple[str, str, list[Effect]] | None:
    """'Takes 10 damage at end of each of its turns if it did not make a {M} attack during that turn': the effect, its
    turn's start or end, and a state of the vocabulary as the requirement."""
    m = re.fullmatch(r"(?P<eff>.+?) at (?:the )?(?P<w>start|end) of each of its turns(?:,? (?P<c>(?:if|while) .+))?",
                     body.strip(" ."))
    if m is None:
        return None
    cond = _condition(m.group("c"), lead_only=True) if m.group("c") else ("", 0)
    if cond is None or (m.group("c") and cond[1] != len(m.group("c"))):
        return None
    try:
        effects = _effects(m.group("eff"), "self", "power")
    except _Unread:
        return None
    return m.group("w") + "-of-" + (m.groupdict().get("u") or "turn"), cond[0], effects


def _from_the_start(body: str) -> list[Effect] | None:
    """A state the card gives its creature until something ends it ('This creature is invisible until after it
    attacks'): it holds from set-up."""
    try:
        effects = _effects(body, "self", "power")
    except _Unread:
        return None
    if effects and all(e.who == "self" and e.kind in ("condition", "gain") and e.duration in
                       ("after-attack", "until-damaged", "battle") for e in effects):
        return effects
    return None


# "make 2 {b} attacks", "make up to 3 {b} attacks, each against a different target", "make 2 slam attacks, each
# against the same target": one attack action, several attacks of a basic attack or of a power named on the card
_MADE_RE: Final = re.compile(
    r"^(?:make|makes) (?:up to )?(?P<n>\d+|two|three) (?P<w>\{b\}|\{m\}|\{mb\}|\{r\}|\{rb\}|melee|ranged|"
    r"[a-z][a-z' \-]*?)(?: basic)? attacks?(?:,? (?:each )?against (?:the same|one or two|\d+|a single) "
    r"(?:target|enemy|targets|enemies)|(?P<diff>,? (?:each )?against (?:a )?different "
    r"(?:target|enemy|targets|enemies)))?\.?$"
)


def _reminder_agrees(body: str) -> bool:
    """A keyword's reminder text is skipped only when it restates the keyword (it is read otherwise)."""
    return bool(re.match(
        r"^(?:\(|)(?:can occupy statue|moves? normally through|ignores? (?:the )?(?:extra )?cost|"
        r"forest terrain does not|"
        r"half damage|takes half damage|scores? critical|activates twice|can take up to \d+ turns|"
        r"may (?:set ?up|setup)|(?:this creature )?may set|sets up in|starts off|ignores? conceal|ignore conceal|"
        r"\+\d+ ac (?:vs\.?|against) opportunity|can make an opportunity attack|may make an opportunity attack|"
        r"never grants combat advantage|\+\d+ damage (?:vs\.?|against|while|on)|\+ \d+ damage while|"
        r"can move through|moves through|this creature can move through|heals? \d+ hp at the start|"
        r"if it has ranged cover|not affected by|ignores? invisible|treats invisible|"
        r"ignores? (?:conceal|insubstantial)|takes? half damage from)", body))


def _replace_attack(a: AttackSpec, *, provokes: bool | None = None, charge: bool | None = None) -> AttackSpec:
    return replace(a, provokes=a.provokes if provokes is None else provokes,
                   charge=a.charge if charge is None else charge)


def _aura(index: int, display: str, ptype: str, text: str, uses: int, size: int, body: str) -> Power:
    """'(Aura 2) Enemies in aura have -2 attack', '(Aura) Each ally within 5 squares of it has +1 to all defenses',
    '(Aura 1) Enemies that start a turn in aura take 10 fire damage'."""
    b = body.strip(" .")
    start = _AURA_START.match(b)
    if start:
        who, flt, _rest = _subject(start.group("who") + " ")
        if who not in ("enemies", "allies", "all") or not size:
            raise _Unread(body)
        effects = _effects(start.group("what"), "target", "hit")
        side = {"enemies": "enemy", "allies": "ally", "all": "any"}[who]
        return Power(index, display, ptype, text, uses, trigger="starts-in-aura",
                     trigger_filter=Filter(keyword=flt.keyword or flt.alignment, within=size, side=side),
                     effects=tuple(effects))
    statics = _aura_statics(b, size, text)
    if statics is None:
        raise _Unread(body)
    return Power(index, display, ptype, text, uses, statics=tuple(statics))


_AURA_START: Final = re.compile(
    r"^(?P<who>.+?) (?:that|who) (?:start|starts|begin|begins) (?:a|their|its) turn (?:in (?:the )?aura|"
    r"adjacent to it|within it) (?P<what>(?:takes?|are|is|has|have|gains?) .*)$")
# the stats an aura's modifier reaches (speed is the creature's own and no aura reaches it yet)
_AURA_STATS: Final = frozenset({"attack", "damage", "ac", "fort", "ref", "will", "defenses", "defenses-nonac", "def"})
ANYWHERE: Final = 99  # an aura with no size ("Dragon allies have +4 attack"): every square of the map
_AURA_HAVE: Final = re.compile(
    r"^(?:(?:within|in) (?P<n>\d+) squares?(?: of it)? |in (?:the )?aura )?(?:each )?(?:have|has|deal|gains?) "
    r"(?P<mod>[+-].*?)\.?$")


def _aura_statics(body: str, size: int, text: str) -> list[Static] | None:
    """Who an aura reaches and the modifiers it gives them (None when the words are not that): 'Dragon allies have +4
    attack', 'Eladrin and Elf allies within 5 squares of it have +2 attack', 'it and each adjacent ally has +2 AC',
    'undead allies in aura have +2 attack vs. living targets'. With no size given, the aura covers the map; it
    lasts while its creature is on the battle map."""
    who, flt, rest = _subject(body)
    if who not in ("allies", "self-and-allies", "enemies", "all"):
        return None
    m = _AURA_HAVE.match(rest)
    if m is None:
        return None
    mods = _modifier(m.group("mod").strip(" ."))
    if mods is None:
        return None
    for stat, _n, f, d in mods:
        if stat not in _AURA_STATS or d or (f.self_state and "while it is" not in text.lower()):
            return None
        if f.target_state and f.target_state.split(":")[0] in ("adjacent", "ca"):
            return None  # 'adjacent to it', combat advantage: whose, the aura's creature's or the holder's?
    within = int(m.group("n")) if m.group("n") else flt.within
    size = size or (1 if within < 0 else within) or ANYWHERE
    kind = flt.keyword or flt.alignment
    side = {"enemies": "enemy", "all": "any"}.get(who, "ally")
    out = [Static("aura-mod", n, stat, Filter(keyword=kind, attack_form=f.attack_form, side=side,
                                              target_state=_own_kinds(f), self_state=f.self_state), aura=size)
           for stat, n, f, _d in mods]
    if who == "self-and-allies":
        out += [Static("mod", n, stat, Filter(attack_form=f.attack_form, target_state=f.target_state,
                                              keyword=f.keyword, self_state=f.self_state)) for stat, n, f, _d in mods]
    return out


def _own_kinds(f: Filter) -> str:
    """A modifier's target condition that names kinds carries them itself ('kinds:living'), since an aura's
    keyword names whom the aura reaches."""
    return "kinds:" + f.keyword if f.target_state == "keyword" else f.target_state


@dataclass
class Coverage:
    """How much of a set of cards the vocabulary reads: power instances played whole, and creatures whose every
    power is played."""

    instances: int = 0
    played: int = 0
    creatures: int = 0
    creatures_whole: int = 0
    unread: dict[str, int] = field(default_factory=dict)

    @property
    def instance_share(self) -> float:
        return self.played / self.instances if self.instances else 0.0

    @property
    def creature_share(self) -> float:
        return self.creatures_whole / self.creatures if self.creatures else 0.0


def card_powers(powers: list[dict[str, object]]) -> list[Power]:
    """A card's printed powers ({"type", "text", "limit"} or the catalogue's {"kind", "text", "uses"})."""
    out = []
    for i, p in enumerate(powers):
        ptype = str(p.get("type") or p.get("kind") or "special")
        uses = p.get("limit") if p.get("limit") is not None else p.get("uses")
        out.append(parse_power(i, ptype, str(p.get("text") or ""), int(str(uses)) if uses else 0))
    names = {q.name.casefold() for q in out}
    attacks = {q.name.casefold() for q in out if q.attack is not None and q.attack.form in ("melee", "ranged")}
    for i, q in enumerate(out):
        made = q.effects[0].what if q.attacks_made and q.effects else ""
        if made.startswith("power:") and made[6:] not in attacks:
            out[i] = replace(q, unplayed=f"{made[6:]} attacks: no single-target attack of this card has that name")
            continue
        if q.recharge.startswith("uses:") and not any(n in names for n in q.recharge[5:].split("|")):
            out[i] = replace(q, unplayed=f"recharge when it uses {q.recharge[5:]}: no power of this card has that name")
            continue
        for e in _all_effects(q):
            if e.kind == "recharge" and e.what.startswith("power:") \
                    and not any(n in names for n in e.what[6:].split("|")):
                out[i] = replace(q, unplayed=f"recharge {e.what[6:]}: no power of this card has that name")
    return out


def _all_effects(p: Power) -> tuple[Effect, ...]:
    a = p.attack
    return p.effects + ((a.hit + a.miss + a.always + a.crit) if a is not None else ())
