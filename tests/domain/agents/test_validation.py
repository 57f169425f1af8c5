"""Validating an agent's configuration: every problem named on its path."""

import pytest

from casebook.domain.agents.validation import (
    ToolDraft,
    endpoint_problem,
    validate_model_config,
    validate_webhook_config,
)
from casebook.domain.errors import ValidationFailed
from casebook.domain.outbound import allowed_networks


@pytest.mark.parametrize(
    ("url", "fine"),
    [
        ("https://agents.example.com/hook", True),
        ("http://127.0.0.1:8080/hook", True),
        ("http://localhost/hook", True),
        ("http://[::1]:9/x", True),
        ("http://agents.example.com/hook", False),
        ("ftp://agents.example.com", False),
        ("https://user:pw@agents.example.com", False),
        ("https://", False),
        ("https://a.example.com/\u0000", False),
        ("https://a.example.com:99999999/", False),
        ("not a url", False),
        ("http://127.1:8080/hook", True),
        ("http://0x7f000001/hook", True),
        ("https://169.254.169.254/latest/meta-data/", False),
        ("https://10.0.0.1/hook", False),
        ("https://100.64.0.1/hook", False),
        ("https://[fd00::1]/hook", False),
        ("https://[::ffff:10.0.0.1]/hook", False),
        ("http://[::ffff:127.0.0.1]/hook", False),
        ("https://0.0.0.0/hook", False),
        ("https://167772161/hook", False),
        ("https://012.0.0.1/hook", False),
        ("https://metadata.google.internal/computeMetadata/v1/", False),
    ],
)
def test_an_endpoint_is_https_or_loopback_http(url: str, fine: bool) -> None:
    assert (endpoint_problem(url) is None) is fine


def test_an_allowed_network_lets_an_endpoint_be_saved_but_never_metadata() -> None:
    inside = allowed_networks(["10.0.0.0/8", "169.254.0.0/16"])
    assert endpoint_problem("https://10.1.2.3/hook", inside) is None
    assert endpoint_problem("https://10.1.2.3/hook") == (
        "its host is a private address, not allowed by OUTBOUND_ALLOWED_NETWORKS"
    )
    assert endpoint_problem("https://169.254.169.254/", inside) == (
        "its host is a cloud metadata address"
    )


def _paths(refused: ValidationFailed) -> set[str]:
    return {e.path for e in refused.errors}


def test_tools_are_named_as_providers_accept_unique_and_with_object_schemas() -> None:
    with pytest.raises(ValidationFailed) as refused:
        validate_model_config(
            connection_id=1,
            model="",
            instructions="x" * 100_001,
            tools=[
                ToolDraft("ok_tool", parameters={"type": "object"}),
                ToolDraft("ok_tool"),
                ToolDraft("bad name"),
                ToolDraft("schema", parameters={"type": "array"}),
                ToolDraft("broken", parameters={"type": 12}),
                ToolDraft("listed", parameters=[1]),
            ],
            skill_ids=list(range(21)),
        )
    assert _paths(refused.value) == {
        "model",
        "instructions",
        "tools.1.name",
        "tools.2.name",
        "tools.3.parameters.type",
        "tools.4.parameters.type",
        "tools.5.parameters",
        "skillIds",
    }


def test_a_webhook_agent_has_a_bounded_timeout_and_executes_its_own_tools() -> None:
    with pytest.raises(ValidationFailed) as refused:
        validate_webhook_config(
            url="https://a.example.com",
            tools=[ToolDraft("t", endpoint="https://t.example.com")],
            timeout_seconds=float("nan"),
        )
    assert _paths(refused.value) == {"tools.0.endpoint", "timeoutSeconds"}
    config = validate_webhook_config(url=" https://a.example.com ", tools=[], timeout_seconds=None)
    assert config.url == "https://a.example.com" and config.timeout_seconds == 30.0
