"""The host's fixtures (a host on a temp database with a fake clock, on both backends): the
storage tests play games."""

from tests.host.conftest import (  # noqa: F401
    backend,
    clock,
    db_path,
    host,
    hosts,
    new_db,
)
