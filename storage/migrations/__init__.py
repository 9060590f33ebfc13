"""Numbered schema migrations (``0001_initial.sql``, ...), shipped as package data and written
once for every backend: SQL both accept, with placeholders for what differs, each replaced by
the backend's ``Dialect.fragments`` (``storage.sqlite``, ``storage.postgres``):

- ``{int}``: an integer column (SQLite ``INTEGER``; PostgreSQL ``BIGINT``: Discord ids need 64
  bits); ``{real}``: seconds since the epoch (``REAL``; ``DOUBLE PRECISION``, not a 4-byte
  ``REAL``); ``{blob}``: orjson-encoded JSON (``BLOB``; ``BYTEA``);
- ``{autoincrement_id}``: ``games.id`` (the rowid, ``INTEGER PRIMARY KEY``; an identity
  column); ``{without_rowid}``: after a table with a composite primary key (SQLite's ``WITHOUT
  ROWID``; nothing);
- ``{events_append_only}``: the triggers that refuse to change the event log (SQLite
  ``RAISE(ABORT, …)`` on ``UPDATE`` and ``DELETE``; a trigger function raising
  ``integrity_constraint_violation`` on ``UPDATE``, ``DELETE`` and ``TRUNCATE``);
  ``{events_append_only_update_drop}`` and ``{events_append_only_update}``: its ``UPDATE``
  trigger dropped and made again (migration 0005).

A released migration never changes, nor does what its placeholders become; a new need is a new
placeholder in every dialect.
"""
