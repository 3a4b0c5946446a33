"""The BattleLore 2E converter: it reads TAG's rows, not a copy of them (test_bundled.py: it reproduces the committed
files)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from catalogue.convert import battlelore2 as bl
from catalogue.services import DATA_DIR

SHARED = Path(settings.MUSTER_SHARED_DIR)


def test_the_committed_files_are_the_core_set_and_both_army_packs() -> None:
    # the converter reproduces them byte for byte: tests/catalogue/test_bundled.py
    committed = {str(p.relative_to(DATA_DIR)) for p in (DATA_DIR / "battlelore2").rglob("*.json")}
    assert committed == {bl.CORE_FILE, bl.HERNFAR_FILE, bl.SCORN_FILE}


def _tag_copy(tmp_path: Path) -> tuple[Path, list[dict[str, Any]]]:
    folder = tmp_path / "data" / "battlelore2-tag"
    shutil.copytree(SHARED / "data" / "battlelore2-tag", folder)
    return folder / "units.json", json.loads((folder / "units.json").read_text(encoding="utf-8"))


def _core_unit(doc: dict[str, dict[str, Any]], slug: str) -> dict[str, Any]:
    return next(c for c in doc[bl.CORE_FILE]["cards"] if c["slug"] == slug)


def test_tags_numbers_come_from_the_file(tmp_path: Path) -> None:
    path, rows = _tag_copy(tmp_path)
    next(r for r in rows if r["id"] == "citadel_guard")["strength"] = ["Integer", 4]
    path.write_text(json.dumps(rows), encoding="utf-8")
    assert _core_unit(bl.build(tmp_path), "citadel-guard")["combat_value"] == 4


def test_it_stops_on_a_tag_row_it_cannot_place(tmp_path: Path) -> None:
    path, rows = _tag_copy(tmp_path)
    rows.append({"id": "rune_golems_tag", "name": "Rune Golems", "move": ["Integer", 1],
                 "strength": ["Integer", 4], "health": ["Integer", 4], "special": ""})
    path.write_text(json.dumps(rows), encoding="utf-8")
    with pytest.raises(ValueError, match="TAG rows not mapped: \\['rune_golems_tag'\\]"):
        bl.build(tmp_path)


def test_the_decoy_row_is_never_converted(tmp_path: Path) -> None:
    _path, rows = _tag_copy(tmp_path)
    assert any(r["id"] == "decoy" for r in rows)
    doc = bl.build(tmp_path)
    names = {c["name"] for d in doc.values() for c in d["cards"]}
    assert "Decoy" not in names
