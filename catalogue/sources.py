"""Every public data source the bundled catalogue draws on, with its licence (shown on /about/sources/)."""

from __future__ import annotations

import re
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


# ---------------------------------------------------------------------- a source as a page says it

_SEED = re.compile(r"\bseed[: ]\s*(\d{3}_[0-9a-f]{16}\.txt)")
_SEED_FILE = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")
_DIGEST = re.compile(r"(?:shared/rules/)?\b(?:ddm|ddm-basic|ddm-guild|dungeon-command|battlelore2|stronghold)"
                     r"(?:\*)?\.md\b(?:\s*(?:§|section)\s*[\d.]+)?(?:\s+cross-check)?")
_PATH = re.compile(r"(?:\.\./)?(?:[\w.-]+/)+[\w.*-]+\.(?:py|js|json|xml|md|java|txt)\b"
                   r"|\b[\w-]+\.(?:py|js|json|xml|md|java)\b")
_CODE_CLASS = re.compile(r":?\s*\bclass\s+[A-Z]\w+")
_AT_COMMIT = re.compile(r"\s*@\s*[0-9a-f]{7,40}\b")


def source_shown(raw: str) -> str:
    """A card's or a number's source as a player reads it: a rulebook by its title (in the reader's
    language), a public source by its name, our own reading of the rules called that; never one of our
    file names, a source repository's paths, its commits or the names of its code."""
    from django.utils.translation import gettext

    import games

    if not raw:
        return raw
    books = games.books()
    # A seed file's own description in brackets after it says what the book's title says: one of them.
    text = re.sub(r"(\d{3}_[0-9a-f]{16}\.txt)\s*\([^()]*\)", r"\1", raw)
    text = _SEED.sub(lambda m: gettext(books[m.group(1)].title) if m.group(1) in books else m.group(0), text)
    text = _SEED_FILE.sub(lambda m: gettext(books[m.group(0)].title) if m.group(0) in books else "", text)
    text = re.sub(r"\bthe seeds\b", gettext("the rulebooks"), text)
    text = re.sub(r"\s*(?:and\s+)?cross-check\s*'[^']*'", "", text)
    text = _DIGEST.sub(gettext("Muster's reading of the rulebook"), text)
    text = re.sub(r"\s*(?:and\s+)?§\s*[\d.]+", "", text)
    text = re.sub(r"(?:https?://)?github\.com/[^\s;,)]+", "", text)
    text = _AT_COMMIT.sub("", text)
    text = _CODE_CLASS.sub("", text)
    text = re.sub(r",?\s*as\s+(?:\.\./)?shared/\S+", "", text)
    text = _PATH.sub("", text)
    for source in DATA_SOURCES:
        repo = source["url"].split("github.com/", 1)[1].strip("/") if "github.com/" in source["url"] else ""
        if repo and repo in text:
            text = text.replace(repo, source["name"])
        elif source["name"] not in text:
            text = re.sub(rf"\b{re.escape(source['key'])}\b", source["name"], text)
    text = re.sub(r"\bsee\s+(?=[)\]]|$)", "", text)  # "see NOTICE-….md", the notice gone
    text = text.replace("../", "")
    # What the removals left behind: empty brackets, doubled separators, a separator at either end.
    for _ in range(3):
        text = re.sub(r"\(\s*[;,]?\s*\)|\[\s*\]", "", text)
        text = re.sub(r"\(\s*[;,]\s*", "(", text)
        text = re.sub(r"\s*[;,]\s*\)", ")", text)
        text = re.sub(r"\s*([;,])\s*(?:[;,]\s*)+", r"\1 ", text)
    text = re.sub(r"\s{2,}", " ", text).strip(" ,;:")
    return text or gettext("Muster's own data")


_IMPORTED = re.compile(r"([\w-]+)/([\w-]+)/([\w-]+)\.json: (\d+) added, (\d+) changed, (\d+) removed")


def version_summary_shown(summary: str) -> str:
    """A catalogue version's summary (``Import: ddm/seed/harbinger.json: 3 added, …``, recorded in English) as a
    page says it: each file by its set's name, the counts in the reader's language."""
    from django.utils.translation import gettext

    from catalogue.models import ProductSet

    found = _IMPORTED.findall(summary)
    if not summary.startswith("Import: ") or (not found and "no card changed" not in summary):
        return summary
    if not found:
        return gettext("Import: no card changed")
    names = {(g, s): n for g, s, n in ProductSet.objects.values_list("game__slug", "slug", "name")}
    parts = [
        gettext("%(set)s: %(added)s added, %(changed)s changed, %(removed)s removed") % {
            "set": names.get((game, slug), slug.replace("-", " ")), "added": added, "changed": changed,
            "removed": removed}
        for game, _ruleset, slug, added, changed, removed in found
    ]
    return gettext("Import: %(files)s") % {"files": "; ".join(parts)}


def note_shown(raw: str) -> str:
    """A note about a card as a page says it: a reference to one of our digests becomes "Muster's reading of
    the rulebook", a seed file its book's title, and no file name or path is left."""
    from django.utils.translation import gettext

    import games

    if not raw:
        return raw
    books = games.books()
    text = _SEED_FILE.sub(lambda m: gettext(books[m.group(0)].title) if m.group(0) in books else "", raw)
    text = _DIGEST.sub(gettext("Muster's reading of the rulebook"), text)
    text = re.sub(r"\s*(?:and\s+)?§\s*[\d.]+", "", text)
    text = _PATH.sub("", text)
    text = re.sub(r"\(\s*[;,]?\s*\)", "", text)
    return re.sub(r"\s{2,}", " ", text).strip()
