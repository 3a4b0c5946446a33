"""Commanders (``ddm.md`` §11.1–§11.4, §11.8): who can command, command range (6 squares around walls or line of
sight), Difficult, Wild, Independent, Beastmaster, Countersong, the best rating a morale save adds, and Commander
Effects (friendly and hostile, non-stacking per statistic, §9.4) with the alignments they name (§3)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from simulate.games.ddm_abilities import CommanderEffect, Traits, parse_commander_effect
from simulate.games.ddm_cards import CreatureCard, norm
from simulate.games.ddm_model import COMMAND_RANGE, Creature, size_rank

if TYPE_CHECKING:
    from simulate.games.ddm import DdmState


def can_command_at_all(state: DdmState, cmdr: Creature) -> bool:
    """Routing, stunned, helpless or confused commanders command no one (§11.4); nor do commanders
    within 6 squares of an enemy with Improved Countersong."""
    if not cmdr.on_map or cmdr.rating is None:
        return False
    if cmdr.routing or cmdr.stunned or cmdr.helpless or cmdr.confused_dc is not None:
        return False
    return not near_enemy_with(state, cmdr, "improved_countersong")


def near_enemy_with(state: DdmState, c: Creature, trait: str) -> bool:
    """An enemy with ``trait`` (countersong, improved_countersong), not routing, within 6 squares of ``c``."""
    if trait not in state.traits_present:
        return False  # no creature of this battle has it
    for e in state.enemies_of(c):
        if getattr(e.traits, trait) and not e.routing and state.wall_distance(e, c) <= COMMAND_RANGE:
            return True
    return False


def effective_difficult(state: DdmState, c: Creature) -> tuple[int | None, bool]:
    """(Difficult value, Wild) after Beastmaster (§11.8)."""
    diff, wild = c.traits.difficult, c.traits.wild
    if diff is None and not wild:
        return None, False
    for b in state.on_map(c.player):
        bm = b.traits.beastmaster
        kinds = set(b.traits.beastmaster_types)
        if bm is not None and b.id != c.id and c.card.level <= bm and c.traits.types & kinds:
            return None, False
    return diff, wild


def commands(state: DdmState, cmdr: Creature, c: Creature) -> bool:
    """Is ``c`` in ``cmdr``'s command range: within 6 squares (around walls) or in line of sight (§11.2)?"""
    if not can_command_at_all(state, cmdr) or cmdr.player != c.player:
        return False
    if cmdr.id == c.id:
        return True
    diff, wild = effective_difficult(state, c)
    if wild or (diff is not None and (cmdr.rating or 0) < diff):
        return False
    if near_enemy_with(state, c, "improved_countersong"):
        return False
    if state.wall_distance(cmdr, c) <= COMMAND_RANGE:
        return True
    return state.map.grid.los(c.squares(), cmdr.squares())


def in_command(state: DdmState, c: Creature) -> bool:
    if c.traits.independent:
        return True
    if state.turn and state.turn.creature == c.id and state.turn.controller != c.player:
        return False  # confused and controlled by the opponent
    if c.traits.wild and effective_difficult(state, c)[1]:
        return False
    return any(commands(state, k, c) for k in state.on_map(c.player) if k.rating is not None)


def morale_rating(state: DdmState, c: Creature) -> int:
    """The best commander rating added to a morale save (§11.5)."""
    best = c.rating if c.rating is not None else None  # a commander always adds its own rating
    if not (state.turn and state.turn.creature == c.id and state.turn.controller != c.player):
        for k in state.on_map(c.player):
            if k.rating is not None and k.id != c.id and commands(state, k, c):
                best = k.rating if best is None else max(best, k.rating)
    if best is None and c.traits.independent:
        best = 0
    return best or 0


def _command_snapshot(state: DdmState) -> tuple[object, ...]:
    """Everything command and Commander Effects depend on that changes during a battle: where each creature
    is and whether it can command or be commanded, and who controls the acting creature."""
    t = state.turn
    return (
        None if t is None else (t.creature, t.controller),
        *((o.anchor, o.place, o.routing, o.stunned, o.paralysed_dc is not None, o.asleep,
           o.confused_dc is not None, o.rating) for o in state.creatures.values()),
    )


def commander_effects_on(state: DdmState, c: Creature) -> list[CommanderEffect]:
    """Friendly CEs reaching ``c`` (followers in command and within 6) and hostile CEs of enemies within 6.
    Kept until a creature moves or its state changes (:func:`_command_snapshot`)."""
    snapshot = _command_snapshot(state)
    if state.ce_memo[0] != snapshot:
        state.ce_memo = (snapshot, {})
    memo = state.ce_memo[1]
    hit = memo.get(c.id)
    if hit is None:
        hit = memo[c.id] = _commander_effects_uncached(state, c)
    return hit


def _commander_effects_uncached(state: DdmState, c: Creature) -> list[CommanderEffect]:
    out: list[CommanderEffect] = []
    if not c.on_map:
        return out
    blocked_friendly = c.traits.not_subject_to_ce or near_enemy_with(state, c, "countersong") or \
        near_enemy_with(state, c, "improved_countersong")
    if not blocked_friendly and (not c.is_commander or c.traits.willing_to_follow):
        for k in state.on_map(c.player):
            if k.id == c.id or k.rating is None or not k.commander_effects:
                continue
            if not commands(state, k, c) or state.wall_distance(k, c) > COMMAND_RANGE:
                continue
            if near_enemy_with(state, k, "countersong"):
                continue
            out.extend(e for e in ces(state, k) if not e.hostile)
    if not c.traits.not_subject_to_ce:
        for k in state.enemies_of(c):
            if k.rating is None or not can_command_at_all(state, k) or near_enemy_with(state, k, "countersong"):
                continue
            hostile = [e for e in ces(state, k) if e.hostile]
            if hostile and state.wall_distance(k, c) <= COMMAND_RANGE:
                out.extend(hostile)
    return out


def ces(state: DdmState, k: Creature) -> list[CommanderEffect]:
    """``k``'s Commander Effects (read from its card when the battle starts: :func:`card_effects`)."""
    return k.commander_effects


def card_effects(card: CreatureCard, traits: Traits) -> list[CommanderEffect]:
    """The Commander Effects a card gives (§11.3), Tyrannical Morale among them (a CE some cards list among their
    abilities)."""
    out: list[CommanderEffect] = []
    for ce in card.commander_effects:
        effects, _ = parse_commander_effect(ce.text or ce.name)
        out.extend(effects)
    if traits.tyrannical_morale:
        out.append(CommanderEffect("tyrannical_morale", traits.tyrannical_morale))
    return out


def ce_matches(state: DdmState, e: CommanderEffect, c: Creature, other: Creature | None) -> bool:
    f = e.followers
    if f.startswith("type:"):
        want = f[5:].rstrip("s")
        if not any(w.rstrip("s") == want for w in c.traits.types):
            return False
    elif f.startswith("size:"):
        if norm(c.card.size) != f[5:]:
            return False
    elif f.startswith("has:"):
        has = {"ranged": bool(c.ranged_attacks), "reach": c.traits.melee_reach > 1, "flight": c.traits.flight,
               "fearless": c.traits.fearless}
        if not has.get(f[4:], False):
            return False
    elif f.startswith("alignment:") and f[10:] not in alignment(state, c):
        return False
    if e.against:
        if other is None:
            return False
        if e.against == "larger" and not size_rank(other) > size_rank(c):
            return False
        kinds = {w.rstrip("s") for w in other.traits.types}
        if e.against.startswith("type:") and e.against[5:].rstrip("s") not in kinds:
            return False
        if e.against.startswith("alignment:") and e.against[10:] not in alignment(state, other):
            return False
    return True


def ce_bonus(state: DdmState, c: Creature, stats: Iterable[str], other: Creature | None = None) -> int:
    """CE bonuses to a statistic: the highest friendly one plus the worst hostile one (§9.4)."""
    present = state.ce_stats
    if not present:
        return 0  # no creature of this battle has a Commander Effect
    wanted = set(stats)
    if wanted.isdisjoint(present):
        return 0  # none on these statistics
    best_pos = 0
    worst_neg = 0
    for e in commander_effects_on(state, c):
        if e.stat not in wanted or not ce_matches(state, e, c, other):
            continue
        if e.hostile:
            worst_neg = min(worst_neg, e.amount)
        else:
            best_pos = max(best_pos, e.amount)
    return best_pos + worst_neg


def alignment(state: DdmState, c: Creature) -> set[str]:
    """Alignment keywords from the warband's faction (§3); without one, the card's factions."""
    faction = state.players[c.player].warband.faction
    factions = [faction] if faction else list(c.card.factions)
    if len(factions) == 4:
        return set()
    out: set[str] = set()
    for f in factions:
        out.add("lawful" if f.startswith("L") else "chaotic")
        out.add("good" if f.endswith("G") else "evil")
    return out


def commanded_by_beastmaster(state: DdmState, c: Creature) -> bool:
    return any(k.traits.beastmaster is not None and k.rating is not None and commands(state, k, c)
               for k in state.on_map(c.player))
