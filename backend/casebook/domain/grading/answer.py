"""The answer being graded: what the agent said, the calls it made, its figures."""

from dataclasses import dataclass, field

from casebook.domain.jsonvalue import JSONObject


@dataclass(frozen=True, slots=True)
class MadeToolCall:
    """A tool call the agent made, by the name the run recorded.

    ``blocked`` is true when an isolated run blocked the write; it still counts
    as a call the agent made.
    """

    name: str
    args: JSONObject = field(default_factory=dict)
    blocked: bool = False

    def to_json(self) -> JSONObject:
        return {"name": self.name, "args": self.args, "blocked": self.blocked}


@dataclass(frozen=True, slots=True)
class AnswerUnderTest:
    """One answer to one case. A figure the run did not report is ``None``."""

    text: str
    tool_calls: tuple[MadeToolCall, ...] = ()
    cost_usd: float | None = None
    latency_ms: float | None = None
