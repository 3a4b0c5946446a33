"""A DDM Guild stat card as the engine reads it, and a warband of them (plain data in, typed out).

The card's JSON uses the catalogue's field names (``DdmGuildCreature``), so the bridge is one line per field::

    {"name": "Human Fighter", "slug": "human-fighter", "cost": 18, "level": 6, "speed": 6, "hp": 55, "ac": 20,
     "fort": 18, "ref": 16, "will": 16, "alignment": "good", "factions": ["civilization"], "keywords": ["Human"],
     "champion_rating": null, "movement_mode": "normal", "size": "Medium",
     "powers": [{"kind": "attack", "text": "Longsword: +12 vs. AC; 15 damage.", "uses": null}, ...]}

``size`` is the figure's size where the catalogue knows it, else "" (played as Medium: profile reading
``ddm-guild.size-unknown``, listed with the result).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from simulate.games.ddm_guild_powers import card_powers, parse_power
from simulate.games.ddm_guild_vocab import SIZES, Power, uses_not_known

REQUIRED: tuple[str, ...] = ("cost", "level", "speed", "hp", "ac", "fort", "ref", "will")


class CardError(ValueError):
    """A card the engine cannot play (a number it needs is missing); the message names the card and the fields."""


@dataclass
class GuildCard:
    name: str
    slug: str
    cost: int
    level: int
    speed: int
    hp: int
    ac: int
    fort: int
    ref: int
    will: int
    alignment: str = "neutral"
    factions: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    champion_rating: int | None = None
    movement_mode: str = "normal"
    size: str = ""
    raw_powers: tuple[tuple[str, str, int], ...] = ()  # (kind, text, uses)
    powers: list[Power] = field(default_factory=list)

    @property
    def squares(self) -> int:
        """The side of the creature's space in squares (unknown size: 1, profile ddm-guild.size-unknown)."""
        return SIZES.get(self.size, 1)

    @property
    def size_known(self) -> bool:
        return self.size in SIZES

    def keyword_set(self) -> frozenset[str]:
        return frozenset(k.casefold() for k in self.keywords)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "slug": self.slug, "cost": self.cost, "level": self.level, "speed": self.speed,
            "hp": self.hp, "ac": self.ac, "fort": self.fort, "ref": self.ref, "will": self.will,
            "alignment": self.alignment, "factions": list(self.factions), "keywords": list(self.keywords),
            "champion_rating": self.champion_rating, "movement_mode": self.movement_mode, "size": self.size,
            "powers": [{"kind": k, "text": t, "uses": u or None} for k, t, u in self.raw_powers],
        }


def card_from_json(raw: Mapping[str, Any]) -> GuildCard:
    """The engine's card from its JSON (``CardError`` names a missing number: never guessed)."""
    name = str(raw.get("name") or raw.get("slug") or "?")
    missing = [f for f in REQUIRED if not isinstance(raw.get(f), int)]
    if missing:
        raise CardError(f"{name} lacks {', '.join(missing)}")
    powers_raw: list[tuple[str, str, int]] = []
    for p in raw.get("powers") or ():
        kind = str(p.get("kind") or p.get("type") or "special").lower()
        uses = p.get("uses") if p.get("uses") is not None else p.get("limit")
        powers_raw.append((kind, str(p.get("text") or ""), int(uses) if uses else 0))
    rating = raw.get("champion_rating")
    card = GuildCard(
        name=name, slug=str(raw.get("slug") or ""), cost=int(raw["cost"]), level=int(raw["level"]),
        speed=int(raw["speed"]), hp=int(raw["hp"]), ac=int(raw["ac"]), fort=int(raw["fort"]), ref=int(raw["ref"]),
        will=int(raw["will"]), alignment=str(raw.get("alignment") or "neutral").lower(),
        factions=tuple(str(f).lower() for f in raw.get("factions") or ()),
        keywords=tuple(str(k) for k in raw.get("keywords") or ()),
        champion_rating=int(rating) if isinstance(rating, int) else None,
        movement_mode=str(raw.get("movement_mode") or "normal").lower(), size=str(raw.get("size") or ""),
        raw_powers=tuple(powers_raw),
    )
    card.powers = list(_read(card.raw_powers))
    return card


# A card's powers are a function of its printed (kind, text, uses) alone, and so is which of them the engine does
# not play: both are read once per process and shared (a Power is frozen). A battle's set-up read every card again:
# a twentieth of a 200-point battle.
@lru_cache(maxsize=8192)
def _read(raw_powers: tuple[tuple[str, str, int], ...]) -> tuple[Power, ...]:
    return tuple(card_powers([{"kind": k, "text": t, "uses": u} for k, t, u in raw_powers]))


@lru_cache(maxsize=8192)
def _unplayed_read(raw_powers: tuple[tuple[str, str, int], ...]) -> tuple[Power, ...]:
    return tuple(_unplayed(list(_read(raw_powers))))


def card_from_catalogue(record: Mapping[str, Any], size: str = "") -> GuildCard:
    """A card from a catalogue data file's record (``catalogue/data/ddm/ddm-guild/*.json``)."""
    powers = [{"kind": a.get("kind") or "special", "text": a.get("text") or "", "uses": a.get("uses")}
              for a in record.get("abilities") or ()]
    return card_from_json({**record, "powers": powers, "size": size})


def recharges(kind: str, text: str) -> bool:
    """Whether a printed power recharges ("RECHARGE when first Bloodied"): how often it is played then rests on its
    check boxes, a number the card prints and the catalogue may lack (a player completes it: docs/player-cards.md)."""
    return bool(parse_power(0, kind or "special", text).recharge)


def uses_unknown(card: GuildCard) -> list[Power]:
    """The card's powers that recharge but have no number of uses (the catalogue lacks their check boxes): not
    played until a player enters it (ddm_guild_coverage lists them)."""
    return [p for p in card.powers if uses_not_known(p)]


def unplayed_powers(card: GuildCard) -> list[Power]:
    """The card's powers the engine does not play whole (their ``unplayed`` says which words)."""
    read = _read(card.raw_powers)  # (as card_from_json read them, nobody having changed them since: shared)
    if len(read) == len(card.powers) and all(a is b for a, b in zip(read, card.powers, strict=True)):
        return list(_unplayed_read(card.raw_powers))
    return _unplayed(card.powers)


def _unplayed(powers: list[Power]) -> list[Power]:
    from simulate.games.ddm_guild_coverage import engine_unplayed

    out = []
    for p in powers:
        why = p.unplayed or engine_unplayed(p)
        if why:
            out.append(p if p.unplayed else _with_reason(p, why))
    # 'RECHARGE when it uses Mantid Dance': played only if the engine plays a power it names
    missing = {p.index for p in out}
    for p in powers:
        if p.index in missing or not (p.recharge.startswith("uses:") or p.recharge == "uses-champion"):
            continue
        names = p.recharge[5:].split("|") if p.recharge.startswith("uses:") else []
        if not any(q.index not in missing and q is not p and (q.name.casefold() in names or (
                not names and q.ptype == "champion")) for q in powers):
            out.append(_with_reason(p, "recharge when it uses a power the engine does not play"))
    # 'place this creature adjacent to target affected by this creature's Sign of Vengeance': played only if the
    # engine plays the power it names (no creature is affected by a power never used)
    unplayed_names = {q.name.casefold() for q in powers if q.index in missing}
    for p in powers:
        if p.index in missing or not unplayed_names:
            continue
        named = {st[12:] for e in p.effects for st in e.filter.target_state.split("&") if st.startswith("affected-by:")}
        if named & unplayed_names:
            out.append(_with_reason(p, "creatures affected by a power of its card the engine does not play"))
    out.sort(key=lambda p: p.index)
    return out


def _with_reason(p: Power, why: str) -> Power:
    from dataclasses import replace

    return replace(p, unplayed=why)


@dataclass
class GuildWarband:
    name: str
    cards: list[GuildCard]

    @classmethod
    def from_json(cls, raw: Mapping[str, Any]) -> GuildWarband:
        return cls(name=str(raw.get("name") or ""), cards=[card_from_json(c) for c in raw.get("creatures") or ()])


def lists_unplayed(lists: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Per creature of the lists, the powers the engine does not play (for a result)."""
    out: list[dict[str, Any]] = []
    for side, raw in enumerate(lists):
        for i, c in enumerate(raw.get("creatures") or ()):
            card = card_from_json(c)
            missing = unplayed_powers(card)
            if missing or not card.size_known:
                out.append({
                    "creature": f"{'ab'[side]}{i + 1}", "name": card.name, "cost": card.cost,
                    "size_known": card.size_known,
                    "powers": [{"name": p.name, "text": p.text, "why": p.unplayed} for p in missing],
                })
    return out
