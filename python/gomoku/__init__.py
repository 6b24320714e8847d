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
import os
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
    "Combination",
    "DEFAULT_SIZE",
    "ForbiddenMoveError",
    "ForcedWin",
    "ForcedWinKind",
    "Game",
    "GameOverError",
    "Hint",
    "HintPoint",
    "HistoryError",
    "IllegalMoveError",
    "Language",
    "LegalMoves",
    "MAX_LEVEL",
    "OccupiedError",
    "OffBoardError",
    "ParseError",
    "Point",
    "Reason",
    "Result",
    "Rule",
    "SearchInfo",
    "SetupError",
    "Shape",
    "Symmetry",
    "parse_moves",
    "read_history",
    "rule_name",
]

__version__: str = _native.VERSION

#: The board side when none is given.
DEFAULT_SIZE: int = _native.DEFAULT_SIZE

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

    @property
    def winner(self) -> Optional[Color]:
        """The colour that won, if any."""
        return {Result.BLACK_WON: Color.BLACK, Result.WHITE_WON: Color.WHITE}.get(self)


class Reason(enum.IntEnum):
    """Why a game ended; the values are the C codes."""

    FIVE = _native.REASON_FIVE
    OVERLINE = _native.REASON_OVERLINE
    FULL_BOARD = _native.REASON_FULL
    NO_LEGAL_MOVE = _native.REASON_NO_LEGAL_MOVE
    RESIGNATION = _native.REASON_RESIGN
    TIMEOUT = _native.REASON_TIME
    AGREEMENT = _native.REASON_AGREED


class Language(enum.IntEnum):
    """The language of the texts the library writes (hints, results)."""

    ENGLISH = _native.LANGUAGE_ENGLISH
    CHINESE = _native.LANGUAGE_CHINESE

    @classmethod
    def parse(cls, value: Union[Language, str, int]) -> Language:
        """A language from itself, its code, or a name or locale such as
        `"en"`, `"zh"`, `"zh_CN.UTF-8"` or `"chinese"`."""
        if isinstance(value, str):
            text = value.strip().lower()
            return cls.CHINESE if text.startswith(("zh", "chinese")) else cls.ENGLISH
        return cls(value)


class Symmetry(enum.IntEnum):
    """The eight symmetries of the square board; the values are the C codes.

    >>> Symmetry.ROTATE90.apply(Point(1, 0), 15)
    Point(x=14, y=1)
    """

    IDENTITY = _native.SYMMETRY_IDENTITY
    ROTATE90 = _native.SYMMETRY_ROTATE90
    ROTATE180 = _native.SYMMETRY_ROTATE180
    ROTATE270 = _native.SYMMETRY_ROTATE270
    FLIP_HORIZONTAL = _native.SYMMETRY_FLIP_HORIZONTAL
    FLIP_VERTICAL = _native.SYMMETRY_FLIP_VERTICAL
    TRANSPOSE = _native.SYMMETRY_TRANSPOSE
    ANTI_TRANSPOSE = _native.SYMMETRY_ANTI_TRANSPOSE

    def apply(self, point: PointLike, size: int) -> Point:
        """The image of `point` on a `size × size` board."""
        p = _point(point)
        return Point(*_native.NativeGame.symmetry_apply(self.value, p.x, p.y, _int(size, "size", 0, 2**32)))

    @property
    def inverse(self) -> Symmetry:
        """The symmetry that undoes this one."""
        if self is Symmetry.ROTATE90:
            return Symmetry.ROTATE270
        if self is Symmetry.ROTATE270:
            return Symmetry.ROTATE90
        return self


class Shape(enum.IntEnum):
    """A shape on one line, as the tutorials name them (活二 … 连五)."""

    OPEN_TWO = _native.SHAPE_OPEN_TWO
    THREE = _native.SHAPE_THREE
    OPEN_THREE = _native.SHAPE_OPEN_THREE
    FOUR = _native.SHAPE_FOUR
    OPEN_FOUR = _native.SHAPE_OPEN_FOUR
    FIVE = _native.SHAPE_FIVE


class Combination(enum.IntEnum):
    """Lines combining on one point: 四三, 双四, 双三."""

    FOUR_THREE = _native.COMBINATION_FOUR_THREE
    DOUBLE_FOUR = _native.COMBINATION_DOUBLE_FOUR
    DOUBLE_THREE = _native.COMBINATION_DOUBLE_THREE


class ForcedWinKind(enum.IntEnum):
    """By continuous fours (VCF) or continuous threats (VCT)."""

    VCF = _native.FORCED_WIN_VCF
    VCT = _native.FORCED_WIN_VCT


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


def read_history(path: Union[str, os.PathLike[str]]) -> list[Game]:
    """The games of a history file (as `Game.append_to_history` writes it);
    an empty list if the file does not exist yet."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return []
    return Game.load_all(text)


def rule_name(rule: Union[Rule, str, int], language: Union[Language, str, int] = Language.ENGLISH) -> str:
    """A rule's name as a word in `language` ("renju", "连珠（黑棋禁手）")."""
    return _native.NativeGame.rule_name(Rule.parse(rule).value, Language.parse(language).value)


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


@dataclass(frozen=True)
class HintPoint:
    """Why a point is worth playing: the shapes a stone there makes, how
    they combine, the opponent's shapes it breaks, and a sentence saying so."""

    point: Point
    makes: list[Shape]
    combination: Optional[Combination]
    blocks: list[Shape]
    value: int
    text: str


@dataclass(frozen=True)
class ForcedWin:
    """A forced win: the mover's moves and the forced replies, to the five."""

    kind: ForcedWinKind
    line: list[Point]


@dataclass(frozen=True)
class Hint:
    """A hint for the side to move (`Game.hint`)."""

    best: Point
    score: Optional[int]
    win_in: Optional[int]
    loss_in: Optional[int]
    candidates: list[HintPoint]
    forced_win: Optional[ForcedWin]
    text: str

    @classmethod
    def _from(cls, d: dict[str, Any]) -> Hint:
        forced = d["forced_win"]
        return cls(
            best=Point(*d["best"]),
            score=d["score"],
            win_in=d["win_in"],
            loss_in=d["loss_in"],
            candidates=[
                HintPoint(
                    point=Point(*c["point"]),
                    makes=[Shape(s) for s in c["makes"]],
                    combination=None if c["combination"] is None else Combination(c["combination"]),
                    blocks=[Shape(s) for s in c["blocks"]],
                    value=c["value"],
                    text=c["text"],
                )
                for c in d["candidates"]
            ],
            forced_win=None if forced is None else ForcedWin(ForcedWinKind(forced[0]), [Point(*p) for p in forced[1]]),
            text=d["text"],
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
        size: int = DEFAULT_SIZE,
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
    def from_moves(cls, moves: Union[str, Sequence[PointLike]], size: int = DEFAULT_SIZE, rule: Union[Rule, str, int] = Rule.FREESTYLE) -> Game:
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

    @classmethod
    def from_rows(
        cls,
        rows: Sequence[Sequence[int]],
        rule: Union[Rule, str, int] = Rule.FREESTYLE,
        to_move: Optional[Union[Color, int]] = None,
    ) -> Game:
        """A game from a board array given rows first, as printed:
        `rows[y][x]` is 0 (empty), 1 (black) or 2 (white); a list of lists or
        a NumPy array. `to_move` defaults to what the stone counts say
        (black when equal, white when black has one more). Raises
        `SetupError` for an impossible board.

        >>> rows = [[0] * 15 for _ in range(15)]
        >>> rows[7][7] = 1
        >>> Game.from_rows(rows).turn
        <Color.WHITE: 2>
        """
        return cls._from_array(rows, rule, to_move, columns=False)

    @classmethod
    def from_columns(
        cls,
        columns: Sequence[Sequence[int]],
        rule: Union[Rule, str, int] = Rule.FREESTYLE,
        to_move: Optional[Union[Color, int]] = None,
    ) -> Game:
        """A game from a board array given columns first, `columns[x][y]`,
        as many course projects keep it; otherwise as `from_rows`."""
        return cls._from_array(columns, rule, to_move, columns=True)

    @classmethod
    def _from_array(
        cls, lines: Sequence[Sequence[int]], rule: Union[Rule, str, int], to_move: Optional[Union[Color, int]], *, columns: bool
    ) -> Game:
        tolist = getattr(lines, "tolist", None)  # NumPy arrays
        plain = tolist() if callable(tolist) else lines
        values = [[_int(v, "stone", -(2**63), 2**63 - 1) for v in line] for line in plain]
        turn = None if to_move is None else int(Color(to_move))
        return cls._wrap(_native.NativeGame.from_array(values, Rule.parse(rule).value, turn, columns))

    @classmethod
    def from_sgf(cls, text: str) -> Game:
        """A game from an SGF record (`GM[4]`): its first game's main line,
        with size, rule, set-up, players, date and a declared result."""
        return cls._wrap(_native.NativeGame.from_sgf(text))

    @classmethod
    def load_all(cls, text: str) -> list[Game]:
        """The games of a history file's text (saves one after another)."""
        return [cls._wrap(n) for n in _native.NativeGame.load_all(text)]

    def save(self) -> str:
        """The game as save text, readable by `Game.load` and the C and Java bindings."""
        return self._native.save()

    def to_sgf(self) -> str:
        """The game as an SGF record (`GM[4]`), for other gomoku programs."""
        return self._native.to_sgf()

    def append_to_history(self, path: Union[str, os.PathLike[str]]) -> None:
        """Appends the game to a history file (created if missing); read it
        back with `gomoku.read_history`."""
        self._native.append_to_history(os.fspath(path))

    def rows(self) -> list[list[int]]:
        """The board rows first, as printed: `rows()[y][x]` is 0, 1 or 2."""
        return self._native.rows()

    def columns(self) -> list[list[int]]:
        """The board columns first: `columns()[x][y]`."""
        return self._native.columns()

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
        return self.result.winner

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.result is not Result.ONGOING

    @property
    def reason(self) -> Optional[Reason]:
        """Why the game ended, None while it goes on."""
        code = self._native.reason
        return None if code is None else Reason(code)

    def result_text(self, language: Union[Language, str, int] = Language.ENGLISH) -> str:
        """How the game stands as a sentence: "black wins with five in a
        row", "黑棋五连获胜"."""
        return self._native.result_text(Language.parse(language).value)

    def resign(self, loser: Optional[Union[Color, int]] = None) -> None:
        """`loser` (the side to move by default) resigns; `undo` reopens the game."""
        self._native.resign(int(Color(loser if loser is not None else self.turn)))

    def lose_on_time(self, loser: Optional[Union[Color, int]] = None) -> None:
        """`loser` (the side to move by default) ran out of time."""
        self._native.lose_on_time(int(Color(loser if loser is not None else self.turn)))

    def agree_draw(self) -> None:
        """The players agree to a draw."""
        self._native.agree_draw()

    @property
    def black_player(self) -> Optional[str]:
        """The black player's name, kept in saves and SGF."""
        return self._native.player(Color.BLACK.value)

    @black_player.setter
    def black_player(self, name: Optional[str]) -> None:
        self._native.set_player(Color.BLACK.value, name)

    @property
    def white_player(self) -> Optional[str]:
        """The white player's name, kept in saves and SGF."""
        return self._native.player(Color.WHITE.value)

    @white_player.setter
    def white_player(self, name: Optional[str]) -> None:
        self._native.set_player(Color.WHITE.value, name)

    @property
    def date(self) -> Optional[str]:
        """When the game was played (any text, e.g. `2026-12-01`)."""
        return self._native.date

    @date.setter
    def date(self, date: Optional[str]) -> None:
        self._native.date = date

    def transform(self, symmetry: Union[Symmetry, int]) -> Game:
        """The game seen through one of the board's eight symmetries."""
        return Game._wrap(self._native.transform(int(Symmetry(symmetry))))

    def canonical(self) -> tuple[Game, Symmetry]:
        """The position's canonical image (the least of its eight) and the
        symmetry that makes it, for opening books and duplicate detection."""
        symmetry = Symmetry(self._native.canonical_symmetry())
        return self.transform(symmetry), symmetry

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
        rows = self._native.rows()
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

    def hint(
        self,
        *,
        level: int = 0,
        time_ms: Optional[int] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
        seed: int = 0,
        table_mib: Optional[int] = None,
        language: Union[Language, str, int] = Language.ENGLISH,
    ) -> Hint:
        """A hint that teaches: the move to play, the forced win it starts
        (if a short search finds one) and, for the best few points, the
        shapes each makes and breaks, explained in `language` (`"zh"` for
        Chinese). Searches like `ai_move`, releasing the GIL."""
        d = self._native.hint(
            _int(level, "level", 0, MAX_LEVEL),
            None if time_ms is None else _int(time_ms, "time_ms", 0, _U64),
            None if nodes is None else _int(nodes, "nodes", 0, _U64),
            None if depth is None else _int(depth, "depth", 0, _U32),
            _int(seed, "seed", 0, _U64),
            None if table_mib is None else _int(table_mib, "table_mib", 1, _U64 >> 20),
            Language.parse(language).value,
        )
        return Hint._from(d)

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
