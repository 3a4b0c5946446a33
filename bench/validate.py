"""Validation speed: lists per second in-process, and POST /api/v1/validate/ against a no-op DRF endpoint
served by the same server in the same run (the ratio; aim: at least 0.6).

    .venv/bin/python bench/validate.py [--seconds S] [--clients N]

It builds its own SQLite database in a temporary folder (tables from the models + the bundled
catalogue), starts Django's threaded development server on a free port in a subprocess with one extra URL,
``/bench/noop/`` (a DRF view that returns ``{}`` without reading the body), and drives both URLs from
N client threads over keep-alive connections, in alternating rounds so that drift hits both alike.
A plain script: it prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import socketserver
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench._http import free_port, hammer, wait_listening  # noqa: E402


def _django(db_path: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{db_path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings_test")
    os.environ["THROTTLE_VALIDATE"] = "100000000/s"  # the throttle runs; its window is a second, not a minute
    import django

    django.setup()


def _lists() -> dict[str, dict[str, Any]]:
    """Typical lists: a Dungeon Command pack as a custom warband, a DDM skirmish warband."""
    from validation.selectors import catalogue_facts

    dc = catalogue_facts(game="dungeon-command", ruleset="default")
    pack = [c for c in dc.cards if c.set is not None and c.set.slug == "heart-of-cormyr"]
    dc_list = {
        "game": "dungeon-command", "format": "custom", "name": "Heart of Cormyr",
        "entries": [{"card": c.name, "qty": c.copies} for c in pack if c.kind == "creature"],
        "orders": [{"card": c.name, "qty": c.copies} for c in pack if c.kind == "order"],
        "commanders": [next(c.name for c in pack if c.kind == "commander")],
        "tiles": {"large": 2, "small": 2, "small_with_start_area": 1},
    }
    ddm = catalogue_facts(game="ddm", ruleset="seed")
    priced = sorted(
        (c for c in ddm.cards if c.kind == "creature" and c.fields.get("cost") and "LE" in c.factions),
        key=lambda c: c.slug,
    )[:6]
    ddm_list = {
        "game": "ddm", "format": "skirmish-200", "faction": "LE", "battle_map": "Dragon Shrine",
        "entries": [{"card": c.slug, "qty": 1} for c in priced],
    }
    return {"dungeon-command custom (48 cards)": dc_list, f"ddm skirmish-200 ({len(priced)} creatures)": ddm_list}


def _rate(work: Any, seconds: float) -> float:
    done, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(20):
            work()
        done += 20
    return done / elapsed


def in_process(seconds: float) -> None:
    from validation.core import parse_document, validate
    from validation.selectors import catalogue_facts
    from validation.services import list_validate

    for label, document in _lists().items():
        doc = parse_document(document)
        facts = catalogue_facts(game=doc.game, ruleset=doc.ruleset)
        core = _rate(lambda d=document, f=facts: validate(parse_document(d), f), seconds)
        service = _rate(lambda d=document: list_validate(document=d), seconds)
        print(f"in-process, {label}: core {core:,.0f} lists/s; service (catalogue version read at most "
              f"once a second) {service:,.0f} lists/s")


# ------------------------------------------------------------------------------------------ server


def serve(port: int) -> None:
    """The server process: the site's URLs plus /bench/noop/, on Django's threaded server."""
    from django.conf import settings
    from django.core.servers.basehttp import WSGIRequestHandler, WSGIServer
    from django.core.wsgi import get_wsgi_application
    from django.urls import include, path
    from rest_framework.request import Request
    from rest_framework.response import Response
    from rest_framework.views import APIView

    class NoopApi(APIView):
        def post(self, request: Request) -> Response:
            return Response({})

    urls = types.ModuleType("bench_validate_urls")
    # After the site's URLs, so that finding it costs what finding /api/v1/validate/ costs.
    urls.urlpatterns = [path("", include(settings.ROOT_URLCONF)), path("bench/noop/", NoopApi.as_view())]  # type: ignore[attr-defined]
    sys.modules[urls.__name__] = urls
    settings.ROOT_URLCONF = urls.__name__

    class Quiet(WSGIRequestHandler):
        def setup(self) -> None:
            # Headers and body go out in separate writes: without NODELAY, Nagle's algorithm and the
            # client's delayed ACK would add ~40 ms to every keep-alive answer.
            super().setup()
            sock: socket.socket = self.connection  # type: ignore[assignment]  # the stubs call it a request
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server_class = type("ThreadedServer", (socketserver.ThreadingMixIn, WSGIServer), {"daemon_threads": True})
    httpd = server_class(("127.0.0.1", port), Quiet)
    httpd.set_app(get_wsgi_application())
    httpd.serve_forever()




def _cpu_seconds(pid: int) -> float:
    """User plus system CPU time a process has used (Linux ``/proc``; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def over_http(db_path: Path, seconds: float, clients: int) -> None:
    port = free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db_path}", "THROTTLE_VALIDATE": "100000000/s"}
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port), "--db", str(db_path)], env=env,
                              cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        wait_listening(port, server, "the bench server")
        for label, document in _lists().items():
            body = json.dumps(document).encode()
            hammer(port, "POST", "/api/v1/validate/", body, 0.5, clients)  # warm: the catalogue facts load once
            hammer(port, "POST", "/bench/noop/", body, 0.5, clients)
            totals = {"validate": [0, 0, 0.0], "noop": [0, 0, 0.0]}  # answers, not 200, server CPU seconds
            rounds = 4
            for _ in range(rounds):
                for name, url in (("noop", "/bench/noop/"), ("validate", "/api/v1/validate/")):
                    cpu = _cpu_seconds(server.pid)
                    done, bad = hammer(port, "POST", url, body, seconds / rounds, clients)[:2]
                    totals[name][0] += done
                    totals[name][1] += bad
                    totals[name][2] += _cpu_seconds(server.pid) - cpu
            validate_rate = totals["validate"][0] / seconds
            noop_rate = totals["noop"][0] / seconds
            errors = totals["validate"][1] + totals["noop"][1]
            print(f"HTTP, {label}, {clients} clients: validate {validate_rate:,.0f} req/s, no-op DRF "
                  f"{noop_rate:,.0f} req/s, ratio {validate_rate / noop_rate:.2f} (aim >= 0.6)"
                  + (f"; {errors} answers were not 200" if errors else ""))
            if totals["validate"][2] and totals["noop"][2]:
                per_cpu = {k: v[0] / v[2] for k, v in totals.items()}
                print(f"    per server CPU-second (steadier on a busy machine): validate {per_cpu['validate']:,.0f}, "
                      f"no-op {per_cpu['noop']:,.0f}, ratio {per_cpu['validate'] / per_cpu['noop']:.2f}")
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="measuring time per figure")
    parser.add_argument("--clients", type=int, default=4, help="concurrent HTTP clients")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--db", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        _django(args.db)
        serve(args.serve)
        return
    with tempfile.TemporaryDirectory(prefix="muster-bench-") as folder:
        db_path = Path(folder) / "bench.sqlite3"
        _django(db_path)
        from django.apps import apps
        from django.conf import settings
        from django.core.management import call_command

        started = time.perf_counter()
        # Tables straight from the models (as the test suite's --nomigrations does), so the bench runs
        # whatever state the migration files are in.
        settings.MIGRATION_MODULES = {config.label: None for config in apps.get_app_configs()}
        call_command("migrate", run_syncdb=True, verbosity=0)
        call_command("import_catalogue", verbosity=0, stdout=open(os.devnull, "w"))  # noqa: SIM115
        print(f"set-up: tables and the bundled catalogue in {time.perf_counter() - started:.1f}s")
        in_process(args.seconds)
        over_http(db_path, args.seconds, args.clients)


if __name__ == "__main__":
    main()
