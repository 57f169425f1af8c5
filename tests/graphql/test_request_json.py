"""A request body is read by orjson where it reads exactly what the standard library reads,
and by the standard library otherwise: the two never disagree on a value."""

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.exact_json import load_json as _loads

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()  # any size: beyond 64 bits orjson would read a float
    | st.floats(allow_nan=False)  # infinities too: the standard library writes Infinity
    | st.text(),  # lone surrogates included
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(), children, max_size=5)
    ),
    max_leaves=30,
)


@given(json_values)
def test_a_body_reads_as_the_standard_library_reads_it(value: Any) -> None:
    body = json.dumps(value)
    expected = json.loads(body)
    assert _loads(body) == expected
    assert _loads(body.encode("utf-8", "surrogatepass")) == expected


def test_an_integer_beyond_64_bits_stays_an_exact_integer() -> None:
    read = _loads(b'{"n": 1180591620717411303424, "m": 18446744073709551615}')
    assert read == {"n": 2**70, "m": 2**64 - 1}
    assert isinstance(read["n"], int)
