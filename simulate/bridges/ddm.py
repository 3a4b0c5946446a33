"""D&D Miniatures (the seeds' rules) in the matchup layer: lists → the engine's cards, battle maps, players,
tallies and figures. How its battles read on the page is :mod:`simulate.bridges.ddm_events`.

A creature is played only with every number the engine reads for it (:func:`creature_card`): cost, level,
speed, AC, HP, size and type, an attack with its bonus and damage, a commander's rating and Commander
Effect, and each number its modelled abilities and spells read. A missing one is a :class:`~simulate.bridge.
Gap`, never a default. Yes/no facts the catalogue does not record (flight, wild, independent, unique) are
played as "no" unless the card or its abilities say so (``docs/matchups.md``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from catalogue import models as m
from catalogue.kinds import KINDS
from catalogue.services import card_canonical
from config.errors import ApplicationError
from simulate import plots
from simulate.bridge import *  # noqa: F403  (the bridge kit: simulate.bridge.__all__)
from simulate.bridges import ddm_events
from simulate.engine.ai import RandomPolicy
from simulate.engine.game import Result
from simulate.games.ddm import DdmParams
from simulate.games.ddm_abilities import card_unmodelled, spell_effect, traits_for
from simulate.games.ddm_ai import DdmHeuristicPolicy
from simulate.games.ddm_cards import SIZES, AbilitySpec, CreatureCard, SpellSpec, norm
from simulate.games.ddm_maps import map_from_json
from validation.core import Catalogue, ListDocument
from validation.core.text import Text, msg
from validation.games.ddm import prepare

CREATURE_SPEC = KINDS[("ddm", "seed", "creature")]
NUMBERS = {"cost": msg("cost"), "level": msg("level"), "speed": msg("speed"), "ac": msg("AC"), "hp": msg("HP")}
# Conditions the engine ends with a save: without the card's DC it would have to pick one.
CONDITIONS_WITH_DC = ("paralysis", "confusion", "entangle")
MAP_ORDER = ("product_set__position", "position", "slug")


# --- a card ------------------------------------------------------------------------------------------------

def _has_number(ability: AbilitySpec, record: Mapping[str, Any]) -> bool:
    """Whether the card gives the ability's number: its value, a number in its parameter, text or name, or the
    card's field of the same name (``Difficult`` and the card's ``difficult``)."""
    if ability.value is not None or re.search(r"\d", f"{ability.param} {ability.text}"):
        return True
    if re.search(r"\d+\s*$", ability.name):
        return True
    return record.get(norm(ability.name).replace(" ", "_")) is not None


def _ability_guessed(card: CreatureCard, index: int, record: Mapping[str, Any]) -> bool:
    """Whether the engine would play ability ``index`` of ``card`` with a number the card does not give.

    Asked of the engine itself, so it follows the engine's readers: the ability is played (not listed as
    unmodelled) and the card's rules facts change when the ability is given a number, so the engine reads one;
    the card gives none, so the engine would stand in a default of its own."""
    ability = card.abilities[index]
    if ability.kind == "commander-effect" or _has_number(ability, record):
        return False
    probe = replace(card, sorcerer_slots=None)
    bare = traits_for(probe)
    if ability.name + (f" {ability.param}" if ability.param else "") in bare.unmodelled:
        return False  # not played at all: said so under "abilities not played"
    numbered = list(probe.abilities)
    numbered[index] = replace(ability, value=7)
    return traits_for(replace(probe, abilities=tuple(numbered))) != bare


@cache
def _spell_gaps(spell: SpellSpec, slots: bool, pool: bool) -> tuple[Text, ...]:
    effect = spell_effect(spell)
    if not effect.modelled:
        return ()  # not played: said so under "abilities not played"
    out: list[Text] = []
    if spell.power_points is not None:
        if not pool:
            out.append(msg("its power points"))
    elif not spell.unlimited and spell.uses is None and not (slots and spell.spell_level):
        out.append(msg("the uses of {spell}", spell=spell.name))
    if effect.condition in CONDITIONS_WITH_DC and effect.dc is None:
        out.append(msg("the DC of {spell}", spell=spell.name))
    return tuple(out)


def _figure_size_type(figure: m.DdmMiniature | None) -> tuple[str, str, list[str]]:
    if figure is None:
        return "", "", []
    subtypes = [s.strip() for s in figure.subtype.replace("/", ",").split(",") if s.strip()]
    return figure.size, figure.creature_type, subtypes


def creature_card(record: Mapping[str, Any], figure: m.DdmMiniature | None = None) -> tuple[dict[str, Any], list[Text]]:
    """A creature's record (the catalogue's data format, a player's numbers laid over) as the engine's
    ``CreatureCard`` JSON, and what it lacks that the engine reads (empty: playable). ``figure``: the
    miniature the card links to, whose size and type stand in where the card leaves them blank."""
    missing: list[Text] = [word for name, word in NUMBERS.items() if record.get(name) is None]
    fig_size, fig_type, fig_subtypes = _figure_size_type(figure)
    size = record.get("size") or fig_size
    if size not in SIZES:
        missing.append(msg("size"))
    base_type = record.get("creature_type") or ""
    subtypes = [str(s) for s in record.get("subtypes") or ()]
    if not base_type:
        base_type, subtypes = fig_type, fig_subtypes
    if not base_type:
        missing.append(msg("creature type"))
    abilities = [AbilitySpec.from_json(a) for a in record.get("abilities") or ()]
    effects = [a for a in abilities if a.kind == "commander-effect"]
    rating = record.get("commander_rating")
    if rating is None and (record.get("is_commander") is True or effects):
        missing.append(msg("commander rating"))
    if any(not (a.text or a.name).strip() for a in effects):
        missing.append(msg("the text of its Commander Effect"))
    attacks = sorted(record.get("attacks") or (), key=lambda a: a.get("kind") != "melee")
    if not attacks:
        missing.append(msg("an attack (its melee or ranged attack numbers)"))
    for attack in attacks:
        if attack.get("bonus") is None or attack.get("damage") is None:
            word = msg("melee") if attack.get("kind") == "melee" else msg("ranged")
            missing.append(msg("the bonus and damage of its {kind} attack", kind=word))
    slots = record.get("sorcerer_slots") if isinstance(record.get("sorcerer_slots"), dict) else None
    card_json: dict[str, Any] = {
        "name": record["name"],
        "slug": record.get("slug", ""),
        "version": record.get("version") or "standard",
        "cost": record.get("cost"),
        "factions": sorted(record.get("factions") or ()),
        "commander_rating": rating,
        "level": record.get("level"),
        "speed": record.get("speed"),
        "flight": bool(record.get("flight")),
        "burrow": record.get("burrow"),
        "ac": record.get("ac"),
        "hp": record.get("hp"),
        "creature_type": base_type,
        "subtypes": subtypes,
        "size": size if size in SIZES else "Medium",
        "unique": bool(record.get("unique")),
        "unique_name": record.get("unique_name") or "",
        "requires": record.get("requires") or "",
        "difficult": record.get("difficult"),
        "wild": bool(record.get("wild")),
        "independent": bool(record.get("independent")),
        "attacks": [
            {"kind": a.get("kind", "melee"), "bonus": a.get("bonus"), "damage": a.get("damage"),
             "damage_type": a.get("damage_type") or "", "extra_damage": a.get("extra_damage"),
             "extra_type": a.get("extra_type") or "", "max_range": a.get("max_range"), "uses": a.get("uses"),
             "text": a.get("text") or ""}
            for a in attacks
        ],
        "abilities": [a.to_json() for a in abilities],
        "spells": [SpellSpec.from_json(s).to_json() for s in record.get("spells") or ()],
        "sorcerer_slots": {str(k): int(v) for k, v in slots.items()} if slots else None,
        "power_points": record.get("power_points"),
    }
    if missing:
        return card_json, missing
    card = CreatureCard.from_json(card_json)
    for index in range(len(card.abilities)):
        if _ability_guessed(card, index, record):
            missing.append(msg("the number of {ability}", ability=card.abilities[index].name))
    traits = traits_for(replace(card, sorcerer_slots=None))
    for area in traits.area_attacks:
        if area.condition in CONDITIONS_WITH_DC and area.dc is None:
            missing.append(msg("the DC of {spell}", spell=area.name))
    for spell in card.spells:
        missing.extend(_spell_gaps(spell, bool(card.sorcerer_slots), bool(card.power_points)))
    return card_json, missing


def creature_rows(*, slugs: Sequence[str]) -> dict[str, m.DdmCreature]:
    """The seed creatures with everything :func:`card_canonical` reads, by slug (a handful of queries)."""
    rows = (
        m.DdmCreature.objects.filter(game__slug="ddm", ruleset__slug="seed", slug__in=set(slugs))
        .select_related("miniature", "standard_side")
        .prefetch_related("attacks", "spells", "abilities", "factions", "minions")
    )
    return {row.slug: row for row in rows}


def _overlay(record: dict[str, Any], values: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    """A catalogue record with a player's values laid over; the fields the player's values changed."""
    changed = tuple(sorted(k for k, v in values.items() if k not in ("kind", "slug") and record.get(k) != v))
    return {**record, **{k: v for k, v in values.items() if k not in ("kind", "slug")}}, changed


# --- the bridge --------------------------------------------------------------------------------------------

class DdmSeedBridge:
    """D&D Miniatures, the seeds' rules (``ddm.md``), on the engine ``simulate.games.ddm``."""

    game = "ddm"
    ruleset = "seed"
    engine = "ddm"
    default_player = "heuristic"
    players: Mapping[str, Player] = {
        "heuristic": Player("heuristic", gettext_lazy("Sensible (heuristic)"), DdmHeuristicPolicy, (10, 100)),
        "random": Player("random", gettext_lazy("Random moves"), RandomPolicy, (2, 10)),
    }

    # lists ------------------------------------------------------------------------------------------------

    def read_side(self, doc: ListDocument, catalogue: Catalogue, entered: Mapping[str, Mapping[str, Any]]
                  ) -> SideReading:
        warband, outcomes = prepare(doc, catalogue, doc.format, doc.params)
        played = {e.pointer for e in warband.all_entries}
        left_out = left_out_entries(doc, outcomes, played)
        entries = [(e, False) for e in warband.creatures] + [(e, True) for e in warband.minions]
        rows = creature_rows(slugs=[e.creature.slug for e, _ in entries])
        cards: dict[str, dict[str, Any]] = {}
        gaps: dict[str, list[Text]] = {}
        used: list[EnteredUse] = []
        for entry, _minion in entries:
            slug = entry.creature.slug
            if slug in cards or slug in gaps or slug not in rows:
                continue
            row = rows[slug]
            record, changed = _overlay(card_canonical(row, CREATURE_SPEC), entered.get(slug) or {})
            if changed:
                used.append(EnteredUse(row.name, slug, changed))
            card, missing = creature_card(record, row.miniature)
            if missing:
                gaps[slug] = missing
            else:
                cards[slug] = card
        reading = SideReading(engine_list=None, left_out=left_out, entered=used)
        for slug, missing in gaps.items():
            pointers = tuple(e.pointer for e, _ in entries if e.creature.slug == slug)
            reading.gaps.append(Gap(rows[slug].name, slug, "creature", tuple(missing), pointers))
        creatures: list[dict[str, Any]] = []
        for entry, minion in entries:
            played_card = cards.get(entry.creature.slug)
            if played_card is not None:
                creatures += [{**played_card, "minion": True} if minion else played_card] * entry.qty
        reading.pieces = sum(e.qty for e, _ in entries)
        reading.cost = sum(int(cards[e.creature.slug]["cost"]) * e.qty for e, minion in entries
                           if not minion and e.creature.slug in cards)
        if reading.gaps or not creatures:
            return reading
        reading.unplayed = unplayed_of(creatures, reading.cost)
        data = doc.data
        reading.engine_list = {
            "name": str(data.get("name") or ""), "faction": str(data.get("faction") or ""),
            "commander_zero": str(data.get("commander_zero") or "") or None, "creatures": creatures,
        }
        return reading

    # the battlefield -------------------------------------------------------------------------------------

    def _maps(self) -> Any:
        return m.DdmBattleMap.objects.filter(game__slug=self.game, ruleset__slug=self.ruleset)

    def battlefields(self) -> list[Battlefield]:
        rows = self._maps().exclude(layout={}).order_by(*MAP_ORDER)
        return [Battlefield(row.slug, row.name) for row in rows]

    def setup(self, docs: Sequence[ListDocument], battlefield: str | None) -> Setup:
        fmt_params = docs[0].params
        maps = self._maps()
        if battlefield is None:
            epic = bool(fmt_params.get("epic_map_required"))
            row = maps.filter(epic=epic).exclude(layout={}).order_by(*MAP_ORDER).first()
            if row is None:
                raise ApplicationError("The catalogue has no battle map with a layout for this format.",
                                       code="unknown-map", fields={"/map": ["no battle map with a layout"]})
        else:
            row = maps.filter(slug=battlefield.strip().casefold()).first()
            if row is None:
                known = ", ".join(maps.exclude(layout={}).order_by("slug").values_list("slug", flat=True))
                raise ApplicationError(f"Unknown battle map {battlefield[:100]!r} (known: {known}).",
                                       code="unknown-map", fields={"/map": [f"unknown battle map; known: {known}"]})
        if not row.layout:
            raise ApplicationError(f"The battle map {row.slug} has no layout to play on.", code="unknown-map",
                                   fields={"/map": ["this map has no layout yet"]})
        layout = map_json(row)
        try:
            map_from_json(layout)
        except (ValueError, KeyError, TypeError) as exc:
            raise ApplicationError(f"The battle map {row.slug}'s layout cannot be played: {exc}",
                                   code="unknown-map", fields={"/map": [str(exc)]}) from None
        return Setup(row.slug, layout, battle_params(docs[0].format.id, fmt_params, row.slug))

    # figures ---------------------------------------------------------------------------------------------

    def tally(self, result: Result) -> dict[str, Any]:
        creatures = {
            cid: [c["damage_dealt"], c["damage_taken"], c["kills"], 1 if c["survived"] else 0, c["points_earned"]]
            for cid, c in result.details["per_creature"].items()  # type: ignore[union-attr]
        }
        return {"margins": {str(result.scores[0] - result.scores[1]): 1}, "creatures": creatures}

    def result_keys(self, *, lists: Sequence[Mapping[str, Any]], params: Mapping[str, Any],
                    tallies: Mapping[str, Any], battles: int) -> dict[str, Any]:
        n = battles
        margins = {int(k): v for k, v in (tallies.get("margins") or {}).items()}
        per_creature: dict[str, Any] = {}
        for side, warband in zip(("a", "b"), lists, strict=True):
            for i, card in enumerate(warband["creatures"]):
                cid = f"{side}{i + 1}"
                row = (tallies.get("creatures") or {}).get(cid, [0, 0, 0, 0, 0])
                per_creature[cid] = {
                    "name": card["name"], "list": side, "cost": card["cost"],
                    "damage_dealt": round(row[0] / n, 3) if n else 0.0,
                    "damage_taken": round(row[1] / n, 3) if n else 0.0,
                    "kills": round(row[2] / n, 3) if n else 0.0,
                    "survival": round(row[3] / n, 4) if n else 0.0,
                    "points_earned": round(row[4] / n, 3) if n else 0.0,
                }
        return {
            "margin_histogram": histogram(margins, margin_bin_width(params)),
            "margin_mean": round(sum(k * v for k, v in margins.items()) / n, 3) if n else 0.0,
            "per_creature": per_creature,
        }

    def figures(self, result: Mapping[str, Any], names: Sequence[str]) -> list[Figure]:
        bars = [(str(b["low"]), int(b["count"])) for b in result.get("margin_histogram") or []]
        svg = plots.histogram_svg(
            bars, title=_("Victory-point margin (list A minus list B)"), x_label=_("Margin (lower end of each bar)"),
            y_label=_("Battles"), marked="0",
        )
        caption = _("Victory points of list A minus those of list B at the end; the mean is %(mean)s.") % {
            "mean": result.get("margin_mean")}
        return [Figure(svg, caption)]

    def tables(self, result: Mapping[str, Any], names: Sequence[str]) -> list[Table]:
        return []

    def creature_note(self) -> str:
        return _("Averages per battle. Points earned: the victory points of the creatures it eliminated, and of the "
                 "rounds it held a victory area.")

    # how battles read -------------------------------------------------------------------------------------

    def describe_event(self, event: Mapping[str, Any], names: Mapping[str, str], lists: Sequence[str]) -> str:
        return ddm_events.describe_event(event, names, lists)

    def replay_frames(self, record: Mapping[str, Any]) -> dict[str, Any]:
        return ddm_events.replay_frames(record=record)

    def battlefield_svg(self, layout: Mapping[str, Any], *, title: str, pieces: bool = False) -> Any:
        return plots.battle_map_svg(layout, title=title, pieces=pieces)

    def quick_start(self) -> QuickStart | None:
        from simulate.bridges.ddm_quickstart import quick_start

        return quick_start()


def unplayed_of(creatures: Sequence[Mapping[str, Any]], cost: int) -> list[Unplayed]:
    """The abilities the engine does not play, per card of an engine list (its copies together), with the card's
    share of the list's ``cost`` (free minions pay nothing)."""
    out: dict[str, Unplayed] = {}
    for card in creatures:
        slug = str(card.get("slug") or card["name"])
        paid = 0 if card.get("minion") else int(card["cost"])
        if slug in out:
            seen = out[slug]
            share = round(seen.share + (paid / cost if cost else 0.0), 4)
            out[slug] = Unplayed(seen.card, slug, seen.qty + 1, seen.cost, share, seen.abilities)
            continue
        unplayed = card_unmodelled(CreatureCard.from_json(card))
        if unplayed:
            out[slug] = Unplayed(card["name"], slug, 1, int(card["cost"]), round(paid / cost, 4) if cost else 0.0,
                                 tuple(unplayed))
    return list(out.values())


def battle_params(fmt_id: str, fmt_params: Mapping[str, Any], map_slug: str) -> dict[str, Any]:
    """The engine's parameters for a format and map (``DdmParams``)."""
    params: dict[str, Any] = {}
    if fmt_id.startswith("skirmish-") or fmt_id == "epic-500":
        params["format"] = fmt_id
    elif isinstance(fmt_params.get("points_limit"), int):
        params["vp_target"] = fmt_params["points_limit"]
    if map_slug == "first-battle":
        params["scenario"] = "first-battle"  # the quick start's battle: the first creature lost decides it
    return params


def margin_bin_width(params: Mapping[str, Any]) -> int:
    """Victory-point margins are counted in bins of 5% of the target (10 VP at 200 points)."""
    return max(1, DdmParams.from_json(params).vp_target // 20)


def histogram(values: Mapping[int, int], width: int) -> list[dict[str, int]]:
    if not values:
        return []
    low = min(values) // width * width
    high = max(values) // width * width
    bins = dict.fromkeys(range(low, high + width, width), 0)
    for value, count in values.items():
        bins[value // width * width] += count
    return [{"low": b, "high": b + width, "count": c} for b, c in sorted(bins.items())]


def map_json(row: m.DdmBattleMap) -> dict[str, Any]:
    """A catalogue battle map as the engine's map document (``muster-ddm-map/1``): its layout, with the
    slug, name, size and scale the card itself gives filled in where the layout leaves them out."""
    layout = dict(row.layout or {})
    layout.setdefault("format", "muster-ddm-map/1")
    layout["slug"] = row.slug
    layout.setdefault("name", row.name)
    if row.width and "width" not in layout:
        layout["width"] = row.width
    if row.height and "height" not in layout:
        layout["height"] = row.height
    layout.setdefault("epic", bool(row.epic))
    return layout


BRIDGE: Bridge = DdmSeedBridge()  # registered in games/ddm.py; mypy checks it against the protocol here
