"""Bot processes for the sharded crash test (``tests/sandbox/shard_crash.py``): a *zygote*
process imports the bot once and forks a real bot process per request, each running the real
bot (``bot.create_bot``, its cogs, host and storage) on its own shards against the loopback
Discord, until it is killed.

The test starts the zygote with :func:`start_zygote` (``python -m tests.sandbox.shard_bots``, in
a process group of its own) and writes one JSON line per bot to its stdin::

    {"shard_ids": "1", "env": {"VESUVIUS_DATABASE_URL": ..., ...}, "api": ..., "gateway": ...,
     "token": ..., "lease": 2.0}

and reads back ``{"pid": N}``. With ``"tally": path`` in the request, the bot writes the
statements and commits its database was sent so far (``storage.tally``) to ``path`` as
``[statements, commits]`` each time it gets SIGUSR1 (a bench's count per move).

Forking from a process that has imported everything (and warmed the renderers) makes a restart
take a fraction of a second instead of seconds of imports, so a long run can kill and restart a
bot hundreds of times. Each bot reads its settings from the
environment the test gave it (``VESUVIUS_DATABASE_URL``, ``VESUVIUS_SHARD_COUNT``,
``VESUVIUS_SHARD_IDS``) as ``bot.py`` does; only the lease may be shorter than the minimum an
operator may set (a test waits out many leases). Its AI decisions run in a thread, so a bot is
one OS process: SIGKILL ends all of it, as a machine's crash would.

Nothing outlives the test: a bot dies with the zygote (``PR_SET_PDEATHSIG``), the zygote ends
its bots when its stdin closes, and the test kills the zygote's whole process group at the end
(:func:`stop_zygote`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import os
import signal
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Linux: this process gets SIGKILL when the zygote dies (a test that was killed)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


async def _run_bot(request: dict[str, Any]) -> None:
    """One bot process: the real bot on its shards, pointed at the loopback Discord."""
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    from bot import create_bot
    from cogs.settings import Settings
    from plugins import PLUGINS
    from tests.toy import PLUGIN as TOY

    # The loopback fake only: nothing here can reach discord.com.
    Route.BASE = str(request["api"])
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(str(request["gateway"]))
    settings = replace(Settings.from_env(env_file=None), lease=float(request["lease"]))
    bot = create_bot(
        settings,
        ai_executor=ThreadPoolExecutor(1),
        plugin_list=(*PLUGINS, TOY),
    )
    tally = request.get("tally")
    if tally:

        def dump() -> None:
            with contextlib.suppress(Exception):  # not open yet: nothing to tell
                counted = bot.host.db.tally
                written = Path(f"{tally}.part")
                written.write_text(json.dumps([counted.statements, counted.commits]))
                written.replace(tally)

        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, dump)
    state: Any = getattr(bot, "_connection", None)
    if state is not None:  # READY waits this long after the last GUILD_CREATE (default 2 s)
        state.guild_ready_timeout = 0.05
    async with bot:
        await bot.start(settings.token)


def _child(request: dict[str, Any]) -> None:
    """Runs in the forked bot process; never returns into the zygote."""
    code = 1
    try:
        _die_with_parent()
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        sys.stdin.close()
        os.dup2(2, 1)  # the zygote's stdout is its answers to the test
        os.environ.update({k: str(v) for k, v in request["env"].items()})
        os.environ["VESUVIUS_SHARD_IDS"] = str(request["shard_ids"])
        print(f"{os.getpid()} START shard {request['shard_ids']}", file=sys.stderr, flush=True)
        asyncio.run(_run_bot(request))
        code = 0
    except BaseException:
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _reap() -> None:
    with contextlib.suppress(ChildProcessError):
        while os.waitpid(-1, os.WNOHANG)[0] > 0:
            pass


def zygote() -> None:
    """Read bot requests on stdin, fork one bot for each, answer its pid; at EOF end every bot
    still running and exit."""
    import logging

    import bot  # noqa: F401  (every bot forked later has it imported)
    import cogs.runtime
    import tests.toy  # noqa: F401

    logging.basicConfig(
        level=logging.WARNING, format="%(process)d %(levelname)s %(name)s: %(message)s"
    )
    cogs.runtime.warm_up_renderers()  # once here: every bot forked later has the caches
    cogs.runtime.warm_up_renderers = lambda: None
    children: list[int] = []
    print(json.dumps({"ready": os.getpid()}), flush=True)
    for line in sys.stdin:
        _reap()
        if not line.strip():
            continue
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _child(request)
        children.append(pid)
        print(json.dumps({"pid": pid}), flush=True)
    for pid in children:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    for pid in children:
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, 0)


class Zygote:
    """The test's handle on the zygote: ``await start(request)`` forks a bot, returns its pid."""

    def __init__(self, proc: asyncio.subprocess.Process, log: Path) -> None:
        self.proc = proc
        self.log = log
        """Where the bots' output goes (their log: WARNING and up)."""

    async def start(self, request: dict[str, Any]) -> int:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write((json.dumps(request) + "\n").encode())
        await self.proc.stdin.drain()
        line = await self.proc.stdout.readline()
        assert line, "the zygote ended"
        return int(json.loads(line)["pid"])


async def start_zygote(log: Path) -> Zygote:
    """``python -m tests.sandbox.shard_bots`` in a process group of its own, its bots' output
    (and its own) in ``log``."""
    with log.open("ab") as out:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.sandbox.shard_bots",
            cwd=ROOT,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=out,
            start_new_session=True,
        )
    assert proc.stdout is not None
    async with asyncio.timeout(120):  # only catches a hang: imports on a loaded machine
        line = await proc.stdout.readline()
    assert line and "ready" in json.loads(line), "the zygote did not start"
    return Zygote(proc, log)


async def stop_zygote(z: Zygote) -> None:
    """End the zygote and every bot it forked: stdin closed (it kills its bots), then SIGKILL
    to the whole process group, whatever is left."""
    if z.proc.stdin is not None:
        with contextlib.suppress(Exception):
            z.proc.stdin.close()
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(10):
            await z.proc.wait()
    with contextlib.suppress(ProcessLookupError):
        os.killpg(z.proc.pid, signal.SIGKILL)
    await z.proc.wait()


if __name__ == "__main__":
    zygote()
