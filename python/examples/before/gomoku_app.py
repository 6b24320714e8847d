"""A gomoku course project as students write it (tkinter, the seeds' MVC
split): its own board, its own five-in-a-row check and a weak scoring AI.
python/examples/after/gomoku_app.py is the same program on the library.

Run: python python/examples/before/gomoku_app.py
"""

from __future__ import annotations

import tkinter as tk

SIZE = 15
EMPTY, BLACK, WHITE = 0, 1, 2
CELL = 32


class GameBoard:
    """The board model: `grid[x][y]`, 0 empty, 1 black, 2 white."""

    def __init__(self) -> None:
        self.grid = [[EMPTY] * SIZE for _ in range(SIZE)]
        self.history: list[tuple[int, int]] = []

    def place(self, x: int, y: int, stone: int) -> None:
        self.grid[x][y] = stone
        self.history.append((x, y))

    def undo(self) -> None:
        x, y = self.history.pop()
        self.grid[x][y] = EMPTY


class RuleChecker:
    """Legal moves and the win: five or more in a row, in four directions."""

    def is_legal(self, board: GameBoard, x: int, y: int) -> bool:
        return 0 <= x < SIZE and 0 <= y < SIZE and board.grid[x][y] == EMPTY

    def wins(self, board: GameBoard, x: int, y: int) -> bool:
        stone = board.grid[x][y]
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            count = 1
            for sign in (1, -1):
                cx, cy = x + sign * dx, y + sign * dy
                while 0 <= cx < SIZE and 0 <= cy < SIZE and board.grid[cx][cy] == stone:
                    count += 1
                    cx, cy = cx + sign * dx, cy + sign * dy
            if count >= 5:
                return True
        return False


class AIEngine:
    """Scores every empty point by the runs it extends, its own and the
    player's, and takes the best: the tutorials' first AI."""

    WEIGHTS = {1: 10, 2: 100, 3: 1000, 4: 10000}

    def choose(self, board: GameBoard, me: int) -> tuple[int, int]:
        best, best_score = (SIZE // 2, SIZE // 2), -1.0
        for x in range(SIZE):
            for y in range(SIZE):
                if board.grid[x][y] != EMPTY:
                    continue
                score = self.score(board, x, y, me) + self.score(board, x, y, 3 - me) * 0.9
                if score > best_score:
                    best, best_score = (x, y), score
        return best

    def score(self, board: GameBoard, x: int, y: int, stone: int) -> float:
        total = 0
        for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = 0
            for sign in (1, -1):
                cx, cy = x + sign * dx, y + sign * dy
                while 0 <= cx < SIZE and 0 <= cy < SIZE and board.grid[cx][cy] == stone:
                    run += 1
                    cx, cy = cx + sign * dx, cy + sign * dy
            total += self.WEIGHTS.get(min(run, 4), 0)
        return total


class GameController:
    """Clicks to moves: the player is black, the computer answers as white."""

    def __init__(self, root: tk.Tk) -> None:
        self.board = GameBoard()
        self.rules = RuleChecker()
        self.ai = AIEngine()
        self.over = False
        self.canvas = tk.Canvas(root, width=CELL * SIZE, height=CELL * SIZE, bg="#e3b46b")
        self.canvas.pack()
        self.status = tk.Label(root, text="Black to move")
        self.status.pack()
        tk.Button(root, text="Undo", command=self.undo).pack()
        self.canvas.bind("<Button-1>", self.click)
        self.draw()

    def click(self, event: "tk.Event[tk.Canvas]") -> None:
        x, y = event.x // CELL, event.y // CELL
        if self.over or not self.rules.is_legal(self.board, x, y):
            return
        if self.move(x, y, BLACK):
            return
        self.move(*self.ai.choose(self.board, WHITE), WHITE)

    def move(self, x: int, y: int, stone: int) -> bool:
        """Places a stone; True if it ends the game."""
        self.board.place(x, y, stone)
        self.over = self.rules.wins(self.board, x, y)
        self.status.config(text=("Black" if stone == BLACK else "White") + " wins" if self.over else "Black to move")
        self.draw()
        return self.over

    def undo(self) -> None:
        for _ in range(min(2, len(self.board.history))):
            self.board.undo()
        self.over = False
        self.status.config(text="Black to move")
        self.draw()

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


def main() -> None:
    root = tk.Tk()
    root.title("Gomoku (own rules and AI)")
    GameController(root)
    root.mainloop()


if __name__ == "__main__":
    main()
