"""Dungeon Command card texts as typed effects: a closed vocabulary the rules interpret, and the reader that
turns a card's printed text into it (``docs/engine.md``, "Dungeon Command as played").

Every order card, creature power and commander ability is read sentence by sentence. A sentence the reader
knows becomes a :class:`Step` (one action: it goes on the stack and resolves on its own) or a :class:`Mod`
(something that stays true while its source is in play: a trait, an attached card, a commander ability). The
rules (``dungeon_command.py``) interpret each ``op`` of the vocabulary once, never a card by its name, so two
cards that say the same thing play the same. A sentence the reader does not know leaves its card
**unmodelled**: the card is listed as such in every result, and the parts that were read still play (a power)
or the card is not offered at all (an order).

The vocabulary (``Step.op``; ``who`` says whom it touches, ``mode`` qualifies):

- ``attack`` (``mode`` ``base`` / ``bonus`` / ``flat`` / ``per-ally``; ``kind`` melee / ranged / either),
  ``damage`` (not an attack: a chosen creature ``within`` squares), ``area`` (each creature of ``who``),
  ``multi-ranged`` (up to ``count`` ranged attacks at different enemies), ``ally-attack`` (another creature
  you control makes a melee attack);
- ``prevent`` (``amount``; -1 is all) to ``who`` from one source on the stack; ``dodge``;
- ``shift`` / ``move`` / ``slide`` / ``teleport`` / ``stealth`` (movement);
- ``heal``, ``remove-attached``, ``tap``, ``untap``, ``attach``, ``self-damage``, ``destroy-self``;
- ``draw``, ``discard``, ``opponent-draws``, ``opponent-discards``, ``gain-morale``, ``lose-morale``,
  ``opponent-morale``, ``tapped-controller-morale``, ``gain-leadership``, ``war-cry`` (a bonus until the end
  of the turn), ``deploy-now``, ``reinforce``, ``treasure-remote``;
- ``choice`` (one of ``options``: "X. OR Y.").

A :class:`Mod` is a persistent fact (``op``): ``speed``, ``melee``, ``ranged``, ``damage-taken``, ``block``,
``immobile``, ``removable``, ``scuttle``, ``flying``, ``burrow``, ``phasing``, ``ignore-difficult``,
``reach``, ``flanking``, ``cutter``, ``tap-on-hit``, ``life-drain``, ``splash``, ``swirl``,
``flashing-blades``, ``hidden-blade``, ``slam``, ``untap-on-kill``, ``aura-damage``, ``death-strike``,
``regenerate``, ``start-damage``, ``end-damage``, ``refresh-draw``, ``circle-draw``, ``stored-prevent``,
``power-prevent``, ``level-up``, ``unpreventable``, ``vorpal``, ``cleave``, ``next-melee``, ``grant-ability``,
``mortal-wound``, ``home-morale``, ``call-to-battle``, ``deploy-place``, ``deploy-morale``, ``deploy-draw``,
``chieftain``, ``graveyard-deploy``, ``rider``, ``circle-deploy``, ``treasure-draw``, ``swap-order``,
``versatile``, ``horde``, ``cower-extra``, ``kill-leadership``, ``orc-scout``, ``shield-aura``,
``circle-aura``, ``granted-power``, ``gaze``, ``healing-touch``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

ALL = -1  # "prevent all damage"

STANDARD, MINOR, IMMEDIATE = "standard", "minor", "immediate"


@dataclass(frozen=True)
class Step:
    """One action of a card or power: pushed on the stack, resolved on its own (``dungeon-command.md`` §7.4)."""

    op: str
    amount: int = 0
    mode: str = ""
    kind: str = ""  # attacks: melee / ranged / either
    who: str = "self"
    within: int = 0  # squares, for "within N squares"
    keyword: str = ""
    count: int = 0
    unpreventable: bool = False
    tapped_only: bool = False
    riders: tuple[Step, ...] = ()  # "if the target takes damage from this attack, ..."
    options: tuple[tuple[Step, ...], ...] = ()  # choice: one of these step lists
    mods: tuple[Mod, ...] = ()  # attach: what the attached card adds


@dataclass(frozen=True)
class Mod:
    """A persistent fact of a creature, an attached card or a commander."""

    op: str
    amount: int = 0
    who: str = "self"  # self / own / allies-adjacent / enemies-adjacent ...
    keywords: tuple[str, ...] = ()
    steps: tuple[Step, ...] = ()  # a power granted by the mod
    action: str = ""  # the granted power's action type


@dataclass(frozen=True)
class Reading:
    """A card's text as the engine plays it."""

    steps: tuple[Step, ...] = ()
    mods: tuple[Mod, ...] = ()
    costs: tuple[Step, ...] = ()  # paid when the card is played (discard, damage to itself, Morale)
    assist_adjacent_to_target: bool = False
    unmodelled: tuple[str, ...] = ()  # the sentences no pattern reads

    @property
    def modelled(self) -> bool:
        return not self.unmodelled


# --- sentence patterns -----------------------------------------------------------------------------------

_N = r"(\d+)"


def _clean(text: str) -> str:
    t = text.replace("’", "'").replace("DAMAGE", "damage").replace("MORALE", "Morale")
    t = t.replace("LEADERSHIP", "Leadership")
    t = re.sub(r"\s+", " ", t).strip()
    # the preambles the catalogue reads as fields: "REQUIRES X.", "X AFFINITY." (with its reminder)
    t = re.sub(r"^(?:REQUIRES [A-Z-]+\.\s*|[A-Z-]+ AFFINITY(?: \([^)]*\))?\.?\s*)+", "", t)
    return t


def _sentences(text: str) -> list[str]:
    """Split on sentence ends, keeping parenthesised reminders with their sentence."""
    out: list[str] = []
    depth = 0
    cur = ""
    for i, ch in enumerate(text):
        cur += ch
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "." and depth == 0:
            nxt = text[i + 1 : i + 2]
            if nxt in ("", " "):
                s = cur.strip()
                if s:
                    out.append(s)
                cur = ""
    if cur.strip():
        out.append(cur.strip())
    return out


def _strip_reminder(s: str) -> str:
    return re.sub(r"\s*\([^)]*\)", "", s).strip()


def _int(value: str) -> int:
    return ALL if value.lower() == "all" else int(value)


def _attack(kind: str, mode: str, amount: int, **extra: object) -> Step:
    return Step("attack", amount=amount, mode=mode, kind=kind, who="target", **extra)  # type: ignore[arg-type]


class _Reader:
    """Reads one text; ``steps``/``mods``/``costs`` grow as sentences match."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.mods: list[Mod] = []
        self.costs: list[Step] = []
        self.unread: list[str] = []
        self.chosen = ""  # "Choose X." sets whom the next "that creature" means
        self.chosen_within = 0
        self.assist_target = False

    def add_rider(self, rider: Step) -> bool:
        for i in range(len(self.steps) - 1, -1, -1):
            st = self.steps[i]
            if st.op in ("attack", "damage"):
                self.steps[i] = Step(
                    st.op, st.amount, st.mode, st.kind, st.who, st.within, st.keyword, st.count, st.unpreventable,
                    st.tapped_only, (*st.riders, rider), st.options, st.mods,
                )
                return True
        return False

    def last_attack_unpreventable(self) -> bool:
        for i in range(len(self.steps) - 1, -1, -1):
            st = self.steps[i]
            if st.op == "attack":
                self.steps[i] = Step(
                    st.op, st.amount, st.mode, st.kind, st.who, st.within, st.keyword, st.count, True,
                    st.tapped_only, st.riders, st.options, st.mods,
                )
                return True
        return False


# --- sentence tables: a sentence read by one pattern into steps or modifiers, in the order they are tried -------

def _table(*rows: tuple[str, Any]) -> tuple[tuple[re.Pattern[str], Any], ...]:
    return tuple((re.compile(p), build) for p, build in rows)


def _by_table(low: str, table: tuple[tuple[re.Pattern[str], Any], ...], out: list[Any]) -> bool:
    """The first row of ``table`` whose pattern reads all of ``low`` adds what it builds to ``out``."""
    for pattern, build in table:
        m = pattern.fullmatch(low)
        if m:
            out += build(m)
            return True
    return False


def _by_cost_table(r: _Reader, low: str, table: tuple[tuple[re.Pattern[str], Any], ...]) -> bool:
    """As :func:`_by_table`, for a sentence that pays a cost (first) to take steps (second)."""
    for pattern, build in table:
        m = pattern.fullmatch(low)
        if m:
            costs, steps = build(m)
            r.costs += costs
            r.steps += steps
            return True
    return False


def _keywords(words: str) -> tuple[str, ...]:
    """"Orc, Goblin and Ogre" → ("Orc", "Goblin", "Ogre")."""
    return tuple(w.strip().title() for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", words) if w.strip())


# whom "that creature" means after "Choose ..."
_CHOOSING = _table(
    (r"choose (?:this creature or )?(?:a|any|1) creature within (\d+) squares", "any-within"),
    (r"choose 1 allied creature within (\d+) squares", "ally-within"),
    (r"choose 1 enemy creature within (\d+) squares", "enemy-within"),
    (r"choose a treasure square within (\d+) squares", "treasure-within"),
    (r"choose 1 square within (\d+) squares", "square-within"),
)
_PREVENTING: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"tap 1 creature within (\d+) squares", lambda m: (Step("tap", who="any-within", within=int(m[1])),)),
    (r"prevent (\d+|all) damage to this creature from 1 source", lambda m: (Step("prevent", _int(m[1]), who="self"),)),
    (r"prevent (\d+) damage to 1 adjacent creature from 1 source",
     lambda m: (Step("prevent", int(m[1]), who="adjacent"),)),
)
_ATTACKING: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"prevent all damage to this creature from 1 source, then shift (\d+) squares",
     lambda m: (Step("prevent", ALL, who="self"), Step("shift", int(m[1])))),
    (r"make a (melee|ranged|melee or ranged) attack that deals \+(\d+) damage",
     lambda m: (_attack("either" if " or " in m[1] else m[1], "bonus", int(m[2])),)),
    (r"make a (melee|ranged) attack that deals (\d+) damage", lambda m: (_attack(m[1], "flat", int(m[2])),)),
    (r"make a (melee|ranged) attack that deals (?:base )?(?:melee |ranged )?damage",
     lambda m: (_attack(m[1], "base", 0),)),
    (r"make an attack", lambda m: (_attack("either", "base", 0),)),
    (r"make a melee attack against 1 tapped creature that deals (\d+) damage",
     lambda m: (_attack("melee", "flat", int(m[1]), tapped_only=True),)),
    (r"make a melee attack that deals this creature's base damage against 1 tapped creature",
     lambda m: (_attack("melee", "base", 0, tapped_only=True),)),
    (r"make a melee attack that deals \+(\d+) damage for each other ([a-z]+) creature you control "
     r"that is adjacent to the target", lambda m: (_attack("melee", "per-ally", int(m[1]), keyword=m[2].title()),)),
)
_PAYING: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"discard 1 order card to prevent (\d+|all) damage to this creature from 1 source",
     lambda m: ((Step("discard", 1),), (Step("prevent", _int(m[1]), who="self"),))),
    (r"lose (\d+) morale to prevent (\d+) damage to this creature from 1 source",
     lambda m: ((Step("lose-morale", int(m[1])),), (Step("prevent", int(m[2]), who="self"),))),
    (r"discard 1 order card to have this creature make a melee attack that deals \+(\d+) damage",
     lambda m: ((Step("discard", 1),), (_attack("melee", "bonus", int(m[1])),))),
    (r"this creature takes (\d+) damage to make a melee attack that deals \+(\d+) damage",
     lambda m: ((Step("self-damage", int(m[1])),), (_attack("melee", "bonus", int(m[2])),))),
    (r"this creature takes (\d+) damage to shift (\d+) squares",
     lambda m: ((Step("self-damage", int(m[1])),), (Step("shift", int(m[2])),))),
)
_ACTING: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"(\d+) creature you control within (\d+) squares makes a melee attack",
     lambda m: (Step("ally-attack", within=int(m[2]), who="ally-within", kind="melee"),)),
    (r"as a standard action, make up to (\d+) ranged attacks",
     lambda m: (Step("multi-ranged", count=int(m[1]), who="enemies"),)),
)
_RIDERS: dict[str, tuple[Step, ...]] = {
    "untap this creature": (Step("untap"),),
    "tap it": (Step("tap", who="target"),),
    "you gain 1 morale": (Step("gain-morale", 1),),
    "tap it and the target's controller discards 1 order card":
        (Step("tap", who="target"), Step("opponent-discards", 1)),
}
_HARMING: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"deal (\d+) damage to 1 creature within (\d+) squares",
     lambda m: (Step("damage", int(m[1]), who="any-within", within=int(m[2])),)),
)
_MOVING: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"deal (\d+) damage to each creature within (\d+) squares of hazardous terrain",
     lambda m: (Step("area", int(m[1]), who="near-hazard", count=int(m[2])),)),
    (r"deal (\d+) damage to each (enemy|tapped) creature adjacent to this creature",
     lambda m: (Step("area", int(m[1]), who="adjacent-enemies" if m[2] == "enemy" else "adjacent-tapped"),)),
    (r"deal (\d+) damage to each ([a-z]+) creature within (\d+) squares",
     lambda m: (Step("area", int(m[1]), who="keyword-within", keyword=m[2].title(), within=int(m[3])),)),
    (r"shift (?:up to )?(\d+) squares", lambda m: (Step("shift", int(m[1])),)),
    (r"one allied creature shifts (\d+) squares", lambda m: (Step("shift", int(m[1]), who="ally"),)),
    (r"each creature you control other than this creature shifts (\d+) squares",
     lambda m: (Step("shift", int(m[1]), who="each-other-own"),)),
    (r"this creature moves its speed", lambda m: (Step("move"),)),
    (r"slide the target (\d+) squares", lambda m: (Step("slide", int(m[1]), who="target"),)),
    (r"slide each adjacent enemy creature (\d+) squares",
     lambda m: (Step("slide", int(m[1]), who="adjacent-enemies"),)),
    (r"slide 1 adjacent creature (\d+) squares", lambda m: (Step("slide", int(m[1]), who="adjacent"),)),
)
_PLACING: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"choose 1 enemy creature within (\d+) squares and slide that creature (\d+) squares, "
     r"then make a melee attack that deals melee damage",
     lambda m: (Step("slide", int(m[2]), who="enemy-within", within=int(m[1])), _attack("melee", "base", 0))),
    (r"tap each enemy creature adjacent to this creature, and slide each of those creatures (\d+) squares",
     lambda m: (Step("tap", who="adjacent-enemies"), Step("slide", int(m[1]), who="adjacent-enemies"))),
    (r"place this creature in any square within (\d+) squares",
     lambda m: (Step("teleport", within=int(m[1]), who="square-within"),)),
)
_HIDING: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"if no enemy creatures have line of sight to this creature, remove it from the battlefield and "
     r"place it on its creature card", lambda m: (Step("stealth"),)),
    (r"this creature shifts and ignores walls while moving during this turn", lambda m: (Step("secret-passage"),)),
)
_HEALING: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"this creature heals (\d+) damage", lambda m: (Step("heal", int(m[1])),)),
    (r"this creature heals (\d+) damage for each enemy creature adjacent to it",
     lambda m: (Step("heal", int(m[1]), mode="per-adjacent-enemy"),)),
    (r"this creature or 1 adjacent ally heals (\d+) damage",
     lambda m: (Step("heal", int(m[1]), who="self-or-adjacent-ally"),)),
    (r"(this creature|this creature or 1 adjacent ally) heals (\d+) damage or removes 1 attached order card",
     lambda m: _heal_or_remove("self" if m[1] == "this creature" else "self-or-adjacent-ally", int(m[2]))),
    (r"remove 1 attached card from this creature", lambda m: (Step("remove-attached", 1),)),
    (r"remove all cards attached to this creature", lambda m: (Step("remove-attached", ALL),)),
)
_COMMANDING: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"tap 1 adjacent creature", lambda m: (Step("tap", who="adjacent"),)),
    (r"untap this creature", lambda m: (Step("untap"),)),
    (r"draw (\d+) order cards?", lambda m: (Step("draw", int(m[1])),)),
    (r"draw (\d+) order cards, then discard (\d+) order card",
     lambda m: (Step("draw", int(m[1])), Step("discard", int(m[2])))),
    (r"the attacking faction draws (\d+) order card", lambda m: (Step("opponent-draws", int(m[1])),)),
    (r"gain (\d+) leadership", lambda m: (Step("gain-leadership", int(m[1])),)),
    (r"gain (\d+) morale", lambda m: (Step("gain-morale", int(m[1])),)),
    (r"lose (\d+) morale", lambda m: (Step("lose-morale", int(m[1])),)),
    (r"target opponent loses (\d+) morale", lambda m: (Step("opponent-morale", int(m[1])),)),
    (r"choose 1 adjacent tapped creature\. that creature's controller loses (\d+) morale",
     lambda m: (Step("tapped-controller-morale", int(m[1]), who="adjacent-tapped"),)),
)
_RALLYING: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"([a-z, ]+) creatures you control deal \+(\d+) damage with melee and ranged attacks until the end of this turn",
     lambda m: (Step("war-cry", int(m[2]), mods=(Mod("attack-bonus", int(m[2]), who="own",
                                                     keywords=_keywords(m[1])),)),)),
    (r"discard any number of creature cards from your hand, then reshuffle all creature cards from your "
     r"graveyard into your creature deck and draw creature cards up to your creature hand size",
     lambda m: (Step("reinforce"),)),
    (r"destroy this creature", lambda m: (Step("destroy-self"),)),
    (r"immediately deploy 1 ([a-z]+) creature in an opponent's start zone",
     lambda m: (Step("deploy-now", who="opponent-start", keyword=m[1].title()),)),
)
# sentences that only qualify the step before them (read when that step is there)
_QUALIFYING: dict[str, str] = {
    "each attack must target a different enemy creature": "multi-ranged",
    "this creature does not need line of sight to the target square": "teleport",
    ("at the start of its controller's next turn, place the creature "
     "in any unoccupied square on the battlefield"): "stealth",
    "it cannot end its movement in a wall square": "secret-passage",
    "attach this card to that creature": "deploy-now",
}


def _heal_or_remove(who: str, amount: int) -> tuple[Step, ...]:
    return (Step("choice", options=((Step("heal", amount, who=who),), (Step("remove-attached", 1, who=who),))),)


def _step_sentence(r: _Reader, s: str) -> bool:
    """A sentence of an action (an order, an activated power): adds steps; False if no pattern reads it."""
    low = _strip_reminder(s).lower().rstrip(".")
    m: re.Match[str] | None
    if not low:
        return bool(r.steps)  # a reminder in parentheses, about the step before
    # preambles the catalogue already reads as fields (Requires, Affinity)
    if re.fullmatch(r"requires [a-z-]+", low) or re.fullmatch(r"[a-z-]+ affinity", low):
        return True
    if low in _QUALIFYING:
        return bool(r.steps) and r.steps[-1].op == _QUALIFYING[low]
    # --- choosing whom "that creature" means
    for pattern, chosen in _CHOOSING:
        m = pattern.fullmatch(low)
        if m:
            r.chosen, r.chosen_within = chosen, int(m[1])
            return True
    if low == "choose 1 allied creature within line of sight":
        r.chosen, r.chosen_within = "ally-los", 0
        return True
    if low == "choose 1 adjacent tapped creature":
        r.chosen = "adjacent-tapped"
        return True
    if (low == "reveal any treasure chest marker on that square, then take 1 treasure token from that square"
            and r.chosen == "treasure-within"):
        r.steps.append(Step("treasure-remote", 1, within=r.chosen_within))
        return True
    # --- prevention (immediate responses), attacks
    if _by_table(low, _PREVENTING, r.steps):
        return True
    m = re.fullmatch(r"prevent (\d+) damage to that creature from 1 source", low)
    if m and r.chosen:
        who = {"any-within": "within", "ally-los": "ally-los", "ally-within": "ally-within"}[r.chosen]
        r.steps.append(Step("prevent", int(m[1]), who=who, within=r.chosen_within))
        return True
    if _by_table(low, _ATTACKING, r.steps) or _by_cost_table(r, low, _PAYING) or _by_table(low, _ACTING, r.steps):
        return True
    if low == "this damage cannot be prevented":
        return r.last_attack_unpreventable()
    if low == "creatures you control that are adjacent to the target can assist with this action":
        r.assist_target = True
        return True
    # --- riders on the attack before
    m = re.fullmatch(r"if the target takes damage from this attack, (.+)", low)
    if m:
        rest = m[1]
        riders = _RIDERS.get(rest)
        mh = re.fullmatch(r"this creature heals (\d+) damage", rest)
        if mh:
            riders = (Step("heal", int(mh[1])),)
        if riders is None:
            return False
        return all(r.add_rider(x) for x in riders)
    # --- damage that is not an attack, movement
    if _by_table(low, _HARMING, r.steps):
        return True
    if low == "deal this creature's base damage to that creature" and r.chosen == "any-within":
        r.steps.append(Step("damage", 0, mode="base", who="any-within", within=r.chosen_within))
        return True
    m = re.fullmatch(r"deal (\d+) damage to each creature within (\d+) squares of it", low)
    if m and r.chosen == "square-within":
        r.steps.append(Step("area", int(m[1]), who="square-radius", within=r.chosen_within, count=int(m[2])))
        return True
    if _by_table(low, _MOVING, r.steps):
        return True
    m = re.fullmatch(r"slide that creature (\d+) squares", low)
    if m and r.chosen == "enemy-within":
        r.steps.append(Step("slide", int(m[1]), who="enemy-within", within=r.chosen_within))
        return True
    if _by_table(low, _PLACING, r.steps):
        return True
    if low == ("take 1 treasure token from the square this creature is in to "
               "place this creature in any magic circle square"):
        r.costs.append(Step("take-treasure", 1))
        r.steps.append(Step("teleport", who="magic-circle"))
        return True
    # --- healing and attached cards, taps, cards, Morale, Leadership
    if _by_table(low, _HIDING, r.steps) or _by_table(low, _HEALING, r.steps):
        return True
    if low == "remove all attached order cards from that creature" and r.chosen == "ally-within":
        r.steps.append(Step("remove-attached", ALL, who="ally-within", within=r.chosen_within))
        return True
    if low == "the chosen creature removes 1 attached order card of your choice" and r.chosen == "any-within":
        r.steps.append(Step("remove-attached", 1, who="any-within", within=r.chosen_within))
        return True
    if _by_table(low, _COMMANDING, r.steps):
        return True
    m = re.fullmatch(r"that creature's controller loses (\d+) morale", low)
    if m and r.chosen == "adjacent-tapped":
        r.steps.append(Step("tapped-controller-morale", int(m[1]), who="adjacent-tapped"))
        return True
    return _by_table(low, _RALLYING, r.steps)


# a creature's (or an attached card's) lasting texts, word for word
_TRAITS: dict[str, tuple[Mod, ...]] = {
    "this creature gains scuttle and ignores difficult terrain": (Mod("scuttle"), Mod("ignore-difficult")),
    "this creature ignores difficult terrain and can move over mountains": (Mod("flying"),),
    "this creature can move through mountains": (Mod("burrow"),),
    "this creature ignores terrain and can move through other creatures": (Mod("phasing"),),
    "cannot end movement on mountains or other creatures": (),  # the general rule (no move ends on a wall or creature)
    "creatures you control ignore difficult terrain": (Mod("ignore-difficult", who="own"),),
    "whenever this creature deals melee damage, tap the target": (Mod("tap-on-hit"),),
    "whenever a target creature takes damage from this creature's melee attack, tap the target": (Mod("tap-on-hit"),),
    "whenever an adjacent enemy creature is destroyed, untap this creature": (Mod("untap-on-kill"),),
    "when this creature would be destroyed, it can first make a melee attack that deals melee damage":
        (Mod("death-strike"),),
    "when deploying this creature, you can place it in any unoccupied square adjacent to a wall":
        (Mod("deploy-place", 0, who="by-wall"),),
    "when deploying this creature, you can place it in any unoccupied magic circle square":
        (Mod("deploy-place", 0, who="magic-circle"),),
}
_TRAIT_PATTERNS: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"this creature can make melee attacks against creatures up to (\d+) spaces away",
     lambda m: (Mod("reach", int(m[1])),)),
    (r"this creature's melee attacks deal \+(\d+) damage while at least 1 ally is adjacent to the target",
     lambda m: (Mod("flanking", int(m[1])),)),
    (r"this creature's melee attacks deal \+(\d+) damage against tapped creatures",
     lambda m: (Mod("cutter", int(m[1])),)),
    (r"this creature's melee attacks deal ([+-]\d+) damage", lambda m: (Mod("melee", int(m[1])),)),
    (r"whenever a target takes damage from this creature's melee attack, this creature heals (\d+) damage",
     lambda m: (Mod("life-drain", int(m[1])),)),
    (r"whenever this creature makes a ranged attack, it deals (\d+) damage to each enemy creature adjacent to the "
     r"target", lambda m: (Mod("splash", int(m[1])),)),
    (r"whenever this creature makes a melee attack, it deals (\d+) damage to each other enemy creature adjacent to "
     r"this creature", lambda m: (Mod("swirl", int(m[1])),)),
    (r"whenever a target takes damage from this creature's melee attack, this creature can deal (\d+) damage to 1 "
     r"adjacent creature", lambda m: (Mod("flashing-blades", int(m[1])),)),
    (r"after this creature attacks, it may deal (\d+) damage to an adjacent tapped enemy creature",
     lambda m: (Mod("hidden-blade", int(m[1])),)),
    (r"whenever an adjacent creature takes damage from this creature's attack, slide the damaged creature up to "
     r"(\d+) squares", lambda m: (Mod("slam", int(m[1])),)),
    (r"each enemy creature takes (\d+) damage whenever it ends its activation adjacent to this creature",
     lambda m: (Mod("aura-damage", int(m[1])),)),
    (r"(?:regenerate (\d+): )?at the start of its controller's turn, this creature heals (\d+) damage",
     lambda m: (Mod("regenerate", int(m[2])),)),
    (r"regenerate (\d+)", lambda m: (Mod("regenerate", int(m[1])),)),
    (r"this creature gains block (\d+)", lambda m: (Mod("block", int(m[1])),)),
    (r"while adjacent to this creature, each allied ([a-z]+) gains block (\d+)",
     lambda m: (Mod("shield-aura", int(m[2]), who="allies-adjacent", keywords=(m[1].title(),)),)),
    (r"while this creature is in a magic circle, all ([a-z, ]+) you control gain \"prevent (\d+) damage from 1 "
     r"source\" once per turn",
     lambda m: (Mod("circle-aura", int(m[2]), who="own",
                    keywords=tuple(w.rstrip("s").title() for w in _keywords(m[1].lower()))),)),
)
_DEPLOYING: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"when deploying (?:any )?([a-z ]+?) creatures?, you can place it in any unoccupied square "
     r"(within (\d+) squares of|adjacent to) this creature",
     lambda m: (Mod("deploy-place", int(m[3]) if m[3] else 1, who="near-self",
                    keywords=tuple(w.strip().title() for w in m[1].replace("any ", "").split(" or "))),)),
    (r"when you deploy this creature, gain (\d+) morale", lambda m: (Mod("deploy-morale", int(m[1])),)),
    (r"when you deploy this creature, draw (\d+) order card", lambda m: (Mod("deploy-draw", int(m[1])),)),
    (r"when you deploy this creature, you can reveal an ([a-z]+) creature card of level (\d+) or lower from your "
     r"hand", lambda m: (Mod("chieftain", int(m[2]), keywords=(m[1].title(),)),)),
    (r"during your deploy phase, pay (\d+) morale to deploy this creature from your graveyard",
     lambda m: (Mod("graveyard-deploy", int(m[1])),)),
)
_RIDING = re.compile(r"when this creature is destroyed, you may deploy 1 ([a-z ]+?) creature \(level (\d+) or lower\) "
                     r"from your hand to this tile")
# an attached order card's lasting texts
_ATTACHED_TEXTS: dict[str, tuple[Mod, ...]] = {
    "this creature cannot move or shift": (Mod("immobile"),),
    "remove this card as a standard action": (Mod("removable"),),
    "(s): remove this card as a standard action": (Mod("removable"),),
    ": remove this card as a standard action": (Mod("removable"),),
    ("when deploying, if this creature is in a magic circle square, you can deploy your creatures in unoccupied "
     "squares in that magic circle"): (Mod("circle-deploy"),),
    "destroy this creature at the start of your deploy phase": (Mod("mortal-wound"),),
    "damage from this creature's melee attacks cannot be prevented": (Mod("unpreventable"),),
    "(s): as a standard action, deploy 1 creature now": (Mod("call-to-battle", 0, action=STANDARD),),
    ": as a standard action, deploy 1 creature now": (Mod("call-to-battle", 0, action=STANDARD),),
}
_ATTACHED_PATTERNS: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"at the start of its activation, this creature takes (\d+) damage", lambda m: (Mod("start-damage", int(m[1])),)),
    (r"at the end of its activation, this creature takes (\d+) damage", lambda m: (Mod("end-damage", int(m[1])),)),
    (r"attacks deal \+(\d+) damage to this creature", lambda m: (Mod("damage-taken", int(m[1])),)),
    (r"during refresh, this creature's controller draws (\d+) extra order card",
     lambda m: (Mod("refresh-draw", int(m[1])),)),
    (r"remove this card to deal \+(\d+) damage with this creature's next melee attack",
     lambda m: (Mod("next-melee", int(m[1])),)),
    (r"at the end of its activation, if this creature is in a magic circle square, draw (\d+) order card",
     lambda m: (Mod("circle-draw", int(m[1])),)),
    (r"remove this card to prevent (\d+|all) damage to this creature from 1 source",
     lambda m: (Mod("stored-prevent", _int(m[1])),)),
    (r"if this creature is in its controller's start zone, remove this card to gain (\d+) morale",
     lambda m: (Mod("home-morale", int(m[1])),)),
    (r"whenever this creature destroys an enemy creature with its melee attack, it can deal (\d+) damage to 1 "
     r"adjacent creature", lambda m: (Mod("cleave", int(m[1])),)),
    (r"\+(\d+) hp; \+(\d+) level",
     lambda m: (Mod("level-up", int(m[2]), keywords=(), steps=(Step("hp", int(m[1])),)),)),
    (r"discard this card to give this creature the ([a-z]+) ability for the rest of the turn",
     lambda m: (Mod("grant-ability", keywords=(m[1].upper(),)),)),
    (r"add (\d+) to this creature's base speed", lambda m: (Mod("speed", int(m[1])),)),
    (r"add (\d+) to the speed of each creature you control", lambda m: (Mod("speed", int(m[1]), who="own"),)),
    (r"([a-z]+) creatures you control deal \+(\d+) damage with melee attacks",
     lambda m: (Mod("melee", int(m[2]), who="own", keywords=(m[1].title(),)),)),
    (r"if the target of this creature's melee attack takes at least (\d+) damage from that attack, destroy the target",
     lambda m: (Mod("vorpal", int(m[1])),)),
)
# sentences that only qualify the modifier before them
_MOD_QUALIFYING: dict[str, str] = {
    "resets at the start of this creature's faction refresh phase": "power-prevent",
    "if you do, gain leadership equal to the revealed creature's level and immediately deploy that creature":
        "chieftain",
}


def _mod_sentence(r: _Reader, s: str, attached: bool) -> bool:
    """A sentence that states a lasting fact (a trait, an attached card's text, a commander ability)."""
    raw = s.strip()
    low = raw.lower().rstrip(".")
    lowr = _strip_reminder(raw).lower().rstrip(".")
    m: re.Match[str] | None
    if re.fullmatch(r"(?:scuttle: )?this creature shifts when it moves", low):
        r.mods.append(Mod("scuttle"))
        return True
    if lowr in _TRAITS:
        r.mods += _TRAITS[lowr]
        return True
    if lowr in _MOD_QUALIFYING:
        return bool(r.mods) and r.mods[-1].op == _MOD_QUALIFYING[lowr]
    if _by_table(lowr, _TRAIT_PATTERNS, r.mods):
        return True
    if lowr == "prevent all damage to this creature from 1 source" and not attached:
        r.mods.append(Mod("power-prevent", ALL))
        return True
    if _by_table(lowr, _DEPLOYING, r.mods):
        return True
    m = _RIDING.fullmatch(low)
    if m:
        r.mods.append(Mod("rider", int(m[2]), keywords=tuple(w.strip().title() for w in m[1].split(" or "))))
        return True
    m = re.fullmatch(r"morale loss = \(([a-z0-9 ]+) - deployed creature level\)", low)
    if m and r.mods and r.mods[-1].op == "rider":
        return True  # the destroyed creature's level (Skeletal Lancer prints its own, 4) less the deployed one's
    return attached and _attached_sentence(r, low, lowr)


def _attached_sentence(r: _Reader, low: str, lowr: str) -> bool:
    """An attached card's lasting text (after :func:`_mod_sentence`'s general ones)."""
    m: re.Match[str] | None
    if lowr in _ATTACHED_TEXTS:
        r.mods += _ATTACHED_TEXTS[lowr]
        return True
    if _by_table(lowr, _ATTACHED_PATTERNS, r.mods):
        return True
    m = re.fullmatch(r"gain the ([a-z]+) keyword", lowr)
    if m and r.mods and r.mods[-1].op == "level-up":
        last = r.mods[-1]
        r.mods[-1] = Mod(last.op, last.amount, last.who, (*last.keywords, m[1].title()), last.steps)
        return True
    m = re.fullmatch(r"if this creature is in a magic circle square, you gain (\d+) morale before deploying", lowr)
    if m and r.mods and r.mods[-1].op == "call-to-battle":
        last = r.mods[-1]
        r.mods[-1] = Mod(last.op, int(m[1]), last.who, last.keywords, last.steps, last.action)
        return True
    m = re.fullmatch(r"\(s\): prevent (\d+) damage to this creature from 1 source", low) or re.fullmatch(
        r": prevent (\d+) damage to this creature from 1 source", low)
    if m:
        r.mods.append(Mod("power-prevent", int(m[1])))
        return True
    return False


_COMMANDER_TEXTS: dict[str, tuple[Mod, ...]] = {
    "once during your turn, you can discard 1 order card from your hand to draw 1 order card": (Mod("swap-order", 1),),
    "you can deploy creatures during your refresh phase": (Mod("horde"),),
    "creatures you control ignore difficult terrain": (Mod("ignore-difficult", who="own"),),
}
_COMMANDER_PATTERNS: tuple[tuple[re.Pattern[str], Any], ...] = _table(
    (r"add (\d+) to the speed of each ([a-z]+) and ([a-z]+) you control",
     lambda m: (Mod("speed", int(m[1]), who="own", keywords=(m[2].title(), m[3].title())),)),
    (r"whenever a ([a-z]+) you control collects a treasure token, you can draw (\d+) order card instead of gaining 1 "
     r"morale", lambda m: (Mod("treasure-draw", int(m[2]), who="own", keywords=(m[1].title(),)),)),
    (r"each ([a-z]+) you control can use a standard action to move up to its speed",
     lambda m: (Mod("versatile", who="own", keywords=(m[1].title(),)),)),
    (r"whenever an enemy creature cowers, its controller loses (\d+) extra morale",
     lambda m: (Mod("cower-extra", int(m[1])),)),
    (r"gain (\d+) leadership for each enemy creature destroyed during your turn",
     lambda m: (Mod("kill-leadership", int(m[1])),)),
    (r"when you deploy starting ([a-z]+) creatures, you can deploy (\d+) of them in any unoccupied treasure square "
     r"on the board", lambda m: (Mod("orc-scout", int(m[2]), keywords=(m[1].title(),)),)),
)


def _commander_sentence(r: _Reader, s: str) -> bool:
    low = _strip_reminder(s).lower().rstrip(".")
    if low in _COMMANDER_TEXTS:
        r.mods += _COMMANDER_TEXTS[low]
        return True
    return _by_table(low, _COMMANDER_PATTERNS, r.mods)


# --- public readers -------------------------------------------------------------------------------------

_ATTACH_RE = re.compile(r"\bAttach this card to ([^.]*)\.\s*", re.IGNORECASE)
_CACHE: dict[tuple[str, str], Reading] = {}


def read_order(text: str) -> Reading:
    """An order card's text: the steps of its action (in printed order), an attached part, and its costs."""
    key = ("order", text)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    t = _clean(text)
    r = _Reader()
    attach_to = ""
    attach_text = ""
    m = _ATTACH_RE.search(t)
    if m:
        attach_to = m[1].strip().lower()
        attach_text = t[m.end():].strip()
        t = t[: m.start()].strip()
    # "X. OR Y." (Patch Up): a choice between two actions
    if re.search(r"\.\s+OR\s+", t):
        parts = re.split(r"\.\s+OR\s+", t)
        options: list[tuple[Step, ...]] = []
        for part in parts:
            sub = _Reader()
            for s in _sentences(part.rstrip(".") + "."):
                if not _step_sentence(sub, s):
                    r.unread.append(s)
            options.append(tuple(sub.steps))
        r.steps.append(Step("choice", options=tuple(options)))
    else:
        for s in _sentences(t):
            if not _step_sentence(r, s):
                r.unread.append(s)
    if attach_to:
        where = {
            "this creature": "self", "the target": "target", "that creature": "deployed",
            "1 enemy creature within 10 squares": "enemy-within", "1 creature within 10 squares": "any-within",
        }.get(attach_to)
        within = 10 if where in ("enemy-within", "any-within") else 0
        am = _Reader()
        for s in _split_attached(attach_text):
            if not _mod_sentence(am, s, attached=True):
                r.unread.append(s)
        if where is None:
            r.unread.append(f"Attach this card to {attach_to}.")
            where = "self"
        attach = Step("attach", who=where, within=within, mods=tuple(am.mods))
        if where == "deployed" and r.steps and r.steps[-1].op == "deploy-now":
            last = r.steps[-1]
            r.steps[-1] = Step(last.op, last.amount, last.mode, last.kind, last.who, last.within, last.keyword,
                               mods=attach.mods)
        else:
            r.steps.append(attach)
    reading = Reading(tuple(r.steps), (), tuple(r.costs), r.assist_target, tuple(r.unread))
    _CACHE[key] = reading
    return reading


def _split_attached(text: str) -> list[str]:
    """An attached card's lasting text: sentences, with "(S):" marks split off as their own power."""
    t = text.replace("(S):", "\n(S):")
    out: list[str] = []
    for chunk in t.split("\n"):
        chunk = chunk.strip()
        if not chunk:
            continue
        if chunk.startswith("(S):"):
            # the power runs to the end of the chunk; "(S): X. Y." keeps Y as its own sentence
            sents = _sentences(chunk)
            out += sents
        else:
            out += _sentences(chunk)
    return out


def read_power(name: str, text: str, activated: bool = False) -> Reading:
    """A creature power: a lasting trait or trigger (mods), or an action it takes (steps)."""
    key = ("power:" + name, text)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    t = _clean(text)
    r = _Reader()
    lname = name.lower()
    if not t:
        trait = {"flying": "flying", "burrow": "burrow", "scuttle": "scuttle", "phasing": "phasing"}.get(lname)
        if trait:
            r.mods.append(Mod(trait))
        else:
            r.unread.append(f"{name} (no text)")
    elif re.search(r"\bas a standard action\b", t, re.IGNORECASE) or activated:
        for s in _sentences(t):
            if _step_sentence(r, s):
                continue
            low = _strip_reminder(s).lower().rstrip(".")
            m = re.fullmatch(r"as a standard action, (.+)", low)
            if m:
                sub = m[1]
                if _step_sentence(r, sub[0].upper() + sub[1:]):
                    continue
            if not _mod_sentence(r, s, attached=False):
                r.unread.append(s)
    else:
        for s in _sentences(t):
            if not _mod_sentence(r, s, attached=False):
                r.unread.append(s)
    # a name that only the source's engine uses, with its meaning in the text: keep the mods
    if lname in ("reach 2", "reach") and not any(mm.op == "reach" for mm in r.mods):
        r.mods.append(Mod("reach", 2))
    reading = Reading(tuple(r.steps), tuple(r.mods), tuple(r.costs), False, tuple(r.unread))
    _CACHE[key] = reading
    return reading


def read_commander(text: str) -> Reading:
    """A commander's ability (its name before the colon is dropped)."""
    key = ("commander", text)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    t = _clean(text)
    m = re.match(r"^[A-Z][A-Z' ,-]+: ", t)
    if m:
        t = t[m.end():]
    r = _Reader()
    # "X gain the Cower power. Lose 1 MORALE. Prevent 20 DAMAGE to this creature from 1 source." (a granted power)
    gm = re.fullmatch(r"All ([A-Za-z]+) creatures you control gain the ([A-Za-z]+) power\. (.+)", t)
    if gm:
        sub = _Reader()
        ok = True
        for s in _sentences(gm[3]):
            ok = _step_sentence(sub, s) and ok
        if ok:
            costs = tuple(st for st in sub.steps if st.op == "lose-morale")
            steps = tuple(st for st in sub.steps if st.op != "lose-morale")
            r.mods.append(Mod("granted-power", who="own", keywords=(gm[1].title(),), steps=costs + steps,
                              action=IMMEDIATE))
        else:
            r.unread.append(t)
    else:
        for s in _sentences(t):
            if not _commander_sentence(r, s):
                r.unread.append(s)
    reading = Reading((), tuple(r.mods), (), False, tuple(r.unread))
    _CACHE[key] = reading
    return reading


@dataclass
class Modelled:
    """What share of a set of cards' orders and powers the engine plays."""

    total: int = 0
    modelled: int = 0
    unmodelled: list[str] = field(default_factory=list)
    readings: list[str] = field(default_factory=list)  # texts played from a reading, not the printed card

    @property
    def share(self) -> float:
        return self.modelled / self.total if self.total else 1.0
