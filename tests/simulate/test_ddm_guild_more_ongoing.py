"""'Use when this creature hits a target that is (already) taking ongoing poison damage; that target has +5 ongoing
poison damage (cumulative)' (Grung Poison): the ongoing poison damage it takes is 5 more, each time; 'Use when
this creature takes poison damage; -5 poison Damage' (Dwarven Resilience)."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, assert_played, attack_with, battle, card, put

GRUNG = ("Grung Poison: Use when this creature hits a target that is (already) taking ongoing poison damage; that "
         "target has +5 ongoing poison damage (cumulative).")


def test_grung_poison_raises_the_poison_it_takes() -> None:
    assert_played(card("Grung", SWORD, GRUNG), 1)
    s = battle([card("Grung", SWORD, GRUNG)], [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 4)
    grung, orc, elf = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    FX.add_active(s.b, orc, "ongoing", "poison", 5, "save", grung, Filter())
    FX.add_active(s.b, elf, "ongoing", "fire", 5, "save", grung, Filter())
    attack_with(s, grung, orc)
    attack_with(s, grung, orc)
    attack_with(s, grung, elf)  # fire, not poison
    assert [(e.what, e.amount) for e in orc.effects if e.kind == "ongoing"] == [("poison", 15)]
    assert [(e.what, e.amount) for e in elf.effects if e.kind == "ongoing"] == [("fire", 5)]
    s._start_turn(orc)
    assert orc.hp == 100 - 20 - 15


RESILIENCE = "Dwarven Resilience: Use when this creature takes poison damage; -5 poison Damage."


def test_dwarven_resilience_takes_5_off_its_poison_damage_once() -> None:
    raw = card("Dwarf Axefighter", SWORD, RESILIENCE)
    raw["powers"][1]["uses"] = 1  # (its one check box)
    assert_played(raw, 1)
    s = battle([raw], [card("Orc", "Venom Blade: +10 vs. AC; 10 poison damage.", SWORD)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    dwarf, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, orc, dwarf, 1)  # its sword: no poison, nothing spent
    assert dwarf.hp == 40
    attack_with(s, orc, dwarf)  # 10 poison: 5 of it
    assert dwarf.hp == 35
    attack_with(s, orc, dwarf)  # its one use spent
    assert dwarf.hp == 25
