"""Writes to a player's collection: quantities by hand, a whole set at once, a CSV import, clearing.

Every write is one transaction. A CSV import checks every row first and writes nothing when any row is
bad: the error names each bad row's line and field.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db import transaction
from django.utils.translation import gettext, ngettext

import games as game_registry
from builder.models import CollectionItem
from builder.selectors_collections import (
    COLLECTIBLE,
    CSV_COLUMNS,
    MAX_QUANTITY,
    collectible_card_ids,
    collectible_cards,
    same_name,
    same_ref,
    set_quantities,
)
from config.errors import ApplicationError

MAX_CSV_ROWS = 20_000
MAX_CSV_BYTES = 1024 * 1024


def _owner(user: AbstractBaseUser | AnonymousUser) -> User:
    if not isinstance(user, User) or not user.is_authenticated:
        raise ApplicationError(gettext("Sign in to keep a collection."), code="not_authenticated", status=403)
    return user


def _write(owner: User, quantities: Mapping[int, int]) -> None:
    """Set each card's quantity (0 removes it)."""
    if not quantities:
        return
    existing = {
        item.card_id: item for item in CollectionItem.objects.filter(owner=owner, card_id__in=list(quantities))
    }
    create, update, delete = [], [], []
    for card_id, qty in quantities.items():
        item = existing.get(card_id)
        if qty <= 0:
            if item is not None:
                delete.append(item.pk)
        elif item is None:
            create.append(CollectionItem(owner=owner, card_id=card_id, quantity=qty))
        elif item.quantity != qty:
            item.quantity = qty
            update.append(item)
    CollectionItem.objects.filter(pk__in=delete).delete()
    CollectionItem.objects.bulk_create(create, batch_size=500)
    CollectionItem.objects.bulk_update(update, ["quantity", "updated"], batch_size=500)


def collection_set_quantities(
    *, user: AbstractBaseUser | AnonymousUser, game: str, quantities: Mapping[int, int]
) -> None:
    """Set how many of each card (by id) of ``game`` the player owns; 0 removes the card."""
    owner = _owner(user)
    allowed = collectible_card_ids(game=game)
    fields: dict[str, list[str]] = {}
    for card_id, qty in quantities.items():
        if card_id not in allowed:
            fields[f"/{card_id}"] = [gettext("This is not an item of this game a collection counts.")]
        elif not 0 <= qty <= MAX_QUANTITY:
            fields[f"/{card_id}"] = [gettext("Give a whole number from 0 to %(max)d.") % {"max": MAX_QUANTITY}]
    if fields:
        raise ApplicationError(gettext("Some quantities are not valid."), fields=fields)
    with transaction.atomic():
        _write(owner, quantities)


def collection_add_set(*, user: AbstractBaseUser | AnonymousUser, game: str, set_slug: str, copies: int = 1) -> int:
    """Add ``copies`` of a whole set or pack (each item as many times as one copy of the set holds it).

    Returns how many items changed."""
    owner = _owner(user)
    if not 1 <= copies <= 99:
        raise ApplicationError(gettext("Give a whole number of copies from 1 to 99."), fields={"/copies": []})
    cards = list(collectible_cards(game=game, set_slug=set_slug))
    if not cards:
        raise ApplicationError(gettext("This game has no such set."), code="not_found", status=404)
    with transaction.atomic():
        owned = dict(
            CollectionItem.objects.select_for_update()
            .filter(owner=owner, card__in=cards)
            .values_list("card_id", "quantity")
        )
        per_set = set_quantities(cards=cards)
        _write(owner, {c.pk: min(owned.get(c.pk, 0) + per_set[c.pk] * copies, MAX_QUANTITY) for c in cards})
    return len(cards)


def collection_clear(*, user: AbstractBaseUser | AnonymousUser, game: str | None = None) -> int:
    owner = _owner(user)
    items = CollectionItem.objects.filter(owner=owner)
    if game:
        items = items.filter(card__game__slug=game)
    deleted, _ = items.delete()
    return deleted


# ---------------------------------------------------------------------------------------- CSV import


@dataclass
class CsvImportReport:
    rows: int  # data rows read
    changed: int  # items whose quantity the import set
    removed: int  # items a "replace" import cleared because the file did not list them


def _decode(data: bytes | str) -> str:
    if isinstance(data, str):
        return data.lstrip("\ufeff")
    if len(data) > MAX_CSV_BYTES:
        raise ApplicationError(
            gettext("The file is too large: at most %(size)d kB.") % {"size": MAX_CSV_BYTES // 1024},
            fields={"/file": []},
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ApplicationError(gettext("The file is not UTF-8 text."), fields={"/file": []}) from None


class _Rows:
    """Errors per line and field, as ``{"/<line>/<field>": [message]}``."""

    def __init__(self) -> None:
        self.fields: dict[str, list[str]] = {}

    def add(self, line: int, column: str, message: str) -> None:
        self.fields.setdefault(f"/{line}/{column}", []).append(message)


def _slug_by_name(*, game: str, name: str, set_name: str | None, line: int) -> tuple[str | None, str]:
    """The slug of the item of ``game`` that ``name`` names, matched as the validator matches names (a DDM
    creature card's name counts as its figure); or None and why not."""
    from validation.core.matching import resolve
    from validation.selectors import catalogue_facts

    spec = COLLECTIBLE[game]
    facts = catalogue_facts(game=game, ruleset=spec.ruleset)
    match = resolve(
        facts, name, kinds=set(spec.kinds), pointer=f"/{line}", set_name=set_name,
        same_card=None if spec.via else same_name,
    )
    card_slug = match.card.slug if match.card is not None else None
    if spec.via and match.card is None and match.finding is not None and match.finding.rule != (
        "list.ambiguous-card"
    ):  # not a figure's name: a creature card's, counted as its figure
        counted = game_registry.ruleset(game, spec.ruleset).kinds
        kinds = {k.id for k in counted if any(r.field == spec.via for r in k.refs)}
        by_card = resolve(facts, name, kinds=kinds, pointer=f"/{line}", set_name=set_name,
                          same_card=same_ref(spec.via))
        if by_card.card is not None:
            match = by_card
            card_slug = by_card.card.refs.get(spec.via)
    if card_slug is not None:
        return card_slug, ""
    suggestions = list(match.finding.extra.get("suggestions", [])) if match.finding else []
    if match.finding is not None and match.finding.rule == "list.ambiguous-card":
        message = gettext("%(name)r names several items: give its slug or its set.") % {"name": name[:200]}
    elif match.card is not None:
        message = gettext("No figure is known for %(name)r: give the figure's slug.") % {"name": name[:200]}
    else:
        message = gettext("No %(game)s item is named %(name)r.") % {"game": game, "name": name[:200]}
    if suggestions:
        message += " " + gettext("Close: %(names)s.") % {"names": ", ".join(map(str, suggestions))}
    return None, message


def collection_import_csv(
    *, user: AbstractBaseUser | AnonymousUser, data: bytes | str, replace: bool = False
) -> CsvImportReport:
    """Read a CSV of ``CSV_COLUMNS`` (``game`` and ``quantity`` required; ``slug`` or ``name`` to find the
    item, ``set`` to choose among items of one name) and set those quantities; ``replace`` also clears
    whatever the file does not list, for the games it names.

    Names are matched as the validator matches them (case, accents and punctuation ignored; a DDM
    creature card's name counts as its figure). A bad row makes the whole import fail with every bad
    line in ``ApplicationError.fields`` (``/<line>/<column>``); nothing is written then."""
    owner = _owner(user)
    text = _decode(data)
    reader = csv.DictReader(io.StringIO(text, newline=""))
    header = [h.strip().casefold() for h in (reader.fieldnames or [])]
    missing = [c for c in ("game", "quantity") if c not in header]
    if not ("slug" in header or "name" in header):
        missing.append("slug")
    if missing:
        raise ApplicationError(
            gettext("Line 1 must name the columns; missing: %(columns)s. Expected: %(expected)s.")
            % {"columns": ", ".join(missing), "expected": ",".join(CSV_COLUMNS)},
            fields={f"/1/{c}": [gettext("missing column")] for c in missing},
        )
    reader.fieldnames = header
    errors = _Rows()
    found: dict[int, int] = {}  # card id -> quantity
    first_line: dict[int, int] = {}  # card id -> the line that named it
    games: set[str] = set()
    rows = 0
    slug_index: dict[str, dict[str, int]] = {}

    def card_id_of(game: str, slug: str) -> int | None:
        """The id of ``game``'s collectible item ``slug`` (each game's slugs are read once)."""
        if game not in slug_index:
            slug_index[game] = dict(collectible_cards(game=game).values_list("slug", "id"))
        return slug_index[game].get(slug)

    for row in reader:
        rows += 1
        line = reader.line_num
        if rows > MAX_CSV_ROWS:
            errors.add(line, "file", gettext("Too many rows: at most %(rows)d.") % {"rows": MAX_CSV_ROWS})
            break
        values = {k: (v or "").strip() for k, v in row.items() if isinstance(k, str)}
        if not any(values.values()):
            continue  # a blank line
        game = values.get("game", "")
        if game not in COLLECTIBLE:
            errors.add(line, "game", gettext("Unknown game %(game)r: use one of %(games)s.")
                       % {"game": game[:40], "games": ", ".join(COLLECTIBLE)})
            continue
        spec = COLLECTIBLE[game]
        ruleset = values.get("ruleset", "") or spec.ruleset
        if ruleset != spec.ruleset:
            errors.add(line, "ruleset", gettext("A %(game)s collection counts items of the ruleset %(ruleset)r.")
                       % {"game": game, "ruleset": spec.ruleset})
            continue
        raw_qty = values.get("quantity", "")
        try:
            qty = int(raw_qty)
        except ValueError:
            qty = -1
        if not 0 <= qty <= MAX_QUANTITY:
            errors.add(line, "quantity", gettext("Give a whole number from 0 to %(max)d.") % {"max": MAX_QUANTITY})
        slug = values.get("slug", "")
        name = values.get("name", "")
        if slug:
            card_id = card_id_of(game, slug)
            if card_id is None:
                errors.add(line, "slug", gettext("No %(game)s item has the slug %(slug)r.")
                           % {"game": game, "slug": slug[:160]})
                continue
        elif name:
            card_slug, message = _slug_by_name(game=game, name=name, set_name=values.get("set") or None, line=line)
            if card_slug is None:
                errors.add(line, "name", message)
                continue
            card_id = card_id_of(game, card_slug)
            if card_id is None:
                errors.add(line, "name", gettext("No %(game)s item is named %(name)r.") % {"game": game, "name": name})
                continue
        else:
            errors.add(line, "slug", gettext("Give the item's slug or its name."))
            continue
        if card_id in first_line:
            errors.add(line, "slug" if slug else "name", gettext("The same item as line %(line)d.")
                       % {"line": first_line[card_id]})
            continue
        first_line[card_id] = line
        games.add(game)
        if qty >= 0:
            found[card_id] = qty
    if errors.fields:
        count = len({key.split("/")[1] for key in errors.fields})
        raise ApplicationError(
            ngettext(
                "Nothing was imported: %(count)d line has a problem.",
                "Nothing was imported: %(count)d lines have a problem.",
                count,
            )
            % {"count": count},
            fields=errors.fields,
        )
    removed = 0
    with transaction.atomic():
        if replace and games:
            stale = CollectionItem.objects.filter(owner=owner, card__game__slug__in=games).exclude(
                card_id__in=list(found)
            )
            removed, _ = stale.delete()
        _write(owner, found)
    return CsvImportReport(rows=rows, changed=len(found), removed=removed)

