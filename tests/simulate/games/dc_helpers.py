"""Dungeon Command test helpers: the bundled faction packs as the engine's warbands and battlefields."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from simulate.engine.dice import SeededDice
from simulate.games.dungeon_command import DcGame, DcState
from simulate.games.dungeon_command_cards import tiles_from_catalogue, warband_from_catalogue

PACK_DIR = Path(__file__).resolve().parents[3] / "catalogue" / "data" / "dungeon-command" / "default"
PACKS = ("heart-of-cormyr", "sting-of-lolth", "tyranny-of-goblins", "curse-of-undeath", "blood-of-gruumsh")
COMMANDERS = {
    "heart-of-cormyr": "Valnar Trueblade", "sting-of-lolth": "Aliszandra Malistros",
    "tyranny-of-goblins": "Snig the Axe", "curse-of-undeath": "Delthrin Everet",
    "blood-of-gruumsh": "Drogar, Eye of Gruumsh",
}


@cache
def pack_cards(pack: str) -> tuple[dict[str, Any], ...]:
    doc = json.loads((PACK_DIR / f"{pack}.json").read_text(encoding="utf-8"))
    return tuple(doc["cards"])


def pack_list(pack: str, commander: str | None = None) -> dict[str, Any]:
    cards = pack_cards(pack)
    return warband_from_catalogue(cards, commander or COMMANDERS[pack], pack=pack)


def pack_tiles(pack: str) -> list[dict[str, Any]]:
    return tiles_from_catalogue(pack_cards(pack))


def battle_map(a: str, b: str, scenario: str = "standard") -> dict[str, Any]:
    return {"format": "muster-dc-tiles/1", "halves": [pack_tiles(a), pack_tiles(b)], "scenario": scenario}


def new_battle(a: str, b: str, seed: int | str = 1, params: dict[str, Any] | None = None) -> DcState:
    game = DcGame()
    return game.new_initial_state(lists=[pack_list(a), pack_list(b)], battle_map=battle_map(a, b),
                                  dice=SeededDice(seed), params=params)


# --- scenarios: a small battlefield, chosen cards, creatures placed by hand ------------------------------------

def card(name: str, kind: str | None = None) -> dict[str, Any]:
    for pack in PACKS:
        for c in pack_cards(pack):
            if c["name"] == name and (kind is None or c["kind"] == kind):
                return c
    raise KeyError(name)


def warband(commander: str, creatures: list[str], orders: list[str] = (), name: str = "") -> dict[str, Any]:  # type: ignore[assignment]
    cards = [dict(card(commander, "commander"))]
    for n in creatures:
        cards.append({**card(n, "creature"), "copies": 1})
    for n in orders:
        cards.append({**card(n, "order"), "copies": 1})
    return warband_from_catalogue(cards, commander, name=name or commander)


def field_map(rows: list[str], start_a: list[tuple[int, int]] | None = None,
              start_b: list[tuple[int, int]] | None = None,
              edge_walls: list[list[int]] | None = None) -> dict[str, Any]:
    """A battlefield document drawn by hand: player 1 deploys on 'A' squares (or start_a), player 2 on 'B'."""
    a = start_a or [(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "A"]
    b = start_b or [(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "B"]
    clean = [r.replace("A", ".").replace("B", ".") for r in rows]
    return {"format": "muster-dc-battlefield/1", "name": "test field", "scenario": "standard",
            "width": len(rows[0]), "height": len(rows), "rows": clean, "edge_walls": edge_walls or [],
            "stand_in": True, "tiles": [{"slug": "t", "name": "t", "player": 0, "x": 0, "y": 0, "width": len(rows[0]),
                                         "height": len(rows), "rotated": False, "stand_in": True}],
            "start_areas": [[list(q) for q in a], [list(q) for q in b]], "deploy_anywhere": [False, False]}


OPEN = [
    "BBBBBBBBBB",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "AAAAAAAAAA",
]


def scenario(a: dict[str, Any], b: dict[str, Any], rows: list[str] | None = None, seed: int = 1,
             **field: Any) -> DcState:
    """A battle set up but not deployed: the caller places creatures with :func:`put` and starts it with
    :func:`begin`."""
    return DcGame().new_initial_state(lists=[a, b], battle_map=field_map(rows or OPEN, **field),
                                      dice=SeededDice(seed))


def find(s: DcState, p: int, name: str) -> str:
    for cid, c in s.creatures.items():
        if c.owner == p and c.card.name == name and not c.on_board:
            return cid
    raise KeyError(name)


def put(s: DcState, p: int, name: str, sq: tuple[int, int]) -> str:
    """Place a creature of player ``p`` on the battlefield (out of its deck or hand), as if deployed earlier."""
    cid = find(s, p, name)
    ps = s.players[p]
    for pile in (ps.hand, ps.creature_deck, ps.graveyard):
        if cid in pile:
            pile.remove(cid)
    s._place(s.creatures[cid], sq)
    return cid


def hand(s: DcState, p: int, orders: list[str]) -> list[str]:
    """Put these order cards (by name) in player ``p``'s hand, out of the deck; returns their ids."""
    ps = s.players[p]
    ids = []
    for name in orders:
        oid = next(o for o in ps.order_deck + ps.order_hand if s.orders[o][1].name == name and o not in ids)
        if oid in ps.order_deck:
            ps.order_deck.remove(oid)
            ps.order_hand.append(oid)
        ids.append(oid)
    return ids


def begin(s: DcState, player: int = 0) -> DcState:
    """Skip set-up: player ``player`` starts its Activate phase (its Refresh done)."""
    s.phase, s.sub = "activate", 0
    s.setup_order = []
    s.turn, s.turn_player = 1, player
    s.active = ""
    return s


def pack_document(pack: str, commander: str | None = None, name: str = "") -> dict[str, Any]:
    """A faction pack as it comes, as a list document (``faction-box``): its 12 creatures, 36 orders, a commander."""
    cards = pack_cards(pack)
    return {
        "game": "dungeon-command", "format": "faction-box", "name": name or pack.replace("-", " ").title(),
        "box": pack,
        "entries": [{"card": c["name"], "qty": c.get("copies", 1)} for c in cards if c["kind"] == "creature"],
        "orders": [{"card": c["name"], "qty": c.get("copies", 1)} for c in cards if c["kind"] == "order"],
        "commanders": [commander or COMMANDERS[pack]],
    }
