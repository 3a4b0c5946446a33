"""The ruleset: a plan's totals, the formats (two, three and four players) and their registration."""

from __future__ import annotations

from collections import Counter
from typing import Any

from validation.core.registry import Format, Params, RulesetSpec, register_ruleset
from validation.games.stronghold.plan import Plan
from validation.games.stronghold.rules import (
    camp_band,
    has_commissar,
    hourglass_count,
    setup_attackers,
)
from validation.games.stronghold.schema import DOCUMENT, GAME, RULESET, format_keys
from validation.games.stronghold.simulation import prepare


def totals(plan: Plan, p: Params) -> dict[str, Any]:
    if not plan.plan:
        return {
            "resources_spent": 0,
            "resources_left": sum(int(a.get("resources") or 0) for a in setup_attackers(plan)),
            "units_used": 0,
            "hourglasses": None,
        }
    hourglasses, upkeep = hourglass_count(plan, p)
    out: dict[str, Any] = {
        "resources_spent": plan.spent,
        "resources_left": plan.balance[-1][2] if plan.balance else plan.start_balance,
        "units_used": sum(plan.paid.values()),
        "hourglasses": hourglasses + ((upkeep or 0) if plan.two_player else 0),
        "camp": sum(plan.camp_end.values()),
        "camp_upkeep": camp_band(p, sum(plan.camp_end.values())),
    }
    board = plan.board
    if board is not None:
        left: dict[str, int] = {}
        for loc, kind in board.kinds.items():
            if kind not in ("gathering-point", "rampart", "wall-section"):
                continue
            if kind == "rampart" and has_commissar(plan.tiles_end, loc):
                room = int(p["commissar_rampart_capacity"])
            else:
                room = int(board.capacity(loc) or 0)
            if kind == "wall-section":
                room += sum(int(t.card.get("extra_slots") or 0) for t in plan.tiles_at(plan.tiles_end, loc, "Ladders"))
            left[loc] = room - sum(plan.units_end.get(loc, Counter()).values())
        out["capacity_left"] = left
    return out


# ----------------------------------------------------------------------------------------------- formats

RULES_ALL = (
    "stronghold.action-on-phase-card", "stronghold.action-once-per-round", "stronghold.bridge-empty-path",
    "stronghold.camp-upkeep", "stronghold.component-limit", "stronghold.direct-entry",
    "stronghold.equipment-per-section", "stronghold.escape-knife", "stronghold.forward-movement",
    "stronghold.fresh-units-only", "stronghold.gate-tower-capacity", "stronghold.gathering-point-capacity",
    "stronghold.gunner-hit-card", "stronghold.hourglass-total", "stronghold.max-shooting-machines",
    "stronghold.mobilization-limit", "stronghold.mobilization-sequence", "stronghold.one-item-per-field",
    "stronghold.one-order-per-section", "stronghold.open-order-single", "stronghold.order-unit-type",
    "stronghold.phase-card-draft", "stronghold.phase-card-flip", "stronghold.phase-order",
    "stronghold.rampart-capacity", "stronghold.recruit-exchange", "stronghold.resource-cost",
    "stronghold.resource-income", "stronghold.resources-available", "stronghold.rope-move",
    "stronghold.round-limit", "stronghold.same-side", "stronghold.section-capacity", "stronghold.setup-counts",
    "stronghold.siege-tower-section", "stronghold.tile-placement", "stronghold.training-per-rampart",
    "stronghold.transfer-restrictions", "stronghold.unit-cost-option", "stronghold.units-per-round",
)
RULES_MANY = ("stronghold.ally-action", "stronghold.no-resource-sharing", "stronghold.ram-per-round",
              "stronghold.unit-transfer")
COMMON = {
    "rounds": 10, "charge_bonus_units": 2, "resources_per_round": 5,
    "production_yield": {"goblin": 1, "orc": 2, "troll": 3}, "max_shooting_machines": 4,
    "mobilization": {"Lesser Mobilization": {"hourglasses": 3, "limit": 5},
                     "Major Mobilization": {"hourglasses": 5, "limit": 7}},
    "commissar_extra_moves": 2, "commissar_rampart_capacity": 9,
    "defender_setup": {"stone_per_section": 2, "honour_guard": {"soldier": 2}, "watchtower": {"archer": 1},
                       "barracks": {"archer": 4, "soldier": 1}, "hourglasses": 4},
    "glory_setup": {"attacker": 10, "defender_fields": [1, 1, 1, 1], "supply": 15},
    "bag": {"goblin": 60, "orc": 100, "troll": 40}, "board": "TB-9",
}
FREE = ("board", "camp_limit_scope")

SPEC = register_ruleset(RulesetSpec(GAME, RULESET, "Stronghold", DOCUMENT, prepare, totals, default=True,
                                    format_keys=format_keys))
SPEC.add_format(Format(
    GAME, RULESET, "two-player", "Two players",
    "One attacker against one defender: red phase cards (2 of 5 drawn per phase), 14 units and 5 resources a round, "
    "the camp upkeep 0/1/3/6. A setup or one round's plan, checked on the board of the parameter board.",
    RULES_ALL,
    {**COMMON, "players": 2, "attackers": 1, "defenders": 1, "units_per_round": 14, "setup_resources": 5,
     "camp_upkeep": [[0, 3, 0], [4, 7, 1], [8, 11, 3], [12, None, 6]], "phase_card_set": "red",
     "phase_cards_drawn_per_phase": 2, "defender_round_income": {"stone": 1, "hourglasses": 2}},
    FREE,
))
for _players, _defenders, _income in ((3, 1, {"stone": 1, "hourglasses": 2}), (4, 2, {"stone": 1,
                                                                                     "hourglasses_each": 1})):
    SPEC.add_format(Format(
        GAME, RULESET, f"{'three' if _players == 3 else 'four'}-player", f"{_players} players",
        f"Two attackers, each on his own side, against {_defenders} defender{'s' if _defenders > 1 else ''}: green "
        "phase cards (3 drawn per phase, different cards kept), 10 units and 5 resources each a round, 3 resources "
        "each at setup, 1 ram part a round in all, the ally's actions for 1 more hourglass. The green camp card's "
        "upkeep is not in the seed: plans declare their hourglasses without it.",
        (*RULES_ALL, *RULES_MANY),
        {**COMMON, "players": _players, "attackers": 2, "defenders": _defenders, "units_per_round": 10,
         "setup_resources": 3, "camp_upkeep": None, "phase_card_set": "green", "phase_cards_drawn_per_phase": 3,
         "defender_round_income": _income, "ally_action_surcharge": 1, "ram_parts_per_round": 1,
         "unit_transfer": {"hourglasses": 1, "max_units": 3}},
        FREE,
    ))
