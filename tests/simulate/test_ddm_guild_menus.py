"""Menus: a power that offers one of several effects ('Choose 1 effect: Shield: +2 AC until start of its next turn.
Smother: An adjacent enemy takes 10 fire damage', '1 ally adjacent to it heals 5 HP, or 1 condition on that ally
ends', 'heals 20 HP or recharges its Crushing Blow'). An action power's option is its player's choice, named by the
action (GuildPower.option) and so kept in the replay; the heuristic player takes the option worth most of those that
change something now; a triggered power's option is the one worth most now (profile ddm-guild.menu). Each power is
first checked to be on the card and played, then played in a battle with set positions and dice."""

from __future__ import annotations

import pytest

from simulate.engine.game import action_from_json
from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import ACTION_CLASSES, GuildAttack, GuildPower, GuildState
from simulate.games.ddm_guild_ai import GuildHeuristicPolicy
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from simulate.games.ddm_guild_state import Fighter
from simulate.games.ddm_guild_vocab import Filter, Power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

HEALING_HORN = ("Healing Horn: Minor action: 1 ally adjacent to this creature heals 5 HP, or 1 condition on that ally "
                "ends.")
MASSIVE_WINGS = ("Massive Wings: Move action: Choose one effect: Shield: +2 AC until start of its next turn. Smother: "
                 "An adjacent enemy takes 10 fire damage.")
RUNE_MAGIC = ("Rune Magic: Minor action, once per turn: Choose one effect: [q]Uven: Adjacent enemies take 10 damage. "
              "[q]Fjell: This creature or an adjacent ally gains Phasing until end of battle. [q]Ild: Enemies within 3 "
              "squares take 10 ongoing fire damage (save ends). [q]Ferd: An ally moves uo to its speed.")
ROCK_SOLID = ("Rock Solid: Use when an ally scores a critical hit: This creature heals 20 HP or recharges its Crushing "
              "Blow.")
CRUSHING_BLOW = "Crushing Blow: +12 vs. Fortitude; 25 damage."
HARASSER = "Use when an enemy takes acid damage: Slide that enemy up to 4 squares or Recharge Acid Jet."
ACID_JET = "Acid Jet: (range 5) +10 vs. Reflex; 10 acid damage."
FELL_RETORT = ("Fell Retort: Use when this creature is destroyed:Choose 1 effect: Deathstrike Punisher: Recharge "
               "Double Smash,then make a Double Smash attack as animmediate action. Rise Again: This creature is not "
               "destroyed instead and has 5 HP.")
DOUBLE_SMASH = "Double Smash: +10 vs. AC; 20 damage."
WAND = ("Wand of Many Orbs: (range 6)+13 vs. AC; Choose 1 effect: 10 acid damage, 10 cold damage, 10 fire damage or 10 "
        "radiant damage.")


def _limited(c: dict[str, object], name: str) -> dict[str, object]:
    """The card with its power ``name`` usable once (the catalogue's "uses")."""
    for p in c["powers"]:  # type: ignore[attr-defined]
        if p["text"].startswith(name + ":"):
            p["uses"] = 1
    return c


def _power(f: Fighter, name: str) -> Power:
    return next(p for p in f.powers if p.name == name)


@pytest.mark.parametrize("powers, name, options", [
    ((SWORD, HEALING_HORN), "Healing Horn", 2), ((SWORD, MASSIVE_WINGS), "Massive Wings", 2),
    ((SWORD, RUNE_MAGIC), "Rune Magic", 4), ((CRUSHING_BLOW, ROCK_SOLID), "Rock Solid", 2),
    ((ACID_JET, HARASSER), HARASSER[:60], 2), ((DOUBLE_SMASH, FELL_RETORT), "Fell Retort", 2)])
def test_the_menus_are_read_and_played(powers: tuple[str, ...], name: str, options: int) -> None:
    c = card_from_json(card("Any", *powers, rating=3))
    p = next(p for p in c.powers if p.name == name)  # the power is on the card, read as a menu
    menus = [e for e in p.effects if e.kind == "menu"]
    assert len(menus) == 1 and len(menus[0].options) == options
    assert unplayed_powers(c) == []


def test_the_same_damage_in_several_types_is_one_damage_of_the_type_the_attacker_picks() -> None:
    c = card_from_json(card("Gnome", WAND))
    assert unplayed_powers(c) == [] and c.powers[0].attack is not None
    assert [(e.kind, e.amount, e.what) for e in c.powers[0].attack.hit] == [
        ("damage", 10, "acid^cold^fire^radiant")]
    s = battle([card("Gnome", WAND)], [card("Fire Giant", SWORD, hp=50)], PurposeDice(attack=[15]))
    put(s, "a1", 3, 3)
    put(s, "b1", 6, 3)
    giant = s.b.by_id["b1"]
    giant.resist = {"acid": 10}
    turn_of(s, "a1")
    s.apply(GuildAttack(0, ("b1",)))
    assert giant.hp == 40  # cold: the first type it does not resist


def _horn_battle() -> GuildState:
    s = battle([card("Unicorn", SWORD, HEALING_HORN), card("Knight", SWORD), card("Far", SWORD)],
               [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "a2", 4, 3)
    put(s, "a3", 8, 6)
    put(s, "b1", 10, 7)
    turn_of(s, "a1")
    return s


def test_the_player_names_the_option_and_the_replay_keeps_it() -> None:
    s = _horn_battle()
    knight, far = s.b.by_id["a2"], s.b.by_id["a3"]
    knight.hp = far.hp = 30
    FX.add_active(s.b, knight, "condition", "dazed", 0, "save", s.b.by_id["b1"], Filter())
    horn = _power(s.b.by_id["a1"], "Healing Horn")
    legal = [a for a in s.legal_actions() if isinstance(a, GuildPower) and a.power == horn.index]
    assert legal == [GuildPower(horn.index, 0), GuildPower(horn.index, 1)]  # one action per option, no other
    s.apply(GuildPower(horn.index, 1))  # the condition ends; no hit points
    assert (knight.hp, knight.has("dazed"), far.hp) == (30, False, 30)
    chosen = s.log.of_kind("choice")
    assert [(e.data["option"], e.data["name"]) for e in chosen] == [(2, "2")]
    saved = GuildPower(horn.index, 1).to_json()
    assert saved == {"kind": "guild-power", "power": horn.index, "option": 1}
    assert action_from_json(ACTION_CLASSES, saved) == GuildPower(horn.index, 1)
    assert action_from_json(ACTION_CLASSES, {"kind": "guild-power", "power": 3}) == GuildPower(3, -1)


def test_the_other_option_heals_the_ally_beside_it() -> None:
    s = _horn_battle()
    knight, far = s.b.by_id["a2"], s.b.by_id["a3"]
    knight.hp = far.hp = 30
    s.apply(GuildPower(_power(s.b.by_id["a1"], "Healing Horn").index, 0))
    assert (knight.hp, far.hp) == (35, 30)


@pytest.mark.parametrize("wounded, dazed, option", [(True, False, 0), (False, True, 1), (True, True, 1)])
def test_the_heuristic_player_takes_the_option_worth_most(wounded: bool, dazed: bool, option: int) -> None:
    s = _horn_battle()
    knight = s.b.by_id["a2"]
    s.b.by_id["a1"].attack_action = False  # (its attack spent: what is left is the horn)
    if wounded:
        knight.hp = 40
    if dazed:  # a dazed creature loses more than 5 hit points' worth of its turn
        FX.add_active(s.b, knight, "condition", "dazed", 0, "save", s.b.by_id["b1"], Filter())
    action = GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions())
    assert action == GuildPower(_power(s.b.by_id["a1"], "Healing Horn").index, option)


def test_the_heuristic_player_leaves_a_menu_that_changes_nothing() -> None:
    s = _horn_battle()
    s.b.by_id["a1"].attack_action = False
    action = GuildHeuristicPolicy(1, 0).choose(s, s.legal_actions())
    assert not isinstance(action, GuildPower)


def test_a_triggered_menu_takes_the_option_worth_most_now() -> None:
    s = battle([_limited(card("Dwarf", CRUSHING_BLOW, ROCK_SOLID), "Crushing Blow")], [card("Orc", SWORD)],
               PurposeDice())
    put(s, "a1", 3, 3)
    put(s, "b1", 10, 7)
    dwarf = s.b.by_id["a1"]
    rock, blow = _power(dwarf, "Rock Solid"), _power(dwarf, "Crushing Blow")
    dwarf.uses[blow.index] = 0  # Crushing Blow spent, no hit point lost: the recharge
    TR.apply_power(s.b, dwarf, rock, J.Ctx(dwarf))
    assert dwarf.uses[blow.index] == 1 and dwarf.hp == 50
    dwarf.hp = 20  # 30 hit points lost, Crushing Blow ready: the heal
    TR.apply_power(s.b, dwarf, rock, J.Ctx(dwarf))
    assert dwarf.hp == 40
    assert [e.data["option"] for e in s.log.of_kind("choice")] == [2, 1]


def test_fell_retort_keeps_the_creature_rather_than_striking_once_more() -> None:
    s = battle([_limited(card("Zombie Hulk", DOUBLE_SMASH, FELL_RETORT), "Double Smash")],
               [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15]))
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    hulk, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    hulk.uses[_power(hulk, "Double Smash").index] = 0
    DM.deal_damage(s.b, hulk, [(60, "")], orc)
    assert hulk.in_play() and hulk.hp == 5 and orc.hp == 80
    assert [e.data["name"] for e in s.log.of_kind("choice")] == ["rise again"]


TOXIC_BURST = "Toxic Burst: (burst 1) +10 vs. Fortitude; 15 poison damage."
TOXIC_DEATH = ("Toxic Death: Use when destroyed: Recharge Toxic Burst, then make a Toxic Burst attack as an immediate "
               "action.")


def test_a_power_recharged_then_used_as_its_creature_is_destroyed() -> None:
    c = card_from_json(card("Golem", TOXIC_BURST, TOXIC_DEATH))
    assert [e.kind for e in c.powers[1].effects] == ["recharge", "attack"] and unplayed_powers(c) == []
    s = battle([_limited(card("Golem", TOXIC_BURST, TOXIC_DEATH), "Toxic Burst")], [card("Orc", SWORD, hp=80)],
               PurposeDice(attack=[15]))
    put(s, "a1", 3, 3)
    put(s, "b1", 4, 3)
    golem, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    golem.uses[_power(golem, "Toxic Burst").index] = 0  # spent
    DM.deal_damage(s.b, golem, [(60, "")], orc)
    assert not golem.alive and orc.hp == 65
