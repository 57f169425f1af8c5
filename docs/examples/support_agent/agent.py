"""A small support agent for the quickstart (docs/test-from-ci.md): deterministic, no model,
so its eval runs say the same thing every time. It answers from a few policies, looks an
order up with a read-only tool, and asks for refunds with a tool that changes something -
which, in an eval run (always isolated), it reports as blocked instead of executing.

    casebook eval --dataset … --agent … --task agent:answer      # from this folder
"""

import re

from casebook_client import Answer, EvalCase, ToolCall

POLICIES = {
    "return": "You can return an item within 30 days of delivery for a full refund.",
    "shipping": "Standard shipping takes 3 to 5 business days; express takes 1 to 2.",
    "warranty": "Every kettle carries a two-year warranty against manufacturing faults.",
    "hours": "Our support team is available Monday to Friday, 9:00 to 17:00 CET.",
}
ORDERS = {"A1001": "shipped on 2 March", "A1002": "waiting for stock"}
ORDER_NUMBER = re.compile(r"\b[A-Z]\d{4}\b")


def lookup_order(order: str) -> str:
    return ORDERS.get(order, "not found")


def answer(case: EvalCase) -> Answer | str:
    question = case.input.lower()
    order = ORDER_NUMBER.search(case.input)
    if order and "refund" in question:
        # A refund changes something: never executed in an isolated run, reported blocked.
        executed = case.may_execute("request_refund")
        call = ToolCall("request_refund", {"order": order.group()}, "ok" if executed else "blocked")
        return Answer(
            f"I have asked for a refund of order {order.group()}; you will hear from us by e-mail.",
            tool_calls=[call],
        )
    if order:
        status = lookup_order(order.group())
        return Answer(
            f"Order {order.group()} is {status}.",
            tool_calls=[ToolCall("lookup_order", {"order": order.group()}, result=status)],
        )
    for topic, policy in POLICIES.items():
        if topic in question or (topic == "return" and "send back" in question):
            return policy
    return "I am not sure; let me pass you to a colleague."
