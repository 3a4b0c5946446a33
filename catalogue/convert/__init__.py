"""Convert the public sources in ``../shared/data`` into the bundled files of ``catalogue/data``.

Each game has a module with ``build(shared: Path) -> dict[str, dict]``: relative file path (under
``catalogue/data``) to a file document. ``build_all`` runs them, checks every document with the import's
own parser, and writes it in the canonical form export uses, so ``export_catalogue`` after
``import_catalogue`` gives back the committed bytes. Run it with ``scripts/convert_catalogue.py``.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import games as game_registry
from catalogue import dataformat as fmt

# Each game's converter module, as the game registry names it (``catalogue.convert.<module>``).
GAME_MODULES = [g.converter.rpartition(".")[2] for g in game_registry.all_games()]


def canonical_document(path: str, doc: dict[str, Any]) -> dict[str, Any]:
    """Check a built document as import would, and return it in export's form."""
    parsed = fmt.parse_file(path, fmt.dumps(doc))
    set_header = fmt.set_header(parsed.set)
    return fmt.file_document(parsed.game, parsed.ruleset, set_header, [rec.canonical for rec in parsed.cards])


def build_all(shared: Path, games: list[str] | None = None) -> dict[str, str]:
    """Every bundled file's text, keyed by its path under ``catalogue/data``."""
    out: dict[str, str] = {}
    for name in GAME_MODULES:
        if games is not None and name not in games:
            continue
        try:
            module = importlib.import_module(f"catalogue.convert.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"catalogue.convert.{name}":
                continue
            raise
        for rel, doc in module.build(shared).items():
            if rel in out:
                raise ValueError(f"two converters write {rel}")
            out[rel] = fmt.dumps(canonical_document(rel, doc))
    return out
