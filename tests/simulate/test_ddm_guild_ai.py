"""The Guild heuristic player's choices in set positions: a power that is a move and an attack in one action
(Spring Attack, Flyby Attack, Mounted Attack) is chosen when its attack is worth it, and left when another plan
is worth more."""

from __future__ import annotations

from simulate.games.ddm_guild import GuildMove, GuildPower
from simulate.games.ddm_guild_ai import GuildHeuristicPolicy
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

SPRING = "Spring Attack: Move up to its current speed and make a {b} attack at any time during the move."



def _spring_card(*more: str) -> dict:
    c = card("Skirmisher", SWORD, SPRING, *more, speed=6)
    c["powers"][1]["kind"] = "attack"  # the cards list it with the attacks
    return c


def test_the_player_springs_at_an_enemy_a_move_away_and_keeps_its_move_action() -> None:
    s = battle([_spring_card()], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 1, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    choice = GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions())
    assert choice == GuildPower(1)
    s.apply(choice)
    skirmisher, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert s.b.adjacent(skirmisher, orc)
    assert [e.data["target"] for e in s.log.of_kind("attack")] == ["b1"]
    assert orc.hp == 40
    assert skirmisher.move_action and not skirmisher.attack_action


def test_the_player_moves_and_uses_a_stronger_attack_instead() -> None:
    smite = "Smite: +10 vs. AC; 40 damage."
    s = battle([_spring_card(smite)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 1, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    choice = GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions())
    assert isinstance(choice, GuildMove)
    s.apply(choice)
    assert s.b.adjacent(s.b.by_id["a1"], s.b.by_id["b1"])


def test_the_player_does_not_spring_when_no_enemy_is_within_its_move() -> None:
    s = battle([_spring_card()], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "b1", 11, 7)
    turn_of(s, "a1")
    choice = GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions())
    assert isinstance(choice, GuildMove)
    assert not s.log.of_kind("attack")


def test_the_cards_other_spellings_of_a_move_and_an_attack() -> None:
    from simulate.games.ddm_guild_powers import parse_power

    for ptype, text, which in (
            ("special", "Flyby: This creature moves up to its speed and makes a basic melee attack at any time during "
                        "its move.", "melee-basic"),
            ("attack", "Flyby Attack: This creature moves up to its Speed and makes a {b} attack any time during its "
                       "move.", "basic"),
            ("special", "Mounted Attack: Attack action: Moves up to its speed and makes 1 M attack at any time during "
                        "that move.", "melee-basic"),
            ("special", "Galloping Lizrog: Attack action: Moves up to its speed and makes one {M} attack at any time "
                        "during that move.", "melee-basic")):
        p = parse_power(0, ptype, text)
        assert p.played, (text, p.unplayed)
        assert p.action == "attack" and [(e.kind, e.what) for e in p.effects] == [("move", ""), ("attack", which)]
    # an attack of no named kind is not read as the basic one
    assert not parse_power(0, "special", "Flyby Attack: Attack action: This creature moves up to its speed and makes "
                                         "an attack any time during its move.").played
