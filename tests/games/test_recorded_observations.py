"""Every view, history reading and observation encoding of seeded random games equals the one
recorded before the views' seen logs and the layouts' history readings became incremental
(recorded at ``ac47fc3``, where each view rebuilt its whole log and each encoding its whole
history): the digests of :mod:`observation_digests`."""

from __future__ import annotations

from typing import Any

import pytest
from observation_digests import SETTINGS, digests

RECORDED = [
    ("1002b6c6f9605952f5b5e80b09594889df7a5198cd3da558f36826c54eeafb87",
     "7bb0fcca97f00d07bcddbe29e3af4a8d46cf5ef3fe2d0d16b4f9ff504cdcc29c"),
    ("828e74db7ca611a54afeb8129b0f5fce2acff8419ae3f55952a55223d917a7f9",
     "604ec4cdb1eefb17d40e77a4099f2a41536334ef0077c26f9a5fe32348ca1eca"),
    ("a6fa0b0af5ab6d316b94a2d44fb15939deb3db410a039b79965cb9c9366c5f47",
     "8d2b42fdd3c77163428bed77b78e93eec065aa4d0dea2372c03b67ef40c8f8db"),
    ("49c49e3c24983847f373734bd6596bf79bdcada5b4eea38ece35a812bca4b9b2",
     "787db58a794a3be89a64c75d3a02f912efe3bc6c94f3ed9f653c66a4b582d3bf"),
    ("905a7dd27f555bd4cea2365d49603b2c764b0dbed50ec5194c1c1f0caefd0a62",
     "f34944ef7750a5d860765516d3124ae1e9adead937f00608dc01092800b98208"),
    ("06e69d8622f2e8c00c7d02e224e6c4a5131a633f87dfd8d0c0b27922007b25c6",
     "ad62fef82ebed387033dedd5f38732d7327e17717c00a24eb6756500b23b0ec1"),
]


@pytest.mark.parametrize(("setting", "recorded"), list(zip(SETTINGS, RECORDED, strict=True)),
                         ids=[f"{game}-{i}" for i, (game, _, _) in enumerate(SETTINGS)])
def test_observations_equal_the_recorded_ones(setting: tuple[str, dict[str, Any], range],
                                              recorded: tuple[str, str]) -> None:
    game, options, seeds = setting
    assert digests(game, options, seeds) == recorded
