"""Muster in four languages: every interface string is translated, every page renders in each language
with no English interface string left, game terms follow the seeds, card names stay English and
searchable, and the language follows the browser until the player picks one.

How "untranslated" is caught:
- the catalogues are complete: the strings the code marks today (extracted as ``make messages`` does)
  each have a translation, not fuzzy, in hu, ru and pl, and the committed .mo files match the .po files;
- every page (each URL pattern without parameters, a page per game and per card kind, a saved list,
  the account and collection pages) is rendered in each language, and no visible text or attribute
  (title, placeholder, aria-label, button value) equals an English msgid whose translation differs.
"""

from __future__ import annotations

import gettext as pygettext
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.contrib.auth.tokens import default_token_generator
from django.core.management import call_command
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.urls.exceptions import Resolver404
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from catalogue.models import Card
from tests.factories import DDM_WARBAND, SavedListFactory, UserFactory

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("hu", "ru", "pl")
# What `make messages` leaves out (the Makefile's MESSAGES_IGNORE).
IGNORE = [".venv", "catalogue/data/*", "tests/*", "bench/*", "scripts/*", "staticfiles/*"]
SOURCE_DIRS = ("builder", "catalogue", "config", "simulate", "validation", "templates")


# ------------------------------------------------------------------------------------ the catalogues


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def po_entries(path: Path) -> dict[tuple[str, str], dict[str, Any]]:
    """``{(msgctxt, msgid): {"plural": bool, "msgstr": [forms], "fuzzy": bool}}`` of a .po file."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        current = ""
        fuzzy = False
        for line in block.splitlines():
            if line.startswith("#,") and "fuzzy" in line:
                fuzzy = True
            if line.startswith("#"):
                continue
            match = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) "(.*)"$', line)
            if match:
                current = match.group(1)
                fields[current] = match.group(2)
            elif line.startswith('"') and current:
                fields[current] += line[1:-1]
        if "msgid" not in fields or fields["msgid"] == "":
            continue
        forms = [_unquote(v) for k, v in sorted(fields.items()) if k.startswith("msgstr")]
        out[(_unquote(fields.get("msgctxt", "")), _unquote(fields["msgid"]))] = {
            "plural": "msgid_plural" in fields,
            "msgstr": forms,
            "fuzzy": fuzzy,
        }
    return out


def committed_po(language: str) -> Path:
    return ROOT / "locale" / language / "LC_MESSAGES" / "django.po"


@pytest.fixture(scope="module")
def extracted(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], dict[str, Any]]:
    """The strings the code marks today, extracted the way ``make messages`` does, in a scratch copy."""
    if shutil.which("xgettext") is None:
        pytest.fail("gettext is not installed: `make test` installs it (apt-get install gettext)")
    tree = tmp_path_factory.mktemp("messages")
    for name in SOURCE_DIRS:
        for path in (ROOT / name).rglob("*"):
            relative = path.relative_to(ROOT)
            if path.suffix not in {".py", ".html", ".txt"} or "data" in relative.parts[:2]:
                continue
            if "migrations" in relative.parts or "__pycache__" in relative.parts:
                continue
            target = tree / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    (tree / "locale").mkdir()
    cwd = os.getcwd()
    os.chdir(tree)
    try:
        with override_settings(LOCALE_PATHS=[tree / "locale"]):
            call_command("makemessages", locale=["hu"], ignore_patterns=IGNORE, no_obsolete=True, verbosity=0)
    finally:
        os.chdir(cwd)
    return po_entries(tree / "locale" / "hu" / "LC_MESSAGES" / "django.po")


def test_the_code_marks_interface_strings_for_translation(extracted: dict[tuple[str, str], Any]) -> None:
    assert ("", "My collection") in extracted
    assert ("", "Skip to content") in extracted


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_marked_string_has_a_translation(language: str, extracted: dict[tuple[str, str], Any]) -> None:
    catalogue = po_entries(committed_po(language))
    missing = sorted(key[1] for key in extracted if key not in catalogue)
    untranslated = sorted(
        key[1] for key in extracted
        if key in catalogue and (catalogue[key]["fuzzy"] or not all(catalogue[key]["msgstr"]))
    )
    assert not missing, (
        f"{len(missing)} strings are not in locale/{language}: run `make messages`, translate them, run it again: "
        f"{missing[:20]}"
    )
    assert not untranslated, f"{len(untranslated)} strings lack a {language} translation: {untranslated[:20]}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_compiled_catalogue_matches_its_po_file(language: str, tmp_path: Path) -> None:
    po = committed_po(language)
    compiled = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(compiled), str(po)], check=True, capture_output=True)
    with compiled.open("rb") as fresh, po.with_suffix(".mo").open("rb") as committed:
        expected = pygettext.GNUTranslations(fresh)._catalog  # type: ignore[attr-defined]
        actual = pygettext.GNUTranslations(committed)._catalog  # type: ignore[attr-defined]
    assert actual == expected, f"locale/{language}/LC_MESSAGES/django.mo is stale: run `make messages`"


# -------------------------------------------------------------------------------------- the pages


class _Text(HTMLParser):
    """Visible text and the attributes a person reads, outside ``translate="no"`` and scripts."""

    ATTRIBUTES = ("title", "placeholder", "aria-label", "alt")
    VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.stack: list[bool] = []  # per open element: is it (or an ancestor) excluded?
        self.lang = ""

    def _excluded(self) -> bool:
        return bool(self.stack) and self.stack[-1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "html":
            self.lang = values.get("lang") or ""
        excluded = self._excluded() or values.get("translate") == "no" or tag in ("script", "style", "code", "pre")
        if not excluded:
            for name in self.ATTRIBUTES:
                if values.get(name):
                    self.texts.append(str(values[name]))
            if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
                self.texts.append(str(values["value"]))
        if tag not in self.VOID:
            self.stack.append(excluded)

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not self._excluded() and data.strip():
            self.texts.append(data)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def page_texts(html: str) -> tuple[str, list[str]]:
    parser = _Text()
    parser.feed(html)
    return parser.lang, [_norm(t) for t in parser.texts if _norm(t)]


def _english_msgids(language: str) -> dict[str, str]:
    """English msgids whose translation in ``language`` differs from the English, without placeholders."""
    out = {}
    for (_, msgid), entry in po_entries(committed_po(language)).items():
        if entry["plural"] or "%(" in msgid or "%s" in msgid:
            continue
        translation = entry["msgstr"][0] if entry["msgstr"] else ""
        if _norm(translation) != _norm(msgid):
            out[_norm(msgid)] = translation
    return out


def _static_urls() -> list[str]:
    """Every URL pattern without parameters that answers a person's GET with a page."""
    skip = re.compile(r"^/(admin/|api/|i18n/|healthz|static/|favicon)|\.csv$|/logout/$")

    def walk(patterns: list[URLPattern | URLResolver], prefix: str) -> Iterator[str]:
        for p in patterns:
            route = str(p.pattern)
            if isinstance(p, URLResolver):
                yield from walk(p.url_patterns, prefix + route)
            elif "<" not in route and "(?P" not in route and "^" not in route:
                yield "/" + prefix + route

    return sorted({u for u in walk(get_resolver().url_patterns, "") if not skip.search(u)})


def _resolves(url: str) -> bool:
    try:
        resolve(url.split("?")[0])
    except Resolver404:
        return False
    return True


def _detail_urls() -> list[str]:
    urls = []
    games = Card.objects.values_list("game__slug", flat=True).distinct().order_by("game__slug")
    for game in games:
        urls.append(f"/catalogue/{game}/")
        for url in (f"/build/{game}/", f"/collection/{game}/", f"/collection/{game}/?q=a"):
            if _resolves(url):
                urls.append(url)
    kinds = Card.objects.values_list("game__slug", "ruleset__slug", "kind").distinct()
    for game, ruleset, kind in sorted(set(kinds)):
        card = Card.objects.filter(game__slug=game, ruleset__slug=ruleset, kind=kind).order_by("pk").first()
        assert card is not None
        urls.append(f"/catalogue/{game}/{ruleset}/{card.slug}/")
    return urls


def _matchup_urls() -> list[str]:
    """A finished matchup (its answer, plots and replay; list A breaks a rule and names a card the catalogue
    lacks) and one waiting for a worker (its progress bar). Made in the walk's transaction: no worker runs."""
    from simulate.services import matchup_chunk_run, matchup_create, matchup_finish
    from tests.simulate.matchups import CHAOTIC, LAWFUL

    illegal = {**LAWFUL, "entries": [*LAWFUL["entries"], {"card": "Goblin Archr"}]}
    done = matchup_create(a=illegal, b=CHAOTIC, battles=2, seed=3)
    for index in range(done.chunk_count):
        matchup_chunk_run(matchup_id=str(done.id), index=index)
    matchup_finish(matchup_id=str(done.id))
    waiting = matchup_create(a=LAWFUL, b=CHAOTIC, battles=20, seed=1)
    return [f"/matchups/{done.id}/", f"/matchups/{waiting.id}/"]


@pytest.fixture(scope="module")
def walk(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[str, Any]]:
    """A player with a saved list and a few owned items; every page to walk (signed in and out)."""
    with django_db_blocker.unblock():
        from django.db import transaction

        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            user: User = UserFactory.create(username="walker")
            saved = SavedListFactory.create(owner=user, document=DDM_WARBAND)
            uid = urlsafe_base64_encode(force_bytes(user.pk))
            token = default_token_generator.make_token(user)
            urls = _static_urls() + _detail_urls() + [
                f"/collection/shortfall/?list={saved.pk}",
                "/collection/ddm/?set=war-drums",
                f"/accounts/password/reset/{uid}/{token}/",
            ]
            shared = f"/l/{saved.share_code}"
            if _resolves(shared):
                urls.append(shared)
            urls += _matchup_urls()
            yield {"user": user, "urls": urls, "anonymous": ["/accounts/login/", "/accounts/signup/", "/"]}
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


# Interface strings a page still shows untranslated, by a regular expression of the URL -> English texts. The
# test fails when an entry is no longer needed, so this list only shrinks (it is empty: keep it so).
KNOWN_GAPS: dict[str, set[str]] = {}


def _known_gap(url: str, text: str) -> str | None:
    for prefix, texts in KNOWN_GAPS.items():
        if re.search(prefix, url) and text in texts:
            return prefix
    return None


def _get(client: Client, url: str, language: str) -> Any:
    client.cookies["django_language"] = language
    response = client.get(url, follow=url.startswith("/accounts/password/reset/"))
    return response


@pytest.mark.django_db  # with the other database tests, before any transactional test empties the catalogue
def test_the_walk_covers_the_account_collection_and_catalogue_pages(walk: dict[str, Any]) -> None:
    urls = walk["urls"]
    for expected in ("/accounts/lists/", "/accounts/claim/", "/collection/", "/collection/import/",
                     "/collection/shortfall/", "/catalogue/", "/about/sources/", "/accounts/password/change/",
                     "/matchups/new/"):
        assert expected in urls
    assert sum(re.fullmatch(r"/matchups/[0-9a-f-]{36}/", u) is not None for u in urls) == 2
    assert any(u.startswith("/catalogue/ddm/seed/") for u in urls)
    assert any(u.startswith("/catalogue/stronghold/default/") for u in urls)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_every_page_renders_in_every_language_with_no_english_interface_string(
    language: str, walk: dict[str, Any]
) -> None:
    english = _english_msgids(language) if language != "en" else {}
    signed_in = Client()
    signed_in.force_login(walk["user"])
    problems: list[str] = []
    gaps_seen: set[tuple[str, str]] = set()
    pages = [(signed_in, u) for u in walk["urls"] if u not in walk["anonymous"]]
    pages += [(Client(), u) for u in walk["anonymous"]]
    for client, url in pages:
        response = _get(client, url, language)
        if response.status_code != 200:
            problems.append(f"{url}: status {response.status_code}")
            continue
        lang, texts = page_texts(response.content.decode())
        if lang != language:
            problems.append(f'{url}: <html lang="{lang}">')
        for text in texts:
            if text in english and (gap := _known_gap(url, text)):
                gaps_seen.add((gap, text))
            elif text in english:
                problems.append(f"{url}: {text!r} is English (the {language} catalogue says {english[text]!r})")
    if language != "en":
        stale = sorted(f"{prefix} {text!r}" for prefix, texts in KNOWN_GAPS.items() for text in texts
                       if (prefix, text) not in gaps_seen)
        problems += [f"KNOWN_GAPS lists {gap}, which is translated now: delete it there" for gap in stale]
    assert not problems, "\n".join(sorted(set(problems))[:40])


# ---------------------------------------------------------------------------------- what a player sees


@pytest.mark.django_db
def test_the_browsers_language_is_the_default_and_the_html_says_which() -> None:
    for header, lang in (("hu-HU,hu;q=0.9,en;q=0.5", "hu"), ("ru", "ru"), ("pl-PL", "pl"), ("de-DE", "en")):
        html = Client().get("/", HTTP_ACCEPT_LANGUAGE=header).content.decode()
        assert f'<html lang="{lang}">' in html


@pytest.mark.django_db
def test_the_switcher_keeps_the_chosen_language_over_the_browsers() -> None:
    client = Client()
    response = client.post("/i18n/setlang/", {"language": "pl", "next": "/catalogue/"})
    assert response.status_code == 302
    assert response["Location"] == "/catalogue/"
    page = client.get("/catalogue/", HTTP_ACCEPT_LANGUAGE="hu")
    assert '<html lang="pl">' in page.content.decode()
    assert "Katalog" in page.content.decode()


@pytest.mark.django_db
def test_the_switcher_refuses_to_send_a_player_elsewhere() -> None:
    response = Client().post("/i18n/setlang/", {"language": "hu", "next": "https://evil.example/"})
    assert response.status_code == 302
    assert response["Location"] == "/"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "url", "terms"),
    [
        # DDM from seeds 000 (hu) and 003 (pl)
        ("hu", "/", ["harccsapatokat"]),
        ("pl", "/", ["drużyny"]),
        ("hu", "/catalogue/ddm/seed/wood-elf-ranger/", ["Különleges képességek"]),
        ("pl", "/catalogue/ddm/seed/wood-elf-ranger/", ["Zdolności Specjalne"]),
        # Dungeon Command from seed 001 (ru)
        ("ru", "/collection/", ["карты: существа, приказы, командиры, плитки"]),
        # BattleLore (004) and Stronghold (002) in Hungarian
        ("hu", "/collection/", ["egységek", "lapkák"]),
    ],
)
def test_game_terms_follow_the_seeds(language: str, url: str, terms: list[str]) -> None:
    client = Client()
    client.force_login(UserFactory.create())
    client.cookies["django_language"] = language
    html = client.get(url).content.decode()
    for term in terms:
        assert term in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_card_names_stay_english_and_searchable_in_every_language(language: str) -> None:
    client = Client()
    client.cookies["django_language"] = language
    html = client.get("/catalogue/ddm/", {"search": "Wood Elf Ranger"}).content.decode()
    assert "Wood Elf Ranger" in html
    client.force_login(UserFactory.create())
    html = client.get("/collection/dungeon-command/", {"q": "goblin archer"}).content.decode()
    assert "Goblin Archer" in html


# A page a player reads names no file of ours or of a source repository, no JSON pointer and no field of the
# list document or a rule's parameter: books by their titles, controls by their labels, cards by their names.
UNREADABLE = re.compile(
    r"\b\d{3}_[0-9a-f]{16}\b|\b[\w-]+\.(?:md|txt|java|py|json|xml)\b|(?<![\w/])/(?:entries|orders|commanders|plan|"
    r"deployment|pool)/\d|\b(?:points_limit|max_creatures|battle_map|commander_zero|map_required|is_commander|"
    r"epic_map_required|commander_required_severity|minions_from_pool)\b|\bskirmish-\d+\b|\bddm-guild\b|§"
)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_no_page_shows_a_file_name_a_pointer_or_a_field_name(language: str, walk: dict[str, Any]) -> None:
    signed_in = Client()
    signed_in.force_login(walk["user"])
    problems: list[str] = []
    pages = [(signed_in, u) for u in walk["urls"] if u not in walk["anonymous"]]
    pages += [(Client(), u) for u in walk["anonymous"]]
    for client, url in pages:
        response = _get(client, url, language)
        if response.status_code != 200:
            continue
        _lang, texts = page_texts(response.content.decode())
        for text in texts:
            shown = re.sub(r"https?://\S+", "", text)  # a web page's address is a link, not a file of ours
            if found := UNREADABLE.search(shown):
                problems.append(f"{url}: {found.group(0)!r} in {text[:120]!r}")
    assert not problems, "\n".join(sorted(set(problems))[:40])
