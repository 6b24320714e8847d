#!/usr/bin/env python3
"""The score of an engine against one opponent over c-gomoku-cli matches,
from the matches' SGF files (`-sgf FILE`): games won, lost and drawn, the
score with its Elo and 95% interval, and the decided games split by length.
Every opening is played twice with colours swapped (`-repeat`), so the
interval comes from the spread of the openings' mean scores, not of single
games: a pair that each side wins with black is one level result, not two
wild ones.

With `--paired OTHER.sgf`, a second run of another build against the same
opponent from the same openings: the mean difference between the two
builds' scores on each opening they both played twice, in points (0 to 100)
with its 95% interval. Pairing by opening removes most of what the openings
themselves decide, so two builds are told apart with far fewer games.

    python3 scripts/match_score.py --opponent rapfi new.sgf
    python3 scripts/match_score.py --opponent rapfi new.sgf --paired old.sgf

Several files may be given for either run, comma-separated
(`a.sgf,b.sgf`); an opening is told by its moves, so files from different
opening sets can be joined.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from dataclasses import dataclass

GAME = re.compile(r"\(;(.*?)\)\s*(?=\(;|\Z)", re.S)
PLAYER = re.compile(r"\b(PB|PW|RE)\[([^\]]*)\]")
MOVE = re.compile(r";[BW]\[([a-z]{2})\](C\[opening move\])?")

#: Two-sided 95% quantile of the normal distribution.
Z95 = 1.96
#: Game lengths, in stones with the opening's, at which the split starts a
#: new band: short games are mostly won or lost by a threat sequence out of
#: the opening, long ones by the middle game.
LENGTH_BANDS = (30, 60)


@dataclass(frozen=True)
class Game:
    """One finished game of a match."""

    black: str
    white: str
    #: "B", "W" or "draw".
    winner: str
    #: The opening's moves (as SGF coordinates), which name the opening.
    opening: tuple[str, ...]
    #: Stones on the board at the end, the opening's included.
    stones: int

    def points(self, engine: str) -> float:
        """What `engine` scored: 1 for a win, ½ for a draw, 0 for a loss."""
        if self.winner == "draw":
            return 0.5
        won_by = self.black if self.winner == "B" else self.white
        return 1.0 if won_by == engine else 0.0


def parse(text: str) -> list[Game]:
    """Every game of a c-gomoku-cli SGF file; raises `ValueError` for a
    game without players or result."""
    games = []
    for body in GAME.findall(text):
        props = dict(PLAYER.findall(body))
        if not {"PB", "PW", "RE"} <= props.keys():
            raise ValueError(f"a game without PB, PW or RE: {body[:80]!r}")
        result = props["RE"]
        winner = "draw" if result == "0" else result[:1]
        if winner not in ("B", "W", "draw"):
            raise ValueError(f"unknown result {result!r}")
        moves = MOVE.findall(body)
        opening = tuple(m for m, mark in moves if mark)
        games.append(Game(props["PB"], props["PW"], winner, opening, len(moves)))
    return games


def engine_of(games: list[Game], opponent: str) -> str:
    """The one player other than `opponent`; raises `ValueError` when the
    games do not hold exactly one such player, or `opponent` is absent."""
    players = {g.black for g in games} | {g.white for g in games}
    if opponent not in players:
        raise ValueError(f"{opponent!r} played none of the games ({sorted(players)})")
    others = players - {opponent}
    if len(others) != 1:
        raise ValueError(f"expected one engine against {opponent!r}, found {sorted(others)}")
    return others.pop()


def by_opening(games: list[Game], engine: str) -> dict[tuple[str, ...], list[float]]:
    """`engine`'s points per opening, in the games' order."""
    openings: dict[tuple[str, ...], list[float]] = {}
    for g in games:
        openings.setdefault(g.opening, []).append(g.points(engine))
    return openings


def tally(points: list[float]) -> tuple[int, int, int]:
    """Games won, lost and drawn among `points`."""
    won, lost = points.count(1.0), points.count(0.0)
    return won, lost, len(points) - won - lost


def elo(score: float) -> float:
    """The Elo difference that expects `score` (strictly between 0 and 1)."""
    return -400.0 * math.log10(1.0 / score - 1.0)


def mean_and_margin(values: list[float]) -> tuple[float, float]:
    """The mean of `values` and the half-width of its 95% interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(variance / n)


def signed(x: float, decimals: int) -> str:
    """`x` with its sign, a true minus for negatives (none for a zero)."""
    x = round(x, decimals) + 0.0
    return f"{x:+.{decimals}f}".replace("-", "−")


def elo_text(score: float, margin: float) -> str:
    """`Elo x (low … high)`, with ±inf where a score reaches 0 or 1."""

    def one(p: float) -> str:
        if p <= 0.0:
            return "−inf"
        if p >= 1.0:
            return "+inf"
        return signed(elo(p), 0)

    return f"Elo {one(score)} ({one(score - margin)} … {one(score + margin)})"


def report(games: list[Game], opponent: str, paired: list[Game] | None = None) -> str:
    """The score of the engine that played `opponent` in `games`, and, with
    `paired`, its difference per opening from the engine of `paired`."""
    engine = engine_of(games, opponent)
    points = [g.points(engine) for g in games]
    won, lost, drawn = tally(points)
    score = sum(points) / len(points)
    mine = by_opening(games, engine)
    pair_means = [sum(p) / len(p) for p in mine.values()]
    _, margin = mean_and_margin(pair_means)
    lines = [
        f"{engine} against {opponent}: {len(games)} games, +{won} −{lost} ={drawn}, "
        f"{100 * score:.1f}%, {elo_text(score, margin)}"
    ]
    bounds = (0, *LENGTH_BANDS, math.inf)
    for low, high in zip(bounds, bounds[1:]):
        band = tally([p for g, p in zip(games, points) if low <= g.stones < high])
        name = f"{low} to {high - 1}" if high != math.inf else f"{low} or more"
        lines.append(f"  {name} stones: won {band[0]}, lost {band[1]}, drawn {band[2]}")
    if paired is not None:
        other = engine_of(paired, opponent)
        theirs = by_opening(paired, other)
        common = [o for o in mine if len(mine[o]) == 2 and len(theirs.get(o, [])) == 2]
        if not common:
            raise ValueError("the two runs share no opening played twice in each")
        diffs = [50.0 * (sum(mine[o]) - sum(theirs[o])) for o in common]
        mean, half = mean_and_margin(diffs)
        lines.append(
            f"paired with {other} over {len(common)} openings: "
            f"{signed(mean, 1)} ± {half:.1f} points"
        )
    return "\n".join(lines)


def read(paths: str) -> list[Game]:
    """The games of comma-separated SGF files."""
    games: list[Game] = []
    for path in paths.split(","):
        with open(path, encoding="utf-8") as f:
            games.extend(parse(f.read()))
    if not games:
        raise ValueError(f"no games in {paths}")
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", help="SGF file(s) of the run, comma-separated")
    parser.add_argument("--opponent", required=True, help="the opponent's player name")
    parser.add_argument("--paired", help="SGF file(s) of another build's run, same openings")
    args = parser.parse_args(argv)
    try:
        paired = read(args.paired) if args.paired else None
        print(report(read(args.games), args.opponent, paired))
    except (OSError, ValueError) as e:
        print(f"match_score: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
