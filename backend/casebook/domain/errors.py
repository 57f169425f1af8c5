"""Errors the domain raises; the API maps them onto its error codes.

Every refusal names the field (a dotted path such as ``checks.2.value`` or
``rows.14.input``) so a client can point at it.
"""

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class FieldError:
    path: str
    message: str

    def prefixed(self, prefix: str) -> "FieldError":
        return FieldError(f"{prefix}.{self.path}" if self.path else prefix, self.message)


class DomainError(Exception):
    """Base of every rule violation the domain reports."""


@dataclass
class ValidationFailed(DomainError):
    """Input broke one or more rules; nothing may be changed."""

    errors: list[FieldError] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(self.summary())

    def summary(self) -> str:
        return "; ".join(f"{e.path}: {e.message}" if e.path else e.message for e in self.errors)


@dataclass
class PermissionsMissing(ValidationFailed):
    """The actor may see what it asked about, but lacks a permission the operation needs:
    each refusal names the input it concerns and the permission, all at once."""


@dataclass
class LimitExceeded(DomainError):
    """A bound of the specification (size, count, cap) was passed."""

    message: str
    path: str = ""

    def __post_init__(self) -> None:
        super().__init__(self.message)
