"""A minimal bot used by the fake's own tests: one feature per command, nothing clever."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.http import Route
from PIL import Image

ACTIONS = [f"play {n}" for n in range(1, 31)]


def png(color: str = "red", size: tuple[int, int] = (8, 6)) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", size, color).save(buf, format="PNG")
    return buf.getvalue()


class JoinView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Join", custom_id="game:join", style=discord.ButtonStyle.primary)
    async def join(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_message(f"{interaction.user.name} joined", ephemeral=True)

    @discord.ui.button(label="Start", custom_id="game:start")
    async def start(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        button.disabled = True
        await interaction.response.edit_message(content="game started", view=self)

    @discord.ui.select(
        custom_id="game:colour",
        options=[
            discord.SelectOption(label="Red", value="red"),
            discord.SelectOption(label="Blue", value="blue"),
        ],
    )
    async def colour(
        self, interaction: discord.Interaction, select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}")


class HandView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Play", custom_id="hand:play")
    async def play(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        where = "DM" if interaction.guild is None else "guild"
        await interaction.response.send_message(f"played from {where}")


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"count:(?P<n>\d+)"):
    """A button whose state lives in its custom_id, so it works across restarts."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count {self.n + 1}", view=view)


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="pick:user")
    async def pick(
        self, interaction: discord.Interaction, select: discord.ui.UserSelect[Any]
    ) -> None:
        await interaction.response.send_message(f"picked {select.values[0].name}")


class Panel(discord.ui.LayoutView):
    """Components V2: text and a button inside a container."""

    def __init__(self) -> None:
        super().__init__(timeout=60)
        row: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        go: discord.ui.Button[Any] = discord.ui.Button(label="Go", custom_id="panel:go")
        go.callback = self.go  # type: ignore[method-assign]
        row.add_item(go)
        self.add_item(discord.ui.Container(discord.ui.TextDisplay("a panel"), row))

    async def go(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("went", ephemeral=True)


class Feedback(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Text", custom_id="fb:text")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks: {self.text.value}", ephemeral=True)


class SampleBot(commands.Bot):
    """Records what happened so tests can assert on the bot's side too."""

    def __init__(self, *, guild_sync: bool = False, **kwargs: Any) -> None:
        intents = kwargs.pop("intents", None) or discord.Intents.default()
        super().__init__(command_prefix="!", intents=intents, **kwargs)
        self.guild_sync = guild_sync
        self.guild_sync_ids: list[int] = []
        self.seen: dict[str, Any] = {}
        self.release = asyncio.Event()
        self.release_later = asyncio.Event()
        self.setup_commands()

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)
        if self.guild_sync:
            for guild_id in self.guild_sync_ids:
                obj = discord.Object(id=guild_id)
                self.tree.copy_global_to(guild=obj)
                await self.tree.sync(guild=obj)
        else:
            await self.tree.sync()

    def setup_commands(self) -> None:
        tree = self.tree
        bot = self

        @tree.command(description="are you there")
        async def ping(interaction: discord.Interaction) -> None:
            bot.seen["permissions"] = interaction.permissions
            bot.seen["app_permissions"] = interaction.app_permissions
            await interaction.response.send_message("pong")

        game = app_commands.Group(name="game", description="games")

        @game.command(name="new", description="start a game")
        @app_commands.choices(
            game=[
                app_commands.Choice(name="Downfall", value="downfall"),
                app_commands.Choice(name="Workers", value="workers"),
            ]
        )
        async def game_new(
            interaction: discord.Interaction,
            game: app_commands.Choice[str],
            players: app_commands.Range[int, 2, 4],
        ) -> None:
            file = discord.File(io.BytesIO(png()), filename="board.png")
            await interaction.response.send_message(
                f"new {game.value} game for {players}", file=file, view=JoinView()
            )

        admin = app_commands.Group(name="admin", description="admin", parent=game)

        @admin.command(name="set", description="set an option")
        async def admin_set(
            interaction: discord.Interaction,
            key: str,
            value: int,
            who: discord.Member | None = None,
        ) -> None:
            who_name = who.name if who else "nobody"
            await interaction.response.send_message(f"{key}={value} for {who_name}", ephemeral=True)

        tree.add_command(game)

        @tree.command(description="deal private hands")
        async def deal(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            try:
                await interaction.user.send(
                    "your hand",
                    file=discord.File(io.BytesIO(png("blue")), filename="hand.png"),
                    view=HandView(),
                )
            except discord.Forbidden as exc:
                bot.seen["dm_error"] = exc
                await interaction.followup.send("I cannot DM you", ephemeral=True)
                return
            await interaction.followup.send("dealt", ephemeral=True)
            await interaction.followup.send("second")

        @tree.command(description="board by editing the original")
        async def board(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            msg = await interaction.edit_original_response(
                content="board",
                attachments=[discord.File(io.BytesIO(png("green")), filename="board.png")],
            )
            bot.seen["read_back"] = await msg.attachments[0].read()

        @tree.command(description="a secret")
        async def secret(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                f"secret for {interaction.user.name}", ephemeral=True
            )

        @tree.command(description="mention the caller: quietly, aloud, then in an edit")
        async def mention(interaction: discord.Interaction) -> None:
            who = interaction.user.mention
            await interaction.response.send_message(
                f"quiet {who}", allowed_mentions=discord.AllowedMentions.none()
            )
            assert isinstance(interaction.channel, discord.TextChannel)
            loud = await interaction.channel.send(
                f"loud {who}", allowed_mentions=discord.AllowedMentions(users=True)
            )
            await loud.edit(content=f"edited {who}", allowed_mentions=discord.AllowedMentions.all())

        @tree.command(description="make a move")
        async def move(interaction: discord.Interaction, action: str) -> None:
            await interaction.response.send_message(f"moved: {action}")

        @move.autocomplete("action")
        async def move_ac(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            if current == "all":
                return [app_commands.Choice(name=a, value=a) for a in ACTIONS]  # 30: too many
            return [app_commands.Choice(name=a, value=a) for a in ACTIONS if a.startswith(current)][
                :25
            ]

        @tree.command(description="never answers in time")
        async def slow(interaction: discord.Interaction) -> None:
            await bot.release.wait()
            try:
                await interaction.response.send_message("too late")
            except discord.HTTPException as exc:
                bot.seen["slow_error"] = exc

        @tree.command(description="answers twice")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("first")
            route = Route(
                "POST", "/interactions/{interaction_id}/{token}/callback",
                interaction_id=interaction.id, token=interaction.token,
            )  # fmt: skip
            try:
                await bot.http.request(route, json={"type": 4, "data": {"content": "again"}})
            except discord.HTTPException as exc:
                bot.seen["twice_error"] = exc

        @tree.command(description="a thread from the response, and a standalone one")
        async def thread(interaction: discord.Interaction, name: str) -> None:
            await interaction.response.send_message(f"thread {name}")
            msg = await interaction.original_response()
            t1 = await msg.create_thread(name=name)
            await t1.send("welcome to the game")
            assert isinstance(interaction.channel, discord.TextChannel)
            t2 = await interaction.channel.create_thread(
                name=f"{name}-private", type=discord.ChannelType.private_thread
            )
            await t2.add_user(interaction.user)
            await t2.send("private hello")
            bot.seen["threads"] = (t1.id, t2.id)

        @tree.command(description="in a thread")
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                f"in {getattr(interaction.channel, 'name', '?')}"
            )

        @tree.command(description="calls a route the fake does not model")
        async def pins(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            assert isinstance(interaction.channel, discord.TextChannel)
            try:
                [m async for m in interaction.channel.pins()]
            except discord.HTTPException as exc:
                bot.seen["pins_error"] = exc
            await interaction.followup.send("done")

        @tree.command(description="opens a modal")
        async def feedback(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(Feedback())

        @tree.command(description="too long a custom id")
        async def longid(interaction: discord.Interaction) -> None:
            view = discord.ui.View()
            view.add_item(discord.ui.Button(label="x", custom_id="x" * 101))
            try:
                await interaction.response.send_message("long", view=view)
            except discord.HTTPException as exc:
                bot.seen["longid_error"] = exc

        @tree.command(description="a big upload")
        async def big(interaction: discord.Interaction, size: int) -> None:
            await interaction.response.defer()
            assert interaction.channel is not None
            try:
                await interaction.followup.send(
                    file=discord.File(io.BytesIO(b"\0" * size), filename="big.bin")
                )
            except discord.HTTPException as exc:
                bot.seen["big_error"] = exc
                await interaction.followup.send("too big")

        @tree.command(description="a picture with a description of a given length")
        async def alt(interaction: discord.Interaction, length: int) -> None:
            await interaction.response.defer()
            picture = discord.File(
                io.BytesIO(png()), filename="board.png", description="d" * length
            )
            try:
                await interaction.followup.send(file=picture)
            except discord.HTTPException as exc:
                bot.seen["alt_error"] = exc
                await interaction.followup.send("too long")

        @tree.command(description="a counter that survives restarts")
        async def counter(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None)
            view.add_item(Counter(0))
            await interaction.response.send_message("count 0", view=view)

        @tree.command(description="defers, then follows up when released")
        async def later(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            await bot.release_later.wait()
            try:
                await interaction.followup.send("later")
            except discord.HTTPException as exc:
                bot.seen["later_error"] = exc

        @tree.command(description="defers, then sends n follow-ups one after another")
        async def burst(interaction: discord.Interaction, n: int) -> None:
            await interaction.response.defer()
            for i in range(1, n + 1):
                await interaction.followup.send(f"follow-up {i}")

        @tree.command(description="posts a new board each time")
        async def turn(interaction: discord.Interaction, n: int) -> None:
            await interaction.response.send_message(f"turn {n} accepted", ephemeral=True)
            assert interaction.channel is not None
            await interaction.channel.send(  # type: ignore[union-attr]
                f"board after turn {n}", file=discord.File(io.BytesIO(png()), filename="board.png")
            )

        @tree.command(description="admins only")
        @app_commands.default_permissions(manage_guild=True)
        @app_commands.guild_only()
        async def reset(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                f"reset by {interaction.user.mention} ({interaction.locale.value})"
            )

        @tree.command(description="DMs you a user picker")
        async def pick(interaction: discord.Interaction) -> None:
            await interaction.user.send("pick someone", view=PickView())
            await interaction.response.send_message("check your DMs", ephemeral=True)

        @tree.command(description="reads an uploaded file")
        async def upload(
            interaction: discord.Interaction, file: discord.Attachment, where: discord.TextChannel
        ) -> None:
            data = await file.read()
            await interaction.response.send_message(
                f"{file.filename}: {len(data)} bytes for #{where.name}"
            )

        @tree.command(description="a components v2 panel")
        async def panel(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(view=Panel())

        @tree.command(description="raises")
        async def boom(interaction: discord.Interaction) -> None:
            raise RuntimeError("kaboom")

        @tree.command(description="answers, then deletes the answer")
        async def oops(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("oops")
            await interaction.delete_original_response()
            bot.seen["oops_deleted"] = True

        @self.command(name="hello")
        async def hello(ctx: commands.Context[Any]) -> None:
            await ctx.send(f"hello {ctx.author.name}")
