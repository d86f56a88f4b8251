"""The lab sits outside the engine and loads Ray and matplotlib only when asked for.

Which packages the lab may import, and that Ray is imported in ``sim/executor.py`` alone, is
checked with the rest of the layering by ``tests/test_architecture.py``.
"""

from __future__ import annotations

import subprocess
import sys


def test_importing_the_lab_loads_neither_ray_nor_matplotlib() -> None:
    code = "import sys, divided.sim, divided.sim.report; print('ray' in sys.modules, 'matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
