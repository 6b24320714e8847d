"""Cost of play+undo from Python against the same loop in Rust, measured in
one run. Run: python python/tests/bench_play_undo.py"""

from __future__ import annotations

import time

import gomoku
from gomoku import gomoku as native


def main(n: int = 200_000) -> None:
    game = gomoku.Game()
    start = time.perf_counter()
    for _ in range(n):
        game.play((7, 7))
        game.undo()
    python = (time.perf_counter() - start) / n
    raw = game._native
    start = time.perf_counter()
    for _ in range(n):
        raw.play(7, 7)
        raw.undo()
    direct = (time.perf_counter() - start) / n
    rust = native.rust_play_undo_loop(n) / n
    print(f"play+undo: Game API {python * 1e9:.0f} ns, native class {direct * 1e9:.0f} ns, Rust {rust * 1e9:.1f} ns")
    print(f"ratio Game API / Rust = {python / rust:.0f}x, native class / Rust = {direct / rust:.0f}x")


if __name__ == "__main__":
    main()
