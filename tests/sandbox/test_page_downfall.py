"""The Downfall of Pompeii played in the sandbox's page, in a real headless Chromium, by one
person acting as two local users with an AI in the third seat: /game new from the message box,
Join and Start buttons, moves by /move autocomplete and by the DM buttons and menus (each at
least once), the board image updating in #general, and each hand shown only in its owner's
view."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.cogs.helpers import pick, until
from tests.sandbox.browser import SandboxPage, chromium
from tests.sandbox.conftest import Playground

HUMANS = ("Aurelia", "Brutus")


@pytest.fixture
def seed() -> int:
    """A deal in which a decision with few enough options to be buttons (at most five) comes
    within the first moves; with most deals the first phase offers only menus."""
    return 3


async def _waiting_human(play: Playground, game_id: int) -> tuple[str, int, int]:
    """The local user the game waits on (after the AI seat has moved), the version, and that
    seat's decision token (what its buttons carry)."""
    host = play.bot.host
    names = {play.user_id(n): n for n in HUMANS}

    async def handed_back() -> bool:  # the AI seat thinks in a worker process meanwhile
        status = await host.views.status(game_id)
        return status.status != "active" or any(w.user_id in names for w in status.waiting_on)

    await until(handed_back)
    await play.bot.flows.idle()
    status = await host.views.status(game_id)
    assert status.status == "active"
    waiting = [w for w in status.waiting_on if w.user_id in names]
    return names[waiting[0].user_id], status.version, waiting[0].token


async def _decision_in_dms(play: Playground, name: str, game_id: int, token: int) -> bool:
    """Whether the newest buttons or menu drawn for ``name``'s decision ``token`` are in their
    DMs (else in an ephemeral reply in #general); waits until they are drawn somewhere."""
    fake = play.sandbox.fake
    user = fake.users[name]
    prefixes = (f"vz:a:{game_id}:{token}:", f"vz:s:{game_id}:{token}")

    async def drawn() -> bool:
        return _newest(user, prefixes) is not None

    await until(drawn)
    newest = _newest(user, prefixes)
    assert newest is not None
    return bool(newest.in_dm)


def _newest(user: Any, prefixes: tuple[str, ...]) -> Any:
    found = [
        m
        for chan in [user.dm, *user.fake.default_guild.channels]
        for m in user.visible_messages(chan)
        if any(str(c.get("custom_id", "")).startswith(prefixes) for c in m.walk_components())
    ]
    return max(found, key=lambda m: m.id) if found else None


async def _version(play: Playground, game_id: int) -> int:
    return (await play.bot.host.views.status(game_id)).version


async def test_downfall_in_the_page(playground: Playground) -> None:
    play = playground
    async with chromium() as browser:
        tab = await browser.new_page(viewport={"width": 1280, "height": 900})
        page = SandboxPage(tab, play.url)
        await page.open()

        # Aurelia opens a table for two people and an easy AI from the message box.
        await page.open_table("The Downfall of Pompeii", ai_seats=1)
        boards = await page.images("board.png")
        status = await play.bot.host.views.game_in_channel(
            play.sandbox.fake.default_guild.channels[0].id
        )
        assert status is not None
        game_id = status.game_id

        # Moves, alternating /move autocomplete in #general and the mover's DMs, where a
        # decision with few options is a row of buttons and one with many a menu: until at
        # least three moves were typed and at least one played by a button and one by a menu.
        by_autocomplete = by_buttons = by_menu = 0
        move = 0
        while by_autocomplete < 3 or by_buttons < 1 or by_menu < 1:
            assert move < 60, (by_autocomplete, by_buttons, by_menu)
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
                # In the mover's DMs, or (after their own /move) in their private reply.
                if await _decision_in_dms(play, name, game_id, token):
                    await page.dms()
                else:
                    await page.channel("general")
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
                    by_buttons += 1
                else:
                    select = decision.locator("select").first
                    values = await select.locator("option:not([disabled])").evaluate_all(
                        "os => os.map(o => o.value)"
                    )
                    await select.select_option(pick(values))
                    by_menu += 1
            move += 1

            async def played(version: int = version) -> bool:
                return await _version(play, game_id) > version

            await until(played)
            await play.bot.flows.idle()

            # The channel shows the newest board once the turn has passed.
            status = await play.bot.host.views.status(game_id)
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
