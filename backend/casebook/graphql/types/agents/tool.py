import strawberry
from strawberry.scalars import JSON

from casebook.domain.agents.model import ToolSpec


@strawberry.type(name="AgentTool", description="A tool an agent declares.")
class ToolType:
    name: str = strawberry.field(description="What the model calls it by.")
    description: str
    parameters: JSON | None = strawberry.field(
        description="The JSON Schema of its arguments (an object schema); null: none declared."
    )
    read_only: bool = strawberry.field(
        description="It only reads. In an isolated run any other tool is never executed: "
        "the call is recorded as blocked."
    )
    endpoint: str | None = strawberry.field(
        description="Where a model agent's call is executed (signed POST); null: the call "
        "answers 'not available here'. Webhook agents execute their own tools."
    )

    @classmethod
    def from_spec(cls, spec: ToolSpec) -> "ToolType":
        return cls(
            name=spec.name,
            description=spec.description,
            parameters=JSON(spec.parameters) if spec.parameters is not None else None,
            read_only=spec.read_only,
            endpoint=spec.endpoint,
        )
