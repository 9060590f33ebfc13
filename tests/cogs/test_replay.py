"""``/game replay`` end to end: finished games of each kind watched again step by step (the
picture and the words change as a player steps through, and they are the public ones), a
running game only up to its move, the animated image posted in the channel, and the Replay
button on the final board."""

from __future__ import annotations

import asyncio
import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from cogs import texts
from engine.ai import choose_normal
from engine.core import Record, replay
from host import FakeClock, Host, TableOptions
from render.animation import LIMIT
from storage import codec
from tests.cogs.helpers import WAIT, WATCH, solo_toy, until
from tests.host.helpers import open_host

BUTTONS = ("⏮", "◀", "▶", "⏭")


async def _played(
    path: Path, clock: FakeClock, chan: Any, users: list[Any], kind: str, *, moves: int = 5000
) -> int:
    """A game of ``kind`` between ``users`` in ``chan``, played with random moves (to the end,
    or ``moves`` moves) by a host on the bot's database before the bot starts; its
    announcements count as sent (the bot does not post hundreds of boards first)."""
    host = await open_host(path, clock)
    try:
        status = await host.tables.create_game(
            chan.guild.id,
            chan.id,
            users[0].id,
            TableOptions(kind=kind, players=len(users), seat_order="joined"),
        )
        for u in users[1:]:
            await host.tables.join(status.game_id, u.id)
        await host.tables.start(status.game_id, users[0].id)
        rng = random.Random(4)
        for _ in range(moves):
            if await _normal_move(host, status.game_id, rng) is None:
                break
        now = await host.views.status(status.game_id)
        await host.outbox.mark_sent(status.game_id, now.version)
        return status.game_id
    finally:
        await host.close()


async def _normal_move(host: Host, game_id: int, rng: random.Random) -> int | None:
    """One move of the seat the game waits on, chosen by the normal AI (games end soon)."""
    status = await host.views.status(game_id)
    if status.status != "active":
        return None
    seat = status.waiting_on[0]
    assert seat.user_id is not None
    lg = await host.store.get(game_id)
    plugin = lg.plugin
    action = choose_normal(
        plugin.engine, lg.state, seat.seat, rng.randrange(1 << 30), plugin.heuristics()
    )
    notation = plugin.engine.format_action(action)
    return (await host.moves.act(game_id, seat.user_id, notation, seat.token)).version


def _button(msg: Any, emoji: str) -> dict[str, Any]:
    return next(b for b in msg.buttons if (b.get("emoji") or {}).get("name") == emoji)


async def _public_picture(bot: Any, game_id: int, version: int) -> bytes:
    """The board a spectator saw at ``version``: the public view of the state replayed there."""
    status = await bot.host.views.status(game_id)
    row = (await bot.host.db.games.load_game(game_id)).game
    rows = await bot.host.db.events.events(game_id)
    records = [Record(r.seat, r.action, tuple(codec.loads(r.events))) for r in rows[:version]]
    plugin = bot.plugin(status.kind)
    variants = dict(status.options.variants)
    state = replay(plugin.engine, row.seed, row.players, variants, records)
    names = await bot.flows.private.seat_names(status)
    return bytes(plugin.presentation.board.public(plugin.engine.view(state, None), names).png)


async def _public_words(bot: Any, game_id: int, after: int, through: int) -> list[str]:
    status = await bot.host.views.status(game_id)
    entries = await bot.host.views.log(game_id, None, limit=10_000, after=after)
    entries = [e for e in entries if e.version <= through]
    names = await bot.flows.private.seat_names(status)
    return texts.narration(bot.plugin(status.kind).presentation, entries, names)


@pytest.mark.parametrize(("kind", "players"), [("downfall", 3), ("cardcity", 2), ("workers", 3)])
async def test_a_finished_game_is_replayed_step_by_step_as_the_spectators_saw_it(
    fake_discord: Any,
    start_bot: Any,
    make_bot: Any,
    tmp_path: Path,
    clock: FakeClock,
    kind: str,
    players: int,
) -> None:
    chan = fake_discord.guild("Pompeii").channel("general")
    names = ["alice", "bob", "carol", "dave"][:players]
    users = [await fake_discord.user(n) for n in names]
    sam = await fake_discord.user("sam")  # a spectator
    game_id = await _played(tmp_path / "vesuvius.sqlite3", clock, chan, users, kind)
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    assert (await bot.host.views.status(game_id)).status == "finished"

    r = await sam.slash("game replay", channel=chan)
    first = await r.wait_until_loaded(timeout=WAIT)
    assert first.ephemeral and first.filenames == ["board.png"]
    count = int(re.search(r"step 1 of (\d+)", first.content)[1])  # type: ignore[index]
    assert count > 5 and "step 1 of" in first.content and "begins" in first.content
    assert _button(first, "⏮")["disabled"] and not _button(first, "▶").get("disabled")
    assert first.files[0] == await _public_picture(bot, game_id, 0)
    dealt = first.files[0]  # the viewer is one message, edited as it steps

    nxt = await sam.click(custom_id=_button(first, "▶")["custom_id"], message=first)
    await until(lambda: _loaded(nxt, "step 2 of"))
    second = nxt.message
    assert second.id == first.id  # the viewer's own message steps on
    version = int(second.content.split("· move ", 1)[1].split()[0])
    assert second.filenames == ["board.png"] and second.files[0] != dealt
    stepped = second.files[0]
    assert second.files[0] == await _public_picture(bot, game_id, version)
    for line in await _public_words(bot, game_id, 0, version):
        assert line in second.content  # the moves that led there, as the channel told them

    menu = second.selects[0]
    middle = menu["options"][len(menu["options"]) // 2]
    jumped = await sam.select(second, values=[middle["value"]], custom_id=menu["custom_id"])
    step = int(middle["value"]) + 1
    await until(lambda: _loaded(jumped, f"step {step} of"))
    assert jumped.message.files[0] not in (dealt, stepped)

    end = await sam.click(custom_id=_button(jumped.message, "⏭")["custom_id"], message=second)
    await until(lambda: _loaded(end, f"step {count} of {count}"))
    last = end.message
    assert _button(last, "▶")["disabled"] and not _button(last, "◀").get("disabled")
    assert "🏁" in last.content or "🌋" in last.content  # the result, as the final board
    status = await bot.host.views.status(game_id)
    assert last.files[0] == await _public_picture(bot, game_id, status.version)


async def _loaded(result: Any, text: str) -> bool:
    return result.message is not None and text in result.message.content


async def test_a_running_game_is_replayed_only_up_to_its_move_and_shows_no_hand(
    fake_discord: Any, start_bot: Any, make_bot: Any, tmp_path: Path, clock: FakeClock
) -> None:
    chan = fake_discord.guild("Pompeii").channel("general")
    users = [await fake_discord.user(n) for n in ("alice", "bob", "carol")]
    game_id = await _played(tmp_path / "vesuvius.sqlite3", clock, chan, users, "downfall", moves=30)
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    status = await bot.host.views.status(game_id)
    assert status.status == "active"
    alice = users[0]
    r = await alice.slash("game replay", channel=chan)  # a player: still the public replay
    first = await r.wait_until_loaded(timeout=WAIT)
    assert f"(in play, up to move {status.version})" in first.content
    end = await alice.click(custom_id=_button(first, "⏭")["custom_id"], message=first)
    await until(lambda: _loaded(end, f"move {status.version}"))
    last = end.message
    assert last.files[0] == await _public_picture(bot, game_id, status.version)
    hand = (await bot.host.views.private_view(game_id, alice.id)).view["hand"]
    mine = bot.plugin("downfall").presentation.pictures[1].private
    own = mine((await bot.host.views.private_view(game_id, alice.id)).view, "alice", ()).png
    assert hand and last.files[0] != own
    said = last.attachments[0].description or ""  # the frame's alt text: the public board's
    assert said.startswith(f"Replay of game #{game_id} (The Downfall of Pompeii), step ")
    board = bot.plugin("downfall").presentation.describe_picture
    _now, view = await bot.host.views.snapshot(game_id)
    assert board(view, ["alice", "bob", "carol"], "board").splitlines()[0] in said
    assert "Your hand" not in said and len(said) <= 1024
    choices = [o["label"] for o in last.selects[0]["options"]]
    assert len(choices) <= 25 and all("move" in c for c in choices)


async def test_the_animation_of_a_long_four_player_game_is_posted_under_the_limit(
    fake_discord: Any, start_bot: Any, make_bot: Any, tmp_path: Path, clock: FakeClock
) -> None:
    chan = fake_discord.guild("Pompeii").channel("general")
    users = [await fake_discord.user(n) for n in ("alice", "bob", "carol", "dave")]
    game_id = await _played(tmp_path / "vesuvius.sqlite3", clock, chan, users, "workers")
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    steps = (await bot.host.replays.step(game_id, -1)).count
    assert steps > 120  # a long game: more steps than frames
    r = await users[1].slash("game replay", channel=chan, animate=True)
    assert r.ephemeral
    await until(lambda: _has_gif(chan), timeout=WAIT * 4)
    posted = next(m for m in chan.messages if any(f.endswith(".gif") for f in m.filenames))
    data = posted.files[0]
    assert len(data) <= LIMIT
    with Image.open(io.BytesIO(data)) as gif:
        assert gif.format == "GIF" and gif.is_animated and gif.width == 600
        frames = gif.n_frames
        gif.seek(frames - 1)
        assert gif.info["duration"] >= 3000  # the final board is held
    assert 60 <= frames <= 120 and f"({steps} in all)" in posted.content
    said = posted.attachments[0].description or ""
    assert said.startswith(f"Animation of game #{game_id} (") and "from the deal to move " in said
    await until(lambda: _said(r, "posted"))
    again = await users[2].slash("game replay", channel=chan, game=game_id, animate=True)
    assert again.ephemeral and str(posted.id) in again.content  # not drawn twice


async def _has_gif(chan: Any) -> bool:
    return any(any(f.endswith(".gif") for f in m.filenames) for m in chan.messages)


async def _said(result: Any, text: str) -> bool:
    return text in result.content


async def test_the_final_board_offers_the_replay(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, alice, game_id = await solo_toy(fake_discord, bot)
    while (await bot.host.views.status(game_id)).status == "active":
        legal = await alice.autocomplete("move", "action", "play", channel=chan)
        action = legal[0].value if legal and legal[0].value != "?" else "pass"
        r = await alice.slash("move", channel=chan, action=action)
        await r.wait_until_loaded(timeout=WAIT)
        await bot.flows.idle()
    final = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral][-1]
    assert final.button_labels == ["Replay"]
    opened = await alice.click("Replay", message=final)
    viewer = await opened.wait_until_loaded(timeout=WAIT)
    assert viewer.ephemeral and viewer.id != final.id and "step 1 of" in viewer.content
    assert [(b.get("emoji") or {}).get("name") for b in viewer.buttons][:4] == list(BUTTONS)

    # The same buttons forged in another server, for this game or for none: a clear answer.
    elsewhere = fake_discord.add_guild("Herculaneum").channel("general")
    mallory = fake_discord.add_user("mallory", guilds=[fake_discord.guild("Herculaneum")])
    ids = [f"vz:r:{game_id}:0:f", f"vz:ra:{game_id}", "vz:r:999:e:l", "vz:ra:999"]
    planted = fake_discord.post(
        elsewhere,
        "an old replay",
        components=[
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 2, "label": cid, "custom_id": cid} for cid in ids
                ],
            }
        ],
    )
    for cid in ids:
        r = await mallory.click(custom_id=cid, message=planted)
        number = cid.split(":")[2]
        assert r.reply is not None and r.reply.ephemeral
        assert f"no game #{number}" in r.reply.content.lower(), r.reply.content
    typed = await mallory.slash("game replay", channel=elsewhere, game=game_id)
    assert typed.ephemeral and f"no game #{game_id} in this server" in typed.content.lower()
    assert not [m for m in elsewhere.messages if m.filenames]


def test_replay_is_a_command_of_the_game_group() -> None:
    from cogs.game import GameCog

    names = [c.name for c in GameCog.__cog_app_commands__]
    assert "replay" in names and "new" in names


async def test_animations_are_drawn_in_the_background_a_few_per_server_with_progress(
    fake_discord: Any,
    start_bot: Any,
    make_bot: Any,
    tmp_path: Path,
    clock: FakeClock,
    monkeypatch: Any,
) -> None:
    """Animations are drawn by the background worker (never the AI's): the one who asked sees
    how far it has got, a server draws at most two at once (a third is refused, clearly), and
    a second one says it waits for the first."""
    guild = fake_discord.guild("Pompeii")
    chans = [guild.add_channel(name) for name in ("one", "two", "three")]
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    games = [
        await _played(tmp_path / "vesuvius.sqlite3", clock, chan, [alice, bob], "downfall", moves=8)
        for chan in chans
    ]
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    monkeypatch.setattr("cogs.replaying.PROGRESS_AFTER", 0.0)  # every slice tells its share
    monkeypatch.setattr("cogs.replaying.PROGRESS_EVERY", 0.0)
    free = asyncio.Event()
    background, turns = bot.host.ai.run_background, bot.host.ai.run
    used: list[str] = []

    async def held(function: Any, *args: Any) -> Any:
        used.append("background")
        await free.wait()
        return await background(function, *args)

    async def ai(function: Any, *args: Any) -> Any:
        used.append("ai")
        return await turns(function, *args)

    monkeypatch.setattr(bot.host.ai, "run_background", held)
    monkeypatch.setattr(bot.host.ai, "run", ai)
    first = await alice.slash("game replay", channel=chans[0], game=games[0], animate=True)
    second = await bob.slash("game replay", channel=chans[1], game=games[1], animate=True)
    assert "Drawing the animation" in first.content and "after" not in first.content
    assert "(after 1 other animation)" in second.content
    third = await alice.slash("game replay", channel=chans[2], game=games[2], animate=True)
    assert third.ephemeral and "2 animations are being drawn for this server" in third.content
    free.set()
    await until(lambda: _said(first, "posted"), timeout=WAIT * 4)
    await until(lambda: _said(second, "posted"), timeout=WAIT * 4)
    assert "ai" not in used and "background" in used
    progress = [
        r.body.get("content", "")
        for r in fake_discord.requests
        if r.method == "PATCH" and r.path.startswith("/webhooks/") and isinstance(r.body, dict)
    ]
    assert any(f"game #{games[0]}" in p and " %" in p for p in progress)  # the asker saw it
    again = await alice.slash("game replay", channel=chans[2], game=games[2], animate=True)
    assert "Drawing the animation" in again.content  # room again
    await until(lambda: _said(again, "posted"), timeout=WAIT * 4)
