"""The shared battle engine: boards, dice, events, the Game/State vocabulary, policies and replays.

Pure Python: nothing here (or in ``simulate.games``) imports Django, DRF or Celery, so a worker, a
script or a test can play battles without a database. See ``docs/engine.md``.
"""

from __future__ import annotations

ENGINE_VERSION = "1.0.0"
