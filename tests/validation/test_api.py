"""POST /api/v1/validate/ and GET /api/v1/formats/: results, the error envelope, the bounds, the throttle."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from tests.validation.helpers import bundled_dc, pack_list
from validation.api import ValidateApi

# The session's test database holds the whole bundled catalogue (tests/conftest.py): these tests use
# the real Dungeon Command packs.
pytestmark = [
    pytest.mark.django_db,
]

URL = "/api/v1/validate/"
LEGAL = pack_list(bundled_dc(), "heart-of-cormyr")
DDM = {"game": "ddm", "format": "skirmish-200", "faction": "CG", "entries": [{"card": "Orc Mauler"}]}


@pytest.fixture
def client() -> APIClient:
    return APIClient()


def post(client: APIClient, body: Any) -> Any:
    return client.post(URL, data=json.dumps(body), content_type="application/json")


def test_a_legal_list_gets_200_and_its_result(client: APIClient) -> None:
    response = post(client, LEGAL)
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is True and body["violations"] == [] and body["totals"]["creatures"] == 12
    assert body["catalogue_version"] not in ("", "empty", "files")


def test_an_illegal_list_gets_200_too_with_every_violation(client: APIClient) -> None:
    response = post(client, {**LEGAL, "entries": LEGAL["entries"][:3], "commanders": []})
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False
    assert [v["rule"] for v in body["violations"]] == ["dungeon-command.min-creatures",
                                                       "dungeon-command.one-commander"]
    assert set(body["violations"][0]) == {"rule", "message", "entries", "hint", "source"}


def test_a_malformed_document_is_a_400_with_a_message_per_field(client: APIClient) -> None:
    response = post(client, {**DDM, "entries": [{"card": "Orc Mauler", "qty": -1}], "colour": "red"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid"
    assert error["fields"] == {
        "/colour": ["is not a key of a ddm list (known: game, ruleset, format, name, notes, faction, entries, "
                    "commander_zero, battle_map, pool, teammates, params)"],
        "/entries/0/qty": ["must be at least 1"],
    }
    assert error["message"].startswith("The list document is not valid: ")


@pytest.mark.parametrize(
    ("body", "pointer"),
    [({"game": "chess", "format": "x"}, "/game"), ({**DDM, "format": "skirmish-0"}, "/format"),
     ({**DDM, "ruleset": "4e"}, "/ruleset"), ([1, 2], ""), ("ddm", ""), ({**DDM, "params": {"x": 1}}, "/params/x"),
     ({**DDM, "orders": []}, "/orders")],
)
def test_unknown_ids_and_wrong_types_are_400s(client: APIClient, body: Any, pointer: str) -> None:
    response = post(client, body)
    assert response.status_code == 400
    assert pointer in response.json()["error"]["fields"]


def test_bad_json_is_a_400_not_a_500(client: APIClient) -> None:
    for raw in ('{"game": "ddm",', "NaN", '{"game": NaN}', "\xff", "[" * 100_000 + "]" * 100_000):
        response = client.post(URL, data=raw.encode("utf-8", "surrogateescape") if isinstance(raw, str) else raw,
                               content_type="application/json")
        assert response.status_code == 400, raw[:20]
        assert response.json()["error"]["code"] == "parse_error"


def test_another_content_type_is_refused(client: APIClient) -> None:
    response = client.post(URL, data="game=ddm", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415
    assert "error" in response.json()


def test_ten_thousand_entries_are_a_400_naming_the_bound(client: APIClient) -> None:
    response = post(client, {**DDM, "entries": [{"card": "Orc Mauler"}] * 10_000})
    assert response.status_code == 400
    assert response.json()["error"]["fields"] == {"/entries": ["must hold at most 200 items, not 10000"]}


def test_a_five_megabyte_body_is_a_413(client: APIClient) -> None:
    body = json.dumps({**DDM, "notes": "x" * (5 * 1024 * 1024)})
    response = client.post(URL, data=body, content_type="application/json")
    assert response.status_code == 413
    assert response.json()["error"]["code"] == "too_large"


def test_the_validate_endpoint_is_rate_limited(client: APIClient, monkeypatch: pytest.MonkeyPatch) -> None:
    assert ValidateApi.throttle_scope == "validate"
    assert issubclass(ValidateApi.throttle_classes[0], ScopedRateThrottle)
    monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, "validate", "3/day")
    assert [post(client, LEGAL).status_code for _ in range(3)] == [200, 200, 200]
    response = post(client, LEGAL)
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "throttled"
    assert 0 < int(response["Retry-After"]) <= 24 * 3600
    other = APIClient(REMOTE_ADDR="10.0.0.7")
    assert post(other, LEGAL).status_code == 200, "the limit is per client"


def test_formats_lists_every_format_with_rules_and_parameters(client: APIClient) -> None:
    response = client.get("/api/v1/formats/")
    assert response.status_code == 200
    body = response.json()
    ids = {(f["game"], f["ruleset"], f["id"]) for f in body["formats"]}
    assert ("ddm", "seed", "skirmish-200") in ids and ("dungeon-command", "default", "first-game") in ids
    assert body["families"][0]["pattern"] == "skirmish-<N>"
    custom = next(f for f in body["formats"] if f["id"] == "custom")
    assert {r["id"] for r in custom["rules"]} >= {"dungeon-command.min-creatures", "dungeon-command.card-kinds"}


def test_both_endpoints_are_in_the_schema(client: APIClient) -> None:
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    text = response.content.decode()
    assert "/api/v1/validate/" in text and "/api/v1/formats/" in text
