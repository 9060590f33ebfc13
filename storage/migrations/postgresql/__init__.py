"""The PostgreSQL twins of the numbered migrations one folder up (same numbers and names)."""
