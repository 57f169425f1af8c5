"""The server's commands: serve, worker, migrate, create-admin, dev. The ``casebook`` command
is the client package's (``casebook_client.cli.main``, with ``casebook eval``): it calls
``main`` for each command this package registers under the ``casebook.commands`` entry-point
group (backend/pyproject.toml); ``python -m casebook.cli`` runs them without it."""

import argparse
import asyncio
import contextlib
import os
import secrets
import signal
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from casebook.api_processes import OWN_SOCKET_FLAG, own_listening_socket, serve_processes
from casebook.config import SECRET_KEY_MIN_LENGTH, Settings, get_settings
from casebook.db.migrate import DatabaseNotMigrated
from casebook.demo.sample_agent import SampleAgentMissing

if TYPE_CHECKING:
    from sqlalchemy.ext.asyncio import AsyncEngine

    from casebook.demo.seeding import Seeded
    from casebook.devservices import EmbeddedServices


def _settings_with_services(
    args: argparse.Namespace,
) -> "tuple[Settings, EmbeddedServices | None]":
    """Settings whose URLs point at real servers: the configured ones, else embedded ones."""
    settings = get_settings()
    if settings.database_url and settings.redis_url:
        return settings, None
    from casebook.devservices import EmbeddedServices

    services = EmbeddedServices(Path(settings.data_dir) / "services")
    urls = services.start()
    os.environ.setdefault("DATABASE_URL", urls.database_url)
    os.environ.setdefault("REDIS_URL", urls.redis_url)
    get_settings.cache_clear()
    print(f"embedded PostgreSQL and Redis running under {services.data_dir}", flush=True)
    return get_settings(), services


SECRET_KEY_FILE = "secret_key"


class UnusableSecretKey(Exception):
    def __init__(self) -> None:
        super().__init__(
            "SECRET_KEY is the public default or shorter than "
            f"{SECRET_KEY_MIN_LENGTH} characters: anyone could forge CSRF tokens and decrypt "
            "provider keys with it. Set SECRET_KEY to a long random string, e.g. "
            "`python -c 'import secrets; print(secrets.token_urlsafe(48))'` "
            "(`casebook dev` makes and keeps one for a local trial)."
        )


def _refuse_unusable_secret_key(settings: Settings) -> None:
    if not settings.secret_key_is_usable:
        raise UnusableSecretKey()


def _dev_secret_key(settings: Settings) -> Settings:
    """A trial's own secret key: the one set, else one made once and kept under the data
    folder (readable by its owner only), so provider keys stay readable across restarts."""
    if settings.secret_key_is_usable:
        return settings
    path = Path(settings.data_dir) / SECRET_KEY_FILE
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_urlsafe(48))
    key = path.read_text().strip()
    os.environ["SECRET_KEY"] = key  # the API and the worker it starts read it
    return settings.model_copy(update={"secret_key": key})


T = TypeVar("T")


def _on_the_database(settings: Settings, work: "Callable[[AsyncEngine], Awaitable[T]]") -> T:
    """``work`` done with an engine of one connection, disposed of afterwards."""
    from casebook.db.engine import create_engine

    async def run() -> T:
        engine = create_engine(settings.database_url, pool_size=1)
        try:
            return await work(engine)
        finally:
            await engine.dispose()

    return asyncio.run(run())


def cmd_migrate(settings: Settings) -> None:
    from casebook.db.migrate import upgrade

    _on_the_database(settings, upgrade)
    print("database migrated", flush=True)


def _refuse_unmigrated(settings: Settings) -> None:
    """DatabaseNotMigrated unless the database is at this release's migration."""
    from casebook.db.migrate import ensure_migrated

    _on_the_database(settings, ensure_migrated)


def cmd_create_admin(
    settings: Settings, email: str, name: str, organization: str, password: str | None
) -> None:
    from casebook.db.engine import create_sessionmaker
    from casebook.db.migrate import ensure_migrated
    from casebook.services.identity.members import create_organization_with_owner

    chosen = password or secrets.token_urlsafe(12)

    async def create(engine: "AsyncEngine") -> None:
        await ensure_migrated(engine)
        await create_organization_with_owner(
            create_sessionmaker(engine),
            organization_name=organization,
            email=email,
            name=name,
            password=chosen,
        )

    _on_the_database(settings, create)
    print(f"created organization {organization!r} with Owner {email}", flush=True)
    if password is None:
        print(f"password (shown once): {chosen}", flush=True)


def cmd_seed_demo(
    settings: Settings, email: str | None = None, password: str | None = None
) -> None:
    from casebook.db.engine import create_sessionmaker
    from casebook.db.migrate import ensure_migrated
    from casebook.demo.seeding import seed_demo_if_empty

    async def seed(engine: "AsyncEngine") -> "Seeded | None":
        await ensure_migrated(engine)  # an unmigrated database is refused, not a traceback
        return await seed_demo_if_empty(
            create_sessionmaker(engine), settings, email=email, password=password
        )

    created = _on_the_database(settings, seed)
    if created is not None:
        print("", flush=True)
        print(
            f"  Demo organization created in {created.seconds:.1f} s: its sample agent's two "
            "versions evaluated and compared. Sign in with (shown once):",
            flush=True,
        )
        print(f"    e-mail:   {created.credentials.email}", flush=True)
        print(f"    password: {created.credentials.password}", flush=True)
        print("", flush=True)


def cmd_serve(
    settings: Settings, host: str, port: int, workers: int, own_socket: bool = False
) -> int:
    """One API process, or ``workers`` of them sharing the port (one per core is the
    rule of thumb; ``casebook.api_processes``); their metrics add up at /metrics
    whichever answers the scrape. ``own_socket``: this is one of those processes."""
    import uvicorn

    _refuse_unusable_secret_key(settings)
    from casebook.app import create_app
    from casebook.logging import configure_logging
    from casebook.observability import exposition

    configure_logging(settings.log_level, json=settings.log_json)
    # No permessage-deflate: live updates are small JSON frames sent to many sockets, and
    # compressing each one for each socket cost more than sending it (benchmarks/live_bench).
    served = {
        "host": host,
        "port": port,
        "log_config": None,
        "ws": "websockets-sansio",
        "ws_per_message_deflate": False,
    }
    if own_socket:
        server = uvicorn.Server(uvicorn.Config(create_app(settings, serving=True), **served))  # type: ignore[arg-type]
        server.run(sockets=[own_listening_socket(host, port)])
        return 0
    if workers <= 1:
        uvicorn.run(create_app(settings, serving=True), **served)  # type: ignore[arg-type]
        return 0
    # Refused here, once, as one process refuses it, rather than by each process in turn
    # as the parent restarts them.
    _refuse_unmigrated(settings)
    metrics_dir = exposition.prepare_multiprocess()  # inherited by the processes below
    try:
        return serve_processes(host, port, workers)
    finally:
        exposition.remove_multiprocess_dir(metrics_dir)


def cmd_worker(settings: Settings) -> None:
    from casebook.jobs.worker import create_worker
    from casebook.logging import configure_logging

    _refuse_unusable_secret_key(settings)
    configure_logging(settings.log_level, json=settings.log_json)
    create_worker(serving=True).run()


def cmd_dev(
    settings: Settings,
    embedded: "EmbeddedServices | None",
    host: str,
    port: int,
    console_dir: str | None,
    console_port: int,
    admin_email: str | None,
    admin_password: str | None,
) -> int:
    """Everything for a local trial: migrate, seed, then supervise API, worker and console.

    The API runs as a child like the others, so this process stays in charge of
    stopping all of them — and the embedded servers — on SIGINT or SIGTERM. A
    part that crashes is restarted with backoff (``casebook.supervision``).
    """
    from casebook.supervision import ChildProcess, Part, Service, Supervisor

    cmd_migrate(settings)
    cmd_seed_demo(settings, admin_email, admin_password)
    env = {**os.environ, "DATABASE_URL": settings.database_url, "REDIS_URL": settings.redis_url}
    cli = [sys.executable, "-m", "casebook.cli"]
    parts: list[Part] = []
    if embedded is not None:
        # Restarted here when they die; stopped by ``main`` once everything using them is.
        parts += [
            Service("embedded PostgreSQL", embedded.start_postgres, embedded.postgres_running),
            Service("embedded Redis", embedded.start_redis, embedded.redis_running),
        ]
    parts += [
        ChildProcess("API", [*cli, "serve", "--host", host, "--port", str(port)], env),
        ChildProcess("worker", [*cli, "worker"], env),
    ]
    from casebook.demo.seeding import key_path

    if key_path(settings).exists():
        # The demo's sample agent answers its runs while the demo is up.
        api_url = f"http://{host}:{port}"
        parts.append(ChildProcess("sample agent", [*cli, "sample-agent", "--url", api_url], env))
    print(f"API: http://{host}:{port}/graphql", flush=True)
    if console_dir and Path(console_dir, "index.html").exists():
        console = [console_dir, f"http://{host}:{port}", str(console_port), host]
        parts.append(
            ChildProcess(
                "console", [sys.executable, "-m", "casebook.console_server", *console], env
            )
        )
        print(f"console: http://{host}:{console_port}", flush=True)
    supervisor = Supervisor(parts)
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: supervisor.stopping.set())
    return supervisor.run()


def cmd_sample_agent(settings: Settings, url: str) -> int:
    """The demo's sample agent answering its eval runs (``casebook.demo.answering``)."""
    from casebook.demo.answering import AnsweringKey, answer_forever
    from casebook.demo.seeding import key_path
    from casebook.logging import configure_logging

    configure_logging(settings.log_level, json=settings.log_json)
    key = AnsweringKey.read(key_path(settings))
    if key is None:
        print(f"casebook: no demo to answer for ({key_path(settings)} is missing)", file=sys.stderr)
        return 2
    with contextlib.suppress(KeyboardInterrupt):  # SIGINT: `casebook dev` stopping
        asyncio.run(answer_forever(url, key))
    return 0


def main(argv: list[str] | None = None) -> None:
    """One of the server's commands; ``argv`` starts with its name (``["serve", …]``)."""
    parser = argparse.ArgumentParser(prog="casebook")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="serve the API")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--workers", type=int, default=1, help="API processes sharing the port (default 1)"
    )
    # How ``--workers N`` starts each of its processes (casebook.api_processes).
    serve.add_argument(OWN_SOCKET_FLAG, action="store_true", help=argparse.SUPPRESS)
    sub.add_parser("worker", help="run a background worker")
    sub.add_parser("migrate", help="apply database migrations")
    seed = sub.add_parser("seed-demo", help="create the demo organization on an empty database")
    seed.add_argument("--admin-email", help="seed this Owner instead of a generated demo admin")
    seed.add_argument("--admin-password")
    answering = sub.add_parser("sample-agent", help=argparse.SUPPRESS)
    answering.add_argument("--url", required=True)
    admin = sub.add_parser("create-admin", help="create an organization and its first Owner")
    admin.add_argument("--email", required=True)
    admin.add_argument("--name", default="Administrator")
    admin.add_argument("--organization", default="My organization")
    admin.add_argument("--password", help="omit to generate one (printed once)")
    dev = sub.add_parser("dev", help="migrate, seed, and run API, worker and console together")
    dev.add_argument("--host", default="127.0.0.1")
    dev.add_argument("--port", type=int, default=8000)
    dev.add_argument("--console-dir", default=None)
    dev.add_argument("--console-port", type=int, default=5173)
    dev.add_argument("--admin-email", help="seed this Owner instead of a generated demo admin")
    dev.add_argument("--admin-password")
    args = parser.parse_args(argv)
    settings, embedded = _settings_with_services(args)
    exit_code = 0
    try:
        match args.command:
            case "serve":
                exit_code = cmd_serve(settings, args.host, args.port, args.workers, args.own_socket)
            case "worker":
                cmd_worker(settings)
            case "migrate":
                cmd_migrate(settings)
            case "seed-demo":
                cmd_seed_demo(settings, args.admin_email, args.admin_password)
            case "sample-agent":
                exit_code = cmd_sample_agent(settings, args.url)
            case "create-admin":
                cmd_create_admin(settings, args.email, args.name, args.organization, args.password)
            case "dev":
                exit_code = cmd_dev(
                    _dev_secret_key(settings),
                    embedded,
                    args.host,
                    args.port,
                    args.console_dir,
                    args.console_port,
                    args.admin_email,
                    args.admin_password,
                )
    except (DatabaseNotMigrated, UnusableSecretKey, SampleAgentMissing) as error:
        print(f"casebook: {error}", file=sys.stderr)
        exit_code = 2
    finally:
        if embedded is not None:
            embedded.stop()
    sys.exit(exit_code)


if __name__ == "__main__":
    main()
