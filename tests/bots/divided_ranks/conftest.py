"""The Divided Ranks bot tests share the fixed-deal positions of ``tests/bots/bot_positions``."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
