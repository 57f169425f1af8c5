"""Label values from outside stay few: a client cannot grow the metrics without bound."""

from casebook.observability import metrics
from casebook.observability.labels import OTHER, BoundedLabel


def test_plain_names_are_kept_up_to_the_limit_then_counted_as_other() -> None:
    label = BoundedLabel(limit=2)
    assert [label(name) for name in ("ListCases", "GetCase", "ListCases", "Third")] == [
        "ListCases",
        "GetCase",
        "ListCases",
        OTHER,
    ]


def test_names_that_are_not_plain_identifiers_are_other() -> None:
    label = BoundedLabel(limit=100)
    for hostile in ("", "a b", "x" * 200, "name\n", "naïve", '"quoted"', "1starts_with_digit"):
        assert label(hostile) == OTHER
    assert label("gpt-4o-mini") == "gpt-4o-mini"
    assert label("meta-llama/Llama-3.1-8B:q4") == "meta-llama/Llama-3.1-8B:q4"


def test_an_unnamed_operation_is_anonymous() -> None:
    assert metrics.operation_label(None) == metrics.ANONYMOUS
    assert metrics.operation_label("") == metrics.ANONYMOUS
