import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.errors import ValidationFailed
from casebook.domain.generation.counts import MAX_CASES, chosen_sources, split_count
from casebook.domain.generation.sources import (
    RED_TEAM_CATEGORIES,
    SOURCE_TABLE,
    SOURCES,
    red_team_category_tag,
)

source_sets = st.lists(st.sampled_from(SOURCES), min_size=1, max_size=4, unique=True)


def test_the_table_has_the_four_sources_of_the_seed_in_its_order() -> None:
    assert SOURCES == ("agent", "knowledge", "chats", "red_team")
    assert [rule.label for rule in SOURCE_TABLE.values()] == [
        "From the agent",
        "From knowledge",
        "From chats",
        "Red team",
    ]
    assert "up to 12 indexed documents" in SOURCE_TABLE["knowledge"].shown
    assert "Up to 60 questions" in SOURCE_TABLE["chats"].shown


def test_red_team_categories_are_the_four_the_seed_lists_and_make_tags() -> None:
    assert RED_TEAM_CATEGORIES == (
        "out-of-scope",
        "prompt-injection",
        "personal-data",
        "policy-evasion",
    )
    assert red_team_category_tag("prompt-injection") == "red-team:prompt-injection"
    assert all("," not in c and " " not in c for c in RED_TEAM_CATEGORIES)


@given(sources=source_sets, data=st.data())
def test_a_count_splits_into_parts_that_sum_to_it_differ_by_one_at_most_and_are_each_one_or_more(
    sources: list[str], data: st.DataObject
) -> None:
    count = data.draw(st.integers(min_value=len(sources), max_value=MAX_CASES))
    parts = split_count(count, sources)
    assert set(parts) == set(sources)
    assert sum(parts.values()) == count
    assert max(parts.values()) - min(parts.values()) <= 1
    assert min(parts.values()) >= 1


@given(sources=source_sets)
def test_the_first_sources_in_the_tables_order_get_the_remainder(sources: list[str]) -> None:
    count = 4 * len(sources) + len(sources) - 1 if len(sources) > 1 else 5
    parts = split_count(count, sources)
    ordered = [parts[source] for source in SOURCES if source in parts]
    assert ordered == sorted(ordered, reverse=True)
    assert split_count(count, list(reversed(sources))) == parts


def test_eleven_over_three_sources_gives_the_first_two_one_more() -> None:
    assert split_count(11, ["red_team", "chats", "agent"]) == {
        "agent": 4,
        "chats": 4,
        "red_team": 3,
    }


def _refusal(count: int, sources: list[str]) -> ValidationFailed:
    with pytest.raises(ValidationFailed) as refused:
        split_count(count, sources)
    return refused.value


def test_more_than_fifty_is_refused_naming_the_count() -> None:
    refusal = _refusal(51, ["agent"])
    assert [e.path for e in refusal.errors] == ["count"]
    assert "at most 50" in refusal.errors[0].message


@given(sources=source_sets, data=st.data())
def test_fewer_than_one_per_source_is_refused_naming_the_count(
    sources: list[str], data: st.DataObject
) -> None:
    count = data.draw(st.integers(min_value=-5, max_value=len(sources) - 1))
    refusal = _refusal(count, sources)
    assert [e.path for e in refusal.errors] == ["count"]
    assert "at least one" in refusal.errors[0].message


def test_no_source_an_unknown_one_or_one_twice_is_refused_naming_the_sources() -> None:
    assert _refusal(3, []).errors[0].path == "sources"
    unknown = _refusal(3, ["agent", "web"]).errors
    assert [e.path for e in unknown] == ["sources.1"]
    assert "`web` is not a source" in unknown[0].message
    twice = _refusal(3, ["chats", "chats"]).errors
    assert [e.path for e in twice] == ["sources.1"]


def test_chosen_sources_are_read_in_the_tables_order() -> None:
    assert chosen_sources(["red_team", "agent"]) == ("agent", "red_team")
