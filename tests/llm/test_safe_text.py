"""What of a provider's error body may be shown."""

import json

from casebook.llm.safe_text import MAX_DETAIL_CHARS, provider_error_detail, quotes_any, redact


def _body(payload: object) -> bytes:
    return json.dumps(payload).encode()


def test_openai_anthropic_ollama_and_fastapi_shapes_are_read() -> None:
    shapes = [
        {"error": {"message": "model not found", "type": "invalid_request_error"}},
        {"type": "error", "error": {"type": "not_found_error", "message": "model not found"}},
        {"error": "model not found"},
        {"detail": "model not found"},
    ]
    for shape in shapes:
        assert provider_error_detail(_body(shape), hide=[], request_texts=[]) == "model not found"


def test_without_a_message_the_error_code_is_shown() -> None:
    body = _body({"error": {"message": "", "code": "context_length_exceeded"}})

    assert provider_error_detail(body, hide=[], request_texts=[]) == "context_length_exceeded"


def test_html_and_non_objects_say_nothing() -> None:
    for body in [b"<html>502 Bad Gateway</html>", b"[1, 2]", b'"text"']:
        assert provider_error_detail(body, hide=[], request_texts=[]) == ""


def test_keys_are_redacted_whether_known_or_merely_key_like() -> None:
    text = "bad key my-custom-key-123456 and sk-proj-abc***************wxyz, Bearer abc.def"

    cleaned = redact(text, ["my-custom-key-123456"])

    assert cleaned == "bad key [redacted] and [redacted], [redacted]"


def test_a_message_quoting_the_request_is_replaced_by_its_code() -> None:
    prompt = "Summarise the medical history of patient Jane Roe, born 1980."
    body = _body({"error": {"message": f"cannot process: {prompt[:40]}", "code": "bad_input"}})

    assert provider_error_detail(body, hide=[], request_texts=[prompt]) == "bad_input"


def test_short_request_texts_count_as_quoted_when_repeated_whole() -> None:
    assert quotes_any("unknown value 'secret-ish'", ["secret-ish"])
    assert not quotes_any("unknown value", ["ab"])


def test_long_messages_are_cut() -> None:
    body = _body({"error": {"message": "word " * 200}})

    detail = provider_error_detail(body, hide=[], request_texts=[])

    assert len(detail) == MAX_DETAIL_CHARS
    assert detail.endswith("…")
