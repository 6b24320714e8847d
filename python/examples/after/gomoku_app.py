"""The course project of python/examples/before/, with its rule checker and
its AI engine replaced by the gomoku library: the board, the view and the
controller stay; the rules (renju forbidden moves included), the win, undo,
hints and a strong AI come from the library, and the AI thinks on a thread
so the window never freezes.

Run: python python/examples/after/gomoku_app.py [--rule renju]
"""

from __future__ import annotations

import argparse
import threading
import tkinter as tk

import gomoku

SIZE = 15
EMPTY, BLACK, WHITE = 0, 1, 2
CELL = 32


class GameBoard:
    """The board model, as before: `grid[x][y]`, 0 empty, 1 black, 2 white.
    The library keeps the real game; the grid is read back from it."""

    def __init__(self, rule: str) -> None:
        self.game = gomoku.Game(SIZE, rule)
        self.grid = self.game.columns()

    def refresh(self) -> None:
        self.grid = self.game.columns()


# RuleChecker is gone: game.play() refuses illegal moves (occupied, off the
# board, forbidden for black under renju) and game.winner says who won.
# AIEngine is gone: game.ai_move() is the library's AI.


class GameController:
    """Clicks to moves: the player is black, the computer answers as white."""

    def __init__(self, root: tk.Tk, rule: str = "freestyle") -> None:
        self.root = root
        self.board = GameBoard(rule)
        self.thinking = False
        self.canvas = tk.Canvas(root, width=CELL * SIZE, height=CELL * SIZE, bg="#e3b46b")
        self.canvas.pack()
        self.status = tk.Label(root, text="Black to move")
        self.status.pack()
        tk.Button(root, text="Undo", command=self.undo).pack(side=tk.LEFT)
        tk.Button(root, text="Hint", command=self.hint).pack(side=tk.LEFT)
        self.canvas.bind("<Button-1>", self.click)
        self.draw()

    def click(self, event: "tk.Event[tk.Canvas]") -> None:
        game = self.board.game
        if self.thinking or game.is_over:
            return
        try:
            game.play((event.x // CELL, event.y // CELL))
        except gomoku.IllegalMoveError as e:
            self.status.config(text=str(e))
            return
        self.show()
        if not game.is_over:
            self.think()

    def think(self) -> None:
        """The AI moves on a thread; the window keeps drawing meanwhile."""
        self.thinking = True
        self.status.config(text="Thinking…")
        game = self.board.game
        reply: list[gomoku.Point] = []
        worker = threading.Thread(target=lambda: reply.append(game.ai_move(level=3, time_ms=500)))
        worker.start()

        def poll() -> None:
            if worker.is_alive():
                self.root.after(20, poll)
                return
            game.play(reply[0])
            self.thinking = False
            self.show()

        poll()

    def show(self) -> None:
        game = self.board.game
        self.board.refresh()
        self.status.config(text=game.result_text() if game.is_over else f"{game.turn.name.title()} to move")
        self.draw()

    def undo(self) -> None:
        game = self.board.game
        if self.thinking:
            return
        for _ in range(min(2, len(game.moves))):
            game.undo()
        self.show()

    def hint(self) -> None:
        if not self.thinking and not self.board.game.is_over:
            self.status.config(text=self.board.game.hint(time_ms=300).text)

    def draw(self) -> None:
        self.canvas.delete("all")
        for i in range(SIZE):
            c = CELL * i + CELL // 2
            self.canvas.create_line(CELL // 2, c, CELL * SIZE - CELL // 2, c)
            self.canvas.create_line(c, CELL // 2, c, CELL * SIZE - CELL // 2)
        for x in range(SIZE):
            for y in range(SIZE):
                if self.board.grid[x][y] != EMPTY:
                    fill = "black" if self.board.grid[x][y] == BLACK else "white"
                    cx, cy = CELL * x + CELL // 2, CELL * y + CELL // 2
                    self.canvas.create_oval(cx - 13, cy - 13, cx + 13, cy + 13, fill=fill)
        for p in self.board.game.forbidden_points:
            cx, cy = CELL * p.x + CELL // 2, CELL * p.y + CELL // 2
            self.canvas.create_text(cx, cy, text="×", fill="red")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rule", choices=[r.name.lower() for r in gomoku.Rule], default="freestyle")
    rule = parser.parse_args().rule
    root = tk.Tk()
    root.title("Gomoku (on the gomoku library)")
    GameController(root, rule)
    root.mainloop()


if __name__ == "__main__":
    main()
