import strawberry
from strawberry.scalars import JSON

from casebook.graphql.types.activity.enums import StepKind, ToolCallStatus
from casebook.services.kernel.records import RunStep


@strawberry.type(
    name="RunStep",
    description="One step of a reply: a tool call with its arguments and status, or text.",
)
class RunStepType:
    position: int = strawberry.field(description="1 for the first step.")
    kind: StepKind
    text: str | None = strawberry.field(description="A text step's text.")
    tool_name: str | None
    arguments: JSON | None = strawberry.field(description="A tool call's arguments.")
    status: ToolCallStatus | None
    result: str | None = strawberry.field(description="What the tool answered, when recorded.")
    read_only: bool | None = strawberry.field(
        description="Whether the answering version declares the tool read-only (null: it does "
        "not declare it)."
    )

    @classmethod
    def from_row(cls, row: RunStep) -> "RunStepType":
        return cls(
            position=row.position,
            kind=StepKind(row.kind),
            text=row.text,
            tool_name=row.tool_name,
            arguments=JSON(row.arguments) if row.arguments is not None else None,
            status=ToolCallStatus(row.status) if row.status else None,
            result=row.result,
            read_only=row.read_only,
        )
