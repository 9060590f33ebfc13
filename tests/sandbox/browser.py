"""Driving the sandbox's page in a real headless Chromium (Debian's ``chromium``, through
Playwright; ``playwright install`` is never needed) the way a person does: type in the message
box, pick from the lists, click buttons and menus, switch the local user."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
from collections.abc import AsyncIterator
from typing import Any

import pytest

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 60_000
"""Real-time cap on each wait in the page (only catches a hang; never a speed requirement)."""


REQUIRE = "VESUVIUS_REQUIRE_CHROMIUM"
"""Set (by ``.ci/run``): a missing Chromium fails the browser tests instead of skipping them."""


def chromium_path() -> str:
    """Debian's Chromium, or skip: ``.ci/run`` installs it (``apt-get install chromium``) and
    sets ``VESUVIUS_REQUIRE_CHROMIUM``, so that CI cannot pass with the page untested."""
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get(REQUIRE):
        pytest.fail(f"no chromium on this machine, and {REQUIRE} is set: apt-get install chromium")
    pytest.skip("no chromium on this machine (.ci/run installs Debian's chromium as root)")


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """A headless Chromium browser (Playwright's ``Browser``)."""
    path = chromium_path()
    playwright = pytest.importorskip("playwright.async_api")
    async with playwright.async_playwright() as p:
        browser = await p.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            await browser.close()


class SandboxPage:
    """One browser tab on the sandbox, with the moves a person makes."""

    def __init__(self, page: Any, url: str) -> None:
        self.page = page
        self.url = url
        self.errors: list[str] = []
        page.set_default_timeout(WAIT_MS)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    async def open(self) -> None:
        await self.page.goto(self.url)
        await self.page.wait_for_selector("#messages[data-view]")

    # -- where -------------------------------------------------------------------------------

    async def view(self) -> str:
        return str(await self.page.get_attribute("#messages", "data-view"))

    async def _wait_view_changed(self, before: str) -> None:
        await self.page.wait_for_function(
            "b => { const v = document.querySelector('#messages').dataset.view;"
            " return v && v !== b; }",
            arg=before,
        )

    async def as_user(self, name: str) -> None:
        """The switcher: act (and see) as ``name``."""
        if await self.page.locator(f".who.active[data-user='{name}']").count():
            return
        before = await self.view()
        await self.page.click(f".who[data-user='{name}']")
        await self.page.wait_for_selector(f".who.active[data-user='{name}']")
        await self._wait_view_changed(before)

    async def channel(self, name: str) -> None:
        item = self.page.locator(".chan:not(.dm)", has_text=name).first
        if "active" in (await item.get_attribute("class") or ""):
            return
        before = await self.view()
        await item.click()
        await self._wait_view_changed(before)

    async def dms(self) -> None:
        if "active" in (await self.page.get_attribute(".chan.dm", "class") or ""):
            return
        before = await self.view()
        await self.page.click(".chan.dm")
        await self._wait_view_changed(before)

    # -- the message box ---------------------------------------------------------------------

    async def command(self, name: str) -> None:
        """Type ``/`` and pick ``/name`` from the list."""
        box = self.page.locator("#composer-input")
        await box.fill("/" + name.split(maxsplit=1)[0])
        await self.page.locator("#popup .item", has_text=f"/{name}").first.dispatch_event(
            "mousedown"
        )
        await self.page.wait_for_selector(f"#cmd-chip:has-text('/{name}')")

    async def option(self, name: str, typed: str, *, pick: str | None = None) -> None:
        """Fill option ``name`` (adding it when optional); with ``pick``, choose the list item
        whose label contains it (fixed choices or the bot's autocomplete)."""
        field = await self._field(name)
        await field.fill(typed)
        if pick is not None:
            item = self.page.locator("#popup:not([hidden]) .item", has_text=pick).first
            await item.dispatch_event("mousedown")

    async def _field(self, name: str) -> Any:
        """The input of option ``name``, added first when it is optional."""
        if not await self.page.locator(f".opt[data-option='{name}']").count():
            await self.page.click(f".add-opt[data-option='{name}']")
        return self.page.locator(f".opt[data-option='{name}'] input")

    async def suggestions(self, option: str, typed: str) -> list[tuple[str, Any]]:
        """Type ``typed`` into ``option`` and return the list then shown (label, value), once
        it answers exactly that text."""
        field = await self._field(option)
        await field.fill("")
        await field.type(typed)
        rows = await self.page.wait_for_function(
            """([o, t]) => { const p = document.querySelector('#popup');
                if (p.hidden || p.dataset.for !== o || p.dataset.typed !== t) return null;
                return [...p.querySelectorAll('.item')].map(r =>
                    [r.querySelector('.name').textContent, r.dataset.value ?? null]); }""",
            arg=[option, typed],
        )
        return [(name, json.loads(v) if v else None) for name, v in await rows.json_value()]

    async def pick(self, label: str) -> None:
        item = self.page.locator("#popup:not([hidden]) .item", has_text=label).first
        await item.dispatch_event("mousedown")

    async def send(self) -> None:
        await self.page.keyboard.press("Enter")

    async def slash(self, name: str, **options: str) -> None:
        """``/name`` with options typed as text (choices matched by their label)."""
        await self.command(name)
        for key, value in options.items():
            await self.option(key, value)
        await self.send()

    # -- messages ----------------------------------------------------------------------------

    def messages(self) -> Any:
        return self.page.locator("#messages .message")

    async def message_ids(self) -> list[str]:
        return [
            str(i) for i in await self.messages().evaluate_all("ms => ms.map(m => m.dataset.id)")
        ]

    async def images(self, filename: str) -> list[str]:
        """The attachment ids of the loaded images called ``filename`` in the view, oldest
        first (an image counts once the browser has decoded it)."""
        return [
            str(i)
            for i in await self.page.locator(f"#messages img[alt='{filename}']").evaluate_all(
                "imgs => imgs.filter(i => i.complete && i.naturalWidth > 0)"
                ".map(i => i.dataset.attachment)"
            )
        ]

    async def wait_for_images(self, filename: str, count: int) -> list[str]:
        await self.page.wait_for_function(
            "([f, n]) => [...document.querySelectorAll(`#messages img[alt='${f}']`)]"
            ".filter(i => i.complete && i.naturalWidth > 0).length >= n",
            arg=[filename, count],
        )
        return await self.images(filename)

    async def wait_for_image(self, attachment_id: str) -> list[str]:
        """Wait until the image of that attachment is shown (decoded); returns ``images``."""
        await self.page.wait_for_function(
            "a => { const i = document.querySelector(`#messages img[data-attachment='${a}']`);"
            " return i && i.complete && i.naturalWidth > 0; }",
            arg=attachment_id,
        )
        return await self.images(
            str(
                await self.page.get_attribute(
                    f"#messages img[data-attachment='{attachment_id}']", "alt"
                )
            )
        )

    async def click(self, custom_id: str, *, within_ms: float | None = None) -> None:
        """Click the newest button with ``custom_id`` (``within_ms``: give up after that long,
        e.g. when another player's answer may take the button away first)."""
        locator = self.page.locator(f"#messages button[data-custom-id='{custom_id}']").last
        await locator.click(timeout=within_ms)

    async def choose(self, custom_id: str, value: str) -> None:
        await self.page.locator(
            f"#messages select[data-custom-id='{custom_id}']"
        ).last.select_option(value)

    # -- a table -----------------------------------------------------------------------------

    async def open_table(self, game: str, *, ai_seats: int, variant: str | None = None) -> None:
        """Aurelia opens a 3-seat table of ``game`` (its label in the list) with ``ai_seats``
        easy AI seats from the message box (``variant``: picked from the bot's autocomplete),
        Brutus joins with the button and Aurelia starts it; returns once the first board is
        on screen."""
        await self.as_user("Aurelia")
        await self.command("game new")
        await self.option("game", game[:4].lower(), pick=game)
        await self.option("players", "3")
        await self.option("ai_seats", str(ai_seats))
        await self.option("ai_level", "eas", pick="Easy")
        if variant is not None:
            shown = await self.suggestions("variant", variant.split("=")[0])
            assert any(v == variant for _, v in shown), shown
            await self.pick(variant)
        await self.send()
        await self.page.wait_for_selector("button[data-custom-id^='vz:l:join']")
        assert "used /game new" in await self.messages().last.inner_text()
        await self.as_user("Brutus")
        await self.page.click("button[data-custom-id^='vz:l:join']")
        await self.page.wait_for_selector(".message:has-text('Players (3/3)')")
        await self.as_user("Aurelia")
        await self.page.click("button[data-custom-id^='vz:l:start']")
        await self.wait_for_images("board.png", 1)
