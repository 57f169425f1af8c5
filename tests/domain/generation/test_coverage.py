from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.generation.counts import MAX_CASES
from casebook.domain.generation.coverage import (
    FEW_CASES_BELOW,
    CoveredCase,
    coverage_of,
    suggested_count,
    suggested_source,
)

TAGS = st.sampled_from(["billing", "refunds", "red-team", "red-team:prompt-injection", "x"])
CASES = st.lists(
    st.builds(
        CoveredCase,
        source=st.sampled_from(["manual", "synthetic", "conversation", "import"]),
        tags=st.lists(TAGS, max_size=4).map(tuple),
        latest_outcome=st.sampled_from([None, "pass", "fail", "not_graded"]),
    ),
    max_size=40,
)


def _case(source: str, *tags: str, outcome: str | None = None) -> CoveredCase:
    return CoveredCase(source, tags, outcome)


def test_a_hand_built_dataset_is_counted_and_its_gaps_ranked() -> None:
    found = coverage_of(
        [
            _case("manual", "billing", outcome="pass"),
            _case("manual", "billing", "refunds", outcome="fail"),
            _case("synthetic", "billing"),
            _case("synthetic", "red-team", "red-team:prompt-injection"),
            _case("import"),
        ]
    )
    assert (found.cases, found.untagged) == (5, 1)
    assert [(t.tag, t.cases, t.failing) for t in found.by_tag] == [
        ("billing", 3, 1),
        ("red-team", 1, 0),
        ("red-team:prompt-injection", 1, 0),
        ("refunds", 1, 1),
    ]
    assert [(s.source, s.cases) for s in found.by_source] == [
        ("manual", 2),
        ("synthetic", 2),
        ("import", 1),
    ]
    assert [(g.tag, g.reason, g.suggested_source, g.suggested_count) for g in found.gaps] == [
        ("refunds", "failing", "agent", 2),
        ("billing", "failing", "agent", 1),
        ("red-team", "few_cases", "red_team", 2),
        ("red-team:prompt-injection", "few_cases", "red_team", 2),
    ]


def test_a_tag_given_twice_counts_its_case_once() -> None:
    found = coverage_of([_case("manual", "billing", "billing", outcome="fail")])
    assert [(t.tag, t.cases, t.failing) for t in found.by_tag] == [("billing", 1, 1)]


def test_an_empty_dataset_has_no_gaps() -> None:
    found = coverage_of([])
    assert (found.cases, found.untagged, found.by_tag, found.by_source, found.gaps) == (
        0,
        0,
        (),
        (),
        (),
    )


def test_the_red_team_tags_suggest_the_red_team_and_others_the_agent() -> None:
    assert suggested_source("red-team") == "red_team"
    assert suggested_source("red-team:out-of-scope") == "red_team"
    assert suggested_source("red-teaming") == "agent"


@given(st.integers(min_value=0, max_value=500), st.integers(min_value=0, max_value=500))
def test_the_suggested_count_is_always_one_the_dialog_accepts(cases: int, failing: int) -> None:
    count = suggested_count(cases, failing)
    assert 1 <= count <= MAX_CASES
    assert cases + count >= FEW_CASES_BELOW or count == MAX_CASES


@given(CASES)
def test_counts_add_up(cases: list[CoveredCase]) -> None:
    found = coverage_of(cases)
    assert found.cases == len(cases) == sum(s.cases for s in found.by_source)
    assert found.untagged == sum(1 for c in cases if not c.tags)
    for tag in found.by_tag:
        assert tag.cases == sum(1 for c in cases if tag.tag in c.tags)
        assert tag.failing == sum(
            1 for c in cases if tag.tag in c.tags and c.latest_outcome == "fail"
        )


@given(CASES)
def test_gaps_are_exactly_the_failing_and_thin_tags_failing_first(
    cases: list[CoveredCase],
) -> None:
    found = coverage_of(cases)
    expected = {t.tag for t in found.by_tag if t.failing or t.cases < FEW_CASES_BELOW}
    assert {g.tag for g in found.gaps} == expected
    reasons = [g.reason for g in found.gaps]
    assert reasons == sorted(reasons, key=lambda reason: reason != "failing")
    failing = [g.failing for g in found.gaps if g.reason == "failing"]
    assert failing == sorted(failing, reverse=True)
    thin = [g.cases for g in found.gaps if g.reason == "few_cases"]
    assert thin == sorted(thin)


@given(CASES)
def test_tags_are_ranked_by_cases_then_name(cases: list[CoveredCase]) -> None:
    keys = [(-t.cases, t.tag) for t in coverage_of(cases).by_tag]
    assert keys == sorted(keys)
