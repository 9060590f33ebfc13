"""The sandbox survives a restart like the real bot: the same server, channels, users and
history (images included) come back from its state file, the page lists them, and buttons on
messages from before the restart still work."""

from __future__ import annotations

from pathlib import Path

import aiohttp

from host import FakeClock
from tests.cogs.helpers import WAIT
from tests.sandbox.conftest import start_playground


async def _page_messages(url: str, user: int, channel: int) -> list[dict[str, object]]:
    async with (
        aiohttp.ClientSession() as http,
        http.get(f"{url}sandbox/messages", params={"user": user, "channel": channel}) as r,
    ):
        assert r.status == 200
        return list((await r.json())["messages"])


async def test_a_restarted_sandbox_shows_the_history_and_old_buttons_work(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    play, running = await start_playground(tmp_path, clock)
    fake = play.sandbox.fake
    general = fake.default_guild.channel("general")
    aurelia, brutus = fake.users["Aurelia"], fake.users["Brutus"]
    try:
        lobby = await aurelia.slash("game new", channel=general, game="downfall", players=2)
        await brutus.click("Join", message=lobby.message)
        started = await aurelia.click("Start", message=lobby.message)
        await started.wait_until_loaded(timeout=WAIT)
        await play.bot.flows.idle()
        status = await play.bot.host.views.game_in_channel(general.id)
        assert status is not None and any("board.png" in m.filenames for m in general.messages)
        game_id, version = status.game_id, status.version
        mover = fake.users_by_id[status.waiting_on[0].user_id]
        before = {
            "ids": (fake.default_guild.id, general.id, aurelia.id, brutus.id, fake.bot.id),
            "general": [(m.id, m.content, m.files) for m in general.messages],
            "dms": [(m.id, m.content, m.files) for m in mover.dms],
        }
    finally:
        await running.stop()
        await play.sandbox.close()

    play, running = await start_playground(tmp_path, clock)
    fake = play.sandbox.fake
    try:
        assert play.sandbox.restored
        general = fake.default_guild.channel("general")
        aurelia, brutus = fake.users["Aurelia"], fake.users["Brutus"]
        mover = fake.users[mover.name]
        ids = (fake.default_guild.id, general.id, aurelia.id, brutus.id, fake.bot.id)
        assert ids == before["ids"]
        assert [(m.id, m.content, m.files) for m in general.messages] == before["general"]
        assert [(m.id, m.content, m.files) for m in mover.dms] == before["dms"]
        shown = await _page_messages(play.url, aurelia.id, general.id)
        assert [m["id"] for m in shown] == [str(m[0]) for m in before["general"]]

        # Buttons drawn before the restart: My hand on the old board, the mover's DM menu.
        old_board = next(m for m in general.messages if "board.png" in m.filenames)
        hand = await aurelia.click(custom_id=f"vz:h:{game_id}", message=old_board)
        loaded = await hand.wait_until_loaded(timeout=WAIT) if hand.deferred else hand.message
        assert loaded is not None and loaded.ephemeral and "hand.png" in loaded.filenames
        decision = next(
            m
            for m in reversed(mover.dms)
            if any(str(c.get("custom_id", "")).startswith("vz:") for c in m.walk_components())
        )
        comp = next(
            c
            for c in decision.walk_components()
            if str(c.get("custom_id", "")).startswith((f"vz:a:{game_id}:", f"vz:s:{game_id}:"))
        )
        if comp["type"] == 2:
            await mover.click(custom_id=comp["custom_id"], message=decision)
        else:
            await mover.select(decision, values=[comp["options"][0]["value"]])
        await play.bot.flows.idle()
        assert (await play.bot.host.views.status(game_id)).version == version + 1
    finally:
        await running.stop()
        await play.sandbox.close()
    fake.verify()
