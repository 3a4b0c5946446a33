"""The DDM Guild rules in play: attacks — range, sight and targets, areas, provoking, the attack roll
(rerolls, criticals, Keen Critical, conceal), hits and their effects, extra and granted attacks. Each rule's id in
``docs/rules/ddm-guild-play.md`` is named where it is applied; the numbers an attack counts (defences, combat
advantage, modifiers) are ``ddm_guild_judge``'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from simulate.engine.grid import Sq
from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_rules as R
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_board import gap
from simulate.games.ddm_guild_judge import (
    Ctx,
    Run,
    _form_matches,
    _stat_mods,
    _typed,
    attack_bonus,
    aura_reaches,
    aura_target_ok,
    defence,
    form_of,
    gaze,
    has_keyword,
    has_kinds,
    holds,
    per_count,
    power_ctx,
    self_state_ok,
    target_state_ok,
)
from simulate.games.ddm_guild_state import Battle, Fighter
from simulate.games.ddm_guild_vocab import (
    AttackSpec,
    Effect,
    Power,
)

# --- attacks -----------------------------------------------------------------------------------------------------

def in_range(b: Battle, attacker: Fighter, p: Power, a: AttackSpec, t: Fighter) -> bool:
    """Profiles ``ddm-guild.melee-reach`` and ``ddm-guild.ranged-range`` (the 'nearest' check is separate)."""
    ap, tp = attacker.pos, t.pos
    if ap is None or tp is None or t is attacker:
        return False
    reach = 0
    if a.form == "melee":  # (the distance first, the cheapest ask: most enemies are out of reach)
        reach = attacker.reach_of(p)
        g = gap(ap, attacker.side, tp, t.side)
        if g < 1 or g > max(reach, 1):
            return False
    elif a.form == "ranged":
        if a.range and gap(ap, attacker.side, tp, t.side) > a.range:
            return False
    else:
        return False
    if not target_ok(b, attacker, a, t) or ((attacker.effects or attacker.while_on) and not may_attack(attacker, t)) \
            or ("gaze" in t.immune and gaze(p)) or (a.defence == "will" and t.gained("no-will-attacks")):
        return False
    if a.form == "melee":
        if t.gained("untargetable-melee"):  # 'cannot be targeted with {m} or {r} attacks while adjacent to ...'
            return False
        if reach <= 1:  # (within its reach: above)
            return b.adjacent(attacker, t) and _sees(b, attacker, t, a)
        return _sees(b, attacker, t, a)
    if t.gained("untargetable-ranged"):  # (a ranged attack within its range: above)
        return False
    if not _sees(b, attacker, t, a):
        return False
    if a.nearest:
        return t in nearest_enemies(b, attacker)
    return True


def _sees(b: Battle, attacker: Fighter, t: Fighter, a: AttackSpec) -> bool:
    """Sight for an attack; one that ignores invisibility sees an invisible creature as if it were not."""
    if a.form == "ranged" and attacker.while_on and attacker.while_on.get("ranged-ignores-forest") \
            and attacker.pos is not None and t.pos is not None:  # 'its {r} attacks ignore forest terrain'
        if (attacker.has("blinded") and not b.adjacent(attacker, t)) or b.invisible_to(t, attacker):
            return False
        return b.sight_board(attacker, ranged=True).sees(attacker.pos, attacker.side, t.pos, t.side)
    if b.sees(attacker, t):
        return True
    if "invisible" not in a.ignores or attacker.pos is None or t.pos is None:
        return False
    if attacker.has("blinded") and not b.adjacent(attacker, t):
        return False
    return b.sight_board(attacker).sees(attacker.pos, attacker.side, t.pos, t.side)


def target_ok(b: Battle, attacker: Fighter, a: AttackSpec, t: Fighter) -> bool:
    flt = a.target_filter
    if flt.keyword and not all(has_keyword(t, k) for k in flt.keyword.split("+")):  # ('!drow+!goblin': neither)
        return False
    return not (flt.target_state and not target_state_ok(b, flt, attacker, t, a.form == "melee"))


def nearest_enemies(b: Battle, f: Fighter, sight: bool = True) -> list[Fighter]:
    """The nearest enemies in line of sight (profile ``ddm-guild.ranged-range``); with ``sight`` False, in sight or
    not ('Can charge targets it does not have line of sight to')."""
    best = 1 << 20
    out: list[Fighter] = []
    for e in b.enemies_of(f):
        if sight and not b.sees(f, e):
            continue
        g = b.gap(f, e)
        if g < best:
            best, out = g, [e]
        elif g == best:
            out.append(e)
    return out


def area_squares(b: Battle, attacker: Fighter, a: AttackSpec, at: Sq | None) -> list[Sq]:
    pos = attacker.pos
    if pos is None:
        return []
    if a.form == "close-burst":
        return b.board.burst(pos, attacker.side, a.size)
    if a.form == "reach-burst":
        return b.board.burst(pos, attacker.side, max(attacker.reach, 1))
    if a.form == "close-blast":
        if at is None:
            return []
        return b.board.blast_squares(at, a.size, pos, attacker.side)
    if a.form == "area":
        if at is None:
            return []
        return b.board.burst(at, 1, a.size)
    if a.form == "line":
        if at is None:
            return []
        return b.board.line(pos, attacker.side, at, a.size)
    return []


def area_origin_ok(b: Battle, attacker: Fighter, a: AttackSpec, at: Sq) -> bool:
    pos = attacker.pos
    if pos is None:
        return False
    if a.form == "area":
        if a.range and gap(pos, attacker.side, at, 1) > a.range:
            return False
        return b.sight_board(attacker).sees(pos, attacker.side, at, 1) and not b.board.grid.is_solid(at)
    if a.form == "close-blast":
        return gap(at, a.size, pos, attacker.side) == 1
    if a.form == "line":
        return at != pos and b.board.grid.in_bounds(at)
    return a.form in ("close-burst", "reach-burst")


def area_targets(b: Battle, attacker: Fighter, a: AttackSpec, at: Sq | None) -> list[Fighter]:
    squares = set(area_squares(b, attacker, a, at))
    if not squares:
        return []
    out = []
    for f in b.fighters:
        if not f.in_play() or f is attacker:
            continue
        if a.enemies_only and f.player == attacker.player:
            continue
        if f.player == attacker.player and a.form in ("close-burst", "close-blast", "area", "line") \
                and not _hits_allies(a):
            continue
        if any(sq in squares for sq in f.space()) and target_ok(b, attacker, a, f):
            out.append(f)
    return out


def _hits_allies(a: AttackSpec) -> bool:
    """Area attacks strike every creature in the area (profile ``ddm-guild.areas``) unless 'enemies only'."""
    return not a.enemies_only


def provoke(b: Battle, mover: Fighter, why: str, kinds: str = "", only: tuple[str, ...] = ()) -> None:
    """Profile ``ddm-guild.opportunity-attack``: each adjacent enemy able to react attacks once per turn (only
    enemies of ``kinds`` when a power says so; only the creatures ``only`` names when it is given)."""
    for e in b.enemies_of(mover):  # (a tuple, replaced, never changed, when the attacks below change who is in play)
        if not mover.in_play() or b.over:
            return
        if only and e.id not in only:
            continue
        if e.id in mover.provoked_by \
                or not (b.adjacent(e, mover) or (why == "move" and e.gained("threatening-reach"))) \
                or not e.can_react() or not e.makes_opportunity_attacks():
            continue  # ('Threatening Reach': leaving a square within its reach; in_range below measures it; where it
            # stands first, the cheapest ask)
        if kinds and not has_kinds(e, kinds):
            continue
        if why == "shift" and not e.awareness:
            continue
        mb = e.melee_basic()
        if mb is None or mb.attack is None or not in_range(b, e, mb, mb.attack, mover):
            continue
        mover.provoked_by.add(e.id)
        b.event("opportunity-attack", attacker=e.id, target=mover.id, why=why)
        attack(b, e, mb, mb.attack, [mover], opportunity=True)


def _evaded(t: Fighter, effects: tuple[Effect, ...]) -> tuple[Effect, ...]:
    """'Evasion: Never takes damage from a missed attack': a miss's damage to the target is not dealt."""
    if not t.gained("no-miss-damage"):
        return effects
    return tuple(e for e in effects if not (e.kind in ("damage", "ongoing") and e.who == "target"))


def may_attack(attacker: Fighter, target: Fighter) -> bool:
    """Not while it 'cannot attack', nor the creature whose power says it 'cannot attack this creature', nor a
    non-bloodied enemy while it 'cannot attack a non-bloodied enemy' (Murderous, while a state holds)."""
    if attacker.while_on and attacker.while_on.get("attack-bloodied-only", 0) and not target.bloodied:
        return False
    for e in attacker.effects:
        if e.kind == "condition" and (e.what == "no-attack" or (e.what == "no-attack-source"
                                                                 and e.source == target.id)):
            return False
    return True


def natural_in(face: int, faces: str) -> bool:
    """Whether an attack roll's d20 is among the faces a power names ("18-20")."""
    lo, hi = faces.split("-")
    return int(lo) <= face <= int(hi)


def form_barred(attacker: Fighter, spec: AttackSpec) -> bool:
    """An attack of a form it may not make now ('Other creatures within 2 squares of this creature cannot make {r},
    {c}, or {a} attacks')."""
    return bool((attacker.while_on or attacker.effects) and form_of(spec) in attacker.barred_forms())


def attack(b: Battle, attacker: Fighter, power: Power, spec: AttackSpec, targets: list[Fighter], *,
           charge: bool = False, opportunity: bool = False, bonus: int = 0, force: str = "", damage: int = 0) -> int:
    """Roll ``spec`` against each target (profiles ``ddm-guild.attack-roll``, ``.critical-hit``, ``.conceal``);
    returns the number of hits. The effects it puts in force count as ``power``'s (``recharge_unaffected``).
    ``bonus`` and ``damage``: what a power that grants the attack adds to it ('with +2 Attack', 'with +10 damage')."""
    b.applying.append((attacker.id, power.index))
    outer = b.run  # an attack made while another is resolved (a power answering it): that one is resolved on after
    try:
        return _attack(b, attacker, power, spec, targets, charge, opportunity, bonus, force, damage)
    finally:
        b.applying.pop()
        b.run = outer


def more_ongoing(b: Battle, f: Fighter, e: Effect, src: Fighter) -> None:
    """'That target has +5 ongoing poison damage (cumulative)': the largest ongoing damage of that type it takes (the
    one that counts) is that much more; nothing when it takes none."""
    now = [x for x in f.effects if x.kind == "ongoing" and (not e.what or x.what == e.what)]
    if not now:
        return
    top = max(now, key=lambda x: x.amount)
    top.amount += e.amount
    b.version += 1
    b.event("effect", creature=f.id, eid=top.eid, effect="ongoing", what=top.what, amount=top.amount,
            duration=top.duration, source=src.id, more=e.amount)


def hit_or_miss_aura(b: Battle, attacker: Fighter, spec: AttackSpec, hit: bool) -> None:
    """What an aura it stands in gives its attack's hit or miss: 'Allies in aura heal 5 HP whenever hitting with a {m}
    attack' (Image of Valor), 'take 5 damage whenever they miss' (Dominion of Fear); of several such auras, the
    largest (profile ``ddm-guild.auras``)."""
    heal_hp = attacker.while_on.get("hit-heal-melee", 0)
    if hit and heal_hp and spec.form == "melee":
        DM.heal(b, attacker, heal_hp)
    hurt = attacker.while_on.get("miss-damage", 0)
    if not hit and hurt:
        DM.deal_damage(b, attacker, [(hurt, "")], None)


def challenged(b: Battle, attacker: Fighter, targets: list[Fighter], opportunity: bool) -> int:
    """Profile ``ddm-guild.challenge``: an attack that does not target the creature that challenged its attacker
    ('until start of this creature's next turn, whenever that enemy attacks, if it does not target this creature, it
    takes 10 radiant damage and has -2 Attack on that attack roll'; 'when taking an attack action that does not include
    this creature as a target': an attack on its own turn, not an opportunity attack; Combat Challenge's aura of
    that): the damage as it is declared; returns the penalty on its attack rolls."""
    penalty = 0
    hurt: list[tuple[int, str, Fighter]] = []
    action = not opportunity and b.active is attacker
    for e in attacker.effects:
        if e.kind != "challenge" or ("action" in e.extra and not action):
            continue
        src = b.by_id.get(e.source)
        if src is None or not src.in_play() or src in targets:
            continue
        penalty += e.amount
        n, _, dtype = e.what.partition(":")
        if int(n):
            hurt.append((int(n), dtype, src))
    if action and attacker.while_on and attacker.while_on.get("challenge-aura", 0):
        for o in b.enemies_of(attacker):  # (Combat Challenge: each such aura it stands in whose creature it ignores)
            for what, amount, flt, size in o.aura_gains:
                if what == "challenge-aura" and o not in targets and aura_reaches(b, o, attacker, flt, size):
                    penalty += amount
    for n_dmg, dtype, src in hurt:
        if attacker.in_play() and not b.over:
            b.event("challenge", creature=attacker.id, source=src.id)
            DM.deal_damage(b, attacker, [(n_dmg, dtype)], src)
    return penalty


def _next_hit(f: Fighter, spec: AttackSpec, power: Power) -> str:
    """What an effect on ``f`` makes of its next attack of a form ('its next {m} attack is a critical': "crit"; '... is
    an automatic hit': "auto"), the critical hit first; "" when none (the effect ends once that attack is made)."""
    found = ""
    for e in f.effects:
        if e.kind == "hit" and _form_matches(e.filter.attack_form, spec, power) and found != "crit":
            found = e.what
    return found


def second_bonus(effects: tuple[Effect, ...], stat: str) -> int:
    """'If both attacks hit, +10 Damage on the second attack', 'If the first hits, +4 Attack on the second': what
    the second of two attacks against one target gains when the first hit."""
    return sum(e.amount for e in effects if "second-if-first" in e.extra and e.what == stat)


def _attack(b: Battle, attacker: Fighter, power: Power, spec: AttackSpec, targets: list[Fighter], charge: bool,
            opportunity: bool, bonus: int, force: str, damage: int = 0) -> int:
    hits = 0
    if form_barred(attacker, spec) or (not power.is_basic and attacker.gained("only-basic")):
        b.event("attack-barred", creature=attacker.id, power=power.name)  # ('can make only {b} attacks')
        return 0
    for t in targets:  # ('+2 Attack and +5 Damage on {r} attacks until it is attacked')
        if t.effects:
            b.end_until(t, "until-attacked", "attacked")
    if (attacker.effects or attacker.while_on) and any(not may_attack(attacker, t) for t in targets):
        targets = [t for t in targets if may_attack(attacker, t)]
        if not targets:
            return 0
    if gaze(power) and any("gaze" in t.immune for t in targets):  # 'Blind': immune to powers named Gaze
        targets = [t for t in targets if "gaze" not in t.immune]
        if not targets:
            return 0
    if spec.defence == "will" and any(t.gained("no-will-attacks") for t in targets):  # an Object
        targets = [t for t in targets if not t.gained("no-will-attacks")]
        if not targets:
            return 0
    if spec.form == "ranged" and attacker.reloading() == "ranged" and b.active is attacker:
        return 0  # Slow Reload: not after it moved this turn
    attacker.attacked = True  # for 'RECHARGE at end of its turn if it did not attack'
    if spec.form == "ranged":
        attacker.ranged_attacked = True
    if spec.form == "melee":
        attacker.melee_attacked = True  # 'if it did not make a {M} attack during that turn'
    if spec.provokes and spec.form not in ("melee", "close-burst", "close-blast") and not opportunity \
            and not (spec.form == "ranged" and attacker.gained("ranged-no-provoke")) \
            and not attacker.gained("attacks-no-provoke"):  # ('its {r} attacks do not provoke opportunity attacks',
        provoke(b, attacker, "ranged")  # 'Never provokes opportunity attacks'; a close burst or blast provokes none)
    if spec.draws and not opportunity:  # 'Provokes opportunity attacks. +14 vs. AC', '... attack from target.'
        provoke(b, attacker, "attack", only=tuple(t.id for t in targets) if spec.draws == "target" else ())
        if not attacker.in_play() or b.over:
            return 0
    b.attacks_rolled += 1
    if b.challenges:  # ('Divine Challenge', 'Eyes on Me': as it attacks)
        if attacker.effects or attacker.while_on:
            bonus -= challenged(b, attacker, targets, opportunity)
        if not opportunity and b.active is attacker and not b.over and attacker.in_play():  # its attack action
            TR.fire(b, "enemy-ignores", [x for x in b.enemies_of(attacker) if x not in targets], target=attacker)
        if b.over or not attacker.in_play():
            return 0
    if targets:  # 'when this creature uses Cold Breath': once, as the attack is made
        TR.fire(b, "uses-attack", [attacker], run=Run(attacker, power, spec, targets[0], charge, opportunity))
        if b.over or not attacker.in_play():
            return 0
    last: Run | None = None
    for t in targets:
        if b.over or not attacker.in_play():
            break
        if not t.in_play():
            continue
        run = Run(attacker, power, spec, t, charge, opportunity)
        run.targets, run.enemy_targets = len(targets), sum(x.player != attacker.player for x in targets)
        run.bonus_attack = bonus
        if damage:
            run.bonus_damage.append((damage, ""))
        run.force = force or _next_hit(attacker, spec, power)  # a granted attack that 'is an automatic hit and a
        # critical hit'; 'its next {m} attack is a critical hit'
        b.run = run
        last = run
        defenders = [x for x in b.allies_of(t) if b.gap(x, attacker) <= TR._own_reach(x)] \
            if attacker.player != t.player else []  # adjacent, or in its reach ('an enemy ... against an ally': not
        # an ally's burst)
        if defenders:
            TR.fire(b, "enemy-attacks-ally", defenders, target=attacker, ally=t, run=run)
            if not t.in_play() or not attacker.in_play():
                continue
        TR.fire(b, "ally-attacked", b.allies_of(t), target=attacker, ally=t, run=run)
        if not t.in_play() or not attacker.in_play():
            continue
        for e in attacker.effects[:]:  # 'That enemy has -4 Attack until it targets this creature with an attack'
            if e.duration == "until-targets-source" and e.source == t.id:  # (its penalty ends as it declares it)
                b.end_effect(attacker, e, "targeted")
        answered = run.redirect is None  # the creature attacked answers, unless an ally took the attack over
        if answered:
            t.attacked_by.add(attacker.id)  # 'against targets that made an attack against it this round'
            TR.fire(b, "attacked", [t], target=attacker, run=run)
        TR.fire(b, "declares", [attacker], target=t, run=run)
        allies = b.allies_of(attacker)
        TR.fire(b, "ally-declares", allies, target=t, ally=attacker, run=run)
        TR.fire(b, "friend-declares", [attacker, *allies], target=t, ally=attacker, run=run)
        TR.fire(b, "enemy-declares", b.enemies_of(attacker), target=attacker, run=run)
        if not t.in_play() or not attacker.in_play():
            continue
        guard = run.redirect
        if guard is not None and guard is not t and guard.in_play() and _redirect_stands(b, attacker, t, run):
            # the attack, once declared, targets the creature that took it over ('cannot be redirected': not)
            b.event("redirect", attacker=attacker.id, target=t.id, to=guard.id)
            t = guard
            run.target = guard
            run.bonus_defence = {}  # ('+2 AC against that attack' was the first target's, and its resistance)
            run.halve, run.resist_all = False, 0
            answered = False
        if not answered:
            t.attacked_by.add(attacker.id)
            TR.fire(b, "attacked", [t], target=attacker, run=run)
            if not t.in_play() or not attacker.in_play():
                continue
        hit, crit, roll, total, target_def, mods = _roll_answered(b, attacker, t, power, spec, run)
        if not attacker.in_play() or b.over:
            return hits
        if not t.in_play():
            continue
        if run.negated:  # 'when targeted by an opportunity attack: that attack automatically misses' (before the roll)
            hit = crit = False
        if hit and not spec.auto_hit and not run.force and TR.offer_rerolls(b, attacker, t, run, True):
            # the target's side has a hit rolled again: the new roll stands
            hit, crit, roll, total, target_def, mods = _roll_answered(b, attacker, t, power, spec, run)
            if not attacker.in_play() or b.over:
                return hits
            if not t.in_play():
                continue
        if not hit:
            TR.fire(b, "misses", [attacker], target=t, run=run)
            TR.fire(b, "ally-misses", b.allies_of(attacker), target=t, ally=attacker, run=run)
            TR.fire(b, "enemy-misses", b.enemies_of(attacker), target=attacker, run=run)
            TR.fire(b, "any-misses", [x for x in b.fighters if x.in_play() and x is not attacker], target=attacker,
                    run=run)
            # a power's reroll, or the attack's own "reroll once on miss"
            if TR.offer_rerolls(b, attacker, t, run, False) or _own_reroll(b, attacker, t, power, spec):
                hit, crit, roll, total, target_def, mods = _roll_answered(b, attacker, t, power, spec, run)
                if not attacker.in_play() or b.over:
                    return hits
                if not t.in_play():
                    continue
        run.hit, run.crit = hit, crit
        run.rolled = True
        w = attacker.while_on
        if w and (w.get("hit-heal-melee", 0) or w.get("miss-damage", 0)):  # ('allies in aura heal 5 HP whenever ...')
            hit_or_miss_aura(b, attacker, spec, hit)
            if not attacker.in_play() or b.over:
                return hits
        if hit:
            TR.fire(b, "hits", [attacker], target=t, run=run)
            if opportunity:
                TR.fire(b, "opportunity-hits", [attacker], target=t, run=run)
            TR.fire(b, "ally-hits", b.allies_of(attacker), target=t, ally=attacker, run=run)
            TR.fire(b, "hit-by", [t], target=attacker, run=run)
            TR.fire(b, "ally-hit", b.allies_of(t), target=attacker, ally=t, run=run)
            TR.fire(b, "enemy-hits", b.enemies_of(attacker), target=attacker, run=run)
            TR.fire(b, "any-hits", [x for x in b.fighters if x.in_play() and x is not attacker], target=attacker,
                    run=run)
            TR.fire(b, "friend-hits", [attacker, *b.allies_of(attacker)], target=t, ally=attacker, run=run)  # 'it or
            TR.fire(b, "friend-hit", [t, *b.allies_of(t)], target=attacker, ally=t, run=run)  # an ally hits / is hit'
            if run.swap is not None and run.swap.in_play() and _redirect_stands(b, attacker, t, run):  # 'an
                t = _hit_instead(b, attacker, t, run)  # adjacent Beast ally is hit instead', 'That attack hits this
                # creature instead'
                crit = crit and "critical hits" not in t.immune and "criticals" not in t.immune
                if not t.in_play() or not attacker.in_play():
                    continue
            if run.force == "crit" and not crit:  # 'when an ally hits: ... that attack becomes a critical hit'
                crit = "critical hits" not in t.immune and "criticals" not in t.immune and not spec.no_crit
            if crit and not run.negated:
                _crit_events(b, attacker, t, run)
                if run.uncrit:  # 'that attack is a normal hit instead'
                    crit = False
            if run.negated:
                hit = crit = False
        else:
            TR.fire(b, "missed-by", [t], target=attacker, run=run)
            TR.fire(b, "ally-missed", b.allies_of(t), target=attacker, ally=t, run=run)  # 'an enemy misses an ally'
            if run.swap is not None and run.swap.in_play() and _redirect_stands(b, attacker, t, run):
                # 'when a {r} attack misses it: the attack instead hits 1 enemy within 5 squares of it'
                t = _hit_instead(b, attacker, t, run)
                hit = run.hit = True
                if not t.in_play() or not attacker.in_play():
                    continue
        if not attacker.in_play():  # destroyed by an answer to its roll (Fire Shield, Ice Spikes): the attack ends
            return hits
        b.event("attack", attacker=attacker.id, target=t.id, power=power.name, roll=roll, total=total,
                defence=spec.defence, against=target_def, hit=hit, crit=crit, mods=mods)
        if b.over:
            return hits
        ctx = power_ctx(Ctx(attacker, t, None, run), power)
        if hit:
            for p in attacker.powers:
                if (p.recharge.startswith("hits:") and _form_matches(p.recharge[5:], spec, power)) \
                        or (p.recharge == "this-hits" and p is power):
                    TR.recharge_one(b, attacker, p)
        else:
            for p in attacker.powers:
                if p.recharge == "misses" and (p is power or p.attack is None):
                    TR.recharge_one(b, attacker, p)
        if hit:
            hits += 1
            attacker.hit_with.add((power.name.casefold(), t.id))  # ('targets previously hit by its Smite')
            _hit(b, attacker, t, power, spec, run, crit, ctx)
        else:
            FX.apply_effects(b, _evaded(t, spec.miss), ctx)
        if spec.always and not b.over:
            always = spec.always if hit else _evaded(t, spec.always)
            FX.apply_effects(b, _damage_only(always) if run.no_riders else always, ctx)
        run.hit, run.resolved = hit, True
        for waiting, c, g in run.deferred:  # 'use when it declares an attack: if that attack hits, ...'
            if not b.over and FX.outcome_met(waiting, run):
                FX.apply_effect(b, waiting, c, g)
        if hit and not b.over and attacker.in_play():  # 'after it resolves a successful Grab attack'
            TR.fire(b, "resolves-hit", [attacker], target=t, run=run)
        if not b.over and attacker.in_play():  # 'use after an enemy resolves an attack against it / an adjacent ally'
            TR.fire(b, "resolved-against", [t], target=attacker, run=run)
            TR.fire(b, "ally-attack-resolved", b.allies_of(t), target=attacker, ally=t, run=run)
    for e in attacker.effects[:]:
        # 'until after it attacks'; a bonus for its next attack of a form ends with an attack of that form only; 'Resist
        # 5 All until it moves or attacks'
        if ((e.duration == "after-attack" or "next-attack" in e.extra) and (
                not e.filter.attack_form or _form_matches(e.filter.attack_form, spec, power))) \
                or e.duration == "until-moves-or-attacks":
            b.end_effect(attacker, e, "attacked")
        elif e.duration == "after-hit" and hits:  # 'until after it hits with an attack'
            b.end_effect(attacker, e, "hit")
    b.run = None
    if last is not None and attacker.in_play() and not b.over:  # "use after it makes a {m} attack"
        TR.fire(b, "attack-made", [attacker], target=last.target, run=last)
        if opportunity:
            TR.fire(b, "opportunity-made", [attacker], target=last.target, run=last)
    return hits


def _redirect_stands(b: Battle, attacker: Fighter, t: Fighter, run: Run) -> bool:
    """A redirect is made unless the attack 'cannot be redirected', or a power of the attacker's side answers it ('Use
    when an attack is redirected: That attack is not redirected instead': its own side's attack, taken from its target
    by the other side's power)."""
    if not run.fixed:
        TR.fire(b, "redirected", [attacker, *b.allies_of(attacker)], target=t, run=run)
    return not run.fixed


def _hit_instead(b: Battle, attacker: Fighter, t: Fighter, run: Run) -> Fighter:
    """The attack, its roll known, hits the creature a power gave it to (profile ``ddm-guild.redirect-away``), whatever
    that creature's defences; its 'when hit' powers answer."""
    taker = run.swap
    assert taker is not None
    b.event("redirect", attacker=attacker.id, target=t.id, to=taker.id)
    run.target = taker
    TR.fire(b, "hit-by", [taker], target=attacker, run=run)
    return taker


def _crit_events(b: Battle, attacker: Fighter, t: Fighter, run: Run) -> None:
    """The powers a critical hit calls: the attacker's, its allies', its enemies', the target's own."""
    TR.fire(b, "crits", [attacker], target=t, run=run)
    allies = b.allies_of(attacker)
    TR.fire(b, "ally-crits", allies, target=t, ally=attacker, run=run)
    TR.fire(b, "friend-crits", [attacker, *allies], target=t, ally=attacker, run=run)
    TR.fire(b, "enemy-crits", b.enemies_of(attacker), target=attacker, run=run)
    TR.fire(b, "crit-by", [t], target=attacker, run=run)
    TR.fire(b, "ally-crit-by", b.allies_of(t), target=attacker, ally=t, run=run)  # 'against an adjacent ally'
    TR.fire(b, "friend-crit-by", [t, *b.allies_of(t)], target=attacker, ally=t, run=run)  # 'against it or an ally'
    TR.fire(b, "any-crits", [x for x in b.fighters if x.in_play()], target=t, run=run)


def _roll(b: Battle, attacker: Fighter, t: Fighter, power: Power, spec: AttackSpec,
          run: Run) -> tuple[bool, bool, int, int, int, list[str]]:
    roll = b.dice.roll(20, "attack")
    for _ in range(spec.rolls - 1):  # 'Roll 4d20 and use the highest result'
        roll = max(roll, b.dice.roll(20, "attack"))
    run.natural = roll
    bonus, mods = attack_bonus(b, attacker, t, power, spec, run.charge, run.opportunity)
    total = roll + attack_rating(b, attacker, t, spec) + bonus + run.bonus_attack
    target_def = defence(b, t, spec.defence or "ac", attacker, spec, power, run.opportunity) + _run_defence(
        run, spec.defence or "ac")
    if spec.ac_cap and (spec.defence or "ac") == "ac":  # 'Treats targets with AC greater than 25 as AC 25'
        target_def = min(target_def, spec.ac_cap)
    if spec.auto_hit or run.force:  # 'that attack is an automatic hit (and a critical hit)'
        crit = run.force == "crit" and "critical hits" not in t.immune and "criticals" not in t.immune \
            and not spec.no_crit
        return True, crit, roll, total, target_def, mods
    # ('rolls of natural 1 are not automatic misses with this attack')
    hit = (roll != R.AUTO_MISS or "auto-miss" in spec.ignores) and (roll >= R.AUTO_HIT or total >= target_def)
    crit = hit and not spec.no_crit and roll >= min(_keen(b, attacker, t, power, spec), R.AUTO_HIT)
    conceal = t.conceal_vs(b.adjacent(attacker, t))
    if hit and conceal and roll < conceal and not b.ignores_conceal(attacker, t) and "conceal" not in spec.ignores \
            and not (attacker.while_on and b.senses(attacker, t, "conceal-d20")
                     and b.dice.roll(20, "conceal") >= conceal):  # ('Scent: roll an extra 1d20 against the enemy's
        hit = crit = False  # Conceal and use the higher result': a second d20 the Conceal may miss on too)
        mods = [*mods, f"conceal{conceal}"]
    if not hit and t.gained("hit-automatically"):  # 'Attacks against this creature are automatic hits' (a critical
        hit = True  # hit still on its roll)
    if (crit and "critical hits" in t.immune) or (crit and "criticals" in t.immune):
        crit = False
    return hit, crit, roll, total, target_def, mods


_RUN_DEFENCES: Final = {"ac": "ac", "fort": "fort", "ref": "ref", "will": "will", "defenses": "all",
                        "defenses-nonac": "nonac", "def": "nonac"}


def _run_defence(run: Run, which: str) -> int:
    """What powers answering this attack gave its target against it ('+2 AC against that attack'): the defence the
    attack is rolled against (the lower of "ac|ref" is taken by ``defence``; a bonus to either counts), and "all"."""
    if not run.bonus_defence:
        return 0
    named = max((run.bonus_defence.get(w, 0) for w in which.split("|")), default=0)
    nonac = run.bonus_defence.get("nonac", 0) if which != "ac" else 0
    return named + nonac + run.bonus_defence.get("all", 0)


def _own_reroll(b: Battle, attacker: Fighter, t: Fighter, power: Power, spec: AttackSpec) -> bool:
    """The attack's own 'reroll once on miss' ('On miss, if target is adjacent, reroll the attack (maximum once per
    turn)': only then, and once between two of its turns)."""
    if not spec.reroll_miss or (spec.reroll_if == "adjacent" and not b.adjacent(attacker, t)):
        return False
    if spec.reroll_limit == "turn":  # counted with the other limits its words set this turn (see _extra_allowed)
        key = f"{power.index}:reroll"
        if attacker.extra_turn.get(key, 0):
            return False
        attacker.extra_turn[key] = 1
    return True


def _roll_answered(b: Battle, attacker: Fighter, t: Fighter, power: Power, spec: AttackSpec,
                   run: Run) -> tuple[bool, bool, int, int, int, list[str]]:
    """An attack roll against ``t`` (:func:`_roll`) and the powers its die calls (:func:`_rolled`): the first roll
    and every roll made again are both."""
    hit, crit, roll, total, target_def, mods = _roll(b, attacker, t, power, spec, run)
    hit, crit = _rolled(b, attacker, t, run, hit, crit)
    return hit, crit, roll, total, target_def, mods


def _rolled(b: Battle, attacker: Fighter, t: Fighter, run: Run, hit: bool, crit: bool) -> tuple[bool, bool]:
    """The powers an attack roll's die calls ('whenever it rolls a natural 17-20 with an attack', 'when an ally makes a
    {m} attack, if the attack roll is a natural 16-20') before its hit or miss is known; one may make it 'a hit and a
    critical hit'."""
    TR.fire(b, "rolls", [attacker], target=t, run=run)
    TR.fire(b, "ally-rolls", b.allies_of(attacker), target=t, ally=attacker, run=run)
    TR.fire(b, "any-rolls", [x for x in b.fighters if x.in_play()], target=t, run=run)  # 'when any creature makes an
    # attack, if the attack roll is a natural 16-20'
    if run.force and not b.over and t.in_play():
        immune = "critical hits" in t.immune or "criticals" in t.immune
        return True, (crit or run.force == "crit") and not immune and not run.spec.no_crit
    return hit, crit


def attack_rating(b: Battle, attacker: Fighter, t: Fighter, spec: AttackSpec) -> int:
    """The attack's printed bonus, or its other one against a target in the state it names ('+9 vs. AC, +14 vs. AC
    instead if target is bloodied')."""
    if spec.alt_gate.target_state and target_state_ok(b, spec.alt_gate, attacker, t, spec.form == "melee"):
        return spec.alt_bonus
    return spec.bonus


def _keen(b: Battle, attacker: Fighter, t: Fighter, power: Power, spec: AttackSpec) -> int:
    """The lowest natural roll that is a critical hit: 20, or a card's Keen Critical (with some attacks, against some
    targets)."""
    out = attacker.keen
    for n, flt in attacker.keen_when:
        if n < out and _form_matches(flt.attack_form, spec, power) \
                and (not flt.keyword or has_kinds(t, flt.keyword)) \
                and (not flt.target_state or target_state_ok(b, flt, attacker, t, spec.form == "melee")) \
                and (not flt.self_state or holds(b, flt.self_state, attacker)):  # ('whenever adjacent to a Fire ally')
            out = n
    for owner in b.aura_owners:  # an aura's: 'Beast allies score criticals on attack rolls of natural 18+'
        if not owner.in_play() or owner is attacker:
            continue
        for a_stat, n, flt, size in owner.auras:
            if a_stat == "keen" and n < out and aura_reaches(b, owner, attacker, flt, size) \
                    and _form_matches(flt.attack_form, spec, power) \
                    and (not flt.target_state or aura_target_ok(b, flt, owner, attacker, t, spec.form == "melee")):
                out = n
    for e in attacker.effects:  # 'allies score critical hits on a natural 19-20 until end of round'
        if e.kind == "mod" and e.what == "keen" and e.amount < out \
                and _form_matches(e.filter.attack_form, spec, power) \
                and (not e.filter.target_state or target_state_ok(b, e.filter, attacker, t, spec.form == "melee")):
            out = e.amount
    return out


def _crit_multiplier(attacker: Fighter, spec: AttackSpec, power: Power) -> int:
    """Profile ``ddm-guild.critical-hit``, or a card's 'triple damage on criticals' (of its {M} attacks)."""
    out = R.CRIT_MULTIPLIER
    for n, form in attacker.crit_multipliers:
        if n > out and _form_matches(form, spec, power):
            out = n
    return out


def gated_hit(b: Battle, attacker: Fighter, t: Fighter, spec: AttackSpec) -> tuple[Effect, ...] | list[Effect]:
    """The riders of a hit on ``t``: those that depend on the target ('+15 damage if the target is bloodied') only
    when it is in that state before the hit's effects; one marked "instead" replaces the rider of its kind
    before it ('Dazed target is Stunned instead'; profile ddm-guild.instead)."""
    if not any(e.gate.target_state for e in spec.hit):
        return spec.hit
    return gated(b, attacker, t, spec.hit, spec.form == "melee")


def gated(b: Battle, holder: Fighter, t: Fighter | None, effects: tuple[Effect, ...] | list[Effect],
          melee: bool = False) -> list[Effect]:
    """``effects`` less those whose target state ``t`` is not in; an "instead" one replaces the one of its kind
    before it ('Score +5 VP, or +10 VP if the enemy is a Champion')."""
    out: list[Effect] = []
    for e in effects:
        if e.gate.target_state:
            if not target_state_ok(b, e.gate, holder, t, melee):
                continue
            if "instead-damage" in e.extra:  # ('Undead creatures instead heal 20 HP'): none of the damage
                out = [x for x in out if x.kind not in ("damage", "ongoing") or x.who != "target"]
            elif "instead" in e.extra:
                out = [x for x in out if x.kind != e.kind or "bonus" in x.extra]
        out.append(e)
    return out


def _hit(b: Battle, attacker: Fighter, t: Fighter, power: Power, spec: AttackSpec, run: Run, crit: bool,
         ctx: Ctx) -> None:
    parts: list[tuple[int, str]] = []
    others: list[Effect] = []
    first = True
    normal_crit = crit and t.gained("no-crit-damage") > 0  # 'Takes no extra damage from critical hits'
    for e in gated_hit(b, attacker, t, spec):
        if "second-if-first" in e.extra:  # (its action gave it to the second attack already)
            continue
        if e.kind == "damage" and e.who == "target":
            amount = e.amount
            if "^" in e.what:  # "20 fire damage or 20 cold damage": the type that hurts the target most
                e = Effect("damage", e.who, e.amount, _best_type(t, e.what.split("^")), extra=e.extra)
            if crit and first and "bonus" not in e.extra and not normal_crit:
                amount *= _crit_multiplier(attacker, spec, power)  # profile ddm-guild.critical-hit
            if first and run.base_type and "bonus" not in e.extra:  # 'That attack's base damage becomes fire
                e = replace(e, what=run.base_type)  # damage instead of its normal type'
            first = False
            parts.append((amount, e.what))
        else:
            others.append(e)
    if parts:
        extra = _stat_mods(b, attacker, "damage", t, spec, power, run.charge, run.opportunity)
        if extra > 0:
            parts.append((extra, ""))
        for s_stat, n, flt in attacker.static_mods:
            if flt.natural and not natural_in(run.natural, flt.natural):  # ('on natural attack rolls of 19 or 20')
                continue
            if s_stat.startswith("damage:") and self_state_ok(b, flt, attacker, run.charge, run.opportunity) \
                    and _form_matches(flt.attack_form, spec, power) \
                    and target_state_ok(b, flt, attacker, t, spec.form == "melee"):
                dtype, _, per = s_stat[7:].partition("*each:")  # '+10 radiant damage per Dragon ally adjacent to it'
                parts.append((per_count(b, attacker, t, per, n) if per else n, dtype))
        for active in attacker.effects:
            if active.kind == "mod" and active.what == "damage" and _typed(active.extra) \
                    and _form_matches(active.filter.attack_form, spec, power) \
                    and (not active.filter.target_state or target_state_ok(b, active.filter, attacker, t,
                                                                            spec.form == "melee")):
                parts.append((active.amount, _typed(active.extra)))  # '+5 fire damage with {m} attacks
        parts.extend(x for x in run.bonus_damage if x[0] > 0)
        if crit and attacker.crit_damage and not normal_crit:  # '+10 (poison) Damage on criticals'
            parts.extend(attacker.crit_damage)
        if extra < 0:  # '-5 damage with {m} attacks': less of the attack's damage, its first part first
            floor = max((int(w[4:]) for a in attacker.effects if a.kind == "mod" and a.what == "damage" and a.amount < 0
                         for w in a.extra if w.startswith("min:")), default=0)  # '-10 Damage (minimum 5 damage)'
            parts = _reduce(parts, min(-extra, max(0, sum(x for x, _ in parts) - floor)) if floor else -extra)
        less = -sum(x[0] for x in run.bonus_damage if x[0] < 0)  # ('Use when this creature is hit by a {m} attack:
        if less:  # -10 damage on that attack': less of it, as above, not a part that deals nothing)
            parts = _reduce(parts, less)
        total_before = sum(x for x, _ in parts)
        if attacker.has("weakened"):
            parts = [(x // 2, d) for x, d in parts]
        if run.reduce:  # ('(minimum 10 damage)': no less than that left, when there was that much)
            parts = _reduce(parts, min(run.reduce, max(0, sum(x for x, _ in parts) - run.reduce_floor)))
        if total_before > 0:
            through = "insubstantial" in spec.ignores or attacker.gained("ignores-insubstantial") > 0 or (
                spec.form == "melee" and attacker.gained("ignores-insubstantial-melee") > 0)  # ('its {m} attacks
            DM.deal_damage(b, t, parts, attacker, crit=crit, form=form_of(spec),  # ignore Insubstantial')
                           shape=spec.form, ignore_insubstantial=through,
                           ignore_resist="resist" in spec.ignores or run.ignore_resist)
    if run.no_riders:  # 'ignore non-damage effects of that attack': on the one hit, its damage (and ongoing damage)
        others = _damage_only(others)  # only
    if run.cond_swap:  # 'Use when its basic melee attack hits: The target is Helpless instead of Immobilized'
        others = [replace(e, what=run.cond_swap[e.what]) if e.kind == "condition" and e.who == "target"
                  and e.what in run.cond_swap else e for e in others]
    group = FX.apply_effects(b, others, ctx, gates_done=True) if not b.over else 0
    if crit and spec.crit and not b.over:
        crit_riders = _damage_only(spec.crit) if run.no_riders else spec.crit
        if normal_crit:  # (no extra damage: what a critical hit adds besides damage only)
            crit_riders = [e for e in crit_riders if (e.who, e.kind) != ("target", "damage")]
        FX.apply_effects(b, crit_riders, ctx, group=group)  # ('Dazed (save ends); on a critical, target is also
        # Dominated (save ends both)': one save for both)


def _damage_only(effects: list[Effect] | tuple[Effect, ...]) -> list[Effect]:
    """Of an attack's effects, all but those that put something other than damage on its target."""
    return [e for e in effects if e.who != "target" or e.kind in ("damage", "ongoing")]


def _best_type(t: Fighter, types: list[str]) -> str:
    """Of damage types the attacker may pick, the one the target is not immune to, then the least resisted, then
    the most vulnerable (the first printed on a tie)."""
    immune = t.immune_now()
    resist = t.resist_now()

    def value(d: str) -> tuple[int, int, int]:
        return (d in immune, resist.get(d, 0), -t.vulnerable_now().get(d, 0))

    return min(types, key=value)


def _reduce(parts: list[tuple[int, str]], n: int) -> list[tuple[int, str]]:
    out = []
    for amount, dtype in parts:
        cut = min(amount, n)
        n -= cut
        out.append((amount - cut, dtype))
    return out


def extra_attack(b: Battle, f: Fighter, e: Effect, ctx: Ctx) -> None:
    """'Makes a {b} attack': an extra attack by ``f`` against the event's creature (or its best target); a
    Followup: its own attack against the same target."""
    which = e.what
    if which == "followup":
        t0 = ctx.target
        if e.follow is not None and ctx.run is not None and t0 is not None and t0.in_play() and f.in_play() \
                and _followup_due(e, ctx.run):
            attack(b, f, ctx.run.power, e.follow, [t0])
        return
    if which == "opportunity":  # 'make 1 opportunity attack against that enemy': one of its opportunity attacks
        _opportunity_against(b, f, ctx.target)  # (ddm-guild.opportunity-attack), against the event's enemy
        return
    if "if:destroyed" in e.extra and (ctx.run is None or ctx.run.target.alive):
        return  # ('AND if target is destroyed, make a {mb} attack': only once the hit destroyed it)
    power = extra_attack_power(f, which, ctx.run)
    if "dominated" in e.extra or "itself" in e.extra:
        _turned_attack(b, f, power, "itself" in e.extra)
        return
    that = _that_enemy(f, e, ctx)  # 'against that enemy': the event's creature, or no one
    if which == "basic" and power is not None and power.attack is not None and f.ranged_basic() is not None \
            and not any(in_range(b, f, power, power.attack, x) for x in ([that] if that else b.enemies_of(f))):
        power = f.ranged_basic()  # 'a melee basic or ranged attack': the one that reaches an enemy
    if power is None or power.attack is None:
        return
    if "that" in e.extra and (that is None or not in_range(b, f, power, power.attack, that)):
        return  # (never another enemy)
    if f is not ctx.source and "immediate" in e.extra:  # another creature's attack as its immediate action
        if not f.immediate_ready():
            return
        f.immediate_used = True
    if power.attack.form == "close-burst":  # 'make a Toxic Burst attack': around it, once, when it reaches an enemy
        around = area_targets(b, f, power.attack, None)
        if f.in_play() and any(x.player != f.player for x in around):
            aimed, b.area_aimed = b.area_aimed, frozenset(area_squares(b, f, power.attack, None))
            attack(b, f, power, power.attack, around)
            b.area_aimed = aimed
        return
    if power.attack.form in ("close-blast", "area", "line"):  # 'make a Lightning Blast attack': where it takes the
        taken = TR._triggered_area(b, f, power.attack, ctx.target)  # event's enemy, then the most enemies, once
        if f.in_play() and taken:
            attack(b, f, power, power.attack, taken)
        return
    if "each-adjacent" in e.extra:  # 'Make 1 Bite attack against each adjacent enemy': one roll against each
        for x in [x for x in b.enemies_of(f) if b.adjacent(f, x) and in_range(b, f, power, power.attack, x)]:
            if b.over or not f.in_play():
                return
            if x.in_play():
                attack(b, f, power, power.attack, [x], bonus=e.amount)
        return
    for _ in range(max(1, e.count)):
        if b.over or not f.in_play():
            return
        t = ctx.target if ctx.target is not None and ctx.target.player != f.player else None
        if "nearest" in e.extra or e.filter.target_state:  # 'against the nearest target', 'against an Immobilized
            t = _aimed_target(b, f, e, power)  # enemy': that creature, not the event's
            if t is None:
                return
        if t is None or not t.in_play() or not in_range(b, f, power, power.attack, t):
            if "that" in e.extra:  # (never another enemy)
                return
            cands = [x for x in b.enemies_of(f) if in_range(b, f, power, power.attack, x)]
            if not cands:
                return
            cands.sort(key=lambda x: (x.hp, x.id))
            t = cands[0]
        if "other-target" in e.extra and t is ctx.target:  # 'a {B} attack against a different target'
            others = [x for x in b.enemies_of(f) if x is not ctx.target and in_range(b, f, power, power.attack, x)]
            if not others:
                return
            t = sorted(others, key=lambda x: (x.hp, x.id))[0]
        force = next((x[6:] for x in e.extra if x.startswith("force:")), "")
        if not _extra_allowed(f, e, power, ctx.run):
            return
        damage = next((int(x[7:]) for x in e.extra if x.startswith("damage:")), 0)
        spec = replace(power.attack, provokes=False) if "no-provoke" in e.extra else power.attack  # ('an attack that
        ctx.own_hits += attack(b, f, power, spec, [t], bonus=e.amount, force=force, damage=damage)  # does not
        # provoke ...')


def _that_enemy(f: Fighter, e: Effect, ctx: Ctx) -> Fighter | None:
    """The enemy an extra attack 'against that enemy' (the target, the attacker) names: the event's creature, in
    play and of the other side; None when it names none or that creature is not such an enemy."""
    t = ctx.target
    if "that" not in e.extra or t is None or t.player == f.player or not t.in_play():
        return None
    return t


def does_nothing(b: Battle, f: Fighter, p: Power, ctx: Ctx) -> bool:
    """A power none of whose effects would change anything now, which its player would not use (nothing spent):
    'make a {b} attack against that enemy' when it reaches no such enemy, 'Recharge one use of an Ally's Champion
    Powers' when no ally has spent one, 'RECHARGE one of that Dragon's attack powers' when it has spent none."""
    return p.attack is None and not p.attacks_made and bool(p.effects) and all(
        _idle(b, f, e, ctx) for e in p.effects)


def _idle(b: Battle, f: Fighter, e: Effect, ctx: Ctx) -> bool:
    if e.kind == "attack":
        return e.who == "self" and that_out_of_reach(b, f, e, ctx)
    if e.kind == "recharge" and e.what == "attack-power":
        return not any(q.uses and x.uses.get(q.index, 0) < q.uses and (q.attack is not None or q.attacks_made)
                       for x in FX.pick(b, e.who, e, ctx) for q in x.powers)
    if e.kind == "recharge" and e.what.startswith("power:"):
        names = e.what[6:].split("|")
        return not any(q.name.casefold() in names and q.uses and f.uses.get(q.index, 0) < q.uses for q in f.powers)
    if e.kind == "champion-uses":
        whom = FX.pick(b, e.who, e, ctx)
        if e.amount > 0:
            return not any(x.champion_left < (x.card.champion_rating or 0) for x in whom)
        return not any(x.champion_left > 0 for x in whom)
    return False


def that_out_of_reach(b: Battle, f: Fighter, e: Effect, ctx: Ctx) -> bool:
    """An extra attack 'against that enemy' that ``f`` cannot make: no such enemy, or none of its attacks the effect
    names reaches it."""
    if e.kind != "attack" or "that" not in e.extra:
        return False
    that = _that_enemy(f, e, ctx)
    if that is None:
        return True
    options = [extra_attack_power(f, e.what, ctx.run), *([f.ranged_basic()] if e.what == "basic" else [])]
    return not any(p is not None and p.attack is not None and in_range(b, f, p, p.attack, that) for p in options)


def _opportunity_against(b: Battle, f: Fighter, t: Fighter | None) -> None:
    """An opportunity attack a power makes: its melee basic attack against that enemy, as ``provoke`` makes one (once
    a turn against that creature, when it can react and reaches it)."""
    if t is None or t.player == f.player or not t.in_play() or not f.in_play() or b.over:
        return
    if f.id in t.provoked_by or not f.can_react() or not f.makes_opportunity_attacks():
        return
    mb = f.melee_basic()
    if mb is None or mb.attack is None or not in_range(b, f, mb, mb.attack, t):
        return
    t.provoked_by.add(f.id)
    b.event("opportunity-attack", attacker=f.id, target=t.id, why="power")
    attack(b, f, mb, mb.attack, [t], opportunity=True)


def _aimed_target(b: Battle, f: Fighter, e: Effect, power: Power) -> Fighter | None:
    """The enemy an extra attack names ('the nearest target': the nearest it reaches, then the fewest hit points;
    'an Immobilized enemy': one in that state, the fewest hit points first), or None."""
    spec = power.attack
    if spec is None:
        return None
    cands = [x for x in b.enemies_of(f) if in_range(b, f, power, spec, x) and (
        not e.filter.target_state or target_state_ok(b, e.filter, f, x, spec.form == "melee"))]
    if not cands:
        return None
    if "nearest" in e.extra:
        return min(cands, key=lambda x: (b.gap(f, x), x.hp, x.id))
    return min(cands, key=lambda x: (x.hp, x.id))


def _followup_due(e: Effect, run: Run) -> bool:
    """'Followup if attack roll is a natural 16-20', 'Followup if attack causes target to become bloodied': the
    first attack's d20 in that range, its target bloodied by it (not before it)."""
    for x in e.extra:
        if x.startswith("natural:"):
            lo, hi = x[8:].split("-")
            if not int(lo) <= run.natural <= int(hi):
                return False
        elif x == "if:bloodies" and (run.was_bloodied or not run.target.bloodied):
            return False
    return True


def _extra_allowed(f: Fighter, e: Effect, power: Power, run: Run | None) -> bool:
    """'(maximum 2 per turn)', '(maximum 5 attacks per round)', '(maximum once per turn)' after an extra attack: how
    many a turn or a round allows, counted for each power that grants one. 'Maximum N' of an attack that repeats the
    one that granted it ('make this attack again', 'make another Five Arms attack') counts that attack too; 'once'
    ('make a {mb} attack (maximum once per turn)', 'repeat this attack ... (once per turn)') counts the extra one
    only. Taken when allowed."""
    cap = next((x for x in e.extra if x.startswith(("max:", "times:"))), "")
    if not cap:
        return True
    kind, n, per = cap.split(":")
    granting = run.power if run is not None else power
    repeat = power is granting and kind == "max"
    key = f"{granting.index}:{'same' if repeat else e.what}"
    made = f.extra_turn if per == "turn" else f.extra_round
    count = made.get(key, 1 if repeat else 0)
    if count >= int(n):
        return False
    made[key] = count + 1
    return True


def _can_attack(b: Battle, f: Fighter, e: Effect) -> bool:
    """Whether ``f`` could make the attack ``e`` grants now (its power, an enemy in range, its reaction if
    the attack is its immediate action)."""
    if "immediate" in e.extra and not f.immediate_ready():
        return False
    power = extra_attack_power(f, e.what)
    if power is None or power.attack is None:
        return False
    return any(in_range(b, f, power, power.attack, x) for x in b.enemies_of(f))


def _turned_attack(b: Battle, f: Fighter, power: Power | None, itself: bool) -> None:
    """Profile ``ddm-guild.turned-attack``: an attack's target made to attack 'as though Dominated' (its melee basic
    attack against a creature of its own warband in reach, the one with the fewest hit points, as a dominated creature
    does) or 'against itself' (its melee basic attack, else its ranged basic attack, rolled against its own defence;
    no opportunity attack is drawn)."""
    if itself and power is None:
        power = f.ranged_basic()
    if power is None or power.attack is None or not f.in_play() or b.over:
        return
    if itself:
        b.event("attacks-itself", creature=f.id)
        attack(b, f, power, replace(power.attack, provokes=False, draws=""), [f])
        return
    own = sorted((a for a in b.allies_of(f) if in_range(b, f, power, power.attack, a)), key=lambda a: (a.hp, a.id))
    if own:
        b.event("dominated-attack", creature=f.id, target=own[0].id)
        attack(b, f, power, power.attack, own[:1])


def extra_attack_power(f: Fighter, which: str, run: Run | None = None) -> Power | None:
    """The power an extra attack uses: 'basic', 'melee-basic', 'ranged-basic', 'same' (the attack in progress)
    or 'power:<name>' (an attack of its card); 'opportunity': its melee basic attack, as an opportunity attack."""
    if which in ("melee-basic", "opportunity"):
        return f.melee_basic()
    if which == "ranged-basic":
        return f.ranged_basic()
    if which == "basic" or which == "same":
        if run is not None and which == "same":
            return run.power
        return f.melee_basic() or f.ranged_basic()
    name = which[6:]
    return next((p for p in f.powers if p.attack is not None and p.name.casefold() == name), None)
