"""The players' languages (issue 28), end to end on the loopback Discord: the server speaks
Spanish (its Discord locale, ``interaction.guild_locale``), alice's Discord is Dutch and bob's
German. Channel messages (lobby, boards, waiting lines) are Spanish; each player's DMs,
ephemeral answers and refusals are in their own language; ``/game settings`` shows and
changes the server's language; the commands carry localised descriptions.

The games' own words (narration, decision lines, rules) are each game's catalog (phase 2 of
the issue): the toy has none, so the checks here look at the bot's words and at an engine's
refusal (the engine contract's words, in the bot's catalog); each game's own end-to-end test in
its languages is ``test_languages_<game>.py``."""

from __future__ import annotations

from typing import Any

import discord

from sandbox.fake import FakeUser, Message
from tests.cogs.helpers import WAIT, WATCH


def public(chan: Any) -> list[Message]:
    return [m for m in chan.messages if not m.ephemeral]


def boards(chan: Any) -> list[Message]:
    return [m for m in public(chan) if "board.png" in m.filenames]


async def test_the_commands_carry_descriptions_in_spanish_dutch_and_german(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    await start_bot(make_bot(), watch_loggers=WATCH)
    commands = {c["name"]: c for c in fake_discord.commands.values()}
    game = commands["game"]
    for locale, word in (
        ("es-ES", "juego"),
        ("es-419", "juego"),
        ("nl", "bordspel"),
        ("de", "Brettspiel"),
    ):
        assert word in game["description_localizations"][locale]
    # Names stay as every message writes them (/game, /move, /hand): no name localisations.
    assert not game.get("name_localizations")
    sub = {o["name"]: o for o in game["options"]}
    assert sub["settings"]["description_localizations"]["de"].startswith("Zeit pro Zug")
    new = {o["name"]: o for o in sub["new"]["options"]}
    assert new["turn_time"]["description_localizations"]["nl"].startswith("Tijd die")
    choices = {c["value"]: c for c in new["where"]["choices"]}
    assert choices["thread"]["name_localizations"]["es-ES"] == "En un hilo nuevo"
    move = commands["move"]
    assert move["description_localizations"]["de"] == "Mach deinen Zug im Spiel dieses Kanals"

    # Discord refuses a description or a choice name over 100 characters, in any language.
    def too_long(node: Any) -> list[str]:
        out: list[str] = []
        if isinstance(node, dict):
            for key, value in node.items():
                if key.endswith("_localizations") and isinstance(value, dict):
                    out += [v for v in value.values() if len(v) > 100]
                else:
                    out += too_long(value)
        elif isinstance(node, list):
            for item in node:
                out += too_long(item)
        return out

    assert too_long(list(commands.values())) == []
    languages = {c["value"]: c["name"] for c in sub["settings"]["options"][2]["choices"]}
    assert languages == {"en": "English", "es": "Español", "nl": "Nederlands", "de": "Deutsch"}


async def test_settings_show_and_change_the_servers_language_for_managers_only(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    guild.locale = "de"
    chan = guild.channel("general")
    mod, alice = await fake_discord.user("mod"), await fake_discord.user("alice")
    mod.locale, alice.locale = "es-ES", "nl"
    guild.give_role(mod, guild.add_role("mods", discord.Permissions(manage_guild=True).value))

    r = await alice.slash("game settings", channel=chan, language="en")
    assert r.ephemeral and "Server beheren" in r.content  # refused, in her own language
    assert (await bot.host.servers.guild_settings(guild.id)).language == "en"  # nothing stored

    r = await mod.slash("game settings", channel=chan)  # shown, in the manager's language
    assert r.ephemeral and "Ajustes de este servidor" in r.content
    assert "24 horas" in r.content and "Deutsch (`de`)" in r.content  # the server's own
    r = await mod.slash(
        "game settings", channel=chan, language="es", turn_time=3600, timeout_policy="skip"
    )
    assert "Español (`es`)" in r.content and "1 hora" in r.content and "se salta" in r.content
    now = await bot.host.servers.guild_settings(guild.id)
    assert (now.language, now.turn_time, now.timeout_policy) == ("es", 3600, "skip")
    # A new table follows the server's settings; its lobby is in the server's language.
    lobby = await alice.slash("game new", channel=chan, game="toy", players=2)
    assert not lobby.ephemeral and "esperando jugadores" in lobby.content
    assert "1 hora por jugada" in lobby.content and lobby.message.button_labels[:1] == ["Unirse"]


async def _play_out(bot: Any, chan: Any, users: dict[int, FakeUser], game_id: int) -> None:
    """Every waiting player takes the first legal move /move offers until the game ends."""
    for _ in range(200):
        status = await bot.host.views.status(game_id)
        if status.status != "active":
            return
        user = users[status.waiting_on[0].user_id]
        legal = await user.autocomplete("move", "action", "", channel=chan)
        action = next((c.value for c in legal if c.value != "?"), "pass")
        r = await user.slash("move", channel=chan, action=action)
        await r.wait_until_loaded(timeout=WAIT)
        await bot.flows.idle()
    raise AssertionError("the game did not end")


async def test_a_game_in_a_spanish_server_with_a_dutch_and_a_german_player(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    guild.locale = "es-ES"
    chan = guild.channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    alice.locale, bob.locale = "nl", "de"

    # The variant autocomplete marks a default in the reader's words (issue 44, item 12).
    for user, default in ((alice, "(standaard)"), (bob, "(Standard)")):
        shown = await user.autocomplete(
            "game new", "variant", "difficulty", channel=chan, game="workers"
        )
        names = [c.name for c in shown]
        assert any(n.startswith(f"difficulty=B {default} — ") for n in names), names
        assert not any("(default)" in n for n in names), names
        # A description too long for Discord's 100 characters says it is cut.
        assert all(len(n) <= 100 and (len(n) < 100 or n.endswith("…")) for n in names), names
    lobby = await alice.slash("game new", channel=chan, game="toy", players=2, variant="target=8")
    assert "esperando jugadores" in lobby.content and "Únete con **Unirse**" in lobby.content
    assert lobby.message.button_labels == ["Unirse", "Salir", "Empezar"]
    assert (await bot.host.servers.guild_settings(guild.id)).language == "es"  # from guild_locale
    await bob.click("Unirse", message=lobby.message)
    assert "bob" in lobby.message.content  # the lobby, edited, still Spanish
    assert "esperando jugadores" in lobby.message.content
    started = await alice.click("Empezar", message=lobby.message)
    await started.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None
    game_id = status.game_id
    assert await bot.host.people.user_locale(alice.id) == "nl"
    assert await bot.host.people.user_locale(bob.id) == "de"

    first = boards(chan)[0]
    assert first.content.startswith(f"**Partida #{game_id}**")
    assert "¡La partida ha empezado! Orden de juego:" in first.content
    assert "➡️ Esperando a" in first.content
    assert first.button_labels[0] == "Mi mano"  # the board's buttons: the server's language

    # Whoever waits gets their decision by DM in their own language.
    waiting = status.waiting_on[0].user_id
    mover, other = (alice, bob) if waiting == alice.id else (bob, alice)
    own_word = {alice.id: "Jouw zet", bob.id: "Dein Zug"}
    assert own_word[mover.id] in mover.dms[-1].content
    # Its header says where in the reader's words too (issue 44, item 12).
    where = {alice.id: "#general op **Pompeii**", bob.id: "#general auf **Pompeii**"}
    assert where[mover.id] in mover.dms[-1].content, mover.dms[-1].content
    # A refusal, privately, in the reader's language.
    r = await other.slash("move", channel=chan, action="pass")
    refusal = {alice.id: "Je bent niet aan de beurt", bob.id: "Du bist nicht am Zug"}
    assert r.ephemeral and refusal[other.id] in r.content
    # The engine's own refusal (a move it does not allow now), in the mover's language.
    r = await mover.slash("move", channel=chan, action="play 99")
    illegal = {alice.id: "is nu geen geldige zet", bob.id: "ist gerade kein erlaubter Zug"}
    assert r.ephemeral and illegal[mover.id] in r.content and "`play 99`" in r.content
    # /game status, privately, in the reader's language; /hand too.
    r = await other.slash("game status", channel=chan)
    heading = {alice.id: f"**Spel #{game_id}** · ", bob.id: f"**Spiel #{game_id}** · "}
    assert r.content.startswith(heading[other.id]), r.content
    assert (
        r.ephemeral
        and {alice.id: "Tijd per beslissing", bob.id: "Zeit pro Entscheidung"}[other.id]
        in r.content
    )
    r = await other.slash("hand", channel=chan)
    await r.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    hand = {alice.id: "**Jouw hand** in spel", bob.id: "**Deine Hand** in Spiel"}
    assert any(hand[other.id] in m.content for m in other.visible_messages(chan) if m.ephemeral)

    await _play_out(bot, chan, {alice.id: alice, bob.id: bob}, game_id)
    final = boards(chan)[-1]
    assert "🏁 **Clasificación final**" in final.content and final.button_labels == ["Repetición"]
    # Nothing public is Dutch or German; no private message is Spanish.
    dutch = ("Jouw", "Je speelde", "spel #")
    german = ("Dein", "Du hast", "Spiel #")
    for m in public(chan):
        assert not any(w in m.content for w in (*dutch, *german)), m.content
    for user, mine, theirs in ((alice, dutch, german), (bob, german, dutch)):
        assert user.dms and all(not any(w in m.content for w in theirs) for m in user.dms)
        assert any(any(w in m.content for w in mine) for m in user.dms)
        assert not any("partida #" in m.content.lower() for m in user.dms)


async def test_an_ai_seat_is_named_in_the_servers_language(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """A Spanish table reads "IA 1" for the AI seat ("AI 1" is its stored name)."""
    bot = await start_bot(make_bot(ai_pace=0.0), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    guild.locale = "es-ES"
    chan = guild.channel("general")
    alice = await fake_discord.user("alice")
    lobby = await alice.slash(
        "game new", channel=chan, game="toy", players=2, ai_seats=1, variant="target=8"
    )
    await lobby.wait_until_loaded(timeout=WAIT)
    if lobby.message is not None and lobby.message.button_labels:
        started = await alice.click("Empezar", message=lobby.message)
        await started.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    said = "\n".join(m.content for m in public(chan))
    assert "IA 1" in said and "AI 1" not in said
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None and any(s.ai == "AI 1 (normal)" for s in status.seats)


async def test_a_thread_opened_by_a_dutch_player_speaks_the_spanish_servers_language(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """Issue 44, item 11: the thread's name, the public "opened game … in <thread>" and the
    lobby in the thread follow the server (Spanish), not the creator (Dutch), whose private
    answers stay Dutch."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    guild.locale = "es-ES"
    chan = guild.channel("general")
    alice = await fake_discord.user("alice")
    alice.locale = "nl"

    r = await alice.slash("game new", channel=chan, game="workers", players=2, where="thread")
    await r.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    assert not r.ephemeral
    assert "ha abierto la partida #1 (Pompeya — el juego de trabajadores)" in r.content, r.content
    assert "het arbeidersspel" not in r.content and "spel #" not in r.content
    thread = chan.threads[0]
    assert thread.name == "Pompeya — el juego de trabajadores — alice", thread.name
    lobby = public(thread)[0]
    assert "esperando jugadores" in lobby.content and "Pompeya" in lobby.content, lobby.content
    assert lobby.button_labels == ["Unirse", "Salir", "Empezar"]
    # The creator's private answers: hers, in Dutch.
    r = await alice.slash("game join", channel=thread)
    assert r.ephemeral and "Je doet al mee aan dit spel" in r.content, r.content
