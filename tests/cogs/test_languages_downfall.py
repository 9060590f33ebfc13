"""The Downfall of Pompeii in three languages at once, end to end on the loopback Discord
(issue 28, phase 2): the server speaks Spanish (``guild.locale``), alice's Discord is Dutch and
bob's German. Every channel message (the boards' narration, the waiting lines, the final
ranking) is Spanish with the game's Spanish words (the Spanish rulebook's); each player's DMs
(their decision line, their hand, the labels on their buttons and menus) and their refusals
are in their own language."""

from __future__ import annotations

from typing import Any

from sandbox.fake import FakeUser, Message
from tests.cogs.helpers import (
    WATCH,
    act_by_component,
    boards,
    choices_of,
    latest_decision,
    pick,
    spanish_table,
    start_lobby,
)

ENGLISH = (" played ", " placed ", "relative", "lava tile", " moved ", "Your hand", "Omen:")
"""The game's English words: none may reach a Spanish, Dutch or German reader."""


def public(chan: Any) -> list[Message]:
    return [m for m in chan.messages if not m.ephemeral]


def labels(msg: Message) -> list[str]:
    """What a decision message's buttons and menus say."""
    out = list(msg.button_labels)
    for select in msg.selects:
        out += [str(o.get("label", "")) for o in select.get("options", [])]
        out.append(str(select.get("placeholder", "")))
    return [label for label in out if label]


async def test_a_downfall_game_in_a_spanish_server_with_a_dutch_and_a_german_player(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, alice, bob = await spanish_table(fake_discord)
    users: dict[int, FakeUser] = {alice.id: alice, bob.id: bob}

    lobby = await alice.slash("game new", channel=chan, game="downfall", players=2)
    assert "La caída de Pompeya" in lobby.content  # the game's title, in the server's language
    status = await start_lobby(
        bot, chan, lobby.message, alice, [bob], join="Unirse", start="Empezar"
    )
    game_id = status.game_id

    # The channel: the first board and its waiting line, with the game's Spanish words.
    first = public(chan)[-1]
    assert "board.png" in first.filenames and "La caída de Pompeya" in first.content
    assert "Esperando a" in first.content
    assert "juega una carta y coloca una pieza" in first.content  # the decision, Spanish
    assert "(roja)" in first.content and "(negra)" in first.content  # the seats' colours

    # Whoever waits has their decision by DM in their own language, on its buttons too.
    waiting = status.waiting_on[0].user_id
    mover, other = (alice, bob) if waiting == alice.id else (bob, alice)
    decision = {alice.id: "speel een kaart en plaats een pion", bob.id: "spiel eine Karte"}
    assert decision[mover.id] in mover.dms[-1].content
    hand = {alice.id: "Je hand: ", bob.id: "Deine Hand: "}
    assert hand[mover.id] in mover.dms[-1].content and hand[other.id] in other.dms[-1].content
    # A refusal of a move that is no move, in the reader's language, its notation as it is.
    r = await mover.slash("move", channel=chan, action="play 99")
    refused = {alice.id: "`99` is geen huisnummer", bob.id: "`99` ist keine Hausnummer"}
    assert r.ephemeral and refused[mover.id] in r.content, r.content

    said: dict[int, list[str]] = {alice.id: [], bob.id: []}
    moves = 0
    while moves < 400:
        status = await bot.host.views.status(game_id)
        if status.status != "active":
            break
        user = users[status.waiting_on[0].user_id]
        msg = latest_decision(user, game_id, status.version, chan)
        if msg is not None:
            said[user.id] += labels(msg)
            await act_by_component(user, msg, pick(choices_of(msg)))
        else:
            choices = await user.autocomplete("move", "action", "", channel=chan)
            said[user.id] += [c.name for c in choices]
            await user.slash("move", channel=chan, action=pick([c.value for c in choices]))
        await bot.flows.idle()
        moves += 1
    assert (await bot.host.views.status(game_id)).status != "active"

    # The labels each player chose from: in their language (the engine's Text, said).
    assert any(label.startswith("Speel ") for label in said[alice.id])
    assert any(" spielen → " in label for label in said[bob.id])
    for labels_read in said.values():
        assert not [label for label in labels_read if label.startswith(("Play ", "Move "))]

    # The channel: every board's narration and waiting line in Spanish, the final ranking too.
    told = "\n".join(m.content for m in public(chan))
    assert "jugó un" in told and "sacó una loseta de lava de" in told
    assert "la lava cubrió" in told and "La partida ha terminado:" in told
    final = boards(chan)[-1]
    assert "Clasificación final" in final.content and "salvadas" in final.content
    for m in public(chan):
        assert not any(w in m.content for w in ENGLISH), m.content
        assert not any(w in m.content for w in ("pion", "Figur", "rood", "schwarz")), m.content
    # Each player's DMs: their language only, never the game's English or Spanish words.
    mine = {alice.id: ("Je speelde:",), bob.id: ("Du hast gespielt:",)}
    for user in (alice, bob):
        text = "\n".join(m.content for m in user.dms)
        assert all(w in text for w in mine[user.id])
        assert not any(w in text for w in (*ENGLISH, "pieza", "jugó")), text
