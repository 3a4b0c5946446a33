"""D&D Miniatures under the seeds' rules (game ``ddm``, ruleset ``seed``): warband construction.

Specification: ``ddm.md`` §4 (canonical), ``ddm-basic.md`` §3.3 and §6; originals: seed
``003_c161f482ef98045d.txt`` (Polish Advanced Rules) and ``000_f1a34a4b6414c5f2.txt`` (Hungarian).
Every reading of an open question is a parameter with the recommended reading as its default
(``docs/rules-choices.md``).

Counting rules, once for all rules below:
- a **creature** is a non-minion entry that names a creature card; ``qty`` copies count as ``qty``
  creatures; minions (entries with ``minion_of``) and summoned creatures add no points and do not
  count toward the creature limit (glossary *Minions*, *summon*);
- a creature's **cost** is its card side's cost (an epic side has its own); Commander 0 adds 5 to the
  warband's points (Straight out of the Box, "Commander 0");
- a creature is a **commander** when its card has a Commander rating (even 0) or the catalogue says
  it is one; ``None`` when the catalogue does not know;
- a creature's **size** and **type** come from its card, or else from its figure (the linked
  miniature); blank in both is missing, never Medium by default.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from validation.core.document import MAX_NAME
from validation.core.facts import CardFacts, Catalogue
from validation.core.matching import resolve
from validation.core.names import contains_words, normalise
from validation.core.registry import Format, FormatFamily, Param, Params, RulesetSpec, register_ruleset, rule
from validation.core.result import (
    CONTRACT_SOURCE,
    MISSING_DATA,
    UNKNOWN_CARD,
    Finding,
    Missing,
    Outcome,
    Severity,
)
from validation.core.schema import Bool, Int, Key, ListOf, Num, Obj, Str
from validation.core.text import Text, and_text, msg, nmsg, or_text
from validation.games._lists import entries_schema, entry_items, entry_schema

GAME = "ddm"
RULESET = "seed"
SEED = "003_c161f482ef98045d.txt"
FACTIONS = ("LG", "CG", "LE", "CE")
SIZES = ("Tiny", "Small", "Medium", "Large", "Huge", "Gargantuan", "Colossal")
COMMANDER_ZERO_SURCHARGE = 5  # "its point value (and VP value) increases by 5"
MAX_POOL = 100
MAX_TEAMMATES = 7
SIZE_WORDS: dict[str, Text] = {
    "Tiny": msg("Tiny"), "Small": msg("Small"), "Medium": msg("Medium"), "Large": msg("Large"),
    "Huge": msg("Huge"), "Gargantuan": msg("Gargantuan"), "Colossal": msg("Colossal"),
}


# ------------------------------------------------------------------------------------ typed facts


@dataclass(frozen=True)
class MinionGrant:
    """One row of *Minions (N CREATURES [total cost X])*: a creature's name or a type."""

    name: str  # normalised
    qty: int
    max_total_cost: int | None


@dataclass(frozen=True)
class Creature:
    """One stat card side, as the rules read it (``None``: the catalogue does not know)."""

    slug: str
    name: str
    key: str  # normalised name
    version: str  # standard | epic
    figure: str  # the standard side's slug: both sides of one figure share it
    set_name: str
    cost: int | None
    factions: frozenset[str]
    commander: bool | None
    size: str | None
    types: frozenset[str]  # normalised type and descriptors ("humanoid", "orc")
    types_known: bool
    unique: bool | None
    unique_name: str  # normalised; the name itself when the card gives none
    requires: str  # normalised; "" when none
    difficult: bool | None
    wild: bool | None
    warband_building: Mapping[str, Any] | None
    minions: tuple[MinionGrant, ...]
    minions_ability: bool
    epic_exists: bool | None


def _ability_names(card: CardFacts) -> set[str]:
    return {normalise(str(a.get("name") or "")) for a in card.children.get("abilities", ())}


def creature_of(card: CardFacts, catalogue: Catalogue) -> Creature:
    """The typed record of a creature card, computed once per catalogue version."""
    memo: dict[str, Creature] = catalogue.derived.setdefault("ddm.creatures", {})
    if card.slug in memo:
        return memo[card.slug]
    figure_slug = card.refs.get("miniature")
    figure = catalogue.by_slug.get(figure_slug.casefold()) if figure_slug else None
    size = card.get("size") or (figure.get("size") if figure else None) or None
    base_type = card.get("creature_type") or ""
    subtypes = [str(s) for s in card.get("subtypes") or ()]
    if not base_type and figure is not None:
        base_type = figure.get("creature_type") or ""
        subtypes = [s for s in str(figure.get("subtype") or "").replace("/", ",").split(",") if s.strip()]
    types = frozenset(t for t in (normalise(x) for x in [base_type, *subtypes]) if t)
    abilities = _ability_names(card)
    rating = card.get("commander_rating")
    is_commander = card.fields.get("is_commander")
    commander = True if rating is not None or is_commander is True else (False if is_commander is False else None)
    wild_field = card.fields.get("wild")
    wild = True if (wild_field is True or "wild" in abilities) else (False if wild_field is False else None)
    is_difficult = card.fields.get("is_difficult")
    if is_difficult is True or card.fields.get("difficult") is not None or "difficult" in abilities:
        difficult: bool | None = True
    else:
        difficult = False if is_difficult is False else None
    unique_field = card.fields.get("unique")
    unique = True if unique_field is True or "unique" in abilities else unique_field
    grant = card.fields.get("warband_building")
    creature = Creature(
        slug=card.slug,
        name=card.name,
        key=card.key,
        version=str(card.get("version") or "standard"),
        figure=card.refs.get("standard_side") or card.slug,
        set_name=card.set.name if card.set else "",
        cost=card.fields.get("cost"),
        factions=frozenset(card.factions),
        commander=commander,
        size=str(size) if size else None,
        types=types,
        types_known=bool(base_type),
        unique=unique,
        unique_name=normalise(str(card.get("unique_name") or "")) or card.key,
        requires=normalise(str(card.get("requires") or "")),
        difficult=difficult,
        wild=wild,
        warband_building=grant if isinstance(grant, Mapping) else None,
        minions=tuple(
            MinionGrant(normalise(str(m.get("name") or "")), int(m.get("qty") or 1), m.get("max_total_cost"))
            for m in card.children.get("minions", ())
        ),
        minions_ability="minions" in abilities,
        epic_exists=card.fields.get("epic_exists"),
    )
    memo[card.slug] = creature
    return creature


# ------------------------------------------------------------------------------------ the warband


@dataclass
class Entry:
    index: int
    pointer: str
    qty: int
    creature: Creature
    minion_of: str | None = None  # the master's name as written


@dataclass
class Warband:
    """A list read against the catalogue: what every DDM rule reads."""

    catalogue: Catalogue
    faction: str | None
    creatures: list[Entry] = field(default_factory=list)
    minions: list[Entry] = field(default_factory=list)
    commander_zero: str | None = None  # the designee as written
    designee: Entry | None = None
    battle_map: CardFacts | None = None
    battle_map_given: bool = False
    pool: list[tuple[str, Creature]] | None = None
    pool_unresolved: int = 0

    @property
    def designees(self) -> list[Entry]:
        """Every entry of the Commander 0 designee's card (a list may name one card in several entries)."""
        if self.designee is None:
            return []
        return [e for e in self.creatures if e.creature is self.designee.creature]

    @property
    def all_entries(self) -> list[Entry]:
        return [*self.creatures, *self.minions]

    def count(self) -> int:
        return sum(e.qty for e in self.creatures)

    def surcharge(self) -> int:
        return COMMANDER_ZERO_SURCHARGE if self.commander_zero else 0

    def known_points(self) -> int:
        return sum(e.creature.cost * e.qty for e in self.creatures if e.creature.cost is not None)

    def grants(self) -> list[tuple[Entry, Mapping[str, Any]]]:
        return [
            (e, e.creature.warband_building)
            for e in self.creatures
            if e.creature.commander and e.creature.warband_building
        ]


def _missing(entry: Entry, field_name: str, what: Text, severity: Severity = "violation") -> Missing:
    c = entry.creature
    return Missing(c.slug, c.name, field_name, (entry.pointer,), severity=severity, what=what)


def _cost(entry: Entry) -> Missing:
    return _missing(entry, "cost", msg("cost"))


def _commander_rating(entry: Entry, severity: Severity = "violation") -> Missing:
    name = entry.creature.name
    what = nmsg("whether {name} has a Commander rating", "whether {name} have a Commander rating", 1, name=name)
    return _missing(entry, "is_commander", what, severity)


def _match_version(version: str | None) -> Any:
    want = version or "standard"

    def narrow(found: Sequence[CardFacts]) -> Sequence[CardFacts]:
        exact = [c for c in found if (c.get("version") or "standard") == want]
        if exact:
            return exact
        return found if version is None else []

    return narrow


def _resolve_creature(
    catalogue: Catalogue, fmt: Format, text: str, pointer: str, set_name: str | None, version: str | None,
    out: list[Outcome],
) -> Creature | None:
    match = resolve(
        catalogue, text, kinds={"creature"}, pointer=pointer, set_name=set_name, narrow=_match_version(version),
        places={"battle-map": msg("under Battle map")}, cache_as=f"ddm:creature:{version}",
    )
    if match.card is not None:
        return creature_of(match.card, catalogue)
    finding = match.finding
    if finding is None:  # the name is a creature, but not in the version asked for
        sides = [creature_of(c, catalogue) for c in catalogue.by_name.get(normalise(text), ()) if c.kind == "creature"]
        side = next((s for s in sides if s.version == "standard"), sides[0] if sides else None)
        if side is not None and side.epic_exists:
            out.append(
                Finding(
                    MISSING_DATA,
                    msg("The catalogue lacks the epic side of {name}, which every rule of {format} needs: the list "
                        "cannot be shown legal without it.", name=side.name, format=fmt.id),
                    (pointer,),
                    hint=msg("set the Side of {name} to standard, or complete its epic side on its card page",
                             name=side.name),
                    source=CONTRACT_SOURCE,
                    extra={"needed_by": list(fmt.rules), "card": side.slug, "field": "epic side"},
                )
            )
        else:
            name = side.name if side else text
            out.append(
                Finding(
                    UNKNOWN_CARD,
                    msg("The catalogue has no {version} version of {name}.", version=version, name=name),
                    (pointer,),
                    hint=msg("set the Side of {name} to {version}", name=name,
                             version=msg("standard") if version == "epic" else msg("epic")),
                    source=CONTRACT_SOURCE,
                    extra={"suggestions": [name]},
                )
            )
        return None
    if finding.rule == "list.wrong-kind" and finding.extra.get("kind") == "miniature":
        figure = next(c for c in catalogue.by_name.get(normalise(text), ()) if c.kind == "miniature")
        name = f"{figure.name} ({figure.set.name})" if figure.set else figure.name
        out.append(
            Finding(
                MISSING_DATA,
                msg("The catalogue has the figure {name} but not its stat card, which every rule of {format} needs: "
                    "the list cannot be shown legal without it.", name=name, format=fmt.id),
                (pointer,),
                hint=msg("complete the stat card of {name} on its card page", name=figure.name),
                source=CONTRACT_SOURCE,
                extra={"needed_by": list(fmt.rules), "card": figure.slug, "field": "stat card"},
            )
        )
        return None
    out.append(finding)
    return None


def prepare(doc: Any, catalogue: Catalogue, fmt: Format, params: Params) -> tuple[Warband, list[Outcome]]:
    data = doc.data
    out: list[Outcome] = []
    w = Warband(catalogue, data.get("faction"))
    for i, item in entry_items(data.get("entries")):
        pointer = f"/entries/{i}"
        creature = _resolve_creature(
            catalogue, fmt, item["card"], f"{pointer}/card", item.get("set"), item.get("version"), out
        )
        if creature is None:
            continue
        entry = Entry(i, pointer, item["qty"], creature, item.get("minion_of"))
        (w.minions if entry.minion_of else w.creatures).append(entry)
    designee = data.get("commander_zero")
    if designee:
        w.commander_zero = designee
        key, slug = normalise(designee), designee.strip().casefold()
        w.designee = next((e for e in w.creatures if e.creature.key == key or e.creature.slug == slug), None)
    if data.get("battle_map"):
        w.battle_map_given = True
        match = resolve(catalogue, data["battle_map"], kinds={"battle-map"}, pointer="/battle_map")
        w.battle_map = match.card
        if match.finding is not None:
            out.append(match.finding)
    if "ddm.limited-pool" in fmt.rules and data.get("pool") is not None:
        w.pool = []
        for i, text in enumerate(data["pool"]):
            if not isinstance(text, str):
                continue
            creature = _resolve_creature(catalogue, fmt, text, f"/pool/{i}", None, None, out)
            if creature is None:
                w.pool_unresolved += 1
            else:
                w.pool.append((f"/pool/{i}", creature))
    return w, out


# ------------------------------------------------------------------------------------ parameters

POINTS_LIMIT = Param("points_limit", Int(1, 10000, nullable=True), None, msg("The warband's points limit"))
COMMANDER_ZERO_COUNTS = Param(
    "commander_zero_counts", Bool(), True,
    "Commander 0's +5 counts toward the points limit (ddm.md Q8)",
)
MAX_CREATURES = Param("max_creatures", Int(1, 100, nullable=True), None, "the most creatures a warband may hold")
MAX_CREATURE_COST = Param(
    "max_creature_cost", Int(1, 10000, nullable=True), None, "no creature may cost more (null: no cap)"
)
MAX_CREATURE_COST_RATIO = Param(
    "max_creature_cost_ratio", Num(0.01, 1.0, nullable=True), None,
    "when max_creature_cost is null: the cap as a share of points_limit, rounded down (ddm.md Q6: 0.7)",
)
COMMANDER_REQUIRED_SEVERITY = Param(
    "commander_required_severity", Str(20, choices=("warning", "violation")), "warning",
    msg("A warband without a commander: a warning (the rules say it should have one), or a violation where "
        "an event makes a commander mandatory"),
)
MAX_SIZE = Param("max_size", Str(20, choices=SIZES, nullable=True), "Large", "the largest size allowed")
EPIC_VERSIONS = Param("epic_versions", Bool(), False, "epic sides of cards are allowed (ddm.md Q2)")
COMMANDER_ZERO = Param("commander_zero", Bool(), False, "the Commander 0 option is available (Limited)")
MINIONS_ALLOWED = Param("minions_allowed", Bool(), True, "Minions work in this format")
MINIONS_FROM_POOL = Param(
    "minions_from_pool", Bool(), False, "minion figures must come from the player's pool (ddm.md Q12)"
)
POOL = Param(
    "pool", Str(40, choices=("exactly-one-booster", "subset-of-two-boosters")), "exactly-one-booster",
    "exactly-one-booster: the warband is every figure of the pool; subset-of-two-boosters: figures "
    "chosen from it",
)
BOOSTERS = Param("boosters", Int(1, 10), 1, "boosters opened for the pool")
BOOSTER_FIGURES = Param(
    "booster_figures", Int(1, 100), 8,
    "figures in one booster (outside knowledge, confirmed by the English cross-check): a larger pool is a warning",
)
EPIC_MAP_REQUIRED = Param("epic_map_required", Bool(), False, "only epic-scale battle maps (Epic Assault)")
MAP_REQUIRED = Param(
    "map_required", Bool(), True,
    msg("A warband must name its battle map, as the book's warband holds one (untick: only a warning, for a "
        "list built before its map is chosen)"),
)


# ------------------------------------------------------------------------------------ rules


@rule("ddm.points-limit", POINTS_LIMIT, COMMANDER_ZERO_COUNTS)
def points_limit(w: Warband, p: Params) -> Iterator[Outcome]:
    """The costs of all listed creatures, plus 5 for a Commander 0 designee, are at most the limit.
    Minions and summoned creatures add nothing.

    Source: 003_c161f482ef98045d.txt, TWORZENIE DRUŻYNY: Ograniczenie 200 Punktów (p. 6); Epickie Starcie (p. 29);
        SŁOWNICZEK: Minions /Sługi/
    """
    limit = p["points_limit"]
    if limit is None:
        return
    total = w.known_points() + (w.surcharge() if p["commander_zero_counts"] else 0)
    if total > limit:
        yield Finding(
            "ddm.points-limit",
            msg("The warband costs {total} points; the limit is {limit}.", total=total, limit=limit),
            ("/entries",),
            hint=nmsg("remove at least {n} point", "remove at least {n} points", total - limit),
        )
    for e in w.creatures:
        if e.creature.cost is None:
            yield _cost(e)


def creature_cost_cap(p: Params) -> int | None:
    if p["max_creature_cost"] is not None:
        return int(p["max_creature_cost"])
    if p["max_creature_cost_ratio"] is not None and p["points_limit"] is not None:
        return math.floor(p["max_creature_cost_ratio"] * p["points_limit"] + 1e-9)
    return None


@rule("ddm.max-creatures", MAX_CREATURES)
def max_creatures(w: Warband, p: Params) -> Iterator[Outcome]:
    """A warband holds at most ``max_creatures`` creatures (eight). Minions and summoned creatures do
    not count.

    Source: 003_c161f482ef98045d.txt, TWORZENIE DRUŻYNY: Limit Ośmiu Istot (p. 6); Epickie Starcie (p. 29)
    """
    limit = p["max_creatures"]
    count = w.count()
    if limit is not None and count > limit:
        yield Finding(
            "ddm.max-creatures",
            msg("The warband holds {count} creatures; at most {limit} are allowed.", count=count, limit=limit),
            ("/entries",),
            hint=nmsg("remove {n} creature", "remove {n} creatures", count - limit),
        )


@rule("ddm.max-creature-cost", MAX_CREATURE_COST, MAX_CREATURE_COST_RATIO, POINTS_LIMIT)
def max_creature_cost(w: Warband, p: Params) -> Iterator[Outcome]:
    """No creature costs more than the cap: 140 at 200 points, 70% of the size at other sizes; no cap
    in Epic and Limited.

    Source: 003_c161f482ef98045d.txt, TWORZENIE DRUŻYNY: Maksymalny Koszt (p. 6);
        SŁOWNICZEK: format Limited (the 70% limit)
    """
    cap = creature_cost_cap(p)
    if cap is None:
        return
    for e in w.creatures:
        cost = e.creature.cost
        if cost is None:
            yield _cost(e)
        elif cost > cap:
            yield Finding(
                "ddm.max-creature-cost",
                msg("{name} costs {cost} points; no creature may cost more than {cap}.", name=e.creature.name,
                    cost=cost, cap=cap),
                (e.pointer,),
                hint=nmsg("replace {name} ({n} point over the cap)", "replace {name} ({n} points over the cap)",
                          cost - cap, name=e.creature.name),
            )


def _grant_reads(grant: Mapping[str, Any]) -> bool:
    """Whether a Warband Building effect is data the rules can read (not only its text)."""
    return bool(grant.get("allow_types") or grant.get("allow_subtypes") or grant.get("allow_names"))


def _covers(grant: Mapping[str, Any], c: Creature) -> bool:
    """Whether a Warband Building effect names this creature and lets it in from its faction."""
    types = {normalise(str(t)) for t in [*(grant.get("allow_types") or ()), *(grant.get("allow_subtypes") or ())]}
    names = [normalise(str(n)) for n in grant.get("allow_names") or ()]
    named = bool(types & c.types) or any(contains_words(c.key, n) for n in names if n)
    if not named:
        return False
    if "from_factions" in grant:
        return bool(c.factions & {str(f) for f in grant.get("from_factions") or ()})
    return grant.get("any_faction", True) is not False


@rule("ddm.faction")
def faction(w: Warband, p: Params) -> Iterator[Outcome]:
    """The warband declares one faction; every creature shows that faction's symbol (a creature with
    several symbols may join any of them). Only a commander's Warband Building effect makes an
    exception, for the non-commanders it names. Minions come with their master.

    Source: 003_c161f482ef98045d.txt, TWORZENIE DRUŻYNY: Frakcja (p. 6);
        SŁOWNICZEK: Warband Building /Budowanie Drużyny/
    """
    known = [e.creature.factions for e in w.creatures if e.creature.factions]
    shared = sorted(frozenset.intersection(*known) if known else frozenset(), key=FACTIONS.index)
    if w.faction is None:
        hint = msg("choose {factions} under Faction", factions=or_text(shared) if shared else msg("LG, CG, LE or CE"))
        yield Finding("ddm.faction", msg("The warband declares no faction."), ("/faction",), hint=hint)
        return
    grants = w.grants()
    for e in w.creatures:
        c = e.creature
        if w.faction in c.factions:
            continue
        if not c.factions:
            yield _missing(e, "factions", msg("faction symbols"))
            continue
        others = [(owner, g) for owner, g in grants if owner is not e]
        covered = any(_covers(g, c) for _owner, g in others)
        if covered and c.commander is False:
            continue
        if covered and c.commander is None:
            yield _commander_rating(e)
            continue
        unreadable = [owner for owner, g in others if not _grant_reads(g)]
        if not covered and c.commander is not True and unreadable:
            for owner in unreadable:
                yield _missing(owner, "warband_building", msg("Warband Building terms"))
            continue
        other = [f for f in shared if f != w.faction]
        hint = (
            msg("remove {name}, or make the warband {factions}", name=c.name, factions=or_text(other)) if other
            else msg("remove {name}", name=c.name)
        )
        yield Finding(
            "ddm.faction",
            msg("{name} does not show the {faction} symbol (it shows {factions}).", name=c.name, faction=w.faction,
                factions=and_text(c.factions)),
            (e.pointer,),
            hint=hint,
        )


@rule("ddm.warband-building")
def warband_building(w: Warband, p: Params) -> Iterator[Outcome]:
    """A Warband Building commander effect may waive the faction rule for the creatures it names, but
    being a commander effect it never brings in another faction's commander.

    Source: 003_c161f482ef98045d.txt, SŁOWNICZEK: Warband Building /Budowanie Drużyny/
    """
    if w.faction is None:
        return
    grants = w.grants()
    for e in w.creatures:
        c = e.creature
        if c.commander and c.factions and w.faction not in c.factions:
            owners = sorted({owner.creature.name for owner, g in grants if owner is not e and _covers(g, c)})
            if owners:
                yield Finding(
                    "ddm.warband-building",
                    msg("{name} is a commander: the Warband Building effect of {owners} does not bring in another "
                        "faction's commander.", name=c.name, owners=and_text(owners)),
                    (e.pointer,),
                    hint=msg("remove {name}", name=c.name),
                )


@rule("ddm.commander-required", COMMANDER_REQUIRED_SEVERITY)
def commander_required(w: Warband, p: Params) -> Iterator[Outcome]:
    """At least one creature should have a Commander rating; without one, creatures rout more easily
    and cannot rally. A warning unless an event makes it mandatory (ddm.md Q1).

    Source: 003_c161f482ef98045d.txt, TWORZENIE DRUŻYNY: Dowódca (p. 6); PODSTAWY TWORZENIA DRUŻYNY
    """
    severity = p["commander_required_severity"]
    if any(e.creature.commander for e in w.creatures):
        return
    unknown = [e for e in w.creatures if e.creature.commander is None]
    if unknown:
        for e in unknown:
            yield _commander_rating(e, severity)
        return
    yield Finding(
        "ddm.commander-required",
        msg("No creature has a Commander rating: without a commander your creatures rout more easily and cannot "
            "rally."),
        ("/entries",),
        hint=msg("add a creature with a Commander rating"),
        severity=severity,
    )


@rule("ddm.unique")
def unique(w: Warband, p: Params) -> Iterator[Outcome]:
    """At most one creature per warband whose name contains a Unique creature's name, counting both
    the standard and the epic versions.

    Source: 003_c161f482ef98045d.txt, SŁOWNICZEK: Unique /Unikalny/; Epickie Starcie (p. 29)
    """
    entries = w.all_entries
    groups: dict[str, list[Entry]] = {}
    for e in entries:
        name = e.creature.unique_name
        if e.creature.unique and name not in groups:
            groups[name] = [x for x in entries if contains_words(x.creature.key, name)]
    flagged: set[int] = set()
    for name, members in sorted(groups.items()):
        count = sum(m.qty for m in members)
        if count > 1:
            flagged.update(m.index for m in members)
            shown = next(m.creature.name for m in members if m.creature.unique_name == name)
            label = shown if normalise(shown) == name else name.title()
            yield Finding(
                "ddm.unique",
                msg("{count} creatures share the Unique name {label} ({names}): a warband may hold only one.",
                    count=count, label=repr(label), names=and_text(m.creature.name for m in members)),
                tuple(m.pointer for m in members),
                hint=nmsg("{label}: {n} copy too many", "{label}: {n} copies too many", count - 1, label=label),
            )
    figures: Counter[str] = Counter()
    for e in entries:
        figures[e.creature.figure] += e.qty
    for e in entries:
        if e.creature.unique is None and figures[e.creature.figure] > 1 and e.index not in flagged:
            yield _missing(e, "unique", nmsg("whether {name} is Unique", "whether {name} are Unique", 1,
                                                       name=e.creature.name))


@rule("ddm.size-limit", MAX_SIZE)
def size_limit(w: Warband, p: Params) -> Iterator[Outcome]:
    """No Huge or larger creatures in Assault (Large is legal; the Hungarian "Huge or Large" is a slip).

    Source: 003_c161f482ef98045d.txt, SCENARIUSZ STARCIA: Bez Wielkich Istot (p. 28)
    """
    largest = p["max_size"]
    if largest is None:
        return
    for e in w.all_entries:
        size = e.creature.size
        if size is None or size not in SIZES:
            yield _missing(e, "size", msg("size"))
        elif SIZES.index(size) > SIZES.index(largest):
            yield Finding(
                "ddm.size-limit",
                msg("{name} is {size}; creatures larger than {largest} are not allowed.", name=e.creature.name,
                    size=SIZE_WORDS.get(size, size), largest=SIZE_WORDS.get(largest, largest)),
                (e.pointer,),
                hint=msg("remove {name}", name=e.creature.name),
            )


@rule("ddm.epic-version", EPIC_VERSIONS)
def epic_version(w: Warband, p: Params) -> Iterator[Outcome]:
    """Epic versions (the epic side of a card) are legal only where the format allows them (Epic
    Assault); there the epic and standard versions of a non-Unique creature may be fielded together.

    Source: 003_c161f482ef98045d.txt, EPICKIE STARCIE (p. 29); SCENARIUSZ PROSTO Z PUDEŁKA: Drużyny (p. 28)
    """
    if p["epic_versions"]:
        return
    for e in w.all_entries:
        if e.creature.version == "epic":
            yield Finding(
                "ddm.epic-version",
                msg("{name} is an epic version; epic versions are allowed only in Epic Assault.", name=e.creature.name),
                (e.pointer,),
                hint=msg("use the standard version of {name}", name=e.creature.name),
            )


@rule("ddm.commander-zero", COMMANDER_ZERO)
def commander_zero(w: Warband, p: Params) -> Iterator[Outcome]:
    """Limited only: a warband with no commander may make its lowest-cost creature that is neither
    Difficult nor Wild a commander with rating 0; its cost rises by 5. Ties: choose among them.

    Source: 003_c161f482ef98045d.txt, SCENARIUSZ PROSTO Z PUDEŁKA: Zasada „Dowodzenie 0” (p. 28);
        SŁOWNICZEK: Difficult /Trudny/, Wild /Dziki/
    """
    if not w.commander_zero:
        return
    if not p["commander_zero"]:
        yield Finding(
            "ddm.commander-zero",
            msg("Commander 0 is an option of the Limited formats only."),
            ("/commander_zero",),
            hint=msg("clear the Commander 0 field"),
        )
        return
    designee = w.designee
    if designee is None:
        yield Finding(
            "ddm.commander-zero",
            msg("The Commander 0 designee {name} is not a creature of the warband.", name=repr(w.commander_zero)),
            ("/commander_zero",),
            hint=msg("name one of the warband's creatures"),
        )
        return
    commanders = [e for e in w.creatures if e.creature.commander]
    if commanders:
        yield Finding(
            "ddm.commander-zero",
            msg("The warband already has a commander ({names}): Commander 0 is only for a warband without one.",
                names=and_text(e.creature.name for e in commanders)),
            ("/commander_zero", *(e.pointer for e in commanders)),
            hint=msg("clear the Commander 0 field"),
        )
        return
    for e in w.creatures:
        if e.creature.commander is None:
            yield _commander_rating(e)
    c = designee.creature
    if c.difficult or c.wild:
        yield Finding(
            "ddm.commander-zero",
            msg("{name} is Difficult and cannot be the Commander 0 designee.", name=c.name) if c.difficult
            else msg("{name} is Wild and cannot be the Commander 0 designee.", name=c.name),
            ("/commander_zero", *(e.pointer for e in w.designees)),
            hint=_cheapest_hint(w),
        )
        return
    # The designee must be neither Difficult nor Wild, and no cheaper creature may be either.
    if c.cost is None:
        for e in w.designees:
            yield _cost(e)
        return
    for e in w.creatures:
        x = e.creature
        if x is not c and (x.cost is None or x.cost >= c.cost):
            if x.cost is None and x.difficult is not True and x.wild is not True:
                yield _cost(e)
            continue
        if x.difficult is None:
            yield _missing(e, "is_difficult",
                           nmsg("whether {name} is Difficult", "whether {name} are Difficult", 1, name=x.name))
        if x.wild is None:
            yield _missing(e, "wild", nmsg("whether {name} is Wild", "whether {name} are Wild", 1, name=x.name))
    cheaper = [
        e for e in w.creatures
        if e.creature.cost is not None and e.creature.cost < c.cost
        and e.creature.difficult is False and e.creature.wild is False
    ]
    if cheaper:
        low = min(e.creature.cost for e in cheaper if e.creature.cost is not None)
        yield Finding(
            "ddm.commander-zero",
            msg("{name} costs {cost}; the designee must be the cheapest creature that is neither Difficult nor Wild "
                "({low} points).", name=c.name, cost=c.cost, low=low),
            ("/commander_zero", *(e.pointer for e in w.designees)),
            hint=_cheapest_hint(w),
        )


def _cheapest_hint(w: Warband) -> Text:
    eligible = [
        e for e in w.creatures
        if e.creature.difficult is False and e.creature.wild is False and e.creature.cost is not None
    ]
    if not eligible:
        return msg('remove "commander_zero" unless the catalogue lacks a creature\'s abilities')
    low = min(e.creature.cost for e in eligible if e.creature.cost is not None)
    names = sorted(e.creature.name for e in eligible if e.creature.cost == low)
    return msg("designate {names}", names=or_text(names))


COMMANDER_ALLY = ("commander", "commander ally")  # Harbinger's old wording: "Requires Commander Ally"


def _others(w: Warband, dependant: Entry) -> list[Entry]:
    """The other creatures of the warband (a second copy of the dependant is another creature)."""
    return [e for e in w.all_entries if e is not dependant or e.qty > 1]


def _is_kind(c: Creature, need: str) -> bool:
    return need in c.types or contains_words(c.key, need) or any(contains_words(t, need) for t in c.types)


@rule("ddm.requires-creature")
def requires_creature(w: Warband, p: Params) -> Iterator[Outcome]:
    """A creature with *Requires CREATURE* may be included only if the warband also holds a creature of
    the named kind; one creature may serve several dependants.

    Source: 003_c161f482ef98045d.txt, SŁOWNICZEK: Requires CREATURE /Wymaga ISTOTY/
    """
    for e in w.creatures:
        need = e.creature.requires
        if not need:
            continue
        others = _others(w, e)
        if need in COMMANDER_ALLY:
            if any(x.creature.commander for x in others):
                continue
            unknown = [x for x in others if x.creature.commander is None]
            for x in unknown:
                yield _commander_rating(x)
            if unknown:
                continue
            wanted: Text | str = msg("commander")
        else:
            if any(_is_kind(x.creature, need) for x in others):
                continue
            unknown = [x for x in others if not x.creature.types_known]
            for x in unknown:
                yield _missing(x, "creature_type", msg("creature type"))
            if unknown:
                continue
            wanted = need.title()
        yield Finding(
            "ddm.requires-creature",
            msg("{name} requires a {wanted}, and the warband holds none.", name=e.creature.name, wanted=wanted),
            (e.pointer,),
            hint=msg("add a {wanted}, or remove {name}", wanted=wanted, name=e.creature.name),
        )


def _grant_matches(grant: MinionGrant, c: Creature) -> bool:
    return grant.name == c.key or contains_words(c.key, grant.name) or _is_kind(c, grant.name)


@rule("ddm.minions", MINIONS_ALLOWED)
def minions(w: Warband, p: Params) -> Iterator[Outcome]:
    """A creature with *Minions (N CREATURES [total cost X])* brings those creatures free (no points,
    not counted toward the eight); a minion entry needs its master in the warband and at most the
    granted number (and total cost). Minions do not work in Straight out of the Box.

    Source: 003_c161f482ef98045d.txt, SŁOWNICZEK: Minions /Sługi/;
        SCENARIUSZ PROSTO Z PUDEŁKA: Zdolności Specjalne (p. 28)
    """
    if not p["minions_allowed"]:
        for e in w.minions:
            yield Finding(
                "ddm.minions",
                msg("{name} is listed as a minion, and Minions do not work in this format.", name=e.creature.name),
                (e.pointer,),
                hint=msg("remove {name}", name=e.creature.name),
            )
        return
    listed: dict[tuple[str, int], list[Entry]] = {}
    for e in w.minions:
        written = e.minion_of or ""
        master = next(
            (m for m in w.creatures if m.creature.key == normalise(written) or m.creature.slug == written.casefold()),
            None,
        )
        if master is None:
            yield Finding(
                "ddm.minions",
                msg("{name} is a minion of {master}, which is not in the warband.", name=e.creature.name,
                    master=repr(written)),
                (f"{e.pointer}/minion_of",),
                hint=msg("add {master} to the warband, or remove {name}", master=written, name=e.creature.name),
            )
            continue
        grants = master.creature.minions
        row = next((i for i, g in enumerate(grants) if _grant_matches(g, e.creature)), None)
        if row is None:
            if not grants and master.creature.minions_ability:
                yield _missing(master, "minions", msg("Minions list"))
                continue
            if grants and not e.creature.types_known:
                yield _missing(e, "creature_type", msg("creature type"))
                continue
            brings = and_text(g.name.title() for g in grants) if grants else msg("no minions")
            yield Finding(
                "ddm.minions",
                msg("{master} brings {brings}, not {name}.", master=master.creature.name, brings=brings,
                    name=e.creature.name),
                (e.pointer,),
                hint=msg("remove {name}, or list it as a creature", name=e.creature.name),
            )
            continue
        listed.setdefault((master.creature.slug, row), []).append(e)
    for (master_slug, row), items in sorted(listed.items()):
        # A master listed in several entries brings minions for every copy, whatever the entries' order.
        masters = [m for m in w.creatures if m.creature.slug == master_slug]
        master, copies = masters[0], sum(m.qty for m in masters)
        grant = master.creature.minions[row]
        granted = grant.qty * copies
        count = sum(x.qty for x in items)
        label = and_text(x.creature.name for x in items)
        if count > granted:
            yield Finding(
                "ddm.minions",
                msg("{master} brings {granted} {minion}; the list has {count} ({names}).", master=master.creature.name,
                    granted=granted, minion=grant.name.title(), count=count, names=label),
                tuple(x.pointer for x in items),
                hint=nmsg("{label}: {n} copy too many", "{label}: {n} copies too many", count - granted, label=label),
            )
        if grant.max_total_cost is not None:
            unknown = [x for x in items if x.creature.cost is None]
            for x in unknown:
                yield _cost(x)
            total = sum(x.creature.cost * x.qty for x in items if x.creature.cost is not None)
            most = grant.max_total_cost * copies
            if total > most:
                yield Finding(
                    "ddm.minions",
                    msg("{master}'s minions may cost {most} points in all; {names} cost {total}.",
                        master=master.creature.name, most=most, names=label, total=total),
                    tuple(x.pointer for x in items),
                    hint=nmsg("choose minions costing at least {n} point less",
                              "choose minions costing at least {n} points less", total - most),
                )


@rule("ddm.limited-pool", POOL, BOOSTERS, BOOSTER_FIGURES, MINIONS_FROM_POOL)
def limited_pool(w: Warband, p: Params) -> Iterator[Outcome]:
    """Limited: Straight out of the Box plays exactly the figures of one fresh booster; advanced
    Limited builds from the figures of two boosters (minions too, if the pool holds them).

    Source: 003_c161f482ef98045d.txt, SCENARIUSZ PROSTO Z PUDEŁKA: Drużyny; Zaawansowane Budowanie Drużyny (p. 28);
        SŁOWNICZEK: format Limited
    """
    if w.pool is None:
        yield Finding(
            "ddm.limited-pool",
            msg("A Limited warband is built from the figures you opened: the list names no pool."),
            ("/pool",),
            hint=msg("list the figures you opened as the pool, under “Other keys of the list document”"),
        )
        return
    figures = w.pool_unresolved + len(w.pool)
    most = p["boosters"] * p["booster_figures"]
    if figures > most:
        yield Finding(
            "ddm.limited-pool",
            nmsg("The pool holds {figures} figures; {n} booster hold {most}.",
                 "The pool holds {figures} figures; {n} boosters hold {most}.", p["boosters"], figures=figures,
                 most=most),
            ("/pool",),
            hint=nmsg("remove {n} figure from the pool", "remove {n} figures from the pool", figures - most),
            severity="warning",
        )
    pool: Counter[str] = Counter(c.figure for _pointer, c in w.pool)
    names = {c.figure: c.name for _pointer, c in w.pool}
    used: Counter[str] = Counter()
    pointers: dict[str, list[str]] = {}
    counted = w.all_entries if p["minions_from_pool"] else w.creatures
    for e in counted:
        used[e.creature.figure] += e.qty
        names.setdefault(e.creature.figure, e.creature.name)
        pointers.setdefault(e.creature.figure, []).append(e.pointer)
    for figure in sorted(used, key=lambda f: names[f]):
        extra = used[figure] - pool[figure]
        if extra > 0:
            yield Finding(
                "ddm.limited-pool",
                msg("{name}: the list has {used}, the pool {pool}.", name=names[figure], used=used[figure],
                    pool=pool[figure]),
                tuple(pointers[figure]),
                hint=nmsg("{name}: {n} copy more than the pool holds", "{name}: {n} copies more than the pool holds",
                          extra, name=names[figure]),
            )
    if p["pool"] == "exactly-one-booster" and w.pool_unresolved == 0:
        left = sorted(names[f] for f in pool if pool[f] > used[f])
        if left:
            yield Finding(
                "ddm.limited-pool",
                msg("Straight out of the Box plays every figure opened; the list leaves out {names}.",
                    names=and_text(left)),
                ("/entries",),
                hint=msg("add {cards}", cards=", ".join(
                    f"{names[f]} ×{pool[f] - used[f]}"
                    for f in sorted(pool, key=lambda f: names[f]) if pool[f] > used[f]
                )),
            )


@rule("ddm.battle-map", EPIC_MAP_REQUIRED, MAP_REQUIRED)
def battle_map(w: Warband, p: Params) -> Iterator[Outcome]:
    """Each player brings exactly one battle map; Epic Assault allows only epic-scale maps.

    Source: 003_c161f482ef98045d.txt, PODSTAWY TWORZENIA DRUŻYNY; TWORZENIE DRUŻYNY: Pole Bitwy (p. 7);
        EPICKIE STARCIE: Pola Bitwy (p. 29)
    """
    if not w.battle_map_given:
        yield Finding(
            "ddm.battle-map",
            msg("The list names no battle map; each player brings one."),
            ("/battle_map",),
            hint=msg("choose the battle map you bring under Battle map"),
            severity="violation" if p["map_required"] else "warning",
        )
        return
    m = w.battle_map
    if m is not None and p["epic_map_required"] and not m.get("epic", False):
        epic = sorted(c.name for c in w.catalogue.of_kind("battle-map") if c.get("epic", False))
        yield Finding(
            "ddm.battle-map",
            msg("{name} is not an epic-scale map; this format allows only epic maps.", name=m.name),
            ("/battle_map",),
            hint=msg("bring an epic map such as {maps}", maps=or_text(epic[:3])) if epic else msg("bring an epic map"),
        )


# ------------------------------------------------------------------------------------ totals


def totals(w: Warband, p: Params) -> dict[str, Any]:
    points = w.known_points() + w.surcharge()
    limit = p.get("points_limit")
    commanders = sum(e.qty for e in w.creatures if e.creature.commander)
    if w.commander_zero and p.get("commander_zero") and not commanders:
        commanders = 1
    return {
        "points": points,
        "points_left": (limit - points) if limit is not None else None,
        "creatures": w.count(),
        "commanders": commanders,
        "minions": sum(e.qty for e in w.minions),
        "points_complete": all(e.creature.cost is not None for e in w.creatures),
    }


# ------------------------------------------------------------------------------------ the document


def ddm_document(faction_choices: Sequence[str]) -> Obj:
    """The ``ddm`` list document (ddm.md §4.5): per entry ``version`` and ``minion_of``; at the top
    ``faction``, ``commander_zero``, ``battle_map``, ``pool`` and ``teammates``."""
    entry = entry_schema(
        "ddm list entry",
        {
            "version": Key(Str(10, choices=("standard", "epic"), nullable=True), doc="default: standard"),
            "minion_of": Key(Str(MAX_NAME, nullable=True), doc="the master creature's name: a free minion"),
        },
    )
    keys: dict[str, Key] = {
        "faction": Key(Str(20, choices=tuple(faction_choices), nullable=True, casefold=True)),
        "entries": Key(entries_schema(entry), default=[]),
        "commander_zero": Key(Str(MAX_NAME, nullable=True), doc="Limited: the Commander 0 designee's name"),
        "battle_map": Key(Str(MAX_NAME, nullable=True), doc="the one battle map this player brings"),
        "pool": Key(ListOf(Str(MAX_NAME), MAX_POOL, nullable=True), doc="Limited: the figures opened"),
    }
    teammate = Obj(
        {
            "name": Key(Str(MAX_NAME, nullable=True)),
            "notes": Key(Str(5000, nullable=True, multiline=True)),
            **keys,
        },
        what="teammate's warband",
    )
    keys["teammates"] = Key(
        ListOf(teammate, MAX_TEAMMATES, nullable=True), doc="team games: context only, validated separately"
    )
    return Obj(keys, what="ddm list")


# ------------------------------------------------------------------------------------ formats

ASSAULT_RULES = (
    "ddm.battle-map",
    "ddm.commander-required",
    "ddm.commander-zero",
    "ddm.epic-version",
    "ddm.faction",
    "ddm.max-creature-cost",
    "ddm.max-creatures",
    "ddm.minions",
    "ddm.points-limit",
    "ddm.requires-creature",
    "ddm.size-limit",
    "ddm.unique",
    "ddm.warband-building",
)
EVENT_FREE = ("commander_required_severity", "map_required")


def assault(points: int) -> Format:
    """``skirmish-<N>``: the Assault scenario at N points, the cap 70% of N rounded down (ddm.md Q6)."""
    return Format(
        GAME,
        RULESET,
        f"skirmish-{points}",
        nmsg("Assault, {n} point", "Assault, {n} points", points),
        msg("The standard constructed format at {points} points: one faction, at most 8 creatures, no creature "
            "over {cap} points, no Huge or larger creatures, no epic versions.", points=points,
            cap=math.floor(0.7 * points + 1e-9)),
        ASSAULT_RULES,
        {
            "points_limit": points,
            "max_creatures": 8,
            "max_creature_cost": math.floor(0.7 * points + 1e-9),
            "max_size": "Large",
            "epic_versions": False,
            "commander_zero": False,
        },
        free=EVENT_FREE,
    )


SPEC = register_ruleset(
    RulesetSpec(
        GAME,
        RULESET,
        "War Drums-era rules (seeds)",
        ddm_document(FACTIONS),
        prepare,
        totals,
        default=True,
    )
)

SPEC.add_format(assault(200))
SPEC.add_family(
    FormatFamily(
        "skirmish-",
        "skirmish-<N>",
        msg("Assault at any agreed size from 1 to 10,000 points: as the 200-point Assault, with no creature over "
            "{share} of the size.", share="70%"),
        1,
        10000,
        assault,
        300,
        msg("Assault, another size"),
    )
)
SPEC.add_format(
    Format(
        GAME, RULESET, "epic-500", msg("Epic Assault, 500 points"),
        msg("500 points, at most 8 creatures, no maximum cost, epic versions and Huge creatures allowed, epic "
            "maps only."),
        tuple(r for r in ASSAULT_RULES if r not in ("ddm.max-creature-cost", "ddm.size-limit")),
        {"points_limit": 500, "max_creatures": 8, "epic_versions": True, "commander_zero": False,
         "epic_map_required": True},
        free=EVENT_FREE,
    )
)
LIMITED_FREE = ("map_required",)
SPEC.add_format(
    Format(
        GAME, RULESET, "limited-sootb", msg("Straight out of the Box (Limited)"),
        msg("Play every figure of one fresh booster: no faction, no points limit, no Unique limit, standard "
            "versions only, no Minions; Commander 0 if the booster has no commander."),
        ("ddm.battle-map", "ddm.commander-zero", "ddm.epic-version", "ddm.limited-pool", "ddm.minions"),
        {"epic_versions": False, "commander_zero": True, "minions_allowed": False, "pool": "exactly-one-booster",
         "boosters": 1},
        free=LIMITED_FREE,
    )
)
SPEC.add_format(
    Format(
        GAME, RULESET, "limited-200", msg("Limited, 200 points from two boosters"),
        msg("A 200-point warband of at most 8 creatures chosen from two boosters: no faction, no Unique limit, "
            "no maximum cost, standard versions only; Commander 0 if the warband has no commander."),
        ("ddm.battle-map", "ddm.commander-zero", "ddm.epic-version", "ddm.limited-pool", "ddm.max-creatures",
         "ddm.minions", "ddm.points-limit"),
        {"points_limit": 200, "max_creatures": 8, "epic_versions": False, "commander_zero": True,
         "minions_allowed": True, "minions_from_pool": True, "pool": "subset-of-two-boosters", "boosters": 2},
        free=LIMITED_FREE,
    )
)
for _id, _name, _about in (
    ("team-multiplayer", msg("Multiplayer, teams"),
     msg("Each player brings an Assault warband (200 points unless agreed: set the points limit under Format "
         "options); teammates may each field their own Unique creatures. Each warband is checked on its own.")),
    ("ffa-multiplayer", msg("Multiplayer, free-for-all"),
     msg("Assault rules for each player's warband (200 points unless agreed: set the points limit under Format "
         "options).")),
):
    SPEC.add_format(
        Format(
            GAME, RULESET, _id, _name, _about, ASSAULT_RULES,
            {"points_limit": 200, "max_creatures": 8, "max_creature_cost": None, "max_creature_cost_ratio": 0.7,
             "max_size": "Large", "epic_versions": False, "commander_zero": False},
            free=("points_limit", *EVENT_FREE),
        )
    )
