"""What every hardening test shares."""

from __future__ import annotations

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _no_rate_limits_left_over() -> None:
    """Limits are counted in the cache: each test starts with none counted."""
    cache.clear()
