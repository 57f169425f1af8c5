from enum import Enum


class AgentKind(str, Enum):
    MODEL = "MODEL"
    WEBHOOK = "WEBHOOK"
    LOCAL = "LOCAL"


class EvalFlipKind(str, Enum):
    REGRESSION = "REGRESSION"
    IMPROVEMENT = "IMPROVEMENT"


class EvalRunStatus(str, Enum):
    QUEUED = "QUEUED"
    RUNNING = "RUNNING"
    CONFIRMING = "CONFIRMING"
    FINISHED = "FINISHED"
    FAILED = "FAILED"
    CANCELLED = "CANCELLED"


class EvalWorkPurpose(str, Enum):
    ANSWER = "ANSWER"
    CONFIRM = "CONFIRM"


class LengthUnit(str, Enum):
    CHARACTERS = "CHARACTERS"
    WORDS = "WORDS"


class RatingValue(str, Enum):
    UP = "UP"
    DOWN = "DOWN"


class ReviewDecisionOutcome(str, Enum):
    PASS = "PASS"
    FAIL = "FAIL"


class ScoreOutcome(str, Enum):
    PASS = "PASS"
    FAIL = "FAIL"
    NOT_GRADED = "NOT_GRADED"


class StepKind(str, Enum):
    TOOL_CALL = "TOOL_CALL"
    TEXT = "TEXT"


class ToolCallStatus(str, Enum):
    OK = "OK"
    FAILED = "FAILED"
    BLOCKED = "BLOCKED"


class TurnRole(str, Enum):
    USER = "USER"
    AGENT = "AGENT"


class Visibility(str, Enum):
    ORGANIZATION = "ORGANIZATION"
    PRIVATE = "PRIVATE"
