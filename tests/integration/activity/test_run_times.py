"""DateTime arguments are moments in UTC however they are spelled: a time without an offset
is read as UTC (the scalar's description says so), so a filter may mix spellings; a moment
outside the years 1 to 9999 in UTC is a named refusal, not an overflow."""

import pytest

from tests.integration.activity.helpers import conversation, record, runs_of, turn_pair
from tests.integration.agents.helpers import webhook_agent
from tests.support.graphql_client import Api

STARTED = "2030-06-01T12:00:00"  # no offset: noon UTC


@pytest.fixture
async def noon_run(owner: Api) -> str:
    agent = await webhook_agent(owner, "https://agents.example.com/support")
    recorded = await record(
        owner, conversation("c1", agent["agent"]["id"], turn_pair(1, startedAt=STARTED))
    )
    return str(recorded[0]["turns"][1]["runId"])


@pytest.mark.parametrize(
    ("since", "until", "found"),
    [
        ("2030-06-01T11:59:59Z", "2030-06-01T12:00:01", True),
        ("2030-06-01", "2030-06-01T14:00:01+02:00", True),
        ("2030-06-01T13:00:00+02:00", "2030-06-02", True),  # 11:00 UTC
        ("2030-06-01T12:00:01", None, False),
        (None, "2030-06-01T13:00:00+01:00", False),  # 12:00 UTC, exclusive
        ("0001-01-01", "9999-12-31T23:59:59.999999Z", True),
        ("0001-01-01T00:00:00-12:00", "9999-12-31T23:59:59+14:00", True),
    ],
)
async def test_zoned_and_unzoned_times_are_compared_as_moments_in_utc(
    owner: Api, noon_run: str, since: str | None, until: str | None, found: bool
) -> None:
    window = {k: v for k, v in (("since", since), ("until", until)) if v is not None}
    ids = [run["id"] for run in await runs_of(owner, **window)]
    assert (noon_run in ids) is found, (window, ids)
    [run] = [r for r in await runs_of(owner) if r["id"] == noon_run]
    assert run["startedAt"] == "2030-06-01T12:00:00+00:00"


async def test_a_zoned_since_after_an_unzoned_until_is_a_named_refusal(owner: Api) -> None:
    for document, variables in (
        (
            'query { runs(filter: {since: "2030-01-01T00:00:00Z", until: "0001-01-01"}) '
            "{ edges { node { id } } } }",
            None,
        ),
        (
            "query($s: DateTime, $u: DateTime) { runs(filter: {since: $s, until: $u}) "
            "{ edges { node { id } } } }",
            {"s": "2030-01-01T00:00:00Z", "u": "0001-01-01"},
        ),
    ):
        errors = await owner.errors(document, variables)
        assert errors.codes == ["BAD_USER_INPUT"], errors.errors
        assert errors.errors[0]["extensions"]["fields"][0]["path"] == "filter.until"


@pytest.mark.parametrize("moment", ["0001-01-01T00:00:00+14:00", "9999-12-31T23:59:59-12:00"])
async def test_a_moment_outside_the_years_1_to_9999_in_utc_is_refused_by_name(
    owner: Api, moment: str
) -> None:
    errors = await owner.errors(
        "query($s: DateTime) { runs(filter: {since: $s}) { edges { node { id } } } }",
        {"s": moment},
    )
    assert errors.codes == ["GRAPHQL_VALIDATION"]
    assert "$s" in errors.errors[0]["message"]
    assert "years 1 to 9999" in errors.errors[0]["message"]
    literal = await owner.errors(
        f'{{ runs(filter: {{since: "{moment}"}}) {{ edges {{ node {{ id }} }} }} }}'
    )
    assert literal.codes == ["GRAPHQL_VALIDATION"]
    assert "years 1 to 9999" in literal.errors[0]["message"]
