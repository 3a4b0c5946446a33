"""BattleLore Second Edition: one ruleset (``default``)."""

from __future__ import annotations

from games import Book, CardKind, Collecting, Game, Section, gettext_noop, only_ruleset, register

_M = "catalogue.models."

GAME = register(Game(
    id="battlelore2",
    name="BattleLore Second Edition",
    position=3,
    aliases=("battlelore second edition", "battlelore 2e", "battlelore 2", "battlelore", "battlelore2", "bl2"),
    document_keys=frozenset({"faction", "entries", "deployment", "command_tent", "opponent", "scenario", "hand",
                             "campaign"}),
    collecting=Collecting("default", ("unit",), gettext_noop("units"), per_copy="bl2unit__deployment_cards_per_copy"),
    converter="catalogue.convert.battlelore2",
    page_filters=("kind", "faction", "set", "cost", "unit_type", "combat_type", "standin"),
    summary=gettext_noop("An army: recruit units, then place them and the command tent on the deployment map."),
    books=(
        Book("004_accb02bc63915dff.txt",
             gettext_noop("BattleLore Second Edition Reference Guide (Hungarian edition)"), "hu"),
    ),
    rulesets=(
        only_ruleset(
            "battlelore2", "BattleLore Second Edition",
            default_format="standard",
            line_points=True,
            kinds=(
                CardKind("unit", gettext_noop("unit"), _M + "Bl2Unit", factions=True),
                CardKind("command-card", gettext_noop("command card"), _M + "Bl2CommandCard"),
                CardKind("lore-card", gettext_noop("lore card"), _M + "Bl2LoreCard"),
                CardKind("terrain", gettext_noop("terrain"), _M + "Bl2Terrain"),
                CardKind("scenario", gettext_noop("scenario"), _M + "Bl2Scenario"),
            ),
            sections=(
                Section("entries", ("unit",), "entries", gettext_noop("Units recruited"), "Units", ("units", "army")),
                Section("deployment", (), "deployment", gettext_noop("Deployment map"), "Deployment", ("deployment",),
                        accepts=("unit",)),
                Section("scenario", ("scenario",), "single", gettext_noop("Scenario")),
            ),
            blank={"entries": []},
        ),
    ),
))
