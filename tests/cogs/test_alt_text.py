"""Alt text end to end (issue 45, point 1): every picture the bot sends carries its
description (Discord's attachment ``description``), written by the game's presentation from the
same view as the picture, in the reader's language: the board in a Spanish server's channel in
Spanish, a player's picture in their DMs in their own language (alice's Dutch, bob's German)."""

from __future__ import annotations

from typing import Any

from cogs.history import chart_description
from render import i18n
from render.presentation import DESCRIPTION_LIMIT
from sandbox.fake import Message
from tests.cogs.helpers import WATCH, boards, spanish_table, start_lobby


def _described(msg: Message) -> list[str]:
    return [a.description or "" for a in msg.attachments]


async def test_the_board_and_a_dms_picture_are_described_in_the_readers_language(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, alice, bob = await spanish_table(fake_discord)
    lobby = await alice.slash("game new", channel=chan, game="downfall", players=2)
    status = await start_lobby(
        bot, chan, lobby.message, alice, [bob], join="Unirse", start="Empezar"
    )
    game_id = status.game_id
    now, view = await bot.host.views.snapshot(game_id)
    names = await bot.flows.private.seat_names(now)
    presentation = bot.plugin("downfall").presentation

    board = boards(chan)[-1]
    assert board.filenames == ["board.png"]
    spanish = i18n.call_in("es", presentation.describe_picture, view, names, "board")
    english = i18n.call_in("en", presentation.describe_picture, view, names, "board")
    assert _described(board) == [spanish] and spanish != english
    assert "alice" in spanish and len(spanish) <= DESCRIPTION_LIMIT

    # Each player's first message carries their hand, described in their own language.
    own = {"nl": "Je hand: ", "de": "Deine Hand: "}
    for user, lang in ((alice, "nl"), (bob, "de")):
        pictured = [m for m in user.dms if m.attachments]
        assert pictured, f"{user.name} got no picture"
        said = _described(pictured[-1])
        assert said and said[0].startswith(own[lang]), said
        mine = (await bot.host.views.private_view(game_id, user.id)).view
        key = "cards" if pictured[-1].filenames == ["hand.png"] else "board"
        expected = i18n.call_in(lang, presentation.describe_picture, mine, names, key)
        assert said == [expected]


def test_the_rating_charts_description_says_each_games_first_and_last_rating() -> None:
    with i18n.using("en"):
        said = chart_description("alice", [("Pompeji", [10.0, 12.25, 14.5]), ("Pompeii", [8.0])])
    assert said == (
        "Rating of alice after each game:\n"
        "Pompeji: from 10.0 to 14.5, 3 games.\n"
        "Pompeii: from 8.0 to 8.0, 1 game."
    )
