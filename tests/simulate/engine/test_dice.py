"""Injected dice (STYLE: never the global random): seeded ones repeat, scripted ones fail loudly."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from simulate.engine.dice import DiceExhausted, ScriptedDice, SeededDice, seeded_random


def test_the_same_seed_gives_the_same_rolls():
    a, b = SeededDice(42), SeededDice(42)
    assert [a.roll(20, "x") for _ in range(50)] == [b.roll(20, "x") for _ in range(50)]


def test_another_seed_gives_other_rolls():
    a, b = SeededDice(1), SeededDice(2)
    assert [a.roll(20, "x") for _ in range(20)] != [b.roll(20, "x") for _ in range(20)]


@given(st.one_of(st.integers(), st.text()))
def test_seeding_is_random_seeds_own(seed: int | str):
    """The dice's generator is seeded as ``random.Random(str(seed))`` would be, so every stored replay and seed
    plays on: the same state, the same floats."""
    ours, theirs = seeded_random(str(seed)), random.Random(str(seed))
    assert ours.getstate() == theirs.getstate()
    assert [ours.random() for _ in range(5)] == [theirs.random() for _ in range(5)]


def test_seeded_rolls_cover_every_face_and_nothing_else():
    dice = SeededDice("faces")
    faces = {dice.roll(20, "x") for _ in range(2000)}
    assert faces == set(range(1, 21))


def test_scripted_dice_return_the_faces_in_order():
    dice = ScriptedDice([17, 5, 20])
    assert [dice.roll(20, "attack"), dice.roll(20, "save"), dice.roll(20, "morale")] == [17, 5, 20]
    assert dice.remaining == []
    assert dice.log == [("attack", 17), ("save", 5), ("morale", 20)]


def test_scripted_dice_fail_loudly_when_they_run_out():
    dice = ScriptedDice([3])
    dice.roll(20, "attack")
    with pytest.raises(DiceExhausted, match="roll #2 \\(morale, d20\\)"):
        dice.roll(20, "morale")


def test_scripted_dice_refuse_an_impossible_face():
    with pytest.raises(ValueError, match="impossible on a d6"):
        ScriptedDice([7]).roll(6, "x")
