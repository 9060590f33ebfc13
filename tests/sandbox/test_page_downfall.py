"""The Downfall of Pompeii played in the sandbox's page, in a real headless Chromium, by one
person acting as two local users with an AI in the third seat: /game new from the message box,
Join and Start buttons, moves by /move autocomplete and by the DM buttons and menus, the board
image updating in #general, and each hand shown only in its owner's view."""

from __future__ import annotations

import re

from tests.cogs.helpers import pick, until
from tests.sandbox.browser import SandboxPage, chromium
from tests.sandbox.conftest import Playground

HUMANS = ("Aurelia", "Brutus")


async def _waiting_human(play: Playground, game_id: int) -> tuple[str, int, int]:
    """The local user the game waits on (after the AI seat has moved), the version, and that
    seat's decision token (what its buttons carry)."""
    host = play.bot.host
    names = {play.user_id(n): n for n in HUMANS}
    for _ in range(600):
        status = await host.status(game_id)
        waiting = [w for w in status.waiting_on if w.user_id in names]
        if status.status != "active" or waiting:
            assert status.status == "active"
            return names[waiting[0].user_id], status.version, waiting[0].token
        await play.bot.flows.idle()
    raise AssertionError("the AI seat never handed the turn back")


async def _version(play: Playground, game_id: int) -> int:
    return (await play.bot.host.status(game_id)).version


async def test_downfall_in_the_page(playground: Playground) -> None:
    play = playground
    async with chromium() as browser:
        tab = await browser.new_page(viewport={"width": 1280, "height": 900})
        page = SandboxPage(tab, play.url)
        await page.open()

        # Aurelia opens a table for two people and an easy AI from the message box.
        await page.open_table("The Downfall of Pompeii", ai_seats=1)
        boards = await page.images("board.png")
        status = await play.bot.host.game_in_channel(play.sandbox.fake.default_guild.channels[0].id)
        assert status is not None
        game_id = status.game_id

        # Moves, alternating /move autocomplete in #general and the buttons in the mover's DMs.
        by_autocomplete = by_buttons = 0
        move = 0
        while by_autocomplete < 3 or by_buttons < 3:
            name, version, token = await _waiting_human(play, game_id)
            await page.as_user(name)
            if move % 2 == 0:
                await page.channel("general")
                await page.command("move")
                shown = await page.suggestions("action", "")
                legal = [v for _, v in shown if v != "?"]
                assert legal, shown
                choice = pick(legal)
                label = next(lbl for lbl, v in shown if v == choice)
                await page.pick(label)
                await page.send()
                by_autocomplete += 1
            else:
                await page.dms()
                decision = tab.locator(
                    f"#messages .message:has([data-custom-id^='vz:a:{game_id}:{token}:']),"
                    f" #messages .message:has([data-custom-id^='vz:s:{game_id}:{token}'])"
                ).last
                await decision.wait_for()
                buttons = decision.locator(f"button[data-custom-id^='vz:a:{game_id}:{token}:']")
                if await buttons.count():
                    ids = [str(await buttons.nth(i).get_attribute("data-custom-id"))
                           for i in range(await buttons.count())]  # fmt: skip
                    chosen = pick([i.split(":", 4)[4] for i in ids])
                    await page.click(f"vz:a:{game_id}:{token}:{chosen}")
                else:
                    select = decision.locator("select").first
                    values = await select.locator("option:not([disabled])").evaluate_all(
                        "os => os.map(o => o.value)"
                    )
                    await select.select_option(pick(values))
                by_buttons += 1
            move += 1

            async def played(version: int = version) -> bool:
                return await _version(play, game_id) > version

            await until(played)
            await play.bot.flows.idle()

            # The channel shows the newest board once the turn has passed.
            status = await play.bot.host.status(game_id)
            posted = [
                m for m in play.sandbox.fake.default_guild.channels[0].public_messages
                if "board.png" in m.filenames
            ]  # fmt: skip
            await page.channel("general")
            shown_boards = await page.wait_for_image(str(posted[-1].attachments[0].id))
        assert len(shown_boards) > len(boards)

        # /hand: Aurelia's hand appears in her view only, never in Brutus's.
        await page.as_user("Aurelia")
        await page.slash("hand")
        hand = tab.locator("#messages .message.ephemeral:has(img[alt='hand.png'])").last
        await hand.wait_for()
        hand_id = await hand.get_attribute("data-id")
        text = await hand.inner_text()
        assert "Only you can see this" in text
        aurelia_hand = re.search(r"Your hand: ([^\n]*)", text)
        assert aurelia_hand is not None
        await page.as_user("Brutus")
        assert hand_id not in await page.message_ids()
        await page.dms()
        brutus_dms = await tab.locator("#messages").inner_text()
        assert "Your hand" in brutus_dms  # his own
        assert await page.wait_for_images("hand.png", 1)
        ids_in_brutus_dms = await page.message_ids()
        aurelia_dms = {str(m.id) for m in play.sandbox.fake.users["Aurelia"].dms}
        assert aurelia_dms and not aurelia_dms & set(ids_in_brutus_dms)
        assert page.errors == []
