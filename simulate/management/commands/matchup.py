"""``python manage.py matchup A.json B.json [--battles N] [--seed S] [--map M] [--ai NAME] [--json]``.

Plays the matchup in this process (no workers) with the same services as the Celery jobs, so the same
seed gives the same answer here and there. Exit status: 0 done, 2 bad input. ``--json`` prints only the
result: the same seed prints the same bytes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from builder.selectors_entered import entered_source, entry_scope
from builder.selectors_results import text_render
from config.commands import json_file_read
from config.errors import ApplicationError
from simulate.services import DEFAULT_BATTLES, MAX_BATTLES, matchup_compute, matchup_prepare


def summary_text(result: dict[str, Any], sides: list[dict[str, Any]]) -> str:
    """The answer as a person reads it."""
    names = result["lists"]
    lines = [f"{names[0]} against {names[1]}: {result['battles']} battles on {result['map']}, "
             f"AI {result['ai']}, seed {result['seed']}"]
    for side in sides:
        verdict = "legal" if side["legal"] else "NOT LEGAL (previewed all the same)"
        lines.append(f"  {side['name']}: {verdict}")
        lines += [f"    {v['rule']}: {v['message']}" for v in side["violations"]]
        lines += [f"    not played: {x['card']} ({x['reason']})" for x in side["left_out"]]
    for label, count, rate in ((f"{names[0]} wins", result["a_wins"], result["a_win_rate"]),
                               ("draws", result["draws"], result["draw_rate"]),
                               (f"{names[1]} wins", result["b_wins"], result["b_win_rate"])):
        lines.append(f"{label:>30}: {count:6d}  {rate['p']:7.1%}  (95% {rate['low']:.1%}–{rate['high']:.1%})")
    if "margin_mean" in result:
        lines.append(f"mean VP margin (A − B) {result['margin_mean']}")
    lines.append(f"mean length {result['rounds_mean']} rounds")
    if result.get("morale_curve"):
        end_a, end_b = result["morale_curve"][-1]
        lines.append(f"mean Morale at the end: {end_a} ({names[0]}) against {end_b} ({names[1]})")
    lines.append("per creature (averages per battle): damage dealt / taken, kills, survival, points earned")
    for cid, c in result["per_creature"].items():
        lines.append(f"  {cid:>3} {c['name'][:34]:34} {c['damage_dealt']:7.1f} {c['damage_taken']:7.1f} "
                     f"{c['kills']:5.2f} {c['survival']:6.1%} {c['points_earned']:7.1f}")
    if result.get("per_order"):
        lines.append("per order or power: played (average per battle), did nothing (in all), damage a play, kills")
        for key, o in result["per_order"].items():
            if o["played"]:
                _what, side, name = ([*key.split(":", 2), "", ""])[:3]
                lines.append(f"  {side.upper():1} {name[:40]:40} {o['played']:6.2f} {o['fizzled']:5d} "
                             f"{o['damage_per_play']:7.1f} {o['kills']:5.2f}")
    if "modelled_share" in result:
        lines.append(f"orders and powers the engine plays: {result['modelled_share']:.1%} of those in the two lists")
    for reading in result.get("card_readings", []):
        lines.append(f"played from a reading (the text is not known): {reading}")
    for key, name in zip(("a", "b"), names, strict=True):
        played = result.get("played", {}).get(key)
        if not played:
            continue
        caution = "  CAUTION: read this answer with caution" if played["caution"] else ""
        lines.append(f"{name}: {played['unplayed_share']:.0%} of its cost has abilities not played{caution}")
        for c in played["creatures"]:
            unknown = [text_render(text=u, translate=False) or "" for u in c.get("unknown", ())]
            lines.append(f"  {c['card']} ({c['share']:.0%}): {'; '.join([*c['abilities'], *unknown])}")
    for entered in result.get("player_entered", []):
        fields = ", ".join(entered["fields"])
        lines.append(f"entered by a player (not yet in the catalogue): {entered['card']}: {fields}")
    for assumption in result.get("assumptions", []):
        lines.append(f"assumed (no source prints it): {assumption}")
    return "\n".join(lines) + "\n"


class Command(BaseCommand):
    help = "Preview a matchup between two lists by playing many seeded battles. Exit status: 0 done, 2 bad input."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("a", help="list A: a list document (JSON file), or a saved list's id or share code")
        parser.add_argument("b", help="list B: likewise")
        parser.add_argument("--battles", type=int, default=DEFAULT_BATTLES, help=f"1 to {MAX_BATTLES}")
        parser.add_argument("--seed", type=int, default=None, help="default: random (printed in the result)")
        parser.add_argument("--map", default=None, help="a battle map's slug (default: the format's first)")
        parser.add_argument("--ai", default=None, help="a computer player of the lists' game (default: its sensible "
                            "one, heuristic; also: random)")
        parser.add_argument("--json", action="store_true", help="print only the result, as JSON")
        parser.add_argument("--player", default=None,
                            help="use the numbers this account (a user name) entered for cards, as its previews do")

    def _read(self, name: str) -> Any:
        path = Path(name)
        if not path.exists() and not name.lower().endswith(".json"):
            return name  # a saved list's id or share code
        return json_file_read(name=name)

    def handle(self, *args: Any, **options: Any) -> None:
        a, b = self._read(options["a"]), self._read(options["b"])
        entered = None
        if options["player"]:
            user = get_user_model().objects.filter(username=options["player"]).first()
            if user is None:
                raise CommandError(f"no account named {options['player']!r}", returncode=2)
            entered = entered_source(entry_scope(user=user, tokens={}))
        try:
            spec, side_a, side_b = matchup_prepare(a=a, b=b, map=options["map"], battles=options["battles"],
                                                   seed=options["seed"], ai=options["ai"], entered=entered)
        except ApplicationError as exc:
            lines = [f"cannot play this matchup: {exc.message}"]
            lines += [f"  {pointer or '(request)'}: {' '.join(messages)}" for pointer, messages in exc.fields.items()]
            raise CommandError("\n".join(lines), returncode=2) from None
        result = matchup_compute(spec)
        if options["json"]:
            self.stdout.write(json.dumps(result, ensure_ascii=False, sort_keys=True, indent=1))
            return
        sides = []
        for side in (side_a, side_b):
            sides.append({"name": side.warband["name"], "legal": bool(side.validation.get("legal")),
                          "violations": side.validation.get("violations", []), "left_out": side.left_out})
        self.stdout.write(summary_text(result, sides), ending="")
