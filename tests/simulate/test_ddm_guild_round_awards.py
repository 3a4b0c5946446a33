"""Victory points a round decides ('Use at start of round: At end of round, the player whose warband destroys the most
enemies this round scores 15 VP', 'If at least 1 enemy is destroyed during the round, score +10 VP at end of round',
'You score +10 VP whenever an enemy is destroyed this round'): the power promises them, the end of the round awards
them — to the player ahead, nobody on a tie (profile ddm-guild.round-awards). Each power is first checked to be on
the card and played, then played in a battle with set positions."""

from __future__ import annotations

import pytest

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildState
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

MOST = ("Use before taking your first turn in a round: At end of round, the player whose warband destroys the most "
        "enemies this round scores 15 VP.")
ELIMINATES = ("Use before taking yor first turn of a round. The player whose warband eliminates more enemies than any "
              "other this round score +15 VP.")
HIGHEST_LEVEL = ("Use before taking your first turn of a round: At end of round, the player whose warband destroys the "
                 "highest-level enemy this round scores 15 VP.")
HIGHEST_COST = ("Use at start of round: At end of round, the player whose warband destroys the highest-cost enemy this "
                "round scores 50 VP.")
MOST_IN_AREAS = ("Use at start of round: At end of round, the player whose warband has the most creatures occupying "
                 "victory areas scores 15 VP.")
HIS_OR_HER = ("Use before taking your first turn of a round. The player with the most creatures in his or her victory "
              "areas at end of round scores +10 VP.")
EACH_IN_AREA = ("Use at start of round. Each creature in any victory area at the end of the round scores 5 VP for its "
                "player.")
SELF_DESTROYS = ("Use before taking your first turn of a round. If this creature destroys 1 or more creatures during "
                 "this round, score +15 VP.")
ANY_DESTROYED = ("Use at start of round. If at least 1 enemy is destroyed during the round, score +10 VP at end of "
                 "round")
WHENEVER = "Use at start of round: You score +10 VP whenever an enemy is destroyed this round."


def _champion(c: dict[str, object]) -> dict[str, object]:
    """The card with its special powers printed as champion powers (the catalogue's kind)."""
    for p in c["powers"]:  # type: ignore[attr-defined]
        if p["kind"] == "special":
            p["kind"] = "champion"
    return c


@pytest.mark.parametrize("text, measure", [
    (MOST, "most-destroyed"), (ELIMINATES, "most-destroyed"), (HIGHEST_LEVEL, "highest-level-destroyed"),
    (HIGHEST_COST, "highest-cost-destroyed"), (MOST_IN_AREAS, "most-in-areas"), (HIS_OR_HER, "most-in-areas"),
    (EACH_IN_AREA, "each-in-area"), (SELF_DESTROYS, "self-destroyed"), (ANY_DESTROYED, "any-destroyed"),
    (WHENEVER, "each-destroyed")])
def test_the_round_awards_are_read_and_played(text: str, measure: str) -> None:
    c = card_from_json(_champion(card("Dragon", SWORD, text, rating=3)))
    assert len(c.powers) == 2 and c.powers[1].ptype == "champion"
    assert [(e.kind, e.what) for e in c.powers[1].effects] == [("vp", "round:" + measure)]
    assert unplayed_powers(c) == []


def _battle(text: str, a: int = 2, b: int = 2, **levels: int) -> GuildState:
    s = battle([_champion(card(f"A{i}", SWORD, *([text] if i == 1 else []), rating=3 if i == 1 else None,
                               level=levels.get(f"a{i}", 5), cost=levels.get(f"ca{i}", 20))) for i in range(1, a + 1)],
               [card(f"B{i}", SWORD, level=levels.get(f"b{i}", 5), cost=levels.get(f"cb{i}", 20))
                for i in range(1, b + 1)], PurposeDice())
    for i in range(1, a + 1):  # away from the victory areas (A's at (8, 3), B's at (3, 3))
        put(s, f"a{i}", 1, i)
    for i in range(1, b + 1):
        put(s, f"b{i}", 10, i)
    s.b.round_awards.clear()  # (what the first round's powers promised already)
    champ = s.b.by_id["a1"]
    TR.apply_power(s.b, champ, champ.powers[1], J.Ctx(champ))
    return s


def _awards(s: GuildState) -> list[tuple[int, int]]:
    return [(int(str(e.data["player"])), int(str(e.data["points"]))) for e in s.log.of_kind("score")
            if e.data["why"] == "round-award"]


def _destroy(s: GuildState, victim: str, killer: str | None) -> None:
    DM.destroy(s.b, s.b.by_id[victim], s.b.by_id[killer] if killer else None)


def test_the_player_whose_warband_destroyed_more_enemies_scores_at_end_of_round() -> None:
    s = _battle(MOST, b=3)
    _destroy(s, "b1", "a2")
    _destroy(s, "b2", None)  # (ongoing damage, a pit: still an enemy its warband destroyed)
    _destroy(s, "a2", "b3")
    assert _awards(s) == []  # nothing before the round ends
    s._end_round()
    assert _awards(s) == [(0, 15)]
    assert s.b.round_awards == []


def test_a_tie_scores_nobody() -> None:
    s = _battle(ELIMINATES)
    _destroy(s, "b1", "a2")
    _destroy(s, "a2", "b2")
    s._end_round()
    assert _awards(s) == []


def test_the_highest_level_enemy_destroyed_may_win_the_other_player_the_points() -> None:
    s = _battle(HIGHEST_LEVEL, a=3, b=3, a2=8, b1=3, b2=3)
    _destroy(s, "b1", "a1")
    _destroy(s, "b2", "a1")
    _destroy(s, "a2", "b3")  # one enemy, but level 8
    s._end_round()
    assert _awards(s) == [(1, 15)]


def test_the_highest_cost_enemy_destroyed() -> None:
    s = _battle(HIGHEST_COST, ca2=30, cb1=31)
    _destroy(s, "a2", "b1")
    _destroy(s, "b1", "a1")
    s._end_round()
    assert _awards(s) == [(0, 50)]


@pytest.mark.parametrize("text, points", [(MOST_IN_AREAS, 15), (HIS_OR_HER, 10)])
def test_the_player_with_more_creatures_in_its_victory_areas(text: str, points: int) -> None:
    s = _battle(text, b=3)
    put(s, "b1", 3, 3)  # B's own victory area
    put(s, "b2", 8, 3)  # A's: it does not count for B
    s._end_round()
    assert (1, points) in _awards(s)


def test_each_creature_in_any_victory_area_scores_for_its_player() -> None:
    s = _battle(EACH_IN_AREA, b=3)
    put(s, "a2", 3, 3)
    put(s, "b1", 8, 3)
    put(s, "b2", 9, 6)
    s._end_round()
    assert sorted(_awards(s)) == [(0, 5), (1, 5)]


def test_only_a_creature_its_own_creature_destroyed_counts_for_it() -> None:
    s = _battle(SELF_DESTROYS)
    _destroy(s, "b1", "a2")
    s._end_round()
    assert _awards(s) == []
    s = _battle(SELF_DESTROYS)
    _destroy(s, "b1", "a1")
    s._end_round()
    assert _awards(s) == [(0, 15)]


def test_at_least_one_enemy_destroyed_during_the_round() -> None:
    s = _battle(ANY_DESTROYED)
    _destroy(s, "a2", "b1")  # its own ally: no
    s._end_round()
    assert _awards(s) == []
    s = _battle(ANY_DESTROYED)
    _destroy(s, "b2", None)
    s._end_round()
    assert _awards(s) == [(0, 10)]


def test_whenever_an_enemy_is_destroyed_this_round_it_scores_at_once_and_not_next_round() -> None:
    s = _battle(WHENEVER, b=3)
    _destroy(s, "b1", "a2")
    assert _awards(s) == [(0, 10)]
    _destroy(s, "a2", "b2")
    assert _awards(s) == [(0, 10)]
    s._end_round()
    _destroy(s, "b2", "a1")
    assert _awards(s) == [(0, 10)]


ELDER_BLUE = "Use when an ally declares a {C} or {A} attack: You score 20 VP for each enemy destroyed by that attack."
BREATH = "Breath: (burst 1) +10 vs. Reflex; 30 damage."


def test_points_for_each_enemy_that_attack_destroyed() -> None:
    c = card_from_json(_champion(card("Elder Blue Dragon", SWORD, ELDER_BLUE, rating=5)))
    assert c.powers[1].trigger == "ally-declares" and unplayed_powers(c) == []
    s = battle([_champion(card("Elder Blue Dragon", SWORD, ELDER_BLUE, rating=5)), card("Blue", BREATH)],
               [card("Weak", SWORD, hp=20), card("Strong", SWORD, hp=80)], PurposeDice(attack=[15, 15]))
    put(s, "a1", 1, 1)
    put(s, "a2", 5, 3)
    put(s, "b1", 6, 3)
    put(s, "b2", 4, 3)
    blue = s.b.by_id["a2"]
    breath = blue.powers[0]
    assert breath.attack is not None
    AT.attack(s.b, blue, breath, breath.attack, [s.b.by_id["b1"], s.b.by_id["b2"]])
    points = [(e.data["player"], e.data["points"]) for e in s.log.of_kind("score") if e.data["why"] == "power"]
    assert points == [(0, 20)]  # the weak one destroyed, the strong one standing
