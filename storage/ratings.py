"""Results and ratings: derived from the finished games, in order of ending (docs/ratings.md).

When a game finishes, the transaction that writes its last move also writes one ``results`` row
per seat and updates the ``ratings`` of its players (openskill's Plackett–Luce model), per server
(``guild_id``) and game kind. Nothing here names a game: the rules read the stored outcome (its
``kind``, ``places``, ``winners``, a solo ``title``) and the seats' final flags.

- A rated game has two seats or more and a ``ranking`` outcome. Solo games, and the outcomes
  where the table wins or loses together (``shared_win``, ``all_lose``), are counted but not
  rated; a cancelled game never finishes, so it has no results at all.
- A resigned seat shares last place, below every seat that played on (whatever the AI that
  finished it achieved); a seat an AI took over after timeouts keeps the result its seat got.
- A seat that changed hands (issue 46: handed over or claimed) counts for whoever holds it at
  the end, and for nobody before them: the rules read the seats as they are then.
- AI seats are rated as the player ``"AI <level>"`` of the server; two seats of one level in one
  game are each rated from the level's rating before the game, and the level keeps their mean.
- A table opened unrated (the options' ``rated`` false) rates nobody, and a player who joined
  to learn (the options' ``coaching``: ``learning``) is not rated in it; their results are
  still counted (played, won, place). With fewer than two rated seats left nobody is rated.

``python -m storage.ratings --rebuild DBFILE`` recomputes everything from the games; live
updates give the same numbers (a game that ends out of order, e.g. under a clock set back,
recomputes its server's ratings of that game kind at once).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
from openskill.models import PlackettLuce

from storage.backends import dialect_for
from storage.dialect import Connection
from storage.schema import configure, migrate

MODEL = PlackettLuce()
"""openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (so sigma never freezes)."""
AI_LEVEL = re.compile(r"\((\w+)\)\s*$")
DEFAULT_AI_LEVEL = "normal"
"""The level of an AI seat whose name names none (``host.ai``'s default)."""
RATED_OUTCOME = "ranking"


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's result as counted: ``place`` (``None`` for a co-operative outcome),
    ``won``, whether it is ``rated``, and a solo record's ``title`` and ``rounds``."""

    seat: int
    player: str
    place: int | None
    won: bool
    rated: bool
    title: str = ""
    rounds: int | None = None


def player_of(user_id: int | None, ai: str | None) -> str:
    """The rated player of a seat: its user id in decimal, or ``"AI <level>"`` for an AI seat
    (the level from its name, ``"AI 2 (hard)"``)."""
    if user_id is not None:
        return str(user_id)
    match = AI_LEVEL.search(ai or "")
    return ai_player(match.group(1).lower() if match else DEFAULT_AI_LEVEL)


def ai_player(level: str) -> str:
    """The rated player an AI level is: ``"AI hard"``."""
    return f"AI {level}"


def results_of(
    outcome: Mapping[str, Any],
    seats: Sequence[tuple[int, int | None, str | None, bool]],
    unrated: Collection[int] = (),
) -> list[SeatResult]:
    """Each seat's counted result, from the stored outcome and ``(seat, user_id, ai, resigned)``
    of every seat (the rules in the module's docstring); ``unrated``: the seats not rated
    (an unrated table's, a learning player's)."""
    kind = str(outcome.get("kind", RATED_OUTCOME))
    places = list(outcome.get("places") or [])
    winners = set(outcome.get("winners") or [])
    scores = list(outcome.get("scores") or [])
    out: list[SeatResult] = []
    if kind == RATED_OUTCOME and len(seats) >= 2:
        playing = [s for s, _u, _a, resigned in seats if not resigned]
        for seat, user, ai, resigned in seats:
            if resigned:
                place = len(playing) + 1
            else:
                place = 1 + sum(1 for o in playing if places[o] < places[seat])
            won = place == 1 and not resigned
            rated = seat not in unrated and len(seats) - len(set(unrated)) >= 2
            out.append(SeatResult(seat, player_of(user, ai), place, won, rated))
        return out
    for seat, user, ai, resigned in seats:
        figures = scores[seat] if seat < len(scores) else {}
        rounds = figures.get("round") if isinstance(figures, Mapping) else None
        if kind in ("shared_win", "all_lose"):
            won = kind == "shared_win" and not resigned
            out.append(SeatResult(seat, player_of(user, ai), None, won, False))
        else:  # solo (or a ranking at a table of one)
            won = seat in winners and not resigned
            # A resigned solo seat the AI played out keeps no title: resigning concedes.
            title = "" if resigned else str(outcome.get("title") or "")
            rounds = None if resigned else rounds
            out.append(
                SeatResult(
                    seat,
                    player_of(user, ai),
                    1,
                    won,
                    False,
                    title,
                    rounds if isinstance(rounds, int) else None,
                )
            )
    return out


def rate(
    current: Mapping[str, tuple[float, float]], results: Sequence[SeatResult]
) -> dict[str, tuple[float, float]]:
    """The new ``(mu, sigma)`` of every rated player, from their rating before the game
    (``current``; a newcomer starts at the model's default)."""
    rated = [r for r in results if r.rated]
    if len(rated) < 2:
        return {}
    teams = []
    for r in rated:
        mu, sigma = current.get(r.player, (MODEL.mu, MODEL.sigma))
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    new = MODEL.rate(teams, ranks=[float(r.place or 0) for r in rated])
    seen: dict[str, list[tuple[float, float]]] = {}
    for r, (after,) in zip(rated, new, strict=True):
        seen.setdefault(r.player, []).append((after.mu, after.sigma))
    return {
        p: (sum(m for m, _ in v) / len(v), sum(s for _, s in v) / len(v)) for p, v in seen.items()
    }


# -- in the database ---------------------------------------------------------------------------


def record_game(c: Connection, game_id: int) -> None:
    """Write a just-finished game's results and update its players' ratings (inside the
    caller's transaction). A game that ends before another game already rated in its
    server and kind (in the order of ending) recomputes that server's kind instead."""
    row = c.execute(
        "SELECT guild_id, kind, outcome FROM games WHERE id = ? AND status = 'finished'",
        (game_id,),
    ).fetchone()
    if row is None or row[2] is None:
        return
    guild_id, kind = int(row[0]), str(row[1])
    ended_at = _ended_at(c, game_id)
    later = c.execute(
        "SELECT 1 FROM results WHERE guild_id = ? AND kind = ? AND rated = 1 "
        "AND (ended_at, game_id) > (?, ?) LIMIT 1",
        (guild_id, kind, ended_at, game_id),
    ).fetchone()
    if later is not None:
        rebuild_partition(c, guild_id, kind)
    else:
        _record(c, game_id, guild_id, kind, orjson.loads(row[2]), ended_at)


def _ended_at(c: Connection, game_id: int) -> float:
    """When the game ended: the time of its last move in the log."""
    row = c.execute(
        "SELECT at FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)
    ).fetchone()
    if row is None:
        row = c.execute("SELECT updated_at FROM games WHERE id = ?", (game_id,)).fetchone()
    return float(row[0])


def _record(
    c: Connection,
    game_id: int,
    guild_id: int,
    kind: str,
    outcome: Mapping[str, Any],
    ended_at: float,
) -> None:
    seats = [
        (int(s), u, a, bool(r))
        for s, u, a, r in c.execute(
            "SELECT seat, user_id, ai, resigned FROM seats WHERE game_id = ? ORDER BY seat",
            (game_id,),
        )
    ]
    results = results_of(outcome, seats, _unrated(c, game_id, seats))
    players = sorted({r.player for r in results if r.rated})
    current: dict[str, tuple[float, float]] = {}
    counts: dict[str, int] = {}
    for p in players:
        found = c.execute(
            "SELECT mu, sigma, games FROM ratings WHERE guild_id = ? AND kind = ? AND player = ?",
            (guild_id, kind, p),
        ).fetchone()
        if found is not None:
            current[p] = (float(found[0]), float(found[1]))
            counts[p] = int(found[2])
    new = rate(current, results)
    c.executemany(
        "INSERT INTO ratings (guild_id, kind, player, mu, sigma, ordinal, games) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, player) DO UPDATE SET "
        "mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal, "
        "games = excluded.games",
        [
            (guild_id, kind, p, mu, sigma, mu - 3 * sigma, counts.get(p, 0) + 1)
            for p, (mu, sigma) in new.items()
        ],
    )
    outcome_kind = str(outcome.get("kind", RATED_OUTCOME))
    c.executemany(
        "INSERT INTO results (game_id, seat, guild_id, kind, player, outcome, place, won, "
        "rated, mu, sigma, title, rounds, ended_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE "
        "SET guild_id = excluded.guild_id, kind = excluded.kind, player = excluded.player, "
        "outcome = excluded.outcome, place = excluded.place, won = excluded.won, "
        "rated = excluded.rated, mu = excluded.mu, sigma = excluded.sigma, "
        "title = excluded.title, rounds = excluded.rounds, ended_at = excluded.ended_at",
        [
            (
                game_id,
                r.seat,
                guild_id,
                kind,
                r.player,
                outcome_kind,
                r.place,
                int(r.won),
                int(r.rated),
                new[r.player][0] if r.rated else None,
                new[r.player][1] if r.rated else None,
                r.title,
                r.rounds,
                ended_at,
            )
            for r in results
        ],
    )


def _unrated(
    c: Connection, game_id: int, seats: Sequence[tuple[int, int | None, str | None, bool]]
) -> set[int]:
    """The seats of a game that are not rated: every seat of a table opened unrated, else
    those of the players who joined to learn (``host.tableoptions.options_blob`` writes both)."""
    row = c.execute("SELECT options FROM games WHERE id = ?", (game_id,)).fetchone()
    options = orjson.loads(row[0]) if row is not None and row[0] else {}
    if not options.get("rated", True):
        return {seat for seat, *_ in seats}
    coaching = options.get("coaching") or {}
    learners = {int(user) for user, c in coaching.items() if c.get("learning")}
    return {seat for seat, user, _ai, _resigned in seats if user in learners}


def _finished(c: Connection, where: str, params: tuple[Any, ...]) -> list[Any]:
    """Finished games ``(ended_at, id, guild, kind, outcome)`` in order of ending."""
    rows = c.execute(
        "SELECT coalesce((SELECT e.at FROM events e WHERE e.game_id = g.id "
        "ORDER BY e.seq DESC LIMIT 1), g.updated_at), g.id, g.guild_id, g.kind, g.outcome "
        f"FROM games g WHERE g.status = 'finished' AND g.outcome IS NOT NULL {where}",
        params,
    ).fetchall()
    rows.sort(key=lambda r: (float(r[0]), int(r[1])))
    return rows


def rebuild_partition(c: Connection, guild_id: int, kind: str) -> None:
    """Recompute one server's results and ratings of one game kind (in the caller's
    transaction)."""
    c.execute("DELETE FROM ratings WHERE guild_id = ? AND kind = ?", (guild_id, kind))
    c.execute("DELETE FROM results WHERE guild_id = ? AND kind = ?", (guild_id, kind))
    for ended, gid, guild, k, outcome in _finished(
        c, "AND g.guild_id = ? AND g.kind = ?", (guild_id, kind)
    ):
        _record(c, int(gid), int(guild), str(k), orjson.loads(outcome), float(ended))


def rebuild(c: Connection) -> int:
    """Recompute every result and rating from the finished games, in one transaction; returns
    how many games were counted."""
    c.execute("BEGIN IMMEDIATE")
    try:
        c.execute("DELETE FROM ratings")
        c.execute("DELETE FROM results")
        games = _finished(c, "", ())
        for ended, gid, guild, kind, outcome in games:
            _record(c, int(gid), int(guild), str(kind), orjson.loads(outcome), float(ended))
        c.execute("COMMIT")
    except BaseException:
        c.execute("ROLLBACK")
        raise
    return len(games)


def needs_rebuild(c: Connection) -> bool:
    """Whether a finished game has no results yet (a database from before migration 0006)."""
    row = c.execute(
        "SELECT 1 FROM games g WHERE g.status = 'finished' AND g.outcome IS NOT NULL "
        "AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id) LIMIT 1"
    ).fetchone()
    return row is not None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m storage.ratings",
        description="Recompute every result and rating from the finished games.",
    )
    parser.add_argument("--rebuild", action="store_true", required=True)
    parser.add_argument(
        "db",
        help="the game database, a SQLite file or a postgresql:// URL (the bot may run)",
    )
    args = parser.parse_args(argv)
    dialect = dialect_for(args.db)
    if dialect.missing(args.db):
        print(f"{args.db}: no such database", file=sys.stderr)
        return 2
    shown = dialect.shown
    try:
        conn = dialect.connect(args.db)
    except dialect.errors as e:
        print(f"{shown(args.db)}: cannot open it: {e}", file=sys.stderr)
        return 2
    try:
        configure(conn)
        migrate(conn)
        count = rebuild(conn)
    except dialect.errors as e:
        print(f"{shown(args.db)}: cannot rebuild the ratings: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"{shown(args.db)}: cannot rebuild the ratings: {e}", file=sys.stderr)
        return 2
    finally:
        conn.close()
    print(f"{shown(args.db)}: ratings rebuilt from {count} finished games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
