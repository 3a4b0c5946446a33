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
    and_list,
    article,
)

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


def _kind_word(kinds: Collection[str]) -> str:
    return " or ".join(sorted(kinds))


def resolve(
    catalogue: Catalogue,
    text: str,
    *,
    kinds: Collection[str],
    pointer: str,
    set_name: str | None = None,
    narrow: Callable[[Sequence[CardFacts]], Sequence[CardFacts]] | None = None,
    same_card: Callable[[Sequence[CardFacts]], bool] | None = None,
    places: Mapping[str, str] | None = None,
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
    places: Mapping[str, str] | None,
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
            where = and_list(c.set.name for c in found if c.set is not None)
            return Match(
                None,
                Finding(
                    UNKNOWN_CARD,
                    f"{found[0].name} is not in the set {set_name!r}.",
                    (pointer,),
                    hint=f"{found[0].name} is in {where}" if where else "leave out \"set\"",
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
        sets = sorted({c.set.name for c in options if c.set is not None})
        hint = "name one by its slug: " + ", ".join(c.slug for c in options)
        if len(sets) == len(options):
            hint += ", or add \"set\": " + " or ".join(sets)
        return Match(
            None,
            Finding(
                AMBIGUOUS_CARD,
                f"{text!r} names {len(options)} cards: " + "; ".join(_describe(c) for c in options) + ".",
                (pointer,),
                hint=hint,
                source=CONTRACT_SOURCE,
                extra={"suggestions": [c.slug for c in options]},
            ),
        )
    other = list(catalogue.by_name.get(key, ())) or ([slug] if slug is not None else [])
    if other:
        card = other[0]
        return Match(
            None,
            Finding(
                WRONG_KIND,
                f"{card.name} is {article(card.kind)}, not {article(_kind_word(kinds))}.",
                (pointer,),
                hint=(
                    f"put {card.name} {places[card.kind]}"
                    if places and card.kind in places
                    else f"remove {card.name}: {article(card.kind)} has no place here"
                ),
                source=CONTRACT_SOURCE,
                extra={"kind": card.kind},
            ),
        )
    suggestions = _suggest(catalogue, key, kinds)
    hint = ("did you mean " + " or ".join(suggestions) + "?") if suggestions else "check the spelling"
    return Match(
        None,
        Finding(
            UNKNOWN_CARD,
            f"No {_kind_word(kinds)} named {text[:200]!r} in the {catalogue.game} catalogue.",
            (pointer,),
            hint=hint,
            source=CONTRACT_SOURCE,
            extra={"suggestions": suggestions},
        ),
    )


def _describe(card: CardFacts) -> str:
    where = f" ({card.set.name})" if card.set is not None else ""
    return f"{card.slug}{where}"


def resolve_set(catalogue: Catalogue, text: str) -> SetFacts | None:
    key = normalise(text)
    for s in catalogue.sets:
        if key in s.keys:
            return s
    return None
