"""The Dungeon Command converter: it parses texts and checks the seed (test_bundled.py: it reproduces the
committed files)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from django.conf import settings

from catalogue.convert import dungeon_command as dc

SHARED = Path(settings.MUSTER_SHARED_DIR)


def _copy_source(tmp_path: Path) -> Path:
    target = tmp_path / "data" / dc.SOURCE_DIR
    shutil.copytree(SHARED / "data" / dc.SOURCE_DIR, target)
    return target


def test_it_stops_when_the_source_disagrees_with_the_seed(tmp_path: Path) -> None:
    folder = _copy_source(tmp_path)
    rows = json.loads((folder / "creatures.json").read_text(encoding="utf-8"))
    next(r for r in rows if r["name"] == "Elf Archer")["level"] = 2
    (folder / "creatures.json").write_text(json.dumps(rows), encoding="utf-8")
    with pytest.raises(ValueError, match="Elf Archer: level is 2 in the source, 1 in the seed"):
        dc.build(tmp_path)


def test_it_stops_when_a_pack_does_not_number_its_orders_1_to_36(tmp_path: Path) -> None:
    folder = _copy_source(tmp_path)
    rows = json.loads((folder / "orders.json").read_text(encoding="utf-8"))
    rows.remove(next(r for r in rows if r["name"] == "Feint"))
    (folder / "orders.json").write_text(json.dumps(rows), encoding="utf-8")
    with pytest.raises(ValueError, match="Sting of Lolth: order card numbers"):
        dc.build(tmp_path)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("SCUTTLE: This creature shifts when it moves.",
         {"kind": "trait", "name": "Scuttle", "text": "This creature shifts when it moves."}),
        ("BURROW", {"kind": "trait", "name": "Burrow", "text": ""}),
        ("FLASHING BLADES", {"kind": "special", "name": "Flashing Blades", "text": ""}),
        ("REGENERATE 10: At the start of its controller's turn, this creature heals 10 damage.",
         {"kind": "triggered", "name": "Regenerate", "param": "10", "value": 10,
          "text": "At the start of its controller's turn, this creature heals 10 damage."}),
        ("HEALING TOUCH: (tap) This creature heals 10 DAMAGE.",
         {"kind": "activated", "name": "Healing Touch", "action_type": "", "taps": True,
          "text": "This creature heals 10 DAMAGE."}),
        ("LIGHTNING BREATH: As a standard action, make up to 3 ranged attacks.",
         {"kind": "activated", "name": "Lightning Breath", "action_type": "standard", "taps": True,
          "text": "As a standard action, make up to 3 ranged attacks."}),
        ("Whenever this creature deals melee damage, tap the target.",
         {"kind": "triggered", "name": "", "text": "Whenever this creature deals melee damage, tap the target."}),
        ("SHIELD BLOCK: While adjacent to this creature, allies gain Block 10 (Prevent 10 DAMAGE whenever hit).",
         {"kind": "trait", "name": "Shield Block",
          "text": "While adjacent to this creature, allies gain Block 10 (Prevent 10 DAMAGE whenever hit)."}),
        ("During your Deploy phase, pay 1 MORALE to deploy this creature from your graveyard.",
         {"kind": "special", "name": "",
          "text": "During your Deploy phase, pay 1 MORALE to deploy this creature from your graveyard."}),
    ],
)
def test_a_power_line_becomes_one_ability_row(line: str, expected: dict[str, object]) -> None:
    assert dc.parse_power(line) == expected


def test_power_names_read_as_titles() -> None:
    assert dc.title_name("BLACK HAND OF BANE") == "Black Hand of Bane"
    assert dc.title_name("OF MICE") == "Of Mice"


def _order(text: str, action: str = "MINOR", ability: str = "ANY") -> dict[str, object]:
    row = {"faction": "Sting of Lolth", "card_nos": [1], "pack_copies": 1, "name": "Test Order", "level": 1,
           "ability": ability, "action": action, "text": text}
    return dc.order_record(row, "sting-of-lolth", "test")


def test_an_orders_requires_affinity_and_attached_text_come_from_its_text() -> None:
    rec = _order("REQUIRES HALF-ORC. Make a melee attack. Attach this card to the target. It takes 10 DAMAGE.")
    assert (rec["requires_keyword"], rec["attach"], rec["attach_text"]) == ("Half-Orc", True, "It takes 10 DAMAGE.")
    assert rec["any_ability"] is True and "affinity_keyword" not in rec
    rec = _order("VAMPIRE AFFINITY (Any Vampire creature can take this action.) Remove all cards attached to it.",
                 action="IMMEDIATE", ability="INT")
    assert (rec["affinity_keyword"], rec["int_icon"], rec.get("attach", False)) == ("Vampire", True, False)
    assert "requires_keyword" not in rec


def test_standard_and_immediate_orders_tap_minor_ones_do_not() -> None:
    assert [_order("x", action=a)["taps"] for a in ("STANDARD", "MINOR", "IMMEDIATE")] == [True, False, True]


def test_requires_ranged_is_noted_as_no_keyword() -> None:
    rec = _order("REQUIRES RANGED. Make a ranged attack.")
    assert rec["requires_keyword"] == "Ranged"
    assert any("ranged attack" in n for n in rec["notes"])  # type: ignore[attr-defined]
