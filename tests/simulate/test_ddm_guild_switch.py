"""Switching positions (profile ddm-guild.switch): '1 ally within 5 squares of this creature switches positions with
target' (an attack's rider: the ally whose switch is worth most), 'This creature switches positions with 1 Shadow
ally' (only when worth something), 'Choose a Medium or smaller non-champion enemy of level 8 or lower. This creature
switches positions with that enemy'; both must end where they may stay."""

from __future__ import annotations

from django.utils import translation

from simulate.bridges.ddm_guild_events import replay_frames
from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_judge as J
from simulate.games import ddm_guild_moves as MV
from simulate.games.ddm_guild import GuildPower
from simulate.games.ddm_guild_ai import GuildHeuristicPolicy
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put, turn_of

BALEFUL = "Baleful Transposition: (range 5) +16 vs. DEF (Will); 1 ally within 5 squares of this creature switches " \
          "positions with target. Both creatures must end in legal positions."
SHADOWWALK = "Shadowwalk: Use at start of this creature's turn: This creature switches positions with 1 Shadow ally."
IMPOSTOR = "Impostor: Move action, use when no ally is within 8 squares of this creature: Choose a Medium or smaller " \
           "non-champion enemy of level 8 or lower. This creature switches positions with that enemy."


def test_the_words() -> None:
    p = parse_power(0, "attack", BALEFUL)
    assert p.attack is not None and C.engine_unplayed(p) == ""
    assert [(e.kind, e.who, e.amount, e.what) for e in p.attack.hit] == [("switch", "target", 5, "ally")]
    walk = parse_power(0, "special", SHADOWWALK)
    assert [(e.kind, e.who, e.what, e.filter.keyword) for e in walk.effects] == [("switch", "self", "ally", "shadow")]
    imp = parse_power(0, "special", IMPOSTOR)
    assert [(e.kind, e.who) for e in imp.effects] == [("choose", "chosen-enemy"), ("switch", "self")]
    assert (imp.effects[0].filter.keyword, imp.effects[0].filter.target_state) == ("!champion+level<=8",
                                                                                   "size<=medium")
    for q in (walk, imp):
        assert C.engine_unplayed(q) == "", q.name


def test_an_attack_switches_its_target_with_the_ally_it_helps_most() -> None:
    s = battle([card("Drider", BALEFUL), card("Brute", SWORD), card("Archer", "Bow: (range 10) +10 vs. AC; 5 damage.")],
               [card("Orc", SWORD), card("Goblin", SWORD)], PurposeDice(attack=[18]))
    put(s, "a1", 3, 3)
    put(s, "a2", 1, 6)  # a melee brute far from the enemies
    put(s, "a3", 2, 1)
    put(s, "b1", 7, 3)
    put(s, "b2", 9, 5)
    drider, brute, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    turn_of(s, "a1")
    p = drider.powers[0]
    assert p.attack is not None
    assert GuildHeuristicPolicy(0, 0)._value(s.b, drider, p, p.attack, orc, False) > 0.0  # (no damage: the switch)
    AT.attack(s.b, drider, p, p.attack, [orc])
    assert brute.pos == (7, 3) and orc.pos == (1, 6)
    assert [(e.data["creature"], e.data["other"]) for e in s.log.of_kind("switch")] == [("b1", "a2")]


def test_a_switch_that_would_leave_one_where_it_may_not_stay_is_not_made() -> None:
    s = battle([card("Drider", BALEFUL), card("Giant", SWORD, size="Large")], [card("Orc", SWORD)],
               PurposeDice(attack=[18]))
    put(s, "a1", 4, 3)
    put(s, "a2", 0, 6)  # a Large ally: at the orc's square its space would hold the drider's square
    put(s, "b1", 4, 2)
    drider, giant, orc = s.b.by_id["a1"], s.b.by_id["a2"], s.b.by_id["b1"]
    assert not MV.switch_ok(s.b, orc, giant)
    p = drider.powers[0]
    assert p.attack is not None
    turn_of(s, "a1")
    AT.attack(s.b, drider, p, p.attack, [orc])
    assert orc.pos == (4, 2) and giant.pos == (0, 6) and not s.log.of_kind("switch")


def test_its_own_switch_with_an_ally_only_when_it_gains() -> None:
    s = battle([card("Nightwalker", SWORD, SHADOWWALK, cost=40), card("Shade", SWORD, keywords=("Shadow",), cost=10),
                card("Guard", SWORD, cost=10)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 1, 1)
    put(s, "a2", 8, 4)
    put(s, "a3", 7, 7)
    put(s, "b1", 10, 4)
    walker, shade = s.b.by_id["a1"], s.b.by_id["a2"]
    s.b.active = walker
    s._start_turn(walker)
    assert walker.pos == (8, 4) and shade.pos == (1, 1)  # beside the orc now (the Guard is no Shadow)
    s.b.active = walker
    s._start_turn(walker)  # no gain in switching back
    assert walker.pos == (8, 4) and len(s.log.of_kind("switch")) == 1


def test_the_impostor_takes_an_enemys_place() -> None:
    s = battle([card("Doppleganger", SWORD, IMPOSTOR)], [card("Orc", SWORD), card("Ogre", SWORD, size="Large"),
                                                          card("Lord", SWORD, rating=2)], PurposeDice())
    put(s, "a1", 1, 1)
    put(s, "b1", 8, 6)
    put(s, "b2", 3, 1)
    put(s, "b3", 5, 1)
    dopple, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    turn_of(s, "a1")
    imp = dopple.powers[1]
    assert FX.pick(s.b, "chosen-enemy", imp.effects[0], J.Ctx(dopple)) == [orc]  # not the Large ogre or the champion
    s.apply(GuildPower(1))
    assert dopple.pos == (8, 6) and orc.pos == (1, 1)


def test_the_replay_shows_both_in_their_new_places() -> None:
    event = {"kind": "switch", "round": 2, "creature": "a1", "other": "b1", "at": [8, 6], "other_at": [1, 1]}
    record = {"lists": [{"name": "A", "creatures": [{"name": "Doppleganger"}]},
                        {"name": "B", "creatures": [{"name": "Orc"}]}], "events": [event]}
    with translation.override("en"):
        frames = replay_frames(record)["frames"]
    assert frames[0]["at"] == {"a1": [8, 6], "b1": [1, 1]}
    assert frames[0]["text"] == "Doppleganger (a1) and Orc (b1) switch positions."


def test_two_adjacent_creatures_switched_where_that_helps() -> None:
    chaos = "Reorder Chaos: Use at start of this creature's turn: 2 creatures (enemy or ally) adjacent to each other " \
            "and within 10 squares of this creature switch positions. RECHARGE when an ally first becomes bloodied."
    p = parse_power(0, "special", chaos, uses=1)
    assert [(e.kind, e.who, e.amount) for e in p.effects] == [("switch", "pair", 10)] and C.engine_unplayed(p) == ""
    s = battle([card("Zerth", SWORD, chaos)], [card("Orc", SWORD), card("Archer", "Bow: (range 10) +10 vs. AC; "
                                                                                  "5 damage.")], PurposeDice())
    put(s, "a1", 5, 3)
    put(s, "b1", 8, 3)
    put(s, "b2", 9, 3)
    zerth, orc, archer = s.b.by_id["a1"], s.b.by_id["b1"], s.b.by_id["b2"]
    zerth.uses[1] = 1  # its one use (as printed), whatever the set-up turn spent
    s.b.active = zerth
    s._start_turn(zerth)
    assert archer.pos == (8, 3) and orc.pos == (9, 3)  # the archer nearer, the orc farther


def test_the_replay_moves_a_placed_creature_and_one_put_in_a_legal_position() -> None:
    events = [{"kind": "deploy", "round": 0, "creature": "a1", "at": [1, 1]},
              {"kind": "place", "round": 1, "creature": "a1", "to": [5, 4], "where": "beside:self"},
              {"kind": "legal-position", "round": 1, "creature": "a1", "to": [6, 4]}]
    record = {"lists": [{"name": "A", "creatures": [{"name": "Ghost"}]}, {"name": "B", "creatures": []}],
              "events": events}
    with translation.override("en"):
        frames = replay_frames(record)["frames"]
    assert [f.get("at") for f in frames] == [{"a1": [1, 1]}, {"a1": [5, 4]}, {"a1": [6, 4]}]
    assert frames[1]["text"] == "Ghost (a1) moves to 5, 4."
