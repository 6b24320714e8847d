"""SVG drawings of a board, for notebooks and web pages.

>>> import gomoku, gomoku.svg
>>> text = gomoku.svg.board(gomoku.Game.from_moves("h8 i9"), size=300)
>>> text.startswith("<svg")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping, Optional, Sequence
from xml.sax.saxutils import escape

if TYPE_CHECKING:
    from . import Game, Hint, Point


def board(
    game: Game,
    *,
    size: int = 400,
    last_move: Optional[Point] = None,
    scores: Optional[Sequence[Sequence[Optional[int]]]] = None,
    labels: Optional[Mapping[tuple[int, int], str]] = None,
    hint: Optional[Hint] = None,
    coordinates: bool = True,
) -> str:
    """The board as SVG text: stones, the last move marked (the game's own
    unless given), the winning line highlighted, forbidden points crossed
    (renju), an optional heat map of `scores` (as from `Game.scores()`), and
    text `labels` on empty points ({(x, y): "A"}). A `hint` (from
    `Game.hint()`) labels its candidates 1, 2, … with their reasons as
    tooltips, the move to play circled.

    >>> import gomoku, gomoku.svg
    >>> game = gomoku.Game.from_moves("h8 a1 i8 o1 j8")
    >>> "<title>" in gomoku.svg.board(game, hint=game.hint(depth=2))
    True
    """
    n = game.size
    margin = size / (n + 1)
    cell = (size - 2 * margin) / (n - 1)
    last = last_move if last_move is not None else game.last_move

    def at(v: float) -> float:
        return margin + v * cell

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}">',
        f'<rect width="{size}" height="{size}" fill="#e3b46b"/>',
    ]
    if scores is not None:
        values = [v for row in scores for v in row if v is not None]
        top = max(values, default=0) or 1
        for y, row in enumerate(scores):
            for x, v in enumerate(row):
                if v is not None and v > 0:
                    alpha = min(1.0, v / top) * 0.7
                    parts.append(
                        f'<rect x="{at(x) - cell / 2:.1f}" y="{at(y) - cell / 2:.1f}" width="{cell:.1f}" height="{cell:.1f}" '
                        f'fill="#d03030" fill-opacity="{alpha:.2f}"/>'
                    )
    for i in range(n):
        parts.append(f'<line x1="{at(0):.1f}" y1="{at(i):.1f}" x2="{at(n - 1):.1f}" y2="{at(i):.1f}" stroke="#000" stroke-width="1"/>')
        parts.append(f'<line x1="{at(i):.1f}" y1="{at(0):.1f}" x2="{at(i):.1f}" y2="{at(n - 1):.1f}" stroke="#000" stroke-width="1"/>')
        if coordinates:
            font = max(8.0, cell * 0.35)
            parts.append(f'<text x="{at(i):.1f}" y="{margin * 0.45:.1f}" font-size="{font:.0f}" text-anchor="middle">{chr(97 + i)}</text>')
            parts.append(f'<text x="{margin * 0.45:.1f}" y="{at(i) + font / 3:.1f}" font-size="{font:.0f}" text-anchor="middle">{i + 1}</text>')
    winning = set(game.winning_line)
    rows = game.rows()
    for y in range(n):
        for x in range(n):
            code = rows[y][x]
            if code == 0:
                continue
            fill, stroke = ("#111", "#000") if code == 1 else ("#fafafa", "#333")
            parts.append(f'<circle cx="{at(x):.1f}" cy="{at(y):.1f}" r="{cell * 0.45:.1f}" fill="{fill}" stroke="{stroke}"/>')
            if (x, y) in winning:
                parts.append(f'<circle cx="{at(x):.1f}" cy="{at(y):.1f}" r="{cell * 0.2:.1f}" fill="#e02020"/>')
    if last is not None and (last.x, last.y) not in winning:
        mark = "#fff" if rows[last.y][last.x] == 1 else "#000"
        parts.append(f'<circle cx="{at(last.x):.1f}" cy="{at(last.y):.1f}" r="{cell * 0.15:.1f}" fill="{mark}"/>')
    for p in game.forbidden_points:
        d = cell * 0.2
        parts.append(
            f'<path d="M{at(p.x) - d:.1f},{at(p.y) - d:.1f} L{at(p.x) + d:.1f},{at(p.y) + d:.1f} '
            f'M{at(p.x) + d:.1f},{at(p.y) - d:.1f} L{at(p.x) - d:.1f},{at(p.y) + d:.1f}" stroke="#c00" stroke-width="2"/>'
        )
    marks: dict[tuple[int, int], tuple[str, str]] = {}
    for (x, y), text in (labels or {}).items():
        marks[(x, y)] = (text, "")
    if hint is not None:
        for rank, reason in enumerate(hint.candidates, start=1):
            marks[(reason.point.x, reason.point.y)] = (str(rank), reason.text)
        best = hint.best
        parts.append(f'<circle cx="{at(best.x):.1f}" cy="{at(best.y):.1f}" r="{cell * 0.42:.1f}" fill="none" stroke="#1060d0" stroke-width="2"/>')
    font = max(8.0, cell * 0.45)
    for (x, y), (text, title) in marks.items():
        tooltip = f"<title>{escape(title)}</title>" if title else ""
        parts.append(
            f'<text x="{at(x):.1f}" y="{at(y) + font / 3:.1f}" font-size="{font:.0f}" text-anchor="middle" '
            f'fill="#1060d0" font-weight="bold">{tooltip}{escape(text)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
