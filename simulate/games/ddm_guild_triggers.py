"""The DDM Guild rules in play: triggered powers — the events a battle fires and the powers that answer them
(immediate actions, champion powers, rerolls, saving throws, use limits and recharges). Each rule's id in
``docs/rules/ddm-guild-play.md`` is named where it is applied; which read powers are played at all is
``ddm_guild_coverage``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from simulate.games import ddm_guild_apply as FX
from simulate.games import ddm_guild_attacks as AT
from simulate.games import ddm_guild_rules as R
from simulate.games.ddm_guild_coverage import ANY_EVENTS, harms_event_creature, helps_event_creature
from simulate.games.ddm_guild_judge import (
    Ctx,
    Run,
    SaveRoll,
    _form_matches,
    has_kinds,
    holds,
    power_ctx,
    stat_mods,
    target_state_ok,
    unseen,
)
from simulate.games.ddm_guild_state import Active, Battle, Fighter
from simulate.games.ddm_guild_vocab import (
    REROLL_ON_HIT,
    REROLL_ON_MISS,
    AttackSpec,
    Filter,
    Power,
    rerolls_attack,
)

# --- triggered powers ----------------------------------------------------------------------------------------

# its own attack's events, which a power does not answer when that attack is one the power itself makes ('Use after this
# creature hits with an attack: Make a followup attack', 'Use when it makes a {b} attack ...: make 1 extra {b} attack')
_OWN_ATTACK_EVENTS: Final = frozenset({"declares", "attack-made", "hits", "resolves-hit", "misses"})


def fire(b: Battle, trigger: str, owners: Sequence[Fighter], *, target: Fighter | None = None,
         ally: Fighter | None = None, run: Run | None = None, even_destroyed: bool = False,
         dtypes: tuple[str, ...] = (), save: SaveRoll | None = None, rerolls: bool = False, gained: str = "") -> None:
    """Use every power of ``owners`` that answers ``trigger`` and has a use left (profile: the engine uses a
    triggered power whenever it can). A power that has an attack roll rolled again answers only when the attack's
    result is offered to it (``rerolls``: see :func:`offer_rerolls`), and one such power a roll is enough."""
    if b.over:
        return
    on = ""
    for owner in owners:
        if trigger not in owner.answers or not (owner.in_play() or (even_destroyed and owner.alive)):
            continue
        if not on:
            on = "on:" + trigger
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
                    and (run.fixed or FX.redirect_to(b, p.effects[0], ctx) is None):
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

            if AT.does_nothing(b, owner, p, ctx):
                continue  # (nothing spent)
            use_triggered(b, owner, p, ctx)
            if b.over:
                return


def _outcome_unmet(p: Power, run: Run) -> bool:
    """Every effect of ``p`` waits for an attack's outcome ('if that attack hit, ...') and none for this one."""
    for e in p.effects:
        if "if-hit" not in e.extra and "if-miss" not in e.extra:
            return False
        if FX.outcome_met(e, run):
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


@lru_cache(maxsize=1024)
def _state_filter(state: str) -> Filter:
    """A trigger's state of the event's creature ('a Dazed enemy') as a filter of that creature (built once)."""
    return Filter(target_state=state)


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
    elif flt.self_state and (other is None or not target_state_ok(b, _state_filter(flt.self_state), owner,
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
        if not AT.natural_in(face, flt.natural):
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
            FX.pick(b, p.effects[0].who, p.effects[0], Ctx(f)))
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
            AT.attack(b, owner, p, p.attack, targets)
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
        FX.apply_effects(b, p.effects, ctx)
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
        if t is not None and t.in_play() and t.player != owner.player and AT.in_range(b, owner, p, a, t):
            return [t]
        if p.trigger == "destroyed":  # 'Use when this creature is destroyed: Roll +12 vs. Will against 1 adjacent
            # enemy': the enemy that destroyed it if it reaches it, else the one it reaches with the fewest hit points
            reached = [x for x in b.enemies_of(owner) if AT.in_range(b, owner, p, a, x)]
            return [min(reached, key=lambda x: (x.hp, x.id))] if reached else []
        return []
    if a.form in ("close-blast", "area", "line"):  # 'use when damaged by an enemy's attack: (blast 3) ...'
        return _triggered_area(b, owner, a, ctx.target)
    return AT.area_targets(b, owner, a, None)


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
        origins = [sq for e in enemies for sq in e.space() if AT.area_origin_ok(b, owner, a, sq)]
    best: list[Fighter] = []
    best_key = (False, 0)
    for at in origins:
        got = AT.area_targets(b, owner, a, at)
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
