"""The catalogue pages: a game's list (search, filters, sorting, pages) and a card as a player reads it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from catalogue.services import catalogue_import

pytestmark = pytest.mark.django_db


def slugs(response: Any) -> list[str]:
    return re.findall(r'<tr data-slug="([^"]+)"', response.content.decode())


def stat(response: Any, key: str) -> str:
    """The text of a stat on a card page (``data-stat="hp"``), tags stripped."""
    html = response.content.decode()
    match = re.search(rf'data-stat="{key}"[^>]*>(.*?)</(?:div|p|tr)>', html, re.S)
    assert match, f"no {key} on the page"
    inner = re.sub(r"<dt>.*?</dt>|<th[^>]*>.*?</th>|<span class=\"label\">.*?</span>", "", match.group(1), flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", inner)).strip()


# ---------------------------------------------------------------------------------------------- the list


def test_the_catalogue_index_links_every_game(client: Client, catalogue: None) -> None:
    response = client.get("/catalogue/")
    assert response.status_code == 200
    for game in ("ddm", "dungeon-command", "battlelore2", "stronghold"):
        assert f'href="/catalogue/{game}/"' in response.content.decode()


def test_a_game_page_lists_its_cards_by_name_and_no_other_games(client: Client, catalogue: None) -> None:
    response = client.get("/catalogue/ddm/")
    assert response.status_code == 200
    found = slugs(response)
    assert "orc-mauler" in found and "orc-mauler-gt" in found and "td-55-orc-mauler" in found
    assert "orc-archer" not in found, "a Dungeon Command card is not on the D&D Miniatures page"
    names = re.findall(r'<td class="name"><a [^>]+>([^<]+)</a>', response.content.decode())
    assert names == sorted(names, key=lambda n: n.casefold().replace("é", "e"))


def test_an_unknown_game_is_404(client: Client, catalogue: None) -> None:
    assert client.get("/catalogue/chess/").status_code == 404


@pytest.mark.parametrize(
    "query",
    ["Mauler", "mauler", "MAULER", "orc-mauler", "Orc Mauler!", "órc maulér", "orcmauler", "Mualer", "maulr"],
)
def test_search_forgives_case_accents_punctuation_and_a_typo(client: Client, catalogue: None, query: str) -> None:
    found = slugs(client.get("/catalogue/ddm/", {"search": query}))
    assert "orc-mauler" in found and "orc-mauler-gt" in found
    assert "wood-elf-ranger" not in found


def test_a_corrected_typo_says_what_was_searched_instead(client: Client, catalogue: None) -> None:
    response = client.get("/catalogue/ddm/", {"search": "Mualer"})
    assert "showing results for" in response.content.decode()
    assert "mauler" in response.content.decode()


def test_search_reads_keywords_ability_text_spells_and_localised_names(client: Client, catalogue: None) -> None:
    assert slugs(client.get("/catalogue/ddm/", {"search": "tiefling"})) == ["tiefling-captain"]
    assert slugs(client.get("/catalogue/ddm/", {"search": "against orcs"})) == ["wood-elf-ranger"]
    assert slugs(client.get("/catalogue/ddm/", {"search": "flame strike"})) == ["lion-of-talisid"]
    assert slugs(client.get("/catalogue/ddm/", {"search": "vadasz"})) == ["wood-elf-ranger"]
    assert slugs(client.get("/catalogue/ddm/", {"search": "seance"})) == ["seance-adept"]


def test_names_rank_above_keywords_and_ability_text(client: Client, catalogue: None) -> None:
    found = slugs(client.get("/catalogue/ddm/", {"search": "orc"}))
    # Names with "orc" first (the three Orc Maulers), then the Wood Elf Ranger's "Orc Foe" ability.
    assert found[-1] == "wood-elf-ranger"
    assert set(found[:3]) == {"orc-mauler", "orc-mauler-gt", "td-55-orc-mauler"}


def test_a_long_query_of_unknown_words_finds_nothing_rather_than_guessing(client: Client, catalogue: None) -> None:
    response = client.get("/catalogue/ddm/", {"search": " ".join(f"qwz{i:02d}x" for i in range(25))})
    assert response.status_code == 200 and slugs(response) == []
    two_typos = client.get("/catalogue/ddm/", {"search": "Tieflin Captian"})
    assert slugs(two_typos) == ["tiefling-captain"]


def test_a_search_with_nothing_found_says_so(client: Client, catalogue: None) -> None:
    response = client.get("/catalogue/ddm/", {"search": "zzzzqqq"})
    assert response.status_code == 200
    assert slugs(response) == []
    assert "No card matches" in response.content.decode()


@pytest.mark.parametrize(
    ("params", "expected"),
    [
        ({"ruleset": "seed", "kind": "creature", "search": "mauler"}, ["orc-mauler"]),
        ({"ruleset": "ddm-guild"}, ["warlord-gt", "orc-mauler-gt"]),
        ({"faction": "CE"}, ["red-wyrmling", "red-wyrmling-epic", "tiefling-captain"]),
        ({"faction": ["LG", "CG"]}, ["lion-of-talisid", "wood-elf-ranger"]),
        ({"set": "guild-test"}, ["warlord-gt", "orc-mauler-gt"]),
        (
            {"cost_min": "30", "cost_max": "60", "ruleset": "seed"},
            ["lion-of-talisid", "red-wyrmling", "tiefling-captain"],
        ),
        ({"level_min": "10"}, ["lion-of-talisid", "red-wyrmling-epic"]),
        ({"size": ["Large", "Huge"]}, ["lion-of-talisid", "red-wyrmling", "red-wyrmling-epic"]),
        ({"type": "Outsider"}, ["lion-of-talisid", "tiefling-captain"]),
        ({"commander": "true"}, ["warlord-gt", "tiefling-captain"]),
        ({"unique": "true"}, ["warlord-gt", "lion-of-talisid"]),
        ({"version": "epic"}, ["red-wyrmling-epic"]),
        ({"alignment": "evil", "search": "orc"}, ["orc-mauler-gt"]),
        ({"standin": "true"}, ["seance-adept"]),
    ],
)
def test_ddm_filters(client: Client, catalogue: None, params: dict[str, Any], expected: list[str]) -> None:
    response = client.get("/catalogue/ddm/", params)
    assert response.status_code == 200
    assert sorted(slugs(response)) == sorted(expected)


@pytest.mark.parametrize(
    ("game", "params", "expected"),
    [
        ("dungeon-command", {"kind": "order"}, ["battle-cry", "cleave"]),
        ("dungeon-command", {"icon": "str"}, ["battle-cry", "cleave", "ogre"]),
        ("dungeon-command", {"icon": ["dex", "con"], "kind": "creature"}, ["orc-archer"]),
        ("dungeon-command", {"level_max": "2", "kind": "creature"}, ["orc-archer"]),
        ("dungeon-command", {"action_type": "minor"}, ["battle-cry"]),
        ("dungeon-command", {"commander": "true"}, ["kreeg"]),
        ("battlelore2", {"faction": "uthuk-yllan"}, ["flesh-rippers"]),
        ("battlelore2", {"combat_type": "ranged"}, ["yeoman-archers"]),
        ("battlelore2", {"unit_type": "beast"}, ["flesh-rippers"]),
        ("battlelore2", {"cost_max": "10"}, ["citadel-guard"]),
        ("stronghold", {"side": "defender"}, ["catapult", "veteran"]),
        ("stronghold", {"kind": "machine"}, ["catapult"]),
        ("stronghold", {"unit_type": "troll"}, ["troll"]),
        ("stronghold", {"cost_min": "1"}, ["catapult"]),
    ],
)
def test_filters_of_the_other_games(
    client: Client, catalogue: None, game: str, params: dict[str, Any], expected: list[str]
) -> None:
    response = client.get(f"/catalogue/{game}/", params)
    assert response.status_code == 200
    assert sorted(slugs(response)) == sorted(expected)


@pytest.mark.parametrize(
    "params",
    [
        {"cost_min": "abc"},
        {"cost_min": "-1"},
        {"level_max": "1e9"},
        {"cost_max": "100001"},
        {"faction": "blood-of-gruumsh"},  # another game's faction
        {"kind": "order"},  # not a kind of D&D Miniatures
        {"size": "Enormous"},
        {"commander": "maybe"},
        {"sort": "colour"},
        {"ruleset": "default"},
        {"page": "0"},
        {"page": "two"},
        {"page": "99"},
        {"page_size": "1000"},
        {"search": "x" * 201},
    ],
)
def test_a_bad_parameter_is_a_400_page_that_says_what_is_wrong(
    client: Client, catalogue: None, params: dict[str, str]
) -> None:
    response = client.get("/catalogue/ddm/", params)
    assert response.status_code == 400
    assert "These filters cannot be used" in response.content.decode()
    assert next(iter(params)) in response.content.decode()


def test_empty_filter_values_from_the_form_filter_nothing(client: Client, catalogue: None) -> None:
    response = client.get("/catalogue/ddm/?search=mauler&set=&kind=&cost_min=&sort=&faction=")
    assert response.status_code == 200
    assert "orc-mauler" in slugs(response)


def test_active_filters_stay_in_the_form_so_a_search_can_be_shared(client: Client, catalogue: None) -> None:
    html = client.get("/catalogue/ddm/", {"search": "orc", "faction": "CE", "cost_min": "5", "sort": "-cost"}).content
    text = html.decode()
    assert 'value="orc"' in text
    assert re.search(r'name="faction" value="CE" checked', text)
    assert 'name="cost_min" value="5"' in text
    assert re.search(r'<option value="-cost" selected>', text)


@pytest.mark.parametrize(
    ("sort", "expected"),
    [
        ("cost", ["seance-adept", "wood-elf-ranger", "tiefling-captain", "red-wyrmling", "lion-of-talisid",
                  "red-wyrmling-epic", "orc-mauler"]),
        ("-cost", ["red-wyrmling-epic", "lion-of-talisid", "red-wyrmling", "tiefling-captain", "wood-elf-ranger",
                   "seance-adept", "orc-mauler"]),
        ("-level", ["red-wyrmling-epic", "lion-of-talisid", "red-wyrmling", "tiefling-captain", "orc-mauler",
                    "wood-elf-ranger", "seance-adept"]),
    ],
)
def test_sorting_puts_missing_numbers_last(client: Client, catalogue: None, sort: str, expected: list[str]) -> None:
    response = client.get("/catalogue/ddm/", {"ruleset": "seed", "kind": "creature", "sort": sort})
    assert slugs(response) == expected


def test_pages_of_results_link_to_each_other_keeping_the_filters(client: Client, catalogue: None) -> None:
    first = client.get("/catalogue/ddm/", {"ruleset": "seed", "page_size": "3"})
    assert len(slugs(first)) == 3
    assert "page 1 of 3" in first.content.decode()
    assert "?ruleset=seed&amp;page_size=3&amp;page=2" in first.content.decode()
    second = client.get("/catalogue/ddm/", {"ruleset": "seed", "page_size": "3", "page": "2"})
    assert not set(slugs(first)) & set(slugs(second))


def test_an_htmx_request_gets_only_the_results(client: Client, catalogue: None) -> None:
    response = client.get("/catalogue/ddm/", {"search": "mauler"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    text = response.content.decode()
    assert text.lstrip().startswith('<section id="results"')
    assert "<html" not in text
    assert "HX-Request" in response["Vary"]
    full = client.get("/catalogue/ddm/", {"search": "mauler"})
    assert "<html" in full.content.decode() and 'hx-get="/catalogue/ddm/"' in full.content.decode()
    assert "js/htmx.min.js" in full.content.decode()


def test_an_htmx_request_with_a_bad_filter_gets_the_errors_in_place(client: Client, catalogue: None) -> None:
    response = client.get("/catalogue/ddm/", {"cost_min": "lots"}, headers={"HX-Request": "true"})
    assert response.status_code == 400
    assert response.content.decode().lstrip().startswith('<section id="results"')


def test_list_rows_show_each_kinds_numbers_and_missing_ones(client: Client, catalogue: None) -> None:
    text = client.get("/catalogue/ddm/", {"search": "orc mauler", "ruleset": "seed", "kind": "creature"}).content
    row = text.decode().split('data-slug="orc-mauler"')[1].split("</tr>")[0]
    assert '<div data-stat="cost"><dt>Cost</dt><dd><span class="missing">missing</span>' in row
    assert '<div data-stat="hp"><dt>HP</dt><dd>55</dd>' in row
    assert '<div data-stat="melee"><dt>Melee</dt><dd>+11 (15)</dd>' in row
    dc = client.get("/catalogue/dungeon-command/", {"search": "orc archer"}).content.decode()
    assert '<div data-stat="icons"><dt>Icons</dt><dd>DEX CON</dd>' in dc


# ------------------------------------------------------------------------------------------ a card


def test_the_seed_orc_mauler_reads_as_on_its_card_with_missing_cost_and_faction(
    client: Client, catalogue: None
) -> None:
    response = client.get("/catalogue/ddm/seed/orc-mauler/")
    assert response.status_code == 200
    assert (stat(response, "speed"), stat(response, "ac"), stat(response, "hp"), stat(response, "level")) == (
        "6", "18", "55", "6"
    )
    assert stat(response, "melee") == "+11 (15)"
    assert stat(response, "cost") == "missing"
    text = response.content.decode()
    assert re.search(r'data-field="factions".*?Faction: <span class="missing">missing</span>', text, re.S)
    assert "Medium" in stat(response, "type") and "Humanoid" in stat(response, "type")


def test_a_card_page_shows_where_it_comes_from_and_its_sources(client: Client, catalogue: None) -> None:
    text = client.get("/catalogue/ddm/seed/orc-mauler/").content.decode()
    assert "Test Drums" in text
    assert 'href="/catalogue/ddm/seed/td-55-orc-mauler/"' in text and "#55" in text, "the figure it belongs to"
    assert 'href="/catalogue/ddm/ddm-guild/orc-mauler-gt/"' in text, "the same creature in the Guild rules"
    assert "seed 000, the quick start&#x27;s worked battle" in text
    assert "the 55-point starting value" in text, "provenance per field"
    assert "a plain string note" in text and "Fixed figure in every starter" in text


def test_epic_and_standard_sides_link_to_each_other(client: Client, catalogue: None) -> None:
    standard = client.get("/catalogue/ddm/seed/red-wyrmling/").content.decode()
    epic = client.get("/catalogue/ddm/seed/red-wyrmling-epic/").content.decode()
    assert 'Epic side: <a href="/catalogue/ddm/seed/red-wyrmling-epic/">' in standard
    assert 'Standard side: <a href="/catalogue/ddm/seed/red-wyrmling/">' in epic
    assert "F 6" in standard, "flight is an F before the speed"
    assert "+14 (15 magic + 5 fire)" in standard


def test_commanders_abilities_spells_and_limited_uses(client: Client, catalogue: None) -> None:
    captain = client.get("/catalogue/ddm/seed/tiefling-captain/")
    assert stat(captain, "commander_rating") == "Commander 2"
    text = captain.content.decode()
    assert "Commander effect" in text and "Followers get +2 on attack rolls" in text
    assert "<strong>Smite Good</strong> +10" in text and "□" in text
    lion = client.get("/catalogue/ddm/seed/lion-of-talisid/").content.decode()
    assert "flame strike" in lion and "DC 16" in lion
    assert "Unique" in lion


def test_a_stand_in_card_says_so_and_its_text_is_escaped(client: Client, catalogue: None) -> None:
    text = client.get("/catalogue/ddm/seed/seance-adept/").content.decode()
    assert "Stand-in numbers." in text
    assert "&lt;b&gt;look&lt;/b&gt;" in text and "<b>look</b>" not in text
    listing = client.get("/catalogue/ddm/", {"search": "seance"}).content.decode()
    assert "stand-in" in listing


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (
            "/catalogue/dungeon-command/default/orc-archer/",
            ["Blood of Gruumsh", "DEX CON", "20 (range 10)", "Humanoid, Orc"],
        ),
        ("/catalogue/dungeon-command/default/battle-cry/", ["any", "minor", "Taps"]),
        ("/catalogue/dungeon-command/default/kreeg/", ["Creature hand", "25", "Orcs deal +10 damage on a charge."]),
        ("/catalogue/battlelore2/default/yeoman-archers/", ["Daqan Lords", "ranged 2 (range 2–5)", "Cost", "missing"]),
        ("/catalogue/stronghold/default/catapult/", ["defender", "Cost (resources)", "3", "2 copies"]),
        ("/catalogue/ddm/ddm-guild/warlord-gt/", ["Champion 2", "Fortitude", "17", "Civilization"]),
        ("/catalogue/ddm/seed/td-55-orc-mauler/", ["Number", "55", "Common", "Humanoid"]),
    ],
)
def test_every_kind_has_a_card_page(client: Client, catalogue: None, url: str, expected: list[str]) -> None:
    response = client.get(url)
    assert response.status_code == 200
    for text in expected:
        assert text in response.content.decode(), text


@pytest.mark.parametrize(
    "url",
    [
        "/catalogue/ddm/seed/no-such-card/",
        "/catalogue/ddm/nope/orc-mauler/",
        "/catalogue/chess/seed/orc-mauler/",
        "/catalogue/dungeon-command/default/orc-mauler/",
    ],
)
def test_an_unknown_game_ruleset_or_card_is_404(client: Client, catalogue: None, url: str) -> None:
    assert client.get(url).status_code == 404


# --------------------------------------------------------------------------------------- query counts


def _generated(tmp_path: Path, n: int) -> Path:
    cards = [
        {
            "kind": "creature", "slug": f"gen-{i:03d}", "name": f"Generated Orc {i:03d}", "factions": ["CE", "LE"],
            "cost": 10 + i, "level": 1 + i % 10, "speed": 6, "ac": 15, "hp": 20,
            "attacks": [{"kind": "melee", "bonus": 5, "damage": 10}, {"kind": "ranged", "bonus": 4, "damage": 5}],
            "abilities": [{"name": "Orc Foe", "text": "+5 damage against orcs"}],
        }
        for i in range(n)
    ]
    doc = {"format": "muster-catalogue/1", "game": "ddm", "ruleset": "seed",
           "set": {"slug": f"gen-{n}", "name": f"Generated {n}"}, "source": "generated", "cards": cards}
    path = tmp_path / f"gen-{n}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.mark.parametrize("n", [10, 50])
@pytest.mark.parametrize(
    "params",
    [{}, {"search": "generated orc", "faction": "CE", "cost_min": "5", "sort": "-cost"}],
    ids=["plain", "searched-and-filtered"],
)
def test_a_list_page_takes_a_fixed_number_of_queries_whatever_its_size(
    client: Client,
    empty_catalogue: None,
    tmp_path: Path,
    django_assert_num_queries: Any,
    n: int,
    params: dict[str, str],
) -> None:
    assert catalogue_import(paths=[_generated(tmp_path, n)]).ok
    client.get("/catalogue/ddm/", params)  # builds the search index once
    # The game and its rulesets; faction, set and type choices (types: 1); the count; the page; factions and
    # attacks prefetched; the footer's catalogue version; and with a search the index's freshness check.
    expected = 11 if params else 10
    with django_assert_num_queries(expected):
        response = client.get("/catalogue/ddm/", params)
    assert len(slugs(response)) == n


# ------------------------------------------------------------------------------ the bundled catalogue


def test_the_bundled_seed_orc_mauler_page(client: Client) -> None:
    response = client.get("/catalogue/ddm/seed/orc-mauler/")
    assert response.status_code == 200
    assert [stat(response, k) for k in ("speed", "ac", "hp", "level", "melee", "cost")] == [
        "6", "18", "55", "6", "+11 (15)", "missing"
    ]


def test_one_card_of_every_bundled_kind_has_a_page_and_an_api_detail(client: Client) -> None:
    from django.db.models import Min

    from catalogue import models as m

    firsts = m.Card.objects.values("game__slug", "ruleset__slug", "kind").annotate(first=Min("pk"))
    cards = m.Card.objects.select_related("game", "ruleset").filter(pk__in=[row["first"] for row in firsts])
    assert len(cards) >= 15
    for card in cards:
        where = f"{card.game.slug}/{card.ruleset.slug}/{card.slug}/"
        assert client.get(f"/catalogue/{where}").status_code == 200, where
        assert client.get(f"/api/v1/cards/{where}").status_code == 200, where
    for game in ("ddm", "dungeon-command", "battlelore2", "stronghold"):
        assert client.get(f"/catalogue/{game}/").status_code == 200
        assert client.get(f"/catalogue/{game}/", {"sort": "-cost", "page_size": "25"}).status_code == 200
