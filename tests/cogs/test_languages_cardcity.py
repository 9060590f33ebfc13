"""Pompeji (the card game) in the players' languages (issue 28, phase 2), end to end on the
loopback Discord: the server speaks Spanish, alice's Discord is Dutch and bob's German. The
channel's messages (boards' narration, waiting lines, the final score sheet) are Spanish with
the game's Spanish words; each player's DMs (hand, decision, the buttons' labels) and a refusal
of an illegal move are in the reader's language."""

from __future__ import annotations

from typing import Any

from sandbox.fake import FakeUser, Message
from tests.cogs.helpers import WAIT, WATCH, spanish_table, start_lobby


def public(chan: Any) -> list[Message]:
    return [m for m in chan.messages if not m.ephemeral]


def boards(chan: Any) -> list[Message]:
    return [m for m in public(chan) if "board.png" in m.filenames]


def _choose(values: list[str]) -> str:
    """A fast policy: the first card play, else the first discard, else the first choice."""
    for prefix in ("play ", "discard ", "draw", "decline"):
        found = next((v for v in values if v.startswith(prefix)), None)
        if found:
            return found
    return values[0]


async def _play_out(bot: Any, chan: Any, users: dict[int, FakeUser], game_id: int) -> None:
    for _ in range(400):
        status = await bot.host.views.status(game_id)
        if status.status != "active":
            return
        user = users[status.waiting_on[0].user_id]
        legal = await user.autocomplete("move", "action", "", channel=chan)
        action = _choose([str(c.value) for c in legal if c.value != "?"])
        r = await user.slash("move", channel=chan, action=action)
        await r.wait_until_loaded(timeout=WAIT)
        await bot.flows.idle()
    raise AssertionError("the game did not end")


def labels_of(msg: Message) -> list[str]:
    """The labels a decision message offers (its buttons, its menus' options)."""
    out = []
    for comp in msg.walk_components():
        if comp.get("type") == 2 and str(comp.get("custom_id", "")).startswith("vz:a:"):
            out.append(str(comp.get("label", "")))
        if comp.get("type") == 3:
            out.extend(str(o["label"]) for o in comp.get("options", []))
    return out


DUTCH = {
    "decision": "speel een kaart of je standbeeld in de stad",
    "hand": "Je hand: ",
    "label": " spelen (+",
    "refusal": "er is geen gebouw `Q`. T Tempel, F Forum, A Amfitheater, B Badhuis",
    "game": "(Pompeji — het kaartspel)",
}
GERMAN = {
    "decision": "spiel eine Karte oder deine Statue in die Stadt",
    "hand": "Deine Hand: ",
    "label": " spielen (+",
    "refusal": "Es gibt kein Gebäude `Q`. T Tempel, F Forum, A Amphitheater, B Thermen",
    "game": "(Pompeji — das Kartenspiel)",
}
ENGLISH = ("Your hand", " built ", "drew a card", "Temple", "Granary", "play a card", "in hand")
"""The game's own English words that no player of this table should read."""


async def test_a_game_of_pompeji_in_a_spanish_server_with_a_dutch_and_a_german_player(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, alice, bob = await spanish_table(fake_discord)
    users = {alice.id: alice, bob.id: bob}
    words = {alice.id: DUTCH, bob.id: GERMAN}

    lobby = await alice.slash(
        "game new", channel=chan, game="cardcity", players=2, variant="permit_window=0"
    )
    assert "**Pompeji — el juego de cartas**" in lobby.content  # the game's title, Spanish
    status = await start_lobby(
        bot, chan, lobby.message, alice, [bob], join="Unirse", start="Empezar"
    )
    game_id = status.game_id

    # The channel waits in Spanish, with the game's Spanish decision.
    first = boards(chan)[0]
    assert "➡️ Esperando a" in first.content
    assert "jugar una carta o una estatua en la ciudad" in first.content  # neutral words
    # The mover's DM: their hand, their decision and the labels of their choices, in their
    # language; the other's starting hand in theirs.
    mover = users[status.waiting_on[0].user_id]
    other = alice if mover is bob else bob
    decision = max(mover.dms, key=lambda m: m.id)
    assert words[mover.id]["decision"] in decision.content
    assert words[mover.id]["hand"] in decision.content
    labels = labels_of(decision)
    assert labels and all(words[mover.id]["label"] in label for label in labels), labels
    assert any(words[other.id]["hand"] in m.content for m in other.dms)
    # A move the game cannot read is refused in the mover's language, with its words.
    r = await mover.slash("move", channel=chan, action="play Qr g8")
    assert r.ephemeral and words[mover.id]["refusal"] in r.content, r.content
    r = await other.slash("move", channel=chan, action="play Tr g8")
    assert (
        r.ephemeral
        and {alice.id: "niet aan de beurt", bob.id: "nicht am Zug"}[other.id] in r.content
    )

    await _play_out(bot, chan, users, game_id)
    shown = [m.content for m in public(chan)]
    said = "\n".join(shown)
    assert " construyó " in said and "robó una carta" in said
    assert "La partida ha terminado: el segundo volcán entró en erupción" in said
    final = boards(chan)[-1]
    assert "🏁 **Clasificación final**" in final.content and " por jugadas − " in final.content
    # Nothing public is English, Dutch or German; each player's DMs are in their language.
    for text in shown:
        assert not any(w in text for w in (*ENGLISH, "Je hand", "Deine Hand")), text
    for user, mine, theirs in ((alice, DUTCH, GERMAN), (bob, GERMAN, DUTCH)):
        dms = [m.content for m in user.dms]
        assert dms and all(mine["game"] in text for text in dms)
        for text in dms:
            assert not any(w in text for w in (*ENGLISH, theirs["hand"], "Tu mano")), text
