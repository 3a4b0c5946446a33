"""BattleLore Second Edition (game ``battlelore2``, ruleset ``default``): mustering and deploying an army.

Specification: ``battlelore2.md`` §3 (the rule table of §3.3, the formats of §3.4, the army document of §18,
the open questions of §17); original: seed ``004_accb02bc63915dff.txt`` (the Hungarian Reference Guide):
Egységek csatarendbe állítása, Parancsnoki sátor, Masszív, Víz, Repülés, Szabályvariációk (p. 10),
Gyors összefoglaló (p. 12). The seed prints no unit costs and no budget: the costs are catalogue data
(``catalogue.missing-data`` where a card lacks one) and the 50-point budget is a parameter (§3.2, outside
knowledge).

The army is the list's ``entries`` (the units mustered, with copies) and its ``deployment`` (one item per placed
unit), read together as the digest's §3.5 reads them: where both are given the entries are the army and the
deployment places units of it (a placed unit that was not mustered is a ``battlelore2.faction-units`` violation:
it comes from no deployment card of the army); an army given only as a deployment is the units placed. Only
entries that name a unit of the catalogue count toward anything.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from validation.core.document import MAX_ENTRIES, MAX_NAME
from validation.core.facts import CardFacts, Catalogue
from validation.core.matching import resolve, same_name
from validation.core.names import normalise
from validation.core.registry import Format, Param, Params, RulesetSpec, register_ruleset, rule
from validation.core.result import Finding, Missing, Outcome, Source
from validation.core.schema import Bool, Errors, Int, Key, ListOf, Obj, Schema, Str
from validation.core.text import Text, and_text, msg, nmsg, or_text, semicolon_text
from validation.games import ddm as _ddm  # noqa: F401  (registered first: the registry keeps CONTRACTS.md's order)
from validation.games import dungeon_command as _dungeon_command  # noqa: F401
from validation.games._lists import CardEntry, entries_schema, entry_items, entry_schema

GAME = "battlelore2"
RULESET = "default"
SEED = "004_accb02bc63915dff.txt"
ARMY_FACTIONS = ("daqan-lords", "uthuk-yllan")
NEUTRAL = "neutral"
MAX_HAND = 20
MAX_CAMPAIGN = 10
MAX_HEX = 20
MAX_VP = 100
ROWS = 9  # a player's half is rows 1-5, row 5 shared: 9 rows (battlelore2.md §4)
STAND_IN = "catalogue.stand-in"
STAND_IN_SOURCE = Source("battlelore2.md", "§18 Recommended army document and test notes (invented test units)")

# The deployment's terrain words (battlelore2.md §18) and the catalogue terrain each names.
TERRAIN_WORDS = {
    "clear": "clear",
    "hills": "hills",
    "forest": "forest",
    "building": "building",
    "water": "water",
    "water+ford": "ford",
    "water+bridge": "bridge",
    "command_tent": "command-tent",
}
TENT_SLUG = "command-tent"
PLACES: dict[str, str | Text] = {
    "unit": msg('under "entries" or "deployment"'), "command-card": msg('under "hand"'),
    "scenario": msg('as "scenario"'), "terrain": msg('as a deployment\'s "terrain"'),
}


class FactionName(Schema):
    """An army faction: ``daqan-lords`` or ``uthuk-yllan`` (its name also matches: "Uthuk Y'llan")."""

    def __init__(self, nullable: bool = True) -> None:
        self.nullable = nullable

    description = "one of " + ", ".join(ARMY_FACTIONS)

    def check(self, value: Any, pointer: str, errors: Errors) -> Any:
        if value is None and self.nullable:
            return None
        if isinstance(value, str):
            key = normalise(value).replace(" ", "-")
            if key in ARMY_FACTIONS:
                return key
        errors.add(pointer, f"must be {self.description}")
        return None

    def describe(self) -> dict[str, Any]:
        return {"type": "string", "choices": list(ARMY_FACTIONS), **({"nullable": True} if self.nullable else {})}


# ------------------------------------------------------------------------------------------------ reading


@dataclass
class Unit(CardEntry):
    """A unit of the army: an entry (``qty`` units) or one placed unit of the deployment."""

    @property
    def cost(self) -> int | None:
        value = self.card.get("cost")
        return None if value is None else int(value)


@dataclass
class Placement:
    pointer: str
    hex: str
    row: int
    terrain_word: str
    terrain: CardFacts | None
    unit: Unit | None = None


@dataclass
class Army:
    catalogue: Catalogue
    faction: str | None = None
    units: list[Unit] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)
    tent: Placement | None = None
    tent_card: CardFacts | None = None
    opponent: str | None = None
    scenario: CardFacts | None = None
    hand: list[tuple[str, CardFacts]] = field(default_factory=list)
    hand_given: bool = False
    campaign: list[dict[str, Any]] | None = None
    unmustered: list[Unit] = field(default_factory=list)  # placed, but beyond the units mustered under entries

    def count(self) -> int:
        return sum(u.qty for u in self.units)

    def known_points(self) -> int:
        return sum(u.cost * u.qty for u in self.units if u.cost is not None)

    def points_complete(self) -> bool:
        return all(u.cost is not None for u in self.units)


def _card(catalogue: Catalogue, kind: str, text: str, pointer: str, set_name: str | None,
          out: list[Outcome]) -> CardFacts | None:
    match = resolve(catalogue, text, kinds={kind}, pointer=pointer, set_name=set_name, same_card=same_name,
                    places=PLACES, cache_as=f"battlelore2:{kind}")
    if match.finding is not None:
        out.append(match.finding)
    return match.card


def _terrain(catalogue: Catalogue, word: str, pointer: str, out: list[Outcome]) -> CardFacts | None:
    slug = TERRAIN_WORDS.get(word.strip().casefold())
    if slug is not None:
        card = catalogue.by_slug.get(slug)
        if card is not None and card.kind == "terrain":
            return card
    return _card(catalogue, "terrain", word, pointer, None, out)


def _stand_in_warning(cards: dict[str, tuple[CardFacts, list[str]]]) -> Finding:
    names = and_text(c.name for c, _ in cards.values())
    return Finding(
        STAND_IN,
        msg("The list is checked with stand-in numbers, not the publisher's: {names}.", names=names),
        tuple(p for _, pointers in cards.values() for p in pointers),
        hint=msg("supply the printed numbers in the catalogue to replace the stand-ins"),
        severity="warning",
        source=STAND_IN_SOURCE,
        extra={"cards": sorted(cards)},
    )


def prepare(doc: Any, catalogue: Catalogue, fmt: Format, params: Params) -> tuple[Army, list[Outcome]]:
    data = doc.data
    out: list[Outcome] = []
    army = Army(catalogue, faction=data.get("faction"))
    stand_ins: dict[str, tuple[CardFacts, list[str]]] = {}

    def note(card: CardFacts | None, pointer: str) -> CardFacts | None:
        if card is not None and card.is_standin:
            stand_ins.setdefault(card.slug, (card, []))[1].append(pointer)
        return card

    for i, item in entry_items(data.get("entries")):
        card = note(_card(catalogue, "unit", item["card"], f"/entries/{i}/card", item.get("set"), out), f"/entries/{i}")
        if card is not None:
            army.units.append(Unit(f"/entries/{i}", item["qty"], card))
    mustered = bool(army.units) or bool(data.get("entries"))
    free = Counter[str]()  # mustered units of each card not yet placed
    for u in army.units:
        free[u.card.slug] += u.qty
    for i, item in entry_items(data.get("deployment")):
        pointer = f"/deployment/{i}"
        card = note(_card(catalogue, "unit", item["card"], f"{pointer}/card", item.get("set"), out), pointer)
        unit = Unit(pointer, 1, card) if card is not None else None
        if unit is not None and not mustered:
            army.units.append(unit)
        elif unit is not None:
            if free[unit.card.slug] > 0:
                free[unit.card.slug] -= 1
            else:
                army.unmustered.append(unit)
        terrain = note(_terrain(catalogue, item["terrain"], f"{pointer}/terrain", out), f"{pointer}/terrain")
        army.placements.append(Placement(pointer, item["hex"], item["row"], item["terrain"], terrain, unit))
    tent = data.get("command_tent")
    if isinstance(tent, dict):
        terrain = _terrain(catalogue, tent["terrain"], "/command_tent/terrain", out)
        army.tent = Placement("/command_tent", tent["hex"], tent["row"], tent["terrain"], terrain)
        army.tent_card = catalogue.by_slug.get(TENT_SLUG)
    opponent = data.get("opponent")
    if isinstance(opponent, dict):
        army.opponent = opponent.get("faction")
    if data.get("scenario"):
        army.scenario = note(_card(catalogue, "scenario", data["scenario"], "/scenario", None, out), "/scenario")
    hand = data.get("hand")
    if hand is not None:
        army.hand_given = True
        for i, text in enumerate(hand):
            card = note(_card(catalogue, "command-card", text, f"/hand/{i}", None, out), f"/hand/{i}")
            if card is not None:
                army.hand.append((f"/hand/{i}", card))
    campaign = data.get("campaign")
    if campaign is not None:
        army.campaign = [item for item in campaign if isinstance(item, dict)]
    if stand_ins:
        out.append(_stand_in_warning(stand_ins))
    return army, out


# ------------------------------------------------------------------------------------------------ parameters

# The budget is outside knowledge (battlelore2.md §3.2: 50): a parameter; the pages say so in words.
POINTS_LIMIT = Param("points_limit", Int(1, 1000), 50,
                     msg("Recruitment points per army (50 is the usual budget; the reference guide gives none)"))
COMMAND_TENT_POINTS = Param(
    "command_tent_points", Int(0, 100), 0,
    # battlelore2.md §3.2 reports +5 from one blog, unverified: 0 unless agreed.
    msg("Points added to the budget when the army fields a command tent (0 unless agreed)"),
)
MAX_STARTING_LORE = Param("max_starting_lore", Int(0, 100), 5, "at most this many lore tokens from unspent points")
COPIES = Param("copies", Int(1, 10), 1, "copies of the game the deployment cards come from")
TENT_LIMITS_ROWS = Param(
    "tent_limits_rows", Bool(), True,
    msg("No unit deploys in a row farther from its edge than the command tent (the book's words read literally)"),
)
SCENARIOS = Param("scenarios", Int(1, 10), 4, "scenarios in a campaign")
LETTERS = Param("letters", ListOf(Str(1), 10), ["A", "B", "C", "D"], "the initiative letters, one per scenario")
FIRST_SCENARIO = Param("first_scenario", Str(4), "A1", "the scenario card both players use first")
HAND = Param(
    "hand", ListOf(Str(MAX_NAME), 10), ["Patrol Left Flank", "Patrol Right Flank", "Patrol Center", "Forward"],
    "the preset starting hand of command cards",
)


def _points_limit(army: Army, p: Params) -> int:
    return int(p["points_limit"]) + (int(p["command_tent_points"]) if army.tent is not None else 0)


@rule("battlelore2.points-limit", POINTS_LIMIT, COMMAND_TENT_POINTS)
def points_limit(army: Army, p: Params) -> Iterator[Outcome]:
    """The recruitment costs of the mustered units add up to at most the budget (50 points; a command tent adds
    ``command_tent_points``, 0 unless agreed). The budget itself is outside knowledge: a parameter.

    Source: 004_accb02bc63915dff.txt, Gyors összefoglaló: Gyakran figyelmen kívül hagyott szabályok (recruitment
        points); battlelore2.md §3.2 (the 50-point budget, outside knowledge)
    """
    limit = _points_limit(army, p)
    total = army.known_points()
    if total > limit:
        yield Finding(
            "battlelore2.points-limit",
            msg("The army costs {total} recruitment points; the budget is {limit}.", total=total, limit=limit),
            ("/deployment" if army.units and army.units[0].pointer.startswith("/deployment") else "/entries",),
            hint=nmsg("remove at least {n} point", "remove at least {n} points", total - limit),
        )
    for u in army.units:
        if u.cost is None:
            yield Missing(u.card.slug, u.name, "cost", (u.pointer,), what=msg("cost (recruitment points)"))


def starting_lore(army: Army, p: Params) -> int | None:
    if not army.points_complete():
        return None
    return min(int(p["max_starting_lore"]), max(0, _points_limit(army, p) - army.known_points()))


@rule("battlelore2.unspent-points-lore", MAX_STARTING_LORE)
def unspent_points_lore(army: Army, p: Params) -> Iterator[Outcome]:
    """Not a legality rule: after mustering, each player gains 1 lore token per unspent recruitment point, at most
    5. The result's ``totals.lore_from_unspent`` shows it; it never makes a list illegal.

    Source: 004_accb02bc63915dff.txt, Gyors összefoglaló: Gyakran figyelmen kívül hagyott szabályok
    """
    return iter(())


@rule("battlelore2.faction-units")
def faction_units(army: Army, p: Params) -> Iterator[Outcome]:
    """Every unit comes from the army's faction's deployment cards, or is a neutral unit. An army with no faction
    cannot be checked: that is a violation too. Where the list gives both the units mustered and their deployment,
    every placed unit is one of the units mustered.

    Source: 004_accb02bc63915dff.txt, Szabályvariációk: Játék több alapjátékkal (armies from the available
        deployment cards of a faction); Egységek csatarendbe állítása (the army's units are deployed);
        battlelore2.md §3.3 (neutral units, outside knowledge), §3.5 (entries and deployment read together)
    """
    yield from _unmustered(army)
    if army.faction is None:
        if army.units:
            yield Finding(
                "battlelore2.faction-units",
                msg("The army names no faction, so its units cannot be checked against one."),
                ("/faction",),
                hint=msg("set faction to {factions}", factions=or_text(ARMY_FACTIONS)),
            )
        return
    wrong: dict[str, list[Unit]] = {}
    for u in army.units:
        if not u.card.factions:
            yield Missing(u.card.slug, u.name, "factions", (u.pointer,), what=msg("faction"))
        elif army.faction not in u.card.factions and NEUTRAL not in u.card.factions:
            wrong.setdefault(u.card.slug, []).append(u)
    for units in wrong.values():
        card = units[0].card
        yield Finding(
            "battlelore2.faction-units",
            msg("{name} is a unit of {factions}, not of the army's faction {faction}.", name=card.name,
                factions=and_text(card.factions), faction=army.faction),
            tuple(u.pointer for u in units),
            hint=msg("remove {card} ×{n}", card=card.name, n=sum(u.qty for u in units)),
        )


def _unmustered(army: Army) -> Iterator[Outcome]:
    """Placed units beyond those mustered under ``entries``: they come from none of the army's deployment cards."""
    by_card: dict[str, list[Unit]] = {}
    for u in army.unmustered:
        by_card.setdefault(u.card.slug, []).append(u)
    for units in by_card.values():
        name = units[0].name
        yield Finding(
            "battlelore2.faction-units",
            nmsg("{name} is placed {n} time more than the army musters it.",
                 "{name} is placed {n} times more than the army musters it.", len(units), name=name),
            tuple(f"{u.pointer}/card" for u in units),
            hint=nmsg("recruit {n} more {name}, or take it off the map",
                      "recruit {n} more {name}, or take them off the map", len(units), name=name),
        )


@rule("battlelore2.deployment-card-limit", COPIES)
def deployment_card_limit(army: Army, p: Params) -> Iterator[Outcome]:
    """Of each unit type, at most as many units as the deployment cards the copies of the game supply
    (``deployment_cards_per_copy`` × ``copies``): with one core set 1 Roc Warrior and 1 Chaos Lord, with two, two.
    A unit type has at least one deployment card per copy, so one unit per copy needs no catalogue number.

    Source: 004_accb02bc63915dff.txt, Szabályvariációk: Játék több alapjátékkal
    """
    copies = int(p["copies"])
    by_card: dict[str, list[Unit]] = {}
    for u in army.units:
        by_card.setdefault(u.card.slug, []).append(u)
    for units in by_card.values():
        card = units[0].card
        count = sum(u.qty for u in units)
        per_copy = card.get("deployment_cards_per_copy")
        if per_copy is None:
            if count > copies:
                yield Missing(card.slug, card.name, "deployment_cards_per_copy", tuple(u.pointer for u in units),
                              what=msg("deployment cards per copy"))
            continue
        most = int(per_copy) * copies
        if count > most:
            yield Finding(
                "battlelore2.deployment-card-limit",
                msg("{name}: {units}; {copies} of the game supply {cards}.", name=card.name,
                    units=nmsg("{n} unit", "{n} units", count), copies=nmsg("{n} copy", "{n} copies", copies),
                    cards=nmsg("{n} deployment card", "{n} deployment cards", most)),
                tuple(u.pointer for u in units),
                hint=nmsg("{name}: {n} unit too many", "{name}: {n} units too many", count - most, name=card.name),
            )


@rule("battlelore2.distinct-factions")
def distinct_factions(army: Army, p: Params) -> Iterator[Outcome]:
    """The two armies of a game are of different factions, even with several copies of the game. Checked when the
    list names its opponent's faction.

    Source: 004_accb02bc63915dff.txt, Szabályvariációk: Játék több alapjátékkal ("két játékos nem használhatja
        ugyanazt a frakciót")
    """
    if army.opponent is not None and army.faction is not None and army.opponent == army.faction:
        other = next(f for f in ARMY_FACTIONS if f != army.faction)
        yield Finding(
            "battlelore2.distinct-factions",
            msg("Both armies are {faction}; the two players may not use the same faction.", faction=army.faction),
            ("/faction", "/opponent/faction"),
            hint=msg("one of the players takes {faction}", faction=other),
        )


@rule("battlelore2.scenario-own-faction")
def scenario_own_faction(army: Army, p: Params) -> Iterator[Outcome]:
    """A player's scenario card is one of his own faction's scenario cards.

    Source: 004_accb02bc63915dff.txt, Győzelmi pontok gyűjtése ("his faction's scenario card"); Hadjárat variáció
    """
    card = army.scenario
    if card is None or army.faction is None:
        return
    if not card.factions:
        yield Missing(card.slug, card.name, "factions", ("/scenario",), what=msg("faction"))
    elif army.faction not in card.factions:
        yield Finding(
            "battlelore2.scenario-own-faction",
            msg("{name} is a scenario card of {factions}, not of {faction}.", name=card.name,
                factions=and_text(card.factions), faction=army.faction),
            ("/scenario",),
            hint=msg("choose one of {faction}'s scenario cards", faction=army.faction),
        )


def _fact(card: CardFacts, ability: str, field_name: str) -> bool | None:
    """Yes when the card has an ability row of that name; else its yes/no field; None: not known."""
    if any(normalise(str(a.get("name") or "")) == normalise(ability) for a in card.children.get("abilities", ())):
        return True
    value = card.fields.get(field_name)
    return None if value is None else bool(value)


def _deploy_findings(place: Placement, terrain: CardFacts, unit: Unit) -> Iterator[Outcome]:
    rule_id = "battlelore2.deploy-occupiable-hex"
    deployable = terrain.fields.get("deployable")
    if deployable is None:
        yield Missing(terrain.slug, terrain.name, "deployable", (place.pointer,),
                      what=msg("whether units may deploy on {name}", name=terrain.name))
    elif not deployable:
        if terrain.fields.get("impassable"):
            flying = _fact(unit.card, "Flying", "flying")
            if flying is None:
                yield Missing(unit.card.slug, unit.name, "flying", (place.pointer,),
                              what=msg("whether {name} has Flying", name=unit.name))
            elif not flying:
                yield Finding(rule_id, msg("{unit} cannot deploy on {terrain} (impassable; only a unit that can occupy "
                                           "it, such as a flier, may).", unit=unit.name, terrain=terrain.name),
                              (f"{place.pointer}/terrain",),
                              hint=msg("deploy {unit} on another hex, or on water with a ford or bridge",
                                       unit=unit.name))
        else:
            yield Finding(rule_id, msg("No unit deploys on {terrain}.", terrain=terrain.name),
                          (f"{place.pointer}/terrain",), hint=msg("deploy {unit} on another hex", unit=unit.name))
    massive = _fact(unit.card, "Massive", "massive")
    if massive is False:
        return
    may_enter = terrain.fields.get("massive_may_enter")
    if may_enter is None:
        if massive:
            yield Missing(terrain.slug, terrain.name, "massive_may_enter", (place.pointer,),
                          what=msg("whether Massive units may occupy {name}", name=terrain.name))
    elif not may_enter:
        if massive is None:
            yield Missing(unit.card.slug, unit.name, "massive", (place.pointer,),
                          what=msg("whether {name} is Massive", name=unit.name))
        else:
            yield Finding(rule_id, msg("{unit} is Massive and can never occupy a {terrain} hex.", unit=unit.name,
                                       terrain=terrain.name.casefold()),
                          (f"{place.pointer}/terrain",), hint=msg("deploy {unit} on another hex", unit=unit.name))


@rule("battlelore2.deploy-occupiable-hex")
def deploy_occupiable_hex(army: Army, p: Params) -> Iterator[Outcome]:
    """Each unit deploys in a hex it can occupy: not on water without a ford or bridge unless it can occupy
    impassable terrain (Flying); a Massive unit never in a building; one unit per hex. A unit on its own command
    tent's hex stands on the tent. Whether a terrain takes units and Massive units is catalogue data.

    Source: 004_accb02bc63915dff.txt, Egységek csatarendbe állítása; Víz hexák; Masszív; Repülés; Egység
    """
    seen: dict[str, Placement] = {}
    tent_hex = normalise(army.tent.hex) if army.tent is not None else None
    for place in army.placements:
        key = normalise(place.hex)
        if key in seen:
            yield Finding(
                "battlelore2.deploy-occupiable-hex",
                msg("Hex {hex} already holds a unit ({pointer}): one unit per hex.", hex=place.hex,
                    pointer=seen[key].pointer),
                (f"{place.pointer}/hex",),
                hint=msg("deploy it on a free hex"),
            )
        else:
            seen[key] = place
        terrain = place.terrain
        if key == tent_hex and army.tent_card is not None:
            terrain = army.tent_card
        if place.unit is not None and terrain is not None:
            yield from _deploy_findings(place, terrain, place.unit)


@rule("battlelore2.command-tent-placement", TENT_LIMITS_ROWS)
def command_tent_placement(army: Army, p: Params) -> Iterator[Outcome]:
    """The command tent goes on a clear hex, and no unit deploys in a row farther from the faction edge than the
    tent's row (the literal translation, §17 Q6: ``tent_limits_rows``). Checked when the army fields a tent.

    Source: 004_accb02bc63915dff.txt, Parancsnoki sátor (tereptárgy)
    """
    tent = army.tent
    if tent is None:
        return
    rule_id = "battlelore2.command-tent-placement"
    card = army.tent_card
    if card is not None:
        placed_on = card.fields.get("placed_on")
        if not placed_on:
            yield Missing(card.slug, card.name, "placed_on", ("/command_tent",),
                          what=msg("hex the {name} goes on", name=card.name))
        elif tent.terrain is None or tent.terrain.slug != placed_on:
            yield Finding(rule_id, msg("The command tent must go on a {terrain} hex, not on {written}.",
                                       terrain=placed_on, written=tent.terrain_word),
                          ("/command_tent/terrain",), hint=msg("put the command tent on a {terrain} hex",
                                                               terrain=placed_on))
    if p["tent_limits_rows"]:
        ahead = [pl for pl in army.placements if pl.row > tent.row]
        if ahead:
            farthest = max(pl.row for pl in ahead)
            yield Finding(
                rule_id,
                nmsg("{n} unit deploy farther from the faction edge than the command tent (row {row}): rows {rows}.",
                     "{n} units deploy farther from the faction edge than the command tent (row {row}): rows {rows}.",
                     len(ahead), row=tent.row, rows=and_text(str(pl.row) for pl in ahead)),
                tuple(f"{pl.pointer}/row" for pl in ahead),
                hint=msg("put the command tent in row {farthest} or farther, or those units in row {row} or nearer",
                         farthest=farthest, row=tent.row),
            )


_INITIATIVE = re.compile(r"^([A-Z])([12])$")


@rule("battlelore2.campaign-sequence", SCENARIOS, LETTERS, FIRST_SCENARIO)
def campaign_sequence(army: Army, p: Params) -> Iterator[Outcome]:
    """Campaign: 4 scenarios played A, B, C, D. Scenario 1 uses both players' A1 card; for each next one the
    previous winner chooses his faction's X1 or X2 card of the next letter and the previous loser must take X1.
    The army's own scenario card is its faction's card of the campaign's latest scenario.

    Source: 004_accb02bc63915dff.txt, Szabályvariációk: Hadjárat variáció
    """
    rule_id = "battlelore2.campaign-sequence"
    if army.campaign is None:
        first = p["first_scenario"]
        example = f'[{{"scenario": 1, "daqan-lords": "{first}", "uthuk-yllan": "{first}"}}]'
        yield Finding(rule_id,
                      msg("A campaign army records the campaign's scenarios so far (at least the current one)."),
                      ("/campaign",), hint=msg('add "campaign": {example}', example=example))
        return
    most, letters = int(p["scenarios"]), [str(x) for x in p["letters"]]
    items = army.campaign
    if len(items) > most:
        yield Finding(rule_id, msg("The campaign has {count} scenarios; a campaign has {most}.", count=len(items),
                                   most=most),
                      tuple(f"/campaign/{i}" for i in range(most, len(items))),
                      hint=nmsg("remove {n} scenario", "remove {n} scenarios", len(items) - most))
    for i, item in enumerate(items[:most]):
        where = f"/campaign/{i}"
        if item.get("scenario") != i + 1:
            yield Finding(rule_id, msg("Entry {entry} of the campaign is scenario {scenario}; it should be scenario "
                                       "{entry}.", entry=i + 1, scenario=str(item.get("scenario"))),
                          (f"{where}/scenario",), hint=msg("number it {entry}", entry=i + 1))
        letter = letters[i] if i < len(letters) else None
        previous = items[i - 1] if i else None
        winner = previous.get("winner") if previous is not None else None
        if previous is not None and winner is None:
            yield Finding(rule_id, msg("Scenario {previous} has no winner recorded, so the choice of scenario "
                                       "{scenario}'s cards cannot be checked.", previous=i, scenario=i + 1),
                          (f"/campaign/{i - 1}/winner",),
                          hint=msg("record the winner ({factions})", factions=or_text(ARMY_FACTIONS)))
        for faction in ARMY_FACTIONS:
            value = item.get(faction)
            pointer = f"{where}/{faction}"
            if value is None:
                yield Finding(rule_id, msg("Scenario {scenario} does not record {faction}'s scenario card.",
                                           scenario=i + 1, faction=faction), (pointer,),
                              hint=msg("add {faction}'s initiative value (e.g. {letter}1)", faction=faction,
                                       letter=letter or "?"))
                continue
            if i == 0:
                allowed = [str(p["first_scenario"])]
            elif letter is None:
                allowed = []
            elif winner is None:
                allowed = [f"{letter}1", f"{letter}2"]
            else:
                allowed = [f"{letter}1", f"{letter}2"] if winner == faction else [f"{letter}1"]
            played = value.strip().upper()
            if _INITIATIVE.match(played) is None or played not in allowed:
                options = or_text(allowed)
                if not allowed:
                    why = msg("the campaign has no letter for it")
                elif i and winner == faction:
                    why = msg("as the previous winner it may play {options}", options=options)
                elif i and winner:
                    why = msg("as the previous loser it must play {options}", options=options)
                else:
                    why = msg("it must play {options}", options=options)
                yield Finding(rule_id, msg("Scenario {scenario}: {faction} plays {value}; {why}.", scenario=i + 1,
                                           faction=faction, value=value, why=why), (pointer,),
                              hint=msg("play {options}", options=options) if allowed else msg("remove the scenario"))
    card = army.scenario
    if card is not None and items and army.faction is not None:
        want = items[min(len(items), most) - 1].get(army.faction)
        have = card.get("initiative")
        if want and have and str(have).upper() != str(want).strip().upper():
            yield Finding(rule_id, msg("{name} is initiative {have}; the campaign's latest scenario has {faction} play "
                                       "{want}.", name=card.name, have=str(have), faction=army.faction, want=str(want)),
                          ("/scenario",), hint=msg("choose {faction}'s {want} scenario card", faction=army.faction,
                                                   want=str(want).upper()))


@rule("battlelore2.preset-hand", HAND)
def preset_hand(army: Army, p: Params) -> Iterator[Outcome]:
    """Optional rule: instead of drawing, each player's starting hand is exactly Patrol Left Flank, Patrol Right
    Flank, Patrol Center and "Forward" (Egyenesen előre).

    Source: 004_accb02bc63915dff.txt, Szabályvariációk: Előre elkészített kézben lévő kártyák
    """
    wanted = Counter(normalise(str(n)) for n in p["hand"])
    names = {normalise(str(n)): str(n) for n in p["hand"]}
    have: Counter[str] = Counter()
    for _pointer, card in army.hand:
        have[card.key] += 1
        names.setdefault(card.key, card.name)
    if not army.hand_given:
        yield Finding("battlelore2.preset-hand", msg("The list records no starting hand."), ("/hand",),
                      hint=msg("add {cards}", cards=", ".join(names[k] for k in wanted)))
        return
    short, extra = wanted - have, have - wanted
    if short or extra:
        parts = [msg("add {card} ×{n}", card=names[k], n=n) if n > 1 else msg("add {card}", card=names[k])
                 for k, n in sorted(short.items())]
        parts += [msg("remove {card} ×{n}", card=names[k], n=n) if n > 1 else msg("remove {card}", card=names[k])
                  for k, n in sorted(extra.items())]
        wrong = [ptr for ptr, card in army.hand if card.key in extra]
        yield Finding(
            "battlelore2.preset-hand",
            msg("The starting hand is not the preset hand: {cards}.", cards=", ".join(names[k] for k in wanted)),
            tuple(wrong) or ("/hand",),
            hint=semicolon_text(parts),
        )


def campaign_state(campaign: list[dict[str, Any]], scenarios: int = 4) -> dict[str, Any]:
    """Where a campaign record stands: how many scenarios it holds, whether it is complete (exactly ``scenarios``
    of them, each with its winner), and, once complete with every scenario's victory points, each faction's
    campaign total and the campaign's winner.

    The totals add up the scenarios' victory points; the winner of the last scenario adds 1 per scenario he won
    (the seed's reading, battlelore2.md §17 Q9); on a tie the last scenario's winner wins (§15, §16.9).

    Source: 004_accb02bc63915dff.txt, Szabályvariációk: Hadjárat variáció
    """
    items = [item for item in campaign if isinstance(item, dict)]
    complete = len(items) == scenarios and all(item.get("winner") in ARMY_FACTIONS for item in items)
    out: dict[str, Any] = {"campaign_scenarios": len(items), "campaign_complete": complete,
                           "campaign_vp": None, "campaign_winner": None}
    if not complete or not all(isinstance(item.get("vp"), dict) and all(item["vp"].get(f) is not None
                                                                         for f in ARMY_FACTIONS) for item in items):
        return out
    last = str(items[-1]["winner"])
    vp = {f: sum(int(item["vp"][f]) for item in items) for f in ARMY_FACTIONS}
    vp[last] += sum(1 for item in items if item.get("winner") == last)
    best = max(vp.values())
    leaders = [f for f in ARMY_FACTIONS if vp[f] == best]
    out["campaign_vp"] = vp
    out["campaign_winner"] = leaders[0] if len(leaders) == 1 else last
    return out


def totals(army: Army, p: Params) -> dict[str, Any]:
    limit = _points_limit(army, p)
    points = army.known_points()
    out = {
        "points": points,
        "points_left": limit - points,
        "units": army.count(),
        "lore_from_unspent": starting_lore(army, p),
        "points_limit": limit,
        "points_complete": army.points_complete(),
    }
    if army.placements:
        out["units_placed"] = sum(1 for pl in army.placements if pl.unit is not None)
    if army.campaign is not None:
        out.update(campaign_state(army.campaign, int(p.get("scenarios") or 4)))
    return out


# ------------------------------------------------------------------------------------------------ the document

PLACED = Obj(
    {
        "hex": Key(Str(MAX_HEX), required=True, doc="a hex id such as r2c5; only equality matters"),
        "row": Key(Int(1, ROWS), required=True, doc="counted from your faction edge: 1 nearest, 9 the far edge"),
        "terrain": Key(Str(MAX_NAME), required=True, doc=", ".join(TERRAIN_WORDS) + ", or a terrain card's name"),
    },
    what="battlelore2 command tent",
    nullable=True,
)
DEPLOYED = Obj(
    {
        "card": Key(Str(MAX_NAME), required=True, doc="the unit's name or slug"),
        "set": Key(Str(MAX_NAME, nullable=True), doc="the set, to choose among cards of one name"),
        **PLACED.keys,
    },
    what="battlelore2 deployment entry",
)
CAMPAIGN_ITEM = Obj(
    {
        "scenario": Key(Int(1, MAX_CAMPAIGN), required=True, doc="the scenario's number in the campaign, from 1"),
        **{f: Key(Str(4, nullable=True), doc=f"{f}'s initiative value (A1, B2, ...)") for f in ARMY_FACTIONS},
        "winner": Key(FactionName(), doc="the faction that won it (empty for a scenario not yet played)"),
        "vp": Key(Obj({f: Key(Int(0, MAX_VP), doc=f"{f}'s victory points") for f in ARMY_FACTIONS},
                      what="battlelore2 campaign victory points", nullable=True),
                  doc='{"daqan-lords": 16, "uthuk-yllan": 12}: each player\'s victory points in it'),
    },
    what="battlelore2 campaign scenario",
)


DOCUMENT = Obj(
    {
        "faction": Key(FactionName(), doc="the army's faction: daqan-lords or uthuk-yllan"),
        "entries": Key(entries_schema(entry_schema("battlelore2 unit entry")), default=[],
                       doc="the units mustered; with a deployment, the army it places"),
        "deployment": Key(ListOf(DEPLOYED, MAX_ENTRIES, nullable=True), default=[],
                          doc="one item per placed unit: {card, hex, row, terrain}; alone, it is the army"),
        "command_tent": Key(PLACED, doc="{hex, row, terrain}: the army's command tent, where it fields one"),
        "opponent": Key(Obj({"faction": Key(FactionName(nullable=False), required=True)}, what="opponent",
                            nullable=True), doc="{faction}: the other army's faction"),
        "scenario": Key(Str(MAX_NAME, nullable=True), doc="the player's scenario card (name or slug)"),
        "hand": Key(ListOf(Str(MAX_NAME), MAX_HAND, nullable=True), doc="the starting command cards"),
        "campaign": Key(ListOf(CAMPAIGN_ITEM, MAX_CAMPAIGN, nullable=True),
                        doc='[{scenario, "daqan-lords": "A1", "uthuk-yllan": "A1", winner}] so far'),
    },
    what="battlelore2 list",
)

ARMY_RULES = (
    "battlelore2.command-tent-placement",
    "battlelore2.deploy-occupiable-hex",
    "battlelore2.deployment-card-limit",
    "battlelore2.distinct-factions",
    "battlelore2.faction-units",
    "battlelore2.points-limit",
    "battlelore2.scenario-own-faction",
    "battlelore2.unspent-points-lore",
)
FREE = ("points_limit", "command_tent_points", "tent_limits_rows")
BASE_PARAMS = {"points_limit": 50, "max_starting_lore": 5, "copies": 1}

SPEC = register_ruleset(RulesetSpec(GAME, RULESET, "BattleLore Second Edition", DOCUMENT, prepare, totals,
                                    default=True))
SPEC.add_format(Format(
    GAME, RULESET, "standard", "Standard army",
    "An army of up to 50 recruitment points (a parameter) from one copy of the game: the army's faction's "
    "deployment cards and neutral units; 1 lore token per unspent point, at most 5; deployment and the command "
    "tent as the Reference Guide says; the two armies of different factions.",
    ARMY_RULES, dict(BASE_PARAMS), FREE,
))
SPEC.add_format(Format(
    GAME, RULESET, "two-copies", "Two copies of the game",
    "The standard army with the deployment cards of two copies of the game (two Chaos Lords, two Roc Warriors).",
    ARMY_RULES, {**BASE_PARAMS, "copies": 2}, FREE,
))
SPEC.add_format(Format(
    GAME, RULESET, "campaign", "Campaign (four scenarios)",
    "The standard army, in a campaign of 4 scenarios: A1 for both players first, then the previous winner picks X1 "
    "or X2 of the next letter and the loser X1.",
    (*ARMY_RULES, "battlelore2.campaign-sequence"),
    {**BASE_PARAMS, "scenarios": 4, "letters": ["A", "B", "C", "D"], "first_scenario": "A1"}, FREE,
))
SPEC.add_format(Format(
    GAME, RULESET, "preset-hands", "Preset command hands",
    "The standard army; each player starts with Patrol Left Flank, Patrol Right Flank, Patrol Center and Forward "
    "instead of drawing.",
    (*ARMY_RULES, "battlelore2.preset-hand"),
    {**BASE_PARAMS, "hand": ["Patrol Left Flank", "Patrol Right Flank", "Patrol Center", "Forward"]}, FREE,
))
