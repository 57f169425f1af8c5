"""Hypothesis strategies for valid cases, leaning on what files find hard.

Texts include formula-like starts (``= + - @ '``), quotes, commas, line breaks
of every kind and non-ASCII; every generated case is already in the normalized
form ``validate_case`` returns, so import(export(case)) must equal it.
"""

import regex
from hypothesis import strategies as st

from casebook.domain.cases.model import CaseContent, ExpectedToolCall, OrderMode, Turn
from casebook.domain.checks import canonical_check
from casebook.domain.jsonvalue import JSONObject, JSONValue

# Surrogates cannot be UTF-8 encoded and NUL cannot be stored: neither is a valid case text.
CHARACTERS = st.characters(exclude_categories=["Cs"], exclude_characters="\x00")
TRICKY_STARTS = ["=", "+", "-", "@", "'", "''", "'=", "'x", " =", "\t", "\r\n", "\r", '"', ","]
TRICKY_TEXTS = [
    "a,b",
    'say "hi"',
    "line 1\nline 2",
    "x\r\ny",
    "é ✓ 中文 🎉",
    "x\u2028y\u0085z",
    "=SUM(A1:A2)",
    "-1",
    "@mention",
    "'quoted'",
    "\ufeffbom",
]

plain_text = st.text(CHARACTERS, min_size=1, max_size=30)
texts = st.one_of(
    plain_text,
    st.builds(str.__add__, st.sampled_from(TRICKY_STARTS), plain_text),
    st.sampled_from(TRICKY_TEXTS),
).filter(lambda text: bool(text.strip()))
trimmed_texts = texts.map(str.strip).filter(bool)

json_scalars: st.SearchStrategy[JSONValue] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(CHARACTERS, max_size=12),
    texts,
)
json_keys = st.text(CHARACTERS, max_size=8)
json_values: st.SearchStrategy[JSONValue] = st.recursive(
    json_scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=3), st.dictionaries(json_keys, children, max_size=3)
    ),
    max_leaves=8,
)

answer_paths = st.lists(
    st.text("abcdefghijklmnopqrstuvwxyz0123456789_", min_size=1, max_size=6),
    min_size=1,
    max_size=3,
).map(".".join)
text_options = {"path": answer_paths, "case_sensitive": st.booleans()}


def _length_check(unit: str, low: int | None, high: int | None) -> JSONObject:
    check: JSONObject = {"type": "length", "unit": unit}
    if low is not None:
        check["min"] = low
    if high is not None:
        check["max"] = high if low is None else max(low, high)
    if low is None and high is None:
        check["max"] = 0
    return check


SCHEMAS: list[JSONObject] = [
    {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}},
    {"type": "array", "items": {"$ref": "#/$defs/item"}, "$defs": {"item": {"type": "number"}}},
    {"enum": ["yes", "no", "=maybe"]},
]

checks: st.SearchStrategy[JSONObject] = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["contains", "not_contains"]), "value": texts},
        optional=text_options,
    ),
    st.fixed_dictionaries(
        {"type": st.just("equals"), "value": trimmed_texts}, optional=text_options
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("regex"),
            "value": st.one_of(
                st.sampled_from([r"\d+ days", "^(yes|no)$", "[a-z]{3,}", "-?\\d"]),
                texts.map(regex.escape),
            ),
        },
        optional=text_options,
    ),
    st.fixed_dictionaries(
        {"type": st.just("json_schema"), "schema": st.sampled_from(SCHEMAS)},
        optional={"path": answer_paths},
    ),
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(["max_cost_usd", "max_latency_ms"]),
            # Within both limits' bounds (domain/measures): 1,000,000 USD, a day in ms.
            "value": st.one_of(
                st.integers(0, 10**6), st.floats(0, 1e6, allow_nan=False, allow_infinity=False)
            ),
        }
    ),
    st.builds(
        _length_check,
        st.sampled_from(["characters", "words"]),
        st.none() | st.integers(0, 500),
        st.none() | st.integers(0, 500),
    ),
    st.fixed_dictionaries({"type": st.just("judge"), "criterion": texts}),
).map(canonical_check)

tool_calls = st.builds(
    ExpectedToolCall,
    tool=trimmed_texts,
    args=st.dictionaries(json_keys, json_values, max_size=4).map(
        lambda args: {name: args[name] for name in sorted(args)}
    ),
)
order_modes: st.SearchStrategy[OrderMode] = st.sampled_from(["any", "in_order", "exact"])
tags = st.lists(trimmed_texts.filter(lambda tag: "," not in tag), max_size=4, unique=True)


@st.composite
def cases(draw: st.DrawFn) -> CaseContent:
    content = CaseContent(
        input=draw(texts),
        history=tuple(
            draw(
                st.lists(st.builds(Turn, st.sampled_from(["user", "assistant"]), texts), max_size=3)
            )
        ),
        reference_answer=draw(st.none() | texts),
        counter_example=draw(st.none() | texts),
        expected_tool_calls=tuple(draw(st.lists(tool_calls, max_size=2))),
        order_mode=draw(order_modes),
        checks=tuple(draw(st.lists(checks, max_size=3))),
        tags=tuple(draw(tags)),
        note=draw(st.none() | texts),
    )
    if not (
        content.reference_answer
        or content.counter_example
        or content.expected_tool_calls
        or content.checks
    ):
        return CaseContent(input=content.input, reference_answer=draw(texts))
    return content
