"""Dungeon Command: the five faction packs from ``../shared/data/dungeon-command-acidix`` (one file per pack).

Each pack file holds the pack's creatures, orders, commanders and its four battlefield tiles. What the
source gives is copied; what is derived (the Requires/Affinity keywords and the attached text of an
order, the kind of each creature power, the tap flag) is parsed from the text by the rules below and
named in the card's ``provenance``. The facts the rulebook (seed ``001_2362fc22da385df6.txt``) states
about a card are checked here: a source that disagrees stops the conversion.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from django.utils.text import slugify

from catalogue import dataformat as fmt
from catalogue.convert.dungeon_command_tiles import tile_layout
from catalogue.services import GAMES_FILE

GAME, RULESET = "dungeon-command", "default"
SOURCE_DIR = "dungeon-command-acidix"
SEED = "seed 001_2362fc22da385df6.txt"
REPO = "AcidixReborn/DungeonCommandGame"
SOURCE_NOTE = "Source note: "
READING_NOTE = "Reading (not the printed text): "

# Pack name (as the source spells the faction) -> the source's file and the usual abbreviation.
PACKS: dict[str, tuple[str, str]] = {
    "Heart of Cormyr": ("heartOfCormyr.js", "HoC"),
    "Sting of Lolth": ("stingOfLolth.js", "SoL"),
    "Tyranny of Goblins": ("tyrannyOfGoblins.js", "ToG"),
    "Curse of Undeath": ("curseOfUndeath.js", "CoU"),
    "Blood of Gruumsh": ("bloodOfGruumsh.js", "BoG"),
}
CREATURES_PER_PACK, ORDERS_PER_PACK = 12, 36  # dungeon-command.md §2

ICONS = ("STR", "DEX", "CON", "INT", "WIS", "CHA")

# What the seed says about a card: (kind, name) -> {field: (value, where)}. Checked against the source.
SEED_FACTS: dict[tuple[str, str], dict[str, tuple[Any, str]]] = {
    ("creature", "Dwarf Cleric"): {
        "level": (3, "Призыв начальных существ, p.6"),
        "icons": (["STR", "CON", "WIS"], "Оказание помощи существу, p.12"),
    },
    ("creature", "Half-Orc Thug"): {"level": (3, "Призыв начальных существ, p.6")},
    ("creature", "Elf Archer"): {"level": (1, "Призыв начальных существ, p.6")},
    ("creature", "Human Ranger"): {
        "level": (2, "Оказание помощи существу, p.12"),
        "icons": (["STR", "DEX"], "Оказание помощи существу, p.12"),
    },
    ("creature", "Dwarven Defender"): {
        "level": (2, "Оказание помощи существу, p.12"),
        "icons": (["STR", "CON"], "Оказание помощи существу, p.12"),
    },
    ("commander", "Valnar Trueblade"): {"leadership": (7, "Призыв начальных существ, p.6")},
    ("order", "Killing Strike"): {
        "level": (5, "Розыгрыш карт приказов, p.11"),
        "icons": (["STR"], "Розыгрыш карт приказов, p.11"),
    },
    ("order", "Faerie Fire"): {
        "level": (2, "Розыгрыш карт приказов (Affinity), p.11"),
        "icons": (["INT"], "Розыгрыш карт приказов (Affinity), p.11"),
        "affinity_keyword": ("Drow", "Розыгрыш карт приказов (Affinity), p.11"),
    },
    ("order", "Level Up"): {"requires_keyword": ("Humanoid", "Розыгрыш карт приказов (Requires), p.11")},
    ("order", "Uncanny Dodge"): {"action_type": ("immediate", "Стек, пример, p.9 (played in response)")},
}
# Numbers only the seed gives: (kind, name) -> {field: (value, where)}.
SEED_ONLY: dict[tuple[str, str], dict[str, tuple[Any, str]]] = {
    ("creature", "Drider"): {"footprint": (4, "Перемещение, «Площадь», p.10: a large creature occupying 4 squares")},
}
# Powers the source leaves without text, read from the source's own engine (a reading, in the card's notes).
POWER_READINGS: dict[tuple[str, str], tuple[str, dict[str, str]]] = {
    ("Drow Blademaster", "FLASHING BLADES"): (
        "FLASHING BLADES: Whenever a target takes damage from this creature's melee attack, this creature can deal "
        "10 DAMAGE to 1 adjacent creature.",
        {"source": f"{REPO}, src/abilities/shared/flashingBlades.ts (commit 805774cbaddce62d9f23678fb03212c0da734134)",
         "how": "reading",
         "note": "the source's engine gives Drow Blademaster and Human Ranger one Flashing Blades power; the text is "
                 "Human Ranger's, as this catalogue has it"},
    ),
}
# Russian names the seed uses for a card (it names most cards in English).
SEED_NAMES_RU = {("order", "Deep Wound"): "Глубокая рана"}

# Notes of the source's SOURCE.md ("Known doubts") and the seed findings, per card.
DOUBTS: dict[tuple[str, str], list[str]] = {
    ("commander", "Morgana Valistova"): [
        "Known doubt (SOURCE.md): the ability text looks garbled (the granted Cower power is quoted inline); "
        "check against the card.",
        f"{READING_NOTE}each Undead creature you control gains a power: tap it (an immediate action) and lose 1 "
        "Morale to prevent 20 damage to it from 1 source. This is how the source's own engine reads the text "
        "(src/data/factions/curseOfUndeath.js, commit 8bac647e, the ability's description); every stored version "
        "keeps the same garbled card text.",
    ],
    ("creature", "Drow Blademaster"): [
        "Known doubt (SOURCE.md): the source's data file gives no text for FLASHING BLADES (a placeholder in every "
        "stored version, the newest being the reformatting commit 8bac647e).",
        f"{READING_NOTE}Flashing Blades is played as Human Ranger's power of the same name: the source's own engine "
        "implements one Flashing Blades power for both cards (src/abilities/shared/flashingBlades.ts, commit 805774cb: "
        "after its melee attack damages the target, 10 damage to one other adjacent creature). Check against the card.",
    ],
    ("creature", "Goblin Archer"): [
        "Known doubt (SOURCE.md): the source gives melee 0 ('0 damage on card'); the rulebook says every "
        "creature can make a melee attack.",
    ],
    ("creature", "Goblin Wolf Rider"): [
        "Known doubt (SOURCE.md): RIDER is the source's engine label; its text may be a paraphrase.",
    ],
    ("creature", "Skeletal Lancer"): [
        "Known doubt (SOURCE.md): RIDER is the source's engine label; its text may be a paraphrase.",
    ],
    ("creature", "Orc Chieftain"): [
        "Known doubt (SOURCE.md): CHIEFTAIN CALL is the source's engine label; its text may be a paraphrase.",
    ],
    ("creature", "Hobgoblin Sorcerer"): [
        "Known doubt (SOURCE.md): MAGIC CIRCLE AURA is the source's engine label; its text may be a paraphrase.",
    ],
    ("creature", "Bugbear Berserker"): [
        "Known doubt (SOURCE.md): the power's name is not in the source (its engine label is UNTAP ON KILL); "
        "its text may be a paraphrase.",
    ],
    ("order", "Faerie Fire"): [
        "Known doubt (SOURCE.md): the source gives level 2 for card 5 and level 1 for card 6; level 2 for both "
        "matches the seed (level 2, INT) and the published Sting of Lolth total of 68 order levels.",
    ],
    ("order", "Deep Wound"): [
        "Seed finding: the seed's example (Фаза 1. Обновление, p.8) has the attached Deep Wound deal its 10 "
        "damage in the Refresh phase, at the start of the controller's turn; the source's text says "
        "\"at the start of its activation\". Check against the card.",
    ],
}

TRAIT_NAMES = {"Flying", "Burrow", "Scuttle", "Phasing", "Reach"}
SMALL_WORDS = {"of", "the", "a", "an", "and", "on", "in", "to"}
POWER_RE = re.compile(r"^(?P<name>[A-Z][A-Z' ,-]*[A-Z])(?: (?P<value>\d+))?(?:: (?P<text>.+))?$")
TAP_MARK = "(tap) "
ACTION_RE = re.compile(r"\bas an? (standard|minor|immediate) action\b", re.IGNORECASE)
TRIGGER_RE = re.compile(r"^(when|whenever|after|at the start|at the end)\b|\bwhenever\b", re.IGNORECASE)
REQUIRES_RE = re.compile(r"\bREQUIRES ([A-Z][A-Z-]*)\b")
AFFINITY_RE = re.compile(r"\b([A-Z][A-Z-]*) AFFINITY\b")
ATTACH_RE = re.compile(r"\bAttach this card to [^.]*\.\s*")

Provenance = dict[str, list[dict[str, str]]]


def prov(source: str, how: str, note: str = "") -> dict[str, str]:
    """One provenance entry in the format's shape (``docs/catalogue-format.md``)."""
    return {"source": source, "how": how, **({"note": note} if note else {})}


FROM_SOURCE = prov(SOURCE_DIR, "stated")
FROM_TEXT = "the card's text"
ORDER_TAPS = prov(
    f"{SEED}, Обычное, быстрое и немедленное действия and Оказание помощи существу, p.12", "derived",
    "from the action type: a standard or immediate action taps the creature, a minor one does not; "
    "the source marks no tap icon on any order",
)


def title_name(raw: str) -> str:
    """``BLACK HAND OF BANE`` -> ``Black Hand of Bane`` (the source writes power names in capitals)."""
    words = raw.lower().split(" ")
    return " ".join(
        w if (i and w in SMALL_WORDS) else "-".join(part.capitalize() for part in w.split("-"))
        for i, w in enumerate(words)
    )


def parse_power(raw: str, kind: str | None = None) -> dict[str, Any]:
    """One power line of the source (``NAME N: text``, ``NAME`` or bare text) as a CardAbility row.

    kind, the first that fits: ``activated`` (a tap mark or "as a standard/minor/immediate action"),
    ``trait`` (always on: "This creature…", "While…", or a movement mode named without text),
    ``triggered`` (it says when it happens: "When…", "Whenever…", "After…", "At the start…"), else
    ``special`` (the text does not say)."""
    match = POWER_RE.match(raw)
    name, value, text = "", None, raw
    if match:
        name = title_name(match["name"])
        value = int(match["value"]) if match["value"] else None
        text = match["text"] or ""
    row: dict[str, Any] = {"name": name}
    taps = text.startswith(TAP_MARK)
    if taps:
        text = text[len(TAP_MARK):]
    action = ACTION_RE.search(text)
    action_type = action[1].lower() if action else ""
    if kind is None:
        lowered = text.lower()
        if taps or action:
            kind = "activated"
        elif lowered.startswith(("this creature", "while ")) or (not text and name in TRAIT_NAMES):
            kind = "trait"
        elif TRIGGER_RE.search(text):
            kind = "triggered"
        else:
            kind = "special"
    row["kind"] = kind
    if value is not None:
        row["param"], row["value"] = str(value), value
    if kind == "activated":
        row["action_type"] = action_type
        # Standard and immediate actions tap the creature (seed p.12); the tap mark says so for the rest.
        row["taps"] = taps or action_type in ("standard", "immediate")
    row["text"] = text
    return row


def _icons(names: list[str]) -> dict[str, bool]:
    unknown = set(names) - set(ICONS)
    if unknown:
        raise ValueError(f"unknown ability icon(s) {sorted(unknown)}")
    return {f"{icon.lower()}_icon": True for icon in ICONS if icon in names}


def _check_numbers(pack: str, kind: str, rows: list[dict[str, Any]], total: int) -> None:
    numbers = sorted(n for r in rows for n in r["card_nos"])
    copies = sum(r["pack_copies"] for r in rows)
    if numbers != list(range(1, total + 1)) or copies != total:
        raise ValueError(f"{pack}: {kind} card numbers/copies do not make 1..{total}")
    for r in rows:
        if len(r["card_nos"]) != r["pack_copies"]:
            raise ValueError(f"{pack}: {r['name']}: {len(r['card_nos'])} card numbers for {r['pack_copies']} copies")


def _seed(kind: str, name: str, record: dict[str, Any]) -> Provenance:
    """Check the seed's facts about this card and return the provenance they give."""
    provenance: Provenance = {}
    for field, (expected, where) in SEED_FACTS.get((kind, name), {}).items():
        if field == "icons":
            actual: Any = [i for i in ICONS if record.get(f"{i.lower()}_icon")]
            keys = [f"{i.lower()}_icon" for i in expected]
        else:
            actual, keys = record.get(field), [field]
        if actual != expected:
            raise ValueError(f"{kind} {name}: {field} is {actual!r} in the source, {expected!r} in the {SEED}")
        for key in keys:
            provenance[key] = [FROM_SOURCE, prov(f"{SEED}, {where}", "stated", "confirms the source")]
    for field, (value, where) in SEED_ONLY.get((kind, name), {}).items():
        record[field] = value
        provenance[field] = [prov(f"{SEED}, {where}", "stated")]
    ru = SEED_NAMES_RU.get((kind, name))
    if ru:
        record["names"] = {"ru": ru}
        provenance["names"] = [prov(SEED, "stated", "the Russian rulebook's name for the card")]
    return provenance


def _finish(kind: str, name: str, record: dict[str, Any], provenance: Provenance, notes: list[str]) -> None:
    """Add the seed's facts, the known doubts (which replace the source's own note on the same card)."""
    provenance.update(_seed(kind, name, record))
    doubts = DOUBTS.get((kind, name), [])
    notes = [*doubts, *(n for n in notes if not (doubts and n.startswith(SOURCE_NOTE)))]
    if provenance:
        record["provenance"] = dict(sorted(provenance.items()))
    if notes:
        record["notes"] = notes


def creature_record(row: dict[str, Any], faction: str, source: str) -> dict[str, Any]:
    ranged = row["ranged"] or {}
    rec: dict[str, Any] = {
        "kind": "creature", "slug": slugify(row["name"]), "name": row["name"], "copies": row["pack_copies"],
        "source": source, "factions": [faction],
        "level": row["level"], "speed": row["speed"], "hp": row["hp"], "melee_damage": row["melee_damage"],
        "ranged_damage": ranged.get("damage"), "ranged_range": ranged.get("range"),
        "keywords": row["keywords"], "card_numbers": row["card_nos"], **_icons(row["abilities"]),
        "abilities": [parse_power(POWER_READINGS.get((row["name"], p), (p, {}))[0]) for p in row["powers"]],
    }
    provenance: Provenance = {
        "abilities": [prov(SOURCE_DIR, "derived", "kind, action type and taps parsed from each power's text")],
    }
    for p in row["powers"]:
        reading = POWER_READINGS.get((row["name"], p))
        if reading:
            provenance["abilities"].append(reading[1])
    _finish("creature", row["name"], rec, provenance, [f"{SOURCE_NOTE}{row['note']}"] if row.get("note") else [])
    return rec


def order_record(row: dict[str, Any], faction: str, source: str) -> dict[str, Any]:
    text = row["text"]
    action_type = row["action"].lower()
    rec: dict[str, Any] = {
        "kind": "order", "slug": slugify(row["name"]), "name": row["name"], "copies": row["pack_copies"],
        "text": text, "source": source, "factions": [faction], "level": row["level"],
        **({"any_ability": True} if row["ability"] == "ANY" else _icons([row["ability"]])),
        "action_type": action_type, "taps": action_type != "minor", "card_numbers": row["card_nos"],
    }
    provenance: Provenance = {"taps": [ORDER_TAPS]}
    requires, affinity = REQUIRES_RE.search(text), AFFINITY_RE.search(text)
    if requires:
        rec["requires_keyword"] = title_name(requires[1])
        provenance["requires_keyword"] = [prov(FROM_TEXT, "derived", "'REQUIRES <KEYWORD>'")]
    if affinity:
        rec["affinity_keyword"] = title_name(affinity[1])
        provenance["affinity_keyword"] = [prov(FROM_TEXT, "derived", "'<KEYWORD> AFFINITY'")]
    attach = ATTACH_RE.search(text)
    if attach:
        rec["attach"] = True
        rec["attach_text"] = text[attach.end():].strip()
        provenance["attach"] = [prov(FROM_TEXT, "derived", "'Attach this card to …'")]
        provenance["attach_text"] = [prov(FROM_TEXT, "derived", "the text after 'Attach this card to ….'")]
    notes = []
    if rec.get("requires_keyword") == "Ranged":
        notes.append("'Requires Ranged' names no keyword: the creature must have a ranged attack.")
    if row.get("note"):
        notes.append(f"{SOURCE_NOTE}{row['note']}")
    _finish("order", row["name"], rec, provenance, notes)
    return rec


def commander_record(row: dict[str, Any], faction: str, source: str) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "kind": "commander", "slug": slugify(row["name"]), "name": row["name"], "text": row["ability"],
        "source": source, "factions": [faction], "creature_hand": row["creature_hand"],
        "order_hand": row["order_hand"], "morale": row["morale"], "leadership": row["leadership"],
        "abilities": [parse_power(row["ability"], kind="commander")],
    }
    _finish("commander", row["name"], rec, {}, [])
    return rec


LAYOUT_PROVENANCE = prov(
    "catalogue/convert/dungeon_command_tiles.py", "stand-in layout",
    "Muster's stand-in so battles can be played; replace it with the printed layout",
)


def tile_records(pack: str, pack_slug: str) -> list[dict[str, Any]]:
    """The pack's 2 large and 2 small double-sided tiles, one small one with a start area (seed p.2, p.5)."""
    source = (
        f"{SEED}: Игровые компоненты (p.2) and Плитки поля боя (p.4): 2 large and 2 small double-sided tiles; "
        "Создание поля боя, Первая игра (p.5): only 1 of the 2 small tiles of a pack has a start area"
    )
    note = (
        "The name is ours: no source names the tiles. Their layout (squares, walls, terrain, treasure squares, "
        "magic circles, the start area) is in no source yet (dungeon-command.md Q3): the layout here is a stand-in "
        "for the battle engine (layout_is_standin), to be replaced by the printed one."
    )
    tiles = [
        ("large-tile-1", "Large Tile 1", "large", False),
        ("large-tile-2", "Large Tile 2", "large", False),
        ("small-tile-start-area", "Small Tile with Start Area", "small", True),
        ("small-tile", "Small Tile", "small", False),
    ]
    return [
        {
            "kind": "tile", "slug": f"{pack_slug}-{slug}", "name": f"{pack} {name}", "source": source,
            "notes": [note], "tile_size": size, **({"start_area": True} if start else {}),
            "layout": tile_layout(pack_slug, slug, f"{pack_slug}-{slug}", f"{pack} {name}"),
            "provenance": {"layout": [LAYOUT_PROVENANCE]},
        }
        for slug, name, size, start in tiles
    ]


def _factions() -> list[tuple[str, str]]:
    """(name, slug) of Dungeon Command's factions, in games.json's order."""
    games = json.loads(GAMES_FILE.read_text(encoding="utf-8"))["games"]
    game = next(g for g in games if g["slug"] == GAME)
    ruleset = next(r for r in game["rulesets"] if r["slug"] == RULESET)
    return [(f["name"], f["slug"]) for f in ruleset["factions"]]


def build(shared: Path) -> dict[str, dict[str, Any]]:
    folder = shared / "data" / SOURCE_DIR
    creatures = json.loads((folder / "creatures.json").read_text(encoding="utf-8"))
    orders = json.loads((folder / "orders.json").read_text(encoding="utf-8"))
    commanders = json.loads((folder / "commanders.json").read_text(encoding="utf-8"))
    files: dict[str, dict[str, Any]] = {}
    seen: dict[str, str] = {}
    # Positions from 1: export leaves out a default 0, which the driver would keep in the header.
    for position, (pack, slug) in enumerate(_factions(), start=1):
        js, abbreviation = PACKS[pack]

        def source(name: str, js: str = js) -> str:
            return (
                f"{REPO}, src/data/factions/{js} (MIT code; a fan transcription of the printed cards, commit "
                f"unknown), as ../shared/data/{SOURCE_DIR}/{name}"
            )

        pack_creatures = [r for r in creatures if r["faction"] == pack]
        pack_orders = [r for r in orders if r["faction"] == pack]
        _check_numbers(pack, "creature", pack_creatures, CREATURES_PER_PACK)
        _check_numbers(pack, "order", pack_orders, ORDERS_PER_PACK)
        cards = [
            *(creature_record(r, slug, source("creatures.json")) for r in pack_creatures),
            *(order_record(r, slug, source("orders.json")) for r in pack_orders),
            *(commander_record(r, slug, source("commanders.json")) for r in commanders if r["faction"] == pack),
            *tile_records(pack, slug),
        ]
        for card in cards:
            if card["slug"] in seen:
                raise ValueError(f"slug {card['slug']} in {pack} and {seen[card['slug']]}")
            seen[card["slug"]] = pack
        header = {"slug": slug, "name": pack, "kind": "pack", "abbreviation": abbreviation, "position": position}
        files[f"{GAME}/{RULESET}/{slug}.json"] = fmt.file_document(GAME, RULESET, header, cards)
    used = {(k, n) for k, n in (*SEED_FACTS, *SEED_ONLY, *SEED_NAMES_RU, *DOUBTS)}
    missing = used - {(c["kind"], c["name"]) for doc in files.values() for c in doc["cards"]}
    if missing:
        raise ValueError(f"cards the seed or SOURCE.md name are not in the source: {sorted(missing)}")
    return files
