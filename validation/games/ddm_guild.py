"""D&D Miniatures under the later (2.0 / DDM Guild) rules (game ``ddm``, ruleset ``ddm-guild``).

Specification: ``ddm-guild.md`` (not in the seeds: the construction checks of the public builder
"D&D Minis Warband Incubator", mkouba/ddmwi ``Warband.java``). The list document is the ``ddm`` one;
``version``, ``minion_of``, ``commander_zero``, ``battle_map`` and ``pool`` mean nothing under these
rules and are not read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from validation.core.facts import CardFacts, Catalogue
from validation.core.matching import resolve
from validation.core.names import normalise
from validation.core.registry import Format, Param, Params, RulesetSpec, register_ruleset, rule
from validation.core.result import Finding, Missing, Outcome
from validation.core.schema import Int
from validation.core.text import Text, and_text, msg, nmsg, or_text
from validation.games._lists import entry_items
from validation.games.ddm import ddm_document

GAME = "ddm"
RULESET = "ddm-guild"
DIGEST = "ddm-guild.md"
FACTIONS = ("borderlands", "civilization", "underdark", "wild")


@dataclass(frozen=True)
class GuildCreature:
    slug: str
    name: str
    key: str
    cost: int | None
    alignment: str  # good | evil | neutral
    factions: frozenset[str]
    unique: bool
    champion: bool
    more_creatures: int = 0  # "Strength in Numbers N": the warband's creature limit is N higher
    mob: int = 0  # "Mob N": every N creatures of this name count as 1 towards the creature limit


def _numbered_ability(card: CardFacts, name: str) -> int:
    """N of the card's ability "<name> N" (its printed value), or 0 when it has none."""
    for row in card.children.get("abilities", ()):
        title = normalise(str(row.get("name") or ""))
        value = row.get("value")
        if title.startswith(normalise(name) + " ") and isinstance(value, int) and value > 0:
            return value
    return 0


def creature_of(card: CardFacts, catalogue: Catalogue) -> GuildCreature:
    memo: dict[str, GuildCreature] = catalogue.derived.setdefault("ddm-guild.creatures", {})
    if card.slug not in memo:
        keywords = {normalise(str(k)) for k in card.get("keywords") or ()}
        memo[card.slug] = GuildCreature(
            slug=card.slug,
            name=card.name,
            key=card.key,
            cost=card.fields.get("cost"),
            alignment=str(card.get("alignment") or "").casefold(),
            factions=frozenset(f.casefold() for f in card.factions),
            unique=bool(card.fields.get("unique")) or "unique" in keywords,
            champion=card.fields.get("champion_rating") is not None,
            more_creatures=_numbered_ability(card, "Strength in Numbers"),
            mob=_numbered_ability(card, "Mob"),
        )
    return memo[card.slug]


@dataclass
class GuildEntry:
    pointer: str
    qty: int
    creature: GuildCreature


@dataclass
class GuildWarband:
    faction: str | None
    entries: list[GuildEntry] = field(default_factory=list)

    def known_points(self) -> int:
        return sum(e.creature.cost * e.qty for e in self.entries if e.creature.cost is not None)

    def count(self) -> int:
        return sum(e.qty for e in self.entries)

    def counted(self) -> int:
        """The creatures as the creature limit counts them: every N of a "Mob N" creature's name count as 1."""
        plain = sum(e.qty for e in self.entries if not e.creature.mob)
        mobs: Counter[tuple[str, int]] = Counter()
        for e in self.entries:
            if e.creature.mob:
                mobs[(e.creature.key, e.creature.mob)] += e.qty
        return plain + sum(-(-qty // n) for (_key, n), qty in mobs.items())

    def strength_in_numbers(self) -> GuildEntry | None:
        """The creature whose Strength in Numbers raises the creature limit: the largest (an ability does not add
        to itself, reading ddm-guild.stacking; docs/rules-choices.md)."""
        raising = [e for e in self.entries if e.creature.more_creatures]
        return max(raising, key=lambda e: e.creature.more_creatures) if raising else None  # the first of the largest


def prepare(doc: Any, catalogue: Catalogue, fmt: Format, params: Params) -> tuple[GuildWarband, list[Outcome]]:
    out: list[Outcome] = []
    w = GuildWarband(doc.data.get("faction"))
    for i, item in entry_items(doc.data.get("entries")):
        match = resolve(catalogue, item["card"], kinds={"creature"}, pointer=f"/entries/{i}/card",
                        set_name=item.get("set"), cache_as="ddm-guild:creature")
        if match.card is not None:
            w.entries.append(GuildEntry(f"/entries/{i}", item["qty"], creature_of(match.card, catalogue)))
        elif match.finding is not None:
            out.append(match.finding)
    return w, out


def _missing(e: GuildEntry, field_name: str, what: Text) -> Missing:
    return Missing(e.creature.slug, e.creature.name, field_name, (e.pointer,), what=what)


POINTS_LIMIT = Param("points_limit", Int(1, 10000, nullable=True), None, "the warband's points limit")
MAX_CREATURES = Param("max_creatures", Int(1, 100, nullable=True), None, "the most creatures a warband may hold")


@rule("ddm-guild.points-limit", POINTS_LIMIT)
def points_limit(w: GuildWarband, p: Params) -> Iterator[Outcome]:
    """The total cost is at most the format's limit.

    Source: ddm-guild.md, (the builder's checks: mkouba/ddmwi Warband.java)
    """
    limit = p["points_limit"]
    if limit is None:
        return
    total = w.known_points()
    if total > limit:
        yield Finding(
            "ddm-guild.points-limit",
            msg("The warband costs {total} points; the limit is {limit}.", total=total, limit=limit),
            ("/entries",),
            hint=nmsg("remove at least {n} point", "remove at least {n} points", total - limit),
        )
    for e in w.entries:
        if e.creature.cost is None:
            yield _missing(e, "cost", msg("cost"))


@rule("ddm-guild.max-creatures", MAX_CREATURES)
def max_creatures(w: GuildWarband, p: Params) -> Iterator[Outcome]:
    """The number of creatures is at most the format's maximum, raised by a creature's Strength in Numbers N;
    every N creatures named as a creature with Mob N count as 1.

    Source: ddm-guild.md, (the builder's checks: mkouba/ddmwi Warband.java); the cards' own warband-building
    abilities (Strength in Numbers, Mob) as printed
    """
    limit, count = p["max_creatures"], w.counted()
    if limit is None:
        return
    raiser = w.strength_in_numbers()
    most = limit + (raiser.creature.more_creatures if raiser else 0)
    if count <= most:
        return
    if raiser is None:
        text = msg("The warband holds {count} creatures; at most {limit} are allowed.", count=count, limit=most)
    else:
        text = msg("The warband holds {count} creatures; at most {limit} are allowed ({base}, raised by the "
                   "Strength in Numbers of {name}).", count=count, limit=most, base=limit,
                   name=raiser.creature.name)
    yield Finding("ddm-guild.max-creatures", text, ("/entries",),
                  hint=nmsg("remove {n} creature", "remove {n} creatures", count - most))


@rule("ddm-guild.alignment")
def alignment(w: GuildWarband, p: Params) -> Iterator[Outcome]:
    """A warband holds Good or Evil creatures, not both; Neutral creatures fit either.

    Source: ddm-guild.md, (the builder's checks: mkouba/ddmwi Warband.java)
    """
    good = [e for e in w.entries if e.creature.alignment == "good"]
    evil = [e for e in w.entries if e.creature.alignment == "evil"]
    if good and evil:
        n_good, n_evil = sum(e.qty for e in good), sum(e.qty for e in evil)
        fewer = evil if n_evil <= n_good else good
        n = min(n_good, n_evil)
        yield Finding(
            "ddm-guild.alignment",
            msg("The warband holds Good ({good}) and Evil ({evil}) creatures.",
                good=and_text(e.creature.name for e in good), evil=and_text(e.creature.name for e in evil)),
            tuple(e.pointer for e in fewer),
            hint=(
                nmsg("remove the {n} Evil creature", "remove the {n} Evil creatures", n) if fewer is evil
                else nmsg("remove the {n} Good creature", "remove the {n} Good creatures", n)
            ),
        )


@rule("ddm-guild.faction")
def faction(w: GuildWarband, p: Params) -> Iterator[Outcome]:
    """The creatures share at least one faction (the intersection of their faction sets, the
    warband's faction, is not empty); a declared faction must be in it.

    Source: ddm-guild.md, (the builder's checks: mkouba/ddmwi Warband.java)
    """
    known = [e for e in w.entries if e.creature.factions]
    for e in w.entries:
        if not e.creature.factions:
            yield _missing(e, "factions", msg("factions"))
    if not known:
        return
    shared = frozenset.intersection(*(e.creature.factions for e in known))
    wanted = w.faction
    if wanted is not None:
        outside = [e for e in known if wanted not in e.creature.factions]
        for e in outside:
            yield Finding(
                "ddm-guild.faction",
                msg("{name} is not of the {faction} faction (it is {factions}).", name=e.creature.name,
                    faction=wanted.title(), factions=and_text(f.title() for f in e.creature.factions)),
                (e.pointer,),
                hint=(
                    msg("remove {name}, or declare {factions}", name=e.creature.name,
                        factions=or_text(sorted(f.title() for f in shared))) if shared
                    else msg("remove {name}", name=e.creature.name)
                ),
            )
        return
    if not shared:
        counts: Counter[str] = Counter()
        for e in known:
            counts.update(e.creature.factions)
        best = min(counts, key=lambda f: (-counts[f], f))
        outside = [e for e in known if best not in e.creature.factions]
        yield Finding(
            "ddm-guild.faction",
            msg("The creatures share no faction."),
            tuple(e.pointer for e in outside),
            hint=msg("remove {names} to share {faction}", names=and_text(e.creature.name for e in outside),
                     faction=best.title()),
        )


@rule("ddm-guild.unique")
def unique(w: GuildWarband, p: Params) -> Iterator[Outcome]:
    """A creature with the keyword Unique appears at most once.

    Source: ddm-guild.md, (the builder's checks: mkouba/ddmwi Warband.java)
    """
    groups: dict[str, list[GuildEntry]] = {}
    for e in w.entries:
        if e.creature.unique:
            groups.setdefault(e.creature.key, []).append(e)
    for _key, items in sorted(groups.items()):
        count = sum(e.qty for e in items)
        if count > 1:
            name = items[0].creature.name
            yield Finding(
                "ddm-guild.unique",
                msg("{name} is Unique and appears {count} times.", name=name, count=count),
                tuple(e.pointer for e in items),
                hint=nmsg("{label}: {n} copy too many", "{label}: {n} copies too many", count - 1, label=name),
            )


def totals(w: GuildWarband, p: Params) -> dict[str, Any]:
    points = w.known_points()
    limit = p.get("points_limit")
    return {
        "points": points,
        "points_left": (limit - points) if limit is not None else None,
        "creatures": w.count(),
        "commanders": sum(e.qty for e in w.entries if e.creature.champion),
        "points_complete": all(e.creature.cost is not None for e in w.entries),
    }


SPEC = register_ruleset(
    RulesetSpec(GAME, RULESET, "DDM 2.0 / DDM Guild rules", ddm_document(FACTIONS), prepare, totals)
)
ALL_RULES = ("ddm-guild.alignment", "ddm-guild.faction", "ddm-guild.max-creatures", "ddm-guild.points-limit",
             "ddm-guild.unique")
for _id, _name, _points, _most in (
    ("standard-200", msg("Standard, 200 points"), 200, 10),  # first: the Guild's standard game (issue 18)
    ("quick-100", msg("Quick, 100 points"), 100, 8),
    ("epic-500", msg("Epic, 500 points"), 500, 10),
    ("arena", msg("Arena, 200 points"), 200, 5),
):
    SPEC.add_format(
        Format(
            GAME, RULESET, _id, _name,
            msg("At most {points} points and {most} creatures; Good or Evil, not both; one shared faction; "
                "each Unique creature once.", points=_points, most=_most),
            ALL_RULES,
            {"points_limit": _points, "max_creatures": _most},
        )
    )
SPEC.add_format(
    Format(GAME, RULESET, "freestyle", msg("Freestyle"), msg("No checks at all; the list is still priced."), (), {})
)
