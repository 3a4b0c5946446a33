"""One bridge per (game, ruleset) between its lists and its engine. ``simulate/bridge.py`` says what a bridge
holds; the game registry's ``bridge`` slot (``games/<game>.py``) says where each lives. Bridges read the
catalogue; the engines they feed (``simulate/games/``) do not."""
