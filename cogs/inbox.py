"""One message per decision, and what it says stays true.

When a player must decide they get one message: a DM (if their notification setting asks for
DMs and their DMs are open), or the reply to their own command or click. While the same
decision goes on (its key) that message is edited in place, never sent again; its picture is
uploaded again only when it changed, and when only others' moves changed it (a pledge on the
worker game's tablets) the message drops it, behind its button, rather than show an older
moment than its lines or upload it after every move of the others. When the decision is over
— answered by a button, by ``/move`` or ``/hand``, by the deadline, by an AI taking over, passed
by the game moving on, or the game ended or was cancelled — the message is edited once more to
say what happened ("✅ You played …", "⏱ Time ran out: … was played for you") and its controls
go. A private reply (ephemeral) can be edited only while Discord keeps its token (15 minutes):
within that time it is closed the same way; after it, a click on it is answered as out of date.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Sequence
from typing import Any

import discord

from cogs import answer, texts
from cogs.dms import Dms
from cogs.edge import Bot
from cogs.private import Composed, Private, is_component, played_line, private_header
from host import GameStatus, LogEntry, MoveResult, Reminder, SeatDecision, SeatInfo
from render import i18n
from render.i18n import _
from render.text import clip_lines, duration

log = logging.getLogger("cogs.inbox")

MENTION_USERS = discord.AllowedMentions(users=True, roles=False, everyone=False)
WANTS_DMS = ("dm", "both")
"""Notification settings under which a player gets their decisions by DM."""


class Inbox:
    """Each player's decision message: sent, kept up to date, closed with what happened
    (composed by ``private``)."""

    def __init__(self, bot: Bot, private: Private) -> None:
        self.bot = bot
        self.private = private
        self.dms = Dms(bot, private)
        self._replies: dict[tuple[int, int], tuple[discord.Interaction[Any], int | None]] = {}
        """(game, seat) -> the interaction whose private reply carries the seat's decision, and
        that reply's id (``None``: the interaction's own message)."""

    # -- closing a decision ----------------------------------------------------------------------

    async def heading(self, status: GameStatus) -> str:
        """The first line of a closed message: which game, where."""
        return _("🌋 Game #{game} ({title}) in {where}").format(
            game=status.game_id,
            title=texts.md(texts.title_of(status)),
            where=await self.private.where(status),
        )

    async def close(
        self, status: GameStatus, seat: SeatInfo, line: str, *, keep: int | None = None
    ) -> None:
        """The seat's decision message says ``line`` (what happened) and loses its controls
        and its picture: its DM, or its private reply while Discord still lets it be edited.
        ``keep``: a message that carries the seat's next decision now (the one just clicked),
        left as it is."""
        content = f"{await self.heading(status)}\n{line}"[: texts.CONTENT_LIMIT]
        if (
            seat.notified_message is not None
            and seat.user_id is not None
            and seat.notified_message != keep
        ):
            await self.dms.edit(seat.user_id, seat.notified_message, None, content)
        await self._close_reply(status, seat, content, keep=keep)

    @staticmethod
    def _reply_id(reply: tuple[discord.Interaction[Any], int | None]) -> int | None:
        """The id of the private reply a ``_replies`` entry stands for."""
        interaction, message_id = reply
        if message_id is None and interaction.message is not None:
            return interaction.message.id
        return message_id

    async def _close_reply(
        self, status: GameStatus, seat: SeatInfo, content: str, *, keep: int | None = None
    ) -> None:
        """The seat's private reply that carried its decision, if any (and not ``keep``),
        edited into ``content`` without controls or picture."""
        reply = self._replies.pop((status.game_id, seat.seat), None)
        if reply is not None and (keep is None or self._reply_id(reply) != keep):
            interaction, message_id = reply
            with contextlib.suppress(discord.HTTPException):
                if message_id is None:
                    await interaction.edit_original_response(
                        content=content, view=None, attachments=[]
                    )
                else:
                    await interaction.followup.edit_message(
                        message_id, content=content, view=None, attachments=[]
                    )

    async def outcome_line(self, status: GameStatus, seat: SeatInfo) -> str:
        """What became of the decision last sent to ``seat``: played by them or for them, or
        over because the game moved on, ended or was cancelled."""
        if status.status == "cancelled":
            return _("🚫 The game was cancelled.")
        after = seat.notified_token if seat.notified_token is not None else status.version - 1
        entries = await self.bot.host.views.log(
            status.game_id, seat.user_id, limit=200, after=after
        )
        own = [e for e in entries if e.seat == seat.seat]
        end = ""
        if status.status == "finished":
            end = "\n" + _("🏁 The game is over: the result is in {where}.").format(
                where=f"<#{status.channel_id}>"
            )
        if seat.ai_controlled:
            if seat.resigned:
                end = "\n" + _("🏳️ You resigned: an AI plays your seat.") + end
            elif status.status == "active":
                end = "\n" + _(
                    "🤖 An AI plays your seat now: any move of yours (or `/game back`) "
                    "takes it back."
                )
        played = self._played_for(status, seat, entries)
        if played:
            return _("✅ You played: {label}.").format(label=texts.md(played)) + end
        if own:
            return played_line(own) + end
        if end:
            return end.lstrip("\n")
        names = await self.private.seat_names(status)
        said = texts.narration(self.private.presentation(status), entries, names)
        meanwhile = f"\n{clip_lines(said, 400)}" if said else ""
        over = _("⌛ This is over: the game moved on (the board is in {where}).")
        return over.format(where=f"<#{status.channel_id}>") + meanwhile

    def _played_for(self, status: GameStatus, seat: SeatInfo, entries: Sequence[LogEntry]) -> str:
        """What other seats' moves among ``entries`` played for ``seat`` from a choice it made
        earlier (``Words.played_for``: a move prepared out of turn), the last one; ``""``: none.
        That, not the choice as it was made and changed, is what its decision came to."""
        words = self.private.presentation(status).words
        if words.played_for is None:
            return ""
        played = ""
        for entry in entries:
            if entry.seat != seat.seat:
                played = words.played_for(entry.events, seat.seat) or played
        return played

    # -- the decisions of a move -----------------------------------------------------------------

    async def notify(self, status: GameStatus, *, answered: int | None = None) -> None:
        """Bring every human's decision message up to date after a move: close the messages of
        decisions that are over (with what happened), edit a decision that goes on in place,
        and send a new decision as one DM to players who want DMs. ``answered``: a user whose
        decision was just given to them in a reply."""
        for seat in status.seats:
            user = seat.user_id
            if user is None or user == answered:
                continue
            with i18n.using(await self.private.user_language(user)):  # their DMs: their language
                await self._notify_seat(status, seat, user)

    async def _notify_seat(self, status: GameStatus, seat: SeatInfo, user: int) -> None:
        """:meth:`notify` for one human seat (in its player's language)."""
        if True:
            decision = await self.bot.host.decisions.decision(status.game_id, user)
            told = seat.notified_token
            over = decision.kind is None or status.status != "active" or seat.ai_controlled
            if over:
                if seat.notified_key is not None or seat.notified_message is not None:
                    await self.close(status, seat, await self.outcome_line(status, seat))
                    await self.bot.host.outbox.set_notified(
                        status.game_id, seat.seat, told, None, None
                    )
                return
            if told == decision.token and seat.notified_key is not None:
                await self.redraw_step(status, seat, decision)  # the others' answers show
                return  # they have it already
            going_on = seat.notified_key == decision.key
            if going_on and seat.notified_message is not None:
                composed = await self.decision_message(status, seat, decision)
                if await self.dms.edit(user, seat.notified_message, composed):
                    await self.bot.host.outbox.set_notified(
                        status.game_id,
                        seat.seat,
                        decision.token,
                        seat.notified_message,
                        decision.key,
                    )
                    return
            if seat.notified_key is not None:
                await self.close(status, seat, await self.outcome_line(status, seat))
            if await self.private.nothing_to_decide(status, decision):
                await self.bot.host.outbox.set_notified(
                    status.game_id, seat.seat, decision.token, None, decision.key
                )
                return
            await self.dm_decision(status, seat, decision)

    async def auto_lead(self, status: GameStatus, seat: SeatInfo) -> list[str]:
        """What was played for the seat without asking since its last decision message (its
        only legal move, ``forced_moves``): told in its next real decision's message."""
        if seat.user_id is None:
            return []
        after = seat.notified_token if seat.notified_token is not None else status.version - 8
        entries = await self.bot.host.views.log(
            status.game_id, seat.user_id, limit=20, after=max(0, after)
        )
        quiet = await self.bot.host.outbox.quiet_versions(status.game_id, max(0, after))
        plays = [
            texts.md(i18n.say(e.label, status.kind))
            for e in entries
            if e.seat == seat.seat and e.by == "auto" and e.version not in quiet
        ]
        if not plays:
            return []
        return [
            _("⚙️ Only one move was possible, so it was played for you: {moves}.").format(
                moves=", ".join(plays)
            )
        ]

    async def refresh(
        self, status: GameStatus, seat: SeatInfo, decision: SeatDecision, line: str
    ) -> None:
        """The seat's current decision message (its DM, or its private reply while Discord
        lets it be edited) drawn again with ``line`` under its title (no notification; a
        picture others' moves changed is dropped, as in :meth:`redraw_step`)."""
        if seat.user_id is None:
            return
        showing = self.dms.shown(self._decision_message(status, seat))
        if seat.notified_message is not None:
            composed = await self.decision_message(
                status, seat, decision, lead=[line], showing=showing
            )
            await self.dms.edit(seat.user_id, seat.notified_message, composed)
            return
        title = self.private.title(status, decision)
        header = private_header("🂠", title, status)
        composed = await self.private.compose(
            status,
            seat.user_id,
            header=header,
            decision=decision,
            lead=[line],
            in_dm=False,
            showing=showing,
        )
        await self._edit_reply(status, seat, composed)

    async def redraw_step(self, status: GameStatus, seat: SeatInfo, decision: SeatDecision) -> None:
        """A player's message for a step everyone decides at once, drawn again as it was (its
        header, what it said they played, the page they were on) when where the step stands
        (``Words.step``: the others' offers) has changed since it was drawn. Its choices did
        not change, so its buttons stay valid; no notification. Its picture, when others'
        moves changed it, is not uploaded again but dropped, behind its button (it would show
        an older moment than its lines; a new upload after every pledge cost up to 1.56
        pictures a decision): the player's own next move brings it back."""
        user = seat.user_id
        drawn = self.private.drawn(status.game_id, user) if user is not None else None
        if user is None or drawn is None or decision.kind != "simultaneous":
            return
        if drawn.version == status.version or not drawn.step:
            return
        view = (await self.bot.host.views.private_view(status.game_id, user)).view
        if await self.private.step_words(status, view) == drawn.step:
            return
        composed = await self.private.compose(
            status,
            user,
            header=drawn.header,
            decision=decision,
            lead=drawn.lead,
            page=drawn.page,
            group=drawn.group,
            in_dm=drawn.in_dm,
            showing=self.dms.shown(self._decision_message(status, seat)),
        )
        if seat.notified_message is not None:
            await self.dms.edit(user, seat.notified_message, composed)
        else:
            await self._edit_reply(status, seat, composed)

    def _decision_message(self, status: GameStatus, seat: SeatInfo) -> int | None:
        """The id of the message that carries the seat's decision (its DM, else its private
        reply), if known."""
        if seat.notified_message is not None:
            return seat.notified_message
        reply = self._replies.get((status.game_id, seat.seat))
        return None if reply is None else self._reply_id(reply)

    async def _edit_reply(self, status: GameStatus, seat: SeatInfo, composed: Composed) -> None:
        """The seat's private reply that carries its decision (while Discord lets it be
        edited), edited into ``composed``."""
        reply = self._replies.get((status.game_id, seat.seat))
        if reply is None:
            return
        interaction, message_id = reply
        kwargs = self.dms.edit_kwargs(message_id, composed)
        kwargs.pop("allowed_mentions", None)
        with contextlib.suppress(discord.HTTPException):
            if message_id is None:
                await interaction.edit_original_response(**kwargs)
            else:
                await interaction.followup.edit_message(message_id, **kwargs)

    async def private_news(self, status: GameStatus, seat: SeatInfo) -> list[str]:
        """What other players' moves since the seat's last decision message told only this
        player (events whose secret is theirs: a prepared move that no longer fits)."""
        if seat.user_id is None or seat.notified_token is None:
            return []
        entries = await self.bot.host.views.log(
            status.game_id, seat.user_id, limit=50, after=seat.notified_token
        )
        events = [
            e
            for entry in entries
            if entry.seat != seat.seat
            for e in entry.events
            if seat.seat in e.get("secret_for", ())
        ]
        if not events:
            return []
        names = [texts.md(n) for n in await self.private.seat_names(status)]
        return self.private.presentation(status).words.narrate(events, names)

    async def decision_message(
        self,
        status: GameStatus,
        seat: SeatInfo,
        decision: SeatDecision,
        *,
        title: str = "",
        lead: Sequence[str] = (),
        showing: str | None = None,
    ) -> Composed:
        """The seat's DM for ``decision`` (``lead``: a line of ours first; ``showing``: see
        :meth:`Private.compose`)."""
        assert seat.user_id is not None
        where = await self.private.where(status)
        title = title or self.private.title(status, decision)
        header = private_header("🌋", title, status, where)
        lead = [*lead, *await self.private_news(status, seat), *await self.auto_lead(status, seat)]
        return await self.private.compose(
            status, seat.user_id, header=header, decision=decision, lead=lead, showing=showing
        )

    async def dm_decision(
        self, status: GameStatus, seat: SeatInfo, decision: SeatDecision, *, title: str = ""
    ) -> bool:
        """Send the seat's player their decision as a new DM, if they want DMs (else it is
        recorded as theirs: they see it with ``/hand`` or **My hand**). ``True`` if sent."""
        assert seat.user_id is not None
        setting = await self.bot.host.people.notify_setting(seat.user_id)
        sent = None
        if setting in WANTS_DMS:
            composed = await self.decision_message(status, seat, decision, title=title)
            sent = await self.dms.send(
                status, seat.user_id, composed.content, composed.files, composed.view
            )
            if sent is not None:
                self.dms.showing(sent.id, composed)
        await self.bot.host.outbox.set_notified(
            status.game_id,
            seat.seat,
            decision.token,
            None if sent is None else sent.id,
            decision.key,
        )
        return sent is not None

    # -- the mover's own reply -------------------------------------------------------------------

    async def answer_click(
        self,
        interaction: discord.Interaction[Any],
        status: GameStatus,
        result: MoveResult | None,
        kind: str | None,
    ) -> int | None:
        """A click was played: its message (a DM or a private reply) becomes the player's next
        decision, edited in place, or says what was played. Returns the user when their next
        decision was given here."""
        user = interaction.user.id
        seat = status.seat_of(user)
        decision = await self.bot.host.decisions.decision(status.game_id, user)
        done = self.private.done(
            status, kind, result.label if result is not None else _("your move")
        )
        in_dm = interaction.guild_id is None
        message = interaction.message.id if interaction.message is not None else None
        if decision.kind is None:
            where = f"<#{status.channel_id}>"
            board = ""
            if status.status != "active":
                board = " " + _("The board is in {where}.").format(where=where)
            content = f"{await self.heading(status)}\n{done}.{board}"
            if status.status == "finished":
                content += "\n" + _("🏁 The game is over: the result is in {where}.").format(
                    where=where
                )
            if not await answer.edit_clicked(interaction, content=content, view=None):
                return None  # the message is brought up to date as any other (notify)
            if seat is not None:  # told up to here; no decision open
                await self.bot.host.outbox.set_notified(
                    status.game_id, seat.seat, decision.token, None, None
                )
            return None
        title = self.private.title(status, decision)
        header = private_header("🌋", title, status)
        composed = await self.private.compose(
            status, user, header=header, decision=decision, lead=[done], in_dm=in_dm
        )
        if not await answer.edit_clicked(interaction, **self.dms.edit_kwargs(message, composed)):
            self.dms.forget(message or 0)
            return None  # the message is brought up to date as any other (notify)
        if seat is not None:
            # Its other message (a DM, or a reply, when both carried it) says what was played;
            # the clicked one carries the next decision (closing it too left none: issue 44).
            await self.close(status, seat, done, keep=message)
            if not in_dm:
                self._replies[(status.game_id, seat.seat)] = (interaction, None)
            await self.bot.host.outbox.set_notified(
                status.game_id, seat.seat, decision.token, message if in_dm else None, decision.key
            )
        return user

    async def send_private(
        self,
        interaction: discord.Interaction[Any],
        status: GameStatus,
        header: str,
        *,
        decision: SeatDecision | None = None,
        lead: Sequence[str] = (),
    ) -> int | None:
        """The user's own message as a private follow-up (the interaction is answered or
        deferred already); it carries their decision from now on (their DM of it, if any, says
        where it went and loses its controls)."""
        user = interaction.user.id
        if decision is None:
            decision = await self.bot.host.decisions.decision(status.game_id, user)
        composed = await self.private.compose(
            status, user, header=header, decision=decision, lead=lead, in_dm=False
        )
        sent = await answer.tell(
            interaction, composed.content, view=composed.view, files=composed.files
        )
        if sent is None:  # Discord no longer takes the answer: their DM keeps the decision
            return None
        self.dms.showing(sent.id, composed)
        seat = status.seat_of(user)
        if seat is not None and decision.kind is not None:
            if seat.notified_message is not None:  # it moves out of their DMs: said once
                line = _("➡️ Your decision moved to {where}, where you asked for it.").format(
                    where=f"<#{status.channel_id}>"
                )
                if lead:
                    line = f"{lead[0]}\n{line}"
                await self.close(status, seat, line)
            elif (status.game_id, seat.seat) in self._replies:  # the older reply, right here
                await self.close(
                    status, seat, lead[0] if lead else _("➡️ Your decision is in a newer message.")
                )
            self._replies[(status.game_id, seat.seat)] = (interaction, sent.id)
            await self.bot.host.outbox.set_notified(
                status.game_id, seat.seat, decision.token, None, decision.key
            )
        return user

    async def starting_hands(self, status: GameStatus) -> None:
        """At the start, every human without a decision who wants DMs gets their hand (those
        with one get it with their decision)."""
        for seat in status.seats:
            if seat.user_id is None:
                continue
            decision = await self.bot.host.decisions.decision(status.game_id, seat.user_id)
            if decision.kind is not None:
                continue
            if await self.bot.host.people.notify_setting(seat.user_id) not in WANTS_DMS:
                continue
            with i18n.using(await self.private.user_language(seat.user_id)):
                await self._starting_hand(status, seat, decision)

    async def _starting_hand(
        self, status: GameStatus, seat: SeatInfo, decision: SeatDecision
    ) -> None:
        """One player's starting hand by DM (in their language)."""
        assert seat.user_id is not None
        if True:
            pv = await self.bot.host.views.private_view(status.game_id, seat.user_id)
            if not self.private.presentation(status).words.hand(pv.view):
                return
            where = await self.private.where(status)
            header = private_header("🌋", _("Your starting hand"), status, where)
            composed = await self.private.compose(
                status, seat.user_id, header=header, decision=decision
            )
            await self.dms.send(
                status, seat.user_id, composed.content, composed.files, composed.view
            )

    async def remind(self, note: Reminder) -> None:
        """A player's decision is still pending: their decision as a new DM (the old one is
        deleted: one message per decision), else a mention in the channel."""
        status = await self.bot.host.views.status(note.game_id)
        seat = next((s for s in status.seats if s.seat == note.seat), None)
        if seat is None or seat.user_id is None:
            return
        decision = await self.bot.host.decisions.decision(status.game_id, seat.user_id)
        if decision.kind is None or await self.private.nothing_to_decide(status, decision):
            return
        setting = await self.bot.host.people.notify_setting(seat.user_id)
        if setting == "none":
            return  # they chose to look for themselves
        with i18n.using(await self.private.user_language(seat.user_id)):
            if await self._remind_by_dm(status, seat, decision, note):
                return
        chan = await self.private.channel(note.channel_id)
        if chan is not None:
            with i18n.using(await self.private.server_language(status)):
                await chan.send(
                    reminder_line(note, decision.kind),
                    allowed_mentions=discord.AllowedMentions(users=[discord.Object(note.user_id)]),
                )

    async def _remind_by_dm(
        self, status: GameStatus, seat: SeatInfo, decision: SeatDecision, note: Reminder
    ) -> bool:
        """The reminder as the player's decision in a new DM (the old one deleted)."""
        assert seat.user_id is not None
        what = texts.REMINDED.get(decision.kind or "turn", texts.REMINDED["turn"])
        title = _(what).format(left=duration(note.remaining))
        title += texts.reserve_text(note.reserve, note.remaining)
        old = seat.notified_message
        if await self.dm_decision(status, seat, decision, title=title):
            if old is not None:
                await self.dms.delete(seat.user_id, old)
            line = _("➡️ Your decision is in a newer message.")  # the DM: one message remains
            await self._close_reply(status, seat, f"{await self.heading(status)}\n{line}")
            return True
        return False


__all__ = ["MENTION_USERS", "Inbox", "is_component"]


def reminder_line(note: Reminder, kind: str | None) -> str:
    """The channel's reminder when no DM could carry it."""
    if kind != "turn":
        text = _(
            "⏳ <@{user}>, game #{game} is waiting for your chance to act: {left} left"
            "{deadline}. Use `/hand` or `/move` here."
        )
    else:
        text = _(
            "⏳ <@{user}>, game #{game} is waiting for your move: {left} left{deadline}. "
            "Use `/hand` or `/move` here."
        )
    return text.format(
        user=note.user_id,
        game=note.game_id,
        left=duration(note.remaining),
        deadline=texts.deadline_text(note.deadline),
    ) + texts.reserve_text(note.reserve, note.remaining)
