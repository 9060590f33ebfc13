"""The README's run command on a fresh machine: ``python bot.py`` (what ``make run`` runs) with
no token and no ``.env`` starts the sandbox, prints one line with the page's address and
nothing else, and the page is playable; Ctrl-C (or SIGTERM) stops it cleanly and a second
start shows the same history. The real bot's database is never touched."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from pathlib import Path
from typing import Any

import aiohttp

from tests.cogs.helpers import WAIT

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"Vesuvius sandbox: open (http://127\.0\.0\.1:\d+/) — to play on real Discord")


async def _start(cwd: Path) -> tuple[asyncio.subprocess.Process, str, list[str]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "VESUVIUS_"))}
    env["VESUVIUS_SANDBOX_PORT"] = "0"  # any free port: tests run in parallel
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        str(ROOT / "bot.py"),
        cwd=cwd,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    assert proc.stdout is not None
    lines: list[str] = []
    async with asyncio.timeout(WAIT):
        while True:
            raw = await proc.stdout.readline()
            assert raw, "bot.py ended before printing the address:\n" + "".join(lines)
            lines.append(raw.decode())
            found = LINE.search(lines[-1])
            if found:
                return proc, found.group(1), lines


async def _stop(
    proc: asyncio.subprocess.Process, lines: list[str], sig: int = signal.SIGINT
) -> int:
    """Stop it as Ctrl-C in a terminal does (SIGINT to the whole process group: the bot and
    its AI workers), or a service manager (SIGTERM to the bot); what it printed meanwhile is
    added to ``lines``."""
    assert proc.stdout is not None
    if sig == signal.SIGINT:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    async with asyncio.timeout(WAIT):
        rest = await proc.stdout.read()
        lines.extend(rest.decode().splitlines(keepends=True))
        return await proc.wait()


async def _get(http: aiohttp.ClientSession, url: str, **params: Any) -> Any:
    async with http.get(url, params=params) as r:
        assert r.status == 200, await r.text()
        return await r.json() if r.content_type == "application/json" else await r.text()


async def _post(http: aiohttp.ClientSession, url: str, body: dict[str, Any]) -> Any:
    async with http.post(url, json=body) as r:
        assert r.status == 200, await r.text()
        return await r.json()


async def _until(check: Any) -> Any:
    """Poll the other process over HTTP until ``check()`` finds something."""
    loop = asyncio.get_running_loop()
    end = loop.time() + WAIT
    while loop.time() < end:
        found = await check()
        if found:
            return found
        await asyncio.sleep(0.1)
    raise TimeoutError("the sandbox never got there")


async def test_bot_py_without_a_token_runs_a_playable_sandbox(tmp_path: Path) -> None:
    proc, url, lines = await _start(tmp_path)
    try:
        assert "DISCORD_TOKEN in .env (see README)" in lines[-1]
        async with aiohttp.ClientSession() as http:
            page = await _get(http, url)
            assert "composer-input" in page and "/static/app.js" in page
            assert "Composer" in await _get(http, f"{url}static/app.js")

            async def ready() -> Any:
                state = await _get(http, f"{url}sandbox/state")
                names = {c["name"] for c in state["commands"]}
                return state if state["bot"]["online"] and "game new" in names else None

            state = await _until(ready)
            me = state["me"]["id"]
            general = next(c["id"] for c in state["guild"]["channels"] if c["name"] == "general")
            new = {"game": "downfall", "players": 2, "ai_seats": 1, "ai_level": "easy"}
            answer = await _post(
                http,
                f"{url}sandbox/slash",
                {"user": me, "channel": general, "command": "game new", "options": new},
            )
            assert answer["ok"], answer
            shown = await _get(http, f"{url}sandbox/messages", user=me, channel=general)
            lobby = shown["messages"][-1]
            start = next(
                c["custom_id"]
                for row in lobby["components"]
                for c in row["components"]
                if c["custom_id"].startswith("vz:l:start")
            )
            answer = await _post(
                http,
                f"{url}sandbox/click",
                {"user": me, "message": lobby["id"], "custom_id": start},
            )
            assert answer["ok"], answer

            async def board() -> Any:
                shown = await _get(http, f"{url}sandbox/messages", user=me, channel=general)
                return [
                    m
                    for m in shown["messages"]
                    if any(a["filename"] == "board.png" for a in m["attachments"])
                ]

            (first_board, *_) = await _until(board)
            async with http.get(url.rstrip("/") + first_board["attachments"][0]["url"]) as r:
                assert r.status == 200 and (await r.read()).startswith(b"\x89PNG")
    finally:
        status = await _stop(proc, lines)
    assert status == 0
    # The one line is all it printed, from the start to Ctrl-C with a game played meanwhile:
    # no log records (WARNING by default in the sandbox), no warnings, no traceback.
    assert len(lines) == 1 and LINE.match(lines[0]), "".join(lines)
    data = tmp_path / "data"
    assert {p.name for p in data.iterdir()} >= {"sandbox.sqlite3", "sandbox.discord.sqlite3"}
    assert not (data / "vesuvius.sqlite3").exists()

    proc, url, lines = await _start(tmp_path)
    try:
        async with aiohttp.ClientSession() as http:
            state = await _get(http, f"{url}sandbox/state")
            assert state["me"]["id"] == me
            shown = await _get(http, f"{url}sandbox/messages", user=me, channel=general)
            assert first_board["id"] in [m["id"] for m in shown["messages"]]
    finally:
        assert await _stop(proc, lines, signal.SIGTERM) == 0
    assert len(lines) == 1, "".join(lines)
