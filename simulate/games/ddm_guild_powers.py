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

The reader is five modules, each one idea: ``ddm_guild_vocab`` (the records above and the names of every kind),
``ddm_guild_words`` (normalising the text, numbers, durations, groups of creatures, the when / while / if
conditions), ``ddm_guild_effects`` (statics, effects, riders that depend on the target, placement),
``ddm_guild_events`` (when a power acts: the prefixes, triggers and events read as parts, RECHARGE conditions) and
this one (attacks, whole powers and a card's powers).

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

from simulate.games.ddm_guild_effects import (
    _ALLIES_WHILE_ADJACENT,
    _CONDITION_WORDS,
    _WALL_WALKER,
    SAVE_TOGETHER,
    SNEAK_TARGET,
    _destroyed_while,
    _effects,
    _gate_filter,
    _static_keyword,
    _while_static,
    gain_words,
    saved_together,
)
from simulate.games.ddm_guild_events import (
    _prefixes,
    _recharge,
    _unaffected,
    _whole_event,
)
from simulate.games.ddm_guild_vocab import AttackSpec, Effect, Filter, Power, Static, _Unread
from simulate.games.ddm_guild_words import (
    _FORMS,
    _NOT_KINDS,
    _TYPE_ALT,
    _condition,
    _duration,
    _known_kinds,
    _mod_condition,
    _modifier,
    _subject,
    _target_kinds,
    _target_words,
    _words_to_int,
    kinds_known,
    negated_state,
    normalise,
)

# --- attacks ---------------------------------------------------------------------------------------------------

_ATTACK_RE: Final = re.compile(
    r"^(?P<ig>ignores? insubstantial[.:,]\s*|this attack (?:may|can) not be redirected[.:,]\s*)?"
    r"(?:\((?P<spec>[^)]*)\)\s*[:;,]?\s*)?(?P<np>(?:does not|doesn't) provoke opportunity attacks[,;:.]?\s*)?"
    r"(?P<roll>\+\s?(?P<bonus>\d+)|automatic(?:ally)? hits?|automatic(?= \d+ (?:[a-z]+ )?damage))"
    r"(?: vs\.? (?P<def>(?:ac|fort|ref|will)(?:\|(?:ac|fort|ref|will))?))?(?: each)?\s*[;:,.]?\s*(?P<rest>.*)$"
)
# "Make up to 2 attacks, each against a different target, +23 vs. AC; ..." and "2 attacks, +18 vs. AC each; ..."
_MULTI_RE: Final = re.compile(
    r"^(?:make )?(?:up to )?(?P<n>\d+|two|three) attacks?(?P<diff>,? each against a different "
    r"(?P<dw>[a-z ,\-]+? )?(?:target|enemy))?"
    r"(?P<same>,? (?:each )?(?:against|vs\.?) (?:1|one|the same|same|a single) (?P<sadj>adjacent )?target)?[,:;]?\s*"
    r"(?=\+|\()"
)
# '(range 5) 2 attacks against 1 target, +10 vs. AC each': the parenthesis before the number of attacks
# 'Roll 4d20 and use the highest result:', 'Cannot score a critical hit:', 'Treats targets with AC greater than 25 as
# AC 25:' before an attack's roll
_ROLL_LEADS: Final = re.compile(
    r"^(?:roll (?P<rolls>\d+)d20s?,? (?:and )?use the high(?:est|er)(?: result)?|cannot (?:score a|be a) critical hit|"
    r"treats (?:targets with )?(?:an )?ac (?:of )?greater than (?P<over>\d+) as (?:ac )?(?P<as>\d+))[:.,]\s*")
_PAREN_MULTI: Final = re.compile(
    r"^(?P<spec>\([^)]*\))\s*(?P<rest>(?:make )?(?:up to )?(?:\d+|two|three) attacks?\b.*)$")
_EACH_RE: Final = re.compile(
    r"^(?:make )?(?:1|one|an|a) attack (?:against|vs\.?) each "
    r"(?P<who>adjacent enemy|enemy (?:within|in) (?:its )?reach|enemy adjacent to it|enemy within (?P<n>\d+) squares"
    r"(?: of it)?)[,:]?\s*(?=\+|\()"
)
_MISS_TAIL: Final = re.compile(
    r"^(?P<hit>.*?)[,;]\s*(?P<n>\d+) ?(?P<t>(?:" + _TYPE_ALT + r")?) ?(?:damage )?(?:only )?on (?:a )?miss$"
)
_MISS_ONGOING: Final = re.compile(r"^(?P<hit>.*?)[,;]\s*(?P<miss>(?:ongoing \d+ (?:(?:" + _TYPE_ALT + r") )?damage|"
                                   r"dazed|slowed|immobilized|weakened|blinded) \(save ends\)) on (?:a )?miss$")
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
        if j > i and (parts[j].endswith(" only") or re.search(r" (?:targets?|enem(?:y|ies))$", parts[j])):
            out.append(" or ".join(re.sub(r"^or ", "", p) for p in parts[i:j + 1]))
            i = j + 1
        else:
            out.append(parts[i])
            i += 1
    return out


_SPEC_SINGLE: Final = frozenset({"sight", "nearest", "immediate", "non-adjacent", "nonadjacent"})


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
        if p in ("fear", "charm", "sleep", "illusion"):  # '(range 10, Fear)': the tag, dropped as elsewhere (normalise)
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
            before = _as_filter(out["filter"])  # '(non-adjacent, Medium or smaller target only)': both
            if before.keyword and keyword:
                raise _Unread(f"({p})")
            out["filter"] = Filter(keyword=keyword or before.keyword,
                                   target_state="&".join(x for x in (before.target_state, state) if x))
            continue
        m = re.match(r"^([a-z\-]+) (?:targets|creatures) immune$", p)
        if m:
            out["filter"] = Filter(keyword="!" + m.group(1).rstrip("s"))
            continue
        if _spec_words(p, out) or _spec_target(p, out):
            continue
        raise _Unread(f"({p})")
    return out


# more of what an attack's parenthesis may say, each a word of the vocabulary (no number is implied)
_SPEC_TARGETS: Final = re.compile(r"^(?:make )?(?P<n>\d+|two|three|four)(?: (?P<diff>different))? (?:targets|attacks)$|"
                                  r"^(?:make )?(?P<same>\d+|two|three|four) attacks (?:vs\.?|against) (?:the )?"
                                  r"(?:same|1|one|a single) target$|"
                                  r"^(?P<sight>\d+|two|three|four) (?:targets|attacks) within (?:line of )?sight$|"
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
            out["targets"], out["distinct"], out["same"] = 2, False, True
        elif m.group("same"):  # '(two attacks vs. same target)'
            out["targets"], out["distinct"], out["same"] = _words_to_int(m.group("same")), False, True
        elif m.group("sight"):  # '(3 targets within line of sight)': ranged, any distance in sight, each different
            out["targets"], out["distinct"] = _words_to_int(m.group("sight")), m.group(0).find("targets") > 0
            out["form"] = "area" if out["form"] == "area" else "ranged"
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
    rl = re.fullmatch(r"roll (\d+)d20,? (?:and )?use the high(?:est|er)(?: result)?", p)
    if rl:  # '(roll 2d20 and use the higher)'
        out["rolls"] = int(rl.group(1))
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
    cv = re.fullmatch(r"(?:only )?(?:with )?combat advantage (?:vs\.?|against) (?P<t>(?:an? )?[a-z ,\-]*?target)"
                      r"(?: only)?", p)
    if cv:  # '(combat advantage vs. target only)', '(only with combat advantage vs. a living target)'
        read = _target_words(cv.group("t")) if cv.group("t").strip() != "target" else ("", len(cv.group("t")))
        if read is not None and read[1] == len(cv.group("t")) and not _as_filter(out["filter"]).target_state:
            out["filter"] = replace(_as_filter(out["filter"]), target_state="&".join(x for x in ("ca", read[0]) if x))
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


def _spec_target(p: str, out: dict[str, object]) -> bool:
    """'(Level 10 or lower target)', '(Staggered, Stunned, or Helpless enemy)', '(target adjacent to wall)', '(targets
    in victory areas only)': the target words of the shared vocabulary (ddm_guild_words._target_words), with the
    state the parenthesis already gave (both must hold)."""
    words = re.sub(r"^(?:only )?(?:against |vs\.? )?", "", re.sub(r" only$", "", p))
    read = _target_words(words)
    if read is None or read[1] != len(words):
        return False
    flt = _as_filter(out["filter"])
    if flt.target_state and (flt.target_state == "keyword" or "/" in flt.target_state or "/" in read[0]):
        return False
    out["filter"] = replace(flt, target_state="&".join(x for x in (flt.target_state, read[0]) if x))
    return True


def _as_filter(x: object) -> Filter:
    return x if isinstance(x, Filter) else Filter()


# when a Followup is made, other than on a hit: on a natural roll of the first attack, or when that attack bloodied its
# target (extra "natural:16-20" / "if:bloodies", ddm_guild_attacks.extra_attack)
_FOLLOWUP_WHEN: Final = re.compile(r"if (?:the |this )?attack roll (?:is|was) (?:a )?natural (?P<lo>\d+)"
                                   r"(?:-(?P<hi>\d+)|\+| or higher)?|if (?:the |this )?attack (?:causes (?:the )?"
                                   r"target to become bloodied|bloodies (?:the )?target|makes (?:the )?target "
                                   r"bloodied)")
_MOVED_TOO: Final = re.compile(r"^(?:use|usable|useable) only if it has moved 1 or more squares? from its starting "
                                r"position this turn[.:;,]\s*")
_TYPE_ONCE: Final = re.compile(r"\b(?P<n>\d+) (?P<t>" + _TYPE_ALT + r") or (?P<n2>\d+) (?P<t2>" + _TYPE_ALT
                               + r") damage\b")
_TAG_IMMUNE: Final = re.compile(r"^(.+ \(save ends(?: both)?), ([a-z\-]+) immune\)\.?$")
_KINDS_IMMUNE: Final = re.compile(r"[,;.]\s*(?P<k>[a-z\-]+(?:(?:,|,? and|,? or) [a-z\-]+)*) (?:targets|creatures) "
                                  r"(?:are )?immune\.?$")


def _singular_kind(w: str) -> str:
    return w[:-1] if w.endswith("s") and not w.endswith("ss") and not kinds_known(w) else w


_LAST_TAIL: Final = re.compile(r"^(?P<body>.+?) on (?:a )?(?P<tag>miss|crit(?:ical)?(?: hit)?)$")
_MISS_SPLIT: Final = re.compile(
    r"(?:\.|;|,| and(?= on ))?\s*(?P<tag>on (?:a )?miss|miss|hit or miss|on (?:a )?crit(?:ical)?(?: hit)?|"
    r"critical(?: hit)?|"
    r"if (?:this attack|it) (?:misses|scores a critical hit))\s*[,:]\s*"
)


def _attack(text: str) -> tuple[AttackSpec, str]:
    """An attack's text after its name and prefixes (returns the spec and the action, use rate or requirement
    its parenthesis names: 'minor', 'per:turn', 'requirement:bloodied', comma-separated)."""
    targets = 1
    distinct = same = False
    multi_state = ""
    rolls, no_crit, ac_cap = 1, False, 0
    while True:  # what the roll does, printed before it
        lead = _ROLL_LEADS.match(text)
        if lead is None:
            break
        if lead.group("rolls"):
            rolls = int(lead.group("rolls"))
        elif lead.group("over"):
            if lead.group("over") != lead.group("as"):
                raise _Unread(text)
            ac_cap = int(lead.group("as"))
        else:
            no_crit = True
        text = text[lead.end():]
    pm = _PAREN_MULTI.match(text)
    pm_multi = _MULTI_RE.match(pm.group("rest")) if pm else None
    if pm and pm_multi:  # read as 'N attacks, (spec) +B vs. D'
        rest = pm.group("rest")
        text = rest[: pm_multi.end()] + pm.group("spec") + " " + rest[pm_multi.end():]
    mm = _MULTI_RE.match(text)
    if mm:
        targets = _words_to_int(mm.group("n"))
        distinct = bool(mm.group("diff"))
        same = bool(mm.group("same"))
        text = text[mm.end():]
        if mm.group("sadj"):  # 'Make 3 attacks against 1 adjacent target'
            multi_state = "adjacent"
        if mm.group("dw"):  # 'each against a different Medium or smaller target': the target words
            read = _target_words(mm.group("dw") + "target")
            if read is None or read[1] != len(mm.group("dw") + "target"):
                raise _Unread(text)
            multi_state = read[0]
    each = _EACH_RE.match(text)
    each_reach = False
    if each:
        each_reach = "reach" in each.group("who")
        text = text[each.end():]
    m = _ATTACK_RE.match(text)
    if m is None:
        raise _Unread(text)
    spec = _attack_spec(m.group("spec") or "")
    late = re.match(r"^\((?P<spec>(?:reach|range) \d+|sight)\)\s*", m.group("rest")) if not m.group("spec") else None
    if late:  # 'Bite: +20 vs. AC; (reach 2) 10 + 10 cold damage': the parenthesis printed after the roll
        spec = _attack_spec(late.group("spec"))
    if multi_state:
        flt0 = _as_filter(spec["filter"])
        if flt0.target_state:
            raise _Unread(text)
        spec["filter"] = replace(flt0, target_state=multi_state)
    if m.group("np"):  # '(nearest) Does not provoke opportunity attacks, +7 vs. Reflex'
        spec["provokes"] = False
    if m.group("ig"):  # 'Ignore Insubstantial. +17 vs. Reflex', 'This attack may not be redirected: (sight) +15 ...'
        spec["ignores"] = (*_as_tuple(spec["ignores"]), "insubstantial" if "insubstantial" in m.group("ig")
                           else "redirect")
    if each:
        spec["form"], spec["size"], spec["enemies_only"] = "close-burst", int(each.group("n") or 1), True
        if each_reach:
            spec["form"] = "reach-burst"
    auto = not m.group("bonus")
    bonus = int(m.group("bonus")) if m.group("bonus") else 0
    defence = m.group("def") or ("ac" if not auto else "")
    if not auto and not m.group("def"):
        raise _Unread(text)
    rest = m.group("rest")[late.end():].strip() if late else m.group("rest").strip()
    no_oa = re.match(r"^does not provoke opportunity attacks[;,:]\s*", rest)
    if no_oa:  # '(sight) +12 vs. DEF (Ref), does not provoke opportunity attacks; 15 fire Damage'
        spec["provokes"], rest = False, rest[no_oa.end():]
    rest = _TYPE_ONCE.sub(r"\g<n> \g<t> damage or \g<n2> \g<t2> damage", rest)  # '30 necrotic OR 30 fire Damage'
    # 'Immediate, when this creature hits with a {b} attack; +11 vs. AC against the same creature; 10 Damage': the
    # event's creature, which a triggered single-target attack takes anyway (ddm_guild_triggers.triggered_targets)
    rest = re.sub(r"^against (?:the same|that) (?:creature|target|enemy)[;,.]\s*(?=\d)", "", rest)
    rest = _TAG_IMMUNE.sub(lambda x: x.group(1) + "), " + x.group(2) + " targets immune", rest)  # 'Dazed (save ends
    # both, Fey immune)': as '..., Fey targets immune'
    immune = _KINDS_IMMUNE.search(rest)
    if immune:  # '10 thunder damage, Drow and Goblin targets immune': the attack does not reach them
        kinds = [_singular_kind(k) for k in re.split(r",? and |,? or |, ", immune.group("k"))]
        flt0 = _as_filter(spec["filter"])
        if flt0.keyword or not all(kinds_known(k) for k in kinds):
            raise _Unread(text)
        spec["filter"] = replace(flt0, keyword="+".join("!" + k for k in kinds))
        rest = rest[: immune.start()]
    many = targets > 1 or int(str(spec["targets"])) > 1
    if many:  # '2 attacks against the same target; +11 vs. AC to each; 10 Damage each'
        rest = re.sub(r"^to each[;,:]?\s*", "", rest)
    on_second: Effect | None = None
    sb = _SECOND_TAIL.search(rest)
    if sb and many:  # '... + 10 Damage to the second attack if both hit'
        on_second = _second_bonus(sb.group("w"))
        rest = rest[: sb.start()]
    ob = _ONE_OR_BOTH.match(rest.rstrip(" .")) if many and (same or bool(spec.get("same"))) else None
    if ob:  # '15 Damage if one hits, 40 Damage if both hit' (reading ddm-guild.one-or-both): each hit deals 15, the
        one, both = int(ob.group("one")), int(ob.group("both"))  # second 25 more when the first hit too
        if both < 2 * one:
            raise _Unread(text)
        rest = f"{one} damage"
        if both > 2 * one:
            on_second = Effect("mod", "self", both - 2 * one, "damage", "attack", extra=("second-if-first",))
    nc = re.match(r"^cannot be a critical hit[;,.]\s*", rest)
    if nc:  # '+18 vs. Fortitude, cannot be a critical hit; 75 damage'
        no_crit, rest = True, rest[nc.end():]
    if spec.get("rolls"):
        rolls = int(str(spec["rolls"]))
    alt_bonus, alt_gate = 0, Filter()
    alt = _ALT_BONUS.match(rest)  # '+9 vs. AC, +14 vs. AC instead if target is bloodied; 30 damage'
    if alt and not auto:
        gate = _gate_filter(alt.group("s"), True)
        if gate is None or (alt.group("def") or defence) != defence:
            raise _Unread(text)
        alt_bonus, alt_gate, rest = int(alt.group("n")), gate, alt.group("rest")
    reroll = _REROLL_MISS.search(rest)  # "reroll once on miss", "On miss, re-roll once.", "On miss, if target is
    if reroll:  # adjacent, reroll the attack (maximum once per turn)"
        rest = (rest[: reroll.start()] + rest[reroll.end():]).strip()
    mid = _IGNORES_MID.search(rest)  # '10 damage, ignore resist AND Dazed (save ends)'
    if mid:
        rest = (rest[: mid.start()] + rest[mid.end():]).strip()
        spec["ignores"] = (*_as_tuple(spec["ignores"]), mid.group(1))
    ignored = _IGNORES_TAIL.search(rest)  # "10 damage; ignore insubstantial", "immobilized (ignore insubstantial)"
    if ignored:
        rest = (rest[: ignored.start()] + rest[ignored.end():]).strip()
        spec["ignores"] = (*_as_tuple(spec["ignores"]), ignored.group(1))
    sure = _NO_AUTO_MISS.search(rest)  # '20 Damage; rolls of natural 1 are not automatic misses with this attack'
    if sure:
        rest = rest[: sure.start()].strip()
        spec["ignores"] = (*_as_tuple(spec["ignores"]), "auto-miss")
    follow: AttackSpec | None = None
    fu = re.search(r"\s+and followup(?P<when> if [^:;]+)?:\s*(?=\+|\()", rest)
    follow_when: tuple[str, ...] = ()
    if fu:
        if fu.group("when"):  # 'Followup if attack roll is a natural 16-20:', '... if attack causes target to become
            when = _FOLLOWUP_WHEN.fullmatch(fu.group("when").strip())  # bloodied:'
            if when is None:
                raise _Unread(fu.group("when"))
            follow_when = (f"natural:{when.group('lo')}-{when.group('hi') or 20}",) if when.group("lo") \
                else ("if:bloodies",)
        follow, _ = _attack(rest[fu.end():])
        rest = rest[: fu.start()]
    rest = re.sub(r" each\.?$", "", rest)
    tail = _MISS_TAIL.match(rest.rstrip(" ."))
    miss_tail = ""
    og = _MISS_ONGOING.match(rest.rstrip(" .")) if tail is None else None
    if og:  # 'ongoing 25 damage (save ends), ongoing 10 damage (save ends) on miss'
        rest, miss_tail = og.group("hit"), og.group("miss")
    if tail:
        rest = tail.group("hit")
        miss_tail = f"{tail.group('n')} {tail.group('t')} damage".replace("  ", " ")
    rest = re.sub(r"([.;,]\s*on (?:a )?miss) (?=(?:it|this creature|target) )", r"\1, ", rest)  # 'On miss this
    # creature has ...'
    crit_tail = ""
    last = _LAST_TAIL.match(rest.rstrip(" .")) if not miss_tail and not _MISS_SPLIT.search(rest) else None
    if last:  # '15 damage, target is also Stunned on critical hit', '15 damage AND 10 ongoing damage on a critical
        # hit', '20 cold Damage AND Immobilized, 10 cold and Slowed on miss': the last clause before the tag
        body_words = last.group("body")
        cut = max(body_words.rfind(", "), body_words.rfind("; "))
        sep = 2 if cut >= 0 else 5
        if cut < 0:
            cut = body_words.rfind(" and ")
        if cut > 0:
            rest, words = body_words[:cut], body_words[cut + sep:]
            if last.group("tag").startswith("miss"):
                miss_tail = words
            else:
                crit_tail = words
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
    if crit_tail:
        parts["crit"] = crit_tail
    hit = _attack_effects(parts["hit"])
    if on_second is not None:
        hit.append(on_second)
    if follow is not None:
        hit.append(Effect("attack", "self", 0, "followup", follow=follow, extra=follow_when))
    miss = _attack_effects(parts.get("miss", ""))
    always = _attack_effects(parts.get("always", ""))
    crit_text = parts.get("crit", "")
    if SAVE_TOGETHER.search(crit_text) and not SAVE_TOGETHER.search(parts["hit"]):  # 'Dazed (save ends); on a
        # critical, target is also Dominated (save ends both)': the hit's and the critical hit's, one save
        crit = _attack_effects(SAVE_TOGETHER.sub("save ends", crit_text))
        linked = saved_together([*hit, *crit], crit_text, set())
        hit, crit = linked[: len(hit)], linked[len(hit):]
    else:
        crit = _attack_effects(crit_text)
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
        reroll_limit="turn" if reroll and reroll.group("lim") else "",
        reroll_if="adjacent" if reroll and reroll.group("adj") else "",
        same=bool(spec.get("same")) if spec["targets"] != 1 else same, rolls=rolls, no_crit=no_crit, ac_cap=ac_cap,
        alt_bonus=alt_bonus, alt_gate=alt_gate,
    ), ",".join(x for x in (str(spec.get("action") or ""), "per:" + str(spec["per"]) if spec.get("per") else "",
                            "requirement:" + str(spec["requirement"]) if spec.get("requirement") else "") if x)


_ALT_BONUS: Final = re.compile(r"^(?:or )?\+(?P<n>\d+)(?: vs\.? (?P<def>ac|fort|ref|will))?(?: instead)? if (?:the )?"
                                r"target (?:is )?(?P<s>[^;,]+?)\s*;\s*(?P<rest>.*)$")  # ('+4 vs. AC, or +9 if target is
# Bloodied; 30 Damage')
_IGNORES_MID: Final = re.compile(r"(?:,\s*|\s*\()ignores? (resist)(?: all)?\)?(?= and )")  # ('25 damage (ignores
# Resist) AND push 1', '10 damage, ignore Resist All AND Immobilized')
_NO_AUTO_MISS: Final = re.compile(r"\s*[;,.]\s*(?:attack )?rolls of (?:a )?natural 1 (?:are|is) not (?:an )?automatic "
                                  r"miss(?:es)?(?: with this attack)?\.?$")
_IGNORES_TAIL: Final = re.compile(r"\s*[;,(]\s*\(?ignores? (insubstantial|conceal|resist)\)?\.?$")


# the attack's own modifiers printed in its line, each counted for its creature's allies or held while its creature is
# in a state ('+16 vs. AC, +1 attack for each Kobold ally within 6 squares; 15 damage', '10 damage, +10 radiant damage
# per Dragon ally adjacent to this creature', '10 damage. +2 attack and +5 damage (maximum +10 damage) for each Rage
# ally within 4 squares of this creature', '10 damage, +5 damage if this creature is adjacent to a Wild ally'): read
# as the modifiers of a static of the card that counts for this attack only (its filter's attack form "power:<name>")
_OWN_MODS: Final = re.compile(
    r"(?P<lead>[,.;]\s*)(?P<mods>\+\d+ [^;.]*?\b(?:for each|per|if it is|while it is)\b[^;.]*?)(?=[;.]|$)")
_OWN_TYPED: Final = re.compile(r"^\+(?P<n>\d+) (?P<t>" + _TYPE_ALT + r")(?: damage)? (?P<rest>for each .+)$")


_OWN_KEEN: Final = re.compile(r"[,;.]\s*(?:it )?scores? critical(?:s| hits)? on (?:attack )?rolls of (?:a )?natural "
                              r"(?P<n>\d+)(?:\+|-20)\.?$")


def _own_keen(body: str, name: str) -> tuple[str, tuple[Static, ...]] | None:
    """'15 Damage, scores criticals on attack rolls of natural 19+': that attack's Keen Critical (a static of the card
    for that attack only, as ``_own_modifiers``); None when the words are not these."""
    m = _OWN_KEEN.search(body)
    if m is None:
        return None
    return body[: m.start()], (Static("keen-critical", int(m.group("n")), filter=Filter(attack_form="power:" + name)),)


def _own_modifiers(body: str, name: str) -> tuple[str, tuple[Static, ...]] | None:
    """The attack's words without its own modifiers, and those modifiers as statics of the power (see above); None
    when there are none or they do not read."""
    roll = re.search(r"\bvs\.? (?:ac|fort|ref|will)\b", body)
    if roll is None:
        return None
    m = _OWN_MODS.search(body, roll.end())
    if m is None:
        return None
    words = re.sub(r" per (?=[a-z])", " for each ", m.group("mods"))
    typed = _OWN_TYPED.match(words)
    mods = _modifier(f"+{typed.group('n')} damage {typed.group('rest')}" if typed else words)
    if not mods or any(stat.split("*")[0] not in ("attack", "damage") or f.attack_form or f.target_state
                       or d or not ("*" in stat or f.self_state) for stat, _n, f, d in mods):
        return None
    if typed:  # '+5 lightning damage for each Spawn adjacent to it': that damage type, counted
        mods = [(stat.replace("damage", "damage:" + typed.group("t"), 1), n, f, d) for stat, n, f, d in mods]
    statics = tuple(Static("mod", n, stat, replace(f, attack_form="power:" + name)) for stat, n, f, _d in mods)
    return body[: m.start()] + body[m.end():], statics


def _as_tuple(x: object) -> tuple[str, ...]:
    return tuple(str(v) for v in x) if isinstance(x, tuple) else ()


_REROLL_MISS: Final = re.compile(
    r"[;,.]?\s*(?:re-?roll once on (?:a )?miss|on (?:a )?miss,? re-?roll once"
    r"|on (?:a )?miss,? (?P<adj>if (?:the )?target is adjacent,? )?re-?roll (?:the|that) attack(?:,? instead)?"
    r"(?: \((?P<lim>(?:maximum )?once per turn)\))?)\.?$")


def _attack_effects(text: str) -> list[Effect]:
    t = text.strip(" .;,").replace("(max. ", "(maximum ")
    if not t:
        return []
    t = re.sub(r"\band\b", "and", t)
    # the riders of an attack are joined by AND (printed in capitals on the cards)
    out: list[Effect] = []
    split = re.split(r" and (?=(?:\d|-\d+ to |ongoing|push|pull|slide|dazed|stunned|immobilized|slowed|weakened|"
                     r"helpless|dominated|blinded|marked|confused|staggered|target|the target|it |this creature|"
                     r"each|grants|knock|[a-z]+ (?:ally|allies|enemy|enemies)|make |makes |repeat |"
                     r"creatures adjacent to |until [^,;:]+, |"
                     r"(?:an? )?(?:(?!ally |allies |enemy |enemies |adjacent |each |all )[a-z,\-]+ )+?"
                     r"(?:target|targets|creatures?) (?:is|are|takes|take) |-\d+ (?:attack|ac|speed)\b))", t)
    pieces: list[str] = []
    for piece in split:  # '-2 AC and -2 Attack (until end of battle)': one modifier, one duration
        if pieces and re.match(r"^-\d", piece) and re.match(r"^-\d+ [a-z]+$", pieces[-1]):
            pieces[-1] += " and " + piece
        elif pieces and pieces[-1] == "it" and piece.startswith("each ally "):  # 'this creature and each ally has
            pieces[-1] += " and " + piece  # +2 Attack ... against target'
        else:
            pieces.append(piece)
    starts: list[int] = []  # where each piece's effects begin
    for piece in pieces:
        starts.append(len(out))
        if re.match(r"^(?:it|it and each ally|each ally|allies) ha(?:s|ve) [+-]\d", piece):  # '... has +2 Attack
            # against target': against that one
            piece = re.sub(r" (?:against|vs\.?) (?:the )?target(?![\w'])", " against that enemy", piece)
        piece = re.sub(r"^each target (?=is |takes |has )", "target ", piece)  # ('hit or miss, each target is
        # Dazed': each creature the attack is made against)
        curse = _TARGET_CURSE.match(piece)
        if curse:  # 'target takes 10 damage whenever it declares a non-{b} attack (save ends)': the target has that
            # triggered power of its own for the while (a "grant"; ddm-guild.target-curse)
            dur = _duration(curse.group("d1") or curse.group("d2") or "")
            if not dur:
                raise _Unread(piece)  # (for how long is not printed)
            once = "once per turn, " if curse.group("per") else ""
            out.append(Effect("grant", "target", 0, f"{once}whenever it {curse.group('ev')}: it takes "
                                                    f"{curse.group('dmg')}.", dur))
            continue
        became = _BECAME_BLOODIED.match(piece)
        if became:  # 'if target became bloodied, target is also Slowed until end of battle': once this hit bloodied it
            then = _effects(became.group("rest"), "target", "hit")
            if not then or any(e.who != "target" or e.kind not in ("condition", "mod", "ongoing", "damage")
                               for e in then):
                raise _Unread(piece)
            out.extend(replace(e, extra=(*e.extra, "if:bloodies")) for e in then)
            continue
        healed = _HEALS_PER_DESTROYED.match(piece)
        if healed:  # 'this creature heals 5 for each target destroyed': as each target the hit destroys
            piece = f"if target is destroyed, it heals {healed.group('n')} hp"
        destroyed = _IF_DESTROYED.match(piece)
        if destroyed:  # 'if target is destroyed, make a basic melee attack': once the hit has destroyed it
            then = _effects(destroyed.group("rest"), "self", "power")
            if not then or any(e.kind not in ("attack", "heal", "condition") or e.who != "self" or e.what == "same"
                               for e in then):
                raise _Unread(piece)
            out.extend(replace(e, extra=(*e.extra, "if:destroyed")) for e in then)
            continue
        if _TYPED_NUMBER.fullmatch(piece):  # '10 fire AND 10 ongoing fire damage': the damage word printed once
            piece += " damage"
        both = _BOTH_APART.match(piece)
        if both and out and out[-1].kind in ("ongoing", "condition") and out[-1].who == "target":
            # 'ongoing 5 Damage AND Slowed (both end when target is not adjacent to this creature)': no save ends them
            read = _effects(both.group("c") + " until end of battle", "target", "hit")
            if not read or any(e.kind != "condition" for e in read):
                raise _Unread(piece)
            out[-1] = replace(out[-1], duration="battle", extra=(*out[-1].extra, "apart:0"))
            out.extend(replace(e, extra=(*e.extra, "apart:0")) for e in read)
            continue
        ap = _APART_ENDS.match(piece)
        if ap:  # 'Immobilized (save ends, or ends if this creature becomes nonadjacent to target)', 'Stunned (save
            # ends; also ends if affected creature becomes 4 or more squares away from this creature)': apart, it ends
            read = _effects(ap.group("c") + (" (save ends)" if ap.group("save") else " until end of battle"), "target",
                            "hit")
            if not read or any(e.kind != "condition" for e in read):
                raise _Unread(piece)
            out.extend(replace(e, extra=(*e.extra, f"apart:{ap.group('n') or 0}")) for e in read)
            continue
        de = _DAMAGE_ENDS.match(piece)
        if de:  # 'Helpless (save ends, damage ends)', 'Helpless (save ends, or ends if target takes damage)', 'Helpless
            # until affected creature takes damage (save ends)', 'Confused (ends when target takes damage)(save ends)'
            words = re.sub(r"^target (?=[a-z]+$)", "", de.group("c") or de.group("c2"))  # ('target Helpless until it
            read = _effects(words + " (save ends" + (de.group("both") or de.group("both2") or "") + ")", "target",
                            "hit")  # takes damage (save ends)')
            if not read or any(e.kind != "condition" or e.duration != "save" for e in read):
                raise _Unread(piece)
            out.extend(replace(e, extra=(*e.extra, "damage-ends")) for e in read)
            continue
        kc = _KIND_CREATURES.match(piece)
        if kc and _known_kinds(kc.group("k").rstrip("s")):  # 'Evil creatures are Dazed': the targets of that kind
            piece = kc.group("k") + " targets " + kc.group("rest")
        fm = _FORCED_WORDS.match(piece)
        read_w = _target_words(fm.group("w")) if fm else None
        if fm and read_w is not None and read_w[1] == len(fm.group("w")) and not read_w[0].startswith("kinds:"):
            # 'Push Large or smaller target 3 squares': only a target the words describe (judged before the hit)
            out.extend(replace(e, gate=Filter(target_state=read_w[0]))
                       for e in _effects(f"{fm.group('v')} target {fm.group('n')}", "target", "hit"))
            continue
        splash = _splash(piece)
        if splash is not None:
            out.extend(splash)
            continue
        out.extend(_effects(piece, "target", "hit"))
    together = [k for k, piece in enumerate(pieces) if SAVE_TOGETHER.search(piece)]
    if len(together) > 1:
        raise _Unread(t)
    if together:  # 'Slowed AND ongoing 5 acid damage (save ends both)': the pieces up to that one, but those with a
        k = together[0]  # duration of their own
        end = starts[k + 1] if k + 1 < len(starts) else len(out)
        printed = {i for j in range(k) if re.search(r"\(|\buntil\b|\bend of\b", pieces[j])
                   for i in range(starts[j], starts[j + 1])}
        out[:end] = saved_together(out[:end], pieces[k], printed)
    return _instead_of(out, text)


# damage to creatures near the target or the attacker, printed object last ('10 damage to each creature adjacent to
# target', '10 Damage to a different enemy adjacent to this creature') or with a bare plural ('creatures adjacent to
# target take 10 thunder damage'), or measured from the target ('each enemy within 2 squares of target takes 5
# lightning damage'): read as 'X takes N damage'; 'a different enemy' (of its attacker) is one that is not the target
# (extra "other"), 'within N squares of target' counts from the target (extra "of-target")
_DAMAGE_TO: Final = re.compile(r"^(?P<dmg>\d+ (?:(?:" + _TYPE_ALT + r") )?damage) to "
                               r"(?P<who>(?:each|1|one|an?) [^,;]+)$")
_BARE_NEAR: Final = re.compile(r"^creatures (?P<where>adjacent to (?:the )?target) take (?P<rest>.+)$")
_DIFFERENT: Final = re.compile(r"^(?:an?|1|one) (?:different|other) enemy "
                               r"(?P<where>adjacent to it|within \d+ squares(?: of it)?) ")
_OF_TARGET: Final = re.compile(r"^(?P<who>each (?:enemy|ally|creature)) within (?P<n>\d+) squares? of (?:the )?target ")


def _splash(piece: str) -> list[Effect] | None:
    """An attack's rider on creatures near its target or its attacker written as above, or None."""
    to = _DAMAGE_TO.match(piece)
    if to:
        who = to.group("who")
        piece = f"{who} takes {to.group('dmg')}"
    bare = _BARE_NEAR.match(piece)
    if bare:
        piece = f"each creature {bare.group('where')} takes {bare.group('rest')}"
    extra: tuple[str, ...] = ()
    within = 0
    other = _DIFFERENT.match(piece)
    if other:
        piece, extra = "1 enemy " + other.group("where") + " " + piece[other.end():], ("other",)
    near = _OF_TARGET.match(piece)
    if near:
        within, extra = int(near.group("n")), ("of-target",)
        piece = near.group("who") + " " + piece[near.end():]
    if not (to or bare or other or near):
        return None
    read = _effects(piece, "target", "hit")
    if not read or any(e.kind != "damage" or e.who not in _SPLASH_WHO for e in read):
        raise _Unread(piece)
    if near:
        read = [replace(e, filter=replace(e.filter, within=within)) for e in read]
    return [replace(e, extra=(*e.extra, *extra)) for e in read]


_SPLASH_WHO: Final = frozenset({"all", "enemies", "allies", "chosen-enemy"})
# a curse on the target: damage it takes whenever it does something, for a while ('until this creature is destroyed,
# target takes 10 damage whenever it hits with a {m} attack', '... whenever it rolls a natural 10-20 on an attack roll
# (maximum 1 per turn) until end of battle')
_TARGET_CURSE: Final = re.compile(
    r"^(?:(?P<d1>until [^,;:]+), )?(?:the )?target takes (?P<dmg>\d+ (?:(?:" + _TYPE_ALT + r") )?damage) whenever it "
    r"(?P<ev>[^,;:()]+?)(?P<per> \((?:maximum|max\.?) (?:1|one) (?:time )?per turn\))?"
    r"(?: (?P<d2>\(save ends\)|until [^,;:()]+))?$")
_IF_DESTROYED: Final = re.compile(r"^if (?:the )?target is destroyed,? (?P<rest>makes? .+|it heals \d+ hp|it is "
                                  r"(?:immobilized|dazed|slowed|weakened|stunned)(?: \([^)]*\)| until [a-z ']+)?)$")
_BECAME_BLOODIED: Final = re.compile(r"^if (?:the )?target (?:became|becomes|is now) bloodied,? (?P<rest>(?:the )?"
                                     r"target (?:is|takes|has) .+)$")
_HEALS_PER_DESTROYED: Final = re.compile(r"^it heals (?P<n>\d+)(?: hp)? for each target destroyed$")
_FORCED_WORDS: Final = re.compile(r"^(?P<v>push|pull|slide) (?P<w>[a-z ,\-]+? target) (?P<n>(?:up to )?\d+ squares?|"
                                  r"adjacent)$")
_TYPED_NUMBER: Final = re.compile(r"\d+ (?:" + _TYPE_ALT + r")")
_APART_ENDS: Final = re.compile(
    r"^(?P<c>.+?) \((?:(?P<save>save ends)[,;] (?:or |also )?)?ends? (?:if|when) (?:it|affected creature|(?:the )?"
    r"target) (?:becomes|is) (?:non-?adjacent to (?:the )?(?:target|it)|no longer adjacent(?: to (?:the )?(?:target|"
    r"it))?|(?P<n>\d+) or more squares (?:away|distant) "
    r"from it)\)?$")
_BOTH_APART: Final = re.compile(r"^(?P<c>[a-z]+) \(both end (?:if|when) (?:the )?target (?:is not|is no longer|becomes "
                                r"non-?) ?adjacent to it\)$")
_DAMAGE_ENDS: Final = re.compile(r"^(?P<c>.+?) \(save ends(?P<both> both)?[,;] (?:or |also )?(?:damage ends|"
                                 r"ends (?:if|when) (?:the )?target takes damage)\)?$|"
                                 r"^(?P<c2>.+?) (?:until (?:affected creature|it|the target|target) takes damage ?|"
                                 r"\(ends (?:when|if) (?:the )?target takes damage\) ?)\(save ends(?P<both2> both)?\)$")
_KIND_CREATURES: Final = re.compile(r"^(?P<k>[a-z\-]+) creatures (?P<rest>(?:are|take) .+)$")


def _instead_of(effects: list[Effect], text: str) -> list[Effect]:
    """A rider 'instead' replaces the rider of its kind before it ('Dazed (save ends); if target is already Dazed, it
    is Stunned instead'): there must be one; a condition with no duration of its own keeps the one it replaces."""
    out: list[Effect] = []
    for e in effects:
        if "instead" in e.extra:
            kinds = ("damage", "ongoing") if "instead-damage" in e.extra else (e.kind,)
            base = [x for x in out if x.kind in kinds and not x.gate.target_state and "bonus" not in x.extra]
            if not base:
                raise _Unread(f"{text} (instead of what?)")
            if e.kind == "condition" and not e.duration:
                e = replace(e, duration=base[-1].duration or "end-next-turn")
        out.append(e)
    return out


# --- powers ----------------------------------------------------------------------------------------------------

# (a name may end in a parenthesis of its own: "Tiamat's Blessing (Acid): (Aura 1) ...")
_NAME_RE: Final = re.compile(r"^(?P<name>[^:;(]{1,70}?(?:\s*\([a-z ]{1,20}\))?)\s*[:]\s*(?P<body>.*)$")


# 'use when an adjacent Dwarf enemy hits it with a {m} attack' is read as who acts ('an adjacent Dwarf enemy'), what
# it does ('hits'), to whom ('it') and with what ('a {m} attack'); the parts pick the trigger the engine fires and
# say which of its creatures each description limits. An engine event gives a power two creatures: the "other"
# (the ally of an ally-event, else the event's target), whom a filter's keyword, self_state and within describe, and
# the target, whom its target_state describes. A description that has no place in the filter is not read, and the
# older readers (above) are asked first, so this only widens what is read.


# 'Use when this creature rolls a natural 18, 19, or 20 on an attack roll', 'whenever it rolls a natural 13 on the
# attack roll vs. a living target', 'when it hits a Medium or smaller enemy with a natural 18+', 'whenever it hits
# with an attack, if the attack roll is a natural 16-20:', 'use after it makes a {b} attack roll, if the result of
# that attack is a natural 18 or 19': the die's face is one more part of the event (Filter.natural), judged on the
# roll the engine just made. An event on the roll itself ('rolls a natural ...', whether it hits or not; reading
# ddm-guild.natural-roll) is the trigger "rolls" (its own attack) or "ally-rolls"; after a hit it stays "hits".


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
        if body.startswith(name + ":"):  # 'Vindicating Blow: Vindicating Blow: +12 vs. AC': the name printed twice
            body = body[len(name) + 1:].strip()
    display = _display_name(text, name)
    try:
        read = _read(index, ptype, text, uses, display, name, body)
        own = _OWN_IMMEDIATE.search(body) if read.trigger and not read.action and read.attack is None else None
        if own is not None and (not (own.group(1) or own.group(2)) or not any(
                e.kind in ("menu", "grant") for e in read.effects)):
            read = replace(read, action="immediate")  # its own immediate action: one a round (after 'then', or 'an
            # immediate {b} attack', not in one option of a menu, 'Deathstrike Punisher: Recharge Double Smash, then
            # make a Double Smash attack as an immediate action. Rise Again: ...', nor in a power it gives for a while)
        return _sneak_attack(read) if _SNEAK_NAME.match(name) else read
    except _Unread as exc:
        return Power(index=index, name=display, ptype=ptype, text=text, uses=uses, unplayed=str(exc) or t)


_SNEAK_NAME: Final = re.compile(r"^sneak attack \+?\d+$")


def _sneak_attack(p: Power) -> Power:
    """A power named 'Sneak Attack N' whatever its reminder says ('+5 {m} Damage whenever this creature has combat
    advantage against target', 'Whenever this creature hits an enemy granting it combat advantage: +10 damage on that
    attack'): its combat advantage condition is Sneak Attack's, which Immune Sneak Attack spares."""
    if p.unplayed:
        return p
    statics = tuple(replace(s, filter=replace(s.filter, target_state=SNEAK_TARGET)) if s.kind == "mod"
                    and s.filter.target_state == "ca" else s for s in p.statics)
    tf = p.trigger_filter
    if p.trigger == "hits" and tf.target_state == "ca":
        tf = replace(tf, target_state=SNEAK_TARGET)
    if p.trigger == "hits" and tf.self_state == "ca":  # (the state of the creature it hits)
        tf = replace(tf, self_state=SNEAK_TARGET)
    return replace(p, statics=statics, trigger_filter=tf)


# 'Use when this creature is destroyed: Make 1 {b} attack as an immediate action', 'Use after an enemy misses this
# creature: Shift as an immediate action', 'Redirect that attack to this creature as an immediate action': what the
# power's own creature does is its immediate action (another creature's, 'That ally makes a {b} attack as an
# immediate action', is that creature's, see ddm_guild_effects); 'make an immediate {b} attack' too
_OWN_IMMEDIATE: Final = re.compile(r"(?:^|[:;.,]\s)(then,? )?(?:it (?:may |can )?)?(?:(?:make|makes|move|moves|shift"
                                   r"|shifts|teleport|teleports|redirect)\b[^.;:]*\bas an? immediate action\b|(makes? "
                                   r"an immediate \{[mrb]+\} attack\b))")


def _display_name(text: str, name: str) -> str:
    """The power's name as printed, its apostrophes straight ('Raider’s Blast' is the "Raider's Blast" another power's
    words name: the reader's text has straight ones)."""
    if name and ":" not in text[: len(name) + 1]:  # 'Poison Sting +12 vs. AC': its name printed without a colon
        return text[: len(name)].strip().replace("’", "'")
    if name:
        return text.split(":", 1)[0].strip().replace("’", "'")
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
            read = _read_body(index, ptype, text, uses, display, body)
        except _Unread:
            return _keyword_power(index, display, ptype, text, uses, kw)
        if read.statics and all(s.kind == "gain" for s in read.statics) and not read.effects:
            return _keyword_power(index, display, ptype, text, uses, kw)  # ('Ponderous: Can't shift': the keyword)
        return read
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
    r"combat advantage)(?: with (?:a |an )?(?P<f>\{m\}|\{r\}|melee|ranged) attack)?(?P<c> while charging)?[:,;]?\s*"
    r"\+(?P<n>\d+) damage(?: on that attack)?$"
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


# another champion's champion power used as its own ('Use an enemy's champion power as if this creature had that power',
# 'Use the Champion power of an allied Orc champion ...', 'Use when this creature occupies a victory area. Use a
# champion power of an allied champion ...'; the reader's 'a champion ally' is 'an allied champion')
_BORROW: Final = re.compile(
    r"^(?P<req>use when it occupies a victory area\. )?use (?:1|one|a|an|the) (?:(?P<s1>enemy|enemy's) )?champion "
    r"power(?: of (?:an? )?(?:allied (?P<k>[a-z\-]+) champion|champion (?P<s3>ally|enemy)))?,? as (?:if|it) it had "
    r"that (?:champion )?power\.?$")


# a warband-building rule a card prints ('Your warband may not include other Dragon creatures', 'Strength in Numbers 2:
# increase your warband's creature limit by 2'): it decides which lists are legal and has nothing to play in a battle
_CONSTRUCTION: Final = re.compile(
    r"^(?:(?:its|your) warband (?:may not|cannot|can not|must|may) (?:include|contain) [^.;:]+"
    r"|increase your warband's creature limit by \d+|your warband's creature limit is increased by \d+"
    r"|(?:warband building: )?all [a-z\- ]+ are legal in your warband"
    r"|(?:warband building: )?you may include (?:one|two|\d+) [a-z\- ]+ (?:in your warband )?from the [a-z]+ faction"
    r"(?: in your warband)?"
    r"|every \d+ creatures named [a-z\- ']+ count as 1 creature for (?:your warband's creature limit|the purpose of "
    r"warband construction)"
    r"|(?:it is )?legal in a warband of any faction that includes an? [a-z\- ]+ champion"
    r"|[a-z\-]+ allies cost \d+ less than normal for purposes of warband construction\. opponents score vp normally "
    r"for eliminating them"
    r"|(?:it )?cannot be assigned items)\.?$")  # ('Vow of Poverty': no battle assigns items)


# 'This can increase this creature's HP above its starting total, though it is considered Bloodied only at 10 HP or
# fewer' (Savage Frenzy and four more): the power's own HP gain passes the starting total, and the card names its
# bloodied line
_TWO_SAVE_DICE: Final = re.compile(
    r"^whenever (?:it rolls a sav(?:e|ing throw)|making a saving throw|it makes a saving throw),? roll "
    r"(?:1 extra d20|an extra 1?d20|2d20) and (?:use|take) the higher result\.?$")
_CONCEAL_DIE: Final = re.compile(
    r"^use when (?:rolling for conceal|attacking an? (?P<adj>adjacent )?enemy with conceal)[.:;,] roll an extra 1?d20"
    r"(?: against (?:the enemy's|its) conceal)? and use the higher result\.?$")
_OVER_HEAL: Final = re.compile(r"[.;]?\s*this can increase its hp above its starting total, though it is (?:still )?"
                               r"considered bloodied (?:only )?at (\d+) hp or fewer\.?")


def _over_heal(p: Power, line: int) -> Power:
    """Profile ``ddm-guild.over-heal``: the power's HP gains on its own creature may pass the starting hit points;
    the bloodied line it prints holds for the whole battle."""
    if p.unplayed or not any(e.kind == "heal" and e.who == "self" for e in p.effects):
        raise _Unread("an HP gain above the starting total with no HP gain read")
    effects = tuple(replace(e, extra=(*e.extra, "over")) if e.kind == "heal" and e.who == "self" else e
                    for e in p.effects)
    return replace(p, effects=effects, statics=(*p.statics, Static("bloodied-line", line)))


_MORE_DAMAGE_NEAR: Final = re.compile(r"whenever an? (?:(?P<s>bloodied) )?enemy within (?P<n>\d+) squares of it takes "
                                      r"damage, that enemy takes \+(?P<d>\d+) damage")


def _read_body(index: int, ptype: str, text: str, uses: int, display: str, body: str) -> Power:
    if body.startswith("+ use "):  # 'Zealotry: + Use after this creature fails a saving throw' (a stray '+')
        body = body[2:]
    if re.match(r"^re-?roll its attack roll\.?$", body):  # 'Spell Penetration: Reroll this creature's attack roll':
        # no time named; the engine offers it its own missed attack roll (profile ddm-guild.rerolls)
        return Power(index, display, ptype, text, uses, trigger="misses", effects=(Effect("reroll", "self", 0,
                                                                                          "attack"),))
    two = _TWO_SAVE_DICE.match(body)
    if two:  # 'Whenever this creature rolls a save, roll 1 extra d20 and use the higher result': its failed save rolled
        # again (the higher of two d20s fails only when both do: profile ddm-guild.rerolls)
        return Power(index, display, ptype, text, uses, trigger="fails-save",
                     effects=(Effect("reroll", "self", 0, "save"),))
    feed = re.fullmatch(r"whenever it destroys an enemy, it can choose to heal (?P<n>\d+) hp\. if it does so, it can "
                        r"take no actions on its next turn\.?", body)
    if feed:  # 'Feed 30': the player's choice, made when it has lost that many hit points (ddm-guild.heal-or-act);
        # its next turn without actions (the rest of this one, and immediate actions before it, stay)
        n = int(feed.group("n"))
        return Power(index, display, ptype, text, uses, trigger="destroys", requirement=f"wounded:{n}",
                     effects=(Effect("heal", "self", n), Effect("gain", "self", 1, "no-turn", "end-next-turn")))
    scent = _CONCEAL_DIE.match(body)
    if scent:  # 'Use when rolling for Conceal: Roll an extra 1d20 and use the higher result' (adjacent enemies only:
        # 'when attacking an adjacent enemy with Conceal'): a second d20 against the target's Conceal
        return Power(index, display, ptype, text, uses, statics=(Static(
            "gain", 1 if scent.group("adj") else 99, "conceal-d20"),))
    over = _OVER_HEAL.search(body)
    if over:
        return _over_heal(_read_body(index, ptype, text, uses, display, body[: over.start()] + body[over.end():]),
                          int(over.group(1)))
    ro = _SPEC_FIRST.match(body)
    if ro:  # 'Death Burst: (burst 1) Immediate when destroyed; +6 vs. Ref': the timing words come first elsewhere
        body = f"{ro.group('when')}: {ro.group('spec')} {ro.group('rest')}"
    if _CONSTRUCTION.match(body.strip()):
        return Power(index, display, ptype, text, uses, statics=(Static("construction"),))
    bw = _BORROW.match(body.strip()) if ptype == "champion" else None
    if bw:  # 'Use 1 Champion power of an allied champion, as if this creature had that Champion power' (the
        # engine gives it those powers at set-up: ddm_guild.borrow_champion_powers)
        side = "enemy" if "enemy" in (bw.group("s1") or "") + (bw.group("s3") or "") else "ally"
        return Power(index, display, ptype, text, uses, statics=(Static("borrow", 0, side, Filter(
            keyword=_singular_kind(bw.group("k")) if bw.group("k") else "",
            self_state="in-victory-area" if bw.group("req") else "")),))
    more = _MORE_DAMAGE_NEAR.fullmatch(body.strip(" ."))
    if more:  # 'Whenever a Bloodied enemy within 5 squares of this creature takes damage, that enemy takes +5 Damage':
        # an aura that gives those enemies 5 more damage each time one takes damage (two such auras add up)
        state = {"bloodied": "bloodied", "": ""}[more.group("s") or ""]
        return Power(index, display, ptype, text, uses, statics=(Static(
            "aura-gain", int(more.group("d")), "more-damage", Filter(side="enemy", target_state=state),
            aura=int(more.group("n"))),))
    kw = _static_keyword(body)
    if kw is not None:
        return _keyword_power(index, display, ptype, text, uses, kw)
    near = re.fullmatch(r"an? enemy that (?:begins|starts) its turn ?within (?P<n>\d+) squares(?: of it)? (?P<rest>"
                        r"(?:loses|is|takes|has|gains) .+?) for that turn", body.strip(" ."))
    if near:  # 'An enemy that begins its turn within 5 squares loses Flight for that turn': the event, then what that
        # enemy has until the end of its turn
        return _read_body(index, ptype, text, uses, display, f"whenever an enemy starts its turn within "
                          f"{near.group('n')} squares of it, that enemy {near.group('rest')} until end of its turn")
    act = re.match(r"^each enemy that (?:activates|starts its turn) (?:while )?adjacent to it "
                   r"(?P<rest>(?:is|takes) .+)$", body.strip(" ."))
    if act:  # 'Each enemy that activates while adjacent to this creature is Dazed until end of that enemy's turn'
        return Power(index, display, ptype, text, uses, trigger="enemy-starts-adjacent",
                     effects=tuple(_effects("that enemy " + act.group("rest"), "target", "power")))
    held = _while_static(_WALL_WALKER.sub(r"\1 while \2", body.strip(" ."))) or _destroyed_while(body.strip(" ."))
    if held is not None:
        return Power(index, display, ptype, text, uses, statics=tuple(held))
    several = _several_statics(body)  # 'Forest terrain does not affect its movement, and it has Hide while occupying
    if several is not None:  # forest terrain'
        return Power(index, display, ptype, text, uses, statics=tuple(several))
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
            Static("mod", int(hb.group("n")), "damage", Filter(target_state=state, attack_form=form, self_state=(
                "charging" if hb.group("c") else ""))),))  # ('Pounce +20: ... while charging: +20 Damage')
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
    if once and re.search(r"on (?:a )?miss,? (?:if (?:the )?target is adjacent,? )?re-?roll (?:the|that) attack"
                          r"(?:,? instead)? \((?:maximum )?once per turn\)\.?$", body):
        once = None  # 'On miss, reroll the attack, instead (once per turn)': the limit is the reroll's
    if once and re.search(r"\((?:maximum|max\.?)\s*$|repeats? this attack[a-z ]*$", body[: once.start()]):
        once = None  # '... make a {mb} attack (maximum once per turn)': the extra attack's limit, not the power's
    if once:
        per_suffix = once.group(1)
        body = body[: once.start()]
    each = re.search(r"\s*\((?:maximum|max\.?) (?:1|one) per turn per (?:enemy|creature)\)\.?$", body)
    if each and not once and not re.search(r"\buntil\b", body):  # 'that enemy takes 15 damage (maximum 1 per turn
        # per enemy)': once a turn for each creature of its event (in a power given 'until ...', that power's)
        per_suffix = "turn-each"
        body = body[: each.start()]
    tail = re.search(r"[.;]\s*((?:use |usable )?only (?:if|when|while) [^.;:]+)\.?$", body)
    tail_cond = _condition(tail.group(1), lead_only=True) if tail else None
    if tail and tail_cond is not None and tail_cond[1] == len(tail.group(1)):  # '... Use only when within 5 squares
        body = body[: tail.start()]  # of an allied champion.'
    else:
        tail_cond = None
    body = _ACTION_AFTER_SPEC.sub(r"minor action: \1", body.strip())  # '(reach 3) Minor action: +19 vs. AC',
    # '(minor action) (radius 1 within 5) +20 vs. Fortitude': the action first, as elsewhere
    moves_first = _MOVES_THEN.match(body.strip(" ."))
    if moves_first:  # 'Child of Shadow: If this creature moves at least 4 squares during its turn, it has Conceal 6
        # until end of this creature's next turn': at the end of such a turn
        body = f"use at end of its turn, only if it has moved at least {moves_first.group('n')} squares this turn: " \
            f"{moves_first.group('rest')}"
    for lead_rx, event_words in _ROLL_LEADS_AS_EVENTS:
        if lead_rx.match(body.strip(" .")):
            body = lead_rx.sub(event_words, body.strip(" ."))
    use_with = _USE_WITH.match(body.strip(" ."))
    if use_with and (use_with.group("pname") == "charge" or _NOT_RIDERS.match(use_with.group("rest"))):
        use_with = None  # 'Use with charge: +21 vs. AC; ...' (an attack of its own), '... : hit or miss, make another
        # Stone Fist attack' (after that attack, not as it is declared)
    if use_with:  # 'Use with a {B} attack; +10 Damage to that attack AND push target 1 square': as that attack is
        body = _use_with_words(use_with)  # declared (ddm-guild.use-with)
    body, found, trigger_filter = _prefixes(body)
    body = _event_creature_words(found.get("trigger", ""), trigger_filter, body)
    if tail_cond is not None:
        if "requirement" in found:
            raise _Unread(f"two requirements: {found['requirement']} and {tail_cond[0]}")
        found["requirement"] = tail_cond[0]
    if per_suffix and "per" not in found:
        found["per"] = per_suffix
    action = found.get("action", "")
    trigger = found.get("trigger", "")
    requirement = found.get("requirement", "")
    moved = _MOVED_TOO.match(body) if requirement == "charge" else None
    if moved:  # 'Usable on charge. Usable only if this creature has moved 1 or more squares from its starting position
        body = body[moved.end():]  # this turn.': a charge has moved it (at least 2 squares, toward its target)
    per = found.get("per", "")
    ca_on = _ca_on_attack(trigger, trigger_filter, body) if not action and not requirement and not per \
        and not recharge else None
    if ca_on is not None:  # 'Whenever this creature makes an attack against an Immobilized target: This creature has
        return Power(index, display, ptype, text, uses, statics=(ca_on,))  # combat advantage on that attack'
    body = _leading_target_words(body)
    draws = ""
    pv = _DRAWS.match(body) if not trigger else None
    if pv:  # 'Provokes opportunity attacks. +14 vs. AC', 'Provokes opportunity attack from target. +5 vs. Reflex'
        draws, body = ("target" if pv.group("t") else "all"), body[pv.end():]
    approach: tuple[Effect, ...] = ()
    before = body
    ap = _approach(body) if not trigger and (ptype == "attack" or action in ("attack", "")) else None
    if ap is not None:  # 'moves up to its speed, then attacks: ...': the attack after the move, read as any other
        approach, body = (ap[0],), ap[1]  # (when it is not read so, the words are read as before: _effects)
    # an attack
    paren_multi = _PAREN_MULTI.match(body)
    led = body
    lead_m = _ROLL_LEADS.match(led)
    while lead_m:  # 'Roll 4d20 and use the highest result: +11 vs. AC; ...'
        led = led[lead_m.end():]
        lead_m = _ROLL_LEADS.match(led)
    attack_like = bool(_ATTACK_RE.match(body) or _MULTI_RE.match(body) or _EACH_RE.match(body)
                       or (paren_multi and _MULTI_RE.match(paren_multi.group("rest")))
                       or (led != body and _ATTACK_RE.match(led)))
    after_all: tuple[Effect, ...] = ()
    if attack_like:  # '... 15 damage. After resolving all attacks, this creature teleports up to 5 squares'
        ends = _after_attacks(body, made=False)
        if ends is not None:
            body, after_all = ends
    if approach and attack_like:
        try:
            _attack(body)
        except _Unread:
            approach, body, attack_like, after_all = (), before, False, ()
    if attack_like and (ptype == "attack" or led.startswith("(") or re.match(r"^\+\d+ vs", led)
                        or _MULTI_RE.match(body) or _EACH_RE.match(body)):
        own_mods: tuple[Static, ...] = ()
        try:
            attack, spec_words = _attack(body)
        except _Unread:
            own_read = _own_modifiers(body, display.casefold()) or _own_keen(body, display.casefold())
            if own_read is None:
                raise
            body, own_mods = own_read  # '+16 vs. AC, +1 attack for each Kobold ally within 6 squares; 15 damage'
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
        if approach and (action != "attack" or requirement == "charge" or attack.charge):
            raise _Unread(text)
        if after_all and (trigger or not action):
            raise _Unread(text)
        if draws:
            attack = replace(attack, draws=draws)
        return Power(index, display, ptype, text, uses, action=action, trigger=trigger, trigger_filter=trigger_filter,
                     requirement=requirement, attack=attack, recharge=recharge, per=per,
                     recharge_filter=recharge_filter, approach=approach, effects=after_all, statics=own_mods)
    if draws == "all" and action in ("attack", "minor", "move") and not trigger and not requirement:
        # 'Replaces attack action, provokes opportunity attacks: RECHARGE Psychic Burst, then ...': using it draws an
        # opportunity attack from each adjacent enemy, then its effects (ddm-guild.provoking-power)
        effects = _effects(body, "self", "power")
        if not effects or any(e.kind in ("attack", "menu", "choose") or e.who != "self" for e in effects):
            raise _Unread(text)
        return Power(index, display, ptype, text, uses, action=action, recharge=recharge, per=per,
                     recharge_filter=recharge_filter, effects=(Effect("provoke", "self"), *effects))
    if draws:
        raise _Unread(text)  # (a provocation before several basic attacks, or with no attack: not read)
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
    cp = _CHARGE_PAREN.match(body) if not requirement and not approach else None
    if cp:
        requirement, body = "charge", cp.group("rest")
    xc = _EXTRA_ON_CHARGE.match(body.strip()) if not trigger and not action and requirement in ("", "charge") else None
    if xc and (requirement == "charge" or xc.group("when")):  # 'Use only on charge; make 1 extra {b} attack against
        return Power(index, display, ptype, text, uses, requirement="charge", recharge=recharge, per=per,  # target of
                     recharge_filter=recharge_filter,  # that charge': after the charge's attack, at no +1 of its own
                     effects=(Effect("attack", "self", 0, "melee-basic", count=1, extra=("charge-extra",)),))
    mh = _MADE_ON_HIT.match(body.strip()) if not trigger and requirement != "charge" else None
    if mh and (ptype == "attack" or action in ("attack", "")):  # 'Make 1 {b} attack. If that attack hits, shift up
        try:  # to 1 square, then make 1 {b} attack against the same target': what follows a hit, on that target
            then = _effects(mh.group("then"), "self", "power")
        except _Unread:
            then = []
        if then and all(e.who == "self" and e.kind in ("shift", "move", "attack") for e in then) \
                and any(e.kind == "attack" for e in then):
            return Power(index, display, ptype, text, uses, action="attack", requirement=requirement,
                         effects=(Effect("attack", "self", 0, "basic", count=1),
                                  *(replace(e, extra=(*e.extra, "first-hit")) for e in then)),
                         attacks_made=1, recharge=recharge, per=per, recharge_filter=recharge_filter,
                         approach=approach)
    made_tail = _after_attacks(body, made=True) if not trigger else None
    if made_tail is not None and _MADE_RE.match(made_tail[0]) and requirement != "charge":
        body, after_all = made_tail  # 'make 2 {b} attacks. Hit or miss, it has +4 AC until ...', ', then shift 3'
    body = _SECOND_LAST.sub(r". if both attacks hit, \1", body)  # '...; +10 Damage to second attack if both hit'
    mm = _MADE_RE.match(body)
    if mm and (ptype == "attack" or action in ("attack", "", "turn")) and not trigger:
        n = _words_to_int(mm.group("n"))
        which = {"{b}": "basic", "{m}": "melee-basic", "{mb}": "melee-basic", "{r}": "ranged-basic",
                 "{rb}": "ranged-basic", "melee": "melee-basic", "ranged": "ranged-basic"}.get(
            mm.group("w"), "power:" + mm.group("w"))
        distinct = ("distinct",) if mm.group("diff") else ()
        both: list[Effect] = []
        if (mm.group("both") or mm.group("first")) and (n != 2 or distinct or (
                mm.group("same") not in ("the same", "a single") and not mm.group("bsame"))):
            raise _Unread(body)  # ('Make 2 {b} attacks; if both hit the same target, that target is Immobilized':
            # the engine applies it only when both attacks were against one target and hit)
        if mm.group("first"):  # 'If the first hits, +4 Attack on the second'
            both.append(Effect("mod", "self", int(mm.group("first")[1:].split()[0]), "attack", "attack",
                               extra=("second-if-first",)))
        second = _second_bonus(mm.group("both")) if mm.group("both") else None
        if second is not None:  # 'If both attacks hit, +10 Damage on the second attack'
            both.append(second)
        elif mm.group("both"):  # 'If both attacks hit, target is also Immobilized': after both, on that target
            after_both = [replace(e, extra=(*e.extra, "both-hit")) for e in _effects(mm.group("both"), "target", "hit")]
            if not after_both or any(e.who != "target" or e.kind not in ("condition", "ongoing", "mod")
                                     for e in after_both):
                raise _Unread(body)
            both.extend(after_both)
        return Power(index, display, ptype, text, uses, action="turn" if action == "turn" else "attack",
                     requirement=requirement,
                     effects=(Effect("attack", "self", 0, which, count=n, extra=distinct), *both, *after_all),
                     attacks_made=n, recharge=recharge, per=per, recharge_filter=recharge_filter, approach=approach)
    # "Make 1 Greatsword attack and 1 Shield Bash attack against the same target", "Make a Maul attack, then make an
    # Axe attack against a different target", "make 2 {b} attacks and a Poison Sting attack, all against the same
    # target"
    ml = _MADE_LIST.match(body.strip(" ."))
    if ml and (ptype == "attack" or action in ("attack", "", "turn")) and not trigger:
        items = [_MADE_ITEM.fullmatch(x.strip()) for x in re.split(r",? then make |,? and |, |(?<=attacks) (?=an? )",
                                                                     ml.group("list"))]
        if len(items) > 1 and all(items):
            names = [(it.group("n") or "1", (it.group("w") or it.group("w2") or "").strip()) for it in items if it]
            seq = [(_words_to_int(k), _MADE_WHICH.get(w, "power:" + w)) for k, w in names]
            apart = ml.group("diff") is not None
            flt = Filter()
            if ml.group("tgt"):  # '(bloodied target only)'
                read = _target_words(ml.group("tgt") + " target")
                if read is None:
                    raise _Unread(body)
                flt = Filter(target_state=read[0])
            if apart and (len(seq) != 2 or any(n != 1 for n, _w in seq)):
                raise _Unread(body)
            listed = tuple(Effect("attack", "self", 0, w, count=n, filter=flt,
                                  extra=("list", *(("distinct",) if apart else ()))) for n, w in seq)
            return Power(index, display, ptype, text, uses, action="turn" if action == "turn" else "attack",
                         requirement=requirement, effects=listed,
                         attacks_made=sum(n for n, _w in seq), recharge=recharge, per=per,
                         recharge_filter=recharge_filter, approach=approach)
    # "make a {mb} attack vs. each enemy within reach", "make 1 {b} attack against each adjacent bloodied enemy"
    me = _MADE_EACH.match(body.strip(" ."))
    if me and (ptype == "attack" or action in ("attack", "", "turn")) and not trigger:
        desc = (me.group("adj") or "") + (me.group("desc") or "") + "enemy"
        read = _target_words(desc) if desc != "enemy" else ("", len(desc))
        if read is not None and read[1] == len(desc):
            which = {"{b}": "basic", "{m}": "melee-basic", "{mb}": "melee-basic", "{r}": "ranged-basic",
                     "{rb}": "ranged-basic", "melee": "melee-basic", "ranged": "ranged-basic"}[me.group("w")]
            within = int(me.group("n")) if me.group("n") else 0
            state = read[0]
            return Power(index, display, ptype, text, uses, action="turn" if action == "turn" else "attack",
                         requirement=requirement, effects=(Effect("attack", "self", 0, which, count=1, extra=("each",),
                                         filter=Filter(target_state=state, within=within)),), attacks_made=1,
                         recharge=recharge, per=per, recharge_filter=recharge_filter, approach=approach)
    if approach or after_all:
        approach, body, after_all = (), before, ()
    # statics written as modifiers ("+2 AC while adjacent to an ally", "+5 damage vs. bloodied targets"; under a
    # state of its own: "Whenever an Elf ally is within 5 squares of it: it has +2 attack"; a state that holds on its
    # turn only lasts what 'until end of its turn' does: "+10 Damage until end of turn whenever it is the first to
    # activate in a round")
    if not action and not trigger:
        body, requirement = _state_modifiers(body, requirement)
    ca = _CA_INSTEAD.match(body.strip(" .")) if not action and not trigger else None
    if ca and ca.group("b") == "2":  # '+3 attack instead of +2 whenever it has combat advantage against target': the
        cflt, cleft = _mod_condition(ca.group("rest"))  # rules' +2 (ddm-guild.combat-advantage) and 1 more
        if not cleft and cflt.target_state == "ca" and not cflt.self_state:
            return Power(index, display, ptype, text, uses, statics=(
                Static("mod", int(ca.group("a")) - 2, "attack", Filter(target_state="ca")),))
    if not action and not trigger and not requirement:  # 'This creature has +2 AC and +2 DEF while occupying forest
        body = _ITS_MODS.sub("", body)  # terrain': the modifiers
    kin = re.search(r",? or \+(\d+) if (?:the ally has both|they are both)$", body.strip(" .")) \
        if not action and not trigger else None
    if kin:  # '+2 attack whenever adjacent to a Cold or Dragon ally, or +3 if the ally has both'
        body = body.strip(" .")[: kin.start()]
    if not action and not trigger and re.match(r"^[+-]\d", body):
        mods = _modifier(body.strip(" ."))
        if kin and mods is not None:
            mods = _both_kinds(mods, int(kin.group(1)))
        halves = body.strip(" .").split("; ")
        if mods is None:
            mods = _tiers(body.strip(" ."))
        if mods is None and len(halves) > 1 and all(re.match(r"^[+-]\d", h) for h in halves):
            read_halves = [_modifier(h) for h in halves]  # '+2 {m} attack ... vs. higher-level targets; -2 {m} ...'
            mods = None if any(r is None for r in read_halves) else [x for r in read_halves if r for x in r]
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
    au = re.match(r"^\(aura(?: (\d+))?(?:, fear)?\)\s*(.*)$", body)  # ('(Aura 5, Fear)': the tag as elsewhere)
    if au:
        return _aura(index, display, ptype, text, uses, int(au.group(1) or 0), au.group(2))
    beside = _AURA_START.match(body.strip(" .")) if not action and not trigger and not requirement else None
    if beside and " that start their turn adjacent to it " in f" {beside.group(0)} ":  # 'Allies and enemies that
        return _aura(index, display, ptype, text, uses, 1, body.strip(" ."))  # start their turn adjacent to this
        # creature take 5 poison damage': an aura of 1
    if not action and not trigger and requirement != "charge":
        ally = _aura_statics(_ALLIES_WHILE_ADJACENT.sub(r"adjacent allies have \3", body.strip(" .")), 0, text) \
            or _aura_sentences(body.strip(" ."), 0, text)
        if ally is not None and not (requirement and any(
                x.filter.self_state and not x.filter.self_state.startswith("holder-") for x in ally)):
            if requirement:  # "While this creature is not Bloodied, Dragon allies have +4 Attack" (with the states of
                ally = [replace(x, filter=replace(x.filter, self_state="&".join(  # the creatures it reaches)
                    y for y in (requirement, x.filter.self_state) if y))) for x in ally]
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
            own = gain_words(body)  # 'Does not provoke opportunity attacks, may not make opportunity attacks'
            if own is None and ". " in body:  # 'Scores no VP for occupying one of your victory areas at end of round.
                parts = [gain_words(x) for x in body.strip(" .").split(". ")]  # Worth 0 VP when destroyed.'
                own = None if any(x is None for x in parts) else [w for x in parts if x for w in x]
            if own is None:
                raise _Unread(body)
            return Power(index, display, ptype, text, uses, statics=tuple(Static("gain", n, w) for w, n in own))
        return Power(index, display, ptype, text, uses, trigger="setup", effects=tuple(start))
    named = _named_first(body) if action and not trigger and not requirement else None
    if named is not None:  # 'Minor action, use when adjacent to an Immobilized enemy: That enemy takes 5 ongoing
        requirement, body = "named", named[1]  # damage': that creature is chosen first, and one must be there
    if trigger in _HIT_EVENTS and _BARE_DAMAGE.match(body):  # 'Use when any creature hits with a {m} attack; +10
        body = body.strip(" .") + " on that attack"  # poison Damage': more damage on that attack
    fu = re.match(r"^make a followup attack[,:;]?\s*(?=\+\d+ vs)", body) if trigger in ("hits", "resolves-hit") \
        else None
    if fu:  # 'Use after this creature hits with an attack: Make a followup attack, +12 vs. Fortitude; Helpless': a
        follow, _words = _attack(body[fu.end():])  # second attack against the target of the one that hit
        if _words:
            raise _Unread(body)
        return Power(index, display, ptype, text, uses, action=action, trigger=trigger, trigger_filter=trigger_filter,
                     requirement=requirement, effects=(Effect("attack", "self", 0, "followup", follow=follow),),
                     recharge=recharge, per=per, recharge_filter=recharge_filter)
    effects = _outcome_effects(body) if trigger else _effects(body, "self", "power")
    if use_with:
        effects = _hit_riders(effects)
    if named is not None:
        effects = [replace(named[0], what=effects[0].kind if effects else ""), *effects]
    effects = _judged_choice(effects)
    if trigger in _ONE_ALLY_EVENTS and re.search(r"\bthat creature\b", body) and not re.search(
            r"\b(?:that|the) (?:enemy|target|attacker)\b", body):  # 'when an Aquatic ally activates ...: that creature
        effects = [replace(e, who="ally") if e.who == "target" else e for e in effects]  # moves up to its speed': the
        # event's one creature (an enemy its words name is not that ally)
    if trigger == "start-of-round" and effects and all(e.kind == "initiative" for e in effects):
        trigger = "before-initiative"  # 'Use at start of round: you roll 1 extra d20 when determining initiative this
        # round': before the champion test it is about (ddm-guild.initiative-dice)
    if trigger == "attack-made" and effects and all((e.kind == "mod" and e.duration == "attack")
                                                    or (e.kind, e.what) == ("hit", "no-redirect")
                                                    or (e.kind == "hit" and e.what in ("auto", "crit"))
                                                    for e in effects):
        trigger = "declares"  # 'Use when making a {m} attack ...: +2 attack and +10 damage on that attack', 'Use when
        # this creature makes an attack; that attack cannot be redirected', '... with combat advantage: The attack is
        # an automatic hit and a critical hit': as it is made
    if trigger == "damaged" and [(e.kind, e.what) for e in effects] == [("hit", "half-damage")]:
        trigger = "attacked"  # 'Whenever this creature takes damage from a {c} or {a} attack: This creature takes half
        # damage from that attack': every such attack deals it half its damage
    if trigger == "damaged" and effects and all((e.kind, e.what) == ("reduce", "taken") for e in effects):
        trigger = "takes-damage"  # 'Use when this creature takes damage: This creature takes -5 damage': before that
        # damage is lost
    if trigger == "damaged" and effects and effects[0].kind == "share" and effects[0].who != "self":
        trigger = "takes-damage"  # 'Use when this creature would take damage: 1 non-Champion ally within 5 squares
        # takes that damage instead, then ...': before that damage is lost
    if trigger in ("any-damaged", "ally-damaged") and [(e.kind, e.what) for e in effects] in (
            [("share", "half-instead")], [("share", "all-instead")]):
        trigger = "ally-takes-damage"  # 'Use when an adjacent Hobgoblin champion takes damage: Assign half the damage
        # to this creature instead': before that damage is lost (an ally's: its own side's damage to assign)
    if action and not trigger:
        effects = _bind_chosen(_bind_menu(_bind_requirement(effects, requirement)))
    elif effects and effects[0].kind == "place" and effects[0].who in _CHOSEN_AS:
        effects = _bind_chosen(effects)  # 'Place an Aberrant ally adjacent to this creature. That ally makes a {B}
        # attack': the ally placed is the one chosen first
    elif any(e.filter.target_state == "seen" and e.who in _CHOSEN_AS for e in effects):
        effects = _bind_chosen(effects, seen_only=True)  # 'End 1 condition on an ally this creature can see'
    return Power(index, display, ptype, text, uses, action=action, trigger=trigger, trigger_filter=trigger_filter,
                 requirement=requirement, effects=tuple(effects), recharge=recharge, per=per,
                 recharge_filter=recharge_filter)


# the events whose creature the engine gives a power as its target (the one ally's: _ONE_ALLY_EVENTS), by the noun
# that names it
_TARGET_IS_EVENT: Final = {"any-starts-turn": "creature", "any-ends-turn": "creature", "any-hits": "creature",
                           "any-bloodied": "creature", "any-damaged": "creature", "enemy-starts-turn": "enemy"}


def _event_creature_words(trigger: str, flt: Filter, body: str) -> str:
    """'that <kind>' after the event of a creature of that kind ('Use at start of a Vampire's turn: That Vampire is
    Insubstantial', 'when a Dragon hits: That Dragon has +2 attack') is that creature."""
    noun = "ally" if trigger in _ONE_ALLY_EVENTS else _TARGET_IS_EVENT.get(trigger, "")
    kinds = flt.keyword.split("|") if noun and flt.keyword else []
    if kinds and all(re.fullmatch(r"[a-z][a-z\-]*", k) for k in kinds):
        body = re.sub(r"\bthat (?:" + "|".join(map(re.escape, kinds)) + r")\b", "that " + noun, body)
    return body


def _ca_on_attack(trigger: str, flt: Filter, body: str) -> Static | None:
    """'Whenever this creature makes a {m} attack against an enemy adjacent to 2 or more Kruthik allies: This creature
    has combat advantage on that attack': combat advantage against such targets (its attacks of that form), as 'Has
    combat advantage against bloodied enemies' gives it."""
    if trigger not in ("declares", "attack-made") or not re.fullmatch(
            r"(?:it )?(?:has|gains) combat advantage (?:on|for|with) (?:that|this) attack\.?", body.strip()):
        return None
    state = flt.target_state or flt.self_state  # (a composed event keeps its object's state as the event creature's)
    if not state or (flt.target_state and flt.self_state) or flt.keyword or flt.within or flt.natural \
            or flt.attack_form not in ("", "melee") or flt.side not in ("", "enemy"):
        return None
    return Static("ca-vs", filter=Filter(target_state=state, attack_form=flt.attack_form))


_CHOSEN_AS: Final = {"chosen-ally": "ally", "chosen-enemy": "target"}
# an action power usable only while a creature is there, which its effects then call 'that enemy' / 'that ally'
_NAMED_FIRST: Final = re.compile(
    r"^(?:use |use only |only )?(?:when|if|while) (?:it is )?(?:(?P<adj>adjacent to)|within (?P<n>\d+) squares of) "
    r"(?P<ref>an? [a-z \-]+?(?:enemy|ally))[:;,] (?P<rest>that (?:enemy|ally) .+)$")
_NAMED_ONGOING: Final = re.compile(
    r"^(?:use |use only |only )?(?:when|if) (?P<ref>an? (?:enemy|ally)(?: within \d+ squares(?: of it)?)?) (?:has|is "
    r"taking) ongoing (?:(?P<t>" + _TYPE_ALT + r") )?damage[:;,] (?P<rest>that (?:enemy|ally) .+)$")


def _named_first(body: str) -> tuple[Effect, str] | None:
    """'use when adjacent to an Immobilized enemy: that enemy ...', 'only if an enemy within 5 squares has ongoing
    poison damage: that enemy ...': (the 'choose' of that creature, the words after it), or None."""
    b = body.strip(" .")
    m = _NAMED_FIRST.match(b)
    if m:
        words = m.group("ref") + (" adjacent to it" if m.group("adj") else f" within {m.group('n')} squares")
    else:
        m = _NAMED_ONGOING.match(b)
        if m is None:
            return None
        words = m.group("ref") + " taking ongoing " + (m.group("t") + " " if m.group("t") else "") + "damage"
    who, flt, rest = _subject(words)
    if rest or who not in _CHOSEN_AS or not m.group("rest").startswith("that " + who[7:]):
        return None
    return Effect("choose", who, filter=flt), m.group("rest")


_REQUIRED_SIDE: Final = {"end:that-ally": "adjacent-ally", "end:target": "adjacent-enemy"}


# the events of an attack's hit, after which a bare '+10 poison damage' is on that attack
_HIT_EVENTS: Final = frozenset({"hits", "ally-hits", "any-hits", "enemy-hits", "friend-hits", "crits", "ally-crits"})
_BARE_DAMAGE: Final = re.compile(r"^\+\d+ (?:(?:" + _TYPE_ALT + r") )?damage\.?$")


# the events of one ally and no other creature: 'that creature' is that ally
_ONE_ALLY_EVENTS: Final = frozenset({"ally-starts-turn", "ally-ends-turn", "friend-starts-turn"})  # ('your
# creature's turn': its own too, as the event's ally)


def _judged_choice(effects: list[Effect]) -> list[Effect]:
    """'Choose a creature within 6 squares; that creature takes 10 radiant damage': a choice of any creature (of
    either side) is judged for what the next clause does to the one chosen (a harm: an enemy; a help: one of its own
    side, as the engine picks '1 creature within 5 squares heals 10 HP')."""
    out = list(effects)
    for i, e in enumerate(out[:-1]):
        if e.kind == "choose" and e.who == "chosen-creature" and not e.what and out[i + 1].who == "target":
            out[i] = replace(e, what=out[i + 1].kind, amount=out[i + 1].amount)
        elif e.kind == "choose" and e.who == "chosen-ally" and not e.what and out[i + 1].kind == "destroy":
            out[i] = replace(e, what="destroy")  # ('choose an Orzhov ally; destroy that ally': the one worth least)
    return out


def _bind_requirement(effects: list[Effect], requirement: str) -> list[Effect]:
    """'Only while adjacent to a Rat ally; shift 3 squares, must end adjacent to that ally': 'that ally' (or 'that
    enemy') of an action power is one its requirement names, adjacent to it now (within -1, with the requirement's
    kinds); with no such requirement the words name no one and stay so (the engine says not played)."""
    out = []
    for e in effects:
        side = _REQUIRED_SIDE.get(e.what) if e.who == "self" else None
        if side and not e.filter.keyword and (requirement == side or requirement.startswith(side + ":")):
            e = replace(e, filter=replace(e.filter, keyword=requirement.partition(":")[2], within=-1))
        out.append(e)
    return out


def _bind_menu(effects: list[Effect]) -> list[Effect]:
    """'1 ally adjacent to it heals 5 HP, or 1 condition on that ally ends': an action power's menu whose options
    mean one creature, named by the first option and called 'that ally' / 'that enemy' by another, chooses it
    before the menu (judged for what the first option does to it, as ``_bind_chosen`` does) and every option
    reaches that one."""
    for i, m in enumerate(effects):
        if m.kind != "menu" or not m.options:
            continue
        first = m.options[0][0]
        bound = _CHOSEN_AS.get(first.who)
        if bound is None or first.filter.target_state or not any(x.who == bound for o in m.options for x in o):
            continue
        chooser = Effect("choose", first.who, what=first.kind, filter=first.filter)
        options = tuple(tuple(replace(x, who=bound, filter=Filter()) if x.who == first.who and x.filter == first.filter
                              else x for x in o) for o in m.options)
        return [*effects[:i], chooser, replace(m, options=options), *effects[i + 1:]]
    return effects


def _bind_chosen(effects: list[Effect], seen_only: bool = False) -> list[Effect]:
    """An action power's one creature named by its first clause and meant again by a later one ('1 ally within 5
    squares heals 15 HP. End 1 effect or condition on that ally'), or named by where it is seen from ('1 ally within
    line of sight of it shifts 1 square'): one creature is chosen first (a 'choose' effect, judged for what the
    first clause does to it: the engine picks the most wounded ally for a heal) and every clause about it reaches
    that one ('that ally' / 'that enemy')."""
    if any(e.kind == "choose" for e in effects):
        return effects
    for i, e in enumerate(effects):
        bound = _CHOSEN_AS.get(e.who)
        if bound is None:
            continue
        if e.filter.target_state not in ("", "seen"):
            return effects
        # a later clause about it: 'that ally', or the same subject carried over an 'and' ('1 enemy ... takes 5
        # poison damage and is Slowed')
        later = any(x.who == bound or (x.who == e.who and x.filter == Filter()) for x in effects[i + 1:])
        if (not later or seen_only) and e.filter.target_state != "seen":
            return effects  # (a trigger's 'that ally' is its event's: only a creature it must see is chosen)
        chooser = Effect("choose", e.who, what=e.kind, filter=Filter(
            keyword=e.filter.keyword, alignment=e.filter.alignment, within=e.filter.within,
            target_state=e.filter.target_state))
        out = [*effects[:i], chooser]
        for x in effects[i:]:
            if x.who == e.who and x.filter in (e.filter, Filter()):
                x = replace(x, who=bound, filter=replace(x.filter, keyword="", alignment="", within=0,
                                                         target_state=""))
            out.append(x)
        return out
    return effects


# 'Use with a {B} attack', 'Use with a Melee or Ranged attack', 'Use with this creature's Ranged attack', 'Use with
# Sceptre', 'Use with an Undead or Hag ally's melee attack', 'Use before making a {m} attack', 'Use before making an
# attack roll': the attack the power is used with, as it is declared (its effects: _hit_riders)
_USE_WITH: Final = re.compile(
    r"^use (?:with|before making|before it makes) (?:(?P<a>an? (?:\{[mrcab]b?\}|melee|ranged|charge|melee or ranged|"
    r"\{m\} or \{r\}) attack|its (?:\{[mr]\}|melee|ranged) attack|an attack(?: roll)?)|an? (?P<ally>[a-z\-]+"
    r"(?: or [a-z\-]+)?) ally's (?P<af>melee|ranged|\{m\}|\{r\}) attack|(?:an? )?(?P<pname>[a-z][a-z' \-]*?)"
    r"(?: attack)?)[;:,.]\s*(?P<rest>.+)$")

# a power that begins with its own attack roll's result ('Stunning Critical: On a critical hit, target is also Stunned
# (save ends)', 'On critical, target is Blinded', 'Heavy Hammer: On natural attack rolls of 19 or 20, target is Dazed
# (hit or miss)'): the event of each of its attacks that rolls it (ddm-guild.roll-leads)
_ROLL_LEADS_AS_EVENTS: Final = (
    (re.compile(r"^on (?:a )?critical(?: hits?)?[,:;]\s*(?=target )"), "whenever it scores a critical hit: "),
    (re.compile(r"^on natural attack rolls? of (\d+) or 20[,:;]\s*(target .+?)\s*\(hit or miss\)$"),
     r"whenever it rolls a natural \1 or 20 on an attack roll: \2"),
)
_MOVES_THEN: Final = re.compile(r"^if it moves at least (?P<n>\d+) squares (?:during|on) its turn, (?P<rest>it "
                                r"(?:has|is|gains) [^,;:]+ until end of its (?:own )?next turn)$")
_NOT_RIDERS: Final = re.compile(r"^(?:\(|\+\d+ vs\b|.*\bhit or miss\b)")


def _use_with_words(m: re.Match[str]) -> str:
    """The words of a 'use with' power as those of the event they name ('use when it declares a {b} attack: ...'),
    its riders' spellings as the reader's: 'On hit,' is 'if that attack hits,', a bonus to the damage is 'on that
    attack', a push with no creature named pushes the attack's target."""
    if m.group("ally"):
        event = f"an {m.group('ally')} ally declares a {m.group('af')} attack"
    elif m.group("pname"):
        if m.group("pname") == "sneak":  # ('Use with Sneak Attack': its bonus, not an attack power)
            raise _Unread(m.group(0))
        event = f"it declares a {m.group('pname')} attack"
    else:
        a = re.sub(r"^its ", "a ", m.group("a")).replace(" attack roll", " attack").replace("melee or ranged",
                                                                                              "{m} or {r}")
        event = "it declares " + a
    rest = re.sub(r"^on hit[,:;]?\s*", "if that attack hits, ", m.group("rest"))
    rest = re.sub(r"^(?:the|that) attack has (?=\+\d)", "", rest)
    rest = re.sub(r"^(\+\d+ (?:[a-z]+ |\{[mr]\} )?damage)(?! (?:on|to) (?:that|the) attack)", r"\1 on that attack",
                  rest)
    rest = re.sub(r"\b(push|pull|slide) (?=up to \d|\d)", r"\1 target ", rest)
    return f"use when {event}: {rest}"


def _hit_riders(effects: list[Effect]) -> list[Effect]:
    """A 'use with' power's effects on the attack's target ('push target 1 square', 'target also has ongoing 20
    damage') are riders of that attack's hit, as the attack's own words after its damage are (ddm-guild.use-with)."""
    return [replace(e, extra=(*e.extra, "if-hit")) if e.who == "target" and not (e.kind == "mod" and e.duration ==
            "attack") and "if-hit" not in e.extra and "if-miss" not in e.extra else e for e in effects]


_OUTCOME: Final = re.compile(r"^(?:if (?:that|the) attack (?P<w>hits?|misses|missed|caused (?:its |the )?target to "
                             r"become bloodied)|(?P<both>hit or miss))[,:;]?\s*")


def _outcome_effects(body: str) -> list[Effect]:
    """A triggered power's effects where a sentence waits for the event's attack: 'Use when this creature declares an
    attack: if that attack hits, target is also Immobilized', '... +4 AC against that attack. If that attack misses,
    shift 4 squares' (flag "if-hit" / "if-miss"; 'hit or miss' waits for nothing). After an attack the power makes
    itself ('make a {b} attack. If that attack hits') 'that attack' is that one: not read here."""
    sentences = re.split(r"(?<=[a-z0-9)])(?<!\bvs)\. (?=if (?:that|the) attack |hit or miss)", body.strip(" ."))
    out: list[Effect] = []
    for sentence in sentences:
        m = _OUTCOME.match(sentence)
        if m is None:
            out.extend(_effects(sentence, "self", "power"))
            continue
        effects = _effects(sentence[m.end():], "self", "power")
        if m.group("both"):
            out.extend(effects)
            continue
        if any(e.kind == "attack" for e in out):
            raise _Unread(sentence)
        if m.group("w").startswith("caused"):  # 'If that attack caused its target to become bloodied': a hit that
            out.extend(replace(e, extra=(*e.extra, "if-hit", "if-bloodies")) for e in effects)  # bloodied it
            continue
        flag = "if-hit" if m.group("w").startswith("hit") else "if-miss"
        out.extend(e if e.kind == "mod" and e.duration == "attack" and flag == "if-hit" else  # '+20 damage on that
                   replace(e, extra=(*e.extra, flag)) for e in effects)  # attack' counts on a hit anyway
    return out


_MOVE_AND_ATTACK: Final = re.compile(
    r"^(?:it )?moves? up (?:to )?(?:its (?:current )?speed|(?P<n>\d+) squares)(?: \(minimum 1 square\))?(?:,? and "
    r"(?:then )?makes?|, making) (?:a|an|1|one) ?(?P<w>\{b\}|\{m\}|\{mb\}|\{r\}|\{rb\}|\{b\} or (?:1 )?\{r\}|m) ?"
    r"attack (?:(?:at )?any (?:time|point) during "
    r"(?:(?:the|its|that) )?move(?:ment)?)$")


# 'This creature moves up to its speed, then attacks: (blast 4) +16 vs. AC', 'Move up to 6 squares as though with
# Flight, then make 1 attack, +10 vs. AC', 'Shift 1 square, then make 2 {b} attacks', 'Move exactly 4 squares with
# Burrow, then make a {b} attack against each adjacent enemy', 'moves up to twice its Speed (minimum 6 squares), then
# attacks an adjacent target; +20 vs. AC': a move or shift first (Power.approach), then the attack read as any other
_DRAWS: Final = re.compile(r"^provokes? (?:an )?opportunity attacks?(?P<t> from (?:the )?target)?[.:,;]\s*")
_APPROACH: Final = re.compile(
    r"^(?:it )?(?P<verb>moves?|shifts?) (?P<ex>up to |exactly )?(?P<n>\d+(?: squares?)?|(?:its )?(?:current )?speed|"
    r"twice its (?:current )?speed)(?P<mode> (?:as (?:though |if )?)?with (?:flight|burrow))?"
    r"(?: \(minimum (?P<min>\d+)(?: squares?)?\))?(?:,? and then|,? then)[,:]? (?P<rest>.+)$")
_APPROACH_ATTACK: Final = re.compile(
    r"^(?:makes? (?:an|1|one|a) attack|attacks?(?: (?:an?|1|one) (?P<who>[a-z0-9 ,\-]+?))?)(?:\s*[:;,.]\s*|\s+)"
    r"(?P<atk>[(+].*|automatic.*)$")


# what the creature does once its attacks are resolved: '. After resolving all attacks, this creature teleports up to 5
# squares', '. Hit or miss, this creature shifts up to 4 squares after all attacks are resolved', '; then, hit or miss,
# this creature takes 10 damage AND may shift up to 3 squares'; after several attacks also '. Hit or miss, it shifts up
# to 1 square', ', then shift up to 3 squares'
_AFTER_ALL: Final = re.compile(
    r"^(?P<main>.+?)[.;]\s*(?:(?:then,? )?hit or miss,\s*)?after (?:resolving )?all attacks(?: are resolved)?,\s*"
    r"(?P<a>.+?)\.?$|^(?P<main2>.+?)[.;]\s*(?:hit or miss,\s*)?(?P<b>[^.;]+?),? after "
    r"(?:resolving )?all attacks(?: are resolved)?\.?$|^(?P<main3>.+?)[.;]\s*then,? hit or miss,\s*(?P<c>[^.;]+?)\.?$")
_AFTER_MADE: Final = re.compile(r"^(?P<main>.+?)(?:[.;]\s*hit or miss,\s*|,? then,?\s*)(?P<a>[^.;]+?)\.?$")


def _after_attacks(body: str, made: bool) -> tuple[str, tuple[Effect, ...]] | None:
    """The words before a tail of what the creature does after all its attacks, and the tail's effects (each the
    creature's own, marked 'after'); None when there is no such tail."""
    b = body.strip()
    m = _AFTER_ALL.match(b)
    main, words = (m.group("main") or m.group("main2") or m.group("main3"), m.group("a") or m.group("b")
                   or m.group("c")) if m else ("", "")
    if m is None and made:
        m2 = _AFTER_MADE.match(b)
        if m2 is None:
            return None
        main, words = m2.group("main"), m2.group("a")
    if not words:
        return None
    words = re.sub(r",? after (?:resolving )?all attacks(?: are resolved)?$", "", words)
    each = re.fullmatch(r"(?P<v>push|pull|slide) each target (?P<r>(?:up to )?\d+ squares?)", words)
    if each and not made:  # 'Hit or miss, push each target up to 2 squares after resolving all attacks': each target's
        return f"{main}. hit or miss, {each.group('v')} target {each.group('r')}", ()  # own, as a hit-or-miss rider
    try:
        effects = _effects(words, "self", "power")
    except _Unread:
        return None
    if not effects or any(e.who not in _AFTER_WHO or e.kind not in _AFTER_KINDS for e in effects):
        return None
    return main, tuple(replace(e, extra=(*e.extra, "after")) for e in effects)


_AFTER_KINDS: Final = frozenset({"shift", "move", "teleport", "mod", "damage", "heal", "condition", "gain", "ongoing",
                                 "destroy-self"})
# itself, or a group around it ('each adjacent creature takes ongoing 10 poison damage', 'each ally within 3 squares
# heals 20 HP', 'Fey creatures heal 10 HP')
_AFTER_WHO: Final = frozenset({"self", "all", "allies", "enemies", "everyone"})


_ONE_WITH: Final = re.compile(r"^attacks? (?:1|one|a single) (?:creature|target|enemy) with (?P<n>\d+|two) "
                              r"(?P<w>\{b\}|\{m\}|\{mb\}) attacks")


def _approach(body: str) -> tuple[Effect, str] | None:
    """The move or shift before a power's attack (its effect: amount N, -1 its speed, -2 twice its speed; 'min:N'
    for '(minimum N squares)' and 'exactly N'), and the attack's words to read as any attack's; None when the
    words are not these."""
    # 'Move up to this creature's speed and at least 2 squares and then attack 1 creature with 2 {b} attacks': the
    # minimum and the attacks in the words the others use
    words = re.sub(r"(its (?:current )?speed) and at least (\d+) squares? and then\b", r"\1 (minimum \2 squares), then",
                   body.strip())
    m = _APPROACH.match(words)
    if m is None:
        return None
    kind = "shift" if m.group("verb").startswith("shift") else "move"
    nword = m.group("n")
    n = int(nword.split()[0]) if nword[0].isdigit() else -2 if nword.startswith("twice") else -1
    extra: tuple[str, ...] = ()
    if m.group("mode"):
        if kind != "move":
            return None
        extra = ("mode:" + m.group("mode").rsplit(" ", 1)[1],)
    low = int(m.group("min")) if m.group("min") else n if m.group("ex") == "exactly " else 0
    if low:
        if n > 0 and low > n:
            return None
        extra = (*extra, f"min:{low}")
    rest = _ONE_WITH.sub(r"make \g<n> \g<w> attacks against the same target", m.group("rest").strip())
    at = _APPROACH_ATTACK.match(rest)
    if at:
        atk = at.group("atk")
        who = at.group("who")
        if who:  # 'attacks a non-flying enemy: +11 vs. AC', 'attack 1 adjacent enemy: ...': the target's words
            if atk.startswith("("):
                atk = "(" + who + ", " + atk[1:]
            else:
                atk = "(" + who + ") " + atk
        rest = atk
    elif re.match(r"^makes? ", rest):
        rest = re.sub(r"^makes ", "make ", rest)
    else:
        return None
    return Effect(kind, "self", n, extra=extra), rest


# states that hold only on its own turn (so 'until end of its turn' adds nothing to them)
_TURN_BOUND: Final = frozenset({"first-to-activate", "first-you-activate", "last-you-activate", "last-to-activate",
                                "own-turn"})


_ITS_MODS: Final = re.compile(r"^(?:(?:it|this creature) )?(?:has|gains) (?=[+-]\d)")


def _several_statics(body: str) -> list[Static] | None:
    """Two or more statics in one power, each a clause or a sentence that reads on its own (a keyword ability's words,
    or what it has while a state holds); None unless every one reads."""
    parts = [p for p in re.split(r",? and (?=it |its |this )|\. |; ", body.strip(" .")) if p]
    if len(parts) < 2:
        return None
    out: list[Static] = []
    for part in parts:
        kw = _static_keyword(part)
        if kw is not None and not kw[1] and not kw[2] and not kw[3]:
            out.extend(kw[0])
            continue
        bare = _ITS_MODS.sub("", part)
        mods = _modifier(bare) if re.match(r"^[+-]\d", bare) else None
        if mods is not None and not any(d for _s, _n, _f, d in mods):  # ('... This creature has +2 AC and +2 DEF while
            out.extend(Static("mod", n, stat, f) for stat, n, f, _d in mods)  # occupying forest or river terrain')
            continue
        held = _while_static(part)
        if held is None:
            return None
        out.extend(held)
    return out


# states that, once true, stay true for the rest of the battle: 'until end of battle' adds nothing to them
_LASTING: Final = frozenset({"ally-destroyed"})


def _tiers(body: str) -> list[tuple[str, int, Filter, str]] | None:
    """'+2 Attack and +5 Damage with Stormburst while within 5 squares of another Bluespawn Stormlizard. +4 Attack and
    +10 Damage with Stormburst while within 5 squares of 2 or more Bluespawn Stormlizards instead': the first
    modifiers, and what the second adds to them while its state holds too (that state needs more of the same
    creatures, so it holds only when the first does: the sum is the second's numbers); None when not so."""
    parts = re.split(r"\. (?=[+-]\d)", body)
    if len(parts) != 2 or not parts[1].endswith(" instead"):
        return None
    low, high = _modifier(parts[0]), _modifier(parts[1][: -len(" instead")])
    if not low or not high or len(low) != len(high):
        return None
    out = list(low)
    for (s1, n1, f1, d1), (s2, n2, f2, d2) in zip(low, high, strict=True):
        one = re.fullmatch(r"near-any:(\d+):(.+)", f1.self_state)
        more = re.fullmatch(r"near-any-min:(\d+):\d+:(.+)", f2.self_state)
        if (s1, d1) != (s2, d2) or n2 <= n1 or one is None or more is None or one.groups() != more.groups() \
                or replace(f1, self_state="") != replace(f2, self_state=""):
            return None
        out.append((s2, n2 - n1, f2, d2))
    return out


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
    if requirement in _LASTING:  # 'Once an ally has been destroyed, it has +5 {m} Damage until end of battle'
        b = re.sub(r" until (?:the )?end of (?:the )?battle$", "", b)
    m = re.match(r"^(?:it )?has (?P<mods>[+-]\d.*?)(?P<until> until (?:the )?end of (?:its |this |the )?turn)?$", b)
    if m is None or (m.group("until") and requirement not in _TURN_BOUND):
        return body, requirement
    return m.group("mods"), requirement


def _both_kinds(mods: list[tuple[str, int, Filter, str]], n: int) -> list[tuple[str, int, Filter, str]] | None:
    """'+2 attack whenever adjacent to a Cold or Dragon ally, or +3 if the ally has both': the modifier, and the rest of
    the larger one beside an ally of both kinds (the two add up there)."""
    if len(mods) != 1:
        return None
    stat, base, f, dtype = mods[0]
    kinds = f.self_state.removeprefix("adjacent-ally:")
    if not f.self_state.startswith("adjacent-ally:") or kinds.count("|") != 1 or "+" in kinds or n <= base:
        return None
    return [mods[0], (stat, n - base, replace(f, self_state="adjacent-ally:" + kinds.replace("|", "+")), dtype)]


def _effect_then_event(body: str) -> tuple[str, Filter, list[Effect]] | None:
    """'This creature heals 10 HP whenever its {m} attack destroys an enemy', 'This creature can shift 2 squares
    after it makes a {m} attack': the event written after its effect."""
    m = re.match(r"^(?P<eff>.+?),? (?P<ev>whenever .+?|when it is destroyed|after it makes .+?)\.?$",
                 body.strip(" ."))
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


_ACTION_AFTER_SPEC: Final = re.compile(r"^(?:(\([^)]*\)) minor action[:,]\s*(?=\+\d)|\(minor action\)\s*(?=\())")
_LEADING_TARGET: Final = re.compile(
    r"^(?P<w>(?:[a-z\-]+(?:,? or |, ))*[a-z\-]+ targets? only|(?:use )?only when it has combat advantage against "
    r"(?:the |its )?target|(?:use )?only when (?:the |its )?target grants it combat advantage|"
    r"(?:large|small) cone(?= \+))(?:[:;,]|\.(?= \+\d| \()|(?= \+\d))\s*(?P<rest>.+)$")
# ('Living target only. +14 vs.', 'Large cone +20 vs.')


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
    m = re.fullmatch(r"(?P<eff>.+?) at (?:the )?(?P<w>start|end) of each of its turns(?:,? (?P<c>(?:if|while) .+|"
                     r"unless (?P<unl>.+)))?", body.strip(" ."))
    if m is None:
        return None
    words = "if " + m.group("unl") if m.group("unl") else m.group("c")
    cond = _condition(words, lead_only=True) if words else ("", 0)
    if cond is None or (words and cond[1] != len(words)):
        return None
    if m.group("unl"):  # 'Takes 5 damage at the start of each of its turns, unless adjacent to River terrain or ...'
        unless = negated_state(cond[0])
        if unless is None:
            return None
        cond = (unless, cond[1])
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
    r"^(?:make|makes) (?:up to )?(?P<n>\d+|two|three) (?:basic (?=\{m\}|\{r\}))?"
    r"(?P<w>\{b\}|\{m\}|\{mb\}|\{r\}|\{rb\}|melee|ranged|"
    r"(?!different )[a-z][a-z' \-]*?)(?: basic)? attacks?(?:,? (?:each )?(?:against|vs\.?) "
    r"(?P<same>the same|one or two|\d+|a single) "
    r"(?:target|enemy|targets|enemies)|(?P<diff>,? (?:each )?against (?:a )?different "
    r"(?:target|enemy|targets|enemies))|(?P<one> against (?:the )?target(?: of (?:the |its )?charge)?))?"
    r"(?:[.;,]? if the first (?:attack )?hits,? (?P<first>\+\d+ attack) on the second(?: attack)?)?"
    r"(?:[.;,]? if both (?:attacks )?hit(?P<bsame> the same target)?,? (?P<both>[^.;]+?))?\.?$"
)
# 'If both attacks hit, +10 Damage on the second attack', 'If the first hits, +4 Attack on the second': the second of
# two attacks against one target gains it when the first hit (extra "second-if-first"; a damage bonus counts on its hit)
_ON_SECOND: Final = re.compile(r"^\+(?P<n>\d+) (?P<stat>attack|damage) (?:on|to) (?:the )?second(?: attack)?$")
_SECOND_LAST: Final = re.compile(r"[;,.] (\+\d+ (?:attack|damage) (?:on|to) (?:the )?second attack) if both "
                                 r"(?:attacks )?hit\.?$")


_ONE_OR_BOTH: Final = re.compile(r"^(?P<one>\d+) damage if (?:one|1)(?: attack)? hits?,? (?P<both>\d+) damage "
                                 r"(?:instead )?if both(?: attacks)? hit$")
_SECOND_TAIL: Final = re.compile(r"\s*(?:\+|and|[,;.])\s*(?P<w>\+?\s?\d+ (?:attack|damage) (?:on|to) the second"
                                 r"(?: attack)?) if both (?:attacks )?hit\.?$")


def _second_bonus(words: str) -> Effect | None:
    m = _ON_SECOND.match(re.sub(r"^\+?\s?(?=\d)", "+", words.strip()))
    if m is None:
        return None
    return Effect("mod", "self", int(m.group("n")), m.group("stat"), "attack", extra=("second-if-first",))
_EXTRA_ON_CHARGE: Final = re.compile(r"^(?P<when>when it charges,? )?(?:it )?makes? (?:1|one|an?) extra (?:\{b\}|\{m\}|"
                                     r"\{mb\}) attack against (?:the )?target(?: of (?:that|the|its) charge)?\.?$")
_MADE_ON_HIT: Final = re.compile(r"^make (?:a|an|1|one) \{b\} attack[.;,]\s*(?:if (?:that|the) attack hits|"
                                 r"on (?:a )?hit),?\s*(?P<then>.+?)\.?$")
# '(only on charge) Make 2 {b} attacks', '(Usable on charge) Make 2 {b} attacks': the charge's attack, printed first
# ('(usable on charge) Move at least 2 squares, then make 2 {b} attacks against 1 target': the charge's move restated)
_CHARGE_PAREN: Final = re.compile(r"^\((?:only |usable |use |useable )?(?:on|when|while|with) (?:a )?charg(?:e|ing)\)"
                                  r"[:,]?\s*(?:move at least 2 squares,? (?:and )?then,? )?(?P<rest>makes? .+)$")


# a basic attack against each enemy of a kind or state, within its reach or N squares ('make 1 {b} attack against
# each helpless enemy within reach'; the enemies the basic attack can reach, each once)
_MADE_EACH: Final = re.compile(
    r"^(?:make|makes) (?:a|an|1|one) (?P<w>\{b\}|\{m\}|\{mb\}|\{r\}|\{rb\}|melee|ranged) attack (?:against|vs\.?) each "
    r"(?P<adj>adjacent )?(?P<desc>[a-z ,\-]+? )?enemy(?: (?:within|in) (?:its )?reach| within (?P<n>\d+) squares"
    r"(?: of it)?)?$")


_CA_INSTEAD: Final = re.compile(r"^\+(?P<a>\d+) (?:attack|bonus) instead of \+(?P<b>\d+) (?P<rest>.+)$")


# several attacks of the card, named (each once, or N times), against one target or two different ones
_MADE_LIST: Final = re.compile(
    r"^make (?P<list>.+? attacks?(?: and [a-z' ]+)?)(?:,? all| each)?(?: (?P<same>against the same target)|"
    r" (?P<diff>against a different target))?(?: \((?P<tgt>[a-z ,\-]+?) target only\))?$")
_MADE_ITEM: Final = re.compile(
    r"(?P<n>1|a|an|one|2|two|3|three) (?P<w>\{b\}|\{m\}|\{mb\}|\{r\}|\{rb\}|[a-z][a-z' ]*?)(?: attacks?)?|"
    r"(?P<w2>[a-z][a-z' ]*?)")
_MADE_WHICH: Final = {"{b}": "basic", "{m}": "melee-basic", "{mb}": "melee-basic", "{r}": "ranged-basic",
                      "{rb}": "ranged-basic"}


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
    start = _AURA_START.match(b) or _AURA_START_AFTER.match(b)
    if start:
        if re.fullmatch(r"(?:enemies and allies|allies and enemies)", start.group("who")):
            who, flt, rest = "all", Filter(), ""  # both sides (the subject words read 'enemies' alone)
        else:
            who, flt, rest = _subject(start.group("who") + " ")
            who = "all" if who == "everyone" else who  # ('Living creatures that start their turn in aura': both
            # sides, not the aura's own creature, ddm-guild.auras)
        if who not in ("enemies", "allies", "all") or not size or rest.strip():
            raise _Unread(body)
        effects = _effects(start.group("what"), "target", "hit")
        side = {"enemies": "enemy", "allies": "ally", "all": "any"}[who]
        return Power(index, display, ptype, text, uses, trigger="starts-in-aura",
                     trigger_filter=Filter(keyword=flt.keyword or flt.alignment, within=size, side=side),
                     effects=tuple(effects))
    turns = _AURA_AND_TURNS.match(b) if size else None
    if turns:  # 'Exemplar of Good: (Aura 1) Evil enemies in aura have -2 Attack and -2 to all defenses and take 10
        # radiant damage at start of each of this creature's turns': the aura, and at each of its turns' start the
        # damage to those of them in it
        held = _aura_statics(turns.group("main"), size, text)
        who, flt, rest = _subject(turns.group("who") + " ")
        if held is None or who not in ("enemies", "allies", "all") or rest.strip():
            raise _Unread(body)
        hurt = Effect("damage", who, int(turns.group("n")), (turns.group("t") or "").strip(),
                      filter=replace(flt, within=size))
        return Power(index, display, ptype, text, uses, trigger="start-of-turn", effects=(hurt,),
                     statics=tuple(held))
    statics = _aura_statics(b, size, text) or _aura_sentences(b, size, text) or _aura_on_hits(b, size, text)
    if statics is None:
        raise _Unread(body)
    return Power(index, display, ptype, text, uses, statics=tuple(statics))


_AURA_AND_TURNS: Final = re.compile(
    r"^(?P<main>(?P<who>[a-z\- ]+?) in aura have [^;.]+?) and take (?P<n>\d+) (?P<t>(?:" + _TYPE_ALT + r") )?damage "
    r"at (?:the )?start of each of its turns$")


# what allies in an aura gain as their own attack hits or misses ('heal 5 HP whenever hitting with a {m} attack',
# 'take 5 damage whenever they miss'): ddm_guild_attacks.hit_or_miss_aura
_ON_HITS: Final = re.compile(
    r"^(?P<pre>.*?)(?:^| and | )(?:heals? (?P<h>\d+) hp (?:whenever hitting|each time they hit an enemy|whenever they "
    r"hit(?: an enemy)?) with an? \{m\} attack|takes? (?P<d>\d+) damage whenever they miss)$")


def _aura_on_hits(b: str, size: int, text: str) -> list[Static] | None:
    """'(Aura 1) Allies in aura heal 5 HP whenever hitting with a {m} attack', '(aura 3) While in aura, allies have
    Resist 5 Necrotic and heal 5 HP each time they hit an enemy with a {m} attack', '(Aura 5) Allies in aura have +2
    attack and take 5 damage whenever they miss': the aura's other words, and that for its allies."""
    m = _ON_HITS.match(b)
    if m is None or not size:
        return None
    pre = m.group("pre").strip(" ,")
    if re.fullmatch(r"(?:while in aura, )?allies(?: in aura)?", pre):
        rest: list[Static] = []
    else:
        got = _aura_statics(pre, size, text)
        if not got or any(x.filter.side != "ally" or x.filter.keyword for x in got):
            return None
        rest = got
    what, n = ("hit-heal-melee", m.group("h")) if m.group("h") else ("miss-damage", m.group("d"))
    return [*rest, Static("aura-gain", int(n), what, Filter(side="ally"), aura=size)]


def _aura_sentences(b: str, size: int, text: str) -> list[Static] | None:
    """Sentences of their own ('Each Mind Flayer ally in aura has ... . Each Aberrant ally ...', 'Each ally adjacent to
    it has +2 attack; each enemy adjacent to it has -2 attack'), each read as an aura."""
    parts = [_aura_statics(part, size, text) for part in re.split(r"[.;] (?=[a-z])", b)]
    if len(parts) < 2 or any(p is None for p in parts):
        return None
    return [x for p in parts for x in p or ()]


_AURA_START: Final = re.compile(
    r"^(?P<who>.+?) (?:that|who) (?:(?:start|starts|begin|begins) (?:a|their|its) turn|activates?) (?:in (?:the )?aura|"
    r"adjacent to it|within it) (?P<what>(?:takes?|are|is|has|have|gains?) .*)$")
# '(Aura 1) Enemies and allies take 20 fire damage whenever starting a turn in aura'
_AURA_START_AFTER: Final = re.compile(
    r"^(?P<who>.+?) (?P<what>takes? .+?) whenever starting (?:a|their|its) turn in (?:the )?aura$")
# the stats an aura's modifier reaches (speed is the creature's own and no aura reaches it yet)
_AURA_STATS: Final = frozenset({"attack", "damage", "ac", "fort", "ref", "will", "defenses", "defenses-nonac", "def",
                                "save"})
ANYWHERE: Final = 99  # an aura with no size ("Dragon allies have +4 attack"): every square of the map
_AURA_HAVE: Final = re.compile(
    r"^(?:(?:within|in) (?P<n>\d+) squares?(?: of it)? |in (?:the )?aura )?(?:each )?(?:have|has|deal|gains?) "
    r"(?P<mod>[+-].*?)\.?$")


def _aura_statics(body: str, size: int, text: str) -> list[Static] | None:
    """Who an aura reaches and the modifiers it gives them (None when the words are not that): 'Dragon allies have +4
    attack', 'Eladrin and Elf allies within 5 squares of it have +2 attack', 'it and each adjacent ally has +2 AC',
    'undead allies in aura have +2 attack vs. living targets'. With no size given, the aura covers the map; it
    lasts while its creature is on the battle map."""
    dt = _DIFFICULT_AURA.match(body.strip(" ."))
    if dt:  # 'Each square within 2 squares of this creature counts as difficult terrain for enemies'
        n = int(dt.group("n")) if dt.group("n") else 1 if dt.group("adj") else size
        kind = dt.group("k") or ""
        if not n or (kind and not _known_kinds(kind)):
            return None
        side = "enemy" if dt.group("who") == "enemies" else "any"
        return [Static("difficult-aura", n, filter=Filter(keyword="!" + kind if kind else "", side=side))]
    cc = re.fullmatch(r"enemies in aura have -(?P<p>\d+) attack when taking an attack action that does not include it "
                      r"as a target", body.strip(" ."))
    if cc and size:  # 'Combat Challenge: (Aura 1) Enemies in aura have -2 Attack when taking an attack action that does
        # not include this creature as a target' (ddm_guild_attacks.challenged)
        return [Static("aura-gain", int(cc.group("p")), "challenge-aura", Filter(side="enemy"), aura=size)]
    frz = re.fullmatch(r"while an enemy within (?P<n>\d+) squares of it is (?P<a>slowed|dazed|weakened), it is also "
                       r"(?P<b>immobilized|slowed|dazed|weakened)", body.strip(" ."))
    if frz:  # 'While an enemy within 3 squares of this creature is Slowed, it is also Immobilized': that enemy
        return [Static("aura-gain", 1, frz.group("b"), Filter(keyword=frz.group("a"), side="enemy"),
                       aura=int(frz.group("n")))]
    song = re.fullmatch(r"an ally that charges within sight of it deals (?P<mod>[+-]\d.+?) on that charge",
                        body.strip(" ."))
    song_mods = _modifier(song.group("mod")) if song else None
    if song_mods and all(st in _AURA_STATS and not d and f == Filter(attack_form=f.attack_form)
                         for st, _n, f, d in song_mods):  # 'An ally that charges within sight of this creature deals
        # +10 {m} Damage on that charge': the ally's own states (judge.aura_holder_ok)
        return [Static("aura-mod", n, st, Filter(side="ally", attack_form=f.attack_form,
                                                 self_state="holder-charging&holder-seen"), aura=ANYWHERE)
                for st, n, f, _d in song_mods]
    seers = re.match(r"^(?:all |each )?enemies that (?:have|has) line of sight to it (?=have |has )", body)
    if seers:  # 'all enemies that have line of sight to it have -2 AC and -2 DEF': those that see the aura's creature
        read = _aura_statics("enemies " + body[seers.end():], size, text)
        return None if read is None or any(x.kind != "aura-mod" or x.filter.self_state for x in read) else [
            replace(x, filter=replace(x.filter, self_state="holder-sees")) for x in read]
    beside = _BESIDE_IT.fullmatch(body.strip(" ."))
    if beside and re.search(r"\badjacent to this creature\b", text.lower()):
        if beside.group("n"):  # '{m} attacks against enemies adjacent to this creature score criticals on attack rolls
            # of natural 19+': its own side's attacks (its own, and its allies' by an aura)
            form = _FORMS[beside.group("f") + " "]
            n = int(beside.group("n"))
            return [Static("keen-critical", n, filter=Filter(attack_form=form, target_state="adjacent")),
                    Static("aura-mod", n, "keen", Filter(side="ally", attack_form=form, target_state="owner-adjacent"),
                           aura=ANYWHERE)]
        # 'Enemies adjacent to this creature grant combat advantage to this creature's allies'
        return _aura_ca("allies", Filter(), "enemies adjacent to it", size, text)
    body = re.sub(r"^while within (\d+) squares of it, invisible creatures are visible, and creatures do not benefit "
                  r"from conceal$", r"creatures within \1 squares of it are visible and do not benefit from conceal",
                  body)
    body = re.sub(r"\b(?<!while )within (?:the )?aura\b", "in aura", body)  # ('Gnolls within aura have +2 attack')
    body = re.sub(r"^while (?:with)?in (?:the )?aura, ", "", body)  # '(Aura 5) While within aura, each ally and each
    # enemy is visible': those in the aura
    if size and re.fullmatch(r"ignores invisible (?:with)?in (?:the )?aura", body):  # its own sense, that far
        return [Static("gain", size, "sees-invisible")]
    ch = re.fullmatch(r"(?:enemies may not use the charge power against it or against allies in aura|enemies cannot "
                      r"charge allies within (?P<n>\d+) squares of it)", body)
    if ch:  # '(aura 2) Enemies may not use the Charge power against this creature or against allies in aura'
        n = int(ch.group("n")) if ch.group("n") else size
        return [Static("aura-gain", 1, "untargetable-charge", Filter(side="ally" if ch.group("n") else "ally+self"),
                       aura=n)] if n else None
    body = re.sub(r"^(?=(?:allies and enemies|enemies and allies) )", "all ", body)  # ('allies and enemies within 6
    body, spared = _spared(body)  # squares of it are not invisible': every creature there)
    body = re.sub(r"^other creatures (?=within \d+ squares of it )", "creatures ", body)  # ('Other creatures within 2
    # squares of this creature cannot make {r} ... attacks': every creature there but it, as an aura reaches)
    body = re.sub(r"^while adjacent to it, (?!it )", "adjacent ", body)  # 'While adjacent to this creature, Arcane
    # allies have Blindsight 5': the allies adjacent to it
    relative = re.match(r"^(?P<adj>adjacent )?(?P<rel>lower|higher)[- ]level (?=(?:[a-z\-]+ )?allies )", body)
    if relative:  # 'Adjacent lower-level allies have +4 Attack': of a level below its creature's (judge.relative_kinds)
        body = (relative.group("adj") or "") + body[relative.end():]
    everyone = re.match(r"^it and (?=(?:all |each )?creatures (?:within|in) )", body)  # 'it and creatures within 3
    who, flt, rest = _subject(body[everyone.end():] if everyone else body)  # squares': every creature there and it
    if relative:
        if who != "allies":
            return None
        flt = replace(flt, keyword="+".join(k for k in (flt.keyword, relative.group("rel") + "-level") if k))
    if everyone and who == "all":
        who = "self-and-all"
    both = _BOTH_KINDS.match(body)
    if both:  # 'Living, non-Troglodyte enemies and allies in aura', 'Non-Demon living allies and enemies in aura'
        kinds = [("!" + k[4:] if k.startswith("non-") else k) for k in (both.group("k1"), both.group("k2")) if k]
        if not all(_known_kinds(k) for k in kinds):
            return None
        who, flt, rest = "all", Filter(keyword="+".join(kinds)), both.group("rest")
    if not who and re.match(r"^creatures (?:cannot|can not|may not) ", body):  # 'Creatures cannot use Champion powers
        who, flt, rest = "all", Filter(), body[10:]  # while adjacent to this creature': every creature there
    named = _KINDS_IN_AURA.match(body) if who not in ("allies", "self-and-allies", "enemies", "all") else None
    in_aura = _target_kinds(named.group("k")) if named else None
    if named and in_aura and kinds_known(in_aura):  # 'Gnolls within aura have +2 attack', 'Yuan-ti and Undead in aura
        who, flt, rest = "all", Filter(keyword=in_aura), named.group("rest")  # have ...': of both sides (its own aside,
        # profile ddm-guild.kinds-creatures)
    if who not in ("allies", "self-and-allies", "enemies", "all", "self-and-all"):
        return None
    if spared:  # 'Adjacent living creatures have -2 Attack; Troglodytes immune'
        if not flt.keyword or "|" in flt.keyword or not _known_kinds(spared):
            return None
        flt = replace(flt, keyword=flt.keyword + "+!" + spared)
    rest = re.sub(r" while in (?:the )?aura$", "", rest)  # ('Arcane enemies have -4 attack while in aura')
    rest = re.sub(r"^gains? an extra (?=[+-]\d)", "gain ", rest)  # ('Goblin allies gain an extra +2 attack')
    if rest.endswith(" while adjacent to it") and not flt.within:  # 'Creatures cannot use champion powers while
        rest, flt = rest[: -len(" while adjacent to it")], replace(flt, within=-1)  # adjacent to it'
    both = re.fullmatch(r"(?P<mods>(?:have|has) [+-]\d.*?) and (?P<gains>(?:are|is|may not|have|has) (?![+-]\d).+)",
                        rest)
    if both:  # '(aura 5) Gnolls within aura have +2 attack and are Immune Dazed'
        first = _aura_have(who, flt, both.group("mods"), size, text)
        second = _aura_gains(who, flt, both.group("gains"), size)
        return first + second if first is not None and second is not None else None
    keen = re.fullmatch(r"scores? critical(?: hit)?s? on (?:a )?(?:attack )?(?:rolls? of )?natural (?P<n>\d+)"
                        r"(?:-20| or 20|\+)(?P<vs> against .+)?", rest)
    if keen and who in ("allies", "enemies", "all"):  # 'Beast allies score criticals on attack rolls of natural 18+':
        vs, left = _mod_condition(keen.group("vs") or "")  # the aura's 'keen' (ddm_guild_attacks._keen)
        if left or vs.self_state or vs.attack_form:
            return None
        side = {"enemies": "enemy", "all": "any"}.get(who, "ally")
        return [Static("aura-mod", int(keen.group("n")), "keen",
                       Filter(keyword=flt.keyword or flt.alignment, side=side, target_state=_own_kinds(vs)),
                       aura=size or (1 if flt.within < 0 else flt.within) or ANYWHERE)]
    sneak = re.fullmatch(r"(?:have|has|gains?) sneak attack (\d+)", rest)
    if sneak and who in ("allies", "self-and-allies", "enemies", "all"):  # 'Adjacent allies have Sneak Attack 5': each
        # has the keyword (its combat advantage, the target's Immune Sneak Attack)
        within = flt.within
        side = {"enemies": "enemy", "all": "any"}.get(who, "ally")
        out = [Static("aura-mod", int(sneak.group(1)), "damage",
                      Filter(keyword=flt.keyword or flt.alignment, side=side, target_state=SNEAK_TARGET),
                      aura=size or (1 if within < 0 else within) or ANYWHERE)]
        if who == "self-and-allies":
            out.append(Static("mod", int(sneak.group(1)), "damage", Filter(target_state=SNEAK_TARGET)))
        return out
    cav = re.fullmatch(r"(?:have|has) combat advantage (?:vs\.?|against) (?P<t>.+)", rest)
    if cav and who in ("allies", "enemies", "all"):  # 'Small Beast allies have combat advantage vs. enemies adjacent
        return _aura_ca(who, flt, cav.group("t"), size, text)  # to this creature'
    if _AURA_HAVE.match(rest) is None:
        return _aura_gains(who, flt, rest, size)
    return _aura_have(who, flt, rest, size, text)


_BESIDE_IT: Final = re.compile(
    r"(?P<f>\{m\}|\{r\}) attacks against (?:enemies|targets) adjacent to it score critical(?: hit)?s? on (?:a )?"
    r"(?:attack )?(?:rolls? of )?natural (?P<n>\d+)(?:-20| or 20|\+)|enemies adjacent to it grant combat advantage to "
    r"its allies")


def _aura_ca(who: str, flt: Filter, targets: str, size: int, text: str) -> list[Static] | None:
    """Combat advantage an aura gives the creatures it reaches against the targets the words name (an aura-mod of
    stat "ca": ddm_guild_judge.has_combat_advantage); None when the words name no target state."""
    vs, left = _mod_condition("vs. " + targets)
    state = _owner_state(vs, text)
    if left or vs.self_state or vs.attack_form or not state or "ca" in state.split("&"):
        return None
    side = {"enemies": "enemy", "all": "any"}.get(who, "ally")
    within = flt.within
    return [Static("aura-mod", 1, "ca", Filter(keyword=flt.keyword or flt.alignment, side=side, target_state=state),
                   aura=size or (1 if within < 0 else within) or ANYWHERE)]


def _owner_state(f: Filter, text: str) -> str | None:
    """An aura modifier's target state: 'against targets adjacent to this creature' is beside the aura's own creature
    ("owner-adjacent", ddm_guild_judge.aura_target_ok) when the card prints "this creature" (a printed "it" could be
    the creature the aura reaches: not read, None); the others as _own_kinds gives them."""
    state = _own_kinds(f)
    if "adjacent" not in state.split("&"):
        return state
    if not re.search(r"\badjacent to this creature\b", text.lower()):
        return None
    return "&".join("owner-adjacent" if x == "adjacent" else x for x in state.split("&"))


# states that are the battle's, the same for every creature ('Modron allies have +2 attack during the end of round
# phase')
_SHARED_STATES: Final = frozenset({"end-of-round-phase"})


def _aura_have(who: str, flt: Filter, rest: str, size: int, text: str) -> list[Static] | None:
    """The modifiers an aura gives ('have +2 attack vs. living targets')."""
    m = _AURA_HAVE.match(rest)
    if m is None or who == "self-and-all":
        return None
    mods = _modifier(re.sub(r"\b(?:against|vs\.?) each target granting (?:it|them)\b|\b(?:against|vs\.?) targets "
                            r"granting them\b", "against targets granting it", m.group("mod").strip(" .")))
    if mods is None:
        return None
    # 'granting it / them combat advantage' after the creatures the aura reaches: theirs ('Each Drow Ally has +5 damage
    # against each target granting it combat advantage', 'Goblin allies gain an extra +2 attack vs. targets granting
    # them combat advantage'); 'granting this creature combat advantage' is not read (whose?)
    holder_ca = bool(re.search(r"\bgranting (?:it|them) combat advantage\b", text.lower()))
    # 'Motivator: Goblin allies have +2 Speed': more speed, which what its auras give a creature holds (the largest)
    faster = all(stat == "speed" and n > 0 and not d and f == Filter() for stat, n, f, d in mods) \
        and who != "self-and-allies"
    states: list[str] = []
    for stat, _n, f, d in mods if not faster else ():
        own_state = re.search(r"while (?:it|this creature) is", text.lower()) or f.self_state in _SHARED_STATES
        if stat not in _AURA_STATS or d or (f.self_state and not own_state):  # (the aura's creature's state)
            return None
        state = _owner_state(f, text)
        if state is None or ("ca" in state.split("&") and not holder_ca):
            return None  # 'adjacent to it', combat advantage: whose, the aura's creature's or the holder's?
        states.append(state)
    within = int(m.group("n")) if m.group("n") else flt.within
    size = size or (1 if within < 0 else within) or ANYWHERE
    kind = flt.keyword or flt.alignment
    side = {"enemies": "enemy", "all": "any"}.get(who, "ally")
    if faster:
        return [Static("aura-gain", n, "speed", Filter(keyword=kind, side=side), aura=size) for _s, n, _f, _d in mods]
    out = [Static("aura-mod", n, stat, Filter(keyword=kind, attack_form=f.attack_form, side=side,
                                              target_state=state, self_state=f.self_state), aura=size)
           for (stat, n, f, _d), state in zip(mods, states, strict=True)]
    if who == "self-and-allies":
        out += [Static("mod", n, stat, Filter(attack_form=f.attack_form, target_state=f.target_state,
                                              keyword=f.keyword, self_state=f.self_state)) for stat, n, f, _d in mods]
    return out


_KINDS_IN_AURA: Final = re.compile(
    r"^(?!(?:all|each|allies|enemies|creatures) )(?P<k>[a-z\-]+(?:(?:,|,? and|,? or) [a-z\-]+)*) in (?:the )?aura "
    r"(?P<rest>(?:have|has|are|is|gains?) .+)$")
_BOTH_KINDS: Final = re.compile(
    r"^(?!(?:all|each) )(?P<k1>(?:non-)?[a-z\-]+),? (?:(?P<k2>(?:non-)?[a-z\-]+) )?(?:enemies and allies|allies and "
    r"enemies|creatures) "
    r"in (?:the )?aura (?P<rest>.+)$")
_DIFFICULT_AURA: Final = re.compile(
    r"^(?:each |all )?squares? (?:within (?P<n>\d+) squares of it|(?:with)?in (?:the )?aura|(?P<adj>adjacent to it)) "
    r"(?:counts? as|is|are) difficult terrain(?: (?:for|to) (?:non-(?P<k>[a-z\-]+) )?(?P<who>enemies|creatures))?$")


def _spared(body: str) -> tuple[str, str]:
    """'...; Troglodytes immune' / '...; Taer creatures immune': the kind an aura spares, and the words before it."""
    m = re.fullmatch(r"(?P<b>.+?);? (?P<k>[a-z\-]+?)s? (?:creatures )?(?:are )?immune", body)
    if m is None:
        return body, ""
    return m.group("b"), m.group("k")


def _aura_gains(who: str, flt: Filter, rest: str, size: int) -> list[Static] | None:
    """What an aura gives the creatures in it, in the gain vocabulary ('(Aura 2) Enemies in aura are not Invisible and
    do not benefit from Conceal', 'Good allies within 3 squares of it have Immune Confused', 'Adjacent enemies may not
    make opportunity attacks') or a condition ('Enemies within 2 squares taking ongoing necrotic damage are also
    Immobilized'); the engine keeps it with what each creature has while a state holds."""
    cond = re.fullmatch(r"(?:are|is) (?:also )?(?P<c>immobilized|slowed|dazed|weakened)", rest)
    gains = [(cond.group("c"), 1)] if cond else gain_words(rest)
    if gains is None:
        return None
    within = flt.within
    size = size or (1 if within < 0 else within) or ANYWHERE
    side = {"enemies": "enemy", "all": "any", "self-and-all": "any"}.get(who, "ally") + (
        "+self" if who.startswith("self-and-") else "")
    return [Static("aura-gain", n, what, Filter(keyword=flt.keyword or flt.alignment, side=side), aura=size)
            for what, n in gains]


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
        out.append(_icon_name(parse_power(i, ptype, str(p.get("text") or ""), int(str(uses)) if uses else 0)))
    names = {q.name.casefold() for q in out}
    attacks = {q.name.casefold() for q in out if q.attack is not None and q.attack.form in ("melee", "ranged")}
    attacks_all = {q.name.casefold() for q in out if q.attack is not None}
    areas = {q.name.casefold() for q in out if q.attack is not None and q.attack.form in AREA_MADE}
    out = [_named_grants(q, out) for q in out]
    for i, q in enumerate(out):
        made = [e.what for e in q.effects if e.kind == "attack"] if q.attacks_made else []
        missing = [m[6:] for m in made if m.startswith("power:") and m[6:] not in attacks]
        if missing:
            out[i] = replace(q, unplayed=f"{missing[0]} attacks: no single-target attack of this card has that name")
            continue
        event_form = q.trigger_filter.attack_form
        if event_form.startswith("power:") and event_form[6:] not in attacks_all:  # 'when it hits with Terror Strike'
            out[i] = replace(q, unplayed=f"an event of its {event_form[6:]} attack: no attack of this card has that "
                                         f"name")
            continue
        if q.recharge.startswith("uses:") and not any(n in names for n in q.recharge[5:].split("|")):
            out[i] = replace(q, unplayed=f"recharge when it uses {q.recharge[5:]}: no power of this card has that name")
            continue
        named = [s.filter.attack_form[6:] for s in q.statics if s.filter.attack_form.startswith("power:")]
        if any(n not in attacks_all for n in named):  # '+2 Attack with Stormburst': an attack of this card
            out[i] = replace(q, unplayed=f"with {named[0]}: no attack of this card has that name")
            continue
        hit_with = [x[9:] for s in q.statics for x in s.filter.target_state.split("&") if x.startswith("hit-with:")]
        if any(n not in attacks_all for n in hit_with):  # 'targets previously hit by this creature's Smite'
            out[i] = replace(q, unplayed=f"targets hit by its {hit_with[0]}: no attack of this card has that name")
            continue
        affected = [x[12:] for s in q.statics for x in s.filter.target_state.split("&") if x.startswith("affected-by:")]
        if any(not any(x.name.casefold() == n and (x.attack is not None or x.effects) for x in out)
               for n in affected):  # 'targets affected by Bestow Curse': a power of this card that puts effects on
            out[i] = replace(q, unplayed=f"targets affected by {affected[0]}: no power of this card puts that on")
            continue
        used = [n for s in q.statics if s.kind == "spent-at-start" for n in s.what.split("|")]
        if any(not any(x.name.casefold() == n and x.uses for x in out) for n in used):  # ('... count as used')
            out[i] = replace(q, unplayed="powers that count as used: not powers of this card with a use limit")
            continue
        spent = [x[6:] for s in q.statics for x in s.filter.self_state.split("&") if x.startswith("spent:")]
        if any(n not in names for n in spent):  # 'while Spear Throw has no uses available': a power of this card
            out[i] = replace(q, unplayed=f"while {spent[0]} has no uses: no power of this card has that name")
            continue
        if any(not x.uses for x in out if x.name.casefold() in spent):  # (a power with no use limit is never spent)
            out[i] = replace(q, unplayed=f"while {spent[0]} has no uses: it has no use limit on this card")
            continue
        for e in _all_effects(q):
            if e.kind == "recharge" and e.what.startswith("power:") \
                    and not any(n in names for n in e.what[6:].split("|")):
                out[i] = replace(q, unplayed=f"recharge {e.what[6:]}: no power of this card has that name")
            if e.kind == "recharge" and "spend" in e.extra and e.what.startswith("power:") and not any(
                    x.uses for x in out if x.name.casefold() == e.what[6:]):
                out[i] = replace(q, unplayed=f"a use of {e.what[6:]}: it has no use limit on this card")
            # 'make a Toxic Burst attack': one of its card's attacks the engine makes on a power's word (a single
            # target, a close burst around it, a blast, an area or a line where it takes the most enemies)
            if e.kind == "attack" and e.what.startswith("power:") and not q.attacks_made and e.who == "self" \
                    and e.what[6:] not in attacks and e.what[6:] not in areas:
                out[i] = replace(q, unplayed=f"{e.what[6:]} attacks: no attack of this card that is read has that name")
    return out


# the attacks of several targets a power's words may make ('make a Lightning Blast attack';
# ddm_guild_attacks.extra_attack)
AREA_MADE: Final = frozenset({"close-burst", "close-blast", "area", "line"})
# the icon letter the catalogue prints before some attack powers' names ('c Lightning Burst', 'R Produce Flame') and
# the forms it stands for
_ICONS: Final = {"m": ("melee",), "r": ("ranged",), "c": ("close-burst", "close-blast"), "a": ("area",)}


def _icon_name(p: Power) -> Power:
    """'c Lightning Burst: (burst 1) ...': the power is named without the icon letter of its form (as the card's
    other powers name it: 'Make 1 Lightning Burst attack')."""
    m = re.match(r"^([a-z]) (\S.*)$", p.name, re.I)
    if m is None or p.attack is None or p.attack.form not in _ICONS.get(m.group(1).lower(), ()):
        return p
    return replace(p, name=m.group(2))


def _named_grants(q: Power, card: list[Power]) -> Power:
    """'Each Divine and each Martial ally has Defender until end of round', 'had Croc Strike': a power of the card,
    by name, given for a while — a triggered power in its printed words (a "grant": each creature reached has it as
    its own), a power of modifiers only as those modifiers for that while; any other (an action, or no such power)
    is said not played."""
    if q.unplayed or not any(e.kind == "grant" and e.what.startswith("power:") for e in q.effects):
        return q
    effects: list[Effect] = []
    for e in q.effects:
        if e.kind != "grant" or not e.what.startswith("power:"):
            effects.append(e)
            continue
        name = e.what[6:]
        named = next((x for x in card if x.name.casefold() == name and x is not q), None)
        if named is None or named.unplayed:
            return replace(q, unplayed=f"has {name}: no power of this card has that name" if named is None
                           else f"has {name}: {named.unplayed}")
        if named.trigger and named.attack is None and not named.statics:
            effects.append(replace(e, what=named.text))
        elif named.statics and not (named.trigger or named.action or named.effects or named.attack) and all(
                s.kind == "mod" and ":" not in s.what and not s.filter.keyword for s in named.statics):
            effects.extend(Effect("mod", e.who, s.amount, s.what, e.duration, filter=replace(
                s.filter, keyword=e.filter.keyword, within=e.filter.within)) for s in named.statics)
        else:
            return replace(q, unplayed=f"has {name}: a power of this card that is not a triggered power or "
                                       "modifiers, given for a while")
    return replace(q, effects=tuple(effects))


def _all_effects(p: Power) -> tuple[Effect, ...]:
    a = p.attack
    found = p.effects + ((a.hit + a.miss + a.always + a.crit) if a is not None else ())
    return found + tuple(x for e in found if e.kind == "menu" for o in e.options for x in o)
