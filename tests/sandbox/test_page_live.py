"""The page without reloads, in a real headless Chromium: a thread the bot opens appears under
its channel in the server's list and opens like a channel, and the bot's mention of it is
named and opens it even when the page learns of the thread after the message; a message
posted while a view is still loading is shown once it has loaded (the live update is not
lost); a picture kept by an edit stays the same element on screen and a changed one never
leaves an empty frame; the switcher marks each user's pending decisions as they come and go."""

from __future__ import annotations

import asyncio
import io
import json
from typing import Any

import discord
from PIL import Image

from sandbox.web import is_decision
from tests.cogs.helpers import WAIT
from tests.sandbox.browser import SandboxPage, chromium, sandbox_tab, shown
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


async def test_a_thread_named_before_the_page_knows_it(playground: Playground) -> None:
    """The bot names a thread it has just opened (``<#id>``, "join there!") often before the
    page has learnt of the thread: the mention is drawn again with its name once the page
    knows it, and a tap on it opens the thread at once even before that."""
    games = playground.sandbox.fake.default_guild.channel("games")
    async with chromium() as browser:
        tab = await browser.new_page(viewport={"width": 1280, "height": 800})
        page = SandboxPage(tab, playground.url)
        await page.open()
        await tab.evaluate("window.notReloaded = true")

        # While armed, the page's look-ups of the server's channels are held back until
        # released, as when the bot's message comes first.
        held: dict[str, Any] = {"armed": False, "release": asyncio.Event(), "on": asyncio.Event()}

        async def slow_world(route: Any) -> None:
            if not held["armed"]:
                # A look-up made just before arming may be answered after the thread exists
                # (a loaded machine): its answer counts only if arming came after it.
                response = await route.fetch()
                if not held["armed"]:
                    await route.fulfill(response=response)
                    return
            held["on"].set()
            await held["release"].wait()
            await route.continue_()

        await tab.route(lambda url: "/sandbox/state" in url, slow_world)
        for name in ("Cornelia", "Decimus"):
            held["release"], held["on"] = asyncio.Event(), asyncio.Event()
            await page.as_user(name)
            await page.channel("games")
            await page.command("game new")
            await page.option("game", "pomp", pick="Pompeji")
            await page.option("players", "2")
            await page.option("where", "thread", pick="In a new thread")
            held["armed"] = True
            await page.send()
            unnamed = tab.locator("#messages .message .channel-link[data-unresolved]")
            try:
                await unnamed.last.wait_for()
            except Exception as error:  # say what the page showed instead
                notice = await tab.locator("#notice").inner_text()
                said = [m.content for m in games.messages[-3:]]
                raise AssertionError(f"no unnamed mention: {notice!r}, {said}") from error
            thread = games.threads[-1]
            link = tab.locator(f"#messages .channel-link[data-channel='{thread.id}']").first
            assert await link.inner_text() == "#unknown"  # the page does not know it yet
            async with asyncio.timeout(WAIT):
                await held["on"].wait()  # the page is looking the thread up: held back
            held["armed"] = False
            if name == "Cornelia":
                # Once the page learns of the thread, the mention is named in place.
                held["release"].set()
                await tab.wait_for_function(
                    "([id, n]) => [...document.querySelectorAll("
                    "`#messages .channel-link[data-channel='${id}']`)]"
                    ".some(a => a.textContent === `#${n}` && !a.dataset.unresolved)",
                    arg=[str(thread.id), thread.name],
                )
            else:
                # Tapped while the page still does not know it: it opens the thread at once.
                await link.click()
                await tab.wait_for_function(
                    "v => document.querySelector('#messages').dataset.view === v",
                    arg=f"{playground.user_id('Decimus')}/{thread.id}",
                )
                assert (await tab.locator("#channel-title").inner_text()).startswith("🧵")
                assert await tab.locator("#notice").inner_text() == ""
                held["release"].set()
        assert await tab.evaluate(NOT_RELOADED)
        assert page.errors == []


def _png(colour: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (800, 500), colour).save(out, "PNG")
    return out.getvalue()


_WATCH_BLANK = """id => {
  window.blankFrames = 0;
  const check = () => {
    const m = document.querySelector(`#messages .message[data-id='${id}']`);
    if (!m) return;
    const imgs = [...m.querySelectorAll('.attachments img')];
    if (!imgs.length || imgs.some(i => !(i.complete && i.naturalWidth > 0))) window.blankFrames++;
  };
  new MutationObserver(check).observe(document.querySelector('#messages'),
    { childList: true, subtree: true, attributes: true });
}"""


async def test_an_edited_message_keeps_its_picture_on_screen(playground: Playground) -> None:
    """The bot edits a message with a picture: while the picture stays the same it stays the
    very same element (never reloaded); a new picture is shown only once it is ready, the old
    one staying meanwhile, so no state of the page ever shows the message without it."""
    fake = playground.sandbox.fake
    general = fake.default_guild.channel("general")
    channel = playground.bot.get_channel(general.id)
    assert isinstance(channel, discord.TextChannel)
    async with chromium() as browser:
        tab = await browser.new_page(viewport={"width": 1280, "height": 800})
        page = SandboxPage(tab, playground.url)
        await page.open()
        sent = await channel.send("A board", file=discord.File(io.BytesIO(_png("red")), "b.png"))
        first = str(sent.attachments[0].id)
        await page.wait_for_image(first)
        await tab.evaluate(
            "a => { document.querySelector(`img[data-attachment='${a}']`).marked = true; }", first
        )
        await tab.evaluate(_WATCH_BLANK, str(sent.id))

        # The same picture, new words: the same element.
        sent = await sent.edit(content="A board, edited")
        await tab.locator(f".message[data-id='{sent.id}']", has_text="edited").wait_for()
        assert await tab.evaluate(
            "a => document.querySelector(`img[data-attachment='${a}']`).marked === true", first
        )

        # A new picture, slow to arrive: the old one stays until the new one can be drawn.
        arrived = asyncio.Event()

        async def slow(route: Any) -> None:
            await asyncio.sleep(0.4)
            await route.continue_()
            arrived.set()

        await tab.route(lambda url: "/attachments/" in url and "b2.png" in url, slow)
        sent = await sent.edit(
            content="A board, drawn again",
            attachments=[discord.File(io.BytesIO(_png("blue")), "b2.png")],
        )
        second = str(sent.attachments[0].id)
        await tab.locator(f".message[data-id='{sent.id}']", has_text="drawn again").wait_for()
        if not arrived.is_set():  # the words are new, the old picture still shows
            assert await page.images("b.png") == [first]
        await page.wait_for_image(second)
        assert await page.images("b.png") == []
        assert await tab.evaluate("window.blankFrames") == 0
        assert page.errors == []


def _decision(custom_id: str, *, disabled: bool = False) -> discord.ui.View:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Play", custom_id=custom_id, disabled=disabled))
    return view


async def test_the_switcher_marks_pending_decisions_live(playground: Playground) -> None:
    """Beside each user in the switcher, on a phone: how many of the bot's DMs to them still
    ask for a decision (live buttons or a menu of moves), as they come and as they are
    closed; DMs without a decision, a disabled button or a button that decides nothing do
    not count."""
    fake = playground.sandbox.fake
    bot = playground.bot
    brutus = await bot.fetch_user(fake.users["Brutus"].id)
    async with chromium() as browser, sandbox_tab(browser, playground.url, "phone") as page:
        tab = page.page
        await tab.evaluate("window.notReloaded = true")

        async def marks(name: str, count: int) -> None:
            await tab.wait_for_function(
                "([n, c]) => document.querySelector(`.who[data-user='${n}']`).dataset.pending"
                " === c",
                arg=[name, str(count)],
            )
            mark = tab.locator(f".who[data-user='{name}'] .turn")
            if count:
                await shown(mark)
                assert str(count) in await mark.inner_text()
            else:
                assert await mark.count() == 0

        await marks("Brutus", 0)
        first = await brutus.send("Your move", view=_decision("vz:a:99:1:pass"))
        await marks("Brutus", 1)
        await brutus.send("Your hand, for reading")
        await brutus.send("Over already", view=_decision("vz:a:99:1:x", disabled=True))
        await brutus.send("Another game", view=_decision("vz:h:98"))
        menu = discord.ui.View()
        menu.add_item(
            discord.ui.Select(
                custom_id="vz:s:98:4", options=[discord.SelectOption(label="a", value="a")]
            )
        )
        second = await brutus.send("Another game's move", view=menu)
        await marks("Brutus", 2)
        await marks("Aurelia", 0)

        await first.edit(content="Played", view=None)  # the decision is over
        await marks("Brutus", 1)
        await second.delete()
        await marks("Brutus", 0)
        assert await tab.evaluate(NOT_RELOADED)
        assert page.errors == []


async def test_the_switcher_still_marks_a_decision_after_a_move(playground: Playground) -> None:
    """Issue 44, 19: a /move that leaves the game waiting on the same player (the worker
    game's setup places several starting units): the DM loses its buttons, the private reply
    carries the decision, and the switcher keeps its mark, live; the DM list's mark goes (the
    decision is no longer in the DMs)."""
    fake = playground.sandbox.fake
    general = fake.default_guild.channel("general")
    aurelia = fake.users["Aurelia"]
    async with chromium() as browser, sandbox_tab(browser, playground.url) as page:
        tab = page.page
        await tab.evaluate("window.notReloaded = true")
        started = await aurelia.slash("game new", channel=general, game="workers", players=1)
        if started.deferred:
            await started.wait_until_loaded(timeout=WAIT)
        mark = "n => document.querySelector(`.who[data-user='${n}']`).dataset.pending"
        await tab.wait_for_function(f"({mark})('Aurelia') === '1'", arg=None)
        choices = await aurelia.autocomplete("move", "action", "", channel=general)
        moved = await aurelia.slash("move", channel=general, action=choices[0].value)
        if moved.deferred:
            await moved.wait_until_loaded(timeout=WAIT)
        await playground.bot.flows.idle()
        assert not any(is_decision(m) for m in aurelia.dms)  # the decision left the DM
        reply = next(m for m in aurelia.visible_messages(general) if is_decision(m))
        await tab.locator(f".message[data-id='{reply.id}'] button").first.wait_for()
        await tab.wait_for_function(
            "() => document.querySelector('#dm-list .chan').dataset.pending === '0'"
        )
        assert await tab.evaluate(f"({mark})('Aurelia')") == "1"
        await shown(tab.locator(".who[data-user='Aurelia'] .turn"))
        assert await tab.evaluate(NOT_RELOADED)
        assert page.errors == []
