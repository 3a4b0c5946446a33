"""Reporting a wrong or missing number, and an editor's correction that moves the catalogue version."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.contrib.auth.models import Permission, User
from django.core.cache import cache
from django.test import Client

from catalogue import models as m
from catalogue.selectors import card_get
from catalogue.services import card_correct, card_report_create, catalogue_digest, catalogue_version_label
from config.errors import ApplicationError

REPORT_URL = "/catalogue/ddm/seed/orc-mauler/report/"
MARKUP = '<script>alert("x")</script><b>bold</b>'

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue(catalogue: None) -> None:
    """The fixture catalogue (conftest.py), with no report counted yet: the report rate limit lives in the cache."""
    cache.clear()


def mauler() -> m.Card:
    card = card_get(game="ddm", ruleset="seed", slug="orc-mauler")
    assert card is not None
    return card


def good(**overrides: str) -> dict[str, str]:
    return {"field": "cost", "proposed_value": "12", "source": "The printed War Drums card", **overrides}


# -------------------------------------------------------------------------------------------- the form


def test_a_report_is_stored_with_what_the_page_showed_and_the_player_is_thanked(
    client: Client, catalogue: None
) -> None:
    response = client.post(REPORT_URL, good(field="hp", proposed_value="50", message="My card says 50"))
    assert response.status_code == 303
    assert response["Location"] == "/catalogue/ddm/seed/orc-mauler/?reported=1#report"
    report = m.CardReport.objects.get()
    assert (report.game, report.ruleset, report.slug, report.card_name) == ("ddm", "seed", "orc-mauler", "Orc Mauler")
    assert (report.field, report.shown_value, report.proposed_value) == ("hp", "55", "50")
    assert report.status == "open" and report.catalogue_version == catalogue_version_label()
    assert "Thank you" in client.get(response["Location"]).content.decode()


def test_a_missing_number_is_reported_as_shown_missing(client: Client, catalogue: None) -> None:
    assert client.post(REPORT_URL, good(field="cost", proposed_value="")).status_code == 303
    report = m.CardReport.objects.get()
    assert report.shown_value == "" and report.proposed_value == ""


def test_an_htmx_report_answers_with_the_form_part_only(client: Client, catalogue: None) -> None:
    response = client.post(REPORT_URL, good(), headers={"HX-Request": "true"})
    assert response.status_code == 201
    text = response.content.decode()
    assert text.startswith('<section id="report"') and "Thank you" in text
    bad = client.post(REPORT_URL, good(source=""), headers={"HX-Request": "true"})
    assert bad.status_code == 400
    assert bad.content.decode().startswith('<section id="report"') and "This field is required." in bad.content.decode()


def test_the_form_needs_its_csrf_token(catalogue: None) -> None:
    browser = Client(enforce_csrf_checks=True)
    assert browser.post(REPORT_URL, good()).status_code == 403
    page = browser.get("/catalogue/ddm/seed/orc-mauler/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token
    assert browser.post(REPORT_URL, {**good(), "csrfmiddlewaretoken": token.group(1)}).status_code == 303
    assert m.CardReport.objects.count() == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (good(source=""), "This field is required."),
        (good(source="  "), "This field is required."),
        (good(source="x"), "Say where the right number comes from."),
        (good(source="s" * 1001), "at most 1000 characters"),
        (good(field="colour"), "Select a valid choice."),
        (good(field="hp", proposed_value="fifty"), "A whole number"),
        (good(proposed_value="1" * 101), "at most 100 characters"),
        (good(message="m" * 2001), "at most 2000 characters"),
        ({"source": "card"}, "This field is required."),
    ],
)
def test_bad_input_is_a_400_with_the_form_and_its_errors_and_stores_nothing(
    client: Client, catalogue: None, data: dict[str, str], message: str
) -> None:
    response = client.post(REPORT_URL, data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert '<section id="report"' in response.content.decode()
    assert m.CardReport.objects.count() == 0


def test_markup_in_a_report_is_stored_as_typed_and_shown_escaped(
    client: Client, admin_client: Client, catalogue: None
) -> None:
    echoed = client.post(REPORT_URL, good(source="", message=MARKUP))
    assert echoed.status_code == 400
    assert "<script>" not in echoed.content.decode().split('id="report"')[1]
    assert "&lt;script&gt;" in echoed.content.decode()
    assert client.post(REPORT_URL, good(source=MARKUP, message=MARKUP, proposed_value="")).status_code == 303
    report = m.CardReport.objects.get()
    assert report.source == MARKUP and report.message == MARKUP
    page = admin_client.get(f"/admin/catalogue/cardreport/{report.pk}/change/").content.decode()
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt;" in page
    assert MARKUP not in page
    listing = admin_client.get("/admin/catalogue/cardreport/").content.decode()
    assert "<b>bold</b>" not in listing


def test_reports_are_rate_limited_per_client(client: Client, catalogue: None, settings: Any) -> None:
    settings.MUSTER_REPORTS_PER_HOUR = 2
    assert client.post(REPORT_URL, good()).status_code == 303
    assert client.post(REPORT_URL, good()).status_code == 303
    refused = client.post(REPORT_URL, good())
    assert refused.status_code == 429
    assert "Too many reports" in refused.content.decode()
    assert m.CardReport.objects.count() == 2
    other = Client(REMOTE_ADDR="192.0.2.7")
    assert other.post(REPORT_URL, good()).status_code == 303


def test_reporting_an_unknown_card_is_404_and_get_is_not_allowed(client: Client, catalogue: None) -> None:
    assert client.post("/catalogue/ddm/seed/no-such-card/report/", good()).status_code == 404
    assert client.get(REPORT_URL).status_code == 405


def test_the_service_checks_what_the_form_checks(catalogue: None) -> None:
    with pytest.raises(ApplicationError) as exc:
        card_report_create(card=mauler(), field="colour", source="")
    assert set(exc.value.fields) == {"/field", "/source"}
    report = card_report_create(card=mauler(), field="attacks", source="the card", proposed_value="+12 (15)")
    assert json.loads(report.shown_value)[0]["bonus"] == 11


# ------------------------------------------------------------------------------------------ corrections


def test_a_correction_records_a_new_version_with_old_and_new_values(client: Client, catalogue: None) -> None:
    before = catalogue_version_label()
    report = card_report_create(card=mauler(), field="cost", source="the printed card", proposed_value="12")
    version = card_correct(card=mauler(), values={"cost": 12, "factions": ["LE"]}, reason="printed card", report=report)
    assert version is not None and version.label != before
    assert catalogue_version_label() == version.label
    change = version.changes.get()
    assert (change.game, change.ruleset, change.slug, change.action) == ("ddm", "seed", "orc-mauler", "changed")
    assert change.fields == {"cost": [None, 12], "factions": [None, ["LE"]]}
    assert change.reason == "printed card"
    report.refresh_from_db()
    assert report.status == "corrected" and report.correction == version and report.reviewed is not None
    page = client.get("/catalogue/ddm/seed/orc-mauler/").content.decode()
    assert re.search(r'data-stat="cost".*?12', page, re.S)
    assert client.get("/api/v1/cards/ddm/seed/orc-mauler/").json()["stats"]["cost"] == 12
    assert client.get("/api/v1/cards/", {"faction": "LE", "search": "mauler"}).json()["count"] == 1


def test_a_corrections_label_is_the_digest_of_the_whole_catalogue_as_stored(catalogue: None) -> None:
    """A correction reads only its card's file again for the new label (catalogue.services): the label is still
    the whole catalogue's digest, and the same data has the same label whichever way it was reached."""
    ogre = card_get(game="dungeon-command", ruleset="default", slug="ogre")
    assert ogre is not None
    start = catalogue_version_label()
    labels = []
    for card, values in ((mauler(), {"cost": 12}), (ogre, {"hp": 99}), (mauler(), {"cost": None}),
                         (ogre, {"hp": 100})):
        version = card_correct(card=card, values=values, reason="a test's correction")
        assert version is not None
        assert version.label == catalogue_digest() == catalogue_version_label(), "the whole catalogue's digest"
        labels.append(version.label)
    assert len(set(labels)) == 4 and start not in labels[:3]
    assert labels[3] == start, "every correction undone: the data it started from, and its label"


def test_undoing_a_correction_gives_back_the_label_the_data_had(catalogue: None) -> None:
    start = catalogue_version_label()
    assert card_correct(card=mauler(), values={"speed": 4}, reason="a test's correction") is not None
    undone = card_correct(card=mauler(), values={"speed": 6}, reason="undone")
    assert undone is not None and undone.label == start, "the same data, the same label"


def test_a_correction_can_make_a_number_missing_and_fix_an_attack(catalogue: None) -> None:
    version = card_correct(
        card=mauler(), values={"hp": None, "attacks": [{"kind": "melee", "bonus": 12, "damage": 15}]}, reason="typo"
    )
    assert version is not None
    card = mauler()
    assert isinstance(card, m.DdmCreature)
    assert card.hp is None
    assert [(a.bonus, a.damage) for a in card.attacks.all()] == [(12, 15)]
    assert version.changes.get().fields["hp"] == [55, None]


def test_a_correction_that_changes_nothing_makes_no_version(catalogue: None) -> None:
    count = m.CatalogueVersion.objects.count()
    assert card_correct(card=mauler(), values={"hp": 55}, reason="checked") is None
    assert m.CatalogueVersion.objects.count() == count


@pytest.mark.parametrize(
    ("values", "field"),
    [
        ({"hp": "55"}, "/hp"),
        ({"cost": -1}, "/cost"),
        ({"size": "Enormous"}, "/size"),
        ({"factions": ["blood-of-gruumsh"]}, "/factions"),
        ({"slug": "orc-basher"}, "/slug"),
        ({"kind": "miniature"}, "/kind"),
        ({"colour": "green"}, "/colour"),
        ({"miniature": "no-such-figure"}, "/miniature"),
    ],
)
def test_a_bad_correction_is_refused_and_changes_nothing(
    catalogue: None, values: dict[str, Any], field: str
) -> None:
    before = catalogue_version_label()
    with pytest.raises(ApplicationError) as exc:
        card_correct(card=mauler(), values=values, reason="test")
    assert field in exc.value.fields
    assert catalogue_version_label() == before
    card = mauler()
    assert isinstance(card, m.DdmCreature) and card.hp == 55 and card.cost is None


def test_a_correction_needs_a_reason(catalogue: None) -> None:
    with pytest.raises(ApplicationError):
        card_correct(card=mauler(), values={"cost": 5}, reason=" ")


# ------------------------------------------------------------------------------------------- the admin


def test_an_editor_corrects_a_card_in_the_admin_answering_a_report(admin_client: Client, catalogue: None) -> None:
    card = mauler()
    report = card_report_create(card=card, field="cost", source="the printed card", proposed_value="12")
    change_page = admin_client.get(f"/admin/catalogue/card/{card.pk}/change/").content.decode()
    assert f"/admin/catalogue/card/{card.pk}/correct/" in change_page
    report_page = admin_client.get(f"/admin/catalogue/cardreport/{report.pk}/change/").content.decode()
    assert f"/admin/catalogue/card/{card.pk}/correct/?report={report.pk}" in report_page

    url = f"/admin/catalogue/card/{card.pk}/correct/?report={report.pk}"
    form = admin_client.get(url)
    assert form.status_code == 200
    textarea = re.search(r"<textarea[^>]*>(.*?)</textarea>", form.content.decode(), re.S)
    assert textarea
    record = json.loads(html.unescape(textarea.group(1)))
    assert record["hp"] == 55 and "cost" not in record
    record["cost"] = 12
    del record["level"]
    response = admin_client.post(url, {"record": json.dumps(record), "reason": "printed card", "report": report.pk})
    assert response.status_code == 302, response.content.decode()[:2000]
    change = m.CatalogueChange.objects.filter(slug="orc-mauler").latest("id")
    assert change.fields == {"cost": [None, 12], "level": [6, None]}
    report.refresh_from_db()
    assert report.status == "corrected" and report.reviewer is not None


def test_a_bad_correction_in_the_admin_shows_the_error(admin_client: Client, catalogue: None) -> None:
    card = mauler()
    url = f"/admin/catalogue/card/{card.pk}/correct/"
    record = {"kind": "creature", "slug": "orc-mauler", "name": "Orc Mauler", "source": "s", "hp": "lots"}
    response = admin_client.post(url, {"record": json.dumps(record), "reason": "r"})
    assert response.status_code == 200
    assert "must be a whole number" in response.content.decode()
    not_json = admin_client.post(url, {"record": "{nope", "reason": "r"})
    assert "Enter a valid JSON" in not_json.content.decode()


def test_only_editors_with_the_change_permission_may_correct(client: Client, catalogue: None) -> None:
    user = User.objects.create_user("clerk", password="pw", is_staff=True)
    user.user_permissions.add(Permission.objects.get(codename="view_card"))
    client.force_login(user)
    card = mauler()
    assert client.get(f"/admin/catalogue/card/{card.pk}/correct/").status_code == 403
    user.user_permissions.add(Permission.objects.get(codename="change_card"))
    client.force_login(User.objects.get(pk=user.pk))
    assert client.get(f"/admin/catalogue/card/{card.pk}/correct/").status_code == 200


def test_reports_can_be_rejected_in_bulk(admin_client: Client, catalogue: None) -> None:
    first = card_report_create(card=mauler(), field="hp", source="a friend")
    second = card_report_create(card=mauler(), field="ac", source="a friend")
    response = admin_client.post(
        "/admin/catalogue/cardreport/", {"action": "reject", "_selected_action": [first.pk, second.pk]}
    )
    assert response.status_code == 302
    assert set(m.CardReport.objects.values_list("status", flat=True)) == {"rejected"}
    assert admin_client.get("/admin/catalogue/catalogueversion/").status_code == 200
    assert admin_client.get("/admin/catalogue/cataloguechange/").status_code == 200
    assert admin_client.get("/admin/catalogue/card/?q=mauler").status_code == 200
