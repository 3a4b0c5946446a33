"""Text is checked at the door: NUL, lone surrogates and (in one-line fields) control characters are a 400 with
the field's pointer on validate, save, PATCH and matchups; a path that cannot be a share code is a 404; text
stored before the door still renders; blank is blank after removing what prints nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from builder.models import ListVersion, SavedList
from builder.services import list_create

pytestmark = pytest.mark.django_db

DOC: dict[str, Any] = {
    "game": "ddm", "format": "skirmish-200", "name": "Heironeous", "faction": "LG", "notes": "two\nlines",
    "entries": [{"card": "Sword of Heironeous"}, {"card": "Dwarf Axefighter", "qty": 2, "set": "Harbinger"}],
}
NUL, SURROGATE, BELL = "\x00", "\ud800", "\x07"


def _with(pointer: str, text: str) -> dict[str, Any]:
    doc = json.loads(json.dumps(DOC))
    if pointer == "/name":
        doc["name"] = f"A{text}B"
    elif pointer == "/notes":
        doc["notes"] = f"A{text}B"
    elif pointer == "/battle_map":
        doc["battle_map"] = f"A{text}B"
    elif pointer == "/entries/0/card":
        doc["entries"][0]["card"] = f"Sword{text}"
    elif pointer == "/entries/1/set":
        doc["entries"][1]["set"] = f"Harb{text}inger"
    return doc


def _send(client: Client, method: str, path: str, body: Any, **headers: str) -> Any:
    # ensure_ascii: a lone surrogate travels as the JSON escape "\ud800", as a client would send it
    return client.generic(method, path, json.dumps(body), content_type="application/json", headers=headers)


CASES = [(p, t) for p in ("/name", "/notes", "/battle_map", "/entries/0/card", "/entries/1/set")
         for t in (NUL, SURROGATE)] + [(p, BELL) for p in ("/name", "/battle_map", "/entries/0/card")]


@pytest.mark.parametrize(("pointer", "text"), CASES)
def test_validate_save_patch_and_matchups_refuse_unstorable_text_by_pointer(client: Client, pointer: str,
                                                                            text: str) -> None:
    bad = _with(pointer, text)
    saved, token = list_create(document=DOC)
    before = ListVersion.objects.count()
    for method, path, body, prefix, headers in [
        ("POST", "/api/v1/validate/", bad, "", {}),
        ("POST", "/api/v1/lists/", bad, "", {}),
        ("PATCH", f"/api/v1/lists/{saved.id}/", bad, "", {"X-Edit-Token": token}),
        ("POST", "/api/v1/matchups/", {"a": bad, "b": DOC}, "/a", {}),
    ]:
        response = _send(client, method, path, body, **headers)
        assert response.status_code == 400, (method, path, response.content[:300])
        assert response["Content-Type"] == "application/json"
        assert f"{prefix}{pointer}" in response.json()["error"]["fields"], (path, response.json())
    assert ListVersion.objects.count() == before
    assert SavedList.objects.count() == 1


def test_notes_may_hold_line_breaks_and_tabs(client: Client) -> None:
    response = _send(client, "POST", "/api/v1/lists/", {**DOC, "notes": "line one\n\tline two\r\n"})
    assert response.status_code == 201


@pytest.mark.parametrize("name", ["\u200b\u200b", "\u200d\ufeff ", "\u2060", "\u3164", " \u00ad "])
def test_a_name_of_invisible_characters_is_blank(client: Client, name: str) -> None:
    response = _send(client, "POST", "/api/v1/lists/", {**DOC, "name": name})
    assert response.status_code == 400
    assert response.json()["error"]["fields"]["/name"] == ["must not be empty"]


def test_a_nul_anywhere_in_a_body_is_refused_even_in_a_key(client: Client) -> None:
    response = _send(client, "POST", "/api/v1/validate/", {**DOC, "params": {"a\x00b": 1}})
    assert response.status_code == 400
    assert list(response.json()["error"]["fields"]) == ["/params/a\ufffdb"]


@pytest.mark.parametrize("path", ["/l/a%00b", "/l/a%00b/json/", "/l/a%00b/text/", "/l/a%00b/print/",
                                  "/api/v1/shared/a%00b/", "/api/v1/shared/" + "x" * 40 + "/", "/l/a%20b",
                                  "/api/v1/shared/a.b/"])
def test_a_path_that_cannot_be_a_share_code_is_a_404(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    if path.startswith("/api/"):
        assert response.json()["error"]["code"] == "not_found"


def test_a_nul_in_a_query_string_is_a_400(client: Client) -> None:
    assert client.get("/api/v1/cards/?q=a%00b").status_code == 400
    assert client.get("/catalogue/ddm/?q=a%00b").status_code == 400


@pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL refuses to store such text at all")
def test_a_list_stored_with_such_text_before_the_door_still_renders(client: Client) -> None:
    saved, token = list_create(document=DOC)
    ListVersion.objects.filter(saved_list=saved).update(
        document={**DOC, "name": f"A{NUL}{SURROGATE}B", "notes": SURROGATE,
                  "entries": [{"card": f"Sword of Heironeous{SURROGATE}"}]})
    code = saved.share_code
    assert client.post(f"/lists/{saved.id}/edit/", {"token": token}).status_code == 303  # the edit cookie
    for path in (f"/l/{code}", f"/l/{code}/json/", f"/l/{code}/text/", f"/l/{code}/print/",
                 f"/api/v1/shared/{code}/", f"/build/ddm/?list={saved.id}"):
        response = client.get(path, headers={"X-Edit-Token": token})
        assert response.status_code == 200, (path, response.status_code)
        response.content.decode("utf-8")
    body = _send(client, "GET", f"/api/v1/lists/{saved.id}/", None, **{"X-Edit-Token": token}).json()
    assert body["document"]["name"] == "A\ufffd\ufffdB"
