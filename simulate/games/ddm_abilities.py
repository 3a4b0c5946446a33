"""Reading a card's special abilities, Commander Effects and spells into typed rules data.

:func:`traits_for` turns a :class:`~simulate.games.ddm_cards.CreatureCard` into :class:`Traits`, the
typed facts the rules consult (``traits.cleave``, ``traits.dr``...). Anything the reader does not know
goes to ``Traits.unmodelled`` so a matchup can say which abilities were not played.
``data/ddm/abilities.json`` is the machine-readable list of the glossary's abilities (``ddm.md`` §17) and
of the catalogue's other ability names, each with its status (``modelled`` / ``not-yet``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from simulate.games.ddm_cards import ENERGY, AbilitySpec, CreatureCard, SpellSpec, norm

DATA = Path(__file__).resolve().parent / "data" / "ddm"

# Creature types and their built-in abilities (``ddm.md`` §2.5).
_TYPE_IMMUNITIES: dict[str, tuple[str, ...]] = {
    "construct": ("confusion", "critical hits", "dominate", "incite", "paralysis", "poison", "sleep",
                  "sneak attack", "stun"),
    "living construct": ("level drain", "paralysis", "poison", "sleep"),
    "dragon": ("paralysis", "sleep"),
    "elemental": ("critical hits", "flanking", "paralysis", "poison", "sleep", "sneak attack", "stun"),
    "elf": ("sleep",),
    "ooze": ("confusion", "critical hits", "dominate", "flanking", "gaze attacks", "incite", "paralysis", "poison",
             "sleep", "sneak attack", "stun"),
    "plant": ("confusion", "critical hits", "dominate", "incite", "paralysis", "poison", "sleep", "sneak attack",
              "stun"),
    "undead": ("confusion", "critical hits", "dominate", "incite", "paralysis", "poison", "sleep", "sneak attack",
               "stun"),
    "vermin": ("confusion", "dominate", "incite", "sleep"),
}


@dataclass(frozen=True)
class Smite:
    amount: int
    uses: int | None  # None: every attack
    against: str  # "" all enemies; "evil", "chaotic", a type or subtype name


@dataclass(frozen=True)
class AreaAttack:
    """A Breath Weapon, Gaze Attack or other "replaces attacks" effect in spell notation."""

    name: str
    range: str
    radius: int | None
    damage: int
    damage_type: str
    condition: str
    dc: int | None
    uses: int | None
    gaze: bool = False


@dataclass(frozen=True)
class Poison:
    """A poison an attack carries (glossary *Poison*): a creature it hits saves against ``dc`` or is poisoned.
    The effect is ``each`` damage at the start of each of the victim's turns, or ``damage`` at once (a save
    halves it), or a condition (``paralysis``, ``sleep``, ``destroy``)."""

    dc: int
    each: int = 0
    damage: int = 0
    condition: str = ""

    @property
    def key(self) -> str:
        """Identical poison effects do not stack."""
        return f"{self.each}:{self.damage}:{self.condition}"


@dataclass
class Traits:
    """Everything the rules need to know about one card's abilities, type and effects."""

    types: frozenset[str] = frozenset()  # lower-case type and subtype words
    living: bool = True
    immune: set[str] = field(default_factory=set)
    fearless: bool = False
    blindsight: bool = False
    blind_fight: bool = False
    dr: int = 0
    resist: dict[str, int] = field(default_factory=dict)
    double_from: set[str] = field(default_factory=set)
    conceal: int = 0
    spell_resistance: int | None = None
    spell_resistance_all: bool = False
    spell_immunity: set[str] = field(default_factory=set)
    save_bonus: int = 0
    save_fixed: int | None = None
    flight: bool = False
    burrow: int = 0
    incorporeal: bool = False
    hide: bool = False
    no_reach: bool = False
    melee_reach: int = 1
    mobility: bool = False
    deflect_arrows: bool = False
    phalanx: bool = False
    precise_shot: bool = False
    cleave: bool = False
    pounce: bool = False
    powerful_charge: int = 0
    set_against_charge: int = 0
    stagger: bool = False
    hurling_charge: bool = False
    sidestep: bool = False
    spring_attack: bool = False
    mounted_melee: bool = False
    whirlwind: bool = False
    slow_attack: str = ""  # "", "all", "melee", "ranged"
    slow_effect_dc: int | None = None
    smites: list[Smite] = field(default_factory=list)
    sneak_melee: int = 0
    sneak_ranged: int = 0
    backstab: int = 0
    death_attack_dc: int | None = None
    stunning_attack: tuple[int, int | None] | None = None  # (DC, uses)
    death_burst: tuple[int | None, int, str, int | None] | None = None  # (radius, damage, type, DC)
    death_strike: bool = False
    feed: int = 0
    life_drain: tuple[int, int | None] | None = None
    constitution_drain: tuple[int, int | None] | None = None
    level_drain: bool = False
    rend: int = 0
    leap: tuple[int, int] | None = None
    stench: bool = False
    turn_undead: int | None = None
    independent: bool = False
    wild: bool = False
    difficult: int | None = None
    beastmaster: int | None = None
    beastmaster_types: tuple[str, ...] = ("animal", "magical beast")
    natural_soul: bool = False
    battlefield_promotion: bool = False
    not_subject_to_ce: bool = False
    countersong: bool = False
    improved_countersong: bool = False
    command_dependent: bool = False
    cowardly: bool = False
    dual_activation: bool = False
    scout: bool = False
    wandering_monster: bool = False
    cave_setup: bool = False
    almighty: bool = False
    antimagic_eye: bool = False
    arrow_catching_shield: bool = False
    pushback: bool = False
    hunter: int = 0
    foes: list[tuple[str, int]] = field(default_factory=list)  # (subtype, +damage): "Orc Foe"
    overwhelming_size: bool = False
    keen: int = 20  # lowest natural roll that is a critical hit
    executioners_blade: bool = False
    earthbound: bool = False
    aggression: int = 0
    spiker_barbs: int = 0
    wrath: int = 0
    beneath_contempt: bool = False
    improved_initiative: int | None = None
    resounding_blow: bool = False
    requires_commander: bool = False
    phantom_threat: bool = False
    willing_to_follow: bool = False  # a commander that benefits from other commanders' Commander Effects
    ghost_step: bool = False
    poison: Poison | None = None
    tyrannical_morale: int = 0  # the Commander Effect, when a card lists it among its abilities
    area_attacks: list[AreaAttack] = field(default_factory=list)
    unmodelled: list[str] = field(default_factory=list)


def _int(text: str, default: int = 0) -> int:
    m = re.search(r"[-+]?\d+", text or "")
    return int(m.group()) if m else default


def _dc(text: str) -> int | None:
    m = re.search(r"dc\s*(\d+)", (text or "").lower())
    return int(m.group(1)) if m else None


def traits_for(card: CreatureCard) -> Traits:
    """Read a card into :class:`Traits` (cached per card)."""
    return _traits_cached(card)


@cache
def _traits_cached(card: CreatureCard) -> Traits:
    t = Traits()
    words = {norm(card.creature_type)} | {norm(s) for s in card.subtypes}
    for w in list(words):
        words.update(w.split())
    t.types = frozenset(words)
    for type_name, immunities in _TYPE_IMMUNITIES.items():
        if type_name in words and not (type_name == "construct" and "living construct" in words):
            t.immune.update(immunities)
    if "living construct" in words:
        t.immune = set(_TYPE_IMMUNITIES["living construct"]) | (t.immune - set(_TYPE_IMMUNITIES["construct"]))
    if ("construct" in words and "living construct" not in words) or "undead" in words:
        t.living = False
    if ("construct" in words and "living construct" not in words) or "ooze" in words or "undead" in words:
        t.fearless = True
    if "ooze" in words:
        t.blindsight = True
    t.flight = card.flight
    t.burrow = card.burrow or 0
    t.independent = card.independent
    t.wild = card.wild
    t.difficult = card.difficult
    for ability in card.specials:
        if not _read_ability(t, ability):
            t.unmodelled.append(ability.name + (f" {ability.param}" if ability.param else ""))
    return t


_SIMPLE_FLAGS: dict[str, str] = {
    "fearless": "fearless", "blindsight": "blindsight", "blind fight": "blind_fight", "blindfight": "blind_fight",
    "flight": "flight", "incorporeal": "incorporeal", "hide": "hide", "no reach": "no_reach",
    "tiny reach": "no_reach", "mobility": "mobility", "deflect arrows": "deflect_arrows",
    "phalanx fighting": "phalanx", "precise shot": "precise_shot", "cleave": "cleave", "pounce": "pounce",
    "stagger": "stagger", "hurling charge": "hurling_charge", "sidestep": "sidestep", "spring attack": "spring_attack",
    "mounted melee attack": "mounted_melee", "whirlwind attack": "whirlwind", "death strike": "death_strike",
    "level drain": "level_drain", "stench": "stench", "independent": "independent", "wild": "wild",
    "natural soul": "natural_soul", "battlefield promotion": "battlefield_promotion",
    "not subject to commander effects": "not_subject_to_ce", "countersong": "countersong",
    "improved countersong": "improved_countersong", "command dependent": "command_dependent",
    "cowardly": "cowardly", "dual activation": "dual_activation", "scout": "scout",
    "wandering monster": "wandering_monster", "cave setup": "cave_setup", "almighty": "almighty",
    "antimagic eye": "antimagic_eye", "antimagic ray": "antimagic_eye",
    "arrow catching shield": "arrow_catching_shield",
    "pushback": "pushback", "overwhelming size": "overwhelming_size", "executioner s blade": "executioners_blade",
    "executioners blade": "executioners_blade", "earthbound": "earthbound",
    "beneath contempt": "beneath_contempt", "resounding blow": "resounding_blow", "phantom threat": "phantom_threat",
    "ghost step": "ghost_step", "spell resistance all": "spell_resistance_all",
    "willing to follow": "willing_to_follow",
}

# Names with no battle effect to play (construction rules, or reminders the engine applies elsewhere).
_NO_BATTLE_EFFECT = {"unique", "minions", "requires", "warband building", "domineering", "limited"}


def _read_ability(t: Traits, a: AbilitySpec) -> bool:
    key = a.key
    text = f"{a.param} {a.text}".strip()
    num = a.number()
    m = re.match(r"^(.*?)\s*([+-]?\d+)$", key)
    base = m.group(1) if m and m.group(1) else key
    if m and m.group(1) and a.value is None and not a.param:
        num = int(m.group(2))
    if key in _SIMPLE_FLAGS or base in _SIMPLE_FLAGS:
        setattr(t, _SIMPLE_FLAGS.get(key) or _SIMPLE_FLAGS[base], True)
        return True
    if base in _NO_BATTLE_EFFECT or key.startswith("unique"):
        return True
    if base in ("save", "save bonus"):
        if "=" in (a.name + a.param):
            t.save_fixed = num
        else:
            t.save_bonus += num
        return True
    if base in ("dr", "damage reduction"):
        t.dr = max(t.dr, num)
        return num > 0
    if base.startswith("resist"):
        energy = _energy_in(key + " " + text)
        if not energy or not num:
            return False
        for e in energy:
            t.resist[e] = max(t.resist.get(e, 0), num)
        return True
    if base.startswith("immune"):
        items = _immune_items(key[len("immune"):] + " " + text)
        if not items:
            return False
        t.immune.update(items)
        return True
    if base.startswith("double damage from") or base.startswith("vulnerable"):
        energy = _energy_in(key + " " + text)
        t.double_from.update(energy)
        return bool(energy)
    if base == "conceal":
        t.conceal = max(t.conceal, num)
        return num > 0
    if base == "spell resistance":
        if "all" in norm(text):
            t.spell_resistance_all = True
        else:
            t.spell_resistance = num or 11
        return True
    if base == "spell immunity":
        t.spell_immunity.update(norm(s) for s in re.split(r"[,;]", text.strip("() ")) if s.strip())
        return bool(t.spell_immunity)
    if base == "burrow":
        t.burrow = num
        return num > 0
    if base == "melee reach":
        t.melee_reach = max(t.melee_reach, num)
        return num > 1
    if base == "powerful charge":
        t.powerful_charge = max(t.powerful_charge, num)
        return True
    if base == "set against charge":
        t.set_against_charge = max(t.set_against_charge, num)
        return True
    if base.startswith("smite"):
        target = base[len("smite"):].strip()
        t.smites.append(Smite(amount=num or 5, uses=a.uses, against=target))
        return True
    if base in ("sneak attack", "melee sneak attack", "any sneak attack"):
        t.sneak_melee = max(t.sneak_melee, num)
        if base == "any sneak attack":
            t.sneak_ranged = max(t.sneak_ranged, num)
        return num > 0
    if base == "ranged sneak attack":
        t.sneak_ranged = max(t.sneak_ranged, num)
        return num > 0
    if base == "backstab":
        t.backstab = max(t.backstab, num)
        return True
    if base == "death attack":
        t.death_attack_dc = _dc(text) or num or None
        return t.death_attack_dc is not None
    if base in ("stunning attack", "knockdown"):
        dc = _dc(text) or (num if num > 1 else None) or (20 if base == "knockdown" else None)
        uses = a.uses
        if isinstance(a.text, str) and (m2 := re.search(r"charges?:?\s*(\d+)", a.text.lower())):
            uses = int(m2.group(1))
        if dc is None:
            return False
        t.stunning_attack = (dc, uses)
        return True
    if base.startswith("death burst"):
        radius_m = re.search(r"radius\s*(\d+)", text.lower())
        dmg_m = re.search(r"(\d+)\s*([a-z]*)\s*damage", text.lower()) or re.search(
            r"(acid|cold|electricity|fire|sonic|negative|magic)\s*(\d+)", text.lower()
        )
        energy = _energy_in(key + " " + text)
        if dmg_m is None:
            return False
        groups = dmg_m.groups()
        amount = int(groups[0]) if groups[0].isdigit() else int(groups[1])
        dtype = energy[0] if energy else "magic"
        t.death_burst = (int(radius_m.group(1)) if radius_m else None, amount, dtype, _dc(text))
        return True
    if base == "feed":
        t.feed = max(t.feed, num)
        return num > 0
    if base == "life drain":
        if not num:
            return False
        mx = re.search(r"max(?:imum)?\s*(\d+)", text.lower())
        t.life_drain = (num, int(mx.group(1)) if mx else None)
        return True
    if base == "constitution drain":
        if not num:
            return False
        t.constitution_drain = (num, _dc(text))
        return True
    if base == "rend":
        t.rend = max(t.rend, num)
        return num > 0
    if base == "leap":
        nums = [int(x) for x in re.findall(r"\d+", text)]
        if len(nums) < 2:
            return False
        t.leap = (nums[0], nums[1])
        return True
    if base == "turn undead":
        t.turn_undead = num
        return True
    if base == "difficult":
        t.difficult = num or t.difficult or 99
        return True
    if base in ("beastmaster", "demonmaster"):
        t.beastmaster = num or 99
        if base == "demonmaster":
            t.beastmaster_types = ("outsider",)
        return True
    if base == "slow attack":
        t.slow_attack = "all"
        return True
    if base in ("slow melee attack", "slow ranged attack"):
        t.slow_attack = base.split()[1]
        return True
    if base == "slow effect":
        t.slow_effect_dc = _dc(text) or num or None
        return t.slow_effect_dc is not None
    if base == "hunter":
        t.hunter = num or 5
        return True
    if base.endswith(" foe") and base != "foe":
        t.foes.append((base[: -len(" foe")], num or 5))
        return True
    if base == "keen critical":
        t.keen = min(t.keen, num if 2 <= num <= 20 else 19)
        return True
    if base == "aggression":
        t.aggression = num or 10
        return True
    if base == "spiker barbs":
        t.spiker_barbs = num or 5
        return True
    if base == "wrath":
        t.wrath = num or 5
        return True
    if base == "improved initiative":
        t.improved_initiative = num or 8
        return True
    if base in ("requires commander ally", "requires commander"):
        t.requires_commander = True
        return True
    if base.startswith("poison") and base != "poison spores":  # an attack's rider; spores are not an attack
        poison = _poison(text)
        if poison is None:
            return False
        t.poison = poison
        return True
    if base == "tyrannical morale":
        t.tyrannical_morale = num
        return num > 0
    if base in ("breath weapon", "gaze attack"):
        spec = _area_attack(a, gaze=base == "gaze attack")
        if spec is None:
            return False
        t.area_attacks.append(spec)
        return True
    return False


def _poison(text: str) -> Poison | None:
    """``(5 damage each activation; DC 14)``, ``(20 damage; DC 15)``, ``(Paralysis; DC 16)``: a poison's effect
    and DC. None when either is missing (nothing is guessed)."""
    low = (text or "").lower()
    dc = _dc(low)
    if dc is None:
        return None
    if m := re.search(r"(\d+)\s*(?:[a-z]+\s+)?damage\s+(?:each|every|at the start)", low):
        return Poison(dc, each=int(m.group(1)))
    if m := re.search(r"(\d+)\s*(?:[a-z]+\s+)?damage", low):
        return Poison(dc, damage=int(m.group(1)))
    for word, condition in (("paraly", "paralysis"), ("sleep", "sleep"), ("destroy", "destroy"), ("death", "destroy")):
        if word in low:
            return Poison(dc, condition=condition)
    return None


def _energy_in(text: str) -> list[str]:
    low = text.lower()
    return [e for e in ENERGY if e in low]


def _immune_items(text: str) -> set[str]:
    low = norm(text)
    items: set[str] = set()
    for e in ENERGY:
        if e in low:
            items.add(e)
    for cond in ("confusion", "critical hits", "dominate", "incite", "paralysis", "poison", "sleep", "sneak attack",
                 "stun", "flanking", "gaze attacks", "level drain", "fear", "entangle", "negative", "magic"):
        if cond in low:
            items.add(cond)
    return items


def _area_attack(a: AbilitySpec, gaze: bool) -> AreaAttack | None:
    text = (a.param or a.text or "").strip("() ")
    parts = [p.strip().lower() for p in re.split(r"[;]", text) if p.strip()]
    if not parts:
        return None
    parts = [p.replace("replaces attacks:", "").strip() for p in parts]
    rng = parts[0]
    radius = damage = dc = None
    dtype = ""
    condition = ""
    for p in parts[1:]:
        if m := re.fullmatch(r"radius (\d+)", p):
            radius = int(m.group(1))
        elif m := re.fullmatch(r"dc (\d+)(?: negates)?", p):
            dc = int(m.group(1))
        elif m := re.fullmatch(r"(\d+) ([a-z]+ )?damage", p):
            damage = int(m.group(1))
            dtype = (m.group(2) or "").strip()
        elif p in ("stun", "paralysis", "sleep", "confusion", "destroy", "destroyed", "poison"):
            condition = "destroy" if p.startswith("destroy") else p
    if not damage and not condition:
        return None
    return AreaAttack(
        name=a.name, range=rng, radius=radius, damage=damage or 0, damage_type=dtype or "magic",
        condition=condition, dc=dc, uses=a.uses, gaze=gaze,
    )


# --- Commander Effects ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class CommanderEffect:
    """One Commander Effect as rules data (``ddm.md`` §11.3)."""

    stat: str  # attack, melee_attack, ranged_attack, ac, save, morale, damage, melee_damage, ranged_damage,
    #            speed, initiative, rally_act, tyrannical_morale
    amount: int
    followers: str = ""  # "" every follower; "subtype:elf"; "type:humanoid"; "size:small"; "has:ranged"; ...
    against: str = ""  # "" always; "larger"; "type:undead"; "alignment:evil"; "out-of-command"
    hostile: bool = False
    text: str = ""


_STATS = [
    ("melee attack", "melee_attack"), ("ranged attack", "ranged_attack"), ("morale saves", "morale"),
    ("morale save", "morale"), ("melee damage", "melee_damage"), ("ranged damage", "ranged_damage"),
    ("attack", "attack"), ("ac", "ac"), ("saves", "save"), ("save", "save"), ("damage", "damage"),
    ("speed", "speed"), ("initiative", "initiative"),
]
_STAT_WORDS = "|".join(re.escape(w) for w, _ in _STATS)


def parse_commander_effect(text: str) -> tuple[list[CommanderEffect], list[str]]:
    """Read a Commander Effect's text into effects; return (effects, the sentences not understood)."""
    effects, leftovers = _parse_commander_effect_cached(text)
    return list(effects), list(leftovers)


@cache
def _parse_commander_effect_cached(text: str) -> tuple[tuple[CommanderEffect, ...], tuple[str, ...]]:
    effects: list[CommanderEffect] = []
    leftovers: list[str] = []
    for sentence in re.split(r"(?<=\.)\s+", (text or "").strip()):
        s = sentence.strip().rstrip(".")
        if not s:
            continue
        low = s.lower()
        if low.startswith("warband building"):
            continue  # construction only (``ddm.md`` §4.2)
        if "rall" in low and "turn normally" in low:
            effects.append(CommanderEffect("rally_act", 1, text=s))
            continue
        if m := re.fullmatch(r"tyrannical morale\s*\+?(\d+)", low):
            effects.append(CommanderEffect("tyrannical_morale", int(m.group(1)), text=s))
            continue
        parsed = _parse_ce_sentence(low)
        if parsed is None:
            leftovers.append(s)
            continue
        found, rest = parsed
        effects.extend(CommanderEffect(stat, amount, fol, ag, host, s) for stat, amount, fol, ag, host in found)
        if rest:
            leftovers.append(rest)
    return tuple(effects), tuple(leftovers)


def _parse_ce_sentence(low: str) -> tuple[list[tuple[str, int, str, str, bool]], str] | None:
    hostile = low.startswith("enem")
    followers = ""
    against = ""
    m = re.match(r"^(.*?)\bfollowers?\b(.*)$", low)
    subject, rest = (m.group(1).strip(), m.group(2)) if m else ("", low)
    if hostile:
        rest = re.sub(r"^enem(y|ies)( creatures)?", "", low)
    if subject:
        parsed = _follower_filter(subject)
        if parsed is None:
            return None
        followers = parsed
    wm = re.match(r"^\s*with (ranged attacks|melee reach|flight|fearless)\b(.*)$", rest)
    if wm:
        followers = {"ranged attacks": "has:ranged", "melee reach": "has:reach", "flight": "has:flight",
                     "fearless": "has:fearless"}[wm.group(1)]
        rest = wm.group(2)
    am = re.search(r"\bagainst (larger creatures|[a-z ]+? creatures|[a-z]+)\b", rest)
    if am:
        phrase = am.group(1)
        if phrase == "larger creatures":
            against = "larger"
        else:
            word = phrase.replace(" creatures", "").strip()
            against = f"alignment:{word}" if word in ("good", "evil", "lawful", "chaotic") else f"type:{word}"
        rest = rest[: am.start()] + rest[am.end():]
    found: list[tuple[str, int, str, str, bool]] = []
    leftover_parts: list[str] = []
    for clause in re.split(r",| and ", rest):
        c = clause.strip()
        c = re.sub(r"^(gain|gains|get|gets|take|takes)\s+", "", c).strip()
        if not c:
            continue
        sm = re.fullmatch(rf"({_STAT_WORDS})\s*([+-]\d+)", c) or re.fullmatch(rf"([+-]\d+)\s*({_STAT_WORDS})", c)
        if sm is None:
            leftover_parts.append(c)
            continue
        a, b = sm.group(1), sm.group(2)
        word, amount = (a, int(b)) if not a.lstrip("+-").isdigit() else (b, int(a))
        stat = dict(_STATS)[word]
        found.append((stat, amount, followers, against, hostile))
    if not found:
        return None
    return found, ", ".join(leftover_parts)


def _follower_filter(subject: str) -> str | None:
    words = subject.split()
    if not words:
        return ""
    if subject in ("small", "tiny", "medium", "large"):
        return f"size:{subject}"
    if subject in ("good", "evil", "lawful", "chaotic"):
        return f"alignment:{subject}"
    if len(words) <= 2:
        return f"type:{subject}"
    return None


# --- spells --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class SpellEffect:
    """What a spell does, read from its entry (``ddm.md`` §12)."""

    name: str
    range: str  # self, touch, range 6, sight, cone, line 12, your warband, any warband
    radius: int | None = None
    damage: int = 0
    damage_type: str = "magic"
    heal: int = 0
    hp_bonus: int = 0
    buffs: tuple[tuple[str, int], ...] = ()
    condition: str = ""  # stun, paralysis, sleep, confusion, entangle, destroy, poison
    dc: int | None = None
    negates: bool = False
    restriction: str = ""  # a type word, "living", "nonliving"
    teleport: bool = False
    any_target: bool = False
    spell_level: int = 1
    unknown: tuple[str, ...] = ()

    @property
    def harmful(self) -> bool:
        return bool(self.damage or self.condition)

    @property
    def modelled(self) -> bool:
        return not self.unknown and bool(self.harmful or self.heal or self.hp_bonus or self.buffs or self.teleport)


_BUFF_STATS = {
    "attack": "attack", "melee attack": "melee_attack", "ranged attack": "ranged_attack", "ac": "ac",
    "save": "save", "saves": "save", "melee damage": "melee_damage", "ranged damage": "ranged_damage",
    "damage": "damage", "speed": "speed",
}


def spell_effect(spell: SpellSpec) -> SpellEffect:
    return _spell_effect_cached(spell)


@cache
def _spell_effect_cached(spell: SpellSpec) -> SpellEffect:
    body = spell.text
    if "(" in body and body.rstrip().endswith(")"):
        body = body[body.rfind("(") + 1 : -1]
    parts = [p.strip() for p in body.split(";") if p.strip()]
    rng = (spell.range or (parts[0] if parts else "")).lower().strip()
    clauses = parts[1:] if parts and parts[0].lower().strip() == rng else parts
    radius = spell.radius
    damage = spell.damage or 0
    dtype = spell.damage_type or ""
    dc = spell.dc
    heal = hp_bonus = 0
    buffs: list[tuple[str, int]] = []
    condition = restriction = ""
    negates = teleport = any_target = False
    unknown: list[str] = []
    if rng.endswith(" any") or rng.startswith("any "):
        any_target = True
        rng = rng.replace("any", "").strip() or "sight"
    for raw in clauses:
        for clause in re.split(r",\s*", raw):
            c = clause.strip().lower()
            if not c:
                continue
            if m := re.fullmatch(r"radius (\d+)", c):
                radius = int(m.group(1))
            elif m := re.fullmatch(r"dc (\d+)( negates)?", c):
                dc = int(m.group(1))
                negates = bool(m.group(2))
            elif m := re.fullmatch(r"(\d+) ([a-z]+ )?damage", c):
                damage = int(m.group(1))
                dtype = dtype or (m.group(2) or "").strip()
            elif m := re.fullmatch(r"heal (\d+)(?: hp)?", c):
                heal = int(m.group(1))
            elif m := re.fullmatch(r"(?:an?|the|target|one)?\s*(living )?(?:creature )?(?:gets |gains )?\+(\d+) hp", c):
                hp_bonus = int(m.group(2))
                restriction = restriction or ("living" if m.group(1) else "")
            elif m := re.fullmatch(r"(?:gets |gains )?([a-z ]+?) ([+-]\d+)", c):
                if m.group(1) in _BUFF_STATS:
                    buffs.append((_BUFF_STATS[m.group(1)], int(m.group(2))))
                else:
                    unknown.append(c)
            elif m := re.fullmatch(r"(?:gets |gains )?([+-]\d+) ([a-z ]+)", c):
                if m.group(2) in _BUFF_STATS:
                    buffs.append((_BUFF_STATS[m.group(2)], int(m.group(1))))
                elif m.group(2) == "hp":
                    hp_bonus = int(m.group(1))
                else:
                    unknown.append(c)
            elif c in ("ignore dr", "ignores dr"):
                buffs.append(("ignore_dr", 1))
            elif c in ("stun", "stunned", "paralysis", "paralyzed", "paralysed", "sleep", "confusion", "entangle",
                       "destroy", "destroyed", "poison", "poisoned"):
                condition = {"stunned": "stun", "paralyzed": "paralysis", "paralysed": "paralysis",
                             "destroyed": "destroy", "poisoned": "poison"}.get(c, c)
            elif m := re.fullmatch(r"(?:only )?([a-z ]+?)s? only", c):
                restriction = norm(m.group(1))
            elif c.startswith("place this creature in any space"):
                teleport = True
            elif c == "any":
                any_target = True
            else:
                unknown.append(c)
    return SpellEffect(
        name=spell.name, range=rng, radius=radius, damage=damage, damage_type=dtype or "magic", heal=heal,
        hp_bonus=hp_bonus, buffs=tuple(buffs), condition=condition, dc=dc, negates=negates,
        restriction=restriction, teleport=teleport, any_target=any_target,
        spell_level=spell.spell_level or 1, unknown=tuple(unknown),
    )


# --- the machine-readable list ---------------------------------------------------------------------------

@cache
def ability_list() -> list[dict[str, Any]]:
    """``data/ddm/abilities.json``: every glossary ability (and the catalogue's other names) with a status."""
    with open(DATA / "abilities.json", encoding="utf-8") as fh:
        data = json.load(fh)
    return list(data["abilities"])


def card_unmodelled(card: CreatureCard) -> list[str]:
    """Names of this card's abilities, Commander Effects and spells that the engine does not play."""
    out = list(traits_for(card).unmodelled)
    for ce in card.commander_effects:
        _, leftovers = parse_commander_effect(ce.text or ce.name)
        out.extend(f"Commander Effect: {s}" for s in leftovers)
    for spell in card.spells:
        effect = spell_effect(spell)
        if not effect.modelled:
            out.append(f"spell: {spell.name}")
    return out
