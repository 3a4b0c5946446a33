"""The validation endpoints: ``POST /api/v1/validate/`` and ``GET /api/v1/formats/`` (thin: one
service or selector each)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

import games as game_registry
from validation.selectors import formats_list
from validation.services import list_validate


class ValidateRateThrottle(ScopedRateThrottle):
    """The scope's rate (``DEFAULT_THROTTLE_RATES["validate"]``) counted per client in fixed windows:
    one cache increment a request, where DRF's sliding window reads and writes the list of every
    request time in the window (validation is cheap enough for that list to cost as much)."""

    def allow_request(self, request: Request, view: Any) -> bool:
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self.key = self.get_cache_key(request, view)
        if self.key is None or self.num_requests is None or self.duration is None:
            return True
        self.now = self.timer()
        window = int(self.now // self.duration)
        self.window_end = (window + 1) * self.duration
        key = f"{self.key}:{window}"
        if self.cache.add(key, 1, self.duration + 1):
            return True
        try:
            count = self.cache.incr(key)
        except ValueError:  # the window's counter expired between add and incr
            self.cache.add(key, 1, self.duration + 1)
            return True
        return bool(count <= self.num_requests)

    def wait(self) -> float | None:
        return max(0.0, self.window_end - self.timer())


@extend_schema_serializer(component_name="ListEntry")
class _EntrySerializer(serializers.Serializer):
    card = serializers.CharField(help_text="a card's name or slug (case, accents and punctuation ignored)")
    qty = serializers.IntegerField(min_value=1, max_value=99, required=False, help_text="default 1")
    set = serializers.CharField(required=False, allow_null=True, help_text="to choose among cards of one name")


@extend_schema_serializer(component_name="RuleSource")
class _SourceSerializer(serializers.Serializer):
    file = serializers.CharField()
    section = serializers.CharField()


@extend_schema_serializer(component_name="Finding")
class _FindingSerializer(serializers.Serializer):
    rule = serializers.CharField(help_text="a rule id, or list.unknown-card, list.ambiguous-card, list.wrong-kind, "
                                           "catalogue.missing-data")
    message = serializers.CharField()
    entries = serializers.ListField(child=serializers.CharField(), help_text="JSON pointers into the document")
    hint = serializers.CharField(help_text="how far the list is from legal, in the game's units")
    source = _SourceSerializer()  # type: ignore[assignment]  # a field named "source", as in the contract
    suggestions = serializers.ListField(child=serializers.CharField(), required=False)
    needed_by = serializers.ListField(child=serializers.CharField(), required=False)


class ValidateApi(APIView):
    """A list document in, its validation result out: 200 for legal and illegal lists alike."""

    throttle_classes = [ValidateRateThrottle]
    throttle_scope = "validate"

    @extend_schema_serializer(component_name="ListDocument")
    class InputSerializer(serializers.Serializer):
        """The list document of CONTRACTS.md (each game adds its own keys; docs/validation.md)."""

        game = serializers.ChoiceField(choices=list(game_registry.ids()))
        ruleset = serializers.CharField(required=False, help_text="ddm: seed (default) or ddm-guild")
        format = serializers.CharField(help_text="a format id of GET /api/v1/formats/, or skirmish-<N>")
        name = serializers.CharField(required=False)
        faction = serializers.CharField(required=False, allow_null=True)
        entries = _EntrySerializer(many=True, required=False)
        notes = serializers.CharField(required=False)
        params = serializers.DictField(required=False, help_text="the format's free parameters")

    @extend_schema_serializer(component_name="ValidationResult")
    class OutputSerializer(serializers.Serializer):
        legal = serializers.BooleanField()
        game = serializers.CharField()
        ruleset = serializers.CharField()
        format = serializers.CharField()
        catalogue_version = serializers.CharField()
        violations = _FindingSerializer(many=True)
        warnings = _FindingSerializer(many=True)
        totals = serializers.DictField(help_text="ddm: points, points_left, creatures, commanders; "
                                                 "dungeon-command: creatures, orders, commanders, levels")

    @extend_schema(
        summary="Validate a list",
        request=InputSerializer,
        responses={200: OutputSerializer},
        examples=[
            OpenApiExample(
                "A DDM warband",
                value={"game": "ddm", "format": "skirmish-200", "faction": "CG",
                       "entries": [{"card": "Wood Elf Ranger", "qty": 2}]},
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        # The service checks the document itself (every error by JSON pointer, per game); the
        # serializers above describe it for the schema. The result is already in the contract's shape.
        return Response(list_validate(document=request.data))


class FormatListApi(APIView):
    """Every format with its rules and parameters, and the numbered families (``skirmish-<N>``)."""

    @extend_schema_serializer(component_name="FormatList")
    class OutputSerializer(serializers.Serializer):
        formats = serializers.ListField(child=serializers.DictField())
        families = serializers.ListField(child=serializers.DictField())

    @extend_schema(summary="Every format with its rules and parameters", responses={200: OutputSerializer})
    def get(self, request: Request) -> Response:
        return Response(self.OutputSerializer(formats_list()).data)


__all__ = ["FormatListApi", "ValidateApi"]
