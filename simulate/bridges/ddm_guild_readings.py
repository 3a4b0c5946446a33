"""The DDM Guild rules profile's readings in words a player reads (translated), for the result page and the page
where a player who owns the rulebook reports a reading as wrong. The rules themselves, with their sources and
alternatives, are ``docs/rules/ddm-guild-play.md`` and ``simulate/games/ddm_guild_rules.py`` (same ids)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import pgettext_lazy

from simulate.games import ddm_guild_rules as rules

LABELS: dict[str, Any] = {
    "ddm-guild.champion-test": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Champion test: a d20 each, the higher champion rating rolls two and keeps the "
        "better; a tie is rolled again."),
    "ddm-guild.first-player": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "The winner of the champion test goes first."),
    "ddm-guild.delayed-appearance": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Delayed Appearance: the creature arrives in its start area at the start of the "
        "second round."),
    "ddm-guild.round-limit": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A battle ends after 30 rounds: the higher score wins."),
    "ddm-guild.actions": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A turn: one attack action, one move action and one minor action; the attack "
        "action may be a second move."),
    "ddm-guild.start-of-turn": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Ongoing damage comes first at the start of a turn, then start-of-turn powers."),
    "ddm-guild.end-of-turn": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "At the end of a turn: saves, then effects that end with the turn."),
    "ddm-guild.immediate-actions": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "At most one immediate action a round."),
    "ddm-guild.champion-powers": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A champion uses its champion powers as many times a battle as its rating."),
    "ddm-guild.start-of-round": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Start-of-round powers act after the champion test, the first player's first."),
    "ddm-guild.stacking": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Bonuses from different powers add up."),
    "ddm-guild.default-duration": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A condition or a penalty with no duration printed lasts until the end of the "
        "target's next turn."),
    "ddm-guild.auras": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "An aura reaches the creatures within its size of its creature, not the creature "
        "itself unless the card says so; it is judged again whenever creatures move."),
    "ddm-guild.kinds-creatures": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A power naming creatures by their kinds and no place (\"Undead creatures\") reaches every one of "
        "them, on both sides, its own creature too."),
    "ddm-guild.named-creatures": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A creature a power names by its card's name or by a power of its card may be of either side; "
        "\"Spear Wall 5\" has Spear Wall; \"this round\" counts from the round's start."),
    "ddm-guild.turn-start-creature": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "\"Your creature's turn\" is the turn of any creature of its warband, its own too; \"that creature\" and "
        "\"that Vampire\" are the creature of the event; a champion power that only helps the creature whose turn "
        "starts is used on its own side's turns only."),
    "ddm-guild.borrowed-champion-powers": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A creature that may use another champion's champion power has each one it could play as its own from "
        "set-up; using one spends its own champion uses."),
    "ddm-guild.attack-damage": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "An attack's damage is what its hit or miss deals, not ongoing damage it leaves; the types "
        "it did not deal are those of the damage that destroyed the creature."),
    "ddm-guild.instead": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A rider that depends on the target looks at it as it was before the hit; one that "
        "applies instead replaces the rider of its kind printed before it."),
    "ddm-guild.champion-events": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "An enemy's power that answers a champion power being used acts before that power's effects and may cancel "
        "them (its use stays spent); one that answers after it acts once they are resolved."),
    "ddm-guild.condition-events": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A power that answers a condition put on a creature acts once it is on; \"by an attack\" is a condition "
        "an attack's hit or miss puts on; one that undoes a condition answers for its own side only."),
    "ddm-guild.target-curse": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A curse an attack puts on its target (it takes damage whenever it does something) acts as that happens; "
        "'maximum 1 per turn' is once between the starts of two of its own turns."),
    "ddm-guild.turned-attack": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A target made to attack 'as though Dominated' makes its melee basic attack against the weakest creature of "
        "its own side in reach; one made to attack itself rolls its basic attack against its own defence."),
    "ddm-guild.lost-use": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A target that loses a use of a limited power or a champion power, its choice, loses one of its power with "
        "a use limit printed last, else of its champion powers."),
    "ddm-guild.menu": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A power offering one of several effects gives the one its player chooses with the action; a triggered "
        "power's is the one worth most at that moment."),
    "ddm-guild.round-awards": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Points a power promises for the round are awarded at its end, to the player ahead and to nobody on a tie; "
        "every enemy destroyed that round counts for the other warband."),
    "ddm-guild.initiative-dice": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Extra initiative dice from a power are rolled in the champion test it names, before the round starts; the "
        "highest die counts."),
    "ddm-guild.natural-roll": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A power on an attack roll's natural die acts as the die is rolled, hit or miss, unless "
        "the card names a hit."),
    "ddm-guild.use-with": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A power used with an attack acts as that attack is declared; what it does to the target needs "
        "a hit."),
    "ddm-guild.attack-resolved": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A power used after an attack is resolved (an enemy's, or its own successful one) acts once "
        "that attack is done against each of its targets."),
    "ddm-guild.redirect-away": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "An attack a power redirects goes, once declared, to the creature it names, whatever its distance from the "
        "attacker (of several allies the one with the most hit points); a creature 'hit instead' takes the hit with "
        "no new roll; 'half the damage' is half the hit points the ally would lose, rounded down."),
    "ddm-guild.target-words": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "The words about an attack's target are its state when the attack is made; a list of kinds or states is "
        "any of them; a creature has activated this round once it has used one of its activations."),
    "ddm-guild.confused-control": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A confused creature its opponent controls makes a melee basic attack against an "
        "adjacent ally, nothing else."),
    "ddm-guild.basic-attack-only": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Staggered or confused: no charge and no attack power but a basic attack; a "
        "confused creature takes no immediate action."),
    "ddm-guild.critical-hit": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A critical hit doubles the first damage number, not the damage after a plus "
        "sign."),
    "ddm-guild.automatic-hits": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Against a creature that attacks always hit, a roll that would miss hits; it is a critical hit only on a "
        "natural 20 (or the attacker's Keen Critical number)."),
    "ddm-guild.basic-attack": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Basic attacks: the attacks with no use limit, no recharge and one target."),
    "ddm-guild.areas": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Bursts, blasts, radius areas and lines follow the 4th Edition shapes; a cone is "
        "a blast."),
    "ddm-guild.distance": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Every square counts 1, diagonals included."),
    "ddm-guild.worded-attacks": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "An attack spelled out in words (Boiling Blood, Death Burst) is a melee attack against one enemy, or a burst "
        "against those it names."),
    "ddm-guild.conceal": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Conceal N: an attack misses when its d20 shows less than N."),
    "ddm-guild.conceal-second-die": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "An extra d20 against Conceal (Scent) is rolled only when the attack's d20 is under the Conceal, for the "
        "Conceal alone."),
    "ddm-guild.vulnerable": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Vulnerable N: N more damage of that type."),
    "ddm-guild.saving-throw": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A save succeeds on 10 or more."),
    "ddm-guild.ongoing-damage": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Ongoing damage at the start of the turn; of one type only the largest counts."),
    "ddm-guild.combat-advantage": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Combat advantage: +2 to the attack roll."),
    "ddm-guild.flanking": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Flanking gives combat advantage."),
    "ddm-guild.grants-combat-advantage": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Dazed, stunned, helpless, blinded and dominated creatures grant combat "
        "advantage."),
    "ddm-guild.cover": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Cover: -2 to the attack roll."),
    "ddm-guild.charge": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Charge: at least 2 squares toward the nearest enemy, then a melee basic attack "
        "at +1."),
    "ddm-guild.extra-attack-limit": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "'Make this attack again (maximum 2 per turn)': the first attack counts toward the maximum; 'once per turn' "
        "counts the extra attack only."),
    "ddm-guild.one-or-both": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "'15 damage if one hits, 40 damage if both hit': each hit deals 15; the second, when the first hit too, 25 "
        "more (40 in all)."),
    "ddm-guild.move-then-attack": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A power that moves, then attacks, is one attack action: the player picks the square and the target; a "
        "minimum number of squares counts the shortest path."),
    "ddm-guild.opportunity-attack": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Leaving an enemy's side, or a ranged or area attack beside it (not a close burst or blast), provokes "
        "an opportunity attack."),
    "ddm-guild.teleport": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A teleport needs sight of the square it ends on."),
    "ddm-guild.heal-or-act": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Feed 30: the creature heals, giving up its next turn, only when it has lost at least those hit points."),
    "ddm-guild.challenge": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A challenge (Divine Challenge) is judged attack by attack; an attack action is an attack on the creature's "
        "own turn, not an opportunity attack."),
    "ddm-guild.rerolls": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A reroll is used on a result that went against its side (a hit on it, its own miss or failed save, an "
        "enemy's save); the new roll stands."),
    "ddm-guild.over-heal": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "An HP gain that may pass the starting hit points leaves the card's printed bloodied line in force all "
        "battle."),
    "ddm-guild.shift-around": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A shift with no number that must end beside a creature goes around it square by square, as far as it "
        "takes."),
    "ddm-guild.stand-in-terrain": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "The map's edge counts as a wall; difficult terrain is any terrain costing 2 to enter; the stand-in maps "
        "have no river, fire or slippery terrain."),
    "ddm-guild.made-terrain": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Smoke a power makes lasts until its words end it and blocks sight as fog does: not between adjacent "
        "squares."),
    "ddm-guild.switch": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Two creatures that switch positions trade places only if both may stay where they land; the engine "
        "picks the ally whose switch helps its side most."),
    "ddm-guild.size-unknown": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A creature whose size is not known is played as Medium."),
    "ddm-guild.phasing": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Phasing moves through walls and enemies."),
    "ddm-guild.burrow": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Burrow: on any move but a charge the creature goes underground, under walls and enemies, provoking "
        "nothing, and ends where it may stand."),
    "ddm-guild.assault-victory": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "The first to score the warband's points wins, at once; so does destroying every "
        "enemy."),
    "ddm-guild.victory-area": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "A victory area scores a twentieth of the warband's points at the end of each round."),
    "ddm-guild.formats": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "Arena and Freestyle are played as Assault at 200 points."),
    "ddm-guild.battle-maps": pgettext_lazy(
        "a reading of the DDM Guild rules",
        "The battle maps are stand-ins: no Guild map's layout is known."),
}


def profile() -> list[dict[str, Any]]:
    """The readings in force, in the profile's order: id, label (translated), section and what we play."""
    return [{"id": r.id, "label": LABELS[r.id], "section": r.section, "title": r.title} for r in rules.readings()]
