"""Catalogue imports never undo or destroy people's work: a reviewed correction survives re-imports (and an
import that changes the same field reports the conflict); a card that leaves the data is retired, not deleted
(collection entries and lists keep it, shown as no longer in the catalogue); a rename keeps the old name."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from builder.models import CollectionItem
from builder.services import list_create
from catalogue import models as m
from catalogue.services import card_correct, catalogue_import, catalogue_version_label
from validation.services import list_validate

GOOD = Path(__file__).parent.parent / "catalogue" / "fixtures" / "import" / "good.json"

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_catalogue")]


def _data() -> dict[str, Any]:
    return json.loads(GOOD.read_text())


def _write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "test-drums.json"  # one data file, imported again and again under the same name
    path.write_text(json.dumps(data))
    return path


def _mauler() -> m.DdmCreature:
    return m.DdmCreature.objects.get(slug="orc-mauler")


def _card(data: dict[str, Any], slug: str) -> dict[str, Any]:
    return next(c for c in data["cards"] if c["slug"] == slug)


def _unknown(document: dict[str, Any]) -> list[Any]:
    """The findings about names the catalogue does not know (the fixture's cards lack costs: other findings)."""
    result = list_validate(document=document)
    return [f for f in [*result["violations"], *result["warnings"]] if f["rule"].startswith("list.")]


def test_a_reviewed_correction_survives_a_reimport_of_the_same_data(tmp_path: Path) -> None:
    path = _write(tmp_path, _data())
    assert catalogue_import(paths=[path]).ok
    card_correct(card=_mauler(), values={"hp": 60, "cost": 22}, reason="the printed card says so")
    corrected = catalogue_version_label()
    report = catalogue_import(paths=[path])
    assert report.ok and not report.new_version
    assert (_mauler().hp, _mauler().cost) == (60, 22)
    assert catalogue_version_label() == corrected
    assert report.files[0].conflicts == []


def test_an_import_that_changes_a_corrected_field_keeps_the_correction_and_reports_the_conflict(
        tmp_path: Path) -> None:
    data = _data()
    path = _write(tmp_path, data)
    catalogue_import(paths=[path])
    card_correct(card=_mauler(), values={"hp": 60}, reason="the printed card says so")
    changed = copy.deepcopy(data)
    _card(changed, "orc-mauler")["hp"] = 65
    _card(changed, "orc-mauler")["speed"] = 8  # a field nobody corrected follows the data
    report = catalogue_import(paths=[_write(tmp_path, changed)])
    assert _mauler().hp == 60 and _mauler().speed == 8
    assert len(report.files[0].conflicts) == 1
    assert "orc-mauler" in report.files[0].conflicts[0] and "hp" in report.files[0].conflicts[0]


def test_the_data_catching_up_with_a_correction_is_no_conflict(tmp_path: Path) -> None:
    data = _data()
    catalogue_import(paths=[_write(tmp_path, data)])
    card_correct(card=_mauler(), values={"hp": 60}, reason="the printed card says so")
    _card(data, "orc-mauler")["hp"] = 60
    report = catalogue_import(paths=[_write(tmp_path, data)])
    assert report.files[0].conflicts == [] and _mauler().hp == 60


def test_a_card_that_leaves_the_data_is_retired_and_collections_and_lists_keep_it(tmp_path: Path,
                                                                                   client: Client) -> None:
    data = _data()
    catalogue_import(paths=[_write(tmp_path, data)])
    owner = User.objects.create_user("keeper", password="a long enough password")
    ranger = m.Card.objects.get(slug="wood-elf-ranger")
    CollectionItem.objects.create(owner=owner, card=ranger, quantity=3)
    document = {"game": "ddm", "format": "skirmish-200", "faction": "CG", "entries": [{"card": "Wood Elf Ranger"}]}
    saved, _token = list_create(document=document)

    without = copy.deepcopy(data)
    without["cards"] = [c for c in without["cards"] if c["slug"] != "wood-elf-ranger"]
    report = catalogue_import(paths=[_write(tmp_path, without)])
    assert report.files[0].removed == 1
    ranger.refresh_from_db()
    assert ranger.retired
    assert CollectionItem.objects.get(owner=owner).card_id == ranger.pk
    assert saved.versions.get().document == document  # the list's text is never changed
    [finding] = _unknown(document)
    assert finding["message"] == "Wood Elf Ranger is no longer in the ddm catalogue."
    listed = client.get("/api/v1/cards/?game=ddm&page_size=100").json()
    assert "wood-elf-ranger" not in json.dumps(listed) and "orc-mauler" in json.dumps(listed)
    page = client.get("/catalogue/ddm/seed/wood-elf-ranger/")
    assert "no longer in the catalogue" in page.content.decode()

    back = catalogue_import(paths=[_write(tmp_path, data)])
    assert back.files[0].added == 1
    ranger.refresh_from_db()
    assert not ranger.retired
    assert CollectionItem.objects.get(owner=owner).quantity == 3
    assert _unknown(document) == []


def test_a_renamed_card_is_still_found_by_its_old_name(tmp_path: Path) -> None:
    data = _data()
    catalogue_import(paths=[_write(tmp_path, data)])
    document = {"game": "ddm", "format": "skirmish-200", "faction": "CG", "entries": [{"card": "Wood Elf Ranger"}]}
    assert _unknown(document) == []
    _card(data, "wood-elf-ranger")["name"] = "Wood-Elf Ranger of the Glade"
    catalogue_import(paths=[_write(tmp_path, data)])
    assert _unknown(document) == []
    assert m.Card.objects.get(slug="wood-elf-ranger").name == "Wood-Elf Ranger of the Glade"
