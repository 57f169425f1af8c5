"""Credentials are redacted (spec: "Credentials are redacted")."""

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.cases.model import CaseContent, ExpectedToolCall, Turn
from casebook.domain.redaction import (
    CREDENTIAL_KINDS,
    TRIGGERS,
    may_hold_a_credential,
    redact_case,
    redact_text,
)

# Fake values in each credential's real shape, assembled here so that no
# complete token sits in the source for a secret scanner to trip on.
ALNUM = "A1b2C3d4E5f6G7h8J9k0L1m2N3p4Q5r6S7t8U9v0W1x2Y3z4"
FAKES: dict[str, str] = {
    "github_token": "ghp" + "_" + ALNUM[:36],
    "anthropic_key": "sk-ant-" + "api03-" + ALNUM + "-" + ALNUM[:40] + "AA",
    "openai_key": "sk-" + "proj-" + ALNUM + "_" + ALNUM[:20],
    "aws_access_key": "AKIA" + "IOSFODNN7EXAMPLE",
    "slack_token": "xoxb" + "-1234567890-0987654321-" + ALNUM[:24],
    "slack_webhook": "https://hooks.slack.com/services/" + "T0123ABCD/B0123ABCD/" + ALNUM[:24],
    "stripe_key": "sk" + "_live_" + ALNUM[:24],
    "google_api_key": "AIza" + "Sy" + ALNUM[:33],
    "jwt": "eyJ"
    + "hbGciOiJIUzI1NiJ9"
    + ".eyJ"
    + "zdWIiOiIxMjM0NTY3ODkwIn0"
    + ".dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
}
MORE_FAKES: list[tuple[str, str]] = [
    ("github_token", "github_pat_" + "11ABCDEFG0" + ALNUM[:40]),
    ("github_token", "gho" + "_" + ALNUM[:36]),
    ("github_token", "ghs" + "_" + ALNUM[:36]),
    ("openai_key", "sk-" + ALNUM),
    ("aws_access_key", "ASIA" + "Y34FZKBOKMUTVV7A"),
    ("stripe_key", "rk" + "_test_" + ALNUM[:24]),
    ("stripe_key", "sk" + "_test_" + ALNUM[:24]),
]
PRIVATE_KEY = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgHcTz6sE2I2yPB\n"
    "aFDrBz9vFqU4yR7HyXl0CqWHvLQ+examplebody==\n"
    "-----END RSA PRIVATE KEY-----"
)


@pytest.mark.parametrize(("kind", "value"), [*FAKES.items(), *MORE_FAKES])
def test_each_kind_is_replaced_by_its_placeholder(kind: str, value: str) -> None:
    text = f"use {value} to connect."
    assert redact_text(text) == (f"use [redacted:{kind}] to connect.", 1)


def test_every_kind_has_an_example() -> None:
    assert set(FAKES) | {"private_key", "bearer_token"} == set(CREDENTIAL_KINDS)


def test_a_private_key_block_is_replaced_whole() -> None:
    text = f"key:\n{PRIVATE_KEY}\nthanks"
    assert redact_text(text) == ("key:\n[redacted:private_key]\nthanks", 1)


def test_other_private_key_kinds_are_replaced() -> None:
    for label in ("PRIVATE KEY", "OPENSSH PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "EC PRIVATE KEY"):
        text = f"-----BEGIN {label}-----\nb3BlbnNzaC1rZXk=\n-----END {label}-----"
        assert redact_text(text) == ("[redacted:private_key]", 1)


def test_a_truncated_private_key_is_redacted_to_the_end() -> None:
    text = "pasted: -----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC"
    assert redact_text(text) == ("pasted: [redacted:private_key]", 1)


def test_a_bearer_token_keeps_the_word_bearer() -> None:
    text = "curl -H 'Authorization: Bearer 8f14e45fceea167a5a36dedd4bea2543'"
    assert redact_text(text) == ("curl -H 'Authorization: Bearer [redacted:bearer_token]'", 1)


def test_a_known_key_after_bearer_is_named_for_its_kind() -> None:
    text = f"Authorization: Bearer {FAKES['openai_key']}"
    assert redact_text(text) == ("Authorization: Bearer [redacted:openai_key]", 1)


def test_anthropic_keys_are_not_taken_for_openai_keys() -> None:
    assert redact_text(FAKES["anthropic_key"]) == ("[redacted:anthropic_key]", 1)


def test_the_count_is_the_number_of_values_replaced() -> None:
    text = " and ".join([FAKES["github_token"], FAKES["aws_access_key"], FAKES["github_token"]])
    redacted, count = redact_text(text)
    assert count == 3
    assert redacted.count("[redacted:") == 3


@pytest.mark.parametrize(
    "text",
    [
        "The skeleton of the task-list is risk-free.",
        "Ask-me-anything sessions happen weekly.",
        "sk-learn-style-pipelines-are-common",  # no digit: a slug, not a key
        "Bearer tokens are described in RFC 6750.",
        "bearer authentication-is-standard",
        "Our AKIA office and the ASIA region.",
        "AKIAIOSFODNN7EXAMPLEX is one character too long.",
        "The task-list-2024-quarterly-review-draft is done.",
        "mask-" + ALNUM.lower(),
        "ghp_short",
        "The ghost_town github page.",
        "xoxo-hugs-and-kisses",
        "eyJhbGciOiJIUzI1NiJ9 alone is only a header.",
        "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A\n-----END PUBLIC KEY-----",
        "A sk_live_ prefix with nothing after it.",
        "[redacted:openai_key] stays as it is.",
    ],
)
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert redact_text(text) == (text, 0)


GLUE = st.text(
    alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", max_size=24
)
ALL_FAKES = [*FAKES.items(), *MORE_FAKES]


@pytest.mark.parametrize(("kind", "value"), ALL_FAKES)
@pytest.mark.parametrize("glue", ["key", "x", "token_", "api-key-", "KEY", "2"])
def test_a_token_glued_to_a_preceding_word_is_replaced(glue: str, kind: str, value: str) -> None:
    redacted, count = redact_text(f"set {glue}{value} now")
    assert (redacted, count) == (f"set {glue}[redacted:{kind}] now", 1)


@given(
    st.sampled_from(ALL_FAKES),
    GLUE,
    st.sampled_from(["", " ", "=", ":", "\n", "(", "'"]),
    st.sampled_from(["", " ", ".", ",", ")", "'", "\n"]),
)
def test_no_credential_survives_whatever_is_glued_before_it(
    fake: tuple[str, str], glue: str, before: str, after: str
) -> None:
    kind, value = fake
    redacted, count = redact_text(f"{before}{glue}{value}{after}")
    assert value not in redacted
    assert value[-12:] not in redacted
    assert f"[redacted:{kind}]" in redacted
    assert count >= 1


def test_a_token_inside_a_jwt_does_not_leave_the_rest_of_the_jwt() -> None:
    jwt = FAKES["jwt"].replace(".eyJ", "sk-proj-" + ALNUM + ".eyJ", 1)
    redacted, _ = redact_text(f"auth {jwt}")
    assert redacted == "auth [redacted:jwt]"


def _best_seconds(text: str) -> float:
    timings = []
    for _ in range(3):
        started = time.perf_counter()
        redact_text(text)
        timings.append(time.perf_counter() - started)
    return min(timings)


def test_a_megabyte_of_hostile_text_costs_what_plain_text_of_its_length_does() -> None:
    # Each piece makes one pattern scan far ahead without matching: a pattern that
    # backtracked would cost thousands of times the plain scan. Measured against plain
    # prose of the same length in the same process, so a loaded machine slows both.
    hostile = (
        "sk-" * 100_000
        + "-----BEGIN PRIVATE KEY-----"
        + "a" * 200_000
        + " eyJ"
        + "a" * 200_000
        + " Bearer"
        + " " * 200_000
        + "xoxb-" * 40_000
        + f" {FAKES['github_token']} "
    )
    assert len(hostile) > 1_000_000
    prose = ("the agent answered the question about a refund " * 25_000)[: len(hostile)]
    _, count = redact_text(hostile)
    assert count >= 1
    assert _best_seconds(hostile) < 50 * _best_seconds(prose)


def test_a_case_is_redacted_in_every_field_a_model_reads_or_an_export_carries() -> None:
    key = FAKES["github_token"]
    content = CaseContent(
        input=f"My token is {key}",
        history=(Turn("user", f"earlier: {key}"), Turn("assistant", "noted")),
        reference_answer=f"Never repeat {key}",
        counter_example=f"Your token is {key}",
        expected_tool_calls=(
            ExpectedToolCall("rotate", {"token": key, "nested": {"list": [key, 3]}}),
        ),
        checks=(
            {"type": "not_contains", "value": key},
            {"type": "regex", "value": f"token {key}"},
            {"type": "json_schema", "schema": {"const": key}},
        ),
        tags=("leak", key),
        note=f"Found {key} in the chat",
    )
    redacted, count = redact_case(content)
    placeholder = "[redacted:github_token]"
    assert count == 11
    assert redacted.input == f"My token is {placeholder}"
    assert redacted.history[0].content == f"earlier: {placeholder}"
    assert redacted.history[1] == content.history[1]
    assert redacted.reference_answer == f"Never repeat {placeholder}"
    assert redacted.counter_example == f"Your token is {placeholder}"
    assert redacted.expected_tool_calls[0].args == {
        "token": placeholder,
        "nested": {"list": [placeholder, 3]},
    }
    assert redacted.checks[0] == {"type": "not_contains", "value": placeholder}
    # In a pattern the placeholder is escaped, so it still means the literal text.
    assert redacted.checks[1] == {"type": "regex", "value": r"token \[redacted:github_token\]"}
    assert redacted.checks[2] == {"type": "json_schema", "schema": {"const": placeholder}}
    assert redacted.tags == ("leak", placeholder)
    assert redacted.note == f"Found {placeholder} in the chat"


def test_tags_redacted_to_the_same_placeholder_are_kept_once() -> None:
    content = CaseContent(
        input="q", reference_answer="a", tags=(FAKES["github_token"], "ghp_" + ALNUM[1:37])
    )
    redacted, count = redact_case(content)
    assert (redacted.tags, count) == (("[redacted:github_token]",), 2)


def test_a_case_without_credentials_is_returned_unchanged() -> None:
    content = CaseContent(input="How long is the return window?", reference_answer="30 days")
    assert redact_case(content) == (content, 0)


SEPARATORS = ["sk-", "ghp_", "-----", "eyJ", ".", "-", "_", " ", "\n", "[", "]", "AKIA", "1"]
FRAGMENTS = st.sampled_from(
    [*FAKES.values(), *(value for _, value in MORE_FAKES), PRIVATE_KEY, "Bearer ", *SEPARATORS]
)


@given(
    st.lists(
        st.one_of(FRAGMENTS, st.sampled_from(TRIGGERS), st.text(max_size=12)), max_size=12
    ).map("".join)
)
def test_a_text_is_skipped_only_when_it_holds_no_trigger(text: str) -> None:
    # Every match of a pattern holds one of its triggers, so a skipped text holds no credential.
    assert may_hold_a_credential(text) == any(trigger in text for trigger in TRIGGERS)


@given(st.lists(st.one_of(FRAGMENTS, st.text(max_size=12)), max_size=12).map("".join))
def test_redacting_redacted_text_changes_nothing(text: str) -> None:
    once, _ = redact_text(text)
    assert redact_text(once) == (once, 0)


PROSE_WORDS = st.sampled_from(
    [
        "skeleton",
        "task-list",
        "risk-free",
        "ask",
        "bearer",
        "tokens",
        "Asia",
        "ghost",
        "xoxo",
        "begin",
        "private",
        "key",
        "eye",
        "the",
        "agent",
        "refund",
        "sk",
        "gh",
        "é",
        "中文",
    ]
)


@given(
    st.lists(
        st.one_of(PROSE_WORDS, st.text(st.characters(categories=("Ll", "Zs", "Po")), max_size=8)),
        max_size=20,
    ).map(" ".join)
)
def test_text_without_credential_like_tokens_is_unchanged(text: str) -> None:
    assert redact_text(text) == (text, 0)
