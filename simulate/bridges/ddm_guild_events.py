"""How a DDM Guild battle reads on the page: each event of the engine's log in words (in the reader's language),
and a battle record as the replay viewer's frames (who moved where, hit points, who left)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from simulate.bridges.ddm_events import _who
from simulate.games.ddm_guild_vocab import SIZES

FRAMELESS = {"end-turn", "setup", "effect-end", "recharge", "immune"}
# the events that put a creature in another square ("to"): its figure is drawn there from that frame on
MOVES = ("move", "charge", "shift", "reposition", "teleport", "forced", "place", "legal-position")

REASONS = {
    "points-limit": pgettext_lazy("why a Guild battle ended", "victory points reached the warband's size"),
    "wiped-out": pgettext_lazy("why a Guild battle ended", "every enemy destroyed"),
    "round-limit": pgettext_lazy("why a Guild battle ended", "round limit reached"),
}
CONDITIONS = {
    "dazed": pgettext_lazy("a condition", "dazed"),
    "stunned": pgettext_lazy("a condition", "stunned"),
    "immobilized": pgettext_lazy("a condition", "immobilized"),
    "slowed": pgettext_lazy("a condition", "slowed"),
    "weakened": pgettext_lazy("a condition", "weakened"),
    "helpless": pgettext_lazy("a condition", "helpless"),
    "dominated": pgettext_lazy("a condition", "dominated"),
    "blinded": pgettext_lazy("a condition", "blinded"),
    "marked": pgettext_lazy("a condition", "marked"),
    "invisible": pgettext_lazy("a condition", "invisible"),
    "grants-ca": pgettext_lazy("a condition", "granting combat advantage"),
    "no-shift": pgettext_lazy("a condition", "unable to shift"),
    "staggered": pgettext_lazy("a condition", "staggered"),
    "confused": pgettext_lazy("a condition", "confused"),
}


def describe_event(event: Mapping[str, Any], names: Mapping[str, str], lists: Sequence[str]) -> str:
    """One event of a Guild battle's log in words (translated)."""
    kind = event.get("kind")
    who = _who(names, event.get("creature"))
    if kind == "deploy":
        at = event.get("at") or ["?", "?"]
        return _("%(who)s is set up at %(x)s, %(y)s.") % {"who": who, "x": at[0], "y": at[1]}
    if kind == "off-map":
        return _("%(who)s waits off the battle map.") % {"who": who}
    if kind == "confused":
        words = {"who": who, "roll": event.get("roll")}
        if event.get("control") == "player":
            return _("%(who)s is confused and rolls %(roll)s: its player acts with it.") % words
        if event.get("control") == "opponent":
            return _("%(who)s is confused and rolls %(roll)s: the opponent controls it.") % words
        return _("%(who)s is confused and rolls %(roll)s: it takes no action.") % words
    if kind == "champion-test":
        return _("Round %(round)s: %(list)s wins the champion test.") % {
            "round": event.get("round"), "list": lists[int(event.get("winner") or 0)]}
    if kind == "activate":
        return _("%(who)s takes a turn.") % {"who": who}
    if kind in MOVES:
        to = event.get("to") or ["?", "?"]
        text = {
            "move": _("%(who)s moves to %(x)s, %(y)s."), "charge": _("%(who)s charges to %(x)s, %(y)s."),
            "shift": _("%(who)s shifts to %(x)s, %(y)s."), "reposition": _("%(who)s moves to %(x)s, %(y)s."),
            "teleport": _("%(who)s teleports to %(x)s, %(y)s."), "forced": _("%(who)s is pushed to %(x)s, %(y)s."),
            # a power's placement ('Place this creature adjacent to ...'), a move to a legal position (after a
            # creature was left where it may not stay)
            "place": _("%(who)s moves to %(x)s, %(y)s."), "legal-position": _("%(who)s moves to %(x)s, %(y)s."),
        }[str(kind)]
        return text % {"who": who, "x": to[0], "y": to[1]}
    if kind in ("attack",):
        words = {"attacker": _who(names, event.get("attacker")), "target": _who(names, event.get("target")),
                 "power": event.get("power"), "roll": event.get("roll"), "total": event.get("total"),
                 "defence": str(event.get("defence") or "").upper(), "against": event.get("against")}
        if event.get("crit"):
            return _("%(attacker)s: %(power)s against %(target)s, a natural %(roll)s: critical hit.") % words
        if event.get("hit"):
            return _("%(attacker)s: %(power)s against %(target)s, %(total)s against %(defence)s %(against)s: "
                     "hit.") % words
        return _("%(attacker)s: %(power)s against %(target)s, %(total)s against %(defence)s %(against)s: "
                 "miss.") % words
    if kind == "opportunity-attack":
        return _("%(attacker)s makes an opportunity attack against %(target)s.") % {
            "attacker": _who(names, event.get("attacker")), "target": _who(names, event.get("target"))}
    if kind == "damage":
        return _("%(who)s takes %(amount)s damage (%(hp)s hit points left).") % {
            "who": who, "amount": event.get("amount"), "hp": max(int(event.get("hp") or 0), 0)}
    if kind == "ongoing":
        return _("%(who)s takes ongoing damage.") % {"who": who}
    if kind == "heal":
        return _("%(who)s heals %(amount)s hit points.") % {"who": who, "amount": event.get("amount")}
    if kind == "effect":
        what = str(event.get("what") or "")
        if event.get("effect") == "condition" and what in CONDITIONS:
            return _("%(who)s is %(condition)s.") % {"who": who, "condition": CONDITIONS[what]}
        return _("%(who)s is affected by a power.") % {"who": who}
    if kind == "save":
        if event.get("saved"):
            return _("%(who)s saves (a %(roll)s).") % {"who": who, "roll": event.get("roll")}
        return _("%(who)s fails a save (a %(roll)s).") % {"who": who, "roll": event.get("roll")}
    if kind == "power":
        return _("%(who)s uses %(power)s.") % {"who": who, "power": event.get("power")}
    if kind == "switch":
        return _("%(who)s and %(other)s switch positions.") % {"who": who, "other": _who(names, event.get("other"))}
    if kind == "terrain" and event.get("what") == "smoke":  # (the only terrain a power makes: ddm-guild.made-terrain)
        n = len(event.get("squares") or [])
        return ngettext("%(who)s fills %(n)s square with smoke.", "%(who)s fills %(n)s squares with smoke.", n) % {
            "who": who, "n": n}
    if kind == "terrain-end" and event.get("what") == "smoke":
        n = int(event.get("count") or 0)
        return ngettext("The smoke clears from %(n)s square.", "The smoke clears from %(n)s squares.", n) % {"n": n}
    if kind == "destroyed":
        return _("%(who)s is destroyed.") % {"who": who}
    if kind == "score":
        return _("%(list)s scores %(points)s victory points (%(total)s in all).") % {
            "list": lists[int(event.get("player") or 0)], "points": event.get("points"), "total": event.get("total")}
    if kind == "round-end":
        scores = event.get("scores") or [0, 0]
        return _("Round %(round)s ends: %(a)s to %(b)s victory points.") % {
            "round": event.get("round"), "a": scores[0], "b": scores[1]}
    if kind == "battle-end":
        winner = event.get("winner")
        reason = str(REASONS.get(str(event.get("reason")), event.get("reason") or ""))
        if winner is None:
            return _("The battle ends in a draw (%(reason)s).") % {"reason": reason}
        return _("%(list)s wins (%(reason)s).") % {"list": lists[int(winner)], "reason": reason}
    details = ", ".join(f"{k}: {v}" for k, v in event.items() if k not in ("kind", "round"))
    return _("%(kind)s (%(details)s)") % {"kind": kind, "details": details}


def replay_frames(record: Mapping[str, Any]) -> dict[str, Any]:
    """A Guild battle record as frames for the page's player; a move's path belongs to its frame."""
    names: dict[str, str] = {}
    creatures: dict[str, Any] = {}
    for side, warband in zip(("a", "b"), record.get("lists") or [], strict=False):
        for i, card in enumerate(warband.get("creatures") or []):
            cid = f"{side}{i + 1}"
            names[cid] = str(card.get("name", cid))
            creatures[cid] = {"name": names[cid], "list": side, "size": SIZES.get(str(card.get("size") or ""), 1),
                              "hp": card.get("hp")}
    lists = [str(w.get("name") or k) for w, k in zip(record.get("lists") or [], ("A", "B"), strict=False)]
    frames: list[dict[str, Any]] = []
    rounds: dict[int, int] = {}
    for event in record.get("events") or []:
        kind = event.get("kind")
        if kind in FRAMELESS:
            continue
        frame: dict[str, Any] = {"round": int(event.get("round") or 0), "text": describe_event(event, names, lists)}
        cid = event.get("creature")
        if kind == "deploy":
            frame["at"] = {cid: list(event.get("at") or [0, 0])}
        elif kind in MOVES:
            frame["at"] = {cid: list(event.get("to") or [0, 0])}
            frame["focus"] = [cid]
        elif kind == "switch":
            frame["at"] = {cid: list(event.get("at") or [0, 0]),
                           event.get("other"): list(event.get("other_at") or [0, 0])}
            frame["focus"] = [cid, event.get("other")]
        elif kind == "activate":
            frame["focus"] = [cid]
        elif kind in ("attack", "opportunity-attack"):
            frame["focus"] = [event.get("attacker"), event.get("target")]
        elif kind == "damage":
            frame["hp"] = {cid: max(int(event.get("hp") or 0), 0)}
        elif kind == "heal":
            frame["hp"] = {cid: int(event.get("hp") or 0)}
        elif kind == "destroyed":
            frame["gone"] = [cid]
        elif kind == "champion-test" and int(frame["round"]) not in rounds:
            rounds[int(frame["round"])] = len(frames)
        frames.append(frame)
    return {"creatures": creatures, "frames": frames, "rounds": rounds, "lists": lists}
