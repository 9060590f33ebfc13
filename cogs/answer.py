"""Answer first, then work: every interaction is acknowledged before anything can make it wait.

Discord gives an interaction 3 seconds for its first answer ("This interaction failed" after
that), and a busy machine can spend longer than that on a game's lock, the database or a
picture. So nothing waits before the acknowledgement: the command tree
(:class:`cogs.language.Tree`) acknowledges every slash command, and every button and menu is
acknowledged by its item (:mod:`cogs.components`), before a handler runs. Autocomplete cannot
be deferred: it answers within :data:`AUTOCOMPLETE_WITHIN` from what is at hand
(:func:`quick`).

How an interaction is acknowledged decides where its answer goes:

- a **slash command** is deferred privately ("thinking…", only its user sees it), unless the
  command's answer is for the channel (``extras={"public": True}``: ``/game new``, ``resign``,
  ``back``, ``cancel``; ``extras={"public": "share"}``: when its option ``share`` is true and
  the user may post in the channel, ``/game leaderboard``); its answer is the first
  follow-up, which replaces the placeholder. A refusal of a public command takes the public
  placeholder away and answers privately;
- a **button or menu** whose message shows the answer (a decision, a lobby, a replay step) is
  deferred as an update: its message stays until the handler edits it
  (:func:`edit_clicked`); one whose answer is a new private message (**My hand**, a picture)
  is deferred privately, as a command.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from collections.abc import Callable, Coroutine
from typing import Any, ParamSpec, TypeVar, cast

import discord

from cogs import texts

log = logging.getLogger("cogs.answer")

AUTOCOMPLETE_WITHIN = 2.0
"""Seconds an autocomplete handler may take before it answers with what it has (Discord's 3 s
deadline for the answer, less the way there and back)."""
NO_MENTIONS = discord.AllowedMentions.none()


def heard_by(mentions: discord.AllowedMentions = NO_MENTIONS) -> dict[str, Any]:
    """How a channel message notifies: only the users ``mentions`` lets it notify. One that
    notifies nobody (a board that waits for no one who takes mentions, a lobby, a step's
    status) is sent silently (``SUPPRESS_NOTIFICATIONS``), so a busy channel's followers are
    not woken by every turn: the keyword arguments of ``send``."""
    return {"allowed_mentions": mentions, "silent": not mentions.users}


P = ParamSpec("P")
T = TypeVar("T")


def is_public(interaction: discord.Interaction[Any]) -> bool:
    """Whether the interaction was deferred with a placeholder everyone sees."""
    return bool(interaction.extras.get("public"))


async def acknowledge(
    interaction: discord.Interaction[Any], *, update: bool = False, public: bool = False
) -> bool:
    """Acknowledge ``interaction`` now, before any work: a deferred update of the clicked
    message (``update``, a component), else a "thinking…" placeholder that only its user sees
    (``public``: that everyone sees). ``False``: Discord no longer takes an answer (too late, or
    answered already elsewhere); the handler still runs, and what it changes still shows."""
    response = interaction.response
    if response.is_done():
        return True
    try:
        if update and interaction.type == discord.InteractionType.component:
            await response.defer()
        else:
            await response.defer(ephemeral=not public, thinking=True)
            interaction.extras["public"] = public
    except discord.NotFound:  # 10062: past Discord's deadline before it could be sent
        log.warning("interaction %s was acknowledged too late", interaction.id)
        return False
    except discord.HTTPException as e:  # 40060: acknowledged already
        log.warning("interaction %s could not be acknowledged: %s", interaction.id, e)
        return False
    return True


async def tell(
    interaction: discord.Interaction[Any],
    text: str,
    *,
    view: discord.ui.View | None = None,
    files: list[discord.File] | None = None,
) -> discord.WebhookMessage | None:
    """A private answer to what the user did (a refusal, a confirmation, a listing): the
    interaction's first follow-up, or a new private message after it. After a public
    placeholder, the placeholder goes first, so a refusal is never shown to the channel."""
    text = text[: texts.CONTENT_LIMIT]
    if not interaction.response.is_done():
        await acknowledge(interaction)
    if is_public(interaction):
        interaction.extras["public"] = False
        with contextlib.suppress(discord.HTTPException):
            await interaction.delete_original_response()
    kwargs: dict[str, Any] = {"ephemeral": True, "allowed_mentions": NO_MENTIONS, "wait": True}
    if view is not None:
        kwargs["view"] = view
    if files:
        kwargs["files"] = files
    try:
        sent: discord.WebhookMessage = await interaction.followup.send(text, **kwargs)
    except discord.HTTPException as e:  # the token ran out (15 min), or the answer was refused
        log.warning("interaction %s: the answer could not be sent: %s", interaction.id, e)
        return None
    return sent


async def edit_answer(interaction: discord.Interaction[Any], text: str) -> None:
    """Edit the private answer :func:`tell` gave first (it replaced the placeholder)."""
    try:
        await interaction.edit_original_response(content=text[: texts.CONTENT_LIMIT])
    except discord.HTTPException as e:
        log.warning("interaction %s: the answer could not be edited: %s", interaction.id, e)


async def announce(
    interaction: discord.Interaction[Any], text: str, **kwargs: Any
) -> discord.WebhookMessage:
    """The public answer of a public command: it takes the place of the placeholder everyone
    saw (the command was acknowledged with ``public=True``)."""
    kwargs.setdefault("allowed_mentions", NO_MENTIONS)
    interaction.extras["public"] = False
    return await interaction.followup.send(text[: texts.CONTENT_LIMIT], wait=True, **kwargs)


GONE = (10015, 10062, 50027)
"""Discord's codes for an interaction it no longer takes answers for: unknown webhook, unknown
interaction (not acknowledged in time), invalid webhook token (its 15 minutes are over)."""


def gone(error: BaseException) -> bool:
    """Whether ``error`` says the interaction can no longer be answered (nothing to apologise
    for: the player already saw that it failed, and what it changed shows elsewhere)."""
    return isinstance(error, discord.HTTPException) and error.code in GONE


async def edit_clicked(interaction: discord.Interaction[Any], **kwargs: Any) -> bool:
    """Edit the message whose button or menu was used (acknowledged as a deferred update).
    ``False``: Discord no longer takes answers for the interaction; the message is as it was
    (the caller may bring it up to date another way)."""
    try:
        if not interaction.response.is_done():
            await interaction.response.edit_message(**kwargs)
        else:
            kwargs.pop("allowed_mentions", None)
            await interaction.edit_original_response(**kwargs)
    except discord.HTTPException as e:
        if not gone(e):
            raise
        log.warning("interaction %s: its message could not be edited: %s", interaction.id, e)
        return False
    return True


def quick(
    fallback: Callable[[], object], within: float = AUTOCOMPLETE_WITHIN
) -> Callable[[Callable[P, Coroutine[Any, Any, T]]], Callable[P, Coroutine[Any, Any, T]]]:
    """An autocomplete handler that answers within ``within`` seconds: when its work takes
    longer (a database a busy machine keeps waiting), it answers ``fallback()`` (of the
    handler's type) instead; the work goes on and fills its caches for the next keystroke."""

    def wrap(handler: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, Coroutine[Any, Any, T]]:
        @functools.wraps(handler)
        async def bounded(*args: P.args, **kwargs: P.kwargs) -> T:
            work = asyncio.ensure_future(handler(*args, **kwargs))
            try:
                return await asyncio.wait_for(asyncio.shield(work), within)
            except TimeoutError:
                work.add_done_callback(_quiet)
                return cast(T, fallback())

        return bounded

    return wrap


def _quiet(task: asyncio.Future[Any]) -> None:
    """An abandoned autocomplete's outcome: an error is logged, never left unretrieved."""
    if not task.cancelled() and task.exception() is not None:
        log.warning("a late autocomplete failed", exc_info=task.exception())
