"""Checks: rules about an answer, each a JSON object whose ``type`` names the rule."""

from casebook.domain.checks.definitions import (
    CHECK_TYPES,
    REGEX_MAX_LENGTH,
    canonical_check,
    validate_check,
)

__all__ = [
    "CHECK_TYPES",
    "REGEX_MAX_LENGTH",
    "canonical_check",
    "validate_check",
]
