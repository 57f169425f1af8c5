"""Turning a provider's error body into a message that is safe to show.

Providers echo things back in their errors: OpenAI quotes a partly masked API
key on a 401, some servers quote the offending prompt. What reaches a user or
a log keeps the provider's explanation ("model `x` does not exist") and loses
anything secret or taken from the request.
"""

import json
import re
from collections.abc import Sequence

MAX_DETAIL_CHARS = 200
# A run of this many characters shared with the request counts as quoting it.
QUOTE_WINDOW = 24
REDACTED = "[redacted]"

_KEY_LIKE = re.compile(r"\b(?:sk|pk|rk|key)-[A-Za-z0-9_\-*.]{4,}|\bBearer\s+\S+", re.IGNORECASE)
_WHITESPACE = re.compile(r"\s+")


def provider_error_detail(body: bytes, *, hide: Sequence[str], request_texts: Sequence[str]) -> str:
    """The provider's own error message made safe, or "" when it has none fit to show."""
    message, kind = _message_and_kind(body)
    message = _WHITESPACE.sub(" ", message).strip()
    if message and quotes_any(message, request_texts):
        message = ""
    message = redact(message or kind, hide)
    if len(message) > MAX_DETAIL_CHARS:
        message = message[: MAX_DETAIL_CHARS - 1] + "…"
    return message


def redact(text: str, hide: Sequence[str]) -> str:
    for secret in hide:
        if secret:
            text = text.replace(secret, REDACTED)
    return _KEY_LIKE.sub(REDACTED, text)


def quotes_any(message: str, texts: Sequence[str]) -> bool:
    for text in texts:
        if len(text) < QUOTE_WINDOW:
            if len(text) >= QUOTE_WINDOW // 3 and text in message:
                return True
            continue
        for start in range(max(len(message) - QUOTE_WINDOW + 1, 0)):
            if message[start : start + QUOTE_WINDOW] in text:
                return True
    return False


def _message_and_kind(body: bytes) -> tuple[str, str]:
    """Read OpenAI's, Anthropic's, Ollama's and FastAPI's error shapes; HTML says nothing."""
    try:
        parsed = json.loads(body)
    except ValueError:
        return "", ""
    if not isinstance(parsed, dict):
        return "", ""
    error = parsed.get("error", parsed)
    if isinstance(error, str):
        return error, ""
    if not isinstance(error, dict):
        return "", ""
    message = error.get("message", error.get("detail", ""))
    kind = error.get("code") or error.get("type") or ""
    return (message if isinstance(message, str) else ""), (kind if isinstance(kind, str) else "")
