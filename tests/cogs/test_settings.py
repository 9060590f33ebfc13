"""Running the bot: settings from the environment / .env, where it runs (Discord with a token,
else the local sandbox), and one clear sentence when the token is missing or malformed or the
sandbox's port is taken (no traceback)."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path

import discord
import pytest

import bot
from cogs.settings import Settings, SettingsError

KEYS = (
    "DISCORD_TOKEN",
    "VESUVIUS_DB",
    "VESUVIUS_DATABASE_URL",
    "VESUVIUS_DEV_GUILD",
    "VESUVIUS_LOG_LEVEL",
    "VESUVIUS_MODE",
    "VESUVIUS_SANDBOX_PORT",
    "VESUVIUS_SANDBOX_DB",
    "VESUVIUS_SHARD_COUNT",
    "VESUVIUS_SHARD_IDS",
    "VESUVIUS_LEASE",
    "VESUVIUS_GLOBAL_LIMIT",
)


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """No setting from outside; and none left behind: reading a ``.env`` puts its values in
    ``os.environ`` (``load_dotenv``), where a bot started later by another test of the same
    process would find them (a development server id made the crash test's bots sync their
    commands to a server the loopback Discord does not know)."""
    before = {key: os.environ.get(key) for key in KEYS}
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)
    yield
    for key, value in before.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


def test_env_file_is_read(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=abc.def.ghi\nVESUVIUS_DB=games.sqlite3\nVESUVIUS_DEV_GUILD=123\n"
    )
    settings = Settings.from_env()
    assert settings.token == "abc.def.ghi"
    assert settings.db_path == Path("games.sqlite3") and settings.dev_guild_id == 123
    settings.check_token()


def test_a_postgresql_url_chooses_postgresql_and_sqlite_stays_the_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert Settings.from_env().database == Path("data/vesuvius.sqlite3")
    url = "postgresql://vesuvius:secret@db.example/vesuvius"
    monkeypatch.setenv("VESUVIUS_DATABASE_URL", url)
    assert Settings.from_env().database == url
    monkeypatch.setenv("VESUVIUS_DATABASE_URL", "mysql://nope")
    with pytest.raises(SettingsError, match="postgresql://"):
        Settings.from_env()


def test_shard_settings_choose_the_sharded_bot_and_unset_is_one_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plain = Settings.from_env()
    assert (plain.shard_count, plain.shard_ids, plain.syncs_commands) == (None, None, True)
    assert type(bot.create_bot(plain)) is bot.VesuviusBot
    monkeypatch.setenv("VESUVIUS_SHARD_COUNT", "4")
    assert Settings.from_env().shard_ids == (0, 1, 2, 3)  # all of them by default
    monkeypatch.setenv("VESUVIUS_SHARD_IDS", "3, 1-2")
    sharded = Settings.from_env()
    assert (sharded.shard_count, sharded.shard_ids) == (4, (1, 2, 3))
    assert not sharded.syncs_commands  # the process of shard 0 syncs the commands
    made = bot.create_bot(sharded)
    assert isinstance(made, discord.AutoShardedClient) and isinstance(made, bot.VesuviusBot)
    assert (made.shard_count, made.shard_ids) == (4, (1, 2, 3))
    for count, ids, words in (
        ("4", "4", "below VESUVIUS_SHARD_COUNT"),
        ("4", "1,1", "different shards"),
        ("4", "one", "like 0,1 or 0-3"),
        ("0", "", "a number of shards"),
        ("", "0", "needs VESUVIUS_SHARD_COUNT"),
    ):
        monkeypatch.setenv("VESUVIUS_SHARD_COUNT", count)
        monkeypatch.setenv("VESUVIUS_SHARD_IDS", ids)
        with pytest.raises(SettingsError, match=words):
            Settings.from_env()


def test_the_global_limit_is_discords_50_unless_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings.from_env().rest_per_second == 45.0  # Discord's 50, less a tenth
    monkeypatch.setenv("VESUVIUS_GLOBAL_LIMIT", "1000")
    assert Settings.from_env().rest_per_second == 900.0
    monkeypatch.setenv("VESUVIUS_SHARD_COUNT", "4")
    monkeypatch.setenv("VESUVIUS_SHARD_IDS", "0")
    assert Settings.from_env().rest_per_second == 225.0  # a quarter of the shards
    for bad, words in (("0", "at least 1"), ("lots", "not a number")):
        monkeypatch.setenv("VESUVIUS_GLOBAL_LIMIT", bad)
        with pytest.raises(SettingsError, match=words):
            Settings.from_env()


def test_bad_settings_say_what_is_wrong(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("VESUVIUS_DEV_GUILD=my-server\n")
    with pytest.raises(SettingsError, match="server id"):
        Settings.from_env()
    with pytest.raises(SettingsError, match="does not look like a bot token"):
        Settings(token="not a token").check_token()


def test_discord_mode_without_a_token_prints_one_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert bot.main(["--discord"]) == 2
    monkeypatch.setenv("VESUVIUS_MODE", "discord")
    assert bot.main([]) == 2
    for line in capsys.readouterr().err.strip().split("\n"):
        assert line.startswith("vesuvius: DISCORD_TOKEN is not set")


def test_without_a_token_it_runs_the_sandbox_and_with_one_discord(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert Settings.from_env().run_mode() == "sandbox"
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc.def.ghi\n")
    with_token = Settings.from_env()
    assert with_token.run_mode() == "discord"
    assert with_token.run_mode("sandbox") == "sandbox"  # bot.py --sandbox
    monkeypatch.setenv("VESUVIUS_MODE", "sandbox")
    assert Settings.from_env().run_mode() == "sandbox"
    assert Settings.from_env().run_mode("discord") == "discord"  # the flag wins

    ran: list[str] = []

    async def fake_run(settings: Settings) -> None:
        ran.append("discord")

    async def fake_sandbox(settings: Settings) -> None:
        ran.append("sandbox")

    monkeypatch.setattr(bot, "_run", fake_run)
    monkeypatch.setattr(bot, "_run_sandbox", fake_sandbox)
    monkeypatch.setattr(bot.discord.utils, "setup_logging", lambda **kwargs: None)
    assert bot.main([]) == 0 and bot.main(["--discord"]) == 0
    monkeypatch.delenv("VESUVIUS_MODE")
    assert bot.main([]) == 0 and bot.main(["--sandbox"]) == 0
    assert ran == ["sandbox", "discord", "discord", "sandbox"]


def test_the_log_level_is_info_on_discord_and_warning_in_the_sandbox(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    default = Settings.from_env()
    assert default.logging_level("discord") == "INFO"
    assert default.logging_level("sandbox") == "WARNING"  # the terminal shows the address only
    monkeypatch.setenv("VESUVIUS_LOG_LEVEL", "debug")
    chosen = Settings.from_env()
    assert chosen.logging_level("discord") == chosen.logging_level("sandbox") == "DEBUG"

    levels: list[int] = []

    async def nothing(settings: Settings) -> None:
        pass

    def setup_logging(*, level: int) -> None:
        levels.append(level)

    monkeypatch.setattr(bot, "_run", nothing)
    monkeypatch.setattr(bot, "_run_sandbox", nothing)
    monkeypatch.setattr(bot.discord.utils, "setup_logging", setup_logging)
    monkeypatch.delenv("VESUVIUS_LOG_LEVEL")
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc.def.ghi\n")
    assert bot.main([]) == 0 and bot.main(["--sandbox"]) == 0
    assert levels == [logging.INFO, logging.WARNING]


def test_sandbox_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    default = Settings.from_env()
    assert default.sandbox_port == 8765 and default.sandbox_db == Path("data/sandbox.sqlite3")
    assert default.sandbox_state == Path("data/sandbox.discord.sqlite3")
    assert default.db_path != default.sandbox_db  # never the real bot's games
    (tmp_path / ".env").write_text("VESUVIUS_SANDBOX_PORT=0\nVESUVIUS_SANDBOX_DB=x/play.db\n")
    chosen = Settings.from_env()
    assert chosen.sandbox_port == 0 and chosen.sandbox_state == Path("x/play.discord.db")
    for key, value, words in [
        ("VESUVIUS_MODE", "cloud", "auto, discord or sandbox"),
        ("VESUVIUS_SANDBOX_PORT", "70000", "0 to 65535"),
        ("VESUVIUS_SANDBOX_PORT", "http", "not a number"),
    ]:
        monkeypatch.setenv(key, value)
        with pytest.raises(SettingsError, match=words):
            Settings.from_env()
        monkeypatch.delenv(key)


def test_a_taken_sandbox_port_prints_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        monkeypatch.setenv("VESUVIUS_SANDBOX_PORT", str(port))
        monkeypatch.setattr(bot.discord.utils, "setup_logging", lambda **kwargs: None)
        assert bot.main(["--sandbox"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"vesuvius: the sandbox cannot listen on 127.0.0.1:{port}")
    assert "\n" not in err and "VESUVIUS_SANDBOX_PORT" in err


def test_main_with_a_refused_token_prints_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import discord

    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc.def.ghi\n")

    async def refused(settings: Settings) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(bot, "_run", refused)
    monkeypatch.setattr(bot.discord.utils, "setup_logging", lambda **kwargs: None)
    assert bot.main([]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("vesuvius: Discord refused the token") and "\n" not in err
