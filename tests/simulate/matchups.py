"""Shared bits of the matchup tests: two list documents the seeds' catalogue can play (Harbinger cards with
every number), and a matchup job stored straight from engine lists (for tests whose database has no
catalogue: a transactional test starts from an emptied one)."""

from __future__ import annotations

from typing import Any, cast

from builder.models import SavedList
from simulate.games import GAMES
from simulate.models import Matchup
from simulate.services import MatchupSpec, chunk_size_for
from tests.factories import SavedListFactory
from tests.simulate.harbinger import harbinger_cards

LAWFUL: dict[str, Any] = {
    "game": "ddm", "format": "skirmish-200", "name": "Heironeous", "faction": "LG",
    "entries": [{"card": "Sword of Heironeous"}, {"card": "Hound Archon"}, {"card": "Dwarf Axefighter", "qty": 2},
                {"card": "Halfling Veteran"}],
}
CHAOTIC: dict[str, Any] = {
    "game": "ddm", "format": "skirmish-200", "name": "Corellon", "faction": "CG",
    "entries": [{"card": "Arcane Archer"}, {"card": "Axe Sister", "qty": 2}, {"card": "Centaur"}],
}


def engine_list(name: str, faction: str, cards: list[str]) -> dict[str, Any]:
    by_name = harbinger_cards()
    return {"name": name, "faction": faction, "creatures": [by_name[c].to_json() for c in cards]}


SMALL_LISTS = [
    engine_list("Heironeous", "LG", ["Sword of Heironeous", "Dwarf Axefighter", "Halfling Veteran"]),
    engine_list("Corellon", "CG", ["Axe Sister", "Centaur", "Jozan, Cleric Of Pelor"]),
]


def spec_for(lists: list[dict[str, Any]], *, battles: int, seed: int, battle_map: str = "dragon-shrine",
             ai: str = "heuristic", params: dict[str, Any] | None = None) -> MatchupSpec:
    game = GAMES["ddm"]
    return MatchupSpec(
        game="ddm", ruleset="seed", lists=[game.describe_list(x) for x in lists], battle_map=battle_map,
        map_layout=game.describe_map(battle_map), params=params or {"format": "skirmish-200"}, battles=battles,
        seed=seed, ai=ai, catalogue_version="test", unmodelled=game.unmodelled(lists),
    )


def stored_matchup(spec: MatchupSpec, *, chunk_size: int | None = None) -> Matchup:
    """A job as ``matchup_create`` stores it, from plain data (no catalogue needed)."""
    empty = {"legal": True, "violations": [], "warnings": [], "totals": {}}
    return Matchup.objects.create(
        game=spec.game, ruleset=spec.ruleset, a_document={"name": spec.lists[0]["name"]},
        b_document={"name": spec.lists[1]["name"]}, a_validation=empty, b_validation=empty, lists=spec.lists,
        battle_map=spec.battle_map, map_layout=spec.map_layout, params=spec.params, battles=spec.battles,
        seed=spec.seed, ai=spec.ai,
        chunk_size=chunk_size or chunk_size_for(battles=spec.battles, bounds=spec.bridge.players[spec.ai].chunk),
        catalogue_version=spec.catalogue_version, unmodelled=spec.unmodelled, played=spec.played,
        player_entered=spec.player_entered, assumptions=spec.assumptions,
    )


def saved_list(document: dict[str, Any]) -> SavedList:
    return cast(SavedList, SavedListFactory(document=document))


def step_through_replay(page: Any, steps: int) -> Any:
    """In a browser on a finished matchup's page: wait for its replay, step ``steps`` times, check the step moved
    and deployed creatures stand on the map; returns the replay's locator."""
    from tests.conftest import wait_for

    replay = page.locator("[data-replay]")
    replay.locator("[data-act=next]").wait_for()
    wait_for(page, "document.querySelector('[data-replay]').dataset.ready === 'true'")
    first = replay.locator("[data-now]").inner_text()
    for _ in range(steps):
        replay.locator("[data-act=next]").click()
    assert replay.locator("[data-now]").inner_text() != first
    assert replay.locator("g.piece:not([style*='none'])").count() > 0, "deployed creatures stand on the map"
    return replay
