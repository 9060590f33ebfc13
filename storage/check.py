"""Verify a game database: every started game replays from its seed and event log to exactly its
stored snapshot, with the same events, and the game row agrees with the log (a move taken back,
issue 46, is checked where it was played; its undo's row puts the state back to before it). A
snapshot written by an earlier version of the code, before its game's state kept some key,
checks out when every key it has agrees with the replay (it is reported as such; the next move
writes it whole).

Usage: ``python -m storage.check DBFILE|postgresql://… [--plugins MODULE ...]`` — prints one
line per problem and a summary; exit status 0 when every game checks out, 1 on any mismatch, 2
when the file is not a readable game database (missing, damaged, not ours). ``--plugins`` names
modules whose ``PLUGINS`` add games to the built-in ones (tests)."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import plugins
from engine.core import RuleError
from plugins import GamePlugin, PluginResolver
from storage import codec, undo
from storage.backends import dialect_for
from storage.dialect import Connection, Target
from storage.schema import migrations, schema_version


@dataclass
class CheckReport:
    """What :func:`check_database` found."""

    games_checked: int = 0
    moves_replayed: int = 0
    problems: list[str] = field(default_factory=list)
    integrity: str = "ok"
    older: list[str] = field(default_factory=list)
    """Games whose snapshot was written before the code kept some of a state's keys: every key
    it has agrees with the replay (the next move writes the full state)."""

    @property
    def ok(self) -> bool:
        return not self.problems and self.integrity == "ok"


class NewerDatabaseError(Exception):
    """The database was written by a newer version of the code (a later migration)."""


def check_database(path: str | Path, games: PluginResolver = plugins.get) -> CheckReport:
    """Replay every started game in the database at ``path`` (a SQLite file or a PostgreSQL URL,
    opened read-only). Raises :class:`NewerDatabaseError` for a database newer than this code
    (its games may use rules this code does not know), ``sqlite3`` or ``psycopg`` errors for a
    database that cannot be read (the backend's errors, ``dialect.errors``)."""
    report = CheckReport()
    conn = dialect_for(path).connect(path, read_only=True)
    try:
        version = schema_version(conn)
        known = len(migrations(conn.dialect))
        if version > known:
            raise NewerDatabaseError(
                f"schema version {version}, newer than this code ({known}): check it with the "
                "version of Vesuvius that wrote it, or upgrade"
            )
        report.integrity = conn.dialect.integrity(conn)
        game_rows = conn.execute(
            "SELECT g.id, g.kind, g.seed, g.players, g.options, g.version, g.status, "
            "s.seq, s.state FROM games g LEFT JOIN snapshots s ON s.game_id = g.id ORDER BY g.id"
        ).fetchall()
        for game_id, kind, seed, players, options, version, status, snap_seq, snap in game_rows:
            if snap is None:
                if status in {"active", "finished"}:
                    report.problems.append(f"game {game_id}: {status} but has no snapshot")
                continue
            report.games_checked += 1
            try:
                problem = _check_game(
                    conn,
                    games,
                    game_id,
                    kind,
                    seed,
                    players,
                    options,
                    version,
                    snap_seq,
                    snap,
                    report,
                )
            except Exception as e:  # a corrupt payload must be reported, not crash the check
                problem = f"could not be replayed: {type(e).__name__}: {e}"
            if problem:
                report.problems.append(f"game {game_id} ({kind}): {problem}")
    finally:
        conn.close()
    return report


def _check_game(
    conn: Connection,
    games: PluginResolver,
    game_id: int,
    kind: str,
    seed: int,
    players: int,
    options: bytes,
    version: int,
    snap_seq: int,
    snap: bytes,
    report: CheckReport,
) -> str | None:
    try:
        game = games(kind).engine
    except RuleError:
        return f"unknown game kind {kind!r}"
    variants = codec.loads(options).get("variants", {})
    state = game.new_game(seed, players, variants)
    expected_seq = 0
    standing: list[tuple[int, Any]] = []  # each move not taken back, with the state before it
    for seq, seat, action, events in conn.execute(
        "SELECT seq, seat, action, events FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
    ):
        expected_seq += 1
        if seq != expected_seq:
            return f"the log jumps from move {expected_seq - 1} to move {seq}"
        first = undo.back_to(action)
        if first is not None:  # moves taken back (issue 46): the state before the first
            if not standing or standing[-1][0] < first:
                return f"move {seq} takes back move {first}, which is not in play"
            while standing and standing[-1][0] >= first:
                _, state = standing.pop()
            continue
        try:
            transition = game.apply(state, seat, game.parse_action(action))
        except RuleError as e:
            return f"move {seq} ({action!r} by seat {seat}) no longer applies: {e}"
        if codec.normalise(list(transition.events)) != codec.loads(events):
            return f"move {seq} ({action!r}) produced different events than were recorded"
        standing.append((seq, state))
        state = transition.state
        report.moves_replayed += 1
    if expected_seq != version or snap_seq != version:
        return f"version {version}, snapshot at {snap_seq}, but {expected_seq} moves in the log"
    stored = codec.decode_state(kind, snap)
    replayed = codec.normalise(game.state_to_json(state))
    if replayed == stored:
        return None
    assert isinstance(replayed, dict)
    newer = sorted(set(replayed) - set(stored))
    if newer and all(replayed[k] == v for k, v in stored.items()):
        report.older.append(f"game {game_id} ({kind}): snapshot without {', '.join(newer)}")
        return None
    differ = sorted(k for k in set(replayed) | set(stored) if replayed.get(k) != stored.get(k))
    return f"the replayed state differs from the stored snapshot (in {', '.join(differ[:8])})"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m storage.check", description="Replay every game in a database file."
    )
    parser.add_argument("db", help="the SQLite database file, or a postgresql:// URL")
    parser.add_argument(
        "--plugins",
        dest="modules",
        action="append",
        default=[],
        help="a module whose PLUGINS add games to the built-in ones",
    )
    args = parser.parse_args(argv)
    dialect = dialect_for(args.db)
    target: Target = dialect.where(args.db)
    missing = dialect.missing(target)
    if missing:
        print(missing, file=sys.stderr)
        return 2
    unreadable: tuple[type[Exception], ...] = (*dialect.errors, UnicodeDecodeError)
    try:
        report = check_database(target, _resolver(args.modules))
    except NewerDatabaseError as e:
        print(f"{dialect.shown(target)}: not checked: {e}.", file=sys.stderr)
        return 2
    except unreadable as e:
        print(dialect.unreadable(target, e), file=sys.stderr)
        return 2
    return _print(report)


def _resolver(modules: Sequence[str]) -> PluginResolver:
    extra = {
        p.key: p
        for module in modules
        for p in getattr(importlib.import_module(module), "PLUGINS", ())
    }

    def games(kind: str) -> GamePlugin:
        return extra[kind] if kind in extra else plugins.get(kind)

    return games


def _print(report: CheckReport) -> int:
    for problem in report.problems:
        print(problem)
    for older in report.older:
        print(f"{older} (written by an earlier version: every key it has agrees)")
    if report.integrity != "ok":
        print(f"integrity_check: {report.integrity}")
    print(
        f"{report.games_checked} games, {report.moves_replayed} moves replayed: "
        + ("OK" if report.ok else f"{len(report.problems)} problem(s)")
    )
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
