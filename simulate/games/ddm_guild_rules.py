"""The DDM Guild rules as the engine plays them: one record per rule, with its id, section, basis and numbers.

The Guild's rulebook ("Battle Rules, DDM Guild Edition", 2009 and 2011) cannot be read beyond its table of
contents (``../shared/rules/ddm-guild-sources.md``). Every rule the engine plays is therefore either a
**source** (a readable text states it: a Wizards 2008 article, a DDM Guild page, the 1.0 rules carried over,
or the cards themselves) or a **reading** (no readable text states it; we chose it, and say what else it could
be). ``docs/rules/ddm-guild-play.md`` is the digest in words; this module holds the same ids and the numbers the
engine uses, so a number lives in one place. A test checks that the two agree.

Every battle's result names :data:`RULES_VERSION` and the readings in force (:func:`readings`), so a player who
owns the rulebook can see what was assumed and report a reading as wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

RULES_VERSION: Final = "ddm-guild-play/1"

SOURCE: Final = "source"
READING: Final = "reading"


@dataclass(frozen=True)
class Rule:
    """One rule of the profile. ``values`` are the numbers the engine reads (by name)."""

    id: str
    section: str
    basis: str  # SOURCE or READING
    title: str
    cite: str = ""  # where a source says it (page or article); for a reading, what it rests on
    alternatives: tuple[str, ...] = ()
    values: dict[str, int] = field(default_factory=dict)


# Section names: the table of contents of "Battle Rules, DDM Guild Edition" (2009 and 2011 revisions).
PLAYING: Final = "Playing the Game"
TURN: Final = "Taking a Turn"
POWERS: Final = "Powers and Effects"
ATTACK: Final = "Making an Attack"
DAMAGE: Final = "Ongoing Damage, Saving Throws, Hit Points"
MODIFIERS: Final = "Attack Modifiers, Combat Advantage, Flanking, Cover"
MOVING: Final = "Opportunity Attacks, Moving"
FORCED: Final = "Forced-Movement Effects, Legal Position"
TERRAIN: Final = "Difficult Terrain, Walls, Movement Modes, Squeezing, Battle Maps and Terrain"
SCENARIOS: Final = "Scenarios: Assault"
STAT_CARD: Final = "How to Read a Creature Stat Card"

A2008_OVERVIEW: Final = "Wizards, D&D Miniatures Battle Rules: A Designer's Overview (2008-01-17, dnd/mi/20080117a)"
A2008_BLOODIED: Final = "Wizards, Dungeons of Dread Preview 2 (2008-02-07, dnd/mi/20080207c)"
A2008_MULTI: Final = "Wizards, Dungeons of Dread Preview 1 (2008-01-31, dnd/mi/20080131b)"
A2008_RESIST: Final = "Wizards, Dungeons of Dread Preview 7 (2008-03-13, dnd/mi/20080313a)"
SUMMARY_2008: Final = "beastmasterj.blogspot.com, summary of the January 2008 rules"
JUDGES_2008: Final = "Rules Guidelines for D&D Experience 2008 (D. Stupack, judges' guide, brasilminis.forumandco.com)"
GUILD_2009: Final = "DDM Guild, Battle Rules 2009 revised (beta): the change list"
GUILD_MAPS: Final = "DDM Guild, Map Design Contest (legal maps: 30 large, 8 small of 22 × 17)"
RULES_1_0: Final = "Game rules - DDM Guild (the 1.0 rules in English, yumpu 24065253)"
CARDS: Final = "the stat cards (ddm-guild-ddmwi)"

_RULES: tuple[Rule, ...] = (
    # --- Playing the Game -----------------------------------------------------------------------------------
    Rule("ddm-guild.round", PLAYING, SOURCE,
         "A round: the champion test, then phases; the first player activates one creature, then the players "
         "alternate activating two at a time; a side with none left lets the other finish.",
         f"{SUMMARY_2008}; {RULES_1_0} p. 8 (phases, the side that runs out)",
         values={"first_phase": 1, "per_phase": 2}),
    Rule("ddm-guild.champion-test", PLAYING, READING,
         "Champion test: each player rolls a d20; the player whose warband holds the higher champion rating rolls "
         "two and keeps the better; the higher result chooses who activates first; a tie is rolled again.",
         f"the extra die: {SUMMARY_2008}, {JUDGES_2008}; a tie rule exists ({GUILD_2009}) but its text is not "
         "readable",
         ("add the best champion rating to the roll (the 1.0 commander rule)",
          "ties go to the player with the higher rating, or to the player who lost the previous test"),
         {"die": 20, "extra_dice": 1}),
    Rule("ddm-guild.first-player", PLAYING, READING,
         "The winner of the champion test takes the first phase.",
         f"{RULES_1_0} p. 8 (the winner chooses; going first is almost always the choice)",
         ("the winner chooses (a decision point)",)),
    Rule("ddm-guild.setup", PLAYING, SOURCE,
         "Set-up: a d20 roll-off (the higher champion rating rolls twice); the winner chooses who sets up first; "
         "creatures are placed wholly inside their start area, clear of walls, pits and statues.",
         f"{JUDGES_2008} (map set-up); {RULES_1_0} p. 8 (placement)"),
    Rule("ddm-guild.multi-activation", PLAYING, SOURCE,
         "Multi-Activation N: the creature takes up to N turns a round, each one an activation.",
         f"{A2008_MULTI}; {A2008_RESIST}; {CARDS}"),
    Rule("ddm-guild.round-limit", SCENARIOS, READING,
         "A battle still running after 30 rounds ends: the higher score wins, equal scores draw.",
         "a simulation cap (no readable source gives a time limit)",
         ("the 1.0 stalemate rule (10 rounds without an attack, then the creature nearest the centre)",),
         {"max_rounds": 30}),
    # --- Taking a Turn --------------------------------------------------------------------------------------
    Rule("ddm-guild.actions", TURN, READING,
         "A turn holds one attack action, one move action and one minor action, in any order; the attack action "
         "may be spent as a second move action.",
         f"the actions the cards name ('Minor action', 'Move action', 'Replaces attack action', 'Immediate "
         f"action'; {CARDS}) and the 4th Edition turn the 2008 rules were brought in line with ({A2008_OVERVIEW})",
         ("a creature either moves and attacks or moves twice, with no separate minor action (the 1.0 turn)",),
         {"attack": 1, "move": 1, "minor": 1}),
    Rule("ddm-guild.shift", TURN, SOURCE,
         "Shift: a move action that moves the creature 1 square without provoking opportunity attacks.",
         f"{SUMMARY_2008} (the one-square step returns); {A2008_OVERVIEW} ('no 5-foot step' was a hurdle removed)",
         values={"squares": 1}),
    Rule("ddm-guild.start-of-turn", TURN, READING,
         "At the start of its turn a creature takes its ongoing damage, then its 'start of turn' powers act.",
         "the order of the Start of Turn section is not readable; 4th Edition's order",
         ("powers first, then ongoing damage",)),
    Rule("ddm-guild.end-of-turn", TURN, READING,
         "At the end of its turn a creature rolls its saves, then effects that last 'until end of turn' or 'until "
         "end of its next turn' (set on an earlier turn) end.",
         f"the two durations are distinct ({GUILD_2009}); the order is 4th Edition's", ()),
    Rule("ddm-guild.immediate-actions", TURN, READING,
         "A creature takes at most one immediate action a round (its own turn included).",
         f"immediate actions are named on the cards ({CARDS}); the limit is 4th Edition's",
         ("no limit other than the power's own uses", "one a turn"), {"per_round": 1}),
    # --- Powers and Effects ---------------------------------------------------------------------------------
    Rule("ddm-guild.use-limits", POWERS, SOURCE,
         "A power with a use limit can be used that many times a battle; RECHARGE restores one use when its "
         "condition is met.",
         f"the limit boxes and the RECHARGE clauses on the cards ({CARDS})"),
    Rule("ddm-guild.champion-powers", POWERS, READING,
         "A champion uses its champion powers at most as many times a battle as its champion rating, and only "
         "while it is on the battle map.",
         "champion powers are a section of the rulebook; their budget is not readable",
         ("once a round each", "the rating counts uses per round")),
    Rule("ddm-guild.start-of-round", POWERS, READING,
         "'Use at start of round' powers act after the champion test, before the first activation, the first "
         "player's creatures first; 'use before rolling initiative' powers act before the test; 'use at end of "
         "round' powers after the victory areas score.",
         f"the timing words on the cards ({CARDS}); the order between the players is ours",
         ("the champion test winner's powers last",)),
    Rule("ddm-guild.stacking", POWERS, READING,
         "Bonuses and penalties from different powers add up; the same power does not add to itself.",
         "Bonuses and Penalties is a section of the rulebook; its text is not readable",
         ("bonuses of the same kind (attack, damage, defence) do not add: the larger applies",)),
    Rule("ddm-guild.default-duration", POWERS, READING,
         "A condition an attack imposes with no duration printed lasts until the end of the target's next turn.",
         f"'until end of its next turn' is the 2009 wording ({GUILD_2009}); the default is not readable",
         ("until the end of the attacker's next turn", "save ends")),
    # --- Making an Attack -----------------------------------------------------------------------------------
    Rule("ddm-guild.attack-roll", ATTACK, SOURCE,
         "An attack roll is d20 + the attack's bonus against the named defence (AC, Fortitude, Reflex or Will); "
         "equal or higher hits. A natural 20 always hits, a natural 1 always misses.",
         f"'+N vs. AC/Fort/Ref/Will' on every attack ({CARDS}); natural 20 and 1: {RULES_1_0} p. 11, kept",
         values={"die": 20, "auto_hit": 20, "auto_miss": 1}),
    Rule("ddm-guild.critical-hit", ATTACK, READING,
         "A critical hit (natural 20, or the Keen Critical number) doubles the attack's first damage number; "
         "damage after a '+' is not doubled; ongoing damage is not doubled.",
         f"{RULES_1_0} p. 11 (double damage; bonus damage not doubled), carried over; crits deal more damage in "
         f"2.0 too (Insubstantial takes full damage from them, {GUILD_2009})",
         ("all of the attack's damage doubled", "+10 damage", "the attack's damage at its maximum (the "
          "4th Edition rule: no gain with fixed damage)"), {"multiplier": 2}),
    Rule("ddm-guild.basic-attack", ATTACK, READING,
         "A creature's basic attacks are its attacks with no use limit, no recharge and a single target; its "
         "melee basic attack the first such melee attack, its ranged basic attack the first such ranged one.",
         f"the cards refer to basic attacks ({{b}}, {{m}}) but the data set lost the icons ({CARDS})",
         ("only the first attack printed is basic",)),
    Rule("ddm-guild.melee-reach", ATTACK, SOURCE,
         "A melee attack targets an adjacent enemy, or one within Reach N squares.",
         f"'Reach N' and '(reach N)' on the cards ({CARDS})", values={"reach": 1}),
    Rule("ddm-guild.ranged-range", ATTACK, SOURCE,
         "A ranged attack marked (sight) targets any enemy in line of sight; (range N) one within N squares; "
         "(nearest) the nearest enemy in line of sight.",
         f"{CARDS}; 'only \"nearest\" powers must target the nearest enemy': {SUMMARY_2008}; {A2008_OVERVIEW}"),
    Rule("ddm-guild.areas", ATTACK, READING,
         "Close burst N: every square within N of the attacker; close blast N: an N × N square touching the "
         "attacker's space; radius N within M: every square within N of a square within M that the attacker "
         "sees; line N: the squares a line from the attacker crosses, N long; a small cone is a blast 3, a large "
         "cone a blast 5. Each creature in the area is a target (an attack with 'enemies only' skips allies).",
         f"the shapes' names on the cards ({CARDS}); their geometry is 4th Edition's; Close Attacks and Area "
         "Attacks are sections of the rulebook",
         ("the 1.0 templates (ddm.md §20.4)",)),
    Rule("ddm-guild.distance", MOVING, READING,
         "Distances and movement count every square as 1, diagonals included.",
         "the 4th Edition count the 2008 rules were brought in line with; Moving is a section of the rulebook",
         ("the 1.0 count: every second diagonal costs 2 (ddm.md §7.2)",)),
    Rule("ddm-guild.conceal", ATTACK, READING,
         "Conceal N: an attack against the creature misses if its d20 shows less than N (checked in the attack "
         "roll, not as a second roll).",
         f"conceal is part of the attack roll since 2009 ({GUILD_2009})",
         ("a second d20 that must show N or more (the 1.0 rule)",)),
    Rule("ddm-guild.invisible", ATTACK, SOURCE,
         "No creature has line of sight to an invisible creature: it cannot be targeted except by a close or area "
         "attack whose area holds it.",
         f"{GUILD_2009}"),
    Rule("ddm-guild.resist", ATTACK, SOURCE,
         "Resist N (type): the damage of one attack of that type, added together, is reduced by N; Resist All "
         "reduces the attack's combined damage.",
         f"{A2008_RESIST}"),
    Rule("ddm-guild.vulnerable", ATTACK, READING,
         "Vulnerable N (type): an attack that deals damage of that type deals N more.",
         "the 4th Edition rule; the cards print 'Vulnerable N type'", ("double damage of that type (the 1.0 rule)",)),
    Rule("ddm-guild.immune", ATTACK, SOURCE,
         "Immune (type or condition): the creature takes no damage of that type and is not affected by that "
         "condition.",
         f"{CARDS}"),
    Rule("ddm-guild.insubstantial", ATTACK, SOURCE,
         "Insubstantial: half damage from every attack except critical hits.",
         f"the cards' text ({CARDS}); critical hits in full: {GUILD_2009}", values={"divisor": 2}),
    # --- Ongoing Damage, Saving Throws, Hit Points ----------------------------------------------------------
    Rule("ddm-guild.bloodied", DAMAGE, SOURCE,
         "A creature is bloodied at half its hit points or fewer, rounded down.",
         f"{A2008_BLOODIED}"),
    Rule("ddm-guild.saving-throw", DAMAGE, READING,
         "A saving throw succeeds on a d20 roll of 10 or more.",
         "Saving Throws is a section of the rulebook (p. 14 in 2009); the number is 4th Edition's",
         ("11 or more (the 1.0 Conceal and Spell Resistance rolls)",), {"die": 20, "target": 10}),
    Rule("ddm-guild.ongoing-damage", DAMAGE, READING,
         "Ongoing damage is taken at the start of the creature's turn until a save ends it; two ongoing damages of "
         "the same type do not add (the larger applies), of different types both apply.",
         "Ongoing Damage is a section of the rulebook (p. 14 in 2009); the rule is 4th Edition's",
         ("at the end of the turn",)),
    Rule("ddm-guild.destroyed", DAMAGE, SOURCE,
         "A creature at 0 hit points or fewer is destroyed and removed from the battle map.",
         f"{RULES_1_0} p. 11 and the glossary, kept"),
    Rule("ddm-guild.heal", DAMAGE, SOURCE,
         "Healing restores hit points up to the creature's starting hit points, never beyond.",
         f"{RULES_1_0} glossary (heal), kept; the cards' 'heals N HP' ({CARDS})"),
    # --- Attack Modifiers, Combat Advantage, Flanking, Cover -----------------------------------------------
    Rule("ddm-guild.combat-advantage", MODIFIERS, READING,
         "An attacker with combat advantage gets +2 to its attack roll.",
         "Combat Advantage is a section of the rulebook (p. 15 in 2009); the number is 4th Edition's",
         ("+4 (the 1.0 flanking bonus doubled)",), {"attack": 2}),
    Rule("ddm-guild.flanking", MODIFIERS, READING,
         "A melee attacker flanks when an ally is on the opposite side of the target (the 1.0 geometry); flanking "
         "gives combat advantage.",
         f"Flanking is a section of the rulebook; the geometry is {RULES_1_0} p. 12, kept",
         ("flanking gives its own +2 (the 1.0 rule)",)),
    Rule("ddm-guild.grants-combat-advantage", MODIFIERS, READING,
         "A creature that is dazed, stunned, helpless, blinded, dominated or unable to see its attacker grants "
         "combat advantage.",
         "the 4th Edition list", ()),
    Rule("ddm-guild.cover", MODIFIERS, READING,
         "A target with cover (the 1.0 cover lines) imposes -2 on the attack roll.",
         f"Cover is a section of the rulebook (p. 15 in 2009); lines: {RULES_1_0} p. 16, kept; the number is 4th "
         "Edition's; the cards speak of 'ranged cover'",
         ("+4 AC (the 1.0 rule)",), {"attack": -2}),
    Rule("ddm-guild.charge", ATTACK, READING,
         "Charge: an attack action; the creature moves up to its Speed, at least 2 squares, to a square from which "
         "it makes a melee basic attack at +1 against the nearest enemy; it must see the square and the target at "
         "the start.",
         f"sight of the square and the target: {GUILD_2009}; the bonus and the minimum are 4th Edition's",
         ("+2 and no minimum (the 1.0 rule)",), {"attack": 1, "min_squares": 2}),
    # --- Opportunity Attacks, Moving ------------------------------------------------------------------------
    Rule("ddm-guild.opportunity-attack", MOVING, READING,
         "A creature that leaves a square adjacent to an enemy (not by shifting or forced movement), or that makes "
         "a ranged or area attack while adjacent to an enemy, provokes: that enemy may make one melee basic attack "
         "against it, once per turn.",
         f"cards say of some ranged attacks 'Does not provoke opportunity attacks' ({CARDS}), so the others do; "
         f"one per turn: {RULES_1_0} p. 13, kept",
         ("ranged attacks never provoke (the 1.0 rule)",)),
    Rule("ddm-guild.moving", MOVING, SOURCE,
         "A creature moves through allies but not enemies and ends in a space it may occupy.",
         f"{RULES_1_0} p. 10, kept"),
    # --- Forced movement -----------------------------------------------------------------------------------
    Rule("ddm-guild.forced-movement", FORCED, SOURCE,
         "Push N: each square farther from the attacker; pull N: each square closer; slide N: any way. Forced "
         "movement stops at walls, creatures and statues, provokes nothing, and is optional square by square "
         "('up to').",
         f"the cards ({CARDS}); {RULES_1_0} glossary (push, pull), kept"),
    Rule("ddm-guild.legal-position", FORCED, SOURCE,
         "A creature left where it may not stay is moved to the nearest square it may occupy.",
         f"{RULES_1_0} p. 13, kept"),
    Rule("ddm-guild.teleport", FORCED, READING,
         "Teleport N: the creature is placed in a free square within N that it can see, without moving through "
         "the squares between; it provokes nothing.",
         f"the cards ({CARDS}); the 'can see' is 4th Edition's", ("no line of sight needed",)),
    # --- Terrain --------------------------------------------------------------------------------------------
    Rule("ddm-guild.difficult-terrain", TERRAIN, SOURCE,
         "Entering a difficult square costs 2 squares of movement; Flight, Phasing and Stable Footing ignore it.",
         f"{RULES_1_0} p. 24, kept; the cards' Stable Footing ({CARDS})", values={"cost": 2}),
    Rule("ddm-guild.walls", TERRAIN, SOURCE,
         "Walls block movement and line of sight; no diagonal step past a wall's corner; the map's edge is a "
         "wall.",
         f"{RULES_1_0} p. 10, 15 and 26, kept"),
    Rule("ddm-guild.terrain-kinds", TERRAIN, SOURCE,
         "Statues cost 2 and cannot be ended on; pits eliminate a creature that ends there (Flight flies over); "
         "forest is difficult and blocks sight through it; fog blocks sight beyond adjacent squares.",
         f"{RULES_1_0} pp. 24-26 (the terrain 2.0 kept; Battle Maps and Terrain is a section of the 2009 book)"),
    Rule("ddm-guild.size", TERRAIN, SOURCE,
         "Large creatures fill 2 × 2 squares, Huge 3 × 3; only Huge creatures squeeze.",
         f"{RULES_1_0} p. 10 (spaces), kept; squeezing: {GUILD_2009}"),
    Rule("ddm-guild.size-unknown", TERRAIN, READING,
         "A creature whose figure's size the catalogue does not know is played as Medium (one square); the result "
         "lists it.",
         "the data set gives no size; the catalogue knows the size of the figure for about 60% of the cards",
         ("refuse the creature until a player gives its size",)),
    Rule("ddm-guild.flight", TERRAIN, SOURCE,
         "Flight: not slowed by terrain, may cross pits but not end on one.",
         f"{RULES_1_0} glossary (Flight), kept"),
    Rule("ddm-guild.phasing", TERRAIN, READING,
         "Phasing: moves through walls and enemies' squares, ends where it may occupy.",
         "4th Edition's phasing; the cards name it without text", ("moves through walls only",)),
    # --- Scenarios -----------------------------------------------------------------------------------------
    Rule("ddm-guild.assault-victory", SCENARIOS, READING,
         "Assault: the first player to score victory points equal to the format's points limit wins (checked "
         "whenever points are scored); destroying every enemy creature also wins.",
         f"{RULES_1_0} p. 28 (the first to the warband limit), carried over; Assault is a section of the 2009 book",
         ("the score is compared only at the end of the round",)),
    Rule("ddm-guild.elimination-points", SCENARIOS, SOURCE,
         "Destroying an enemy creature scores its cost.",
         f"{RULES_1_0} p. 28, kept; cards that 'score +N VP' rely on it ({CARDS})"),
    Rule("ddm-guild.victory-area", SCENARIOS, READING,
         "At the end of each round, a player with a creature in one of its victory areas scores 5% of the points "
         "limit (10 at 200), once a round.",
         f"{RULES_1_0} p. 28 (10 at 200), carried over", ("20 at 200 and 25 at 500",), {"percent": 5}),
    Rule("ddm-guild.formats", SCENARIOS, READING,
         "The catalogue's formats play Assault at their points limit (Quick 100, Standard 200, Epic 500); Arena is "
         "played as Assault at 200 (its own rules are not readable); Freestyle at 200.",
         "the Arena section of the 2009 book is not readable", ("refuse Arena",)),
    Rule("ddm-guild.battle-maps", SCENARIOS, READING,
         "No Guild map's layout is in any reachable source: the engine plays on documented stand-ins of the legal "
         "maps' sizes (large and 22 × 17 small), marked as stand-ins.",
         f"{GUILD_MAPS}", ()),
)

RULES: Final[dict[str, Rule]] = {r.id: r for r in _RULES}


def rule(rule_id: str) -> Rule:
    return RULES[rule_id]


def value(rule_id: str, name: str) -> int:
    """A number of the profile by its rule id and name (a KeyError names a typo at import time)."""
    return RULES[rule_id].values[name]


def readings() -> list[Rule]:
    """Every reading of the profile, in the digest's order."""
    return [r for r in _RULES if r.basis == READING]


def reading_summary() -> list[dict[str, str]]:
    """The readings as plain data, for a result: id, section and what was chosen."""
    return [{"id": r.id, "section": r.section, "title": r.title} for r in readings()]


# The engine's numbers, each read from its rule (one place for every number).
FIRST_PHASE: Final = value("ddm-guild.round", "first_phase")
PER_PHASE: Final = value("ddm-guild.round", "per_phase")
MAX_ROUNDS: Final = value("ddm-guild.round-limit", "max_rounds")
SHIFT_SQUARES: Final = value("ddm-guild.shift", "squares")
IMMEDIATE_PER_ROUND: Final = value("ddm-guild.immediate-actions", "per_round")
AUTO_HIT: Final = value("ddm-guild.attack-roll", "auto_hit")
AUTO_MISS: Final = value("ddm-guild.attack-roll", "auto_miss")
CRIT_MULTIPLIER: Final = value("ddm-guild.critical-hit", "multiplier")
MELEE_REACH: Final = value("ddm-guild.melee-reach", "reach")
INSUBSTANTIAL_DIVISOR: Final = value("ddm-guild.insubstantial", "divisor")
SAVE_TARGET: Final = value("ddm-guild.saving-throw", "target")
COMBAT_ADVANTAGE: Final = value("ddm-guild.combat-advantage", "attack")
COVER: Final = value("ddm-guild.cover", "attack")
CHARGE_BONUS: Final = value("ddm-guild.charge", "attack")
CHARGE_MIN_SQUARES: Final = value("ddm-guild.charge", "min_squares")
DIFFICULT_COST: Final = value("ddm-guild.difficult-terrain", "cost")
VICTORY_AREA_PERCENT: Final = value("ddm-guild.victory-area", "percent")
CHAMPION_EXTRA_DICE: Final = value("ddm-guild.champion-test", "extra_dice")
