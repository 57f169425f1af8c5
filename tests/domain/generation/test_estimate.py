from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.domain.agents.instructions import SkillText
from casebook.domain.agents.model import ToolSpec
from casebook.domain.errors import ValidationFailed
from casebook.domain.evals.estimate import Price
from casebook.domain.generation.counts import MAX_CASES
from casebook.domain.generation.estimate import (
    DRAFT_REPLY_TOKENS,
    GenerationRequest,
    estimate_generation,
    generation_cost,
    generation_request,
    request_fingerprint,
)
from casebook.domain.generation.material import (
    ChatQuestion,
    GenerationMaterial,
    Passage,
    agent_material,
    chat_material,
    knowledge_material,
)
from casebook.domain.generation.sources import SOURCES

MATERIAL = GenerationMaterial(
    agent=agent_material(
        "Handle refunds politely.",
        [SkillText("Tone", "Be brief.")],
        [ToolSpec("lookup_order", read_only=True), ToolSpec("issue_refund")],
    ),
    knowledge=knowledge_material(
        [Passage("p1", 1, "Policy", "Refunds take 5 days."), Passage("p2", 2, "FAQ", "Yes.")],
        knowledge_bases_left_out=1,
    ),
    chats=chat_material(
        [
            ChatQuestion(1, "where is my refund", True, datetime(2026, 1, 1, tzinfo=UTC), "slow"),
            ChatQuestion(2, "hello", False, datetime(2026, 1, 2, tzinfo=UTC)),
        ]
    ),
)
CHEAP = Price(input_per_million=0.15, output_per_million=0.60)


def test_each_source_says_how_many_cases_it_is_asked_for_and_what_it_drafts_from() -> None:
    request = generation_request(7, ["chats", "agent", "knowledge", "red_team"], 10)
    estimate = estimate_generation(request, MATERIAL, model="gpt-4o-mini", price=CHEAP)
    by_source = {s.source: s for s in estimate.sources}
    assert [s.source for s in estimate.sources] == list(SOURCES)
    assert [s.cases for s in estimate.sources] == [3, 3, 2, 2]
    assert by_source["agent"].drafts_from == 4
    assert by_source["agent"].drafts_from_text == (
        "its instructions, 1 skill you can view and 2 tools (1 that changes something)"
    )
    assert by_source["knowledge"].drafts_from_text == (
        "2 passages from 2 documents; 1 knowledge base the agent uses was left out "
        "because you may not read them"
    )
    assert by_source["chats"].drafts_from_text == "2 questions, 1 with a rated-down answer"
    assert estimate.reply_tokens == DRAFT_REPLY_TOKENS * 10


def test_a_paid_generation_under_a_cent_says_so_never_zero_dollars() -> None:
    request = generation_request(7, ["agent"], 1)
    estimate = estimate_generation(request, MATERIAL, model="gpt-4o-mini", price=CHEAP)
    assert estimate.cost.usd is not None and 0 < estimate.cost.usd < 0.01
    assert estimate.cost.text == "under a cent"


@given(
    prompt_tokens=st.integers(1, 2_000_000),
    reply_tokens=st.integers(1, 20_000),
    input_price=st.floats(0.0001, 100),
    output_price=st.floats(0.0, 100),
)
def test_a_paid_model_is_never_said_to_cost_nothing(
    prompt_tokens: int, reply_tokens: int, input_price: float, output_price: float
) -> None:
    cost = generation_cost(
        prompt_tokens, reply_tokens, model="m", price=Price(input_price, output_price)
    )
    assert cost.text != "$0.00"
    assert cost.usd is not None and cost.usd > 0


def test_a_model_missing_from_the_price_table_is_unknown_not_free() -> None:
    request = generation_request(7, ["agent"], 1)
    estimate = estimate_generation(request, MATERIAL, model="local-llama", price=None)
    assert estimate.cost.usd is None
    assert estimate.cost.text == "unknown: the price table has no price for local-llama"


def test_the_estimate_prices_the_prompt_the_generation_would_send() -> None:
    small = estimate_generation(
        generation_request(7, ["agent"], 2), MATERIAL, model="m", price=CHEAP
    )
    more_sources = estimate_generation(
        generation_request(7, ["agent", "knowledge", "chats"], 3), MATERIAL, model="m", price=CHEAP
    )
    assert more_sources.prompt_tokens > small.prompt_tokens


requests = st.builds(
    GenerationRequest,
    agent_id=st.integers(1, 10_000),
    sources=st.lists(st.sampled_from(SOURCES), min_size=1, max_size=4, unique=True).map(tuple),
    count=st.integers(1, MAX_CASES),
)


@given(first=requests, second=requests)
def test_changing_the_agent_the_sources_or_the_count_throws_the_estimate_away(
    first: GenerationRequest, second: GenerationRequest
) -> None:
    same = (
        first.agent_id == second.agent_id
        and set(first.sources) == set(second.sources)
        and first.count == second.count
    )
    assert (request_fingerprint(first) == request_fingerprint(second)) == same


def test_an_estimate_holds_only_for_its_own_request() -> None:
    request = generation_request(7, ["agent", "chats"], 4)
    estimate = estimate_generation(request, MATERIAL, model="m", price=CHEAP)
    assert estimate.holds_for(generation_request(7, ["chats", "agent"], 4))
    assert not estimate.holds_for(generation_request(8, ["agent", "chats"], 4))
    assert not estimate.holds_for(generation_request(7, ["agent"], 4))
    assert not estimate.holds_for(generation_request(7, ["agent", "chats"], 5))


def test_changing_the_focus_tag_throws_the_estimate_away() -> None:
    request = generation_request(7, ["agent"], 4, "refunds")
    estimate = estimate_generation(request, MATERIAL, model="m", price=CHEAP)
    assert request.focus_tag == "refunds"
    assert estimate.holds_for(generation_request(7, ["agent"], 4, " refunds "))
    assert not estimate.holds_for(generation_request(7, ["agent"], 4))
    assert not estimate.holds_for(generation_request(7, ["agent"], 4, "billing"))
    unfocused = estimate_generation(
        generation_request(7, ["agent"], 4), MATERIAL, model="m", price=CHEAP
    )
    assert unfocused.fingerprint != estimate.fingerprint
    assert estimate.prompt_tokens > unfocused.prompt_tokens


@pytest.mark.parametrize(
    ("tag", "message"),
    [
        ("", "must not be blank"),
        ("   ", "must not be blank"),
        ("x" * 101, "is longer than 100 characters"),
        ("a\x00b", "must not contain the NUL character"),
        ("a,b", "must not contain a comma, because CSV writes tags comma-separated"),
    ],
)
def test_a_focus_tag_is_refused_as_a_case_tag_is_on_focus_tag(tag: str, message: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        generation_request(7, ["agent"], 4, tag)
    assert [(e.path, e.message) for e in refused.value.errors] == [("focusTag", message)]


def test_a_credential_in_the_focus_tag_is_redacted() -> None:
    token = "ghp_" + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
    request = generation_request(7, ["agent"], 4, f"key {token}")
    assert request.focus_tag == "key [redacted:github_token]"
