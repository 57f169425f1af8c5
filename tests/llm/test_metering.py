"""Every call is checked against budgets before and booked after."""

import pytest

from casebook.llm.errors import BudgetExhausted, ProviderUnavailable
from casebook.llm.metering import MeteredCall, MeteredProvider
from casebook.llm.openai_compatible import OpenAICompatibleProvider
from casebook.llm.protocol import ChatMessage, ChatRequest, Usage
from casebook.observability import exposition
from tests.support.metering import InMemoryMeteringSink
from tests.support.model_server import ModelServer, error_reply, text_reply
from tests.support.prometheus import grew, parse

ORG = 7
REQUEST = ChatRequest(model="judge-model", messages=[ChatMessage("user", "Grade this.")])


async def test_a_spent_budget_stops_the_call_before_any_request(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    sink = InMemoryMeteringSink(helper_budgets_usd={(ORG, "judge"): 0.0})
    judge = MeteredProvider(openai_provider, sink, org_id=ORG, helper="judge")
    model_server.reply_with(text_reply("never sent"))

    with pytest.raises(BudgetExhausted) as raised:
        await judge.chat(REQUEST)
    with pytest.raises(BudgetExhausted):
        await judge.embed("embed-model", ["a"])

    assert raised.value.reason == "the judge's budget of $0.00 is spent"
    assert model_server.requests == []
    assert sink.calls == []


async def test_chat_and_embeddings_are_recorded_against_org_and_helper(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    sink = InMemoryMeteringSink()
    generator = MeteredProvider(openai_provider, sink, org_id=ORG, helper="generator")
    model_server.reply_with(text_reply("draft", input_tokens=1000, output_tokens=500))

    await generator.chat(REQUEST)
    await generator.embed("embed-model", ["one two", "three"])

    assert [(org, helper, call.kind, call.model) for org, helper, call in sink.calls] == [
        (ORG, "generator", "chat", "judge-model"),
        (ORG, "generator", "embedding", "embed-model"),
    ]
    chat_call = sink.calls[0][2]
    assert chat_call.usage == Usage(1000, 500)
    assert chat_call.cost_usd == pytest.approx(0.006)
    assert sink.calls[1][2].usage == Usage(3, 0)
    assert sink.checks == [(ORG, "generator"), (ORG, "generator")]


async def test_the_organization_budget_stops_every_helper_once_spent(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    sink = InMemoryMeteringSink(org_budgets_usd={ORG: 0.005})
    judge = MeteredProvider(openai_provider, sink, org_id=ORG, helper="judge")
    generator = MeteredProvider(openai_provider, sink, org_id=ORG, helper="generator")
    model_server.reply_with(text_reply("verdict", input_tokens=1000, output_tokens=500))

    await judge.chat(REQUEST)
    with pytest.raises(BudgetExhausted, match=r"organization's model budget of \$0\.01"):
        await generator.chat(REQUEST)

    assert len(model_server.chat_requests) == 1


async def test_a_failed_call_books_nothing(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    sink = InMemoryMeteringSink()
    judge = MeteredProvider(openai_provider, sink, org_id=ORG, helper="judge")
    model_server.reply_with(*[error_reply(500)] * 3)

    with pytest.raises(ProviderUnavailable):
        await judge.chat(REQUEST)

    assert sink.calls == []


def test_metered_call_carries_what_a_usage_row_needs() -> None:
    call = MeteredCall("chat", "m", Usage(1, 2), 0.5, True, 12.0)

    assert (call.usage.total_tokens, call.priced) == (3, True)


async def test_refused_and_failed_calls_are_counted_for_the_operator(
    model_server: ModelServer, openai_provider: OpenAICompatibleProvider
) -> None:
    before = parse(exposition.render().decode())
    spent = InMemoryMeteringSink(helper_budgets_usd={(ORG, "judge"): 0.0})
    with pytest.raises(BudgetExhausted):
        await MeteredProvider(openai_provider, spent, org_id=ORG, helper="judge").chat(REQUEST)
    model_server.reply_with(*[error_reply(500)] * 3)
    generator = MeteredProvider(
        openai_provider, InMemoryMeteringSink(), org_id=ORG, helper="generator"
    )
    with pytest.raises(ProviderUnavailable):
        await generator.chat(REQUEST)

    after = parse(exposition.render().decode())
    calls = "casebook_model_calls_total"
    refused = {"helper": "judge", "model": "judge-model", "kind": "chat", "outcome": "refused"}
    failed = {"helper": "generator", "model": "judge-model", "kind": "chat", "outcome": "error"}
    assert grew(before, after, calls, **refused) == 1
    assert grew(before, after, calls, **failed) == 1
    assert (
        grew(
            before,
            after,
            "casebook_model_tokens_total",
            helper="generator",
            model="judge-model",
            direction="input",
        )
        == 0
    )
