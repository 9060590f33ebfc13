"""AI decisions run in worker processes, not in the bot's own process (a search there would hold
the interpreter lock against every other table's replies), and give the same moves; long work
that is not a turn runs in a background worker of its own, at a lower priority."""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import pytest

from engine.downfall import GAME as DOWNFALL
from engine.downfall.ai import DownfallHeuristics
from host import AiRunner, FakeClock, RandomChooser
from host.ai import BACKGROUND_NICENESS, _interrupts_held, _ready
from tests.host.conftest import OpenHost
from tests.host.helpers import USERS, started_game

A = USERS[0]


class RecordingChooser(RandomChooser):
    """A random chooser that writes the id of the process it ran in to a file."""

    def __init__(self, record: Path) -> None:
        self.record = record

    def choose(self, game: Any, heuristics: Any, state: Any, seat: int, seed: int) -> Any:
        with self.record.open("a") as f:
            f.write(f"{os.getpid()}\n")
        return super().choose(game, heuristics, state, seat, seed)


async def test_an_ai_seat_decides_in_a_worker_process_with_the_same_result(
    hosts: OpenHost, tmp_path: Path
) -> None:
    record = tmp_path / "pids.txt"
    chooser = RecordingChooser(record)
    in_process = await hosts(
        tmp_path / "pool.db", FakeClock(), chooser=chooser, ai_executor=None, ai_workers=1
    )
    workers = await in_process.ai.warm_up()
    assert workers and os.getpid() not in workers
    game = (await started_game(in_process, players=2, ai_seats=1)).game_id
    await in_process.moves.act(game, A, "pass")  # then the AI seat (seat 1, seated as joined) moves
    notes = await in_process.scheduler.run_due()
    assert [n.by for n in notes] == ["ai"]
    pids = {int(line) for line in record.read_text().split()}
    assert pids and os.getpid() not in pids and pids <= workers
    # The same seed and state give the same move in this process.
    log = await in_process.views.log(game)
    threads = await hosts(tmp_path / "threads.db", FakeClock(), chooser=RandomChooser())
    again = (await started_game(threads, players=2, ai_seats=1)).game_id
    await threads.moves.act(again, A, "pass")
    await threads.scheduler.run_due()
    assert [e.notation for e in await threads.views.log(again)] == [e.notation for e in log]


def test_the_pool_is_one_fewer_than_the_cores_and_at_least_one() -> None:
    cores = os.cpu_count() or 2
    assert AiRunner().workers == max(1, cores - 1)
    assert AiRunner(workers=0).workers == 1


def test_every_plugins_rules_and_heuristics_reach_a_worker_process() -> None:
    import pickle

    from plugins import PLUGINS

    for plugin in PLUGINS:
        game, heuristics = pickle.loads(pickle.dumps((plugin.engine, plugin.heuristics)))
        assert game.key == plugin.key and heuristics() is not None


def _wait_until_idle(pid: int) -> None:
    """Until worker ``pid`` waits for its next job (blocked reading its queue's pipe), as it
    does when a person presses Ctrl-C. (An interrupt while it sends an answer back is caught
    by concurrent.futures and travels with that answer instead.)"""
    wchan = Path(f"/proc/{pid}/wchan")
    if not wchan.exists():
        pytest.skip("needs Linux's /proc to see that the worker waits")
    for _ in range(6000):  # real-time cap: only catches a hang
        if "pipe_read" in wchan.read_text():
            return
        time.sleep(0.01)
    raise AssertionError(f"worker {pid} never waited for a job")


async def test_ctrl_c_in_the_terminal_leaves_the_workers_to_the_bot(
    capfd: pytest.CaptureFixture[str],
) -> None:
    # A terminal's Ctrl-C interrupts the workers too; the bot stops them itself (close), so
    # they carry on meanwhile instead of dying with a KeyboardInterrupt traceback each.
    # The worker starts with a job, as when no warm-up ran (which starts them ignoring it).
    runner = AiRunner(workers=1)
    loop = asyncio.get_running_loop()
    try:
        pid = await loop.run_in_executor(runner.executor, _ready)
        _wait_until_idle(pid)
        os.kill(pid, signal.SIGINT)
        # A worker killed would break the pool.
        assert await loop.run_in_executor(runner.executor, _ready) == pid
    finally:
        runner.close()
    assert "KeyboardInterrupt" not in capfd.readouterr().err


def _report_held_signals(answer: Any) -> None:
    held = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    answer.send(signal.SIGINT in held and signal.SIGTERM in held)


def test_workers_are_born_holding_ctrl_c_and_sigterm() -> None:
    # Before a worker's initializer runs, it imports the bot's modules for a second or two;
    # started while the bot holds Ctrl-C and SIGTERM back, it holds both from its first
    # instruction (its initializer then ignores them).
    context = multiprocessing.get_context("spawn")
    seen = []
    for holding in (False, True):
        receive, send = context.Pipe(duplex=False)
        with _interrupts_held() if holding else contextlib.nullcontext():
            process = context.Process(target=_report_held_signals, args=(send,))
            process.start()
        seen.append(receive.recv())
        process.join()
    assert seen == [False, True]
    held = signal.pthread_sigmask(signal.SIG_BLOCK, [])  # this process's come through again
    assert signal.SIGINT not in held and signal.SIGTERM not in held


def test_a_stop_while_a_worker_starts_still_stops_the_bot() -> None:
    """SIGTERM that comes while the bot starts a worker is delivered when it has started: it
    was ignored then, and the sandbox ran on after a service manager's stop (one run in two of
    tests/sandbox/test_run.py on a loaded machine)."""
    got: list[int] = []
    previous = signal.signal(signal.SIGTERM, lambda number, _frame: got.append(number))
    try:
        with _interrupts_held():  # held in this thread (another may take it: not lost either)
            os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(100):  # Python runs the handler at its next instruction
            if got:
                break
            time.sleep(0.001)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert got == [signal.SIGTERM]


def _hold(started: str, release: str) -> int:
    """A long background job: writes its process id to ``started``, then runs until the file
    ``release`` exists (a real-time cap only ends a test that never releases it)."""
    Path(started).write_text(str(os.getpid()))
    for _ in range(12000):
        if Path(release).exists():
            break
        time.sleep(0.01)
    return os.getpid()


def _written(path: Path) -> int | None:
    """The process id in ``path``, once written there."""
    text = path.read_text() if path.exists() else ""
    return int(text) if text else None


async def _started(path: Path) -> int:
    """The process id a :func:`_hold` job wrote once it began."""
    for _ in range(12000):  # real-time cap: only catches a job that never starts
        pid = _written(path)
        if pid is not None:
            return pid
        await asyncio.sleep(0.01)
    raise AssertionError("the background job never started")


def _priority() -> int:
    return os.getpriority(os.PRIO_PROCESS, 0)


def _ignores_interrupts() -> bool:
    ignored = signal.SIG_IGN
    return signal.getsignal(signal.SIGINT) == ignored == signal.getsignal(signal.SIGTERM)


async def test_a_background_job_leaves_the_ai_pool_free_for_turns(tmp_path: Path) -> None:
    # One AI worker: were the background job in the AI pool, the decision would wait behind it.
    runner = AiRunner(workers=1)
    started, release = tmp_path / "started", tmp_path / "release"
    try:
        background = asyncio.ensure_future(runner.run_background(_hold, str(started), str(release)))
        held_by = await _started(started)
        state = DOWNFALL.new_game(3, 2)
        action = await asyncio.wait_for(  # the cap only catches a decision stuck behind it
            runner.choose(RandomChooser(), DOWNFALL, DownfallHeuristics, state, state.seat, 1),
            timeout=120,
        )
        assert action in DOWNFALL.legal_actions(state, state.seat)
        decided_by = await runner.run(_ready)
        assert not background.done()  # the decision came while the job still ran
        release.touch()
        assert await background == held_by
        assert held_by not in (decided_by, os.getpid())
    finally:
        runner.close()


async def test_the_background_worker_runs_at_a_lower_priority_and_ignores_interrupts() -> None:
    runner = AiRunner(workers=1)
    try:
        ai = await runner.run(_priority)
        background = await runner.run_background(_priority)
        assert await runner.run_background(_ignores_interrupts)
        assert await runner.run(_ignores_interrupts)
    finally:
        runner.close()
    assert background == min(19, ai + BACKGROUND_NICENESS)  # 19: the lowest there is
    assert background > ai or ai == 19
    assert _priority() == ai  # the bot's own priority is untouched


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (it no longer exists, or is a zombie)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return "\nState:\tZ" in status


@pytest.mark.parametrize("pool", ["AI", "background"])
async def test_close_ends_a_busy_worker_of_either_pool(tmp_path: Path, pool: str) -> None:
    # The workers ignore SIGTERM (systemd's stop is the bot's to handle): close() kills them,
    # a long job in progress included, and its caller gets an error.
    if _gone(os.getpid()):  # no /proc/<pid>/status: not Linux
        pytest.skip("needs Linux's /proc to see that the worker ended")
    runner = AiRunner(workers=1)
    started, release = tmp_path / "started", tmp_path / "release"
    run = runner.run if pool == "AI" else runner.run_background
    job = asyncio.ensure_future(run(_hold, str(started), str(release)))
    try:
        pid = await _started(started)
        runner.close()
        with pytest.raises(BrokenProcessPool):
            await job
        for _ in range(12000):  # real-time cap: only catches a worker that never ends
            if _gone(pid):
                break
            await asyncio.sleep(0.01)
        assert _gone(pid)
        assert not release.exists()  # it never was released: ended, not finished
    finally:
        release.touch()
        runner.close()


async def test_injected_executors_run_background_work_and_are_left_to_their_owner() -> None:
    with ThreadPoolExecutor(1) as threads, ThreadPoolExecutor(1) as other:
        runner = AiRunner(executor=threads)
        assert runner.background is threads
        assert await runner.run_background(threading.get_ident) != threading.get_ident()
        assert AiRunner(executor=threads, background=other).background is other
        runner.close()
        assert runner.executor is threads and runner.background is threads
        assert await runner.run_background(_priority) == _priority()  # still usable
