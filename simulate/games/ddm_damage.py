"""Damage, conditions and death (``ddm.md`` §10, §8.2): saves (§10.6), typed damage against DR, Resist, Immune
and Double Damage (§10.2–§10.4), heal and bonus hit points (§10.5), the conditions effects inflict (stun,
paralysis, sleep, confusion, entangle, poison: glossary), and what happens at 0 hit points (Death Strike, Death
Burst)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from simulate.games import ddm_attacks as attacks
from simulate.games import ddm_command as command
from simulate.games import ddm_morale as morale
from simulate.games import ddm_victory as victory
from simulate.games.ddm_abilities import Poison
from simulate.games.ddm_model import Creature

if TYPE_CHECKING:
    from simulate.games.ddm import DdmState


def save_bonus(state: DdmState, c: Creature, morale: bool = False) -> int:
    base = c.traits.save_fixed if c.traits.save_fixed is not None else c.card.level + c.traits.save_bonus
    mod = c.effect_total("save") - c.level_drain
    if state.ce_stats:  # (no Commander Effect in the battle: no bonus, and no list of statistics to write)
        mod += command.ce_bonus(state, c, ["save", "morale"] if morale else ["save"])
    if stench_penalty(state, c):
        mod -= 2
    return base + mod


def stench_penalty(state: DdmState, c: Creature) -> bool:
    if not c.traits.living or c.traits.stench or "stench" not in state.traits_present:
        return False
    return any(e.traits.stench and state.adjacent(e, c) for e in state.enemies_of(c))


def save(state: DdmState, c: Creature, dc: int, purpose: str, cause: Creature | None = None) -> bool:
    """1d20 + Level (Save) ≥ DC; natural 20 succeeds, natural 1 fails (§10.6)."""
    roll = state.d20(purpose)
    total = roll + save_bonus(state, c)
    ok = roll == 20 or (roll != 1 and total >= dc)
    state.event("save", {
        "round": state.round, "creature": c.id, "purpose": purpose, "roll": roll, "total": total, "dc": dc,
        "success": ok,
    })
    if cause is not None and cause.player != c.player:
        state.fighting_this_round = True
    return ok


def suffer_poison(state: DdmState, x: Creature, poison: Poison, source: Creature, saved_already: bool = False) -> None:
    """A creature hit by a poisoned attack or effect saves or is poisoned (glossary *Poison*): damage at once
    (a save halves it), damage at the start of each of its turns, or a condition. Identical poison effects
    do not stack; whoever poisoned it gets the VP if the poison eliminates it."""
    if not x.on_map or "poison" in x.traits.immune or not x.traits.living:
        return
    if poison.damage:
        saved = not saved_already and save(state, x, poison.dc, "poison", cause=source)
        deal_damage(state, x, [(half(poison.damage) if saved else poison.damage, "poison-damage")], source=source,
                         kind="ability")
        return
    if not saved_already and save(state, x, poison.dc, "poison", cause=source):
        return
    if poison.condition == "destroy":
        state.event("condition", {"round": state.round, "creature": x.id, "condition": "poison"})
        victory.eliminate(state, x, "destroyed", source)
        return
    if poison.condition == "paralysis":
        x.paralysed_dc = poison.dc
    elif poison.condition == "sleep":
        x.asleep = True
    elif poison.key not in x.poisons:
        x.poisons.add(poison.key)
        x.poison += poison.each
    x.poisoned_by = source.id
    state.event("condition", {"round": state.round, "creature": x.id, "condition": "poison"})


def fails_save_unless_immune(
    state: DdmState, c: Creature, immunity: str, dc: int, purpose: str, cause: Creature
) -> bool:
    return immunity not in c.traits.immune and not save(state, c, dc, purpose, cause=cause)


def set_stunned(state: DdmState, c: Creature) -> None:
    if not c.on_map or "stun" in c.traits.immune:
        return
    c.stunned = True
    state.event("condition", {"round": state.round, "creature": c.id, "condition": "stunned"})


def gain_hp(state: DdmState, c: Creature, amount: int, why: str) -> None:
    if amount <= 0 or not c.on_map:
        return
    c.hp += amount
    if c.hp > c.start_hp + c.bonus_hp:
        c.bonus_hp = c.hp - c.start_hp
    state.event("hp", {"round": state.round, "creature": c.id, "amount": amount, "why": why, "hp": c.hp})


def heal(state: DdmState, c: Creature, amount: int, source: Creature | None, dc: int) -> None:
    """heal [#] (§10.5, glossary *heal*): living creatures up to their starting HP; Constructs nothing; an
    Undead takes # damage, saving for half against ``dc`` (12 + the spell's level, or the acting creature's
    Level for an ability). A creature never declines a save that only helps it, ally or enemy."""
    if "construct" in c.traits.types and "living construct" not in c.traits.types:
        return
    if "undead" in c.traits.types:
        amount_taken = amount
        if save(state, c, dc, "heal-vs-undead", cause=source):
            amount_taken = half(amount)
        deal_damage(state, c, [(amount_taken, "magic")], source=source, kind="spell")
        return
    room = max(0, c.start_hp - c.hp)
    healed = min(room, amount)
    if healed:
        c.hp += healed
        state.event("heal", {"round": state.round, "creature": c.id, "amount": healed, "hp": c.hp})


def deal_damage(
    state: DdmState, tgt: Creature, portions: Sequence[tuple[int, str]], *, source: Creature | None, kind: str,
    ignore_dr: bool = False, attack_kind: str = "",
) -> int:
    """Apply typed damage: DR on melee/ranged attack damage, Resist, Immune, Double Damage from ENERGY,
    negative energy (§10.2–§10.4). Returns the damage taken."""
    if not tgt.on_map:
        return 0
    t = tgt.traits
    if kind in ("spell", "ability") and t.incorporeal and not (source is not None and source.traits.incorporeal):
        r = state.d20("incorporeal")
        state.event("incorporeal", {"round": state.round, "creature": tgt.id, "roll": r})
        if r < 11:
            return 0
    total = 0
    physical = 0
    for amount, dtype in portions:
        if amount <= 0:
            continue
        if dtype in t.immune:
            continue
        if dtype == "negative":
            if "construct" in t.types and "living construct" not in t.types:
                continue
            if "undead" in t.types:
                gain_hp(state, tgt, min(amount, max(0, tgt.start_hp - tgt.hp)), "negative-energy")
                continue
        if dtype in t.resist:
            amount = max(0, amount - t.resist[dtype])
        if dtype in t.double_from:
            amount += 5 * (amount // 5)
        if kind == "attack" and dtype in ("melee", "ranged") and not ignore_dr:
            physical += amount
        else:
            total += amount
    if physical:
        total += max(0, physical - t.dr)
    if total <= 0:
        state.event("damage", {
            "round": state.round, "target": tgt.id, "amount": 0, "hp": tgt.hp, "source": source.id if source else None,
        })
        return 0
    if tgt.asleep:
        tgt.asleep = False
        state.event("condition", {"round": state.round, "creature": tgt.id, "condition": "awake"})
    tgt.hp -= total
    tgt.damage_taken += total
    if source is not None:
        source.damage_dealt += total
        if source.player != tgt.player:
            state.fighting_this_round = True
    state.event("damage", {
        "round": state.round, "target": tgt.id, "amount": total, "hp": tgt.hp, "source": source.id if source else None,
    })
    if tgt.hp <= 0:
        reduced_to_zero(state, tgt, source)
    else:
        morale.check_half(state, tgt, source)
    return total


def reduced_to_zero(state: DdmState, c: Creature, source: Creature | None) -> None:
    t = c.traits
    if t.death_strike and c.melee_attacks:
        foes = [e for e in state.enemies_of(c) if state.adjacent(e, c)]
        if foes:
            target = source if source is not None and source in foes else min(foes, key=lambda e: e.id)
            state.event("death-strike", {"round": state.round, "creature": c.id, "target": target.id})
            idx = next(i for i, a in enumerate(c.card.attacks) if a.kind == "melee")
            attacks.attack(state, c, target, idx)
    if t.death_burst is not None and state.stage != "over":
        radius, amount, dtype, dc = t.death_burst
        hits = []
        for o in state.on_map():
            if o.id == c.id:
                continue
            near = state.adjacent(o, c) if radius is None else state.space_distance(o, c) <= radius
            if near:
                hits.append(o)
        state.event("death-burst", {"round": state.round, "creature": c.id, "hits": [o.id for o in hits]})
        for o in hits:  # the burst goes off as its hp drop to 0, before it is removed
            if not o.on_map or state.stage == "over":
                continue
            dmg = amount
            if dc is not None and save(state, o, dc, "death-burst", cause=c):
                dmg = half(amount)
            deal_damage(state, o, [(dmg, dtype)], source=c, kind="ability")
    victory.eliminate(state, c, "destroyed", source)


def apply_condition(state: DdmState, c: Creature, x: Creature, condition: str, dc: int | None,
                     saved_already: bool = False) -> None:
    immune_name = {"stun": "stun", "paralysis": "paralysis", "sleep": "sleep", "confusion": "confusion",
                   "poison": "poison", "entangle": "entangle"}.get(condition, condition)
    if immune_name in x.traits.immune or (condition == "confusion" and not x.traits.living):
        return
    if condition == "entangle" and x.traits.flight:
        return
    if dc is not None and not saved_already and save(state, x, dc, condition, cause=c):
        return
    if condition == "stun":
        set_stunned(state, x)
    elif condition == "paralysis":
        x.paralysed_dc = dc or 10
    elif condition == "sleep":
        x.asleep = True
    elif condition == "confusion":
        x.confused_dc = dc or 10
    elif condition == "entangle":
        x.entangled_dc = dc or 10
    elif condition == "poison":  # the bare keyword: the common poison, 5 damage each activation
        suffer_poison(state, x, Poison(dc or 10, each=5), c, saved_already=True)
        return
    elif condition == "destroy":
        victory.eliminate(state, x, "destroyed", c)
        return
    state.event("condition", {"round": state.round, "creature": x.id, "condition": condition})


def half(amount: int) -> int:
    """Half damage, rounded down to a multiple of 5 (§10.3): 15 → 5, 5 → 0, 25 → 10."""
    return (amount // 2) // 5 * 5
