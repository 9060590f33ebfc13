"""Startup is lazy: opening a database decodes no game until it is used."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from engine.base import StateCodec
from host import FakeClock
from plugins import GamePlugin
from tests.host.conftest import OpenHost
from tests.host.helpers import started_game
from tests.toy import PLUGIN, TOY, ToyState


class CountingCodec(StateCodec[ToyState]):
    """The toy's state JSON, counting the states it reads."""

    decoded = 0

    def from_json(self, data: Mapping[str, Any]) -> ToyState:
        self.decoded += 1
        return super().from_json(data)


async def test_opening_decodes_no_game_until_it_is_used(
    hosts: OpenHost, db_path: Path, clock: FakeClock
) -> None:
    first = await hosts(db_path, clock)
    ids = [(await started_game(first, channel=c)).game_id for c in range(20)]
    await first.close()
    counting = CountingCodec(ToyState, "toy", 1)
    plugin = GamePlugin(replace(TOY, state=counting), PLUGIN.presentation, PLUGIN.heuristics)
    second = await hosts(db_path, clock, games=lambda kind: plugin)
    assert await second.scheduler.run_due() == []
    assert await second.scheduler.next_due() == clock.now() + 12 * 3600
    assert counting.decoded == 0
    status = await second.views.game_in_channel(3)
    assert status is not None and status.game_id == ids[3]
    await second.views.status(ids[3])
    assert counting.decoded == 1
