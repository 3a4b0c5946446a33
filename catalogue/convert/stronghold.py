"""Stronghold (1st edition as the Hungarian seed gives it): every component with its count, costs and limits.

Sources, in order of authority:

1. the seed ``002_d44d61b2c33012b1.txt`` (the Hungarian attacker's rulebook): the component list
   ("JÁTÉKELEMEK"), strengths, and every action's cost in its own section ("BALLISTA", "ZÁSZLÓK", ...);
2. ``stronghold.md`` (the digest of that seed), for the English working names;
3. ``../shared/data/stronghold-components/components.json``: the English 1st-edition component page. It is
   incomplete and differs from the seed in places; the seed wins and each difference is noted on the record.

The phase cards' contents are not printed in any source: each deck (one phase, one colour) is one record
whose ``copies`` is the number of cards in it and whose actions are missing. Actions with no piece of their
own are ``phase-card`` records with ``action_only`` and ``copies`` 0, because the attacker may take only the
actions printed on his phase cards.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from catalogue import dataformat as fmt

SEED = "002_d44d61b2c33012b1.txt"
SOURCE = f"seed {SEED} (Stronghold, Hungarian attacker's rulebook, 1st edition)"
EN1_SOURCE = "stronghold-components: English 1st-edition component page (https://doczz.net/doc/4935471/game-rules)"
FILE = "stronghold/default/stronghold.json"

SET = {"slug": "stronghold", "name": "Stronghold (1st edition)", "kind": "core", "position": 0}

# The component list of the seed ('JÁTÉKELEMEK'): totals per line, checked against the records below.
SEED_TOTALS: dict[str, int] = {
    "attacker units": 200,
    "defender units": 41,
    "resources": 16,
    "phase cards": 49,
    "machine cards": 36,
    "machine tiles": 23,
    "equipment tiles": 21,
    "training tiles": 15,
    "ritual tiles": 10,
    "order tiles": 5,
    "hourglasses": 24,
    "wall elements": 26,
    "cauldrons": 9,
    "traps": 6,
    "defender machines": 6,
    "hero markers": 2,
    "cathedral tiles": 2,
    "boards": 2,
}

PHASE_NAMES = {
    1: ("Supply", "1. fázis: Beszerzés"),
    2: ("Siege Machines", "2. fázis: Ostromgépek"),
    3: ("Equipment", "3. fázis: Felszerelés"),
    4: ("Training", "4. fázis: Kiképzés"),
    5: ("Rituals", "5. fázis: Rituálék"),
    6: ("Mobilization", "6. fázis: Mozgósítás"),
}
# The phase-1 and phase-6 cards are the only cards of their phase (one per attacker), so each prints every action
# the seed gives its phase; the green (3-4 player) phase-1 card also has Transfer Units ('EGYSÉGEK ÁTADÁSA').
FIXED_CARD_ACTIONS: dict[tuple[str, int], tuple[str, ...]] = {
    ("red", 1): ("Produce Resources",),
    ("green", 1): ("Produce Resources", "Transfer Units"),
    ("red", 6): ("Lesser Mobilization", "Major Mobilization", "Open Order", "Secret Orders"),
    ("green", 6): ("Lesser Mobilization", "Major Mobilization", "Open Order", "Secret Orders"),
}
PHASE_SECTIONS = {1: "1. FÁZIS: BESZERZÉS", 6: "6.FÁZIS: MOZGÓSÍTÁS"}
SPECIAL_ACTIONS = {1: "Charge!", 2: "Precise Hit", 3: "Equipment Transfer", 4: "Training Relocation",
                   5: "Escape from the Knife"}


def _p(section: str, how: str = "stated", note: str = "") -> list[dict[str, str]]:
    entry = {"source": f"seed {SEED} '{section}'", "how": how}
    if note:
        entry["note"] = note
    return [entry]


def _effect(name: str, value: int, text: str = "") -> dict[str, Any]:
    row: dict[str, Any] = {"kind": "effect", "name": name, "value": value}
    if text:
        row["text"] = text
    return row


class _Records:
    """Builds the card list; every record gets provenance for each number it carries."""

    def __init__(self) -> None:
        self.cards: list[dict[str, Any]] = []
        self.groups: dict[str, list[str]] = {}

    def add(
        self, kind: str, slug: str, name: str, hu: str, *, group: str = "", section: str = "",
        copies_section: str = "JÁTÉKELEMEK", copies_how: str = "stated", copies_note: str = "",
        notes: list[str] | None = None, abilities: list[dict[str, Any]] | None = None,
        field_sections: dict[str, str] | None = None, **fields: Any,
    ) -> dict[str, Any]:
        card: dict[str, Any] = {"kind": kind, "slug": slug, "name": name, "names": {"hu": hu}, "source": SOURCE}
        card.update(fields)
        provenance: dict[str, list[dict[str, str]]] = {}
        if not fields.get("action_only"):
            provenance["copies"] = _p(copies_section, copies_how, copies_note)
        for key, value in fields.items():
            if key in {"side", "text", "copies", "action_only", "limited", "colour", "unit_type"} or value is None:
                continue
            where = (field_sections or {}).get(key) or section or copies_section
            if key == "cost_resources" and value == 0:
                provenance[key] = _p("FÁZISOK", "derived", "only the actions of phases 2 and 3 cost resources")
            elif key == "hourglasses" and value == 0:
                provenance[key] = _p(where, "derived", "the cost names only units (1 hourglass each) or nothing")
            else:
                provenance[key] = _p(where)
        card["provenance"] = provenance
        if notes:
            card["notes"] = list(notes)
        if abilities:
            card["abilities"] = abilities
        self.cards.append(card)
        if group:
            self.groups.setdefault(group, []).append(slug)
        return card


def _units(r: _Records) -> None:
    for slug, name, hu, copies, strength in (
        ("goblin", "Goblin", "goblin", 60, 1), ("orc", "Orc", "ork", 100, 2), ("troll", "Troll", "troll", 40, 3),
    ):
        r.add("unit", slug, name, hu, group="attacker units", section="TÁMADÓ EGYSÉGEK", side="attacker",
              copies=copies, unit_type=slug, strength=strength,
              text=f"Attacker unit, strength {strength}. Drawn from the bag; pays for actions (1 hourglass each).")
    for slug, name, hu, copies, strength in (
        ("archer", "Archer", "íjász", 17, 1), ("soldier", "Soldier", "katona", 20, 2),
        ("veteran", "Veteran", "veterán", 4, 3),
    ):
        notes = ["The English 1st edition calls defender archers Marksmen."] if slug == "archer" else None
        r.add("unit", slug, name, hu, group="defender units", section="KÖZELHARC VÉGREHAJTÁSÁRA: A VÉDŐ EREJE",
              side="defender", copies=copies, unit_type=slug, strength=strength, notes=notes,
              text=f"Defender unit, strength {strength}.")


def _resources(r: _Records) -> None:
    r.add("resource", "resource-cube", "Resource cube", "nyersanyagkocka", group="resources", side="attacker",
          copies=16, text="Pays for siege machines (phase 2) and equipment (phase 3). 5 come in each round.")


def _machines(r: _Records) -> None:
    big: dict[str, Any] = {"cost_trolls": 1, "cost_orcs": 2}
    small: dict[str, Any] = {"cost_orcs": 1, "cost_goblins": 2}
    deck: dict[str, Any] = {"deck_hit_cards": 2, "deck_miss_cards": 5}
    rows: list[tuple[str, str, str, int, int, dict[str, Any], str, dict[str, Any], str]] = [
        ("ballista", "Ballista", "Ballista", 4, 6, big, "rampart", deck,
         "Shoots a wall section (not a tower) joined to its rampart by a path. Hit: destroys 1 defender unit "
         "there and, if attacker units are there too, the strongest of them."),
        ("catapult", "Catapult", "Katapult", 4, 6, big, "rampart", deck,
         "Shoots a wall section joined to its rampart. Hit: 1 stone and all wood wall elements fall; on a "
         "section with no elements it removes a cauldron there or a cannon/throwing machine in the tower opposite."),
        ("altar", "Altar", "Oltár", 2, 4, small, "gathering-point", {"strength_bonus": 1},
         "+1 attacker strength on one wall section of its side, chosen each round when orders are given."),
        ("cover", "Cover", "Fedezék", 3, 4, small, "rampart", {},
         "Units at its rampart are immune to archer fire and to Archers' Blessing."),
        ("ram", "Ram", "Faltörő kos", 5, 3, small, "gate", {},
         "One part of the ram, placed before the current gate. Each part manned by 2 units lowers the gate's "
         "resistance by 1 in the siege."),
        ("trebuchet", "Trebuchet", "Trebuchet", 2, 8, big, "gathering-point", deck,
         "Shoots any wall section of its side. Hit: 1 stone and all wood wall elements fall; with none, any "
         "cauldron there. Never hits tower machines; too far for scouts to sabotage."),
        ("siege-tower", "Siege Tower", "Ostromtorony", 3, 8, big, "wall-section", {"extra_slots": 3},
         "Stands at one of the 4 wall sections that take a tower. In phase 6 camp units may move straight into "
         "it; it gives 3 more attacker slots on that section."),
    ]
    for slug, name, hu, copies, resources, pay, placement, extra, text in rows:
        notes: list[str] = []
        abilities: list[dict[str, Any]] = []
        if slug == "ram":
            notes.append("3-4 players: at most 1 ram part is built per round (the quick reference says so generally).")
            notes.append("The seed says resistance falls 'for each such unit' in the main text and 'for each such "
                         "part' in the quick reference; the digest reads 1 per manned part.")
            abilities = [_effect("Crew per part", 2), _effect("Gate resistance lost per manned part", 1)]
        if slug == "cover":
            notes.append("The main text protects against archer fire and Archers' Blessing; the quick reference says "
                         "'all firing'. The digest reads archers only.")
            notes.append("English name uncertain: the 2nd-edition component list calls these tiles 'mantelet'.")
        r.add("machine", slug, name, hu, group="machine tiles", section=hu.upper(), side="attacker",
              field_sections={"phase": "FÁZISOK", "lasts_one_round": "2. FÁZIS: OSTROMGÉPEK (introduction)"},
              copies=copies, phase=2, cost_resources=resources, hourglasses=0, placement=placement,
              lasts_one_round=False, text=text, notes=notes, abilities=abilities, **pay, **extra)


def _equipment(r: _Records) -> None:
    rows: list[tuple[str, str, str, int, str, dict[str, Any], str]] = [
        ("banners", "Banners", "Zászlók", 1, "wall-section", {"strength_bonus": 1}, "+1 attacker strength there."),
        ("ladders", "Ladders", "Létrák", 2, "wall-section", {"extra_slots": 1},
         "+1 attacker unit slot on the section."),
        ("ropes", "Ropes", "Kötelek", 2, "wall-section", {},
         "Phase 6: move 1 unit from this section to an adjacent one with room (never across the gate tower)."),
        ("trapdoor", "Trapdoor", "Csapóajtó", 1, "wall-section", {},
         "Phase 6: move 1 unit from the camp straight onto this section, in each mobilization."),
        ("bridge", "Bridge", "Híd", 1, "path-field", {},
         "On an empty path field: the defender cannot put a trap there."),
        ("shields", "Shields", "Pajzsok", 3, "wall-section", {},
         "A lost melee here is replayed with +1 per attacker unit; if the attacker then reaches the defender's "
         "strength nothing happens, otherwise he loses units worth the new advantage."),
        ("poison", "Poison", "Mérgek", 1, "wall-section", {},
         "If an attacker unit is on the section when melee starts, 1 archer there goes to the hospital first."),
    ]
    notes = {
        "bridge": ["The main text says the defender cannot put troops ('csapatokat') there; 'A csapdák mezője' and "
                   "the quick reference say traps."],
    }
    for slug, name, hu, resources, placement, extra, text in rows:
        r.add("equipment", slug, name, hu, group="equipment tiles", section=hu.upper(), side="attacker", copies=3,
              field_sections={"phase": "FÁZISOK", "lasts_one_round": "3. FÁZIS: FELSZERELÉS (introduction)"},
              phase=3, cost_resources=resources, cost_orcs=1, cost_goblins=2, hourglasses=0, placement=placement,
              lasts_one_round=False, text=text, notes=notes.get(slug), **extra)


def _training(r: _Records) -> None:
    rows: list[tuple[str, str, str, dict[str, Any], str, list[dict[str, Any]], list[str]]] = [
        ("commissar", "Commissar", "Hadbiztos", {"cost_orcs": 2},
         "Phase 6: 2 more units may leave this rampart per mobilization; the rampart holds 9 units, not 7.",
         [_effect("Extra units leaving per mobilization", 2), _effect("Rampart capacity", 9)],
         ["The English 1st edition calls this specialist the Quartermaster."]),
        ("trench-commander", "Trench Commander", "Lövészárok parancsnok", {"cost_orcs": 2},
         "Units at this rampart count double strength against archer fire.",
         [_effect("Strength multiplier against archer fire", 2)], []),
        ("marksman", "Marksman", "Mesterlövész", {"cost_orcs": 1, "cost_goblins": 2},
         "Siege, ranged step 4: each goblin at this rampart shoots a joined wall section or the tower opposite "
         "and kills 1 archer; not a section holding attacker units, not the towers beside the gate tower.",
         [_effect("Archers killed per goblin", 1)],
         ["The component list calls these tiles 'íjász' (archer)."]),
        ("drover", "Drover", "Hajcsár", {"cost_orcs": 2},
         "Phase 6: units here may move to any adjacent rampart or back to the gathering point.", [], []),
        ("saboteur", "Saboteur", "Szabotőr", {"cost_orcs": 2, "cost_goblins": 3},
         "Placed on a building in the fortress: every defender action there costs 1 more hourglass, for good.",
         [_effect("Extra hourglasses per defender action", 1)], []),
    ]
    for slug, name, hu, pay, text, abilities, notes in rows:
        placement = "building" if slug == "saboteur" else "rampart"
        r.add("training", slug, name, hu, group="training tiles", section=hu.upper(), side="attacker", copies=3,
              field_sections={"phase": "FÁZISOK", "lasts_one_round": "4. FÁZIS: KIKÉPZÉS (introduction)"},
              phase=4, cost_resources=0, hourglasses=0, placement=placement, lasts_one_round=False, text=text,
              abilities=abilities, notes=notes, **pay)


def _rituals(r: _Records) -> None:
    rows = [
        ("bloodstone", "Bloodstone", "Vérkő", 2, 2, "catapult",
         "When that catapult hits, it also kills 1 defender unit of the attacker's choice on the section."),
        ("possession", "Possession", "Birtoklás", 1, 1, "hero",
         "The hero cannot use his special action for the rest of the round (his passive strength stays)."),
        ("fire", "Fire", "Tűz", 2, 1, "building", "Every defender action in that building costs 1 more hourglass."),
        ("ghost", "Ghost", "Kísértet", 1, 1, "hospital",
         "Defender units that would leave the hospital for the supply become attacker units on a gathering "
         "point: archer to goblin, soldier to orc, veteran to troll."),
        ("panic", "Panic", "Pánik", 1, 2, "courtyard",
         "Whenever more than 1 defender unit would be in the courtyard, the weakest dies (one of equals)."),
        ("storm", "Storm", "Szélvihar", 2, 1, "wall-section",
         "Units there cannot swap places; moving a unit or hero there costs the defender 1 more hourglass."),
        ("accident", "Accident", "Baleset", 1, 3, "cauldron",
         "The cauldron kills no attacker; its matching defender unit dies instead (troll cauldron: 1 veteran, "
         "orc cauldron: 1 soldier, goblin cauldron: all archers)."),
    ]
    for slug, name, hu, copies, goblins, placement, text in rows:
        abilities = [_effect("Extra hourglasses per defender action", 1)] if slug in {"fire", "storm"} else []
        r.add("ritual", slug, name, hu, group="ritual tiles", section=hu.upper(), side="attacker", copies=copies,
              field_sections={"phase": "FÁZISOK", "lasts_one_round": "5. FÁZIS: RITUÁLÉK"},
              phase=5, cost_resources=0, cost_goblins=goblins, hourglasses=0, placement=placement,
              lasts_one_round=True, text=text, abilities=abilities,
              notes=["Paid with goblins only; they go to the glory board's Blood Sacrifices field."])


def _orders(r: _Records) -> None:
    rows = [
        ("goblin-frenzy", "Goblin Frenzy", "Goblin őrjöngés", 1, "goblin",
         "The goblins on the section fight at strength 3; all of them die after the melee, whatever the result.",
         [_effect("Frenzied goblin strength", 3)]),
        ("orc-blast", "Orc Blast", "Ork robbanás", 1, "orc",
         "Before melee the attacker returns at least 1 orc of the section to the supply; per orc, 1 stone and all "
         "wood wall elements fall.", []),
        ("troll-call", "Troll Call", "Troll hívás", 1, "troll",
         "The attacker must move 1 troll on the board one area closer to that section.", []),
        ("bluff", "Bluff", "Blöff", 2, "", "No effect: it only deceives the defender.", []),
    ]
    for slug, name, hu, copies, unit, text, abilities in rows:
        fields: dict[str, Any] = {"unit_type": unit} if unit else {}
        r.add("order", slug, name, hu, group="order tiles", section=hu.upper(), side="attacker", copies=copies,
              field_sections={"phase": "PARANCSOK", "placement": "PARANCSOK", "lasts_one_round": "PARANCSOK"},
              phase=6, placement="wall-section", lasts_one_round=True, text=text, abilities=abilities,
              notes=["Placed by Open Order (free, face up) or Secret Orders (1 hourglass, face down); at least 1 "
                     "unit of the matching type must be on the section (Bluff: none, by the digest's reading)."],
              **fields)


def _phase_cards(r: _Records) -> None:
    """The 49 phase cards as 14 decks (one per phase and colour); what each card prints is in no source."""
    for colour, players, per_attacker in (("red", "2 players", 1), ("green", "3-4 players", 2)):
        setup = "A TÁMADÓ ELŐKÉSZÜLETEI" if colour == "red" else "HÁROMFŐS JÁTÉK: A TÁMADÓ ELŐKÉSZÜLETEI"
        decks: list[tuple[str, str, str, int | None, int, str]] = []
        for phase in range(1, 7):
            english, hungarian = PHASE_NAMES[phase]
            copies = 5 if 2 <= phase <= 5 else per_attacker
            how = (f"2-5: each phase has 5 cards ('{setup}')" if 2 <= phase <= 5
                   else ("one per attacker" if colour == "green" else "the attacker takes the phase-1 and "
                         "phase-6 cards and the camp card"))
            decks.append((f"{colour}-phase-{phase}", f"{english} phase cards ({colour})",
                          f"{hungarian} fáziskártyák ({'vörös' if colour == 'red' else 'zöld'})", phase, copies, how))
        decks.append((f"{colour}-camp", f"Camp card ({colour})",
                      f"táborkártya ({'vörös' if colour == 'red' else 'zöld'})", None, per_attacker,
                      "one per attacker" if colour == "green" else "the attacker takes the camp card"))
        for slug, name, hu, deck_phase, copies, how in decks:
            abilities: list[dict[str, Any]] = []
            fields: dict[str, Any] = {"phase": deck_phase} if deck_phase is not None else {}
            if deck_phase in (1, 6):
                notes = [f"For {players}. The card's printed text is not in any source; its actions are derived: it "
                         "is the only card of its phase, so it prints every action the seed gives that phase."]
                fields["actions"] = list(FIXED_CARD_ACTIONS[(colour, deck_phase)])
            else:
                notes = [f"For {players}. The actions printed on each card are not in any source (missing); a card "
                         "offers only some of its phase's actions."]
            if deck_phase in SPECIAL_ACTIONS:
                abilities.append({"kind": "special-action", "name": SPECIAL_ACTIONS[deck_phase],
                                  "text": "Offered instead of the card's actions once the card is flipped."})
            if slug == "red-camp":
                for low, high, hg in ((0, 3, 0), (4, 7, 1), (8, 11, 3), (12, None, 6)):
                    label = f"{low}-{high}" if high is not None else f"{low}+"
                    abilities.append({"kind": "upkeep", "name": f"{label} units in the camp", "param": label,
                                      "value": hg, "text": "Hourglasses given to the defender."})
            if slug == "green-camp":
                notes.append("Its upkeep table is printed on the card and not in the seed (missing).")
            if colour == "red":
                notes.append("Some cards are star-marked basic cards for the first games; which is not in the seed.")
            card = r.add("phase-card", slug, name, hu, group="phase cards", side="attacker", copies=copies,
                         colour=colour, copies_section=setup, copies_how="derived",
                         copies_note=f"{how}; 23 red = 1 + 4 x 5 + 1 + 1 camp, 26 green = 2 + 4 x 5 + 2 + 2 camp "
                                     "('JÁTÉKELEMEK': 23 for 2 players, 26 for 3 or 4)",
                         notes=notes, abilities=abilities, **fields)
            if deck_phase in PHASE_SECTIONS:
                card["provenance"]["actions"] = _p(
                    PHASE_SECTIONS[deck_phase], "derived",
                    "one card of this phase per attacker ('A TÁMADÓ ELŐKÉSZÜLETEI'), and only the actions printed on "
                    "the phase cards may be taken ('FÁZISOK'): it prints every action of the phase",
                )


def _actions(r: _Records) -> None:
    """Actions with no piece of their own (copies 0): what the phase cards offer besides the tiles."""
    rows: list[tuple[str, str, str, int | None, dict[str, Any], str, list[dict[str, Any]], list[str]]] = [
        ("produce-resources", "Produce Resources", "Nyersanyagok termelése", 1,
         {"cost_goblins": 1, "cost_orcs": 1, "cost_trolls": 1, "hourglasses": 0, "placement": "none"},
         "Assign 1 unit of any type: goblin +1, orc +2, troll +3 resources (at most 8 in a round with the 5 income).",
         [_effect("Resources from a goblin", 1), _effect("Resources from an orc", 2),
          _effect("Resources from a troll", 3)], []),
        ("transfer-units", "Transfer Units", "Egységek átadása", 1, {"hourglasses": 1, "placement": "none"},
         "3-4 players: after drawing, give the ally up to 3 units of one type.",
         [_effect("Most units given", 3)], ["3 and 4 players only."]),
        ("charge", "Charge!", "Rohamra!", 1, {"special_action": True, "hourglasses": 0, "placement": "none"},
         "Special action of the flipped phase-1 card: every round 2 more units are drawn and no resources at all "
         "come in.", [_effect("Extra units drawn per round", 2)], []),
        ("gunner", "Gunner", "Tüzér", 4,
         {"cost_orcs": 2, "cost_goblins": 3, "hourglasses": 0, "placement": "shooting-machine"},
         "Shuffle 1 more hit card into a chosen machine's deck at once; may be repeated in later rounds.",
         [_effect("Hit cards added", 1)],
         ["The seed counts it among the 7 training tiles, but the component list has no gunner tile: it places a "
          "hit card, not a tile. Limited by the 11 machine hit cards."]),
        ("recruit-trainer", "Recruit Trainer", "Újonckiképző", 4,
         {"cost_goblins": 2, "cost_orcs": 2, "hourglasses": 0, "placement": "none"},
         "Gain 2 units from the supply into the camp: 2 orcs for 2 goblins given, 2 trolls for 2 orcs given.",
         [_effect("Units received", 2)],
         ["The component list has no recruit-trainer tile. The quick reference calls it 'Kiképző'."]),
        ("equipment-transfer", "Equipment Transfer", "Felszerelés átszállítás", 3,
         {"special_action": True, "hourglasses": 1, "placement": "wall-section"},
         "Special action of the flipped phase-3 card: move 1 equipment tile to another place on the same side "
         "(not a ladder with a unit on it).", [], []),
        ("training-relocation", "Training Relocation", "Kiképzés áthelyezés", 4,
         {"special_action": True, "hourglasses": 1, "placement": "rampart"},
         "Special action of the flipped phase-4 card: move a training tile to another rampart of the same side, "
         "or a saboteur to another building.", [], []),
        ("escape-from-the-knife", "Escape from the Knife", "Menekülés a kés alól", 5,
         {"special_action": True, "hourglasses": 1, "placement": "gathering-point"},
         "Special action of the flipped phase-5 card: put up to 3 killed goblins from the supply (not from the "
         "glory board) on a gathering point (at most 10 units there).", [_effect("Most goblins returned", 3)], []),
        ("lesser-mobilization", "Lesser Mobilization", "Kisebb mozgósítás", 6, {"hourglasses": 3, "placement": "none"},
         "Up to 5 units leave each rampart and each gathering point; up to 5 go from the camp to each gathering "
         "point and the gate tower.", [_effect("Units per source", 5)], []),
        ("major-mobilization", "Major Mobilization", "Fő mozgósítás", 6, {"hourglasses": 5, "placement": "none"},
         "As the lesser mobilization, with 7.", [_effect("Units per source", 7)], []),
        ("open-order", "Open Order", "Nyílt parancs", 6, {"hourglasses": 0, "placement": "wall-section"},
         "Place an order tile face up on a wall section.", [],
         ["The seed says 'a parancslapkát' (one tile); the digest reads one open order per round."]),
        ("secret-orders", "Secret Orders", "Titkos parancsok", 6, {"hourglasses": 1, "placement": "wall-section"},
         "Place any number of order tiles face down on different wall sections; revealed in melee step 3.", [], []),
        ("use-the-other-attackers-action", "Use the Other Attacker's Action",
         "A másik támadó akciójának használata", None, {"hourglasses": 1, "placement": "none"},
         "3-4 players, any phase: take an action printed on the ally's phase card; it is then spent for both.", [],
         ["3 and 4 players only; the extra hourglass goes to the defender facing the attacker who takes it."]),
    ]
    sections = {
        "produce-resources": "NYERSANYAGOK TERMELÉSE", "transfer-units": "EGYSÉGEK ÁTADÁSA", "charge": "ROHAMRA!",
        "gunner": "TÜZÉR", "recruit-trainer": "ÚJONCKIKÉPZŐ", "equipment-transfer": "FELSZERELÉS ÁTSZÁLLÍTÁS",
        "training-relocation": "KIKÉPZÉS ÁTHELYEZÉS", "escape-from-the-knife": "MENEKÜLÉS A KÉS ALÓL",
        "lesser-mobilization": "KISEBB MOZGÓSÍTÁS", "major-mobilization": "FŐ MOZGÓSÍTÁS",
        "open-order": "NYÍLT PARANCS", "secret-orders": "TITKOS PARANCSOK",
        "use-the-other-attackers-action": "BÁRMELY FÁZIS: A MÁSIK TÁMADÓ AKCIÓJÁNAK HASZNÁLATA",
    }
    for slug, name, hu, phase, fields, text, abilities, notes in rows:
        extra: dict[str, Any] = {"phase": phase} if phase is not None else {}
        r.add("phase-card", slug, name, hu, section=sections[slug], side="attacker", copies=0, action_only=True,
              cost_resources=0, text=text, abilities=abilities, notes=notes, **extra, **fields)


COMPONENT_FIELD_SECTIONS = {
    "lasts_one_round": "A FORDULÓ VÉGE",
}


def _components(r: _Records) -> None:
    common: list[tuple[str, str, str, str, int, str, dict[str, Any], str]] = [
        ("main-board", "Main board", "fő tábla", "common", 1, "boards", {}, ""),
        ("glory-board", "Glory board", "dicsőség tábla", "common", 1, "boards", {}, ""),
        ("glory-tile", "Glory tile", "dicsőség lapka", "common", 29, "", {},
         "Glory points: 10 on the attacker's side and 1 on each of the defender's 4 fields at setup; 15 in supply."),
        ("gate-strength-marker", "Gate-strength marker", "kapuerősség jelző", "common", 1, "", {},
         "Marks the current gate's resistance (3 gates of 6)."),
        ("hourglass-grey", "Hourglass (grey)", "homokóra (szürke)", "common", 12, "hourglasses",
         {"colour": "grey", "limited": False}, "Time the attacker's actions give the defender."),
        ("hourglass-black", "Hourglass (black)", "homokóra (fekete)", "common", 12, "hourglasses",
         {"colour": "black", "limited": False}, "Time the attacker's actions give the defender."),
        ("machine-hit-card", "Machine hit card", "támadó gépkártya: talált", "attacker", 11, "machine cards", {},
         "A shooting machine's deck starts with 2 hit cards; Gunner adds more."),
        ("machine-miss-card", "Machine miss card", "támadó gépkártya: nem talált", "attacker", 25, "machine cards",
         {}, "A shooting machine's deck starts with 5 miss cards; a drawn miss leaves the deck."),
        ("stone-wall-element", "Stone wall element", "kő falelem", "defender", 23, "wall elements",
         {"strength": 1}, "+1 defender strength on its section. 2 on every section at setup."),
        ("wood-wall-element", "Wood wall element", "fa falelem", "defender", 3, "wall elements",
         {"strength": 1}, "+1 defender strength on its section; every hit that fells stone fells all wood."),
        ("defender-hit-card", "Defender hit card", "védő találat kártya", "defender", 6, "", {},
         "The shared deck of cannons and throwing machines. Faces: miss, 1 goblin, 1 goblin or orc, 1 goblin, "
         "orc or troll; the split of the 6 cards is in the defender's book (missing)."),
        ("officer", "Officer", "Tiszt", "defender", 1, "hero markers", {"strength": 0},
         "Hero. Adds +1 strength per defender unit on his section; his speech gives +1 per hourglass."),
        ("warrior", "Warrior", "Harcos", "defender", 1, "hero markers", {"strength": 2},
         "Hero. Adds +2 strength on his section; cannot be killed."),
        ("cannon", "Cannon", "ágyú", "defender", 3, "defender machines", {"placement": "tower"},
         "Defender machine in a tower; fires in ranged step 1 with the defender hit cards."),
        ("throwing-machine", "Throwing machine", "hajítógép", "defender", 3, "defender machines",
         {"placement": "tower"}, "Defender machine in a tower; attacks an adjacent wall section in melee step 2."),
        ("goblin-cauldron", "Goblin cauldron", "goblin üstjelző", "defender", 3, "cauldrons",
         {"unit_type": "goblin", "placement": "wall-section"}, "Kills matching attacker units in melee step 1."),
        ("orc-cauldron", "Orc cauldron", "ork üstjelző", "defender", 3, "cauldrons",
         {"unit_type": "orc", "placement": "wall-section"}, "Kills matching attacker units in melee step 1."),
        ("troll-cauldron", "Troll cauldron", "troll üstjelző", "defender", 3, "cauldrons",
         {"unit_type": "troll", "placement": "wall-section"}, "Kills matching attacker units in melee step 1."),
        ("platform", "Platform", "emelvény lapka", "defender", 3, "", {"placement": "wall-section"},
         "Room for more defender units on a wall section (numbers in the defender's book)."),
        ("goblin-trap", "Goblin trap", "goblin csapdalapka", "defender", 3, "traps",
         {"unit_type": "goblin", "placement": "path-field"}, "Set on a path field by the scouts."),
        ("troll-trap", "Troll trap", "troll csapdalapka", "defender", 3, "traps",
         {"unit_type": "troll", "placement": "path-field"}, "Set on a path field by the scouts; it affects a "
         "called troll."),
        ("archers-blessing", "Archers' Blessing", "Íjászok áldása", "defender", 1, "cathedral tiles",
         {"lasts_one_round": True}, "Cathedral tile; removed at the end of the round. Cover protects against it."),
        ("heavenly-radiance", "Heavenly Radiance", "Mennyei ragyogás", "defender", 1, "cathedral tiles",
         {"lasts_one_round": True}, "Cathedral tile; removed at the end of the round."),
        ("precise-hit", "Precise Hit", "Pontos találat", "attacker", 2, "",
         {"phase": 2, "special_action": True, "cost_resources": 0, "hourglasses": 2,
          "placement": "shooting-machine", "lasts_one_round": True},
         "Special action of the flipped phase-2 card (2 hourglasses): put the tile on a ballista, catapult or "
         "trebuchet deck; this round it draws 2 cards, uses one and shuffles the other back."),
        ("ruined-wall-tile", "Ruined-wall tile", "romos fallapka", "common", 1, "", {},
         "Marks the first time a wall section lost its last element (the Ruined Walls glorious deed)."),
        ("speed-tile", "Speed tile", "gyorsaság lapka", "defender", 1, "", {},
         "4 players: once per round, free, lift an ally's hourglass off an action unavailable this round."),
        ("bag", "Bag", "zsák", "attacker", 1, "", {}, "Holds the attacker's units; 14 are drawn each round."),
        ("rulebook", "Rulebook", "szabálykönyv", "common", 2, "", {}, "The attacker's and the defender's books."),
    ]
    defender_strength = "KÖZELHARC VÉGREHAJTÁSÁRA: A VÉDŐ EREJE"
    sections = {"precise-hit": "PONTOS TALÁLAT", "officer": defender_strength, "warrior": defender_strength,
                "stone-wall-element": defender_strength, "wood-wall-element": defender_strength,
                "cannon": "TORNYOK", "throwing-machine": "TORNYOK", "goblin-cauldron": "FALSZAKASZOK",
                "orc-cauldron": "FALSZAKASZOK", "troll-cauldron": "FALSZAKASZOK", "platform": "FALSZAKASZOK",
                "goblin-trap": "ÚTVONALAK", "troll-trap": "ÚTVONALAK"}
    for slug, name, hu, side, copies, group, fields, text in common:
        notes: list[str] = []
        abilities: list[dict[str, Any]] = []
        if slug.startswith("hourglass"):
            notes.append("The hourglasses the defender collects are not limited (the seed's exception to the "
                         "component limit); in 4 players each attacker gives his own colour.")
        if slug in {"officer", "warrior"}:
            notes.append("The seed lists 2 hero markers, 1 green and 1 red; which hero is which colour is not given.")
        if slug == "officer":
            abilities.append(_effect("Strength per defender unit on his section", 1))
        if slug == "main-board":
            notes.append("Its topology and capacities (ramparts, paths, slots per wall section, the 4 siege-tower "
                         "sections, machine fields) are printed on the board and in no source: its layout is missing. "
                         "Plans are checked on the stand-in board TB-9 until someone supplies it.")
        if slug == "archers-blessing":
            notes.append("The 2nd-edition English list calls it Marksmen Blessing; the 1st-edition name is not known.")
        r.add("component", slug, name, hu, group=group, section=sections.get(slug, ""), side=side, copies=copies,
              field_sections=COMPONENT_FIELD_SECTIONS,
              text=text, notes=notes, abilities=abilities, **fields)
    _test_board(r)


# The invented stand-in for the board (stronghold.md §10.6). Its structure follows the book: two sides, one
# gathering point each (capacity 10), ramparts of capacity 7, an inner and an outer rampart on the east side, 9 wall
# sections of which 4 take a siege tower (3 slots), the gate tower between the sides (3 gates of resistance 6, 5 ram
# fields, 2 crew per part). The ids, paths, slots per section and machine fields are invented.
FORTRESS = ["Forge", "Workshop", "Scouts' Quarters", "Cathedral", "Barracks", "Watchtower", "Hospital",
            "Honour Guard"]
TB9_LAYOUT: dict[str, Any] = {
    "sides": ["west", "east"],
    "gathering_points": {
        "GW": {"side": "west", "capacity": 10, "machine_fields": 2},
        "GE": {"side": "east", "capacity": 10, "machine_fields": 2},
    },
    "ramparts": {
        "W1": {"side": "west", "capacity": 7, "entered_from": ["GW"], "reaches": ["S1", "S2"]},
        "W2": {"side": "west", "capacity": 7, "entered_from": ["GW"], "reaches": ["S3", "S4"]},
        "E1": {"side": "east", "capacity": 7, "entered_from": ["GE"], "reaches": ["S5", "S6"]},
        "E2": {"side": "east", "capacity": 7, "entered_from": ["E1"], "reaches": ["S7", "S8"]},
        "E3": {"side": "east", "capacity": 7, "entered_from": ["GE"], "reaches": ["S8", "S9"]},
    },
    "rampart_fields": {"machine": 1, "cover": 1, "training": 2},
    "adjacent_ramparts": [["W1", "W2"], ["E1", "E2"], ["E2", "E3"]],
    "sections": {
        **{s: {"side": "west", "slots": 4, "siege_tower": s in {"S2", "S3"}} for s in ("S1", "S2", "S3", "S4")},
        **{s: {"side": "east", "slots": 4, "siege_tower": s in {"S7", "S8"}} for s in ("S5", "S6", "S7", "S8", "S9")},
    },
    "siege_tower_slots": 3,
    "wall_order": ["S1", "S2", "S3", "S4", "GATE", "S5", "S6", "S7", "S8", "S9"],
    "path_fields": {"PW1": ["GW", "W1"], "PW2": ["GW", "W2"], "PE1": ["GE", "E1"], "PE12": ["E1", "E2"],
                    "PE3": ["GE", "E3"]},
    "gate": {"id": "GATE", "gates": 3, "resistance": 6, "ram_fields": 5, "crew_per_part": 2},
    "buildings": FORTRESS,
    "hospital": "Hospital",
    "courtyard": "Courtyard",
    "heroes": ["Officer", "Warrior"],
}


def _test_board(r: _Records) -> None:
    card = r.add(
        "component", "tb-9", "TB-9", "TB-9 tesztpálya (kitalált helyettesítő)",
        side="common", copies=0, copies_section="A TÁBLA", copies_how="derived",
        copies_note="not a piece of the box: an invented stand-in for the main board, which the seed shows only as a "
                    "picture",
        layout=TB9_LAYOUT,
        text="Test board: an invented stand-in for the board's topology, so that round plans can be checked: two "
             "sides, gathering points GW and GE, ramparts W1, W2 (west) and E1 (inner), E2 (outer), E3 (east), wall "
             "sections S1-S4 (west) and S5-S9 (east) with 4 slots each, siege towers possible on S2, S3, S7 and S8, "
             "the gate tower GATE between the sides.",
        notes=["STAND-IN: invented, not the printed board (stronghold.md §10.6, 'Test board TB-9'). The book's own "
               "numbers are kept: gathering point 10, rampart 7, siege tower 3, 3 gates of 6, 5 ram parts, 2 crew per "
               "part; every id, path, adjacency, slot count and machine field is invented.",
               "The Stronghold formats check plans on this board (their parameter 'board'); a plan's result carries "
               "a catalogue.stand-in warning. Supply the real board as the main board's layout to replace it."],
    )
    card["is_standin"] = True
    card["source"] = "stronghold.md §10.6 (an invented stand-in for the board; the book's capacities)"
    card["provenance"]["layout"] = [
        {"source": "stronghold.md §10.6 'Test board TB-9 (invented)'", "how": "invented stand-in",
         "note": "the book's capacities (gathering point 10, rampart 7, siege tower 3, gates 3 x 6, 5 ram parts, "
                 "2 crew per part: 'MOZGÓSÍTÁS', 'OSTROMTORONY', 'FALTÖRŐ KOS') with invented ids, paths and slots"},
    ]


def _english_first_edition(shared: Path) -> dict[str, dict[str, Any]]:
    data = json.loads((shared / "data" / "stronghold-components" / "components.json").read_text(encoding="utf-8"))
    for edition in data["editions"]:
        if edition["edition"].startswith("1st edition"):
            return {c["item"]: c for c in edition["components"]}
    raise ValueError("stronghold-components: no 1st-edition list")


# Our record (or group) -> the English page's item and breakdown key.
EN1_ITEMS: dict[str, tuple[str, str | None]] = {
    "goblin": ("Invader units", "goblin"), "orc": ("Invader units", "orc"), "troll": ("Invader units", "troll"),
    "archer": ("Defender units", "marksman"), "soldier": ("Defender units", "soldier"),
    "veteran": ("Defender units", "veteran"), "resource-cube": ("Resources", None),
    "machine-hit-card": ("Machine hit cards", None), "machine-miss-card": ("Machine miss cards", None),
    "ram": ("Battering Ram tiles", None), "ballista": ("Invader Machine tiles", "ballista"),
    "catapult": ("Invader Machine tiles", "catapult"), "siege-tower": ("Invader Machine tiles", "tower"),
    "altar": ("Invader Machine cards", "altar"), "trebuchet": ("Invader Machine cards", "trebuchet"),
    "glory-tile": ("Glory tiles", None), "main-board": ("board", None), "glory-board": ("Glory board", None),
    "stone-wall-element": ("wall components", "stone"),
}
EN1_GROUPS: dict[str, str] = {
    "equipment tiles": "Equipment tiles", "training tiles": "Training tiles", "ritual tiles": "Ritual tiles",
    "hourglasses": "Hourglasses", "phase cards": "phase cards", "machine cards": "",
    "wall elements": "wall components", "defender units": "Defender units", "attacker units": "Invader units",
}


def _cross_check(records: _Records, english: dict[str, dict[str, Any]]) -> None:
    """Note the English page's count on each record and group; the seed's count stays."""
    by_slug = {c["slug"]: c for c in records.cards}
    for slug, (item, key) in EN1_ITEMS.items():
        component = english[item]
        qty = component["breakdown"][key] if key else component["qty"]
        card = by_slug[slug]
        agrees = qty == card["copies"]
        note = "agrees" if agrees else f"the English page gives {qty}; the Hungarian seed is followed"
        card["provenance"]["copies"] = [*card["provenance"]["copies"],
                                        {"source": EN1_SOURCE, "how": "stated", "note": note}]
        if not agrees:
            card.setdefault("notes", []).append(f"The English 1st-edition component page gives {qty}.")
        if item == "Invader Machine cards":
            card.setdefault("notes", []).append("The English 1st edition has altars and trebuchets as machine "
                                                "cards, not tiles.")
    for group, item in EN1_GROUPS.items():
        if not item:
            continue
        total = sum(by_slug[s]["copies"] for s in records.groups[group])
        qty = english[item]["qty"]
        if qty != total:
            for slug in records.groups[group]:
                by_slug[slug].setdefault("notes", []).append(
                    f"The English 1st-edition component page gives {qty} {item.lower()} in all; the Hungarian seed "
                    f"gives {total}, which is followed."
                )


def _check_totals(records: _Records) -> None:
    """The records must add up to the seed's component list."""
    by_slug = {c["slug"]: c for c in records.cards}
    for group, expected in SEED_TOTALS.items():
        total = sum(by_slug[s]["copies"] for s in records.groups.get(group, []))
        if total != expected:
            raise ValueError(f"stronghold: {group} add up to {total}, the seed's list says {expected}")


def build(shared: Path) -> dict[str, dict[str, Any]]:
    records = _Records()
    _units(records)
    _resources(records)
    _machines(records)
    _equipment(records)
    _training(records)
    _rituals(records)
    _orders(records)
    _phase_cards(records)
    _actions(records)
    _components(records)
    _check_totals(records)
    _cross_check(records, _english_first_edition(shared))
    for card in records.cards:
        if card.get("notes") == []:
            del card["notes"]
    return {FILE: fmt.file_document("stronghold", "default", dict(SET), records.cards)}
