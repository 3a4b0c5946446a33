"""DDM Guild powers: when a power acts — the words of its trigger and event read into a trigger id and a
:class:`~simulate.games.ddm_guild_vocab.Filter` (who does what to whom, with what attack, on which natural roll), the
prefixes that say so ("Use when ...", "Whenever ...", "At start of round ..."), and RECHARGE conditions.

Part of the reader (see ``ddm_guild_powers``, which reads whole powers and uses this module); the engine fires
the trigger ids in ``ddm_guild_triggers.fire`` and lists the ones it plays in ``ddm_guild_coverage``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Final

from simulate.games.ddm_guild_effects import (
    _CONDITION_WORDS,
)
from simulate.games.ddm_guild_vocab import Filter, _Unread
from simulate.games.ddm_guild_words import (
    _FORMS,
    _POWER_NAMES,
    _TYPE_ALT,
    KINDS,
    _condition,
    _event_kinds,
    _mod_condition,
    _target_words,
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
        (r"^when (?:it|this creature) (?:destroys an enemy|reduces an enemy to 0 hp)$", "destroys"),
        (r"^when an ally is destroyed$", "ally-destroyed"),
        (r"^when (?:an|that) enemy is destroyed$", "enemy-destroyed"),
        (r"^when it hits with (?:a|an) (\{m\}|\{r\}|\{b\}) attack$", "hits"),
        (r"^when it misses with (?:this attack|a \{b\} attack|a \{m\} attack)$|^when this attack misses$", "misses"),
        # (any damage: 'by an attack', 'by an enemy', 'hit by a {m} attack' are the events' own words, read below
        # with who or what dealt it)
        (r"^when (?:it takes damage|(?:it is )?damaged)$", "damaged"),
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
    if re.match(r"^one of that [a-z\-]+'s attack powers", rest):  # 'RECHARGE one of that Dragon's attack powers':
        return text, "", Filter()  # an effect (read by _clause)
    if (_RECHARGE_NAMES.match(rest) or _RECHARGE_THEN.match(rest)) \
            and not re.match(r"^(?:when|whenever|at|if|as|on|once|all|after)\b", rest):
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
    if name in _ONE_TARGET:
        return "declares"
    return "ally-starts-turn" if name == "ally-starts-turn-adjacent" else name.removesuffix("-reach").removesuffix(
        "-by-enemy")


# the events of its attack with one target, as 'declares' with the count its run keeps
# (ddm_guild_triggers._filter_applies)
_ONE_TARGET: Final = {"declares-one-enemy": "one-enemy", "declares-one-target": "one-target"}


def _event_filter(name: str, m: re.Match[str]) -> Filter:
    """Who takes part in an event the older words name ('a Dwarf ally within 5 squares', 'a {m} attack')."""
    groups = m.groupdict()
    if groups.get("nodt"):  # the damage of an attack (attack form "any"), of none of these types
        return Filter(attack_form="any", target_state="!dtype:" + "|".join(
            t for t in re.split(r",? or |,? and |, ", groups["nodt"]) if t))
    form = _FORMS.get((groups.get("form") or "").strip() + " ", "") if groups.get("form") else ""
    if groups.get("form") and not form:  # 'a {m} or {r} attack': either form (not any attack)
        form = {"{m} or {r}": "melee|ranged", "melee or ranged": "melee|ranged", "{c} or {a}": "close|area",
                "{r} or {a}": "ranged|area", "charge": "charge", "opportunity": "opportunity",
                "burst or blast": "close-burst|close-blast|area", "burst": "close-burst|area",
                "blast": "close-blast", "non-{b}": "!basic"}.get(
            groups["form"].strip(), "")
        if not form:
            raise _Unread(f"a {groups['form']} attack")
    within = groups.get("within") or groups.get("within2") or ""
    kw, who_state, adj = _event_who(groups.get("kw") or "")
    adjacent = adj or name in ("ally-starts-turn-adjacent", "enemy-attacks-ally", "enemy-starts-adjacent")
    if groups.get("pname") or groups.get("pname2"):  # 'when it declares a Mind Blast attack': an attack power of
        form = "power:" + (groups.get("pname") or groups.get("pname2") or "").strip()  # its card, by name
    state = ""
    desc = re.sub(r"^(?:an?|the) ", "", groups.get("tdesc") or "")
    if desc and desc not in ("enemy", "target", "creature"):  # 'it hits an Immobilized target', 'a living enemy'
        tflt, left = _mod_condition("against " + desc)
        if left or not tflt.target_state:
            raise _Unread(f"it hits {desc}")
        state = "kinds:" + tflt.keyword if tflt.target_state == "keyword" else tflt.target_state
    if groups.get("foe"):  # 'an enemy hits it', 'destroyed by an enemy', 'it hits an enemy': the event's other
        # creature is of the other side (an ally's burst hits allies too; ongoing damage destroys with no attacker)
        state = _and_state(state, "enemy")
        if groups.get("foeatk"):  # 'destroyed by an enemy's attack'
            form = form or "any"
    if name in _ONE_TARGET:
        return Filter(attack_form=form, target_state=_ONE_TARGET[name])
    if name.endswith("-reach"):  # 'an enemy within reach of it': the reach of its melee attacks (-3)
        return Filter(keyword=kw, attack_form=form, within=-3, self_state=who_state)
    return Filter(keyword=kw, attack_form=form, within=-1 if adjacent else int(within) if within else 0,
                  target_state=state, self_state=who_state, side="enemy" if name.endswith("-by-enemy") else "")


_RECHARGE_NAMES: Final = re.compile("^" + _POWER_NAMES + "$")
# 'Recharge Double Smash, then make a Double Smash attack', 'RECHARGE Clip OR RECHARGE Two-Handed Grip', 'RECHARGE
# Stunning Rend AND all enemies have -2 Attack', 'RECHARGE Ghoulish Bite; it heals 25 HP': effects too
_RECHARGE_THEN: Final = re.compile("^" + _POWER_NAMES + r"(?:,? then |,? or recharge | and |; )")


_RECHARGE_USES: Final = re.compile(r"^when (?:it|this creature) uses (?:a champion power|(?P<names>" + _POWER_NAMES
                                   + "))$")


# What may open a power: its action, use rate, requirement and timing words ("Minor action:", "Once per turn;").
_PREFIX_WORDS: Final = (
    (r"minor action", "action", "minor"),
    (r"(?:move action|re(?:p)?laces (?:its |a |the )?move action)", "action", "move"),  # ('Relaces move action')
    (r"free action", "action", "free"),
    (r"(?:immediate action|immediate(?![a-z]))", "action", "immediate"),  # (not 'immediately repeat')
    (r"(?:replaces (?:its |an |the )?attack(?: action)?|attack action|standard action)", "action", "attack"),
    (r"(?:replaces (?:its |the )?(?:whole )?turn|full turn action)", "action", "turn"),  # attack, move and minor
    (r"(?:no more than |only )?once (?:per|a) turn", "per", "turn"),
    (r"\((?:no more than |only )?once (?:per|a) turn\)", "per", "turn"),  # 'shifts (no more than once per turn):'
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
    (r"use before (?:rolling|you roll for|you roll) initiative", "trigger", "before-initiative"),
    # 'Use at start of any round after the first:', 'Use before you roll for initiative on any round after the first.'
    (r"(?:on any round )?after the first(?= ?[,:.;])", "requirement", "after-first-round"),
    (r"usable (?:only )?at (?:the )?end of its turn(?: only)?", "trigger", "end-of-turn"),
    (r"use (?:when|while) (?:determining|rolling) initiative", "trigger", "before-initiative"),
    (r"(?:use )?(?:during|at) (?:your )?set-? ?up", "trigger", "setup"),
    (r"(?:use )?(?:at|whenever it starts) (?:the )?start of (?:its |your )?(?:next )?turn"
     r"(?: if it is (?P<cond>bloodied|damaged))?", "trigger", "start-of-turn"),
    (r"(?:use )?(?:when|whenever) (?:it starts (?:its|a)|starting a) turn(?: (?P<cond>bloodied))?", "trigger",
     "start-of-turn"),
    # 'Use when this creature enters a space adjacent to an enemy': its own move or shift, that enemy the event's
    (r"(?:use )?(?:when|whenever) it (?:enters|moves into) a (?:space|square) adjacent to an enemy", "trigger",
     "enters-beside-enemy"),
    (r"(?:use )?(?:when|whenever|if) it is (?P<cond>bloodied|damaged) at (?:the )?start of its turn", "trigger",
     "start-of-turn"),  # 'Use when this creature is bloodied at the start of its turn: Heal 10 HP'
    (r"(?:use )?at (?:the )?end of (?:its )?turn", "trigger", "end-of-turn"),  # ('Use at end of turn:' as 'at start
    # of turn' is its own turn's)
    # ('Use at any time on its turn, no more than once per turn: it shifts as a free action' stays as it was read)
    (r"use (?:at )?any ?time (?:on|during) (?:its|this creature's|your) turn(?=[:.])", "trigger", "own-turn"),
    (r"use (?:at any time|anytime|any time)", "trigger", "any-time"),
    (r"(?:use )?(?:when|after|if) you win (?:the )?initiative(?: this round)?", "trigger", "win-initiative"),
    # 'Use after rolling initiative: If you won, ...', '... , if you win: ...': the same moment as winning it
    (r"use after rolling initiative[,:]? if you (?:win|won)(?= ?[,:])", "trigger", "win-initiative"),
    (r"use after rolling initiative", "trigger", "after-initiative"),
    # 'Whenever rolling initiative, if your result is a natural 6-10': once it is rolled (its face: _INITIATIVE_FACE)
    (r"(?:use )?(?:when|whenever|after) rolling initiative(?=,? if (?:your|the) (?:result|roll))", "trigger",
     "after-initiative"),
    (r"(?:use )?(?:when|after|if) you lose (?:the )?initiative(?: this round)?", "trigger", "lose-initiative"),
    (r"use at (?:the )?start of (?:an|each|any) enemy's turn", "trigger", "enemy-starts-turn"),
    (r"use before taking your first turn (?:of|in) (?:a|each|the) round", "trigger", "first-turn"),
    (r"(?:use )?(?:at any time )?(?:on|during) (?:its|this creature's|your) turn", "trigger", "own-turn"),
    (r"use at (?:the )?start of (?:an|each|any) ally's turn", "trigger", "ally-starts-turn"),
    # 'Whenever this is the first creature you activate in a round, ...', 'Use when first to activate in a round:' (of
    # either side): as its turn starts, when it is (_ACTIVATION_ORDER gives the requirement)
    (r"(?:use )?(?:when|whenever) (?:it is |this is )?(?:the )?first (?:creature )?(?P<who>you activate|to activate) "
     r"(?:in a|this|in the) round", "trigger", "start-of-turn"),
    (r"(?:use )?(?:when|whenever) it takes the first turn (?P<who>in) (?:a|the) round", "trigger", "start-of-turn"),
)


_PREFIXES: Final = tuple((re.compile("^" + p + r"[,;:.]?\s*"), key, value) for p, key, value in _PREFIX_WORDS)


# Event triggers: "use when ...", "whenever ...", "when ...".
_EVENTS: Final = (
    # its attack with one target ('targets exactly 1 enemy with an attack': one enemy among its targets; 'its {c} or
    # {a} attack has only 1 target': one target in all), as it is declared (Run.targets, Run.enemy_targets)
    (r"it targets exactly (?:1|one) enemy with (?:an? )?(?P<form>\{m\}|\{r\}|\{c\}|\{a\}|\{c\} or \{a\}|"
     r"melee|ranged)? ?attack", "declares-one-enemy"),
    (r"its (?P<form>\{m\}|\{r\}|\{c\}|\{a\}|\{c\} or \{a\}|melee|ranged)? ?attack has only (?:1|one) target",
     "declares-one-target"),
    # any d20 of its own (profile ddm-guild.rerolls), before the words for its attack alone
    (r"it (?:rolls an attack roll or (?:a )?saving throw|makes a d20 roll|rolls a d20|misses with an attack or fails "
     r"a saving throw)", "rolls-d20"),
    (r"it hits (?:a target |an enemy )?with an opportunity attack", "opportunity-hits"),
    # once its attack that hit is resolved ('after it resolves a successful Grab attack': the hit's effects applied)
    (r"it resolves a successful (?:(?P<form>\{m\}|\{r\}|\{b\}|melee|ranged|charge|opportunity) )?attack",
     "resolves-hit"),
    (r"it resolves a successful (?P<pname>[a-z][a-z' \-]*?) attack", "resolves-hit"),
    (r"it (?:makes|resolves) an opportunity attack", "opportunity-made"),
    (r"it declares (?:an? )?(?P<form>\{m\}|\{r\}|\{mb\}|\{rb\}|\{b\}|\{c\}|\{a\}|melee|ranged|charge|"
     r"non-\{b\})? ?attack(?: action)?", "declares"),
    (r"it declares (?:an? )?(?P<pname>[a-z][a-z' \-]*?) attack", "declares"),
    (r"it uses (?P<pname>[a-z][a-z' \-]*?)(?=[,;:.])", "uses-attack"),  # 'when this creature uses Cold Breath' (an
    # attack power of its card, card_powers checks: once as the attack is made, whatever its targets)
    (r"declaring (?:an? )?(?P<form>\{m\}|\{r\}|\{mb\}|\{rb\}|\{b\}|\{c\}|\{a\}|melee|ranged)? ?attack", "declares"),
    (r"an? (?P<kw>[a-z\-]+(?:(?:, | or |, or | and )[a-z\-]+){0,3} )?(?P<foe>enemy) declares (?:an? )?"
     r"(?P<form>\{m\}|\{r\}|\{c\}|\{a\}|\{r\} or \{a\}|\{c\} or \{a\}|melee|ranged)? ?attack (?:against|vs\.?) it",
     "attacked"),
    (r"(?:it (?:makes|resolves|has resolved)|making|resolving|attacking an enemy with) (?:an? |its )?(?P<form>\{m\}|"
     r"\{r\}|\{mb\}|\{rb\}|\{b\}|melee|ranged|close|area|\{c\}|\{a\}|charge)? ?attack", "attack-made"),
    (r"(?:it hits|hitting) (?:an? )?(?P<tdesc>(?:[a-z\-]+,? (?:or )?){1,3}(?:target|(?P<foe>enemy)|creature))"
     r"(?: with (?:an? )?"
     r"(?P<form>\{m\}|\{r\}|\{mb\}|\{rb\}|\{b\}|melee|ranged|charge)? ?attack)?", "hits"),
    (r"(?:it (?:first becomes|is first) bloodied|first bloodied)", "first-bloodied"),
    (r"(?:it is )?(?:targeted|attacked) (?:by|with) an? (?P<form>\{m\}|\{r\}|melee|ranged|opportunity"
     r"|burst or blast|burst|blast)? ?attack", "attacked"),
    (r"an? (?P<kw>[a-z\-]+ )?ally (?:within (?P<within>\d+) squares(?: of it)? )?becomes bloodied"
     r"(?: but is not destroyed)?", "ally-bloodied"),
    (r"an enemy within reach(?: of it)? becomes bloodied", "enemy-bloodied-reach"),  # (Blood Frenzy)
    (r"an? (?P<kw>[a-z\-]+ )?enemy (?:within (?P<within>\d+) squares(?: of it)? )?becomes bloodied", "enemy-bloodied"),
    # 'a Dragon in your warband becomes bloodied': a creature of its side (itself too), of those kinds
    (r"an? (?P<kw>[a-z\-]+ )?(?:creature )?in your warband (?:becomes|is) bloodied", "friend-bloodied"),
    (r"it (?:is|would be) hit by (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged|\{m\} or \{r\}|melee or ranged|close|area)?"
     r" ?attack", "hit-by"),
    (r"it is hit", "hit-by"),
    (r"an attack is redirected", "redirected"),  # (its own side's: ddm_guild_attacks._redirect_stands)
    (r"an (?P<foe>enemy) hits it(?: with (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack)?", "hit-by"),
    (r"an (?P<foe>enemy) misses it(?: with (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack)?", "missed-by"),
    (r"an? (?P<form>\{m\}|\{r\}|melee|ranged)? ?attack misses it", "missed-by"),
    (r"an? (?P<form>\{m\}|\{r\}|melee|ranged)? ?attack hits it", "hit-by"),
    (r"it is missed by (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack", "missed-by"),
    (r"(?:it is|it's) (?:targeted|attacked)(?: by (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged|opportunity)? ?attack)?",
     "attacked"),
    (r"an (?P<foe>enemy) (?:targets|attacks) it(?: with (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack)?",
     "attacked"),
    (r"it (?:takes|is dealt) damage", "damaged"),
    (r"it is damaged by an? (?P<kw>level \d+ or (?:higher|lower) )enemy", "damaged-by-enemy"),  # (Coward: its level)
    (r"it (?:becomes|is) (?:first )?bloodied", "bloodied"),
    # an attack's damage that has none of these types ('by an attack that did not deal acid or fire damage')
    (r"it is destroyed by an attack that did not deal (?P<nodt>(?:" + _TYPE_ALT + r")(?:(?:,|,? or|,? and) (?:"
     + _TYPE_ALT + r"))*) damage", "destroyed"),
    (r"it is destroyed(?: by an (?P<foe>enemy)(?P<foeatk>'s attack)?)?", "destroyed"),
    (r"it destroys (?:an enemy|a creature)(?: with (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack)?", "destroys"),
    (r"its (?P<form>\{m\}|\{r\}|melee|ranged) attack destroys an enemy", "destroys"),
    (r"an enemy starts its turn adjacent to it", "enemy-starts-adjacent"),
    (r"an (?:adjacent enemy|enemy adjacent to it) activates", "enemy-starts-adjacent"),
    (r"an adjacent enemy makes (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack against an ally",
     "enemy-attacks-ally"),
    (r"an enemy adjacent to it makes (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack against an ally",
     "enemy-attacks-ally"),
    (r"an enemy within reach(?: of it)? makes (?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack against an ally",
     "enemy-attacks-ally-reach"),
    (r"(?:it hits|hitting) (?:an (?P<foe>enemy) |a target )?with (?:an? )?(?P<form>\{m\}|\{r\}|\{mb\}|\{rb\}|\{b\}|"
     r"melee|ranged|close|area|\{c\}|\{a\}|charge)? ?attack", "hits"),
    (r"a critical (?:hit )?is scored against it", "crit-by"),
    (r"an enemy (?:moves into|enters) an adjacent square", "enemy-enters-adjacent"),
    (r"an enemy (?:enters|moves into) forest terrain", "enemy-enters-forest"),
    (r"it hits an (?P<foe>enemy)", "hits"),
    (r"it misses (?:with )?(?:an? )?(?P<form>\{m\}|\{r\}|melee|ranged)? ?attack", "misses"),
    # an attack power of its card by name ('RECHARGE when this creature hits with Terror Strike / a Sting attack',
    # 'when it misses with Clamping Jaws', "when this creature's Chatkcha attack misses")
    (r"it hits (?:an (?P<foe>enemy) )?with (?:an? )?(?P<pname>[a-z][a-z' \-]*?)(?: attack)?$", "hits"),
    (r"(?:it misses with (?:an? )?(?P<pname>[a-z][a-z' \-]*?)(?: attack)?|its (?P<pname2>[a-z][a-z' \-]*?) attack "
     r"misses)$", "misses"),
    (r"it misses", "misses"),
    (r"an? (?P<kw>[a-z\-]+ )?ally (?:within (?P<within>\d+) squares(?: of it)? )?is destroyed(?: by an (?P<foe>enemy))?"
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
    # an enemy that shifts, or whose attack action leaves it out ('Eyes on Me'; ddm_guild_moves.shift_to, .challenged)
    (r"an enemy shifts or (?:declares|takes) an attack action that (?:doesn't|does not) include it as a target",
     "enemy-ignores"),
    (r"an enemy within reach(?: of it)? shifts or (?:declares|takes) an attack action that (?:doesn't|does not) "
     r"include it as a target", "enemy-ignores-reach"),
    (r"an adjacent enemy shifts", "enemy-shifts"),
    (r"an enemy shifts out of (?:a square adjacent to it|an adjacent square)", "enemy-shifts"),
    (r"(?:it is )?destroyed", "destroyed"),
    (r"it would be (?:destroyed|reduced to 0 hp)", "destroyed"),  # the engine's event comes before it leaves
    # rolls a power may have rolled again (profile ddm-guild.rerolls): an enemy's attack, any attack roll, any saving
    # throw, an enemy's successful one (and an ally's, for a RECHARGE)
    (r"an enemy makes an attack(?: roll)?", "enemy-declares"),
    (r"any attack roll misses", "any-misses"),
    (r"(?:a|any) creature rolls a sav(?:e|ing throw)", "any-save"),
    (r"an enemy rolls a successful sav(?:e|ing throw)", "enemy-saves"),
    (r"an ally rolls a successful sav(?:e|ing throw)", "ally-saves"),
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
    (_WHO + r" destroys (?:an? |any )?" + _TK + r"(?:(?P<foe>enemy)|creature)(?: with " + _FORM + r"attack)?",
     {"it": "destroys", "ally": "ally-destroys"}),
    (_WHO + r" (?:takes|is dealt) " + _TYPE_OPT + r"damage(?: from " + _FORM + r"(?P<atk>attack))?",
     {"it": "damaged", "enemy": "enemy-damaged", "ally": "ally-damaged", "any": "any-damaged"}),
    (_WHO + r" is damaged(?: by (?:an? )?(?:enemy |enemy's )?" + _FORM + r"(?P<atk>attack))?",
     {"enemy": "enemy-damaged", "ally": "ally-damaged", "any": "any-damaged"}),
    (r"it (?:damages|deals damage to) (?:an? |any )?" + _TK + r"enemy(?: with " + _FORM + r"attack)?",
     {"it": "damages"}),
    (_WHO + r" misses(?: with)? " + _FORM + r"(?:attack|attack roll)", {"enemy": "enemy-misses", "ally": "ally-misses",
                                                                        "any": "any-misses"}),
    (_WHO + r" hits(?: with)? " + _FORM + r"attack", {"enemy": "enemy-hits", "any": "any-hits",
                                                      "it-or-ally": "friend-hits"}),
    (_WHO + r" is hit by " + _FORM + r"attack", {"it-or-ally": "friend-hit"}),  # 'this creature or an ally is hit'

    (_WHO + r" scores a critical(?: hit)?(?P<against> against it)?(?: with " + _FORM + r"attack)?",
     {"it": "crits", "ally": "ally-crits", "enemy": "enemy-crits", "any": "any-crits", "it-or-ally": "friend-crits"}),
    (_WHO + r" (?:activates|starts (?:its|a) turn)(?P<adj2> adjacent to it)?",
     {"it": "start-of-turn", "ally": "ally-starts-turn", "enemy": "enemy-starts-turn"}),
    (_WHO + r" fails a sav(?:e|ing throw)", {"it": "fails-save", "ally": "ally-fails-save",
                                             "enemy": "enemy-fails-save"}),
    (_WHO + r" declares " + _FORM + r"attack(?: (?:against|vs\.?) (?:an? )?" + _TK + r"(?:enemy|target|creature))?",
     {"ally": "ally-declares", "enemy": "enemy-declares", "it-or-ally": "friend-declares"}),
    (r"an? " + _TK + r"(?P<foe>enemy) targets (?:an? |any )?(?P<adj>adjacent )?ally(?P<adj2> adjacent to it)?"
     r"(?: with " + _FORM + r"attack)?", {"it": "ally-attacked"}),
    (r"an? (?P<adj>adjacent )?ally is targeted(?: by " + _FORM + r"attack)?", {"it": "ally-attacked"}),
)


_SIDE_EVENT_RES: Final = tuple(
    (re.compile(r"^(?:use )?(?:only )?(?:when|whenever|after) " + p + r"[,;:.]?\s*"), names)
    for p, names in _SIDE_EVENTS)


_TURN_OF: Final = re.compile(
    r"^use at (?:the )?start of (?P<yours>your creature's) turn[,;:.]?\s*"
    r"|^use at (?:the )?start of (?:(?:an?|each|any) )?(?:(?P<adj>adjacent) )?" + _K
    + r"(?P<noun>ally|enemy|creature)'s turn[,;:.]?\s*|^use at (?:the )?start of any (?P<any>turn)[,;:.]?\s*")


_TURN_END_OF: Final = re.compile(
    r"^use at (?:the )?end of (?:(?:an?|each|any) )?(?:(?P<adj>adjacent) )?" + _K
    + r"(?P<noun>ally|enemy|creature)'s turn[,;:.]?\s*")


def _turn_end_of(body: str) -> tuple[str, Filter, int] | None:
    """'Use at end of an adjacent bloodied enemy's turn', "at end of an ally's turn": that creature's turn end."""
    m = _TURN_END_OF.match(body)
    if m is None:
        return None
    noun = m.group("noun")
    kinds, who_state, adj = _event_who(m.group("kw") or "")
    within = -1 if m.group("adj") or adj else 0
    if noun == "enemy" and within == -1:
        return "enemy-adjacent-ends", Filter(keyword=kinds, self_state=who_state), m.end()
    name = "ally-ends-turn" if noun == "ally" else "any-ends-turn"
    side = "enemy" if noun == "enemy" else ""
    return name, Filter(keyword=kinds, self_state=who_state, within=within, side=side), m.end()


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
    sz = re.match(r"^(tiny|small|medium|large|huge)(?: (?P<k>.+))?$", w)  # 'a Small Beast ally': that size only
    if sz:
        return (_event_kinds(sz.group("k")) if sz.group("k") else ""), "size=" + sz.group(1), adjacent
    lv = re.match(r"^level (\d+) or (lower|higher)$", w)  # 'a creature of Level 7 or lower' (read 'a level 7 or lower
    if lv:  # creature'): its level, as a kind
        return "level" + ("<=" if lv.group(2) == "lower" else ">=") + lv.group(1), "", adjacent
    return _event_kinds(w), "", adjacent


def _side_event(body: str) -> tuple[str, Filter, int] | None:
    """An event by who takes part in it: (trigger, filter, length of the words read)."""
    ends = _turn_end_of(body)
    if ends is not None:
        return ends
    km = _KIND_TURN.match(body)
    if km:
        return ("any-starts-turn" if km.group("w") == "start" else "any-ends-turn"), \
            Filter(keyword=_event_kinds(km.group("kn"))), km.end()
    tm = _TURN_OF.match(body)
    if tm:
        if tm.group("any"):
            return "any-starts-turn", Filter(), tm.end()
        if tm.group("yours"):  # 'your creature's turn': a turn of a creature of its side, its own too
            return "friend-starts-turn", Filter(), tm.end()
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
        if g.get("foe"):  # 'destroys an enemy', 'an enemy targets an ally': the event's target is of the other side
            state = _and_state(state, "enemy")
        if g.get("dtype"):
            state = "dtype:" + g["dtype"]
        if g.get("against"):
            name = "crit-by"
        form = _FORMS.get((g.get("form") or "") + " ", "") if g.get("form") else ""
        if g.get("form") and not form:  # "{c} or {a}", "{m} or {r}"
            form = {"{c} or {a}": "close|area", "{m} or {r}": "melee|ranged"}.get(g["form"], "")
        if g.get("atk") and not form:  # 'takes damage from an attack': an attack's, of any form (not ongoing damage,
            form = "any"  # nor a power's that is not an attack)
        if name == "ally-attacked" and kinds:
            state, kinds = "kinds:" + kinds, ""
        return name, Filter(keyword=kinds, within=within, attack_form=form, target_state=state,
                            self_state=who_state), m.end()
    return None


@dataclass(frozen=True)
class _Who:
    """A creature an event names: its side ('it', 'ally', 'enemy', 'any', '' unknown) and what it must be."""

    side: str
    kinds: str = ""
    state: str = ""
    within: int = 0  # -1: adjacent to the power's creature
    named: bool = False  # the words name it ('an enemy'), not only imply it ('it is hit': by someone)
    as_target: bool = False  # named 'a target' (read as an enemy; the words do not say its side)


# (actor side, verb, object side) → (trigger, whose is "other", whose is the target, what the event carries:
# "attack" (an attack's form may limit it) or "")
_COMPOSED: Final = {
    ("enemy", "hits", "it"): ("hit-by", "actor", "actor", "attack"),
    ("any", "hits", "it"): ("hit-by", "actor", "actor", "attack"),  # 'an adjacent creature hits it': of either side
    ("enemy", "hits", "ally"): ("ally-hit", "object", "actor", "attack"),
    ("enemy", "hits", ""): ("enemy-hits", "actor", "actor", "attack"),
    ("any", "hits", ""): ("any-hits", "actor", "actor", "attack"),
    ("it", "hits", "enemy"): ("hits", "object", "object", "attack"),
    ("it", "hits", ""): ("hits", "object", "object", "attack"),
    ("ally", "hits", "enemy"): ("ally-hits", "actor", "object", "attack"),
    ("ally", "hits", ""): ("ally-hits", "actor", "object", "attack"),
    ("enemy", "misses", "it"): ("missed-by", "actor", "actor", "attack"),
    ("enemy", "misses", "ally"): ("ally-missed", "object", "actor", "attack"),
    ("enemy", "misses", ""): ("enemy-misses", "actor", "actor", "attack"),
    ("any", "misses", ""): ("any-misses", "actor", "actor", "attack"),
    ("it", "misses", "enemy"): ("misses", "object", "object", "attack"),
    ("it", "misses", ""): ("misses", "object", "object", "attack"),
    ("ally", "misses", "enemy"): ("ally-misses", "actor", "object", "attack"),
    ("ally", "misses", ""): ("ally-misses", "actor", "object", "attack"),
    ("enemy", "attacks", "it"): ("attacked", "actor", "actor", "attack"),
    ("enemy", "attacks", "ally"): ("ally-attacked", "object", "actor", "attack"),
    ("it", "declares", ""): ("declares", "object", "object", "attack"),
    ("it", "attacks", ""): ("declares", "object", "object", "attack"),  # 'use when it attacks'
    ("it", "attacks", "enemy"): ("declares", "object", "object", "attack"),
    ("ally", "declares", ""): ("ally-declares", "actor", "object", "attack"),
    # 'when a creature targets an Earth enemy': an enemy of this creature attacked, by it or an ally (its own side's
    # attack: the engine asks the attacker's side)
    ("any", "attacks", "enemy"): ("friend-declares", "object", "object", "attack"),
    # 'when any creature makes an attack' (read with the natural die its roll shows: 'any-rolls')
    ("any", "declares", ""): ("any-declares", "actor", "actor", "attack"),
    ("ally", "attacks", "enemy"): ("ally-declares", "actor", "object", "attack"),
    ("enemy", "declares", ""): ("enemy-declares", "actor", "actor", "attack"),
    ("enemy", "damages", "it"): ("damaged", "actor", "actor", "attack"),
    ("enemy", "damages", "ally"): ("ally-damaged", "object", "actor", "attack"),
    ("it", "damages", "enemy"): ("damages", "object", "object", "attack"),
    ("enemy", "destroys", "it"): ("destroyed", "actor", "actor", ""),
    ("enemy", "destroys", "ally"): ("ally-destroyed", "object", "actor", ""),
    ("it", "destroys", "enemy"): ("destroys", "object", "object", "attack"),
    ("ally", "destroys", "enemy"): ("ally-destroys", "actor", "object", "attack"),
    ("enemy", "bloodies", "it"): ("bloodied", "actor", "actor", "attack"),  # (the bloodied events carry the attack)
    ("enemy", "bloodies", "ally"): ("ally-bloodied", "object", "actor", "attack"),
    ("it", "bloodies", "enemy"): ("bloodies", "object", "object", "attack"),
    ("ally", "bloodies", "enemy"): ("ally-bloodies", "actor", "object", "attack"),
    ("it", "bloodies-or-destroys", "enemy"): ("bloodies-or-destroys", "object", "object", "attack"),
    ("it", "crits", ""): ("crits", "object", "object", "attack"),
    ("ally", "crits", ""): ("ally-crits", "actor", "object", "attack"),
    ("enemy", "crits", "it"): ("crit-by", "actor", "actor", "attack"),
    ("enemy", "crits", "ally"): ("ally-crit-by", "object", "actor", "attack"),
    ("enemy", "crits", ""): ("enemy-crits", "actor", "actor", "attack"),
    # 'an enemy hits it or an adjacent ally', 'scores a critical hit against it or an adjacent ally'
    ("enemy", "hits", "it-or-ally"): ("friend-hit", "actor", "actor", "attack"),
    ("it-or-ally", "hits", "enemy"): ("friend-hits", "object", "object", "attack"),  # 'it or an ally hits an enemy'
    ("enemy", "crits", "it-or-ally"): ("friend-crit-by", "actor", "actor", "attack"),
}


# ... and once the attack is resolved ('use after an adjacent enemy resolves an attack against it', 'after an enemy
# makes an attack against a champion ally'): its target's event and its target's allies'
_COMPOSED_RESOLVED: Final = {
    ("enemy", "attacks", "it"): ("resolved-against", "actor", "actor", "attack"),
    ("enemy", "attacks", "ally"): ("ally-attack-resolved", "object", "actor", "attack"),
}


# events of one creature ('an ally is destroyed', 'an enemy fails a save'): (trigger, is that creature the "other")
_COMPOSED_ONE: Final = {
    ("it", "fails-save"): ("fails-save", False), ("ally", "fails-save"): ("ally-fails-save", True),
    ("enemy", "fails-save"): ("enemy-fails-save", True),
    ("it", "bloodied"): ("bloodied", False), ("ally", "bloodied"): ("ally-bloodied", True),
    ("enemy", "bloodied"): ("enemy-bloodied", True),
    ("it", "first-bloodied"): ("first-bloodied", False), ("ally", "first-bloodied"): ("ally-first-bloodied", True),
    ("enemy", "first-bloodied"): ("enemy-first-bloodied", True),
    ("it", "damaged"): ("damaged", False), ("ally", "damaged"): ("ally-damaged", True),
    ("enemy", "damaged"): ("enemy-damaged", True), ("any", "damaged"): ("any-damaged", True),
    ("it", "destroyed"): ("destroyed", False), ("ally", "destroyed"): ("ally-destroyed", True),
    ("enemy", "destroyed"): ("enemy-destroyed", True), ("any", "destroyed"): ("any-destroyed", True),
    ("it", "starts-turn"): ("start-of-turn", False), ("ally", "starts-turn"): ("ally-starts-turn", True),
    ("enemy", "starts-turn"): ("enemy-starts-turn", True), ("any", "starts-turn"): ("any-starts-turn", True),
    ("enemy", "starts-turn-adjacent"): ("enemy-starts-adjacent", True),
    ("enemy", "ends-turn-adjacent"): ("enemy-adjacent-ends", True),
    ("enemy", "ends-move-adjacent"): ("enemy-ends-move-adjacent", True),  # its move (walk), not a forced one
    # a turn's end: its own, an ally's, any creature's ('a creature ends its turn adjacent to it', 'an enemy ends its
    # turn within 3 squares': any-ends-turn, whose creature the filter's side names)
    ("it", "ends-turn"): ("end-of-turn", False), ("ally", "ends-turn"): ("ally-ends-turn", True),
    ("ally", "ends-turn-adjacent"): ("ally-ends-turn", True), ("any", "ends-turn"): ("any-ends-turn", True),
    ("any", "ends-turn-adjacent"): ("any-ends-turn", True), ("enemy", "ends-turn"): ("any-ends-turn", True),
    ("enemy", "shifts"): ("enemy-shifts", True), ("enemy", "enters-adjacent"): ("enemy-enters-adjacent", True),
    ("enemy", "leaves-adjacent"): ("enemy-leaves-adjacent", True),
    ("enemy", "enters-near"): ("enemy-enters-within", True),
    # an enemy champion's use of a champion power: as it is used, before its effects ('when', which may cancel them),
    # or once they are resolved ('after'): ddm_guild_triggers.champion_cancelled / champion_used
    ("enemy", "uses-champion"): ("enemy-uses-champion", True),
    ("ally", "would-be-destroyed"): ("ally-would-be-destroyed", True),  # (its own powers have answered first)
    ("any", "bloodied"): ("any-bloodied", True),  # 'when a creature of Level 7 or lower becomes Bloodied'
    # a condition put on an ally or an enemy (after it is put on; 'by an attack': by an attack's hit or miss)
    ("ally", "gains-condition"): ("ally-gains-condition", True),
    ("enemy", "gains-condition"): ("enemy-gains-condition", True),
    # ... as it would be put on, for a power that undoes it: on its own side ('this creature or an adjacent ally
    # would gain a condition', 'a giant is affected by a condition': a giant of its side, ddm-guild.condition-events)
    ("it-or-ally", "would-gain-condition"): ("friend-would-gain-condition", True),
    ("any", "would-gain-condition"): ("friend-would-gain-condition", True),
}


# the engine calls these for the creatures next to the event's creature only
_ADJACENT_ONLY: Final = frozenset({"enemy-shifts", "enemy-starts-adjacent", "enemy-adjacent-ends",
                                   "enemy-ends-move-adjacent",
                                   "enemy-enters-adjacent", "enemy-leaves-adjacent"})


# a passive verb names the one acted on: 'an ally is hit' is 'an enemy hits an ally'
_PASSIVE: Final = {"is hit": "hits", "is missed": "misses", "is targeted": "attacks", "is attacked": "attacks",
                   "is bloodied or destroyed": "bloodies-or-destroys"}


_ACTIVE: Final = {"hits": "hits", "misses": "misses", "targets": "attacks", "attacks": "attacks",
                  "damages": "damages", "deals damage to": "damages", "destroys": "destroys", "bloodies": "bloodies",
                  "bloodies or destroys": "bloodies-or-destroys",
                  "scores a critical hit against": "crits", "scores a critical hit": "crits"}


# the conditions a 'becomes <condition>' event names (ddm_guild_apply.condition_gained)
_GAINED: Final = r"(?:dazed|stunned|helpless|immobilized|slowed|weakened|blinded|confused|dominated|marked)"


_ONE_VERBS: Final = (
    (r"fails a sav(?:e|ing throw)", "fails-save"),
    (r"(?:first becomes|becomes first|is first) bloodied", "first-bloodied"),
    (r"(?:becomes|is) bloodied(?: but is not destroyed)?", "bloodied"),  # (bloodied: it is not destroyed)
    (r"(?:takes|is dealt) (?:(?P<dtype>" + _TYPE_ALT + r") )?damage|is damaged", "damaged"),
    (r"is destroyed(?: by (?P<ddt>" + _TYPE_ALT + r") damage)?", "destroyed"),  # ('by poison damage': the damage
    # that destroyed it)
    (r"would be destroyed", "would-be-destroyed"),  # (before it leaves: ddm_guild_damage.destroy)
    (r"uses a champion power", "uses-champion"),
    # a condition put on it ('becomes Dazed, Stunned, or Helpless', 'becomes Dazed by an attack'): which, in gcs
    (r"(?:would gain|is affected by) a condition", "would-gain-condition"),  # (as it would be put on)
    (r"becomes (?P<gcs>" + _GAINED + r"(?:(?:,|,? or) " + _GAINED + r")*)", "gains-condition"),
    (r"(?:starts|begins) (?:its|a) turn adjacent to it", "starts-turn-adjacent"),
    (r"(?:(?:starts|begins) (?:its|a) turn|activates)(?: within (?P<tn>\d+) squares(?: of it)?| (?P<tw>in|occupying|"
     r"adjacent to) (?P<tt>forest|river|difficult|statue|smoke|fire) terrain| adjacent to an enemy(?P<te2>"
     r" or (?:an? )?(?P<tk>[a-z\-]+)(?![a-z\-]| ally| enemy| creature))?| adjacent to a (?P<tw2>wall))?",
     "starts-turn"),
    (r"ends (?:its|a) turn adjacent to it", "ends-turn-adjacent"),
    (r"ends (?:its|a) move adjacent to it", "ends-move-adjacent"),
    (r"ends (?:its|a) turn(?: within (?P<te>\d+) squares(?: of it)?)?", "ends-turn"), (r"shifts", "shifts"),
    (r"(?:moves into|enters) (?:a square|a space) adjacent to it|(?:moves into|enters) an adjacent square",
     "enters-adjacent"),
    (r"moves out of (?:a square|a space) adjacent to it|moves out of an adjacent (?:square|space)"
     r"|moves to a square not adjacent to it", "leaves-adjacent"),
    (r"enters a (?:square|space) (?:within (?P<en>\d+) squares(?: of it)?"
     r"|exactly (?P<ex>\d+) squares away(?: from it)?)", "enters-near"),
)


# a creature named by its kinds alone, of either side ('when a Dragon is destroyed', 'a Beast or Demon hits')
_KIND: Final = "(?:" + "|".join(re.escape(k) for k in sorted((*KINDS, "champion"), key=len, reverse=True)) + ")"
_KIND_NOUN: Final = (_KIND + "(?:(?:, | or |, or )" + _KIND + ")*(?![a-z\\-])"
                     "(?! (?:ally|allies|enemy|enemies|creature|target))")  # ('a Dwarf ally': that ally's kind)


# 'Use at start of a Vampire's turn', 'at end of a Dragon's turn': the turn of a creature of those kinds, of either side
_KIND_TURN: Final = re.compile(r"^use at (?:the )?(?P<w>start|end) of (?:an?|each|any) (?P<kn>" + _KIND_NOUN
                               + r")'s turn[,;:.]?\s*")


_A_CREATURE: Final = (r"(?:(?P<{p}det>an?|any|one|1) (?P<{p}adj>adjacent )?"
                      r"(?P<{p}mods>(?:level \d+ or (?:lower|higher) |(?:[a-z\-]+(?:,| or|, or| and)? ){{0,4}}?))"
                      r"(?:(?P<{p}noun>enemy or ally|ally or enemy|enemy|ally|creature|target)|(?P<{p}knoun>"
                      + _KIND_NOUN + r"))"
                      r"|(?P<{p}itor>it or an? (?P<{p}itadj>adjacent )?ally)|(?P<{p}it>it))"
                      r"(?P<{p}loc> adjacent to it| within (?P<{p}n>\d+) squares?(?: of it)?)?"
                      r"(?P<{p}ca> (?:granting it|that grants it) combat advantage)?")


# an attack power of its card by name ('with a Skull Mace attack', 'with Defender'): never these words
_ATTACK_NAME: Final = (r"(?!(?:combat|an?|the|its|that|this|it|charge|opportunity|basic|melee|ranged|close|area|"
                       r"critical|attack|attacks)\b)[a-z][a-z'\-]+(?: [a-z][a-z'\-]*){{0,2}}")


_TYPES_OR: Final = "(?:" + _TYPE_ALT.replace("{", "{{").replace("}", "}}") + ")"
_DEALS: Final = r"(?: that deals (?P<{p}deals>" + _TYPES_OR + r"(?: or " + _TYPES_OR + r")?) damage)?"  # ('cold or
# necrotic damage': either type)


_FORM_PLAIN: Final = (r"(?:an? |its )?(?:(?P<{p}form>\{{m\}}|\{{r\}}|\{{mb\}}|\{{rb\}}|\{{b\}}|\{{c\}}|\{{a\}}|"
                      r"\{{r\}}, \{{c\}},? or \{{a\}}|\{{c\}} or \{{a\}}|\{{m\}} or \{{r\}}|"
                      r"ranged, burst,? or blast|melee|ranged|close|area|opportunity) )?attack" + _DEALS)


_FORM_WORDS: Final = (r"(?:an? |its )?(?:(?:(?P<{p}form>\{{m\}}|\{{r\}}|\{{mb\}}|\{{rb\}}|\{{b\}}|\{{c\}}|\{{a\}}|"
                      r"\{{c\}} or \{{a\}}|\{{m\}} or \{{r\}}|melee|ranged|close|area|opportunity) )?attack"
                      r"|(?P<{p}pn>" + _ATTACK_NAME + r") attack)" + _DEALS)


_COMPOSED_RE: Final = re.compile(
    r"^(?:use )?(?:only )?(?P<when>when|whenever|after) "
    r"(?:(?P<poss>its|an? (?:(?P<pmods>[a-z\-]+) )?(?P<pnoun>ally|enemy)'s)"
    r" (?:(?P<pform>\{m\}|\{r\}|\{mb\}|\{rb\}|\{b\}|\{c\}|\{a\}|\{r\} or \{a\}|\{c\} or \{a\}|\{m\} or \{r\}|melee"
    r"|ranged) )?attack|" + _A_CREATURE.format(p="a")
    + r") (?:(?P<verb>" + "|".join(re.escape(v) for v in sorted((*_PASSIVE, *_ACTIVE), key=len, reverse=True))
    + r"|" + "|".join(p for p, _ in _ONE_VERBS) + r")(?: " + _A_CREATURE.format(p="o") + r")?"
    r"(?: by (?P<by>an? (?P<badj>adjacent )?(?:(?P<bmods>[a-z\-]+(?:,| or|, or)? ){0,3}?)enemy)(?:'s)?)?"
    r"(?P<fw> (?:with|by|from)? ?" + _FORM_PLAIN.format(p="")
    + r"| (?:with|by|from) (?:an? |its )?(?P<pn>" + _ATTACK_NAME.format() + r") attack"
    + r"| (?:with|by|from) (?P<pn0>" + _ATTACK_NAME.format() + r")(?=[,;:.]|$))?"
    r"(?P<withca> with combat advantage(?: against (?:the |that |its )?target)?)?"
    r"|(?P<atk>makes|declares|resolves) " + _FORM_WORDS.format(p="a") + r"(?: (?:against|vs\.?) "
    + _A_CREATURE.format(p="q")
    + r")?)(?:[,;:]\s*|\.\s+|$| (?=\((?:no more than |only )?once (?:per|a) turn\))"
    r"| (?=while (?:adjacent to it|within \d+ squares|it is (?:not )?bloodied[,;:.])))")


def _described(g: dict[str, str | None], p: str) -> _Who | None:
    """The creature of groups ``p*`` of an event's match (None when the words do not name one)."""
    if g.get(p + "it"):
        return _Who("it")
    if g.get(p + "itor"):  # 'it or an adjacent ally', 'it or an ally adjacent to it' (where the one it befalls is)
        loc = (g.get(p + "loc") or "").strip()
        n = g.get(p + "n")
        within = -1 if g.get(p + "itadj") or loc == "adjacent to it" else int(n) if n else 0
        return _Who("it-or-ally", within=within, named=True)
    noun = g.get(p + "noun")
    knoun = g.get(p + "knoun")
    if knoun:  # 'a Dragon', 'an Evil Dragon', 'a bloodied Orc or Goblin': any creature of those kinds
        kinds, state, adjacent = _event_who(g.get(p + "mods") or "")
        alts = _event_kinds(knoun)
        if kinds and "|" in alts:
            return None  # ('an Evil Dragon or Demon': how far 'Evil' reaches is not certain)
        loc = (g.get(p + "loc") or "").strip()
        n = g.get(p + "n")
        within = -1 if g.get(p + "adj") or adjacent or loc == "adjacent to it" else int(n) if n else 0
        return _Who("any", f"{kinds}+{alts}" if kinds else alts, state, within, named=True)
    if not noun:
        return None
    side = {"enemy": "enemy", "ally": "ally", "creature": "any", "target": "enemy"}.get(noun, "any")
    kinds, state, adjacent = _event_who(g.get(p + "mods") or "")
    loc = (g.get(p + "loc") or "").strip()
    n = g.get(p + "n")
    within = -1 if g.get(p + "adj") or adjacent or loc == "adjacent to it" else int(n) if n else 0
    return _Who(side, kinds, state, within, named=True, as_target=noun == "target")


def _composed_event(body: str) -> tuple[str, Filter, int] | None:
    """An event read as its parts (see above): (trigger, filter, length of the words read), or None; its object may
    be described in the target words (``_object_words``)."""
    return _composed_parts(body) or _object_words(body)


# the events whose object (the creature attacked, hit, damaged) is the event's target while the powers answer
_OBJECT_WORDS_ON: Final = frozenset({"hits", "misses", "ally-hits", "ally-misses", "declares", "ally-declares",
                                     "damages", "bloodies", "ally-bloodies", "friend-hits"})


# where the object of an attack's event begins ('hits ', 'makes a {m} attack against ')
_OBJECT_AT: Final = re.compile(r" (?:hits|misses|targets|attacks|damages|deals damage to|bloodies|(?:makes|declares) "
                               r"(?:an? )?(?:\{[a-z]+\} |melee |ranged |close |area )?attack (?:against|vs\.?)) "
                               r"(?=(?:an?|the|any|one|1) )")


def _object_words(body: str) -> tuple[str, Filter, int] | None:
    """An event whose object the target words describe after its noun ('hits a target adjacent to a Wolf ally', 'hits
    an enemy adjacent to a wall with a {m} attack', 'hits a target with Resist Fire or Immune Fire'): the event read
    with 'a target' in their place, and their state as the filter's target state (judged on the event's target)."""
    m = _OBJECT_AT.search(body)
    stop = re.search(r"[,;:]|\.(?:\s|$)", body)
    if m is None or (stop is not None and stop.start() < m.end()):
        return None
    seg = body[m.end(): stop.start() if stop is not None else len(body)]
    read = _target_words(seg)
    if read is None:
        return None
    state, n = read
    noun = re.search(r"\b(target|enemy|creature)\b", seg[:n])  # its side, as the noun says
    if noun is None:
        return None
    plain = ("an " if noun.group(1) == "enemy" else "a ") + noun.group(1)
    res = _composed_parts(body[: m.end()] + plain + body[m.end() + n:])
    if res is None:
        return None
    trig, flt, end = res
    if trig not in _OBJECT_WORDS_ON or flt.target_state not in ("", "enemy") or flt.self_state or flt.keyword \
            or flt.within:
        return None
    return trig, replace(flt, target_state=_and_state(state, flt.target_state) if flt.target_state else state), \
        end + n - len(plain)


def _composed_parts(body: str) -> tuple[str, Filter, int] | None:
    """An event read as its parts (see above)."""
    # 'when hit by a {M} attack', 'when damaged by an enemy': the creature is this one
    bare = re.match(r"^((?:use )?(?:only )?(?:when|whenever|after) )(being )?(?=(?:hit|missed|targeted|attacked|damaged"
                    r"|bloodied) by )", body)
    added = 0
    if bare is not None:  # ('after being damaged by a melee attack')
        body = bare.group(1) + "it is " + body[bare.end():]
        added = len("it is ") - len(bare.group(2) or "")
    making = re.match(r"^((?:use )?(?:only )?(?:when|whenever|after) )making (?=an? )", body)
    if making is not None:  # 'use when making a Magic Missile attack': its own
        body = making.group(1) + "it makes " + body[making.end():]
        added = len("it makes ") - len("making ")
    m = _COMPOSED_RE.match(body)
    if m is None:
        return None
    g = m.groupdict()
    form = g.get("pform") or g.get("form") or g.get("aform") or ""
    named = g.get("pn") or g.get("apn") or g.get("pn0")
    if named:  # 'damages an enemy with Lightning Breath': an attack power of its card, by name (card_powers checks)
        if form:
            return None
        form = "power:" + named
    deals = g.get("deals") or g.get("adeals")
    if deals:  # 'hits with an attack that deals fire damage': an attack with damage of that type
        if form:
            return None
        form = "deals:" + deals.replace(" or ", "|")
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
            if vm.groupdict().get("dtype") or (g.get("fw") and one not in ("damaged", "bloodied")):
                return None  # 'destroyed by an enemy's attack': that event does not say by what
            if g.get("fw"):  # 'damaged by an enemy's attack': the damage of its attack (of any form, or the one said)
                form = form or "any"
            actor, obj, verb = by, actor, one_by[one]
            break
        if form.startswith("power:"):  # 'an enemy is damaged by a Skull Mace attack': its own attack damages it
            if (actor.side, one) != ("enemy", "damaged") or obj is not None or by is not None or \
                    vm.groupdict().get("dtype"):
                return None
            return _composed_filter("damages", actor, _Who(""), form, "", end)
        if one in ("gains-condition", "damaged", "bloodied") and g.get("fw"):  # 'becomes Dazed by an attack', 'is
            form = form or "any"  # damaged by an attack': an attack's (of any form, or the one said)
        row1 = _COMPOSED_ONE.get((actor.side, one))
        if row1 is None or obj is not None or (form and one not in ("damaged", "bloodied", "gains-condition")) \
                or by is not None:
            return None  # (the damage and bloodied events carry the attack that dealt them)
        trig, is_other = row1
        if trig == "enemy-uses-champion" and g["when"] == "after":
            trig = "enemy-used-champion"  # (the power's effects resolved)
        if (trig in _ADJACENT_ONLY and actor.within not in (-1, 0)) or (trig == "enemy-shifts" and actor.within != -1):
            return None
        dtype = vm.groupdict().get("dtype") or vm.groupdict().get("ddt") or ""
        if dtype and not trig.endswith(("damaged", "destroyed")):
            return None
        if one == "enters-near":  # 'an enemy enters a square within 2 squares / exactly 3 squares away'
            if actor.within:
                return None
            near = vm.group("en") or vm.group("ex")
            trig = "enemy-enters-within" if vm.group("en") else "enemy-enters-at"
            actor = replace(actor, within=int(near))
        if trig == "enemy-leaves-adjacent":  # where it was the verb says (the engine asks the creatures it leaves)
            actor = replace(actor, within=0)
        if one == "ends-turn-adjacent" and trig != "enemy-adjacent-ends":  # (asked of every creature: where it is)
            actor = replace(actor, within=-1)
        near = vm.groupdict().get("tn") or vm.groupdict().get("te")
        if near:  # 'a Kobold ally starts its turn within 5 squares of it'
            if actor.within or actor.side == "it":
                return None
            actor = replace(actor, within=int(near))
        if vm.groupdict().get("te2") is not None or "adjacent to an enemy" in verb:  # 'an ally starts its turn
            if actor.state or actor.side in ("it", "enemy"):  # adjacent to an enemy or Dragon': beside an enemy,
                return None  # or beside a creature of that kind of either side
            tk = vm.groupdict().get("tk")
            try:
                near = "/adjacent-to:" + _event_kinds(tk) if tk else ""
            except _Unread:
                return None
            actor = replace(actor, state="at:adjacent-enemy" + near)
        if vm.groupdict().get("tw2"):  # 'a Minotaur starts a turn adjacent to a wall': where it stands
            if actor.state or actor.side == "it":
                return None
            actor = replace(actor, state="at:adjacent-wall")
        tt = vm.groupdict().get("tt")
        if tt:  # 'a creature starts a turn in river terrain', 'an Aquatic ally activates adjacent to river terrain':
            if actor.state or actor.side == "it":  # where it stands (ddm-guild.stand-in-terrain: no map has river)
                return None
            where = "adjacent-terrain:" if vm.group("tw") == "adjacent to" else "in-terrain:"
            actor = replace(actor, state="at:" + where + tt)
        gcs = vm.groupdict().get("gcs")
        if gcs:  # the conditions it names, as the event's state ('gained:dazed|stunned|helpless')
            if actor.state:
                return None
            actor = replace(actor, state="gained:" + "|".join(re.findall(_GAINED, gcs)))
        return _composed_filter(trig, actor if is_other else _Who(""), _Who(""), form, dtype, end)  # (a form: damaged)
    own_attack = re.match(r" (?:by|with|from) its ", g.get("fw") or "")
    if verb in _PASSIVE and actor.side == "enemy" and by is None and own_attack:
        by = _Who("it")  # 'an enemy is Bloodied or destroyed by this creature's attack': it acts
        actor, obj, verb = by, actor, _PASSIVE[verb]
    elif verb in _PASSIVE:  # 'an ally is hit by a {m} attack': an enemy hits that ally
        if (obj is not None and obj.state != "ca") or actor.side not in ("it", "ally"):
            return None  # 'an enemy is hit': by whom, an ally or this creature, the engine's events do not say
        actor, obj, verb = by or _Who("enemy"), actor, _PASSIVE[verb]
    elif verb in _ACTIVE:
        verb = _ACTIVE[verb]
    key = (actor.side, verb, obj.side if obj is not None else "")
    row = _COMPOSED.get(key)
    if row is None or (form.startswith("power:") and actor.side != "it"):
        return None  # (an attack of its card by name: its own attack only)
    trig, other_role, target_role, carries = row
    if (g["when"] == "after" or g.get("atk") == "resolves") and verb in ("attacks", "declares"):
        # after the attack, not when it is declared: the events the engine fires once an attack is resolved
        after = _COMPOSED_RESOLVED.get(key)
        if after is None:
            return None
        trig, other_role, target_role, carries = after
    if verb == "destroys" and obj is not None and obj.state:
        return None  # 'destroys a bloodied enemy': its state before the attack, which the engine no longer sees
    if form and carries != "attack":
        return None
    blank = _Who("")
    if actor.side == "it-or-ally" and actor.within:
        return None  # ('it or an adjacent ally hits': where the attacker is, the engine's filter does not measure)
    if obj is not None and obj.side == "it-or-ally":  # where that ally is: the filter's distance (the engine judges
        if actor.within:  # it on the creature the event befalls)
            return None
        actor = replace(actor, within=obj.within)
    other = actor if other_role == "actor" else obj or blank
    target = actor if target_role == "actor" else obj or blank
    return _composed_filter(trig, other, target, form, "", end)


def _and_state(state: str, atom: str) -> str:
    """A target state that must also hold ``atom`` (each description of a '/' list)."""
    if not state:
        return atom
    return "/".join(f"{alt}&{atom}" for alt in state.split("/"))


# 'a Dragon's Ranged, Burst, or Blast attack': not a melee attack, not a line
_RANGED_BURST_BLAST: Final = "ranged|close-burst|close-blast|area-burst"


def _composed_filter(trig: str, other: _Who, target: _Who, form: str, dtype: str,
                     end: int) -> tuple[str, Filter, int] | None:
    """The filter of a composed event: the 'other' creature's kinds, state and distance; the target's state."""
    target_state = ""
    if target is not other:
        if target.within < -1 or sum(map(bool, (target.kinds, target.state, target.within))) > 1:
            return None  # one description of the target only (the filter has one place for it)
        target_state = "kinds:" + target.kinds if target.kinds else target.state or (
            "adjacent" if target.within == -1 else f"within:{target.within}" if target.within else "")  # ('an
        # enemy within 2 squares of this creature damages an ally': where that enemy is)
    if target is not other and target.named and target.side == "enemy" and not target.as_target:
        # 'an enemy hits an ally', 'an ally destroys an enemy': the event's target is of the other side (an ally's
        # burst hits allies too)
        target_state = _and_state(target_state, "enemy")
    if dtype:
        if target_state:
            return None
        target_state = "dtype:" + dtype
    attack_form = ""
    if form:
        attack_form = _FORMS.get(form + " ", "") or {"{c} or {a}": "close|area", "{m} or {r}": "melee|ranged",
                                                     "{r}, {c}, or {a}": "ranged|close|area",
                                                     "{r}, {c} or {a}": "ranged|close|area",
                                                     "ranged, burst or blast": _RANGED_BURST_BLAST,
                                                     "ranged, burst, or blast": _RANGED_BURST_BLAST,
                                                     "{r} or {a}": "ranged|area", "any": "any",
                                                     **({form: form} if form.startswith(("deals:", "power:"))
                                                        else {}),
                                                     "opportunity": "opportunity"}.get(form, "")
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
                if key == "trigger" and m.groupdict().get("who"):  # (the order of activation: its side's or both)
                    found["requirement"] = "first-you-activate" if m.group("who") == "you activate" \
                        else "first-to-activate"
                body = body[m.end():]
                changed = True
                break
        if changed:
            continue
        if "trigger" not in found and "requirement" not in found:  # 'Whenever this creature enters river terrain,'
            et = re.match(r"^(?:use )?(?:when|whenever) it enters (?P<t>[a-z\-]+(?: or [a-z\-]+)?) terrain[,;:.]?\s*",
                          body)
            cond = _condition(f"while occupying {et.group('t')} terrain", lead_only=True) if et else None
            if et is not None and cond is not None and cond[0].startswith("in-terrain:"):
                found["trigger"], found["requirement"] = "enters-square", cond[0]
                body = body[et.end():]
                changed = True
                continue
        each = _each_that(body) if "trigger" not in found else None
        if each is not None:  # '5 Damage to each enemy that ends its turn adjacent to this creature.'
            found["trigger"], flt, body = each
            changed = True
            continue
        if "trigger" not in found:
            nat = _natural_event(body) or _ally_natural(body)
            if nat is not None:
                found["trigger"], flt, end = nat
                body = body[end:]
                changed = True
                continue
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
        if not changed and found.get("trigger") in _TURN_STARTS and not flt.within:  # 'Whenever a Dazed enemy
            wr = re.match(r"^within reach(?: of it)?[,;:.]?\s*", body)  # activates within Reach,'
            if wr:
                flt = replace(flt, within=-3)
                body = body[wr.end():]
                changed = True
                continue
        if not changed and found.get("trigger") in _DAMAGED_OTHER and not flt.self_state:  # 'Use after an adjacent
            nd = re.match(r"^if (?:the|that) (?:ally|enemy|creature) is not destroyed[,;:.]\s*", body)  # ally is
            if nd:  # damaged, if the ally is not destroyed:' (that creature still on the map)
                flt = replace(flt, self_state="in-play")
                body = body[nd.end():]
                changed = True
                continue
        sv = re.match(r"^(?:vs\.?|against) (?:(?P<c>" + _GAINED + r")|ongoing (?P<t>" + _TYPE_ALT
                      + r")(?: damage)?)[,;:.]\s*", body) if found.get("trigger") in _SAVE_FAILED else None
        if not changed and sv is not None and not flt.target_state:  # 'when an enemy fails a save vs. Dazed / vs.
            flt = replace(flt, target_state="save-vs:" + (f"condition:{sv.group('c')}" if sv.group("c")  # ongoing
                                                          else f"ongoing:{sv.group('t')}"))  # poison': what it ends
            body = body[sv.end():]
            changed = True
            continue
        vs = re.match(r"^vs\.? (?P<d>ac|fort|ref|will|def)[,;:.]\s*", body) \
            if found.get("trigger") in ("attacked", "ally-attacked") and not flt.attack_form else None
        if not changed and vs is not None:  # 'Use when this creature is targeted by an attack vs. Will;': an attack
            d = vs.group("d")  # against that defence (DEF: Fortitude, Reflex or Will)
            flt = replace(flt, attack_form="vs:" + ("fort|ref|will" if d == "def" else d))
            body = body[vs.end():]
            changed = True
            continue
        fl = re.match(r"^(?:use )?only if it flanks that (?:enemy|target|creature)[,;:.]\s*", body) \
            if found.get("trigger") in _FLANK_ON else None
        if not changed and fl is not None:  # 'Use when a Beast ally attacks an enemy, only if this creature flanks
            flt = replace(flt, target_state="&".join(x for x in (flt.target_state, "flanking") if x))  # that enemy:'
            body = body[fl.end():]
            changed = True
            continue
        wc = re.match(r"^with combat advantage(?= against |[,;:.])[,;:.]?\s*", body) \
            if found.get("trigger") in ("attack-made", "declares") and not flt.target_state else None
        if not changed and wc is not None:  # 'Use when this creature makes a {m} attack with combat advantage
            flt = replace(flt, target_state="ca")  # against an enemy of equal or lower Level;'
            body = body[wc.end():]
            changed = True
            continue
        if not changed and found.get("trigger") in ("attack-made", "declares") and flt.target_state in ("", "ca"):
            tw = re.match(r"^against (?P<w>[^,;:.]+)[,;:.]\s*", body)  # 'Whenever this creature makes a {m} attack
            words = _against_target(tw.group("w")) if tw else ""  # against a living target;' (the target words;
            if tw and words:  # 'with combat advantage against an enemy of equal or lower Level': both)
                flt = replace(flt, target_state="&".join(x for x in (flt.target_state, words) if x))
                body = body[tw.end():]
                changed = True
                continue
        face = _INITIATIVE_FACE.match(body) if found.get("trigger") == "after-initiative" and not flt.natural else None
        if not changed and face is not None and _natural_range(face.group("nat")):  # 'if your roll was a natural
            flt = replace(flt, natural=_natural_range(face.group("nat")))  # 11-15,': its player's initiative die
            body = body[face.end():]
            changed = True
            continue
        if not changed and "trigger" in found:  # ', if the attack roll is a natural 16-20:'
            after = _natural_after(found["trigger"], flt, body)
            if after is not None:
                found["trigger"], flt, body = after
                changed = True
                continue
        ch = re.match(r"^while charging[,;:.]\s*", body) if found.get("trigger") in _MOVER_EVENTS \
            and not flt.self_state else None
        if not changed and ch is not None:  # 'when an enemy enters an adjacent square while charging': the mover's
            flt = replace(flt, self_state="charging")  # charge (its move and attack)
            body = body[ch.end():]
            changed = True
            continue
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
                and re.match(r"^(?:within|adjacent to|in|occupying|with(?:out| no) line|wothout line) ", body):
            # 'when it starts a turn within 5 squares of an Orc champion ally:', '... with no line of sight to ...'
            cond = _condition("while " + body, lead_only=True)
            sep = re.match(r"^\)?\s*[,;:.]\s*", body[cond[1] - 6:]) if cond is not None else None
            if cond is not None and sep is not None:
                found["requirement"] = cond[0]
                body = body[cond[1] - 6 + sep.end():]
                changed = True
                continue
        trig = found.get("trigger", "")
        own = re.match(r"^(?:on|during) its turn[,;:.]\s*", body) if "requirement" not in found and trig \
            and not trig.startswith(("ally-", "enemy-", "any-", "friend-", "own-turn")) else None
        if not changed and own is not None:  # 'when this creature misses with an attack on its turn;': its own event,
            found["requirement"] = "own-turn"  # on its own turn
            body = body[own.end():]
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


_EACH_THAT: Final = re.compile(r"^(?:(?P<eff>\d+ (?:(?:" + _TYPE_ALT + r") )?damage) to each "
                               r"(?P<who>enemy|creature|ally) that (?P<ev>[^.;:]+?)|each (?P<who2>enemy|creature|ally) "
                               r"that (?P<ev2>[^.;:]+?) takes (?P<eff2>\d+ (?:(?:" + _TYPE_ALT + r") )?damage))\.?$")


def _each_that(body: str) -> tuple[str, Filter, str] | None:
    """'N damage to each enemy that <event>' / 'each enemy that <event> takes N damage' (a whole power, or the one a
    power gives for a while): the event of each such creature, and the damage it takes ('whenever an enemy <event>:
    that enemy takes N damage') — (trigger, filter, the effect's words)."""
    m = _EACH_THAT.match(body)
    if m is None:
        return None
    who = m.group("who") or m.group("who2")
    words = f"whenever {'a' if who == 'creature' else 'an'} {who} {m.group('ev') or m.group('ev2')}"
    event = _composed_event(words)
    if event is None or event[2] < len(words):
        return None
    return event[0], event[1], f"that {who} takes {m.group('eff') or m.group('eff2')}"


def _against_target(words: str) -> str:
    """'a living target', 'a target that has already activated this round' as the target words' state ("" if
    they do not read all the words); one target is said as the vocabulary's plural ('living targets')."""
    for w in (words, re.sub(r"^an? (.+) target$", r"\1 targets", words)):
        read = _target_words(w)
        if read is not None and read[1] == len(w):
            return read[0]
    return ""


# the events whose target (an enemy) a trailing 'only if this creature flanks that enemy' may describe
_FLANK_ON: Final = frozenset({"ally-declares", "ally-hits", "ally-misses", "friend-declares", "friend-hits",
                              "ally-attack-resolved", "enemy-attacks-ally", "ally-attacked"})


# another creature's turn start, whose place a trailing 'within reach' may give
_TURN_STARTS: Final = frozenset({"enemy-starts-turn", "ally-starts-turn", "any-starts-turn"})


# a failed saving throw, whose effect a trailing 'vs. Dazed' may name
_SAVE_FAILED: Final = frozenset({"fails-save", "ally-fails-save", "enemy-fails-save"})


# another creature's damage (the engine calls its powers once the damage is dealt, when it destroys that creature too)
_DAMAGED_OTHER: Final = frozenset({"ally-damaged", "enemy-damaged", "any-damaged"})


# an enemy's move, whose charge a trailing 'while charging' may name
_MOVER_EVENTS: Final = frozenset({"enemy-enters-adjacent", "enemy-leaves-adjacent", "enemy-enters-within"})


# events with another creature whose place a trailing 'while adjacent to it' may give
_EVENT_OTHER: Final = frozenset({"enemy-destroyed", "ally-destroyed", "enemy-bloodied", "ally-bloodied",
                                 "enemy-first-bloodied"})


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


# the states of where a creature stands (ddm_guild_judge._holds_place judges them for any creature)
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


_NATURAL: Final = r"natural (?P<nat>\d+ ?- ?\d+|\d+\+|\d+(?:(?:, | or |, or )\d+)*)"


_NATURAL_EVENT: Final = re.compile(
    r"^(?:use )?(?:only )?(?:when|whenever|after) (?:it|its attack roll is a|it makes an? (?:(?P<form0>\{m\}|\{r\}|"
    r"\{b\}|\{mb\}|\{rb\}|melee|ranged) )?attack roll, if the result of that attack is a) ?(?:rolls an? )?" + _NATURAL
    + r"(?P<succ> on a successful attack)?(?: (?:on (?:an|the|its) attack roll|with an attack|on an attack))?"
    r"(?: (?:vs\.?|against) (?:an? )?(?P<t>[a-z\- ]+? target))?(?P<charging> when charging)?[,;:.]?\s*")


# the face of its player's initiative roll ('Use after rolling initiative: If your roll was a natural 11-15,')
_INITIATIVE_FACE: Final = re.compile(r"^,?\s*if (?:your|the) (?:result|roll|initiative roll) (?:is|was) (?:a )?"
                                     + _NATURAL + r"[,;:.]?\s*")


_NATURAL_IF: Final = re.compile(
    r"^(?:,?\s*if (?:the|that|its) (?:attack roll|result of that attack|d20 roll) (?:is|was) (?:a )?|with an? )"
    + _NATURAL
    + r"[,;:.]?\s*")


# the events whose attack roll a natural range may be judged on after it (the roll is made by then); an event at the
# declaration becomes the roll's own event
_NATURAL_AFTER: Final = {"hits": "hits", "ally-hits": "ally-hits", "misses": "misses", "declares": "rolls",
                         "attack-made": "rolls", "ally-declares": "ally-rolls", "any-declares": "any-rolls"}


_ALLY_NATURAL: Final = re.compile(
    r"^(?:use )?(?:only )?(?:when|whenever) an? (?:(?P<kw>[a-z\-]+) )?ally(?:'s (?:(?P<f1>\{m\}|\{r\}|melee|ranged) )?"
    r"attack roll is a|(?: within (?P<n>\d+) squares(?: of it)?)? rolls a) " + _NATURAL
    + r"(?: (?:on an attack roll|(?:with|on) an? (?:(?P<f2>\{m\}|\{r\}|\{m\} or \{r\}|melee|ranged) )?attack))?"
    r"[,;:.]?\s*")  # ('rolls a natural 20 on a {m} attack')


def _natural_range(words: str) -> str:
    """'18, 19, or 20' / '16-20' / '18+' / '13' as "lo-hi" (a range without gaps), else ""."""
    w = words.replace(" ", "")
    if w.endswith("+"):
        lo, hi = int(w[:-1]), 20
    elif "-" in w:
        a, b = w.split("-")
        lo, hi = int(a), int(b)
    else:
        faces = sorted(int(x) for x in re.split(r",or|,|or", w) if x)
        if faces != list(range(faces[0], faces[-1] + 1)):
            return ""
        lo, hi = faces[0], faces[-1]
    return f"{lo}-{hi}" if 1 <= lo <= hi <= 20 else ""


def _natural_event(body: str) -> tuple[str, Filter, int] | None:
    """An event on the natural d20 of its own attack roll (see above): (trigger, filter, length read)."""
    m = _NATURAL_EVENT.match(body)
    if m is None:
        return None
    nat = _natural_range(m.group("nat"))
    if not nat:
        return None
    state = ""
    if m.group("t"):  # 'vs. a living target'
        tflt, left = _mod_condition("against " + m.group("t"))
        if left or not tflt.target_state:
            return None
        state = "kinds:" + tflt.keyword if tflt.target_state == "keyword" else tflt.target_state
    form = "charge" if m.group("charging") else _FORMS.get(m.group("form0") + " ", "") if m.group("form0") else ""
    return ("hits" if m.group("succ") else "rolls"), Filter(target_state=state, attack_form=form, natural=nat), m.end()


def _ally_natural(body: str) -> tuple[str, Filter, int] | None:
    """'Use when an ally rolls a natural 19 with an {m} or {r} attack', "when an ally's {m} attack roll is a natural
    17+": the roll of an ally's attack (trigger ally-rolls)."""
    m = _ALLY_NATURAL.match(body)
    if m is None:
        return None
    nat = _natural_range(m.group("nat"))
    f = m.group("f1") or m.group("f2") or ""
    form = {"{m} or {r}": "melee|ranged"}.get(f) or (_FORMS.get(f + " ", "") if f else "")
    if not nat:
        return None
    try:
        kinds = _event_kinds(m.group("kw")) if m.group("kw") else ""
    except _Unread:
        return None
    return "ally-rolls", Filter(keyword=kinds, within=int(m.group("n") or 0), attack_form=form, natural=nat), m.end()


def _natural_after(trigger: str, flt: Filter, body: str) -> tuple[str, Filter, str] | None:
    """', if the attack roll is a natural 16-20:' after an attack's event: the event with that face."""
    m = _NATURAL_IF.match(body)
    if m is None or trigger not in _NATURAL_AFTER or flt.natural:
        return None
    nat = _natural_range(m.group("nat"))
    if not nat:
        return None
    return _NATURAL_AFTER[trigger], replace(flt, natural=nat), body[m.end():]
