"""``POST /api/v1/matchups/`` and ``GET /api/v1/matchups/<id>/`` (CONTRACTS.md): thin views over
simulate.services and simulate.selectors."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_serializer
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from builder.api import EDIT_TOKEN_HEADER
from builder.selectors_entered import entered_source, request_scope
from config.errors import ApplicationError
from config.throttles import ClientRateThrottle
from simulate.admission import client_key, matchup_start_for
from simulate.models import Matchup
from simulate.selectors import matchup_estimate_so_far, matchup_get, matchup_progress, matchup_sides
from simulate.services import MAX_BATTLES

BODY_KEYS = ("a", "b", "map", "battles", "seed", "ai")


@extend_schema_serializer(component_name="MatchupRequest", examples=[
    OpenApiExample("Two pasted lists", value={
        "a": {"game": "ddm", "format": "skirmish-200", "name": "Heironeous", "faction": "LG",
              "entries": [{"card": "Sword of Heironeous"}, {"card": "Dwarf Axefighter", "qty": 2}]},
        "b": {"game": "ddm", "format": "skirmish-200", "name": "Corellon", "faction": "CG",
              "entries": [{"card": "Arcane Archer"}, {"card": "Axe Sister", "qty": 2}]},
        "map": "dragon-shrine", "battles": 100, "seed": 42, "ai": "heuristic"}),
])
class MatchupRequestSerializer(serializers.Serializer):
    a = serializers.JSONField(help_text="a list document, or a saved list's id (or share code)")
    b = serializers.JSONField(help_text="a list document, or a saved list's id (or share code)")
    map = serializers.CharField(required=False, allow_null=True,
                                help_text="a battle map's slug (default: the format's first legal map)")
    battles = serializers.IntegerField(required=False, allow_null=True, help_text=f"1 to {MAX_BATTLES} (default 1000)")
    seed = serializers.IntegerField(required=False, allow_null=True, help_text="default: random (always returned)")
    ai = serializers.CharField(required=False, allow_null=True,
                               help_text="a computer player of the lists' game (default: heuristic; also: random)")


@extend_schema_serializer(component_name="MatchupQueued")
class MatchupQueuedSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    url = serializers.CharField(help_text="the matchup's page (progress, then the answer)")
    status_url = serializers.CharField(help_text="this API's status of the matchup")


@extend_schema_serializer(component_name="Matchup")
class MatchupSerializer(serializers.Serializer):
    id = serializers.UUIDField()
    status = serializers.ChoiceField(choices=[s.value for s in Matchup.Status])
    progress = serializers.DictField(child=serializers.IntegerField(), help_text='{"done", "total"} battles')
    result = serializers.JSONField(allow_null=True, help_text="when done: battles, seed, map, ai, a_wins, b_wins, "
                                   "draws, a_win_rate {p, low, high} (95% Wilson), margin_histogram, rounds_histogram, "
                                   "per_creature, unmodelled_abilities, sample_battle (its replay record), ...")
    estimate = serializers.JSONField(allow_null=True, help_text="while it runs, once a chunk is stored: the "
                                     "answer so far (battles, a_wins, b_wins, draws, a_win_rate, b_win_rate, "
                                     "draw_rate, each {p, low, high}); null before and once done")
    error = serializers.CharField(allow_blank=True)
    lists = serializers.JSONField(help_text="each list's name, legality, violations and entries left out")
    url = serializers.CharField()


def matchup_payload(request: Request, matchup: Matchup) -> dict[str, Any]:
    return {
        "id": matchup.id,
        "status": matchup.status,
        "progress": matchup_progress(matchup=matchup),
        "result": matchup.result if matchup.status == Matchup.Status.DONE else None,
        "estimate": matchup_estimate_so_far(matchup=matchup),
        "error": matchup.error,
        "lists": matchup_sides(matchup=matchup),
        "url": request.build_absolute_uri(reverse("matchup", args=[matchup.id])),
    }


class MatchupCreateApi(APIView):
    throttle_classes = [ClientRateThrottle]
    throttle_scope = "expensive"

    @extend_schema(summary="Preview a matchup: play many battles between two lists on the workers (the same start "
                           "while its job is queued or running returns that job; at most a few jobs per client)",
                   description="Numbers you entered for cards are used: a signed-in account's, and those kept with "
                               "a saved list named by id in a or b when X-Edit-Token is its edit token.",
                   parameters=[EDIT_TOKEN_HEADER], request=MatchupRequestSerializer,
                   responses={202: MatchupQueuedSerializer})
    def post(self, request: Request) -> Response:
        body = request.data
        if not isinstance(body, dict):
            raise ApplicationError("The body must be a JSON object.", fields={"": ["must be a JSON object"]})
        unknown = sorted(set(body) - set(BODY_KEYS))
        if unknown:
            raise ApplicationError(
                f"Unknown keys: {', '.join(k[:40] for k in unknown[:5])} (known: {', '.join(BODY_KEYS)}).",
                fields={f"/{k[:40]}": ["unknown key"] for k in unknown[:20]},
            )
        if "a" not in body or "b" not in body:
            raise ApplicationError("Both lists are required: a and b.",
                                   fields={f"/{k}": ["is required"] for k in ("a", "b") if k not in body})
        token = request.headers.get("X-Edit-Token", "")
        tokens = {str(body[k]).strip(): token for k in ("a", "b") if token and isinstance(body[k], str)}
        matchup, _new = matchup_start_for(client=client_key(request), a=body["a"], b=body["b"], map=body.get("map"),
                                          battles=body.get("battles"), seed=body.get("seed"), ai=body.get("ai"),
                                          entered=entered_source(request_scope(request, tokens=tokens)))
        status_url = request.build_absolute_uri(reverse("api-matchup", args=[matchup.id]))
        payload = {"id": matchup.id, "url": request.build_absolute_uri(reverse("matchup", args=[matchup.id])),
                   "status_url": status_url}
        return Response(MatchupQueuedSerializer(payload).data, status=status.HTTP_202_ACCEPTED,
                        headers={"Location": status_url})


class MatchupDetailApi(APIView):
    @extend_schema(summary="A matchup's status, progress and (when done) its answer",
                   responses={200: MatchupSerializer})
    def get(self, request: Request, matchup_id: str) -> Response:
        matchup = matchup_get(matchup_id=matchup_id)
        return Response(MatchupSerializer(matchup_payload(request, matchup)).data)
