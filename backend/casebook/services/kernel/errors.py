"""Errors a service raises; the GraphQL layer maps each onto one error code.

Messages are for people and never carry a secret, a stack or another
organization's data.
"""

from dataclasses import dataclass, field

from casebook.domain.errors import FieldError


class ServiceError(Exception):
    code = "INTERNAL"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(ServiceError):
    code = "NOT_FOUND"

    def __init__(self, what: str = "resource") -> None:
        super().__init__(f"{what} not found")


class Forbidden(ServiceError):
    code = "FORBIDDEN"


class Unauthenticated(ServiceError):
    code = "UNAUTHENTICATED"

    def __init__(self, message: str = "sign in or send an API key") -> None:
        super().__init__(message)


class Conflict(ServiceError):
    code = "CONFLICT"


class LimitExceededError(ServiceError):
    code = "LIMIT_EXCEEDED"

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
    code = "BAD_USER_INPUT"

    def __post_init__(self) -> None:
        summary = "; ".join(f"{e.path}: {e.message}" if e.path else e.message for e in self.errors)
        ServiceError.__init__(self, summary or "invalid input")

    @classmethod
    def at(cls, path: str, message: str) -> "BadUserInput":
        return cls([FieldError(path, message)])


class Unavailable(ServiceError):
    """A system of record cannot be reached for now; the same request will work again."""

    code = "UNAVAILABLE"

    def __init__(self, system: str) -> None:
        super().__init__(
            f"the service is briefly unavailable ({system} cannot be reached); try again shortly"
        )
        self.system = system
