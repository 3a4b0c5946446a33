"""How much of the DDM Guild cards the engine plays: the two figures of issue 23.

- the share of power instances played whole (every clause read and played), aim ≥ 85%;
- the share of creatures whose every power is played, aim ≥ 50% (this decides whether a preview is honest).

Reads the bundled catalogue files (``catalogue/data/ddm/ddm-guild/*.json``: 1,912 creatures, 9,597 powers), no
database. ``--top N`` also lists the N most frequent unread clauses (numbers shown as N), the work list for
widening the vocabulary; ``--single N`` lists the N unread clauses that alone keep the most creatures from being
played whole (creatures blocked by exactly one power, grouped by that power's unread words: the quickest way to raise
the creature share); ``--templates N`` groups the unread clauses by template (numbers, damage types, conditions,
defences, alignments, creature keywords and the card's own power names replaced by placeholders), for all powers and
for the creatures one power short, the order in which to widen the vocabulary; ``--json`` prints the figures as
JSON. ``make bench`` runs it.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from simulate.games.ddm_guild_cards import card_from_catalogue, unplayed_powers  # noqa: E402
from simulate.games.ddm_guild_vocab import CONDITIONS, DAMAGE_TYPES  # noqa: E402

DATA = ROOT / "catalogue" / "data" / "ddm" / "ddm-guild"


def guild_cards() -> list[dict]:
    cards: list[dict] = []
    for path in sorted(DATA.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        cards.extend(c for c in doc["cards"] if c.get("kind") == "creature")
    return cards


def _clause(why: str) -> str:
    return re.sub(r"\d+", "N", why)[:90]


_WORD_CLASSES = (
    ("TYPE", DAMAGE_TYPES),
    ("COND", tuple(c for c in CONDITIONS if c.isalpha())),
    ("DEF", ("ac", "fort", "ref", "will")),
    ("ALIGN", ("good", "evil", "non-good", "non-evil", "unaligned")),
)


def _alternation(words: Iterable[str]) -> str:
    return "|".join(sorted((re.escape(str(w)) for w in words if w), key=len, reverse=True))


def template_of(why: str, kinds: re.Pattern[str], names: list[str]) -> str:
    """An unread clause with its particulars as placeholders: 'N TYPE damage to each KIND ally' groups clauses
    one vocabulary entry would read."""
    t = why.lower()
    if names:
        t = re.sub(r"\b(?:" + _alternation(names) + r")\b", "POWER", t)
    for label, words in _WORD_CLASSES:
        t = re.sub(r"\b(?:" + _alternation(words) + r")\b", label, t)
    t = kinds.sub("KIND", t)
    return re.sub(r"\d+", "N", t)[:100]


def _kinds_pattern(cards: list[dict]) -> re.Pattern[str]:
    words = {k.lower() for c in cards for k in c.get("keywords") or ()} - {"a", "an", "it"}
    return re.compile(r"\b(?:" + _alternation(words) + r")s?\b")


def measure(top: int = 0, single: int = 0, templates: int = 0) -> dict:
    instances = played = creatures = whole = 0
    unread: Counter[str] = Counter()
    alone: Counter[str] = Counter()
    shapes: Counter[str] = Counter()
    shapes_alone: Counter[str] = Counter()
    by_type: Counter[str] = Counter()
    by_type_played: Counter[str] = Counter()
    cards = guild_cards()
    kinds = _kinds_pattern(cards)
    for raw in cards:
        card = card_from_catalogue(raw)
        missing = unplayed_powers(card)
        creatures += 1
        whole += not missing
        why = {p.index: p.unplayed for p in missing}  # the reader's words or the engine's reason
        if len(missing) == 1:
            alone[_clause(missing[0].unplayed)] += 1
        if templates:
            names = [p.name.lower() for p in card.powers if 2 < len(p.name) < 40 and p.name[:1].isalpha()]
            for p in missing:
                shape = template_of(p.unplayed, kinds, names)
                shapes[shape] += 1
                if len(missing) == 1:
                    shapes_alone[shape] += 1
        for power in card.powers:
            instances += 1
            by_type[power.ptype] += 1
            if power.index in why:
                unread[_clause(why[power.index])] += 1
            else:
                played += 1
                by_type_played[power.ptype] += 1
    out = {
        "instances": instances, "played": played, "instance_share": round(played / instances, 4),
        "creatures": creatures, "creatures_whole": whole, "creature_share": round(whole / creatures, 4),
        "by_type": {t: f"{by_type_played[t]}/{n}" for t, n in sorted(by_type.items())},
    }
    out["creatures_one_short"] = sum(alone.values())
    if top:
        out["unread"] = unread.most_common(top)
    if single:
        out["alone"] = alone.most_common(single)
    if templates:
        out["templates"] = shapes.most_common(templates)
        out["templates_alone"] = shapes_alone.most_common(templates)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--top", type=int, default=0, help="list the N most frequent unread clauses")
    parser.add_argument("--single", type=int, default=0,
                        help="list the N unread clauses that alone keep the most creatures from being played whole")
    parser.add_argument("--templates", type=int, default=0,
                        help="list the N most frequent templates of unread clauses (all powers; one power short)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure(args.top, args.single, args.templates)
    if args.json:
        print(json.dumps(figures, indent=1))
        return
    print(f"DDM Guild powers played whole: {figures['played']} of {figures['instances']} instances "
          f"({figures['instance_share']:.1%}; aim 85%)")
    print(f"DDM Guild creatures whose every power is played: {figures['creatures_whole']} of {figures['creatures']} "
          f"({figures['creature_share']:.1%}; aim 50%)")
    print("  by power type (played/all): " + ", ".join(f"{t} {v}" for t, v in figures["by_type"].items()))
    print(f"  creatures short of one power only: {figures['creatures_one_short']}")
    if figures.get("unread"):
        print("  most frequent unread clauses (power instances):")
    for text, n in figures.get("unread", []):
        print(f"  {n:5d}  {text}")
    if figures.get("alone"):
        print("  clauses that alone keep a creature from being played whole (creatures):")
    for text, n in figures.get("alone", []):
        print(f"  {n:5d}  {text}")
    for key, title in (("templates", "power instances"), ("templates_alone", "creatures one power short")):
        if figures.get(key):
            print(f"  unread clauses by template ({title}):")
        for text, n in figures.get(key, []):
            print(f"  {n:5d}  {text}")


if __name__ == "__main__":
    main()
