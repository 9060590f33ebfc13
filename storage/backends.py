"""The backends the game database can be on, and which one a path or URL names: a
``postgresql://`` URL is PostgreSQL (:mod:`storage.postgres`), anything else a SQLite file
(:mod:`storage.sqlite`). A new backend is a module implementing :class:`storage.dialect.Dialect`,
added to :data:`DIALECTS` before SQLite (which takes any path)."""

from __future__ import annotations

from storage.dialect import Connection, Dialect, Target
from storage.postgres import POSTGRESQL
from storage.sqlite import SQLITE

DIALECTS: tuple[Dialect, ...] = (POSTGRESQL, SQLITE)
"""Asked in order: the first that handles a target is its backend."""

DatabaseErrors: tuple[type[Exception], ...] = tuple(e for d in DIALECTS for e in d.errors)
"""Any error a database reported, whichever its backend."""
IntegrityErrors: tuple[type[Exception], ...] = tuple(
    e for d in DIALECTS for e in d.integrity_errors
)
"""A constraint refused a write, whichever the backend."""


def dialect_for(target: Target) -> Dialect:
    """The backend of the database at ``target`` (a SQLite file's path, or a URL)."""
    for dialect in DIALECTS:
        if dialect.handles(target):
            return dialect
    raise ValueError(f"no storage backend takes {target!r}")


def connect(target: Target, *, read_only: bool = False) -> Connection:
    """A plain synchronous connection (autocommit) to the database at ``target``, for the
    command-line tools and the tests; ``close()`` it."""
    return dialect_for(target).connect(target, read_only=read_only)
