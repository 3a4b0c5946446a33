"""A power's own d20 ('Roll 1d20. On 11+, ...', 'Roll d20. 1-10: ...; 11-20: ...') and 'this creature is not
destroyed and has 5 HP instead', read as parts: the roll, the range each effect needs, the effects. The d20 is
rolled once per use; a range's effects run to the next range (docs/rules/ddm-guild-play.md)."""

from __future__ import annotations

from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

IGNORES_DEATH = ("Ignores Death: Whenever this creature would be destroyed: Roll 1d20. On 11+, this creature is not "
                 "destroyed and has 5 HP instead.")
BONES = ("Reassembling Bones: Use when destroyed: This creature is not destroyed instead, then has 5 HP and is "
         "Immobilized (save ends).")
CHAOS = ("Use at start of round; Roll 1d20. 1-10: Slaad allies have +2 DEF and +10 Damage until end of round. 11-20: "
         "Slaad allies have +2 AC and +4 Attack until end of round.")


def test_the_words() -> None:
    p = parse_power(0, "special", IGNORES_DEATH)
    assert p.played and p.trigger == "destroyed" and not C.engine_unplayed(p), p.unplayed
    assert [(e.kind, e.amount, e.count, e.extra) for e in p.effects] == [
        ("roll", 0, 1, ("new",)), ("roll", 11, 20, ()), ("survive", 5, 1, ())]
    q = parse_power(0, "special", CHAOS)
    assert q.played and [(e.kind, e.amount, e.what) for e in q.effects if e.kind != "mod"] == [
        ("roll", 0, ""), ("roll", 1, ""), ("roll", 11, "")]
    for text in ("Tough to Kill 11: Use when this creature would be reduced to 0 HP. Roll 1d20; on a roll of 11+, this "
                 "creature has 5 HP instead of being destroyed.",
                 "Loot: Use at end of round: Roll 1d20: On a roll of 15 or more, score +5 VP.",
                 "Use at start of turn: Roll 1d20. On 6-15, this creature heals 10 HP. On 20, it shifts 2 squares."):
        r = parse_power(0, "special", text)
        assert r.played and not C.engine_unplayed(r), (text, r.unplayed, C.engine_unplayed(r))
    # a range with no roll, a survival where nothing destroys it, and one with no hit points, are not played
    for text in ("Use at start of round: On 11+, score 5 VP.",
                 "Use at start of round: This creature is not destroyed and has 5 HP instead.",
                 "Use when destroyed: This creature is not destroyed instead."):
        r = parse_power(0, "special", text)
        assert not r.played or C.engine_unplayed(r), text


def test_a_roll_of_11_or_more_keeps_it_on_the_map_with_5_hp() -> None:
    s = battle([card("Owlbear", SWORD, IGNORES_DEATH, hp=40)], [card("Orc", SWORD)], PurposeDice(power=[14, 3]))
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    owlbear, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    DM.deal_damage(s.b, owlbear, [(45, "")], orc)
    assert owlbear.in_play() and owlbear.hp == 5 and s.b.scores[1] == 0  # a 14: not destroyed, no points scored
    assert [e.data["roll"] for e in s.log.of_kind("power-roll")] == [14]
    DM.deal_damage(s.b, owlbear, [(10, "")], orc)
    assert not owlbear.alive and s.b.scores[1] == owlbear.card.cost  # a 3: destroyed


def test_not_destroyed_then_5_hp_and_immobilized() -> None:
    s = battle([card("Skeleton", SWORD, BONES, hp=30)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 4, 3)
    put(s, "b1", 5, 3)
    skeleton = s.b.by_id["a1"]
    DM.deal_damage(s.b, skeleton, [(40, "")], s.b.by_id["b1"])
    assert skeleton.in_play() and skeleton.hp == 5 and skeleton.has("immobilized")
    assert s.log.of_kind("not-destroyed")


def test_a_table_gives_the_effects_of_the_rolled_range_only() -> None:
    slaad = card("Death Slaad", SWORD, CHAOS, keywords=("Slaad",))
    s = battle([slaad, card("Red Slaad", SWORD, keywords=("Slaad",))], [card("Orc", SWORD)],
               PurposeDice(power=[4, 17]))
    red = s.b.by_id["a2"]  # the first round has begun: a 4
    assert sorted((e.what, e.amount) for e in red.effects if e.kind == "mod") == [("damage", 10), ("def", 2)]
    for e in red.effects[:]:
        s.b.end_effect(red, e, "test")
    TR.fire(s.b, "start-of-round", [s.b.by_id["a1"]])  # a 17
    assert sorted((e.what, e.amount) for e in red.effects if e.kind == "mod") == [("ac", 2), ("attack", 4)]
