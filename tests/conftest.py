"""Fixtures for every test folder: the throwaway PostgreSQL server (tests/pg.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from storage.postgres import POSTGRESQL
from storage.schema import migrate
from tests.pg import TEMPLATE, Cluster, bindir, unavailable
from tests.skips import pytest_terminal_summary

__all__ = ["pytest_terminal_summary"]  # a hook: the skipped groups, said at the end


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """This test process's throwaway PostgreSQL server (tests/pg.py), with a migrated template."""
    bin_ = bindir()
    if bin_ is None:
        unavailable(
            "no pg_ctl in /usr/lib/postgresql/*/bin or on the PATH (apt-get install postgresql)"
        )
    assert bin_ is not None
    cluster = Cluster(bin_)
    try:
        cluster.start()
        cluster.admin(f"CREATE DATABASE {TEMPLATE} TEMPLATE template0")
        conn = POSTGRESQL.connect(cluster.url(TEMPLATE))
        try:
            migrate(conn)
        finally:
            conn.close()
    except Exception as e:
        cluster.stop()
        unavailable(f"the test server did not start: {e}")
    yield cluster
    cluster.stop()


@pytest.fixture(autouse=True)
def _english_to_begin_with() -> Iterator[None]:
    """Every test starts in English, whatever an earlier test of the same process left in the
    main thread's language (a picture drawn in another language would differ)."""
    from render import i18n

    token = i18n._current.set(i18n.DEFAULT)
    try:
        yield
    finally:
        i18n._current.reset(token)
