"""Stronghold in the builder: the plan's settings (its kind, round, income, side, phase cards, the position
before the round, or a whole setup as JSON) and an action's payment, resources, target and other fields
(``stronghold.md`` §10.2–§10.4)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext, gettext_lazy

from builder import stronghold as plans
from builder.drafts import ACTION_KEYS, MAX_NAME, DraftError, items
from builder.drafts import STRONGHOLD_UNITS as UNITS
from builder.fields import int_field, json_field, set_or_drop, text_field
from builder.games import Panel

PHASE_KEYS = plans.PHASE_KEYS
PLAN_NUMBERS = ("round", "income", "camp_upkeep", "hourglasses", "hourglasses_excluding_camp")
# The round's position (stronghold.md §10.3 "state") as form fields: name -> (low, high).
STATE_NUMBERS = {"resources": (0, 100), "killed_goblins": (0, 200), "hit_cards_in_supply": (0, 11),
                 "bag_size": (0, 200)}
UNIT_TITLES = (("goblin", gettext_lazy("goblins")), ("orc", gettext_lazy("orcs")), ("troll", gettext_lazy("trolls")))
COUNT_FIELDS = (("drawn", gettext_lazy("Units drawn this round")), ("camp", gettext_lazy("Units in the camp")))


def _apply(document: dict[str, Any], data: QueryDict, errors: dict[str, str]) -> None:
    plan = document.get("plan")
    if not isinstance(plan, dict):
        return
    if "plan-json" in data:
        whole = json_field(data, "plan-json", errors)
        if isinstance(whole, dict):
            plan.clear()
            plan.update(whole)
        elif "plan-json" not in errors:
            errors["plan-json"] = gettext("A JSON object: the whole setup.")
    if data.get("plan-kind") in ("round-plan", "setup"):
        plan["kind"] = data["plan-kind"]
    for key in PLAN_NUMBERS:
        name = f"plan-{key}"
        if name in data:
            value = int_field(data, name, 0, 1000, errors)
            if value is not None:
                set_or_drop(plan, key, value)
    if "plan-side" in data:
        side = data.get("plan-side", "")
        set_or_drop(plan, "side", side if side in ("west", "east") else None)
    for record in ("phase_cards", "ally_phase_cards"):
        if any(f"plan-{record}-{k}" in data for k in PHASE_KEYS):
            cards = plan.get(record) if isinstance(plan.get(record), dict) else {}
            assert isinstance(cards, dict)
            for key in PHASE_KEYS:
                value = text_field(data, f"plan-{record}-{key}", MAX_NAME, errors)
                if value is not None:
                    cards[key] = value
            plan[record] = cards
    if "plan-flipped-shown" in data:
        plan["flipped"] = [k for k in PHASE_KEYS[:5] if k in data.getlist("plan-flipped")]
    if "plan-ally_built_ram_this_round-shown" in data:
        plan["ally_built_ram_this_round"] = "plan-ally_built_ram_this_round" in data
    _apply_position(plan, data, errors)
    if "plan-state" in data and data.get("op") == "state-json":  # the fields above carry it otherwise
        state = json_field(data, "plan-state", errors)
        if isinstance(state, dict):
            plan["state"] = state
        elif state is not None:
            errors["plan-state"] = gettext("A JSON object, such as {\"resources\": 0}.")
    for index, item in enumerate(items(document, "plan.entries")):
        if isinstance(item, dict):
            _apply_action(item, f"plan.entries-{index}", data, errors)
    for index, item in enumerate(items(document, "plan.orders")):
        if not isinstance(item, dict):
            continue
        suffix = f"plan.orders-{index}"
        if f"section-{suffix}" in data:
            section = text_field(data, f"section-{suffix}", 40, errors)
            if section is not None:
                item["section"] = section
        if f"secret-{suffix}-shown" in data:
            item["secret"] = f"secret-{suffix}" in data
        qty = int_field(data, f"qty-{suffix}", 1, 99, errors) if f"qty-{suffix}" in data else ""
        if isinstance(qty, int):
            set_or_drop(item, "qty", qty if qty != 1 else None)


def _counts(data: QueryDict, prefix: str, errors: dict[str, str]) -> dict[str, int] | None:
    """``{goblin, orc, troll}`` from the fields ``<prefix>-goblin`` ...; None when the form has none of them."""
    if not any(f"{prefix}-{u}" in data for u in UNITS):
        return None
    out: dict[str, int] = {}
    for unit in UNITS:
        value = int_field(data, f"{prefix}-{unit}", 0, 200, errors)
        if isinstance(value, int) and value:
            out[unit] = value
    return out


def _apply_position(plan: dict[str, Any], data: QueryDict, errors: dict[str, str]) -> None:
    """The round's position from its form: resources, the draw, the camp, the units and tiles on the board, the
    earlier flips, the supply's killed goblins and hit cards, the traps and the defender's cauldrons."""
    state = plan.get("state")
    if not isinstance(state, dict):
        return
    for key, (low, high) in STATE_NUMBERS.items():
        name = f"state-{key}"
        if name in data:
            value = int_field(data, name, low, high, errors)
            if value is not None:
                set_or_drop(state, key, value)
    for key in ("drawn", "camp"):
        counts = _counts(data, f"state-{key}", errors)
        if counts is not None:
            state[key] = counts
    if "state-flipped-shown" in data:
        state["flipped"] = [k for k in PHASE_KEYS[:5] if k in data.getlist("state-flipped")]
    if "state-traps-shown" in data:
        state["traps"] = [t[:40] for t in data.getlist("state-traps")][:100]
    if "state-cauldrons" in data:
        text = text_field(data, "state-cauldrons", 400, errors) or ""
        state["defender"] = {"cauldrons": [c.strip()[:40] for c in text.split(",") if c.strip()][:20]}
    board = state.get("board") if isinstance(state.get("board"), dict) else None
    if board is None:
        return
    if "state-units-shown" in data:
        units: dict[str, dict[str, int]] = {}
        for loc in data.getlist("state-units-loc")[:100]:
            counts = _counts(data, f"state-units-{loc[:40]}", errors)
            if counts:
                units[loc[:40]] = counts
        board["units"] = units
    tiles = board.get("tiles") if isinstance(board.get("tiles"), list) else []
    for index, tile in enumerate(tiles):
        if not isinstance(tile, dict):
            continue
        at = text_field(data, f"state-tile-{index}-at", 40, errors) if f"state-tile-{index}-at" in data else None
        if at:
            tile["at"] = at
        if f"state-tile-{index}-shown" in data:
            set_or_drop(tile, "occupied", True if f"state-tile-{index}-occupied" in data else None)


def _apply_action(item: dict[str, Any], suffix: str, data: QueryDict, errors: dict[str, str]) -> None:
    phase = int_field(data, f"phase-{suffix}", 1, 6, errors) if f"phase-{suffix}" in data else ""
    if isinstance(phase, int):
        item["phase"] = phase
    qty = int_field(data, f"qty-{suffix}", 1, 99, errors) if f"qty-{suffix}" in data else ""
    if isinstance(qty, int):
        set_or_drop(item, "qty", qty if qty != 1 else None)
    if any(f"pay-{suffix}-{u}" in data for u in UNITS):
        pay: dict[str, int] = {}
        for unit in UNITS:
            value = int_field(data, f"pay-{suffix}-{unit}", 0, 99, errors)
            if isinstance(value, int) and value:
                pay[unit] = value
        set_or_drop(item, "pay", pay or None)
    if f"resources-{suffix}" in data:
        value = int_field(data, f"resources-{suffix}", 0, 99, errors)
        if value is not None:
            set_or_drop(item, "resources", value)
    if f"target-{suffix}" in data:
        target = text_field(data, f"target-{suffix}", 40, errors)
        if target is not None:
            set_or_drop(item, "target", target or None)
    for key in ("gain", "goblins"):
        if f"{key}-{suffix}" in data:
            value = int_field(data, f"{key}-{suffix}", 0, 100, errors)
            if value is not None:
                set_or_drop(item, key, value)
    for key in ("receive", "give"):
        counts = _counts(data, f"{key}-{suffix}", errors)
        if counts is not None:
            set_or_drop(item, key, counts or None)
    moves = item.get("moves")
    if isinstance(moves, list):
        for m, move in enumerate(moves):
            if not isinstance(move, dict):
                continue
            for end in ("from", "to"):
                name = f"move-{suffix}-{m}-{end}"
                value = text_field(data, name, 40, errors) if name in data else None
                if value:
                    move[end] = value
            counts = _counts(data, f"move-{suffix}-{m}", errors)
            if counts is not None:
                move["units"] = counts
    if f"more-{suffix}" in data:
        more = json_field(data, f"more-{suffix}", errors)
        if more is None and data.get(f"more-{suffix}", "").strip() == "":
            more = {}
        if isinstance(more, dict):
            for key in [k for k in item if k not in ACTION_KEYS]:
                del item[key]
            item.update({k: v for k, v in more.items() if k not in ACTION_KEYS})
        elif f"more-{suffix}" not in errors:
            errors[f"more-{suffix}"] = gettext("A JSON object of the action's other fields.")


def _plan(document: Mapping[str, Any]) -> dict[str, Any]:
    plan = document.get("plan")
    return plan if isinstance(plan, dict) else {}


def _context(document: Mapping[str, Any], catalogue: Any) -> dict[str, Any]:
    plan = _plan(document)
    phase_cards = plan.get("phase_cards") if isinstance(plan.get("phase_cards"), dict) else {}
    assert isinstance(phase_cards, dict)
    return {
        "phase_cards": [(k, phase_cards.get(k, "")) for k in PHASE_KEYS],
        "plan_state": json.dumps(plan.get("state"), ensure_ascii=False, indent=1) if "state" in plan else "",
        "plan_json": json.dumps(plan, ensure_ascii=False, indent=1) if plan.get("kind") == "setup" else "",
        "phase_card_names": sorted({c.name for c in catalogue.of_kind("phase-card")}),
    }


def _shown(document: Mapping[str, Any]) -> dict[str, Any]:
    """The plan's settings as the shared page lists them (its actions and orders are the list's sections)."""
    return {"plan": [
        (key, value if isinstance(value, (str, int)) else json.dumps(value, ensure_ascii=False))
        for key, value in _plan(document).items() if key not in ("entries", "orders")
    ] if isinstance(document.get("plan"), dict) else None}


def _prepare(document: dict[str, Any], catalogue: Any) -> None:
    """A round plan gets every key its format requires, with valid round-1 defaults (builder/stronghold.py)."""
    plan = document.get("plan")
    if isinstance(plan, dict) and plan.get("kind") == "round-plan":
        document["plan"] = plans.fit_plan(plan, str(document.get("format", "")), catalogue.cards)


def _ops(document: dict[str, Any], verb: str, rest: str, data: QueryDict) -> tuple[dict[str, Any], str] | None:
    """A target picked on the board (``target:<entry>:<place>``), a tile added to or taken off the position
    (``addtile``, ``untile:<i>``), a mobilization's move added or removed (``addmove:<entry>``,
    ``unmove:<entry>:<move>``)."""
    if verb not in ("target", "addtile", "untile", "addmove", "unmove"):
        return None
    try:
        if verb == "addtile":
            changed = plans.add_tile(document=document, name=data.get("newtile-name", "")[:200],
                                     at=data.get("newtile-at", "")[:40])
            return changed, gettext("Tile added to the board.")
        head, _sep, tail = rest.partition(":")
        if not head.isdigit() or len(head) > 4:
            raise DraftError(gettext("No such item in the list."))
        index = int(head)
        if verb == "target":
            return plans.set_target(document=document, index=index, target=tail), gettext(
                "Target: %(place)s.") % {"place": tail[:40]}
        if verb == "untile":
            return plans.remove_tile(document=document, index=index), gettext("Tile taken off the board.")
        if verb == "addmove":
            changed = plans.add_move(document=document, index=index, origin=data.get(f"newmove-{index}-from", ""),
                                     to=data.get(f"newmove-{index}-to", ""))
            return changed, gettext("Move added.")
        if not tail.isdigit() or len(tail) > 4:
            raise DraftError(gettext("No such item in the list."))
        return plans.remove_move(document=document, index=index, move=int(tail)), gettext("Move removed.")
    except plans.PlanError as exc:
        raise DraftError(str(exc)) from None


def _target_for(data: QueryDict) -> int | None:
    """The action whose target the player is picking on the board (the radio "target-for", or the action a
    target was just picked for)."""
    value = str(data.get("target-for", ""))
    op = str(data.get("op", ""))
    if op.startswith("target:"):
        value = op.split(":")[1]
    return int(value) if value.isdigit() and len(value) <= 4 else None


def _plan_notes(check: Any) -> dict[str, list[str]]:
    """The rule messages (and the reasons a plan cannot be checked) of the plan's own fields, keyed by the field
    (``income``, ``state_drawn``, ``phase_cards_2``), so the page puts each beside its field."""
    notes: dict[str, list[str]] = {}

    def add(pointer: str, text: str) -> None:
        parts = pointer.strip("/").split("/")
        if len(parts) < 2 or parts[0] != "plan" or parts[1] in ("entries", "orders"):
            return
        key = "_".join(parts[1:3])
        if text not in notes.setdefault(key, []):
            notes[key].append(text)

    for pointer, texts in (getattr(check, "errors", None) or {}).items():
        for text in texts:
            add(str(pointer), str(text))
    result = getattr(check, "result", None) or {}
    for finding in [*(result.get("violations") or []), *(result.get("warnings") or [])]:
        text = str(finding.get("message", "")) + (f" ({finding['hint']})" if finding.get("hint") else "")
        for pointer in finding.get("entries") or []:
            add(str(pointer), text)
    return notes


def _checked(document: Mapping[str, Any], catalogue: Any, check: Any, data: QueryDict) -> dict[str, Any]:
    """What the plan's fields need beside the document: the board and its choices, rows, messages per field."""
    plan = _plan(document)
    view = plans.plan_view(document, catalogue, _target_for(data))
    notes = _plan_notes(check)

    def card_rows(record: str) -> list[dict[str, Any]]:
        held = plan.get(record) if isinstance(plan.get(record), dict) else {}
        assert isinstance(held, dict)
        rows = []
        for key in PHASE_KEYS:
            value = str(held.get(key) or "")
            choices = list((view.get("phase_choices") or {}).get(key) or [])
            if value and value not in choices:
                choices.insert(0, value)
            rows.append({"key": key, "value": value, "choices": choices,
                         "notes": notes.get(f"{record}_{key}", []) if record == "phase_cards" else []})
        return rows

    return {"plan_view": view, "plan_notes": notes, "phase_card_rows": card_rows("phase_cards"),
            "ally_card_rows": card_rows("ally_phase_cards"), "unit_titles": UNIT_TITLES,
            "count_fields": COUNT_FIELDS,
            "colour_label": {"red": gettext("red"), "green": gettext("green")}.get(str(view.get("colour")), "")}


PANEL = Panel(template="builder/games/stronghold.html", keys=frozenset({"plan"}), apply=_apply, context=_context,
              shown=_shown, prepare=_prepare, ops=_ops, checked=_checked)
