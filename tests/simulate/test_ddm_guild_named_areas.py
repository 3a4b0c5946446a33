"""A card's blast, area or line attack made on another power's word ('RECHARGE Lightning Blast, then make a Lightning
Blast attack as an immediate action'): where it takes the event's enemy, then the most enemies; and the icon letter the
catalogue prints before some attack names ('c Lightning Burst') is not part of the name."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

BLAST = "Lightning Blast: (blast 3) +12 vs. Reflex; 10 lightning damage. RECHARGE as a move action."
REFLEX = "Reflexive Defense: Use when this creature is hit by an attack: RECHARGE Lightning Blast, then make a " \
         "Lightning Blast attack as an immediate action."
BURST = "c Lightning Burst: (burst 1) +12 vs. Fortitude; 10 lightning damage."
SHOCK = "Defensive Shock: Use when this creature takes damage: Make 1 Lightning Burst attack as an immediate action."


def test_an_icon_letter_is_no_part_of_the_name() -> None:
    beetle = card_from_json(card("Beetle", SWORD, BURST, SHOCK))
    assert [p.name for p in beetle.powers] == ["Sword", "Lightning Burst", "Defensive Shock"]
    assert not unplayed_powers(beetle)
    article = card_from_json(card("Swarm", "A Thousand Fangs: +10 vs. AC; 10 damage."))
    assert article.powers[0].name == "A Thousand Fangs"  # (a melee attack: 'A' is no icon of it)


def test_a_blast_made_on_a_word_takes_the_attacker() -> None:
    drake = card("Drake", SWORD, BLAST, REFLEX, hp=60)
    drake["powers"][1]["uses"] = 1
    read = card_from_json(drake)
    assert not unplayed_powers(read) and read.powers[2].action == "immediate"  # ('then make ... as an immediate
    # action': its own, one a round: the opportunity attack its blast draws hits it again, and nothing answers)
    s = battle([drake], [card("Orc", SWORD, hp=80, defence=5), card("Goblin", SWORD, hp=80)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 2, 6)
    f, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    f.uses[1] = 0
    sword = orc.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, orc, sword, sword.attack, [f])
    blasts = [e.data for e in s.log.of_kind("attack") if e.data["power"] == "Lightning Blast"]
    assert [x["target"] for x in blasts] == ["b1"]
    assert orc.hp == 70 and s.b.by_id["b2"].hp == 80
    assert f.immediate_used
