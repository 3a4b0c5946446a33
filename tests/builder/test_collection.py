"""Collections: quantities by hand and by set, CSV export and import (all or nothing), the shortfall of one
or several lists, and that nobody sees another player's collection."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client

from builder.models import CollectionItem
from builder.selectors_collections import (
    collectible_cards,
    collection_export_csv,
    collection_quantities,
    collection_sets,
    collection_shortfall,
)
from builder.services_collections import (
    collection_add_set,
    collection_import_csv,
    collection_set_quantities,
)
from catalogue.models import Card
from config.errors import ApplicationError
from tests.factories import DDM_WARBAND, CollectionItemFactory, SavedListFactory, UserFactory

pytestmark = pytest.mark.django_db


def card(game: str, slug: str, ruleset: str = "default") -> Card:
    return Card.objects.get(game__slug=game, ruleset__slug=ruleset, slug=slug)


def figure(slug: str) -> Card:
    return card("ddm", slug, "seed")


def signed_in(user: object) -> Client:
    client = Client()
    client.force_login(user)  # type: ignore[arg-type]
    return client


GOBLINS: dict[str, Any] = {
    "game": "dungeon-command",
    "format": "custom",
    "name": "Goblins",
    "commanders": ["Snig the Axe"],
    "entries": [{"card": "Goblin Archer", "qty": 2}, {"card": "Goblin Cutter", "qty": 1}],
    "orders": [],
}


# ------------------------------------------------------------------------------------ what is counted


def test_ddm_collections_count_the_1284_figures_of_the_checklist() -> None:
    assert collectible_cards(game="ddm").count() == 1284
    assert set(collectible_cards(game="ddm").values_list("kind", flat=True)) == {"miniature"}


def test_stronghold_collections_leave_out_actions_without_a_piece() -> None:
    pieces = collectible_cards(game="stronghold")
    assert pieces.exists()
    assert not pieces.filter(copies=0).exists()


def test_an_unknown_game_has_nothing_to_collect() -> None:
    assert not collectible_cards(game="chess").exists()


# ------------------------------------------------------------------------------------------ by hand


def test_quantities_set_by_hand_replace_the_old_ones_and_zero_removes() -> None:
    me = UserFactory.create()
    archer, cutter = card("dungeon-command", "goblin-archer"), card("dungeon-command", "goblin-cutter")
    collection_set_quantities(user=me, game="dungeon-command", quantities={archer.pk: 3, cutter.pk: 2})
    collection_set_quantities(user=me, game="dungeon-command", quantities={archer.pk: 1, cutter.pk: 0})
    assert collection_quantities(user=me) == {archer.pk: 1}


def test_a_quantity_of_another_game_or_out_of_bounds_is_refused_and_nothing_changes() -> None:
    me = UserFactory.create()
    archer = card("dungeon-command", "goblin-archer")
    with pytest.raises(ApplicationError) as error:
        collection_set_quantities(
            user=me, game="dungeon-command", quantities={archer.pk: 2, figure("wd-26-wood-elf-ranger").pk: 1}
        )
    assert error.value.status == 400
    with pytest.raises(ApplicationError):
        collection_set_quantities(user=me, game="dungeon-command", quantities={archer.pk: 10_000})
    assert collection_quantities(user=me) == {}


def test_an_anonymous_visitor_cannot_keep_a_collection() -> None:
    with pytest.raises(ApplicationError) as error:
        collection_set_quantities(user=AnonymousUser(), game="ddm", quantities={})
    assert error.value.status == 403


def test_the_page_saves_quantities_typed_by_hand() -> None:
    me = UserFactory.create()
    archer = card("dungeon-command", "goblin-archer")
    client = signed_in(me)
    page = client.get("/collection/dungeon-command/?set=tyranny-of-goblins")
    assert page.status_code == 200
    assert f'name="qty-{archer.pk}"' in page.content.decode()
    response = client.post("/collection/dungeon-command/", {"set": "tyranny-of-goblins", f"qty-{archer.pk}": "4"})
    assert response.status_code == 302
    assert collection_quantities(user=me) == {archer.pk: 4}


def test_a_quantity_that_is_not_a_number_is_a_form_error_not_a_500() -> None:
    archer = card("dungeon-command", "goblin-archer")
    me = UserFactory.create()
    response = signed_in(me).post("/collection/dungeon-command/", {"q": "goblin", f"qty-{archer.pk}": "lots"})
    assert response.status_code == 400
    assert "whole number" in response.content.decode()
    assert collection_quantities(user=me) == {}


def test_a_search_finds_figures_by_name_without_regard_to_case_and_punctuation() -> None:
    page = signed_in(UserFactory.create()).get("/collection/ddm/?q=WOOD-ELF ranger").content.decode()
    assert "Wood Elf Ranger" in page


# --------------------------------------------------------------------------------------- whole sets


def test_adding_a_dungeon_command_pack_adds_every_card_as_often_as_the_pack_holds_it() -> None:
    me = UserFactory.create()
    collection_add_set(user=me, game="dungeon-command", set_slug="tyranny-of-goblins")
    owned = collection_quantities(user=me)
    pack = collectible_cards(game="dungeon-command", set_slug="tyranny-of-goblins")
    assert set(owned) == set(pack.values_list("pk", flat=True))
    assert owned[card("dungeon-command", "goblin-cutter").pk] == 2  # two copies in the pack
    collection_add_set(user=me, game="dungeon-command", set_slug="tyranny-of-goblins")
    assert collection_quantities(user=me)[card("dungeon-command", "goblin-cutter").pk] == 4


def test_adding_a_battlelore_box_adds_the_units_its_deployment_cards_field() -> None:
    me = UserFactory.create()
    collection_add_set(user=me, game="battlelore2", set_slug="core-set")
    owned = collection_quantities(user=me)
    assert owned[card("battlelore2", "citadel-guard").pk] == 5
    assert owned[card("battlelore2", "chaos-lord").pk] == 1


def test_adding_a_ddm_set_adds_one_of_each_figure() -> None:
    me = UserFactory.create()
    signed_in(me).post("/collection/ddm/add-set/", {"set": "harbinger", "copies": "1"})
    assert len(collection_quantities(user=me)) == 80
    assert set(collection_quantities(user=me).values()) == {1}


def test_the_sets_table_counts_every_figure_of_an_80_figure_set() -> None:
    me = UserFactory.create()
    progress = {p.product_set.slug: p for p in collection_sets(user=me, game="ddm")}
    assert (progress["harbinger"].items, progress["harbinger"].owned) == (80, 0)
    collection_set_quantities(user=me, game="ddm", quantities={figure("ha-15-arcane-archer").pk: 2})
    collection_add_set(user=me, game="ddm", set_slug="harbinger")
    progress = {p.product_set.slug: p for p in collection_sets(user=me, game="ddm")}
    assert (progress["harbinger"].items, progress["harbinger"].owned) == (80, 80)
    for slug, p in progress.items():  # each set counts all its figures, not one group per figure ("x / 1")
        assert p.items == collectible_cards(game="ddm", set_slug=slug).count(), slug
    html = signed_in(me).get("/collection/ddm/").content.decode()
    assert "80 / 80" in html.replace("\xa0", " ")


def test_adding_an_unknown_set_changes_nothing() -> None:
    me = UserFactory.create()
    with pytest.raises(ApplicationError) as error:
        collection_add_set(user=me, game="ddm", set_slug="no-such-set")
    assert error.value.status == 404
    assert signed_in(me).post("/collection/ddm/add-set/", {"set": "nope", "copies": "x"}).status_code == 302
    assert collection_quantities(user=me) == {}


# ---------------------------------------------------------------------------------------------- CSV


def rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_export_then_import_into_another_account_gives_the_same_collection() -> None:
    me, other = UserFactory.create(), UserFactory.create()
    collection_add_set(user=me, game="dungeon-command", set_slug="tyranny-of-goblins")
    collection_add_set(user=me, game="battlelore2", set_slug="core-set")
    collection_set_quantities(user=me, game="ddm", quantities={figure("wd-26-wood-elf-ranger").pk: 3})
    exported = collection_export_csv(user=me)
    report = collection_import_csv(user=other, data=exported.encode())
    assert report.changed == len(collection_quantities(user=me))
    assert collection_quantities(user=other) == collection_quantities(user=me)
    assert collection_export_csv(user=other) == exported


def test_the_export_names_every_item_by_game_slug_name_and_set() -> None:
    me = UserFactory.create()
    collection_set_quantities(user=me, game="ddm", quantities={figure("wd-26-wood-elf-ranger").pk: 2})
    assert rows(collection_export_csv(user=me)) == [
        {"game": "ddm", "ruleset": "seed", "kind": "miniature", "slug": "wd-26-wood-elf-ranger",
         "name": "Wood Elf Ranger", "set": "War Drums", "quantity": "2"}
    ]


def test_the_export_page_is_a_csv_download_of_my_collection_only() -> None:
    me, stranger = UserFactory.create(), UserFactory.create()
    CollectionItemFactory.create(owner=me, card=figure("wd-26-wood-elf-ranger"), quantity=2)
    CollectionItemFactory.create(owner=stranger, card=figure("wd-55-orc-mauler"), quantity=5)
    response = signed_in(me).get("/collection/export.csv")
    assert response["Content-Type"].startswith("text/csv")
    body = response.content.decode()
    assert "wd-26-wood-elf-ranger" in body and "wd-55-orc-mauler" not in body


def test_import_finds_items_by_name_as_the_validator_does_and_a_creature_card_counts_as_its_figure() -> None:
    me = UserFactory.create()
    text = "game,name,set,quantity\nddm,wood elf ranger,,2\ndungeon-command,GOBLIN-ARCHER,,1\n"
    collection_import_csv(user=me, data=text)
    assert collection_quantities(user=me) == {
        figure("wd-26-wood-elf-ranger").pk: 2, card("dungeon-command", "goblin-archer").pk: 1,
    }


def test_bad_rows_are_reported_by_line_and_field_and_nothing_is_imported() -> None:
    me = UserFactory.create()
    CollectionItemFactory.create(owner=me, card=figure("wd-55-orc-mauler"), quantity=1)
    text = (
        "game,slug,name,quantity\n"
        "ddm,wd-26-wood-elf-ranger,,2\n"  # line 2: fine
        "ddm,no-such-figure,,1\n"  # line 3: unknown slug
        "dungeon-command,,Goblin Archer,many\n"  # line 4: bad quantity
        "chess,,Queen,1\n"  # line 5: unknown game
        "ddm,wd-26-wood-elf-ranger,,1\n"  # line 6: the same item twice
        "ddm,,Wood Elf Rangr,1\n"  # line 7: unknown name, with a suggestion
    )
    with pytest.raises(ApplicationError) as error:
        collection_import_csv(user=me, data=text)
    fields = error.value.fields
    assert set(fields) == {"/3/slug", "/4/quantity", "/5/game", "/6/slug", "/7/name"}
    assert "line 2" in fields["/6/slug"][0]
    assert "Wood Elf Ranger" in fields["/7/name"][0]
    assert collection_quantities(user=me) == {figure("wd-55-orc-mauler").pk: 1}


def test_a_file_without_the_needed_columns_is_refused_on_line_1() -> None:
    with pytest.raises(ApplicationError) as error:
        collection_import_csv(user=UserFactory.create(), data="name,count\nWood Elf Ranger,1\n")
    assert set(error.value.fields) == {"/1/game", "/1/quantity"}


def test_a_file_that_is_not_utf8_is_refused() -> None:
    with pytest.raises(ApplicationError):
        collection_import_csv(user=UserFactory.create(), data=b"game,slug,quantity\nddm,\xff\xfe,1\n")


def test_a_replacing_import_clears_what_the_file_does_not_list_in_its_games_only() -> None:
    me = UserFactory.create()
    CollectionItemFactory.create(owner=me, card=figure("wd-55-orc-mauler"), quantity=1)
    CollectionItemFactory.create(owner=me, card=card("dungeon-command", "wolf"), quantity=1)
    report = collection_import_csv(user=me, data="game,slug,quantity\nddm,wd-26-wood-elf-ranger,2\n", replace=True)
    assert report.removed == 1
    assert collection_quantities(user=me) == {
        figure("wd-26-wood-elf-ranger").pk: 2, card("dungeon-command", "wolf").pk: 1,
    }


def test_the_import_page_lists_bad_lines_and_answers_400() -> None:
    me = UserFactory.create()
    response = signed_in(me).post("/collection/import/", {"text": "game,slug,quantity\nddm,nope,1\n"})
    assert response.status_code == 400
    assert response.context["row_errors"] == [{"line": "2", "field": "slug", "messages": [
        "No ddm item has the slug 'nope'."
    ]}]
    assert not CollectionItem.objects.filter(owner=me).exists()


def test_the_import_page_takes_an_uploaded_file() -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    me = UserFactory.create()
    upload = SimpleUploadedFile("c.csv", b"\xef\xbb\xbfgame,slug,quantity\nddm,wd-26-wood-elf-ranger,2\n")
    response = signed_in(me).post("/collection/import/", {"file": upload})
    assert response.status_code == 302
    assert collection_quantities(user=me) == {figure("wd-26-wood-elf-ranger").pk: 2}


# --------------------------------------------------------------------------------------- shortfall


def test_the_shortfall_of_one_list_counts_ddm_creatures_as_their_figures() -> None:
    me = UserFactory.create()
    CollectionItemFactory.create(owner=me, card=figure("wd-26-wood-elf-ranger"), quantity=1)
    result = collection_shortfall(user=me, documents=[DDM_WARBAND])
    [line] = result.lines
    assert line.card == figure("wd-26-wood-elf-ranger")
    assert (line.need_max, line.owned, line.short_max) == (2, 1, 1)
    assert not result.enough_one_at_a_time


def test_a_guild_list_needs_the_same_figures() -> None:
    me = UserFactory.create()
    CollectionItemFactory.create(owner=me, card=figure("wd-26-wood-elf-ranger"), quantity=2)
    guild = {"game": "ddm", "ruleset": "ddm-guild", "format": "standard-200", "entries": [
        {"card": "Wood Elf Ranger", "qty": 2}]}
    result = collection_shortfall(user=me, documents=[guild])
    assert [(line.card.slug, line.short_max) for line in result.lines] == [("wd-26-wood-elf-ranger", 0)]
    assert result.enough_one_at_a_time


def test_three_lists_together_one_at_a_time_need_the_most_any_needs_and_all_at_once_the_sum() -> None:
    me = UserFactory.create()
    archer = card("dungeon-command", "goblin-archer")
    CollectionItemFactory.create(owner=me, card=archer, quantity=2)
    CollectionItemFactory.create(owner=me, card=card("dungeon-command", "goblin-cutter"), quantity=2)
    CollectionItemFactory.create(owner=me, card=card("dungeon-command", "snig-the-axe"), quantity=1)
    second = {**GOBLINS, "name": "More goblins", "entries": [{"card": "Goblin Archer", "qty": 1}]}
    third = {**GOBLINS, "name": "Archers", "entries": [{"card": "goblin archer", "qty": 2}], "commanders": []}
    result = collection_shortfall(user=me, documents=[GOBLINS, second, third])
    by_slug = {line.card.slug: line for line in result.lines}
    assert by_slug["goblin-archer"].needs == [2, 1, 2]
    assert (by_slug["goblin-archer"].need_max, by_slug["goblin-archer"].need_sum) == (2, 5)
    assert (by_slug["goblin-archer"].short_max, by_slug["goblin-archer"].short_sum) == (0, 3)
    assert by_slug["snig-the-axe"].needs == [1, 1, 0]
    assert (by_slug["snig-the-axe"].short_max, by_slug["snig-the-axe"].short_sum) == (0, 1)
    assert result.enough_one_at_a_time
    assert not result.enough_all_at_once
    assert [line.card.slug for line in result.short_lines_sum] == ["goblin-archer", "snig-the-axe"]


def test_names_the_validator_cannot_resolve_are_reported_not_guessed() -> None:
    doc = {**GOBLINS, "entries": [{"card": "Goblin Archr", "qty": 1}], "commanders": []}
    result = collection_shortfall(user=UserFactory.create(), documents=[doc])
    assert result.lines == []
    [unresolved] = result.unresolved
    assert (unresolved.text, unresolved.reason, unresolved.pointer) == ("Goblin Archr", "unknown", "/entries/0/card")
    assert "Goblin Archer" in unresolved.suggestions


def test_battlelore_deployments_count_one_unit_per_placed_unit() -> None:
    me = UserFactory.create()
    CollectionItemFactory.create(owner=me, card=card("battlelore2", "citadel-guard"), quantity=1)
    army = {"game": "battlelore2", "format": "x", "deployment": [
        {"card": "Citadel Guard", "hex": "A1"}, {"card": "Citadel Guard", "hex": "A2"}]}
    [line] = collection_shortfall(user=me, documents=[army]).lines
    assert (line.need_max, line.short_max) == (2, 1)


def test_the_shortfall_page_checks_my_saved_lists_together() -> None:
    me = UserFactory.create()
    first = SavedListFactory.create(owner=me, document=GOBLINS)
    second = SavedListFactory.create(owner=me, document={**GOBLINS, "name": "Second"})
    page = signed_in(me).get(f"/collection/shortfall/?list={first.pk}&list={second.pk}")
    assert page.status_code == 200
    assert page.context["shortfall"].names == ["Goblins", "Second"]
    html = page.content.decode()
    assert "All at once" in html and "One list at a time" in html


def test_the_shortfall_page_takes_pasted_documents_and_refuses_bad_json_with_400() -> None:
    import json

    client = signed_in(UserFactory.create())
    ok = client.post("/collection/shortfall/", {"documents": json.dumps([GOBLINS, DDM_WARBAND])})
    assert ok.status_code == 200
    assert len(ok.context["shortfall"].names) == 2
    assert client.post("/collection/shortfall/", {"documents": "{not json"}).status_code == 400
    assert client.post("/collection/shortfall/", {"documents": "[1, 2]"}).status_code == 400


# ------------------------------------------------------------------------------------------ privacy


def test_a_strangers_session_cannot_check_my_lists_against_anything() -> None:
    me, stranger = UserFactory.create(), UserFactory.create()
    mine = SavedListFactory.create(owner=me, document=GOBLINS)
    assert signed_in(stranger).get(f"/collection/shortfall/?list={mine.pk}").status_code == 404
    assert signed_in(stranger).get("/collection/shortfall/?list=not-a-uuid").status_code == 404


def test_a_strangers_session_sees_its_own_empty_collection_never_mine() -> None:
    me, stranger = UserFactory.create(), UserFactory.create()
    CollectionItemFactory.create(owner=me, card=figure("wd-26-wood-elf-ranger"), quantity=7)
    client = signed_in(stranger)
    home = client.get("/collection/")
    assert [s.items for s in home.context["summary"]] == [0, 0, 0, 0]
    page = client.get("/collection/ddm/?set=war-drums")
    assert all(item["qty"] == 0 for item in page.context["items"])
    assert "wd-26-wood-elf-ranger" not in client.get("/collection/export.csv").content.decode()
    # and what the stranger saves lands in the stranger's collection only
    client.post("/collection/ddm/", {f"qty-{figure('wd-26-wood-elf-ranger').pk}": "1"})
    assert collection_quantities(user=me) == {figure("wd-26-wood-elf-ranger").pk: 7}


@pytest.mark.parametrize(
    "url", ["/collection/", "/collection/ddm/", "/collection/export.csv", "/collection/import/",
            "/collection/shortfall/"],
)
def test_every_collection_page_needs_a_signed_in_player(client: Client, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_an_unknown_game_is_404() -> None:
    assert signed_in(UserFactory.create()).get("/collection/chess/").status_code == 404


# ------------------------------------------------------------------------------------ in the builder


def test_the_builder_shows_a_signed_in_player_what_the_list_lacks_and_updates_it_on_each_change() -> None:
    user = UserFactory.create()
    CollectionItemFactory.create(owner=user, card=card("dungeon-command", "goblin-archer"), quantity=1)
    client = signed_in(user)
    page = client.get("/build/dungeon-command/").content.decode()
    assert "What you lack" not in page or "You own everything this list needs." in page
    import json

    response = client.post(
        "/build/dungeon-command/",
        {"document": json.dumps(GOBLINS), "op": "noop"},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "What you lack" in html
    row = html[html.index('data-slug="goblin-archer"'):]
    row = row[: row.index("</tr>")]
    assert "<strong>1</strong>" in row, "2 needed, 1 owned: 1 short"


def test_an_anonymous_builder_shows_no_collection() -> None:
    import json

    response = Client().post("/build/dungeon-command/", {"document": json.dumps(GOBLINS), "op": "noop"},
                             HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "What you lack" not in response.content.decode()
