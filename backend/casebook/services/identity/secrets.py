"""Passwords (argon2) and random tokens (stored as SHA-256 digests).

argon2 costs tens of milliseconds of CPU by design: it runs on a worker thread (the
library releases the GIL while it hashes), so a sign-in never holds up the event loop
- other requests, /livez - while it works.
"""

import asyncio
import functools
import hashlib
import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()


@functools.cache
def _dummy_hash() -> str:
    """Verified against when the e-mail is unknown, so both paths cost the same. Made on
    first use rather than at import, which every process would pay (0.2 s of argon2)."""
    return _hasher.hash("casebook-timing-equaliser")


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_hasher.hash, password)


async def verify_password(password_hash: str | None, password: str) -> bool:
    return await asyncio.to_thread(_verify, password_hash, password)


def _verify(password_hash: str | None, password: str) -> bool:
    try:
        return (
            _hasher.verify(password_hash or _dummy_hash(), password) and password_hash is not None
        )
    except (VerificationError, InvalidHashError):
        return False


def new_token(nbytes: int = 32) -> str:
    return secrets.token_urlsafe(nbytes)


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def csrf_token_for(session_token: str, secret_key: str) -> str:
    return hmac.new(
        secret_key.encode(), b"csrf:" + session_token.encode(), hashlib.sha256
    ).hexdigest()


def constant_time_equal(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())
