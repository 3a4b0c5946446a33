"""Stronghold, 1st edition (game ``stronghold``, ruleset ``default``): a setup, or one attacker's plan for a round.

Specification: ``stronghold.md`` §10 (the documents of §10.2–§10.4, the formats and the test board of §10.6, the
rules of §10.7, the readings of §13.1); original: seed ``002_d44d61b2c33012b1.txt`` (the Hungarian attacker's
rulebook). The list document carries the plan whole under ``plan`` (CONTRACTS.md); its ``kind`` is ``setup`` or
``round-plan``.

The costs come from the catalogue (each action's record: units, resources, hourglasses, placement); the board's
topology from a board record's ``layout`` (the format's ``board``: the invented stand-in TB-9 until the printed
board is supplied; a result that reads it carries a ``catalogue.stand-in`` warning); the actions a phase card
prints from the card's ``actions`` (``catalogue.missing-data`` where they are not known).

How a plan is read (§10.3): the balance starts at the carried resources plus the true income; the entries are
walked in order, each new tile joining the board when placed; in phase 6 the camp becomes the old camp plus the
fresh units not paid or given plus the Recruit Trainer's units; the mobilizations move units in order, every
capacity checked after every move; then the rope moves, then the orders against the final positions, last the
camp upkeep. Each rule reads that walk and reports only what it checks.

The package's parts: ``schema`` (the document), ``board`` (the board's layout), ``plan`` (the types the rules read
and how names become cards), ``simulation`` (reading a document and walking its round), ``rules`` (one function
per rule) and ``formats`` (the totals, the formats and the ruleset's registration).
"""

from __future__ import annotations

from validation.games.stronghold.board import Board
from validation.games.stronghold.formats import SPEC, totals
from validation.games.stronghold.plan import Action, MoveEvent, OrderItem, Plan, Tile, TileEvent
from validation.games.stronghold.schema import DOCUMENT
from validation.games.stronghold.simulation import prepare

__all__ = ["DOCUMENT", "SPEC", "Action", "Board", "MoveEvent", "OrderItem", "Plan", "Tile", "TileEvent", "prepare",
           "totals"]
