"""What a card says of its creature alone, in more words: '+2 {m} Attack and +5 {m} Damage against targets previously
hit by this creature's Smite', 'Shapeshifters in your warband with the Stealth keyword gain the Aquatic keyword',
'Can charge targets it does not have line of sight to', 'This creature can shift once on its turn without expending
an action'. Each is played in a battle with set positions."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildCharge, GuildShift
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

CORRUPT = ("Destroy the Corrupt: +2 {m} Attack and +5 {m} Damage against targets previously hit by this creature's "
           "Smite.")
SMITE = "Smite: +12 vs. AC; 10 radiant damage."
WHARF = ("Wharf Rat: Shapeshifters in your warband with the Stealth keyword gain the Aquatic keyword until end of "
         "battle.")
SCENT = "Scent of Blood: Can charge targets it does not have line of sight to."
SIDESTEP = "Sidestep: This creature can shift once on its turn without expending an action."


def test_the_powers_are_read_and_played() -> None:
    for c in (card("Inquisitor", SWORD, SMITE, CORRUPT), card("Wererat", SWORD, WHARF), card("Rider", SWORD, SCENT),
              card("Rogue", SWORD, SIDESTEP)):
        assert unplayed_powers(card_from_json(c)) == [], c["name"]
    assert [p.name for p in unplayed_powers(card_from_json(card("Other", SWORD, CORRUPT)))] == ["Destroy the Corrupt"]


def test_a_bonus_against_targets_its_smite_has_hit() -> None:
    s = battle([card("Inquisitor", SWORD, SMITE, CORRUPT)], [card("Orc", SWORD, hp=100), card("Elf", SWORD)],
               PurposeDice(attack=[15]))
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    put(s, "b2", 3, 4)
    inq, orc, elf = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    sword, smite = inq.powers[0], inq.powers[1]
    assert sword.attack is not None and smite.attack is not None
    assert J._stat_mods(s.b, inq, "damage", orc, sword.attack, sword, False, False) == 0
    AT.attack(s.b, inq, smite, smite.attack, [orc])
    assert J._stat_mods(s.b, inq, "damage", orc, sword.attack, sword, False, False) == 5
    assert J._stat_mods(s.b, inq, "attack", orc, sword.attack, sword, False, False) == 2
    assert J._stat_mods(s.b, inq, "damage", elf, sword.attack, sword, False, False) == 0


def test_wharf_rat_gives_its_stealthy_shapeshifters_the_aquatic_keyword() -> None:
    s = battle([card("Wererat", SWORD, WHARF, keywords=("Shapeshifter", "Stealth")),
                card("Werewolf", SWORD, keywords=("Shapeshifter", "Stealth")), card("Bear", SWORD,
                                                                                    keywords=("Shapeshifter",))],
               [card("Orc", SWORD, keywords=("Shapeshifter", "Stealth"))], PurposeDice())
    assert [J.has_keyword(s.b.by_id[x], "aquatic") for x in ("a1", "a2", "a3", "b1")] == [True, True, False, False]


def test_scent_of_blood_charges_the_nearest_enemy_out_of_sight() -> None:
    for text, can in ((SCENT, True), ("Plain: Minor action: this creature heals 5 HP.", False)):
        s = battle([card("Rider", SWORD, text)], [card("Orc", SWORD)], PurposeDice())
        put(s, "a1", 2, 3)
        put(s, "b1", 7, 3)
        rider, orc = s.b.by_id["a1"], s.b.by_id["b1"]
        FX.add_active(s.b, orc, "condition", "invisible", 0, "save", orc, Filter())
        assert not s.b.sees(rider, orc)
        rider.attack_action = rider.move_action = True
        charges = [a for a in s._charge_actions(rider) if isinstance(a, GuildCharge)]
        assert bool(charges) == can, text


def test_sidestep_shifts_once_a_turn_without_an_action() -> None:
    s = battle([card("Rogue", SWORD, SIDESTEP)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "b1", 9, 3)
    rogue = s.b.by_id["a1"]
    s._start_turn(rogue)
    s.b.active = rogue
    s.phase_player = rogue.player
    s.apply(GuildShift((3, 2)))
    assert rogue.pos == (3, 2) and rogue.move_action and rogue.attack_action
    s.apply(GuildShift((3, 1)))
    assert rogue.pos == (3, 1) and not rogue.move_action


PERCEPTION = "Perception: Ignores cover, Invisible and Conceal on nearest target within 10 squares."


def test_perception_sees_through_invisibility_and_conceal_on_the_nearest_enemy_only() -> None:
    assert unplayed_powers(card_from_json(card("Ranger", SWORD, PERCEPTION))) == []
    s = battle([card("Ranger", SWORD, PERCEPTION)], [card("Near", SWORD, "Conceal 6"), card("Far", SWORD)],
               PurposeDice())
    put(s, "a1", 2, 2)
    put(s, "b1", 6, 2)
    put(s, "b2", 9, 6)
    ranger, near, far = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    MV.refresh_while(s.b)
    for f in (near, far):
        FX.add_active(s.b, f, "condition", "invisible", 0, "save", f, Filter())
    assert not s.b.invisible_to(near, ranger) and s.b.invisible_to(far, ranger)
    assert s.b.ignores_conceal(ranger, near) and not s.b.ignores_conceal(ranger, far)
    put(s, "b1", 11, 7)  # now the far one is the nearer
    assert s.b.invisible_to(near, ranger) and not s.b.invisible_to(far, ranger)


def test_blessed_succeeds_on_every_save() -> None:
    blessed = "Blessed: Automatically succeeds on saves."
    assert unplayed_powers(card_from_json(card("Dragonbait", SWORD, blessed))) == []
    s = battle([card("Dragonbait", SWORD, blessed)], [card("Orc", SWORD)], PurposeDice(save=[1, 1]))
    bait = s.b.by_id["a1"]
    FX.add_active(s.b, bait, "condition", "dazed", 0, "save", bait, Filter())
    dazed = next(e for e in bait.effects if e.what == "dazed")
    assert TR.roll_save(s.b, bait, dazed)


GRAVITY = "Undeniable Gravity: An enemy that begins its turnwithin 5 squares loses Flight for that turn."
STATIC = "Psychic Static: Use at end of round: Each enemy champion that is adjacent to this creature is Confused."


def test_undeniable_gravity_grounds_an_enemy_starting_its_turn_near_it() -> None:
    assert unplayed_powers(card_from_json(card("Couatl", SWORD, GRAVITY))) == []
    s = battle([card("Couatl", SWORD, GRAVITY)], [card("Near", SWORD, "Flight"), card("Far", SWORD, "Flight")],
               PurposeDice())
    put(s, "a1", 2, 2)
    put(s, "b1", 6, 2)
    put(s, "b2", 10, 7)
    near, far = s.b.by_id["b1"], s.b.by_id["b2"]
    for f in (near, far):
        s.b.active = f
        s._start_turn(f)
    assert not near.flies() and far.flies()
    s.b.active = near
    s._end_turn(near)
    assert near.flies()


def test_psychic_static_confuses_the_adjacent_enemy_champions() -> None:
    assert unplayed_powers(card_from_json(card("Flumph", SWORD, STATIC))) == []
    s = battle([card("Flumph", SWORD, STATIC)], [card("Hero", SWORD, rating=2), card("Grunt", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    put(s, "b2", 3, 4)
    TR.fire(s.b, "end-of-round", [s.b.by_id["a1"]])
    assert s.b.by_id["b1"].has("confused") and not s.b.by_id["b2"].has("confused")


GAS = "Leaks Noxious Gas: Allies and enemies that start their turn adjacent to this creature take 5 poison damage."
PIN_DOWN = "Pin Down: Can make opportunity attacks against enemies for shifting out of an adjacent square."
INCAPACITATED = "Incapacitated: Attacks against this creature are automatic hits."
HEXER = "Cruel Hexer: +10 {m} Damage against targets affected by Bestow Curse."
CURSE = "Bestow Curse: (range 5) +10 vs. Will; target has -2 attack (save ends)."


def test_the_more_powers_are_read_and_played() -> None:
    for c in (card("Golem", SWORD, GAS), card("Captain", SWORD, PIN_DOWN), card("Comrade", SWORD, INCAPACITATED),
              card("Hexblade", SWORD, CURSE, HEXER)):
        assert unplayed_powers(card_from_json(c)) == [], c["name"]


def test_noxious_gas_reaches_creatures_of_both_sides_starting_beside_it() -> None:
    s = battle([card("Golem", SWORD, GAS), card("Ally", SWORD)], [card("Orc", SWORD), card("Far", SWORD)],
               PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 4, 3)
    put(s, "b1", 3, 4)
    put(s, "b2", 9, 3)
    for x in ("a2", "b1", "b2"):
        f = s.b.by_id[x]
        s.b.active = f
        s._start_turn(f)
    assert [s.b.by_id[x].hp for x in ("a2", "b1", "b2")] == [45, 45, 50]


def test_pin_down_attacks_an_enemy_shifting_away() -> None:
    s = battle([card("Captain", SWORD, PIN_DOWN)], [card("Orc", SWORD, hp=100)], PurposeDice(attack=[15]))
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    orc = s.b.by_id["b1"]
    MV.shift_to(s.b, orc, (5, 3))
    assert s.log.of_kind("opportunity-attack") and orc.hp == 90


def test_attacks_against_the_incapacitated_always_hit() -> None:
    s = battle([card("Comrade", SWORD, INCAPACITATED, ac=40)], [card("Orc", SWORD)], PurposeDice(attack=[2]))
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    orc = s.b.by_id["b1"]
    sword = orc.powers[0]
    assert sword.attack is not None
    assert AT.attack(s.b, orc, sword, sword.attack, [s.b.by_id["a1"]]) == 1


def test_an_automatic_hit_against_the_incapacitated_is_critical_only_on_its_die() -> None:
    """Reading ddm-guild.automatic-hits: a roll that would miss (a natural 1 too) hits for its plain damage; a
    natural 20 is a critical hit (double damage, ddm-guild.critical-hit)."""
    s = battle([card("Comrade", SWORD, INCAPACITATED, ac=40, hp=100)], [card("Orc", SWORD)],
               PurposeDice(attack=[1, 2, 20]))
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    comrade, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    sword = orc.powers[0]
    assert sword.attack is not None
    taken = []
    for _ in range(3):
        before = comrade.hp
        assert AT.attack(s.b, orc, sword, sword.attack, [comrade]) == 1
        taken.append(before - comrade.hp)
    assert taken == [10, 10, 20]


def test_cruel_hexer_against_the_targets_its_curse_is_on() -> None:
    s = battle([card("Hexblade", SWORD, CURSE, HEXER)], [card("Cursed", SWORD), card("Free", SWORD)],
               PurposeDice(attack=[15]))
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    put(s, "b2", 3, 4)
    hex_, cursed, free = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    curse, sword = hex_.powers[1], hex_.powers[0]
    assert curse.attack is not None and sword.attack is not None
    AT.attack(s.b, hex_, curse, curse.attack, [cursed])
    assert J._stat_mods(s.b, hex_, "damage", cursed, sword.attack, sword, False, False) == 10
    assert J._stat_mods(s.b, hex_, "damage", free, sword.attack, sword, False, False) == 0


IMMUNE_R = "Immune {r} attacks"
WEBCRAWLER = "Webcrawler: Ignores the Immobilized condition; is never considered to be Immobilized."
ALL_AROUND = "All-Around Vision: Enemies flanking this creature do not have combat advantage against it."
DIPLOMAT = ("Profound Diplomat: Dwarf creatures in your warband gain the Elf keyword and Elf creatures in your warband "
            "gain the Dwarf keyword.")


def test_keyword_words_of_its_own() -> None:
    for text in (IMMUNE_R, WEBCRAWLER, ALL_AROUND, DIPLOMAT):
        assert unplayed_powers(card_from_json(card("Any", SWORD, text))) == [], text
    s = battle([card("Cleric", SWORD, IMMUNE_R), card("Mage", SWORD, WEBCRAWLER), card("Xorn", SWORD, ALL_AROUND),
                card("Ambassador", SWORD, DIPLOMAT), card("Dwarf", SWORD, keywords=("Dwarf",))],
               [card("Archer", SWORD, "Bow: (range 10) +10 vs. AC; 10 damage."), card("Flanker", SWORD)],
               PurposeDice())
    cleric, mage, xorn, dwarf = (s.b.by_id[x] for x in ("a1", "a2", "a3", "a5"))
    archer, flanker = s.b.by_id["b1"], s.b.by_id["b2"]
    put(s, "a1", 2, 2)
    put(s, "b1", 8, 2)
    bow = archer.powers[1]
    assert bow.attack is not None and not AT.in_range(s.b, archer, bow, bow.attack, cleric)
    FX.add_active(s.b, mage, "condition", "immobilized", 0, "save", archer, Filter())
    assert not mage.held()
    put(s, "a3", 5, 5)
    put(s, "b1", 4, 5)
    put(s, "b2", 6, 5)
    assert not J.has_combat_advantage(s.b, flanker, xorn, True)
    assert J.has_keyword(dwarf, "elf") and J.has_keyword(dwarf, "dwarf")


HOARD = ("Hoardkeeper 10: While this creature occupies one of your victory area, you score +10 VP for each enemy "
         "destroyed.")


def test_hoardkeeper_scores_for_each_enemy_destroyed_while_it_holds_its_own_area() -> None:
    assert unplayed_powers(card_from_json(card("Dragon", SWORD, HOARD))) == []
    gained = []
    for at in ((3, 3), (8, 3)):
        s = battle([card("Dragon", SWORD, HOARD)], [card("Orc", SWORD, cost=20), card("Elf", SWORD)], PurposeDice())
        put(s, "a1", *at)
        put(s, "b1", 1, 7)
        before = s.b.scores[0]
        DM.lose_hp(s.b, s.b.by_id["b1"], 60, s.b.by_id["a1"])
        gained.append(s.b.scores[0] - before)
    assert gained[0] == gained[1] + 10


def test_psi_cloak_hides_it_from_enemies_until_the_start_of_its_next_turn() -> None:
    cloak = ("Psi Cloak: Use at start of turn: Enemies may not trace line of sight to this creature until the start of "
             "its next turn.")
    assert unplayed_powers(card_from_json(card("Devourer", SWORD, cloak))) == []
    s = battle([card("Devourer", SWORD, cloak), card("Ally", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 3, 5)
    put(s, "b1", 4, 3)
    dev, ally, orc = (s.b.by_id[x] for x in ("a1", "a2", "b1"))
    s.b.active = dev
    s._start_turn(dev)
    assert s.b.invisible_to(dev, orc) and not s.b.invisible_to(dev, ally)
    s._end_turn(dev)
    s.b.active = dev
    s._start_turn(dev)  # (used again at this start: renewed)
    assert s.b.invisible_to(dev, orc)
