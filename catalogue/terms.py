"""Words of the catalogue's data that a page shows in the reader's language: a ruleset's and a faction's
name, and how many cards of a kind ("310 creatures", "1 battle map") with the language's plural forms.

The data keeps its English names (the API and the list documents use them); these tables translate them for
the pages. A name not listed is shown as the data gives it. Card and set names are never translated: they
are what players type and search for.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop, ngettext

# Names the catalogue's data (catalogue/data/games.json) gives rulesets and factions.
NAMES = frozenset({
    gettext_noop("War Drums-era rules (seeds)"), gettext_noop("DDM 2.0 / DDM Guild rules"),
    gettext_noop("Lawful Good"), gettext_noop("Chaotic Good"), gettext_noop("Lawful Evil"),
    gettext_noop("Chaotic Evil"),
    gettext_noop("Borderlands"), gettext_noop("Civilization"), gettext_noop("Underdark"), gettext_noop("Wild"),
    gettext_noop("Neutral"), gettext_noop("Attacker"), gettext_noop("Defender"),
})


def term(name: str) -> str:
    """A ruleset's or a faction's name in the reader's language (as the data gives it when not listed)."""
    return gettext(name) if name in NAMES else name


def kind_count(kind: str, n: int) -> str:
    """``310 creatures``, ``1 battle map``: a count of a card kind with the plural the language needs."""
    forms = {
        "creature": lambda: ngettext("%(n)s creature", "%(n)s creatures", n),
        "battle-map": lambda: ngettext("%(n)s battle map", "%(n)s battle maps", n),
        "miniature": lambda: ngettext("%(n)s figure", "%(n)s figures", n),
        "commander": lambda: ngettext("%(n)s commander", "%(n)s commanders", n),
        "order": lambda: ngettext("%(n)s order card", "%(n)s order cards", n),
        "tile": lambda: ngettext("%(n)s tile", "%(n)s tiles", n),
        "unit": lambda: ngettext("%(n)s unit", "%(n)s units", n),
        "command-card": lambda: ngettext("%(n)s command card", "%(n)s command cards", n),
        "lore-card": lambda: ngettext("%(n)s lore card", "%(n)s lore cards", n),
        "terrain": lambda: ngettext("%(n)s terrain tile", "%(n)s terrain tiles", n),
        "scenario": lambda: ngettext("%(n)s scenario", "%(n)s scenarios", n),
        "resource": lambda: ngettext("%(n)s resource", "%(n)s resources", n),
        "machine": lambda: ngettext("%(n)s machine", "%(n)s machines", n),
        "equipment": lambda: ngettext("%(n)s equipment tile", "%(n)s equipment tiles", n),
        "training": lambda: ngettext("%(n)s training tile", "%(n)s training tiles", n),
        "ritual": lambda: ngettext("%(n)s ritual", "%(n)s rituals", n),
        "phase-card": lambda: ngettext("%(n)s phase card", "%(n)s phase cards", n),
        "component": lambda: ngettext("%(n)s other component", "%(n)s other components", n),
    }
    form = forms.get(kind)
    return form() % {"n": n} if form is not None else f"{n} {kind}"
