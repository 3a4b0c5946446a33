"""Messages as English templates and parameters, so a page can show them in its reader's language.

A rule writes ``msg("The warband costs {total} points; the limit is {limit}.", total=212, limit=200)``
instead of an f-string. ``str()`` of the result is the English sentence the contract's JSON carries;
``json()`` is the template and its parameters, which a page translates (``builder.selectors_results``)
with gettext. The core stays pure: ``msg`` and ``nmsg`` are plain functions, and ``makemessages``
extracts their first arguments because ``validation/management/commands/makemessages.py`` names them
as keywords to xgettext.

- ``msg(template, **params)``: one template (``str.format`` fields, no conversions or format specs:
  a quoted name is passed already quoted, ``text=repr(text)``);
- ``nmsg(singular, plural, n, **params)``: a template with a count (gettext's ``ngettext``): ``{n}``
  is available in both forms;
- a parameter may itself be a :class:`Text` (a word of the game, a list of names joined by "and"),
  translated on its own; any other parameter (a card name, a number) is shown as it is;
- ``and_text(names)`` / ``or_text(names)``: names joined by "and" (sorted, distinct: ``"A, B and C"``)
  or by "or" (in the given order), the joining word translatable.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypedDict


class TextJSON(TypedDict, total=False):
    id: str
    params: dict[str, Any]
    plural: str
    n: int


@dataclass(frozen=True)
class Text:
    """An English message template and its parameters (see the module's docstring)."""

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str = ""
    n: int = 0

    def __str__(self) -> str:
        template = self.plural if self.plural and self.n != 1 else self.template
        return template.format(**{k: str(v) for k, v in self.params.items()})

    def json(self) -> TextJSON:
        out: TextJSON = {"id": self.template, "params": {k: text_json(v) for k, v in self.params.items()}}
        if self.plural:
            out["plural"] = self.plural
            out["n"] = self.n
        return out


def text_json(value: Any) -> Any:
    """A parameter as JSON: a nested :class:`Text` as its ``json()``, a number or a string as it is."""
    if isinstance(value, Text):
        return value.json()
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    return str(value)


def msg(template: str, /, **params: Any) -> Text:
    """A message: ``template`` (English, ``str.format`` fields) with ``params``."""
    return Text(template, params)


def nmsg(singular: str, plural: str, n: int, /, **params: Any) -> Text:
    """A message with a count ``n`` (available as ``{n}``): ``singular`` for 1, ``plural`` otherwise in English."""
    return Text(singular, {"n": n, **params}, plural, n)


def and_text(names: Iterable[Any]) -> Text | str:
    """Sorted distinct names: ``"A"``, ``"A and B"``, ``"A, B and C"``, the "and" translatable.
    A name may be a :class:`Text` ("2 goblins"): it is sorted by its English and translated on its own."""
    unique: dict[str, Any] = {}
    for n in names:
        unique.setdefault(str(n), n)
    items = [unique[k] for k in sorted(unique)]
    if len(items) <= 1:
        return items[0] if items else ""
    if all(isinstance(i, str) for i in items):
        return msg("{names} and {last}", names=", ".join(items[:-1]), last=items[-1])
    head: Text | str = items[0]
    for item in items[1:-1]:
        head = msg("{first}, {rest}", first=head, rest=item)
    return msg("{names} and {last}", names=head, last=items[-1])


def or_text(names: Iterable[Any]) -> Text | str:
    """Names in the given order joined by "or": ``"A"``, ``"A or B"``, ``"A or B or C"``."""
    items = [n if isinstance(n, Text) else str(n) for n in names]
    if not items:
        return ""
    out: Text | str = items[-1]
    for item in reversed(items[:-1]):
        out = msg("{first} or {rest}", first=item, rest=out)
    return out


def semicolon_text(parts: list[Text]) -> Text | str:
    """Parts joined by "; " (changes to make, in a hint)."""
    if not parts:
        return ""
    out: Text = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg("{first}; {rest}", first=part, rest=out)
    return out
