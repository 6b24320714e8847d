"""The migration examples (python/examples/before and after) start, take
clicks, answer with the computer's move, undo and see a win: run in a real
Tk window (Xvfb in CI)."""

from __future__ import annotations

import importlib.util
import os
import time
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def load(which: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{which}", EXAMPLES / which / "gomoku_app.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def tk_root() -> Any:
    if not os.environ.get("DISPLAY"):
        pytest.skip("needs a display (tests/run-all.sh runs pytest under Xvfb)")
    import tkinter

    root = tkinter.Tk()
    yield root
    root.destroy()


def click(root: Any, controller: Any, cell: int, x: int, y: int) -> None:
    root.update()  # events reach only a window on the screen
    controller.canvas.event_generate("<Button-1>", x=x * cell + cell // 2, y=y * cell + cell // 2)
    root.update()


def wait(root: Any, done: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 60
    while not done():
        assert time.monotonic() < deadline, "the computer did not answer"
        root.update()
        time.sleep(0.01)


def stones(grid: list[list[int]]) -> int:
    return sum(v != 0 for column in grid for v in column)


@pytest.mark.parametrize("which", ["before", "after"])
def test_the_example_plays_answers_and_undoes(which: str, tk_root: Any) -> None:
    app = load(which)
    controller = app.GameController(tk_root)
    click(tk_root, controller, app.CELL, 7, 7)
    wait(tk_root, lambda: not getattr(controller, "thinking", False))
    grid = controller.board.grid
    assert grid[7][7] == app.BLACK and stones(grid) == 2, "the computer answered"
    click(tk_root, controller, app.CELL, 7, 7)  # occupied: refused
    assert stones(controller.board.grid) == 2
    controller.undo()
    tk_root.update()
    assert stones(controller.board.grid) == 0


def test_the_library_version_sees_the_win_and_forbidden_points(tk_root: Any) -> None:
    import gomoku

    app = load("after")
    controller = app.GameController(tk_root)
    controller.board.game = gomoku.Game.from_moves("a1 b1 a2 b2 a3 b3 a4 b4")
    click(tk_root, controller, app.CELL, 0, 4)
    assert controller.board.game.winner is gomoku.Color.BLACK
    assert controller.status.cget("text") == "black wins with five in a row"
    renju = app.GameController(tk_root, "renju")
    renju.board.game = gomoku.Game.from_moves("i8 a1 j8 a3 k9 a5 k10 a7", rule="renju")
    click(tk_root, renju, app.CELL, 10, 7)  # k8: a double three, forbidden
    assert "forbidden" in renju.status.cget("text")
    renju.hint()
    assert renju.status.cget("text")


def test_the_own_code_version_sees_the_win(tk_root: Any) -> None:
    app = load("before")
    controller = app.GameController(tk_root)
    for y in range(4):
        controller.board.place(0, y, app.BLACK)
    assert controller.move(0, 4, app.BLACK)
    assert controller.status.cget("text") == "Black wins"
