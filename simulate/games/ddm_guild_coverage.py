"""What of a read DDM Guild power the engine plays: :func:`engine_unplayed` and the sets it consults.

A power is either played whole or listed as unplayed (with the words or the reason) — never played in part. The
coverage figures (``bench/ddm_guild_powers.py``) and every result's list of unplayed powers use it. Split from
the play modules (which play what this module lets through).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from simulate.games.ddm_guild_board import SIGHT_ONLY
from simulate.games.ddm_guild_powers import parse_power
from simulate.games.ddm_guild_vocab import (
    CONDITION_TRIGGERS,
    DAMAGE_TYPES,
    END_NEAR,
    MOVE_MODES,
    NO_FILTER,
    PLACED_KINDS,
    REROLL_ON_HIT,
    REROLL_ON_MISS,
    ROUND_MEASURES,
    Effect,
    Filter,
    Power,
    move_mode,
    uses_not_known,
)
from simulate.games.ddm_guild_words import kinds_known

# --- what the engine plays -------------------------------------------------------------------------------------

_RUN_DEFENCES: Final = frozenset({"ac", "fort", "ref", "will", "defenses", "defenses-nonac", "def"})

PLAYED_TRIGGERS: Final = frozenset({
    "", "start-of-round", "end-of-round", "before-initiative", "start-of-turn", "end-of-turn", "hit-by", "missed-by",
    "attacked", "damaged", "bloodied", "destroyed", "destroys", "hits", "misses", "ally-destroyed", "ally-hit",
    "ally-hits", "enemy-destroyed", "ally-starts-turn", "friend-starts-turn", "ally-ends-turn", "enemy-adjacent-ends",
    "enemy-starts-adjacent",
    "enemy-attacks-ally", "any-time", "win-initiative", "after-initiative", "enemy-starts-turn", "first-bloodied",
    "ally-bloodied", "enemy-bloodied", "opportunity-hits", "opportunity-made", "attack-made", "starts-in-aura",
    "ally-destroys", "enemy-damaged", "ally-damaged", "any-damaged", "damages", "enemy-misses", "ally-misses",
    "any-misses", "enemy-hits", "any-hits", "crits", "ally-crits", "enemy-crits", "any-crits", "friend-crits",
    "crit-by", "fails-save", "ally-fails-save", "enemy-fails-save", "ally-attacked", "any-starts-turn", "declares",
    "enemy-enters-adjacent", "enemy-shifts", "setup", "first-turn", "own-turn", "ally-declares", "enemy-declares",
    "friend-declares", "enemy-ignores",
    "rolls", "ally-rolls", "rolls-d20", "any-save", "enemy-saves", "ally-saves",
    "resolved-against", "ally-attack-resolved", "enemy-leaves-adjacent", "enemy-enters-within",
    "enemy-enters-at", "enemy-enters-forest", "enters-square", "bloodies", "ally-bloodies", "bloodies-or-destroys",
    "ally-first-bloodied",
    "any-destroyed", "friend-hits", "friend-hit", "any-ends-turn", "resolves-hit", "friend-crit-by",
    "ally-missed", "enemy-ends-move-adjacent", "enemy-first-bloodied", "enemy-uses-champion", "enemy-used-champion",
    "ally-gains-condition", "enemy-gains-condition", "friend-would-gain-condition", "uses-attack",
    "ally-takes-damage", "ally-crit-by", "any-rolls", "enters-beside-enemy",
    "takes-damage", "redirected", "lose-initiative", "friend-bloodied", "ally-would-be-destroyed", "any-bloodied",
})
# the events of a condition put on a creature (ddm_guild_apply.condition_gained): the condition is the event's
CONDITION_EVENTS: Final = CONDITION_TRIGGERS - {"friend-would-gain-condition"}
# what a "cancel" undoes, by the event that has it under way: a champion power being used, a condition being put on
_CANCEL_ON: Final = {"champion": "enemy-uses-champion", "condition": "friend-would-gain-condition"}
# who an effect may reach, by what the trigger supplies
_EVENT_TARGET: Final = frozenset({"chosen", "hit-by", "enemy-ignores",
                                  "missed-by", "attacked", "destroyed", "destroys", "hits", "misses",
                                  "ally-hit", "ally-hits", "enemy-adjacent-ends", "enemy-starts-adjacent",
                                  "enemy-attacks-ally", "enemy-starts-turn", "enemy-bloodied", "ally-bloodied",
                                  "opportunity-hits", "opportunity-made", "attack-made", "starts-in-aura",
                                  "ally-destroys", "enemy-damaged", "ally-damaged", "any-damaged", "damages",
                                  "enemy-misses", "ally-misses", "any-misses", "enemy-hits", "any-hits", "crits",
                                  "ally-crits", "enemy-crits", "any-crits", "friend-crits", "crit-by",
                                  "enemy-fails-save", "ally-attacked", "any-starts-turn", "declares",
                                  "enemy-enters-adjacent", "enemy-shifts", "ally-declares", "enemy-declares",
                                  "friend-declares", "rolls", "ally-rolls", "resolved-against",
                                  "ally-attack-resolved", "enemy-leaves-adjacent", "enemy-enters-within",
                                  "enemy-enters-at", "enemy-enters-forest", "damaged", "bloodies", "ally-bloodies",
                                  "bloodies-or-destroys", "any-destroyed", "friend-hits", "friend-hit",
                                  "any-ends-turn", "resolves-hit", "friend-crit-by", "ally-missed",
                                  "enemy-ends-move-adjacent", "enemy-first-bloodied", "enemy-uses-champion",
                                  "enemy-used-champion", "enemy-gains-condition", "enters-beside-enemy",
                                  "friend-bloodied", "any-bloodied"})
_EVENT_ALLY: Final = frozenset({"chosen",
                                "ally-destroyed", "ally-hit", "ally-hits", "ally-starts-turn", "friend-starts-turn",
                                "ally-ends-turn",
                                "enemy-attacks-ally",
                                "ally-bloodied", "ally-destroys", "ally-damaged", "ally-misses", "ally-crits",
                                "ally-fails-save", "ally-attacked", "friend-crits", "ally-declares",
                                "friend-declares", "ally-rolls", "ally-attack-resolved", "ally-bloodies",
                                "ally-first-bloodied", "friend-hits", "friend-hit", "friend-crit-by", "ally-missed",
                                "ally-gains-condition", "ally-would-be-destroyed"})
# triggers whose event is an attack in progress ('+20 damage on that attack', 'that attack misses', a reroll)
_ON_ATTACK: Final = frozenset({"hits", "ally-hits", "hit-by", "attacked", "ally-hit", "misses", "missed-by", "crits",
                               "ally-crits", "enemy-crits", "any-crits", "friend-crits", "crit-by", "enemy-hits",
                               "any-hits", "ally-attacked", "ally-misses", "enemy-misses", "declares",
                               "ally-declares", "friend-declares", "rolls", "ally-rolls", "friend-hits", "friend-hit",
                               "friend-crit-by"})
# its own attack once made, which 'repeat that attack' makes again (the attack's power, at its target)
_SAME_ON: Final = frozenset({"resolves-hit", "attack-made", "opportunity-made", "misses"})
# 'that attack misses': after its hit (undone) or before its roll ('when targeted by an opportunity attack')
# the events of an attack's hit, answered before the hit's damage is dealt (ddm_guild_play.attack)
_HIT_TRIGGERS: Final = frozenset({"hits", "ally-hits", "hit-by", "ally-hit", "enemy-hits", "any-hits", "friend-hits",
                                  "friend-hit"})
_NEGATE_ON: Final = frozenset({"hit-by", "ally-hit", "enemy-hits", "attacked", "ally-attacked", "enemy-declares",
                               "friend-hit"})
# '+2 AC against that attack': the attack's target, before the roll (who it is, by trigger)
_DEFENCE_ON: Final = {"attacked": "self", "ally-attacked": "ally", "enemy-attacks-ally": "ally"}
# the events of an attack whose hit or miss an effect may wait for ('if that attack hits, ...')
_OUTCOME_ON: Final = frozenset({"declares", "ally-declares", "friend-declares", "enemy-declares", "attacked",
                                "ally-attacked", "enemy-attacks-ally", "rolls", "ally-rolls", "attack-made",
                                "opportunity-made", "resolved-against", "ally-attack-resolved"})
# the events whose creature 'within reach' may place (the engine fires them beyond the power's creature's neighbours)
_REACH_ON: Final = frozenset({"enemy-starts-turn", "ally-starts-turn", "any-starts-turn", "enemy-attacks-ally",
                              "enemy-ignores", "enemy-bloodied"})
# the events that carry an attack roll whose natural d20 a trigger may name
_NATURAL_ON: Final = frozenset({"rolls", "ally-rolls", "hits", "ally-hits", "misses", "any-rolls",
                                "after-initiative"})  # (its player's initiative die: Battle.initiative_faces)
# 'that attack is a critical hit / an automatic hit' before the roll; 'that attack is a normal hit instead' after a
# critical hit is rolled
_HIT_ON: Final = {"crit": frozenset({"declares", "ally-declares", "friend-declares", "hits", "ally-hits", "rolls",
                                     "ally-rolls"}),
                  "auto": frozenset({"declares", "ally-declares", "friend-declares", "rolls", "ally-rolls"}),
                  "ignore-resist": frozenset({"declares", "ally-declares", "friend-declares", "hits", "ally-hits",
                                              "rolls", "ally-rolls"}),
                  "no-redirect": frozenset({"declares", "ally-declares", "friend-declares", "redirected"}),
                  "half-damage": frozenset({"attacked", "hit-by"}), "resist-all": frozenset({"attacked", "hit-by"}),
                  "normal": frozenset({"crits", "ally-crits", "enemy-crits", "any-crits", "friend-crits", "crit-by",
                                       "friend-crit-by", "ally-crit-by"})}
# damage shared or given away (ddm_guild_damage._shared), by its effect and who takes it: an ally's about to be lost,
# its own about to be lost, an ally's hit
_SHARE_ON: Final = {("half-instead", "self"): frozenset({"ally-takes-damage"}),
                    ("all-instead", "self"): frozenset({"ally-takes-damage"}),
                    ("all-instead", "chosen-ally"): frozenset({"takes-damage"}),
                    ("all-instead", "chosen-enemy"): frozenset({"takes-damage"}),
                    ("half-both", "self"): frozenset({"ally-hit"})}
# the events of a hit whose critical is known (a power answering them may do more 'on a critical hit')
_CRIT_KNOWN_ON: Final = frozenset({"hits", "hit-by", "ally-hit", "ally-hits", "enemy-hits", "any-hits", "friend-hits",
                                   "friend-hit"})
# the events on which an attack is given to another creature (ddm_guild_apply.redirect_to): before the roll, to this
# creature when an ally is attacked; after a hit on an ally ('that attack hits this creature instead'); away from this
# creature, before the roll or after the hit or miss; to the creature with the fewest hit points in reach
_REDIRECT_ON: Final = {"self": frozenset({"ally-attacked", "enemy-attacks-ally", "ally-hit"}),
                       "chosen-ally": frozenset({"attacked", "hit-by"}),
                       "chosen-enemy": frozenset({"attacked", "hit-by", "missed-by"}),
                       "lowest-in-reach": frozenset({"ally-attacked", "attacked"})}
# the events whose roll the engine offers to a power that has it rolled again (ddm_guild_triggers.offer_rerolls and
# roll_save): an attack roll ("attack"), a saving throw ("save") or either ("any": 'that attack roll or saving throw')
_ATTACK_REROLL_ON: Final = frozenset(trigger for trigger, _who in (*REROLL_ON_HIT, *REROLL_ON_MISS))
_SAVE_REROLL_ON: Final = frozenset({"fails-save", "ally-fails-save", "any-save", "enemy-saves", "rolls-d20"})
_REROLL_ON: Final = {"attack": _ATTACK_REROLL_ON, "save": _SAVE_REROLL_ON,
                     "any": frozenset({"rolls-d20"})}
_GROUP_WHO: Final = frozenset({"self", "allies", "enemies", "all", "everyone", "self-and-allies", "friends",
                               "chosen-ally", "chosen-friend", "opponent",
                               "chosen-enemy", "chosen-creature", "player", "chosen-self-or-ally", "nearest-ally"})
# who may make an attack an effect grants: the power's creature or its allies (an enemy's attack "as though
# dominated" is not played)
_ALLY_ATTACKERS: Final = frozenset({"self", "ally", "nearest-ally", "chosen-ally", "chosen-allies", "allies",
                                    "chosen-friend"})  # ('a Bugbear in your warband makes a {b} attack': it too)
PLAYED_EFFECTS: Final = frozenset({"damage", "ongoing", "condition", "gain", "push", "pull", "slide", "shift", "move",
                                   "teleport", "heal", "mod", "attack", "vp", "cleanse", "recharge", "reroll",
                                   "negate", "reduce", "provoke", "redirect", "choose", "share", "destroy", "max-hp",
                                   "place", "hit", "roll",
                                   "survive", "menu", "initiative", "grant", "scout", "terrain", "cancel", "switch",
                                   "champion-uses", "destroy-self", "extra-action", "challenge", "cond-swap",
                                   "base-type"})
PLAYED_CONDITIONS: Final = frozenset({"dazed", "stunned", "immobilized", "slowed", "weakened", "helpless",
                                      "dominated", "blinded", "marked", "invisible", "grants-ca", "no-shift",
                                      "confused", "staggered", "no-attack", "no-attack-source",
                                      "grants-ca-source"})
PLAYED_DURATIONS: Final = frozenset({"save", "end-next-turn", "end-turn", "end-round", "battle", "start-next-turn",
                                     "permanent", "attack", "after-attack", "end-next-turn-source",
                                     "start-next-turn-source", "until-damaged", "end-next-round", "while-source",
                                     "until-source-bloodied", "until-moves", "until-attacked", "until-bloodied",
                                     "until-moves-or-attacks",
                                     "after-hit", "until-targets-source"})
PLAYED_STATS: Final = frozenset({"attack", "damage", "ac", "fort", "ref", "will", "defenses", "defenses-nonac",
                                 "def", "speed", "save", "keen"})
PLAYED_STATICS: Final = frozenset({
    "absorb", "resist-crit", "half-ranged", "no-opportunity", "never-bloodied",
    "resist", "vulnerable", "immune", "reach", "flight", "burrow", "phasing", "insubstantial", "conceal",
    "blindsight", "stable-footing", "forest-walk", "swarm", "keen-critical", "awareness", "defensive-advantage",
    "multi-activation", "mod", "scout", "wandering", "hide", "ponderous", "inexorable", "aura-mod", "shift-distance",
    "move-after-charge", "act-after-charge",
    "towering", "statue-ok", "no-ca-from-flank", "delayed", "blank", "construction", "crit-multiplier",
    "crit-damage", "while", "aura-gain", "gain", "ca-vs", "kin", "difficult-aura", "resist-form",
    "always-bloodied", "initiative-rating", "bloodied-line", "bloodied-third", "through-size",
    "ally-alignment", "spent-at-start", "warband-keyword", "borrow",
})
# what an attack may ignore
PLAYED_IGNORES: Final = frozenset({"auto-miss", "insubstantial", "conceal", "invisible", "resist", "redirect"})
PLAYED_RECHARGE: Final = frozenset({
    "", "bloodied", "start-of-turn", "start-of-round", "end-of-turn", "end-of-round", "destroys", "ally-destroyed",
    "start-of-turn-alone", "end-of-turn-alone", "enemy-destroyed", "hits:melee", "hits:ranged", "hits:basic", "misses",
    "damaged", "action:move", "action:minor", "action:attack", "end-of-turn-no-attack", "end-of-turn-no-move",
    "this-hits", "uses-champion", "start-of-turn-unseen", "unaffected",
})
PLAYED_FORMS: Final = frozenset({"melee", "ranged", "close-burst", "close-blast", "area", "line", "reach-burst"})
PLAYED_TARGET_STATES: Final = frozenset({"", "bloodied", "ca", "higher-level", "lower-level", "adjacent", "keyword",
                                         "cond:immobilized", "cond:helpless", "cond:dazed", "cond:stunned",
                                         "size<=medium", "size<=large", "size<=small", "enemy", "ally", "any",
                                         "not-bloodied", "not-adjacent", "smaller", "undamaged", "chosen",
                                         "unseeing", "seen", "damaged", "larger", "size>=medium",
                                         "size>=large", "size>=huge", "flanked", "charging", "ongoing",
                                         "alone", "vulnerable-own",
                                         "size=tiny", "size=small", "size=medium", "size=large", "size=huge"})
PLAYED_SELF_STATES: Final = frozenset({"", "bloodied", "not-bloodied", "charging", "adjacent-ally", "own-turn",
                                       "opportunity", "moved-this-turn", "damaged", "unseen", "flanked",
                                       "not-charged", "not-moved", "first-round", "after-first-round", "in-start-area",
                                       "destroyed-this-turn",
                                       "adjacent-wall", "no-adjacent-creature", "adjacent-enemy",
                                       "no-adjacent-enemy", "in-victory-area", "sees-no-enemy",
                                       "first-to-activate", "first-you-activate", "last-you-activate",
                                       "last-to-activate",
                                       "won-initiative", "no-enemy-champion", "only-champion",
                                       "not-attacked", "not-attacked:melee", "enemy-in-victory-area",
                                       "other-turn", "ally-destroyed", "no-ally-destroyed", "end-of-round-phase"})
PLAYED_IMMUNE: Final = frozenset({"acid", "cold", "fire", "force", "lightning", "necrotic", "poison", "psychic",
                                  "radiant", "thunder", "dazed", "stunned", "immobilized", "slowed", "weakened",
                                  "helpless", "dominated", "blinded", "marked", "invisible", "ongoing damage",
                                  "critical hits", "criticals", "forced movement", "enemy forced movement", "push",
                                  "pull", "slide",
                                  "confused", "confusion", "fear", "sleep", "charm", "petrified", "staggered",
                                  "disease", "mind-affecting", "poisoned", "all conditions", "gaze"})


# the gain vocabulary (ddm_guild_effects.gain_words) the engine honours: words Fighter.gained() and its accessors read
# (from an aura, its own card, or a power for a while), and conditions Fighter.has()/held() read in while_on (so from
# an aura or its own card only)
GAINED_WORDS: Final = frozenset({
    "conceal", "hide", "flight", "phasing", "insubstantial", "burrow", "blindsight", "forest-walk", "stable-footing",
    "no-invisible", "no-conceal", "no-hide", "no-opportunity", "no-immediate", "no-champion", "no-grant-ca",
    "no-ca-from-flank", "half-ranged", "no-flight", "no-burrow", "no-provoke", "no-area-vp", "no-will-attacks",
    "threatening-reach",
    "untargetable-ranged", "untargetable-charge", "no-heal", "untargetable-melee", "no-minor", "immune-sneak",
    "clear-sight", "terrain-sight", "no-actions", "no-turn", "no-resist",
    "reach", "ca-attack", "flank-attack", "convert", "resist-vs", "conceal-adjacent", "conceal-far", "no-attack-form",
    "resist-far",
    "half-far", "no-reach", "only-basic", "multi-activation", "invisible-far", "half-all", "speed-set",
    "charge-unseen", "free-shift", "invisible-enemies", "no-cover-nearest", "sees-invisible-nearest",
    "ignores-conceal-nearest", "shift-distance", "no-vp-worth", "resist-less"})
# (and 'no-negate', read by Fighter.uses_left from while_on: an aura's or its card's only)
HELD_WORDS: Final = frozenset({"invisible", "no-move", "no-shift", "grants-ca", "immobilized",
                               "slowed", "dazed",
                               "weakened", "sees-invisible", "sees-invisible-ground", "ignores-conceal",
                               "ignores-conceal-ground", "conceal-d20", "challenge-aura",
                               "hit-heal-melee", "miss-damage",
                               "no-charge", "one-move", "save-at-start", "no-end-save",
                               "no-miss-damage", "must-oa", "area-adjacent", "no-enemy-cover", "no-cover",
                               "shift-stable", "no-vp-worth", "ignores-insubstantial",
                               "more-damage",  # 'that enemy takes +5 Damage' whenever it takes damage (auras add up)
                               "ignores-insubstantial-melee", "ranged-no-provoke", "invisible-beyond",
                               "no-enemy-auras", "no-negate", "invisible-far-all", "no-redirect", "no-flanker",
                               "no-attack-action", "auto-save-ongoing", "worth-by", "ignores-smoke", "smoke-space",
                               "no-redirect-away", "sight-limit", "slow-reload", "first-kill-double",
                               "all-difficult", "ranged-ignores-forest", "auto-save", "hit-automatically",
                               "attacks-no-provoke", "no-crit-damage", "ignores-slippery", "no-ally-squares",
                               "forest-sight", "extra-minor", "two-saves", "worth-more",
                               "speed"})  # (more speed an aura gives: Fighter.speed reads it)


def gain_played(what: str, static: bool) -> bool:
    """A word of the gain vocabulary the engine honours (``static``: given by an aura or its card, not for a while)."""
    kind, _, arg = what.partition(":")
    if kind == "immune":  # (forced movement: ddm_guild_moves.forced_move reads immune_now)
        return arg in DAMAGE_TYPES or arg in PLAYED_CONDITIONS or arg in ("forced movement", "enemy forced movement")
    if kind in ("resist", "vulnerable"):
        return arg == "all" or arg in DAMAGE_TYPES
    return kind in GAINED_WORDS or (static and kind in HELD_WORDS)


def _on_that_roll(e: Effect) -> bool:
    """A bonus or penalty to the attack being answered ('+2 Attack on that attack roll', '+5 Damage on that attack'):
    the engine gives it to that attack, whichever creature its words name."""
    return e.kind == "mod" and e.duration == "attack" and e.what in ("attack", "damage")


def engine_unplayed(power: Power) -> str:
    """Why the engine does not play a power the reader understood ("" when it plays it whole)."""
    if any(e.kind == "vp" and "spend" in e.extra for e in power.effects) and (
            power.trigger or power.action not in ("minor", "move", "attack")):
        return "spending victory points is a choice the engine makes only as an action"
    if power.action == "immediate" and not power.trigger and power.attack is None:
        return "an immediate action with no trigger (when it may be taken is not said)"
    if power.trigger not in PLAYED_TRIGGERS:
        return f"the trigger '{power.trigger}' is not played"
    if power.trigger.startswith(_OTHERS_EVENT) and _PRINTED_IT.search(power.text) \
            and any(e.who == "self" and not _on_that_roll(e) for e in power.effects):
        # 'Use when an enemy becomes bloodied: It takes 20 ongoing necrotic damage': the card's "It" is that enemy,
        # the reader's "it" (its spelling of "this creature") the power's own creature ('it has -2 Attack on that
        # attack roll' changes the event's attack roll, whoever "it" is)
        return "'it' after another creature's event (that creature or this one?)"
    if power.per not in ("", "turn", "round") and not (power.per == "turn-each" and power.trigger):
        return f"a use rate '{power.per}' the engine does not keep"
    if power.trigger_filter.natural and power.trigger not in _NATURAL_ON:
        return "a natural attack roll where the event has no attack roll"
    if power.trigger_filter.within == -3 and power.trigger not in _REACH_ON:
        return "'within reach' of an event the engine does not measure"
    one = power.trigger == "declares" and power.trigger_filter.target_state in ("one-target", "one-enemy")
    for state in (power.trigger_filter.self_state, "" if one else power.trigger_filter.target_state,
                  power.recharge_filter.target_state if power.recharge.startswith(
            "on:") else "", power.recharge_filter.self_state if power.recharge.startswith("on:") else ""):
        if not _event_state_played(state):  # the state of an event's creature ('a Dazed enemy', 'a charging enemy')
            return f"'{state}' is not played"
    if not power.recharge.startswith(("roll:", "uses:")) and power.recharge not in PLAYED_RECHARGE and not (
            power.recharge.startswith("on:") and power.recharge[3:] in PLAYED_TRIGGERS):
        return f"recharge '{power.recharge}' is not played"
    if power.recharge == "this-hits" and power.attack is None:  # ('Use when targeted by an attack vs. DEF; ...
        return "RECHARGE if that attack hits, of another creature's attack"  # RECHARGE if that attack hits')
    if uses_not_known(power):  # 'RECHARGE when first Bloodied' on a power with no check box in the data:
        # played as unlimited, its recharge would mean nothing; how many uses it has is not known (docs/player-cards.md)
        return "it recharges, but the catalogue gives no number of uses for it (not known)"
    if power.requirement == "named" and not (power.effects and power.effects[0].kind == "choose"):
        return "a requirement naming a creature with no choice of it"
    if power.requirement not in ("", "charge", "named") and not _state_played(power.requirement):
        return f"the requirement '{power.requirement}' is not played"
    if power.recharge_filter.self_state and not power.recharge.startswith("on:") and not _state_played(
            power.recharge_filter.self_state):  # (an event's: its creature's state, judged above)
        return f"recharge while '{power.recharge_filter.self_state}' is not played"
    for s in power.statics:
        if s.kind not in PLAYED_STATICS:
            return f"{s.kind} is not played"
        if s.kind == "while" and ((s.what.split(":")[0] not in WHILE_GAINS and not gain_played(s.what, True))
                                  or not while_state_played(
                s.filter.self_state)) and not (s.filter.self_state == "charging" and s.what == "flight"):
            return f"{s.what} while '{s.filter.self_state}' is not played"
        if s.kind == "while" and s.what.startswith("immune:") and s.what[7:] not in DAMAGE_TYPES \
                and s.what[7:] not in PLAYED_CONDITIONS and s.what[7:] != "forced movement":  # immune_now answers
            # damage types, conditions and forced movement
            return f"{s.what} while '{s.filter.self_state}' is not played"
        if s.kind == "mod" and s.what == "speed" and s.filter.self_state not in ("", "charging") \
                and not while_state_played(s.filter.self_state):  # the speed it moves with, kept by refresh_while
            return f"speed while '{s.filter.self_state}' is not played"
        if s.kind == "keen-critical":
            why = _filter_unplayed(s.filter)
            if why:
                return why
        if s.kind == "immune" and s.what not in PLAYED_IMMUNE:
            return f"immune {s.what} is not played"
        if s.kind == "ca-vs":
            why = _filter_unplayed(s.filter)
            if why or s.filter.target_state == "ca":
                return why or "combat advantage against a target granting it"
        if s.kind in ("aura-gain", "gain") and not gain_played(s.what, static=True):
            return f"{s.what} (from an aura or its card) is not played"
        if s.kind == "aura-gain" and (s.filter.self_state or not target_state_played(s.filter.target_state)):
            return "an aura's gain for creatures in a state the engine does not judge"  # (refresh_while: the
            # target state of the one it reaches only)
        if s.kind in ("aura-gain", "aura-mod") and s.filter.keyword and not kinds_known(
                re.sub(r"(?:lower|higher)-level", "level>=0", s.filter.keyword)):  # (relative: judge.relative_kinds)
            return f"'{s.filter.keyword}' is no creature kind (the aura would reach nobody)"
        if s.kind != "mod" and ("affected-by:" in s.filter.target_state or "hit-with:" in s.filter.target_state):
            return "targets affected by a named power, for another creature (whose power?)"
        if s.kind in ("mod", "aura-mod"):
            flt = s.filter
            if s.kind == "mod" and s.what.startswith("damage:"):  # ('+10 cold damage on natural attack rolls of 19 or
                flt = replace(flt, natural="")  # 20': ddm_guild_attacks._hit reads it)
            if s.kind == "aura-mod":  # (beside the aura's own creature, the reached creature's states:
                flt = replace(flt, target_state="&".join(  # ddm_guild_judge.aura_target_ok, aura_holder_ok)
                    x for x in flt.target_state.split("&") if x not in ("owner-adjacent", "owner")),
                    self_state="&".join(x for x in flt.self_state.split("&")
                                        if x not in ("holder-charging", "holder-seen", "holder-sees")))
            why = _filter_unplayed(flt)
            if why:
                return why
            if s.filter.target_state == "chosen":
                return "'that enemy' with no creature chosen"
            keen = s.kind == "aura-mod" and s.what in ("keen", "ca")  # (an aura's critical range:
            # ddm_guild_attacks._keen; its combat advantage: ddm_guild_judge.has_combat_advantage)
            if (s.what.split(":")[0].split("*")[0] not in PLAYED_STATS and not keen) or (
                    "*" in s.what and (s.kind != "mod" or s.what.split("*")[0].split(":")[0] not in PER_STATS)):
                return f"a modifier to {s.what} is not played"
    a = power.attack
    if a is not None:
        if a.form not in PLAYED_FORMS:
            return f"{a.form} attacks are not played"
        if a.alt_gate.target_state and _filter_unplayed(a.alt_gate):
            return _filter_unplayed(a.alt_gate)
        why = _filter_unplayed(a.target_filter)
        if why:
            return why
        if not set(a.ignores) <= PLAYED_IGNORES:
            return f"ignoring {', '.join(a.ignores)} is not played"
        if a.form in ("melee", "ranged") and power.trigger and power.trigger not in _EVENT_TARGET:
            return "a triggered single-target attack with no target given"
        for group in (a.hit, a.miss, a.always, a.crit):
            for e in group:
                if "second-if-first" in e.extra and _second_played(power, e):
                    continue
                why = _effect_unplayed(e, power.trigger, attack=True)
                if why:
                    return why
                if e.gate.target_state and group is not a.hit:
                    return "a rider that depends on the target outside a hit"
    if power.attacks_made and power.trigger:
        return "several attacks on a trigger"
    if power.attacks_made and power.requirement == "charge" and not made_on_charge(power):
        return "several attacks on a charge other than melee basic attacks against its target"
    for e in power.approach:  # the move or shift before the attack (GuildMoveAttack)
        if e.kind not in ("move", "shift") or e.who != "self" or e.what or e.filter != NO_FILTER or power.trigger \
                or any(not x.startswith("min:") and x not in ("mode:flight", "mode:burrow") for x in e.extra):
            return "a move before the attack the engine does not make"
    for i, e in enumerate(power.effects):
        if "if-own-hit" in e.extra and not any(x.kind == "attack" and x.who == "self" and x.what != "followup"
                                               for x in power.effects[:i]):
            return "'if this creature's attack hits' with no attack of its before"
    if any(e.kind == "destroy" for e in power.effects) and not any(e.kind == "survive" for e in power.effects):
        return "destroying an ally is a choice the engine makes only to keep this creature ('is not destroyed')"
    rolled = False
    for e in power.effects:
        if e.kind == "roll":
            if "new" in e.extra:
                rolled = True
            elif not rolled:
                return "a range of a d20 with no roll before it"
            elif e.what == "base-damage" and power.trigger not in _ON_ATTACK:
                return "the base damage of an attack with no attack"
        if e.kind == "survive" and (power.trigger != "destroyed" or e.amount <= 0):
            return "'not destroyed' where nothing would destroy it, or with no hit points given"
    chosen = False
    # a champion power on any creature's event that helps that creature: for its own side's only (the engine's
    # fire), so an attack 'that creature' makes is an ally's (ddm-guild.champion-events)
    own_side = power.ptype == "champion" and power.trigger in _OWN_SIDE_ON and helps_event_creature(power)
    for e in power.effects:
        if e.kind == "choose":
            chosen = True
            if e.who == "square" and not any(x.kind == "terrain" and x.who == "square" for x in power.effects):
                return "a square chosen for something the engine does not make there"
        if "second-if-first" in e.extra:  # '+10 damage on the second attack' of two against one target
            if not _second_played(power, e):
                return "a bonus on a second attack where there is no second attack against the same target"
            continue
        both_hit = ("both-hit" in e.extra or "first-hit" in e.extra) and bool(power.attacks_made)  # 'if both hit ...'
        why = _effect_unplayed(e, "chosen" if chosen and e.kind != "choose" else power.trigger, attack=both_hit,
                               action=power.action, own_side=own_side)
        if why:
            return why
    if not power.attack and not power.effects and not power.statics:
        return "nothing to play"
    return ""


def _second_played(power: Power, e: Effect) -> bool:
    """'If both attacks hit, +10 Damage on the second attack', 'If the first hits, +4 Attack on the second': a bonus
    of the second of two attacks its action makes against one target (GuildState._attack_action)."""
    if e.kind != "mod" or e.duration != "attack" or e.what not in ("attack", "damage") or power.trigger:
        return False
    a = power.attack
    return (power.attacks_made == 2 and e in power.effects) or (
        a is not None and a.targets == 2 and a.same and e in a.hit)


# states with parameters after a colon ("near-ally:5:dragon+champion"): the part before it is what is played
PLAYED_TARGET_STATE_KINDS: Final = frozenset({"adjacent-to-ally", "adjacent-to", "cond", "kinds", "id", "hit-with",
                                               "affected-by", "near-event"})
PLAYED_SELF_STATE_KINDS: Final = frozenset({"adjacent-ally", "near-ally", "warband", "moved-from-start", "wounded",
                                            "moved-squares",
                                            "near-bloodied", "adjacent-enemy", "no-adjacent-enemy",
                                            "adjacent-enemies-only", "adjacent-enemies-min", "no-enemy-within",
                                            "adjacent-enemies-max",
                                            "no-ally-within", "ally-in-play", "in-terrain", "adjacent-terrain",
                                            "in-terrain-all",
                                            "in-victory-area", "unseen-by-ally", "no-ally-left", "unaffected",
                                            "sees-enemy-within", "allies-within-min", "enemies-within-max",
                                            "sees-ally", "sees-no-ally", "self-cond", "near-any", "near-any-min",
                                            "spent"})


# stats a modifier counted per creature may change ('+1 AC for each enemy adjacent to it'; _stat_mods counts)
PER_STATS: Final = frozenset({"attack", "damage", "ac", "fort", "ref", "will", "defenses", "defenses-nonac", "def"})
# the target words' atoms (ddm_guild_words: target conditions) judged by ddm_guild_judge._target_more
PLAYED_TARGET_WORDS: Final = frozenset({"flying", "ongoing", "activated", "within", "beyond", "further", "resist", "at",
                                        "lowest-level", "highest-level", "highest-hp", "sees-no-ally", "invisible-to",
                                        "has-ca-on-it", "in-your-victory-area", "in-enemy-victory-area", "guarded",
                                        "penalty", "flanking",
                                        "attacked-it", "slower", "below-speed", "sneak-immune", "allies-adjacent",
                                        "creatures-adjacent", "in-play"})


def target_state_played(ts: str) -> bool:
    """A target state the engine judges: each description of a '/' list and each atom of an '&' (see
    target_state_ok)."""
    if "/" in ts or "&" in ts:
        return all(target_state_played(part) for part in re.split(r"[/&]", ts))
    ts = ts.removeprefix("!")
    kind = ts.split(":")[0]
    if kind == "at":
        return ts[3:].split(":")[0] in PLACE_STATES
    if kind == "cond":
        return set(ts[5:].split("|")) <= PLAYED_CONDITIONS
    if kind == "kinds":
        return kinds_known(ts[6:])
    return ts in PLAYED_TARGET_STATES or kind in PLAYED_TARGET_STATE_KINDS or kind in PLAYED_TARGET_WORDS


# the groups ddm_guild_apply.pick gathers with the power's creature's level put into 'lower-level' / 'higher-level'
# (judge.relative_kinds): 'Lower-level allies have Resist 5 All until end of round'
_RELATIVE_GROUPS: Final = frozenset({"allies", "self-and-allies", "friends", "chosen-ally", "chosen-allies",
                                     "chosen-friend", "enemies", "chosen-enemy", "chosen-enemies", "chosen-creature",
                                     "all", "everyone"})
_RELATIVE_KINDS: Final = frozenset({"mod", "gain", "grant", "heal", "condition"})


def _relative_read(e: Effect) -> str:
    """An effect's kinds as the engine judges them: a relative level a level limit when its group is picked so."""
    if e.kind in _RELATIVE_KINDS and e.who.split(":")[0] in _RELATIVE_GROUPS and e.filter.target_state != "keyword":
        return re.sub(r"(?:lower|higher)-level", "level>=0", e.filter.keyword)
    return e.filter.keyword


def _filter_unplayed(f: Filter) -> str:
    if f.natural:  # (judged for a trigger's event and a typed damage modifier of its own only)
        return "a natural attack roll where the engine does not look at it"
    if not target_state_played(f.target_state):
        return f"'{f.target_state}' is not played"
    if not _state_played(f.self_state):
        return f"'{f.self_state}' is not played"
    return ""


def _event_state_played(state: str) -> bool:
    """A state of an event's creature (target_state_ok's words) the engine judges."""
    if not state or state.startswith(("dtype:", "!dtype:", "save-vs:")):  # ('save-vs:' only after a failed save)
        return True
    if "/" in state or "&" in state:  # (either, both: target_state_ok's lists)
        return all(_event_state_played(part) for part in re.split(r"[/&]", state))
    if state.startswith("gained:"):  # the condition its event put on ('becomes Dazed, Stunned, or Helpless')
        return set(state[7:].split("|")) <= PLAYED_CONDITIONS
    if state.startswith("at:"):  # where an ally stands (its side's victory areas are the power's creature's too)
        return state[3:].split(":")[0] in PLACE_STATES
    return target_state_played(state)


def _state_played(state: str) -> bool:
    """A predicate id of the condition vocabulary that ``holds`` evaluates ('unaffected' only for the power itself,
    by its index)."""
    if "&" in state or "/" in state:  # (both, either: ddm_guild_judge.holds)
        return all(_state_played(part) for part in re.split(r"[&/]", state))
    if state.startswith("!"):
        return _state_played(state[1:])
    if state.startswith("unaffected:") and not state[11:12].isdigit():
        return False
    return state in PLAYED_SELF_STATES or state.split(":")[0] in PLAYED_SELF_STATE_KINDS


def _effect_unplayed(e: Effect, trigger: str, *, attack: bool, action: str = "", own_side: bool = False) -> str:
    if e.kind not in PLAYED_EFFECTS:
        return f"the effect '{e.kind}' is not played"
    if ("affected-by:" in e.filter.target_state or "hit-with:" in e.filter.target_state) and not (
            e.kind == "place" and e.who == "self"):  # (placed beside a creature its own power affects: its own)
        return "targets affected by a named power, for another creature (whose power?)"
    if e.kind == "cleanse" and e.what == "cond:gained":  # 'end that condition': its event's
        if trigger not in CONDITION_EVENTS:
            return "'that condition' with no condition put on"
    elif e.kind == "cleanse" and e.what.startswith("cond:") and not set(e.what[5:].split("|")) <= {
            "*", *PLAYED_CONDITIONS}:
        return f"ending '{e.what[5:]}' is not played"
    if e.kind == "cancel" and trigger != _CANCEL_ON.get(e.what):
        return f"cancelling {e.what} with no such thing under way"
    if e.kind == "scout" and trigger != "setup":
        return "Scout given when no creature sets up"
    if e.kind == "initiative" and trigger != "before-initiative" and e.what != "win":
        return "extra initiative dice when no champion test comes before the round it names"
    if e.kind == "vp" and e.what.startswith("round:each-enemy:"):  # (the target words, from its creature)
        if not target_state_played(e.what[17:]):
            return f"victory points for each enemy '{e.what[17:]}' are not played"
    elif e.kind == "vp" and e.what.startswith("round:") and e.what[6:] not in ROUND_MEASURES:
        return f"victory points the round decides by '{e.what[6:]}' are not played"
    if e.kind == "menu":  # each option played as an effect of the power (the player picks one, ddm-guild.menu)
        for option in e.options:
            for x in option:
                if x.kind == "survive" and trigger == "destroyed" and x.amount > 0:
                    continue  # ('Rise Again: it is not destroyed instead and has 5 HP')
                why = "a choice to survive or to choose again" if x.kind in ("survive", "menu", "choose", "roll") \
                    else _effect_unplayed(x, trigger, attack=attack, action=action)
                if why:
                    return why
        return ""
    if e.filter.keyword and not kinds_known(_relative_read(e)):  # 'an adjacent Immobilized enemy' is no kind
        return f"'{e.filter.keyword}' is no creature kind (the words would reach nobody)"
    if e.gate.target_state:
        why = _filter_unplayed(e.gate)
        if why or (not attack and trigger not in _EVENT_TARGET):
            return why or "an effect that depends on a creature the power does not name"
    if e.kind == "grant":  # the power it gives for a while: played when its words are, as a power of its card
        inner = granted_power(e.what, 0)
        why = inner.unplayed or engine_unplayed(inner)
        if why:
            return why
        if not inner.trigger or inner.attack is not None or e.duration not in PLAYED_DURATIONS or e.who not in (
                "self", "ally", "allies", "self-and-allies", "friends", "chosen-ally", "target"):
            return "a power given for a while that is not a triggered power of its creature"
        if e.who == "target" and (not attack or inner.trigger.startswith(_OTHERS_EVENT) or inner.effects == () or any(
                x.who != "self" for x in inner.effects)):  # (ddm-guild.target-curse: what it does to itself, on its
            return "a power given to the target that is not about the target alone"  # own events)
        after = re.match(r"^whenever [^,:]+[,:] (.+)$", e.what)
        if inner.trigger.startswith(_OTHERS_EVENT) and after and re.search(r"\bit\b", after.group(1)):
            # 'whenever an ally becomes Bloodied, it takes 5 Damage': the card's "it" may be that ally, and the
            # reader's "it" (its "this creature") is the power's creature: which one is not known
            return "'it' after another creature's event (that creature or this one?)"
    if e.kind == "choose" and e.who == "square":  # 'choose a square in line of sight' (for what it makes there)
        return ""
    if e.kind == "switch":  # (ddm-guild.switch)
        if e.who == "target" and not attack:
            return "a target switched with no attack"
        if e.who == "pair":
            return ""
        if e.what == "target" and not attack and trigger not in _EVENT_TARGET and trigger != "chosen":
            return "a switch with 'that creature' with no such creature"
        if e.what == "that-ally" and trigger not in _EVENT_ALLY:
            return "a switch with 'that ally' with no such ally"
        if e.filter.keyword and not kinds_known(e.filter.keyword):
            return f"'{e.filter.keyword}' is no creature kind"
        return ""
    if e.kind == "terrain":  # terrain a power makes for a while (ddm-guild.made-terrain): only what changes sight alone
        if e.what not in SIGHT_ONLY and e.what not in ("sight-limit", "difficult", "river-slippery"):
            return f"{e.what} terrain made by a power is not played"
        if e.extra[:1] == ("area",) and (not attack or trigger):  # (the squares of the area its action aimed)
            return "the squares of an area when no area attack is made"
        if e.who == "square" and trigger != "chosen":
            return "'that square' with no square chosen"
        if e.duration not in ("start-next-turn", "end-next-turn", "end-round", "end-next-round", "battle"):
            return f"terrain made for the duration '{e.duration}' is not played"
        return ""
    if e.kind == "condition" and e.what not in PLAYED_CONDITIONS:
        return f"the condition '{e.what}' is not played"
    if e.kind == "gain" and not gain_played(e.what, static=False):
        return f"gaining '{e.what}' is not played"
    if e.duration and e.duration not in PLAYED_DURATIONS:
        return f"the duration '{e.duration}' is not played"
    if e.kind == "mod" and e.what not in PLAYED_STATS:
        return f"a modifier to {e.what} is not played"
    if e.filter.target_state == "chosen" and trigger not in _EVENT_TARGET and not attack:
        return "'that enemy' with no creature chosen"
    if e.filter.target_state == "seen" and e.kind not in ("choose", "mod"):
        return "a creature it must see, named outside a choice"  # (the pick looks at no target state)
    if e.kind == "choose" and e.who == "chosen-creature" and not e.what:
        return "a choice of any creature (ally or enemy) the engine does not make"
    if e.kind == "mod" and e.duration == "attack" and trigger not in _ON_ATTACK:
        return "'on that attack' with no attack"
    if ("if-hit" in e.extra or "if-miss" in e.extra) and trigger not in _OUTCOME_ON and not (
            "if-bloodies" in e.extra and trigger == "hits"):  # ('after hitting with a {m} attack, if that attack
        return "'if that attack hits' with no attack"  # caused target to become bloodied': once its damage is dealt)
    if e.kind == "mod" and e.duration == "attack" and e.what not in ("attack", "damage") and (
            e.what not in _RUN_DEFENCES or _DEFENCE_ON.get(trigger) != e.who):
        return f"'{e.what} against that attack' for a creature that is not its target before the roll"
    if e.kind == "extra-action" and trigger not in ("", "start-of-turn", "own-turn"):
        return "an extra attack action given outside its own turn"
    if e.kind == "base-type":  # an attack's hit, before the hit's damage is dealt (ddm_guild_attacks._hit)
        return "" if trigger in _HIT_TRIGGERS else "'that attack's base damage' with no hit"
    if e.kind == "cond-swap":  # its own attack's hit, before the hit's effects (ddm_guild_attacks._hit)
        old_c, _, new_c = e.what.partition(">")
        if trigger != "hits" or not {old_c, new_c} <= PLAYED_CONDITIONS:
            return "a condition put instead with no hit of its own attack"
        return ""
    if e.kind == "reduce" and e.what == "taken":  # 'Use when it takes damage: it takes -5 damage': the damage it is
        return "" if trigger == "takes-damage" else "'takes -N damage' with no damage being taken"  # about to lose
    if e.kind in ("negate", "reduce") and trigger not in _NEGATE_ON and (e.kind, trigger) != ("reduce", "crit-by"):
        # (a critical hit scored against it is answered before its damage)
        return f"'{e.kind}' with no attack to change"
    if e.kind == "hit" and trigger not in _HIT_ON.get(e.what, ()) and not (
            "next-attack" in e.extra and e.who == "self" and e.duration == "after-attack"):  # (its next attack's)
        return "'that attack is a hit' with no attack to change"
    if e.kind == "roll" and attack:
        return "a d20 table in an attack's effects"
    if move_mode(e) and ((e.kind != "move" and (e.kind, move_mode(e)) != ("shift", "flight"))
                         or move_mode(e) not in MOVE_MODES):
        return f"moving with {move_mode(e)} is not played"
    if e.kind == "teleport" and e.what == "away" and e.who == "target" and trigger == "missed-by" and not attack:
        return ""  # 'Use when a {m} attack misses this creature: Teleport attacker up to 3 squares' (its attack missed)
    if e.kind == "teleport" and e.what in ("away", "near-self"):  # an attack's target teleported (ddm-guild.teleport)
        return "" if attack and e.who == "target" and not trigger else "a target teleported with no attack"
    if e.kind in ("shift", "move", "teleport") and e.what:
        if e.what not in END_NEAR or e.who != "self":
            return f"a {e.kind} that ends '{e.what}' is not played"
        if e.what in ("end:target", "closer:target") and trigger not in _EVENT_TARGET and e.filter.within != -1 \
                and not (attack and e.what == "closer:target"):
            return "a move beside 'that enemy' with no such enemy"
        if e.what == "end:that-ally" and trigger not in _EVENT_ALLY and e.filter.within != -1:
            return "a move beside 'that ally' with no such ally"
        if e.kind == "shift" and e.amount == 0 and e.what not in ("end:target", "end:that-ally"):
            return "a shift of no length but around a creature"
    if e.kind == "place" and e.what == "in-space:ally" and trigger != "ally-destroyed":
        return "'place it in a square occupied by that ally' with no ally destroyed"
    if e.kind == "place" and e.what == "adjacent:ally" and trigger not in _EVENT_ALLY:
        return "'place it adjacent to that ally' with no such ally"
    if e.kind == "place" and e.what.startswith("adjacent:target") and not attack and trigger not in _EVENT_TARGET:
        return "'place it adjacent to that creature' with no such creature"
    if e.kind == "place" and not e.what.startswith("adjacent:") and (attack or trigger in _ON_ATTACK) and not (
            e.what == "beside:self" and e.who == "target" and attack and not trigger):  # (its own attack's rider on
        # its target: 'place target in any square adjacent to this creature', once that attack's roll is resolved)
        return "a placement while an attack is resolved (does the attack still reach it?)"
    if e.kind == "redirect" and trigger not in _REDIRECT_ON.get(e.who, ()):
        return "'redirect' with no attack to give away"
    if e.kind == "redirect" and e.who == "lowest-in-reach":
        return ""
    if any(x.startswith("crit-amount:") for x in e.extra) and trigger not in _CRIT_KNOWN_ON:
        return "'instead on a critical hit' with no hit whose critical is known"
    if e.kind == "heal" and trigger == "setup" and "over" not in e.extra:  # 'during setup: an Undead ally gains 20
        return "hit points gained at set-up, where a heal does nothing (above its maximum?)"  # HP' (none lost yet)
    if e.kind == "max-hp" and trigger != "setup":
        return "new maximum hit points other than at set-up"
    if e.kind == "share" and trigger not in _SHARE_ON.get((e.what, e.who), ()):
        return "damage shared with no damage of an ally to share"
    if e.kind == "reroll" and trigger not in _REROLL_ON.get(e.what, ()):
        return "a reroll the engine does not offer"
    flt = e.filter
    if e.kind == "gain" and flt.target_state.startswith("at:"):  # a gain's group: those standing there
        if not _event_state_played(flt.target_state):
            return f"'{flt.target_state}' is not played"
        flt = replace(flt, target_state="")
    why = _filter_unplayed(flt)
    if why:
        return why
    if (e.filter.within == -2 or "of-target" in e.extra or "other" in e.extra) and not attack \
            and trigger not in _EVENT_TARGET:
        return "creatures next to 'that creature' with no such creature"
    if e.filter.target_state.startswith("near-event:"):  # 'each enemy within 3 squares of that ally'
        if e.kind not in PLACED_KINDS or e.who.split(":")[0] not in ("enemies", "allies", "all", "chosen-enemy",
                                                                      "chosen-ally"):
            return "creatures near 'that creature' for an effect the engine does not so place"
        if trigger not in (_EVENT_ALLY if e.filter.target_state.endswith(":ally") else _EVENT_TARGET):
            return "creatures near 'that creature' with no such creature"
    who = e.who.split(":")[0]
    if who in ("chosen-allies", "chosen-enemies"):
        return ""
    if who == "target" and not attack and trigger not in _EVENT_TARGET:
        return "an effect on 'that creature' with no such creature"
    if who == "ally" and trigger not in _EVENT_ALLY:
        return "an effect on 'that ally' with no such ally"
    if who not in _GROUP_WHO and who not in ("target", "ally"):
        return f"an effect on '{e.who}' is not played"
    if e.kind == "attack" and who not in _ALLY_ATTACKERS and not (own_side and who == "target") and not (
            attack and who == "target" and ("dominated" in e.extra or "itself" in e.extra)):  # (its target turned:
        return "an attack by someone else"  # ddm-guild.turned-attack)
    if e.kind == "attack" and e.what == "same" and not attack and (who != "self" or trigger not in _SAME_ON):
        return "'this attack again' with no attack of its own just made"
    if e.kind == "attack" and e.what.startswith("power:"):
        return ""  # checked against the card when the power is used
    if e.kind == "attack" and e.what == "followup" and e.follow is not None:
        for group in (e.follow.hit, e.follow.miss, e.follow.always, e.follow.crit):
            for sub in group:
                why = _effect_unplayed(sub, trigger, attack=True)
                if why:
                    return why
                if sub.gate.target_state and group is not e.follow.hit:
                    return "a rider that depends on the target outside a hit"
    return ""




# events of any creature whose creature is the call's target (the attacker of 'any-hits', the creature whose turn
# starts): a champion power (its player's choice) that helps that creature helps its own side's only
# (ddm_guild_triggers.fire; profile ddm-guild.champion-events)
ANY_EVENTS: Final = frozenset({"any-hits", "any-bloodied", "any-damaged", "any-starts-turn"})
# ... of which those on which 'that creature' is an ally's (an attack it makes: an ally's attack)
_OWN_SIDE_ON: Final = frozenset({"any-damaged", "any-bloodied", "any-starts-turn"})
# what a creature may be given that only helps it ('That creature has Flight until end of its turn')
_HELPFUL_GAINS: Final = frozenset({"flight", "insubstantial", "phasing", "conceal", "resist", "immune"})


def helps_event_creature(p: Power) -> bool:
    """Every effect of ``p`` helps its event's creature: more damage on its attack, a bonus to it, an attack it
    makes, hit points it heals, a move of its own, Flight or Invisible for a while."""
    return bool(p.effects) and all(
        (e.kind == "mod" and e.duration == "attack" and e.amount > 0)
        or (e.who == "target" and ((e.kind == "mod" and e.amount > 0) or e.kind in ("attack", "heal", "move")
                                   or (e.kind == "gain" and e.what.split(":")[0] in _HELPFUL_GAINS)
                                   or (e.kind, e.what) == ("condition", "invisible")))
        for e in p.effects)


def harms_event_creature(p: Power) -> bool:
    """Every effect of ``p`` falls on its event's creature and harms it: a condition (not Invisible), damage, ongoing
    damage, a penalty (a champion power of that kind harms enemies only: 'Use when any creature takes cold damage:
    That creature is Immobilized')."""
    return bool(p.effects) and all(
        e.who == "target" and (e.kind in ("damage", "ongoing") or (e.kind == "condition" and e.what != "invisible")
                               or (e.kind == "mod" and e.amount < 0))
        for e in p.effects)


# states of where a creature stands (_holds_place judges them for any creature)
PLACE_STATES: Final = frozenset({"adjacent-wall", "in-terrain", "adjacent-terrain", "in-victory-area",
                                 "adjacent-wall-or-terrain", "in-terrain-all", "adjacent-enemy"})
# the states a creature's 'X while <state>' may name: those that change only when a creature moves, leaves the battle
# map or its hit points change (refresh_while runs then)
# (and at the start of every turn: 'unseen-by-ally' also changes with the conditions that take sight away)
WHILE_STATES: Final = frozenset({"bloodied", "not-bloodied", "damaged", "adjacent-wall", "in-terrain", "in-terrain-all",
                                 "adjacent-terrain", "in-victory-area", "adjacent-enemy", "no-adjacent-enemy",
                                 "adjacent-enemies-only", "adjacent-enemies-min", "no-adjacent-creature",
                                 "no-enemy-within", "no-ally-within", "adjacent-ally", "near-ally", "ally-in-play",
                                 "unseen-by-ally", "no-ally-left", "own-turn"})
# what it may have while such a state holds ('destroyed': it is destroyed as soon as the state holds)
WHILE_GAINS: Final = frozenset({"invisible", "invisible-far", "hide", "conceal", "reach", "resist", "flight", "immune",
                                "insubstantial", "phasing", "immobilized", "slowed", "dazed", "weakened",
                                "destroyed", "no-move", "attack-bloodied-only"})


def while_state_played(state: str) -> bool:
    if "&" in state or "/" in state:  # (both, either, its opposite: ddm_guild_judge.holds)
        return all(while_state_played(part) for part in re.split(r"[&/]", state))
    kind, _, arg = state.removeprefix("!").partition(":")
    return kind in WHILE_STATES and not arg.startswith("cond:")


def made_on_charge(p: Power) -> bool:
    """'(only on charge) Make 2 {b} attacks', 'Usable on charge. Make 2 {b} attacks against the same target': melee
    basic attacks against the charge's target, made as the charge's attack (GuildState.charge_powers)."""
    made = [e for e in p.effects if e.kind == "attack"]
    return bool(p.attacks_made) and p.requirement == "charge" and not p.approach and len(made) == 1 \
        and len(p.effects) == 1 and made[0].who == "self" and made[0].what in ("basic", "melee-basic") \
        and not made[0].extra and made[0].filter == NO_FILTER


# the events of another creature than the power's own
_OTHERS_EVENT: Final = ("ally-", "enemy-", "any-", "friend-")
# a clause of the printed text whose subject is a bare "it" (not the card's "this creature")
_PRINTED_IT: Final = re.compile(r"[.,;:]\s*[Ii]t (?:takes|has|gains|heals|is|makes|shifts|moves|can)\b")


def granted_power(words: str, index: int) -> Power:
    """The triggered power an effect gives its creature for a while ('whenever an enemy hits it ...'), read as a
    printed power would be (read once: the reader's cache is keyed by the words, the index is this effect's)."""
    return replace(parse_power(0, "special", words), index=index)
