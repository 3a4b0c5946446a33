"""Properties of the rules on any list: removing a creature never creates a points violation, and
reordering entries never changes the result."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.validation.helpers import (
    DC_FIXTURE_FILES,
    DDM_FILES,
    GUILD_FILES,
    catalogue_from_files,
    check,
    real_dc_files,
)
from validation.core import ResultJSON

DDM = catalogue_from_files("ddm", "seed", DDM_FILES)
GUILD = catalogue_from_files("ddm", "ddm-guild", GUILD_FILES)
DC = catalogue_from_files("dungeon-command", "default", [*DC_FIXTURE_FILES, *real_dc_files()])

DDM_NAMES = sorted({c.name for c in DDM.cards if c.kind == "creature"} | {"Nobody Known", "orc-mauler"})
GUILD_NAMES = sorted({c.name for c in GUILD.cards})
DC_CREATURES = [*sorted({c.name for c in DC.cards if c.kind == "creature"})[:30], "Test Strike"]
DC_ORDERS = sorted({c.name for c in DC.cards if c.kind == "order"})[:40]
DDM_FORMATS = ["skirmish-200", "skirmish-100", "skirmish-350", "epic-500", "limited-sootb", "limited-200",
               "team-multiplayer", "ffa-multiplayer"]
GUILD_FORMATS = ["quick-100", "standard-200", "epic-500", "arena", "freestyle"]

qty = st.integers(min_value=1, max_value=5)


@st.composite
def ddm_lists(draw: Any) -> dict[str, Any]:
    entries = draw(st.lists(st.builds(lambda c, q, v: {"card": c, "qty": q, **({"version": v} if v else {})},
                                      st.sampled_from(DDM_NAMES), qty, st.sampled_from([None, None, "epic"])),
                            max_size=10))
    minions = draw(st.lists(st.builds(lambda c, q, m: {"card": c, "qty": q, "minion_of": m},
                                      st.sampled_from(["Guard Hound", "Goblin Sneak", "Goblin Archer"]), qty,
                                      st.sampled_from(["Hound Master", "Goblin Boss"])), max_size=3))
    doc: dict[str, Any] = {
        "game": "ddm", "format": draw(st.sampled_from(DDM_FORMATS)),
        "faction": draw(st.sampled_from([None, "LG", "CG", "LE", "CE"])),
        "entries": entries + minions,
        "battle_map": draw(st.sampled_from([None, "Broken Demongate", "Field of Ruin"])),
    }
    if doc["format"].startswith("limited"):
        doc["pool"] = draw(st.lists(st.sampled_from(DDM_NAMES), max_size=12))
        doc["commander_zero"] = draw(st.sampled_from([None, *[e["card"] for e in entries]]))
    return doc


@st.composite
def guild_lists(draw: Any) -> dict[str, Any]:
    return {
        "game": "ddm", "ruleset": "ddm-guild", "format": draw(st.sampled_from(GUILD_FORMATS)),
        "faction": draw(st.sampled_from([None, "wild", "civilization"])),
        "entries": draw(st.lists(st.builds(lambda c, q: {"card": c, "qty": q}, st.sampled_from(GUILD_NAMES), qty),
                                 max_size=10)),
    }


@st.composite
def dc_lists(draw: Any) -> dict[str, Any]:
    entry = st.builds(lambda c, q: {"card": c, "qty": q}
                      , st.sampled_from(DC_CREATURES), st.integers(min_value=1, max_value=5))
    order = st.builds(lambda c, q: {"card": c, "qty": q}, st.sampled_from(DC_ORDERS), st.integers(1, 5))
    fmt = draw(st.sampled_from(["custom", "custom", "faction-box", "first-game"]))
    doc: dict[str, Any] = {
        "game": "dungeon-command", "format": fmt,
        "entries": draw(st.lists(entry, max_size=15)),
        "orders": draw(st.lists(order, max_size=15)),
        "commanders": draw(st.lists(st.sampled_from(["Valnar Trueblade", "Test Marshal", "Drider"]), max_size=3)),
    }
    if fmt != "custom":
        doc["box"] = draw(st.sampled_from(["Test Pack", "Heart of Cormyr"]))
        doc["symbol"] = draw(st.sampled_from(["gold", "silver"]))
    return doc


def any_list() -> st.SearchStrategy[dict[str, Any]]:
    return st.one_of(ddm_lists(), guild_lists(), dc_lists())


def catalogue_for(doc: dict[str, Any]) -> Any:
    if doc["game"] == "dungeon-command":
        return DC
    return GUILD if doc.get("ruleset") == "ddm-guild" else DDM


POINTS = {"ddm.points-limit", "ddm-guild.points-limit"}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(ddm_lists(), guild_lists()), st.data())
def test_removing_a_creature_never_creates_a_points_violation(doc: dict[str, Any], data: Any) -> None:
    before = check(doc, catalogue_for(doc))
    creatures = [i for i, e in enumerate(doc["entries"]) if not e.get("minion_of")]
    if not creatures:
        return
    i = data.draw(st.sampled_from(creatures))
    entries = [dict(e) for e in doc["entries"]]
    if entries[i]["qty"] > 1:
        entries[i]["qty"] -= 1
    else:
        del entries[i]
    after = check({**doc, "entries": entries}, catalogue_for(doc))
    if not POINTS & {v["rule"] for v in before["violations"]}:
        assert not POINTS & {v["rule"] for v in after["violations"]}
    if before["totals"]["points"] is not None:
        assert after["totals"]["points"] <= before["totals"]["points"]


def _by_content(result: ResultJSON, doc: dict[str, Any]) -> dict[str, Any]:
    """The result with each pointer into a list replaced by the entry it points at."""

    def named(pointer: str) -> str:
        parts = pointer.split("/")
        if len(parts) >= 3 and parts[1] in ("entries", "orders", "commanders", "pool") and parts[2].isdigit():
            item = doc[parts[1]][int(parts[2])]
            return json.dumps([parts[1], item, parts[3:]], sort_keys=True)
        return pointer

    def finding(f: Any) -> str:
        return json.dumps({**f, "entries": sorted(named(p) for p in f["entries"])}, sort_keys=True)

    return {**result, "violations": sorted(map(finding, result["violations"])),
            "warnings": sorted(map(finding, result["warnings"]))}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(any_list(), st.randoms(use_true_random=False))
def test_reordering_entries_never_changes_the_result(doc: dict[str, Any], rnd: Any) -> None:
    shuffled = {**doc}
    for key in ("entries", "orders", "commanders", "pool"):
        if doc.get(key):
            items = list(doc[key])
            rnd.shuffle(items)
            shuffled[key] = items
    catalogue = catalogue_for(doc)
    assert _by_content(check(doc, catalogue), doc) == _by_content(check(shuffled, catalogue), shuffled)


@settings(max_examples=100, deadline=None)
@given(any_list())
def test_the_result_is_always_the_contracts_shape(doc: dict[str, Any]) -> None:
    result = check(doc, catalogue_for(doc))
    assert result["legal"] == (result["violations"] == [])
    for f in [*result["violations"], *result["warnings"]]:
        assert {"rule", "message", "entries", "hint", "source"} <= set(f)
        assert all(p.startswith("/") for p in f["entries"])
    keys = {"points", "points_left", "creatures", "commanders"} if doc["game"] == "ddm" else {
        "creatures", "orders", "commanders", "levels"}
    assert keys <= set(result["totals"])
    ordered = [(v["rule"], v["entries"][0] if v["entries"] else "") for v in result["violations"]]
    assert [r for r, _ in ordered] == sorted(r for r, _ in ordered)
    json.dumps(result)
