"""Who decides for a seat when its player does not: the AI choosers, and where they think.

A :class:`Chooser` picks one legal action for a seat. :class:`LevelChooser` is the real AI at one
of three levels (``easy``, ``normal``, ``hard``; see docs/ai.md and :mod:`engine.ai`);
:class:`RandomChooser` picks uniformly among the legal actions (tests, and a baseline).
Both are deterministic given the seed the host passes (derived from the game seed and version),
except the hard level in its default time-budget mode (:func:`hard_budget`: CPU seconds of the
searching thread, capped in wall time), whose search depth depends on the machine's speed;
``LevelChooser("hard", playouts=N)`` is the fixed-budget, reproducible variant.

Per-seat levels live in the seat's AI name: :func:`ai_name` writes ``"AI 2 (hard)"`` and
:func:`parse_ai_name` reads the level back, so :func:`seat_chooser` can pick the chooser of an
AI seat from what the host already stores.

:class:`AiRunner` runs every decision off the event loop, by default in worker processes: a
search holds the interpreter lock for its whole budget, so in a thread it would slow every
other table's replies. The bot's process only sends the state and receives the action. Long
work that is not a turn (drawing an animated replay) runs in a pool of its own
(:meth:`AiRunner.run_background`: one worker at a lower priority), so it never keeps an AI
seat waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import re
import signal
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, Literal, Protocol, TypeVar, get_args

from engine.ai import Budget, Heuristics, choose_easy, choose_hard, choose_normal
from engine.core import Game, Seat
from engine.rng import Rng

T = TypeVar("T")

log = logging.getLogger("host.ai")

Level = Literal["easy", "normal", "hard"]
LEVELS: tuple[Level, ...] = get_args(Level)
DEFAULT_LEVEL: Level = "normal"
"""The level of an AI seat whose name names none (e.g. ``"AI 1"``)."""
DEFAULT_TIMEOUT_LEVEL: Level = "normal"
"""The level that decides for a player who ran out of time (timeout policy ``"ai"``)."""
HARD_SECONDS = 0.8
"""The hard level's thinking time per decision: CPU seconds of the thread that searches (so it
adapts to the machine's speed but not to its load; :func:`hard_budget`)."""
HARD_WALL_FACTOR = 3.0
"""The hard level's search also stops after this many times :data:`HARD_SECONDS` of wall-clock
time, so that on a starved machine a turn still comes in time (2.4 s instead of 0.8 s)."""
HARD_PLAYOUT_CAP = 20_000
"""At most this many search iterations per decision, however fast the machine."""


def hard_budget(
    seconds: float = HARD_SECONDS,
    *,
    playouts: int = HARD_PLAYOUT_CAP,
    wall_factor: float = HARD_WALL_FACTOR,
    clock: Callable[[], float] | None = None,
    wall_clock: Callable[[], float] | None = None,
) -> Budget:
    """The hard level's time budget: ``seconds`` of CPU time of the searching thread (``clock``,
    default ``time.thread_time``), at most ``wall_factor`` times that in wall-clock time
    (``wall_clock``, default ``time.perf_counter``), at most ``playouts`` iterations; the search
    stops at whichever comes first.

    Why CPU time: on a wall-clock budget the search's strength followed the machine's load (at
    load 7-20 on 2 cores, 0.8 s bought 36-42% of the iterations it bought at idle, and 10-27%
    of the moves differed; docs/ai.md). Why the *thread's* CPU time (``time.thread_time``) and not
    the process's (``time.process_time``): in play the search runs in one thread of a worker
    process, where the two nearly agree, but tests and the bot without a pool
    (``AiRunner(executor=...)``) run it in a thread pool beside other threads of the same
    process, whose CPU time ``process_time`` would count against this search (other searches
    taking turns with it at the interpreter lock, the event loop, C code that runs beside it).
    ``thread_time`` counts only the thread that runs the loop, which is exactly the search's
    work. Why the wall cap: a starved worker (it
    gets a tenth of a core at load 20 on 2 cores) would otherwise take many seconds per turn."""
    return Budget(
        playouts=playouts,
        seconds=seconds,
        clock=clock or time.thread_time,
        wall_seconds=wall_factor * seconds,
        wall_clock=wall_clock or time.perf_counter,
    )


HeuristicsFactory = Callable[[], Heuristics]


class Chooser(Protocol):
    """Chooses an action for ``seat`` in ``state``; must return a member of
    ``game.legal_actions(state, seat)``. ``heuristics`` makes the game's AI heuristics.
    Choosers are sent to worker processes, so they must pickle (plain attributes)."""

    name: str
    """How the move is labelled to players, e.g. ``"a stand-in (random legal move)"``."""

    def choose(
        self,
        game: Game[Any, Any],
        heuristics: HeuristicsFactory,
        state: Any,
        seat: Seat,
        seed: int,
    ) -> Any: ...


class RandomChooser:
    """A uniformly random legal action (tests, and the benchmark's weakest opponent)."""

    name = "a stand-in (random legal move)"

    def choose(
        self,
        game: Game[Any, Any],
        heuristics: HeuristicsFactory,
        state: Any,
        seat: Seat,
        seed: int,
    ) -> Any:
        legal = game.legal_actions(state, seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action to choose from")
        index, _ = Rng(seed).below(len(legal))
        return legal[index]


def parse_level(text: str | None) -> Level | None:
    """``"Hard"`` -> ``"hard"``; ``None`` for anything that is not a level."""
    if text is None:
        return None
    word = text.strip().lower()
    for level in LEVELS:
        if word == level:
            return level
    return None


_NAME_LEVEL = re.compile(r"\((easy|normal|hard)\)\s*$", re.IGNORECASE)


def ai_name(number: int, level: Level | str = DEFAULT_LEVEL) -> str:
    """The name of the ``number``-th AI seat of a table: ``"AI 2 (hard)"``."""
    checked = parse_level(level)
    if checked is None:
        raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
    return f"AI {number} ({checked})"


def parse_ai_name(name: str | None) -> Level | None:
    """The level written in an AI seat's name (``"AI 2 (hard)"`` -> ``"hard"``), else ``None``
    (older names such as ``"AI 1"``)."""
    if not name:
        return None
    match = _NAME_LEVEL.search(name)
    return parse_level(match.group(1)) if match else None


class LevelChooser:
    """The AI at one level.

    ``hard`` thinks for ``seconds`` (default :data:`HARD_SECONDS`) of CPU time by ``clock``
    (default ``time.thread_time``), at most :data:`HARD_WALL_FACTOR` times that by
    ``wall_clock`` (default ``time.perf_counter``) and at most :data:`HARD_PLAYOUT_CAP`
    iterations (:func:`hard_budget`); pass ``playouts=N`` for a fixed budget instead
    (reproducible: the same state and seed give the same move anywhere).
    ``easy`` and ``normal`` take milliseconds and are always reproducible.
    """

    def __init__(
        self,
        level: Level | str = DEFAULT_LEVEL,
        *,
        seconds: float | None = None,
        playouts: int | None = None,
        clock: Callable[[], float] | None = None,
        wall_clock: Callable[[], float] | None = None,
    ) -> None:
        checked = parse_level(level)
        if checked is None:
            raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
        self.level: Level = checked
        self.name = f"the {checked} AI"
        self.seconds = HARD_SECONDS if seconds is None and playouts is None else seconds
        self.playouts = playouts
        self.clock = clock
        self.wall_clock = wall_clock

    def budget(self) -> Budget:
        """The hard level's search budget."""
        if self.seconds is None:
            return Budget(playouts=self.playouts or 200)
        return hard_budget(
            self.seconds,
            playouts=self.playouts or HARD_PLAYOUT_CAP,
            clock=self.clock,
            wall_clock=self.wall_clock,
        )

    def choose(
        self,
        game: Game[Any, Any],
        heuristics: HeuristicsFactory,
        state: Any,
        seat: Seat,
        seed: int,
    ) -> Any:
        heur = heuristics()
        if self.level == "easy":
            return choose_easy(game, state, seat, seed, heur)
        if self.level == "normal":
            return choose_normal(game, state, seat, seed, heur)
        return choose_hard(game, state, seat, seed, heur, self.budget())

    def with_level(self, level: Level | str) -> LevelChooser:
        """The same budget settings at another level."""
        if parse_level(level) == self.level:
            return self
        return LevelChooser(
            level,
            seconds=self.seconds,
            playouts=self.playouts,
            clock=self.clock,
            wall_clock=self.wall_clock,
        )

    def for_seat(self, ai: str | None) -> LevelChooser:
        """The chooser of a seat whose AI name is ``ai``: the level in the name, else this one."""
        level = parse_ai_name(ai)
        return self if level is None else self.with_level(level)


def chooser_for(level: Level | str | None = None, **options: Any) -> LevelChooser:
    """A :class:`LevelChooser` (``None``: :data:`DEFAULT_LEVEL`); ``options`` as its keywords."""
    return LevelChooser(level or DEFAULT_LEVEL, **options)


def seat_chooser(base: Chooser, ai: str | None) -> Chooser:
    """Who decides for a seat named ``ai`` (``None`` for a human seat, e.g. on a timeout): with a
    :class:`LevelChooser` as the host's chooser, the level named in the seat's AI name (or the
    host chooser's own level); any other chooser decides for every seat as it is."""
    if isinstance(base, LevelChooser):
        return base.for_seat(ai)
    return base


def decide(
    chooser: Chooser,
    game: Game[Any, Any],
    heuristics: HeuristicsFactory,
    state: Any,
    seat: Seat,
    seed: int,
) -> Any:
    """One AI decision (what a worker process runs)."""
    return chooser.choose(game, heuristics, state, seat, seed)


def _ready() -> int:
    """A worker's answer to the warm-up: its process id, once the AI code is imported."""
    return os.getpid()


_STOPS = {signal.SIGINT, signal.SIGTERM}
"""Ctrl-C, and SIGTERM from a service manager (systemd signals the bot's whole process group):
the bot's to handle. It ends its workers itself as it closes (:meth:`AiRunner.close`); were
they to die first, the AI's work in flight would fail with a traceback."""


def _ignore_interrupts() -> None:
    """A worker's first step: ignore Ctrl-C and SIGTERM (see :data:`_STOPS`), then let them
    through again (they came blocked from the bot: :func:`_interrupts_held`); one that
    arrived meanwhile is dropped, being ignored now."""
    for stop in _STOPS:
        signal.signal(stop, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOPS)


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back in this thread for the block: workers started meanwhile
    inherit the blocked signals (a signal mask survives exec), so neither ends them while they
    import the bot's modules, before :func:`_ignore_interrupts` runs. The bot's own are held,
    not ignored: one that comes meanwhile is delivered when the block ends, so a stop that
    arrives while a worker starts still stops the bot (ignoring it lost it, and the bot ran on
    after SIGTERM)."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


BACKGROUND_NICENESS = 10
"""How much the background worker lowers its priority (``os.nice``): the kernel then gives the
cores to the AI workers and the bot first, and the background work what is left over."""


def _background_worker() -> None:
    """The background worker's first step: ignore Ctrl-C and SIGTERM as the AI workers do (see
    :data:`_STOPS`), and lower its priority by :data:`BACKGROUND_NICENESS`."""
    _ignore_interrupts()
    os.nice(BACKGROUND_NICENESS)


def _end(executor: Executor | None) -> None:
    """End a process pool's workers without waiting for the work in progress (its callers get
    an error). The workers ignore SIGTERM (:data:`_STOPS`), so a busy one is killed; and the
    list of them is read before ``shutdown``, which empties it."""
    if executor is None:
        return
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.kill()
    deadline = time.monotonic() + 2.0
    for process in processes:
        process.join(timeout=max(0.0, deadline - time.monotonic()))


def default_workers() -> int:
    """One fewer worker than the machine has cores, and at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


class AiRunner:
    """Runs AI decisions off the event loop: in a pool of ``workers`` processes, or in the
    ``executor`` given (tests use a thread or inline one). The same chooser, state and seed
    give the same action wherever it runs.

    Long work that is not a turn (:meth:`run_background`) runs in a pool of its own: one worker
    process at a lower priority, started on first use; or in ``background`` if given, else in
    the ``executor`` given (tests). Both pools are ended by :meth:`close`; executors given are
    the caller's to end."""

    def __init__(
        self,
        *,
        workers: int | None = None,
        executor: Executor | None = None,
        background: Executor | None = None,
    ) -> None:
        self.workers = default_workers() if workers is None else max(1, workers)
        self._executor = executor
        self._owned = executor is None
        self._background = background if background is not None else executor
        self._background_owned = self._background is None

    @property
    def executor(self) -> Executor:
        if self._executor is None:
            # "spawn": a fresh interpreter per worker, never a fork of the bot's threads.
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_ignore_interrupts
            )
        return self._executor

    @property
    def background(self) -> Executor:
        """The pool of :meth:`run_background`: one worker process that lowers its priority
        (:func:`_background_worker`), started on first use; or the executor given."""
        if self._background is None:
            context = multiprocessing.get_context("spawn")  # as the AI pool's
            self._background = ProcessPoolExecutor(
                1, mp_context=context, initializer=_background_worker
            )
        return self._background

    async def choose(
        self,
        chooser: Chooser,
        game: Game[Any, Any],
        heuristics: HeuristicsFactory,
        state: Any,
        seat: Seat,
        seed: int,
    ) -> Any:
        return await self.run(decide, chooser, game, heuristics, state, seat, seed)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker (a module-level function and picklable arguments):
        submitted with Ctrl-C and SIGTERM held back, since submitting may start a worker."""
        loop = asyncio.get_running_loop()
        with _interrupts_held():
            job = loop.run_in_executor(self.executor, function, *args)
        return await job

    async def run_background(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in the background worker (a module-level function and picklable
        arguments, as :meth:`run`): long work that is not a turn, such as drawing an animated
        replay. It runs in a pool of its own, one process at a lower priority, so the AI pool
        stays free for turns and the kernel prefers the AI workers and the bot to it; several
        background jobs wait for each other."""
        loop = asyncio.get_running_loop()
        with _interrupts_held():  # submitting may start the worker
            job = loop.run_in_executor(self.background, function, *args)
        return await job

    async def warm_up(self) -> set[int]:
        """Start every worker now (importing the AI), not on the first AI move; returns the
        workers' process ids."""
        loop = asyncio.get_running_loop()
        with _interrupts_held():  # submitting starts the workers
            jobs = [loop.run_in_executor(self.executor, _ready) for _ in range(self.workers)]
        return set(await asyncio.gather(*jobs))

    def close(self) -> None:
        """End the workers, the AI pool's and the background one's, without waiting for a
        search in progress (its move is replayed by the scheduler after a restart, so nothing is
        lost) or a background job (its caller gets an error). Executors given are left alone."""
        if self._owned:
            executor, self._executor = self._executor, None
            _end(executor)
        if self._background_owned:
            background, self._background = self._background, None
            _end(background)
