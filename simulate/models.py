"""Matchup previews: a job of many seeded battles between two lists, split into chunks for the workers.

A :class:`Matchup` holds everything its battles need as plain data (the two warbands with every number,
the map's layout, the parameters, the seed and the AI), so a worker needs no catalogue and a battle
replays from the job alone. Each :class:`MatchupChunk` is one worker task's share; its tallies are stored
under (matchup, index), so a chunk run twice (a worker died before acknowledging it) is stored once.
"""

from __future__ import annotations

import uuid

from django.db import models


class Matchup(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    game = models.CharField(max_length=40)
    ruleset = models.CharField(max_length=40)
    a_document = models.JSONField(help_text="List A's document as it was simulated.")
    b_document = models.JSONField(help_text="List B's document as it was simulated.")
    a_list = models.ForeignKey(
        "builder.SavedList", on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        help_text="The saved list A came from, if any.",
    )
    b_list = models.ForeignKey(
        "builder.SavedList", on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        help_text="The saved list B came from, if any.",
    )
    a_validation = models.JSONField(help_text="List A's validation result when the job was made.")
    b_validation = models.JSONField(help_text="List B's validation result when the job was made.")
    lists = models.JSONField(help_text="The two warbands as the engine plays them (every number used).")
    left_out = models.JSONField(default=list, blank=True, help_text="Entries that could not be played, and why.")
    battle_map = models.CharField(max_length=160, help_text="The battle map's slug.")
    map_layout = models.JSONField(help_text="The map as the engine reads it.")
    params = models.JSONField(default=dict, blank=True, help_text="The battle parameters (format, scenario).")
    battles = models.PositiveIntegerField()
    seed = models.BigIntegerField(help_text="Battle i is played with the seed '<seed>:<i>'.")
    ai = models.CharField(max_length=40)
    chunk_size = models.PositiveIntegerField()
    catalogue_version = models.CharField(max_length=40)
    unmodelled = models.JSONField(default=list, blank=True, help_text="Abilities of these creatures not played.")
    played = models.JSONField(
        default=dict, blank=True, help_text="Per list: its cost as played and the share of it whose abilities are not."
    )
    player_entered = models.JSONField(
        default=list, blank=True, help_text="Numbers a player entered that the battles used, per list and card."
    )
    assumptions = models.JSONField(
        default=list, blank=True, help_text="Numbers no source gives that this preview assumed (the quick start)."
    )
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"matchup {self.id} ({self.status})"

    @property
    def chunk_count(self) -> int:
        return -(-self.battles // self.chunk_size)

    def chunk_range(self, index: int) -> range:
        """The battle indexes of chunk ``index``."""
        start = index * self.chunk_size
        return range(start, min(start + self.chunk_size, self.battles))


class MatchupChunk(models.Model):
    """One worker task's battles: progress while it runs, its tallies once done (``stats``)."""

    matchup = models.ForeignKey(Matchup, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    done = models.PositiveIntegerField(default=0, help_text="Battles played so far by the run storing here.")
    worker = models.CharField(max_length=200, blank=True, help_text="The worker that last ran it (host name).")
    stats = models.JSONField(null=True, blank=True, help_text="The chunk's tallies (null until it finishes).")
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["matchup", "index"]
        constraints = [models.UniqueConstraint(fields=["matchup", "index"], name="matchup_chunk_unique_index")]

    def __str__(self) -> str:
        return f"chunk {self.index} of {self.matchup_id}"
