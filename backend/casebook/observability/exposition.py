"""Serving ``/metrics``: one process, several (``serve --workers N``), or the worker's listener.

With several API processes, prometheus-client's multiprocess mode keeps each
process's figures in files under ``PROMETHEUS_MULTIPROC_DIR`` and any process
answering a scrape adds them up. The variable must be set before
prometheus-client is first imported, which ``casebook serve`` does for its
worker processes (``prepare_multiprocess``).
"""

import asyncio
import contextlib
import hmac
import os
import shutil
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
_REQUEST_HEAD_LIMIT = 16 * 1024
_READ_TIMEOUT_SECONDS = 5.0


def prepare_multiprocess() -> str:
    """A fresh directory for the figures of the API processes about to start."""
    directory = Path(tempfile.mkdtemp(prefix="casebook-metrics-"))
    os.environ[MULTIPROC_ENV] = str(directory)
    return str(directory)


def remove_multiprocess_dir(directory: str) -> None:
    shutil.rmtree(directory, ignore_errors=True)


def multiprocess() -> bool:
    return bool(os.environ.get(MULTIPROC_ENV))


def process_exiting() -> None:
    """Drop this process's live gauges (open websockets) from the sums."""
    if multiprocess():
        from prometheus_client import multiprocess as mp

        mp.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


def render() -> bytes:
    """The text exposition of every metric: this process's, or all processes' in
    multiprocess mode."""
    from prometheus_client import REGISTRY, CollectorRegistry, generate_latest

    if not multiprocess():
        return generate_latest(REGISTRY)
    from prometheus_client import multiprocess as mp

    registry = CollectorRegistry()
    mp.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return generate_latest(registry)


def authorized(authorization: str | None, token: str) -> bool:
    """With a token configured, the scrape must send ``Authorization: Bearer <token>``."""
    if not token:
        return True
    presented = (authorization or "").removeprefix("Bearer ").removeprefix("bearer ").strip()
    return hmac.compare_digest(presented.encode(), token.encode())


Sampler = Callable[[], Awaitable[None]]


async def serve_metrics(
    host: str, port: int, *, token: str, before_render: Sampler
) -> asyncio.Server:
    """A small HTTP listener answering ``GET /metrics`` (the worker has no web server)."""

    async def respond(writer: asyncio.StreamWriter, status: str, body: bytes, kind: str) -> None:
        head = (
            f"HTTP/1.1 {status}\r\nContent-Type: {kind}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        )
        writer.write(head.encode("latin-1") + body)
        await writer.drain()

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), _READ_TIMEOUT_SECONDS)
            request_line, *lines = head.decode("latin-1").split("\r\n")
            method, target, *_ = request_line.split(" ")
            headers = {
                name.strip().lower(): value.strip()
                for name, _, value in (line.partition(":") for line in lines if line)
            }
            path = target.split("?", 1)[0]
            if path != "/metrics":
                await respond(writer, "404 Not Found", b"not found\n", "text/plain")
            elif method != "GET":
                await respond(writer, "405 Method Not Allowed", b"GET only\n", "text/plain")
            elif not authorized(headers.get("authorization"), token):
                await respond(writer, "401 Unauthorized", b"send the metrics token\n", "text/plain")
            else:
                await before_render()
                await respond(writer, "200 OK", render(), CONTENT_TYPE)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError, ValueError):
            pass  # a client that sent no proper request gets no answer
        except ConnectionError:
            pass
        finally:
            writer.close()
            with contextlib.suppress(ConnectionError):
                await writer.wait_closed()

    return await asyncio.start_server(handle, host, port, limit=_REQUEST_HEAD_LIMIT)
