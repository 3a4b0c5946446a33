"""Rules, formats and games as data, found by id.

- A **rule** is a small function registered under its rule id with :func:`rule`; its docstring says
  what it checks and ends with ``Source: <seed file>, <section>``. It declares the parameters it reads
  (:class:`Param`: a name from the digest, a type with bounds, a default).
- A **format** is data: the rule ids in force and a flat mapping of parameter values, keyed by
  (game, ruleset, format id). ``free`` names the parameters a list may set in its ``params``.
- A **format family** builds formats whose id carries a number (``skirmish-<N>``).
- A **ruleset** ties it together: the list document's keys, how to read a list against the catalogue
  (``prepare``), the totals, the formats.

A game module (``validation/games/<game>.py``) registers its rulesets when imported; the game registry
(``games``) names each ruleset's module (``Ruleset.validator``), so a new game is its module plus its
registry entry and nothing here changes.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import games as game_registry
from validation.core.facts import Catalogue
from validation.core.result import Outcome, Source
from validation.core.schema import Errors, Obj, Schema
from validation.core.text import Text

Params = Mapping[str, Any]
RuleCheck = Callable[[Any, Params], Iterable[Outcome]]


@dataclass(frozen=True)
class Param:
    """A rule's parameter: the digest's name, its type and bounds (a :class:`Schema`), its default; ``doc``
    says what it means (a ``msg`` where a page shows it: a format's free parameters)."""

    name: str
    schema: Schema
    default: Any
    doc: str | Text


@dataclass(frozen=True)
class Rule:
    id: str
    check: RuleCheck
    params: tuple[Param, ...]
    source: Source
    summary: str
    doc: str


RULES: dict[str, Rule] = {}

_SOURCE_LINE = re.compile(r"^\s*Source:\s*(?P<file>[^,]+?),\s*(?P<section>.+?)\s*$", re.MULTILINE | re.DOTALL)


def _source_from_doc(rule_id: str, doc: str) -> Source:
    lines = [line.strip() for line in doc.strip().splitlines()]
    for index, line in enumerate(lines):
        if line.startswith("Source:"):
            text = " ".join(part for part in lines[index:] if part)
            match = _SOURCE_LINE.match(text)
            if match:
                return Source(match["file"].strip(), match["section"].strip())
    raise ValueError(f"rule {rule_id}: the docstring must end with 'Source: <file>, <section>'")


def rule(rule_id: str, *params: Param) -> Callable[[RuleCheck], RuleCheck]:
    """Register ``func`` as the check of ``rule_id``; its docstring names its source."""

    def register(func: RuleCheck) -> RuleCheck:
        if rule_id in RULES:
            raise ValueError(f"rule {rule_id} is registered twice")
        doc = inspect.getdoc(func) or ""
        source = _source_from_doc(rule_id, doc)
        summary = doc.split("\n\n", 1)[0].replace("\n", " ").strip()
        RULES[rule_id] = Rule(rule_id, func, tuple(params), source, summary, doc)
        return func

    return register


@dataclass(frozen=True)
class Format:
    """``name`` and ``description`` are English; a ``msg`` (``Text``) lets the pages translate them."""

    game: str
    ruleset: str
    id: str
    name: str | Text
    description: str | Text
    rules: tuple[str, ...]
    params: Mapping[str, Any]
    free: tuple[str, ...] = ()
    source: Source | None = None

    def declared(self) -> dict[str, Param]:
        """Every parameter its rules read, by name."""
        out: dict[str, Param] = {}
        for rule_id in self.rules:
            for p in RULES[rule_id].params:
                out.setdefault(p.name, p)
        return out

    def resolved(self, overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Defaults, then the format's values, then a list's own values for free parameters."""
        out = {name: p.default for name, p in self.declared().items()}
        out.update(self.params)
        out.update(overrides or {})
        return out


@dataclass(frozen=True)
class FormatFamily:
    """Formats whose id is ``<prefix><N>`` for a whole number N within bounds."""

    prefix: str
    pattern: str  # "skirmish-<N>"
    description: str | Text
    min: int
    max: int
    build: Callable[[int], Format]
    example: int
    name: str | Text = ""  # how a page offers it ("Assault, another size"); default: the pattern

    def parse(self, format_id: str) -> int | None:
        rest = format_id[len(self.prefix) :] if format_id.startswith(self.prefix) else ""
        if not rest.isdigit() or (len(rest) > 1 and rest.startswith("0")) or len(rest) > 6:
            return None
        return int(rest)


class Prepare(Protocol):
    def __call__(
        self, doc: Any, catalogue: Catalogue, fmt: Format, params: Params
    ) -> tuple[Any, list[Outcome]]: ...


@dataclass
class RulesetSpec:
    """One game's ruleset: its list document, how a list is read, its totals and formats.

    ``document`` lists the top-level keys of this game's list document besides the common ones
    (``game``, ``ruleset``, ``format``, ``name``, ``notes``, ``params``). ``format_keys`` checks keys
    a format needs (a box for ``faction-box``) after the document's shape is known to be right.
    ``prepare`` reads a checked document against the catalogue: it returns the context the rules
    read and the findings of reading (unknown cards, ...). ``totals`` returns the numbers a player
    watches while building.
    """

    game: str
    id: str
    name: str
    document: Obj
    prepare: Prepare
    totals: Callable[[Any, Params], dict[str, Any]]
    default: bool = False
    format_keys: Callable[[Format, dict[str, Any], Errors], None] | None = None
    formats: dict[str, Format] = field(default_factory=dict)
    families: list[FormatFamily] = field(default_factory=list)

    def add_format(self, fmt: Format) -> None:
        check_format(fmt)
        if fmt.id in self.formats:
            raise ValueError(f"format {fmt.game}/{fmt.ruleset}/{fmt.id} is registered twice")
        self.formats[fmt.id] = fmt

    def add_family(self, family: FormatFamily) -> None:
        check_format(family.build(family.example))
        self.families.append(family)

    def find_format(self, format_id: str) -> Format | None:
        if format_id in self.formats:
            return self.formats[format_id]
        for family in self.families:
            n = family.parse(format_id)
            if n is not None and family.min <= n <= family.max:
                return family.build(n)
        return None

    def format_ids(self) -> list[str]:
        return [*self.formats, *(f.pattern for f in self.families)]


def check_format(fmt: Format) -> None:
    """A format names only registered rules of its game, and only parameters those rules read."""
    for rule_id in fmt.rules:
        if rule_id not in RULES:
            raise ValueError(f"format {fmt.id}: unknown rule {rule_id}")
    declared = fmt.declared()
    for name in [*fmt.params, *fmt.free]:
        if name not in declared:
            raise ValueError(f"format {fmt.id}: no rule of the format reads the parameter {name}")


GAMES: dict[str, dict[str, RulesetSpec]] = {}


def register_ruleset(spec: RulesetSpec) -> RulesetSpec:
    rulesets = GAMES.setdefault(spec.game, {})
    if spec.id in rulesets:
        raise ValueError(f"ruleset {spec.game}/{spec.id} is registered twice")
    rulesets[spec.id] = spec
    return spec


_loaded = False


def load_games() -> None:
    """Import every ruleset's module the game registry names, once: each registers itself. The rulesets are
    then kept in the registry's order (the order of every page and message)."""
    global _loaded
    if not _loaded:
        for _game, ruleset in game_registry.rulesets():
            importlib.import_module(ruleset.validator)
        order = {g: i for i, g in enumerate(game_registry.ids())}
        ordered = sorted(GAMES.items(), key=lambda item: order.get(item[0], len(order)))
        GAMES.clear()
        GAMES.update(ordered)
        _loaded = True


def games() -> dict[str, dict[str, RulesetSpec]]:
    load_games()
    return GAMES


def default_ruleset(game: str) -> str:
    rulesets = games()[game]
    for spec in rulesets.values():
        if spec.default:
            return spec.id
    return next(iter(rulesets))


def ruleset_spec(game: str, ruleset: str) -> RulesetSpec:
    return games()[game][ruleset]
