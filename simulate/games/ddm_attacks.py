"""Attacks (``ddm.md`` §8, §9, §10.1): who may be attacked now (§8.1 melee, §8.9 ranged, §8.11 multiple attacks),
attacks of opportunity (§8.6), the attack roll with its modifiers against Armour Class (§9), critical hits,
Conceal and Incorporeal, damage bonuses, and what a hit does besides damage (Stunning Attack, Death Attack, drains,
Pushback, poison, Cleave)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from simulate.engine.game import Action, IllegalAction
from simulate.engine.grid import Sq
from simulate.games import ddm_command as command
from simulate.games import ddm_damage as damage
from simulate.games import ddm_movement as movement
from simulate.games import ddm_sight as sight
from simulate.games import ddm_terrain as terrain
from simulate.games import ddm_turns as turns
from simulate.games import ddm_victory as victory
from simulate.games.ddm_actions import Attack
from simulate.games.ddm_cards import SIZE_ORDER, AttackSpec
from simulate.games.ddm_model import Creature, Turn, size_rank

if TYPE_CHECKING:
    from simulate.games.ddm import DdmState


def threat_squares(state: DdmState, mover: Creature) -> set[Sq]:
    """Squares from which moving out would provoke an attack of opportunity (§8.3, §8.6)."""
    out: set[Sq] = set()
    for e in state.enemies_of(mover):
        if not can_aoo(state, e, mover):
            continue
        for s in e.squares():
            out.update(state.neighbours(s))
    return out


def enemy_reach(state: DdmState, mover: Creature) -> list[tuple[int, int, int, int]] | None:
    """Each enemy's space grown by a square (x0, y0, x1, y1, inclusive; walls not considered): an attack of
    opportunity needs the mover to leave a square adjacent to its enemy (§8.6), so leaving a square outside them
    all provokes none. None when some enemy's place is not known."""
    out: list[tuple[int, int, int, int]] = []
    for e in state.enemies_of(mover):
        a = e.anchor
        if a is None:
            return None
        out.append((a[0] - 1, a[1] - 1, a[0] + e.size, a[1] + e.size))
    return out


def can_aoo(state: DdmState, e: Creature, mover: Creature) -> bool:
    if not e.active or e.confused_dc is not None or e.traits.no_reach or not e.melee_attacks:
        return False
    turn_no = mover.no_aoo_from.get(e.id)
    return turn_no != state.turn_counter


def _creature_id(c: Creature) -> str:
    return c.id


def signed(name: str, value: int) -> str:
    """A modifier as the log writes it: its name and signed value (``charge+2``, ``cover-4``, ``ac+0``); what
    ``f"{name}{value:+d}"`` writes, without the format machinery, and each label written once (every attack writes
    a few, mostly the same: the target's armour class, a charge)."""
    labels = _LABELS.get(name)
    if labels is None:
        if len(_LABELS) >= 1024:  # bounded (the names are the rules' own; values a battle's numbers)
            _LABELS.clear()
        labels = _LABELS[name] = {}
    hit = labels.get(value)
    if hit is None:
        hit = name + "+" + str(value) if value >= 0 else name + str(value)
        if len(labels) < 256:
            labels[value] = hit
    return hit


_LABELS: dict[str, dict[int, str]] = {}  # per modifier's name, per value: its label (:func:`signed`)


def provoke(state: DdmState, mover: Creature, left: set[Sq]) -> None:
    if not left:
        return
    grid = state.map.grid
    # the box of the squares left: an enemy whose space is more than a square from it is adjacent to none
    x0 = y0 = 1 << 30
    x1 = y1 = -(1 << 30)
    for sx, sy in left:
        x0, x1 = min(x0, sx - 1), max(x1, sx + 1)
        y0, y1 = min(y0, sy - 1), max(y1, sy + 1)
    enemies = state.enemies_of(mover)
    if len(enemies) > 1:
        enemies.sort(key=_creature_id)
    for e in enemies:
        if not mover.on_map or state.stage == "over":
            return
        ea = e.anchor
        if ea is not None and (ea[0] > x1 or ea[0] + e.size - 1 < x0 or ea[1] > y1 or ea[1] + e.size - 1 < y0):
            continue
        if state.turn is None or e.id in state.turn.aoo_used or not can_aoo(state, e, mover):
            continue
        if not any(grid.adjacent(s, t) for s in left for t in e.squares()):
            continue
        if mover.traits.incorporeal and any(grid.is_solid(s) for s in mover.squares()):
            continue
        if not sight.can_see(state, e, mover) or sight.melee_cover(state, e, mover):
            continue
        state.turn.aoo_used.add(e.id)
        spec_i = max(
            (i for i, a in enumerate(e.card.attacks) if a.kind == "melee"),
            key=lambda i: (e.card.attacks[i].bonus + e.card.attacks[i].damage, -i),
        )
        state.event("aoo", {"round": state.round, "attacker": e.id, "target": mover.id})
        attack(state, e, mover, spec_i, aoo=True)


def attack_modifiers(
    state: DdmState, att: Creature, tgt: Creature, spec: AttackSpec, *, charge: bool = False, reach: bool = False
) -> list[tuple[str, int]]:
    kind = spec.kind
    mods: list[tuple[str, int]] = []
    if charge:
        mods.append(("charge", 2))
    if kind == "melee" and not reach and sight.flanked(state, att, tgt):
        mods.append(("flanking", 2))
    if not sight.can_see(state, tgt, att) and not (tgt.traits.blindsight or tgt.traits.blind_fight):
        mods.append(("unseen", 2))
    if kind == "ranged" and tgt.helpless:
        mods.append(("helpless", 4))
    if terrain.on_terrain(state, att, "sacred-circle"):
        mods.append(("sacred-circle", 2))
    if att.effects:  # (the statistics' names are written only when there is something to look up)
        spell = att.effect_total("attack") + att.effect_total(f"{kind}_attack")
        if spell:
            mods.append(("effects", spell))
    if state.ce_stats:
        ce = command.ce_bonus(state, att, ["attack", f"{kind}_attack"], tgt)
        if ce:
            mods.append(("commander-effect", ce))
    if att.level_drain:
        mods.append(("level-drain", -att.level_drain))
    if damage.stench_penalty(state, att):
        mods.append(("stench", -2))
    if kind == "melee" and att.traits.natural_soul and command.commanded_by_beastmaster(state, att):
        mods.append(("natural-soul", 2))
    if kind == "melee" and att.traits.overwhelming_size and size_rank(tgt) <= SIZE_ORDER.index("Medium"):
        mods.append(("overwhelming-size", 2))
    if att.traits.executioners_blade and (tgt.routing or not command.in_command(state, tgt)):
        mods.append(("executioners-blade", 4))
    if att.traits.earthbound and tgt.traits.flight:
        mods.append(("earthbound", -4))
    return mods


def armour_class(
    state: DdmState, att: Creature, tgt: Creature, spec: AttackSpec, *, reach: bool = False, aoo: bool = False
) -> list[tuple[str, int]]:
    kind = spec.kind
    mods: list[tuple[str, int]] = [("ac", tgt.card.ac)]
    if tgt.stunned:
        mods.append(("stunned", -2))
    cover = False
    if kind == "melee" and not reach:
        cover = sight.melee_cover(state, att, tgt)
    else:
        cover = sight.ranged_cover(state, att, tgt)
    if cover or terrain.on_terrain(state, tgt, "forest"):
        mods.append(("cover", 4))
    if kind == "ranged":
        if not att.traits.precise_shot and sight.in_melee_with_ally(state, att, tgt):
            mods.append(("in-melee", 4))
        if tgt.traits.deflect_arrows:
            mods.append(("deflect-arrows", 4))
    if aoo and tgt.traits.mobility:
        mods.append(("mobility", 4))
    if tgt.traits.phalanx and any(a.traits.phalanx and state.adjacent(a, tgt) for a in state.allies_of(tgt)):
        mods.append(("phalanx", 2))
    spell = tgt.effect_total("ac")
    if spell:
        mods.append(("effects", spell))
    ce = command.ce_bonus(state, tgt, ["ac"], att)
    if ce:
        mods.append(("commander-effect", ce))
    if damage.stench_penalty(state, tgt):
        mods.append(("stench", -2))
    return mods


def damage_bonuses(
    state: DdmState, att: Creature, tgt: Creature, spec: AttackSpec, *, charge: bool, declare: Sequence[str]
) -> list[tuple[str, int]]:
    kind = spec.kind
    t = att.traits
    out: list[tuple[str, int]] = []
    if kind == "melee" and t.hunter and sum(1 for e in state.enemies_of(att) if state.adjacent(e, att)) <= 1:
        out.append(("hunter", t.hunter))  # "unless more than 1 enemy is adjacent"
    for subtype, amount in t.foes:
        if subtype in tgt.traits.types or subtype.rstrip("s") in tgt.traits.types:
            out.append((f"{subtype}-foe", amount))
    if kind == "melee" and t.overwhelming_size and size_rank(tgt) <= SIZE_ORDER.index("Medium"):
        out.append(("overwhelming-size", 5))
    for n, smite in enumerate(t.smites):
        if kind != "melee" or not smite_applies(state, smite.against, tgt):
            continue
        if smite.uses is None or f"smite:{n}" in declare:
            out.append(("smite", smite.amount))
            break
    sneak = sneak_attack(state, att, tgt, kind)
    if sneak:
        out.append(("sneak-attack", sneak))
        if t.backstab:
            out.append(("backstab", t.backstab))
    if charge and t.powerful_charge:
        out.append(("powerful-charge", t.powerful_charge))
    if kind == "melee" and terrain.on_terrain(state, att, "risky"):
        out.append(("risky-terrain", 5))
    if kind == "melee" and t.natural_soul and command.commanded_by_beastmaster(state, att):
        out.append(("natural-soul", 5))
    if state.ce_stats:
        ce = command.ce_bonus(state, att, ["damage", f"{kind}_damage"], tgt)
        if ce:
            out.append(("commander-effect", ce))
    if att.effects:
        spell = att.effect_total("damage") + att.effect_total(f"{kind}_damage")
        if spell:
            out.append(("effects", spell))
    if t.rend and state.turn is not None and state.turn.creature == att.id and state.turn.hits_on.get(tgt.id, 0) >= 1:
        out.append(("rend", t.rend))
    if state.turn is not None and state.turn.creature == att.id and state.turn.aggression:
        out.append(("aggression", t.aggression))
    if t.wrath and state.players[att.player].allies_destroyed > 0:
        out.append(("wrath", t.wrath))
    if t.executioners_blade and (tgt.routing or not command.in_command(state, tgt)):
        out.append(("executioners-blade", 5))
    return out


def sneak_attack(state: DdmState, att: Creature, tgt: Creature, kind: str) -> int:
    """Sneak Attack damage that applies: melee when flanking or against a stunned, helpless or unseeing
    defender; ranged within 6 squares, not for flanking (glossary, 003's wording)."""
    t = att.traits
    if "sneak attack" in tgt.traits.immune or not (t.sneak_melee or t.sneak_ranged):
        return 0
    unseen = not sight.can_see(state, tgt, att)
    if kind == "melee" and t.sneak_melee and (sight.flanked(state, att, tgt) or tgt.stunned or tgt.helpless or unseen):
        return t.sneak_melee
    if kind == "ranged" and t.sneak_ranged and state.space_distance(att, tgt) <= 6 and (
        tgt.stunned or tgt.helpless or unseen
    ):
        return t.sneak_ranged
    return 0


def smite_applies(state: DdmState, against: str, tgt: Creature) -> bool:
    if not against:
        return True
    if against in ("evil", "good", "lawful", "chaotic"):
        return against in command.alignment(state, tgt)
    return against.rstrip("s") in {w.rstrip("s") for w in tgt.traits.types}


def attack(
    state: DdmState, att: Creature, tgt: Creature, index: int, *, charge: bool = False, aoo: bool = False,
    declare: Sequence[str] = (), leap: tuple[int, int] | None = None, cleave: bool = False,
) -> bool:
    """Resolve one attack roll (§8.1, §9, §10). Returns whether it hit."""
    spec = att.card.attacks[index]
    if leap is not None:
        spec = AttackSpec(kind="melee", bonus=leap[0], damage=leap[1], damage_type=spec.damage_type, text="Leap")
    kind = spec.kind
    reach = kind == "melee" and not state.adjacent(att, tgt)
    state.fighting_this_round = True
    if f"attack:{index}" in att.uses:
        att.uses[f"attack:{index}"] -= 1
    if "smite" in declare:
        for n, smite in enumerate(att.traits.smites):
            if att.uses.get(f"smite:{n}", 0) > 0 and smite_applies(state, smite.against, tgt):
                att.uses[f"smite:{n}"] -= 1
                declare = [*declare, f"smite:{n}"]
                break
    stunning = "stunning" in declare and att.traits.stunning_attack is not None and kind == "melee"
    if stunning:
        if "stunning" in att.uses:
            att.uses["stunning"] -= 1
        if state.turn is not None and state.turn.creature == att.id:
            state.turn.stunning_used = True
    amods = attack_modifiers(state, att, tgt, spec, charge=charge, reach=reach)
    dmods = armour_class(state, att, tgt, spec, reach=reach, aoo=aoo)
    bonus = spec.bonus + sum(v for _, v in amods)
    ac = sum(v for _, v in dmods)
    crit_min = att.traits.keen
    if kind == "melee" and terrain.on_terrain(state, att, "blood-rock"):
        crit_min = min(crit_min, 19)
    auto = kind == "melee" and tgt.helpless
    roll: int | None = None
    crit = False
    if auto:
        hit = True
    else:
        roll = state.d20("attack")
        crit = roll >= crit_min and roll != 1
        hit = roll != 1 and (crit or roll + bonus >= ac)
    notes: list[str] = []
    if hit and not auto:
        hit = conceal_check(state, att, tgt, kind, notes)
    if hit and tgt.traits.incorporeal and not att.traits.incorporeal:
        r = state.d20("incorporeal")
        notes.append(f"incorporeal:{r}")
        hit = r >= 11
    state.event("attack", {
        "round": state.round, "attacker": att.id, "target": tgt.id, "attack": index, "type": kind, "roll": roll,
        "total": None if roll is None else roll + bonus, "ac": ac, "hit": hit, "crit": crit and hit, "auto": auto,
        "charge": charge, "aoo": aoo, "mods": [signed(n, v) for n, v in amods],
        "ac_mods": [signed(n, v) for n, v in dmods], "declare": list(declare), "notes": notes,
    })
    if not hit:
        if kind == "melee" and tgt.traits.spiker_barbs and not reach and tgt.on_map:
            damage.deal_damage(state, att, [(tgt.traits.spiker_barbs, "magic")], source=tgt, kind="ability")
        return False
    sneak_applied = sneak_attack(state, att, tgt, kind) > 0
    bonuses = damage_bonuses(state, att, tgt, spec, charge=charge, declare=declare)
    double = auto or (crit and "critical hits" not in tgt.traits.immune)
    main = (spec.damage + sum(v for _, v in bonuses)) * (2 if double else 1)
    base_type = spec.base_type
    ignore_dr = bool(att.effect_total("ignore_dr"))
    if terrain.on_terrain(state, att, "sacred-circle"):
        base_type = "magic" if base_type in ("melee", "ranged") else base_type
    portions = [(main, base_type)]
    if spec.extra_damage:
        portions.append((spec.extra_damage, spec.extra_type or base_type))
    if state.turn is not None and state.turn.creature == att.id:
        state.turn.hits_on[tgt.id] = state.turn.hits_on.get(tgt.id, 0) + 1
    state.event("damage-roll", {
        "round": state.round, "attacker": att.id, "target": tgt.id, "base": spec.damage,
        "bonuses": [signed(n, v) for n, v in bonuses], "doubled": double, "portions": [list(p) for p in portions],
    })
    dealt = damage.deal_damage(state, tgt, portions, source=att, kind="attack", ignore_dr=ignore_dr, attack_kind=kind)
    on_hit(state, att, tgt, spec, dealt, crit=crit, declare=declare, stunning=stunning, sneak_applied=sneak_applied)
    if (
        kind == "melee" and not tgt.on_map and tgt.place == "eliminated" and att.traits.cleave and att.on_map
        and att.active and state.turn is not None and not state.turn.cleave_used
    ):
        others = [e for e in state.enemies_of(att) if state.adjacent(e, att) or
                  (att.traits.melee_reach > 1 and state.space_distance(att, e) <= att.traits.melee_reach)]
        if others:
            state.turn.cleave_used = True
            nxt = min(others, key=lambda e: (e.hp, e.id))
            state.event("cleave", {"round": state.round, "attacker": att.id, "target": nxt.id})
            attack(state, att, nxt, index, cleave=True)
    return True


def conceal_check(state: DdmState, att: Creature, tgt: Creature, kind: str, notes: list[str]) -> bool:
    conceal = tgt.traits.conceal
    if not sight.can_see(state, att, tgt):
        conceal = max(conceal, 11)
    if conceal <= 1 or att.traits.blindsight:
        return True
    rolls = 2 if (att.traits.blind_fight and kind == "melee") else 1
    for _ in range(rolls):
        r = state.d20("conceal")
        notes.append(f"conceal{conceal}:{r}")
        if r >= conceal:
            return True
    return False


def on_hit(
    state: DdmState, att: Creature, tgt: Creature, spec: AttackSpec, dealt: int, *, crit: bool, declare: Sequence[str],
    stunning: bool, sneak_applied: bool = False,
) -> None:
    t = att.traits
    if not tgt.on_map:
        if t.feed and "humanoid" in tgt.traits.types and att.on_map:
            damage.gain_hp(state, att, t.feed, "feed")
        return
    if t.poison is not None:
        damage.suffer_poison(state, tgt, t.poison, att)
        if not tgt.on_map:
            return
    if dealt <= 0:
        return
    stun_dc = t.stunning_attack[0] if stunning and t.stunning_attack is not None else None
    if stun_dc is not None and damage.fails_save_unless_immune(state, tgt, "stun", stun_dc, "stunning-attack", att):
        damage.set_stunned(state, tgt)
    if crit and spec.kind == "melee" and t.resounding_blow and "stun" not in tgt.traits.immune:
        damage.set_stunned(state, tgt)
    death_dc = t.death_attack_dc if "death-attack" in declare and sneak_applied else None
    if death_dc and not damage.save(state, tgt, death_dc, "death-attack", cause=att):
        state.event("death-attack", {"round": state.round, "attacker": att.id, "target": tgt.id})
        victory.eliminate(state, tgt, "destroyed", att)
        return
    if spec.kind == "melee" and tgt.traits.living:
        if t.level_drain and "level drain" not in tgt.traits.immune:
            tgt.level_drain += 1
            state.event("level-drain", {
                "round": state.round, "attacker": att.id, "target": tgt.id, "total": tgt.level_drain,
            })
            damage.gain_hp(state, att, 5, "level-drain")
        if t.constitution_drain is not None and tgt.on_map:
            amount, dc = t.constitution_drain
            if dc is None or not damage.save(state, tgt, dc, "constitution-drain", cause=att):
                damage.deal_damage(state, tgt, [(amount, "magic")], source=att, kind="ability")
                damage.gain_hp(state, att, amount, "constitution-drain")
    if t.life_drain is not None and tgt.traits.living:
        amount, cap = t.life_drain
        gained = att.bonus_hp
        if cap is None or gained < cap:
            damage.gain_hp(state, att, amount if cap is None else min(amount, cap - gained), "life-drain")
    if t.pushback and tgt.on_map and size_rank(tgt) < size_rank(att):
        movement.push(state, att, tgt, 1)


def melee_targets(state: DdmState, c: Creature) -> list[Creature]:
    reach = c.traits.melee_reach
    out = []
    for e in state.enemies_of(c):
        at_reach = reach > 1 and state.space_distance(c, e) <= reach and state.map.grid.los(c.squares(), e.squares())
        if state.adjacent(c, e) or at_reach:
            out.append(e)
    if len(out) > 1:
        out.sort(key=_creature_id)
    return out


def ranged_targets(state: DdmState, c: Creature, spec: AttackSpec) -> list[Creature]:
    if sight.hampered(state, c):
        return []
    return sight.nearest_visible(state, c, state.enemies_of(c), spec.max_range)


def declare_options(state: DdmState, c: Creature, t: Turn, spec: AttackSpec, tgt: Creature) -> list[tuple[str, ...]]:
    extras: list[str] = []
    if spec.kind == "melee":
        if any(sm.uses is not None and c.uses.get(f"smite:{n}", 0) > 0 and smite_applies(state, sm.against, tgt)
               for n, sm in enumerate(c.traits.smites)):
            extras.append("smite")
        if c.traits.stunning_attack is not None and not t.stunning_used and (
            c.uses.get("stunning", 1) > 0 if c.traits.stunning_attack[1] else True
        ) and "stun" not in tgt.traits.immune:
            extras.append("stunning")
        if c.traits.death_attack_dc and c.traits.sneak_melee:
            extras.append("death-attack")
    options: list[tuple[str, ...]] = [()]
    options.extend((e,) for e in extras)
    if len(extras) > 1:
        options.append(tuple(extras))
    return options


def attack_choices(state: DdmState, c: Creature, t: Turn) -> list[tuple[int, AttackSpec, list[Creature]]]:
    """Each attack ``c`` may make now (not yet made this turn, a use left, allowed at this point of its turn)
    with the creatures it may target, in card order: what the legal attacks and a player's choice start from."""
    out: list[tuple[int, AttackSpec, list[Creature]]] = []
    in_reach: list[Creature] | None = None
    for i, spec in enumerate(c.card.attacks):
        if i in t.used_attacks or not c.attack_left(i) or not turns.can_attack_now(state, c, t, spec.kind):
            continue
        if spec.kind == "melee":
            if in_reach is None:
                in_reach = melee_targets(state, c)
            out.append((i, spec, in_reach))
        else:
            out.append((i, spec, ranged_targets(state, c, spec)))
    return out


def has_attack(state: DdmState, c: Creature, t: Turn) -> bool:
    """``bool(attack_actions(...))``, without making the actions: some attack :func:`attack_choices` offers has a
    target (asked after every action: the first one found is enough, unsorted)."""
    melee_asked = False
    for i, spec in enumerate(c.card.attacks):
        if i in t.used_attacks or not c.attack_left(i) or not turns.can_attack_now(state, c, t, spec.kind):
            continue
        if spec.kind == "melee":
            if not melee_asked:
                melee_asked = True
                if _has_melee_target(state, c):
                    return True
        elif ranged_targets(state, c, spec):
            return True
    return False


def _has_melee_target(state: DdmState, c: Creature) -> bool:
    """``bool(melee_targets(state, c))``."""
    reach = c.traits.melee_reach
    for e in state.enemies_of(c):
        if state.adjacent(c, e) or (
            reach > 1 and state.space_distance(c, e) <= reach and state.map.grid.los(c.squares(), e.squares())
        ):
            return True
    return False


def attack_actions(state: DdmState, c: Creature, t: Turn) -> list[Action]:
    return [Attack(i, tgt.id, decl) for i, spec, targets in attack_choices(state, c, t)
            for tgt in targets for decl in declare_options(state, c, t, spec, tgt)]


def apply_attack(state: DdmState, c: Creature, t: Turn, a: Attack) -> None:
    if not 0 <= a.attack < len(c.card.attacks):
        raise IllegalAction(f"{c.id} has no attack #{a.attack}")
    spec = c.card.attacks[a.attack]
    tgt = state.c(a.target)
    if a.attack in t.used_attacks or not turns.can_attack_now(state, c, t, spec.kind):
        raise IllegalAction(f"{c.id} cannot make attack #{a.attack} now")
    targets = melee_targets(state, c) if spec.kind == "melee" else ranged_targets(state, c, spec)
    if tgt not in targets:
        raise IllegalAction(f"{a.target} is not a legal target for {c.id}'s {spec.kind} attack")
    if tuple(a.declare) not in declare_options(state, c, t, spec, tgt):
        raise IllegalAction(f"cannot declare {a.declare}")
    t.used_attacks.add(a.attack)
    t.attacks_made += 1
    t.attack_kind = spec.kind
    if spec.kind == "ranged":
        tgt = arrow_catcher(state, c, tgt)
    attack(state, c, tgt, a.attack, declare=a.declare)


def arrow_catcher(state: DdmState, att: Creature, tgt: Creature) -> Creature:
    """Arrow Catching Shield: enemy ranged attacks on creatures adjacent to it hit it instead."""
    for k in sorted(state.allies_of(tgt), key=lambda x: x.id):
        if k.traits.arrow_catching_shield and k.active and state.adjacent(k, tgt):
            state.event("arrow-catching-shield", {"round": state.round, "creature": k.id, "instead_of": tgt.id})
            return k
    return tgt
