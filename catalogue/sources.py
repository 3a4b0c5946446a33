"""Every public data source the bundled catalogue draws on, with its licence (shown on /about/sources/)."""

from __future__ import annotations

from typing import TypedDict


class DataSource(TypedDict):
    key: str
    name: str
    url: str
    licence: str
    game: str
    used_for: str


DATA_SOURCES: list[DataSource] = [
    {
        "key": "ddm-seed-wizards",
        "name": "D&D Miniatures stat facts from Wizards of the Coast's articles and the seed rulebooks",
        "url": "https://www.wizards.com/default.asp?x=dnd/mi",
        "licence": "Facts (numbers, names, ability names) with short summaries in our own words; no article prose.",
        "game": "ddm",
        "used_for": "Seed-rules creature costs, factions, commanders and the quick-start creatures' numbers.",
    },
    {
        "key": "ddm-harbinger-toee-zmod",
        "name": "toee.zmod.skirmish (Harbinger skirmish stat blocks), by anatoliy-savchak",
        "url": "https://github.com/anatoliy-savchak/toee.zmod.skirmish",
        "licence": "GPL-3.0 (the notice is kept next to the converted data, catalogue/data/ddm/seed/)",
        "game": "ddm",
        "used_for": "26 Harbinger stat blocks of the seed rules and costs of 23 more.",
    },
    {
        "key": "ddm-guild-ddmwi",
        "name": "D&D Minis Warband Incubator (ddmwi), by Martin Kouba",
        "url": "https://github.com/mkouba/ddmwi",
        "licence": "Apache License 2.0",
        "game": "ddm",
        "used_for": "The 1,912 creatures of the later (2.0 / DDM Guild) rules.",
    },
    {
        "key": "ddmdb-spilth",
        "name": "D&D Miniatures Database (ddmdb), by spilth",
        "url": "https://github.com/spilth/ddmdb",
        "licence": "No licence stated; used for the checklist facts (set, number, rarity, size).",
        "game": "ddm",
        "used_for": "The checklist of 1,284 physical figures.",
    },
    {
        "key": "dungeon-command-acidix",
        "name": "DungeonCommandGame, by AcidixReborn / douglasgbays",
        "url": "https://github.com/AcidixReborn/DungeonCommandGame",
        "licence": "MIT (code); card texts are the author's transcription of Wizards of the Coast's cards.",
        "game": "dungeon-command",
        "used_for": "All five packs' creatures, orders and commanders.",
    },
    {
        "key": "battlelore2-tag",
        "name": "TAG, the Tabletop Games framework (GAIGResearch/TabletopGames)",
        "url": "https://github.com/GAIGResearch/TabletopGames",
        "licence": "MIT",
        "game": "battlelore2",
        "used_for": "Four unit profiles (movement, strength, health), a research simplification.",
    },
    {
        "key": "battlelore2-army-facts",
        "name": "BattleLore Second Edition army-building facts from public reviews, previews and rulesheets",
        "url": "https://www.fantasyflightgames.com/en/news/2013/10/7/calling-the-troops/",
        "licence": "Facts (numbers, names) with their sources, written up in our own words; no page's prose.",
        "game": "battlelore2",
        "used_for": "The 50-point army, the neutral-unit draft, unit and scenario names; no unit cost is public.",
    },
    {
        "key": "stronghold-components",
        "name": "Stronghold component lists (1st edition rules, 2nd edition pages) and the Hungarian rulebook",
        "url": "https://doczz.net/doc/4935471/game-rules",
        "licence": "Component counts are facts, written up by us.",
        "game": "stronghold",
        "used_for": "Every component with its count and costs.",
    },
    {
        "key": "seeds",
        "name": "The rulebooks' translations (Hungarian, Russian, Polish) that Muster's rules follow",
        "url": "",
        "licence": "The publishers' rulebooks; Muster quotes numbers and rule facts, not their text.",
        "game": "",
        "used_for": "Construction rules, rule ids, worked examples and every number a rulebook states.",
    },
]

PUBLISHERS: list[tuple[str, str]] = [
    ("D&D Miniatures Game, Dungeon Command", "Wizards of the Coast"),
    ("BattleLore Second Edition", "Fantasy Flight Games"),
    ("Stronghold", "Portal Games / Stronghold Games"),
]
