"""Small pure helpers every layer may use (no Django, no layer of ours): ``common.names``, the one name normaliser."""
