"""Spells and abilities used as actions (``ddm.md`` §12, §13): what a caster may cast now and on whom (§12.1
nearest ally or enemy, touch, any, §12.3 ranges), spending boxes, sorcerer slots and power points (§12.2), Antimagic
Eye, Spell Resistance, Spell Immunity and Almighty (§12.4), resolving an effect on each creature it reaches, and
the abilities that replace attacks (Turn Undead, Breath Weapon, Gaze Attack, Whirlwind Attack, Leap, waking an
ally, Ghost Step)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from simulate.engine.game import Action, IllegalAction
from simulate.engine.grid import Sq
from simulate.games import ddm_attacks as attacks
from simulate.games import ddm_damage as damage
from simulate.games import ddm_morale as morale
from simulate.games import ddm_movement as movement
from simulate.games import ddm_sight as sight
from simulate.games import ddm_templates as templates
from simulate.games import ddm_turns as turns
from simulate.games.ddm_abilities import AreaAttack, SpellEffect
from simulate.games.ddm_actions import Cast, UseAbility
from simulate.games.ddm_cards import SpellSpec, norm
from simulate.games.ddm_model import Creature, Effect, Turn, undead

if TYPE_CHECKING:
    from simulate.games.ddm import DdmState

_TURN_UNDEAD = norm("turn undead")  # the key of its uses (a name read once, not at every decision)
_GHOST_STEP = norm("ghost step")


def spell_available(state: DdmState, c: Creature, i: int, spell: SpellSpec) -> str | None:
    """The resource a cast would spend ("" for unlimited), or None if none is left."""
    if spell.unlimited:
        return ""
    if spell.power_points is not None and "pp" in c.uses:
        return "pp" if c.uses["pp"] >= spell.power_points else None
    if c.card.sorcerer_slots and spell.spell_level is not None:
        for level in sorted(c.card.sorcerer_slots):
            if level >= spell.spell_level and c.uses.get(f"slot:{level}", 0) > 0:
                return f"slot:{level}"
        return None
    return f"spell:{i}" if c.uses.get(f"spell:{i}", 0) > 0 else None


def spend(state: DdmState, c: Creature, key: str, spell: SpellSpec | None = None) -> None:
    if not key:
        return
    if key == "pp" and spell is not None and spell.power_points:
        c.uses["pp"] -= spell.power_points
    else:
        c.uses[key] = c.uses.get(key, 0) - 1


def may_affect(state: DdmState, c: Creature, x: Creature, eff: SpellEffect) -> bool:
    r = eff.restriction
    if not r:
        return True
    if r == "living":
        return x.traits.living
    if r == "nonliving":
        return not x.traits.living
    return r.rstrip("s") in {w.rstrip("s") for w in x.traits.types}


def effect_targets(state: DdmState, c: Creature, eff: SpellEffect, *, is_spell: bool) -> list[Creature]:
    """Who a single-target effect may be aimed at (§12.1): touch, self, or the nearest enemy/ally."""
    rng = eff.range
    harmful = eff.harmful
    if rng in ("self", "personal"):
        return [c]
    if rng == "touch":
        pool = [c, *[o for o in state.on_map() if o.id != c.id and (state.adjacent(c, o) or (
            c.traits.melee_reach > 1 and state.space_distance(c, o) <= c.traits.melee_reach))]]
        # boons to allies, harm to enemies; heal also harms an Undead enemy (§10.5)
        pool = [o for o in pool if (o.player != c.player) == harmful
                or (eff.heal and not harmful and o.player != c.player and undead(o))]
        return [o for o in pool if may_affect(state, c, o, eff)]
    limit: int | None = None
    if rng.startswith("range"):
        try:
            limit = int(rng.split()[1])
        except (IndexError, ValueError):
            limit = 6
    elif rng not in ("sight", "cone", "line", "line 12") and not rng.startswith("line"):
        return []
    pool = state.enemies_of(c) if harmful else state.allies_of(c)
    found = aimed_at(state, c, pool, limit, eff.any_target)
    if eff.heal and not harmful:  # and the nearest enemy, if it is Undead
        found += [o for o in aimed_at(state, c, state.enemies_of(c), limit, eff.any_target) if undead(o)]
    return [o for o in found if may_affect(state, c, o, eff)]


def aimed_at(state: DdmState, c: Creature, pool: list[Creature], limit: int | None, any_target: bool) -> list[Creature]:
    """The creatures of ``pool`` a ranged effect may be aimed at: the nearest seen, or with *any* every one
    seen, within ``limit`` squares if it has one (§12.1)."""
    if any_target:
        return [o for o in pool
                if sight.can_see(state, c, o) and (limit is None or state.space_distance(c, o) <= limit)]
    return sight.nearest_visible(state, c, pool, limit)


def effect_options(
    state: DdmState, c: Creature, eff: SpellEffect, *, is_spell: bool
) -> list[tuple[str, int, int, str]]:
    """(target, x, y, aim) choices for an effect."""
    if eff.range in ("your warband", "any warband"):
        return [("", -1, -1, "")]
    if eff.teleport:
        return [("", x, y, "") for x, y in teleport_destinations(state, c)]
    targets = effect_targets(state, c, eff, is_spell=is_spell)
    if eff.range.startswith("cone"):
        return [(tgt.id, -1, -1, aim) for tgt in targets for aim in templates.cone_aims(state, c, tgt)]
    if eff.range.startswith("line"):
        return [(tgt.id, -1, -1, aim) for tgt in targets for aim in templates.line_aims(state, c, tgt)]
    if eff.radius:
        return [(tgt.id, hx, hy, "") for tgt in targets for hx, hy in templates.hole_options(state, tgt)]
    return [(tgt.id, -1, -1, "") for tgt in targets]


def teleport_destinations(state: DdmState, c: Creature) -> list[Sq]:
    """dimension door: any space the creature can see at least part of."""
    occ = state.occupancy()
    grid = state.map.grid
    table: dict[tuple[Sq, int], list[Sq]] = state.map.table("seen-anchors")
    assert c.anchor is not None
    seen = table.get((c.anchor, c.size))
    if seen is None:  # where it could see at least part of the space: static, so cached per map
        seen = [s for s in grid.cells() if s != c.anchor and movement.endable_anchors(state, c.size).get(s, False)
                and any(grid.square_los(a, b) for a in c.squares() for b in c.squares(s))]
        table[(c.anchor, c.size)] = seen
    return [s for s in seen if movement.can_end(state, c, s, occ)]


def area_for(state: DdmState, c: Creature, eff: SpellEffect, target: str, x: int, y: int, aim: str) -> list[Creature]:
    if eff.range in ("your warband",):
        return state.on_map(c.player)
    if eff.range == "any warband":
        return state.on_map(c.player if not eff.harmful else state.opponent(c.player))
    squares: set[Sq] | None = None
    if aim.startswith("cone:"):
        squares = templates.area_cone(state, aim) - set(c.squares())
    elif aim.startswith("line:"):
        squares = templates.area_line(state, c, aim)
    elif eff.radius and x >= 0:
        squares = templates.area_radius(state, (x, y), eff.radius)
    if squares is None:
        return [state.c(target)] if target else [c]
    return [o for o in state.on_map() if any(s in squares for s in o.squares())]


def cast_actions(state: DdmState, c: Creature, t: Turn) -> list[Action]:
    if t.acted or t.attacks_made or t.charged or t.no_actions or t.moved > t.speed:
        return []
    if c.traits.slow_attack == "all" and t.steps > 0:
        return []
    hampered: bool | None = None
    acts: list[Action] = []
    for i, spell in enumerate(c.card.spells):
        if spell_available(state, c, i, spell) is None:
            continue
        eff = c.spell_effects[i]
        if not eff.modelled:
            continue
        if eff.range != "touch" and eff.range not in ("self", "personal"):
            if hampered is None:
                hampered = sight.hampered(state, c)
            if hampered:
                continue
        for target, x, y, aim in effect_options(state, c, eff, is_spell=True):
            acts.append(Cast(i, target, x, y, aim))
    return acts


def apply_cast(state: DdmState, c: Creature, t: Turn, a: Cast) -> None:
    if a not in cast_actions(state, c, t):
        raise IllegalAction(f"{c.id} cannot cast {a}")
    spell = c.card.spells[a.spell]
    eff = c.spell_effects[a.spell]
    key = spell_available(state, c, a.spell, spell)
    assert key is not None
    spend(state, c, key, spell)
    t.acted = True
    t.attack_kind = "spell"
    state.event("cast", {
        "round": state.round, "creature": c.id, "spell": spell.name, "target": a.target or None, "x": a.x, "y": a.y,
        "aim": a.aim,
    })
    for e in state.enemies_of(c):
        if e.traits.antimagic_eye and sight.can_see(state, e, c):
            r = state.d20("antimagic")
            state.event("antimagic", {
                "round": state.round, "creature": e.id, "caster": c.id, "roll": r, "kept": r >= 11,
            })
            if r < 11:
                return
            break
    if eff.teleport:
        state.put(c, (a.x, a.y))
        state.event("teleport", {"round": state.round, "creature": c.id, "x": a.x, "y": a.y, "spell": spell.name})
        return
    affected = area_for(state, c, eff, a.target, a.x, a.y, a.aim)
    resolve_effect(state, c, eff, affected, spell.name, is_spell=True)


def resolve_effect(state: DdmState, c: Creature, eff: SpellEffect, affected: Sequence[Creature], name: str,
                    *, is_spell: bool) -> None:
    key = _version_key(name)
    for x in sorted(affected, key=lambda o: o.id):
        if not x.on_map or state.stage == "over":
            continue
        if not may_affect(state, c, x, eff):
            continue
        enemy = x.player != c.player
        if is_spell:
            if x.traits.almighty and not enemy:
                continue
            if norm(name) in x.traits.spell_immunity:
                continue
            if enemy and x.traits.spell_resistance_all:
                continue
            if enemy and x.traits.spell_resistance:
                r = state.d20("spell-resistance")
                state.event("spell-resistance", {
                    "round": state.round, "creature": x.id, "roll": r, "affected": r >= x.traits.spell_resistance,
                })
                if r < x.traits.spell_resistance:
                    continue
        if enemy:
            state.fighting_this_round = True
        if eff.damage:
            dmg = eff.damage
            saves = eff.dc is not None and not (eff.damage_type == "negative" and "undead" in x.traits.types)
            saved = saves and eff.dc is not None and damage.save(state, x, eff.dc, "spell" if is_spell else "ability",
                                                               cause=c)
            if saved:
                if eff.negates:
                    continue
                dmg = damage.half(dmg)
            damage.deal_damage(state, x, [(dmg, eff.damage_type or "magic")], source=c,
                             kind="spell" if is_spell else "ability")
            # the save that halved the damage also avoided the rest of the effect (§10.6)
            if eff.condition and x.on_map and eff.dc is not None and not saved:
                damage.apply_condition(state, c, x, eff.condition, eff.dc, saved_already=True)
            continue
        if eff.condition:
            damage.apply_condition(state, c, x, eff.condition, eff.dc)
            continue
        if eff.heal:
            damage.heal(state, x, eff.heal, c, 12 + eff.spell_level if is_spell else c.card.level)
            if enemy:
                continue  # an Undead enemy aimed at with a heal: the damage only, no boon
        if eff.hp_bonus:
            damage.gain_hp(state, x, eff.hp_bonus, name)
        if eff.buffs:
            x.effects[key] = Effect(name, eff.buffs)
            state.event("effect", {
                "round": state.round, "creature": x.id, "name": name, "stats": [f"{s}{v:+d}" for s, v in eff.buffs],
            })


def ability_actions(state: DdmState, c: Creature, t: Turn) -> list[Action]:
    acts: list[Action] = []
    tr = c.traits
    fresh = not t.acted and t.attacks_made == 0 and not t.charged and t.moved <= t.speed
    if fresh and tr.turn_undead is not None and c.uses.get(_TURN_UNDEAD, 1) > 0:
        undead = [o for o in state.on_map() if o.id != c.id and "undead" in o.traits.types
                  and o.card.level <= tr.turn_undead and state.space_distance(c, o) <= 12]
        for o in sight.nearest_visible(state, c, undead):
            acts.append(UseAbility("turn undead", o.id))
    if fresh:
        for aa in tr.area_attacks:
            if aa.uses and c.uses.get(norm(aa.name), 0) <= 0:
                continue
            if aa.gaze and c.invisible:
                continue
            eff = area_effect(aa)
            for target, x, y, aim in effect_options(state, c, eff, is_spell=False):
                acts.append(UseAbility(aa.name, target, x, y, aim))
    if fresh and tr.whirlwind and t.steps <= 1 and c.melee_attacks and attacks.melee_targets(state, c):
        acts.append(UseAbility("whirlwind attack"))
    if tr.leap is not None and turns.can_attack_now(state, c, t, "melee") and t.attacks_made == 0 and c.melee_attacks:
        for o in attacks.melee_targets(state, c):
            acts.append(UseAbility("leap", o.id))
    if fresh:
        for o in state.allies_of(c):
            if o.asleep and state.adjacent(o, c):
                acts.append(UseAbility("wake", o.id))
    if tr.ghost_step and not c.invisible and c.uses.get(_GHOST_STEP, 1) > 0:
        acts.append(UseAbility("ghost step"))
    return acts


def apply_ability(state: DdmState, c: Creature, t: Turn, a: UseAbility) -> None:
    if a not in ability_actions(state, c, t):
        raise IllegalAction(f"{c.id} cannot use {a}")
    name = norm(a.name)
    state.event("ability", {"round": state.round, "creature": c.id, "name": a.name, "target": a.target or None})
    if name == "ghost step":
        if _GHOST_STEP in c.uses:
            c.uses[_GHOST_STEP] -= 1
        c.invisible = True
        return
    t.acted = True
    t.attack_kind = "ability"
    if name == "turn undead":
        if _TURN_UNDEAD in c.uses:
            c.uses[_TURN_UNDEAD] -= 1
        tgt = state.c(a.target)
        if tgt.player != c.player:
            state.fighting_this_round = True
        if not morale.morale_save(state, tgt, cause=c, reason="turn-undead", turn_undead=True, routs=True):
            morale.rout(state, tgt, c)
    elif name == "whirlwind attack":
        t.attack_kind = "whirlwind"
        idx = next(i for i, x in enumerate(c.card.attacks) if x.kind == "melee")
        for tgt in attacks.melee_targets(state, c):
            if c.on_map and tgt.on_map and not c.routing:
                attacks.attack(state, c, tgt, idx)
    elif name == "leap":
        assert c.traits.leap is not None
        idx = next(i for i, x in enumerate(c.card.attacks) if x.kind == "melee")
        t.attacks_made += 1
        t.attack_kind = "melee"
        attacks.attack(state, c, state.c(a.target), idx, leap=c.traits.leap)
    elif name == "wake":
        tgt = state.c(a.target)
        tgt.asleep = False
        state.event("condition", {"round": state.round, "creature": tgt.id, "condition": "awake"})
    else:
        aa = next(x for x in c.traits.area_attacks if norm(x.name) == name)
        if aa.uses:
            c.uses[norm(aa.name)] -= 1
        eff = area_effect(aa)
        affected = area_for(state, c, eff, a.target, a.x, a.y, a.aim)
        resolve_effect(state, c, eff, affected, aa.name, is_spell=False)


def _version_key(name: str) -> str:
    """Versions of a spell do not stack with each other (§9.4): greater, lesser, mass, legion's, swift."""
    words = [w for w in norm(name).split() if w not in ("greater", "lesser", "mass", "legion", "legion s",
                                                         "swift", "empowered", "quickened", "maximized", "s")]
    return " ".join(words)


def area_effect(aa: AreaAttack) -> SpellEffect:
    return SpellEffect(
        name=aa.name, range=aa.range, radius=aa.radius, damage=aa.damage, damage_type=aa.damage_type,
        condition=aa.condition, dc=aa.dc,
    )
