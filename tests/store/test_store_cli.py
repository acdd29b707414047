"""``python -m server.store backup PATH`` / ``migrate`` (server/store/__main__.py)."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys

from server.store import hash_secret
from server.store.sql import SqlStore

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(*args, **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "server.store", *args], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, **env), timeout=60)


async def test_a_backup_is_a_copy_of_the_database_taken_while_it_is_open(tmp_path):
    store = SqlStore(f"sqlite+aiosqlite:///{tmp_path}/data/berserk.sqlite3")
    await store.start()
    try:
        ann = await store.create_player("Ann", hash_secret("a"))
        out = run("--data-dir", str(tmp_path / "data"), "backup", str(tmp_path / "b" / "copy.sqlite3"))
        assert out.returncode == 0, out.stderr
    finally:
        await store.close()
    copy = sqlite3.connect(tmp_path / "b" / "copy.sqlite3")
    assert copy.execute("SELECT name FROM players WHERE id = ?", (ann["id"],)).fetchone() == ("Ann",)
    assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)


def test_a_backup_never_overwrites_a_file(tmp_path):
    (tmp_path / "data").mkdir()
    sqlite3.connect(tmp_path / "data" / "berserk.sqlite3").close()
    (tmp_path / "old").write_text("keep")
    out = run("--data-dir", str(tmp_path / "data"), "backup", str(tmp_path / "old"))
    assert out.returncode == 1 and "exists" in out.stderr
    assert (tmp_path / "old").read_text() == "keep"


def test_a_backup_without_a_database_fails_with_a_sentence(tmp_path):
    out = run("--data-dir", str(tmp_path / "none"), "backup", str(tmp_path / "copy"))
    assert out.returncode == 1 and "no database" in out.stderr


def test_the_backup_of_a_postgresql_store_points_to_pg_dump(tmp_path):
    out = run("backup", str(tmp_path / "copy"), DATABASE_URL="postgresql://u@db/x")
    assert out.returncode == 2 and "pg_dump" in out.stderr


def test_migrate_brings_a_new_data_dir_to_the_newest_revision(tmp_path):
    out = run("migrate", BERSERK_DATA_DIR=str(tmp_path / "d"))
    assert out.returncode == 0 and "0004" in out.stdout
    assert (tmp_path / "d" / "berserk.sqlite3").is_file()


async def test_pg_dump_and_pg_restore_as_documented_carry_a_postgresql_store_over(postgres, tmp_path):
    """docs/operations.md "Backups": pg_dump --format=custom, then pg_restore --no-owner into an empty database."""
    src_url = postgres.fresh_database("dumpsrc")
    src = SqlStore(src_url)
    await src.start()
    ann = await src.create_player("Ann", hash_secret("a"))
    await src.close()
    plain = lambda url: url.replace("postgresql+asyncpg://", "postgresql://")
    dump = tmp_path / "berserk.dump"
    out = subprocess.run([postgres.bin("pg_dump"), "--format=custom", f"--file={dump}", plain(src_url)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    dst_url = postgres.fresh_database("dumpdst")
    out = subprocess.run([postgres.bin("pg_restore"), "--no-owner", f"--dbname={plain(dst_url)}", str(dump)],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    dst = SqlStore(dst_url)
    await dst.start()
    try:
        found = await dst.verify_player(ann["id"], "a")
        assert found.pop("session") and found == ann and await dst.revision() == "0004"
    finally:
        await dst.close()
