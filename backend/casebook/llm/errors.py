"""Why a model call did not produce an answer.

Every message here is safe to show a user or write to a log: none carries an
API key, a request body or text the provider echoed back from one.
"""


class ProviderError(Exception):
    """Base of every failure of a model call."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class ProviderUnavailable(ProviderError):
    """The provider could not be reached, or kept failing (5xx), after every retry."""


class ProviderTimeout(ProviderUnavailable):
    """The provider did not answer within the configured timeout, after every retry."""


class ProviderAddressRefused(ProviderError):
    """The provider's address is, or resolves to, one Casebook does not call
    (``domain.outbound``); nothing was sent."""


class RateLimited(ProviderError):
    """The provider kept answering 429 after every retry."""


class ProviderRejected(ProviderError):
    """The provider refused the request (a 4xx other than 429); retrying would not help."""

    def __init__(self, message: str, *, status: int) -> None:
        super().__init__(message)
        self.status = status


class MalformedResponse(ProviderError):
    """The provider answered 2xx with something that is not the API's documented shape."""


class UnsupportedOperation(ProviderError):
    """The provider has no such operation (Anthropic has no embeddings endpoint)."""


class LocalEmbeddingsUnavailable(ProviderError):
    """The local embedding model was chosen but its optional extra is not installed."""


class BudgetExhausted(ProviderError):
    """A budget of the organization or of the helper is spent; no call was made."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
