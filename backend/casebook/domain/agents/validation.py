"""Validating what a client sends for an agent or a skill; every problem names its field.

Bounds, so that one agent stays storable and fits in a model's request: a name of
1 to 200 characters, instructions of at most 100,000, at most 64 tools and 20
skills. A tool's name is what the model calls it by, so it keeps to what every
provider accepts (letters, digits, ``_`` and ``-``, at most 64) and is unique in
the agent. Its arguments' JSON Schema must be a valid schema of an object. An
endpoint - a tool's, or a webhook agent's - is an https:// address; plain http
is accepted only on this machine's loopback, for development. Its host must be one
Casebook may call (``domain.outbound``): not a private, link-local or metadata
address however spelt, unless the operator allows its network.
"""

import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

from casebook.domain.agents.model import (
    LocalAgentConfig,
    ModelAgentConfig,
    ToolSpec,
    WebhookAgentConfig,
)
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.jsonvalue import JSONObject
from casebook.domain.outbound import IPNetwork, host_refusal, is_loopback_host
from casebook.domain.redaction import redact_text
from casebook.domain.storable_text import json_problem, text_problem

NAME_MAX = 200
DESCRIPTION_MAX = 5_000
INSTRUCTIONS_MAX = 100_000
MODEL_NAME_MAX = 200
TOOLS_MAX = 64
TOOL_DESCRIPTION_MAX = 2_000
SKILLS_MAX = 20
URL_MAX = 500
VERSION_LABEL_MAX = 200
WEBHOOK_TIMEOUT_MIN_S = 1.0
WEBHOOK_TIMEOUT_MAX_S = 120.0
TOOL_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


@dataclass(frozen=True)
class ToolDraft:
    name: str
    description: str = ""
    parameters: object = None
    read_only: bool = False
    endpoint: str | None = None


def clean_name(value: str, path: str, errors: list[FieldError], *, what: str) -> str:
    """A name as stored: one line, credentials redacted as in a case (a name is shown
    to every reader and exported)."""
    cleaned = redact_text(" ".join(value.split()))[0]
    problem = text_problem(value)
    if problem:
        errors.append(FieldError(path, problem))
    elif not cleaned:
        errors.append(FieldError(path, f"{what} needs a name"))
    elif len(cleaned) > NAME_MAX:
        errors.append(FieldError(path, f"must be at most {NAME_MAX} characters"))
    return cleaned


def clean_text(value: str, path: str, limit: int, errors: list[FieldError]) -> str:
    problem = text_problem(value)
    if problem:
        errors.append(FieldError(path, problem))
    elif len(value) > limit:
        errors.append(FieldError(path, f"must be at most {limit:,} characters"))
    return value.strip()


def endpoint_problem(url: str, allowed: Sequence[IPNetwork] = ()) -> str | None:
    """Why ``url`` cannot be called, or None: https, or http on loopback only, at a host
    ``domain.outbound`` does not refuse (``allowed``: the networks the operator allows)."""
    if len(url) > URL_MAX:
        return f"must be at most {URL_MAX} characters"
    if text_problem(url) or any(ch.isspace() for ch in url):
        return "must be a URL without spaces or control characters"
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError on a port that is not a number
    except ValueError:
        return "is not a URL"
    if not host:
        return "must be an https:// address with a host"
    if parts.username or parts.password:
        return "must not carry credentials; the request is signed instead"
    refused = host_refusal(host, allowed)
    if refused is not None:
        return f"its host is {refused}"
    if parts.scheme == "https" or (parts.scheme == "http" and is_loopback_host(host)):
        return None
    if parts.scheme == "http":
        return "must use https:// (plain http is accepted only on loopback, for development)"
    return "must be an https:// address"


def _parameters(value: object, path: str, errors: list[FieldError]) -> JSONObject | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        errors.append(FieldError(path, "must be a JSON Schema object"))
        return None
    problem = json_problem(value, path)
    if problem is not None:
        errors.append(problem)
        return None
    try:
        Draft202012Validator.check_schema(value)
    except SchemaError as invalid:
        where = ".".join(str(p) for p in invalid.absolute_path)
        errors.append(
            FieldError(
                f"{path}.{where}" if where else path,
                f"is not a valid JSON Schema: {invalid.message[:200]}",
            )
        )
        return None
    declared = value.get("type", "object")
    if declared != "object":
        errors.append(FieldError(f"{path}.type", 'a tool\'s arguments are an object: use "object"'))
        return None
    return value


def validate_tools(
    drafts: Sequence[ToolDraft],
    path: str,
    errors: list[FieldError],
    allowed: Sequence[IPNetwork] = (),
) -> tuple[ToolSpec, ...]:
    if len(drafts) > TOOLS_MAX:
        errors.append(FieldError(path, f"holds more than {TOOLS_MAX} tools"))
        return ()
    tools: list[ToolSpec] = []
    seen: set[str] = set()
    for index, draft in enumerate(drafts):
        at = f"{path}.{index}"
        name = draft.name.strip()
        if not TOOL_NAME.match(name):
            errors.append(FieldError(f"{at}.name", "must be 1 to 64 letters, digits, _ or -"))
            continue
        if name in seen:
            errors.append(FieldError(f"{at}.name", f"another tool of this agent is named {name!r}"))
            continue
        seen.add(name)
        description = clean_text(
            draft.description, f"{at}.description", TOOL_DESCRIPTION_MAX, errors
        )
        parameters = _parameters(draft.parameters, f"{at}.parameters", errors)
        endpoint = (draft.endpoint or "").strip() or None
        if endpoint is not None:
            problem = endpoint_problem(endpoint, allowed)
            if problem:
                errors.append(FieldError(f"{at}.endpoint", problem))
        tools.append(ToolSpec(name, description, parameters, bool(draft.read_only), endpoint))
    return tuple(tools)


def validate_model_config(
    *,
    connection_id: int,
    model: str,
    instructions: str,
    tools: Sequence[ToolDraft],
    skill_ids: Sequence[int],
    allowed: Sequence[IPNetwork] = (),
) -> ModelAgentConfig:
    errors: list[FieldError] = []
    model_name = model.strip()
    if not model_name or len(model_name) > MODEL_NAME_MAX or text_problem(model_name):
        errors.append(FieldError("model", f"must be 1 to {MODEL_NAME_MAX} characters"))
    text = clean_text(instructions, "instructions", INSTRUCTIONS_MAX, errors)
    specs = validate_tools(tools, "tools", errors, allowed)
    skills = tuple(dict.fromkeys(skill_ids))
    if len(skills) > SKILLS_MAX:
        errors.append(FieldError("skillIds", f"an agent uses at most {SKILLS_MAX} skills"))
    if errors:
        raise ValidationFailed(errors)
    return ModelAgentConfig(
        connection_id=connection_id,
        model=model_name,
        instructions=text,
        tools=specs,
        skill_ids=skills,
    )


def validate_webhook_config(
    *,
    url: str,
    tools: Sequence[ToolDraft],
    timeout_seconds: float | None,
    allowed: Sequence[IPNetwork] = (),
) -> WebhookAgentConfig:
    errors: list[FieldError] = []
    endpoint = url.strip()
    problem = endpoint_problem(endpoint, allowed)
    if problem:
        errors.append(FieldError("url", problem))
    specs = validate_tools(tools, "tools", errors)
    for index, tool in enumerate(specs):
        if tool.endpoint is not None:
            errors.append(
                FieldError(f"tools.{index}.endpoint", "a webhook agent executes its own tools")
            )
    timeout = 30.0 if timeout_seconds is None else timeout_seconds
    if not WEBHOOK_TIMEOUT_MIN_S <= timeout <= WEBHOOK_TIMEOUT_MAX_S:
        errors.append(
            FieldError(
                "timeoutSeconds",
                f"must be from {WEBHOOK_TIMEOUT_MIN_S:g} to {WEBHOOK_TIMEOUT_MAX_S:g} seconds",
            )
        )
    if errors:
        raise ValidationFailed(errors)
    return WebhookAgentConfig(url=endpoint, tools=specs, timeout_seconds=timeout)


def validate_local_config(*, tools: Sequence[ToolDraft]) -> LocalAgentConfig:
    """A local agent declares only its tools: its code runs where its clients are."""
    errors: list[FieldError] = []
    specs = validate_tools(tools, "tools", errors)
    for index, tool in enumerate(specs):
        if tool.endpoint is not None:
            errors.append(
                FieldError(f"tools.{index}.endpoint", "a local agent executes its own tools")
            )
    if errors:
        raise ValidationFailed(errors)
    return LocalAgentConfig(tools=specs)


def version_label_problem(label: str) -> str | None:
    """Why a version label (a commit, a branch, "my-laptop") cannot name a version, or None."""
    problem = text_problem(label)
    if problem:
        return problem
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in label):
        return "must be one line without control characters"
    if not label.strip():
        return "must name the version: a commit, a branch, a build"
    if len(label.strip()) > VERSION_LABEL_MAX:
        return f"must be at most {VERSION_LABEL_MAX} characters"
    return None
