"""Shared configurations and cases for the grading tests."""

from casebook.domain.cases.model import CaseContent, ExpectedToolCall, Turn
from casebook.domain.grading.config import ScoringConfig
from casebook.domain.grading.config_merge import merge_scoring_update
from casebook.domain.jsonvalue import JSONObject


def scoring(patch: JSONObject) -> ScoringConfig:
    return merge_scoring_update({}, patch)


RUBRIC: JSONObject = {
    "judge": {
        "enabled": True,
        "model_connection_id": "conn-1",
        "model": "judge-model",
        "instructions": "Grade as a **support lead** would.",
        "criteria": [{"id": "tone", "text": "Is the answer polite?"}],
    }
}

FULL_CASE = CaseContent(
    input="Can I return a used kettle?",
    history=(
        Turn("user", "I bought a kettle last week."),
        Turn("assistant", "Thanks, how can I help?"),
    ),
    reference_answer="No, only unused items can be returned.",
    counter_example="Yes, any item can be returned within 30 days.",
    expected_tool_calls=(ExpectedToolCall("lookup_policy", {"topic": "returns"}),),
    checks=(
        {"type": "contains", "value": "unused"},
        {"type": "judge", "criterion": "Does it refuse without blaming the customer?"},
    ),
    note="The agent once promised refunds on used items.",
)
