"""Every game's rules. Each module in this package registers its rulesets and formats on import
(``validation.core.registry.register_ruleset``); a new game is a new module here, nothing else."""

from __future__ import annotations

import importlib
import pkgutil

for _module in sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")):
    importlib.import_module(f"{__name__}.{_module}")
