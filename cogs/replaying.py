"""Replays at the Discord edge: ``/game replay`` (and its ``game:`` autocomplete), the
step-through viewer (an ephemeral message with ⏮ ◀ ▶ ⏭, a menu of steps and 🎞 Animation)
and the animated image of a whole game, posted in its channel (or sent only to the asker where
they may not post pictures). Every step, menu, **Replay** and animation is shown only to a
member who may view the game's channel now (:mod:`cogs.access`); to anyone else the game is one
that is not in this server.

Everything shown comes from the host's replay (``host.replays``): public views rebuilt from the
seed and the log, and the public log (the moves of a finished game whose rules reveal the
hands at the end are told as their players saw them). The animation is drawn in the host's
background worker (``host.ai.run_background``: a process of its own at a lower priority, so
AI turns never wait behind it) a slice of frames at a time, so the channel's message and the
one who asked can see how far it has got.
"""

from __future__ import annotations

import dataclasses
import io
import logging
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import discord
from discord import app_commands

from cogs import access, answer, texts
from cogs.components import replay_view
from cogs.edge import Bot
from cogs.private import Private, png_file
from host import GameStatus, HostError
from host.replays import ReplayStep
from render import animation, i18n, palette
from render.i18n import N_, _, ngettext
from render.presentation import description
from render.text import clip_lines

STATUS_WORDS = {"active": N_("in play"), "finished": N_("finished"), "cancelled": N_("cancelled")}
"""A game's state as ``game:``'s autocomplete names it (``_()`` when shown)."""
RUNNING = {
    "active": N_("(in play, up to move {now})"),
    "cancelled": N_("(cancelled at move {now})"),
    "lobby": N_("(not started)"),
}
"""A game not finished, as its replay's heading says it (``_()`` when shown)."""
log = logging.getLogger("cogs.replaying")

JUMPS = 25
"""Steps offered by the viewer's menu (Discord's limit for a select); a longer game offers
them spread evenly."""
PROGRESS_AFTER = 1.5
"""Seconds of drawing before the channel's message starts showing its progress."""
PROGRESS_EVERY = 1.0
"""Seconds at least between two of its updates (and the asker's)."""
SLICES = 10
"""The animation's frames are drawn in this many slices (its progress is told per slice)."""
PER_SERVER = 2
"""Animations drawn at once for one server (the background worker draws them one after
another: a server that asks for more waits its turn instead of holding up every other's)."""


def jump_indices(count: int, most: int = JUMPS) -> list[int]:
    """The steps the menu offers: every step, or ``most`` spread evenly (first and last)."""
    return animation.pick(count, most)


def _plain(text: str) -> str:
    """A narration line as a menu label: without Markdown and the bullet."""
    text = re.sub(r"\\(.)", r"\1", text.removeprefix("• "))
    return text.replace("**", "").replace("__", "")


@dataclass
class Drawing:
    """The animations being drawn (one per game at a time) and posted."""

    games: set[int] = field(default_factory=set)
    servers: Counter[int] = field(default_factory=Counter)
    """Animations being drawn per server (at most :data:`PER_SERVER`)."""
    posted: dict[int, tuple[int, str]] = field(default_factory=dict)
    """game -> (the version it shows, its link): asked again unchanged, the link is given."""


class Replaying:
    """The replay flows (a part of :class:`cogs.flows.Flows`): ``/game replay``, the viewer,
    the animation."""

    def __init__(self, bot: Bot, private: Private) -> None:
        self.bot = bot
        self.private = private
        self.drawing = Drawing()

    # -- /game replay ----------------------------------------------------------------------------

    async def replay(
        self, interaction: discord.Interaction[Any], game: int | None, animate: bool
    ) -> None:
        """``/game replay``: ``game`` (default: the last one finished in the channel, else the
        one in play) step by step, or (``animate``) as an animation."""
        if game is None:
            status = await self.bot.host.replays.game_to_replay(interaction.channel_id or 0)
            if status is None:
                await answer.tell(
                    interaction,
                    _(
                        "No game has been played in this channel yet. Pick one of this server's "
                        "games with `game:`."
                    ),
                )
                return
            game = status.game_id
        if animate:
            await self.animation(interaction, game)
            return
        await self.show_replay(interaction, game, 0, edit=False)

    async def game_choices(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[int]]:
        """``game:``'s autocomplete: this server's games the asker may view."""
        titles = {p.key: texts.title_of(p) for p in self.bot.plugin_list}
        games = await self.bot.host.replays.games(interaction.guild_id or 0, limit=100)
        sight = access.Sight(interaction)
        choices = []
        for g in games:
            state = _(STATUS_WORDS[g.status]) if g.status in STATUS_WORDS else g.status
            name = f"#{g.game_id} · {titles.get(g.kind, g.kind)} · {state}"
            if current.strip().lstrip("#").lower() not in name.lower():
                continue
            if await sight.may_view(g.channel_id):  # only games the asker may see
                choices.append(app_commands.Choice(name=name[:100], value=g.game_id))
                if len(choices) == 25:
                    break
        return choices

    # -- the viewer ------------------------------------------------------------------------------

    async def show_replay(
        self, interaction: discord.Interaction[Any], game_id: int, step: int, *, edit: bool
    ) -> None:
        """Step ``step`` (``-1``: the last) of the game's replay, only for the user."""
        self.private.remember(interaction.user)
        if await self._seen(interaction, game_id) is None:
            return
        try:
            shown = await self.bot.host.replays.step(game_id, step, guild_id=interaction.guild_id)
            content, image, view = await self._viewer(shown)
        except HostError as e:
            await answer.tell(interaction, texts.refusal(e))
            return
        if edit:
            await answer.edit_clicked(
                interaction, content=content, attachments=[png_file(image)], view=view
            )
        else:
            await answer.tell(interaction, content, files=[png_file(image)], view=view)

    async def _seen(
        self, interaction: discord.Interaction[Any], game_id: int
    ) -> tuple[GameStatus, access.Access] | None:
        """The game and the asker's access to its channel, or ``None`` when the asker has been
        told why not: not a game of this server, or one in a channel they may not view (told
        the same words, so that its existence does not show)."""
        try:
            status = await self.bot.host.views.status(game_id, guild_id=interaction.guild_id)
        except HostError as e:
            await answer.tell(interaction, texts.refusal(e))
            return None
        seen = await access.Sight(interaction).access(status.channel_id)
        if seen is None:
            await answer.tell(interaction, access.hidden(game_id))
            return None
        return status, seen

    async def _viewer(self, shown: ReplayStep) -> tuple[str, Any, discord.ui.View]:
        """The viewer's words, picture and controls at ``shown``."""
        status = shown.status
        names = await self.private.seat_names(status)
        presentation = self.private.presentation(status)
        then = dataclasses.replace(status, version=shown.version)
        image = await self.private.board_image(then, shown.view, names)
        heading = _(
            "Replay of game #{game} ({title}), step {step} of {count}, move {version}:"
        ).format(
            game=status.game_id,
            title=texts.title_of(status),
            step=shown.index + 1,
            count=shown.count,
            version=shown.version,
        )
        image = dataclasses.replace(image, description=description([heading, image.description]))
        marks = await self.bot.host.replays.marks(status.game_id, jump_indices(shown.count))
        jumps = []
        for mark in marks:
            said = texts.narration(presentation, list(mark.entries), names)
            first = _plain(said[0]) if said else _("the deal")
            jumps.append(
                (
                    mark.index,
                    _("{step}. move {version}: {first}").format(
                        step=mark.index + 1, version=mark.version, first=first
                    ),
                )
            )
        content = self.caption(shown, names, await self.changes(shown))
        return content, image, replay_view(status.game_id, shown.index, shown.count, jumps)

    async def changes(self, shown: ReplayStep) -> list[str]:
        """The seats that changed hands in this step, in the channel's words (issue 46)."""
        out = []
        for change in shown.changes:
            if change.from_user is None:
                old = texts.md(texts.ai_label(change.from_ai or "AI"))
            else:
                old = texts.md(await self.private.name_of(change.from_user))
            new = texts.md(await self.private.name_of(change.to_user))
            if change.how == "claimed":
                text = _("🪑 {new} took over seat {seat} from {old}.")
            else:
                text = _("🔁 Seat {seat} was handed from {old} to {new}.")
            out.append(text.format(new=new, old=old, seat=change.seat + 1))
        return out

    def caption(self, shown: ReplayStep, names: list[str], changes: Sequence[str] = ()) -> str:
        """The viewer's words: which game and step, the moves that led there in the channel's
        words (the seating at the deal), the seats that changed hands (``changes``), and the
        result at the end of a finished game."""
        status = shown.status
        presentation = self.private.presentation(status)
        values = {
            "game": status.game_id,
            "title": texts.md(texts.title_of(status)),
            "step": shown.index + 1,
            "count": shown.count,
            "version": shown.version,
        }
        head = _(
            "⏯ **Replay of game #{game}** · {title} · step {step} of {count}{running} · "
            "move {version}"
        )
        running = ""
        if status.status != "finished":
            state = RUNNING.get(status.status, RUNNING["active"])
            running = " " + _(state).format(now=status.version)
        head = head.format(running=running, **values)
        if shown.index == 0:
            seated = dataclasses.replace(status, waiting_on=())
            lines = [texts.seating_line(seated, names, replay=True)]
        else:
            lines = texts.narration(presentation, list(shown.entries), names)
        lines = [*changes, *lines]
        tail: list[str] = []
        if shown.revealed:
            tail.append(_("*The game is over: every move is told as its player saw it.*"))
        if shown.is_last and status.status == "finished" and status.outcome is not None:
            display = [texts.who(s, names, mention=False, game=status.kind) for s in status.seats]
            tail.append(texts.final_heading(status))
            tail.extend(presentation.words.final(status.outcome.to_json(), shown.view, display))
        budget = texts.CONTENT_LIMIT - len(head) - sum(len(t) + 1 for t in tail) - 2
        body = clip_lines(lines, max(0, budget))
        return "\n".join(p for p in (head, body, *tail) if p)[: texts.CONTENT_LIMIT]

    # -- the animation ---------------------------------------------------------------------------

    async def animation(self, interaction: discord.Interaction[Any], game_id: int) -> None:
        """🎞 Animation (or ``/game replay animate:True``): the whole game as an animated
        image, posted in the game's channel, or only to the asker when they may not post a
        picture there (:attr:`cogs.access.Access.may_post_files`). It is drawn in the
        background worker (never in the AI's, whose turns it would hold up), one game at a
        time and at most :data:`PER_SERVER` at once in a server; the one who asked sees how
        far it has got."""
        self.private.remember(interaction.user)
        seen = await self._seen(interaction, game_id)
        if seen is None:
            return
        status, where_to = seen
        private = not where_to.may_post_files
        if status.status == "lobby":
            await answer.tell(
                interaction,
                _("Game #{game} has not been dealt yet: nothing to show.").format(game=game_id),
            )
            return
        drawing = self.drawing
        done = drawing.posted.get(game_id)
        if done is not None and done[0] == status.version:
            await answer.tell(
                interaction,
                _("🎞 The animation of game #{game} is here: {url}").format(
                    game=game_id, url=done[1]
                ),
            )
            return
        if game_id in drawing.games:
            await answer.tell(
                interaction,
                _("🎞 The animation of game #{game} is being drawn.").format(game=game_id),
            )
            return
        if drawing.servers[status.guild_id] >= PER_SERVER:
            await answer.tell(
                interaction,
                ngettext(
                    "🎞 {count} animation is being drawn for this server already: ask again "
                    "when it is posted.",
                    "🎞 {count} animations are being drawn for this server already: ask again "
                    "when one of them is posted.",
                    drawing.servers[status.guild_id],
                ).format(count=drawing.servers[status.guild_id]),
            )
            return
        chan = None if private else await self.private.channel(status.channel_id)
        if chan is None and not private:
            await answer.tell(
                interaction, _("Game #{game}'s channel is gone.").format(game=game_id)
            )
            return
        ahead = len(drawing.games)
        drawing.games.add(game_id)
        drawing.servers[status.guild_id] += 1
        try:
            where = f"<#{status.channel_id}>"
            if private:
                said = _(
                    "🎞 You may not post pictures in {where}, so the animation of game #{game} "
                    "comes only to you. Drawing it…"
                ).format(game=game_id, where=where)
            else:
                said = _("🎞 Drawing the animation of game #{game} in {where}…").format(
                    game=game_id, where=where
                )
            if ahead:
                said += " " + ngettext(
                    "(after {count} other animation)", "(after {count} other animations)", ahead
                ).format(count=ahead)
            await answer.tell(interaction, said)
            asker = i18n.current()

            async def progress(share: int) -> None:
                with i18n.using(asker):  # the asker's words, in the asker's language
                    if private:
                        text = _("🎞 Drawing the animation of game #{game} for you… {share} %")
                    else:
                        text = _("🎞 Drawing the animation of game #{game} in {where}… {share} %")
                await answer.edit_answer(
                    interaction, text.format(game=game_id, where=where, share=share)
                )

            if private:
                await self._send_animation(interaction, status, progress)
                return
            with i18n.using(await self.private.server_language(status)):
                url = await self._post_animation(status, chan, interaction.user, progress)
            if url is None:
                text = _("🎞 Game #{game} is too long to show in one animation, sorry.").format(
                    game=game_id
                )
            else:
                drawing.posted[game_id] = (status.version, url)
                text = _("🎞 The animation of game #{game} is posted: {url}").format(
                    game=game_id, url=url
                )
            await answer.edit_answer(interaction, text)
        finally:
            drawing.games.discard(game_id)
            drawing.servers[status.guild_id] -= 1

    async def _send_animation(
        self,
        interaction: discord.Interaction[Any],
        status: GameStatus,
        progress: Callable[[int], Awaitable[None]],
    ) -> None:
        """The animation only for the asker (they may not post a picture in its channel):
        drawn in their language, then sent as a private follow-up."""
        game_id = status.game_id
        game = _("Game #{game}").format(game=game_id)
        heading = f"🎞 **{game}** · {texts.md(texts.title_of(status))}"
        drawn = await self._draw_animation(status, heading, i18n.current(), progress)
        if drawn is None:
            text = _("🎞 Game #{game} is too long to show in one animation, sorry.")
            await answer.edit_answer(interaction, text.format(game=game_id))
            return
        content, gif = drawn
        await answer.tell(interaction, content, files=[gif])
        await answer.edit_answer(
            interaction,
            _("🎞 The animation of game #{game} is below, only for you.").format(game=game_id),
        )

    async def _post_animation(
        self,
        status: GameStatus,
        chan: Any,
        user: discord.abc.User,
        progress: Callable[[int], Awaitable[None]],
    ) -> str | None:
        """Draw the animation in the background worker, a message in the channel (and
        ``progress``, the asker's) telling how far it has got, then the animation in that
        message; its link (``None``: too large)."""
        game_id = status.game_id
        lang = await self.private.server_language(status)  # a channel message: the server's
        who = texts.md(getattr(user, "display_name", "") or _("someone"))
        game = _("Game #{game}").format(game=game_id)
        heading = f"🎞 **{game}** · {texts.md(texts.title_of(status))}"
        message = await chan.send(
            _("{heading}: drawing the replay ({name} asked)…").format(heading=heading, name=who),
            **answer.heard_by(),
        )

        async def told(share: int) -> None:
            await message.edit(
                content=_("{heading}: drawing the replay… {share} %").format(
                    heading=heading, share=share
                )
            )
            await progress(share)

        drawn = await self._draw_animation(status, heading, lang, told)
        if drawn is None:
            await message.edit(
                content=_("{heading}: the game is too long for one animation.").format(
                    heading=heading
                )
            )
            return None
        content, gif = drawn
        await message.edit(content=content, attachments=[gif])
        return str(message.jump_url)

    async def _draw_animation(
        self,
        status: GameStatus,
        heading: str,
        lang: str,
        progress: Callable[[int], Awaitable[None]],
    ) -> tuple[str, discord.File] | None:
        """Draw the animation in the background worker in ``lang``, ``progress`` told how far
        it has got; its words and the GIF (``None``: too large even with fewer frames)."""
        game_id = status.game_id
        status, views = await self.bot.host.replays.frames(game_id)
        names = await self.private.seat_names(status)
        draw = self.private.presentation(status).board.public
        assert draw is not None
        look = await self.bot.host.servers.palette(status.guild_id)  # the channel's palette
        started = last_said = time.monotonic()
        data = b""
        most = animation.MAX_FRAMES
        chosen: list[int] = []
        while most >= 2:
            chosen = animation.pick(len(views), most)
            frames: list[animation.Frame] = []
            size = max(1, -(-len(chosen) // SLICES))
            for start in range(0, len(chosen), size):
                part = [views[i] for i in chosen[start : start + size]]
                frames += await self.bot.host.ai.run_background(  # its language and palette
                    palette.call_in,
                    look,
                    i18n.call_in,
                    lang,
                    animation.draw_frames,
                    draw,
                    part,
                    names,
                    animation.WIDTH,
                )
                now = time.monotonic()
                if now - started >= PROGRESS_AFTER and now - last_said >= PROGRESS_EVERY:
                    last_said = now
                    await progress(round(90 * len(frames) / len(chosen)))
            data = await self.bot.host.ai.run_background(animation.assemble, frames, "gif")
            if len(data) <= animation.LIMIT:
                break
            log.warning(
                "game %s: animation of %d frames is %d bytes", game_id, len(frames), len(data)
            )
            most = len(chosen) // 2
        if len(data) > animation.LIMIT or not data:
            return None
        if len(chosen) == len(views):
            every = _("every step")
        else:
            every = ngettext("{count} of its steps", "{count} of its steps", len(chosen)).format(
                count=len(chosen)
            )
        over = texts.final_heading(status) if status.outcome is not None else ""
        content = _("{heading} · the whole game, {every} ({count} in all), move {version}").format(
            heading=heading, every=every, count=len(views), version=status.version
        ) + (" · " + over if over else "")
        presentation = self.private.presentation(status)
        with i18n.using(lang):  # the GIF's description, in the reader's language
            at_end = presentation.describe_picture(views[-1], names, "board")
            said = _(
                "Animation of game #{game} ({title}), from the deal to move {version}; at the end:"
            ).format(game=game_id, title=texts.title_of(status), version=status.version)
        gif = discord.File(
            io.BytesIO(data),
            filename=f"game-{game_id}.gif",
            description=description([said, at_end]),
        )
        return content, gif
