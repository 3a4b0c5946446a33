"""Every error under /api/ is the JSON envelope (500 included); every page carries a Content-Security-Policy."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def _broken(*args: Any, **kwargs: Any) -> Any:
    raise RuntimeError("a bug")


@pytest.mark.parametrize(("method", "path", "target"), [
    ("post", "/api/v1/validate/", "validation.api.list_validate"),
    ("get", "/api/v1/formats/", "validation.api.formats_list"),
    ("get", "/api/v1/catalogue/", "catalogue.api.catalogue_summary"),
])
def test_a_server_error_under_the_api_is_the_json_envelope(monkeypatch: pytest.MonkeyPatch, method: str, path: str,
                                                           target: str) -> None:
    monkeypatch.setattr(target, _broken)
    client = Client(raise_request_exception=False)
    if method == "post":
        response = client.post(path, json.dumps({"game": "ddm"}), content_type="application/json")
    else:
        response = client.get(path)
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert response.json()["error"]["code"] == "server_error"
    assert "a bug" not in response.content.decode()


def test_a_server_error_on_a_page_is_still_a_page() -> None:
    from django.test import RequestFactory

    from config.handlers import server_error

    response = server_error(RequestFactory().get("/build/ddm/"))
    assert response.status_code == 500
    assert "application/json" not in response["Content-Type"]


@pytest.mark.parametrize("path", ["/api/v1/no-such-thing/", "/api/v2/", "/api/v1/cards/ddm/seed/no-such-card/"])
def test_an_unknown_api_address_is_a_json_404(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_an_unknown_page_is_an_html_404(client: Client) -> None:
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert "text/html" in response["Content-Type"]


@pytest.mark.parametrize("path", ["/", "/catalogue/ddm/", "/build/ddm/", "/matchups/new/", "/api/docs/"])
def test_pages_carry_a_content_security_policy_without_inline_script(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert directives["frame-ancestors"] == "'none'"
    html = response.content.decode()
    assert "<script>" not in html and "<style" not in html
    assert re.search(r"<[^>]+ style=", html) is None
