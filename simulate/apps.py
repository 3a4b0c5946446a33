from __future__ import annotations

from django.apps import AppConfig


class SimulateConfig(AppConfig):
    name = "simulate"
    default_auto_field = "django.db.models.BigAutoField"
