"""The DDM Guild rules in play: a power's effects applied — conditions and modifiers given for a while (and
their clocks), the targets an effect picks, terrain a power makes for a while (ddm-guild.made-terrain), the choice
among a menu's options (ddm-guild.menu), redirects and cleansing. Each rule's id in ``docs/rules/ddm-guild-play.md``
is named where it is applied; what it asks of the battle without changing it is ``ddm_guild_judge``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from simulate.engine.grid import Sq
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_damage as DM
from simulate.games import ddm_guild_moves as MV
from simulate.games import ddm_guild_triggers as TR
from simulate.games.ddm_guild_board import gap
from simulate.games.ddm_guild_coverage import granted_power
from simulate.games.ddm_guild_judge import (
    Ctx,
    Run,
    _typed,
    has_keyword,
    has_kinds,
    relative_kinds,
    target_state_ok,
    who_ok,
)
from simulate.games.ddm_guild_state import GRANTED_INDEX, Active, Battle, Fighter, Made
from simulate.games.ddm_guild_vocab import (
    NO_FILTER,
    PLACED_KINDS,
    AttackSpec,
    Effect,
    Filter,
    Power,
    move_mode,
)

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
    if not add_active(b, f, "grant", e.what, 0, e.duration, by, NO_FILTER):
        return
    active = f.effects[-1]  # a new list: a power answering the event now being fired does not answer it too
    f.powers = (*f.powers, granted_power(e.what, GRANTED_INDEX + active.eid))
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
        MV.refresh_while(b)  # damage are also Immobilized')
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
            TR.fire(b, "friend-would-gain-condition", [owner], target=f, ally=f, gained=what)
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
    TR.fire(b, "ally-gains-condition", b.allies_of(f), ally=f, run=run, gained=what)
    TR.fire(b, "enemy-gains-condition", b.enemies_of(f), target=f, run=run, gained=what)


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
        return sorted(pool, key=lambda a: (not AT._can_attack(b, a, e), _enemy_gap(b, a), -a.card.cost, a.id))
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
        effects = AT.gated(b, ctx.source, ctx.target, effects)
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
            DM.score(b, src.player, e.amount, "power")
        return
    if e.kind == "vp" and e.what.startswith("round:"):  # points the round decides, at its end (``settle_round``)
        b.round_awards.append((src.player, e.amount, e.what[6:], src.id))
        b.event("round-award", creature=src.id, player=src.player, points=e.amount, measure=e.what[6:])
        return
    if e.kind == "vp":  # 'you score', or 'opponent scores +5 VP when this creature is destroyed'
        DM.score(b, 1 - src.player if e.who == "opponent" else src.player, e.amount, "power")
        return
    if e.kind == "recharge":
        if e.what == "attack-power":  # 'one of that Dragon's attack powers, even if not normally rechargeable': the
            for f in pick(b, e.who, e, ctx):  # first of its spent attack powers printed
                spent = [p for p in f.powers if p.uses and f.uses.get(p.index, 0) < p.uses
                         and (p.attack is not None or p.attacks_made)]
                if spent:
                    TR.recharge_one(b, f, spent[0])
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
                    TR.recharge_one(b, src, p)
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
            DM.destroy(b, src, None)
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
                DM.lose_hp(b, taker, part, ctx.target, ctx.dtypes)
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
            MV.teleport_target(b, ctx.target, src, e)
        return
    if e.kind == "place" and e.what == "beside:seen-enemy":
        MV.place_by_enemy(b, e, ctx)
        return
    if e.kind == "switch":
        pair = MV.switch_pair(b, e, ctx)
        if pair is not None:
            MV.switch(b, *pair)
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
    if e.kind == "base-type":  # 'That attack's base damage becomes fire damage instead of its normal type' (_hit)
        if ctx.run is not None:
            ctx.run.base_type = e.what
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
            elif e.what in AT._RUN_DEFENCES:  # '+2 AC against that attack': its target's, before the roll
                key = AT._RUN_DEFENCES[e.what]
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
            DM.deal_damage(b, f, [(amount, e.what)], src, ignore_insubstantial="ignore-insubstantial" in e.extra)
        elif e.kind == "destroy":  # 'Destroy that ally' (its opponent scores it as any creature destroyed); an
            DM.destroy(b, f, src if e.who == "target" and ctx.run is not None else None)  # attack's 'target is
            # destroyed': by its attacker
        elif e.kind == "max-hp":  # 'maximum 30 HP instead of 20 HP' (at set-up: it starts with them)
            f.hp += e.amount - f.max_hp
            f.max_hp = e.amount
        elif e.kind == "ongoing" and "more" in e.extra:
            AT.more_ongoing(b, f, e, src)
        elif e.kind == "ongoing":
            add_active(b, f, "ongoing", e.what, e.amount, e.duration or "save", src, NO_FILTER,
                       extra=tuple(x for x in e.extra if x.startswith("apart:") or x == "save-both"), group=group)
        elif e.kind == "condition":
            if condition_ignored(b, f, e.what):
                continue
            if add_active(b, f, "condition", e.what, 0, e.duration or "end-next-turn", src, NO_FILTER,
                          extra=tuple(x for x in e.extra if x in ("damage-ends", "next-attack", "save-both")
                                      or x.startswith("apart:")), group=group) and f.in_play():
                condition_gained(b, f, e.what, ctx)
        elif e.kind == "challenge":  # (played as that enemy attacks: challenged)
            add_active(b, f, "challenge", e.what, e.amount, e.duration, src, NO_FILTER, e.extra)
        elif e.kind == "gain":
            if e.what == "multi-activation" and add_active(b, f, "gain", e.what, e.amount, e.duration or "end-round",
                                                           src, NO_FILTER):
                f.activations_left += max(0, e.amount - f.activations)  # ('has Multi-Activation 2 until end of
                continue  # round': the turns it has left this round)
            add_active(b, f, "gain", e.what, e.amount, e.duration or "end-round", src, NO_FILTER,
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
            DM.heal(b, f, e.amount, "over" in e.extra and f is src)
        elif e.kind in ("push", "pull", "slide"):
            # 'this creature slides N', 'slide all allies up to 3 squares': moved as its side shifts them
            if f is src or ("own-slide" in e.extra and f.player == src.player):
                MV.reposition(b, f, "shift", e.amount, False)
            else:  # amount -1: 'pull target adjacent', as far as it takes
                n = e.amount if e.amount >= 0 else b.board.width + b.board.height
                MV.forced_move(b, f, src, e.kind, n, "exactly" in e.extra, provokes="provokes" in e.extra)
        elif e.kind in ("shift", "move", "teleport") and e.what.startswith(("end:", "closer:")):
            MV.reposition_to_end(b, f, e, ctx)
        elif e.kind in ("shift", "move", "teleport"):
            n = e.amount if e.amount >= 0 else f.speed() * -e.amount
            MV.reposition(b, f, e.kind, n, "toward-enemy" in e.extra, move_mode(e))
        elif e.kind == "cleanse" and e.what.startswith("save-roll"):  # 'makes a saving throw against 1 condition or
            for x in cleansable(f, e)[: e.count]:  # effect that a save can end': a save against each (ddm_guild's
                if f.in_play() and x in f.effects and TR.roll_save(b, f, x):  # saving throw)
                    b.end_effect(f, x, "saved")
        elif e.kind == "cleanse":
            removable = cleansable(f, e) if e.what != "cond:gained" else [  # 'end that condition': its event's
                x for x in reversed(f.effects) if x.kind == "condition" and x.what == ctx.gained][:1]
            for x in removable[: e.count]:
                b.end_effect(f, x, "cleansed")
            if removable:
                b.event("cleanse", creature=f.id, ended=len(removable[: e.count]))
        elif e.kind == "attack":
            AT.extra_attack(b, f, e, ctx)
        elif e.kind == "champion-uses":  # 'regains / loses 1 use of its Champion powers': within 0 and its rating
            before = f.champion_left
            f.champion_left = max(0, min(f.card.champion_rating or 0, before + e.amount))
            b.event("champion-uses", creature=f.id, change=f.champion_left - before, left=f.champion_left)
        elif e.kind == "scout":  # 'Use during your set-up: 1 Goblin ally has Scout' (ddm_guild sets it up again)
            f.scout = True
            b.scouted.append(f)
            b.event("gains-scout", creature=f.id)
        elif e.kind == "provoke":  # 'target provokes opportunity attacks (from Undead enemies)': now
            AT.provoke(b, f, "power", e.what)
        elif e.kind == "place":
            if e.what == "beside:self":  # another creature put beside the power's own
                MV.place_beside(b, f, src)
            elif e.what == "in-space:ally":
                MV.place_in_space(b, f, ctx.ally)
            elif e.what.startswith("adjacent:"):
                MV.place_beside(b, f, ctx.ally if e.what == "adjacent:ally" else ctx.target, e.what.endswith(":seen"),
                                e.what.endswith(":space"))
            else:
                MV.place_at(b, f, e)


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
        reach_n = max(run.spec.reach, TR._own_reach(run.attacker)) if run.spec.form == "melee" else 0
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
