"""BattleLore Second Edition: one ruleset (``default``)."""

from __future__ import annotations

from games import CardKind, Collecting, Game, Ruleset, Section, gettext_noop, register

_M = "catalogue.models."

GAME = register(Game(
    id="battlelore2",
    name="BattleLore Second Edition",
    position=3,
    aliases=("battlelore second edition", "battlelore 2e", "battlelore 2", "battlelore", "battlelore2", "bl2"),
    document_keys=frozenset({"faction", "entries", "deployment", "command_tent", "opponent", "scenario", "hand",
                             "campaign"}),
    collecting=Collecting("default", ("unit",)),
    converter="catalogue.convert.battlelore2",
    page_filters=("kind", "faction", "set", "cost", "unit_type", "combat_type", "standin"),
    rulesets=(
        Ruleset(
            id="default",
            name="BattleLore Second Edition",
            default=True,
            default_format="standard",
            validator="validation.games.battlelore2",
            kinds=(
                CardKind("unit", gettext_noop("unit"), _M + "Bl2Unit"),
                CardKind("command-card", gettext_noop("command card"), _M + "Bl2CommandCard"),
                CardKind("lore-card", gettext_noop("lore card"), _M + "Bl2LoreCard"),
                CardKind("terrain", gettext_noop("terrain"), _M + "Bl2Terrain"),
                CardKind("scenario", gettext_noop("scenario"), _M + "Bl2Scenario"),
            ),
            sections=(
                Section("entries", ("unit",), "entries", gettext_noop("Units recruited"), "Units", ("units", "army")),
                Section("deployment", (), "deployment", gettext_noop("Deployment map"), "Deployment", ("deployment",)),
                Section("scenario", ("scenario",), "single", gettext_noop("Scenario")),
            ),
            blank={"entries": []},
        ),
    ),
))
