"""What the matchup layer asks of a game: its bridge from lists to its engine and back to the page.

The shared matchup machinery (``simulate/services.py``: jobs, chunks, Wilson intervals; ``simulate/plots.py``;
the replay viewer) knows no game. Everything that does lives in one bridge per (game, ruleset), a module of
``simulate/bridges/`` (``ddm.py`` for D&D Miniatures' seed rules), found through :func:`bridge_for`:

- **which lists it takes** and how a list becomes the engine's plain data (:meth:`Bridge.read_side`): the
  catalogue's cards, with the numbers a player entered for them laid over (``entered``), each card checked
  for every number the engine reads. A card lacking one is a :class:`Gap` and its list is not playable: a
  preview is refused, never played with a number nobody gave;
- **the battlefield and the battle's parameters** (:meth:`Bridge.battlefields`, :meth:`Bridge.setup`);
- **its players** (AIs): :attr:`Bridge.players`, each with the battles one chunk task should play;
- **its own figures**: what one battle adds to the tallies (:meth:`Bridge.tally`: integers only, summed
  key by key), the result's game keys made from their sums (:meth:`Bridge.result_keys`: per-creature figures,
  and e.g. D&D Miniatures' victory-point margins or Dungeon Command's morale curves), the figures drawn on the
  page (:meth:`Bridge.figures`);
- **how its battles read**: an event in words (:meth:`Bridge.describe_event`), a battle record as the replay
  viewer's frames (:meth:`Bridge.replay_frames`), the battlefield drawn (:meth:`Bridge.battlefield_svg`);
- optionally a **quick start** (:meth:`Bridge.quick_start`): two lists and a battlefield for a first preview.

``docs/engine.md`` ("A game's previews") lists the files a new game's previews are; ``tests/simulate/
test_bridges.py`` fails when a registered game lacks a piece.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import games as game_registry
from validation.core.text import Text

if TYPE_CHECKING:
    from simulate.engine.ai import Policy
    from simulate.engine.game import Result
    from validation.core import Catalogue, ListDocument

# The bridge kit: what every game's bridge builds on, imported by each as ``from simulate.bridge import *`` (one
# import surface for the bridges of simulate/bridges/, instead of the same list of names in each).
__all__ = [
    "Battlefield", "Bridge", "EnteredUse", "Figure", "Gap", "Missing", "Player", "QuickStart", "Setup", "SideReading",
    "Table", "Unplayed", "left_out_entries",
]

# A list's share of cost whose abilities the engine does not play, above which a result shows a caution.
CAUTION_SHARE = 0.25

# Numbers a player entered, per card slug: a partial card record in the catalogue's data format
# (``docs/catalogue-format.md``; e.g. ``{"level": 5, "attacks": [{"kind": "melee", "bonus": 10, "damage": 10}]}``).
Entered = Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True)
class Gap:
    """A card of a list lacking numbers the engine reads: the list cannot be played until they are given."""

    card: str  # the card's name as printed
    slug: str
    kind: str  # the catalogue kind ("creature")
    fields: tuple[Text, ...]  # what is missing, as translatable words ("level", "the number of Turn Undead")
    entries: tuple[str, ...] = ()  # JSON pointers of the list's entries that name the card

    def json(self) -> dict[str, Any]:
        return {"card": self.card, "slug": self.slug, "kind": self.kind, "fields": [str(f) for f in self.fields],
                "entries": list(self.entries)}

    def sentence(self) -> str:
        return f"{self.card} lacks {', '.join(str(f) for f in self.fields)}"


@dataclass(frozen=True)
class Missing:
    """Something a list lacks that no number can give (a Dungeon Command warband without its commander): the list
    is refused, in words a player reads, until it has it."""

    text: Text  # what is missing and why, as a sentence
    entry: str = ""  # the JSON pointer of the list's part that lacks it

    def json(self) -> dict[str, Any]:
        return {"text": str(self.text), "entry": self.entry}


@dataclass(frozen=True)
class Unplayed:
    """A card some of whose abilities the engine does not play, with its share of its list's cost."""

    card: str
    slug: str
    qty: int
    cost: int
    share: float  # cost × qty over the list's cost
    abilities: tuple[str, ...]
    # what no source gives and the engine played by a reading, which the card's owner may type in on the card's
    # numbers form (the result page links to it): "size not known: played as Medium (…)"
    unknown: tuple[Text, ...] = ()

    def json(self) -> dict[str, Any]:
        out = {"card": self.card, "slug": self.slug, "qty": self.qty, "cost": self.cost, "share": self.share,
               "abilities": list(self.abilities)}
        if self.unknown:
            out["unknown"] = [t.json() for t in self.unknown]
        return out


@dataclass(frozen=True)
class EnteredUse:
    """Numbers a player entered that a side plays with (not yet reviewed into the catalogue)."""

    card: str
    slug: str
    fields: tuple[str, ...]  # the data format's field names

    def json(self) -> dict[str, Any]:
        return {"card": self.card, "slug": self.slug, "fields": list(self.fields)}


@dataclass
class SideReading:
    """One list read by its game's bridge: the engine's plain data (when it can be played) and what it is
    made of. ``engine_list`` is None when the list has a gap or no piece to play."""

    engine_list: dict[str, Any] | None
    gaps: list[Gap] = field(default_factory=list)
    missing: list[Missing] = field(default_factory=list)  # what no number can give: a plain refusal
    left_out: list[dict[str, str]] = field(default_factory=list)  # {"entry", "card", "reason"}: not played
    unplayed: list[Unplayed] = field(default_factory=list)
    entered: list[EnteredUse] = field(default_factory=list)
    cost: int = 0  # the list's cost as played
    pieces: int = 0  # creatures (cards) the engine would field

    @property
    def playable(self) -> bool:
        return not self.gaps and not self.missing and self.engine_list is not None and self.pieces > 0

    @property
    def unplayed_share(self) -> float:
        return round(min(1.0, sum(u.share for u in self.unplayed)), 4)

    @property
    def caution(self) -> bool:
        return self.unplayed_share > CAUTION_SHARE

    def played_json(self) -> dict[str, Any]:
        """How much of the list the engine really plays (a result's ``played``, per list)."""
        return {"cost": self.cost, "unplayed_share": self.unplayed_share, "caution": self.caution,
                "creatures": [u.json() for u in self.unplayed]}


@dataclass(frozen=True)
class Player:
    """A computer player (AI) of a game: its name in requests, its label on the page, how to make one for a
    battle (``make(seed, player_index)``) and how many of its battles a chunk task plays (CPU per battle)."""

    name: str
    label: Any  # a lazily translated string
    make: Callable[[int | str, int], Policy]
    chunk: tuple[int, int] = (10, 100)


@dataclass(frozen=True)
class Battlefield:
    """A battlefield a matchup can be played on (a battle map with a layout, a tile set...)."""

    slug: str
    name: str


@dataclass(frozen=True)
class Setup:
    """The battlefield chosen and the battle's parameters, as the engine reads them."""

    battlefield: str
    layout: dict[str, Any]
    params: dict[str, Any]


@dataclass(frozen=True)
class Figure:
    """A figure on the result page: an SVG (already safe) and its caption."""

    svg: Any
    caption: str


@dataclass(frozen=True)
class Table:
    """A table of a game's own figures on the result page: a caption, column headers, rows (the first cell of a
    row heads it), and a note under it. Numbers are shown as they are."""

    caption: str
    headers: Sequence[str]
    rows: Sequence[Sequence[Any]]
    note: str = ""


@dataclass(frozen=True)
class QuickStart:
    """A ready-made first preview: two engine lists, a battlefield, the parameters, and the assumptions made
    where the source leaves a number out (shown with the result, never written into the catalogue)."""

    lists: tuple[dict[str, Any], dict[str, Any]]
    battlefield: str
    layout: dict[str, Any]
    params: dict[str, Any]
    assumptions: tuple[Text, ...]
    documents: tuple[dict[str, Any], dict[str, Any]]
    source: str
    played: Mapping[str, Any] = field(default_factory=dict)  # per list, as ``SideReading.played_json``


@runtime_checkable
class Bridge(Protocol):
    """One game's (and ruleset's) previews. See the module's docstring and ``docs/engine.md``."""

    game: str  # the list document's game
    ruleset: str  # and ruleset
    engine: str  # the engine's id in ``simulate.games.GAMES``
    players: Mapping[str, Player]
    default_player: str

    def read_side(self, doc: ListDocument, catalogue: Catalogue, entered: Entered) -> SideReading:
        """Read one checked list (``validation.core.parse_document``) against the catalogue facts, with the
        numbers a player entered laid over the catalogue's (only that player's own). Never raises for a list
        that cannot be played: its gaps and left-out entries say why."""
        ...

    def battlefields(self) -> list[Battlefield]:
        """The battlefields a matchup may be played on, in the order the form offers them."""
        ...

    def setup(self, docs: Sequence[ListDocument], battlefield: str | None) -> Setup:
        """The battlefield (``None``: the format's default) and parameters for two lists; a bad choice is an
        ``ApplicationError`` with the field ``/map``."""
        ...

    def tally(self, result: Result) -> dict[str, Any]:
        """What one battle adds to the game's own tallies: integers in nested dicts and lists, summed key by
        key (:func:`tally_sum`), so a chunk's sum does not depend on the order the battles were played in."""
        ...

    def result_keys(self, *, lists: Sequence[Mapping[str, Any]], params: Mapping[str, Any],
                    tallies: Mapping[str, Any], battles: int) -> dict[str, Any]:
        """The result's game keys (``per_creature`` and the game's own) from the summed tallies."""
        ...

    def figures(self, result: Mapping[str, Any], names: Sequence[str]) -> list[Figure]:
        """The game's own figures on the result page (the shared rates and battle length are drawn already)."""
        ...

    def tables(self, result: Mapping[str, Any], names: Sequence[str]) -> list[Table]:
        """The game's own tables on the result page, after its figures (Dungeon Command: order by order)."""
        ...

    def creature_note(self) -> str:
        """The note under the shared creature-by-creature table: what its "points earned" are in this game."""
        ...

    def describe_event(self, event: Mapping[str, Any], names: Mapping[str, str], lists: Sequence[str]) -> str:
        """One event of a battle's log in words, in the active language."""
        ...

    def replay_frames(self, record: Mapping[str, Any]) -> dict[str, Any]:
        """A battle record as the replay viewer's frames: ``{"creatures", "frames", "rounds", "lists"}``."""
        ...

    def battlefield_svg(self, layout: Mapping[str, Any], *, title: str, pieces: bool = False) -> Any:
        """The battlefield drawn (an SVG, already safe), with the pieces' layer for the replay when asked."""
        ...

    def quick_start(self) -> QuickStart | None:
        """A ready-made first preview, or None."""
        ...


def bridge_paths() -> dict[tuple[str, str], str]:
    """Where each (game, ruleset)'s bridge lives: the game registry's ``bridge`` slot (``games/<game>.py``,
    ``Ruleset(bridge="simulate.bridges.<game>:BRIDGE")``, an instance of the game's bridge class)."""
    return {(g.id, r.id): r.bridge for g, r in game_registry.rulesets() if r.bridge}


_LOADED: dict[tuple[str, str], Bridge] = {}


def bridge_for(game: str, ruleset: str) -> Bridge | None:
    """The bridge of a game and ruleset (None: it has no simulator yet). Loaded once per process."""
    key = (game, ruleset)
    if key not in _LOADED:
        where = bridge_paths().get(key)
        if where is None:
            return None
        _LOADED[key] = game_registry.load(where)
    return _LOADED[key]


def bridges() -> list[Bridge]:
    """Every registered bridge (each loaded)."""
    return [b for b in (bridge_for(g, r) for g, r in bridge_paths()) if b is not None]


def tally_sum(total: dict[str, Any], part: Mapping[str, Any]) -> dict[str, Any]:
    """Add ``part``'s tallies into ``total`` key by key: integers add, dicts merge, lists add item by item."""
    for key, value in part.items():
        if isinstance(value, Mapping):
            tally_sum(total.setdefault(key, {}), value)
        elif isinstance(value, list):
            acc = total.setdefault(key, [0] * len(value))
            acc.extend([0] * (len(value) - len(acc)))
            for i, v in enumerate(value):
                acc[i] += v
        else:
            total[key] = total.get(key, 0) + value
    return total


def left_out_entries(doc: ListDocument, outcomes: Iterable[object], played: Collection[str], *,
                     keys: Sequence[str] = ("entries",), not_found: str = "not a creature of the catalogue",
                     ) -> list[dict[str, str]]:
    """The list's lines the engine does not play (their pointer not in ``played``), each with the card it names
    and the first reason the rule check (``outcomes``) gave for that line, for a side's reading."""
    from validation.core import Finding

    reasons: dict[str, str] = {}
    for outcome in outcomes:
        if isinstance(outcome, Finding):
            for pointer in outcome.entries:
                reasons.setdefault(pointer, str(outcome.message))
    left_out = []
    for key in keys:
        for i, item in enumerate(doc.data.get(key) or []):
            pointer = f"/{key}/{i}"
            if pointer not in played:
                card = item.get("card", "") if isinstance(item, Mapping) else ""
                reason = reasons.get(f"{pointer}/card") or reasons.get(pointer) or not_found
                left_out.append({"entry": pointer, "card": str(card), "reason": reason})
    return left_out
