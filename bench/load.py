"""Load under the production server: gunicorn (config/gunicorn.conf.py, 2 processes sharing their rate-limit
counts in Redis) on loopback, N concurrent keep-alive clients for S seconds per figure:

- validate a realistic 200-point DDM warband (``POST /api/v1/validate/``),
- open a shared list (``GET /api/v1/shared/<code>/`` and the page ``/l/<code>``),
- a no-op DRF endpoint of the same server (``/bench/noop/``): the baseline.

Prints requests/s, p50/p99 latency and errors of each, and each one's ratio to the no-op (aim: >= 0.6,
0 errors). It builds its own SQLite database and Redis in a temporary folder.

    .venv/bin/python bench/load.py [--seconds 60] [--clients 8] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BIN = Path(sys.executable).parent

from bench._http import free_port, hammer, wait_listening  # noqa: E402


def _warband() -> dict[str, Any]:
    """A realistic warband for a 200-point game of the seeds' rules: Lawful Evil creatures of 8 to 30 points, the
    dearest first while they fit, at most ten (nine creatures, 169 points, with the bundled catalogue)."""
    from validation.selectors import catalogue_facts

    ddm = catalogue_facts(game="ddm", ruleset="seed")
    priced = sorted((c for c in ddm.cards if c.kind == "creature" and isinstance(c.fields.get("cost"), int)
                     and 8 <= c.fields["cost"] <= 30 and "LE" in c.factions), key=lambda c: (c.fields["cost"], c.slug))
    entries: list[dict[str, Any]] = []
    total = 0
    for card in reversed(priced):
        if total + card.fields["cost"] <= 200 and len(entries) < 10:
            entries.append({"card": card.name})
            total += card.fields["cost"]
    return {"game": "ddm", "format": "skirmish-200", "faction": "LE", "name": f"Load warband ({total} points)",
            "entries": entries}


def _pct(values: list[float], p: float) -> float:
    return values[min(len(values) - 1, int(p * len(values)))] * 1000 if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("LOAD_SECONDS", "60")))
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="muster-load-"))
    redis_port, port = free_port(), free_port()
    db = folder / "load.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{db}", "DJANGO_SETTINGS_MODULE": "config.settings_test",
           "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0", "CACHE_URL": f"redis://127.0.0.1:{redis_port}/1",
           "PORT": str(port), "WEB_CONCURRENCY": str(args.workers), "GUNICORN_ACCESS_LOG": "/dev/null",
           "LOG_LEVEL": "WARNING", "ALLOWED_HOSTS": "127.0.0.1",
           **{f"THROTTLE_{s}": "100000000/s" for s in ("VALIDATE", "SAVE", "IMPORT", "EXPENSIVE")}}
    env.pop("DEBUG", None)
    os.environ.update(env)
    redis = subprocess.Popen(["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "",
                              "--appendonly", "no", "--dir", str(folder)], stdout=subprocess.DEVNULL)
    server = None
    try:
        import django

        django.setup()
        from django.apps import apps
        from django.conf import settings
        from django.core.management import call_command

        started = time.perf_counter()
        settings.MIGRATION_MODULES = {config.label: None for config in apps.get_app_configs()}
        call_command("migrate", run_syncdb=True, verbosity=0)
        call_command("import_catalogue", verbosity=0, stdout=open(os.devnull, "w"))  # noqa: SIM115
        warband = _warband()
        from builder.services import list_create

        saved, _token = list_create(document=warband)
        print(f"set-up: tables and the bundled catalogue in {time.perf_counter() - started:.1f}s; "
              f"{warband['name']}, {len(warband['entries'])} creatures")
        server = subprocess.Popen([str(BIN / "gunicorn"), "-c", "config/gunicorn.conf.py", "bench._load_wsgi"],
                                  cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wait_listening(port, server, "gunicorn")
        body = json.dumps(warband).encode()
        scenarios = [
            ("no-op DRF endpoint", "GET", "/bench/noop/", None),
            ("validate a 200-point warband", "POST", "/api/v1/validate/", body),
            ("open a shared list (API)", "GET", f"/api/v1/shared/{saved.share_code}/", None),
            ("open a shared list (page)", "GET", f"/l/{saved.share_code}", None),
        ]
        for _label, method, url, data in scenarios:  # warm every process
            hammer(port, method, url, data, 1.0, args.clients)
        print(f"gunicorn, {args.workers} processes; {args.clients} clients; {args.seconds:.0f} s each")
        baseline = 0.0
        for label, method, url, data in scenarios:
            done, bad, lat = hammer(port, method, url, data, args.seconds, args.clients)
            rate = done / args.seconds
            baseline = baseline or rate
            print(f"  {label:<30} {rate:8,.0f} req/s  p50 {_pct(lat, .5):6.1f} ms  p99 {_pct(lat, .99):6.1f} ms  "
                  f"errors {bad}  ratio to no-op {rate / baseline:.2f}")
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        redis.terminate()
        redis.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
