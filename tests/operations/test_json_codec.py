"""JSONB is read faster, never differently: every value reads back as the standard library
reads it — big integers, lone surrogates and all."""

import json

from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.exact_json import load_json

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**40), max_value=10**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text()
)
documents = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


def _typed(value: object) -> object:
    """The value with each number's type kept, so 1 and 1.0 differ."""
    if isinstance(value, dict):
        return {key: _typed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_typed(item) for item in value]
    return (type(value).__name__, value)


@given(documents)
def test_a_document_reads_back_as_the_standard_library_reads_it(document: object) -> None:
    text = json.dumps(document)
    assert _typed(load_json(text)) == _typed(json.loads(text))


def test_integers_beyond_64_bits_and_lone_surrogates_stay_exact() -> None:
    assert load_json('{"n": 123456789012345678901234567890}') == {
        "n": 123456789012345678901234567890
    }
    assert load_json('["\\ud800"]') == ["\ud800"]
    assert load_json(b'{"a": [1, 2.5, "x"]}') == {"a": [1, 2.5, "x"]}
