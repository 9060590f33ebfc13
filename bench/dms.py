"""What each player receives in one scripted game of each game: ``python -m bench dms``.

Plays a 3-player game to the end through the loopback Discord, every move by ``/move``, and
counts per player the decisions they had (each decision token a player was given, options and
window offers included), the DMs (the starting hand and reminders among them), the images in
them, and the images that show nothing (a hand image with no cards). Goal (issue 14): at most
one DM per decision, no image without information.

- Downfall: the first suggestion that ends a turn soonest.
- Pompeji with a 60-second permit window (the table where holders were flooded): the player to
  move plays the first suggestion; every window is left to run out on the fake clock, the
  scheduler looking at half time and at the end, as for holders who do not answer.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from bot import create_bot
from host import FakeClock
from sandbox.fake import FakeDiscord, bot_running

PLAYERS = ("alice", "bob", "cara")
SEED = 7
WINDOW = 60
GAMES = {
    "downfall": {},
    "cardcity": {"variant": f"permit_window={WINDOW}"},
}


def _pick(values: list[str]) -> str:
    for v in values:
        if " out " in v:
            return v
    return "pass" if "pass" in values else values[0]


async def _idle(bot: Any) -> None:
    flows = getattr(bot, "flows", None) or bot.service
    await flows.idle()


def _count(user: Any, decisions: int) -> Counter[str]:
    counts: Counter[str] = Counter()
    counts["decisions"] = decisions
    counts["dms"] = len(user.dms)
    for dm in user.dms:
        counts["images"] += len(dm.filenames)
        hand = "hand.png" in dm.filenames
        if hand and ("No cards" in dm.content or "Your hand:" not in dm.content):
            counts["empty hand images"] += 1
        if "Reminder" in dm.content:
            counts["reminders"] += 1
        if "Your starting hand" in dm.content:
            counts["starting hand"] += 1
    return counts


async def run(kind: str) -> dict[str, Counter[str]]:
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(echo=False) as fake:
            clock = FakeClock()
            bot = create_bot(
                db_path=Path(tmp) / "dms.sqlite3",
                clock=clock,
                seed_source=lambda: SEED,
                sync_commands=True,
            )
            async with bot_running(fake, bot):
                chan = fake.default_guild.channel("general")
                users = {n: await fake.user(n) for n in PLAYERS}
                by_id = {u.id: u for u in users.values()}
                first = users[PLAYERS[0]]
                lobby = await first.slash(
                    "game new", channel=chan, game=kind, players=3, **GAMES[kind]
                )
                for name in PLAYERS[1:]:
                    await users[name].click("Join", message=lobby.message)
                started = await first.click("Start", message=lobby.message)
                await started.wait_until_loaded()
                await _idle(bot)
                decisions: Counter[str] = Counter()
                seen: set[tuple[int, int]] = set()
                while True:
                    status = await bot.host.game_in_channel(chan.id)
                    if status is None or not status.waiting_on:
                        break
                    for u in users.values():  # every decision a player had (its token)
                        d = await bot.host.decision(status.game_id, u.id)
                        if d.kind is not None and (u.id, d.token) not in seen:
                            seen.add((u.id, d.token))
                            decisions[u.name] += 1
                    user = by_id[status.waiting_on[0].user_id]
                    decision = await bot.host.decision(status.game_id, user.id)
                    if decision.kind == "window":  # nobody answers: it runs out
                        for step in (WINDOW / 2 + 1, WINDOW / 2):
                            clock.advance(step)
                            await bot.run_due_once()
                            await _idle(bot)
                        continue
                    legal = await user.autocomplete("move", "action", "", channel=chan)
                    values = [c.value for c in legal if c.value != "?"]
                    r = await user.slash("move", channel=chan, action=_pick(values))
                    await r.wait_until_loaded()
                    await _idle(bot)
                return {name: _count(user, decisions[name]) for name, user in users.items()}


def main() -> None:
    for kind in GAMES:
        results = asyncio.run(run(kind))
        for name, c in results.items():
            print(
                f"{kind} {name}: {c['decisions']} decisions, {c['dms']} DMs "
                f"({c['starting hand']} starting hand, {c['reminders']} reminders), "
                f"{c['images']} images in DMs, {c['empty hand images']} hand images without cards"
            )


if __name__ == "__main__":
    main()
