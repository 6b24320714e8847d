#!/usr/bin/env python3
"""How each engine of a c-gomoku-cli match used its time, from the match's
SGF file (`-sgf FILE`, where c-gomoku-cli writes each move's time as a
`C[123ms]` comment): per engine, its games, moves, time forfeits, longest
move, moves over the turn limit and the largest overshoot, and the games
it lost by an illegal (or renju-forbidden) move or a crash; with a match
clock, the least time any game left it. Games lost on time before any
engine moved are listed apart: c-gomoku-cli's SGF names the wrong winner
for a start-up timeout.

    python3 scripts/match_times.py games.sgf --turn-ms 500
    python3 scripts/match_times.py games.sgf --match-ms 180000
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field

GAME = re.compile(r"\(;(.*?)\)\s*(?=\(;|\Z)", re.S)
PROPERTY = re.compile(r"\b(GN|PB|PW|TE|RE)\[([^\]]*)\]")
MOVE = re.compile(r";([BW])\[[a-z]{2}\]C\[(\d+)ms\]")


@dataclass
class Usage:
    """One engine's time over a match."""

    games: int = 0
    moves: int = 0
    forfeits: int = 0
    illegal_or_crashed: int = 0
    longest_ms: int = 0
    over_limit: int = 0
    largest_overshoot_ms: int = 0
    least_left_ms: int | None = None
    per_game_ms: list[int] = field(default_factory=list)


def read(text: str, turn_ms: int, match_ms: int) -> tuple[dict[str, Usage], list[str]]:
    """Each engine's usage, and the numbers of the games lost on time before
    any engine moved (left out of the usage)."""
    usage: dict[str, Usage] = {}
    startup_timeouts: list[str] = []
    for game in GAME.findall(text):
        props = dict(PROPERTY.findall(game))
        names = {"B": props.get("PB", "?"), "W": props.get("PW", "?")}
        spent = {"B": 0, "W": 0}
        for color, ms in MOVE.findall(game):
            u = usage.setdefault(names[color], Usage())
            t = int(ms)
            u.moves += 1
            u.longest_ms = max(u.longest_ms, t)
            spent[color] += t
            if turn_ms and t > turn_ms:
                u.over_limit += 1
                u.largest_overshoot_ms = max(u.largest_overshoot_ms, t - turn_ms)
        termination = props.get("TE", "").lower()
        result = props.get("RE", "")
        if "time" in termination and not MOVE.search(game):
            # No engine moved: one timed out at start-up, and c-gomoku-cli
            # then names the winner from the empty board, not the opening.
            startup_timeouts.append(props.get("GN", "?"))
            continue
        for color, name in names.items():
            u = usage.setdefault(name, Usage())
            u.games += 1
            u.per_game_ms.append(spent[color])
            if match_ms:
                left = match_ms - spent[color]
                u.least_left_ms = left if u.least_left_ms is None else min(u.least_left_ms, left)
            loser = "W" if result.startswith("B+") else "B" if result.startswith("W+") else None
            if loser == color and "time" in termination:
                u.forfeits += 1
            if loser == color and ("illegal" in termination or "crash" in termination or "forbidden" in termination):
                u.illegal_or_crashed += 1
    return usage, startup_timeouts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sgf", nargs="+", help="c-gomoku-cli SGF files")
    parser.add_argument("--turn-ms", type=int, default=0, help="the turn limit, if any")
    parser.add_argument("--match-ms", type=int, default=0, help="the match clock, if any")
    args = parser.parse_args()
    text = "\n".join(open(f, encoding="utf-8", errors="replace").read() for f in args.sgf)
    usage, startup_timeouts = read(text, args.turn_ms, args.match_ms)
    if not usage:
        print("no games found", file=sys.stderr)
        return 1
    header = "engine | games | moves | time forfeits | illegal moves or crashes | longest move | moves over the turn limit | largest overshoot"
    if args.match_ms:
        header += " | least clock left | most spent in a game"
    print(header)
    for name, u in sorted(usage.items()):
        row = f"{name} | {u.games} | {u.moves} | {u.forfeits} | {u.illegal_or_crashed} | {u.longest_ms} ms | {u.over_limit} | {u.largest_overshoot_ms} ms"
        if args.match_ms:
            row += f" | {u.least_left_ms} ms | {max(u.per_game_ms)} ms"
        print(row)
    if startup_timeouts:
        print(
            f"{len(startup_timeouts)} games lost on time before any engine moved (games "
            f"{', '.join(startup_timeouts)}): the SGF does not say which engine timed out at "
            "start-up; c-gomoku-cli's score lines do"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
