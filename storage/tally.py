"""What the database was asked to do: statements and commits, counted where they reach the
connection (SQLite's trace callback; the PostgreSQL connection's own ``execute``), so a bench
or a test can say what one move costs (issue 43) on either backend."""

from __future__ import annotations

from dataclasses import dataclass

WRITES = frozenset({"INSERT", "UPDATE", "DELETE", "REPLACE", "UPSERT"})
"""First words of a statement that writes (a write outside a transaction commits at once)."""


def _writes(text: str) -> bool:
    """Whether a ``WITH`` statement holds a data-modifying query (``w0 AS (UPDATE …)``)."""
    upper = text.upper()
    return any(f"AS ({word} " in upper for word in WRITES)


@dataclass
class Tally:
    """Statements sent to the database (each row of an ``executemany`` counts once, as the
    database runs it once per row; ``BEGIN`` and ``COMMIT`` count too) and the commits among
    them. Counted on the database thread; read them between calls."""

    statements: int = 0
    commits: int = 0
    """``COMMIT`` s, and writes made outside a transaction (each its own commit)."""
    open: bool = False
    """Inside an explicit transaction (``BEGIN`` … ``COMMIT``/``ROLLBACK``)."""
    seen: list[str] | None = None
    """When a list, every statement's text is added to it (a bench shows what a move sends)."""

    def saw(self, sql: str) -> None:
        """One statement ran (a comment line, a trigger's start in SQLite's trace, is none)."""
        text = sql.lstrip()
        if text.startswith("--"):
            return
        self.statements += 1
        if self.seen is not None:
            self.seen.append(" ".join(text.split()))
        word = text.split(None, 1)[0].upper() if text else ""
        if word == "BEGIN":
            self.open = True
        elif word in ("COMMIT", "END", "ROLLBACK"):
            self.commits += word != "ROLLBACK"
            self.open = False
        elif not self.open and (word in WRITES or (word == "WITH" and _writes(text))):
            self.commits += 1

    def since(self, before: Tally) -> Tally:
        """What was counted after ``before`` (a copy taken with :meth:`mark`)."""
        return Tally(self.statements - before.statements, self.commits - before.commits, self.open)

    def mark(self) -> Tally:
        """A copy of the counts now."""
        return Tally(self.statements, self.commits, self.open)
