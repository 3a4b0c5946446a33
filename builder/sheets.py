"""Card sheets: the numbers a player may type in from a printed card, per (game, ruleset, kind), with bounds.

One mechanism for every game's card kinds. A :class:`Sheet` lists the fields of a kind's printed card in the
order the card prints them; each field names the catalogue's field in the data format
(``docs/catalogue-format.md``), so what a player enters is a partial card record that lays over the
catalogue's own (``simulate.bridge.Entered``) and that an editor can accept into the catalogue as it is.
:func:`sheet_check` checks raw values against a sheet: a 400 with a message per JSON pointer, never a 500.

Adding a card kind (``docs/player-cards.md``)::

    register_sheet("battlelore2", "default", "unit", Sheet(
        fields=(Number("cost", gettext_lazy("Cost"), low=0, high=50),),
    ))

The pages build their form from the sheet; the API takes and returns the same values.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

Errors = dict[str, list[str]]


@dataclass(frozen=True)
class Number:
    """A whole number printed on the card, from ``low`` to ``high``."""

    name: str
    label: Any
    low: int
    high: int
    help: Any = ""
    signed: bool = False  # printed with its sign ("+10")

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if value is None or value == "":
            return None
        if isinstance(value, str):
            text = value.strip().replace("−", "-")
            if text.lstrip("+-").isdigit() and len(text) <= 7:
                value = int(text)
        if isinstance(value, bool) or not isinstance(value, int):
            errors.setdefault(pointer, []).append(_("Give a whole number, such as %(example)s.") % {
                "example": f"+{min(max(self.low, 5), self.high)}" if self.signed else min(max(self.low, 5), self.high)})
            return None
        if not self.low <= value <= self.high:
            errors.setdefault(pointer, []).append(_("Give a number from %(low)s to %(high)s.") % {
                "low": self.low, "high": self.high})
            return None
        return value


@dataclass(frozen=True)
class Text:
    """Words printed on the card (a name, an effect's text); ``choices`` offers the usual ones (a datalist),
    ``strict`` allows only those."""

    name: str
    label: Any
    max_length: int = 200
    help: Any = ""
    choices: Callable[[], Sequence[tuple[str, Any]]] | None = None
    strict: bool = False
    required: bool = False
    long: bool = False  # a paragraph (a textarea)

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if value is None:
            value = ""
        if not isinstance(value, str):
            errors.setdefault(pointer, []).append(_("Give text."))
            return None
        value = " ".join(value.split()) if not self.long else value.strip()
        if len(value) > self.max_length:
            errors.setdefault(pointer, []).append(_("At most %(n)s characters.") % {"n": self.max_length})
            return None
        if self.strict and value and self.choices is not None and value not in {k for k, _ in self.choices()}:
            errors.setdefault(pointer, []).append(_("Choose one of the listed values."))
            return None
        if self.required and not value:
            errors.setdefault(pointer, []).append(_("Required."))
            return None
        return value


@dataclass(frozen=True)
class Flag:
    """A yes/no the card prints (Flight's "F", Unique); unanswered stays unknown."""

    name: str
    label: Any
    help: Any = ""

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if value in (None, ""):
            return None
        if isinstance(value, bool):
            return value
        if value in ("yes", "true", "on", "1"):
            return True
        if value in ("no", "false", "0"):
            return False
        errors.setdefault(pointer, []).append(_("Answer yes or no."))
        return None


@dataclass(frozen=True)
class Choices:
    """Several of a fixed set (a card's faction symbols)."""

    name: str
    label: Any
    choices: Callable[[], Sequence[tuple[str, Any]]]
    help: Any = ""

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if value in (None, ""):
            return None
        items = [value] if isinstance(value, str) else value
        known = {k for k, _ in self.choices()}
        if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
            errors.setdefault(pointer, []).append(_("Choose from the listed values."))
            return None
        unknown = [v for v in items if v not in known]
        if unknown:
            errors.setdefault(pointer, []).append(_("Not one of the listed values: %(values)s.") % {
                "values": ", ".join(unknown[:3])})
            return None
        return sorted(set(items))


@dataclass(frozen=True)
class Words:
    """A few words the card prints as a list ("Orc, Goblinoid"): typed with commas, kept as a list."""

    name: str
    label: Any
    max_items: int = 8
    help: Any = ""

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if value in (None, ""):
            return None
        items = value.split(",") if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(v, str) for v in items):
            errors.setdefault(pointer, []).append(_("Give words separated by commas."))
            return None
        words = [" ".join(v.split()) for v in items if v.strip()]
        if len(words) > self.max_items or any(len(w) > 60 for w in words):
            errors.setdefault(pointer, []).append(_("At most %(n)s words of up to 60 characters.") % {
                "n": self.max_items})
            return None
        return words or None


SheetField = Number | Text | Flag | Choices | Words


@dataclass(frozen=True)
class Rows:
    """A repeated part of the card (attacks, abilities, spells), each row a few fields. Rows of several groups
    may fill one list of the record (``target``: special abilities and Commander Effects are both
    ``abilities``); ``fixed`` are the values every row of the group carries (``{"kind": "commander-effect"}``).
    A row whose fields are all empty is left out.

    ``amend`` names a field that picks one of the record's own rows (a power by its printed name): the group's rows
    then complete those rows (a number the catalogue lacks) instead of replacing the list, the form shows one row
    per record row ``shows`` accepts (the key read-only, with the row's printed ``caption`` field as its text) and
    no blank ones."""

    name: str
    label: Any
    fields: tuple[SheetField, ...]
    max_rows: int = 12
    target: str = ""
    fixed: Mapping[str, Any] = field(default_factory=dict)
    help: Any = ""
    amend: str = ""
    shows: Callable[[Mapping[str, Any]], bool] | None = None
    caption: str = ""

    @property
    def key(self) -> str:
        return self.target or self.name

    def belongs(self, row: Mapping[str, Any]) -> bool:
        """Whether a stored row of the record is one of this group's."""
        return all(row.get(k, _default(k)) == v for k, v in self.fixed.items()) and (
            self.shows is None or self.shows(row))


def _default(key: str) -> Any:
    return "special" if key == "kind" else None


@dataclass(frozen=True)
class Nest:
    """A sheet whose fields and rows are the parts of one object of the record (a Stronghold board's ``layout``):
    ``pack`` makes the object from the sheet's checked values (adding an error per JSON pointer where the parts
    do not fit together: a path to a place the board lacks); ``unpack`` reads an object back into the sheet's
    values, for the form."""

    field: str
    label: Any
    pack: Callable[[Mapping[str, Any], Errors], dict[str, Any]]
    unpack: Callable[[Mapping[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class Sheet:
    """A card kind's printed numbers, in the card's order. ``only``: the slugs of the cards of the kind that have
    them (empty: every card of the kind), or a function that answers them from the catalogue as it is now (the
    Guild creatures whose size no source gives); ``nest``: they are the parts of one object of the record."""

    fields: tuple[SheetField, ...] = ()
    rows: tuple[Rows, ...] = ()
    note: Any = ""
    only: tuple[str, ...] | Callable[[], Collection[str]] = ()
    nest: Nest | None = None

    def cards(self) -> Collection[str]:
        """The slugs ``only`` names (empty: every card of the kind)."""
        return self.only() if callable(self.only) else self.only

    @property
    def names(self) -> set[str]:
        """The record's fields the sheet fills."""
        if self.nest is not None:
            return {self.nest.field}
        return {f.name for f in self.fields} | {r.key for r in self.rows}

    def groups_of(self, key: str) -> list[Rows]:
        return [r for r in self.rows if r.key == key]

    def view(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """A record (or entered values) as the sheet's values: the nested object's parts for a nested sheet."""
        if self.nest is None:
            return dict(record)
        inner = record.get(self.nest.field)
        return self.nest.unpack(inner) if isinstance(inner, Mapping) else {}


SHEETS: dict[tuple[str, str, str], Sheet] = {}


def register_sheet(game: str, ruleset: str, kind: str, sheet: Sheet) -> Sheet:
    """Declare the sheet of a card kind (once)."""
    key = (game, ruleset, kind)
    if key in SHEETS:
        raise ValueError(f"a sheet for {game}/{ruleset}/{kind} is registered twice")
    SHEETS[key] = sheet
    return sheet


def sheet_for(game: str, ruleset: str, kind: str, slug: str | None = None) -> Sheet | None:
    """The sheet of a card kind; with ``slug``, None when that card is not one of the cards the sheet is for."""
    from builder import sheets_games  # noqa: F401  (each game's sheets register themselves)

    sheet = SHEETS.get((game, ruleset, kind))
    if sheet is not None and slug is not None and sheet.only and slug not in sheet.cards():
        return None
    return sheet


def sheet_check(sheet: Sheet, raw: Any) -> tuple[dict[str, Any], Errors]:
    """Raw values (a JSON object: a field's name → value; a row group's name → a list of objects) checked
    against the sheet: the values as a partial record (rows of groups that share a target joined in the
    sheet's order), and the errors by JSON pointer. A field left out or empty is not entered."""
    errors: Errors = {}
    if not isinstance(raw, Mapping):
        return {}, {"": [_("Send the card's numbers as an object.")]}
    known = {f.name for f in sheet.fields} | {r.name for r in sheet.rows}
    for key in raw:
        if key not in known:
            errors.setdefault(f"/{key}", []).append(_("Not a field of this card."))
    values: dict[str, Any] = {}
    for f in sheet.fields:
        if f.name in raw:
            value = f.check(raw[f.name], f"/{f.name}", errors)
            if value is not None and value != "":
                values[f.name] = value
    for group in sheet.rows:
        if group.name not in raw:
            continue
        items = raw[group.name]
        if not isinstance(items, list):
            errors.setdefault(f"/{group.name}", []).append(_("Send a list of rows."))
            continue
        if len(items) > group.max_rows:
            errors.setdefault(f"/{group.name}", []).append(_("At most %(n)s rows.") % {"n": group.max_rows})
            continue
        rows = values.setdefault(group.key, [])
        for i, item in enumerate(items):
            pointer = f"/{group.name}/{i}"
            if not isinstance(item, Mapping):
                errors.setdefault(pointer, []).append(_("Send each row as an object."))
                continue
            if all(v in (None, "", []) for v in item.values()):
                continue  # a blank row of the form
            for key in item:
                if key not in {f.name for f in group.fields}:
                    errors.setdefault(f"{pointer}/{key}", []).append(_("Not a field of this row."))
            row = {}
            for f in group.fields:
                value = f.check(item.get(f.name), f"{pointer}/{f.name}", errors)
                if value is not None and value != "":
                    row[f.name] = value
            if row:
                rows.append({**row, **group.fixed})
    if sheet.nest is not None:
        if errors:
            return {}, errors
        packed = sheet.nest.pack(values, errors) if values else {}
        return ({sheet.nest.field: packed} if packed and not errors else {}), errors
    return values, errors


def sheet_amend(sheet: Sheet, record: Mapping[str, Any], values: Mapping[str, Any]) -> tuple[dict[str, Any], Errors]:
    """Checked values with each amending group's rows laid onto the record's rows they name (the record's whole
    list, completed), and an error per row that names no row of the record."""
    out: dict[str, Any] = dict(values)
    errors: Errors = {}
    for group in sheet.rows:
        if not group.amend or group.key not in values:
            continue
        sent = [row for row in values[group.key] if group.amend in row]
        by_key = {row[group.amend]: row for row in sent}
        own = [row for row in record.get(group.key) or () if isinstance(row, Mapping)]
        names = {row.get(group.amend) for row in own if group.belongs(row)}
        for i, row in enumerate(sent):
            if row[group.amend] not in names:
                errors.setdefault(f"/{group.name}/{i}/{group.amend}", []).append(
                    _("This card has no such entry to complete."))
        out[group.key] = [
            {**row, **{k: v for k, v in by_key[row[group.amend]].items() if k != group.amend}}
            if group.belongs(row) and row.get(group.amend) in by_key else dict(row) for row in own]
    return out, errors


def sheet_rows(sheet: Sheet, record: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """A record's rows split into the sheet's groups (for the form): each group's rows, fixed values left out."""
    out: dict[str, list[dict[str, Any]]] = {}
    for group in sheet.rows:
        names = [f.name for f in group.fields] + ([group.caption] if group.caption else [])
        out[group.name] = [
            {k: row.get(k) for k in names}
            for row in record.get(group.key) or () if isinstance(row, Mapping) and group.belongs(row)
        ]
    return out


def sheet_label(sheet: Sheet, name: str) -> str:
    """A field's or group's label, for messages (``name`` as the record says it)."""
    if sheet.nest is not None and name == sheet.nest.field:
        return str(sheet.nest.label)
    for f in sheet.fields:
        if f.name == name:
            return str(f.label)
    for group in sheet.rows:
        if group.key == name:
            return str(group.label)
    return name.replace("_", " ")

