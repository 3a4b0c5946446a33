"""How a Dungeon Command battle reads on the page: each event of the engine's log in words (in the reader's
language), a battle record as the replay viewer's frames, the battlefield as the map drawing reads it, and the
per-order table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from simulate.bridge import Table

FRAMELESS = {"setup", "roll", "end-deploy", "end-activation", "refresh", "no-damage", "fizzle"}
END_REASONS = {
    "morale": pgettext_lazy("why a battle ended", "a warband's Morale ran out"),
    "no-creatures": pgettext_lazy("why a battle ended", "a warband ended its turn with no creature on the battlefield"),
    "turn-limit": pgettext_lazy("why a battle ended", "turn limit reached"),
}


def _who(names: Mapping[str, str], cid: Any) -> str:
    return f"{names.get(str(cid), str(cid))} ({cid})"


def _square(sq: Any) -> str:
    try:
        return f"{int(sq[0])}, {int(sq[1])}"
    except (TypeError, ValueError, IndexError):
        return "?"


def describe_event(event: Mapping[str, Any], names: Mapping[str, str], lists: Sequence[str]) -> str:
    """One event of the battle log in words (translated)."""
    kind = event.get("kind")
    who = _who(names, event.get("creature"))

    def side(key: str = "player") -> str:
        try:
            return lists[int(event[key])]
        except (KeyError, TypeError, ValueError, IndexError):
            return "?"

    if kind == "deploy-first":
        return _("%(list)s deploys first, and plays first.") % {"list": lists[int(event["first"])]}
    if kind == "deploy":
        return _("%(who)s is deployed at %(square)s.") % {"who": who, "square": _square(event.get("square"))}
    if kind == "turn":
        return _("Turn %(turn)s: %(list)s.") % {"turn": event["turn"], "list": side()}
    if kind == "activate":
        return _("%(who)s acts.") % {"who": who}
    if kind == "end-phase":
        return _("%(list)s ends its activations.") % {"list": side()}
    if kind == "leadership":
        return _("%(list)s's Leadership is %(value)s.") % {"list": side(), "value": event["leadership"]}
    if kind == "move":
        path = event.get("path") or []
        return _("%(who)s moves to %(square)s.") % {"who": who, "square": _square(path[-1] if path else None)}
    if kind == "attack":
        words = {"who": _who(names, event["attacker"]), "target": _who(names, event["target"]),
                 "damage": event["damage"], "label": event.get("label", "")}
        if event.get("label") == "attack":
            if event.get("attack") == "ranged":
                return _("%(who)s shoots at %(target)s: %(damage)s damage.") % words
            return _("%(who)s attacks %(target)s: %(damage)s damage.") % words
        if event.get("label") == "death strike":
            words["label"] = _("a last strike as it is destroyed")
        return _("%(who)s attacks %(target)s (%(label)s): %(damage)s damage.") % words
    if kind == "damage":
        left = max(0, int(event["hp"]) - int(event["total"]))
        return _("%(target)s takes %(amount)s damage (%(hp)s hp left).") % {
            "target": _who(names, event["target"]), "amount": event["amount"], "hp": left}
    if kind == "cower":
        return _("%(who)s cowers: %(morale)s Morale instead of %(damage)s damage.") % {
            "who": who, "morale": event["morale"], "damage": event["damage"]}
    if kind == "destroyed":
        return _("%(who)s is destroyed.") % {"who": who}
    if kind == "morale":
        return _("%(list)s's Morale: %(value)s (%(delta)s).") % {"list": side(), "value": event["morale"],
                                                                  "delta": f"{int(event['delta']):+d}"}
    if kind == "order":
        return _("%(who)s takes the order %(card)s.") % {"who": who, "card": event.get("card", "")}
    if kind == "power":
        power = {"dodge": _("Dodge"), "versatile": _("its commander's second move")}.get(
            str(event.get("power", "")), str(event.get("power", "")))
        return _("%(who)s uses %(power)s.") % {"who": who, "power": power}
    if kind == "commander":
        return _("%(list)s uses its commander's power.") % {"list": side()}
    if kind == "prevent":
        return _("%(amount)s damage to %(who)s is prevented.") % {"who": who, "amount": event.get("amount", 0)}
    if kind == "no-damage":
        return _("%(target)s takes no damage.") % {"target": _who(names, event.get("target"))}
    if kind == "fizzle":
        return _("%(what)s has no effect.") % {"what": event.get("label", "")}
    if kind == "refresh":
        drew = int(event.get("drew") or 0)
        return ngettext("%(list)s draws %(count)s order card.", "%(list)s draws %(count)s order cards.", drew) % {
            "list": side(), "count": drew}
    if kind == "end-deploy":
        return _("%(list)s ends its deployment.") % {"list": side()}
    if kind == "end-activation":
        return _("%(who)s's activation ends.") % {"who": who}
    if kind == "setup":
        chests = int(event.get("chests") or 0)
        return ngettext("The battlefield is set up with %(count)s treasure chest.",
                        "The battlefield is set up with %(count)s treasure chests.", chests) % {"count": chests}
    if kind == "roll":
        return _("A die decides: %(list)s chooses who deploys first.") % {"list": side("winner")}
    if kind == "dodge":
        return _("%(who)s dodges.") % {"who": who}
    if kind == "treasure":
        tokens = int(event.get("tokens") or 0)
        return ngettext("%(who)s opens a chest: %(count)s treasure token.",
                        "%(who)s opens a chest: %(count)s treasure tokens.", tokens) % {"who": who, "count": tokens}
    if kind == "collect":
        return _("%(who)s collects a treasure token.") % {"who": who}
    if kind == "tap":
        return _("%(who)s is tapped.") % {"who": who}
    if kind == "untap":
        return _("%(who)s is untapped.") % {"who": who}
    if kind == "attach":
        return _("%(card)s is attached to %(who)s.") % {"card": event.get("card", ""), "who": who}
    if kind == "detach":
        return _("%(card)s leaves %(who)s.") % {"card": event.get("card", ""), "who": who}
    if kind == "heal":
        return _("%(who)s heals %(amount)s damage.") % {"who": who, "amount": event["amount"]}
    if kind == "discard":
        return _("%(list)s discards %(card)s.") % {"list": side(), "card": event.get("card", "")}
    if kind == "stealth":
        return _("%(who)s slips out of sight.") % {"who": who}
    if kind == "reinforce":
        return _("%(list)s reshuffles its graveyard into its creature deck.") % {"list": side()}
    if kind == "end":
        winner = event.get("winner")
        reason = str(END_REASONS.get(str(event.get("reason")), event.get("reason") or ""))
        if winner is None:
            return _("The battle ends: both warbands win (%(reason)s).") % {"reason": reason}
        return _("%(list)s wins (%(reason)s).") % {"list": lists[int(winner)], "reason": reason}
    return _("Something the page cannot word yet happens (the battle's record has it).")


def replay_frames(*, record: Mapping[str, Any]) -> dict[str, Any]:
    """A battle record as frames for the page's player: each frame says what happened (in words) and which
    creatures were deployed, moved, changed hit points or left."""
    names: dict[str, str] = {}
    creatures: dict[str, Any] = {}
    for side, warband in zip(("a", "b"), record.get("lists") or [], strict=False):
        for i, card in enumerate(warband.get("creatures") or []):
            cid = f"{side}{i + 1}"
            names[cid] = str(card.get("name", cid))
            size = 2 if int(card.get("footprint") or 1) >= 4 else 1
            creatures[cid] = {"name": names[cid], "list": side, "size": size, "hp": card.get("hp")}
    lists = [str(w.get("name") or k) for w, k in zip(record.get("lists") or [], ("A", "B"), strict=False)]
    frames: list[dict[str, Any]] = []
    rounds: dict[int, int] = {}
    turn = 0
    for event in record.get("events") or []:
        kind = event.get("kind")
        if kind == "turn":
            turn = int(event.get("turn") or 0)
        if kind in FRAMELESS:
            continue
        frame: dict[str, Any] = {"round": turn, "text": describe_event(event, names, lists)}
        if kind == "deploy":
            frame["at"] = {event["creature"]: list(event["square"])}
        elif kind == "move":
            path = event.get("path") or []
            if path:
                frame["at"] = {event["creature"]: list(path[-1])}
            frame["focus"] = [event.get("creature")]
        elif kind in ("activate", "order", "power"):
            frame["focus"] = [event.get("creature")]
        elif kind == "attack":
            frame["focus"] = [event.get("attacker"), event.get("target")]
        elif kind == "damage":
            frame["hp"] = {event["target"]: max(0, int(event["hp"]) - int(event["total"]))}
        elif kind == "destroyed" or kind == "stealth":
            frame["gone"] = [event["creature"]]
        if kind == "turn":
            rounds[turn] = len(frames)
        frames.append(frame)
    return {"creatures": creatures, "frames": frames, "rounds": rounds, "lists": lists}


def map_layout(layout: Mapping[str, Any]) -> dict[str, Any]:
    """A battlefield (``muster-dc-battlefield/1``) as the map drawing reads a layout: its terrain symbols named,
    its start areas lettered A and B."""
    starts = layout.get("start_areas") or [[], []]
    return {
        "rows": list(layout.get("rows") or []), "width": layout.get("width"), "height": layout.get("height"),
        "legend": {"h": ["hazardous"], "o": ["obstacle"], "m": ["magic-circle"], "T": ["treasure"]},
        "edge_walls": list(layout.get("edge_walls") or []),
        "areas": [{"kind": "start", "letter": letter, "squares": [list(q) for q in squares]}
                  for letter, squares in zip(("A", "B"), starts, strict=False)],
    }


def order_table(result: Mapping[str, Any], names: Sequence[str]) -> list[Table]:
    """Order cards and powers: how often each was played and what it did (averages per battle)."""
    rows = []
    for key, f in (result.get("per_order") or {}).items():
        what, side, name = ([*str(key).split(":", 2), "", ""])[:3]
        if what not in ("order", "power", "commander") or side not in ("a", "b"):
            continue
        rows.append([name, str(names[0 if side == "a" else 1]), f["played"], f["fizzled"], f["damage_per_play"],
                     f["kills"], f["prevented"], f["healed"], f["cards_drawn"], f["morale"]])
    if not rows:
        return []
    rows.sort(key=lambda r: (str(r[1]) != str(names[0]), -float(r[2]), str(r[0])))
    headers = [_("Order or power"), _("List"), _("Played"), _("Did nothing"), _("Damage a play"), _("Kills"),
               _("Damage prevented"), _("Healed"), _("Cards drawn"), _("Morale")]
    note = _("Played, kills, healing, cards and Morale: averages per battle; did nothing and damage prevented: "
             "totals over all the battles; damage a play: the mean damage each time it was played.")
    share = result.get("modelled_share")
    if share is not None:
        note = _("The simulator plays %(share)s of the distinct orders and powers in these two lists.") % {
            "share": f"{float(share):.0%}"} + " " + note
    return [Table(_("Order by order"), headers, rows, note)]
