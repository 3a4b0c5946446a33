"""'Pull target adjacent (to this creature)' (as far as it takes), 'push target of that attack N squares', 'move this
creature up to its speed', and 'heals 10 HP each time an effect would deal cold damage to it' / 'whenever it would
take fire damage, it heals 10 HP instead' (that damage heals it instead of hurting it)."""

from __future__ import annotations

from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_coverage as C
from simulate.games import ddm_guild_damage as DM
from simulate.games.ddm_guild_powers import parse_power
from tests.simulate.test_ddm_guild_rules import SWORD, PurposeDice, battle, card, put

GRAB = "Tentacle Grab: (Reach 3) +16 vs. AC; 15 Damage AND pull target adjacent AND Immobilized (save ends)"
SHOVE = "Telekinetic Push: Use after hitting with a {m} attack: Push target of that attack up to 3 squares."
COLD = "Cold Healing 5: This creature heals 5 HP each time an effect would deal cold damage to it."


def test_the_words() -> None:
    grab = parse_power(0, "attack", GRAB)
    assert grab.played and grab.attack is not None
    assert [(e.kind, e.who, e.amount) for e in grab.attack.hit][:2] == [("damage", "target", 15),
                                                                        ("pull", "target", -1)]
    shove = parse_power(0, "special", SHOVE)
    assert shove.played and [(e.kind, e.who, e.amount) for e in shove.effects] == [("push", "target", 3)]
    for text, n, dtype in ((COLD, 5, "cold"),
                           ("Fire Healing: Whenever this creature would take fire damage, it heals 10 HP instead.",
                            10, "fire")):
        p = parse_power(0, "special", text)
        assert p.played and not C.engine_unplayed(p), text
        assert [(s.kind, s.amount, s.what) for s in p.statics] == [("absorb", n, dtype)]
    surge = parse_power(0, "special", "Feral Surge: Use at start of this creature's turn. Move this creature up to "
                                      "its Speed.")
    assert surge.played and [(e.kind, e.who, e.amount) for e in surge.effects] == [("move", "self", -1)]


def test_a_pull_brings_the_target_adjacent() -> None:
    s = battle([card("Otyugh", GRAB)], [card("Orc", SWORD)], PurposeDice(attack=[15]))
    put(s, "a1", 2, 3)
    put(s, "b1", 5, 3)
    otyugh, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    p = otyugh.powers[0]
    assert p.attack is not None and not C.engine_unplayed(p)
    AT.attack(s.b, otyugh, p, p.attack, [orc])
    assert s.b.adjacent(otyugh, orc) and orc.has("immobilized") and orc.hp == 35


def test_cold_damage_heals_it_instead_and_other_damage_hurts() -> None:
    s = battle([card("Ice Mephit", SWORD, COLD, hp=40)], [card("Orc", SWORD)], PurposeDice())
    put(s, "a1", 2, 3)
    put(s, "b1", 3, 3)
    mephit, orc = s.b.by_id["a1"], s.b.by_id["b1"]
    mephit.hp = 20
    DM.deal_damage(s.b, mephit, [(10, ""), (10, "cold")], orc)
    assert mephit.hp == 15  # healed 5 (to 25), then 10 untyped damage
    DM.deal_damage(s.b, mephit, [(15, "cold")], orc)
    assert mephit.hp == 20
