"""Editing a list document in the builder: add a card, change copies, remove, place, replace a name.

Pure functions on plain dicts (the list document of CONTRACTS.md): each returns a changed copy and
never touches the database, so the builder's page, its tests and any other caller share one meaning
of "add a Wood Elf Ranger". Which part of a game's document a card goes into is the game registry's
(``games.section_for``).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import games

GAMES = games.ids()
MAX_NAME = 200  # the document's bound on a name (validation.core.document.MAX_NAME)
MAX_QTY = 99
MAX_ITEMS = 200  # entries in one list key (validation.core.document.MAX_ENTRIES)
TENT = "tent"  # the command tent, placed on the BattleLore deployment map like a unit

# BattleLore 2E terrain of a deployment hex (battlelore2.md §18).
TERRAINS = ("clear", "hills", "forest", "building", "water", "water+ford", "water+bridge")
HEX = re.compile(r"^r([1-9])c(1[0-3]|[1-9])$")  # r<row 1-9>c<column 1-13>
STRONGHOLD_UNITS = ("goblin", "orc", "troll")  # what a Stronghold action is paid with
# A Stronghold action's keys with a field of their own (the rest are its "other fields" JSON).
ACTION_KEYS = frozenset({"name", "phase", "qty", "pay", "resources", "target", "gain", "goblins", "receive", "give",
                         "moves"})

Section = games.Section
sections_of = games.sections
section_for = games.section_for
card_kinds = games.card_kinds


def default_ruleset(game: str) -> str:
    """The game's default ruleset ("" for a game the registry does not know)."""
    return games.default_ruleset(game) if games.is_game(game) else ""


@dataclass(frozen=True)
class CardRef:
    """The card the builder adds, as the catalogue knows it."""

    slug: str
    name: str
    kind: str
    version: str = ""  # ddm: standard | epic
    set_name: str = ""  # given when the name alone names several cards
    phase: int | None = None  # stronghold: the phase its action is taken in


class DraftError(ValueError):
    """An edit that cannot be made (an index past the end, a hex that is not on the map)."""


# ------------------------------------------------------------------------------------------ reading


def items(document: Mapping[str, Any], path: str) -> list[Any]:
    """The list at ``path`` (``entries``, ``plan.entries``); an empty list when it is missing or not a list."""
    node: Any = document
    for part in path.split("."):
        node = node.get(part) if isinstance(node, Mapping) else None
    return node if isinstance(node, list) else []


def draft_is_empty(*, document: Mapping[str, Any]) -> bool:
    """A list with nothing in it yet (no creature, card, unit or action; a map or a scenario alone is not a
    list): the pages call it empty, not legal."""
    game = str(document.get("game", ""))
    ruleset = str(document.get("ruleset") or default_ruleset(game))
    plan = document.get("plan")
    if isinstance(plan, Mapping) and plan.get("kind") == "setup":
        return False
    return not any(items(document, s.path) for s in sections_of(game, ruleset) if s.shape != "single")


def _items_for_write(document: dict[str, Any], path: str) -> list[Any]:
    parts = path.split(".")
    node = document
    for part in parts[:-1]:
        child = node.get(part)
        if not isinstance(child, dict):
            child = {}
            node[part] = child
        node = child
    value = node.get(parts[-1])
    if not isinstance(value, list):
        value = []
        node[parts[-1]] = value
    return value


def _qty(item: Any) -> int:
    value = item.get("qty", 1) if isinstance(item, Mapping) else 1
    return value if isinstance(value, int) and not isinstance(value, bool) else 1


def _same_entry(item: Any, card: CardRef, name_key: str = "card") -> bool:
    if not isinstance(item, Mapping):
        return False
    names = {card.name.casefold(), card.slug.casefold()}
    if str(item.get(name_key, "")).casefold() not in names:
        return False
    if card.version and (item.get("version") or "standard") != card.version:
        return False
    return not (card.set_name and item.get("set") not in (None, card.set_name))


# ------------------------------------------------------------------------------------------ writing


def draft_blank(*, game: str, ruleset: str, format_id: str) -> dict[str, Any]:
    """An empty list of ``game`` in ``format_id``: what the builder starts from."""
    document: dict[str, Any] = {"game": game, "ruleset": ruleset, "format": format_id}
    document.update(copy.deepcopy(dict(games.ruleset(game, ruleset).blank)))
    return document


def draft_as_it_comes(*, document: Mapping[str, Any], set_name: str, cards: list[tuple[CardRef, int]]
                      ) -> dict[str, Any]:
    """The list replaced by a set as it comes (``games.Ruleset.as_it_comes``): every card of the set with its
    copies where its kind belongs, one card of a section that holds names (a pack's first commander: the
    player may swap it for the other), the set named and the set's format chosen. Name and notes stay."""
    game = str(document.get("game", ""))
    ruleset = str(document.get("ruleset") or default_ruleset(game))
    ready = games.game(game).ruleset_or_default(ruleset).as_it_comes if games.is_game(game) else None
    if ready is None:
        raise DraftError("this game has no sets that are ready lists")
    doc: dict[str, Any] = {k: v for k, v in document.items() if k in ("game", "ruleset", "name", "notes")}
    doc.update(copy.deepcopy(dict(games.game(game).ruleset_or_default(ruleset).blank)))
    doc["format"], doc[ready.set_key] = ready.format, set_name
    for card, copies in cards:
        section = section_for(game, ruleset, card.kind)
        if section is None or section.shape == "single":
            continue
        listed = _items_for_write(doc, section.path)
        if section.shape == "names":
            if not listed:
                listed.append(card.name)
        elif len(listed) < MAX_ITEMS:
            listed.append({"card": card.name, "qty": max(1, min(MAX_QTY, copies))})
    return doc


def draft_add(*, document: Mapping[str, Any], card: CardRef) -> tuple[dict[str, Any], str]:
    """Add one copy of ``card`` where its kind belongs; returns the new document and the JSON pointer
    of the item that changed (one more copy of an entry already there, or a new one at the end)."""
    doc = copy.deepcopy(dict(document))
    game = str(doc.get("game", ""))
    ruleset = str(doc.get("ruleset") or default_ruleset(game))
    section = section_for(game, ruleset, card.kind)
    if section is None:
        raise DraftError(f"a {card.kind} has no place in a {game} list")
    if section.shape == "single":
        doc[section.path] = card.name
        return doc, f"/{section.path}"
    listed = _items_for_write(doc, section.path)
    pointer = "/" + section.path.replace(".", "/")
    if section.shape == "names":
        if len(listed) >= MAX_ITEMS:
            raise DraftError("this part of the list is full")
        listed.append(card.name)
        return doc, f"{pointer}/{len(listed) - 1}"
    name_key = "name" if section.shape in ("actions", "orders") else "card"
    for index, item in enumerate(listed):
        if _same_entry(item, card, name_key) and (section.shape != "actions" or item.get("phase") == card.phase):
            item["qty"] = min(MAX_QTY, _qty(item) + 1)
            return doc, f"{pointer}/{index}"
    if len(listed) >= MAX_ITEMS:
        raise DraftError("this part of the list is full")
    new: dict[str, Any] = {name_key: card.name, "qty": 1}
    if section.shape == "actions":
        new = {"name": card.name, "phase": card.phase or 1}
    elif section.shape == "orders":
        new = {"name": card.name, "section": "", "secret": False}
    if card.version == "epic":
        new["version"] = "epic"
    if card.set_name:
        new["set"] = card.set_name
    listed.append(new)
    return doc, f"{pointer}/{len(listed) - 1}"


def _checked_index(listed: list[Any], index: int) -> int:
    if not 0 <= index < len(listed):
        raise DraftError("no such item in the list")
    return index


def draft_remove(*, document: Mapping[str, Any], path: str, index: int) -> dict[str, Any]:
    """Remove an item."""
    doc = copy.deepcopy(dict(document))
    listed = _items_for_write(doc, path)
    listed.pop(_checked_index(listed, index))
    return doc


def draft_set_qty(*, document: Mapping[str, Any], path: str, index: int, qty: int) -> dict[str, Any]:
    """Set an entry's copies (1 to 99); 0 removes it."""
    if qty <= 0:
        return draft_remove(document=document, path=path, index=index)
    doc = copy.deepcopy(dict(document))
    listed = _items_for_write(doc, path)
    item = listed[_checked_index(listed, index)]
    if not isinstance(item, dict):
        raise DraftError("this item has no copies")
    item["qty"] = min(MAX_QTY, qty)
    return doc


def draft_step(*, document: Mapping[str, Any], path: str, index: int, delta: int) -> dict[str, Any]:
    """One copy more or fewer (fewer than one removes the entry)."""
    listed = items(document, path)
    if not 0 <= index < len(listed):
        raise DraftError("no such item in the list")
    return draft_set_qty(document=document, path=path, index=index, qty=_qty(listed[index]) + delta)


def draft_replace_card(*, document: Mapping[str, Any], path: str, index: int, name: str) -> dict[str, Any]:
    """Name another card in an item (a suggestion for a misspelt name); the copies stay."""
    name = name.strip()
    if not name or len(name) > MAX_NAME:
        raise DraftError("a card's name is 1 to 200 characters long")
    doc = copy.deepcopy(dict(document))
    listed = _items_for_write(doc, path)
    index = _checked_index(listed, index)
    item = listed[index]
    if isinstance(item, dict):
        key = "name" if "name" in item and "card" not in item else "card"
        item[key] = name
        item.pop("set", None)
    else:
        listed[index] = name
    return doc


def hex_row(hex_id: str) -> int:
    match = HEX.match(hex_id)
    if match is None:
        raise DraftError(f"{hex_id[:20]!r} is not a hex of the map")
    return int(match.group(1))


def left_to_place(document: Mapping[str, Any], entry: Any) -> int:
    """How many units of a mustered entry are not on the deployment map yet."""
    if not isinstance(entry, Mapping):
        return 0
    return max(0, _qty(entry) - placed_count(document, str(entry.get("card"))))


def placed_count(document: Mapping[str, Any], card: str) -> int:
    """How many units of ``card`` stand on the BattleLore deployment map."""
    return sum(1 for d in items(document, "deployment") if isinstance(d, Mapping) and d.get("card") == card)


def draft_place(*, document: Mapping[str, Any], what: str, hex_id: str, terrain: str) -> dict[str, Any]:
    """Put a recruited unit (``what`` = the index of its entry) or the command tent (``what`` = ``"tent"``)
    on a hex of the BattleLore deployment map.

    BattleLore's list document gives the units mustered (``entries``) and their placement (``deployment``,
    one item per placed unit) together: placing a unit adds it to the deployment and leaves the entries as
    they are. A unit already on that hex is taken off the map (it is still mustered)."""
    row = hex_row(hex_id)
    if terrain not in TERRAINS:
        raise DraftError(f"unknown terrain {terrain[:20]!r}")
    doc = copy.deepcopy(dict(document))
    if what == TENT:
        doc["command_tent"] = {"hex": hex_id, "row": row, "terrain": terrain}
        return doc
    entries = _items_for_write(doc, "entries")
    try:
        index = int(what)
        unit = entries[index]
    except (ValueError, IndexError):
        raise DraftError("choose a recruited unit to place") from None
    if not isinstance(unit, dict) or not unit.get("card"):
        raise DraftError("choose a recruited unit to place")
    card = str(unit["card"])
    deployment = _items_for_write(doc, "deployment")
    for other in [d for d in deployment if isinstance(d, Mapping) and d.get("hex") == hex_id]:
        deployment.remove(other)
    if placed_count(doc, card) >= _qty(unit):
        raise DraftError("every unit of that kind is already on the map")
    deployment.append({"card": card, "hex": hex_id, "row": row, "terrain": terrain})
    return _tidy(doc)


def draft_unplace(*, document: Mapping[str, Any], index: int) -> dict[str, Any]:
    """Take a unit off the map (it stays mustered), or the command tent (``index`` -1)."""
    doc = copy.deepcopy(dict(document))
    if index == -1:
        doc.pop("command_tent", None)
        return doc
    deployment = _items_for_write(doc, "deployment")
    deployment.pop(_checked_index(deployment, index))
    return _tidy(doc)


def _tidy(doc: dict[str, Any]) -> dict[str, Any]:
    if doc.get("deployment") == []:
        del doc["deployment"]
    return doc


def units_to_place(document: Mapping[str, Any]) -> int:
    """An army being placed on its deployment map (BattleLore): how many mustered units are not on the map yet,
    once placing has begun (0 for an army not placed at all, and for a game without a deployment map)."""
    placed = any(s.shape == "deployment" for s in sections_of(str(document.get("game")), document.get("ruleset")))
    if not placed or not items(document, "deployment"):
        return 0
    return max(0, sum(_qty(e) for e in items(document, "entries") if isinstance(e, Mapping))
               - sum(1 for d in items(document, "deployment") if isinstance(d, Mapping)))
