"""The DDM Guild rules profile: the digest (docs/rules/ddm-guild-play.md) and the engine's numbers
(simulate/games/ddm_guild_rules.py) name the same rules, in the same sections, on the same basis."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from simulate.games import ddm_guild_rules as rules

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules" / "ddm-guild-play.md"


def doc_rules() -> dict[str, tuple[str, str]]:
    """id → (section heading, basis) as the digest's tables give them."""
    out: dict[str, tuple[str, str]] = {}
    heading = ""
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
            continue
        m = re.match(r"^\| `(ddm-guild\.[a-z0-9-]+)` \|[^|]*\| (source|reading)\b", line)
        if m:
            assert m.group(1) not in out, f"{m.group(1)} appears twice in the digest"
            out[m.group(1)] = (heading, m.group(2))
    return out


def test_every_rule_is_in_the_digest_and_the_module() -> None:
    documented = doc_rules()
    assert set(documented) == set(rules.RULES), (
        f"only in the digest: {sorted(set(documented) - set(rules.RULES))}; "
        f"only in the module: {sorted(set(rules.RULES) - set(documented))}"
    )


@pytest.mark.parametrize("rule_id", sorted(rules.RULES))
def test_section_and_basis_agree(rule_id: str) -> None:
    heading, basis = doc_rules()[rule_id]
    rule = rules.RULES[rule_id]
    assert heading.startswith(rule.section), f"{rule_id}: digest section {heading!r}, module {rule.section!r}"
    assert basis == rule.basis


def test_a_reading_names_its_alternatives_and_a_source_its_text() -> None:
    for rule in rules.RULES.values():
        assert rule.cite, rule.id
        if rule.basis == rules.READING and rule.id not in ("ddm-guild.grants-combat-advantage",
                                                           "ddm-guild.battle-maps", "ddm-guild.end-of-turn"):
            assert rule.alternatives, f"{rule.id} is a reading with no alternative considered"


def test_readings_are_what_a_result_lists() -> None:
    summary = rules.reading_summary()
    assert [r["id"] for r in summary] == [r.id for r in rules.RULES.values() if r.basis == rules.READING]
    assert {"ddm-guild.saving-throw", "ddm-guild.critical-hit", "ddm-guild.champion-test",
            "ddm-guild.victory-area", "ddm-guild.combat-advantage", "ddm-guild.cover"} <= {r["id"] for r in summary}
    assert rules.RULES_VERSION.startswith("ddm-guild-play/")


def test_the_numbers_come_from_their_rules() -> None:
    assert rules.SAVE_TARGET == rules.value("ddm-guild.saving-throw", "target") == 10
    assert (rules.FIRST_PHASE, rules.PER_PHASE) == (1, 2)
    assert rules.VICTORY_AREA_PERCENT == 5
    with pytest.raises(KeyError):
        rules.value("ddm-guild.saving-throw", "no-such-number")
