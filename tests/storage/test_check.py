"""``python -m storage.check DBFILE``: every stored game replays to exactly its snapshot."""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from host import FakeClock, TableOptions
from storage import codec
from storage.check import check_database
from tests.host.helpers import open_host, random_move, started_game
from tests.toy import games

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def played_db(tmp_path: Path) -> Path:
    """Three downfall games with some moves, one finished toy game, one lobby."""
    path = tmp_path / "played.db"
    h = await open_host(path, FakeClock())
    try:
        rng = random.Random(11)
        for channel in range(3):
            game = (await started_game(h, channel=channel, players=3, kind="downfall")).game_id
            for _ in range(25):
                await random_move(h, game, rng)
        toy = (await started_game(h, channel=9, variants={"max_turns": 6})).game_id
        while await random_move(h, toy, rng) is not None:
            pass
        await h.tables.create_game(1, 10, 101, TableOptions(kind="downfall"))
    finally:
        await h.close()
    return path


def run_check(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "storage.check", str(path), "--plugins", "tests.toy"],
        check=False,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_every_game_of_a_healthy_database_replays_to_its_snapshot(played_db: Path) -> None:
    report = check_database(played_db, games)
    assert report.ok, report.problems
    assert report.games_checked == 4 and report.moves_replayed >= 75
    done = run_check(played_db)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "4 games" in done.stdout and "OK" in done.stdout


def _tamper(path: Path, sql: str, *params: object) -> None:
    conn = sqlite3.connect(path)
    conn.execute("DROP TRIGGER IF EXISTS events_append_only_update")
    conn.execute(sql, params)
    conn.commit()
    conn.close()


def test_a_snapshot_that_differs_from_its_log_is_reported(played_db: Path) -> None:
    conn = sqlite3.connect(played_db)
    state = codec.decode_state(
        "downfall", conn.execute("SELECT state FROM snapshots WHERE game_id = 2").fetchone()[0]
    )
    conn.close()
    state["version"] = state["version"] + 1
    _tamper(
        played_db,
        "UPDATE snapshots SET state = ? WHERE game_id = 2",
        codec.encode_state("downfall", state),
    )
    done = run_check(played_db)
    assert done.returncode == 1
    assert "game 2 (downfall): the replayed state differs from the stored snapshot" in done.stdout
    assert "game 1 " not in done.stdout


def test_a_snapshot_from_before_its_state_kept_a_key_checks_out_as_older(
    played_db: Path,
) -> None:
    """A snapshot written before the code kept some key of a state (the worker game's news):
    every key it has agrees with the replay, so it checks out, said as such. A key it has that
    disagrees is still a mismatch."""
    conn = sqlite3.connect(played_db)
    state = codec.decode_state(
        "downfall", conn.execute("SELECT state FROM snapshots WHERE game_id = 2").fetchone()[0]
    )
    conn.close()
    dropped = sorted(state)[-1]
    del state[dropped]
    _tamper(
        played_db,
        "UPDATE snapshots SET state = ? WHERE game_id = 2",
        codec.encode_state("downfall", state),
    )
    done = run_check(played_db)
    assert done.returncode == 0, done.stdout
    assert f"game 2 (downfall): snapshot without {dropped}" in done.stdout
    assert "earlier version" in done.stdout
    state["version"] = state["version"] + 1
    _tamper(
        played_db,
        "UPDATE snapshots SET state = ? WHERE game_id = 2",
        codec.encode_state("downfall", state),
    )
    done = run_check(played_db)
    assert done.returncode == 1 and "differs from the stored snapshot (in" in done.stdout


def test_a_log_whose_events_were_altered_is_reported(played_db: Path) -> None:
    _tamper(played_db, "UPDATE events SET events = ? WHERE game_id = 1 AND seq = 3", b"[]")
    done = run_check(played_db)
    assert done.returncode == 1
    assert "game 1 (downfall): move 3" in done.stdout and "different events" in done.stdout


def test_a_file_that_is_not_a_game_database_is_an_error(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"not a database at all" * 100)
    done = run_check(junk)
    assert done.returncode == 2 and "not a readable game database" in done.stderr
    assert run_check(tmp_path / "missing.db").returncode == 2


def test_a_damaged_schema_is_reported_as_unreadable_not_as_a_mismatch(
    played_db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from storage.check import main

    data = played_db.read_bytes()
    at = data.find(b"CREATE TABLE outbox")
    played_db.write_bytes(data[: at + 13] + b"\xff\xfe\xfd\xfc\xfb\xfa" + data[at + 19 :])
    assert main([str(played_db)]) == 2
    err = capsys.readouterr().err
    assert str(played_db) in err and "not a readable game database" in err
    assert "storage.backup" in err


def test_a_database_newer_than_the_code_is_refused_not_called_ok(played_db: Path) -> None:
    conn = sqlite3.connect(played_db)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    done = run_check(played_db)
    assert done.returncode == 2 and "OK" not in done.stdout
    assert "newer than this code" in done.stderr


@pytest.mark.parametrize(
    "failure",
    ["unable to open database file", "attempt to write a readonly database", "disk I/O error"],
)
def test_an_intact_database_that_cannot_be_read_here_is_not_called_damaged(
    played_db: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    failure: str,
) -> None:
    """On a read-only mount or a full disk the file may be intact: restoring a backup over it
    would lose the games played since. The check says so, and advises no restore."""
    import storage.check

    def refuse(*args: object, **kwargs: object) -> sqlite3.Connection:
        raise sqlite3.OperationalError(failure)

    monkeypatch.setattr(sqlite3, "connect", refuse)
    assert storage.check.main([str(played_db), "--plugins", "tests.toy"]) == 2
    err = capsys.readouterr().err
    assert "cannot be opened or read here" in err and failure in err
    assert "Do not restore" in err and "damaged" not in err
