"""Five in a row on a Rust core: rules (freestyle, standard, renju, caro),
game keeping (undo/redo, save/load, Piskvork records) and an AI from the
classic teaching heuristics to a search engine.

>>> import gomoku
>>> game = gomoku.Game(size=15, rule="renju")
>>> game.play("h8")
>>> game.play((8, 8))
>>> game.turn
<Color.BLACK: 1>
>>> game.moves
[Point(x=7, y=7), Point(x=8, y=8)]
>>> str(game.last_move)
'i9'
"""

from __future__ import annotations

import enum
import importlib
import numbers
from dataclasses import dataclass
from typing import Any, Callable, Iterator, NamedTuple, Optional, Sequence, Union

from . import gomoku as _native
from .gomoku import (
    ForbiddenMoveError,
    GameOverError,
    HistoryError,
    IllegalMoveError,
    OccupiedError,
    OffBoardError,
    ParseError,
    SetupError,
)

__all__ = [
    "Color",
    "ForbiddenMoveError",
    "Game",
    "GameOverError",
    "HistoryError",
    "IllegalMoveError",
    "LegalMoves",
    "MAX_LEVEL",
    "OccupiedError",
    "OffBoardError",
    "ParseError",
    "Point",
    "Result",
    "Rule",
    "SearchInfo",
    "SetupError",
    "parse_moves",
]

__version__: str = _native.VERSION

#: The strongest AI level (the full search engine).
MAX_LEVEL: int = _native.MAX_LEVEL

_U32 = 2**32 - 1
_U64 = 2**64 - 1


def _int(value: object, name: str, low: int, high: int) -> int:
    """`value` as an int in `low..=high`: a ValueError if it is out of range
    (whatever its size), a TypeError if it is not an integer."""
    if type(value) is int:
        number = value
    elif isinstance(value, numbers.Integral):  # bool, NumPy integers
        number = int(value)
    else:
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    if not low <= number <= high:
        raise ValueError(f"{name} {number} is out of range ({low} to {high})")
    return number


class Color(enum.IntEnum):
    """A stone colour; the values are the C codes."""

    BLACK = _native.COLOR_BLACK
    WHITE = _native.COLOR_WHITE

    @property
    def opponent(self) -> Color:
        """The other colour."""
        return Color.WHITE if self is Color.BLACK else Color.BLACK


class Rule(enum.IntEnum):
    """A rule set; the values are the C codes."""

    FREESTYLE = _native.RULE_FREESTYLE
    STANDARD = _native.RULE_STANDARD
    RENJU = _native.RULE_RENJU
    CARO = _native.RULE_CARO

    @classmethod
    def parse(cls, value: Union[Rule, str, int]) -> Rule:
        """A rule from itself, its name (any case) or its code."""
        if isinstance(value, str):
            try:
                return cls[value.strip().upper()]
            except KeyError:
                raise ParseError(f"unknown rule {value!r} (expected freestyle, standard, renju or caro)") from None
        return cls(value)


class Result(enum.IntEnum):
    """How a game stands; the values are the C codes."""

    ONGOING = _native.RESULT_ONGOING
    BLACK_WON = _native.RESULT_BLACK_WON
    WHITE_WON = _native.RESULT_WHITE_WON
    DRAW = _native.RESULT_DRAW


class Point(NamedTuple):
    """A point: `x` the column (0 = left), `y` the row (0 = top).

    >>> Point.parse("h8")
    Point(x=7, y=7)
    >>> str(Point(0, 14))
    'a15'
    """

    x: int
    y: int

    @classmethod
    def parse(cls, text: str) -> Point:
        """A point from letter notation (`h8`)."""
        points = _native.NativeGame.parse_moves(text)
        if len(points) != 1 or text.strip()[:1].isdigit():
            raise ParseError(f"invalid point {text!r}")
        return cls(*points[0])

    def __str__(self) -> str:
        return f"{chr(ord('a') + self.x)}{self.y + 1}"


PointLike = Union[Point, tuple[int, int], str]


#: Coordinates beyond these are off every board; they are refused before
#: they reach the native code, which takes 64-bit integers.
_COORDINATE = 2**63 - 1


def _point(p: PointLike) -> Point:
    if isinstance(p, str):
        return Point.parse(p)
    x, y = p
    return Point(_int(x, "x", -_COORDINATE, _COORDINATE), _int(y, "y", -_COORDINATE, _COORDINATE))


def parse_moves(text: str) -> list[Point]:
    """Parses a move list: `h8i9j10`, `h8 i9 j10` or `7,7 8,8 9,9`."""
    return [Point(x, y) for x, y in _native.NativeGame.parse_moves(text)]


@dataclass(frozen=True)
class SearchInfo:
    """What the AI reports after each finished depth (and with its move)."""

    depth: int
    score: Optional[int]
    win_in: Optional[int]
    loss_in: Optional[int]
    nodes: int
    nodes_per_second: int
    elapsed: float
    pv: list[Point]

    @classmethod
    def _from(cls, d: dict[str, Any]) -> SearchInfo:
        return cls(
            depth=d["depth"],
            score=d["score"],
            win_in=d["win_in"],
            loss_in=d["loss_in"],
            nodes=d["nodes"],
            nodes_per_second=d["nodes_per_second"],
            elapsed=d["elapsed"],
            pv=[Point(x, y) for x, y in d["pv"]],
        )


class LegalMoves:
    """A live view of the points the side to move may play.

    Supports `in`, `len()` and iteration.
    """

    def __init__(self, game: Game) -> None:
        self._game = game

    def __contains__(self, p: object) -> bool:
        try:
            q = _point(p)  # type: ignore[arg-type]
        except (ValueError, TypeError):
            return False
        return self._game._native.is_legal(q.x, q.y)

    def __iter__(self) -> Iterator[Point]:
        return (Point(x, y) for x, y in self._game._native.legal_moves())

    def __len__(self) -> int:
        return len(self._game._native.legal_moves())

    def __repr__(self) -> str:
        return f"<LegalMoves ({len(self)})>"


class Game:
    """A game of five in a row.

    >>> game = Game.from_moves("h8 a1 i8 a2 j8 a3 k8 a4 l8")
    >>> game.result
    <Result.BLACK_WON: 1>
    >>> [str(p) for p in game.winning_line]
    ['h8', 'i8', 'j8', 'k8', 'l8']
    >>> game.undo()
    Point(x=11, y=7)
    >>> game.is_over
    False
    """

    def __init__(
        self,
        size: int = 15,
        rule: Union[Rule, str, int] = Rule.FREESTYLE,
        *,
        stones: Optional[Sequence[tuple[PointLike, Union[Color, int]]]] = None,
        turn: Union[Color, int] = Color.BLACK,
    ) -> None:
        """A new game; `stones` and `turn` give a set-up start position."""
        code = Rule.parse(rule).value
        size = _int(size, "size", _native.MIN_SIZE, _native.MAX_SIZE)
        if stones is None and Color(turn) is Color.BLACK:
            self._native = _native.NativeGame(size, code)
        else:
            triples = [(*_point(p), int(Color(c))) for p, c in (stones or [])]
            self._native = _native.NativeGame.from_setup(size, code, triples, int(Color(turn)))

    @classmethod
    def _wrap(cls, native: _native.NativeGame) -> Game:
        game = cls.__new__(cls)
        game._native = native
        return game

    @classmethod
    def from_moves(cls, moves: Union[str, Sequence[PointLike]], size: int = 15, rule: Union[Rule, str, int] = Rule.FREESTYLE) -> Game:
        """A game after `moves` from an empty board, black first."""
        game = cls(size, rule)
        points = parse_moves(moves) if isinstance(moves, str) else [_point(p) for p in moves]
        game._native.play_all([tuple(p) for p in points])  # type: ignore[misc]
        return game

    @classmethod
    def load(cls, text: str) -> Game:
        """A game from save text (as written by `save`, or by C or Java)."""
        return cls._wrap(_native.NativeGame.load(text))

    @classmethod
    def from_psq(cls, text: str, rule: Union[Rule, str, int] = Rule.FREESTYLE) -> Game:
        """A game from a Piskvork `.psq` record."""
        return cls._wrap(_native.NativeGame.from_psq(text, Rule.parse(rule).value))

    def save(self) -> str:
        """The game as save text, readable by `Game.load` and the C and Java bindings."""
        return self._native.save()

    def to_psq(self) -> str:
        """The game as a Piskvork `.psq` record."""
        return self._native.to_psq()

    def copy(self) -> Game:
        """An independent copy."""
        return Game._wrap(self._native.copy())

    # Moves.

    def play(self, point: PointLike) -> None:
        """Plays for the side to move; raises an `IllegalMoveError` subclass and changes nothing if refused."""
        p = _point(point)
        self._native.play(p.x, p.y)

    def undo(self) -> Point:
        """Takes back the last move and returns it."""
        return Point(*self._native.undo())

    def redo(self) -> Point:
        """Replays the last undone move and returns it."""
        return Point(*self._native.redo())

    # State.

    @property
    def size(self) -> int:
        """The board side."""
        return self._native.size

    @property
    def rule(self) -> Rule:
        """The rule."""
        return Rule(self._native.rule)

    @property
    def turn(self) -> Color:
        """The side to move."""
        return Color(self._native.turn)

    @property
    def moves(self) -> list[Point]:
        """The moves played since the start position."""
        return [Point(x, y) for x, y in self._native.moves]

    @property
    def last_move(self) -> Optional[Point]:
        """The last move, if any."""
        moves = self._native.moves
        return Point(*moves[-1]) if moves else None

    @property
    def result(self) -> Result:
        """Ongoing, won by either colour, or drawn."""
        return Result(self._native.result)

    @property
    def winner(self) -> Optional[Color]:
        """The winner, if any."""
        r = self.result
        return Color(r.value) if r in (Result.BLACK_WON, Result.WHITE_WON) else None

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.result is not Result.ONGOING

    @property
    def winning_line(self) -> list[Point]:
        """The stones of the winning line (empty if none)."""
        return [Point(x, y) for x, y in self._native.winning_line]

    @property
    def legal_moves(self) -> LegalMoves:
        """The points the side to move may play (a live view)."""
        return LegalMoves(self)

    def is_forbidden(self, point: PointLike) -> bool:
        """Whether black may not play `point` now (renju)."""
        p = _point(point)
        return self._native.is_forbidden(p.x, p.y)

    @property
    def forbidden_points(self) -> list[Point]:
        """Every point black may not play now (renju)."""
        return [Point(x, y) for x, y in self._native.forbidden_points()]

    def stone(self, point: PointLike) -> Optional[Color]:
        """The stone on `point`, None if empty."""
        p = _point(point)
        code = self._native.stone(p.x, p.y)
        return Color(code) if code else None

    @property
    def board(self) -> Any:
        """The board, `board[y][x]` in C codes (0 empty, 1 black, 2 white):
        a NumPy array when NumPy is installed, else a list of rows."""
        rows = self._native.board()
        try:
            numpy = importlib.import_module("numpy")
        except ImportError:
            return rows
        return numpy.array(rows, dtype=numpy.int8)

    # The AI.

    def ai_move(
        self,
        *,
        level: int = 0,
        time_ms: Optional[int] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        seed: int = 0,
        table_mib: Optional[int] = None,
        progress: Optional[Callable[[SearchInfo], object]] = None,
    ) -> Point:
        """The AI's move for the side to move (not played). Releases the GIL
        while thinking, on a copy of the game: the game may be read and even
        played meanwhile, and `stop()` from another thread ends the search
        early.

        `level` 1..MAX_LEVEL (0 = strongest); with no limit at all the search
        takes about one second. `table_mib` sizes the search's table (16 MiB
        by default), allocated by the first search at level 3 or above and
        kept for the game's later moves.
        """
        return self.ai_search(
            level=level, time_ms=time_ms, nodes=nodes, depth=depth, seed=seed, table_mib=table_mib, progress=progress
        )[0]

    def ai_search(
        self,
        *,
        level: int = 0,
        time_ms: Optional[int] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        seed: int = 0,
        table_mib: Optional[int] = None,
        progress: Optional[Callable[[SearchInfo], object]] = None,
    ) -> tuple[Point, SearchInfo]:
        """Like `ai_move`, also returning the search's final report."""
        level = _int(level, "level", 0, MAX_LEVEL)
        time_ms = None if time_ms is None else _int(time_ms, "time_ms", 0, _U64)
        nodes = None if nodes is None else _int(nodes, "nodes", 0, _U64)
        depth = None if depth is None else _int(depth, "depth", 0, _U32)
        seed = _int(seed, "seed", 0, _U64)
        table_mib = None if table_mib is None else _int(table_mib, "table_mib", 1, _U64 >> 20)
        callback = None
        if progress is not None:
            report = progress

            def callback(d: dict[str, Any]) -> object:
                return report(SearchInfo._from(d))

        x, y, info = self._native.ai_move(level, time_ms, nodes, depth, seed, table_mib, callback)
        return Point(x, y), SearchInfo._from(info)

    def stop(self) -> None:
        """Stops a running `ai_move` (from another thread); it returns its best move so far."""
        self._native.stop()

    def scores(self, level: int = 0) -> list[list[Optional[int]]]:
        """Per-point scores for hints and heat maps, `scores[y][x]`, higher is
        better for the side to move; None where it may not play."""
        return self._native.scores(_int(level, "level", 0, MAX_LEVEL))

    # Python protocols.

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._native.equals(other._native)

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        return self._native.text()

    def __repr__(self) -> str:
        # Moves alone are the short form; a set-up start or undone moves
        # waiting for redo need the whole save text to read back equal.
        native = self._native
        if native.setup_stones or native.setup_turn != Color.BLACK or native.redo_moves:
            return f"Game.load({self.save()!r})"
        args = [f"{' '.join(str(p) for p in self.moves)!r}"]
        if self.size != 15:
            args.append(f"size={self.size}")
        if self.rule is not Rule.FREESTYLE:
            args.append(f"rule={self.rule.name.lower()!r}")
        return f"Game.from_moves({', '.join(args)})"

    def _repr_svg_(self) -> str:
        from . import svg

        return svg.board(self)
