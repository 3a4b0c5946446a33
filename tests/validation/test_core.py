"""The core is pure and its data is whole: no Django, every rule sourced, every format well formed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.validation.test_battlelore2_rules import RULE_IDS as BATTLELORE2_RULE_IDS
from tests.validation.test_stronghold_rules import RULE_IDS as STRONGHOLD_RULE_IDS
from validation.core import RULES, describe_formats
from validation.core.registry import FormatFamily, rule, ruleset_spec

ROOT = Path(__file__).resolve().parents[2]

DIGEST_RULE_IDS = {
    "ddm": {
        "ddm.points-limit", "ddm.max-creatures", "ddm.max-creature-cost", "ddm.faction", "ddm.warband-building",
        "ddm.commander-required", "ddm.unique", "ddm.size-limit", "ddm.epic-version", "ddm.commander-zero",
        "ddm.requires-creature", "ddm.minions", "ddm.limited-pool", "ddm.battle-map",
    },
    "ddm-guild": {"ddm-guild.points-limit", "ddm-guild.max-creatures", "ddm-guild.alignment", "ddm-guild.faction",
                  "ddm-guild.unique"},
    "dungeon-command": {
        "dungeon-command.min-creatures", "dungeon-command.creature-copies", "dungeon-command.min-orders",
        "dungeon-command.order-copies", "dungeon-command.one-commander", "dungeon-command.battlefield-tiles",
        "dungeon-command.card-kinds", "dungeon-command.miniature-per-creature",
        "dungeon-command.faction-box-creatures", "dungeon-command.faction-box-orders",
        "dungeon-command.faction-box-commander", "dungeon-command.first-game-creatures",
        "dungeon-command.first-game-orders", "dungeon-command.first-game-commander",
    },
    "battlelore2": BATTLELORE2_RULE_IDS,  # battlelore2.md §3.3
    "stronghold": STRONGHOLD_RULE_IDS,  # stronghold.md §10.7
}


def test_the_core_and_the_rules_import_no_django_in_a_fresh_interpreter() -> None:
    code = (
        "import sys, json\n"
        "from validation.core import parse_document, validate, Catalogue, CardFacts, describe_formats\n"
        "describe_formats()\n"
        "cat = Catalogue('ddm', 'seed', 'v', (CardFacts('orc-mauler', 'Orc Mauler', 'creature', factions=('CE',),"
        " fields={'cost': 16}),))\n"
        "r = validate(parse_document({'game': 'ddm', 'format': 'skirmish-200', 'faction': 'CE',"
        " 'entries': [{'card': 'orc mauler'}]}), cat)\n"
        "outside = ('django', 'rest_framework', 'celery', 'catalogue', 'builder', 'config', 'simulate')\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in outside]\n"
        "print(json.dumps({'bad': bad, 'points': r['totals']['points']}))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)})
    assert json.loads(out.stdout) == {"bad": [], "points": 16}


def test_every_rule_id_of_the_digests_is_registered_and_nothing_else() -> None:
    assert set(RULES) == set().union(*DIGEST_RULE_IDS.values())


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_every_rule_names_its_source_in_its_docstring(rule_id: str) -> None:
    r = RULES[rule_id]
    assert r.source.file in {"003_c161f482ef98045d.txt", "001_2362fc22da385df6.txt", "ddm-guild.md",
                             "004_accb02bc63915dff.txt", "002_d44d61b2c33012b1.txt"}
    assert r.source.section and "Source:" in r.doc and r.summary


def test_a_rule_without_a_source_is_refused() -> None:
    with pytest.raises(ValueError, match="must end with 'Source"):
        @rule("test.no-source")
        def no_source(w: Any, p: Any) -> list[Any]:
            """Says nothing of where it comes from."""
            return []
    assert "test.no-source" not in RULES


def test_formats_list_every_rule_with_its_parameters_and_source() -> None:
    described = describe_formats()
    keys = {(f["game"], f["ruleset"], f["id"]) for f in described["formats"]}
    assert keys == {
        ("ddm", "seed", "skirmish-200"), ("ddm", "seed", "epic-500"), ("ddm", "seed", "limited-sootb"),
        ("ddm", "seed", "limited-200"), ("ddm", "seed", "team-multiplayer"), ("ddm", "seed", "ffa-multiplayer"),
        ("ddm", "ddm-guild", "quick-100"), ("ddm", "ddm-guild", "standard-200"), ("ddm", "ddm-guild", "epic-500"),
        ("ddm", "ddm-guild", "arena"), ("ddm", "ddm-guild", "freestyle"),
        ("dungeon-command", "default", "custom"), ("dungeon-command", "default", "faction-box"),
        ("dungeon-command", "default", "first-game"),
        ("battlelore2", "default", "standard"), ("battlelore2", "default", "two-copies"),
        ("battlelore2", "default", "campaign"), ("battlelore2", "default", "preset-hands"),
        ("stronghold", "default", "two-player"), ("stronghold", "default", "three-player"),
        ("stronghold", "default", "four-player"),
    }
    skirmish = next(f for f in described["formats"] if f["id"] == "skirmish-200")
    assert skirmish["params"]["points_limit"] == 200 and skirmish["params"]["max_creature_cost"] == 140
    points = next(r for r in skirmish["rules"] if r["id"] == "ddm.points-limit")
    assert points["params"] == {"points_limit": 200, "commander_zero_counts": True}
    assert points["source"]["file"] == "003_c161f482ef98045d.txt"
    assert set(skirmish["free_params"]) == {"commander_required_severity", "map_required"}
    family = described["families"][0]
    assert (family["pattern"], family["min"], family["max"]) == ("skirmish-<N>", 1, 10000)
    assert family["example"]["params"]["max_creature_cost"] == 210
    json.dumps(described)  # plain JSON


@pytest.mark.parametrize(("n", "cap"), [(100, 70), (199, 139), (200, 140), (201, 140), (300, 210), (500, 350),
                                        (1, 0)])
def test_skirmish_n_caps_a_creature_at_70_percent_rounded_down(n: int, cap: int) -> None:
    fmt = ruleset_spec("ddm", "seed").find_format(f"skirmish-{n}")
    assert fmt is not None
    assert (fmt.params["points_limit"], fmt.params["max_creature_cost"]) == (n, cap)


def test_a_family_refuses_ids_that_are_not_plain_numbers() -> None:
    family = FormatFamily("skirmish-", "skirmish-<N>", "", 1, 10, lambda n: None, 5)  # type: ignore[arg-type,return-value]
    assert [family.parse(x) for x in ("skirmish-5", "skirmish-05", "skirmish-", "skirmish-1.5", "x-5")] == [
        5, None, None, None, None,
    ]
