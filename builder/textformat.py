"""A list as plain text (what a player pastes into a forum or a chat) and back, and importing JSON.

The text reads as a player writes a list, and reads back to the same document (a test proves it for
every game)::

    # Elves of the Wood
    Game: D&D Miniatures (ddm)
    Rules: seed
    Format: skirmish-200
    Faction: CG
    Total: 200 points · 8 creatures

    Creatures
    2x Wood Elf Ranger · 36 pts
    1x Balor [epic] · 80 pts
    2x Guard Hound [minion of Hound Master]
    1x Man-at-Arms [set: Harbinger]

    Notes
    Anything, to the end.

- a header line is ``Key: value``; keys the text has no words for are written ``key: <JSON>``
  (``pool``, ``teammates``, ``params``, a Stronghold plan's ``plan.state``), so nothing is lost;
- a section (``Creatures``, ``Orders``, ``Commander``, ``Units``, ``Deployment``, ``Actions``) holds one
  card per line: ``2x Name``, ``2 Name``, ``Name x2``, ``- Name``; a trailing cost (``· 36 pts``,
  ``(36 pts)``) is ignored; ``[...]`` notes the side, the master of a minion or the set;
- ``Total:`` lines are what the list added up to when it was written: read back, they are ignored.

Importing matches every name as the validator does (``builder.selectors.card_find``: case, accents
and punctuation do not matter; a slug or a localised name works) and writes the catalogue's name. A
line it cannot read, or a name that is no card, is reported with its line number and, for a name,
the closest names. An unknown name stays in the list (the rule check then offers the suggestions).
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import games
from builder.drafts import GAMES, HEX, MAX_ITEMS, TERRAINS, card_kinds, default_ruleset, sections_of

MAX_IMPORT_CHARS = 20_000
MAX_IMPORT_LINES = 1_000
MAX_JSON_DEPTH = 20
NEAR_MISS = 0.85  # difflib's ratio from which a name is a misspelt card ("Sword of Hieroneus")

GAME_NAMES = {g.id: g.name for g in games.all_games()}
GAME_ALIASES = {alias: g.id for g in games.all_games() for alias in g.aliases}


def _text_sections(game: str, ruleset: str | None = None) -> tuple[games.Section, ...]:
    """The sections a text list of ``game`` has: its ruleset's (all rulesets' when None), then the extra ones."""
    if not games.is_game(game):
        return ()
    entry = games.game(game)
    own = sections_of(game, ruleset) if ruleset is not None else tuple(s for r in entry.rulesets for s in r.sections)
    return (*own, *entry.text.extra_sections)


def _section_titles(game: str) -> dict[str, str]:
    """Section headings as a text may write them (lower case), and the part of the document each fills."""
    return {title: s.path for s in _text_sections(game) for title in s.text_titles}


# Header keys with words (``Battle map: …``), per game; the rest are ``key: <JSON>``.
HEADER_WORDS: dict[str, str] = {
    "name": "name", "game": "game", "rules": "ruleset", "ruleset": "ruleset", "format": "format",
    "faction": "faction", "battle map": "battle_map", "commander 0": "commander_zero", "box": "box",
    "symbol": "symbol", "tiles": "tiles", "scenario": "scenario", "command tent": "command_tent",
    "plan": "plan.kind", "round": "plan.round", "income": "plan.income", "phase cards": "plan.phase_cards",
    "flipped": "plan.flipped", "camp upkeep": "plan.camp_upkeep", "hourglasses": "plan.hourglasses",
    "side": "plan.side",
}
EXPORT_HEADERS: dict[str, str] = {
    "battle_map": "Battle map", "commander_zero": "Commander 0", "box": "Box", "symbol": "Symbol",
    "scenario": "Scenario", "plan.kind": "Plan", "plan.round": "Round", "plan.side": "Side",
    "plan.income": "Income", "plan.camp_upkeep": "Camp upkeep", "plan.hourglasses": "Hourglasses",
}
COMMON_KEYS = frozenset({"game", "ruleset", "format", "name", "notes", "params"})
IGNORED_HEADERS = {"total", "totals", "legal", "illegal", "checked", "points", "link", "shared", "catalogue"}
TILE_WORDS = (("small_with_start_area", "small with start area"), ("large", "large"), ("small", "small"))
TOTAL_WORDS: dict[str, str] = {
    "points": "points", "creatures": "creatures", "commanders": "commanders", "orders": "orders",
    "levels": "levels", "units": "units", "resources_spent": "resources spent", "hourglasses": "hourglasses",
}

_QTY_FIRST = re.compile(r"^(\d{1,3})\s*[x×*]?\s+(?=\S)(.*)$", re.IGNORECASE)
_QTY_X_FIRST = re.compile(r"^[x×](\d{1,3})\s+(.*)$", re.IGNORECASE)
_QTY_LAST = re.compile(r"^(.*?\S)\s*(?:\(\s*[x×]\s*(\d{1,3})\s*\)|[x×]\s*(\d{1,3}))$", re.IGNORECASE)
_COST_TAIL = re.compile(
    r"\s*(?:[·•|–—:,-]\s*)?[\(\[]?\s*[+-]?\d{1,5}\s*(?:pts?|points?|p|pkt|pont)\.?\s*[\)\]]?\s*$", re.IGNORECASE
)
# A cost written without a unit: "Centaur (20)", "Orc Mauler - 26", "Orc Mauler: 26" (a bare "Orc 2" is copies).
_BARE_COST_TAIL = re.compile(r"(?:\s+[-–—]\s*|\s*:\s*|\s*\(\s*)\d{1,4}\s*\)?\s*$")
# A list's title line as players post it: "Elves of the Wood - 200 pts, CG" (name, size, faction).
_TITLE_LINE = re.compile(
    r"^(?:#\s*)?(?P<name>[^\d\[\]{}].*?)\s*[-–—:,(]\s*(?P<size>\d{2,5})\s*(?:pts?|points?|pkt|pont)\.?\)?"
    r"(?:\s*[,;/|·–—-]\s*(?P<faction>[A-Za-z][\w' -]{0,40}?))?\s*$",
    re.IGNORECASE,
)
_NOTE_TAIL = re.compile(r"\s*\[([^\[\]]{1,240})\]\s*$")
_BULLET = re.compile(r"^\s*(?:[-*•·]|\d{1,3}[.)](?=\s))\s*")
_HEADER = re.compile(r"^([A-Za-z][A-Za-z0-9 ._]{0,40}?)\s*:\s*(.*)$")
_DEPLOY = re.compile(r"^(.*?\S)\s+(?:at|@)\s+(r\d{1,2}c\d{1,2})$", re.IGNORECASE)
_ACTION = re.compile(r"^phase\s+([1-6])\s*[:.-]\s*(.+)$", re.IGNORECASE)
_ORDER = re.compile(r"^(.*?\S)\s+on\s+(\S+)$", re.IGNORECASE)


@dataclass
class ImportProblem:
    """A line (``line 7``) or a value (``/entries/2/card``) the import could not read or match."""

    where: str
    text: str
    message: str
    suggestions: list[str] = field(default_factory=list)
    line: int = 0  # the line of a text (0: not a line)


@dataclass
class ImportResult:
    document: dict[str, Any] | None
    problems: list[ImportProblem]
    source: str  # "text" or "json"
    matched: int = 0  # names matched to a catalogue card


# ------------------------------------------------------------------------------------------ export


def _one_line(value: Any) -> str:
    return " ".join(str(value).split())


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _counts(value: Any) -> str:
    if not isinstance(value, Mapping):
        return ""
    return ", ".join(f"{n} {unit}" for unit, n in value.items())


def _entry_line(item: Mapping[str, Any], cost: int | None) -> str:
    notes = []
    if item.get("version") == "epic":
        notes.append("epic")
    elif item.get("version") == "standard":
        notes.append("standard")
    if item.get("minion_of"):
        notes.append(f"minion of {_one_line(item['minion_of'])}")
    if item.get("set"):
        notes.append(f"set: {_one_line(item['set'])}")
    extra = {k: v for k, v in item.items() if k not in ("card", "qty", "version", "minion_of", "set")}
    line = f"{item.get('qty', 1)}x {_one_line(item.get('card', ''))}"
    line += "".join(f" [{n}]" for n in notes)
    if extra:
        line += " " + _json(extra)
    if cost is not None:
        line += f" · {cost} pts"
    return line


def _action_line(item: Mapping[str, Any]) -> str:
    parts = [f"Phase {item.get('phase', '?')}: {_one_line(item.get('name', ''))}"]
    rest = dict(item)
    for key in ("phase", "name"):
        rest.pop(key, None)
    if isinstance(rest.get("target"), str):
        parts.append(f"→ {_one_line(rest.pop('target'))}")
    if isinstance(rest.get("qty"), int) and not isinstance(rest.get("qty"), bool):
        parts.append(f"×{rest.pop('qty')}")
    if isinstance(rest.get("pay"), Mapping) and all(isinstance(v, int) for v in rest["pay"].values()):
        parts.append("pay " + _counts(rest.pop("pay")))
    if isinstance(rest.get("resources"), int) and not isinstance(rest.get("resources"), bool):
        parts.append(f"{rest.pop('resources')} resources")
    if isinstance(rest.get("gain"), int) and not isinstance(rest.get("gain"), bool):
        parts.append(f"gain {rest.pop('gain')}")
    line = " · ".join(parts)
    return f"{line} {_json(rest)}" if rest else line


def _order_line(item: Mapping[str, Any]) -> str:
    line = f"{_one_line(item.get('name', ''))} on {_one_line(item.get('section') or '?')}"
    if item.get("secret") is True:
        line += " [secret]"
    elif item.get("secret") is False:
        line += " [open]"
    if isinstance(item.get("qty"), int):
        line += f" ×{item['qty']}"
    extra = {k: v for k, v in item.items() if k not in ("name", "section", "secret", "qty")}
    return f"{line} {_json(extra)}" if extra else line


def _placed(value: Mapping[str, Any]) -> str:
    return f"{_one_line(value.get('hex', ''))} [row {value.get('row', '?')}, {value.get('terrain', 'clear')}]"


def list_to_text(
    *, document: Mapping[str, Any], totals: Mapping[str, Any] | None = None, costs: Mapping[str, int] | None = None,
    link: str = "",
) -> str:
    """The list as a player writes it. ``totals`` (the validation result's) adds a ``Total:`` line;
    ``costs`` (by JSON pointer of an entry) adds each line's points; ``link`` a ``Link:`` line (the share
    link). Read back, ``Total:`` and ``Link:`` lines are ignored."""
    game = str(document.get("game", ""))
    lines: list[str] = []
    if document.get("name"):
        lines.append(f"# {_one_line(document['name'])}")
    lines.append(f"Game: {GAME_NAMES.get(game, game)} ({game})")
    lines.append(f"Rules: {document.get('ruleset') or default_ruleset(game) or 'default'}")
    lines.append(f"Format: {_one_line(document.get('format', ''))}")
    if document.get("faction"):
        lines.append(f"Faction: {_one_line(document['faction'])}")
    plan = document.get("plan") if isinstance(document.get("plan"), Mapping) else None
    handled = {"game", "ruleset", "format", "name", "faction", "notes", "entries", "orders", "commanders",
               "deployment", "pool", "plan"}
    for key, value in document.items():
        if key in handled or value is None:
            continue
        if key in EXPORT_HEADERS and isinstance(value, (str, int)) and not isinstance(value, bool):
            lines.append(f"{EXPORT_HEADERS[key]}: {_one_line(value)}")
        elif key == "tiles" and isinstance(value, Mapping) and set(value) <= {k for k, _w in TILE_WORDS}:
            lines.append("Tiles: " + ", ".join(f"{value[k]} {w}" for k, w in TILE_WORDS if k in value))
        elif key == "command_tent" and isinstance(value, Mapping) and set(value) == {"hex", "row", "terrain"}:
            lines.append(f"Command tent: {_placed(value)}")
        else:
            lines.append(f"{key}: {_json(value)}")
    if plan is not None:
        for key, value in plan.items():
            if key in ("entries", "orders"):
                continue
            dotted = f"plan.{key}"
            if dotted in EXPORT_HEADERS and isinstance(value, (str, int)) and not isinstance(value, bool):
                lines.append(f"{EXPORT_HEADERS[dotted]}: {_one_line(value)}")
            elif key == "phase_cards" and isinstance(value, Mapping) and all(
                isinstance(v, str) and ";" not in v for v in value.values()
            ):
                lines.append("Phase cards: " + "; ".join(f"{k}: {_one_line(v)}" for k, v in value.items()))
            elif key == "flipped" and isinstance(value, list) and all(isinstance(v, str) for v in value):
                lines.append("Flipped: " + (", ".join(value) if value else "none"))
            else:
                lines.append(f"{dotted}: {_json(value)}")
    if link:
        lines.append(f"Link: {link}")
    if totals:
        shown = [f"{w} {totals[k]}" for k, w in TOTAL_WORDS.items() if isinstance(totals.get(k), int)]
        if shown:
            lines.append("Total: " + " · ".join(shown))
    own = sections_of(game, str(document.get("ruleset") or default_ruleset(game)))
    for section in _text_sections(game, str(document.get("ruleset") or default_ruleset(game))):
        path = section.path
        node: Any = document
        for part in path.split("."):
            node = node.get(part) if isinstance(node, Mapping) else None
        if not isinstance(node, list) or (section not in own and not node):
            continue
        lines += ["", section.text_title]
        for index, item in enumerate(node):
            if isinstance(item, str):
                lines.append(f"1x {_one_line(item)}")
            elif not isinstance(item, Mapping):
                continue
            elif path == "deployment":
                lines.append(f"{_one_line(item.get('card', ''))} at {_placed(item)}")
            elif path == "plan.entries":
                lines.append(_action_line(item))
            elif path == "plan.orders":
                lines.append(_order_line(item))
            else:
                lines.append(_entry_line(item, (costs or {}).get(f"/{path}/{index}")))
    if document.get("notes"):
        lines += ["", "Notes", str(document["notes"]).strip()]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------------------ parsing


@dataclass
class _Parsed:
    document: dict[str, Any]
    problems: list[ImportProblem]
    lines: dict[str, int]  # JSON pointer of a name -> the line it came from


def _game_of(value: str) -> str | None:
    found = re.search(r"\(([a-z0-9-]+)\)\s*$", value)
    if found and found.group(1) in GAMES:
        return found.group(1)
    from validation.core.names import normalise

    key = normalise(value)
    return key if key in GAMES else GAME_ALIASES.get(key)


def _scan_game(lines: list[str]) -> str | None:
    for raw in lines[:40]:
        match = _HEADER.match(raw.strip())
        if match and match.group(1).strip().casefold() == "game":
            return _game_of(match.group(2).strip())
    return None


def _set_path(document: dict[str, Any], path: str, value: Any) -> None:
    parts = path.split(".")
    node = document
    for part in parts[:-1]:
        node = node.setdefault(part, {})
        if not isinstance(node, dict):
            return
    node[parts[-1]] = value


def _int(value: str) -> int | None:
    value = value.strip()
    return int(value) if re.fullmatch(r"-?\d{1,6}", value) else None


def _parse_counts(text: str) -> dict[str, int] | None:
    out: dict[str, int] = {}
    for part in text.split(","):
        match = re.fullmatch(r"\s*(\d{1,4})\s+([a-z_]+)\s*", part, re.IGNORECASE)
        if match is None:
            return None
        out[match.group(2).casefold()] = int(match.group(1))
    return out


def _parse_placed(text: str) -> dict[str, Any] | None:
    match = re.fullmatch(r"(r\d{1,2}c\d{1,2})\s*(?:\[\s*(?:row\s+(\d{1,2})\s*,\s*)?([a-z+]+)\s*\])?", text.strip(),
                         re.IGNORECASE)
    if match is None or not HEX.match(match.group(1).casefold()):
        return None
    hex_id = match.group(1).casefold()
    terrain = (match.group(3) or "clear").casefold()
    if terrain not in TERRAINS and terrain != "command_tent":
        return None
    row = int(match.group(2)) if match.group(2) else int(HEX.match(hex_id).group(1))  # type: ignore[union-attr]
    return {"hex": hex_id, "row": row, "terrain": terrain}


def _header_value(key: str, raw: str) -> tuple[Any, str]:
    """The value of a header line, or ("", message) when it cannot be read."""
    if key in ("plan.round", "plan.income", "plan.camp_upkeep", "plan.hourglasses"):
        number = _int(raw)
        return (number, "") if number is not None else (None, _("expected a whole number"))
    if key == "tiles":
        counts = _parse_counts(raw.replace("small with start area", "small_with_start_area"))
        if counts is None or not set(counts) <= {k for k, _w in TILE_WORDS}:
            return None, _("expected e.g. “2 large, 2 small, 1 small with start area”")
        return counts, ""
    if key == "command_tent":
        placed = _parse_placed(raw)
        return (placed, "") if placed else (None, _("expected a hex such as “r1c6 [row 1, clear]”"))
    if key == "plan.phase_cards":
        cards: dict[str, str] = {}
        for part in raw.split(";"):
            if not part.strip():
                continue
            phase, sep, name = part.partition(":")
            if not sep or not name.strip():
                return None, _("expected “1: card; 2: card; …; camp: card”")
            cards[phase.strip().casefold()] = name.strip()
        return cards, ""
    if key == "plan.flipped":
        if raw.strip().casefold() in ("none", "-", ""):
            return [], ""
        return [p.strip() for p in raw.split(",") if p.strip()], ""
    return raw.strip(), ""


def _loads(raw: str) -> Any:
    if raw.count("[") + raw.count("{") > MAX_JSON_DEPTH * 50:
        raise ValueError("too deeply nested")
    return json.loads(raw, parse_constant=lambda name: (_ for _ in ()).throw(ValueError(name)))


def _split_tail_json(text: str) -> tuple[str, dict[str, Any] | None, str]:
    """``Name {"a": 1}`` → (``Name``, {...}, error)."""
    start = text.find(" {")
    if start < 0 or not text.rstrip().endswith("}"):
        return text, None, ""
    try:
        value = _loads(text[start + 1:])
    except (ValueError, RecursionError):
        return text, None, _("the {…} at the end is not JSON")
    if not isinstance(value, dict):
        return text, None, _("the {…} at the end is not a JSON object")
    return text[:start].rstrip(), value, ""


def _parse_entry(text: str, fields: tuple[str, ...]) -> tuple[dict[str, Any] | None, str]:
    """``2x Name [epic] · 36 pts`` → ``{"card": "Name", "qty": 2, "version": "epic"}``."""
    text = _BULLET.sub("", text, count=1).strip()
    text, extra, error = _split_tail_json(text)
    if error:
        return None, error
    text = _COST_TAIL.sub("", text).strip()
    if not _QTY_LAST.match(text):
        text = _BARE_COST_TAIL.sub("", text).strip() or text
    notes: list[str] = []
    while True:
        match = _NOTE_TAIL.search(text)
        if match is None:
            break
        notes.insert(0, match.group(1).strip())
        text = text[: match.start()].rstrip()
        text = _COST_TAIL.sub("", text).strip()
    qty = 1
    first = _QTY_FIRST.match(text) or _QTY_X_FIRST.match(text)
    if first:
        qty, text = int(first.group(1)), first.group(2).strip()
    else:
        last = _QTY_LAST.match(text)
        if last:
            text, qty = last.group(1).strip(), int(last.group(2) or last.group(3))
    if not text:
        return None, _("no card name on this line")
    if len(text) > 200:
        return None, _("a card’s name is at most 200 characters long")
    if not 1 <= qty <= 99:
        return None, _("copies must be from 1 to 99")
    entry: dict[str, Any] = {"card": text, "qty": qty}
    for note in notes:
        low = note.casefold()
        if low in ("epic", "standard") and "version" in fields:
            entry["version"] = low
        elif low.startswith("minion of ") and "minion_of" in fields:
            entry["minion_of"] = note[len("minion of "):].strip()
        elif low.startswith("set:") or low.startswith("set "):
            entry["set"] = note[4:].strip()
        elif re.fullmatch(r"\d{1,5}\s*(pts?|points?)?", low):
            continue
        else:
            return None, _("“[%(note)s]” is not a side, a master or a set") % {"note": note}
    if extra:
        entry.update(extra)
    return entry, ""


def _parse_action(text: str) -> tuple[dict[str, Any] | None, str]:
    """``Phase 2: Ballista · → W1 · pay 1 troll · 6 resources {"more": …}``."""
    text = _BULLET.sub("", text, count=1).strip()
    match = _ACTION.match(text)
    if match is None:
        return None, _("expected “Phase N: action”")
    body, extra, error = _split_tail_json(match.group(2).strip())
    if error:
        return None, error
    parts = [p.strip() for p in re.split(r"\s+·\s+", body)]
    item: dict[str, Any] = {"name": parts[0], "phase": int(match.group(1))}
    for part in parts[1:]:
        low = part.casefold()
        if part.startswith("→") or low.startswith("->"):
            item["target"] = part.lstrip("→->").strip()
        elif re.fullmatch(r"[x×]\d{1,2}", low):
            item["qty"] = int(low[1:])
        elif low.startswith("pay "):
            counts = _parse_counts(part[4:])
            if counts is None:
                return None, _("“%(part)s” is not units to pay (e.g. “pay 1 orc, 2 goblin”)") % {"part": part}
            item["pay"] = counts
        elif re.fullmatch(r"\d{1,4} resources?", low):
            item["resources"] = int(low.split()[0])
        elif re.fullmatch(r"gain \d{1,4}", low):
            item["gain"] = int(low.split()[1])
        else:
            return None, _("“%(part)s” is not a target (→), a payment, resources or a gain") % {"part": part}
    if not item["name"]:
        return None, _("no action named on this line")
    if extra:
        item.update(extra)
    return item, ""


def _parse_order(text: str) -> tuple[dict[str, Any] | None, str]:
    text = _BULLET.sub("", text, count=1).strip()
    text, extra, error = _split_tail_json(text)
    if error:
        return None, error
    item: dict[str, Any] = {}
    qty = re.search(r"\s*[x×](\d{1,2})$", text)
    if qty:
        item["qty"] = int(qty.group(1))
        text = text[: qty.start()].rstrip()
    note = _NOTE_TAIL.search(text)
    if note:
        flag = note.group(1).strip().casefold()
        if flag not in ("secret", "open"):
            return None, _("“[%(note)s]” is not “secret” or “open”") % {"note": note.group(1)}
        item["secret"] = flag == "secret"
        text = text[: note.start()].rstrip()
    match = _ORDER.match(text)
    if match is None:
        return None, _("expected “Order on section”")
    section = match.group(2)
    out: dict[str, Any] = {"name": match.group(1).strip(), "section": "" if section == "?" else section, **item}
    if extra:
        out.update(extra)
    return out, ""


def list_from_text(
    *, text: str, game: str | None = None, default_format: str = "", is_card: Callable[[str, str], bool] | None = None
) -> _Parsed:
    """Read a text list (no catalogue needed). ``game`` is used when the text does not say it.

    ``is_card(game, name)`` lets the first line be the list's name (as players write it) when it is a
    bare line that names no card."""
    problems: list[ImportProblem] = []
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    named_game = _scan_game(lines)
    game = named_game or game
    if game not in GAMES:
        problems.append(ImportProblem("", "", _("Say which game the list is for (a “Game:” line, or choose it).")))
        return _Parsed({}, problems, {})
    document: dict[str, Any] = {"game": game, "ruleset": default_ruleset(game), "format": default_format}
    pointers: dict[str, int] = {}
    titles = _section_titles(game)
    section = ""  # a list path, "notes", or "" before any section
    notes: list[str] = []
    first = True
    merged: dict[tuple[Any, ...], dict[str, Any]] = {}  # lines naming the same card, merged into one entry
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if section == "notes":
            notes.append(raw.rstrip())
            continue
        if not line or line.startswith("//") or set(line) <= set("-=_*~"):
            continue
        where = _("line %(n)s") % {"n": number}
        title = line.rstrip(":").strip().casefold()
        title = re.sub(r"\s*\(\d+\)$", "", title)  # "Creatures (8)"
        if title in ("notes", "note"):
            section = "notes"
            continue
        if title in titles:
            section = titles[title]
            continue
        if first and not section and "name" not in document and is_card is not None:
            title_line = _TITLE_LINE.match(line)  # "Elves of the Wood - 200 pts, CG"
            if title_line and not _names_a_card(game, title_line.group("name")):
                first = False
                _read_title(document, title_line, game, default_format)
                continue
        if line.startswith("# ") and "name" not in document:
            document["name"] = line[2:].strip()[:200]
            continue
        header = _HEADER.match(line)
        if header and header.group(1).strip().casefold() not in HEADER_WORDS and re.fullmatch(r"\d{1,4}",
                                                                                        header.group(2).strip()):
            header = None  # "Elf Archer: 10" is a card and its cost, not a key of the list
        if header and not (section and _looks_like_item(section, line)):
            word = header.group(1).strip().casefold()
            raw_value = header.group(2).strip()
            if word in IGNORED_HEADERS:
                continue
            key = HEADER_WORDS.get(word) or (word if re.fullmatch(r"[a-z_]+(\.[a-z_]+)?", word) else "")
            top = key.split(".")[0]
            if not key or (top not in COMMON_KEYS and top not in games.game(game).document_keys):
                message = _("“%(key)s” is not something a list has") % {"key": header.group(1)}
                problems.append(ImportProblem(where, raw, message, line=number))
                continue
            if key == "game":
                continue
            if key in HEADER_WORDS.values():
                value, error = _header_value(key, raw_value)
            else:
                try:
                    value, error = _loads(raw_value), ""
                except (ValueError, RecursionError):
                    value, error = None, _("the value is not JSON")
            if error:
                problems.append(ImportProblem(where, raw, error, line=number))
                continue
            if key in ("name", "notes") and isinstance(value, str):
                value = value[:200]
            _set_path(document, key, value)
            if key in ("battle_map", "scenario", "commander_zero", "box"):
                pointers[f"/{key}"] = number
            continue
        if first and not section and "name" not in document and is_card is not None and _bare(line):
            first = False
            if not is_card(game, line):
                document["name"] = line[:200]
                continue
        first = False
        path = section or _default_section(game)
        item, error = _parse_item(path, line, game)
        if item is None:
            problems.append(ImportProblem(where, raw, error or _("could not read this line"), line=number))
            continue
        _append(document, path, item, pointers, number, merged)
    if notes:
        document["notes"] = "\n".join(notes).strip()[:5000]
        if not document["notes"]:
            del document["notes"]
    return _Parsed(document, problems, pointers)


def _read_title(document: dict[str, Any], match: re.Match[str], game: str, default_format: str) -> None:
    """``Elves of the Wood - 200 pts, CG``: the list's name, its size (the format of that size, from the game's
    family of sized formats, when none was chosen) and its faction (its code or its name, as the catalogue
    gives them: ``CG``, ``Chaotic Good``)."""
    from builder.selectors import builder_factions_known, builder_setup

    document["name"] = match.group("name").strip(" #")[:200]
    size = int(match.group("size"))
    setup = builder_setup(game=game, ruleset=str(document.get("ruleset") or default_ruleset(game)))
    for family in setup.families:
        if family.min <= size <= family.max and (not default_format or default_format.startswith(family.prefix)):
            document["format"] = f"{family.prefix}{size}"
            break
    faction = (match.group("faction") or "").strip()
    if faction:
        from common.names import normalise_name as normalise

        known = builder_factions_known(game=game, ruleset=str(document.get("ruleset") or default_ruleset(game)))
        document["faction"] = known.get(normalise(faction), faction)


def _bare(line: str) -> bool:
    """A line with no copies, no notes and no cost: maybe a card, maybe a title."""
    text = _BULLET.sub("", line, count=1).strip()
    return not (_QTY_FIRST.match(text) or _QTY_X_FIRST.match(text) or _QTY_LAST.match(text)
                or _NOTE_TAIL.search(text) or _COST_TAIL.search(text) or text.endswith("}"))


def _looks_like_item(section: str, line: str) -> bool:
    if section == "plan.entries":
        return bool(_ACTION.match(_BULLET.sub("", line, count=1)))
    return bool(_QTY_FIRST.match(_BULLET.sub("", line, count=1)))


def _default_section(game: str) -> str:
    """Where a card line before any heading goes: the first section that lists cards with their copies."""
    return next(s.path for s in sections_of(game) if s.shape in ("entries", "actions"))


def _parse_item(path: str, line: str, game: str) -> tuple[Any, str]:
    """One card line of the section at ``path`` (its notes in brackets as its sections' item fields allow)."""
    if path == "plan.entries":
        return _parse_action(line)
    if path == "plan.orders":
        return _parse_order(line)
    if path == "deployment":
        body, _extra, _error = _split_tail_json(_BULLET.sub("", line, count=1).strip())
        match = re.match(r"^(.*?\S)\s+(?:at|@)\s+(r\d{1,2}c\d{1,2}.*)$", body, re.IGNORECASE)
        placed = _parse_placed(match.group(2)) if match else None
        if match is None or placed is None:
            return None, _("expected “Unit at r2c5 [row 2, forest]”")
        return {"card": match.group(1).strip(), **placed}, ""
    return _parse_entry(line, tuple(f for s in _text_sections(game) if s.path == path for f in s.item_fields))


def _append(document: dict[str, Any], path: str, item: Any, pointers: dict[str, int], number: int,
            merged: dict[tuple[Any, ...], dict[str, Any]]) -> None:
    parts = path.split(".")
    node = document
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    listed = node.setdefault(parts[-1], [])
    if path in ("commanders", "pool"):
        for _ in range(item.get("qty", 1)):
            pointers[f"/{path}/{len(listed)}"] = number
            listed.append(item["card"])
        return
    key = "name" if path.startswith("plan.") else "card"
    same = _same_key(path, item)
    earlier = merged.get(same) if same is not None else None
    if earlier is not None and earlier["qty"] + item["qty"] <= 99:  # the same card on several lines: one entry
        earlier["qty"] += item["qty"]
        return
    if same is not None:
        merged[same] = item
    pointers[f"/{path.replace('.', '/')}/{len(listed)}/{key}"] = number
    listed.append(item)


def _same_key(path: str, item: Any) -> tuple[Any, ...] | None:
    """What makes two lines the same card (its name as matched, side, master, set), or None for an item that
    is never merged (a Stronghold action or order, a deployed unit)."""
    if path.startswith("plan.") or path == "deployment" or not isinstance(item.get("qty"), int):
        return None
    from validation.core.names import normalise

    rest = tuple(sorted((k, json.dumps(v, sort_keys=True)) for k, v in item.items() if k not in ("card", "qty")))
    return (path, normalise(str(item.get("card", ""))), rest)


# ------------------------------------------------------------------------------------------ matching


def _suggestions(catalogue: Any, text: str, kinds: tuple[str, ...]) -> list[str]:
    from validation.core.names import normalise

    names: dict[str, str] = {}
    for kind in kinds:
        names.update(catalogue.names_by_kind.get(kind, {}))
    key = normalise(text)
    close = difflib.get_close_matches(key, list(names), n=3, cutoff=0.6)
    if len(close) < 3 and len(key) >= 3:
        close += [k for k in sorted(names) if k not in close and (key in k or k in key)][: 3 - len(close)]
    return [names[k] for k in close]


def _name_slots(document: Mapping[str, Any]) -> list[tuple[str, tuple[str, ...], Any, str, str]]:
    """Every name in a document the catalogue should know: (pointer, kinds, owner, key, version)."""
    game = str(document.get("game", ""))
    ruleset = str(document.get("ruleset") or default_ruleset(game))
    slots: list[tuple[str, tuple[str, ...], Any, str, str]] = []
    for section in _text_sections(game, ruleset):
        node: Any = document
        for part in section.path.split("."):
            node = node.get(part) if isinstance(node, Mapping) else None
        kinds = section.names_kinds
        if isinstance(node, str):
            slots.append((section.pointer, kinds, document, section.path, ""))
        if not isinstance(node, list):
            continue
        for index, item in enumerate(node):
            if isinstance(item, str):
                slots.append((f"{section.pointer}/{index}", kinds, node, str(index), ""))
            elif isinstance(item, dict):
                key = section.name_key
                if isinstance(item.get(key), str):
                    version = str(item.get("version") or "") if "version" in section.item_fields else ""
                    slots.append((f"{section.pointer}/{index}/{key}", kinds, item, key, version))
    return slots


def names_match(
    *, document: dict[str, Any], catalogue: Any, lines: Mapping[str, int] | None = None
) -> tuple[list[ImportProblem], int]:
    """Write the catalogue's name for every name in ``document`` that names one card; report the rest.

    A name that several cards share (one name in several sets) needs its set: a slug names one card,
    so it becomes the name plus ``set``; a bare shared name is reported with the sets to choose from."""
    from builder.selectors import card_find

    problems: list[ImportProblem] = []
    matched = 0
    game = str(document.get("game", ""))
    sided = any("version" in s.item_fields for s in sections_of(game, document.get("ruleset")))
    one_card = games.is_game(game) and games.game(game).one_name_one_card
    for pointer, kinds, owner, key, version in _name_slots(document):
        text = owner[int(key)] if isinstance(owner, list) else owner[key]
        where = _("line %(n)s") % {"n": lines[pointer]} if lines and pointer in lines else pointer
        set_name = str(owner.get("set") or "") if isinstance(owner, dict) and key == "card" else ""
        card = card_find(catalogue=catalogue, text=text, kinds=kinds, version=version, set_name=set_name)
        if card is None:
            message = _("no card named “%(name)s” in this game’s catalogue") % {"name": text}
            problems.append(ImportProblem(where, text, message, _suggestions(catalogue, text, kinds),
                                          (lines or {}).get(pointer, 0)))
            continue
        side = (version or "standard") if sided else ""
        same = [
            c for c in catalogue.by_name.get(card.key, ())
            if c.kind == card.kind and (not side or (c.fields.get("version") or "standard") == side)
        ]
        shared = len(same) > 1 and not set_name and not one_card
        by_slug = catalogue.by_slug.get(text.strip().casefold()) is card
        if shared and not by_slug:
            sets = sorted({c.set.name for c in same if c.set is not None})
            message = ngettext("“%(name)s” names %(n)s card: add its set ([set: …])",
                               "“%(name)s” names %(n)s cards: add its set ([set: …])", len(same)) % {
                "name": text, "n": len(same)}
            problems.append(ImportProblem(where, text, message, sets, (lines or {}).get(pointer, 0)))
            continue
        matched += 1
        if isinstance(owner, list):
            if not shared:
                owner[int(key)] = card.name
        elif not shared:
            owner[key] = card.name
        elif key == "card" and card.set is not None:
            owner[key] = card.name
            owner["set"] = card.set.name
    return problems, matched


# ------------------------------------------------------------------------------------------ import


def _document_bounds(document: Any) -> str:
    """The few shape checks an import makes itself (the validator checks the rest when it shows the list)."""
    if not isinstance(document, dict):
        return "a list document is a JSON object"
    if document.get("game") not in GAMES:
        return _("“game” must be one of %(games)s") % {"games": ", ".join(GAMES)}
    for key in ("entries", "orders", "commanders", "deployment", "pool"):
        value = document.get(key)
        if value is not None and (not isinstance(value, list) or len(value) > 200):
            return _("“%(key)s” must be a list of at most 200 items") % {"key": key}
    for key in ("name", "format", "ruleset", "faction"):
        value = document.get(key)
        if value is not None and (not isinstance(value, str) or len(value) > 200):
            return _("“%(key)s” must be a text of at most 200 characters") % {"key": key}
    return ""


def _crowded(document: Mapping[str, Any]) -> str:
    """Why a pasted list is too long to be one list (its lines already merged), or ""."""
    for path in ("entries", "orders", "commanders", "deployment", "pool", "plan.entries", "plan.orders"):
        node: Any = document
        for part in path.split("."):
            node = node.get(part) if isinstance(node, Mapping) else None
        if isinstance(node, list) and len(node) > MAX_ITEMS:
            return ngettext("The list names %(n)s different card in one part; a list holds at most %(most)s. "
                            "Paste one list at a time.",
                            "The list names %(n)s different cards in one part; a list holds at most %(most)s. "
                            "Paste one list at a time.", len(node)) % {"n": len(node), "most": MAX_ITEMS}
    return ""


def _names_a_card(game: str, name: str) -> bool:
    """Whether ``name`` is the name of a card of ``game`` (its default ruleset's)."""
    from builder.selectors import builder_facts, card_find

    catalogue = builder_facts(game=game, ruleset=default_ruleset(game))
    return card_find(catalogue=catalogue, text=name, kinds=card_kinds(game, default_ruleset(game))) is not None


def _is_card(game: str, name: str) -> bool:
    """Whether ``name`` names a card, or nearly does (a misspelt first line is a card to report with its
    closest names, not the list's title)."""
    from builder.selectors import builder_facts
    from validation.core.names import normalise

    if _names_a_card(game, name):
        return True
    catalogue = builder_facts(game=game, ruleset=default_ruleset(game))
    kinds = card_kinds(game, default_ruleset(game))
    names = [k for kind in kinds for k in catalogue.names_by_kind.get(kind, {})]
    return bool(difflib.get_close_matches(normalise(name), names, n=1, cutoff=NEAR_MISS))


def list_import(*, text: str, game: str | None = None, default_format: str = "") -> ImportResult:
    """Read a pasted list, text or JSON, and match its names to the catalogue.

    ``game`` is the game to read a text for when it does not say; ``default_format`` its format when
    it names none. A text or JSON past the bounds is refused with one problem and no document."""
    def refused(message: str, source: str = "text") -> ImportResult:
        return ImportResult(None, [ImportProblem("", "", message)], source)

    if len(text) > MAX_IMPORT_CHARS:
        return refused(ngettext("The text is longer than %(n)s character.", "The text is longer than %(n)s characters.",
                                MAX_IMPORT_CHARS) % {"n": MAX_IMPORT_CHARS})
    if text.count("\n") >= MAX_IMPORT_LINES:
        return refused(ngettext("The text has more than %(n)s line.", "The text has more than %(n)s lines.",
                                MAX_IMPORT_LINES) % {"n": MAX_IMPORT_LINES})
    stripped = text.strip()
    if not stripped:
        return refused(_("Paste a list first."))
    if stripped.startswith("{"):
        try:
            document = _loads(stripped)
        except (ValueError, RecursionError) as exc:
            return refused(_("This is not JSON: %(why)s") % {"why": str(exc)[:200]}, "json")
        error = _document_bounds(document)
        if error:
            return refused(_("This is not a list document: %(why)s.") % {"why": error}, "json")
        problems: list[ImportProblem] = []
        lines: Mapping[str, int] | None = None
        source = "json"
    else:
        parsed = list_from_text(text=text, game=game, default_format=default_format, is_card=_is_card)
        if not parsed.document:
            return ImportResult(None, parsed.problems, "text")
        crowded = _crowded(parsed.document)
        if crowded:
            return refused(crowded)
        document, problems, lines, source = parsed.document, parsed.problems, parsed.lines, "text"
    if not document.get("format"):
        document["format"] = default_format
    from builder.selectors import builder_facts

    game_id = str(document["game"])
    ruleset = str(document.get("ruleset") or default_ruleset(game_id))
    try:
        catalogue = builder_facts(game=game_id, ruleset=ruleset)
    except (KeyError, ValueError):
        return ImportResult(document, [*problems, ImportProblem("/ruleset", ruleset, _("unknown rules"))], source)
    found, matched = names_match(document=document, catalogue=catalogue, lines=lines)
    ordered = sorted([*problems, *found], key=lambda p: (p.line == 0, p.line))
    return ImportResult(document, ordered, source, matched)
