"""Storage: SQLite through aiosqlite — migrations, the event log, snapshots, backups.

``storage.db.Database`` is the only way in; ``python -m storage.check DBFILE`` verifies that
every stored game replays to its snapshot.
"""
