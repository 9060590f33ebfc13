"""The text board end to end (issue 45, point 3): ``/game board text:True`` gives a player the
position as text, and **Text board** under a board gives it to a spectator, each only to whoever
asked, as the game's ``text_board`` words it from the public view now."""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import WAIT, WATCH, two_player_game


async def _expected(bot: Any, game_id: int) -> list[str]:
    status, view = await bot.host.views.snapshot(game_id)
    names = await bot.flows.private.seat_names(status)
    return list(bot.flows.private.presentation(status).text_board(view, names))


async def test_the_text_board_by_command_and_by_button(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, game_id, _mover = await two_player_game(fake_discord, bot)
    alice, bob, sam = [await fake_discord.user(name) for name in ("alice", "bob", "sam")]
    expected = await _expected(bot, game_id)
    assert any(line.startswith("Row 1:") for line in expected)
    assert any(line.startswith("alice (") for line in expected)

    # A player asks with the command: the text, only for them, without a picture.
    r = await alice.slash("game board", channel=chan, text=True)
    answer = await r.wait_until_loaded(timeout=WAIT)
    assert answer.ephemeral and not answer.filenames
    assert f"📝 **Text board** · game #{game_id} (The Downfall of Pompeii)" in answer.content
    for line in expected:
        assert line in answer.content
    assert not any(o.can_see(answer) for o in (bob, sam))

    # Without the option, the command still answers with the picture.
    r = await alice.slash("game board", channel=chan)
    assert "board.png" in (await r.wait_until_loaded(timeout=WAIT)).filenames

    # A spectator presses "Text board" under the board in the channel.
    board = next(m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral)
    assert "Text board" in board.button_labels
    r = await sam.click("Text board", message=board)
    seen = await r.wait_until_loaded(timeout=WAIT)
    assert seen.ephemeral and not seen.filenames
    assert all(line in seen.content for line in expected)
    assert not any(o.can_see(seen) for o in (alice, bob))
