"""D&D Miniatures: the seeds' rules (``seed``) and the later DDM Guild rules (``ddm-guild``)."""

from __future__ import annotations

from games import Book, CardKind, Child, Collecting, Game, Ref, Ruleset, Section, TextFormat, gettext_noop, register

_M = "catalogue.models."
_CREATURES = gettext_noop("Creatures")

GAME = register(Game(
    id="ddm",
    name="D&D Miniatures",
    position=1,
    aliases=("d d miniatures", "dungeons dragons miniatures", "dnd miniatures", "ddm"),
    document_keys=frozenset({"faction", "entries", "version", "commander_zero", "battle_map", "pool", "teammates"}),
    collecting=Collecting("seed", ("miniature",), gettext_noop("figures"), via="miniature"),
    summary=gettext_noop("A warband: creatures of one faction, within the points."),
    abilities_title=gettext_noop("Special abilities"),
    converter="catalogue.convert.ddm",
    page_filters=(
        "ruleset", "kind", "faction", "set", "cost", "level", "size", "type", "commander", "unique", "version",
        "alignment", "standin",
    ),
    text=TextFormat(extra_sections=(Section("pool", ("creature",), "names", "", "Pool", ("pool",)),)),
    books=(
        Book("003_c161f482ef98045d.txt",
             gettext_noop("D&D Miniatures Game Advanced Rules, War Drums starter set (Polish edition)"), "pl"),
        Book("000_f1a34a4b6414c5f2.txt",
             gettext_noop("D&D Miniatures Game rules, War Drums starter set (Hungarian edition)"), "hu"),
        # The later rules' book is in no reachable source: the checks follow the one maintained builder.
        Book("ddm-guild.md", gettext_noop("DDM Guild warband rules, as the D&D Minis Warband Incubator checks them")),
    ),
    rulesets=(
        Ruleset(
            id="seed",
            name=gettext_noop("War Drums-era rules (seeds)"),
            default=True,
            default_format="skirmish-200",
            validator="validation.games.ddm",
            engine="simulate.games.ddm:DdmGame",
            builder="builder.games.ddm:SEED",
            line_points=True,
            kinds=(
                CardKind("miniature", gettext_noop("miniature"), _M + "DdmMiniature"),
                CardKind(
                    "creature", gettext_noop("creature"), _M + "DdmCreature", factions=True,
                    children=(
                        Child("attacks", _M + "DdmAttack", "creature"),
                        Child("spells", _M + "DdmSpell", "creature"),
                        Child("minions", _M + "DdmMinion", "creature"),
                    ),
                    refs=(Ref("miniature", "miniature", "seed"), Ref("standard_side", "creature")),
                ),
                CardKind("battle-map", gettext_noop("battle map"), _M + "DdmBattleMap"),
            ),
            sections=(
                Section("entries", ("creature",), "entries", _CREATURES, "Creatures", ("creatures", "warband"),
                        item_fields=("version", "minion_of")),
                Section("battle_map", ("battle-map",), "single", gettext_noop("Battle map")),
            ),
            blank={"entries": []},
            bridge="simulate.bridges.ddm:BRIDGE",
        ),
        Ruleset(
            id="ddm-guild",
            name=gettext_noop("DDM 2.0 / DDM Guild rules"),
            default_format="standard-200",  # the Guild's standard game; Quick is the short one
            validator="validation.games.ddm_guild",
            line_points=True,
            kinds=(
                CardKind(
                    "creature", gettext_noop("creature"), _M + "DdmGuildCreature", factions=True,
                    refs=(Ref("miniature", "miniature", "seed"),),
                ),
            ),
            sections=(
                Section("entries", ("creature",), "entries", _CREATURES, "Creatures", ("creatures", "warband")),
            ),
            blank={"entries": []},
            engine="simulate.games.ddm_guild:GuildGame",
            bridge="simulate.bridges.ddm_guild:BRIDGE",
        ),
    ),
))
