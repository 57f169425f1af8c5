"""Errors a service raises; the GraphQL layer maps each onto one error code.

Messages are for people and never carry a secret, a stack or another
organization's data.
"""

from dataclasses import dataclass, field
from enum import StrEnum
from typing import ClassVar

from casebook.domain.errors import FieldError


class ErrorCode(StrEnum):
    """Every ``extensions.code`` an error carries; the schema lists them (enum ErrorCode)."""

    NOT_FOUND = "NOT_FOUND"
    FORBIDDEN = "FORBIDDEN"
    UNAUTHENTICATED = "UNAUTHENTICATED"
    BAD_USER_INPUT = "BAD_USER_INPUT"
    CONFLICT = "CONFLICT"
    LIMIT_EXCEEDED = "LIMIT_EXCEEDED"
    UNAVAILABLE = "UNAVAILABLE"
    # The request is not valid GraphQL for this schema (syntax, unknown field, wrong type).
    GRAPHQL_VALIDATION = "GRAPHQL_VALIDATION"
    INTERNAL = "INTERNAL"


class ServiceError(Exception):
    code: ClassVar[ErrorCode] = ErrorCode.INTERNAL

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(ServiceError):
    code = ErrorCode.NOT_FOUND

    def __init__(self, what: str = "resource") -> None:
        super().__init__(f"{what} not found")


class Forbidden(ServiceError):
    code = ErrorCode.FORBIDDEN


class Unauthenticated(ServiceError):
    code = ErrorCode.UNAUTHENTICATED

    def __init__(self, message: str = "sign in or send an API key") -> None:
        super().__init__(message)


class Conflict(ServiceError):
    code = ErrorCode.CONFLICT


class LimitExceededError(ServiceError):
    code = ErrorCode.LIMIT_EXCEEDED

    def __init__(
        self, message: str, path: str = "", *, retry_after_seconds: int | None = None
    ) -> None:
        super().__init__(message)
        self.path = path
        # When the limit is a matter of time (a throttle), when to try again.
        self.retry_after_seconds = retry_after_seconds


@dataclass
class BadUserInput(ServiceError):
    """One or more fields are invalid; nothing was changed."""

    errors: list[FieldError] = field(default_factory=list)
    code: ClassVar[ErrorCode] = ErrorCode.BAD_USER_INPUT

    def __post_init__(self) -> None:
        summary = "; ".join(f"{e.path}: {e.message}" if e.path else e.message for e in self.errors)
        ServiceError.__init__(self, summary or "invalid input")

    @classmethod
    def at(cls, path: str, message: str) -> "BadUserInput":
        return cls([FieldError(path, message)])


class Unavailable(ServiceError):
    """A system of record cannot be reached for now; the same request will work again."""

    code = ErrorCode.UNAVAILABLE

    def __init__(self, system: str) -> None:
        super().__init__(
            f"the service is briefly unavailable ({system} cannot be reached); try again shortly"
        )
        self.system = system
