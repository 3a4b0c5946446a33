"""Stronghold in the builder: the plan's settings (its kind, round, income, side, phase cards, the position
before the round, or a whole setup as JSON) and an action's payment, resources, target and other fields
(``stronghold.md`` §10.2–§10.4)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext

from builder.drafts import ACTION_KEYS, MAX_NAME, items
from builder.drafts import STRONGHOLD_UNITS as UNITS
from builder.fields import int_field, json_field, set_or_drop, text_field
from builder.games import Panel
from games.stronghold import PHASE_KEYS

PLAN_NUMBERS = ("round", "income", "camp_upkeep", "hourglasses")


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
    if any(f"plan-phase_cards-{k}" in data for k in PHASE_KEYS):
        cards = plan.get("phase_cards") if isinstance(plan.get("phase_cards"), dict) else {}
        assert isinstance(cards, dict)
        for key in PHASE_KEYS:
            value = text_field(data, f"plan-phase_cards-{key}", MAX_NAME, errors)
            if value is not None:
                cards[key] = value
        plan["phase_cards"] = cards
    if "plan-flipped-shown" in data:
        plan["flipped"] = [k for k in PHASE_KEYS[:5] if k in data.getlist("plan-flipped")]
    if "plan-state" in data:
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


PANEL = Panel(template="builder/games/stronghold.html", keys=frozenset({"plan"}), apply=_apply, context=_context,
              shown=_shown)
