"""What each player receives in one scripted game: ``python -m bench dms``.

Plays a 3-player Downfall game to the end through the loopback Discord (every move by
``/move`` with the first suggestion that ends a turn soonest), and counts per player the DMs,
the images in them, the images that show nothing (a hand image with no cards), and the
decisions the player had (distinct game versions the game waited on them). Goal (issue 14): at
most one DM per decision, no image without information.
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


def _pick(values: list[str]) -> str:
    for v in values:
        if " out " in v:
            return v
    return "pass" if "pass" in values else values[0]


async def _idle(bot: Any) -> None:
    flows = getattr(bot, "flows", None) or bot.service
    await flows.idle()


async def run() -> dict[str, Counter[str]]:
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(echo=False) as fake:
            bot = create_bot(
                db_path=Path(tmp) / "dms.sqlite3",
                clock=FakeClock(),
                seed_source=lambda: SEED,
                sync_commands=True,
            )
            async with bot_running(fake, bot):
                chan = fake.default_guild.channel("general")
                users = {n: await fake.user(n) for n in PLAYERS}
                by_id = {u.id: u for u in users.values()}
                first = users[PLAYERS[0]]
                lobby = await first.slash("game new", channel=chan, game="downfall", players=3)
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
                    user = by_id[status.waiting_on[0].user_id]
                    if (status.version, user.id) not in seen:
                        seen.add((status.version, user.id))
                        decisions[user.name] += 1
                    legal = await user.autocomplete("move", "action", "", channel=chan)
                    r = await user.slash(
                        "move", channel=chan, action=_pick([c.value for c in legal])
                    )
                    await r.wait_until_loaded()
                    await _idle(bot)
                out: dict[str, Counter[str]] = {}
                for name, user in users.items():
                    counts: Counter[str] = Counter()
                    counts["decisions"] = decisions[name]
                    counts["dms"] = len(user.dms)
                    for dm in user.dms:
                        counts["images"] += len(dm.filenames)
                        hand = "hand.png" in dm.filenames
                        if hand and ("No cards" in dm.content or "Your hand:" not in dm.content):
                            counts["empty hand images"] += 1
                    out[name] = counts
                return out


def main() -> None:
    results = asyncio.run(run())
    for name, c in results.items():
        print(
            f"{name}: {c['decisions']} decisions, {c['dms']} DMs, {c['images']} images in DMs, "
            f"{c['empty hand images']} hand images without cards"
        )


if __name__ == "__main__":
    main()
