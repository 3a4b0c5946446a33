"""Reads of a player's collection: what can be collected, what they own, the CSV export, and the shortfall
of one or several list documents against what they own.

What a player counts, per game (``COLLECTIBLE``, the game registry's ``collecting``): DDM figures (ddmdb's
1,284 ``miniature`` records; a creature card of either ruleset counts as its figure), Dungeon Command cards
(creatures, orders, commanders, tiles), BattleLore 2E units (a unit is what one deployment card fields),
Stronghold components (every piece with a count in the box).

The shortfall resolves each list's names the way the validator does (``validation.core.matching.resolve``
on ``validation.selectors.catalogue_facts``), so a name the validator accepts is counted and one it
rejects is reported, not guessed.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Count, Q, QuerySet, Sum
from django.utils.translation import gettext

import games
from builder import drafts
from builder.models import CollectionItem
from catalogue.models import Card, Game, ProductSet
from catalogue.text import normalise_name

COLLECTIBLE: dict[str, games.Collecting] = {g.id: g.collecting for g in games.all_games()}

CSV_COLUMNS = ("game", "ruleset", "kind", "slug", "name", "set", "quantity")
MAX_QUANTITY = 9999


def collectible_games() -> list[Game]:
    return list(Game.objects.filter(slug__in=COLLECTIBLE).order_by("position", "slug"))


def collectible_cards(*, game: str, set_slug: str | None = None, search: str = "") -> QuerySet[Card]:
    """The items of ``game`` a player can own, optionally of one set or whose name contains ``search``."""
    spec = COLLECTIBLE.get(game)
    if spec is None:
        return Card.objects.none()
    cards = Card.objects.filter(game__slug=game, ruleset__slug=spec.ruleset, kind__in=spec.kinds)
    for lookup, value in spec.exclude.items():  # cards that are no piece of their own
        cards = cards.exclude(**{lookup: value})
    if set_slug:
        cards = cards.filter(product_set__slug=set_slug)
    key = normalise_name(search)[:100]
    if key:
        cards = cards.filter(search_name__contains=key)
    return cards.select_related("product_set", "game", "ruleset").order_by("product_set__position", "kind", "name")


def collectible_card_ids(*, game: str) -> set[int]:
    return set(collectible_cards(game=game).values_list("id", flat=True))


def set_quantities(*, cards: Sequence[Card]) -> dict[int, int]:
    """``{card id: how many of it one copy of its set holds}``: what "add the whole set" adds.

    Where a game's collection says which catalogue field counts the pieces one copy of a set holds (a
    BattleLore unit: the units its deployment cards field), that number, when known (one query per game)."""
    per_copy: dict[int, Any] = {}
    for game in {c.game.slug for c in cards}:
        lookup = COLLECTIBLE[game].per_copy if game in COLLECTIBLE else None
        counted = [c.pk for c in cards if c.game.slug == game and c.kind in COLLECTIBLE[game].kinds]
        if lookup and counted:
            per_copy.update(Card.objects.filter(pk__in=counted).values_list("pk", lookup))
    return {c.pk: int(per_copy.get(c.pk) or 0) or max(int(c.copies), 1) for c in cards}


def collection_quantities(*, user: AbstractBaseUser | AnonymousUser, game: str | None = None) -> dict[int, int]:
    """``{card id: quantity}`` of what ``user`` owns (nothing for an anonymous visitor)."""
    if not user.is_authenticated:
        return {}
    items = CollectionItem.objects.filter(owner_id=user.pk)
    if game:
        items = items.filter(card__game__slug=game)
    return dict(items.values_list("card_id", "quantity"))


def owned_by_slug(*, user: AbstractBaseUser | AnonymousUser, game: str, ruleset: str) -> dict[str, int]:
    """``{card slug: copies owned}`` for the cards of ``game``/``ruleset`` a list names, as the collection
    counts them: a card the collection counts itself, or a DDM creature card through its figure. Empty
    for an anonymous visitor or a player who owns nothing of the game."""
    from validation.selectors import catalogue_facts

    collecting = COLLECTIBLE.get(game)
    owned = collection_quantities(user=user, game=game)
    if collecting is None or not owned:
        return {}
    keys = {(r, slug): owned[pk] for pk, r, slug in
            Card.objects.filter(pk__in=owned).values_list("pk", "ruleset__slug", "slug")}
    out: dict[str, int] = {}
    for card in catalogue_facts(game=game, ruleset=ruleset).cards:
        qty = keys.get((ruleset, card.slug))
        if qty is None and card.refs.get("miniature"):
            qty = keys.get((collecting.ruleset, str(card.refs["miniature"])))
        if qty:
            out[card.slug] = qty
    return out


@dataclass
class GameSummary:
    game: Game
    items: int  # distinct items owned
    total: int  # their quantities added up
    collectible: int  # distinct items the catalogue has

    @property
    def counts(self) -> str:
        """What the game's collection counts, in the reader's language."""
        return gettext(games.game(self.game.slug).collecting.what)


def collection_summary(*, user: AbstractBaseUser | AnonymousUser) -> list[GameSummary]:
    owned: dict[str, Any] = {}
    if user.is_authenticated:
        rows = (
            CollectionItem.objects.filter(owner_id=user.pk)
            .values("card__game__slug")
            .annotate(items=Count("id"), total=Sum("quantity"))
        )
        owned = {r["card__game__slug"]: r for r in rows}
    out = []
    for game in collectible_games():
        row = owned.get(game.slug, {})
        out.append(
            GameSummary(game, int(row.get("items") or 0), int(row.get("total") or 0),
                        collectible_cards(game=game.slug).count())
        )
    return out


@dataclass
class SetProgress:
    product_set: ProductSet
    items: int  # items of the set the catalogue has
    owned: int  # of them, items the player has at least one of


def collection_sets(*, user: AbstractBaseUser | AnonymousUser, game: str) -> list[SetProgress]:
    cards = collectible_cards(game=game)
    # .order_by(): without it the default ordering's fields join the GROUP BY, one group per card ("x / 1").
    counts = dict(cards.order_by().values("product_set_id").annotate(n=Count("id")).values_list("product_set_id", "n"))
    owned_ids = set(collection_quantities(user=user, game=game))
    owned_per_set: dict[int | None, int] = {}
    for card_id, set_id in cards.values_list("id", "product_set_id"):
        if card_id in owned_ids:
            owned_per_set[set_id] = owned_per_set.get(set_id, 0) + 1
    sets = ProductSet.objects.filter(pk__in=[k for k in counts if k is not None]).order_by("position", "name")
    return [SetProgress(s, counts.get(s.pk, 0), owned_per_set.get(s.pk, 0)) for s in sets]


def collection_export_csv(*, user: AbstractBaseUser | AnonymousUser, game: str | None = None) -> str:
    """Everything ``user`` owns as CSV (``CSV_COLUMNS``), the form ``collection_import_csv`` reads back."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    if not user.is_authenticated:
        return out.getvalue()
    items = CollectionItem.objects.filter(owner_id=user.pk).select_related(
        "card__game", "card__ruleset", "card__product_set"
    )
    if game:
        items = items.filter(card__game__slug=game)
    for item in items.order_by("card__game__position", "card__product_set__position", "card__name", "card__slug"):
        card = item.card
        writer.writerow(
            [card.game.slug, card.ruleset.slug, card.kind, card.slug, card.name,
             card.product_set.name if card.product_set else "", item.quantity]
        )
    return out.getvalue()


# ------------------------------------------------------------------------------------------ shortfall


@dataclass
class ShortfallLine:
    card: Card  # the item the collection counts: a figure, a card, a unit, a component
    needs: list[int]  # per list, in the order given
    owned: int

    @property
    def need_max(self) -> int:
        """The most any one list needs: enough to play the lists one at a time."""
        return max(self.needs, default=0)

    @property
    def need_sum(self) -> int:
        """What all the lists need together: enough to field them all at once."""
        return sum(self.needs)

    @property
    def short_max(self) -> int:
        return max(self.need_max - self.owned, 0)

    @property
    def short_sum(self) -> int:
        return max(self.need_sum - self.owned, 0)


@dataclass
class Unresolved:
    list_index: int
    pointer: str
    text: str
    reason: str  # "unknown", "ambiguous", "wrong-kind", "no-figure": a code the page says in words
    suggestions: list[str] = field(default_factory=list)


@dataclass
class Shortfall:
    names: list[str]  # the lists' names, in the order given
    lines: list[ShortfallLine]
    unresolved: list[Unresolved]
    uncounted: list[str] = field(default_factory=list)  # what the lists name that no collection counts

    @property
    def short_lines_max(self) -> list[ShortfallLine]:
        return [line for line in self.lines if line.short_max]

    @property
    def short_lines_sum(self) -> list[ShortfallLine]:
        return [line for line in self.lines if line.short_sum]

    @property
    def enough_one_at_a_time(self) -> bool:
        return not self.short_lines_max

    @property
    def enough_all_at_once(self) -> bool:
        return not self.short_lines_sum


_REASONS = {"list.unknown-card": "unknown", "list.ambiguous-card": "ambiguous", "list.wrong-kind": "wrong-kind"}


def _qty(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 1


def _named(document: Mapping[str, Any]) -> list[tuple[str, str, str | None, int, str | None, frozenset[str]]]:
    """``(pointer, name, set, qty, version, kinds)`` for every card a document names that a collection counts."""
    game = document.get("game")
    out: list[tuple[str, str, str | None, int, str | None, frozenset[str]]] = []
    if not games.is_game(game):
        return out

    def add(items: Any, prefix: str, kinds: frozenset[str], *, each_one: bool = False) -> None:
        if not isinstance(items, list):
            return
        for i, item in enumerate(items):
            if isinstance(item, str):
                out.append((f"{prefix}/{i}", item, None, 1, None, kinds))
            elif isinstance(item, dict):
                name = item.get("card") if isinstance(item.get("card"), str) else item.get("name")
                if not isinstance(name, str) or not name.strip():
                    continue
                set_name = item.get("set") if isinstance(item.get("set"), str) else None
                version = item.get("version") if isinstance(item.get("version"), str) else None
                qty = 1 if each_one else _qty(item.get("qty"))
                out.append((f"{prefix}/{i}/card", name, set_name, qty, version, kinds))

    for section in games.sections(str(game), document.get("ruleset")):
        if section.shape != "single":
            add(drafts.items(document, section.path), section.pointer, frozenset(section.names_kinds),
                each_one=section.shape == "deployment")
    return out


def _narrow_version(version: str | None) -> Any:
    want = version or "standard"

    def narrow(found: Sequence[Any]) -> Sequence[Any]:
        exact = [c for c in found if (c.get("version") or "standard") == want]
        return exact or found

    return narrow


def same_ref(field: str) -> Callable[[Sequence[Any]], bool]:
    """Several cards of one name are one collection item when their reference ``field`` names one card (DDM
    creature cards of one figure)."""

    def same(found: Sequence[Any]) -> bool:
        named = {c.refs.get(field) for c in found}
        return len(named) == 1 and None not in named

    return same


def same_name(found: Sequence[Any]) -> bool:
    """Dungeon Command and the others: one name is one card (as the validator reads them)."""
    return len({c.key for c in found}) == 1


def _default_ruleset(game: str) -> str:
    return games.default_ruleset(game)


def collection_shortfall(
    *, user: AbstractBaseUser | AnonymousUser, documents: Sequence[Mapping[str, Any]]
) -> Shortfall:
    """What ``documents`` need that ``user``'s collection lacks, both ways of reading "these lists together".

    Each line has the need of every list; ``need_max`` (the most one list needs) answers "can I play any
    one of them", ``need_sum`` (all of them added) answers "can I field all of them at once" (a team event,
    lending lists to friends). A DDM creature card counts its figure; a card without a known figure is
    reported, not counted."""
    from validation.core.matching import resolve
    from validation.selectors import catalogue_facts

    needs: dict[tuple[str, str, str], list[int]] = {}  # (game, ruleset, slug) -> per list
    unresolved: list[Unresolved] = []
    uncounted: set[str] = set()
    names: list[str] = []
    for index, document in enumerate(documents):
        game = str(document.get("game") or "")
        names.append(str(document.get("name") or "") or f"#{index + 1}")
        if game not in COLLECTIBLE:
            continue
        ruleset = str(document.get("ruleset") or "") or _default_ruleset(game)
        facts = catalogue_facts(game=game, ruleset=ruleset)
        for pointer, text, set_name, qty, version, kinds in _named(document):
            spec = COLLECTIBLE[game]
            match = resolve(
                facts, text, kinds=kinds, pointer=pointer, set_name=set_name, narrow=_narrow_version(version),
                same_card=same_ref(spec.via) if spec.via else same_name,
            )
            card = match.card
            if card is None:
                finding = match.finding
                reason = _REASONS.get(finding.rule, "unknown") if finding is not None else "unknown"
                suggestions = list(finding.extra.get("suggestions", [])) if finding is not None else []
                unresolved.append(Unresolved(index, pointer, text, reason, [str(s) for s in suggestions]))
                continue
            if spec.via:  # the card counts as the one it names (a DDM creature card as its figure)
                figure = card.refs.get(spec.via)
                if not figure:
                    unresolved.append(Unresolved(index, pointer, card.name, "no-figure"))
                    continue
                key = (game, spec.ruleset, figure)
            elif card.kind in spec.kinds:
                key = (game, ruleset, card.slug)
            else:
                uncounted.add(card.name)
                continue
            per_list = needs.setdefault(key, [0] * len(documents))
            per_list[index] += qty

    cards: dict[tuple[str, str, str], Card] = {}
    if needs:
        query = Q()
        for game, ruleset, slug in needs:
            query |= Q(game__slug=game, ruleset__slug=ruleset, slug=slug)
        for item in Card.objects.filter(query).select_related("game", "ruleset", "product_set"):
            cards[(item.game.slug, item.ruleset.slug, item.slug)] = item
    owned = collection_quantities(user=user)
    lines = [
        ShortfallLine(cards[key], per_list, owned.get(cards[key].pk, 0))
        for key, per_list in needs.items()
        if key in cards
    ]
    lines.sort(key=lambda line: (line.card.game.position, -(line.short_sum), line.card.name))
    return Shortfall(names, lines, unresolved, sorted(uncounted))

