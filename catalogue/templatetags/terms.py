"""``{% load terms %}``: the catalogue's words in the reader's language (``catalogue.terms``)."""

from __future__ import annotations

from django import template

from catalogue import terms

register = template.Library()


@register.filter
def term(name: object) -> str:
    """``{{ ruleset.name|term }}``: a ruleset's or a faction's name, translated."""
    return terms.term(str(name))


@register.simple_tag
def kind_count(kind: str, n: int) -> str:
    """``{% kind_count "creature" 310 %}`` → "310 creatures", with the language's plural."""
    return terms.kind_count(kind, int(n))
