"""The host's fixtures (a host on a temp file with a fake clock): the ratings tests play games."""

from tests.host.conftest import clock, db_path, host, hosts  # noqa: F401
