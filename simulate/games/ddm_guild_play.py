"""The DDM Guild rules in play: attacks, damage, effects, triggered powers, movement and its provocations.

Every function takes the :class:`~simulate.games.ddm_guild_state.Battle` and changes it; the turn structure that
calls them is ``ddm_guild.py``. Each rule's id in ``docs/rules/ddm-guild-play.md`` is named where it is applied.
What it asks of the battle without changing it (states, conditions, combat advantage, modifiers, the records of an
attack in progress) is ``ddm_guild_judge``; which read powers it plays at all is ``ddm_guild_coverage``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Final

from simulate.engine.board import Area
from simulate.engine.grid import Sq
from simulate.games import ddm_guild_rules as R
from simulate.games.ddm_guild_board import Reach, gap, no_reach, space_of
from simulate.games.ddm_guild_coverage import ANY_EVENTS, granted_power, harms_event_creature, helps_event_creature
from simulate.games.ddm_guild_judge import (
    Ctx,
    Run,
    SaveRoll,
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
    occupies,
    per_count,
    power_ctx,
    relative_kinds,
    self_state_ok,
    stat_mods,
    target_state_ok,
    unaffected_by_auras,
    unseen,
    who_ok,
)
from simulate.games.ddm_guild_state import GRANTED_INDEX, Active, Battle, Fighter, Made
from simulate.games.ddm_guild_vocab import (
    PLACED_KINDS,
    REROLL_ON_HIT,
    REROLL_ON_MISS,
    AttackSpec,
    Effect,
    Filter,
    Power,
    move_mode,
    rerolls_attack,
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
        refresh_while(b)  # 'Conceal 6 while bloodied'
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
        fire(b, "bloodied", [target], target=source, run=run)
        if first:
            source_ended(b, target, ("until-source-bloodied",))
            fire(b, "first-bloodied", [target], target=source, run=run)
            recharge_all(b, target, "bloodied")
        if target.in_play() and source is not None and source.player != target.player and source.in_play():
            fire(b, "bloodies", [source], target=target, run=run)  # 'when it causes an enemy to become bloodied'
            fire(b, "bloodies-or-destroys", [source], target=target, run=run)
            fire(b, "ally-bloodies", b.allies_of(source), target=target, ally=source, run=run)
        if target.in_play():
            fire(b, "ally-bloodied", b.allies_of(target), target=source, ally=target, run=run)
            fire(b, "friend-bloodied", [target, *b.allies_of(target)], target=target, run=run)
            fire(b, "any-bloodied", b.in_play(), target=target, run=run)  # 'when a creature of Level 7 or lower
            # becomes Bloodied' (its own side's, for a champion power that helps it: helps_event_creature)
            if first:  # 'when a Martial ally within 5 squares first becomes bloodied'
                fire(b, "ally-first-bloodied", b.allies_of(target), target=source, ally=target, run=run)
            fire(b, "enemy-bloodied", [e for e in b.fighters if e.player != target.player and e.in_play()],
                 target=target, run=run)
            if first:  # 'when an enemy first becomes bloodied while within 5 squares of it'
                fire(b, "enemy-first-bloodied", [e for e in b.fighters if e.player != target.player and e.in_play()],
                     target=target, run=run)
    fire(b, "damaged", [target], target=source, dtypes=dtypes, run=run)
    recharge_all(b, target, "damaged")
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
            fire(b, "takes-damage", [target], target=source, dtypes=dtypes, run=run)
            if b.pending[-1][0] > 0:
                fire(b, "ally-takes-damage", b.allies_of(target), target=source, ally=target, dtypes=dtypes, run=run)
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
        fire(b, "damages", [source], target=target, dtypes=dtypes, run=run)
    fire(b, "enemy-damaged", [x for x in b.fighters if x.player != target.player and x.in_play()], target=target,
         dtypes=dtypes, run=run)
    fire(b, "ally-damaged", b.allies_of(target), target=source, ally=target, dtypes=dtypes, run=run)
    fire(b, "any-damaged", [x for x in b.fighters if x.in_play()], target=target, dtypes=dtypes, run=run)  # (the
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
            refresh_while(b)


def destroy(b: Battle, victim: Fighter, killer: Fighter | None, dtypes: tuple[str, ...] = (),
            run: Run | None = None) -> None:
    """Profiles ``ddm-guild.destroyed`` and ``ddm-guild.elimination-points`` (``dtypes``, ``run``: the damage that
    destroyed it and the attack that dealt it, if one did: 'destroyed by an attack that did not deal fire damage')."""
    if not victim.alive or victim.dying:  # already being destroyed (hit again while its own powers answer)
        return
    victim.spare_hp = 0
    victim.dying = True
    fire(b, "destroyed", [victim], target=killer, even_destroyed=True, dtypes=dtypes, run=run)  # its own first
    if victim.spare_hp <= 0 and victim.in_play():  # then its allies' ('when an ally would be destroyed: that ally
        fire(b, "ally-would-be-destroyed", b.allies_of(victim), target=killer, ally=victim, run=run)  # can make an
        # immediate {b} attack before it is destroyed')
    victim.dying = False
    if victim.spare_hp > 0 and victim.alive:  # a power kept it: 'not destroyed and has 5 HP instead'
        victim.hp = victim.spare_hp
        victim.spare_hp = 0
        b.event("not-destroyed", creature=victim.id, hp=victim.hp)
        settle(b, victim)
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
        fire(b, "destroys", [killer], target=victim, run=run)
        if killer.player != victim.player:  # 'use when it bloodies or destroys an enemy', 'RECHARGE when it destroys
            fire(b, "bloodies-or-destroys", [killer], target=victim, run=run)  # an enemy'
            recharge_all(b, killer, "destroys")
        fire(b, "ally-destroys", b.allies_of(killer), target=victim, ally=killer, run=run)
    # "when an enemy is destroyed": every creature of the other side, the one that destroyed it included and
    # whether or not anyone did (ongoing damage, a pit), as RECHARGE on that event already is
    fire(b, "enemy-destroyed", [e for e in b.fighters if e.player != victim.player and e.in_play()], target=victim,
         dtypes=dtypes)  # ('when an enemy is destroyed by poison damage': the damage that destroyed it)
    allies = [a for a in b.fighters if a.player == victim.player and a.in_play()]
    fire(b, "ally-destroyed", allies, target=killer, ally=victim, dtypes=dtypes)
    fire(b, "any-destroyed", [x for x in b.fighters if x is not victim and x.in_play()], target=victim,
         dtypes=dtypes)  # 'when an adjacent creature is destroyed', 'when a Yuan-Ti enemy or ally within 10 squares
    # is destroyed'
    for a in allies:
        recharge_all(b, a, "ally-destroyed")
    for e in b.fighters:
        if e.player != victim.player and e.in_play():
            recharge_all(b, e, "enemy-destroyed")
    refresh_while(b)  # 'Whenever it has no remaining Arcane ally: it is destroyed'
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


# --- effects -----------------------------------------------------------------------------------------------------

def _clock(b: Battle, duration: str, affected: Fighter, source: Fighter) -> tuple[str, int]:
    """Whose turns count down a duration, and how many of them (profile ``ddm-guild.end-of-turn``)."""
    # the end of its next turn: this turn's end does not count while it is taking it; the start of its next turn is
    # the next start of a turn of its, whoever is taking a turn now (its own turn has started already)
    if duration == "end-next-turn":
        return affected.id, 2 if b.active is affected else 1
    if duration == "end-next-turn-source":
        return source.id, 2 if b.active is source else 1
    if duration == "start-next-turn":
        return affected.id, 1
    if duration == "start-next-turn-source":
        return source.id, 1
    if duration == "end-turn":
        active = b.active
        return (active.id if active is not None else ""), 1
    if duration == "end-next-round":  # the ends of rounds still to come (this one, then the next)
        return "", 2
    return "", 0


def lose_a_use(b: Battle, f: Fighter) -> None:
    """Profile ``ddm-guild.lost-use``: ``f`` loses a use of one of its powers with a use limit (a use left) or of its
    champion powers; its player would choose, and the engine takes a use of its power with a use limit printed last,
    else of its champion powers."""
    limited = [p for p in f.powers if p.uses and p.ptype != "champion" and f.uses.get(p.index, 0) > 0]
    if limited:
        f.uses[limited[-1].index] -= 1
        b.event("use-lost", creature=f.id, power=limited[-1].name)
    elif f.champion_left:
        f.champion_left -= 1
        b.event("use-lost", creature=f.id, power="champion")


def grant(b: Battle, f: Fighter, e: Effect, source: Fighter | None = None) -> None:
    """'Until end of round, whenever ...': ``f`` has that triggered power while the effect lasts (used again, it
    starts over); the power leaves with the effect (``Battle.end_effect``). ``source``: the creature whose power
    gave it (a curse on its target, ddm-guild.target-curse: its durations count from that creature), else ``f``."""
    by = source or f
    for old in f.effects:
        if old.kind == "grant" and old.what == e.what and old.source == by.id:
            b.end_effect(f, old, "renewed")
            break
    if not add_active(b, f, "grant", e.what, 0, e.duration, by, Filter()):
        return
    active = f.effects[-1]  # a new list: a power answering the event now being fired does not answer it too
    f.powers = [*f.powers, granted_power(e.what, GRANTED_INDEX + active.eid)]
    b.note_rerolls(f.powers[-1:])


def add_active(b: Battle, f: Fighter, kind: str, what: str, amount: int, duration: str, source: Fighter,
               flt: Filter, extra: tuple[str, ...] = (), group: int = 0) -> bool:
    """Put an effect on ``f`` (False: it is immune)."""
    if kind == "condition" and (what in f.immune_now() or "all conditions" in f.immune):
        b.event("immune", creature=f.id, what=what)
        return False
    if kind == "ongoing" and "ongoing damage" in f.immune:
        return False
    if duration == "until-source-bloodied" and source.was_bloodied:  # 'until this creature is first bloodied':
        return False  # that has already happened
    if duration == "end-turn" and b.active is None:
        duration = "end-round"
    cap = next((int(x[4:]) for x in extra if x.startswith("cap:")), 0)
    if cap:  # 'cumulative -2 AC (maximum -6)': what this power's modifier has added so far counts
        so_far = sum(old.amount for old in f.effects if (old.kind, old.what, old.source, old.filter, old.extra)
                     == (kind, what, source.id, flt, extra))
        amount = max(amount, cap - so_far) if cap < 0 else min(amount, cap - so_far)
        if amount == 0:
            return False  # (at its maximum: nothing more is put on)
    if kind in ("mod", "gain", "challenge") and "cumulative" not in extra:
        # profile ddm-guild.stacking: a power does not add to itself; used again, its modifier starts over
        for old in f.effects:
            if (old.kind, old.what, old.amount, old.source, old.filter, old.extra) == (kind, what, amount, source.id,
                                                                                       flt, extra):
                b.end_effect(f, old, "renewed")
                break
    clock_of, clock = _clock(b, duration, f, source)
    b.version += 1
    eid = b.new_group()
    f.effects.append(Active(kind, what, amount, duration, source.id, flt, extra, clock_of, clock, group, eid))
    if b.applying:
        b.power_effects.setdefault(b.applying[-1], set()).add(eid)
    b.event("effect", creature=f.id, eid=eid, effect=kind, what=what, amount=amount, duration=duration,
            source=source.id, clock_of=clock_of, clock=clock)
    if b.state_auras and kind in ("condition", "ongoing"):  # ('Enemies within 2 squares taking ongoing necrotic
        refresh_while(b)  # damage are also Immobilized')
    return True


def condition_ignored(b: Battle, f: Fighter, what: str) -> bool:
    """Profile ``ddm-guild.condition-events``: a condition about to be put on ``f`` (not immune to it) is offered to
    the powers of its side that undo it ('when this creature or an adjacent ally would gain a condition: ignore that
    condition, instead'), one creature after another until one has; True when one did."""
    if not b.condition_answers or what in f.immune_now() or "all conditions" in f.immune or b.over:
        return False
    b.cancels.append(False)
    try:
        for owner in (f, *b.allies_of(f)):
            fire(b, "friend-would-gain-condition", [owner], target=f, ally=f, gained=what)
            if b.cancels[-1] or b.over:
                break
        if b.cancels[-1]:
            b.event("ignored", creature=f.id, what=what)
        return b.cancels[-1]
    finally:
        b.cancels.pop()


def condition_gained(b: Battle, f: Fighter, what: str, ctx: Ctx) -> None:
    """Profile ``ddm-guild.condition-events``: a condition put on ``f`` calls its allies' and its enemies' powers
    that answer it ('when an ally becomes Dazed, Stunned, or Helpless', 'when an enemy becomes Dazed by an attack':
    by the attack of the creature that put it on, as a rider of its hit or miss)."""
    if not b.condition_answers:
        return
    run = ctx.run if ctx.run is not None and ctx.run.attacker is ctx.source else None
    fire(b, "ally-gains-condition", b.allies_of(f), ally=f, run=run, gained=what)
    fire(b, "enemy-gains-condition", b.enemies_of(f), target=f, run=run, gained=what)


def pick(b: Battle, who: str, e: Effect, ctx: Ctx) -> list[Fighter]:
    """The creatures an effect reaches (choices made for the player are documented in the profile)."""
    found = _pick(b, who, e, ctx)
    if ctx.gaze:
        return [f for f in found if "gaze" not in f.immune or f is ctx.source]
    return found


def _pick(b: Battle, who: str, e: Effect, ctx: Ctx) -> list[Fighter]:
    src = ctx.source
    base = who.split(":")[0]
    if base == "self":
        return [src] if src.in_play() else []
    if base == "target":  # "target:living|undead": only a target of those kinds
        t = ctx.target
        return [t] if t is not None and t.in_play() and (":" not in who or has_keyword(t, who[7:])) else []
    if base == "ally":
        return [ctx.ally] if ctx.ally is not None and ctx.ally.in_play() else []
    if base == "nearest-ally":  # the ally nearest it (then the one nearer an enemy, then by id)
        near_pool = [a for a in b.allies_of(src) if who_ok(b, e.filter, src, a)]
        return sorted(near_pool, key=lambda a: (b.gap(src, a), _enemy_gap(b, a), a.id))[:1]
    flt = e.filter
    if "-level" in flt.keyword:  # 'Lower-level allies have ...': of a level below its creature's
        flt = replace(flt, keyword=relative_kinds(flt.keyword, src))
    event = flt.target_state.split(":") if flt.target_state.startswith("near-event:") else []
    if flt.within == -2 or "of-target" in e.extra or event:  # adjacent to the target, or within N squares of it
        # ('each enemy within 3 squares of that ally': of the event's ally)
        near = ctx.ally if event and event[2] == "ally" else ctx.target
        if near is None:
            return []
        squares = int(event[1]) if event else flt.within
        flt = Filter(keyword=flt.keyword, alignment=flt.alignment)
        pool0 = [x for x in b.fighters if x.in_play() and x is not near and (
            b.adjacent(x, near) if squares == -2 else b.gap(near, x) <= squares) and who_ok(b, flt, src, x)]
        if base == "enemies":
            return [x for x in pool0 if x.player != src.player]
        if base == "allies":
            return [x for x in pool0 if x.player == src.player and x is not src]
        if base in ("chosen-ally", "chosen-allies"):  # '1 ally adjacent to target makes a {b} attack'
            mine = [x for x in pool0 if x.player == src.player and x is not src]
            return _choose_ally(b, e, mine)[: int(who.split(":")[1]) if ":" in who else 1]
        if base == "chosen-enemy":  # 'an enemy within 5 squares of that creature': the nearest such
            return sorted((x for x in pool0 if x.player != src.player), key=lambda x: (b.gap(src, x), x.hp, x.id))[:1]
        return pool0
    if base == "chosen-self-or-ally":  # 'it or 1 adjacent ally' (within -1), 'it or 1 ally within 5 squares of it'
        squares = e.filter.within
        pool1 = [src] + [a for a in b.allies_of(src) if (b.adjacent(src, a) if squares == -1 else
                                                           squares <= 0 or b.gap(src, a) <= squares)
                         and (not e.filter.keyword or has_kinds(a, e.filter.keyword))]  # ('1 living ally')
        return _choose_ally(b, e, pool1)[:1]
    kind = e.what if e.kind == "choose" and base == "chosen-creature" else e.kind  # (a choice: for the next clause)
    if base == "chosen-creature" and (kind in ("heal", "cleanse", "gain") or (kind == "mod" and e.amount > 0)):
        base = "chosen-friend"  # '1 Beast creature within 5 squares heals 10 HP': the player helps its own side
    if base in ("allies", "self-and-allies", "friends", "chosen-ally", "chosen-allies", "chosen-friend"):
        pool = [a for a in b.allies_of(src) if who_ok(b, flt, src, a)  # (a gain's group: those in that state)
                and (not flt.target_state or e.kind not in _BY_PLACE or target_state_ok(b, flt, src, a))]
        if base in ("self-and-allies", "friends", "chosen-friend") and src.in_play() and (
                base == "self-and-allies" or who_ok(b, flt, src, src)) and (
                e.kind != "gain" or not flt.target_state or target_state_ok(b, flt, src, src)):
            pool = [src, *pool]
        if base in ("chosen-ally", "chosen-friend"):  # 'chosen-friend': one creature of its warband, itself too
            return _choose_ally(b, e, pool)[:1]
        if base == "chosen-allies":
            return _choose_ally(b, e, pool)[: int(who.split(":")[1]) if ":" in who else 1]
        return pool
    if base in ("enemies", "chosen-enemy", "chosen-enemies", "chosen-creature"):
        pool = [x for x in b.enemies_of(src) if who_ok(b, flt, src, x)
                and (not flt.target_state or e.kind not in _BY_PLACE or target_state_ok(b, flt, src, x))
                and not ("other" in e.extra and x is ctx.target)]  # 'a different enemy': not the target
        pool.sort(key=lambda x: (b.gap(src, x), x.hp, x.id))
        if e.kind == "champion-uses":  # an enemy champion that has uses left to lose (the most)
            pool.sort(key=lambda x: (-x.champion_left, x.id))
        if base in ("chosen-enemy", "chosen-creature"):
            return pool[:1]
        if base == "chosen-enemies":
            return pool[: int(who.split(":")[1]) if ":" in who else 1]
        return pool
    if base == "all":
        return [x for x in b.fighters if x.in_play() and x is not src and who_ok(b, flt, src, x)
                and (not flt.target_state or e.kind not in PLACED_KINDS or target_state_ok(b, flt, src, x))]
    if base == "everyone":  # 'Undead creatures', 'all creatures' with no place named: it too, when it is one of them
        return [x for x in b.fighters if x.in_play() and who_ok(b, flt, src, x)]
    return []


# the effects whose group's target state is where or how its creatures are (a modifier's is whom it counts against)
_BY_PLACE: Final = frozenset({"choose", "gain", *PLACED_KINDS})


def _enemy_gap(b: Battle, a: Fighter) -> int:
    return min((b.gap(a, x) for x in b.enemies_of(a)), default=99)


def _choose_ally(b: Battle, e: Effect, pool: list[Fighter]) -> list[Fighter]:
    """For a heal: the most wounded; for an attack: one that has an enemy within reach of it (the costliest);
    otherwise the costliest creature nearest an enemy. A 'choose' is judged for what the clause after it does."""
    if e.kind == "choose" and e.what:
        e = Effect(e.what, e.who, e.amount, filter=e.filter)
    if e.kind == "heal":
        return sorted(pool, key=lambda a: (-(a.max_hp - a.hp), a.id))
    if e.kind == "share":  # '1 non-Champion ally within 5 squares takes that damage instead': the one that has the
        return sorted(pool, key=lambda a: (-a.hp, a.card.cost, a.id))  # most hit points
    if e.kind == "destroy":  # 'choose an Orzhov ally ...; destroy that ally': the cheapest
        return sorted(pool, key=lambda a: (a.card.cost, a.hp, a.id))
    if e.kind == "attack":
        return sorted(pool, key=lambda a: (not _can_attack(b, a, e), _enemy_gap(b, a), -a.card.cost, a.id))
    if e.kind == "champion-uses":  # a champion that has spent a use (the most), then the costliest
        return sorted(pool, key=lambda a: (a.champion_left - (a.card.champion_rating or 0), -a.card.cost, a.id))
    if e.kind == "scout":  # a creature not a Scout already, the costliest
        return sorted(pool, key=lambda a: (a.scout, -a.card.cost, a.id))
    if e.kind == "cleanse":  # the one with the most it would end, then with the most effects on it
        return sorted(pool, key=lambda a: (-len(cleansable(a, e)), -sum(1 for x in a.effects if x.kind != "mod"),
                                           a.id))

    def nearest_enemy(a: Fighter) -> int:
        return min((b.gap(a, x) for x in b.enemies_of(a)), default=99)

    return sorted(pool, key=lambda a: (nearest_enemy(a), -a.card.cost, a.id))


def base_damage(spec: AttackSpec) -> int:
    """An attack's base damage: the damage its hit line prints, every type of it ('15 + 5 fire damage': 20), without
    what powers add (profile ``ddm-guild.redirect-away``)."""
    return sum(e.amount for e in spec.hit if e.kind == "damage")


def apply_effects(b: Battle, effects: tuple[Effect, ...] | list[Effect], ctx: Ctx, gates_done: bool = False,
                  group: int = 0) -> int:
    """Put ``effects`` on as their words say; the effects a save ends share a group (``group``, or a new one: the
    group used is returned, for a critical hit's effects that one save ends with the hit's)."""
    if not gates_done and any(e.gate.target_state for e in effects):  # the event's creature decides
        effects = gated(b, ctx.source, ctx.target, effects)
    rolled_in = True  # the effects after 'On 11+,' happen only when the power's d20 is in that range
    for e in effects:
        if b.over or ctx.nothing_chosen:
            return group
        if e.kind == "roll":
            if "new" in e.extra:
                ctx.roll = b.dice.roll(20, "power")
                b.event("power-roll", creature=ctx.source.id, roll=ctx.roll)
                rolled_in = True
            elif e.what == "base-damage":  # 'if the result equals or exceeds the base damage of that attack'
                rolled_in = ctx.run is not None and ctx.roll >= base_damage(ctx.run.spec)
            else:
                rolled_in = e.amount <= ctx.roll <= e.count
            continue
        if not rolled_in or ("if-own-hit" in e.extra and not ctx.own_hits):  # 'If this creature's attack hits'
            continue
        if e.kind == "choose" and e.who == "square":  # 'Choose a square in line of sight': the engine's (below)
            ctx.square = choose_square(b, ctx, [x for x in effects if x.kind == "terrain" and x.who == "square"],
                                       e.amount)
            ctx.nothing_chosen = ctx.square is None
            continue
        if e.duration == "save" and e.kind in ("condition", "ongoing", "mod", "gain"):
            group = group or b.new_group()
        if ctx.run is not None and ("if-hit" in e.extra or "if-miss" in e.extra):  # 'if that attack hits, ...'
            if not ctx.run.resolved:
                ctx.run.deferred.append((e, ctx, group))  # said as it is declared: once its hit or miss is known
            elif outcome_met(e, ctx.run):
                apply_effect(b, e, ctx, group)
            continue
        apply_effect(b, e, ctx, group)
    return group


def outcome_met(e: Effect, run: Run) -> bool:
    """An effect that waits for its event's attack ('if that attack hits', 'if that attack misses', 'if that attack
    caused its target to become bloodied': a hit, its target not bloodied before it and bloodied now)."""
    if ("if-hit" in e.extra) != run.hit:
        return False
    return "if-bloodies" not in e.extra or (not run.was_bloodied and run.target.bloodied)


def apply_effect(b: Battle, e: Effect, ctx: Ctx, group: int = 0) -> None:
    src = ctx.source
    if e.kind == "grant":  # (a power of the card given to its allies: each has it as its own)
        for f in [src] if e.who == "self" else pick(b, e.who, e, ctx):
            grant(b, f, e, src if e.who == "target" else None)
        return
    if e.kind == "vp" and "spend" in e.extra:  # its side pays the points (``spend_ok`` checked it has them)
        b.scores[src.player] += e.amount
        b.event("score", player=src.player, points=e.amount, why="spent", total=b.scores[src.player])
        return
    if e.kind == "initiative":  # the next champion test (ddm_guild.GuildState._champion_roll)
        if e.what == "win":
            b.initiative_win = src.player if b.initiative_win in (-1, src.player) else -2  # (both: a roll as usual)
        else:
            b.initiative_dice[src.player] += e.amount
        b.event("initiative-bonus", creature=src.id, player=src.player, dice=e.amount, win=e.what == "win")
        return
    if e.kind == "vp" and e.what == "per-destroyed":  # its attack's hit resolved: the target it destroyed
        t = ctx.run.target if ctx.run is not None else None
        if t is not None and not t.alive and t.player != src.player:
            score(b, src.player, e.amount, "power")
        return
    if e.kind == "vp" and e.what.startswith("round:"):  # points the round decides, at its end (``settle_round``)
        b.round_awards.append((src.player, e.amount, e.what[6:], src.id))
        b.event("round-award", creature=src.id, player=src.player, points=e.amount, measure=e.what[6:])
        return
    if e.kind == "vp":  # 'you score', or 'opponent scores +5 VP when this creature is destroyed'
        score(b, 1 - src.player if e.who == "opponent" else src.player, e.amount, "power")
        return
    if e.kind == "recharge":
        if e.what == "attack-power":  # 'one of that Dragon's attack powers, even if not normally rechargeable': the
            for f in pick(b, e.who, e, ctx):  # first of its spent attack powers printed
                spent = [p for p in f.powers if p.uses and f.uses.get(p.index, 0) < p.uses
                         and (p.attack is not None or p.attacks_made)]
                if spent:
                    recharge_one(b, f, spent[0])
            return
        if "spend" in e.extra and e.what == "limited":  # 'target loses a use of a limited use (check box) power or a
            for f in pick(b, e.who, e, ctx):  # champion power' (profile ddm-guild.lost-use)
                lose_a_use(b, f)
            return
        if "spend" in e.extra:  # 'this creature loses a use of Sweetsong': one of its uses left, if it has one
            for p in src.powers:
                if p.name.casefold() == e.what[6:] and p.uses and src.uses.get(p.index, 0) > 0:
                    src.uses[p.index] -= 1
                    b.event("use-lost", creature=src.id, power=p.name)
                    break
            return
        if e.what.startswith("power:"):  # another power of its card, by name: the first of them that is spent
            names = e.what[6:].split("|")
            for p in src.powers:
                if p.name.casefold() in names and p.uses and src.uses.get(p.index, 0) < p.uses:
                    recharge_one(b, src, p)
                    break
        return
    if e.kind == "cancel":  # the champion power being used (``champion_cancelled``) does nothing, or the condition
        # being put on is not (``condition_ignored``)
        if b.cancels:
            b.cancels[-1] = True
        return
    if e.kind == "negate":
        if ctx.run is not None:
            ctx.run.negated = True
        return
    if e.kind == "destroy-self":  # 'then this creature is destroyed', 'On miss, this creature is destroyed': as any
        if src.in_play() and not b.over:  # creature destroyed by no one (its opponent scores it)
            destroy(b, src, None)
        return
    if e.kind == "survive":  # 'this creature is not destroyed and has 5 HP instead' (``destroy`` asks)
        src.spare_hp = max(src.spare_hp, e.amount)
        return
    if e.kind == "hit" and "next-attack" in e.extra:  # 'its next {m} attack is an automatic hit and a critical hit'
        add_active(b, src, "hit", e.what, 0, e.duration, src, e.filter, e.extra)
        return
    if e.kind == "hit":
        if ctx.run is not None:
            if e.what == "no-redirect":  # 'that attack cannot be redirected'
                ctx.run.fixed = True
            elif e.what == "half-damage":  # 'it takes half damage from that attack'
                ctx.run.halve = True
            elif e.what == "resist-all":  # 'This creature has Resist 20 All vs. that attack'
                ctx.run.resist_all = max(ctx.run.resist_all, e.amount)
            elif e.what == "ignore-resist":  # 'that attack's damage ignores all Resist abilities'
                ctx.run.ignore_resist = True
            elif e.what == "normal":
                ctx.run.uncrit = True
            elif ctx.run.force != "crit":
                ctx.run.force = e.what
        return
    if e.kind == "share":
        if e.what == "half-both" and ctx.run is not None and ctx.run.share is None:
            ctx.run.share = src
        elif e.what in ("half-instead", "all-instead") and b.pending:  # 'Assign half the damage to this creature
            # instead', 'This creature / 1 non-Champion ally within 5 squares / an adjacent enemy takes that damage
            # instead'
            takers = [src] if e.who == "self" else pick(b, e.who, e, ctx)
            taker = takers[0] if takers and takers[0].in_play() else None
            if taker is not None:
                part = b.pending[-1][0] // 2 if e.what == "half-instead" else b.pending[-1][0]
                b.pending[-1][0] -= part
                lose_hp(b, taker, part, ctx.target, ctx.dtypes)
        return
    if e.kind == "redirect":
        run = ctx.run
        to = redirect_to(b, e, ctx)
        if run is not None and to is not None:
            if run.rolled:  # 'when it is hit by an attack: an adjacent Beast ally is hit instead'
                run.swap = run.swap or to
            else:
                run.redirect = run.redirect or to
        return
    if e.kind == "terrain":
        make_terrain(b, e, ctx)
        return
    if e.kind == "teleport" and e.what in ("away", "near-self"):
        if ctx.target is not None:
            teleport_target(b, ctx.target, src, e)
        return
    if e.kind == "place" and e.what == "beside:seen-enemy":
        place_by_enemy(b, e, ctx)
        return
    if e.kind == "switch":
        pair = switch_pair(b, e, ctx)
        if pair is not None:
            switch(b, *pair)
        return
    if e.kind == "menu":  # one option: the one its player chose (an action power's), else the one worth most now
        i = ctx.option if 0 <= ctx.option < len(e.options) else best_option(b, e, ctx)
        ctx.option = -1
        b.event("choice", creature=src.id, option=i + 1, name=e.what.split("|")[i])
        apply_effects(b, e.options[i], ctx)
        return
    if e.kind == "choose":  # the creature the next clauses call 'that enemy' / 'that ally'
        found = pick(b, e.who, e, ctx)
        if e.who == "chosen-ally":
            ctx.ally = found[0] if found else None
        else:
            ctx.target = found[0] if found else None
        ctx.nothing_chosen = not found
        return
    if e.kind == "extra-action" and e.what == "none":  # 'cannot take further actions this turn': none is left
        f = ctx.source
        f.attack_action = f.move_action = f.minor_action = False
        f.extra_attack_actions = f.extra_move_actions = f.extra_minor_actions = 0
        return
    if e.kind == "extra-action":  # 'Take 1 extra attack action this turn' (on its own turn: ddm_guild gives it once
        if e.what == "move":  # the attack action it has is spent); 'Take 1 extra move action this turn'
            ctx.source.extra_move_actions += e.amount
        else:
            ctx.source.extra_attack_actions += e.amount
        return
    if e.kind == "cond-swap":  # 'The target is Helpless instead of Immobilized' (of its attack that hits: _hit)
        if ctx.run is not None:
            old_c, _, new_c = e.what.partition(">")
            ctx.run.cond_swap[old_c] = new_c
        return
    if e.kind == "reduce" and e.what == "taken":  # 'Use when it takes damage: it takes -5 damage' (before it is lost:
        if b.pending:  # _shared)
            b.pending[-1][0] = max(0, b.pending[-1][0] - e.amount)
        return
    if e.kind == "reduce":
        if ctx.run is not None:
            ctx.run.reduce += e.amount
            ctx.run.no_riders = ctx.run.no_riders or e.what == "riders"
            ctx.run.reduce_floor = max([ctx.run.reduce_floor, *(int(x[4:]) for x in e.extra if x.startswith("min:"))])
        return
    if e.kind == "reroll":  # 'reroll that attack roll or saving throw' ("any"): the roll being answered
        if e.what == "save" or (e.what == "any" and ctx.save is not None):
            if ctx.save is not None:
                ctx.save.reroll = True
        elif ctx.run is not None:
            ctx.run.reroll = True
        return
    if e.kind == "mod" and e.duration == "attack":
        if ctx.run is not None:
            if e.what == "attack":
                ctx.run.bonus_attack += e.amount
            elif e.what == "damage":
                ctx.run.bonus_damage.append((e.amount, _typed(e.extra)))
            elif e.what in _RUN_DEFENCES:  # '+2 AC against that attack': its target's, before the roll
                key = _RUN_DEFENCES[e.what]
                for f in pick(b, e.who, e, ctx):
                    if f is ctx.run.target:
                        ctx.run.bonus_defence[key] = ctx.run.bonus_defence.get(key, 0) + e.amount
        return
    if e.extra and "if:destroyed" in e.extra and (ctx.run is None or ctx.run.target.alive):
        return  # ('heals 5 for each target destroyed', 'if this attack destroys the target, this creature is
        # Immobilized': the hit's target it destroyed)
    if e.extra and "if:bloodies" in e.extra and (ctx.run is None or ctx.run.was_bloodied
                                                 or not ctx.run.target.bloodied):
        return  # ('if target became bloodied, target is also Slowed': this hit bloodied it)
    for f in pick(b, e.who, e, ctx):
        if b.over:
            return
        if e.kind == "damage":
            amount = e.amount
            alt = next((x for x in e.extra if x.startswith("crit-amount:")), "")
            if alt and ctx.run is not None and ctx.run.crit:  # '(30 poison damage instead on a critical hit)'
                amount = int(alt[12:])
            deal_damage(b, f, [(amount, e.what)], src, ignore_insubstantial="ignore-insubstantial" in e.extra)
        elif e.kind == "destroy":  # 'Destroy that ally' (its opponent scores it as any creature destroyed); an
            destroy(b, f, src if e.who == "target" and ctx.run is not None else None)  # attack's 'target is
            # destroyed': by its attacker
        elif e.kind == "max-hp":  # 'maximum 30 HP instead of 20 HP' (at set-up: it starts with them)
            f.hp += e.amount - f.max_hp
            f.max_hp = e.amount
        elif e.kind == "ongoing" and "more" in e.extra:
            more_ongoing(b, f, e, src)
        elif e.kind == "ongoing":
            add_active(b, f, "ongoing", e.what, e.amount, e.duration or "save", src, Filter(),
                       extra=tuple(x for x in e.extra if x.startswith("apart:") or x == "save-both"), group=group)
        elif e.kind == "condition":
            if condition_ignored(b, f, e.what):
                continue
            if add_active(b, f, "condition", e.what, 0, e.duration or "end-next-turn", src, Filter(),
                          extra=tuple(x for x in e.extra if x in ("damage-ends", "next-attack", "save-both")
                                      or x.startswith("apart:")), group=group) and f.in_play():
                condition_gained(b, f, e.what, ctx)
        elif e.kind == "challenge":  # (played as that enemy attacks: challenged)
            add_active(b, f, "challenge", e.what, e.amount, e.duration, src, Filter(), e.extra)
        elif e.kind == "gain":
            if e.what == "multi-activation" and add_active(b, f, "gain", e.what, e.amount, e.duration or "end-round",
                                                           src, Filter()):
                f.activations_left += max(0, e.amount - f.activations)  # ('has Multi-Activation 2 until end of
                continue  # round': the turns it has left this round)
            add_active(b, f, "gain", e.what, e.amount, e.duration or "end-round", src, Filter(),
                       tuple(x for x in e.extra if x == "save-both"), group=group)
        elif e.kind == "mod":
            state = e.filter.target_state
            if state == "chosen":  # '+10 damage vs. that enemy': the creature chosen before
                if ctx.target is None:
                    continue
                state = "id:" + ctx.target.id
            add_active(b, f, "mod", e.what, e.amount, e.duration or "end-round", src,
                       Filter(attack_form=e.filter.attack_form, target_state=state,
                              self_state=e.filter.self_state, keyword=e.filter.keyword
                              if e.filter.target_state == "keyword" else ""), e.extra, group=group)
        elif e.kind == "heal":
            heal(b, f, e.amount, "over" in e.extra and f is src)
        elif e.kind in ("push", "pull", "slide"):
            if f is src or ("own-slide" in e.extra and f.player == src.player):  # 'this creature slides N', 'slide
                reposition(b, f, "shift", e.amount, False)  # all allies up to 3 squares': moved as its side shifts them
            else:  # amount -1: 'pull target adjacent', as far as it takes
                n = e.amount if e.amount >= 0 else b.board.width + b.board.height
                forced_move(b, f, src, e.kind, n, "exactly" in e.extra, provokes="provokes" in e.extra)
        elif e.kind in ("shift", "move", "teleport") and e.what.startswith(("end:", "closer:")):
            reposition_to_end(b, f, e, ctx)
        elif e.kind in ("shift", "move", "teleport"):
            n = e.amount if e.amount >= 0 else f.speed() * -e.amount
            reposition(b, f, e.kind, n, "toward-enemy" in e.extra, move_mode(e))
        elif e.kind == "cleanse" and e.what.startswith("save-roll"):  # 'makes a saving throw against 1 condition or
            for x in cleansable(f, e)[: e.count]:  # effect that a save can end': a save against each (ddm_guild's
                if f.in_play() and x in f.effects and roll_save(b, f, x):  # saving throw)
                    b.end_effect(f, x, "saved")
        elif e.kind == "cleanse":
            removable = cleansable(f, e) if e.what != "cond:gained" else [  # 'end that condition': its event's
                x for x in reversed(f.effects) if x.kind == "condition" and x.what == ctx.gained][:1]
            for x in removable[: e.count]:
                b.end_effect(f, x, "cleansed")
            if removable:
                b.event("cleanse", creature=f.id, ended=len(removable[: e.count]))
        elif e.kind == "attack":
            extra_attack(b, f, e, ctx)
        elif e.kind == "champion-uses":  # 'regains / loses 1 use of its Champion powers': within 0 and its rating
            before = f.champion_left
            f.champion_left = max(0, min(f.card.champion_rating or 0, before + e.amount))
            b.event("champion-uses", creature=f.id, change=f.champion_left - before, left=f.champion_left)
        elif e.kind == "scout":  # 'Use during your set-up: 1 Goblin ally has Scout' (ddm_guild sets it up again)
            f.scout = True
            b.scouted.append(f)
            b.event("gains-scout", creature=f.id)
        elif e.kind == "provoke":  # 'target provokes opportunity attacks (from Undead enemies)': now
            provoke(b, f, "power", e.what)
        elif e.kind == "place":
            if e.what == "beside:self":  # another creature put beside the power's own
                place_beside(b, f, src)
            elif e.what == "in-space:ally":
                place_in_space(b, f, ctx.ally)
            elif e.what.startswith("adjacent:"):
                place_beside(b, f, ctx.ally if e.what == "adjacent:ally" else ctx.target, e.what.endswith(":seen"),
                             e.what.endswith(":space"))
            else:
                place_at(b, f, e)


# --- terrain a power makes for a while (profile ddm-guild.made-terrain) ----------------------------------------

def made_squares(b: Battle, e: Effect, ctx: Ctx) -> frozenset[Sq]:
    """The squares a "terrain" effect names: around its creature's space (``amount`` squares from it; "ring": not
    its own), the area its attack aimed at, the chosen square and its neighbours, or every square of the map."""
    board = b.board
    shape = e.extra[0] if e.extra else ""
    if shape == "all":
        return frozenset(sq for sq in board.squares if not board.grid.is_solid(sq))
    if shape == "area":
        return b.area_aimed
    f = ctx.source
    at, side = (ctx.square, 1) if e.who == "square" else (f.pos, f.side)
    if at is None:
        return frozenset()
    n = e.amount
    out = set()
    for y in range(at[1] - n, at[1] + side + n):
        for x in range(at[0] - n, at[0] + side + n):
            sq = (x, y)
            if not board.grid.in_bounds(sq) or board.grid.is_solid(sq):
                continue
            if shape == "ring" and gap(sq, 1, at, side) == 0:
                continue
            out.add(sq)
    return frozenset(out)


def smoke_worth(b: Battle, e: Effect, ctx: Ctx) -> int:
    """What smoke made now would do (profile ``ddm-guild.made-terrain``, how the engine uses it): sight it cuts
    between two creatures of different sides that are not adjacent, counted for its side when the enemy has an
    attack at range (it could shoot), against it when its own creature has one; sight cuts both ways."""
    squares = made_squares(b, e, ctx) if e.what == "smoke" else frozenset()
    if not squares:
        return 0
    made = b.made_map()
    for sq in squares:
        made[sq] = made.get(sq, frozenset()) | {e.what}
    view = b.board.with_terrain(made, b.board.sight_limit)
    value = 0
    own = b.in_play(ctx.source.player)
    for x in b.enemies_of(ctx.source):
        if x.pos is None:
            continue
        for o in own:
            if o.pos is None or b.adjacent(x, o) or not b.sees(x, o) or view.sees(x.pos, x.side, o.pos, o.side):
                continue
            value += _shoots(x) - _shoots(o)
    return value


def _shoots(f: Fighter) -> int:
    """1 for a creature with an attack at range whose sight smoke cuts (not one that 'ignores smoke terrain')."""
    if f.while_on and f.while_on.get("ignores-smoke"):
        return 0
    return int(any(p.attack is not None and p.attack.form not in ("melee", "reach-burst") for p in f.powers))


def choose_square(b: Battle, ctx: Ctx, uses: list[Effect], within: int = 0) -> Sq | None:
    """'Choose a square in line of sight' ('within 6 of this creature': ``within``) for the smoke the next clause
    makes there: of the squares of the creatures its creature sees (or within that many squares of it), the one where
    the smoke is worth most (``smoke_worth``); None when none is worth anything."""
    f = ctx.source
    if f.pos is None or not uses:
        return None
    best: tuple[int, Sq] | None = None
    for x in b.in_play():
        if x.pos is None or (gap(f.pos, f.side, x.pos, 1) > within if within else not b.board.sees(
                f.pos, f.side, x.pos, 1)):
            continue
        ctx.square = x.pos
        v = sum(smoke_worth(b, u, ctx) for u in uses)
        if v > 0 and (best is None or v > best[0]):
            best = (v, x.pos)
    ctx.square = None
    return best[1] if best is not None else None


def make_terrain(b: Battle, e: Effect, ctx: Ctx) -> None:
    """'Each square adjacent to this creature gains smoke terrain until start of its next turn': the battle's own
    terrain over the map's until the power's creature's turn (or the round) says it ends; made again by the same
    power, it starts over (profile ddm-guild.stacking)."""
    src = ctx.source
    if e.what == "river-slippery":  # 'All river terrain becomes slippery terrain': no map has river terrain
        return  # (profile ddm-guild.stand-in-terrain), so no square changes
    squares = made_squares(b, e, ctx) if e.what != "sight-limit" else frozenset()  # (a limit is the whole map's)
    if not squares and e.what != "sight-limit":
        return
    key = b.applying[-1] if b.applying else (src.id, -1)
    b.made = [m for m in b.made if not (m.key == key and m.what == e.what)]
    if e.duration == "start-next-turn":
        clock = 1  # the next start of its turn (used on its turn or not)
    else:
        clock = 2 if e.duration == "end-next-turn" and b.active is src else 1
    eid = b.new_group()
    b.made.append(Made(e.what, squares, e.duration, src.id, clock, b.round + (e.duration == "end-next-round"), key,
                       eid, e.amount, e.filter.keyword))
    b.event("terrain", creature=src.id, eid=eid, what=e.what, squares=sorted(list(sq) for sq in squares),
            duration=e.duration, amount=e.amount)
    _terrain_changed(b)


def end_made(b: Battle, when: str, f: Fighter | None = None) -> None:
    """Terrain a power made that ends now: at the start ("start-turn") or end ("end-turn") of ``f``'s turn, at the end
    of the round ("end-round")."""
    if not b.made:
        return
    keep: list[Made] = []
    for m in b.made:
        ends = False
        if when == "end-round":
            ends = m.duration == "end-round" or (m.duration == "end-next-round" and b.round >= m.round)
        elif f is not None and m.clock_of == f.id and (
                (when == "start-turn" and m.duration == "start-next-turn")
                or (when == "end-turn" and m.duration == "end-next-turn")):
            m.clock -= 1
            ends = m.clock <= 0
        if ends:
            b.event("terrain-end", eid=m.eid, what=m.what, why=when, count=len(m.squares))
        else:
            keep.append(m)
    if len(keep) != len(b.made):
        b.made = keep
        _terrain_changed(b)


def _sight_limit(b: Battle) -> int:
    """The squares sight reaches now ('line of sight is limited to 6 squares until end of round', 'while this
    creature is on the battlemap, line of sight is limited to 10 squares'): the shortest limit; 0: none."""
    limits = [m.amount for m in b.made if m.what == "sight-limit"]
    if b.carriers:
        limits.extend(n for f in b.fighters if f.in_play() for w, n in f.own_gains if w == "sight-limit")
    return min(limits, default=0)


def _carry_smoke(b: Battle) -> None:
    """'Whenever it is not this creature's turn: this creature's space is smoke terrain': where it stands now (and
    the sight limit of a creature on the map)."""
    carried = frozenset(sq for f in b.fighters if f.in_play() and f is not b.active
                        and any(w == "smoke-space" for w, _n in f.own_gains) for sq in f.space())
    if carried != b.carried or _sight_limit(b) != b.board.sight_limit:
        b.carried = carried
        _terrain_changed(b)


def _terrain_changed(b: Battle) -> None:
    b.board = b.board.with_terrain(b.made_map(), _sight_limit(b))
    b.version += 1


def redirect_to(b: Battle, e: Effect, ctx: Ctx) -> Fighter | None:
    """The creature a redirect gives the attack in progress to (profile ``ddm-guild.redirect-away``): this creature
    ('redirect that attack to this creature'), or one creature adjacent to it of the kinds or state named, neither
    the attacker nor the creature attacked: of allies the one with the most hit points (then the cheapest), of
    enemies the nearest with the fewest. None when there is none, or the attack cannot be redirected (only a single
    {m} or {r} attack can; not one that ignores redirects, nor one whose attacker 'cannot be redirected')."""
    run = ctx.run
    if run is None or run.spec.form not in ("melee", "ranged") or "redirect" in run.spec.ignores \
            or run.attacker.gained("no-redirect") or run.target.gained("no-redirect-away"):
        return None
    if e.who == "self":
        pool = [ctx.source] if ctx.source.in_play() else []
    elif e.who == "lowest-in-reach":  # 'the enemy or ally with the lowest current HP within that enemy's reach'
        reach_n = max(run.spec.reach, _own_reach(run.attacker)) if run.spec.form == "melee" else 0
        pool = sorted((x for x in b.fighters if x.in_play() and x is not run.attacker and x is not ctx.source
                       and b.gap(run.attacker, x) <= reach_n), key=lambda x: (x.hp, x.id))[:1]
    else:
        pool = [x for x in pick(b, "allies" if e.who == "chosen-ally" else "enemies", e, ctx)
                if (x is not run.attacker or "not-attacker" not in e.extra) and x is not run.target]
        if e.who == "chosen-ally":
            pool.sort(key=lambda a: (-a.hp, a.card.cost, a.id))
    return next((x for x in pool if x is not run.target), None)


def cleansable(f: Fighter, e: Effect) -> list[Active]:
    """The effects on ``f`` a cleanse may end, in the order it ends them: 'end 1 ongoing damage effect', 'end 1
    condition with a duration of (save ends)', 'end 1 effect or condition' (those a save ends)."""
    if e.what.startswith("cond:"):  # 'end the Dazed, Slowed or Staggered condition': those, whatever their duration
        names = e.what[5:].split("|")
        return [x for x in f.effects if x.kind == "condition" and ("*" in names or x.what in names)]
    kinds = ("ongoing",) if e.what == "ongoing" else ("condition",) if e.what in ("condition", "save-roll:condition") \
        else ("condition", "ongoing")
    return [x for x in f.effects if x.kind in kinds and x.duration == "save"]


# --- menus (profile ddm-guild.menu) ---------------------------------------------------------------------------

# what a condition left on an enemy is worth, in hit points of damage (how much of its next turn it takes away)
CONDITION_VALUE: Final = {"stunned": 12.0, "dominated": 12.0, "helpless": 10.0, "no-attack": 10.0, "confused": 8.0,
                          "dazed": 6.0, "staggered": 6.0, "weakened": 6.0, "blinded": 5.0, "immobilized": 4.0,
                          "grants-ca": 3.0, "slowed": 3.0, "no-attack-source": 3.0, "marked": 2.0}
# a modifier's worth per point, in hit points, to a creature of its side (a penalty: as much to an enemy)
_MOD_POINT: Final = {"attack": 2.0, "ac": 2.0, "fort": 1.0, "ref": 1.0, "will": 1.0, "defenses": 3.0, "speed": 1.0,
                     "damage": 0.5}


def best_option(b: Battle, e: Effect, ctx: Ctx) -> int:
    """The option of a menu worth most now (``option_value``); the first printed on a tie."""
    values = [option_value(b, o, ctx) for o in e.options]
    return values.index(max(values))


def option_value(b: Battle, effects: tuple[Effect, ...], ctx: Ctx) -> float:
    """What an option of a menu would do now, in hit points (profile ddm-guild.menu): hit points healed on its side
    (no more than each creature lost) and damage dealt to the other (no more than each has, half the cost of a
    creature it would destroy more), conditions left on enemies (``CONDITION_VALUE``), ongoing damage (about two
    turns of it), conditions and ongoing damage ended on its side (as much as they would cost it), modifiers by
    their points (``_MOD_POINT``), a power recharged that is spent (10), an attack made (8), not being destroyed (its
    cost and the hit points it keeps), a gain or a move (1), victory points as points. Its own side hurt counts
    against it."""
    src = ctx.source
    total = 0.0
    for e in effects:
        if e.kind == "vp":
            total += -e.amount if e.who == "opponent" else e.amount
            continue
        if e.kind == "survive":  # not destroyed: all it is worth, and the hit points it keeps
            total += src.card.cost + e.amount
            continue
        if e.kind == "recharge":
            names = e.what[6:].split("|") if e.what.startswith("power:") else []
            total += 10.0 if any(q.uses and src.uses.get(q.index, 0) < q.uses and (
                not names or q.name.casefold() in names) for q in src.powers) else 0.0
            continue
        for f in pick(b, e.who, e, ctx):
            own = 1.0 if f.player == src.player else -1.0
            if e.kind == "heal":
                total += own * min(e.amount, f.max_hp - f.hp)
            elif e.kind == "damage":
                total -= own * (min(e.amount, f.hp) + (f.card.cost * 0.5 if e.amount >= f.hp else 0.0))
            elif e.kind == "ongoing":
                total -= own * 1.5 * min(e.amount, f.hp)
            elif e.kind == "condition":
                total -= own * (0.0 if f.has(e.what) or e.what in f.immune_now() else CONDITION_VALUE.get(e.what, 3.0))
            elif e.kind == "cleanse":  # what the ended condition or ongoing damage would have cost it
                total += own * sum(CONDITION_VALUE.get(x.what, 3.0) if x.kind == "condition" else
                                   1.5 * min(x.amount, f.hp) for x in cleansable(f, e)[: e.count])
            elif e.kind == "mod":
                total += own * e.amount * _MOD_POINT.get(e.what, 1.0)
            elif e.kind == "attack":
                total += own * 8.0
            else:  # a gain, a move, a placement, ...
                total += own * 1.0 if e.kind not in ("push", "pull", "slide") else -own * 1.0
    return total


def with_option(p: Power, option: int) -> Power:
    """The power as its player would use it with that option of its (first) menu: the option's effects in its place."""
    for i, e in enumerate(p.effects):
        if e.kind == "menu":
            return replace(p, effects=(*p.effects[:i], *e.options[option], *p.effects[i + 1:]))
    return p


def menu_size(p: Power) -> int:
    """How many options the first menu of an action power offers its player (0: none)."""
    return next((len(e.options) for e in p.effects if e.kind == "menu"), 0)


# --- triggered powers ----------------------------------------------------------------------------------------

# its own attack's events, which a power does not answer when that attack is one the power itself makes ('Use after this
# creature hits with an attack: Make a followup attack', 'Use when it makes a {b} attack ...: make 1 extra {b} attack')
_OWN_ATTACK_EVENTS: Final = frozenset({"declares", "attack-made", "hits", "resolves-hit", "misses"})


def fire(b: Battle, trigger: str, owners: list[Fighter], *, target: Fighter | None = None,
         ally: Fighter | None = None, run: Run | None = None, even_destroyed: bool = False,
         dtypes: tuple[str, ...] = (), save: SaveRoll | None = None, rerolls: bool = False, gained: str = "") -> None:
    """Use every power of ``owners`` that answers ``trigger`` and has a use left (profile: the engine uses a
    triggered power whenever it can). A power that has an attack roll rolled again answers only when the attack's
    result is offered to it (``rerolls``: see :func:`offer_rerolls`), and one such power a roll is enough."""
    if b.over:
        return
    on = "on:" + trigger
    for owner in owners:
        if not (owner.in_play() or (even_destroyed and owner.alive)):
            continue
        for p in owner.powers:
            if p.recharge == on and p.uses and owner.uses.get(p.index, 0) < p.uses \
                    and _filter_applies(b, p.recharge_filter, trigger, owner, Ctx(owner, target, ally, run, dtypes)):
                recharge_one(b, owner, p)
            if p.trigger != trigger or not owner.uses_left(p):
                continue
            if (gained or trigger in _OWN_ATTACK_EVENTS) and (owner.id, p.index) in b.applying:
                continue  # (a power does not answer the condition its own use puts on, nor the attack it makes: 'Use
                # when it makes a {b} attack against a target granting it combat advantage: make 1 extra {b} attack')
            if rerolls != rerolls_attack(p) or (rerolls and ((run is not None and run.reroll)
                                                             or (save is not None and save.reroll))):
                continue
            ctx = Ctx(owner, target, ally, run, dtypes, save, gained)
            if not _trigger_applies(b, p, owner, ctx):
                continue
            if p.action == "immediate" and not owner.immediate_ready():
                continue
            if run is not None and run.resolved and p.effects and _outcome_unmet(p, run):
                continue  # 'after an enemy resolves an attack: if that attack hit, ...' after a miss: nothing spent
            if not requirement_ok(owner, p, charge=False, b=b):
                continue
            if run is not None and p.effects and p.effects[0].kind == "redirect" \
                    and (run.fixed or redirect_to(b, p.effects[0], ctx) is None):
                continue  # no creature to take the attack over: the power is not used
            if trigger == "any-misses" and run is not None and run.attacker.player != owner.player \
                    and any(e.kind == "reroll" for e in p.effects):
                continue  # 'when an Arcane creature misses: reroll that attack': for its own side's misses only
            if trigger in ANY_EVENTS and p.ptype == "champion" and target is not None and (
                    (target.player != owner.player and helps_event_creature(p))
                    or (target.player == owner.player and harms_event_creature(p))):
                continue  # 'Use when any creature hits with a {m} attack; +10 poison damage', 'when a creature takes
                # damage: that creature makes a {b} attack': a champion power (its player's choice) that helps the
                # event's creature helps its own side's only; one that harms it ('when any creature takes cold
                # damage: that creature is Immobilized') harms enemies only (ddm-guild.champion-events)
            if p.per == "turn-each":  # '(maximum 1 per turn per enemy)': once in a turn for each creature of its event
                other = ally if trigger.startswith("ally") else target
                turn = b.active
                key = (p.index, b.round, turn.id if turn is not None else "",
                       turn.activations_left if turn is not None else 0, other.id if other is not None else "")
                if key in owner.per_each_used:
                    continue
                owner.per_each_used.add(key)

            if does_nothing(b, owner, p, ctx):
                continue  # (nothing spent)
            use_triggered(b, owner, p, ctx)
            if b.over:
                return


def _outcome_unmet(p: Power, run: Run) -> bool:
    """Every effect of ``p`` waits for an attack's outcome ('if that attack hit, ...') and none for this one."""
    for e in p.effects:
        if "if-hit" not in e.extra and "if-miss" not in e.extra:
            return False
        if outcome_met(e, run):
            return False
    return True


def offer_rerolls(b: Battle, attacker: Fighter, t: Fighter, run: Run, hit: bool) -> bool:
    """Profile ``ddm-guild.rerolls``: an attack roll's result is offered to the powers that may have it rolled again,
    by the side it went against (the target's side a hit, the attacker's side a miss), whatever event their card
    names for the roll ('when it is hit', 'after an enemy makes an attack', 'after it rolls an attack roll', 'when an
    ally misses'); the first that answers has it rolled again. True when one did."""
    run.reroll = False
    if not b.rerolls:
        return False
    if hit:
        on_hit = {"target": [t], "target-allies": b.allies_of(t), "foes": b.enemies_of(attacker)}
        for trigger, whose in REROLL_ON_HIT:
            fire(b, trigger, on_hit[whose], target=attacker, ally=t if whose == "target-allies" else None, run=run,
                 rerolls=True)
    else:
        allies = b.allies_of(attacker)
        on_miss = {"roller": [attacker], "roller-allies": allies, "roller-side": [attacker, *allies]}
        for trigger, whose in REROLL_ON_MISS:
            fire(b, trigger, on_miss[whose], target=attacker if whose == "roller-side" else t,
                 ally=attacker if whose == "roller-allies" else None, run=run, rerolls=True)
    again = run.reroll
    run.reroll = False
    return again


def turn_started(b: Battle, f: Fighter) -> None:
    """The powers a creature's turn start calls (profile ``ddm-guild.start-of-turn``), after its ongoing damage:
    its side's 'before taking your first turn of a round' (on its side's first turn of the round), its own
    (those 'on its turn' among them: the engine uses them as the turn begins), its allies' and enemies' that answer
    it, and auras it starts in."""
    side = [x for x in b.fighters if x.player == f.player and x.in_play()]
    if sum(x.activations - x.activations_left for x in side) == 1:
        fire(b, "first-turn", side)
    fire(b, "start-of-turn", [f])
    fire(b, "own-turn", [f])
    fire(b, "ally-starts-turn", b.allies_of(f), ally=f)
    if b.friend_turns:  # ('your creature's turn': its own side's, its own too)
        fire(b, "friend-starts-turn", [f, *b.allies_of(f)], ally=f)
    fire(b, "enemy-starts-adjacent", [e for e in b.enemies_of(f) if b.adjacent(e, f)], target=f)
    fire(b, "enemy-starts-turn", b.enemies_of(f), target=f)
    others = [o for o in b.fighters if o is not f and o.in_play()]
    fire(b, "starts-in-aura", others, target=f)
    fire(b, "any-starts-turn", others, target=f)


def roll_save(b: Battle, f: Fighter, e: Active) -> bool:
    """Profile ``ddm-guild.saving-throw``: a d20 against the save number; a failed save calls the powers that answer it
    (one may have it rolled again). A creature that 'automatically succeeds on saves to end ongoing damage' rolls
    none against ongoing damage: it succeeds."""
    if (e.kind == "ongoing" and f.gained("auto-save-ongoing")) or f.gained("auto-save"):  # ('Blessed: Automatically
        # succeeds on saves')
        b.event("save", creature=f.id, what=e.what, roll=0, saved=True, eid=e.eid, automatic=True)
        return True
    roll = b.dice.roll(20, "save")
    bonus = stat_mods(b, f, "save")  # '+2 to saving throws' (an aura, its card, a power for a while)
    ok = roll + bonus >= R.SAVE_TARGET
    if bonus:
        b.event("save", creature=f.id, what=e.what, roll=roll, saved=ok, eid=e.eid, bonus=bonus)
    else:
        b.event("save", creature=f.id, what=e.what, roll=roll, saved=ok, eid=e.eid)
    if b.over:
        return ok
    if ok:  # profile ``ddm-guild.rerolls``: an enemy's power may have a success rolled again; the new roll stands
        save = SaveRoll(f"{e.kind}:{e.what}")
        foes = b.enemies_of(f)
        fire(b, "ally-saves", b.allies_of(f), ally=f, save=save)  # ('RECHARGE when an ally rolls a successful
        fire(b, "enemy-saves", foes, target=f, save=save)  # saving throw')
        fire(b, "any-save", foes, target=f, save=save)
        if not (save.reroll and f.in_play() and e in f.effects):
            return ok
        roll = b.dice.roll(20, "save")
        ok = roll + bonus >= R.SAVE_TARGET
        b.event("save", creature=f.id, what=e.what, roll=roll, saved=ok, eid=e.eid, reroll=True)
        if ok or b.over:
            return ok
    save = SaveRoll(f"{e.kind}:{e.what}")
    fire(b, "fails-save", [f], save=save)
    fire(b, "ally-fails-save", b.allies_of(f), ally=f, save=save)
    if not save.reroll:
        fire(b, "any-save", [f, *b.allies_of(f)], target=f, save=save)
    if not save.reroll:
        fire(b, "rolls-d20", [f], target=f, save=save, rerolls=True)
    if save.reroll and f.in_play() and e in f.effects:  # its own side's rerolls first, then the enemies' answers
        roll = b.dice.roll(20, "save")
        ok = roll + bonus >= R.SAVE_TARGET
        b.event("save", creature=f.id, what=e.what, roll=roll, saved=ok, eid=e.eid, reroll=True)
    if not ok:
        fire(b, "enemy-fails-save", b.enemies_of(f), target=f, save=save)
    return ok


def _trigger_applies(b: Battle, p: Power, owner: Fighter, ctx: Ctx) -> bool:
    return _filter_applies(b, p.trigger_filter, p.trigger, owner, ctx)


def _filter_applies(b: Battle, flt: Filter, trigger: str, owner: Fighter, ctx: Ctx) -> bool:
    """Whether the creatures of an event are the ones a trigger (or a recharge) names."""
    other = ctx.ally if trigger.startswith("ally") else ctx.target
    run = ctx.run  # its own melee attack: flanking gives it combat advantage ('hits with combat advantage')
    melee = run is not None and run.attacker is owner and run.spec.form == "melee"
    if flt.side:
        if other is None or other is owner:
            return False
        if (flt.side == "ally" and other.player != owner.player) or (flt.side == "enemy"
                                                                     and other.player == owner.player):
            return False
    if flt.keyword and (other is None or not has_kinds(other, flt.keyword)):
        return False
    if flt.self_state.startswith("gained:"):  # the condition its event put on ('becomes Dazed or Stunned')
        if ctx.gained not in flt.self_state[7:].split("|"):
            return False
    elif flt.self_state and (other is None or not target_state_ok(b, Filter(target_state=flt.self_state), owner,
                                                                    other, melee)):
        return False  # the event creature's state ('a Dazed enemy', 'a bloodied ally')
    if flt.within and trigger in _BEFALLS_FRIEND:  # 'an enemy hits it or an adjacent ally': where the one hit is
        struck = ctx.ally
        if struck is None or (struck is not owner and not _near(b, flt.within, owner, struck)):
            return False
    elif flt.within and other is not None:
        if flt.within == -1 and not b.adjacent(owner, other):
            return False
        if trigger == "enemy-enters-at" and b.gap(owner, other) != flt.within:  # 'exactly 3 squares away'
            return False
        if flt.within > 0 and b.gap(owner, other) > flt.within:
            return False
        if flt.within == -3 and b.gap(owner, other) > _own_reach(owner):  # 'an enemy starts its turn within reach'
            return False
    if flt.natural:  # the d20's face of the event's attack roll ('rolls a natural 18, 19, or 20'), or of its
        # player's initiative roll ('if your result is a natural 6-10')
        face = b.initiative_faces[owner.player] if trigger == "after-initiative" else run.natural if run else 0
        if not natural_in(face, flt.natural):
            return False
    if flt.target_state:  # the event's other creature ('a living enemy'), or its damage type ('takes fire damage')
        if flt.target_state.startswith("dtype:"):
            if not any(t in ctx.dtypes for t in flt.target_state[6:].split("|")):
                return False
        elif flt.target_state.startswith("!dtype:"):  # 'an attack that did not deal acid or fire damage'
            if any(t in ctx.dtypes for t in flt.target_state[7:].split("|")):
                return False
        elif flt.target_state.startswith("save-vs:"):  # 'fails a save vs. Dazed': what that save would end
            kind, _, what = flt.target_state[8:].partition(":")
            against = ctx.save.against.partition(":") if ctx.save is not None else ("", "", "")
            if against[0] != kind or what not in against[2].split("/"):  # (ongoing fire and poison: either)
                return False
        elif flt.target_state in ("one-target", "one-enemy"):  # its attack's count of targets (of enemy targets)
            if run is None or (run.targets if flt.target_state == "one-target" else run.enemy_targets) != 1:
                return False
        elif not target_state_ok(b, flt, owner, ctx.target, melee):
            return False
    if flt.attack_form == "charge":
        return ctx.run is not None and ctx.run.charge
    if flt.attack_form == "opportunity":  # 'when targeted by an opportunity attack'
        return ctx.run is not None and ctx.run.opportunity
    if flt.attack_form and ctx.run is not None:
        if not _form_matches(flt.attack_form, ctx.run.spec, ctx.run.power):
            return False
    elif flt.attack_form and ctx.run is None:
        return False
    return True


# events that befall the power's creature or one of its allies ('it or an adjacent ally is hit'): their distance is
# that creature's
_BEFALLS_FRIEND: Final = frozenset({"friend-hit", "friend-crit-by", "friend-would-gain-condition"})


def _near(b: Battle, within: int, owner: Fighter, x: Fighter) -> bool:
    """``x`` adjacent to ``owner`` (-1) or within that many squares of it."""
    return b.adjacent(owner, x) if within == -1 else within > 0 and b.gap(owner, x) <= within


def _own_reach(f: Fighter) -> int:
    """The squares its melee attacks reach (Reach N, or one a power gave it for a while; 1 otherwise)."""
    return max(f.reach, f.gained("reach"))


def requirement_ok(f: Fighter, p: Power, charge: bool, b: Battle | None = None) -> bool:
    """A power's requirement ('Use only if it is adjacent to a bloodied enemy:'): a state of the condition
    vocabulary (``holds``), or a charge."""
    req = p.requirement
    if not req:
        return True
    if req == "charge":
        return charge
    if req == "named":  # 'use when adjacent to an Immobilized enemy: that enemy ...': such a creature is there
        return b is not None and bool(p.effects) and p.effects[0].kind == "choose" and bool(
            pick(b, p.effects[0].who, p.effects[0], Ctx(f)))
    if b is None:  # no battle to look at: the creature's own states only
        return (req == "bloodied" and f.bloodied) or (req == "not-bloodied" and not f.bloodied) or (
            req == "damaged" and f.hp < f.max_hp)
    return holds(b, req, f, charge, False)


def spend_ok(b: Battle, f: Fighter, p: Power) -> bool:
    """A power that spends victory points ('spend 5 VP, then ...') is usable only while its side has them."""
    cost = -sum(e.amount for e in p.effects if e.kind == "vp" and "spend" in e.extra)
    return cost <= 0 or b.scores[f.player] >= cost


def spend(b: Battle, f: Fighter, p: Power) -> None:
    """``f`` uses ``p``: a use spent (``Fighter.spend``), then the powers of its card that RECHARGE "when it uses"
    that power (by name) or "a champion power" recharge (profile ``ddm-guild.use-limits``)."""
    f.spend(p)
    name = p.name.casefold()
    for q in f.powers:
        if q is p or not q.uses:
            continue
        if (q.recharge == "uses-champion" and p.ptype == "champion") \
                or (q.recharge.startswith("uses:") and name in q.recharge[5:].split("|")):
            recharge_one(b, f, q)


def use_triggered(b: Battle, owner: Fighter, p: Power, ctx: Ctx) -> None:
    spend(b, owner, p)
    if p.action == "immediate":
        owner.immediate_used = True
    b.event("power", creature=owner.id, power=p.name, trigger=p.trigger)
    if champion_cancelled(b, owner, p):
        return
    if p.attack is not None:
        targets = triggered_targets(b, owner, p, ctx)
        if targets:
            attack(b, owner, p, p.attack, targets)
    if p.effects:
        apply_power(b, owner, p, power_ctx(ctx, p))
    champion_used(b, owner, p)


def champion_cancelled(b: Battle, f: Fighter, p: Power) -> bool:
    """Profile ``ddm-guild.champion-events``: ``f`` uses the champion power ``p`` (its use spent): the enemies' powers
    that answer 'when an enemy uses a champion power' are used first, one enemy after another until one has cancelled
    it ('that champion power has no effect'). True when one did: ``p`` then does nothing, its use still spent."""
    if p.ptype != "champion" or b.over:
        return False
    b.cancels.append(False)
    try:
        for foe in b.enemies_of(f):
            fire(b, "enemy-uses-champion", [foe], target=f)
            if b.cancels[-1] or b.over:
                break
        if b.cancels[-1]:
            b.event("cancelled", creature=f.id, power=p.name)
        return b.cancels[-1]
    finally:
        b.cancels.pop()


def champion_used(b: Battle, f: Fighter, p: Power) -> None:
    """... and once its effects are resolved, the enemies' powers that answer 'after an enemy uses a champion
    power'."""
    if p.ptype == "champion" and not b.over:
        fire(b, "enemy-used-champion", b.enemies_of(f), target=f)


def apply_power(b: Battle, owner: Fighter, p: Power, ctx: Ctx) -> None:
    """A power's effects, each effect it puts in force counted as its own (``recharge_unaffected``)."""
    b.applying.append((owner.id, p.index))
    try:
        apply_effects(b, p.effects, ctx)
    finally:
        b.applying.pop()


def recharge_unaffected(b: Battle) -> None:
    """'RECHARGE when no creature is affected by this power': looked at whenever a turn starts or ends."""
    for f in b.fighters:
        if not f.in_play():
            continue
        for p in f.powers:
            if p.recharge == "unaffected" and p.uses and f.uses.get(p.index, 0) < p.uses \
                    and holds(b, p.recharge_filter.self_state, f):
                recharge_one(b, f, p)


def triggered_targets(b: Battle, owner: Fighter, p: Power, ctx: Ctx) -> list[Fighter]:
    a = p.attack
    if a is None or owner.pos is None:
        return []
    if a.form in ("melee", "ranged"):
        t = ctx.target
        if t is not None and t.in_play() and t.player != owner.player and in_range(b, owner, p, a, t):
            return [t]
        if p.trigger == "destroyed":  # 'Use when this creature is destroyed: Roll +12 vs. Will against 1 adjacent
            # enemy': the enemy that destroyed it if it reaches it, else the one it reaches with the fewest hit points
            reached = [x for x in b.enemies_of(owner) if in_range(b, owner, p, a, x)]
            return [min(reached, key=lambda x: (x.hp, x.id))] if reached else []
        return []
    if a.form in ("close-blast", "area", "line"):  # 'use when damaged by an enemy's attack: (blast 3) ...'
        return _triggered_area(b, owner, a, ctx.target)
    return area_targets(b, owner, a, None)


def _triggered_area(b: Battle, owner: Fighter, a: AttackSpec, event: Fighter | None) -> list[Fighter]:
    """The creatures a triggered blast, area or line attack takes: of its origins, the one that holds the event's
    creature (when an enemy), then the most enemies less allies (the first such origin on a tie); none when no
    origin holds an enemy."""
    pos = owner.pos
    if pos is None:
        return []
    enemies = b.enemies_of(owner)
    if a.form == "close-blast":
        origins = b.board.blasts(pos, owner.side, a.size)
    else:
        origins = [sq for e in enemies for sq in e.space() if area_origin_ok(b, owner, a, sq)]
    best: list[Fighter] = []
    best_key = (False, 0)
    for at in origins:
        got = area_targets(b, owner, a, at)
        foes = sum(1 for x in got if x.player != owner.player)
        key = (event is not None and event in got and event.player != owner.player, foes - (len(got) - foes))
        if foes and (not best or key > best_key):
            best, best_key = got, key
    return best


def recharge_one(b: Battle, f: Fighter, p: Power) -> None:
    """Profile ``ddm-guild.use-limits``: RECHARGE restores the power's uses."""
    if p.uses and f.uses.get(p.index, 0) < p.uses:
        f.uses[p.index] = p.uses
        b.event("recharge", creature=f.id, power=p.name)


def recharge_all(b: Battle, f: Fighter, when: str) -> None:
    for p in f.powers:
        if p.recharge == when and (when not in ("start-of-round", "end-of-round")
                                   or holds(b, p.recharge_filter.self_state, f)):  # 'at start of round if ...'
            recharge_one(b, f, p)


def recharge_turn_start(b: Battle, f: Fighter) -> None:
    alone = not any(b.adjacent(f, e) for e in b.enemies_of(f))
    for p in f.powers:
        if not p.uses or f.uses.get(p.index, 0) >= p.uses:
            continue
        if (p.recharge == "start-of-turn" and holds(b, p.recharge_filter.self_state, f)) \
                or (p.recharge == "start-of-turn-alone" and alone) \
                or (p.recharge == "start-of-turn-unseen" and unseen(b, f)):
            recharge_one(b, f, p)
        elif p.recharge.startswith("roll:"):
            need = int(p.recharge[5:])
            if b.dice.roll(20, "recharge") >= need:
                recharge_one(b, f, p)


def recharge_turn_end(b: Battle, f: Fighter) -> None:
    alone = not any(b.adjacent(f, e) for e in b.enemies_of(f))
    for p in f.powers:
        if (p.recharge == "end-of-turn" and holds(b, p.recharge_filter.self_state, f)) \
                or (p.recharge == "end-of-turn-alone" and alone) \
                or (p.recharge == "end-of-turn-no-attack" and not f.attacked) \
                or (p.recharge == "end-of-turn-no-move" and f.moved == 0):
            recharge_one(b, f, p)


# --- attacks -----------------------------------------------------------------------------------------------------

def in_range(b: Battle, attacker: Fighter, p: Power, a: AttackSpec, t: Fighter) -> bool:
    """Profiles ``ddm-guild.melee-reach`` and ``ddm-guild.ranged-range`` (the 'nearest' check is separate)."""
    if attacker.pos is None or t.pos is None or t is attacker:
        return False
    if not target_ok(b, attacker, a, t) or ((attacker.effects or attacker.while_on) and not may_attack(attacker, t)) \
            or ("gaze" in t.immune and gaze(p)) or (a.defence == "will" and t.gained("no-will-attacks")):
        return False
    if a.form == "melee":
        if t.gained("untargetable-melee"):  # 'cannot be targeted with {m} or {r} attacks while adjacent to ...'
            return False
        reach = attacker.reach_of(p)
        g = b.gap(attacker, t)
        if reach <= 1:
            return b.adjacent(attacker, t) and _sees(b, attacker, t, a)
        return 1 <= g <= reach and _sees(b, attacker, t, a)
    if a.form == "ranged":
        if (a.range and b.gap(attacker, t) > a.range) or t.gained("untargetable-ranged"):
            return False
        if not _sees(b, attacker, t, a):
            return False
        if a.nearest:
            return t in nearest_enemies(b, attacker)
        return True
    return False


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
    for e in list(b.enemies_of(mover)):
        if not mover.in_play() or b.over:
            return
        if only and e.id not in only:
            continue
        if e.id in mover.provoked_by or not e.can_react() or not e.makes_opportunity_attacks() \
                or not (b.adjacent(e, mover) or (why == "move" and e.gained("threatening-reach"))):
            continue  # ('Threatening Reach': leaving a square within its reach; in_range below measures it)
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
        heal(b, attacker, heal_hp)
    hurt = attacker.while_on.get("miss-damage", 0)
    if not hit and hurt:
        deal_damage(b, attacker, [(hurt, "")], None)


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
            deal_damage(b, attacker, [(n_dmg, dtype)], src)
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
            fire(b, "enemy-ignores", [x for x in b.enemies_of(attacker) if x not in targets], target=attacker)
        if b.over or not attacker.in_play():
            return 0
    if targets:  # 'when this creature uses Cold Breath': once, as the attack is made
        fire(b, "uses-attack", [attacker], run=Run(attacker, power, spec, targets[0], charge, opportunity))
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
        defenders = [x for x in b.allies_of(t) if b.gap(x, attacker) <= _own_reach(x)] \
            if attacker.player != t.player else []  # adjacent, or in its reach ('an enemy ... against an ally': not
        # an ally's burst)
        if defenders:
            fire(b, "enemy-attacks-ally", defenders, target=attacker, ally=t, run=run)
            if not t.in_play() or not attacker.in_play():
                continue
        fire(b, "ally-attacked", b.allies_of(t), target=attacker, ally=t, run=run)
        if not t.in_play() or not attacker.in_play():
            continue
        for e in attacker.effects[:]:  # 'That enemy has -4 Attack until it targets this creature with an attack'
            if e.duration == "until-targets-source" and e.source == t.id:  # (its penalty ends as it declares it)
                b.end_effect(attacker, e, "targeted")
        answered = run.redirect is None  # the creature attacked answers, unless an ally took the attack over
        if answered:
            t.attacked_by.add(attacker.id)  # 'against targets that made an attack against it this round'
            fire(b, "attacked", [t], target=attacker, run=run)
        fire(b, "declares", [attacker], target=t, run=run)
        allies = b.allies_of(attacker)
        fire(b, "ally-declares", allies, target=t, ally=attacker, run=run)
        fire(b, "friend-declares", [attacker, *allies], target=t, ally=attacker, run=run)
        fire(b, "enemy-declares", b.enemies_of(attacker), target=attacker, run=run)
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
            fire(b, "attacked", [t], target=attacker, run=run)
            if not t.in_play() or not attacker.in_play():
                continue
        hit, crit, roll, total, target_def, mods = _roll(b, attacker, t, power, spec, run)
        hit, crit = _rolled(b, attacker, t, run, hit, crit)
        if not attacker.in_play() or b.over:
            return hits
        if not t.in_play():
            continue
        if run.negated:  # 'when targeted by an opportunity attack: that attack automatically misses' (before the roll)
            hit = crit = False
        if hit and not spec.auto_hit and not run.force and offer_rerolls(b, attacker, t, run, True):
            hit, crit, roll, total, target_def, mods = _roll(b, attacker, t, power, spec, run)  # the target's side
            hit, crit = _rolled(b, attacker, t, run, hit, crit)  # has a hit rolled again: the new roll stands
            if not attacker.in_play() or b.over:
                return hits
            if not t.in_play():
                continue
        if not hit:
            fire(b, "misses", [attacker], target=t, run=run)
            fire(b, "ally-misses", b.allies_of(attacker), target=t, ally=attacker, run=run)
            fire(b, "enemy-misses", b.enemies_of(attacker), target=attacker, run=run)
            fire(b, "any-misses", [x for x in b.fighters if x.in_play() and x is not attacker], target=attacker,
                 run=run)
            # a power's reroll, or the attack's own "reroll once on miss"
            if offer_rerolls(b, attacker, t, run, False) or _own_reroll(b, attacker, t, power, spec):
                hit, crit, roll, total, target_def, mods = _roll(b, attacker, t, power, spec, run)
                hit, crit = _rolled(b, attacker, t, run, hit, crit)
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
            fire(b, "hits", [attacker], target=t, run=run)
            if opportunity:
                fire(b, "opportunity-hits", [attacker], target=t, run=run)
            fire(b, "ally-hits", b.allies_of(attacker), target=t, ally=attacker, run=run)
            fire(b, "hit-by", [t], target=attacker, run=run)
            fire(b, "ally-hit", b.allies_of(t), target=attacker, ally=t, run=run)
            fire(b, "enemy-hits", b.enemies_of(attacker), target=attacker, run=run)
            fire(b, "any-hits", [x for x in b.fighters if x.in_play() and x is not attacker], target=attacker, run=run)
            fire(b, "friend-hits", [attacker, *b.allies_of(attacker)], target=t, ally=attacker, run=run)  # 'it or
            fire(b, "friend-hit", [t, *b.allies_of(t)], target=attacker, ally=t, run=run)  # an ally hits / is hit'
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
            fire(b, "missed-by", [t], target=attacker, run=run)
            fire(b, "ally-missed", b.allies_of(t), target=attacker, ally=t, run=run)  # 'an enemy misses an ally'
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
                    recharge_one(b, attacker, p)
        else:
            for p in attacker.powers:
                if p.recharge == "misses" and (p is power or p.attack is None):
                    recharge_one(b, attacker, p)
        if hit:
            hits += 1
            attacker.hit_with.add((power.name.casefold(), t.id))  # ('targets previously hit by its Smite')
            _hit(b, attacker, t, power, spec, run, crit, ctx)
        else:
            apply_effects(b, _evaded(t, spec.miss), ctx)
        if spec.always and not b.over:
            always = spec.always if hit else _evaded(t, spec.always)
            apply_effects(b, _damage_only(always) if run.no_riders else always, ctx)
        run.hit, run.resolved = hit, True
        for waiting, c, g in run.deferred:  # 'use when it declares an attack: if that attack hits, ...'
            if not b.over and outcome_met(waiting, run):
                apply_effect(b, waiting, c, g)
        if hit and not b.over and attacker.in_play():  # 'after it resolves a successful Grab attack'
            fire(b, "resolves-hit", [attacker], target=t, run=run)
        if not b.over and attacker.in_play():  # 'use after an enemy resolves an attack against it / an adjacent ally'
            fire(b, "resolved-against", [t], target=attacker, run=run)
            fire(b, "ally-attack-resolved", b.allies_of(t), target=attacker, ally=t, run=run)
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
        fire(b, "attack-made", [attacker], target=last.target, run=last)
        if opportunity:
            fire(b, "opportunity-made", [attacker], target=last.target, run=last)
    return hits


def _redirect_stands(b: Battle, attacker: Fighter, t: Fighter, run: Run) -> bool:
    """A redirect is made unless the attack 'cannot be redirected', or a power of the attacker's side answers it ('Use
    when an attack is redirected: That attack is not redirected instead': its own side's attack, taken from its target
    by the other side's power)."""
    if not run.fixed:
        fire(b, "redirected", [attacker, *b.allies_of(attacker)], target=t, run=run)
    return not run.fixed


def _hit_instead(b: Battle, attacker: Fighter, t: Fighter, run: Run) -> Fighter:
    """The attack, its roll known, hits the creature a power gave it to (profile ``ddm-guild.redirect-away``), whatever
    that creature's defences; its 'when hit' powers answer."""
    taker = run.swap
    assert taker is not None
    b.event("redirect", attacker=attacker.id, target=t.id, to=taker.id)
    run.target = taker
    fire(b, "hit-by", [taker], target=attacker, run=run)
    return taker


def _crit_events(b: Battle, attacker: Fighter, t: Fighter, run: Run) -> None:
    """The powers a critical hit calls: the attacker's, its allies', its enemies', the target's own."""
    fire(b, "crits", [attacker], target=t, run=run)
    allies = b.allies_of(attacker)
    fire(b, "ally-crits", allies, target=t, ally=attacker, run=run)
    fire(b, "friend-crits", [attacker, *allies], target=t, ally=attacker, run=run)
    fire(b, "enemy-crits", b.enemies_of(attacker), target=attacker, run=run)
    fire(b, "crit-by", [t], target=attacker, run=run)
    fire(b, "ally-crit-by", b.allies_of(t), target=attacker, ally=t, run=run)  # 'against an adjacent ally'
    fire(b, "friend-crit-by", [t, *b.allies_of(t)], target=attacker, ally=t, run=run)  # 'against it or an ally'
    fire(b, "any-crits", [x for x in b.fighters if x.in_play()], target=t, run=run)


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


def _rolled(b: Battle, attacker: Fighter, t: Fighter, run: Run, hit: bool, crit: bool) -> tuple[bool, bool]:
    """The powers an attack roll's die calls ('whenever it rolls a natural 17-20 with an attack', 'when an ally makes a
    {m} attack, if the attack roll is a natural 16-20') before its hit or miss is known; one may make it 'a hit and a
    critical hit'."""
    fire(b, "rolls", [attacker], target=t, run=run)
    fire(b, "ally-rolls", b.allies_of(attacker), target=t, ally=attacker, run=run)
    fire(b, "any-rolls", [x for x in b.fighters if x.in_play()], target=t, run=run)  # 'when any creature makes an
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
    for owner in b.fighters:  # an aura's: 'Beast allies score criticals on attack rolls of natural 18+'
        if not owner.auras or not owner.in_play() or owner is attacker:
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
            deal_damage(b, t, parts, attacker, crit=crit, form=form_of(spec), shape=spec.form,  # ignore Insubstantial')
                        ignore_insubstantial=through, ignore_resist="resist" in spec.ignores or run.ignore_resist)
    if run.no_riders:  # 'ignore non-damage effects of that attack': on the one hit, its damage (and ongoing damage)
        others = _damage_only(others)  # only
    if run.cond_swap:  # 'Use when its basic melee attack hits: The target is Helpless instead of Immobilized'
        others = [replace(e, what=run.cond_swap[e.what]) if e.kind == "condition" and e.who == "target"
                  and e.what in run.cond_swap else e for e in others]
    group = apply_effects(b, others, ctx, gates_done=True) if not b.over else 0
    if crit and spec.crit and not b.over:
        crit_riders = _damage_only(spec.crit) if run.no_riders else spec.crit
        if normal_crit:  # (no extra damage: what a critical hit adds besides damage only)
            crit_riders = [e for e in crit_riders if (e.who, e.kind) != ("target", "damage")]
        apply_effects(b, crit_riders, ctx, group=group)  # ('Dazed (save ends); on a critical, target is also
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
        taken = _triggered_area(b, f, power.attack, ctx.target)  # event's enemy, then the most enemies, once
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
                       for x in pick(b, e.who, e, ctx) for q in x.powers)
    if e.kind == "recharge" and e.what.startswith("power:"):
        names = e.what[6:].split("|")
        return not any(q.name.casefold() in names and q.uses and f.uses.get(q.index, 0) < q.uses for q in f.powers)
    if e.kind == "champion-uses":
        whom = pick(b, e.who, e, ctx)
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


# --- movement ----------------------------------------------------------------------------------------------------

def threats_for(b: Battle, mover: Fighter) -> bytearray:
    """1 for each anchor (index on the board) of ``mover`` whose leaving provokes an opportunity attack from
    some enemy."""
    out = bytearray(b.board.size)
    if mover.burrowing() or mover.gained("no-provoke"):
        return out  # underground: leaving a square next to an enemy provokes nothing
    for e in b.enemies_of(mover):
        if not e.can_react() or e.pos is None or e.id in mover.provoked_by or e.melee_basic() is None \
                or not e.makes_opportunity_attacks():
            continue
        mb = e.melee_basic()
        reach_e = e.reach_of(mb) if mb is not None and e.gained("threatening-reach") else 1
        if reach_e <= 1:
            b.board.mark_ring(out, e.pos, e.side, mover.side)
            continue
        w = b.board.width  # 'Threatening Reach': every anchor within its reach
        for y in range(max(0, e.pos[1] - mover.side - reach_e + 1), min(b.board.height, e.pos[1] + e.side + reach_e)):
            for x in range(max(0, e.pos[0] - mover.side - reach_e + 1), min(w, e.pos[0] + e.side + reach_e)):
                if 1 <= gap((x, y), mover.side, e.pos, e.side) <= reach_e:
                    out[y * w + x] = 1
    return out


def blocked_for(b: Battle, mover: Fighter) -> tuple[set[Sq], set[Sq]]:
    """(squares it may not enter, squares it may cross but not end on) — profile ``ddm-guild.moving``."""
    blocked: set[Sq] = set()
    passable: set[Sq] = set()
    through = mover.through_enemies or mover.phasing or mover.burrowing()
    no_allies = bool(mover.while_on) and mover.while_on.get("no-ally-squares", 0) > 0  # 'Monolithic: May not enter
    for f in b.fighters:  # squares occupied by allies'
        if not f.in_play() or f is mover:
            continue
        # Towering (profile ddm-guild.towering): into the squares of Medium (Stomp: Large) or smaller enemies
        # (unknown size: Medium, ddm-guild.size-unknown), never to stop there
        over = f.card.squares <= mover.over_squares
        for sq in f.space():
            if (f.player != mover.player and not through and not over) or (no_allies and f.player == mover.player):
                blocked.add(sq)
            else:
                passable.add(sq)
    return blocked, passable


def reach(b: Battle, mover: Fighter, budget: int) -> Reach:
    """Kept until anything moves or a creature's reactions change (the state's version)."""
    if mover.pos is None:
        return no_reach(b.board)
    key = (mover.id, budget, b.version, len(mover.provoked_by), mover.pos, mover.charging_now, mover.move_mode)
    hit = b.reach_cache.get(key)
    if isinstance(hit, Reach):
        return hit
    blocked, passable = blocked_for(b, mover)
    out = b.board.reach(mover.pos, mover.mover(), budget, blocked, passable, threats_for(b, mover),
                        slow_for(b, mover))
    if len(b.reach_cache) > 16:
        b.reach_cache.clear()
    b.reach_cache[key] = out
    return out


def slow_for(b: Battle, mover: Fighter) -> bytearray | None:
    """Anchors of ``mover`` whose space enters a square an aura makes difficult terrain for it ('each square within 2
    squares of this creature counts as difficult terrain for enemies', profile ``ddm-guild.auras``); None if none."""
    if mover.while_on and mover.while_on.get("all-difficult"):  # 'Treats non-river terrain as difficult terrain'
        return bytearray(b"\x01" * b.board.size)
    out: bytearray | None = None
    w, h = b.board.width, b.board.height
    for m in b.made:  # 'each square within 2 squares of it counts as difficult terrain to non-Giant creatures'
        if m.what != "difficult" or (m.kinds and not has_kinds(mover, m.kinds)):
            continue
        if out is None:
            out = bytearray(b.board.size)
        for sq in m.squares:  # each anchor whose space holds that square
            for y in range(max(0, sq[1] - mover.side + 1), min(h, sq[1] + 1)):
                for x in range(max(0, sq[0] - mover.side + 1), min(w, sq[0] + 1)):
                    out[y * w + x] = 1
    for g in b.fighters:
        if not g.difficult_auras or g is mover or not g.in_play() or g.pos is None:
            continue
        for size, flt in g.difficult_auras:
            if flt.side == "enemy" and g.player == mover.player:
                continue
            if g.player != mover.player and unaffected_by_auras(mover):
                continue
            if flt.keyword and not has_kinds(mover, flt.keyword):  # 'for non-Plant enemies'
                continue
            if out is None:
                out = bytearray(b.board.size)
            for y in range(max(0, g.pos[1] - mover.side - size + 1), min(h, g.pos[1] + g.side + size)):
                for x in range(max(0, g.pos[0] - mover.side - size + 1), min(w, g.pos[0] + g.side + size)):
                    if gap((x, y), mover.side, g.pos, g.side) <= size:
                        out[y * w + x] = 1
    return out


def reachable(b: Battle, mover: Fighter, budget: int) -> dict[Sq, tuple[int, int, Sq]]:
    return reach(b, mover, budget).ends


def walk(b: Battle, mover: Fighter, path: list[Sq], provokes: bool = True, shifting: bool = False) -> None:
    """Move along ``path`` (anchors), provoking when leaving a square next to an enemy; stops if the mover is
    destroyed, stunned or immobilized on the way (then profile ``ddm-guild.legal-position``)."""
    if mover.reloading() == "move" and b.active is mover:  # Slow Reload: not after a ranged attack this turn
        return
    watchers = [e for e in b.enemies_of(mover) if any(p.trigger in _MOVE_WATCH for p in e.powers)]
    own = any(p.trigger == "enters-square" for p in mover.powers)
    beside = any(p.trigger == "enters-beside-enemy" for p in mover.powers)
    for step in path:
        if b.over or not mover.in_play():
            return
        if provokes and not mover.burrowing() and not mover.gained("no-provoke"):  # ('does not provoke opportunity
            provoke(b, mover, "move")  # attacks' until end of turn: its moves)
            if not mover.in_play() or mover.stunned() or mover.held():
                settle(b, mover)
                return
        if shifting and _aware_beside(b, mover):  # 'Awareness': a shift out of its adjacent square provokes it
            provoke(b, mover, "shift")
            if not mover.in_play() or mover.stunned() or mover.held():
                settle(b, mover)
                return
        near = [e for e in watchers if b.adjacent(e, mover)] if watchers else []
        apart = [e for e in b.enemies_of(mover) if not b.adjacent(e, mover)] if beside else []
        came_from = mover.pos
        place(b, mover, step)
        mover.moved += 1
        if apart:
            _beside_enemy(b, mover, apart)
        if mover.effects:  # ('invisible to non-adjacent enemies until it moves')
            b.end_until(mover, "until-moves", "moved")
        if watchers:
            _entered(b, mover, [e for e in watchers if e not in near])
            _moved_near(b, mover, watchers, near, came_from)
        if own and mover.in_play() and not b.over:  # 'whenever it enters river terrain': the square it entered
            fire(b, "enters-square", [mover])
    if provokes and path and mover.in_play() and not b.over:  # 'when an enemy ends its move adjacent to it'
        fire(b, "enemy-ends-move-adjacent", [e for e in b.enemies_of(mover) if b.adjacent(e, mover)], target=mover)
    settle(b, mover)


# the triggers a move calls for the enemies of the creature moving, square by square
_MOVE_WATCH: Final = frozenset({"enemy-enters-adjacent", "enemy-leaves-adjacent", "enemy-enters-within",
                                "enemy-enters-at", "enemy-enters-forest"})


def _moved_near(b: Battle, mover: Fighter, watchers: list[Fighter], near: list[Fighter],
                came_from: Sq | None = None) -> None:
    """After one square of an enemy's move: 'when an enemy moves out of an adjacent square' (the creatures it was next
    to and is not now), 'when an enemy enters a square within 2 squares / exactly 3 squares away' (each square),
    'when an enemy enters forest terrain' (a square of its space in forest that was not in its space before)."""
    left = [e for e in near if e.in_play() and not b.adjacent(e, mover)]
    if left:
        fire(b, "enemy-leaves-adjacent", left, target=mover)
    if mover.in_play() and not b.over:
        fire(b, "enemy-enters-within", [e for e in watchers if e.in_play()], target=mover)
        fire(b, "enemy-enters-at", [e for e in watchers if e.in_play()], target=mover)
    if came_from is not None:
        _entered_forest(b, mover, watchers, came_from)


def _entered_forest(b: Battle, mover: Fighter, watchers: list[Fighter], came_from: Sq | None) -> None:
    """'When an enemy enters forest terrain': a square of its space now in forest that was not in its space before."""
    if came_from is None or not mover.in_play() or b.over or mover.pos is None:
        return
    before = set(space_of(came_from, mover.side))
    grid = b.board.grid
    if any(sq not in before and grid.has_terrain(sq, "forest") for sq in mover.space()):
        fire(b, "enemy-enters-forest", [e for e in watchers if e.in_play()], target=mover)


def _beside_enemy(b: Battle, mover: Fighter, before_apart: list[Fighter]) -> None:
    """'Use when this creature enters a space adjacent to an enemy': each enemy it has just come next to (its own
    move or shift, square by square)."""
    for e in before_apart:
        if b.over or not mover.in_play():
            return
        if e.in_play() and b.adjacent(e, mover):
            fire(b, "enters-beside-enemy", [mover], target=e)


def _entered(b: Battle, mover: Fighter, before_apart: list[Fighter]) -> None:
    """'When an enemy enters an adjacent square': the enemies it has just come next to."""
    now = [e for e in before_apart if e.in_play() and b.adjacent(e, mover)]
    if now:
        fire(b, "enemy-enters-adjacent", now, target=mover)


def _aware_beside(b: Battle, mover: Fighter) -> bool:
    """An enemy beside ``mover`` has Awareness (a shift out of its adjacent square provokes it)."""
    return any(e.awareness and b.adjacent(e, mover) for e in b.enemies_of(mover))


def shift_to(b: Battle, f: Fighter, to: Sq) -> None:
    """A shift of one move action (profile ``ddm-guild.shift``): the powers that answer an adjacent enemy's shift
    and an enemy entering an adjacent square act after it."""
    if f.reloading() == "move" and b.active is f:  # Slow Reload: not after a ranged attack this turn
        return
    enemies = b.enemies_of(f)
    beside = [e for e in enemies if b.adjacent(e, f)]
    apart = [e for e in enemies if e not in beside]
    if _aware_beside(b, f):  # 'Awareness: can make opportunity attacks against enemies for shifting out of an
        provoke(b, f, "shift")  # adjacent square'
        if not f.in_play() or f.stunned() or f.held():
            return
    if b.challenges:  # 'Use when an enemy shifts or ...: make an opportunity attack against that enemy' (Eyes on
        fire(b, "enemy-ignores", enemies, target=f)  # Me): before it leaves, as an opportunity attack is
        if not f.in_play() or f.stunned() or f.held() or b.over:
            return
    came_from = f.pos
    place(b, f, to)
    f.moved += 1
    if f.effects:
        b.end_until(f, "until-moves", "moved")
    if beside:
        fire(b, "enemy-shifts", beside, target=f)
    if f.in_play() and not b.over and any(p.trigger == "enters-beside-enemy" for p in f.powers):
        _beside_enemy(b, f, apart)
    if f.in_play() and not b.over:
        _entered(b, f, apart)
    if f.in_play() and not b.over:
        _moved_near(b, f, enemies, beside, came_from)
    if f.in_play() and not b.over and any(p.trigger == "enters-square" for p in f.powers):
        fire(b, "enters-square", [f])


def settle(b: Battle, f: Fighter) -> None:
    """Profile ``ddm-guild.legal-position``: a creature left where it may not stay (on another creature, a
    statue, a pit) goes to the nearest square it may occupy (ties: the first in reading order)."""
    pos = f.pos
    if pos is None or not f.in_play():
        return
    occ = b.occupied()

    def free(a: Sq) -> bool:
        return b.board.can_end(a, f.side, f.statue_ok) and all(occ.get(sq) in (None, f) for sq in space_of(a, f.side))

    if free(pos):
        return
    for radius in range(1, max(b.board.width, b.board.height)):
        ring = [(x, y) for y in range(pos[1] - radius, pos[1] + radius + 1)
                for x in range(pos[0] - radius, pos[0] + radius + 1)
                if max(abs(x - pos[0]), abs(y - pos[1])) == radius]
        for a in sorted(ring, key=lambda q: (q[1], q[0])):
            if free(a):
                place(b, f, a)
                b.event("legal-position", creature=f.id, to=list(a))
                return


def teleport_target(b: Battle, t: Fighter, src: Fighter, e: Effect) -> None:
    """An attack's target teleported (profile ``ddm-guild.teleport``): 'teleport target up to 5 squares' to the free
    space within that many squares that it sees, farthest from its attacker (as a push goes; an ally of the attacker:
    where the engine would move it); 'teleport the target to any space within 3 squares of this creature' to the free
    space within that many squares of the attacker, in the attacker's sight, nearest the attacker."""
    if not t.in_play() or t.pos is None or src.pos is None or t is src:
        return
    if e.what == "away":
        options = _teleport_squares(b, t, e.amount)
        if t.player == src.player:
            to = best_square(b, t, options, False)
        else:
            pos = src.pos
            to = max(options, key=lambda a: (gap(a, t.side, pos, src.side), (-a[1], -a[0])), default=None)
            if to is not None and gap(to, t.side, pos, src.side) <= b.gap(t, src):
                to = None  # (no farther than it stands)
    else:
        occ = b.occupied()
        pos = src.pos
        options = [a for a in b.board.squares if gap(a, t.side, pos, src.side) <= e.amount and a != t.pos
                   and b.board.can_end(a, t.side, t.statue_ok) and all(occ.get(sq) in (None, t) for sq in
                                                                        space_of(a, t.side))
                   and b.sight_board(src).sees(pos, src.side, a, t.side)]
        to = min(options, key=lambda a: (gap(a, t.side, pos, src.side), a), default=None)
        if to is not None and gap(to, t.side, pos, src.side) >= b.gap(t, src):
            to = None
    if to is None:
        return
    place(b, t, to)
    b.event("teleport", creature=t.id, to=list(to))


def place_by_enemy(b: Battle, e: Effect, ctx: Ctx) -> None:
    """'Place a Vermin ally adjacent to an enemy within line of sight of this creature': of its allies of those kinds
    not yet beside an enemy, the one farthest from the enemies (most to gain), beside the enemy it sees nearest that
    ally (``place_beside``); nothing when every such ally is beside an enemy already."""
    src = ctx.source
    seen = [x for x in b.enemies_of(src) if b.sees(src, x)]
    if not seen:
        return
    allies = [a for a in b.allies_of(src) if has_kinds(a, e.filter.keyword) and not any(b.adjacent(a, x)
                                                                                     for x in b.enemies_of(a))]
    for a in sorted(allies, key=lambda a: (-_enemy_gap(b, a), a.id)):
        for x in sorted(seen, key=lambda x: (b.gap(a, x), x.id)):
            place_beside(b, a, x)
            if b.adjacent(a, x):
                return


def place_beside(b: Battle, f: Fighter, near: Fighter | None, seen: bool = False, space: bool = False) -> None:
    """'Place this creature in a space adjacent to that ally': a free space touching ``near``'s where ``f`` may end,
    the one nearest where ``f`` stands (then by square); nothing if it is already beside it or none is free.
    ``seen``: 'teleports to a square adjacent to target', one it sees from where it stands (ddm-guild.teleport);
    ``space``: 'adjacent to the space occupied by that creature', the space it stood in (destroyed or not)."""
    if near is None or not (near.in_play() or space) or near.pos is None or f.pos is None or not f.in_play() \
            or near is f:
        return
    if b.board.adjacent(f.pos, f.side, near.pos, near.side):
        return
    occ = b.occupied()
    best: tuple[int, Sq] | None = None
    for y in range(near.pos[1] - f.side, near.pos[1] + near.side + 1):
        for x in range(near.pos[0] - f.side, near.pos[0] + near.side + 1):
            a = (x, y)
            if not b.board.can_end(a, f.side, f.statue_ok) or not b.board.adjacent(a, f.side, near.pos, near.side):
                continue
            if any(occ.get(sq) not in (None, f) for sq in space_of(a, f.side)):
                continue
            if seen and not b.sight_board(f).sees(f.pos, f.side, a, f.side):
                continue
            key = (gap(a, f.side, f.pos, f.side), a)
            if best is None or key < best:
                best = key
    if best is None:
        return
    place(b, f, best[1])
    b.event("place", creature=f.id, to=list(best[1]), beside=near.id)


def place_in_space(b: Battle, f: Fighter, gone: Fighter | None) -> None:
    """'Place this creature in a square that was occupied by that ally' (an ally just destroyed): a free space of
    ``f`` holding one of the squares ``gone`` stood in, where the engine would move ``f`` (else the first in reading
    order); nothing if none is free."""
    if gone is None or gone.pos is None or gone.in_play() or f.pos is None or not f.in_play():
        return
    occ = b.occupied()
    was = set(space_of(gone.pos, gone.side))
    options = sorted({(x - i, y - j) for x, y in was for i in range(f.side) for j in range(f.side)},
                     key=lambda a: (a[1], a[0]))
    options = [a for a in options if b.board.can_end(a, f.side, f.statue_ok)
               and all(occ.get(sq) in (None, f) for sq in space_of(a, f.side))]
    if not options:
        return
    to = best_square(b, f, options, False) or options[0]
    place(b, f, to)
    b.event("place", creature=f.id, to=list(to), where="in-space")


def place(b: Battle, f: Fighter, anchor: Sq) -> None:
    f.pos = anchor
    b.moved()
    refresh_while(b)


def refresh_while(b: Battle) -> None:
    """What each creature has while a state of its own holds ('Conceal 6 while adjacent to a wall'), as it is now."""
    if b.carriers:
        _carry_smoke(b)
    givers = [g for g in b.fighters if g.aura_gains and g.in_play()]
    for f in b.fighters:
        if not f.while_gains and not f.own_gains and not givers and not f.while_on:
            continue
        now: dict[str, int] = {}
        if f.in_play():
            for what, amount, state in f.while_gains:
                if amount > now.get(what, 0) and holds(b, state, f):
                    now[what] = amount
            for what, amount in f.own_gains:  # 'Invisible', 'Stationary: Cannot move'
                now[what] = max(now.get(what, 0), amount)
            for g in givers:  # what the auras it stands in give it (profile ddm-guild.auras)
                for what, amount, flt, size in g.aura_gains:
                    summed = what == "more-damage"  # ('that enemy takes +5 Damage': each aura's adds up)
                    if (summed or amount > now.get(what, 0)) and aura_reaches(b, g, f, flt, size) and (
                            not flt.target_state or target_state_ok(b, flt, g, f)):  # (the state of the one it
                        # reaches: 'a Bloodied enemy within 5 squares')
                        now[what] = now.get(what, 0) + amount if summed else amount
        if now != f.while_on:
            f.while_on = now
            b.version += 1  # what it can do changed (its moves, its reach)
        if "destroyed" in now and not b.over:
            destroy(b, f, None)
    _end_apart(b)


def _end_apart(b: Battle) -> None:
    """'Immobilized (save ends, or ends if this creature becomes nonadjacent to target)', '(also ends if affected
    creature becomes 4 or more squares away from this creature)' (extra "apart:0" / "apart:4"): ended once the two
    are apart, or the creature that put it on has left the battle map."""
    ended: list[tuple[Fighter, Active]] = []
    for f in b.fighters:
        for x in f.effects:
            apart = next((int(w[6:]) for w in x.extra if w.startswith("apart:")), -1) if x.extra else -1
            if apart < 0:
                continue
            src = b.by_id.get(x.source)
            if src is None or not src.in_play() or not f.in_play() or (
                    not b.adjacent(src, f) if apart == 0 else b.gap(src, f) >= apart):
                ended.append((f, x))
    for f, x in ended:
        b.end_effect(f, x, "apart")


def place_at(b: Battle, f: Fighter, e: Effect) -> None:
    """'Place this creature within 6 squares of an Arcane ally / in your start area / adjacent to a wall ...'
    (profile, how the engine uses powers): the square the engine would move it to (``best_square``) among the
    free spaces there; nothing when none is better than where it stands."""
    options = placement_squares(b, f, e)
    to = best_square(b, f, options, False)
    if to is None:
        return
    if e.what == "victory:random":  # 'Place this creature in a random victory area': used when some victory area
        areas = b.board.grid.areas("victory")  # would be worth it; then a die names the area (each alike), and
        cells = areas[b.dice.roll(len(areas), "area") - 1].cells  # it goes to its best free space there
        there = [a for a in options if all(sq in cells for sq in space_of(a, f.side))]
        if not there:
            return
        to = best_square(b, f, there, False) or there[0]
    place(b, f, to)
    b.event("place", creature=f.id, to=list(to), where=e.what)


def placement_squares(b: Battle, f: Fighter, e: Effect, arriving: bool = False) -> list[Sq]:
    """The free spaces a placement allows ``f`` (its own space excepted); ``arriving``: it is off the battle map
    (Delayed Appearance) and the placement brings it on ('Place this creature on the battle map adjacent to ...')."""
    if "or" in e.extra and e.options:  # 'in your start area, or adjacent to an allied champion': either
        first = placement_squares(b, f, replace(e, extra=(), options=()), arriving)
        return first + [a for a in placement_squares(b, f, e.options[0][0], arriving) if a not in first]
    if arriving:
        if f.pos is not None or f.on_map or not f.alive or e.what.startswith("seen") or e.what == "near-here":
            return []
    elif f.pos is None or not f.in_play():
        return []
    board = b.board
    kind = e.what
    if kind == "seen":  # 'in a square it can see' / 'up to 4 squares away and in line of sight'
        return _teleport_squares(b, f, e.amount or max(board.width, board.height))
    if kind.startswith("seen:"):  # 'teleport 10, must end in a square adjacent to a wall / in forest terrain'
        terrain = kind[5:]
        if not e.amount:  # 'in any space adjacent to a wall and to which it has line of sight': as far as it sees
            e = replace(e, amount=max(board.width, board.height))
        if terrain.startswith("beside-"):  # 'teleport 9, ending adjacent to forest terrain': a square beside it
            name = terrain[7:]
            return [a for a in _teleport_squares(b, f, e.amount)
                    if any(n not in space_of(a, f.side) and name in board.grid.terrain.get(n, ())
                           for sq in space_of(a, f.side) for n in _neighbours8(sq))]
        return [a for a in _teleport_squares(b, f, e.amount)
                if (_beside_wall(b, space_of(a, f.side)) if terrain == "wall"
                    else all(terrain in board.grid.terrain.get(sq, ()) for sq in space_of(a, f.side)))]
    refs: list[Fighter] = []
    cells: frozenset[Sq] = frozenset()
    own = b.letters[f.player]
    if kind.startswith("near:"):
        pool = b.allies_of(f) if kind == "near:ally" else b.enemies_of(f)
        state = Filter(target_state=e.filter.target_state)
        refs = [x for x in pool if x.pos is not None and has_kinds(x, e.filter.keyword)
                and target_state_ok(b, state, f, x)]
        if not refs:
            return []
    elif kind == "near-here" and f.pos is not None:  # 'up to 5 squares away from its current location'
        cells = frozenset((f.pos,))
    elif kind in ("start", "near-start"):
        cells = board.map.start_squares(own)
    elif kind.startswith("victory") or kind == "beside-victory":
        here = b.occupied() if kind in ("victory:enemy", "victory:occupied", "victory:other") else {}
        cells = frozenset(sq for a in board.grid.areas("victory") if _area_fits(kind, a, own, here, f)
                          for sq in a.cells)
    elif kind not in ("wall", "far"):
        return []
    occ = b.occupied()
    others = [x for x in b.fighters if x is not f and x.in_play() and x.pos is not None] if kind == "far" else []
    out = []
    for a in board.squares:
        if a == f.pos or not board.can_end(a, f.side, f.statue_ok):
            continue
        space = space_of(a, f.side)
        if any(occ.get(sq) not in (None, f) for sq in space):
            continue
        if kind.startswith("near:"):
            n = e.amount
            if not any((board.adjacent(a, f.side, x.pos, x.side) if n < 0 else gap(a, f.side, x.pos, x.side) <= n)
                       for x in refs if x.pos is not None):
                continue
        elif kind == "near-start":
            if not any(gap(a, f.side, c, 1) <= e.amount for c in cells):
                continue
        elif kind == "near-here":
            if f.pos is None or gap(a, f.side, f.pos, f.side) > e.amount:
                continue
        elif kind == "wall":
            if not _beside_wall(b, space):
                continue
        elif kind == "far":  # 'no closer than 10 squares from any enemy or ally'
            if any(x.pos is not None and gap(a, f.side, x.pos, x.side) < e.amount for x in others):
                continue
        elif kind == "beside-victory":  # 'adjacent to, but not occupying, a victory area'
            if any(sq in cells for sq in space) or not any(n in cells for sq in space for n in _neighbours8(sq)):
                continue
        elif not all(sq in cells for sq in space):
            continue
        out.append(a)
    return out


def _area_fits(kind: str, area: Area, own: str, here: Mapping[Sq, Fighter], f: Fighter) -> bool:
    """A victory area a placement allows: any; its side's ("victory:own"); one an enemy of ``f`` stands in
    ("victory:enemy"); one another creature stands in ("victory:occupied"); one ``f`` does not stand in
    ("victory:other"). ``here``: the creatures by square."""
    if kind == "victory:own":
        return area.letter in (own, "")
    if kind == "victory:enemy":
        return any(x is not None and x.player != f.player for x in (here.get(sq) for sq in area.cells))
    if kind == "victory:occupied":
        return any(here.get(sq) not in (None, f) for sq in area.cells)
    if kind == "victory:other":
        return not any(here.get(sq) is f for sq in area.cells)
    return True


def arrive(b: Battle, f: Fighter, triggers: tuple[str, ...]) -> str:
    """A creature off the battle map (Delayed Appearance) whose power at this moment places it ('Use at end of round:
    Place this creature on the battle map adjacent to a Divine or Arcane Drow ally', 'Use at start of any round after
    the first: Place this creature on the battle map adjacent to a wall') comes on there instead of its start area:
    where the engine would move it (``best_square``'s measure). The trigger of the power that placed it ("" when no
    such power places it now): the creature answers that moment no more this round (its other powers of that moment
    included)."""
    for p in f.powers:
        if p.trigger not in triggers or p.unplayed or not p.effects or not f.uses_left(p) \
                or any(e.kind != "place" or e.who != "self" for e in p.effects) or not requirement_ok(f, p, False, b):
            continue
        options = placement_squares(b, f, p.effects[0], arriving=True)
        if not options:
            continue
        to = min(options, key=lambda a: _arrival_value(b, f, a))
        spend(b, f, p)
        b.event("power", creature=f.id, power=p.name, trigger=p.trigger)
        f.on_map = True
        place(b, f, to)
        b.event("deploy", creature=f.id, at=list(to))
        return p.trigger
    return ""


# --- switching positions (profile ddm-guild.switch) -------------------------------------------------------------

def switch_ok(b: Battle, x: Fighter, y: Fighter) -> bool:
    """Both creatures may end in the other's place: each one's space, anchored where the other's is, fits the map and
    holds no third creature ('Both creatures must end in legal positions')."""
    if x is y or x.pos is None or y.pos is None or not x.in_play() or not y.in_play():
        return False
    occ = b.occupied()
    for f, to in ((x, y.pos), (y, x.pos)):
        if not b.board.can_end(to, f.side, f.statue_ok) or any(
                occ.get(sq) not in (None, x, y) for sq in space_of(to, f.side)):
            return False
    return True


def switch_gain(b: Battle, side: int, x: Fighter, y: Fighter) -> int:
    """What switching ``x`` and ``y`` does for player ``side``, by ``best_square``'s measure (a creature whose best
    attack is melee nearer the nearest enemy, another farther, up to 6 squares), each creature's counted by its cost
    (the stronger one forward): its own creatures' gain less the other side's."""
    total = 0
    for f, to in ((x, y.pos), (y, x.pos)):
        if f.pos is None or to is None:
            continue
        enemies = [e for e in b.enemies_of(f) if e.pos is not None and e is not x and e is not y]
        if not enemies:
            continue

        def near(a: Sq, f: Fighter = f, enemies: list[Fighter] = enemies) -> int:
            d = min(gap(a, f.side, e.pos, e.side) for e in enemies if e.pos is not None)
            return d if f.ranged_basic() is None else -min(d, 6)

        gain = (near(f.pos) - near(to)) * f.card.cost
        total += gain if f.player == side else -gain
    return total


def switch_pair(b: Battle, e: Effect, ctx: Ctx) -> tuple[Fighter, Fighter] | None:
    """The two creatures a switch moves: ``who`` (itself, or the attack's target) and the other ('that enemy', or the
    ally of the power's creature — of the kinds and within the squares it names — whose switch is worth most to its
    side, ``switch_gain``). An attack's rider ('1 ally within 5 squares of this creature switches positions with
    target') is made with the best ally there is; its own switch with an ally ('This creature switches positions with
    1 Shadow ally') only when that is worth something; with 'that enemy', always (its player chose to use it)."""
    src = ctx.source
    if e.who == "pair":  # '2 creatures (enemy or ally) adjacent to each other and within 10 squares of it': the pair
        # worth most to its side, when that is worth something
        near = [x for x in b.in_play() if x.pos is not None and b.gap(src, x) <= e.amount]
        pairs = [(x, y) for i, x in enumerate(near) for y in near[i + 1:] if b.adjacent(x, y) and switch_ok(b, x, y)]
        if not pairs:
            return None
        x, y = max(pairs, key=lambda p: (switch_gain(b, src.player, *p), p[0].id, p[1].id))
        return (x, y) if switch_gain(b, src.player, x, y) > 0 else None
    mover = src if e.who == "self" else ctx.target
    if mover is None:
        return None
    if e.what in ("target", "that-ally"):  # 'that enemy'; 'that ally' (the event's: 'when an adjacent ally is hit')
        other = ctx.target if e.what == "target" else ctx.ally
        if other is None or not switch_ok(b, mover, other):
            return None
        return mover, other
    pool = [a for a in b.allies_of(src) if a is not mover and has_kinds(a, e.filter.keyword)
            and (e.amount <= 0 or b.gap(src, a) <= e.amount) and switch_ok(b, mover, a)]
    if not pool:
        return None
    best = max(pool, key=lambda a: (switch_gain(b, src.player, mover, a), a.id))
    if e.who == "self" and switch_gain(b, src.player, mover, best) <= 0:
        return None
    return mover, best


def switch(b: Battle, x: Fighter, y: Fighter) -> None:
    """The two trade places: no move, no opportunity attack (a placement)."""
    to_x, to_y = y.pos, x.pos
    if to_x is None or to_y is None:
        return
    x.pos = to_x
    y.pos = to_y
    b.moved()
    refresh_while(b)
    b.event("switch", creature=x.id, other=y.id, at=list(to_x), other_at=list(to_y))


def _arrival_value(b: Battle, f: Fighter, a: Sq) -> tuple[int, Sq]:
    """``best_square``'s measure for a creature not yet on the map: nearest an enemy for a creature whose best attack
    is melee, away from enemies (up to 6 squares) otherwise."""
    near = min((gap(a, f.side, e.pos, e.side) for e in b.enemies_of(f) if e.pos is not None), default=0)
    return (near if f.ranged_basic() is None else -min(near, 6)), a


def _neighbours8(sq: Sq) -> list[Sq]:
    return [(sq[0] + dx, sq[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def _beside_wall(b: Battle, space: list[Sq]) -> bool:
    """A space touching a wall: a solid square around it, or a wall along one of its squares' sides."""
    grid = b.board.grid
    for sq in space:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = (sq[0] + dx, sq[1] + dy)
                if (dx or dy) and n not in space and (  # (the map's edge is a wall: ddm-guild.stand-in-terrain)
                        grid.is_solid(n) or (dx * dy == 0 and not grid.adjacent(sq, n))):
                    return True
    return False


def forced_move(b: Battle, f: Fighter, source: Fighter, kind: str, n: int, exactly: bool,
                provokes: bool = False) -> None:
    """Profile ``ddm-guild.forced-movement``: the engine pushes (or slides) straight away from the source as far
    as it can, and pulls toward it; walls, creatures and statues stop it. A movement the card says provokes ('this
    movement provokes opportunity attacks') draws one from each enemy of the moved creature it leaves, once each this
    turn (profile ``ddm-guild.opportunity-attack``)."""
    if not f.in_play() or f.pos is None or source.pos is None or f is source:
        return
    immune = f.immune_now()  # (its own, an aura's, while a state holds, or for a while)
    if any(w in immune for w in ("forced movement", kind)) or (
            "enemy forced movement" in immune and source.player != f.player):  # ('... effects of enemies')
        return
    occupied = b.occupied()
    start = f.pos
    own_turn = f.provoked_by
    if provokes:
        f.provoked_by = set()  # this turn's opportunity attacks (its own set is of its own turn)
    for _ in range(n):
        pos = f.pos
        if pos is None:
            return
        best: Sq | None = None
        cur = gap(pos, f.side, source.pos, source.side)
        best_gap = cur
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx == 0 and dy == 0:
                    continue
                n2 = (pos[0] + dx, pos[1] + dy)
                if not b.board.step_ok(pos, f.side, (dx, dy), False):
                    continue
                if not b.board.can_end(n2, f.side, f.statue_ok) and not b.board.has_pit(n2, f.side):
                    continue
                if any(occupied.get(sq) not in (None, f) for sq in space_of(n2, f.side)):
                    continue
                g = gap(n2, f.side, source.pos, source.side)
                if kind == "pull":
                    if g < best_gap and g >= 1:
                        best, best_gap = n2, g
                elif g > best_gap:
                    best, best_gap = n2, g
        if best is None:
            break
        if provokes:  # as it leaves this square
            provoke(b, f, "forced")
            if not f.in_play() or b.over:
                return
        place(b, f, best)
        if b.board.has_pit(best, f.side) and not f.flight:
            b.event("pit", creature=f.id)
            destroy(b, f, source)
            return
    if provokes:
        f.provoked_by = own_turn | f.provoked_by if b.active is f else own_turn
    if f.pos != start:
        b.event("forced", creature=f.id, how=kind, to=list(f.pos) if f.pos else None, by=source.id)
        watchers = [e for e in b.enemies_of(f) if any(p.trigger == "enemy-enters-forest" for p in e.powers)]
        if watchers and f.in_play() and not b.over:  # ('when an enemy enters forest terrain': pushed in too)
            _entered_forest(b, f, watchers, start)


def reposition(b: Battle, f: Fighter, kind: str, n: int, toward_enemy: bool, mode: str = "") -> None:
    """Shift, move or teleport by an effect; the engine chooses the square: toward the nearest enemy for a
    creature whose best attack is melee, away from adjacent enemies otherwise. ``mode`` ('flight', 'burrow'): how
    this move goes ('move up to its speed with Flight'), for this move only."""
    best = reposition_square(b, f, kind, n, toward_enemy, mode)
    if best is None:
        return
    if kind == "teleport":
        place(b, f, best)
        b.event("teleport", creature=f.id, to=list(best))
        if f.effects:
            b.end_until(f, "until-moves", "moved")
        return
    f.move_mode = mode
    try:
        path = reach(b, f, n).path(best)
        b.event("reposition", creature=f.id, how=kind, to=list(best), **({"mode": mode} if mode else {}))
        walk(b, f, path, provokes=kind == "move", shifting=kind == "shift")
    finally:
        f.move_mode = ""


def reposition_square(b: Battle, f: Fighter, kind: str, n: int, toward_enemy: bool, mode: str = "") -> Sq | None:
    """The anchor ``reposition`` moves ``f`` to (None: it stays), so a player can weigh the move beforehand."""
    if not f.in_play() or f.pos is None or n <= 0:
        return None
    if kind != "teleport" and (f.held() or f.stunned()):
        return None
    if kind == "teleport":
        options = _teleport_squares(b, f, n)
    else:
        f.move_mode = mode
        try:
            found = reachable(b, f, n)
        finally:
            f.move_mode = ""
        options = [a for a in found if a != f.pos]
    return best_square(b, f, options, toward_enemy)




def self_move_square(b: Battle, f: Fighter, e: Effect, ctx: Ctx) -> Sq | None:
    """Where a shift, move or teleport effect takes ``f`` (None: it stays), as ``apply_effect`` will play it."""
    if e.what.startswith(("end:", "closer:")):
        return end_square(b, f, e, ctx)
    n = e.amount if e.amount >= 0 else f.speed() * -e.amount
    return reposition_square(b, f, e.kind, n, "toward-enemy" in e.extra, move_mode(e))


def end_refs(b: Battle, f: Fighter, e: Effect, ctx: Ctx) -> list[Fighter]:
    """The creatures a shift, move or teleport must end beside: 'that enemy' / 'that ally' (the event's, else the one
    its requirement names, adjacent to it now: within -1 and the requirement's kinds), 'a Bloodied enemy', 'an Evil,
    Demon, or Spider ally', 'a creature taking ongoing fire damage'."""
    what = e.what[4:]
    if what == "target" and ctx.target is not None:
        pool = [ctx.target]
    elif what == "that-ally" and ctx.ally is not None:
        pool = [ctx.ally]
    elif what in ("target", "enemy"):
        pool = b.enemies_of(f)
    elif what in ("ally", "that-ally"):
        pool = b.allies_of(f)
    else:
        pool = [x for x in b.fighters if x is not f]
    state = Filter(target_state=e.filter.target_state)
    return [x for x in pool if x.in_play() and x.pos is not None and x is not f and has_kinds(x, e.filter.keyword)
            and target_state_ok(b, state, f, x) and (e.filter.within != -1 or b.adjacent(f, x))]


def end_square(b: Battle, f: Fighter, e: Effect, ctx: Ctx) -> Sq | None:
    """Where a shift, move or teleport that must end beside a creature or a wall takes ``f`` (None: it stays). Its
    spaces: those the shift, move or teleport reaches (no number: a teleport anywhere it sees, a shift around 'that
    enemy' square by square, each square beside it) that touch such a creature or a wall. Of them, the engine takes
    one from which ``f`` flanks an enemy it is beside with an ally when it does not already flank one, else the one
    ``best_square`` takes (nearest an enemy)."""
    if not f.in_play() or f.pos is None or (e.kind != "teleport" and (f.held() or f.stunned())):
        return None
    closer = e.what == "closer:target"  # ('shifts 1 square closer to target': to a square nearer it than its own)
    refs = [ctx.target] if closer and ctx.target is not None and ctx.target.pos is not None else \
        end_refs(b, f, e, ctx) if e.what not in ("end:wall", "closer:target") else []
    if not refs and e.what != "end:wall":
        return None
    n = e.amount if e.amount >= 0 else f.speed() * -e.amount
    if e.kind == "teleport":
        base = _teleport_squares(b, f, n or max(b.board.width, b.board.height))
    elif n == 0:
        base = _around_squares(b, f, refs)
    else:
        base = [a for a in reachable(b, f, n) if a != f.pos]
    board = b.board
    if e.what == "end:wall":
        options = [a for a in base if _beside_wall(b, space_of(a, f.side))]
    elif closer:
        t = refs[0]
        assert t.pos is not None
        now = gap(f.pos, f.side, t.pos, t.side)
        options = [a for a in base if gap(a, f.side, t.pos, t.side) < now]
    else:
        options = [a for a in base if any(board.adjacent(a, f.side, x.pos, x.side) for x in refs if x.pos is not None)]
    if not options:
        return None
    foes = [x for x in b.enemies_of(f) if x.pos is not None and not x.no_flank]
    if f.melee_basic() is not None and not any(flanks_from(b, f, f.pos, x) for x in foes):
        flank = [a for a in options if any(flanks_from(b, f, a, x) for x in foes)]
        if flank:
            here = f.pos
            return min(flank, key=lambda a: (gap(a, f.side, here, f.side), a))
    if e.what == "end:target" and all(board.adjacent(f.pos, f.side, x.pos, x.side) for x in refs if x.pos):
        return None  # beside that enemy already, and no flank to gain
    return best_square(b, f, options, True)


def flanks_from(b: Battle, f: Fighter, anchor: Sq, x: Fighter) -> bool:
    """``f`` standing at ``anchor`` would flank ``x`` with an ally (profile ``ddm-guild.flanking``)."""
    if x.pos is None or not b.board.adjacent(anchor, f.side, x.pos, x.side) or f.never_flanks():
        return False
    space = space_of(anchor, f.side)
    for ally in b.allies_of(f):
        if ally.pos is None or not ally.flanker() or not b.adjacent(ally, x):
            continue
        if any(b.board.grid.flanks(a_sq, l_sq, t_sq) for a_sq in space for l_sq in ally.space()
               for t_sq in x.space()):
            return True
    return False


def _around_squares(b: Battle, f: Fighter, refs: list[Fighter]) -> list[Sq]:
    """'Shift to another square adjacent to that enemy': the free spaces it reaches shifting square by square with
    every square beside one of ``refs`` (reading ``ddm-guild.shift-around``)."""
    if f.pos is None:
        return []
    occ = b.occupied()
    board = b.board
    out: list[Sq] = []
    for x in refs:
        if x.pos is None:
            continue
        seen = {f.pos}
        todo = [f.pos]
        while todo:
            at = todo.pop()
            for nxt, _cost, _forest, pit in board.steps(at, f.side):
                if nxt in seen or pit or not board.adjacent(nxt, f.side, x.pos, x.side):
                    continue
                if any(occ.get(sq) not in (None, f) for sq in space_of(nxt, f.side)):
                    continue
                seen.add(nxt)
                todo.append(nxt)
                if board.can_end(nxt, f.side, f.statue_ok) and nxt not in out:
                    out.append(nxt)
    return sorted(out)


def reposition_to_end(b: Battle, f: Fighter, e: Effect, ctx: Ctx) -> None:
    to = end_square(b, f, e, ctx)
    if to is None or f.pos is None:
        return
    if e.kind == "teleport" or (e.kind == "shift" and e.amount == 0):
        place(b, f, to)  # a shift around that enemy goes square by square beside it: no square it leaves provokes
        b.event("teleport" if e.kind == "teleport" else "reposition", creature=f.id, to=list(to),
                **({} if e.kind == "teleport" else {"how": "shift"}))
        return
    n = e.amount if e.amount >= 0 else f.speed() * -e.amount
    path = reach(b, f, n).path(to)
    b.event("reposition", creature=f.id, how=e.kind, to=list(to))
    walk(b, f, path, provokes=e.kind == "move", shifting=e.kind == "shift")


def best_square(b: Battle, f: Fighter, options: list[Sq], toward_enemy: bool) -> Sq | None:
    """Of ``options``, where the engine moves ``f``: nearest an enemy for a creature whose best attack is melee,
    away from enemies (up to 6 squares) otherwise; None when none is better than where it stands."""
    if not options or f.pos is None:
        return None
    enemies = b.enemies_of(f)
    if not enemies:
        return None
    melee = toward_enemy or f.ranged_basic() is None

    def value(a: Sq) -> tuple[int, int, Sq]:
        near = min(gap(a, f.side, e.pos, e.side) for e in enemies if e.pos is not None)
        return ((near if melee else -min(near, 6)), 0, a)

    best = min(options, key=value)
    if value(best)[0] >= value(f.pos)[0] and not (not melee and value(best)[0] < value(f.pos)[0]):
        return None
    return best


def _teleport_squares(b: Battle, f: Fighter, n: int) -> list[Sq]:
    """Profile ``ddm-guild.teleport``: free spaces within ``n`` that the creature sees."""
    pos = f.pos
    if pos is None:
        return []
    occ = b.occupied()
    out = []
    for y in range(pos[1] - n, pos[1] + n + 1):
        for x in range(pos[0] - n, pos[0] + n + 1):
            a = (x, y)
            if a == pos or not b.board.can_end(a, f.side, f.statue_ok):
                continue
            if any(occ.get(sq) not in (None, f) for sq in space_of(a, f.side)):
                continue
            if b.sight_board(f).sees(pos, f.side, a, f.side):
                out.append(a)
    return out
