"""``/game hint`` through the real bot on the loopback Discord (issue 47, item 3): refused in a
rated game, given in an unrated one and to a player who joined to learn (whose result then
does not count in the ratings), worded in the reader's language, counted once per decision
and shown on the final board."""

from __future__ import annotations

from typing import Any

from cogs import texts
from host.hints import HintGiven
from render import i18n
from tests.cogs.helpers import WAIT, WATCH, boards, start_lobby


async def said(result: Any) -> str:
    """The bot's private answer to a command (after its "thinking…")."""
    assert await result.wait_until_settled()
    reply = result.reply
    assert reply is not None and reply.ephemeral
    return str(reply.content)


async def test_a_hint_in_an_unrated_game_is_in_the_readers_language(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    alice.locale = bob.locale = "es-ES"
    lobby = await alice.slash("game new", channel=chan, game="downfall", players=2, rated=False)
    assert "not rated: hints for everyone" in (await lobby.wait_until_loaded(timeout=WAIT)).content
    status = await start_lobby(bot, chan, lobby.message, alice, [bob])
    mover = alice if status.waiting_on[0].user_id == alice.id else bob
    text = await said(await mover.slash("game hint", channel=chan))

    given: HintGiven = await bot.host.hints.hint(status.game_id, mover.id)  # the same decision
    assert given.used == 1  # asked twice for one decision: counted once
    with i18n.using("es"):
        words = bot.host.plugin("downfall").presentation.words
        why = words.reason(given.reason, given.view)
    with i18n.using("en"):
        english = words.reason(given.reason, given.view)
    assert why and why != english  # the game's own sentence, in Spanish
    label = texts.md(_spanish(given.label))
    assert text.splitlines() == [
        f"💡 **Pista**: la IA normal jugaría **{label}** (`{given.notation}`).",
        why,
        "-# Has usado 1 pista en esta partida; el tablero final lo muestra.",
    ]
    r = await mover.slash("move", channel=chan, action=given.notation)  # the hint is legal
    await r.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    assert (await bot.host.views.status(status.game_id)).version == 1


def _spanish(label: str) -> str:
    with i18n.using("es"):
        return i18n.say(label, "downfall")


async def test_hints_at_a_rated_table_only_for_the_learner_whose_game_is_not_rated(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    lobby = await alice.slash("game new", channel=chan, game="toy", players=2, variant="target=5")
    await lobby.wait_until_loaded(timeout=WAIT)
    joined = await bob.slash("game join", channel=chan, learning=True)
    assert "bob plays game #" in await said(joined)
    assert "bob 🎓" in lobby.message.content  # the lobby, edited in place
    status = await start_lobby(bot, chan, lobby.message, alice, [])
    game_id = status.game_id

    refused = await said(await alice.slash("game hint", channel=chan))
    assert refused.startswith("Hints are off in a rated game.")
    assert "`/game join learning:True`" in refused

    users = {alice.id: alice, bob.id: bob}
    hinted = 0
    for _ in range(80):
        now = await bot.host.views.status(game_id)
        if now.status != "active":
            break
        user = users[now.waiting_on[0].user_id]
        if user is bob:
            text = await said(await bob.slash("game hint", channel=chan))
            hinted += 1
            assert text.startswith("💡 **Hint**: the normal AI would play **")
            notation = text.split("(`", 1)[1].split("`)", 1)[0]
            count = "hint" if hinted == 1 else "hints"
            assert f"You have used {hinted} {count} in this game" in text
            if hinted == 1:  # kept in the database: a game read again still counts it
                bot.host.store.forget(game_id)
                seat = (await bot.host.views.status(game_id)).seat_of(bob.id)
                assert seat is not None and seat.learning and seat.hints == 1
        else:
            legal = [c.notation for c in await bot.host.decisions.legal_choices(game_id, alice.id)]
            notation = "pass" if "pass" in legal else legal[0]
        r = await user.slash("move", channel=chan, action=notation)
        await r.wait_until_loaded(timeout=WAIT)
        await bot.flows.idle()
    final = await bot.host.views.status(game_id)
    assert final.status == "finished" and hinted >= 2
    last = boards(chan)[-1].content
    assert f"💡 bob used {hinted} hints" in last
    assert "🎓 Not rated for: bob" in last

    rows = await bot.host.db.run(
        lambda c: c.execute(
            "SELECT seat, rated FROM results WHERE game_id = ?", (game_id,)
        ).fetchall()
    )
    assert len(rows) == 2 and all(not rated for _seat, rated in rows)  # one rated seat: none
    ratings = await bot.host.db.run(lambda c: c.execute("SELECT count(*) FROM ratings").fetchone())
    assert ratings[0] == 0
