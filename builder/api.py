"""``lists/`` and ``shared/`` (CONTRACTS.md): thin views over builder.services and builder.selectors."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from builder.checks import document_validation
from builder.drafts import GAMES
from builder.models import ListVersion, SavedList
from builder.readcache import (
    conditional_response,
    list_response_key,
    response_etag,
    response_kept,
    version_read_cached,
)
from builder.selectors import (
    builder_default_format,
    list_catalogue_changes,
    list_current,
    list_get,
    list_shared_stamp,
    list_shared_version,
)
from builder.services import list_can_edit, list_create, list_delete, list_update
from builder.textformat import list_import
from config.errors import ApplicationError
from config.schema import LIST_DOCUMENT_REF
from config.throttles import ClientRateThrottle

EDIT_TOKEN_HEADER = OpenApiParameter(
    "X-Edit-Token", str, OpenApiParameter.HEADER, required=False, description="The list's edit token (or sign in)."
)


class ListOutputSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    share_code = serializers.CharField()
    share_url = serializers.CharField()
    document = serializers.JSONField()
    validation = serializers.JSONField()
    catalogue_version = serializers.CharField(help_text="The catalogue version the list was saved against.")
    catalogue_changes = serializers.JSONField(help_text="What the catalogue changed since, for cards of this list.")
    version = serializers.IntegerField()
    created = serializers.DateTimeField()
    updated = serializers.DateTimeField()


class ListCreatedSerializer(ListOutputSerializer):
    edit_token = serializers.CharField(help_text="Keep it: only whoever holds it can change the list.")


def list_payload(request: Request, saved: SavedList, *, edit_token: str | None = None,
                 current: ListVersion | None = None) -> dict[str, Any]:
    current = current or list_current(saved_list=saved)
    checked = version_read_cached(part="api", saved_list=saved, version=current, compute=lambda: {
        "validation": document_validation(document=current.document),
        "catalogue_changes": list_catalogue_changes(version=current),
    })
    payload: dict[str, Any] = {
        "id": saved.id,
        "share_code": saved.share_code,
        "share_url": request.build_absolute_uri(f"/l/{saved.share_code}"),
        "document": current.document,
        "validation": checked["validation"],
        "catalogue_version": current.catalogue_version,
        "catalogue_changes": checked["catalogue_changes"],
        "version": current.number,
        "created": saved.created,
        "updated": saved.updated,
    }
    if edit_token is not None:
        payload["edit_token"] = edit_token
    return payload


def _document_from(request: Request) -> Any:
    return request.data


def _require_owner(request: Request, saved: SavedList) -> None:
    if not list_can_edit(saved_list=saved, user=request.user, token=request.headers.get("X-Edit-Token")):
        raise ApplicationError(
            "Only the list's owner can do this: send its edit token in the X-Edit-Token header, or sign in.",
            code="forbidden",
            status=403,
        )


class ListCreateApi(APIView):
    throttle_classes = [ClientRateThrottle]
    throttle_scope = "save"

    @extend_schema(
        summary="Save a new list",
        request={"application/json": LIST_DOCUMENT_REF},
        responses={201: ListCreatedSerializer},
    )
    def post(self, request: Request) -> Response:
        saved, token = list_create(document=_document_from(request), owner=request.user)
        return Response(
            ListCreatedSerializer(list_payload(request, saved, edit_token=token)).data, status=status.HTTP_201_CREATED
        )


class ListDetailApi(APIView):
    throttle_classes = [ClientRateThrottle]
    throttle_scope = "save"

    @extend_schema(
        summary="A saved list (owner only)", parameters=[EDIT_TOKEN_HEADER], responses={200: ListOutputSerializer}
    )
    def get(self, request: Request, list_id: str) -> Response:
        saved = list_get(list_id=list_id)
        _require_owner(request, saved)
        return Response(ListOutputSerializer(list_payload(request, saved)).data)

    @extend_schema(
        summary="Save a whole list document as the list's newest version (owner only)",
        parameters=[EDIT_TOKEN_HEADER],
        request={"application/json": LIST_DOCUMENT_REF},
        responses={200: ListOutputSerializer},
    )
    def patch(self, request: Request, list_id: str) -> Response:
        saved = list_get(list_id=list_id)
        _require_owner(request, saved)
        list_update(saved_list=saved, document=_document_from(request))
        return Response(ListOutputSerializer(list_payload(request, saved)).data)

    @extend_schema(summary="Delete a saved list (owner only)", parameters=[EDIT_TOKEN_HEADER], responses={204: None})
    def delete(self, request: Request, list_id: str) -> Response:
        saved = list_get(list_id=list_id)
        _require_owner(request, saved)
        list_delete(saved_list=saved)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SharedListApi(APIView):
    @extend_schema(
        summary="A shared list, read-only, with its current validation", responses={200: ListOutputSerializer}
    )
    def get(self, request: Request, share_code: str) -> HttpResponse:
        stamp = list_shared_stamp(share_code=share_code)
        # Nothing of it is the reader's: the whole JSON is kept per list version, catalogue version, language and
        # site address (builder.readcache), with an ETag for a client that asks again with If-None-Match.
        key = list_response_key(request, part="api", stamp=stamp)

        def payload() -> str:
            saved, current = list_shared_version(stamp=stamp)
            data = ListOutputSerializer(list_payload(request, saved, current=current)).data
            return JSONRenderer().render(data).decode()

        body = response_kept(key, payload)
        etag = response_etag(key)
        return conditional_response(request, body, etag=etag, cache_control="no-cache", content_type="application/json")


class StrictCharField(serializers.CharField):
    """A string, never a number or a boolean turned into one (DRF's CharField would read 0 as "0")."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class ImportInputSerializer(serializers.Serializer):
    text = StrictCharField(min_length=1, max_length=20_000, trim_whitespace=False,
                           help_text="A list as text or as JSON.")
    game = serializers.ChoiceField(
        choices=list(GAMES), required=False,
        help_text="The game of a text that does not say it.",
    )


class ImportProblemSerializer(serializers.Serializer):
    where = serializers.CharField(help_text="`line N` of the text, or a JSON pointer.")
    text = serializers.CharField()
    message = serializers.CharField()
    suggestions = serializers.ListField(child=serializers.CharField())


class ImportOutputSerializer(serializers.Serializer):
    document = serializers.JSONField(allow_null=True, help_text="The list document read (nothing is saved).")
    problems = ImportProblemSerializer(many=True)
    matched = serializers.IntegerField(help_text="Names matched to a catalogue card.")
    read_as = serializers.ChoiceField(choices=["text", "json"], help_text="Whether the paste was read as text or JSON.")


class ListImportApi(APIView):
    """Read a pasted list (text or JSON) into a list document, its names matched as the validator matches them."""

    throttle_classes = [ClientRateThrottle]
    throttle_scope = "import"

    @extend_schema(
        summary="Read a list from text or JSON (nothing is saved)",
        request=ImportInputSerializer,
        responses={200: ImportOutputSerializer, 400: ImportOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        given = ImportInputSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        game = given.validated_data.get("game")
        result = list_import(text=given.validated_data["text"], game=game,
                             default_format=builder_default_format(game=game))
        body = {
            "document": result.document,
            "problems": [vars(p) for p in result.problems],
            "matched": result.matched,
            "read_as": result.source,
        }
        return Response(ImportOutputSerializer(body).data, status=200 if result.document is not None else 400)
