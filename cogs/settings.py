"""The bot's settings: from the environment and ``.env`` (see ``.env.example``)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from dotenv import load_dotenv

from cogs.pacing import DISCORD_GLOBAL_LIMIT, MARGIN


class SettingsError(Exception):
    """A setting is missing or malformed; ``str()`` is one sentence for the operator."""


MODES = ("auto", "discord", "sandbox")


@dataclass(frozen=True)
class Settings:
    """Everything ``bot.py`` needs to run. Every field has an environment variable."""

    token: str = ""
    """``DISCORD_TOKEN``: the bot token from the developer portal (Bot → Reset Token)."""
    db_path: Path = Path("data/vesuvius.sqlite3")
    """``VESUVIUS_DB``: the SQLite database file (created with its folder when missing)."""
    database_url: str = ""
    """``VESUVIUS_DATABASE_URL``: ``postgresql://user:password@host/dbname`` to keep the games in
    PostgreSQL instead (docs/storage.md); unset: the SQLite file ``VESUVIUS_DB``."""
    dev_guild_id: int | None = None
    """``VESUVIUS_DEV_GUILD``: a server id; commands sync there instantly instead of globally."""
    log_level: str | None = None
    """``VESUVIUS_LOG_LEVEL``: DEBUG, INFO, WARNING or ERROR; unset: INFO on Discord, WARNING
    in the sandbox (whose terminal shows one line, the page's address: :meth:`logging_level`)."""
    sync_commands: bool = True
    """``VESUVIUS_SYNC_COMMANDS``: sync slash commands at startup (``0`` to skip)."""
    dm_block_seconds: float = 15 * 60.0
    """``VESUVIUS_DM_RETRY_AFTER``: after a user's DMs refused, how long not to try again (a
    player who opens their DMs gets them again this soon)."""
    scheduler_max_sleep: float = 60.0
    """``VESUVIUS_SCHEDULER_MAX_SLEEP``: the scheduler loop looks for due work at least this
    often (seconds, real time)."""
    ai_workers: int | None = None
    """``VESUVIUS_AI_WORKERS``: processes that run AI decisions (default: one fewer than the
    machine's cores, at least one), so a thinking AI never slows the bot's replies."""
    ai_pace: float = 2.0
    """``VESUVIUS_AI_PACE``: seconds between AI moves once no human plays a game any more (the
    AIs finish it without flooding the channel; the board is posted once per round)."""
    mode: str = "auto"
    """``VESUVIUS_MODE``: ``discord`` (real Discord, needs the token), ``sandbox`` (the local
    sandbox on 127.0.0.1) or ``auto`` (the sandbox when no token is set). ``bot.py --sandbox``
    and ``--discord`` choose too."""
    sandbox_port: int = 8765
    """``VESUVIUS_SANDBOX_PORT``: the sandbox page's port on 127.0.0.1 (0: any free port)."""
    shard_count: int | None = None
    """``VESUVIUS_SHARD_COUNT``: how many shards the whole bot runs on (every process sets the
    same number); unset: one process, no sharding (docs/deploy.md)."""
    shard_ids: tuple[int, ...] | None = None
    """``VESUVIUS_SHARD_IDS``: the shards this process runs, ``0,1`` or ``0-3`` (default: all of
    ``VESUVIUS_SHARD_COUNT``). Only the process running shard 0 syncs the commands."""
    lease: float = 60.0
    """``VESUVIUS_LEASE``: seconds a process's claim on a game's due work or delivery lasts;
    when a process dies, another takes its work over this much later (PostgreSQL only)."""
    global_limit: int = DISCORD_GLOBAL_LIMIT
    """``VESUVIUS_GLOBAL_LIMIT``: REST requests a second Discord allows the bot's token in all
    (its global rate limit: 50 unless Discord has raised it for this bot on request); every
    process keeps to its share of it, less a margin (:mod:`cogs.pacing`)."""
    sandbox_db: Path = Path("data/sandbox.sqlite3")
    """``VESUVIUS_SANDBOX_DB``: the sandbox's games (the same layout as ``VESUVIUS_DB``); its
    Discord (server, channels, messages, images) is kept beside it in ``sandbox_state``."""

    @property
    def database(self) -> Path | str:
        """Where the games are: the PostgreSQL URL if one is set, else the SQLite file."""
        return self.database_url or self.db_path

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env") -> Settings:
        """Read ``.env`` (if present; real environment variables win) and the environment."""
        if env_file is not None and Path(env_file).is_file():
            load_dotenv(env_file, override=False)
        env = os.environ
        guild = env.get("VESUVIUS_DEV_GUILD", "").strip()
        if guild and not guild.isdigit():
            raise SettingsError(
                f"VESUVIUS_DEV_GUILD must be a server id (digits only), not {guild!r}."
            )
        level = env.get("VESUVIUS_LOG_LEVEL", "").strip().upper() or None
        if level is not None and level not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise SettingsError(
                f"VESUVIUS_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}."
            )
        try:
            dm_block = float(env.get("VESUVIUS_DM_RETRY_AFTER", cls.dm_block_seconds))
            max_sleep = float(env.get("VESUVIUS_SCHEDULER_MAX_SLEEP", cls.scheduler_max_sleep))
            pace = float(env.get("VESUVIUS_AI_PACE", cls.ai_pace))
            workers_text = env.get("VESUVIUS_AI_WORKERS", "").strip()
            workers = int(workers_text) if workers_text else None
            port = int(env.get("VESUVIUS_SANDBOX_PORT", "").strip() or cls.sandbox_port)
            lease = float(env.get("VESUVIUS_LEASE", "").strip() or cls.lease)
            global_limit = int(env.get("VESUVIUS_GLOBAL_LIMIT", "").strip() or cls.global_limit)
            shard_count, shard_ids = shards(
                env.get("VESUVIUS_SHARD_COUNT", "").strip(), env.get("VESUVIUS_SHARD_IDS", "")
            )
        except ValueError as e:
            raise SettingsError(f"A number setting is not a number: {e}.") from None
        if workers is not None and workers < 1:
            raise SettingsError("VESUVIUS_AI_WORKERS must be at least 1.")
        if global_limit < 1:
            raise SettingsError("VESUVIUS_GLOBAL_LIMIT must be at least 1 request a second.")
        if lease < 5:
            raise SettingsError("VESUVIUS_LEASE must be at least 5 seconds.")
        if not 0 <= port <= 65535:
            raise SettingsError(f"VESUVIUS_SANDBOX_PORT must be 0 to 65535, not {port}.")
        url = env.get("VESUVIUS_DATABASE_URL", "").strip()
        if url and not url.startswith(("postgresql://", "postgres://")):
            raise SettingsError(
                "VESUVIUS_DATABASE_URL must be a postgresql:// URL "
                "(postgresql://user:password@host/dbname); unset it to use the SQLite file."
            )
        mode = env.get("VESUVIUS_MODE", "").strip().lower() or "auto"
        if mode not in MODES:
            raise SettingsError(f"VESUVIUS_MODE must be auto, discord or sandbox, not {mode!r}.")
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip(),
            db_path=Path(env.get("VESUVIUS_DB", "").strip() or cls.db_path),
            database_url=url,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            sync_commands=env.get("VESUVIUS_SYNC_COMMANDS", "1").strip() not in ("0", "false"),
            dm_block_seconds=dm_block,
            scheduler_max_sleep=max_sleep,
            ai_workers=workers,
            ai_pace=pace,
            mode=mode,
            sandbox_port=port,
            shard_count=shard_count,
            shard_ids=shard_ids,
            lease=lease,
            global_limit=global_limit,
            sandbox_db=Path(env.get("VESUVIUS_SANDBOX_DB", "").strip() or cls.sandbox_db),
        )

    @property
    def rest_per_second(self) -> float:
        """Requests a second this process may send outside the interaction endpoints: its
        share (:meth:`rest_share`) of the bot's global limit, less a tenth for the clock's
        skew (Discord's default 50: 45 for one process)."""
        return self.global_limit * MARGIN * self.rest_share

    @property
    def rest_share(self) -> float:
        """This process's share of Discord's global rate limit: its shards of all (several
        processes run one bot on one token, and Discord counts their requests together)."""
        if self.shard_count is None or self.shard_ids is None:
            return 1.0
        return len(self.shard_ids) / self.shard_count

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the slash commands: one process does (the one running
        shard 0, or the only one), unless ``VESUVIUS_SYNC_COMMANDS=0``."""
        return self.sync_commands and (self.shard_ids is None or 0 in self.shard_ids)

    def run_mode(self, flag: str | None = None) -> Literal["discord", "sandbox"]:
        """Where to run: ``flag`` (``--sandbox`` / ``--discord``) over ``VESUVIUS_MODE``; ``auto``
        is the sandbox exactly when no token is set."""
        mode = flag or self.mode
        if mode == "discord":
            return "discord"
        if mode == "sandbox" or not self.token:
            return "sandbox"
        return "discord"

    def logging_level(self, mode: Literal["discord", "sandbox"]) -> str:
        """``VESUVIUS_LOG_LEVEL``, or by default INFO on Discord (an operator's log) and WARNING
        in the sandbox: a newcomer's terminal shows the page's address and nothing else
        unless something goes wrong."""
        if self.log_level is not None:
            return self.log_level
        return "INFO" if mode == "discord" else "WARNING"

    @property
    def sandbox_state(self) -> Path:
        """The sandbox's Discord, beside its games: ``data/sandbox.sqlite3`` ->
        ``data/sandbox.discord.sqlite3``."""
        return self.sandbox_db.with_name(f"{self.sandbox_db.stem}.discord{self.sandbox_db.suffix}")

    def check_token(self) -> None:
        """Raise :class:`SettingsError` unless the token looks like a bot token."""
        if not self.token:
            raise SettingsError(
                "DISCORD_TOKEN is not set: copy .env.example to .env and paste your bot's token "
                "from the Discord developer portal (Bot → Reset Token)."
            )
        if self.token.count(".") != 2 or " " in self.token:
            raise SettingsError(
                "DISCORD_TOKEN does not look like a bot token (three parts separated by dots): "
                "copy it again from the developer portal (Bot → Reset Token)."
            )


def shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    """``VESUVIUS_SHARD_COUNT`` and ``VESUVIUS_SHARD_IDS`` read and checked: ``(None, None)``
    unsharded, else the count and this process's shards (all of them by default)."""
    ids_text = ids_text.strip()
    if not count_text:
        if ids_text:
            raise SettingsError("VESUVIUS_SHARD_IDS needs VESUVIUS_SHARD_COUNT (the total).")
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise SettingsError(f"VESUVIUS_SHARD_COUNT must be a number of shards, not {count_text!r}.")
    count = int(count_text)
    if not ids_text:
        return count, tuple(range(count))
    ids: list[int] = []
    for part in ids_text.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.isdigit() or (dash and not last.isdigit()):
            raise SettingsError(
                f"VESUVIUS_SHARD_IDS must list shards like 0,1 or 0-3, not {ids_text!r}."
            )
        ids += range(int(first), int(last if dash else first) + 1)
    if not ids or any(i >= count for i in ids) or len(set(ids)) != len(ids):
        raise SettingsError(
            f"VESUVIUS_SHARD_IDS ({ids_text}) must name different shards below "
            f"VESUVIUS_SHARD_COUNT ({count})."
        )
    return count, tuple(sorted(ids))
