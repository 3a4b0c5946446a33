"""One client identity for every limit: X-Forwarded-For is trusted only as far as the configured proxies."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client, RequestFactory

from config.limits import client_address

pytestmark = pytest.mark.django_db

BAD_MATCHUP = {"a": {"game": "ddm"}, "b": {"game": "ddm"}}


def _post(client: Client, path: str, body: Any, **extra: Any) -> int:
    return client.post(path, json.dumps(body), content_type="application/json", **extra).status_code


def test_a_made_up_forwarded_for_does_not_dodge_the_matchup_limit(client: Client) -> None:
    """The issue's burst: 15 starts, each claiming a new address; the 11th and later are refused."""
    codes = [_post(client, "/api/v1/matchups/", BAD_MATCHUP, HTTP_X_FORWARDED_FOR=f"198.51.100.{i}")
             for i in range(1, 16)]
    assert codes[:10] == [400] * 10
    assert codes[10:] == [429] * 5


@pytest.mark.parametrize(("path", "body", "limit"), [
    ("/api/v1/validate/", {"game": "ddm"}, 240),
    ("/api/v1/lists/", {"game": "ddm"}, 60),
    ("/api/v1/import/", {"text": ""}, 30),
])
def test_every_api_limit_counts_the_socket_peer_not_the_header(client: Client, path: str, body: Any,
                                                                limit: int) -> None:
    codes = [_post(client, path, body, HTTP_X_FORWARDED_FOR=f"203.0.113.{i % 250}, 10.0.0.{i % 250}")
             for i in range(limit + 2)]
    assert 429 not in codes[:limit]
    assert codes[limit:] == [429, 429]


def test_the_matchup_page_and_the_api_share_one_count_per_client(client: Client) -> None:
    for i in range(10):
        assert _post(client, "/api/v1/matchups/", BAD_MATCHUP, HTTP_X_FORWARDED_FOR=f"192.0.2.{i}") == 400
    response = client.post("/matchups/new/", {"a": "x", "b": "y", "battles": 10}, HTTP_X_FORWARDED_FOR="192.0.2.99")
    assert response.status_code == 429


@pytest.mark.parametrize(("proxies", "header", "peer", "expected"), [
    (0, "198.51.100.1", "127.0.0.1", "127.0.0.1"),
    (1, "198.51.100.1", "127.0.0.1", "198.51.100.1"),
    (1, "6.6.6.6, 198.51.100.1", "127.0.0.1", "198.51.100.1"),  # the client wrote the first
    (2, "6.6.6.6, 198.51.100.1, 10.0.0.2", "127.0.0.1", "198.51.100.1"),
    (2, "198.51.100.1", "127.0.0.1", "198.51.100.1"),  # fewer hops than proxies: the leftmost
    (1, "not-an-address", "127.0.0.1", "127.0.0.1"),  # garbage is never an identity
    (1, "", "127.0.0.1", "127.0.0.1"),
    (1, "198.51.100.1:4431", "127.0.0.1", "198.51.100.1"),
    (1, "[2001:db8::1]:443", "127.0.0.1", "2001:db8::1"),
])
def test_the_client_is_the_address_the_outermost_trusted_proxy_saw(settings: Any, proxies: int, header: str,
                                                                    peer: str, expected: str) -> None:
    settings.MUSTER_TRUSTED_PROXIES = proxies
    request = RequestFactory().get("/", HTTP_X_FORWARDED_FOR=header, REMOTE_ADDR=peer)
    assert client_address(request) == expected


def test_behind_one_trusted_proxy_each_real_client_has_its_own_count(client: Client, settings: Any) -> None:
    settings.MUSTER_TRUSTED_PROXIES = 1
    burst = [_post(client, "/api/v1/matchups/", BAD_MATCHUP, HTTP_X_FORWARDED_FOR=f"6.6.6.{i}, 198.51.100.7")
             for i in range(12)]
    assert burst[10:] == [429, 429]
    assert _post(client, "/api/v1/matchups/", BAD_MATCHUP, HTTP_X_FORWARDED_FOR="198.51.100.8") == 400
