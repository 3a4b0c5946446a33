"""The validation endpoints: ``POST /api/v1/validate/`` and ``GET /api/v1/formats/`` (thin: one
service or selector each)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.schema import LIST_DOCUMENT_REF
from config.throttles import ClientRateThrottle
from validation.selectors import formats_list
from validation.services import list_validate


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

    throttle_classes = [ClientRateThrottle]
    throttle_scope = "validate"

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
        request={"application/json": LIST_DOCUMENT_REF},
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
        # The service checks the document itself (every error by JSON pointer, per game); the schema's
        # ListDocument describes it. The result is already in the contract's shape.
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
