"""factory-boy factories shared by the suite (STYLE.md): players, their saved lists and collections."""

from __future__ import annotations

from typing import Any

import factory
from django.contrib.auth.models import User

from builder.models import CollectionItem, SavedList

PASSWORD = "a long enough pass phrase 42"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.django.Password(PASSWORD)


DDM_WARBAND: dict[str, Any] = {
    "game": "ddm",
    "format": "skirmish-200",
    "name": "Wood elves",
    "faction": "CG",
    "entries": [{"card": "Wood Elf Ranger", "qty": 2}],
}


class SavedListFactory(factory.django.DjangoModelFactory):
    """A saved list made the way players make them (``list_create``); its edit token is ``obj.edit_token``."""

    class Meta:
        model = SavedList

    document: Any = factory.LazyFunction(lambda: dict(DDM_WARBAND))
    owner = None

    @classmethod
    def _create(cls, model_class: type[SavedList], *args: Any, **kwargs: Any) -> SavedList:
        from builder.services import list_create

        saved, token = list_create(document=kwargs["document"], owner=kwargs.get("owner"))
        saved.edit_token = token  # type: ignore[attr-defined]
        return saved


class CollectionItemFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CollectionItem

    owner = factory.SubFactory(UserFactory)
    quantity = 1
