"""Self-play and matches between engine levels, as `gomoku selfplay` and
`gomoku arena` play them: the openings, one game and its record line, and
the match statistics (pentanomial Elo and the SPRT).

A game depends only on its opening, the two levels and the limits when
there is no time limit, so games may be played anywhere (other processes,
a Ray cluster: `gomoku.cluster`) and give the records a single process
would.

>>> from gomoku.selfplay import Limits, match_openings, play_game
>>> opening = match_openings("default", count=1)[0]
>>> record = play_game(opening, black=3, white=3, limits=Limits(time_ms=0, nodes=200))
>>> record == play_game(opening, black=3, white=3, limits=Limits(time_ms=0, nodes=200))
True
>>> Record.parse(record.line) == record
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Optional, Sequence, Union

from . import (
    DEFAULT_SIZE,
    MAX_LEVEL,
    Game,
    Point,
    PointLike,
    Result,
    Rule,
    _U32,
    _U64,
    _int,
    _native,
    _point,
)

__all__ = [
    "DEFAULT_MOVE_MS",
    "DEFAULT_RANDOM_OPENINGS",
    "DEFAULT_SEED",
    "Limits",
    "Record",
    "ScoredMove",
    "Sprt",
    "Tally",
    "match_openings",
    "play_game",
]

#: Time per move of a match when none is given, in milliseconds.
DEFAULT_MOVE_MS: int = _native.DEFAULT_MOVE_MS
#: A match's seed when none is given.
DEFAULT_SEED: int = _native.DEFAULT_SEED
#: How many random openings a match generates when not told how many.
DEFAULT_RANDOM_OPENINGS: int = _native.DEFAULT_RANDOM_OPENINGS


@dataclass(frozen=True)
class Limits:
    """How each move is limited; 0 means no limit of that kind. Without a
    time limit a game is the same on every machine."""

    time_ms: int = DEFAULT_MOVE_MS
    nodes: int = 0
    depth: int = 0
    seed: int = DEFAULT_SEED

    def _native(self) -> tuple[int, int, int, int]:
        return (
            _int(self.time_ms, "time_ms", 0, _U64),
            _int(self.nodes, "nodes", 0, _U64),
            _int(self.depth, "depth", 0, _U32),
            _int(self.seed, "seed", 0, _U64),
        )


class ScoredMove(NamedTuple):
    """A move of a record and the mover's score: `score` (evaluation
    units), or a win or loss in so many plies, or all None when unknown."""

    point: Point
    score: Optional[int]
    win_in: Optional[int]
    loss_in: Optional[int]


@dataclass(frozen=True)
class Record:
    """One game as `gomoku selfplay` writes it: `line` is the record line
    (rule, size, result, opening, then each move with its score), the
    other fields what it says."""

    line: str
    rule: Rule
    size: int
    result: Result
    opening: list[Point]
    moves: list[ScoredMove]

    @classmethod
    def parse(cls, line: str) -> Record:
        """Reads a record line, checking that its moves are legal and give
        its result; a `ParseError` says what is wrong."""
        rule, size, result, opening, moves = _native.parse_record(line)
        return cls(
            line=line.strip(),
            rule=Rule(rule),
            size=size,
            result=Result(result),
            opening=[Point(x, y) for x, y in opening],
            moves=[ScoredMove(Point(x, y), v, w, lo) for x, y, v, w, lo in moves],
        )

    def game(self) -> Game:
        """The game the record describes, replayed."""
        game = Game(self.size, self.rule)
        for p in [*self.opening, *(m.point for m in self.moves)]:
            game.play(p)
        return game


def match_openings(
    spec: str = "default",
    rule: Union[Rule, str, int] = Rule.FREESTYLE,
    size: int = DEFAULT_SIZE,
    count: Optional[int] = None,
    seed: int = DEFAULT_SEED,
) -> list[list[Point]]:
    """The openings a match plays: `"default"` (the Gomocup 2026 freestyle
    openings), `"random"` (balanced ones generated from `seed`) or the path
    of a file of Gomocup opening lines; the first `count` of them (all, or
    50 random ones, without it)."""
    n = None if count is None else _int(count, "count", 0, _U32)
    openings = _native.match_openings(
        spec, Rule.parse(rule).value, _int(size, "size", 0, _U32), n, _int(seed, "seed", 0, _U64)
    )
    return [[Point(x, y) for x, y in o] for o in openings]


def play_game(
    opening: Sequence[PointLike],
    black: int,
    white: int,
    limits: Limits = Limits(),
    rule: Union[Rule, str, int] = Rule.FREESTYLE,
    size: int = DEFAULT_SIZE,
) -> Record:
    """Plays one game from `opening`, black's moves searched at level
    `black` and white's at level `white`, without the GIL."""
    line = _native.play_game(
        Rule.parse(rule).value,
        _int(size, "size", 0, _U32),
        [_point(p) for p in opening],
        _int(black, "black", 0, MAX_LEVEL),
        _int(white, "white", 0, MAX_LEVEL),
        limits._native(),
    )
    return Record.parse(line)


class Tally:
    """A match's counts for player A: games, and pairs (each opening played
    twice, colours swapped) by A's points in them, the pentanomial."""

    def __init__(self) -> None:
        self._native = _native.NativeTally()

    def game(self, points: float) -> None:
        """Counts a game by A's points: 1, 0.5 or 0."""
        self._native.game(points)

    def pair(self, first: float, second: float) -> None:
        """Counts a finished pair by A's points in each of its games."""
        self._native.pair(first, second)

    @property
    def wins(self) -> int:
        return self._native.counts()[0]

    @property
    def losses(self) -> int:
        return self._native.counts()[1]

    @property
    def draws(self) -> int:
        return self._native.counts()[2]

    @property
    def pairs(self) -> list[int]:
        """Pairs by A's points: 0, ½, 1, 1½, 2."""
        return list(self._native.counts()[3])

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    def score(self) -> float:
        """A's share of the points, 0 to 1."""
        return self._native.score()

    def elo(self) -> Optional[tuple[float, float]]:
        """A's Elo advantage from the pairs and its 95% error, None before
        the first pair."""
        return self._native.elo()

    def __repr__(self) -> str:
        return f"Tally(+{self.wins} -{self.losses} ={self.draws}, pairs={self.pairs})"


class Sprt:
    """A sequential probability ratio test: H0 "A is `elo0` stronger"
    against H1 "A is `elo1` stronger", with error rates `alpha`, `beta`."""

    def __init__(self, elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05) -> None:
        self._native = _native.NativeSprt(elo0, elo1, alpha, beta)

    @classmethod
    def parse(cls, text: str) -> Sprt:
        """`elo0,elo1[,alpha,beta]`, as `gomoku arena --sprt` reads it."""
        return cls(*_native.NativeSprt.parse(text).parameters())

    @property
    def parameters(self) -> tuple[float, float, float, float]:
        """(elo0, elo1, alpha, beta)."""
        return self._native.parameters()

    def bounds(self) -> tuple[float, float]:
        """The log-likelihood ratio's bounds: below the first H0 is
        accepted, above the second H1."""
        return self._native.bounds()

    def llr(self, tally: Tally) -> float:
        """The log-likelihood ratio of the pairs so far."""
        return self._native.llr(tally._native)

    def verdict(self, tally: Tally) -> Optional[str]:
        """`"H1"`, `"H0"`, or None while undecided."""
        return self._native.verdict(tally._native)
