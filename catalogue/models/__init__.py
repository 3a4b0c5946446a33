from __future__ import annotations

from .battlelore2 import Bl2CommandCard, Bl2LoreCard, Bl2Scenario, Bl2Terrain, Bl2Unit
from .common import (
    Card,
    CardAbility,
    CardCorrection,
    CardFormerName,
    CatalogueChange,
    CatalogueVersion,
    Faction,
    Game,
    ProductSet,
    Ruleset,
)
from .ddm import (
    DdmAttack,
    DdmBattleMap,
    DdmCreature,
    DdmGuildCreature,
    DdmMiniature,
    DdmMinion,
    DdmSpell,
    Size,
)
from .dungeon_command import DcCommander, DcCreature, DcOrder, DcTile
from .reports import CardReport
from .stronghold import StrongholdPiece

__all__ = [
    "Bl2CommandCard",
    "Bl2LoreCard",
    "Bl2Scenario",
    "Bl2Terrain",
    "Bl2Unit",
    "Card",
    "CardAbility",
    "CardCorrection",
    "CardFormerName",
    "CardReport",
    "CatalogueChange",
    "CatalogueVersion",
    "DcCommander",
    "DcCreature",
    "DcOrder",
    "DcTile",
    "DdmAttack",
    "DdmBattleMap",
    "DdmCreature",
    "DdmGuildCreature",
    "DdmMiniature",
    "DdmMinion",
    "DdmSpell",
    "Faction",
    "Game",
    "ProductSet",
    "Ruleset",
    "Size",
    "StrongholdPiece",
]
