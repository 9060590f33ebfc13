"""Pompeii's controls over real positions: every option is a legal choice, and every legal
choice is reachable (pledges further than one step by steps, as documented)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest

from engine.core import ActionChoice
from engine.workers import GAME
from render.controls import Browser, Choose, Controls, Stepper, TwoStep
from render.workers import menus as controls
from tests.render.workers import positions

MENU = 25


def offered(c: Controls) -> list[ActionChoice]:
    """Every option the controls put on screen."""
    if isinstance(c, Choose):
        return list(c.options)
    if isinstance(c, TwoStep):
        return [o for g in c.groups for o in g.options] + list(c.extra)
    if isinstance(c, Browser):
        return [o for p in c.pages for o in p.options] + list(c.extra)
    out = [o for r in c.rows for o in (r.down, r.up) if o is not None]
    return out + ([c.lock] if c.lock else []) + list(c.extra)


def _decisions(
    players: int, seed: int, every: int
) -> Iterator[tuple[dict[str, object], int, list[ActionChoice]]]:
    for s in positions.sample(players, seed, {}, every):
        for seat in positions.deciding(s):
            yield GAME.view(s, seat), seat, positions.choices(s, seat)


def check(view: dict[str, object], seat: int, choices: list[ActionChoice]) -> Controls:
    c = controls.controls(view, seat, choices)
    shown = offered(c)
    legal = {x.notation for x in choices}
    assert {o.notation for o in shown} <= legal, c
    reached = {o.notation for o in shown}
    missing = legal - reached
    if isinstance(c, Stepper):  # a pledge further away is reached step by step
        assert all(m.startswith("pledge ") for m in missing), missing
    else:
        assert not missing, (type(c).__name__, sorted(missing)[:5])
    if isinstance(c, Choose):
        assert len(c.options) <= 4 * MENU
    if isinstance(c, TwoStep):
        assert 0 < len(c.groups) <= MENU
        assert all(0 < len(g.options) <= 4 * MENU for g in c.groups)
        assert len({g.key for g in c.groups}) == len(c.groups)
    if isinstance(c, Browser):
        assert all(len(p.options) <= MENU for p in c.pages)
    if isinstance(c, Stepper):
        assert len(c.extra) <= 4
    return c


@pytest.mark.parametrize("players,seed", [(1, 1), (2, 2), (3, 3), (4, 4), (4, 6)])
def test_every_option_is_legal_and_every_choice_reachable(players: int, seed: int) -> None:
    kinds: set[str] = set()
    for view, seat, choices in _decisions(players, seed, 3):
        if choices:
            kinds.add(type(check(view, seat, choices)).__name__)
    assert {"TwoStep", "Stepper", "Choose"} <= kinds


def test_a_placement_is_a_space_then_how() -> None:
    s = positions.state("mid")
    seat = positions.deciding(s)[0]
    c = controls.controls(GAME.view(s, seat), seat, positions.choices(s, seat))
    assert isinstance(c, TwoStep)
    for g in c.groups:
        spaces = {controls.placement_space(o)[0] for o in g.options}
        assert len(spaces) == 1


def test_the_offering_is_a_stepper() -> None:
    s = positions.state("offering")
    seat = positions.deciding(s)[0]
    view = GAME.view(s, seat)
    choices = positions.choices(s, seat)
    c = controls.controls(view, seat, choices)
    assert isinstance(c, Stepper)
    assert c.lock is not None and c.lock.notation == "lock"
    assert (
        c.status.startswith("Your offering: value ") and "need" not in c.status
    )  # once: the step line
    for row in c.rows:
        if row.up is not None:
            assert row.up.notation == f"pledge {row.key} {row.value + 1}"
        if row.down is not None:
            assert row.down.notation == f"pledge {row.key} {row.value - 1}"
    assert all(e.notation.startswith("play ") for e in c.extra)


def test_the_pledge_board_shows_the_others_pledges_and_the_total() -> None:
    """W4: another seat raises its pledge; the pledge board of a seat still deciding says
    what the others give together and where all of them stand against the requirement."""
    s = positions.state("offering")
    seat, other = positions.deciding(s)[:2]
    before = controls.controls(GAME.view(s, seat), seat, positions.choices(s, seat))
    pledge = [a for a in GAME.legal_actions(s, other) if a.verb == "pledge"][-1]
    t = GAME.apply(s, other, pledge).state
    view = GAME.view(t, seat)
    after = controls.controls(view, seat, positions.choices(t, seat))
    assert isinstance(before, Stepper) and isinstance(after, Stepper)
    offering = view["offering"]
    others = sum(v for i, v in enumerate(offering["values"]) if i != seat)  # type: ignore[index, union-attr, arg-type]
    need, total = offering["requirement"], offering["total"]  # type: ignore[index, call-overload]
    assert f"the others together: {others}" in after.status
    # The sum against the requirement is the step line's: said once in a message.
    assert f"{total} of {need} needed" not in after.status
    assert after.status != before.status


def test_the_secret_variant_pledge_board_shows_only_ones_own() -> None:
    s = positions.state("offering")
    s = replace(s, options=replace(s.options, secret_pledges=True))
    seat = positions.deciding(s)[0]
    c = controls.controls(GAME.view(s, seat), seat, positions.choices(s, seat))
    assert isinstance(c, Stepper)
    assert c.status == ""  # the step line says the pledges stay secret and what is needed


def test_trades_group_by_the_good_given() -> None:
    choices = [
        ActionChoice(f"trade {g} {n} {t}", "")
        for g in ("gold", "grain")
        for t in ("meat", "iron", "fish", "wood")
        for n in range(1, 30)
    ]
    choices.append(ActionChoice("done", "Done"))
    view = {"stage": "place", "decision": {"kind": "trade"}}
    c = check(view, 0, choices)
    assert isinstance(c, TwoStep)
    assert [e.notation for e in c.extra] == ["done"]
    assert {g.label.split(" (")[0] for g in c.groups} == {"Give gold", "Give grain"}


def test_the_piazza_is_a_card_browser() -> None:
    s = positions.state("mid")
    seat = positions.deciding(s)[0]
    view = GAME.view(s, seat)
    hand = view["hand"]["specialists"]  # type: ignore[index]
    choices = [ActionChoice(f"train {c['id']}", "") for c in hand] + [
        ActionChoice(f"swap {c['id']} grain", "") for c in hand
    ]
    choices.append(ActionChoice("done", "Done"))
    c = check(view, seat, choices)
    assert isinstance(c, Browser)
    assert len(c.pages) == len(hand) and [e.notation for e in c.extra] == ["done"]
