"""What each player receives in whole games of every game: ``python -m bench dms [table ...]``.

Plays each table to the end through the loopback Discord, as players do: every human's mind is
the engine's normal AI level (so games end as real ones do), and the player acts on the
private message the bot gave them (a DM's button or menu, or the private reply to their last
move) when it offers the move (opening the space it is on first, when the choice comes in two
steps), else with ``/move`` in the channel (a pledge of several units at once, say). AI seats
play in threads.
Then it counts, per player, from what the fake Discord saw the bot send:

- decisions: each decision token the player was given (window offers and out-of-turn options
  included), as the game asked them;
- new DMs, DM edits, private replies (ephemeral messages);
- images: every upload the player received privately (in a new or edited DM, or a private
  reply) and their size in MiB;
- mentions: channel messages whose mention notified the player (``allowed_mentions``
  applied; an edit notifies nobody).

And per table: the boards posted in the channel and their size. Goals (issue 23): at most one
new DM per decision that needed the player, at most 1.2 images per decision, at most 0.5
channel mentions per decision (default notification setting), a 3-player worker game under
20 MiB of images for the table (issue 43: private pictures and channel boards together, "images in
all").

Tables (names for the command line): ``downfall-3``, ``cardcity-3``, ``workers-3`` (three
humans), ``downfall-ai``, ``cardcity-ai``, ``workers-ai`` (two humans and one AI seat) and
``workers-solo``.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import plugins
from bot import create_bot
from engine.ai import choose_normal
from engine.core import ActionChoice
from host import FakeClock
from sandbox.fake import FakeDiscord, FakeUser, Message, bot_running

SEED = 7
NAMES = ("alice", "bob", "cara")
MIB = 1024 * 1024
MAX_DECISIONS = 6000


@dataclass(frozen=True)
class TableSpec:
    game: str
    humans: int
    ai_seats: int = 0
    options: tuple[tuple[str, Any], ...] = ()


TABLES = {
    "downfall-3": TableSpec("downfall", 3),
    "cardcity-3": TableSpec("cardcity", 3),
    "workers-3": TableSpec("workers", 3),
    "downfall-ai": TableSpec("downfall", 2, 1),
    "cardcity-ai": TableSpec("cardcity", 2, 1),
    "workers-ai": TableSpec("workers", 2, 1),
    "workers-solo": TableSpec("workers", 1),
}


def _choices(msg: Message, game_id: int, token: int) -> dict[str, tuple[str, str]]:
    """notation -> (component kind, custom id) of what ``msg`` offers for decision ``token``."""
    out: dict[str, tuple[str, str]] = {}
    for comp in msg.walk_components():
        cid = str(comp.get("custom_id", ""))
        if comp.get("type") == 2 and cid.startswith(f"vz:a:{game_id}:{token}:"):
            out[cid.split(":", 4)[4]] = ("button", cid)
        if comp.get("type") == 3 and cid.startswith(f"vz:s:{game_id}:{token}"):
            for option in comp.get("options", []):
                out[str(option["value"])] = ("select", cid)
    return out


async def _group_of(bot: Any, game: str, game_id: int, user_id: int, notation: str) -> str | None:
    """The group (a space on the board) a two-step control opens to offer ``notation``."""
    pv = await bot.host.views.private_view(game_id, user_id)
    decision = await bot.host.decisions.decision(game_id, user_id)
    choices = [ActionChoice(c.notation, c.label) for c in decision.choices]
    controls = plugins.get(game).presentation.controls(pv.view, pv.seat, choices)
    for group in getattr(controls, "groups", ()):
        if any(o.notation == notation for o in group.options):
            return str(group.key)
    return None


async def _act(
    user: FakeUser, chan: Any, game_id: int, token: int, notation: str, group: str | None
) -> Any:
    """The move through the player's newest private message that offers it (opening the
    space it is on first, as a player does with a two-step choice), else ``/move``."""
    mine = list(user.dms) + [m for m in user.visible_messages(chan) if m.ephemeral]
    for msg in sorted(mine, key=lambda m: m.id, reverse=True):
        offered = _choices(msg, game_id, token)
        if notation not in offered and group is not None:
            for comp in msg.walk_components():
                cid = str(comp.get("custom_id", ""))
                values = [str(o["value"]) for o in comp.get("options", [])]
                if cid == f"vz:gs:{game_id}:{token}" and group in values:
                    opened = await user.select(msg, values=[group], custom_id=cid)
                    await opened.wait_until_loaded()
                    offered = _choices(msg, game_id, token)
                    break
        if notation in offered:
            kind, cid = offered[notation]
            if kind == "button":
                return await user.click(custom_id=cid, message=msg)
            return await user.select(msg, values=[notation], custom_id=cid)
    return await user.slash("move", channel=chan, action=notation)


async def _settle(bot: Any) -> None:
    await bot.flows.idle()
    await asyncio.sleep(0)


async def play(
    name: str,
    spec: TableSpec,
    *,
    moves: int | None = None,
    fake_options: Mapping[str, Any] | None = None,
    bot_options: Mapping[str, Any] | None = None,
) -> tuple[dict[str, Counter[str]], Counter[str]]:
    """Play ``spec`` to its end (or until ``moves`` moves were played) and count what each
    player received (:func:`_count`). ``fake_options``, ``bot_options``: for the loopback
    Discord and ``create_bot`` (the tests run the rate limits on a faster clock)."""
    plugin = plugins.get(spec.game)
    heuristics = plugin.heuristics()
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(2) as threads:
        # Waits for the bot's answers capped generously: a loaded machine must not end the
        # count (it counts messages, not time).
        wire = {"echo": False, "response_timeout": 60.0, **(fake_options or {})}
        async with FakeDiscord(**wire) as fake:
            clock = FakeClock()
            bot = create_bot(
                db_path=Path(tmp) / "dms.sqlite3",
                clock=clock,
                seed_source=lambda: SEED,
                sync_commands=True,
                scheduler_max_sleep=0.05,
                ai_executor=threads,
                **(bot_options or {}),
            )
            async with bot_running(fake, bot):
                chan = fake.default_guild.channel("general")
                users = [await fake.user(n) for n in NAMES[: spec.humans]]
                by_id = {u.id: u for u in users}
                options: dict[str, Any] = {"game": spec.game, "players": spec.humans}
                if spec.ai_seats:
                    options.update(players=spec.humans + spec.ai_seats, ai_seats=spec.ai_seats)
                options.update(dict(spec.options))
                lobby = await users[0].slash("game new", channel=chan, **options)
                if lobby.message is not None and lobby.components:
                    for u in users[1:]:
                        await u.click("Join", message=lobby.message)
                    started = await users[0].click("Start", message=lobby.message)
                    await started.wait_until_loaded()
                await _settle(bot)
                status = await bot.host.views.game_in_channel(chan.id)
                assert status is not None, "the game did not start"
                game_id = status.game_id
                decisions: Counter[str] = Counter()
                seen: set[tuple[int, int]] = set()
                for step in range(MAX_DECISIONS):
                    status = await bot.host.views.status(game_id)
                    if status.status != "active" or (moves is not None and status.version >= moves):
                        break
                    for u in users:  # every decision a player had (its token)
                        d = await bot.host.decisions.decision(game_id, u.id)
                        if d.kind is not None and (u.id, d.token) not in seen:
                            seen.add((u.id, d.token))
                            decisions[u.name] += 1
                    humans = [s for s in status.waiting_on if s.user_id in by_id]
                    if not humans:  # an AI thinks (in a thread); the scheduler plays it
                        version = status.version
                        for _ in range(2000):
                            await asyncio.sleep(0.01)
                            now = await bot.host.views.status(game_id)
                            if now.version != version or now.status != "active":
                                break
                        await _settle(bot)
                        continue
                    seat = humans[0]
                    assert seat.user_id is not None
                    user = by_id[seat.user_id]
                    loaded = await bot.host.store.get(game_id)
                    action = choose_normal(plugin.engine, loaded.state, seat.seat, step, heuristics)
                    notation = plugin.engine.format_action(action)
                    decision = await bot.host.decisions.decision(game_id, user.id)
                    group = await _group_of(bot, spec.game, game_id, user.id, notation)
                    r = await _act(user, chan, game_id, decision.token, notation, group)
                    await r.wait_until_loaded()
                    await _settle(bot)
                else:
                    raise RuntimeError(f"{name}: no end within {MAX_DECISIONS} decisions")
                final = await bot.host.views.status(game_id)
                table: Counter[str] = Counter()
                table["version"] = final.version
                return _count(fake, users, decisions, table), table


def _count(
    fake: Any, users: list[FakeUser], decisions: Counter[str], table: Counter[str]
) -> dict[str, Counter[str]]:
    out = {u.name: Counter(decisions=decisions[u.name]) for u in users}
    ids = {u.id: u.name for u in users}
    for sent in fake.sent:
        msg = sent.message
        size = sum(n for _f, n in sent.files)
        if msg.in_dm:
            who = ids.get(msg.channel.recipient.id) if msg.channel.recipient else None
            kind = "new DMs" if sent.kind == "new" else "DM edits"
        elif msg.visible_to is not None:
            who = ids.get(msg.visible_to)
            kind = "private replies" if sent.kind == "new" else "private edits"
        else:
            who = None
            if sent.files and sent.kind == "new":
                table["boards"] += 1
                table["board bytes"] += size
            for user in sent.pinged:
                if user in ids:
                    out[ids[user]]["mentions"] += 1
        if who is None:
            continue
        out[who][kind] += 1
        out[who]["images"] += len(sent.files)
        out[who]["bytes"] += size
    return out


def main(argv: list[str] | None = None) -> None:
    args = argv if argv is not None else sys.argv[1:]
    unknown = [n for n in args if n not in TABLES]
    if unknown:
        raise SystemExit(f"bench dms: no table {unknown[0]!r} (tables: {', '.join(TABLES)})")
    names = args or list(TABLES)
    for name in names:
        began = time.monotonic()
        results, table = asyncio.run(play(name, TABLES[name]))
        total = sum(c["bytes"] for c in results.values())
        print(
            f"{name}: {table['version']} moves, {table['boards']} boards in the channel "
            f"({table['board bytes'] / MIB:.1f} MiB); private images for the table "
            f"{total / MIB:.1f} MiB; images in all {(total + table['board bytes']) / MIB:.1f} "
            f"MiB ({time.monotonic() - began:.0f} s)"
        )
        for who, c in results.items():
            n = max(1, c["decisions"])
            print(
                f"  {who}: {c['decisions']} decisions, {c['new DMs']} new DMs "
                f"({c['new DMs'] / n:.2f}/decision), {c['DM edits']} DM edits, "
                f"{c['private replies']} private replies, {c['images']} images "
                f"({c['images'] / n:.2f}/decision, {c['bytes'] / MIB:.1f} MiB), "
                f"{c['mentions']} mentions ({c['mentions'] / n:.2f}/decision)",
                flush=True,
            )


if __name__ == "__main__":
    main(sys.argv[1:])
