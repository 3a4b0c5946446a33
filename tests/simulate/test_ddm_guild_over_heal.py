"""'This creature gains +20 HP. This can increase this creature's HP above its starting total, though it is considered
Bloodied only at 10 HP or fewer.' (Savage Frenzy, Grimlock Rage, Skullreaver's Glory, Devour the Soul): the power's
own gain passes the starting hit points, and the card's printed bloodied line holds (profile ddm-guild.over-heal)."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

FRENZY = ("Savage Frenzy 20: Use when this creature hits with a {m} attack; this creature gains +20 HP. This can "
          "increase this creature's HP above its starting total, though it is considered Bloodied only at 10 HP or "
          "fewer.")
RAGE = ("Grimlock Rage: Use when an enemy becomes Bloodied while adjacent to this creature; this creature gains "
        "+10 HP. This can increase this creature's HP above its starting total, though it is considered Bloodied "
        "only at 30 HP or fewer")


def test_the_words() -> None:
    p = parse_power(1, "special", FRENZY, 1)
    assert p.played, p.unplayed
    assert p.trigger == "hits" and [(e.kind, e.amount, e.extra) for e in p.effects] == [("heal", 20, ("over",))]
    assert [(s.kind, s.amount) for s in p.statics] == [("bloodied-line", 10)]
    glory = parse_power(1, "special", "Skullreaver's Glory: Immediate action, use after this creature destroys a "
                                      "living enemy: Gain +20 HP. This can increase this creature's HP above its "
                                      "starting total, though it is still considered bloodied at 30 HP or fewer. "
                                      "Recharge as a move action.", 1)
    assert glory.played and glory.recharge == "action:move", glory.unplayed
    assert [(s.kind, s.amount) for s in glory.statics] == [("bloodied-line", 30)]
    # the sentence with no HP gain to let past the starting total stays unread
    assert not parse_power(1, "special", "Use when this creature hits: +5 damage on that attack. This can increase "
                                         "this creature's HP above its starting total, though it is considered "
                                         "Bloodied only at 10 HP or fewer.").played


def test_a_hit_takes_it_above_its_starting_hit_points_and_a_plain_heal_does_not_lower_them() -> None:
    s = battle([card("Orc Savage", SWORD, FRENZY, hp=20)], [card("Goblin", SWORD, hp=80, ac=5)],
               PurposeDice(attack=[15]))
    put(s, "a1", 0, 0)
    put(s, "b1", 1, 0)
    orc, goblin = s.b.by_id["a1"], s.b.by_id["b1"]
    sword = orc.powers[0]
    assert sword.attack is not None and orc.powers[1].played
    AT.attack(s.b, orc, sword, sword.attack, [goblin])
    assert goblin.hp == 70 and orc.hp == 40  # 20 + 20: past its starting 20
    DM.heal(s.b, orc, 10)  # a heal that does not say so stops at the starting total and never takes HP away
    assert orc.hp == 40
    orc.hp = 11
    assert not orc.bloodied
    orc.hp = 10
    assert orc.bloodied


def test_the_printed_line_replaces_half_the_starting_hit_points() -> None:
    s = battle([card("Grimlock Barbarian", SWORD, RAGE, hp=65)], [card("Goblin", SWORD)], PurposeDice())
    grim = s.b.by_id["a1"]
    assert grim.powers[1].played and grim.max_hp == 65
    grim.hp = 31  # half of 65 rounded down is 32; the card says 30
    assert not grim.bloodied
    grim.hp = 30
    assert grim.bloodied
