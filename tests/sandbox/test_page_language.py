"""Issue 44, 18: the sandbox's first local user owns the server, so `/game settings` works for
them and refuses the others; each local user picks their Discord language on the page (the
picker in the sidebar), which their interactions carry, so the bot answers them in it."""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import WAIT, until
from tests.sandbox.browser import chromium, sandbox_tab
from tests.sandbox.conftest import Playground
from tests.sandbox.test_web import _call


async def test_a_user_picks_spanish_and_only_the_owner_may_change_settings(
    playground: Playground,
) -> None:
    fake = playground.sandbox.fake
    guild = fake.default_guild
    assert guild.owner_id == fake.users["Aurelia"].id
    async with chromium() as browser, sandbox_tab(browser, playground.url) as page:
        tab = page.page
        assert await tab.input_value("#locale-picker") == "en-US"

        await page.as_user("Brutus")
        await tab.select_option("#locale-picker", "es-ES")

        async def spanish() -> bool:
            return fake.users["Brutus"].locale == "es-ES"

        await until(spanish)
        await page.slash("game settings")
        refusal = tab.locator(".message", has_text="Para esto necesitas el permiso")
        await refusal.wait_for(timeout=WAIT * 1000)
        assert "Gestionar servidor" in await refusal.inner_text()

        await page.as_user("Aurelia")
        assert await tab.input_value("#locale-picker") == "en-US"  # hers is unchanged
        await page.command("game settings")
        await page.option("language", "Deu", pick="Deutsch")
        await page.send()
        await tab.locator(".message", has_text="The server's settings are changed").wait_for(
            timeout=WAIT * 1000
        )
        assert (await playground.bot.host.servers.guild_settings(guild.id)).language == "de"
        await page.as_user("Brutus")  # his choice is kept
        assert await tab.input_value("#locale-picker") == "es-ES"
        assert page.errors == []


async def test_the_locale_must_be_discords(playground: Playground) -> None:
    """Only Discord's locale codes: the fake stays as strict as Discord."""
    brutus = playground.sandbox.fake.users["Brutus"]
    url = f"{playground.url}sandbox/locale"
    body: dict[str, Any] = {"user": brutus.id, "locale": "es"}
    status, _ = await _call("POST", url, json=body)
    assert status == 400 and brutus.locale == "en-US"
    status, answer = await _call("POST", url, json={**body, "locale": "nl"})
    assert status == 200 and answer["locale"] == "nl" and brutus.locale == "nl"


async def test_the_owner_and_the_languages_survive_a_restart(playground: Playground) -> None:
    """The choice is saved with the sandbox's Discord state."""
    from sandbox.app import Sandbox

    fake = playground.sandbox.fake
    fake.set_locale(fake.users["Cornelia"], "de")
    store = playground.sandbox.store
    assert store is not None
    store.flush()
    again = Sandbox(state_path=store.path, port=0)
    await again.start()
    try:
        assert again.fake.users["Cornelia"].locale == "de"
        assert again.fake.default_guild.owner_id == again.fake.users["Aurelia"].id
    finally:
        await again.close()
