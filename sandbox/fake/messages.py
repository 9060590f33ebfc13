"""REST routes for DMs, channels, messages and threads."""

from __future__ import annotations

from .basics import DM, HAS_THREAD, PRIVATE_THREAD, PUBLIC_THREAD, THREAD_TYPES, Json, snowflake
from .model import Channel, Message
from .rest import Rest
from .wire import (
    DiscordHTTPError,
    RequestRecord,
    form_error,
)


class MessageRoutes(Rest):
    """Routes for DMs, channels, messages and threads."""

    def _delete(self, msg: Message) -> None:
        msg.deleted = True
        self._observe("message", msg)
        if msg.visible_to is None:
            payload: Json = {"id": str(msg.id), "channel_id": str(msg.channel.id)}
            if msg.channel.guild is not None:
                payload["guild_id"] = str(msg.channel.guild.id)
            self._dispatch("MESSAGE_DELETE", payload)

    # ------------------------------------------------------------------ REST: channels

    async def r_create_dm(self, rec: RequestRecord) -> Json:
        body = rec.body or {}
        user = self.users_by_id.get(int(body.get("recipient_id", 0)))
        if user is None or user.bot:
            raise DiscordHTTPError(400, 50033, "Invalid Recipient(s)")
        return user.dm.payload()

    async def r_get_channel(self, rec: RequestRecord, channel_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        if chan.guild is not None:
            self._require(chan)
        return chan.payload()

    async def r_edit_channel(self, rec: RequestRecord, channel_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        body = rec.body or {}
        if chan.type == DM:
            raise DiscordHTTPError(403, 50003, "Cannot execute action on a DM channel")
        if chan.is_thread:
            if chan.owner_id != self.bot.id:
                self._require(chan, manage_threads=True)
        else:
            self._require(chan, manage_channels=True)
        for key in ("name", "archived", "locked", "auto_archive_duration"):
            if key in body:
                setattr(chan, key, body[key])
        event = "THREAD_UPDATE" if chan.is_thread else "CHANNEL_UPDATE"
        self._dispatch(event, chan.payload())
        return chan.payload()

    async def r_delete_channel(self, rec: RequestRecord, channel_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        if chan.guild is None:
            raise DiscordHTTPError(403, 50003, "Cannot execute action on a DM channel")
        self._require(
            chan, **({"manage_threads": True} if chan.is_thread else {"manage_channels": True})
        )
        chan.guild.channels.remove(chan)
        payload = chan.payload()
        self._dispatch("THREAD_DELETE" if chan.is_thread else "CHANNEL_DELETE", payload)
        return payload

    async def r_typing(self, rec: RequestRecord, channel_id: str) -> None:
        chan = self._channel_or_404(channel_id)
        if chan.guild is not None:
            self._require(chan, send_messages=not chan.is_thread)

    async def r_history(self, rec: RequestRecord, channel_id: str) -> list[Json]:
        chan = self._channel_or_404(channel_id)
        if chan.guild is not None:
            self._require(chan, read_message_history=True)
        msgs = chan.public_messages
        limit = int(rec.query.get("limit", 50))
        if "before" in rec.query:
            msgs = [m for m in msgs if m.id < int(rec.query["before"])]
        if "after" in rec.query:
            msgs = [m for m in msgs if m.id > int(rec.query["after"])]
            return [m.payload() for m in msgs[:limit]][::-1]
        return [m.payload() for m in msgs[::-1][:limit]]

    async def r_send(self, rec: RequestRecord, channel_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        data = rec.body or {}
        if chan.type == DM:
            assert chan.recipient is not None
            if not chan.recipient.dms_open:
                raise DiscordHTTPError(403, 50007, "Cannot send messages to this user")
        else:
            need: dict[str, bool] = (
                {"send_messages_in_threads": True} if chan.is_thread else {"send_messages": True}
            )
            if rec.files:
                need["attach_files"] = True
            self._require(chan, **need)
            if chan.is_thread and chan.locked:
                raise DiscordHTTPError(400, 50083, "Thread is archived")
        self._validate_message(data, rec.files, [])
        nonce = data.get("nonce")
        key = (chan.id, self.bot.id, str(nonce))
        if nonce is not None and data.get("enforce_nonce"):
            # Discord: a message with the same nonce from the same author in the last few
            # minutes is returned as it is, and no new message is created.
            seen = self.nonces.get(key)
            fresh = seen is not None and self.clock() - seen[1] < self.nonce_window
            if seen is not None and fresh and not seen[0].deleted:
                return seen[0].payload()
        if not (
            data.get("content")
            or data.get("embeds")
            or rec.files
            or data.get("components")
            or data.get("sticker_ids")
        ):
            raise DiscordHTTPError(400, 50006, "Cannot send an empty message")
        ref = data.get("message_reference")
        if ref is not None and ref.get("fail_if_not_exists", True):
            target = self.channel_by_id(int(ref.get("channel_id") or chan.id))
            if target is None or self.message_by_id(target, int(ref["message_id"])) is None:
                raise form_error(
                    ["message_reference"], "REPLIES_UNKNOWN_MESSAGE", "Unknown message"
                )
        msg = self._new_message(chan, self.bot, data, rec.files, mtype=19 if ref else 0)
        if nonce is not None:
            msg.nonce = str(nonce)
            if data.get("enforce_nonce"):
                now = self.clock()
                for old, (_m, when) in list(self.nonces.items()):  # forget what Discord would
                    if now - when >= self.nonce_window:
                        del self.nonces[old]
                self.nonces[key] = (msg, now)
        self._dispatch_message("MESSAGE_CREATE", msg)
        return msg.payload()

    async def r_get_message(self, rec: RequestRecord, channel_id: str, message_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        if chan.guild is not None:
            self._require(chan, read_message_history=True)
        return self._message_or_404(chan, message_id).payload()

    async def r_edit_message(self, rec: RequestRecord, channel_id: str, message_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        msg = self._message_or_404(chan, message_id)
        if msg.author is not self.bot:
            raise DiscordHTTPError(403, 50005, "Cannot edit a message authored by another user")
        self._apply_edit(msg, rec.body or {}, rec.files)
        self._dispatch_message("MESSAGE_UPDATE", msg)
        return msg.payload()

    async def r_delete_message(self, rec: RequestRecord, channel_id: str, message_id: str) -> None:
        chan = self._channel_or_404(channel_id)
        msg = self._message_or_404(chan, message_id)
        if msg.author is not self.bot:
            if chan.guild is None:
                raise DiscordHTTPError(403, 50003, "Cannot execute action on a DM channel")
            self._require(chan, manage_messages=True)
        self._delete(msg)

    # ------------------------------------------------------------------ REST: threads

    def _new_thread(
        self, parent: Channel, name: str, ttype: int, body: Json, tid: int | None = None
    ) -> Channel:
        assert parent.guild is not None
        if not 1 <= len(name) <= 100:
            raise form_error(
                ["name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length."
            )
        duration = body.get("auto_archive_duration")
        if duration is not None and int(duration) not in (60, 1440, 4320, 10080):
            raise form_error(
                ["auto_archive_duration"],
                "BASE_TYPE_CHOICES",
                "Value must be one of {60, 1440, 4320, 10080}.",
            )
        thread = Channel(
            id=tid or snowflake(),
            name=name,
            type=ttype,
            guild=parent.guild,
            parent=parent,
            owner_id=self.bot.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
        )
        thread.thread_members.add(self.bot.id)
        parent.guild.channels.append(thread)
        self._dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    async def r_thread_from_message(
        self, rec: RequestRecord, channel_id: str, message_id: str
    ) -> Json:
        chan = self._channel_or_404(channel_id)
        if chan.guild is None or chan.is_thread:
            raise DiscordHTTPError(400, 50024, "Cannot execute action on this channel type")
        msg = self._message_or_404(chan, message_id)
        self._require(chan, create_public_threads=True)
        if msg.thread is not None:
            raise DiscordHTTPError(
                400, 160004, "A thread has already been created for this message"
            )
        body = rec.body or {}
        thread = self._new_thread(chan, str(body.get("name", "")), PUBLIC_THREAD, body, tid=msg.id)
        msg.thread = thread
        msg.flags |= HAS_THREAD
        self._observe("message", msg)
        return thread.payload()

    async def r_thread(self, rec: RequestRecord, channel_id: str) -> Json:
        chan = self._channel_or_404(channel_id)
        if chan.guild is None or chan.is_thread:
            raise DiscordHTTPError(400, 50024, "Cannot execute action on this channel type")
        body = rec.body or {}
        ttype = int(body.get("type") or PRIVATE_THREAD)
        if ttype not in THREAD_TYPES:
            raise form_error(["type"], "BASE_TYPE_CHOICES", "Value must be one of {11, 12}.")
        self._require(
            chan,
            **(
                {"create_public_threads": True}
                if ttype == PUBLIC_THREAD
                else {"create_private_threads": True}
            ),
        )
        thread = self._new_thread(chan, str(body.get("name", "")), ttype, body)
        return thread.payload()

    def _thread_or_error(self, channel_id: str) -> Channel:
        chan = self._channel_or_404(channel_id)
        if not chan.is_thread:
            raise DiscordHTTPError(400, 50024, "Cannot execute action on this channel type")
        return chan

    async def r_thread_join(self, rec: RequestRecord, channel_id: str, who: str) -> None:
        thread = self._thread_or_error(channel_id)
        uid = self.bot.id if who == "@me" else int(who)
        if uid not in self.users_by_id:
            raise DiscordHTTPError(404, 10013, "Unknown User")
        thread.thread_members.add(uid)

    async def r_thread_member(self, rec: RequestRecord, channel_id: str, who: str) -> Json:
        """A thread member (404 Unknown Member when the user is not in the thread)."""
        thread = self._thread_or_error(channel_id)
        self._require(thread)
        uid = self.bot.id if who == "@me" else int(who)
        if uid not in thread.thread_members:
            raise DiscordHTTPError(404, 10007, "Unknown Member")
        return {
            "id": str(thread.id),
            "user_id": str(uid),
            "join_timestamp": thread.created,
            "flags": 0,
        }

    async def r_thread_leave(self, rec: RequestRecord, channel_id: str, who: str) -> None:
        thread = self._thread_or_error(channel_id)
        thread.thread_members.discard(self.bot.id if who == "@me" else int(who))
