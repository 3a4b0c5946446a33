from __future__ import annotations

from django.contrib import admin

from catalogue import models as m

admin.site.register(m.Game)
admin.site.register(m.Ruleset)
admin.site.register(m.ProductSet)
admin.site.register(m.Faction)


@admin.register(m.CatalogueVersion)
class CatalogueVersionAdmin(admin.ModelAdmin[m.CatalogueVersion]):
    list_display = ["label", "created", "summary"]
    readonly_fields = ["label", "created", "summary"]
