"""A creature's printed attack and spell lines as the engine reads them: parsed by the catalogue's own parser
(``catalogue.convert.ddm``, the one that builds the bundled data), then read as the engine reads a catalogue
row (``AttackSpec.from_json``, ``SpellSpec.from_json``, the fields ``simulate.adapters.creature_json`` passes)."""

from __future__ import annotations

from catalogue.convert.ddm import parse_attacks, parse_spell, parse_spell_list
from simulate.games.ddm_cards import AttackSpec, SpellSpec


def attack_line(text: str, kind: str) -> tuple[AttackSpec, ...]:
    """``+10/+9 (10/5)`` → two attacks of ``kind``; a trailing ``range 6`` limits their range."""
    return tuple(AttackSpec.from_json({**attack, "kind": kind, "text": text}) for attack in parse_attacks(text))


def spell_entry(text: str, level: int | None = None) -> SpellSpec:
    """``flame strike □ (sight; radius 2; 30 fire damage; DC 16)`` → one spell."""
    return SpellSpec.from_json(parse_spell(text, level))


def spell_list(text: str) -> tuple[SpellSpec, ...]:
    """A whole Spells line: ``1st—command ❑❑ (range 6; Stun; DC 13), shield of faith ❑ (touch; +2 AC); 2nd—…``."""
    return tuple(SpellSpec.from_json(spell) for spell in parse_spell_list(text))
