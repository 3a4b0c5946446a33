"""Pages a player lands on by mistake or misfortune: 404 and 500 with the site's navigation in their
language, a favicon, and a list with nothing in it called empty, never legal."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("language", "words"), [("en", "There is no such page"), ("hu", "Nincs ilyen oldal"),
                                                  ("ru", "Такой страницы нет"), ("pl", "Nie ma takiej strony")])
def test_an_unknown_page_is_a_404_with_the_sites_navigation_in_the_readers_language(language: str, words: str) -> None:
    client = Client()
    client.cookies["django_language"] = language
    for url in ("/no/such/page/", "/l/NOSUCHCODE", "/catalogue/ddm/seed/no-such-card/"):
        response = client.get(url)
        html = response.content.decode()
        assert response.status_code == 404, url
        assert f'<html lang="{language}">' in html and '<header class="site">' in html
        assert 'href="/build/"' in html and 'href="/catalogue/"' in html
        if url == "/no/such/page/":
            assert words in html


@override_settings(ROOT_URLCONF="tests.urls_broken", DEBUG=False)
def test_a_server_error_is_a_500_page_with_the_sites_navigation() -> None:
    client = Client(raise_request_exception=False)
    client.cookies["django_language"] = "pl"
    response = client.get("/broken/")
    html = response.content.decode()
    assert response.status_code == 500
    assert '<html lang="pl">' in html and '<header class="site">' in html
    assert "Coś poszło nie tak po naszej stronie" in html and "a page that fails" not in html


def test_every_page_names_its_icon_and_the_browsers_default_request_finds_it() -> None:
    html = Client().get("/").content.decode()
    assert '<link rel="icon" href="/static/img/favicon.svg" type="image/svg+xml">' in html
    assert finders.find("img/favicon.svg")
    response = Client().get("/favicon.ico")
    assert response.status_code == 301 and response["Location"] == "/static/img/favicon.svg"


@pytest.mark.parametrize("game", ["ddm", "dungeon-command", "battlelore2", "stronghold"])
def test_a_list_with_nothing_in_it_is_never_called_legal(game: str) -> None:
    html = Client().get(f"/build/{game}/").content.decode()
    assert 'class="verdict-short legal"' not in html and ">Legal<" not in html
    assert "Empty: nothing to check yet" in html or 'class="verdict-short illegal"' in html
