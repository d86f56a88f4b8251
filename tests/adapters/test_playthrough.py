"""Golden-file regression of seeded games through OpenSpiel's own playthrough tool.

Each file in ``playthroughs/`` is OpenSpiel's ``generate_playthrough`` text of one seeded game:
game type and info, then at every state the history, legal actions, information-state and
observation strings and tensors of both players (also the public-only and private-only
observations) and the returns. Any change to what the adapter or the engine produces shows up
as a difference. After an intended change, regenerate and review the diff:

    DIVIDED_UPDATE_PLAYTHROUGHS=1 pytest tests/adapters/test_playthrough.py
"""

from __future__ import annotations

import os
from itertools import zip_longest
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from absl import flags  # installed with open_spiel
from open_spiel.python.algorithms import generate_playthrough

import divided.adapters.openspiel  # noqa: F401  (registers the game)

FOLDER = Path(__file__).parent / "playthroughs"
GOLDEN = {
    "python_divided_ranks_v1.txt": "python_divided_ranks_v1(first_splitter=0)",
    "python_divided_ranks_v1_study.txt": "python_divided_ranks_v1(build=auto,opening_seed=3,rounds=1)",
}
SEED = 7


@pytest.fixture(scope="module", autouse=True)
def _absl_flags() -> None:
    if not flags.FLAGS.is_parsed():  # the playthrough tool reads one absl flag
        flags.FLAGS(["pytest"])


@pytest.mark.parametrize("filename", sorted(GOLDEN))
def test_playthrough_matches_golden_file(filename: str) -> None:
    path = FOLDER / filename
    if os.environ.get("DIVIDED_UPDATE_PLAYTHROUGHS"):
        path.write_text(generate_playthrough.playthrough(GOLDEN[filename], None, seed=SEED), encoding="utf-8")
    original, new = generate_playthrough.replay(str(path))
    assert new.startswith(f"game: {GOLDEN[filename]}\n")
    if original != new:
        pairs = zip_longest(original.splitlines(), new.splitlines(), fillvalue="<end of file>")
        line, (golden, now) = next((i, pair) for i, pair in enumerate(pairs) if pair[0] != pair[1])
        pytest.fail(f"{filename} differs from line {line + 1}:\n  golden: {golden[:200]}\n  now:    {now[:200]}")
