"""Checks as the API shows them (``Check``: one member set) and as a client writes them."""

from typing import Any

TEXT = "value path caseSensitive"
CHECK_FIELDS = f"""contains {{ {TEXT} }} notContains {{ {TEXT} }} equals {{ {TEXT} }}
  regex {{ {TEXT} }} jsonSchema {{ schema path }} maxCostUsd {{ value }}
  maxLatencyMs {{ value }} length {{ unit min max path }} judge {{ criterion }}"""


def as_written(shown: dict[str, Any]) -> dict[str, Any]:
    """A check read from the API in the shape CheckInput takes: the member that is set, with
    the parameters that are."""
    ((member, parameters),) = [(k, v) for k, v in shown.items() if v is not None]
    return {member: {name: value for name, value in parameters.items() if value is not None}}
