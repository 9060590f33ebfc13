"""A whole 3-player game of Pompeji (the card game) through Discord, from /game new to the final
score sheet: slash commands, autocomplete, DM buttons and menus, the permit window offered by
DM to the holders who can use it (claimed, declined, timed out), the end-phase draw choice,
with a spectator watching. Nothing in it is special-cased for the game in the bot."""

from __future__ import annotations

import re
from typing import Any

from host import FakeClock
from render.cardcity.narrate import card_name
from tests.cogs.helpers import (
    WAIT,
    WATCH,
    act_by_component,
    choices_of,
    last_board,
    latest_decision,
    until,
)
from tests.engine.cardcity.helpers import scenario


def _words(view: dict[str, Any]) -> str:
    return ", ".join(f"{card_name(c['code'])}·{c['value']}" for c in view["hand"])


def _hand_line(text: str) -> str | None:
    m = re.search(r"Your hand: ([^\n]*)", text)
    return m.group(1) if m else None


def _play(notations: list[str]) -> str:
    """A fast policy: the first card play, else the first discard, else whatever is first."""
    for prefix in ("play ", "discard "):
        found = next((n for n in notations if n.startswith(prefix)), None)
        if found:
            return found
    return notations[0]


async def test_three_players_play_a_whole_game_of_pompeji(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: FakeClock
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    players = [await fake_discord.user(n) for n in ("alice", "bob", "cara")]
    spectator = await fake_discord.user("sam")
    by_id = {u.id: u for u in players}

    variant = "permit_window=60, permit_uses=2"
    lobby = await players[0].slash(
        "game new", channel=chan, game="cardcity", players=3, variant=variant
    )
    assert "Pompeji" in lobby.content and "permit window=60" in lobby.content
    for u in players[1:]:
        await u.click("Join", message=lobby.message)
    started = await players[0].click("Start", message=lobby.message)
    await started.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    assert last_board(chan)  # the first board, posted in the channel
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None and status.status == "active"
    game_id = status.game_id
    user_of = {s.seat: by_id[s.user_id] for s in status.seats}

    # Every player got their own hand by DM (image and words), and nobody else's.
    for u in players:
        view = (await bot.host.views.private_view(game_id, u.id)).view
        dm = next(m for m in u.dms if "hand.png" in m.filenames)
        assert _hand_line(dm.content) == _words(view) and "statue is unused" in dm.content
        assert not any(o.can_see(dm) for o in [*players, spectator] if o is not u)

    def boards() -> list[Any]:
        return [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral]

    counts = dict.fromkeys(
        ("moves", "slash", "component", "windows", "claims", "timeouts", "declines", "draws"), 0
    )
    statue_typed = stale_claim_checked = False
    while (status := await bot.host.views.status(game_id)).status == "active":
        view = await bot.host.views.public_view(game_id)
        version, posted = status.version, len(boards())
        waited = [s.seat for s in status.waiting_on]
        if view["stage"] == "window":
            counts["windows"] += 1
            pending = view["window"]["pending"]
            assert sorted(waited) == sorted(pending)
            offers = {}
            for seat, u in user_of.items():
                legal = []
                if seat in pending:
                    legal = [
                        c.notation for c in await bot.host.decisions.legal_choices(game_id, u.id)
                    ]
                # Offered exactly to the holders who can use it: by DM, or to the mover in
                # the reply to their move; the others are not pinged (silence declines), and
                # nothing public says which is which.
                mover_here = seat == view["window"]["after"]
                offer = latest_decision(u, game_id, version, chan if mover_here else None)
                if offer is not None and "decline" not in choices_of(offer):
                    offer = None  # the next player's offer to prepare their move (C20)
                assert (offer is not None) == ("claim" in legal), (seat, legal)
                if offer is not None and not mover_here:
                    assert offer.in_dm
                if offer is not None:
                    assert choices_of(offer) == ["claim", "decline"]
                    assert "Use your building permit" in " ".join(offer.button_labels)
                    offers[seat] = offer
            if counts["windows"] == 1 and len(offers) >= 2:
                # First claim wins: the interrupter claims, the mover's button is then stale.
                mover = view["window"]["after"]
                other = next(s for s in offers if s != mover)
                await act_by_component(user_of[other], offers[other], "claim")
                await bot.flows.idle()
                # The mover's offer (in the reply to their move) now says what became of it
                # and has no button left to press.
                late = offers[mover]
                assert late.ephemeral and not late.buttons, late.content
                claimant = user_of[other].name
                assert "This is over" in late.content, late.content
                assert f"{claimant} used their building permit" in late.content
                stale_claim_checked = True
                counts["claims"] += 1
                assert (await bot.host.views.status(game_id)).version == version + 1
                assert len(boards()) == posted  # a claim is part of the claimant's turn
                continue
            if offers and counts["windows"] > 3 and counts["windows"] % 2 == 0:
                mover = view["window"]["after"]
                seat = mover if mover in offers else min(offers)  # a second turn if possible
                await act_by_component(user_of[seat], offers[seat], "claim")
                counts["claims"] += 1
            elif counts["windows"] == 3:
                clock.advance(60)  # nobody answers: the window closes after its time
                bot.wake_scheduler()
                counts["timeouts"] += 1

                async def closed(v: int = version, n: int = len(pending)) -> bool:
                    return bool((await bot.host.views.status(game_id)).version >= v + n)

                await until(closed)
            else:
                for seat in pending:  # everyone asked declines: it closes at once
                    u = user_of[seat]
                    if seat in offers:
                        await act_by_component(u, offers[seat], "decline")
                    else:
                        r = await u.slash("move", channel=chan, action="decline")
                        assert r.ephemeral and "Played" in r.content
                    await bot.flows.idle()
                    counts["declines"] += 1
            await bot.flows.idle()
            after = await bot.host.views.status(game_id)
            assert after.version > version
            # A window that closed (or passed to a permit turn) got one board at most.
            assert len(boards()) - posted <= 1
            continue

        (seat,) = waited
        user = user_of[seat]
        if view["stage"] == "draw":
            msg = latest_decision(user, game_id, version, chan)
            assert msg is not None and choices_of(msg) == ["draw", "nodraw"]
            choice = "nodraw" if counts["draws"] % 4 == 3 else "draw"
            await act_by_component(user, msg, choice)
            counts["draws"] += 1
            counts["component"] += 1
        elif not statue_typed and not view["seats"][seat]["statue_used"] and version > 6:
            # The statue's placements are not on the buttons: typed, the list narrows.
            typed = await user.autocomplete("move", "action", "statue", channel=chan)
            assert typed and all(c.value.startswith("statue ") for c in typed[:-1])
            await user.slash("move", channel=chan, action=typed[0].value)
            statue_typed = True
            counts["slash"] += 1
        else:
            msg = latest_decision(user, game_id, version, chan) if counts["moves"] % 2 else None
            if msg is not None:
                offered = choices_of(msg)
                assert offered and not any(n.startswith("statue ") for n in offered)
                await act_by_component(user, msg, _play(offered))
                counts["component"] += 1
            else:
                choices = await user.autocomplete("move", "action", "", channel=chan)
                assert 0 < len(choices) <= 25
                await user.slash("move", channel=chan, action=_play([c.value for c in choices]))
                counts["slash"] += 1
        await bot.flows.idle()
        counts["moves"] += 1
        after = await bot.host.views.status(game_id)
        assert after.version == version + 1
        passes = after.status != "active" or [s.seat for s in after.waiting_on] != [seat]
        opens = after.status == "active" and (await bot.host.views.public_view(game_id))[
            "stage"
        ] == ("window")
        # The channel gets a board exactly when the turn passes, a permit window opens (even
        # the mover's own: the table waits on it), or the game ends.
        assert len(boards()) == posted + (1 if passes or opens else 0), (counts, view["stage"])

    assert statue_typed and stale_claim_checked
    assert counts["claims"] >= 2 and counts["timeouts"] >= 1 and counts["declines"] >= 1
    assert counts["draws"] >= 1 and counts["slash"] > 10 and counts["component"] > 10
    assert status.status == "finished" and status.outcome is not None

    # Each play is told once, on the board of its turn (a second turn does not repeat it).
    told = [line for m in boards() for line in m.content.split("\n") if " built " in line]
    assert len(told) == len(set(told)) and len(told) > 20

    # Game over: the final board with the score sheet: plays, minus the hand, total, place.
    final = boards()[-1].content
    assert "Final ranking" in final and "second volcano" in final
    hands = (await bot.host.views.public_view(game_id))["hands"]
    for s in status.seats:
        score = status.outcome.scores[s.seat]
        line = next(x for x in final.split("\n") if f". {by_id[s.user_id].name} — " in x)
        assert line.startswith(f"{'🥇🥈🥉'[status.outcome.places[s.seat] - 1]} ")
        assert f"{score['built']} from plays − {-score['hand']} in hand" in line
        assert line.endswith(f"= **{score['final']}**")
        assert all(card_name(code) in line for code in hands[s.seat])

    # The rules, for the game that was played here: the permit window and the notation.
    r = await spectator.slash("game rules", channel=chan, topic="permit")
    assert r.ephemeral and "Pompeji" in r.content and "`permit_window`" in r.content
    assert "A claim commits" in r.content and "prepare their move" in r.content
    topics = await spectator.autocomplete("game rules", "topic", "", channel=chan)
    assert {"permit", "moves", "scoring", "statue"} <= {c.value for c in topics}

    # Hands never reach the channel publicly; the spectator sees boards only, no DMs.
    for m in chan.messages:
        if "hand.png" in m.filenames or "Your hand" in m.content:
            assert m.ephemeral and not spectator.can_see(m)
    for u in players:
        for m in u.dms:
            assert not any(o.can_see(m) for o in [*players, spectator] if o is not u)
    assert spectator.dms == []


async def test_a_holder_who_cannot_use_the_permit_is_not_pinged_and_silence_declines(
    fake_discord: Any, start_bot: Any, make_bot: Any, clock: FakeClock
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    players = [await fake_discord.user(n) for n in ("alice", "bob", "cara")]
    by_id = {u.id: u for u in players}
    lobby = await players[0].slash(
        "game new", channel=chan, game="cardcity", players=3, variant="permit_window=60"
    )
    for u in players[1:]:
        await u.click("Join", message=lobby.message)
    await (await players[0].click("Start", message=lobby.message)).wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(chan.id)
    assert status is not None
    user_of = {s.seat: by_id[s.user_id] for s in status.seats}
    # Seat 2 has spent its statue and holds two cards that cannot go next to the start card.
    hands = [["Fo", "Ay", "Bg"], ["Vp", "Wb", "Gw"], ["To", "Fr"]]
    state = scenario({"g7": "Tr"}, hands, options={"permit_window": 60}, statue_used=[2])
    loaded = await bot.host.store.get(status.game_id)
    loaded.moved_to(state, {})

    mover, stuck = user_of[0], user_of[2]
    for u in (mover, stuck):  # both take channel mentions (`/game notify`)
        await bot.host.people.set_notify_setting(u.id, "mention")
    seen = len(stuck.dms)
    r = await mover.slash("move", channel=chan, action="play Fo h7")
    await r.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    board = last_board(chan)
    # The channel names both holders alike; only the mover, who can place, gets the offer.
    assert stuck.mention in board.content and mover.mention in board.content
    assert "building permit" in board.content
    assert len(stuck.dms) == seen  # nothing to decide: no DM
    # ... and their mention does not notify them (Discord's allowed_mentions), nor the mover's,
    # who is answered right there.
    assert mover.id not in board.pinged and stuck.id not in board.pinged and not board.pinged
    offer = latest_decision(mover, status.game_id, 1, chan)
    assert offer is not None and choices_of(offer) == ["claim", "decline"]
    await act_by_component(mover, offer, "decline")
    await bot.flows.idle()
    assert len(stuck.dms) == seen
    assert [s.seat for s in (await bot.host.views.status(status.game_id)).waiting_on] == [2]

    clock.advance(60)  # the window's time runs out: the rules decline for the silent holder
    bot.wake_scheduler()

    async def closed() -> bool:
        return bool((await bot.host.views.status(status.game_id)).version == 3)

    await until(closed)
    await bot.flows.idle()
    last = [m for m in chan.messages if "board.png" in m.filenames][-1]
    assert "did not answer in time, so the rules apply: Let it pass" in last.content
    assert user_of[1].mention in last.content  # now the next player's turn
    assert len(stuck.dms) == seen
    assert (await bot.host.views.status(status.game_id)).seats[2].timeouts == 0
