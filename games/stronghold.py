"""Stronghold, 1st edition: the attacker's plan (one ruleset, ``default``)."""

from __future__ import annotations

from games import Book, CardKind, Collecting, Game, Section, gettext_noop, only_ruleset, register

_PIECE = "catalogue.models.StrongholdPiece"
_KINDS = (
    ("unit", gettext_noop("unit")),
    ("resource", gettext_noop("resource")),
    ("machine", gettext_noop("machine")),
    ("equipment", gettext_noop("equipment")),
    ("training", gettext_noop("training")),
    ("ritual", gettext_noop("ritual")),
    ("order", gettext_noop("order")),
    ("phase-card", gettext_noop("phase-card action")),
    ("component", gettext_noop("component")),
)

GAME = register(Game(
    id="stronghold",
    name="Stronghold",
    position=4,
    aliases=("stronghold",),
    document_keys=frozenset({"faction", "plan"}),
    # actions without a piece of their own (copies 0) are not components
    collecting=Collecting("default", tuple(k for k, _label in _KINDS), gettext_noop("components"),
                          exclude={"strongholdpiece__action_only": True, "copies": 0}),
    summary=gettext_noop("An attacker’s plan for one round, phase by phase."),
    converter="catalogue.convert.stronghold",
    page_filters=("kind", "set", "side", "unit_type", "cost", "standin"),
    books=(
        Book("002_d44d61b2c33012b1.txt",
             gettext_noop("Stronghold, first edition: the attacker's rulebook (Hungarian edition)"), "hu"),
    ),
    rulesets=(
        only_ruleset(
            "stronghold", "Stronghold",
            default_format="two-player",
            cost_unit="resources",
            what_if=False,
            kinds=tuple(CardKind(k, label, _PIECE) for k, label in _KINDS),
            sections=(
                Section("plan.entries", ("machine", "equipment", "training", "ritual", "phase-card"), "actions",
                        gettext_noop("Actions, phase by phase"), "Actions", ("actions",),
                        accepts=("machine", "equipment", "training", "ritual", "phase-card", "component")),
                Section("plan.orders", ("order",), "orders", gettext_noop("Orders"), "Orders", ("orders",)),
            ),
            # The round's position and every key the format requires are filled in by the builder's
            # builder/stronghold.py (fit_plan), which knows the format's numbers and the catalogue's phase cards.
            blank={"faction": "attacker", "plan": {"kind": "round-plan", "round": 1, "entries": [], "orders": []}},
        ),
    ),
))
