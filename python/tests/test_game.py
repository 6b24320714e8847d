"""The Python API of the game: points, moves, history, results, errors."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import gomoku
from gomoku import Color, Game, Point, Result, Rule


def test_points_parse_print_and_compare_as_tuples() -> None:
    assert Point.parse("h8") == (7, 7)
    assert str(Point(0, 14)) == "a15"
    assert gomoku.parse_moves("h8i9 j10") == [Point(7, 7), Point(8, 8), Point(9, 9)]
    assert gomoku.parse_moves("7,7 8,8") == [Point(7, 7), Point(8, 8)]
    for bad in ["", "h", "h0", "h8i9", "7,7"]:
        with pytest.raises(gomoku.ParseError):
            Point.parse(bad)


def header_codes(kind: str) -> dict[str, int]:
    """The `GOMOKU_<KIND>_<NAME> = <code>` constants of include/gomoku.h."""
    header = (Path(__file__).parents[2] / "include" / "gomoku.h").read_text()
    return {m[1]: int(m[2]) for m in re.finditer(rf"GOMOKU_{kind}_(\w+) = (-?\d+)", header)}


def test_enums_carry_the_c_codes_of_the_header() -> None:
    assert {c.name: c.value for c in Rule} == header_codes("RULE")
    stones = header_codes("STONE")
    assert stones.pop("EMPTY") == 0
    assert {c.name: c.value for c in Color} == stones
    assert {c.name: c.value for c in Result} == header_codes("RESULT")
    assert Color.BLACK.opponent is Color.WHITE
    assert Rule.parse("Renju") is Rule.RENJU and Rule.parse(Rule.CARO.value) is Rule.CARO
    with pytest.raises(gomoku.ParseError):
        Rule.parse("chess")


def test_play_accepts_tuples_points_and_notation() -> None:
    game = Game()
    game.play("h8")
    game.play((8, 8))
    game.play(Point(9, 9))
    assert game.moves == [Point(7, 7), Point(8, 8), Point(9, 9)]
    assert game.turn is Color.WHITE
    assert game.last_move == Point(9, 9)
    assert game.stone("h8") is Color.BLACK
    assert game.stone((0, 0)) is None
    assert game.size == 15 and game.rule is Rule.FREESTYLE


def test_refused_moves_raise_the_right_error_and_change_nothing() -> None:
    game = Game.from_moves("h8 i9")
    before = game.save()
    with pytest.raises(gomoku.OccupiedError):
        game.play("h8")
    with pytest.raises(gomoku.OffBoardError):
        game.play((15, 0))
    with pytest.raises(gomoku.OffBoardError):
        game.play((-1, 0))
    with pytest.raises(gomoku.IllegalMoveError):
        game.play((99, 99))
    with pytest.raises(gomoku.ParseError):
        game.play("zz")
    assert game.save() == before
    illegal: list[type[ValueError]] = [gomoku.OccupiedError, gomoku.OffBoardError, gomoku.ForbiddenMoveError, gomoku.GameOverError]
    for cls in illegal:
        assert issubclass(cls, gomoku.IllegalMoveError) and issubclass(cls, ValueError)
    others: list[type[ValueError]] = [gomoku.ParseError, gomoku.SetupError, gomoku.HistoryError]
    for cls in others:
        assert issubclass(cls, ValueError)


def test_renju_forbidden_points() -> None:
    game = Game.from_moves("i8 a1 j8 a3 k9 a5 k10 a7", rule="renju")
    assert game.is_forbidden("k8")
    assert game.forbidden_points == [Point.parse("k8")]
    assert "k8" not in game.legal_moves
    with pytest.raises(gomoku.ForbiddenMoveError):
        game.play("k8")
    assert len(game.moves) == 8


def test_a_win_ends_the_game_and_undo_reopens_it() -> None:
    game = Game.from_moves("a1 b1 a2 b2 a3 b3 a4 b4 a5")
    assert game.result is Result.BLACK_WON and game.winner is Color.BLACK and game.is_over
    assert game.winning_line == gomoku.parse_moves("a1a2a3a4a5")
    assert len(game.legal_moves) == 0
    with pytest.raises(gomoku.GameOverError):
        game.play("h8")
    assert game.undo() == Point.parse("a5")
    assert not game.is_over and game.winner is None and game.winning_line == []
    assert game.redo() == Point.parse("a5")


def test_history_errors() -> None:
    game = Game()
    with pytest.raises(gomoku.HistoryError):
        game.undo()
    with pytest.raises(gomoku.HistoryError):
        game.redo()


def test_invalid_sizes_and_rules_are_refused() -> None:
    for size in [0, 4, 27, 2**31, 2**70, -1]:
        with pytest.raises(ValueError):
            Game(size=size)
    with pytest.raises(TypeError):
        Game(size=15.0)  # type: ignore[arg-type]
    with pytest.raises(gomoku.ParseError):
        Game(rule="chess")
    for code in [-1, 4, 2**70]:
        with pytest.raises(ValueError):
            Game(rule=code)


def test_text_that_is_not_utf8_is_refused() -> None:
    for text in ["gomoku-save 1\n\udcff", "\ud800"]:
        with pytest.raises(ValueError):
            Game.load(text)
        with pytest.raises(ValueError):
            Game.from_psq(text)
        with pytest.raises(ValueError):
            Game().play(text)


def test_huge_coordinates_are_refused_as_off_the_board() -> None:
    game = Game()
    for point in [(15, 0), (-1, 3), (2**31, 0), (0, -(2**40))]:
        with pytest.raises(gomoku.OffBoardError):
            game.play(point)
    for point in [(2**70, 0), (0, -(2**70))]:
        with pytest.raises(ValueError):
            game.play(point)
        assert point not in game.legal_moves
    assert game.moves == []


def test_set_up_positions() -> None:
    game = Game(15, "renju", stones=[("h8", Color.BLACK), ((8, 8), Color.WHITE), ("i8", 1)], turn=Color.WHITE)
    assert game.turn is Color.WHITE and game.moves == []
    with pytest.raises(gomoku.HistoryError):
        game.undo()
    with pytest.raises(gomoku.SetupError):
        Game(15, stones=[("h8", 1), ("i8", 1)], turn=Color.BLACK)
    assert Game.load(game.save()) == game


def test_legal_moves_is_a_live_view() -> None:
    game = Game(size=5)
    view = game.legal_moves
    assert len(view) == 25 and (0, 0) in view and "a1" in view and "zz" not in view and 42 not in view
    game.play("a1")
    assert len(view) == 24 and "a1" not in view
    assert set(view) == {Point(x, y) for x in range(5) for y in range(5)} - {Point(0, 0)}


def test_board_rows_copy_and_equality() -> None:
    game = Game.from_moves("a1 b1", size=5)
    board = game.board
    assert [list(row) for row in board][0] == [1, 2, 0, 0, 0]
    twin = game.copy()
    assert twin == game
    twin.play("c3")
    assert twin != game and len(game.moves) == 2


def test_str_draws_the_board_and_repr_reads_back() -> None:
    game = Game.from_moves("h8 i9", size=9, rule="standard")
    text = str(game)
    assert "[O]" in text and "X" in text
    assert eval(repr(game), {"Game": Game}) == game
    set_up = Game(9, stones=[("e5", 1)], turn=Color.WHITE)
    assert eval(repr(set_up), {"Game": Game}) == set_up
    game.undo()
    undone = eval(repr(game), {"Game": Game})
    assert undone == game and undone.redo() == Point.parse("i9")


def test_svg_shows_stones_marks_and_heat() -> None:
    game = Game.from_moves("i8 a1 j8 a3 k9 a5 k10 a7", rule="renju")
    svg = game._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") >= 9 and "<path" in svg
    heat = gomoku.svg.board(game, size=200, scores=game.scores(2))
    assert "fill-opacity" in heat


def random_game(rng: random.Random, rule: Rule) -> Game:
    game = Game(size=rng.choice([7, 9, 15]), rule=rule)
    for _ in range(rng.randrange(80)):
        if game.is_over:
            break
        moves = list(game.legal_moves)
        game.play(rng.choice(moves))
    for _ in range(rng.randrange(3)):
        if game.moves:
            game.undo()
    return game


def test_save_load_and_psq_round_trip_over_random_games() -> None:
    rng = random.Random(7)
    for i in range(300):
        game = random_game(rng, list(Rule)[i % 4])
        assert Game.load(game.save()) == game
        assert Game.from_psq(game.to_psq(), game.rule).moves == game.moves


def test_malformed_saves_raise_parse_errors() -> None:
    with pytest.raises(gomoku.ParseError, match="line 2"):
        Game.load("gomoku-save 1\nsize x\n")
    with pytest.raises(gomoku.ParseError):
        Game.from_psq("nonsense")


def test_a_game_saved_in_python_loads_in_c(tmp_path: object) -> None:
    # The save text is the core's: the same bytes the C ABI reads (checked by
    # the C tests); here, its documented shape.
    text = Game.from_moves("h8 i9", rule="caro").save()
    assert text.splitlines()[:3] == ["gomoku-save 1", "size 15", "rule caro"]
