"""Delivery: everything the bot sends after the host committed something, in version order.

Every committed version has a row in the host's outbox (written in the move's own transaction).
:meth:`Delivery.announce` sends a game's unsent rows, oldest first, exactly once, under one lock
per game: the board in the channel when a row asks for one (with the words of every move since
the last board; its words and its image describe the same version, read together), the mover's
next decision in the reply to their own click or command, and every other player's decision
message brought up to date (:class:`cogs.inbox.Inbox`). A restart sends whatever was left
unsent, so a move is never unannounced.

Several bot processes may share the database (issue 29): a game's outbox is sent by the one
process holding its ``deliver`` claim in the database (``host.outbox.claim_delivery``), so two live
processes never both send it; a process that answers its own player's command waits briefly
for another's delivery to end, and a claim left by a process that died is taken over when its
lease runs out.

Pings: a board names the players it waits for, but its mentions notify only players whose
notification setting asks for them (``mention``, ``both``, or ``dm`` while their DMs are
closed), and each at most once per decision.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from cogs import answer, recovery, texts
from cogs.answer import NO_MENTIONS
from cogs.components import board_view, final_view
from cogs.edge import Bot
from cogs.inbox import Inbox
from cogs.private import Private, is_component, png_file
from cogs.progress import Progress
from host import GameStatus, HostError, MoveResult, SeatInfo
from render import i18n
from render.i18n import N_, _
from render.text import clip_lines
from storage.rows import OutboxRow, StepMessage

log = logging.getLogger("cogs.delivery")

CLAIM_WAIT = 2.0
"""Seconds a player's own command or click (acknowledged already) waits for another process's
delivery of the same game to end; after that the player is answered and the announcements are
left to the process sending them, or to the next round."""
CLAIM_POLL = 0.05

NUDGE = N_("👋 Everyone else has decided: the table waits for you.")
SUPERSEDED = 5
"""How many times a board is composed again because a newer move asking for a board of its own
came in while it was drawn (:meth:`Delivery._board`); then the last one composed is posted."""


class Delivery:
    """Boards in the channel, in version order, and the private messages they bring (sent
    by ``inbox``, composed by ``private``)."""

    def __init__(self, bot: Bot, private: Private, inbox: Inbox, progress: Progress) -> None:
        self.bot = bot
        self.private = private
        self.inbox = inbox
        self.progress = progress
        self._locks: dict[int, asyncio.Lock] = {}
        self._queued: set[int] = set()
        """Games whose :meth:`announce_beside` task waits for the game's lock."""
        self._pinged: set[tuple[int, int, str]] = set()
        """(game, seat, decision key): pinged in the channel for that decision already."""
        self.close_vote: Callable[[int], Awaitable[None]] | None = None
        """Closes a game's undo vote that its moves ended (``Undoing.close``; set by Flows)."""

    # -- the outbox ----------------------------------------------------------------------------

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    async def announce(
        self,
        game_id: int,
        *,
        reply: discord.Interaction[Any] | None = None,
        click: discord.Interaction[Any] | None = None,
        result: MoveResult | None = None,
        kind: str | None = None,
        held: bool = False,
        unsent_only: bool = False,
    ) -> None:
        """Send the game's unsent announcements (every version since the last one sent), in
        order, once (while another process sends them, only the player's own answer).
        ``reply``: a command whose answer is the board (or, when no board is due, the mover's
        next decision, privately); ``click``: the mover's button, whose message
        becomes their next decision; ``result``: the move they made, answering a decision of
        ``kind``; ``held``: the caller holds the game's :meth:`lock` already (a flow holds it
        from its move's commit on, so the scheduler cannot announce that move first and leave
        the player's command unanswered); ``unsent_only``: nothing to do when every row was
        sent by the time the lock is had (another delivery of this process sent them: the
        scheduler's pass that found the rows of a move its flow was announcing)."""
        if not held:
            async with self.lock(game_id):
                if unsent_only and not await self.bot.host.outbox.unsent(game_id):
                    return
                await self._announce(game_id, reply, click, result, kind)
                await self._close_vote(game_id)
        else:
            await self._announce(game_id, reply, click, result, kind)
            await self._close_vote(game_id)

    async def _close_vote(self, game_id: int) -> None:
        """An undo vote the moves just sent ended (a move ends it) says so; no query unless
        the game has one open (``host.undos.watching``)."""
        if self.close_vote is not None and self.bot.host.undos.watching(game_id):
            await self.close_vote(game_id)

    def announce_beside(self, game_id: int) -> None:
        """Send the game's unsent announcements in a task of its own, beside the caller (the
        scheduler, after its moves): it plays on meanwhile, so a flow that holds the game's
        lock while it waits for the AIs' answers gets them (one board for the player's move and
        the answers), and the next AI move may come in while this board is drawn, which then
        gives way to the newer one (:meth:`_board`). One task per game waits for the lock at a
        time; it is counted in progress until it ends."""
        if game_id in self._queued:
            return  # the waiting task will find this move too
        self._queued.add(game_id)
        self.progress.start(self._beside(game_id), name=f"vesuvius-announce-{game_id}")

    async def _beside(self, game_id: int) -> None:
        try:
            async with self.lock(game_id):
                self._queued.discard(game_id)
                if await self.bot.host.outbox.unsent(game_id):
                    await self._announce(game_id, None, None, None, None)
        except Exception:
            log.exception("game %s: sending its announcements failed", game_id)
        finally:
            self._queued.discard(game_id)

    async def _claim(self, game_id: int, *, patient: bool) -> bool:
        """The game's delivery claim for this process; ``patient``: a player waits for the
        answer, so another process's delivery is waited for, up to :data:`CLAIM_WAIT`."""
        loop = asyncio.get_running_loop()
        give_up = loop.time() + (CLAIM_WAIT if patient else 0.0)
        while not await self.bot.host.outbox.claim_delivery(game_id):
            if loop.time() >= give_up:
                return False
            await asyncio.sleep(CLAIM_POLL)
        return True

    async def _announce(
        self,
        game_id: int,
        reply: discord.Interaction[Any] | None,
        click: discord.Interaction[Any] | None,
        result: MoveResult | None,
        kind: str | None,
    ) -> None:
        if reply is not None and not await answer.acknowledge(reply):
            # Discord gave up on the command (10062: not answered within 3 s). The move
            # stands: the board goes out as ever, their next decision by DM.
            log.warning("game %s: the reply came too late; it goes by DM", game_id)
            reply = None
        claimed = await self._claim(game_id, patient=reply is not None or click is not None)
        # What it did, and the claim given up: one commit as it ends (a process that dies
        # first leaves the claim to run out).
        async with self.bot.host.outbox.delivering(game_id, claimed=claimed):
            await self._claimed(game_id, reply, click, result, kind, claimed)

    async def _claimed(
        self,
        game_id: int,
        reply: discord.Interaction[Any] | None,
        click: discord.Interaction[Any] | None,
        result: MoveResult | None,
        kind: str | None,
        claimed: bool,
    ) -> None:
        """:meth:`_announce` once the claim is known: without it (another process is sending
        the game's announcements) only the player's own interaction is answered."""
        status, view = await self.bot.host.views.snapshot(game_id)
        rows = await self._unsent(game_id, status.version) if claimed else []
        starting = bool(rows) and rows[0].version == 0
        if rows and self.bot.host.outbox.left_behind(rows):
            rows = await self._recover(status, rows)
        answered: int | None = None
        if click is not None:
            answered = await self.inbox.answer_click(click, status, result, kind)
        boarded = any(r.board for r in rows) and view is not None
        posted: int | None = None
        server = await self.private.server_language(status)
        if boarded:
            assert view is not None
            with i18n.using(server):  # the channel's words and board: the server's language
                mover = result.user_id if result is not None else None
                status, view, rows, posted = await self._board(status, view, rows, mover)
        with i18n.using(server):  # an AI seat's name is the channel's words too
            names = await self.private.seat_names(status)
        if reply is not None:  # the mover's own answer: their language (the handler's)
            answered = await self._answer_command(reply, status, result, kind, boarded) or answered
        if not claimed:
            return
        with i18n.using(server):
            await self._step_status(status, view, names, boarded=boarded)
        # The players' decision messages, then the rows marked sent, recorded together in one
        # transaction when the delivery ends (``_announce``): a process that dies before
        # leaves the rows unsent, and whoever sends them again (the board with the same nonce)
        # brings the decision messages up to date (``notify`` is idempotent: each seat's
        # notified token).
        await self.inbox.notify(await self.bot.host.views.status(game_id), answered=answered)
        if rows:
            await self.bot.host.outbox.mark_sent(game_id, rows[-1].version, posted)
        if starting:
            await self.inbox.starting_hands(status)

    async def _recover(self, status: GameStatus, rows: list[OutboxRow]) -> list[OutboxRow]:
        """``rows`` that a process which died may have told already (``Outbox.left_behind``):
        the channel's last messages are read for the newest board of the game the bot posted.
        When it tells a version of ``rows``, the rows up to it are marked sent with it (the
        channel shows them) and only the rest are left to tell, so the next board does not tell
        the same moves again (issue 44, item 23). Returns the rows left."""
        chan = await self.private.channel(status.channel_id)
        shown = None if chan is None else await recovery.shown(chan, self.bot.user, status)
        if shown is None:
            return rows
        version, message = shown
        if not rows[0].version <= version <= status.version:
            return rows
        log.info("game %s: the board of version %s was posted already", status.game_id, version)
        await self.bot.host.outbox.shown(status.game_id, version, message)
        return [r for r in rows if r.version > version]

    async def _unsent(self, game_id: int, version: int) -> list[OutboxRow]:
        """The game's unsent rows up to ``version``, oldest first."""
        return [r for r in await self.bot.host.outbox.unsent(game_id) if r.version <= version]

    async def _board(
        self,
        status: GameStatus,
        view: dict[str, Any],
        rows: list[OutboxRow],
        mover: int | None,
    ) -> tuple[GameStatus, dict[str, Any], list[OutboxRow], int | None]:
        """The board for the newest of ``rows`` posted in the channel (in the language of the
        moment: the server's), with the words of every move since the last board. A move
        that asks for a board of its own and comes in while this one is drawn (an AI's answer)
        supersedes it: the board is composed again for that move, up to :data:`SUPERSEDED`
        times, so the channel never gets a board that is already stale, and the newer board
        tells the moves of both. The game's first board is never superseded: its seating line
        says who begins, as the game stood when it started. Returns the status, view and rows
        the board was posted for, and its message (``None``: not posted)."""
        tries = 0 if rows[0].version == 0 else SUPERSEDED
        for attempt in range(tries + 1):
            names = await self.private.seat_names(status)
            lines, notes = await self._words(status, names, rows)
            content, image = await self._compose(status, view, names, lines, notes)
            newer = None if attempt == tries else await self._newer(status)
            if newer is None:
                break
            status, view, rows = newer
        posted = await self._post_board(status, content, image, mover, rows[-1].version)
        return status, view, rows, posted

    async def _newer(
        self, status: GameStatus
    ) -> tuple[GameStatus, dict[str, Any], list[OutboxRow]] | None:
        """The game as it is now, when a move that asks for a board of its own came in since
        ``status`` (``None``: none did; this process's moves, as the game in memory shows)."""
        now, view = await self.bot.host.views.snapshot(status.game_id)
        if now.version <= status.version or view is None:
            return None
        rows = await self._unsent(status.game_id, now.version)
        if not any(r.board and r.version > status.version for r in rows):
            return None
        return now, view, rows

    async def _step_status(
        self,
        status: GameStatus,
        view: dict[str, Any] | None,
        names: list[str],
        *,
        boarded: bool = False,
    ) -> None:
        """A simultaneous step (an offering, a bidding round) has one status message in the
        channel, posted with its first answer (``boarded``: the board just posted says it all
        so far) and edited as players answer: who has locked, who is still deciding, and where
        the step stands in the game's words (``Words.step``); when the step is over it says so
        (and nobody is left "deciding"). When one player is left, they are told once: by a
        mention if they take mentions, else in their decision's message."""
        step = None
        human = next((s for s in status.waiting_on if s.user_id is not None), None)
        if status.status == "active" and human is not None and human.user_id is not None:
            decision = await self.bot.host.decisions.decision(status.game_id, human.user_id)
            if decision.kind == "simultaneous":
                step = decision.key
        known = await self.bot.host.outbox.step_message(status.game_id)
        chan = await self.private.channel(status.channel_id)
        words = self.private.presentation(status).words
        what = words.public_decision(view) if view is not None else ""
        if known is not None and known.key != step:
            await self.bot.host.outbox.set_step_message(status.game_id, None)
            if chan is not None:
                everyone = ", ".join(
                    texts.who(s, names, mention=False, game=status.kind) for s in status.seats
                )
                with contextlib.suppress(discord.HTTPException):
                    await chan.get_partial_message(known.message_id).edit(
                        content=i18n.translate(words.step_words.over, status.kind).format(
                            everyone=everyone
                        ),
                        allowed_mentions=NO_MENTIONS,
                    )
        if step is None or chan is None:
            return
        waiting = {s.seat for s in status.waiting_on}
        done = [
            texts.who(s, names, mention=False, game=status.kind)
            for s in status.seats
            if s.seat not in waiting
        ]
        if boarded and not done and (known is None or known.key != step):
            return  # the board's waiting line says it all until someone has answered
        deciding = [texts.who(s, names, mention=False, game=status.kind) for s in status.waiting_on]
        said = words.step_words
        heading, progress, nobody = (
            i18n.translate(w, status.kind) for w in (said.heading, said.progress, said.nobody)
        )
        content = (
            heading.format(what=what)
            + texts.deadline_text(status.deadline)
            + "\n"
            + progress.format(done=", ".join(done) or nobody, deciding=", ".join(deciding))
        )
        stands = words.step
        if stands is not None and view is not None:
            line = stands(view, [texts.md(n) for n in names])
            content += f"\n{line}" if line else ""
        content = content[: texts.CONTENT_LIMIT]
        nudged = False
        message_id: int | None = None
        if known is not None and known.key == step:
            message_id, nudged = known.message_id, known.nudged
            try:
                await chan.get_partial_message(message_id).edit(
                    content=content, allowed_mentions=NO_MENTIONS
                )
            except discord.HTTPException:
                message_id = None
        if message_id is None:
            message_id = (await chan.send(content, **answer.heard_by())).id
        last = status.waiting_on[0] if len(status.waiting_on) == 1 else None
        if last is not None and done and not nudged and last.user_id is not None:
            nudged = True
            await self._nudge(status, last, step, chan)
        await self.bot.host.outbox.set_step_message(
            status.game_id, StepMessage(status.game_id, step, message_id, nudged)
        )

    async def _nudge(self, status: GameStatus, seat: SeatInfo, key: str, chan: Any) -> None:
        """The last player of a step is told, once: a mention if they take mentions (and have
        not been pinged for this decision), else a line in their decision's message."""
        assert seat.user_id is not None
        if await self.pings(status, seat, key):
            with contextlib.suppress(discord.HTTPException):
                await chan.send(
                    _(
                        "👋 <@{user}>, everyone else has decided: the game waits for you "
                        "(your choice is in your DMs, or use `/hand` here)."
                    ).format(user=seat.user_id),
                    allowed_mentions=discord.AllowedMentions(users=[discord.Object(seat.user_id)]),
                )
            return
        decision = await self.bot.host.decisions.decision(status.game_id, seat.user_id)
        if decision.kind is not None:
            with i18n.using(await self.private.user_language(seat.user_id)):
                await self.inbox.refresh(status, seat, decision, _(NUDGE))

    async def pings(self, status: GameStatus, seat: SeatInfo, key: str) -> bool:
        """Whether a channel mention of ``seat`` for decision ``key`` should notify them (their
        setting, their DMs, once per decision); records it when it does."""
        user = seat.user_id
        if user is None or seat.ai_controlled or (status.game_id, seat.seat, key) in self._pinged:
            return False
        setting = await self.bot.host.people.notify_setting(user)
        wanted = setting in ("mention", "both") or (
            setting == "dm" and self.private.dms_blocked(user)
        )
        if wanted:
            self._pinged.add((status.game_id, seat.seat, key))
        return wanted

    async def announce_unsent(self) -> None:
        """Everything left unsent (at startup, and in the scheduler loop)."""
        for game_id in await self.bot.host.outbox.games_with_unsent():
            try:
                await self.announce(game_id, unsent_only=True)
            except Exception:
                log.exception("game %s: sending its announcements failed", game_id)

    async def _words(
        self, status: GameStatus, names: list[str], rows: Sequence[Any]
    ) -> tuple[list[str], list[str]]:
        """The words of every move since the last board posted, up to ``status.version`` (a
        player's several decisions and the AI's answers read together), and the notes of those
        moves (timeouts, AIs), from the log and the outbox, so a restart loses nothing. Moves
        nobody tells (a standing order's answer) are left out."""
        lines: list[str] = []
        if rows and rows[0].version == 0:
            lines.append(texts.seating_line(status, names))
        last = await self.bot.host.outbox.last_board(status.game_id)
        after = 0 if last is None else last
        entries = await self.bot.host.views.log(status.game_id, None, limit=200, after=after)
        quiet = await self.bot.host.outbox.quiet_versions(status.game_id, after)
        entries = [e for e in entries if e.version <= status.version and e.version not in quiet]
        noted = [
            (version, by, texts.note_text(note))  # in the channel's language
            for version, by, note in await self.bot.host.outbox.notes(status.game_id, after)
            if version <= status.version
        ]
        said = {version: note for version, _by, note in noted}
        lines += texts.narration(self.private.presentation(status), entries, names, notes=said)
        notes = [f"{texts.MARKS.get(by, '')}{note}" for _v, by, note in noted]
        return lines, list(dict.fromkeys(notes))

    async def _compose(
        self,
        status: GameStatus,
        view_data: dict[str, Any],
        names: list[str],
        lines: Sequence[str],
        notes: Sequence[str],
    ) -> tuple[str, Any]:
        """The board's words (``lines``: the moves it tells, ``notes``: theirs) and its image
        at ``status.version``."""
        presentation = self.private.presentation(status)
        waiting = ""
        if status.status == "active":
            waiting = texts.waiting_line(
                status,
                presentation.words.public_decision(view_data),
                names,
                dms_closed={
                    u for u in self.private.dm_blocked_until if self.private.dms_blocked(u)
                },
            )
        content = texts.board_caption(
            status, presentation, view_data, names, lines, notes=notes, waiting=waiting
        )
        return content, await self.private.board_image(status, view_data, names)

    async def _post_board(
        self, status: GameStatus, content: str, image: Any, mover: int | None, version: int
    ) -> int | None:
        """The board in the game's channel, as a message of the bot's own, telling the moves up
        to ``version``, which its nonce and its **Text board** button say: sent again after a
        crash, Discord returns the board already posted instead of posting it twice, and a
        board sent again with a newer version finds it in the channel (:meth:`_recover`).
        ``mover``: the player whose move it answers (not pinged). Returns the message's id
        (``None``: not posted)."""
        presentation = self.private.presentation(status)
        kwargs: dict[str, Any] = {
            **answer.heard_by(await self._ping(status, mover)),
            "files": [png_file(image)],
            "nonce": f"vz{status.game_id}.{version}",
        }
        if status.status == "active":
            extra = [
                (p.key, i18n.translate(p.label, status.kind))
                for p in presentation.pictures[1:]
                if p.is_public
            ]
            kwargs["view"] = board_view(
                status.game_id, extra, undo=status.version > 0, version=version
            )
        elif status.status == "finished":
            kwargs["view"] = final_view(status.game_id)
        chan = await self.private.channel(status.channel_id)
        if chan is None:
            log.warning("game %s: channel %s is gone", status.game_id, status.channel_id)
            return None
        try:
            return int((await chan.send(content, **kwargs)).id)
        except discord.Forbidden:
            log.warning("game %s: no permission to post in %s", status.game_id, chan.id)
            return None

    async def _ping(self, status: GameStatus, mover: int | None) -> discord.AllowedMentions:
        """Whom the board's mentions notify: the players it waits for who take mentions (not
        ``mover``, whose own command it answers, nor a player whose only choice is what silence
        does anyway: their mention shows like the others' but stays quiet), each once per
        decision. Mentions in notes never notify."""
        users = []
        for s in status.waiting_on:
            if s.user_id is None or s.user_id == mover:
                continue
            decision = await self.bot.host.decisions.decision(status.game_id, s.user_id)
            if decision.kind is None or await self.private.nothing_to_decide(status, decision):
                continue
            if await self.pings(status, s, decision.key):
                users.append(discord.Object(id=s.user_id))
        return discord.AllowedMentions(users=users, roles=False, everyone=False)

    # -- the answer to a command ---------------------------------------------------------------

    async def _answer_command(
        self,
        interaction: discord.Interaction[Any],
        status: GameStatus,
        result: MoveResult | None,
        kind: str | None,
        boarded: bool,
    ) -> int | None:
        """A command's own answer, only for its user (it was deferred privately): what they
        played and their next decision, or where the board is. Returns the user when their
        next decision was given here."""
        where = f"<#{status.channel_id}>"
        if result is None:  # /game start
            text = _("🌋 Game #{game} has started: the board is in {where}.").format(
                game=status.game_id, where=where
            )
            await answer.tell(interaction, text)
            return None
        done = self.private.done(status, kind, result.label)
        said: list[str] = []
        if not boarded:  # what their move did, since no board tells it
            entries = await self.bot.host.views.log(status.game_id, None, limit=1)
            said = texts.narration(
                self.private.presentation(status), entries, await self.private.seat_names(status)
            )
        decision = await self.bot.host.decisions.decision(status.game_id, interaction.user.id)
        if decision.kind is None:
            board = " " + _("The board is in {where}.").format(where=where) if boarded else ""
            await answer.tell(interaction, "\n".join([f"{done}.{board}", *said]))
            return None
        title = _("🂠 **{title}** · game #{game}").format(
            title=self.private.title(status, decision), game=status.game_id
        )
        lead = [done, *said]
        return await self.inbox.send_private(
            interaction, status, title, decision=decision, lead=lead
        )

    @staticmethod
    def meanwhile(lines: Sequence[str]) -> str:
        return clip_lines(lines, 800)


__all__ = ["Delivery", "HostError", "is_component", "png_file"]
