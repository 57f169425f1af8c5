"""Redacting every string inside a JSON value: a grade's reasons, an answer's tool calls."""

from casebook.domain.redaction import redact_json

KEY = "sk-proj-" + "a1B2c3D4e5F6g7H8i9J0" * 2


def test_every_string_value_and_every_key_is_redacted_and_counted() -> None:
    value = {
        "rule": f"It leaks {KEY}.",
        "quotes": [{"text": KEY, "verified": True}],
        KEY: 3,
        "grade": 2,
    }
    redacted, count = redact_json(value)
    assert count == 3
    assert redacted == {
        "rule": "It leaks [redacted:openai_key].",
        "quotes": [{"text": "[redacted:openai_key]", "verified": True}],
        "[redacted:openai_key]": 3,
        "grade": 2,
    }


def test_keys_redacted_to_the_same_placeholder_stay_apart() -> None:
    other = "ghp" + "_" + "Z9y8X7w6V5u4T3s2R1q0" * 2
    value = {KEY: 1, KEY.replace("a1", "b2"): 2, other: {KEY: "x"}}
    redacted, count = redact_json(value)
    assert count == 4
    assert redacted == {
        "[redacted:openai_key]": 1,
        "[redacted:openai_key] 2": 2,
        "[redacted:github_token]": {"[redacted:openai_key]": "x"},
    }


def test_a_value_without_credentials_comes_back_as_it_was() -> None:
    value = {"reason": "grade 2 of 2", "parts": [None, 1.5, True]}
    redacted, count = redact_json(value)
    assert (redacted, count) == (value, 0)
    assert redacted is value
