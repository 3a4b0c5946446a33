"""Judgements of a DDM Guild battle that change nothing: who is in what state, whether a condition holds, combat
advantage and the modifiers in force, and the records of an attack in progress (:class:`Run`, :class:`Ctx`).

the engine asks these while it resolves attacks, effects, triggers and movement; ``holds`` evaluates the
condition ids of ``ddm_guild_words``' when/while/if table. Each rule's id in ``docs/rules/ddm-guild-play.md`` is named
where it is applied.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from simulate.engine.grid import Sq
from simulate.games import ddm_guild_rules as R
from simulate.games.ddm_guild_board import SLOWING, space_of
from simulate.games.ddm_guild_powers import ANYWHERE
from simulate.games.ddm_guild_state import Battle, Fighter
from simulate.games.ddm_guild_vocab import DAMAGE_TYPES, AttackSpec, Effect, Filter, Power
from simulate.games.ddm_guild_words import SUBJECT_SIZES, SUBJECT_STATES

# --- the attack in progress --------------------------------------------------------------------------------------

class Run:
    """One attack roll against one target, as triggered powers may change it."""

    def __init__(self, attacker: Fighter, power: Power, spec: AttackSpec, target: Fighter, charge: bool,
                 opportunity: bool) -> None:
        self.attacker = attacker
        self.power = power
        self.spec = spec
        self.target = target
        self.charge = charge
        self.opportunity = opportunity
        self.bonus_attack = 0
        self.bonus_damage: list[tuple[int, str]] = []
        self.negated = False
        self.redirect: Fighter | None = None  # 'redirect that attack to this creature' / 'to an adjacent ally'
        self.fixed = False  # 'that attack cannot be redirected' (said as it is declared)
        self.swap: Fighter | None = None  # 'an adjacent Beast ally is hit instead' (after the roll: a hit on it)
        self.rolled = False  # its hit or miss is known (the hit and miss events are answered)
        self.share: Fighter | None = None  # 'that attack deals half damage to that ally and to this creature'
        self.halve = False  # 'it takes half damage from that attack' (its target)
        self.resist_all = 0  # 'This creature has Resist 20 All vs. that attack' (its target)
        self.reduce = 0
        self.reroll = False
        self.hit = False
        self.crit = False
        self.force = ""  # 'that attack is a critical hit' ("crit") / 'an automatic hit' ("auto"), before the roll
        self.uncrit = False  # 'that attack is a normal hit instead', after a critical hit is rolled
        self.natural = 0  # the d20's face of its latest attack roll ('rolls a natural 18+')
        self.bonus_defence: dict[str, int] = {}  # '+2 AC against that attack' (the target's, by defence; "all")
        self.resolved = False  # its hit or miss is known (and its effects applied)
        self.ignore_resist = False  # 'that attack's damage ignores all Resist abilities'
        self.deferred: list[tuple[Effect, Ctx, int]] = []  # 'if that attack hits, ...' said before the roll
        self.was_bloodied = target.bloodied  # ('Followup if attack causes target to become bloodied')
        self.reduce_floor = 0  # 'takes 10 less damage from that attack (minimum 10 damage)': what is left at least
        self.no_riders = False  # 'ignore non-damage effects of that attack': only its damage reaches the one hit
        self.cond_swap: dict[str, str] = {}  # 'The target is Helpless instead of Immobilized' (said as it hits)
        self.base_type = ""  # 'That attack's base damage becomes fire damage instead of its normal type' (as it hits)
        self.targets = 1  # how many targets its attack has, and how many of them are enemies ('has only 1 target',
        self.enemy_targets = 1  # 'targets exactly 1 enemy')


class Ctx:
    """What a power answers: its creature, the other creature of the event, the ally concerned, the attack."""

    def __init__(self, source: Fighter, target: Fighter | None = None, ally: Fighter | None = None,
                 run: Run | None = None, dtypes: tuple[str, ...] = (), save: SaveRoll | None = None,
                 gained: str = "") -> None:
        self.source = source
        self.target = target
        self.ally = ally
        self.run = run
        self.dtypes = dtypes  # the damage types of a damage event
        self.save = save  # a saving throw in progress
        self.gained = gained  # the condition a condition event put on its creature ('when an ally becomes Dazed')
        self.nothing_chosen = False  # a 'choose 1 enemy' found none: the clauses after it do nothing
        self.roll = 0  # the power's d20 ('Roll 1d20. On 11+, ...'), once rolled
        self.gaze = False  # a power with Gaze in its name: nothing immune to gazes ('Blind') is affected
        self.option = -1  # the option of the power's menu its player chose (-1: the engine values them, ddm-guild.menu)
        self.own_hits = 0  # the hits of the attacks the power's creature made for it ('if this creature's attack hits')
        self.square: Sq | None = None  # 'Choose a square in line of sight': the square chosen


def power_ctx(ctx: Ctx, p: Power) -> Ctx:
    """``ctx`` for the effects of ``p`` (a Gaze does not reach a creature immune to gazes)."""
    ctx.gaze = gaze(p)
    return ctx


def gaze(p: Power) -> bool:
    return "gaze" in p.name.casefold()


class SaveRoll:
    """A saving throw a power may have rolled again."""

    def __init__(self, against: str = "") -> None:
        self.reroll = False
        self.against = against  # what it would end: 'condition:dazed', 'ongoing:poison'


def form_of(spec: AttackSpec) -> str:
    if spec.form in ("close-burst", "close-blast"):
        return "close"
    if spec.form in ("area", "line"):
        return "area"
    return spec.form


def _form_matches(want: str, spec: AttackSpec, power: Power) -> bool:
    if not want:
        return True
    if want == "any":  # 'by an attack': any attack (the event must carry one)
        return True
    if want.startswith("!"):  # 'a non-{b} attack': any attack but those
        return not _form_matches(want[1:], spec, power)
    if want.startswith("deals:"):  # 'an attack that deals fire damage': damage of that type among its effects
        return any(e.kind in ("damage", "ongoing") and any(t in e.what.split("/") for t in want[6:].split("|"))
                   for e in (*spec.hit, *spec.miss, *spec.always, *spec.crit))  # ('cold or necrotic': either)
    if want.startswith("power:"):  # an attack power of the card, by name
        return power.name.casefold() == want[6:]
    if want.startswith("vs:"):  # 'an attack vs. Will': against one of those defences
        return any(d in want[3:].split("|") for d in spec.defence.split("|"))
    if "|" in want:  # "a {c} or {a} attack"
        return any(_form_matches(w, spec, power) for w in want.split("|"))
    if want in ("close-burst", "close-blast"):  # 'a burst or blast attack' (an area burst is "area")
        return spec.form == want
    if want == "area-burst":  # an area attack that is not a line
        return spec.form == "area"
    form = form_of(spec)
    if want == "basic":
        return power.is_basic
    if want == "melee-basic":
        return power.is_basic and form == "melee"
    if want == "ranged-basic":
        return power.is_basic and form == "ranged"
    return want == form


# --- filters -----------------------------------------------------------------------------------------------------

def has_keyword(f: Fighter, keyword: str) -> bool:
    """A creature keyword (or alignment) test; ``a|b`` is either, ``!a`` its opposite."""
    if not keyword:
        return True
    if keyword.startswith("!"):
        return not has_keyword(f, keyword[1:])
    if "|" in keyword:
        return any(has_keyword(f, k) for k in keyword.split("|"))
    if keyword == "living":
        return f.living
    if keyword == "champion":
        return f.card.champion_rating is not None
    if keyword.startswith("name="):  # 'a creature named Carnage Demon', 'another Bluespawn Stormlizard'
        return f.card.name.casefold() == keyword[5:]
    if keyword.startswith("power="):  # 'an ally with Spear Wall': a power of its card by that name ('Spear Wall 5')
        return any(_named(p.name.casefold(), keyword[6:]) for p in f.card.powers)
    if keyword.startswith(("level", "cost<", "cost>")):  # 'of level 8 or greater' (level>=8), 'level 4 or lower'
        cut = keyword.index("=")  # (level<=4), 'with cost 20 or less' (cost<=20)
        n, have = int(keyword[cut + 1:]), f.card.level if keyword[0] == "l" else f.card.cost
        return have >= n if keyword[cut - 1] == ">" else have <= n
    k = keyword.casefold()
    if k in f.card.factions:  # 'against Borderlands creatures': a faction
        return True
    if k in SUBJECT_STATES:  # '1 adjacent Immobilized enemy', 'each Dazed enemy': a state it is in now
        return f.bloodied if k == "bloodied" else f.has(k)
    if k.startswith("ongoing"):  # '1 enemy taking ongoing cold damage': under ongoing damage (of that type) now
        return any(e.kind == "ongoing" and (k == "ongoing" or k[8:] in e.what.split("/")) for e in f.effects)
    if k in SUBJECT_SIZES:  # 'Small creatures in your warband' (an unknown size is Medium: ddm-guild.size-unknown)
        return (f.card.size or "Medium").casefold() == k
    if k in _keyword_forms(f.keywords):  # a keyword, it without its plural 's', or a word of it
        return True
    return k == f.card.alignment


_KEYWORD_FORMS: Final[dict[frozenset[str], frozenset[str]]] = {}


def _keyword_forms(keywords: frozenset[str]) -> frozenset[str]:
    """What ``has_keyword`` matches of a creature's keywords: each keyword, it with its final 's' taken off
    (``rstrip``), and each word of it; kept per set of keywords."""
    hit = _KEYWORD_FORMS.get(keywords)
    if hit is None:
        forms: set[str] = set()
        for kw in keywords:
            forms.add(kw)
            forms.add(kw.rstrip("s"))
            forms.update(kw.split())
        hit = frozenset(forms)
        if len(_KEYWORD_FORMS) > 4096:
            _KEYWORD_FORMS.clear()
        _KEYWORD_FORMS[keywords] = hit
    return hit


def _named(name: str, words: str) -> bool:
    """A power's name is the words, or the words with its number ('Spear Wall 5' is 'Spear Wall')."""
    return name == words or (name.startswith(words + " ") and name[len(words) + 1:].isdigit())


def has_kinds(f: Fighter, kinds: str) -> bool:
    """``has_keyword`` where a part may also need several keywords ('dragon+champion': a Dragon that is a
    champion, i.e. has a champion rating)."""
    for alt in kinds.split("|"):
        if all(f.card.champion_rating is not None if k == "champion" else has_keyword(f, k)
               for k in alt.split("+") if k):
            return True
    return not kinds


# size categories in order; an unknown size is played as Medium (profile ddm-guild.size-unknown)
_SIZE_ORDER: Final = {"Tiny": 0, "Small": 1, "": 2, "Medium": 2, "Large": 3, "Huge": 4, "Gargantuan": 5,
                      "Colossal": 6}


def _size_ok(f: Fighter, state: str) -> bool:
    limit = {"size<=small": 1, "size<=medium": 1, "size<=large": 2}[state]
    if state == "size<=small" and f.card.size not in ("Small", "Tiny"):
        return False
    return f.side <= limit


def target_state_ok(b: Battle, flt: Filter, holder: Fighter, target: Fighter | None, melee: bool = False) -> bool:
    """Whether ``target`` is in the state a filter names, seen from ``holder`` (``melee``: for its melee attack, so
    flanking gives combat advantage)."""
    ts = flt.target_state
    if not ts or ts == "any":
        return True
    if target is None:
        return False
    if ts == "enemy":  # 'when an enemy hits an ally': of the other side (an ally's burst hits allies too)
        return target.player != holder.player
    if ts == "ally":
        return target.player == holder.player and target is not holder
    if "/" in ts or "&" in ts or ts.startswith("!"):  # the target words' lists, both states, a state's opposite
        return _target_words_ok(b, flt, holder, target, melee)
    if ts == "bloodied":
        return target.bloodied
    if ts == "not-bloodied":
        return not target.bloodied
    if ts == "ca":
        return has_combat_advantage(b, holder, target, melee=melee)
    if ts == "vulnerable-own":  # 'targets that are Vulnerable to any of the damage types it causes' (its attacks')
        weak = target.vulnerable_now()
        return bool(weak) and any(t in weak or "all" in weak for p in holder.powers if p.attack is not None
                                  for e in (*p.attack.hit, *p.attack.miss, *p.attack.always, *p.attack.crit)
                                  if e.kind in ("damage", "ongoing") for t in e.what.split("/") if t)
    if ts == "higher-level":
        return target.card.level > holder.card.level
    if ts == "lower-level":
        return target.card.level < holder.card.level
    if ts == "adjacent":
        return b.adjacent(holder, target)
    if ts == "not-adjacent":
        return not b.adjacent(holder, target)
    if ts == "smaller":
        return _SIZE_ORDER.get(target.card.size, 2) < _SIZE_ORDER.get(holder.card.size, 2)
    if ts == "larger":
        return _SIZE_ORDER.get(target.card.size, 2) > _SIZE_ORDER.get(holder.card.size, 2)
    if ts.startswith("size>="):
        return _SIZE_ORDER.get(target.card.size, 2) >= _SIZE_ORDER[ts[6:].capitalize()]
    if ts.startswith("size="):  # 'a Small Beast ally': that size only
        return _SIZE_ORDER.get(target.card.size, 2) == _SIZE_ORDER[ts[5:].capitalize()]
    if ts == "damaged":
        return target.hp < target.max_hp
    if ts == "undamaged":
        return target.hp >= target.max_hp
    if ts.startswith("id:"):  # the creature a power chose ('+10 damage vs. that enemy')
        return target.id == ts[3:]
    if ts == "unseeing":  # 'an enemy that does not have line of sight to it'
        return not b.sees(target, holder)
    if ts == "seen":
        return b.sees(holder, target)
    if ts.startswith("at:"):  # 'a living ally ends its turn in one of your victory areas': where it stands
        return _holds_place(b, ts[3:], target)
    if ts == "alone":  # 'while no other creature is adjacent to target'
        return not any(x is not holder and x is not target and x.in_play() and b.adjacent(x, target)
                       for x in b.fighters)
    if ts == "flanked":  # 'an adjacent flanked enemy': two of its enemies on opposite sides of it
        return flanked(b, target)
    if ts == "charging":  # 'a charging enemy': its charge's move and attack
        return target.charged and b.active is target
    if ts == "keyword":
        return has_keyword(target, flt.keyword)
    if ts.startswith("kinds:"):
        return has_kinds(target, ts[6:])
    if ts.startswith("cond:"):
        return any(target.has(c) for c in ts[5:].split("|"))
    if ts == "ongoing":
        return any(e.kind == "ongoing" for e in target.effects)
    if ts.startswith("hit-with:"):  # 'against targets previously hit by this creature's Smite'
        return (ts[9:], target.id) in holder.hit_with
    if ts.startswith("affected-by:"):  # 'against targets affected by Bestow Curse' (an effect of that power on it)
        eids = {eid for p in holder.powers if p.name.casefold() == ts[12:]
                for eid in b.power_effects.get((holder.id, p.index), ())}
        return any(e.eid in eids for e in target.effects)
    if ts.startswith("adjacent-to-ally:"):
        kinds = ts[17:]
        return any(b.adjacent(target, a) and has_kinds(a, kinds) for a in b.allies_of(holder))
    if ts.startswith("adjacent-to:"):  # 'adjacent to a Demon': of either side
        return any(x is not target and x.in_play() and b.adjacent(target, x) and has_kinds(x, ts[12:])
                   for x in b.fighters)
    if ts.startswith("size"):
        return _size_ok(target, ts)
    return _target_more(b, ts, holder, target)


def _target_words_ok(b: Battle, flt: Filter, holder: Fighter, target: Fighter, melee: bool) -> bool:
    """A state of ddm_guild_words' target words: descriptions joined by '/' (any of them), atoms by '&' (all of
    them), '!' an atom's opposite."""
    if "/" in flt.target_state:
        return any(target_state_ok(b, replace(flt, target_state=alt), holder, target, melee)
                   for alt in flt.target_state.split("/"))
    if "&" in flt.target_state:
        return all(target_state_ok(b, replace(flt, target_state=atom), holder, target, melee)
                   for atom in flt.target_state.split("&"))
    return not target_state_ok(b, replace(flt, target_state=flt.target_state[1:]), holder, target, melee)


def _target_more(b: Battle, ts: str, holder: Fighter, target: Fighter) -> bool:
    """The target words' atoms (ddm_guild_words, target conditions) target_state_ok does not judge itself."""
    kind, _, arg = ts.partition(":")
    if kind == "flying":  # 'enemies with Flight': its movement, printed or gained
        return target.flies()
    if kind == "ongoing":  # 'targets taking ongoing poison damage' (arg: the type; none: any)
        return any(e.kind == "ongoing" and (not arg or e.what == arg) for e in target.effects)
    if kind == "activated":  # 'that have already activated / taken a turn this round'
        return target.activations_left < target.activations
    if kind == "within":
        return b.gap(holder, target) <= int(arg)
    if kind == "beyond":  # '11 or more squares distant'
        return b.gap(holder, target) >= int(arg)
    if kind == "further":  # 'further than 5 squares distant'
        return b.gap(holder, target) > int(arg)
    if kind == "resist":  # 'with Resist All' (arg 'all' or 'all=20|25|30': of those amounts only)
        what, _, amounts = arg.partition("=")
        n = target.resist_now().get(what, 0)
        return n > 0 and (not amounts or str(n) in amounts.split("|"))
    if kind == "at":  # 'adjacent to a wall', 'in victory areas': where it stands
        return _holds_place(b, arg, target)
    if kind == "highest-hp":  # 'the enemy creature with the highest HP' (among the enemies in play; ties: each)
        hps = [e.hp for e in b.enemies_of(holder)]
        return bool(hps) and target.hp == max(hps)
    if kind in ("lowest-level", "highest-level"):  # among the enemies in play (ties: each of them)
        levels = [e.card.level for e in b.enemies_of(holder)]
        return bool(levels) and target.card.level == (min(levels) if kind == "lowest-level" else max(levels))
    if kind == "sees-no-ally":  # 'that does not have line of sight to any of its allies'
        return not any(b.sees(target, a) for a in b.allies_of(target))
    if kind == "invisible-to":  # 'while it is invisible to target'
        return b.invisible_to(holder, target)
    if kind == "guarded":  # 'with Immune Fire or Resist Fire' (arg: 'immune=fire|resist=fire')
        for part in arg.split("|"):
            how, _, dtype = part.partition("=")
            if (how == "immune" and dtype in target.immune_now()) or (
                    how == "resist" and target.resist_now().get(dtype, 0) > 0):
                return True
        return False
    if kind == "penalty":  # 'enemies that have a penalty to AC': a modifier in force lowers it
        stats = {"ac": ("ac", "defenses"), "attack": ("attack",), "speed": ("speed",)}[arg]
        return any(e.kind == "mod" and e.what in stats and e.amount < 0 for e in target.effects)
    if kind == "sneak-immune":  # 'Immune Sneak Attack' (its own, an aura's, or for a while)
        return target.gained("immune-sneak") > 0
    if kind == "allies-adjacent":  # 'adjacent to 2 or more allies with Mob Attack' (its allies, itself aside)
        least, _, kinds = arg.partition(":")
        return sum(1 for a in b.allies_of(holder) if a is not holder and b.adjacent(a, target)
                   and has_kinds(a, kinds)) >= int(least)
    if kind == "creatures-adjacent":  # 'adjacent to 2 or more Kruthik enemies or allies' (of either side, itself and
        least, _, kinds = arg.partition(":")  # the target aside)
        return sum(1 for a in b.fighters if a.in_play() and a is not holder and a is not target
                   and b.adjacent(a, target) and has_kinds(a, kinds)) >= int(least)
    if kind == "slower":  # 'creatures with lower Speed' (each one's speed now: Slowed, modifiers)
        return target.speed() < holder.speed()
    if kind == "below-speed":  # 'a target with a current speed less than its normal speed': its card's, with its own
        # lasting bonuses ('+2 Speed'), against Slowed and the modifiers in force now
        return target.speed() < target.card.speed + sum(
            n for stat, n, flt in target.static_mods if stat == "speed" and not flt.self_state)
    if kind == "attacked-it":  # 'targets that made an attack against it this round' (since the round's start)
        return target.id in holder.attacked_by
    if kind == "flanking":  # 'when flanking': it and an ally flank the target (profile ddm-guild.flanking)
        return _flanks(b, holder, target)
    if kind == "has-ca-on-it":  # 'whenever target has combat advantage against it' (for the target's melee attacks)
        return has_combat_advantage(b, target, holder, melee=True)
    if kind == "in-play":  # 'after an adjacent ally is damaged, if the ally is not destroyed': still on the map
        return target.in_play()
    if kind == "in-your-victory-area":  # 'targets occupying your victory areas': the power's side's areas
        return _holds_place(b, "in-victory-area:" + ("own" if target.player == holder.player else "enemy"), target)
    if kind == "in-enemy-victory-area":  # 'occupying one of your enemy's victory areas': the other side's areas
        return _holds_place(b, "in-victory-area:" + ("enemy" if target.player == holder.player else "own"), target)
    return False


def self_state_ok(b: Battle, flt: Filter, holder: Fighter, charge: bool, opportunity: bool) -> bool:
    return holds(b, flt.self_state, holder, charge, opportunity)


def holds(b: Battle, ss: str, holder: Fighter, charge: bool = False, opportunity: bool = False) -> bool:
    """Whether a state of ``holder`` the powers' condition vocabulary names is true now (the one place every
    predicate id of ddm_guild_words' 'when / while / if' table is evaluated; ``charge``/``opportunity``: the attack
    being made is a charge or an opportunity attack)."""
    if not ss:
        return True
    if "&" in ss:  # two states at once ('while bloodied, ... while an enemy is adjacent')
        return all(holds(b, part, holder, charge, opportunity) for part in ss.split("&"))
    if "/" in ss:  # either ('when adjacent to river terrain or when adjacent to an Aquatic ally')
        return any(holds(b, part, holder, charge, opportunity) for part in ss.split("/"))
    if ss[0] == "!":  # its opposite ('unless adjacent to an Aquatic ally', 'but not occupying river terrain')
        return not holds(b, ss[1:], holder, charge, opportunity)
    if ss.startswith("in-terrain:"):  # (first: a while-power's state, asked after every step of every move)
        return _in_terrain(b, ss[11:], holder)
    if ss == "bloodied":
        return holder.bloodied
    if ss == "not-bloodied":
        return not holder.bloodied
    if ss == "damaged":
        return holder.hp < holder.max_hp
    if ss.startswith("wounded:"):  # (Feed 30's choice to heal 30 HP: when it has lost that many)
        return holder.max_hp - holder.hp >= int(ss[8:])
    if ss == "charging":
        return charge
    if ss == "opportunity":
        return opportunity
    if ss == "own-turn":
        return b.active is holder
    if ss == "other-turn":  # 'during other creatures' turns'
        return b.active is not holder
    if ss == "unseen":  # 'if no enemy has line of sight to this creature'
        return unseen(b, holder)
    if ss == "adjacent-ally":
        return any(b.adjacent(holder, a) for a in b.allies_of(holder))
    if ss.startswith("adjacent-ally:"):
        kinds = ss[14:]
        return any(b.adjacent(holder, a) and has_kinds(a, kinds) for a in b.allies_of(holder))
    if ss.startswith("near-ally:"):
        _, n, kinds = ss.split(":", 2)
        return any(b.gap(holder, a) <= int(n) and has_kinds(a, kinds) for a in b.allies_of(holder))
    if ss.startswith("near-any:"):  # 'within 5 squares of another Bluespawn Stormlizard': a creature of either side
        _, n, kinds = ss.split(":", 2)
        return any(x is not holder and x.in_play() and b.gap(holder, x) <= int(n) and has_kinds(x, kinds)
                   for x in b.fighters)
    if ss == "end-of-round-phase":  # 'during the end of round phase': the round's end-of-round powers are being used
        return b.ending_round
    if ss.startswith("spent:"):  # 'while Spear Throw has no uses available' (a power of its card, by name)
        return any(p.name.casefold() == ss[6:] and p.uses and holder.uses.get(p.index, 0) <= 0 for p in holder.powers)
    if ss.startswith("near-any-min:"):  # 'within 5 squares of 2 or more Bluespawn Stormlizards' (squares, how many)
        _, n, count, kinds = ss.split(":", 3)
        return sum(1 for x in b.fighters if x is not holder and x.in_play() and b.gap(holder, x) <= int(n)
                   and has_kinds(x, kinds)) >= int(count)
    if ss == "moved-this-turn":
        return b.active is holder and holder.moved > 0
    if ss.startswith("moved-squares:"):  # 'if this creature moves at least 4 squares during its turn': every square
        return b.active is holder and holder.moved >= int(ss[14:])  # it has moved (or shifted) this turn
    if ss.startswith("moved-from-start:"):  # squares between where its turn began and where it is (every square 1)
        start, now = holder.turn_start, holder.pos
        return b.active is holder and start is not None and now is not None and \
            max(abs(now[0] - start[0]), abs(now[1] - start[1])) >= int(ss[17:])
    if ss.startswith("near-bloodied:"):  # 'while within 5 squares of a bloodied creature' (any, itself excepted)
        near = int(ss[14:])
        return any(x is not holder and x.in_play() and x.bloodied and b.gap(holder, x) <= near for x in b.fighters)
    if ss.startswith("warband:"):
        kinds = ss[8:]
        return any(f.player == holder.player and f is not holder and has_kinds(f, kinds) for f in b.fighters)
    return _holds_place(b, ss, holder)


def _holds_place(b: Battle, ss: str, holder: Fighter) -> bool:
    """The states of where ``holder`` stands and who is around it (``holds`` goes on here)."""
    kind, _, arg = ss.partition(":")
    if kind == "adjacent-enemy":  # 'while adjacent to a bloodied enemy' (arg: the enemy's state)
        return any(b.adjacent(holder, e) and target_state_ok(b, Filter(target_state=arg), holder, e)
                   for e in b.enemies_of(holder))
    if kind == "no-adjacent-enemy":
        return not any(b.adjacent(holder, e) and target_state_ok(b, Filter(target_state=arg), holder, e)
                       for e in b.enemies_of(holder))
    if kind == "adjacent-enemies-only":  # 'while only 1 enemy is adjacent to it'
        return sum(1 for e in b.enemies_of(holder) if b.adjacent(holder, e)) == int(arg)
    if kind == "adjacent-enemies-min":
        return sum(1 for e in b.enemies_of(holder) if b.adjacent(holder, e)) >= int(arg)
    if kind == "adjacent-enemies-max":  # 'whenever 1 or fewer enemies are adjacent to it'
        return sum(1 for e in b.enemies_of(holder) if b.adjacent(holder, e)) <= int(arg)
    if kind == "no-adjacent-creature":
        return not any(x is not holder and x.in_play() and b.adjacent(holder, x) for x in b.fighters)
    if kind == "no-enemy-within":
        return not any(b.gap(holder, e) <= int(arg) for e in b.enemies_of(holder))
    if kind == "no-ally-within":  # arg: squares, then the allies' kinds ('no level 7 or higher ally')
        squares, _, kinds = arg.partition(":")
        kinds = relative_kinds(kinds, holder)  # ('no higher-level ally': above its own level)
        return not any(b.gap(holder, a) <= int(squares) and has_kinds(a, kinds) for a in b.allies_of(holder))
    if kind == "ally-in-play":  # 'while an Evil champion ally is in play' (another creature of its side)
        return any(has_kinds(a, arg) for a in b.allies_of(holder))
    if kind == "flanked":
        return flanked(b, holder)
    if kind == "unseen-by-ally":  # 'whenever an Arcane ally does not have line of sight to it': no such ally sees it
        return not any(has_kinds(a, arg) and b.sees(a, holder) for a in b.allies_of(holder))
    if kind == "no-ally-left":  # 'whenever it has no remaining Arcane ally': none of its side left (off the map too)
        return not any(x.alive and x.player == holder.player and x is not holder and has_kinds(x, arg)
                       for x in b.fighters)
    if kind == "not-charged":
        return not holder.charged
    if kind == "not-moved":
        return holder.moved == 0
    if kind == "unaffected":  # 'no creature (no enemy) is affected by this power' (arg: its index[:enemy])
        index, _, who = arg.partition(":")
        return index.isdigit() and not affected_by(b, holder, int(index), who == "enemy")
    if kind == "not-attacked":  # this turn (arg 'melee': no {M} attack)
        return not (holder.melee_attacked if arg == "melee" else holder.attacked)
    if kind == "first-round":
        return b.round == 1
    if kind == "after-first-round":  # 'Use at start of any round after the first'
        return b.round > 1
    if kind == "in-start-area":  # 'if this creature occupies your start area': some square of its space in it
        start = b.board.map.start_squares(b.letters[holder.player])
        return holder.pos is not None and any(sq in start for sq in holder.space())
    if kind in ("ally-destroyed", "no-ally-destroyed"):  # a creature of its side destroyed in this battle
        destroyed = any(not x.alive and x.player == holder.player and x is not holder for x in b.fighters)
        return destroyed == (kind == "ally-destroyed")
    if kind == "enemy-in-victory-area":  # 'if an enemy occupies any victory area'
        return any(_holds_place(b, "in-victory-area", e) for e in b.enemies_of(holder))
    if kind == "allies-within-min":  # 'it has at least two allies within 10 squares' (squares, how many)
        squares, _, count = arg.partition(":")
        return sum(1 for a in b.allies_of(holder) if b.gap(holder, a) <= int(squares)) >= int(count)
    if kind == "enemies-within-max":  # 'there are 1 or fewer enemies within 5 squares of it'
        squares, _, count = arg.partition(":")
        return sum(1 for e in b.enemies_of(holder) if b.gap(holder, e) <= int(squares)) <= int(count)
    if kind == "sees-ally":  # 'while it has line of sight to a Dragon ally'
        return any(has_kinds(a, arg) and b.sees(holder, a) for a in b.allies_of(holder))
    if kind == "sees-no-ally":  # 'starts a turn with no line of sight to a Drow or Demon ally'
        return not any(has_kinds(a, arg) and b.sees(holder, a) for a in b.allies_of(holder))
    if kind == "self-cond":  # 'while Dazed, Slowed, Staggered, or Stunned': any of them
        return any(holder.has(c) for c in arg.split("|"))
    if kind == "sees-enemy-within":  # 'if it has line of sight to an enemy within 10 squares of it'
        return any(b.gap(holder, e) <= int(arg) and b.sees(holder, e) for e in b.enemies_of(holder))
    if kind == "sees-no-enemy":
        return not any(b.sees(holder, e) for e in b.enemies_of(holder))
    if kind == "won-initiative":  # its side won this round's champion test
        return b.won_initiative == holder.player
    if kind == "no-enemy-champion":  # no creature of the other side with a champion rating on the battle map
        return not any(e.card.champion_rating for e in b.enemies_of(holder))
    if kind == "only-champion":  # no other creature of its side with a champion rating on the battle map
        return not any(a.card.champion_rating for a in b.allies_of(holder))
    if kind == "first-to-activate":  # on its turn, when it was the round's first activation (of either side)
        return b.active is holder and b.first_active[2] == holder.id
    if kind == "first-you-activate":
        return b.active is holder and b.first_active[holder.player] == holder.id
    if kind == "last-you-activate":  # no creature of its side has an activation left this round
        return b.active is holder and not any(x.activations_left for x in b.in_play(holder.player))
    if kind == "last-to-activate":  # no creature of either side has an activation left this round
        return b.active is holder and not any(x.activations_left for x in b.in_play())
    if kind == "destroyed-this-turn":
        return b.active is holder and holder.kills > holder.turn_kills
    if holder.pos is None:
        return False
    grid = b.board.grid
    own = holder.space()
    if kind == "adjacent-wall":  # profile ddm-guild.walls: a wall square, a wall on its edge, the map edge
        for sq in own:
            for n in _around(sq):
                if n in own:
                    continue
                if grid.is_solid(n) or (abs(n[0] - sq[0]) + abs(n[1] - sq[1]) == 1 and grid.wall_between(sq, n)):
                    return True
        return False
    names = frozenset(t for a in arg.split("|") for t in (SLOWING if a == "difficult" else (a,)))  # difficult: any
    # terrain that costs more to enter
    if kind == "adjacent-wall-or-terrain":  # 'adjacent to a wall or difficult terrain'
        return holds(b, "adjacent-wall", holder) or holds(b, "adjacent-terrain:" + arg, holder)
    hard: set[Sq] = set()  # difficult terrain a power made for a while, for this creature (ddm-guild.made-terrain)
    if "difficult" in arg.split("|") and b.made:
        hard = {sq for m in b.made if m.what == "difficult" and (not m.kinds or has_kinds(holder, m.kinds))
                for sq in m.squares}
    if kind == "in-terrain":  # 'while occupying forest terrain'
        return _in_terrain(b, arg, holder)
    if kind == "in-terrain-all":  # 'while each square in its space occupies river terrain'
        return all(sq in hard or any(grid.has_terrain(sq, t) for t in names) for sq in own)
    if kind == "adjacent-terrain":
        return any(n not in own and (n in hard or any(grid.has_terrain(n, t) for t in names))
                   for sq in own for n in _around(sq))
    if kind == "in-victory-area":  # any / own ('one of your victory areas') / the opponent's
        letter = b.letters[holder.player] if arg == "own" else b.letters[1 - holder.player] if arg == "enemy" else ""
        cells: set[Sq] = set()
        for area in grid.areas("victory"):
            if not letter or area.letter in (letter, ""):
                cells.update(area.cells)
        return occupies(holder, cells)
    return False


_TERRAIN_NAMES: Final[dict[str, frozenset[str]]] = {}


def _terrain_names(arg: str) -> frozenset[str]:
    """The terrain names a state's words give ("forest|smoke"; "difficult": any terrain that costs more to enter)."""
    hit = _TERRAIN_NAMES.get(arg)
    if hit is None:
        hit = frozenset(t for a in arg.split("|") for t in (SLOWING if a == "difficult" else (a,)))
        _TERRAIN_NAMES[arg] = hit
    return hit


def _in_terrain(b: Battle, arg: str, holder: Fighter) -> bool:
    """'while occupying forest terrain': some square of its space is of that terrain (difficult terrain a power made
    for a while, for this creature, counts as difficult: ddm-guild.made-terrain)."""
    pos = holder.pos
    if pos is None:
        return False
    terrain = b.board.grid.terrain
    names = _terrain_names(arg)
    own = space_of(pos, holder.side)
    for sq in own:
        here = terrain.get(sq)
        if here and any(t in here for t in names):
            return True
    if b.made and "difficult" in arg.split("|"):
        hard = {sq for m in b.made if m.what == "difficult" and (not m.kinds or has_kinds(holder, m.kinds))
                for sq in m.squares}
        return any(sq in hard for sq in own)
    return False


def occupies(f: Fighter, cells: set[Sq] | frozenset[Sq]) -> bool:
    """It stands in one of ``cells`` (a victory area), or beside one when it 'counts as occupying a victory area while
    adjacent to that victory area'."""
    space = f.space()
    if any(sq in cells for sq in space):
        return True
    return bool(f.gained("area-adjacent")) and any(n in cells for sq in space for n in _around(sq))


def _around(sq: Sq) -> list[Sq]:
    x, y = sq
    return [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def _flanks(b: Battle, attacker: Fighter, target: Fighter) -> bool:
    """``attacker`` and one of its allies that can act stand on opposite sides of ``target``."""
    if attacker.pos is None or target.pos is None or not b.adjacent(attacker, target) or attacker.never_flanks():
        return False
    return any(ally.pos is not None and b.adjacent(ally, target) and ally.flanker()
               and any(b.board.grid.flanks(a_sq, l_sq, t_sq) for a_sq in attacker.space() for l_sq in ally.space()
                       for t_sq in target.space())
               for ally in b.allies_of(attacker))


def flanked(b: Battle, f: Fighter) -> bool:
    """Two enemies flank ``f`` (profile ``ddm-guild.flanking``: on opposite sides, both able to act)."""
    near = [e for e in b.enemies_of(f) if e.pos is not None and e.flanker() and b.adjacent(e, f)]
    for i, e in enumerate(near):
        for other in near[i + 1:]:
            if any(b.board.grid.flanks(a_sq, l_sq, t_sq) for a_sq in e.space() for l_sq in other.space()
                   for t_sq in f.space()):
                return True
    return False


def who_ok(b: Battle, flt: Filter, source: Fighter, f: Fighter) -> bool:
    if flt.keyword and not has_kinds(f, flt.keyword):
        return False
    if flt.alignment:
        al = f.card.alignment
        if flt.alignment.startswith("non-"):
            if al == flt.alignment[4:]:
                return False
        elif al != flt.alignment:
            return False
    if flt.within == -1 and not b.adjacent(source, f) and f is not source:
        return False
    return not (flt.within > 0 and b.gap(source, f) > flt.within)


# --- modifiers ---------------------------------------------------------------------------------------------------

CA_CONDITIONS: Final = ("dazed", "staggered", "stunned", "helpless", "blinded", "dominated", "grants-ca")


def has_combat_advantage(b: Battle, attacker: Fighter, target: Fighter, melee: bool,
                         sees_invisible: bool = False) -> bool:
    """Profiles ``ddm-guild.combat-advantage``, ``ddm-guild.flanking``, ``ddm-guild.grants-combat-advantage``
    (an attack that ignores invisibility gains nothing from it)."""
    if target.never_grants_ca():
        return False
    w = target.while_on  # (Fighter.has of each condition that grants it, in one pass over its effects)
    if w and any(w.get(cond, 0) for cond in CA_CONDITIONS):
        return True
    for e in target.effects:
        if e.kind == "condition" and (e.what in CA_CONDITIONS or (e.what == "grants-ca-source"
                                                                 and e.source == attacker.id)):
            return True  # ('this creature has combat advantage against that enemy until end of its turn')
    if not sees_invisible and b.invisible_to(attacker, target):
        return True
    for flt in attacker.ca_vs:  # 'Has combat advantage against bloodied enemies' ('... on its {m} attacks': melee)
        if (flt.attack_form != "melee" or melee) and (not flt.keyword or has_kinds(target, flt.keyword)) \
                and target_state_ok(b, flt, attacker, target, melee):
            return True
    for owner in b.aura_owners:  # an aura's: 'Small Beast allies have combat advantage vs. enemies adjacent to this
        if not owner.in_play():  # creature'
            continue
        for a_stat, _n, flt, size in owner.auras:
            if a_stat == "ca" and aura_reaches(b, owner, attacker, flt, size) \
                    and aura_target_ok(b, flt, owner, attacker, target, melee):
                return True
    if melee and not target.flank_immune() and attacker.pos is not None and target.pos is not None \
            and b.adjacent(attacker, target) and not attacker.never_flanks():
        for ally in b.allies_of(attacker):
            if ally.pos is None or not b.adjacent(ally, target) or not ally.flanker():
                continue
            for a_sq in attacker.space():
                for l_sq in ally.space():
                    for t_sq in target.space():
                        if b.board.grid.flanks(a_sq, l_sq, t_sq):
                            return True
    return False


def _stat_mods(b: Battle, holder: Fighter, stat: str, target: Fighter | None, spec: AttackSpec | None,
               power: Power | None, charge: bool, opportunity: bool) -> int:
    """Static, timed and aura modifiers to one stat of ``holder`` (for an attack against ``target``)."""
    total = 0
    melee = spec is not None and spec.form == "melee"  # flanking gives combat advantage to melee attacks only
    for s_stat, n, flt in holder.static_mods:
        per = ""
        if s_stat != stat:
            if not s_stat.startswith((stat + "*each:", stat + "*rating:")):
                continue
            per = s_stat[len(stat) + 1:]  # '+1 attack for each Kraul ally within 5 squares', a champion rating
        if not self_state_ok(b, flt, holder, charge, opportunity):
            continue
        if spec is not None and power is not None and not _form_matches(flt.attack_form, spec, power):
            continue
        if spec is None and flt.attack_form:
            continue
        if not target_state_ok(b, flt, holder, target, melee):
            continue
        total += (per_rating(b, holder, per[7:]) if per.startswith("rating:") else per_count(
            b, holder, target, per[5:], n)) if per else n
    for e in holder.effects:
        if e.kind != "mod" or e.what != stat:
            continue
        if stat == "damage" and _typed(e.extra):
            continue  # '+5 fire damage until end of round': added as fire damage when it hits (_hit)
        flt = e.filter
        if spec is not None and power is not None and not _form_matches(flt.attack_form, spec, power):
            continue
        if flt.target_state and not target_state_ok(b, flt, holder, target, melee):
            continue
        if flt.self_state and not self_state_ok(b, flt, holder, charge, opportunity):
            continue
        total += e.amount
    for owner in b.aura_owners:
        if not owner.in_play() or owner is holder:
            continue
        for a_stat, n, flt, size in owner.auras:
            if a_stat != stat:
                continue
            side = flt.side
            if side == "enemy" and owner.player == holder.player:
                continue
            if side == "ally" and owner.player != holder.player:
                continue
            if size < ANYWHERE and b.gap(owner, holder) > size:
                continue
            if owner.player != holder.player and holder.own_gains and unaffected_by_auras(holder):
                continue
            if flt.keyword and not has_kinds(holder, relative_kinds(flt.keyword, owner)):
                continue
            if spec is not None and power is not None and not _form_matches(flt.attack_form, spec, power):
                continue
            if spec is None and flt.attack_form:
                continue
            if flt.self_state and not aura_holder_ok(b, flt, owner, holder, charge):  # 'while it is bloodied'
                continue
            if flt.target_state and not aura_target_ok(b, flt, owner, holder, target, melee):
                continue
            total += n
    return total


def aura_holder_ok(b: Battle, flt: Filter, owner: Fighter, holder: Fighter, charge: bool) -> bool:
    """An aura modifier's states: its own creature's ('while it is bloodied'), and those of the creature it reaches
    named "holder-": "holder-charging" (its attack is a charge), "holder-seen" (the aura's creature sees it): 'An
    ally that charges within sight of this creature deals +10 {m} Damage on that charge'."""
    own = [x for x in flt.self_state.split("&") if x and not x.startswith("holder-")]
    for x in flt.self_state.split("&"):
        if (x == "holder-charging" and not charge) or (x == "holder-seen" and not b.sees(owner, holder)) or (
                x == "holder-sees" and not b.sees(holder, owner)):  # ('all enemies that have line of sight to it')
            return False
    return not own or self_state_ok(b, replace(flt, self_state="&".join(own)), owner, False, False)


def aura_target_ok(b: Battle, flt: Filter, owner: Fighter, holder: Fighter, target: Fighter | None,
                   melee: bool) -> bool:
    """An aura's target state: "owner-adjacent" is the target beside the aura's own creature ('Beast allies have +5
    Damage against targets adjacent to this creature'); the rest is seen from the creature the aura reaches."""
    ts = flt.target_state
    atoms = ts.split("&")
    if "owner-adjacent" not in atoms and "owner" not in atoms:
        return target_state_ok(b, flt, holder, target, melee)
    if target is None or ("owner-adjacent" in atoms and not b.adjacent(owner, target)) or (
            "owner" in atoms and target is not owner):  # ('Arcane and Divine enemies have -4 {r} attack vs. this
        return False  # creature')
    rest = "&".join(x for x in atoms if x not in ("owner-adjacent", "owner"))
    return target_state_ok(b, replace(flt, target_state=rest), holder, target, melee)


def per_rating(b: Battle, holder: Fighter, where: str) -> int:
    """A champion rating added to a roll: the highest of its allies of those kinds within so many squares ('the
    champion rating of an Orc ally within 5 squares': the one its player would name), or of its warband on the
    battle map, itself too ("0": 'your warband's highest Champion rating')."""
    squares, _, kinds = where.partition(":")
    pool = [x for x in b.fighters if x.in_play() and x.player == holder.player and x.card.champion_rating
            and has_kinds(x, kinds) and (squares == "0" or (x is not holder and b.gap(holder, x) <= int(squares)))]
    return max((x.card.champion_rating or 0 for x in pool), default=0)


def per_count(b: Battle, holder: Fighter, target: Fighter | None, per: str, n: int) -> int:
    """A modifier counted once per creature ('+1 attack for each Kraul ally within 5 squares of it (maximum +10
    damage)'; ddm_guild_words._per_count's spelling: side, where, kinds, state, cap)."""
    side, where, kinds, state, cap = per.split(":")
    count = 0
    for x in b.fighters:
        if x is holder or not x.in_play() or (side == "ally" and x.player != holder.player) or (
                side == "enemy" and x.player == holder.player):
            continue
        if kinds and not has_kinds(x, kinds):
            continue
        if state == "bloodied" and not x.bloodied:
            continue
        if where == "t":  # adjacent to the target
            if target is None or x is target or not b.adjacent(x, target):
                continue
        elif where == "-1":
            if not b.adjacent(holder, x):
                continue
        elif where != "0" and b.gap(holder, x) > int(where):
            continue
        count += 1
    total = n * count
    return min(total, int(cap)) if cap and n > 0 else total


def stat_mods(b: Battle, holder: Fighter, stat: str) -> int:
    """The modifiers in force to a stat of ``holder`` outside an attack (its saving throws: profile
    ``ddm-guild.saving-throw``)."""
    return _stat_mods(b, holder, stat, None, None, None, False, False)


def ca_bonus(b: Battle, attacker: Fighter, target: Fighter, melee: bool) -> int:
    """What combat advantage adds to an attack roll (profile ``ddm-guild.combat-advantage``): the rules' +2, or what a
    power gives instead ('Whenever this creature has combat advantage: +3 attack instead of +2'; 'Each ally has +5
    bonus instead of +2 while flanking until end of round': when flanking gives it)."""
    bonus = max(R.COMBAT_ADVANTAGE, attacker.gained("ca-attack"))
    flank = attacker.gained("flank-attack")
    if flank > bonus and melee and not target.flank_immune() and _flanks(b, attacker, target):
        bonus = flank
    return bonus


def attack_bonus(b: Battle, attacker: Fighter, target: Fighter, power: Power, spec: AttackSpec, charge: bool,
                 opportunity: bool) -> tuple[int, list[str]]:
    mods: list[str] = []
    total = 0
    melee = spec.form == "melee"
    if has_combat_advantage(b, attacker, target, melee, "invisible" in spec.ignores):
        ca = ca_bonus(b, attacker, target, melee)
        total += ca
        mods.append(f"ca+{ca}")
    open_shot = (spec.form == "ranged" and attacker.gained("no-cover")) or b.nearest_sense(  # ('Ignores cover ... on
        attacker, target, "no-cover")  # nearest target within 10 squares'); 'Creatures and terrain do not provide cover
    if not melee and attacker.pos is not None and target.pos is not None and spec.form != "close-burst" \
            and not open_shot:  # against its {r} attacks'; 'Enemies do not provide cover ...': its allies do
        friends = spec.form == "ranged" and attacker.gained("no-enemy-cover")
        creatures = [sq for f in b.fighters if f.in_play() and f is not attacker and f is not target
                     and (not friends or f.player == attacker.player) for sq in f.space()]
        if b.board.cover(attacker.pos, attacker.side, target.pos, target.side, creatures):
            total += R.COVER
            mods.append(f"cover{R.COVER}")
    if charge:
        total += R.CHARGE_BONUS
        mods.append(f"charge+{R.CHARGE_BONUS}")
    for e in attacker.effects:
        if e.kind == "condition" and e.what == "marked" and e.source != target.id:
            total -= 2
            mods.append("marked-2")
            break
    n = _stat_mods(b, attacker, "attack", target, spec, power, charge, opportunity)
    if n:
        total += n
        mods.append(f"powers{n:+d}")
    return total, mods


def defence(b: Battle, target: Fighter, which: str, attacker: Fighter, spec: AttackSpec, power: Power,
            opportunity: bool) -> int:
    if "|" in which:  # "+13 vs. AC or Reflex": the attacker picks the lower (a choice made for the player)
        return min(defence(b, target, w, attacker, spec, power, opportunity) for w in which.split("|"))
    base = {"ac": target.card.ac, "fort": target.card.fort, "ref": target.card.ref, "will": target.card.will}[which]
    total = base
    total += _stat_mods(b, target, which, attacker, spec, power, False, opportunity)
    total += _stat_mods(b, target, "defenses", attacker, spec, power, False, opportunity)
    if which != "ac":
        total += _stat_mods(b, target, "defenses-nonac", attacker, spec, power, False, opportunity)
        total += _stat_mods(b, target, "def", attacker, spec, power, False, opportunity)
    return total




def _typed(extra: tuple[str, ...]) -> str:
    """The damage type a modifier's flags carry ('' when none)."""
    for x in extra:
        if x in DAMAGE_TYPES:
            return x
    return ""


def unseen(b: Battle, f: Fighter) -> bool:
    """No enemy has line of sight to ``f`` (profile ``ddm-guild.invisible``: an invisible creature is not seen)."""
    return not any(b.sees(e, f) for e in b.enemies_of(f))


def affected_by(b: Battle, owner: Fighter, index: int, enemies: bool) -> bool:
    """Some creature (some enemy of ``owner``) is under an effect the power ``index`` of ``owner`` put in force."""
    eids = b.power_effects.get((owner.id, index))
    if not eids:
        return False
    live = {e.eid for f in b.fighters if not enemies or f.player != owner.player for e in f.effects}
    eids &= {e.eid for f in b.fighters for e in f.effects}  # forget the ended ones
    return bool(eids & live)


def unaffected_by_auras(f: Fighter) -> bool:
    """'Unaffected by auras of enemies' (its own words: looked up as the auras are judged)."""
    return any(w == "no-enemy-auras" for w, _n in f.own_gains)


def aura_reaches(b: Battle, owner: Fighter, f: Fighter, flt: Filter, size: int) -> bool:
    """Profile ``ddm-guild.auras``: whether ``owner``'s aura (its side, kinds and size) reaches ``f``."""
    side = flt.side
    if f is owner:
        return side.endswith("+self")
    if f.player != owner.player:  # (its side's first word: "ally", "enemy+self", ...)
        if side == "ally" or side.startswith("ally+"):
            return False
    elif side == "enemy" or side.startswith("enemy+"):
        return False
    if f.player != owner.player and unaffected_by_auras(f):
        return False
    if size < ANYWHERE and b.gap(owner, f) > size:
        return False
    return not flt.keyword or has_kinds(f, relative_kinds(flt.keyword, owner))


def relative_kinds(kinds: str, owner: Fighter) -> str:
    """An aura's kinds with its creature's level put in ('Adjacent lower-level allies have +4 Attack': of a level
    below the aura's creature's, "level<=N")."""
    if "-level" not in kinds:
        return kinds
    return kinds.replace("lower-level", f"level<={owner.card.level - 1}").replace(
        "higher-level", f"level>={owner.card.level + 1}")
