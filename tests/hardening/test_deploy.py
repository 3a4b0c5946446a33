"""Serving for real: MUSTER_TLS=1 is the one switch for HTTPS, and `check --deploy` (DEBUG off) then reports no
security warning; without it, it names what is missing."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def _check_deploy(**env: str) -> subprocess.CompletedProcess[str]:
    # DJANGO_ALLOW_ASYNC_UNSAFE: set by the browser fixture for the test process; no deployment has it.
    base = {k: v for k, v in os.environ.items()
            if k not in ("DEBUG", "MUSTER_ALLOW_LOCAL_SECRET", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    base.update(DJANGO_SETTINGS_MODULE="config.settings", SECRET_KEY=secrets.token_urlsafe(50),
                ALLOWED_HOSTS="muster.example.org", **env)
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                          cwd=ROOT, env=base, capture_output=True, text=True, timeout=120)


def test_check_deploy_with_tls_on_reports_no_security_warning() -> None:
    run = _check_deploy(MUSTER_TLS="1")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "security.W" not in run.stdout + run.stderr


def test_without_the_switch_check_deploy_names_what_https_would_add() -> None:
    run = _check_deploy(MUSTER_TLS="0")
    output = run.stdout + run.stderr
    assert run.returncode != 0
    for warning in ("security.W004", "security.W008", "security.W012", "security.W016"):
        assert warning in output


@pytest.mark.parametrize(("env", "expected"), [
    ({"MUSTER_TLS": "1"}, {"SECURE_SSL_REDIRECT": True, "SESSION_COOKIE_SECURE": True, "CSRF_COOKIE_SECURE": True,
                           "SECURE_PROXY_SSL_HEADER": ("HTTP_X_FORWARDED_PROTO", "https"),
                           "MUSTER_TRUSTED_PROXIES": 1}),
    ({}, {"SECURE_SSL_REDIRECT": False, "SESSION_COOKIE_SECURE": False, "MUSTER_TRUSTED_PROXIES": 0}),
    ({"MUSTER_TLS": "1", "TRUSTED_PROXIES": "2"}, {"MUSTER_TRUSTED_PROXIES": 2}),
])
def test_the_tls_switch_sets_redirect_cookies_proxy_header_and_proxies(env: dict[str, str],
                                                                       expected: dict[str, object]) -> None:
    names = ", ".join(expected)
    code = ("import json; from django.conf import settings as s; "
            f"print(json.dumps({{n: getattr(s, n, None) for n in '{names}'.split(', ')}}))")
    base = {k: v for k, v in os.environ.items() if k not in ("MUSTER_TLS", "TRUSTED_PROXIES", "BEHIND_TLS_PROXY")}
    run = subprocess.run([sys.executable, "manage.py", "shell", "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**base, "DJANGO_SETTINGS_MODULE": "config.settings_test", **env}, timeout=120)
    import json

    got = json.loads(run.stdout.strip().splitlines()[-1])
    assert got == {k: list(v) if isinstance(v, tuple) else v for k, v in expected.items()}
