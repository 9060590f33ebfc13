"""Issue 46, 5: the sandbox's page fast-forwards the bot's clock a day at a time, so a tester
sees a deadline, a reminder or an away run out without waiting for it."""

from __future__ import annotations

from host import TableOptions
from tests.cogs.helpers import WAIT, until
from tests.sandbox.browser import chromium, sandbox_tab
from tests.sandbox.conftest import Playground
from tests.sandbox.test_web import _call

DAY = 24 * 3600.0


def wire(playground: Playground) -> None:
    """The control as ``bot.py`` wires it for the sandbox (there on an ``OffsetClock``)."""
    clock, bot, start = playground.clock, playground.bot, playground.clock.now()

    def fast_forward(seconds: float) -> float:
        clock.advance(seconds)
        bot.wake_scheduler()
        return clock.now() - start

    playground.sandbox.page.fast_forward = fast_forward


async def test_the_clock_moves_only_when_the_sandbox_wires_it(playground: Playground) -> None:
    url = f"{playground.url}sandbox/clock"
    status, _ = await _call("POST", url, json={"days": 1})
    assert status == 400  # a page without the control
    wire(playground)
    for bad in (0, 8, "1"):
        status, _ = await _call("POST", url, json={"days": bad})
        assert status == 400
    before = playground.clock.now()
    status, answer = await _call("POST", url, json={"days": 2})
    assert status == 200 and answer["ahead"] == 2 * DAY
    assert playground.clock.now() == before + 2 * DAY


async def test_a_day_forward_on_the_page_runs_a_deadline_out(playground: Playground) -> None:
    wire(playground)
    fake, host = playground.sandbox.fake, playground.bot.host
    aurelia, brutus = fake.users["Aurelia"], fake.users["Brutus"]
    general = fake.default_guild.channel("general")
    status = await host.tables.create_game(
        fake.default_guild.id, general.id, aurelia.id, TableOptions("downfall", players=2)
    )
    await host.tables.join(status.game_id, brutus.id)
    await host.tables.start(status.game_id, aurelia.id)
    async with chromium() as browser, sandbox_tab(browser, playground.url) as page:
        tab = page.page
        button = tab.locator("#clock-forward")
        await button.wait_for(state="visible", timeout=WAIT * 1000)
        await button.click()
        await tab.locator("#clock-ahead", has_text="+1 d").wait_for(timeout=WAIT * 1000)

        async def timed_out() -> bool:
            return any("ran out of time" in m.content for m in general.messages)

        await until(timed_out)  # the day's deadline passed: the table is told
        assert page.errors == []
