"""A power of the card given to allies for a while, by its name: 'Until end of round, each Divine and each Martial
ally has Defender' (a triggered power: each ally reached has it as its own while it lasts), 'Each Lizardfolk ally and
Reptile ally had Croc Strike until end of round' (a power of modifiers: those modifiers for that while); an action
power ('That ally gains Ambush 10 until end of round') or a name no power of the card has is not played."""

from __future__ import annotations

from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild import GuildAttack
from simulate.games.ddm_guild_cards import card_from_json, unplayed_powers
from tests.simulate.test_ddm_guild_round_awards import _champion
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

CUTHBERT = "Use at start of round: Until end of round, each Divine and each Martial ally has Defender."
DEFENDER = ("Defender: Use when an enemy adjacent to this creature makes a {m} attack against an ally: This creature "
            "makes a {b} attack against that enemy as an immediate action.")
HA_SIS = "Use at start of round: Each Lizardfolk ally and Reptile ally had Croc Strike until end of round."
CROC = "Croc Strike: +2 Melee attack and +5 Melee damage vs. creatures that have not taken a turn this round."
CAPTAIN = "Use at start of adjacent ally's turn: That ally gains Ambush 10 until end of round."
AMBUSH = ("Ambush 10: Minor action: Choose an enemy that does not have line of sight to this creature. +10 m damage "
          "vs. that enemy until end of turn.")


def _with(champion: str, named: str, name: str = "Champion") -> dict[str, object]:
    """A champion card whose champion power names ``named``, a special power of the card."""
    c = _champion(card(name, SWORD, champion, rating=2))
    c["powers"].append({"kind": "special", "text": named})  # type: ignore[attr-defined]
    return c


def test_which_named_powers_are_played() -> None:
    assert unplayed_powers(card_from_json(_with(CUTHBERT, DEFENDER))) == []
    assert unplayed_powers(card_from_json(_with(HA_SIS, CROC))) == []
    [captain] = unplayed_powers(card_from_json(_with(CAPTAIN, AMBUSH)))
    assert "not a triggered power or modifiers" in captain.unplayed
    [alone] = unplayed_powers(card_from_json(_champion(card("Cleric", SWORD, CUTHBERT, rating=2))))
    assert alone.unplayed == "has defender: no power of this card has that name"


def test_a_martial_ally_defends_with_the_clerics_defender_while_it_lasts() -> None:
    s = battle([_with(CUTHBERT, DEFENDER, name="Cleric"),
                card("Fighter", SWORD, keywords=("Martial",)), card("Squire", SWORD)],
               [card("Orc", SWORD, hp=80)], PurposeDice(attack=[15, 15, 15]))
    put(s, "a1", 1, 1)
    put(s, "a2", 5, 3)
    put(s, "a3", 5, 4)
    put(s, "b1", 6, 4)
    cleric, fighter, squire, orc = (s.b.by_id[i] for i in ("a1", "a2", "a3", "b1"))
    cleric.champion_left = 2
    TR.apply_power(s.b, cleric, cleric.powers[1], J.Ctx(cleric))
    assert [p.name for p in fighter.powers if p.name == "Defender"] == ["Defender"]
    assert not any(p.name == "Defender" for p in squire.powers)
    fighter.immediate_used = False
    turn_of(s, "b1")
    s.apply(GuildAttack(0, ("a3",)))
    attackers = [e.data["attacker"] for e in s.log.of_kind("attack")]
    assert attackers[-2:] == ["b1", "a2"] or attackers[-2:] == ["a2", "b1"]
    assert orc.hp == 70


def test_croc_strike_as_modifiers_for_the_round() -> None:
    s = battle([_with(HA_SIS, CROC, name="Ha-Sis"),
                card("Lizard", SWORD, keywords=("Lizardfolk",)), card("Human", SWORD)], [card("Orc", SWORD)],
               PurposeDice())
    for i in range(3):
        put(s, f"a{i + 1}", 1, i + 1)
    put(s, "b1", 10, 3)
    hero, lizard, human = (s.b.by_id[f"a{i}"] for i in (1, 2, 3))
    for f in (lizard, human):
        f.effects.clear()
    TR.apply_power(s.b, hero, hero.powers[1], J.Ctx(hero))
    assert [(x.what, x.amount, x.filter.target_state) for x in lizard.effects if x.kind == "mod"] == [
        ("attack", 2, "!activated"), ("damage", 5, "!activated")]
    assert human.effects == []
