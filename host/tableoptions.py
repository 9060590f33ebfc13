"""A table's options as the database stores them (``games.options``, JSON): the host's
:class:`~host.model.TableOptions`, and under ``coaching`` what each player chose and used to
learn (``storage.ratings`` reads ``rated`` and the learners)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core import JSON
from host.model import Coach, TableOptions
from storage import codec


def options_to_json(options: TableOptions) -> dict[str, JSON]:
    return {
        "kind": options.kind,
        "players": options.players,
        "variants": dict(options.variants),
        "turn_time": options.turn_time,
        "timeout_policy": options.timeout_policy,
        "reminders_at": list(options.reminders_at),
        "reminders_before": list(options.reminders_before),
        "max_timeouts": options.max_timeouts,
        "seat_order": options.seat_order,
        "ai_seats": options.ai_seats,
        "ai_level": options.ai_level,
        "auto_forced": options.auto_forced,
        "reserve": options.reserve,
        "increment": options.increment,
        "away": options.away,
        "claimable_ai": options.claimable_ai,
        "rated": options.rated,
    }


def options_blob(options: TableOptions, coaching: Mapping[int, Coach]) -> bytes:
    """The stored ``games.options``: the table's options and, under ``coaching``, what each
    player chose and used to learn (``storage.ratings`` reads ``rated`` and the learners)."""
    data = options_to_json(options)
    if coaching:
        data["coaching"] = {
            str(user): {"learning": c.learning, "hints": c.hints, "token": c.token}
            for user, c in sorted(coaching.items())
        }
    return codec.dumps(data)


def coaching_from_json(data: Mapping[str, JSON]) -> dict[int, Coach]:
    found = data.get("coaching")
    if not isinstance(found, Mapping):
        return {}
    return {
        int(user): Coach(bool(c.get("learning")), int(c.get("hints", 0)), int(c.get("token", -1)))
        for user, c in found.items()
        if isinstance(c, Mapping)
    }


def options_from_json(data: Mapping[str, JSON]) -> TableOptions:
    return TableOptions(
        kind=str(data["kind"]),
        players=data["players"],
        variants=dict(data["variants"]),
        turn_time=data["turn_time"],
        timeout_policy=data["timeout_policy"],
        reminders_at=tuple(data["reminders_at"]),
        reminders_before=tuple(data["reminders_before"]),
        max_timeouts=int(data["max_timeouts"]),
        seat_order=data["seat_order"],
        ai_seats=int(data["ai_seats"]),
        ai_level=str(data.get("ai_level", "normal")),
        auto_forced=bool(data.get("auto_forced", False)),
        reserve=float(data.get("reserve") or 0.0),
        increment=float(data.get("increment") or 0.0),
        away=bool(data.get("away", True)),
        claimable_ai=bool(data.get("claimable_ai", False)),
        rated=bool(data.get("rated", True)),
    )
