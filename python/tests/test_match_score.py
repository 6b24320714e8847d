"""scripts/match_score.py: the score, Elo interval, length split and paired
difference it reads from c-gomoku-cli SGF files."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "match_score.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("match_score", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["match_score"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


ms = load()

OPENINGS = (("hh", "hi", "ij"), ("aa", "bb", "cc"), ("gg", "gh", "hh"))


def game(black: str, white: str, result: str, opening: tuple[str, ...], played: int) -> str:
    """One game as c-gomoku-cli writes it: opening moves marked, then
    `played` more moves with their times."""
    moves = "".join(f";{'BW'[i % 2]}[{m}]C[opening move]" for i, m in enumerate(opening))
    coords = [f"{chr(97 + i % 15)}{chr(97 + i // 15)}" for i in range(played)]
    moves += "".join(
        f";{'BW'[(len(opening) + i) % 2]}[{c}]C[{100 + i}ms]" for i, c in enumerate(coords)
    )
    return f"(;FF[4]GM[4]GN[1]PB[{black}]PW[{white}]RE[{result}]TE[x]\n{moves}\n)\n"


def run(name: str, results: list[tuple[str, int]]) -> str:
    """A `-repeat` run of `name` against rapfi: per opening, two games with
    colours swapped; `results` gives each game's result and length."""
    text = ""
    for i, (result, played) in enumerate(results):
        opening = OPENINGS[i // 2]
        black, white = (name, "rapfi") if i % 2 == 0 else ("rapfi", name)
        text += game(black, white, result, opening, played)
    return text


def test_a_run_is_scored_with_its_length_split() -> None:
    # Opening 1: won with black (short), lost with white (long).
    # Opening 2: won both. Opening 3: drawn, then lost with white.
    results = [("B+1", 20), ("B+1", 70), ("B+1", 40), ("W+1", 40), ("0", 222), ("B+1", 30)]
    text = run("new", results)
    games = ms.parse(text)
    assert len(games) == 6 and games[0].stones == 23 and games[0].opening == OPENINGS[0]
    out = ms.report(games, "rapfi")
    lines = out.splitlines()
    assert lines[0].startswith("new against rapfi: 6 games, +3 −2 =1, 58.3%, Elo +58 (")
    assert lines[1] == "  0 to 29 stones: won 1, lost 0, drawn 0"
    assert lines[2] == "  30 to 59 stones: won 2, lost 1, drawn 0"
    assert lines[3] == "  60 or more stones: won 0, lost 1, drawn 1"


def test_the_interval_comes_from_the_openings_not_the_games() -> None:
    # Every opening won by black: each pair is level, so 50% is exact.
    level = ms.parse(run("new", [("B+1", 30)] * 6))
    assert ms.report(level, "rapfi").splitlines()[0].endswith("50.0%, Elo +0 (+0 … +0)")
    # The same 50% from a pair won, a pair lost and a level pair is not.
    won, lost, level_pair = [("B+1", 30), ("W+1", 30)], [("W+1", 30), ("B+1", 30)], [("B+1", 30)] * 2
    split = ms.parse(run("new", won + lost + level_pair))
    assert ms.report(split, "rapfi").splitlines()[0].endswith("50.0%, Elo +0 (−inf … +inf)")


def test_two_runs_are_paired_by_opening() -> None:
    # The new build wins all four games; the old one loses opening 1's
    # game with white and draws opening 2's.
    new = ms.parse(run("new", [("B+1", 30), ("W+1", 30)] * 2))
    old = ms.parse(run("old", [("B+1", 30), ("B+1", 30), ("B+1", 30), ("0", 30)]))
    paired = ms.report(new, "rapfi", old).splitlines()[-1]
    # Differences +50 and +25 points: mean +37.5, spread 12.5 over two.
    assert paired.startswith("paired with old over 2 openings: +37.5 ± ")
    assert float(paired.split("± ")[1].split()[0]) == pytest.approx(1.96 * 12.5, abs=0.05)


def test_bad_input_is_refused_with_a_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    games = ms.parse(run("new", [("B+1", 30)] * 2))
    with pytest.raises(ValueError, match="played none"):
        ms.report(games, "embryo")
    three = games + ms.parse(game("other", "rapfi", "B+1", OPENINGS[0], 30))
    with pytest.raises(ValueError, match="one engine"):
        ms.report(three, "rapfi")
    with pytest.raises(ValueError, match="without PB, PW or RE"):
        ms.parse("(;FF[4]GM[4]PB[a]PW[b];B[hh])")
    with pytest.raises(ValueError, match="unknown result"):
        ms.parse("(;FF[4]GM[4]PB[a]PW[b]RE[?];B[hh])")
    elsewhere = ms.parse(run("old", [("B+1", 30)] * 2).replace("hh", "ee"))
    with pytest.raises(ValueError, match="share no opening"):
        ms.report(games, "rapfi", elsewhere)
    empty = tmp_path / "empty.sgf"
    empty.write_text("")
    assert ms.main([str(empty), "--opponent", "rapfi"]) == 2
    assert ms.main([str(tmp_path / "missing.sgf"), "--opponent", "rapfi"]) == 2
    err = capsys.readouterr().err
    assert "no games in" in err and "missing.sgf" in err and "Traceback" not in err


def test_files_are_joined_and_read_from_disk(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.sgf", tmp_path / "b.sgf"
    a.write_text(run("new", [("B+1", 30), ("B+1", 30)]))
    b.write_text(run("new", [("B+1", 30), ("W+1", 30)]).replace("hh", "ee"))
    assert ms.main([f"{a},{b}", "--opponent", "rapfi"]) == 0
    assert capsys.readouterr().out.startswith("new against rapfi: 4 games, +3 −1 =0, 75.0%")
