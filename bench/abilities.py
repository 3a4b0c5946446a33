"""How much of the catalogue's D&D Miniatures abilities the engine plays: the share of ability instances (special
abilities and Commander Effects) on the bundled seed-rules creatures with full numbers (the ones a matchup can
field: cost, Level, Speed, AC, HP, a commander's rating and every attack's numbers) that the engine reads into
rules, and what it does not play, by how many catalogue creatures carry it.

A plain script (``make bench`` runs it): ``.venv/bin/python bench/abilities.py``. No database: it reads
``catalogue/data/ddm/seed/*.json``, the files the import command loads.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simulate.games.ddm_abilities import ability_list, parse_commander_effect, traits_for  # noqa: E402
from simulate.games.ddm_cards import CreatureCard, norm  # noqa: E402

CATALOGUE = ROOT / "catalogue" / "data" / "ddm" / "seed"
REQUIRED = ("cost", "level", "speed", "ac", "hp")


def creatures() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for path in sorted(CATALOGUE.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        out.extend(c for c in doc.get("cards", ()) if c.get("kind") == "creature")
    return out


def full_numbers(rec: dict[str, Any]) -> bool:
    """What ``simulate.adapters.missing_numbers`` asks of a card before a battle."""
    if any(rec.get(f) is None for f in REQUIRED):
        return False
    if rec.get("is_commander") and rec.get("commander_rating") is None:
        return False
    return all(a.get("bonus") is not None and a.get("damage") is not None for a in rec.get("attacks") or ())


def share() -> tuple[int, int, Counter[str]]:
    """(instances, modelled, the unmodelled ones by name) over the creatures with full numbers."""
    total = modelled = 0
    missing: Counter[str] = Counter()
    for rec in creatures():
        if not full_numbers(rec):
            continue
        card = CreatureCard.from_json(rec)
        unread = set(traits_for(card).unmodelled)
        for a in card.specials:
            total += 1
            label = a.name + (f" {a.param}" if a.param else "")
            if label in unread:
                missing[a.name] += 1
            else:
                modelled += 1
        for ce in card.commander_effects:
            total += 1
            if parse_commander_effect(ce.text or ce.name)[1]:
                missing[f"Commander Effect: {ce.text}"] += 1
            else:
                modelled += 1
    return total, modelled, missing


def not_yet_by_creatures() -> list[tuple[str, int, int]]:
    """The abilities ``abilities.json`` marks not-yet: (name, catalogue creatures carrying it, of them with full
    numbers), most carried first."""
    entries = {norm(e["name"]): e["name"] for e in ability_list() if e["status"] == "not-yet"}
    carried: Counter[str] = Counter()
    playable: Counter[str] = Counter()
    for rec in creatures():
        names = {norm(a.get("name") or "") for a in rec.get("abilities") or () if a.get("kind") != "commander-effect"}
        for key in names & set(entries):
            carried[entries[key]] += 1
            if full_numbers(rec):
                playable[entries[key]] += 1
    rows = [(name, carried[name], playable[name]) for name in entries.values()]
    return sorted(rows, key=lambda r: (-r[1], r[0]))


def main() -> None:
    total, modelled, missing = share()
    records = creatures()
    full = sum(1 for r in records if full_numbers(r))
    print(f"ddm abilities: {modelled} of {total} ability instances ({modelled / max(total, 1):.1%}) on the "
          f"{full} catalogue creatures with full numbers (of {len(records)}) are played by the engine")
    for name, n in missing.most_common():
        print(f"  not played: {name} ({n})")
    rows = not_yet_by_creatures()
    carried = [r for r in rows if r[1]]
    print(f"  glossary and catalogue abilities still not-yet: {len(rows)}; carried by catalogue creatures: "
          + ", ".join(f"{name} {n}" + (f" ({p} with full numbers)" if p else "") for name, n, p in carried))


if __name__ == "__main__":
    main()
