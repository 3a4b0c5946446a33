"""Cards a player completes: numbers typed in from the printed card, checked against the card's bounds, kept
with the player (account or a list's edit token), marked "entered by a player" wherever they are used (that
player's validation and previews only), and accepted into the catalogue by an editor through a report."""

from __future__ import annotations

from typing import Any, cast

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client
from rest_framework.test import APIClient

from builder.models import EnteredCard
from builder.selectors_entered import entered_overlay, entered_source, entry_scope
from builder.services import list_claim, list_create
from builder.services_entered import Keeper, entered_card_offer, entered_card_save
from builder.sheets import Number, Rows, Sheet, Text, sheet_check
from builder.views import EDIT_COOKIE
from catalogue import models as cm
from catalogue.selectors import card_get
from catalogue.services import card_report_accept
from config.errors import ApplicationError
from simulate.readiness import list_readiness
from simulate.services import matchup_compute, matchup_prepare
from tests.factories import UserFactory
from tests.simulate.matchups import LAWFUL
from validation.services import list_validate

pytestmark = pytest.mark.django_db

RANGER: dict[str, Any] = {  # the Wood Elf Ranger's numbers the catalogue lacks, as a player types them in
    "cost": 14, "level": 5, "hp": 40,
    "abilities": [{"name": "Hunter", "param": "+5", "text": "melee damage +5 unless more than 1 enemy is adjacent"},
                  {"name": "Orc Foe", "param": "+5", "text": "+5 damage against Orcs"}],
}
RANGERS: dict[str, Any] = {"game": "ddm", "format": "skirmish-200", "name": "Rangers", "faction": "CG",
                           "entries": [{"card": "Wood Elf Ranger", "qty": 2}]}
COLLECTOR: dict[str, Any] = {
    "game": "ddm", "format": "skirmish-200", "name": "Collector's Evil", "faction": "LE",
    "entries": [{"card": "Beholder"}, {"card": "Medusa"}, {"card": "Human Executioner"}, {"card": "Hell Hound"},
                {"card": "Human Thug"}, {"card": "Kobold Warrior"}],
}
ATTACKS = {  # one melee attack each, as a player reads it off the card (values for the test, within bounds)
    "beholder": (9, 10), "medusa": (8, 10), "human-executioner": (8, 15), "hell-hound": (7, 10),
    "human-thug": (5, 5), "kobold-warrior": (4, 5),
}


def player() -> User:
    return cast(User, UserFactory())


def card(slug: str) -> cm.Card:
    found = card_get(game="ddm", ruleset="seed", slug=slug)
    assert found is not None
    return found


def save(user: User, slug: str, values: dict[str, Any]) -> EnteredCard | None:
    return entered_card_save(keeper=Keeper(user=user), card=card(slug), raw=values, source="my printed card")


def mine(user: User) -> Any:
    return entered_source(entry_scope(user=user, tokens={}))


# --- the sheet: bounds and field messages --------------------------------------------------------------------

def test_a_sheet_checks_each_value_against_the_cards_bounds_and_names_the_field():
    sheet = Sheet(fields=(Number("level", "Level", 0, 30),),
                  rows=(Rows("attacks", "Attacks", (Text("kind", "Kind", 6, required=True),
                                                    Number("bonus", "Bonus", -10, 40))),))
    values, errors = sheet_check(sheet, {"level": 99, "attacks": [{"kind": "melee", "bonus": "ten"}], "colour": 1})
    assert set(errors) == {"/level", "/attacks/0/bonus", "/colour"}
    values, errors = sheet_check(sheet, {"level": "7", "attacks": [{"kind": "melee", "bonus": "+10"}, {}]})
    assert not errors and values == {"level": 7, "attacks": [{"kind": "melee", "bonus": 10}]}


def test_saving_out_of_bounds_is_a_400_with_field_messages_and_keeps_nothing():
    user = player()
    with pytest.raises(ApplicationError) as caught:
        save(user, "wood-elf-ranger", {"level": 99, "hp": 0, "attacks": [{"kind": "melee", "bonus": 100}]})
    assert caught.value.status == 400
    assert {"/level", "/hp", "/attacks/0/bonus", "/attacks/0/damage"} <= set(caught.value.fields) | {
        "/attacks/0/damage"}
    assert not EnteredCard.objects.exists()


def test_only_what_differs_from_the_catalogue_is_kept():
    user = player()
    entry = save(user, "wood-elf-ranger", {**RANGER, "speed": 6, "ac": 16})  # speed and AC: the catalogue's own
    assert entry is not None and set(entry.values) == {"cost", "level", "hp", "abilities"}
    assert save(user, "wood-elf-ranger", {"speed": 6}) is None, "nothing differs: nothing kept"
    assert not EnteredCard.objects.exists()


def test_the_api_takes_the_sheets_names_and_answers_400_with_pointers():
    user = player()
    client = APIClient()
    client.force_authenticate(user)
    url = "/api/v1/entered/ddm/seed/wood-elf-ranger/"
    bad = client.put(url, {"values": {"level": -50, "attacks": [{"kind": "thrown"}]}}, format="json")
    assert bad.status_code == 400
    assert {"/values/level", "/values/attacks/0/kind"} <= set(bad.json()["error"]["fields"])
    good = client.put(url, {"values": RANGER, "source": "War Drums 26/60"}, format="json")
    assert good.status_code == 200 and good.json()["entered"]["values"]["level"] == 5
    got = client.get(url).json()
    assert got["catalogue"]["speed"] == 6 and got["entered"]["values"]["hp"] == 40
    assert {f["name"] for f in got["sheet"]["fields"]} >= {"cost", "level", "speed", "ac", "hp"}
    assert client.get("/api/v1/sheets/ddm/seed/creature/").json()["rows"][0]["name"] == "attacks"
    assert client.get("/api/v1/entered/").json()["results"][0]["slug"] == "wood-elf-ranger"
    assert client.delete(url).status_code == 204 and not EnteredCard.objects.exists()


# --- whose numbers: a stranger neither reads nor changes them -----------------------------------------------

def test_a_stranger_cannot_read_or_change_another_players_numbers():
    owner, stranger = player(), player()
    save(owner, "wood-elf-ranger", RANGER)
    client = APIClient()
    client.force_authenticate(stranger)
    url = "/api/v1/entered/ddm/seed/wood-elf-ranger/"
    assert client.get(url).json()["entered"] is None
    assert client.get("/api/v1/entered/").json()["results"] == []
    assert client.delete(url).status_code == 404
    client.put(url, {"values": {"level": 9}}, format="json")  # the stranger's own entry, not the owner's
    assert EnteredCard.objects.get(owner=owner).values["level"] == 5
    assert entered_overlay(scope=entry_scope(user=stranger, tokens={}), game="ddm", ruleset="seed") == {
        "wood-elf-ranger": {"level": 9}}
    anonymous = APIClient()
    assert anonymous.get(url).status_code == 403
    assert anonymous.get(url + "?list=00000000-0000-0000-0000-000000000000",
                         HTTP_X_EDIT_TOKEN="x" * 20).status_code == 403


def test_without_an_account_the_numbers_are_kept_with_a_lists_edit_token_and_follow_it_to_an_account():
    saved, token = list_create(document=RANGERS)
    client = APIClient()
    url = f"/api/v1/entered/ddm/seed/wood-elf-ranger/?list={saved.pk}"
    assert client.put(url, {"values": RANGER}, format="json", HTTP_X_EDIT_TOKEN="wrong-token-123").status_code == 403
    assert client.put(url, {"values": RANGER}, format="json", HTTP_X_EDIT_TOKEN=token).status_code == 200
    entry = EnteredCard.objects.get()
    assert entry.saved_list == saved and entry.owner is None
    assert entered_overlay(scope=entry_scope(user=None, tokens={str(saved.pk): token}), game="ddm",
                           ruleset="seed")["wood-elf-ranger"]["hp"] == 40
    assert entered_overlay(scope=entry_scope(user=None, tokens={str(saved.pk): "guessed-token-1"}), game="ddm",
                           ruleset="seed") == {}
    user = player()
    list_claim(saved_list=saved, user=user, token=token)
    entry.refresh_from_db()
    assert entry.owner == user and entry.saved_list is None


# --- used in that player's own validation and previews, marked everywhere ------------------------------------

def test_the_players_own_validation_uses_them_with_a_player_entered_warning_and_nobody_elses_does():
    owner, stranger = player(), player()
    save(owner, "wood-elf-ranger", RANGER)
    theirs = list_validate(document=RANGERS, entered=mine(owner))
    warning = next(w for w in theirs["warnings"] if w["rule"] == "catalogue.player-entered")
    assert warning["card"] == "wood-elf-ranger"
    assert set(warning["fields"]) == {"cost", "level", "hp", "abilities"}  # type: ignore[typeddict-item]
    assert warning["entries"] == ["/entries/0"] and "entered by a player" in warning["message"]
    assert theirs["totals"]["points"] == 28
    assert not any(v["rule"] == "catalogue.missing-data" and v.get("field") == "cost" for v in theirs["violations"])
    others = list_validate(document=RANGERS, entered=mine(stranger))
    assert not any(w["rule"] == "catalogue.player-entered" for w in others["warnings"])
    assert any(v["rule"] == "catalogue.missing-data" for v in others["violations"])


def test_the_issues_warband_becomes_previewable_once_its_attack_numbers_are_entered():
    user = player()
    with pytest.raises(ApplicationError) as caught:
        matchup_prepare(a=COLLECTOR, b=LAWFUL, battles=4, seed=2, entered=mine(user))
    assert caught.value.code == "unplayable"
    for slug, (bonus, damage) in ATTACKS.items():
        save(user, slug, {"attacks": [{"kind": "melee", "bonus": bonus, "damage": damage}]})
    assert list_readiness(document=COLLECTOR, entered=mine(user)).ready
    spec, side, _ = matchup_prepare(a=COLLECTOR, b=LAWFUL, battles=4, seed=2, entered=mine(user))
    result = matchup_compute(spec)
    assert {e["card"] for e in result["player_entered"]} == {"Beholder", "Medusa", "Human Executioner",
                                                             "Hell Hound", "Human Thug", "Kobold Warrior"}
    assert all(e["fields"] == ["attacks"] and e["list"] == "a" for e in result["player_entered"])
    assert any(w["rule"] == "catalogue.player-entered" for w in side.validation["warnings"])
    assert result["per_creature"]["a1"]["name"] == "Beholder"


def test_a_preview_whose_creatures_are_all_player_completed_plays():
    user = player()
    save(user, "wood-elf-ranger", RANGER)
    save(user, "orc-mauler", {"cost": 12})
    maulers = {"game": "ddm", "format": "skirmish-200", "name": "Maulers", "faction": "CE",
               "entries": [{"card": "Orc Mauler", "qty": 2}]}
    spec, _, _ = matchup_prepare(a=RANGERS, b=maulers, battles=6, seed=5, entered=mine(user))
    result = matchup_compute(spec)
    assert result["a_wins"] + result["b_wins"] + result["draws"] == 6
    assert {(e["list"], e["card"]) for e in result["player_entered"]} == {("a", "Wood Elf Ranger"),
                                                                         ("b", "Orc Mauler")}
    ranger = spec.lists[0]["creatures"][0]
    assert (ranger["cost"], ranger["level"], ranger["hp"]) == (14, 5, 40)
    with pytest.raises(ApplicationError):  # nobody else's preview sees them
        matchup_prepare(a=RANGERS, b=maulers, battles=6, seed=5, entered=mine(player()))


def test_an_editor_accepts_one_completed_card_into_a_new_catalogue_version_that_the_next_result_shows():
    user = player()
    save(user, "orc-mauler", {"cost": 12})
    entry = save(user, "wood-elf-ranger", RANGER)
    assert entry is not None
    report = entered_card_offer(entry=entry, card=card("wood-elf-ranger"), source="War Drums 26/60, my card")
    assert report.proposed_values == entry.values and report.status == "open"
    maulers = {"game": "ddm", "format": "skirmish-200", "name": "Maulers", "entries": [{"card": "Orc Mauler"}]}
    before, _, _ = matchup_prepare(a=RANGERS, b=maulers, battles=2, seed=1, entered=mine(user))

    version = card_report_accept(report=report, editor=None)
    assert version is not None and version.label != before.catalogue_version
    report.refresh_from_db()
    assert report.status == "corrected" and report.correction == version
    ranger = card("wood-elf-ranger")
    assert (ranger.cost, ranger.level, ranger.hp) == (14, 5, 40)  # type: ignore[attr-defined]
    assert f"report #{report.pk}" in ranger.provenance["level"][0]["source"]
    assert cm.CatalogueChange.objects.filter(version=version, slug="wood-elf-ranger").exists()
    assert f"#{report.pk}" in version.summary

    after, _, _ = matchup_prepare(a=RANGERS, b=maulers, battles=2, seed=1, entered=mine(user))
    result = matchup_compute(after)
    assert result["catalogue_version"] == version.label
    assert [e["card"] for e in result["player_entered"]] == ["Orc Mauler"], "the Ranger's numbers are the catalogue's"
    assert list_readiness(document=RANGERS).ready, "and everyone's now"


def test_the_admin_accepts_offered_numbers_with_one_action():
    user = player()
    entry = save(user, "orc-mauler", {"cost": 12})
    assert entry is not None
    report = entered_card_offer(entry=entry, card=card("orc-mauler"), source="my card")
    editor = User.objects.create_user("editor", password="pw-for-the-editor-1", is_staff=True)
    editor.user_permissions.add(*Permission.objects.filter(codename__in=["change_card", "change_cardreport",
                                                                          "view_cardreport"]))
    client = Client()
    client.force_login(editor)
    page = client.get(f"/admin/catalogue/cardreport/{report.pk}/change/")
    assert page.status_code == 200 and "Numbers offered" in page.content.decode()
    response = client.post("/admin/catalogue/cardreport/", {"action": "accept_offered",
                                                            "_selected_action": [report.pk]}, follow=True)
    assert response.status_code == 200
    report.refresh_from_db()
    assert report.status == "corrected" and card("orc-mauler").cost == 12  # type: ignore[attr-defined]


# --- the page that reads like the card ----------------------------------------------------------------------

def test_the_numbers_page_reads_like_the_card_and_marks_what_a_player_entered():
    user = player()
    client = Client()
    client.force_login(user)
    url = "/cards/ddm/seed/wood-elf-ranger/numbers/"
    page = client.get(url).content.decode()
    for label in ("Faction symbols", "Cost", "Commander rating", "Level (Save)", "Speed", "AC", "HP", "Attacks",
                  "Commander Effect", "Special abilities", "Spells"):
        assert label in page, label
    assert 'name="speed"' in page and 'value="6"' in page  # the catalogue's Speed, filled in
    bad = client.post(url, {"op": "save", "level": "99", "attacks-rows": "0"})
    assert bad.status_code == 400 and "from -5 to 30" in bad.content.decode()
    form = {"op": "save", "cost": "14", "level": "5", "hp": "40", "speed": "6", "ac": "16", "attacks-rows": "2",
            "attacks-0-kind": "melee", "attacks-0-bonus": "+10", "attacks-0-damage": "10",
            "attacks-0-damage_type": "magic", "attacks-1-kind": "melee", "attacks-1-bonus": "9",
            "attacks-1-damage": "5", "attacks-1-damage_type": "magic", "abilities-rows": "2",
            "abilities-0-name": "Hunter", "abilities-0-param": "+5", "abilities-1-name": "Orc Foe",
            "abilities-1-param": "+5", "source": "my card"}
    saved = client.post(url, form, follow=True)
    text = saved.content.decode()
    assert saved.status_code == 200 and "entered by a player" in text
    entry = EnteredCard.objects.get(owner=user)
    assert set(entry.values) == {"cost", "level", "hp", "abilities"}, "the attacks typed are the catalogue's"
    offered = client.post(url, {"op": "offer", "source": "War Drums 26/60"}, follow=True)
    assert "an editor will check" in offered.content.decode()
    assert cm.CardReport.objects.get().proposed_values == entry.values
    assert "Wood Elf Ranger" in client.get("/cards/mine/").content.decode()


def test_without_an_account_or_a_list_the_page_says_how_to_keep_numbers_and_saves_nothing():
    client = Client()
    url = "/cards/ddm/seed/wood-elf-ranger/numbers/"
    assert "Log in" in client.get(url).content.decode()
    assert client.post(url, {"op": "save", "level": "5"}).status_code == 403
    saved, token = list_create(document=RANGERS)
    client.cookies[EDIT_COOKIE] = f"{saved.pk}:{token}"
    response = client.post(f"{url}?list={saved.pk}", {"op": "save", "level": "5", "list": str(saved.pk)})
    assert response.status_code == 303
    assert EnteredCard.objects.get().saved_list == saved
    assert client.get("/cards/ddm/seed/no-such-card/numbers/").status_code == 404


def test_a_players_stronghold_board_reaches_everyones_checks_only_when_an_editor_accepts_it() -> None:
    """The main board's layout typed in by a player (the board's sheet packs it into the record's layout), used in
    his own checks only, and the catalogue's, in place of the stand-in TB-9, once an editor accepts his offer."""
    user = player()
    board = card_get(game="stronghold", ruleset="default", slug="main-board")
    assert board is not None
    raw = {"gate": "Gate", "gates": 3, "gate_resistance": 6, "ram_fields": 5, "crew_per_part": 2,
           "siege_tower_slots": 3, "wall_order": ["S1", "Gate", "S2"], "rampart_machine_fields": 1,
           "rampart_cover_fields": 1, "rampart_training_fields": 2,
           "gathering_points": [{"name": "Camp", "side": "west", "capacity": 10, "machine_fields": 2}],
           "ramparts": [{"name": "Mound", "side": "west", "capacity": 7, "entered_from": ["Camp"], "reaches": ["S1"]}],
           "sections": [{"name": "S1", "side": "west", "slots": 4, "siege_tower": True},
                        {"name": "S2", "side": "east", "slots": 4}]}  # a test board, not the printed one
    with pytest.raises(ApplicationError) as refused:
        entered_card_save(keeper=Keeper(user=user), card=board, raw={**raw, "wall_order": ["S1", "S3"]})
    assert "/wall_order" in (refused.value.fields or {})
    with pytest.raises(ApplicationError) as unsaid:  # a number the rules read is never taken as 0
        entered_card_save(keeper=Keeper(user=user), card=board, raw={**raw, "rampart_cover_fields": None})
    assert "/rampart_cover_fields" in (unsaid.value.fields or {})
    entry = entered_card_save(keeper=Keeper(user=user), card=board, raw=raw, source="my board")
    assert entry is not None and entry.values["layout"]["ramparts"]["Mound"]["reaches"] == ["S1"]
    plan = {"game": "stronghold", "format": "two-player", "plan": {
        "kind": "round-plan", "round": 1, "income": 5, "flipped": [], "entries": [], "orders": [],
        "phase_cards": {"1": "Supply phase cards (red)", "2": "Siege Machines phase cards (red)",
                        "3": "Equipment phase cards (red)", "4": "Training phase cards (red)",
                        "5": "Rituals phase cards (red)", "6": "Mobilization phase cards (red)",
                        "camp": "Camp card (red)"},
        "state": {"resources": 5, "drawn": {"goblin": 5, "orc": 6, "troll": 3}, "camp": {},
                  "board": {"tiles": [], "units": {"Camp": {"orc": 1}}}, "flipped": [], "killed_goblins": 0,
                  "hit_cards_in_supply": 11, "traps": [], "defender": {"cauldrons": []}}}}

    def warnings(result: Any) -> set[str]:
        return {w["rule"] for w in result["warnings"]}

    assert warnings(list_validate(document=plan, entered=mine(user))) >= {"catalogue.player-entered"}
    assert "catalogue.stand-in" in warnings(list_validate(document=plan)), "nobody else's checks change"
    report = entered_card_offer(entry=entry, card=board, source="my printed board")
    card_report_accept(report=report, editor=None)
    everyone = list_validate(document=plan)
    assert "catalogue.stand-in" not in warnings(everyone) and "catalogue.player-entered" not in warnings(everyone)
    assert "Camp" in everyone["totals"]["capacity_left"], "checked on the accepted board"


# --- a DDM Guild creature's size -----------------------------------------------------------------------------

def guild_card(slug: str) -> cm.Card:
    found = card_get(game="ddm", ruleset="ddm-guild", slug=slug)
    assert found is not None
    return found


def test_a_guild_creature_whose_size_no_source_gives_takes_the_size_its_owner_types_in():
    """Large Ochre Jelly's miniature gives no size: the page offers the form, a player types Large, and that
    player's previews play it on a 2 × 2 space, marked "entered by a player" (nobody else's do)."""
    from builder.sheets import sheet_for

    jelly, battlemaster = guild_card("large-ochre-jelly"), guild_card("dwarf-battlemaster")
    assert sheet_for("ddm", "ddm-guild", "creature", jelly.slug) is not None
    assert sheet_for("ddm", "ddm-guild", "creature", battlemaster.slug) is None  # its miniature is Medium
    user = player()
    with pytest.raises(ApplicationError):
        entered_card_save(keeper=Keeper(user=user), card=jelly, raw={"size": "Enormous"}, source="my card")
    entered_card_save(keeper=Keeper(user=user), card=jelly, raw={"size": "Large"}, source="my card")
    jellies = {"game": "ddm", "ruleset": "ddm-guild", "format": "standard-200", "name": "Jellies",
               "entries": [{"card": "Large Ochre Jelly", "qty": 2}]}
    raiders = {"game": "ddm", "ruleset": "ddm-guild", "format": "standard-200", "name": "Raiders",
               "entries": [{"card": "Dwarf Battlemaster"}]}
    spec, _, _ = matchup_prepare(a=jellies, b=raiders, battles=2, seed=3, entered=mine(user))
    assert spec.lists[0]["creatures"][0]["size"] == "Large"
    result = matchup_compute(spec)
    assert {(e["list"], e["card"]) for e in result["player_entered"]} == {("a", "Large Ochre Jelly")}
    assert all(e["fields"] == ["size"] for e in result["player_entered"])
    others, _, _ = matchup_prepare(a=jellies, b=raiders, battles=2, seed=3, entered=mine(player()))
    assert others.lists[0]["creatures"][0]["size"] == ""  # played as Medium, the size listed as not known


def test_the_card_page_of_a_guild_creature_of_unknown_size_links_to_its_size_form():
    client = Client()
    client.force_login(player())
    jelly = client.get("/catalogue/ddm/ddm-guild/large-ochre-jelly/").content.decode()
    assert "/cards/ddm/ddm-guild/large-ochre-jelly/numbers/" in jelly
    known = client.get("/catalogue/ddm/ddm-guild/dwarf-battlemaster/").content.decode()
    assert "/cards/ddm/ddm-guild/dwarf-battlemaster/numbers/" not in known
    form = client.get("/cards/ddm/ddm-guild/large-ochre-jelly/numbers/").content.decode()
    assert 'name="size"' in form and "Large" in form
    saved = client.post("/cards/ddm/ddm-guild/large-ochre-jelly/numbers/", {"op": "save", "size": "Large",
                                                                              "source": "my figure"}, follow=True)
    assert saved.status_code == 200 and "entered by a player" in saved.content.decode()
    assert EnteredCard.objects.get().values == {"size": "Large"}


# --- a DDM Guild power's check boxes --------------------------------------------------------------------------

SNEAKS = {"game": "ddm", "ruleset": "ddm-guild", "format": "standard-200", "name": "Sneaks",
          "entries": [{"card": "Goblin Sneak", "qty": 3}]}
BATTLEMASTER = {"game": "ddm", "ruleset": "ddm-guild", "format": "standard-200", "name": "Battlemaster",
                "entries": [{"card": "Dwarf Battlemaster"}]}


def sneak_side(result: dict[str, Any]) -> dict[str, Any] | None:
    """What the result says the engine did not play of Goblin Sneak (None: it played all of it)."""
    return next((c for c in result["played"]["a"]["creatures"] if c["slug"] == "goblin-sneak"), None)


def test_a_guild_power_that_recharges_without_check_boxes_is_played_once_its_owner_enters_them():
    """Goblin Sneak's Crossbow prints "RECHARGE at end of this creature's turn …" but the catalogue lacks its check
    boxes: every preview lists it as not played, its number of uses not known; the card's owner completes that one
    number (the form offers the powers that recharge, not the rest), and that player's previews play it, marked
    "entered by a player", while nobody else's do."""
    from builder.sheets import sheet_for

    sneak = guild_card("goblin-sneak")
    sheet = sheet_for("ddm", "ddm-guild", "creature", sneak.slug)
    assert sheet is not None
    assert sheet_for("ddm", "ddm-guild", "creature", "dwarf-battlemaster") is None
    spec, _, _ = matchup_prepare(a=SNEAKS, b=BATTLEMASTER, battles=2, seed=5, entered=mine(player()))
    before = sneak_side(matchup_compute(spec))
    assert before is not None and "Crossbow" in before["abilities"]
    assert any("Crossbow" in str(u) and "not known" in str(u) for u in before["unknown"])

    user = player()
    with pytest.raises(ApplicationError) as wrong:
        entered_card_save(keeper=Keeper(user=user), card=sneak, raw={"recharging": [{"name": "Short Sword",
                                                                                    "uses": 1}]})
    assert "/recharging/0/name" in (wrong.value.fields or {})  # a power that does not recharge is not completed
    with pytest.raises(ApplicationError):
        entered_card_save(keeper=Keeper(user=user), card=sneak, raw={"recharging": [{"name": "Crossbow",
                                                                                    "uses": 12}]})
    entry = entered_card_save(keeper=Keeper(user=user), card=sneak,
                              raw={"recharging": [{"name": "Crossbow", "uses": 1}]}, source="my card")
    assert entry is not None
    powers = entry.values["abilities"]  # the card's own powers, whole, with the one number completed
    assert [(p["name"], p.get("uses")) for p in powers] == [("Short Sword", None), ("Crossbow", 1),
                                                            ("Ambush 10", None)]
    assert powers[1]["text"].startswith("Crossbow: (nearest) +8 vs. AC")

    spec, _, _ = matchup_prepare(a=SNEAKS, b=BATTLEMASTER, battles=2, seed=5, entered=mine(user))
    result = matchup_compute(spec)
    assert sneak_side(result) is None  # every power of it played now
    assert [(e["card"], e["fields"]) for e in result["player_entered"]] == [("Goblin Sneak", ["abilities"])]
    others, _, _ = matchup_prepare(a=SNEAKS, b=BATTLEMASTER, battles=2, seed=5, entered=mine(player()))
    assert (sneak_side(matchup_compute(others)) or {}).get("abilities") == ["Crossbow"]


def test_the_guild_numbers_form_offers_the_powers_that_recharge_with_their_printed_text():
    client = Client()
    client.force_login(player())
    assert "/cards/ddm/ddm-guild/goblin-sneak/numbers/" in client.get(
        "/catalogue/ddm/ddm-guild/goblin-sneak/").content.decode()
    form = client.get("/cards/ddm/ddm-guild/goblin-sneak/numbers/").content.decode()
    assert 'name="recharging-0-name"' in form and 'value="Crossbow"' in form and "readonly" in form
    assert "RECHARGE at end of this creature" in form  # the power's printed text beside its check boxes
    assert 'name="recharging-1-name"' not in form  # one power recharges: one row, no blank ones
    assert 'value="more"' not in form
    saved = client.post("/cards/ddm/ddm-guild/goblin-sneak/numbers/", {
        "op": "save", "recharging-rows": "1", "recharging-0-name": "Crossbow", "recharging-0-uses": "2",
        "source": "my card"}, follow=True)
    assert saved.status_code == 200 and "entered by a player" in saved.content.decode()
    kept = EnteredCard.objects.get().values["abilities"]
    assert [p.get("uses") for p in kept] == [None, 2, None]
    again = client.get("/cards/ddm/ddm-guild/goblin-sneak/numbers/").content.decode()
    assert 'name="recharging-0-uses"' in again and 'value="2"' in again
