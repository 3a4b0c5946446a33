"""Attacks a power has an ally make ('Nearest ally makes an immediate {b} attack', '1 ally adjacent to target makes
an immediate {b} attack against target'): read, played (the ally attacks, as its immediate action when the card
says so), and chosen by the heuristic player when worth it."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_judge as J
from simulate.games.ddm_guild import GuildAttack, GuildPower
from simulate.games.ddm_guild_ai import GuildHeuristicPolicy
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

SWIFTNESS = "Snake's Swiftness: Replaces attack action: Nearest ally makes an immediate {b} attack."
COMMAND = "Commander's Strike: +10 vs. Reflex; 1 ally adjacent to target makes an immediate {b} attack against target"
STAFF = "Staff: +2 vs. AC; 5 damage."


def _shaman() -> dict:
    c = card("Shaman", STAFF, SWIFTNESS)
    c["powers"][1]["kind"] = "special"
    return c


def test_the_words_name_the_ally_and_its_reaction() -> None:
    p = parse_power(0, "special", SWIFTNESS)
    assert p.played and p.action == "attack", p.unplayed
    assert [(e.kind, e.who, e.what, e.extra) for e in p.effects] == [("attack", "nearest-ally", "basic",
                                                                       ("immediate",))]
    q = parse_power(0, "special", "Highborn Order: Attack action: Nearest ally makes a melee basic attack as an "
                                  "immediate action.")
    assert q.played and [(e.who, e.what, e.extra) for e in q.effects] == [("nearest-ally", "melee-basic",
                                                                           ("immediate",))]
    r = parse_power(0, "attack", COMMAND)
    assert r.played and r.attack is not None, r.unplayed
    (e,) = r.attack.hit
    assert (e.kind, e.who, e.filter.within, e.extra) == ("attack", "chosen-ally", -2, ("immediate", "that"))


def test_the_nearest_ally_attacks_as_its_immediate_action() -> None:
    s = battle([_shaman(), card("Fighter", SWORD), card("Archer", SWORD)], [card("Orc", SWORD)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 2, 3)
    put(s, "a2", 4, 3)  # nearest the shaman, and next to the orc
    put(s, "a3", 7, 3)
    put(s, "b1", 5, 3)
    turn_of(s, "a1")
    s.apply(GuildPower(1))
    fighter, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    assert [(e.data["attacker"], e.data["target"]) for e in s.log.of_kind("attack")] == [("a2", "b1")]
    assert orc.hp == 40 and fighter.immediate_used
    s.b.by_id["a1"].attack_action = True
    s.apply(GuildPower(1))  # the fighter's immediate action is spent this round: no second attack
    assert len(s.log.of_kind("attack")) == 1


def test_an_ally_next_to_the_target_follows_up_a_hit() -> None:
    s = battle([card("Marshal", COMMAND), card("Fighter", SWORD), card("Far", SWORD)], [card("Orc", SWORD)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "a2", 6, 3)
    put(s, "a3", 0, 7)
    put(s, "b1", 5, 3)
    turn_of(s, "a1")
    s.apply(GuildAttack(0, ("b1",)))
    assert [(e.data["attacker"], e.data["target"]) for e in s.log.of_kind("attack")] == [("a1", "b1"),
                                                                                         ("a2", "b1")]
    assert s.b.by_id["b1"].hp == 40


def test_the_player_has_an_ally_strike_when_it_cannot_strike_itself() -> None:
    s = battle([_shaman(), card("Fighter", SWORD)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 0, 0)
    put(s, "a2", 9, 6)
    put(s, "b1", 10, 6)
    turn_of(s, "a1")
    s.b.by_id["a1"].move_action = False  # it cannot reach the orc this turn
    assert GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions()) == GuildPower(1)
    s.b.by_id["a2"].immediate_used = True  # no reaction left: nothing to gain
    assert GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions()) != GuildPower(1)
    assert FX.pick(s.b, "nearest-ally", parse_power(0, "special", SWIFTNESS).effects[0],
                   J.Ctx(s.b.by_id["a1"])) == [s.b.by_id["a2"]]
