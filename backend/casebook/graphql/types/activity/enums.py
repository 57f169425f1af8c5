"""Enums of Activity, as the API names them."""

from enum import Enum

import strawberry


@strawberry.enum(name="TurnRole", description="Who wrote a message.")
class TurnRole(Enum):
    USER = "user"
    AGENT = "agent"


@strawberry.enum(name="StepKind")
class StepKind(Enum):
    TOOL_CALL = "tool_call"
    TEXT = "text"


@strawberry.enum(name="ToolCallStatus", description="BLOCKED: an isolated run did not execute it.")
class ToolCallStatus(Enum):
    OK = "ok"
    FAILED = "failed"
    BLOCKED = "blocked"


@strawberry.enum(name="RunStatus")
class RunStatus(Enum):
    SUCCEEDED = "succeeded"
    FAILED = "failed"


@strawberry.enum(name="RatingValue", description="Thumbs up or down.")
class RatingValue(Enum):
    UP = "up"
    DOWN = "down"


@strawberry.enum(name="RatingFilter", description="Runs by their ratings.")
class RatingFilter(Enum):
    UP = "up"
    DOWN = "down"
    RATED = "rated"
    UNRATED = "unrated"
