"""Enums of agents and Activity, as the API names them."""

from enum import Enum

import strawberry


@strawberry.enum(
    name="AgentKind",
    description="Who answers: a model Casebook calls, a webhook it calls, or a local agent - "
    "your own code, wherever it runs, answering through Casebook's clients.",
)
class AgentKind(Enum):
    MODEL = "model"
    WEBHOOK = "webhook"
    LOCAL = strawberry.enum_value(
        "local",
        description="Your own code answers (a laptop, a CI runner): the Python client, "
        "`casebook eval --task/--exec` or the pytest plugin claim an eval run's work and "
        "submit the answers. Casebook never calls it.",
    )
