"""The simulated people: a :class:`FakeUser` who sees what Discord would show them and acts
through the fake's wire, and the live :class:`InteractionResult` of each action."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from .basics import DM, PRIVATE_THREAD, Attachment, Choice, Json, P, Person, World, snowflake
from .model import Channel, Message

T = TypeVar("T")


class Actions(World, Protocol):
    """What a person's actions need of the fake (:class:`sandbox.fake.server.FakeDiscord`): the
    wire that turns them into interactions and messages, DM channels, and waiting."""

    @property
    def dm_channels(self) -> dict[int, Channel]: ...

    async def wait_for(
        self,
        predicate: Callable[[], T | None],
        *,
        timeout: float = 5.0,  # noqa: ASYNC109
        what: str = "condition",
    ) -> T: ...

    async def _slash(
        self,
        user: FakeUser,
        command: str,
        channel: Channel | None,
        options: dict[str, Any],
        *,
        check: bool,
    ) -> InteractionResult: ...

    async def _autocomplete(
        self,
        user: FakeUser,
        command: str,
        option: str,
        typed: str,
        channel: Channel | None,
        options: dict[str, Any],
    ) -> list[Choice]: ...

    async def _click(
        self,
        user: FakeUser,
        label: str | None,
        custom_id: str | None,
        message: Message | None,
        channel: Channel | None,
        *,
        check: bool,
    ) -> InteractionResult: ...

    async def _select(
        self,
        user: FakeUser,
        message: Message,
        values: list[Any],
        custom_id: str | None,
        *,
        check: bool,
    ) -> InteractionResult: ...

    async def _submit_modal(
        self, user: FakeUser, opened: InteractionResult, values: dict[str, Any], *, check: bool
    ) -> InteractionResult: ...

    async def settled(self, result: InteractionResult) -> bool: ...

    async def _user_message(
        self, user: FakeUser, channel: Channel, content: str, files: dict[str, bytes]
    ) -> Message: ...


@dataclass(eq=False)
class FakeUser(Person):
    """A simulated Discord user (or the bot's own user). Actions go through the fake's wire."""

    fake: Actions  # a World that also acts for its people
    _dm: Channel | None = None
    _dm_cursor: int = 0
    _cursors: dict[int, int] = field(default_factory=dict)

    def __repr__(self) -> str:
        return f"<FakeUser {self.name!r} id={self.id}>"

    # -- DMs ---------------------------------------------------------------------------------

    @property
    def dm(self) -> Channel:
        """This user's DM channel with the bot (the same one the bot gets from Create DM)."""
        if self._dm is None:
            self._dm = Channel(id=snowflake(), name=f"@{self.name}", type=DM, recipient=self)
            self.fake.dm_channels[self._dm.id] = self._dm
        return self._dm

    @property
    def dms(self) -> list[Message]:
        """The bot's messages in this user's DMs, oldest first."""
        return [m for m in self.dm.messages if not m.deleted and m.author is not self]

    def close_dms(self) -> None:
        """Refuse DMs from the bot: its sends get 403 / 50007 from now on."""
        self.dms_open = False

    def open_dms(self) -> None:
        self.dms_open = True

    async def wait_for_dm(
        self,
        timeout: float = 5.0,  # noqa: ASYNC109
        predicate: Callable[[Message], bool] | None = None,
    ) -> Message:
        """The next DM from the bot this user has not yet been handed by ``wait_for_dm``."""

        def ready() -> Message | None:
            dms = self.dms
            while self._dm_cursor < len(dms):
                msg = dms[self._dm_cursor]
                self._dm_cursor += 1
                if predicate is None or predicate(msg):
                    return msg
            return None

        found = await self.fake.wait_for(ready, timeout=timeout, what=f"a DM to {self.name}")
        assert found is not None
        return found

    async def wait_for_message(
        self,
        channel: Channel,
        predicate: Callable[[Message], bool] | None = None,
        timeout: float = 5.0,  # noqa: ASYNC109
    ) -> Message:
        """The next bot message in ``channel`` visible to this user that this method has not
        handed out before (ephemeral ones for this user included)."""

        def ready() -> Message | None:
            mine = [m for m in self.visible_messages(channel) if m.author.bot]
            start = self._cursors.get(channel.id, 0)
            for i in range(start, len(mine)):
                self._cursors[channel.id] = i + 1
                if predicate is None or predicate(mine[i]):
                    return mine[i]
            return None

        return await self.fake.wait_for(ready, timeout=timeout, what=f"a message in {channel}")

    # -- what this user can see ----------------------------------------------------------------

    def can_see(self, message: Message) -> bool:
        if message.deleted:
            return False
        if message.visible_to is not None and message.visible_to != self.id:
            return False
        return self.can_view(message.channel)

    def can_view(self, channel: Channel) -> bool:
        if channel.type == DM:
            return channel.recipient is self
        guild = channel.guild
        assert guild is not None
        if self.id not in guild.members:
            return False
        perms = guild.permissions(self.id, channel)
        if not perms & P(view_channel=True).value:
            return False
        if channel.type == PRIVATE_THREAD:
            return self.id in channel.thread_members or bool(perms & P(manage_threads=True).value)
        return True

    def visible_messages(self, channel: Channel) -> list[Message]:
        """What this user sees in ``channel``: public messages plus their own ephemerals."""
        if not self.can_view(channel):
            return []
        return [m for m in channel.messages if self.can_see(m)]

    def last_seen(self, channel: Channel) -> Message | None:
        seen = self.visible_messages(channel)
        return seen[-1] if seen else None

    # -- actions (all delegate to the fake) ------------------------------------------------------

    async def slash(
        self,
        command: str,
        *,
        channel: Channel | None = None,
        check: bool = True,
        **options: Any,
    ) -> InteractionResult:
        """Run ``/command`` (``"game new"`` for groups) with options, as typed in ``channel``."""
        return await self.fake._slash(self, command, channel, options, check=check)

    async def autocomplete(
        self,
        command: str,
        option: str,
        typed: str,
        *,
        channel: Channel | None = None,
        **options: Any,
    ) -> list[Choice]:
        """Type ``typed`` into ``option`` of ``/command``; returns the suggestions shown."""
        return await self.fake._autocomplete(self, command, option, typed, channel, options)

    async def click(
        self,
        label: str | None = None,
        *,
        message: Message | None = None,
        custom_id: str | None = None,
        channel: Channel | None = None,
        check: bool = True,
    ) -> InteractionResult:
        """Click a button by label (or ``custom_id``) on ``message`` or on the newest visible
        message in ``channel`` (or in the DMs) that has it."""
        return await self.fake._click(self, label, custom_id, message, channel, check=check)

    async def select(
        self,
        message: Message,
        values: list[Any],
        *,
        custom_id: str | None = None,
        check: bool = True,
    ) -> InteractionResult:
        """Choose ``values`` in a select menu on ``message``."""
        return await self.fake._select(self, message, values, custom_id, check=check)

    async def submit_modal(
        self, result: InteractionResult, values: dict[str, Any], *, check: bool = True
    ) -> InteractionResult:
        """Fill in the modal the bot opened (``result.modal``) and press Submit."""
        return await self.fake._submit_modal(self, result, values, check=check)

    async def say(
        self,
        channel: Channel | None,
        content: str,
        *,
        files: dict[str, bytes] | None = None,
    ) -> Message:
        """Post a message (``channel=None`` means a DM to the bot)."""
        return await self.fake._user_message(self, channel or self.dm, content, files or {})


@dataclass(eq=False)
class InteractionResult:
    """What the invoking user saw after an interaction. It stays live: follow-ups and edits
    that arrive later show up here (``await result.wait_for_followup()``)."""

    fake: Actions
    id: int
    token: str
    user: FakeUser
    channel: Channel
    kind: int  # interaction type: 2 command, 3 component, 4 autocomplete, 5 modal submit
    name: str = ""
    response_type: int | None = None  # 4 message, 5 defer, 6 deferred update, 7 update, 8, 9
    message: Message | None = None  # the original response (for components: the clicked message)
    followups: list[Message] = field(default_factory=list)
    choices: list[Choice] | None = None
    modal: Json | None = None
    failed: bool = False
    error: str | None = None
    rejections: list[Json] = field(default_factory=list)
    source_message: Message | None = None
    completed: bool = False
    """A deferred interaction got its answer: a follow-up, or an edit of its message (what the
    user sees replace "thinking…", or their clicked message change)."""

    @property
    def answered(self) -> bool:
        return self.response_type is not None

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def settled(self) -> bool:
        """The user sees the bot's answer: it answered at once, or its deferred answer came."""
        return self.answered and (not self.deferred or self.completed)

    @property
    def updated(self) -> bool:
        """The clicked message was edited in place (UPDATE_MESSAGE or a deferred update)."""
        return self.response_type in (6, 7)

    @property
    def ephemeral(self) -> bool:
        return self.message is not None and self.message.ephemeral

    @property
    def content(self) -> str:
        return self.message.content if self.message is not None else ""

    @property
    def embeds(self) -> list[Json]:
        return self.message.embeds if self.message is not None else []

    @property
    def components(self) -> list[Json]:
        return self.message.components if self.message is not None else []

    @property
    def attachments(self) -> list[Attachment]:
        return self.message.attachments if self.message is not None else []

    @property
    def files(self) -> list[bytes]:
        return self.message.files if self.message is not None else []

    @property
    def messages(self) -> list[Message]:
        """The original response and every follow-up, without duplicates, oldest first."""
        out: list[Message] = []
        for m in ([self.message] if self.message else []) + self.followups:
            if m not in out:
                out.append(m)
        return out

    async def wait_for_followup(self, count: int = 1, timeout: float = 5.0) -> Message:  # noqa: ASYNC109
        """Wait until at least ``count`` follow-ups arrived; returns the ``count``-th."""
        await self.fake.wait_for(
            lambda: len(self.followups) >= count,
            timeout=timeout,
            what=f"follow-up #{count} to {self.name or 'interaction'}",
        )
        return self.followups[count - 1]

    async def wait_until_settled(self) -> bool:
        """Until the player sees the bot's answer (a deferred one included); ``False`` if it
        never came within the fake's ``response_timeout``."""
        return await self.fake.settled(self)

    @property
    def reply(self) -> Message | None:
        """The bot's newest answer to this interaction: its latest follow-up (a private
        answer to a click that left its message as it was), else its message."""
        return self.followups[-1] if self.followups else self.message

    async def wait_until_loaded(self, timeout: float = 5.0) -> Message:  # noqa: ASYNC109
        """After a defer: wait until the "thinking" message was replaced by real content."""
        await self.fake.wait_for(
            lambda: self.message is not None and not self.message.loading,
            timeout=timeout,
            what=f"the deferred response to {self.name or 'interaction'}",
        )
        assert self.message is not None
        return self.message

    def __repr__(self) -> str:
        state = "FAILED" if self.failed else f"response_type={self.response_type}"
        return f"<InteractionResult {self.name!r} {state} content={self.content[:40]!r}>"


class InteractionFailed(AssertionError):
    """The player would see "This interaction failed" (no valid answer within the deadline)."""

    def __init__(self, result: InteractionResult) -> None:
        super().__init__(f"interaction {result.name!r} failed: {result.error}")
        self.result = result


class DriverError(AssertionError):
    """The test asked for something a real player could not do (unknown command, hidden
    message, disabled button...)."""
