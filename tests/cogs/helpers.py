"""Shared moves for the end-to-end tests: open a table, find who must act, play one decision."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from sandbox.fake import FakeUser, Message

WATCH = ("discord", "cogs")
WAIT = 60.0
"""Real-time cap on every wait for the bot: long enough for a loaded 2-core machine (where a
render can take seconds), short enough that a hang still fails. Never a speed requirement."""
RATE_SCALE = 0.1
"""Discord's rate limits run ten times faster in tests that play whole games at a machine's
speed (a scripted player answers in milliseconds, where people take seconds or days): the same
limits, the bot's pacer (``cogs.pacing``) and the loopback Discord on the same faster clock.
The tests of bursts run Discord's own numbers (``tests/cogs/test_bursts.py``)."""


async def open_game(fake: Any, bot: Any, chan: Any, users: list[FakeUser], **options: Any) -> int:
    """``users[0]`` creates a game in ``chan``, the others join with the button, and it starts."""
    creator = users[0]
    lobby = await creator.slash(
        "game new", channel=chan, game="downfall", players=len(users), **options
    )
    status = await start_lobby(bot, chan, lobby.message, creator, users[1:])
    return int(status.game_id)


async def start_lobby(
    bot: Any,
    chan: Any,
    lobby: Message | None,
    creator: FakeUser,
    joiners: list[FakeUser],
    *,
    join: str = "Join",
    start: str = "Start",
) -> Any:
    """The others join ``lobby`` with its button (``join``: its label in the server's
    language), the creator starts it; returns the started game's status."""
    for u in joiners:
        await u.click(join, message=lobby)
    started = await creator.click(start, message=lobby)
    await started.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None and status.status == "active"
    return status


async def two_player_game(fake: Any, bot: Any) -> tuple[Any, int, FakeUser]:
    """A Downfall game of alice and bob in #general: the channel, the game, whom it waits for."""
    chan = fake.guild("Pompeii").channel("general")
    alice, bob = await fake.user("alice"), await fake.user("bob")
    game_id = await open_game(fake, bot, chan, [alice, bob])
    status = await bot.host.views.status(game_id)
    return chan, game_id, alice if status.waiting_on[0].user_id == alice.id else bob


async def solo_toy(fake: Any, bot: Any) -> tuple[Any, FakeUser, int]:
    """alice's solo toy game (to 5) opened by ``/game new`` in #general: the channel, alice
    and the game's id."""
    chan = fake.guild("Pompeii").channel("general")
    alice = await fake.user("alice")
    await alice.slash("game new", channel=chan, game="toy", players=1, variant="target=5")
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None
    return chan, alice, status.game_id


def pick(notations: list[str]) -> str:
    """A fast deterministic policy: escape when possible, else stop (pass), else the first."""
    for n in notations:
        if " out " in n:
            return n
    if "pass" in notations:
        return "pass"
    return notations[0]


async def play_by_host(bot: Any, game_id: int, moves: int) -> None:
    """``moves`` moves by :func:`pick`, each by the seat waited for, played through the host
    (no clicks), then announced at once (their boards and DMs sent)."""
    for _ in range(moves):
        await play_one(bot, game_id)
    await bot.flows.delivery.announce(game_id)
    await bot.flows.idle()


async def play_one(bot: Any, game_id: int) -> None:
    """One move by :func:`pick` for the seat waited for, through the host (not announced)."""
    status = await bot.host.views.status(game_id)
    user = status.waiting_on[0].user_id
    legal = [c.notation for c in await bot.host.decisions.legal_choices(game_id, user)]
    await bot.host.moves.act(game_id, user, pick(legal))


async def waited_user(bot: Any, game_id: int, users: list[FakeUser]) -> FakeUser | None:
    status = await bot.host.views.status(game_id)
    if not status.waiting_on:
        return None
    by_id = {u.id: u for u in users}
    return by_id[status.waiting_on[0].user_id]


def latest_decision(user: FakeUser, game_id: int, version: int, chan: Any = None) -> Message | None:
    """The newest DM (or ephemeral reply in ``chan``) with buttons or a menu drawn for
    ``version`` of the game."""
    mine = list(user.dms)
    if chan is not None:
        mine += [m for m in user.visible_messages(chan) if m.ephemeral]
    for msg in sorted(mine, key=lambda m: m.id, reverse=True):
        ids = [c.get("custom_id", "") for c in msg.walk_components()]
        if any(i.startswith(f"vz:a:{game_id}:{version}:") for i in ids):
            return msg
        if any(i.startswith(f"vz:s:{game_id}:{version}") for i in ids):
            return msg
    return None


def choices_of(msg: Message) -> list[str]:
    """The notations a decision message offers (button custom ids or select values)."""
    out = []
    for comp in msg.walk_components():
        cid = str(comp.get("custom_id", ""))
        if comp.get("type") == 2 and cid.startswith("vz:a:"):
            out.append(cid.split(":", 4)[4])
        if comp.get("type") == 3:
            out.extend(str(o["value"]) for o in comp.get("options", []))
    return out


async def act_by_component(user: FakeUser, msg: Message, notation: str) -> Any:
    """Click the button or pick the option (in whichever of the message's menus) for
    ``notation``."""
    for comp in msg.walk_components():
        cid = str(comp.get("custom_id", ""))
        if comp.get("type") == 2 and cid.endswith(":" + notation):
            return await user.click(custom_id=cid, message=msg)
        if comp.get("type") == 3 and any(o["value"] == notation for o in comp["options"]):
            return await user.select(msg, values=[notation], custom_id=cid)
    return await user.select(msg, values=[notation])


async def until(check: Callable[[], Awaitable[bool]], timeout: float = WAIT) -> None:  # noqa: ASYNC109
    """Poll an async condition (e.g. on the host) until it holds."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not await check():
        if loop.time() > end:
            raise TimeoutError("condition not met in time")
        await asyncio.sleep(0.02)


def boards(chan: Any) -> list[Message]:
    """The boards posted in ``chan`` (public messages with the board image), oldest first."""
    return [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral]


def last_board(chan: Any) -> Message:
    found = boards(chan)
    assert found, "no board in the channel"
    return found[-1]


async def spanish_table(fake: Any) -> tuple[Any, FakeUser, FakeUser]:
    """The languages' table (issue 28): the server speaks Spanish, alice's Discord is Dutch and
    bob's German. Returns the channel, alice and bob."""
    guild = fake.guild("Pompeii")
    guild.locale = "es-ES"
    alice, bob = await fake.user("alice"), await fake.user("bob")
    alice.locale, bob.locale = "nl", "de"
    return guild.channel("general"), alice, bob


async def help_read(user: Any, channel: Any) -> str:
    """What ``user`` reads of ``/help`` in ``channel``: its pages, once the last one came."""
    helped = await user.slash("help", channel=channel)

    def said() -> str:
        return "\n".join(m.content for m in [helped.message, *helped.followups] if m)

    async def whole() -> bool:
        return "Everyone in the channel can watch" in said()

    await until(whole)
    return said()
