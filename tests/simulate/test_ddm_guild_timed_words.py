"""More of what a power gives or takes for a while, in the cards' words: 'loses Hide', 'loses Reach 2', 'can make
only {b} attacks', '+5 radiant {m} Damage'; 'End all Immobilized and Slowed conditions on creatures within 3
squares'; 'an adjacent Medium or smaller Immobilized enemy', 'An Angel, Demon, Devil Immortal or Planar enemy within 6
of this creature'; 'At start of battle, ... count as used'; 'Multi-Activation 2 until the end of round'; and the
durations 'until it moves', 'until it is attacked', 'until they are first bloodied', with 'Speed F8' and 'takes half
damage from all attacks'. Each is played in a battle with set positions."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildGame, GuildPower, GuildState
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import OPEN, SWORD, PurposeDice, battle, card, put, turn_of

REVEALED = ("Righteousness Revealed: Minor action, only while damaged; until end of battle, this creature loses Hide "
            "and has +5 radiant {m} Damage.")
GRIP = ("Shorten Grip: Minor action; until end of battle, this creature loses Reach 2, has +5 {m} Damage, and can "
        "make only {b} attacks.")
JIG = "Lively Jig: Minor action: End all Immobilized and Slowed conditions on creatures within 3 squares."
PAIN = "Inflict Pain: Minor action: An adjacent Medium or smaller Immobilized enemy takes 5 damage."
BANISH = ("Banish: Minor action: An Angel, Demon, Devil Immortal or Planar enemy within 6 of this creature takes 20 "
          "ongoing damage.")
ENTROPIC = ("Entropic Spirit: At start of battle, this creature's Cacophony, Chaos Hammer, Fireball, and Skein of "
            "Shadow count as used.")
SPIRIT = ("Warrior Spirit: Use at start of round: This creature has Multi-Activation 2 (activates twice per round) "
          "until the end of round.")
CAMO = "Camouflage: Minor action: This creature is invisible to non-adjacent enemies until it moves."
ARROW = ("First Arrow: Use during your set-up: This creature has +2 Attack and +5 Damage on {r} attacks until it is "
         "attacked.")
WINDS = "Dance of the Seven Winds: Use during setup: Up to 4 allies gain Flight until they are first bloodied."
GASEOUS = ("Gaseous Form: Use at any time: This creature gains Flight, has Speed F8, and takes half damage from all "
           "attacks until it makes an attack.")
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."
POLE = "Polearm: (reach 2) +10 vs. AC; 10 damage."
SMASH = "Smash: +12 vs. AC; 20 damage."
NAMED = ("Cacophony: (burst 2) +10 vs. Fort; 10 thunder damage.", "Chaos Hammer: (range 5) +10 vs. Will; 10 damage.",
         "Fireball: (radius 2 within 10) +10 vs. Ref; 10 fire damage.",
         "Skein of Shadow: Minor action: this creature has Conceal 6 until end of round.")


def test_the_powers_are_read_and_played() -> None:
    for text in (REVEALED, GRIP, JIG, PAIN, BANISH, SPIRIT, CAMO, ARROW, WINDS, GASEOUS):
        assert unplayed_powers(card_from_json(card("Any", SWORD, text))) == [], text


def test_loses_hide_and_radiant_melee_damage() -> None:
    s = battle([card("Hunter", SWORD, REVEALED, "Hide")], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15]))
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    hunter, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    hunter.hp -= 1
    TR.apply_power(s.b, hunter, hunter.powers[1], J.Ctx(hunter))
    assert hunter.gained("no-hide")
    sword = hunter.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, hunter, sword, sword.attack, [orc])
    assert orc.hp == 100 - 10 - 5


def test_shorten_grip_loses_reach_and_bars_other_attacks() -> None:
    rask_card = card("Rask", POLE, SMASH, GRIP, "Reach 2")
    rask_card["powers"][1]["uses"] = 1  # (not a basic attack)
    s = battle([rask_card], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "b1", 9, 3)
    rask = s.b.by_id["a1"]
    sword = card_from_json(card("X", SWORD)).powers[0]
    assert rask.reach_of(sword) == 2
    turn_of(s, "a1")
    assert rask.powers[1] in s.attack_powers(rask)
    s.apply(GuildPower(2))
    assert rask.reach_of(sword) == 1
    rask.attack_action = True
    assert rask.powers[1] not in s.attack_powers(rask) and rask.powers[0] in s.attack_powers(rask)


def test_lively_jig_ends_those_conditions_on_creatures_of_both_sides_near_it() -> None:
    s = battle([card("Iries", SWORD, JIG), card("Ally", SWORD)], [card("Orc", SWORD), card("Far", SWORD)],
               PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 5, 3)
    put(s, "b1", 3, 5)
    put(s, "b2", 9, 3)
    iries, ally, orc, far = (s.b.by_id[x] for x in ("a1", "a2", "b1", "b2"))
    for f, c in ((ally, "immobilized"), (orc, "slowed"), (far, "slowed"), (ally, "dazed")):
        FX.add_active(s.b, f, "condition", c, 0, "save", iries, Filter())
    TR.apply_power(s.b, iries, iries.powers[1], J.Ctx(iries))
    assert [ally.has("immobilized"), orc.has("slowed"), far.has("slowed"), ally.has("dazed")] == [
        False, False, True, True]


def test_inflict_pain_and_banish_choose_an_enemy_of_the_sizes_or_kinds_named() -> None:
    s = battle([card("Mancatcher", SWORD, PAIN, BANISH)],
               [card("Giant", SWORD, size="Large"), card("Goblin", SWORD, size="Small"),
                card("Imp", SWORD, keywords=("Devil",))], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 2)
    put(s, "b2", 2, 4)
    put(s, "b3", 8, 3)
    m, giant, goblin, imp = (s.b.by_id[x] for x in ("a1", "b1", "b2", "b3"))
    for f in (giant, goblin):
        FX.add_active(s.b, f, "condition", "immobilized", 0, "save", m, Filter())
    TR.apply_power(s.b, m, m.powers[1], J.Ctx(m))
    assert (giant.hp, goblin.hp) == (50, 45)
    TR.apply_power(s.b, m, m.powers[2], J.Ctx(m))
    assert any(e.kind == "ongoing" and e.amount == 20 for e in imp.effects)
    assert not any(e.kind == "ongoing" for e in (*giant.effects, *goblin.effects))


def test_entropic_spirit_starts_with_those_powers_used() -> None:
    c = card("Slaad", SWORD, *NAMED, ENTROPIC)
    for p in c["powers"][1:5]:
        p["uses"] = 1
    assert unplayed_powers(card_from_json(c)) == []
    s = battle([c], [card("Orc", SWORD)], PurposeDice())
    slaad = s.b.by_id["a1"]
    assert not any(slaad.uses_left(p) for p in slaad.powers[1:5])


def test_warrior_spirit_gives_a_second_activation_this_round() -> None:
    s = battle([card("Lord", SWORD, SPIRIT)], [card("Orc", SWORD)], PurposeDice())
    lord = s.b.by_id["a1"]
    lord.activations_left = 1
    TR.fire(s.b, "start-of-round", [lord])
    assert lord.activations_left == 2


def test_camouflage_lasts_until_it_moves() -> None:
    s = battle([card("Lizardfolk", SWORD, CAMO)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "b1", 8, 3)
    liz, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    turn_of(s, "a1")
    s.apply(GuildPower(1))
    assert s.b.invisible_to(liz, orc)
    put(s, "b1", 4, 3)
    assert not s.b.invisible_to(liz, orc)  # adjacent
    put(s, "b1", 8, 3)
    MV.walk(s.b, liz, [(3, 2)])
    assert not s.b.invisible_to(liz, orc)


def test_first_arrow_lasts_until_it_is_attacked() -> None:
    s = battle([card("Kobold", SWORD, BOW, ARROW)], [card("Orc", SWORD)], PurposeDice(attack=[5]))
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    kobold, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    TR.fire(s.b, "setup", [kobold])
    bow = kobold.powers[1]
    assert bow.attack is not None
    assert J._stat_mods(s.b, kobold, "attack", orc, bow.attack, bow, False, False) == 2
    sword = orc.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, orc, sword, sword.attack, [kobold])
    assert J._stat_mods(s.b, kobold, "attack", orc, bow.attack, bow, False, False) == 0


def test_flight_until_they_are_first_bloodied() -> None:
    s = battle([card("Asharra", SWORD, WINDS), card("Ally", SWORD, hp=100)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 6, 3)
    put(s, "b1", 10, 7)
    asharra, ally, orc = (s.b.by_id[x] for x in ("a1", "a2", "b1"))
    TR.fire(s.b, "setup", [asharra])
    assert ally.flies()
    DM.lose_hp(s.b, ally, 30, orc)
    assert ally.flies()
    DM.lose_hp(s.b, ally, 30, orc)  # first bloodied
    assert not ally.flies()


def test_gaseous_form_flies_fast_and_halves_attacks_until_it_attacks() -> None:
    s = battle([card("Oni", SWORD, GASEOUS, hp=100)], [card("Orc", SWORD, BOW)], PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    oni, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    oni.effects = []
    TR.fire(s.b, "any-time", [oni])
    assert oni.flies() and oni.speed() == 8
    sword = orc.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, orc, sword, sword.attack, [oni])
    assert oni.hp == 95
    own = oni.powers[0]
    assert own.attack is not None
    AT.attack(s.b, oni, own, own.attack, [orc])
    AT.attack(s.b, orc, sword, sword.attack, [oni])
    assert oni.hp == 85 and not oni.flies()


FOOTPAD = ("Footpad: Minor action; choose 1 enemy that cannot see this creature; this creature has combat advantage "
           "against that enemy until end of this creature's turn.")
FAVOR = ("Call in a Favor: Use at start of turn: This creature or an adjacent ally loses all conditions affecting it "
         "OR this creature has +10 damage until end of turn.")


def test_footpad_has_combat_advantage_against_the_unseeing_enemy_it_chose() -> None:
    assert unplayed_powers(card_from_json(card("Any", SWORD, FOOTPAD))) == []
    walled = {**OPEN, "slug": "test-footpad", "name": "A wall", "rows": ["." * 12] * 2 + [".....#......"] * 3
              + ["." * 12] * 3}
    s = GuildGame().new_initial_state(
        lists=[{"name": "A", "creatures": [card("Bugbear", SWORD, FOOTPAD), card("Ally", SWORD)]},
               {"name": "B", "creatures": [card("Hidden", SWORD), card("Seer", SWORD)]}],
        battle_map=walled, dice=PurposeDice(), params={"format": "standard-200"})
    assert isinstance(s, GuildState)
    put(s, "a1", 3, 3)
    put(s, "a2", 3, 7)
    put(s, "b1", 7, 3)  # behind the wall: it cannot see the bugbear
    put(s, "b2", 3, 0)
    bugbear, ally, hidden, seer = (s.b.by_id[x] for x in ("a1", "a2", "b1", "b2"))
    assert not s.b.sees(hidden, bugbear) and s.b.sees(seer, bugbear)
    assert not J.has_combat_advantage(s.b, bugbear, hidden, False)
    turn_of(s, "a1")
    s.apply(GuildPower(1))
    assert J.has_combat_advantage(s.b, bugbear, hidden, False)
    assert not J.has_combat_advantage(s.b, ally, hidden, False)  # its own combat advantage only
    assert not any(e.what == "grants-ca-source" for e in seer.effects)


def test_call_in_a_favor_ends_the_conditions_when_that_is_worth_more() -> None:
    assert unplayed_powers(card_from_json(card("Any", SWORD, FAVOR))) == []
    s = battle([card("Pieni", SWORD, FAVOR)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "b1", 9, 3)
    pieni = s.b.by_id["a1"]
    FX.add_active(s.b, pieni, "condition", "stunned", 0, "save", pieni, Filter())
    TR.fire(s.b, "start-of-turn", [pieni])
    assert not pieni.has("stunned")
