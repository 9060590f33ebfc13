"""Who may see a game: the one place that asks Discord whether a member may view (or post in)
a game's channel.

A game is shown (``/game history``, ``/game replay`` and its autocomplete, the replay viewer's
buttons and menu, **Replay** under a final board, the animation, another player's
``/game stats``) only to a member who may view its channel **now**, as Discord has it when they
ask: the interaction's own permissions when the game's channel is the interaction's channel,
else ``permissions_for(member)`` on the guild's cached channel (channels, roles and overwrites
are kept current by the gateway), or on the channel fetched by REST when it is not cached (an
archived thread). A thread's visibility follows its parent's View Channel; a private thread
also needs the member in it (or Manage Threads). Nothing is remembered beyond one
interaction: a :class:`Sight` asks each channel once for the listing it answers.

The host knows no permissions: it gives a game's channel id, and the cog asks here.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import discord

from render.i18n import _

log = logging.getLogger("cogs.access")


def hidden(game_id: int) -> str:
    """What a member who may not view a game's channel is told: the same words as for a game
    that is not in this server, so that its existence does not show either."""
    return _("There is no game #{game} in this server.").format(game=game_id)


@dataclass(frozen=True)
class Access:
    """A member's permissions in a channel they may view; ``thread``: the channel is a
    thread (posting there needs Send Messages in Threads)."""

    permissions: discord.Permissions
    thread: bool

    @property
    def may_post_files(self) -> bool:
        """Whether the member may post a message with a file there (the animation)."""
        p = self.permissions
        send = p.send_messages_in_threads if self.thread else p.send_messages
        return bool(send and p.attach_files)

    @property
    def may_post(self) -> bool:
        """Whether the member may post a message there (a shared leaderboard)."""
        p = self.permissions
        return bool(p.send_messages_in_threads if self.thread else p.send_messages)


def _is_thread(channel: Any) -> bool:
    return isinstance(channel, discord.Thread)


def may_post_here(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction's user may post a message in the interaction's channel."""
    perms = interaction.permissions
    return Access(perms, _is_thread(interaction.channel)).may_post if perms.view_channel else False


@dataclass
class Sight:
    """What the member of one interaction may see: asked of Discord's current state, each
    channel once per interaction (a listing of many games in a few channels)."""

    interaction: discord.Interaction[Any]
    _seen: dict[int, Access | None] = field(default_factory=dict)

    async def access(self, channel_id: int) -> Access | None:
        """The member's access to ``channel_id``; ``None``: they may not view it (or it is
        gone, or not a channel of this server)."""
        if channel_id not in self._seen:
            self._seen[channel_id] = await self._ask(channel_id)
        return self._seen[channel_id]

    async def may_view(self, channel_id: int) -> bool:
        return await self.access(channel_id) is not None

    async def _ask(self, channel_id: int) -> Access | None:
        interaction = self.interaction
        if interaction.guild_id is None:
            return None
        if channel_id == interaction.channel_id:  # where they are: Discord's own answer
            perms = interaction.permissions
            return Access(perms, _is_thread(interaction.channel)) if perms.view_channel else None
        guild = interaction.guild
        member = interaction.user
        if guild is None or not isinstance(member, discord.Member):
            return None
        channel: Any = guild.get_channel_or_thread(channel_id)
        if channel is None:  # not cached (an archived thread): Discord's current copy
            try:
                channel = await guild.fetch_channel(channel_id)
            except (discord.HTTPException, discord.InvalidData):
                return None
        try:
            perms = channel.permissions_for(member)
        except discord.ClientException:  # a thread whose parent is not known
            return None
        if not perms.view_channel:
            return None
        thread = _is_thread(channel)
        if thread and channel.is_private() and not perms.manage_threads:  # members only
            return Access(perms, thread) if await _in_thread(channel, member.id) else None
        return Access(perms, thread)


async def _in_thread(thread: discord.Thread, user_id: int) -> bool:
    """Whether ``user_id`` is a member of the private ``thread`` (cached, else asked)."""
    if any(m.id == user_id for m in thread.members):
        return True
    try:
        await thread.fetch_member(user_id)
    except discord.NotFound:
        return False
    except discord.HTTPException as e:
        log.warning("thread %s: its members could not be read: %s", thread.id, e)
        return False
    return True


async def member_may_view(interaction: discord.Interaction[Any], member: Any) -> bool:
    """Whether ``member`` (a member named in the interaction, not its user) may view the
    interaction's channel now: their permissions there as Discord resolved them with the
    interaction (else computed from the cached channel), and for a private thread their
    membership (or Manage Threads)."""
    if not isinstance(member, discord.Member):
        return False
    channel: Any = interaction.channel
    perms = member.resolved_permissions
    if perms is None:
        try:
            perms = channel.permissions_for(member)
        except (AttributeError, discord.ClientException):
            return False
    if not perms.view_channel:
        return False
    if _is_thread(channel) and channel.is_private() and not perms.manage_threads:
        return await _in_thread(channel, member.id)
    return True
