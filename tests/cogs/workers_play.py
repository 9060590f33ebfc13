"""Players for the worker game's end-to-end tests: a table opened through Discord, and each
player's "mind" (the engine's progress policy or its normal AI level, or a scripted choice)
acting only through Discord — `/move` or the buttons of their private message."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.ai import choose_normal
from engine.rng import Rng
from engine.workers import GAME, State
from engine.workers.ai import WorkersHeuristics
from engine.workers.search import policy_action
from sandbox.fake import FakeUser, Message
from tests.cogs.helpers import WAIT, choices_of

NEVER = 10**9
"""``shirk`` for the policy: never leave an offering empty on purpose."""


@dataclass
class Table:
    """An open game of the worker game and the people at it."""

    bot: Any
    chan: Any
    game_id: int
    user_of: dict[int, FakeUser]
    rng: Rng = field(default_factory=lambda: Rng(2026))
    skilled: bool = False
    """The players think like the normal AI level instead of the (random) progress policy."""

    async def state(self) -> State:
        """The game as stored (the players' minds read it to choose; they act via Discord)."""
        loaded = await self.bot.host.store.get(self.game_id)
        return loaded.state  # type: ignore[no-any-return]

    async def waited(self) -> list[int]:
        status = await self.bot.host.views.status(self.game_id)
        return [s.seat for s in status.waiting_on]

    async def active(self) -> bool:
        return bool((await self.bot.host.views.status(self.game_id)).status == "active")

    async def version(self) -> int:
        return int((await self.bot.host.views.status(self.game_id)).version)

    async def policy(self, seat: int) -> str:
        """What the player's mind would do for ``seat`` now."""
        state = await self.state()
        if self.skilled:
            seed, self.rng = self.rng.next64()
            return GAME.format_action(choose_normal(GAME, state, seat, seed, WorkersHeuristics()))
        action, self.rng = policy_action(state, seat, self.rng, NEVER)
        return GAME.format_action(action)

    async def move(self, seat: int, notation: str) -> Message:
        """``seat`` types ``/move action:<notation>``; it is played (checked)."""
        before = await self.version()
        r = await self.user_of[seat].slash("move", channel=self.chan, action=notation)
        await self.bot.flows.idle()
        log = await self.bot.host.views.log(self.game_id, None, limit=50, after=before)
        assert any(e.seat == seat and e.by == "player" for e in log), (notation, r.content)
        return r  # type: ignore[no-any-return]

    async def step(self, seat: int | None = None) -> None:
        """One decision by the policy (of ``seat``, else of the first seat waited on)."""
        if seat is None:
            seat = (await self.waited())[0]
        await self.move(seat, await self.policy(seat))

    def boards(self) -> list[Message]:
        return [m for m in self.chan.messages if "board.png" in m.filenames and not m.ephemeral]

    def said(self) -> str:
        """Everything posted publicly in the channel (not ephemeral), joined."""
        return "\n".join(m.content for m in self.chan.messages if not m.ephemeral)


async def open_table(
    fake: Any, bot: Any, chan: Any, users: list[FakeUser], variant: str = ""
) -> Table:
    """``users[0]`` creates a worker game, the others join, it starts."""
    options: dict[str, Any] = {"game": "workers", "players": len(users)}
    if variant:
        options["variant"] = variant
    lobby = await users[0].slash("game new", channel=chan, **options)
    assert "Pompeii" in lobby.content, lobby.content
    for u in users[1:]:
        await u.click("Join", message=lobby.message)
    started = await users[0].click("Start", message=lobby.message)
    await started.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None and status.status == "active"
    by_id = {u.id: u for u in users}
    user_of = {s.seat: by_id[s.user_id] for s in status.seats}
    return Table(bot, chan, int(status.game_id), user_of)


async def play_until(table: Table, stage: str, limit: int = 5000) -> None:
    """Play on by the policy until the game reaches ``stage`` (or ends)."""
    for _ in range(limit):
        if not await table.active() or (await table.state()).stage == stage:
            return
        await table.step()
    raise AssertionError(f"no {stage} within {limit} decisions")


def newest(user: FakeUser, game_id: int, notation: str, chan: Any = None) -> Message | None:
    """The user's newest private message (DM, or ephemeral in ``chan``) offering
    ``notation`` on a button or in a menu."""
    mine = list(user.dms)
    if chan is not None:
        mine += [m for m in user.visible_messages(chan) if m.ephemeral]
    for msg in sorted(mine, key=lambda m: m.id, reverse=True):
        ids = [str(c.get("custom_id", "")) for c in msg.walk_components()]
        if notation in choices_of(msg) and any(i.startswith(f"vz:a:{game_id}:") for i in ids):
            return msg
    return None


def held(state: State, seat: int) -> list[str]:
    """The goods ``seat`` holds, in the engine's order."""
    return [g for g, n in GAME.view(state, seat)["seats"][seat]["goods"].items() if n]  # type: ignore[call-overload, index, union-attr]


async def solo_table(bot: Any, chan: Any, user: FakeUser, **options: Any) -> Table:
    """``user`` opens a solo worker game in ``chan`` (a table of one starts at once)."""
    r = await user.slash("game new", channel=chan, game="workers", players=1, **options)
    await r.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None and status.status == "active"
    return Table(bot, chan, int(status.game_id), {0: user})
