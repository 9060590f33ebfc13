"""A whole 3-player game of The Downfall of Pompeii through Discord, from /game new to the final
ranking: slash commands, autocomplete, DM menus and buttons, with a spectator watching."""

from __future__ import annotations

import itertools
import re
from typing import Any

from tests.cogs.helpers import (
    WAIT,
    WATCH,
    act_by_component,
    choices_of,
    latest_decision,
    open_game,
    pick,
)


def _fmt(view: dict[str, Any]) -> str:
    pairs = zip(view["hand"], view["jokers"], strict=True)
    return ", ".join(f"{c} (joker)" if j else str(c) for c, j in pairs)


def _hand_line(text: str) -> str | None:
    m = re.search(r"Your hand: ([^\n]*)", text)
    return m.group(1) if m else None


async def test_three_players_play_a_whole_game(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    players = [await fake_discord.user(n) for n in ("alice", "bob", "cara")]
    spectator = await fake_discord.user("sam")
    by_id = {u.id: u for u in players}
    game_id = await open_game(fake_discord, bot, chan, players)

    # Each player got their own hand by DM, as an image and in words, and nobody else's.
    for u in players:
        view = (await bot.host.views.private_view(game_id, u.id)).view
        dm = next(m for m in u.dms if "hand.png" in m.filenames)
        assert _hand_line(dm.content) == _fmt(view)
    assert spectator.dms == []

    moves = via_component = via_slash = 0
    hand_checked = False
    while True:
        status = await bot.host.views.status(game_id)
        if status.status != "active":
            break
        user = by_id[status.waiting_on[0].user_id]
        msg = latest_decision(user, game_id, status.version, chan) if moves % 2 else None
        if msg is not None:
            await act_by_component(user, msg, pick(choices_of(msg)))
            via_component += 1
        else:
            choices = await user.autocomplete("move", "action", "", channel=chan)
            assert 0 < len(choices) <= 25
            await user.slash("move", channel=chan, action=pick([c.value for c in choices]))
            via_slash += 1
        await bot.flows.idle()
        moves += 1
        assert (await bot.host.views.status(game_id)).version == status.version + 1
        if not hand_checked and moves == 10:
            # /hand mid-game: the player's own hand, ephemeral; others cannot see it.
            r = await user.slash("hand", channel=chan)
            secret = await r.wait_until_loaded(timeout=WAIT)
            assert secret.ephemeral and "hand.png" in secret.filenames
            view = (await bot.host.views.private_view(game_id, user.id)).view
            assert _hand_line(secret.content) == _fmt(view)
            assert not any(o.can_see(secret) for o in [*players, spectator] if o is not user)
            hand_checked = True
            # A spectator has no hand and cannot move; the game is unchanged.
            r = await spectator.slash("hand", channel=chan)
            assert r.ephemeral and "not playing" in r.content
            r = await spectator.slash("move", channel=chan, action="pass")
            assert r.ephemeral and "not playing" in r.content
            assert (await bot.host.views.status(game_id)).version == moves

    assert via_component > 20 and via_slash > 20
    status = await bot.host.views.status(game_id)
    assert status.status == "finished" and status.outcome is not None

    # The channel got the opening board plus one board per turn (a run of decisions by one
    # player), each a public message that spectators see.
    entries = await bot.host.views.log(game_id, None, limit=10_000)
    assert len(entries) == moves
    turns = sum(1 for a, b in itertools.pairwise(entries) if a.seat != b.seat) + 1
    boards = [m for m in spectator.visible_messages(chan) if "board.png" in m.filenames]
    public_boards = [m for m in boards if not m.ephemeral]
    assert len(public_boards) == 1 + turns

    # What the channel read names only what the board shows (squares, house numbers), and
    # every Omen says who threw whose piece (it used to say neither).
    said = [line for m in public_boards for line in m.content.splitlines()]
    assert not [line for line in said if re.search(r"\b(?:N\d+|\d+[ab])\b", line)]
    omens = [line for line in said if "drew an Omen" in line or "Omen:" in line]
    assert omens and all(
        re.search(r"(\w+ drew an Omen and|Omen: \w+) threw \w+'s \w+ piece from [a-k][1-7]", line)
        for line in omens
    ), omens

    # Game over: the final board with the ranking, saved and volcano counts for everyone.
    final = public_boards[-1].content
    assert "Final ranking" in final
    for seat in status.seats:
        scores = status.outcome.scores[seat.seat]
        name = by_id[seat.user_id].name
        assert re.search(
            rf"{status.outcome.places[seat.seat]}\. {name} \({seat.colour}\) — "
            rf"{scores['saved']} saved, {scores['volcano']} in the volcano",
            final,
        ), final

    # Hands never reach the channel publicly; spectators see boards and logs only.
    for m in chan.messages:
        if "hand.png" in m.filenames or "Your hand" in m.content:
            assert m.ephemeral and not spectator.can_see(m)
    log = await spectator.slash("game log", channel=chan)
    assert log.ephemeral and "`" in log.content and "—" in log.content
    board = await spectator.slash("game board", channel=chan)
    assert "board.png" in (await board.wait_until_loaded(timeout=WAIT)).filenames
    assert spectator.dms == []
