"""The page at a phone's size (400 × 850, touch, device scale factor 2) and at a desktop's
(1280 × 800), in a real headless Chromium: the "Playing as" switcher, the message box with the
bot's autocomplete, a DM's button and a board image are on screen (not clipped, not covered)
and work, by taps on the phone and clicks on the desktop; the board opens full size and
closes; nothing scrolls sideways on the phone (a channel, the DMs, the open drawer); with the
on-screen keyboard up the message box and its list stay above it; once a command is sent the
box is empty again, with its usual hint."""

from __future__ import annotations

import discord
import pytest

from tests.sandbox.browser import SandboxPage, chromium, not_shown, sandbox_tab, shown, sideways
from tests.sandbox.conftest import Playground
from tests.sandbox.moves import moved, offer, play_by_command, play_by_component, soonest, waits_on


@pytest.fixture
def seed() -> int:
    """A deal of two seats (Aurelia and an easy AI) where a decision with at most five choices,
    a row of buttons in Aurelia's DMs, comes within her first few moves."""
    return 10


async def _long_message(play: Playground) -> None:
    """The bot says something hard to fit in #general: a long word, a long code span, a long
    link into Discord, a code block, a row of long buttons and a menu of long options."""
    general = play.bot.get_channel(play.sandbox.fake.default_guild.channel("general").id)
    assert isinstance(general, discord.TextChannel)
    view = discord.ui.View()
    for i in range(5):
        view.add_item(discord.ui.Button(label=f"{i} " + "Longlabel" * 8, custom_id=f"t:{i}"))
    view.add_item(
        discord.ui.Select(
            custom_id="t:menu",
            placeholder="Choose " * 20,
            options=[discord.SelectOption(label="Option" * 16, value=str(i)) for i in range(3)],
        )
    )
    words = (
        "Pneumonoultramicroscopicsilicovolcanoconiosis" * 3,
        "`" + "code_span_" * 12 + "`",
        f"https://discord.com/channels/{general.guild.id}/{general.id}/" + "1" * 19,
        "```\n" + "a_long_line_of_code " * 8 + "\n```",
    )
    await general.send(" ".join(words), view=view)


async def _open_table(page: SandboxPage) -> None:
    """Aurelia opens The Downfall of Pompeii for herself and an easy AI from the message box
    (the game and the level picked from their lists); the table is full, so it starts at
    once."""
    await page.as_user("Aurelia")
    await page.channel("general")
    await page.command("game new")
    await page.option("game", "down", pick="Downfall")
    await page.option("players", "2")
    await page.option("ai_seats", "1")
    await page.option("ai_level", "eas", pick="Easy")
    await page.option("forced_moves", "", pick="True")
    await page.send()
    await page.wait_for_images("board.png", 1)


@pytest.mark.parametrize("size", ["phone", "desktop"])
async def test_the_page_is_usable_at_phone_and_desktop_size(
    playground: Playground, size: str
) -> None:
    play = playground
    phone = size == "phone"
    async with chromium() as browser, sandbox_tab(browser, play.url, size) as page:
        tab = page.page

        # The switcher is on screen and switches the user (and back).
        for who in ("Aurelia", "Brutus", "Cornelia", "Decimus"):
            await shown(tab.locator(f".who[data-user='{who}']"))
        await page.as_user("Brutus")
        await page.as_user("Aurelia")
        box = tab.locator("#composer-input")
        await shown(box)
        assert await sideways(tab) == []

        # A command without options: once sent, the box and its hint are as before.
        hint = await box.get_attribute("placeholder")
        await page.command("hand")
        assert await box.get_attribute("placeholder") != hint  # how to send it
        await page.send()
        await tab.locator("#messages .message", has_text="/hand").wait_for()  # answered
        assert await box.get_attribute("placeholder") == hint
        assert await box.input_value() == ""
        assert await tab.locator("#cmd-chip").is_hidden()

        # Long words, code, links, a row of buttons and a menu wrap or shrink to fit.
        await _long_message(play)
        await tab.locator("#messages select[data-custom-id='t:menu']").wait_for()
        assert await sideways(tab) == []

        await _open_table(page)
        general = play.sandbox.fake.default_guild.channel("general")
        status = await play.bot.host.views.game_in_channel(general.id)
        assert status is not None
        game_id = status.game_id

        # The board: on screen at a readable size; a tap opens it full size; it closes.
        board = tab.locator("#messages img[alt='board.png']").last
        await shown(board)
        width = (await board.bounding_box())["width"]
        if phone:  # the viewport's width less the page's padding
            assert width >= 400 - 2 * 12, width
        else:
            assert width >= 420, width
        await page.press(board)
        full = tab.locator("#lightbox img")
        await tab.wait_for_function(
            "() => { const i = document.querySelector('#lightbox img');"
            " return !document.querySelector('#lightbox').hidden && i.complete && i.naturalWidth; }"
        )
        await shown(tab.locator("#lightbox-close"))
        await page.press(full)  # a tap on the picture: its own size, to scroll around
        await tab.wait_for_function(
            "() => { const i = document.querySelector('#lightbox img');"
            " return Math.abs(i.getBoundingClientRect().width - i.naturalWidth) < 1; }"
        )
        await page.press("#lightbox-close")
        await tab.wait_for_selector("#lightbox", state="hidden")
        assert await sideways(tab) == []

        # Moves until Aurelia's DMs offer her decision as buttons: the others from her DM's
        # menu (the message box's autocomplete opened first), else by /move.
        pressed = False
        for _ in range(12):
            waited = await waits_on(play, game_id, "Aurelia", forced=True)
            assert waited is not None
            version, token = waited
            legal = [
                c.notation
                for c in await play.bot.host.decisions.legal_choices(
                    game_id, play.user_id("Aurelia")
                )
            ]
            choice = soonest(legal, await play.bot.host.views.public_view(game_id))
            msg = offer(play, "Aurelia", game_id, token)
            buttons = (
                msg is not None
                and msg.in_dm
                and any(
                    str(c.get("custom_id", "")).startswith(f"vz:a:{game_id}:{token}:")
                    for c in msg.walk_components()
                )
            )
            if buttons:
                assert await page.has_drawer() == phone
                await page.dms()
                assert await sideways(tab) == []
                button = tab.locator(
                    f"#messages .message[data-id='{msg.id}'] button[data-custom-id^='vz:a:']"
                ).first
                await shown(button)
                assert await play_by_component(page, msg, choice)
                pressed = True
            else:
                await page.channel("general")
                await page.command("move")
                await page.suggestions("action", "")
                popup = tab.locator("#popup")
                assert await not_shown(popup) == ""
                items = tab.locator("#popup .item")
                assert await items.count() > 1
                if phone:  # big enough to tap
                    assert (await items.first.bounding_box())["height"] >= 40
                await tab.keyboard.press("Escape")
                await tab.keyboard.press("Escape")
                # From the DM's menu, so her next decision comes there too (played by
                # `/move`, it would come in the reply to her command: the AI answers at once).
                dm = msg is not None and msg.in_dm
                if not (dm and await play_by_component(page, msg, choice)):
                    await play_by_command(page, choice)
            await moved(play, game_id, version)
            if pressed:
                break
        assert pressed, "no decision came as buttons in the DMs"

        if phone:
            # The open drawer sticks out nowhere either, and a tap beside it closes it.
            await page.open_drawer()
            await shown(tab.locator(".chan.dm"))
            assert await sideways(tab) == []
            await page.close_drawer()

            # The on-screen keyboard takes the lower half: the box and its list stay above it.
            await page.channel("general")
            await tab.set_viewport_size({"width": 400, "height": 450})
            await tab.wait_for_function("() => document.querySelector('#app').offsetHeight <= 450")
            box = tab.locator("#composer-input")
            await page.press(box)
            await box.fill("/")
            await tab.wait_for_selector("#popup:not([hidden]) .item")
            assert await not_shown(box) == ""
            assert await not_shown(tab.locator("#popup")) == ""
            popup_box = await tab.locator("#popup").bounding_box()
            input_box = await box.bounding_box()
            assert popup_box["y"] + popup_box["height"] <= input_box["y"]  # it opens above
            scrolls = await tab.evaluate(
                "() => { const p = document.querySelector('#popup');"
                " return p.scrollHeight > p.clientHeight; }"
            )
            assert scrolls  # more commands than fit: the list scrolls
            await shown(tab.locator(".who[data-user='Brutus']"))
        assert page.errors == []
