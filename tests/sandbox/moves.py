"""Playing a game through the sandbox's page: who the game waits on (read from the host), the
move that ends a game of The Downfall of Pompeii soonest, and the bot's decision message that
offers a move, found by its components' custom ids (``cogs/components.py``), never by its
wording."""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import until
from tests.sandbox.browser import SandboxPage
from tests.sandbox.conftest import Playground


def soonest(legal: list[str], view: dict[str, Any]) -> str:
    """The Downfall move that ends the game soonest: call the eruption when the hand allows
    it, take a piece out of the city, pour lava where the most pieces stand (they are lost),
    stop placing relatives or moving (``pass``), else the first legal move."""
    if "erupt" in legal:
        return "erupt"
    for notation in legal:
        if " out " in notation:
            return notation
    lava = [n for n in legal if n.startswith("lava ")]
    if lava:
        squares = view.get("squares", {})
        return max(lava, key=lambda n: len(squares.get(n.split()[-1], [])))
    if "pass" in legal:
        return "pass"
    return legal[0]


async def waits_on(
    play: Playground, game_id: int, name: str, *, forced: bool = False
) -> tuple[int, int] | None:
    """Once the game waits on the local user ``name`` (after an AI seat has moved) or has
    ended: their decision's version and token, or ``None`` when it is over. ``forced``: the
    table plays a decision with one legal move by itself (``forced_moves``), so such a one is
    waited out."""
    host = play.bot.host
    user_id = play.user_id(name)

    async def settled() -> bool:  # an AI seat thinks in a worker process meanwhile
        status = await host.views.status(game_id)
        return status.status != "active" or any(w.user_id == user_id for w in status.waiting_on)

    while True:
        await until(settled)
        await play.bot.flows.idle()
        status = await host.views.status(game_id)
        if status.status != "active":
            return None
        if forced and (await host.decisions.legal_choices(game_id, user_id)).total == 1:
            await moved(play, game_id, status.version)  # the table plays it
            continue
        token = next(w.token for w in status.waiting_on if w.user_id == user_id)
        return status.version, token


async def moved(play: Playground, game_id: int, version: int) -> None:
    """Wait until the game has gone past ``version`` and the bot has said so."""

    async def later() -> bool:
        return (await play.bot.host.views.status(game_id)).version > version

    await until(later)
    await play.bot.flows.idle()


def offer(play: Playground, name: str, game_id: int, token: int) -> Any:
    """The newest message ``name`` can see (a DM, or a private reply in a channel) with the
    buttons or menus of their decision ``token``, or ``None``."""
    fake = play.sandbox.fake
    user = fake.users[name]
    prefixes = (f"vz:a:{game_id}:{token}:", f"vz:s:{game_id}:{token}")
    found = [
        m
        for chan in [user.dm, *fake.default_guild.channels]
        for m in user.visible_messages(chan)
        if any(str(c.get("custom_id", "")).startswith(prefixes) for c in m.walk_components())
    ]
    return max(found, key=lambda m: m.id) if found else None


def pending_decisions(play: Playground, name: str) -> int:
    """How many of the bot's messages only ``name`` sees still carry a live decision (enabled
    buttons or menus of a move): their DMs, and their private replies in the server's channels
    (which carry the decision after their /move or /hand): the number the switcher shows
    beside them (within the 15 minutes the bot can still close a reply)."""
    fake = play.sandbox.fake
    user = fake.users[name]
    replies = [
        m
        for chan in fake.default_guild.channels
        for m in chan.messages
        if m.visible_to == user.id and m.author.bot and not m.deleted
    ]
    return sum(
        1
        for m in [*user.dms, *replies]
        if any(
            str(c.get("custom_id", "")).startswith(("vz:a:", "vz:s:", "vz:gs:"))
            and not c.get("disabled")
            for c in m.walk_components()
        )
    )


async def play_by_component(page: SandboxPage, msg: Any, notation: str) -> bool:
    """Play ``notation`` with the button or menu of ``msg`` that offers it, in the page (its
    channel or the DMs opened first); ``False`` when ``msg`` does not offer it."""
    button = next(
        (
            c
            for c in msg.walk_components()
            if c.get("type") == 2 and str(c.get("custom_id", "")).endswith(f":{notation}")
        ),
        None,
    )
    select = next(
        (
            c
            for c in msg.walk_components()
            if c.get("type") == 3 and any(o["value"] == notation for o in c.get("options", []))
        ),
        None,
    )
    if button is None and select is None:
        return False
    if msg.in_dm:
        await page.dms()
    else:
        await page.channel(msg.channel.name)
    shown = page.page.locator(f"#messages .message[data-id='{msg.id}']")
    await shown.wait_for()
    if button is not None:
        await page.press(shown.locator(f"button[data-custom-id='{button['custom_id']}']"))
    else:
        menu = shown.locator(f"select[data-custom-id='{select['custom_id']}']")
        await menu.select_option(notation)
    return True


async def play_by_command(page: SandboxPage, notation: str) -> None:
    """``/move`` in the current channel, the action picked from the bot's autocomplete (typed
    in full, then chosen by its value)."""
    await page.command("move")
    shown = await page.suggestions("action", notation)
    assert notation in [value for _, value in shown], (notation, shown)
    await page.pick_value(notation)
    await page.send()
