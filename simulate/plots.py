"""Small server-rendered SVG pictures: histograms, win rates with their intervals, battle maps.

No plotting library: a bar chart and a grid of squares are a few dozen lines, render without JavaScript,
scale with the page, and are styled by ``static/css/muster.css`` (classes ``plot-*`` and ``map-*``).
Every text that reaches the SVG is escaped; the caller passes translated labels.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.formats import number_format
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import pgettext_lazy

MAP_CELL = 20  # pixels per square in a map's viewBox (the JS replay uses the same)
TERRAIN_CLASSES = {
    "#": "wall", "d": "difficult", "s": "statue", "p": "pit", "f": "forest", "c": "sacred-circle", "t": "teleport",
    "r": "risky", "k": "spike-stones", "b": "blood-rock", "~": "fog",
}
# A square's terrain as its tooltip says it (a name not listed shows as it is). Not the bare words the
# catalogue's map abilities are named by ("wall", "sacred circle"): those stay English data.
TERRAIN_LABELS = {
    "wall": pgettext_lazy("map terrain", "wall or solid rock"),
    "difficult": pgettext_lazy("map terrain", "difficult terrain"),
    "statue": pgettext_lazy("map terrain", "statue"),
    "pit": pgettext_lazy("map terrain", "pit"),
    "forest": pgettext_lazy("map terrain", "forest"),
    "sacred-circle": pgettext_lazy("map terrain", "part of a sacred circle"),
    "teleport": pgettext_lazy("map terrain", "teleport square"),
    "risky": pgettext_lazy("map terrain", "risky terrain"),
    "spike-stones": pgettext_lazy("map terrain", "spike stones"),
    "blood-rock": pgettext_lazy("map terrain", "blood rock"),
    "fog": pgettext_lazy("map terrain", "fog"),
    "smoke": pgettext_lazy("map terrain", "smoke"),
    "hazardous": pgettext_lazy("map terrain", "hazardous terrain"),
    "obstacle": pgettext_lazy("map terrain", "obstacle"),
    "magic-circle": pgettext_lazy("map terrain", "magic circle"),
    "treasure": pgettext_lazy("map terrain", "treasure square"),
}


def _percent(share: float) -> str:
    """0.6214 → "62.1%" in the page's number format (as the matchup tables' ``|percent``)."""
    return f"{number_format(share * 100, decimal_pos=1)}%"


def _fit(label: str, room: float, char_width: float = 7.5) -> str:
    """``label`` shortened with "…" to fit ``room`` pixels of the picture (the whole label is in the bar's
    tooltip): the widest letters of a sans-serif at the labels' 13px are about 7.5px on average."""
    most = max(4, int(room / char_width))
    return label if len(label) <= most else label[: most - 1].rstrip() + "…"


def _nice_step(top: int, ticks: int = 4) -> int:
    raw = max(1, top / ticks)
    magnitude = 10 ** (len(str(int(raw))) - 1)
    for m in (1, 2, 5, 10):
        if raw <= m * magnitude:
            return int(m * magnitude)
    return int(10 * magnitude)


def _y_grid(*, left: int, right: int, top: int, plot_h: int, ceiling: int, step: int) -> list[str]:
    """The horizontal grid lines and their value ticks, from 0 to ``ceiling`` every ``step``, shared by the
    histogram and the line plot (``right`` is the x where the lines end)."""
    parts: list[str] = []
    for tick in range(0, ceiling + 1, step):
        y = top + plot_h - plot_h * tick / ceiling
        parts.append(f'<line class="plot-grid" x1="{left}" x2="{right}" y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(f'<text class="plot-tick" x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{tick}</text>')
    return parts


def histogram_svg(
    bars: Sequence[tuple[str, int]], *, title: str, x_label: str, y_label: str, marked: str | None = None,
    width: int = 560, height: int = 220,
) -> SafeString:
    """A bar per (label, count); ``marked`` labels one bar to stand out (the zero margin)."""
    left, right, top, bottom = 44, 8, 10, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    highest = max((c for _, c in bars), default=0)
    step = _nice_step(highest)
    ceiling = max(step, -(-highest // step) * step)
    n = max(1, len(bars))
    slot = plot_w / n
    parts = [
        f'<svg class="plot" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>',
    ]
    parts += _y_grid(left=left, right=width - right, top=top, plot_h=plot_h, ceiling=ceiling, step=step)
    every = max(1, -(-n // 12))  # at most about 12 labels under the bars
    for i, (label, count) in enumerate(bars):
        h = plot_h * count / ceiling if ceiling else 0
        x = left + i * slot
        cls = "plot-bar plot-bar-marked" if marked is not None and label == marked else "plot-bar"
        parts.append(
            f'<rect class="{cls}" x="{x + slot * 0.1:.1f}" y="{top + plot_h - h:.1f}" width="{slot * 0.8:.1f}" '
            f'height="{h:.1f}"><title>{escape(label)}: {count}</title></rect>'
        )
        if i % every == 0:
            parts.append(f'<text class="plot-tick" x="{x + slot / 2:.1f}" y="{top + plot_h + 14}" '
                         f'text-anchor="middle">{escape(label)}</text>')
    parts.append(f'<line class="plot-axis" x1="{left}" x2="{width - right}" y1="{top + plot_h}" y2="{top + plot_h}"/>')
    parts.append(f'<text class="plot-label" x="{left + plot_w / 2:.1f}" y="{height - 4}" '
                 f'text-anchor="middle">{escape(x_label)}</text>')
    parts.append(f'<text class="plot-label" x="12" y="{top + plot_h / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 12 {top + plot_h / 2:.1f})">{escape(y_label)}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text above is escaped


def lines_svg(
    series: Sequence[tuple[str, Sequence[float]]], *, title: str, x_label: str, y_label: str,
    width: int = 560, height: int = 220, mark: tuple[int, str] | None = None,
) -> SafeString:
    """One line per (label, values), the values at x = 1, 2, 3...; the lines take the classes ``plot-a`` and
    ``plot-b`` in turn, with a legend. ``mark``: (x, label), a dashed upright line at x (a limit reached)."""
    left, right, top, bottom = 44, 8, 24, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    n = max((len(v) for _, v in series), default=0)
    highest = max((x for _, v in series for x in v), default=0.0)
    step = _nice_step(int(highest) + 1)
    ceiling = max(step, -(-int(highest) // step) * step)
    parts = [
        f'<svg class="plot plot-lines" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>',
    ]
    parts += _y_grid(left=left, right=width - right, top=top, plot_h=plot_h, ceiling=ceiling, step=step)
    slot = plot_w / max(1, n - 1)
    every = max(1, -(-n // 12))
    for i in range(0, n, every):
        parts.append(f'<text class="plot-tick" x="{left + i * slot:.1f}" y="{top + plot_h + 14}" '
                     f'text-anchor="middle">{i + 1}</text>')
    for k, (label, values) in enumerate(series):
        cls = ("plot-a", "plot-b")[k % 2]
        points = " ".join(f"{left + i * slot:.1f},{top + plot_h - plot_h * v / ceiling:.1f}"
                          for i, v in enumerate(values))
        parts.append(f'<polyline class="plot-line {cls}" points="{points}"><title>{escape(label)}</title></polyline>')
        parts.append(f'<rect class="plot-bar {cls}" x="{left + 8 + k * 200}" y="6" width="12" height="8"/>'
                     f'<text class="plot-tick" x="{left + 24 + k * 200}" y="14">{escape(label[:28])}</text>')
    parts.append(f'<line class="plot-axis" x1="{left}" x2="{width - right}" y1="{top + plot_h}" y2="{top + plot_h}"/>')
    if mark is not None and 1 <= mark[0] <= n:
        x = left + (mark[0] - 1) * slot
        parts.append(f'<line class="plot-mark" x1="{x:.1f}" x2="{x:.1f}" y1="{top}" y2="{top + plot_h}"/>')
        parts.append(f'<text class="plot-tick" x="{x - 4:.1f}" y="{top + 12}" '
                     f'text-anchor="end">{escape(mark[1])}</text>')
    parts.append(f'<text class="plot-label" x="{left + plot_w / 2:.1f}" y="{height - 4}" '
                 f'text-anchor="middle">{escape(x_label)}</text>')
    parts.append(f'<text class="plot-label" x="12" y="{top + plot_h / 2:.1f}" text-anchor="middle" '
                 f'transform="rotate(-90 12 {top + plot_h / 2:.1f})">{escape(y_label)}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text above is escaped


def rates_svg(rows: Sequence[tuple[str, Mapping[str, float], str]], *, title: str, width: int = 560) -> SafeString:
    """One bar per (label, {"p", "low", "high"}, css class): the share, with its 95% interval as a whisker.

    Each label stands on its own line above its bar, across the whole width: a list's name in any language
    ("Эльфы Леса побеждает") has the width of the picture, not a margin's, and is never cut off."""
    left, right, row_h = 6, 54, 44
    height = row_h * len(rows) + 24
    plot_w = width - left - right
    parts = [
        f'<svg class="plot plot-rates" viewBox="0 0 {width} {height}" role="img" aria-label="{escape(title)}" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>',
    ]
    for pct in (0, 25, 50, 75, 100):
        x = left + plot_w * pct / 100
        anchor = "start" if pct == 0 else "end" if pct == 100 else "middle"
        parts.append(f'<line class="plot-grid" x1="{x:.1f}" x2="{x:.1f}" y1="20" y2="{height - 18}"/>')
        parts.append(f'<text class="plot-tick" x="{x:.1f}" y="{height - 4}" text-anchor="{anchor}">{pct}%</text>')
    for i, (label, rate, cls) in enumerate(rows):
        y = 4 + i * row_h
        p, low, high = rate["p"], rate["low"], rate["high"]
        parts.append(f'<text class="plot-label" x="{left}" y="{y + 13}" text-anchor="start">'
                     f'{escape(_fit(label, width - left))}</text>')
        tip = f"{escape(label)}: {_percent(p)} ({_percent(low)}–{_percent(high)})"
        parts.append(f'<rect class="plot-bar {escape(cls)}" x="{left}" y="{y + 19}" width="{plot_w * p:.1f}" '
                     f'height="16"><title>{tip}</title></rect>')
        x0, x1, ym = left + plot_w * low, left + plot_w * high, y + 27
        whisker = f"M{x0:.1f} {ym - 5}v10M{x0:.1f} {ym}H{x1:.1f}M{x1:.1f} {ym - 5}v10"
        parts.append(f'<path class="plot-whisker" d="{whisker}"/>')
        parts.append(f'<text class="plot-tick" x="{width - 2}" y="{y + 31}" text-anchor="end">{_percent(p)}</text>')
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text above is escaped


def battle_map_svg(layout: Mapping[str, Any], *, title: str, pieces: bool = False) -> SafeString:
    """A battle map drawn from its layout (``muster-ddm-map/1``): terrain, thin walls, start areas (with their
    letters), victory areas and exits. ``pieces`` adds an empty group the replay draws creatures into."""
    try:
        rows = [str(r) for r in layout.get("rows") or ()]
        height = int(layout.get("height") or len(rows))
        width = int(layout.get("width") or max((len(r) for r in rows), default=0))
        rows = rows or ["." * width] * height
    except (TypeError, ValueError):
        return mark_safe("")
    if width <= 0 or height <= 0:
        return mark_safe("")
    cell = MAP_CELL
    legend = {str(k): list(v) for k, v in (layout.get("legend") or {}).items()}
    parts = [
        f'<svg class="battle-map" viewBox="-1 -1 {width * cell + 2} {height * cell + 2}" role="img" '
        f'aria-label="{escape(title)}" data-cell="{cell}" xmlns="http://www.w3.org/2000/svg">'
        f'<title>{escape(title)}</title>',
        f'<rect class="map-ground" x="0" y="0" width="{width * cell}" height="{height * cell}"/>',
    ]
    for y, row in enumerate(rows[:height]):
        for x, sym in enumerate(str(row)[:width]):
            names = [TERRAIN_CLASSES[sym]] if sym in TERRAIN_CLASSES else list(legend.get(sym, []))
            if not names:
                continue
            classes = " ".join(f"map-{escape(n)}" for n in names)
            parts.append(f'<rect class="{classes}" x="{x * cell}" y="{y * cell}" width="{cell}" height="{cell}">'
                         f'<title>{escape(", ".join(str(TERRAIN_LABELS.get(n, n)) for n in names))}</title></rect>')
    for area in layout.get("areas") or ():
        kind = str(area.get("kind") or "")
        letter = str(area.get("letter") or "")
        squares = [(int(sx), int(sy)) for sx, sy in area.get("squares") or ()]
        for rx, ry, rw, rh in area.get("rects") or ():
            squares += [(int(rx) + i, int(ry) + j) for i in range(int(rw)) for j in range(int(rh))]
        cls = f"map-area map-{escape(kind)} map-letter-{escape(letter.lower() or 'all')}"
        for sx, sy in squares:
            parts.append(f'<rect class="{cls}" x="{sx * cell}" y="{sy * cell}" width="{cell}" height="{cell}"/>')
        if squares and letter and kind in ("start", "victory"):
            cx = sum(s[0] for s in squares) / len(squares)
            cy = sum(s[1] for s in squares) / len(squares)
            parts.append(f'<text class="map-letter" x="{(cx + 0.5) * cell:.1f}" y="{(cy + 0.5) * cell + 5:.1f}" '
                         f'text-anchor="middle">{escape(letter)}</text>')
    for x1, y1, x2, y2 in layout.get("edge_walls") or ():
        x1, y1, x2, y2 = int(x1), int(y1), int(x2), int(y2)
        if y1 == y2:  # a vertical edge between horizontal neighbours
            ex = max(x1, x2) * cell
            parts.append(f'<line class="map-edge-wall" x1="{ex}" y1="{y1 * cell}" x2="{ex}" y2="{(y1 + 1) * cell}"/>')
        else:
            ey = max(y1, y2) * cell
            parts.append(f'<line class="map-edge-wall" x1="{x1 * cell}" y1="{ey}" x2="{(x1 + 1) * cell}" y2="{ey}"/>')
    parts.append(f'<rect class="map-border" x="0" y="0" width="{width * cell}" height="{height * cell}"/>')
    if pieces:
        parts.append('<g class="map-pieces"></g>')
    parts.append("</svg>")
    return mark_safe("".join(parts))  # every text above is escaped
