"""The books the rules come from, as a player names them: a rule's ``Source`` cites a seed file (the
machine-readable reference the API keeps), and a page cites the book, its sections and pages.

A rule's docstring ends ``Source: <file>, <section>; <section>; ...``. Each section is written as the
book heads it, in the book's language; ``(p. 6)`` gives the page where the book says it. Anything else
in parentheses, a part that starts with a lower-case word ("each action's Költség") and a part naming
one of our digests (``battlelore2.md §3.2``) are notes for developers: a page leaves them out (a part
naming a digest is shown as "a reading the book does not state"). A file that is not a book (our own
contracts, a stand-in) has no citation: the page shows none.

:func:`citation` reads a :class:`Source` into a :class:`Citation`; its ``json()`` is what a page gets
(``finding_json(..., texts=True)``) and renders in the reader's language with gettext (the book's title
and "p." are templates; the sections stay as the book prints them, marked with the book's language). The
books themselves are the game registry's (``games.Game.books``): the catalogue's pages name them too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypedDict

import games
from validation.core.result import Source
from validation.core.text import Text, TextJSON


@dataclass(frozen=True)
class Book:
    title: Text  # the book as a player would ask for it, in English (a template: translated on the page)
    language: str  # the language of the copy the rules follow ("" when it is not a printed book)


def _books() -> dict[str, Book]:
    """The game registry's rulebooks (``games.Game.books``), their titles as templates a page translates."""
    return {file: Book(Text(book.title), book.language) for file, book in games.books().items()}


_PAGE = re.compile(r"\(\s*p\.\s*(\d+(?:\s*[–-]\s*\d+)?)\s*\)")
_NOTE = re.compile(r"\s*\([^()]*\)")
_DIGEST = re.compile(r"\b[\w-]+\.(?:md|txt|java|py|json|xml)\b|§")


class CitationPartJSON(TypedDict, total=False):
    section: str
    page: str


class CitationJSON(TypedDict):
    book: TextJSON
    lang: str
    parts: list[CitationPartJSON]
    reading: bool


@dataclass(frozen=True)
class Citation:
    book: Book
    parts: tuple[tuple[str, str], ...]  # (section as the book heads it, page or "")
    reading: bool  # part of the rule is a reading the book does not state

    def json(self) -> CitationJSON:
        parts: list[CitationPartJSON] = []
        for section, page in self.parts:
            part: CitationPartJSON = {"section": section}
            if page:
                part["page"] = page
            parts.append(part)
        return {"book": self.book.title.json(), "lang": self.book.language, "parts": parts, "reading": self.reading}


def _part(text: str) -> tuple[str, str] | None:
    """One ``;``-separated part of a section: ``(section, page)``, or None when it is a developer's note."""
    pages = [re.sub(r"\s+", "", m) for m in _PAGE.findall(text)]
    text = _NOTE.sub("", _PAGE.sub("", text))
    text = re.sub(r"\s+([,:])", r"\1", re.sub(r"\s+", " ", text)).strip(" ,:.")
    if not text or text[0].islower():
        return None
    return text, ", ".join(pages)


def citation(source: Source | None) -> Citation | None:
    """The book, sections and pages ``source`` cites, or None when it cites no book."""
    books = _books()
    if source is None or source.file not in books:
        return None
    parts: list[tuple[str, str]] = []
    reading = False
    for raw in source.section.split(";"):
        if _DIGEST.search(_NOTE.sub("", raw)):
            reading = True
            continue
        part = _part(raw)
        if part is not None and part not in parts:
            parts.append(part)
    return Citation(books[source.file], tuple(parts), reading)
