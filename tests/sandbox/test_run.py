"""The README's run command on a fresh machine: ``python bot.py`` (what ``make run`` runs) with
no token and no ``.env`` starts the sandbox, prints one line with the page's address and
nothing else, and the page is playable; Ctrl-C stops it cleanly and a second start shows the
same history. SIGTERM, as a service manager stops it (to the bot alone, or to its whole
process group, AI workers included), stops it as cleanly: exit 0, nothing more printed; so
does it the bot on Discord. The real bot's database is never touched. A test that fails or
times out leaves no process behind (:func:`bots`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from collections.abc import AsyncIterator, Awaitable
from pathlib import Path
from typing import Any, Protocol

import aiohttp
import pytest

import bot
from tests.cogs.helpers import WAIT

ROOT = Path(__file__).resolve().parents[2]
LINE = re.compile(r"Vesuvius sandbox: open (http://127\.0\.0\.1:\d+/) — to play on real Discord")


class Start(Protocol):
    def __call__(
        self, cwd: Path, *, ignore_sigint: bool = False
    ) -> Awaitable[tuple[asyncio.subprocess.Process, str, list[str]]]: ...


@pytest.fixture
async def bots() -> AsyncIterator[Start]:
    """Starts ``python bot.py`` (see :func:`_start`); at the end, whatever the test did, every
    one still running is stopped with its process group (its AI workers too): SIGTERM, then
    SIGKILL if it is still there after a few seconds."""
    started: list[asyncio.subprocess.Process] = []

    async def start(
        cwd: Path, *, ignore_sigint: bool = False
    ) -> tuple[asyncio.subprocess.Process, str, list[str]]:
        proc, url, lines = await _start(cwd, started, ignore_sigint=ignore_sigint)
        return proc, url, lines

    try:
        yield start
    finally:
        for proc in started:
            await _kill_group(proc)


async def _kill_group(proc: asyncio.subprocess.Process) -> None:
    for sig in (signal.SIGTERM, signal.SIGKILL):
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)  # the group outlives the bot when a worker is left
        try:
            async with asyncio.timeout(5):
                await proc.wait()
                return
        except TimeoutError:
            continue


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


async def _start(
    cwd: Path, started: list[asyncio.subprocess.Process], *, ignore_sigint: bool = False
) -> tuple[asyncio.subprocess.Process, str, list[str]]:
    """``ignore_sigint``: started as by a parent that ignores SIGINT (it is inherited)."""
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
        preexec_fn=_ignore_sigint if ignore_sigint else None,
    )
    started.append(proc)
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
    proc: asyncio.subprocess.Process,
    lines: list[str],
    sig: int = signal.SIGINT,
    *,
    group: bool = True,
) -> int:
    """Stop it as Ctrl-C in a terminal does (SIGINT to the whole process group: the bot and
    its AI workers), or a service manager (SIGTERM: systemd sends it to the whole group by
    default, ``KillMode=mixed`` and ``kill`` to the bot alone, ``group=False``); what it
    printed meanwhile is added to ``lines``."""
    assert proc.stdout is not None
    if group:
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


async def test_bot_py_without_a_token_runs_a_playable_sandbox(tmp_path: Path, bots: Start) -> None:
    proc, url, lines = await bots(tmp_path)
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

            me, general, first_board = await _game_with_an_ai(http, url)
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

    proc, url, lines = await bots(tmp_path)
    try:
        async with aiohttp.ClientSession() as http:
            state = await _get(http, f"{url}sandbox/state")
            assert state["me"]["id"] == me
            shown = await _get(http, f"{url}sandbox/messages", user=me, channel=general)
            assert first_board["id"] in [m["id"] for m in shown["messages"]]
    finally:
        assert await _stop(proc, lines, signal.SIGTERM) == 0
    assert len(lines) == 1, "".join(lines)


async def _game_with_an_ai(http: aiohttp.ClientSession, url: str) -> tuple[str, str, Any]:
    """Once the bot is online with its commands: the first local user opens a game of The
    Downfall of Pompeii with an easy AI seat in #general (the table is full, so it starts at
    once); returns the user, the channel and the first board's message, once it is there."""

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

    async def board() -> Any:
        shown = await _get(http, f"{url}sandbox/messages", user=me, channel=general)
        return [
            m
            for m in shown["messages"]
            if any(a["filename"] == "board.png" for a in m["attachments"])
        ]

    (first_board, *_) = await _until(board)
    return me, general, first_board


def _ai_workers(pid: int) -> list[int]:
    """The bot's AI worker processes (multiprocessing's spawned children), from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid and b"spawn_main" in cmdline:
            found.append(int(entry.name))
    return found


def _running(pid: int) -> bool:
    """Alive, and not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.parametrize("group", [False, True], ids=["the bot", "its process group"])
async def test_sigterm_stops_the_sandbox_cleanly(tmp_path: Path, bots: Start, group: bool) -> None:
    """SIGTERM while a game with an AI seat runs: the same clean stop as Ctrl-C. Sent to the
    whole group, it reaches the AI workers too: they leave it to the bot, which ends them as
    it closes (were they to die at once, AI work in flight would fail with a traceback)."""
    proc, url, lines = await bots(tmp_path)
    async with aiohttp.ClientSession() as http:
        await _game_with_an_ai(http, url)
    if group and sys.platform == "linux":

        async def workers() -> list[int]:
            return _ai_workers(proc.pid)

        found = await _until(workers)
        # Once they have started: a worker killed in its first moments, while the pool is
        # still starting it, was seen to go in full test runs (not understood yet: its
        # SIGTERM was already ignored); the bot's own stop below is what is tested there.
        await asyncio.sleep(1.0)
        for worker in found:
            os.kill(worker, signal.SIGTERM)
        await asyncio.sleep(0.3)
        alive = [w for w in _ai_workers(proc.pid) if _running(w)]
        assert alive, "the AI workers died of SIGTERM, before the bot stopped them"
    assert await _stop(proc, lines, signal.SIGTERM, group=group) == 0
    assert len(lines) == 1 and LINE.match(lines[0]), "".join(lines)
    with contextlib.suppress(ProcessLookupError):  # no AI worker outlives the bot
        os.killpg(proc.pid, 0)
        await asyncio.sleep(2.5)  # the bot gives its workers 2 s
        os.killpg(proc.pid, 0)
        pytest.fail("a process of the sandbox is still running after it stopped")


def test_sigterm_stops_the_bot_on_discord_cleanly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With a token: SIGTERM while connected closes the bot as Ctrl-C does, and ``main``
    returns 0 without a traceback (the connection itself stands in for Discord here)."""
    monkeypatch.setenv("DISCORD_TOKEN", "aaaa.bbbb.cccc")
    monkeypatch.setenv("VESUVIUS_MODE", "discord")
    monkeypatch.setenv("VESUVIUS_DB", str(tmp_path / "games.sqlite3"))
    closed: list[bool] = []
    close = bot.VesuviusBot.close

    async def connected(self: bot.VesuviusBot, token: str) -> None:
        # The handler must be there, or this SIGTERM would end the test run itself.
        assert signal.getsignal(signal.SIGTERM) not in (signal.SIG_DFL, None)
        os.kill(os.getpid(), signal.SIGTERM)
        await asyncio.Event().wait()  # connected until stopped

    async def closing(self: bot.VesuviusBot) -> None:
        closed.append(True)
        await close(self)

    monkeypatch.setattr(bot.VesuviusBot, "start", connected)
    monkeypatch.setattr(bot.VesuviusBot, "close", closing)
    assert bot.main(["--discord"]) == 0
    assert closed
    assert "Traceback" not in capsys.readouterr().err
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL  # the loop's handler is gone


async def test_ctrl_c_stops_it_though_its_parent_ignored_sigint(
    tmp_path: Path, bots: Start
) -> None:
    """Issue 44, 20: started by a parent that ignores SIGINT (inherited), Ctrl-C still stops
    it cleanly: the bot takes Python's handler back."""
    proc, _, lines = await bots(tmp_path, ignore_sigint=True)
    status = await _stop(proc, lines)
    assert status == 0
    assert len(lines) == 1 and LINE.match(lines[0]), "".join(lines)
