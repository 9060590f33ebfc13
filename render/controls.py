"""Declarative controls: what a decision needs on screen, as data.

A game's presentation turns the engine's legal choices into one of these; ``cogs/`` turns them
into Discord buttons and menus (and the sandbox page into its own widgets). Every option is an
:class:`~engine.core.ActionChoice`, so whatever a control offers is a legal action the host
parses and applies like typed ``/move`` text. Navigation (opening a group, turning a page)
plays nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import ActionChoice


@dataclass(frozen=True)
class Choose:
    """Pick one of ``options``: buttons when they fit, else menus of 25. ``typed`` more legal
    actions are left out (too many for menus, e.g. a statue's placements) and are reached by
    typing ``/move``; ``hint`` says how."""

    options: tuple[ActionChoice, ...]
    typed: int = 0
    hint: str = ""


@dataclass(frozen=True)
class Group:
    """One first-step choice of a :class:`TwoStep`: ``key`` (short, for a custom id), the
    label, and the options it opens."""

    key: str
    label: str
    options: tuple[ActionChoice, ...]


@dataclass(frozen=True)
class TwoStep:
    """Pick a group first (a space on the board), then one of its options (how to use it);
    ``extra`` options are offered beside the groups (e.g. placing the army)."""

    groups: tuple[Group, ...]
    prompt: str = "Choose where…"
    extra: tuple[ActionChoice, ...] = ()


@dataclass(frozen=True)
class Page:
    """One item of a :class:`Browser` (a card): its title and text, and what can be done with
    it now (often nothing: a card that cannot be used yet is still shown)."""

    title: str
    text: str
    options: tuple[ActionChoice, ...] = ()


@dataclass(frozen=True)
class Browser:
    """A paged browser for more items than a menu shows well: one page at a time with
    previous / next, the page's own options, and ``extra`` options on every page."""

    pages: tuple[Page, ...]
    extra: tuple[ActionChoice, ...] = ()


@dataclass(frozen=True)
class StepRow:
    """One line of a :class:`Stepper`: ``label`` at ``value``, with the actions that lower or
    raise it by one (``None`` where it cannot move)."""

    key: str
    label: str
    value: int
    down: ActionChoice | None = None
    up: ActionChoice | None = None


@dataclass(frozen=True)
class Stepper:
    """A board of counters that the player revises until they lock (an offering): the rows,
    a running status line (``"9 of 13 offered"``), the lock, and ``extra`` options."""

    rows: tuple[StepRow, ...]
    status: str
    lock: ActionChoice | None
    extra: tuple[ActionChoice, ...] = ()


Controls = Choose | TwoStep | Browser | Stepper
"""Every kind of control a decision can ask for."""
