"""Regenerate the sandbox's pictures in docs/images (``python -m tests.sandbox.screenshots``):
the real bot in the sandbox, a few seeded moves played through the fake's driver, then the page
in headless Chromium as a person sees it, on a desktop (1280 × 800) and on a phone (400 × 850
at a device scale factor of 2, so 800 × 1700 pixels), the replay viewer on the phone too."""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from host import FakeClock
from tests.cogs.helpers import pick, until
from tests.sandbox.browser import SandboxPage, chromium, sandbox_tab
from tests.sandbox.conftest import Playground, start_playground

OUT = Path(__file__).resolve().parents[2] / "docs" / "images"
SIZE = {"width": 1280, "height": 800}


async def _shoot(tab: Any, name: str) -> None:
    """A screenshot once every image in view has loaded."""
    await tab.evaluate(
        "() => Promise.all([...document.querySelectorAll('#messages img')]"
        ".map(i => i.decode().catch(() => null)))"
    )
    await tab.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 100)))")
    await tab.screenshot(path=str(OUT / name))


def _says(message: Any, text: str) -> Callable[[], Awaitable[bool]]:
    async def check() -> bool:
        return text in message.content

    return check


async def _play(play: Playground, game_id: int, moves: int) -> None:
    """``moves`` decisions by whoever the game waits on, through /move."""
    fake = play.sandbox.fake
    host = play.bot.host
    for _ in range(moves):
        status = await host.views.status(game_id)
        user = fake.users_by_id[status.waiting_on[0].user_id]
        legal = [c.notation for c in await host.decisions.legal_choices(game_id, user.id)]
        chan = fake.channel_by_id(status.channel_id)
        await user.slash("move", channel=chan, action=pick(legal))
        await play.bot.flows.idle()


async def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        play, running = await start_playground(Path(tmp), FakeClock())
        fake = play.sandbox.fake
        general = fake.default_guild.channel("general")
        games = fake.default_guild.channel("games")
        a, b, c, d = (fake.users[n] for n in ("Aurelia", "Brutus", "Cornelia", "Decimus"))
        try:
            lobby = await a.slash("game new", channel=general, game="downfall", players=3)
            for u in (b, c):
                await u.click("Join", message=lobby.message)
            await (await a.click("Start", message=lobby.message)).wait_until_loaded(timeout=60)
            await play.bot.flows.idle()
            downfall = await play.bot.host.views.game_in_channel(general.id)
            assert downfall is not None
            await _play(play, downfall.game_id, 7)

            await c.slash("game new", channel=games, game="cardcity", players=2, where="thread")
            thread = games.threads[0]
            lobby = await d.wait_for_message(thread, lambda m: "Join" in m.button_labels)
            await d.click("Join", message=lobby)
            await (await c.click("Start", channel=thread)).wait_until_loaded(timeout=60)
            await play.bot.flows.idle()
            pompeji = await play.bot.host.views.game_in_channel(thread.id)
            assert pompeji is not None
            await _play(play, pompeji.game_id, 3)

            async with chromium() as browser:
                tab = await browser.new_page(viewport=SIZE)
                page = SandboxPage(tab, play.url)
                await page.open()
                status = await play.bot.host.views.status(downfall.game_id)
                mover = fake.users_by_id[status.waiting_on[0].user_id].name
                await page.as_user(mover)
                await page.channel("general")
                await page.command("move")
                await page.suggestions("action", "")
                await _shoot(tab, "sandbox-channel.png")

                await tab.keyboard.press("Escape")
                await tab.keyboard.press("Escape")
                await page.dms()
                await _shoot(tab, "sandbox-dm.png")

                status = await play.bot.host.views.status(pompeji.game_id)
                mover = fake.users_by_id[status.waiting_on[0].user_id].name
                await page.as_user(mover)
                await page.channel(thread.name)
                await _shoot(tab, "sandbox-thread.png")

                # On a phone: the channel with the newest board, then the mover's DMs.
                status = await play.bot.host.views.status(downfall.game_id)
                mover = fake.users_by_id[status.waiting_on[0].user_id].name
                async with sandbox_tab(browser, play.url, "phone") as phone:
                    await phone.as_user(mover)
                    await phone.channel("general")
                    await _shoot(phone.page, "sandbox-phone.png")
                    await phone.dms()
                    await _shoot(phone.page, "sandbox-phone-dm.png")
                    # /game replay: the viewer, a few steps in.
                    user = fake.users[mover]
                    reply = await user.slash("game replay", channel=general)
                    message = await reply.wait_until_loaded(timeout=60)
                    for step in range(2, 5):
                        forward = next(
                            b["custom_id"]
                            for b in message.buttons
                            if (b.get("emoji") or {}).get("name") == "▶"
                        )
                        await user.click(custom_id=forward, message=message)
                        await until(_says(message, f"step {step} of"))
                    await play.bot.flows.idle()
                    await phone.channel("general")
                    await _shoot(phone.page, "sandbox-replay.png")
        finally:
            await running.stop()
            await play.sandbox.close()
    print(
        f"wrote {OUT}/sandbox-channel.png, sandbox-dm.png, sandbox-thread.png, "
        "sandbox-phone.png, sandbox-phone-dm.png, sandbox-replay.png"
    )


if __name__ == "__main__":
    asyncio.run(main())
