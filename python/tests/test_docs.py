"""The docstrings and the README's Python examples run as doctests."""

from __future__ import annotations

import doctest
import pathlib

import gomoku
import gomoku.selfplay
import gomoku.svg

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def test_module_docstrings() -> None:
    for module in (gomoku, gomoku.selfplay, gomoku.svg):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0


def test_readme_python_examples() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


def test_the_migration_guides_quote_the_examples() -> None:
    examples = pathlib.Path(__file__).resolve().parents[1] / "examples"
    sources = "\n".join(p.read_text(encoding="utf-8") for p in examples.glob("*/gomoku_app.py"))
    for guide in ("README.md", "README.zh-CN.md"):
        text = (examples / guide).read_text(encoding="utf-8")
        blocks = text.split("```python\n")[1:]
        assert blocks, guide
        for block in blocks:
            code = block.split("```")[0]
            assert code in sources, f"{guide}: not in the examples:\n{code}"
