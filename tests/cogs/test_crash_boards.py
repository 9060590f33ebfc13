"""A board posted just before the bot died, not yet recorded as sent (issue 44, item 23): after
the restart the next board tells only the moves since the board the channel shows, whether a
move came in before the board was sent again (a new nonce) or Discord had forgotten the nonce
(its window is a few minutes)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from cogs.components import board_version
from host import FakeClock
from sandbox.fake import FakeClock as InteractionClock
from sandbox.fake.state import NONCE_WINDOW
from tests.cogs.helpers import WATCH, boards, pick, two_player_game, until
from tests.cogs.narration import retold, told


@pytest.fixture
def interaction_clock() -> InteractionClock:
    return InteractionClock()


@pytest.fixture
def fake_discord_options(interaction_clock: InteractionClock) -> dict[str, Any]:
    """Discord's 3-second deadline on a clock the tests advance (a dying bot never answers)."""
    return {"clock": interaction_clock, "response_timeout": 60.0}


async def _move(user: Any, chan: Any, bot: Any) -> None:
    legal = [c.value for c in await user.autocomplete("move", "action", "", channel=chan)]
    await user.slash("move", channel=chan, action=pick(legal), check=False)
    await bot.flows.idle()


@pytest.mark.parametrize("then", ["a move before it is sent again", "Discord forgot the nonce"])
async def test_the_board_after_a_crash_tells_only_what_the_channel_does_not_show(
    fake_discord: Any,
    start_bot: Any,
    make_bot: Any,
    interaction_clock: InteractionClock,
    clock: FakeClock,
    then: str,
) -> None:
    first = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, game_id, mover = await two_player_game(fake_discord, first)
    other = await fake_discord.user("bob" if mover.name == "alice" else "alice")
    mark_sent = first.host.outbox.mark_sent

    async def die(game: int, through: int, board_message: int | None = None) -> None:
        if board_message is not None and through > 0:
            interaction_clock.advance(3.5)
            raise asyncio.CancelledError  # the board is out; the process stops before marking
        await mark_sent(game, through, board_message)

    first.host.outbox.mark_sent = die
    before = len(boards(chan))
    while (await first.host.views.status(game_id)).waiting_on[0].user_id == mover.id:
        await _move(mover, chan, first)
    assert len(boards(chan)) == before + 1 and await first.host.outbox.unsent(game_id)
    shown = boards(chan)[-1]
    fake_discord.bot_errors.clear()  # the dying bot's unfinished command: expected
    await start_bot.stop(first)
    clock.advance(5)  # the restart takes a few seconds

    second = make_bot()
    if then == "a move before it is sent again":
        # The next player moves before the restarted bot's scheduler sends the board again.
        async def later() -> int:
            return 0

        second.run_due_once = later
        second = await start_bot(second, watch_loggers=WATCH)
        await _move(other, chan, second)
        assert len(boards(chan)) == before + 2
    else:
        interaction_clock.advance(NONCE_WINDOW + 1)  # the same nonce no longer dedupes
        second = await start_bot(second, watch_loggers=WATCH)

        async def sent() -> bool:
            return not await second.host.outbox.unsent(game_id)

        await until(sent)
        await second.flows.idle()
        assert len(boards(chan)) == before + 1, [told(b) for b in boards(chan)[-2:]]
    assert boards(chan)[before] is shown
    assert await retold(second, chan, game_id) == []
    assert not await second.host.outbox.unsent(game_id)


def test_a_board_says_the_version_it_tells_in_its_buttons_ids() -> None:
    """The **Text board** button's id names the version; a final board's **Replay** stands for
    the game's last one; another game's board, or one posted before the ids said it, names
    none."""
    assert board_version(["vz:h:3", "vz:t:3:17"], 3, None) == 17
    assert board_version(["vz:h:3", "vz:t:3:17"], 4, None) is None
    assert board_version(["vz:h:3", "vz:t:3"], 3, None) is None
    assert board_version(["vz:r:3:0:v"], 3, 40) == 40
    assert board_version(["vz:r:3:0:v"], 3, None) is None
