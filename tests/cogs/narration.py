"""What consecutive boards tell (issue 44, item 7): each board tells the moves since the board
before it, so a line it shares with that board must be a move made again (two identical moves),
not the same move told twice. Read from the channel, checked against the game's log."""

from __future__ import annotations

import itertools
from collections import Counter
from typing import Any

from cogs import texts
from tests.cogs.helpers import boards


def version_of(board: Any) -> int:
    """The version a board tells up to (its nonce: ``vz<game>.<version>``)."""
    return int(str(board.nonce).rsplit(".", 1)[1])


def told(board: Any) -> list[str]:
    """A board's narration: its bullet lines."""
    return [line for line in board.content.splitlines() if line.startswith("• ")]


async def retold(bot: Any, chan: Any, game_id: int) -> list[tuple[int, int, str]]:
    """``(previous board's version, board's version, line)`` for every line a board shares
    with the board before it that no move between the two explains (the moves between them,
    narrated, say that line fewer times than the board does)."""
    posted = [m for m in boards(chan) if str(m.nonce).startswith(f"vz{game_id}.")]
    status = await bot.host.views.status(game_id)
    presentation = bot.flows.private.presentation(status)
    names = await bot.flows.private.seat_names(status)
    found = []
    for before, board in itertools.pairwise(posted):
        low, high = version_of(before), version_of(board)
        entries = await bot.host.views.log(game_id, None, limit=10_000, after=low)
        quiet = await bot.host.outbox.quiet_versions(game_id, low)
        entries = [e for e in entries if e.version <= high and e.version not in quiet]
        notes = {
            v: texts.note_text(note)
            for v, _by, note in await bot.host.outbox.notes(game_id, low)
            if v <= high
        }
        explained = Counter(texts.narration(presentation, entries, names, notes=notes))
        shown = set(told(before))
        for line, n in Counter(told(board)).items():
            if line in shown and n > explained[line]:
                found.append((low, high, line))
    return found
