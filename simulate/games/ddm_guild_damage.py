"""The DDM Guild rules in play: damage and its consequences — damage dealt and lost (Resist, Vulnerable,
Insubstantial, shared and converted damage), healing, a creature destroyed, points scored, the round's awards and
the battle's end. Each rule's id in ``docs/rules/ddm-guild-play.md`` is named where it is applied; what it asks of
the battle without changing it is ``ddm_guild_judge``.
"""

from __future__ import annotations

from simulate.engine.grid import Sq
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_rules as R
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_judge import (
    Run,
    _form_matches,
    occupies,
    target_state_ok,
)
from simulate.games.ddm_guild_state import Battle, Fighter
from simulate.games.ddm_guild_vocab import (
    Filter,
)

# --- damage ------------------------------------------------------------------------------------------------------

def deal_damage(b: Battle, target: Fighter, parts: list[tuple[int, str]], source: Fighter | None, *,
                crit: bool = False, form: str = "", ignore_insubstantial: bool = False,
                ignore_resist: bool = False, shape: str = "") -> int:
    """Damage after immunities, vulnerability, resistance (profiles ``ddm-guild.immune``, ``.vulnerable``,
    ``.resist`` — combined per type, then Resist All), Insubstantial and Swarm halving; returns what was dealt."""
    if not target.in_play():
        return 0
    by_type: dict[str, int] = {}
    immune = target.immune_now()
    resist = {} if ignore_resist else target.resist_now()
    run = _hitting(b, target, source)
    if run is not None and not ignore_resist and run.resist_all > resist.get("all", 0):  # 'Resist 20 All vs. that
        resist = {**resist, "all": run.resist_all}  # attack' (resistances do not add: the larger)
    absorbed = 0
    dealt: set[str] = set()
    if source is not None and source.effects:  # 'whenever this creature would do poison damage, it does necrotic
        parts = _converted(source, parts)  # damage instead'
    for amount, dtype in parts:
        if amount <= 0:
            continue
        types = [t for t in dtype.split("/") if t] or [""]
        if any(t in immune for t in types if t):
            continue
        if target.absorb and any(t in target.absorb for t in types):  # 'heals 10 HP each time an effect would
            absorbed = max(absorbed, max(target.absorb.get(t, 0) for t in types))  # deal cold damage to it'
            continue
        key = types[0]
        by_type[key] = by_type.get(key, 0) + amount
        dealt.update(t for t in types[1:] if t)  # 'fire and radiant damage' deals both types
    total = 0
    vulnerable = target.vulnerable_now()
    for dtype, amount in by_type.items():
        if dtype and dtype in vulnerable:
            amount += vulnerable[dtype]
        if dtype and dtype in resist:
            amount = max(0, amount - resist[dtype])
        total += amount
    if "all" in vulnerable and total > 0:
        total += vulnerable["all"]
    if total > 0 and target.while_on and target.while_on.get("more-damage"):  # 'Whenever a Bloodied enemy within 5
        total += target.while_on["more-damage"]  # squares of this creature takes damage, that enemy takes +5 Damage'
    far = _far_attacker(b, target, source) if shape and target.while_on else {}
    if "resist-far" in far and not ignore_resist:  # 'Whenever attacked by a creature that is 7 or more squares away:
        resist = {**resist, "all": max(resist.get("all", 0), far["resist-far"])}  # Resist 10 All instead of ...'
    if "all" in resist:
        total = max(0, total - resist["all"])
    if target.resist_forms and form in target.resist_forms:  # 'Resist 5 All vs. melee attacks'
        total = max(0, total - target.resist_forms[form])
    if shape and not ignore_resist:  # ('... allies in aura have Resist 10 All vs. Blast and Burst attacks', 'takes 10
        less, least = target.resist_vs(shape)  # less Damage from {c} and {r} attacks (minimum 5 Damage)')
        if less:
            total = max(min(total, least), total - less)
    if target.is_insubstantial() and not crit and not ignore_insubstantial:
        total //= R.INSUBSTANTIAL_DIVISOR
    if (target.swarm and form in ("melee", "ranged")) or (form == "ranged" and target.halves_ranged()) \
            or "half-far" in far or (shape and target.gained("half-all")):  # half {R}; half from an attacker far
        # away; 'takes half damage from all attacks until it makes an attack'
        total //= 2
    if crit and target.resist_crit:  # 'Resist 15 All vs. critical hits'
        total = max(0, total - target.resist_crit)
    if run is not None and run.halve:  # 'Whenever this creature takes damage from a {c} or {a} attack: This
        total //= 2  # creature takes half damage from that attack'
    if absorbed:
        heal(b, target, absorbed)
    if total <= 0:
        return 0
    return lose_hp(b, target, total, source, tuple(sorted(dealt.union(d for d in by_type if d))))


def _far_attacker(b: Battle, target: Fighter, source: Fighter | None) -> dict[str, int]:
    """What ``target`` has against an attacker at least so many squares away ('resist-far:7' → {"resist-far": N},
    'half-far:7' → {"half-far": 1}), from its card or an aura (while_on)."""
    out: dict[str, int] = {}
    if source is None or source.pos is None or target.pos is None:
        return out
    for what, n in target.while_on.items():
        word, _, far = what.partition(":")
        if word in ("resist-far", "half-far") and far.isdigit() and b.gap(source, target) >= int(far):
            out[word] = max(out.get(word, 0), n)
    return out


def _converted(source: Fighter, parts: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Damage of a type its source deals as another for a while ('convert:poison:necrotic')."""
    swaps: dict[str, str] = {}
    for e in source.effects:
        if e.kind == "gain" and e.what.startswith("convert:"):
            _kind, was, now = e.what.split(":")
            swaps[was] = now
    if not swaps:
        return parts
    return [(n, "/".join(swaps.get(t, t) for t in d.split("/"))) for n, d in parts]


def lose_hp(b: Battle, target: Fighter, amount: int, source: Fighter | None, dtypes: tuple[str, ...] = ()) -> int:
    run = _hitting(b, target, source)
    if b.sharers or (run is not None and run.share is not None):
        kept = _shared(b, target, amount, source, dtypes, run)
        if kept != amount and (kept <= 0 or not target.in_play()):
            return 0
        amount = kept
    was_bloodied = target.bloodied
    for x in target.effects[:]:
        if x.duration == "until-damaged" or "damage-ends" in x.extra:  # 'invisible until it takes damage', 'Helpless
            b.end_effect(target, x, "damaged")  # (save ends, damage ends)'
    target.hp -= amount
    target.damage_taken += amount
    if target.bloodied != was_bloodied:
        MV.refresh_while(b)  # 'Conceal 6 while bloodied'
    if source is not None:
        source.damage_dealt += amount
    b.event("damage", creature=target.id, amount=amount, hp=target.hp, source=source.id if source else None)
    if target.hp <= 0:
        destroy(b, target, source, dtypes, run)
        _damage_events(b, target, source, dtypes, run)
        return amount
    if not was_bloodied and target.bloodied:
        first = not target.was_bloodied
        if first and target.effects:  # ('Up to 4 allies gain Flight until they are first bloodied')
            b.end_until(target, "until-bloodied", "bloodied")
        target.was_bloodied = True
        TR.fire(b, "bloodied", [target], target=source, run=run)
        if first:
            source_ended(b, target, ("until-source-bloodied",))
            TR.fire(b, "first-bloodied", [target], target=source, run=run)
            TR.recharge_all(b, target, "bloodied")
        if target.in_play() and source is not None and source.player != target.player and source.in_play():
            TR.fire(b, "bloodies", [source], target=target, run=run)  # 'when it causes an enemy to become bloodied'
            TR.fire(b, "bloodies-or-destroys", [source], target=target, run=run)
            TR.fire(b, "ally-bloodies", b.allies_of(source), target=target, ally=source, run=run)
        if target.in_play():
            TR.fire(b, "ally-bloodied", b.allies_of(target), target=source, ally=target, run=run)
            TR.fire(b, "friend-bloodied", [target, *b.allies_of(target)], target=target, run=run)
            TR.fire(b, "any-bloodied", b.in_play(), target=target, run=run)  # 'when a creature of Level 7 or lower
            # becomes Bloodied' (its own side's, for a champion power that helps it: helps_event_creature)
            if first:  # 'when a Martial ally within 5 squares first becomes bloodied'
                TR.fire(b, "ally-first-bloodied", b.allies_of(target), target=source, ally=target, run=run)
            TR.fire(b, "enemy-bloodied", [e for e in b.fighters if e.player != target.player and e.in_play()],
                    target=target, run=run)
            if first:  # 'when an enemy first becomes bloodied while within 5 squares of it'
                TR.fire(b, "enemy-first-bloodied", [e for e in b.fighters if e.player != target.player and e.in_play()],
                        target=target, run=run)
    TR.fire(b, "damaged", [target], target=source, dtypes=dtypes, run=run)
    TR.recharge_all(b, target, "damaged")
    _damage_events(b, target, source, dtypes, run)
    return amount


def _shared(b: Battle, target: Fighter, amount: int, source: Fighter | None, dtypes: tuple[str, ...],
            run: Run | None) -> int:
    """The hit points ``target`` loses of ``amount`` once other creatures took their part (profile
    ``ddm-guild.redirect-away``): 'that attack deals half damage to that ally and to this creature' (each loses half,
    rounded down), 'Use when an adjacent Hobgoblin champion takes damage: Assign half the damage to this creature
    instead' (it loses half, rounded down; the champion the rest)."""
    if run is not None and run.share is not None and run.share is not target and run.share.in_play():
        amount //= 2
        lose_hp(b, run.share, amount, source, dtypes)
    if b.sharers and amount > 0 and target.in_play() and not b.over and not b.pending:  # (not the part another
        b.pending.append([amount])  # creature takes: no power passes that on again)
        try:
            TR.fire(b, "takes-damage", [target], target=source, dtypes=dtypes, run=run)
            if b.pending[-1][0] > 0:
                TR.fire(b, "ally-takes-damage", b.allies_of(target), target=source, ally=target, dtypes=dtypes, run=run)
        finally:
            amount = b.pending.pop()[0]
    return amount


def _hitting(b: Battle, target: Fighter, source: Fighter | None) -> Run | None:
    """The attack whose hit deals this damage ('when it is damaged by a {m} attack'): the one being resolved against
    ``target`` by ``source``; none for other damage (ongoing, a power's, a retort)."""
    run = b.run
    if isinstance(run, Run) and run.target is target and run.attacker is source:
        return run
    return None


def _damage_events(b: Battle, target: Fighter, source: Fighter | None, dtypes: tuple[str, ...],
                   run: Run | None = None) -> None:
    """The powers that answer another creature's damage: 'when an enemy takes fire damage', 'when an ally is
    damaged', 'when it damages an enemy', 'when any creature takes necrotic damage' (``run``: the attack that dealt
    it, if one did)."""
    if b.over:
        return
    if source is not None and source.player != target.player:
        TR.fire(b, "damages", [source], target=target, dtypes=dtypes, run=run)
    TR.fire(b, "enemy-damaged", [x for x in b.fighters if x.player != target.player and x.in_play()], target=target,
            dtypes=dtypes, run=run)
    TR.fire(b, "ally-damaged", b.allies_of(target), target=source, ally=target, dtypes=dtypes, run=run)
    TR.fire(b, "any-damaged", [x for x in b.fighters if x.in_play()], target=target, dtypes=dtypes, run=run)  # (the
    # damaged creature's own power too: 'when a creature takes lightning damage')


def heal(b: Battle, f: Fighter, amount: int, over: bool = False) -> None:
    """Profile ``ddm-guild.heal``: never above the starting hit points (none while it 'cannot heal'), unless the power
    says its gain may pass them (profile ``ddm-guild.over-heal``); a heal never lowers hit points gained so."""
    if not f.in_play() or amount <= 0 or f.gained("no-heal"):
        return
    new = f.hp + amount if over else min(f.max_hp, f.hp + amount)
    if new > f.hp:
        b.event("heal", creature=f.id, amount=new - f.hp, hp=new)
        was_bloodied = f.bloodied
        f.hp = new
        if f.bloodied != was_bloodied:
            MV.refresh_while(b)


def destroy(b: Battle, victim: Fighter, killer: Fighter | None, dtypes: tuple[str, ...] = (),
            run: Run | None = None) -> None:
    """Profiles ``ddm-guild.destroyed`` and ``ddm-guild.elimination-points`` (``dtypes``, ``run``: the damage that
    destroyed it and the attack that dealt it, if one did: 'destroyed by an attack that did not deal fire damage')."""
    if not victim.alive or victim.dying:  # already being destroyed (hit again while its own powers answer)
        return
    victim.spare_hp = 0
    victim.dying = True
    TR.fire(b, "destroyed", [victim], target=killer, even_destroyed=True, dtypes=dtypes, run=run)  # its own first
    if victim.spare_hp <= 0 and victim.in_play():  # then its allies' ('when an ally would be destroyed: that ally
        TR.fire(b, "ally-would-be-destroyed", b.allies_of(victim), target=killer, ally=victim, run=run)  # can make an
        # immediate {b} attack before it is destroyed')
    victim.dying = False
    if victim.spare_hp > 0 and victim.alive:  # a power kept it: 'not destroyed and has 5 HP instead'
        victim.hp = victim.spare_hp
        victim.spare_hp = 0
        b.event("not-destroyed", creature=victim.id, hp=victim.hp)
        MV.settle(b, victim)
        return
    b.event("destroyed", creature=victim.id, by=killer.id if killer else None)
    victim.alive = False
    victim.on_map = False
    victim.destroyed_round = b.round
    victim.destroyed_by = killer.id if killer is not None else ""
    for x in b.fighters:  # 'until it targets this creature with an attack': it no longer can
        for act in [a for a in x.effects if a.duration == "until-targets-source" and a.source == victim.id]:
            b.end_effect(x, act, "source-destroyed")
    b.moved()
    source_ended(b, victim, ("while-source", "until-source-bloodied"))
    scorer = 1 - victim.player
    worth = 0 if victim.gained("no-vp-worth") or any(w == "no-vp-worth" for w, _n in victim.own_gains) \
        else victim.card.cost  # 'Worth 0 VP when eliminated' (its card's, or 'until end of battle' a power's)
    for w, n in victim.own_gains:  # 'Opponent scores 7 VP instead of its point cost if it is destroyed by a {c} or {a}
        if w.startswith("worth-by:") and run is not None and _form_matches(w[9:], run.spec, run.power):  # attack'
            worth = n
        elif w.startswith("worth-more:") and killer is not None and killer.player != victim.player \
                and killer.card.level <= int(w[11:]):  # 'Opponent scores +25 VP if ... destroyed by an enemy of
            worth += n  # level 10 or lower'
    again = 0
    if killer is not None and killer.player != victim.player:
        killer.kills += 1
        killer.points_earned += worth
        if killer.kills == 1 and killer.gained("first-kill-double"):  # 'You score double VP for the first enemy
            again = worth  # this creature eliminates'
            killer.points_earned += worth
    score(b, scorer, worth + again, "destroyed")
    for player, points, measure, _source in b.round_awards:  # 'you score +10 VP whenever an enemy is destroyed
        if measure == "each-destroyed" and victim.player != player:  # this round'
            score(b, player, points, "round-award")
    if killer is not None and killer.alive:
        run = b.run if isinstance(b.run, Run) and b.run.attacker is killer else None
        TR.fire(b, "destroys", [killer], target=victim, run=run)
        if killer.player != victim.player:  # 'use when it bloodies or destroys an enemy', 'RECHARGE when it destroys
            TR.fire(b, "bloodies-or-destroys", [killer], target=victim, run=run)  # an enemy'
            TR.recharge_all(b, killer, "destroys")
        TR.fire(b, "ally-destroys", b.allies_of(killer), target=victim, ally=killer, run=run)
    # "when an enemy is destroyed": every creature of the other side, the one that destroyed it included and
    # whether or not anyone did (ongoing damage, a pit), as RECHARGE on that event already is
    TR.fire(b, "enemy-destroyed", [e for e in b.fighters if e.player != victim.player and e.in_play()], target=victim,
            dtypes=dtypes)  # ('when an enemy is destroyed by poison damage': the damage that destroyed it)
    allies = [a for a in b.fighters if a.player == victim.player and a.in_play()]
    TR.fire(b, "ally-destroyed", allies, target=killer, ally=victim, dtypes=dtypes)
    TR.fire(b, "any-destroyed", [x for x in b.fighters if x is not victim and x.in_play()], target=victim,
            dtypes=dtypes)  # 'when an adjacent creature is destroyed', 'when a Yuan-Ti enemy or ally within 10 squares
    # is destroyed'
    for a in allies:
        TR.recharge_all(b, a, "ally-destroyed")
    for e in b.fighters:
        if e.player != victim.player and e.in_play():
            TR.recharge_all(b, e, "enemy-destroyed")
    MV.refresh_while(b)  # 'Whenever it has no remaining Arcane ally: it is destroyed'
    check_wipe(b)


def source_ended(b: Battle, source: Fighter, durations: tuple[str, ...]) -> None:
    """The effects ``source``'s powers put on while it stays on the battle map ("while-source"), or until it is first
    bloodied ("until-source-bloodied"), end: it has left, or it is bloodied."""
    for f in b.fighters:
        for x in [x for x in f.effects if x.source == source.id and x.duration in durations]:
            b.end_effect(f, x, "source")


def settle_round(b: Battle, own_areas: list[set[Sq]], any_area: set[Sq]) -> None:
    """Profile ``ddm-guild.round-awards``: the victory points this round's powers promised, at its end. A contest
    ('the player whose warband destroys the most enemies / the highest-level enemy / the highest-cost enemy this
    round', 'has the most creatures occupying victory areas') goes to the player ahead, nobody on a tie; the enemies
    a warband destroyed are those of the other side destroyed this round, by whatever cause (as elimination points
    are scored); a player's victory areas are those it scores for (``own_areas``)."""
    victims = [f for f in b.fighters if not f.alive and f.destroyed_round == b.round]
    for player, points, measure, source in b.round_awards:
        if b.over:
            break
        if measure in ("most-destroyed", "highest-level-destroyed", "highest-cost-destroyed", "most-in-areas"):
            ahead = [_round_measure(b, measure, p, victims, own_areas[p]) for p in (0, 1)]
            if ahead[0] != ahead[1]:
                score(b, 0 if ahead[0] > ahead[1] else 1, points, "round-award")
        elif measure == "each-in-area":  # 'each creature in any victory area scores 5 VP for its player'
            for p in (player, 1 - player):
                score(b, p, points * sum(1 for f in b.in_play(p) if occupies(f, any_area)), "round-award")
        elif measure.startswith("each-enemy:"):  # 'for each enemy within 5 squares that is not adjacent to this
            holder = b.by_id.get(source)  # creature': counted from where it stands (none once it has left)
            if holder is not None and holder.in_play():
                flt = Filter(target_state=measure[11:])
                score(b, player, points * sum(1 for x in b.in_play(1 - player)
                                              if target_state_ok(b, flt, holder, x)), "round-award")
        elif (measure == "self-destroyed" and any(v.destroyed_by == source for v in victims)) or (
                measure == "any-destroyed" and any(v.player != player for v in victims)):
            score(b, player, points, "round-award")
    b.round_awards.clear()


def _round_measure(b: Battle, measure: str, p: int, victims: list[Fighter], areas: set[Sq]) -> int:
    destroyed = [v for v in victims if v.player != p]
    if measure == "most-destroyed":
        return len(destroyed)
    if measure == "highest-level-destroyed":
        return max((v.card.level for v in destroyed), default=0)
    if measure == "highest-cost-destroyed":
        return max((v.card.cost for v in destroyed), default=0)
    return sum(1 for f in b.in_play(p) if occupies(f, areas))


def score(b: Battle, player: int, points: int, why: str) -> None:
    if points <= 0 or b.over:
        return
    b.scores[player] += points
    b.event("score", player=player, points=points, why=why, total=b.scores[player])
    if b.scores[player] >= b.points_limit:  # profile ddm-guild.assault-victory
        finish(b, player, "points-limit")


def check_wipe(b: Battle) -> None:
    if b.over:
        return
    for p in (0, 1):
        if not any(f.alive for f in b.fighters if f.player == p):
            finish(b, 1 - p, "wiped-out")
            return


def finish(b: Battle, winner: int | None, reason: str) -> None:
    if b.over:
        return
    b.over = True
    b.winner = winner
    b.reason = reason
    b.event("battle-end", winner=winner, reason=reason, scores=list(b.scores))
