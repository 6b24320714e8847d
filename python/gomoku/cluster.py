"""`gomoku selfplay` and `gomoku arena` on a Ray cluster: one game per
task, each worker playing it with this package's wheel, the results
streamed back and written in the order of the games, so a run gives the
records a single `gomoku selfplay` gives for the same seeds and node
limits.

    python -m gomoku.cluster selfplay --level 5 --time 0 --nodes 20000 \\
        --openings random --count 500 --data games.txt
    python -m gomoku.cluster arena --a 5 --b 4 --sprt 0,10

Without `--address` (or `RAY_ADDRESS`) Ray starts a cluster on this
machine; `--address auto` joins the one `ray start --head` runs here,
`--address ray://HEAD:10001` a remote one. Every worker needs the same
version of gomoku-kit installed (`pip install gomoku-kit`, or Ray's
`runtime_env`); a worker with another one fails the run. Players are
levels: external brains run only under `gomoku arena`.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass
from typing import IO, Any, Iterator, Optional, Sequence

from . import DEFAULT_SIZE, MAX_LEVEL, Color, Point, Rule, __version__
from .selfplay import (
    DEFAULT_MOVE_MS,
    DEFAULT_RANDOM_OPENINGS,
    DEFAULT_SEED,
    Limits,
    Record,
    Sprt,
    Tally,
    match_openings,
    play_game,
)

__all__ = ["Job", "jobs", "main", "run"]


@dataclass(frozen=True)
class Job:
    """Game number `index` of a match: each opening is played twice, A
    black in the even game, white in the odd one after it."""

    index: int
    opening: list[Point]
    a_is_black: bool


def jobs(openings: Sequence[list[Point]]) -> list[Job]:
    """The games of a match over `openings`, in order."""
    return [Job(i, openings[i // 2], i % 2 == 0) for i in range(2 * len(openings))]


def _play(job: Job, a: int, b: int, limits: Limits, rule: Rule, size: int, version: str) -> str:
    """One game on a worker: its record line."""
    if version != __version__:
        raise RuntimeError(f"this worker has gomoku-kit {__version__}, the driver {version}")
    black, white = (a, b) if job.a_is_black else (b, a)
    return play_game(job.opening, black, white, limits, rule, size).line


def _a_points(record: Record, a_is_black: bool) -> float:
    winner = record.result.winner
    if winner is None:
        return 0.5
    return 1.0 if (winner is Color.BLACK) == a_is_black else 0.0


def run(
    games: Sequence[Job],
    a: int,
    b: int,
    limits: Limits,
    rule: Rule,
    size: int,
    sprt: Optional[Sprt] = None,
    in_flight: int = 0,
) -> Iterator[tuple[Job, Record]]:
    """Plays `games` on the Ray cluster `ray.init` joined, at most
    `in_flight` at once (0: twice the cluster's CPUs), yielding each game
    in order with its record. With `sprt` no game is started once the
    test has decided on the pairs finished so far."""
    import ray

    play = ray.remote(num_cpus=1)(_play)
    if in_flight <= 0:
        cpus = ray.cluster_resources().get("CPU", 1)  # type: ignore[no-untyped-call]
        in_flight = max(1, 2 * int(cpus))
    pending: dict[Any, Job] = {}
    done: dict[int, Record] = {}
    unpaired: dict[int, float] = {}
    tally = Tally()
    queue = list(games)
    queue.reverse()
    next_index = games[0].index if games else 0
    decided = False
    while pending or (queue and not decided):
        while queue and not decided and len(pending) < in_flight:
            job = queue.pop()
            pending[play.remote(job, a, b, limits, rule, size, __version__)] = job
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            job = pending.pop(ref)
            record = Record.parse(ray.get(ref))
            done[job.index] = record
            if sprt is not None:
                points = _a_points(record, job.a_is_black)
                tally.game(points)
                # The partner may have been yielded already: its points
                # wait here, not in `done`.
                partner = unpaired.pop(job.index ^ 1, None)
                if partner is None:
                    unpaired[job.index] = points
                else:
                    first, second = (points, partner) if job.a_is_black else (partner, points)
                    tally.pair(first, second)
                decided = decided or sprt.verdict(tally) is not None
        while next_index in done:
            record = done.pop(next_index)
            yield games[next_index - games[0].index], record
            next_index += 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m gomoku.cluster",
        description="gomoku selfplay and gomoku arena on a Ray cluster (one game per task).",
    )
    parser.add_argument(
        "--address",
        default=os.environ.get("RAY_ADDRESS"),
        help="the cluster: auto, ray://HEAD:10001, ... [default: RAY_ADDRESS, else a new one on this machine]",
    )
    parser.add_argument("--cpus", type=int, help="CPUs of the cluster started here [default: all]")
    commands = parser.add_subparsers(dest="command", required=True)

    def game_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("--time", type=int, default=DEFAULT_MOVE_MS, help="time per move in ms (0: none)")
        p.add_argument("--nodes", type=int, default=0, help="nodes per move (0: no limit)")
        p.add_argument("--depth", type=int, default=0, help="depth per move (0: no limit)")
        p.add_argument("--rule", default="freestyle", help="freestyle, standard, renju or caro")
        p.add_argument("--size", type=int, default=DEFAULT_SIZE, help="board side")
        p.add_argument("--openings", default="default", help="default, random, or a file of Gomocup opening lines")
        p.add_argument(
            "--count",
            type=int,
            help=f"how many openings, each played twice [default: all, or {DEFAULT_RANDOM_OPENINGS} random]",
        )
        p.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the random openings and of the levels' ties")
        p.add_argument("--data", help="append every game's record to this file [selfplay: standard output]")

    selfplay = commands.add_parser("selfplay", help="a level against itself, every game recorded")
    selfplay.add_argument("--level", type=int, default=MAX_LEVEL)
    game_args(selfplay)
    arena = commands.add_parser("arena", help="two levels on every opening, colours swapped")
    arena.add_argument("--a", type=int, default=MAX_LEVEL, help="player A's level")
    arena.add_argument("--b", type=int, default=2, help="player B's level")
    arena.add_argument("--sprt", help="stop once decided: elo0,elo1[,alpha,beta]")
    game_args(arena)
    return parser


def _summary(tally: Tally, a: int, b: int, sprt: Optional[Sprt], out: IO[str]) -> None:
    print(f"A = level {a}, B = level {b}, {tally.games} games", file=out)
    elo = tally.elo()
    elo_text = f"  Elo {elo[0]:+.0f} ± {elo[1]:.0f}" if elo else ""
    print(f"A: +{tally.wins} -{tally.losses} ={tally.draws}  score {tally.score() * 100:.1f}%{elo_text}", file=out)
    print("pairs (A's points 0, ½, 1, 1½, 2): " + " ".join(map(str, tally.pairs)), file=out)
    if sprt is not None:
        lower, upper = sprt.bounds()
        verdict = {"H1": "H1 accepted", "H0": "H0 accepted", None: "undecided"}[sprt.verdict(tally)]
        elo0, elo1, alpha, beta = sprt.parameters
        print(
            f"SPRT elo0={elo0:g} elo1={elo1:g} alpha={alpha:g} beta={beta:g}: "
            f"LLR {sprt.llr(tally):.2f} [{lower:.2f}, {upper:.2f}], {verdict}",
            file=out,
        )


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command line; returns the exit status."""
    args = _parser().parse_args(argv)
    try:
        rule = Rule.parse(args.rule)
        limits = Limits(args.time, args.nodes, args.depth, args.seed)
        limits._native()
        sprt = Sprt.parse(args.sprt) if args.command == "arena" and args.sprt else None
        a, b = (args.level, args.level) if args.command == "selfplay" else (args.a, args.b)
        for level in (a, b):
            if not 0 <= level <= MAX_LEVEL:
                raise ValueError(f"level {level} is not 0 to {MAX_LEVEL}")
        openings = match_openings(args.openings, rule, args.size, args.count, args.seed)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2

    import ray

    ray.init(address=args.address, num_cpus=args.cpus, include_dashboard=False, log_to_driver=False)
    data: Optional[IO[str]] = None
    try:
        if args.data:
            data = open(args.data, "a", encoding="utf-8")
        elif args.command == "selfplay":
            data = sys.stdout
        tally = Tally()
        points: dict[int, float] = {}
        for job, record in run(jobs(openings), a, b, limits, rule, args.size, sprt):
            if data is not None:
                print(record.line, file=data, flush=True)
            points[job.index] = _a_points(record, job.a_is_black)
            tally.game(points[job.index])
            if job.index % 2 == 1:
                tally.pair(points[job.index - 1], points[job.index])
        if args.command == "arena":
            _summary(tally, a, b, sprt, sys.stdout)
    finally:
        if data is not None and data is not sys.stdout:
            data.close()
        ray.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
