"""The checks of the sharded crash scenario (:mod:`tests.sandbox.shard_crash`): what a player or
an operator would notice once the kills are over — acknowledged moves in the log, each board
once and in order, nothing unsent, no error logged, ``storage.check`` clean — and the boards
that tell a move again (counted, not a failure)."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from sandbox.fake import Message
from storage.check import check_database
from tests.toy import games as toy_games

NONCE = re.compile(r"^vz(\d+)\.(\d+)$")
"""A board's nonce: ``vz{game}.{version}``."""
_MOVE_LINE = re.compile(r" played a \d| passed$")


class Checks:
    """A mixin of :class:`tests.sandbox.shard_crash.Crash`: its ``acks``, ``boards()``, ``sql``,
    ``fake``, ``url`` and ``bots_log``."""

    acks: list[Any]
    fake: Any
    url: str
    bots_log: Path

    def boards(self) -> list[Message]:
        raise NotImplementedError

    async def sql(self, query: str, *args: Any) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    async def verify(self) -> list[str]:
        """What a player or an operator would notice; empty when all is well."""
        problems: list[str] = []
        used: set[tuple[int, int]] = set()
        events: dict[int, list[tuple[int, int | None, str]]] = {}
        for ack in self.acks:
            if ack.game not in events:
                rows = await self.sql(
                    "SELECT seq, user_id, action FROM events WHERE game_id = %s ORDER BY seq",
                    ack.game,
                )
                events[ack.game] = [
                    (int(s), None if u is None else int(u), str(a)) for s, u, a in rows
                ]
            match = next(
                (
                    seq
                    for seq, user, action in events[ack.game]
                    if seq > ack.after
                    and user == ack.user
                    and action == ack.action
                    and (ack.game, seq) not in used
                ),
                None,
            )
            if match is None:
                problems.append(f"acknowledged move lost: {ack}")
            else:
                used.add((ack.game, match))
        seen: dict[tuple[int, str], Message] = {}
        newest: dict[int, int] = {}
        for m in sorted(self.boards(), key=lambda m: m.id):
            found = NONCE.match(str(m.nonce or ""))
            if found is None:
                problems.append(f"a board without a nonce: {m.id}")
                continue
            game, version = int(found.group(1)), int(found.group(2))
            key = (m.channel.id, str(m.nonce))
            if key in seen:
                problems.append(f"board {m.nonce} posted twice ({seen[key].id}, {m.id})")
            seen[key] = m
            if version <= newest.get(game, -1):
                problems.append(
                    f"game {game}: the board of version {version} after that of {newest[game]}"
                )
            newest[game] = max(version, newest.get(game, -1))
        if self.fake.unknown_routes or self.fake.internal_errors:
            problems.append(
                f"the loopback Discord: unknown routes {self.fake.unknown_routes}, "
                f"its own errors {self.fake.internal_errors}"
            )
        unsent = await self.sql("SELECT game_id, version FROM outbox WHERE sent_at IS NULL")
        if unsent:
            problems.append(f"announcements never sent: {unsent}")
        problems += [f"a bot logged an error:\n{e}" for e in _errors(self.bots_log)]
        report = await asyncio.to_thread(check_database, self.url, toy_games)
        problems += [f"storage.check: {p}" for p in report.problems]
        if report.integrity != "ok":
            problems.append(f"storage.check: {report.integrity}")
        return problems

    def retelling(self) -> int:
        """Boards that tell a move an earlier board told already: a process died between
        posting a board and recording it, and a later move came before the board was sent
        again, so the next board (a new nonce) told from the last board recorded, until the
        delivery that takes over read the board the channel shows (issue 44, item 23: 0 since).
        Counted, not a failure (docs/deploy.md, "What the crash test shows"): every board is
        still posted once. A toy move is one line, "… played a N" or "… passed"."""
        count = 0
        previous: dict[int, int] = {}
        for m in sorted(self.boards(), key=lambda m: m.id):
            found = NONCE.match(str(m.nonce or ""))
            if found is None:
                continue
            game, version = int(found.group(1)), int(found.group(2))
            told = sum(1 for line in m.content.splitlines() if _MOVE_LINE.search(line))
            if game in previous and told > version - previous[game]:
                count += 1
            previous[game] = version
        return count


_RECORD = re.compile(r"^\d+ (DEBUG|INFO|WARNING|ERROR|CRITICAL) ")


def _errors(log: Path) -> list[str]:
    """The ERROR and CRITICAL records in the bots' log, each with its traceback."""
    found: list[str] = []
    inside = False
    for line in log.read_text(errors="replace").splitlines():
        record = _RECORD.match(line)
        if record is not None or " START shard " in line:
            inside = record is not None and record.group(1) in ("ERROR", "CRITICAL")
            if inside:
                found.append(line)
        elif inside:
            found[-1] += "\n" + line
        elif line.startswith("Traceback"):  # a bot that ended on an exception
            inside = True
            found.append(line)
    return found
