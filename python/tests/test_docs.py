"""The docstrings and the README's Python examples run as doctests."""

from __future__ import annotations

import doctest
import pathlib

import gomoku
import gomoku.svg

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def test_module_docstrings() -> None:
    for module in (gomoku, gomoku.svg):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0


def test_readme_python_examples() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0
