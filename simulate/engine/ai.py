"""Players' decisions: a policy picks one of the legal actions.

Policies never touch the dice; a random policy has its own ``random.Random`` seeded from the battle
seed and the player, so a battle is the same for the same seed. More policies (a heuristic one) plug
into :data:`POLICIES`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from mypy_extensions import mypyc_attr

from simulate.engine.game import Action, State


class Policy(Protocol):
    name: str

    def choose(self, state: State, legal: Sequence[Action]) -> Action: ...


class RandomPolicy:
    """Uniform over the kinds of legal action (move, attack, end turn, ...), then uniform within the kind.

    Picking the kind first keeps a random player from drowning its few attacks among dozens of moves."""

    name = "random"

    def __init__(self, seed: int | str, player: int) -> None:
        self._rng = random.Random(f"policy:{seed}:{player}")

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        kinds = sorted({a.kind for a in legal})
        kind = kinds[int(self._rng.random() * len(kinds))]
        options = [a for a in legal if a.kind == kind]
        return options[int(self._rng.random() * len(options))]


class ScriptedPolicy:
    """Plays the given actions in order (tests); fails loudly when one is not legal or they run out."""

    name = "scripted"

    def __init__(self, actions: Sequence[Action]) -> None:
        self._actions = list(actions)
        self._next = 0

    def choose(self, state: State, legal: Sequence[Action]) -> Action:
        if self._next >= len(self._actions):
            raise ValueError("ScriptedPolicy ran out of actions")
        action = self._actions[self._next]
        self._next += 1
        return action


@mypyc_attr(native_class=False)  # mypyc cannot compile a subclass of this builtin exception
class UnknownPolicy(KeyError):
    pass


POLICIES: dict[str, Callable[[int | str, int], Policy]] = {"random": RandomPolicy}


def make_policy(name: str, seed: int | str, player: int) -> Policy:
    try:
        factory = POLICIES[name]
    except KeyError:
        raise UnknownPolicy(f"unknown AI policy {name!r}; known: {sorted(POLICIES)}") from None
    return factory(seed, player)
