"""Driving the sandbox's page in a real headless Chromium (Debian's ``chromium``, through
Playwright; ``playwright install`` is never needed) the way a person does: type in the message
box, pick from the lists, click buttons and menus, switch the local user. On a phone
(:data:`PHONE`: touch, 400 × 850) the same moves are taps, and the channel list is reached
through the menu button (the drawer)."""

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

PHONE: dict[str, Any] = {
    "viewport": {"width": 400, "height": 850},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
"""A phone: the browser context's options (Playwright's ``Browser.new_context``)."""
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
"""A desktop or laptop screen."""
SIZES = {"phone": PHONE, "desktop": DESKTOP}


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


@contextlib.asynccontextmanager
async def sandbox_tab(browser: Any, url: str, size: str = "desktop") -> AsyncIterator[SandboxPage]:
    """A new browser context of ``size`` (a key of :data:`SIZES`) with the page open in it."""
    options = SIZES[size]
    context = await browser.new_context(**options)
    try:
        page = SandboxPage(await context.new_page(), url, touch=bool(options.get("has_touch")))
        await page.open()
        yield page
    finally:
        await context.close()


class SandboxPage:
    """One browser tab on the sandbox, with the moves a person makes (``touch``: taps, as on
    a phone, instead of clicks)."""

    def __init__(self, page: Any, url: str, *, touch: bool = False) -> None:
        self.page = page
        self.url = url
        self.touch = touch
        self.errors: list[str] = []
        page.set_default_timeout(WAIT_MS)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    async def open(self) -> None:
        await self.page.goto(self.url)
        await self.page.wait_for_selector("#messages[data-view]")

    async def press(self, target: Any, *, within_ms: float | None = None) -> None:
        """Click ``target`` (a locator or a selector), or tap it on a touch screen."""
        locator = self.page.locator(target) if isinstance(target, str) else target
        if self.touch:
            await locator.tap(timeout=within_ms)
        else:
            await locator.click(timeout=within_ms)

    # -- the frame: the drawer (phone) and the lightbox -------------------------------------

    async def has_drawer(self) -> bool:
        """Whether the channel list is behind the menu button (the phone layout)."""
        return bool(await self.page.locator("#menu-button").is_visible())

    async def open_drawer(self) -> None:
        if await self.has_drawer() and not await self.page.locator("#sidebar").is_visible():
            await self.press("#menu-button")
            await self.page.wait_for_function(
                "() => { const r = document.querySelector('#sidebar').getBoundingClientRect();"
                " return r.left >= 0 && r.right > 0; }"
            )

    async def close_drawer(self) -> None:
        """Tap beside the open drawer (on the dimmed conversation)."""
        if await self.page.locator("#scrim").is_visible():
            width = self.page.viewport_size["width"]
            await self.page.locator("#scrim").tap(position={"x": width - 20, "y": 300})
            await self.page.wait_for_selector("#sidebar", state="hidden")

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
        await self.press(f".who[data-user='{name}']")
        await self.page.wait_for_selector(f".who.active[data-user='{name}']")
        await self._wait_view_changed(before)

    async def channel(self, name: str) -> None:
        """Open the channel or thread ``name`` from the list (on a phone, in the drawer, which
        closes once it is picked)."""
        item = self.page.locator(".chan:not(.dm)", has_text=name).first
        if "active" in (await item.get_attribute("class") or ""):
            return
        await self._pick(item)

    async def dms(self) -> None:
        if "active" in (await self.page.get_attribute(".chan.dm", "class") or ""):
            return
        await self._pick(self.page.locator(".chan.dm"))

    async def _pick(self, item: Any) -> None:
        before = await self.view()
        await self.open_drawer()
        await self.press(item)
        await self._wait_view_changed(before)
        if await self.has_drawer():
            await self.page.wait_for_selector("#sidebar", state="hidden")

    # -- the message box ---------------------------------------------------------------------

    async def command(self, name: str) -> None:
        """Type ``/`` and pick ``/name`` from the list."""
        box = self.page.locator("#composer-input")
        await self.press(box)
        await box.fill("/" + name.split(maxsplit=1)[0])
        await self.press(self.page.locator("#popup .item", has_text=f"/{name}").first)
        await self.page.wait_for_selector(f"#cmd-chip:has-text('/{name}')")

    async def option(self, name: str, typed: str, *, pick: str | None = None) -> None:
        """Fill option ``name`` (adding it when optional); with ``pick``, choose the list item
        whose label contains it (fixed choices or the bot's autocomplete)."""
        field = await self._field(name)
        await field.fill(typed)
        if pick is not None:
            await self.pick(pick)

    async def _field(self, name: str) -> Any:
        """The input of option ``name``, added first when it is optional."""
        if not await self.page.locator(f".opt[data-option='{name}']").count():
            await self.press(f".add-opt[data-option='{name}']")
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
        """Choose the list's item whose label contains ``label``."""
        await self.press(self.page.locator("#popup:not([hidden]) .item", has_text=label).first)

    async def pick_value(self, value: Any) -> None:
        """Choose the list's item whose value is ``value`` (what the command will carry)."""
        item = self.page.locator(f"#popup:not([hidden]) .item[data-value='{json.dumps(value)}']")
        await self.press(item.first)

    async def send(self) -> None:
        """Enter; on a phone, the send button."""
        if self.touch:
            await self.press("#send-button")
        else:
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
        await self.press(locator, within_ms=within_ms)

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
        await self.press("button[data-custom-id^='vz:l:join']")
        await self.page.wait_for_selector(".message:has-text('Players (3/3)')")
        await self.as_user("Aurelia")
        await self.press("button[data-custom-id^='vz:l:start']")
        await self.wait_for_images("board.png", 1)


# -- what a person sees of the page's layout --------------------------------------------------

_NOT_SHOWN = """el => {
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return 'it has no size';
  if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
    return `outside the viewport (${[r.left, r.top, r.right, r.bottom].map(Math.round)})`;
  for (let p = el.parentElement; p; p = p.parentElement) {
    const s = getComputedStyle(p);
    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
    const q = p.getBoundingClientRect();
    const out = r.left < q.left - 0.5 || r.right > q.right + 0.5
      || r.top < q.top - 0.5 || r.bottom > q.bottom + 0.5;
    if (out) return `clipped by ${p.id || p.className}`;
  }
  const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  if (!hit || !(hit === el || el.contains(hit)))
    return `covered by ${hit ? hit.id || hit.className : 'nothing'}`;
  return '';
}"""

_OVERFLOW = """() => {
  const out = [];
  const root = document.documentElement;
  if (root.scrollWidth > innerWidth) out.push(`the page is ${root.scrollWidth} px wide`);
  const panes = ['#app', '#main', '#topbar', '#switcher', '#messages', '#composer-area',
    '#sidebar', '#channel-list', '#popup', '#lightbox-frame'];
  for (const sel of panes) {
    const pane = document.querySelector(sel);
    if (!pane || pane.getClientRects().length === 0) continue;
    if (pane.scrollWidth > pane.clientWidth + 1 && sel !== '#lightbox-frame')
      out.push(`${sel} scrolls sideways (${pane.scrollWidth} > ${pane.clientWidth})`);
    const box = pane.getBoundingClientRect();
    for (const el of pane.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || getComputedStyle(el).visibility === 'hidden') continue;
      if (r.left < Math.max(0, box.left) - 1 || r.right > Math.min(innerWidth, box.right) + 1) {
        const what = `${el.tagName.toLowerCase()}.${el.className || ''}`;
        out.push(`${sel}: ${what} spans ${Math.round(r.left)}..${Math.round(r.right)}`);
        if (out.length > 12) return out;
      }
    }
  }
  return out;
}"""


async def not_shown(locator: Any) -> str:
    """Why a person would not see all of ``locator`` now ('' when it is all on screen, within
    every scrolling pane around it, and not covered by anything)."""
    return str(await locator.evaluate(_NOT_SHOWN))


async def shown(locator: Any) -> None:
    """Scroll ``locator`` into view as a person would, then require it wholly on screen."""
    await locator.scroll_into_view_if_needed()
    reason = await not_shown(locator)
    assert reason == "", reason


async def sideways(page: Any) -> list[str]:
    """What sticks out sideways: the page or one of its panes scrolling horizontally, or an
    element reaching past its pane's edge (or the screen's); [] when nothing does."""
    return [str(p) for p in await page.evaluate(_OVERFLOW)]
