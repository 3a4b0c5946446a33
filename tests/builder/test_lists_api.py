"""``lists/`` and ``shared/``: save, read, change and delete only with the edit token; share read-only."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from builder.models import ListVersion, SavedList

pytestmark = pytest.mark.django_db

WARBAND: dict[str, Any] = {
    "game": "dungeon-command",
    "format": "custom",
    "name": "Goblins <b>rule</b>",
    "commanders": ["Sarshan"],
    "entries": [{"card": "Goblin Archer", "qty": 2}],
    "orders": [],
}


def post(client: Client, body: Any) -> Any:
    return client.post("/api/v1/lists/", json.dumps(body), content_type="application/json")


def patch(client: Client, list_id: str, body: Any, token: str | None) -> Any:
    headers = {"X-Edit-Token": token} if token else {}
    return client.patch(f"/api/v1/lists/{list_id}/", json.dumps(body), content_type="application/json", headers=headers)


def test_saving_a_list_returns_its_links_token_document_and_current_validation(client: Client) -> None:
    response = post(client, WARBAND)
    assert response.status_code == 201
    body = response.json()
    assert set(body) >= {
        "id", "share_code", "share_url", "edit_token", "document", "validation", "catalogue_version", "created",
        "updated",
    }
    assert body["document"] == WARBAND
    assert body["share_url"].endswith(f"/l/{body['share_code']}")
    assert body["validation"]["game"] == "dungeon-command"
    assert body["validation"]["legal"] is False, "an illegal draft is saved, with its violations"
    saved = SavedList.objects.get(pk=body["id"])
    assert body["edit_token"] not in saved.edit_token_hash
    assert saved.edit_token_hash != body["edit_token"]


def test_a_malformed_document_is_a_400_with_field_messages_and_nothing_is_saved(client: Client) -> None:
    response = post(client, {**WARBAND, "entries": [{"card": "Goblin Archer", "qty": "two"}]})
    assert response.status_code == 400
    error = response.json()["error"]
    assert "/entries/0/qty" in error["fields"]
    assert not SavedList.objects.exists()


def test_a_body_that_is_not_json_is_a_400(client: Client) -> None:
    response = client.post("/api/v1/lists/", "{not json", content_type="application/json")
    assert response.status_code == 400
    assert "error" in response.json()


@pytest.mark.parametrize("path", ["/api/v1/lists/", "/api/v1/validate/", "/api/v1/matchups/"])
def test_a_body_nested_too_deeply_is_a_400_not_a_server_error(client: Client, path: str) -> None:
    response = client.post(path, "[" * 50_000 + "]" * 50_000, content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["error"]["message"]
    assert not SavedList.objects.exists()


def test_only_the_edit_token_reads_changes_and_deletes_a_list(client: Client) -> None:
    created = post(client, WARBAND).json()
    list_id, token = created["id"], created["edit_token"]
    assert client.get(f"/api/v1/lists/{list_id}/").status_code == 403
    assert client.get(f"/api/v1/lists/{list_id}/", HTTP_X_EDIT_TOKEN="wrong").status_code == 403
    changed = {**WARBAND, "name": "Goblins, again"}
    assert patch(client, list_id, changed, "wrong").status_code == 403
    assert client.delete(f"/api/v1/lists/{list_id}/", HTTP_X_EDIT_TOKEN="wrong").status_code == 403
    assert ListVersion.objects.filter(saved_list_id=list_id).count() == 1, "a refused change changes nothing"

    got = client.get(f"/api/v1/lists/{list_id}/", HTTP_X_EDIT_TOKEN=token)
    assert got.status_code == 200 and "edit_token" not in got.json()
    saved = patch(client, list_id, changed, token)
    assert saved.status_code == 200
    assert saved.json()["document"]["name"] == "Goblins, again"
    assert saved.json()["version"] == 2
    assert client.delete(f"/api/v1/lists/{list_id}/", HTTP_X_EDIT_TOKEN=token).status_code == 204
    assert not SavedList.objects.filter(pk=list_id).exists()


def test_every_save_keeps_the_earlier_versions(client: Client) -> None:
    created = post(client, WARBAND).json()
    for n in range(3):
        patch(client, created["id"], {**WARBAND, "name": f"take {n}"}, created["edit_token"])
    versions = list(ListVersion.objects.filter(saved_list_id=created["id"]).order_by("number"))
    assert [v.number for v in versions] == [1, 2, 3, 4]
    assert versions[0].document == WARBAND


def test_a_bad_save_leaves_the_last_good_version(client: Client) -> None:
    created = post(client, WARBAND).json()
    response = patch(client, created["id"], {**WARBAND, "game": "chess"}, created["edit_token"])
    assert response.status_code == 400
    got = client.get(f"/api/v1/lists/{created['id']}/", HTTP_X_EDIT_TOKEN=created["edit_token"]).json()
    assert got["document"] == WARBAND and got["version"] == 1


def test_the_shared_view_shows_the_list_without_its_token(client: Client) -> None:
    created = post(client, WARBAND).json()
    shared = client.get(f"/api/v1/shared/{created['share_code']}/")
    assert shared.status_code == 200
    body = shared.json()
    assert "edit_token" not in body
    assert created["edit_token"] not in shared.content.decode()
    assert body["document"] == WARBAND
    assert body["validation"]["legal"] is False


def test_unknown_ids_and_codes_are_404(client: Client) -> None:
    assert client.get("/api/v1/lists/not-a-uuid/").status_code == 404
    assert client.get("/api/v1/lists/00000000-0000-0000-0000-000000000000/").status_code == 404
    assert client.get("/api/v1/shared/nope/").status_code == 404


def test_share_codes_are_unguessable_and_distinct(client: Client) -> None:
    codes = {post(client, WARBAND).json()["share_code"] for _ in range(20)}
    assert len(codes) == 20
    assert all(len(code) >= 10 for code in codes)
