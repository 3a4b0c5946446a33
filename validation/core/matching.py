"""Finding the card a list names (CONTRACTS.md: name or slug, without regard to case, accents and
punctuation; ``set`` to choose among cards of one name).

A name that matches nothing is ``list.unknown-card`` with the closest names as suggestions; one that
matches several cards is ``list.ambiguous-card`` with their slugs; one that matches only cards of
another kind (an order where a creature belongs) is ``list.wrong-kind``.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from validation.core.facts import CardFacts, Catalogue, SetFacts
from validation.core.names import normalise
from validation.core.result import (
    AMBIGUOUS_CARD,
    CONTRACT_SOURCE,
    UNKNOWN_CARD,
    WRONG_KIND,
    Finding,
)
from validation.core.text import Text, and_text, msg, nmsg, or_text

MAX_SUGGESTIONS = 3
MAX_REMEMBERED = 20_000  # names kept per catalogue version: bounded, whatever clients send


@dataclass(frozen=True)
class Match:
    card: CardFacts | None
    finding: Finding | None = None


def _in_set(card: CardFacts, set_key: str) -> bool:
    return card.set is not None and set_key in card.set.keys


def _suggest(catalogue: Catalogue, key: str, kinds: Collection[str]) -> list[str]:
    names: dict[str, str] = {}
    for kind in kinds:
        names.update(catalogue.names_by_kind.get(kind, {}))
    if not key or not names:
        return []
    close = difflib.get_close_matches(key, list(names), n=MAX_SUGGESTIONS, cutoff=0.6)
    if len(close) < MAX_SUGGESTIONS and len(key) >= 3:
        for candidate in sorted(names):
            if candidate not in close and (key in candidate or candidate in key):
                close.append(candidate)
                if len(close) == MAX_SUGGESTIONS:
                    break
    return [names[k] for k in close]


# The card kinds as the messages say them.
KIND_WORDS: dict[str, Text] = {
    "battle-map": msg("battle map"),
    "command-card": msg("command card"),
    "commander": msg("commander"),
    "component": msg("component"),
    "creature": msg("creature"),
    "equipment": msg("equipment"),
    "lore-card": msg("lore card"),
    "machine": msg("machine"),
    "miniature": msg("miniature"),
    "order": msg("order"),
    "phase-card": msg("phase card"),
    "resource": msg("resource"),
    "ritual": msg("ritual"),
    "scenario": msg("scenario"),
    "terrain": msg("terrain"),
    "tile": msg("tile"),
    "training": msg("training"),
    "unit": msg("unit"),
}


def kind_text(kind: str) -> Text | str:
    return KIND_WORDS.get(kind, kind)


def _kind_word(kinds: Collection[str]) -> Text | str:
    """``"creature or order"``."""
    return or_text(kind_text(k) for k in sorted(kinds))


def _a(kinds: Collection[str]) -> Text:
    """``"a creature"``, ``"an order"``, ``"a creature or order"`` (the languages without articles drop it)."""
    word = _kind_word(kinds)
    return msg("an {kind}", kind=word) if min(kinds, default="")[:1].lower() in "aeiou" else msg("a {kind}", kind=word)


def same_name(found: Sequence[CardFacts]) -> bool:
    """A ``same_card`` for games where one name is one card, whatever set it comes in."""
    return len({c.key for c in found}) == 1


def resolve(
    catalogue: Catalogue,
    text: str,
    *,
    kinds: Collection[str],
    pointer: str,
    set_name: str | None = None,
    narrow: Callable[[Sequence[CardFacts]], Sequence[CardFacts]] | None = None,
    same_card: Callable[[Sequence[CardFacts]], bool] | None = None,
    places: Mapping[str, str | Text] | None = None,
    cache_as: str = "",
) -> Match:
    """The one card of ``kinds`` that ``text`` names, or the finding that says why there is none.

    ``narrow`` lets a game choose among cards of one name by a key of the entry (DDM's ``version``);
    ``same_card`` says when several matches are one card for the game's rules (Dungeon Command: one
    name is one card), in which case the first is taken. ``places`` says where in the list each other
    kind belongs (``{"order": "under \"orders\""}``), for the wrong-kind hint. ``cache_as`` names
    the caller's way of choosing (its ``kinds``, ``narrow`` and ``same_card``): a card found is then
    kept for the catalogue version, so a name repeated in many lists is looked up once.
    """
    memo: dict[tuple[str, str, str], CardFacts] | None = None
    if cache_as:
        memo = catalogue.derived.setdefault("resolve", {})
        remembered = memo.get((cache_as, text, set_name or ""))
        if remembered is not None:
            return Match(remembered)
    match = _resolve(catalogue, text, kinds, pointer, set_name, narrow, same_card, places)
    if memo is not None and match.card is not None and len(memo) < MAX_REMEMBERED:
        memo[(cache_as, text, set_name or "")] = match.card
    return match


def _resolve(
    catalogue: Catalogue,
    text: str,
    kinds: Collection[str],
    pointer: str,
    set_name: str | None,
    narrow: Callable[[Sequence[CardFacts]], Sequence[CardFacts]] | None,
    same_card: Callable[[Sequence[CardFacts]], bool] | None,
    places: Mapping[str, str | Text] | None,
) -> Match:
    key = normalise(text)
    slug = catalogue.by_slug.get(text.strip().casefold())
    found = [c for c in catalogue.by_name.get(key, ()) if c.kind in kinds]
    if not found and slug is not None and slug.kind in kinds:
        found = [slug]
    if not found:
        found = [c for c in catalogue.by_localised_name.get(key, ()) if c.kind in kinds]
    set_key = normalise(set_name) if set_name else ""
    if found and set_key:
        in_set = [c for c in found if _in_set(c, set_key)]
        if not in_set:
            where = and_text(c.set.name for c in found if c.set is not None)
            return Match(
                None,
                Finding(
                    UNKNOWN_CARD,
                    msg("{name} is not in the set {set}.", name=found[0].name, set=repr(set_name)),
                    (pointer,),
                    hint=(
                        msg("{name} is in {sets}", name=found[0].name, sets=where) if where
                        else msg("remove the set from this line")
                    ),
                    source=CONTRACT_SOURCE,
                    extra={"suggestions": sorted({c.set.name for c in found if c.set is not None})},
                ),
            )
        found = in_set
    if found and narrow is not None:
        narrowed = list(narrow(found))
        if not narrowed:
            return Match(None, None)  # the game reports why
        found = narrowed
    if len(found) == 1:
        return Match(found[0])
    if found:
        if same_card is not None and same_card(found):
            return Match(found[0])
        options = sorted(found, key=lambda c: c.slug)
        labels = [_label(c) for c in options]
        hint = msg("choose the one you mean: {options}", options=or_text(labels))
        return Match(
            None,
            Finding(
                AMBIGUOUS_CARD,
                nmsg("{text} names {n} card: {options}.", "{text} names {n} cards: {options}.", len(options),
                     text=repr(text), options="; ".join(labels)),
                (pointer,),
                hint=hint,
                source=CONTRACT_SOURCE,
                extra={"suggestions": [c.slug for c in options],
                       "choices": [{"card": c.slug, "label": label} for c, label in zip(options, labels, strict=True)]},
            ),
        )
    other = list(catalogue.by_name.get(key, ())) or ([slug] if slug is not None else [])
    if other:
        card = other[0]
        return Match(
            None,
            Finding(
                WRONG_KIND,
                msg("{name} is {kind}, not {kinds}.", name=card.name, kind=_a([card.kind]), kinds=_a(kinds)),
                (pointer,),
                hint=(
                    msg("put {name} {place}", name=card.name, place=places[card.kind])
                    if places and card.kind in places
                    else msg("remove {name}: {kind} has no place here", name=card.name, kind=_a([card.kind]))
                ),
                source=CONTRACT_SOURCE,
                extra={"kind": card.kind},
            ),
        )
    gone = catalogue.retired.get(key) or catalogue.retired.get(text.strip().casefold())
    if gone is not None:
        return Match(
            None,
            Finding(
                UNKNOWN_CARD,
                msg("{name} is no longer in the {game} catalogue.", name=gone, game=catalogue.game),
                (pointer,),
                hint=msg("the list keeps the name; replace the card to make the list legal"),
                source=CONTRACT_SOURCE,
                extra={"suggestions": []},
            ),
        )
    suggestions = _suggest(catalogue, key, kinds)
    hint = msg("did you mean {names}?", names=or_text(suggestions)) if suggestions else msg("check the spelling")
    return Match(
        None,
        Finding(
            UNKNOWN_CARD,
            msg("No {kinds} named {text} in the catalogue.", kinds=_kind_word(kinds), text=repr(text[:200])),
            (pointer,),
            hint=hint,
            source=CONTRACT_SOURCE,
            extra={"suggestions": suggestions},
        ),
    )


def _label(card: CardFacts) -> str:
    """A card as a player tells it from its namesakes: its name, its set and, for a DDM epic side, "epic"."""
    details = [card.set.name] if card.set is not None else []
    if card.fields.get("version") == "epic":
        details.append("epic")
    return f"{card.name} ({', '.join(details)})" if details else card.name


def resolve_set(catalogue: Catalogue, text: str) -> SetFacts | None:
    key = normalise(text)
    for s in catalogue.sets:
        if key in s.keys:
            return s
    return None
