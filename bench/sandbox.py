"""The sandbox page's own latency: ``python -m bench sandbox`` (or ``python -m bench.sandbox``).

The real bot against the sandbox in this process, and its page in headless Chromium (Debian's
``chromium`` through Playwright). A Downfall game between two local users; for each sample the
player to move opens ``/hand`` in #general (not timed) and clicks the first of its buttons (or
picks the first entry of its menu). Timed in the page, from the click to the new board image
decoded on screen (the turn's board in the channel, or the private reply with the board when
the same player decides again): median and p95. Goal: ≤ 100 ms median.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

from bot import VesuviusBot, create_bot
from cogs.runtime import warm_up_renderers
from sandbox.app import Sandbox
from sandbox.fake.model import Message
from tests.sandbox.browser import CHROMIUM_ARGS

SAMPLES = int(os.environ.get("BENCH_SAMPLES", "40"))
WARM_UP = 3
GOAL_MS = 100.0

# Runs in the page: click the item, resolve with the ms until a board image that was not on
# screen before is decoded (a MutationObserver sees it arrive; its load event ends the wait).
MEASURE = """
([selector, value]) => new Promise((resolve) => {
  const boards = () => [...document.querySelectorAll("#messages img[alt='board.png']")];
  const known = new Set(boards().map((i) => i.dataset.attachment));
  const done = () => {
    for (const img of boards()) {
      if (!known.has(img.dataset.attachment) && img.complete && img.naturalWidth > 0) {
        observer.disconnect();
        resolve(performance.now() - t0);
        return;
      }
    }
  };
  const observer = new MutationObserver(() => {
    for (const img of boards()) {
      if (!known.has(img.dataset.attachment)) img.addEventListener("load", done, { once: true });
    }
    done();
  });
  observer.observe(document.querySelector("#messages"), { childList: true, subtree: true });
  const el = document.querySelector(selector);
  const t0 = performance.now();
  if (value === null) el.click();
  else { el.value = value; el.dispatchEvent(new Event("change")); }
})
"""


def _decision(user_messages: list[Message], game_id: int, token: int) -> tuple[str, Any]:
    """The selector and value to act on the newest ephemeral /hand reply drawn for the seat's
    decision ``token``."""
    for msg in reversed(user_messages):
        for comp in msg.walk_components():
            cid = str(comp.get("custom_id", ""))
            if comp.get("type") == 2 and cid.startswith(f"vz:a:{game_id}:{token}:"):
                return f"#messages button[data-custom-id='{cid}']", None
            if comp.get("type") == 3 and cid.startswith(f"vz:s:{game_id}:{token}"):
                return f"#messages select[data-custom-id='{cid}']", comp["options"][0]["value"]
    raise LookupError("no decision on the /hand reply")


async def _game(sandbox: Sandbox, bot: VesuviusBot) -> int:
    fake = sandbox.fake
    general = fake.default_guild.channel("general")
    aurelia, brutus = fake.users["Aurelia"], fake.users["Brutus"]
    lobby = await aurelia.slash("game new", channel=general, game="downfall", players=2)
    await brutus.click("Join", message=lobby.message)
    await (await aurelia.click("Start", message=lobby.message)).wait_until_loaded(timeout=30)
    await bot.flows.idle()
    status = await bot.host.views.game_in_channel(general.id)
    assert status is not None
    return status.game_id


async def _measure(sandbox: Sandbox, bot: VesuviusBot, tab: Any) -> list[float]:
    fake = sandbox.fake
    general = fake.default_guild.channel("general")
    names = {fake.users[n].id: n for n in ("Aurelia", "Brutus")}
    game_id = await _game(sandbox, bot)
    times: list[float] = []
    while len(times) < SAMPLES + WARM_UP:
        status = await bot.host.views.status(game_id)
        if status.status != "active":
            game_id = await _game(sandbox, bot)
            continue
        user_id = status.waiting_on[0].user_id
        assert user_id is not None  # the bench's games have no AI seat
        name = names[user_id]
        await tab.click(f".who[data-user='{name}']")
        await tab.wait_for_function(
            "v => document.querySelector('#messages').dataset.view === v",
            arg=f"{fake.users[name].id}/{general.id}",
        )
        user = fake.users[name]
        hand = await user.slash("hand", channel=general)
        reply = await hand.wait_until_loaded(timeout=30) if hand.deferred else hand.message
        assert reply is not None
        await tab.wait_for_selector(f"#messages .message[data-id='{reply.id}'] .components")
        selector, value = _decision([reply], game_id, status.waiting_on[0].token)
        ms = float(await tab.evaluate(MEASURE, [selector, value]))
        times.append(ms)
        await bot.flows.idle()
    return times[WARM_UP:]


async def run() -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("sandbox page: skipped, no chromium (apt-get install chromium)")
        return
    warm_up_renderers()
    with tempfile.TemporaryDirectory() as tmp:
        sandbox = Sandbox(state_path=Path(tmp) / "sandbox.discord.sqlite3", port=0)
        await sandbox.start()
        bot = create_bot(
            db_path=Path(tmp) / "sandbox.sqlite3", dev_guild_id=sandbox.fake.default_guild.id
        )
        running = await sandbox.connect(bot)
        try:
            async with async_playwright() as p:
                browser = await p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                tab = await browser.new_page(viewport={"width": 1280, "height": 900})
                await tab.goto(sandbox.url)
                await tab.wait_for_selector("#messages[data-view]")
                times = await _measure(sandbox, bot, tab)
                await browser.close()
        finally:
            await running.stop()
            await sandbox.close()
    times.sort()
    p95 = times[max(0, round(0.95 * len(times)) - 1)]
    print(
        f"sandbox page: click -> new board image on screen: median "
        f"{statistics.median(times):.1f} ms, p95 {p95:.1f} ms "
        f"(n={len(times)}, goal ≤ {GOAL_MS:.0f} ms median)"
    )


def main() -> None:
    asyncio.run(run())


if __name__ == "__main__":
    main()
