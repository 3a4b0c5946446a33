"""Stronghold in the builder: the attacker's round plan as a player fills it in, without JSON.

Pure functions on plain dicts and the validator's card facts (no database, no request), so the page, its tests
and a shell share them:

* :func:`fit_plan` gives a round plan every key its format requires, with valid defaults for the round's
  position (round 1: the setup's resources, a full draw, an empty camp and board), and drops the keys of the
  other player counts when the format changes;
* :func:`phase_card_choices` lists the catalogue's phase cards of the format's colour, phase by phase;
* :func:`board_of`, :func:`legal_targets` and :func:`board_drawing` read the board record the format names (the
  invented stand-in TB-9 until the printed board's layout is known: supplied to the catalogue, or entered by the
  player from his own board), say where each action may go, and lay the board
  out for the SVG drawing on the page.

The rules themselves stay the validator's (``validation/games/stronghold``): this module only offers choices
and defaults; whatever a player picks is checked there.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

UNITS = ("goblin", "orc", "troll")
PHASE_KEYS = ("1", "2", "3", "4", "5", "6", "camp")
ALLY_KEYS = ("side", "ally_phase_cards", "ally_flipped", "ally_used_my_card", "ally_used_own_card",
             "ally_built_ram_this_round", "hourglasses_excluding_camp")
TWO_PLAYER_KEYS = ("camp_upkeep", "hourglasses")
MACHINE_HIT_CARDS = 11  # the box's machine hit cards (catalogue: machine-hit-card); none is in a deck at the start
SHOOTING = ("ballista", "catapult", "trebuchet")
FORTRESS_KINDS = ("building", "courtyard", "hero")


def _mapping(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def format_params(format_id: str) -> dict[str, Any]:
    """The parameters of a Stronghold format (the two-player format's when ``format_id`` is unknown)."""
    from validation.core.registry import ruleset_spec

    spec = ruleset_spec("stronghold", "default")
    fmt = spec.find_format(format_id) or spec.find_format("two-player")
    return fmt.resolved() if fmt is not None else {}


def default_draw(total: int, bag: Mapping[str, Any]) -> dict[str, int]:
    """A draw of ``total`` units split as the bag holds them (largest remainders): a valid start a player then
    corrects to what he really drew (the draw is random; only its total is a rule)."""
    counts = {u: max(0, int(bag.get(u) or 0)) for u in UNITS}
    size = sum(counts.values())
    if size <= 0 or total <= 0:
        return dict.fromkeys(UNITS, 0)
    exact = {u: total * counts[u] / size for u in UNITS}
    out = {u: int(exact[u]) for u in UNITS}
    for u in sorted(UNITS, key=lambda u: exact[u] - out[u], reverse=True)[: total - sum(out.values())]:
        out[u] += 1
    return out


def phase_card_choices(cards: Iterable[Any], colour: str) -> dict[str, list[str]]:
    """``{"1": [names], ..., "camp": [names]}``: the catalogue's phase cards of ``colour`` for each key (action
    records, which are phase cards with ``action_only``, are not cards a player holds)."""
    out: dict[str, list[str]] = {k: [] for k in PHASE_KEYS}
    for card in cards:
        if card.kind != "phase-card" or card.get("action_only") or card.get("colour") != colour:
            continue
        phase = card.get("phase")
        key = "camp" if phase is None else str(phase)
        if key in out:
            out[key].append(card.name)
    return {k: sorted(v) for k, v in out.items()}


def fit_plan(plan: Mapping[str, Any] | None, format_id: str, cards: Iterable[Any]) -> dict[str, Any]:
    """The round plan with every key its format requires, defaults where a key is missing, and without the keys
    of the other player counts. A setup document and anything not a round plan come back unchanged."""
    if isinstance(plan, Mapping) and plan.get("kind") not in (None, "round-plan"):
        return dict(plan)
    params = format_params(format_id)
    out: dict[str, Any] = copy.deepcopy(dict(plan)) if isinstance(plan, Mapping) else {}
    cards = list(cards)
    colour = str(params.get("phase_card_set") or "red")
    choices = phase_card_choices(cards, colour)
    others = _other_formats_defaults(format_id)
    out["kind"] = "round-plan"
    out.setdefault("round", 1)
    out["phase_cards"] = _cards(_own_colour(out.get("phase_cards"), cards, colour), choices)
    out.setdefault("flipped", [])
    out.setdefault("income", int(params.get("resources_per_round") or 0))
    state = dict(_mapping(out.get("state")))
    # A draw still at another format's round-1 default (the player only changed the format) takes this format's:
    # no player draws another player count's number of units. Anything else the player entered stays.
    if state.get("drawn") in [d["drawn"] for d in others]:
        state.pop("drawn")
    out["state"] = _state(state, params)
    out.setdefault("entries", [])
    out.setdefault("orders", [])
    many = int(params.get("players") or 2) > 2
    if many:
        for key in TWO_PLAYER_KEYS:
            out.pop(key, None)
        defaults: dict[str, Any] = {
            "side": "west", "ally_phase_cards": None, "ally_flipped": [], "ally_used_my_card": [],
            "ally_used_own_card": [], "ally_built_ram_this_round": False, "hourglasses_excluding_camp": 0,
        }
        for key, value in defaults.items():
            if out.get(key) is None:
                out[key] = value
        out["ally_phase_cards"] = _cards(_own_colour(out.get("ally_phase_cards"), cards, colour), choices)
    else:
        for key in (*ALLY_KEYS, "resources_given"):
            out.pop(key, None)
    return out


def _other_formats_defaults(format_id: str) -> list[dict[str, Any]]:
    """The round-1 default draw of the other Stronghold formats."""
    from validation.core.registry import ruleset_spec

    out = []
    for other in ruleset_spec("stronghold", "default").format_ids():
        if other == format_id:
            continue
        params = format_params(other)
        out.append({"drawn": default_draw(int(params.get("units_per_round") or 0), params.get("bag") or {})})
    return out


def _own_colour(value: Any, cards: Iterable[Any], colour: str) -> dict[str, str]:
    """The phase cards without those of the other colour (a two-player plan's red cards once the format is a
    three-player one): the format's colour replaces them."""
    wrong = {c.name for c in cards if c.kind == "phase-card" and c.get("colour") not in (None, colour)}
    return {k: v for k, v in _mapping(value).items() if v not in wrong}


def _cards(value: Any, choices: Mapping[str, list[str]]) -> dict[str, str]:
    cards = dict(value) if isinstance(value, Mapping) else {}
    for key in PHASE_KEYS:
        if not isinstance(cards.get(key), str) or not cards[key].strip():
            cards[key] = choices[key][0] if choices.get(key) else ""
    return cards


def _state(value: Any, params: Mapping[str, Any]) -> dict[str, Any]:
    state = dict(value) if isinstance(value, Mapping) else {}
    state.setdefault("resources", int(params.get("setup_resources") or 0))
    if not isinstance(state.get("drawn"), Mapping):
        state["drawn"] = default_draw(int(params.get("units_per_round") or 0), params.get("bag") or {})
    if not isinstance(state.get("camp"), Mapping):
        state["camp"] = {}
    board = _mapping(state.get("board"))
    state["board"] = {"tiles": list(board.get("tiles") or []), "units": dict(board.get("units") or {})}
    state.setdefault("flipped", [])
    state.setdefault("killed_goblins", 0)
    state.setdefault("hit_cards_in_supply", MACHINE_HIT_CARDS)
    state.setdefault("traps", [])
    if not isinstance(state.get("defender"), Mapping):
        state["defender"] = {"cauldrons": []}
    return state


# ------------------------------------------------------------------------------------------------ the board


@dataclass
class Place:
    """A location of the board as the page draws it."""

    id: str
    kind: str  # gathering-point, rampart, wall-section, gate, path-field, building, courtyard, hero
    side: str = ""
    x: float = 0
    y: float = 0
    w: float = 0
    h: float = 0
    label: str = ""
    legal: bool = False
    chosen: bool = False
    pieces: list[str] = field(default_factory=list)

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2


@dataclass
class BoardInfo:
    """The board a plan is checked on: its name and slug, whether it is a stand-in, whether its layout is one a
    player entered (not yet reviewed), its layout."""

    name: str
    is_standin: bool
    layout: Mapping[str, Any]
    notes: tuple[str, ...] = ()
    slug: str = ""
    entered: bool = False


def board_of(catalogue: Any, name: str) -> BoardInfo | None:
    """The board record called ``name`` (a slug or a name), if it has a layout, as the validator chooses it: a
    stand-in gives way to the printed board once its layout is known (the player's own entry included)."""
    from validation.games.stronghold.board import board_card

    card = board_card(catalogue, name)
    layout = card.fields.get("layout") if card is not None else None
    if card is None or not isinstance(layout, Mapping) or not layout:
        return None
    return BoardInfo(card.name, bool(card.is_standin), layout, slug=card.slug,
                     entered="layout" in (catalogue.entered.get(card.slug) or ()))


def kinds(layout: Mapping[str, Any]) -> dict[str, str]:
    """Every location id of the layout with its kind."""
    out: dict[str, str] = {}
    for gp in layout.get("gathering_points", {}):
        out[gp] = "gathering-point"
    for r in layout.get("ramparts", {}):
        out[r] = "rampart"
    for s in layout.get("sections", {}):
        out[s] = "wall-section"
    for pf in layout.get("path_fields", {}):
        out[pf] = "path-field"
    out[str(layout.get("gate", {}).get("id", "GATE"))] = "gate"
    for b in layout.get("buildings", []):
        out[b] = "building"
    if layout.get("courtyard"):
        out[layout["courtyard"]] = "courtyard"
    for h in layout.get("heroes", []):
        out[h] = "hero"
    return out


def legal_targets(layout: Mapping[str, Any], action: Any, tiles: Iterable[Mapping[str, Any]] = (),
                  cauldrons: Iterable[str] = ()) -> list[str]:
    """Where ``action`` (a card fact with ``placement``) may go on this board, as the validator's tile-placement
    and siege-tower rules read it: its kind of place; a siege tower only on a section that takes one; Bloodstone
    on a catapult, Gunner and Precise Hit on a shooting machine already standing (``tiles``: ``{name, at}``);
    Accident on one of the defender's cauldrons. Empty when the action has no target."""
    placement = str(action.get("placement") or "none") if action is not None else "none"
    every = kinds(layout)
    name = str(getattr(action, "name", "")).casefold()
    if placement == "none":
        return []
    if placement == "cauldron":
        return [str(c) for c in cauldrons]
    if placement in ("catapult", "shooting-machine"):
        wanted = ("catapult",) if placement == "catapult" else SHOOTING
        return sorted({str(t.get("at")) for t in tiles if str(t.get("name", "")).casefold() in wanted
                       and t.get("at") in every})
    if placement == "hospital":
        hospital = layout.get("hospital")
        return [hospital] if hospital in every else []
    found = [loc for loc, kind in every.items() if kind == placement]
    if name == "siege tower":
        found = [s for s in found if layout.get("sections", {}).get(s, {}).get("siege_tower")]
    return found


def board_drawing(layout: Mapping[str, Any], *, legal: Iterable[str] = (), chosen: str | None = None,
                  pieces: Mapping[str, list[str]] | None = None) -> tuple[list[Place], list[tuple[Place, Place]],
                                                                           int, int]:
    """The board laid out for drawing: the fortress on top, the wall in wall order, the ramparts below the
    sections they reach (outer ramparts nearer the wall), the gathering points at the bottom of their side, the
    path fields between what they join. Returns the places, the lines (gathering point → rampart → section) and
    the drawing's width and height."""
    legal_set, pieces = set(legal), pieces or {}
    every = kinds(layout)
    places: dict[str, Place] = {}
    gate = str(layout.get("gate", {}).get("id", "GATE"))
    order = [s for s in layout.get("wall_order", []) if s in every] or [*layout.get("sections", {}), gate]
    cell, gap, margin = 56, 6, 8
    width = margin * 2 + len(order) * (cell + gap)
    fortress = [loc for loc, kind in every.items() if kind in FORTRESS_KINDS]
    per_row = max(1, (width - 2 * margin) // 92)
    for i, loc in enumerate(fortress):
        row, col = divmod(i, per_row)
        places[loc] = Place(loc, every[loc], x=margin + col * 92, y=margin + row * 30, w=86, h=24, label=loc)
    top = margin + ((len(fortress) + per_row - 1) // per_row) * 30 + 12
    for i, loc in enumerate(order):
        info = layout.get("sections", {}).get(loc, {})
        places[loc] = Place(loc, every.get(loc, "wall-section"), str(info.get("side", "")),
                            x=margin + i * (cell + gap), y=top, w=cell, h=40, label=loc)
    ramparts = layout.get("ramparts", {})
    depth = {r: _depth(r, ramparts) for r in ramparts}
    deepest = max(depth.values(), default=1)
    for r, info in ramparts.items():
        reach = [places[s] for s in info.get("reaches", []) if s in places]
        cx = sum(p.cx for p in reach) / len(reach) if reach else width / 2
        y = top + 40 + 24 + (deepest - depth[r]) * 56
        places[r] = Place(r, "rampart", str(info.get("side", "")), x=cx - 34, y=y, w=68, h=36, label=r)
    bottom = top + 40 + 24 + deepest * 56 + 28
    for gp, info in layout.get("gathering_points", {}).items():
        mine = [places[r] for r, rinfo in ramparts.items() if rinfo.get("entered_from") == [gp]
                or gp in rinfo.get("entered_from", [])]
        cx = sum(p.cx for p in mine) / len(mine) if mine else width / 2
        places[gp] = Place(gp, "gathering-point", str(info.get("side", "")), x=cx - 45, y=bottom, w=90, h=40,
                           label=gp)
    lines: list[tuple[Place, Place]] = []
    for r, info in ramparts.items():
        for s in info.get("reaches", []):
            if s in places:
                lines.append((places[r], places[s]))
    for pf, ends in layout.get("path_fields", {}).items():
        a, b = (places.get(str(e)) for e in [*list(ends), None, None][:2])
        if a is None or b is None:
            continue
        lines.append((a, b))
        cx, cy = (a.cx + b.cx) / 2, (a.cy + b.cy) / 2
        places[pf] = Place(pf, "path-field", x=cx - 22, y=cy - 11, w=44, h=22, label=pf)
    height = bottom + 40 + margin
    for loc, place in places.items():
        place.legal = loc in legal_set
        place.chosen = loc == chosen
        place.pieces = list(pieces.get(loc, []))
    return list(places.values()), lines, int(width), int(height)


def _depth(rampart: str, ramparts: Mapping[str, Any], seen: frozenset[str] = frozenset()) -> int:
    """1 for a rampart entered from a gathering point, 2 for one entered from such a rampart, and so on."""
    parents = [p for p in ramparts.get(rampart, {}).get("entered_from", []) if p in ramparts and p not in seen]
    if not parents:
        return 1
    return 1 + max(_depth(p, ramparts, seen | {rampart}) for p in parents)


def pieces_on_board(state: Mapping[str, Any], entries: Iterable[Mapping[str, Any]]) -> dict[str, list[str]]:
    """What stands where: the tiles of the position and the tiles this plan places (their targets)."""
    out: dict[str, list[str]] = {}
    board = _mapping(state.get("board"))
    for tile in board.get("tiles") or []:
        if isinstance(tile, Mapping) and tile.get("at"):
            out.setdefault(str(tile["at"]), []).append(str(tile.get("name", "")))
    for loc, units in (board.get("units") or {}).items():
        if isinstance(units, Mapping):
            text = " ".join(f"{n}{u[0]}" for u, n in ((u, units.get(u)) for u in UNITS) if isinstance(n, int) and n)
            if text:
                out.setdefault(str(loc), []).append(text)
    for entry in entries:
        if isinstance(entry, Mapping) and entry.get("target"):
            out.setdefault(str(entry["target"]), []).append(str(entry.get("name", "")))
    return out


def tiles_before(state: Mapping[str, Any], entries: list[Any], index: int) -> list[dict[str, Any]]:
    """The tiles standing when entry ``index`` is taken: the position's, and those the earlier entries placed."""
    board = _mapping(state.get("board"))
    tiles = [dict(t) for t in board.get("tiles") or [] if isinstance(t, Mapping)]
    for entry in entries[:index]:
        if isinstance(entry, Mapping) and entry.get("target"):
            tiles.append({"name": entry.get("name"), "at": entry.get("target")})
    return tiles


# ------------------------------------------------------------------------------------------------ editing


class PlanError(ValueError):
    """An edit of the plan that cannot be made (an index past the end, a place not on the board)."""


def _plan_for_write(document: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    doc = copy.deepcopy(dict(document))
    plan = doc.get("plan")
    if not isinstance(plan, dict) or plan.get("kind") != "round-plan":
        raise PlanError("this is not a round plan")
    return doc, plan


def _entry(plan: dict[str, Any], index: int) -> dict[str, Any]:
    entries = plan.get("entries")
    if not isinstance(entries, list) or not 0 <= index < len(entries) or not isinstance(entries[index], dict):
        raise PlanError("no such action in the plan")
    return entries[index]


def set_target(*, document: Mapping[str, Any], index: int, target: str) -> dict[str, Any]:
    """Entry ``index`` now works on ``target`` (a place picked on the board)."""
    target = target.strip()
    if not target or len(target) > 40:
        raise PlanError("choose a place on the board")
    doc, plan = _plan_for_write(document)
    _entry(plan, index)["target"] = target
    return doc


def _board_of_state(plan: dict[str, Any]) -> dict[str, Any]:
    state = plan.setdefault("state", {})
    board = state.setdefault("board", {})
    board.setdefault("tiles", [])
    board.setdefault("units", {})
    return board


def add_tile(*, document: Mapping[str, Any], name: str, at: str) -> dict[str, Any]:
    """A tile already standing on the board before the round (a machine, equipment or training tile)."""
    if not name.strip() or not at.strip() or len(name) > 200 or len(at) > 40:
        raise PlanError("choose a tile and where it stands")
    doc, plan = _plan_for_write(document)
    tiles = _board_of_state(plan)["tiles"]
    if len(tiles) >= 200:
        raise PlanError("the board holds no more tiles")
    tiles.append({"name": name.strip(), "at": at.strip()})
    return doc


def remove_tile(*, document: Mapping[str, Any], index: int) -> dict[str, Any]:
    doc, plan = _plan_for_write(document)
    tiles = _board_of_state(plan)["tiles"]
    if not 0 <= index < len(tiles):
        raise PlanError("no such tile")
    tiles.pop(index)
    return doc


def add_move(*, document: Mapping[str, Any], index: int, origin: str, to: str) -> dict[str, Any]:
    """One more move of a mobilization: one goblin from ``origin`` to ``to``, to be corrected on the page."""
    if not origin.strip() or not to.strip():
        raise PlanError("choose where the units come from and where they go")
    doc, plan = _plan_for_write(document)
    moves = _entry(plan, index).setdefault("moves", [])
    if len(moves) >= 100:
        raise PlanError("a mobilization holds no more moves")
    moves.append({"from": origin.strip()[:40], "to": to.strip()[:40], "units": {"goblin": 1}})
    return doc


def remove_move(*, document: Mapping[str, Any], index: int, move: int) -> dict[str, Any]:
    doc, plan = _plan_for_write(document)
    moves = _entry(plan, index).get("moves")
    if not isinstance(moves, list) or not 0 <= move < len(moves):
        raise PlanError("no such move")
    moves.pop(move)
    return doc


# ------------------------------------------------------------------------------------------------ the page


TILE_KINDS = ("machine", "equipment", "training")


def plan_view(document: Mapping[str, Any], catalogue: Any, active: int | None = None) -> dict[str, Any]:
    """What the page shows of a round plan beside its fields: the phase cards to pick from, the board drawn with
    the places the chosen action may go (``active``: the index of the action whose target is being picked;
    by default the first one still without a target), the choices of every select, and what is missing from
    the catalogue (said once at the top)."""
    from validation.games.stronghold.board import PRINTED_BOARD

    cards = list(catalogue.cards)
    plan = _mapping(document.get("plan"))
    if plan.get("kind") != "round-plan":
        return {}
    params = format_params(str(document.get("format", "")))
    by_key = {c.key: c for c in cards}
    by_name = {c.name.casefold(): c for c in cards}
    board = board_of(catalogue, str(_mapping(document.get("params")).get("board") or params.get("board") or "TB-9"))
    layout: Mapping[str, Any] = board.layout if board is not None else {}
    state = _mapping(plan.get("state"))
    entries = list(plan.get("entries") or [])
    cauldrons = list(_mapping(state.get("defender")).get("cauldrons") or [])

    def card_of(name: Any) -> Any:
        from validation.core.names import normalise

        return by_key.get(normalise(str(name))) or by_name.get(str(name).casefold())

    rows: list[dict[str, Any]] = []
    for i, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            rows.append({"index": i, "legal": [], "placement": "none"})
            continue
        card = card_of(entry.get("name"))
        places_for = legal_targets(layout, card, tiles_before(state, entries, i), cauldrons) if card else []
        rows.append({"index": i, "name": entry.get("name"), "placement": (card.get("placement") if card else None)
                     or "none", "legal": places_for, "target": entry.get("target"),
                     "needs": _needs(card), "moves": entry.get("moves") or []})
    targetable = [r for r in rows if r["placement"] != "none"]
    if active is None or not any(r["index"] == active for r in targetable):
        waiting = [r for r in targetable if not r.get("target")]
        active = (waiting or targetable or [{"index": None}])[0]["index"]
    chosen = next((r for r in rows if r["index"] == active), None)
    legal: list[str] = list(chosen["legal"]) if chosen else []
    target = str(chosen["target"]) if chosen and chosen.get("target") else None
    places, lines, width, height = board_drawing(layout, legal=legal, chosen=target,
                                                 pieces=pieces_on_board(state, entries)) if layout else ([], [], 0, 0)
    every = kinds(layout)
    colour = str(params.get("phase_card_set") or "red")
    held = [card_of(n) for k, n in _mapping(plan.get("phase_cards")).items() if k != "camp"]
    # the phase cards held whose printed actions nobody gave yet (neither the catalogue nor this player)
    without_actions = sorted(({"name": c.name, "slug": c.slug} for c in {c.slug: c for c in held if c is not None
                                                                          and c.get("actions") is None}.values()),
                             key=lambda c: c["name"])
    return {
        "board": board,
        "colour": colour,
        "phase_choices": phase_card_choices(cards, colour),
        "rows": {r["index"]: r for r in rows},
        "targetable": targetable,
        "active": active,
        "active_row": chosen,
        "places": places,
        "lines": lines,
        "width": width,
        "height": height,
        "locations": sorted(every, key=lambda loc: (every[loc], loc)),
        "unit_locations": [loc for loc in every if every[loc] in ("gathering-point", "rampart", "wall-section",
                                                                  "gate")]
        + [f"ST:{s}" for s, info in layout.get("sections", {}).items() if info.get("siege_tower")],
        "move_from": ["camp", *[loc for loc in every if every[loc] in ("gathering-point", "rampart")]],
        "move_to": [loc for loc in every if every[loc] in ("gathering-point", "rampart", "wall-section", "gate")]
        + [f"ST:{s}" for s, info in layout.get("sections", {}).items() if info.get("siege_tower")],
        "path_fields": [loc for loc in every if every[loc] == "path-field"],
        "sections": [loc for loc in every if every[loc] == "wall-section"],
        "tile_names": sorted({c.name for c in cards if c.kind in TILE_KINDS}),
        "tiles": [t for t in _mapping(state.get("board")).get("tiles") or [] if isinstance(t, Mapping)],
        "units_on_board": dict(_mapping(state.get("board")).get("units") or {}),
        "without_actions": without_actions,
        "printed_board": PRINTED_BOARD,
        "units": UNITS,
        "players": int(params.get("players") or 2),
    }


def _needs(card: Any) -> tuple[str, ...]:
    """The own fields an action's form row shows (stronghold.md §10.4 "Own fields")."""
    if card is None:
        return ()
    name = card.name.casefold()
    if name == "produce resources":
        return ("gain",)
    if name == "recruit trainer":
        return ("receive",)
    if name == "transfer units":
        return ("give",)
    if name == "escape from the knife":
        return ("goblins",)
    if name in ("lesser mobilization", "major mobilization"):
        return ("moves",)
    return ()
