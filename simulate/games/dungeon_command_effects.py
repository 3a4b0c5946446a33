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


def _step_sentence(r: _Reader, s: str) -> bool:
    """A sentence of an action (an order, an activated power): adds steps; False if no pattern reads it."""
    low = _strip_reminder(s).lower().rstrip(".")
    m: re.Match[str] | None
    if not low:
        return bool(r.steps)  # a reminder in parentheses, about the step before
    # preambles the catalogue already reads as fields (Requires, Affinity)
    if re.fullmatch(r"requires [a-z-]+", low) or re.fullmatch(r"[a-z-]+ affinity", low):
        return True
    # --- choosing whom "that creature" means
    m = re.fullmatch(r"choose (?:this creature or )?(?:a|any|1) creature within (\d+) squares", low)
    if m:
        r.chosen, r.chosen_within = "any-within", int(m[1])
        return True
    m = re.fullmatch(r"choose 1 allied creature within (\d+) squares", low)
    if m:
        r.chosen, r.chosen_within = "ally-within", int(m[1])
        return True
    if low == "choose 1 allied creature within line of sight":
        r.chosen, r.chosen_within = "ally-los", 0
        return True
    m = re.fullmatch(r"choose 1 enemy creature within (\d+) squares", low)
    if m:
        r.chosen, r.chosen_within = "enemy-within", int(m[1])
        return True
    m = re.fullmatch(r"choose a treasure square within (\d+) squares", low)
    if m:
        r.chosen, r.chosen_within = "treasure-within", int(m[1])
        return True
    if (low == "reveal any treasure chest marker on that square, then take 1 treasure token from that square"
            and r.chosen == "treasure-within"):
        r.steps.append(Step("treasure-remote", 1, within=r.chosen_within))
        return True
    m = re.fullmatch(r"tap 1 creature within (\d+) squares", low)
    if m:
        r.steps.append(Step("tap", who="any-within", within=int(m[1])))
        return True
    m = re.fullmatch(r"choose 1 square within (\d+) squares", low)
    if m:
        r.chosen, r.chosen_within = "square-within", int(m[1])
        return True
    # --- prevention (immediate responses)
    m = re.fullmatch(r"prevent (\d+|all) damage to this creature from 1 source", low)
    if m:
        r.steps.append(Step("prevent", _int(m[1]), who="self"))
        return True
    m = re.fullmatch(r"prevent (\d+) damage to 1 adjacent creature from 1 source", low)
    if m:
        r.steps.append(Step("prevent", int(m[1]), who="adjacent"))
        return True
    m = re.fullmatch(r"prevent (\d+) damage to that creature from 1 source", low)
    if m and r.chosen:
        who = {"any-within": "within", "ally-los": "ally-los", "ally-within": "ally-within"}[r.chosen]
        r.steps.append(Step("prevent", int(m[1]), who=who, within=r.chosen_within))
        return True
    m = re.fullmatch(r"prevent all damage to this creature from 1 source, then shift (\d+) squares", low)
    if m:
        r.steps += [Step("prevent", ALL, who="self"), Step("shift", int(m[1]))]
        return True
    m = re.fullmatch(r"discard 1 order card to prevent (\d+|all) damage to this creature from 1 source", low)
    if m:
        r.costs.append(Step("discard", 1))
        r.steps.append(Step("prevent", _int(m[1]), who="self"))
        return True
    m = re.fullmatch(r"lose (\d+) morale to prevent (\d+) damage to this creature from 1 source", low)
    if m:
        r.costs.append(Step("lose-morale", int(m[1])))
        r.steps.append(Step("prevent", int(m[2]), who="self"))
        return True
    # --- attacks
    m = re.fullmatch(r"make a (melee|ranged|melee or ranged) attack that deals \+(\d+) damage", low)
    if m:
        r.steps.append(_attack("either" if " or " in m[1] else m[1], "bonus", int(m[2])))
        return True
    m = re.fullmatch(r"make a (melee|ranged) attack that deals (\d+) damage", low)
    if m:
        r.steps.append(_attack(m[1], "flat", int(m[2])))
        return True
    m = re.fullmatch(r"make a (melee|ranged) attack that deals (?:base )?(?:melee |ranged )?damage", low)
    if m:
        r.steps.append(_attack(m[1], "base", 0))
        return True
    if low == "make an attack":
        r.steps.append(_attack("either", "base", 0))
        return True
    m = re.fullmatch(r"make a melee attack against 1 tapped creature that deals (\d+) damage", low)
    if m:
        r.steps.append(_attack("melee", "flat", int(m[1]), tapped_only=True))
        return True
    if low == "make a melee attack that deals this creature's base damage against 1 tapped creature":
        r.steps.append(_attack("melee", "base", 0, tapped_only=True))
        return True
    m = re.fullmatch(
        r"make a melee attack that deals \+(\d+) damage for each other ([a-z]+) creature you control "
        r"that is adjacent to the target", low,
    )
    if m:
        r.steps.append(_attack("melee", "per-ally", int(m[1]), keyword=m[2].title()))
        return True
    m = re.fullmatch(r"discard 1 order card to have this creature make a melee attack that deals \+(\d+) damage", low)
    if m:
        r.costs.append(Step("discard", 1))
        r.steps.append(_attack("melee", "bonus", int(m[1])))
        return True
    m = re.fullmatch(r"this creature takes (\d+) damage to make a melee attack that deals \+(\d+) damage", low)
    if m:
        r.costs.append(Step("self-damage", int(m[1])))
        r.steps.append(_attack("melee", "bonus", int(m[2])))
        return True
    m = re.fullmatch(r"this creature takes (\d+) damage to shift (\d+) squares", low)
    if m:
        r.costs.append(Step("self-damage", int(m[1])))
        r.steps.append(Step("shift", int(m[2])))
        return True
    if low == "this damage cannot be prevented":
        return r.last_attack_unpreventable()
    if low == "creatures you control that are adjacent to the target can assist with this action":
        r.assist_target = True
        return True
    m = re.fullmatch(r"(\d+) creature you control within (\d+) squares makes a melee attack", low)
    if m:
        r.steps.append(Step("ally-attack", within=int(m[2]), who="ally-within", kind="melee"))
        return True
    m = re.fullmatch(r"as a standard action, make up to (\d+) ranged attacks", low)
    if m:
        r.steps.append(Step("multi-ranged", count=int(m[1]), who="enemies"))
        return True
    if low == "each attack must target a different enemy creature":
        return bool(r.steps) and r.steps[-1].op == "multi-ranged"
    # --- riders on the attack before
    m = re.fullmatch(r"if the target takes damage from this attack, (.+)", low)
    if m:
        rest = m[1]
        riders = {
            "untap this creature": (Step("untap"),),
            "tap it": (Step("tap", who="target"),),
            "you gain 1 morale": (Step("gain-morale", 1),),
            "tap it and the target's controller discards 1 order card":
                (Step("tap", who="target"), Step("opponent-discards", 1)),
        }.get(rest)
        mh = re.fullmatch(r"this creature heals (\d+) damage", rest)
        if mh:
            riders = (Step("heal", int(mh[1])),)
        if riders is None:
            return False
        return all(r.add_rider(x) for x in riders)
    # --- damage that is not an attack
    m = re.fullmatch(r"deal (\d+) damage to 1 creature within (\d+) squares", low)
    if m:
        r.steps.append(Step("damage", int(m[1]), who="any-within", within=int(m[2])))
        return True
    if low == "deal this creature's base damage to that creature" and r.chosen == "any-within":
        r.steps.append(Step("damage", 0, mode="base", who="any-within", within=r.chosen_within))
        return True
    m = re.fullmatch(r"deal (\d+) damage to each creature within (\d+) squares of it", low)
    if m and r.chosen == "square-within":
        r.steps.append(Step("area", int(m[1]), who="square-radius", within=r.chosen_within, count=int(m[2])))
        return True
    m = re.fullmatch(r"deal (\d+) damage to each creature within (\d+) squares of hazardous terrain", low)
    if m:
        r.steps.append(Step("area", int(m[1]), who="near-hazard", count=int(m[2])))
        return True
    m = re.fullmatch(r"deal (\d+) damage to each (enemy|tapped) creature adjacent to this creature", low)
    if m:
        r.steps.append(Step("area", int(m[1]), who="adjacent-enemies" if m[2] == "enemy" else "adjacent-tapped"))
        return True
    m = re.fullmatch(r"deal (\d+) damage to each ([a-z]+) creature within (\d+) squares", low)
    if m:
        r.steps.append(Step("area", int(m[1]), who="keyword-within", keyword=m[2].title(), within=int(m[3])))
        return True
    # --- movement
    m = re.fullmatch(r"shift (?:up to )?(\d+) squares", low)
    if m:
        r.steps.append(Step("shift", int(m[1])))
        return True
    m = re.fullmatch(r"one allied creature shifts (\d+) squares", low)
    if m:
        r.steps.append(Step("shift", int(m[1]), who="ally"))
        return True
    m = re.fullmatch(r"each creature you control other than this creature shifts (\d+) squares", low)
    if m:
        r.steps.append(Step("shift", int(m[1]), who="each-other-own"))
        return True
    if low == "this creature moves its speed":
        r.steps.append(Step("move"))
        return True
    m = re.fullmatch(r"slide the target (\d+) squares", low)
    if m:
        r.steps.append(Step("slide", int(m[1]), who="target"))
        return True
    m = re.fullmatch(r"slide each adjacent enemy creature (\d+) squares", low)
    if m:
        r.steps.append(Step("slide", int(m[1]), who="adjacent-enemies"))
        return True
    m = re.fullmatch(r"slide 1 adjacent creature (\d+) squares", low)
    if m:
        r.steps.append(Step("slide", int(m[1]), who="adjacent"))
        return True
    m = re.fullmatch(r"slide that creature (\d+) squares", low)
    if m and r.chosen == "enemy-within":
        r.steps.append(Step("slide", int(m[1]), who="enemy-within", within=r.chosen_within))
        return True
    m = re.fullmatch(
        r"choose 1 enemy creature within (\d+) squares and slide that creature (\d+) squares, "
        r"then make a melee attack that deals melee damage", low,
    )
    if m:
        r.steps += [Step("slide", int(m[2]), who="enemy-within", within=int(m[1])), _attack("melee", "base", 0)]
        return True
    m = re.fullmatch(r"tap each enemy creature adjacent to this creature, and "
                     r"slide each of those creatures (\d+) squares",
                     low)
    if m:
        r.steps += [Step("tap", who="adjacent-enemies"), Step("slide", int(m[1]), who="adjacent-enemies")]
        return True
    m = re.fullmatch(r"place this creature in any square within (\d+) squares", low)
    if m:
        r.steps.append(Step("teleport", within=int(m[1]), who="square-within"))
        return True
    if low == "this creature does not need line of sight to the target square":
        return bool(r.steps) and r.steps[-1].op == "teleport"
    if low == ("take 1 treasure token from the square this creature is in to "
               "place this creature in any magic circle square"):
        r.costs.append(Step("take-treasure", 1))
        r.steps.append(Step("teleport", who="magic-circle"))
        return True
    if low == ("if no enemy creatures have line of sight to this creature, remove it from the battlefield and "
               "place it on its creature card"):
        r.steps.append(Step("stealth"))
        return True
    if low == ("at the start of its controller's next turn, place the creature "
               "in any unoccupied square on the battlefield"):
        return bool(r.steps) and r.steps[-1].op == "stealth"
    if low == "this creature shifts and ignores walls while moving during this turn":
        r.steps.append(Step("secret-passage"))
        return True
    if low == "it cannot end its movement in a wall square":
        return bool(r.steps) and r.steps[-1].op == "secret-passage"
    # --- healing and attached cards
    m = re.fullmatch(r"this creature heals (\d+) damage", low)
    if m:
        r.steps.append(Step("heal", int(m[1])))
        return True
    m = re.fullmatch(r"this creature heals (\d+) damage for each enemy creature adjacent to it", low)
    if m:
        r.steps.append(Step("heal", int(m[1]), mode="per-adjacent-enemy"))
        return True
    m = re.fullmatch(r"this creature or 1 adjacent ally heals (\d+) damage", low)
    if m:
        r.steps.append(Step("heal", int(m[1]), who="self-or-adjacent-ally"))
        return True
    m = re.fullmatch(r"(this creature|this creature or 1 adjacent ally) heals "
                     r"(\d+) damage or removes 1 attached order card",
                     low)
    if m:
        who = "self" if m[1] == "this creature" else "self-or-adjacent-ally"
        r.steps.append(Step("choice", options=(
            (Step("heal", int(m[2]), who=who),), (Step("remove-attached", 1, who=who),),
        )))
        return True
    if low == "remove 1 attached card from this creature":
        r.steps.append(Step("remove-attached", 1))
        return True
    if low == "remove all cards attached to this creature":
        r.steps.append(Step("remove-attached", ALL))
        return True
    if low == "remove all attached order cards from that creature" and r.chosen == "ally-within":
        r.steps.append(Step("remove-attached", ALL, who="ally-within", within=r.chosen_within))
        return True
    if low == "the chosen creature removes 1 attached order card of your choice" and r.chosen == "any-within":
        r.steps.append(Step("remove-attached", 1, who="any-within", within=r.chosen_within))
        return True
    # --- taps
    if low == "tap 1 adjacent creature":
        r.steps.append(Step("tap", who="adjacent"))
        return True
    if low == "untap this creature":
        r.steps.append(Step("untap"))
        return True
    # --- cards, Morale, Leadership
    m = re.fullmatch(r"draw (\d+) order cards?", low)
    if m:
        r.steps.append(Step("draw", int(m[1])))
        return True
    m = re.fullmatch(r"draw (\d+) order cards, then discard (\d+) order card", low)
    if m:
        r.steps += [Step("draw", int(m[1])), Step("discard", int(m[2]))]
        return True
    m = re.fullmatch(r"the attacking faction draws (\d+) order card", low)
    if m:
        r.steps.append(Step("opponent-draws", int(m[1])))
        return True
    m = re.fullmatch(r"gain (\d+) leadership", low)
    if m:
        r.steps.append(Step("gain-leadership", int(m[1])))
        return True
    m = re.fullmatch(r"gain (\d+) morale", low)
    if m:
        r.steps.append(Step("gain-morale", int(m[1])))
        return True
    m = re.fullmatch(r"lose (\d+) morale", low)
    if m:
        r.steps.append(Step("lose-morale", int(m[1])))
        return True
    m = re.fullmatch(r"target opponent loses (\d+) morale", low)
    if m:
        r.steps.append(Step("opponent-morale", int(m[1])))
        return True
    m = re.fullmatch(r"choose 1 adjacent tapped creature\. that creature's controller loses (\d+) morale", low)
    if m:
        r.steps.append(Step("tapped-controller-morale", int(m[1]), who="adjacent-tapped"))
        return True
    if low == "choose 1 adjacent tapped creature":
        r.chosen = "adjacent-tapped"
        return True
    m = re.fullmatch(r"that creature's controller loses (\d+) morale", low)
    if m and r.chosen == "adjacent-tapped":
        r.steps.append(Step("tapped-controller-morale", int(m[1]), who="adjacent-tapped"))
        return True
    m = re.fullmatch(
        r"([a-z, ]+) creatures you control deal \+(\d+) damage with melee "
        r"and ranged attacks until the end of this turn",
        low,
    )
    if m:
        kws = tuple(w.strip().title() for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", m[1]) if w.strip())
        r.steps.append(Step("war-cry", int(m[2]), mods=(Mod("attack-bonus", int(m[2]), who="own", keywords=kws),)))
        return True
    if low == ("discard any number of creature cards from your hand, then reshuffle all creature cards from your "
               "graveyard into your creature deck and draw creature cards up to your creature hand size"):
        r.steps.append(Step("reinforce"))
        return True
    if low == "destroy this creature":
        r.steps.append(Step("destroy-self"))
        return True
    m = re.fullmatch(r"immediately deploy 1 ([a-z]+) creature in an opponent's start zone", low)
    if m:
        r.steps.append(Step("deploy-now", who="opponent-start", keyword=m[1].title()))
        return True
    if low == "attach this card to that creature":
        return bool(r.steps) and r.steps[-1].op == "deploy-now"
    return False


def _mod_sentence(r: _Reader, s: str, attached: bool) -> bool:
    """A sentence that states a lasting fact (a trait, an attached card's text, a commander ability)."""
    raw = s.strip()
    low = raw.lower().rstrip(".")
    lowr = _strip_reminder(raw).lower().rstrip(".")
    m: re.Match[str] | None
    # movement traits
    if re.fullmatch(r"(?:scuttle: )?this creature shifts when it moves", low):
        r.mods.append(Mod("scuttle"))
        return True
    if lowr == "this creature gains scuttle and ignores difficult terrain":
        r.mods += [Mod("scuttle"), Mod("ignore-difficult")]
        return True
    if lowr == "this creature ignores difficult terrain and can move over mountains":
        r.mods.append(Mod("flying"))
        return True
    if lowr == "this creature can move through mountains":
        r.mods.append(Mod("burrow"))
        return True
    if lowr == "this creature ignores terrain and can move through other creatures":
        r.mods.append(Mod("phasing"))
        return True
    if lowr == "cannot end movement on mountains or other creatures":
        return True  # the general rule (no move ends on a wall or a creature)
    m = re.fullmatch(r"this creature can make melee attacks against creatures up to (\d+) spaces away", lowr)
    if m:
        r.mods.append(Mod("reach", int(m[1])))
        return True
    if lowr == "creatures you control ignore difficult terrain":
        r.mods.append(Mod("ignore-difficult", who="own"))
        return True
    # damage traits
    m = re.fullmatch(r"this creature's melee attacks deal \+(\d+) damage while "
                     r"at least 1 ally is adjacent to the target", lowr)
    if m:
        r.mods.append(Mod("flanking", int(m[1])))
        return True
    m = re.fullmatch(r"this creature's melee attacks deal \+(\d+) damage against tapped creatures", lowr)
    if m:
        r.mods.append(Mod("cutter", int(m[1])))
        return True
    m = re.fullmatch(r"this creature's melee attacks deal ([+-]\d+) damage", lowr)
    if m:
        r.mods.append(Mod("melee", int(m[1])))
        return True
    if lowr in ("whenever this creature deals melee damage, tap the target",
                "whenever a target creature takes damage from this creature's melee attack, tap the target"):
        r.mods.append(Mod("tap-on-hit"))
        return True
    m = re.fullmatch(r"whenever a target takes damage from this creature's melee "
                     r"attack, this creature heals (\d+) damage",
                     lowr)
    if m:
        r.mods.append(Mod("life-drain", int(m[1])))
        return True
    m = re.fullmatch(r"whenever this creature makes a ranged attack, it deals (\d+) damage to each enemy creature "
                     r"adjacent to the target", lowr)
    if m:
        r.mods.append(Mod("splash", int(m[1])))
        return True
    m = re.fullmatch(r"whenever this creature makes a melee attack, it deals (\d+) damage to each other enemy creature "
                     r"adjacent to this creature", lowr)
    if m:
        r.mods.append(Mod("swirl", int(m[1])))
        return True
    m = re.fullmatch(r"whenever a target takes damage from this creature's melee attack, this creature can deal (\d+) "
                     r"damage to 1 adjacent creature", lowr)
    if m:
        r.mods.append(Mod("flashing-blades", int(m[1])))
        return True
    m = re.fullmatch(r"after this creature attacks, it may deal (\d+) damage "
                     r"to an adjacent tapped enemy creature", lowr)
    if m:
        r.mods.append(Mod("hidden-blade", int(m[1])))
        return True
    m = re.fullmatch(r"whenever an adjacent creature takes damage from this creature's attack, slide the damaged "
                     r"creature up to (\d+) squares", lowr)
    if m:
        r.mods.append(Mod("slam", int(m[1])))
        return True
    if lowr == "whenever an adjacent enemy creature is destroyed, untap this creature":
        r.mods.append(Mod("untap-on-kill"))
        return True
    m = re.fullmatch(r"each enemy creature takes (\d+) damage whenever it ends "
                     r"its activation adjacent to this creature",
                     lowr)
    if m:
        r.mods.append(Mod("aura-damage", int(m[1])))
        return True
    if lowr == "when this creature would be destroyed, it can first make a melee attack that deals melee damage":
        r.mods.append(Mod("death-strike"))
        return True
    m = re.fullmatch(r"(?:regenerate (\d+): )?at the start of its controller's "
                     r"turn, this creature heals (\d+) damage", lowr)
    if m:
        r.mods.append(Mod("regenerate", int(m[2])))
        return True
    m = re.fullmatch(r"regenerate (\d+)", lowr)
    if m:
        r.mods.append(Mod("regenerate", int(m[1])))
        return True
    m = re.fullmatch(r"this creature gains block (\d+)", lowr)
    if m:
        r.mods.append(Mod("block", int(m[1])))
        return True
    m = re.fullmatch(r"while adjacent to this creature, each allied ([a-z]+) gains block (\d+)", lowr)
    if m:
        r.mods.append(Mod("shield-aura", int(m[2]), who="allies-adjacent", keywords=(m[1].title(),)))
        return True
    m = re.fullmatch(r"while this creature is in a magic circle, all ([a-z, ]+) "
                     r"you control gain \"prevent (\d+) damage "
                     r"from 1 source\" once per turn", lowr)
    if m:
        kws = tuple(w.strip().rstrip("s").title() for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", m[1]) if w.strip())
        r.mods.append(Mod("circle-aura", int(m[2]), who="own", keywords=kws))
        return True
    m = re.fullmatch(r"prevent all damage to this creature from 1 source", lowr)
    if m and not attached:
        r.mods.append(Mod("power-prevent", ALL))
        return True
    if lowr == "resets at the start of this creature's faction refresh phase":
        return bool(r.mods) and r.mods[-1].op == "power-prevent"
    # deployment
    m = re.fullmatch(r"when deploying (?:any )?([a-z ]+?) creatures?, you can place it in any unoccupied square "
                     r"(within (\d+) squares of|adjacent to) this creature", lowr)
    if m:
        kws = tuple(w.strip().title() for w in m[1].replace("any ", "").split(" or "))
        reach = int(m[3]) if m[3] else 1
        r.mods.append(Mod("deploy-place", reach, who="near-self", keywords=kws))
        return True
    if lowr == "when deploying this creature, you can place it in any unoccupied square adjacent to a wall":
        r.mods.append(Mod("deploy-place", 0, who="by-wall"))
        return True
    if lowr == "when deploying this creature, you can place it in any unoccupied magic circle square":
        r.mods.append(Mod("deploy-place", 0, who="magic-circle"))
        return True
    m = re.fullmatch(r"when you deploy this creature, gain (\d+) morale", lowr)
    if m:
        r.mods.append(Mod("deploy-morale", int(m[1])))
        return True
    m = re.fullmatch(r"when you deploy this creature, draw (\d+) order card", lowr)
    if m:
        r.mods.append(Mod("deploy-draw", int(m[1])))
        return True
    m = re.fullmatch(r"when you deploy this creature, you can reveal an ([a-z]+) creature card of level (\d+) or lower "
                     r"from your hand", lowr)
    if m:
        r.mods.append(Mod("chieftain", int(m[2]), keywords=(m[1].title(),)))
        return True
    if lowr == "if you do, gain leadership equal to the revealed creature's level and immediately deploy that creature":
        return bool(r.mods) and r.mods[-1].op == "chieftain"
    m = re.fullmatch(r"during your deploy phase, pay (\d+) morale to deploy this creature from your graveyard", lowr)
    if m:
        r.mods.append(Mod("graveyard-deploy", int(m[1])))
        return True
    m = re.fullmatch(r"when this creature is destroyed, you may deploy 1 ([a-z ]+?) creature \(level (\d+) or lower\) "
                     r"from your hand to this tile", low)
    if m:
        kws = tuple(w.strip().title() for w in m[1].split(" or "))
        r.mods.append(Mod("rider", int(m[2]), keywords=kws))
        return True
    m = re.fullmatch(r"morale loss = \(([a-z0-9 ]+) - deployed creature level\)", low)
    if m and r.mods and r.mods[-1].op == "rider":
        return True  # the destroyed creature's level (Skeletal Lancer prints its own, 4) less the deployed one's
    # attached cards' lasting texts
    if attached:
        m = re.fullmatch(r"at the start of its activation, this creature takes (\d+) damage", lowr)
        if m:
            r.mods.append(Mod("start-damage", int(m[1])))
            return True
        m = re.fullmatch(r"at the end of its activation, this creature takes (\d+) damage", lowr)
        if m:
            r.mods.append(Mod("end-damage", int(m[1])))
            return True
        m = re.fullmatch(r"attacks deal \+(\d+) damage to this creature", lowr)
        if m:
            r.mods.append(Mod("damage-taken", int(m[1])))
            return True
        if lowr == "this creature cannot move or shift":
            r.mods.append(Mod("immobile"))
            return True
        if lowr in ("remove this card as a standard action", "(s): remove this card as a standard action",
                    ": remove this card as a standard action"):
            r.mods.append(Mod("removable"))
            return True
        m = re.fullmatch(r"during refresh, this creature's controller draws (\d+) extra order card", lowr)
        if m:
            r.mods.append(Mod("refresh-draw", int(m[1])))
            return True
        m = re.fullmatch(r"remove this card to deal \+(\d+) damage with this creature's next melee attack", lowr)
        if m:
            r.mods.append(Mod("next-melee", int(m[1])))
            return True
        m = re.fullmatch(r"at the end of its activation, if this creature is in a "
                         r"magic circle square, draw (\d+) order card",
                         lowr)
        if m:
            r.mods.append(Mod("circle-draw", int(m[1])))
            return True
        m = re.fullmatch(r"remove this card to prevent (\d+|all) damage to this creature from 1 source", lowr)
        if m:
            r.mods.append(Mod("stored-prevent", _int(m[1])))
            return True
        m = re.fullmatch(r"if this creature is in its controller's start zone, "
                         r"remove this card to gain (\d+) morale", lowr)
        if m:
            r.mods.append(Mod("home-morale", int(m[1])))
            return True
        m = re.fullmatch(r"whenever this creature destroys an enemy creature with its melee attack, it can deal (\d+) "
                         r"damage to 1 adjacent creature", lowr)
        if m:
            r.mods.append(Mod("cleave", int(m[1])))
            return True
        m = re.fullmatch(r"\+(\d+) hp; \+(\d+) level", lowr)
        if m:
            r.mods.append(Mod("level-up", int(m[2]), keywords=(), steps=(Step("hp", int(m[1])),)))
            return True
        m = re.fullmatch(r"gain the ([a-z]+) keyword", lowr)
        if m and r.mods and r.mods[-1].op == "level-up":
            last = r.mods[-1]
            r.mods[-1] = Mod(last.op, last.amount, last.who, (*last.keywords, m[1].title()), last.steps)
            return True
        if lowr == ("when deploying, if this creature is in a magic circle square, you can deploy your creatures in "
                    "unoccupied squares in that magic circle"):
            r.mods.append(Mod("circle-deploy"))
            return True
        m = re.fullmatch(r"discard this card to give this creature the ([a-z]+) ability for the rest of the turn", lowr)
        if m:
            r.mods.append(Mod("grant-ability", keywords=(m[1].upper(),)))
            return True
        if lowr == "destroy this creature at the start of your deploy phase":
            r.mods.append(Mod("mortal-wound"))
            return True
        m = re.fullmatch(r"add (\d+) to this creature's base speed", lowr)
        if m:
            r.mods.append(Mod("speed", int(m[1])))
            return True
        m = re.fullmatch(r"add (\d+) to the speed of each creature you control", lowr)
        if m:
            r.mods.append(Mod("speed", int(m[1]), who="own"))
            return True
        m = re.fullmatch(r"([a-z]+) creatures you control deal \+(\d+) damage with melee attacks", lowr)
        if m:
            r.mods.append(Mod("melee", int(m[2]), who="own", keywords=(m[1].title(),)))
            return True
        if lowr == "damage from this creature's melee attacks cannot be prevented":
            r.mods.append(Mod("unpreventable"))
            return True
        m = re.fullmatch(r"if the target of this creature's melee attack takes at least (\d+) damage from that attack, "
                         r"destroy the target", lowr)
        if m:
            r.mods.append(Mod("vorpal", int(m[1])))
            return True
        if lowr in ("(s): as a standard action, deploy 1 creature now", ": as "
                    "a standard action, deploy 1 creature now"):
            r.mods.append(Mod("call-to-battle", 0, action=STANDARD))
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


def _commander_sentence(r: _Reader, s: str) -> bool:
    low = _strip_reminder(s).lower().rstrip(".")
    m: re.Match[str] | None
    m = re.fullmatch(r"add (\d+) to the speed of each ([a-z]+) and ([a-z]+) you control", low)
    if m:
        r.mods.append(Mod("speed", int(m[1]), who="own", keywords=(m[2].title(), m[3].title())))
        return True
    m = re.fullmatch(r"whenever a ([a-z]+) you control collects a treasure token, "
                     r"you can draw (\d+) order card instead of "
                     r"gaining 1 morale", low)
    if m:
        r.mods.append(Mod("treasure-draw", int(m[2]), who="own", keywords=(m[1].title(),)))
        return True
    if low == "once during your turn, you can discard 1 order card from your hand to draw 1 order card":
        r.mods.append(Mod("swap-order", 1))
        return True
    m = re.fullmatch(r"each ([a-z]+) you control can use a standard action to move up to its speed", low)
    if m:
        r.mods.append(Mod("versatile", who="own", keywords=(m[1].title(),)))
        return True
    if low == "you can deploy creatures during your refresh phase":
        r.mods.append(Mod("horde"))
        return True
    m = re.fullmatch(r"whenever an enemy creature cowers, its controller loses (\d+) extra morale", low)
    if m:
        r.mods.append(Mod("cower-extra", int(m[1])))
        return True
    m = re.fullmatch(r"gain (\d+) leadership for each enemy creature destroyed during your turn", low)
    if m:
        r.mods.append(Mod("kill-leadership", int(m[1])))
        return True
    if low == "creatures you control ignore difficult terrain":
        r.mods.append(Mod("ignore-difficult", who="own"))
        return True
    m = re.fullmatch(r"when you deploy starting ([a-z]+) creatures, you can deploy "
                     r"(\d+) of them in any unoccupied treasure "
                     r"square on the board", low)
    if m:
        r.mods.append(Mod("orc-scout", int(m[2]), keywords=(m[1].title(),)))
        return True
    return False


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
