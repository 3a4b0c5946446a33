"""The catalogue's REST endpoints (thin: a selector and a serializer each)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalogue.selectors import catalogue_summary


class CatalogueSummaryApi(APIView):
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


__all__ = ["CatalogueSummaryApi"]
