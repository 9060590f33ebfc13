"""A whole game played to its end on a phone (400 × 850, touch) through the page, in a real
headless Chromium: The Downfall of Pompeii, Aurelia against an easy AI seat, with forced moves
played by themselves. Every move is a tap: by turns with the buttons or menu of her decision
in her DMs, and by ``/move`` from the message box with the bot's autocomplete in #general; the
drawer takes her between the two. Her move is always the one that ends the game soonest
(:func:`tests.sandbox.moves.soonest`: lava where the most pieces stand, pieces out, no
relatives). With seed 8 that is about 40 moves of hers. The switcher marks her turn while her
decision waits in her DMs, never Brutus's (he does not play), and nobody's once it is over;
the final ranking and board end up on the screen."""

from __future__ import annotations

import pytest

from tests.sandbox.browser import SandboxPage, chromium, sandbox_tab, shown, sideways
from tests.sandbox.conftest import Playground
from tests.sandbox.moves import (
    moved,
    offer,
    pending_decisions,
    play_by_command,
    play_by_component,
    soonest,
    waits_on,
)
from tests.sandbox.test_page_phone import _open_table

MAX_MOVES = 80


@pytest.fixture
def seed() -> int:
    """A deal that ends after 40 of Aurelia's moves with :func:`soonest` (most take 55-75)."""
    return 8


async def _turn_marks(page: SandboxPage, name: str) -> int:
    """The number beside ``name`` in the switcher (0: no marker)."""
    return int(await page.page.get_attribute(f".who[data-user='{name}']", "data-pending") or 0)


async def test_a_whole_game_on_a_phone(playground: Playground) -> None:
    play = playground
    host = play.bot.host
    async with chromium() as browser, sandbox_tab(browser, play.url, "phone") as page:
        tab = page.page
        await _open_table(page)
        general = play.sandbox.fake.default_guild.channel("general")
        status = await host.views.game_in_channel(general.id)
        assert status is not None
        game_id = status.game_id

        moves = by_dm = by_command = marked = 0
        while (waited := await waits_on(play, game_id, "Aurelia", forced=True)) is not None:
            assert moves < MAX_MOVES, "the game does not end"
            version, token = waited
            legal = [
                c.notation
                for c in await host.decisions.legal_choices(game_id, play.user_id("Aurelia"))
            ]
            choice = soonest(legal, await host.views.public_view(game_id))

            # Her decision waiting (in her DMs or a private reply) shows beside her name; Brutus
            # has none.
            expected = pending_decisions(play, "Aurelia")
            await tab.wait_for_function(
                "n => document.querySelector(\".who[data-user='Aurelia']\").dataset.pending == n",
                arg=str(expected),
            )
            marked += expected > 0
            assert await _turn_marks(page, "Brutus") == 0

            msg = offer(play, "Aurelia", game_id, token)
            if moves % 2 == 0 and msg is not None and await play_by_component(page, msg, choice):
                by_dm += 1
            else:
                await page.channel("general")
                await play_by_command(page, choice)
                by_command += 1
            moves += 1
            await moved(play, game_id, version)

        # Over: the final ranking and board are the newest message in #general, on screen.
        status = await host.views.status(game_id)
        assert status.status == "finished"
        assert by_dm >= 5 and by_command >= 5 and marked >= 5, (by_dm, by_command, marked)
        await page.channel("general")
        final = [m for m in general.public_messages if m.author.bot][-1]
        assert "board.png" in final.filenames
        await page.wait_for_image(str(final.attachments[0].id))
        shown_final = tab.locator(f"#messages .message[data-id='{final.id}']")
        text = await shown_final.inner_text()
        for seat in status.seats:  # the players' names, in the ranking
            name = seat.ai or play.sandbox.fake.users_by_id[seat.user_id].name
            assert name.split(" (")[0] in text, (name, text)
        await shown(shown_final.locator("img[alt='board.png']"))
        assert await page.messages().last.get_attribute("data-id") == str(final.id)
        await tab.wait_for_function(
            "() => [...document.querySelectorAll('.who')].every(w => w.dataset.pending === '0')"
        )
        assert await sideways(tab) == []
        assert page.errors == []
