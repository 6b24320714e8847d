"""The AI from Python: levels, limits, GIL release, stop, progress, scores."""

from __future__ import annotations

import threading
import time

import pytest

import gomoku
from gomoku import Game, Point


def test_every_level_plays_the_five() -> None:
    game = Game.from_moves("h8 g8 i8 a1 j8 a3 k8 a5")
    for level in range(1, gomoku.MAX_LEVEL + 1):
        assert game.ai_move(level=level, depth=3) == Point.parse("l8")


def test_moves_are_deterministic_for_a_seed() -> None:
    game = Game.from_moves("h8 i9 g9 i7", rule="standard")
    for level in range(1, gomoku.MAX_LEVEL + 1):
        assert game.ai_move(level=level, depth=3, seed=5) == game.ai_move(level=level, depth=3, seed=5)


def test_bad_levels_and_finished_games_raise() -> None:
    game = Game()
    with pytest.raises(ValueError):
        game.ai_move(level=gomoku.MAX_LEVEL + 1)
    with pytest.raises(ValueError):
        game.ai_move(level=-1)
    won = Game.from_moves("a1 b1 a2 b2 a3 b3 a4 b4 a5")
    with pytest.raises(gomoku.GameOverError):
        won.ai_move()


def test_progress_reports_and_search_info() -> None:
    game = Game.from_moves("h8 i9 j8 i7", rule="renju")
    seen: list[gomoku.SearchInfo] = []
    point, info = game.ai_search(depth=4, progress=seen.append)
    assert [s.depth for s in seen] == [1, 2, 3, 4]
    assert all(s.pv for s in seen) and info.pv[0] == point
    assert point in game.legal_moves


def test_a_failing_progress_callback_stops_the_search_and_raises() -> None:
    def boom(_: gomoku.SearchInfo) -> None:
        raise KeyError("boom")

    with pytest.raises(KeyError):
        Game.from_moves("h8 i9").ai_move(time_ms=5000, progress=boom)


def test_the_gil_is_released_while_thinking() -> None:
    game = Game.from_moves("h8 i9 i8 g8 j10 j9 k9 h10")
    ticks = 0
    done = threading.Event()

    def count() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    game.ai_move(time_ms=400)
    done.set()
    counter.join()
    assert ticks > 20


def test_stop_from_another_thread() -> None:
    game = Game.from_moves("h8 i9 i8 g8 j10 j9 k9 h10")
    thinking = threading.Event()  # a stop before the search starts would be lost

    def stop_once_thinking() -> None:
        thinking.wait()
        game.stop()

    stopper = threading.Thread(target=stop_once_thinking)
    stopper.start()
    start = time.monotonic()
    point = game.ai_move(time_ms=60_000, progress=lambda info: thinking.set())
    stopper.join()
    assert time.monotonic() - start < 30
    assert point in game.legal_moves


def test_scores_cover_the_legal_points() -> None:
    game = Game.from_moves("i8 a1 j8 a3 k9 a5 k10 a7", rule="renju")
    for level in range(0, gomoku.MAX_LEVEL + 1):
        grid = game.scores(level)
        legal = {Point(x, y) for y, row in enumerate(grid) for x, v in enumerate(row) if v is not None}
        assert legal == set(game.legal_moves)


def test_out_of_range_integers_raise_value_errors() -> None:
    game = Game.from_moves("h8 i9")
    for bad in [
        {"level": -1},
        {"level": 2**70},
        {"seed": -1},
        {"seed": 2**64},
        {"time_ms": -5},
        {"nodes": 2**64},
        {"depth": 2**32},
        {"depth": -1},
        {"table_mib": 0},
        {"table_mib": 2**64},
    ]:
        with pytest.raises(ValueError):
            game.ai_move(**bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        game.scores(level=-1)
    with pytest.raises(TypeError):
        game.ai_move(level="3")  # type: ignore[arg-type]
    assert game.moves == [Point(7, 7), Point(8, 8)]


def test_a_table_no_allocator_can_give_is_a_memory_error() -> None:
    game = Game.from_moves("h8 i9")
    with pytest.raises(MemoryError):
        game.ai_move(level=5, depth=2, table_mib=2**40)
    assert game.ai_move(level=5, depth=2, table_mib=1) in game.legal_moves


def test_the_game_stays_usable_while_the_ai_thinks() -> None:
    game = Game.from_moves("h8 i9 j8 i7")
    found: list[Point] = []
    thinking = threading.Event()  # set by the first finished depth, whenever the thread starts
    released = threading.Event()  # the search waits at that depth until the checks are done

    def hold(info: object) -> None:
        thinking.set()
        released.wait()

    thinker = threading.Thread(target=lambda: found.append(game.ai_move(time_ms=20_000, progress=hold)))
    thinker.start()
    thinking.wait()
    try:  # a failed check releases the search rather than hanging the run
        with pytest.raises(RuntimeError):
            game.ai_move(depth=1)  # one search at a time per game
        game.play("a1")
        assert game.undo() == Point(0, 0)
        assert len(game.board) == 15
    finally:
        released.set()
    game.stop()
    thinker.join()
    assert found and found[0] in game.legal_moves
