"""Provider API keys at rest: encrypted with a key derived from the server secret.

The database holds only Fernet tokens. The plaintext comes back from one
place, ``KeyCipher.decrypt``, called just before a provider is built; what
anything displays is ``mask_key``.
"""

import base64
import re
from collections.abc import Sequence

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

MIN_SECRET_CHARS = 16
_SALT = b"casebook/provider-api-keys"
_INFO = b"fernet-key/v1"
_MASK = "••••"
# Shorter keys are shown as the mask alone: four characters of a short key is too much of it.
_MIN_KEY_CHARS_TO_HINT = 12
_KEY_PREFIX = re.compile(r"^[A-Za-z]{2,4}-")


class KeyDecryptionFailed(Exception):
    """The token was not made with this server secret (or a listed previous one)."""


def derive_fernet_key(server_secret: str) -> bytes:
    if len(server_secret) < MIN_SECRET_CHARS:
        raise ValueError(f"the server secret must be at least {MIN_SECRET_CHARS} characters")
    derived = HKDF(algorithm=hashes.SHA256(), length=32, salt=_SALT, info=_INFO).derive(
        server_secret.encode()
    )
    return base64.urlsafe_b64encode(derived)


class KeyCipher:
    """Encrypts with ``server_secret``; decrypts with it or any of ``previous_secrets``,
    so the secret can be rotated without losing stored keys."""

    def __init__(self, server_secret: str, previous_secrets: Sequence[str] = ()) -> None:
        fernets = [Fernet(derive_fernet_key(s)) for s in (server_secret, *previous_secrets)]
        self._fernet = MultiFernet(fernets)

    def __repr__(self) -> str:
        return "KeyCipher(…)"

    def encrypt(self, api_key: str) -> str:
        if not api_key:
            raise ValueError("an empty API key is not stored")
        return self._fernet.encrypt(api_key.encode()).decode("ascii")

    def decrypt(self, token: str) -> str:
        try:
            return self._fernet.decrypt(token.encode("ascii")).decode()
        except (InvalidToken, UnicodeError):
            raise KeyDecryptionFailed(
                "a stored provider key cannot be decrypted with the configured server secret"
            ) from None

    def rotate(self, token: str) -> str:
        """Re-encrypt a token made under a previous secret with the current one."""
        try:
            return self._fernet.rotate(token.encode("ascii")).decode("ascii")
        except (InvalidToken, UnicodeError):
            raise KeyDecryptionFailed(
                "a stored provider key cannot be decrypted with the configured server secret"
            ) from None


def mask_key(api_key: str) -> str:
    """At most the key's kind and its last four characters: ``sk-…abcd`` or ``•••• abcd``."""
    if len(api_key) < _MIN_KEY_CHARS_TO_HINT:
        return _MASK
    prefix = _KEY_PREFIX.match(api_key)
    if prefix:
        return f"{prefix.group(0)}…{api_key[-4:]}"
    return f"{_MASK} {api_key[-4:]}"
