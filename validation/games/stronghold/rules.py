"""Stronghold's construction rules (``stronghold.md`` §10.7, readings §13.1): their parameters and one function
per rule, each reading the walked :class:`~validation.games.stronghold.plan.Plan`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from validation.core.document import MAX_NAME
from validation.core.facts import CardFacts
from validation.core.names import normalise
from validation.core.registry import Param, Params, rule
from validation.core.result import Finding, Missing, Outcome
from validation.core.schema import Anything, Int, Str
from validation.core.text import Text, and_text, msg, nmsg, or_text
from validation.games.stronghold.board import Board
from validation.games.stronghold.plan import (
    COLOUR_WORDS,
    LOCATION_WORDS,
    SIDE_WORDS,
    UNIT_WORDS,
    Action,
    MoveEvent,
    OrderItem,
    Plan,
    Tile,
    show,
    units_of,
    word_for,
)
from validation.games.stronghold.schema import (
    ATTACKER,
    CAMP,
    MOBILIZATIONS,
    SHOOTING_HIT_CARDS,
    TOWER,
    TRANSFERS,
)
from validation.games.stronghold.simulation import board_loc

P_PLAYERS = Param("players", Int(2, 4), 2, "players")
P_ATTACKERS = Param("attackers", Int(1, 2), 1, "attackers (the length of the setup's attackers)")
P_DEFENDERS = Param("defenders", Int(1, 2), 1, "defenders (for a simulator; no attacker rule reads it)")
P_ROUNDS = Param("rounds", Int(1, 100), 10, "the last round")
P_UNITS_PER_ROUND = Param("units_per_round", Int(0, 200), 14, "units drawn per attacker and round")
P_CHARGE_BONUS = Param("charge_bonus_units", Int(0, 20), 2, "extra units drawn with Charge!")
P_RESOURCES_PER_ROUND = Param("resources_per_round", Int(0, 16), 5, "income per attacker (0 with Charge!)")
P_SETUP_RESOURCES = Param("setup_resources", Int(0, 16), 5, "resources per attacker at setup")
P_PRODUCTION_YIELD = Param("production_yield", Anything(), {"goblin": 1, "orc": 2, "troll": 3},
                           "Produce Resources: resources per unit type paid")
P_MAX_SHOOTING = Param("max_shooting_machines", Int(0, 20), 4, "ballistas + catapults + trebuchets on the board")
P_RAM_PER_ROUND = Param("ram_parts_per_round", Int(0, 5), 1, "ram parts built in a round by both attackers")
P_MOBILIZATION = Param("mobilization", Anything(),
                       {"Lesser Mobilization": {"hourglasses": 3, "limit": 5},
                        "Major Mobilization": {"hourglasses": 5, "limit": 7}},
                       "cost and unit limit of each mobilization")
P_COMMISSAR_MOVES = Param("commissar_extra_moves", Int(0, 20), 2, "extra units leaving a rampart with a commissar")
P_COMMISSAR_CAPACITY = Param("commissar_rampart_capacity", Int(0, 50), 9, "capacity of a rampart with a commissar")
P_CAMP_UPKEEP = Param("camp_upkeep", Anything(), [[0, 3, 0], [4, 7, 1], [8, 11, 3], [12, None, 6]],
                      "bands [min, max, hourglasses] of units left in the camp; null: not in the seed (no check)")
P_PHASE_CARD_SET = Param("phase_card_set", Str(10, choices=("red", "green")), "red", "the phase-card set")
P_DRAWN_PER_PHASE = Param("phase_cards_drawn_per_phase", Int(1, 5), 2, "cards drawn for each of phases 2-5")
P_DEFENDER_INCOME = Param("defender_round_income", Anything(), {"stone": 1, "hourglasses": 2},
                          "the defender's income per round (for a simulator; no attacker rule reads it)")
P_DEFENDER_SETUP = Param("defender_setup", Anything(),
                         {"stone_per_section": 2, "honour_guard": {"soldier": 2}, "watchtower": {"archer": 1},
                          "barracks": {"archer": 4, "soldier": 1}, "hourglasses": 4}, "the defender's start")
P_GLORY_SETUP = Param("glory_setup", Anything(), {"attacker": 10, "defender_fields": [1, 1, 1, 1], "supply": 15},
                      "glory tiles at setup")
P_BAG = Param("bag", Anything(), {"goblin": 60, "orc": 100, "troll": 40}, "the bag at setup")
# TB-9 is the invented stand-in of stronghold.md §10.6 (the printed board's layout is in no source); it gives way to
# the main board once that board's layout is known (validation/games/stronghold/board.py: board_card).
P_BOARD = Param("board", Str(MAX_NAME), "TB-9",
                msg("The board the rules read (TB-9: Muster's stand-in, read until the main board's layout is known)"))
P_ALLY_SURCHARGE = Param("ally_action_surcharge", Int(0, 10), 1, "extra hourglasses for an action on the ally's card")
P_UNIT_TRANSFER = Param("unit_transfer", Anything(), {"hourglasses": 1, "max_units": 3},
                        "Transfer Units: cost and most units (one type)")
P_EQUIPMENT_PER_SECTION = Param("equipment_per_section", Int(0, 10), 2, "equipment tiles per wall section")
P_TRAINING_PER_RAMPART = Param("training_per_rampart", Int(0, 10), 2, "training tiles per rampart")
P_ESCAPE_GOBLINS = Param("escape_goblins", Int(1, 10), 3, "Escape from the Knife: most goblins returned")
P_CAMP_LIMIT_SCOPE = Param(
    "camp_limit_scope", Str(20, choices=("destination-group", "total")), "destination-group",
    # stronghold.md §13.1 item 2
    msg("What the camp's 5/7 limit counts: each gathering point with its side's siege towers and trapdoors, and "
        "the gate tower, apart; or every camp move of the mobilization together"),
)
P_ROPE_MOVES = Param("rope_moves_per_round", Int(0, 10), 1, "rope moves in a round (§13.1 item 24: 1 unit a round)")
P_OPEN_ORDERS = Param("open_orders", Int(0, 10), 1, "face-up orders per round (§13.1 item 3: one)")


# ----------------------------------------------------------------------------------------------- setup rules


def setup_attackers(plan: Plan) -> list[Mapping[str, Any]]:
    return [a for a in plan.data.get("attackers") or [] if isinstance(a, Mapping)]


@rule("stronghold.setup-counts", P_PLAYERS, P_ATTACKERS, P_DEFENDERS, P_SETUP_RESOURCES, P_BAG, P_DEFENDER_SETUP,
      P_GLORY_SETUP, P_DEFENDER_INCOME)
def setup_counts(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Setup numbers: the players and attackers of the format (3-4 players: the two attackers on different sides);
    5 resources per attacker (3 each in 3-4 players); the bag 60 goblins, 100 orcs, 40 trolls; the defender's 2
    stones per section, honour guard 2 soldiers, watchtower 1 archer, barracks 4 archers + 1 soldier, 4 hourglasses;
    glory 10 on the attacker's side, 1 on each of the defender's 4 fields, 15 in the supply.

    Source: 002_d44d61b2c33012b1.txt, KÉTFŐS JÁTÉK: A játék előkészületei, A támadó előkészületei, A védő
        előkészületei; HÁROMFŐS JÁTÉK
    """
    if plan.plan:
        return
    rule_id = "stronghold.setup-counts"
    data = plan.data

    def differ(pointer: str, what: Text, have: Any, want: Any) -> Finding:
        have = have if isinstance(have, Text) else str(have)
        want = want if isinstance(want, Text) else str(want)
        return Finding(rule_id, msg("{what} is {have}; the setup gives {want}.", what=what, have=have, want=want),
                       (pointer,), hint=msg("set it to {want}", want=want))

    if data.get("players") != p["players"]:
        yield differ("/plan/players", msg("players"), data.get("players"), p["players"])
    attackers = setup_attackers(plan)
    if len(attackers) != p["attackers"]:
        change = abs(len(attackers) - p["attackers"])
        yield Finding(rule_id, nmsg("The setup has {n} attacker; the format has {want}.",
                                    "The setup has {n} attackers; the format has {want}.", len(attackers),
                                    want=p["attackers"]), ("/plan/attackers",),
                      hint=nmsg("add {n} attacker", "add {n} attackers", change) if len(attackers) < p["attackers"]
                      else nmsg("remove {n} attacker", "remove {n} attackers", change))
    sides = [a.get("side") for a in attackers]
    for i, a in enumerate(attackers):
        if a.get("resources") != p["setup_resources"]:
            yield differ(f"/plan/attackers/{i}/resources", msg("attacker {n}'s resources", n=i + 1),
                         a.get("resources"), p["setup_resources"])
        if p["players"] > 2 and a.get("side") is None:
            yield Finding(rule_id, msg("Attacker {n} has no side; with {players} players each attacker chooses one.",
                                       n=i + 1, players=p["players"]), (f"/plan/attackers/{i}/side",),
                          hint=msg("set side to west or east"))
        elif p["players"] <= 2 and a.get("side") is not None:
            yield Finding(rule_id, msg("With 2 players the attacker plays both sides."),
                          (f"/plan/attackers/{i}/side",), hint=msg("leave side out"))
    if p["players"] > 2 and len(sides) == 2 and None not in sides and sides[0] == sides[1]:
        yield Finding(rule_id, msg("Both attackers chose the {side} side.", side=word_for(SIDE_WORDS, sides[0])),
                      ("/plan/attackers/1/side",), hint=msg("one attacker takes the other side"))
    if dict(units_of(data.get("bag"))) != {k: v for k, v in dict(p["bag"]).items() if v}:
        yield differ("/plan/bag", msg("the bag"), show(units_of(data.get("bag"))), show(Counter(dict(p["bag"]))))
    want_def = dict(p["defender_setup"])
    have_def = data.get("defender") or {}
    for key, want in want_def.items():
        have = have_def.get(key)
        if isinstance(want, Mapping):
            have = {k: v for k, v in (have or {}).items() if v}
        if have != want:
            yield differ(f"/plan/defender/{key}", msg("the defender's {key}", key=key.replace("_", " ")), have, want)
    want_glory = dict(p["glory_setup"])
    have_glory = data.get("glory") or {}
    for key, want in want_glory.items():
        if have_glory.get(key) != want:
            yield differ(f"/plan/glory/{key}", msg("glory {key}", key=key.replace("_", " ")), have_glory.get(key), want)


def _card_fits(card: CardFacts, key: str, colour: str) -> bool:
    if card.get("colour") not in (None, colour):
        return False
    phase = card.get("phase")
    return phase is None if key == "camp" else phase is not None and str(phase) == key


def _is_deck(card: CardFacts) -> bool:
    """A record for a whole deck of cards whose contents are not known (``copies`` > 1)."""
    return card.copies > 1


def _cards_fit(rule_id: str, cards: Mapping[str, CardFacts | None], pointer: str, colour: str) -> Iterator[Outcome]:
    for key, card in cards.items():
        if card is not None and not _card_fits(card, key, colour):
            slot = msg("the camp card") if key == "camp" else msg("a phase-{phase} card", phase=key)
            yield Finding(rule_id, msg("{name} is not {slot} of the {colour} set.", name=card.name, slot=slot,
                                       colour=word_for(COLOUR_WORDS, colour)), (f"{pointer}/{key}",),
                          hint=msg("name {slot} of the {colour} set", slot=slot, colour=word_for(COLOUR_WORDS, colour)))


@rule("stronghold.phase-card-draft", P_PHASE_CARD_SET, P_DRAWN_PER_PHASE)
def phase_card_draft(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Phase cards: the phase-1, phase-6 and camp cards are those of the format's set (red: 2 players, green: 3-4);
    for each of phases 2-5 exactly 2 (3) different cards of that phase are drawn and each attacker keeps one of
    them, the two attackers different ones. A plan's cards are of that set and phase too.

    Source: 002_d44d61b2c33012b1.txt, A támadó előkészületei; HÁROMFŐS JÁTÉK: A támadó előkészületei
    """
    rule_id = "stronghold.phase-card-draft"
    colour, per_phase = str(p["phase_card_set"]), int(p["phase_cards_drawn_per_phase"])
    if plan.plan:
        yield from _cards_fit(rule_id, plan.cards, "/plan/phase_cards", colour)
        yield from _cards_fit(rule_id, plan.ally_cards, "/plan/ally_phase_cards", colour)
        return
    for i, cards in enumerate(plan.setup_cards):
        yield from _cards_fit(rule_id, cards, f"/plan/attackers/{i}/phase_cards", colour)
    for key in ("2", "3", "4", "5"):
        drawn = plan.draft.get(key, [])
        where = f"/plan/draft/{key}/drawn"
        known = [(ptr, c) for ptr, c in drawn if c is not None]
        for ptr, c in known:
            if not _card_fits(c, key, colour):
                yield Finding(rule_id, msg("{name} is not a phase-{phase} card of the {colour} set.", name=c.name,
                                           phase=key, colour=word_for(COLOUR_WORDS, colour)), (ptr,),
                              hint=msg("draw phase-{phase} cards of the {colour} set", phase=key,
                                       colour=word_for(COLOUR_WORDS, colour)))
        decks = [c for _, c in known if _is_deck(c)]
        for deck in {c.slug: c for c in decks}.values():
            yield Missing(deck.slug, deck.name, "cards", (where,), rule_id, what=msg("individual cards"))
        if not decks and len(drawn) == len(known):
            distinct = {c.key for _, c in known}
            if len(drawn) != per_phase or len(distinct) != len(drawn):
                yield Finding(rule_id, nmsg("Phase {phase}: {n} different card drawn; the format draws {want} "
                                            "different cards.", "Phase {phase}: {n} different cards drawn; the format "
                                            "draws {want} different cards.", len(distinct), phase=key, want=per_phase),
                              (where,), hint=msg("draw exactly {want} different phase-{phase} cards", want=per_phase,
                                                 phase=key))
        kept: list[tuple[str, CardFacts]] = []
        for i, cards in enumerate(plan.setup_cards):
            card = cards.get(key)
            if card is None:
                continue
            ptr = f"/plan/attackers/{i}/phase_cards/{key}"
            kept.append((ptr, card))
            if known and card.key not in {c.key for _, c in known}:
                yield Finding(rule_id, msg("Attacker {n} keeps {name}, which was not drawn for phase {phase}.",
                                           n=i + 1, name=card.name, phase=key),
                              (ptr,), hint=msg("keep one of the drawn cards: {names}",
                                               names=and_text(c.name for _, c in known)))
        if len(kept) == 2 and kept[0][1].key == kept[1][1].key:
            if _is_deck(kept[0][1]):
                yield Missing(kept[0][1].slug, kept[0][1].name, "cards", (kept[1][0],), rule_id,
                              what=msg("individual cards"))
            else:
                yield Finding(rule_id, msg("Both attackers keep {name} for phase {phase}; they choose different cards.",
                                           name=kept[0][1].name, phase=key), (kept[1][0],),
                              hint=msg("the second attacker keeps another drawn card"))


# ----------------------------------------------------------------------------------------------- round rules


@rule("stronghold.round-limit", P_ROUNDS)
def round_limit(plan: Plan, p: Params) -> Iterator[Outcome]:
    """The round planned is one of rounds 1 to 10: after round 10 without a breach the defender has won.

    Source: 002_d44d61b2c33012b1.txt, A JÁTÉK ÁTTEKINTÉSE; DICSŐSÉG (p. 19)
    """
    if plan.plan and not 1 <= int(plan.data["round"]) <= int(p["rounds"]):
        yield Finding("stronghold.round-limit", msg("Round {round} is not one of rounds 1 to {rounds}.",
                                                    round=plan.data["round"], rounds=p["rounds"]),
                      ("/plan/round",), hint=msg("plan a round from 1 to {rounds}", rounds=p["rounds"]))


@rule("stronghold.phase-order")
def phase_order(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Phases are played in order 1 to 6: once a phase is over there is no going back, so the entries' phases never
    decrease.

    Source: 002_d44d61b2c33012b1.txt, A TÁMADÓ KÖNYVE: Megjegyzések ("A fázisokat sorrendben kell végrehajtani")
    """
    if not plan.plan:
        return
    highest, where = 0, ""
    for i, item in enumerate(plan.data.get("entries") or []):
        phase = int(item["phase"])
        if phase < highest:
            yield Finding("stronghold.phase-order", msg("Entry {i} is in phase {phase} after an entry of phase "
                                                        "{highest} ({where}).", i=i, phase=phase, highest=highest,
                                                        where=where), (f"/plan/entries/{i}/phase",),
                          hint=msg("take it before the phase-{highest} actions, or leave it out", highest=highest))
        elif phase > highest:
            highest, where = phase, f"/plan/entries/{i}"


def _printed(card: CardFacts) -> list[str] | None:
    actions = card.fields.get("actions")
    return [str(a) for a in actions] if isinstance(actions, list) else None


def _card_offers(rule_id: str, plan: Plan, action_name: str, action_key: str, special: bool, phase: int, ally: bool,
                 pointer: str) -> Iterator[Outcome]:
    cards = plan.ally_cards if ally else plan.cards
    flipped = set(plan.data.get("ally_flipped") or []) if ally else plan.flipped
    card = cards.get(str(phase))
    if str(phase) in flipped:
        if not special:
            message = (
                msg("The ally's phase-{phase} card is flipped: it offers only its special action, not {action}.",
                    phase=phase, action=action_name) if ally
                else msg("Your phase-{phase} card is flipped: it offers only its special action, not {action}.",
                         phase=phase, action=action_name)
            )
            yield Finding(rule_id, message, (pointer,), hint=msg("leave out {action}", action=action_name))
        return
    if special:
        message = (
            msg("{action} is the special action of a flipped phase-{phase} card; the ally's card is not flipped.",
                action=action_name, phase=phase) if ally
            else msg("{action} is the special action of a flipped phase-{phase} card; your card is not flipped.",
                     action=action_name, phase=phase)
        )
        yield Finding(rule_id, message, (pointer,), hint=msg("flip the phase-{phase} card at the start of the round, "
                                                             "or leave out {action}", phase=phase, action=action_name))
        return
    if card is None:
        return
    printed = _printed(card)
    if printed is None:
        yield Missing(card.slug, card.name, "actions", (pointer,), rule_id, what=msg("printed actions"))
    elif action_key not in {normalise(a) for a in printed}:
        yield Finding(rule_id, msg("{action} is not printed on {name}.", action=action_name, name=card.name),
                      (pointer,), hint=msg("take only {name}'s actions: {actions}", name=card.name,
                                           actions=and_text(printed)))


@rule("stronghold.action-on-phase-card")
def action_on_phase_card(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Each action is printed on the chosen card of its own phase (the ally's card for ``"card": "ally"``, 3-4
    players only); a flipped card offers only its special action, an unflipped one no special action. An open
    order needs Open Order on the phase-6 card, a secret one Secret Orders. What a card prints is catalogue data.

    Source: 002_d44d61b2c33012b1.txt, A TÁMADÓ KÖNYVE: FÁZISOK; FÁZISKÁRTYA ÁTFORDÍTÁSA
    """
    if not plan.plan:
        return
    rule_id = "stronghold.action-on-phase-card"
    for a in plan.actions:
        phase = int(a.item["phase"])
        own_phase = a.get("phase")
        if own_phase is not None and int(own_phase) != phase:
            yield Finding(rule_id, msg("{action} is a phase-{own} action, not a phase-{phase} one.", action=a.name,
                                       own=own_phase, phase=phase),
                          (f"{a.pointer}/phase",), hint=msg("take it in phase {own}", own=own_phase))
            continue
        if a.ally and plan.two_player:
            yield Finding(rule_id, msg("With 2 players there is no ally's card."), (f"{a.pointer}/card",),
                          hint=msg('leave out "card": "ally"'))
            continue
        yield from _card_offers(rule_id, plan, a.name, a.key, bool(a.get("special_action")), phase, a.ally, a.pointer)
    for secret, name in ((False, "Open Order"), (True, "Secret Orders")):
        given = [o for o in plan.orders if o.secret == secret]
        if given:
            yield from _card_offers(rule_id, plan, name, normalise(name), False, 6, False, given[0].pointer)


@rule("stronghold.action-once-per-round")
def action_once_per_round(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Each action of a phase card is taken at most once per round (per card: an action borrowed from the ally's
    card is counted on his card).

    Source: 002_d44d61b2c33012b1.txt, A TÁMADÓ KÖNYVE: FÁZISOK ("minden akciót fordulónként csak egyszer")
    """
    if not plan.plan:
        return
    taken: dict[tuple[bool, str], list[Action]] = {}
    for a in plan.actions:
        taken.setdefault((a.ally, a.key), []).append(a)
    for (ally, _key), items in taken.items():
        count = sum(a.qty for a in items)
        if count > 1:
            yield Finding("stronghold.action-once-per-round",
                          msg("{action} is taken {count} times this round from the ally; each action at most once.",
                              action=items[0].name, count=count) if ally
                          else msg("{action} is taken {count} times this round; each action at most once.",
                                   action=items[0].name, count=count),
                          tuple(a.pointer for a in items),
                          hint=nmsg("{action}: {n} time too many", "{action}: {n} times too many", count - 1,
                                    action=items[0].name))


@rule("stronghold.phase-card-flip")
def phase_card_flip(plan: Plan, p: Params) -> Iterator[Outcome]:
    """A flipped phase card stays flipped for the rest of the game (``flipped`` contains every earlier flip), and
    only the cards of phases 1-5 have a special action to flip to. Flips happen at the start of a round.

    Source: 002_d44d61b2c33012b1.txt, FÁZISKÁRTYA ÁTFORDÍTÁSA
    """
    if not plan.plan:
        return
    rule_id = "stronghold.phase-card-flip"
    earlier = set(plan.data["state"].get("flipped") or [])
    lost = sorted(earlier - plan.flipped)
    if lost:
        yield Finding(rule_id, nmsg("The phase-{phases} card was flipped in an earlier round and stay flipped.",
                                    "The phase-{phases} cards were flipped in an earlier round and stay flipped.",
                                    len(lost), phases=", ".join(lost)),
                      ("/plan/flipped",), hint=msg("add {cards}", cards=", ".join(lost)))
    if "6" in plan.flipped:
        yield Finding(rule_id, msg("The phase-6 card has no special action and cannot be flipped."),
                      ("/plan/flipped",), hint=msg("remove 6 from flipped"))


def _options(card: CardFacts) -> list[Counter[str]]:
    out = []
    for unit in ATTACKER:
        n = card.get(f"cost_{unit}s")
        if n is not None:
            out.append(Counter({unit: int(n)}))
    return out


@rule("stronghold.unit-cost-option")
def unit_cost_option(plan: Plan, p: Params) -> Iterator[Outcome]:
    """The units paid are exactly one printed option ("1 troll / 2 orcs"), with no mixing or stronger substitutes
    (§13.1 item 9); an hourglass-only action takes no units; rituals take goblins only.

    Source: 002_d44d61b2c33012b1.txt, A TÁMADÓ KÖNYVE (each action's Költség); 5. FÁZIS: RITUÁLÉK
    """
    if not plan.plan:
        return
    for a in plan.actions:
        options = [Counter({k: v * a.qty for k, v in o.items()}) for o in _options(a.card)]
        pay = a.pay
        if not options:
            if pay:
                yield Finding("stronghold.unit-cost-option", msg("{action} costs no units; {units} assigned.",
                                                                 action=a.name, units=show(pay)),
                              (f"{a.pointer}/pay",), hint=msg("assign no units to {action}", action=a.name))
        elif pay not in options:
            choices = or_text(show(o) for o in options)
            yield Finding("stronghold.unit-cost-option", msg("{action} is paid with {units}; it costs {choices}.",
                                                             action=a.name, units=show(pay), choices=choices),
                          (f"{a.pointer}/pay",), hint=msg("pay exactly {choices}", choices=choices))


@rule("stronghold.resource-cost")
def resource_cost(plan: Plan, p: Params) -> Iterator[Outcome]:
    """The resources paid are the printed cost (only the actions of phases 2 and 3 cost resources).

    Source: 002_d44d61b2c33012b1.txt, A TÁMADÓ KÖNYVE: FÁZISOK; each action's Költség
    """
    if not plan.plan:
        return
    for a in plan.actions:
        printed = a.get("cost_resources")
        if printed is None:
            if a.item.get("resources") is not None:
                yield Missing(a.card.slug, a.name, "cost_resources", (a.pointer,), what=msg("resource cost"))
            continue
        want = int(printed) * a.qty
        paid = a.item.get("resources")
        if paid is not None and int(paid) != want:
            yield Finding("stronghold.resource-cost", nmsg("{action} costs {n} resource; the plan pays {paid}.",
                                                           "{action} costs {n} resources; the plan pays {paid}.", want,
                                                           action=a.name, paid=paid),
                          (f"{a.pointer}/resources",), hint=nmsg("pay {n} resource", "pay {n} resources", want))


@rule("stronghold.fresh-units-only")
def fresh_units_only(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Only this round's fresh draw pays: per unit type, the units paid (and given to the ally) are at most those
    drawn. Camp and board units, and the Recruit Trainer's new units, cannot pay.

    Source: 002_d44d61b2c33012b1.txt, A TÁMADÓ KÖNYVE: Megjegyzések ("csak olyan egységekkel fizethetünk, melyek
        éppen nem a táblán vagy a táborkártyán tartózkodnak"); A TÁBOR; ÚJONCKIKÉPZŐ
    """
    if not plan.plan:
        return
    used = plan.paid + plan.given
    short = used - plan.drawn
    if short:
        pointers = tuple(a.pointer for a in plan.actions if any(a.pay.get(k) for k in short)
                         or any(units_of(a.item.get("give")).get(k) for k in short))
        yield Finding("stronghold.fresh-units-only", msg("The plan uses {used} from this round's draw of {drawn}.",
                                                         used=show(used), drawn=show(plan.drawn)),
                      pointers or ("/plan/entries",),
                      hint=msg("{units} short: pay with fewer units, or leave out an action", units=show(short)))


@rule("stronghold.resources-available")
def resources_available(plan: Plan, p: Params) -> Iterator[Outcome]:
    """The running balance (carried resources + income + production - costs, in the entries' order) never falls
    below 0. Unspent resources carry over (§13.1 item 10).

    Source: 002_d44d61b2c33012b1.txt, 1. FÁZIS: BESZERZÉS: Nyersanyagok; NYERSANYAGOK TERMELÉSE
    """
    if not plan.plan:
        return
    for a, cost, after in plan.balance:
        if after < 0:
            yield Finding("stronghold.resources-available",
                          nmsg("{action} costs {n} resource; the balance falls to {after}.",
                               "{action} costs {n} resources; the balance falls to {after}.", cost, action=a.name,
                               after=after),
                          (f"{a.pointer}/resources" if a.item.get("resources") is not None else a.pointer,),
                          hint=nmsg("{n} resource short", "{n} resources short", -after))
            return


@rule("stronghold.resource-income", P_RESOURCES_PER_ROUND, P_PRODUCTION_YIELD)
def resource_income(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Income 5 resources a round (none with Charge!); Produce Resources yields 1 for a goblin, 2 for an orc, 3 for a
    troll (one unit: at most 8 resources a round), nothing with Charge!.

    Source: 002_d44d61b2c33012b1.txt, 1. FÁZIS: BESZERZÉS: NYERSANYAGOK TERMELÉSE; ROHAMRA!
    """
    if not plan.plan:
        return
    rule_id = "stronghold.resource-income"
    want = 0 if plan.charge else int(p["resources_per_round"])
    if plan.data["income"] != want:
        message = (
            msg("The income claimed is {income}; it is {want} (Charge!: no resources at all).",
                income=plan.data["income"], want=want) if plan.charge
            else msg("The income claimed is {income}; it is {want}.", income=plan.data["income"], want=want)
        )
        yield Finding(rule_id, message, ("/plan/income",), hint=msg("claim {want}", want=want))
    yields = {k: int(v) for k, v in dict(p["production_yield"]).items()}
    for a in plan.actions:
        if a.key != normalise("Produce Resources"):
            continue
        pay = a.pay
        if plan.charge:
            right: int | None = 0
        elif sum(pay.values()) == 1:
            right = yields.get(next(iter(pay)), 0)
        else:
            right = None  # not one unit: unit-cost-option says so; the claim is checked against the best yield
        gain = a.item.get("gain")
        if right is not None and gain != right:
            yield Finding(rule_id, msg("Produce Resources with {units} yields {right}; the plan claims {gain}.",
                                       units=show(pay), right=right, gain=str(gain)),
                          (f"{a.pointer}/gain",), hint=msg("claim {want}", want=right))
        elif right is None and gain is not None and gain > max(yields.values()):
            yield Finding(rule_id, msg("Produce Resources yields at most {most}; the plan claims {gain}.",
                                       most=max(yields.values()), gain=gain),
                          (f"{a.pointer}/gain",), hint=msg("claim at most {most}", most=max(yields.values())))


@rule("stronghold.units-per-round", P_UNITS_PER_ROUND, P_CHARGE_BONUS)
def units_per_round(plan: Plan, p: Params) -> Iterator[Outcome]:
    """The draw is 14 units (10 per attacker with 3-4 players), 2 more with Charge!, or what is left in the bag.

    Source: 002_d44d61b2c33012b1.txt, 1. FÁZIS: BESZERZÉS: Új egységek; ROHAMRA!; HÁROMFŐS JÁTÉK: 1. fázis
    """
    if not plan.plan:
        return
    want = int(p["units_per_round"]) + (int(p["charge_bonus_units"]) if plan.charge else 0)
    bag = plan.data["state"].get("bag_size")
    if bag is not None:
        want = min(want, int(bag))
    have = sum(plan.drawn.values())
    if have != want:
        yield Finding("stronghold.units-per-round", nmsg("The draw holds {n} unit; the round draws {want}.",
                                                         "The draw holds {n} units; the round draws {want}.", have,
                                                         want=want),
                      ("/plan/state/drawn",),
                      hint=nmsg("remove {n} unit", "remove {n} units", have - want) if have > want
                      else nmsg("add {n} unit", "add {n} units", want - have))


def _mobilization(p: Params, a: Action) -> Mapping[str, Any]:
    for name, spec in dict(p["mobilization"]).items():
        if normalise(name) == a.key:
            return dict(spec)
    return {"hourglasses": a.get("hourglasses") or 0, "limit": 0}


def camp_band(p: Params, units: int) -> int | None:
    bands = p["camp_upkeep"]
    if bands is None:
        return None
    for low, high, hourglasses in bands:
        if units >= low and (high is None or units <= high):
            return int(hourglasses)
    return None


def hourglass_count(plan: Plan, p: Params) -> tuple[int, int | None]:
    """The hourglasses the plan gives, without the camp upkeep, and the upkeep counted (declared, else computed)."""
    total = 0
    for a in plan.actions:
        total += sum(a.pay.values())
        if a.key in MOBILIZATIONS:
            total += int(_mobilization(p, a).get("hourglasses", 0)) * a.qty
        elif a.key == normalise("Transfer Units") and p.get("unit_transfer"):
            total += int(dict(p["unit_transfer"])["hourglasses"]) * a.qty
        else:
            total += int(a.get("hourglasses") or 0) * a.qty
        if a.ally:
            total += int(p.get("ally_action_surcharge") or 0)
    if any(o.secret for o in plan.orders):
        secret = plan.catalogue.by_slug.get("secret-orders")
        total += int(secret.get("hourglasses", 1)) if secret is not None else 1
    upkeep = plan.data.get("camp_upkeep")
    if upkeep is None:
        upkeep = camp_band(p, sum(plan.camp_end.values()))
    return total, upkeep


@rule("stronghold.hourglass-total", P_MOBILIZATION)
def hourglass_total(plan: Plan, p: Params) -> Iterator[Outcome]:
    """The hourglasses declared are 1 per unit assigned, plus each action's fixed hourglasses (mobilizations 3 / 5,
    Precise Hit 2, the transfers and Escape 1, Transfer Units 1), plus 1 for secret orders, plus 1 per action on the
    ally's card (3-4 players), plus the camp upkeep (2 players: the declared upkeep, so a wrong one is reported once,
    as camp-upkeep).

    Source: 002_d44d61b2c33012b1.txt, A TÁMADÓ KÖNYVE (1 homokóra per unit); each action's Költség; A TÁBOR
    """
    if not plan.plan:
        return
    total, upkeep = hourglass_count(plan, p)
    if plan.two_player:
        declared, pointer = plan.data.get("hourglasses"), "/plan/hourglasses"
        want = total + (upkeep or 0)
    else:
        declared, pointer = plan.data.get("hourglasses_excluding_camp"), "/plan/hourglasses_excluding_camp"
        want = total
    if declared is not None and declared != want:
        yield Finding("stronghold.hourglass-total",
                      nmsg("The plan declares {n} hourglass; its actions give {want}.",
                           "The plan declares {n} hourglasses; its actions give {want}.", declared, want=want),
                      (pointer,), hint=msg("declare {want}", want=want))


@rule("stronghold.camp-upkeep", P_CAMP_UPKEEP)
def camp_upkeep(plan: Plan, p: Params) -> Iterator[Outcome]:
    """2 players: the units left in the camp after phase 6 cost 0 hourglasses for 0-3 units, 1 for 4-7, 3 for
    8-11, 6 for 12 or more. The 3-4 player camp card's bands are not in the seed: no check there.

    Source: 002_d44d61b2c33012b1.txt, A TÁBOR
    """
    if not plan.plan or p["camp_upkeep"] is None:
        return
    left = sum(plan.camp_end.values())
    want = camp_band(p, left)
    declared = plan.data.get("camp_upkeep")
    if declared is not None and want is not None and declared != want:
        yield Finding("stronghold.camp-upkeep",
                      nmsg("{n} unit stay in the camp: the upkeep is {want}, not {declared}.",
                           "{n} units stay in the camp: the upkeep is {want}, not {declared}.", left, want=want,
                           declared=declared),
                      ("/plan/camp_upkeep",), hint=msg("declare {want}", want=want))


def _shooting(card: CardFacts) -> bool:
    return card.get("deck_hit_cards") is not None


@rule("stronghold.max-shooting-machines", P_MAX_SHOOTING)
def max_shooting_machines(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Never more than 4 shooting machines (ballistas, catapults and trebuchets) on the board at once.

    Source: 002_d44d61b2c33012b1.txt, 2. FÁZIS: OSTROMGÉPEK ("sosem lehet a táblán egyszerre 4-nél több")
    """
    most = int(p["max_shooting_machines"])
    for e in plan.tile_events:
        if e.moved_from is None and _shooting(e.tile.card):
            count = sum(1 for t in e.tiles if _shooting(t.card))
            if count > most:
                yield Finding("stronghold.max-shooting-machines",
                              msg("{action} makes {count} shooting machines on the board; at most {most}.",
                                  action=e.action.name, count=count, most=most),
                              (e.action.pointer,), hint=msg("leave out {action}", action=e.action.name))


@rule("stronghold.component-limit")
def component_limit(plan: Plan, p: Params) -> Iterator[Outcome]:
    """No more tiles of a kind than the box holds (4 ballistas, 3 covers, 5 ram parts, 3 of each equipment and
    training tile, the ritual tiles, orders 1/1/1/2), and no new shooting machine without the 2 hit cards its deck
    takes from the 11.

    Source: 002_d44d61b2c33012b1.txt, JÁTÉKELEMEK (the component limit)
    """
    if not plan.plan:
        return
    rule_id = "stronghold.component-limit"
    reported: set[str] = set()
    for e in plan.tile_events:
        card = e.tile.card
        if e.moved_from is not None or card.slug in reported:
            continue
        count = sum(1 for t in e.tiles if t.card.slug == card.slug)
        if count > card.copies:
            reported.add(card.slug)
            yield Finding(rule_id, msg("{name}: {count} on the board; the box holds {copies}.", name=card.name,
                                       count=count, copies=card.copies),
                          (e.action.pointer,), hint=nmsg("{name}: {n} tile too many", "{name}: {n} tiles too many",
                                                         count - card.copies, name=card.name))
    by_order: dict[str, list[OrderItem]] = {}
    for o in plan.orders:
        by_order.setdefault(o.card.slug, []).append(o)
    for items in by_order.values():
        card, count = items[0].card, sum(o.qty for o in items)
        if count > card.copies:
            yield Finding(rule_id, msg("{name}: {count} order tiles; the box holds {copies}.", name=card.name,
                                       count=count, copies=card.copies),
                          tuple(o.pointer for o in items), hint=nmsg("{name}: {n} tile too many",
                                                                     "{name}: {n} tiles too many", count - card.copies,
                                                                     name=card.name))
    supply = int(plan.data["state"]["hit_cards_in_supply"])
    for e in plan.tile_events:
        if e.moved_from is None and _shooting(e.tile.card):
            supply -= SHOOTING_HIT_CARDS
            if supply < 0:
                yield Finding(rule_id, msg("{action}'s deck needs {need} hit cards; the supply has {supply}.",
                                           action=e.action.name, need=SHOOTING_HIT_CARDS,
                                           supply=supply + SHOOTING_HIT_CARDS),
                              (e.action.pointer,), hint=msg("leave out {action}", action=e.action.name))
                return
        elif e.action.key == normalise("Gunner"):
            supply -= 1


def _holds(tiles: Iterable[Tile], loc: str | None, test: Any) -> bool:
    return any(t.at == loc and test(t.card) for t in tiles)


def _fortress(board: Board, loc: str | None, kind: str) -> bool:
    return board.kind(loc) == kind


@rule("stronghold.tile-placement", P_BOARD)
def tile_placement(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Each tile goes to its kind of place, and each action works on its kind of target (the catalogue's
    ``placement``): machines on a rampart or gathering point, equipment on a wall section (a bridge on a path field),
    training on a rampart (a saboteur in a building), rituals on their target, orders on wall sections.

    Source: 002_d44d61b2c33012b1.txt, each action's Elhelyezés; 5. FÁZIS: RITUÁLÉK; PARANCSOK
    """
    if not plan.plan:
        return
    yield from plan.need_board("stronghold.tile-placement")
    board = plan.board
    if board is None:
        return
    tiles = list(plan.tiles_start)
    words: dict[str, Text | str] = {
        "gathering-point": msg("a gathering point"), "rampart": msg("a rampart"), "wall-section": msg("a wall section"),
        "gate": msg("the gate tower"), "path-field": msg("a path field"), "building": msg("a building of the fortress"),
        "hospital": msg("the hospital"), "courtyard": msg("the courtyard"), "hero": msg("a hero"),
        "cauldron": msg("a cauldron of the defender"), "catapult": msg("a catapult's place"),
        "shooting-machine": msg("a ballista's, catapult's or trebuchet's place"),
    }
    events = {id(e.action): e for e in plan.tile_events}
    for a in plan.actions:
        placement = a.get("placement") or "none"
        target = a.item.get("target")
        if a.key == normalise("Gunner"):
            continue  # its target is gunner-hit-card's
        if a.key in TRANSFERS or placement == "none" or target is None:
            if a.key not in TRANSFERS and placement not in ("none", "") and target is None:
                yield Finding("stronghold.tile-placement",
                              msg("{action} needs a target: {place}.", action=a.name,
                                  place=words.get(placement, placement)), (a.pointer,),
                              hint=msg("add a target for {action}", action=a.name))
            continue
        loc = board.loc(target)
        kind = board.kind(loc)
        if placement == "cauldron":
            ok = target in (plan.data["state"].get("defender") or {}).get("cauldrons", [])
        elif placement == "catapult":
            ok = _holds(tiles, loc, lambda c: c.key == normalise("Catapult"))
        elif placement == "shooting-machine":
            ok = _holds(tiles, loc, _shooting)
        elif placement == "hospital":
            ok = loc is not None and loc == board.hospital
        elif placement == "building":
            ok = kind == "building"
        else:
            ok = kind == placement
        if not ok:
            yield Finding("stronghold.tile-placement", msg("{action} goes on {place}; {target} is not one.",
                                                           action=a.name, place=words.get(placement, placement),
                                                           target=repr(target)), (f"{a.pointer}/target",),
                          hint=msg("choose {place}", place=words.get(placement, placement)))
        event = events.get(id(a))
        if event is not None:
            tiles = list(event.tiles)
    for o in plan.orders:
        if board.kind(o.loc) != "wall-section":
            yield Finding("stronghold.tile-placement", msg("{name} goes on a wall section; {section} is not one.",
                                                           name=o.card.name, section=repr(o.section)),
                          (f"{o.pointer}/section",), hint=msg("give the order to a wall section"))


def _field_group(card: CardFacts) -> str | None:
    placement = card.get("placement")
    if card.kind == "machine":
        if placement == "rampart":
            return "machine" if _shooting(card) else "cover"
        if placement == "gathering-point":
            return "gp-machine"
        if placement == "wall-section":
            return "siege-tower"
        if placement == "gate":
            return "ram"
    if card.kind == "training" and placement == "building":
        return "saboteur"
    return None


@rule("stronghold.one-item-per-field", P_BOARD)
def one_item_per_field(plan: Plan, p: Params) -> Iterator[Outcome]:
    """One item per field: one ballista or catapult on a rampart's machine field, one cover on its cover field,
    trebuchets and altars up to a gathering point's machine fields, one siege tower per section, the ram's fields,
    one saboteur per building.

    Source: 002_d44d61b2c33012b1.txt, A TÁBLÁN LÉVŐ MEZŐK ("egy mezőn csak egy elem"); A TÁBLA LEÍRÁSA
    """
    if not plan.plan:
        return
    yield from plan.need_board("stronghold.one-item-per-field")
    board = plan.board
    if board is None:
        return
    for e in plan.tile_events:
        group = _field_group(e.tile.card)
        if group is None:
            continue
        here = [t for t in e.tiles if t.at == e.tile.at and _field_group(t.card) == group]
        if group == "machine":
            fields = board.field_count("machine")
        elif group == "cover":
            fields = board.field_count("cover")
        elif group == "gp-machine":
            info = board.layout.get("gathering_points", {}).get(e.tile.at, {})
            fields = int(info.get("machine_fields", 1))
        elif group == "ram":
            fields = int(board.layout.get("gate", {}).get("ram_fields", 5))
        else:
            fields = 1
        if len(here) > fields:
            message = (
                nmsg("{at} has {n} field for a siege tower; {action} would be number {number}.",
                     "{at} has {n} fields for a siege tower; {action} would be number {number}.", fields,
                     at=e.tile.at, action=e.action.name, number=len(here)) if group == "siege-tower"
                else nmsg("{at} has {n} field for such tiles; {action} would be number {number}.",
                          "{at} has {n} fields for such tiles; {action} would be number {number}.", fields,
                          at=e.tile.at, action=e.action.name, number=len(here))
            )
            yield Finding("stronghold.one-item-per-field", message, (f"{e.action.pointer}/target",),
                          hint=msg("place {action} elsewhere", action=e.action.name))


@rule("stronghold.siege-tower-section", P_BOARD)
def siege_tower_section(plan: Plan, p: Params) -> Iterator[Outcome]:
    """A siege tower stands only at one of the 4 wall sections marked for it (board data).

    Source: 002_d44d61b2c33012b1.txt, OSTROMTORONY; A TÁBLA LEÍRÁSA ("9 falszakaszból csak 4")
    """
    if not plan.plan:
        return
    yield from plan.need_board("stronghold.siege-tower-section")
    board = plan.board
    if board is None:
        return
    marked = [s for s, info in board.layout.get("sections", {}).items() if info.get("siege_tower")]
    for e in plan.tile_events:
        if (e.tile.card.key == normalise("Siege Tower") and board.kind(e.tile.at) == "wall-section"
                and not board.section(e.tile.at).get("siege_tower")):
            yield Finding("stronghold.siege-tower-section", msg("No siege tower fits at {at}.", at=e.tile.at),
                          (f"{e.action.pointer}/target",), hint=msg("build it at {places}", places=or_text(marked)))


@rule("stronghold.ram-per-round", P_RAM_PER_ROUND)
def ram_per_round(plan: Plan, p: Params) -> Iterator[Outcome]:
    """3-4 players: at most 1 ram part is built in a round, by both attackers together.

    Source: 002_d44d61b2c33012b1.txt, FALTÖRŐ KOS; HÁROMFŐS JÁTÉK
    """
    if not plan.plan:
        return
    built = [a for a in plan.actions if a.key == normalise("Ram")]
    count = sum(a.qty for a in built) + (1 if plan.data.get("ally_built_ram_this_round") else 0)
    most = int(p["ram_parts_per_round"])
    if built and count > most:
        message = (
            nmsg("{n} ram part would be built this round (the ally has built one); at most {most}.",
                 "{n} ram parts would be built this round (the ally has built one); at most {most}.", count, most=most)
            if plan.data.get("ally_built_ram_this_round")
            else nmsg("{n} ram part would be built this round; at most {most}.",
                      "{n} ram parts would be built this round; at most {most}.", count, most=most)
        )
        yield Finding("stronghold.ram-per-round", message, tuple(a.pointer for a in built),
                      hint=nmsg("{n} ram part too many", "{n} ram parts too many", count - most))


def _equipment_on(tiles: Iterable[Tile], loc: str) -> list[Tile]:
    return [t for t in tiles
            if t.at == loc and t.card.kind == "equipment" and t.card.get("placement") == "wall-section"]


@rule("stronghold.equipment-per-section", P_EQUIPMENT_PER_SECTION)
def equipment_per_section(plan: Plan, p: Params) -> Iterator[Outcome]:
    """At most 2 equipment tiles per wall section, of different types (§13.1 item 8), also after a transfer.

    Source: 002_d44d61b2c33012b1.txt, 3. FÁZIS: FELSZERELÉS ("legfeljebb 2 különböző felszerelés")
    """
    most = int(p["equipment_per_section"])
    for e in plan.tile_events:
        if e.tile.card.kind != "equipment" or e.tile.card.get("placement") != "wall-section":
            continue
        here = _equipment_on(e.tiles, e.tile.at)
        same = [t for t in here if t.card.key == e.tile.card.key]
        pointer = f"{e.action.pointer}/{'to' if e.moved_from is not None else 'target'}"
        if len(same) > 1:
            yield Finding("stronghold.equipment-per-section",
                          msg("{at} would hold {count} {name} tiles; the equipment of a section is of different types.",
                              at=e.tile.at, count=len(same), name=e.tile.card.name), (pointer,),
                          hint=msg("put {name} on another section", name=e.tile.card.name))
        elif len(here) > most:
            yield Finding("stronghold.equipment-per-section", msg("{at} would hold {count} equipment tiles; at most "
                                                                  "{most}.", at=e.tile.at, count=len(here), most=most),
                          (pointer,), hint=msg("put {name} on another section", name=e.tile.card.name))


@rule("stronghold.bridge-empty-path")
def bridge_empty_path(plan: Plan, p: Params) -> Iterator[Outcome]:
    """A bridge goes only on a path field with no trap and no bridge (1 trap or bridge per field).

    Source: 002_d44d61b2c33012b1.txt, HÍD; ÚTVONALAK
    """
    if not plan.plan:
        return
    traps = {normalise(t) for t in plan.data["state"].get("traps") or []}
    for e in plan.tile_events:
        if e.tile.card.key != normalise("Bridge"):
            continue
        bridges = [t for t in e.tiles if t.at == e.tile.at and t.card.key == e.tile.card.key]
        if normalise(e.tile.at) in traps:
            yield Finding("stronghold.bridge-empty-path", msg("{at} holds a defender trap.", at=e.tile.at),
                          (f"{e.action.pointer}/target",), hint=msg("build the bridge on an empty path field"))
        elif len(bridges) > 1:
            yield Finding("stronghold.bridge-empty-path", msg("{at} already has a bridge.", at=e.tile.at),
                          (f"{e.action.pointer}/target",), hint=msg("build the bridge on an empty path field"))


@rule("stronghold.training-per-rampart", P_TRAINING_PER_RAMPART)
def training_per_rampart(plan: Plan, p: Params) -> Iterator[Outcome]:
    """At most 2 training tiles per rampart, of different types (saboteurs and gunners are not on ramparts).

    Source: 002_d44d61b2c33012b1.txt, 4. FÁZIS: KIKÉPZÉS ("legfeljebb 2 különböző kiképzőlapkát")
    """
    most = int(p["training_per_rampart"])
    for e in plan.tile_events:
        card = e.tile.card
        if card.kind != "training" or card.get("placement") != "rampart":
            continue
        here = [t for t in e.tiles if t.at == e.tile.at and t.card.kind == "training"
                and t.card.get("placement") == "rampart"]
        same = [t for t in here if t.card.key == card.key]
        pointer = f"{e.action.pointer}/{'to' if e.moved_from is not None else 'target'}"
        if len(same) > 1:
            yield Finding("stronghold.training-per-rampart",
                          msg("{at} would hold {count} {name} tiles; the training tiles of a rampart are of different "
                              "types.", at=e.tile.at, count=len(same), name=card.name), (pointer,),
                          hint=msg("put {name} at another rampart", name=card.name))
        elif len(here) > most:
            yield Finding("stronghold.training-per-rampart", msg("{at} would hold {count} training tiles; at most "
                                                                 "{most}.", at=e.tile.at, count=len(here), most=most),
                          (pointer,), hint=msg("put {name} at another rampart", name=card.name))


@rule("stronghold.gunner-hit-card")
def gunner_hit_card(plan: Plan, p: Params) -> Iterator[Outcome]:
    """A Gunner adds a hit card to an existing ballista, catapult or trebuchet, and a spare hit card must exist (each
    new shooting machine takes 2 from the supply first).

    Source: 002_d44d61b2c33012b1.txt, TÜZÉR
    """
    if not plan.plan:
        return
    supply = int(plan.data["state"]["hit_cards_in_supply"])
    tiles = list(plan.tiles_start)
    events = {id(e.action): e for e in plan.tile_events}
    for a in plan.actions:
        event = events.get(id(a))
        if event is not None:
            tiles = list(event.tiles)
            if event.moved_from is None and _shooting(event.tile.card):
                supply -= SHOOTING_HIT_CARDS * a.qty
        if a.key != normalise("Gunner"):
            continue
        at = board_loc(plan, a.item.get("target"))
        if not _holds(tiles, at, _shooting):
            yield Finding("stronghold.gunner-hit-card", msg("No ballista, catapult or trebuchet stands at {target}.",
                                                            target=repr(a.item.get("target"))),
                          (f"{a.pointer}/target",), hint=msg("name a shooting machine's place"))
        if supply < a.qty:
            yield Finding("stronghold.gunner-hit-card", msg("No spare hit card is left ({supply} in the supply).",
                                                            supply=max(supply, 0)),
                          (a.pointer,), hint=msg("leave out the Gunner"))
        supply -= a.qty


@rule("stronghold.recruit-exchange")
def recruit_exchange(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Recruit Trainer: 2 goblins given bring 2 orcs, 2 orcs given bring 2 trolls, into the camp.

    Source: 002_d44d61b2c33012b1.txt, ÚJONCKIKÉPZŐ
    """
    if not plan.plan:
        return
    upgrade = {"goblin": "orc", "orc": "troll"}
    for a in plan.actions:
        if a.key != normalise("Recruit Trainer"):
            continue
        pay, got = a.pay, units_of(a.item.get("receive"))
        want = Counter({upgrade[k]: n for k, n in pay.items() if k in upgrade})
        if got != want:
            yield Finding("stronghold.recruit-exchange",
                          msg("Recruit Trainer paid with {pay} brings {want}, not {got}.", pay=show(pay),
                              want=show(want), got=show(got)),
                          (f"{a.pointer}/receive",), hint=msg("receive {units}", units=show(want)))


@rule("stronghold.transfer-restrictions")
def transfer_restrictions(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Equipment Transfer moves one equipment tile already on the board to another place of the same kind (a ladder
    with a unit on it stays); Training Relocation moves a training tile to another rampart, or a saboteur to another
    building.

    Source: 002_d44d61b2c33012b1.txt, FELSZERELÉS ÁTSZÁLLÍTÁS; KIKÉPZÉS ÁTHELYEZÉS
    """
    if not plan.plan:
        return
    moved = {id(e.action) for e in plan.tile_events if e.moved_from is not None}
    tiles = list(plan.tiles_start)
    events = {id(e.action): e for e in plan.tile_events}
    for a in plan.actions:
        event = events.get(id(a))
        if a.key not in TRANSFERS:
            if event is not None:
                tiles = list(event.tiles)
            continue
        kind = "equipment" if a.key == "equipment transfer" else "training"
        name, src = str(a.item.get("tile")), board_loc(plan, a.item.get("from"))
        standing = [t for t in tiles if t.card.key == normalise(name) and t.at == src]
        if id(a) not in moved:
            if standing and all(t.occupied for t in standing):
                message = msg("{action}: the {name} at {place} carries a unit and cannot move.", action=a.name,
                              name=name, place=str(a.item.get("from")))
            else:
                message = msg("{action}: no {name} stands at {place}.", action=a.name, name=name,
                              place=repr(a.item.get("from")))
            yield Finding("stronghold.transfer-restrictions", message, (f"{a.pointer}/tile",),
                          hint=msg("move a tile that stands there"))
            continue
        card = standing[0].card if standing else None
        if event is not None:
            tiles = list(event.tiles)
        if card is None or card.kind != kind:
            yield Finding("stronghold.transfer-restrictions",
                          msg("{action} moves equipment tiles, not {name}.", action=a.name, name=name)
                          if kind == "equipment"
                          else msg("{action} moves training tiles, not {name}.", action=a.name, name=name),
                          (f"{a.pointer}/tile",),
                          hint=msg("name a equipment tile") if kind == "equipment" else msg("name a training tile"))
            continue
        dst = board_loc(plan, a.item.get("to"))
        board = plan.board
        if board is not None and board.kind(dst) != board.kind(src):
            where = word_for(LOCATION_WORDS, board.kind(src))
            yield Finding("stronghold.transfer-restrictions", msg("{name} stands on {kind}; {place} is not one.",
                                                                  name=card.name, kind=where,
                                                                  place=repr(a.item.get("to"))),
                          (f"{a.pointer}/to",), hint=msg("move it to another {kind}", kind=where))
        elif dst == src:
            yield Finding("stronghold.transfer-restrictions", msg("{action} moves the tile to where it stands.",
                                                                  action=a.name),
                          (f"{a.pointer}/to",), hint=msg("name another place"))


def _side(plan: Plan, loc: str | None) -> str | None:
    return plan.board.sides.get(loc) if plan.board is not None and loc is not None else None


@rule("stronghold.same-side", P_BOARD)
def same_side(plan: Plan, p: Params) -> Iterator[Outcome]:
    """No attacker unit or tile ever crosses to the other side (the gate tower lies between them); with 3-4 players
    each attacker acts only on his own side (the gate tower and the fortress are shared).

    Source: 002_d44d61b2c33012b1.txt, A TÁBLA OLDALAI; HÁROMFŐS JÁTÉK: Az erőd oldalának kiválasztása
    """
    if not plan.plan:
        return
    yield from plan.need_board("stronghold.same-side")
    if plan.board is None:
        return
    rule_id = "stronghold.same-side"
    for a in plan.actions:
        if a.key in TRANSFERS:
            s1, s2 = _side(plan, board_loc(plan, a.item.get("from"))), _side(plan, board_loc(plan, a.item.get("to")))
            if s1 and s2 and s1 != s2:
                yield Finding(rule_id, msg("{action} would move a tile from the {from_side} side to the {to_side} "
                                           "side.", action=a.name, from_side=word_for(SIDE_WORDS, s1),
                                           to_side=word_for(SIDE_WORDS, s2)),
                              (f"{a.pointer}/to",), hint=msg("move it within the {side} side",
                                                             side=word_for(SIDE_WORDS, s1)))
    for m in [*plan.moves, *plan.rope_moves]:
        s1, s2 = _side(plan, m.src), _side(plan, m.dst)
        if s1 and s2 and s1 != s2:
            yield Finding(rule_id, msg("Units cannot cross from the {from_side} side ({source}) to the {to_side} side "
                                       "({dest}).", from_side=word_for(SIDE_WORDS, s1), source=m.source,
                                       to_side=word_for(SIDE_WORDS, s2), dest=m.dest),
                          (f"{m.pointer}/to",), hint=msg("move them within the {side} side",
                                                         side=word_for(SIDE_WORDS, s1)))
    own = plan.data.get("side")
    if plan.two_player or own is None:
        return
    named: list[tuple[str, str | None, str]] = []
    for a in plan.actions:
        if a.get("placement") != "cauldron" and a.item.get("target") is not None:
            named.append((f"{a.pointer}/target", board_loc(plan, a.item["target"]), a.item["target"]))
        for key in ("from", "to"):
            if a.item.get(key) is not None:
                named.append((f"{a.pointer}/{key}", board_loc(plan, a.item[key]), a.item[key]))
    for m in [*plan.moves, *plan.rope_moves]:
        if m.src != CAMP:
            named.append((f"{m.pointer}/from", m.src, m.source))
        named.append((f"{m.pointer}/to", m.dst, m.dest))
    named += [(f"{o.pointer}/section", o.loc, o.section) for o in plan.orders]
    for pointer, loc, text in named:
        side = _side(plan, loc)
        if side is not None and side != own:
            yield Finding(rule_id, msg("{place} is on the {side} side; this attacker plays the {own} side.",
                                       place=text, side=word_for(SIDE_WORDS, side), own=word_for(SIDE_WORDS, own)),
                          (pointer,), hint=msg("choose a place on the {own} side (or the gate tower)",
                                               own=word_for(SIDE_WORDS, own)))


@rule("stronghold.escape-knife", P_ESCAPE_GOBLINS)
def escape_knife(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Escape from the Knife returns 1 to 3 goblins, no more than the killed goblins in the supply (not those on the
    glory board).

    Source: 002_d44d61b2c33012b1.txt, MENEKÜLÉS A KÉS ALÓL
    """
    if not plan.plan:
        return
    killed, most = int(plan.data["state"]["killed_goblins"]), int(p["escape_goblins"])
    for a, _gp, _after in plan.escapes:
        n = int(a.item.get("goblins") or 0)
        if not 1 <= n <= most:
            yield Finding("stronghold.escape-knife", msg("Escape from the Knife returns 1 to {most} goblins, not {n}.",
                                                         most=most, n=n),
                          (f"{a.pointer}/goblins",), hint=msg("return 1 to {most} goblins", most=most))
        elif n > killed:
            yield Finding("stronghold.escape-knife", nmsg("Only {n} killed goblin are in the supply; the plan returns "
                                                          "{returned}.", "Only {n} killed goblins are in the supply; "
                                                          "the plan returns {returned}.", killed, returned=n),
                          (f"{a.pointer}/goblins",), hint=msg("return at most {killed}", killed=killed))


def has_commissar(tiles: Iterable[Tile], loc: str | None) -> bool:
    return _holds(tiles, loc, lambda c: c.key == normalise("Commissar"))


def _camp_group(plan: Plan, dst: str | None) -> str:
    """Where a camp move counts toward the limit: a side's gathering point with its siege towers and trapdoor
    sections (§13.1 item 2), or the gate tower on its own."""
    board = plan.board
    if board is None or dst is None:
        return str(dst)
    if board.kind(dst) in ("siege-tower", "wall-section"):
        side = board.sides.get(dst)
        gps = [g for g, info in board.layout.get("gathering_points", {}).items() if info.get("side") == side]
        return gps[0] if len(gps) == 1 else f"{side} side"
    return dst


@rule("stronghold.mobilization-limit", P_MOBILIZATION, P_COMMISSAR_MOVES, P_CAMP_LIMIT_SCOPE, P_BOARD)
def mobilization_limit(plan: Plan, p: Params) -> Iterator[Outcome]:
    """In one mobilization at most 5 (lesser) or 7 (major) units leave each rampart (2 more from a rampart with a
    commissar) and each gathering point; from the camp at most 5 / 7 go to each gathering point (with its side's
    siege towers and trapdoors, §13.1 item 2) and to the gate tower.

    Source: 002_d44d61b2c33012b1.txt, KISEBB MOZGÓSÍTÁS; FŐ MOZGÓSÍTÁS; 6.FÁZIS: MOZGÓSÍTÁS (the siege-tower
        example); HADBIZTOS
    """
    for a in plan.actions:
        if a.key not in MOBILIZATIONS:
            continue
        limit = int(_mobilization(p, a).get("limit", 0))
        leaving: dict[str, list[MoveEvent]] = {}
        arriving: dict[str, list[MoveEvent]] = {}
        for m in plan.moves:
            if m.action is not a or m.src is None:
                continue
            if m.src == CAMP:
                group = "the camp's moves" if p["camp_limit_scope"] == "total" else _camp_group(plan, m.dst)
                arriving.setdefault(group, []).append(m)
            else:
                leaving.setdefault(m.src, []).append(m)
        for src, items in leaving.items():
            most = limit + (int(p["commissar_extra_moves"]) if has_commissar(plan.tiles_end, src) else 0)
            count = sum(sum(m.units.values()) for m in items)
            if count > most:
                yield Finding("stronghold.mobilization-limit", msg("{action}: {count} units leave {place}; at most "
                                                                   "{most}.", action=a.name, count=count, place=src,
                                                                   most=most),
                              tuple(m.pointer for m in items), hint=nmsg("move {n} unit fewer from {place}",
                                                                         "move {n} units fewer from {place}",
                                                                         count - most, place=src))
        for group, items in arriving.items():
            count = sum(sum(m.units.values()) for m in items)
            if count > limit:
                where: Text | str = msg("its destinations") if p["camp_limit_scope"] == "total" else (
                    msg("{place} and its side", place=group) if group != items[0].dst else group)
                yield Finding("stronghold.mobilization-limit", msg("{action}: {count} units go from the camp to "
                                                                   "{where}; at most {limit}.", action=a.name,
                                                                   count=count, where=where, limit=limit),
                              tuple(m.pointer for m in items), hint=nmsg("move {n} unit fewer from the camp there",
                                                                         "move {n} units fewer from the camp there",
                                                                         count - limit))


@rule("stronghold.mobilization-sequence")
def mobilization_sequence(plan: Plan, p: Params) -> Iterator[Outcome]:
    """A mobilization moves rampart units first, then gathering-point units, then camp units; only units that were on
    a place when the mobilization began may leave it, each at most once in that mobilization.

    Source: 002_d44d61b2c33012b1.txt, EGY MOZGÓSÍTÁSI AKCIÓT A KÖVETKEZŐKÉPPEN HAJTUNK VÉGRE
    """
    names = {0: msg("A rampart move"), 1: msg("A gathering-point move"), 2: msg("A camp move")}
    after = {0: msg("a rampart move"), 1: msg("a gathering-point move"), 2: msg("a camp move")}
    for a in plan.actions:
        if a.key not in MOBILIZATIONS:
            continue
        reached = -1
        for m in plan.moves:
            if m.action is not a:
                continue
            if m.order >= 0:
                if m.order < reached:
                    yield Finding("stronghold.mobilization-sequence", msg("{move} after {earlier}: ramparts move "
                                                                          "first, then gathering points, then the "
                                                                          "camp.", move=names[m.order],
                                                                          earlier=after[reached]),
                                  (m.pointer,), hint=msg("reorder the moves"))
                reached = max(reached, m.order)
            short = m.units - m.available
            if m.src is not None and short:
                place: Text | str = msg("the camp") if m.src == CAMP else m.src
                yield Finding("stronghold.mobilization-sequence", msg("{units} leave {place}, where only {available} "
                                                                      "may still move in this mobilization.",
                                                                      units=show(m.units), place=place,
                                                                      available=show(m.available)),
                              (f"{m.pointer}/units",),
                              hint=msg("{units} too many: units that arrived or moved in this mobilization stay",
                                       units=show(short)))


@rule("stronghold.forward-movement", P_BOARD)
def forward_movement(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Units move only forward along the paths: gathering point to a rampart it leads to, rampart to a wall section
    it reaches or (east) inner to outer rampart; with a drover also to an adjacent rampart or back to the gathering
    point; camp to a gathering point or the gate tower (camp to a section or siege tower: direct-entry).

    Source: 002_d44d61b2c33012b1.txt, ÚTVONALAK; GYÜLEKEZŐHELYEK ÉS SÁNCOK; HAJCSÁR; MOZGÓSÍTÁS
    """
    if not plan.plan:
        return
    yield from plan.need_board("stronghold.forward-movement")
    board = plan.board
    if board is None:
        return
    for m in plan.moves:
        src, dst = m.src, m.dst
        kind_to = board.kind(dst)
        if src is None or dst is None:
            bad = m.source if src is None else m.dest
            yield Finding("stronghold.forward-movement", msg("{place} is not a place of the board.", place=repr(bad)),
                          (f"{m.pointer}/{'from' if src is None else 'to'}",),
                          hint=msg("name a location of the board"))
            continue
        kind_from = board.kind(src)
        if src == CAMP:
            ok = kind_to in ("gathering-point", "gate", "wall-section", "siege-tower")
        elif kind_from == "gathering-point":
            ok = kind_to == "rampart" and src in board.rampart(dst).get("entered_from", [])
        elif kind_from == "rampart":
            info = board.rampart(src)
            ok = (dst in info.get("reaches", []) or (kind_to == "rampart" and src in board.rampart(dst).get(
                "entered_from", [])))
            if not ok and _drover(plan, src):
                ok = dst in board.adjacent_ramparts(src) or (kind_to == "gathering-point"
                                                             and board.sides.get(dst) == board.sides.get(src))
        else:
            ok = False
        if not ok:
            yield Finding("stronghold.forward-movement", msg("Units cannot move from {source} to {dest}: only forward "
                                                             "along the paths.", source=m.source, dest=m.dest),
                          (f"{m.pointer}/to",), hint=_forward_hint(plan, src))


def _drover(plan: Plan, loc: str) -> bool:
    return _holds(plan.tiles_end, loc, lambda c: c.key == normalise("Drover"))


def _forward_hint(plan: Plan, src: str) -> Text:
    board = plan.board
    assert board is not None
    if src == CAMP:
        return msg("from the camp, move to a gathering point or the gate tower")
    kind = board.kind(src)
    if kind == "gathering-point":
        ramps = [r for r, info in board.layout.get("ramparts", {}).items() if src in info.get("entered_from", [])]
        return msg("from {place}, move to {places}", place=src,
                   places=or_text(ramps) if ramps else msg("a rampart it leads to"))
    if kind == "rampart":
        nxt = list(board.rampart(src).get("reaches", [])) + [
            r for r, info in board.layout.get("ramparts", {}).items() if src in info.get("entered_from", [])]
        return msg("from {place}, move to {places}", place=src, places=or_text(nxt))
    return msg("units on {place} do not move in a mobilization", place=src)


@rule("stronghold.direct-entry", P_BOARD)
def direct_entry(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Camp units reach a wall section only through a trapdoor there (1 unit per trapdoor in each mobilization), and
    a siege tower only where one stands.

    Source: 002_d44d61b2c33012b1.txt, CSAPÓAJTÓ; OSTROMTORONY
    """
    if not plan.plan:
        return
    board = plan.board
    if board is None:
        return
    for a in plan.actions:
        if a.key not in MOBILIZATIONS:
            continue
        through: dict[str, list[MoveEvent]] = {}
        for m in plan.moves:
            if m.action is not a or m.src != CAMP:
                continue
            kind = board.kind(m.dst)
            if kind == "siege-tower":
                section = str(m.dst)[len(TOWER):]
                if not _holds(plan.tiles_end, section, lambda c: c.key == normalise("Siege Tower")):
                    yield Finding("stronghold.direct-entry",
                                  msg("No siege tower stands at {section}.", section=section),
                                  (f"{m.pointer}/to",), hint=msg("build a siege tower there first, or move elsewhere"))
            elif kind == "wall-section":
                through.setdefault(str(m.dst), []).append(m)
        for section, items in through.items():
            doors = len(plan.tiles_at(plan.tiles_end, section, "Trapdoor"))
            count = sum(sum(m.units.values()) for m in items)
            if count > doors:
                message = (
                    msg("{count} units go from the camp straight onto {section}; no trapdoor is there.", count=count,
                        section=section) if not doors
                    else msg("{count} units go from the camp straight onto {section}; its trapdoor lets {doors} "
                             "through.", count=count, section=section, doors=doors)
                )
                yield Finding("stronghold.direct-entry", message, tuple(f"{m.pointer}/to" for m in items),
                              hint=nmsg("move {n} unit to a gathering point instead",
                                        "move {n} units to a gathering point instead", count - doors))


@rule("stronghold.rope-move", P_ROPE_MOVES, P_BOARD)
def rope_move(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Ropes: in phase 6, 1 unit moves from the rope's section to an adjacent section with room, never across the
    gate tower; 1 unit per round (§13.1 item 24).

    Source: 002_d44d61b2c33012b1.txt, KÖTELEK
    """
    if not plan.plan or not plan.rope_moves:
        return
    yield from plan.need_board("stronghold.rope-move")
    board = plan.board
    if board is None:
        return
    rule_id = "stronghold.rope-move"
    most = int(p["rope_moves_per_round"])
    if len(plan.rope_moves) > most:
        yield Finding(rule_id, nmsg("{count} rope moves; ropes move {n} unit a round.",
                                    "{count} rope moves; ropes move {n} units a round.", most,
                                    count=len(plan.rope_moves)),
                      tuple(m.pointer for m in plan.rope_moves[most:]),
                      hint=nmsg("keep {n} rope move", "keep {n} rope moves", most))
    for m in plan.rope_moves:
        if sum(m.units.values()) != 1:
            yield Finding(rule_id, msg("A rope moves 1 unit, not {count}.", count=sum(m.units.values())),
                          (f"{m.pointer}/units",), hint=msg("move exactly 1 unit"))
        if not plan.tiles_at(plan.tiles_end, str(m.src), "Ropes"):
            yield Finding(rule_id, msg("No Ropes on {source}.", source=m.source), (f"{m.pointer}/from",),
                          hint=msg("move from a section with Ropes"))
        elif m.dst not in board.wall_neighbours(str(m.src)):
            yield Finding(rule_id, msg("{dest} is not next to {source} (and never across the gate tower).",
                                       dest=m.dest, source=m.source),
                          (f"{m.pointer}/to",), hint=msg("move to {places}", places=or_text(sorted(
                              board.wall_neighbours(str(m.src))))))
        if m.units - m.available:
            yield Finding(rule_id, msg("{source} holds {available}; the rope moves {units}.", source=m.source,
                                       available=show(m.available), units=show(m.units)),
                          (f"{m.pointer}/units",), hint=msg("move a unit that stands there"))


def _capacity_findings(rule_id: str, plan: Plan, kinds: tuple[str, ...], room: Any) -> Iterator[Outcome]:
    if not plan.plan:
        return
    yield from plan.need_board(rule_id)
    board = plan.board
    if board is None:
        return
    events: list[tuple[str, str | None, dict[str, Counter[str]]]] = [
        (f"{m.pointer}/to", m.dst, m.after) for m in [*plan.moves, *plan.rope_moves]]
    events += [(f"{a.pointer}/target", gp, after) for a, gp, after in plan.escapes]
    for pointer, loc, after in events:
        if loc is None or board.kind(loc) not in kinds:
            continue
        most = room(loc)
        if most is None:
            continue
        held = sum(after.get(loc, Counter()).values())
        if held > most:
            yield Finding(rule_id, nmsg("{place} would hold {n} unit; it holds at most {most}.",
                                        "{place} would hold {n} units; it holds at most {most}.", held, place=loc,
                                        most=most), (pointer,),
                          hint=nmsg("move {n} unit fewer to {place} (room for {most} in all)",
                                    "move {n} units fewer to {place} (room for {most} in all)", held - most,
                                    place=loc, most=most))


@rule("stronghold.gathering-point-capacity", P_BOARD)
def gathering_point_capacity(plan: Plan, p: Params) -> Iterator[Outcome]:
    """A gathering point holds at most 10 units, after every move and after Escape from the Knife.

    Source: 002_d44d61b2c33012b1.txt, MOZGÓSÍTÁS ("a gyülekezőhelyen sem lehet 10-nél több"); MENEKÜLÉS A KÉS ALÓL
    """
    board = plan.board
    yield from _capacity_findings("stronghold.gathering-point-capacity", plan, ("gathering-point",),
                                  lambda loc: board.capacity(loc) if board else None)


@rule("stronghold.rampart-capacity", P_COMMISSAR_CAPACITY, P_BOARD)
def rampart_capacity(plan: Plan, p: Params) -> Iterator[Outcome]:
    """A rampart holds at most 7 units, 9 with a commissar.

    Source: 002_d44d61b2c33012b1.txt, MOZGÓSÍTÁS ("a sáncoknál pedig 7-nél több"); HADBIZTOS
    """
    board = plan.board

    def room(loc: str) -> int | None:
        if board is None:
            return None
        if has_commissar(plan.tiles_end, loc):
            return int(p["commissar_rampart_capacity"])
        return board.capacity(loc)

    yield from _capacity_findings("stronghold.rampart-capacity", plan, ("rampart",), room)


@rule("stronghold.section-capacity", P_BOARD)
def section_capacity(plan: Plan, p: Params) -> Iterator[Outcome]:
    """A wall section holds its printed attacker slots plus 1 per ladder; a siege tower holds 3 more (board data).

    Source: 002_d44d61b2c33012b1.txt, A TÁBLA LEÍRÁSA: falszakaszok; LÉTRÁK; OSTROMTORONY
    """
    board = plan.board

    def room(loc: str) -> int | None:
        if board is None:
            return None
        base = board.capacity(loc)
        if base is None:
            return None
        if board.kind(loc) == "wall-section":
            extra = sum(int(t.card.get("extra_slots") or 0) for t in plan.tiles_at(plan.tiles_end, loc, "Ladders"))
            return base + extra
        return base

    yield from _capacity_findings("stronghold.section-capacity", plan, ("wall-section", "siege-tower"), room)


@rule("stronghold.gate-tower-capacity", P_BOARD)
def gate_tower_capacity(plan: Plan, p: Params) -> Iterator[Outcome]:
    """The gate tower holds at most 2 crew per ram part on the board (this round's parts included).

    Source: 002_d44d61b2c33012b1.txt, FALTÖRŐ KOS; MOZGÓSÍTÁS
    """
    board = plan.board

    def room(loc: str) -> int | None:
        if board is None:
            return None
        parts = len([t for t in plan.tiles_end if t.at == loc and t.card.key == normalise("Ram")])
        return parts * int(board.layout.get("gate", {}).get("crew_per_part", 2))

    yield from _capacity_findings("stronghold.gate-tower-capacity", plan, ("gate",), room)


@rule("stronghold.order-unit-type")
def order_unit_type(plan: Plan, p: Params) -> Iterator[Outcome]:
    """An order needs at least 1 unit of its type on the section after all movement (Goblin Frenzy a goblin, Orc
    Blast an orc, Troll Call a troll; Bluff none, §13.1 item 4). A siege tower's units count for its section.

    Source: 002_d44d61b2c33012b1.txt, PARANCSOK
    """
    for o in plan.orders:
        unit = o.card.get("unit_type")
        if not unit:
            continue
        there = plan.units_end.get(str(o.loc), Counter()) + plan.units_end.get(f"{TOWER}{o.loc}", Counter())
        if not there.get(unit):
            yield Finding("stronghold.order-unit-type", msg("{name} needs a {unit} on {section}; none is there after "
                                                            "the movement.", name=o.card.name,
                                                            unit=word_for(UNIT_WORDS, unit), section=o.section),
                          (f"{o.pointer}/section",),
                          hint=msg("move a {unit} onto {section}, or give the order elsewhere",
                                   unit=word_for(UNIT_WORDS, unit), section=o.section))


@rule("stronghold.one-order-per-section")
def one_order_per_section(plan: Plan, p: Params) -> Iterator[Outcome]:
    """One order per wall section.

    Source: 002_d44d61b2c33012b1.txt, PARANCSOK ("falszakaszonként 1 parancs")
    """
    by_section: dict[str, list[OrderItem]] = {}
    for o in plan.orders:
        by_section.setdefault(str(o.loc or o.section), []).append(o)
    for section, items in by_section.items():
        count = sum(o.qty for o in items)
        if count > 1:
            yield Finding("stronghold.one-order-per-section", msg("{section} has {count} orders; one order per "
                                                                  "section.", section=section, count=count),
                          tuple(o.pointer for o in items), hint=nmsg("{n} order too many on {section}",
                                                                     "{n} orders too many on {section}", count - 1,
                                                                     section=section))


@rule("stronghold.open-order-single", P_OPEN_ORDERS)
def open_order_single(plan: Plan, p: Params) -> Iterator[Outcome]:
    """Open Order places one order face up; any others go face down with Secret Orders (§13.1 item 3).

    Source: 002_d44d61b2c33012b1.txt, NYÍLT PARANCS
    """
    open_ = [o for o in plan.orders if not o.secret]
    count, most = sum(o.qty for o in open_), int(p["open_orders"])
    if count > most:
        yield Finding("stronghold.open-order-single", msg("{count} orders face up; Open Order places {most}.",
                                                          count=count, most=most),
                      tuple(o.pointer for o in open_[1:]) or (open_[0].pointer,),
                      hint=nmsg("make {n} order secret (Secret Orders, 1 hourglass)",
                                "make {n} orders secret (Secret Orders, 1 hourglass)", count - most))


@rule("stronghold.ally-action", P_ALLY_SURCHARGE)
def ally_action(plan: Plan, p: Params) -> Iterator[Outcome]:
    """3-4 players: an action on the ally's card costs 1 more hourglass (hourglass-total), and an action either
    attacker has already taken from a card this round is spent for both.

    Source: 002_d44d61b2c33012b1.txt, HÁROMFŐS JÁTÉK: Bármely fázis: a másik támadó akciójának használata
    """
    if not plan.plan or plan.two_player:
        return
    mine = {normalise(n) for n in plan.data.get("ally_used_my_card") or []}
    his = {normalise(n) for n in plan.data.get("ally_used_own_card") or []}
    for a in plan.actions:
        spent = his if a.ally else mine
        if a.key in spent:
            message = (
                msg("{action} on the ally's card has already been taken this round.", action=a.name) if a.ally
                else msg("{action} on your card has already been taken this round.", action=a.name)
            )
            yield Finding("stronghold.ally-action", message, (a.pointer,),
                          hint=msg("leave out {action}", action=a.name))


@rule("stronghold.unit-transfer", P_UNIT_TRANSFER)
def unit_transfer(plan: Plan, p: Params) -> Iterator[Outcome]:
    """3-4 players, Transfer Units: after drawing, give the ally 1 to 3 units of one type, for 1 hourglass.

    Source: 002_d44d61b2c33012b1.txt, HÁROMFŐS JÁTÉK: EGYSÉGEK ÁTADÁSA
    """
    most = int(dict(p["unit_transfer"])["max_units"])
    for a in plan.actions:
        if a.key != normalise("Transfer Units"):
            continue
        give = units_of(a.item.get("give"))
        if len(give) != 1 or not 1 <= sum(give.values()) <= most:
            yield Finding("stronghold.unit-transfer", msg("Transfer Units gives {units}; it gives 1 to {most} units of "
                                                          "one type.", units=show(give), most=most),
                          (f"{a.pointer}/give",), hint=msg("give 1 to {most} units of one type", most=most))


@rule("stronghold.no-resource-sharing")
def no_resource_sharing(plan: Plan, p: Params) -> Iterator[Outcome]:
    """3-4 players: the attackers may not share resources.

    Source: 002_d44d61b2c33012b1.txt, HÁROMFŐS JÁTÉK: 1. fázis ("A támadók nem osztozhatnak a nyersanyagokon")
    """
    given = plan.data.get("resources_given") if plan.plan else None
    if given:
        yield Finding("stronghold.no-resource-sharing", nmsg("The plan gives the ally {n} resource; attackers may not "
                                                             "share resources.", "The plan gives the ally {n} "
                                                             "resources; attackers may not share resources.", given),
                      ("/plan/resources_given",), hint=msg("give none"))
