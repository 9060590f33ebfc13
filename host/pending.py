"""What a game waits for: the engine's pending decisions with what the host derives from them
(who is waited for, who may act, when the same decision goes on), the seats' decision tokens,
a seat's only legal action and the answers players gave in advance.

Pure functions of the engine's :meth:`~engine.core.Game.pending` decisions and the table's
options; no database, no clock.

- On timeout a seat plays what the rules say (``Decision.defaults``), else the table's policy
  decides: the AI, or under ``skip`` the seat's pass (``Decision.skips``) where the game names one.
- A seat's *decision token* is the version at which its legal actions last changed; buttons carry
  it, so a move by one seat leaves the buttons of another seat whose choices did not change valid.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.core import Decision, Game, Seat, decision_of, waited
from host.model import TableOptions
from storage.rows import SeatRow

Decided = tuple[Decision[Any], ...]


@dataclass(frozen=True)
class Pending:
    """A state's decisions with what the host derives from them."""

    decisions: Decided

    @property
    def waited(self) -> frozenset[Seat]:
        """The seats the game waits for (out-of-turn options are not waited for)."""
        return waited(self.decisions)

    @property
    def deciders(self) -> frozenset[Seat]:
        """Every seat that may act now, options included."""
        return frozenset(s for d in self.decisions for s in d.seats)

    @property
    def keys(self) -> frozenset[str]:
        """The keys of the waited decisions: while they stay the same, so does the deadline."""
        return frozenset(d.key for d in self.decisions if d.waits)

    @property
    def over(self) -> bool:
        return not self.decisions

    def of(self, seat: Seat) -> Decision[Any] | None:
        """The decision ``seat`` takes part in (a waited one first), if any."""
        return decision_of(self.decisions, seat)

    def time_limit(self) -> float | None:
        """The time the rules give the waited decisions (the shortest), or ``None``."""
        limits = [d.time_limit for d in self.decisions if d.waits and d.time_limit is not None]
        return max(1.0, float(min(limits))) if limits else None

    def default(self, seat: Seat) -> Any | None:
        """What the rules play when ``seat`` lets its decision time out, if they say."""
        decision = self.of(seat)
        return None if decision is None else decision.defaults.get(seat)

    def skip(self, seat: Seat) -> Any | None:
        """The seat's pass, which the ``skip`` timeout policy plays, if the game names one."""
        decision = self.of(seat)
        return None if decision is None else decision.skips.get(seat)


def pending_of(game: Game[Any, Any], state: Any) -> Pending:
    return Pending(tuple(game.pending(state)) if state is not None else ())


def continues(before: Pending, after: Pending) -> bool:
    """Whether ``after`` is the same waited decision as ``before`` going on (some of its seats
    answered): then its deadline and the waiting times of its seats run on."""
    return bool(after.waited) and after.keys == before.keys


def forced_seat(
    options: TableOptions, game: Game[Any, Any], state: Any, pending: Pending
) -> Seat | None:
    """The seat whose only legal action the table plays at once (``auto_forced``). Not when
    that action is what the rules do on silence anyway (a permit holder with nothing that fits
    declining): playing it at once would show everyone the seat had no choice."""
    if not options.auto_forced or len(pending.waited) != 1:
        return None
    (seat,) = pending.waited
    if len(game.legal_actions(state, seat)) != 1:
        return None
    return None if pending.default(seat) is not None else seat


def standing_answers(seats: Iterable[SeatRow], pending: Pending) -> list[tuple[Seat, Any]]:
    """The window answers players gave in advance (``window_order``): ``never`` lets every
    window pass; ``after:<n>`` lets it pass unless it follows seat ``n``'s turn."""
    out: list[tuple[Seat, Any]] = []
    by_seat = {s.seat: s for s in seats}
    for decision in pending.decisions:
        if decision.kind != "window":
            continue
        for seat in sorted(decision.seats):
            row = by_seat.get(seat)
            default = decision.defaults.get(seat)
            if row is None or default is None or row.ai_controlled:
                continue
            order = row.window_order
            if order == "never" or (
                order.startswith("after:") and order != f"after:{decision.origin}"
            ):
                out.append((seat, default))
    return out


def tokens(
    game: Game[Any, Any],
    before: Any,
    after: Any,
    seats: Iterable[SeatRow],
    version: int,
    legal_before: dict[Seat, tuple[Any, ...]],
) -> tuple[dict[Seat, int], dict[Seat, tuple[Any, ...]]]:
    """Each seat's decision token after a move to ``version`` (the version when its legal
    actions last changed), and the legal actions of ``after`` per seat that has any.
    ``legal_before`` holds the legal actions of ``before`` already known (filled in here)."""
    able_before = pending_of(game, before).deciders
    able_after = pending_of(game, after).deciders
    out: dict[Seat, int] = {}
    legal_after: dict[Seat, tuple[Any, ...]] = {}
    for row in seats:
        seat = row.seat
        if seat not in able_before and seat not in able_after:
            out[seat] = row.token
            continue
        old = legal_before.get(seat)
        if old is None:
            old = tuple(game.legal_actions(before, seat)) if seat in able_before else ()
        new = tuple(game.legal_actions(after, seat)) if seat in able_after else ()
        if new:
            legal_after[seat] = new
        out[seat] = row.token if new == old else version
    return out, legal_after


__all__ = [
    "Pending",
    "continues",
    "forced_seat",
    "pending_of",
    "standing_answers",
    "tokens",
]
