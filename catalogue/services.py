"""Writes to the catalogue: import, export, versions. Callable from a shell, a command or a test."""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction
from django.utils import timezone

from catalogue import dataformat as fmt
from catalogue import models as m
from catalogue.kinds import KINDS, KindSpec, card_spec
from catalogue.text import normalise_name
from config.errors import ApplicationError

DATA_DIR = Path(__file__).resolve().parent / "data"
GAMES_FILE = DATA_DIR / "games.json"


@dataclass
class FileReport:
    path: str
    added: int = 0
    changed: int = 0
    removed: int = 0
    unchanged: int = 0
    error: str = ""
    conflicts: list[str] = field(default_factory=list)  # corrections the data now contradicts (kept)

    @property
    def touched(self) -> bool:
        return bool(self.added or self.changed or self.removed)


@dataclass
class ImportReport:
    files: list[FileReport] = field(default_factory=list)
    version: str = ""
    new_version: bool = False

    @property
    def ok(self) -> bool:
        return not any(f.error for f in self.files)


# ---------------------------------------------------------------------------------------------- games


def games_ensure(*, path: Path = GAMES_FILE) -> bool:
    """Create or update the games, rulesets and factions of ``games.json``. Returns whether anything changed."""
    data = json.loads(path.read_text(encoding="utf-8"))
    changed = False
    for gpos, g in enumerate(data["games"]):
        game, created = m.Game.objects.get_or_create(slug=g["slug"], defaults={"name": g["name"], "position": gpos})
        if not created and (game.name, game.position) != (g["name"], gpos):
            game.name, game.position = g["name"], gpos
            game.save()
            changed = True
        changed |= created
        for r in g["rulesets"]:
            ruleset, created = m.Ruleset.objects.get_or_create(
                game=game, slug=r["slug"], defaults={"name": r["name"], "is_default": r.get("default", False)}
            )
            if not created and (ruleset.name, ruleset.is_default) != (r["name"], r.get("default", False)):
                ruleset.name, ruleset.is_default = r["name"], r.get("default", False)
                ruleset.save()
                changed = True
            changed |= created
            for fpos, f in enumerate(r.get("factions", [])):
                faction, created = m.Faction.objects.get_or_create(
                    game=game, ruleset=ruleset, slug=f["slug"], defaults={"name": f["name"], "position": fpos}
                )
                if not created and (faction.name, faction.position) != (f["name"], fpos):
                    faction.name, faction.position = f["name"], fpos
                    faction.save()
                    changed = True
                changed |= created
    return changed


# -------------------------------------------------------------------------------------- canonical form


def card_canonical(card: m.Card, spec: KindSpec) -> dict[str, Any]:
    """A stored card in the file format (the inverse of ``dataformat.parse_card``)."""
    base = {name: getattr(card, name) for name in fmt.BASE_FIELDS}
    own = {f.name: getattr(card, f.name) for f in fmt.own_fields(spec.model)}
    factions = sorted(f.slug for f in card.factions.all())
    children: dict[str, list[dict[str, Any]]] = {}
    for key, child in spec.children.items():
        if child.model is m.CardAbility:
            manager = card.abilities
        else:
            manager = getattr(card, key)
        rows = sorted(manager.all(), key=lambda r: (r.position, r.pk))
        cfields = fmt.child_fields(child)
        children[key] = [{f.name: getattr(r, f.name) for f in cfields} for r in rows]
    refs: dict[str, str | None] = {}
    for name in spec.refs:
        target = getattr(card, name)
        refs[name] = target.slug if target is not None else None
    rec = fmt.CardRecord(card.kind, card.slug, spec, base, own, factions, children, refs, {})
    return fmt.canonical_record(rec)


def _subclass_queryset(spec: KindSpec, game: str, ruleset: str, kind: str) -> Any:
    qs = spec.model.objects.filter(game__slug=game, ruleset__slug=ruleset, kind=kind)
    prefetch = ["factions", *(key for key in spec.children if key != "abilities"), "abilities"]
    related = list(spec.refs)
    return qs.select_related(*related).prefetch_related(*prefetch)


# ---------------------------------------------------------------------------------------------- import


def _data_key(path: str) -> str:
    p = Path(path).resolve()
    try:
        return str(p.relative_to(DATA_DIR))
    except ValueError:
        return p.name


def _order_files(files: list[fmt.DataFile]) -> list[fmt.DataFile]:
    """Files that others reference come first (a guild creature names a seed miniature)."""
    provides: dict[tuple[str, str, str], int] = {}
    for index, f in enumerate(files):
        for rec in f.cards:
            provides[(f.game, f.ruleset, rec.slug)] = index
    needs: dict[int, set[int]] = defaultdict(set)
    for index, f in enumerate(files):
        for rec in f.cards:
            for name, target in rec.refs.items():
                if not target:
                    continue
                ruleset = rec.spec.refs[name].ruleset or f.ruleset
                other = provides.get((f.game, ruleset, target))
                if other is not None and other != index:
                    needs[index].add(other)
    ordered: list[int] = []
    visiting: set[int] = set()

    def visit(i: int) -> None:
        if i in ordered or i in visiting:
            return
        visiting.add(i)
        for j in sorted(needs[i]):
            visit(j)
        visiting.discard(i)
        ordered.append(i)

    for i in range(len(files)):
        visit(i)
    return [files[i] for i in ordered]


def expand_paths(paths: Iterable[str | Path]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(x for x in p.rglob("*.json") if x.name != GAMES_FILE.name))
        else:
            out.append(p)
    return out


def catalogue_import(*, paths: Sequence[str | Path], reason: str = "") -> ImportReport:
    """Import data files. Each file is all or nothing; a second run with the same files changes nothing.

    Returns a report per file; a file with an error has ``error`` set and left the database as it was.
    """
    report = ImportReport()
    games_changed = games_ensure()
    parsed: list[fmt.DataFile] = []
    for path in expand_paths(paths):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            report.files.append(FileReport(str(path), error=f"{path}: cannot read: {exc}"))
            continue
        try:
            parsed.append(fmt.parse_file(str(path), text))
        except fmt.RowError as exc:
            report.files.append(FileReport(str(path), error=str(exc)))
    changes: list[m.CatalogueChange] = []
    for data in _order_files(parsed):
        file_report = FileReport(data.path)
        report.files.append(file_report)
        try:
            with transaction.atomic():
                changes.extend(_import_file(data, file_report))
        except fmt.RowError as exc:
            file_report.added = file_report.changed = file_report.removed = file_report.unchanged = 0
            file_report.error = str(exc)
    if changes or games_changed or not m.CatalogueVersion.objects.exists():
        summary = reason or _summary(report)
        version = catalogue_version_record(changes=changes, summary=summary)
        report.new_version = True
        report.version = version.label
    else:
        report.version = catalogue_version_label()
    return report


def _summary(report: ImportReport) -> str:
    parts = []
    for f in report.files:
        if f.touched:
            parts.append(f"{_data_key(f.path)}: {f.added} added, {f.changed} changed, {f.removed} removed")
    return "Import: " + ("; ".join(parts) if parts else "no card changed")


def _import_file(data: fmt.DataFile, rep: FileReport) -> list[m.CatalogueChange]:
    key = _data_key(data.path)
    try:
        game = m.Game.objects.get(slug=data.game)
        ruleset = m.Ruleset.objects.get(game=game, slug=data.ruleset)
    except (m.Game.DoesNotExist, m.Ruleset.DoesNotExist):
        raise fmt.RowError(data.path, f"unknown game/ruleset '{data.game}/{data.ruleset}'", field="game") from None
    set_defaults = {k: v for k, v in data.set.items() if k != "slug"}
    product_set, created = m.ProductSet.objects.get_or_create(game=game, slug=data.set["slug"], defaults=set_defaults)
    if not created and any(getattr(product_set, k) != v for k, v in set_defaults.items()):
        for k, v in set_defaults.items():
            setattr(product_set, k, v)
        product_set.save()
    factions = {f.slug: f for f in m.Faction.objects.filter(ruleset=ruleset)}
    changes: list[m.CatalogueChange] = []

    # What is stored now, per kind, in canonical form.
    existing: dict[str, m.Card] = {}
    existing_canonical: dict[str, dict[str, Any]] = {}
    for kind in {rec.kind for rec in data.cards}:
        spec = KINDS[(data.game, data.ruleset, kind)]
        for card in _subclass_queryset(spec, data.game, data.ruleset, kind).filter(
            slug__in=[r.slug for r in data.cards if r.kind == kind]
        ):
            existing[card.slug] = card
            existing_canonical[card.slug] = card_canonical(card, spec)
    other_kind = set(
        m.Card.objects.filter(game=game, ruleset=ruleset, slug__in=[r.slug for r in data.cards])
        .exclude(slug__in=list(existing))
        .values_list("slug", flat=True)
    )

    corrections: dict[str, list[m.CardCorrection]] = defaultdict(list)
    for correction in m.CardCorrection.objects.filter(
        game=data.game, ruleset=data.ruleset, slug__in=[r.slug for r in data.cards]
    ):
        corrections[correction.slug].append(correction)

    pending_refs: list[tuple[int, fmt.CardRecord, m.Card]] = []
    renamed: list[tuple[m.Card, str]] = []
    for row, rec in enumerate(data.cards):
        if rec.slug in corrections:
            rec = _with_corrections(data, row, rec, corrections[rec.slug], rep)
        if rec.slug in other_kind:
            raise fmt.RowError(data.path, "a card of another kind already has this slug", row, rec.slug, "slug")
        for slug in rec.factions:
            if slug not in factions:
                known = ", ".join(sorted(factions)) or "none"
                raise fmt.RowError(
                    data.path,
                    f"unknown faction '{slug}' for {data.game}/{data.ruleset} (known: {known})",
                    row,
                    rec.slug,
                    "factions",
                )
        old = existing_canonical.get(rec.slug)
        card = existing.get(rec.slug)
        if old is not None and old == rec.canonical and card is not None:
            if card.data_file != key or card.position != row or card.product_set_id != product_set.pk or card.retired:
                m.Card.objects.filter(pk=card.pk).update(data_file=key, position=row, product_set=product_set,
                                                         retired=False)
            if card.retired:  # back in the data as it was: back in the catalogue
                rep.added += 1
                changes.append(_change(data, rec.slug, rec.base["name"], m.CatalogueChange.Action.ADDED, {}))
            else:
                rep.unchanged += 1
            continue
        values = {**rec.base, **rec.own}
        if card is None:
            card = rec.spec.model(
                game=game, ruleset=ruleset, product_set=product_set, data_file=key, position=row, **values
            )
        else:
            if old is not None and old.get("name") != rec.canonical.get("name") and old.get("name"):
                renamed.append((card, str(old["name"])))
            for name, value in values.items():
                setattr(card, name, value)
            card.product_set, card.data_file, card.position = product_set, key, row
            was_retired, card.retired = card.retired, False
            if was_retired and old is not None:  # back, and changed: logged as added with its changes
                old = None
        for name in rec.spec.refs:
            setattr(card, name, None)
        card.save()
        card.factions.set([factions[s] for s in rec.factions])
        _children_store(card, rec)
        pending_refs.append((row, rec, card))
        if old is None:
            rep.added += 1
            changes.append(_change(data, rec.slug, rec.base["name"], m.CatalogueChange.Action.ADDED, {}))
        else:
            rep.changed += 1
            changes.append(
                _change(data, rec.slug, rec.base["name"], m.CatalogueChange.Action.CHANGED, _diff(old, rec.canonical))
            )

    _refs_store(data, game, pending_refs)

    for card, former in renamed:  # lists that name a card by its old name still find it
        m.CardFormerName.objects.get_or_create(card=card, search_name=normalise_name(former),
                                               defaults={"name": former})
    slugs = {r.slug for r in data.cards}
    # A card the data no longer holds is retired, never deleted: collection entries and lists keep it, the
    # pages say it is no longer in the catalogue, and it comes back if the data holds it again.
    gone = m.Card.objects.filter(game=game, ruleset=ruleset, data_file=key, retired=False).exclude(slug__in=slugs)
    for slug, name in gone.values_list("slug", "name"):
        rep.removed += 1
        changes.append(_change(data, slug, name, m.CatalogueChange.Action.REMOVED, {}))
    gone.update(retired=True)
    return changes


def _refs_store(data: fmt.DataFile, game: m.Game, pending: list[tuple[int, fmt.CardRecord, m.Card]]) -> None:
    """Point the stored cards' references (a creature's miniature, ...) at the cards they name: the named cards
    read in one query per ruleset and kind, the cards written in one update per model and batch (an import of
    the bundled catalogue has ~1,500 references: they were a lookup and a save each)."""
    wanted: dict[tuple[str, str], set[str]] = defaultdict(set)
    for _row, rec, _card in pending:
        for name, target in rec.refs.items():
            if target:
                ref = rec.spec.refs[name]
                wanted[(ref.ruleset or data.ruleset, ref.kind)].add(target)
    found: dict[tuple[str, str, str], m.Card] = {}
    for (ruleset, kind), slugs in wanted.items():
        model = KINDS[(game.slug, ruleset, kind)].model
        for named in model.objects.filter(game=game, ruleset__slug=ruleset, slug__in=sorted(slugs)).order_by("pk"):
            found.setdefault((ruleset, kind, named.slug), named)  # as _ref_find: the first by id
    changed: dict[type[m.Card], tuple[list[m.Card], set[str]]] = {}
    for row, rec, card in pending:
        for name, target in rec.refs.items():
            if not target:
                continue
            ref = rec.spec.refs[name]
            target_ruleset = ref.ruleset or data.ruleset
            hit = found.get((target_ruleset, ref.kind, target))
            if hit is None:
                raise fmt.RowError(
                    data.path, f"no {data.game}/{target_ruleset} {ref.kind} with slug '{target}'", row, rec.slug, name
                )
            setattr(card, name, hit)
            cards, fields = changed.setdefault(type(card), ([], set()))
            if not cards or cards[-1] is not card:
                cards.append(card)
            fields.add(name)
    for model, (cards, fields) in changed.items():
        model._default_manager.bulk_update(cards, sorted(fields), batch_size=200)


def _with_corrections(
    data: fmt.DataFile, row: int, rec: fmt.CardRecord, corrections: list[m.CardCorrection], rep: FileReport
) -> fmt.CardRecord:
    """The record with the reviewed corrections laid over what the data file says. Where the file now says
    something else than it did when a field was corrected, the correction stays and the conflict is reported
    (an editor decides: correct again, or remove the correction in the admin)."""
    record = dict(rec.canonical)
    for correction in corrections:
        in_data = record.get(correction.field)
        if in_data != correction.was and in_data != correction.value:
            rep.conflicts.append(
                f"{data.game}/{data.ruleset}/{rec.slug}: the data now says {correction.field} = "
                f"{json.dumps(in_data, ensure_ascii=False)[:80]} (it said {json.dumps(correction.was)[:80]} when "
                f"it was corrected to {json.dumps(correction.value, ensure_ascii=False)[:80]}); the correction is kept"
            )
        if correction.value is None:
            record.pop(correction.field, None)
        else:
            record[correction.field] = correction.value
    try:
        return fmt.parse_card(data.path, data.game, data.ruleset, row, record, "")
    except fmt.RowError as exc:
        rep.conflicts.append(f"{data.game}/{data.ruleset}/{rec.slug}: the corrections no longer fit the data "
                             f"({exc.message}); the data is used as it is")
        return rec


def _children_store(card: m.Card, rec: fmt.CardRecord) -> None:
    """Replace the rows the card owns (abilities, attacks, spells, ...) with the record's, in its order."""
    for key, child in rec.spec.children.items():
        child.model._default_manager.filter(**{child.fk: card}).delete()
        child.model._default_manager.bulk_create(
            [child.model(**{child.fk: card, "position": i, **row}) for i, row in enumerate(rec.children[key])]
        )


def _ref_find(game: m.Game, ruleset: str, kind: str, slug: str) -> m.Card | None:
    """The card a reference names (``None``: there is no such card)."""
    return KINDS[(game.slug, ruleset, kind)].model.objects.filter(game=game, ruleset__slug=ruleset, slug=slug).first()


def _change(data: fmt.DataFile, slug: str, name: str, action: str, fields: dict[str, Any]) -> m.CatalogueChange:
    return m.CatalogueChange(game=data.game, ruleset=data.ruleset, slug=slug, name=name, action=action, fields=fields)


def _diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, list[Any]]:
    return {k: [old.get(k), new.get(k)] for k in sorted(set(old) | set(new)) if old.get(k) != new.get(k)}


# ---------------------------------------------------------------------------------------------- export


def _file_key(card: m.Card, game: str, ruleset: str) -> str:
    """The data file a stored card belongs in (the one it was imported from, else its set's)."""
    ps = card.product_set
    return card.data_file or f"{game}/{ruleset}/{ps.slug if ps else 'unsorted'}.json"


def catalogue_documents(*, game: str | None = None, file_of: m.Card | None = None) -> dict[str, dict[str, Any]]:
    """Every stored card in the file format, grouped by the file it belongs in (``file_of``: only the file that
    card belongs in)."""
    groups: dict[str, list[tuple[int, str, dict[str, Any]]]] = defaultdict(list)
    headers: dict[str, tuple[str, str, dict[str, Any]]] = {}
    only = None if file_of is None else (file_of.game.slug, file_of.ruleset.slug)
    for (g, r, kind), spec in KINDS.items():
        if (game is not None and g != game) or (only is not None and (g, r) != only):
            continue
        cards = _subclass_queryset(spec, g, r, kind).filter(retired=False).select_related("product_set")
        if file_of is not None:  # its file's cards: the same data file, or none and the same set
            cards = cards.filter(data_file=file_of.data_file)
            if not file_of.data_file:
                cards = cards.filter(product_set=file_of.product_set_id)
        for card in cards:
            ps = card.product_set
            key = _file_key(card, g, r)
            set_data = _set_header(ps) if ps else {"slug": "unsorted", "name": "Unsorted"}
            headers.setdefault(key, (g, r, set_data))
            groups[key].append((card.position, card.slug, card_canonical(card, spec)))
    docs: dict[str, dict[str, Any]] = {}
    for key in sorted(groups):
        g, r, set_data = headers[key]
        cards = [c for _pos, _slug, c in sorted(groups[key], key=lambda t: (t[0], t[1]))]
        docs[key] = fmt.file_document(g, r, set_data, cards)
    return docs


def _set_header(ps: m.ProductSet) -> dict[str, Any]:
    return fmt.set_header({name: getattr(ps, name) for name in fmt.SET_FIELDS})


def catalogue_export(*, out_dir: Path, game: str | None = None) -> list[Path]:
    written: list[Path] = []
    for key, doc in catalogue_documents(game=game).items():
        target = out_dir / key
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(fmt.dumps(doc), encoding="utf-8")
        written.append(target)
    return written


# --------------------------------------------------------------------------------------------- versions


# The version label is a digest of the data: of each data file's digest (its key and its text in the file format)
# and of the factions. A correction changes one card, so one file: its label re-reads that file alone, from the
# file digests this process computed for the version it corrects (_FILE_DIGESTS, by the version's id and label;
# the whole catalogue is read once per process and version, and again when a version it does not know is the
# latest: another process's import or correction, a rolled-back transaction). An import reads every file.
_FILE_DIGESTS: dict[tuple[int, str], dict[str, str]] = {}
_FILE_DIGESTS_KEPT = 8


def _file_digest(key: str, doc: dict[str, Any]) -> str:
    return hashlib.sha256(key.encode() + b"\0" + fmt.dumps(doc).encode()).hexdigest()


def _digest_of(files: dict[str, str]) -> str:
    h = hashlib.sha256()
    for key in sorted(files):
        h.update(f"{key}\0{files[key]}\n".encode())
    games = [
        (f.game.slug, f.ruleset.slug, f.slug, f.name)
        for f in m.Faction.objects.select_related("game", "ruleset").order_by("game__slug", "ruleset__slug", "slug")
    ]
    h.update(json.dumps(games).encode())
    return h.hexdigest()[:12]


def _latest_version() -> tuple[int, str] | None:
    return m.CatalogueVersion.objects.order_by("-id").values_list("id", "label").first()


def file_digests(card: m.Card) -> dict[str, str]:
    """The digest of the data file ``card`` belongs in, as it stands (by its key: the file alone is read)."""
    return {key: _file_digest(key, doc) for key, doc in catalogue_documents(file_of=card).items()}


def _files_digested(*, changed: tuple[m.Card, dict[str, str]] | None = None) -> dict[str, str]:
    """Each data file's digest as the data stands. ``changed``: the one card changed since the latest version
    and its file's digests before the change (:func:`file_digests`): only that file is read again when this
    process knows the latest version's files; else every file is read (and the latest version's files are then
    known: these, with that file as it was)."""
    latest = _latest_version()
    known = _FILE_DIGESTS.get(latest) if latest is not None else None
    if changed is not None and set(changed[1]) != {_file_key(changed[0], changed[0].game.slug,
                                                              changed[0].ruleset.slug)}:
        changed = None  # the card moved to another file: two files changed
    if changed is None or known is None:
        files = {key: _file_digest(key, doc) for key, doc in catalogue_documents().items()}
        if changed is not None and latest is not None:
            card, before = changed
            _remember_files(latest, {**{k: v for k, v in files.items() if k != _file_key(
                card, card.game.slug, card.ruleset.slug)}, **before})
        return files
    card, _before = changed
    files = {k: v for k, v in known.items() if k != _file_key(card, card.game.slug, card.ruleset.slug)}
    files.update(file_digests(card))
    return files


def _remember_files(version: tuple[int, str], files: dict[str, str]) -> None:
    _FILE_DIGESTS[version] = files
    while len(_FILE_DIGESTS) > _FILE_DIGESTS_KEPT:
        del _FILE_DIGESTS[next(iter(_FILE_DIGESTS))]


def catalogue_digest() -> str:
    """The digest of the whole catalogue as stored (every file read)."""
    return _digest_of(_files_digested())


def catalogue_version_record(*, changes: Sequence[m.CatalogueChange], summary: str,
                             changed: tuple[m.Card, dict[str, str]] | None = None) -> m.CatalogueVersion:
    """Write a new version for data that just changed, with its change log (``changed``: the one card a correction
    changed and its file's digests before it, :func:`file_digests`; None: anything may have changed)."""
    files = _files_digested(changed=changed)
    version = m.CatalogueVersion.objects.create(label=_digest_of(files), summary=summary)
    _remember_files((version.id, version.label), files)
    for change in changes:
        change.version = version
    m.CatalogueChange.objects.bulk_create(changes)
    return version


def catalogue_version_label() -> str:
    latest = m.CatalogueVersion.objects.order_by("-id").first()
    return latest.label if latest else "empty"


# ------------------------------------------------------------------------------ reports and corrections


def _report_text_errors(source: str, proposed_value: str, message: str, no_source: str) -> dict[str, list[str]]:
    """A report's own words checked: a source is required; each text has its bound."""
    errors: dict[str, list[str]] = {}
    if not source.strip():
        errors["/source"] = [no_source]
    elif len(source.strip()) > 1000:
        errors["/source"] = ["At most 1,000 characters."]
    if len(proposed_value.strip()) > 100:
        errors["/proposed_value"] = ["At most 100 characters."]
    if len(message.strip()) > 2000:
        errors["/message"] = ["At most 2,000 characters."]
    return errors


def card_report_create(
    *, card: m.Card, field: str, source: str, proposed_value: str = "", message: str = "",
    proposed_values: dict[str, Any] | None = None,
) -> m.CardReport:
    """Store a player's report of a wrong or missing number on ``card`` (its typed row), for an editor.

    The text is kept as typed; pages and the admin escape it. What the catalogue holds for the field
    now is copied into the report, so the editor sees what the player saw. ``proposed_values``: numbers for
    several fields at once (a partial record in the data format, as a player entered them from the printed
    card), which :func:`card_report_accept` writes as they are; the report's field is then ``other``.
    """
    from catalogue.selectors import card_report_fields  # selectors import this module

    fields = dict(card_report_fields(card=card))
    errors: dict[str, list[str]] = {}
    if proposed_values is not None:
        if not isinstance(proposed_values, dict) or not proposed_values:
            errors["/proposed_values"] = ["Give the numbers as an object of the card's fields."]
        field = "other"
        proposed_value = proposed_value or _values_summary(proposed_values)
    if field not in fields:
        errors["/field"] = [f"'{field}' is not a field of this card; choose one of: {', '.join(fields)}."]
    source = source.strip()
    errors.update(_report_text_errors(
        source, proposed_value, message, "Say where the right number comes from (a card, a rulebook page, a link)."))
    if errors:
        raise ApplicationError("The report is not valid.", fields=errors)
    shown = ""
    spec = card_spec(card)
    if spec is not None and isinstance(card, spec.model) and field != "other":
        value = card_canonical(card, spec).get(field)
        if value is not None:
            shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return m.CardReport.objects.create(
        card=card,
        game=card.game.slug,
        ruleset=card.ruleset.slug,
        slug=card.slug,
        card_name=card.name,
        field=field,
        shown_value=shown[:200],
        proposed_value=proposed_value.strip(),
        source=source,
        message=message.strip(),
        catalogue_version=catalogue_version_label(),
        proposed_values=proposed_values,
    )


def reading_report_create(
    *, game: str, ruleset: str, rule: str, profile: str, shown: str, source: str, proposed_value: str = "",
    message: str = "",
) -> m.CardReport:
    """A player's report that a rule the simulator reads (where the rulebook cannot be read) is wrong: kept with
    the card reports for an editor, under the rule's id (``field`` "reading", no card)."""
    source = source.strip()
    errors = _report_text_errors(source, proposed_value, message,
                                 "Say where the rule is printed (the book, its revision, the page).")
    if errors:
        raise ApplicationError("The report is not valid.", fields=errors)
    return m.CardReport.objects.create(
        card=None, game=game, ruleset=ruleset, slug=rule[:160], card_name=f"Rules profile {profile}: {rule}"[:200],
        field="reading", shown_value=shown[:200], proposed_value=proposed_value.strip(), source=source,
        message=message.strip(), catalogue_version=catalogue_version_label(),
    )


def _values_summary(values: Any) -> str:
    """A short line naming the offered numbers ("level 5, hp 40, attacks (2)"), for the reports' list."""
    if not isinstance(values, dict):
        return ""
    parts = [f"{k} ({len(v)})" if isinstance(v, list) else f"{k} {v}" for k, v in values.items()]
    text = ", ".join(parts)
    return text if len(text) <= 100 else text[:99] + "…"


def card_report_accept(*, report: m.CardReport, editor: Any = None) -> m.CatalogueVersion | None:
    """An editor accepts the numbers a report offers (``proposed_values``) as they are: the card is corrected
    through :func:`card_correct` (a new catalogue version whose change log names the report), and each field's
    provenance says it was entered by a player from the printed card and names the report."""
    from catalogue.selectors import card_get  # selectors import this module

    if report.status != m.CardReport.Status.OPEN:
        raise ApplicationError("This report has been reviewed already.", code="invalid")
    if not isinstance(report.proposed_values, dict) or not report.proposed_values:
        raise ApplicationError("This report offers no numbers to accept: correct the card by hand.", code="invalid")
    card = card_get(game=report.game, ruleset=report.ruleset, slug=report.slug)
    spec = card_spec(card) if card is not None else None
    if card is None or spec is None:
        raise ApplicationError("The card is no longer in the catalogue.", code="not_found", status=404)
    values = dict(report.proposed_values)
    provenance = dict(card_canonical(card, spec).get("provenance") or {})
    note = {"how": "entered", "source": f"player report #{report.pk}: {report.source}"[:1000],
            "note": "typed in by a player from the printed card; accepted by an editor"}
    for key in values:
        provenance[key] = [note]
    reason = f"Accepted player report #{report.pk}: numbers entered from the printed card ({report.source})"
    return card_correct(card=card, values={**values, "provenance": provenance}, reason=reason[:500], editor=editor,
                        report=report)


def card_correct(
    *,
    card: m.Card,
    values: dict[str, Any],
    reason: str,
    editor: Any = None,
    report: m.CardReport | None = None,
) -> m.CatalogueVersion | None:
    """An editor's correction: set the given fields of a card (in the data format's names and types).

    ``values`` maps fields to new values; ``None`` removes a value (it becomes missing). The whole record
    is checked as an import checks it, stored, and logged as a new catalogue version whose change log
    holds the old and new value of every changed field. A report it answers is marked corrected.
    Returns the new version, or ``None`` when the values change nothing.
    """
    game, ruleset = card.game.slug, card.ruleset.slug
    spec = KINDS.get((game, ruleset, card.kind))
    if spec is None:
        raise ApplicationError(f"No catalogue kind '{card.kind}' for {game}/{ruleset}.")
    if not reason.strip():
        raise ApplicationError("Say why the card is corrected.", fields={"/reason": ["Required."]})
    with transaction.atomic():
        typed = _subclass_queryset(spec, game, ruleset, card.kind).get(pk=card.pk)
        old = card_canonical(typed, spec)
        record = dict(old)
        for key, value in values.items():
            if key in ("kind", "slug") and value != old.get(key):
                raise ApplicationError(f"A correction cannot change the card's {key}.", fields={f"/{key}": ["Fixed."]})
            if value is None:
                record.pop(key, None)
            else:
                record[key] = value
        where = f"correction of {game}/{ruleset}/{card.slug}"
        try:
            rec = fmt.parse_card(where, game, ruleset, 0, record, "")
        except fmt.RowError as exc:
            raise ApplicationError(exc.message, fields={f"/{exc.field}": [exc.message]}) from None
        if rec.canonical == old:
            return None
        before = file_digests(typed)  # its file as the latest version has it (the new label reads only this file)
        _card_store(typed, rec, spec)
        diff = _diff(old, rec.canonical)
        change = m.CatalogueChange(
            game=game, ruleset=ruleset, slug=card.slug, name=rec.base["name"],
            action=m.CatalogueChange.Action.CHANGED, fields=diff, reason=reason.strip(),
        )
        summary = f"Correction of {game}/{ruleset}/{card.slug} ({', '.join(diff)}): {reason.strip()}"
        version = catalogue_version_record(changes=[change], summary=summary[:1000], changed=(typed, before))
        editor_user = editor if getattr(editor, "pk", None) else None
        for name, (before, after) in diff.items():
            # ``was`` is what the data said before the first correction of the field: kept on a later one.
            m.CardCorrection.objects.update_or_create(
                game=game, ruleset=ruleset, slug=card.slug, field=name,
                defaults={"value": after, "reason": reason.strip(), "editor": editor_user, "version": version},
                create_defaults={"value": after, "was": before, "reason": reason.strip(), "editor": editor_user,
                                 "version": version},
            )
        if report is not None:
            report.status = m.CardReport.Status.CORRECTED
            report.reviewed = timezone.now()
            report.reviewer = editor if getattr(editor, "pk", None) else None
            report.correction = version
            report.review_note = report.review_note or reason.strip()
            report.save()
    return version


def _card_store(card: m.Card, rec: fmt.CardRecord, spec: KindSpec) -> None:
    """Write a checked record over a stored card (the import's way, for one card)."""
    for name, value in {**rec.base, **rec.own}.items():
        setattr(card, name, value)
    for name, target in rec.refs.items():
        found = None
        if target:
            ref = spec.refs[name]
            target_ruleset = ref.ruleset or card.ruleset.slug
            found = _ref_find(card.game, target_ruleset, ref.kind, target)
            if found is None:
                message = f"No {card.game.slug}/{target_ruleset} {ref.kind} with slug '{target}'."
                raise ApplicationError(message, fields={f"/{name}": [message]})
        setattr(card, name, found)
    factions = {f.slug: f for f in m.Faction.objects.filter(ruleset=card.ruleset, slug__in=rec.factions)}
    unknown = [slug for slug in rec.factions if slug not in factions]
    if unknown:
        message = f"Unknown faction '{unknown[0]}' for {card.game.slug}/{card.ruleset.slug}."
        raise ApplicationError(message, fields={"/factions": [message]})
    card.save()
    card.factions.set(list(factions.values()))
    _children_store(card, rec)
