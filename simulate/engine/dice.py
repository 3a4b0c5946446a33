"""Dice are chance outcomes injected from outside the rules (OpenSpiel's chance nodes, Showdown's PRNG).

A rules module never imports ``random``: it asks its :class:`Dice` for a roll and names the purpose, so
a test can script the exact faces (:class:`ScriptedDice`) and a battle replays exactly from its seed
(:class:`SeededDice`).
"""

from __future__ import annotations

import _random
import random
from collections.abc import Callable, Iterable
from hashlib import sha512
from typing import Protocol

from mypy_extensions import mypyc_attr


@mypyc_attr(native_class=False)  # mypyc cannot compile a subclass of this builtin exception
class DiceExhausted(RuntimeError):
    """A :class:`ScriptedDice` was asked for more rolls than the test scripted."""


class Dice(Protocol):
    """A source of die rolls. ``purpose`` names the roll (``"attack"``, ``"morale"``...) for errors and logs."""

    def roll(self, sides: int, purpose: str) -> int: ...


class SeededDice:
    """Reproducible dice: the same seed gives the same sequence of rolls on every machine.

    Uses its own ``random.Random`` instance (never the global one) and only ``random()``, whose
    Mersenne Twister output is stable across Python versions, so replays stay exact."""

    def __init__(self, seed: int | str) -> None:
        self.seed = seed
        self._rng = seeded_random(str(seed))
        self._random: Callable[[], float] = self._rng.random  # the generator's draw, looked up once
        self.rolled = 0

    def roll(self, sides: int, purpose: str) -> int:
        self.rolled += 1
        return int(self._random() * sides) + 1


def seeded_random(seed: str) -> random.Random:
    """``random.Random(seed)``, the very same generator state, without its interpreted ``__init__`` and ``seed``:
    a string seed is the integer of its UTF-8 bytes followed by their SHA-512 digest (``random.seed``, version
    2), given to the C generator's own seeding. Every battle seeds its dice: this halves what that costs."""
    raw = seed.encode()
    rng = random.Random.__new__(random.Random)
    _random.Random.seed(rng, int.from_bytes(raw + sha512(raw).digest(), "big"))
    rng.gauss_next = None  # type: ignore[attr-defined]  # what random.Random.__init__ sets (typeshed omits it)
    return rng


class ScriptedDice:
    """Dice that return the given faces in order and fail loudly when they run out (or a face is impossible)."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        self._next = 0
        self.log: list[tuple[str, int]] = []

    def roll(self, sides: int, purpose: str) -> int:
        if self._next >= len(self._faces):
            raise DiceExhausted(
                f"ScriptedDice ran out: roll #{self._next + 1} ({purpose}, d{sides}) was not scripted; "
                f"rolled so far: {self.log}"
            )
        face = self._faces[self._next]
        if not 1 <= face <= sides:
            raise ValueError(f"scripted face {face} is impossible on a d{sides} (roll #{self._next + 1}, {purpose})")
        self._next += 1
        self.log.append((purpose, face))
        return face

    @property
    def remaining(self) -> list[int]:
        """The faces not rolled yet (a test asserts this is empty to prove every scripted roll was used)."""
        return self._faces[self._next :]
