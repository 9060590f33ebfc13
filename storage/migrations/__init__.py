"""Numbered schema migrations (``0001_initial.sql``, ...), shipped as package data."""
