"""Dungeon Command card texts as typed effects: every bundled order, power and commander ability is read (the
share is printed), readings are listed, and a text the reader does not know is listed per card, never guessed."""

from __future__ import annotations

from simulate.engine.dice import SeededDice
from simulate.games.dungeon_command import DcGame
from simulate.games.dungeon_command_actions import PlayOrder
from simulate.games.dungeon_command_cards import Warband, modelled_share
from simulate.games.dungeon_command_effects import ALL, read_commander, read_order, read_power
from tests.simulate.games.dc_helpers import PACKS, begin, field_map, hand, pack_cards, pack_list, put, warband


def test_the_modelled_share_of_the_five_packs_is_printed_and_at_least_90_percent(capsys: object) -> None:
    warbands = [Warband.from_json(pack_list(p, c["name"])) for p in PACKS for c in pack_cards(p)
                if c["kind"] == "commander"]
    share = modelled_share(warbands)
    print(f"Dungeon Command: {share.modelled} of {share.total} orders, creature powers and commander abilities "
          f"modelled ({share.share:.1%}); not modelled: {', '.join(share.unmodelled) or 'none'}; "
          f"played from readings: {len(share.readings)}")
    assert share.total == 116 + 46 + 10
    assert share.share >= 0.9
    assert share.unmodelled == []
    assert [r.split(":")[0] for r in share.readings] == ["Drow Blademaster", "Morgana Valistova (commander)"]


def test_a_card_of_several_actions_reads_as_steps_in_printed_order() -> None:
    ambush = read_order("Shift up to 2 squares. Make a melee attack that deals 50 DAMAGE.")
    assert [(s.op, s.amount, s.mode) for s in ambush.steps] == [("shift", 2, ""), ("attack", 50, "flat")]
    daring = read_order("Make a melee attack that deals 30 DAMAGE. If the target takes damage from this attack, "
                        "untap this creature.")
    assert [r.op for r in daring.steps[0].riders] == ["untap"]
    dodge = read_order("Discard 1 Order card to prevent all damage to this creature from 1 source.")
    assert [c.op for c in dodge.costs] == ["discard"] and dodge.steps[0].amount == ALL


def test_choices_attachments_and_preambles() -> None:
    patch = read_order("This creature heals 20 damage. OR Prevent 20 damage to this creature from 1 source.")
    assert [[s.op for s in o] for o in patch.steps[0].options] == [["heal"], ["prevent"]]
    fire = read_order("DROW AFFINITY. Attach this card to 1 enemy creature within 10 squares. Attacks deal +10 "
                      "DAMAGE to this creature.")
    [attach] = fire.steps
    assert (attach.who, attach.within, [m.op for m in attach.mods]) == ("enemy-within", 10, ["damage-taken"])
    level_up = read_order("REQUIRES HUMANOID. Attach this card to this creature. +20 HP; +1 Level. Gain the "
                          "Adventurer keyword.")
    [mod] = level_up.steps[0].mods
    assert (mod.op, mod.amount, mod.keywords) == ("level-up", 1, ("Adventurer",))


def test_powers_and_commanders_read_as_lasting_facts() -> None:
    assert [m.op for m in read_power("Scuttle", "This creature shifts when it moves.").mods] == ["scuttle"]
    gaze = read_power("Confusion Gaze", "As a standard action, choose 1 enemy creature within 5 squares and slide "
                      "that creature 3 squares, then make a melee attack that deals melee DAMAGE.", True)
    assert [s.op for s in gaze.steps] == ["slide", "attack"]
    web = read_commander("WALLS OF WEB: Add 2 to the Speed of each Spider and Drow you control.")
    assert [(m.op, m.amount, m.keywords) for m in web.mods] == [("speed", 2, ("Spider", "Drow"))]


def test_a_text_the_reader_does_not_know_is_unmodelled_listed_in_results_and_never_offered() -> None:
    odd = read_order("Swap places with the moon.")
    assert not odd.modelled and odd.unmodelled == ("Swap places with the moon.",)
    a = warband("Valnar Trueblade", ["Dragon Knight"], ["Power Attack"])
    a["orders"][0] = {**a["orders"][0], "name": "Moon Swap", "text": "Swap places with the moon."}
    b = warband("Aliszandra Malistros", ["Drider"])
    s = DcGame().new_initial_state(lists=[a, b], battle_map=field_map(["BBBBBBBBBB", *[".........."] * 8,
                                                                        "AAAAAAAAAA"]), dice=SeededDice(1))
    knight = put(s, 0, "Dragon Knight", (4, 4))
    put(s, 1, "Drider", (4, 2))
    [moon] = hand(s, 0, ["Moon Swap"])
    begin(s)
    from simulate.games.dungeon_command_actions import Activate

    s.apply(Activate(knight))
    assert not any(isinstance(x, PlayOrder) and x.card == moon for x in s.legal_actions())
    assert DcGame().unmodelled([a, b]) == ["Moon Swap"]
