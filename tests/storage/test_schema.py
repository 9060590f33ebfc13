"""The migrations, written once: every backend's SQL made from them, the same schema on SQLite
and PostgreSQL, and at every version exactly the schema the two sets of files of a522f42 (one
per backend, before they were one) made, so existing databases upgrade as before.

``schema_a522f42.json``: what those files made, read with :func:`tests.storage.catalog.exact`
after each migration (a digest per version, the last catalog whole)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from storage import schema
from storage.backends import DIALECTS
from storage.dialect import PLACEHOLDER, Connection, Dialect
from storage.postgres import POSTGRESQL
from storage.rows import StorageError
from storage.sqlite import SQLITE
from tests.pg import Cluster
from tests.storage.catalog import digest, exact, shared

BEFORE: dict[str, Any] = json.loads(Path(__file__).with_name("schema_a522f42.json").read_text())


def _fresh(dialect: Dialect, tmp_path: Path, request: pytest.FixtureRequest) -> Connection:
    """A new, empty database of ``dialect``'s backend, configured as the bot's."""
    if dialect is POSTGRESQL:
        cluster: Cluster = request.getfixturevalue("pg_cluster")
        conn = dialect.connect(cluster.new_database("template0"))
    else:
        conn = dialect.connect(tmp_path / "fresh.db")
    dialect.configure(conn)
    return conn


@pytest.fixture(params=DIALECTS, ids=lambda d: d.name)
def fresh(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Connection]:
    conn = _fresh(request.param, tmp_path, request)
    yield conn
    conn.close()


def test_one_file_per_migration_and_every_placeholder_known_to_every_dialect() -> None:
    files = schema.migration_files()
    assert [n for n, _name, _sql in files] == list(range(1, len(files) + 1)) and len(files) >= 9
    used = {m[1] for _n, _name, sql in files for m in PLACEHOLDER.finditer(sql)}
    for dialect in DIALECTS:
        assert set(dialect.fragments) == used, dialect.name  # none missing, none left over
        for _n, sql in schema.migrations(dialect):
            assert not PLACEHOLDER.search(sql)
    assert not (Path(schema.__file__).parent / "migrations" / "postgresql").exists()


def test_a_placeholder_no_dialect_knows_is_refused() -> None:
    with pytest.raises(StorageError, match=r"no migration fragment \{bigint\}"):
        SQLITE.migration("CREATE TABLE t (x {bigint});")


def test_the_migrations_make_the_same_schema_on_both_backends(
    tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    lite, pg = (_fresh(d, tmp_path, request) for d in (SQLITE, POSTGRESQL))
    try:
        for conn in (lite, pg):
            assert schema.migrate(conn) == len(schema.migration_files())
        ours, theirs = shared(lite), shared(pg)
    finally:
        lite.close()
        pg.close()
    assert set(ours) == {*schema.TABLES, "claims"}
    for table in ours:
        assert ours[table] == theirs[table], table
    assert ours["events"]["row_triggers"] == [
        ["events_append_only_delete", "DELETE"],
        ["events_append_only_update", "UPDATE"],
    ]


def test_every_version_is_the_schema_the_files_of_each_backend_made(
    fresh: Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Upgraded one migration at a time (as a database of each older version is), the schema
    equals, to the letter of the backend's catalog, what the two sets of files made."""
    before = BEFORE[fresh.dialect.name]
    shipped = schema.migrations(fresh.dialect)
    assert len(shipped) >= len(before["digests"])  # the later ones: the test above
    for number in range(1, len(before["digests"]) + 1):
        monkeypatch.setattr(schema, "migrations", lambda _dialect, n=number: shipped[:n])
        assert schema.migrate(fresh) == number
        now = exact(fresh)
        if number == len(before["digests"]):
            assert now == before["final"]
        assert digest(now) == before["digests"][number - 1], f"schema version {number}"
