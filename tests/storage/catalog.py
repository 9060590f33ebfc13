"""What a database's schema is, read from its own catalog: exactly (everything the backend keeps:
SQLite's ``sqlite_master``; PostgreSQL's columns, constraints, indexes, triggers and functions)
and in a form both backends share (tables, columns with normalised types, nullability and
defaults, primary keys, foreign keys, indexes with their columns and uniqueness, row triggers)."""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from storage.dialect import Connection

BOOKKEEPING = {"schema_version"}
"""PostgreSQL's record of the schema version (SQLite's is ``PRAGMA user_version``)."""

TYPES = {
    "integer": "integer",
    "bigint": "integer",
    "real": "real",
    "double precision": "real",
    "blob": "blob",
    "bytea": "blob",
    "text": "text",
}


def exact(c: Connection) -> dict[str, Any]:
    """Everything the backend keeps of the schema (lists sorted, for a stable comparison)."""
    if c.dialect.name == "sqlite":
        rows = c.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        ).fetchall()
        return {"sqlite_master": [list(r) for r in rows]}
    query = {
        "columns": "SELECT table_name, column_name, ordinal_position, data_type, is_nullable, "
        "column_default, is_identity, identity_generation FROM information_schema.columns "
        "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position",
        "constraints": "SELECT r.relname, n.conname, n.contype, pg_get_constraintdef(n.oid) "
        "FROM pg_constraint n JOIN pg_class r ON r.oid = n.conrelid "
        "WHERE r.relnamespace = current_schema()::regnamespace ORDER BY 1, 2",
        "indexes": "SELECT tablename, indexname, indexdef FROM pg_indexes "
        "WHERE schemaname = current_schema() ORDER BY 1, 2",
        "triggers": "SELECT r.relname, t.tgname, pg_get_triggerdef(t.oid) FROM pg_trigger t "
        "JOIN pg_class r ON r.oid = t.tgrelid "
        "WHERE NOT t.tgisinternal AND r.relnamespace = current_schema()::regnamespace "
        "ORDER BY 1, 2",
        "functions": "SELECT proname, prosrc FROM pg_proc "
        "WHERE pronamespace = current_schema()::regnamespace ORDER BY 1",
    }
    return {k: [list(r) for r in c.execute(sql).fetchall()] for k, sql in query.items()}


def digest(catalog: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(catalog, sort_keys=True).encode()).hexdigest()


def shared(c: Connection) -> dict[str, Any]:
    """The schema in the terms both backends share, per table."""
    read = _sqlite if c.dialect.name == "sqlite" else _postgres
    return {t: v for t, v in read(c).items() if t not in BOOKKEEPING}


def _default(text: str | None) -> str | None:
    """A column default without PostgreSQL's casts (``'dm'::text`` is SQLite's ``'dm'``)."""
    return None if text is None else re.sub(r"::[a-z ]+$", "", str(text))


def _sqlite(c: Connection) -> dict[str, Any]:
    tables = [
        str(r[0])
        for r in c.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        )
    ]
    found: dict[str, Any] = {}
    for t in tables:
        info = c.execute(f"PRAGMA table_info({t})").fetchall()
        pk = [str(r[1]) for r in sorted((r for r in info if r[5]), key=lambda r: r[5])]
        keys: dict[int, list[Any]] = {}
        for r in c.execute(f"PRAGMA foreign_key_list({t})"):
            keys.setdefault(r[0], [r[2], [], []])
            keys[r[0]][1].append(r[3])
            keys[r[0]][2].append(r[4])
        indexes = {}
        for r in c.execute(f"PRAGMA index_list({t})").fetchall():
            if r[3] != "c":  # made by the primary key or a UNIQUE column, not CREATE INDEX
                continue
            cols = [str(x[2]) for x in c.execute(f"PRAGMA index_info({r[1]})")]
            indexes[str(r[1])] = {"columns": cols, "unique": bool(r[2]), "partial": bool(r[4])}
        triggers = sorted(
            (str(r[0]), _event(str(r[1])))
            for r in c.execute(
                "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?",
                (t,),
            )
        )
        found[t] = {
            "columns": [
                [str(r[1]), TYPES[str(r[2]).lower()], bool(r[3]) or str(r[1]) in pk, r[4]]
                for r in info
            ],
            "primary_key": pk,
            "foreign_keys": sorted(keys.values()),
            "indexes": indexes,
            "row_triggers": [list(x) for x in triggers],
        }
    return found


def _event(sql: str) -> str:
    return re.search(r"BEFORE (UPDATE|DELETE|INSERT)", sql).group(1)  # type: ignore[union-attr]


def _postgres(c: Connection) -> dict[str, Any]:
    found: dict[str, Any] = {}
    columns = c.execute(
        "SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity "
        "FROM information_schema.columns WHERE table_schema = current_schema() "
        "ORDER BY table_name, ordinal_position"
    ).fetchall()
    for table, name, kind, nullable, default, identity in columns:
        entry = found.setdefault(
            table,
            {"columns": [], "primary_key": [], "foreign_keys": [], "indexes": {}},
        )
        shown = None if identity == "YES" else _default(default)
        entry["columns"].append([name, TYPES[kind], nullable == "NO", shown])
    for table, kind, columns_, ref_table, ref_columns in c.execute(
        "SELECT r.relname, n.contype, "
        "ARRAY(SELECT a.attname FROM unnest(n.conkey) WITH ORDINALITY k(n, i) "
        "JOIN pg_attribute a ON a.attrelid = n.conrelid AND a.attnum = k.n ORDER BY k.i), "
        "f.relname, "
        "ARRAY(SELECT a.attname FROM unnest(n.confkey) WITH ORDINALITY k(n, i) "
        "JOIN pg_attribute a ON a.attrelid = n.confrelid AND a.attnum = k.n ORDER BY k.i) "
        "FROM pg_constraint n JOIN pg_class r ON r.oid = n.conrelid "
        "LEFT JOIN pg_class f ON f.oid = n.confrelid "
        "WHERE r.relnamespace = current_schema()::regnamespace AND n.contype IN ('p', 'f')"
    ).fetchall():
        if kind == "p":
            found[table]["primary_key"] = list(columns_)
        else:
            found[table]["foreign_keys"].append([ref_table, list(columns_), list(ref_columns)])
    for table, index, unique, partial, columns_ in c.execute(
        "SELECT r.relname, i.relname, x.indisunique, x.indpred IS NOT NULL, "
        "ARRAY(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY k(n, o) "
        "JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.n ORDER BY k.o) "
        "FROM pg_index x JOIN pg_class r ON r.oid = x.indrelid "
        "JOIN pg_class i ON i.oid = x.indexrelid "
        "WHERE r.relnamespace = current_schema()::regnamespace AND NOT x.indisprimary"
    ).fetchall():
        found[table]["indexes"][index] = {
            "columns": list(columns_),
            "unique": bool(unique),
            "partial": bool(partial),
        }
    for entry in found.values():
        entry["foreign_keys"].sort()
        entry["row_triggers"] = []
    for table, name, event in c.execute(
        "SELECT event_object_table, trigger_name, event_manipulation "
        "FROM information_schema.triggers WHERE trigger_schema = current_schema() "
        "AND action_orientation = 'ROW'"
    ).fetchall():
        found[table]["row_triggers"].append([name, event])
    for entry in found.values():
        entry["row_triggers"].sort()
    return found
