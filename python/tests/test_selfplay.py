"""Self-play from Python and on a local Ray cluster: the records, openings
and statistics are the core's, and `python -m gomoku.cluster` plays the
very games `gomoku selfplay` and `gomoku arena` play for the same seeds and
node limits (the `gomoku` executable is found through GOMOKU_BIN, which
tests/run-all.sh sets, or in the workspace's target folder)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gomoku import ParseError, Point, Result, Rule
from gomoku.cluster import jobs
from gomoku.selfplay import Limits, Record, Sprt, Tally, match_openings, play_game

ROOT = Path(__file__).resolve().parents[2]
QUICK = Limits(time_ms=0, nodes=300)


def gomoku_bin() -> str:
    candidates = [os.environ.get("GOMOKU_BIN", "")]
    candidates += [str(ROOT / "target" / kind / "gomoku") for kind in ("release", "debug")]
    for c in candidates:
        if c and os.access(c, os.X_OK):
            return c
    raise AssertionError("no gomoku executable: set GOMOKU_BIN or cargo build -p gomoku-cli")


def test_games_are_reproducible_and_their_records_read_back() -> None:
    opening = match_openings("random", "renju", 15, 1, 11)[0]
    record = play_game(opening, 4, 3, QUICK, Rule.RENJU)
    assert record == play_game(opening, 4, 3, QUICK, Rule.RENJU)
    assert record.result is not Result.ONGOING
    assert record.opening == opening and record.rule is Rule.RENJU
    assert record.line.startswith("renju 15 ")
    assert all(m.score is not None or m.win_in is not None or m.loss_in is not None for m in record.moves)
    assert record.game().result is record.result
    assert Record.parse(record.line) == record


def test_bad_records_limits_and_levels_are_refused() -> None:
    with pytest.raises(ParseError, match="give ongoing"):
        Record.parse("freestyle 15 black - h8:1")
    with pytest.raises(ParseError, match="invalid score"):
        Record.parse("freestyle 15 black - h8:x")
    with pytest.raises(ValueError, match="nodes"):
        play_game([], 3, 3, Limits(nodes=-1))
    with pytest.raises(ValueError, match="black"):
        play_game([], 9, 3, QUICK)
    with pytest.raises(ValueError):
        play_game([(20, 20)], 3, 3, QUICK)
    with pytest.raises(ParseError, match="no/such/file"):
        match_openings("no/such/file")


def test_openings_and_the_pairing_of_games() -> None:
    default = match_openings(count=2)
    assert len(default) == 2 and all(isinstance(p, Point) for p in default[0])
    games = jobs(default)
    assert [(g.index, g.opening == default[g.index // 2], g.a_is_black) for g in games] == [
        (0, True, True),
        (1, True, False),
        (2, True, True),
        (3, True, False),
    ]


def test_tally_and_sprt_follow_the_core() -> None:
    tally = Tally()
    for first, second in [(1.0, 1.0), (1.0, 0.0), (0.5, 0.0)]:
        tally.game(first)
        tally.game(second)
        tally.pair(first, second)
    assert (tally.wins, tally.losses, tally.draws, tally.pairs) == (3, 2, 1, [0, 1, 1, 0, 1])
    assert tally.games == 6 and abs(tally.score() - 7 / 12) < 1e-9
    with pytest.raises(ValueError):
        tally.game(0.75)
    sprt = Sprt.parse("0,10")
    assert sprt.parameters == (0.0, 10.0, 0.05, 0.05)
    lower, upper = sprt.bounds()
    assert abs(lower + 2.944) < 0.01 and abs(upper - 2.944) < 0.01
    winning = Tally()
    while sprt.verdict(winning) is None:
        winning.game(1.0)
        winning.game(1.0)
        winning.pair(1.0, 1.0)
    assert sprt.verdict(winning) == "H1" and sprt.llr(winning) >= upper
    for bad in ["10,0", "0,10,0,0.05", "a,b"]:
        with pytest.raises(ValueError):
            Sprt.parse(bad)


def cluster(*args: str) -> str:
    run = subprocess.run(
        [sys.executable, "-m", "gomoku.cluster", "--cpus", "2", *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_a_local_ray_cluster_plays_the_single_process_games(tmp_path: Path) -> None:
    common = ["--time", "0", "--nodes", "400", "--rule", "renju", "--openings", "random", "--count", "3", "--seed", "7"]
    single, ray = tmp_path / "single.txt", tmp_path / "ray.txt"
    subprocess.run([gomoku_bin(), "selfplay", "--level", "4", *common, "--data", str(single)], check=True, capture_output=True)
    cluster("selfplay", "--level", "4", *common, "--data", str(ray))
    expected = single.read_text()
    assert len(expected.splitlines()) == 6
    assert ray.read_text() == expected
    # Without --data the records go to standard output.
    assert cluster("selfplay", "--level", "4", *common) == expected


def test_a_cluster_arena_scores_as_gomoku_arena_does() -> None:
    common = ["--a", "4", "--b", "2", "--time", "0", "--nodes", "300", "--openings", "random", "--count", "4", "--seed", "3"]
    single = subprocess.run([gomoku_bin(), "arena", *common], check=True, capture_output=True, text=True).stdout
    on_ray = cluster("arena", *common)
    score = [line for line in single.splitlines() if line.startswith("A: ")]
    assert len(score) == 1 and score[0] in on_ray.splitlines(), (single, on_ray)
    assert single.splitlines()[-1] in on_ray.splitlines()  # the pentanomial


def test_a_cluster_arena_stops_once_the_sprt_decides() -> None:
    out = cluster("arena", "--a", "5", "--b", "0", "--time", "0", "--nodes", "300", "--openings", "random", "--count", "60", "--sprt", "0,100")
    assert "H0 accepted" in out, out
    games = int(out.splitlines()[0].split(", ")[-1].split()[0])
    # Every pair here is split 1-1, so the test decides on its fourth pair.
    # Two CPUs keep at most four games in flight: by then at most four
    # finished games wait for a partner and four more are running.
    assert games <= 16, out


def test_a_cluster_run_refuses_bad_arguments() -> None:
    run = subprocess.run([sys.executable, "-m", "gomoku.cluster", "arena", "--a", "9"], capture_output=True, text=True)
    assert run.returncode == 2 and "level 9" in run.stderr
    run = subprocess.run([sys.executable, "-m", "gomoku.cluster", "arena", "--sprt", "5,1"], capture_output=True, text=True)
    assert run.returncode == 2 and "elo0 < elo1" in run.stderr
