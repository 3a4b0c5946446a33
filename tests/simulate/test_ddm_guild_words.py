"""More of the cards' words read into the vocabulary and played: a shift with no number (one square, profile
ddm-guild.shift), a wider shift ("Can shift up to 2 squares"), and a power that recharges another power of its card
by name ("RECHARGE Crushing Blow")."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_rules as R
from simulate.games.ddm_guild import GuildAttack
from simulate.games.ddm_guild_board import GuildBoard
from simulate.games.ddm_guild_powers import card_powers, parse_power
from simulate.games.ddm_maps import get_map
from tests.simulate.test_ddm_guild_rules import OPEN, SWORD, PurposeDice, battle, card, put


def test_a_shift_with_no_number_is_one_square() -> None:
    power = parse_power(0, "special", "Agility: Use after this creature hits with a {m} attack: This creature shifts "
                                      "as a free action.")
    assert power.played, power.unplayed
    assert [(e.kind, e.who, e.amount) for e in power.effects] == [("shift", "self", R.SHIFT_SQUARES)]
    each = parse_power(0, "champion", "Use when this creature ends its turn in your victory area. Each ally can "
                                      "immediately shift.")
    # the end of its turn, if it stands in one of its victory areas (test_ddm_guild_when.py plays such triggers)
    assert each.played and (each.trigger, each.requirement) == ("end-of-turn", "in-victory-area:own"), each.unplayed
    assert [(e.kind, e.who, e.amount) for e in each.effects] == [("shift", "allies", R.SHIFT_SQUARES)]


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
    FX.apply_effects(s.b, brute.powers[1].effects, J.Ctx(brute))
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
    AT.attack(s.b, cleric, power, power.attack, [orc])
    AT.attack(s.b, cleric, power, power.attack, [skeleton])
    assert any(e.kind == "ongoing" for e in orc.effects)
    assert not any(e.kind == "ongoing" for e in skeleton.effects)
    bite = parse_power(0, "attack", "Ghoul Bite: +10 vs. AC, 10 Damage; if target is Immobilized, 10 Damage")
    assert bite.played and bite.attack is not None  # 'if target is immobilized' is a state, not a kind of target
    assert [(e.who, e.gate.target_state) for e in bite.attack.hit] == [("target", ""), ("target", "cond:immobilized")]


def test_towering_stops_on_statues_and_passes_medium_enemies_only() -> None:
    """ddm-guild.towering: the cards' reminder ('Can occupy statue terrain. Can move into squares occupied by
    Medium or smaller enemies.')."""
    towering = "Towering: Can occupy statue terrain. Can move into squares occupied by Medium or smaller enemies."
    assert [s.kind for s in parse_power(0, "special", towering).statics] == ["towering"]
    s = battle([card("Giant", SWORD, towering, size="Huge", speed=8), card("Man", SWORD, speed=8)],
               [card("Orc", SWORD), card("Ogre", SWORD, size="Large")], PurposeDice())
    put(s, "a1", 2, 0)
    put(s, "a2", 2, 5)
    put(s, "b1", 5, 1)  # a Medium enemy in the giant's way
    put(s, "b2", 8, 5)
    giant, man = s.b.by_id["a1"], s.b.by_id["a2"]
    blocked_giant, passable_giant = MV.blocked_for(s.b, giant)
    blocked_man, _ = MV.blocked_for(s.b, man)
    assert (5, 1) in blocked_man and (5, 1) not in blocked_giant and (5, 1) in passable_giant
    assert (8, 5) in blocked_giant  # the Large Ogre still blocks it
    assert giant.statue_ok and not man.statue_ok
    rows = ["." * 12] * 6 + ["." * 6 + "s" + "." * 5, "." * 12]  # a statue at (6, 6)
    board = GuildBoard(get_map({**OPEN, "slug": "test-statue", "rows": rows}))
    statue = (6, 6)
    assert board.can_end(statue, 1, True) and not board.can_end(statue, 1, False)
    assert board.can_end((5, 6), 1, False)


def test_immune_flanking_gives_no_combat_advantage_to_flankers() -> None:
    s = battle([card("Rogue", SWORD), card("Ally", SWORD)], [card("Orc", SWORD, "Immune Flanking"),
                                                             card("Goblin", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 6, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 5, 6)
    rogue, orc, goblin = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    assert not J.has_combat_advantage(s.b, rogue, orc, melee=True)
    put(s, "a1", 4, 6)
    put(s, "a2", 6, 6)
    put(s, "b1", 9, 0)
    put(s, "b2", 5, 6)
    assert J.has_combat_advantage(s.b, rogue, goblin, melee=True)


def test_recharge_at_the_end_of_a_turn_without_an_attack() -> None:
    text = "Rally Cry: Minor action: each ally within 5 squares has +2 attack until end of round. RECHARGE at end " \
           "of its turn if it did not attack on that turn."
    power = parse_power(1, "special", text, uses=1)
    assert power.played and power.recharge == "end-of-turn-no-attack", power.unplayed
    s = battle([{**card("Captain", SWORD), "powers": [{"kind": "attack", "text": SWORD},
                                                      {"kind": "special", "text": text, "uses": 1}]}],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    captain = s.b.by_id["a1"]
    rally = captain.powers[1]
    s._start_turn(captain)
    captain.spend(rally)
    sword = captain.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, captain, sword, sword.attack, [s.b.by_id["b1"]])
    s._end_turn(captain)
    assert not captain.uses_left(rally)  # it attacked: no recharge
    s._start_turn(captain)
    s._end_turn(captain)
    assert captain.uses_left(rally)


def test_delayed_appearance_arrives_at_the_start_of_the_second_round() -> None:
    """ddm-guild.delayed-appearance."""
    delayed = "Delayed Appearance: Starts off the battlemap."
    assert [s.kind for s in parse_power(0, "special", delayed).statics] == ["delayed"]
    s = battle([card("Ambusher", SWORD, delayed), card("Guard", SWORD)], [card("Orc", SWORD)], PurposeDice())
    ambusher = s.b.by_id["a1"]
    assert not ambusher.on_map and ambusher.alive and ambusher.pos is None
    assert [e.data["creature"] for e in s.log.of_kind("off-map")] == ["a1"]
    s.b.round = 1
    s._start_round()
    assert ambusher.on_map and ambusher.pos is not None and ambusher.activations_left == 1
    assert ambusher.pos in s.map.start_squares(s.b.letters[0])


def test_an_attack_that_rerolls_once_on_a_miss() -> None:
    for text in ("Boomerang: (range 10) +14 vs. AC; 10 Damage; reroll once on miss",
                 "Feinting Strike: (reach 2) +15 vs. AC; 25 damage. On miss, re-roll once."):
        power = parse_power(0, "attack", text)
        assert power.played and power.attack is not None and power.attack.reroll_miss, power.unplayed
        assert [e.kind for e in power.attack.hit] == ["damage"]
    assert parse_power(0, "special", "Resist 25 Lighting").statics[0].what == "lightning"  # the card's misprint
    s = battle([card("Thrower", "Boomerang: (range 10) +14 vs. AC; 10 Damage; reroll once on miss")],
               [card("Orc", SWORD, ac=20)], PurposeDice(attack=[2, 18]))
    put(s, "a1", 2, 3)
    put(s, "b1", 8, 3)
    thrower, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    boomerang = thrower.powers[0]
    assert boomerang.attack is not None
    assert AT.attack(s.b, thrower, boomerang, boomerang.attack, [orc]) == 1  # 2 misses, the reroll of 18 hits
    assert orc.hp == 40
