"""Dungeon Command in the matchup layer: lists → the engine's warbands, the battlefield from the packs' tiles,
players, tallies (morale curves, per creature, per order) and figures. How its battles read on the page is
:mod:`simulate.bridges.dungeon_command_events`.

A card is played only with every number the engine reads: a creature's level, speed, HP and melee damage (its
ranged attack when it has one), an order's level and action type, the commander's hands, Morale and
Leadership. A missing one is a :class:`~simulate.bridge.Gap`, never a default. Each side's half of the
battlefield is its pack's four tiles (the list's ``box``, else its commander's pack), or a pack chosen for both
halves; a tile without a layout cannot be played on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from catalogue import models as m
from catalogue.kinds import KINDS
from catalogue.services import card_canonical
from config.errors import ApplicationError
from simulate import plots
from simulate.bridge import *  # noqa: F403  (the bridge kit: simulate.bridge.__all__)
from simulate.bridges import dungeon_command_events as events
from simulate.engine.ai import RandomPolicy
from simulate.engine.game import Result
from simulate.games.dungeon_command_ai import DcHeuristicPolicy
from simulate.games.dungeon_command_board import DcParams
from simulate.games.dungeon_command_cards import (
    CreatureCard,
    OrderCard,
    Warband,
    commander_from_catalogue,
    creature_from_catalogue,
    modelled_share,
    order_from_catalogue,
    tiles_from_catalogue,
)
from simulate.games.dungeon_command_maps import MapError, assemble
from validation.core import Catalogue, ListDocument
from validation.core.text import Text, msg, nmsg
from validation.games.dungeon_command import prepare

GAME, RULESET = "dungeon-command", "default"
SPECS = {kind: KINDS[(GAME, RULESET, kind)] for kind in ("creature", "order", "commander", "tile")}
CREATURE_NUMBERS = {"level": msg("level"), "speed": msg("speed"), "hp": msg("HP"), "melee_damage": msg("melee damage")}
ORDER_NUMBERS = {"level": msg("level"), "action_type": msg("action type")}
COMMANDER_NUMBERS = {"creature_hand": msg("creature hand"), "order_hand": msg("order hand"), "morale": msg("Morale"),
                     "leadership": msg("Leadership")}
OWN_TILES = "own-tiles"
CURVE_TURNS = DcParams().max_turns  # the engine's turn cap: a preview's battles keep it
ORDER_FIGURES = ("played", "resolved", "fizzled", "damage", "kills", "prevention", "healed", "cards_drawn",
                 "morale_gained", "morale_taken")
CREATURE_FIGURES = ("damage_dealt", "damage_taken", "kills", "survived", "cowered", "deployed", "morale_taken")


def _overlay(record: dict[str, Any], values: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    changed = tuple(sorted(k for k, v in values.items() if k not in ("kind", "slug") and record.get(k) != v))
    return {**record, **{k: v for k, v in values.items() if k not in ("kind", "slug")}}, changed


def _rows(model: type[m.Card], slugs: Sequence[str]) -> dict[str, m.Card]:
    rows = model.objects.filter(game__slug=GAME, ruleset__slug=RULESET, slug__in=set(slugs)).prefetch_related(
        "factions", "abilities")
    return {row.slug: row for row in rows}


def missing_numbers(record: Mapping[str, Any], kind: str) -> list[Text]:
    """What a card lacks that the engine reads (empty: playable)."""
    words = {"creature": CREATURE_NUMBERS, "order": ORDER_NUMBERS, "commander": COMMANDER_NUMBERS}[kind]
    out: list[Text] = [w for key, w in words.items() if record.get(key) is None]
    if kind == "creature" and (record.get("ranged_damage") is None) != (record.get("ranged_range") is None):
        out.append(msg("the damage and range of its ranged attack"))
    return out


def pack_tiles(pack: str) -> list[dict[str, Any]]:
    """A pack's four tiles as the engine's tile layouts (its product set's tile cards)."""
    rows = m.DcTile.objects.filter(game__slug=GAME, ruleset__slug=RULESET, product_set__slug=pack).order_by(
        "position", "slug")
    return tiles_from_catalogue([{**card_canonical(r, SPECS["tile"]), "layout_is_standin": r.layout_is_standin}
                                 for r in rows])


def list_pack(doc: ListDocument) -> str:
    """The pack whose tiles build this list's half: its ``box``, else its commander's faction."""
    box = doc.data.get("box")
    if isinstance(box, str) and m.ProductSet.objects.filter(game__slug=GAME, slug=box.strip().casefold()).exists():
        return box.strip().casefold()
    names = [n for n in doc.data.get("commanders") or [] if isinstance(n, str)]
    row = m.DcCommander.objects.filter(game__slug=GAME, name__in=names).prefetch_related("factions").first()
    if row is not None:
        faction = next(iter(sorted(f.slug for f in row.factions.all())), "")
        if faction:
            return faction
    first = m.ProductSet.objects.filter(game__slug=GAME).order_by("position", "slug").first()
    return first.slug if first is not None else ""


class DungeonCommandBridge:
    """Dungeon Command (``dungeon-command.md``) on the engine ``simulate.games.dungeon_command``."""

    game = GAME
    ruleset = RULESET
    engine = GAME
    default_player = "heuristic"
    players: Mapping[str, Player] = {
        "heuristic": Player("heuristic", gettext_lazy("Sensible (heuristic)"), DcHeuristicPolicy, (10, 100)),
        "random": Player("random", gettext_lazy("Random moves"), RandomPolicy, (2, 10)),
    }

    # lists ------------------------------------------------------------------------------------------------

    def read_side(self, doc: ListDocument, catalogue: Catalogue, entered: Mapping[str, Mapping[str, Any]]
                  ) -> SideReading:
        warband, outcomes = prepare(doc, catalogue, doc.format, doc.params)
        played = {c.pointer for c in (*warband.creatures, *warband.orders)}
        left_out = left_out_entries(doc, outcomes, played, keys=("entries", "orders"),
                                    not_found="not a card of the catalogue")
        reading = SideReading(engine_list=None, left_out=left_out)
        records: dict[str, dict[str, Any]] = {}
        parts = (("creature", m.DcCreature, warband.creatures), ("order", m.DcOrder, warband.orders),
                 ("commander", m.DcCommander, warband.commanders))
        for kind, model, entries in parts:
            rows = _rows(model, [e.card.slug for e in entries])
            for e in entries:
                slug = e.card.slug
                if slug in records or slug not in rows:
                    continue
                record, changed = _overlay(card_canonical(rows[slug], SPECS[kind]), entered.get(slug) or {})
                if changed:
                    reading.entered.append(EnteredUse(rows[slug].name, slug, changed))
                records[slug] = record
                missing = missing_numbers(record, kind)
                if missing:
                    pointers = tuple(x.pointer for x in entries if x.card.slug == slug)
                    reading.gaps.append(Gap(record["name"], slug, kind, tuple(missing), pointers))
        if not warband.commanders:
            reading.missing.append(Missing(msg("It has no commander card: a Dungeon Command warband is led by exactly "
                                               "one (rulebook, “Building your own warbands”, p. 15)."), "/commanders"))
        elif len(warband.commanders) > 1:
            reading.missing.append(Missing(nmsg("It has {n} commander card: a Dungeon Command warband is led by "
                                                "exactly one (rulebook, “Building your own warbands”, p. 15).",
                                                "It has {n} commander cards: a Dungeon Command warband is led by "
                                                "exactly one (rulebook, “Building your own warbands”, p. 15).",
                                                len(warband.commanders)), "/commanders"))
        reading.pieces = sum(e.qty for e in warband.creatures)
        reading.cost = sum(int(records[e.card.slug].get("level") or 0) * e.qty for e in warband.creatures
                           if e.card.slug in records)
        if reading.gaps or reading.missing or not reading.pieces:
            return reading
        creatures = [creature_from_catalogue(records[e.card.slug]) for e in warband.creatures for _ in range(e.qty)]
        orders = [order_from_catalogue(records[e.card.slug]) for e in warband.orders for _ in range(e.qty)]
        commander = commander_from_catalogue(records[warband.commanders[0].card.slug])
        for e in warband.creatures:
            card = CreatureCard.from_json(creature_from_catalogue(records[e.card.slug]))
            unplayed = tuple(p.label for p in card.powers if not p.reading.modelled)
            if unplayed:
                share = round(card.level * e.qty / reading.cost, 4) if reading.cost else 0.0
                reading.unplayed.append(Unplayed(card.name, e.card.slug, e.qty, card.level, share, unplayed))
        for e in warband.orders:
            order = OrderCard.from_json(order_from_catalogue(records[e.card.slug]))
            if not order.reading.modelled:
                reading.unplayed.append(Unplayed(order.name, e.card.slug, e.qty, 0, 0.0, (order.text,)))
        reading.engine_list = {"name": str(doc.data.get("name") or ""), "pack": list_pack(doc), "commander": commander,
                               "creatures": creatures, "orders": orders}
        return reading

    # the battlefield -------------------------------------------------------------------------------------

    def battlefields(self) -> list[Battlefield]:
        packs = m.ProductSet.objects.filter(game__slug=GAME).order_by("position", "slug")
        out = [Battlefield(OWN_TILES, _("Each warband’s own pack’s tiles"))]
        out += [Battlefield(p.slug, _("%(pack)s’s tiles for both halves") % {"pack": p.name}) for p in packs]
        return out

    def setup(self, docs: Sequence[ListDocument], battlefield: str | None) -> Setup:
        choice = (battlefield or OWN_TILES).strip().casefold()
        known = [b.slug for b in self.battlefields()]
        if choice not in known:
            names = ", ".join(known)
            raise ApplicationError(f"Unknown battlefield {str(battlefield)[:100]!r} (known: {names}).",
                                   code="unknown-map", fields={"/map": [f"unknown battlefield; known: {names}"]})
        packs = [list_pack(d) for d in docs] if choice == OWN_TILES else [choice, choice]
        scenario = "first-game" if docs[0].format.id == "first-game" else "standard"
        try:
            halves = [pack_tiles(p) for p in packs]
            layout = assemble(halves, scenario)
        except (MapError, ValueError, KeyError) as exc:
            raise ApplicationError(f"The battlefield cannot be built from the tiles: {exc}", code="unknown-map",
                                   fields={"/map": [str(exc)]}) from None
        return Setup(choice, layout, {"scenario": scenario} if scenario != "standard" else {})

    # figures ---------------------------------------------------------------------------------------------

    def tally(self, result: Result) -> dict[str, Any]:
        details = result.details
        curve = [list(x) for x in details.get("morale_curve") or []]  # type: ignore[union-attr]
        last = curve[-1] if curve else [0, 0]
        morale_a = [int((curve[t] if t < len(curve) else last)[0]) for t in range(CURVE_TURNS)]
        morale_b = [int((curve[t] if t < len(curve) else last)[1]) for t in range(CURVE_TURNS)]
        creatures = {
            cid: [int(c.get(k, 0)) for k in CREATURE_FIGURES]
            for cid, c in (details.get("per_creature") or {}).items()  # type: ignore[union-attr]
        }
        orders = {
            name: [int(v.get(k, 0)) + (int(v.get("used", 0)) if k == "played" else 0) for k in ORDER_FIGURES]
            for name, v in (details.get("per_order") or {}).items()  # type: ignore[union-attr]
        }
        return {"morale_a": morale_a, "morale_b": morale_b, "creatures": creatures, "orders": orders,
                "reasons": {result.reason: 1}}

    def result_keys(self, *, lists: Sequence[Mapping[str, Any]], params: Mapping[str, Any],
                    tallies: Mapping[str, Any], battles: int) -> dict[str, Any]:
        n = max(1, battles)
        per_creature: dict[str, Any] = {}
        for side, warband in zip(("a", "b"), lists, strict=True):
            for i, card in enumerate(warband["creatures"]):
                cid = f"{side}{i + 1}"
                row = (tallies.get("creatures") or {}).get(cid, [0] * len(CREATURE_FIGURES))
                fig = dict(zip(CREATURE_FIGURES, row, strict=True))
                deployed = fig["deployed"]
                per_creature[cid] = {
                    "name": card["name"], "list": side, "level": card["level"],
                    "damage_dealt": round(fig["damage_dealt"] / n, 3),
                    "damage_taken": round(fig["damage_taken"] / n, 3),
                    "kills": round(fig["kills"] / n, 3),
                    "survival": round(fig["survived"] / deployed, 4) if deployed else 0.0,
                    "deployed": round(deployed / n, 4),
                    "cowered": round(fig["cowered"] / n, 3),
                    "points_earned": round(fig["morale_taken"] / n, 3),
                }
        per_order: dict[str, Any] = {}
        for key, row in sorted((tallies.get("orders") or {}).items()):
            fig = dict(zip(ORDER_FIGURES, row, strict=True))
            played = fig["played"] or fig["resolved"]
            per_order[key] = {
                "played": round(fig["played"] / n, 3),
                "resolved": fig["resolved"], "fizzled": fig["fizzled"],
                "damage_per_play": round(fig["damage"] / played, 2) if played else 0.0,
                "kills": round(fig["kills"] / n, 3),
                "prevented": fig["prevention"], "healed": round(fig["healed"] / n, 2),
                "cards_drawn": round(fig["cards_drawn"] / n, 2),
                "morale": round((fig["morale_gained"] + fig["morale_taken"]) / n, 3),
            }
        morale_a = tallies.get("morale_a") or []
        morale_b = tallies.get("morale_b") or []
        share = modelled_share([Warband.from_json(x) for x in lists])
        return {
            "per_creature": per_creature,
            "per_order": per_order,
            "modelled_share": round(share.share, 4),
            "card_readings": share.readings,
            "morale_curve": [[round(a / n, 3), round(b / n, 3)] for a, b in zip(morale_a, morale_b, strict=False)],
            "end_reasons": dict(sorted((tallies.get("reasons") or {}).items())),
            "length_unit": "turns",  # a battle's length counts each player's turn (the rulebook's "turn")
            "turn_limit": DcParams.from_json(params).max_turns,
        }

    def figures(self, result: Mapping[str, Any], names: Sequence[str]) -> list[Figure]:
        curve = result.get("morale_curve") or []
        last = max((t for t, (a, b) in enumerate(curve) if t == 0 or curve[t] != curve[t - 1]), default=0)
        # battles the simulator stopped at its turn limit (the rules have none): the curve is cut there, and says so
        capped = int((result.get("end_reasons") or {}).get("turn-limit", 0))
        limit = int(result.get("turn_limit") or CURVE_TURNS)
        shown = limit if capped else last + 2
        series = [(str(names[0]), [float(a) for a, _b in curve[:shown]]),
                  (str(names[1]), [float(b) for _a, b in curve[:shown]])]
        svg = plots.lines_svg(series, title=_("Morale, turn by turn (mean over the battles)"), x_label=_("Turn"),
                              y_label=_("Morale"), mark=(limit, _("turn limit")) if capped else None)
        caption = _("Each list's Morale at the end of each turn, averaged over the battles (a battle that is over "
                    "keeps its final Morale). Dungeon Command has no victory points: the Morale left decides.")
        if capped:
            caption += " " + ngettext(
                "%(n)s battle was still going at the simulator's limit of %(limit)s turns (the rules set none): the "
                "curve stops there, and that battle was decided as at the game's end (the higher Morale wins).",
                "%(n)s battles were still going at the simulator's limit of %(limit)s turns (the rules set none): the "
                "curve stops there, and those battles were decided as at the game's end (the higher Morale wins).",
                capped) % {"n": capped, "limit": limit}
        return [Figure(svg, caption)]

    def tables(self, result: Mapping[str, Any], names: Sequence[str]) -> list[Table]:
        return events.order_table(result, names)

    def creature_note(self) -> str:
        return _("Averages per battle; survival: of the battles it was deployed in. Points earned: the Morale the "
                 "creatures it destroyed cost the enemy (their printed levels).")

    # how battles read -------------------------------------------------------------------------------------

    def describe_event(self, event: Mapping[str, Any], names: Mapping[str, str], lists: Sequence[str]) -> str:
        return events.describe_event(event, names, lists)

    def replay_frames(self, record: Mapping[str, Any]) -> dict[str, Any]:
        return events.replay_frames(record=record)

    def battlefield_svg(self, layout: Mapping[str, Any], *, title: str, pieces: bool = False) -> Any:
        return plots.battle_map_svg(events.map_layout(layout), title=title, pieces=pieces)

    def quick_start(self) -> QuickStart | None:
        return None


BRIDGE: Bridge = DungeonCommandBridge()  # registered in games/dungeon_command.py; mypy checks it against the protocol
