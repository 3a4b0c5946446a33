"""The DDM Guild rules as the engine plays them: one record per rule, with its id, section, basis and numbers.

The Guild's rulebook ("Battle Rules, DDM Guild Edition", 2009 and 2011) cannot be read beyond its table of
contents (``../shared/rules/ddm-guild-sources.md``). Every rule the engine plays is therefore either a
**source** (a readable text states it: a Wizards 2008 article, a DDM Guild page, the 1.0 rules carried over,
or the cards themselves) or a **reading** (no readable text states it; we chose it, and say what else it could
be). ``docs/rules/ddm-guild-play.md`` is the digest in words; ``data/ddm_guild/rules.json`` holds the same ids
and the numbers the engine uses, which this module reads, so a number lives in one place. A test checks that the
digest and the data agree.

Every battle's result names :data:`RULES_VERSION` and the readings in force (:func:`readings`), so a player who
owns the rulebook can see what was assumed and report a reading as wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

RULES_VERSION: Final = "ddm-guild-play/1"

SOURCE: Final = "source"
READING: Final = "reading"


@dataclass(frozen=True)
class Rule:
    """One rule of the profile. ``values`` are the numbers the engine reads (by name)."""

    id: str
    section: str
    basis: str  # SOURCE or READING
    title: str
    cite: str = ""  # where a source says it (page or article); for a reading, what it rests on
    alternatives: tuple[str, ...] = ()
    values: dict[str, int] = field(default_factory=dict)


# The sections are the table of contents of "Battle Rules, DDM Guild Edition" (2009 and 2011 revisions); the rules
# themselves, with their sources, readings and numbers, are the data file (one record per rule, in the digest's order).
DATA: Final = Path(__file__).resolve().parent / "data" / "ddm_guild" / "rules.json"


def _load() -> tuple[Rule, ...]:
    doc = json.loads(DATA.read_text(encoding="utf-8"))
    out: list[Rule] = []
    for r in doc["rules"]:
        out.append(Rule(
            id=str(r["id"]), section=str(r["section"]), basis=str(r["basis"]), title=str(r["title"]),
            cite=str(r.get("cite") or ""), alternatives=tuple(str(a) for a in r.get("alternatives") or ()),
            values={str(k): int(v) for k, v in (r.get("values") or {}).items()},
        ))
    return tuple(out)


_RULES: Final[tuple[Rule, ...]] = _load()

RULES: Final[dict[str, Rule]] = {r.id: r for r in _RULES}


def rule(rule_id: str) -> Rule:
    return RULES[rule_id]


def value(rule_id: str, name: str) -> int:
    """A number of the profile by its rule id and name (a KeyError names a typo at import time)."""
    return RULES[rule_id].values[name]


def readings() -> list[Rule]:
    """Every reading of the profile, in the digest's order."""
    return [r for r in _RULES if r.basis == READING]


def reading_summary() -> list[dict[str, str]]:
    """The readings as plain data, for a result: id, section and what was chosen."""
    return [{"id": r.id, "section": r.section, "title": r.title} for r in readings()]


# The engine's numbers, each read from its rule (one place for every number).
FIRST_PHASE: Final = value("ddm-guild.round", "first_phase")
PER_PHASE: Final = value("ddm-guild.round", "per_phase")
MAX_ROUNDS: Final = value("ddm-guild.round-limit", "max_rounds")
SHIFT_SQUARES: Final = value("ddm-guild.shift", "squares")
IMMEDIATE_PER_ROUND: Final = value("ddm-guild.immediate-actions", "per_round")
AUTO_HIT: Final = value("ddm-guild.attack-roll", "auto_hit")
AUTO_MISS: Final = value("ddm-guild.attack-roll", "auto_miss")
CRIT_MULTIPLIER: Final = value("ddm-guild.critical-hit", "multiplier")
MELEE_REACH: Final = value("ddm-guild.melee-reach", "reach")
INSUBSTANTIAL_DIVISOR: Final = value("ddm-guild.insubstantial", "divisor")
SAVE_TARGET: Final = value("ddm-guild.saving-throw", "target")
COMBAT_ADVANTAGE: Final = value("ddm-guild.combat-advantage", "attack")
COVER: Final = value("ddm-guild.cover", "attack")
CHARGE_BONUS: Final = value("ddm-guild.charge", "attack")
CHARGE_MIN_SQUARES: Final = value("ddm-guild.charge", "min_squares")
DIFFICULT_COST: Final = value("ddm-guild.difficult-terrain", "cost")
VICTORY_AREA_PERCENT: Final = value("ddm-guild.victory-area", "percent")
CHAMPION_EXTRA_DICE: Final = value("ddm-guild.champion-test", "extra_dice")
CONFUSED_OWN_MAX: Final = value("ddm-guild.confused", "own_max")
CONFUSED_IDLE_MAX: Final = value("ddm-guild.confused", "idle_max")
