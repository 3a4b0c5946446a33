"""Every game's rules: one module per game (a second one per extra ruleset), each registering its rulesets and
formats on import (``validation.core.registry.register_ruleset``). The game registry (``games``) names each
ruleset's module; ``validation.core.registry.load_games`` imports them."""
