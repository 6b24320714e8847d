"""What a game costs from Python, beside the binding's own play+undo pair
measured in the same run: creating and dropping a `Game`, the resident
memory of 10 000 live games, and the first AI move at level 5 (which
allocates the search's table). Run: python python/tests/bench_handles.py"""

from __future__ import annotations

import gc
import resource
import time

import gomoku


def per_call(f: object, n: int) -> float:
    """Seconds per call of `f()`, the best of three runs of `n` calls."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(n):
            f()  # type: ignore[operator]
        best = min(best, (time.perf_counter() - start) / n)
    return best


def resident_mib() -> float:
    """This process's resident set in MiB (Linux /proc)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize() / 2**20


def main(n: int = 100_000, live: int = 10_000) -> None:
    game = gomoku.Game()

    def play_undo() -> None:
        game.play((7, 7))
        game.undo()

    pair = per_call(play_undo, n)
    create = per_call(gomoku.Game, n)
    print(f"play+undo {pair * 1e9:.0f} ns, Game() and drop {create * 1e9:.0f} ns: ratio {create / pair:.2f}")

    gc.collect()
    before = resident_mib()
    games = [gomoku.Game(rule="renju") for _ in range(live)]
    for g in games:
        g.play(g.ai_move(level=2))
    after = resident_mib()
    print(f"{live} live games: {after - before:.1f} MiB resident ({(after - before) * 2**20 / live:.0f} bytes each)")

    position = gomoku.Game.from_moves("h8 i9 j8")
    start = time.perf_counter()
    position.ai_move(level=5, depth=4)
    first = time.perf_counter() - start
    start = time.perf_counter()
    position.copy().ai_move(level=5, depth=4, table_mib=1)
    small = time.perf_counter() - start
    print(f"first ai_move, level 5, depth 4: {first * 1e3:.1f} ms with the 16 MiB table, {small * 1e3:.1f} ms with 1 MiB")


if __name__ == "__main__":
    main()
