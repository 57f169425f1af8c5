"""Redacting every string inside a JSON value: a grade's reasons, an answer's tool calls."""

from casebook.domain.redaction import redact_json

KEY = "sk-proj-" + "a1B2c3D4e5F6g7H8i9J0" * 2


def test_every_string_value_is_redacted_and_counted_but_keys_are_left_alone() -> None:
    value = {
        "rule": f"It leaks {KEY}.",
        "quotes": [{"text": KEY, "verified": True}],
        KEY: 3,
        "grade": 2,
    }
    redacted, count = redact_json(value)
    assert count == 2
    assert redacted == {
        "rule": "It leaks [redacted:openai_key].",
        "quotes": [{"text": "[redacted:openai_key]", "verified": True}],
        KEY: 3,
        "grade": 2,
    }


def test_a_value_without_credentials_comes_back_as_it_was() -> None:
    value = {"reason": "grade 2 of 2", "parts": [None, 1.5, True]}
    redacted, count = redact_json(value)
    assert (redacted, count) == (value, 0)
    assert redacted is value
