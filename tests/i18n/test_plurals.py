"""Counts are plural-aware (issue 44): a catalog message that formats a count (a ``{count}``,
``{n}`` or ``{number}`` placeholder) is a plural entry (``ngettext``: ``msgid_plural``, every
form the language's rule asks for, ``tests/i18n/test_catalogs.py``), or is listed below with
the reason it is not. A new counted message written with ``_()`` fails here: write it with
``ngettext`` (or, in an engine, a ``Text`` for 1 beside one for the rest), or list it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from tools.messages import Source, sources

COUNT = re.compile(r"\{(count|n|number)\}")

IDENTIFIER = "the number names a seat, a player, an AI, a house, a building or a step: not a count"
LABEL = "a label: the number follows a colon, or stands alone; no word agrees with it"
RATIO = "a ratio (x of y, x/y): no word agrees with x"
ENGINE = (
    "an engine's Text: the engine writes a separate message for 1 ('1 step', '1 piece lost'); "
    "es, nl and de use their other form for every n ≥ 2 below a million"
)
GOODS = "a good's name is a mass noun or a unit's name said by the game's catalog, not a plural"
PENDING = "a count not plural-aware yet (issue 44: left); a translation must read for 1 too"
HOST = "a host refusal: said by fill() at the edge, which has no plural yet (PENDING)"

NOT_PLURAL: dict[tuple[str, str], str] = {
    ("vesuvius", "{n}th"): IDENTIFIER,
    ("vesuvius", "… and {count} more (type in `/move` to narrow them)"): LABEL,
    ("vesuvius", "… showing {count} of {total}: type to narrow the list"): RATIO,
    (
        "vesuvius",
        "⏯ **Replay of game #{game}** · {title} · step {step} of {count}{running} · move {version}",
    ): RATIO,
    ("vesuvius", "{heading} · the whole game, {every} ({count} in all), move {version}"): LABEL,
    ("vesuvius", "AI {number}"): IDENTIFIER,
    ("vesuvius", "Seat {number}"): IDENTIFIER,
    (
        "vesuvius",
        "🌋 **{title}** — game #{game}, waiting for players\nPlayers ({count}/{players}): "
        "{seated}\nOptions: {options}\nJoin with **Join** or `/game join`; {creator} starts "
        "with **Start** or `/game start`.",
    ): RATIO,
    ("vesuvius", "open table, {count}/{players} seated ({seated}): join there"): RATIO,
    ("vesuvius", "{n} players"): PENDING,
    ("vesuvius", "the player in seat {number}"): IDENTIFIER,
    (
        "vesuvius",
        "That is too long to be a move ({count} characters). Pick one from the suggestions "
        "of `/move`.",
    ): HOST,
    ("vesuvius", "The table is full ({count} of {count} seats)."): HOST,
    ("vesuvius", "{title} needs at least {least} players; {count} joined so far."): HOST,
    ("vesuvius", "{title} is not played by {count}: it is for {players}."): HOST,
    ("cardcity", "Permit window open; then player {n} plays."): IDENTIFIER,
    ("cardcity", "Not your turn: waiting for player {n}."): IDENTIFIER,
    ("cardcity", "Player {n}"): IDENTIFIER,
    ("cardcity", "Danger! the 1st volcano is in the next {n}"): PENDING,
    ("cardcity", "Danger! the 2nd volcano is in the last {n}"): PENDING,
    ("cardcity", "Deck: {n}"): LABEL,
    ("downfall", "house {number} on {squares}"): IDENTIFIER,
    ("downfall", "{square} (house {number})"): IDENTIFIER,
    ("downfall", "{n} steps"): ENGINE,
    ("downfall", "{n} pieces lost"): ENGINE,
    ("downfall", "{n} {colour}"): PENDING,
    ("downfall", "Lava in the bag · {n} dual"): PENDING,
    ("workers", "There is no building {number}."): IDENTIFIER,
    ("workers", "There is no seat {number} (seats are 0–3)."): IDENTIFIER,
    ("workers", "{n} {good}"): GOODS,
    ("workers", "Put {n} of your starting units on {good}"): PENDING,
    ("workers", " on building {n}"): IDENTIFIER,
    ("workers", "Trade {n} {good} for {got} {other}"): GOODS,
    ("workers", "Offer {n} {good} (value {value})"): GOODS,
    ("workers", "Collect {n} {good} at the {field} field{using}"): GOODS,
    ("workers", "Produce at {building}: {paid} → {n} {good}{using}"): GOODS,
    ("workers", "Volcano {set}: {n} face down"): PENDING,
    ("workers", "{who} looked at the top {count} volcano cards"): PENDING,
    ("workers", "Extra actions left this turn: {n}"): LABEL,
    ("workers", "Coins on the Foro: {n} (it can be built when none are left)"): LABEL,
    ("workers", "{n} hired"): PENDING,
    ("workers", "{n} injured"): PENDING,
    ("workers", "{n} on C28"): LABEL,
    ("workers", "{n} on C31"): LABEL,
    ("workers", "{n} drawn"): PENDING,
    ("workers", "{n} draws left"): PENDING,
    ("workers", " · {n} drawn: keep one"): PENDING,
    ("workers", "{n} workers"): PENDING,
}
"""Counted-looking messages that are not plural entries, each with its reason."""


def _template(source: Source) -> Catalog:
    with Path(source.template).open("rb") as f:
        return read_po(f)


def singular_counts(catalog: Catalog) -> list[str]:
    """The messages of ``catalog`` that format a count but are not plural entries."""
    return [
        m.id
        for m in catalog
        if m.id and not isinstance(m.id, tuple) and COUNT.search(m.id) is not None
    ]


@pytest.mark.parametrize("source", sources(), ids=lambda s: s.domain)
def test_every_counted_message_is_plural_aware(source: Source) -> None:
    found = singular_counts(_template(source))
    unlisted = [m for m in found if (source.domain, m) not in NOT_PLURAL]
    assert unlisted == [], "counted messages without plural forms: use ngettext"
    stale = [m for d, m in NOT_PLURAL if d == source.domain and m not in found]
    assert stale == [], "listed messages that are no longer singular counts: unlist them"


def test_a_planted_singular_count_is_caught() -> None:
    """The check flags a counted ``_()`` message, and not its ``ngettext`` twin."""
    catalog = Catalog(locale="en")
    catalog.add("{count} tiles were placed")
    catalog.add(("{n} piece lost", "{n} pieces lost"))
    catalog.add("Seat {seat}")
    assert singular_counts(catalog) == ["{count} tiles were placed"]
