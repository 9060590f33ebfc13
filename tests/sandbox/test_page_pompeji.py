"""Pompeji (the card game) played in the sandbox's page, in a real headless Chromium, by one
person acting as two local users with an easy AI in the third seat: the table opened with a
variant from the bot's autocomplete, card plays by /move autocomplete and by buttons and menus,
a building permit claimed with its button, the board updating and each hand in its owner's
view only, at a size to read."""

from __future__ import annotations

from typing import Any

from playwright.async_api import TimeoutError as PlaywrightTimeout

from tests.cogs.helpers import until
from tests.cogs.test_cardcity_game import _play
from tests.sandbox.browser import SandboxPage, chromium
from tests.sandbox.conftest import Playground

HUMANS = ("Aurelia", "Brutus")


def _offer(play: Playground, name: str, prefix: str) -> Any:
    """The newest message ``name`` can see with a component whose custom id starts with
    ``prefix`` (a DM, or an ephemeral reply in the channel), or None."""
    fake = play.sandbox.fake
    user = fake.users[name]
    found = [
        m
        for chan in [user.dm, *fake.default_guild.channels]
        for m in user.visible_messages(chan)
        if any(str(c.get("custom_id", "")).startswith(prefix) for c in m.walk_components())
    ]
    return max(found, key=lambda m: m.id) if found else None


async def _go_to(page: SandboxPage, msg: Any) -> None:
    if msg.in_dm:
        await page.dms()
    else:
        await page.channel(msg.channel.name)


async def test_pompeji_in_the_page_with_a_permit_claim(playground: Playground) -> None:
    play = playground
    host = play.bot.host
    names = {play.user_id(n): n for n in HUMANS}
    general = play.sandbox.fake.default_guild.channels[0]
    async with chromium() as browser:
        tab = await browser.new_page(viewport={"width": 1280, "height": 900})
        page = SandboxPage(tab, play.url)
        await page.open()

        await page.open_table("Pompeji", ai_seats=1, variant="permit_window=60")
        status = await host.views.game_in_channel(general.id)
        assert status is not None and "permit window=60" in general.messages[0].content
        game_id = status.game_id

        counts = {"autocomplete": 0, "buttons": 0, "claims": 0, "permit_turns": 0}
        claimant: str | None = None
        for _ in range(40):
            if counts["permit_turns"] and min(counts["autocomplete"], counts["buttons"]) >= 2:
                break
            status = await host.views.status(game_id)
            assert status.status == "active"
            version = status.version
            view = await host.views.public_view(game_id)
            humans = [names[w.user_id] for w in status.waiting_on if w.user_id in names]
            token = {names[w.user_id]: w.token for w in status.waiting_on if w.user_id in names}
            if not humans:  # the AI seat decides, in a worker process: wait for its move

                async def ai_moved(v: int = version) -> bool:
                    return (await host.views.status(game_id)).version > v

                await until(ai_moved)
                await play.bot.flows.idle()
                continue
            if view["stage"] == "window":
                # Offered by DM (or in the mover's reply): claim the first one, later let pass.
                offers = {n: _offer(play, n, f"vz:a:{game_id}:{token[n]}:claim") for n in humans}
                offers = {n: m for n, m in offers.items() if m is not None}
                if not offers:  # nobody here can use it: silence declines when time is up
                    play.clock.advance(61)
                    play.bot.wake_scheduler()
                else:
                    name = next(iter(offers))
                    await page.as_user(name)
                    await _go_to(page, offers[name])
                    claim = f"vz:a:{game_id}:{token[name]}:claim"
                    button = f"#messages button[data-custom-id='{claim}']"
                    try:  # the AI seat may answer first and close the window meanwhile
                        label = await tab.locator(button).last.inner_text(timeout=5000)
                        assert "Use your building permit" in label
                        if counts["claims"] == 0:
                            await page.click(claim, within_ms=5000)
                            counts["claims"] += 1
                            claimant = name
                        else:
                            decline = f"vz:a:{game_id}:{token[name]}:decline"
                            await page.click(decline, within_ms=5000)
                    except PlaywrightTimeout:
                        await play.bot.flows.idle()
                        continue
            else:
                name = humans[0]
                await page.as_user(name)
                legal = [
                    c.notation
                    for c in await host.decisions.legal_choices(game_id, play.user_id(name))
                ]
                if claimant == name and counts["claims"] and not counts["permit_turns"]:
                    counts["permit_turns"] += 1  # the claimant's extra turn, played below
                offer = _offer(play, name, f"vz:a:{game_id}:{token[name]}:") or _offer(
                    play, name, f"vz:s:{game_id}:{token[name]}"
                )
                if offer is not None and counts["buttons"] <= counts["autocomplete"]:
                    await _go_to(page, offer)
                    buttons = [
                        str(c["custom_id"]).split(":", 4)[4]
                        for c in offer.walk_components()
                        if str(c.get("custom_id", "")).startswith(f"vz:a:{game_id}:{token[name]}:")
                    ]
                    if buttons:
                        await page.click(f"vz:a:{game_id}:{token[name]}:{_play(buttons)}")
                    else:
                        select = next(c for c in offer.walk_components() if c.get("type") == 3)
                        values = [o["value"] for o in select["options"]]
                        await page.choose(str(select["custom_id"]), _play(values))
                    counts["buttons"] += 1
                else:
                    await page.channel("general")
                    await page.command("move")
                    typed = _play(legal).split()[0]  # "play" / "discard" / "draw" ...
                    shown = await page.suggestions("action", typed)
                    values = [v for _, v in shown if v != "?"]
                    assert values and set(values) <= set(legal), (shown, legal)
                    choice = _play(values)
                    await page.pick(next(lbl for lbl, v in shown if v == choice))
                    await page.send()
                    counts["autocomplete"] += 1

            async def moved(v: int = version) -> bool:
                return (await host.views.status(game_id)).version > v

            await until(moved)
            await play.bot.flows.idle()
        assert counts["claims"] == 1 and counts["permit_turns"] == 1, counts

        # The claim is told on the board in #general, and the page shows the newest board.
        await page.channel("general")
        posted = [m for m in general.public_messages if "board.png" in m.filenames]
        await page.wait_for_image(str(posted[-1].attachments[0].id))
        assert any("used their building permit" in m.content for m in posted), [
            m.content for m in posted
        ]
        assert await tab.locator(
            "#messages .message:has-text('used their building permit')"
        ).count()

        # Hands: each local user's DMs hold their own hand image, never another's. A decision
        # that is over loses its picture, so only a player with an open decision by DM has one.
        held = [
            name
            for name in HUMANS
            if any("hand.png" in m.filenames for m in play.sandbox.fake.users[name].dms)
        ]
        if (await host.views.status(game_id)).status == "active":
            assert held, "no player holds their decision by DM"
        for name in HUMANS:
            await page.as_user(name)
            await page.dms()
            if name not in held:
                assert not await page.images("hand.png"), name
                continue
            assert await page.wait_for_images("hand.png", 1)
            # A tall picture (1000 × 1740) at a size to read, not shrunk to fit the screen.
            hand = await tab.locator("#messages img[alt='hand.png']").last.bounding_box()
            assert hand is not None and hand["width"] >= 400, hand
            mine = {str(m.id) for m in play.sandbox.fake.users[name].dms}
            shown_ids = set(await page.message_ids())
            assert shown_ids <= mine | {
                str(m.id) for m in play.sandbox.fake.users[name].dm.messages
            }
            other = next(n for n in HUMANS if n != name)
            assert not shown_ids & {str(m.id) for m in play.sandbox.fake.users[other].dms}
        assert page.errors == []
