"""The catalogue's REST endpoints (thin: a selector, the shared filters, a serializer each)."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field, extend_schema_serializer
from rest_framework import serializers
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.generics import ListAPIView
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalogue import dataformat as fmt
from catalogue import models as m
from catalogue.filters import CardFilter, CardFilterBackend, page_param_error
from catalogue.kinds import card_spec
from catalogue.selectors import card_get, card_printings, card_typed, cards_queryset, catalogue_summary


class CatalogueSummaryApi(APIView):
    @extend_schema_serializer(component_name="CatalogueSummary")
    class OutputSerializer(serializers.Serializer):
        version = serializers.CharField()
        games = serializers.DictField(
            child=serializers.DictField(child=serializers.DictField(child=serializers.IntegerField())),
            help_text="{game: {ruleset: {kind: physical cards (copies summed)}}}",
        )

    @extend_schema(
        summary="The catalogue's version and its card counts",
        responses={200: OutputSerializer},
    )
    def get(self, request: Request) -> Response:
        return Response(self.OutputSerializer(catalogue_summary()).data)


class CardPagination(PageNumberPagination):
    """50 cards a page, ``page_size`` up to 100. A page or size that is not a whole number, or past its
    bound, is a 400 (never silently replaced)."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 100

    def paginate_queryset(self, queryset: Any, request: Request, view: Any = None) -> list[Any] | None:
        errors: dict[str, list[str]] = {}
        for name, maximum in ((self.page_query_param, None), (self.page_size_query_param, self.max_page_size)):
            raw = request.query_params.get(name)
            error = page_param_error(raw, maximum) if raw is not None else ""
            if error:
                errors[name] = [error]
        if errors:
            raise ValidationError(errors)
        try:
            return super().paginate_queryset(queryset, request, view)
        except NotFound:
            pages = self.django_paginator_class(queryset, self.get_page_size(request) or self.page_size).num_pages
            raise ValidationError({self.page_query_param: [f"There are only {pages} pages."]}) from None


def _typed_fields(card: m.Card) -> dict[str, Any]:
    typed = card_typed(card)
    spec = card_spec(card)
    if spec is None or not isinstance(typed, spec.model):
        return {}
    return {f.name: fmt.to_json_value(f, getattr(typed, f.name)) for f in fmt.own_fields(spec.model)}


class CardSetSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    kind = serializers.CharField()


class CardSummarySerializer(serializers.Serializer):
    """A card in a list: who it is, where it comes from, and its kind's own fields (null: missing)."""

    game = serializers.CharField(source="game.slug")
    ruleset = serializers.CharField(source="ruleset.slug")
    kind = serializers.CharField()
    slug = serializers.CharField()
    name = serializers.CharField()
    set = CardSetSerializer(source="product_set", allow_null=True)
    factions = serializers.SerializerMethodField(help_text="Faction slugs.")
    copies = serializers.IntegerField()
    is_standin = serializers.BooleanField()
    stats = serializers.SerializerMethodField(help_text="The kind's own fields; null is a number no source gives.")
    url = serializers.SerializerMethodField(help_text="This card in the API.")
    page_url = serializers.SerializerMethodField(help_text="This card's page.")

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_factions(self, card: m.Card) -> list[str]:
        return [f.slug for f in card.factions.all()]

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_stats(self, card: m.Card) -> dict[str, Any]:
        return _typed_fields(card)

    def get_url(self, card: m.Card) -> str:
        return reverse("api-card", args=[card.game.slug, card.ruleset.slug, card.slug])

    def get_page_url(self, card: m.Card) -> str:
        return reverse("catalogue-card", args=[card.game.slug, card.ruleset.slug, card.slug])


@extend_schema(
    summary="Cards of the catalogue, filtered, searched and sorted",
    description=(
        "The same filters as the catalogue pages. `search` forgives case, accents, punctuation and a typo. "
        "An unknown parameter, an unknown value or a bad number is a 400 with the error envelope."
    ),
    parameters=[
        OpenApiParameter("page", int, description="Page number, from 1."),
        OpenApiParameter("page_size", int, description="Cards per page, 1 to 100 (default 50)."),
    ],
)
class CardListApi(ListAPIView):
    OutputSerializer = CardSummarySerializer
    serializer_class = CardSummarySerializer
    filter_backends = [CardFilterBackend]
    filterset_class = CardFilter
    pagination_class = CardPagination
    empty_filter_is_any = True  # the pages send a blank "any" choice; the API answers it the same way

    def get_queryset(self) -> QuerySet[m.Card]:
        return cards_queryset(game=self.request.query_params.get("game") or None)


class CardAbilitySerializer(serializers.ModelSerializer[m.CardAbility]):
    class Meta:
        model = m.CardAbility
        fields = ["kind", "name", "param", "value", "uses", "action_type", "taps", "text"]


class CardPrintingSerializer(serializers.Serializer):
    ruleset = serializers.CharField(source="ruleset.slug")
    kind = serializers.CharField()
    slug = serializers.CharField()
    name = serializers.CharField()
    set = serializers.CharField(source="product_set.name", default=None)


class CardDetailApi(APIView):
    @extend_schema_serializer(component_name="CardDetail")
    class OutputSerializer(CardSummarySerializer):
        names = serializers.DictField(child=serializers.CharField())
        text = serializers.CharField()
        source = serializers.CharField(help_text="Where this card's numbers come from.")  # type: ignore[assignment]
        provenance = serializers.JSONField(help_text="Per field: the sources and how each number was derived.")
        notes = serializers.JSONField()
        missing = serializers.SerializerMethodField(help_text="The kind's numbers that no source gives.")
        abilities = serializers.SerializerMethodField()
        parts = serializers.SerializerMethodField(help_text="Rows the card owns: attacks, spells, minions.")
        refs = serializers.SerializerMethodField(help_text="Linked cards by slug: miniature, standard or epic side.")
        printings = serializers.SerializerMethodField(help_text="Other cards of the game with the same name.")

        @extend_schema_field(serializers.ListField(child=serializers.CharField()))
        def get_missing(self, card: m.Card) -> list[str]:
            spec = card_spec(card)
            if spec is None:
                return []
            return [
                f.name
                for f in fmt.own_fields(spec.model)
                if f.null and getattr(card, f.name) is None and fmt.is_number(f)
            ]

        @extend_schema_field(CardAbilitySerializer(many=True))
        def get_abilities(self, card: m.Card) -> list[dict[str, Any]]:
            return list(CardAbilitySerializer(card.abilities.all(), many=True).data)

        @extend_schema_field(OpenApiTypes.OBJECT)
        def get_parts(self, card: m.Card) -> dict[str, list[dict[str, Any]]]:
            spec = card_spec(card)
            if spec is None:
                return {}
            out: dict[str, list[dict[str, Any]]] = {}
            for key, child in spec.children.items():
                if key == "abilities":
                    continue
                fields = fmt.child_fields(child)
                out[key] = [
                    {f.name: fmt.to_json_value(f, getattr(row, f.name)) for f in fields}
                    for row in getattr(card, key).all()
                ]
            return out

        @extend_schema_field(OpenApiTypes.OBJECT)
        def get_refs(self, card: m.Card) -> dict[str, str | None]:
            spec = card_spec(card)
            out: dict[str, str | None] = {}
            for name in spec.refs if spec else ():
                target = getattr(card, name)
                out[name] = target.slug if target is not None else None
            if isinstance(card, m.DdmCreature):
                try:
                    out["epic_side"] = card.epic_side.slug
                except m.DdmCreature.DoesNotExist:
                    out["epic_side"] = None
            return out

        @extend_schema_field(CardPrintingSerializer(many=True))
        def get_printings(self, card: m.Card) -> list[dict[str, Any]]:
            return list(CardPrintingSerializer(card_printings(card=card), many=True).data)

    @extend_schema(
        summary="One card with all its fields and its source",
        responses={200: OutputSerializer},
    )
    def get(self, request: Request, game: str, ruleset: str, slug: str) -> Response:
        card = card_get(game=game, ruleset=ruleset, slug=slug)
        if card is None:
            raise Http404("No such card.")
        return Response(self.OutputSerializer(card).data)


__all__ = ["CardDetailApi", "CardListApi", "CatalogueSummaryApi"]
