"""Matchup previews: the battle engine (``simulate.engine``, ``simulate.games``), the Celery tasks and pages.

Importing the package picks the compiled engine when its build matches the sources, else the source
(``simulate.compiled``)."""

from simulate.compiled import select as _select_engine

_select_engine()
