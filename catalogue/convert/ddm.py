"""D&D Miniatures: ddmdb's figure checklist, the seed rules' creatures and maps, the DDM Guild creatures.

``build(shared)`` turns ``../shared/data`` into one file per ruleset and set:

- ``ddm/seed/<set>.json``: the set's figures (kind ``miniature``, ddmdb-spilth), the seed-rules stat
  cards of that set (kind ``creature``) and, in War Drums, the four starter battle maps;
- ``ddm/seed/set-unknown.json``: seed-named creatures whose set no source gives (the Minotaur);
- ``ddm/ddm-guild/<set>.json``: the DDM 2.0 / Guild creatures (ddm-guild-ddmwi).

Seed-rules creatures merge three sources, each number with its source in ``provenance``:
ddm-seed-wizards (facts from Wizards' articles and the seeds), ddm-harbinger-toee-zmod (26 Harbinger
stat blocks, GPL-3.0) and the seeds themselves (``SEED_FACTS``: what ``ddm.md`` §18.1 and
``ddm-basic.md`` §2.1–2.2 give). Figure facts (size, type, rarity, collector number) come from ddmdb.
Where two sources disagree the field stays missing and ``provenance["conflicts"]`` lists the values.
No number is made up: a field no source gives is left out of the record.
"""

from __future__ import annotations

import csv
import json
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from catalogue import dataformat as fmt
from catalogue.text import normalise_name, slugify_name

GAME = "ddm"

# ------------------------------------------------------------------------------------------- sources

DDMDB = "ddmdb-spilth (github.com/spilth/ddmdb @3cf6cf5, lib/data/miniatures.xml; no licence stated)"
WIZARDS = "ddm-seed-wizards (facts from Wizards of the Coast articles and the seeds; per-field sources in provenance)"
ZMOD = (
    "ddm-harbinger-toee-zmod (github.com/anatoliy-savchak/toee.zmod.skirmish @da3c64a, "
    "py07710_skirmish_harbinger_monsters.py; GPL-3.0, see NOTICE-harbinger-toee-zmod.md)"
)
GUILD = (
    "ddm-guild-ddmwi (github.com/mkouba/ddmwi @ab31b93, src/data/creatures.json; Apache-2.0): "
    "DDM 2.0 / DDM Guild stat card"
)
SEED_000 = (
    "seed:000_f1a34a4b6414c5f2.txt (Hungarian War Drums Quick Start, worked battle; digested in "
    "shared/rules/ddm-basic.md section 2.1)"
)
SEED_003 = (
    "seed:003_c161f482ef98045d.txt (Polish War Drums Advanced Rules, examples; digested in "
    "shared/rules/ddm.md section 18.1)"
)
SEEDS = "the seeds (000 Hungarian quick start and rules, 003 Polish Advanced Rules; shared/rules/ddm*.md)"
NOTICE_FILE = "NOTICE-harbinger-toee-zmod.md"

SCALARS = (
    "cost", "factions", "commander_rating", "is_commander", "level", "speed", "flight", "burrow", "ac", "hp",
    "creature_type", "subtypes", "size", "unique", "unique_name", "requires", "is_difficult", "difficult", "wild",
    "independent", "warband_building", "rarity", "collector_number", "set_size", "power_points", "epic_exists",
)
SIZES = ("Tiny", "Small", "Medium", "Large", "Huge", "Gargantuan", "Colossal")
BOX_CHARS = "□❑☐*"

# Numbers an article measured under an ability's effect: not the printed value (SOURCE.md "Boosted values").
BOOSTED: dict[tuple[str, str, str, int], tuple[str, str]] = {
    ("Zakya Rakshasa", "War Drums", "melee", 0): (
        "bonus", "+34 is the first attack with True Strike (the preview says so), not the printed bonus",
    ),
    ("Hill Giant", "Archfiends", "melee", 0): (
        "damage", "40 is the damage with Power Attack (the preview says so), not the printed damage",
    ),
}

# ------------------------------------------------------------------------------------------- parsing

_ATTACK = re.compile(r"^\s*(?P<bonuses>[+-]\d+(?:\s*/\s*[+-]\d+)*)\s*\((?P<damage>[^()]*)\)\s*(?P<rest>.*)$")
_DAMAGE = re.compile(
    r"^\s*(?P<base>\d+)\s*(?P<type>[a-z][a-z -]*?)?\s*(?:\+\s*(?P<extra>\d+)\s*(?P<etype>[a-z][a-z -]*?)?)?\s*$"
)
_RANGE = re.compile(r"^(self|touch|sight|cone|smaller cone|adjacent|your warband|any warband|line(?: \d+)?|range \d+)$")


def parse_damage(text: str) -> dict[str, Any]:
    """``"10 magic + 5 fire"`` → base 10 magic, extra 5 fire (the part after "+" is never doubled)."""
    m = _DAMAGE.match(text.strip().lower())
    if m is None:
        raise ValueError(f"cannot read damage {text!r}")
    out: dict[str, Any] = {"damage": int(m["base"])}
    if m["type"]:
        out["damage_type"] = m["type"].strip()
    if m["extra"]:
        out["extra_damage"] = int(m["extra"])
        if m["etype"]:
            out["extra_type"] = m["etype"].strip()
    return out


def parse_attacks(text: str) -> list[dict[str, Any]]:
    """A printed attack line, one dict per attack.

    ``"+10/+9 (10/5)"`` is two attacks (damages in the same order); ``"+12/+12 (10)"`` two attacks of 10;
    ``"+8 (10 magic + 5 fire)"`` one attack with extra damage; a trailing ``range 6`` limits the range.
    """
    m = _ATTACK.match(text)
    if m is None:
        raise ValueError(f"cannot read attack {text!r}")
    bonuses = [int(b) for b in re.split(r"\s*/\s*", m["bonuses"])]
    damages = [parse_damage(d) for d in m["damage"].split("/")]
    if len(damages) == 1:
        damages = damages * len(bonuses)
    if len(damages) != len(bonuses):
        raise ValueError(f"{len(bonuses)} attack bonuses but {len(damages)} damages in {text!r}")
    rest = m["rest"].strip().lower()
    max_range = None
    if rest:
        rm = re.fullmatch(r"\(?range (\d+)\)?", rest)
        if rm is None:
            raise ValueError(f"cannot read {rest!r} after the attack {text!r}")
        max_range = int(rm[1])
    out = []
    for bonus, damage in zip(bonuses, damages, strict=True):
        attack = {"bonus": bonus, **damage}
        if max_range is not None:
            attack["max_range"] = max_range
        out.append(attack)
    return out


def _split_top(text: str, seps: str) -> list[str]:
    """Split at separators outside parentheses."""
    parts, depth, cur = [], 0, ""
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        if ch in seps and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += ch
    parts.append(cur)
    return [p.strip() for p in parts if p.strip()]


def parse_spell_args(args: str) -> dict[str, Any]:
    """The part in parentheses: ``sight; radius 2; 30 fire damage; DC 16``."""
    out: dict[str, Any] = {}
    for raw in args.split(";"):
        arg = raw.strip().lower()
        if "range" not in out and _RANGE.match(arg):
            out["range"] = arg
        elif m := re.fullmatch(r"radius (\d+)", arg):
            out["radius"] = int(m[1])
        elif m := re.fullmatch(r"dc (\d+)", arg):
            out["dc"] = int(m[1])
        elif m := re.fullmatch(r"(\d+) pp", arg):
            out["power_points"] = int(m[1])
        elif m := re.match(r"(\d+) (?:([a-z]+) )?damage\b", arg):
            out["damage"] = int(m[1])
            if m[2]:
                out["damage_type"] = m[2]
    return out


_SPELL = re.compile(
    r"^(?P<name>[^(" + BOX_CHARS + r"]+?)\s*(?P<boxes>[" + BOX_CHARS + r"\s]*)\s*(?P<unl>\(unlimited uses\))?\s*"
    r"(?:\((?P<args>.*)\))?\s*$"
)


def parse_spell(text: str, level: int | None = None) -> dict[str, Any]:
    """One spell entry: ``flame strike □ (sight; radius 2; 30 fire damage; DC 16)``."""
    m = _SPELL.match(text.strip().rstrip(".;"))
    if m is None:
        raise ValueError(f"cannot read spell {text!r}")
    out: dict[str, Any] = {"name": m["name"].strip()}
    if level is not None:
        out["spell_level"] = level
    boxes = sum(m["boxes"].count(c) for c in BOX_CHARS)
    if boxes:
        out["uses"] = boxes
    if m["unl"]:
        out["unlimited"] = True
    if m["args"]:
        out.update(parse_spell_args(m["args"]))
    out["text"] = re.sub("[" + re.escape(BOX_CHARS) + "]", "□", text.strip().rstrip(".;"))
    return out


def parse_spell_list(text: str) -> list[dict[str, Any]]:
    """A card's spell block: ``1st—command ❑❑ (range 6; Stun; DC 13), shield of faith ❑ (touch; +2 AC); 2nd—…``."""
    out: list[dict[str, Any]] = []
    sections = re.split(r"(?:^|;\s*|\.\s*)(\d+)(?:st|nd|rd|th)\s*[—–-]\s*", text.strip())
    if sections[0].strip():
        out.extend(parse_spell(entry) for entry in _split_top(sections[0], ","))
    for level, body in zip(sections[1::2], sections[2::2], strict=True):
        out.extend(parse_spell(entry, int(level)) for entry in _split_top(body.strip().rstrip("."), ",;"))
    return out


_ABILITY = re.compile(
    r"^(?P<name>[A-Za-z][A-Za-z' -]*?)(?:\s+(?P<param>[+-]?\d+))?\s*(?P<boxes>[" + BOX_CHARS + r"]*)\s*"
    r"(?:\((?P<text>.*)\))?$"
)


def parse_ability(text: str) -> dict[str, Any]:
    """``"Turn Undead 4 □"`` → name, param "4", value 4, uses 1; ``"Stunning Attack □□ (DC 15)"`` → uses 2, text."""
    m = _ABILITY.match(text.strip().rstrip("."))
    if m is None:
        return {"name": text.strip().rstrip(".")}
    out: dict[str, Any] = {"name": m["name"].strip()}
    if m["param"]:
        out["param"] = m["param"]
    boxes = sum(m["boxes"].count(c) for c in BOX_CHARS)
    if boxes:
        out["uses"] = boxes
    if m["text"]:
        out["text"] = m["text"].strip()
    return out


def param_value(param: str) -> int | None:
    return int(param) if re.fullmatch(r"[+-]?\d+", param.strip()) else None


_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def parse_minions(text: str) -> list[dict[str, Any]]:
    """``"two Goblinoids whose total cost does not exceed 12"`` → ``[{"name": "Goblinoid", "qty": 2, ...}]``."""
    m = re.match(r"(?P<n>\d+|one|two|three|four|five|six)\s+(?P<what>[A-Z][\w -]*?)s?\b(?P<rest>.*)$", text.strip())
    if m is None:
        return []
    qty = int(m["n"]) if m["n"].isdigit() else _NUMBER_WORDS[m["n"]]
    out: dict[str, Any] = {"name": m["what"].strip(), "qty": qty}
    if cm := re.search(r"total cost (?:does not exceed |of at most |)(\d+)", m["rest"]):
        out["max_total_cost"] = int(cm[1])
    return [out]


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def parse_warband_building(text: str) -> dict[str, Any] | None:
    """The Warband Building part of a commander effect, as data where its wording is one we know."""
    m = re.search(r"warband building\b[:\s]*(?P<body>.*)$", text, re.IGNORECASE)
    if m is None:
        return None
    body = m["body"].strip()
    out: dict[str, Any] = {"text": text.strip()}
    if am := re.match(r"(?P<what>[A-Z][\w -]+?) of any faction are legal in your warband", body):
        out["allow_types"] = [_singular(am["what"].strip())]
        out["any_faction"] = True
    elif am := re.match(
        r"(?P<f1>LG|CG|LE|CE) (?P<t1>[A-Z][\w -]+?) and (?P<f2>LG|CG|LE|CE) (?P<t2>[A-Z][\w -]+?) are legal", body
    ):
        out["allow_types"] = [_singular(am["t1"].strip()), _singular(am["t2"].strip())]
        out["from_factions"] = sorted({am["f1"], am["f2"]})
    if "allow_types" in out:
        out["text"] = body
    return out


def parse_type_line(text: str) -> dict[str, Any]:
    """``"Small Humanoid (Halfling)"`` → size Small, type Humanoid, subtypes [Halfling]; no size word = Medium."""
    words = text.strip()
    size = "Medium"
    for s in SIZES:
        if words.startswith(s + " "):
            size, words = s, words[len(s) + 1 :]
            break
    m = re.match(r"^(?P<base>[^(]+?)\s*(?:\((?P<subs>[^)]*)\))?$", words)
    if m is None:
        raise ValueError(f"cannot read type {text!r}")
    subs = [s.strip().title() for s in (m["subs"] or "").split(",") if s.strip()]
    return {"size": size, "creature_type": m["base"].strip(), "subtypes": subs}


# ------------------------------------------------------------------------------------------- figures


@dataclass(frozen=True)
class Figure:
    id: int
    set: str
    set_abbr: str
    released_on: str
    number: int
    name: str
    rarity: str
    size: str
    type: str
    subtype: str
    cr: str
    rpg_level: str
    leader: bool

    @property
    def slug(self) -> str:
        return f"{slugify_name(self.set_abbr)}-{self.number}-{slugify_name(self.name)}"


def set_slug(name: str) -> str:
    return slugify_name(name.replace("&", " and "))


def load_figures(data: Path) -> list[Figure]:
    with (data / "ddmdb-spilth" / "miniatures_flat.csv").open(encoding="utf-8", newline="") as fh:
        return [
            Figure(
                int(r["id"]), r["set"], r["set_abbr"], r["set_released_on"], int(r["number"]), r["name"], r["rarity"],
                r["size"], r["type"], r["subtype"], r["rpg_challenge_rating"], r["rpg_level"], r["leader"] == "true",
            )
            for r in csv.DictReader(fh)
        ]


def _set_kind(name: str) -> str:
    if "Starter" in name:
        return "starter"
    if name.startswith(("Icons", "D&D Icons")) or "Collector" in name:
        return "pack"
    return "expansion"


def set_headers(figures: list[Figure]) -> dict[str, dict[str, Any]]:
    """One header per ddmdb release, in release order; ``size`` is the number of figures."""
    counts = Counter(f.set for f in figures)
    order = sorted({(f.released_on, f.set, f.set_abbr) for f in figures})
    return {
        name: {
            "slug": set_slug(name), "name": name, "kind": _set_kind(name), "abbreviation": abbr,
            "released_on": released, "size": counts[name], "position": pos + 1,
        }
        for pos, (released, name, abbr) in enumerate(order)
    }


def miniature_record(f: Figure) -> dict[str, Any]:
    rec: dict[str, Any] = {
        "kind": "miniature", "slug": f.slug, "name": f.name, "source": f"{DDMDB}, figure {f.id}",
        "number": f.number, "rarity": f.rarity, "size": f.size, "creature_type": f.type, "subtype": f.subtype,
        "leader": f.leader, "ddmdb_id": f.id,
    }
    if f.cr:
        rec["rpg_challenge_rating"] = float(f.cr)
    if f.rpg_level:
        rec["rpg_level"] = int(f.rpg_level)
    return rec


# ------------------------------------------------------------------------------------------- seed facts

# What the seeds say about named creatures (ddm.md §18.1, ddm-basic.md §2.1–2.2), checked against the
# seed texts. Only cards: the diagrams' generic actors (a gnoll, an orc, an archer, a wizard, a "dwarven
# rider") are not cards, and "Slaadmaster" is an ability (the Death Slaad's), not a creature.
SEED_FACTS: list[dict[str, Any]] = [
    {"name": "Wood Elf Ranger", "set": "War Drums", "source": SEED_000, "how": "derived",
     "scalars": {"ac": (16, "the Orc Mauler needs 16 to hit it (10 + 11 = 21 hits AC 16)"),
                 "speed": (6, "quick-start movement: it moves 6 and attacks")},
     "melee": ["+10/+9 (10/5)", "17+10 and 3+10, 18+9; 10 damage, then 5 from the second attack"],
     "abilities": [{"name": "Hunter", "text": "+5 damage: the Orc Mauler is the only creature adjacent to it"},
                   {"name": "Orc Foe", "text": "+5 damage against Orcs"}]},
    {"name": "Orc Mauler", "set": "War Drums", "source": SEED_000, "how": "derived",
     "scalars": {"level": (6, "morale save 5 + 6 = 11"), "speed": (6, "it moves 6, then 6 more (double move)"),
                 "ac": (18, "the Ranger needs 18 to hit"), "hp": (55, "'the 55-point starting value'")},
     "melee": ["+11 (15)", "10 + 11 = 21 hits AC 16 for 15 damage; one attack without moving"]},
    {"name": "Brass Samurai", "set": "War Drums", "source": SEED_003, "names": {"pl": "Mosiężny Samuraj"},
     "melee_damage": ["10 magic + 5 fire", "extra-damage example (p. 11): '10 magic + 5 fire'"]},
    {"name": "Lion of Talisid", "set": "War Drums", "source": SEED_003, "names": {"pl": "Lew z Talisidu"},
     "spells": ["flame strike □ (sight; radius 2; 30 fire damage; DC 16)"]},
    {"name": "Green Dragon", "set": "Aberrations", "source": SEED_003, "names": {"pl": "Zielony Smok"},
     "abilities": [{"name": "Immune", "param": "acid", "text": "Immune Acid (glossary: CAPITALS)"}]},
    {"name": "Inspired Lieutenant", "set": "War Drums", "source": SEED_003, "names": {"pl": "Natchniony Porucznik"},
     "abilities": [{"name": "Smite", "text": "limited use (□): declared before the attack roll; a miss spends it"}]},
    {"name": "Minotaur", "set": None, "source": SEED_003,
     "abilities": [{"name": "Difficult", "param": "4", "text": "commanded only by Commander 4 or higher"}],
     "note": "The rulebook's Difficult example does not say which set; Harbinger and Giants of Legend both "
             "have a Minotaur figure, so the card is linked to neither."},
    {"name": "Hyena", "set": "Harbinger", "source": SEED_003, "names": {"pl": "Hiena"},
     "scalars": {"level": (2, "Beastmaster example: Hyenas and Wolves (level 2)"),
                 "creature_type": ("Animal", "Beastmaster covers Animals and Magical Beasts")}},
    {"name": "Wolf", "set": "Harbinger", "source": SEED_003, "names": {"pl": "Wilk"},
     "scalars": {"level": (2, "Beastmaster example: Hyenas and Wolves (level 2)"),
                 "creature_type": ("Animal", "Beastmaster covers Animals and Magical Beasts")}},
    {"name": "Owlbear", "set": "Harbinger", "source": SEED_003, "names": {"pl": "Sowoniedźwiedź"},
     "scalars": {"level": (5, "Beastmaster example: an Owlbear (level 5 and Difficult)")},
     "abilities": [{"name": "Difficult", "text": "Beastmaster example; the value is not given"}]},
    {"name": "Regdar, Human Fighter", "set": "Dragoneye", "source": SEED_003,
     "names": {"pl": "Regdar, Ludzki Wojownik"},
     "scalars": {"unique": (True, "glossary Unique"),
                 "unique_name": ("Regdar", "glossary Unique: both count as 'Regdar'")},
     "abilities": [{"name": "Unique", "text": "only 1 creature whose name contains Regdar per warband"}]},
    {"name": "Regdar, Adventurer", "set": "Giants of Legend", "source": SEED_003,
     "names": {"pl": "Regdar, Awanturnik"},
     "scalars": {"unique": (True, "glossary Unique"),
                 "unique_name": ("Regdar", "glossary Unique: both count as 'Regdar'")},
     "abilities": [{"name": "Unique", "text": "only 1 creature whose name contains Regdar per warband"}]},
    {"name": "Balor", "set": "Underdark", "source": SEED_003, "epic": "Epic Assault: 'the epic versions of powerful "
     "creatures such as the Balor (Underdark)'"},
    {"name": "Aspect of Moradin", "set": "War Drums", "source": SEED_003, "names": {"pl": "Aspekt Moradina"},
     "epic": "Epic Assault: '... and the Aspect of Moradin (War Drums)'"},
    {"name": "Cleric of Dol Arrah", "set": "Angelfire", "source": SEED_003, "names": {"pl": "Kleryk z Dol Arrah"},
     "scalars": {"is_commander": (True, "command diagram (p. 20): the Cleric commands the Soldiers of Thrane")}},
    {"name": "Soldier of Thrane", "set": "Deathknell", "source": SEED_003, "names": {"pl": "Żołnierz Thrane'a"},
     "note": "Named in the command diagram (p. 20); the seed gives no numbers."},
    {"name": "Chain Devil", "set": "Angelfire", "source": SEED_003, "names": {"pl": "Łańcuchowy Diabeł"},
     "note": "Named in the flanking diagram (p. 12); the seed gives no numbers."},
    {"name": "Bulette", "set": "Giants of Legend", "source": SEED_003,
     "note": "Named in the flanking diagram (p. 12); the seed gives no numbers. Set: the only Bulette figure of "
             "the seed-rules sets (Harbinger to Desert of Desolation) is Giants of Legend #67."},
    {"name": "Troll", "set": "Harbinger", "source": SEED_003,
     "note": "Named in the flanking diagram (p. 12); the seed gives no numbers."},
]


# ------------------------------------------------------------------------------------------- merging


@dataclass
class Claim:
    value: Any
    source: str
    how: str = "stated"
    note: str = ""

    def prov(self, with_value: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = {"source": self.source, "how": self.how}
        if with_value:
            out["value"] = self.value
        if self.note:
            out["note"] = self.note
        return out


@dataclass
class Report:
    """One source's view of a creature's melee or ranged attacks (sources are not merged field by field)."""

    attacks: list[dict[str, Any]]
    source: str
    how: str = "stated"
    note: str = ""


@dataclass
class Draft:
    name: str
    set_name: str | None
    figure: Figure | None
    claims: dict[str, list[Claim]] = field(default_factory=lambda: defaultdict(list))
    reports: dict[str, list[Report]] = field(default_factory=lambda: {"melee": [], "ranged": []})
    abilities: list[tuple[dict[str, Any], Claim]] = field(default_factory=list)
    spells: list[tuple[dict[str, Any], Claim]] = field(default_factory=list)
    effects: list[Claim] = field(default_factory=list)
    epic: list[Claim] = field(default_factory=list)
    epic_cost: list[Claim] = field(default_factory=list)
    notes: list[dict[str, Any]] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)
    origins: set[str] = field(default_factory=set)

    def claim(self, name: str, value: Any, source: str, how: str = "stated", note: str = "") -> None:
        if value is None or value == "" or value == []:
            return
        existing = self.claims[name]
        if any(c.source == source and _same(c.value, value) for c in existing):
            return
        existing.append(Claim(value, source, how, note))


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _resolve(claims: list[Claim]) -> tuple[Any, bool]:
    """The value all claims agree on, or (None, True) when they disagree."""
    if not claims:
        return None, False
    first = claims[0].value
    if all(_same(c.value, first) for c in claims[1:]):
        return first, False
    return None, True


def _figure_claims(d: Draft) -> None:
    f = d.figure
    if f is None:
        return
    how, note = "derived", f"from the figure's checklist entry (ddmdb figure {f.id}), not from a stat card"
    d.claim("size", f.size, DDMDB, how, note)
    d.claim("creature_type", f.type, DDMDB, how, note)
    if f.subtype:
        d.claim("subtypes", [f.subtype], DDMDB, how, note)
    d.claim("rarity", f.rarity, DDMDB, "stated", f"ddmdb figure {f.id}")
    d.claim("collector_number", f.number, DDMDB, "stated", f"ddmdb figure {f.id}")
    d.origins.add("ddmdb")


def _wizards_into(d: Draft, w: dict[str, Any]) -> None:
    prov = w.get("provenance") or {}
    conflicts = {c["field"]: c for c in w.get("conflicts") or []}

    def entries(name: str) -> list[dict[str, Any]]:
        return prov.get(name) or [{"source": WIZARDS, "how": "stated"}]

    for name in ("cost", "commander_rating", "level", "hp", "ac", "speed", "flight", "size", "unique", "rarity",
                 "is_commander"):
        if name in conflicts:
            for v in conflicts[name]["values"]:
                d.claim(name, v["value"], v["source"], v.get("how", "stated"))
            continue
        value = w.get(name)
        if value is None:
            continue
        for p in entries(name):
            d.claim(name, value, p["source"], p.get("how", "stated"), p.get("note", ""))
    if w.get("factions"):
        for p in entries("factions"):
            d.claim("factions", sorted(w["factions"]), p["source"], p.get("how", "stated"), p.get("note", ""))
    if w.get("type"):
        parsed = parse_type_line(w["type"])
        for p in entries("type"):
            d.claim("creature_type", parsed["creature_type"], p["source"], p.get("how", "stated"), p.get("note", ""))
            if parsed["subtypes"]:
                d.claim("subtypes", parsed["subtypes"], p["source"], p.get("how", "stated"), p.get("note", ""))
    if w.get("unique") and w.get("unique") is True:
        for p in entries("unique"):
            d.claim("unique_name", w["name"].split(",")[0].strip(), p["source"], "derived",
                    "the part of the name before the comma (ddm.md §2.4)")
    for kind in ("melee", "ranged"):
        for rep in w.get(kind) or []:
            attacks: list[dict[str, Any]] = []
            for a in rep["attacks"]:
                one: dict[str, Any] = {k: a[k] for k in ("bonus", "damage", "damage_type") if k in a}
                if "extra" in a:
                    extra = parse_damage("0 + " + a["extra"])
                    one["extra_damage"] = extra["extra_damage"]
                    if "extra_type" in extra:
                        one["extra_type"] = extra["extra_type"]
                if a.get("text"):
                    one["text"] = a["text"]
                attacks.extend(dict(one) for _ in range(int(a.get("count", 1))))
            d.reports[kind].append(Report(attacks, rep["source"], rep.get("how", "stated"), rep.get("note", "")))
    for sa in w.get("special_abilities") or []:
        ab: dict[str, Any] = {"name": sa["name"]}
        if sa.get("param") is not None:
            ab["param"] = str(sa["param"])
        if sa.get("uses") is not None:
            ab["uses"] = sa["uses"]
        if sa.get("text"):
            ab["text"] = sa["text"]
        for src in sa.get("sources") or [WIZARDS]:
            d.abilities.append((ab, Claim(True, src)))
    for sp in w.get("spells") or []:
        text = sp.get("text") or ""
        spell: dict[str, Any] = {"name": sp["name"]}
        if text.startswith("("):
            spell.update(parse_spell(f"{sp['name']} {text.split(')')[0]})"))
            spell["name"] = sp["name"]
        elif text:
            spell.update(parse_spell_args(text))
        if re.search(r"\bone use\b", text):
            spell["uses"] = 1
        elif re.search(r"\btwo uses\b", text):
            spell["uses"] = 2
        if lm := re.search(r"(\d+)(?:st|nd|rd|th) level", text):
            spell["spell_level"] = int(lm[1])
        spell["text"] = f"{sp['name']} {text}".strip() if text else sp["name"]
        for src in sp.get("sources") or [WIZARDS]:
            d.spells.append((spell, Claim(True, src)))
    for ce in w.get("commander_effect") or []:
        d.effects.append(Claim(ce["text"], ce["source"], "stated", ce.get("note", "")))
    if w.get("epic_version") and w["epic_version"].get("exists"):
        for src in w["epic_version"].get("sources") or [WIZARDS]:
            d.epic.append(Claim(True, src))
            if w["epic_version"].get("cost") is not None:
                d.epic_cost.append(Claim(w["epic_version"]["cost"], src))
    for n in w.get("notes") or []:
        d.notes.append({"text": n["text"], "source": n["source"]})
    d.origins.add("wizards")


def _zmod_comments(rec: dict[str, Any]) -> dict[str, str]:
    """The "# COMMANDER EFFECT / SPECIAL ABILITIES / SPELLS" comment lines, by heading."""
    out: dict[str, str] = {}
    for line in rec.get("source_comments") or []:
        parts = re.split(r"(COMMANDER EFFECT|SPECIAL ABILITIES|SPELLS):", line)
        for head, body in zip(parts[1::2], parts[2::2], strict=True):
            out[head] = (out.get(head, "") + " " + body).strip()
    return out


_ZMOD_NAMES = {"DR": "Damage Reduction"}
_FACTION_CODES = {"Lawful Good": "LG", "Chaotic Good": "CG", "Lawful Evil": "LE", "Chaotic Evil": "CE"}


def _zmod_into(d: Draft, z: dict[str, Any]) -> None:
    cls = z["source_class"]
    src = f"{ZMOD}: class {cls}"
    d.claim("cost", z["cost"], src, "stated", "get_price")
    if z.get("commander_rating") is not None:
        d.claim("commander_rating", z["commander_rating"], src, "stated", "get_commander_level (unverified, SOURCE.md)")
        d.claim("is_commander", True, src, "derived", "has a commander rating")
    if z["faction_as_coded"] and z["mod_group"]:
        prefix = _FACTION_CODES[z["faction_as_coded"]]
        if prefix == z["mod_group"]:
            d.claim("factions", [prefix], src, "stated",
                    "the mod's single faction for the card (class prefix and group agree); the card may show more")
        else:
            d.claim("factions", [prefix], src, "stated", "class-name prefix")
            d.claim("factions", [z["mod_group"]], src, "stated", "the mod's group (base class)")
    for name in ("level", "speed", "ac", "hp"):
        d.claim(name, z.get(name), src, "stated", "get_stats")
    if z.get("type"):
        parsed = parse_type_line(z["type"])
        note = "type line in get_stats" + ("" if z["type"].split()[0] in SIZES else "; no size word = Medium")
        d.claim("size", parsed["size"], src, "stated" if z["type"].split()[0] in SIZES else "derived", note)
        d.claim("creature_type", parsed["creature_type"], src, "stated", "type line in get_stats")
        if parsed["subtypes"]:
            d.claim("subtypes", parsed["subtypes"], src, "stated", "type line in get_stats")
    for kind in ("melee", "ranged"):
        if z.get(kind):
            d.reports[kind].append(Report(parse_attacks(z[kind]), src, "stated", f"get_stats: {z[kind]!r}"))
    comments = _zmod_comments(z)
    coded: dict[str, dict[str, Any]] = {}
    for key, raw in (z.get("special_abilities") or {}).items():
        ab = parse_ability(key)
        ab["name"] = _ZMOD_NAMES.get(ab["name"], ab["name"])
        if isinstance(raw, dict):
            if raw.get("Charges"):
                ab["uses"] = int(raw["Charges"])
            if raw.get("DC"):
                ab["text"] = f"DC {raw['DC']}"
        elif isinstance(raw, str) and raw:
            if m := re.fullmatch(r"Charges: (\d+), DC: (\d+)", raw):
                ab["uses"], ab["text"] = int(m[1]), f"DC {m[2]}"
            elif param_value(raw) is not None:
                ab["param"] = raw
            else:
                ab["text"] = raw
        coded[normalise_name(ab["name"])] = ab
    commented: dict[str, dict[str, Any]] = {}
    for item in _split_top(comments.get("SPECIAL ABILITIES", ""), ";."):
        ab = parse_ability(item)
        ab["name"] = _ZMOD_NAMES.get(ab["name"], ab["name"])
        commented[normalise_name(ab["name"])] = ab
    for key in list(coded) + [k for k in commented if k not in coded]:
        for found, how in ((coded.get(key), "get_stats"), (commented.get(key), "SPECIAL ABILITIES comment")):
            if found is not None:
                d.abilities.append((found, Claim(True, src, "stated", how)))
    ce = z.get("commander_effect")
    ce_comment = comments.get("COMMANDER EFFECT", "")
    if ce:
        note = ""
        if ce_comment and normalise_name(ce_comment) != normalise_name(ce):
            note = (f"the mod's COMMANDER EFFECT comment says {ce_comment!r} instead; SOURCE.md: that comment "
                    "is a copy of another card's, so the coded effect is kept")
        d.effects.append(Claim(ce, src, "stated", note))
    if z.get("spells"):
        for spell in parse_spell_list(z["spells"]):
            d.spells.append((spell, Claim(True, src, "stated", "get_stats spells")))
        if comments.get("SPELLS"):
            for spell in parse_spell_list(comments["SPELLS"]):
                d.spells.append((spell, Claim(True, src, "stated", "SPELLS comment")))
    d.origins.add("zmod")


def _seed_into(d: Draft, fact: dict[str, Any]) -> None:
    src, how = fact["source"], fact.get("how", "stated")
    for name, (value, note) in (fact.get("scalars") or {}).items():
        d.claim(name, value, src, how, note)
    if "melee" in fact:
        line, note = fact["melee"]
        d.reports["melee"].append(Report(parse_attacks(line), src, how, note))
    if "melee_damage" in fact:
        line, note = fact["melee_damage"]
        d.reports["melee"].append(Report([parse_damage(line)], src, "stated", note))
    for ab in fact.get("abilities") or []:
        d.abilities.append((dict(ab), Claim(True, src, "stated")))
    for entry in fact.get("spells") or []:
        d.spells.append((parse_spell(entry), Claim(True, src, "stated")))
    if fact.get("epic"):
        d.epic.append(Claim(True, src, "stated", fact["epic"]))
    if fact.get("note"):
        d.notes.append({"text": fact["note"], "source": src})
    d.names.update(fact.get("names") or {})
    d.origins.add("seeds")


# ------------------------------------------------------------------------------------------- resolving


def _merge_attacks(d: Draft, kind: str, prov: dict[str, Any]) -> list[dict[str, Any]]:
    reports = d.reports[kind]
    if not reports:
        return []
    unique: list[Report] = []
    for r in reports:
        if not any(u.source == r.source and _same(u.attacks, r.attacks) for u in unique):
            unique.append(r)
    reports = unique
    prov[kind] = [Claim(None, r.source, r.how, r.note).prov() for r in reports]
    count = max(len(r.attacks) for r in reports)
    out: list[dict[str, Any]] = []
    for i in range(count):
        row: dict[str, Any] = {"kind": kind}
        for key in ("bonus", "damage", "damage_type", "extra_damage", "extra_type", "max_range"):
            claims = [Claim(r.attacks[i][key], r.source, r.how) for r in reports
                      if i < len(r.attacks) and key in r.attacks[i]]
            value, conflict = _resolve(claims)
            boosted = BOOSTED.get((d.name, d.set_name or "", kind, i))
            if boosted and boosted[0] == key and value is not None:
                prov.setdefault("withheld", []).append(
                    {"field": f"{kind}[{i}].{key}", "values": [c.prov(True) for c in claims], "note": boosted[1]}
                )
                continue
            if conflict:
                prov.setdefault("conflicts", []).append(
                    {"field": f"{kind}[{i}].{key}", "values": [c.prov(True) for c in claims]}
                )
            elif value is not None:
                row[key] = value
        texts = [r.attacks[i]["text"] for r in reports if i < len(r.attacks) and r.attacks[i].get("text")]
        if texts:
            row["text"] = "; ".join(dict.fromkeys(texts))[:200]
        out.append(row)
    return out


def _merge_named(items: list[tuple[dict[str, Any], Claim]], keys: tuple[str, ...], label: str,
                 prov: dict[str, Any]) -> list[tuple[dict[str, Any], list[Claim]]]:
    """Merge abilities or spells of several sources by name; a key the sources disagree on stays missing."""
    groups: dict[str, list[tuple[dict[str, Any], Claim]]] = {}
    for item, claim in items:
        groups.setdefault(normalise_name(item["name"]), []).append((item, claim))
    out: list[tuple[dict[str, Any], list[Claim]]] = []
    for group in groups.values():
        merged: dict[str, Any] = {"name": group[0][0]["name"]}
        for key in keys:
            claims = [Claim(item[key], c.source, c.how, c.note) for item, c in group if item.get(key) not in (None, "")]
            value, conflict = _resolve(claims)
            if conflict:
                prov.setdefault("conflicts", []).append(
                    {"field": f"{label}[{merged['name']}].{key}", "values": [c.prov(True) for c in claims]}
                )
            elif value is not None:
                merged[key] = value
        # A spell's entry as the seeds print it wins; an ability's wording from a card source wins.
        ranked = sorted(group, key=lambda ic: (
            ic[1].source.startswith("seed:") != (label == "spells"),
            label == "spells" and "□" not in ic[0].get("text", ""),
        ))
        texts = [item["text"] for item, _c in ranked if item.get("text")]
        if texts:
            merged["text"] = texts[0]
        out.append((merged, [c for _i, c in group]))
    return out


def _sources_of(claims: list[Claim]) -> list[dict[str, Any]]:
    """One entry per source (the first that carries a note, if any)."""
    seen: dict[str, Claim] = {}
    for c in claims:
        if c.source not in seen or (c.note and not seen[c.source].note):
            seen[c.source] = c
    return [c.prov() for c in seen.values()]


def _typed_from_abilities(d: Draft, abilities: list[tuple[dict[str, Any], list[Claim]]]) -> list[dict[str, Any]]:
    minions: list[dict[str, Any]] = []
    for ab, claims in abilities:
        key = normalise_name(ab["name"])
        value = param_value(ab.get("param", ""))
        for c in claims:
            src, note = c.source, f"special ability {ab['name']}"
            if key == "difficult":
                d.claim("is_difficult", True, src, "stated", note)
                d.claim("difficult", value, src, "stated", note)
            elif key in ("wild", "independent"):
                d.claim(key, True, src, "stated", note)
            elif key == "burrow":
                d.claim("burrow", value, src, "stated", note)
            elif key == "unique":
                d.claim("unique", True, src, "stated", note)
            elif key.startswith("requires "):
                d.claim("requires", ab["name"][len("requires "):].strip(), src, "stated", note)
        if key == "minions" and ab.get("text"):
            minions = parse_minions(ab["text"])
    return minions


def _creature_records(d: Draft, slug: str, headers: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    _figure_claims(d)
    if d.set_name and d.set_name in headers:
        d.claim("set_size", headers[d.set_name]["size"], DDMDB, "stated", "figures in the set")
    prov: dict[str, Any] = {}
    abilities = _merge_named(d.abilities, ("param", "uses"), "abilities", prov)
    minions = _typed_from_abilities(d, abilities)
    spells = _merge_named(d.spells, ("spell_level", "uses", "unlimited", "range", "radius", "damage", "damage_type",
                                     "dc", "power_points"), "spells", prov)
    effects: list[tuple[str, list[Claim]]] = []
    for c in d.effects:
        for text, claims in effects:
            if normalise_name(text) == normalise_name(c.value):
                claims.append(c)
                break
        else:
            effects.append((c.value, [c]))
    for text, claims in effects:
        wb = parse_warband_building(text)
        if wb is not None:
            for c in claims:
                d.claim("warband_building", wb, c.source, "derived", "the commander effect's Warband Building")
        for c in claims:
            d.claim("is_commander", True, c.source, "derived", "has a commander effect")
    if d.claims.get("unique") and not d.claims.get("unique_name") and _resolve(d.claims["unique"])[0] is True:
        d.claim("unique_name", d.name.split(",")[0].strip(), d.claims["unique"][0].source, "derived",
                "the part of the name before the comma (ddm.md §2.4)")
    if d.epic:
        for c in d.epic:
            d.claim("epic_exists", True, c.source, c.how, c.note)

    rec: dict[str, Any] = {"kind": "creature", "slug": slug, "name": d.name}
    if d.names:
        rec["names"] = dict(sorted(d.names.items()))
    labels = {
        "seeds": SEEDS, "wizards": WIZARDS, "zmod": ZMOD,
        "ddmdb": "figure facts (size, type, rarity, collector number): " + DDMDB,
    }
    rec["source"] = "; ".join(labels[o] for o in ("seeds", "wizards", "zmod", "ddmdb") if o in d.origins)
    values: dict[str, Any] = {}
    for name in SCALARS:
        claims = d.claims.get(name) or []
        value, conflict = _resolve(claims)
        if not claims:
            continue
        if conflict:
            prov[name] = [c.prov(True) for c in claims]
            prov.setdefault("conflicts", []).append({"field": name, "values": [c.prov(True) for c in claims]})
        else:
            prov[name] = _sources_of(claims)
            values[name] = value
    if values.get("commander_rating") is not None:
        values["is_commander"] = True
    attacks = _merge_attacks(d, "melee", prov) + _merge_attacks(d, "ranged", prov)
    if abilities:
        prov["abilities"] = [{"name": ab["name"], "sources": _sources_of(cl)} for ab, cl in abilities]
    if spells:
        prov["spells"] = [{"name": sp["name"], "sources": _sources_of(cl)} for sp, cl in spells]
    if effects:
        prov["commander_effects"] = [{"text": t, "sources": _sources_of(cl)} for t, cl in effects]
    for key in ("withheld", "conflicts"):
        if key in prov:
            prov[key] = prov.pop(key)
    rec["provenance"] = prov
    if d.notes:
        rec["notes"] = d.notes
    factions = values.pop("factions", None)
    if factions:
        rec["factions"] = factions
    rec.update(values)
    if d.figure is not None:
        rec["miniature"] = d.figure.slug
    rec["abilities"] = [
        {"kind": "special", **{k: ab[k] for k in ("name", "param", "uses", "text") if k in ab},
         **({"value": param_value(ab["param"])} if "param" in ab and param_value(ab["param"]) is not None else {})}
        for ab, _cl in abilities
    ] + [{"kind": "commander-effect", "text": text} for text, _cl in effects]
    rec["attacks"] = attacks
    rec["spells"] = [
        {k: sp[k] for k in ("name", "spell_level", "uses", "unlimited", "range", "radius", "damage", "damage_type",
                            "dc", "power_points", "text") if k in sp}
        for sp, _cl in spells
    ]
    rec["minions"] = minions
    out = [rec]
    if d.epic:
        out.append(_epic_record(d, rec))
    return out


def _epic_record(d: Draft, std: dict[str, Any]) -> dict[str, Any]:
    """The epic side: its own record; only what a source says about the epic card itself is filled."""
    prov: dict[str, Any] = {"epic_exists": _sources_of(d.epic)}
    rec: dict[str, Any] = {
        "kind": "creature", "slug": std["slug"] + "-epic", "name": d.name, "version": "epic",
        "standard_side": std["slug"], "source": "; ".join(dict.fromkeys(c.source for c in d.epic)),
        "epic_exists": True,
    }
    if d.names:
        rec["names"] = std["names"]
    value, conflict = _resolve(d.epic_cost)
    if d.epic_cost:
        prov["cost"] = [c.prov(conflict) for c in d.epic_cost]
        if not conflict:
            rec["cost"] = value
    for name in ("rarity", "collector_number", "set_size"):
        if name in std:
            rec[name] = std[name]
            prov[name] = std["provenance"][name]
    if std.get("unique") is True:
        rec["unique"], rec["unique_name"] = True, std["unique_name"]
        prov["unique"] = [{"source": "ddm.md §2.3", "how": "derived",
                           "note": "a Unique creature's limit covers both versions"}]
    rec["provenance"] = prov
    if "miniature" in std:
        rec["miniature"] = std["miniature"]
    return rec


# ------------------------------------------------------------------------------------------- seed creatures


def build_seed_creatures(data: Path, figures: list[Figure], headers: dict[str, dict[str, Any]]
                         ) -> dict[str | None, list[dict[str, Any]]]:
    """Seed-rules creature records, grouped by set name (None: set unknown)."""
    by_id = {f.id: f for f in figures}
    by_set_number = {(f.set, f.number): f for f in figures}
    by_name_set = {(normalise_name(f.name), f.set): f for f in figures}
    drafts: dict[tuple[str, str | None], Draft] = {}

    def draft(name: str, set_name: str | None, figure: Figure | None) -> Draft:
        if figure is None and set_name is not None:
            figure = by_name_set.get((normalise_name(name), set_name))
        key = (normalise_name(figure.name if figure else name), set_name)
        if key not in drafts:
            drafts[key] = Draft(figure.name if figure else name, set_name, figure)
        return drafts[key]

    wizards = json.loads((data / "ddm-seed-wizards" / "creatures.json").read_text(encoding="utf-8"))
    for w in wizards:
        fig = by_id.get(w["ddmdb"]["id"]) if w.get("ddmdb") else None
        _wizards_into(draft(w["name"], w["set"], fig), w)
    zmod = json.loads((data / "ddm-harbinger-toee-zmod" / "creatures.json").read_text(encoding="utf-8"))
    for z in zmod:
        fig = by_set_number.get((z["set"], z["ddmdb_number"]))
        if fig is None or normalise_name(fig.name) != normalise_name(z["name"]):
            raise ValueError(f"ddm-harbinger-toee-zmod: {z['name']} is not ddmdb {z['set']} #{z['ddmdb_number']}")
        _zmod_into(draft(z["name"], z["set"], fig), z)
    for fact in SEED_FACTS:
        d = draft(fact["name"], fact["set"], None)
        if fact["set"] is not None and d.figure is None:
            raise ValueError(f"seed fact: no ddmdb figure {fact['name']} in {fact['set']}")
        _seed_into(d, fact)

    name_count = Counter(normalise_name(d.name) for d in drafts.values())
    grouped: dict[str | None, list[dict[str, Any]]] = defaultdict(list)
    order = sorted(drafts.values(), key=lambda d: (d.figure.number if d.figure else 0, d.name))
    for d in order:
        slug = slugify_name(d.name)
        if name_count[normalise_name(d.name)] > 1:
            slug += "-" + (set_slug(d.set_name) if d.set_name else "set-unknown")
        grouped[d.set_name].extend(_creature_records(d, slug, headers))
    return grouped


# ------------------------------------------------------------------------------------------- battle maps


def battle_maps() -> list[dict[str, Any]]:
    """The four starter maps of War Drums (ddm.md §18.3, §14; ddm-basic.md §3.23–3.24). No layout yet."""
    src = (
        "the seeds: 003 (Polish Advanced Rules: terrain, scenarios, 'pola bitwy') and 000 (Hungarian quick start "
        "and rules); digested in shared/rules/ddm.md sections 14, 15 and 18.3"
    )
    circle = {"kind": "terrain", "name": "sacred circle",
              "text": "A creature on a square with part of a sacred circle gets +2 on attack rolls; the damage of "
                      "those attacks is magic (ignores DR)."}
    maps: list[dict[str, Any]] = [
        {"slug": "broken-demongate", "name": "Broken Demongate",
         "names": {"hu": "Hasadt Démonkapu", "pl": "Zniszczona Brama Demonów"},
         "text": "Both sides of an infernal battle line and a shattered barrier that no longer keeps old enemies "
                 "apart.",
         "abilities": [circle],
         "notes": [{"text": "The quick start's first battle uses an outlined 'first battlefield' area of this map, "
                            "with 4 start positions, 2 on each of two opposite sides.", "source": SEED_000},
                   {"text": "Wizards' War Drums Preview 2 gives that area as 5 x 12 squares (not in the seeds).",
                    "source": "http://www.wizards.com/default.asp?x=dnd/mi/20051222a&pf=true"}]},
        {"slug": "dragon-shrine", "name": "Dragon Shrine", "names": {"pl": "Kaplica Smoka"},
         "text": "Altars to the chromatic dragons surround this battlefield."},
        {"slug": "field-of-ruin", "name": "Field of Ruin", "epic": True, "names": {"pl": "Pole Ruin"},
         "text": "An epic-scale battle map, playable with Huge creatures: an ancient battlefield preserved by magic, "
                 "with the wreck of a crashed airship and pillars still charged with mystic power.",
         "abilities": [{"kind": "terrain", "name": "wall",
                        "text": "The ship hulls are impassable terrain that counts as wall; they have no grid."}]},
        {"slug": "teleport-temple", "name": "Teleport Temple", "epic": True, "names": {"pl": "Świątynia Teleportu"},
         "text": "An epic-scale battle map, playable with Huge creatures, built around surprising manoeuvres "
                 "through its teleports.",
         "abilities": [circle, {"kind": "terrain", "name": "teleport",
                                "text": "Once per round, as a swift action, a creature that enters or starts its turn "
                                        "on a teleport may continue its turn from any other unoccupied teleport."}],
         "notes": [{"text": "The best starter map for 3-4 players without teams (once misspelled 'Teleporter "
                            "Temple' in 003).", "source": SEED_003}]},
    ]
    maps.append(
        {"slug": "first-battle", "name": "First Battlefield (quick start)",
         "names": {"hu": "Első csatatér"},
         "text": "The quick start's first battle: an outlined area of Broken Demongate with 4 start positions, 2 on "
                 "each of two opposite sides.",
         "notes": [{"text": "Wizards' War Drums Preview 2 gives the area as 5 x 12 squares (not in the seeds).",
                    "source": "http://www.wizards.com/default.asp?x=dnd/mi/20051222a&pf=true"}]}
    )
    out = []
    for m in maps:
        layout = _map_layout(m["slug"])
        rec: dict[str, Any] = {"kind": "battle-map", "source": src, **m}
        rec.update(
            width=layout["width"], height=layout["height"], players=layout["players"],
            layout={k: layout[k] for k in ("format", "approximation", "note", "rows", "areas")},
            layout_is_standin=bool(layout["approximation"]),
        )
        rec["provenance"] = {
            "epic": [{"source": src, "how": "stated", "note": "epic-scale map" if m.get("epic") else
                      "not called epic-scale"}],
            "layout": [{"source": f"simulate/games/data/ddm/maps/{m['slug']}.json", "how": "reconstructed",
                        "note": layout["note"]}],
        }
        out.append(rec)
    return out


MAPS_DIR = Path(__file__).resolve().parents[2] / "simulate" / "games" / "data" / "ddm" / "maps"


def _map_layout(slug: str) -> dict[str, Any]:
    """The engine's map file (our faithful approximation of the printed map; the seeds give no squares)."""
    data: dict[str, Any] = json.loads((MAPS_DIR / f"{slug}.json").read_text(encoding="utf-8"))
    return data


# ------------------------------------------------------------------------------------------- guild


_GUILD_SET_ALIASES = {
    "players handbook heroes 1": "Player's Handbook Heroes - Series 1",
    "players handbook heroes 2": "Player's Handbook Heroes - Series 2",
    "starter 2008": "2008 Starter Set",
}


def _squash(name: str) -> str:
    return normalise_name(name).replace(" ", "")


def guild_set_header(set_info: str, headers: dict[str, dict[str, Any]], position: int) -> dict[str, Any]:
    """A Guild set that is a ddmdb release shares that release's header (same product set)."""
    alias = _GUILD_SET_ALIASES.get(normalise_name(set_info))
    for name, header in headers.items():
        if name == alias or _squash(name) == _squash(set_info):
            return header
    kind = "other" if set_info == "Unknown" else "fan"
    slug = "unknown-set" if set_info == "Unknown" else set_slug(set_info)
    return {"slug": slug, "name": set_info if set_info != "Unknown" else "Unknown set (DDM Guild)", "kind": kind,
            "position": position}


_ACTION = re.compile(r"\b(standard|minor|move|immediate|free|swift)\s+action\b", re.IGNORECASE)


def guild_ability(power: dict[str, Any]) -> dict[str, Any]:
    """A DDM Guild power as a CardAbility row: kind, name (where it has one), attack bonus, uses (limit)."""
    text = power["text"].strip()
    out: dict[str, Any] = {"kind": power["type"].lower()}
    head, sep, _rest = text.partition(":")
    if sep and len(head.split()) <= 5 and "(" not in head and not head.lower().startswith(("use ", "when ")):
        out["name"] = head.strip()
    elif not sep and len(text) <= 60:
        out["name"] = text.rstrip(".")
    if power["type"] == "ATTACK" and (m := re.search(r"([+-]\d+)\s+vs\.?", text)):
        out["param"], out["value"] = m[1], int(m[1])
    elif "name" in out and (m := re.fullmatch(r"(.*?)\s+([+-]?\d+)", out["name"])):
        out["param"], out["value"] = m[2], int(m[2])
    if power.get("limit") is not None:
        out["uses"] = power["limit"]
    if m := _ACTION.search(text):
        out["action_type"] = m[1].lower()
    out["text"] = text
    return out


def build_guild(data: Path, figures: list[Figure], headers: dict[str, dict[str, Any]]
                ) -> dict[str, tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Guild creatures by set slug: (set header, records)."""
    rows = json.loads((data / "ddm-guild-ddmwi" / "creatures.json").read_text(encoding="utf-8"))
    by_name: dict[str, list[Figure]] = defaultdict(list)
    for f in figures:
        by_name[normalise_name(f.name)].append(f)
    set_names = list(dict.fromkeys(c["setInfo"] for c in rows))
    set_for = {s: guild_set_header(s, headers, 100 + i) for i, s in enumerate(set_names)}
    name_count = Counter(normalise_name(c["name"]) for c in rows)
    out: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
    slugs: set[str] = set()
    for c in rows:
        header = set_for[c["setInfo"]]
        slug = slugify_name(c["name"])
        if name_count[normalise_name(c["name"])] > 1 or slug in slugs:
            slug += "-" + header["slug"]
        if slug in slugs:
            raise ValueError(f"ddm-guild-ddmwi: two creatures would share the slug {slug}")
        slugs.add(slug)
        rec: dict[str, Any] = {
            "kind": "creature", "slug": slug, "name": c["name"], "source": GUILD,
            "factions": sorted(f.lower() for f in c["factions"]),
            "alignment": c["alignment"].lower(), "movement_mode": c["movementMode"].lower(),
        }
        for key in ("cost", "level", "speed", "hp", "ac", "fort", "ref", "will"):
            rec[key] = c[key]
        if c.get("championRating") is not None:
            rec["champion_rating"] = c["championRating"]
        rec["keywords"] = list(c["keywords"])
        rec["unique"] = "Unique" in c["keywords"]
        candidates = by_name.get(normalise_name(c["name"]), [])
        in_set = [f for f in candidates if set_slug(f.set) == header["slug"]]
        figure = candidates[0] if len(candidates) == 1 else (in_set[0] if len(in_set) == 1 else None)
        if figure is not None:
            rec["miniature"] = figure.slug
        elif candidates:
            rec["notes"] = [{"text": "Several ddmdb figures have this name and none is in this set: not linked.",
                             "source": DDMDB}]
        rec["abilities"] = [guild_ability(p) for p in c["powers"]]
        out.setdefault(header["slug"], (header, []))[1].append(rec)
    return out


# ------------------------------------------------------------------------------------------- files


def _doc(ruleset: str, header: dict[str, Any], cards: list[dict[str, Any]]) -> dict[str, Any]:
    return fmt.file_document(GAME, ruleset, header, cards)


def build(shared: Path) -> dict[str, dict[str, Any]]:
    """Every ddm file: path under ``catalogue/data`` → file document (``shared``: the ``../shared`` folder)."""
    data = shared / "data"
    figures = load_figures(data)
    headers = set_headers(figures)
    creatures = build_seed_creatures(data, figures, headers)
    unknown_sets = [s for s in creatures if s is not None and s not in headers]
    if unknown_sets:
        raise ValueError(f"seed creatures in sets ddmdb does not have: {unknown_sets}")
    files: dict[str, dict[str, Any]] = {}
    by_set: dict[str, list[Figure]] = defaultdict(list)
    for f in figures:
        by_set[f.set].append(f)
    for name, header in headers.items():
        cards = [miniature_record(f) for f in sorted(by_set[name], key=lambda f: f.number)]
        cards += creatures.get(name, [])
        if name == "War Drums":
            cards += battle_maps()
        files[f"ddm/seed/{header['slug']}.json"] = _doc("seed", header, cards)
    if creatures.get(None):
        header = {"slug": "set-unknown", "name": "Set unknown (named in the rulebooks)", "kind": "rulebook",
                  "position": 999}
        files["ddm/seed/set-unknown.json"] = _doc("seed", header, creatures[None])
    for slug, (header, cards) in build_guild(data, figures, headers).items():
        files[f"ddm/ddm-guild/{slug}.json"] = _doc("ddm-guild", header, cards)
    return files
