"""DDM Guild powers: what a power does, read into typed effects and statics.

Keyword abilities and what is always true of a creature (:class:`Static`: Resist, Immune, Reach, Conceal, auras,
modifiers while a state holds), a power's effects clause by clause (:class:`Effect`: damage, ongoing damage,
conditions, forced movement, shifts, heals, modifiers, extra attacks, victory points, rerolls, rolled tables),
riders that depend on the target ("+15 damage if the target is bloodied", "a dazed target is stunned instead")
and placement ("place this creature" [where]). Used by ``ddm_guild_powers`` and ``ddm_guild_events``, which read
attacks, triggers and whole powers; a clause it cannot read raises :class:`_Unread` with its words.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from simulate.games.ddm_guild_rules import COMBAT_ADVANTAGE, SHIFT_SQUARES
from simulate.games.ddm_guild_vocab import (
    CONDITIONS,
    DAMAGE_TYPES,
    PLACED_KINDS,
    SIZES,
    Effect,
    Filter,
    Static,
    _Unread,
)
from simulate.games.ddm_guild_words import (
    _CONDITION_NAMES,
    _FORMS,
    _RECHARGE_EFFECT,
    _TRAILING_DURATION,
    _TYPE_ALT,
    _condition,
    _duration,
    _event_kinds,
    _leading_duration,
    _mod_condition,
    _modifier,
    _split_duration,
    _subject,
    _target_words,
    _words_to_int,
    kinds_known,
)

# --- statics (keyword abilities) -------------------------------------------------------------------------------

# 'Sneak Attack N': +N damage against a target granting combat advantage, unless it has 'Immune Sneak Attack' (its own
# keyword, or given by an aura: 'All creatures in aura gain Immune Sneak Attack')
SNEAK_TARGET: Final = "ca&!sneak-immune"

# Keyword abilities that are their words alone ("Phasing", "Towering", "Immune Flanking"): the static each is.
_PLAIN_STATICS: Final = {
    "flight": "flight", "flying": "flight", "phasing": "phasing", "insubstantial": "insubstantial",
    "insubstantial phasing": "insubstantial+phasing", "insubstantial, phasing": "insubstantial+phasing",
    "stable footing": "stable-footing", "forest walk": "forest-walk", "forestwalk": "forest-walk", "swarm": "swarm",
    "towering": "towering", "can occupy statue terrain": "statue-ok", "may occupy statue terrain": "statue-ok",
    "immune flanking": "no-ca-from-flank", "cannot be flanked": "no-ca-from-flank",
    "does not grant combat advantage when flanked": "no-ca-from-flank", "awareness": "awareness",
    # (Awareness's own words: 'Pin Down: Can make opportunity attacks against enemies for shifting out of an adjacent
    # square')
    "can make opportunity attacks against enemies for shifting out of an adjacent square": "awareness",
    "never grants combat advantage": "defensive-advantage", "defensive advantage": "defensive-advantage",
    "defensive mobility": "defensive-mobility", "scout": "scout", "wandering monster": "wandering",
    "shifty": "shifty", "ponderous": "ponderous", "hide": "hide",
}

_STATIC_PATTERNS: Final = (
    (re.compile(r"^resist (\d+) (all|" + _TYPE_ALT + r")(?: and (?:resist )?(\d+) (" + _TYPE_ALT + r"))?$"), "resist"),
    (re.compile(r"^resist (\d+) (" + _TYPE_ALT + r")(?: and|,) (" + _TYPE_ALT + r")$"), "resist2"),
    (re.compile(r"^vulnerable (\d+) (all|" + _TYPE_ALT + r")$"), "vulnerable"),
    (re.compile(r"^vulnerable (" + _TYPE_ALT + r") (\d+)$"), "vulnerable-type-first"),
    (re.compile(r"^resist (" + _TYPE_ALT + r") (\d+)$"), "resist-type-first"),
    # "Blind" (the keyword alone, as two cards print it) is what the others spell out
    (re.compile(r"^(?:blind|immune to attack actions and special powers with gaze in (?:their|its) names?)$"), "gaze"),
    (re.compile(r"^immune (?:to )?sneak attacks?$"), "own:immune-sneak"),
    # 'Mindless: Immune to attack that target DEF(Will)' (the Object's second half, said alone)
    (re.compile(r"^(?:it is )?immune to attacks? (?:which|that) targets? will$"), "own:no-will-attacks"),
    # 'Gloomsight: Ignores smoke terrain', 'Cloaking Shadow: Whenever it is not this creature's turn: this creature's
    # space is smoke terrain' (profile ddm-guild.made-terrain)
    (re.compile(r"^ignores smoke(?: terrain)?$"), "own:ignores-smoke"),
    # 'Powerful Shot: Smoke and forest terrain do not block line of sight for this creature' (its own sight)
    (re.compile(r"^smoke and forest terrain do not block (?:line of sight|its line of sight) for it$"),
     "own:ignores-smoke+forest-sight"),
    (re.compile(r"^whenever it is not its turn:? its space is smoke(?: terrain)?$"), "own:smoke-space"),
    (re.compile(r"^while it is on the battle ?map,? line of sight is limited to (?P<n>\d+) squares$"),
     "own:sight-limit"),
    # 'Waterbound: Treats non-river terrain as difficult terrain' (no map has river terrain: every square,
    # ddm-guild.stand-in-terrain)
    (re.compile(r"^treats non-river terrain as difficult terrain$"), "own:all-difficult"),
    (re.compile(r"^its \{r\} attacks ignore forest(?: terrain)?$"), "own:ranged-ignores-forest"),
    (re.compile(r"^immune ([a-z ,]+?)$"), "immune"),
    (re.compile(r"^reach (\d+)$"), "reach"),
    (re.compile(r"^burrow(?: \d+)?$"), "burrow"),
    (re.compile(r"^conceal (\d+)$"), "conceal"),
    (re.compile(r"^blindsight(?: \d+)?$"), "blindsight"),
    (re.compile(r"^(?:delayed appearance[.:]? )?(?:it |this creature )?(?:must )?starts? (?:the battle )?off the "
                r"battle ?map(?:\. place it in your start area or in any unoccupied victory area at the start of a "
                r"round after the first| during your set-?up)?$"), "delayed"),
    (re.compile(r"^(?:it )?can shift (?:up to )?(\d+) squares?(?: instead of 1)?$"), "shift-distance"),
    (re.compile(r"^(?:it )?moves up to (\d+) squares when it shifts(?: instead of 1)?$"), "shift-distance"),
    (re.compile(r"^keen critical (\d+)$"), "keen-critical"),
    # criticals: "Scores critical hits on natural 19-20", "Triple damage on critical hits", "+10 Damage on criticals"
    (re.compile(r"^(?:it )?scores? critical(?: hit)?s? on (?:a )?(?:attack )?(?:rolls? of )?natural (\d+)"
                r"(?:-20| or 20|\+)$"), "keen-critical"),
    # ... with some attacks or against some targets: 'Keen Critical 19 on {r} attacks', 'with {m} attacks on rolls of
    # natural 19-20', 'on attack rolls of natural 18-20 against bloodied targets'
    (re.compile(r"^(?:keen critical (?P<k>\d+) on (?P<f1>\{m\}|\{r\}) attacks|(?:it )?scores? critical(?: hit)?s? "
                r"(?:with (?P<f2>\{m\}|\{r\}) attacks )?on (?:a )?(?:attack )?(?:rolls? of )?natural (?P<n>\d+)"
                r"(?:-20| or 20|\+)(?: with (?P<f3>\{m\}|\{r\}|\{c\}|\{a\})(?: and (?P<f4>\{m\}|\{r\}|\{c\}|\{a\}))? "
                r"attacks)?(?P<vs> against .+)?(?P<ws> (?:whenever|while|when) .+)?)$"), "keen-when"),
    (re.compile(r"^(?:its (?P<form>\{m\}|\{r\}) attacks )?(?:deals? )?triple damage (?:instead of double damage )?"
                r"(?:on|whenever scoring) (?:a )?critical(?: hit)?s?(?: with (?:an? )?(?P<form2>\{m\}|\{r\}) "
                r"attacks?)?$"), "crit-multiplier"),
    (re.compile(r"^\+(\d+)(?: (" + _TYPE_ALT + r"))? damage on critical(?: hit)?s$"), "crit-damage"),
    (re.compile(r"^multi-?activation (\d+)$"), "multi-activation"),
    (re.compile(r"^\+(\d+) (ac|fort|ref|will|def|defenses)$"), "defence"),
    (re.compile(r"^sneak attack (\d+)$"), "sneak"),
    (re.compile(r"^bloodrage(?: (\d+))?$"), "bloodrage"),
    (re.compile(r"^bloodthirsty(?: (\d+))?$"), "bloodthirsty"),
    (re.compile(r"^powerful charge(?: (\d+))?$"), "powerful-charge"),
    (re.compile(r"^regeneration (\d+)$"), "regeneration"),
    # ('Octaped: Never pays extra MP for entering terrain'; 'Nature's Step: ... difficult, forest, and river terrain':
    # forest is difficult terrain, ddm-guild.terrain-kinds, and no map has river terrain, ddm-guild.stand-in-terrain)
    (re.compile(r"^(?:ignores the (?:extra|additional) cost (?:for|of) entering difficult terrain|difficult "
                r"terrain does not affect its movement|moves normally through difficult terrain|(?:it )?ignores "
                r"additional movement costs due to terrain|(?:it )?never pays (?:additional|extra) mp(?: cost)? for "
                r"entering terrain|ignores the (?:extra|additional) movement cost to enter difficult terrain|ignores "
                r"the (?:extra|additional) cost for entering difficult, forest,? and river terrain)$"),
     "stable-footing"),
    # 'Ice Walker: ... Ignores slippery terrain': no map has slippery terrain and no power the engine plays makes it
    # (ddm-guild.stand-in-terrain), so there is none to ignore; 'Monolithic: May not enter squares occupied by allies'
    (re.compile(r"^(?:it )?ignores slippery terrain$"), "own:ignores-slippery"),
    # 'Minotaur Resilience: Considered bloodied at one-third of its starting HP, instead of one-half' (rounded down, as
    # the half is: ddm-guild.bloodied)
    (re.compile(r"^(?:it is )?considered bloodied at one-third of its starting hp,? instead of one-half$"),
     "bloodied-third"),
    (re.compile(r"^(?:it )?(?:may|can) not enter (?:squares|spaces) occupied by allies$"), "own:no-ally-squares"),
    (re.compile(r"^not (?:affected by|subject to) (?:enemies' )?(?:push, pull,? (?:or|and) slide|forced[- ]movement) "
                r"effects(?: of enemies)?$|^ignores push, pull,? and slide effects$"), "unmovable"),
    (re.compile(r"^can (?:move|pass) through (?:squares|spaces) occupied by enemies$"), "inexorable"),
    # 'Can move after charging' (its move action is left after a charge), 'May take other actions on its turn after
    # charging' (its move and minor actions)
    (re.compile(r"^(?:can|may) move after charging$"), "move-after-charge"),
    (re.compile(r"^(?:can|may) take other actions (?:on its turn )?after charging$"), "act-after-charge"),
    # 'Stomp: Can move through spaces occupied by Large or smaller enemies' (never to stop there, as Towering)
    (re.compile(r"^can (?:move|pass) through (?:squares|spaces) occupied by (?P<size>small|medium|large|huge) or "
                r"smaller enemies$"), "through-size"),
    (re.compile(r"^can move through (?:enemies|an enemy's space(?:,? but must end its move in a legal position)?)$"),
     "inexorable"),  # (where it may end is the rules': ddm-guild.moving)
    # 'Not affected by Confused, Dazed, and Dominated effects': immune to those conditions
    (re.compile(r"^not affected by (?P<conds>(?:[a-z]+(?:,? and |,? or |, ))*[a-z]+)(?: effects)?$"), "unaffected"),
    # 'Resist 5 All vs. melee attacks'
    (re.compile(r"^resist (?P<n>\d+) all vs\.? (?P<f>melee|ranged) attacks$"), "resist-form"),
    (re.compile(r"^(?:takes )?half damage from (?:\{m\} and \{r\}|melee and ranged) attacks$"), "swarm"),
    (re.compile(r"^resist (\d+) all vs\.? critical hits$|^-(\d+) damage (?:vs\.?|from|against) critical hits$"),
     "resist-crit"),  # 'Fortified 10: -10 damage vs. critical hits': less damage from a critical hit on it
    (re.compile(r"^takes half damage from \{r\} attacks$"), "half-ranged"),
    # 'Perception: Ignores cover, Invisible and Conceal on nearest target within 10 squares': against the nearest enemy
    # only, within those squares (ddm_guild_state.Battle.nearest_sense)
    (re.compile(r"^ignores cover, invisible,? and conceal on (?:the )?nearest (?:target|enemy) within (?P<n>\d+) "
                r"squares$"), "own:no-cover-nearest+sees-invisible-nearest+ignores-conceal-nearest"),
    (re.compile(r"^at (?:the )?start of (?:the )?battle, its (?P<names>.+?) (?:counts?|are|is) (?:as )?"
                r"(?:used|spent)$"), "spent-at-start"),
    # a champion rating added to its attack rolls ('Add the champion rating of an Orc ally within 5 squares to this
    # creature's attack rolls', 'Add your warband's highest Champion rating to this creature's {m} attack rolls')
    (re.compile(r"^add (?:the champion rating of an? (?P<k>[a-z\-]+) ally within (?P<n>\d+) squares|your warband's "
                r"highest champion rating) to its (?:(?P<f>\{m\}|\{r\}) )?attack rolls$"), "rating-mod"),
    # against an attacker far away ('Whenever attacked by a creature that is 7 or more squares away: Resist 10 All
    # instead of Resist 5 All vs. that attack', '... by an enemy 7 or more squares away: This creature takes half
    # damage from that attack'): gains of its own, which an attack's damage reads (ddm_guild_damage.deal_damage)
    (re.compile(r"^whenever (?:it is )?attacked by (?:a creature|an enemy)(?: that is)? (?P<n>\d+) or more squares "
                r"away: (?:resist (?P<r>\d+) all instead of resist \d+ all vs\.?|it takes half damage from) that "
                r"attack$"), "far-attacker"),
    (re.compile(r"^(?:it )?(?:cannot|can't|may not) make opportunity attacks$"), "no-opportunity"),
    (re.compile(r"^(?:it is )?never considered bloodied$"), "never-bloodied"),
    (re.compile(r"^(?:it )?heals (?P<n>\d+) hp (?:each time an effect would deal (?P<t>" + _TYPE_ALT + r") damage to "
                r"it|whenever (?P<t3>" + _TYPE_ALT + r") damage would be dealt to it)$"
                r"|^whenever it would take (?P<t2>" + _TYPE_ALT + r") damage[,:] it heals (?P<n2>\d+) hp instead$"),
     "absorb"),
    # what it always has, in the gain vocabulary (the engine keeps it with what it has while a state holds):
    # 'Invisible' (the keyword alone), 'Stationary: Cannot move; not affected by forced-movement effects', 'Object: Does
    # not score VP for occupying one of your victory areas; immune to attacks which target Will'
    (re.compile(r"^invisible$"), "own:invisible"),
    (re.compile(r"^(?:stationary[.:]? )?cannot move(?:;|,| and) (?:it is )?not (?:affected by|subject to) forced[- ]"
                r"movement effects$"), "own:no-move+immune"),
    (re.compile(r"^(?:object[.:]? )?does not score (?:vp|victory points)s? for occupying (?:one of your |a )?victory "
                r"areas?(?:;|,| and) (?:it is )?immune to attacks? (?:which|that) targets? will$"),
     "own:no-area-vp+no-will-attacks"),
    # 'Plodding: Cannot charge and cannot use more than 1 move action each round'
    (re.compile(r"^cannot charge(?: and|;|,) (?:can only take|cannot use more than|may (?:only )?take only|may only "
                r"take) (?:1|one) move actions?(?: on its turn| each round| each turn| per turn)$"),
     "own:no-charge+one-move"),
    # 'Determined: Makes saving throws at the start of its turn instead of at the end'; 'Stubborn: ... at the start and
    # end of each of its turns'
    (re.compile(r"^(?:it |its )?makes saving throws at (?:the )?start of its turn,? instead of at (?:the )?end"
                r"(?: \(immediately after take damage phase\))?$"), "own:save-at-start+no-end-save"),
    (re.compile(r"^(?:it )?(?:makes|rolls) saving throws at the start and end of each of its turns$"),
     "own:save-at-start"),
    # 'Evasion: Never takes damage from a missed attack'
    (re.compile(r"^(?:it )?(?:never takes damage from a missed attack|takes no damage from attacks that miss)$"),
     "own:no-miss-damage"),
    # 'Woodland Stride: Ignores the additional cost for moving in forest terrain'
    (re.compile(r"^(?:does not pay the extra cost for entering|ignores the (?:additional|extra) cost for (?:moving in|"
                r"entering)) forest terrain$"), "forest-walk"),
    # 'Forest terrain does not affect this creature's movement' (and river terrain: none on the stand-in maps,
    # ddm-guild.stand-in-terrain)
    (re.compile(r"^forest(?: and river)? terrain (?:does|do) not affect its movement$"), "forest-walk"),
    # senses: 'Ignores Invisible', 'Ignores Conceal', 'Tremorsense: Ignores Conceal on creatures without Flight and
    # treats invisible creatures without Flight as visible', 'Blindsight against creatures without Flight', 'Keen
    # Hearing 6: Ignores Conceal and Invisible vs. enemies within 6 squares'
    (re.compile(r"^ignores invisible$"), "own:sees-invisible"),
    (re.compile(r"^ignores conceal$"), "own:ignores-conceal"),
    (re.compile(r"^ignores invisible(?:;|,| and) ignores conceal$|^ignores conceal(?:;|,| and) ignores invisible$"),
     "blindsight"),  # the words Blindsight's own reminder prints
    (re.compile(r"^(?:ignores conceal on creatures without flight(?:;|,| and) treats invisible creatures without "
                r"flight as visible|blindsight against creatures without flight)$"),
     "own:sees-invisible-ground+ignores-conceal-ground"),
    (re.compile(r"^ignores conceal and invisible vs\.? enemies within (?P<n>\d+) squares\)?$"),
     "own:sees-invisible+ignores-conceal"),
    # 'Tumble: This creature's movement does not provoke opportunity attacks on its turn', 'never provokes opportunity
    # attacks while moving'
    (re.compile(r"^(?:its movement does not provoke opportunity attacks(?: on its turn)?|(?:it )?never provokes "
                r"opportunity attacks while moving)$"), "own:no-provoke"),
    # 'Million Maggots: Never provokes opportunity attacks' (neither by moving nor by its attacks), 'Spellsong: Does not
    # provoke opportunity attacks with {r} attacks', 'Deliberate: May not charge'
    (re.compile(r"^(?:it )?never provokes opportunity attacks$"), "own:no-provoke+attacks-no-provoke"),
    (re.compile(r"^(?:it )?does not provoke opportunity attacks with (?:its )?\{r\} attacks$"),
     "own:ranged-no-provoke"),
    (re.compile(r"^(?:it )?(?:may not|cannot|can't|can not) charge$"), "own:no-charge"),
    # 'Divinian: Takes no extra damage from critical hits': a critical hit on it deals a normal hit's damage
    (re.compile(r"^(?:it )?takes no extra damage from critical hits$"), "own:no-crit-damage"),
    # 'Mighty: Makes 2 saving throws against each effect and condition that a save can end at end of each of its turns'
    (re.compile(r"^(?:it )?makes (?:2|two) saving throws against each effect and condition that a save can end at "
                r"(?:the )?end of each of its turns$"), "own:two-saves"),
    # 'The Hand of Vecna: Takes 1 extra minor action on each of its turns'
    (re.compile(r"^(?:it )?takes (?:1|one|an) (?:extra|additional) minor action (?:on )?each of its turns$"),
     "own:extra-minor"),
    # 'Simple Thinker: This creature must make opportunity attacks when it can' (the engine makes every one it can)
    (re.compile(r"^(?:it )?must make opportunity attacks when it can$"), "own:must-oa"),
    # 'Terrain Mastery: Counts as occupying a victory area while adjacent to that victory area'
    (re.compile(r"^(?:it )?counts as occupying a victory area while adjacent to (?:that|a) victory area$"),
     "own:area-adjacent"),
    # 'Sharpshooter: Enemies do not provide cover against this creature's {r} attacks'; 'Creatures and terrain ...'
    (re.compile(r"^enemies do not provide cover against its \{r\} attacks$"), "own:no-enemy-cover"),
    (re.compile(r"^creatures and terrain do not provide cover against its \{r\} attacks$"), "own:no-cover"),
    # 'Threatening Reach: Can make opportunity attacks against enemies (for moving out of squares) within reach'
    (re.compile(r"^(?:it )?can make opportunity attacks against enemies (?:for moving out of squares )?within "
                r"(?:its )?reach$"), "own:threatening-reach"),
    (re.compile(r"^(?:it )?does not grant combat advantage to enemies for flanking$"), "no-ca-from-flank"),
    # 'Uncontrolled: Never considered to flank enemies'; 'Bound: Cannot take attack actions and does not provide
    # flanking to allies' (it is no flanker: neither its attacks nor its allies' gain combat advantage by it)
    (re.compile(r"^(?:it is )?never considered to flank(?: enemies)?$"
                r"|^(?:it )?does not provide flanking(?: to allies)?$"), "own:no-flanker"),
    (re.compile(r"^(?:it )?cannot take attack actions(?:,| and|;) (?:it )?does not provide flanking(?: to allies)?$"),
     "own:no-attack-action+no-flanker"),
    # 'You score double VP for the first enemy this creature eliminates' (its points once more, profile
    # ddm-guild.elimination-points)
    (re.compile(r"^you score double (?:vp|victory points) for the first enemy it (?:eliminates|destroys)$"),
     "own:first-kill-double"),
    # 'Slow Reload: Can't make a {r} attack and move on the same turn'
    (re.compile(r"^(?:it )?(?:can't|cannot) make an? \{r\} attack and move (?:on|in|during) the same turn$"),
     "own:slow-reload"),
    # 'Thick-Skinned: Automatically succeeds on saves to end ongoing damage'
    (re.compile(r"^(?:it )?automatically succeeds on sav(?:es|ing throws) (?:to end|against) ongoing damage$"),
     "own:auto-save-ongoing"),
    (re.compile(r"^(?:it )?automatically succeeds on (?:all )?sav(?:es|ing throws)$"), "own:auto-save"),
    (re.compile(r"^attacks against it are automatic hits$"), "own:hit-automatically"),
    # 'Immune {r} attacks' (no ranged attack may target it), 'Webcrawler: Ignores the Immobilized condition; is never
    # considered to be Immobilized' (immune to it), 'Enemies flanking this creature do not have combat advantage
    # against it' (Immune Flanking's words)
    (re.compile(r"^immune (?:to )?\{r\} attacks$"), "own:untargetable-ranged"),
    (re.compile(r"^(?:it )?ignores the (?P<conds>[a-z]+) condition(?:;|,| and) (?:it )?is never considered to be "
                r"[a-z]+$"), "unaffected"),
    (re.compile(r"^enemies flanking it do not have combat advantage against it$"), "no-ca-from-flank"),
    (re.compile(r"^(?:it )?moves as if with flight on its turn$"), "hop"),  # 'Hop': Flight on its turn
    (re.compile(r"^(?:it is )?invisible during its turn$"), "hop"),  # ('Invisible during its turn')
    # 'This creature's {m} attacks ignore Insubstantial'; 'its {r} attacks do not provoke opportunity attacks'
    (re.compile(r"^its (?:(?P<f>\{m\}) )?attacks ignore insubstantial$"), "own-form:ignores-insubstantial"),
    (re.compile(r"^(?:it )?ignores insubstantial with (?:its )?(?P<f>\{m\}) attacks$"),
     "own-form:ignores-insubstantial"),
    # 'Focused: Enemies cannot redirect this creature's attacks'
    (re.compile(r"^enemies (?:cannot|can't|may not) redirect its attacks$"), "own:no-redirect"),
    # 'Keen Eyes: Whenever this creature has combat advantage: +3 attack instead of +2' (the rules' +2 replaced)
    (re.compile(r"^whenever it has combat advantage: \+(?P<n>\d+) attack instead of \+(?P<was>\d+)$"), "ca-attack"),
    # 'Combustible: Opponent scores 7 VP instead of this creature's point cost if it is destroyed by a {c} or {a}
    # attack' (the points its destruction by such an attack is worth)
    (re.compile(r"^(?:your )?opponent scores (?P<n>\d+) vp instead of its (?:point )?cost if it is destroyed by an? "
                r"(?P<f>\{c\} or \{a\}|\{[mrca]\}) attack$"), "worth-by"),
    # 'Trophy: Opponent scores +25 VP if this creature is destroyed by an enemy of level 10 or lower', 'Universally
    # Hated: Worth +5 VP if destroyed by a level 9 or lower enemy': points more than its cost, from such an enemy
    (re.compile(r"^(?:(?:your )?opponent scores \+(?P<n>\d+) vp if it is destroyed by an enemy of level (?P<lv>\d+) "
                r"or lower|(?:it is )?worth \+(?P<n2>\d+) vp if destroyed by a level (?P<lv2>\d+) or lower enemy)$"),
     "worth-more"),
    # 'Prideful: Attacks against this creature may not be redirected'
    (re.compile(r"^attacks against it (?:cannot|can't|may not|can not) be redirected$"), "own:no-redirect-away"),
    (re.compile(r"^its \{r\} attacks do not provoke opportunity attacks$"), "own:ranged-no-provoke"),
    # 'This creature ignores the Slowed and Immobilized conditions and is never considered to be Slowed or Immobilized'
    (re.compile(r"^(?:it )?ignores the (?P<conds>[a-z]+ and [a-z]+) conditions and is never considered to be [a-z]+ or "
                r"[a-z]+$"), "unaffected"),
    # 'This creature is invisible to enemies 5 or more squares distant', 'Enemies 6 or more squares away from it cannot
    # trace line of sight to it'
    (re.compile(r"^(?:it is )?invisible to (?:enemies|creatures) (?P<n>\d+) or more squares? (?:distant|away)$"
                r"|^enemies (?P<n2>\d+) or more squares away from it cannot trace line of sight to it$"),
     "own:invisible-beyond"),
    (re.compile(r"^unaffected by auras of enemies$"), "own:no-enemy-auras"),
    (re.compile(r"^(?:it is )?always considered bloodied$"), "always-bloodied"),
    # 'This creature is treated as having a Champion rating of 4 for determining initiative', 'Treated as CR 0 when
    # determining initiative'
    (re.compile(r"^(?:it is )?treated as (?:having a champion rating of |cr )(?P<n>\d+) (?:for|when) determining "
                r"initiative$"), "initiative-rating"),
    # 'Elven Step: Ignores the extra cost for entering difficult terrain while shifting'
    (re.compile(r"^ignores (?:the extra cost for entering )?difficult terrain (?:when|while) shifting$"),
     "own:shift-stable"),
    # 'This creature has the Dragonne keyword if it has Dragonne allies in its warband', 'This creature is Evil if
    # there are Evil creatures in your warband': what its warband makes of it, at set-up
    (re.compile(r"^(?:it )?has the (?P<k>[a-z\-]+) keyword if it has (?P=k) allies in (?:its|your) warband$"), "kin"),
    # 'Primal Evil: Wolf and Beast allies have Evil alignment' (its allies of those kinds, at set-up)
    (re.compile(r"^(?P<k>[a-z\-]+(?: and [a-z\-]+)*) allies (?:have|are) (?P<a>good|evil)(?: alignment)?$"),
     "ally-alignment"),
    # 'Shapeshifters in your warband with the Stealth keyword gain the Aquatic keyword until end of battle' (its side's
    # creatures of those kinds, itself too, at set-up)
    (re.compile(r"^(?P<k>[a-z\-]+?)s? in your warband with the (?P<k2>[a-z\-]+) keyword gain the (?P<kw>[a-z\-]+) "
                r"keyword(?: until end of battle)?$"), "warband-keyword"),
    # 'Dwarf creatures in your warband gain the Elf keyword and Elf creatures in your warband gain the Dwarf keyword'
    (re.compile(r"^(?P<k>[a-z\-]+) creatures in your warband gain the (?P<kw>[a-z\-]+) keyword and (?P<k3>[a-z\-]+) "
                r"creatures in your warband gain the (?P<kw3>[a-z\-]+) keyword$"), "warband-keyword"),
    (re.compile(r"^(?:it is (?P<a>good|evil) i[fs] there are (?P=a) creatures in your warband|if your warband contains "
                r"an? (?P<a2>good|evil) creature, it is (?P=a2))$"), "kin"),
    # 'Bloodseeker: Has combat advantage against bloodied enemies' (the target words of the modifiers)
    (re.compile(r"^(?:it )?(?:always )?(?:has )?combat advantage (?:against|vs\.?) (?P<t>.+)$"), "ca-vs"),
    (re.compile(r"^(?P<t>enemies .+?) grant combat advantage to it$"), "ca-vs"),
    # 'Pack Tactics: Enemies grant combat advantage to this creature whenever they are adjacent to an ally of it'
    (re.compile(r"^enemies grant combat advantage to it (?:whenever|while|when) they are (?P<t2>.+)$"), "ca-vs"),
)


def _static_keyword(text: str) -> tuple[list[Static], list[Effect], str, str] | None:
    """A keyword ability with no reminder text: (statics, effects, action, trigger); None if not one."""
    t = text.strip(" .;")
    plain = _PLAIN_STATICS.get(t)
    if plain is not None:
        return _plain_static(plain)
    for rx, kind in _STATIC_PATTERNS:
        m = rx.match(t)
        if m is None:
            continue
        if kind == "resist":
            out = [Static("resist", int(m.group(1)), m.group(2))]
            if m.group(3):
                out.append(Static("resist", int(m.group(3)), m.group(4)))
            return out, [], "", ""
        if kind == "resist2":
            return [Static("resist", int(m.group(1)), m.group(2)), Static("resist", int(m.group(1)), m.group(3))], \
                [], "", ""
        if kind == "vulnerable":
            return [Static("vulnerable", int(m.group(1)), m.group(2))], [], "", ""
        if kind == "vulnerable-type-first":  # "Vulnerable Fire 5"
            return [Static("vulnerable", int(m.group(2)), m.group(1))], [], "", ""
        if kind == "resist-type-first":  # "Resist Cold 30"
            return [Static("resist", int(m.group(2)), m.group(1))], [], "", ""
        if kind == "gaze":  # no power with Gaze in its name affects it (attacks and special powers)
            return [Static("immune", 0, "gaze")], [], "", ""
        if kind == "immune":
            items = [w.strip() for w in re.split(r",| and ", m.group(1)) if w.strip()]
            statics = []
            for item in items:
                what = _immune_word(item)
                if what is None:
                    return None
                statics.append(Static("immune", 0, what))
            return statics, [], "", ""
        if kind in ("reach", "conceal", "keen-critical", "multi-activation", "shift-distance"):
            return [Static(kind, int(m.group(1)))], [], "", ""
        if kind == "keen-when":
            forms = [_FORMS[f + " "] for f in (m.group("f1"), m.group("f2"), m.group("f3"), m.group("f4")) if f]
            flt = Filter(attack_form="|".join(forms))
            if m.group("vs"):
                cond, left = _mod_condition(m.group("vs"))
                if left or cond.self_state or not (cond.target_state or cond.keyword):
                    return None
                flt = replace(flt, target_state=cond.target_state, keyword=cond.keyword)
            if m.group("ws"):  # 'whenever adjacent to fire terrain, a Fire ally, or a Fire enemy': its own state
                own = _condition(m.group("ws").strip())
                if own is None or own[1] != len(m.group("ws").strip()):
                    return None
                flt = replace(flt, self_state=own[0])
            if not flt.attack_form and not flt.target_state and not flt.keyword and not flt.self_state:
                return None
            return [Static("keen-critical", int(m.group("k") or m.group("n")), filter=flt)], [], "", ""
        if kind == "crit-damage":
            return [Static(kind, int(m.group(1)), m.group(2) or "")], [], "", ""
        if kind == "absorb":
            return [Static(kind, int(m.group("n") or m.group("n2")), m.group("t") or m.group("t2") or m.group("t3"))], \
                [], "", ""
        if kind == "crit-multiplier":  # the damage of a critical hit tripled (the rules double it)
            form = m.group("form") or m.group("form2") or ""
            return [Static(kind, 3, filter=Filter(attack_form=_FORMS.get(form + " ", "")))], [], "", ""
        if kind == "unmovable":  # ('... effects of enemies': those an enemy makes)
            foe = "enem" in t.split("push")[0].split("forced")[0] or t.endswith("of enemies")
            return [Static("immune", 0, "enemy forced movement" if foe else "forced movement")], [], "", ""
        if kind == "resist-crit":
            return [Static(kind, int(m.group(1) or m.group(2)))], [], "", ""
        if kind == "kin":
            g = m.groupdict()
            return [Static("kin", 0, g.get("k") or g.get("a") or g.get("a2") or "")], [], "", ""
        if kind == "unaffected":
            conds = [c for c in re.split(r",? and |,? or |, ", m.group("conds")) if c]
            if not all(c in _CONDITION_WORDS for c in conds):
                return None
            return [Static("immune", 0, _CONDITION_WORDS[c]) for c in conds], [], "", ""
        if kind == "resist-form":
            return [Static("resist-form", int(m.group("n")), m.group("f"))], [], "", ""
        if kind == "rating-mod":  # "attack*rating:<squares>:<kinds>" (0: its warband, itself too; judge.per_rating)
            if m.group("k") and not kinds_known(m.group("k")):
                return None
            flt = Filter(attack_form=_FORMS[m.group("f") + " "] if m.group("f") else "")
            return [Static("mod", 1, f"attack*rating:{m.group('n') or 0}:{m.group('k') or ''}", flt)], [], "", ""
        if kind == "spent-at-start":  # (the names are checked against the card: ddm_guild_powers.card_powers)
            names = [n for n in re.split(r",? and |, ", m.group("names")) if n]
            return [Static(kind, 0, "|".join(names))], [], "", ""
        if kind == "far-attacker":  # "resist-far:7" (Resist N All then), "half-far:7" (half damage then)
            far = m.group("n")
            return [Static("gain", int(m.group("r")), f"resist-far:{far}") if m.group("r")
                    else Static("gain", 1, f"half-far:{far}")], [], "", ""
        if kind == "warband-keyword":
            g = m.groupdict()
            pairs = [("+".join(k for k in (g["k"], g.get("k2")) if k), g["kw"])]
            if g.get("k3"):
                pairs.append((g["k3"], g["kw3"]))
            if not all(kinds_known(k) and kinds_known(w) for k, w in pairs):
                return None
            return [Static(kind, 0, w, Filter(keyword=k)) for k, w in pairs], [], "", ""
        if kind == "ally-alignment":
            kinds = "|".join(w.strip() for w in m.group("k").split(" and "))
            if not kinds_known(kinds):
                return None
            return [Static(kind, 0, m.group("a"), Filter(keyword=kinds))], [], "", ""
        if kind == "through-size":  # the side of the largest such enemy's space (Large: 2 squares)
            return [Static(kind, SIZES[m.group("size").capitalize()])], [], "", ""
        if kind == "initiative-rating":
            return [Static(kind, int(m.group("n")))], [], "", ""
        if kind == "hop":
            what_turn = "invisible" if t.startswith(("invisible", "it is invisible")) else "flight"
            return [Static("while", 1, what_turn, Filter(self_state="own-turn"))], [], "", ""
        if kind == "ca-vs":  # whom it has combat advantage against (the modifiers' target words)
            if re.fullmatch(r"targets that are vulnerable to any of the damage types it (?:causes|deals)",
                            m.groupdict().get("t") or ""):  # (judge: the types its attacks deal)
                return [Static("ca-vs", filter=Filter(target_state="vulnerable-own"))], [], "", ""
            words = re.sub(r"^(?:any )?enemy that is ", "enemies ", m.groupdict().get("t") or "enemies that are "
                           + m.group("t2"))
            flt, left = _mod_condition("vs. " + re.sub(r" an ally of it$", " an ally", words))
            if left or not flt.target_state or flt.self_state or flt.attack_form or flt.target_state == "ca":
                return None
            return [Static("ca-vs", filter=flt)], [], "", ""
        if kind == "worth-by":  # 'Opponent scores 7 VP instead of its point cost if destroyed by a {c} or {a} attack'
            by_form = {"{c} or {a}": "close|area", "{c}": "close", "{a}": "area", "{m}": "melee", "{r}": "ranged"}
            return [Static("gain", int(m.group("n")), "worth-by:" + by_form[m.group("f")])], [], "", ""
        if kind == "worth-more":
            return [Static("gain", int(m.group("n") or m.group("n2")),
                           f"worth-more:{m.group('lv') or m.group('lv2')}")], [], "", ""
        if kind == "ca-attack":  # what combat advantage gives it, when the card names the rules' bonus it replaces
            if int(m.group("was")) != COMBAT_ADVANTAGE:
                return None
            return [Static("gain", int(m.group("n")), "ca-attack")], [], "", ""
        if kind.startswith("own-form:"):  # its {m} attacks, or all of them
            return [Static("gain", 1, kind[9:] + ("-melee" if m.group("f") else ""))], [], "", ""
        if kind.startswith("own:"):  # (a sense's range: 'within 6 squares'; 99 when none is given)
            g_own = m.groupdict()
            n_own = int(g_own.get("n") or g_own.get("n2") or 0) or (
                99 if kind.startswith(("own:sees", "own:ignores")) else 1)
            out_own = [Static("gain", n_own, w) for w in kind[4:].split("+") if w != "immune"]
            if kind.endswith("+immune"):
                out_own.append(Static("immune", 0, "forced movement"))
            return out_own, [], "", ""
        if kind in ("half-ranged", "no-opportunity", "never-bloodied"):
            return [Static(kind)], [], "", ""
        if kind == "defence":
            stat = m.group(2)
            stat = "defenses-nonac" if stat in ("def", "defenses") else stat
            return [Static("mod", int(m.group(1)), stat)], [], "", ""
        if kind == "sneak":
            return [Static("mod", int(m.group(1)), "damage", Filter(target_state=SNEAK_TARGET))], [], "", ""
        if kind in ("bloodrage", "bloodthirsty", "powerful-charge"):
            if not m.group(1):
                return None  # the number is not printed: never guessed
            flt = {"bloodrage": Filter(self_state="bloodied"), "bloodthirsty": Filter(target_state="bloodied"),
                   "powerful-charge": Filter(self_state="charging")}[kind]
            return [Static("mod", int(m.group(1)), "damage", flt)], [], "", ""
        if kind == "regeneration":
            return [], [Effect("heal", "self", int(m.group(1)))], "", "start-of-turn"
        return [Static(kind)], [], "", ""
    return None


_WHILE_GAIN: Final = re.compile(
    r"^(?:it |this creature )?(?:is |has |gains )?(?P<what>.+?),? (?P<c>(?:while|when|whenever) .+)$")


_WHILE_FIRST: Final = re.compile(
    r"^(?P<c>(?:while|when|whenever) [^,:;]+)[,:] (?:it |this creature )?(?:is |has |gains )?(?P<what>.+)$")


def _while_static(body: str) -> list[Static] | None:
    """What it has while a state of its own holds ('Conceal 6 while adjacent to a wall', 'invisible to nonadjacent
    enemies while occupying forest terrain', 'Reach 2 while no enemies are adjacent to this creature'): a 'while'
    static each (ddm_guild_moves.refresh_while keeps which hold), or None."""
    body = re.sub(r"^(?!while )(.+?) (?:on|during) its turn$", r"\1 while on its turn", body)  # 'Has Phasing on its
    m = _WHILE_GAIN.match(body)  # turn'
    cond = _condition(m.group("c"), lead_only=True) if m else None
    if m is None or cond is None or cond[1] != len(m.group("c")):
        m = _WHILE_FIRST.match(body)  # 'While charging, it has +2 Speed and Flight'
        cond = _condition(m.group("c"), lead_only=True) if m else None
        if m is None or cond is None or cond[1] != len(m.group("c")):
            return None
    out = []
    what = re.sub(r"^(?:it )?(?:cannot|can not|may not) move (?:or|and cannot|and may not) attack ",
                  "cannot move and cannot attack ", m.group("what"))  # 'cannot move or attack a non-bloodied target'
    what = re.sub(r"^(?:not (?:subject to|affected by)|ignores?) push, pull,? (?:or|and) slide effects",
                  "ignores forced movement", what)  # (one gain: the list is not three parts)
    what = re.sub(r"^invisible to (?:nonadjacent|non-adjacent) enemies and (?:nonadjacent|non-adjacent) allies",
                  "invisible to every nonadjacent creature", what)  # (one word: its allies do not see it either)
    for part in re.split(r",? and |, ", what):
        if re.fullmatch(r"(?:it )?(?:cannot|can not|may not) move", part):  # Murderous
            out.append(Static("while", 1, "no-move", Filter(self_state=cond[0])))
            continue
        if re.fullmatch(r"(?:it )?(?:cannot|can not|may not) attack (?:a|any) non-?bloodied (?:enemy|target|creature)",
                        part):
            out.append(Static("while", 1, "attack-bloodied-only", Filter(self_state=cond[0])))
            continue
        far = re.fullmatch(r"enemies (\d+) or more squares away from it cannot trace line of sight to it", part)
        if far:  # 'While this creature occupies river terrain, enemies 6 or more squares away from it cannot trace
            # line of sight to it' (the keyword's words, while a state holds)
            out.append(Static("while", int(far.group(1)), "invisible-beyond", Filter(self_state=cond[0])))
            continue
        if re.fullmatch(r"(?:nonadjacent|non-adjacent) enemies (?:may not|cannot|can not) trace line of sight to it",
                        part):  # 'Blend with Rubble: While it occupies difficult terrain, nonadjacent enemies may not
            out.append(Static("while", 1, "invisible-far", Filter(self_state=cond[0])))  # trace line of sight to it'
            continue
        inv = re.fullmatch(r"invisible(?P<far> to (?:nonadjacent|non-adjacent) enemies)?(?P<all> to every nonadjacent "
                           r"creature)?(?: to enemies)?", part)
        if inv:  # ('Invisible to nonadjacent enemies and nonadjacent allies while adjacent to a wall')
            word = "invisible-far-all" if inv.group("all") else "invisible-far" if inv.group("far") else "invisible"
            out.append(Static("while", 1, word, Filter(self_state=cond[0])))
            continue
        if part in _CONDITION_WORDS:  # 'Immobilized whenever an Arcane ally does not have line of sight to it'
            out.append(Static("while", 1, _CONDITION_WORDS[part], Filter(self_state=cond[0])))
            continue
        rm = re.fullmatch(r"reach (\d+)", part)
        if rm or part == "hide":
            out.append(Static("while", int(rm.group(1)) if rm else 1, "reach" if rm else "hide",
                              Filter(self_state=cond[0])))
            continue
        mods = _modifier(part) if re.match(r"^[+-]\d", part) else None  # '+5 damage and flight while charging'
        if mods:
            if any(f.self_state or d for _s, _n, f, d in mods):
                return None
            out.extend(Static("mod", n, stat, replace(f, self_state=cond[0])) for stat, n, f, _d in mods)
            continue
        gains = _gains(part) or gain_words(part, bare=True)  # ('cannot be targeted by {r} attacks while adjacent to an
        # enemy', 'has +5 Damage and Vulnerable 5 All while not bloodied')
        if not gains:
            return None
        out.extend(Static("while", n, what, Filter(self_state=cond[0])) for what, n in gains)
    if not any(x.kind == "while" for x in out):
        return None  # modifiers alone: the modifiers' own reader
    return out


# 'is considered to have Flight while moving if it begins its move (in a square) adjacent to a wall': a move is planned
# from where it begins, so this is Flight while it stands adjacent to a wall
_WALL_WALKER: Final = re.compile(r"^(?:it is considered to have|it has) (flight) while moving if it begins its move "
                                 r"(?:in a square )?(adjacent to a wall)$")
# 'Allies have +2 AC while adjacent to this creature': adjacent allies have it
_ALLIES_WHILE_ADJACENT: Final = re.compile(r"^(allies|each ally) (has|have) (.+?) while adjacent to it$")


def _destroyed_while(body: str) -> list[Static] | None:
    """'Whenever it has no remaining Arcane ally: it is destroyed' (a 'while' static the engine answers at once)."""
    m = re.fullmatch(r"(?P<c>(?:whenever|when|while|if) .+?)[:,] (?:it is|it's) destroyed", body)
    cond = _condition(m.group("c"), lead_only=True) if m else None
    if m is None or cond is None or cond[1] != len(m.group("c")):
        return None
    return [Static("while", 1, "destroyed", Filter(self_state=cond[0]))]


def _plain_static(kind: str) -> tuple[list[Static], list[Effect], str, str]:
    if kind == "insubstantial+phasing":
        return [Static("insubstantial"), Static("phasing")], [], "", ""
    if kind == "defensive-mobility":
        return [Static("mod", 5, "ac", Filter(self_state="opportunity"))], [], "", ""
    if kind == "shifty":
        return [], [Effect("shift", "self", SHIFT_SQUARES)], "minor", ""
    return [Static(kind)], [], "", ""


_CONDITION_WORDS: Final = {
    "dazed": "dazed", "stunned": "stunned", "immobilized": "immobilized", "slowed": "slowed",
    "weakened": "weakened", "helpless": "helpless", "dominated": "dominated", "blinded": "blinded",
    "marked": "marked", "invisible": "invisible", "confused": "confused", "staggered": "staggered",
}


_IMMUNE_SPELLINGS: Final = {
    "slow": "slowed", "immobilize": "immobilized", "stun": "stunned", "daze": "dazed", "weaken": "weakened",
    "dominate": "dominated", "domination": "dominated", "blind": "blinded", "blindness": "blinded",
    "confuse": "confused", "stagger": "staggered", "poison": "poison",
}


def _immune_word(word: str) -> str | None:
    w = re.sub(r"^immune ", "", word.strip(" ."))
    w = _IMMUNE_SPELLINGS.get(w, w)
    if w in DAMAGE_TYPES:
        return w
    if w in _CONDITION_WORDS:
        return _CONDITION_WORDS[w]
    if w in ("confused", "confusion", "fear", "critical hits", "criticals", "ongoing damage", "forced movement",
             "sleep", "charm", "petrified", "staggered", "disease", "push", "pull", "slide", "mind-affecting",
             "poisoned", "all conditions"):
        return w
    return None


# --- effects ---------------------------------------------------------------------------------------------------

_CONDITION_RE: Final = re.compile(
    r"^(?:is |are |becomes |become )?(?:also )?(?P<c>dazed|stunned|immobilized|slowed|weakened|helpless|dominated|"
    r"blinded|marked|invisible|confused|staggered)(?P<rest>.*)$"
)
_DAMAGE_RE: Final = re.compile(
    r"^(?:takes? |deals? |deal )?(?P<n>\d+)(?: \+ (?P<n2>\d+))? ?"
    r"(?P<t>(?:(?:" + _TYPE_ALT + r")(?: and |/| or | \+ |)?)*)"
    r" ?damage(?P<rest>.*)$"
)
_ONGOING_RE: Final = re.compile(
    r"^(?:also )?(?:takes? |and |has |have |gains? )?(?:ongoing (?P<a>\d+)|(?P<b>\d+) ongoing) ?(?P<t>(?:" + _TYPE_ALT
    + r")?) ?damage(?P<rest>.*)$"
)
_FORCED_RE: Final = re.compile(
    r"^(?:(?:it )?(?:may |can )?(?P<verb>push|pull|slide|pushes|pulls|slides)(?:es|s)? (?P<who>(?:the |that )?"
    r"(?:target of (?:that|the) attack|target|enemy|creature|it|each target|targets|that enemy|that ally)? ?)"
    r"(?P<ex>up to |exactly )?(?P<n>\d+|one|two|three)"
    r"(?: squares?)?|(?P<who2>(?:the )?target|it|that enemy) is (?P<verb2>pushed|pulled|slid)"
    r" (?P<ex2>up to |exactly )?(?P<n2>\d+)(?: squares?)?)(?P<rest>.*)$"
)
_SHIFT_RE: Final = re.compile(
    r"^(?:can |may )?(?P<verb>shifts?|teleports?|moves?|flies?)(?: it)?(?: up to)? (?P<n>\d+|(?:its|their) speed|"
    r"(?:its|their) current speed|current speed|speed|its full speed|a number of squares equal to its speed|"
    r"twice its (?:current )?speed)(?: squares?)?(?P<rest>.*)$"
)
_BARE_SHIFT_RE: Final = re.compile(r"^(?:can |may )?(?:immediately )?shifts?(?: (?:1|one) square)?$")
# "gains +20 HP": healed, up to its starting hit points (the cards that go above say so, and are not read)
_HEAL_RE: Final = re.compile(r"^(?:heals?|regains?|recovers?|gains? \+?(?=\d+ hp\.?$)) ?(?P<n>\d+) hp(?P<rest>.*)$")
# where a shift, a move or a teleport must end ('shift 3 squares, must end adjacent to that enemy', 'teleports up to 10
# squares to a space adjacent to a Bloodied enemy', 'shift to another square adjacent to that enemy', 'teleport 5,
# ending in a square adjacent to wall terrain'): "end:<what>" in the effect's ``what``, the creature's kinds and state
# in its filter (ddm_guild_moves.end_square)
_SHIFT_TO: Final = re.compile(
    r"^(?P<verb>shifts?|teleports?|moves?)(?: up to (?P<n>\d+)(?: squares?)?)? (?P<rest>to (?:a|an|any|another) .+)$")
_END_NEAR: Final = re.compile(
    r"^(?:(?:and )?(?:must end|ending|end)(?: in (?:an? )?(?:space|square))? adjacent to |to (?:a|an|any|another) "
    r"(?:(?:unoccupied|free) )?(?:space|square) adjacent to )(?P<ref>.+)$")
_END_REF: Final = re.compile(
    r"^(?:(?P<that>that enemy|the enemy|that ally|the ally)|(?P<wall>(?:an? )?wall(?: terrain)?)|(?:an?|1) "
    r"(?P<state>bloodied )?(?P<kinds>[a-z\-]+(?:(?:,| or|, or) [a-z\-]+)*? )?(?P<noun>enemy|ally|creature)"
    r"(?P<ongoing> taking ongoing (?:(?P<t>" + _TYPE_ALT + r") )?damage)?)$")


def _end_near(rest: str) -> tuple[str, Filter] | None:
    """'must end adjacent to a Bloodied enemy' → ("end:enemy", Filter(target_state="bloodied")); None if unread."""
    m = _END_NEAR.match(rest.strip(" .,"))
    ref = _END_REF.match(m.group("ref")) if m else None
    if ref is None:
        return None
    if ref.group("that"):
        return ("end:that-ally" if "ally" in ref.group("that") else "end:target"), Filter()
    if ref.group("wall"):
        return "end:wall", Filter()
    try:
        kinds = _event_kinds(ref.group("kinds")) if ref.group("kinds") else ""
    except _Unread:
        return None
    if ref.group("ongoing"):
        part = "ongoing" + ("-" + ref.group("t") if ref.group("t") else "")
        kinds = "|".join(k + "+" + part if k else part for k in (kinds.split("|") if kinds else [""]))
    return "end:" + ref.group("noun"), Filter(keyword=kinds, target_state="bloodied" if ref.group("state") else "")


# a bonus for one attack to come: '+5 poison damage to its next {m} attack', '+4 attack and +5 damage on its next {r}
# attack this turn'
_HEALS_EACH_TURN: Final = re.compile(r"^(?:1|one|an) (?P<adj>adjacent )?ally heals (?P<n>\d+) hp at (?:the )?start of "
                                     r"each of its turns until (?:that ally|it) moves$")
_NEXT_HIT: Final = re.compile(r"^its next (?:(?P<f>\{m\}|\{r\}|\{b\}|\{mb\}|\{rb\}|m|r) )?attack is (?P<w>an automatic "
                              r"hit(?: and a critical(?: hit)?)?|a critical(?: hit)?)$")
_NEXT_ATTACK: Final = re.compile(
    r"^(?P<mods>.+?) (?:on|to|with|for) its next (?:(?P<f>\{m\} or \{r\}|\{m\}|\{r\}|\{b\}|\{mb\}|\{rb\}|\{c\}|"
    r"\{a\}|melee|ranged) )?attack(?P<turn> this turn)?$")
# 'end 1 condition or ongoing damage effect on that ally' (a save could end it: the engine ends those only)
_CLEANSE_RE: Final = re.compile(
    r"^(?:ends?) (?P<n>\d+|one|all|an?) (?P<what>(?:ongoing (?:damage )?)?(?:effects?|conditions?)(?: or (?:ongoing "
    r"(?:damage )?)?(?:effects?|conditions?))?(?: that (?:a save|a saving throw) can end| with a duration of "
    r"\(save ends\))?)(?: affecting it)?(?: on (?P<on>.+))?$")
_CLEANSE_ON: Final = {"that ally": "ally", "the ally": "ally", "it": "self", "itself": "self", "target": "target",
                      "that enemy": "target", "the target": "target"}
# 'This creature and that ally each heal 15 HP', 'This creature and each Undead, Githyanki or Dragon creature has +2
# Attack': the others (the event's ally or enemy, or every other creature of those kinds), then it
_IT_AND_OTHERS: Final = re.compile(r"^it and (?P<rest>(?:that (?:ally|enemy)|each (?:[a-z\-]+, )*[a-z\-]+,? (?:or|and) "
                                   r"[a-z\-]+ creatures?) .+)$")


def _it_and_others(t: str) -> list[Effect] | None:
    m = _IT_AND_OTHERS.match(t)
    if m is None:
        return None
    who, flt, tail = _subject(m.group("rest"))
    if who not in ("ally", "target", "all") or not tail:
        return None
    mine = _clause(re.sub(r"^each ", "", tail), "self", "power")
    if not mine or any(e.who != "self" or e.filter != Filter() for e in mine):
        return None
    return [*(replace(e, who=who, filter=flt) for e in mine), *mine]


_IT_AND_UP_TO: Final = re.compile(r"^it and up to (?P<n>\d+) adjacent allies (?P<rest>(?:shift|teleport|move)s? .+)$")
# 'This creature and 1 ally within 6 squares have Resist 10 Fire until end of this creature's next turn': it, and one
# ally it chooses; the 'its' of a duration after both of them is its own (a plural subject)
_IT_AND_ONE: Final = re.compile(r"^it and (?:1|one|an) (?P<ally>(?:adjacent )?ally(?: within \d+ squares?(?: of it)?)?)"
                                r" (?P<verb>have|gain) (?P<rest>.+)$")
# 'gains Resist 10 Acid, Cold, Fire, Lightning, or Thunder': one of those types, the player's choice (a menu); with no
# 'or' ('gain Resist 10 Acid, Cold, Fire, Lightning, Thunder'), each of them
_TYPES_OR: Final = r"(?P<types>(?:(?:" + _TYPE_ALT + r"), )+(?:or )?(?:" + _TYPE_ALT + r")|(?:" + _TYPE_ALT \
    + r") or (?:" + _TYPE_ALT + r"))"
_RESIST_CHOICE: Final = re.compile(r"^(?P<pre>.*?\bresist \d+ )" + _TYPES_OR + r"(?P<post>(?: |$).*)$")
# 'Choose acid, cold, fire, lightning, or thunder; ... gains Resist 10 against that damage type': the same choice
_CHOSEN_TYPE: Final = re.compile(r"^choose " + _TYPES_OR + r"[;:,.] (?P<pre>.*?\bresist \d+) against that damage "
                                 r"type(?P<post>.*)$")
_OWN_CLOCK: Final = {"end-next-turn": "end-next-turn-source", "start-next-turn": "start-next-turn-source"}
_MAKERS_CLOCK: Final = {v: k for k, v in _OWN_CLOCK.items()}
_HEAL_WHOM: Final = re.compile(r"^heal (?P<subj>.+?) (?P<n>\d+) hp$")
# how a move power moves ('with Flight', 'as though with Flight', 'with Burrow'): for that move only
_MOVE_MODE: Final = re.compile(r"^(?:as (?:though |if )?)?with (flight|burrow)$")
_CHAMPION_USES: Final = re.compile(r"^(?P<v>regains?|recharges?|loses?|expends?) (?P<n>1|one|a) use of "
                                   r"(?P<whose>its|an ally's|that enemy's) champion powers(?: \(your choice\))?$")
# a power of the card given to creatures for a while, by its name ('has Defender', 'had Croc Strike', 'gains Ambush
# 10'): whatever the words, card_powers checks the card has a power of that name
_NAME_WORD: Final = (r"(?!(?:and|or|is|are|the|an?|its|of|to|in|with|keyword|speed|resist|vulnerable|immune|"
              + "|".join(_CONDITION_WORDS) + "|" + _TYPE_ALT + r")\b)[a-z][a-z'\-]*")
_NAMED_FOR_A_WHILE: Final = re.compile(r"^(?:has|have|had|gains?) (?P<name>" + _NAME_WORD + "(?: " + _NAME_WORD
                                       + r"){0,3}(?: \d+)?)$")
_VP_RE: Final = re.compile(r"^(?:you )?(?:scores?|gains?) \+?(?P<n>\d+) (?:vp|victory points?)(?P<rest>.*)$")
_EXTRA_ATTACK_RE: Final = re.compile(
    r"^(?:can |may )?(?:makes?|make) (?P<count>a|an|one|1|2|two|3|three) (?:extra |additional )?(?:different )?"
    r"(?P<imm>immediate )?"
    r"(?P<which>\{b\}|\{m\}|\{r\}|"
    r"\{mb\}|\{rb\}|melee|ranged|\{m\} or \{r\}|(?:\d+ )?[a-z' \-]+?) attacks?(?P<rest>.*)$"
)
# 'make this attack again (maximum 2 per turn)', 'repeat this attack against a different target (once per turn)', 'make
# another Five Arms attack (maximum 5 attacks per round)': an extra attack, read as 'make a <that> attack ...'
_REPEAT_RE: Final = re.compile(r"^(?:(?:it )?makes? this attack again|repeats? this attack|(?:it )?makes? another "
                               r"(?P<name>[a-z][a-z' \-]*?) attack)"
                               r"(?P<rest>(?: against (?:a different|the same) target)?(?:\s*\([^)]*\))?)$")
# how many such attacks a turn or a round allows (the attack that grants it counted, when it repeats itself)
_EXTRA_CAP: Final = re.compile(r"\((?:maximum|max\.?) (?P<n>\d+|once|one|two|three|four|five|six)"
                               r"(?: attacks?| times?)? (?:per|each|a) (?P<per>turn|round)\)$|"
                               r"\((?P<once>once) per (?P<per2>turn|round)\)$")
_DAMAGE_FLOOR: Final = re.compile(r"(?<=damage) \(min(?:imum|\.) (\d+)(?: damage)?\)")
_CUMULATIVE_CAP: Final = re.compile(r"\s?\(max(?:imum|imun|\.)? ([+-]\d+)\)")
_HAS_RE: Final = re.compile(r"^(?:has|have|gets?|gains?|deals?(?= \+\d+ (?:\w+ )?damage)) (?P<mod>[+-].*)$")
_GAIN_WORD: Final = (r"(?:resist \d+ (?:all|" + _TYPE_ALT + r")|insubstantial|phasing|conceal \d+|flight|"
                     r"blindsight|burrow|"
                     r"immune (?:" + _TYPE_ALT + r"|dazed|stunned|immobilized|slowed|weakened|dominated|blinded))")
_GAIN_RE: Final = re.compile(
    r"^(?:has|have|gains?) (?P<what>" + _GAIN_WORD + r"(?:(?:,| and|, and) " + _GAIN_WORD + r")*)(?P<rest>.*)$"
)


def _gains(text: str) -> list[tuple[str, int]] | None:
    """'resist 10 all and insubstantial' → [("resist:all", 10), ("insubstantial", 1)]."""
    out: list[tuple[str, int]] = []
    for part in re.split(r",? and |, ", text.strip()):
        m = re.match(r"^resist (\d+) (\w+)$", part)
        if m:
            out.append((f"resist:{m.group(2)}", int(m.group(1))))
            continue
        m = re.match(r"^conceal (\d+)$", part)
        if m:
            out.append(("conceal", int(m.group(1))))
            continue
        m = re.match(r"^immune (\w+)$", part)
        if m:
            out.append((f"immune:{m.group(1)}", 1))
            continue
        if part in ("insubstantial", "phasing", "flight", "blindsight", "burrow"):
            out.append((part, 1))
            continue
        return None
    return out


# --- the gain vocabulary: what a creature has, given by an aura, for a while or while a state holds ----------------
# 'Enemies in aura are not invisible and do not benefit from conceal', 'Good allies within 3 squares have Immune
# Confused', 'Adjacent enemies may not make opportunity attacks', 'Demon allies gain Hide until end of round': each
# phrase a word of the vocabulary (ddm_guild_coverage says which the engine honours), with its number.

_DENY: Final = r"(?:may not|cannot|can't|can not|do not|does not)"
_GAIN_PHRASES: Final = (
    (re.compile(r"^(?:are|is) (?:not invisible|visible)"), ("no-invisible",)),
    (re.compile(r"^(?:cannot|can not|may not) become invisible"), ("no-invisible",)),
    (re.compile(r"^(?:do|does) not benefit from conceal(?:,? or hide| and hide)?(?:,? or invisib[a-z]*)?"
                ), ("no-conceal",)),  # the alternatives are added by _gain_words from the words matched
    (re.compile(r"^" + _DENY + r" use conceal"), ("no-conceal",)),
    (re.compile(r"^loses? conceal(?: and hide)?"), ("no-conceal",)),
    # 'loses Resist 5 All', 'loses Resist Fire': that Resist, whatever gives it, for as long as the words say
    (re.compile(r"^loses? resist (?:\d+ )?(?P<rt>all|" + _TYPE_ALT + r")"), ("no-resist",)),
    (re.compile(r"^loses? hide"), ("no-hide",)),
    (re.compile(r"^loses? reach \d+"), ("no-reach",)),  # (its Reach: the attacks' own printed reach stays)
    (re.compile(r"^can make only \{b\} attacks"), ("only-basic",)),
    (re.compile(r"^" + _DENY + r" make opportunity attacks"), ("no-opportunity",)),
    (re.compile(r"^" + _DENY + r" (?:take|use|perform|make) immediate actions"), ("no-immediate",)),
    (re.compile(r"^(?:can|may) take no actions"), ("no-actions",)),  # 'heals 20 HP and can take no actions until
    # end of its next turn' (Feed): no actions on its turns nor immediate ones, as stunned, and grants no advantage
    (re.compile(r"^" + _DENY + r" shift"), ("no-shift",)),
    (re.compile(r"^" + _DENY + r" use champion powers"), ("no-champion",)),
    (re.compile(r"^(?:are|is) never considered (?:to be )?flanked"), ("no-ca-from-flank",)),
    (re.compile(r"^takes? half damage from \{r\} attacks"), ("half-ranged",)),
    (re.compile(r"^(?:has|have|gains?) (?:solid|stable) footing"), ("stable-footing",)),
    (re.compile(r"^ignores? the (?:additional|extra) (?:movement )?cost (?:for|of) entering difficult terrain"),
     ("stable-footing",)),
    (re.compile(r"^loses? flight"), ("no-flight",)),
    (re.compile(r"^loses? burrow"), ("no-burrow",)),
    (re.compile(r"^(?:has|gains?) shift-distance (?P<n>\d+)"), ("shift-distance",)),  # (its number: how far)
    (re.compile(r"^(?:has|gains?) resist-less (?P<t>" + _TYPE_ALT + r"|all) (?P<n>\d+)"), ("resist-less",)),
    (re.compile(r"^(?:do|does) not provoke opportunity attacks"), ("no-provoke",)),
    (re.compile(r"^(?:cannot|can not|may not) be targeted by (?:charges or \{r\} attacks|\{r\} attacks or charges)"),
     ("untargetable-ranged", "untargetable-charge")),
    (re.compile(r"^(?:cannot|can not|may not) be targeted (?:by|with) \{m\} or \{r\} attacks"),
     ("untargetable-melee", "untargetable-ranged")),
    (re.compile(r"^(?:cannot|can not|may not) be targeted by \{r\} attacks"), ("untargetable-ranged",)),
    (re.compile(r"^(?:is )?worth 0 (?:vp|victory points) when (?:eliminated|destroyed)"), ("no-vp-worth",)),
    (re.compile(r"^(?:(?:do|does) not score|scores? no) (?:vp|victory points) for occupying (?:a |one of your )?"
                r"victory areas?(?: at (?:the )?end of (?:the )?round)?"), ("no-area-vp",)),
    (re.compile(r"^ignores? (?:conceal and invisible|invisible and conceal)"),
     ("sees-invisible", "ignores-conceal")),
    (re.compile(r"^(?:cannot|can not|may not) (?:heal|regain hp|gain hp)(?: or (?:gain|regain) hp| hp)?"),
     ("no-heal",)),
    (re.compile(r"^(?:(?:is|are) )?invisible to non-?adjacent enemies"), ("invisible-far",)),
    (re.compile(r"^takes? half damage from all attacks"), ("half-all",)),
    (re.compile(r"^can charge (?:targets|enemies) it (?:does not|cannot) have line of sight to"), ("charge-unseen",)),
    (re.compile(r"^(?:it )?can shift once (?:on|during) its turn without (?:expending|using|spending) an action"),
     ("free-shift",)),
    # 'Takes 10 less Damage from {c} and {r} attacks (minimum 5 Damage)', '... from {m} and {r} attacks (min. 0)': a
    # Resist All against attacks of those shapes (resist-vs), with the least damage it lets through (":min5")
    (re.compile(r"^takes? (?P<n>\d+) less damage from (?P<forms>(?:\{[mrca]\}(?:,? and |, ))*\{[mrca]\}) attacks"
                r"(?: \((?:min\.?|minimum) (?P<min>\d+)(?: damage)?\))?"), ("resist-vs",)),
    # 'Other creatures within 2 squares of this creature cannot make {r}, {c}, or {a} attacks'
    (re.compile(r"^" + _DENY + r" make (?P<forms>(?:\{[mrca]\}(?:,? or |, ))*\{[mrca]\}) attacks"),
     ("no-attack-form",)),
    # 'not subject to push, pull, or slide effects of enemies until start of its next turn': those an enemy makes
    (re.compile(r"^(?:(?:is|are) )?(?:not (?:subject to|affected by)|ignores?) (?:enemies' (?:push, pull,? (?:or|and) "
                r"slide|forced[- ]movement)(?: effects)?|(?:push, pull,? (?:or|and) slide|forced[- ]movement)(?: "
                r"effects)? (?:of|from|by) enemies)"), ("immune:enemy forced movement",)),
    # 'not subject to push, pull, or slide effects while in forest terrain', 'ignores forced movement'
    (re.compile(r"^(?:(?:is|are) )?(?:not (?:subject to|affected by)|ignores?) (?:push, pull,? (?:or|and) slide|"
                r"forced[- ]movement)(?: effects)?"), ("immune:forced movement",)),
    (re.compile(r"^(?:cannot|can not|may not) (?:take|use) minor actions or champion powers"),
     ("no-minor", "no-champion")),
    (re.compile(r"^(?:cannot|can not|may not) (?:take|use) minor actions"), ("no-minor",)),
    # 'Drow enemies may not use powers that turn hits into misses', '(Aura 1) Each enemy in aura may not use a power
    # that changes a hit into a miss'
    (re.compile(r"^(?:may not|cannot|can not) use (?:powers that turn hits into misses|a power that (?:changes|turns) "
                r"a hit into a miss)"), ("no-negate",)),
    (re.compile(r"^may not gain the (?P<c>dazed|stunned|immobilized|slowed|weakened|confused) condition"), ("immune",)),
    (re.compile(r"^grants? combat advantage(?: to (?:attackers|enemies|all enemies|its enemies|each enemy|it and "
                r"(?:each ally|its allies|all allies)))?(?= |,|;|$)"), ("grants-ca",)),
    (re.compile(r"^(?:do|does) not grant combat advantage (?:to enemies )?for flanking"), ("no-ca-from-flank",)),
    (re.compile(r"^(?:has|have|gains?) threatening reach"), ("threatening-reach",)),
    (re.compile(r"^(?:do|does) not grant combat advantage(?= |,|;|$)"), ("no-grant-ca",)),
    (re.compile(r"^(?:(?:has|have|gains?|are|is) )?immune (?:to )?sneak attacks?"), ("immune-sneak",)),
)
_GAIN_VERB: Final = re.compile(r"^(?:has|have|gains?|are|is) ")
# 'Resist 10 All vs. Blast and Burst attacks': the attacks of those shapes (ddm_guild_damage.deal_damage)
RESIST_SHAPES: Final = {"melee": ("melee",), "ranged": ("ranged",),
                        "blast and burst": ("close-blast", "close-burst", "area", "reach-burst")}
# the attack shapes of a form icon (an attack's spec.form)
_ICON_SHAPES: Final = {"{m}": ("melee",), "{r}": ("ranged",), "{c}": ("close-burst", "close-blast"),
                       "{a}": ("area", "line")}
_GAIN_ITEM: Final = re.compile(
    r"^(?:resist (?P<fn>\d+) all vs\.? (?P<ff>melee|ranged|blast and burst) attacks"
    r"|resist (?P<rn>\d+) (?P<rt>all|" + _TYPE_ALT + r")(?: and (?P<rt2>" + _TYPE_ALT + r"))?"
    r"|vulnerable (?P<vn>\d+) (?P<vt>all|" + _TYPE_ALT + r")"
    r"|conceal (?P<cn>\d+)(?P<cadj> against adjacent enemies)?(?P<cfar> against non-?adjacent enemies)?"
    r"|reach (?P<rch>\d+)"
    r"|multi-activation (?P<ma>\d+)"
    r"|speed f(?P<sf>\d+)|speed (?P<sp>\d+)"
    r"|immune (?P<im>[a-z\-]+)"
    r"|blindsight (?:with a range of )?(?P<bn>\d+)(?: squares)?"
    r"|(?P<word>hide|flight|phasing|insubstantial|burrow|forest walk|blindsight))"
    r"(?= |,|;|$)")


def gain_words(text: str, bare: bool = False) -> list[tuple[str, int]] | None:
    """The gain vocabulary's words in ``text`` (after its subject: 'are not invisible and may not use conceal', 'have
    resist 10 fire and resist 5 radiant', 'are immune dazed and immune confused') as (what, amount); None unless
    every word is read (``bare``: its verb was said before: 'it has +5 Damage and Vulnerable 5 All')."""
    t = text.strip(" .;")
    out: list[tuple[str, int]] = []
    verb = bare
    while t:
        for rx, whats in _GAIN_PHRASES:
            m = rx.match(t)
            if m:
                words = m.group(0)
                out.extend((w, 1) for w in whats)
                if "hide" in words and whats == ("no-conceal",):
                    out.append(("no-hide", 1))
                if "invisib" in words and whats == ("no-conceal",):
                    out.append(("no-invisible", 1))
                if whats == ("immune",):  # 'may not gain the Dazed condition'
                    out[-1] = ("immune:" + m.group("c"), 1)
                if whats == ("no-resist",):
                    out[-1] = ("no-resist:" + m.group("rt"), 1)
                if whats == ("resist-vs",):
                    shapes = [x for f in re.findall(r"\{[mrca]\}", m.group("forms")) for x in _ICON_SHAPES[f]]
                    least = m.group("min") if m.group("min") and m.group("min") != "0" else ""
                    out[-1] = ("resist-vs:" + "|".join(shapes) + (f":min{least}" if least else ""), int(m.group("n")))
                if whats == ("no-attack-form",):  # the forms it may not attack with
                    forms = sorted({_FORMS[f + " "] for f in re.findall(r"\{[mrca]\}", m.group("forms"))})
                    out[-1] = ("no-attack-form:" + "|".join(forms), 1)
                if whats == ("shift-distance",):
                    out[-1] = ("shift-distance", int(m.group("n")))
                if whats == ("resist-less",):
                    out[-1] = ("resist-less:" + m.group("t"), int(m.group("n")))
                if whats == ("sees-invisible", "ignores-conceal"):  # their senses, anywhere
                    out[-2:] = [("sees-invisible", 99), ("ignores-conceal", 99)]
                t = t[m.end():]
                verb = False
                break
        else:
            v = _GAIN_VERB.match(t)
            if v:
                t = t[v.end():]
                verb = True
            if not verb:
                return None
            m = _GAIN_ITEM.match(t)
            if m is None:
                return None
            if m.group("fn"):
                out.append(("resist-vs:" + "|".join(RESIST_SHAPES[m.group("ff")]), int(m.group("fn"))))
            elif m.group("rn"):
                out.append((f"resist:{m.group('rt')}", int(m.group("rn"))))
                if m.group("rt2"):
                    out.append((f"resist:{m.group('rt2')}", int(m.group("rn"))))
            elif m.group("vn"):
                out.append((f"vulnerable:{m.group('vt')}", int(m.group("vn"))))
            elif m.group("bn"):  # 'Blindsight with a range of 5 squares': its senses, that far
                out.extend((("sees-invisible", int(m.group("bn"))), ("ignores-conceal", int(m.group("bn")))))
            elif m.group("cn"):  # ('Conceal 6 against adjacent enemies': only when an adjacent enemy attacks it)
                out.append(("conceal-adjacent" if m.group("cadj") else "conceal-far" if m.group("cfar") else "conceal",
                            int(m.group("cn"))))  # ('Conceal 11 against non-adjacent enemies': the others)
            elif m.group("rch"):  # 'That ally has Reach 2 until end of its turn'
                out.append(("reach", int(m.group("rch"))))
            elif m.group("sf"):  # 'has Speed F8': that speed, with Flight ('F': a flying speed)
                out.extend((("speed-set", int(m.group("sf"))), ("flight", 1)))
            elif m.group("sp"):  # 'Burst of Speed: This creature has Speed 12 until end of round': that speed
                out.append(("speed-set", int(m.group("sp"))))
            elif m.group("ma"):  # 'Use at start of round: This creature has Multi-Activation 2 until the end of round'
                out.append(("multi-activation", int(m.group("ma"))))
            elif m.group("im"):
                what = _immune_word(m.group("im"))
                if what is None:
                    return None
                out.append((f"immune:{what}", 1))
            else:
                out.append((m.group("word").replace(" ", "-"), 1))
            t = t[m.end():]
        sep = re.match(r"^(?:,? and |, |; )", t)
        if sep:
            t = t[sep.end():]
        elif t:
            return None
    return list(dict.fromkeys(out)) or None


def _condition_effect(who: str, flt: Filter, text: str, default: str) -> list[Effect]:
    m = _CONDITION_RE.match(text)
    if m is None:
        raise _Unread(text)
    conds = [m.group("c")]
    rest = m.group("rest").strip()
    while True:
        mm = re.match(r"^(?:and|,|, and) (?:is )?(dazed|stunned|immobilized|slowed|weakened|helpless|blinded|"
                      r"dominated|marked|confused|staggered)(.*)$", rest)
        if not mm:
            break
        conds.append(mm.group(1))
        rest = mm.group(2).strip()
    after = re.search(r" or until after it (?:makes an attack|attacks)$", rest)  # 'invisible until end of its next
    flags: tuple[str, ...] = ("next-attack",) if after else ()  # turn or until after it makes an attack': whichever
    rest = rest[: after.start()] if after else rest  # comes first (ddm_guild_attacks._attack ends it after an attack)
    tail, dur = _split_duration(rest)
    if after and not dur:
        raise _Unread(text)
    if tail:
        # a tag, or 'Invisible to enemies until end of round' (invisible is to enemies always)
        if re.match(r"^\((?:fear|charm|sleep|poison|illusion)\)$", tail) or (tail == "to enemies"
                                                                             and conds == ["invisible"]):
            tail = ""
        else:
            raise _Unread(text)
    return [Effect("condition", who, 0, c, dur or default, filter=flt, extra=flags) for c in conds]


# 'adjacent creatures' with no 'to it': in an attack's rider they may be the target's neighbours ('15 cold damage AND
# adjacent creatures take 5 cold damage'), so the words are not read there
_BARE_ADJACENT: Final = re.compile(r"^adjacent (?:[a-z\-]+ )?(?:creatures|enemies|allies)\b(?! adjacent to)")


_SURVIVE: Final = re.compile(
    r"^it is (?:instead )?not destroyed(?:,? instead)?(?:(?:,? and|,? but|,) (?:it )?has (?P<n>\d+) hp(?: remaining)?"
    r"(?:,? instead)?)?$|^it has (?P<n2>\d+) hp instead of being destroyed$")
_GATE_OTHER: Final = re.compile(r"^(?P<a>[^,]+?),? or (?P<b>[^,]+?)(?:,? instead)? if (?:the|that) (?:enemy|target|"
                                 r"creature) (?:is|was) (?:an? )?(?P<s>[a-z\-]+)$")
_ROLL_RE: Final = re.compile(r"^roll (?:1d20|d20|a d20)(?:[.:;,]\s*(?P<rest>.+))?$")
_ROLL_GATE: Final = re.compile(
    r"^(?:on (?:a |an )?(?:roll of )?(?P<lo>\d+)(?:\+| or (?:more|greater|higher)|-(?P<hi>\d+)|(?P<one>)),?"
    r"|(?P<lo2>\d+)(?:-(?P<hi2>\d+)|\+):)\s*(?P<rest>.+)$")


def _rolled(t: str, default_who: str, ctx: str) -> list[Effect] | None:
    """'Roll 1d20. On 11+, X' / 'Roll d20. 1-9: X; 10+: Y': a d20 rolled once, and the effects each range of it
    brings (each gate stands before its effects)."""
    m = _ROLL_RE.match(t)
    if m:
        out = [Effect("roll", "self", extra=("new",))]
        if m.group("rest"):
            out.extend(_effects(m.group("rest"), default_who, ctx))
        return out
    bd = re.match(r"^if the result equals or exceeds the base damage of (?:that|the) attack,? (?P<rest>.+)$", t)
    if bd:  # 'Dual Sword Defense: Roll 1d20. If the result equals or exceeds the base damage of that attack, ...'
        return [Effect("roll", "self", what="base-damage"), *_effects(bd.group("rest"), default_who, ctx)]
    g = _ROLL_GATE.match(t)
    if g:
        lo = int(g.group("lo") or g.group("lo2"))
        hi = lo if g.group("one") is not None else int(g.group("hi") or g.group("hi2") or 20)
        if not 1 <= lo <= hi <= 20:
            return None
        return [Effect("roll", "self", lo, count=hi), *_effects(g.group("rest"), default_who, ctx)]
    return None


_ALT_MOD: Final = re.compile(r"^(?P<base>[+-]\d+ [^()]+?) \((?:or )?(?P<alt>[+-]\d+ [^()]+?)\)$")


def _alt_modifier(base: str, alt: str) -> list[tuple[str, int, Filter, str]] | None:
    """'+2 {m} attack (or +4 {m} attack against Civilization creatures)': the base modifier, and the difference as a
    modifier of its own against those targets (one stat, the same form and type, a condition on the alternative
    only); None when the two do not match so."""
    b, a = _modifier(base), _modifier(alt)
    if b is None or a is None or len(b) != 1 or len(a) != 1:
        return None
    (bs, bn, bf, bd), (as_, an, af, ad) = b[0], a[0]
    if bs != as_ or bd != ad or bf != Filter(attack_form=bf.attack_form) or af.attack_form != bf.attack_form \
            or not (af.target_state or af.keyword) or af.self_state or an <= bn:
        return None
    return [(bs, bn, bf, bd), (as_, an - bn, af, ad)]


_KEEN_RE: Final = re.compile(
    r"^(?:scores?|score) critical(?: hit)?s? (?:(?P<vs1>(?:against|vs\.?) [^,]+?) )?on (?:attack rolls of |a )?"
    r"(?:natural|unmodified) (?P<n>\d+)(?:-20|\+| or 20| or higher)?(?: with (?P<form>\{m\}|\{r\}) attacks)?"
    r"(?: (?P<vs2>(?:against|vs\.?) .+?))?(?P<rest>(?: until .*| this round)?)$")


# 'end the Helpless condition on an ally within 6 squares', 'End 1 of the Dazed, Slowed, or Staggered conditions
# affecting 1 ally', 'Remove Dazed or Confused from that ally', 'Remove all conditions on Gnoll allies'
_COND_NAME: Final = r"(?:dazed|stunned|helpless|immobilized|slowed|weakened|confused|dominated|staggered|blinded)"
_COND_LIST: Final = _COND_NAME + r"(?:,? (?:and/or |and |or )?" + _COND_NAME + r")*"
_NAMED_CLEANSE: Final = (
    re.compile(r"^(?:ends?|removes?) (?:(?P<n>1|one) of )?(?:the|all) (?P<list>" + _COND_LIST
               + r") conditions?(?:\(s\))? "
               r"(?:on|from|affecting) (?P<on>.+)$"),
    re.compile(r"^removes? (?P<list>" + _COND_LIST + r") (?:conditions? )?(?:on|from) (?P<on>.+)$"),
    re.compile(r"^removes? (?P<all>all) conditions (?:on|from) (?P<on>.+)$"),
)


def _named_cleanse(body: str, default_who: str) -> Effect | None:
    """Conditions ended by name, whatever their duration (a "cleanse" whose what is "cond:dazed|slowed", or
    "cond:*" for 'all conditions'; count: how many, 99 for each named); the creature by its subject words, or the
    clause's own subject ('it', 'that ally'); None for other words."""
    for rx in _NAMED_CLEANSE:
        m = rx.match(body)
        if m is None:
            continue
        on = m.group("on")
        if on in _CLEANSE_ON:
            who, flt = _CLEANSE_ON[on], Filter()
        else:
            who, flt, rest = _subject(on)
            if not who or rest or who.split(":")[0] not in ("chosen-ally", "chosen-self-or-ally", "allies",
                                                            "self-and-allies", "friends", "all"):  # ('creatures
                # within 3 squares': of both sides, but it)
                raise _Unread(body)
        if "all" in m.groupdict() and m.group("all"):
            return Effect("cleanse", who, 0, "cond:*", count=99, filter=flt)
        names = re.findall(_COND_NAME, m.group("list"))
        n = 1 if "n" in m.groupdict() and m.group("n") else 99
        return Effect("cleanse", who, 0, "cond:" + "|".join(names), count=n, filter=flt)
    return None


# victory points the round decides ('at end of round, the player whose warband destroys the most enemies this round
# scores 15 VP'): the measure ("what" of the "vp" effect: "round:<measure>", ddm-guild.round-awards) for the words
_ROUND_AWARDS: Final = (
    (re.compile(r"^(?:at (?:the )?end of (?:the )?round, )?the player (?:whose warband|with) (?:destroys|eliminates) "
                r"(?:the most enemies|more enemies than any other) this round scores? \+?(?P<n>\d+) vp$"),
     "most-destroyed"),
    (re.compile(r"^(?:at (?:the )?end of (?:the )?round, )?the player whose warband destroys the highest-level enemy "
                r"this round scores? \+?(?P<n>\d+) vp$"), "highest-level-destroyed"),
    (re.compile(r"^(?:at (?:the )?end of (?:the )?round, )?the player whose warband destroys the highest-cost enemy "
                r"this round scores? \+?(?P<n>\d+) vp$"), "highest-cost-destroyed"),
    (re.compile(r"^(?:at (?:the )?end of (?:the )?round, )?the player (?:whose warband has|with) the most creatures "
                r"(?:occupying victory areas|in (?:his or her|their) victory areas)(?: at (?:the )?end of (?:the )?"
                r"round)? scores? \+?(?P<n>\d+) vp$"), "most-in-areas"),
    (re.compile(r"^each creature in any victory area at (?:the )?end of (?:the )?round scores (?P<n>\d+) vp for its "
                r"player$"), "each-in-area"),
    (re.compile(r"^if it destroys (?:1|one) or more (?:creatures|enemies) (?:during|this) (?:this )?round, "
                r"(?:you )?scores? \+?(?P<n>\d+) vp(?: at end of round)?$"), "self-destroyed"),
    (re.compile(r"^if at least (?:1|one) enemy is destroyed (?:during|this) (?:the )?round, (?:you )?scores? "
                r"\+?(?P<n>\d+) vp at end of round$"), "any-destroyed"),
    (re.compile(r"^(?:you )?scores? \+?(?P<n>\d+) vp whenever an enemy is destroyed this round$"), "each-destroyed"),
    # 'Players score double VP for occupying victory areas this round' (both players; amount: the factor)
    (re.compile(r"^players score (?P<n>double) vp for occupying victory areas this round$"), "double-areas"),
)


_SCOUT: Final = re.compile(r"^(?:has|have|gains?) scout(?: until end of battle)?(?: \(may set ?-?up in an unoccupied "
                           r"victory area\))?$")
_INITIATIVE: Final = re.compile(
    r"^(?:you )?(?:roll (?P<n>\d+|an?|one|two) (?:extra|additional) d20s?(?: (?:when determining|for) initiative)?"
    r"(?: this round)?|(?P<win>automatically win the next initiative roll))$")


_PER_DESTROYED: Final = re.compile(
    r"^(?:you )?scores? \+?(?P<n>\d+) vp for each enemy (?:it )?destroy(?:ed|s) (?:by|with) (?:that|the) attack$")


def _round_award(t: str) -> Effect | None:
    """'You score 20 VP for each enemy destroyed by that attack' (said as an attack is declared): once its hit is
    known, the points if it destroyed its target, an enemy ("vp" "per-destroyed", flagged "if-hit");
    'At end of round, the player whose warband destroys the highest-level enemy this round scores 15 VP', 'if at
    least 1 enemy is destroyed during the round, score +10 VP at end of round': a "vp" effect the end of the round
    (or, for 'whenever an enemy is destroyed this round', each destruction) settles; None for other words."""
    per = _PER_DESTROYED.match(t)
    if per:
        return Effect("vp", "player", int(per.group("n")), "per-destroyed", extra=("if-hit",))
    for rx, measure in _ROUND_AWARDS:
        m = rx.match(t)
        if m:
            return Effect("vp", "player", 2 if m.group("n") == "double" else int(m.group("n")), "round:" + measure)
    each = _EACH_ENEMY_AT_END.match(t)
    read = _target_words("enemy " + each.group("w")) if each else None
    if each and read is not None and read[1] == len("enemy " + each.group("w")):  # 'At end of round, you score 5 VP
        # for each enemy within 5 squares that is not adjacent to this creature': counted then, from where it is
        return Effect("vp", "player", int(each.group("n")), "round:each-enemy:" + read[0])
    return None


_EACH_ENEMY_AT_END: Final = re.compile(r"^at (?:the )?end of (?:the )?round, you score (?P<n>\d+) vp for each enemy "
                                       r"(?P<w>.+)$")
_ENDS_LAST: Final = re.compile(
    r"^((?:1|one|an?) (?:condition|effect)) on (that ally|the ally|it|target|that enemy) ends$")


def _clause(text: str, default_who: str, ctx: str) -> list[Effect]:
    """One clause of effects (no 'and' splitting beyond what the patterns allow). ``ctx`` is "hit" for an attack's
    rider (so "pushes 2" moves the target and a bare condition lands on the target)."""
    t = text.strip(" .;,")
    if not t:
        return []
    og = _GATE_OTHER.match(t) if ctx == "power" else None
    if og:  # 'Score +5 VP, or +10 VP if the enemy is a Champion': the other creature of the event decides
        gate = _gate_filter(og.group("s"), True)
        base = _clause(og.group("a"), default_who, ctx)
        try:
            alt = _clause(og.group("b"), default_who, ctx)
        except _Unread:  # 'Score +5 VP, or +10 VP': the verb is said once
            alt = _clause(og.group("a").split()[0] + " " + og.group("b"), default_who, ctx)
        if gate is None or len(base) != 1 or len(alt) != 1 or base[0].kind != alt[0].kind:
            raise _Unread(t)
        return [base[0], replace(alt[0], gate=gate, extra=(*alt[0].extra, "instead"))]
    ca = re.match(r"^(?P<base>.+?) \((?P<n>\d+) (?P<dt>[a-z]+ )?damage instead on a critical hit\)$", t) \
        if ctx == "power" else None
    if ca:  # 'That enemy takes 15 poison damage (30 poison damage instead on a critical hit)': the event's attack
        base_fx = _clause(ca.group("base"), default_who, ctx)  # a critical hit
        if len(base_fx) != 1 or base_fx[0].kind != "damage" or (ca.group("dt") or "").strip() != base_fx[0].what:
            raise _Unread(t)
        return [replace(base_fx[0], extra=(*base_fx[0].extra, f"crit-amount:{ca.group('n')}"))]
    oh = re.match(r"^if its attack hits, (?:the )?target (?:also )?has -(?P<n>\d+) attack on its attack$", t) \
        if ctx == "power" else None
    if oh:  # 'Make 1 {r} attack against that enemy as an immediate action. If this creature's attack hits, target also
        # has -4 Attack on its attack': the attack its power answers (the event's) has the penalty
        return [Effect("mod", "target", -int(oh.group("n")), "attack", "attack", extra=("if-own-hit",))]
    hv = _HEALS_EACH_TURN.match(t) if ctx == "power" else None
    if hv:  # 'Instill Vigor: 1 adjacent ally heals 10 HP at start of each of its turns until that ally moves': that
        # ally has the power to heal so at each of its turns' start, until its own move ends it (ddm_guild_play.grant)
        return [Effect("grant", "chosen-ally", 0, f"use at start of its turn: it heals {hv.group('n')} hp",
                       "until-moves", filter=Filter(within=-1 if hv.group("adj") else 0))]
    nh = _NEXT_HIT.match(t) if ctx == "power" else None
    if nh:  # 'Kris Rune: This creature's next M attack is an automatic hit and a critical hit', 'Unavoidable Strike:
        # This creature's next {m} attack is a critical': until it makes such an attack (ddm_guild_attacks._attack)
        form = {"m": "melee", "r": "ranged"}.get(nh.group("f") or "", "") or _FORMS.get((nh.group("f") or "") + " ", "")
        return [Effect("hit", "self", 0, "crit" if "critical" in nh.group("w") else "auto", "after-attack",
                       filter=Filter(attack_form=form), extra=("next-attack",))]
    award = _round_award(t) if ctx == "power" else None
    if award is not None:
        return [award]
    ini = _INITIATIVE.match(t) if ctx == "power" else None
    if ini:  # 'you roll 1 extra d20 when determining initiative this round', 'automatically win the next initiative'
        if ini.group("win"):
            return [Effect("initiative", "player", 0, "win")]
        return [Effect("initiative", "player", _words_to_int(ini.group("n")))]
    if ctx == "power" and (t.startswith(("roll", "on ", "if the result ")) or t[:1].isdigit()):
        rolled = _rolled(t, default_who, ctx)
        if rolled is not None:
            return rolled
    if ctx == "hit":
        gated = _gated(t)
        if gated is not None:
            return gated
    t = re.sub(r"^(?:then,?|and|also|instead,?) ", "", t)
    t = re.sub(r"^you may (?=place it\b)", "", t)  # 'you may place this creature within 5 squares of ...': if it helps
    cs = re.match(r"^choose (?:a|1|one) square (?:(?:with)?in (?:its )?line of sight|within (?P<n>\d+)(?: squares)? "
                  r"of it)$", t) if ctx == "power" else None
    if cs:  # 'Choose a square in line of sight (within 6 of this creature). ... that square and ...'
        return [Effect("choose", "square", int(cs.group("n") or 0), "near" if cs.group("n") else "seen")]
    if re.match(r"^(?:until (?:the )?end of (?:its )?turn, )?terrain and walls do not block its line of sight and "
                r"invisible creatures are visible to it(?: until (?:the )?end of (?:its )?turn)?$", t) and "until" in t:
        # 'Mind's eye: Until end of turn, terrain and walls do not block this creature's line of sight and invisible
        # creatures are visible to this creature' (profile ddm-guild.made-terrain)
        return [Effect("gain", "self", 1, "clear-sight", "end-turn")]
    if re.match(r"^(?:until (?:the )?end of (?:its )?turn, )?terrain does not block its line of sight"
                r"(?: until (?:the )?end of (?:its )?turn)?$", t) and "until" in t:
        # 'Keen Senses: Move action: Until end of turn, terrain does not block this creature's line of sight'
        return [Effect("gain", "self", 1, "terrain-sight", "end-turn")]
    if "switch" in t or t == "both creatures must end in legal positions":
        switched = _switch(t, ctx)
        if switched is not None:
            return switched
    made = _made_terrain(t) if "smoke" in t or "line of sight is limited" in t or "difficult" in t or \
        "slippery" in t else None
    if made is not None:
        return [made]
    t = _ENDS_LAST.sub(r"end \1 on \2", t)  # '1 condition on that ally ends': the verb after its object
    t = re.sub(r"^as an? (?:free|immediate) action, (?=each |all |\d |it )", "", t)
    immediate = bool(re.search(r" as (?:an? )?immediate action$", t))  # another creature's attack: its reaction
    t = re.sub(r" as (?:an? )?(?:immediate|free) action$", "", t)
    others = _it_and_others(t) if ctx == "power" else None
    if others is not None:
        return others
    both = _IT_AND_UP_TO.match(t) if ctx == "power" else None
    if both:  # 'This creature and up to 3 adjacent allies teleport up to 4 squares': the allies first (while beside
        # it), then it
        return [*_clause(f"up to {both.group('n')} adjacent allies {both.group('rest')}", default_who, ctx),
                *_clause(both.group("rest"), "self", ctx)]
    rc = _RESIST_CHOICE.match(t) if ctx == "power" else None
    if rc:
        types = re.split(r",? or |, ", rc.group("types"))
        options = [tuple(_clause(rc.group("pre") + x + rc.group("post"), default_who, ctx)) for x in types]
        if not all(options) or any(e.kind != "gain" for o in options for e in o):
            raise _Unread(t)
        if " or " not in rc.group("types"):
            return [e for o in options for e in o]
        return [_menu_effect(types, options, ctx)]
    unseen = re.fullmatch(r"enemies (?:may not|cannot|can not|can't) trace line of sight to it,? (?P<d>until .+)", t) \
        if ctx == "power" else None
    if unseen:  # 'Enemies may not trace line of sight to this creature until the start of its next turn': invisible to
        return [Effect("gain", "self", 1, "invisible-enemies", _duration(unseen.group("d")))]  # its enemies
    one = _IT_AND_ONE.match(t) if ctx == "power" else None
    if one:
        verb = {"have": "has", "gain": "gains"}[one.group("verb")]
        own = _clause(f"it {verb} {one.group('rest')}", default_who, ctx)
        ally = _clause(f"1 {one.group('ally')} {verb} {one.group('rest')}", default_who, ctx)
        if not own or any(e.who != "self" for e in own) or any(not e.who.startswith("chosen-") for e in ally):
            raise _Unread(t)
        return [*own, *(replace(e, duration=_OWN_CLOCK.get(e.duration, e.duration)) for e in ally)]
    who, flt, rest = _subject(t)
    if ctx == "hit" and who in ("all", "allies", "enemies") and flt.within == -1 and _BARE_ADJACENT.match(t):
        raise _Unread(f"{t} (adjacent to the target or to the attacker?)")
    if who == "everyone" and ctx != "power":  # in an attack: "Hit or miss, Undead creatures heal 15 HP"
        raise _Unread(f"{t} (every creature of those kinds, or only those the attack reaches?)")
    subject_given = bool(who)
    if not who:
        who = default_who
    body = rest
    body, lead_dur = _leading_duration(body)
    if lead_dur and not subject_given:
        who2, flt2, rest2 = _subject(body)
        if who2:
            who, flt, body, subject_given = who2, flt2, rest2, True
    # 'Each ally has +5 bonus instead of +2 while flanking until end of round': what combat advantage from flanking
    # gives them, when the card names the rules' bonus it replaces
    fk = re.match(r"^(?:has|have|gains?) \+(?P<n>\d+) (?:attack )?bonus instead of \+(?P<was>\d+) while flanking "
                  r"(?P<dur>until .+)$", body)
    if fk:
        dur_fk = _duration(fk.group("dur"))
        if int(fk.group("was")) != COMBAT_ADVANTAGE or not dur_fk or not subject_given:
            raise _Unread(body)
        return [Effect("gain", who, int(fk.group("n")), "flank-attack", dur_fk, filter=flt)]
    # Sneak Attack for a while ('Each Goblin ally has Sneak Attack 5 until end of round'): what the cards that print it
    # say it is (the static keyword "Sneak Attack N" read by _static_keyword)
    sa = re.match(r"^(?:has|have|gains?) sneak attack (?P<n>\d+)(?P<rest>.*)$", body)
    if sa:
        tail_sa, dur_sa = _split_duration(sa.group("rest"))
        dur_sa = dur_sa or lead_dur
        if tail_sa.strip() or not dur_sa:
            raise _Unread(body)
        printed = _static_keyword("sneak attack " + sa.group("n"))  # the keyword as a card prints it
        if printed is None or len(printed[0]) != 1:
            raise _Unread(body)
        s = printed[0][0]
        return [Effect("mod", who, s.amount, s.what, dur_sa, filter=_merge(flt, s.filter))]
    # a static ability for a while: "has resist 10 all until end of its next turn", "has insubstantial and phasing"
    gm = _GAIN_RE.match(body)
    if gm is None and ctx == "power" and not subject_given and default_who == "self":  # 'Use at start of turn:
        gm = _GAIN_RE.match("has " + body)  # Flight until end of turn': what it gains, the verb left out
    if gm:
        tail, dur = _split_duration(gm.group("rest"))
        dur = dur or lead_dur
        gains = _gains(gm.group("what"))
        if gains is not None and not tail and dur:
            return [Effect("gain", who, n, what, dur, filter=flt) for what, n in gains]
    # a wider critical range for a while: "allies score critical hits on a natural 19-20 until end of round", "each Evil
    # ally scores critical hits against Bloodied targets on attack rolls of natural 16-20 until end of round"
    km = _KEEN_RE.match(body)
    if km:
        keen_text, dur = _split_duration(km.group("rest"))
        dur = dur or lead_dur
        vs = (km.group("vs1") or km.group("vs2") or "").strip()
        cond, left = _mod_condition(vs) if vs else (Filter(), "")
        if not dur or left or keen_text.strip() or (vs and not (cond.target_state or cond.keyword)):
            raise _Unread(body)
        form = _FORMS.get((km.group("form") or "") + " ", "")
        kf = _target_kinds(cond)
        kf = Filter(keyword=kf.keyword, target_state=kf.target_state, self_state=kf.self_state, attack_form=form)
        return [Effect("mod", who, int(km.group("n")), "keen", dur, filter=_merge(flt, kf))]
    om = re.match(r"^(?:has|takes) \+(?P<n>\d+) ongoing (?:(?P<t>" + _TYPE_ALT + r") )?damage \(cumulative\)$", body)
    if om and who != "self":  # 'that target has +5 ongoing poison damage (cumulative)' (Grung Poison): its ongoing
        # damage of that type now is 5 more (the largest, which is the one it takes: ddm-guild.ongoing-damage)
        return [Effect("ongoing", who, int(om.group("n")), om.group("t") or "", "save", extra=("more",))]
    # a modifier: "has +2 attack until end of round"; "cumulative": it adds to itself (profile ddm-guild.stacking)
    body = re.sub(r"^if (?:that|the) attack hits,? (?=[+-]\d+ (?:\w+ )?damage on that attack$)", "", body)
    cumulative = bool(re.search(r"\bcumulative |\s?\(cumulative\)", body))
    mod_cap = ""
    if cumulative:
        body = re.sub(r"\bcumulative |\s?\(cumulative\)", "", body)
        cm = _CUMULATIVE_CAP.search(body)
        if cm:  # 'cumulative -2 AC (maximum -6)': all it adds up to, from this power, at most
            mod_cap, body = cm.group(1), body[: cm.start()] + body[cm.end():]
    least = _DAMAGE_FLOOR.search(body)
    if least:  # '-10 Damage (minimum 5 damage)': its damage is cut to no less than that (a modifier's words only)
        bare = body[: least.start()] + body[least.end():]
        if _HAS_RE.match(bare) or re.match(r"^[+-]\d", bare):
            body = bare
        else:
            least = None
    hm = _HAS_RE.match(body) if not re.match(r"^gains? \+?\d+ hp$", body) else None
    if hm or (re.match(r"^[+-]\d", body)):
        mod_text = hm.group("mod") if hm else body
        mod_text, dur = _split_duration(mod_text)
        on_attack = False
        oa = re.match(r"^(.*?) (?:on|to|against|vs\.?) (?:that|this|the) attack(?: roll)?$", mod_text) or re.match(
            r"^(.*? damage) to (?:that|the) target$", mod_text)  # 'Smite: +10 radiant damage to that target'
        if oa and not oa.group(0).endswith("attack") and not oa.group(0).endswith("roll") and (
                hm or ctx != "power"):  # (a power's bare bonus only; an attack's 'to the target' is its damage)
            oa = None
        if oa:
            mod_text, on_attack = oa.group(1), True
        nx = _NEXT_ATTACK.match(mod_text) if not oa and not dur else None
        next_form = ""
        if nx:  # '+4 attack and +5 damage on its next {r} attack this turn': until that attack is made
            mod_text = nx.group("mods")
            next_form = "melee|ranged" if nx.group("f") == "{m} or {r}" else _FORMS.get((nx.group("f") or "") + " ", "")
            dur = "end-turn" if nx.group("turn") else "after-attack"
        mods = _modifier(mod_text) if not nx else None
        alt_m = _ALT_MOD.match(mod_text) if mods is None and not nx else None
        if alt_m:  # '+2 attack (or +4 attack against Evil creatures)': the difference counts against those only
            mods = _alt_modifier(alt_m.group("base"), alt_m.group("alt"))
        elif nx:
            mods = _modifier(mod_text)
        if mods is None or (nx and any(f.attack_form or f.target_state or f.self_state for _s, _n, f, _d in mods)):
            raise _Unread(body)
        if nx:
            mods = [(stat, n, replace(f, attack_form=next_form), d) for stat, n, f, d in mods]
        dur = dur or lead_dur or ("attack" if on_attack else "")
        if not dur:
            dur = "permanent" if ctx == "static" else ""
        if not dur and ctx == "hit" and who == "target" and all(n < 0 for _s, n, _f, _d in mods):
            dur = "end-next-turn"  # '25 damage AND -4 Attack': a penalty an attack gives (ddm-guild.default-duration)
        if not dur:
            raise _Unread(f"{body} (no duration)")
        flags: tuple[str, ...] = (("cumulative",) if cumulative else ()) + ((f"cap:{int(mod_cap)}",) if mod_cap else ())
        if least:
            if not any(stat == "damage" and n < 0 for stat, n, _f, _d in mods):
                raise _Unread(body)
            flags += (f"min:{least.group(1)}",)
        if mod_cap and (len(mods) != 1 or (mods[0][1] < 0) != (int(mod_cap) < 0)):
            raise _Unread(body)
        if nx:
            flags += ("next-attack",)  # it ends once its holder has made such an attack (ddm_guild_attacks._attack)
        return [Effect("mod", who, n, stat, dur, filter=_merge(flt, _target_kinds(f)),
                       extra=((dtype,) if dtype else ()) + flags)
                for stat, n, f, dtype in mods]
    bt = re.match(r"^(?:that|the) attack's base damage becomes (?P<t>" + _TYPE_ALT + r") damage instead of its "
                  r"normal type$", t)
    if bt and ctx == "power":  # 'Use when any creature hits with an attack: That attack's base damage becomes fire
        return [Effect("base-type", "target", 0, bt.group("t"))]  # damage instead of its normal type'
    cs = re.match(r"^is (?P<new>" + _CONDITION_NAMES + r") instead of (?P<old>" + _CONDITION_NAMES + r")$", body)
    if cs and ctx == "power" and who == "target":  # 'Use when its basic melee attack hits: The target is Helpless
        return [Effect("cond-swap", "target", 0, f"{cs.group('old')}>{cs.group('new')}")]  # instead of Immobilized'
    # a condition
    if _CONDITION_RE.match(body) and not re.match(r"^(?:is |are )?invisible to non-?adjacent enemies", body):
        return _condition_effect(who, flt, body, "end-next-turn")  # (invisible to some only: a gain, below)
    if re.match(r"^(?:grants?|is granting) combat advantage", body):
        tail = re.sub(r"^(?:grants?|is granting) combat advantage(?: to (?:all creatures|all enemies|its enemies|"
                      r"each enemy|enemies))?", "", body)
        _, dur = _split_duration(tail)
        if _split_duration(tail)[0]:
            raise _Unread(body)
        return [Effect("condition", who, 0, "grants-ca", dur or "end-next-turn", filter=flt)]
    if re.match(r"^(?:can't|cannot|can not) shift", body):
        tail, dur = _split_duration(re.sub(r"^(?:can't|cannot|can not) shift", "", body))
        if tail:
            raise _Unread(body)
        return [Effect("condition", who, 0, "no-shift", dur or lead_dur or "end-next-turn", filter=flt)]
    cav_tail, cav_dur = _split_duration(body) if who == "self" else ("", "")
    if who == "self" and re.fullmatch(r"has combat advantage (?:against|vs\.?) that enemy", cav_tail) \
            and (cav_dur or lead_dur):  # 'this creature has combat advantage against that enemy until end of its
        # turn': that enemy grants it (its power's creature) combat advantage
        return [Effect("condition", "target", 0, "grants-ca-source", cav_dur or lead_dur)]
    na = re.match(r"^(?:can't|cannot|can not) (?:make attacks|attack)(?P<vs> (?:it|this creature))?", body)
    if na:  # 'target cannot attack (this creature) until end of its next turn'
        tail, dur = _split_duration(body[na.end():])
        dur = dur or lead_dur or "end-next-turn"
        what = "no-attack-source" if na.group("vs") else "no-attack"
        out_na = [Effect("condition", who, 0, what, dur, filter=flt)]
        also = re.match(r"^and (?:is )?(?P<c>" + "|".join(c for c in CONDITIONS if c.isalpha()) + r")$",
                        tail.strip(" ,"))
        if also:  # 'cannot attack and is Slowed (save ends both)': one duration for both
            out_na.append(Effect("condition", who, 0, also.group("c"), dur, filter=flt))
        elif tail:
            raise _Unread(body)
        return out_na
    each_oa = re.match(r"^provokes an opportunity attack from each (?P<adj>adjacent )?(?P<n>enemy|creature)$", body)
    if each_oa:  # 'target provokes an opportunity attack from each adjacent enemy'
        plural = "enemies" if each_oa.group("n") == "enemy" else "creatures"
        body = f"provokes opportunity attacks from {each_oa.group('adj') or ''}{plural}"
    pm = re.match(r"^provokes opportunity attacks(?: from (?:(?:each|all) )?(?P<adj>adjacent )?(?P<kw>[a-z\-]+ )?"
                  r"(?:enemies|creatures))?$", body)
    if pm:  # now: each enemy adjacent to it may make an opportunity attack (of those kinds)
        kinds = _event_kinds(pm.group("kw")) if pm.group("kw") else ""
        return [Effect("provoke", who, 0, kinds, filter=flt)]
    if re.match(r"^provokes opportunity attacks", body):
        tail, dur = _split_duration(re.sub(r"^provokes opportunity attacks(?: from [a-z ]+)?", "", body))
        if tail:
            raise _Unread(body)
        return [Effect("condition", who, 0, "provokes", dur or "end-next-turn", filter=flt)]
    o2 = re.match(r"^(?P<n>\d+) \+ (?P<m>\d+) ongoing (?P<t>(?:" + _TYPE_ALT + r") )?damage(?: \(save ends\))?$", body)
    if o2:  # '10 + 25 ongoing poison damage (save ends)': 10 damage now, 25 ongoing (as '5 + 10 poison damage')
        return [Effect("damage", who, int(o2.group("n")), filter=flt),
                Effect("ongoing", who, int(o2.group("m")), (o2.group("t") or "").strip(), "save", filter=flt)]
    # ongoing damage
    om = _ONGOING_RE.match(body)
    if om:
        n = int(om.group("a") or om.group("b"))
        tail, dur = _split_duration(om.group("rest"))
        if tail:
            raise _Unread(body)
        if dur not in ("", "save", "while-source", "battle"):  # ('ongoing 10 Damage until this creature is
            raise _Unread(body)  # destroyed', '15 ongoing necrotic damage (until end of battle)': no save ends it)
        return [Effect("ongoing", who, n, om.group("t") or "", dur or "save", filter=flt)]
    # damage of three types or more, the word 'damage' left out: '5 cold + 5 fire + 5 necrotic' (one damage of each)
    t3 = re.fullmatch(r"(?:takes? )?\d+ (?:" + _TYPE_ALT + r")(?: \+ \d+ (?:" + _TYPE_ALT + r")){2,}(?: damage)?", body)
    if t3:
        parts = re.findall(r"(\d+) (" + _TYPE_ALT + r")", body)
        return [Effect("damage", who, int(n), t, filter=flt, extra=("bonus",) if i else ())
                for i, (n, t) in enumerate(parts)]
    # damage of two types: "10 fire + 10 radiant damage"
    tm = re.match(r"^(?:takes? )?(\d+) (" + _TYPE_ALT + r") \+ (\d+) (" + _TYPE_ALT + r") damage$", body)
    if tm:
        return [Effect("damage", who, int(tm.group(1)), tm.group(2), filter=flt),
                Effect("damage", who, int(tm.group(3)), tm.group(4), filter=flt, extra=("bonus",))]
    # three parts: "20 + 10 fire + 10 radiant damage"
    t3 = re.match(r"^(?:takes? )?(\d+) \+ ?(\d+) (" + _TYPE_ALT + r") \+ ?(\d+) (" + _TYPE_ALT + r") damage$", body)
    if t3:
        return [Effect("damage", who, int(t3.group(1)), "", filter=flt),
                Effect("damage", who, int(t3.group(2)), t3.group(3), filter=flt, extra=("bonus",)),
                Effect("damage", who, int(t3.group(4)), t3.group(5), filter=flt, extra=("bonus",))]
    # more parts: "10 thunder + 10 lightning + 10 cold damage", "5 acid+ 5 cold + 5 fire + 5 lightning + 5 thunder"
    tn = re.match(r"^(?:takes? )?(?P<parts>\d+(?: (?:" + _TYPE_ALT + r"))?(?: ?\+ ?\d+ (?:" + _TYPE_ALT
                  + r"))+) damage$", body)
    if tn:
        parts = re.findall(r"(\d+)(?: (" + _TYPE_ALT + r"))?", tn.group("parts"))
        return [Effect("damage", who, int(n), typ, filter=flt, extra=("bonus",) if i else ())
                for i, (n, typ) in enumerate(parts)]
    # either type, the attacker's pick: "20 fire damage or 20 cold damage"
    em = re.match(r"^(?:takes? )?(\d+) (" + _TYPE_ALT + r") damage,? or (\d+) (" + _TYPE_ALT + r") damage$", body)
    if em and em.group(1) == em.group(3):
        return [Effect("damage", who, int(em.group(1)), em.group(2) + "^" + em.group(4), filter=flt)]
    # damage
    dm = _DAMAGE_RE.match(body)
    if dm:
        n = int(dm.group("n"))
        n2 = int(dm.group("n2")) if dm.group("n2") else 0
        types = [x for x in re.split(r" and |/| or | \+ | ", dm.group("t") or "") if x]  # '10 fire + radiant damage':
        # one damage of both types
        rest2 = dm.group("rest").strip(" .")
        extra: tuple[str, ...] = ()
        if rest2 in ("ignore insubstantial", "ignoring insubstantial", ", ignore insubstantial"):
            extra = ("ignore-insubstantial",)
            rest2 = ""
        if rest2:
            raise _Unread(body)
        if n2:
            return [Effect("damage", who, n, "", filter=flt, extra=extra),
                    Effect("damage", who, n2, "/".join(types), filter=flt, extra=("bonus", *extra))]
        return [Effect("damage", who, n, "/".join(types), filter=flt, extra=extra)]
    fo = re.match(r"^(?P<verb>push|pull|slide) (?P<subj>(?:1|one|an?|each|all|2|3) .+?) (?P<ex>up to |exactly )?"
                  r"(?P<n>\d+) squares?$", body)
    if fo:  # 'slide 1 enemy within 5 squares of it 1 square', 'slide an adjacent enemy 1 square'
        who_f, flt_f, rest_f = _subject(fo.group("subj"))
        where_f = _target_words("enemy " + rest_f) if rest_f and who_f == "enemies" and not flt_f.target_state \
            else None
        if where_f is not None and where_f[1] == len("enemy " + rest_f):  # 'slide each enemy occupying one of your
            flt_f, rest_f = replace(flt_f, target_state=where_f[0]), ""  # victory areas up to 1 square'
        enemies_f = who_f in ("chosen-enemy", "enemies", "chosen-creature") or who_f.startswith("chosen-enemies")
        # a push or pull of allies too: away from (toward) the source (ddm-guild.forced-movement); a slide of its own
        # creatures (each ally's, each creature's) is its player's: the engine moves them as it shifts them
        # (ddm-guild.own-slides); a state word is not a kind ('an Immobilized enemy')
        own_slide = fo.group("verb") == "slide" and fo.group("ex") == "up to " and who_f.split(":")[0] in (
            "allies", "chosen-ally", "chosen-allies", "all")  # ('slide all allies up to 3 squares')
        if (enemies_f or (who_f == "all" and (fo.group("verb") != "slide" or own_slide)) or own_slide) and not rest_f \
                and (not flt_f.keyword or kinds_known(flt_f.keyword)):
            return [Effect(fo.group("verb"), who_f, int(fo.group("n")), filter=flt_f,
                           extra=("exactly",) if fo.group("ex") == "exactly " else ("own-slide",) if own_slide else ())]
    pa = re.match(r"^pull (?P<subj>(?:1|one|an?|each|all) .+?) adjacent to it$", body)
    if pa:  # 'Pull each enemy within 5 squares adjacent to this creature': each as far as it takes (amount -1)
        who_p, flt_p, rest_p = _subject(pa.group("subj"))
        if who_p in ("chosen-enemy", "enemies") and not rest_p and flt_p.within > 0 and (
                not flt_p.keyword or kinds_known(flt_p.keyword)):
            return [Effect("pull", who_p, -1, filter=flt_p)]
    # forced movement; 'pull target adjacent (to it)': as far as it takes (amount -1)
    if re.match(r"^pulls? (?:the |that )?target(?: of (?:that|the) attack)?(?: adjacent(?: to it)?| to (?:a|an|any) "
                r"(?:space|square) adjacent to it| to an adjacent (?:space|square))$", body):
        return [Effect("pull", "target", -1)]
    fm = _FORCED_RE.match(body)
    if fm is None and subject_given and who == "self":
        fm = _FORCED_RE.match(t)
    if fm:
        verb = (fm.group("verb") or fm.group("verb2") or "")
        kind = "push" if verb.startswith("push") else "pull" if verb.startswith("pull") else "slide"
        n = _words_to_int(fm.group("n") or fm.group("n2"))
        ex = (fm.group("ex") or fm.group("ex2") or "").strip()
        target_word = (fm.group("who") or fm.group("who2") or "").strip()
        mover = "self" if target_word == "it" or (subject_given and who == "self" and not target_word) else \
            "ally" if target_word == "that ally" else \
            ("target" if ctx == "hit" or target_word else who)
        if mover == "ally" and (kind != "slide" or ex != "up to"):
            raise _Unread(body)  # ('slide that ally up to 4 squares': its own side's slide, moved as it shifts)
        if fm.group("rest").strip(" ."):
            raise _Unread(body)
        return [Effect(kind, mover, n, extra=("exactly",) if ex == "exactly" else ("own-slide",) if mover == "ally"
                       else ())]
    if _BARE_SHIFT_RE.match(body):  # "it shifts", "each ally can immediately shift": one shift (ddm-guild.shift)
        mover = who if subject_given else ("self" if default_who in ("target", "self") else default_who)
        return [Effect("shift", mover, SHIFT_SQUARES, filter=flt if subject_given else Filter())]
    tw = re.match(r"^teleports? (?:up to )?(?P<n>\d+)(?: squares?)?(?:, must end in a square adjacent to a wall| to a "
                  r"square adjacent to a wall|, must end in (?P<terrain>forest) terrain|, ending adjacent to "
                  r"(?P<beside>forest) terrain)$", t)
    if tw:  # a teleport that must end beside a wall / in or beside forest terrain: a placement among the squares it
        # sees
        where = "beside-" + tw.group("beside") if tw.group("beside") else tw.group("terrain") or "wall"
        return [Effect("place", "self", int(tw.group("n")), "seen:" + where)]
    mv = re.match(r"^(?:you may |may )?move (?P<subj>.+?) up to its speed$", t)
    if mv:  # 'You may move 1 Raider in your warband up to its speed': that creature moves (and may provoke)
        who_m, flt_m, rest_m = _subject(mv.group("subj"))
        if who_m in ("chosen-friend", "chosen-ally", "self") and not rest_m:
            return [Effect("move", who_m, -1, filter=flt_m)]
    st = _SHIFT_TO.match(body) if not subject_given or who == "self" else None
    end_to = _end_near(st.group("rest")) if st else None
    if st and end_to is not None:  # 'shift to another square adjacent to that enemy', 'teleports to a space adjacent
        # to an Evil ally', 'teleports up to 10 squares to a space adjacent to a Bloodied enemy': no number is as far
        # as it takes (a shift around that creature, a teleport anywhere it sees, a move of its speed)
        verb = st.group("verb")
        kind = "shift" if verb.startswith("shift") else "teleport" if verb.startswith("tele") else "move"
        n = int(st.group("n")) if st.group("n") else (-1 if kind == "move" else 0)
        return [Effect(kind, "self", n, end_to[0], filter=end_to[1])]
    sm = _SHIFT_RE.match(body)
    if sm:
        verb = sm.group("verb")
        kind = "shift" if verb.startswith("shift") else "teleport" if verb.startswith("tele") else "move"
        nword = sm.group("n")
        n = int(nword) if nword.isdigit() else -2 if nword.startswith("twice") else -1  # -1: its speed; -2: twice
        rest3 = sm.group("rest").strip(" .,")
        extra2: tuple[str, ...] = ()
        mode = _MOVE_MODE.match(rest3)
        if mode and (kind == "move" or (kind == "shift" and mode.group(1) == "flight")):  # 'move up to its speed with
            # Flight', '... as though with Burrow', 'Shift 4 with Flight': that move only
            rest3, extra2 = "", ("mode:" + mode.group(1),)
        end = _end_near(rest3) if rest3 and (not subject_given or who == "self") else None
        if end is not None:  # 'shift 3 squares, must end adjacent to that enemy'
            return [Effect(kind, "self", n, end[0], filter=end[1])]
        if rest3 in ("closer to target", "closer to the target", "closer to that enemy") and kind == "shift" \
                and (not subject_given or who == "self"):  # 'this creature shifts 1 square closer to target' (after
            return [Effect(kind, "self", n, "closer:target")]  # its push: it follows)
        if rest3 in ("", "and must end adjacent to that enemy", "toward that enemy", "closer to an enemy",
                     "ending closer to an enemy", "ending adjacent to an enemy", "and must end adjacent to an enemy"):
            if rest3:
                extra2 = (*extra2, "toward-enemy")
        else:
            raise _Unread(body)
        mover = who if subject_given else ("self" if default_who in ("target", "self") else default_who)
        return [Effect(kind, mover, n, extra=extra2, filter=flt if subject_given else Filter())]
    vh = _HEAL_WHOM.match(t) if not subject_given else None
    if vh:  # 'Heal an adjacent ally 10 HP', 'heal it or an adjacent ally 10 HP'
        who_h, flt_h, rest_h = _subject(vh.group("subj"))
        if who_h and not rest_h:
            return [Effect("heal", who_h, int(vh.group("n")), filter=flt_h)]
    hl = _HEAL_RE.match(body)
    if hl:
        rest4, dur = _split_duration(hl.group("rest"))
        if rest4 or dur:
            raise _Unread(body)
        return [Effect("heal", who if subject_given else ("self" if default_who == "target" else default_who),
                       int(hl.group("n")), filter=flt)]
    tt = re.match(r"^teleport (?:the )?target (?:up to (?P<n>\d+)(?: squares?)?|to any (?:space|square) within "
                  r"(?P<m>\d+) squares? of it)$", body) if ctx == "hit" else None
    if tt:  # 'teleport target up to 5 squares', 'teleport the target to any space within 3 squares of this creature'
        return [Effect("teleport", "target", int(tt.group("n") or tt.group("m")),
                       "away" if tt.group("n") else "near-self")]
    ta2 = re.match(r"^teleport (?:the |that )?attacker up to (?P<n>\d+)(?: squares?)?$", body) \
        if ctx == "power" else None
    if ta2:  # 'Use when a {m} attack misses this creature: Teleport attacker up to 3 squares' (away from it, as a
        return [Effect("teleport", "target", int(ta2.group("n")), "away")]  # target teleported is)
    pt = re.match(r"^place (?:the )?target in (?:a|any) (?:legal )?(?:space|square) adjacent to it(?: after resolving "
                  r"(?:the |that )?attack)?$", body) if ctx == "hit" else None
    if pt:  # 'place target in any square adjacent to this creature' (an attack's rider: its target beside it)
        return [Effect("place", "target", 0, "beside:self")]
    pa = re.match(r"^(?:place it|it is placed) (?:in (?:a|any) (?:space|square) )?adjacent to "
                  r"(?P<who>that ally|the ally|that enemy|the target|target|that target|target of that charge)$", body)
    if pa:  # 'Place this creature in a space adjacent to that ally' (no line of sight needed: not a teleport)
        return [Effect("place", "self", 0, "adjacent:" + ("ally" if "ally" in pa.group("who") else "target"))]
    sq_ = re.match(r"^place it in a (?:square|space) (?:that was|last) occupied by that ally$", body)
    if sq_:  # 'when an ally ... is destroyed by an enemy; place this creature in a square that was occupied by that
        return [Effect("place", "self", 0, "in-space:ally")]  # ally' (one of the squares it stood in)
    ds = re.match(r"^place it in a (?:square|space) adjacent to the (?:square|space) (?:last )?occupied by that "
                  r"creature$", body)
    if ds:  # 'Use after any creature is destroyed: Place this creature in a space adjacent to the space occupied by
        return [Effect("place", "self", 0, "adjacent:target:space")]  # that creature' (where it stood)
    ta = re.match(r"^(?:it )?teleports to a (?:square|space) adjacent to (?:the |that )?target$", body)
    if ta:  # 'this creature teleports to a square adjacent to target' (an attack's rider): one it sees
        # (ddm-guild.teleport)
        return [Effect("place", "self", 0, "adjacent:target:seen")]
    pe = re.match(r"^place (?:a|an|1) (?:(?P<kw>[a-z\-]+) )?ally (?:in (?:a|any) (?:space|square) )?adjacent to an "
                  r"enemy (?:with)?in (?:its )?line of sight(?: of it)?$", body) if ctx == "power" else None
    if pe:  # 'Place a Vermin ally adjacent to an enemy within line of sight of this creature'
        try:
            kinds_pe = _event_kinds(pe.group("kw")) if pe.group("kw") else ""
        except _Unread:
            kinds_pe = "?"
        if kinds_pe != "?":
            return [Effect("place", "chosen-ally", -1, "beside:seen-enemy", filter=Filter(keyword=kinds_pe))]
    po = re.match(r"^place (?P<subj>.+?) (?:in (?:a|any) (?:space|square) )?adjacent to (?:it|itself)$", body) \
        if ctx == "power" else None
    if po:  # 'Place an Aberrant ally adjacent to this creature', 'Place that enemy adjacent to this creature'
        who_p, flt_p, rest_p = _subject(po.group("subj"))
        if who_p in ("chosen-ally", "ally", "target") and not rest_p:
            return [Effect("place", who_p, 0, "beside:self", filter=flt_p)]
    pl = _placement(body)
    if pl is not None:
        return [pl]
    pv = re.match(r"^place that ally (?P<where>in .+)$", body) if ctx == "power" else None
    if pv:  # 'Use when an ally ends a turn: Place that ally in a victory area' (where the engine would put it)
        ally_at = _place_where(pv.group("where"))
        if ally_at is not None and not ally_at.what.startswith("near:"):
            return [replace(ally_at, who="ally")]
    sv2 = _SURVIVE.match(t)
    if sv2:  # 'this creature is not destroyed and has 20 HP instead'
        return [Effect("survive", "self", int(sv2.group("n") or sv2.group("n2") or 0))]
    hp = re.match(r"^(?:it )?has (\d+) hp(?: remaining)?(?:,? instead)?$", t)
    if hp and default_who == "self":  # '..., then has 5 HP': the HP a creature that is not destroyed keeps
        return [Effect("survive", "self", int(hp.group(1)), "hp")]
    sv = re.match(r"^spends? (\d+) (?:vp|victory points?)$", body)
    if sv:  # 'Minor action; spend 5 VP, then this creature heals 30 HP': its side's points pay for the rest
        return [Effect("vp", "player", -int(sv.group(1)), extra=("spend",))]
    vm = _VP_RE.match(body)
    if vm:
        if vm.group("rest").strip(" ."):
            raise _Unread(body)
        return [Effect("vp", "opponent" if who == "opponent" else "player", int(vm.group("n")))]
    if re.match(r"^(?:immediately )?(?:repeats?|makes? that attack again) (?:that attack )?against the same target"
                r"(?: as (?:an? )?(?:immediate|free) action)?$", body):  # the attack in progress, once more at its
        return [Effect("attack", who if subject_given else "self", 0, "same")]  # target (after an event of it)
    rp = _REPEAT_RE.match(body)
    if rp:  # 'make this attack again', 'repeat this attack', 'make another Five Arms attack': the attack it hit with
        body = "make a " + (rp.group("name") or "this") + " attack" + rp.group("rest")
    am = _EXTRA_ATTACK_RE.match(body)
    if am:
        count = _words_to_int(am.group("count"))
        which = am.group("which").strip()
        which = {"{b}": "basic", "{m}": "melee-basic", "{mb}": "melee-basic", "{r}": "ranged-basic",
                 "{rb}": "ranged-basic", "melee": "melee-basic", "ranged": "ranged-basic",
                 "{m} or {r}": "basic", "this": "same", "melee basic or ranged": "basic", "{mb} or {rb}": "basic",
                 "{mb} or ranged": "basic", "opportunity": "opportunity"}.get(which, "power:" + which)
        rest5 = am.group("rest").strip(" .")
        bonus = extra_damage = 0
        quiet = re.search(r"(?:^| )that does not provoke opportunity attacks(?= |,|$)", rest5)
        if quiet:  # 'makes a Shortbow attack that does not provoke opportunity attacks as an immediate action'
            rest5 = (rest5[: quiet.start()] + " " + rest5[quiet.end():]).strip(" ,.")
        bm = _ATTACK_WITH.search(rest5)
        if bm:  # 'a {b} attack with +2 Attack against that enemy', '... with +10 damage vs. that enemy': that attack's
            said = {bm.group("s"): int(bm.group("n"))}
            if bm.group("s2"):  # 'with +2 Attack and +5 damage'
                said[bm.group("s2")] = int(bm.group("n2"))
            if bm.group("s2") == bm.group("s"):
                raise _Unread(body)
            bonus, extra_damage = said.get("attack", 0), said.get("damage", 0)
            rest5 = (rest5[: bm.start()] + " " + rest5[bm.end():]).strip(" ,.")
        against = re.match(r"^(?:against|vs\.?|on) (?:that enemy|the target|that target|the same target|target|it|"
                           r"the attacker|that creature|the triggering enemy|(?:that )?attacker|the enemy)(?= as |$)",
                           rest5)
        if against:  # 'against that enemy': the event's creature, or no one (never another enemy)
            rest5 = rest5[against.end():].strip(" ,.")
        rest5 = re.sub(r"^against an adjacent enemy(?= as |$)", "", rest5).strip(" ,.")
        turned = {"as though dominated": "dominated", "against itself": "itself"}.get(rest5, "")
        if turned:  # 'target makes a {m} attack as though Dominated', 'target makes a {b} attack against itself': the
            # attack's target turned on its own side or on itself (ddm-guild.turned-attack)
            if not subject_given or who != "target" or count != 1 or bonus or extra_damage or quiet:
                raise _Unread(body)
            rest5 = ""
        other = bool(re.match(r"^against a different target\b", rest5))  # not the event's creature
        if other:
            rest5 = rest5[len("against a different target"):].strip(" ,.")
        rest5 = re.sub(r"^as (?:an? )?(?:immediate|free) action", "", rest5).strip(" ,.")
        cap: tuple[str, ...] = ()
        mx = _EXTRA_CAP.search(rest5)
        if mx:  # '(maximum 2 per turn)', '(maximum once per turn)', '(max. 1 per turn)', '(once per turn)'
            once = (mx.group("n") or "once") == "once"  # 'once per turn': the extra attack; 'maximum 2': attacks
            n_cap = 1 if once else _words_to_int(mx.group("n"))
            cap = (f"{'times' if once else 'max'}:{n_cap}:{mx.group('per') or mx.group('per2')}",)
            rest5 = rest5[: mx.start()].strip(" ,.")
            other = other or bool(re.match(r"^against a different target$", rest5))
            rest5 = re.sub(r"^against (?:a different|the same) target$", "", rest5)
        aim, aim_state = _aimed(rest5) if count == 1 and not other and not cap else ("", "")
        if aim:  # 'against the nearest target', 'against each adjacent enemy', 'against an Immobilized enemy'
            rest5 = ""
        if rest5:
            raise _Unread(body)
        attacker = who if subject_given else "self"
        if aim and attacker != "self":
            raise _Unread(body)
        imm = ("immediate",) if (immediate or am.group("imm") or "as an immediate action" in am.group("rest")) \
            and attacker not in ("self", "target", "ally") else ()  # 'that ally' acts as its event lets it
        if (which == "same" or cap) and (attacker != "self" or count != 1):
            raise _Unread(body)
        more = ((f"damage:{extra_damage}",) if extra_damage else ()) + (("no-provoke",) if quiet else ()) + (
            (aim,) if aim and aim != "state" else ()) + ((turned,) if turned else ())
        aimed_at = Filter(target_state=aim_state, within=-1 if aim == "each-adjacent" else 0)
        return [Effect("attack", attacker, bonus, which, count=count, filter=flt if attacker != "self" else aimed_at,
                       extra=imm + (("other-target",) if other else ()) + (("that",) if against else ()) + cap + more)]
    cu = _CHAMPION_USES.match(body)
    if cu:  # 'it regains 1 use of its Champion powers', 'a champion enemy loses 1 use of its Champion powers',
        # 'Recharge one use of an ally's Champion powers', "Expend one use of that enemy's Champion powers"
        whose = cu.group("whose")
        if whose == "its" and not subject_given:
            who = "self"
        elif whose != "its" and not subject_given:
            who, flt = {"an ally's": ("chosen-ally", Filter(keyword="champion")),
                        "that enemy's": ("target", Filter())}[whose]
        elif whose != "its":
            raise _Unread(body)
        n = _words_to_int(cu.group("n"))
        gain = cu.group("v").startswith(("regain", "recharge"))
        return [Effect("champion-uses", who, n if gain else -n, filter=flt)]
    if re.match(r"^recharge one of that [a-z\-]+'s attack powers(?:, even if the power is not normally "
                r"rechargeable)?$", body):  # 'RECHARGE one of that Dragon's attack powers': a spent one of its event's
        return [Effect("recharge", "target", what="attack-power")]  # creature (the engine picks the first)
    if re.match(r"^(?:recharges?|recharge) (?:this power|it)$", body):
        return [Effect("recharge", "self")]
    if who == "target" and body == "loses a use of a limited power":  # a use of one of its powers with a use limit,
        return [Effect("recharge", "target", -1, "limited", extra=("spend",))]  # or of its champion powers
    lu = re.match(r"^loses? (?:a|one|1) use of (?P<name>[a-z][a-z' \-]*)$", body) if who == "self" else None
    if lu and lu.group("name") not in ("its champion powers", "a champion power"):  # 'this creature loses a use of
        return [Effect("recharge", "self", -1, "power:" + lu.group("name"), extra=("spend",))]  # Sweetsong'
    rn = _RECHARGE_EFFECT.match(t) or (_RECHARGE_EFFECT.match(body) if who == "self" else None)  # ('This creature
    # recharges Paralyzing Breath': its own power)
    if rn and re.search(r"\bor (?:makes?|uses?) ", rn.group("names")):
        raise _Unread(body)  # 'RECHARGE Retribution or make a Retribution attack': a choice, not two names
    if rn and _and_more(rn.group("names"), default_who, ctx):
        raise _Unread(body)  # 'RECHARGE Stunning Rend AND all enemies have -2 Attack': a name, then another clause
        # (read when the clauses are split on 'and'; a name such as 'Hit and Run' stays whole)
    if rn:  # another power of the card, by name ("recharge its crushing blow", "recharge dominate or mind blast")
        names = [re.sub(r"^its ", "", n).strip() for n in rn.group("names").split(" or ")]
        return [Effect("recharge", "self", what="power:" + "|".join(names))]
    if re.match(r"^(?:that|the) (?:opportunity )?attack (?:misses(?: it)?(?:,? instead)?|instead misses"
                r"|automatically misses"
                r"|is a miss(?:,? instead)?|becomes a miss(?:,? instead)?)$", body):
        return [Effect("negate", "self")]
    if re.match(r"^(?:that (?:champion )?power has no effect|(?:the effects of )?that (?:champion )?power (?:is|are) "
                r"cancell?ed)$", t):  # an enemy's champion power as it is used: its effects do not happen
        return [Effect("cancel", "self", what="champion")]
    if re.match(r"^(?:ignore that condition|that [a-z\-]+ is not affected by that condition)(?:,? instead)?$", t):
        return [Effect("cancel", "self", what="condition")]  # a condition as it would be put on: it is not
    hm2 = re.match(r"^(?:that|the) attack (?:is|becomes|scores) (?:an? )?(?P<what>(?:normal )?hit|critical hit"
                   r"|(?:automatic )?hit"
                   r"(?: and (?:an? )?(?:automatic )?critical hit)?)(?:,? instead)?$", t)
    if hm2 is None:
        hm2 = re.match(r"^(?:that|the) attack (?P<what>automatically hits|scores a critical(?: hit)?)$", t)
    if hm2:  # what an attack roll gives, changed by a power that answers the attack
        w = hm2.group("what")
        return [Effect("hit", "self", what="crit" if "critical" in w else "auto" if "automatic" in w else "normal")]
    ra = re.match(r"^(?:it )?(?:has|gains) resist (?P<n>\d+) all (?:vs\.?|against) (?:that|the) attack$", t)
    if ra:  # 'Wyrm Blessed: ...: This creature has Resist 20 All vs. that attack' (the larger of its Resist All)
        return [Effect("hit", "self", int(ra.group("n")), what="resist-all")]
    if re.match(r"^(?:it )?takes half damage from (?:that|the) attack$", t):  # 'Evasive', 'Swarm'
        return [Effect("hit", "self", what="half-damage")]
    if re.match(r"^(?:that|the) attack (?:cannot|can't|can not|may not) be redirected$|^that attack is not redirected"
                r"(?:,? instead)?$", t):
        return [Effect("hit", "self", what="no-redirect")]  # ('Precise Attack')
    if re.match(r"^(?:that|the) attack(?:'s damage)? ignores (?:all )?resist(?: abilities)?$", t):
        return [Effect("hit", "self", what="ignore-resist")]
    ch = _CHOOSE_RE.match(t)
    if ch:
        return [_choose(ch)]
    redirect = _redirect(body, who if subject_given else "", flt)
    if redirect is not None:
        return [redirect]
    cv = re.match(r"^deals (?P<b>[a-z]+) damage instead of (?P<a>[a-z]+) damage (?P<d>until .+)$", body)
    if cv and who == "self" and cv.group("a") in DAMAGE_TYPES and cv.group("b") in DAMAGE_TYPES:  # 'whenever this
        # creature would do poison damage, it does necrotic damage instead' (for a while)
        return [Effect("gain", "self", 1, f"convert:{cv.group('a')}:{cv.group('b')}", _duration(cv.group("d")))]
    mh = re.match(r"^(?:has )?(?:maximum (?P<n>\d+) hp|maximum hp (?P<n2>\d+)) instead of \d+(?: hp)?"
                  r"(?: and is bloodied at (?P<bl>\d+) hp instead of \d+ hp)?$", body)
    if mh and who == "self":  # 'This creature has maximum 30 HP instead of 20 HP and is bloodied at 15 HP instead
        # of 10 HP' (half of it: the rules' line), 'maximum HP 80 instead of 65'
        n_hp = int(mh.group("n") or mh.group("n2"))
        if mh.group("bl") and int(mh.group("bl")) != n_hp // 2:
            raise _Unread(body)
        return [Effect("max-hp", "self", n_hp)]
    if not subject_given and body == "destroy that ally":  # 'Death Clause: ... Destroy that ally; this creature is
        return [Effect("destroy", "ally")]  # not destroyed, but has 10 HP remaining instead'
    if ctx == "hit" and who == "target" and body in ("destroyed", "is destroyed"):  # 'Slaying Arrow: (bloodied
        return [Effect("destroy", "target")]  # target only) +18 vs. Fortitude; target is destroyed': by the attack

    rm = re.match(r"^(?:re-?rolls?)(?: (?:that|the|its) (attack roll or saving throw|attack or saving throw|attack"
                  r"(?: roll)?|save|saving throw|roll))?(?: and uses? the (?:higher|new) result)?(?:,? instead)?$",
                  body)
    if rm:  # 'use the higher result': the engine offers only a miss or a failed save, so the new roll is the higher
        # whenever it changes anything (profile ddm-guild.rerolls)
        w = rm.group(1) or "roll"
        return [Effect("reroll", who, 0, "any" if " or " in w or w == "roll" else "attack" if w.startswith("attack")
                       else "save")]
    if re.match(r"^roll (?:1d20|a d20) twice and use the higher result as the attack roll$", body):  # (Lucky Weapon,
        # as its attack is declared): its miss rolled again, the same as the higher of two (ddm-guild.rerolls)
        return [Effect("reroll", who, 0, "attack")]
    if who == "self" and re.match(r"^(?:cannot|can not|may not) take (?:any )?(?:further|more|other) actions this "
                                  r"turn$", body):  # 'this creature takes 20 damage and cannot take further actions
        return [Effect("extra-action", "self", 0, "none")]  # this turn': what it has left of its turn is gone
    xa = re.match(r"^(?:may |can )?(?:takes?|gains?) (1|an?|one) (?:extra|additional) (?P<a>attack|move) action"
                  r"(?: this turn)?$", body)
    if xa and who == "self":  # 'Take 1 additional attack action', 'Gain 1 extra attack action', 'may take an extra
        return [Effect("extra-action", "self", 1, xa.group("a"))]  # attack action', 'Take 1 extra move action': one
        # more this turn
    tm = re.match(r"^takes -(\d+) damage$", body)
    if tm and who == "self":  # 'Use when this creature takes damage: This creature takes -5 damage' (that damage)
        return [Effect("reduce", "self", int(tm.group(1)), "taken")]
    lm = re.match(r"^takes (\d+) less damage from (?:that|the) attack(?: \((?:minimum|min\.?) (\d+)(?: damage)?\))?$",
                  body)
    if lm:  # ('(minimum 10 damage)': no less than that is left of its damage)
        return [Effect("reduce", "self", int(lm.group(1)), extra=(f"min:{lm.group(2)}",) if lm.group(2) else ())]
    if re.match(r"^ignores? (?:the )?non-?damage effects of (?:that|the) attack$", body):  # (Arrow of Deflection):
        return [Effect("reduce", "self", 0, "riders")]  # the conditions and other effects it would put on the one hit
    if ctx == "power" and subject_given and _SCOUT.match(body):  # 'a Dragon ally gains Scout' (during set-up:
        return [Effect("scout", who, 0, "", "battle", filter=flt)]  # ddm_guild sets it up so)
    tc = re.match(r"^ends? that condition(?: on (?P<on>that ally|the ally|it|itself|that enemy|target))?$", body)
    if tc:  # 'End that condition on that ally': the condition its event put on (after 'when an ally becomes Dazed')
        return [Effect("cleanse", _CLEANSE_ON[tc.group("on")] if tc.group("on") else who if subject_given
                       else default_who, 0, "cond:gained", count=1)]
    named = _named_cleanse(body, who if subject_given else default_who)
    if named is not None:
        return [named]
    if subject_given and re.fullmatch(r"loses? all conditions(?: affecting (?:it|them))?", body):  # 'This creature or
        return [Effect("cleanse", who, 0, "cond:*", count=99, filter=flt)]  # an adjacent ally loses all conditions
        # affecting it': what 'Remove all conditions from ...' does
    cl = _CLEANSE_RE.match(body)
    if cl:  # 'end 1 condition with a duration of (save ends) on 1 ally within 5 squares of it', 'End an ongoing damage
        # condition on an adjacent living ally', 'end 1 ongoing effect or condition on an adjacent ally'
        on = cl.group("on") or ""
        who_c, flt_c = (who if subject_given else default_who), Filter()
        if on in _CLEANSE_ON:
            who_c = _CLEANSE_ON[on]
        elif on:
            who_c, flt_c, rest_c = _subject(on)
            if not who_c or rest_c or who_c.split(":")[0] not in ("chosen-ally", "chosen-self-or-ally", "allies"):
                raise _Unread(body)
        words = cl.group("what")
        what = "condition" if "(save ends)" in words else "ongoing" if "ongoing" in words and " or " not in words \
            else ""
        n = 99 if cl.group("n") == "all" else _words_to_int(cl.group("n"))
        return [Effect("cleanse", who_c, 0, what, count=n, filter=flt_c)]
    ce = re.match(r"^(?:ends?|end) (?:1|one|an?) (?:effect or condition|condition or effect|ongoing damage effect)"
                  r" on (?:that ally|the ally|it|itself|target|that enemy)$", body)
    if ce:  # 'end 1 effect or condition on that ally', 'end 1 ongoing damage effect on that ally'
        what = "ongoing" if "ongoing" in body else ""
        target_word = body.rsplit(" on ", 1)[1]
        who_c = "ally" if "ally" in target_word else "self" if target_word.startswith("it") else "target"
        return [Effect("cleanse", who_c, 0, what, count=1)]
    em = re.match(r"^(?:ends?|end) (\d+|one|all|a) (?:conditions?|effects?)(?: or ongoing damage(?: effects?)?)?"
                  r"(?: that a save can end)?(?: on (?:(?:1|an|one|that) )?(?:ally|it|itself|that ally|target))?$",
                  body)
    if em:
        n = 99 if em.group(1) == "all" else _words_to_int(em.group(1))
        return [Effect("cleanse", who if subject_given else default_who, 0, count=n)]
    sv = re.match(r"^(?:makes?|rolls?) a saving throw (?:against (?:1|one) (?P<one>condition or effect|effect or "
                  r"condition) that a save can end|to end each (?P<each>condition) that a save can end)$", body)
    if sv:  # '1 ally within 3 squares makes a saving throw against 1 condition or effect that a save can end', 'each
        # ally adjacent to it rolls a saving throw to end each condition that a save can end': a save against it, each
        return [Effect("cleanse", who if subject_given else default_who, 0,
                       "save-roll" + (":condition" if sv.group("each") else ""), count=99 if sv.group("each") else 1,
                       filter=flt)]
    if re.match(r"^is destroyed$", body) and who == "self":
        return [Effect("destroy-self", "self")]
    gw_body, gw_dur = _split_duration(body)  # 'Demon allies gain Hide until end of round', 'enemies do not benefit
    # from Conceal or invisibility until end of round'; 'each ally occupying a victory area has Conceal 6 ...': those
    # standing there when the power is used
    place = re.match(r"^(?:occupying|in) (?P<w>a|any|one of your|your) victory areas?(?: at (?:the )?start of (?:the )?"
                     r"round)? (?=[a-z])", gw_body)
    if place and subject_given and who in ("allies", "friends", "self-and-allies", "enemies", "all") \
            and not flt.target_state:
        flt = replace(flt, target_state="at:in-victory-area" + (":own" if "your" in place.group("w") else ""))
        gw_body = gw_body[place.end():]
    gw = gain_words(gw_body) if gw_dur or lead_dur else None
    if gw is None and (gw_dur or lead_dur) and ctx == "power" and not subject_given and default_who == "self":
        gw = gain_words(gw_body, bare=True)  # 'Minor action. Resist 5 All and ignore forced movement until start of
        # its next turn': what it has, the verb left out
    if gw:
        return [Effect("gain", who, n, what, gw_dur or lead_dur, filter=flt) for what, n in gw]
    by_name = _NAMED_FOR_A_WHILE.match(gw_body) if ctx == "power" and subject_given and (gw_dur or lead_dur) \
        else None
    if by_name:  # 'each Divine and each Martial ally has Defender until end of round': a power of its card by name
        # (card_powers puts in its words, or says there is none)
        return [Effect("grant", who, 0, "power:" + by_name.group("name"), gw_dur or lead_dur, filter=flt)]
    raise _Unread(t)


# --- riders that depend on the target ---------------------------------------------------------------------------
# '+15 necrotic damage if target is bloodied', 'Dazed target is Stunned instead', '10 damage OR 20 damage if target is
# Immobilized', 'if already Slowed, target is instead Immobilized (save ends)', '+10 radiant damage against Evil
# targets': [effect] [target state] [instead]. The state is read by the modifiers' own words ('vs. bloodied
# targets', _MOD_CONDITIONS), so every target state they know is a gate too.

_GATE_IF: Final = re.compile(r"^if (?:the )?(?:target is |already )(?:already )?(?P<s>[^,]+), (?P<rest>.+)$")
_GATE_SUBJECT: Final = re.compile(r"^(?:an? )?(?P<s>[a-z][a-z ,\-]*?) targets? (?:is|are) (?P<rest>.+)$")
_GATE_TAIL: Final = re.compile(
    r"^(?P<rest>.+?),? (?:if (?:the )?target is (?P<s>[^,]+?)|"
    r"(?P<vs>(?:vs\.?|against) [a-z ,\-]+? (?:targets?|enem(?:y|ies))))(?P<instead>,? instead)?$")
_GATE_OR: Final = re.compile(r"^(?P<a>(?:\d+ )?[^,]*?damage),? or (?P<b>\d+ [^,]*?damage) (?:if (?:the )?target is "
                             r"(?P<s>[^,]+)|(?P<vs>vs\.? [a-z ,\-]+))$")  # ('10 damage OR 15 damage vs. targets with
# Flight')
_BONUS_DAMAGE: Final = re.compile(r"^\+(?P<n>\d+) (?P<t>(?:" + _TYPE_ALT + r") )?damage$")


# 'Redirect that attack to this creature' (Bodyguard), 'it can redirect that attack to an adjacent ally', 'Redirect
# the attack to an adjacent Elemental ally instead', 'Redirect that attack to an Immobilized enemy adjacent to this
# creature other than the attacker', 'Redirect that attack to another enemy adjacent to this creature'
_REDIRECT_TO: Final = re.compile(r"^(?:can )?redirect (?:that|the) attack (?:to|against) (?P<to>.+?)(?:,? instead)?$")
_NOT_THE_ATTACKER: Final = re.compile(r"(?: other than the attacker| \(can ?not redirect to the attacker\))$")


def _redirect(body: str, who: str, flt: Filter) -> Effect | None:
    """An attack taken over by another creature (profile ddm-guild.redirect-away): to this creature ("self": 'Redirect
    that attack to this creature', 'That attack hits this creature instead'), or away from it to one creature adjacent
    to it ('chosen-ally' / 'chosen-enemy', of the filter's kinds or state); 'An adjacent Beast ally is hit instead',
    'the attack instead hits 1 enemy within 5 squares of this creature' (after the roll: the attack hits that
    creature); 'the enemy or ally with the lowest current HP within that enemy's reach' ("lowest-in-reach"). A
    redirect before the roll to an enemy only when the words exclude the attacker ("not-attacker": is an attack
    turned on its own attacker? the card says when it means it)."""
    if who:
        if who == "chosen-ally" and flt.within == -1 and body == "is hit instead":
            return Effect("redirect", who, filter=flt)
        if body == "takes that damage instead":
            return _damage_instead(who, flt)
        if who != "self" or not body.startswith("can redirect "):
            return None
    ti = re.match(r"^(?:that|the) attack targets (?P<to>.+) instead$", body)
    if ti:  # 'Use when this creature is targeted by an attack: The attack targets an adjacent Kobold ally instead'
        who4, f4, rest4 = _subject(ti.group("to"))
        return Effect("redirect", who4, filter=f4) if who4 == "chosen-ally" and f4.within == -1 and not rest4 \
            else None
    if re.match(r"^assign half (?:the|that|of the|of that) damage to it instead$", body):  # 'Honor Guard'
        return Effect("share", "self", what="half-instead")
    if re.match(r"^(?:that|the) attack deals half damage to that ally and to it$", body):  # 'Roots of the Colony'
        return Effect("share", "self", what="half-both")
    if re.match(r"^(?:(?:that|the) attack hits it|(?:it )?is hit by (?:that|the) attack) instead$", body):  # 'Militia
        # Guard', '... switches positions with that ally and is hit by that attack instead': after an ally is hit
        return Effect("redirect", "self")
    if re.match(r"^(?:that|the) attack instead targets the enemy or ally with the lowest current hp within that "
                r"enemy's reach$", body):  # 'Berserk Deflection'
        return Effect("redirect", "lowest-in-reach")
    hi = re.match(r"^(?:that|the) attack instead hits (?P<to>.+)$", body)
    if hi:  # 'Ki Deflection: Use when a {r} attack misses this creature; the attack instead hits 1 enemy within 5
        who3, f3, rest3 = _subject(hi.group("to"))  # squares of this creature'
        return Effect("redirect", who3, filter=f3) if who3 == "chosen-enemy" and not rest3 else None
    body = re.sub(r" as (?:in|an) immediate action$", "", body)  # ('as in immediate action': a misprint)
    ct = re.match(r"^choose (?P<to>.+) as the target instead$", body)  # 'choose 1 active adjacent Goblin ally as the
    m = ct or _REDIRECT_TO.match(body)  # target instead'
    if m is None:
        return None
    to = re.sub(r"\bactive ", "", m.group("to"))  # ('1 active Small Goblin ally': one on the battle map, as all are)
    if to in ("it", "itself"):
        return Effect("redirect", "self")
    na = _NOT_THE_ATTACKER.search(to)
    other = na is not None
    if na:
        to = to[:na.start()]
    elif to.startswith("another enemy "):
        to, other = "an enemy " + to[len("another enemy "):], True
    who2, f2, rest = _subject(to)
    if rest or f2.within != -1 or who2 not in ("chosen-ally", "chosen-enemy") or (who2 == "chosen-enemy" and not other):
        return None
    return Effect("redirect", who2, filter=f2, extra=("not-attacker",) if other else ())


def _damage_instead(who: str, flt: Filter) -> Effect | None:
    """'This creature takes that damage instead' (of an ally's), '1 non-Champion ally within 5 squares takes that
    damage instead', 'an adjacent enemy takes that damage instead' (of its own): all the hit points about to be lost
    are lost by that creature (profile ddm-guild.redirect-away)."""
    if flt.keyword.startswith("non-") and "|" not in flt.keyword and "+" not in flt.keyword:  # ('non-Champion')
        flt = replace(flt, keyword="!" + flt.keyword[4:])
    if who in ("self", "chosen-enemy") or (who == "chosen-ally" and flt.within != 0):
        return Effect("share", who, what="all-instead", filter=flt)
    return None


def _gate_filter(state: str, is_form: bool) -> Filter | None:
    """'bloodied' / 'stunned or helpless' / 'adjacent to it' / 'evil targets' as the filter a modifier's 'vs. ...
    targets' gives; None if the modifiers' words do not read it."""
    s = state.strip(" ,")
    if is_form:
        s = "vs. targets " + s if s.startswith("adjacent to") else "vs. " + s + " targets"
    flt, rest = _mod_condition(s)
    if rest and is_form:  # 'if target is smaller than it': the target words' clauses after the noun
        flt, rest = _mod_condition("vs. targets " + state.strip(" ,"))
    if rest or not flt.target_state or flt.target_state == "chosen" or flt.self_state or flt.attack_form:
        return None
    return flt


def _gated_rider(rest: str, gate: Filter, instead: bool) -> list[Effect] | None:
    r = rest.strip(" ,.")
    im = re.match(r"^(?P<r>.*?),? instead$", r)
    if im:
        r, instead = im.group("r"), True
    sm = re.match(r"^(?:it|target|the target) is (?:(?P<i>instead) )?(?P<r>.+)$", r)
    if sm:  # 'it is Stunned': 'it' is the target here
        r = sm.group("r")
        instead = instead or bool(sm.group("i"))
    im = re.match(r"^(?P<r>.*?),? instead$", r)
    if im:
        r, instead = im.group("r"), True
    bm = _BONUS_DAMAGE.match(r)
    if bm:
        effects = [Effect("damage", "target", int(bm.group("n")), (bm.group("t") or "").strip(), extra=("bonus",))]
        if instead:
            return None  # '+N damage instead': instead of what is not said
    else:
        try:
            effects = _clause(r, "target", "gated")
        except _Unread:
            return None
    if not effects or any((e.who != "target" or e.kind not in ("damage", "condition", "ongoing", "push", "pull",
                                                                "slide"))
                          and (e.kind, e.who, e.what) != ("switch", "self", "target")  # ('if target is Medium or
                          for e in effects) or (instead and any(  # smaller, this creature and target switch positions')
            e.kind in ("push", "pull", "slide", "switch") for e in effects)):
        return None
    flag = ("instead",) if instead else ()
    out = []
    for e in effects:
        extra = e.extra + flag if instead or e.kind != "damage" else tuple({*e.extra, "bonus"})
        out.append(replace(e, gate=gate, extra=extra,
                           duration="" if instead and e.kind == "condition" and not _has_duration(r) else e.duration))
    return out


def _has_duration(text: str) -> bool:
    try:
        return _split_duration(text)[1] != ""
    except _Unread:
        return False


def _gated(t: str) -> list[Effect] | None:
    """An attack's rider that depends on the target (see above), or None."""
    m = _GATE_OR.match(t)
    if m:
        gate = _gate_filter(m.group("s") or m.group("vs"), bool(m.group("s")))
        if gate is None:
            return None
        try:
            base = _clause(m.group("a"), "target", "gated")
        except _Unread:
            return None
        alt = _gated_rider(m.group("b"), gate, True)
        return None if alt is None or any(e.kind != "damage" for e in base) else base + alt
    m = _GATE_IF.match(t)
    if m:
        gate = _gate_filter(m.group("s"), True)
        return None if gate is None else _gated_rider(m.group("rest"), gate, False)
    m = re.match(r"^\((?P<s>[a-z\-]+) creatures instead heal (?P<n>\d+) hp\)$", t)
    if m:  # '20 necrotic Damage (Undead creatures instead heal 20 HP)': a target of that kind heals, and takes none
        gate = _gate_filter(m.group("s"), True)  # of the attack's damage
        return None if gate is None else [Effect("heal", "target", int(m.group("n")), gate=gate,
                                                 extra=("instead", "instead-damage"))]
    m = _GATE_TAIL.match(t)
    if m:
        gate = _gate_filter(m.group("s") or m.group("vs"), bool(m.group("s")))
        return None if gate is None else _gated_rider(m.group("rest"), gate, bool(m.group("instead")))
    m = re.match(r"^(?:the )?target of level (?P<n>\d+) or (?P<d>lower|less|higher|greater) is (?P<rest>.+)$", t)
    if m:  # 'target of level 3 or lower is Dazed': a level is a kind
        level = ("level<=" if m.group("d") in ("lower", "less") else "level>=") + m.group("n")
        return _gated_rider("it is " + m.group("rest"), Filter(keyword=level, target_state="keyword"), False)
    m = _GATE_SUBJECT.match(t)
    if m and re.search(r",? instead$", m.group("rest")):  # 'Dazed target is Stunned instead'
        gate = _gate_filter(m.group("s"), True)
        return None if gate is None else _gated_rider(m.group("rest"), gate, True)
    m = _GATE_ONGOING.match(t)
    if m:  # 'targets already taking ongoing poison damage also take ongoing 5 necrotic Damage (save ends)': as it was
        words = "target " + m.group("s")  # before the hit (ddm-guild.instead)
        read = _target_words(words)
        if read is not None and read[1] == len(words):
            return _gated_rider("takes " + m.group("rest"), Filter(target_state=read[0]), False)
    m = _GATE_WORDS.match(t) or _GATE_PLURAL.match(t)
    if m:  # 'a Medium or smaller target is Immobilized (save ends)', 'Bloodied target is Staggered': the target words
        # ('non-bloodied targets take 5 acid damage', 'non-Flying creatures are Dazed', 'targets adjacent to a wall
        # take 10 damage': each target they describe)
        words = re.sub(r"(?<=target)s\b|(?<=creature)s\b", "", m.group("s"), count=1)
        read = _target_words(words)
        if read is not None and "creature" in words and re.search(r"adjacent|within|beyond|further|at:|flank", read[0]):
            read = None  # ('adjacent creatures take 5 cold damage': creatures around, not the target)
        if read is not None and read[1] == len(words) and not read[0].startswith("kinds:"):
            rest = m.group("rest") if m.group("v") in ("is", "are") else "takes " + m.group("rest")
            return _gated_rider(rest, Filter(target_state=read[0]), False)
    return None


# a rider on a target described by the target words (ddm_guild_words._target_words); a kind alone ('living target
# is dominated') is the subject's (_subject) to read
_GATE_ONGOING: Final = re.compile(r"^(?:the )?targets? (?:already )?(?P<s>taking ongoing (?:[a-z]+ )?damage) (?:also )?"
                                  r"takes? (?P<rest>[a-z0-9].+)$")
_GATE_PLURAL: Final = re.compile(r"^(?P<s>(?:[a-z ,\-]+? )?(?:targets|creatures)(?: [a-z ,\-]+?)?) (?P<v>are|take) "
                                 r"(?P<rest>[a-z0-9].+)$")
_GATE_WORDS: Final = re.compile(
    r"^(?P<s>(?:an? )?[a-z ,\-]+? (?:target|creature)) (?P<v>is|takes) (?P<rest>[a-z0-9].+)$")


# --- switching positions ('1 ally within 5 squares of this creature switches positions with target', 'This creature
# switches positions with 1 Shadow ally', '... with that enemy'): a "switch" effect, ``who`` the creature that moves
# (self, or the attack's target), ``what`` the other ("target": the creature the event or a choice names; "ally": an
# ally of the power's creature, of the kinds in the filter, within ``amount`` squares of it if a number is given);
# profile ddm-guild.switch

_SWITCH_WORDS: Final = (
    (re.compile(r"^1 (?:(?P<kw>[a-z\-]+) )?ally within (?P<n>\d+) squares of it switch(?:es)? "
                r"(?:positions|places|spaces) with (?:the )?target$"), "target", "ally"),
    (re.compile(r"^it switches (?:positions|places|spaces) with (?:that |the )?(?:enemy|target|creature)$"), "self",
     "target"),
    # 'Use when an ally adjacent to this creature is hit by a {m} or {r} attack: This creature switches positions with
    # that ally and is hit by that attack instead'
    (re.compile(r"^it switches (?:positions|places|spaces) with that ally$"), "self", "that-ally"),
    (re.compile(r"^it switches (?:positions|places|spaces) with 1 (?:(?P<kw>[a-z\-]+) )?ally(?: within (?P<n>\d+) "
                r"squares(?: of it)?)?$"), "self", "ally"),
    (re.compile(r"^it and 1 (?:(?P<kw>[a-z\-]+) )?ally(?: within (?P<n>\d+) squares(?: of it)?)? switch "
                r"(?:positions|places|spaces)$"), "self", "ally"),
)


_SWITCH_PAIR: Final = re.compile(r"^2 creatures \((?:enemy or ally|ally or enemy)\) adjacent to each other and within "
                                 r"(?P<n>\d+) squares of it switch (?:positions|places)$")


def _switch(t: str, ctx: str) -> list[Effect] | None:
    """A switch (see above) as its effect; 'Both creatures must end in legal positions' as nothing more (a switch
    that would leave one where it may not stay is not made); None if not one."""
    if t == "both creatures must end in legal positions":
        return []
    pm = _SWITCH_PAIR.match(t) if ctx == "power" else None
    if pm:  # '2 creatures (enemy or ally) adjacent to each other and within 10 squares of this creature switch
        # positions': the engine's pair
        return [Effect("switch", "pair", int(pm.group("n")), "adjacent")]
    for rx, who, what in _SWITCH_WORDS:
        m = rx.match(t)
        if m is None or (who == "target" and ctx != "hit"):
            continue
        kw = m.groupdict().get("kw") or ""
        try:
            kinds = _event_kinds(kw) if kw else ""
        except _Unread:
            return None
        return [Effect("switch", who, int(m.group("n") or 0) if "n" in m.groupdict() else 0, what,
                       filter=Filter(keyword=kinds))]
    return None


# --- terrain a power makes for a while ('each square adjacent to this creature gains smoke terrain until start of its
# next turn'): which squares (around the power's creature, or the attack's area, or every square), what terrain and
# until when (the power's creature's turns count: its "its" is that creature); profile ddm-guild.made-terrain

_MADE_WHERE: Final = (  # (words, who, squares from its space, shape)
    (re.compile(r"^(?:(?:each|all) )?squares? adjacent to it$|^all adjacent squares$"), "self", 1, "ring"),
    (re.compile(r"^(?:each|all) squares? within (?P<n>\d+) squares?(?: of it)?$"), "self", -1, ""),
    (re.compile(r"^its space and (?:each |all )?adjacent squares?$"), "self", 1, ""),
    (re.compile(r"^(?:the )?squares? occupied by it$|^its space$"), "self", 0, ""),
    (re.compile(r"^(?:each|all) squares? in (?:the )?(?:targeted area|area(?: of effect)?|blast|burst|radius)$"),
     "target", 0, "area"),
    (re.compile(r"^each square$|^all squares$"), "self", 0, "all"),
    (re.compile(r"^that square and (?:each|all|every) (?:square adjacent to it|adjacent squares?)$"), "square", 1, ""),
)
_MADE_RE: Final = re.compile(r"^(?P<where>.+?) (?:gains?|becomes?|contains?|are|is)(?: considered)?(?: to be)? "
                             r"(?P<t>smoke|difficult)(?: terrain)?(?: \(in addition to existing terrain\))?$")


def _made_terrain(t: str) -> Effect | None:
    """'Each square within 3 squares becomes smoke terrain until start of this creature's next turn' (see above), or
    None."""
    body, dur = _leading_duration(t)
    if not dur:
        nr = re.match(r"^(.*?),? until (?:the )?end of (?:the )?next round$", body)
        if nr:  # ('until end of next round': the round after this one)
            body, dur = nr.group(1), "end-next-round"
        else:
            try:
                body, dur = _split_duration(body)
            except _Unread:
                return None
    dur = _MAKERS_CLOCK.get(dur, dur)  # ('until end of this creature's next turn': made terrain counts its maker's
    # turns anyway)
    hard = re.match(r"^(?P<where>.+?) counts? as difficult terrain (?:to|for) (?P<who>[a-z\- ]+?) creatures$",
                    body.strip(" ,"))
    if hard and dur in ("start-next-turn", "end-next-turn", "end-round", "end-next-round", "battle"):
        # 'each square within 2 squares of this creature counts as difficult terrain to non-Giant and non-Thunder
        # creatures until start of its next turn': for those creatures only
        try:
            kinds = "+".join(_event_kinds(w) for w in hard.group("who").split(" and "))
        except _Unread:
            return None
        for rx, who, n, shape in _MADE_WHERE:
            w = rx.match(hard.group("where"))
            if w and who == "self":
                return Effect("terrain", who, int(w.group("n")) if n < 0 else n, "difficult", dur,
                              filter=Filter(keyword=kinds), extra=(shape,) if shape else ())
        return None
    if re.match(r"^(?:all )?river terrain becomes slippery(?: terrain)?(?: instead)?$", body.strip(" ,")) and dur in (
            "start-next-turn", "end-next-turn", "end-round", "end-next-round", "battle"):
        return Effect("terrain", "self", 0, "river-slippery", dur)  # (no map has river terrain: it changes no square,
        # ddm-guild.stand-in-terrain)
    lim = re.match(r"^line of sight is limited to (?P<n>\d+) squares(?: for each enemy and ally)?$", body.strip(" ,"))
    if lim and dur in ("start-next-turn", "end-next-turn", "end-round", "end-next-round", "battle"):
        return Effect("terrain", "self", int(lim.group("n")), "sight-limit", dur)  # (every creature's sight)
    m = _MADE_RE.match(body.strip(" ,"))
    if m is None or dur not in ("start-next-turn", "end-next-turn", "end-round", "end-next-round", "battle"):
        return None
    for rx, who, n, shape in _MADE_WHERE:
        w = rx.match(m.group("where"))
        if w:
            squares = int(w.group("n")) if n < 0 else n
            return Effect("terrain", who, squares, m.group("t"), dur, extra=(shape,) if shape else ())
    return None


# --- placement: 'place this creature' [where] ------------------------------------------------------------------
# where: 'within 6 squares of an Arcane ally of level 8 or greater', 'adjacent to a Bloodied enemy', 'in your start
# area', 'in any victory area', 'adjacent to wall terrain', 'in a square it can see', 'up to 4 squares away and in
# line of sight', 'within 5 squares of your start area'. A placement is not a move: no path, no opportunity attack
# (where the engine puts it: docs/rules/ddm-guild-play.md, how the engine uses powers).

_PLACE_RE: Final = re.compile(r"^(?:you may )?(?:place it|it is placed)(?: on the battle ?map)?,? (?P<where>.+)$")
_PLACE_REF: Final = re.compile(
    r"^(?:an?|1) (?:(?P<state>bloodied) )?(?P<kinds>(?:[a-z\-]+ )?[a-z\-]+(?: or [a-z\-]+)?(?: [a-z\-]+)? )?"
    r"(?P<noun>ally|enemy)"
    r"(?: of level (?P<lv>\d+) or (?P<dir>greater|higher|lower|less))?"
    r"(?P<area> (?:that occupies|occupying|in) (?P<whose>a|any|one of your) victory areas?)?$")  # ('an enemy that
# occupies a victory area', 'an Arcane ally that occupies one of your victory areas')
_PLACE_WHERE: Final = (
    (re.compile(r"^in (?:a|any) (?:space|square) (?:that )?it can see$|^in any (?:space|square) (?:with)?in its line "
                r"of sight$"), "seen", 0),
    (re.compile(r"^in any (?:space|square) up to (?P<n>\d+) squares away and in (?:its )?line of sight$"), "seen", -1),
    (re.compile(r"^in (?:its|your) start area$|^in any (?:space|square) in your start area$|^in one of your start "
                r"areas$"), "start", 0),
    (re.compile(r"^(?:with)?in (?P<n>\d+) squares of your start area$|^up to (?P<n2>\d+) squares away from your start "
                r"area$"), "near-start", -1),
    (re.compile(r"^up to (?P<n>\d+) squares away from its (?:current )?(?:location|position|space)$"), "near-here", -1),
    (re.compile(r"^in (?:any|a) victory area$"), "victory", 0),
    (re.compile(r"^in one of your victory areas$"), "victory:own", 0),
    (re.compile(r"^(?:in (?:a|any) (?:space|square) )?adjacent to (?:a )?wall(?: terrain)?$"), "wall", 0),
    # 'in any space adjacent to a wall and to which it has line of sight' (Shadow Jump): as far as it sees
    (re.compile(r"^in any (?:space|square) adjacent to a wall and (?:to which it has line of sight|that it can "
                r"see)$"), "seen:wall", 0),
    # 'in any space no closer than 10 squares from any enemy or ally' (every other creature that far)
    (re.compile(r"^in any (?:space|square) no closer than (?P<n>\d+) squares (?:from|to) any enemy or ally$"), "far",
     -1),
    # 'adjacent to target affected by this creature's Sign of Vengeance' (an effect of that power of its own on it)
    (re.compile(r"^adjacent to (?:a |the )?(?:target|enemy) affected by its (?P<pw>[a-z][a-z' \-]*[a-z])$"),
     "near:enemy:affected-by:{pw}", -1),
    (re.compile(r"^adjacent to,? but not occupying,? (?:a|any) victory area$"), "beside-victory", 0),
    # a victory area by who stands in it: 'in a victory area that is occupied by an enemy', 'in an occupied victory
    # area' (by any creature), 'in any other victory area' (not the one it is in)
    (re.compile(r"^in a victory area (?:that is )?occupied by an enemy$"), "victory:enemy", 0),
    (re.compile(r"^in an occupied victory area$"), "victory:occupied", 0),
    (re.compile(r"^in a random victory area$"), "victory:random", 0),  # (a die names the area: ddm_guild_moves)
    (re.compile(r"^in (?:any other|a different|another) victory area$"), "victory:other", 0),
    # 'adjacent to the enemy creature with the highest HP' (ties: each of them)
    (re.compile(r"^adjacent to the enemy(?: creature)? with the highest (?:current )?hp$"), "near:enemy:highest-hp",
     -1),
)


def _placement(body: str) -> Effect | None:
    """'Place this creature <where>' (see above) as a place effect, or None; '<where>, or <where>' (either: its
    second in ``options``, extra "or")."""
    m = _PLACE_RE.match(body)
    if m is None:
        return None
    where = re.sub(r"\ballied (champion|[a-z\-]+)$", r"\1 ally", m.group("where"))  # 'adjacent to an allied champion'
    either = re.match(r"^(?P<a>in your start area|in (?:a|any) victory area),? or "
                      r"(?P<b>(?:in (?:a|any) (?:space|square) )?adjacent to .+)$", where)
    if either:  # 'in your start area, or adjacent to an allied champion'
        first, second = _placement("place it " + either.group("a")), _placement("place it " + either.group("b"))
        if first is None or second is None:
            return None
        return replace(first, extra=("or",), options=((second,),))
    return _place_where(where)


def _compound_kinds(words: str) -> str:
    """'divine or arcane drow' (a Divine or an Arcane Drow), 'non-good arcane or divine' (a non-Good Arcane or
    non-Good Divine): the kinds a placement's creature needs, alternatives joined by '|' (``has_kinds``)."""
    cm = re.match(r"^(?:(?P<pre>[a-z\-]+) )?(?P<a>[a-z\-]+) or (?P<b>[a-z\-]+)(?: (?P<post>[a-z\-]+))?$", words)
    if cm is None:
        return _event_kinds(words)
    parts = [_event_kinds(w) for w in (cm.group("pre"), cm.group("post")) if w]
    if any("|" in p or "+" in p for p in parts):
        raise _Unread(words)
    alts = []
    for alt in (cm.group("a"), cm.group("b")):
        k = _event_kinds(alt)
        if "|" in k:
            raise _Unread(words)
        alts.append("+".join(x for x in (*parts, k) if x))
    return "|".join(alts)


def _place_where(where: str) -> Effect | None:
    for rx, what, n in _PLACE_WHERE:
        wm = rx.match(where)
        if wm and what.startswith("near:"):  # ('the enemy with the highest HP': the target words' state)
            kind, state = what[:10], what[11:].replace("{pw}", wm.groupdict().get("pw") or "")
            return Effect("place", "self", n, kind, filter=Filter(target_state=state))
        if wm:
            squares = int(wm.group("n") or wm.group("n2")) if n < 0 else 0
            return Effect("place", "self", squares, what)
    nm = re.match(r"^(?:in (?:a|an unoccupied|any) (?:space|square) )?(?:(?P<adj>adjacent to)|within (?P<n>\d+) "
                  r"squares of) (?P<ref>.+)$", where)
    if nm is None:
        return None
    ref = _PLACE_REF.match(nm.group("ref"))
    if ref is None:
        return None
    try:
        kinds = _compound_kinds(ref.group("kinds").strip()) if ref.group("kinds") else ""
    except _Unread:
        return None
    if ref.group("lv"):  # 'an Arcane ally of level 8 or greater'
        level = ("level>=" if ref.group("dir") in ("greater", "higher") else "level<=") + ref.group("lv")
        kinds = "+".join(k for k in (kinds, level) if k)
        if "|" in kinds:
            return None
    squares = -1 if nm.group("adj") else int(nm.group("n"))
    area = ("at:in-victory-area" + (":own" if ref.group("whose") == "one of your" else "")) if ref.group("area") else ""
    state = "&".join(x for x in (ref.group("state"), area) if x)
    return Effect("place", "self", squares, "near:" + ref.group("noun"),
                  filter=Filter(keyword=kinds, target_state=state))


_CHOOSE_RE: Final = re.compile(
    r"^choose (?:1|one|an?) (?P<adj>adjacent )?(?P<size>(?:small|medium|large) or smaller )?(?:(?P<kw>[a-z\-]+) )?"
    r"(?P<noun>enemy|ally|creature)(?: of level (?P<lv>\d+) or (?:lower|less))?"
    r"(?: within (?P<n>\d+) squares(?: of it)?)?"
    r"(?P<sight> (?:that|who) (?:does not|doesn't) have line of sight (?:to|of) it| (?:that|who) cannot see it"
    r"| within (?:its )?line of sight(?: of it)?| in its line of sight| within sight)?$")


_CHOOSE_COLON: Final = re.compile(r"^(choose (?:1|one|an?) (?:[a-z\-]+ )*?(?:enemy|ally|creature)(?: [a-z ]{1,60}?)?): "
                                   r"(?=\S)")


def _choose(m: re.Match[str]) -> Effect:
    """'Choose 1 enemy that does not have line of sight to this creature': the creature the next clauses call 'that
    enemy' (the engine picks as for a harm or a bonus: profile, how the engine uses powers)."""
    kw = m.group("kw") or ""
    state = ""
    if kw in _CONDITION_WORDS:
        state, kw = "cond:" + kw, ""
    elif kw == "bloodied":
        state, kw = "bloodied", ""
    elif kw == "non-champion":  # 'a Medium or smaller non-champion enemy of level 8 or lower'
        kw = "!champion"
    elif kw:
        kw = _event_kinds(kw)
    if m.group("lv"):
        if "|" in kw:
            raise _Unread(m.group(0))
        kw = "+".join(k for k in (kw, "level<=" + m.group("lv")) if k)
    sight = (m.group("sight") or "").strip()
    if sight:
        state = "unseeing" if ("not" in sight or "cannot" in sight) else "seen"
    if m.group("size"):
        if state:
            raise _Unread(m.group(0))
        state = "size<=" + m.group("size").split()[0]
    within = -1 if m.group("adj") else int(m.group("n")) if m.group("n") else 0
    who = {"enemy": "chosen-enemy", "ally": "chosen-ally", "creature": "chosen-creature"}[m.group("noun")]
    return Effect("choose", who, filter=Filter(keyword=kw, within=within, target_state=state))


def _target_kinds(f: Filter) -> Filter:
    """A modifier's 'vs. Underdark enemies' as a state of the target ('kinds:underdark'), so that it stays apart from
    the kinds of the creatures the effect reaches ('Martial allies have +5 damage vs. Underdark enemies': the keyword
    'martial' picks who has the bonus, the target's kinds when it counts)."""
    if f.target_state != "keyword" or not f.keyword:
        return f
    return Filter(target_state="kinds:" + f.keyword, self_state=f.self_state, attack_form=f.attack_form,
                  alignment=f.alignment, within=f.within, side=f.side)


def _merge(a: Filter, b: Filter) -> Filter:
    return Filter(
        keyword=a.keyword or b.keyword, alignment=a.alignment or b.alignment,
        attack_form=a.attack_form or b.attack_form,
        target_state=a.target_state or b.target_state, self_state=a.self_state or b.self_state,
        within=a.within or b.within,
    )


_PROVOKES: Final = re.compile(r"^this movement provokes opportunity attacks(?: \(fear\))?$")


# --- menus: one of several effects, the player's choice (profile ddm-guild.menu) --------------------------------

_MENU_RE: Final = re.compile(
    r"^(?:(?P<pre>.*?)(?:[.;:]|,? then,?) )?choose (?:1|one|any 1|any one) (?:effect|of the following(?: effects)?)"
    r"(?: below| to add| to apply to it)?(?P<lasts>,? which lasts? until end of battle)?[.:]?\s+(?P<opts>.+)$")
_MENU_MARK: Final = re.compile(r"\s*(?:❑|\[q\]|\[\]\[\])\s*")
_MENU_NAME: Final = re.compile(r"(?:^|(?<=\. ))(?P<name>[a-z][a-z'\- ]{0,30}): ")
_MENU_OR: Final = re.compile(r",? or ")


def _menu(text: str, default_who: str, ctx: str) -> list[Effect] | None:
    """'Choose 1 effect: Shield: +2 AC until start of its next turn. Smother: an adjacent enemy takes 10 fire damage'
    (options named before a colon, or marked ❑ / [q]; unnamed options split at ';'), with what comes before the
    choice ('spend 5 VP, then choose 1 effect'): the effects before it and one "menu" effect whose options are
    read as effects each; None when the text offers no menu. Options that are the same damage in different types
    ('10 acid damage, 10 cold damage or 10 fire damage') are one damage of the type the attacker picks ('^')."""
    m = _MENU_RE.match(text.strip(" ."))
    if m is None:
        return None
    opts = m.group("opts").strip(" .")
    pieces = [p for p in _MENU_MARK.split(opts) if p.strip()] if _MENU_MARK.search(opts) else [opts]
    named: list[tuple[str, str]] = []
    for piece in pieces:
        heads = list(_MENU_NAME.finditer(piece))
        if not heads or heads[0].start() != 0:
            if len(pieces) > 1 or (";" not in piece and not _MENU_OR.search(piece)):
                raise _Unread(f"choose 1 effect: {piece}")
            parts = piece.split("; ") if ";" in piece else re.split(r", |,? or ", piece)
            named.extend((str(i + 1), p.strip(" .")) for i, p in enumerate(parts))
            continue
        for i, h in enumerate(heads):
            end = heads[i + 1].start() if i + 1 < len(heads) else len(piece)
            named.append((h.group("name").strip(), piece[h.end():end].strip(" .")))
    if len(named) < 2:
        raise _Unread(f"choose 1 effect: {opts}")
    options: list[tuple[Effect, ...]] = []
    for _name, words in named:
        if m.group("lasts"):  # 'which lasts until end of battle': every option's modifiers and gains that long
            words = f"{words} until end of battle"
        try:
            read = _effects(words, default_who, ctx)
        except _Unread:
            raise _Unread(f"choose 1 effect: {words}") from None
        if not read or any(e.kind in ("menu", "choose", "roll") for e in read):
            raise _Unread(f"choose 1 effect: {words}")
        options.append(tuple(read))
    before = _effects(m.group("pre"), default_who, ctx) if m.group("pre") else []
    return [*before, _menu_effect([n for n, _w in named], options, ctx)]


def _menu_effect(names: list[str], options: list[tuple[Effect, ...]], ctx: str) -> Effect:
    """The "menu" of these options; the same damage in several types is that damage, its type the attacker's pick."""
    firsts = [o[0] for o in options]
    if all(len(o) == 1 and o[0].kind == "damage" and o[0].what and all(t in DAMAGE_TYPES for t in o[0].what.split(
            "^")) for o in options) and len(
            {(e.amount, e.who, e.filter) for e in firsts}) == 1:
        return replace(firsts[0], what="^".join(e.what for e in firsts))
    if ctx == "hit" and any(e.kind == "damage" for o in options for e in o):
        raise _Unread("a choice of damage riders")  # (an attack's damage is one sum: a chosen part is not)
    return Effect("menu", "self", what="|".join(names), options=tuple(options))


def _placed_group(s: str, default_who: str, ctx: str) -> list[Effect] | None:
    """'Each enemy occupying a victory area takes 10 necrotic damage', 'each enemy adjacent to a Devil ally takes 10
    damage', 'each enemy and each ally in a victory area takes 10 ongoing poison damage': a group, the target words
    for where they stand (a target state of the group's filter), and what happens to them; None when the words are
    not so."""
    who, flt, rest = _subject(s)
    if who not in ("enemies", "allies", "all", "chosen-ally") or flt.target_state or not rest:
        return None
    read = _target_words("enemy " + rest)
    consumed = read[1] - len("enemy ") if read is not None else 0
    if read is None or consumed <= 0 or (consumed < len(rest) and rest[consumed] != " "):
        return None
    try:
        effects = _clause(f"{s[: len(s) - len(rest)].strip()} {rest[consumed:].strip()}", default_who, ctx)
    except _Unread:
        return None
    if not effects or any(e.who != who or e.kind not in PLACED_KINDS or e.filter.target_state for e in effects):
        return None
    return [replace(e, filter=replace(e.filter, target_state=read[0])) for e in effects]


def _or_menu(s: str, default_who: str, ctx: str) -> list[Effect] | None:
    """'it heals 20 HP or recharges its Crushing Blow', '1 ally adjacent to it heals 5 HP, or 1 condition on that
    ally ends': two effects the player chooses between (a "menu"), the subject of the first carried to the second
    when it names none; None when no ' or ' splits the clause into two readable halves."""
    for m in _MENU_OR.finditer(s):
        left, right = s[: m.start()].strip(), s[m.end():].strip()
        if not left or not right or right.startswith(("if ", "when ", "instead")) or " and " in left + " " + right:
            continue  # ('10 damage and recharge Clip or recharge Two-Handed Grip': the 'and' binds first)
        try:
            a = _effects(left, default_who, ctx)
            who, _flt, _rest = _subject(right)
            b = _effects(right, default_who if who or not a else a[0].who, ctx)
        except _Unread:
            continue
        if a and b and not any(e.kind in ("menu", "choose", "roll") for e in (*a, *b)):
            return [_menu_effect(["1", "2"], [tuple(a), tuple(b)], ctx)]
    return None


# 'Until end of round, whenever an enemy hits it with a {m} attack, that enemy takes 10 fire damage', 'Until end of
# round, make an immediate {m} attack whenever an adjacent ally is targeted by an attack': a triggered power its
# creature has for a while (read whole where it is used)
_GRANT_RE: Final = re.compile(r"^(?P<d>until (?:the )?(?:end|start) of [^,;:]+|for the rest of the battle|until it "
                              r"moves(?: on its turn)?),\s*"
                              r"(?P<inner>whenever [^:]+?[,:] .+|make an immediate .+ whenever .+|[^,:;]+ whenever .+"
                              r"|each (?:enemy|creature|ally) that [^,:;]+ takes \d+ (?:[a-z]+ )?damage)$")


# a challenge ('Divine Challenge', 'Blade Challenge'): until its creature's next turn starts, the enemy chosen or
# attacked is hurt as it attacks without targeting its creature (ddm-guild.challenge). The 'its next turn' is its own
# creature's: the cards print 'this creature's next turn', before 'that enemy' is named
_CHALLENGE: Final = re.compile(
    r"^until (?:the )?start of its (?:own )?next turn, (?:whenever that enemy attacks, (?:if it does not target it, "
    r"it takes (?P<n1>\d+) (?:(?P<t1>" + _TYPE_ALT + r") )?damage(?: and has -(?P<p1>\d+) attack on that attack roll)?"
    r"|it takes (?P<n2>\d+) (?:(?P<t2>" + _TYPE_ALT + r") )?damage if it does not target it)"
    r"|that enemy takes (?P<n3>\d+) (?:(?P<t3>" + _TYPE_ALT + r") )?damage and has -(?P<p3>\d+) attack when taking an "
    r"attack action that does not include it as a target)$")


def _challenge(m: re.Match[str]) -> Effect:
    n, dtype, penalty = next((m.group("n" + i), m.group("t" + i) or "", m.group("p" + i) if i != "2" else None)
                             for i in "123" if m.group("n" + i))
    return Effect("challenge", "target", int(penalty or 0), f"{n}:{dtype}", "start-next-turn-source",
                  extra=("action",) if m.group("n3") else ())


def _effects(text: str, default_who: str, ctx: str) -> list[Effect]:
    """A run of clauses: split on sentence ends, ';', ' and ' (keeping a subject for the clauses after it)."""
    menu = _menu(text, default_who, ctx) if "choose" in text else None
    if menu is not None:
        return menu
    ct = _CHOSEN_TYPE.match(text.strip(" .")) if ctx == "power" else None
    if ct:
        text = f"{ct.group('pre')} {ct.group('types')}{ct.group('post')}"
    out: list[Effect] = []
    # 'Choose one enemy that does not have line of sight to it: +10 melee damage vs. that enemy': the choice ends at
    # its colon
    text = _CHOOSE_COLON.sub(r"\1. ", text)
    bounds: list[tuple[int, str]] = []  # where each sentence's effects begin
    for sentence in re.split(r"(?<=[a-z0-9)])(?<!\bvs)\. |; |\. then |, then,? ", text.strip(" .")):
        s = sentence.strip(" .,")
        if not s:
            continue
        bounds.append((len(out), s))
        ch = _CHALLENGE.match(s)
        if ch:
            out.append(_challenge(ch))
            continue
        grant = _GRANT_RE.match(s)
        if grant and default_who == "self":
            out.append(Effect("grant", "self", duration=_duration(grant.group("d")), what=grant.group("inner")))
            continue
        if _PROVOKES.match(s) and out and out[-1].kind in ("push", "pull", "slide"):
            # 'push 6 squares; this movement provokes opportunity attacks (Fear)': as it leaves each square
            out[-1] = replace(out[-1], extra=(*out[-1].extra, "provokes"))
            continue
        try:
            out.extend(_clause(s, default_who, ctx))
            continue
        except _Unread:
            pass
        either = _or_menu(re.sub(r" \(choose one\)$", "", s), default_who, ctx) if " or " in s else None
        if either is not None:
            out.extend(either)
            continue
        joined = _conjoined(s, default_who, ctx)
        if joined is not None:
            out.extend(joined)
            continue
        placed = _placed_group(s, default_who, ctx) if ctx == "power" else None
        if placed is not None:
            out.extend(placed)
            continue
        shared = _shared_duration(s, default_who, ctx)
        if shared is not None:
            out.extend(shared)
            continue
        parts = re.split(r" and |, then | then |, ", s)
        if len(parts) == 1:
            raise _Unread(s)
        both = re.search(r" \((save ends) both\)$", parts[-1])
        if both and len(parts) == 2:  # 'target has -2 Attack and is Weakened (save ends both)': one duration, each
            parts = [parts[0] + " (save ends)", parts[1][: both.start()] + " (save ends)"]  # part's
        who_carry = default_who
        first = len(out)
        try:
            for part in parts:
                p = part.strip()
                if not p:
                    continue
                w, _, _ = _subject(p)
                if w:
                    who_carry = w
                try:
                    out.extend(_clause(p, who_carry, ctx))
                except _Unread:
                    either = _or_menu(re.sub(r" \(choose one\)$", "", p), who_carry, ctx) if " or " in p else None
                    if either is None:
                        raise
                    out.extend(either)
        except _Unread:
            raise _Unread(s) from None
        if _MOVE_THEN_AT_IT.search(s):
            out[first:] = _move_to_it(out[first:])
    if ctx != "hit":  # (an attack's riders: the whole AND chain, ddm_guild_powers._attack_effects)
        for k, (start, s) in enumerate(bounds):
            if SAVE_TOGETHER.search(s):
                if len(re.findall(r"save ends|until |end of ", s)) != 1:
                    raise _Unread(s)  # (another duration in that sentence: which effects the save ends is unsure)
                end = bounds[k + 1][0] if k + 1 < len(bounds) else len(out)
                out[start:end] = saved_together(out[start:end], s, set())
    return _granted_hits(out)


def _shared_duration(s: str, default_who: str, ctx: str) -> list[Effect] | None:
    """'Line of sight is limited to 10 squares, river terrain becomes slippery terrain, and non-Cold creatures have -1
    speed until end of next round': a list of three or more clauses with one duration at its end, which each has;
    None unless every clause reads with it."""
    m = re.match(r"^(?P<list>[^,]+(?:, [^,]+)+),? and (?P<last>.+?) (?P<d>until (?:the )?(?:end|start) of .+)$", s)
    if m is None:
        return None
    out: list[Effect] = []
    for part in (*m.group("list").split(", "), m.group("last")):
        try:
            out.extend(_clause(f"{part} {m.group('d')}", default_who, ctx))
        except _Unread:
            return None
    return out


# 'Slowed AND ongoing 5 acid damage (save ends both)', '... (save ends all)': one saving throw ends them all
SAVE_TOGETHER: Final = re.compile(r"\bsave ends (both|all)\b")


# the effects that last until a save ends them
_SAVED_KINDS: Final = frozenset({"condition", "ongoing", "mod", "gain"})


def saved_together(effects: list[Effect], words: str, printed: set[int]) -> list[Effect]:
    """The effects a '(save ends both)' names, their duration the save (a condition printed with none, 'Dazed AND
    Slowed (save ends both)', has it too) and one saving throw for them all (extra "save-both":
    ddm_guild.GuildState._saves); ``printed``: the positions of effects with a duration of their own, not among
    them. 'Both' names two: any other count is not read."""
    m = SAVE_TOGETHER.search(words)
    assert m is not None
    named = [i for i, e in enumerate(effects) if e.kind in _SAVED_KINDS and i not in printed]
    if (m.group(1) == "both" and len(named) != 2) or len(named) < 2:
        raise _Unread(f"(save ends {m.group(1)}) of {len(named)} effects")
    return [replace(e, duration="save", extra=e.extra if "save-both" in e.extra else (*e.extra, "save-both"))
            if i in named else e for i, e in enumerate(effects)]


# 'this creature moves up to its Speed and makes a {b} attack against the attacker': the move is to reach that creature
_MOVE_THEN_AT_IT: Final = re.compile(r"\bmoves? up to its speed,? (?:and|then) (?:makes?|make) [^;]*? attack against "
                                     r"(?:the attacker|that enemy|that creature)\b")


def _move_to_it(effects: list[Effect]) -> list[Effect]:
    """A move of its own up to its speed, then its attack on the event's creature: the move ends beside that creature
    ("end:target"), so the attack reaches it."""
    if len(effects) == 2 and effects[0].kind == "move" and effects[0].who == "self" and not effects[0].what \
            and effects[0].amount == -1 and effects[1].kind == "attack" and effects[1].who == "self":
        return [replace(effects[0], what="end:target"), effects[1]]
    raise _Unread("a move, then an attack on the event's creature, read otherwise")


# what an attack a power grants has on that attack ('with +2 Attack', 'with +10 damage on that attack')
_ATTACK_WITH: Final = re.compile(r"(?:^|(?<= ))with \+(?P<n>\d+) (?P<s>attack|damage)(?: and \+(?P<n2>\d+) "
                                 r"(?P<s2>attack|damage))?(?: on that attack)?(?= |,|$)")


def _aimed(words: str) -> tuple[str, str]:
    """Whom an attack a power grants is made against, when not the event's creature: 'against the nearest target'
    ("nearest"), 'against each adjacent enemy' ("each-adjacent"), 'against an Immobilized enemy' ("state" and the
    target words' state); ("", "") otherwise."""
    if re.fullmatch(r"against the nearest (?:target|enemy)", words):
        return "nearest", ""
    if re.fullmatch(r"against each adjacent enemy", words):
        return "each-adjacent", ""
    tw = re.fullmatch(r"against (?P<w>an? [a-z ,\-]+? enemy)", words)
    read = _target_words(tw.group("w")) if tw else None
    if tw and read is not None and read[1] == len(tw.group("w")) and read[0]:
        return "state", read[0]
    return "", ""


def _and_more(names: str, default_who: str, ctx: str) -> bool:
    """Whether the words after an 'and' in a run of power names read as a clause of their own ('Spark Shower and make
    a Spark Shower attack', 'Paralyzing Breath and heals 10 HP'): then the 'and' joins two clauses."""
    _name, sep, rest = names.partition(" and ")
    if not sep:
        return False
    try:
        return bool(_clause(rest, default_who, ctx))
    except _Unread:
        return _and_more(rest, default_who, ctx)


_VERB_START: Final = re.compile(r"^(?:has|have|is|are|gains?|loses?|cannot|can't|can not|may not|can)(?= )")
_LEAD_UNTIL: Final = re.compile(r"^(until [^,;:]+|for the rest of the battle)[,:]\s*")


def _conjoined(s: str, default_who: str, ctx: str) -> list[Effect] | None:
    """What one subject has for one while, said as a list ('Until end of its next turn, this creature has Insubstantial
    and is invisible', 'it has +2 Speed and Flight until end of turn', 'it has +2 AC and +2 DEF and is Slowed'): each
    part read as a clause of its own with that subject, its verb (the last one said) and that duration; None unless
    every part reads."""
    lead = _LEAD_UNTIL.match(s)
    trail = None if lead else _TRAILING_DURATION.match(s)
    if lead is not None:
        until, body = lead.group(1), s[lead.end():]
    elif trail is not None and trail.group(2).startswith(("until", "for the rest")):
        until, body = trail.group(2), trail.group(1).strip(" ,")
    else:
        return None
    who, _flt, after = _subject(body)
    if not who or after == body:
        return None
    subject = body[: len(body) - len(after)].strip()
    try:
        duration = _duration(until)
    except _Unread:
        return None
    pieces = [p.strip() for p in re.split(r",? and |, ", after) if p.strip()]
    if len(pieces) < 2:
        return None
    out: list[Effect] = []
    verb = ""
    for piece in pieces:
        v = _VERB_START.match(piece)
        if v is not None:
            verb = v.group(0)
        elif not verb:
            return None
        else:
            piece = verb + " " + piece
        try:
            read = _clause(f"{subject} {piece} {until}", default_who, ctx)
        except _Unread:
            return None
        if not read or any(e.duration != duration for e in read):
            return None  # (each part lasts what the words say)
        out.extend(read)
    return out


def _granted_hits(effects: list[Effect]) -> list[Effect]:
    """'Make a {B} attack against that enemy. That attack is an automatic hit and a critical hit': 'that attack' is
    the one just granted (the attack carries it). 'It is not destroyed instead, then has 5 HP': one survival with
    those HP."""
    out: list[Effect] = []
    for e in effects:
        if e.kind == "hit" and e.what in ("crit", "auto") and out and out[-1].kind == "attack" and out[-1].count == 1:
            out[-1] = replace(out[-1], extra=(*out[-1].extra, "force:" + e.what))
            continue
        if e.kind == "survive" and e.what == "hp":
            if not out or out[-1].kind != "survive" or out[-1].amount:
                raise _Unread(f"has {e.amount} hp")
            out[-1] = replace(out[-1], amount=e.amount)
            continue
        out.append(e)
    return out


