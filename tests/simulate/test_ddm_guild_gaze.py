"""'Blind: Immune to attack actions and special powers with Gaze in their name' (and the bare keyword 'Blind' two
cards print): no power named Gaze reaches the creature — not as a target, not in an area, not through its effects."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildAttack
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

BLIND = "Blind: Immune to attack actions and special powers with Gaze in their name."
STONE_GAZE = "Stone Gaze: (range 6) +12 vs. Fortitude; 10 damage AND Slowed (save ends)."
BURST_GAZE = "Withering Gaze: (burst 2) +12 vs. Will; 10 necrotic damage."
CONFUSING = "Confusing Gaze: Use at start of round: Each enemy within 6 squares of it is Dazed until end of round."


def test_both_spellings_read_as_immune_to_gazes() -> None:
    for text in (BLIND, "Blind", "Blind: Immune to attack actions and special powers with Gaze in their name"):
        p = parse_power(0, "ability", text)
        assert p.played and [(s.kind, s.what) for s in p.statics] == [("immune", "gaze")], (text, p.unplayed)


def test_a_gaze_attack_cannot_target_it_and_a_gaze_area_passes_it_by() -> None:
    s = battle([card("Medusa", STONE_GAZE, BURST_GAZE, SWORD)],
               [card("Grimlock", SWORD, BLIND), card("Orc", SWORD)], PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 4, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 5)
    turn_of(s, "a1")
    medusa, grimlock, orc = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    offered = {(a.power, a.targets) for a in s.legal_actions() if isinstance(a, GuildAttack) and a.targets}
    assert (0, ("b2",)) in offered and (0, ("b1",)) not in offered
    burst = medusa.powers[1]
    assert burst.attack is not None
    AT.attack(s.b, medusa, burst, burst.attack, [grimlock, orc])
    assert grimlock.hp == 50 and orc.hp == 40
    sword = medusa.powers[2]
    assert sword.attack is not None and AT.in_range(s.b, medusa, sword, sword.attack, grimlock) is False  # not adjacent
    put(s, "a1", 5, 3)
    assert AT.in_range(s.b, medusa, sword, sword.attack, grimlock)  # not a gaze: it may


def test_the_effects_of_a_special_power_named_gaze_pass_it_by() -> None:
    s = battle([card("Beholder", SWORD, CONFUSING)], [card("Grimlock", SWORD, BLIND), card("Orc", SWORD)],
               PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 5, 5)
    beholder = s.b.by_id["a1"]
    gaze = beholder.powers[1]
    assert gaze.played and gaze.trigger == "start-of-round", gaze.unplayed
    TR.use_triggered(s.b, beholder, gaze, J.Ctx(beholder))
    assert s.b.by_id["b2"].has("dazed") and not s.b.by_id["b1"].has("dazed")
