"""BattleLore Second Edition: units, command and lore cards, terrain and scenarios.

Sources, and what each may give:

* the seed ``004_accb02bc63915dff.txt`` (the Hungarian Reference Guide): names, the terrain rules, the command
  and lore cards it describes, deployment cards per copy for the Roc Warrior and the Chaos Lord, the campaign's
  initiative values. It prints **no unit statistics and no costs**;
* ``../shared/data/battlelore2-tag/units.json`` (TAG, MIT): movement, strength and health of four core units and
  one special each. These are TAG's simplification, not checked against the reference cards, and are marked so
  in every field's provenance. Its dummy "Decoy" row is left out;
* ``battlelore2.md`` (the digest): English working names and, marked [OUTSIDE], facts from English material.
  An outside value is taken only where the digest gives it as a fact with a source (component lists, FFG
  announcements, forum answers); its provenance says "outside knowledge" with the digest's confidence.

Every number no source gives (unit costs, lore costs, most statistics) is left out: missing, never guessed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from catalogue import dataformat as fmt

SEED = "004_accb02bc63915dff.txt"
SEED_SOURCE = f"seed {SEED} (BattleLore Second Edition Reference Guide, Hungarian)"
DIGEST = "battlelore2.md"
TAG_SOURCE = ("TAG units.json (GAIGResearch/TabletopGames data/battlelore/units.json @ 12f329ee, MIT): "
              "TAG's simplification, not checked against the unit reference cards")
TAG_HOW = "TAG's simplification"

ARMY_FACTS = "../shared/data/battlelore2-army-facts/SOURCE.md"
LEAD_THE_CHARGE = "FFG preview 'Lead the Charge', 3 Dec 2013"

CORE_FILE = "battlelore2/default/core-set.json"
HERNFAR_FILE = "battlelore2/default/hernfar-guardians.json"
SCORN_FILE = "battlelore2/default/warband-of-scorn.json"

DAQAN = "daqan-lords"
UTHUK = "uthuk-yllan"

# TAG's "special" -> our ability row. The rule text is the seed glossary's (battlelore2.md §10 and §11), in our
# own words; that the unit has the ability is TAG's (see the unit's notes).
TAG_SPECIALS: dict[str, dict[str, Any]] = {
    "rage": {"kind": "ability", "name": "Rage",
             "text": "Rolls 1 more die for each damage this unit has suffered (after terrain limits)."},
    "pursue": {"kind": "ability", "name": "Pursue",
               "text": "When it could advance, it may instead move 1 to X hexes, the first into the target's hex, "
                       "and attack once more; once per turn, never after a counterattack. X: not known."},
    "doubleshot": {"kind": "ability", "name": "Double Shot",
                   "text": "If it did not move in the movement step, it may attack once more in the attack step, "
                           "before any other unit attacks, at a new target if it likes."},
    "bite": {"kind": "dice-ability", "name": "Poison", "param": "heroic",
             "text": "Commit a heroic result to poison the target (attacks on a poisoned unit may commit lore "
                     "results for 1 damage each)."},
}
SPECIAL_ENTRIES = {"rage": "Düh (egység képesség)", "pursue": "Üldözés (egység képesség)",
                   "doubleshot": "Dupla tüzelés (egység képesség)", "bite": "Méreg"}


def _seed(entry: str, how: str = "stated", note: str = "") -> dict[str, str]:
    out = {"source": f"seed {SEED} '{entry}'", "how": how}
    if note:
        out["note"] = note
    return out


def _digest(section: str, how: str = "stated", note: str = "") -> dict[str, str]:
    out = {"source": f"{DIGEST} {section}", "how": how}
    if note:
        out["note"] = note
    return out


def _outside(section: str, confidence: str, note: str = "", how: str = "stated") -> dict[str, str]:
    out = {"source": f"{DIGEST} {section}", "how": f"outside knowledge, {confidence} confidence"}
    if how != "stated":
        out["how"] += f"; {how}"
    if note:
        out["note"] = note
    return out


def _tag(note: str = "") -> dict[str, str]:
    out = {"source": TAG_SOURCE, "how": TAG_HOW}
    if note:
        out["note"] = note
    return out


def _read_tag(shared: Path) -> dict[str, dict[str, Any]]:
    """TAG's unit rows by id, without the dummy Decoy; values unwrapped from ``["Integer", n]``."""
    rows = json.loads((shared / "data" / "battlelore2-tag" / "units.json").read_text(encoding="utf-8"))
    out: dict[str, dict[str, Any]] = {}
    for row in rows:
        if row["id"] == "decoy":
            continue
        unwrapped = {}
        for key, value in row.items():
            if isinstance(value, list) and len(value) == 2 and value[0] == "Integer":
                value = value[1]
            unwrapped[key] = value
        out[row["id"]] = unwrapped
    return out


# --------------------------------------------------------------------------------------------------- units

CORE_FIGURES = "§2.2 and cross-check '§2.2 core figures' (the English rulebook's component list)"
THREE_PER_UNIT = ("cross-check Q2/Q4: infantry and cavalry units have 3 figures each (FFG announcement); "
                  "derived: figures in the core set ÷ 3")


def _core_units(tag: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    # slug, name, hu, faction, TAG id, figures in the core set (outside, high), 3-figure unit (outside, medium)
    rows: list[tuple[str, str, str, str, str | None, int | None, bool]] = [
        ("yeoman-archers", "Yeoman Archers", "Önkéntes Íjász", DAQAN, "yeoman_archers", 15, True),
        ("citadel-guard", "Citadel Guard", "", DAQAN, "citadel_guard", 15, True),
        ("riverwatch-riders", "Riverwatch Riders", "", DAQAN, None, 9, True),
        ("rune-golems", "Rune Golems", "", DAQAN, None, 6, False),
        ("roc-warrior", "Roc Warrior", "Óriásmadár harcos", DAQAN, None, 1, False),
        ("viper-legion", "Viper Legion", "", UTHUK, "viper_legion", 15, True),
        ("blood-harvesters", "Blood Harvesters", "", UTHUK, "blood_harvesters", 15, True),
        ("chaos-lord", "Chaos Lord", "Káosz lord", UTHUK, None, 1, False),
        ("flesh-rippers", "Flesh Ripper Brutes", "", UTHUK, None, None, False),
        ("obscenes", "Obscenes", "", UTHUK, None, None, False),
    ]
    used_tag: set[str] = set()
    cards = []
    for slug, name, hu, faction, tag_id, in_set, three in rows:
        card: dict[str, Any] = {"kind": "unit", "slug": slug, "name": name, "factions": [faction]}
        if hu:
            card["names"] = {"hu": hu}
        prov: dict[str, list[dict[str, str]]] = {}
        notes: list[str] = []
        abilities: list[dict[str, Any]] = []
        sources = []
        if in_set is not None:
            card["figures_in_set"] = in_set
            prov["figures_in_set"] = [_outside(CORE_FIGURES, "high")]
        if three and in_set is not None:
            card["figures"] = 3
            card["deployment_cards_per_copy"] = in_set // 3
            prov["figures"] = [_outside("cross-check Q2", "medium", "infantry and cavalry units have 3 figures each "
                                        "(FFG announcement)")]
            prov["deployment_cards_per_copy"] = [_outside("cross-check Q4", "medium", THREE_PER_UNIT, "derived")]
        if tag_id is not None:
            row = tag[tag_id]
            used_tag.add(tag_id)
            card["movement"] = row["move"]
            card["combat_value"] = row["strength"]
            card["health"] = row["health"]
            for key, tag_key in (("movement", "move"), ("combat_value", "strength"), ("health", "health")):
                prov[key] = [_tag(f"TAG's '{tag_key}'")]
            special = TAG_SPECIALS[row["special"]]
            abilities.append(dict(special))
            prov.setdefault("abilities", []).append(_seed(SPECIAL_ENTRIES[row["special"]], "stated",
                                                          "the ability's rule, in our words"))
            sources.append("TAG")
            notes.append(f"Movement, combat value, health and the {special['name']} ability come from a research "
                         "project's simplified unit list (TAG), not from the printed unit card: check them against "
                         "your card.")
        if slug == "yeoman-archers":
            card["combat_type"] = "ranged"
            prov["combat_type"] = [_digest("§2.2", "stated", "the seed names them archers (Íjász)"),
                                   _tag("TAG's special 'doubleshot'")]
            notes.append("The seed's retreat example: two morale results, water behind, 1 hex and 1 damage.")
        if slug == "citadel-guard":
            notes.append("Hernfar Guardians adds 9 more Citadel Guard figures (outside knowledge, derived: 34 figures "
                         "less 6 + 9 + 9 + 1); they are not a separate card here.")
        if slug == "riverwatch-riders":
            abilities += [
                {"kind": "ability", "name": "Vigilant", "text": "Its rule: not known (in no source we could reach)."},
                {"kind": "ability", "name": "Flanking",
                 "text": "+1 die (at most +1) to a friendly unit's roll against a target adjacent to this unit."},
            ]
            prov["abilities"] = [_outside("§2.2 'Abilities known from public English material'", "low",
                                          "community material")]
        if slug == "viper-legion":
            prov["abilities"] = [_outside("§2.2 and §10", "low", "forum: commit a heroic result to poison"),
                                 _tag("TAG's special 'bite'"), *prov.get("abilities", [])]
        if slug == "blood-harvesters":
            prov["combat_value"].append(_outside("§2.2 and §16.4", "low", "forum: base combat value 3, Rage"))
            notes.append("Warband of Scorn adds three more units (9 figures) of Blood Harvesters (outside "
                         "knowledge); they are not a separate card here.")
        if slug in {"roc-warrior", "chaos-lord"}:
            card["deployment_cards_per_copy"] = 1
            card["figures"] = 1
            prov["deployment_cards_per_copy"] = [_seed("Játék több alapjátékkal", "stated",
                                                       "two copies give two Chaos Lords and two Roc Warriors")]
            prov["figures"] = [_outside(CORE_FIGURES, "high", "1 figure in the set for 1 deployment card", "derived")]
        if slug == "roc-warrior":
            notes.append("The lore card To the Skies (Irány az ég) has the Roc Warrior carry a unit.")
        if slug in {"flesh-rippers", "obscenes"}:
            prov["name"] = [{"source": f"{ARMY_FACTS} ({LEAD_THE_CHARGE})", "how": "stated",
                             "note": "the core Uthuk army: Blood Harvesters, Viper Legion, Flesh Ripper Brutes, "
                                     "Obscenes and the Chaos Lord"}]
        if slug == "flesh-rippers":
            notes.append("Named Flesh Ripper Brutes by the publisher's preview; earlier called Flesh Rippers here "
                         "(the slug stays flesh-rippers).")
        if slug == "rune-golems":
            card["deployment_cards_per_copy"] = 3
            card["figures"] = 2
            prov["deployment_cards_per_copy"] = [{
                "source": f"{ARMY_FACTS}", "how": "derived",
                "note": "17 deployment cards per faction (the Russian rulebook's counts) less Yeoman Archers 5, "
                        "Citadel Guard 5, Riverwatch Riders 3 and the Roc Warrior 1"}]
            prov["figures"] = [{"source": f"{ARMY_FACTS}", "how": "derived",
                                "note": "6 figures in the core set over its 3 deployment cards"}]
        if abilities:
            card["abilities"] = abilities
        card["provenance"] = prov
        card["source"] = _unit_source(hu, sources)
        notes.append("Cost (recruitment points): not known. It is printed on the deployment card, and no source "
                     "we could reach gives it; complete it from your own card.")
        card["notes"] = notes
        cards.append(card)
    missing = set(tag) - used_tag
    if missing:
        raise ValueError(f"battlelore2: TAG rows not mapped: {sorted(missing)}")
    return cards


def _unit_source(hu: str, sources: list[str]) -> str:
    parts = [f"{DIGEST} §2.2 (outside knowledge where marked)"]
    if hu:
        parts.insert(0, f"{SEED_SOURCE} names the unit")
    if "TAG" in sources:
        parts.append("TAG units.json (TAG's simplification)")
    return "; ".join(parts)


# ------------------------------------------------------------------------------------------ command cards


def _command_cards() -> list[dict[str, Any]]:
    preset = ("the preset-hand option removes 8 cards, 4 per player ('Előre elkészített kézben lévő kártyák'): "
              "at least 2 copies; the true count is not given")
    cards: list[dict[str, Any]] = [
        {
            "kind": "command-card", "slug": "attack", "name": "Attack", "names": {"hu": "Támadás"},
            "source": SEED_SOURCE, "copies": 1, "units_ordered": 3, "unit_type": "infantry",
            "text": "Order up to 3 infantry units. At the start of the attack step each ordered unit may move up to "
                    "1 hex before attacks are made (part of the attack step: it does not stop Double Shot).",
            "abilities": [{"kind": "effect", "name": "Move at the start of the attack step", "value": 1}],
            "provenance": {"units_ordered": [_seed("Támadás (parancskártya)")],
                           "unit_type": [_seed("Támadás (parancskártya)")],
                           "copies": [_seed("Támadás (parancskártya)", "derived", "at least 1; count not given")]},
            "notes": ["'Attack' is a working name: the official English name is unknown (its alphabetical slot "
                      "suggests a name starting N-O, e.g. 'On the Attack').",
                      "The seed names no section: which units it may order beyond 'infantry' is not given."],
        },
    ]
    for slug, name, hu, section in (
        ("patrol-left-flank", "Patrol Left Flank", "Őrjárat a bal szárnyon", "left"),
        ("patrol-right-flank", "Patrol Right Flank", "Őrjárat a jobb szárnyon", "right"),
        ("patrol-center", "Patrol Center", "Őrjárat középen", "center"),
        ("forward", "Forward", "Egyenesen előre", ""),
    ):
        card: dict[str, Any] = {
            "kind": "command-card", "slug": slug, "name": name, "names": {"hu": hu}, "source": SEED_SOURCE,
            "copies": 2,
            "provenance": {"copies": [_seed("Előre elkészített kézben lévő kártyák", "derived", preset)]},
            "notes": ["One of the 4 cards of the preset-hand option. Its text is not in the seed (missing)."],
        }
        if section:
            card["section"] = section
            card["provenance"]["section"] = [_digest("§4 Sections", "derived", "the section the card's name gives")]
        else:
            card["notes"].append("'Forward' is a working name (Hungarian 'Egyenesen előre', straight ahead).")
        cards.append(card)
    return cards


# --------------------------------------------------------------------------------------------- lore cards


def _lore_cards() -> list[dict[str, Any]]:
    rows: list[tuple[str, str, str, str, str, list[dict[str, Any]], list[str]]] = [
        ("battle-cry", "Battle Cry", "Csatakiáltás", "",
         "Choose a friendly unit: every enemy unit adjacent to it moves 1 hex directly away from it if it can. This "
         "is not a retreat: a unit that cannot move stays and takes no damage; ordered units moved so may still "
         "attack.", [{"kind": "effect", "name": "Hexes moved", "value": 1}], []),
        ("fury-of-yllan", "Fury of Y'llan", "Y'llan dühe", UTHUK,
         "Roll 3 more dice in this combat roll; any number of cleave results may be committed for 1 damage each, "
         "even if the unit is weak or the attack is ranged.", [{"kind": "effect", "name": "Extra dice", "value": 3}],
         ["Faction from its name (Y'llan): Uthuk Y'llan."]),
        ("overrun", "Overrun", "Lerohanás", "",
         "Until the end of the turn your cavalry may move through enemy-occupied hexes (not ending there; not into "
         "a hex whose terrain would end its move); each entry rolls 1 die, and a strike or cleave deals 1 damage.",
         [{"kind": "effect", "name": "Dice per enemy hex entered", "value": 1}],
         ["Who suffers the damage is a reading: the enemy unit in the entered hex (digest §17 Q17)."]),
        ("portal", "Portal", "Kapu", "",
         "Place 2 portal tokens within 8 hexes of each other; a moving friendly unit may go from one to the other "
         "as if adjacent, ignoring the portal hex's terrain on entry. They may be removed at the end of the "
         "movement step.", [{"kind": "effect", "name": "Portal tokens", "value": 2},
                            {"kind": "effect", "name": "Most hexes apart", "value": 8}], []),
        ("rune-blade", "Rune Blade", "Rúnapenge", "",
         "Instead of the combat roll: roll 4 dice, set one or more on the card and reroll the rest until all 4 are "
         "set; resolve with those 4 results. No other effect changes the number of dice.",
         [{"kind": "effect", "name": "Dice", "value": 4}], []),
        ("rune-carved-barrier", "Rune-Carved Barrier", "Rúnákkal rótt akadály", "",
         "The opponent discards the lore card he just played without paying its cost or resolving it, and may "
         "play no other lore card that turn.", [], ["'Rune-Carved Barrier' is a working name."]),
        ("to-the-skies", "To the Skies", "Irány az ég", DAQAN,
         "Choose a unit (friendly or enemy); the Roc Warrior carries it: place it on an unoccupied hex it could "
         "occupy within 2 hexes of the Roc Warrior. The placement is not movement.",
         [{"kind": "effect", "name": "Hexes from the Roc Warrior", "value": 2}],
         ["'To the Skies' is a working name.", "Faction from the Roc Warrior (Daqan)."]),
        ("unstoppable", "Unstoppable", "Megállíthatatlan", "",
         "When a friendly target would be destroyed, it may counterattack at once, before that combat step; not "
         "if it was forced to retreat first. If the counterattack forces the enemy back, the enemy may not "
         "advance or pursue.", [], []),
    ]
    cards = []
    for slug, name, hu, faction, text, abilities, notes in rows:
        card: dict[str, Any] = {
            "kind": "lore-card", "slug": slug, "name": name, "names": {"hu": hu}, "source": SEED_SOURCE,
            "text": text, "notes": [*notes, "Lore cost printed on the card, in no source: missing. Copies in the "
                                             "lore deck: not given."],
            "provenance": {"text": [_seed(f"{hu} (tudáskártya)", "stated", "summarised in our words")]},
        }
        if faction:
            card["factions"] = [faction]
            card["provenance"]["factions"] = [_digest("§2.5", "derived", notes[-1])]
        if abilities:
            card["abilities"] = abilities
        cards.append(card)
    return cards


# ------------------------------------------------------------------------------------------------ terrain


def _terrain() -> list[dict[str, Any]]:
    qr = "Gyors összefoglaló: tereptárgy szabályok"
    rows: list[tuple[str, str, str, str, dict[str, Any], str]] = [
        ("clear", "Clear hex", "üres hexa", "Üres hexák (tereptárgy)",
         {"terrain_class": "none", "blocks_los": False, "movement_stop": False, "impassable": False,
          "stops_retreat": False, "deployable": True, "massive_may_enter": True},
         "No terrain effects."),
        ("hills", "Hills", "dombság", "Dombság hexák (tereptárgy)",
         {"terrain_class": "blocking", "blocks_los": True, "movement_stop": False, "impassable": False,
          "stops_retreat": False, "occupant_ignores_units_for_los": True, "deployable": True,
          "massive_may_enter": True},
         "Blocking. Its occupant ignores units when checking line of sight (blocking terrain still blocks it)."),
        ("forest", "Forest", "erdő", "Erdő hexák (tereptárgyak)",
         {"terrain_class": "blocking", "blocks_los": True, "movement_stop": True, "impassable": False,
          "stops_retreat": True, "combat_dice_cap": 2, "deployable": True, "massive_may_enter": True},
         "Blocking. Entering ends movement. Its occupant rolls at most 2 dice (before modifiers) when attacking, "
         "and so do units attacking it. A unit retreating into it retreats no further in that combat."),
        ("building", "Building", "építmény", "Építményhexák (tereptárgyak)",
         {"terrain_class": "blocking", "blocks_los": True, "movement_stop": True, "impassable": False,
          "stops_retreat": True, "ignore_damage_per_combat": 1, "deployable": True, "massive_may_enter": False},
         "Blocking. Entering ends movement; Massive units never enter. Its occupant ignores 1 damage in each "
         "combat and 1 damage from each effect outside combat. A unit retreating into it retreats no further in "
         "that combat (the ignore applies to that damage)."),
        ("water", "Water", "víz", "Víz hexák (tereptárgy)",
         {"terrain_class": "impassable", "blocks_los": False, "movement_stop": False, "impassable": True,
          "deployable": False},
         "Impassable (river or lake) unless it holds a ford or bridge; no unit deploys there without one. Flying "
         "units may enter and cross it."),
        ("ford", "Ford", "gázló", "Gázló lapka (tereptárgy)",
         {"terrain_class": "none", "blocks_los": False, "movement_stop": True, "impassable": False,
          "stops_retreat": True, "deployable": True, "massive_may_enter": True, "is_tile": True, "placed_on": "water"},
         "Tile on a water hex, which becomes passable; entering it ends movement; a unit retreating into it "
         "retreats no further in that combat. Each player places 1 on a water hex of his own scenario card."),
        ("bridge", "Bridge", "híd", "Hídlapkák (tereptárgy)",
         {"terrain_class": "none", "blocks_los": False, "movement_stop": False, "impassable": False,
          "stops_retreat": False, "deployable": True, "massive_may_enter": True, "is_tile": True, "placed_on": "water"},
         "Tile on a water hex, which becomes passable in any direction. Placed when a scenario says so."),
        ("command-tent", "Command tent", "parancsnoki sátor", "Parancsnoki sátor (tereptárgy)",
         {"terrain_class": "blocking", "blocks_los": True, "movement_stop": True, "impassable": False,
          "stops_retreat": True, "massive_may_enter": True, "is_tile": True, "placed_on": "clear",
          "capture_vp": 2},
         "Deployed with the army on a clear hex; no friendly unit deploys in a row farther from the faction edge "
         "(the literal reading, digest §17 Q6). "
         "Not a building. Entering ends movement. A player whose unit stands on the enemy tent at the start of his "
         "turn may remove it for 2 VP."),
    ]
    cards = []
    for slug, name, hu, entry, fields, text in rows:
        prov: dict[str, list[dict[str, str]]] = {}
        for key, value in fields.items():
            if key == "massive_may_enter" and slug != "building":
                prov[key] = [_seed("Masszív (egység képesség)", "derived", "Massive units are barred from buildings "
                                   "only")]
            elif key == "deployable" and slug not in {"water", "ford", "bridge"}:
                prov[key] = [_seed("Egységek csatarendbe állítása", "derived",
                                   "only water without a ford or bridge is barred")]
            elif value is False and key in {"movement_stop", "stops_retreat", "blocks_los", "impassable"}:
                prov[key] = [_seed(qr, "derived", "the terrain rules give it no such effect")]
            else:
                prov[key] = [_seed(entry)]
        prov["terrain_class"] = [_seed(qr), _digest("§9", "derived", "'elzáró' and 'akadályozó' are both the one "
                                                                    "English term Blocking")]
        card: dict[str, Any] = {"kind": "terrain", "slug": slug, "name": name, "names": {"hu": hu},
                                "source": SEED_SOURCE, "text": text, "provenance": prov, **fields}
        card["notes"] = ["Terrain is a kind of hex, not a counted component: copies is not a box count."]
        if slug == "ford":
            card["notes"].append("At most one ford or bridge per hex; any water hex, lakes included.")
        if slug == "command-tent":
            card["notes"].append("Whether units may deploy on the tent is not given (missing).")
        cards.append(card)
    return cards


# ---------------------------------------------------------------------------------------------- scenarios

INITIATIVES = ["A1", "B1", "B2", "C1", "C2", "D1", "D2"]


def _scenarios() -> list[dict[str, Any]]:
    cards = []
    for faction, label in ((DAQAN, "Daqan Lords"), (UTHUK, "Uthuk Y'llan")):
        for initiative in INITIATIVES:
            cards.append({
                "kind": "scenario", "slug": f"{faction}-{initiative.lower()}", "name": f"{label} scenario {initiative}",
                "factions": [faction], "source": f"{SEED_SOURCE} ('Hadjárat variáció'); {DIGEST} §2.7",
                "initiative": initiative, "initiative_letter": initiative[0], "initiative_number": int(initiative[1]),
                "provenance": {
                    "initiative": [
                        _seed("Hadjárat variáció", "derived",
                              "the campaign uses A1 for scenario 1 and X1 or X2 for B, C and D"),
                        _outside("§2.7 cross-check", "medium", "each side has 7 scenario cards (FFG preview), "
                                 "exactly A1, B1, B2, C1, C2, D1, D2", "derived"),
                    ],
                    "factions": [_seed("Győzelmi pontok gyűjtése", "stated", "'his faction's scenario card'")],
                },
                "notes": ["The printed title is in no source: the card is named by its faction and initiative.",
                          "Its terrain, set-up hexes, water hexes for the ford and VP text are printed on the card "
                          "and in no source (missing)."],
            })
    return cards


# ------------------------------------------------------------------------------------------ army packs


def _pack_units(faction: str, rows: list[tuple[str, str, int | None]], pack: str, figures_note: str,
                confidence: str) -> list[dict[str, Any]]:
    cards = []
    for slug, name, in_set in rows:
        card: dict[str, Any] = {"kind": "unit", "slug": slug, "name": name, "factions": [faction],
                                "source": f"{DIGEST} cross-check, 'Army packs' (outside knowledge)",
                                "provenance": {"name": [_outside("cross-check 'Army packs'", confidence,
                                                                 f"{pack}: {figures_note}")]},
                                "notes": ["Only the name (and the figures in the pack, where given) is in any source; "
                                          "every statistic and the cost are missing."]}
        if in_set is not None:
            card["figures_in_set"] = in_set
            card["provenance"]["figures_in_set"] = [_outside("cross-check 'Army packs'", confidence)]
        cards.append(card)
    return cards


def _doc(set_data: dict[str, Any], cards: list[dict[str, Any]]) -> dict[str, Any]:
    return fmt.file_document("battlelore2", "default", set_data, cards)


def build(shared: Path) -> dict[str, dict[str, Any]]:
    tag = _read_tag(shared)
    core = _core_units(tag) + _command_cards() + _lore_cards() + _terrain() + _scenarios()
    hernfar = _pack_units(
        DAQAN,
        [("ironbound", "Ironbound", 6), ("greyhaven-battlemages", "Greyhaven Battlemages", 9),
         ("citadel-lancers", "Citadel Lancers", 9), ("siege-golem", "Siege Golem", 1)],
        "Hernfar Guardians", "6 Ironbound, 9 Greyhaven Battlemages, 9 Citadel Lancers, a Siege Golem and Citadel "
        "Guards, 34 figures", "medium",
    )
    for slug, name, text in (
        ("crystal-spire", "Crystal Spire", "Terrain bought as part of an army (listed inside an army card's 50 "
                                           "points); its cost and rules are in no source."),
        ("barricade", "Barricade", "Its rules are in no source."),
    ):
        hernfar.append({"kind": "terrain", "slug": slug, "name": name, "text": text,
                        "source": f"{DIGEST} cross-check, 'Army packs' (outside knowledge)",
                        "provenance": {"name": [_outside("cross-check 'Army packs'", "medium", "Hernfar Guardians")]},
                        "notes": ["Every terrain property is missing."]})
    scorn = _pack_units(
        UTHUK,
        [("berserkers", "Berserkers", None), ("blood-sisters", "Blood Sisters", None),
         ("grotesques", "Grotesques", None), ("doombringer", "Doombringer", 1)],
        "Warband of Scorn", "37 Uthuk figures: Berserkers, Blood Sisters, Grotesques, a Doombringer and three units "
        "of Blood Harvesters", "medium",
    )
    return {
        CORE_FILE: _doc({"slug": "core-set", "name": "BattleLore Second Edition (core set)", "kind": "core",
                         "position": 0}, core),
        HERNFAR_FILE: _doc({"slug": "hernfar-guardians", "name": "Hernfar Guardians (army pack)", "kind": "pack",
                            "position": 1}, hernfar),
        SCORN_FILE: _doc({"slug": "warband-of-scorn", "name": "Warband of Scorn (army pack)", "kind": "pack",
                          "position": 2}, scorn),
    }
