"""docs/cli.md's ``--rules`` examples give exactly the output shown there."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from divided.cli.main import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "cli.md"


def examples() -> list[tuple[str, str]]:
    """``(command, expected output)`` for each ``$ divided hands ... --rules`` line of the doc
    whose output is shown."""
    text = DOC.read_text(encoding="utf-8")
    found: list[tuple[str, str]] = []
    for block in re.findall(r"```console\n(.*?)```", text, re.DOTALL):
        command: str | None = None
        output: list[str] = []
        for line in [*block.splitlines(), "$ end"]:
            if line.startswith("$ "):
                if command is not None and "--rules" in command and output:
                    found.append((command, "\n".join(output) + "\n"))
                command, output = line[2:], []
            else:
                output.append(line)
    return found


def test_the_doc_has_rules_examples() -> None:
    assert len(examples()) >= 5


@pytest.mark.parametrize(("command", "expected"), examples())
def test_doc_example(capsys: pytest.CaptureFixture[str], command: str, expected: str) -> None:
    argv = shlex.split(command)
    assert argv[0] == "divided"
    status = main(argv[1:])
    captured = capsys.readouterr()
    if expected.startswith("divided: error: "):
        assert (status, captured.out, captured.err) == (2, "", expected)
    else:
        assert (status, captured.out) == (0, expected)
