"""An ingestion batch is built from its plan into the very values Strawberry would build."""

from strawberry.relay import GlobalID
from strawberry.types.arguments import convert_argument

from casebook.graphql.mutations.activity import (
    ConversationInput,
    ConversationTurnInput,
    RecordConversationsInput,
    RunInput,
    StepInput,
)
from casebook.graphql.schema import schema
from casebook.graphql.types.activity.enums import StepKind, ToolCallStatus, TurnRole


def test_a_batch_is_built_with_every_field_given_and_the_defaults_of_those_left_out() -> None:
    value = {
        "conversations": [
            {
                "externalId": "c1",
                "agentId": str(GlobalID("Agent", "7")),
                "endUser": "ana@example.com",
                "memberId": None,
                "turns": [
                    {"externalId": "q", "role": TurnRole.USER, "content": "Hi?"},
                    {
                        "externalId": "a",
                        "role": TurnRole.AGENT,
                        "run": {
                            "steps": [
                                {
                                    "kind": StepKind.TOOL_CALL,
                                    "toolName": "lookup",
                                    "arguments": {"id": [1, {"x": None}]},
                                    "status": ToolCallStatus.OK,
                                },
                                {"kind": StepKind.TEXT, "text": "Hello"},
                            ],
                            "costUsd": 0.5,
                            "isolated": True,
                        },
                    },
                ],
            }
        ]
    }
    built = convert_argument(
        value,
        RecordConversationsInput,
        schema.schema_converter.scalar_registry,
        schema.config,
    )
    expected = RecordConversationsInput(
        conversations=[
            ConversationInput(
                external_id="c1",
                agent_id=GlobalID("Agent", "7"),
                end_user="ana@example.com",
                member_id=None,
                turns=[
                    ConversationTurnInput(external_id="q", role=TurnRole.USER, content="Hi?"),
                    ConversationTurnInput(
                        external_id="a",
                        role=TurnRole.AGENT,
                        run=RunInput(
                            steps=[
                                StepInput(
                                    kind=StepKind.TOOL_CALL,
                                    tool_name="lookup",
                                    arguments={"id": [1, {"x": None}]},
                                    status=ToolCallStatus.OK,
                                ),
                                StepInput(kind=StepKind.TEXT, text="Hello"),
                            ],
                            cost_usd=0.5,
                            isolated=True,
                        ),
                    ),
                ],
            )
        ]
    )
    assert built == expected
    assert built.conversations[0].title is None and built.conversations[0].turns[0].run is None
