"""Combat advantage a power gives on some of its creature's attacks: 'Whenever this creature makes an attack against an
Immobilized target: This creature has combat advantage on that attack', '... makes a {m} attack against an enemy
adjacent to 2 or more Kruthik enemies or allies: ...' (its melee attacks only; creatures of either side), 'Enemies
grant combat advantage to this creature whenever they are adjacent to an ally of this creature'; and 'a target that
has activated this round' (no 'already')."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_moves as MV
from simulate.games.ddm_guild import GuildState
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_state import Fighter
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

JAWS = "Vicious Jaws: Whenever this creature makes an attack against an Immobilized target: This creature has combat " \
       "advantage on that attack."
SPIKES = "Surrounding Spikes: Whenever this creature makes a {m} attack against an enemy adjacent to 2 or more " \
         "Kruthik enemies or allies: This creature has combat advantage on that attack."
PACK = "Pack Tactics: Enemies grant combat advantage to this creature whenever they are adjacent to an ally of this " \
       "creature."
PATIENCE = "Deadly Patience: Whenever this creature makes an attack against a target that has activated this round: " \
           "+2 Attack and +10 Damage on that attack."
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


def _total(s: GuildState, attacker: Fighter, target: Fighter, index: int = 0) -> int:
    power = attacker.powers[index]
    assert power.attack is not None
    AT.attack(s.b, attacker, power, power.attack, [target])
    total = [e.data for e in s.log.of_kind("attack") if e.data["attacker"] == attacker.id][-1]["total"]
    assert isinstance(total, int)
    return total


def test_the_words_read_as_combat_advantage_against_such_targets() -> None:
    jaws = parse_power(0, "special", JAWS)
    assert jaws.played and [(x.kind, x.filter.target_state) for x in jaws.statics] == [("ca-vs", "cond:immobilized")]
    spikes = parse_power(0, "special", SPIKES)
    assert spikes.played and [(x.kind, x.filter.target_state, x.filter.attack_form) for x in spikes.statics] == [
        ("ca-vs", "creatures-adjacent:2:kruthik", "melee")]
    assert parse_power(0, "special", PACK).played
    patience = parse_power(0, "special", PATIENCE)
    assert patience.played and patience.trigger_filter.target_state == "activated"


def test_combat_advantage_against_an_immobilized_target_only() -> None:
    s = battle([card("Scythejaw", SWORD, JAWS)], [card("Orc", SWORD, hp=200)], PurposeDice(attack=[5, 5]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    jaw, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert _total(s, jaw, orc) == 15
    FX.add_active(s.b, orc, "condition", "immobilized", 0, "end-round", jaw, Filter())
    assert _total(s, jaw, orc) == 17


def test_kruthiks_of_either_side_beside_the_target_give_it_to_melee_attacks() -> None:
    kruthik = card("Kruthik", SWORD, BOW, SPIKES, keywords=("kruthik",))
    s = battle([kruthik, card("Hatchling", SWORD, keywords=("kruthik",))],
               [card("Orc", SWORD, hp=200), card("Renegade", SWORD, keywords=("kruthik",))],
               PurposeDice(attack=[5] * 6))
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 2)
    put(s, "b1", 5, 3)
    put(s, "b2", 6, 3)
    k, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert _total(s, k, orc) == 17  # the hatchling and the renegade beside the orc (the attacker aside)
    assert _total(s, k, orc, 1) == 15  # its ranged attack: none
    MV.place(s.b, s.b.by_id["b2"], (9, 7))
    assert _total(s, k, orc) == 15


def test_enemies_beside_its_allies_grant_it_combat_advantage() -> None:
    s = battle([card("Kobold", BOW, PACK), card("Ally", SWORD)], [card("Orc", SWORD, hp=200)],
               PurposeDice(attack=[5, 5]))
    put(s, "a1", 1, 3)
    put(s, "a2", 6, 6)
    put(s, "b1", 6, 3)
    kobold, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert _total(s, kobold, orc) == 15
    MV.place(s.b, s.b.by_id["a2"], (6, 4))
    assert _total(s, kobold, orc) == 17


def test_a_target_that_has_activated_this_round() -> None:
    s = battle([card("Spiderguard", SWORD, PATIENCE)], [card("Orc", SWORD, hp=200, ac=30)],
               PurposeDice(attack=[5, 5]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    guard, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert _total(s, guard, orc) == 15
    orc.activations_left = 0
    assert _total(s, guard, orc) == 17
