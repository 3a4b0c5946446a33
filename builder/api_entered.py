"""``entered/`` and ``sheets/``: the numbers a player enters for cards, over the API (``docs/player-cards.md``).

The requester's own only: a signed-in account's, or, with ``?list=<id>`` and that list's ``X-Edit-Token``, the
numbers kept with a saved list. Thin views over ``builder.services_entered`` and ``builder.selectors_entered``.
"""

from __future__ import annotations

import uuid
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from builder.api import EDIT_TOKEN_HEADER
from builder.models import EnteredCard, SavedList
from builder.selectors_entered import entered_cards, entered_for, entry_scope
from builder.services import list_can_edit
from builder.services_entered import Keeper, card_record, entered_card_delete, entered_card_offer, entered_card_save
from builder.sheets import Choices, Flag, Number, Sheet, SheetField, Text, Words, sheet_for
from catalogue import models as cm
from catalogue.selectors import card_get
from config.errors import ApplicationError

LIST_PARAM = OpenApiParameter("list", str, OpenApiParameter.QUERY, required=False,
                              description="Without an account: the saved list whose numbers these are (send its "
                                          "edit token in X-Edit-Token).")


def _field_json(f: SheetField) -> dict[str, Any]:
    out: dict[str, Any] = {"name": f.name, "label": str(f.label), "help": str(f.help)}
    if isinstance(f, Number):
        out.update(type="number", min=f.low, max=f.high)
    elif isinstance(f, Flag):
        out.update(type="boolean")
    elif isinstance(f, Choices):
        out.update(type="choices", choices=[k for k, _ in f.choices()])
    elif isinstance(f, Words):
        out.update(type="words", max_items=f.max_items)
    elif isinstance(f, Text):
        out.update(type="text", max_length=f.max_length, required=f.required, strict=f.strict,
                   choices=[k for k, _ in f.choices()] if f.choices else [])
    return out


def sheet_json(sheet: Sheet) -> dict[str, Any]:
    """A sheet as JSON: its fields and its row groups (each with its fields, the record list it fills, the
    values every row carries, and ``amends``: the field by which its rows complete the record's own rows), the
    record object its values are packed into (``nest``) and the only cards it is for (``only``: every card of the
    kind when empty)."""
    return {
        "fields": [_field_json(f) for f in sheet.fields],
        "rows": [{"name": g.name, "label": str(g.label), "max_rows": g.max_rows, "target": g.key,
                  "fixed": dict(g.fixed), "amends": g.amend or None,
                  "fields": [_field_json(f) for f in g.fields]} for g in sheet.rows],
        # the values are the parts of one record object (a board's layout), kept packed under this field
        "nest": sheet.nest.field if sheet.nest is not None else None,
        "only": sorted(sheet.cards()),
    }


def _keeper(request: Request) -> Keeper:
    saved = None
    list_id = request.query_params.get("list", "")
    if list_id:
        try:
            saved = SavedList.objects.filter(pk=uuid.UUID(list_id)).first()
        except ValueError:
            saved = None
        if saved is None or not list_can_edit(saved_list=saved, user=request.user,
                                              token=request.headers.get("X-Edit-Token")):
            raise ApplicationError("No saved list you may change has this id: send its edit token in X-Edit-Token.",
                                   code="forbidden", status=403)
    return Keeper.of(request.user, saved)


def _card(game: str, ruleset: str, slug: str) -> tuple[cm.Card, Sheet]:
    card = card_get(game=game, ruleset=ruleset, slug=slug)
    sheet = sheet_for(game, ruleset, card.kind, card.slug) if card is not None else None
    if card is None or sheet is None:
        raise ApplicationError("No card with numbers to enter has this id.", code="not_found", status=404)
    return card, sheet


def entry_json(entry: EnteredCard | None) -> dict[str, Any] | None:
    if entry is None:
        return None
    report = entry.report
    return {"game": entry.game, "ruleset": entry.ruleset, "kind": entry.kind, "slug": entry.slug, "name": entry.name,
            "values": entry.values, "source": entry.source, "catalogue_version": entry.catalogue_version,
            "updated": entry.updated.isoformat(), "offered": report is not None,
            "review": report.status if report is not None else None,
            "accepted_in": report.correction.label if report is not None and report.correction else None}


class EnteredInputSerializer(serializers.Serializer):
    values = serializers.JSONField(help_text="The numbers, by the sheet's field and row-group names")
    source = serializers.CharField(  # type: ignore[assignment]  # a field named like Field.source
        required=False, allow_blank=True, max_length=500, help_text="Where you read them (your printed card)")


class OfferInputSerializer(serializers.Serializer):
    source = serializers.CharField(  # type: ignore[assignment]  # a field named like Field.source
        max_length=1000, help_text="Where the numbers come from")
    message = serializers.CharField(required=False, allow_blank=True, max_length=2000)


class SheetApi(APIView):
    @extend_schema(summary="The fields a player may enter for a card kind, with their bounds",
                   responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, game: str, ruleset: str, kind: str) -> Response:
        sheet = sheet_for(game, ruleset, kind)
        if sheet is None:
            raise ApplicationError("No card kind with numbers to enter has this id.", code="not_found", status=404)
        return Response(sheet_json(sheet))


class EnteredListApi(APIView):
    @extend_schema(summary="The numbers you entered for cards", operation_id="v1_entered_list",
                   parameters=[LIST_PARAM, EDIT_TOKEN_HEADER],
                   responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request) -> Response:
        keeper = _keeper(request)
        tokens = {str(keeper.saved_list.pk): request.headers.get("X-Edit-Token", "")} if keeper.saved_list else {}
        scope = entry_scope(user=keeper.user, tokens=tokens)
        return Response({"results": [entry_json(e) for e in entered_cards(scope=scope)]})


class EnteredCardApi(APIView):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "save"

    @extend_schema(summary="A card's catalogue record, your numbers for it, and its sheet",
                   parameters=[LIST_PARAM, EDIT_TOKEN_HEADER], responses={200: OpenApiTypes.OBJECT})
    def get(self, request: Request, game: str, ruleset: str, slug: str) -> Response:
        card, sheet = _card(game, ruleset, slug)
        entry = entered_for(keeper=_keeper(request), game=game, ruleset=ruleset, slug=slug)
        return Response({"catalogue": card_record(card), "entered": entry_json(entry), "sheet": sheet_json(sheet)})

    @extend_schema(summary="Save your numbers for a card (only what differs from the catalogue is kept)",
                   parameters=[LIST_PARAM, EDIT_TOKEN_HEADER], request=EnteredInputSerializer,
                   responses={200: OpenApiTypes.OBJECT})
    def put(self, request: Request, game: str, ruleset: str, slug: str) -> Response:
        card, _sheet = _card(game, ruleset, slug)
        body = request.data
        if not isinstance(body, dict) or "values" not in body:
            raise ApplicationError("Send {\"values\": {...}}.", fields={"/values": ["is required"]})
        source = body.get("source") or ""
        if not isinstance(source, str):
            raise ApplicationError("source must be text.", fields={"/source": ["must be text"]})
        try:
            entry = entered_card_save(keeper=_keeper(request), card=card, raw=body["values"], source=source)
        except ApplicationError as exc:
            raise ApplicationError(exc.message, code=exc.code, status=exc.status,
                                   fields={f"/values{k}": v for k, v in exc.fields.items()}) from None
        return Response({"entered": entry_json(entry)})

    @extend_schema(summary="Forget your numbers for a card", parameters=[LIST_PARAM, EDIT_TOKEN_HEADER],
                   responses={204: None})
    def delete(self, request: Request, game: str, ruleset: str, slug: str) -> Response:
        _card(game, ruleset, slug)
        entry = entered_for(keeper=_keeper(request), game=game, ruleset=ruleset, slug=slug)
        if entry is None:
            raise ApplicationError("You entered no numbers for this card.", code="not_found", status=404)
        entered_card_delete(entry=entry)
        return Response(status=status.HTTP_204_NO_CONTENT)


class EnteredOfferApi(APIView):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "save"

    @extend_schema(summary="Offer your numbers for a card to the catalogue (an editor reviews them)",
                   parameters=[LIST_PARAM, EDIT_TOKEN_HEADER], request=OfferInputSerializer,
                   responses={201: OpenApiTypes.OBJECT})
    def post(self, request: Request, game: str, ruleset: str, slug: str) -> Response:
        card, _sheet = _card(game, ruleset, slug)
        entry = entered_for(keeper=_keeper(request), game=game, ruleset=ruleset, slug=slug)
        if entry is None:
            raise ApplicationError("You entered no numbers for this card.", code="not_found", status=404)
        data = OfferInputSerializer(data=request.data)
        if not data.is_valid():
            raise ApplicationError("The offer is not valid.",
                                   fields={f"/{k}": [str(m) for m in v] for k, v in data.errors.items()})
        report = entered_card_offer(entry=entry, card=card, source=data.validated_data["source"],
                                    message=data.validated_data.get("message", ""))
        return Response({"report": report.pk, "entered": entry_json(entry)}, status=status.HTTP_201_CREATED)
