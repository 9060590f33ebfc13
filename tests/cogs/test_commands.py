"""The smaller commands: options from the engine, rules, status, resign, cancel by a manager;
and the once-only offer of an out-of-turn decision."""

from __future__ import annotations

from typing import Any

import discord

import plugins
from cogs.inbox import Inbox
from cogs.private import Private
from host import Choice, SeatDecision, SeatInfo
from tests.cogs.helpers import WAIT, WATCH, open_game, until


async def test_options_rules_status_resign_and_cancel(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    guild = fake_discord.guild("Pompeii")
    chan = guild.channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    mod = await fake_discord.user("mod")
    guild.give_role(mod, guild.add_role("mods", discord.Permissions(manage_guild=True).value))

    # Variants come from the engine's options, offered by autocomplete and checked.
    offered = await alice.autocomplete("game new", "variant", "", channel=chan, game="downfall")
    assert [c.value for c in offered] == ["dual_vent=true"] and "Dual vent" in offered[0].name
    r = await alice.slash("game new", channel=chan, game="downfall", players=2, variant="lava")
    assert r.ephemeral and "`lava` is not an option" in r.content and "`dual_vent`" in r.content
    r = await alice.slash(
        "game new", channel=chan, game="downfall", players=2, variant="dual_vent=maybe"
    )
    assert r.ephemeral and "`dual_vent` is on or off: write `dual_vent=true`" in r.content
    assert await bot.host.views.game_in_channel(chan.id) is None

    # Rules per topic, with the rulings.
    topics = await bob.autocomplete("game rules", "topic", "erupt", channel=chan, game="downfall")
    assert [c.value for c in topics] == ["eruption"]
    r = await bob.slash("game rules", channel=chan, topic="eruption", game="downfall")
    assert r.ephemeral and "The eruption" in r.content and "R3" in r.content

    game_id = await open_game(
        fake_discord,
        bot,
        chan,
        [alice, bob],
        variant="dual_vent",
        turn_time=3600,
        forced_moves=True,
    )
    lobby = next(m for m in chan.messages if f"game #{game_id}" in m.content)
    assert "has started" in lobby.content and lobby.components == []  # no stale buttons
    assert "dual vent" in lobby.content and "forced moves play themselves" in lobby.content
    status = await bot.host.views.status(game_id)
    assert dict(status.options.variants) == {"dual_vent": True} and status.options.auto_forced
    r = await mod.slash("game status", channel=chan)
    assert r.ephemeral and "(red)" in r.content and "(black)" in r.content
    assert "Waiting for" in r.content and "1 hour" in r.content

    waiting = status.waiting_on[0].user_id
    for user in (alice, bob):
        r = await user.slash("game mine", channel=chan)
        assert r.ephemeral and f"game #{game_id} (The Downfall of Pompeii)" in r.content
        assert ("your move" in r.content) == (user.id == waiting)
    r = await mod.slash("game mine", channel=chan)
    assert r.ephemeral and "no open games" in r.content
    r = await alice.slash("game back", channel=chan)
    assert r.ephemeral and "already playing your seat yourself" in r.content

    # A resigned seat is played by the AI from now on; the channel is told.
    waiting = status.waiting_on[0].user_id
    quitter = alice if waiting == alice.id else bob
    r = await quitter.slash("game resign", channel=chan)
    assert not r.ephemeral and "resigned" in r.content and "an AI plays their seat" in r.content

    async def ai_moved() -> bool:
        return (await bot.host.views.status(game_id)).version > 0

    await until(ai_moved)
    await bot.flows.idle()
    assert any("🤖" in m.content and "resigned" in m.content for m in chan.messages)

    # A server manager may cancel somebody else's game.
    r = await mod.slash("game cancel", channel=chan)
    assert not r.ephemeral and "cancelled by mod" in r.content
    assert (await bot.host.views.status(game_id)).status == "cancelled"
    assert await bot.host.views.game_in_channel(chan.id) is None


class _Host:
    """Just enough of the host for the DM rule: seat 1 may call the eruption out of turn, with
    a decision token that changes when what it may do changes."""

    def __init__(self) -> None:
        self.token = 3
        self.kind: str | None = "option"
        self.notified: dict[int, int | None] = {}
        self.keys: dict[int, str | None] = {}
        # The host's services this test needs, each answered by this one object.
        self.decisions = self.people = self.outbox = self.views = self

    async def decision(self, game_id: int, user: int) -> SeatDecision:
        if user != 11 or self.kind is None:
            return SeatDecision(user - 10, None, 0, False, None, ())
        choice = Choice("Call “The volcano erupts!”", "erupt")
        return SeatDecision(1, "option", self.token, False, None, (choice,), key=f"k{self.token}")

    async def rules_default(self, game_id: int, user: int) -> str | None:
        return None

    async def user_locale(self, user: int) -> str | None:
        return None

    async def set_notified(
        self, game_id: int, seat: int, token: int | None, message: int | None, key: Any = None
    ) -> None:
        self.notified[seat] = token
        self.keys[seat] = key

    async def log(self, *args: Any, **kwargs: Any) -> list[Any]:
        return []

    async def notify_setting(self, user: int) -> str:
        return "dm"


async def test_an_out_of_turn_decision_is_offered_once_per_change() -> None:
    host = _Host()

    class Bot:
        pass

    Bot.host = host  # type: ignore[attr-defined]
    private = Private(Bot())  # type: ignore[arg-type]
    inbox = Inbox(Bot(), private)  # type: ignore[arg-type]
    private.names = {10: "ann", 11: "ben"}
    sent: list[tuple[int, str]] = []

    closed: list[str] = []

    async def dm_decision(status: Any, seat: SeatInfo, decision: Any, *, title: str = "") -> bool:
        sent.append((seat.user_id or 0, private.title(status, decision)))
        await host.outbox.set_notified(1, seat.seat, decision.token, None, decision.key)
        return True

    async def close(status: Any, seat: SeatInfo, line: str) -> None:
        closed.append(line)

    inbox.dm_decision = dm_decision  # type: ignore[method-assign]
    inbox.close = close  # type: ignore[method-assign]
    private.presentation = lambda status: plugins.get("downfall").presentation  # type: ignore[method-assign]

    def status() -> Any:
        class Status:
            game_id = 1
            channel_id = 2
            version = 9
            status = "active"
            waiting_on = (SeatInfo(seat=0, user_id=10),)
            seats = (
                SeatInfo(seat=0, user_id=10),
                SeatInfo(
                    seat=1,
                    user_id=11,
                    notified_token=host.notified.get(1),
                    notified_key=host.keys.get(1),
                ),
            )

        return Status()

    await inbox.notify(status(), answered=10)
    await inbox.notify(status(), answered=10)
    assert sent == [(11, "You may act out of turn")]
    host.kind = None  # the right lapsed: its message says so ...
    await inbox.notify(status(), answered=10)
    assert len(closed) == 1 and "over" in closed[0]
    host.kind, host.token = "option", 7  # ... and came back: offered again, once
    await inbox.notify(status(), answered=10)
    await inbox.notify(status(), answered=10)
    assert sent == [(11, "You may act out of turn")] * 2


async def test_my_hand_button_and_an_unexpected_error(
    fake_discord: Any, start_bot: Any, make_bot: Any, monkeypatch: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    sam = await fake_discord.user("sam")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    board = next(m for m in chan.messages if "board.png" in m.filenames)
    assert board.button_labels == ["My hand", "Text board"]

    # "My hand" on the board: each player gets their own hand, privately.
    for user in (alice, bob):
        r = await user.click("My hand", message=board)
        mine = await r.wait_until_loaded(timeout=WAIT)
        view = (await bot.host.views.private_view(game_id, user.id)).view
        assert mine.ephemeral and "hand.png" in mine.filenames
        assert ", ".join(str(c) for c in view["hand"]) in mine.content
        assert not any(o.can_see(mine) for o in (alice, bob, sam) if o is not user)
    r = await sam.click("My hand", message=board)
    assert r.ephemeral and "not playing" in r.content

    # A bug: logged with the game id, and the player gets a short apology.
    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(bot.host.moves, "act", broken)
    status = await bot.host.views.status(game_id)
    mover = alice if status.waiting_on[0].user_id == alice.id else bob
    r = await mover.slash("move", channel=chan, action="pass")
    assert r.ephemeral and r.content.startswith("Sorry, something went wrong")
    errors = [rec.getMessage() for rec in fake_discord.bot_errors]
    assert errors == [f"unexpected error in /move (game {game_id}, user {mover.id})"]
    fake_discord.bot_errors.clear()  # expected: do not fail the teardown check
    assert (await bot.host.views.status(game_id)).version == 0


async def test_a_slow_board_answers_the_command_privately_at_once_then_is_posted(
    fake_discord: Any, start_bot: Any, make_bot: Any, monkeypatch: Any
) -> None:
    import asyncio

    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    alice, bob = await fake_discord.user("alice"), await fake_discord.user("bob")
    game_id = await open_game(fake_discord, bot, chan, [alice, bob])
    render_board = bot.flows.private.board_image

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(1.3)
        return await render_board(*args, **kwargs)

    monkeypatch.setattr(bot.flows.private, "board_image", slow)
    status = await bot.host.views.status(game_id)
    mover = alice if status.waiting_on[0].user_id == alice.id else bob
    legal = await mover.autocomplete("move", "action", "play", channel=chan)
    r = await mover.slash("move", channel=chan, action=legal[0].value)
    assert r.deferred and r.ephemeral  # "thinking…" within the deadline, for the mover only
    answer = await r.wait_until_loaded(timeout=WAIT)
    await bot.flows.idle()
    assert answer.ephemeral and "You played" in answer.content
    board = [m for m in chan.messages if "board.png" in m.filenames and not m.ephemeral][-1]
    assert "move 1" in board.content and board.nonce == f"vz{game_id}.1"


def test_a_card_browser_turns_pages_and_offers_each_pages_actions() -> None:
    from cogs.controls import controls_view
    from engine.core import ActionChoice
    from render.controls import Browser, Page

    pages = tuple(
        Page(f"Card {i}", f"What card {i} does", (ActionChoice(f"train S{i}", f"Train S{i}"),))
        for i in range(1, 9)
    )
    extra = (ActionChoice("done", "Done"),)
    drawn = controls_view(3, 17, Browser(pages, extra), page=2)
    assert drawn.text.startswith("**Card 3**") and "What card 3 does" in drawn.text
    assert drawn.view is not None
    ids = [getattr(i, "custom_id", "") for i in drawn.view.children]
    assert "vz:n:3:17:p:1" in ids and "vz:n:3:17:p:3" in ids  # previous / next
    assert "vz:a:3:17:train S3" in ids and "vz:a:3:17:done" in ids
    last = controls_view(3, 17, Browser(pages, extra), page=99)
    assert last.text.startswith("**Card 8**")  # clamped to the last page


def test_a_pledge_board_has_one_row_per_good_and_distinct_ids() -> None:
    """Discord refuses a message whose components share a custom id: every row's label is
    its own button, and the page arrows still turn pages."""
    from cogs.controls import controls_view
    from engine.core import ActionChoice
    from render.controls import Stepper, StepRow

    goods = ("grain", "bread", "gold", "wine", "fish", "meat")
    rows = tuple(
        StepRow(
            g,
            g.capitalize(),
            1,
            ActionChoice(f"pledge {g} 0", "−"),
            ActionChoice(f"pledge {g} 2", "+"),
        )
        for g in goods
    )
    board = Stepper(rows, "Your offering: value 6", ActionChoice("lock", "Lock"), ())
    for page in (0, 1):
        drawn = controls_view(3, 17, board, page=page)
        assert drawn.view is not None
        ids = [getattr(i, "custom_id", "") for i in drawn.view.children]
        assert len(ids) == len(set(ids)), ids
        assert "vz:a:3:17:lock" in ids
    ids = [getattr(i, "custom_id", "") for i in controls_view(3, 17, board).view.children]  # type: ignore[union-attr]
    assert "vz:a:3:17:pledge grain 2" in ids and "vz:n:3:17:p:1" in ids  # next page


async def test_a_refusal_that_lists_the_legal_moves_gets_no_second_list() -> None:
    """The host's typed flag (``InvalidMoveError.lists_legal``), not its English, says whether
    the refusal lists what is legal already; otherwise the legal moves are added once."""
    from types import SimpleNamespace

    from cogs import texts
    from cogs.moves import Moves
    from engine.core import ActionChoice
    from host import InvalidMoveError
    from render.i18n import N_

    class Page(list[ActionChoice]):
        total = 2

    asked: list[int] = []

    class Decisions:
        async def legal_choices(self, game_id: int, user_id: int) -> Page:
            asked.append(game_id)
            return Page([ActionChoice("pass", "Pass"), ActionChoice("play 3", "Play 3")])

    bot = SimpleNamespace(host=SimpleNamespace(decisions=Decisions()))
    kit: Any = SimpleNamespace(
        private=None, inbox=None, delivery=None, progress=None, refusals=None
    )
    moves = Moves(bot, kit)  # type: ignore[arg-type]
    interaction: Any = SimpleNamespace(user=SimpleNamespace(id=10))
    listed = InvalidMoveError("Unknown move. Legal now: `pass`", lists_legal=True)
    assert await moves.explain_illegal(1, interaction, listed) == texts.refusal(listed)
    assert asked == []
    bare = InvalidMoveError(N_("That move is not legal right now."))
    said = await moves.explain_illegal(1, interaction, bare)
    assert said.count("Legal now") == 1 and "`play 3`" in said and asked == [1]


def test_quiet_actions_are_grey_as_their_game_says() -> None:
    """A button's colour comes from the game's presentation (``Presentation.quiet``), never
    from a notation the Discord edge knows: passing and declining are grey in each game."""
    from cogs.components import ActButton
    from cogs.controls import controls_view
    from engine.core import ActionChoice
    from render.controls import Choose

    expected = {
        "downfall": {"pass"},
        "cardcity": {"nodraw", "decline"},
        "workers": {"pass"},
    }
    for key, quiet in expected.items():
        presentation = plugins.get(key).presentation
        assert presentation.quiet == quiet, key
        options = tuple(ActionChoice(n, n) for n in ("play 3", *sorted(quiet)))
        drawn = controls_view(1, 2, Choose(options), quiet=presentation.quiet)
        assert drawn.view is not None
        styles = {b.notation: b.item.style for b in drawn.view.children if isinstance(b, ActButton)}
        assert styles == {
            n: discord.ButtonStyle.secondary if n in quiet else discord.ButtonStyle.primary
            for n in (o.notation for o in options)
        }, key
