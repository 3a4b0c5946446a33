"""One validation: a checked list document and the catalogue facts in, the result out.

It never raises for an illegal list and reports every problem, not the first (like Pokémon
Showdown's validator). Findings are sorted by rule id, then by the first entry they point at.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

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
from validation.core.text import Text, and_text, msg, nmsg


def _merge_missing(missing: list[Missing]) -> list[tuple[Finding, Source]]:
    """One ``catalogue.missing-data`` per card and field, naming every rule that needs it."""
    groups: dict[tuple[str, str], list[Missing]] = {}
    for m in missing:
        groups.setdefault((m.card, m.field), []).append(m)
    out: list[tuple[Finding, Source]] = []
    for (slug, field_name), items in groups.items():
        rules = sorted({m.rule for m in items})
        severity: Severity = "violation" if any(m.severity == "violation" for m in items) else "warning"
        what = items[0].what or field_name.replace("_", " ")
        name = items[0].card_name
        entries = tuple(sorted({p for m in items for p in m.entries}))
        needed_by = and_text(rules)
        settled = severity == "violation"
        if str(what).startswith("whether "):  # "whether {name} is Unique": a yes or no the catalogue lacks
            fact = what if isinstance(what, Text) else what.replace("{name}", name)
            message = (
                nmsg("The catalogue does not say {fact}, which {rules} needs: the list cannot be shown legal "
                     "without it.", "The catalogue does not say {fact}, which {rules} need: the list cannot be "
                     "shown legal without it.", len(rules), fact=fact, rules=needed_by) if settled
                else nmsg("The catalogue does not say {fact}, which {rules} needs: the warning cannot be settled "
                          "without it.", "The catalogue does not say {fact}, which {rules} need: the warning cannot "
                          "be settled without it.", len(rules), fact=fact, rules=needed_by)
            )
            hint = msg("say in the catalogue {fact} ({slug})", fact=fact, slug=slug)
        else:
            message = (
                nmsg("The catalogue lacks the {what} of {name}, which {rules} needs: the list cannot be shown legal "
                     "without it.", "The catalogue lacks the {what} of {name}, which {rules} need: the list cannot "
                     "be shown legal without it.", len(rules), what=what, name=name, rules=needed_by) if settled
                else nmsg("The catalogue lacks the {what} of {name}, which {rules} needs: the warning cannot be "
                          "settled without it.", "The catalogue lacks the {what} of {name}, which {rules} need: the "
                          "warning cannot be settled without it.", len(rules), what=what, name=name, rules=needed_by)
            )
            hint = msg("supply the {what} of {name} ({slug}) in the catalogue", what=what, name=name, slug=slug)
        finding = Finding(
            MISSING_DATA,
            message,
            entries,
            hint=hint,
            severity=severity,
            extra={"needed_by": rules, "card": slug, "field": field_name},
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
    ``texts``, each finding also carries its message's and hint's templates (``finding_json``)."""
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
        (violations if finding.severity == "violation" else warnings).append(finding_json(finding, default, texts))
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
