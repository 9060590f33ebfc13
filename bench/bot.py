"""Bot latency: ``python -m bench bot`` (or ``python -m bench.bot``).

In-process, against the loopback Discord of ``sandbox/fake``: the time from a player's
``/move`` in phase 2 (the move that ends the turn) to the new board image in the channel.

1. With one game, then with 200 more games active. Goal: ≤ 80 ms median.
2. While hard AI searches run beside it (0, 1 and 4 at once), with the AI in worker processes
   (the bot's setting) and, for comparison, in threads of the bot's own process (how it was
   before): median and p95, and each as a ratio to the idle median of the same run. Goal: ≤ 1.5×
   with four searches in worker processes (a search in a thread holds the interpreter lock
   against the event loop).

The positions are reached through the host directly (fast); only the measured move goes
through Discord.
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bot import VesuviusBot, create_bot
from cogs.runtime import warm_up_renderers
from engine.downfall import GAME
from host import TableOptions
from host.ai import LevelChooser
from sandbox.fake import FakeDiscord, FakeUser, bot_running

SAMPLES = 25
EXTRA_GAMES = 200
LOAD_SAMPLES = 20


def _pick(notations: list[str]) -> str:
    for n in notations:
        if " out " in n:
            return n
    return "pass" if "pass" in notations else notations[0]


async def _new_game(bot: VesuviusBot, guild_id: int, channel_id: int, users: list[int]) -> int:
    status = await bot.host.tables.create_game(
        guild_id, channel_id, users[0], TableOptions(kind="downfall", players=2)
    )
    for u in users[1:]:
        await bot.host.tables.join(status.game_id, u)
    started = await bot.host.tables.start(status.game_id, users[0])
    await bot.flows.delivery.announce(status.game_id)
    return started.status.game_id


async def _to_turn_end(bot: VesuviusBot, game_id: int) -> int | None:
    """Play (through the host) until a phase-2 player may end their turn with ``pass``;
    returns that player's user id, or ``None`` when the game ended first."""
    while True:
        status = await bot.host.views.status(game_id)
        if status.status != "active":
            return None
        user = status.waiting_on[0].user_id
        assert user is not None
        view = await bot.host.views.public_view(game_id)
        choices = await bot.host.decisions.legal_choices(game_id, user)
        notations = [c.notation for c in choices]
        if view["phase"] == "escape" and "pass" in notations:
            return user
        await bot.host.moves.act(game_id, user, _pick(notations))
        await bot.flows.delivery.announce(game_id)


def _board_after(chan: Any, mark: int) -> Callable[[], bool]:
    """Whether the channel got a board after message ``mark``."""
    return lambda: any(m.id > mark and "board.png" in m.filenames for m in chan.messages)


async def _measure(
    fake: FakeDiscord, bot: VesuviusBot, chan: Any, users: dict[int, FakeUser], samples: int
) -> list[float]:
    times: list[float] = []
    warm_up = 3  # the first replies pay for connection and cache set-up
    running = await bot.host.views.game_in_channel(chan.id)
    if running is None:  # the game an earlier stage drove has ended: a new one
        game_id = await _new_game(bot, fake.default_guild.id, chan.id, list(users))
    else:
        game_id = running.game_id
    while len(times) < samples:
        user_id = await _to_turn_end(bot, game_id)
        if user_id is None:  # game over: a new one in the same channel
            game_id = await _new_game(bot, fake.default_guild.id, chan.id, list(users))
            continue
        user = users[user_id]
        mark = max((m.id for m in chan.messages), default=0)
        t0 = time.perf_counter()
        await user.slash("move", channel=chan, action="pass")  # answered privately
        await fake.wait_for(  # the board the channel gets for the move
            _board_after(chan, mark),
            timeout=30.0,
            what="the move's board in the channel",
        )
        if warm_up:
            warm_up -= 1
        else:
            times.append((time.perf_counter() - t0) * 1000)
        await bot.flows.idle()
    return times


async def _searching(bot: VesuviusBot, stop: asyncio.Event) -> int:
    """Hard AI decisions one after another through the bot's AI runner until ``stop``."""
    plugin = bot.plugin("downfall")
    chooser = LevelChooser("hard")
    state = GAME.new_game(5, 4)
    done = 0
    while not stop.is_set():
        await bot.host.ai.choose(chooser, GAME, plugin.heuristics, state, state.seat, done)
        done += 1
    return done


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


async def _under_load(executor: Executor | None, label: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(echo=False) as fake:
            bot = create_bot(
                db_path=Path(tmp) / "load.sqlite3", sync_commands=True, ai_executor=executor
            )
            async with bot_running(fake, bot):
                await bot.host.ai.warm_up()
                chan = fake.default_guild.channel("general")
                alice, bob = await fake.user("alice"), await fake.user("bob")
                users = {alice.id: alice, bob.id: bob}
                await _new_game(bot, fake.default_guild.id, chan.id, list(users))
                idle: float | None = None
                for searches in (0, 1, 4):
                    stop = asyncio.Event()
                    tasks = [asyncio.create_task(_searching(bot, stop)) for _ in range(searches)]
                    await asyncio.sleep(0.5 if searches else 0)
                    times = await _measure(fake, bot, chan, users, LOAD_SAMPLES)
                    stop.set()
                    done = sum(await asyncio.gather(*tasks))
                    median, p95 = statistics.median(times), _p95(times)
                    idle = idle or median
                    print(
                        f"{label}, {searches} hard search(es) beside it: /move -> board "
                        f"median {median:.1f} ms ({median / idle:.2f}× idle), "
                        f"p95 {p95:.1f} ms ({p95 / idle:.2f}× idle); "
                        f"{done} AI decisions meanwhile"
                    )


async def run() -> None:
    warm_up_renderers()
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(echo=False) as fake:
            bot = create_bot(db_path=Path(tmp) / "bench.sqlite3", sync_commands=True)
            async with bot_running(fake, bot):
                chan = fake.default_guild.channel("general")
                alice, bob = await fake.user("alice"), await fake.user("bob")
                users = {alice.id: alice, bob.id: bob}
                await _new_game(bot, fake.default_guild.id, chan.id, list(users))
                one = await _measure(fake, bot, chan, users, SAMPLES)
                print(
                    f"phase-2 /move -> the board in the channel, 1 game: "
                    f"median {statistics.median(one):.1f} ms (n={len(one)}, goal ≤ 80 ms)"
                )
                for i in range(EXTRA_GAMES):
                    extra = fake.default_guild.add_channel(f"game-{i}")
                    await _new_game(bot, fake.default_guild.id, extra.id, list(users))
                many = await _measure(fake, bot, chan, users, SAMPLES)
                print(
                    f"phase-2 /move -> the board in the channel, {EXTRA_GAMES + 1} games: "
                    f"median {statistics.median(many):.1f} ms (n={len(many)}, goal ≤ 80 ms)"
                )
    await _under_load(None, "AI in worker processes (the bot's setting)")
    with ThreadPoolExecutor(4) as threads:
        await _under_load(threads, "AI in threads of the bot's process (before)")


def main() -> None:
    asyncio.run(run())


if __name__ == "__main__":
    main()
