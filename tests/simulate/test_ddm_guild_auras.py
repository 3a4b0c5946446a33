"""The gain vocabulary: what an aura gives the creatures in it ('(Aura 2) Enemies in aura are not invisible and do not
benefit from Conceal', 'Adjacent enemies may not make opportunity attacks', 'Good allies within 3 squares have Immune
Confused'), what a creature always has ('Invisible', 'Stationary', 'Object') and what a power gives a group for a while
('Use at start of round. Demon allies gain Hide until end of round'); profile reading ddm-guild.auras."""

from __future__ import annotations

from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_play as P
from simulate.games.ddm_guild import GuildMove
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

DISTRACTOR = "Distractor: Adjacent enemies may not make opportunity attacks."
FAERIE_FIRE = "Faerie Fire: (Aura 2) Enemies in aura are not Invisible and do not benefit from Conceal."
BEACON = "Beacon: Good allies within 3 squares of this creature have Immune Confused."
FLAMEBEARER = ("Flamebearer: (aura 1) This creature and allies in aura have resist 10 fire and resist 5 radiant; "
               "enemies in aura gain vulnerable 10 fire.")
INTIMIDATOR = "Intimidator: (aura 1) Enemies in aura may not take Immediate actions."
VINE_FETTER = "Vine Fetter: (Aura 1) Enemies in aura cannot shift."
STENCH = "Stench: Adjacent living creatures have -2 Attack; Troglodytes immune."
HIDE_ROUND = "Use at start of round. Demon allies gain Hide until end of round"
NO_CA_ROUND = "Use at start of round. Allies do not grant combat advantage this round."
REVEAL_ROUND = "Use when you win initiative. Enemies do not benefit from Conceal or invisibility until end of round."
STATIONARY = "Stationary: Cannot move; not affected by forced-movement effects."
OBJECT = "Object: Does not score VP for occupying one of your victory areas; immune to attacks which target Will."
FIRE = "Fire Bolt: (range 10) +10 vs. Reflex; 10 fire damage."
MIND = "Mind Spike: (range 10) +10 vs. Will; 10 psychic damage."


def test_the_powers_are_played() -> None:
    for text in (DISTRACTOR, FAERIE_FIRE, BEACON, FLAMEBEARER, INTIMIDATOR, VINE_FETTER, STENCH, HIDE_ROUND,
                 NO_CA_ROUND, REVEAL_ROUND, STATIONARY, OBJECT, "Invisible",
                 "Tiamat's Blessing (Acid): (Aura 1) Spawn allies in aura have Resist 10 Acid.",
                 "Illuminator 3: This creature and creatures within 3 squares are not invisible and do not benefit "
                 "from Conceal."):
        c = card_from_json(card("Any", SWORD, text, rating=3))
        assert len(c.powers) == 2, text
        assert unplayed_powers(c) == [], (text, c.powers[1])


def test_adjacent_enemies_make_no_opportunity_attacks() -> None:
    for power, provoked in ((DISTRACTOR, []), ("Plain: +0 AC.", ["b1"])):
        s = battle([card("Hand", SWORD, power, hp=60)], [card("Guard", SWORD)], PurposeDice(attack=[15, 15]))
        put(s, "a1", 5, 3)
        put(s, "b1", 6, 3)
        turn_of(s, "a1")
        s.apply(GuildMove((2, 3)))
        assert [e.data["attacker"] for e in s.log.of_kind("opportunity-attack")] == provoked, power


def test_enemies_in_the_aura_are_seen_and_lose_conceal() -> None:
    s = battle([card("Drider", SWORD, FAERIE_FIRE)], [card("Stalker", SWORD, "Invisible", "Conceal 11")],
               PurposeDice())
    drider, stalker = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "a1", 3, 3)
    put(s, "b1", 8, 3)  # 5 squares away: outside the aura
    assert s.b.invisible_to(stalker, drider) and stalker.conceal_now() == 11
    assert not s.b.sees(drider, stalker)
    put(s, "b1", 5, 3)  # 2 squares away: in the aura
    assert not s.b.invisible_to(stalker, drider) and stalker.conceal_now() == 0
    assert s.b.sees(drider, stalker)
    put(s, "b1", 6, 3)  # 3 squares away, out again: the engine looks again whenever a creature moves
    assert s.b.invisible_to(stalker, drider) and stalker.conceal_now() == 11


def test_good_allies_near_the_beacon_are_immune_to_confusion() -> None:
    near = card("Near", SWORD)
    near["alignment"] = "good"
    far = card("Far", SWORD)
    far["alignment"] = "good"
    s = battle([card("Eberk", SWORD, BEACON), near, far, card("Neutral", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 5, 4)
    put(s, "a3", 3, 7)
    put(s, "a4", 4, 3)
    near_f, far_f, neutral = s.b.by_id["a2"], s.b.by_id["a3"], s.b.by_id["a4"]
    assert "confused" in near_f.immune_now()
    assert "confused" not in far_f.immune_now() and "confused" not in neutral.immune_now()
    orc = s.b.by_id["b1"]
    for f in (near_f, neutral):
        P.add_active(s.b, f, "condition", "confused", 0, "end-next-turn", orc, P.Filter())
    assert not near_f.has("confused") and neutral.has("confused")


def test_the_flamebearer_resists_fire_with_its_allies_and_burns_its_enemies() -> None:
    s = battle([card("Pyromancer", SWORD, FLAMEBEARER), card("Ally", SWORD)], [card("Orc", SWORD), card("Far", SWORD)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 3)
    pyro, ally, orc, far = (s.b.by_id[k] for k in ("a1", "a2", "b1", "b2"))
    assert P.deal_damage(s.b, pyro, [(15, "fire")], orc) == 5
    assert P.deal_damage(s.b, ally, [(15, "fire")], orc) == 5
    assert P.deal_damage(s.b, ally, [(15, "radiant")], orc) == 10
    assert P.deal_damage(s.b, orc, [(15, "fire")], pyro) == 25
    assert P.deal_damage(s.b, far, [(15, "fire")], pyro) == 15


def test_enemies_in_the_aura_take_no_immediate_actions() -> None:
    s = battle([card("Thug", SWORD, INTIMIDATOR)], [card("Orc", SWORD), card("Far", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 3)
    assert not s.b.by_id["b1"].immediate_ready() and s.b.by_id["b2"].immediate_ready()
    assert s.b.by_id["b1"].makes_opportunity_attacks()  # an opportunity attack is no immediate action


def test_enemies_in_the_vine_fetter_cannot_shift() -> None:
    s = battle([card("Vine", SWORD, VINE_FETTER)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    orc = s.b.by_id["b1"]
    turn_of(s, "b1")
    assert orc.has("no-shift")
    assert not s._shift_squares(orc)
    put(s, "b1", 8, 3)
    assert not orc.has("no-shift") and s._shift_squares(orc)


def test_stench_spares_its_own_kind_and_the_unliving() -> None:
    s = battle([card("Troglodyte", SWORD, STENCH, keywords=("troglodyte",)),
                card("Cousin", SWORD, keywords=("troglodyte",))],
               [card("Orc", SWORD), card("Zombie", SWORD, keywords=("undead",))], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 3)
    put(s, "b2", 5, 2)
    trog, cousin, orc, zombie = (s.b.by_id[k] for k in ("a1", "a2", "b1", "b2"))
    sword = orc.powers[0]
    assert sword.attack is not None
    assert J.attack_bonus(s.b, orc, trog, sword, sword.attack, False, False)[0] == -2
    assert J.attack_bonus(s.b, zombie, trog, sword, sword.attack, False, False)[0] == 0
    assert J.attack_bonus(s.b, cousin, orc, sword, sword.attack, False, False)[0] == 0


def test_demon_allies_hide_for_the_round() -> None:
    s = battle([card("Ultroloth", SWORD, HIDE_ROUND, rating=3), card("Imp", SWORD, keywords=("demon",)),
                card("Human", SWORD)], [card("Orc", SWORD)], PurposeDice())
    champ, imp, human = (s.b.by_id[k] for k in ("a1", "a2", "a3"))
    power = next(p for p in champ.powers if p.text == HIDE_ROUND)
    assert power.trigger == "start-of-round"
    imp.effects = []  # (the battle's first round may have used it)
    assert imp.gained("hide") == 0
    P.apply_effects(s.b, power.effects, P.Ctx(champ))
    assert imp.gained("hide") == 1 and human.gained("hide") == 0
    s._end_round()
    assert imp.gained("hide") == 0


def test_allies_grant_no_combat_advantage_this_round() -> None:
    s = battle([card("Naga", SWORD, NO_CA_ROUND, rating=3), card("Ally", SWORD)], [card("Orc", SWORD)], PurposeDice())
    champ, ally, orc = (s.b.by_id[k] for k in ("a1", "a2", "b1"))
    put(s, "a2", 5, 3)
    put(s, "b1", 6, 3)
    ally.effects = [e for e in ally.effects if e.kind != "gain"]  # (the battle's first round may have used it)
    P.add_active(s.b, ally, "condition", "dazed", 0, "end-next-turn", orc, P.Filter())
    assert J.has_combat_advantage(s.b, orc, ally, True)
    power = next(p for p in champ.powers if p.text == NO_CA_ROUND)
    P.apply_effects(s.b, power.effects, P.Ctx(champ))
    assert not J.has_combat_advantage(s.b, orc, ally, True)


def test_stationary_cannot_move_and_is_not_pushed() -> None:
    s = battle([card("Portal", SWORD, STATIONARY)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    portal = s.b.by_id["a1"]
    assert portal.held()
    turn_of(s, "a1")
    assert s._move_actions(portal) == []
    P.forced_move(s.b, portal, s.b.by_id["b1"], "push", 2, False)
    assert portal.pos == (4, 3)


def test_an_object_scores_no_victory_area_points_and_will_attacks_miss_it() -> None:
    s = battle([card("Chest", SWORD, OBJECT)], [card("Psion", SWORD, MIND, FIRE)], PurposeDice(attack=[19, 19]))
    chest, psion = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "a1", 8, 3)  # player A's victory area (test map: (8, 3))
    put(s, "b1", 10, 3)
    before = s.b.scores[0]
    s._end_round()
    assert s.b.scores[0] == before
    mind, fire = psion.powers[1], psion.powers[2]
    assert mind.attack is not None and fire.attack is not None
    assert P.attack(s.b, psion, mind, mind.attack, [chest]) == 0 and chest.hp == 50
    assert P.attack(s.b, psion, fire, fire.attack, [chest]) == 1 and chest.hp == 40


PLODDING = "Plodding: Cannot charge and cannot use more than 1 move action each round."
DETERMINED = "Determined: Makes saving throws at the start of its turn instead of at the end."
EVASION = "Evasion: Never takes damage from a missed attack."
TREMORSENSE = ("Tremorsense: Ignores Conceal on creatures without Flight and treats invisible creatures without "
               "Flight as visible.")
KEEN_HEARING = "Keen Hearing 6: Ignores Conceal and Invisible vs. enemies within 6 squares."


def test_own_statics_are_played() -> None:
    for text in (PLODDING, DETERMINED, EVASION, TREMORSENSE, KEEN_HEARING, "Shadowsight: Ignores Invisible.",
                 "Stubborn: Makes saving throws at the start and end of each of its turns.",
                 "Woodland Stride: Ignores the additional cost for moving in forest terrain."):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2, text
        assert unplayed_powers(c) == [], (text, c.powers[1])


def test_a_plodding_creature_neither_charges_nor_moves_twice() -> None:
    s = battle([card("Zombie", SWORD, PLODDING)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "b1", 8, 3)
    zombie = s.b.by_id["a1"]
    turn_of(s, "a1")
    assert s._move_actions(zombie) and not s._charge_actions(zombie)
    s.apply(GuildMove((4, 3)))
    assert not zombie.move_action and zombie.attack_action
    assert s._move_actions(zombie) == []  # its attack action is no second move
    walker = battle([card("Walker", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(walker, "a1", 2, 3)
    put(walker, "b1", 8, 3)
    turn_of(walker, "a1")
    assert walker._charge_actions(walker.b.by_id["a1"])
    walker.apply(GuildMove((4, 3)))
    assert walker._move_actions(walker.b.by_id["a1"])


def test_a_determined_creature_saves_at_the_start_of_its_turn() -> None:
    s = battle([card("Durnan", SWORD, DETERMINED)], [card("Orc", SWORD)], PurposeDice(save=[15]))
    durnan, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "a1", 2, 3)
    put(s, "b1", 8, 3)
    P.add_active(s.b, durnan, "condition", "dazed", 0, "save", orc, P.Filter())
    s._start_turn(durnan)
    assert not durnan.has("dazed")  # saved at once (the dice's save of 15)
    P.add_active(s.b, durnan, "condition", "slowed", 0, "save", orc, P.Filter())
    s._end_turn(durnan)
    assert durnan.has("slowed")  # no save at the end of its turn


def test_evasion_takes_no_damage_from_a_miss() -> None:
    half = "Fireball: (range 10) +10 vs. Reflex; 20 fire damage; 10 fire damage on miss."
    for power, hp in ((EVASION, 50), ("Plain: +0 AC.", 40)):
        s = battle([card("Rogue", SWORD, power, defence=30)], [card("Mage", half)], PurposeDice(attack=[5]))
        put(s, "a1", 2, 3)
        put(s, "b1", 8, 3)
        rogue, mage = s.b.by_id["a1"], s.b.by_id["b1"]
        fireball = mage.powers[0]
        assert fireball.attack is not None and fireball.attack.miss
        assert P.attack(s.b, mage, fireball, fireball.attack, [rogue]) == 0
        assert rogue.hp == hp, power


def test_tremorsense_sees_through_invisibility_and_conceal_on_the_ground_only() -> None:
    s = battle([card("Elemental", SWORD, TREMORSENSE)],
               [card("Stalker", SWORD, "Invisible", "Conceal 11"), card("Wisp", SWORD, "Invisible", "Flight")],
               PurposeDice(attack=[12, 12]))
    put(s, "a1", 2, 3)
    put(s, "b1", 3, 3)
    put(s, "b2", 2, 4)
    elemental, stalker, wisp = (s.b.by_id[k] for k in ("a1", "b1", "b2"))
    assert not s.b.invisible_to(stalker, elemental) and s.b.invisible_to(wisp, elemental)
    assert s.b.ignores_conceal(elemental, stalker)
    sword = elemental.powers[0]
    assert sword.attack is not None
    assert P.attack(s.b, elemental, sword, sword.attack, [stalker]) == 1  # a 12 hits through Conceal 11


def test_keen_hearing_reaches_six_squares() -> None:
    s = battle([card("Tabaxi", SWORD, KEEN_HEARING)], [card("Stalker", SWORD, "Invisible")], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "b1", 8, 3)
    assert not s.b.invisible_to(s.b.by_id["b1"], s.b.by_id["a1"])
    put(s, "b1", 9, 3)
    assert s.b.invisible_to(s.b.by_id["b1"], s.b.by_id["a1"])


def test_a_creature_that_does_not_provoke_for_the_turn_leaves_unharmed() -> None:
    blink = ("Blink Out: Minor action; until end of turn, this creature has Conceal 11 and Phasing and does not "
             "provoke opportunity attacks.")
    s = battle([card("Ancestor", SWORD, blink, hp=60)], [card("Guard", SWORD)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    ancestor = s.b.by_id["a1"]
    power = next(p for p in ancestor.powers if p.name == "Blink Out")
    assert power.action == "minor" and not power.unplayed
    turn_of(s, "a1")
    P.apply_effects(s.b, power.effects, P.Ctx(ancestor))
    s.apply(GuildMove((2, 3)))
    assert not s.log.of_kind("opportunity-attack") and ancestor.pos == (2, 3)


def test_arcane_allies_beside_the_familiar_have_blindsight_five() -> None:
    familiar = "Familiar: While adjacent to this creature, Arcane allies have Blindsight 5."
    s = battle([card("Tressym", SWORD, familiar), card("Wizard", SWORD, keywords=("arcane",))],
               [card("Stalker", SWORD, "Invisible")], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "a2", 3, 3)
    put(s, "b1", 8, 3)
    wizard, stalker = s.b.by_id["a2"], s.b.by_id["b1"]
    assert not s.b.invisible_to(stalker, wizard)  # 5 squares away
    put(s, "b1", 9, 3)
    assert s.b.invisible_to(stalker, wizard)  # 6 squares away
    put(s, "b1", 8, 3)
    put(s, "a2", 3, 5)  # no longer beside the Tressym
    assert s.b.invisible_to(stalker, wizard)
