"""How a D&D Miniatures battle reads on the page: each event of the engine's log in words (in the reader's
language), and a battle record as the replay viewer's frames (who moved where, hit points, who left)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

FRAMELESS = {"step", "turn-end", "damage-roll", "setup", "requires", "no-actions"}

# The engine's words (slugs) that go into a sentence, in the reader's language; a slug not listed stays as it is.
GAME_OVER_REASONS = {
    "vp-target": pgettext_lazy("why a battle ended", "victory-point target reached"),
    "round-limit": pgettext_lazy("why a battle ended", "round limit reached"),
    "stalemate": pgettext_lazy("why a battle ended", "stalemate"),
    "rout": pgettext_lazy("why a battle ended", "a creature routed"),
    "destroyed": pgettext_lazy("why a battle ended", "a creature destroyed"),
    "wiped-out": pgettext_lazy("why a battle ended", "a warband wiped out"),
}
SAVE_PURPOSES = {
    "stun": pgettext_lazy("what a save is against", "stun"),
    "stunning-attack": pgettext_lazy("what a save is against", "stunning attack"),
    "death-attack": pgettext_lazy("what a save is against", "death attack"),
    "constitution-drain": pgettext_lazy("what a save is against", "Constitution drain"),
    "heal-vs-undead": pgettext_lazy("what a save is against", "healing (undead)"),
    "death-burst": pgettext_lazy("what a save is against", "death burst"),
    "slow-effect": pgettext_lazy("what a save is against", "slow"),
    "paralysis": pgettext_lazy("what a save is against", "paralysis"),
    "sleep": pgettext_lazy("what a save is against", "sleep"),
    "confusion": pgettext_lazy("what a save is against", "confusion"),
    "entangle": pgettext_lazy("what a save is against", "entangle"),
    "poison": pgettext_lazy("what a save is against", "poison"),
    "destroy": pgettext_lazy("what a save is against", "destruction"),
    "pit": pgettext_lazy("what a save is against", "falling into a pit"),
    "spell": pgettext_lazy("what a save is against", "spell"),
    "ability": pgettext_lazy("what a save is against", "special ability"),
}
CONDITIONS = {
    "stun": pgettext_lazy("a condition; %(who)s is a creature", "%(who)s is stunned."),
    "stunned": pgettext_lazy("a condition; %(who)s is a creature", "%(who)s is stunned."),
    "stun-ends": pgettext_lazy("a condition; %(who)s is a creature", "%(who)s is no longer stunned."),
    "paralysis": pgettext_lazy("a condition; %(who)s is a creature", "%(who)s is paralysed."),
    "paralysis-ends": pgettext_lazy("a condition; %(who)s is a creature", "%(who)s is no longer paralysed."),
    "sleep": pgettext_lazy("a condition; %(who)s is a creature", "%(who)s falls asleep."),
    "awake": pgettext_lazy("a condition; %(who)s is a creature", "%(who)s wakes up."),
    "confusion": pgettext_lazy("a condition; %(who)s is a creature", "%(who)s is confused."),
    "confusion-ends": pgettext_lazy("a condition; %(who)s is a creature", "%(who)s is no longer confused."),
    "entangle": pgettext_lazy("a condition; %(who)s is a creature", "%(who)s is entangled."),
    "entangle-ends": pgettext_lazy("a condition; %(who)s is a creature", "%(who)s is no longer entangled."),
    "poison": pgettext_lazy("a condition; %(who)s is a creature", "%(who)s is poisoned."),
}
INITIATIVES = {
    "initiative": pgettext_lazy("initiative roll totals", "Initiative: %(a)s against %(b)s."),
    "map-initiative": pgettext_lazy("initiative roll totals", "Initiative for choosing the map: %(a)s against %(b)s."),
    "setup-initiative": pgettext_lazy("initiative roll totals", "Initiative for setting up: %(a)s against %(b)s."),
}


def _word(table: Mapping[str, Any], slug: Any) -> str:
    return str(table.get(str(slug), slug or ""))


def _who(names: Mapping[str, str], cid: Any) -> str:
    return f"{names.get(str(cid), str(cid))} ({cid})"


def describe_event(event: Mapping[str, Any], names: Mapping[str, str], lists: Sequence[str]) -> str:
    """One event of the battle log in words (translated)."""
    kind = event.get("kind")
    who = _who(names, event.get("creature"))
    if kind == "deploy":
        return _("%(who)s is deployed at %(x)s, %(y)s.") % {"who": who, "x": event["x"], "y": event["y"]}
    if kind == "round-start":
        return _("Round %(round)s begins.") % {"round": event["round"]}
    if kind in INITIATIVES and event.get("totals"):
        return str(INITIATIVES[str(kind)]) % {"a": event["totals"][0], "b": event["totals"][1]}
    if kind == "map":
        return _("%(list)s chooses the map: %(map)s.") % {"list": lists[int(event["player"])], "map": event["map"]}
    if kind == "deploy-first":
        return _("%(list)s deploys first.") % {"list": lists[int(event["player"])]}
    if kind == "start-area":
        return _("%(list)s takes start area %(letter)s; the other list takes %(other)s.") % {
            "list": lists[int(event["player"])], "letter": event["letter"], "other": event["other"]}
    if kind == "first-player":
        return _("%(list)s acts first this round.") % {"list": lists[int(event["player"])]}
    if kind == "activate":
        return _("%(who)s acts.") % {"who": who}
    if kind == "move":
        return _("%(who)s moves %(cost)s squares.") % {"who": who, "cost": event["cost"]}
    if kind == "charge":
        return _("%(who)s charges %(target)s.") % {"who": who, "target": _who(names, event["target"])}
    if kind == "charge-lost-target":
        return _("%(who)s's charge no longer reaches %(target)s.") % {
            "who": who, "target": _who(names, event["target"])}
    if kind == "set-against-charge":
        return _("%(who)s is set against the charge of %(target)s.") % {
            "who": who, "target": _who(names, event["target"])}
    if kind == "aoo":
        return _("%(who)s takes an attack of opportunity on %(target)s.") % {
            "who": _who(names, event["attacker"]), "target": _who(names, event["target"])}
    if kind == "attack":
        values = {"who": _who(names, event["attacker"]), "target": _who(names, event["target"]),
                  "total": event.get("total"), "ac": event["ac"]}
        if event.get("total") is None:
            return _("%(who)s attacks %(target)s, who cannot defend: a hit.") % values
        if event.get("hit"):
            return _("%(who)s attacks %(target)s: %(total)s against AC %(ac)s, a hit.") % values
        return _("%(who)s attacks %(target)s: %(total)s against AC %(ac)s, a miss.") % values
    if kind == "cleave":
        return _("%(who)s cleaves into %(target)s.") % {
            "who": _who(names, event["attacker"]), "target": _who(names, event["target"])}
    if kind == "death-attack":
        return _("%(who)s makes a death attack on %(target)s.") % {
            "who": _who(names, event["attacker"]), "target": _who(names, event["target"])}
    if kind == "level-drain":
        return _("%(who)s drains a level from %(target)s.") % {
            "who": _who(names, event["attacker"]), "target": _who(names, event["target"])}
    if kind == "arrow-catching-shield":
        return _("%(who)s catches the ranged attack aimed at %(target)s.") % {
            "who": who, "target": _who(names, event["instead_of"])}
    if kind == "damage":
        return _("%(target)s takes %(amount)s damage (%(hp)s hp left).") % {
            "target": _who(names, event["target"]), "amount": event["amount"], "hp": max(int(event["hp"]), 0)}
    if kind == "heal":
        return _("%(who)s heals %(amount)s (%(hp)s hp).") % {"who": who, "amount": event["amount"], "hp": event["hp"]}
    if kind == "hp" and int(event.get("amount") or 0) > 0:
        return _("%(who)s gains %(amount)s hit points (%(hp)s hp).") % {
            "who": who, "amount": event["amount"], "hp": event["hp"]}
    if kind == "poison":
        return _("Poison hurts %(who)s.") % {"who": who}
    if kind == "push":
        return _("%(actor)s pushes %(who)s to %(x)s, %(y)s.") % {
            "actor": _who(names, event["actor"]), "who": who, "x": event["x"], "y": event["y"]}
    if kind == "placed":
        return _("%(who)s is moved to %(x)s, %(y)s, the nearest square it may stand on.") % {
            "who": who, "x": event["x"], "y": event["y"]}
    if kind == "teleport":
        return _("%(who)s teleports to %(x)s, %(y)s.") % {"who": who, "x": event["x"], "y": event["y"]}
    if kind == "eliminated":
        return _("%(who)s is eliminated.") % {"who": who}
    if kind == "death-strike":
        return _("%(who)s strikes %(target)s as it dies.") % {"who": who, "target": _who(names, event["target"])}
    if kind == "death-burst":
        return _("%(who)s bursts as it dies.") % {"who": who}
    if kind == "vp":
        return _("%(list)s scores %(amount)s victory points (%(total)s in all).") % {
            "list": lists[int(event["player"])], "amount": event["amount"], "total": event["total"]}
    if kind == "morale":
        if event.get("success"):
            return _("%(who)s passes a morale save.") % {"who": who}
        return _("%(who)s fails a morale save.") % {"who": who}
    if kind == "rout":
        return _("%(who)s routs.") % {"who": who}
    if kind == "flee":
        return _("%(who)s flees.") % {"who": who}
    if kind == "rally":
        return _("%(who)s rallies.") % {"who": who}
    if kind == "cowardly":
        return _("%(who)s is cowardly, with no ally near.") % {"who": who}
    if kind == "promotion":
        return _("%(who)s is promoted to commander rating %(rating)s.") % {"who": who, "rating": event["rating"]}
    if kind == "cast":
        return _("%(who)s casts %(spell)s.") % {"who": who, "spell": event.get("spell", "")}
    if kind == "ability":
        return _("%(who)s uses %(ability)s.") % {"who": who, "ability": event.get("name", "")}
    if kind == "spell-resistance":
        if event.get("affected"):
            return _("%(who)s rolls %(roll)s for spell resistance: the spell takes effect.") % {
                "who": who, "roll": event["roll"]}
        return _("%(who)s rolls %(roll)s for spell resistance: the spell has no effect on it.") % {
            "who": who, "roll": event["roll"]}
    if kind == "antimagic":
        values = {"who": who, "roll": event["roll"], "caster": _who(names, event["caster"])}
        if event.get("kept"):
            return _("%(who)s's antimagic rolls %(roll)s: the spell of %(caster)s still works.") % values
        return _("%(who)s's antimagic rolls %(roll)s: it cancels the spell of %(caster)s.") % values
    if kind == "save":
        purpose = _word(SAVE_PURPOSES, event.get("purpose"))
        if event.get("success"):
            return _("%(who)s saves against %(purpose)s.") % {"who": who, "purpose": purpose}
        return _("%(who)s fails a save against %(purpose)s.") % {"who": who, "purpose": purpose}
    if kind == "condition":
        condition = str(event.get("condition", ""))
        if condition in CONDITIONS:
            return str(CONDITIONS[condition]) % {"who": who}
        return _("%(who)s: %(condition)s.") % {"who": who, "condition": condition}
    if kind == "entangled":
        return _("%(who)s is entangled and cannot move this turn.") % {"who": who}
    if kind == "confusion" and event.get("effect") in ("opponent-controls", "does-nothing", "normal"):
        if event["effect"] == "opponent-controls":
            return _("%(who)s is confused: the opponent controls it this turn.") % {"who": who}
        if event["effect"] == "does-nothing":
            return _("%(who)s is confused and does nothing this turn.") % {"who": who}
        return _("%(who)s is confused but acts normally this turn.") % {"who": who}
    if kind == "risky-terrain":
        return _("%(who)s is on risky terrain and rolls %(roll)s.") % {"who": who, "roll": event["roll"]}
    if kind == "round-end":
        vp = event.get("vp") or [0, 0]
        return _("Round %(round)s ends: %(a)s to %(b)s victory points.") % {"round": event["round"], "a": vp[0],
                                                                           "b": vp[1]}
    if kind == "game-over":
        winner = event.get("winner")
        if winner is None:
            return _("The battle ends in a draw.")
        return _("%(list)s wins (%(reason)s).") % {"list": lists[int(winner)],
                                                   "reason": _word(GAME_OVER_REASONS, event.get("reason"))}
    details = ", ".join(f"{k}: {v}" for k, v in event.items() if k not in ("kind", "round"))
    return _("%(kind)s (%(details)s)") % {"kind": kind, "details": details}


def replay_frames(*, record: Mapping[str, Any]) -> dict[str, Any]:
    """A battle record as frames for the page's player: each frame says what happened (in words) and which
    creatures moved, changed hit points or left; a move's steps belong to its frame."""
    names: dict[str, str] = {}
    creatures: dict[str, Any] = {}
    for side, warband in zip(("a", "b"), record.get("lists") or [], strict=False):
        for i, card in enumerate(warband.get("creatures") or []):
            cid = f"{side}{i + 1}"
            names[cid] = str(card.get("name", cid))
            size = {"Large": 2, "Huge": 3, "Gargantuan": 4, "Colossal": 6}.get(str(card.get("size") or ""), 1)
            creatures[cid] = {"name": names[cid], "list": side, "size": size, "hp": card.get("hp")}
    lists = [str(w.get("name") or k) for w, k in zip(record.get("lists") or [], ("A", "B"), strict=False)]
    frames: list[dict[str, Any]] = []
    rounds: dict[int, int] = {}
    for event in record.get("events") or []:
        kind = event.get("kind")
        if kind == "step" and frames:
            frames[-1].setdefault("at", {})[event["creature"]] = [event["x"], event["y"]]
            continue
        if kind in FRAMELESS:
            continue
        frame: dict[str, Any] = {"round": int(event.get("round") or 0), "text": describe_event(event, names, lists)}
        if kind in ("deploy", "push", "placed", "teleport"):
            frame["at"] = {event["creature"]: [event["x"], event["y"]]}
        elif kind in ("activate", "move", "charge", "flee", "cast"):
            frame["focus"] = [event.get("creature")]
        elif kind in ("attack", "aoo"):
            frame["focus"] = [event.get("attacker"), event.get("target")]
        elif kind == "damage":
            frame["hp"] = {event["target"]: max(int(event["hp"]), 0)}
        elif kind in ("heal", "hp"):
            frame["hp"] = {event["creature"]: int(event["hp"])}
        elif kind == "eliminated":
            frame["gone"] = [event["creature"]]
        elif kind == "rout":
            frame["routing"] = [event["creature"]]
        elif kind == "rally":
            frame["rallied"] = [event["creature"]]
        if kind == "round-start":
            rounds[frame["round"]] = len(frames)
        frames.append(frame)
    return {"creatures": creatures, "frames": frames, "rounds": rounds, "lists": lists}
