"""Starting the bot on a database it cannot use: one sentence naming the file, what is wrong and
what to do, and a non-zero exit, never a traceback (and nothing is reached on the network)."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

import bot
import storage.db
from storage.db import Database

TOKEN = "aaaa.bbbb.cccc"


def start(monkeypatch: pytest.MonkeyPatch, path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    monkeypatch.setenv("VESUVIUS_DB", str(path))

    async def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("the bot must not connect with a database it cannot use")

    monkeypatch.setattr(bot.VesuviusBot, "start", no_network)
    assert bot.main() == 1
    err = capsys.readouterr().err
    assert err.startswith("vesuvius: ") and "Traceback" not in err
    assert str(path) in err
    return err


def made(path: Path) -> Path:
    async def create() -> None:
        db = await Database.open(path)
        await db.close()

    asyncio.run(create())
    return path


def test_a_file_that_is_not_a_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"this is a spreadsheet, not a database" * 100)
    err = start(monkeypatch, path, capsys)
    assert "damaged or is not a Vesuvius game database" in err
    assert "python -m storage.backup" in err


def test_a_damaged_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = made(tmp_path / "games.sqlite3")
    data = path.read_bytes()
    at = data.find(b"CREATE TABLE outbox")
    path.write_bytes(data[: at + 13] + b"\xff\xfe\xfd\xfc\xfb\xfa" + data[at + 19 :])
    err = start(monkeypatch, path, capsys)
    assert "damaged" in err and "restore" in err


def test_an_empty_file_is_refused_unless_it_is_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"")
    err = start(monkeypatch, path, capsys)
    assert "empty file (0 bytes)" in err and "delete it" in err
    assert path.stat().st_size == 0  # left as it was
    made(tmp_path / "new.sqlite3")  # a file that does not exist yet is created


@pytest.mark.parametrize(
    ("failure", "said"),
    [
        ("attempt to write a readonly database", "fix their permissions"),
        ("database or disk is full", "disk is full"),
        ("disk I/O error", "free some space"),
    ],
)
def test_a_read_only_or_full_disk(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    failure: str,
    said: str,
) -> None:
    path = made(tmp_path / "games.sqlite3")

    def refuse(conn: sqlite3.Connection) -> int:
        raise sqlite3.OperationalError(failure)

    monkeypatch.setattr(storage.db, "migrate", refuse)
    err = start(monkeypatch, path, capsys)
    assert said in err and failure in err


def test_a_folder_for_the_database_is_one_sentence_and_nothing_else(tmp_path: Path) -> None:
    """`VESUVIUS_DB` naming a folder printed the sentence, then a traceback from aiosqlite's
    thread as the process ended."""
    import os
    import subprocess
    import sys

    folder = tmp_path / "games"
    folder.mkdir()
    env = dict(os.environ, DISCORD_TOKEN=TOKEN, VESUVIUS_DB=str(folder), VESUVIUS_MODE="discord")
    done = subprocess.run(
        [sys.executable, str(Path(bot.__file__)), "--discord"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("vesuvius: ") and str(folder) in lines[0], (
        done.stderr
    )
    assert "Traceback" not in done.stderr and "folder" in lines[0]


def test_a_file_it_cannot_open_where_it_is_gets_the_words_of_storage_check(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """On a read-only mount SQLite opens the file, then cannot open its -shm beside it: "unable
    to open database file". The bot said "check that its folder exists and the path is a file"
    (both were fine); it now says what ``python -m storage.check`` says (issue 44, item 22)."""
    import storage.check

    path = made(tmp_path / "games.sqlite3")
    failure = "unable to open database file"

    def refuse(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError(failure)

    with monkeypatch.context() as patched:
        patched.setattr(sqlite3, "connect", refuse)
        assert storage.check.main([str(path)]) == 2
    checked = capsys.readouterr().err.strip()

    def cannot(conn: sqlite3.Connection) -> None:
        raise sqlite3.OperationalError(failure)

    monkeypatch.setattr(storage.db, "configure", cannot)
    err = start(monkeypatch, path, capsys)
    assert err.strip() == f"vesuvius: {checked}"
    assert "read-only mount" in err and "folder exists" not in err


def test_a_database_on_a_read_only_mount(tmp_path: Path) -> None:
    """The same on a real read-only bind mount (where this process may make one)."""
    import os
    import shutil
    import subprocess
    import sys

    unshare = shutil.which("unshare")
    if unshare is None or os.geteuid() != 0:
        pytest.skip("needs root and unshare to make a read-only mount")
    source, mount = tmp_path / "rw", tmp_path / "ro"
    source.mkdir()
    mount.mkdir()
    made(source / "games.sqlite3")
    path = mount / "games.sqlite3"
    script = (
        f"mount --bind -o ro {source} {mount} || exit 99; "
        f"{sys.executable} {Path(bot.__file__)} --discord; "
        f"echo; {sys.executable} -m storage.check {path}"
    )
    env = dict(os.environ, DISCORD_TOKEN=TOKEN, VESUVIUS_DB=str(path), VESUVIUS_MODE="discord")
    done = subprocess.run(
        [unshare, "-m", "sh", "-c", script],
        env=env,
        cwd=Path(bot.__file__).parent,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if done.returncode == 99:
        pytest.skip(f"no read-only mount here: {done.stderr.strip()}")
    said, checked = done.stderr.strip().split("\n", 1)
    assert said == f"vesuvius: {checked.strip()}", done.stderr
    assert "read-only mount" in said and "folder exists" not in said
