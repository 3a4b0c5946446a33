"""Triggers in more of the cards' words: 'while no higher-level ally is within 5 squares', 'with combat advantage
against an enemy of equal or lower Level', 'when this creature enters a space adjacent to an enemy', 'is bloodied at
the start of its turn', '+11 vs. AC against the same creature', 'make a {b} attack before being destroyed', 'an attack
that does not provoke opportunity attacks', 'invisible until end of its next turn or until after it makes an attack',
'+2 attack whenever adjacent to an ally with the Cold OR Dragon keywords, or +3 if the ally has both'."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildMove, GuildState
from simulate.games.ddm_guild_coverage import engine_unplayed
from simulate.games.ddm_guild_judge import Ctx
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_state import Fighter
from simulate.games.ddm_guild_vocab import Filter
from tests.simulate.test_ddm_guild_granted_bonus import swing
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

HEADSTRONG = "Headstrong: Whenever this creature makes an attack while no higher-level ally is within 5 squares: +2 " \
             "Attack on that attack."
KILLER = "Killer: Use when this creature makes a {m} attack with combat advantage against an enemy of equal or lower " \
         "Level; +10 Damage on that attack."
VANGUARD = "Vanguard: Use when this creature enters a space adjacent to an enemy: This creature makes a {b} " \
           "attack with +4 Attack against that enemy as an immediate action."
VERNAL = "Vernal Regeneration: Use when this creature is bloodied at the start of its turn: Heal 10 HP."
RAKE = "Claw Rake: Immediate, when this creature hits with a {b} attack; +11 vs. AC against the same creature; " \
       "10 Damage."
STRIKE = "Death Strike: Immediate, when this creature is destroyed; make a {b} attack before being destroyed."
SHOT = "Reactive Shot: Use when this creature is hit by a {r} attack: This creature makes a Shortbow attack that " \
       "does not provoke opportunity attacks as an immediate action."
VANISH = "Vanish: Replaces attack action: This creature is invisible until end of its next turn or until after " \
         "it makes an attack."
KINSHIP = "Kinship: +2 attack whenever adjacent to an ally with the Cold OR Dragon keywords, or +3 if the ally has " \
          "both."


def _last_total(s: GuildState, f: Fighter) -> int:
    total = [e.data for e in s.log.of_kind("attack") if e.data["attacker"] == f.id][-1]["total"]
    assert isinstance(total, int)
    return total


def test_the_words_read() -> None:
    for text in (HEADSTRONG, KILLER, VANGUARD, VERNAL, RAKE, STRIKE, SHOT, VANISH, KINSHIP):
        assert parse_power(0, "special", text).played, text
    assert parse_power(0, "special", HEADSTRONG).requirement == "no-ally-within:5:higher-level"
    assert parse_power(0, "special", KILLER).trigger_filter.target_state == "ca&!higher-level"
    assert parse_power(0, "special", VANGUARD).trigger == "enters-beside-enemy"
    assert (parse_power(0, "special", VERNAL).trigger, parse_power(0, "special", VERNAL).requirement) == (
        "start-of-turn", "bloodied")


def test_no_higher_level_ally_near() -> None:
    s = battle([card("Gnoll", SWORD, HEADSTRONG, level=3), card("Chief", SWORD, level=6)],
               [card("Orc", SWORD, hp=200)], PurposeDice(attack=[5, 5]))
    put(s, "a1", 4, 3)
    put(s, "a2", 11, 7)
    put(s, "b1", 5, 3)
    gnoll, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    swing(s, gnoll, orc)
    assert _last_total(s, gnoll) == 17
    MV.place(s.b, s.b.by_id["a2"], (3, 3))
    swing(s, gnoll, orc)
    assert _last_total(s, gnoll) == 15


def test_combat_advantage_against_an_enemy_not_above_its_level() -> None:
    for level, hp in ((5, 180), (6, 190)):
        s = battle([card("Cutthroat", SWORD, KILLER, level=5)], [card("Orc", SWORD, hp=200, level=level)],
                   PurposeDice(attack=[15]))
        put(s, "a1", 4, 3)
        put(s, "b1", 5, 3)
        orc = s.b.by_id["b1"]
        FX.add_active(s.b, orc, "condition", "dazed", 0, "end-round", s.b.by_id["a1"], Filter())  # (it grants
        # combat advantage)
        swing(s, s.b.by_id["a1"], orc)
        assert orc.hp == hp, level


def test_coming_next_to_an_enemy_it_attacks_it() -> None:
    s = battle([card("Vanguard", SWORD, VANGUARD, hp=60)], [card("Orc", SWORD, hp=200)],
               PurposeDice(attack=[5] * 4))
    put(s, "a1", 2, 3)
    put(s, "b1", 6, 3)
    turn_of(s, "a1")
    s.apply(GuildMove((5, 3)))
    made = [e.data for e in s.log.of_kind("attack") if e.data["attacker"] == "a1"]
    assert len(made) == 1 and made[0]["target"] == "b1" and made[0]["total"] == 5 + 10 + 4
    assert s.b.by_id["a1"].immediate_used


def test_bloodied_at_the_start_of_its_turn_it_heals() -> None:
    s = battle([card("Chief", SWORD, VERNAL, hp=60)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "b1", 8, 3)
    f = s.b.by_id["a1"]
    TR.turn_started(s.b, f)
    assert f.hp == 60
    f.hp = 20
    TR.turn_started(s.b, f)
    assert f.hp == 30


def test_a_hit_is_followed_by_an_attack_on_the_same_creature() -> None:
    s = battle([card("Sahuagin", SWORD, RAKE)], [card("Orc", SWORD, hp=200), card("Goblin", SWORD, hp=200)],
               PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    swing(s, s.b.by_id["a1"], s.b.by_id["b1"])
    assert s.b.by_id["b1"].hp == 180 and s.b.by_id["b2"].hp == 200


def test_destroyed_it_attacks_first() -> None:
    s = battle([card("Werebear", SWORD, STRIKE, hp=10)], [card("Orc", SWORD, hp=200)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    swing(s, s.b.by_id["b1"], s.b.by_id["a1"])
    assert not s.b.by_id["a1"].in_play() and s.b.by_id["b1"].hp == 190


def test_its_answering_shot_draws_no_opportunity_attack() -> None:
    bow = "Shortbow: (range 10) +10 vs. AC; 10 damage."
    s = battle([card("Archer", SWORD, bow, SHOT, hp=60)], [card("Orc", SWORD, hp=200),
                                                            card("Slinger", bow, hp=200)],
               PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 9, 3)
    slinger = s.b.by_id["b2"]
    swing(s, slinger, s.b.by_id["a1"])
    assert slinger.hp == 190 and not s.log.of_kind("opportunity-attack")


def test_invisible_until_it_attacks() -> None:
    s = battle([card("Imp", SWORD, VANISH)], [card("Orc", SWORD, hp=200)], PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    imp = s.b.by_id["a1"]
    turn_of(s, "a1")
    TR.apply_power(s.b, imp, imp.powers[1], Ctx(imp))
    assert imp.has("invisible")
    swing(s, imp, s.b.by_id["b1"])
    assert not imp.has("invisible")


def test_kinship_two_or_three() -> None:
    s = battle([card("Wyrmling", SWORD, KINSHIP), card("Wolf", SWORD, keywords=("cold",)),
                card("Drake", SWORD, keywords=("cold", "dragon"))], [card("Orc", SWORD, hp=200)],
               PurposeDice(attack=[5, 5, 5]))
    put(s, "a1", 4, 3)
    put(s, "a2", 1, 7)
    put(s, "a3", 1, 6)
    put(s, "b1", 5, 3)
    w, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    swing(s, w, orc)
    assert _last_total(s, w) == 15
    MV.place(s.b, s.b.by_id["a2"], (3, 3))
    swing(s, w, orc)
    assert _last_total(s, w) == 17
    MV.place(s.b, s.b.by_id["a2"], (1, 7))
    MV.place(s.b, s.b.by_id["a3"], (4, 4))
    swing(s, w, orc)
    assert _last_total(s, w) == 18


MIND = "Mind Blank: Use when this creature is targeted by an attack vs. Will; +10 Will vs. that attack"
STAFF = "Staff of Defense: Use when this creature is targeted by an attack vs. DEF; +4 DEF against that attack. " \
        "RECHARGE if that attack hits."
THROES = "Death Throes: Use when this creature is destroyed: Make 1 Bite attack against each adjacent enemy as a " \
         "free action."
QUICK = "Quick Bite: Use at start of this creature's turn: Make a Bite attack against an Immobilized enemy as an " \
        "immediate action."
NEAREST = "Shifting Shot: Immediate, when this creature destroys an enemy; make a {r} attack against the nearest " \
          "target."
BITE = "Bite: +10 vs. AC; 10 damage."


def test_an_attack_against_one_defence() -> None:
    mind = parse_power(0, "special", MIND)
    assert mind.played and mind.trigger_filter.attack_form == "vs:will"
    staff = parse_power(0, "special", STAFF)  # (its RECHARGE waits for another creature's attack to hit)
    assert engine_unplayed(staff) == "RECHARGE if that attack hits, of another creature's attack"
    gaze = "Gaze: (range 5) +10 vs. Will; 10 damage."
    monk_card = card("Monk", SWORD, MIND, defence=13)
    monk_card["powers"][1]["kind"] = "special"  # (as the catalogue has it: its 'vs.' is no attack line)
    s = battle([monk_card], [card("Witch", gaze, SWORD, hp=200)], PurposeDice(attack=[10, 10, 10]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    witch, monk = s.b.by_id["b1"], s.b.by_id["a1"]
    swing(s, witch, monk)  # 20 against Will 23: a miss
    assert monk.hp == 50
    witch.powers = (witch.powers[1], witch.powers[0], *witch.powers[2:])
    swing(s, witch, monk)  # 20 against AC 15: a hit
    assert monk.hp == 40


def test_attacks_aimed_elsewhere_than_the_event() -> None:
    s = battle([card("Croc", BITE, THROES, hp=10)], [card("Orc", SWORD, hp=200), card("Goblin", SWORD, hp=200),
                                                      card("Far", SWORD, hp=200)], PurposeDice(attack=[15] * 3))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    put(s, "b3", 8, 6)
    swing(s, s.b.by_id["b1"], s.b.by_id["a1"])
    assert [s.b.by_id[x].hp for x in ("b1", "b2", "b3")] == [190, 190, 200]
    s = battle([card("Fangblade", BITE, QUICK)], [card("Orc", SWORD, hp=200), card("Goblin", SWORD, hp=200)],
               PurposeDice(attack=[15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 3, 3)
    FX.add_active(s.b, s.b.by_id["b1"], "condition", "immobilized", 0, "end-round", s.b.by_id["a1"], Filter())
    s.b.by_id["a1"].immediate_used = False  # (its first activation, as the battle was set up, spent it)
    TR.turn_started(s.b, s.b.by_id["a1"])
    assert (s.b.by_id["b1"].hp, s.b.by_id["b2"].hp) == (190, 200)
    bow = "Bow: (range 10) +10 vs. AC; 10 damage."
    s = battle([card("Skirmisher", SWORD, bow, NEAREST)], [card("Orc", SWORD, hp=10), card("Near", SWORD, hp=200),
                                                           card("Far", SWORD, hp=100)], PurposeDice(attack=[15] * 3))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    put(s, "b2", 4, 6)
    put(s, "b3", 9, 3)
    swing(s, s.b.by_id["a1"], s.b.by_id["b1"])
    assert not s.b.by_id["b1"].in_play() and (s.b.by_id["b2"].hp, s.b.by_id["b3"].hp) == (190, 100)


CLAWS = "Quick Claws: Immediate, when making a {b} attack against an enemy that is Slowed or taking ongoing posion " \
        "Damage; make an extra {b} attack."
DUAL = "Dual Strike: Use when this creature makes a {b} attack against an target granting it combat advantage: " \
       "Make 1 extra {b} attack against that target."


def test_an_extra_attack_against_a_target_in_a_state() -> None:
    for text, cond in ((CLAWS, "slowed"), (DUAL, "dazed")):
        s = battle([card("Stalker", SWORD, text)], [card("Orc", SWORD, hp=200)], PurposeDice(attack=[15] * 4))
        put(s, "a1", 4, 3)
        put(s, "b1", 5, 3)
        f, orc = s.b.by_id["a1"], s.b.by_id["b1"]
        swing(s, f, orc)
        assert orc.hp == 190, text
        f.immediate_used = False
        FX.add_active(s.b, orc, "condition", cond, 0, "end-round", f, Filter())
        swing(s, f, orc)
        assert orc.hp == 170, text


def test_more_words_of_the_same_statics() -> None:
    kin = parse_power(0, "special", "Kinship: +2 attack whenever adjacent to a Good ally or a Dragon ally, or +3 if "
                                    "they are both.")
    assert [(x.amount, x.filter.self_state) for x in kin.statics] == [(2, "adjacent-ally:good|dragon"),
                                                                      (1, "adjacent-ally:good+dragon")]
    thunder = parse_power(0, "special", "Thunder Charge: Additional +4 attack when charging.")
    assert [(x.kind, x.amount, x.what, x.filter.self_state) for x in thunder.statics] == [
        ("mod", 4, "attack", "charging")]
    pounce = parse_power(0, "special", "Pounce +20: Whenever this creature hits a target granting it combat advantage "
                                       "while charging: +20 Damage on that attack.")
    assert [(x.amount, x.what, x.filter.target_state, x.filter.self_state) for x in pounce.statics] == [
        (20, "damage", "ca", "charging")]


def test_a_critical_hit_scored_against_it_in_other_words() -> None:
    armor = "Fortified Armor: Use when hit by a critical hit: -10 damage vs. that attack."
    fragile = "Fragile: When this creature is hit by a critical, it is destroyed."
    assert parse_power(0, "special", armor).trigger == "crit-by"
    for text, hp in ((armor, 50 - 10), (fragile, None)):
        s = battle([card("Trueheart", SWORD, text)], [card("Orc", SWORD, hp=200)], PurposeDice(attack=[20]))
        put(s, "a1", 4, 3)
        put(s, "b1", 5, 3)
        f = s.b.by_id["a1"]
        swing(s, s.b.by_id["b1"], f)  # a natural 20: 20 damage
        assert (f.hp if f.in_play() else None) == hp, text
    honor = parse_power(0, "special", "Honor-Bound Defender: Immediate, when an adjacent enemy makes a {m} attack "
                                      "against an allied champion; make a {b} attack against that enemy with +2 "
                                      "Attack and +5 Damage.")
    assert [(e.amount, e.extra) for e in honor.effects] == [(2, ("that", "damage:5"))]
    cleave = parse_power(0, "special", "Cleave: Immediate, when this creature's {m} attack destroys an enemy; make a "
                                       "{b} attack. Usable once per creature's turn.")
    assert cleave.played and cleave.per == "turn"
