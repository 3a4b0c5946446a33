"""One validation: a checked list document and the catalogue facts in, the result out.

It never raises for an illegal list and reports every problem, not the first (like Pokémon
Showdown's validator). Findings are sorted by rule id, then by the first entry they point at.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from validation.core.books import citation
from validation.core.document import ListDocument
from validation.core.entered import player_entered_findings
from validation.core.facts import Catalogue
from validation.core.registry import RULES
from validation.core.result import (
    MISSING_DATA,
    Finding,
    FindingJSON,
    Missing,
    Outcome,
    ResultJSON,
    Severity,
    Source,
    build_result,
    finding_json,
)
from validation.core.text import Text, and_text, nmsg


@dataclass(frozen=True)
class _Lack:
    """What the catalogue lacks of one card: one field, the rules that need it, where the card is listed."""

    slug: str
    name: str
    field: str
    what: str | Text
    rules: tuple[str, ...]
    severity: Severity
    entries: tuple[str, ...]


def _lacks(missing: list[Missing]) -> list[_Lack]:
    """One :class:`_Lack` per card and field, naming every rule that needs it; a violation unless only
    warnings need it."""
    groups: dict[tuple[str, str], list[Missing]] = {}
    for m in missing:
        groups.setdefault((m.card, m.field), []).append(m)
    out = []
    for (slug, field_name), items in groups.items():
        severity: Severity = "violation" if any(m.severity == "violation" for m in items) else "warning"
        out.append(_Lack(slug, items[0].card_name, field_name, items[0].what or field_name.replace("_", " "),
                         tuple(sorted({m.rule for m in items})), severity,
                         tuple(sorted({p for m in items for p in m.entries}))))
    return out


def _whether(what: str | Text) -> bool:
    return str(what).startswith("whether ")  # "whether {name} is Unique": a yes or no the catalogue lacks


def _merge_key(lack: _Lack) -> tuple[str, ...] | None:
    """Warnings about the same field, needed by the same rules, become one finding listing the cards;
    a yes-or-no fact only when its words have a plural (``nmsg``: "whether A and B are Unique")."""
    if lack.severity != "warning":
        return None
    what = lack.what
    if _whether(what):
        if not (isinstance(what, Text) and what.plural and "name" in what.params):
            return None
        return (lack.field, what.template, *lack.rules)
    return (lack.field, str(what), *lack.rules)


def _merge_missing(missing: list[Missing]) -> list[tuple[Finding, Source]]:
    """``catalogue.missing-data``: one per card and field naming every rule that needs it; warnings of
    the same field and rules are one finding that lists the cards (an Epic warband of seven creatures
    whose Commander rating nobody recorded gets one warning, not seven)."""
    groups: dict[tuple[str, ...], list[_Lack]] = {}
    for index, lack in enumerate(_lacks(missing)):
        groups.setdefault(_merge_key(lack) or ("", str(index)), []).append(lack)
    out: list[tuple[Finding, Source]] = []
    for lacks in groups.values():
        first = lacks[0]
        rules = list(first.rules)
        names = [lack.name for lack in lacks]
        slugs = [lack.slug for lack in lacks]
        name: str | Text = and_text(names) if len(lacks) > 1 else first.name
        what = first.what
        needed_by = and_text(rules)
        settled = first.severity == "violation"
        if _whether(what):
            if isinstance(what, Text):
                fact: str | Text = (Text(what.template, {**what.params, "name": name, "n": len(lacks)}, what.plural,
                                         len(lacks))
                                    if len(lacks) > 1 else what)
            else:
                fact = what.replace("{name}", first.name)
            message = (
                nmsg("The catalogue does not say {fact}, which {rules} needs: the list cannot be shown legal "
                     "without it.", "The catalogue does not say {fact}, which {rules} need: the list cannot be "
                     "shown legal without it.", len(rules), fact=fact, rules=needed_by) if settled
                else nmsg("The catalogue does not say {fact}, which {rules} needs: the warning cannot be settled "
                          "without it.", "The catalogue does not say {fact}, which {rules} need: the warning cannot "
                          "be settled without it.", len(rules), fact=fact, rules=needed_by)
            )
        else:
            message = (
                nmsg("The catalogue lacks the {what} of {name}, which {rules} needs: the list cannot be shown legal "
                     "without it.", "The catalogue lacks the {what} of {name}, which {rules} need: the list cannot "
                     "be shown legal without it.", len(rules), what=what, name=name, rules=needed_by) if settled
                else nmsg("The catalogue lacks the {what} of {name}, which {rules} needs: the warning cannot be "
                          "settled without it.", "The catalogue lacks the {what} of {name}, which {rules} need: the "
                          "warning cannot be settled without it.", len(rules), what=what, name=name, rules=needed_by)
            )
        hint = nmsg("complete it on the card page of {name}", "complete them on the card pages of {name}",
                    len(lacks), name=name)
        finding = Finding(
            MISSING_DATA,
            message,
            tuple(sorted({p for lack in lacks for p in lack.entries})),
            hint=hint,
            severity=first.severity,
            extra={"needed_by": rules, "card": slugs[0], "cards": slugs, "field": first.field},
        )
        first_rule = rules[0]
        out.append((finding, RULES[first_rule].source if first_rule in RULES else Source("", "")))
    return out


def _collect(outcomes: Iterable[Outcome], rule_id: str, source: Source, into: list[tuple[Finding, Source]],
             missing: list[Missing]) -> None:
    for outcome in outcomes:
        if isinstance(outcome, Missing):
            if not outcome.rule:  # (dataclasses.replace is slow enough to show in a validation's time)
                outcome = Missing(outcome.card, outcome.card_name, outcome.field, outcome.entries, rule_id,
                                  outcome.severity, outcome.what)
            missing.append(outcome)
        else:
            into.append((outcome, source))


def validate(doc: ListDocument, catalogue: Catalogue, *, texts: bool = False) -> ResultJSON:
    """The validation result of ``doc`` (checked by ``parse_document``) against ``catalogue``; with
    ``texts``, each finding also carries its message's and hint's templates (``finding_json``) and the
    book it cites (``validation.core.books``)."""
    spec, fmt, params = doc.spec, doc.format, doc.params
    context, reading = spec.prepare(doc, catalogue, fmt, params)
    found: list[tuple[Finding, Source]] = []
    missing: list[Missing] = []
    _collect(reading, "", Source("", ""), found, missing)
    for rule_id in fmt.rules:
        rule = RULES[rule_id]
        _collect(rule.check(context, params), rule_id, rule.source, found, missing)
    found.extend(_merge_missing(missing))
    found.extend((f, f.source or Source("", "")) for f in player_entered_findings(doc.data, catalogue))

    violations: list[FindingJSON] = []
    warnings: list[FindingJSON] = []
    for finding, source in found:
        default = RULES[finding.rule].source if finding.rule in RULES else source
        out = finding_json(finding, default, texts)
        if texts:  # the book, sections and pages a page cites (the API keeps the machine-readable source)
            cited = citation(finding.source or default)
            if cited is not None:
                out["citation"] = dict(cited.json())
        (violations if finding.severity == "violation" else warnings).append(out)
    totals: dict[str, Any] = spec.totals(context, params)
    return build_result(
        game=doc.game,
        ruleset=doc.ruleset,
        format_id=fmt.id,
        version=catalogue.version,
        findings=violations,
        warnings=warnings,
        totals=totals,
    )
