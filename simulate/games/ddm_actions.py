"""The decisions of a D&D Miniatures battle (``ddm.md`` §5, §6.2): each a frozen dataclass with a ``kind``, so the
history of a battle is its replay log (``to_json`` / ``DdmGame.action_from_json``).

Each class's ``kind`` is set after its body, not as a ``ClassVar`` in it: mypyc (mypyc/mypyc#1122) would make a
ClassVar in a dataclass body a dataclass field."""

from __future__ import annotations

from dataclasses import dataclass

from simulate.engine.game import Action


@dataclass(frozen=True)
class ChooseMap(Action):
    index: int
ChooseMap.kind = "choose-map"


@dataclass(frozen=True)
class ChooseDeployFirst(Action):
    player: int
ChooseDeployFirst.kind = "deploy-first"


@dataclass(frozen=True)
class ChooseStartArea(Action):
    letter: str
ChooseStartArea.kind = "start-area"


@dataclass(frozen=True)
class Deploy(Action):
    creature: str
    x: int
    y: int
Deploy.kind = "deploy"


@dataclass(frozen=True)
class ChooseFirstPlayer(Action):
    player: int
ChooseFirstPlayer.kind = "first-player"


@dataclass(frozen=True)
class Activate(Action):
    creature: str
Activate.kind = "activate"


@dataclass(frozen=True)
class Move(Action):
    """Move along ``path`` (the anchor squares stepped into, in order), or to ``to`` along the path the engine
    picks (cheapest, then leaving the fewest threatened squares; deterministic, so replays agree)."""

    path: tuple[tuple[int, int], ...] = ()
    burrow: bool = False
    to: tuple[int, int] | None = None

    @property
    def destination(self) -> tuple[int, int] | None:
        return self.path[-1] if self.path else self.to
Move.kind = "move"


@dataclass(frozen=True)
class Attack(Action):
    """One attack with the card's attack number ``attack`` (an index into its attacks, melee then ranged
    in printed order) against ``target``. ``declare`` names limited abilities used on it: "smite",
    "stunning", "death-attack" (§13: declared before the roll)."""

    attack: int
    target: str
    declare: tuple[str, ...] = ()
Attack.kind = "attack"


@dataclass(frozen=True)
class Charge(Action):
    target: str
    path: tuple[tuple[int, int], ...]
    attack: int
    declare: tuple[str, ...] = ()
Charge.kind = "charge"


@dataclass(frozen=True)
class Cast(Action):
    """Cast spell number ``spell`` on ``target`` (a creature id), or at square (x, y) for a teleport or a
    template's placement (the radius template's 2×2 hole anchor)."""

    spell: int
    target: str = ""
    x: int = -1
    y: int = -1
    aim: str = ""  # cones and lines: "cone:px,py,dx,dy" / "line:px,py,qx,qy" (corner points)
Cast.kind = "cast"


@dataclass(frozen=True)
class UseAbility(Action):
    name: str
    target: str = ""
    x: int = -1
    y: int = -1
    aim: str = ""
UseAbility.kind = "ability"


@dataclass(frozen=True)
class Teleport(Action):
    x: int
    y: int
Teleport.kind = "teleport"


@dataclass(frozen=True)
class EndTurn(Action):
    pass
EndTurn.kind = "end-turn"


ACTION_CLASSES: tuple[type[Action], ...] = (
    ChooseMap, ChooseDeployFirst, ChooseStartArea, Deploy, ChooseFirstPlayer, Activate, Move, Attack, Charge,
    Cast, UseAbility, Teleport, EndTurn,
)
