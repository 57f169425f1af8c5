"""Credentials are redacted (spec: "Credentials are redacted").

Every API key or token recognized in a case is replaced by ``[redacted:<kind>]``
before the case is stored. The count returned is the number of values replaced,
which the audit entry records; the values themselves are never kept.

How the patterns stay safe and predictable:

- Each pattern is a literal prefix followed by a single character class, so
  matching is linear in the text: there is no nested repetition to backtrack
  through, and a cheap substring test skips a pattern whose prefix is absent.
- A token may be glued to what comes before it (``keysk-proj-...``,
  ``token_ghp_...``): a match starts at the start of a run of token characters
  and may keep up to ``GLUE_MAX`` of them in front of the placeholder (the
  group named ``keep``). Starting only at the start of a run keeps the work
  linear; the bounded glue keeps it so when one run holds many prefixes.
- Patterns run in the order of ``CREDENTIAL_PATTERNS``: tokens that can hold
  other tokens first (a private key block, a JWT, a Slack webhook URL), so a key
  inside one never leaves the rest of it behind; then the more specific before
  the general (``sk-ant-`` before ``sk-``; a key after ``Bearer`` is named for
  its kind).
- Redaction repeats until nothing changes, so redacting redacted text changes
  nothing. A placeholder holds no prefix any pattern needs, so this ends.
- OpenAI, Slack and bearer tokens must hold a digit, and OpenAI keys a capital
  letter: real ones always do, and it keeps words and slugs such as
  ``sk-learn-style-pipelines``, ``task-list-2024-review`` or ``Bearer
  authentication``.

In a case, every text a model reads or an export carries is redacted: the input,
the turns before it, the reference answer, counter-example, note and tags, tool
names and every string value in tool-call arguments and in checks, object keys included (keys redacted to
one placeholder are numbered, ``[redacted:openai_key] 2``, so none is lost). In a
``regex`` check's pattern the placeholder is escaped, so the pattern still means
"this literal text" rather than a character class.
"""

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass

from casebook.domain.cases.model import CaseContent, ExpectedToolCall, Turn
from casebook.domain.jsonvalue import JSONObject, JSONValue

# How many token characters glued in front of a credential are kept before its placeholder.
GLUE_MAX = 40
_TOKEN_START = r"(?<![A-Za-z0-9_-])(?P<keep>[A-Za-z0-9_-]{0," + str(GLUE_MAX) + r"}?)"
_HAS_DIGIT = r"(?=[A-Za-z0-9_-]*[0-9])"
_HAS_CAPITAL = r"(?=[A-Za-z0-9_-]*[A-Z])"


@dataclass(frozen=True, slots=True)
class CredentialPattern:
    kind: str
    pattern: re.Pattern[str]
    # Substrings one of which every match holds; when none is present the pattern is skipped.
    triggers: tuple[str, ...]
    # Text kept in front of the placeholder (the group named ``keep``): "Bearer ", or
    # the word a token was glued to.
    keeps_prefix: bool = False


def _credential(kind: str, pattern: str, triggers: tuple[str, ...]) -> CredentialPattern:
    compiled = re.compile(pattern)
    return CredentialPattern(kind, compiled, triggers, "keep" in compiled.groupindex)


CREDENTIAL_PATTERNS: tuple[CredentialPattern, ...] = (
    _credential(
        "private_key",
        # The body runs to the next "-----": the END line when there is one; a
        # truncated key is redacted up to the next marker or the end of the text.
        r"-----BEGIN[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----"
        r"[^-]*(?:-(?!----)[^-]*)*"
        r"(?:-----END[A-Z0-9 ]{0,40} PRIVATE KEY(?: BLOCK)?-----)?",
        ("PRIVATE KEY",),
    ),
    _credential(
        "jwt",
        _TOKEN_START + r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*",
        ("eyJ",),
    ),
    _credential(
        "slack_webhook",
        r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/-]{8,}",
        ("hooks.slack.com",),
    ),
    _credential("anthropic_key", _TOKEN_START + r"sk-ant-[A-Za-z0-9_-]{20,}", ("sk-ant-",)),
    _credential(
        "openai_key",
        _TOKEN_START
        + r"sk-(?:proj-|svcacct-|admin-)?"
        + _HAS_DIGIT
        + _HAS_CAPITAL
        + r"[A-Za-z0-9_-]{20,}",
        ("sk-",),
    ),
    _credential(
        "github_token",
        _TOKEN_START + r"(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})",
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
    ),
    _credential(
        "stripe_key",
        _TOKEN_START + r"(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}",
        ("_live_", "_test_"),
    ),
    _credential(
        "slack_token",
        _TOKEN_START + r"xox[abposr]-" + _HAS_DIGIT + r"[A-Za-z0-9-]{10,}",
        ("xox",),
    ),
    _credential(
        "aws_access_key",
        _TOKEN_START + r"(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])",
        ("AKIA", "ASIA"),
    ),
    _credential(
        "google_api_key",
        _TOKEN_START + r"AIza[A-Za-z0-9_-]{35}(?![A-Za-z0-9_-])",
        ("AIza",),
    ),
    _credential(
        "bearer_token",
        r"(?<![A-Za-z0-9_])(?P<keep>(?:Bearer|bearer|BEARER)[ \t]+)"
        r"(?=[A-Za-z0-9._~+/-]*[0-9])[A-Za-z0-9._~+/-]{16,}=*",
        ("Bearer", "bearer", "BEARER"),
    ),
)

CREDENTIAL_KINDS: tuple[str, ...] = tuple(credential.kind for credential in CREDENTIAL_PATTERNS)

TRIGGERS: tuple[str, ...] = tuple(
    dict.fromkeys(trigger for credential in CREDENTIAL_PATTERNS for trigger in credential.triggers)
)
# Most texts hold no trigger at all. A substring search per trigger settles that three
# times faster on prose than one regular expression of them all, whose alternatives
# start with letters prose is full of. A trigger holding another ("sk-ant-", "sk-") is
# found by looking for the other; those holding "_" only in a text that holds one.
_SCREEN = tuple(t for t in TRIGGERS if not any(other != t and other in t for other in TRIGGERS))
_SCREEN_PLAIN = tuple(t for t in _SCREEN if "_" not in t)
_SCREEN_UNDERSCORED = tuple(t for t in _SCREEN if "_" in t)


def may_hold_a_credential(text: str) -> bool:
    """Whether ``text`` holds any pattern's trigger: when not, no pattern can match."""
    for trigger in _SCREEN_PLAIN:
        if trigger in text:
            return True
    if "_" in text:
        for trigger in _SCREEN_UNDERSCORED:
            if trigger in text:
                return True
    return False


def placeholder(kind: str) -> str:
    return f"[redacted:{kind}]"


def _pattern_placeholder(kind: str) -> str:
    return rf"\[redacted:{kind}\]"


def redact_text(text: str) -> tuple[str, int]:
    """``text`` with every recognized credential replaced, and how many were."""
    return _redact(text, placeholder)


def redact_pattern(pattern: str) -> tuple[str, int]:
    """A regular expression with its credentials replaced by an escaped placeholder."""
    return _redact(pattern, _pattern_placeholder)


def _redact(text: str, placeholder_of: Callable[[str], str]) -> tuple[str, int]:
    if not may_hold_a_credential(text):
        return text, 0
    total = 0
    while True:
        replaced_this_round = 0
        for credential in CREDENTIAL_PATTERNS:
            if not any(trigger in text for trigger in credential.triggers):
                continue
            text, count = credential.pattern.subn(_replacement(credential, placeholder_of), text)
            replaced_this_round += count
        if replaced_this_round == 0:
            return text, total
        total += replaced_this_round


def _replacement(
    credential: CredentialPattern, placeholder_of: Callable[[str], str]
) -> Callable[[re.Match[str]], str]:
    shown = placeholder_of(credential.kind)
    if credential.keeps_prefix:
        return lambda match: match.group("keep") + shown
    return lambda match: shown


class _Counter:
    """Redacts piece by piece while keeping the total for the audit entry."""

    def __init__(self) -> None:
        self.total = 0

    def text(self, text: str) -> str:
        redacted, count = redact_text(text)
        self.total += count
        return redacted

    def optional_text(self, text: str | None) -> str | None:
        return None if text is None else self.text(text)

    def pattern(self, pattern: str) -> str:
        redacted, count = redact_pattern(pattern)
        self.total += count
        return redacted

    def json(self, value: JSONValue) -> JSONValue:
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, list):
            return [self.json(item) for item in value]
        if isinstance(value, dict):
            return self.json_object(value)
        return value

    def json_object(self, value: JSONObject) -> JSONObject:
        redacted: JSONObject = {}
        for key, item in value.items():
            redacted[self._key(key, redacted)] = self.json(item)
        return redacted

    def _key(self, key: str, taken: JSONObject) -> str:
        """A key redacted like any text; one that would fall on a key already there is
        numbered, so two arguments never merge into one."""
        redacted = self.text(key)
        numbered, n = redacted, 1
        while numbered in taken:
            n += 1
            numbered = f"{redacted} {n}"
        return numbered

    def check(self, check: JSONObject) -> JSONObject:
        redacted: JSONObject = {}
        for name, value in check.items():
            if name == "type":
                redacted[name] = value
            elif name == "value" and check.get("type") == "regex" and isinstance(value, str):
                redacted[name] = self.pattern(value)
            else:
                redacted[name] = self.json(value)
        return redacted


def redact_json(value: JSONValue) -> tuple[JSONValue, int]:
    """Every string inside a JSON value redacted (object keys too), and how many
    credentials were: for a grade's reasons, rules and quotes, and an answer's tool calls."""
    counter = _Counter()
    redacted = counter.json(value)
    return (value, 0) if counter.total == 0 else (redacted, counter.total)


def redact_scoring(scoring: JSONObject) -> tuple[JSONObject, int]:
    """A dataset's scoring configuration with every credential in it replaced: the judge's
    instructions and criteria, the default checks (as a case's checks are) and any other
    text; and how many were."""
    counter = _Counter()
    redacted: JSONObject = {}
    for section, settings in scoring.items():
        if section == "checks" and isinstance(settings, dict):
            redacted[section] = {
                name: (
                    [counter.check(c) if isinstance(c, dict) else counter.json(c) for c in value]
                    if name == "default_checks" and isinstance(value, list)
                    else counter.json(value)
                )
                for name, value in settings.items()
            }
        else:
            redacted[section] = counter.json(settings)
    return (scoring, 0) if counter.total == 0 else (redacted, counter.total)


def redact_case(content: CaseContent) -> tuple[CaseContent, int]:
    """``content`` with every credential in it replaced, and how many were."""
    counter = _Counter()
    tags = tuple(dict.fromkeys(counter.text(tag) for tag in content.tags))
    redacted = dataclasses.replace(
        content,
        input=counter.text(content.input),
        history=tuple(Turn(turn.role, counter.text(turn.content)) for turn in content.history),
        reference_answer=counter.optional_text(content.reference_answer),
        counter_example=counter.optional_text(content.counter_example),
        expected_tool_calls=tuple(
            ExpectedToolCall(counter.text(call.tool), counter.json_object(call.args))
            for call in content.expected_tool_calls
        ),
        checks=tuple(counter.check(check) for check in content.checks),
        tags=tags,
        note=counter.optional_text(content.note),
    )
    if counter.total == 0:
        return content, 0
    return redacted, counter.total
