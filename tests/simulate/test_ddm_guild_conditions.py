"""Staggered and confused, as the 2008 "Victory Points: Confusing Conditions" article defines them (profile
ddm-guild.staggered, ddm-guild.confused, ddm-guild.confused-control, ddm-guild.basic-attack-only)."""

from __future__ import annotations

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_rules as R
from simulate.games.ddm_guild import GuildAttack, GuildCharge, GuildPower, GuildState
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_state import Fighter
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

CLEAVE = "Cleave: Recharge when first bloodied. +12 vs. AC; 20 damage."
RALLY = "Rally: Minor action: each ally within 5 squares has +2 attack until end of round."
FIERY = "Fiery Command: Use at start of round: allies have +2 attack until end of round."


def test_the_cards_words_read_as_the_two_conditions() -> None:
    for text, what, duration in (("Panic Attack: +13 vs. DEF(Will); 15 Damage AND Staggered", "staggered",
                                  "end-next-turn"),
                                 ("Charm Monster: (range 10) +15 vs. Will; Confused (save ends).", "confused", "save")):
        power = parse_power(0, "attack", text)
        assert power.played, power.unplayed
        assert power.attack is not None
        assert [(e.what, e.duration) for e in power.attack.hit if e.kind == "condition"] == [(what, duration)]


def fighter_with(condition: str, *powers: str, rating: int | None = None) -> tuple[GuildState, Fighter]:
    s = battle([card("Knight", SWORD, *powers, rating=rating)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    knight = s.b.by_id["a1"]
    zap = parse_power(0, "attack", f"Zap: +10 vs. Will; {condition.capitalize()} (save ends).")
    assert zap.attack is not None
    FX.apply_effects(s.b, zap.attack.hit, J.Ctx(s.b.by_id["b1"], target=knight))
    assert knight.has(condition)
    s.b.active = knight
    knight.attack_action = knight.move_action = knight.minor_action = True
    return s, knight


def test_staggered_is_dazed_with_only_a_basic_attack_and_no_champion_power() -> None:
    s, knight = fighter_with("staggered", CLEAVE, FIERY, rating=2)
    orc = s.b.by_id["b1"]
    attacks = {a.power for a in s._attack_actions(knight) if isinstance(a, GuildAttack)}
    assert attacks == {0}  # the Sword (basic), not Cleave
    assert not [a for a in s._charge_actions(knight) if isinstance(a, GuildCharge)]
    champion = parse_power(3, "champion", FIERY)
    assert champion.played and not knight.uses_left(champion)
    assert J.has_combat_advantage(s.b, orc, knight, melee=True)  # as dazed
    assert not knight.can_react()


def test_confused_rolls_at_the_start_of_its_turn() -> None:
    assert (R.CONFUSED_OWN_MAX, R.CONFUSED_IDLE_MAX) == (5, 15)
    for face, acts, control in ((3, True, "player"), (10, False, "none"), (18, False, "opponent")):
        s, knight = fighter_with("confused", RALLY)
        put(s, "b1", 9, 7)
        s.b.dice = PurposeDice(confused=[face], attack=[20])
        s._start_turn(knight)
        rolled = s.log.of_kind("confused")
        assert rolled and (rolled[-1].data["roll"], rolled[-1].data["control"]) == (face, control)
        assert knight.attack_action is acts and knight.minor_action is acts
        if acts:  # its player acts, but uses no special power and makes no opportunity attack
            assert not [a for a in s._power_actions(knight) if isinstance(a, GuildPower)]
            assert not knight.can_react()


def test_a_confused_opponent_turn_attacks_its_own_side() -> None:
    s = battle([card("Knight", SWORD), card("Squire", SWORD)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "a2", 4, 4)
    put(s, "b1", 9, 7)
    knight, squire = s.b.by_id["a1"], s.b.by_id["a2"]
    zap = parse_power(0, "attack", "Zap: +10 vs. Will; Confused (save ends).")
    assert zap.attack is not None
    FX.apply_effects(s.b, zap.attack.hit, J.Ctx(s.b.by_id["b1"], target=knight))
    s.b.dice = PurposeDice(confused=[20], attack=[15])
    s.b.active = knight
    s._start_turn(knight)
    assert [e.data["target"] for e in s.log.of_kind("dominated-attack")] == ["a2"]
    assert squire.hp == 40


def test_a_confused_champion_does_not_count_for_the_champion_test() -> None:
    s = battle([card("Lord", SWORD, rating=3)], [card("Orc", SWORD, rating=1)], PurposeDice())
    s.b.dice = PurposeDice(champion_test=[10, 12, 3])
    assert s._champion_roll("champion-test") == (0, 12 * 100 + 3)  # the Lord's higher rating: two dice
    lord = s.b.by_id["a1"]
    zap = parse_power(0, "attack", "Zap: +10 vs. Will; Confused (save ends).")
    assert zap.attack is not None
    FX.apply_effects(s.b, zap.attack.hit, J.Ctx(s.b.by_id["b1"], target=lord))
    s.b.dice = PurposeDice(champion_test=[10, 12, 3])
    assert s._champion_roll("champion-test") == (1, 10 * 100 + 12)  # now the Orc's rating is the higher
