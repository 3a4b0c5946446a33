"""The card list's filters: one django-filter set for the catalogue pages and ``GET /api/v1/cards/``.

Every filter is a query parameter with the same name on the page and in the API, so a page's URL is a
shareable search. A value the filter does not know (a faction of another game, ``cost_min=abc``, a
number past its bound) makes the request a 400; the API also refuses parameters it does not know.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import django_filters as df
from django import forms
from django.db.models import Case, F, IntegerField, Q, QuerySet, Value, When
from django.db.models.functions import Coalesce
from django.http import HttpRequest, QueryDict
from django.utils.translation import gettext_noop
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request

import games as game_registry
from catalogue import models as m
from catalogue.kinds import KINDS
from catalogue.selectors import CardSearch, card_filter_choices, cards_search

GAMES: tuple[str, ...] = game_registry.ids()
RULESETS: tuple[str, ...] = tuple(dict.fromkeys(r for (_g, r, _k) in KINDS))
MAX_NUMBER = 100_000

# Which subclass field holds a "cost" or a "level" for each kind that has one.
COST_FIELDS = ("ddmcreature__cost", "ddmguildcreature__cost", "bl2unit__cost", "strongholdpiece__cost_resources")
LEVEL_FIELDS = ("ddmcreature__level", "ddmguildcreature__level", "dccreature__level", "dcorder__level")
ICONS = ("str", "dex", "con", "int", "wis", "cha")

SORTS: list[tuple[str, str]] = [
    ("relevance", gettext_noop("best match")),
    ("name", gettext_noop("name, A to Z")),
    ("-name", gettext_noop("name, Z to A")),
    ("cost", gettext_noop("cost, lowest first")),
    ("-cost", gettext_noop("cost, highest first")),
    ("level", gettext_noop("level, lowest first")),
    ("-level", gettext_noop("level, highest first")),
    ("set", gettext_noop("set, in printed order")),
]

YES_NO = [("true", gettext_noop("yes")), ("false", gettext_noop("no"))]  # translated where shown

# The filters each game's page offers (a range name stands for its ``_min`` and ``_max``): the registry's.
PAGE_FILTERS: dict[str, tuple[str, ...]] = {g.id: g.page_filters for g in game_registry.all_games()}

# Parameters that are not filters but that a list request may carry.
EXTRA_PARAMS = frozenset({"page", "page_size", "format"})


def page_param_error(raw: str, maximum: int | None = None) -> str:
    """Why a ``page`` or ``page_size`` value is refused, on the pages and in the API alike ("": it is fine)."""
    if not raw.isdigit() or int(raw) < 1:
        return f"'{raw}' is not a whole number of at least 1."
    if maximum is not None and int(raw) > maximum:
        return f"At most {maximum}."
    return ""


def without_empty(params: QueryDict) -> QueryDict:
    """The parameters less empty values: a form's blank "any" choice filters nothing (``?set=&kind=``)."""
    data = QueryDict(mutable=True)
    for key in params:
        values = [v for v in params.getlist(key) if v != ""]
        if values:
            data.setlist(key, values)
    return data


def _static(values: Sequence[str]) -> list[tuple[str, str]]:
    return [(v, v) for v in values]


def _data_choices(name: str, game: str | None = None) -> list[tuple[str, str]]:
    return card_filter_choices(game=game, name=name)


def _kind_choices(game: str | None) -> list[tuple[str, str]]:
    kinds = dict.fromkeys(k for (g, _r, k) in KINDS if game is None or g == game)
    labels = dict(m.Card.Kind.choices)
    return [(k, str(labels.get(k, k))) for k in kinds]


def _ruleset_choices(game: str | None) -> list[tuple[str, str]]:
    return _static(tuple(dict.fromkeys(r for (g, r, _k) in KINDS if game is None or g == game)))


def _aliased(qs: QuerySet[m.Card], name: str, fields: Sequence[str]) -> QuerySet[m.Card]:
    if name in qs.query.annotations:
        return qs
    return qs.alias(**{name: Coalesce(*fields, output_field=IntegerField())})


class BoundFilter(df.NumberFilter):
    """``cost_min=10``: a whole number between 0 and 100,000, compared with whichever kind's field holds it."""

    field_class = forms.IntegerField  # type: ignore[assignment]

    def __init__(self, *, fields: Sequence[str], alias: str, lookup: str, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 0)
        kwargs.setdefault("max_value", MAX_NUMBER)
        super().__init__(**kwargs)
        self.fields, self.alias, self.bound = tuple(fields), alias, lookup

    def get_max_validator(self) -> None:
        return None  # the field's own max_value bounds it

    def filter(self, qs: QuerySet[m.Card], value: Any) -> QuerySet[m.Card]:
        if value in (None, ""):
            return qs
        return _aliased(qs, self.alias, self.fields).filter(**{f"{self.alias}__{self.bound}": value})


class CardFilter(df.FilterSet):
    game = df.ChoiceFilter(choices=_static(GAMES), field_name="game__slug", help_text="A game id.")
    ruleset = df.ChoiceFilter(
        choices=_static(RULESETS), field_name="ruleset__slug",
        help_text="`seed` or `ddm-guild` for ddm, else `default`.",
    )
    kind = df.ChoiceFilter(choices=_kind_choices(None), field_name="kind", help_text="A card kind of the game.")
    search = df.CharFilter(
        method="filter_noop", max_length=200,
        help_text="Words in the name, keywords or ability text; forgives case, accents, punctuation and a typo.",
    )
    faction = df.MultipleChoiceFilter(
        choices=partial(_data_choices, "faction"), method="filter_faction",
        help_text="Faction slugs (repeat for several: cards of any of them).",
    )
    set = df.MultipleChoiceFilter(
        choices=partial(_data_choices, "set"), field_name="product_set__slug", distinct=False,
        help_text="Set or pack slugs (repeat for several).",
    )
    cost_min = BoundFilter(fields=COST_FIELDS, alias="_cost", lookup="gte", help_text="Cost at least.")
    cost_max = BoundFilter(fields=COST_FIELDS, alias="_cost", lookup="lte", help_text="Cost at most.")
    level_min = BoundFilter(fields=LEVEL_FIELDS, alias="_level", lookup="gte", help_text="Level at least.")
    level_max = BoundFilter(fields=LEVEL_FIELDS, alias="_level", lookup="lte", help_text="Level at most.")
    size = df.MultipleChoiceFilter(
        choices=m.Size.choices, method="filter_size", help_text="DDM creature sizes (repeat for several)."
    )
    type = df.ChoiceFilter(
        choices=partial(_data_choices, "type"), method="filter_type", help_text="DDM creature type, e.g. Humanoid."
    )
    unit_type = df.ChoiceFilter(
        choices=partial(_data_choices, "unit_type"), method="filter_unit_type",
        help_text="BattleLore or Stronghold unit type, e.g. infantry, troll.",
    )
    commander = df.ChoiceFilter(
        choices=YES_NO, method="filter_commander",
        help_text="Commanders (DDM commander rating, DDM Guild champion, Dungeon Command commander card).",
    )
    unique = df.ChoiceFilter(choices=YES_NO, method="filter_unique", help_text="Unique DDM creatures.")
    version = df.ChoiceFilter(
        choices=m.DdmCreature.Version.choices, field_name="ddmcreature__version", help_text="DDM standard or epic side."
    )
    alignment = df.ChoiceFilter(
        choices=m.DdmGuildCreature.Alignment.choices, field_name="ddmguildcreature__alignment",
        help_text="DDM Guild alignment.",
    )
    icon = df.MultipleChoiceFilter(
        choices=[(i, i.upper()) for i in ICONS], method="filter_icon",
        help_text="Dungeon Command ability icons (repeat: cards with every one; an order for any ability counts).",
    )
    action_type = df.ChoiceFilter(
        choices=m.DcOrder.ActionType.choices, field_name="dcorder__action_type",
        help_text="Dungeon Command order action type.",
    )
    combat_type = df.ChoiceFilter(
        choices=m.Bl2Unit.CombatType.choices, field_name="bl2unit__combat_type", help_text="BattleLore melee or ranged."
    )
    side = df.ChoiceFilter(
        choices=m.StrongholdPiece.Side.choices, field_name="strongholdpiece__side", help_text="Stronghold side."
    )
    standin = df.ChoiceFilter(
        choices=YES_NO, method="filter_standin", help_text="Cards whose numbers are our stand-ins (or not)."
    )
    sort = df.ChoiceFilter(
        choices=SORTS, method="filter_noop",
        help_text="Order: `relevance` (the default with a search), `name` (the default otherwise), cost, level, set.",
    )

    class Meta:
        model = m.Card
        fields: list[str] = []

    def __init__(
        self,
        data: Any = None,
        queryset: QuerySet[m.Card] | None = None,
        *,
        request: Request | None = None,
        prefix: str | None = None,
        game: str | None = None,
    ) -> None:
        super().__init__(data, queryset, request=request, prefix=prefix)
        if game is None and data is not None:
            game = data.get("game") or None
        self.game_slug = game if game in GAMES else None
        self.search_result: CardSearch | None = None
        self._choices: dict[str, list[tuple[str, str]]] = {}
        scoped: dict[str, Callable[[], list[tuple[str, str]]] | list[tuple[str, str]]] = {
            # Closures, not partials of a bound method: a form deep-copies its fields' choices.
            "faction": self._choices_of("faction"),
            "set": self._choices_of("set"),
            "type": self._choices_of("type"),
            "unit_type": self._choices_of("unit_type"),
            "kind": _kind_choices(self.game_slug),
            "ruleset": _ruleset_choices(self.game_slug),
        }
        for name, choices in scoped.items():
            self.filters[name].extra["choices"] = choices
            # A form field built before the copy (the schema generator builds them) keeps the old choices.
            vars(self.filters[name]).pop("_field", None)

    def _choices_of(self, name: str) -> Callable[[], list[tuple[str, str]]]:
        """Read once per request, however often the form looks at them (rendering and validation)."""
        cache, game = self._choices, self.game_slug

        def choices() -> list[tuple[str, str]]:
            if name not in cache:
                cache[name] = _data_choices(name, game)
            return cache[name]

        return choices

    def unknown_params(self) -> list[str]:
        return sorted(set(self.data or ()) - set(self.filters) - EXTRA_PARAMS)

    # -------------------------------------------------------------------------------- the filters

    def filter_noop(self, qs: QuerySet[m.Card], name: str, value: Any) -> QuerySet[m.Card]:
        return qs  # search and sort are applied last, in filter_queryset

    def filter_faction(self, qs: QuerySet[m.Card], name: str, value: list[str]) -> QuerySet[m.Card]:
        if not value:
            return qs
        through = m.Card.factions.through.objects.filter(faction__slug__in=value)
        if self.game_slug:
            through = through.filter(faction__game__slug=self.game_slug)
        return qs.filter(pk__in=through.values("card_id"))

    def filter_size(self, qs: QuerySet[m.Card], name: str, value: list[str]) -> QuerySet[m.Card]:
        if not value:
            return qs
        return qs.filter(Q(ddmcreature__size__in=value) | Q(ddmminiature__size__in=value))

    def filter_type(self, qs: QuerySet[m.Card], name: str, value: str) -> QuerySet[m.Card]:
        return qs.filter(Q(ddmcreature__creature_type=value) | Q(ddmminiature__creature_type=value))

    def filter_unit_type(self, qs: QuerySet[m.Card], name: str, value: str) -> QuerySet[m.Card]:
        return qs.filter(Q(bl2unit__unit_type=value) | Q(strongholdpiece__unit_type=value))

    def filter_commander(self, qs: QuerySet[m.Card], name: str, value: str) -> QuerySet[m.Card]:
        commanders = m.Card.objects.filter(
            Q(ddmcreature__is_commander=True)
            | Q(ddmcreature__commander_rating__isnull=False)
            | Q(ddmguildcreature__champion_rating__isnull=False)
            | Q(kind=m.Card.Kind.COMMANDER)
        ).values("pk")
        return qs.filter(pk__in=commanders) if value == "true" else qs.exclude(pk__in=commanders)

    def filter_unique(self, qs: QuerySet[m.Card], name: str, value: str) -> QuerySet[m.Card]:
        unique = m.Card.objects.filter(Q(ddmcreature__unique=True) | Q(ddmguildcreature__unique=True)).values("pk")
        return qs.filter(pk__in=unique) if value == "true" else qs.exclude(pk__in=unique)

    def filter_icon(self, qs: QuerySet[m.Card], name: str, value: list[str]) -> QuerySet[m.Card]:
        for icon in value:
            qs = qs.filter(
                Q(**{f"dccreature__{icon}_icon": True})
                | Q(**{f"dcorder__{icon}_icon": True})
                | Q(dcorder__any_ability=True)
            )
        return qs

    def filter_standin(self, qs: QuerySet[m.Card], name: str, value: str) -> QuerySet[m.Card]:
        return qs.filter(is_standin=value == "true")

    # ------------------------------------------------------------------------ search, then order

    def filter_queryset(self, queryset: QuerySet[m.Card]) -> QuerySet[m.Card]:
        data = self.form.cleaned_data
        for name, value in data.items():
            queryset = self.filters[name].filter(queryset, value)
        search = (data.get("search") or "").strip()
        if search:
            self.search_result = cards_search(query=search, game=self.game_slug)
            buckets = self.search_result.buckets
            if not buckets:
                return queryset.none()
            rank = Case(
                *(When(pk__in=list(bucket), then=Value(i)) for i, bucket in enumerate(buckets)),
                default=Value(len(buckets)),
                output_field=IntegerField(),
            )
            queryset = queryset.filter(pk__in=self.search_result.ids).annotate(search_rank=rank)
        return order_cards(queryset, data.get("sort") or ("relevance" if search else "name"), searched=bool(search))


def order_cards(qs: QuerySet[m.Card], sort: str, *, searched: bool) -> QuerySet[m.Card]:
    """Order a card list; ties are broken by name, then ruleset, kind and slug, so pages never overlap."""
    tail = ["search_name", "ruleset__slug", "kind", "slug", "pk"]
    if sort == "relevance":
        return qs.order_by(F("search_rank").asc(), *tail) if searched else qs.order_by(*tail)
    if sort in ("cost", "-cost", "level", "-level"):
        alias = f"_{sort.lstrip('-')}"
        qs = _aliased(qs, alias, COST_FIELDS if alias == "_cost" else LEVEL_FIELDS)
        expr = F(alias).desc(nulls_last=True) if sort.startswith("-") else F(alias).asc(nulls_last=True)
        return qs.order_by(expr, *tail)
    if sort == "set":
        return qs.order_by("product_set__position", "product_set__name", "position", *tail)
    if sort == "-name":
        return qs.order_by("-search_name", "ruleset__slug", "kind", "slug", "pk")
    return qs.order_by(*tail)


class CardFilterBackend(DjangoFilterBackend):
    """django-filter for the API, refusing unknown parameters and bad values with the 400 envelope."""

    def get_filterset_kwargs(self, request: HttpRequest, queryset: QuerySet[Any], view: Any) -> dict[str, Any]:
        kwargs = super().get_filterset_kwargs(request, queryset, view)
        kwargs["data"] = without_empty(kwargs["data"])
        return kwargs

    def filter_queryset(self, request: HttpRequest, queryset: QuerySet[Any], view: Any) -> QuerySet[Any]:
        filterset = self.get_filterset(request, queryset, view)
        if filterset is None:
            return queryset
        if isinstance(filterset, CardFilter):
            unknown = filterset.unknown_params()
            if unknown:
                known = ", ".join(sorted({*filterset.filters, *EXTRA_PARAMS}))
                raise ValidationError({name: [f"Unknown parameter. Known: {known}."] for name in unknown})
        if not filterset.is_valid():
            raise ValidationError({name: list(errors) for name, errors in filterset.errors.items()})
        view.filterset = filterset
        return filterset.qs
