"""manage.py backup / restore: everything players own round-trips through one versioned JSON archive."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError

from builder.models import CollectionItem, EnteredCard, ListVersion, SavedList
from builder.services import list_create, list_fork, list_update
from catalogue import models as m
from catalogue.services import card_correct

pytestmark = pytest.mark.django_db

DOC = {"game": "ddm", "format": "skirmish-200", "name": "Heironeous", "faction": "LG",
       "entries": [{"card": "Sword of Heironeous"}, {"card": "Dwarf Axefighter", "qty": 2}], "notes": "a\nb"}


def _people_and_their_work() -> None:
    alice = User.objects.create_user("alice", "alice@example.org", "a long enough password")
    User.objects.create_user("bob", password="another long password")
    saved, _ = list_create(document=DOC, owner=alice)
    list_update(saved_list=saved, document={**DOC, "name": "Heironeous II"}, note="renamed")
    anonymous, _ = list_create(document={**DOC, "name": "Anonymous"})
    list_fork(saved_list=saved)
    # Numbers players typed from their printed cards: one kept with an account, one with an anonymous list.
    for keeper, slug, values in (({"owner": alice}, "kobold-warrior", {"hp": 10, "speed": 6}),
                                 ({"saved_list": anonymous}, "human-thug", {"ac": 14})):
        card = m.Card.objects.get(game__slug="ddm", ruleset__slug="seed", slug=slug)
        EnteredCard.objects.create(**keeper, game="ddm", ruleset="seed", kind=card.kind, slug=slug, name=card.name,
                                   values=values, catalogue_version="test", source="my printed card")
    for card in m.Card.objects.filter(game__slug="ddm", ruleset__slug="seed", kind="miniature")[:3]:
        CollectionItem.objects.create(owner=alice, card=card, quantity=2)
    card_correct(card=m.Card.objects.get(game__slug="ddm", ruleset__slug="seed", slug="dwarf-axefighter"),
                 values={"hp": 41}, reason="printed card", editor=alice)


def _backup(path: Path) -> dict[str, Any]:
    call_command("backup", str(path), stderr=StringIO())
    archive = json.loads(path.read_text())
    archive.pop("created")
    return archive


def test_a_backup_restores_into_an_empty_database_exactly(tmp_path: Path) -> None:
    _people_and_their_work()
    first = _backup(tmp_path / "one.json")
    assert (first["format"], first["version"]) == ("muster-backup", 1)
    assert len(first["lists"]) == 3 and len(first["accounts"]) == 2 and len(first["collections"]) == 3
    assert sorted((e["slug"], e["owner"], bool(e["saved_list"]), e["values"]) for e in first["entered_cards"]) == [
        ("human-thug", None, True, {"ac": 14}), ("kobold-warrior", "alice", False, {"hp": 10, "speed": 6})]
    EnteredCard.objects.all().delete()
    SavedList.objects.all().delete()
    CollectionItem.objects.all().delete()
    m.CardCorrection.objects.all().delete()
    User.objects.all().delete()
    out = StringIO()
    call_command("restore", str(tmp_path / "one.json"), stdout=out)
    assert "lists: 3 added" in out.getvalue()
    assert _backup(tmp_path / "two.json") == first
    alice = User.objects.get(username="alice")
    assert alice.check_password("a long enough password")
    assert ListVersion.objects.filter(saved_list__owner=alice).count() == 2


def test_restoring_twice_adds_nothing_and_changes_nothing(tmp_path: Path) -> None:
    _people_and_their_work()
    first = _backup(tmp_path / "one.json")
    out = StringIO()
    call_command("restore", str(tmp_path / "one.json"), stdout=out)
    assert "lists: 0 added, 3 kept" in out.getvalue()
    assert _backup(tmp_path / "two.json") == first


@pytest.mark.parametrize("text", ['{"format": "something-else"}', '{"format": "muster-backup", "version": 99}',
                                  "not json", '{"format": "muster-backup", "version": 1, "lists": 3}'])
def test_a_file_that_is_not_a_backup_this_muster_reads_exits_2(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(CommandError) as caught:
        call_command("restore", str(path))
    assert caught.value.returncode == 2


def test_a_backup_naming_cards_the_catalogue_lacks_restores_nothing(tmp_path: Path) -> None:
    _people_and_their_work()
    archive = _backup(tmp_path / "one.json")
    archive["collections"][0]["slug"] = "no-such-figure"
    SavedList.objects.all().delete()
    (tmp_path / "bad.json").write_text(json.dumps({**archive, "created": "2026-01-01T00:00:00+00:00"}))
    with pytest.raises(CommandError) as caught:
        call_command("restore", str(tmp_path / "bad.json"))
    assert caught.value.returncode == 2 and "import the catalogue first" in str(caught.value)
    assert not SavedList.objects.exists()
