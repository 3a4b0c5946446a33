"""The decisions of a D&D Miniatures battle (``ddm.md`` §5, §6.2): each a value with a ``kind``, so the history of a
battle is its replay log (``to_json`` / ``DdmGame.action_from_json``).

Plain classes, not frozen dataclasses: compiled, a plain class's constructor is native, where a dataclass's generated
``__init__`` stays interpreted and a frozen one sets each field through ``object.__setattr__`` — the heuristic player
makes a few dozen actions a battle, and that was a twentieth of a short battle's time. They behave as the dataclasses
did: fields in ``FIELDS`` (the replay log's order), equal when of one class with equal fields, hashed as the tuple of
their fields, shown as ``Deploy(creature='a1', x=2, y=0)``, and never changed once made (``Final``: mypy refuses an
assignment).

Each class's ``kind`` is set from one table after the classes (``ACTION_KINDS``: the replay log's vocabulary)."""

from __future__ import annotations

from typing import Final

from simulate.engine.game import Action


class _Decision(Action):
    """What every decision shares: equality, hashing and ``repr`` by its fields, as a frozen dataclass has."""

    def values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.field_names())

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Decision)
        return self.values() == other.values()

    def __ne__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Decision)
        return self.values() != other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.field_names())
        return f"{type(self).__name__}({shown})"


class ChooseMap(_Decision):
    FIELDS = ("index",)

    def __init__(self, index: int) -> None:
        self.index: Final = index


class ChooseDeployFirst(_Decision):
    FIELDS = ("player",)

    def __init__(self, player: int) -> None:
        self.player: Final = player


class ChooseStartArea(_Decision):
    FIELDS = ("letter",)

    def __init__(self, letter: str) -> None:
        self.letter: Final = letter


class Deploy(_Decision):
    FIELDS = ("creature", "x", "y")

    def __init__(self, creature: str, x: int, y: int) -> None:
        self.creature: Final = creature
        self.x: Final = x
        self.y: Final = y


class ChooseFirstPlayer(_Decision):
    FIELDS = ("player",)

    def __init__(self, player: int) -> None:
        self.player: Final = player


class Activate(_Decision):
    FIELDS = ("creature",)

    def __init__(self, creature: str) -> None:
        self.creature: Final = creature


class Move(_Decision):
    """Move along ``path`` (the anchor squares stepped into, in order), or to ``to`` along the path the engine
    picks (cheapest, then leaving the fewest threatened squares; deterministic, so replays agree)."""

    FIELDS = ("path", "burrow", "to")

    def __init__(self, path: tuple[tuple[int, int], ...] = (), burrow: bool = False,
                 to: tuple[int, int] | None = None) -> None:
        self.path: Final = path
        self.burrow: Final = burrow
        self.to: Final = to

    @property
    def destination(self) -> tuple[int, int] | None:
        return self.path[-1] if self.path else self.to


class Attack(_Decision):
    """One attack with the card's attack number ``attack`` (an index into its attacks, melee then ranged
    in printed order) against ``target``. ``declare`` names limited abilities used on it: "smite",
    "stunning", "death-attack" (§13: declared before the roll)."""

    FIELDS = ("attack", "target", "declare")

    def __init__(self, attack: int, target: str, declare: tuple[str, ...] = ()) -> None:
        self.attack: Final = attack
        self.target: Final = target
        self.declare: Final = declare


class Charge(_Decision):
    FIELDS = ("target", "path", "attack", "declare")

    def __init__(self, target: str, path: tuple[tuple[int, int], ...], attack: int,
                 declare: tuple[str, ...] = ()) -> None:
        self.target: Final = target
        self.path: Final = path
        self.attack: Final = attack
        self.declare: Final = declare


class Cast(_Decision):
    """Cast spell number ``spell`` on ``target`` (a creature id), or at square (x, y) for a teleport or a
    template's placement (the radius template's 2×2 hole anchor)."""

    FIELDS = ("spell", "target", "x", "y", "aim")

    def __init__(self, spell: int, target: str = "", x: int = -1, y: int = -1, aim: str = "") -> None:
        self.spell: Final = spell
        self.target: Final = target
        self.x: Final = x
        self.y: Final = y
        self.aim: Final = aim  # cones and lines: "cone:px,py,dx,dy" / "line:px,py,qx,qy" (corner points)


class UseAbility(_Decision):
    FIELDS = ("name", "target", "x", "y", "aim")

    def __init__(self, name: str, target: str = "", x: int = -1, y: int = -1, aim: str = "") -> None:
        self.name: Final = name
        self.target: Final = target
        self.x: Final = x
        self.y: Final = y
        self.aim: Final = aim


class Teleport(_Decision):
    FIELDS = ("x", "y")

    def __init__(self, x: int, y: int) -> None:
        self.x: Final = x
        self.y: Final = y


class EndTurn(_Decision):
    FIELDS = ()


ACTION_KINDS: dict[type[Action], str] = {
    ChooseMap: "choose-map", ChooseDeployFirst: "deploy-first", ChooseStartArea: "start-area", Deploy: "deploy",
    ChooseFirstPlayer: "first-player", Activate: "activate", Move: "move", Attack: "attack", Charge: "charge",
    Cast: "cast", UseAbility: "ability", Teleport: "teleport", EndTurn: "end-turn",
}
ACTION_CLASSES: tuple[type[Action], ...] = tuple(ACTION_KINDS)
for _cls, _kind in ACTION_KINDS.items():
    _cls.kind = _kind
