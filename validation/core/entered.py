"""Numbers a player entered for cards, laid over the catalogue facts for that player's own validation, and the
warning that says so (``catalogue.player-entered``: CONTRACTS.md).

``entered`` maps a card's slug to a partial card record in the catalogue's data format (``{"level": 5,
"abilities": [...]}``). :func:`with_entered` returns a catalogue whose cards carry those values; the rules read
them as they read the catalogue's. :func:`player_entered_findings` names, per card the list uses, the numbers
that came from a player, not from the catalogue.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from validation.core.facts import CardFacts, Catalogue
from validation.core.names import normalise
from validation.core.result import CONTRACT_SOURCE, Finding
from validation.core.text import Text, and_text, msg

PLAYER_ENTERED = "catalogue.player-entered"
CHILD_FIELDS = {"abilities": ("name", "kind", "param", "value"), "minions": ("name", "qty", "max_total_cost")}
CHILD_DEFAULTS = {"kind": "special", "qty": 1}
FIELD_WORDS: dict[str, Text] = {
    "cost": msg("cost"), "level": msg("level"), "speed": msg("speed"), "ac": msg("AC"), "hp": msg("HP"),
    "commander_rating": msg("commander rating"), "attacks": msg("attacks"), "abilities": msg("abilities"),
    "spells": msg("spells"), "factions": msg("faction symbols"), "size": msg("size"),
    "creature_type": msg("creature type"), "actions": msg("printed actions"),
}


def _card_with(card: CardFacts, values: Mapping[str, Any]) -> CardFacts:
    fields = dict(card.fields)
    children = dict(card.children)
    factions = card.factions
    for key, value in values.items():
        if key == "factions" and isinstance(value, list):
            factions = tuple(sorted(str(v) for v in value))
        elif key in CHILD_FIELDS and isinstance(value, list):
            names = CHILD_FIELDS[key]
            children[key] = tuple({n: row.get(n, CHILD_DEFAULTS.get(n)) for n in names}
                                  for row in value if isinstance(row, Mapping))
        else:
            fields[key] = value
    return replace(card, fields=fields, children=children, factions=factions)


def with_entered(catalogue: Catalogue, entered: Mapping[str, Mapping[str, Any]]) -> Catalogue:
    """The catalogue with a player's values laid over their cards (the same catalogue when there are none)."""
    if not entered:
        return catalogue
    cards = tuple(_card_with(c, entered[c.slug]) if entered.get(c.slug) else c for c in catalogue.cards)
    used = {slug: tuple(values) for slug, values in entered.items() if values}
    return Catalogue(catalogue.game, catalogue.ruleset, catalogue.version, cards, entered=used)


def _named(data: Any, pointer: str = "") -> Iterator[tuple[str, str]]:
    """Every card a list document names: (the JSON pointer of its entry, the name or slug as written). An entry
    is an object with a ``card`` (or a Stronghold ``name``); ``commanders`` and ``pool`` are lists of names,
    ``phase_cards`` (and ``ally_phase_cards``) a Stronghold plan's cards by phase."""
    if isinstance(data, Mapping):
        for key in ("card", "name"):
            if isinstance(data.get(key), str) and pointer.count("/") >= 2:
                yield pointer, data[key]
                break
        for key, value in data.items():
            if key in ("commanders", "pool") and isinstance(value, list):
                for i, name in enumerate(value):
                    if isinstance(name, str):
                        yield f"{pointer}/{key}/{i}", name
            elif key in ("phase_cards", "ally_phase_cards") and isinstance(value, Mapping):
                for slot, name in value.items():  # a Stronghold plan's phase cards: {"2": card name}
                    if isinstance(name, str):
                        yield f"{pointer}/{key}/{slot}", name
            elif isinstance(value, (Mapping, list)):
                yield from _named(value, f"{pointer}/{key}")
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from _named(item, f"{pointer}/{i}")


def player_entered_findings(data: Mapping[str, Any], catalogue: Catalogue) -> list[Finding]:
    """One warning per card of the list played with numbers a player entered, naming them and the entries."""
    if not catalogue.entered:
        return []
    cards = {slug: catalogue.by_slug.get(slug.casefold()) for slug in catalogue.entered}
    by_key: dict[str, list[str]] = {}
    for slug, card in cards.items():
        if card is not None:
            by_key.setdefault(card.key, []).append(slug)
            by_key.setdefault(slug.casefold(), []).append(slug)
    pointers: dict[str, list[str]] = {}
    for pointer, name in _named(data):
        for slug in by_key.get(normalise(name), []) or by_key.get(name.strip().casefold(), []):
            pointers.setdefault(slug, []).append(pointer)
    out: list[Finding] = []
    for slug, entries in sorted(pointers.items()):
        card = cards[slug]
        assert card is not None
        fields = catalogue.entered[slug]
        words = and_text(FIELD_WORDS.get(f, f.replace("_", " ")) for f in fields)
        out.append(Finding(
            PLAYER_ENTERED,
            msg("{name}: the {fields} used here were entered by a player from the printed card, not yet reviewed "
                "into the catalogue.", name=card.name, fields=words),
            tuple(sorted(set(entries))),
            hint=msg("offer them to the catalogue from the card's numbers page"),
            severity="warning",
            source=CONTRACT_SOURCE,
            extra={"card": slug, "fields": list(fields)},
        ))
    return out
