"""Dungeon Command: one ruleset (``default``)."""

from __future__ import annotations

from games import AsItComes, Book, CardKind, Collecting, Game, Ruleset, Section, gettext_noop, register

_M = "catalogue.models."

GAME = register(Game(
    id="dungeon-command",
    name="Dungeon Command",
    position=2,
    aliases=("dungeon command", "dc"),
    document_keys=frozenset({"faction", "entries", "orders", "commanders", "tiles", "box", "symbol"}),
    collecting=Collecting("default", ("creature", "order", "commander", "tile"),
                          gettext_noop("cards: creatures, orders, commanders, tiles")),
    converter="catalogue.convert.dungeon_command",
    page_filters=("kind", "faction", "set", "level", "icon", "action_type", "standin"),
    summary=gettext_noop("A creature deck, an order deck and a commander."),
    abilities_title=gettext_noop("Powers"),
    one_name_one_card=True,
    books=(
        Book("001_2362fc22da385df6.txt", gettext_noop("Dungeon Command rulebook (Russian edition)"), "ru"),
    ),
    rulesets=(
        Ruleset(
            id="default",
            name="Dungeon Command",
            default=True,
            default_format="custom",
            validator="validation.games.dungeon_command",
            engine="simulate.games.dungeon_command:DcGame",
            bridge="simulate.bridges.dungeon_command:BRIDGE",
            builder="builder.games.dungeon_command:PANEL",
            kinds=(
                CardKind("creature", gettext_noop("creature"), _M + "DcCreature", factions=True),
                CardKind("order", gettext_noop("order"), _M + "DcOrder", factions=True),
                CardKind("commander", gettext_noop("commander"), _M + "DcCommander", factions=True),
                CardKind("tile", gettext_noop("tile"), _M + "DcTile"),
            ),
            sections=(
                Section("commanders", ("commander",), "names", gettext_noop("Commander"), "Commander",
                        ("commander", "commanders")),
                Section("entries", ("creature",), "entries", gettext_noop("Creature deck"), "Creatures",
                        ("creatures", "creature deck")),
                Section("orders", ("order",), "entries", gettext_noop("Order deck"), "Orders",
                        ("orders", "order deck")),
            ),
            blank={"entries": [], "orders": [], "commanders": []},
            as_it_comes=AsItComes("faction-box", "box"),  # a faction pack is a ready warband (rulebook p. 3)
        ),
    ),
))
