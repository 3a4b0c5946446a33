"""Stand-in layouts of the 20 Dungeon Command tiles (dungeon side), in the battle engine's tile format
(``muster-dc-tile/1``, ``simulate/games/dungeon_command_maps.py``).

No reachable source prints the tiles (``dungeon-command.md`` Q3; ``../shared/data/dungeon-command-acidix/SOURCE.md``).
These layouts are ours: each tile gets walls, difficult and hazardous terrain, an obstacle or two, magic-circle
squares, treasure squares and (one small tile per pack) a start area, so that every rule that reads the
battlefield has squares to read. The sizes are stand-ins too (large 10 x 10, small 10 x 5 squares): the seed
says only that tiles are gridded in 1-inch squares and that the four large tiles form a square. Each layout is
drawn from its owner's side (the owner sits below the last row). A player who owns the tile can replace the
layout in the catalogue (the tile's ``layout``); every battle then uses it.

Symbols: ``.`` floor, ``#`` wall, ``d`` difficult, ``h`` hazardous, ``o`` obstacle, ``m`` magic circle,
``T`` treasure square, ``S`` start area.
"""

from __future__ import annotations

from typing import Any

NOTE = (
    "Stand-in layout (Muster's, not the printed tile): no source gives the tile's squares, walls, terrain or "
    "treasure squares, nor its size. Replace it with the printed layout; every battle then uses it."
)

# (pack slug, tile slug suffix) -> rows
LAYOUTS: dict[tuple[str, str], tuple[str, ...]] = {
    ("heart-of-cormyr", "large-tile-1"): (
        "..........",
        ".#......#.",
        "....T.....",
        "..o....d..",
        "..........",
        "..m.......",
        ".......o..",
        "..d.......",
        ".#......#.",
        "..........",
    ),
    ("heart-of-cormyr", "large-tile-2"): (
        "..........",
        "..##..##..",
        "..#....#..",
        "....mm....",
        ".T..mm..d.",
        "..........",
        "..d.......",
        "..#....#..",
        "..##..##..",
        "..........",
    ),
    ("heart-of-cormyr", "small-tile-start-area"): (
        "..........",
        "..d....o..",
        "..........",
        "..SSSSSS..",
        "..SSSSSS..",
    ),
    ("heart-of-cormyr", "small-tile"): (
        "..........",
        ".#..T...#.",
        "..........",
        "..h....h..",
        "..........",
    ),
    ("sting-of-lolth", "large-tile-1"): (
        "..........",
        "...##.....",
        "...#...T..",
        "......h...",
        ".d........",
        "......m...",
        "..o.......",
        ".......#..",
        ".....###..",
        "..........",
    ),
    ("sting-of-lolth", "large-tile-2"): (
        "..........",
        ".....##...",
        ".T....#...",
        "...h......",
        "........d.",
        "...m......",
        ".......o..",
        "..#.......",
        "..###.....",
        "..........",
    ),
    ("sting-of-lolth", "small-tile-start-area"): (
        "..........",
        ".o......d.",
        "..........",
        ".SSSSSSSS.",
        ".SSSSSSSS.",
    ),
    ("sting-of-lolth", "small-tile"): (
        "..........",
        "..#...T...",
        "..#.......",
        "......dd..",
        "..........",
    ),
    ("tyranny-of-goblins", "large-tile-1"): (
        "..........",
        "..........",
        ".##....T..",
        "..........",
        "....hh....",
        "....hh....",
        "..m.......",
        "......o...",
        ".......##.",
        "..........",
    ),
    ("tyranny-of-goblins", "large-tile-2"): (
        "..........",
        "..........",
        "..T....##.",
        "..........",
        "...d..d...",
        "..........",
        ".......m..",
        "...o......",
        ".##.......",
        "..........",
    ),
    ("tyranny-of-goblins", "small-tile-start-area"): (
        "..........",
        "....dd....",
        "..........",
        ".SSSS.SSSS",
        ".SSSS.SSSS",
    ),
    ("tyranny-of-goblins", "small-tile"): (
        "..........",
        ".T.....#..",
        ".......#..",
        "...o......",
        "..........",
    ),
    ("curse-of-undeath", "large-tile-1"): (
        "..........",
        ".#..##..#.",
        "..........",
        "...m..T...",
        ".d........",
        "........d.",
        "...hh.....",
        "..........",
        ".#..##..#.",
        "..........",
    ),
    ("curse-of-undeath", "large-tile-2"): (
        "..........",
        "....#.....",
        "..T.#.....",
        "......m...",
        "..........",
        ".o.....h..",
        "..........",
        ".....#....",
        ".....#..d.",
        "..........",
    ),
    ("curse-of-undeath", "small-tile-start-area"): (
        "..........",
        "...o..h...",
        "..........",
        "..SSSSSS..",
        "..SSSSSS..",
    ),
    ("curse-of-undeath", "small-tile"): (
        "..........",
        "...#..#...",
        ".....T....",
        ".d.....d..",
        "..........",
    ),
    ("blood-of-gruumsh", "large-tile-1"): (
        "..........",
        "..dd......",
        "..dd...T..",
        "..........",
        "......##..",
        "..m...#...",
        "..........",
        ".o.....h..",
        "..........",
        "..........",
    ),
    ("blood-of-gruumsh", "large-tile-2"): (
        "..........",
        "......dd..",
        ".T....dd..",
        "..........",
        "..##......",
        "...#...m..",
        "..........",
        "..h.....o.",
        "..........",
        "..........",
    ),
    ("blood-of-gruumsh", "small-tile-start-area"): (
        "..........",
        ".d......d.",
        "..........",
        "..SSSSSS..",
        "..SSSSSS..",
    ),
    ("blood-of-gruumsh", "small-tile"): (
        "..........",
        "....T.....",
        ".##.......",
        ".......o..",
        "..........",
    ),
}


def tile_layout(pack_slug: str, suffix: str, slug: str, name: str) -> dict[str, Any]:
    rows = LAYOUTS[(pack_slug, suffix)]
    size = "large" if suffix.startswith("large") else "small"
    return {
        "format": "muster-dc-tile/1", "slug": slug, "name": name, "size": size, "width": len(rows[0]),
        "height": len(rows), "stand_in": True, "note": NOTE, "rows": list(rows), "edge_walls": [],
    }
