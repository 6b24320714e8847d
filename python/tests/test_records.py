"""Board arrays, SGF, endings, players, symmetry, history files and hints
from Python."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import gomoku
from gomoku import Color, Game, Point, Reason, Rule, Shape, Symmetry


def random_game(rule: Rule, seed: int, size: int = 15) -> Game:
    rng = random.Random(seed)
    game = Game(size=size, rule=rule)
    for _ in range(rng.randrange(0, 40)):
        if game.is_over:
            break
        game.play(rng.choice(list(game.legal_moves)))
    return game


def test_board_arrays_in_both_layouts_agree_with_the_moves() -> None:
    played = Game.from_moves("h8 i9 j8 a1 c3", rule="renju")
    rows = played.rows()
    assert rows[7][7] == Color.BLACK and rows[8][8] == Color.WHITE and rows[2][2] == Color.BLACK
    columns = played.columns()
    assert all(columns[x][y] == rows[y][x] for x in range(15) for y in range(15))
    for game in (Game.from_rows(rows, rule="renju"), Game.from_columns(columns, rule="renju")):
        assert game.rows() == rows
        assert game.turn is Color.WHITE
        assert game.rule is Rule.RENJU
    assert Game.from_rows(rows, rule="renju", to_move=Color.WHITE).turn is Color.WHITE


def test_numpy_arrays_are_boards_too() -> None:
    numpy = pytest.importorskip("numpy")
    board = numpy.zeros((9, 9), dtype=numpy.int8)
    board[4, 4] = 1
    game = Game.from_rows(board)
    assert game.stone("e5") is Color.BLACK and game.turn is Color.WHITE


def test_impossible_boards_are_refused_with_the_reason() -> None:
    empty = [[0] * 9 for _ in range(9)]
    cases = [
        ([[0] * 4] * 4, "invalid board size 4"),
        ([[0] * 9] * 8 + [[0] * 8], "not square"),
        ([[7] + [0] * 8] + [[0] * 9] * 8, "invalid stone 7 at a1"),
        ([[1, 1, 1] + [0] * 6] + [[0] * 9] * 8, "no side can be to move"),
        ([[1] * 5 + [0] * 4] + [[2] * 4 + [0] * 5] + [[0] * 9] * 7, "black has already won"),
    ]
    for board, message in cases:
        with pytest.raises(gomoku.SetupError, match=message):
            Game.from_rows(board)
    with pytest.raises(ValueError):
        Game.from_rows([[2**70] * 9] * 9)
    empty[4][4] = 1
    with pytest.raises(gomoku.SetupError, match="cannot have black to move"):
        Game.from_rows(empty, to_move=Color.BLACK)


def test_sgf_round_trips_random_games_of_every_rule() -> None:
    for rule in Rule:
        for seed in range(25):
            game = random_game(rule, seed)
            back = Game.from_sgf(game.to_sgf())
            assert back.moves == game.moves and back.rule is rule and back.result is game.result


def test_sgf_written_by_hand_reads() -> None:
    game = Game.from_sgf("(;GM[4]SZ[15]RU[renju]PB[小明]PW[Bob]RE[W+R];B[hh];W[ii])")
    assert game.black_player == "小明" and game.white_player == "Bob"
    assert game.reason is Reason.RESIGNATION and game.winner is Color.WHITE
    with pytest.raises(gomoku.ParseError, match="GM"):
        Game.from_sgf("(;GM[1])")


def test_endings_players_and_dates_round_trip_through_saves() -> None:
    game = Game.from_moves("h8 i9")
    game.black_player, game.white_player, game.date = "Ann", "白棋", "2026-12-01"
    game.resign()
    assert game.winner is Color.WHITE and game.reason is Reason.RESIGNATION
    assert game.result_text("zh") == "黑棋认输，白棋获胜"
    assert game.result_text() == "white wins by resignation"
    assert Game.load(game.save()) == game
    with pytest.raises(gomoku.GameOverError):
        game.agree_draw()
    game.undo()
    assert game.reason is None and not game.is_over
    game.agree_draw()
    assert game.reason is Reason.AGREEMENT
    five = Game.from_moves("a1 b1 a2 b2 a3 b3 a4 b4 a5")
    assert five.reason is Reason.FIVE and five.result_text() == "black wins with five in a row"
    assert gomoku.rule_name("renju", "zh") == "连珠（黑棋禁手）"


def test_symmetries_map_games_and_share_a_canonical_form() -> None:
    game = random_game(Rule.RENJU, 3)
    canonical = game.canonical()[0].rows()
    for s in Symmetry:
        image = game.transform(s)
        assert image.transform(s.inverse) == game
        assert image.canonical()[0].rows() == canonical
        assert [s.apply(p, 15) for p in game.moves] == image.moves
    assert len({tuple(map(tuple, game.transform(s).rows())) for s in Symmetry}) >= 1


def test_a_history_file_keeps_every_game(tmp_path: Path) -> None:
    path = tmp_path / "history.txt"
    assert gomoku.read_history(path) == []
    games = [random_game(Rule.FREESTYLE, seed) for seed in range(3)]
    for g in games:
        g.append_to_history(path)
    assert gomoku.read_history(path) == games
    with pytest.raises(OSError):
        games[0].append_to_history(tmp_path / "missing" / "h.txt")


def test_a_hint_names_shapes_and_the_forced_win() -> None:
    game = Game.from_moves("h8 a1 i8 o1 j8 a15")
    hint = game.hint(depth=3)
    assert hint.best in (Point.parse("g8"), Point.parse("k8"))
    assert hint.candidates[0].point == hint.best
    assert hint.candidates[0].makes[0] is Shape.OPEN_FOUR
    assert hint.forced_win is not None and hint.forced_win.kind is gomoku.ForcedWinKind.VCF
    assert "makes an open four" in hint.text
    assert "活四" in game.hint(depth=3, language="zh").text
    defend = Game.from_moves("h8 e5 a1 f5 o1 g5").hint(depth=3)
    assert "blocks white's open three" in defend.text
    assert game.moves == [Point.parse(m) for m in "h8 a1 i8 o1 j8 a15".split()]
