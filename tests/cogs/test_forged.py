"""Forged buttons and menus (issue 44, item 22): a custom id that names a game id no database
can hold (40 digits), and a replay menu value that only looks like a number ("²": a digit to
``str.isdigit`` that ``int`` refuses), are answered like any stale button of a game that does
not exist, not with the apology for a bug, and nothing is logged as an error."""

from __future__ import annotations

from typing import Any

from tests.cogs.helpers import WAIT, WATCH, solo_toy

HUGE = "1234567890123456789012345678901234567890"
BUTTONS = [
    f"vz:a:{HUGE}:1:pass",
    f"vz:n:{HUGE}:1:g:x",
    f"vz:h:{HUGE}",
    f"vz:p:{HUGE}:board",
    f"vz:l:join:{HUGE}",
    f"vz:l:leave:{HUGE}",
    f"vz:l:start:{HUGE}",
    f"vz:w:{HUGE}:never",
    f"vz:r:{HUGE}:0:f",
    f"vz:r:{HUGE}:e:v",
    f"vz:ra:{HUGE}",
    f"vz:a:1:{HUGE}:pass",  # a decision token as long
]
SELECTS = [f"vz:s:{HUGE}:1", f"vz:gs:{HUGE}:1", f"vz:rs:{HUGE}"]


def _button(cid: str) -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": cid[:80], "custom_id": cid}


def _select(cid: str, value: str) -> dict[str, Any]:
    return {"type": 3, "custom_id": cid, "options": [{"label": value, "value": value}]}


def _friendly(reply: Any, *, private: bool = True) -> str:
    assert reply is not None and (reply.ephemeral or not private)
    text = str(reply.content)
    assert "Sorry, something went wrong" not in text, text
    return text


async def test_forged_ids_with_a_forty_digit_game_are_answered_like_a_stale_button(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan = fake_discord.guild("Pompeii").channel("general")
    mallory = await fake_discord.user("mallory")
    rows = [{"type": 1, "components": [_button(c) for c in BUTTONS[i : i + 5]]} for i in (0, 5)]
    rows.append({"type": 1, "components": [_button(c) for c in BUTTONS[10:]]})
    planted = fake_discord.post(chan, "an old board", components=rows)
    for cid in BUTTONS:
        r = await mallory.click(custom_id=cid, message=planted)
        await r.wait_until_loaded(timeout=WAIT)
        text = _friendly(r.reply)
        number = HUGE if cid.split(":")[2] == HUGE or cid.startswith("vz:l:") else "1"
        assert f"no game #{number}" in text.lower(), (cid, text)
    for cid in SELECTS:
        menu = fake_discord.post(
            chan, "an old menu", components=[{"type": 1, "components": [_select(cid, "0")]}]
        )
        r = await mallory.select(menu, values=["0"], custom_id=cid)
        await r.wait_until_loaded(timeout=WAIT)
        assert f"no game #{HUGE}" in _friendly(r.reply).lower(), cid
    await bot.flows.idle()
    assert not fake_discord.bot_errors, [e.getMessage() for e in fake_discord.bot_errors]


async def test_a_replay_menu_value_that_only_looks_like_a_number_shows_the_last_step(
    fake_discord: Any, start_bot: Any, make_bot: Any
) -> None:
    """A non-number value is the menu's "last step", as "?" (the empty menu's) always was."""
    bot = await start_bot(make_bot(), watch_loggers=WATCH)
    chan, alice, game_id = await solo_toy(fake_discord, bot)
    cid = f"vz:rs:{game_id}"
    for value in ("²", "٣", HUGE):
        menu = fake_discord.post(
            chan, "a replay", components=[{"type": 1, "components": [_select(cid, value)]}]
        )
        r = await alice.select(menu, values=[value], custom_id=cid)
        await r.wait_until_loaded(timeout=WAIT)
        # The menu's message (here a public one, planted) becomes the viewer's last step.
        text = _friendly(r.reply, private=False)
        assert "Replay of game #" in text and "step 1 of 1" in text, (value, text)
    await bot.flows.idle()
    assert not fake_discord.bot_errors, [e.getMessage() for e in fake_discord.bot_errors]
