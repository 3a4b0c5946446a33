"""Dungeon Command's decisions: every choice a player makes is one of these actions (``docs/engine.md``).

Creatures are named by id: player 1's creature cards ``a1``…``a12`` in list order, player 2's ``b1``…; order
cards ``a-o1``… likewise. Squares are ``(x, y)``. ``PlayOrder`` and ``UsePower`` carry every target the card
names when it is played (``dungeon-command.md`` §7.2: targets are chosen when the action is declared); where a
card moves a creature, the square is chosen when that step resolves (a :class:`Choose`).
"""

from __future__ import annotations

from dataclasses import dataclass

from simulate.engine.game import Action

Sq = tuple[int, int]
NOWHERE: Sq = (-1, -1)


@dataclass(frozen=True)
class FirstPlayer(Action):
    """The winner of the die roll chooses who deploys first, and so plays first (§5.1)."""

    first: int


@dataclass(frozen=True)
class Deploy(Action):
    """Deploy a creature card from the hand (or, for a Zombie, from the graveyard) on a square (§5.4, §6.3)."""

    card: str
    square: Sq


@dataclass(frozen=True)
class EndDeploy(Action):
    """Done deploying (the starting creatures, the Deploy phase, or the Horde's deployment in Refresh)."""


@dataclass(frozen=True)
class Activate(Action):
    """Activate a creature that has not activated this turn (§6.2)."""

    creature: str


@dataclass(frozen=True)
class EndActivation(Action):
    """Done with the active creature (its move and standard action need not be used)."""


@dataclass(frozen=True)
class EndPhase(Action):
    """End the Activate phase (creatures not activated stay where they are)."""


@dataclass(frozen=True)
class Move(Action):
    """The activation's one move (§6.5): the engine walks the cheapest path to ``to``."""

    creature: str
    to: Sq


@dataclass(frozen=True)
class Attack(Action):
    """A creature's own melee or ranged attack: a standard action that taps it (§10)."""

    creature: str
    target: str
    ranged: bool = False


@dataclass(frozen=True)
class Collect(Action):
    """Collect 1 treasure token: a standard action, +1 Morale (§11.3); ``draw``: Sellsword's card instead."""

    creature: str
    draw: bool = False


@dataclass(frozen=True)
class PlayOrder(Action):
    """Play an order card on a creature you control (§8), during its activation or as a response."""

    card: str
    creature: str
    target: str = ""
    source: int = 0  # the stack item a prevention answers
    square: Sq = NOWHERE
    option: int = 0  # "X. OR Y.": which one
    ally: str = ""
    ranged: bool = False  # "a melee or ranged attack": which one
    assistants: tuple[str, ...] = ()


@dataclass(frozen=True)
class UsePower(Action):
    """Use a power: the creature's own, or one an attached card or the commander gives it (§9)."""

    creature: str
    power: str
    target: str = ""
    source: int = 0
    square: Sq = NOWHERE
    option: int = 0


@dataclass(frozen=True)
class Pass(Action):
    """No response: let the top of the stack resolve (§7.4)."""


@dataclass(frozen=True)
class Cower(Action):
    """A creature about to take damage: cower (lose Morale instead, §11.2) or take it."""

    cower: bool


@dataclass(frozen=True)
class Choose(Action):
    """One of the options the state offers while a step resolves (a square to shift or slide to, a
    creature, or a "may" declined): ``option`` indexes ``state.pending.options``."""

    option: int


# each action's kind (its name in a battle record), set after the class bodies: mypyc makes a ClassVar assigned in
# a dataclass body a field (mypyc/mypyc#1122)
KINDS: tuple[tuple[type[Action], str], ...] = (
    (FirstPlayer, "deploy-first"),
    (Deploy, "deploy"),
    (EndDeploy, "end-deploy"),
    (Activate, "activate"),
    (EndActivation, "end-activation"),
    (EndPhase, "end-phase"),
    (Move, "move"),
    (Attack, "attack"),
    (Collect, "collect"),
    (PlayOrder, "order"),
    (UsePower, "power"),
    (Pass, "pass"),
    (Cower, "cower"),
    (Choose, "choose"),
)
for _action, _kind in KINDS:
    _action.kind = _kind
ACTION_CLASSES: tuple[type[Action], ...] = tuple(a for a, _ in KINDS)
