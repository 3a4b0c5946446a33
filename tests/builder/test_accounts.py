"""Accounts: sign up, log in and out, passwords, "My lists", claiming a list, and who may see what."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest
from django.core import mail
from django.core.cache import cache
from django.test import Client, override_settings

from builder.models import SavedList
from builder.services import list_can_edit, list_claim
from config.errors import ApplicationError
from tests.factories import DDM_WARBAND, PASSWORD, SavedListFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_limits() -> Iterator[None]:
    cache.clear()
    yield
    cache.clear()


def signed_in(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


def test_a_new_player_signs_up_and_lands_on_their_lists_signed_in(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        {"username": "ranger", "email": "ranger@example.org", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    assert response["Location"] == "/accounts/lists/"
    page = client.get("/accounts/lists/")
    assert page.status_code == 200
    assert page.context["user"].username == "ranger"


def test_sign_up_with_mismatched_passwords_is_a_form_error_not_an_account(client: Client) -> None:
    response = client.post(
        "/accounts/signup/", {"username": "ranger", "password1": PASSWORD, "password2": PASSWORD + "x"}
    )
    assert response.status_code == 400
    assert response.context["form"].errors["password2"]
    assert not SavedList.objects.exists()
    assert not response.context["user"].is_authenticated


def test_sign_up_refuses_an_email_another_account_has(client: Client) -> None:
    UserFactory.create(username="first", email="same@example.org")
    response = client.post(
        "/accounts/signup/",
        {"username": "second", "email": "SAME@example.org", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 400
    assert response.context["form"].errors["email"]


def test_a_player_logs_in_and_out(client: Client) -> None:
    UserFactory.create(username="mauler")
    response = client.post("/accounts/login/", {"username": "mauler", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get("/accounts/lists/").status_code == 200
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert client.get("/accounts/lists/").status_code == 302


def test_a_wrong_password_is_a_form_error(client: Client) -> None:
    UserFactory.create(username="mauler")
    response = client.post("/accounts/login/", {"username": "mauler", "password": "nope"})
    assert response.status_code == 200
    assert response.context["form"].errors


@override_settings(MUSTER_LOGIN_FAILURES_PER_NAME=3)
def test_after_too_many_failures_for_one_name_even_the_right_password_is_refused_for_a_while(client: Client) -> None:
    UserFactory.create(username="mauler")
    for _ in range(3):
        client.post("/accounts/login/", {"username": "mauler", "password": "guess"})
    response = client.post("/accounts/login/", {"username": "mauler", "password": PASSWORD})
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert not response.context["user"].is_authenticated
    cache.clear()  # the window passes
    assert client.post("/accounts/login/", {"username": "mauler", "password": PASSWORD}).status_code == 302


@override_settings(MUSTER_LOGIN_FAILURES_PER_ADDRESS=4)
def test_one_address_trying_many_names_is_stopped(client: Client) -> None:
    for i in range(4):
        client.post("/accounts/login/", {"username": f"name{i}", "password": "guess"})
    UserFactory.create(username="mauler")
    assert client.post("/accounts/login/", {"username": "mauler", "password": PASSWORD}).status_code == 429


@override_settings(MUSTER_SIGNUPS_PER_HOUR=2)
def test_sign_ups_from_one_address_are_limited(client: Client) -> None:
    for i in range(2):
        Client().post(
            "/accounts/signup/", {"username": f"p{i}", "password1": PASSWORD, "password2": PASSWORD}
        )
    response = client.post("/accounts/signup/", {"username": "p9", "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 429


def test_a_player_changes_their_password() -> None:
    user = UserFactory.create(username="mauler")
    client = signed_in(user)
    new = "another long pass phrase 7"
    response = client.post(
        "/accounts/password/change/", {"old_password": PASSWORD, "new_password1": new, "new_password2": new}
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(new)


def test_password_change_needs_a_signed_in_player(client: Client) -> None:
    response = client.get("/accounts/password/change/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_a_forgotten_password_is_reset_through_the_mailed_link(client: Client) -> None:
    user = UserFactory.create(username="mauler", email="mauler@example.org")
    response = client.post("/accounts/password/reset/", {"email": "mauler@example.org"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", str(mail.outbox[0].body))
    assert link is not None
    form_page = client.get(link.group(1), follow=True)
    assert form_page.status_code == 200
    new = "a brand new pass phrase 9"
    response = client.post(form_page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password(new)


def test_an_unknown_email_gets_the_same_answer_and_no_mail(client: Client) -> None:
    response = client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert response.status_code == 302
    assert mail.outbox == []


@override_settings(MUSTER_RESET_MAILS_PER_HOUR=2)
def test_reset_mails_from_one_address_are_limited(client: Client) -> None:
    UserFactory.create(username="mauler", email="mauler@example.org")
    for _ in range(2):
        client.post("/accounts/password/reset/", {"email": "mauler@example.org"})
    assert client.post("/accounts/password/reset/", {"email": "mauler@example.org"}).status_code == 429
    assert len(mail.outbox) == 2


def test_my_lists_shows_my_lists_and_nobody_elses() -> None:
    me, stranger = UserFactory.create(username="me"), UserFactory.create(username="stranger")
    mine = SavedListFactory.create(owner=me, document={**DDM_WARBAND, "name": "My elves"})
    theirs = SavedListFactory.create(owner=stranger, document={"game": "ddm", "format": "skirmish-200",
                                                        "name": "Their orcs", "entries": []})
    page = signed_in(me).get("/accounts/lists/").content.decode()
    assert "My elves" in page and mine.share_code in page
    assert f'href="/build/ddm/?list={mine.pk}"' in page, "each of my lists opens in the builder"
    assert "Their orcs" not in page and theirs.share_code not in page


def test_my_lists_says_what_each_list_is_and_whether_it_is_legal_now_and_offers_what_to_do() -> None:
    me, friend = UserFactory.create(username="me"), UserFactory.create(username="friend")
    legal = SavedListFactory.create(owner=me, document={
        "game": "ddm", "format": "skirmish-200", "name": "Elves", "faction": "CG", "battle_map": "Broken Demongate",
        "entries": [{"card": "Centaur", "qty": 1}, {"card": "Arcane Archer", "qty": 1}]})
    SavedListFactory.create(owner=me, document={"game": "ddm", "ruleset": "ddm-guild", "format": "freestyle",
                                                "name": "Nothing yet"})
    SavedListFactory.create(owner=me, document={"game": "dungeon-command", "format": "custom", "name": "Goblins",
                                                "entries": [{"card": "Goblin Archer", "qty": 2}]})
    original = SavedListFactory.create(owner=friend, document={**DDM_WARBAND, "name": "Friend's elves"})
    client = signed_in(me)
    fork = client.post(f"/l/{original.share_code}/fork/")
    assert fork.status_code == 303
    page = client.get("/accounts/lists/").content.decode()
    text = html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))
    assert "D&D Miniatures · Assault, 200 points" in text and "Dungeon Command · Custom warband" in text
    assert "skirmish-200" not in text and "dungeon-command" not in text, "names, not ids"
    assert text.count("Legal") == 1 and "Not legal: " in text and "Empty" in text
    assert f'href="/build/ddm/?list={legal.pk}"' in page and f'action="/l/{legal.share_code}/fork/"' in page
    assert f'href="/lists/{legal.pk}/delete/"' in page
    assert "copied from Friend's elves" in text
    for game in ("ddm", "dungeon-command", "battlelore2", "stronghold"):
        assert f'href="/build/{game}/"' in page, "a new list of each game"
    original.delete()
    text = re.sub(r"<[^>]+>", " ", client.get("/accounts/lists/").content.decode())
    assert "copied from a list since deleted" in text


def test_my_lists_needs_a_signed_in_player(client: Client) -> None:
    response = client.get("/accounts/lists/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/accounts/lists/")


def test_a_list_saved_without_an_account_is_claimed_with_its_edit_token() -> None:
    me = UserFactory.create(username="me")
    saved = SavedListFactory.create()
    client = signed_in(me)
    response = client.post("/accounts/claim/", {"link": f"/l/{saved.share_code}", "token": saved.edit_token})
    assert response.status_code == 302
    saved.refresh_from_db()
    assert saved.owner == me
    assert saved.share_code in client.get("/accounts/lists/").content.decode()
    # the owner may now change it without the token, and the token still works
    assert list_can_edit(saved_list=saved, user=me, token=None)
    assert list_can_edit(saved_list=saved, user=None, token=saved.edit_token)


def test_an_edit_link_with_the_token_in_it_is_enough_to_claim() -> None:
    me = UserFactory.create(username="me")
    saved = SavedListFactory.create()
    link = f"http://testserver/build/ddm/?list={saved.pk}&token={saved.edit_token}"
    assert signed_in(me).post("/accounts/claim/", {"link": link}).status_code == 302
    saved.refresh_from_db()
    assert saved.owner == me


def test_a_wrong_token_claims_nothing() -> None:
    me = UserFactory.create(username="me")
    saved = SavedListFactory.create()
    response = signed_in(me).post("/accounts/claim/", {"link": str(saved.pk), "token": "not-the-token-at-all"})
    assert response.status_code == 403
    assert "does not match" in response.content.decode()
    saved.refresh_from_db()
    assert saved.owner is None


def test_a_list_of_another_account_cannot_be_claimed_even_with_its_token() -> None:
    owner, me = UserFactory.create(username="owner"), UserFactory.create(username="me")
    saved = SavedListFactory.create(owner=owner)
    response = signed_in(me).post("/accounts/claim/", {"link": str(saved.pk), "token": saved.edit_token})
    assert response.status_code == 409
    saved.refresh_from_db()
    assert saved.owner == owner


def test_claiming_an_unknown_list_is_a_form_error() -> None:
    response = signed_in(UserFactory.create()).post("/accounts/claim/", {"link": "/l/nothere12", "token": "x" * 20})
    assert response.status_code == 400
    assert response.context["form"].errors["link"]


def test_claiming_needs_a_signed_in_player(client: Client) -> None:
    saved = SavedListFactory.create()
    response = client.post("/accounts/claim/", {"link": str(saved.pk), "token": saved.edit_token})
    assert response.status_code == 302
    saved.refresh_from_db()
    assert saved.owner is None


def test_the_claim_service_refuses_an_anonymous_user_and_a_wrong_token() -> None:
    from django.contrib.auth.models import AnonymousUser

    saved = SavedListFactory.create()
    with pytest.raises(ApplicationError) as anonymous:
        list_claim(saved_list=saved, user=AnonymousUser(), token=saved.edit_token)
    assert anonymous.value.status == 403
    with pytest.raises(ApplicationError) as wrong:
        list_claim(saved_list=saved, user=UserFactory.create(), token="")
    assert wrong.value.status == 403


def test_a_stranger_cannot_change_my_list_through_the_api_once_claimed() -> None:
    me, stranger = UserFactory.create(username="me"), UserFactory.create(username="stranger")
    saved = SavedListFactory.create(owner=me)
    response = signed_in(stranger).delete(f"/api/v1/lists/{saved.pk}/")
    assert response.status_code == 403
    assert signed_in(me).get(f"/api/v1/lists/{saved.pk}/").status_code == 200
