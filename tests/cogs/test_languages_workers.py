"""Pompeii (the worker game) in the players' languages, end to end on the loopback Discord
(issue 28, phase 2): the server speaks Spanish, alice's Discord is Dutch and bob's German. A
whole game: every channel message (boards' narration, waiting lines, the final ranking) is in
Spanish with the game's Spanish words; each player's DMs (the decision line, the labels of the
menus and buttons) are in their own language; a refused move is refused in its reader's."""

from __future__ import annotations

from typing import Any

from sandbox.fake import FakeUser, Message
from tests.cogs.helpers import WATCH, spanish_table, start_lobby
from tests.cogs.workers_play import Table

ENGLISH = ("collected", "Offerings to Vesuvius", "Round ", "Vesuvius wakes", "yellow", "gelb")
DUTCH = ("arbeider", "Jouw", "offer")
GERMAN = ("Arbeiter", "Dein", "Opfergabe")


def public(chan: Any) -> list[Message]:
    return [m for m in chan.messages if not m.ephemeral]


def labels(msg: Message) -> list[str]:
    """Every label, placeholder and option of a message's controls."""
    out: list[str] = []
    for c in msg.walk_components():
        for key in ("label", "placeholder"):
            if c.get(key):
                out.append(str(c[key]))
        out += [str(o.get("label", "")) for o in c.get("options") or []]
    return out


async def test_a_worker_game_in_a_spanish_server_with_a_dutch_and_a_german_player(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, alice, bob = await spanish_table(fake_discord)

    # The table's options are described in the reader's language while they are typed.
    shown = await bob.autocomplete("game new", "variant", "secret", channel=chan, game="workers")
    assert any("geheim" in c.name for c in shown), [c.name for c in shown]

    lobby = await alice.slash(
        "game new",
        channel=chan,
        game="workers",
        players=2,
        variant="difficulty=A, apocalypse_bottom=true, first_seat=0",
    )
    assert "Pompeya — el juego de trabajadores" in lobby.content, lobby.content
    status = await start_lobby(
        bot, chan, lobby.message, alice, [bob], join="Unirse", start="Empezar"
    )
    users: dict[int, FakeUser] = {alice.id: alice, bob.id: bob}
    user_of = {s.seat: users[s.user_id] for s in status.seats}
    table = Table(bot, chan, int(status.game_id), user_of)

    # The first decision: a red building, by DM in the mover's language.
    mover = user_of[(await table.waited())[0]]
    decision = {alice.id: "neem gratis een rood gebouw", bob.id: "nimm kostenlos ein rotes"}
    assert any(decision[mover.id] in m.content for m in mover.dms), mover.dms[-1].content
    building = {alice.id: "Neem gratis rood gebouw", bob.id: "Nimm kostenlos das rote Gebäude"}
    offered = [label for m in mover.dms for label in labels(m)]
    assert any(building[mover.id] in label for label in offered), offered
    # A move that is not a move at all, refused in the reader's language.
    r = await mover.slash("move", channel=chan, action="collect gravel")
    refused = {alice.id: "is geen goed", bob.id: "ist keine Ware"}
    assert r.ephemeral and refused[mover.id] in r.content and "`gravel`" in r.content

    table.skilled = True
    seen_placement = False
    for _ in range(3000):
        if not await table.active():
            break
        seat = (await table.waited())[0]
        state = await table.state()
        if state.stage == "place" and not seen_placement and not state.prompts:
            # a placement decision: the DM names it in the player's language, and its menu
            # the spaces by their names in that language
            user = user_of[seat]
            line = {alice.id: "zet een arbeider in", bob.id: "setze einen Arbeiter ein"}
            if any(line[user.id] in m.content for m in user.dms[-3:]):
                space = {alice.id: "veld (verzamelen)", bob.id: "Feld für "}
                shown = [label for m in user.dms[-3:] for label in labels(m)]
                assert any(space[user.id] in label for label in shown), shown
                seen_placement = True
        await table.step(seat)
    assert not await table.active(), "the game did not end"
    assert seen_placement

    said = "\n".join(m.content for m in public(chan))
    for spanish in ("recolectó", "el Vesubio despierta", "Ofrendas al Vesubio", "(amarillo)"):
        assert spanish in said, spanish
    assert "Esperando a" in said
    for english in ENGLISH:
        assert english not in said, english
    final = public(chan)[-1].content
    assert "🏁" in final and ("Castrum" in final or "Apocalipsis" in final), final
    # Each player's DMs are in their own language, never in the other's or the server's.
    for user, mine, theirs in ((alice, DUTCH, GERMAN), (bob, GERMAN, DUTCH)):
        text = "\n".join(m.content for m in user.dms)
        assert any(w in text for w in mine)
        assert not any(w in text for w in theirs)
        assert "trabajador" not in text and "placed a worker" not in text


async def test_a_good_after_one_is_said_in_its_form_for_one(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """Issue 44, item 9 ("Trade 4 deer for 1 swords", "1 cartas"): a Spanish player's offer of
    one unit reads in the good's form for one ("Ofrece 1 ciervo"), of more in its plural,
    in the choices `/move` lists."""
    import re

    from engine.workers.catalog import CATALOG
    from engine.workers.describe import good_word
    from render import i18n
    from tests.cogs.workers_play import play_until, solo_table

    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    alice = await fake_discord.user("alice")
    alice.locale = "es-ES"
    chan = fake_discord.guild("Pompeii").channel("general")
    table = await solo_table(bot, chan, alice)
    await play_until(table, "offering")
    offers = [
        c.name
        for c in await alice.autocomplete("move", "action", "pledge", channel=chan)
        if c.name.startswith("Ofrece ")
    ]
    with i18n.using("es"):
        one = {i18n.say(i18n.One(good_word(g.name, 1)), "workers") for g in CATALOG.goods}
        many = {i18n.say(i18n.Term(good_word(g.name, 2)), "workers") for g in CATALOG.goods}
    said = [m.groups() for o in offers if (m := re.match(r"Ofrece (\d+) (.+?) \(valor", o))]
    assert any(n == "1" for n, _ in said), offers  # an offer of one is there to read
    for n, word in said:
        assert word in (one if n == "1" else many), (n, word)
    assert any(n == "1" and word not in many for n, word in said), (
        said
    )  # "1 ciervo", not "1 ciervos"
