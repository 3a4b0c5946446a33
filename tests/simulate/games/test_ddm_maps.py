"""The bundled battle maps: the four starter maps and the quick start's first battlefield (§15.1, §18.3)."""

from __future__ import annotations

from collections import deque

import pytest

from simulate.games.ddm_maps import UnknownMap, bundled_map_slugs, get_map, load_map_json

STARTER = ["broken-demongate", "dragon-shrine", "field-of-ruin", "teleport-temple"]


def test_every_starter_map_and_the_first_battlefield_is_bundled():
    assert set(STARTER) | {"first-battle"} <= set(bundled_map_slugs())


@pytest.mark.parametrize("slug", [*STARTER, "first-battle"])
def test_each_map_says_it_is_an_approximation_and_why(slug):
    raw = load_map_json(slug)
    assert raw["approximation"] is True and len(raw["note"]) > 80


@pytest.mark.parametrize("slug", STARTER)
def test_each_starter_map_has_start_areas_exits_and_victory_areas_for_both_sides(slug):
    m = get_map(slug)
    grid = m.grid
    for letter in ("A", "B"):
        starts = m.start_squares(letter)
        assert len(starts) >= 8 and not any(grid.is_solid(s) for s in starts)
        exits = m.exit_squares(letter)
        assert exits and all(s[0] in (0, grid.width - 1) or s[1] in (0, grid.height - 1) for s in exits)
        assert m.victory_areas(letter)
        assert not any(grid.is_solid(s) for a in m.victory_areas(letter) for s in a.cells)


@pytest.mark.parametrize("slug", STARTER)
def test_the_two_start_areas_are_connected(slug):
    m = get_map(slug)
    grid = m.grid
    start = next(iter(m.start_squares("A")))
    seen = {start}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        for n in grid.neighbours(s):
            if n not in seen:
                seen.add(n)
                queue.append(n)
    assert m.start_squares("B") <= seen


def test_what_the_seeds_say_about_each_map():
    assert not get_map("broken-demongate").epic and not get_map("dragon-shrine").epic
    assert get_map("field-of-ruin").epic and get_map("teleport-temple").epic
    terrain = {slug: {t for ts in get_map(slug).grid.terrain.values() for t in ts} for slug in STARTER}
    assert "sacred-circle" in terrain["broken-demongate"] and "sacred-circle" in terrain["teleport-temple"]
    assert "teleport" in terrain["teleport-temple"]
    assert "statue" in terrain["dragon-shrine"]
    assert "difficult" in terrain["field-of-ruin"] and get_map("field-of-ruin").grid.solid
    shared = [a for a in get_map("field-of-ruin").grid.areas("victory") if a.letter == ""]
    assert len(shared) == 1  # the central victory area both sides score
    assert {"C", "D"} <= set(get_map("teleport-temple").letters)  # 3-4 players


def test_the_first_battlefield_is_five_by_twelve_with_two_positions_on_each_side():
    m = get_map("first-battle")
    assert (m.grid.width, m.grid.height) == (5, 12)
    assert len(m.start_squares("A")) == 2 and len(m.start_squares("B")) == 2


def test_an_unknown_map_is_a_clear_error():
    with pytest.raises(UnknownMap, match="unknown battle map 'atlantis'"):
        get_map("atlantis")
