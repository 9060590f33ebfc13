"""Several bot processes on one database: claims with a lease (``db.claims``). Reading a game
again only when another process changed it is :meth:`storage.games.Games.load_if_changed`.

A *claim* says which process does a piece of work of one game until its lease runs out:
``due`` (its deadlines, reminders, AI turns and forced moves: ``host.scheduler``) or ``deliver``
(sending its outbox: ``cogs.delivery``). It is taken in a single statement, an upsert whose
update applies only when the claim is the taker's own or its lease has run out, so of two live
processes exactly one holds it (SQLite serializes writers; PostgreSQL's second upsert waits for
the first's row lock, then sees the new owner and its lease). A process that dies keeps its
claims until their leases run out; then another takes them over. Work done is released.

``expired_before``: the time before which another owner's lease counts as run out: ``now``
when several processes share the database, and :data:`ALWAYS` for a database only one process
uses (SQLite), where a claim by another run is a run that stopped. A process alone takes no
claims (the host's ``Store.take_claim``).
"""

from __future__ import annotations

from storage.dialect import Connection, Runner, Write, ints
from storage.writes import transaction

DUE = "due"
"""A game's scheduled work (deadlines, reminders, AI turns, forced moves)."""
DELIVER = "deliver"
"""Sending a game's outbox."""
ALWAYS = 1e300
"""``expired_before`` for a database one process uses: every other owner's claim is stale."""

_CLAIM = (
    "INSERT INTO claims (kind, game_id, owner, lease_until) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (kind, game_id) DO UPDATE SET owner = excluded.owner, "
    "lease_until = excluded.lease_until "
    "WHERE claims.owner = excluded.owner OR claims.lease_until < ? "
    "RETURNING owner"
)


def take(
    c: Connection, kind: str, game_id: int, owner: str, until: float, expired_before: float
) -> bool:
    """Claim (or renew) ``(kind, game_id)`` for ``owner`` until ``until``; ``False`` when another
    owner's lease runs on past ``expired_before``. One statement: atomic on both backends."""
    return c.execute(_CLAIM, (kind, game_id, owner, until, expired_before)).fetchone() is not None


def release_write(kind: str, game_id: int, owner: str) -> Write:
    """The statement that drops ``owner``'s claim."""
    return (
        "DELETE FROM claims WHERE kind = ? AND game_id = ? AND owner = ?",
        (kind, game_id, owner),
    )


def release(c: Connection, kind: str, game_id: int, owner: str) -> None:
    """Drop ``owner``'s claim (inside the caller's transaction)."""
    c.execute(*release_write(kind, game_id, owner))


class Claims:
    """``db.claims``: claims with a lease (see the module)."""

    def __init__(self, run: Runner) -> None:
        self.run = run

    async def take_claim(
        self,
        kind: str,
        game_id: int,
        owner: str,
        *,
        now: float,
        lease: float,
        expired_before: float,
    ) -> bool:
        """Take (or renew) one claim until ``now + lease``; ``False``: another process holds
        it."""

        def write(c: Connection) -> bool:
            with transaction(c):
                return take(c, kind, game_id, owner, now + lease, expired_before)

        return await self.run(write)

    async def release_claim(self, kind: str, game_id: int, owner: str) -> None:
        """The work is done: drop the claim (if it is still ``owner``'s)."""

        def write(c: Connection) -> None:
            with transaction(c):
                release(c, kind, game_id, owner)

        await self.run(write)

    async def claim_due(
        self, owner: str, *, now: float, lease: float, expired_before: float, limit: int = 500
    ) -> list[int]:
        """The active games with work due at ``now`` that no other live process holds, each
        claimed for ``owner`` (kind ``due``), soonest first, at most ``limit``: one hop."""

        def write(c: Connection) -> list[int]:
            with transaction(c):
                ids = ints(
                    c,
                    "SELECT g.id FROM games g LEFT JOIN claims c "
                    "ON c.kind = 'due' AND c.game_id = g.id "
                    "WHERE g.status = 'active' AND g.next_due <= ? "
                    "AND (c.owner IS NULL OR c.owner = ? OR c.lease_until < ?) "
                    "ORDER BY g.next_due LIMIT ?",
                    (now, owner, expired_before, limit),
                )
                until = now + lease
                return [g for g in ids if take(c, DUE, g, owner, until, expired_before)]

        return await self.run(write)

    async def next_due_for(self, owner: str, *, expired_before: float) -> float | None:
        """When ``owner`` next has scheduled work: the soonest ``next_due`` of an active game,
        where a game another live process holds counts from the end of its lease (it is that
        process's until then). ``None``: nothing scheduled."""

        def read(c: Connection) -> float | None:
            row = c.execute(
                "SELECT min(CASE WHEN c.owner IS NOT NULL AND c.owner <> ? "
                "AND c.lease_until >= ? THEN c.lease_until ELSE g.next_due END) "
                "FROM games g LEFT JOIN claims c ON c.kind = 'due' AND c.game_id = g.id "
                "WHERE g.status = 'active' AND g.next_due IS NOT NULL",
                (owner, expired_before),
            ).fetchone()
            return None if row is None or row[0] is None else float(row[0])

        return await self.run(read)

    async def claims_of(self, kind: str) -> list[tuple[int, str, float]]:
        """``(game_id, owner, lease_until)`` of every claim of ``kind`` held now (``storage.check``
        and tests: what a process that died left behind)."""
        return await self.run(
            lambda c: [
                (int(r[0]), str(r[1]), float(r[2]))
                for r in c.execute(
                    "SELECT game_id, owner, lease_until FROM claims WHERE kind = ? "
                    "ORDER BY game_id",
                    (kind,),
                ).fetchall()
            ]
        )
