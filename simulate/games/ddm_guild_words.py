"""DDM Guild powers: reading the printed words the other readers build on.

One spelling for every word the grammar reads (the cards' misprints and icons included), numbers and durations,
groups of creatures read as parts ("each Fey ally with the Shadow keyword", "Giant and Ogre creatures in your
warband") and the when / while / if words about a power's own creature (one table: the words to a predicate id the
engine evaluates in ``ddm_guild_judge.holds``). Used by ``ddm_guild_effects``, ``ddm_guild_events`` and
``ddm_guild_powers``; nothing here branches on a creature's name and every number comes from the text.
"""

from __future__ import annotations

import re
from typing import Final

from simulate.games.ddm_guild_vocab import DAMAGE_TYPES, Filter, _Unread

# --- normalising the printed text ----------------------------------------------------------------------------

_REPLACEMENTS: Final = (
    ("\u2019", "'"), ("\u2018", "'"), ("\u2013", "-"), ("\u2014", "-"), ("\u00a0", " "), ("\u201c", '"'),
    ("\u201d", '"'),
)
_TOKEN_RE: Final = re.compile(r"\{([mbrcaMBRCA])\}")
_DEF_RE: Final = re.compile(r"\bdef\s*\(\s*(fort|ref|will)\w*\s*\)", re.I)
_DEF_WORDS: Final = ((re.compile(r"\bfortitude\b"), "fort"), (re.compile(r"\breflex\b"), "ref"))
_SPACES: Final = re.compile(r"\s+")


_TAGS: Final = re.compile(r"\((?:fear|charm|sleep|poison|illusion|psychic)(?:[,;]\s*| )(save ends[^)]*)\)|"
                          r"\((save ends[^),]*), (?:fear|charm|sleep|poison|illusion|psychic)\)")


def normalise(text: str) -> str:
    """Lower-case text with one spelling for each word the grammar reads (an effect's tag such as '(Fear, save
    ends)' keeps only its duration: the tag names what Immune Fear ignores, which the engine does not play)."""
    t = text
    for a, b in _REPLACEMENTS:
        t = t.replace(a, b)
    t = _TOKEN_RE.sub(lambda m: "{" + m.group(1).lower() + "}", t)
    t = t.lower()
    t = _DEF_RE.sub(lambda m: m.group(1), t)
    for rx, word in _DEF_WORDS:
        t = rx.sub(word, t)
    t = t.replace("basic melee or basic ranged attack", "{b} attack")  # (either of its basic attacks)
    t = t.replace("melee basic attack", "{mb} attack").replace("basic melee attack", "{mb} attack")
    t = t.replace("ranged basic attack", "{rb} attack").replace("basic ranged attack", "{rb} attack")
    t = t.replace("{m} basic attack", "{mb} attack").replace("{r} basic attack", "{rb} attack")
    t = t.replace("basic attack", "{b} attack")
    t = t.replace("hit points", "hp").replace(" hit point", " hp")
    # 'until end of this creature's next turn' on another creature counts this creature's turns: "its own" (the
    # durations "-source"), not that creature's
    t = re.sub(r"\bthis creature's next turn\b", "its own next turn", t)
    t = t.replace("this creature's", "its").replace("this creature", "it")
    t = t.replace("this champion's", "its").replace("this champion", "it")  # (a champion power's own creature)
    t = _TAGS.sub(lambda m: "(" + (m.group(1) or m.group(2)) + ")", t)
    t = _BARE_TAG.sub("", t)  # '-2 to all defenses until end of round (Fear)': the same, with no duration in it
    t = _SPACES.sub(" ", t).strip()
    t = t.replace(" :", ":").replace(" ;", ";")
    # misprints on the cards ("20 damagee", "10 damamge", "15 +5 necrotic damage")
    t = _MISSPELT_DAMAGE.sub("damage", t)
    t = _LETTER_ZERO.sub(r"\g<1>0", t)  # 'Blowgun Dart: +15 vs. AC; 1o damage': the 0 printed as the letter o
    t = re.sub(r"\bfirstt\b", "first", t)  # 'use only when this creature firstt becomes bloodied'
    t = re.sub(r"\bspeed -(\d+)\b", r"-\1 speed", t)  # 'Speed -2 (save ends)': the modifier's number after its word
    t = re.sub(r"(-\d+) to all attacks and saves\b", r"\1 attack and \1 saves", t)
    t = re.sub(r"\bmake tw (?=\{)", "make two ", t)  # 'Make tw {b} attacks'
    t = re.sub(r"\bongoing (\d+) ongoing\b", r"ongoing \1", t)  # 'ongoing 5 ongoing fire damage'
    t = _NAME_NO_COLON.sub(r"\1: ", t)  # 'Poison Sting +12 vs. AC; 5 + 5 poison damage': the name's colon lost
    for rx, word in _MISSPELT_WORDS:  # "adjacent enenmies", "edjacent", "whil an allied", "+2 {m} att ack"
        t = rx.sub(word, t)
    t = _KINDS_AND.sub(_kinds_either, t)  # 'vs. constructs and objects': a target of either kind
    for rx, word in _SAME_MEANING:  # the cards' other spellings of a phrase the grammar reads
        t = rx.sub(word, t)
    t = _WORD_SQUARES.sub(lambda m: f"{m.group(1)} up to {_NUMBER_WORDS[m.group(2)]} squares", t)
    t = _MISSPELT_LIGHTNING.sub("lightning", t)
    t = _PLUS_SPACE.sub(r"\1 + \2", t)
    t = _PLUS_TIGHT.sub(r"\1 + \2", t)  # "10+15 fire damage", "10 +10 lightning damage"
    t = _GLUED_SQUARES.sub(r"\1 \2", t)  # "push 3squares"
    t = _MISSPELT_REFLEX.sub("ref", t)
    t = _FOURTITUDE.sub("fort", t)
    t = _M_ICON.sub(r"+\1 {m} damage", t)  # "+10 m damage": the melee icon printed as a letter
    t = _M_ATTACKS.sub("with {m} attacks", t)
    t = _M_ATTACK.sub(r"\1 {m} attack", t)
    # "+13 vs. AC or +13 vs. Reflex", "+21 vs. AC or Fortitude": one roll against the defence the attacker picks
    t = _EITHER_DEFENCE.sub(lambda m: f"+{m.group(1)} vs. {m.group(2)}|{m.group(3)}", t)
    # the cards' spellings of a Followup ("AND Followup Followup: +13 vs.", "AND Followup. Followup: +11 vs.")
    t = _FOLLOWUP_TWICE.sub("followup:", t)
    t = re.sub(r"(?<=: )(?=\d+ vs\. (?:ac|fort|ref|will)\b)", "+", t)  # 'Skull Mace: 19 vs. AC', 'Followup: 17 vs.
    # DEF(Fort)': the bonus lost its '+'

    # a closing parenthesis left from a reminder split across two powers ("Immune Fire.)")
    if t.endswith(")") and t.count(")") > t.count("("):
        t = t[:-1].rstrip()
    return t


_FOLLOWUP_TWICE: Final = re.compile(r"followup[.:;]? followup:")
_BARE_TAG: Final = re.compile(r"\s*\((?:fear|charm|sleep|poison|illusion|psychic)\)(?=\.?$|[;.] | and )")
_FOURTITUDE: Final = re.compile(r"\bforitude\b")
_MISSPELT_DAMAGE: Final = re.compile(r"\b(?:damagee|damamge|dmaage|damge)\b")
_MISSPELT_LIGHTNING: Final = re.compile(r"\blighting\b")
_NAME_NO_COLON: Final = re.compile(r"^([a-z][a-z' \-]{2,40}?) (?=(?:\([^)]*\) )?\+\d+ vs\. )")
_LETTER_ZERO: Final = re.compile(r"\b(\d)o(?= (?:[a-z]+ )?damage\b)")
_MISSPELT_REFLEX: Final = re.compile(r"\brefex\b")
_KINDS_AND: Final = re.compile(r"\bvs\.? ([a-z\-]+?)s and ([a-z\-]+?)s(?=\.?$)")


def _kinds_either(m: re.Match[str]) -> str:
    """'vs. constructs and objects' (two creature kinds): a target of either kind."""
    return f"vs. {m.group(1)} or {m.group(2)} targets" if {m.group(1), m.group(2)} <= KINDS else m.group(0)


_DEFENCE: Final = r"(?:ac|fort(?:itude)?|ref(?:lex)?|will)"
_SAME_MEANING: Final = (
    # 'Opportunist: Use when a bloodied enemy adjacent to this creature misses with a {m} attack this creature misses
    # with a {m} attack: ...': the event printed twice
    (re.compile(r"\b(misses with an? \{m\} attack) it misses with an? \{m\} attack:"), r"\1:"),
    # 'Faith-Sustained: At start of each round, if a Good ally is not on the battle map, ...': a start-of-round power
    (re.compile(r"(?:(?<=: )|^)at (?:the )?start of each round, (?=if )"), "use at start of round: "),
    # 'Dwarven Resilience: Use when this creature takes poison damage; -5 poison Damage': that damage, 5 less
    (re.compile(r"\buse when it takes (" + "|".join(DAMAGE_TYPES) + r") damage; -(\d+) \1 damage"),
     r"use when it takes \1 damage: it takes -\2 damage"),
    # 'Hard to Kill: Immediate, when this creature would be reduced to 0 HP or fewer; this creature has 5 HP remaining
    # instead': it is not destroyed and keeps those hit points
    (re.compile(r"\bit would be reduced to 0 hp or (?:fewer|less)[;:,] it has (\d+) hp remaining instead"),
     r"it would be reduced to 0 hp: it is not destroyed and has \1 hp instead"),
    # an attack in words ('Roll +11 vs. Reflex against that enemy. On hit, that enemy takes 10 fire damage', 'Roll +12
    # vs. Will against 1 adjacent enemy. On success, that creature is Dominated', 'Attack each adjacent enemy, +26 vs.
    # AC; 20 Damage', 'roll +20 vs. AC on each enemy and ally within 3 squares. On hit, 15 damage. On miss, 5
    # damage'): the attack line of those targets (each adjacent enemy: a burst 1 against enemies only)
    (re.compile(r"\broll (\+\d+ vs\.? " + _DEFENCE + r") against that enemy\. on hit, that enemy takes "), r"\1; "),
    (re.compile(r"\broll (\+\d+ vs\.? " + _DEFENCE + r") against 1 adjacent enemy\. on (?:hit|success), that "
                r"(?:creature|enemy) is "), r"(1 adjacent enemy) \1; "),
    (re.compile(r"\battack each adjacent enemy, (\+\d+ vs\.? " + _DEFENCE + r");"), r"(burst 1, enemies only) \1;"),
    (re.compile(r", roll (\+\d+ vs\.? " + _DEFENCE + r") on each enemy and ally within (\d+) squares\. on hit, "
                r"([^.]+)\. on miss, "), r": (burst \2) \1; \3. miss: "),
    # 'Constriction: Each adjacent Immobilized enemy takes 10 damage': each such enemy adjacent to it
    (re.compile(r"(?:^|(?<=[:;,.] ))each adjacent (dazed|stunned|immobilized|slowed|weakened|bloodied|helpless) "
                r"(enemy|ally|creature)\b(?! adjacent)"), r"each \1 \2 adjacent to it"),
    # 'Thunder Lute: Each ally and each enemy within 3 squares of this creature takes 5 thunder damage AND this creature
    # heals 10 HP': the damage, then its heal
    (re.compile(r"\b(takes? \d+ (?:[a-z]+ )?damage) and it heals\b"), r"\1, then it heals"),
    # 'Aid Dragon: 1 condition on an adjacent Dragon ally ends, or ...'; 'Heal: An adjacent ally heals 20 HP and loses
    # all conditions affecting it': the conditions of that ally
    (re.compile(r"(?:^|(?<=[:;] ))(1|one) condition on (an? (?:adjacent )?(?:[a-z\-]+ )?ally) ends\b"),
     r"end \1 condition on \2"),
    (re.compile(r"\b(an? adjacent (?:[a-z\-]+ )?ally) heals (\d+) hp and loses all conditions(?: affecting it)?"),
     r"\1 heals \2 hp; remove all conditions from that ally"),
    # 'Heat Aura: (Aura 1) Enemies and allies in aura have -5 cold Damage with attacks that deal cold damage': the
    # creatures in it (of both sides), less damage with such attacks
    (re.compile(r"(?<=\(aura \d\) )(?:enemies and allies|allies and enemies) in aura (?=have |has |are |is )"),
     "creatures in aura "),
    (re.compile(r"(?<![\w+-])([+-]\d+) (" + "|".join(DAMAGE_TYPES) + r") damage with attacks that deal \2 damage\b"),
     r"\1 damage with attacks that deal \2 damage"),
    # 'Earthglide 5: Move action; Burrow up to 5 squares': a move with Burrow
    (re.compile(r"(?:^|(?<=[:;] ))burrow up to (\d+) squares\b"), r"move up to \1 squares with burrow"),
    # 'Easy Prey: make a melee basic attack vs. an Immobilized target': against such an enemy
    (re.compile(r"\b(make an? \{[a-z]+\} attack) vs\.? (an? [a-z]+) target\b"), r"\1 against \2 enemy"),
    # 'you roll 1 extra d20 to determine initiative this round'
    (re.compile(r"\b(extra d20s?) to determine initiative\b"), r"\1 when determining initiative"),
    # 'Juju: Each Hag and Aberration has Flight': each creature of either kind (the subject words check the kinds)
    (re.compile(r"(?:^|(?<=: ))each (?!(?:ally|enemy|other|adjacent|creature)\b)([a-z\-]+) (and|or) "
                r"(?!(?:ally|enemy|creature)\b)([a-z\-]+) (has|is|gains)\b"), r"each \1 \2 \3 creature \4"),
    # 'a target that is (already) taking ongoing poison damage' (Grung Poison): the same target words
    (re.compile(r"\bthat is \(already\) taking ongoing\b"), "taking ongoing"),
    # '(This creature may score end of round VP normally.)' after a placement at end of round: the rules' scoring,
    # which a placement does not change (a reminder)
    (re.compile(r"\s*\(it may score end of round vp normally\.?\)"), ""),
    # '25 lightning damage + 10 lightning damage if target occupies river terrain' (Lightning Strike): a rider on the
    # target's state after the damage, as '25 lightning damage, +10 lightning damage if target is ...'
    (re.compile(r"\b(\d+ (?:[a-z]+ )?damage) \+ ?(\d+ (?:[a-z]+ )?damage if (?:the )?target )"), r"\1, +\2"),
    (re.compile(r"\bif (?:the )?target occupies ((?:forest|river|difficult|statue|smoke|fire) terrain)\b"),
     r"if target is occupying \1"),
    # 'Immobilized target occupying river terrain: +13 vs. AC' (Croc Roll): the attack's targets, as '(... only)'
    (re.compile(r"(^|: )((?:[a-z]+ )?targets? occupying (?:forest|river|difficult|statue|smoke|fire) terrain): "
                r"(?=\+\d+ vs)"), r"\1(\2 only) "),
    # 'Use when this creature occupies river terrain and takes damage:' (Hydrophilic): its damage, while it is there
    # ('Grounded: ... use when this creature fails a save and occupies difficult terrain: Reroll that save')
    (re.compile(r"\buse when it occupies ((?:forest|river|difficult|statue|smoke|fire) terrain) and (takes damage|"
                r"fails a save):"), r"use when it \2, only while occupying \1:"),
    (re.compile(r"\buse when it (takes damage|fails a save) and occupies ((?:forest|river|difficult|statue|smoke|"
                r"fire) terrain):"), r"use when it \1, only while occupying \2:"),
    # 'Until end of battle, opponents score 0 VP instead of this creature's cost for destroying this creature'
    (re.compile(r"\bopponents? scores? 0 vp instead of its (?:cost|point cost) for destroying it\b"),
     "it is worth 0 vp when destroyed"),
    # '(Reach 3) (Ignores redirect powers and effects) +15 vs. AC' (Spear of the Hunt): the spec's 'ignores redirect'
    (re.compile(r"\(ignores redirect powers and effects\)"), "(ignores redirect)"),
    (re.compile(r"\(reach (\d+)\) \(ignores redirect\)"), r"(reach \1, ignores redirect)"),
    # 'this creature and target switch positions' (Spinning Strike's rider: its 'and' is not two effects)
    (re.compile(r"\bit and (?:the )?target switch (positions|places|spaces)\b"), r"it switches \1 with target"),
    # 'Minor action; when adjacent to river terrain only. All river terrain ...' (Early Freeze): the action's state
    (re.compile(r"\b(minor|move|attack) action; when ([a-z ,\-]+?) only\. "), r"\1 action, only when \2: "),
    # 'attackers making {m} attacks against it take 10 damage per attack' (Spined Devil's Spine Shield)
    (re.compile(r"\battackers making (\{[mr]\}|melee|ranged) attacks against it take (\d+) damage per attack\b"),
     r"whenever an enemy makes a \1 attack against it, that enemy takes \2 damage"),
    # 'when an adjacent enemy attempts a {M} attack against this creature; make a {B} attack against this enemy'
    # (Riposte): an attack made, and the enemy of that event
    (re.compile(r"\battempts (an? (?:\{[a-z]+\} |melee |ranged )?attack against)\b"), r"makes \1"),
    (re.compile(r"\battack (against|vs\.?) this enemy\b"), r"attack \1 that enemy"),
    # '-20 damage and ignore non-damage effects of that attack' (Arrow of Deflection): two effects on that attack
    (re.compile(r"(-\d+ damage) and (ignore non-damage effects of that attack)"), r"\1 on that attack; \2"),
    # 'Use when attacked by a {R},{C}, or {A} attack' (Psi Shield): the list's spacing
    (re.compile(r"\{r\},\s*\{c\},\s*or \{a\}"), "{r}, {c}, or {a}"),
    # 'Use when a player rolls a natural 11 on an attack:' (either player's attack roll, its own too)
    (re.compile(r"\buse when a player rolls a natural (\d+) on an attack:"),
     r"use when any creature makes an attack, if the attack roll is a natural \1:"),
    # 'Use when this creature charges: Each ally has +2 Attack and +5 Damage against target of that charge until end
    # of round' (Cavalry Charge): its charge attack, and the enemy it charged
    (re.compile(r"\buse when it charges:"), "use when it makes a charge attack:"),
    (re.compile(r"(\+\d+ damage) against target of that charge\b"), r"\1 against that enemy"),
    # 'Use when an enemy declares and opportunity attack against this creature' (Agility): 'an'
    (re.compile(r"\bdeclares and (opportunity attack)\b"), r"declares an \1"),
    # 'that attack has +5 Damage' (Tactical Magic), as 'that attack deals +5 damage'
    (re.compile(r"\bthat attack has \+(\d+) ((?:[a-z]+ )?damage)\b"), r"+\1 \2 on that attack"),
    # 'Use after this creature's {b} attack, only if the target ends adjacent to a wall or difficult terrain:' (where
    # it stands once that attack is resolved)
    (re.compile(r"\buse after its (\{[mrb]\}|melee|ranged) attack, only if the target ends "),
     r"use after it makes a \1 attack against a target "),
    # 'that attack deals +5 radiant damage' (of an attack an event names)
    (re.compile(r"\bthat attack deals \+(\d+) ((?:[a-z]+ )?damage)\b"), r"+\1 \2 on that attack"),
    # 'whenever its {b} attack destroys an enemy or causes it to become Bloodied' (the second part already 'bloodies
    # it'): the event of either
    (re.compile(r"\b(its (?:\{[mrcab]b?\} )?attack) destroys (an? (?:[a-z\-]+ )?enemy) or bloodies it\b"),
     r"\1 bloodies or destroys \2"),
    # 'Lancebreaker: This creature has +2 AC whenever a Mounted enemy attacks it. This creature has +2 Attack whenever
    # it makes a {m} attack against a Mounted target.'
    (re.compile(r"\b(?:it has )?\+(\d+) (ac|fort|ref|will|defenses) whenever an? ([a-z\-]+) enemy attacks it\b"),
     r"+\1 \2 against \3 enemies"),
    (re.compile(r"\b(?:it has )?\+(\d+) attack whenever it makes an? (\{[mr]\}) attack against an? ([a-z\-]+) "
                r"target\b"), r"+\1 \2 attack against \3 targets"),
    # 'Spell Deflection: Immediate, when hit by an attack from an Arcane creature, the attack misses instead' (an
    # enemy's: the power is its answer to the attack); 'Scale Rune: when an attack scores a Critical hit vs. an
    # adjacent ally: The attack scores a normal hit instead'
    (re.compile(r"\bhit by an attack from an? ([a-z\-]+) (?:creature|enemy)\b"), r"hit by an \1 enemy's attack"),
    (re.compile(r"\ban attack scores a critical hit (?:vs\.?|against) (an? (?:adjacent )?ally)\b"),
     r"an enemy scores a critical hit against \1"),
    # 'Death Clause: Use when this creature would be destroyed, if there is an Orzhov ally within 9 squares: Destroy
    # that ally; ...': that ally is one chosen there (none: the rest does nothing)
    (re.compile(r", if there is (an? [a-z\-]+ ally within \d+ squares(?: of it)?): (?=[^.]*\bthat ally\b)"),
     r": choose \1. "),
    # 'Wyrm Blessed: Whenever this creature is hit by a Dragon's Ranged, Burst, or Blast attack' (an enemy's)
    (re.compile(r"\bhit by an? ([a-z\-]+)'s (ranged, burst,? or blast) attack\b"), r"hit by a \1 enemy's \2 attack"),
    # 'Reversal of Fortune: Use when this creature would take damage from an attack: an adjacent enemy takes that
    # damage instead'; 'Protect the Master: Use when this creature would take damage: ...'
    (re.compile(r"\bwhen it would take damage from an attack\b"), "when it is damaged by an enemy's attack"),
    (re.compile(r"\bwhen it would take damage\b"), "when it takes damage"),
    # 'Black Pine: Use during your setup: Until end of battle, whenever this creature would do poison damage, it does
    # necrotic damage instead'
    (re.compile(r"\buntil end of battle, whenever it would (?:do|deal) ([a-z]+) damage, it (?:does|deals) ([a-z]+) "
                r"damage instead\b"), r"it deals \2 damage instead of \1 damage until end of battle"),
    # 'Body Shield: Redirect a {m} or {r} attack against this creature to an adjacent Immobilized enemy ...'
    (re.compile(r"(^|: )redirect (an? (?:\{[mr]\}(?: or \{[mr]\})? )?attack) against it to "),
     r"\1use when it is targeted by \2: redirect that attack to "),
    # 'Tends to Wander: During setup, you may place this creature within 5 squares of your start area' (the engine
    # uses a set-up power it may use: ddm-guild.optional-powers)
    (re.compile(r"\bduring setup, you may place it\b"), "during setup, place it"),
    # 'Use when hit by a critical hit', 'when damaged by a critical hit': a critical hit scored against it;
    # 'Usable once per creature's turn': once per turn
    (re.compile(r"\b(when|whenever) (?:it is )?(?:hit|damaged) by a critical(?: hit)?\b"),
     r"\1 a critical hit is scored against it"),
    (re.compile(r"\busable once per creature's turn\b"), "usable once per turn"),
    # 'when an enemy within reach activates' (its turn's start, within reach)
    (re.compile(r"\bwhen an enemy within reach(?: of it)? activates\b"), "when an enemy activates within reach"),
    # 'that enemy takes 10 necrotic Damage and has -2 Speed and -2 Attack until end of battle': the damage, then the
    # modifiers for their while; 'shift an make' (a misprint)
    (re.compile(r"\b(that enemy|that target|target) takes (\d+ (?:[a-z]+ )?damage) and (has [+-]\d[^.;:]* until "
                r"[^.;:]+)"), r"\1 takes \2; \1 \3"),
    (re.compile(r"\bshift an make\b"), "shift and make"),
    # 'Whenever this is the first creature you activate in a round, it has +2 Speed until end of its turn. RECHARGE
    # Frenzied Slash': as its turn starts, then
    (re.compile(r"(: )whenever (?:this|it) is the first creature you activate in a round, (?=it (?:has|gains) )"),
     r"\1use at start of its turn, only if it is the first creature you activate in a round: "),
    # 'Immediate action, when this creature misses with a basic melee attack: Repeat the attack': that attack again
    (re.compile(r"(: )repeat the attack\.?$"), r"\1repeat that attack against the same target"),
    # 'the target of that attack is also pushed 2 squares' (after an event's hit): push it
    (re.compile(r"(^|[:,;] )(?:the )?target of that attack is (?:also )?pushed (\d+) squares?\b"),
     r"\1push the target of that attack \2 squares"),
    # 'Thunder Charge: Additional +4 attack when charging'; 'adjacent to a Good ally or a Dragon ally' (either kind)
    (re.compile(r"(^[^:]{1,60}: )additional (?=[+-]\d)"), r"\1"),
    (re.compile(r"\badjacent to an? ([a-z\-]+) ally or an? ([a-z\-]+) ally\b"), r"adjacent to a \1 or \2 ally"),
    # 'against an enemy that is Slowed or taking ongoing poison Damage': either description
    (re.compile(r"\ban enemy that is (dazed|stunned|immobilized|slowed|weakened|helpless|blinded) or taking ongoing "
                r"((?:[a-z]+ )?damage)\b"),
     r"a \1 enemy or an enemy taking ongoing \2"),
    # 'adjacent to an ally with the Cold OR Dragon keywords': an ally of those kinds
    (re.compile(r"\ban ally with the ([a-z\-]+(?: or [a-z\-]+)*) keywords?\b"), r"a \1 ally"),
    # 'Immediate, when this creature is destroyed; make a {b} attack before being destroyed': the attack a power on its
    # destruction makes (the engine fires it before the creature leaves the battle map)
    (re.compile(r"^([^:]{1,60}: (?:immediate|use)[ ,]+when it is destroyed; make an? \{[bmr]b?\} attack) before "
                r"being destroyed\.?$"), r"\1"),
    # the creature whose turn starts ('Use at start of any turn: The creature activating is invisible until end of
    # turn', '... of a creature's turn. That creature has Flight until end of it's turn'); 'Use at start of turn of a
    # creature in your warband. Move that creature up to its Speed': a turn of one of its own side's creatures
    (re.compile(r"\bthe creature activating\b"), "that creature"), (re.compile(r"\bit's turn\b"), "its turn"),
    (re.compile(r"\buse at (?:the )?start of (?:the )?turn of a creature in your warband\b"),
     "use at start of your creature's turn"),
    (re.compile(r"(^|[:.] )move (that (?:creature|ally)) up to its speed\b"), r"\1\2 moves up to its speed"),
    # 'Use when this champion starts it turn', '+4 Attack and +10 Damage for that attack', 'Up to 3 allies may shift up
    # to 2 squares each' (each of them as far)
    (re.compile(r"\bstarts it turn\b"), "starts its turn"),
    (re.compile(r"\buse at (?:the )?beginning of (?:the |each )?round\b"), "use at start of round"),
    # 'Use when an Aquatic ally damages a bloodied enemy: +20 damage on that attack', 'when a Beast or Elemental allies
    # attack hits an enemy: +20 Damage to that enemy with that attack': more damage on that attack, as it hits (the
    # only time damage can be added to it)
    (re.compile(r"^(use when an? (?:[a-z\-]+(?:,| or|, or) )*[a-z\-]+) allies attack hits (an? enemy): "),
     r"\1 ally hits \2: "),
    (re.compile(r"(\+\d+ (?:[a-z]+ )?damage) to that enemy with that attack\b"), r"\1 on that attack"),
    # 'Use when this creature is first bloodied: As an immediate action, make a {b} attack ...': its immediate action
    (re.compile(r"^(use when [^:]+): as an immediate action, "), r"immediate action, \1: "),
    (re.compile(r"^(use when an? (?:[a-z\-]+(?:,| or|, or) )*[a-z\-]+ ally) damages (an? (?:[a-z\-]+ )?enemy): "
                r"(?=\+\d+ (?:[a-z]+ )?damage on that attack\.?$)"), r"\1 hits \2: "),
    (re.compile(r"(\+\d+ [a-z]+(?: and \+\d+ [a-z]+)?) for that attack\b"), r"\1 on that attack"),
    (re.compile(r"\b(shift up to \d+ squares) each\b"), r"\1"),
)
_NO_CHAMPION_POWERS: Final = r"(?:within \d+ squares of it|in aura) (?:cannot|can not|may not) use champion powers\b"
# 'may shift up to two squares': the number in figures
_NUMBER_WORDS: Final = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_WORD_SQUARES: Final = re.compile(r"\b(shifts?|moves?|teleports?) up to (two|three|four|five|six) squares\b")
_MISSPELT_WORDS: Final = (
    (re.compile(r"\benenmies\b"), "enemies"), (re.compile(r"\b(?:adjacen|edjacent)\b"), "adjacent"),
    (re.compile(r"\bwhil\b"), "while"), (re.compile(r"\ba\{([mrbca]b?)\}attack\b"), r"a {\1} attack"),
    (re.compile(r"\batt ack\b"), "attack"), (re.compile(r"\battackj\b"), "attack"),
    (re.compile(r"\{([mrcab]) (?=attacks?\b)"), r"{\1} "),  # '+4 Reflex against {r attacks'
    (re.compile(r"\bthiscreature\b"), "it"), (re.compile(r"\bthatally\b"), "that ally"),
    (re.compile(r"\bgoblinallies\b"), "goblin allies"), (re.compile(r"\+(\d+)vp\b"), r"+\1 vp"),
    (re.compile(r"(^|[:;] )([+-]) (\d+ (?:\{[mrcab]\} )?(?:damage|attack)\b)"), r"\1\2\3"),  # "+ 10 damage against
    # undead"
    (re.compile(r"\b(enemies|allies|creatures) with (\d+) squares\b"), r"\1 within \2 squares"),
    (re.compile(r"\bwhen when\b"), "when"),
    (re.compile(r"\b(when|whenever|after) an? (creature|ally|enemy) of level (\d+) or (lower|higher)\b"),
     r"\1 a level \3 or \4 \2"),
    (re.compile(r"\b(makes?|make) an immediate \{b\} attack before it is destroyed\b"), r"\1 an immediate {b} attack"),
    # only champions have champion powers: 'Enemy champions within 5 squares of this creature cannot use Champion
    # powers' is every enemy there, 'Champions within 10 squares ... may not' every creature there
    (re.compile(r"(?:^|(?<=: ))enemy champions (?=" + _NO_CHAMPION_POWERS + ")"), "enemies "),
    (re.compile(r"(?:^|(?<=: ))champions (?=" + _NO_CHAMPION_POWERS + ")"), "creatures "),
    (re.compile(r"\battack that does ((?:[a-z]+ )?damage)\b"), r"attack that deals \1"),
    # 'each Undead enemy and ally, each Githyanki enemy and ally, and each Dragon enemy and ally': each creature of
    # those kinds, of either side
    (re.compile(r"\beach ([a-z\-]+) enemy and ally\b"), r"each \1 creature"),
    (re.compile(r"\beach ([a-z\-]+) creature, each ([a-z\-]+) creature,? and each ([a-z\-]+) creature\b"),
     r"each \1, \2 or \3 creature"), (re.compile(r"\b(when|after|if) this champion\b"), r"\1 it"),
    (re.compile(r"\bwithing\b"), "within"), (re.compile(r"\brecahrge\b"), "recharge"),
    (re.compile(r"\btaget\b"), "target"),
    (re.compile(r"\bsquaresa\b"), "squares"), (re.compile(r"\bisthe\b"), "is the"),
    (re.compile(r"\b(creature|it)is\b"), r"\1 is"), (re.compile(r"^nvulnerable\b"), "vulnerable"),
    (re.compile(r"\bchanpion\b"), "champion"), (re.compile(r"\bstart f turn\b"), "start of turn"),
    (re.compile(r"\bof(this|it)\b"), r"of \1"), (re.compile(r"\bdiffcult\b"), "difficult"),
    (re.compile(r"\bittakes\b"), "it takes"), (re.compile(r"\bacritical\b"), "a critical"),
    (re.compile(r"\banimmediate\b"), "an immediate"), (re.compile(r"\btaking yor\b"), "taking your"),
    (re.compile(r"\ban effect of condition\b"), "an effect or condition"),
    (re.compile(r"\bthe chosen (ally|enemy)\b"), r"that \1"),
    # '+2 Attack against attacker' (the event's attacker, 'that enemy'); 'with {m} attacks against targets flanked by
    # that ally' (targets it flanks: 'when flanking')
    (re.compile(r"(\+\d+ (?:attack|damage|ac)) against (?:the )?attacker\b"), r"\1 vs. that enemy"),
    (re.compile(r"\bagainst targets flanked by (?:that ally|it)\b"), "when flanking"),
    (re.compile(r"\buse at start its turn\b"), "use at start of its turn"),
    (re.compile(r"\bwithin two squares\b"), "within 2 squares"), (re.compile(r"\bwithin three squares\b"),
                                                                   "within 3 squares"),
    (re.compile(r"(?<=[a-z]),then\b"), ", then"), (re.compile(r"\+(\d+) m attack\b"), r"+\1 {m} attack"),
    (re.compile(r"\bmoves? u[o0]p? to\b"), "moves up to"), (re.compile(r"\bit as (?=[+-]\d)"), "it has "),
    (re.compile(r"\[([mrcab]b?)\](?= attacks?\b)"), r"{\1}"),  # '-5 damage with [m] attacks': the icon
    (re.compile(r"\bthier\b"), "their"), (re.compile(r"\bongoign\b"), "ongoing"),
    (re.compile(r"\bdevil immortal\b"), "devil, immortal"),  # (a list's comma left out: no such kind)
    # 'While this creature occupies one of your victory area, you score +10 VP for each enemy destroyed': each time
    # an enemy is destroyed (the event)
    (re.compile(r"\b(you score \+?\d+ vp) for each enemy destroyed\.?$"), r"\1 whenever an enemy is destroyed"),
    (re.compile(r"\bone of your victory area\b"), "one of your victory areas"),
    # '+2 with attacks against Undead creatures': to its attack rolls; 'vs. constructs and objects': a target of either
    (re.compile(r"([+-]\d+) with attacks (against|vs\.?) "), r"\1 attack \2 "),

    (re.compile(r"\beach enemy champion that is adjacent to (?:it|this creature)\b"), "each champion adjacent enemy"),
    (re.compile(r"\b(multi-activation \d+) \(activates (?:twice|two times|\d+ times) (?:per|a|each) round\)"), r"\1"),
    (re.compile(r"\bwithin (\d+) of (it|this creature)\b"), r"within \1 squares of \2"),
    # '+5 radiant {m} Damage': the icon before the type, as the modifiers read it
    (re.compile(r"([+-]\d+) (acid|cold|fire|force|lightning|necrotic|poison|psychic|radiant|thunder) (\{[mrca]\}) "
                r"damage\b"), r"\1 \3 \2 damage"),
    (re.compile(r"\(min\. (\d+)"), r"(minimum \1"),  # '(min. 0)': the stop is no sentence's end
    (re.compile(r"([+-]\d+) (\{[mrca]\}), ?(\{[mrca]\}),? and (\{[mrca]\}) (damage|attack)\b"),
     r"\1 \2 \5 and \1 \3 \5 and \1 \4 \5"),
    # '+4 {M} and {R} Attack'; '+4 AC against r attacks' (the icon printed as a letter)
    (re.compile(r"([+-]\d+) (\{[mrca]\}) and (\{[mrca]\}) (damage|attack)\b"), r"\1 \2 \4 and \1 \3 \4"),
    (re.compile(r"\b(against|vs\.|with) ([mrca]) attacks\b"), r"\1 {\2} attacks"),
    # 'against attacks by Evil enemies and Underdark enemies': an attack by either
    (re.compile(r"\battacks by ([a-z\-]+) (enemies|creatures) and ([a-z\-]+) \2\b"), r"attacks by \1 or \3 \2"),
    (re.compile(r"\bmake (1|a|one) \{b\} as (an? (?:free|immediate) action)"), r"make \1 {b} attack as \2"),  # the
    # noun left out ('Make 1 {B} as an immediate action')
    (re.compile(r"\bas aimmediate action\b"), "as an immediate action"),
    (re.compile(r"\(saved ends\)"), "(save ends)"),
    (re.compile(r"\b(when|whenever|after) a creature in your warband (?=hits |is hit )"), r"\1 it or an ally "),
    (re.compile(r"\bfi rst\b"), "first"), (re.compile(r"\bthis creture's\b"), "its"), (re.compile(r"\bposion\b"),
                                                                                        "poison"),
    (re.compile(r"\bthis creture\b"), "it"),
    (re.compile(r"\bcauses? (an? (?:[a-z\-]+ )?enemy|an? target|target|that enemy|it) to (?:become|be) bloodied\b"),
     r"bloodies \1"),  # 'when it causes an enemy to become bloodied'
    (re.compile(r"\b(an? (?:[a-z\-]+ )?enemy) causes (an? (?:[a-z\-]+ )?ally) to (?:become|be) bloodied\b"),
     r"\1 bloodies \2"),  # 'when an enemy causes an ally to become Bloodied'
    # 'whenever that enemy takes radiant damage, it takes 5 additional radiant damage': Vulnerable 5 radiant
    (re.compile(r"\bwhenever (that enemy|target|the target) takes ([a-z]+) damage, it takes (\d+) additional \2 "
                r"damage\b"), r"\1 has vulnerable \3 \2"),
    # ... the rider first: 'target takes 10 additional cold damage whenever it takes cold damage (save ends)':
    # Vulnerable 10 cold; 'target takes 5 additional damage whenever it takes damage': any damage (Vulnerable 5 All)
    (re.compile(r"\b(that enemy|target|the target) takes (\d+) additional ([a-z]+) damage whenever it takes \3 "
                r"damage\b"), r"\1 has vulnerable \2 \3"),
    (re.compile(r"\b(that enemy|target|the target) takes (\d+) additional damage whenever it takes damage\b"),
     r"\1 has vulnerable \2 all"),
    # '10 damage + 5 damage for each other Lich Vestige in play': the attack's own counted modifier
    (re.compile(r"\b(\d+ (?:[a-z]+ )?damage) \+ (\d+ (?:[a-z]+ )?damage (?:for each|per) )"), r"\1, +\2"),
    # 'AND until end of battle, whenever this creature shifts, it can shift 2 squares': it can, for that while
    (re.compile(r"\b(until end of (?:battle|round|its next turn)), whenever it shifts, it can shift (\d+) squares\b"),
     r"it gains shift-distance \2 \1"),
    # 'Target may not make ranged, burst, or blast attacks (save ends)': those forms ({c} and {a}: bursts and blasts,
    # as 'a burst or blast attack' is read)
    (re.compile(r"\b(may not|cannot|can not) make ranged, burst,? or blast attacks\b"),
     r"\1 make {r}, {c}, or {a} attacks"),
    # '20 necrotic Damage (Undead creatures instead heal 20 HP)': a rider of its own after the damage
    (re.compile(r"\b(\d+ (?:[a-z]+ )?damage) (\([a-z\-]+ creatures instead heal \d+ hp\))"), r"\1; \2"),
    # "target's Resist Fire is reduced by 15 (save ends both)": its resistance to that type is less for the while
    (re.compile(r"\b(?:the )?target's resist ([a-z]+) is reduced by (\d+)\b"), r"target has resist-less \1 \2"),
    # 'target loses a use of a limited use (check box) power or a champion power. If two or more powers are available,
    # target may choose which to lose' (Pickpocket)
    (re.compile(r"\btarget loses a use of a limited use \(check box\) power or a champion power\. if two or more "
                r"powers are available, target may choose which to lose\b"), "target loses a use of a limited power"),
    # 'this creature and allies within 4 squares each heal 15 HP': each of them
    (re.compile(r"\b(it and allies(?: within \d+ squares)?) each (heal|take)\b"), r"\1 \2"),
    # '5 damage; if this attack destroys the target, this creature is Immobilized': once its hit destroyed it
    (re.compile(r"[;,.] if this attack destroys (?:the|its) target, "), " and if target is destroyed, "),
    # RECHARGE events in other words: 'whenever this creture starts a turn bloodied', 'i this creature destroys a
    # Stunned enemy' (if: when it does), 'when this creature would take cold Damage' (as it takes it)
    (re.compile(r"\brecharge whenever it starts a turn (?=bloodied\b)"), "recharge when it starts its turn "),
    (re.compile(r"\brecharge if? it destroys\b"), "recharge when it destroys"),
    (re.compile(r"\brecharge when it would take ((?:[a-z]+ )?damage)\b"), r"recharge when it takes \1"),
    # 'Target may not make attacks (save ends)': it cannot attack; 'target has -5 Attack on its next attack roll':
    # until it makes one; 'target is not invisible and does not benefit from conceal; effect lasts until end of battle'
    (re.compile(r"\b(target|that enemy) (?:may not|cannot|can not) make attacks\b"), r"\1 cannot attack"),
    (re.compile(r"\b(target|that enemy) has (-\d+) attack on its next attack roll\b"),
     r"\1 has \2 attack until it makes an attack"),
    (re.compile(r";\s*(?:the )?effects? lasts? (until end of (?:battle|round|its next turn))\b"), r" \1"),
    # 'Dominated (save ends) AND target loses the Stunned condition': that condition on it ends
    (re.compile(r"\b(?:the )?target loses the (dazed|stunned|immobilized|slowed|weakened|dominated|blinded|"
                r"confused|helpless) condition\b"), r"end the \1 condition on target"),
    # a champion named after its side: 'an enemy Champion', 'an allied champion' (the kind before the noun)
    (re.compile(r"\ban enemy champion\b(?! power| rating)"), "a champion enemy"),
    (re.compile(r"\ban (?:ally|allied) champion\b(?! power| rating)"), "a champion ally"),
    # an opponent's champion power is one of its champions' ('when an opponent uses a champion power'); a power made
    # to have no effect is still used (the reminder says so: the use stays spent, ddm-guild.champion-events)
    # 'Use after rolling initiative, if you win and this is your only champion in play:' (winning it, with a state)
    (re.compile(r"\buse after rolling initiative,? if you (?:win|won) and (?=this |it |you |your )"),
     "use when you win initiative, if "),
    (re.compile(r"\b(when|after) an opponent uses a champion power\b"), r"\1 an enemy uses a champion power"),
    (re.compile(r"\b(has no effect|(?:is|are) cancell?ed)\.? \(?(?:the power is still used|it still counts as being "
                r"used)\)?"), r"\1"),
    (re.compile(r"\btaret\b"), "target"), (re.compile(r"\baff ected\b"), "affected"),
    (re.compile(r"(-\d+)(ac|attack)\b"), r"\1 \2"),  # '-2ac'
    # 'push 2 target up to squares'
    (re.compile(r"\bpush (\d+) target up to squares\b"), r"push target up to \1 squares"),
    (re.compile(r"\bvs\. wil\b"), "vs. will"), (re.compile(r"(\+\d+)vs\."), r"\1 vs."), (re.compile(r"\)\)(?= )"), ")"),
    (re.compile(r"(\([^()]*\))\(fear\)"), r"\1"),  # '(range 6)(Fear) +16 vs. Will': the tag, as the others
    (re.compile(r"\(radius (\d+) with (\d+)\)"), r"(radius \1 within \2)"),
    (re.compile(r"\bdef (fort|ref|will)\w*\)"), r"\1"),  # '+25 vs. DEF Fort); destroyed'
    # a parenthesis that lost its opening ('Seeking Javelin: range 6, ignore invisible) +20 vs. AC')
    (re.compile(r"^([^:(]{1,60}: )((?:range|burst|blast|reach|radius|line) \d+[^()]*\) )"), r"\1(\2"),
    # the cards' older word for destroyed ('Whenever an enemy is eliminated while adjacent to this creature')
    (re.compile(r"\b(?:is|are|been|be) eliminated\b"), "is destroyed"),
    (re.compile(r"\beliminates (an?|any|the) (?=(?:[a-z\-]+ )?(?:enemy|enemies|creature)\b)"), r"destroys \1 "),
    # a hit's rider written as a state of its target ('Visejaw: A Large or smaller enemy hit by this creature's {m}
    # attack is Immobilized'): the event it is ('whenever it hits a Large or smaller enemy with a {m} attack, ...')
    (re.compile(r"^([^:]{1,60}: )(an?|each) ([a-z\- ]*?)(enemy|target|creature) hit by its (\{[mrcab]b?\}) attack "
                r"is (?=[a-z])"), r"\1whenever it hits \2 \3\4 with a \5 attack, that \4 is "),
    # damage written before its event ('5 Damage to each enemy that ends its turn adjacent to this creature')
    (re.compile(r"^([^:]{1,60}: )(\d+ (?:[a-z]+ )?damage) to each enemy that ends its turn adjacent to it\.?$"),
     r"\1whenever an enemy ends its turn adjacent to it, that enemy takes \2."),
)
_M_ICON: Final = re.compile(r"\+(\d+) m damage\b")
_M_ATTACKS: Final = re.compile(r"\bwith m attacks\b")
_M_ATTACK: Final = re.compile(r"\b(an?) m ?attack\b")  # 'with a M attack: Make a M attack', 'a mattack'
_PLUS_TIGHT: Final = re.compile(r"(\d) ?\+ ?(\d+ (?:(?:" + "|".join(DAMAGE_TYPES) + r") )?damage)")
_GLUED_SQUARES: Final = re.compile(r"(\d)(squares?)\b")
_EITHER_DEFENCE: Final = re.compile(r"\+(\d+) vs\.? (ac|fort|ref|will) or (?:\+\1 vs\.? )?(ac|fort|ref|will)\b")
_PLUS_SPACE: Final = re.compile(r"(\d) \+(\d+ (?:" + "|".join(DAMAGE_TYPES) + r") damage)")


# --- small readers ---------------------------------------------------------------------------------------------

_NUM: Final = r"(\d+)"
_TYPE_ALT: Final = "|".join(DAMAGE_TYPES)


def _words_to_int(word: str) -> int:
    names = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "1": 1}
    if word in names:
        return names[word]
    return int(word)


_DURATION_PATTERNS: Final = (
    (re.compile(r"^\(?save ends(?: both| all)?\)?$"), "save"),
    (re.compile(r"^until (?:the )?end of (?:its|their|that (?:enemy|ally|creature|target)'s|the target's|target's) "
                r"next turn$"), "end-next-turn"),
    (re.compile(r"^until (?:the )?end of its next turn$"), "end-next-turn"),
    (re.compile(r"^until (?:the )?end of (?:its |that (?:enemy|ally)'s |the current creature's )?turn$"), "end-turn"),
    (re.compile(r"^until (?:the )?end of (?:the )?round$"), "end-round"),
    (re.compile(r"^until (?:the )?end of (?:the )?next round$"), "end-next-round"),
    (re.compile(r"^(?:until (?:the )?end of (?:the )?battle|for the rest of the battle)$"), "battle"),
    (re.compile(r"^until (?:the )?start of (?:its|your|their|that (?:enemy|ally)'s) next turn$"), "start-next-turn"),
    (re.compile(r"^until (?:the )?start of its turn$"), "start-next-turn"),  # (said before its turn: 'Statue Form')
    (re.compile(r"^until (?:the )?end of its own next turn$"), "end-next-turn-source"),
    (re.compile(r"^until (?:the )?start of its own next turn$"), "start-next-turn-source"),
    (re.compile(r"^(?:this round|until end of this round)$"), "end-round"),
    (re.compile(r"^until (?:after )?it (?:first )?(?:attacks|makes an attack|resolves an attack|has used an attack "
                r"action)$"), "after-attack"),
    (re.compile(r"^until it (?:takes|is dealt) damage$"), "until-damaged"),
    # bound to the power's own creature ('this creature', read "it"): while it stays on the battle map, until it is
    # first bloodied (ddm_guild_damage.source_ended)
    (re.compile(r"^while it is (?:on the battle ?map|in play)$"), "while-source"),
    (re.compile(r"^until it is destroyed$"), "while-source"),  # 'until this creature is destroyed' (it leaves the
    # battle map only so: ddm_guild_damage.destroy ends them)
    (re.compile(r"^until it (?:is first|first becomes|becomes first) bloodied$"), "until-source-bloodied"),
    # until its own move ('invisible to non-adjacent enemies until it moves'), an attack on it ('+2 Attack ... until it
    # is attacked'), its first bloodying ('Up to 4 allies gain Flight until they are first bloodied')
    (re.compile(r"^until it moves(?: on its turn)?$"), "until-moves"),  # (its own moves: a push does not end it)
    (re.compile(r"^until it moves or attacks$"), "until-moves-or-attacks"),  # (whichever comes first)
    (re.compile(r"^until it is (?:next )?attacked$"), "until-attacked"),
    (re.compile(r"^until they are first bloodied$"), "until-bloodied"),
    (re.compile(r"^until after it hits(?: with an attack)?$"), "after-hit"),  # ('Zehir's Eye')
    # 'That enemy has -4 Attack until it targets this creature with an attack' (Distracting Mark)
    (re.compile(r"^until it targets it(?: with an attack)?$"), "until-targets-source"),
)


def _duration(text: str) -> str:
    t = text.strip(" .,;()")
    if not t:
        return ""
    for rx, name in _DURATION_PATTERNS:
        if rx.match(t):
            return name
    raise _Unread(f"duration '{t}'")


_TRAILING_DURATION: Final = re.compile(
    r"^(.*?)[ ,]*\(?((?:save ends(?: both| all)?)|until (?:the )?(?:end|start) of [^;.()]*|until after it [^;.()]*"
    r"|until it (?:first )?(?:attacks|makes an attack|resolves an attack|takes damage|moves or attacks|moves|is "
    r"attacked)"
    r"|until it targets it(?: with an attack)?|until they are first bloodied|for the rest of the battle|this round"
    r"|while it is (?:on the battle ?map|in play)|until it is destroyed)\)?$"
)


def _split_duration(text: str) -> tuple[str, str]:
    m = _TRAILING_DURATION.match(text.strip(" .;"))
    if m is None:
        return text.strip(" .;"), ""
    return m.group(1).strip(" ,"), _duration(m.group(2))


def _leading_duration(text: str) -> tuple[str, str]:
    """'until end of round, allies have +2 attack' → ('allies have +2 attack', 'end-round')."""
    m = re.match(r"^(until [^,;:]+|for the rest of the battle)[,:]\s*(.*)$", text)
    if m is None:
        return text, ""
    try:
        return m.group(2), _duration(m.group(1))
    except _Unread:
        return text, ""


# Subjects: the creatures an effect reaches, relative to the power's creature and the event.
_NON_KEYWORDS: Final = {
    "each", "all", "other", "adjacent", "living", "bloodied", "good", "evil", "enemy", "ally", "1", "one", "an", "a",
}


_KIND_TARGET: Final = re.compile(
    r"^(?:a |an )?(?P<kws>[a-z\-]+(?:(?:,| or|, or) [a-z\-]+)*) targets? (?=(?:is|are|has|have|takes?) )")
_NOT_KINDS: Final = frozenset({
    "the", "that", "each", "a", "an", "its", "this", "any", "one", "same", "different", "every", "all", "other",
    "enemy", "ally", "bloodied", "adjacent", "tiny", "small", "medium", "large", "huge", "smaller", "larger", "level",
    "dazed", "stunned", "immobilized", "slowed", "weakened", "helpless", "dominated", "blinded", "marked",
    "confused", "staggered", "lower", "higher", "new", "first", "second", "legal", "enemy's",
    "if", "when", "while", "unless", "and", "or", "then", "whose", "with", "on", "of",
})
_TWO_KINDS: Final = re.compile(
    r"^(?:each )?(?P<a>[a-z\-]+) (?:ally )?(?:and|or) (?:each )?(?P<b>[a-z\-]+) (?P<side>allies|ally|enemies|enemy|"
    r"creatures in your warband)\b"
)


# the creature keywords of the Guild catalogue (tests/simulate/test_ddm_guild_powers.py checks the list): a group of
# creatures is read only when each of its kinds is one of these, so a misread word never makes a filter no one passes
KINDS: Final = frozenset({
    "aarakocra", "aasimar", "aberrant", "aberration", "aboleth", "achaierai", "acid", "air", "aldani", "angel",
    "aquatic", "arcane", "azer", "azorius", "bane", "beast", "beholder", "berbalang", "boros", "bugbear",
    "bullywug", "cambion", "catfolk", "celestial", "centaur", "chaos", "choker", "cold", "construct", "corpse",
    "cyclops", "demon", "derro", "deva", "devil", "dimir", "dire", "divine", "dolgrim", "draconian", "dragon",
    "dragonborn", "dragonne", "dromite", "drow", "duergar", "dwarf", "earth", "eladrin", "elemental", "elf",
    "ettin", "evil", "fey", "filcher", "fire", "firenewt", "flind", "fomorian", "foulspawn", "gargoyle", "genasi",
    "giant", "githyanki", "githzerai", "gnoll", "gnome", "goblin", "golgari", "goliath", "good", "griffon",
    "grimlock", "gruul", "hag", "half-elf", "half-orc", "halfling", "hobgoblin", "human", "humanoid", "hydra",
    "ibixian", "immortal", "incarnum", "izzet", "kalashtar", "kenku", "ki", "kobold", "kraul", "krenshar",
    "kruthik", "kuo-toa", "law", "lightning", "lizardfolk", "loxodon", "maenad", "magical beast", "martial",
    "mastermind", "medusa", "metallic", "mind flayer", "minion", "minotaur", "modron", "mount", "mounted",
    "myconid", "natural", "neogi", "nilbog", "noble", "norker", "object", "ogre", "ooze", "orc", "orcus", "orog",
    "orzhov", "planar", "plant", "primal", "psi", "psionic", "quaggoth", "rage", "raider", "rakdos", "rakshasa",
    "rat", "reptile", "sahuagin", "saurian", "scorpion", "selesnya", "serpent", "shadar kai", "shadar-kai",
    "shadow", "shapeshifter", "shardmind", "shardsoul", "shifter", "simic", "skeleton", "slaad", "snake", "solo",
    "spawn", "spell", "sphinx", "spider", "spirit", "sprite", "stealth", "stirge", "swarm", "swordwing", "tabaxi",
    "taer", "thri-kreen", "thunder", "tiefling", "tomb of annihilation", "totem", "troglodyte", "troll", "undead",
    "unique", "uthgar", "vampire", "vargouille", "vecna", "vedalken", "vermin", "war", "warforged", "water",
    "wemic", "wight", "witchknife", "wolf", "xeph", "xill", "yeti", "yuan-ti", "zhent", "zombie"
})
# the kinds of two words ('1 Magical Beast ally within 3 squares'): a subject's kind may be one of them
_TWO_WORD_KINDS: Final = "|".join(re.escape(k) for k in sorted(KINDS) if " " in k)
_SUBJECT_RE: Final = re.compile(
    r"^(?P<subj>it or (?:an|1|one) (?:adjacent )?(?:(?P<kw5>[a-z\-]+) )?ally|it and each ally|it and all allies|"
    r"each ally and it|it|itself|"
    r"you|(?:your )?opponent|"
    r"(?:the )?target of that attack|the target|target|that target|"
    r"that enemy|the enemy|that creature|the attacker|that attacker|attacker|that ally|the ally|"
    r"(?:each |all )?(?:(?P<kw3>[a-z'\-]+) )?creatures in your warband|"
    r"(?:each|all|every) (?:(?P<kw1>[a-z'\-]+) )?(?:adjacent )?(?:enemy|enemies|ally|allies|creature|creatures)"
    r"(?: and (?:each )?(?:enemy|ally|creature))?|"
    r"(?:each |all )?(?:(?P<kw2>[a-z'\-]+) )?(?:allies|enemies)|"
    r"(?:1|one|an|a|up to \d+) (?:adjacent )?(?:(?P<kw4>" + _TWO_WORD_KINDS + r"|[a-z'\-]+) )?"
    r"(?:ally|allies|enemy|enemies|creature)"
    r"(?: or (?:ally|enemy))?)"
    r"(?P<where>(?: within \d+ squares? of (?:that ally|that creature|that enemy|the target)"
    r"| (?:within|in) \d+ squares?(?: of it)?| adjacent to it| adjacent to (?:(?:the |that )?target"
    r"|that enemy)"
    r"| in (?:the |that )?(?:burst|area|aura|blast)"
    r"| it can see| in (?:line of )?sight)*)"
    r"\b"
)
_GROUP_RE: Final = re.compile(
    r"^(?P<self>(?:it|this creature) and (?:each |all )?)?(?:each |all )?(?P<adj>adjacent )?"
    r"(?P<kinds>(?:[a-z\-]+(?: [a-z\-]+)?(?: allies| ally)?(?:, and |, or |, | and | or )(?:each )?)*"
    r"[a-z\-]+(?: [a-z\-]+)? )?"
    r"(?P<noun>enemies and allies|allies and enemies|enemy and (?:each )?ally|ally and (?:each )?enemy|allies|ally|"
    r"enemies|enemy|creatures|creature)"
    r"(?P<where>(?: (?:within|in) \d+(?: squares?)?(?: of it)?| adjacent to it| in (?:the )?aura"
    r"| within (?:the )?aura)?)"
    r"(?= |$)"
)
_GROUP_NOT: Final = frozenset({"each", "all", "other", "adjacent", "enemy", "ally", "allies", "enemies", "it", "and",
                               "or", "the", "a", "an", "that", "this", "your", "its", "1", "one", "two", "up", "to"})


def _group(text: str) -> tuple[str, Filter, str] | None:
    """A group of creatures named by their kinds, as the cards write them: 'Beast, Fey and Centaur allies' (any of
    them), 'living non-Troglodyte creatures' (all of them), 'it and adjacent Arcane allies', 'each Dragon ally,
    Goblin ally, and Spawn ally', 'Selesnya and Good allies' (an alignment is a kind). None when the words are not
    such a group, or name one kind only (the plain subject reads those)."""
    m = _GROUP_RE.match(text)
    if m is None or not (m.group("kinds") or m.group("self")):
        return None
    alts: list[str] = []
    for alt in re.split(r", and |, or |, | and | or ", (m.group("kinds") or "").strip()):
        words = [w for w in re.sub(r"\b(?:allies|ally|each)\b", " ", alt).split() if w]
        if not words:
            continue
        whole = " ".join(_singular(w) for w in words)
        if whole in KINDS:
            alts.append(whole)
            continue
        if whole.startswith("non-") and whole[4:] in KINDS:  # 'non-Mind Flayer' (a kind of two words, negated)
            alts.append("!" + whole[4:])
            continue
        parts = []
        for w in words:  # 'living non-Troglodyte': all of them
            kind = _singular(w[4:] if w.startswith("non-") else w)
            if kind not in KINDS and kind != "living":
                return None
            parts.append(("!" if w.startswith("non-") else "") + kind)
        alts.append("+".join(parts))
    if not alts and not m.group("self"):
        return None
    if len(alts) > 1 and any("+" in a for a in alts):
        return None  # 'non-Evil Fey and Gnome allies': how far 'non-Evil' reaches is not certain
    if len(alts) < 2 and not m.group("self") and not m.group("adj") and not any("+" in a or " " in a for a in alts):
        return None
    noun = m.group("noun")
    where = m.group("where") or ""
    within = -1 if m.group("adj") or "adjacent" in where else 0
    wm = re.search(r"(\d+)", where)
    if wm:
        within = int(wm.group(1))
    flt = Filter(keyword="|".join(alts), within=within)  # 'in aura': the aura's size says how far
    rest = text[m.end():].strip()
    if m.group("self"):
        return "self-and-allies", flt, rest
    if ("enem" in noun and "all" in noun) or noun.startswith("creature"):
        return "all", flt, rest
    return ("enemies" if noun.startswith("enem") else "allies"), flt, rest


def _singular(w: str) -> str:
    if w in KINDS or w in FACTIONS:  # 'Boros', 'Orcus', 'Borderlands'
        return w
    return w.rstrip("s") if w.endswith("s") and not w.endswith("ss") else w


# --- groups of creatures read as parts --------------------------------------------------------------------------
# 'each Human, Elf or Eladrin creature in your warband', 'Giant and Ogre creatures in your warband', 'goblins in your
# warband', 'it and each Giant ally', 'Shapeshifter allies with the Stealth keyword', 'all Humans (enemies and
# allies)': a quantifier, the kinds, the side and where, each read on its own. A group that holds the power's own
# creature only by its kinds ('Undead creatures') is not read: the engine's groups say whether it is one of them.

_GROUP_PARTS_RE: Final = re.compile(
    r"^(?P<self>it,? and )?(?P<each>(?:each|all|every) )?(?P<adj>adjacent )?"
    r"(?P<kinds>(?:non-)?[a-z\-]+(?:(?:,| and| or|, and|, or|) (?:each )?(?:non-)?[a-z\-]+)*? )?"
    r"(?P<noun>creatures? in your warband|allies|ally|enemies|enemy|enemies and allies|enemy and ally|"
    r"\(enemies and allies\)|in your warband|creatures|creature)"
    r"(?: with the (?P<also>[a-z\-]+) keyword)?"
    r"(?P<where> within (?P<n2>\d+) squares? of (?P<ev>that ally|that creature|that enemy|the target)"
    r"| within (?P<n>\d+) squares?(?: of it)?| adjacent to it| in (?:the )?aura)?(?= |,|$)")


def _near_event(n: str | None, ev: str | None) -> str:
    """'within 3 squares of that ally / that creature': near the event's creature (a group's state, judged by
    ddm_guild_apply._pick on the event's ally or other creature)."""
    return f"near-event:{n}:{'ally' if ev == 'that ally' else 'target'}" if n and ev else ""


def _composed_group(text: str) -> tuple[str, Filter, str] | None:
    """A group of creatures read as its parts (see above): (who, filter, rest), or None."""
    m = _GROUP_PARTS_RE.match(text)
    if m is None:
        return None
    words = (m.group("kinds") or "").strip()
    noun = m.group("noun")
    where = m.group("where") or ""
    plural_kind = noun == "in your warband"  # 'goblins in your warband': the kind is the noun
    everyone = noun in ("creatures", "creature") and not (m.group("adj") or where)
    if everyone and (m.group("self") or noun == "creature" or not words):
        return None
    if noun in ("ally", "enemy", "creature") and not m.group("each"):
        return None  # 'adjacent ally heals 20 HP': one of them, not a group
    alts = []
    for w in re.split(r", and |, or |, | and | or ", words) if words else ():
        parts = []
        for part in re.sub(r"^each ", "", w.strip()).split():  # 'living non-Troglodyte': each of them
            neg = part.startswith("non-")
            kind = _singular(part[4:] if neg else part)
            if kind not in KINDS and kind not in FACTIONS and kind not in ("living", "champion") \
                    and (neg or kind not in SUBJECT_SIZES):  # 'Small Goblin creatures': a size and a kind
                return None
            parts.append(("!" if neg else "") + kind)
        alts.append("+".join(parts))
    if (not alts and not (m.group("adj") or where)) or (plural_kind and not words.endswith("s")):
        return None
    kinds_after = [p for p in alts[-1].split("+") if p not in SUBJECT_SIZES] if alts else []
    if kinds_after and any(a in SUBJECT_SIZES for a in alts[:-1]):  # 'Medium and Small Stealth allies': both sizes
        alts = [a + "+" + "+".join(kinds_after) if a in SUBJECT_SIZES else a for a in alts]
    if any("!" in a for a in alts) and len(alts) > 1:
        return None  # 'non-Evil Fey and Gnome': how far the 'non-' reaches is not certain
    also = m.group("also")
    if also:
        if also not in KINDS or len(alts) != 1:
            return None
        alts = [alts[0] + "+" + also]
    within = int(m.group("n")) if m.group("n") else -1 if "adjacent" in where or m.group("adj") else 0
    flt = Filter(keyword="|".join(alts), within=within, target_state=_near_event(m.group("n2"), m.group("ev")))
    rest = text[m.end():].strip(" ,")
    if m.group("self"):
        return ("self-and-allies", flt, rest) if noun in ("allies", "ally") else None
    if everyone:  # 'Undead creatures have +5 damage': every creature of those kinds, the power's own and enemies too
        return "everyone", flt, rest
    if "warband" in noun:
        return "friends", flt, rest
    if noun in ("allies", "ally"):
        return "allies", flt, rest
    if noun in ("enemies", "enemy"):
        return "enemies", flt, rest
    return "all", flt, rest  # enemies and allies: every creature but this one


def _subject(text: str) -> tuple[str, Filter, str]:
    """(who, filter, rest) for a clause that opens with a subject; ("", Filter(), text) when none. Two kinds
    ("Goblin and Orc allies", "each Dragon ally and each Githyanki ally") are either keyword. The words after the
    noun that say where or in what state the creatures are ('within 3', 'taking ongoing cold damage', 'within line
    of sight of it') are read by :func:`_subject_tail`."""
    who, flt, rest = _subject_head(text)
    if who and rest and who.split(":")[0] in _TAIL_WHO:
        return _subject_tail(who, flt, rest)
    return who, flt, rest


# the subjects whose noun may be followed by where or in what state they are: one creature or a group of them
_TAIL_WHO: Final = frozenset({"chosen-ally", "chosen-enemy", "chosen-creature", "chosen-allies", "chosen-enemies",
                              "allies", "enemies", "all", "everyone"})
_TAIL_WORDS: Final = re.compile(
    r"^(?:(?P<within>within (?P<n>\d+)(?: squares?)?(?: of it)?)"
    r"|(?P<sight>(?:with)?in (?:its )?(?:line of )?sight(?: of it)?|in its line of sight|(?:that )?it can see)"
    r"|(?P<ongoing>(?:that (?:is|are) )?(?:taking|with|that (?:has|have)) ongoing (?:(?P<t>" + _TYPE_ALT
    + r") )?damage)|(?P<level>of level (?P<lv>\d+) or (?P<dir>lower|less|higher|greater))"
    r"|(?P<cost>with (?:a )?cost (?:of )?(?P<cv>\d+) or (?P<cdir>lower|less|higher|greater|more)))(?=[ ,:;.]|$)")


def _subject_tail(who: str, flt: Filter, rest: str) -> tuple[str, Filter, str]:
    """'1 enemy within 5 squares [taking ongoing cold damage]', 'one ally [within 3]', '1 ally [within line of sight
    of it]', 'each enemy [taking ongoing necrotic damage]': a distance (``within``), a state the subject is in now
    (a kind part 'ongoing' / 'ongoing-cold' that ddm_guild_judge.has_keyword tests), a level ('of level 5 or lower':
    'level<=5') and line of sight (target state
    'seen': one creature only, chosen by a 'choose' effect, see ddm_guild_powers). Unread words are left as they
    were."""
    r = rest
    within, keyword, state = flt.within, flt.keyword, flt.target_state
    while True:
        m = _TAIL_WORDS.match(r)
        if m is None:
            break
        if m.group("within"):
            if within:
                return who, flt, rest
            within = int(m.group("n"))
        elif m.group("sight"):
            if state or not who.startswith("chosen-"):
                return who, flt, rest
            state = "seen"
        else:
            if m.group("level"):  # 'an adjacent enemy of level 5 or lower'
                part = ("level<=" if m.group("dir") in ("lower", "less") else "level>=") + m.group("lv")
            elif m.group("cost"):  # 'allies with cost 20 or less': its card's cost, as its level
                part = ("cost<=" if m.group("cdir") in ("lower", "less") else "cost>=") + m.group("cv")
            else:
                part = "ongoing" + ("-" + m.group("t") if m.group("t") else "")
            keyword = "|".join(alt + "+" + part if alt else part for alt in (keyword.split("|") if keyword else [""]))
        r = r[m.end():].strip(" ,")
    if r == rest:
        return who, flt, rest
    if who == "everyone" and within:  # 'each creature within 3': a place named, so not the power's own creature
        who = "all"
    return who, Filter(keyword=keyword, alignment=flt.alignment, attack_form=flt.attack_form, target_state=state,
                       self_state=flt.self_state, within=within, side=flt.side), r


def _subject_head(text: str) -> tuple[str, Filter, str]:
    near = re.match(r"^(?:the )?nearest ally\b", text)  # 'Nearest ally makes an immediate {b} attack'
    if near:
        return "nearest-ally", Filter(), text[near.end():].strip()
    bare = re.match(r"^adjacent (?P<noun>ally|enemy)\b(?! (?:and|or)\b)", text)  # 'adjacent ally heals 20 HP': one
    if bare:
        return "chosen-" + bare.group("noun"), Filter(within=-1), text[bare.end():].strip()
    tg = _ADJACENT_TARGET.match(text)
    if tg:  # 'An adjacent Immobilized target takes 10 damage': one creature beside it (the engine harms an enemy)
        return "chosen-creature", Filter(keyword=tg.group("state") or "", within=-1), text[tg.end():].strip()
    sides = _BOTH_SIDES.match(text)
    if sides and {sides.group("n1")[:3], sides.group("n2")[:3]} == {"all", "ene"} \
            and bool(sides.group("a1")) == bool(sides.group("a2")) != bool(sides.group("where")):
        # 'each adjacent ally and each adjacent enemy', 'each enemy and ally within 2 squares of it': every creature
        # there but this one
        within = int(sides.group("n")) if sides.group("n") else -1
        return "all", Filter(within=within), text[sides.end():].strip()
    lv = _LEVEL_SUBJECT.match(text)
    if lv:
        kinds = [_singular(k) for k in re.split(r",? or |, ", lv.group("kinds").strip())] if lv.group("kinds") else []
        if all(k in KINDS or (k in SUBJECT_STATES and lv.group("size")) for k in kinds):
            level = ("level<=" if lv.group("dir") in ("lower", "less") else "level>=") + lv.group("lv") \
                if lv.group("lv") else ""
            alts = ["+".join(x for x in (k, level) if x) for k in kinds] or [level]
            if lv.group("size"):  # ('an adjacent Medium or smaller Immobilized enemy': each size up to it)
                alts = ["+".join(x for x in (size, alt) if x) for size in _SIZES_UP_TO[lv.group("size")]
                        for alt in alts]
            who_l = ("chosen-" if lv.group("q") in ("1", "one", "an", "a") else "") + \
                ("ally" if lv.group("noun") == "ally" else "enemy")
            if lv.group("q").isdigit() and int(lv.group("q")) > 1:
                who_l = f"chosen-{'allies' if lv.group('noun') == 'ally' else 'enemies'}:{lv.group('q')}"
            within = -1 if lv.group("adj") or lv.group("adj2") else 0
            if (level or len(kinds) > 1 or lv.group("adj2") or lv.group("size")) and who_l.startswith("chosen-"):
                return who_l, Filter(keyword="|".join(a for a in alts if a), within=within), \
                    text[lv.end():].strip()
    one = re.match(r"^(?P<q>each|1|one|an?) (?P<kind>[a-z\-]+) in your warband\b", text)
    if one and _singular(one.group("kind")) in KINDS:  # 'each Raider in your warband', '1 Raider in your warband'
        return ("friends" if one.group("q") == "each" else "chosen-friend"), \
            Filter(keyword=_singular(one.group("kind"))), text[one.end():].strip()
    group = _group(text)
    if group is None or group[2].startswith("in your warband"):  # 'Giant and Ogre creatures in your warband'
        group = _composed_group(text) or group
    if group is not None:
        return group
    kt = _KIND_TARGET.match(text)
    if kt:  # "living target is dominated", "Undead or Shapeshifter targets are also immobilized"
        kinds = [w.strip() for w in re.split(r",? or |, ", kt.group("kws")) if w.strip()]
        if kinds and all(w not in _NOT_KINDS and not w.isdigit() and not w.startswith("non") for w in kinds):
            singular = [w.rstrip("s") if w.endswith("s") and not w.endswith("ss") else w for w in kinds]
            return "target:" + "|".join(singular), Filter(), text[kt.end():].strip()
    two = _TWO_KINDS.match(text)
    if two and two.group("a") not in _NON_KEYWORDS and two.group("b") not in _NON_KEYWORDS \
            and two.group("a") not in ("it", "enemy", "ally") and two.group("b") not in ("enemy", "ally"):
        kws = "|".join(w.rstrip("s") if not w.endswith("ss") else w for w in (two.group("a"), two.group("b")))
        side = two.group("side")
        who = "enemies" if side.startswith("enem") else "friends" if "warband" in side else "allies"
        return who, Filter(keyword=kws), text[two.end():].strip()
    m = _SUBJECT_RE.match(text)
    if m is None:
        return "", Filter(), text
    subj = m.group("subj")
    where = m.group("where") or ""
    rest = text[m.end():].strip()
    kw = m.group("kw1") or m.group("kw2") or m.group("kw3") or m.group("kw4") or m.group("kw5") or ""
    within = 0
    wm = re.search(r"(?:within|in) (\d+) squares?", where)
    if wm:
        within = int(wm.group(1))
    if "adjacent" in subj or "adjacent to it" in where:
        within = -1
    if "adjacent to" in where and ("target" in where or "that enemy" in where):
        within = -2  # adjacent to the event's target ('1 ally adjacent to that enemy')
    near = re.search(r"within (\d+) squares? of (that ally|that creature|that enemy|the target)", where)
    if near:  # 'an enemy within 5 squares of that creature': near the event's creature
        within = 0
    alignment = ""
    keyword = ""
    if kw in ("good", "evil", "non-good", "non-evil", "unaligned"):
        alignment = kw
    elif kw in ("living", "nonliving", "non-living"):
        keyword = "living" if kw == "living" else "!living"
    elif kw == "bloodied":  # 'One Bloodied ally has +5 Damage': one bloodied now (has_keyword)
        keyword = "bloodied"
    elif kw.startswith("non-") and " " not in kw and kinds_known(kw[4:]):  # 'one non-Champion enemy': not of that
        keyword = "!" + kw[4:]  # kind
    elif kw and kw not in _NON_KEYWORDS:
        keyword = kw.rstrip("s") if kw.endswith("s") and not kw.endswith("ss") else kw
    # 'an ally it can see', '1 enemy in line of sight': one creature, seen from it (a 'choose' honours it)
    seen = "seen" if re.search(r"it can see|sight", where) and re.match(r"^(?:1|one|an|a) ", subj) else ""
    flt = Filter(keyword=keyword, alignment=alignment, within=within,
                 target_state=seen or (_near_event(near.group(1), near.group(2)) if near else ""))
    if subj.startswith("it or "):  # 'it or 1 adjacent ally', 'it or 1 ally within 5 squares of it', 'it or an ally'
        near = re.fullmatch(r" within (\d+) squares?(?: of it)?", where)
        if kw and not kinds_known(flt.keyword or "-"):  # 'it or 1 living ally': the ally of that kind
            return "", Filter(), text
        if "adjacent" in subj and not where:
            return "chosen-self-or-ally", Filter(keyword=flt.keyword, within=-1), rest
        if "adjacent" not in subj and (near or not where):
            return "chosen-self-or-ally", Filter(keyword=flt.keyword, within=int(near.group(1)) if near else 0), rest
        return "", Filter(), text
    if subj in ("it", "itself"):
        return "self", flt, rest
    if subj == "you":
        return "player", flt, rest
    if subj in ("opponent", "your opponent"):  # 'Opponent scores +5 VP when this creature is destroyed'
        return "opponent", flt, rest
    if subj in ("the target", "target", "that target", "that enemy", "the enemy", "that creature", "the attacker",
                "that attacker", "attacker", "target of that attack", "the target of that attack"):
        return "target", flt, rest
    if subj in ("that ally", "the ally"):
        return "ally", flt, rest
    if subj.startswith("it and") or subj == "each ally and it":
        return "self-and-allies", flt, rest
    both = (" and " in subj and "enemy" in subj and "ally" in subj) or subj.endswith("creature") \
        or subj.endswith("creatures")
    if "warband" in subj:
        return "friends", flt, rest
    single = bool(re.match(r"^(?:1|one|an|a) ", subj))
    if single and kw == "other":  # '1 other ally adjacent to that enemy': other than which? (not read)
        return "", Filter(), text
    if re.match(r"^up to \d+ ", subj):
        count_m = re.match(r"^up to (\d+) ", subj)
        return ("chosen-allies" if "all" in subj else "chosen-enemies") + (f":{count_m.group(1)}" if count_m else ""), \
            flt, rest
    if both and not single and not where and kw != "other" \
            and re.fullmatch(r"(?:each|all|every) (?:[a-z'\-]+ )?creatures?", subj):
        return "everyone", flt, rest  # 'all creatures have +5 {m} damage': it too (a place word would leave it out)
    if both:
        return ("chosen-creature" if single else "all"), flt, rest
    if "enem" in subj:
        return ("chosen-enemy" if single else "enemies"), flt, rest
    return ("chosen-ally" if single else "allies"), flt, rest


# '1 adjacent level 4 or lower Goblin ally', 'an adjacent Construct or Object ally', '2 enemies adjacent to it each'
_LEVEL_SUBJECT: Final = re.compile(
    r"^(?P<q>1|one|an|a|2|3|two|three) (?P<adj>adjacent )?(?:level (?P<lv>\d+) or (?P<dir>lower|less|higher|greater) )?"
    r"(?:(?P<size>tiny|small|medium|large) or smaller )?"
    r"(?P<kinds>[a-z\-]+(?:(?:,|,? or) [a-z\-]+)* )??(?P<noun>ally|enemy|allies|enemies)(?P<adj2> adjacent to it)?"
    r"(?: each)?(?= |$)")
# 'a Medium or smaller enemy': one of these sizes (has_keyword reads a size word)
_SIZES_UP_TO: Final = {"tiny": ("tiny",), "small": ("tiny", "small"), "medium": ("tiny", "small", "medium"),
                       "large": ("tiny", "small", "medium", "large")}
_ADJACENT_TARGET: Final = re.compile(
    r"^(?:an?|1|one) adjacent (?:(?P<state>dazed|stunned|immobilized|slowed|weakened|blinded) )?target"
    r"(?= (?:is|takes)\b)")
_BOTH_SIDES: Final = re.compile(
    r"^(?:each|all) (?P<a1>adjacent )?(?P<n1>ally|allies|enemy|enemies) and (?:each |all )?(?P<a2>adjacent )?"
    r"(?P<n2>ally|allies|enemy|enemies)(?P<where> adjacent to it| within (?P<n>\d+) squares(?: of it)?)?(?= |$)")

_STAT_WORDS: Final = {
    "attack": "attack", "attacks": "attack", "attack rolls": "attack", "damage": "damage", "ac": "ac",
    "fort": "fort", "ref": "ref", "will": "will", "def": "def", "defenses": "defenses", "defences": "defenses",
    "all defenses": "defenses", "speed": "speed", "saves": "save", "save": "save", "saving throws": "save",
    "to all defenses": "defenses", "initiative": "initiative", "all defences": "defenses",
    "to all defences": "defenses", "to saving throws": "save", "to saves": "save", "on saving throws": "save",
    "to all saves": "save",
}

_MOD_RE: Final = re.compile(
    r"^(?P<sign>[+-])\s?(?P<n>\d+) (?P<form>\{[mrcab]\} |\{mb\} |\{rb\} |melee |ranged |close |area )?"
    r"(?P<dtype>(?:" + _TYPE_ALT + r") )?"
    r"(?P<stat>attack rolls|attack|attacks|damage|ac|fort|ref|will|def|to all defenses|to all defences|all defenses|"
    r"all defences|defenses|speed|"
    r"saves|save|saving throws|to saving throws|to saves|to all saves|on saving throws|initiative)(?P<rest>.*)$"
)

_FORMS: Final = {
    "{m} ": "melee", "{r} ": "ranged", "{c} ": "close", "{a} ": "area", "{b} ": "basic", "{mb} ": "melee-basic",
    "{rb} ": "ranged-basic", "melee ": "melee", "ranged ": "ranged", "close ": "close", "area ": "area",
}


def _mod_condition(rest: str) -> tuple[Filter, str]:
    """The words after a modifier ('vs. bloodied targets', 'while bloodied', 'on charge') as a filter. The table's
    words first; when they leave words unread, the target words (_target_words: 'vs. Evil Undead targets', 'against
    enemies with Flight', 'vs. targets adjacent to a wall') read the 'vs. ...' part as a whole."""
    flt, left = _mod_condition_read(rest, False)
    if left:
        flt2, left2 = _mod_condition_read(rest, True)
        if not left2:
            return flt2, left2
    return flt, left


def _mod_condition_read(rest: str, targets: bool) -> tuple[Filter, str]:
    r = rest.strip(" .,;")
    target_state = ""
    self_state = ""
    keyword = ""
    form = ""
    natural = ""
    changed = True
    while r and changed:
        changed = False
        tw = _VS_TARGET.match(r) if targets and not target_state and not keyword else None
        if tw is None and targets and self_state == "charging" and not target_state:  # 'when charging a
            tw = re.match(r"^", r)  # non-flying target': whom it charges
        read = _target_words(r[tw.end():]) if tw else None
        if tw and read is not None:
            target_state = read[0]
            r = r[tw.end() + read[1]:].strip(" ,")
            changed = True
            continue
        for rx, kind, value in _MOD_CONDITIONS:
            m = rx.match(r)
            if m:
                if kind == "target":
                    target_state = _fill(value, m)
                    if target_state.startswith("keyword:"):
                        keyword, target_state = target_state[8:], "keyword"
                        keyword = "|".join(k + "s" if k + "s" in FACTIONS else k for k in keyword.split("|"))
                        if not _known_kinds(keyword):
                            return Filter(), r  # not a creature kind: the words stay unread
                elif kind == "keyword":
                    keyword = m.group(1).rstrip("s") if not m.group(1).endswith("ss") else m.group(1)
                    if keyword.startswith("non-"):  # 'against non-Mounted targets'
                        keyword = "!" + keyword[4:]
                    if keyword + "s" in FACTIONS:  # 'Borderlands'
                        keyword += "s"
                    target_state = "keyword"
                    if not _known_kinds(keyword):
                        return Filter(), r
                elif kind == "form":
                    form = _FORMS.get(m.group(1) + " ", "")
                elif kind == "power":
                    form = "power:" + m.group("pw")
                elif kind == "forms":  # 'against {C} or {A} attacks': either
                    form = "|".join(_FORMS[f + " "] for f in re.split(r" or | and ", m.group(1)))
                elif kind == "deals":  # (ddm_guild_judge._form_matches: damage of that type among its effects)
                    form = "deals:" + m.group("t")
                elif kind == "natural":
                    natural = m.group("n") + "-20"
                r = r[m.end():].strip(" ,")
                changed = True
                break
        if not changed and not self_state:
            cond = _condition(r)
            if cond is not None:
                self_state = cond[0]
                r = r[cond[1]:].strip(" ,")
                changed = True
    return Filter(keyword=keyword, target_state=target_state, self_state=self_state, attack_form=form,
                  natural=natural), r


FACTIONS: Final = frozenset({"borderlands", "civilization", "underdark", "wild"})


# words a subject may name that are no keyword but a state or a size the engine reads ('1 adjacent Immobilized enemy',
# 'each Dazed enemy', 'Small creatures in your warband'): ddm_guild_judge.has_keyword tests them
SUBJECT_STATES: Final = frozenset({"dazed", "stunned", "immobilized", "slowed", "weakened", "blinded", "confused",
                                   "bloodied"})
SUBJECT_SIZES: Final = frozenset({"tiny", "small", "medium", "large", "huge", "gargantuan"})
# '1 enemy taking ongoing poison damage': under ongoing damage now (of that type)
SUBJECT_ONGOING: Final = frozenset({"ongoing", *("ongoing-" + t for t in DAMAGE_TYPES)})


def kinds_known(kinds: str) -> bool:
    """Every part of a kinds filter ('arcane+level>=8|drow') is a kind some creature can have (see _known_kinds), a
    level limit, a creature by name or by a power of its card (NAMED_KINDS), or a state or size a subject names
    (SUBJECT_STATES, SUBJECT_SIZES): a word that is none of these ('tentacle', 'lower-level') would reach nobody."""
    return all(part.lstrip("!").startswith(("level>=", "level<=", "cost>=", "cost<=", *NAMED_KINDS))
               or _known_kinds(part)
               or part.lstrip("!") in SUBJECT_STATES or part.lstrip("!") in SUBJECT_SIZES
               or part.lstrip("!") in SUBJECT_ONGOING
               for alt in kinds.split("|") for part in alt.split("+") if part)


def _known_kinds(kinds: str) -> bool:
    """Each alternative a creature keyword of the cards, a faction, an alignment, 'living', 'champion', a creature by
    name or by a power of its card (NAMED_KINDS), or their negation."""
    return all(k.lstrip("!") in KINDS or k.lstrip("!") in FACTIONS or k.lstrip("!") in ("living", "champion")
               or k.lstrip("!").startswith(NAMED_KINDS) for k in kinds.split("|") if k)


# a creature named by the card's own words: 'a creature named Carnage Demon', 'another Bluespawn Stormlizard' (its
# card's name, "name=carnage demon"), 'an ally with Spear Wall' (a power of its card by that name, "power=spear wall");
# ddm_guild_judge.has_keyword tests them. The name is read from the words, never a list of names.
NAMED_KINDS: Final = ("name=", "power=")
_NAME: Final = r"[a-z][a-z' \-]*?[a-z]"


def _fill(value: str, m: re.Match[str]) -> str:
    """A state with its parameters from the match ('near-ally:{n}:{kw}' → 'near-ally:5:dragon+champion')."""
    if "{" not in value:
        return value
    groups = m.groupdict()
    n = groups.get("n") or "0"
    value = value.replace("{k}", groups.get("k") or "").replace("{pw}", groups.get("pw") or "")
    return value.replace("{n}", n).replace("{s}", groups.get("s") or "").replace(
        "{kw}", _kinds(groups.get("kw") or "")).replace(
        "{cond}", "|".join(c.strip() for c in re.split(r",? or |, ", groups.get("cond") or "")))


def _kinds(words: str) -> str:
    """'allied dragon champion' → 'dragon+champion'; 'good or dragon' → 'good|dragon' (has_keyword's forms); every
    part must be a creature keyword, an alignment or 'champion'."""
    alts = []
    for alt in re.split(r",? or |, ", words.strip()):
        parts = [w for w in alt.replace("allied ", "").split() if w not in ("a", "an", "1", "ally", "allies")]
        alts.append("+".join(w.rstrip("s") if w.endswith("s") and not w.endswith("ss") else w for w in parts))
    return "|".join(a for a in alts if a)


# a creature's kinds in a condition: 'an undead', 'an allied dragon champion', 'a good or dragon'
_KW: Final = r"(?:an? |1 )?(?P<kw>(?:allied )?[a-z\-]+(?: [a-z\-]+)?(?:(?:,| or) (?:an? )?[a-z\-]+)*?)"
_CONDITION_NAMES: Final = ("dazed|stunned|immobilized|slowed|weakened|helpless|dominated|blinded|marked|confused|"
                            "staggered")
_COND_ALT: Final = r"(?P<cond>(?:" + _CONDITION_NAMES + r")(?:(?:,| or|, or) (?:" + _CONDITION_NAMES + r"))*)"

_TGT: Final = r" (?:targets?|enemies|enemy|creatures?)"
_MOD_CONDITIONS: Final = (
    (re.compile(r"^(?:vs\.?|against) (?:that|the chosen|the) (?:enemy|creature|target)\b"), "target", "chosen"),
    (re.compile(r"^(?:vs\.?|against) (?:the |that )?target's attacks\b"), "target", "chosen"),
    # in an aura: attacks against the aura's own creature ('Arcane and Divine enemies have -4 {r} attack vs. this
    # creature'; ddm_guild_judge.aura_target_ok)
    (re.compile(r"^(?:vs\.?|against) it$"), "target", "owner"),
    # the damage type of the attack ('-2 AC, Fort, Ref and Will against attacks that do lightning damage')
    (re.compile(r"^(?:vs\.?|against|with) attacks that (?:do|deal) (?P<t>" + _TYPE_ALT + r") damage"), "deals", ""),
    # the attack roll's d20 ('+10 cold damage on natural attack rolls of 19 or 20'): the faces, as a trigger's "natural"
    (re.compile(r"^(?:on|with) (?:a )?natural (?:attack )?rolls? of (?P<n>\d+)(?: or 20|-20|\+)"), "natural", ""),
    # an attack power of its card by name ('against targets previously hit by this creature's Smite'): ddm_guild_powers
    # .card_powers checks the name
    (re.compile(r"^(?:vs\.?|against) (?:targets?|enemies|creatures) (?:previously |already )?hit by its (?P<pw>" + _NAME
                + r")(?: attack)?(?=$|[,.;])"), "target", "hit-with:{pw}"),
    # a power of its card by name that has an effect on the target now ('against targets affected by Bestow Curse')
    (re.compile(r"^(?:vs\.?|against) (?:targets?|enemies|creatures) (?:currently )?affected by (?:its )?(?P<pw>"
                + _NAME + r")(?=$|[,.;])"), "target", "affected-by:{pw}"),
    (re.compile(r"^(?:vs\.?|against) non-?bloodied" + _TGT), "target", "not-bloodied"),
    (re.compile(r"^(?:vs\.?|against) undamaged" + _TGT), "target", "undamaged"),
    (re.compile(r"^(?:vs\.?|against) damaged" + _TGT), "target", "damaged"),
    (re.compile(r"^(?:vs\.?|against) smaller" + _TGT), "target", "smaller"),
    (re.compile(r"^(?:vs\.?|against) larger" + _TGT), "target", "larger"),
    (re.compile(r"^(?:vs\.?|against) (?P<s>medium|large|huge) or larger" + _TGT), "target", "size>={s}"),
    (re.compile(r"^(?:vs\.?|against) adjacent" + _TGT), "target", "adjacent"),
    (re.compile(r"^(?:vs\.?|against) (?P<s>small|medium|large) or smaller (?:targets?|enemies|enemy|creatures?)"),
     "target", "size<={s}"),
    (re.compile(r"^(?:vs\.?|against) (?:targets?|enemies|creatures) adjacent to " + _KW + r" ally"), "target",
     "adjacent-to-ally:{kw}"),
    (re.compile(r"^(?:vs\.?|against) (?:targets?|enemies|creatures) (?:taking|that (?:are|is) taking) ongoing "
                r"damage"), "target", "ongoing"),
    (re.compile(r"^(?:vs\.?|against) " + _COND_ALT + r" (?:targets?|enemies|enemy|creatures?)"), "target",
     "cond:{cond}"),
    (re.compile(r"^(?:vs\.?|against) (?P<kw>[a-z\-]+(?:(?:,| or|, or) [a-z\-]+)+) (?:targets?|enemies|creatures)"),
     "target", "keyword:{kw}"),
    (re.compile(r"^whenever it has combat advantage(?: against (?:the |its )?target)?"), "target", "ca"),
    (re.compile(r"^while an? " + _KW + r" ally is adjacent to (?:the |its )?target"), "target",
     "adjacent-to-ally:{kw}"),
    (re.compile(r"^while no other creature is adjacent to (?:the |its )?target"), "target", "alone"),
    (re.compile(r"^while it is invisible to (?:the |its )?target"), "target", "invisible-to"),
    (re.compile(r"^(?:when|while|whenever) (?:it is )?flanking(?: (?:the |its )?target)?"), "target", "flanking"),
    (re.compile(r"^(?:whenever|while|when) (?:the |its )?target is within (?P<n>\d+) squares(?: of it)?"), "target",
     "within:{n}"),
    (re.compile(r"^(?:whenever|while|when) (?:the |its )?target has combat advantage against it"), "target",
     "has-ca-on-it"),
    (re.compile(r"^(?:vs\.?|against) attacks (?:by|from) (?P<kw>[a-z\-]+) creatures"), "target", "keyword:{kw}"),
    # a defence against the attacks of some kinds ('+2 to all defenses against attacks by Evil enemies'): the
    # attacker's kinds (the modifier's 'target' is the attacker for a defence)
    (re.compile(r"^(?:vs\.?|against) attacks (?:by|from) (?:an? )?(?P<kw>[a-z\-]+(?:(?:,|,? or) [a-z\-]+)*) "
                r"(?:enemies|enemy)"), "target", "keyword:{kw}"),
    (re.compile(r"^(?:with|on|to) (\{m\}|\{r\}|\{c\}|\{a\}|melee|ranged|close|area) attacks"), "form", ""),
    # an attack of its card by name ('+2 Attack with Stormburst'): ddm_guild_powers.card_powers checks the name
    (re.compile(r"^with (?:its )?(?!(?:opportunity|melee|ranged|close|area|basic|charge|an?|each|all|every|its|this|"
                r"that|attacks?)\b)(?P<pw>" + _NAME + r")(?: attacks?)?(?=$| while| if| when| vs| against| on| until|"
                r"[,.;])"), "power", ""),
    (re.compile(r"^(?:vs\.?|against) (\{m\}|\{r\}|melee|ranged) attacks"), "form", ""),
    (re.compile(r"^(?:vs\.?|against|with) (\{c\} (?:or|and) \{a\}|\{m\} (?:or|and) \{r\}|\{r\} (?:or|and) \{a\}) "
                r"attacks"), "forms", ""),
    (re.compile(r"^from (?P<kw>[a-z\-]+(?:(?:,| or|, or) [a-z\-]+)*)(?= |$|,|\.)"), "target", "keyword:{kw}"),
    (re.compile(r"^(?:vs\.?|against) (?:targets |enemies |creatures )?(?:granting|that grant|who grant) (?:it )?"
                r"combat advantage(?: to it)?"), "target", "ca"),
    (re.compile(r"^(?:vs\.?|against) (?:a )?bloodied (?:targets?|enemies|enemy|creatures?)"), "target", "bloodied"),
    (re.compile(r"^(?:vs\.?|against) (?:targets?|enemies) that (?:are|is) bloodied"), "target", "bloodied"),
    (re.compile(r"^(?:vs\.?|against) higher[- ]level (?:targets?|enemies)"), "target", "higher-level"),
    (re.compile(r"^(?:vs\.?|against) lower[- ]level (?:targets?|enemies)"), "target", "lower-level"),
    (re.compile(r"^(?:vs\.?|against) (?:adjacent )?(?:targets?|enemies) adjacent to (?:it|this creature)"),
     "target", "adjacent"),
    (re.compile(r"^(?:vs\.?|against) (?:a |an )?([a-z\-]+) (?:targets?|enemies|enemy|creatures?)"), "keyword", ""),
    (re.compile(r"^(?:vs\.?|against) ([a-z\-]+s)\b"), "keyword", ""),
    (re.compile(r"^(?:vs\.?|against) ([a-z\-]+)$"), "keyword", ""),  # 'against Undead' (a creature keyword only)
)


# --- target conditions: the words about the creature an attack, a rider or a modifier is against ----------------
# 'Evil Undead targets', 'enemies with Flight', 'level 1 or 2 enemies', 'targets adjacent to a wall', 'targets taking
# ongoing poison damage', 'creatures that have already activated this round', 'Medium or smaller Immobilized target',
# 'targets that cannot see it and against Stunned targets': words before the noun and clauses after it, each an atom
# ddm_guild_judge.target_state_ok evaluates; atoms of one description are joined by "&" (all of them hold), the
# descriptions of a list by "/" (any of them), and "!" negates an atom. Read once, used by a modifier's 'vs. ...'
# (_mod_condition), an attack's '(... targets only)' (ddm_guild_powers) and a rider's 'if target is ...'.

_VS_TARGET: Final = re.compile(r"^(?:vs\.?|against) ")
_T_NOUN: Final = re.compile(r"^(?:targets?|enem(?:y|ies)|creatures?|foes?)(?= |$|,)")
_T_ARTICLE: Final = re.compile(r"^(?:an?|the|any|1|one) ")
_T_SIZE: Final = r"(?P<s>tiny|small|medium|large|huge)"
# the words before the noun: (pattern, atom); '{c}' the conditions, '{s}' a size, '{n}'/'{m}' levels
_T_BEFORE: Final = tuple((re.compile("^" + p + r"(?= |,)"), atom) for p, atom in (
    (r"(?:non-?bloodied|not bloodied)", "not-bloodied"),
    (r"bloodied", "bloodied"),
    (r"undamaged", "undamaged"),
    (r"damaged", "damaged"),
    (r"charging", "charging"),
    (r"flanked", "flanked"),
    (r"(?:non-?flying|nonflying)", "!flying"),
    (r"flying", "flying"),
    (r"(?:non-?adjacent)", "not-adjacent"),
    (r"adjacent", "adjacent"),
    (r"smaller", "smaller"),
    (r"larger", "larger"),
    (r"higher[- ]level", "higher-level"),
    (r"lower[- ]level", "lower-level"),
    (_T_SIZE + r" or smaller", "size<={s}"),
    (_T_SIZE + r" or larger", "size>={s}"),
    (r"big", "size>=large"),  # a big creature: Large or larger (the 1.0 rules' "big creatures", ddm-guild.size)
    (r"level (?P<n>\d+) or (?P<d>lower|less|higher|greater)", "level{d}{n}"),
    (r"level (?P<n>\d+)(?: or (?P<m>\d+))?", "level-is:{n}:{m}"),
    # a list is any of them ('Dazed, Stunned, and Confused enemies')
    (r"(?P<c>(?:" + _CONDITION_NAMES + r")(?:(?:,|,? or|,? and) (?:" + _CONDITION_NAMES + r"))*)", "cond:{c}"),
))
_T_DTYPE: Final = r"(?:(?P<t>" + _TYPE_ALT + r") )?"
_T_PLACE: Final = r"(?P<p>forest|river|difficult|statue|smoke|fire)"
# the clauses after the noun
_T_AFTER: Final = tuple((re.compile("^" + p + r"(?= |,|$)"), atom) for p, atom in (
    (r"with flight", "flying"),
    (r"without flight", "!flying"),
    (r"(?:that (?:are|is) )?not adjacent to (?:a |any )?wall", "!at:adjacent-wall"),
    (r"(?:that (?:are|is) )?adjacent to (?:a |any )?wall(?: terrain)? or " + _T_PLACE + " terrain",
     "at:adjacent-wall-or-terrain:{p}"),
    (r"(?:that (?:are|is) )?adjacent to (?:a |any )?wall", "at:adjacent-wall"),
    (r"(?:that (?:are|is) )?not adjacent to (?:it|this creature)", "not-adjacent"),
    (r"(?:that (?:are|is) )?adjacent to (?:it|this creature)", "adjacent"),
    (r"(?:that (?:are|is) |already )?(?:taking|that (?:are|is) (?:already )?taking) ongoing " + _T_DTYPE + "damage",
     "ongoing{t}"),
    (r"(?:that|who) (?:have|has) (?:already )?(?:activated|taken (?:a|its|their) turn)(?: (?:this|in this|in the) "
     r"round)?", "activated"),
    (r"(?:that|who) (?:have|has) not (?:yet )?(?:activated|taken (?:a|its|their) turn)(?: (?:this|in this|in the) "
     r"round)?", "!activated"),
    (r"(?:that|who) (?:cannot|can't|can not|do not|does not) see (?:it|this creature)", "unseeing"),
    (r"(?:that|who) (?:made|have made|has made) an attack against (?:it|this creature) this round", "attacked-it"),
    (r"(?:that|who) (?:do|does) not have line of sight to (?:it|this creature)", "unseeing"),
    (r"(?:granting|that grants?|who grants?) (?:it )?combat advantage(?: to it)?", "ca"),
    (r"(?:with no other adjacent (?:enemies or allies|allies or enemies|creatures?)|that (?:have|has) no other "
     r"(?:enemies or allies|allies or enemies|creatures?) adjacent to (?:it|them))", "alone"),
    (r"(?:in|occupying|that occupy|that occupies) (?:a |any )?victory areas?", "at:in-victory-area"),
    (r"(?:in|occupying|that occupy|that occupies) (?:one of )?your victory areas?", "in-your-victory-area"),
    (r"(?:in|occupying|that occupy|that occupies) (?:one of )?your (?:enemy's|opponent's) victory areas?",
     "in-enemy-victory-area"),  # ('each enemy occupying one of your enemy's victory areas')
    (r"(?:in|occupying|occupies|that occupy|that occupies) " + _T_PLACE + " terrain", "at:in-terrain:{p}"),
    (r"(?:that (?:are|is) )?adjacent to " + _T_PLACE + " terrain or to (?:it|this creature)",
     "at:adjacent-terrain:{p}/adjacent"),  # ('one ally adjacent to forest terrain or to this creature')
    (r"(?:that (?:are|is) )?adjacent to " + _T_PLACE + " terrain or " + _T_PLACE.replace("?P<p>", "?P<p2>")
     + " terrain", "at:adjacent-terrain:{p}|{p2}"),
    (r"(?:that (?:are|is) )?adjacent to " + _T_PLACE + " terrain", "at:adjacent-terrain:{p}"),
    (r"within (?P<n>\d+) squares?(?: of (?:it|this creature))?", "within:{n}"),
    (r"(?:further|farther) than (?P<n>\d+) squares?(?: distant| away)?(?: from (?:it|this creature))?", "further:{n}"),
    (r"(?:of )?level (?P<n>\d+) or (?P<d>lower|less|higher|greater)", "level{d}{n}"),
    (r"of (?:an )?equal or lower level", "!higher-level"),  # 'an enemy of equal or lower Level' (than its own)
    (r"(?P<n>\d+) or more squares (?:away|distant)(?: from (?:it|this creature))?", "beyond:{n}"),
    (r"with resist all (?P<r>\d+(?:(?:,|,? or) resist all \d+)*)", "resist:all={r}"),
    (r"with resist all", "resist:all"),
    (r"smaller than (?:it|this creature)", "smaller"),
    (r"larger than (?:it|this creature)", "larger"),
    (r"with (?P<g>immune|resist) (?P<t>" + _TYPE_ALT + r")(?: or (?P<g2>immune|resist) (?P<t2>" + _TYPE_ALT + r"))?",
     "guarded:{g}={t}|{g2}={t2}"),
    (r"(?:that|who) (?:have|has) a penalty to (?P<st>ac|attack|speed)", "penalty:{st}"),
    (r"with (?:a )?lower speed(?: than (?:it|this creature))?", "slower"),  # its speed now, and the target's
    (r"with a current speed (?:less|lower) than its normal speed", "below-speed"),  # (Slowed, a speed penalty)
    # 'targets adjacent to 2 or more allies with Mob Attack': its allies (itself aside) beside the target
    (r"adjacent to (?P<n>\d+|two|three) or more (?:other )?(?:(?P<k>[a-z\-]+) )?(?P<w>allies|enemies or allies|allies "
     r"or enemies|creatures)(?: with (?P<pw>[a-z][a-z' \-]*?[a-z])(?=$| with |,))?", "allies-adjacent"),
    (r"(?:that|who) (?:do|does) not have line of sight to any of its allies", "sees-no-ally"),
))
# a description that names one creature among the enemies ('the lowest-level enemy in play')
_T_WHOLE: Final = (
    (re.compile(r"^the lowest[- ]level enemy(?: in play| on the battle ?map)?(?= |,|$)"), "lowest-level"),
    (re.compile(r"^the highest[- ]level enemy(?: of (?:the )?enemies)?(?: in play| on the battle ?map)?(?= |,|$)"),
     "highest-level"),
)


def _target_kinds(words: str) -> str | None:
    """'Evil Undead' → 'evil+undead'; 'Kobold, Orc, Goblin and Hobgoblin' → 'kobold|orc|goblin|hobgoblin';
    'non-Evil Human' → '!evil+human' (has_kinds' forms); None when a word is no kind of the cards."""
    alts = []
    for alt in re.split(r",? (?:and|or) |, ", words.strip()):
        parts = []
        for w in alt.split():
            neg = w.startswith("non-") or (w.startswith("non") and w[3:] == "living")
            k = _singular(w[4:] if w.startswith("non-") else w[3:] if neg else w)
            if k not in KINDS and k not in FACTIONS and k not in ("living", "champion"):
                return None
            parts.append(("!" if neg else "") + k)
        if not parts:
            return None
        alts.append("+".join(parts))
    if len(alts) > 1 and any("!" in a for a in alts):
        return None  # 'non-Evil Human, Elf, or Dwarf': how far the 'non-' reaches is not certain
    return "|".join(alts) if alts else None


_T_KINDS: Final = re.compile(r"^(?P<k>(?:non-?)?[a-z\-]+(?:(?:,|,? and|,? or)? (?:non-?)?[a-z\-]+)*?) (?=(?:targets?|"
                             r"enem(?:y|ies)|creatures?)(?: |$|,))")


def _target_one(text: str) -> tuple[str, int] | None:
    """One description of a target (see above): (its atoms joined by '&', where its words end), or None."""
    for rx, whole in _T_WHOLE:
        w = rx.match(text)
        if w:
            return whole, w.end()
    atoms: list[str] = []
    pos = 0
    t = text
    a = _T_ARTICLE.match(t)
    if a:
        pos = a.end()
    while True:  # the words before the noun
        for rx, atom in _T_BEFORE:
            m = rx.match(t[pos:])
            if m:
                atoms.append(_target_atom(atom, m))
                pos += m.end()
                break
        else:
            break
        pos += len(t[pos:]) - len(t[pos:].lstrip(" "))
    if not _T_NOUN.match(t[pos:]):
        k = _T_KINDS.match(t[pos:])
        if k is None:
            return None
        kinds = _target_kinds(k.group("k"))
        if kinds is None:
            return None
        atoms.append("kinds:" + kinds)
        pos += k.end()
    n = _T_NOUN.match(t[pos:])
    if n is None:
        return None
    pos += n.end()
    while True:  # the clauses after it
        rest = t[pos:]
        lead = re.match(r"^,? (?:and )?(?:that are |who are )?", rest) if atoms or pos else None
        if lead is None:
            break
        rest2 = rest[lead.end():]
        for rx, atom in _T_AFTER:
            m = rx.match(rest2)
            if m:
                atoms.append(_target_atom(atom, m))
                pos += lead.end() + m.end()
                break
        else:
            # 'adjacent to a Demon ally' (its own side's), 'adjacent to a Demon' (a Demon of either side)
            ak = re.match(r"^(?:that (?:are|is) )?adjacent to " + _KW + r" ally(?= |,|$)", rest2)
            ally = ak is not None
            ak = ak or re.match(r"^(?:that (?:are|is) )?adjacent to (?:an? )?(?P<kw>[a-z\-]+(?:(?:,| or) (?:an? )?"
                                r"[a-z\-]+)*?)(?= |,|$)", rest2)
            kinds = _kinds(ak.group("kw")) if ak else ""
            if ak is None or not _condition_kinds(kinds) or (not ally and (not kinds or re.search(
                    r"\b(?:all(?:y|ies|ied)|enem(?:y|ies)|creatures?|targets?)\b", ak.group("kw")))):
                break
            atoms.append(("adjacent-to-ally:" if ally else "adjacent-to:") + kinds)
            pos += lead.end() + ak.end()
    if not atoms:
        return None
    return "&".join(atoms), pos


def _target_atom(atom: str, m: re.Match[str]) -> str:
    g = {k: v or "" for k, v in m.groupdict().items()}
    if atom.startswith("guarded:"):  # 'with Immune Fire or Resist Fire': either
        return "guarded:" + "|".join(f"{g[k]}={g[k.replace('g', 't')]}" for k in ("g", "g2") if g.get(k))
    if atom.startswith("penalty:"):
        return "penalty:" + g["st"]
    if atom == "allies-adjacent":  # how many, then their kinds (a power of their card); 'Kruthik enemies or allies':
        # creatures of either side ("creatures-adjacent")
        kinds = _target_kinds(g["k"]) if g.get("k") else ""
        if kinds is None or (kinds and g.get("pw")):
            return "unread:" + m.group(0)
        return (f"{'allies' if g['w'] == 'allies' else 'creatures'}-adjacent:{_words_to_int(g['n'])}:"
                + ("power=" + g["pw"] if g.get("pw") else kinds))
    if atom.startswith("level-is"):  # 'level 1 or 2', 'level 1': the highest level named, none below 1
        return "kinds:level<=" + (g["m"] or g["n"]) + ("" if g["n"] == "1" else "&kinds:level>=" + g["n"])
    if atom.startswith("level{d}"):
        return "kinds:level" + ("<=" if g["d"] in ("lower", "less") else ">=") + g["n"]
    if "{t}" in atom:
        return atom.replace("{t}", ":" + g["t"] if g.get("t") else "")
    if "{r}" in atom:  # 'Resist All 20, Resist All 25, or Resist All 30': one of those amounts
        return atom.replace("{r}", "|".join(re.findall(r"\d+", g["r"])))
    return (atom.replace("{s}", g.get("s", "")).replace("{p2}", g.get("p2", "")).replace("{p}", g.get("p", ""))
            .replace("{n}", g.get("n", ""))
            .replace("{c}", "|".join(c for c in re.split(r",? or |,? and |, ", g.get("c", "")) if c)))


def _target_words(text: str) -> tuple[str, int] | None:
    """The creature a 'vs. ...' names (see above), one description or a list of them ('good targets and targets
    taking ongoing poison damage', 'Aberrant targets, Immortal targets, and Planar targets'): (the state, where its
    words end), or None."""
    first = _target_one(text)
    if first is None:
        return None
    alts, pos = [first[0]], first[1]
    while True:
        m = re.match(r"^,? (?:and|or) (?:(?:vs\.?|against) )?|^, (?:(?:vs\.?|against) )?", text[pos:])
        if m is None:
            break
        nxt = _target_one(text[pos + m.end():])
        if nxt is None:
            break
        alts.append(nxt[0])
        pos += m.end() + nxt[1]
    if len(alts) > 1 and all(a.startswith("kinds:") and "&" not in a for a in alts):  # 'Aberrant targets, Immortal
        alts = ["kinds:" + "|".join(a[6:] for a in alts)]  # targets, and Planar targets': one list of kinds
    return "/".join(alts), pos


# --- conditions: the 'when / while / if' words ------------------------------------------------------------------
# One vocabulary for every reader path that names a state of the power's own creature: a modifier's 'while ...'
# ('+2 AC while adjacent to a wall'), a power's 'Use only if ...:' or 'While ...:' (its requirement), a RECHARGE's
# 'at start of its turn if ...'. Each entry maps words to a predicate id with its parameters after colons; the
# engine evaluates every id in one place (ddm_guild_judge.holds) and lists the ids it plays (PLAYED_SELF_STATES,
# PLAYED_SELF_STATE_KINDS). A word that is not here stays unread.

# states written with their own lead words (the modifiers' older spellings)
_SELF_CONDITION_WORDS: Final = (
    # an ally of its side destroyed in this battle ('until an ally is destroyed', 'once an ally has been destroyed')
    (re.compile(r"^until (?:an|any) ally (?:is|has been) destroyed"), "self", "no-ally-destroyed"),
    (re.compile(r"^while adjacent to (?:an? |1 )?ally with (?P<pw>" + _NAME + r")(?=$|[,.;:)])"), "self",
     "adjacent-ally:power={pw}"),
    (re.compile(r"^while adjacent to " + _KW + r" ally"), "self", "adjacent-ally:{kw}"),
    (re.compile(r"^while adjacent to an? (?P<kw>champion) ally"), "self", "adjacent-ally:{kw}"),
    (re.compile(r"^while within (?P<n>\d+) squares? of " + _KW + r" ally"), "self", "near-ally:{n}:{kw}"),
    (re.compile(r"^while within (?P<n>\d+) squares? of (?:an? )?(?P<kw>allied [a-z\-]+(?: [a-z\-]+)?)"),
     "self", "near-ally:{n}:{kw}"),
    (re.compile(r"^while (?:it is )?in a warband with (?:an? |1 )?active (?P<kw>[a-z\-]+(?: [a-z\-]+)?)$"), "self",
     "ally-in-play:{kw}"),  # ('active': on the battle map)
    (re.compile(r"^while (?:it is )?in a warband with " + _KW + r"$"), "self", "warband:{kw}"),
    (re.compile(r"^while (?:its|your) warband (?:includes|contains) " + _KW + r"$"), "self", "warband:{kw}"),
    (re.compile(r"^(?:while|whenever) (?:its|your) warband (?:includes|contains) (?:an? )?(?P<k>[a-z\-]+) ally of "
                r"level (?P<n>\d+) or (?:greater|higher)$"), "self", "warband:{k}+level>={n}"),
    (re.compile(r"^(?:with|on|vs\.?|against) opportunity attacks"), "self", "opportunity"),
    (re.compile(r"^(?:this turn |on its turn )?(?:if|after) it (?:has )?moved at least (?P<n>\d+) squares? "
                r"(?:away )?from (?:where it started (?:its|this) turn|its starting position(?: this turn)?)"
                r"(?: before attacking)?"),
     "self", "moved-from-start:{n}"),
    (re.compile(r"^on its turn after moving (?P<n>\d+) or more squares away from its starting position"), "self",
     "moved-from-start:{n}"),
    (re.compile(r"^(?:this turn )?if it (?:has )?moved (?:during )?this turn"), "self", "moved-this-turn"),
    (re.compile(r"^(?:vs\.?|against) opportunity attacks"), "self", "opportunity"),
    (re.compile(r"^while (?:it is |this creature is )?bloodied"), "self", "bloodied"),
    (re.compile(r"^while (?:it is |this creature is )?not bloodied"), "self", "not-bloodied"),
    (re.compile(r"^(?:on|when|while) charg(?:e|ing)(?: attacks?)?(?= |$|,)"), "self", "charging"),
    (re.compile(r"^on charge attacks?"), "self", "charging"),
    (re.compile(r"^while adjacent to (?:an|at least one|1) ally"), "self", "adjacent-ally"),
    (re.compile(r"^while within (?P<n>\d+) squares? of (?:a|any) bloodied (?:creature|enemy)"), "self",
     "near-bloodied:{n}"),
    (re.compile(r"^(?:on|during) its turn"), "self", "own-turn"),
    (re.compile(r"^during the end of (?:the )?round phase"), "self", "end-of-round-phase"),  # (every creature's)
    (re.compile(r"^(?:on|during) (?:other|another) creatures?'s? turns?"), "self", "other-turn"),
    (re.compile(r"^while not within (?P<n>\d+) squares? of any all(?:y|ies)"), "self", "no-ally-within:{n}"),
    (re.compile(r"^while (?:it is )?in a warband with (?:an? )?(?P<kw>[a-z\-]+ [a-z\-]+ [a-z\-]+)$"), "self",
     "warband:{kw}"),
)

# the lead of a condition ('while', 'only if it is', '(use only when'): the states below follow it
_CONDITION_LEAD: Final = re.compile(
    r"^\(?(?:use |usable )?(?:only )?(?:while|if|when|whenever|as long as|once) (?:it is |it's |this creature is )?")
# an ally's kinds in a condition ('an Undead ally', 'a champion ally', 'an allied Dragon champion'): checked against
# the cards' keywords (_known_kinds) after _kinds
_AK: Final = r"(?:an? |1 |one |any )?(?P<kw>(?:[a-z\-]+(?:,|,? or)? ){0,3}?)"
_ALLIED: Final = r"(?:an? |1 )?allied (?P<kw2>[a-z\-]+(?: [a-z\-]+)?)"
_TERRAIN: Final = (r"(?P<t>(?:forest|river|difficult|statue|smoke|fire)(?: or (?:forest|river|difficult|statue|"
                   r"smoke|fire))?)")
_N: Final = r"(?P<n>\d+|one|two|three)"
_SELF_STATES: Final = tuple((re.compile(p), pred) for p, pred in (
    # 'Use during your set-up, if your warband has a Hobgoblin champion:' (another creature of its warband)
    (r"(?:its|your) warband (?:has|includes|contains) (?:an? |1 )?(?P<kw>[a-z\-]+(?: champion)?)", "warband:{kw}"),
    (r"(?:not bloodied|nonbloodied|non-bloodied)", "not-bloodied"),
    (r"bloodied", "bloodied"),
    (r"damaged", "damaged"),
    (r"charging", "charging"),
    (r"flanked", "flanked"),
    (r"adjacent to (?:a |any )?wall", "adjacent-wall"),
    (r"(?:it )?(?:occupying|in|occupies) " + _TERRAIN + r" terrain", "in-terrain:{t}"),
    (r"adjacent to " + _TERRAIN + r" terrain", "adjacent-terrain:{t}"),
    (r"adjacent to,? but not occupying,? " + _TERRAIN + r" terrain", "adjacent-terrain:{t}&!in-terrain:{t}"),
    (r"each square (?:in|of) its space (?:occupies|is in|is) " + _TERRAIN + r" terrain", "in-terrain-all:{t}"),
    (r"adjacent to " + _TERRAIN + r" terrain or " + _TERRAIN.replace("?P<t>", "?P<t2>") + r" terrain",
     "adjacent-terrain:{t}|{t2}"),
    (r"an enemy (?:occupies|is in) (?:any|a) victory area", "enemy-in-victory-area"),
    (r"(?:it )?(?:in|occupying|occupies) (?:a|any) victory area", "in-victory-area"),
    (r"(?:it )?(?:in|occupying|occupies) (?:one of )?your victory areas?", "in-victory-area:own"),
    (r"(?:it )?(?:in|occupying|occupies) (?:one of )?your opponent's victory areas?", "in-victory-area:enemy"),
    (r"(?:it )?(?:in|occupying|occupies) (?:one of )?(?:your|its) start areas?", "in-start-area"),
    (r"(?:not adjacent to (?:any|an) enem(?:y|ies)|no enem(?:y is|ies are) adjacent(?: to it)?)", "no-adjacent-enemy"),
    (r"not adjacent to (?:any|an) (?P<c>" + _CONDITION_NAMES + r") enem(?:y|ies)", "no-adjacent-enemy:cond:{c}"),
    (r"no (?P<c>" + _CONDITION_NAMES + r") enemy is adjacent(?: to it)?", "no-adjacent-enemy:cond:{c}"),
    (r"(?:adjacent to (?:an? )?bloodied enemy|an? bloodied enemy is adjacent(?: to it)?)", "adjacent-enemy:bloodied"),
    (r"(?:adjacent to (?:an|at least one|1|one) enemy|an enemy is adjacent(?: to it)?)", "adjacent-enemy"),
    (r"adjacent to " + _AK + r"enemy", "adjacent-enemy:kinds:{kw}"),  # 'adjacent to a Fire enemy'

    (r"only " + _N + r" enemy is adjacent(?: to it)?", "adjacent-enemies-only:{n}"),
    (r"adjacent to only " + _N + r" enemy", "adjacent-enemies-only:{n}"),
    (r"adjacent to " + _N + r" or more enemies", "adjacent-enemies-min:{n}"),
    (_N + r" or more enemies are adjacent(?: to it)?", "adjacent-enemies-min:{n}"),
    (r"(?:there (?:are|is) )?" + _N + r" or fewer enem(?:y is|ies are) adjacent(?: to it)?",
     "adjacent-enemies-max:{n}"),
    # how many allies or enemies are near ('it has at least two allies within 10 squares', 'there are 1 or fewer
    # enemies within 5 squares of it')
    (r"it has at least " + _N + r" allies within (?P<n2>\d+) squares(?: of it)?", "allies-within-min:{n2}:{n}"),
    (r"there (?:are|is) " + _N + r" or fewer enem(?:y|ies) within (?P<n2>\d+) squares(?: of it)?",
     "enemies-within-max:{n2}:{n}"),
    (r"it has line of sight to " + _AK + r"ally", "sees-ally:{kw}"),
    (r"(?:with no|without|wothout) line of sight to " + _AK + r"ally", "sees-no-ally:{kw}"),
    (r"(?:it is )?(?P<cl>(?:" + _CONDITION_NAMES + r")(?:(?:,|,? or) (?:" + _CONDITION_NAMES + r"))*)",
     "self-cond:{cl}"),
    (r"it has line of sight to an enemy within " + _N + r" squares(?: of it)?", "sees-enemy-within:{n}"),
    (r"(?:not adjacent to any (?:other )?creatures?|no other creatures? (?:is |are )?adjacent to it)",
     "no-adjacent-creature"),
    (r"adjacent to " + _AK + r"ally", "adjacent-ally:{kw}"),
    (r"adjacent to (?:an? |1 )?ally with (?P<pw>" + _NAME + r")(?=$|[,.;:)])", "adjacent-ally:power={pw}"),
    # another creature by its card's name, of either side ('within 5 squares of another Bluespawn Stormlizard')
    (r"within " + _N + r" squares? of another (?!(?:ally|enemy|creature)\b)(?P<nm>" + _NAME + r")(?=$|[,.;:)])",
     "near-any:{n}:name={nm}"),
    (r"at least (?:1|one) other creature named (?P<nm>" + _NAME + r") is within " + _N + r" squares(?: of it)?",
     "near-any:{n}:name={nm}"),
    # how many of them ('within 5 squares of 2 or more Bluespawn Stormlizards': the card's name in the plural)
    (r"within " + _N + r" squares? of (?P<c>\d+) or more (?!(?:allies|enemies|creatures)\b)(?P<nm>" + _NAME
     + r")s(?=$|[,.;:)])", "near-any-min:{n}:{c}:name={nm}"),
    # a power of its card spent ('while Spear Throw has no uses available')
    (r"(?P<pw>" + _NAME + r") has no uses (?:available|left|remaining)", "spent:{pw}"),
    (_AK + r"ally is adjacent(?: to it)?", "adjacent-ally:{kw}"),
    (r"within " + _N + r" squares? of " + _AK + r"ally", "near-ally:{n}:{kw}"),
    (r"within " + _N + r" of " + _AK + r"ally", "near-ally:{n}:{kw}"),  # 'while within 6 of a Rage ally'
    (r"in a warband with " + _AK + r"ally", "warband:{kw}"),  # 'when in a warband with a Beholder ally'
    (r"(?:it is )?" + _N + r" or more squares away from the (?:space|square) in which it started its (?:current )?turn",
     "moved-from-start:{n}"),
    (r"within " + _N + r" squares? of " + _ALLIED, "near-ally:{n}:{kw}"),
    (_AK + r"ally is within " + _N + r" squares(?: of it)?", "near-ally:{n}:{kw}"),
    (_ALLIED + r" is within " + _N + r" squares(?: of it)?", "near-ally:{n}:{kw}"),
    (_AK + r"ally is not (?:in play|on the battle ?map)", "!ally-in-play:{kw}"),  # (Faith-Sustained)
    (_AK + r"ally is (?:in play|on the battle ?map)", "ally-in-play:{kw}"),
    # 'it has an Evil ally with Arcane, Divine, or Elemental keywords': an ally of that alignment with any of them
    (r"it has an? (?P<al>good|evil|[a-z\-]+) ally with (?:the )?(?P<kws>[a-z\-]+(?:(?:,|,? or) [a-z\-]+)*) keywords?",
     "ally-in-play:{kw}"),
    (_ALLIED + r" is (?:in play|on the battle ?map)", "ally-in-play:{kw}"),
    (r"no enem(?:y is|ies are) within " + _N + r" squares(?: of it)?", "no-enemy-within:{n}"),
    (r"no (?:ally is|allies are) within " + _N + r" squares(?: of it)?", "no-ally-within:{n}"),
    (r"no level (?P<lvn>\d+) or (?P<hl>higher|greater|lower) (?:ally is|allies are) within " + _N +
     r" squares(?: of it)?", "no-ally-within:{n}:{lv}"),
    # 'while no higher-level ally is within 5 squares': of a level above its own (judge.relative_kinds)
    (r"no (?P<t>higher|lower)-level (?:ally is|allies are) within " + _N + r" squares(?: of it)?",
     "no-ally-within:{n}:{t}-level"),
    (r"it (?:did not|has not|does not) charge(?:d)? (?:this|that) turn", "not-charged"),
    (r"it (?:did not|has not|does not) (?:make an? |made an? )?(?P<m>\{m\} )?attack(?:ed)? (?:during |on )?"
     r"(?:this|that) turn", "not-attacked{m}"),
    (r"it (?:did not|has not|does not) move(?:d)? (?:this|that) turn|it has not (?:yet )?moved (?:on|during) its turn",
     "not-moved"),
    (r"(?:it is )?the first round of the battle", "first-round"),
    (r"(?:on|during) its turn", "own-turn"),  # ('Has Phasing on its turn': _while_static's 'while on its turn')
    (r"(?:an|any) ally (?:is|has been) destroyed", "ally-destroyed"),  # 'once an ally has been destroyed' (this battle)
    (r"it has destroyed an enemy this turn", "destroyed-this-turn"),
    (r"(?:it is )?" + _N + r" or more squares (?:away )?from its starting position(?: this turn)?",
     "moved-from-start:{n}"),
    (r"it has moved at least " + _N + r" squares (?:away )?from its starting position(?: this turn)?",
     "moved-from-start:{n}"),
    (r"it has moved at least " + _N + r" squares (?:this|during its) turn", "moved-squares:{n}"),
    (r"it has moved " + _N + r" or more squares (?:away )?from its starting position(?: this turn)?",
     "moved-from-start:{n}"),
    (r"no enem(?:y has|ies have) line of sight to it|no enem(?:y|ies) can see it", "unseen"),
    # 'no creature is affected by this power' (or by the power's own name: _read_body checks it and puts its index)
    (r"no (?P<who>creatures? (?:is|are)|enem(?:y is|ies are)) affected by (?:this (?:power|attack)|"
     r"its (?P<pn>[a-z' \-]+)|(?P<pn2>[a-z' \-]+))", "unaffected:{pn}{who}"),
    (_AK + r"ally (?:does not have|has no) line of sight to it", "unseen-by-ally:{kw}"),
    (r"it has no (?:remaining|other) " + _AK.replace("(?:an? |1 |one |any )?", "") + r"all(?:y|ies)(?: left)?",
     "no-ally-left:{kw}"),
    (r"it has line of sight to no enem(?:y|ies)|it (?:cannot|can not|does not) see any enem(?:y|ies)", "sees-no-enemy"),
    # the order of activation in a round ('the first creature to activate in a round', 'the last creature you
    # activate in a round'): of both sides, or of its own
    (r"(?:it is |this is |it was )?the first (?:creature )?to activate (?:in a|this|in the) round",
     "first-to-activate"),
    (r"(?:it is |this is )?the first creature you activate (?:in a|this|in the) round", "first-you-activate"),
    (r"(?:it is |this is )?the last creature you activate (?:in a|this|in the) round", "last-you-activate"),
    (r"(?:it is |this is )?the last creature to activate (?:in a|this|in the) round", "last-to-activate"),
    # the champion test and the champions in play ('if you win initiative this round', 'if your opponent does not
    # have a champion on the battle map', 'this is your only champion in play')
    (r"you (?:win|won|have won) (?:the )?initiative(?: this round)?", "won-initiative"),
    (r"your opponent (?:does not have|has no) (?:a )?champion (?:on the battle ?map|in play)", "no-enemy-champion"),
    (r"(?:this|it) is your only champion (?:in play|on the battle ?map)", "only-champion"),
))


def _condition_kinds(kinds: str) -> bool:
    """Each part of a condition's kinds ('dragon+champion|good') a kind of the cards (_kinds drops a plural's 's':
    'Boros' is 'boro' there, which has_keyword matches)."""
    return all(_known_kinds(k) or _known_kinds(k + "s") for k in re.split(r"[|+]", kinds) if k)


def _condition(text: str, lead_only: bool = False) -> tuple[str, int] | None:
    """A state of the power's own creature at the start of ``text`` ('while adjacent to a wall', 'if it did not
    charge this turn', 'only if an Undead ally is within 5 squares'): (predicate id, where its words end), or None.
    ``lead_only``: only the states after a lead word (a power's requirement: 'Use only if ...:')."""
    for rx, _kind, value in () if lead_only else _SELF_CONDITION_WORDS:
        m = rx.match(text)
        if m:
            kinds = _kinds(m.groupdict().get("kw") or "")
            if not _condition_kinds(kinds):
                return None  # 'while adjacent to a Frobnitz ally': not a creature kind of the cards
            return _fill(value, m), m.end()
    lead = _CONDITION_LEAD.match(text)
    if lead is None:
        return None
    rest = text[lead.end():]
    best: tuple[int, re.Match[str], str] | None = None  # the longest reading ('adjacent to difficult terrain or
    for rx, pred in _SELF_STATES:  # statue terrain' is both kinds, not the first)
        m = rx.match(rest)
        if m is None or (m.end() < len(rest) and rest[m.end()] not in " ,;:.)"):
            continue
        if m.groupdict().get("kw") and not _condition_kinds(_kinds(m.group("kw").replace(", or ", ", "))):
            continue  # 'no ally is within 3 squares' is no ally of kind 'no'
        if best is None or m.end() > best[0]:
            best = (m.end(), m, pred)
    if best is None:
        return None
    _end, m, pred = best
    g = {k: v for k, v in m.groupdict().items() if v}
    kinds = _kinds((g.get("kw") or g.get("kw2") or "").replace(", or ", ", "))
    if g.get("kws"):  # each of the keywords, with the ally's own kind
        kinds = "|".join(g.get("al", "") + "+" + k for k in re.split(r",? or |, ", g["kws"]) if k)
    if not _condition_kinds(kinds):
        return None  # not a creature kind: the words stay unread
    state, end = _state_value(pred, g, kinds), lead.end() + m.end()
    either = _EITHER_STATE.match(text[end:])
    if either and "&" not in state:  # 'when adjacent to river terrain or when adjacent to an Aquatic ally', 'if
        more = rest[m.end():]  # adjacent to an Aquatic ally or river terrain' (the second after the first's words)
        second = _condition("if " + more[either.end():], lead_only=True)
        if second is None and state.startswith(("adjacent-", "adjacent-terrain:")) and not either.group(1):
            second = _condition("if adjacent to " + more[either.end():], lead_only=True)
            second = (second[0], second[1] - len("adjacent to ")) if second else None
        if second is not None and "&" not in second[0]:
            return state + "/" + second[0], end + either.end() + second[1] - len("if ")
    return state, end


# a second state either of which will do, after the first ('... or when adjacent to an Aquatic ally')
_EITHER_STATE: Final = re.compile(r"^(?:,? or |, (?=[^,:;.]+,? or ))((?:when|while|if) (?:it is )?)?")  # ('adjacent to
# fire terrain, a Fire ally, or a Fire enemy': a list)


def negated_state(state: str) -> str | None:
    """The opposite of a condition's predicate id ('unless adjacent to river terrain or adjacent to an Aquatic ally'):
    neither of an either, not both of two at once; None when it cannot be written."""
    if "&" in state and "/" in state:
        return None
    if "/" in state:
        return "&".join(p[1:] if p.startswith("!") else "!" + p for p in state.split("/"))
    if "&" in state:
        return "/".join(p[1:] if p.startswith("!") else "!" + p for p in state.split("&"))
    return state[1:] if state.startswith("!") else "!" + state


def _state_value(pred: str, g: dict[str, str], kinds: str) -> str:
    """A predicate id with its parameters from the words' groups ('near-ally:{n}:{kw}' → 'near-ally:5:undead')."""
    if "{pn}" in pred:  # the power by name ('' for 'this power'), then ':enemy' for 'no enemies are affected'
        pred = pred.replace("{pn}", "=" + (g.get("pn") or g.get("pn2") or "")).replace(
            "{who}", ":enemy" if g.get("who", "").startswith("enem") else "")
    n = g.get("n") or g.get("n2") or "0"
    if "{lv}" in pred:  # 'level 7 or higher': has_keyword's 'level>=7'
        pred = pred.replace("{lv}", "level" + ("<=" if g.get("hl") == "lower" else ">=") + g.get("lvn", "0"))
    pred = pred.replace("{pw}", g.get("pw", "")).replace("{nm}", g.get("nm", ""))
    return (pred.replace("{m}", ":melee" if g.get("m") else "").replace("{n}", str(_words_to_int(n)))
            .replace("{kw}", kinds).replace("{t}", g.get("t", "").replace(" or ", "|"))
            .replace("{t2}", g.get("t2", "").replace(" or ", "|")).replace("{c}", g.get("c") or g.get("c2") or "")
            .replace("{n2}", g.get("n2", "")).replace("{cl}", "|".join(re.findall(_CONDITION_NAMES, g.get("cl", "")))))


def _modifier(text: str) -> list[tuple[str, int, Filter, str]] | None:
    """'+2 attack and +10 fire damage vs. bloodied targets' → [(stat, n, filter, damage type)...]; None if not one."""
    # one number for several defences: '-2 to Reflex, Fortitude and Will' is '-2 ref and -2 fort and -2 will'
    dl = re.match(r"^(?P<n>[+-]\d+) (?:to )?(?P<ds>(?:ac|fort|ref|will)(?:, (?:ac|fort|ref|will))*,? and "
                  r"(?:ac|fort|ref|will))\b(?P<rest>.*)$", text)
    if dl:
        text = " and ".join(dl.group("n") + " " + d for d in re.split(r",? and |, ", dl.group("ds"))) + dl.group("rest")
    # a list of kinds or states ('Immobilized, Stunned, or Helpless targets') stays whole
    parts = re.split(r",? and (?=[+-] ?\d)|, (?=[+-] ?\d)", text)
    mods: list[tuple[str, int, str, str]] = []
    tail = ""
    for i, part in enumerate(parts):
        m = _MOD_RE.match(part.strip())
        if m is None:
            return None
        n = int(m.group("n")) * (-1 if m.group("sign") == "-" else 1)
        stat = _STAT_WORDS[m.group("stat")]
        form = _FORMS.get(m.group("form") or "", "")
        dtype = (m.group("dtype") or "").strip()
        mods.append((stat, n, form, dtype))
        rest = m.group("rest").strip()
        if rest:
            if i != len(parts) - 1:
                return None
            tail = rest
    tail, per = _per_count(tail)
    flt, left = _mod_condition(tail)
    if left or (per and any(dtype for _s, _n, _f, dtype in mods)):
        return None
    out: list[tuple[str, int, Filter, str]] = []
    for stat, n, form, dtype in mods:
        out.append((stat + _per_cap(per, stat), n, Filter(keyword=flt.keyword, target_state=flt.target_state,
                                                          self_state=flt.self_state,
                                                          attack_form=form or flt.attack_form,
                                                          natural=flt.natural), dtype))
    return out


# 'for each Kraul ally within 5 squares of it (maximum +10 damage)', 'for each enemy adjacent to it', 'for each Gnoll
# or Beast ally adjacent to target', 'for each bloodied creature on the battlemap': a modifier counted once per such
# creature. Written after the stat as '*each:<side>:<where>:<kinds>:<state>:<cap>' ('attack*each:ally:5:kraul::10';
# where: squares from it, -1 adjacent to it, t adjacent to the target, 0 anywhere); ddm_guild_judge._stat_mods counts.
_CAP: Final = re.compile(r"\s*\(max(?:imum|imun)? \+?(?P<cap>\d+)(?: (?P<cstat>attack|damage|ac))?\)\s*")
_NAME_END: Final = r"(?=$| within \d| adjacent to| on the battle| in play| \(max|[,.])"
_PER_EACH: Final = re.compile(
    r"^(?P<before>.*?)\s*\bfor each (?:other )?(?P<adj>adjacent )?(?P<words>(?:[a-z\-]+ )*?)"
    r"(?P<noun>ally|enemy|creature)(?: named (?P<nm>" + _NAME + ")" + _NAME_END + r"| with (?P<pw>" + _NAME + ")"
    + _NAME_END + r")?(?P<where> within (?P<n>\d+) squares(?: of (?:it|this creature))?| adjacent to "
    r"(?:it|this creature)| adjacent to (?:the )?target| on the battle ?map| in play)?(?P<after>.*)$")


_OTHER_NAMED: Final = re.compile(r"^(?P<before>.*?)\s*\bfor each other (?P<nm>[a-z][a-z'\-]*(?: [a-z][a-z'\-]*){0,3}) "
                                 r"in play(?P<after>.*)$")


def _per_count(tail: str) -> tuple[str, str]:
    """The 'for each ...' of a modifier's words (see above): (the words left, the count's spelling or '')."""
    other = _OTHER_NAMED.match(tail)
    if other and _target_kinds(other.group("nm")) is None:  # 'for each other Lich Vestige in play': a card's name
        tail = f"{other.group('before')} for each creature named {other.group('nm')} in play{other.group('after')}"
    m = _PER_EACH.match(tail)
    if m is None:
        return tail, ""
    rest = (m.group("before") + " " + m.group("after")).strip()
    cap, cstat = "", ""
    c = _CAP.search(rest)
    if c:
        cap, cstat = c.group("cap"), c.group("cstat") or ""
        rest = (rest[: c.start()] + " " + rest[c.end():]).strip()
    words = m.group("words").strip()
    state = ""
    if words.split(" ")[0] == "bloodied":
        state, words = "bloodied", words[8:].strip()
    kinds = _target_kinds(words) if words else ""
    if kinds is None:
        return tail, ""
    named = ("name=" + m.group("nm")) if m.group("nm") else ("power=" + m.group("pw")) if m.group("pw") else ""
    if named:  # 'for each adjacent ally with Volley', 'for each creature named Kuo-Toa Whip'
        kinds = "+".join(k for k in (kinds, named) if k) if "|" not in kinds else ""
        if not kinds:
            return tail, ""
    where = m.group("where") or ""
    adjacent = bool(m.group("adj")) or where.startswith(" adjacent to it") or where == " adjacent to this creature"
    near = "-1" if adjacent else "t" if "target" in where else m.group("n") or "0"
    side = {"ally": "ally", "enemy": "enemy"}.get(m.group("noun"), "any")
    return rest, f"*each:{side}:{near}:{kinds}:{state}:{cap}:{cstat}"


def _per_cap(per: str, stat: str) -> str:
    """The count for one stat: a cap that names another stat ('(maximum +10 damage)' after '+1 attack') is not
    this one's."""
    if not per:
        return ""
    head, cap, cstat = per.rsplit(":", 2)
    return head + ":" + (cap if not cstat or cstat == stat else "")


# --- names of powers and kinds of creature an event or effect reads ---------------------------------------

_POWER_NAMES: Final = r"(?:its )?[a-z'][a-z' \-]*?(?: or (?:its )?[a-z'][a-z' \-]*?)*"


_RECHARGE_EFFECT: Final = re.compile(r"^recharges? (?P<names>" + _POWER_NAMES + ")$")


_EVENT_WORDS: Final = {"living": "living", "nonliving": "!living", "non-living": "!living"}


def _event_kinds(words: str) -> str:
    """'Construct or Warforged' → 'construct|warforged' (each a creature keyword, 'living', or 'non-' one);
    anything else is not read."""
    out = []
    for w in re.split(r", or |, | or | and ", words.strip()):
        w = w.strip()
        if w not in KINDS and w not in FACTIONS:
            w = _singular(w)
        if w in _EVENT_WORDS:
            out.append(_EVENT_WORDS[w])
        elif w.startswith("non-") and w[4:] in KINDS:
            out.append("!" + w[4:])
        elif w in KINDS or w in FACTIONS or w == "champion":
            out.append(w)
        else:
            raise _Unread(f"a creature of kind '{words.strip()}'")
    return "|".join(out)


