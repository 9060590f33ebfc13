"""This game's words in the players' languages: its own catalog (the domain is the game's
key), ``render/cardcity/locales/<lang>/LC_MESSAGES/cardcity.po``, looked up before the bot's. Its
modules write every word a player reads through these names, so that ``make messages`` finds
them (docs/i18n.md)."""

from __future__ import annotations

from pathlib import Path

from render.i18n import N_, Catalog

CATALOG = Catalog("cardcity", Path(__file__).resolve().parent / "locales")
_ = CATALOG.gettext
ngettext = CATALOG.ngettext
pgettext = CATALOG.pgettext

__all__ = ["CATALOG", "N_", "_", "ngettext", "pgettext"]
