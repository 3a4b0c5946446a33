"""import_catalogue / export_catalogue: idempotent, all or nothing per file, exact errors, round trip."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from catalogue import dataformat as fmt
from catalogue import models as m
from catalogue.convert import canonical_document
from catalogue.services import catalogue_documents, catalogue_export, catalogue_import, catalogue_version_label

FIXTURES = Path(__file__).parent / "fixtures" / "import"
GOOD = FIXTURES / "good.json"

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_catalogue")]


def good_doc() -> dict[str, Any]:
    return json.loads(GOOD.read_text())


def write(tmp_path: Path, name: str, doc: Any) -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def test_it_imports_a_good_file_with_typed_numbers_and_links() -> None:
    report = catalogue_import(paths=[GOOD])
    assert report.ok
    assert [(f.added, f.changed, f.removed) for f in report.files] == [(3, 0, 0)]
    mauler = m.DdmCreature.objects.get(slug="orc-mauler")
    assert (mauler.speed, mauler.ac, mauler.hp, mauler.level) == (6, 18, 55, 6)
    assert mauler.cost is None, "a number no source gives stays missing"
    assert [(a.kind, a.bonus, a.damage) for a in mauler.attacks.all()] == [("melee", 11, 15)]
    assert mauler.miniature is not None and mauler.miniature.number == 55
    assert mauler.product_set is not None and mauler.product_set.name == "Test Drums"
    ranger = m.DdmCreature.objects.get(slug="wood-elf-ranger")
    assert [(a.bonus, a.damage) for a in ranger.attacks.order_by("position")] == [(10, 10), (9, 5)]
    assert list(ranger.factions.values_list("slug", flat=True)) == ["CG"]
    assert ranger.names == {"hu": "Erdei elf vadász"}
    assert ranger.search_name == "wood elf ranger"


def test_a_second_run_changes_nothing_and_keeps_the_version() -> None:
    first = catalogue_import(paths=[GOOD])
    versions = m.CatalogueVersion.objects.count()
    second = catalogue_import(paths=[GOOD])
    assert second.version == first.version
    assert not second.new_version
    assert [(f.added, f.changed, f.removed, f.unchanged) for f in second.files] == [(0, 0, 0, 3)]
    assert m.CatalogueVersion.objects.count() == versions


def test_a_changed_number_makes_a_new_version_with_old_and_new_values(tmp_path: Path) -> None:
    first = catalogue_import(paths=[GOOD])
    doc = good_doc()
    doc["cards"][1]["hp"] = 60
    report = catalogue_import(paths=[write(tmp_path, "good.json", doc)])
    assert report.new_version and report.version != first.version
    change = m.CatalogueChange.objects.get(version__label=report.version)
    assert (change.slug, change.action, change.fields) == ("orc-mauler", "changed", {"hp": [55, 60]})
    assert catalogue_version_label() == report.version


def test_a_card_dropped_from_its_file_is_retired_and_logged(tmp_path: Path) -> None:
    path = write(tmp_path, "set.json", good_doc())
    catalogue_import(paths=[path])
    doc = good_doc()
    del doc["cards"][2]
    report = catalogue_import(paths=[write(tmp_path, "set.json", doc)])
    assert [(f.added, f.changed, f.removed) for f in report.files] == [(0, 0, 1)]
    # retired, not deleted: collection entries and lists keep it (tests/hardening/test_catalogue_imports.py)
    assert m.Card.objects.get(slug="wood-elf-ranger").retired
    assert m.CatalogueChange.objects.filter(slug="wood-elf-ranger", action="removed").exists()


def bad(mutate: Any) -> dict[str, Any]:
    doc = good_doc()
    mutate(doc)
    return doc


BAD_ROWS = [
    (
        "a string for a number",
        lambda d: d["cards"][1].update(hp="55"),
        "cards[1] (orc-mauler), field 'hp': must be a whole number, not \"55\"",
    ),
    (
        "a negative number",
        lambda d: d["cards"][1].update(ac=-1),
        "cards[1] (orc-mauler), field 'ac': Ensure this value is greater than or equal to 0.",
    ),
    (
        "an unknown field",
        lambda d: d["cards"][1].update(armour=18),
        "cards[1] (orc-mauler), field 'armour': unknown field 'armour' for a ddm/seed creature",
    ),
    (
        "an unknown kind",
        lambda d: d["cards"][1].update(kind="order"),
        "cards[1] (orc-mauler), field 'kind': unknown kind 'order' for ddm/seed "
        "(known: battle-map, creature, miniature)",
    ),
    ("a missing name", lambda d: d["cards"][2].pop("name"), "cards[2] (wood-elf-ranger), field 'name': required"),
    (
        "a value outside the choices",
        lambda d: d["cards"][1].update(size="Enormous"),
        "cards[1] (orc-mauler), field 'size': Value 'Enormous' is not a valid choice.",
    ),
    (
        "a bad attack row",
        lambda d: d["cards"][1]["attacks"][0].update(bonus="+11"),
        "cards[1] (orc-mauler), field 'attacks[0].bonus': must be a whole number, not \"+11\"",
    ),
    (
        "a duplicate slug",
        lambda d: d["cards"][2].update(slug="orc-mauler"),
        "cards[2] (orc-mauler), field 'slug': duplicate slug (also cards[1])",
    ),
    (
        "an unknown faction",
        lambda d: d["cards"][2].update(factions=["NG"]),
        "cards[2] (wood-elf-ranger), field 'factions': unknown faction 'NG' for ddm/seed (known: CE, CG, LE, LG)",
    ),
    (
        "a reference to no card",
        lambda d: d["cards"][1].update(miniature="wd-99-nobody"),
        "cards[1] (orc-mauler), field 'miniature': no ddm/seed miniature with slug 'wd-99-nobody'",
    ),
    (
        "a wrong format marker",
        lambda d: d.update(format="other/2"),
        ", field 'format': 'format' must be \"muster-catalogue/1\"",
    ),
    ("an unknown game", lambda d: d.update(game="chess"), ", field 'game': unknown game/ruleset 'chess/seed'"),
]


@pytest.mark.parametrize(("what", "mutate", "message"), BAD_ROWS, ids=[row[0] for row in BAD_ROWS])
def test_a_bad_row_names_the_file_row_and_field_and_stores_nothing_of_that_file(
    tmp_path: Path, what: str, mutate: Any, message: str
) -> None:
    path = write(tmp_path, "bad.json", bad(mutate))
    report = catalogue_import(paths=[path])
    assert not report.ok
    sep = "" if message.startswith(",") else ": "
    assert report.files[0].error == f"{path}{sep}{message}"
    assert not m.Card.objects.exists(), f"{what}: nothing of the bad file may be stored"


def test_invalid_json_is_reported_with_its_position(tmp_path: Path) -> None:
    path = write(tmp_path, "broken.json", '{"format": "muster-catalogue/1",\n "cards": [}')
    report = catalogue_import(paths=[path])
    assert report.files[0].error == f"{path}: not valid JSON: Expecting value at line 2 column 12"


def test_a_bad_file_does_not_stop_the_good_ones(tmp_path: Path) -> None:
    bad_path = write(tmp_path, "bad.json", bad(lambda d: d["cards"][1].update(hp="x")))
    report = catalogue_import(paths=[bad_path, GOOD])
    assert {Path(f.path).name: bool(f.error) for f in report.files} == {"bad.json": True, "good.json": False}
    assert m.Card.objects.count() == 3


def test_the_command_exits_2_on_a_bad_file_and_0_on_a_good_one(tmp_path: Path) -> None:
    path = write(tmp_path, "bad.json", bad(lambda d: d["cards"][1].update(hp="x")))
    with pytest.raises(CommandError) as excinfo:
        call_command("import_catalogue", str(path), stdout=StringIO(), stderr=StringIO())
    assert excinfo.value.returncode == 2
    out = StringIO()
    call_command("import_catalogue", str(GOOD), stdout=out, stderr=StringIO())
    assert "3 added" in out.getvalue()


def test_export_writes_back_what_was_imported(tmp_path: Path) -> None:
    catalogue_import(paths=[GOOD])
    written = catalogue_export(out_dir=tmp_path / "out")
    assert [p.name for p in written] == ["good.json"]
    expected = fmt.dumps(canonical_document("good.json", good_doc()))
    assert written[0].read_text(encoding="utf-8") == expected


def test_export_then_import_is_a_fixed_point(tmp_path: Path) -> None:
    catalogue_import(paths=[GOOD])
    before = catalogue_documents()
    catalogue_export(out_dir=tmp_path / "out")
    m.Card.objects.all().delete()
    report = catalogue_import(paths=[tmp_path / "out"])
    assert report.ok
    assert catalogue_documents() == {"good.json": before["good.json"]}


def test_the_export_command_refuses_an_unknown_game(tmp_path: Path) -> None:
    catalogue_import(paths=[GOOD])
    with pytest.raises(CommandError) as excinfo:
        call_command("export_catalogue", str(tmp_path), "--game", "chess", stdout=StringIO())
    assert excinfo.value.returncode == 2
