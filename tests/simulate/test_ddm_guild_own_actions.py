"""What a creature may do on its turns, by its own powers: 'may take an extra attack action this turn', 'Take 1 extra
move action this turn', 'Takes 1 extra minor action on each of its turns'; 'its next {m} attack is an automatic hit
and a critical hit' (until it makes one); 'If this creature is the last creature to activate in the round'; 'Makes 2
saving throws against each effect'; 'has Speed 12 until end of round'; '+5 to all defenses until start of this
creature's turn'; 'Each adjacent Immobilized enemy takes 10 damage'; 'Opponent scores +25 VP if this creature is
destroyed by an enemy of level 10 or lower'; 'you roll 1 extra d20 to determine initiative this round'."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildMove, GuildPower
from simulate.games.ddm_guild_cards import card_from_json
from simulate.games.ddm_guild_judge import Ctx
from tests.simulate.test_ddm_guild_rules import (
    SWORD,
    PurposeDice,
    assert_played,
    attack_with,
    battle,
    card,
    put,
    turn_of,
)

BREACH = "Into the Breach: Use at start of turn: This creature may take an extra attack action this turn."
SURGE = "Feral Surge: use on this creature's turn. Take 1 extra move action this turn."
VECNA = "The Hand of Vecna: Takes 1 extra minor action on each of its turns."
KRIS = "Kris Rune: Minor action: This creature's next M attack is an automatic hit and a critical hit."
LAST = ("Last One In: Use at start of turn: If this creatureis the last creature to activate in the round, its next "
        "attack is an automatic hit.")
VANGUARD = ("Vanguard's Cut: Use at start of turn: If this isthe first creature to activate this round, its next "
            "attack is an automatic hit and a critical hit.")
MIGHTY = ("Mighty: Makes 2 saving throws against each effect and condition that a save can end at end of each of its "
          "turns.")
BURST = "Burst of Speed: Use at start of this creature's turn: This creature has Speed 12 until end of round."
STATUE = "Statue Form: Use at start of round: This creature has +5 to all defenses until start of this creature's turn."
HEAL = "Second Wind: Minor action: This creature heals 5 HP."


def test_the_powers_are_played() -> None:
    raw = card("Hero", SWORD, BREACH, SURGE, VECNA, KRIS, LAST, VANGUARD, MIGHTY, BURST, STATUE)
    for index in range(1, 10):
        assert_played(raw, index)


def _use(s: object, fid: str, index: int) -> None:
    """The power ``index`` of ``fid`` used now (what the battle's own first turn gave it is taken back first)."""
    b = s.b  # type: ignore[attr-defined]
    f = b.by_id[fid]
    f.extra_attack_actions = f.extra_move_actions = 0
    for e in f.effects[:]:
        b.end_effect(f, e, "test")
    TR.apply_power(b, f, f.powers[index], Ctx(f))


def test_an_extra_move_action() -> None:
    s = battle([card("Tiger", SWORD, SURGE)], [card("Deer", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "b1", 11, 7)
    turn_of(s, "a1")
    tiger = s.b.by_id["a1"]
    _use(s, "a1", 1)
    s.apply(GuildMove((2, 0)))
    assert tiger.move_action and tiger.attack_action  # the extra move action
    s.apply(GuildMove((4, 0)))
    assert not tiger.move_action and tiger.attack_action


def test_an_extra_minor_action_each_turn() -> None:
    s = battle([card("Lich", SWORD, VECNA, HEAL, hp=100)], [card("Deer", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "b1", 11, 7)
    lich = s.b.by_id["a1"]
    lich.hp = 80
    turn_of(s, "a1")
    s._start_turn(lich)
    s.apply(GuildPower(lich.powers[2].index))
    assert lich.minor_action and lich.hp == 85  # a second minor action
    s.apply(GuildPower(lich.powers[2].index))
    assert not lich.minor_action and lich.hp == 90


def test_an_extra_attack_action_this_turn() -> None:
    s = battle([card("Hobgoblin", SWORD, BREACH)], [card("Deer", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "b1", 11, 7)
    _use(s, "a1", 1)
    assert s.b.by_id["a1"].extra_attack_actions == 1


def test_the_next_melee_attack_is_an_automatic_critical_hit() -> None:
    s = battle([card("Giant", SWORD, KRIS)], [card("Orc", SWORD, hp=100, ac=40)], PurposeDice(attack=[2, 2]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    giant, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    _use(s, "a1", 1)
    attack_with(s, giant, orc)  # a 2 against AC 40: a hit and a critical hit all the same
    assert orc.hp == 80
    attack_with(s, giant, orc)  # spent: a 2 misses
    assert orc.hp == 80


def test_the_last_creature_to_activate_in_the_round() -> None:
    s = battle([card("Kobold", SWORD, LAST)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "b1", 11, 7)
    kobold, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    s.b.active = kobold
    kobold.activations_left, orc.activations_left = 0, 1
    assert not J.holds(s.b, "last-to-activate", kobold)
    orc.activations_left = 0
    assert J.holds(s.b, "last-to-activate", kobold)


def test_two_saving_throws() -> None:
    s = battle([card("Orc", SWORD)], [card("Beholder", SWORD, MIGHTY)], PurposeDice(save=[2, 15]))
    put(s, "a1", 0, 0)
    put(s, "b1", 11, 7)
    beholder, orc = s.b.by_id["b1"], s.b.by_id["a1"]
    FX.add_active(s.b, beholder, "condition", "dazed", 0, "save", orc, beholder.powers[0].trigger_filter)
    s._saves(beholder)  # a 2 fails, the second save (a 15) succeeds
    assert not beholder.has("dazed")


def test_a_speed_and_defences_for_a_while() -> None:
    s = battle([card("Hezrou", SWORD, BURST, STATUE, speed=5)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 0, 0)
    put(s, "b1", 11, 7)
    hezrou = s.b.by_id["a1"]
    _use(s, "a1", 1)
    assert hezrou.speed() == 12
    _use(s, "a1", 2)
    assert J.stat_mods(s.b, hezrou, "defenses") == 5
    s.b.active = hezrou
    s._start_turn(hezrou)  # its turn starts: the +5 ends
    assert J.stat_mods(s.b, hezrou, "defenses") == 0


CONSTRICTION = "Constriction: Use at start of this creature's turn: Each adjacent Immobilized enemy takes 10 damage."
TROPHY = "Trophy: Opponent scores +25 VP if this creature is destroyed by an enemy of level 10 or lower."
PLANS = ("Enemy Battle Plans: Use at start of round: if this creature occupies a victory area, you roll 1 extra d20 to "
         "determine initiative this round.")


def test_each_adjacent_immobilized_enemy() -> None:
    s = battle([card("Slaver", SWORD, CONSTRICTION)], [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    orc, elf = s.b.by_id["b1"], s.b.by_id["b2"]
    FX.add_active(s.b, orc, "condition", "immobilized", 0, "save", s.b.by_id["a1"], orc.powers[0].trigger_filter)
    _use(s, "a1", 1)
    assert orc.hp == 90 and elf.hp == 100


def test_more_points_for_a_low_level_killer_and_initiative_words() -> None:
    s = battle([card("Tyrannosaurus", SWORD, TROPHY, cost=30, hp=10)],
               [card("Orc", SWORD, level=10), card("Giant", SWORD, level=11)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    before = s.b.scores[1]
    DM.destroy(s.b, s.b.by_id["a1"], s.b.by_id["b1"])  # a level 10 enemy: its cost and 25 more
    assert s.b.scores[1] - before == 55
    plans = card_from_json(card("Spy", SWORD, PLANS)).powers[1]
    assert plans.trigger == "before-initiative" and plans.requirement == "in-victory-area"


def test_an_aura_of_more_speed_for_allies_of_a_kind() -> None:
    s = battle([card("Marshal", SWORD, "Motivator: Goblin allies have +2 Speed."),
                card("Goblin", SWORD, keywords=("goblin",)), card("Orc", SWORD)], [card("Elf", SWORD)], PurposeDice())
    for fid, x in (("a1", 0), ("a2", 1), ("a3", 2), ("b1", 11)):
        put(s, fid, x, 3)
    MV.refresh_while(s.b)
    assert (s.b.by_id["a2"].speed(), s.b.by_id["a3"].speed()) == (8, 6)


def test_damage_around_it_and_then_its_heal() -> None:
    lute = ("Thunder Lute: Attack action: Each ally and each enemy within 3 squares of this creature takes 5 thunder "
            "damage AND this creature heals 10 HP.")
    s = battle([card("Bard", SWORD, lute, hp=50), card("Friend", SWORD)], [card("Orc", SWORD), card("Far", SWORD)],
               PurposeDice())
    for fid, x in (("a1", 4), ("a2", 5), ("b1", 7), ("b2", 11)):
        put(s, fid, x, 3)
    bard = s.b.by_id["a1"]
    bard.hp = 30
    _use(s, "a1", 1)
    assert [s.b.by_id[x].hp for x in ("a1", "a2", "b1", "b2")] == [40, 45, 45, 50]


def test_conceal_after_a_long_move() -> None:
    shadow = ("Child of Shadow: If this creature moves at least 4 squares during its turn, it has Conceal 6 until end "
              "of this creature's next turn.")
    for to, hidden in (((5, 0), True), ((3, 0), False)):
        s = battle([card("Assassin", SWORD, shadow)], [card("Orc", SWORD)], PurposeDice())
        put(s, "a1", 0, 0)
        put(s, "b1", 11, 7)
        turn_of(s, "a1")
        assassin = s.b.by_id["a1"]
        assassin.moved = 0
        s.apply(GuildMove(to))
        s._end_turn(assassin)
        assert (assassin.conceal_now() == 6) is hidden, to


def test_resist_until_it_moves_or_attacks() -> None:
    withdrawal = "Withdrawal: Replaces move action: This creature has Resist 5 All until it moves or attacks."
    for moves in (True, False):
        s = battle([card("Crucian", SWORD, withdrawal)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15]))
        put(s, "a1", 4, 3)
        put(s, "b1", 5, 3)
        crucian, orc = s.b.by_id["a1"], s.b.by_id["b1"]
        _use(s, "a1", 1)
        assert crucian.resist_now().get("all") == 5
        if moves:
            MV.walk(s.b, crucian, [(4, 3), (3, 3)], provokes=False)
        else:
            attack_with(s, crucian, orc)
        assert not crucian.resist_now().get("all"), moves


def test_a_melee_basic_attack_against_an_immobilized_enemy_only() -> None:
    prey = "Easy Prey: Minor action, once per turn: make a melee basic attack vs. an Immobilized target."
    s = battle([card("Scorpion", SWORD, prey)], [card("Orc", SWORD, hp=100), card("Elf", SWORD, hp=100)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    orc, elf = s.b.by_id["b1"], s.b.by_id["b2"]
    turn_of(s, "a1")
    FX.add_active(s.b, orc, "condition", "immobilized", 0, "save", s.b.by_id["a1"], orc.powers[0].trigger_filter)
    s.apply(GuildPower(s.b.by_id["a1"].powers[1].index))
    assert orc.hp == 90 and elf.hp == 100


def test_burrow_swoop_and_no_items() -> None:
    glide = card_from_json(card("Azurion", SWORD, "Earthglide 5: Move action; Burrow up to 5 squares")).powers[1]
    assert glide.action == "move" and [(e.kind, e.amount, e.extra) for e in glide.effects] == [
        ("move", 5, ("mode:burrow",))]
    swoop = card_from_json(card("Kraul", SWORD, "Swoop Attack: Attack action: This creature moves up to its speed, "
                                "making a {m} attack at any point during movement.")).powers[1]
    assert [(e.kind, e.what) for e in swoop.effects] == [("move", ""), ("attack", "melee-basic")]
    vow = card_from_json(card("Adept", SWORD, "Vow of Poverty: Cannot be assigned items.")).powers[1]
    assert [s.kind for s in vow.statics] == ["construction"]


def test_an_ally_heals_at_each_of_its_turns_until_it_moves() -> None:
    vigor = ("Instill Vigor: Minor action; 1 adjacent ally heals 10 HP at start of each of its turns until that ally "
             "moves.")
    s = battle([card("Druid", SWORD, vigor), card("Ranger", SWORD, hp=50)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 3)
    put(s, "b1", 11, 7)
    ranger = s.b.by_id["a2"]
    ranger.hp = 20
    _use(s, "a1", 1)
    for hp in (30, 40):
        s.b.active = ranger
        s._start_turn(ranger)
        assert ranger.hp == hp
    MV.walk(s.b, ranger, [(5, 3), (6, 3)], provokes=False)  # it moves: no more
    s._start_turn(ranger)
    assert ranger.hp == 40


def test_an_ally_heals_and_loses_its_conditions() -> None:
    heal = "Heal: Minor action: An adjacent ally heals 20 HP and loses all conditions affecting it."
    s = battle([card("Planetar", SWORD, heal), card("Knight", SWORD, hp=50)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 5, 3)
    put(s, "b1", 11, 7)
    knight = s.b.by_id["a2"]
    knight.hp = 20
    FX.add_active(s.b, knight, "condition", "dazed", 0, "save", s.b.by_id["b1"], knight.powers[0].trigger_filter)
    _use(s, "a1", 1)
    assert knight.hp == 40 and not knight.has("dazed")
    aid = card_from_json(card("Elf", SWORD, "Aid Dragon: Minor action: 1 condition on an adjacent Dragon ally ends, "
                                            "or 1 adjacent Dragon ally heals 10 HP.")).powers[1]
    assert [[e.kind for e in option] for option in aid.effects[0].options] == [["cleanse"], ["heal"]]


def test_auras_on_kinds_of_creatures_of_both_sides() -> None:
    truth = "Exemplar of Truth: (aura 1) Evil or Underdark creatures that start their turn in aura are Dazed."
    rot = ("Rotting Aura: (Aura 1) Living creatures that start their turn adjacent to this creature take 5 necrotic "
           "damage.")
    s = battle([card("Sphinx", SWORD, truth, rot), card("Zombie", SWORD, keywords=("undead",))],
               [card("Orc", SWORD), card("Elf", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 3)
    put(s, "b2", 11, 7)
    zombie, orc = s.b.by_id["a2"], s.b.by_id["b1"]
    orc.card.alignment = "evil"
    for f in (zombie, orc):
        s.b.active = f
        s._start_turn(f)
    assert orc.has("dazed") and orc.hp == 45 and not zombie.has("dazed") and zombie.hp == 50


def test_less_cold_damage_in_a_heat_aura() -> None:
    heat = ("Heat Aura: (Aura 1) Enemies and allies in aura have -5 cold Damage with attacks that deal cold damage.")
    frost = "Frost Bite: +10 vs. AC; 10 cold damage."
    s = battle([card("Elemental", SWORD, heat)], [card("Orc", frost, hp=100), card("Wolf", frost)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 7, 3)
    elemental, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    attack_with(s, orc, elemental)  # in the aura: 10 cold damage, 5 less
    assert elemental.hp == 45


def test_an_aura_that_also_harms_at_each_of_its_turns() -> None:
    good = ("Exemplar of Good: (Aura 1) Evil enemies in aura have -2 Attack and -2 to all defenses and take 10 radiant "
            "damage at start of each of this creature's turns.")
    s = battle([card("Aspect", SWORD, good)], [card("Orc", SWORD), card("Elf", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    aspect, orc, elf = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    orc.card.alignment = "evil"
    s.b.active = aspect
    s._start_turn(aspect)
    assert (orc.hp, elf.hp) == (40, 50)
    assert J.stat_mods(s.b, orc, "attack") == -2 and J.stat_mods(s.b, elf, "attack") == 0
