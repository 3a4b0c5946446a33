"""DDM Guild warbands from the bundled catalogue files (no database), for the engine's tests and benchmarks.

``guild_card(name)`` is a card as the bridge builds it (the figure's size from the catalogue's miniature);
``random_legal_warband`` draws a warband the validator calls legal (checked with the same catalogue files).
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from simulate.games.ddm_guild_cards import card_from_catalogue

ROOT = Path(__file__).resolve().parents[2]
GUILD_DATA = ROOT / "catalogue" / "data" / "ddm" / "ddm-guild"
DDM_DATA = ROOT / "catalogue" / "data" / "ddm"


@cache
def _miniature_sizes() -> dict[str, str]:
    sizes: dict[str, str] = {}
    for path in sorted(DDM_DATA.glob("*/*.json")):
        for c in json.loads(path.read_text(encoding="utf-8")).get("cards", []):
            if c.get("kind") == "miniature" and c.get("size"):
                sizes[c["slug"]] = c["size"]
    return sizes


@cache
def guild_records() -> dict[str, dict[str, Any]]:
    """Every Guild creature record by name; names two cards share are left out (a list would have to name the
    set)."""
    out: dict[str, dict[str, Any]] = {}
    repeated: set[str] = set()
    for path in sorted(GUILD_DATA.glob("*.json")):
        for c in json.loads(path.read_text(encoding="utf-8"))["cards"]:
            if c.get("kind") == "creature":
                if c["name"] in out:
                    repeated.add(c["name"])
                out[c["name"]] = c
    return {k: v for k, v in out.items() if k not in repeated}


def guild_card(name: str) -> dict[str, Any]:
    """A catalogue creature as the engine's card JSON."""
    rec = guild_records()[name]
    return card_from_catalogue(rec, _miniature_sizes().get(rec.get("miniature") or "", "")).to_json()


def warband(name: str, names: list[str]) -> dict[str, Any]:
    return {"name": name, "creatures": [guild_card(n) for n in names]}


def random_legal_warband(rng: random.Random, points: int = 200, most: int = 10) -> tuple[dict[str, Any], list[str]]:
    """A warband the construction rules allow (ddm-guild.md: points, creatures, one alignment side, a shared
    faction, each Unique once), near the points limit: (engine list, names)."""
    records = list(guild_records().values())
    faction = rng.choice(["borderlands", "civilization", "underdark", "wild"])
    side = rng.choice(["good", "evil"])
    pool = sorted((c for c in records if faction in c["factions"] and c["alignment"] in (side, "neutral")
                   and c["cost"] is not None and c["cost"] <= points), key=lambda c: c["name"])
    names: list[str] = []
    total = 0
    for _ in range(400):
        if len(names) >= most or total >= points - 4:
            break
        c = rng.choice(pool)
        if total + c["cost"] > points or (c.get("unique") and c["name"] in names):
            continue
        names.append(c["name"])
        total += c["cost"]
    return warband(f"{faction} {side}", names), names


def guild_document(names: list[str], fmt: str = "standard-200") -> dict[str, Any]:
    """The list document of a warband (for the validator and the matchup layer)."""
    counts: dict[str, int] = {}
    for n in names:
        counts[n] = counts.get(n, 0) + 1
    return {"game": "ddm", "ruleset": "ddm-guild", "format": fmt,
            "entries": [{"card": n, "qty": q} for n, q in counts.items()]}


# Two 200-point warbands of the bundled catalogue the validator calls legal (drawn by random_legal_warband).
CIVILIZATION = {"game": "ddm", "ruleset": "ddm-guild", "format": "standard-200", "name": "Triumvirate",
                "entries": [{"card": n} for n in ("Archon of the Triumverate", "Zakya Rakshasa", "Dragonborn Fighter",
                                                  "Mummy", "Jozan, Cleric of Pelor")]}
BORDERLANDS = {"game": "ddm", "ruleset": "ddm-guild", "format": "standard-200", "name": "Hill raiders",
               "entries": [{"card": n} for n in ("Bugbear Hunter", "Cyclops Hewer", "Kobold with Glaive",
                                                 "Hobgoblin Warrior", "Giant Rat Familiar",
                                                 "Dire Wolf (Dungeons Of Dread)", "Hellstinger Scorpion",
                                                 "Kobold Zombie", "Gazer")]}
