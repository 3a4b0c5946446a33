"""Stronghold's list document: the plan (a setup or one attacker's round plan) and its keys, units and bounds
(``stronghold.md`` §10.2–§10.4), and the names and numbers every other part reads."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from validation.core.document import MAX_ENTRIES, MAX_NAME
from validation.core.names import normalise
from validation.core.registry import Format
from validation.core.result import Source
from validation.core.schema import Bool, Errors, Int, Key, ListOf, Obj, Schema, Str, child

GAME = "stronghold"
RULESET = "default"
SEED = "002_d44d61b2c33012b1.txt"
ATTACKER = ("goblin", "orc", "troll")
DEFENDER = ("archer", "soldier", "veteran")
PHASES = ("1", "2", "3", "4", "5", "6")
CARD_KEYS = (*PHASES, "camp")
SIDES = ("west", "east")
CAMP = "camp"
TOWER = "ST:"
MAX_UNITS = 200  # units of one type anywhere (the bag holds 200 in all)
MAX_LOCATIONS = 100
MAX_MOVES = 100
MAX_ORDERS = 20
STAND_IN = "catalogue.stand-in"
STAND_IN_SOURCE = Source("stronghold.md", "§10.6 Test board TB-9 (invented)")
ACTION_KINDS = ("machine", "equipment", "training", "ritual", "phase-card", "component")
TILE_KINDS = ("machine", "equipment", "training")
SHOOTING_HIT_CARDS = 2  # each new shooting machine takes 2 hit cards from the supply (§10.3 state)

# Fields an action needs (§10.4 "Per action": leaving one out makes the document malformed), by English name.
NEEDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys((
        "ballista", "catapult", "trebuchet", "siege tower", "altar", "cover", "ram", "precise hit", "banners",
        "ladders", "ropes", "trapdoor", "shields", "poison", "bridge", "gunner", "commissar", "trench commander",
        "drover", "marksman", "saboteur", "bloodstone", "possession", "fire", "ghost", "panic", "storm", "accident",
    ), ("target",)),
    "produce resources": ("gain",),
    "transfer units": ("give",),
    "recruit trainer": ("receive",),
    "equipment transfer": ("tile", "from", "to"),
    "training relocation": ("tile", "from", "to"),
    "escape from the knife": ("target", "goblins"),
}
TRANSFERS = ("equipment transfer", "training relocation")
MOBILIZATIONS = ("lesser mobilization", "major mobilization")
# Keys of the 3-4 player round plan (§10.3); resources_given is optional there.
ALLY_KEYS = ("side", "ally_phase_cards", "ally_flipped", "ally_used_my_card", "ally_used_own_card",
             "ally_built_ram_this_round", "hourglasses_excluding_camp")
TWO_PLAYER_KEYS = ("camp_upkeep", "hourglasses")


def _src(section: str) -> str:
    return f"{SEED}, {section}"


# ----------------------------------------------------------------------------------------------- the document


def counts(kinds: Sequence[str], what: str) -> Obj:
    """``{"goblin": 2, "orc": 3}``: a missing key or 0 is none."""
    return Obj({k: Key(Int(0, MAX_UNITS), default=0) for k in kinds}, what=what)


UNITS = counts(ATTACKER, "unit counts (goblin, orc, troll)")
DEFENDERS = counts(DEFENDER, "defender unit counts (archer, soldier, veteran)")


@dataclass(frozen=True)
class MapOf(Schema):
    """An object with free keys (location ids) and values of one schema."""

    value: Schema
    max_items: int
    description = "an object"

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if not isinstance(value, dict):
            errors.add(pointer, "must be an object of location ids")
            return {}
        if len(value) > self.max_items:
            errors.add(pointer, f"must hold at most {self.max_items} keys, not {len(value)}")
            return {}
        out = {}
        for key, item in value.items():
            if not isinstance(key, str) or not key.strip() or len(key) > 40:
                errors.add(child(pointer, str(key)), "must be a location id of 1 to 40 characters")
                continue
            out[key] = self.value.check(item, child(pointer, key), errors)
        return out

    def describe(self) -> dict[str, Any]:
        return {"type": "object", "max_items": self.max_items, "values": self.value.describe()}


def _at_least_one_unit(out: dict[str, Any], pointer: str, errors: Errors) -> None:
    units = out.get("units")
    if isinstance(units, dict) and not any(units.values()):
        errors.add(f"{pointer}/units", "must move at least 1 unit")


MOVE = Obj(
    {
        "from": Key(Str(40), required=True, doc="camp, a gathering point or a rampart (a wall section for ropes)"),
        "to": Key(Str(40), required=True, doc="a gathering point, a rampart, a wall section, ST:<section> or GATE"),
        "units": Key(UNITS, required=True, doc="the units moved"),
    },
    what="stronghold move",
    check_extra=_at_least_one_unit,
)
MOVES = ListOf(MOVE, MAX_MOVES)
PHASE_KEY = Str(1, choices=PHASES)
CARDS = Obj({k: Key(Str(MAX_NAME), required=True, doc=f"the phase-{k} card" if k != "camp" else "the camp card")
             for k in CARD_KEYS}, what="phase cards record")


def _action_needs(out: dict[str, Any], pointer: str, errors: Errors) -> None:
    name = out.get("name")
    for needed in NEEDS.get(normalise(name), ()) if isinstance(name, str) else ():
        if out.get(needed) is None:
            errors.add(f"{pointer}/{needed}", f"is required for {name}")


ENTRY = Obj(
    {
        "name": Key(Str(MAX_NAME), required=True, doc="the action's name"),
        "phase": Key(Int(1, 6), required=True, doc="the phase it is taken in"),
        "qty": Key(Int(1, 99), default=1, doc="more than 1 takes the action again"),
        "card": Key(Str(4, choices=("own", "ally")), default="own", doc="whose phase card prints it (3-4 players)"),
        "pay": Key(UNITS, doc="the fresh units assigned, 1 hourglass each"),
        "resources": Key(Int(0, 100, nullable=True), doc="resource cubes paid (default: the printed cost)"),
        "target": Key(Str(MAX_NAME, nullable=True), doc="where the tile goes, or what the action works on"),
        "gain": Key(Int(0, 100, nullable=True), doc="Produce Resources: the resources produced"),
        "give": Key(UNITS, doc="Transfer Units: the units given to the ally"),
        "receive": Key(UNITS, doc="Recruit Trainer: the units taken into the camp"),
        "tile": Key(Str(MAX_NAME, nullable=True), doc="Equipment Transfer, Training Relocation: the tile moved"),
        "from": Key(Str(MAX_NAME, nullable=True), doc="where the tile stands"),
        "to": Key(Str(MAX_NAME, nullable=True), doc="where it goes"),
        "goblins": Key(Int(0, 100, nullable=True), doc="Escape from the Knife: the goblins returned"),
        "moves": Key(MOVES, default=[], doc="a mobilization's moves, in order"),
    },
    what="stronghold plan entry",
    check_extra=_action_needs,
)
ORDER = Obj(
    {
        "name": Key(Str(MAX_NAME), required=True, doc="Goblin Frenzy, Orc Blast, Troll Call or Bluff"),
        "section": Key(Str(40), required=True, doc="a wall section id"),
        "secret": Key(Bool(), default=False, doc="face down (Secret Orders, 1 hourglass)"),
        "qty": Key(Int(1, 99), default=1, doc="tiles on the section"),
    },
    what="stronghold order",
)
TILE = Obj(
    {
        "name": Key(Str(MAX_NAME), required=True, doc="the tile's name"),
        "at": Key(Str(MAX_NAME), required=True, doc="where it stands: a location id or a building"),
        "occupied": Key(Bool(), default=False, doc="Ladders: a unit stands on it"),
    },
    what="stronghold board tile",
)
STATE = Obj(
    {
        "resources": Key(Int(0, 100), required=True, doc="cubes carried from earlier rounds"),
        "drawn": Key(UNITS, required=True, doc="units drawn this round (Charge! bonus included)"),
        "camp": Key(UNITS, required=True, doc="units on the camp card at the start of the round"),
        "board": Key(Obj({
            "tiles": Key(ListOf(TILE, MAX_ENTRIES), default=[], doc="every lasting attacker tile"),
            "units": Key(MapOf(UNITS, MAX_LOCATIONS), default={}, doc="location id -> units"),
        }, what="stronghold board record"), required=True),
        "flipped": Key(ListOf(PHASE_KEY, 6), default=[], doc="cards flipped in earlier rounds"),
        "killed_goblins": Key(Int(0, MAX_UNITS), required=True, doc="killed goblins in the supply"),
        "hit_cards_in_supply": Key(Int(0, 11), required=True, doc="machine hit cards in no deck"),
        "traps": Key(ListOf(Str(40), MAX_LOCATIONS), default=[], doc="path fields holding a defender trap"),
        "defender": Key(Obj({"cauldrons": Key(ListOf(Str(40), 20), default=[])}, what="defender record"),
                        required=True, doc='{"cauldrons": [ids]}'),
        "bag_size": Key(Int(0, MAX_UNITS, nullable=True), doc="units left in the bag before the draw, if short"),
    },
    what="stronghold state",
)
ROUND_PLAN = Obj(
    {
        "kind": Key(Str(20), required=True),
        "round": Key(Int(0, 1000), required=True, doc="the round planned"),
        "phase_cards": Key(CARDS, required=True, doc='{"1".."6", "camp": card name}'),
        "flipped": Key(ListOf(PHASE_KEY, 6), default=[], doc="every card flipped, earlier flips included"),
        "income": Key(Int(0, 100), required=True, doc="the phase-1 resource income claimed"),
        "state": Key(STATE, required=True, doc="the position before the round"),
        "entries": Key(ListOf(ENTRY, MAX_ENTRIES), required=True, doc="the actions, in order"),
        "rope_moves": Key(ListOf(MOVE, 10, nullable=True), doc="phase-6 rope moves"),
        "orders": Key(ListOf(ORDER, MAX_ORDERS), required=True, doc="the orders given in phase 6"),
        "camp_upkeep": Key(Int(0, 100, nullable=True), doc="2 players: the upkeep claimed"),
        "hourglasses": Key(Int(0, 1000, nullable=True), doc="2 players: every hourglass given this round"),
        "side": Key(Str(4, choices=SIDES, nullable=True), doc="3-4 players: this attacker's side"),
        "ally_phase_cards": Key(Obj(CARDS.keys, what="phase cards record", nullable=True),
                                doc="3-4 players: the ally's cards"),
        "ally_flipped": Key(ListOf(PHASE_KEY, 6, nullable=True), doc="3-4 players: the ally's flipped cards"),
        "ally_used_my_card": Key(ListOf(Str(MAX_NAME), 50, nullable=True),
                                 doc="3-4 players: actions on my cards the ally has taken this round"),
        "ally_used_own_card": Key(ListOf(Str(MAX_NAME), 50, nullable=True),
                                  doc="3-4 players: actions the ally has taken from his own cards this round"),
        "ally_built_ram_this_round": Key(Bool(), doc="3-4 players: the ally built a ram part this round"),
        "hourglasses_excluding_camp": Key(Int(0, 1000, nullable=True), doc="3-4 players: hourglasses without upkeep"),
        "resources_given": Key(Int(0, 100, nullable=True), doc="3-4 players: resources handed to the ally"),
    },
    what="stronghold round plan",
)
SETUP = Obj(
    {
        "kind": Key(Str(20), required=True),
        "players": Key(Int(1, 10), required=True),
        "attackers": Key(ListOf(Obj({
            "side": Key(Str(4, choices=SIDES, nullable=True), doc="3-4 players: west or east"),
            "resources": Key(Int(0, 100), required=True),
            "phase_cards": Key(CARDS, required=True),
        }, what="stronghold attacker"), 4), required=True),
        "draft": Key(Obj({k: Key(Obj({"drawn": Key(ListOf(Str(MAX_NAME), 10), required=True)},
                                     what="draft record"), required=True) for k in ("2", "3", "4", "5")},
                         what="stronghold draft"), required=True, doc='{"2".."5": {"drawn": [card names]}}'),
        "bag": Key(UNITS, required=True),
        "defender": Key(Obj({
            "stone_per_section": Key(Int(0, 20), required=True),
            "honour_guard": Key(DEFENDERS, required=True),
            "watchtower": Key(DEFENDERS, required=True),
            "barracks": Key(DEFENDERS, required=True),
            "hourglasses": Key(Int(0, 100), required=True),
        }, what="stronghold defender setup"), required=True),
        "glory": Key(Obj({
            "attacker": Key(Int(0, 100), required=True),
            "defender_fields": Key(ListOf(Int(0, 100), 10), required=True),
            "supply": Key(Int(0, 100), required=True),
        }, what="stronghold glory setup"), required=True),
    },
    what="stronghold setup",
)


class PlanSchema(Schema):
    """The plan: a ``setup`` or a ``round-plan`` document, by its ``kind``."""

    description = "a setup or round-plan document"

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if not isinstance(value, dict):
            errors.add(pointer, "must be an object: a setup or round-plan document")
            return None
        kind = value.get("kind")
        if kind == "setup":
            return SETUP.check(value, pointer, errors)
        if kind == "round-plan":
            return ROUND_PLAN.check(value, pointer, errors)
        errors.add(f"{pointer}/kind", 'must be "setup" or "round-plan"' if "kind" in value else "is required")
        return None

    def describe(self) -> dict[str, Any]:
        return {"type": "object", "one_of": {"setup": SETUP.describe(), "round-plan": ROUND_PLAN.describe()}}


DOCUMENT = Obj(
    {
        "faction": Key(Str(20, choices=("attacker",), nullable=True, casefold=True), doc='"attacker" or null'),
        "plan": Key(PlanSchema(), required=True, doc="the setup or round-plan document of stronghold.md §10"),
    },
    what="stronghold list",
)


def format_keys(fmt: Format, data: dict[str, Any], errors: Errors) -> None:
    """A 2-player plan has none of the 3-4 player keys; a 3-4 player plan has all of them (``resources_given``
    optional) and no ``camp_upkeep`` or ``hourglasses`` (the green camp card's upkeep is not in the seed)."""
    plan = data.get("plan")
    if not isinstance(plan, dict) or plan.get("kind") != "round-plan":
        return
    many = int(fmt.resolved()["players"]) > 2
    for key in ALLY_KEYS:
        if many and plan.get(key) is None:
            errors.add(f"/plan/{key}", f"is required in a plan of the format {fmt.id}")
        elif not many and plan.get(key) is not None:
            errors.add(f"/plan/{key}", f"is a key of 3-4 player plans, not of {fmt.id}")
    if not many and plan.get("resources_given") is not None:
        errors.add("/plan/resources_given", f"is a key of 3-4 player plans, not of {fmt.id}")
    for key in TWO_PLAYER_KEYS:
        if many and plan.get(key) is not None:
            errors.add(f"/plan/{key}", f"is a key of 2-player plans, not of {fmt.id} (its upkeep is not in the seed)")
