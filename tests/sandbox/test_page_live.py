"""The page without reloads, in a real headless Chromium: a thread the bot opens appears under
its channel in the server's list and opens like a channel; a message posted while a view is
still loading is shown once it has loaded (the live update is not lost)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from tests.cogs.helpers import WAIT
from tests.sandbox.browser import SandboxPage, chromium
from tests.sandbox.conftest import Playground

NOT_RELOADED = "window.notReloaded === true"


async def test_a_new_thread_appears_under_its_channel_and_opens(playground: Playground) -> None:
    games = playground.sandbox.fake.default_guild.channel("games")
    async with chromium() as browser:
        tab = await browser.new_page(viewport={"width": 1280, "height": 900})
        page = SandboxPage(tab, playground.url)
        await page.open()
        await tab.evaluate("window.notReloaded = true")
        await page.as_user("Cornelia")
        await page.channel("games")
        await page.command("game new")
        await page.option("game", "pomp", pick="Pompeji")
        await page.option("players", "2")
        await page.option("where", "thread", pick="In a new thread")
        await page.send()

        # The thread shows up in the list, right under #games, without reloading the page.
        thread = tab.locator(".chan.thread").first
        await thread.wait_for()
        assert len(games.threads) == 1
        assert await thread.locator(".label").inner_text() == games.threads[0].name
        names = await tab.locator("#channel-list .chan").evaluate_all(
            "cs => cs.map(c => c.querySelector('.label').textContent)"
        )
        assert names.index(games.threads[0].name) == names.index("games") + 1
        assert await tab.evaluate(NOT_RELOADED)

        # It opens like a channel: the lobby is there, and Decimus joins from it.
        await page.channel(games.threads[0].name)
        assert (await tab.locator("#channel-title").inner_text()).startswith("🧵")
        await page.as_user("Decimus")
        assert await page.view() == f"{playground.user_id('Decimus')}/{games.threads[0].id}"
        await tab.click("#messages button[data-custom-id^='vz:l:join']")
        await tab.wait_for_selector(".message:has-text('Players (2/2)')")
        assert await tab.evaluate(NOT_RELOADED)
        assert page.errors == []


async def test_a_message_posted_while_a_view_loads_is_not_lost(playground: Playground) -> None:
    fake = playground.sandbox.fake
    games = fake.default_guild.channel("games")
    text = "posted while the view of #games loads"
    async with chromium() as browser:
        tab = await browser.new_page(viewport={"width": 1280, "height": 900})
        page = SandboxPage(tab, playground.url)
        await page.open()

        # Hold the server's answer for #games until the message has been posted after it.
        answered, release = asyncio.Event(), asyncio.Event()
        stale: list[str] = []

        async def hold(route: Any) -> None:
            response = await route.fetch()
            stale.append(await response.text())
            answered.set()
            await release.wait()
            await route.fulfill(response=response)

        await tab.route(
            lambda url: "/sandbox/messages" in url and f"channel={games.id}" in url, hold
        )
        await tab.click(f".chan[data-channel='{games.id}']")
        async with asyncio.timeout(WAIT):
            await answered.wait()
        await fake.users["Brutus"].say(games, text)
        # The page has the live update (queued for the loading view, or, as it used to be,
        # drawn into the view that the answer is about to replace).
        await tab.wait_for_function(
            "t => Number(document.querySelector('#messages').dataset.queued || 0) > 0"
            " || document.querySelector('#messages').textContent.includes(t)",
            arg=text,
        )
        release.set()
        await tab.wait_for_function(
            "v => document.querySelector('#messages').dataset.view === v",
            arg=f"{playground.user_id('Aurelia')}/{games.id}",
        )
        assert text not in json.dumps(json.loads(stale[0]))  # the answer did not have it
        assert await tab.locator("#messages .message", has_text=text).count() == 1
        assert page.errors == []
