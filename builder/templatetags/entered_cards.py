"""``{% card_numbers_panel card %}``: on a catalogue card's page, the way to the form where a player types in
the numbers the catalogue lacks, and the numbers this player already entered for it (marked "entered by a
player"; only their own)."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from builder.selectors_entered import entered_in_scope, request_scope
from builder.sheets import sheet_for, sheet_label

register = template.Library()


@register.inclusion_tag("entered/_panel.html", takes_context=True)
def card_numbers_panel(context: Any, card: Any) -> dict[str, Any]:
    request = context.get("request")
    game, ruleset = card.game.slug, card.ruleset.slug
    sheet = sheet_for(game, ruleset, card.kind, card.slug)
    if sheet is None or request is None:
        return {"show": False}
    entries = list(entered_in_scope(scope=request_scope(request)).filter(game=game, ruleset=ruleset, slug=card.slug))
    url = reverse("card-numbers", args=[game, ruleset, card.slug])
    order = list(dict.fromkeys([f.name for f in sheet.fields] + [g.key for g in sheet.rows]))  # the card's order
    mine = []
    for entry in entries:
        link = url + (f"?list={entry.saved_list_id}" if entry.saved_list_id else "")
        names = [n for n in order if n in entry.values] + [n for n in entry.values if n not in order]
        mine.append({"fields": [sheet_label(sheet, name) for name in names], "url": link,
                     "offered": entry.report_id is not None})
    return {"show": True, "url": url, "entries": mine, "card": card}
