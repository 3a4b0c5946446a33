"""The games Muster knows, declared once: the registry every layer asks instead of branching on a game's id.

One module per game in this package (``games/ddm.py`` ...) declares a :class:`Game`: its rulesets (each with
its default format, card kinds, list sections, first document and optional preview bridge), the names a text
list may give it, the keys of its list document, its text import/export titles, what a player collects of it,
and where each layer keeps its part, by dotted path (``"validation.games.ddm"``), so that a lower layer can
read the registry without importing an upper one. This package imports nothing of Django or of the project:
every layer may import it (``make lint`` checks that it imports no layer).

Finding a game: :func:`game` (an unknown id raises :class:`UnknownGame`), :func:`ids`, :func:`all_games`;
a ruleset: :func:`ruleset`, :func:`default_ruleset`; a list's parts: :func:`sections`, :func:`section_for`,
:func:`card_kinds`; a layer's part: :func:`load`. A new game is one module here plus one package per layer
(docs/architecture.md walks through it).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


def gettext_noop(message: str) -> str:
    """Marks an English text for translation (``make messages`` extracts it); the page translates it."""
    return message


@dataclass(frozen=True)
class Child:
    """Rows a card owns in their own catalogue table (a DDM creature's attacks): the field, the model, its key."""

    name: str
    model: str  # dotted path: "catalogue.models.DdmAttack"
    fk: str  # the child's foreign key to the card


@dataclass(frozen=True)
class Ref:
    """A card field that names another card of the same game by slug."""

    field: str
    kind: str
    ruleset: str | None = None  # None: the card's own ruleset


@dataclass(frozen=True)
class CardKind:
    """A kind of card (component, unit, ...) of a ruleset, and the catalogue model that stores it."""

    id: str
    label: str  # one of them, in English ("creature"): translated where shown
    model: str  # dotted path: "catalogue.models.DdmCreature"
    children: tuple[Child, ...] = ()
    refs: tuple[Ref, ...] = ()
    factions: bool = False  # its cards belong to factions: a card without one lacks it (a catalogue gap)


@dataclass(frozen=True)
class Section:
    """A part of a list that holds cards: its path in the document and the card kinds it takes.

    ``shape`` says how an item looks: ``entries`` (``{"card", "qty"}``), ``names`` (a list of names),
    ``actions`` (Stronghold: ``{"name", "phase", "qty"}``), ``orders`` (Stronghold:
    ``{"name", "section", "secret", "qty"}``), ``single`` (one name under a top-level key),
    ``deployment`` (BattleLore: ``{"card", "hex", "row", "terrain"}``, filled from the map).
    ``title`` is the builder's heading (translated where shown); ``text_title`` the heading of the text
    export, and ``text_titles`` the headings a pasted text may use for it (lower case). ``accepts`` are the
    kinds a name in the section may be when they are more than the builder offers to add (a deployment
    names recruited units; a Stronghold plan also names the box's other actions). ``item_fields`` are the
    keys of an item besides its name and copies that the builder edits and a text line notes in brackets
    (``version``: a DDM creature's epic side; ``minion_of``: the master of a free minion)."""

    path: str
    kinds: tuple[str, ...]
    shape: str
    title: str = ""
    text_title: str = ""
    text_titles: tuple[str, ...] = ()
    accepts: tuple[str, ...] = ()
    item_fields: tuple[str, ...] = ()

    @property
    def names_kinds(self) -> tuple[str, ...]:
        """The kinds a name in this section may be."""
        return self.accepts or self.kinds

    @property
    def pointer(self) -> str:
        """The JSON pointer of the section (``plan.entries`` → ``/plan/entries``)."""
        return "/" + self.path.replace(".", "/")

    @property
    def name_key(self) -> str:
        """The key an item of the section names its card under (``card``, or ``name`` for a plan's items)."""
        return "name" if self.shape in ("actions", "orders") else "card"


@dataclass(frozen=True)
class AsItComes:
    """A set (a pack, a box) that is a ready list by itself: the builder loads it whole, in ``format``, naming
    the set under the document key ``set_key`` (Dungeon Command's faction packs: ``faction-box``, ``box``)."""

    format: str
    set_key: str


@dataclass(frozen=True)
class Ruleset:
    """One ruleset of a game.

    ``blank`` is the rest of an empty list (besides ``game``, ``ruleset`` and ``format``): what the builder
    starts from. ``validator`` is the module that registers the ruleset's rules and formats with
    ``validation.core.registry``; ``engine`` (``"module:Class"``) the battle engine's game, when the ruleset
    has a simulator, and ``bridge`` (``"module:NAME"``) the matchup layer's bridge to its previews.
    ``builder`` (``"module:NAME"``) is the builder's panel of the ruleset's own fields
    (``builder.games.Panel``), when it has any besides its sections.

    ``cost_unit`` names what a card's cost counts (``points`` or ``resources``); ``line_points`` says whether
    a list shows each entry's points; ``what_if`` whether the catalogue beside a list marks the cards that
    adding would make illegal (a check per card: not for a Stronghold plan, whose cards are actions)."""

    id: str
    name: str
    default_format: str
    kinds: tuple[CardKind, ...]
    sections: tuple[Section, ...]
    validator: str
    default: bool = False
    blank: Mapping[str, Any] = field(default_factory=dict)
    engine: str | None = None
    bridge: str | None = None
    builder: str | None = None
    cost_unit: str = "points"
    line_points: bool = False
    what_if: bool = True
    as_it_comes: AsItComes | None = None

    def kind(self, kind_id: str) -> CardKind | None:
        return next((k for k in self.kinds if k.id == kind_id), None)


def only_ruleset(module: str, name: str, *, panel: bool = True, **rest: Any) -> Ruleset:
    """The one ruleset (``default``) of a game that has a single one, its validator and builder panel the game's
    modules by convention: ``validation.games.<module>`` and (``panel``) ``builder.games.<module>:PANEL``."""
    return Ruleset(id="default", name=name, default=True, validator=f"validation.games.{module}",
                   builder=f"builder.games.{module}:PANEL" if panel else None, **rest)


@dataclass(frozen=True)
class Collecting:
    """What a player's collection counts of a game: the cards of these kinds in this ruleset.

    ``via``: a list's card counts as the card this reference of it names (a DDM creature card, of either
    ruleset, counts as its figure); ``exclude``: catalogue lookups of cards that are no piece of their own
    (``{"copies": 0}``), each excluding on its own; ``per_copy``: the catalogue lookup of how many of a card
    one copy of its set holds, where its copies do not say it (a BattleLore unit's deployment cards)."""

    ruleset: str
    kinds: tuple[str, ...]
    what: str = ""  # what it counts, in a few words (translated where shown)
    via: str | None = None
    exclude: Mapping[str, Any] = field(default_factory=dict)
    per_copy: str | None = None


@dataclass(frozen=True)
class TextFormat:
    """How the game's lists read as text beyond their rulesets' sections: lists of names that no builder
    section shows but a text may carry (a DDM Limited ``pool``)."""

    extra_sections: tuple[Section, ...] = ()


@dataclass(frozen=True)
class Book:
    """A rulebook the game's rules follow. ``file`` is how the validator's sources name it (a seed file: the
    machine-readable reference the API keeps); ``title`` is the book as a player asks for it (English,
    translated where shown); ``language`` the language of the copy the rules follow ("" when the checks
    follow no printed book)."""

    file: str
    title: str
    language: str = ""


@dataclass(frozen=True)
class Game:
    """A game: everything each layer needs to know about it, by id.

    ``position`` orders the games on every page. ``aliases`` are the names a pasted text list may give the
    game (normalised as ``common.names.normalise`` does). ``document_keys`` are the top-level keys of its
    list document besides the common ones (CONTRACTS.md). ``converter`` is the module that builds its
    bundled catalogue files from the public sources; ``page_filters`` the filters its catalogue page offers.
    ``summary`` says in a line what a list of the game is (the builder's index). ``one_name_one_card``: cards
    that share a name are one card, whatever their set (Dungeon Command reprints a card in several boxes)."""

    id: str
    name: str
    position: int
    rulesets: tuple[Ruleset, ...]
    aliases: tuple[str, ...]
    document_keys: frozenset[str]
    collecting: Collecting
    converter: str
    page_filters: tuple[str, ...]
    summary: str = ""
    abilities_title: str = gettext_noop("Abilities")  # the heading of a card's abilities on its page
    text: TextFormat = field(default_factory=TextFormat)
    one_name_one_card: bool = False
    books: tuple[Book, ...] = ()

    @property
    def default_ruleset(self) -> Ruleset:
        return next((r for r in self.rulesets if r.default), self.rulesets[0])

    def ruleset(self, ruleset_id: str) -> Ruleset:
        for found in self.rulesets:
            if found.id == ruleset_id:
                return found
        raise UnknownGame(f"game {self.id!r} has no ruleset {ruleset_id!r}")

    @property
    def previews(self) -> bool:
        """Whether a matchup of the game can be previewed (a ruleset of it has a simulator)."""
        return any(r.engine for r in self.rulesets)

    def has_ruleset(self, ruleset_id: object) -> bool:
        return any(r.id == ruleset_id for r in self.rulesets)

    def ruleset_or_default(self, ruleset_id: object) -> Ruleset:
        """The ruleset of that id, or the default one when it names none of the game's."""
        return next((r for r in self.rulesets if r.id == ruleset_id), self.default_ruleset)


class UnknownGame(KeyError):
    """A game id (or a game's ruleset id) that the registry does not know."""

    def __str__(self) -> str:
        return str(self.args[0])


_GAMES: dict[str, Game] = {}


def register(entry: Game) -> Game:
    """Add a game (each module of this package calls it once)."""
    if entry.id in _GAMES:
        raise ValueError(f"game {entry.id} is registered twice")
    if sum(r.default for r in entry.rulesets) != 1:
        raise ValueError(f"game {entry.id}: exactly one ruleset must be the default")
    for rs in entry.rulesets:
        kinds = {k.id for k in rs.kinds}
        for section in rs.sections:
            unknown = set(section.kinds) - kinds
            if unknown:
                raise ValueError(f"{entry.id}/{rs.id}: section {section.path} takes unknown kinds {sorted(unknown)}")
    _GAMES[entry.id] = entry
    return entry


def _load_entries() -> None:
    for module in sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")):
        importlib.import_module(f"{__name__}.{module}")


def all_games() -> list[Game]:
    """Every game, in the order the pages show them."""
    return sorted(_GAMES.values(), key=lambda g: (g.position, g.id))


def ids() -> tuple[str, ...]:
    """Every game's id, in the order the pages show them."""
    return tuple(g.id for g in all_games())


def is_game(game_id: object) -> bool:
    return isinstance(game_id, str) and game_id in _GAMES


def game(game_id: str) -> Game:
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGame(f"unknown game {game_id!r}; known: {', '.join(ids())}") from None


def ruleset(game_id: str, ruleset_id: str) -> Ruleset:
    return game(game_id).ruleset(ruleset_id)


def default_ruleset(game_id: str) -> str:
    """The id of the game's default ruleset."""
    return game(game_id).default_ruleset.id


def rulesets() -> list[tuple[Game, Ruleset]]:
    """Every (game, ruleset), games in page order."""
    return [(g, r) for g in all_games() for r in g.rulesets]


def sections(game_id: object, ruleset_id: object = None) -> tuple[Section, ...]:
    """The parts of a list of ``game_id`` that hold cards (its default ruleset's when ``ruleset_id`` is not
    one of the game's); none for an unknown game."""
    if not isinstance(game_id, str) or game_id not in _GAMES:
        return ()
    return _GAMES[game_id].ruleset_or_default(ruleset_id).sections


def section_for(game_id: object, ruleset_id: object, kind: str) -> Section | None:
    """The section a card of ``kind`` goes into."""
    return next((s for s in sections(game_id, ruleset_id) if kind in s.kinds), None)


def card_kinds(game_id: object, ruleset_id: object) -> tuple[str, ...]:
    """The catalogue kinds a list takes, in the order the builder offers them."""
    return tuple(k for s in sections(game_id, ruleset_id) for k in s.kinds)


def books() -> dict[str, Book]:
    """Every game's rulebooks, by the file the validator's sources name."""
    return {book.file: book for g in all_games() for book in g.books}


def load(ref: str) -> Any:
    """A layer's part named by dotted path: ``"pkg.module"`` (the module) or ``"pkg.module:NAME"``."""
    module_name, _sep, attribute = ref.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module


_load_entries()
