"""Auras whose targets are named from the aura's own creature or from the creature it reaches: 'Beast allies have +5
Damage against targets adjacent to this creature', '{m} attacks against enemies adjacent to this creature score
criticals on attack rolls of natural 19+', 'Small Beast allies have combat advantage vs. enemies adjacent to this
creature', 'Enemies adjacent to this creature grant combat advantage to this creature's allies', 'Each Drow Ally has
+5 damage against each target granting it combat advantage' (the ally's), and 'This creature and allies in aura have
Resist 10 All vs. Blast and Burst attacks'. Each is played in a battle with set positions."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_state import Fighter
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

BEASTMASTER = "Beastmaster: Beast allies have +5 Damage against targets adjacent to this creature."
PIN = ("Pin and Set: {m} attacks against enemies adjacent to this creature score criticals on attack rolls of natural "
       "19+.")
PACK = "Small Pack Tactics: Small Beast allies have combat advantage vs. enemies adjacent to this creature."
THREATS = "Multiple Threats: Enemies adjacent to this creature grant combat advantage to this creature's allies."
TREACHERY = "Drow Treachery 5: Each Drow Ally has +5 damage against each target granting it combat advantage."
MOB = "Mob Rules: Goblin allies gain an extra +2 attack vs. targets granting them combat advantage."
DOME = "Force Dome: (Aura 2) This creature and allies in aura have Resist 10 All vs. Blast and Burst attacks."
BURST = "Thunder Wave: (burst 3) +10 vs. Fort; 15 thunder damage."


def _stat(s_b: object, holder: Fighter, stat: str, target: Fighter) -> int:
    sword = holder.powers[0]
    assert sword.attack is not None
    return J._stat_mods(s_b, holder, stat, target, sword.attack, sword, False, False)  # type: ignore[arg-type]


def test_the_powers_are_read_and_played() -> None:
    for text in (BEASTMASTER, PIN, PACK, THREATS, TREACHERY, MOB, DOME):
        assert unplayed_powers(card_from_json(card("Any", SWORD, text))) == [], text


def test_a_printed_it_is_not_read_as_the_auras_creature() -> None:
    assert not parse_power(0, "special", "X: Beast allies have +5 Damage against targets adjacent to it.").played


def test_beastmaster_counts_targets_beside_its_own_creature() -> None:
    s = battle([card("Marauder", SWORD, BEASTMASTER), card("Wolf", SWORD, keywords=("Beast",)),
                card("Soldier", SWORD)], [card("Near", SWORD), card("Far", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 5, 3)
    put(s, "a3", 5, 5)
    put(s, "b1", 4, 3)  # beside the marauder
    put(s, "b2", 6, 3)  # beside the wolf only
    wolf, soldier, near, far = (s.b.by_id[x] for x in ("a2", "a3", "b1", "b2"))
    assert (_stat(s.b, wolf, "damage", near), _stat(s.b, wolf, "damage", far)) == (5, 0)
    assert _stat(s.b, soldier, "damage", near) == 0  # not a Beast


def test_pin_and_set_widens_the_critical_range_against_enemies_beside_it() -> None:
    s = battle([card("Impaler", SWORD, PIN), card("Ally", SWORD)], [card("Pinned", SWORD), card("Free", SWORD)],
               PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 5, 4)
    put(s, "b1", 4, 3)  # beside both
    put(s, "b2", 6, 4)  # beside the ally only
    impaler, ally, pinned, free = (s.b.by_id[x] for x in ("a1", "a2", "b1", "b2"))
    sword = ally.powers[0]
    assert sword.attack is not None
    assert AT._keen(s.b, ally, pinned, sword, sword.attack) == 19
    assert AT._keen(s.b, ally, free, sword, sword.attack) == 20
    assert AT._keen(s.b, impaler, pinned, impaler.powers[0], sword.attack) == 19


def test_combat_advantage_against_enemies_beside_the_auras_creature() -> None:
    for text, kinds in ((PACK, ("Beast",)), (THREATS, ())):
        s = battle([card("Raptor", SWORD, text), card("Packmate", SWORD, size="Small", keywords=kinds)],
                   [card("Near", SWORD), card("Far", SWORD)], PurposeDice())
        put(s, "a1", 3, 3)
        put(s, "a2", 5, 5)
        put(s, "b1", 4, 4)  # beside the raptor and the packmate
        put(s, "b2", 6, 6)  # beside the packmate only
        mate, near, far = (s.b.by_id[x] for x in ("a2", "b1", "b2"))
        assert J.has_combat_advantage(s.b, mate, near, False), text
        assert not J.has_combat_advantage(s.b, mate, far, False), text
        assert not J.has_combat_advantage(s.b, s.b.by_id["a1"], near, False), text  # its allies only


def test_treachery_and_mob_rules_count_the_allys_own_combat_advantage() -> None:
    s = battle([card("Jarlaxle", SWORD, TREACHERY, MOB), card("Drow", SWORD, keywords=("Drow",)),
                card("Goblin", SWORD, keywords=("Goblin",))], [card("Dazed", SWORD), card("Fresh", SWORD)],
               PurposeDice())
    put(s, "a1", 1, 1)
    put(s, "a2", 5, 3)
    put(s, "a3", 5, 5)
    put(s, "b1", 6, 4)
    put(s, "b2", 9, 7)
    drow, goblin, dazed, fresh = (s.b.by_id[x] for x in ("a2", "a3", "b1", "b2"))
    FX.add_active(s.b, dazed, "condition", "dazed", 0, "save", drow, Filter())
    assert (_stat(s.b, drow, "damage", dazed), _stat(s.b, drow, "damage", fresh)) == (5, 0)
    assert (_stat(s.b, goblin, "attack", dazed), _stat(s.b, goblin, "attack", fresh)) == (2, 0)
    assert _stat(s.b, goblin, "damage", dazed) == 0


def test_force_dome_resists_bursts_and_blasts_only() -> None:
    s = battle([card("Helena", SWORD, DOME), card("Near", SWORD, hp=100), card("Far", SWORD, hp=100)],
               [card("Mage", SWORD, BURST)], PurposeDice(attack=[15, 15, 15, 15]))
    put(s, "a1", 3, 3)
    put(s, "a2", 5, 3)
    put(s, "a3", 3, 6)
    put(s, "b1", 4, 4)
    near, far, mage = s.b.by_id["a2"], s.b.by_id["a3"], s.b.by_id["b1"]
    wave = mage.powers[1]
    assert wave.attack is not None
    AT.attack(s.b, mage, wave, wave.attack, [near, far])
    assert (near.hp, far.hp) == (95, 85)  # 15 less 10 within 2 squares of Helena
    sword = mage.powers[0]
    assert sword.attack is not None
    AT.attack(s.b, mage, sword, sword.attack, [near])
    assert near.hp == 85  # a melee attack: no resist


STALK = "Spirit Stalk: Has Conceal 6 against adjacent enemies and is invisible to non-adjacent enemies."
DISRUPT = "Disruptive Presence: Other creatures within 2 squares of this creature cannot make {r}, {c}, or {a} attacks."
SWAMP = ("Swamp Dweller: While this creature occupies river terrain, enemies 6 or more squares away from it cannot "
         "trace line of sight to it.")
BOW = "Bow: (range 10) +10 vs. AC; 10 damage."


def test_the_sight_and_form_powers_are_read_and_played() -> None:
    for text in (STALK, DISRUPT, SWAMP):
        assert unplayed_powers(card_from_json(card("Any", SWORD, text))) == [], text


def test_spirit_stalk_conceals_from_adjacent_enemies_and_hides_from_the_others() -> None:
    s = battle([card("Hellcat", SWORD, STALK)], [card("Near", SWORD), card("Far", SWORD, BOW)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    put(s, "b2", 8, 3)
    cat, near, far = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    assert (cat.conceal_vs(True), cat.conceal_vs(False)) == (6, 0)
    assert s.b.invisible_to(cat, far) and not s.b.invisible_to(cat, near)
    sword = near.powers[0]
    assert sword.attack is not None
    s.b.dice = PurposeDice(attack=[5])  # (a hit on AC 15 with +10, but under Conceal 6)
    assert AT.attack(s.b, near, sword, sword.attack, [cat]) == 0


def test_disruptive_presence_bars_ranged_close_and_area_attacks_near_it() -> None:
    s = battle([card("Ogre", SWORD, DISRUPT), card("Archer", SWORD, BOW)], [card("Foe", SWORD, BOW)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 3, 3)
    put(s, "a2", 5, 3)  # 2 squares away: its own ally too
    put(s, "b1", 9, 3)
    MV.refresh_while(s.b)
    ogre, archer, foe = (s.b.by_id[x] for x in ("a1", "a2", "b1"))
    for f in (ogre, archer, foe):
        f.attack_action = True
    bow = archer.powers[1]
    assert bow.attack is not None and bow not in s.attack_powers(archer)
    assert archer.powers[0] in s.attack_powers(archer) and ogre.powers[0] in s.attack_powers(ogre)  # melee
    assert AT.attack(s.b, archer, bow, bow.attack, [foe]) == 0 and foe.hp == 50
    assert foe.powers[1] in s.attack_powers(foe)  # 6 squares away


def test_swamp_dweller_is_unseen_from_afar_while_in_river_terrain() -> None:
    s = battle([card("Bullywug", SWORD, SWAMP)], [card("Near", SWORD), card("Far", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 3)
    wug, near, far = (s.b.by_id[x] for x in ("a1", "b1", "b2"))
    MV.refresh_while(s.b)
    assert not s.b.invisible_to(wug, far)
    grid = s.b.board.grid
    before = grid.terrain  # (the open map's grid is shared by the tests: put back as it was)
    grid.terrain = {**before, (3, 3): frozenset({"river"})}  # the stand-in maps have none (ddm-guild.stand-in-terrain)
    try:
        MV.refresh_while(s.b)
        assert s.b.invisible_to(wug, far) and not s.b.invisible_to(wug, near)
    finally:
        grid.terrain = before
