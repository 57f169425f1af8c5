"""Which media type an Accept header asks for (GraphQL over HTTP)."""

import pytest

from casebook.graphql.response_media import wants_graphql_response


@pytest.mark.parametrize(
    ("accept", "ours"),
    [
        (None, False),
        ("", False),
        ("*/*", False),
        ("application/json", False),
        ("application/graphql-response+json", True),
        ("Application/GraphQL-Response+JSON", True),
        ("application/graphql-response+json, application/json;q=0.9", True),
        ("application/json, application/graphql-response+json", True),
        ("application/json;q=1, application/graphql-response+json;q=0.5", False),
        ("application/graphql-response+json;q=0", False),
        ("application/graphql-response+json;q=nope", False),
        ("text/html, application/graphql-response+json;charset=utf-8", True),
        (",,;", False),
    ],
)
def test_the_spec_type_is_chosen_when_accepted_at_least_as_much_as_json(
    accept: str | None, ours: bool
) -> None:
    assert wants_graphql_response(accept) is ours
