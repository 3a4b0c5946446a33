"""gunicorn's settings for ``make serve`` and production (``gunicorn -c config/gunicorn.conf.py config.wsgi``).

Everything comes from the environment: ``PORT`` (8000), ``BIND`` (``127.0.0.1:$PORT``; ``0.0.0.0:$PORT`` behind
a proxy on another machine), ``WEB_CONCURRENCY`` (worker processes, default 2), ``GUNICORN_THREADS`` (1).
Several processes count rate limits together only through a shared cache: with more than one worker and no
``CACHE_URL`` pointing at Redis, the server refuses to start.
"""

from __future__ import annotations

import os
from typing import Any

bind = os.environ.get("BIND", f"127.0.0.1:{os.environ.get('PORT', '8000')}")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "60"))
graceful_timeout = 30
keepalive = 5
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS", "2000"))
max_requests_jitter = 200
accesslog = os.environ.get("GUNICORN_ACCESS_LOG", "-")
errorlog = "-"
loglevel = os.environ.get("LOG_LEVEL", "info").lower()
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
wsgi_app = "config.wsgi:application"


def on_starting(server: Any) -> None:
    cache_url = os.environ.get("CACHE_URL", "")
    if server.cfg.workers > 1 and not cache_url.startswith(("redis://", "rediss://")):
        raise SystemExit(
            f"{server.cfg.workers} web processes would each count rate limits on their own: set CACHE_URL to a "
            "Redis (make serve does: redis://127.0.0.1:<REDIS_PORT>/1) or WEB_CONCURRENCY=1."
        )
