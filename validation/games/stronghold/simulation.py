"""The round a plan describes, played out in order (``stronghold.md`` §10.3): the balance, the tiles joining the
board, the camp in phase 6, the mobilizations and rope moves with the units after each, and the orders;
:func:`prepare` reads a document (a setup, or a round plan then walked) for the rules."""

from __future__ import annotations

from collections import Counter
from typing import Any

from validation.core.facts import CardFacts, Catalogue
from validation.core.names import normalise
from validation.core.registry import Format, Params
from validation.core.result import Outcome
from validation.core.text import msg
from validation.games.stronghold.plan import (
    Action,
    MoveEvent,
    OrderItem,
    Plan,
    Tile,
    TileEvent,
    find_card,
    narrow_actions,
    narrow_cards,
    read_board,
    read_phase_cards,
    stand_in_warning,
    units_of,
)
from validation.games.stronghold.schema import ACTION_KINDS, CAMP, MOBILIZATIONS, TILE_KINDS, TRANSFERS


def prepare(doc: Any, catalogue: Catalogue, fmt: Format, params: Params) -> tuple[Plan, list[Outcome]]:
    data = doc.data["plan"]
    out: list[Outcome] = []
    plan = Plan(catalogue, data["kind"], data, int(params["players"]))
    stand_ins: dict[str, tuple[CardFacts, list[str]]] = {}
    if plan.kind == "setup":
        for i, attacker in enumerate(data.get("attackers") or []):
            plan.setup_cards.append(
                read_phase_cards(catalogue, attacker.get("phase_cards"), f"/plan/attackers/{i}/phase_cards", out,
                             stand_ins))
        for key, drawn in (data.get("draft") or {}).items():
            cards = []
            for j, text in enumerate((drawn or {}).get("drawn") or []):
                where = f"/plan/draft/{key}/drawn/{j}"
                card = find_card(catalogue, text, ("phase-card",), where, msg("a phase card"), out, narrow_cards,
                                 "card")
                cards.append((where, card))
                if card is not None and card.is_standin:
                    stand_ins.setdefault(card.slug, (card, []))[1].append(where)
            plan.draft[key] = cards
    else:
        board, missing, found = read_board(catalogue, str(params["board"]))
        plan.board, plan.board_missing = board, missing
        out.extend(found)
        _walk(plan, catalogue, params, out, stand_ins)
    if stand_ins:
        out.append(stand_in_warning(stand_ins))
    return plan, out




def board_loc(plan: Plan, text: str | None) -> str | None:
    if text is None:
        return None
    if plan.board is None:
        return text
    return plan.board.loc(text)


def _order_of(plan: Plan, src: str | None) -> int:
    if src == CAMP:
        return 2
    kind = plan.board.kind(src) if plan.board is not None else None
    return {"rampart": 0, "gathering-point": 1}.get(kind or "", -1)


def _walk(plan: Plan, catalogue: Catalogue, params: Params, out: list[Outcome],
          stand_ins: dict[str, tuple[CardFacts, list[str]]]) -> None:
    data = plan.data
    state = data["state"]
    plan.cards = read_phase_cards(catalogue, data.get("phase_cards"), "/plan/phase_cards", out, stand_ins)
    plan.ally_cards = read_phase_cards(catalogue, data.get("ally_phase_cards"), "/plan/ally_phase_cards", out,
                                       stand_ins)
    plan.flipped = set(data.get("flipped") or [])
    plan.drawn = units_of(state.get("drawn"))
    # The board before the round.
    for i, t in enumerate((state.get("board") or {}).get("tiles") or []):
        where = f"/plan/state/board/tiles/{i}"
        card = find_card(catalogue, t["name"], TILE_KINDS, f"{where}/name", msg("a tile"), out, cache="tile")
        if card is not None:
            plan.tiles_start.append(Tile(card, board_loc(plan, t["at"]) or t["at"], bool(t.get("occupied")), where))
    units: dict[str, Counter[str]] = {}
    for loc, held in ((state.get("board") or {}).get("units") or {}).items():
        units[board_loc(plan, loc) or loc] = units.get(board_loc(plan, loc) or loc, Counter()) + units_of(held)
    tiles = list(plan.tiles_start)
    # The entries.
    for i, item in enumerate(data.get("entries") or []):
        card = find_card(catalogue, item["name"], ACTION_KINDS, f"/plan/entries/{i}/name", msg("an attacker's action"),
                         out, narrow_actions, "action")
        if card is None:
            continue
        action = Action(i, item, card)
        plan.actions.append(action)
        plan.paid += action.pay
        plan.given += units_of(item.get("give"))
        plan.received += units_of(item.get("receive"))
    income = 0 if plan.charge else int(params["resources_per_round"])
    balance = plan.start_balance = int(state.get("resources") or 0) + income
    yields = {k: int(v) for k, v in dict(params["production_yield"]).items()}
    for a in plan.actions:
        if a.key == normalise("Produce Resources") and not plan.charge:
            pay = a.pay
            if sum(pay.values()) == 1:
                balance += yields.get(next(iter(pay)), 0)
            else:
                balance += int(a.item.get("gain") or 0)
        cost = a.item.get("resources")
        if cost is None:
            printed = a.get("cost_resources")
            cost = int(printed) * a.qty if printed is not None else 0
        balance -= int(cost)
        plan.spent += int(cost)
        plan.balance.append((a, int(cost), balance))
        _tiles(plan, a, tiles)
        if a.key == normalise("Escape from the Knife"):
            gp = board_loc(plan, a.item.get("target"))
            if gp is not None:
                units[gp] = units.get(gp, Counter()) + Counter({"goblin": int(a.item.get("goblins") or 0)})
            plan.escapes.append((a, gp, {k: Counter(v) for k, v in units.items()}))
    plan.tiles_end = tiles
    # Phase 6: the camp, the mobilizations, the ropes.
    fresh = plan.drawn - plan.paid - plan.given
    camp = units_of(state.get("camp")) + fresh + plan.received
    plan.camp_phase6 = Counter(camp)
    for a in plan.actions:
        if a.key not in MOBILIZATIONS:
            continue
        start = {k: Counter(v) for k, v in units.items()}
        start[CAMP] = Counter(camp)
        available = {k: Counter(v) for k, v in start.items()}
        for j, move in enumerate(a.item.get("moves") or []):
            src = CAMP if move["from"].strip().casefold() == CAMP else board_loc(plan, move["from"])
            dst = board_loc(plan, move["to"])
            moved = units_of(move["units"])
            before = Counter(available.get(src, Counter())) if src is not None else Counter()
            if src is not None:
                available[src] = available.get(src, Counter()) - moved
                if src == CAMP:
                    camp = camp - moved
                else:
                    units[src] = units.get(src, Counter()) - moved
            if dst is not None:
                units[dst] = units.get(dst, Counter()) + moved
            plan.moves.append(MoveEvent(f"{a.pointer}/moves/{j}", a, move["from"], move["to"], src, dst, moved,
                                        {k: Counter(v) for k, v in units.items()}, before, _order_of(plan, src)))
    for j, move in enumerate(data.get("rope_moves") or []):
        src, dst = board_loc(plan, move["from"]), board_loc(plan, move["to"])
        moved = units_of(move["units"])
        before = Counter(units.get(src, Counter())) if src is not None else Counter()
        if src is not None:
            units[src] = units.get(src, Counter()) - moved
        if dst is not None:
            units[dst] = units.get(dst, Counter()) + moved
        plan.rope_moves.append(MoveEvent(f"/plan/rope_moves/{j}", None, move["from"], move["to"], src, dst, moved,
                                         {k: Counter(v) for k, v in units.items()}, before, -1))
    plan.units_end = units
    plan.camp_end = camp
    for i, o in enumerate(data.get("orders") or []):
        card = find_card(catalogue, o["name"], ("order",), f"/plan/orders/{i}/name", msg("an order tile"), out,
                     cache="order")
        if card is not None:
            plan.orders.append(OrderItem(f"/plan/orders/{i}", int(o.get("qty") or 1), card, section=o["section"],
                                         loc=board_loc(plan, o["section"]), secret=bool(o.get("secret"))))


def _tiles(plan: Plan, a: Action, tiles: list[Tile]) -> None:
    """A tile the action places joins the board; a transfer moves one."""
    if a.key in TRANSFERS:
        name, src = a.item.get("tile"), board_loc(plan, a.item.get("from"))
        dst = board_loc(plan, a.item.get("to")) or a.item.get("to") or ""
        for t in tiles:
            if normalise(str(name)) == t.card.key and t.at == src and not t.occupied:
                t_new = Tile(t.card, dst, False, a.pointer)
                tiles[tiles.index(t)] = t_new
                plan.tile_events.append(TileEvent(a, t_new, list(tiles), moved_from=src))
                return
        return
    places_tile = a.card.kind in ("machine", "equipment", "training", "ritual") or a.key == normalise("Precise Hit")
    if not places_tile or not a.item.get("target") or a.get("placement") in (None, "", "none"):
        return
    at = board_loc(plan, a.item["target"]) or a.item["target"]
    for _ in range(a.qty):
        tile = Tile(a.card, at, False, a.pointer)
        tiles.append(tile)
        plan.tile_events.append(TileEvent(a, tile, list(tiles)))
