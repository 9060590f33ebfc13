"""Running the bot: settings from the environment / .env, and one clear sentence when the token
is missing or malformed (no traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest

import bot
from cogs.settings import Settings, SettingsError

KEYS = ("DISCORD_TOKEN", "VESUVIUS_DB", "VESUVIUS_DEV_GUILD", "VESUVIUS_LOG_LEVEL")


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for key in KEYS:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)


def test_env_file_is_read(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text(
        "DISCORD_TOKEN=abc.def.ghi\nVESUVIUS_DB=games.sqlite3\nVESUVIUS_DEV_GUILD=123\n"
    )
    settings = Settings.from_env()
    assert settings.token == "abc.def.ghi"
    assert settings.db_path == Path("games.sqlite3") and settings.dev_guild_id == 123
    settings.check_token()


def test_bad_settings_say_what_is_wrong(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("VESUVIUS_DEV_GUILD=my-server\n")
    with pytest.raises(SettingsError, match="server id"):
        Settings.from_env()
    with pytest.raises(SettingsError, match="does not look like a bot token"):
        Settings(token="not a token").check_token()


def test_main_without_a_token_prints_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert bot.main() == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("vesuvius: DISCORD_TOKEN is not set") and "\n" not in err
    assert "Traceback" not in err


def test_main_with_a_refused_token_prints_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import discord

    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc.def.ghi\n")

    async def refused(settings: Settings) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(bot, "_run", refused)
    monkeypatch.setattr(bot.discord.utils, "setup_logging", lambda **kwargs: None)
    assert bot.main() == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("vesuvius: Discord refused the token") and "\n" not in err
