"""A pooled connection is checked locally before it is lent, whatever its descriptor's
number: a process serving a thousand websockets holds descriptors past 1024."""

import os
import resource
import socket
from dataclasses import dataclass
from typing import Any

import pytest

from casebook.db.liveness import _has_unread_input

HIGH_DESCRIPTOR = 1500


@dataclass
class _Transport:
    sock: socket.socket

    def get_extra_info(self, name: str) -> Any:
        return self.sock if name == "socket" else None


@dataclass
class _Connection:
    _transport: _Transport


def test_unread_input_is_seen_on_a_descriptor_past_1024() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft <= HIGH_DESCRIPTOR:
        if hard != resource.RLIM_INFINITY and hard <= HIGH_DESCRIPTOR:
            pytest.skip("this process may not open a descriptor that high")
        resource.setrlimit(resource.RLIMIT_NOFILE, (HIGH_DESCRIPTOR + 1, hard))
    ours, server = socket.socketpair()
    high = socket.socket(fileno=os.dup2(ours.fileno(), HIGH_DESCRIPTOR))
    try:
        connection = _Connection(_Transport(high))
        assert not _has_unread_input(connection)
        server.sendall(b"terminating")  # what a server going away sends first
        assert _has_unread_input(connection)
    finally:
        for opened in (high, ours, server):
            opened.close()
        if soft <= HIGH_DESCRIPTOR:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
