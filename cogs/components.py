"""Buttons and selects as :class:`discord.ui.DynamicItem`, and the declarative controls of a
decision (:mod:`render.controls`) turned into them.

An item's state lives in its ``custom_id`` (≤ 100 characters): the game id, the seat's decision
token the item was drawn for, and the action's notation (or where to navigate), so items keep
working after a restart and a stale click is recognised. Every callback hands the item over to
the bot's flows (``interaction.client.flows.use``: :class:`Uses`), which route it to the flow
it names; nothing here knows a game's rules.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar, Protocol, Self, cast

import discord

from engine.core import ActionChoice
from render.i18n import N_, _

PREFIX = "vz"
MAX_BUTTONS = 5
MAX_OPTIONS = 25
MAX_ROWS = 5
MAX_SELECTS = 4
"""Selects on one decision message (one row stays free): up to 100 choices."""
STEPPER_ROWS = 4
"""Counter rows of a stepper on one message; more are paged."""


class Uses(Protocol):
    """What a button or menu hands its use to (the bot's flows: :meth:`cogs.flows.Flows.use`)."""

    async def use(self, interaction: discord.Interaction[Any], item: GameItem) -> None: ...


class _HasFlows(Protocol):
    flows: Uses


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


class GameItem(discord.ui.DynamicItem[Any], template=r"(?!)"):
    """A button or menu of a game whose state is its ``custom_id``. A subclass sets its
    ``template`` (named groups) and :meth:`from_match` (the item again, from a custom id);
    what the item does when used is the flows' (:meth:`cogs.flows.Flows.use`)."""

    game_id: int
    update: ClassVar[bool] = True
    """Whether the item's answer shows in its own message (acknowledged as a deferred update),
    or in a new private message (acknowledged with a private "thinking…")."""

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        raise NotImplementedError

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Self:
        return cls.from_match(match)

    def updates(self) -> bool:
        """Whether this use of the item answers in its own message (see :attr:`update`)."""
        return self.update

    def chosen(self) -> str:
        """A menu's chosen value ("" for a button, or a menu used with nothing chosen)."""
        values: list[str] = getattr(self.item, "values", [])
        return values[0] if values else ""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await cast(_HasFlows, interaction.client).flows.use(interaction, self)


LOBBY_LABELS = {"join": N_("Join"), "leave": N_("Leave"), "start": N_("Start")}
"""The lobby's buttons (``_()`` when drawn: the channel's language)."""


def _button(
    custom_id: str,
    label: str,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    *,
    row: int | None = None,
    disabled: bool = False,
    emoji: str | None = None,
) -> discord.ui.Button[Any]:
    return discord.ui.Button(
        label=clip(label, 80),
        style=style,
        custom_id=custom_id,
        row=row,
        disabled=disabled,
        emoji=emoji,
    )


def _select(custom_id: str, placeholder: str, options: list[discord.SelectOption]) -> Any:
    return discord.ui.Select(
        placeholder=clip(placeholder, 150),
        options=options or [discord.SelectOption(label="…", value="?")],
        custom_id=custom_id,
    )


class ActButton(
    GameItem, template=PREFIX + r":a:(?P<game>\d+):(?P<token>\d+):(?P<notation>[^:]{1,80})"
):
    """One legal action of the player's decision (``style``: as the game offers it, grey for
    a quiet one: :func:`cogs.controls.controls_view`)."""

    def __init__(
        self,
        game_id: int,
        token: int,
        notation: str,
        label: str = "",
        *,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
        row: int | None = None,
    ) -> None:
        custom_id = f"{PREFIX}:a:{game_id}:{token}:{notation}"
        super().__init__(_button(custom_id, label or notation, style, row=row))
        self.game_id, self.token, self.notation = game_id, token, notation

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ActButton:
        return cls(int(match["game"]), int(match["token"]), match["notation"])


class ActSelect(GameItem, template=PREFIX + r":s:(?P<game>\d+):(?P<token>\d+)(?::(?P<part>\d))?"):
    """A menu of legal actions: 25 per select, up to :data:`MAX_SELECTS` on one message."""

    def __init__(
        self,
        game_id: int,
        token: int,
        choices: Sequence[ActionChoice] = (),
        *,
        part: int = 0,
        placeholder: str = "",
    ) -> None:
        placeholder = placeholder or _("Choose your move…")
        options = [
            discord.SelectOption(label=clip(c.label, 100), value=c.notation)
            for c in choices[:MAX_OPTIONS]
        ]
        suffix = f":{part}" if part else ""
        super().__init__(_select(f"{PREFIX}:s:{game_id}:{token}{suffix}", placeholder, options))
        self.game_id, self.token = game_id, token

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ActSelect:
        return cls(int(match["game"]), int(match["token"]), part=int(match["part"] or 0))


class NavButton(
    GameItem,
    template=PREFIX + r":n:(?P<game>\d+):(?P<token>\d+):(?P<kind>[gp]):(?P<arg>[^:]{0,40})",
):
    """Navigation inside a decision that plays nothing: open a group (``g``), turn to a page
    (``p``)."""

    def __init__(
        self,
        game_id: int,
        token: int,
        kind: str,
        arg: str,
        label: str = "",
        *,
        row: int | None = None,
        disabled: bool = False,
    ) -> None:
        custom_id = f"{PREFIX}:n:{game_id}:{token}:{kind}:{arg}"
        super().__init__(_button(custom_id, label or arg or "…", row=row, disabled=disabled))
        self.game_id, self.token, self.kind, self.arg = game_id, token, kind, arg

    @classmethod
    def from_match(cls, match: re.Match[str]) -> NavButton:
        return cls(int(match["game"]), int(match["token"]), match["kind"], match["arg"])


class GroupSelect(GameItem, template=PREFIX + r":gs:(?P<game>\d+):(?P<token>\d+)"):
    """The first step of a two-step choice: which group (e.g. which space) to open."""

    def __init__(
        self,
        game_id: int,
        token: int,
        groups: Sequence[tuple[str, str]] = (),
        placeholder: str = "",
    ) -> None:
        placeholder = placeholder or _("Choose where…")
        options = [
            discord.SelectOption(label=clip(label, 100), value=key)
            for key, label in groups[:MAX_OPTIONS]
        ]
        super().__init__(_select(f"{PREFIX}:gs:{game_id}:{token}", placeholder, options))
        self.game_id, self.token = game_id, token

    @classmethod
    def from_match(cls, match: re.Match[str]) -> GroupSelect:
        return cls(int(match["game"]), int(match["token"]))


class BoardButton(GameItem, template=r"(?!)"):
    """A button on a board message that names only its game (``<prefix>:<letter>:<game>``,
    then a subclass's ``tail``), answered only to whoever pressed it; a subclass sets
    ``letter``, ``label`` and ``emoji``."""

    update = False
    letter: ClassVar[str] = ""
    label: ClassVar[str] = ""
    emoji: ClassVar[str] = ""

    def __init__(self, game_id: int, tail: str = "") -> None:
        custom_id = f"{PREFIX}:{self.letter}:{game_id}{tail}"
        super().__init__(_button(custom_id, _(self.label), emoji=self.emoji))
        self.game_id = game_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Self:
        return cls(int(match["game"]))


class HandButton(BoardButton, template=PREFIX + r":h:(?P<game>\d+)"):
    """ "My hand" on a board message: the clicker's private view, ephemeral."""

    letter, label, emoji = "h", N_("My hand"), "🂠"


class PictureButton(GameItem, template=PREFIX + r":p:(?P<game>\d+):(?P<key>[a-z_]{1,20})"):
    """One of a game's pictures on demand ("Board", "Tablets", "My cards"): answered only to
    the player who pressed it, as the game is now."""

    update = False

    def __init__(self, game_id: int, key: str, label: str = "") -> None:
        super().__init__(_button(f"{PREFIX}:p:{game_id}:{key}", label or key))
        self.game_id, self.key = game_id, key

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PictureButton:
        return cls(int(match["game"]), match["key"])


class TextBoardButton(BoardButton, template=PREFIX + r":t:(?P<game>\d+)(?::(?P<version>\d+))?"):
    """ "Text board" on a board message: the position as text (for screen readers and anyone
    who prefers it), answered only to whoever pressed it, as the game is now. Its id also
    carries the version the board tells up to (``version``; boards posted before issue 44 have
    none), which Discord keeps with the message: after a crash the bot reads which board the
    channel shows (:func:`board_version`)."""

    letter, label, emoji = "t", N_("Text board"), "📝"

    def __init__(self, game_id: int, version: int | None = None) -> None:
        super().__init__(game_id, "" if version is None else f":{version}")


class UndoButton(BoardButton, template=PREFIX + r":u:(?P<game>\d+)"):
    """ "Undo" on a board message: takes back the clicker's own last move, or says why not
    (and offers to ask the table when it may), answered only to whoever pressed it."""

    letter, label, emoji = "u", N_("Undo"), "↩"


class UndoAskButton(GameItem, template=PREFIX + r":ua:(?P<game>\d+)"):
    """ "Ask the table to undo", under the private answer that the move can only be taken
    back if the table agrees: posts the vote in the game's channel."""

    update = False

    def __init__(self, game_id: int) -> None:
        custom_id = f"{PREFIX}:ua:{game_id}"
        super().__init__(_button(custom_id, _("Ask the table to undo"), emoji="↩"))
        self.game_id = game_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> UndoAskButton:
        return cls(int(match["game"]))


class UndoVoteButton(
    GameItem, template=PREFIX + r":uv:(?P<game>\d+):(?P<version>\d+):(?P<answer>[yn])"
):
    """ "Agree" / "Refuse" on the table's vote to take a move back (the request asked at the
    game's ``version``); the vote's message shows how it stands."""

    def __init__(self, game_id: int, version: int, agree: bool) -> None:
        answer = "y" if agree else "n"
        style = discord.ButtonStyle.success if agree else discord.ButtonStyle.danger
        label = _("Agree") if agree else _("Refuse")
        super().__init__(_button(f"{PREFIX}:uv:{game_id}:{version}:{answer}", label, style))
        self.game_id, self.version, self.agree = game_id, version, agree

    @classmethod
    def from_match(cls, match: re.Match[str]) -> UndoVoteButton:
        return cls(int(match["game"]), int(match["version"]), match["answer"] == "y")


def undo_ask_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoAskButton(game_id))
    return view


def undo_vote_view(game_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(UndoVoteButton(game_id, version, True))
    view.add_item(UndoVoteButton(game_id, version, False))
    return view


class LobbyButton(GameItem, template=PREFIX + r":l:(?P<what>join|leave|start):(?P<game>\d+)"):
    """Join / Leave / Start on the lobby message."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "join": discord.ButtonStyle.success,
        "leave": discord.ButtonStyle.secondary,
        "start": discord.ButtonStyle.primary,
    }

    def __init__(self, what: str, game_id: int) -> None:
        custom_id = f"{PREFIX}:l:{what}:{game_id}"
        super().__init__(_button(custom_id, _(LOBBY_LABELS[what]), self.STYLES[what]))
        self.what, self.game_id = what, game_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> LobbyButton:
        return cls(match["what"], int(match["game"]))


class WindowOrderButton(
    GameItem, template=PREFIX + r":w:(?P<game>\d+):(?P<order>ask|never|after:\d)"
):
    """A standing order for optional windows, on the offer itself: "Never ask me", "Ask me
    only after <player>'s turns", "Ask me every time"."""

    update = False

    def __init__(self, game_id: int, order: str, label: str = "") -> None:
        super().__init__(_button(f"{PREFIX}:w:{game_id}:{order}", label or order))
        self.game_id, self.order = game_id, order

    @classmethod
    def from_match(cls, match: re.Match[str]) -> WindowOrderButton:
        return cls(int(match["game"]), match["order"])


def window_order_buttons(
    game_id: int, seat: int, order: str, origin: int | None, names: Sequence[str]
) -> list[discord.ui.Item[Any]]:
    """The standing orders on a window's offer to ``seat``, whose order is ``order``: "Never
    ask me"; "Ask me only after <player>'s turns", naming the player whose turn opened the
    window (``origin``), unless that is the seat itself or its order already; "Ask me at every
    chance" for a seat that has an order."""
    buttons: list[discord.ui.Item[Any]] = [WindowOrderButton(game_id, "never", _("Never ask me"))]
    if origin is not None and origin != seat and order != f"after:{origin}":
        who = names[origin] if 0 <= origin < len(names) else str(origin + 1)
        label = _("Ask me only after {name}'s turns").format(name=who)
        buttons.append(WindowOrderButton(game_id, f"after:{origin}", label))
    if order != "ask":
        buttons.append(WindowOrderButton(game_id, "ask", _("Ask me at every chance")))
    return buttons


class ClaimButton(GameItem, template=PREFIX + r":c:(?P<game>\d+):(?P<seat>\d)"):
    """ "Take seat N of game #G" under ``/game list``: the clicker claims a seat that looks for
    a player (or an AI seat of a table that offers those), answered privately."""

    update = False

    def __init__(self, game_id: int, seat: int, label: str = "") -> None:
        super().__init__(
            _button(f"{PREFIX}:c:{game_id}:{seat}", label or str(seat + 1), emoji="🪑")
        )
        self.game_id, self.seat = game_id, seat

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ClaimButton:
        return cls(int(match["game"]), int(match["seat"]))


class ReplayButton(GameItem, template=PREFIX + r":r:(?P<game>\d+):(?P<step>\d+|e):(?P<slot>[a-z])"):
    """A step of a game's replay (``e``: the last): ⏮ ◀ ▶ ⏭ on the viewer, **Replay** on the
    final board. ``slot`` tells apart two buttons of one message that lead to the same step."""

    def __init__(
        self,
        game_id: int,
        step: int,
        slot: str,
        label: str = "",
        *,
        emoji: str | None = None,
        disabled: bool = False,
        row: int | None = None,
    ) -> None:
        target = "e" if step < 0 else str(step)
        custom_id = f"{PREFIX}:r:{game_id}:{target}:{slot}"
        button = _button(custom_id, label, row=row, disabled=disabled, emoji=emoji)
        if not label:
            button.label = None
        super().__init__(button)
        self.game_id, self.step, self.slot = game_id, step, slot

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReplayButton:
        step = -1 if match["step"] == "e" else int(match["step"])
        return cls(int(match["game"]), step, match["slot"])

    def updates(self) -> bool:
        return self.slot != "v"  # **Replay** under a final board opens a new private viewer


class ReplaySelect(GameItem, template=PREFIX + r":rs:(?P<game>\d+)"):
    """Jump to a step of a replay: ``(step, label)`` options, at most 25."""

    def __init__(
        self,
        game_id: int,
        options: Sequence[tuple[int, str]] = (),
        placeholder: str = "",
        *,
        row: int | None = None,
    ) -> None:
        placeholder = placeholder or _("Jump to…")
        choices = [
            discord.SelectOption(label=clip(label, 100), value=str(step))
            for step, label in options[:MAX_OPTIONS]
        ]
        select = _select(f"{PREFIX}:rs:{game_id}", placeholder, choices)
        select.row = row
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ReplaySelect:
        return cls(int(match["game"]))

    def step(self) -> int:
        """The chosen step; ``-1`` (the last) for a value that is not a number in ASCII digits
        (the empty menu's "?", or a forged "²", which ``str.isdigit`` takes and ``int`` not)."""
        value = self.chosen()
        return int(value) if value.isascii() and value.isdecimal() else -1


class AnimationButton(GameItem, template=PREFIX + r":ra:(?P<game>\d+)"):
    """🎞 Animation: the whole game as an animated image, posted in the game's channel."""

    update = False

    def __init__(self, game_id: int, *, row: int | None = None) -> None:
        super().__init__(_button(f"{PREFIX}:ra:{game_id}", _("Animation"), emoji="🎞", row=row))
        self.game_id = game_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> AnimationButton:
        return cls(int(match["game"]))


def replay_view(
    game_id: int, step: int, count: int, jumps: Sequence[tuple[int, str]]
) -> discord.ui.View:
    """The replay viewer's controls at ``step`` of ``count``: ⏮ ◀ ▶ ⏭ and 🎞 Animation, and
    a menu of steps to jump to (``jumps``, when there is more than one step)."""
    view = discord.ui.View(timeout=None)
    first, last = step <= 0, step >= count - 1
    view.add_item(ReplayButton(game_id, 0, "f", emoji="⏮", disabled=first, row=0))
    view.add_item(ReplayButton(game_id, max(0, step - 1), "p", emoji="◀", disabled=first, row=0))
    view.add_item(ReplayButton(game_id, step + 1, "n", emoji="▶", disabled=last, row=0))
    view.add_item(ReplayButton(game_id, -1, "l", emoji="⏭", disabled=last, row=0))
    view.add_item(AnimationButton(game_id, row=0))
    if len(jumps) > 1:
        view.add_item(ReplaySelect(game_id, jumps, row=1))
    return view


def final_view(game_id: int) -> discord.ui.View:
    """The button under the final board: **Replay** (the game step by step, only for the one
    who pressed it, with its animation a click away)."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReplayButton(game_id, 0, "v", _("Replay"), emoji="⏯"))
    return view


DYNAMIC_ITEMS = (
    ActButton,
    ActSelect,
    NavButton,
    GroupSelect,
    HandButton,
    PictureButton,
    TextBoardButton,
    LobbyButton,
    WindowOrderButton,
    ReplayButton,
    ReplaySelect,
    AnimationButton,
    ClaimButton,
    UndoButton,
    UndoAskButton,
    UndoVoteButton,
)


def picture_buttons(
    game_id: int, pictures: Sequence[tuple[str, str]]
) -> list[discord.ui.Item[Any]]:
    """A button per picture on demand, ``(key, label)``."""
    return [PictureButton(game_id, key, label) for key, label in pictures]


def board_view(
    game_id: int,
    pictures: Sequence[tuple[str, str]] = (),
    *,
    undo: bool = True,
    version: int | None = None,
) -> discord.ui.View:
    """The buttons under a board in the channel: **My hand** (the clicker's own decision),
    the game's other public pictures on demand (``(key, label)``), **Text board** (the board
    as text, its id naming the ``version`` the board tells up to) and, on a row of its own,
    **Undo** (the clicker's last move taken back; ``undo``: there were moves), each answered
    only to whoever pressed it."""
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(game_id))
    for item in picture_buttons(game_id, pictures[: MAX_BUTTONS - 2]):
        view.add_item(item)
    view.add_item(TextBoardButton(game_id, version))
    if undo:
        button = UndoButton(game_id)
        button.row = 1
        view.add_item(button)
    return view


def board_version(custom_ids: Sequence[str], game_id: int, final: int | None) -> int | None:
    """The version a board message of the game tells up to, from its components' ids: the
    **Text board** button's, or ``final`` (the game's last version, when it is over) for a
    final board's **Replay**. ``None``: not a board of the game, or one that does not say."""
    for custom_id in custom_ids:
        found = re.fullmatch(rf"{PREFIX}:t:{game_id}:(\d+)", custom_id)
        if found is not None:
            return int(found.group(1))
        if final is not None and custom_id == f"{PREFIX}:r:{game_id}:0:v":
            return final
    return None


def lobby_view(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for what in ("join", "leave", "start"):
        view.add_item(LobbyButton(what, game_id))
    return view
