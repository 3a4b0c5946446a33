"""The Stronghold main board's layout as a sheet a player fills in from the printed board (``builder/sheets.py``).

The board's places, paths, capacities and fields are printed on the board and in no source we reach
(``docs/catalogue/stronghold.md``): plans are checked on the invented stand-in TB-9 until a layout is known. A
player who owns the game types his board in here, place by place, with the names he will use in his plans; the
sheet packs them into the catalogue's ``layout`` object (the format of ``docs/catalogue/stronghold.md``, "The board
as data"), checking that the parts fit together (a rampart entered from a gathering point the board has, a wall
order naming its sections and the gate tower). Like every number a player enters, it is used in that player's own
checks, marked "entered by a player", and reaches the catalogue only when an editor accepts it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from builder.sheets import Errors, Flag, Nest, Number, Rows, Sheet, Text, Words, register_sheet
from validation.games.stronghold.board import PRINTED_BOARD

SIDES = ("west", "east")


def _sides() -> list[tuple[str, Any]]:
    return [("west", _("west")), ("east", _("east"))]


def _name(label: Any, help: Any = "") -> Text:
    return Text("name", label, 40, required=True, help=help)


def _side() -> Text:
    return Text("side", _("Side"), 5, choices=_sides, strict=True, required=True)


def _error(errors: Errors, pointer: str, text: str) -> None:
    errors.setdefault(pointer, []).append(text)


def _rows(values: Mapping[str, Any], key: str) -> list[dict[str, Any]]:
    return [dict(r) for r in values.get(key) or [] if isinstance(r, Mapping)]


def pack_layout(values: Mapping[str, Any], errors: Errors) -> dict[str, Any]:
    """The sheet's values as a board ``layout``, with an error per field where the parts do not fit together or a
    number the rules read is not given (none is assumed: an empty field is not a 0)."""
    layout: dict[str, Any] = {"sides": list(SIDES)}
    seen: dict[str, str] = {}

    def place(pointer: str, name: str) -> str:
        if name.casefold() in seen:
            _error(errors, pointer, gettext("%(name)s is already a place of this board: give each place its own "
                                            "name.") % {"name": name})
        seen[name.casefold()] = name
        return name

    def needed(row: Mapping[str, Any], pointer: str, key: str) -> Any:
        if row.get(key) is None:
            _error(errors, f"{pointer}/{key}", gettext("Required."))
        return row.get(key)

    gathering = _rows(values, "gathering_points")
    ramparts = _rows(values, "ramparts")
    sections = _rows(values, "sections")
    for key, rows in (("gathering_points", gathering), ("ramparts", ramparts), ("sections", sections)):
        if not rows:
            _error(errors, f"/{key}", gettext("Give at least one."))
    layout["gathering_points"] = {
        place(f"/gathering_points/{i}/name", r["name"]): {
            "side": r.get("side"), "capacity": needed(r, f"/gathering_points/{i}", "capacity"),
            "machine_fields": needed(r, f"/gathering_points/{i}", "machine_fields")}
        for i, r in enumerate(gathering)}
    layout["ramparts"] = {
        place(f"/ramparts/{i}/name", r["name"]): {
            "side": r.get("side"), "capacity": needed(r, f"/ramparts/{i}", "capacity"),
            "entered_from": list(r.get("entered_from") or []), "reaches": list(r.get("reaches") or [])}
        for i, r in enumerate(ramparts)}
    layout["sections"] = {
        place(f"/sections/{i}/name", r["name"]): {
            "side": r.get("side"), "slots": needed(r, f"/sections/{i}", "slots"),
            "siege_tower": bool(r.get("siege_tower"))}
        for i, r in enumerate(sections)}
    gate = str(values.get("gate") or "")
    if not gate:
        _error(errors, "/gate", gettext("Required."))
    place("/gate", gate)
    layout["gate"] = {"id": gate, "gates": values.get("gates"), "resistance": values.get("gate_resistance"),
                      "ram_fields": values.get("ram_fields"), "crew_per_part": values.get("crew_per_part")}
    for key in ("gates", "gate_resistance", "ram_fields", "crew_per_part", "siege_tower_slots",
                "rampart_machine_fields", "rampart_cover_fields", "rampart_training_fields"):
        if values.get(key) is None:
            _error(errors, f"/{key}", gettext("Required."))
    layout["siege_tower_slots"] = values.get("siege_tower_slots")
    layout["rampart_fields"] = {k: values.get(f"rampart_{k}_fields") for k in ("machine", "cover", "training")}
    points, walls = set(layout["gathering_points"]), set(layout["sections"])
    ramps = set(layout["ramparts"])
    for i, r in enumerate(ramparts):
        for name in r.get("entered_from") or []:
            if name not in points | ramps:
                _error(errors, f"/ramparts/{i}/entered_from",
                       gettext("%(name)s is no gathering point or rampart of this board.") % {"name": name})
        for name in r.get("reaches") or []:
            if name not in walls:
                _error(errors, f"/ramparts/{i}/reaches",
                       gettext("%(name)s is no wall section of this board.") % {"name": name})
    adjacent = []
    for i, r in enumerate(_rows(values, "adjacent_ramparts")):
        for end in ("first", "second"):
            if r.get(end) not in ramps:
                _error(errors, f"/adjacent_ramparts/{i}/{end}",
                       gettext("Name a rampart of this board."))
        adjacent.append([r.get("first"), r.get("second")])
    layout["adjacent_ramparts"] = adjacent
    paths = {}
    for i, r in enumerate(_rows(values, "path_fields")):
        for end in ("start", "end"):
            if r.get(end) not in points | ramps:
                _error(errors, f"/path_fields/{i}/{end}", gettext("Name a gathering point or rampart of this board."))
        paths[place(f"/path_fields/{i}/name", r["name"])] = [r.get("start"), r.get("end")]
    layout["path_fields"] = paths
    order = list(values.get("wall_order") or [])
    for name in order:
        if name not in walls | {gate}:
            _error(errors, "/wall_order",
                   gettext("%(name)s is no wall section of this board, nor its gate tower.") % {"name": name})
    layout["wall_order"] = order
    buildings = list(values.get("buildings") or [])
    for name in buildings:
        place("/buildings", name)
    layout["buildings"] = buildings
    hospital = str(values.get("hospital") or "")
    if hospital and hospital not in buildings:
        _error(errors, "/hospital", gettext("Name one of the buildings above."))
    if hospital:
        layout["hospital"] = hospital
    courtyard = str(values.get("courtyard") or "")
    if courtyard:
        layout["courtyard"] = place("/courtyard", courtyard)
    heroes = list(values.get("heroes") or [])
    for name in heroes:
        place("/heroes", name)
    layout["heroes"] = heroes
    return layout


def unpack_layout(layout: Mapping[str, Any]) -> dict[str, Any]:
    """A board ``layout`` as the sheet's values (the form shows it)."""

    def parts(key: str) -> Mapping[str, Any]:
        value = layout.get(key)
        return value if isinstance(value, Mapping) else {}

    gate = parts("gate")
    fields = parts("rampart_fields")
    return {
        "gathering_points": [{"name": k, "side": v.get("side"), "capacity": v.get("capacity"),
                              "machine_fields": v.get("machine_fields")} for k, v in parts("gathering_points").items()],
        "ramparts": [{"name": k, "side": v.get("side"), "capacity": v.get("capacity"),
                      "entered_from": v.get("entered_from") or [], "reaches": v.get("reaches") or []}
                     for k, v in parts("ramparts").items()],
        "adjacent_ramparts": [{"first": p[0], "second": p[1]} for p in layout.get("adjacent_ramparts") or []
                              if isinstance(p, list) and len(p) == 2],
        "sections": [{"name": k, "side": v.get("side"), "slots": v.get("slots"), "siege_tower": v.get("siege_tower")}
                     for k, v in parts("sections").items()],
        "path_fields": [{"name": k, "start": v[0], "end": v[1]} for k, v in parts("path_fields").items()
                        if isinstance(v, list) and len(v) == 2],
        "gate": gate.get("id"), "gates": gate.get("gates"), "gate_resistance": gate.get("resistance"),
        "ram_fields": gate.get("ram_fields"), "crew_per_part": gate.get("crew_per_part"),
        "siege_tower_slots": layout.get("siege_tower_slots"),
        **{f"rampart_{k}_fields": fields.get(k) for k in ("machine", "cover", "training")},
        "wall_order": layout.get("wall_order") or [],
        "buildings": layout.get("buildings") or [],
        "hospital": layout.get("hospital"), "courtyard": layout.get("courtyard"),
        "heroes": layout.get("heroes") or [],
    }


register_sheet("stronghold", "default", "component", Sheet(
    only=(PRINTED_BOARD,),
    note=_("Type in the places printed on your board, with the names you will use in your plans (such as W1 for "
           "the first western rampart). Until a board is known, plans are checked on TB-9, an invented stand-in."),
    nest=Nest("layout", _("Board layout"), pack_layout, unpack_layout),
    fields=(
        Text("gate", _("The gate tower’s name"), 40, help=_("As you will name it in your plans: Gate.")),
        Number("gates", _("Gates of the gate tower"), 1, 10, help=_("The rulebook: 3.")),
        Number("gate_resistance", _("Strength of a gate"), 1, 30, help=_("The rulebook: 6.")),
        Number("ram_fields", _("Ram fields"), 1, 10, help=_("The rulebook: 5.")),
        Number("crew_per_part", _("Crew per ram part"), 1, 5, help=_("The rulebook: 2.")),
        Number("siege_tower_slots", _("Places on a siege tower"), 1, 10, help=_("The rulebook: 3.")),
        Number("rampart_machine_fields", _("Machine fields of a rampart"), 0, 5),
        Number("rampart_cover_fields", _("Cover fields of a rampart"), 0, 5),
        Number("rampart_training_fields", _("Training fields of a rampart"), 0, 5),
        Words("wall_order", _("The wall, from west to east"), max_items=30,
              help=_("The wall sections and the gate tower in order, separated by commas: S1, S2, Gate, S3.")),
        Words("buildings", _("Buildings of the fortress"), max_items=20,
              help=_("Separated by commas: Forge, Workshop, Hospital.")),
        Text("hospital", _("The hospital"), 40, help=_("The building the Hospital actions target.")),
        Text("courtyard", _("The courtyard"), 40),
        Words("heroes", _("The defender’s heroes"), max_items=4, help=_("Separated by commas: Officer, Warrior.")),
    ),
    rows=(
        Rows("gathering_points", _("Gathering points"), (
            _name(_("Name")), _side(),
            Number("capacity", _("Units it holds"), 1, 50, help=_("The rulebook: 10.")),
            Number("machine_fields", _("Machine fields"), 0, 10),
        ), max_rows=6),
        Rows("ramparts", _("Ramparts"), (
            _name(_("Name")), _side(),
            Number("capacity", _("Units it holds"), 1, 50, help=_("The rulebook: 7.")),
            Words("entered_from", _("Entered from"), help=_("The gathering points or ramparts its units come from.")),
            Words("reaches", _("Reaches the wall sections")),
        ), max_rows=12),
        Rows("adjacent_ramparts", _("Ramparts side by side"), (
            Text("first", _("Rampart"), 40, required=True), Text("second", _("Rampart"), 40, required=True),
        ), max_rows=12),
        Rows("sections", _("Wall sections"), (
            _name(_("Name")), _side(),
            Number("slots", _("Places for units"), 0, 20),
            Flag("siege_tower", _("A siege tower may stand here")),
        ), max_rows=20),
        Rows("path_fields", _("Paths"), (
            _name(_("Name")),
            Text("start", _("From"), 40, required=True), Text("end", _("To"), 40, required=True),
        ), max_rows=20, help=_("The paths between gathering points and ramparts (where the defender may set traps).")),
    ),
))
