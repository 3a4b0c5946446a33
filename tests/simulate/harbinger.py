"""Test fixtures: the Harbinger stat blocks of ``../shared/data/ddm-harbinger-toee-zmod`` as engine cards.

The data set (GPL-3.0, see its SOURCE.md) is read where it lies, not copied. Only the records with a full
stat block and a melee attack line become cards (19 of its 26 full blocks; 7 lack an attack line).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from simulate.games.ddm_cards import AbilitySpec, CreatureCard, slugify
from tests.simulate.printed import attack_line, spell_list

ROOT = Path(__file__).resolve().parents[2]
HARBINGER = ROOT.parent / "shared" / "data" / "ddm-harbinger-toee-zmod" / "creatures.json"
SEED_WIZARDS = ROOT.parent / "shared" / "data" / "ddm-seed-wizards" / "creatures.json"


def _uses_from_comments(name: str, comments: list[str]) -> int | None:
    text = " ".join(comments)
    m = re.search(re.escape(name) + r"[^;.]*?\s(\*+)", text)
    return len(m.group(1)) if m else None


def _type(raw: str, size_hint: str | None) -> tuple[str, str, tuple[str, ...]]:
    size = "Medium"
    words = raw.split()
    if words and words[0] in ("Tiny", "Small", "Medium", "Large", "Huge"):
        size = words[0]
        raw = " ".join(words[1:])
    if size_hint:
        size = size_hint
    m = re.match(r"^(.*?)\s*\((.*)\)\s*$", raw)
    if m:
        return size, m.group(1).strip(), tuple(s.strip() for s in m.group(2).split(","))
    return size, raw.strip(), ()


def card_from_record(rec: dict[str, Any]) -> CreatureCard:
    size, ctype, subtypes = _type(rec["type"], rec.get("ddmdb_size"))
    comments = rec.get("source_comments") or []
    attacks = attack_line(rec["melee"], "melee")
    if rec.get("ranged"):
        attacks += attack_line(rec["ranged"], "ranged")
    abilities: list[AbilitySpec] = []
    for name, value in (rec.get("special_abilities") or {}).items():
        uses = _uses_from_comments(name, comments)
        if isinstance(value, dict):
            dc = value.get("DC")
            charges = value.get("Charges")
            abilities.append(AbilitySpec(name=name, param=f"DC {dc}" if dc else "",
                                         uses=int(charges) if charges else uses))
            continue
        value = str(value or "")
        m = re.match(r"Charges:\s*(\d+),\s*DC:\s*(\d+)", value)
        if m:
            abilities.append(AbilitySpec(name=name, param=f"DC {m.group(2)}", uses=int(m.group(1))))
        elif re.fullmatch(r"[+-]?\d+", value):
            abilities.append(AbilitySpec(name=name, param=value, uses=uses))
        else:
            abilities.append(AbilitySpec(name=name, text=value, uses=uses))
    if rec.get("commander_effect"):
        abilities.append(AbilitySpec(name="Commander Effect", text=rec["commander_effect"], kind="commander-effect"))
    unique = any("Unique" in c for c in comments)
    return CreatureCard(
        name=rec["name"], slug=slugify(rec["name"]), cost=rec["cost"], factions=(rec["mod_group"],),
        commander_rating=rec.get("commander_rating"), level=rec["level"], speed=rec["speed"], ac=rec["ac"],
        hp=rec["hp"], creature_type=ctype, subtypes=subtypes, size=size, unique=unique,
        unique_name=rec["name"].split(",")[0] if unique else "", attacks=attacks, abilities=tuple(abilities),
        spells=spell_list(rec["spells"]) if rec.get("spells") else (),
    )


@cache
def harbinger_records() -> list[dict[str, Any]]:
    with open(HARBINGER, encoding="utf-8") as fh:
        data: list[dict[str, Any]] = json.load(fh)
    return data


@cache
def harbinger_cards() -> dict[str, CreatureCard]:
    """Every playable Harbinger card by name."""
    return {r["name"]: card_from_record(r) for r in harbinger_records() if r.get("hp") is not None and r.get("melee")}


def random_warband(rng: Any, faction: str | None = None, points: int = 200) -> dict[str, Any]:
    """A random legal 200-point warband (``ddm.md`` §4.1): one faction, at most 8 creatures, none above 140
    points, one Unique of a name, and a commander first (the book's advice)."""
    cards = list(harbinger_cards().values())
    factions = sorted({c.factions[0] for c in cards if any(x.is_commander for x in cards if x.factions == c.factions)})
    faction = faction or factions[int(rng.random() * len(factions))]
    pool = [c for c in cards if faction in c.factions and c.cost <= min(140, points)]
    commanders = [c for c in pool if c.is_commander]
    chosen = [commanders[int(rng.random() * len(commanders))]]
    total = chosen[0].cost
    for _ in range(40):
        if len(chosen) >= 8:
            break
        c = pool[int(rng.random() * len(pool))]
        if total + c.cost > points:
            continue
        if c.unique and any(x.unique_name == c.unique_name for x in chosen):
            continue
        chosen.append(c)
        total += c.cost
    return {"name": f"random {faction}", "faction": faction, "creatures": [c.to_json() for c in chosen]}
