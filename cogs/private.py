"""A player's own message for a decision, composed: its title, what just happened to them, their
key figures in a few words, the decision with its controls, and the one picture the decision
needs (the game's ``picture_for``; its other pictures on demand, behind buttons). Also the
names, places and images these need. :class:`cogs.inbox.Inbox`, given this composer, sends it:
by DM, kept up to date while the decision goes on, or in the reply to the player's own command
or click.
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from cogs import language, texts
from cogs.components import picture_buttons, window_order_buttons
from cogs.controls import controls_view
from cogs.edge import Bot
from engine.core import ActionChoice
from host import GameStatus, LogEntry, SeatDecision
from render import i18n, palette
from render.i18n import _, ngettext
from render.presentation import Image, Picture, Presentation

log = logging.getLogger("cogs.private")

IMAGE_CACHE = 64


def png_file(image: Image) -> discord.File:
    """The picture as an attachment, with its description (the alt text) when it has one."""
    return discord.File(
        io.BytesIO(image.png), filename=image.filename, description=image.description or None
    )


def described_public(
    presentation: Presentation, picture: Picture, view: dict[str, Any], names: Sequence[str]
) -> Image:
    """A public picture drawn with its description (``describe_picture``), in the current
    language (call it in the reader's: :func:`render.i18n.call_in`)."""
    assert picture.public is not None
    image = picture.public(view, names)
    return replace(image, description=presentation.describe_picture(view, names, picture.key))


def described_private(
    presentation: Presentation,
    picture: Picture,
    view: dict[str, Any],
    names: Sequence[str],
    seat_name: str,
    choices: Sequence[ActionChoice],
) -> Image | None:
    """A private picture drawn from a player's own view with its description (their own hand:
    it is only for them), in the current language; ``None``: nothing to show."""
    assert picture.private is not None
    image = picture.private(view, seat_name, choices)
    if image is None:
        return None
    return replace(image, description=presentation.describe_picture(view, names, picture.key))


def digest(image: Image | None) -> str:
    """What tells two pictures apart (``""``: no picture)."""
    return "" if image is None else hashlib.sha1(image.png, usedforsecurity=False).hexdigest()


def is_component(interaction: discord.Interaction[Any] | None) -> bool:
    return interaction is not None and interaction.type == discord.InteractionType.component


@dataclass
class Composed:
    """A player's message, ready to send: ``image`` is the one picture it carries (``None``:
    none) and ``shown`` what tells it apart (a message already showing the same picture keeps
    it instead of uploading it again)."""

    content: str
    view: discord.ui.View | None
    image: Image | None
    shown: str
    keep: bool = False  # the message keeps the picture it has (nothing to upload)

    @property
    def files(self) -> list[discord.File]:
        return [] if self.image is None else [png_file(self.image)]


@dataclass(frozen=True)
class Drawn:
    """How a player's message was last composed, to draw it again as it was (its header, its
    lead, the page or group they were on) when only the game around it moved: ``step`` is
    where a step everyone decides at once stood then (``Words.step``; ``""``: none)."""

    version: int
    header: str
    lead: tuple[str, ...]
    page: int
    group: str | None
    in_dm: bool
    step: str


class Private:
    """The names, places and pictures of a player's messages, and their composition."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.names: dict[int, str] = {}
        self.users: dict[int, discord.User | discord.Member] = {}
        self.dm_blocked_until: dict[int, float] = {}
        self.warm_up: asyncio.Future[None] | None = None
        self._images: dict[tuple[Any, ...], Image] = {}
        self._drawn: dict[tuple[int, int], Drawn] = {}
        """(game, user) -> how that user's message was last composed."""

    def drawn(self, game_id: int, user_id: int) -> Drawn | None:
        """How ``user_id``'s message in the game was last composed (``None``: not yet)."""
        return self._drawn.get((game_id, user_id))

    # -- names, places ---------------------------------------------------------------------------

    def remember(self, user: discord.User | discord.Member) -> None:
        self.names[user.id] = user.display_name
        self.users[user.id] = user

    async def name_of(self, user_id: int) -> str:
        name = self.names.get(user_id)
        if name is None:
            user = self.bot.get_user(user_id)
            if user is None:
                try:
                    user = self.users[user_id] = await self.bot.fetch_user(user_id)
                except discord.HTTPException:
                    return f"Player {user_id}"
            name = self.names[user_id] = user.display_name
        return name

    async def seat_names(self, status: GameStatus) -> list[str]:
        """Each seat's name as it is (escape it for text with :func:`texts.md`)."""
        return [
            texts.ai_display(s.ai or "AI") if s.user_id is None else await self.name_of(s.user_id)
            for s in status.seats
        ]

    async def channel(self, channel_id: int) -> Any:
        chan = self.bot.get_channel(channel_id)
        if chan is None:
            try:
                chan = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return chan

    async def server_language(self, status: GameStatus) -> str:
        """The language of the game's channel messages (its server's)."""
        return await language.of_server(self.bot.host, status.guild_id)

    async def user_language(self, user_id: int) -> str:
        """The language of the DMs the bot starts for ``user_id``."""
        return await language.of_user(self.bot.host, user_id)

    async def where(self, status: GameStatus) -> str:
        """``#general on **Pompeii** — <link>``."""
        chan = await self.channel(status.channel_id)
        guild = self.bot.get_guild(status.guild_id)
        place = f"<#{status.channel_id}>"
        if chan is not None and getattr(chan, "name", None):
            place = f"#{texts.md(chan.name)}"
        if guild is not None:
            place = _("{channel} on **{server}**").format(
                channel=place, server=texts.md(guild.name)
            )
        link = f"https://discord.com/channels/{status.guild_id}/{status.channel_id}"
        return f"{place} — {link}"

    def dms_blocked(self, user_id: int) -> bool:
        until = self.dm_blocked_until.get(user_id)
        return until is not None and self.bot.clock.now() < until

    def presentation(self, status: GameStatus) -> Presentation:
        return self.bot.host.plugin(status.kind).presentation

    # -- pictures --------------------------------------------------------------------------------

    async def board_image(
        self,
        status: GameStatus,
        view: dict[str, Any],
        names: Sequence[str],
        reader: int | None = None,
    ) -> Image:
        """The game's board at ``status.version`` (``view`` must be of that version), rendered
        in a thread once per version and names: the channel post and the private messages of
        one move share it. In the server's palette (a channel is shared), or in ``reader``'s
        when only they get it (:meth:`palette_of`)."""
        if reader is None:
            look = await self.bot.host.servers.palette(status.guild_id)
        else:
            look = await self.palette_of(reader, status)
        board = self.presentation(status).board
        return await self.public_picture(status, board, view, names, look)

    async def palette_of(self, user_id: int, status: GameStatus) -> str:
        """The palette of the pictures only ``user_id`` gets: their own choice (``/game
        notify palette:``), else their server's (``/game settings palette:``)."""
        host = self.bot.host
        return await host.servers.reader_palette(
            await host.people.palette(user_id), status.guild_id
        )

    async def public_picture(
        self,
        status: GameStatus,
        picture: Picture,
        view: dict[str, Any],
        names: Sequence[str],
        look: str = palette.STANDARD,
    ) -> Image:
        """A public picture of the game at ``status.version`` in palette ``look``, cached per
        version, names, language and palette."""
        assert picture.public is not None
        lang = i18n.current()  # a picture's words are the reader's (or the server's)
        key = (status.game_id, status.version, picture.key, tuple(names), lang, look)
        cached = self._images.get(key)
        if cached is not None:
            return cached
        if self.warm_up is not None:
            await asyncio.shield(self.warm_up)
        shown = self.presentation(status)
        image: Image = await asyncio.to_thread(
            palette.call_in, look, i18n.call_in, lang, described_public, shown, picture, view, names
        )
        self._images[key] = image
        while len(self._images) > IMAGE_CACHE:
            self._images.pop(next(iter(self._images)))
        return image

    async def draw(
        self,
        status: GameStatus,
        picture: Picture,
        user_id: int,
        own_view: dict[str, Any] | None = None,
        choices: Sequence[ActionChoice] = (),
    ) -> Image | None:
        """``picture`` as ``user_id`` may see it now: a public one from the public view, a
        private one from their own view (``own_view``, read when not given); in their palette
        (:meth:`palette_of`)."""
        look = await self.palette_of(user_id, status)
        if picture.public is not None:
            now, public = await self.bot.host.views.snapshot(status.game_id)
            names = await self.seat_names(now)
            assert public is not None
            return await self.public_picture(now, picture, public, names, look)
        assert picture.private is not None
        if own_view is None:
            own_view = (await self.bot.host.views.private_view(status.game_id, user_id)).view
        if self.warm_up is not None:
            await asyncio.shield(self.warm_up)
        name = await self.name_of(user_id)
        names = await self.seat_names(status)
        return await asyncio.to_thread(
            palette.call_in,
            look,
            i18n.call_in,
            i18n.current(),
            described_private,
            self.presentation(status),
            picture,
            own_view,
            names,
            name,
            choices,
        )

    async def step_words(self, status: GameStatus, view: dict[str, Any]) -> str:
        """Where a step everyone decides at once stands, in the game's words (``Words.step``),
        as the channel's status message says it; ``""`` when the game says nothing."""
        stands = self.presentation(status).words.step
        if stands is None:
            return ""
        return stands(view, [texts.md(n) for n in await self.seat_names(status)])

    # -- a player's message ----------------------------------------------------------------------

    def title(self, status: GameStatus, decision: SeatDecision) -> str:
        """The title of a message offering ``decision`` (the game's own word for its kind)."""
        kind = decision.kind or "turn"
        own = self.presentation(status).words.titles.get(kind)
        if own:
            return i18n.translate(own, status.kind)
        return _(texts.KIND_TITLES.get(kind, texts.KIND_TITLES["turn"]))

    def done(self, status: GameStatus, kind: str | None, label: str) -> str:
        """What a player reads once they answered a decision of ``kind`` with ``label``."""
        template = self.presentation(status).words.done.get(kind or "turn")
        said = texts.md(i18n.say(label, status.kind))
        if template:
            return i18n.translate(template, status.kind).format(label=said)
        return _("✅ You played: {label}").format(label=said)

    async def compose(
        self,
        status: GameStatus,
        user_id: int,
        *,
        header: str,
        decision: SeatDecision | None = None,
        lead: Sequence[str] = (),
        page: int = 0,
        group: str | None = None,
        picture: bool = True,
        in_dm: bool = True,
        showing: str | None = None,
    ) -> Composed:
        """``user_id``'s message: ``header``, ``lead`` (what just happened to them), their key
        figures, their decision (in a step everyone decides at once, with where the step
        stands: ``Words.step``) and its controls (``page`` / ``group``: where they navigated),
        and the one picture the decision needs (``picture``: draw it as the game is now;
        ``False`` when the message keeps the one it has). Only for that player.

        ``showing``: the message is drawn again because the game moved on around the player
        (others' moves), and this is what tells apart the picture it shows (``""``: none).
        When the picture is no longer that one, it is not uploaded again: the message drops
        it and offers it behind its button, drawn as it is then (issue 43: uploading it anew
        after every other player's pledge cost up to 1.56 pictures a decision; issue 44: it
        must not show an older moment than its lines). The player's own next move brings it
        back."""
        pv = await self.bot.host.views.private_view(status.game_id, user_id)
        presentation = self.presentation(status)
        if decision is None:
            decision = await self.bot.host.decisions.decision(status.game_id, user_id)
        choices = [
            ActionChoice(c.notation, i18n.say(c.label, status.kind)) for c in decision.choices
        ]
        lines = [header, *lead]
        if status.status == "finished":
            lines.append(_("This game is over."))
        elif status.status == "cancelled":
            lines.append(_("This game was cancelled."))
        hand = presentation.words.hand(pv.view)
        if hand:
            lines.append(hand)
        items: list[discord.ui.Item[Any]] = []
        view: discord.ui.View | None = None
        live = decision.kind is not None and bool(choices)
        step = ""
        if live:
            what = presentation.words.decision(pv.view)
            if decision.waited and what:
                lines.append(
                    _("**Your decision:** {what}").format(what=what)
                    + texts.deadline_text(decision.deadline)
                )
            elif not decision.waited and what:
                lines.append(_("**If you like, now:** {what}").format(what=what))
            if decision.kind == "simultaneous":  # where the step stands (the others' offers)
                step = await self.step_words(status, pv.view)
                if step:
                    lines.append(step)
            controls = presentation.controls(pv.view, pv.seat, choices)
            items += await self._window_buttons(status, decision)
        self._drawn[(status.game_id, user_id)] = Drawn(
            status.version, header, tuple(lead), page, group, in_dm, step
        )
        key = presentation.picture_for(pv.view, choices if live else [])
        shown = presentation.picture(key) if key else None
        image = None
        if shown is not None and picture:
            image = await self.draw(status, shown, user_id, pv.view, choices)
        dropped = showing is not None and digest(image) != showing
        if dropped:  # others' moves changed it: behind its button, not uploaded again
            image = None
        on_demand = [
            (p.key, i18n.translate(p.label, status.kind))
            for p in presentation.pictures
            if dropped or p.key != key
        ]
        items += picture_buttons(status.game_id, on_demand)
        if live:
            drawn = controls_view(
                status.game_id,
                decision.token,
                controls,
                page=page,
                group=group,
                extra=items,
                quiet=presentation.quiet,
            )
            view = drawn.view
            if drawn.text:
                lines.append(drawn.text)
            if in_dm:
                lines.append(
                    _("Choose below, or type `/move` in {where}.").format(
                        where=f"<#{status.channel_id}>"
                    )
                )
            else:
                lines.append(_("Choose below, or type `/move`."))
        elif items:
            view = discord.ui.View(timeout=None)
            for item in items[:5]:
                view.add_item(item)
        content = "\n".join(lines)[: texts.CONTENT_LIMIT]
        if not picture:
            return Composed(content, view, None, "", keep=True)
        return Composed(content, view, image, digest(image))

    async def _window_buttons(
        self, status: GameStatus, decision: SeatDecision
    ) -> list[discord.ui.Item[Any]]:
        """Standing orders on a window's offer (:func:`window_order_buttons`)."""
        if decision.kind != "window":
            return []
        seat = next((s for s in status.seats if s.seat == decision.seat), None)
        order = "ask" if seat is None else seat.window_order
        names = await self.seat_names(status)
        return window_order_buttons(status.game_id, decision.seat, order, decision.origin, names)

    async def nothing_to_decide(self, status: GameStatus, decision: SeatDecision) -> bool:
        """The player's only choice is what the rules play anyway when they stay silent (a
        permit holder with nothing that fits): they are not pinged, and nothing public shows
        who these players are."""
        if len(decision.choices) != 1 or decision.seat < 0:
            return False
        info = next(s for s in status.seats if s.seat == decision.seat)
        if info.user_id is None:
            return False
        default = await self.bot.host.decisions.rules_default(status.game_id, info.user_id)
        return default is not None and decision.choices[0].notation == default


def private_header(mark: str, title: str, status: GameStatus, where: str = "") -> str:
    """``🌋 **Your move** · game #3 (<title>) in #lava``: a private message's first line."""
    values = {"mark": mark, "title": title, "game": status.game_id}
    values["name"] = texts.md(texts.title_of(status))
    if where:
        return _("{mark} **{title}** · game #{game} ({name}) in {where}").format(
            where=where, **values
        )
    return _("{mark} **{title}** · game #{game} ({name})").format(**values)


def played_line(own: Sequence[LogEntry]) -> str:
    """How the seat's own move(s) that ended a decision were made."""
    first = own[0]
    label = texts.md(i18n.say(first.label))
    if first.by == "timeout":
        return _("⏱ Time ran out: {label} was played for you.").format(label=label)
    if first.by == "ai":
        return _("🤖 An AI played for you: {label}.").format(label=label)
    if first.by == "auto":
        return _(
            "⚙️ Played for you (only one move was possible, or your standing order): {label}."
        ).format(label=label)
    if len(own) > 1:
        return ngettext(
            "✅ You played: {label} (and {count} more).",
            "✅ You played: {label} (and {count} more).",
            len(own) - 1,
        ).format(label=label, count=len(own) - 1)
    return _("✅ You played: {label}.").format(label=label)
