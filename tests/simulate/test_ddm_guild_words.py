"""More of the cards' words read into the vocabulary and played: a shift with no number (one square, profile
ddm-guild.shift), a wider shift ("Can shift up to 2 squares"), and a power that recharges another power of its card
by name ("RECHARGE Crushing Blow")."""

from __future__ import annotations

from simulate.games import ddm_guild_play as P
from simulate.games import ddm_guild_rules as R
from simulate.games.ddm_guild import GuildAttack
from simulate.games.ddm_guild_powers import card_powers, parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put


def test_a_shift_with_no_number_is_one_square() -> None:
    power = parse_power(0, "special", "Agility: Use after this creature hits with a {m} attack: This creature shifts "
                                      "as a free action.")
    assert power.played, power.unplayed
    assert [(e.kind, e.who, e.amount) for e in power.effects] == [("shift", "self", R.SHIFT_SQUARES)]
    each = parse_power(0, "champion", "Use when this creature ends its turn in your victory area. Each ally can "
                                      "immediately shift.")
    assert each.unplayed  # the trigger (ending a turn in a victory area) is not read yet: none of it is played


def test_can_shift_up_to_n_squares_widens_every_shift() -> None:
    s = battle([card("Skirmisher", SWORD, "Quick Step 2: Can shift up to 2 squares."), card("Plain", SWORD)],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 6)
    put(s, "b1", 9, 7)
    quick, plain = s.b.by_id["a1"], s.b.by_id["a2"]
    for f in (quick, plain):
        f.attack_action = f.move_action = True
    assert quick.shift_squares == 2 and plain.shift_squares == R.SHIFT_SQUARES == 1
    assert max(abs(x - 4) for x, _y in s._shift_squares(quick)) == 2
    assert max(abs(x - 4) for x, _y in s._shift_squares(plain)) == 1


def test_a_power_recharges_another_power_of_its_card_by_name() -> None:
    blow = "Crushing Blow: +12 vs. AC; 25 damage."
    rock = "Rock Solid: Use when this creature destroys an enemy: Recharge its Crushing Blow."
    powers = card_powers([{"kind": "attack", "text": blow, "uses": 1}, {"kind": "special", "text": rock}])
    assert all(p.played for p in powers), [p.unplayed for p in powers]
    assert powers[1].effects[0].what == "power:crushing blow"
    lone = card_powers([{"kind": "special", "text": "Gaze Again: Use when this creature destroys an enemy: Recharge "
                                                     "Petrifying Gaze."}])
    assert "no power of this card" in lone[0].unplayed  # a name the card does not hold is never guessed at
    s = battle([{**card("Brute", SWORD, rock), "powers": [{"kind": "attack", "text": blow, "uses": 1},
                                                          {"kind": "special", "text": rock}]}],
               [card("Orc", SWORD)], PurposeDice())
    brute = s.b.by_id["a1"]
    crushing = brute.powers[0]
    brute.spend(crushing)
    assert not brute.uses_left(crushing)
    P.apply_effects(s.b, brute.powers[1].effects, P.Ctx(brute))
    assert brute.uses_left(crushing)
    assert [e.data["power"] for e in s.log.of_kind("recharge")] == ["Crushing Blow"]


def test_the_cards_other_spellings_of_a_charge_and_of_a_timing() -> None:
    ruinous = parse_power(0, "attack", "Ruinous Charge: (use only when charging) +15 vs. Fortitude; 15 damage AND "
                                       "Dazed AND push target up to 2 squares.")
    assert ruinous.played and ruinous.attack is not None and ruinous.attack.charge
    thunder = parse_power(1, "special", "Thunder Charge: Whenever this creature makes an attack while charging: +4 "
                                        "Attack on that attack.")
    assert thunder.played and [(x.what, x.amount, x.filter.self_state) for x in thunder.statics] == [
        ("attack", 4, "charging")]
    for text, trigger, requirement in (
            ("Use at start of a round. Dwarf allies have +2 speed until end of round.", "start-of-round", ""),
            ("Use whenever this creature starts a turn bloodied: heal 15 HP.", "start-of-turn", "bloodied"),
            ("Goblin Tactics: Use after a {m} attack misses this creature: This creature shifts as a free action.",
             "missed-by", ""),
            ("Light-Footed: Use after making an attack; shift 1 square.", "attack-made", "")):
        power = parse_power(2, "special", text)
        assert (power.trigger, power.requirement, power.unplayed) == (trigger, requirement, ""), text


def test_several_attacks_each_against_a_different_target_or_of_a_named_power() -> None:
    triple = "Triple Attack: Make 3 {b} attacks, each against a different target"
    s = battle([card("Fighter", SWORD, triple)], [card("Orc", SWORD), card("Goblin", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 5, 4)
    fighter = s.b.by_id["a1"]
    fighter.attack_action = True
    s.b.active = fighter
    made = {a.targets for a in s._attack_actions(fighter) if isinstance(a, GuildAttack) and a.power == 1}
    assert made == {("b1", "b2")}  # two enemies in reach: two attacks, never two at one target
    claws = card_powers([{"kind": "attack", "text": "Claw: +8 vs. AC; 10 damage."},
                         {"kind": "attack", "text": "Slashing Claws: Make 2 Claw attacks."}])
    assert claws[1].played and claws[1].effects[0].what == "power:claw"
    bites = card_powers([{"kind": "attack", "text": "Slashing Claws: Make 2 Claw attacks."}])
    assert "no single-target attack" in bites[0].unplayed


def test_a_rider_for_targets_of_a_kind_reaches_only_them() -> None:
    fist = "Erythnul's Fist: +15 vs. AC; 10 Damage AND living target has ongoing 5 Damage (save ends)"
    power = parse_power(0, "attack", fist)
    assert power.played and power.attack is not None
    assert [(e.kind, e.who, e.amount) for e in power.attack.hit] == [("damage", "target", 10),
                                                                       ("ongoing", "target:living", 5)]
    s = battle([card("Cleric", fist)], [card("Orc", SWORD), card("Skeleton", SWORD, keywords=("Undead",))],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 5, 4)
    cleric, orc, skeleton = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    orc.living, skeleton.living = True, False
    P.attack(s.b, cleric, power, power.attack, [orc])
    P.attack(s.b, cleric, power, power.attack, [skeleton])
    assert any(e.kind == "ongoing" for e in orc.effects)
    assert not any(e.kind == "ongoing" for e in skeleton.effects)
    bite = parse_power(0, "attack", "Ghoul Bite: +10 vs. AC, 10 Damage; if target is Immobilized, 10 Damage")
    assert not bite.played  # 'if target is immobilized' is a condition, not a kind of target
