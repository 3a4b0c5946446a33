"""Reads of the catalogue for pages, the API and the other apps."""

from __future__ import annotations

import threading
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Count, Max, Prefetch, QuerySet, Sum
from django.utils.translation import gettext, gettext_noop

from catalogue import models as m
from catalogue.kinds import KINDS, ChildSpec, card_spec
from catalogue.services import catalogue_version_label
from catalogue.text import normalise_name


def catalogue_counts() -> dict[str, dict[str, dict[str, int]]]:
    """``{game: {ruleset: {kind: physical cards}}}``: copies summed, every game and ruleset listed."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for ruleset in m.Ruleset.objects.select_related("game").order_by("game__position", "-is_default", "slug"):
        out.setdefault(ruleset.game.slug, {})[ruleset.slug] = {}
    rows = (
        m.Card.objects.filter(retired=False).values("game__slug", "ruleset__slug", "kind")
        .annotate(total=Sum("copies"))
        .order_by("game__slug", "ruleset__slug", "kind")
    )
    for row in rows:
        out.setdefault(row["game__slug"], {}).setdefault(row["ruleset__slug"], {})[row["kind"]] = row["total"] or 0
    return out


def catalogue_summary() -> dict[str, object]:
    return {"version": catalogue_version_label(), "games": catalogue_counts()}


def catalogue_breakdown() -> list[dict[str, object]]:
    """Distinct cards and physical copies per game, ruleset, kind and set (for the import report)."""
    rows = (
        m.Card.objects.filter(retired=False).values("game__slug", "ruleset__slug", "kind", "product_set__name")
        .annotate(copies=Sum("copies"))
        .order_by("game__slug", "ruleset__slug", "kind", "product_set__name")
    )
    distinct: dict[tuple[str, str, str, str], int] = defaultdict(int)
    for card in m.Card.objects.filter(retired=False).values_list("game__slug", "ruleset__slug", "kind",
                                                                 "product_set__name"):
        distinct[(card[0], card[1], card[2], card[3] or "")] += 1
    return [
        {
            "game": r["game__slug"],
            "ruleset": r["ruleset__slug"],
            "kind": r["kind"],
            "set": r["product_set__name"] or "",
            "cards": distinct[(r["game__slug"], r["ruleset__slug"], r["kind"], r["product_set__name"] or "")],
            "copies": r["copies"] or 0,
        }
        for r in rows
    ]


def catalogue_versions(*, limit: int = 20) -> list[m.CatalogueVersion]:
    return list(m.CatalogueVersion.objects.order_by("-id")[:limit])


# ------------------------------------------------------------------------------ cards: lists and search
#
# Search is done in Python over a small per-game index (a few thousand cards), so it forgives case,
# accents, punctuation and a typo in the same way on SQLite and PostgreSQL. The index is rebuilt when
# the game's cards change (their count or their latest ``updated``).

_KEYWORD_FIELDS: dict[type[m.Card], tuple[str, ...]] = {
    m.DdmCreature: ("creature_type", "subtypes", "unique_name", "size", "requires"),
    m.DdmMiniature: ("creature_type", "subtype", "size"),
    m.DdmGuildCreature: ("keywords", "alignment", "movement_mode"),
    m.DcCreature: ("keywords",),
    m.DcOrder: ("requires_keyword", "affinity_keyword", "action_type"),
    m.Bl2Unit: ("unit_type", "combat_type"),
    m.StrongholdPiece: ("side", "unit_type"),
}


@dataclass(frozen=True)
class _Doc:
    pk: int
    name: str  # normalised
    compact: str  # the name without spaces ("orcmauler" finds "Orc Mauler")
    keywords: str  # the name, then types and keywords
    everything: str  # the name, keywords, ability and rules text
    set_names: tuple[str, ...] = ()  # its set's (or pack's) name and abbreviation, normalised


@dataclass
class _SearchIndex:
    docs: list[_Doc]
    words: dict[str, int]  # every indexed word and how often it occurs
    name_words: set[str]


_INDEX: dict[str, tuple[tuple[object, ...], _SearchIndex]] = {}
_INDEX_LOCK = threading.Lock()


def _game_models(game: str | None) -> list[type[m.Card]]:
    out: list[type[m.Card]] = []
    for (g, _r, _k), spec in KINDS.items():
        if (game is None or g == game) and spec.model not in out:
            out.append(spec.model)
    return out


def _named_children(game: str) -> list[ChildSpec]:
    """The rows the game's cards own, besides their abilities, that have a name and a text to search."""
    out: list[ChildSpec] = []
    for (g, _r, _k), spec in KINDS.items():
        for key, child in spec.children.items():
            fields = {f.name for f in child.model._meta.concrete_fields}
            if g == game and key != "abilities" and {"name", "text"} <= fields and child not in out:
                out.append(child)
    return out


def _words_of(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(normalise_name(str(v)) for v in value)
    if value is None:
        return ""
    return normalise_name(str(value))


def _build_index(game: str) -> _SearchIndex:
    cards = m.Card.objects.filter(game__slug=game)
    keywords: dict[int, list[str]] = defaultdict(list)
    texts: dict[int, list[str]] = defaultdict(list)
    names: dict[int, str] = {}
    sets: dict[int, tuple[str, ...]] = {}
    for pk, search_name, text, localised, set_name, abbreviation in cards.values_list(
        "pk", "search_name", "text", "names", "product_set__name", "product_set__abbreviation"
    ):
        names[pk] = search_name
        sets[pk] = tuple(normalise_name(v) for v in (set_name, abbreviation) if v)
        if text:
            texts[pk].append(normalise_name(text))
        if isinstance(localised, dict):
            keywords[pk].extend(normalise_name(str(v)) for v in localised.values())
    for model in _game_models(game):
        fields = _KEYWORD_FIELDS.get(model)
        if not fields:
            continue
        for row in model.objects.filter(game__slug=game).values_list("pk", *fields):
            keywords[row[0]].extend(w for w in (_words_of(v) for v in row[1:]) if w)
    for card_id, name, param, text in m.CardAbility.objects.filter(card__game__slug=game).values_list(
        "card_id", "name", "param", "text"
    ):
        texts[card_id].append(normalise_name(f"{name} {param} {text}"))
    for child in _named_children(game):  # rows a card owns with a name and a text of their own (DDM spells)
        for card_id, name, text in child.model._default_manager.values_list(f"{child.fk}_id", "name", "text"):
            texts[card_id].append(normalise_name(f"{name} {text}"))
    docs: list[_Doc] = []
    words: dict[str, int] = defaultdict(int)
    name_words: set[str] = set()
    for pk, name in names.items():
        with_keywords = " ".join([name, *keywords.get(pk, ())])
        doc = _Doc(pk, name, name.replace(" ", ""), with_keywords, " ".join([with_keywords, *texts.get(pk, ())]),
                   sets.get(pk, ()))
        docs.append(doc)
        name_words.update(name.split())
        for word in doc.everything.split():
            words[word] += 1
    return _SearchIndex(docs, dict(words), name_words)


def _search_index(game: str) -> _SearchIndex:
    stamp = m.Card.objects.filter(game__slug=game).aggregate(n=Count("pk"), last=Max("updated"))
    key = (stamp["n"], stamp["last"])
    with _INDEX_LOCK:
        cached = _INDEX.get(game)
        if cached is not None and cached[0] == key:
            return cached[1]
    index = _build_index(game)
    with _INDEX_LOCK:
        _INDEX[game] = (key, index)
    return index


def search_index_clear() -> None:
    """Forget the cached search indexes (tests; the index also notices changed cards by itself)."""
    with _INDEX_LOCK:
        _INDEX.clear()


def _edit_distance(a: str, b: str, limit: int) -> int:
    """Optimal string alignment distance (a swap of two neighbours is one edit), ``limit + 1`` when larger."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        previous2, previous = previous, current
    return previous[-1]


def _typo_budget(token: str) -> int:
    if len(token) <= 3:
        return 0
    return 1 if len(token) <= 7 else 2


def _corrections(token: str, index: _SearchIndex) -> list[str]:
    """The indexed words one typo away from ``token`` (two for long words), best first."""
    budget = _typo_budget(token)
    if not budget:
        return []
    scored: list[tuple[int, int, int, str]] = []
    for word, count in index.words.items():
        distance = _edit_distance(token, word, budget)
        if distance <= budget:
            scored.append((distance, 0 if word in index.name_words else 1, -count, word))
    return [word for *_rest, word in sorted(scored)]


MAX_SEARCH_WORDS = 12  # a longer query is cut: no card name has more words
MAX_TYPOS = 3  # words corrected in one search; a query of more unknown words finds nothing


@dataclass(frozen=True)
class CardSearch:
    """The cards a search finds, in relevance buckets (best first), and the query as corrected for a typo."""

    query: str
    buckets: tuple[tuple[int, ...], ...]
    corrected: str = ""

    @property
    def ids(self) -> list[int]:
        return [pk for bucket in self.buckets for pk in bucket]


def _matches(doc: _Doc, alternatives: list[list[str]], where: str) -> bool:
    haystack = doc.name if where == "name" else doc.keywords if where == "keywords" else doc.everything
    return all(any(alt in haystack for alt in alts) for alts in alternatives)


def cards_search(*, query: str, game: str | None = None) -> CardSearch:
    """Cards whose name, keywords or ability text hold every word of ``query``, or whose set it names.

    Buckets: the exact name, names that start with the query, names holding every word, then keywords,
    then ability and rules text, then the cards of a set or pack the query names (or begins). When nothing
    matches, words no card holds are replaced by the indexed words one typo away ("Mualer" finds the Orc
    Mauler) and the search runs again as one last bucket.
    """
    normal = normalise_name(query)
    tokens = list(dict.fromkeys(normal.split()))[:MAX_SEARCH_WORDS]
    normal = " ".join(tokens)
    if not tokens:
        return CardSearch(query, ())
    games = [game] if game else list(m.Game.objects.values_list("slug", flat=True))
    indexes = [_search_index(g) for g in games]
    compact = normal.replace(" ", "")
    exact: list[int] = []
    prefix: list[int] = []
    in_name: list[int] = []
    in_keywords: list[int] = []
    in_text: list[int] = []
    in_set: list[int] = []
    plain = [[t] for t in tokens]
    for index in indexes:
        for doc in index.docs:
            if doc.name == normal:
                exact.append(doc.pk)
            elif doc.name.startswith(normal) or doc.compact.startswith(compact):
                prefix.append(doc.pk)
            elif _matches(doc, plain, "name") or compact in doc.compact:
                in_name.append(doc.pk)
            elif _matches(doc, plain, "keywords"):
                in_keywords.append(doc.pk)
            elif _matches(doc, plain, "all"):
                in_text.append(doc.pk)
            elif any(s == normal or (len(normal) >= 3 and s.startswith(normal)) for s in doc.set_names):
                in_set.append(doc.pk)  # "Harbinger", "heart of cormyr": the set's or pack's cards
    buckets = tuple(tuple(b) for b in (exact, prefix, in_name, in_keywords, in_text, in_set) if b)
    if buckets:
        return CardSearch(query, buckets)
    # A typo: correct the words that no card holds, then search once more.
    alternatives: list[list[str]] = []
    corrected_words: list[str] = []
    corrections = 0
    for token in tokens:
        known = any(token in d.everything for index in indexes for d in index.docs)
        if known:
            alternatives.append([token])
            corrected_words.append(token)
            continue
        corrections += 1
        if corrections > MAX_TYPOS:
            return CardSearch(query, ())
        candidates: list[str] = []
        for index in indexes:
            candidates.extend(c for c in _corrections(token, index) if c not in candidates)
        if not candidates:
            return CardSearch(query, ())
        alternatives.append(candidates)
        corrected_words.append(candidates[0])
    typo = tuple(d.pk for index in indexes for d in index.docs if _matches(d, alternatives, "all"))
    return CardSearch(query, (typo,) if typo else (), " ".join(corrected_words) if typo else "")


def card_accessor(model: type[m.Card]) -> str:
    """The name under which a Card reaches its typed row (multi-table inheritance)."""
    return model._meta.model_name or model.__name__.lower()


def cards_queryset(*, game: str | None = None, with_attacks: bool = False, with_spells: bool = False
                   ) -> QuerySet[m.Card]:
    """Cards with everything a list row shows, in a fixed number of queries whatever the page size.

    The typed rows of the game's kinds are joined in the same query (``select_related`` over the reverse
    one-to-one links); factions (and, for pages, DDM attacks) are prefetched once per page.
    """
    models = _game_models(game if game in {g for (g, _r, _k) in KINDS} else None)
    qs = m.Card.objects.select_related("game", "ruleset", "product_set", *(card_accessor(x) for x in models))
    qs = qs.prefetch_related(Prefetch("factions", queryset=m.Faction.objects.order_by("position", "slug")))
    if with_attacks and m.DdmCreature in models:
        qs = qs.prefetch_related("ddmcreature__attacks")
    if with_spells and m.DdmCreature in models:
        qs = qs.prefetch_related("ddmcreature__spells")
    qs = qs.filter(retired=False)  # cards the data no longer holds are not listed (their own pages say so)
    if game is not None:
        qs = qs.filter(game__slug=game)
    return qs


def card_typed(card: m.Card) -> m.Card:
    """The typed row (``DdmCreature``, ``DcOrder``, ...) of a card fetched by ``cards_queryset``, or the card."""
    spec = card_spec(card)
    if spec is None or isinstance(card, spec.model):
        return card
    try:
        typed = getattr(card, card_accessor(spec.model))
    except ObjectDoesNotExist:
        return card
    return typed if isinstance(typed, m.Card) else card


def card_get(*, game: str, ruleset: str, slug: str) -> m.Card | None:
    """One card as its typed row, with its set, factions, abilities, attacks, spells and references."""
    base = (
        m.Card.objects.filter(game__slug=game, ruleset__slug=ruleset, slug=slug)
        .values_list("pk", "kind")
        .first()
    )
    if base is None:
        return None
    pk, kind = base
    spec = KINDS.get((game, ruleset, kind))
    model = spec.model if spec else m.Card
    related = ["game", "ruleset", "product_set"]
    prefetch: list[str | Prefetch[Any]] = [
        Prefetch("factions", queryset=m.Faction.objects.order_by("position", "slug")),
        Prefetch("abilities", queryset=m.CardAbility.objects.order_by("position", "pk")),
    ]
    if spec is not None:
        related.extend(f"{name}__product_set" for name in spec.refs)
        prefetch.extend(key for key in spec.children if key != "abilities")
    if model is m.DdmCreature:
        related.append("epic_side__product_set")
    return model.objects.select_related(*related).prefetch_related(*prefetch).filter(pk=pk).first()


def card_printings(*, card: m.Card) -> list[m.Card]:
    """The other cards of the same game with the same name: other sets, the other ruleset, the checklist figure."""
    return list(
        m.Card.objects.filter(game_id=card.game_id, search_name=card.search_name)
        .exclude(pk=card.pk)
        .select_related("game", "ruleset", "product_set")
        .order_by("ruleset__slug", "kind", "product_set__position", "slug")
    )


def card_filter_choices(*, game: str | None, name: str) -> list[tuple[str, str]]:
    """The values a list filter accepts that come from the data: ``faction``, ``set``, ``type``, ``unit_type``."""
    scope = {"game__slug": game} if game is not None else {}
    if name == "faction":
        factions = m.Faction.objects.filter(**scope).order_by("game__position", "ruleset__slug", "position")
        return list(dict.fromkeys(factions.values_list("slug", "name")))
    if name == "set":
        sets = m.ProductSet.objects.filter(**scope).order_by("game__position", "position", "name")
        return list(sets.values_list("slug", "name"))
    if name == "type":
        types = m.DdmCreature.objects.filter(**scope).order_by().values_list("creature_type", flat=True)
        figures = m.DdmMiniature.objects.filter(**scope).order_by().values_list("creature_type", flat=True)
        return [(t, t) for t in sorted(set(types.union(figures)) - {""})]
    if name == "unit_type":
        units = m.Bl2Unit.objects.filter(**scope).order_by().values_list("unit_type", flat=True)
        pieces = m.StrongholdPiece.objects.filter(**scope).order_by().values_list("unit_type", flat=True)
        return [(t, t) for t in sorted(set(units.union(pieces)) - {""})]
    raise ValueError(f"no data choices for '{name}'")


FIELD_LABELS: dict[str, str] = {
    "ac": gettext_noop("AC"),
    "hp": gettext_noop("HP"),
    "level": gettext_noop("Level"),
    "cost": gettext_noop("Cost"),
    "commander_rating": gettext_noop("Commander rating"),
    "is_commander": gettext_noop("Commander"),
    "champion_rating": gettext_noop("Champion rating"),
    "fort": gettext_noop("Fortitude"),
    "ref": gettext_noop("Reflex"),
    "will": gettext_noop("Will"),
    "rpg_challenge_rating": gettext_noop("RPG challenge rating"),
    "melee_damage": gettext_noop("Melee damage"),
    "ranged_damage": gettext_noop("Ranged damage"),
    "ranged_range": gettext_noop("Ranged range"),
    "str_icon": gettext_noop("STR icon"),
    "dex_icon": gettext_noop("DEX icon"),
    "con_icon": gettext_noop("CON icon"),
    "int_icon": gettext_noop("INT icon"),
    "wis_icon": gettext_noop("WIS icon"),
    "cha_icon": gettext_noop("CHA icon"),
    "cost_resources": gettext_noop("Cost (resources)"),
    "cost_goblins": gettext_noop("Cost (goblins)"),
    "cost_orcs": gettext_noop("Cost (orcs)"),
    "cost_trolls": gettext_noop("Cost (trolls)"),
    "attacks": gettext_noop("Attacks"),
    "spells": gettext_noop("Spells"),
    "minions": gettext_noop("Minions"),
    "abilities": gettext_noop("Abilities"),
    "factions": gettext_noop("Factions"),
    "copies": gettext_noop("Copies"),
    "name": gettext_noop("Name"),
    "text": gettext_noop("Rules text"),
    # every other field a card page shows, as its verbose name says it
    "is_standin": gettext_noop("Is standin"),
    "number": gettext_noop("Number"),
    "rarity": gettext_noop("Rarity"),
    "size": gettext_noop("Size"),
    "creature_type": gettext_noop("Creature type"),
    "subtype": gettext_noop("Subtype"),
    "rpg_level": gettext_noop("Rpg level"),
    "leader": gettext_noop("Leader"),
    "version": gettext_noop("Version"),
    "standard_side": gettext_noop("Standard side"),
    "miniature": gettext_noop("Miniature"),
    "speed": gettext_noop("Speed"),
    "flight": gettext_noop("Flight"),
    "burrow": gettext_noop("Burrow"),
    "subtypes": gettext_noop("Subtypes"),
    "unique": gettext_noop("Unique"),
    "unique_name": gettext_noop("Unique name"),
    "requires": gettext_noop("Requires"),
    "is_difficult": gettext_noop("Is difficult"),
    "difficult": gettext_noop("Difficult"),
    "wild": gettext_noop("Wild"),
    "independent": gettext_noop("Independent"),
    "warband_building": gettext_noop("Warband building"),
    "collector_number": gettext_noop("Collector number"),
    "set_size": gettext_noop("Set size"),
    "sorcerer_slots": gettext_noop("Sorcerer slots"),
    "power_points": gettext_noop("Power points"),
    "epic_exists": gettext_noop("Epic exists"),
    "epic": gettext_noop("Epic"),
    "width": gettext_noop("Width"),
    "height": gettext_noop("Height"),
    "players": gettext_noop("Players"),
    "layout": gettext_noop("Layout"),
    "layout_is_standin": gettext_noop("Layout is standin"),
    "alignment": gettext_noop("Alignment"),
    "movement_mode": gettext_noop("Movement mode"),
    "keywords": gettext_noop("Keywords"),
    "footprint": gettext_noop("Footprint"),
    "card_numbers": gettext_noop("Card numbers"),
    "gold_copies": gettext_noop("Gold copies"),
    "silver_copies": gettext_noop("Silver copies"),
    "any_ability": gettext_noop("Any ability"),
    "action_type": gettext_noop("Action type"),
    "taps": gettext_noop("Taps"),
    "requires_keyword": gettext_noop("Requires keyword"),
    "affinity_keyword": gettext_noop("Affinity keyword"),
    "attach": gettext_noop("Attach"),
    "attach_text": gettext_noop("Attach text"),
    "creature_hand": gettext_noop("Creature hand"),
    "order_hand": gettext_noop("Order hand"),
    "morale": gettext_noop("Morale"),
    "leadership": gettext_noop("Leadership"),
    "tile_size": gettext_noop("Tile size"),
    "start_area": gettext_noop("Start area"),
    "unit_type": gettext_noop("Unit type"),
    "figures": gettext_noop("Figures"),
    "health": gettext_noop("Health"),
    "damage_tokens": gettext_noop("Damage tokens"),
    "movement": gettext_noop("Movement"),
    "combat_type": gettext_noop("Combat type"),
    "combat_value": gettext_noop("Combat value"),
    "range_min": gettext_noop("Range min"),
    "range_max": gettext_noop("Range max"),
    "deployment_cards_per_copy": gettext_noop("Deployment cards per copy"),
    "figures_in_set": gettext_noop("Figures in set"),
    "flying": gettext_noop("Flying"),
    "massive": gettext_noop("Massive"),
    "section": gettext_noop("Section"),
    "units_ordered": gettext_noop("Units ordered"),
    "lore_cost": gettext_noop("Lore cost"),
    "terrain_class": gettext_noop("Terrain class"),
    "blocks_los": gettext_noop("Blocks los"),
    "movement_stop": gettext_noop("Movement stop"),
    "impassable": gettext_noop("Impassable"),
    "stops_retreat": gettext_noop("Stops retreat"),
    "combat_dice_cap": gettext_noop("Combat dice cap"),
    "ignore_damage_per_combat": gettext_noop("Ignore damage per combat"),
    "occupant_ignores_units_for_los": gettext_noop("Occupant ignores units for los"),
    "massive_may_enter": gettext_noop("Massive may enter"),
    "deployable": gettext_noop("Deployable"),
    "is_tile": gettext_noop("Is tile"),
    "placed_on": gettext_noop("Placed on"),
    "capture_vp": gettext_noop("Capture vp"),
    "initiative": gettext_noop("Initiative"),
    "initiative_letter": gettext_noop("Initiative letter"),
    "initiative_number": gettext_noop("Initiative number"),
    "side": gettext_noop("Side"),
    "strength": gettext_noop("Strength"),
    "strength_bonus": gettext_noop("Strength bonus"),
    "extra_slots": gettext_noop("Extra slots"),
    "limited": gettext_noop("Limited"),
    "colour": gettext_noop("Colour"),
    "phase": gettext_noop("Phase"),
    "action_only": gettext_noop("Action only"),
    "special_action": gettext_noop("Special action"),
    "hourglasses": gettext_noop("Hourglasses"),
    "placement": gettext_noop("Placement"),
    "lasts_one_round": gettext_noop("Lasts one round"),
    "deck_hit_cards": gettext_noop("Deck hit cards"),
    "deck_miss_cards": gettext_noop("Deck miss cards"),
    "actions": gettext_noop("Actions"),
    "icons": gettext_noop("Icons"),
}


# The models' choice labels (card kinds, set kinds, sizes are the rules' words): pages show them through gettext.
CHOICE_LABELS = (
    gettext_noop("Creature"),
    gettext_noop("Battle Map"),
    gettext_noop("Miniature"),
    gettext_noop("Order"),
    gettext_noop("Commander"),
    gettext_noop("Tile"),
    gettext_noop("Unit"),
    gettext_noop("Command Card"),
    gettext_noop("Lore Card"),
    gettext_noop("Terrain"),
    gettext_noop("Scenario"),
    gettext_noop("Resource"),
    gettext_noop("Machine"),
    gettext_noop("Equipment"),
    gettext_noop("Training"),
    gettext_noop("Ritual"),
    gettext_noop("Phase Card"),
    gettext_noop("Component"),
    gettext_noop("Expansion"),
    gettext_noop("Starter"),
    gettext_noop("Pack"),
    gettext_noop("Core"),
    gettext_noop("Promo"),
    gettext_noop("Fan"),
    gettext_noop("Rulebook"),
    gettext_noop("Other"),
    gettext_noop("Standard"),
    gettext_noop("Epic"),
    gettext_noop("Good"),
    gettext_noop("Evil"),
    gettext_noop("Neutral"),
    gettext_noop("Melee"),
    gettext_noop("Ranged"),
    gettext_noop("Left"),
    gettext_noop("Center"),
    gettext_noop("Right"),
    gettext_noop("Any"),
    gettext_noop("None"),
    gettext_noop("Blocking"),
    gettext_noop("Impassable"),
)

def field_label(name: str, model: type[m.Card] | None = None) -> str:
    """A field's label for a page, in the page's language where the translations have it."""
    if name in FIELD_LABELS:
        return gettext(FIELD_LABELS[name])
    verbose = name.replace("_", " ")
    if model is not None:
        fields = {f.name: f for f in model._meta.concrete_fields}
        if name in fields:
            verbose = str(fields[name].verbose_name)
    return gettext(verbose[:1].upper() + verbose[1:])


def card_report_fields(*, card: m.Card) -> list[tuple[str, str]]:
    """What a player can report as wrong or missing on this card: its numbers first, then the rest."""
    from catalogue.dataformat import is_number, own_fields

    spec = card_spec(card)
    numbers: list[tuple[str, str]] = []
    others: list[tuple[str, str]] = []
    if spec is not None:
        for f in own_fields(spec.model):
            target = numbers if is_number(f) else others
            target.append((f.name, field_label(f.name, spec.model)))
        children = [(key, field_label(key)) for key in sorted(spec.children, key=lambda k: k == "abilities")]
    else:
        children = [("abilities", field_label("abilities"))]
    base = [(name, field_label(name)) for name in ("factions", "copies", "name", "text")]
    return [*numbers, *children, *others, *base, ("other", "Something else")]
