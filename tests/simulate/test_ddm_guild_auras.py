"""The gain vocabulary: what an aura gives the creatures in it ('(Aura 2) Enemies in aura are not invisible and do not
benefit from Conceal', 'Adjacent enemies may not make opportunity attacks', 'Good allies within 3 squares have Immune
Confused'), what a creature always has ('Invisible', 'Stationary', 'Object') and what a power gives a group for a while
('Use at start of round. Demon allies gain Hide until end of round'); profile reading ddm-guild.auras."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildCharge, GuildGame, GuildMove, GuildState
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_judge import Ctx
from simulate.games.ddm_guild_vocab import Filter
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
        FX.add_active(s.b, f, "condition", "confused", 0, "end-next-turn", orc, Filter())
    assert not near_f.has("confused") and neutral.has("confused")


def test_the_flamebearer_resists_fire_with_its_allies_and_burns_its_enemies() -> None:
    s = battle([card("Pyromancer", SWORD, FLAMEBEARER), card("Ally", SWORD)], [card("Orc", SWORD), card("Far", SWORD)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 3)
    pyro, ally, orc, far = (s.b.by_id[k] for k in ("a1", "a2", "b1", "b2"))
    assert DM.deal_damage(s.b, pyro, [(15, "fire")], orc) == 5
    assert DM.deal_damage(s.b, ally, [(15, "fire")], orc) == 5
    assert DM.deal_damage(s.b, ally, [(15, "radiant")], orc) == 10
    assert DM.deal_damage(s.b, orc, [(15, "fire")], pyro) == 25
    assert DM.deal_damage(s.b, far, [(15, "fire")], pyro) == 15


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
    FX.apply_effects(s.b, power.effects, Ctx(champ))
    assert imp.gained("hide") == 1 and human.gained("hide") == 0
    s._end_round()
    assert imp.gained("hide") == 0


def test_allies_grant_no_combat_advantage_this_round() -> None:
    s = battle([card("Naga", SWORD, NO_CA_ROUND, rating=3), card("Ally", SWORD)], [card("Orc", SWORD)], PurposeDice())
    champ, ally, orc = (s.b.by_id[k] for k in ("a1", "a2", "b1"))
    put(s, "a2", 5, 3)
    put(s, "b1", 6, 3)
    ally.effects = [e for e in ally.effects if e.kind != "gain"]  # (the battle's first round may have used it)
    FX.add_active(s.b, ally, "condition", "dazed", 0, "end-next-turn", orc, Filter())
    assert J.has_combat_advantage(s.b, orc, ally, True)
    power = next(p for p in champ.powers if p.text == NO_CA_ROUND)
    FX.apply_effects(s.b, power.effects, Ctx(champ))
    assert not J.has_combat_advantage(s.b, orc, ally, True)


def test_stationary_cannot_move_and_is_not_pushed() -> None:
    s = battle([card("Portal", SWORD, STATIONARY)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    portal = s.b.by_id["a1"]
    assert portal.held()
    turn_of(s, "a1")
    assert s._move_actions(portal) == []
    MV.forced_move(s.b, portal, s.b.by_id["b1"], "push", 2, False)
    assert portal.pos == (4, 3)


def own_victory_square(s: GuildState) -> tuple[int, int]:
    """The square of player 0's victory area on the test map (the set-up may give player 0 either letter)."""
    area = next(a for a in s.map.grid.areas("victory") if a.letter == s.b.letters[0])
    return min(area.cells)


def test_an_object_scores_no_victory_area_points_and_will_attacks_miss_it() -> None:
    s = battle([card("Chest", SWORD, OBJECT)], [card("Psion", SWORD, MIND, FIRE)], PurposeDice(attack=[19, 19]))
    chest, psion = s.b.by_id["a1"], s.b.by_id["b1"]
    x, y = own_victory_square(s)
    put(s, "a1", x, y)
    put(s, "b1", x, y + 2)
    before = s.b.scores[0]
    s._end_round()
    assert s.b.scores[0] == before
    mind, fire = psion.powers[1], psion.powers[2]
    assert mind.attack is not None and fire.attack is not None
    assert AT.attack(s.b, psion, mind, mind.attack, [chest]) == 0 and chest.hp == 50
    assert AT.attack(s.b, psion, fire, fire.attack, [chest]) == 1 and chest.hp == 40
    chest.own_gains = []  # the same creature without its Object words scores there
    MV.refresh_while(s.b)
    s._end_round()
    assert s.b.scores[0] > before


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
    FX.add_active(s.b, durnan, "condition", "dazed", 0, "save", orc, Filter())
    s._start_turn(durnan)
    assert not durnan.has("dazed")  # saved at once (the dice's save of 15)
    FX.add_active(s.b, durnan, "condition", "slowed", 0, "save", orc, Filter())
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
        assert AT.attack(s.b, mage, fireball, fireball.attack, [rogue]) == 0
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
    assert AT.attack(s.b, elemental, sword, sword.attack, [stalker]) == 1  # a 12 hits through Conceal 11


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
    FX.apply_effects(s.b, power.effects, Ctx(ancestor))
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


BLOODSEEKER = "Bloodseeker: Has combat advantage against bloodied enemies."
PACK_TACTICS = "Pack Tactics: Enemies adjacent to an ally of this creature grant combat advantage to this creature."
SHARPSHOOTER = "Sharpshooter: Enemies do not provide cover against this creature's {r} attacks."
TERRAIN_MASTERY = "Terrain Mastery: Counts as occupying a victory area while adjacent to that victory area."
TUMBLE = "Tumble: This creature's movement does not provoke opportunity attacks on its turn."
HOP = "Hop: This creature moves as if with Flight on its turn."
THREATENING = "Threatening Reach: Can make opportunity attacks against enemies within reach."
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


def test_more_own_statics_are_played() -> None:
    for text in (BLOODSEEKER, PACK_TACTICS, SHARPSHOOTER, TERRAIN_MASTERY, TUMBLE, HOP, THREATENING,
                 "Simple Thinker: This creature must make opportunity attacks when it can.",
                 "Pinpoint Shot: Creatures and terrain do not provide cover against this creature's {r} attacks.",
                 "Always has combat advantage vs. Marked enemies.",
                 "Use at start of an ally's turn: That ally has Threatening Reach until end of round."):
        c = card_from_json(card("Any", SWORD, text, rating=3))
        assert len(c.powers) == 2, text
        assert unplayed_powers(c) == [], (text, c.powers[1])


def test_combat_advantage_against_bloodied_enemies_and_those_beside_an_ally() -> None:
    s = battle([card("Fiend", SWORD, BLOODSEEKER), card("Wolf", SWORD, PACK_TACTICS), card("Ally", SWORD)],
               [card("Orc", SWORD, hp=40), card("Far", SWORD)], PurposeDice())
    fiend, wolf, orc, far = (s.b.by_id[k] for k in ("a1", "a2", "b1", "b2"))
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 5)
    put(s, "a3", 9, 7)
    put(s, "b1", 5, 3)
    put(s, "b2", 5, 5)
    assert not J.has_combat_advantage(s.b, fiend, orc, True)
    orc.hp = 20
    assert J.has_combat_advantage(s.b, fiend, orc, True)
    assert not J.has_combat_advantage(s.b, wolf, far, True)
    put(s, "a3", 6, 5)  # the wolf's ally beside the enemy (not flanking it with the wolf)
    assert J.has_combat_advantage(s.b, wolf, far, True)


def test_enemies_give_the_sharpshooter_no_cover_and_allies_still_do() -> None:
    for shooter, blocker_side, cover in ((SHARPSHOOTER, "b", False), (SHARPSHOOTER, "a", True),
                                         ("Plain: +0 AC.", "b", True)):
        blockers = [card("Blocker", SWORD)]
        s = battle([card("Archer", BOW, shooter)] + (blockers if blocker_side == "a" else []),
                   [card("Target", SWORD)] + (blockers if blocker_side == "b" else []), PurposeDice())
        archer, target = s.b.by_id["a1"], s.b.by_id["b1"]
        put(s, "a1", 2, 3)
        put(s, "b1", 8, 3)
        put(s, "a2" if blocker_side == "a" else "b2", 5, 3)
        bow = archer.powers[0]
        assert bow.attack is not None
        mods = J.attack_bonus(s.b, archer, target, bow, bow.attack, False, False)[1]
        assert ("cover-2" in mods) is cover, (shooter, blocker_side)


def test_terrain_mastery_scores_beside_a_victory_area() -> None:
    for power, scored in ((TERRAIN_MASTERY, True), ("Plain: +0 AC.", False)):
        s = battle([card("Caver", SWORD, power)], [card("Orc", SWORD)], PurposeDice())
        x, y = own_victory_square(s)
        put(s, "a1", x, y + 1)  # beside its own victory area
        put(s, "b1", 11, 7)
        before = s.b.scores[0]
        s._end_round()
        assert (s.b.scores[0] > before) is scored, power


def test_tumble_leaves_without_provoking() -> None:
    s = battle([card("Rogue", SWORD, TUMBLE, hp=60)], [card("Guard", SWORD)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 5, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    s.apply(GuildMove((2, 3)))
    assert not s.log.of_kind("opportunity-attack") and s.b.by_id["a1"].pos == (2, 3)


def test_a_hopping_frog_flies_on_its_turn_only() -> None:
    s = battle([card("Frog", SWORD, HOP)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "b1", 8, 3)
    frog = s.b.by_id["a1"]
    s.b.active = s.b.by_id["b1"]  # the orc's turn
    MV.refresh_while(s.b)
    assert not frog.flies()
    s._start_turn(frog)
    s.b.active = frog
    MV.refresh_while(s.b)
    assert frog.flies()
    s._end_turn(frog)
    assert not frog.flies()


def test_threatening_reach_punishes_leaving_any_square_within_reach() -> None:
    glaive = "Glaive: (reach 2) +10 vs. AC; 10 damage."
    for power, provoked in ((THREATENING, ["b1"]), ("Plain: +0 AC.", [])):
        s = battle([card("Runner", SWORD, hp=60)], [card("Giant", glaive, power)], PurposeDice(attack=[15, 15]))
        put(s, "a1", 4, 3)
        put(s, "b1", 6, 3)  # two squares away: within its reach, not adjacent
        turn_of(s, "a1")
        s.apply(GuildMove((1, 3)))
        assert [e.data["attacker"] for e in s.log.of_kind("opportunity-attack")] == provoked, power


def test_allies_in_a_victory_area_gain_conceal_for_the_round() -> None:
    power = "Use at start of round: Each ally occupying a victory area has Conceal 6 until end of round."
    s = battle([card("Champion", SWORD, power, rating=3), card("Holder", SWORD), card("Walker", SWORD)],
               [card("Orc", SWORD)], PurposeDice())
    champ, holder, walker = (s.b.by_id[k] for k in ("a1", "a2", "a3"))
    x, y = own_victory_square(s)
    put(s, "a2", x, y)
    put(s, "a3", x, y + 2)
    for f in (holder, walker):
        f.effects = []  # (the battle's first round may have used it)
    p = next(p for p in champ.powers if p.text == power)
    assert p.trigger == "start-of-round" and not p.unplayed
    FX.apply_effects(s.b, p.effects, Ctx(champ))
    assert (holder.conceal_now(), walker.conceal_now()) == (6, 0)


def test_worth_nothing_scores_nothing_when_destroyed() -> None:
    for power, points in (("Beneath Contempt: Worth 0 VP when eliminated.", 0), ("Plain: +0 AC.", 20)):
        s = battle([card("Miner", SWORD, power)], [card("Orc", SWORD), card("Other", SWORD)], PurposeDice())
        put(s, "a1", 4, 3)
        put(s, "b1", 5, 3)
        before = s.b.scores[1]
        DM.deal_damage(s.b, s.b.by_id["a1"], [(99, "")], s.b.by_id["b1"])
        assert s.b.scores[1] - before == points, power


def test_kin_takes_its_warbands_keyword_and_alignment() -> None:
    lord = "Lord Sire: This creature has the Dragonne keyword if it has Dragonne allies in its warband."
    wolf = "Blackhearted: This creature is Evil is there are Evil creatures in your warband."
    evil = card("Fiend", SWORD)
    evil["alignment"] = "evil"
    s = battle([card("Sphinx", SWORD, lord), card("Dragonne", SWORD, keywords=("dragonne",)), card("Wolf", SWORD, wolf),
                evil], [card("Sphinx", SWORD, lord), card("Wolf", SWORD, wolf)], PurposeDice())
    assert J.has_keyword(s.b.by_id["a1"], "dragonne") and s.b.by_id["a3"].card.alignment == "evil"
    assert not J.has_keyword(s.b.by_id["b1"], "dragonne") and s.b.by_id["b2"].card.alignment == "neutral"


def test_close_attacker_cannot_be_shot_while_beside_an_enemy() -> None:
    monk = "Close Attacker: Cannot be targeted by {r} attacks while adjacent to an enemy."
    s = battle([card("Monk", SWORD, monk)], [card("Archer", BOW), card("Brute", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 9, 3)
    put(s, "b2", 4, 6)
    archer, monk_f = s.b.by_id["b1"], s.b.by_id["a1"]
    bow = archer.powers[0]
    assert bow.attack is not None
    assert AT.in_range(s.b, archer, bow, bow.attack, monk_f)
    put(s, "b2", 3, 3)
    assert not AT.in_range(s.b, archer, bow, bow.attack, monk_f)


def test_elven_step_shifts_into_difficult_terrain() -> None:
    step = "Elven Step: Ignores the extra cost for entering difficult terrain while shifting."
    thicket = {"format": "muster-ddm-map/1", "slug": "test-thicket", "name": "A thicket", "width": 12, "height": 8,
               "rows": ["....." + "d" + "......"] * 8,
               "areas": [{"kind": "start", "letter": "A", "rects": [[0, 0, 2, 8]]},
                         {"kind": "start", "letter": "B", "rects": [[10, 0, 2, 8]]},
                         {"kind": "victory", "letter": "A", "rects": [[8, 3, 1, 1]]},
                         {"kind": "victory", "letter": "B", "rects": [[3, 3, 1, 1]]}]}
    for power, into in ((step, True), ("Plain: +0 AC.", False)):
        s = GuildGame().new_initial_state(
            lists=[{"name": "A", "creatures": [card("Elf", SWORD, power)]},
                   {"name": "B", "creatures": [card("Orc", SWORD)]}],
            battle_map=thicket, dice=PurposeDice(), params={"format": "standard-200"})
        assert isinstance(s, GuildState)
        elf = s.b.by_id["a1"]
        put(s, "a1", 4, 3)
        put(s, "b1", 10, 7)
        turn_of(s, "a1")
        squares = s._shift_squares(elf)
        assert (3, 3) in squares and ((5, 3) in squares) is into, power
        assert not elf.mover().ignore_difficult  # only its shifts


def test_squares_around_the_immolith_are_difficult_for_enemies() -> None:
    flames = ("Roiling Flames: (Aura) Each square within 2 squares of this creature counts as difficult terrain for "
              "enemies.")
    s = battle([card("Immolith", SWORD, flames), card("Ally", SWORD)], [card("Orc", SWORD, speed=4)], PurposeDice())
    put(s, "a1", 6, 3)
    put(s, "a2", 2, 6)
    put(s, "b1", 10, 3)
    orc, ally = s.b.by_id["b1"], s.b.by_id["a2"]
    ends = MV.reachable(s.b, orc, orc.speed())
    assert (8, 3) in ends and (7, 3) not in ends  # (9, 3) costs 1, (8, 3) 2 more: 3 of 4; (7, 3) would be 5
    put(s, "a1", 2, 0)  # the aura far away: four squares of open ground
    assert (6, 3) in MV.reachable(s.b, orc, orc.speed())
    put(s, "a1", 4, 6)  # its own side walks as ever
    assert (6, 2) in MV.reachable(s.b, ally, 4)


def test_an_aura_adds_to_saving_throws() -> None:
    insight = "Foul Insight: (Aura 10) Allies in aura have +2 Attack and +2 to saving throws."
    for power, saved in ((insight, True), ("Plain: +0 AC.", False)):
        s = battle([card("Seer", SWORD, power), card("Ally", SWORD)], [card("Orc", SWORD)], PurposeDice(save=[8]))
        put(s, "a1", 2, 3)
        put(s, "a2", 3, 3)
        ally, orc = s.b.by_id["a2"], s.b.by_id["b1"]
        FX.add_active(s.b, ally, "condition", "dazed", 0, "save", orc, Filter())
        e = next(x for x in ally.effects if x.what == "dazed")
        assert TR.roll_save(s.b, ally, e) is saved, power  # 8 + 2 makes the save's 10


def test_battle_hardened_resists_melee_only_and_foreign_mind_shrugs_off_daze() -> None:
    s = battle([card("Veteran", SWORD, "Battle Hardened: Resist 5 All vs. MELEE attacks.",
                     "Foreign Mind: Not affected by Confused, Dazed, and Dominated effects.")],
               [card("Orc", SWORD)], PurposeDice())
    vet, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    assert DM.deal_damage(s.b, vet, [(15, "")], orc, form="melee") == 10
    assert DM.deal_damage(s.b, vet, [(15, "")], orc, form="ranged") == 15
    FX.add_active(s.b, vet, "condition", "dazed", 0, "end-next-turn", orc, Filter())
    assert not vet.has("dazed")


def test_more_aura_words_are_played() -> None:
    for text in ("Blazing Illuminator: (Aura 6) While within aura, each enemy and each ally is visible.",
                 "Distracting Presence: (Aura 1) Enemies in aura do not score victory points for occupying a victory "
                 "area.",
                 "Charge Protection: (Aura) Enemies cannot charge allies within 5 squares of this creature.",
                 "Clarity: (Aura 3) This creature and Good allies in aura have +2 {m} attack and may not gain the "
                 "Dazed condition.",
                 "Vigilant Eye: (Aura 1) This creature and allies in aura ignore Conceal and Invisible.",
                 "Antimagic: (aura 8) Ignores invisible within aura; Arcane enemies have -4 attack while in aura.",
                 "Eye of Death: (aura 9) Enemies in aura cannot heal."):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2, text
        assert unplayed_powers(c) == [], (text, c.powers[1])


def test_enemies_in_the_aura_cannot_heal_nor_charge_its_allies() -> None:
    s = battle([card("Tyrant", SWORD, "Eye of Death: (aura 9) Enemies in aura cannot heal.",
                     "Charge Protection: (Aura) Enemies cannot charge allies within 5 squares of this creature."),
                card("Ally", SWORD)], [card("Orc", SWORD, hp=50)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 6, 5)
    put(s, "b1", 10, 5)
    orc = s.b.by_id["b1"]
    orc.hp = 30
    DM.heal(s.b, orc, 10)
    assert orc.hp == 30
    turn_of(s, "b1")
    assert all(isinstance(a, GuildCharge) and a.target != "a2" for a in s._charge_actions(orc))
    put(s, "a1", 0, 0)  # the aura's creature 6 squares from the ally, 10 from the orc: it heals and may charge
    DM.heal(s.b, orc, 10)
    assert orc.hp == 40
    assert any(isinstance(a, GuildCharge) and a.target == "a2" for a in s._charge_actions(orc))


def test_own_words_of_sight_and_attack() -> None:
    for text in ("Chameleon: Invisible to enemies 5 or more squares distant.",
                 "Phased Array: This creature’s attacks ignore Insubstantial.",
                 "Ghost Touch: This creature's {m} attacks ignore Insubstantial",
                 "Eye Ray Expert: This creature's {r} attacks do not provoke opportunity attacks.",
                 "Beast Step: This creature moves up to 2 squares when it shifts instead of 1.",
                 "Immune Auras: Unaffected by auras of enemies.",
                 "Ranger's Pace: This creature ignores additional movement costs due to terrain.",
                 "Ultimate Sneak: Invisible during its turn.",
                 "Illuminator: While within 6 squares of this creature, invisible creatures are visible, and creatures "
                 "do not benefit from Conceal.",
                 "Runescarred Protector: Cannot be targeted with {m} or {r} attacks while adjacent to a Primal ally.",
                 "Forest Dweller: Forest terrain does not affect this creature's movement, and this creature has Hide "
                 "while occupying forest terrain.",
                 "Freedom: This creature ignores the Slowed and Immobilized conditions and is never considered to be "
                 "Slowed or Immobilized."):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2, text
        assert unplayed_powers(c) == [], (text, c.powers[1])
    s = battle([card("Choker", SWORD, "Chameleon: Invisible to enemies 5 or more squares distant."),
                card("Ghost", SWORD, "Ghost Touch: This creature's {m} attacks ignore Insubstantial"),
                card("Tyrant", SWORD, "Immune Auras: Unaffected by auras of enemies.")],
               [card("Orc", SWORD, "Insubstantial"), card("Rat", SWORD, "Vine Fetter: (Aura 1) Enemies in aura cannot "
                                                                          "shift.")], PurposeDice())
    choker, ghost, tyrant, orc = (s.b.by_id[k] for k in ("a1", "a2", "a3", "b1"))
    put(s, "a1", 2, 3)
    put(s, "b1", 7, 3)
    put(s, "a2", 8, 3)
    put(s, "b2", 4, 6)
    put(s, "a3", 5, 6)
    assert s.b.invisible_to(choker, orc)  # 5 squares away
    put(s, "b1", 6, 3)
    assert not s.b.invisible_to(choker, orc)  # 4 squares away
    touch = ghost.powers[0]
    assert touch.attack is not None
    s.b.dice = PurposeDice(attack=[15])
    AT.attack(s.b, ghost, touch, touch.attack, [orc])
    assert orc.hp == 40  # all 10, not halved
    assert not tyrant.has("no-shift")


def test_an_initiative_rating_of_its_own_and_always_bloodied() -> None:
    s = battle([card("Captain", SWORD, "Tactics: This creature is treated as having a Champion rating of 4 for "
                     "determining initiative.", rating=1),
                card("Berserker", SWORD, "Rage: This creature is always considered bloodied.")],
               [card("Chief", SWORD, "Humble: Treated as CR 0 when determining initiative.", rating=3)],
               PurposeDice(champion=[10, 12, 15]))
    captain, berserker = s.b.by_id["a1"], s.b.by_id["a2"]
    assert berserker.bloodied and berserker.hp == berserker.max_hp
    assert (captain.initiative_rating, s.b.by_id["b1"].initiative_rating) == (4, 0)
    s.b.dice = PurposeDice(test=[10, 12, 15])
    winner, rolls = s._champion_roll("test")
    assert (winner, rolls) == (1, 1215)  # player 0 (4 against 0) rolls two dice and keeps 12; player 1 rolls one: 15


def test_reckless_is_vulnerable_while_not_bloodied() -> None:
    s = battle([card("Slaad", SWORD, "Reckless: While not Bloodied, this creature has +5 Damage and Vulnerable 5 All.",
                     hp=60)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    slaad, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    assert DM.deal_damage(s.b, slaad, [(10, "")], orc) == 15
    assert DM.deal_damage(s.b, slaad, [(20, "")], orc) == 25  # 60 -> 45 -> 20: bloodied now
    assert DM.deal_damage(s.b, slaad, [(10, "")], orc) == 10


def test_drow_enemies_may_not_turn_hits_into_misses() -> None:
    tricks = "All tricks revealed: Drow enemies may not use powers that turn hits into misses."
    dodge = "Dodge: Use when this creature is hit by an attack: That attack misses."
    for power, usable in ((tricks, False), ("Plain: +0 AC.", True)):
        s = battle([card("Blademaster", SWORD, power)],
                   [card("Drow", SWORD, dodge, keywords=("drow",)), card("Orc", SWORD, dodge)], PurposeDice())
        put(s, "a1", 2, 3)
        put(s, "b1", 8, 3)
        put(s, "b2", 8, 5)
        drow, orc = s.b.by_id["b1"], s.b.by_id["b2"]
        d, o = (next(p for p in f.powers if p.name == "Dodge") for f in (drow, orc))
        assert drow.uses_left(d) is usable and orc.uses_left(o), power


def test_bend_shadow_hides_from_allies_too_beside_a_wall() -> None:
    bend = "Bend Shadow: Invisible to nonadjacent enemies and nonadjacent allies while adjacent to a wall."
    s = battle([card("Shadowdancer", SWORD, bend), card("Friend", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 0, 3)  # the map's edge counts as a wall (ddm-guild.stand-in-terrain)
    put(s, "a2", 4, 3)
    put(s, "b1", 6, 3)
    dancer, friend, orc = (s.b.by_id[k] for k in ("a1", "a2", "b1"))
    assert s.b.invisible_to(dancer, orc) and s.b.invisible_to(dancer, friend)
    put(s, "a1", 3, 3)  # away from the wall
    assert not s.b.invisible_to(dancer, orc) and not s.b.invisible_to(dancer, friend)


def test_waves_of_flame_burn_allies_as_well_as_enemies() -> None:
    waves = "Waves of Flame: (Aura 1) Enemies and allies that start a turn in aura take 5 fire damage."
    immolation = "Immolation: (Aura 1) Enemies and allies take 20 fire damage whenever starting a turn in aura."
    for power, burn in ((waves, 5), (immolation, 20)):
        s = battle([card("Salamander", SWORD, power), card("Ally", SWORD)], [card("Orc", SWORD)], PurposeDice())
        put(s, "a1", 4, 3)
        put(s, "a2", 4, 4)
        put(s, "b1", 5, 3)
        ally, orc = s.b.by_id["a2"], s.b.by_id["b1"]
        p = next(p for p in s.b.by_id["a1"].powers if p.text == power)
        assert p.trigger == "starts-in-aura" and p.trigger_filter.side == "any", power
        for f in (ally, orc):
            s._start_turn(f)
        assert (ally.hp, orc.hp) == (50 - burn, 50 - burn), power


def test_an_aura_that_holds_while_its_creature_is_not_bloodied() -> None:
    resolve = "Martial Resolve: Martial and War allies have +2 {m} Attack while this creature is not Bloodied."
    s = battle([card("Sergeant", SWORD, resolve, hp=40), card("Soldier", SWORD, keywords=("martial",))],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "a2", 4, 3)
    put(s, "b1", 5, 3)
    sergeant, soldier, orc = (s.b.by_id[k] for k in ("a1", "a2", "b1"))
    sword = soldier.powers[0]
    assert sword.attack is not None
    assert J.attack_bonus(s.b, soldier, orc, sword, sword.attack, False, False)[0] == 2
    sergeant.hp = 20
    assert J.attack_bonus(s.b, soldier, orc, sword, sword.attack, False, False)[0] == 0


def test_adjacent_creatures_may_not_take_minor_actions() -> None:
    presence = "Intimidating Presence: Adjacent creatures may not take minor actions."
    growl = ("Frightful Growl: Each ally adjacent to this creature has +2 Attack; each enemy adjacent to this creature "
             "has -2 Attack.")
    lights = "Illuminator: Enemies and allies within 6 squares of this creature are not invisible."
    for text in (presence, growl, lights):
        c = card_from_json(card("Any", SWORD, text))
        assert len(c.powers) == 2 and unplayed_powers(c) == [], text
    s = battle([card("Lich", SWORD, presence)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    orc = s.b.by_id["b1"]
    turn_of(s, "b1")
    assert not s._action_free(orc, "minor") and s._action_free(orc, "move")
    put(s, "b1", 8, 3)
    assert s._action_free(orc, "minor")
