"""The decisions of a D&D Miniatures battle (``ddm.md`` §5, §6.2): each a frozen dataclass with a ``kind``, so the
history of a battle is its replay log (``to_json`` / ``DdmGame.action_from_json``).

Each class's ``kind`` is set from one table after the classes (``ACTION_KINDS``: the replay log's vocabulary), not
as a ``ClassVar`` in its body: mypyc (mypyc/mypyc#1122) would make a ClassVar in a dataclass body a dataclass field."""

from __future__ import annotations

from dataclasses import dataclass

from simulate.engine.game import Action


@dataclass(frozen=True)
class ChooseMap(Action):
    index: int


@dataclass(frozen=True)
class ChooseDeployFirst(Action):
    player: int


@dataclass(frozen=True)
class ChooseStartArea(Action):
    letter: str


@dataclass(frozen=True)
class Deploy(Action):
    creature: str
    x: int
    y: int


@dataclass(frozen=True)
class ChooseFirstPlayer(Action):
    player: int


@dataclass(frozen=True)
class Activate(Action):
    creature: str


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


@dataclass(frozen=True)
class Attack(Action):
    """One attack with the card's attack number ``attack`` (an index into its attacks, melee then ranged
    in printed order) against ``target``. ``declare`` names limited abilities used on it: "smite",
    "stunning", "death-attack" (§13: declared before the roll)."""

    attack: int
    target: str
    declare: tuple[str, ...] = ()


@dataclass(frozen=True)
class Charge(Action):
    target: str
    path: tuple[tuple[int, int], ...]
    attack: int
    declare: tuple[str, ...] = ()


@dataclass(frozen=True)
class Cast(Action):
    """Cast spell number ``spell`` on ``target`` (a creature id), or at square (x, y) for a teleport or a
    template's placement (the radius template's 2×2 hole anchor)."""

    spell: int
    target: str = ""
    x: int = -1
    y: int = -1
    aim: str = ""  # cones and lines: "cone:px,py,dx,dy" / "line:px,py,qx,qy" (corner points)


@dataclass(frozen=True)
class UseAbility(Action):
    name: str
    target: str = ""
    x: int = -1
    y: int = -1
    aim: str = ""


@dataclass(frozen=True)
class Teleport(Action):
    x: int
    y: int


@dataclass(frozen=True)
class EndTurn(Action):
    pass


ACTION_KINDS: dict[type[Action], str] = {
    ChooseMap: "choose-map", ChooseDeployFirst: "deploy-first", ChooseStartArea: "start-area", Deploy: "deploy",
    ChooseFirstPlayer: "first-player", Activate: "activate", Move: "move", Attack: "attack", Charge: "charge",
    Cast: "cast", UseAbility: "ability", Teleport: "teleport", EndTurn: "end-turn",
}
ACTION_CLASSES: tuple[type[Action], ...] = tuple(ACTION_KINDS)
for _cls, _kind in ACTION_KINDS.items():
    _cls.kind = _kind
