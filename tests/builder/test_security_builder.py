"""Only the owner changes or deletes a list (through the page, the API or a forged form); CSRF on every
form; the edit token on no shared page and in no URL; names and notes escaped; sizes bounded; saving
and importing rate-limited."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client, override_settings

from builder.models import ListVersion, SavedList
from builder.services import list_create
from builder.views import EDIT_COOKIE

pytestmark = pytest.mark.django_db

DOCUMENT: dict[str, Any] = {"game": "ddm", "ruleset": "seed", "format": "skirmish-200",
                            "entries": [{"card": "Centaur", "qty": 1}]}
MARKUP = '<script>window.pwned=1</script><img src=x onerror="alert(1)">'


@pytest.fixture
def victim() -> tuple[SavedList, str]:
    return list_create(document=DOCUMENT)


def owner_client(saved: SavedList, token: str, **kwargs: Any) -> Client:
    client = Client(**kwargs)
    client.cookies[EDIT_COOKIE] = f"{saved.pk}:{token}"
    return client


def csrf_token(client: Client, url: str = "/build/ddm/") -> str:
    client.get(url)
    return client.cookies["csrftoken"].value


def versions(saved: SavedList) -> int:
    return ListVersion.objects.filter(saved_list=saved).count()


# -------------------------------------------------------------------------------------------- CSRF


@pytest.mark.parametrize(
    ("url", "fields"),
    [
        ("/build/ddm/", {"document": json.dumps(DOCUMENT), "op": "save"}),
        ("/build/import/", {"text": "Game: ddm\n1x Centaur"}),
        ("/lists/{id}/restore/", {"number": "1"}),
        ("/lists/{id}/delete/", {}),
        ("/lists/{id}/edit/", {"token": "{token}"}),
        ("/l/{code}/fork/", {}),
    ],
)
def test_every_form_needs_its_csrf_token(victim: tuple[SavedList, str], url: str, fields: dict[str, str]) -> None:
    saved, token = victim
    client = owner_client(saved, token, enforce_csrf_checks=True)
    url = url.format(id=saved.pk, code=saved.share_code)
    response = client.post(url, {k: v.replace("{token}", token) for k, v in fields.items()})
    assert response.status_code == 403
    assert SavedList.objects.count() == 1 and versions(saved) == 1


def test_with_its_csrf_token_the_owners_form_works() -> None:
    client = Client(enforce_csrf_checks=True)
    token = csrf_token(client)
    response = client.post("/build/ddm/", {"document": json.dumps(DOCUMENT), "op": "save",
                                           "csrfmiddlewaretoken": token})
    assert response.status_code == 303 and SavedList.objects.count() == 1


# ------------------------------------------------------------------------------ only the owner


def test_a_stranger_cannot_open_change_restore_or_delete_a_list_through_the_pages(
    victim: tuple[SavedList, str],
) -> None:
    saved, _token = victim
    stranger = Client()
    assert stranger.get(f"/build/ddm/?list={saved.pk}").status_code == 403
    changed = {**DOCUMENT, "name": "mine now"}
    response = stranger.post("/build/ddm/", {"document": json.dumps(changed), "op": "save", "list": str(saved.pk)})
    assert response.status_code == 403
    assert stranger.post(f"/lists/{saved.pk}/restore/", {"number": "1"}).status_code == 403
    assert stranger.get(f"/lists/{saved.pk}/delete/").status_code == 403
    assert stranger.post(f"/lists/{saved.pk}/delete/").status_code == 403
    assert SavedList.objects.filter(pk=saved.pk).exists() and versions(saved) == 1
    assert SavedList.objects.get(pk=saved.pk).name == ""


def test_a_stranger_cannot_change_or_delete_a_list_through_the_api(victim: tuple[SavedList, str]) -> None:
    saved, _token = victim
    _other, other_token = list_create(document=DOCUMENT)
    client = Client()
    for headers in ({}, {"X-Edit-Token": other_token}, {"X-Edit-Token": "x" * 32}):
        patch = client.patch(f"/api/v1/lists/{saved.pk}/", json.dumps({**DOCUMENT, "name": "mine"}),
                             content_type="application/json", headers=headers)
        assert patch.status_code == 403
        assert client.delete(f"/api/v1/lists/{saved.pk}/", headers=headers).status_code == 403
    assert versions(saved) == 1 and SavedList.objects.filter(pk=saved.pk).exists()


def test_a_forged_form_with_another_lists_token_or_a_made_up_one_changes_nothing(
    victim: tuple[SavedList, str],
) -> None:
    saved, _token = victim
    mine, my_token = list_create(document=DOCUMENT)
    forger = Client()
    forger.cookies[EDIT_COOKIE] = f"{mine.pk}:{my_token}|{saved.pk}:{'A' * 32}"
    fields = {"document": json.dumps({**DOCUMENT, "name": "forged"}), "op": "save", "list": str(saved.pk)}
    assert forger.post("/build/ddm/", fields).status_code == 403
    assert forger.post(f"/lists/{saved.pk}/delete/").status_code == 403
    assert forger.post(f"/lists/{saved.pk}/edit/", {"token": my_token}).status_code == 403
    assert versions(saved) == 1 and SavedList.objects.get(pk=saved.pk).name == ""
    assert forger.post("/build/ddm/", {**fields, "list": str(mine.pk)}).status_code == 303, "their own list: saved"


def test_a_list_of_another_game_is_not_opened_under_this_one(victim: tuple[SavedList, str]) -> None:
    saved, token = victim
    assert owner_client(saved, token).get(f"/build/dungeon-command/?list={saved.pk}").status_code == 404
    assert Client().get("/build/ddm/?list=not-a-uuid").status_code == 404


# ------------------------------------------------------------------------------ the edit token


def test_the_edit_token_is_in_no_url_and_on_no_shared_page(victim: tuple[SavedList, str]) -> None:
    saved, token = victim
    owner = owner_client(saved, token)
    builder = owner.get(f"/build/ddm/?list={saved.pk}").content.decode()
    link = re.search(r'id="edit-link" value="([^"]+)"', builder).group(1)  # type: ignore[union-attr]
    assert link.endswith(f"/lists/{saved.pk}/edit/#token={token}"), "only in the fragment of the private link"
    for url in (f"/l/{saved.share_code}", f"/l/{saved.share_code}/print/", f"/l/{saved.share_code}/text/",
                f"/l/{saved.share_code}/json/"):
        response = owner.get(url)
        assert token not in response.content.decode(), url
    shared = Client().get(f"/api/v1/shared/{saved.share_code}/").content.decode()
    assert token not in shared
    landing = Client().get(f"/lists/{saved.pk}/edit/")
    assert token not in landing.content.decode()


def test_the_edit_link_page_does_not_echo_a_wrong_token() -> None:
    saved, _token = list_create(document=DOCUMENT)
    response = Client().post(f"/lists/{saved.pk}/edit/", {"token": "guessed-token-abcdef"})
    assert response.status_code == 403 and "guessed-token-abcdef" not in response.content.decode()


def test_a_damaged_edit_cookie_is_ignored() -> None:
    saved, _token = list_create(document=DOCUMENT)
    client = Client()
    client.cookies[EDIT_COOKIE] = f"{saved.pk}:<script>|::|{'x' * 5000}"
    assert client.get(f"/build/ddm/?list={saved.pk}").status_code == 403
    assert client.get("/build/ddm/").status_code == 200


# ------------------------------------------------------------------------------ markup is escaped


def test_markup_in_a_name_notes_and_a_card_is_shown_as_text_everywhere() -> None:
    document = {**DOCUMENT, "name": MARKUP, "notes": MARKUP, "entries": [{"card": MARKUP, "qty": 1}]}
    owner = Client()
    response = owner.post("/build/ddm/", {"document": json.dumps(document), "op": "save"})
    saved = SavedList.objects.get()
    pages = [
        owner.post("/build/ddm/", {"document": json.dumps(document)}),
        owner.get(response["Location"]),
        Client().get(f"/l/{saved.share_code}"),
        Client().get(f"/l/{saved.share_code}/print/"),
        Client().post("/build/import/", {"text": json.dumps(document)}),
    ]
    for page in pages:
        body = page.content.decode()
        assert "<script>window.pwned" not in body and "<img src=x" not in body
        assert "&lt;script&gt;window.pwned=1&lt;/script&gt;" in body


# ------------------------------------------------------------------------------ bounded sizes


@pytest.mark.parametrize(
    "document",
    [
        {**DOCUMENT, "name": "n" * 201},
        {**DOCUMENT, "notes": "n" * 5001},
        {**DOCUMENT, "entries": [{"card": "Centaur", "qty": 1}] * 201},
        {**DOCUMENT, "entries": [{"card": "Centaur", "qty": 100}]},
        {**DOCUMENT, "entries": [{"card": "c" * 201, "qty": 1}]},
    ],
    ids=["name", "notes", "entries", "copies", "card name"],
)
def test_a_list_past_a_bound_is_not_saved(document: dict[str, Any]) -> None:
    response = Client().post("/build/ddm/", {"document": json.dumps(document), "op": "save"})
    assert response.status_code == 400
    assert not SavedList.objects.exists()


def test_bodies_past_the_bounds_are_refused_before_anything_reads_them() -> None:
    client = Client()
    assert client.post("/build/ddm/", {"document": "{" + " " * 200_001 + "}"}).status_code == 400
    big = client.post("/build/import/", {"text": "1x Centaur\n" * 2000})
    assert big.status_code == 400
    huge = client.post("/build/ddm/", {"document": "x" * (1024 * 1024 + 1)})
    assert huge.status_code == 413


# ------------------------------------------------------------------------------ rate limits

RATES = {"anon": "1000/minute", "user": "1000/minute", "expensive": "10/minute", "validate": "240/minute",
         "save": "2/minute", "import": "1/minute"}


def test_saving_from_the_pages_is_rate_limited() -> None:
    from django.conf import settings

    with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": RATES}):
        client = Client()
        fields = {"document": json.dumps(DOCUMENT), "op": "save"}
        assert [client.post("/build/ddm/", fields).status_code for _ in range(3)] == [303, 303, 429]
        htmx = client.post("/build/ddm/", fields, headers={"HX-Request": "true"})
        assert htmx.status_code == 429 and "Too many saves" in htmx.content.decode()
        saved = SavedList.objects.first()
        assert saved is not None
        assert client.post(f"/l/{saved.share_code}/fork/").status_code == 429, "a copy is a save too"
        assert SavedList.objects.count() == 2


def test_importing_from_the_page_is_rate_limited() -> None:
    from django.conf import settings

    with override_settings(REST_FRAMEWORK={**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": RATES}):
        client = Client()
        fields = {"text": "Game: ddm\n1x Centaur"}
        assert [client.post("/build/import/", fields).status_code for _ in range(2)] == [200, 429]
