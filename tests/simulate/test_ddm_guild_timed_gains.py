"""What a power gives for a while, in the words the cards print: 'until end of next round', 'this creature and 1 ally
within 6 squares have ...', 'all creatures in your warband have ...', 'Resist 5 All and ignore forced movement'
(the verb left out), 'not subject to push, pull, or slide effects of enemies', 'Resist 10 Acid, Cold, Fire,
Lightning, or Thunder' (the player's choice of one) and the same list with no 'or' (each of them), and a power that
'provokes opportunity attacks' before its effects. Each is played in a battle with set positions."""

from __future__ import annotations

from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildPower
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

BLUR = "Blur: Minor action; 1 adjacent ally has Conceal 6 until end of next round."
QUENCH = ("Quench: Use at start of this creature's turn; this creature and 1 ally within 6 squares have Resist 10 "
          "Fire until end of this creature's next turn.")
SHIELD = ("Legion's Shield of Faith: Replaces attack action: All creatures in your warband have +1 AC until end of "
          "battle.")
STONE = ("Stone's Endurance: Minor action. Resist 5 All and ignore forced movement until start of this creatures next "
         "turn.")
BRACE = ("Brace for Impact: Use at any time; not subject to push, pull, or slide effects of enemies until start of "
         "this creature's next turn.")
HEIR = ("Protection from Energy: Minor action: This creature or 1 adjacent ally gains Resist 10 Acid, Cold, Fire, "
        "Lightning, or Thunder until end of battle.")
PYRO = ("Protection From Energy: Minor action; choose acid, cold, fire, lightning, or thunder; this creature or 1 "
        "adjacent ally gains Resist 10 against that damage type until end of battle.")
COUATL = ("Aura of Protection: Use before rolling initiative; allies within 5 squares gain Resist 10 Acid, Cold, Fire, "
          "Lightning, Thunder until end of round.")
CENTER = ("Finding the Center: Replaces attack action, provokes opportunity attacks: RECHARGE Psychic Burst, then this "
          "creature has +2 AC and +2 DEF until start of its next turn.")
BURST = "Psychic Burst: (range 5) +10 vs. Will; 10 psychic damage."
SHOVE = "Shove: Minor action: Push 1 adjacent enemy 2 squares."
TUG = "Tug: Minor action: 1 adjacent ally slides 2 squares."


def _use(text: str) -> None:
    c = card_from_json(card("Any", SWORD, BURST, text))
    assert unplayed_powers(c) == [], text


def test_the_powers_are_read_and_played() -> None:
    for text in (BLUR, QUENCH, SHIELD, STONE, BRACE, HEIR, PYRO, COUATL, CENTER):
        _use(text)


def test_blur_lasts_until_the_end_of_the_next_round() -> None:
    s = battle([card("Sorcerer", SWORD, BLUR), card("Guard", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 4, 3)
    put(s, "b1", 9, 3)
    guard = s.b.by_id["a2"]
    turn_of(s, "a1")
    s.apply(GuildPower(1))
    assert guard.conceal_now() == 6
    s._end_round()
    assert guard.conceal_now() == 6  # this round's end: the next round is still to come
    s._end_round()
    assert guard.conceal_now() == 0


def test_quench_gives_it_and_one_ally_resist_until_the_end_of_its_own_next_turn() -> None:
    s = battle([card("Marid", SWORD, QUENCH), card("Near", SWORD), card("Far", SWORD)], [card("Orc", SWORD)],
               PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 6, 3)
    put(s, "a3", 10, 7)
    put(s, "b1", 11, 0)
    marid, near, far = (s.b.by_id[x] for x in ("a1", "a2", "a3"))
    turn_of(s, "a1")
    TR.fire(s.b, "start-of-turn", [marid])
    assert [f.resist_now().get("fire", 0) for f in (marid, near, far)] == [10, 10, 0]
    s._end_turn(marid)
    turn_of(s, "a2")
    s._end_turn(near)  # the ally's own turn does not end it
    assert near.resist_now().get("fire", 0) == 10
    turn_of(s, "a1")
    s._end_turn(marid)
    assert (marid.resist_now().get("fire", 0), near.resist_now().get("fire", 0)) == (0, 0)


def test_legions_shield_reaches_every_creature_of_the_warband() -> None:
    s = battle([card("Artificer", SWORD, SHIELD), card("Far", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 1, 7)
    put(s, "b1", 9, 3)
    turn_of(s, "a1")
    s.apply(GuildPower(1))
    assert [J.stat_mods(s.b, s.b.by_id[x], "ac") for x in ("a1", "a2", "b1")] == [1, 1, 0]


def test_stones_endurance_resists_and_is_not_pushed() -> None:
    s = battle([card("Goliath", SWORD, STONE)], [card("Ogre", SWORD, SHOVE)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    goliath, ogre = s.b.by_id["a1"], s.b.by_id["b1"]
    turn_of(s, "a1")
    s.apply(GuildPower(1))
    assert goliath.resist_now().get("all", 0) == 5
    TR.apply_power(s.b, ogre, ogre.powers[1], J.Ctx(ogre))
    assert goliath.pos == (4, 3)


def test_brace_for_impact_stops_an_enemys_push_but_not_an_allys_slide() -> None:
    s = battle([card("Tordek", SWORD, BRACE), card("Friend", SWORD, TUG)], [card("Ogre", SWORD, SHOVE)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 3)
    tordek, friend, ogre = (s.b.by_id[x] for x in ("a1", "a2", "b1"))
    TR.fire(s.b, "any-time", [tordek])
    TR.apply_power(s.b, ogre, ogre.powers[1], J.Ctx(ogre))
    assert tordek.pos == (4, 3)
    TR.apply_power(s.b, friend, friend.powers[1], J.Ctx(friend))
    assert tordek.pos != (4, 3)


def test_protection_from_energy_gives_the_type_its_player_chose() -> None:
    for text in (HEIR, PYRO):
        s = battle([card("Heir", SWORD, text)], [card("Orc", SWORD)], PurposeDice())
        put(s, "a1", 3, 3)
        put(s, "b1", 9, 3)
        heir = s.b.by_id["a1"]
        turn_of(s, "a1")
        s.apply(GuildPower(1, option=2))  # acid, cold, fire (counted from 0), ...
        assert heir.resist_now() == {"fire": 10}, text


def test_aura_of_protection_gives_each_type_listed() -> None:
    s = battle([card("Couatl", SWORD, COUATL), card("Ally", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 5, 3)
    put(s, "b1", 9, 3)
    TR.fire(s.b, "before-initiative", [s.b.by_id["a1"]])
    assert s.b.by_id["a2"].resist_now() == dict.fromkeys(("acid", "cold", "fire", "lightning", "thunder"), 10)


def test_finding_the_center_draws_opportunity_attacks_then_recharges_and_guards() -> None:
    soulknife = card("Soulknife", SWORD, BURST, CENTER)
    soulknife["powers"][1]["uses"] = 1
    s = battle([soulknife], [card("Orc", SWORD)], PurposeDice(attack=[5]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    knife = s.b.by_id["a1"]
    burst = knife.powers[1]
    knife.spend(burst)
    assert not knife.uses_left(burst)
    turn_of(s, "a1")
    s.apply(GuildPower(2))
    assert s.log.of_kind("opportunity-attack")
    assert knife.uses_left(burst)
    assert J.stat_mods(s.b, knife, "ac") == 2


def test_solid_footing_of_enemies_only_lets_an_ally_slide_it() -> None:
    footing = "Solid Footing: Not affected by enemies' push, pull, or slide effects."
    s = battle([card("Dwarf", SWORD, footing), card("Friend", SWORD, TUG)], [card("Ogre", SWORD, SHOVE)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 3)
    dwarf, friend, ogre = (s.b.by_id[x] for x in ("a1", "a2", "b1"))
    TR.apply_power(s.b, ogre, ogre.powers[1], J.Ctx(ogre))
    assert dwarf.pos == (4, 3)
    TR.apply_power(s.b, friend, friend.powers[1], J.Ctx(friend))
    assert dwarf.pos != (4, 3)
