"""D&D Miniatures by the DDM Guild (2.0) rules in the matchup layer: lists → the engine's cards, the stand-in
battle maps, players, tallies and figures, and what every result says it was computed from.

The Guild's rulebook cannot be read (``docs/rules/ddm-guild-play.md``): every result carries the rules profile's
version and its readings ("rules partly reconstructed"), per creature the powers the engine does not play and
whether its size is known, and that the map is a stand-in. A creature lacking a number the engine reads (cost,
level, speed, hit points, AC, Fortitude, Reflex, Will) is a :class:`~simulate.bridge.Gap`, never a default.
How its battles read on the page is :mod:`simulate.bridges.ddm_guild_events`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext_lazy

from catalogue import models as m
from catalogue.kinds import KINDS
from catalogue.services import card_canonical
from config.errors import ApplicationError
from simulate import plots
from simulate.bridge import *  # noqa: F403  (the bridge kit: simulate.bridge.__all__)
from simulate.bridges import ddm_guild_events, ddm_guild_readings
from simulate.bridges.ddm import BRIDGE as SEED
from simulate.bridges.ddm import _overlay
from simulate.engine.ai import RandomPolicy
from simulate.engine.game import Result
from simulate.games import ddm_guild_rules as rules
from simulate.games.ddm_guild import DEFAULT_MAP, FORMATS, GuildParams, guild_map, guild_map_slugs
from simulate.games.ddm_guild_ai import GuildHeuristicPolicy
from simulate.games.ddm_guild_cards import REQUIRED, card_from_catalogue, unplayed_powers, uses_unknown
from validation.core import Catalogue, ListDocument
from validation.core.text import Text, msg
from validation.games.ddm_guild import prepare

CREATURE_SPEC = KINDS[("ddm", "ddm-guild", "creature")]
NUMBERS: dict[str, Text] = {
    "cost": msg("cost"), "level": msg("level"), "speed": msg("speed"), "hp": msg("HP"), "ac": msg("AC"),
    "fort": msg("Fortitude"), "ref": msg("Reflex"), "will": msg("Will"),
}
SIZE_UNKNOWN = msg("Size not known: played as Medium (a reading of the rules).")  # ddm-guild.size-unknown


def rules_json() -> dict[str, Any]:
    """What every Guild result says about the rules it was played by."""
    return {"profile": rules.RULES_VERSION, "partly_reconstructed": True, "readings": rules.reading_summary()}


def guild_rows(slugs: Sequence[str]) -> dict[str, m.DdmGuildCreature]:
    rows = (m.DdmGuildCreature.objects.filter(game__slug="ddm", ruleset__slug="ddm-guild", slug__in=set(slugs))
            .select_related("miniature").prefetch_related("abilities", "factions"))
    return {row.slug: row for row in rows}


class DdmGuildBridge:
    """D&D Miniatures, the DDM Guild rules (``docs/rules/ddm-guild-play.md``), on ``simulate.games.ddm_guild``."""

    game = "ddm"
    ruleset = "ddm-guild"
    engine = "ddm-guild"
    default_player = "heuristic"
    players: Mapping[str, Player] = {
        "heuristic": Player("heuristic", gettext_lazy("Sensible (heuristic)"), GuildHeuristicPolicy, (10, 100)),
        "random": Player("random", gettext_lazy("Random moves"), RandomPolicy, (2, 10)),
    }

    rules_version = rules.RULES_VERSION

    def rules_profile(self) -> list[dict[str, Any]]:
        """The readings in force (the rulebook cannot be read): the result page lists them and a player may
        report one as wrong (``simulate/rules_pages.py``)."""
        return ddm_guild_readings.profile()

    # lists ------------------------------------------------------------------------------------------------

    def read_side(self, doc: ListDocument, catalogue: Catalogue, entered: Mapping[str, Mapping[str, Any]]
                  ) -> SideReading:
        warband, outcomes = prepare(doc, catalogue, doc.format, doc.params)
        played = {e.pointer for e in warband.entries}
        left_out = left_out_entries(doc, outcomes, played)
        rows = guild_rows([e.creature.slug for e in warband.entries])
        cards: dict[str, dict[str, Any]] = {}
        gaps: dict[str, list[Text]] = {}
        used: list[EnteredUse] = []
        for entry in warband.entries:
            slug = entry.creature.slug
            if slug in cards or slug in gaps or slug not in rows:
                continue
            row = rows[slug]
            record, changed = _overlay(card_canonical(row, CREATURE_SPEC), entered.get(slug) or {})
            if changed:
                used.append(EnteredUse(row.name, slug, changed))
            missing = [NUMBERS[f] for f in REQUIRED if not isinstance(record.get(f), int)]
            if missing:
                gaps[slug] = missing
                continue
            size = str(record.get("size") or (row.miniature.size if row.miniature_id and row.miniature else ""))
            cards[slug] = card_from_catalogue(record, size).to_json()
        reading = SideReading(engine_list=None, left_out=left_out, entered=used)
        for slug, missing in gaps.items():
            pointers = tuple(e.pointer for e in warband.entries if e.creature.slug == slug)
            reading.gaps.append(Gap(rows[slug].name, slug, "creature", tuple(missing), pointers))
        creatures: list[dict[str, Any]] = []
        for entry in warband.entries:
            card = cards.get(entry.creature.slug)
            if card is not None:
                creatures += [card] * entry.qty
        reading.pieces = sum(e.qty for e in warband.entries)
        reading.cost = sum(int(cards[e.creature.slug]["cost"]) * e.qty for e in warband.entries
                           if e.creature.slug in cards)
        if reading.gaps or not creatures:
            return reading
        for slug, card in cards.items():
            engine_card = card_from_catalogue({**card, "abilities": card["powers"]}, str(card.get("size") or ""))
            unplayed = tuple(p.name for p in unplayed_powers(engine_card))
            unknown = (() if engine_card.size_known else (SIZE_UNKNOWN,)) + tuple(
                msg("{power}: how many times it can be used (its check boxes) is not known, so it is not played.",
                    power=p.name) for p in uses_unknown(engine_card))
            if not unplayed and not unknown:
                continue
            qty = sum(e.qty for e in warband.entries if e.creature.slug == slug)
            share = round(qty * int(card["cost"]) / reading.cost, 4) if reading.cost else 0.0
            reading.unplayed.append(Unplayed(card["name"], slug, qty, int(card["cost"]), share, unplayed, unknown))
        reading.engine_list = {"name": str(doc.data.get("name") or ""), "creatures": creatures}
        return reading

    # the battlefield -------------------------------------------------------------------------------------

    def battlefields(self) -> list[Battlefield]:
        return [Battlefield(slug, str(guild_map(slug).name)) for slug in guild_map_slugs()]

    def setup(self, docs: Sequence[ListDocument], battlefield: str | None) -> Setup:
        fmt = docs[0].format.id
        known = guild_map_slugs()
        slug = (battlefield or DEFAULT_MAP.get(fmt, "guild-standin-large")).strip().casefold()
        if slug not in known:
            names = ", ".join(known)
            raise ApplicationError(f"Unknown battle map {slug[:100]!r} (known: {names}).", code="unknown-map",
                                   fields={"/map": [f"unknown battle map; known: {names}"]})
        params: dict[str, Any] = {"format": fmt if fmt in FORMATS else "standard-200"}
        limit = docs[0].params.get("points_limit")
        if isinstance(limit, int) and fmt not in FORMATS:
            params["points_limit"] = limit
        GuildParams.from_json(params)
        return Setup(slug, dict(guild_map(slug).raw), params)

    # figures ---------------------------------------------------------------------------------------------

    def tally(self, result: Result) -> dict[str, Any]:
        return SEED.tally(result)  # the same figures as the seed rules' battles

    def result_keys(self, *, lists: Sequence[Mapping[str, Any]], params: Mapping[str, Any],
                    tallies: Mapping[str, Any], battles: int) -> dict[str, Any]:
        limit = GuildParams.from_json(params).points_limit  # margins in bins of a twentieth of it, as the seed's
        keys = SEED.result_keys(lists=lists, params={"vp_target": limit}, tallies=tallies, battles=battles)
        return {**keys, "rules": rules_json()}

    def figures(self, result: Mapping[str, Any], names: Sequence[str]) -> list[Figure]:
        return SEED.figures(result, names)

    def tables(self, result: Mapping[str, Any], names: Sequence[str]) -> list[Table]:
        return SEED.tables(result, names)

    def creature_note(self) -> str:
        return SEED.creature_note()

    # how battles read -------------------------------------------------------------------------------------

    def describe_event(self, event: Mapping[str, Any], names: Mapping[str, str], lists: Sequence[str]) -> str:
        return ddm_guild_events.describe_event(event, names, lists)

    def replay_frames(self, record: Mapping[str, Any]) -> dict[str, Any]:
        return ddm_guild_events.replay_frames(record)

    def battlefield_svg(self, layout: Mapping[str, Any], *, title: str, pieces: bool = False) -> Any:
        return plots.battle_map_svg(layout, title=title, pieces=pieces)

    def quick_start(self) -> QuickStart | None:
        return None


BRIDGE: Bridge = DdmGuildBridge()  # registered in games/ddm.py; mypy checks it against the protocol here
