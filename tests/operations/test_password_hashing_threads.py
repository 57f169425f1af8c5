"""argon2 runs beside the event loop, never on it: a sign-in's hashing does not stall
every other request the process serves."""

import threading
from typing import Any

import pytest

from casebook.services.identity import secrets


class _RecordingHasher:
    """Hashes with the test profile's hasher and notes the thread each call ran on."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.threads: list[int] = []

    def hash(self, password: str) -> str:
        self.threads.append(threading.get_ident())
        return str(self.inner.hash(password))

    def verify(self, password_hash: str, password: str) -> bool:
        self.threads.append(threading.get_ident())
        return bool(self.inner.verify(password_hash, password))


async def test_hashing_and_verifying_run_off_the_event_loop(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    recorder = _RecordingHasher(secrets._hasher)
    monkeypatch.setattr(secrets, "_hasher", recorder)
    # The timing equaliser is hashed once per process, on first need: made here, so the
    # count below does not hang on whether an earlier test in this process made it.
    secrets._dummy_hash.cache_clear()
    loop_thread = threading.get_ident()

    stored = await secrets.hash_password("correct horse battery")
    assert await secrets.verify_password(stored, "correct horse battery")
    assert not await secrets.verify_password(stored, "wrong horse battery")
    assert not await secrets.verify_password(None, "correct horse battery")

    # hash, verify, verify, the equaliser's hash, then verify against it
    assert len(recorder.threads) == 5
    assert loop_thread not in recorder.threads
