"""``casebook serve --workers N``: N API processes, each listening on the port itself.

uvicorn's own worker processes share one listening socket, and whichever is awake
first accepts: under 20 keep-alive clients connecting together, one process held 19
of their connections and the other 1 (``ss -tnp`` during ``benchmarks/load_bench.py``),
so half the processes did the work of all. Here each process binds the port with a
socket of its own (``SO_REUSEPORT``), and the kernel spreads new connections across
those sockets.

The parent listens on nothing. It first checks that the port is free - so a second
server started on the same port is refused as uvicorn would refuse it, rather than
silently sharing it - then starts the processes, restarts one that dies
(``casebook.supervision``: with backoff, giving up when one keeps failing), and stops
them all on SIGINT or SIGTERM.
"""

import os
import signal
import socket
import sys

from casebook.supervision import ChildProcess, Supervisor

# What uvicorn's own listening socket is given.
LISTEN_BACKLOG = 2048
# The command-line flag that makes ``casebook serve`` one of these processes.
OWN_SOCKET_FLAG = "--own-socket"


def _family(host: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in host else socket.AF_INET


def port_in_use(host: str, port: int) -> OSError | None:
    """Why the port cannot be listened on, or None: bound without ``SO_REUSEPORT``, so a
    server already on it - ours or anyone's - makes the bind fail."""
    with socket.socket(_family(host), socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            return error
    return None


def own_listening_socket(host: str, port: int) -> socket.socket:
    """A listening socket on the port that other processes of the server share with it."""
    sock = socket.socket(_family(host), socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(LISTEN_BACKLOG)
    return sock


def serve_processes(host: str, port: int, workers: int) -> int:
    """Run ``workers`` API processes on the port until SIGINT or SIGTERM; 1 when one kept
    failing (its restarts given up), 2 when the port was taken."""
    taken = port_in_use(host, port)
    if taken is not None:
        print(f"casebook serve: cannot listen on {host}:{port}: {taken.strerror}", flush=True)
        return 2
    argv = [
        *(sys.executable, "-m", "casebook.cli", "serve"),
        *("--host", host, "--port", str(port), OWN_SOCKET_FLAG),
    ]
    env = dict(os.environ)  # the database, Redis and metrics directory the parent settled
    parts = [ChildProcess(f"API process {n}", argv, env) for n in range(1, workers + 1)]
    supervisor = Supervisor(parts, speaker="casebook serve")
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, lambda *_: supervisor.stopping.set())
    return supervisor.run()
