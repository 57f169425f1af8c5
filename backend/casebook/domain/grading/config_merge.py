"""Reading and changing a scoring configuration (spec: ``PUT /datasets/{id}/scoring``).

"changes only the settings its body names, at any depth: one left out keeps
its value, and a list given - the criteria, the default checks - replaces the
stored one whole. The pass mark is checked against the scale once merged."

A setting the configuration does not have is refused by its path, so a typo
is reported rather than dropped. A configuration that could score nothing is
refused: every scorer off (path ``""``, the whole configuration), or the judge
on with no criteria (``judge.criteria``).

The structured scorer's section is read by its owner
(``structured_scorer.read_structured_section``): its broken settings are
refused by path under ``structured`` (``structured.strictness``), and it is
kept with every setting written out.
"""

import re
from typing import cast

from casebook.domain.checks.definitions import validate_check
from casebook.domain.checks.evaluate import is_judge_check
from casebook.domain.errors import FieldError, ValidationFailed
from casebook.domain.grading.config import (
    EXTENSION_SCORERS,
    ChecksScorerConfig,
    ExtensionScorerConfig,
    JudgeConfig,
    ReferenceScorerConfig,
    RubricCriterion,
    ScoringConfig,
    ToolCallsScorerConfig,
)
from casebook.domain.grading.structured_scorer import (
    STRUCTURED,
    read_structured_section,
    structured_extension,
)
from casebook.domain.jsonvalue import JSONObject, JSONValue

MAX_SCALE = 10
MIN_PASS_AT = 2
MAX_CRITERIA = 50
CRITERION_TEXT_MAX_CHARS = 1_000
INSTRUCTIONS_MAX_CHARS = 20_000
MAX_DEFAULT_CHECKS = 50
MODEL_ID_MAX_CHARS = 200
CRITERION_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
# The judge run names its own criteria with these; a rubric criterion may not take them.
RESERVED_CRITERION_IDS = frozenset({"reference", "counter_example"})

SECTION_SETTINGS: dict[str, frozenset[str]] = {
    "checks": frozenset({"enabled", "must_pass", "default_checks"}),
    "tool_calls": frozenset({"enabled", "must_pass"}),
    "judge": frozenset(
        {
            "enabled",
            "must_pass",
            "model_connection_id",
            "model",
            "instructions",
            "criteria",
            "scale",
            "pass_at",
        }
    ),
    "reference": frozenset({"enabled", "must_pass"}),
}


def _deep_merge(stored: JSONObject, patch: JSONObject) -> JSONObject:
    merged = dict(stored)
    for key, value in patch.items():
        old = merged.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            merged[key] = _deep_merge(old, value)
        else:
            merged[key] = value
    return merged


def _unknown_settings(document: JSONObject, errors: list[FieldError]) -> None:
    for section, value in document.items():
        if section in EXTENSION_SCORERS:
            if not isinstance(value, dict):
                errors.append(FieldError(section, "must be an object"))
            continue
        known = SECTION_SETTINGS.get(section)
        if known is None:
            errors.append(FieldError(section, "is not a scorer of the scoring configuration"))
        elif not isinstance(value, dict):
            errors.append(FieldError(section, "must be an object"))
        else:
            errors.extend(
                FieldError(f"{section}.{name}", "is not a setting of this scorer")
                for name in value
                if name not in known
            )


def _flag(section: JSONObject, name: str, path: str, errors: list[FieldError]) -> bool:
    value = section[name]
    if isinstance(value, bool):
        return value
    errors.append(FieldError(f"{path}.{name}", "must be true or false"))
    return False


def _whole_number(section: JSONObject, name: str, path: str, errors: list[FieldError]) -> int:
    value = section[name]
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    errors.append(FieldError(f"{path}.{name}", "must be a whole number"))
    return 0


def _default_checks(value: JSONValue, errors: list[FieldError]) -> tuple[JSONObject, ...]:
    path = "checks.default_checks"
    if not isinstance(value, list):
        errors.append(FieldError(path, "must be a list of checks"))
        return ()
    if len(value) > MAX_DEFAULT_CHECKS:
        errors.append(FieldError(path, f"holds more than {MAX_DEFAULT_CHECKS} checks"))
        return ()
    checks: list[JSONObject] = []
    for index, raw in enumerate(value):
        try:
            check = validate_check(raw, f"{path}.{index}")
        except ValidationFailed as refused:
            errors.extend(refused.errors)
            continue
        if is_judge_check(check):
            message = "a criterion for every case belongs in the judge's criteria"
            errors.append(FieldError(f"{path}.{index}.type", message))
        checks.append(check)
    return tuple(checks)


def _criteria(value: JSONValue, errors: list[FieldError]) -> tuple[RubricCriterion, ...]:
    path = "judge.criteria"
    if not isinstance(value, list):
        errors.append(FieldError(path, "must be a list of criteria"))
        return ()
    if len(value) > MAX_CRITERIA:
        errors.append(FieldError(path, f"holds more than {MAX_CRITERIA} criteria"))
        return ()
    criteria: list[RubricCriterion] = []
    seen: set[str] = set()
    for index, raw in enumerate(value):
        here = f"{path}.{index}"
        if not isinstance(raw, dict):
            errors.append(FieldError(here, "must be an object with `id` and `text`"))
            continue
        errors.extend(
            FieldError(f"{here}.{name}", "is not a setting of a criterion")
            for name in raw
            if name not in ("id", "text")
        )
        criterion_id, text = raw.get("id"), raw.get("text")
        if not isinstance(criterion_id, str) or not CRITERION_ID.fullmatch(criterion_id):
            message = "must be 1 to 64 letters, digits, `_` or `-`"
            errors.append(FieldError(f"{here}.id", message))
        elif criterion_id in RESERVED_CRITERION_IDS:
            errors.append(FieldError(f"{here}.id", "is reserved for the judge's own criteria"))
        elif criterion_id in seen:
            errors.append(FieldError(f"{here}.id", "is the id of an earlier criterion"))
        if not isinstance(text, str) or not text.strip():
            errors.append(FieldError(f"{here}.text", "must be text"))
        elif len(text) > CRITERION_TEXT_MAX_CHARS:
            message = f"is longer than {CRITERION_TEXT_MAX_CHARS:,} characters"
            errors.append(FieldError(f"{here}.text", message))
        if isinstance(criterion_id, str) and isinstance(text, str):
            seen.add(criterion_id)
            criteria.append(RubricCriterion(criterion_id, text))
    return tuple(criteria)


def _judge(section: JSONObject, errors: list[FieldError]) -> JudgeConfig:
    model = section["model_connection_id"]
    if model is not None and (not isinstance(model, str) or not model.strip()):
        errors.append(FieldError("judge.model_connection_id", "must be a saved model or null"))
    elif isinstance(model, str) and len(model) > MODEL_ID_MAX_CHARS:
        errors.append(FieldError("judge.model_connection_id", "is not a saved model"))
    model_name = section["model"]
    if model_name is not None and (not isinstance(model_name, str) or not model_name.strip()):
        errors.append(FieldError("judge.model", "must be a model name or null"))
    elif isinstance(model_name, str) and len(model_name) > MODEL_ID_MAX_CHARS:
        message = f"is longer than {MODEL_ID_MAX_CHARS} characters"
        errors.append(FieldError("judge.model", message))
    instructions = section["instructions"]
    if not isinstance(instructions, str):
        errors.append(FieldError("judge.instructions", "must be text"))
        instructions = ""
    elif len(instructions) > INSTRUCTIONS_MAX_CHARS:
        message = f"is longer than {INSTRUCTIONS_MAX_CHARS:,} characters"
        errors.append(FieldError("judge.instructions", message))
    scale = _whole_number(section, "scale", "judge", errors)
    pass_at = _whole_number(section, "pass_at", "judge", errors)
    scale_read = isinstance(section["scale"], int) and not isinstance(section["scale"], bool)
    pass_at_read = isinstance(section["pass_at"], int) and not isinstance(section["pass_at"], bool)
    if scale_read and not 2 <= scale <= MAX_SCALE:
        errors.append(FieldError("judge.scale", f"must be from 2 to {MAX_SCALE}"))
    elif scale_read and pass_at_read and pass_at > scale:
        errors.append(FieldError("judge.pass_at", f"is above the top of the scale, {scale}"))
    elif pass_at_read and pass_at < MIN_PASS_AT:
        errors.append(FieldError("judge.pass_at", "must be 2 or more; at 1 every grade passes"))
    enabled = _flag(section, "enabled", "judge", errors)
    criteria = _criteria(section["criteria"], errors)
    if enabled and not criteria and isinstance(section["criteria"], list):
        errors.append(FieldError("judge.criteria", "the judge is on with no criteria"))
    return JudgeConfig(
        enabled=enabled,
        must_pass=_flag(section, "must_pass", "judge", errors),
        model_connection_id=model if isinstance(model, str) else None,
        model=model_name.strip() if isinstance(model_name, str) else None,
        instructions=instructions,
        criteria=criteria,
        scale=scale,
        pass_at=pass_at,
    )


def _extension(name: str, section: JSONObject, errors: list[FieldError]) -> ExtensionScorerConfig:
    if name == STRUCTURED:
        try:
            return structured_extension(read_structured_section(section))
        except ValidationFailed as refused:
            errors.extend(refused.errors)
            return ExtensionScorerConfig(False, True, section)
    switches = {"enabled": False, "must_pass": True}
    for switch, default in switches.items():
        value = section.get(switch, default)
        if isinstance(value, bool):
            switches[switch] = value
        else:
            errors.append(FieldError(f"{name}.{switch}", "must be true or false"))
    return ExtensionScorerConfig(switches["enabled"], switches["must_pass"], section)


def _build(document: JSONObject, errors: list[FieldError]) -> ScoringConfig:
    sections = {name: cast(JSONObject, document[name]) for name in SECTION_SETTINGS}
    checks, tool_calls, reference = (
        sections["checks"],
        sections["tool_calls"],
        sections["reference"],
    )
    config = ScoringConfig(
        checks=ChecksScorerConfig(
            enabled=_flag(checks, "enabled", "checks", errors),
            must_pass=_flag(checks, "must_pass", "checks", errors),
            default_checks=_default_checks(checks["default_checks"], errors),
        ),
        tool_calls=ToolCallsScorerConfig(
            enabled=_flag(tool_calls, "enabled", "tool_calls", errors),
            must_pass=_flag(tool_calls, "must_pass", "tool_calls", errors),
        ),
        judge=_judge(sections["judge"], errors),
        reference=ReferenceScorerConfig(
            enabled=_flag(reference, "enabled", "reference", errors),
            must_pass=_flag(reference, "must_pass", "reference", errors),
        ),
        extensions={
            name: _extension(name, cast(JSONObject, document[name]), errors)
            for name in EXTENSION_SCORERS
            if name in document
        },
    )
    if not any(enabled for enabled, _ in config.switches().values()):
        errors.append(
            FieldError("", "every scorer is off; a configuration that could score nothing")
        )
    return config


def merge_scoring_update(stored: JSONObject, patch: JSONObject) -> ScoringConfig:
    """The stored configuration with the patch's settings changed, or ``ValidationFailed``.

    ``stored`` may be ``{}`` (a new dataset) or lack settings added since it
    was saved: what it lacks reads as the default.
    """
    errors: list[FieldError] = []
    _unknown_settings(stored, errors)
    _unknown_settings(patch, errors)
    if errors:
        raise ValidationFailed(errors)
    merged = _deep_merge(_deep_merge(ScoringConfig().to_json(), stored), patch)
    config = _build(merged, errors)
    if errors:
        raise ValidationFailed(errors)
    return config


def read_scoring_config(stored: JSONObject) -> ScoringConfig:
    return merge_scoring_update(stored, {})


def new_dataset_scoring() -> ScoringConfig:
    return ScoringConfig()
