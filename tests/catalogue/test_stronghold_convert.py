"""The Stronghold converter: it reads the English page and checks the seed's totals (test_bundled.py: it reproduces the
committed file)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from catalogue.convert import stronghold as sh
from catalogue.services import DATA_DIR

SHARED = Path(settings.MUSTER_SHARED_DIR)


def test_the_committed_file_is_the_one_the_converter_writes() -> None:
    # byte for byte: tests/catalogue/test_bundled.py
    assert {str(p.relative_to(DATA_DIR)) for p in (DATA_DIR / "stronghold").rglob("*.json")} == {sh.FILE}


def _shared_copy(tmp_path: Path) -> Path:
    shutil.copytree(SHARED / "data" / "stronghold-components", tmp_path / "data" / "stronghold-components")
    return tmp_path / "data" / "stronghold-components" / "components.json"


def _cards(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {c["slug"]: c for c in doc["cards"]}


def test_an_english_count_that_agrees_removes_the_difference_note(tmp_path: Path) -> None:
    path = _shared_copy(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    first = data["editions"][0]["components"]
    next(c for c in first if c["item"] == "Training tiles")["qty"] = 15
    path.write_text(json.dumps(data), encoding="utf-8")
    cards = _cards(sh.build(tmp_path)[sh.FILE])
    assert not any("training tiles in all" in n for n in cards["drover"].get("notes", []))
    assert any("ritual tiles in all" in n for n in cards["panic"]["notes"])


def test_a_differing_english_count_is_noted_not_followed(tmp_path: Path) -> None:
    path = _shared_copy(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    units = next(c for c in data["editions"][0]["components"] if c["item"] == "Invader units")
    units["breakdown"]["orc"] = 90
    path.write_text(json.dumps(data), encoding="utf-8")
    orc = _cards(sh.build(tmp_path)[sh.FILE])["orc"]
    assert orc["copies"] == 100
    assert orc["provenance"]["copies"][-1]["note"].startswith("the English page gives 90")


def test_it_stops_when_the_records_do_not_add_up_to_the_seeds_list(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sh.SEED_TOTALS, "ritual tiles", 12)
    with pytest.raises(ValueError, match="ritual tiles add up to 10, the seed's list says 12"):
        sh.build(SHARED)
