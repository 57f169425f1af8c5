"""Every metric Casebook exports, and the calls that record them.

``docs/operations.md`` lists them with what to alert on. Record through the
functions below, not the metric objects, so label values stay bounded and
the same everywhere. Gauges say how they add up when several API processes
serve (``casebook serve --workers N``): connections sum over live processes,
sampled queue figures take the latest sample.
"""

from collections.abc import Iterable

from prometheus_client import Counter, Gauge, Histogram

from casebook.observability.labels import BoundedLabel

# Seconds. Requests: 5 ms to 30 s; jobs: 0.1 s to an hour; model calls: 0.1 s to 2 min.
REQUEST_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30)
JOB_BUCKETS = (0.1, 0.5, 1, 5, 15, 60, 300, 900, 1800, 3600)
MODEL_BUCKETS = (0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)

ANONYMOUS = "anonymous"
_operation = BoundedLabel(limit=300)  # named by clients
_model = BoundedLabel(limit=100)  # named by organizations' connections

HTTP_REQUEST_SECONDS = Histogram(
    "casebook_http_request_duration_seconds",
    "HTTP requests by route template, method and status code.",
    ["route", "method", "status"],
    buckets=REQUEST_BUCKETS,
)
GRAPHQL_OPERATION_SECONDS = Histogram(
    "casebook_graphql_operation_duration_seconds",
    "GraphQL queries and mutations by operation name and type.",
    ["operation", "type"],
    buckets=REQUEST_BUCKETS,
)
GRAPHQL_ERRORS = Counter(
    "casebook_graphql_errors",
    "GraphQL errors by extensions.code and operation name.",
    ["operation", "code"],
)
WEBSOCKET_CONNECTIONS = Gauge(
    "casebook_websocket_connections",
    "Open websocket connections.",
    multiprocess_mode="livesum",
)
SUBSCRIPTIONS_ACTIVE = Gauge(
    "casebook_graphql_subscriptions_active",
    "GraphQL subscriptions running now, by operation name.",
    ["operation"],
    multiprocess_mode="livesum",
)
JOBS_QUEUED = Gauge(
    "casebook_jobs_queued",
    "Jobs recorded and not yet started (sampled when scraped).",
    multiprocess_mode="mostrecent",
)
JOBS_RUNNING = Gauge(
    "casebook_jobs_running",
    "Jobs running now (sampled when scraped).",
    multiprocess_mode="mostrecent",
)
JOB_OLDEST_QUEUED_SECONDS = Gauge(
    "casebook_job_oldest_queued_age_seconds",
    "How long the oldest queued job has waited; 0 when none waits (sampled when scraped).",
    multiprocess_mode="mostrecent",
)
WORKER_ARQ_QUEUE_LENGTH = Gauge(
    "casebook_worker_arq_queue_length",
    "Jobs on arq's Redis queue, as this worker last saw it.",
    multiprocess_mode="mostrecent",
)
WORKER_WAITING_FOR_REDIS = Gauge(
    "casebook_worker_waiting_for_redis",
    "1 while this worker cannot reach Redis and waits for it.",
    multiprocess_mode="max",
)
JOB_SECONDS = Histogram(
    "casebook_job_duration_seconds",
    "Jobs run to their end by kind and outcome (succeeded, failed).",
    ["kind", "outcome"],
    buckets=JOB_BUCKETS,
)
MODEL_CALLS = Counter(
    "casebook_model_calls",
    "Model calls by helper, model, kind (chat, embedding) and outcome (ok, error, refused).",
    ["helper", "model", "kind", "outcome"],
)
MODEL_CALL_SECONDS = Histogram(
    "casebook_model_call_duration_seconds",
    "Model calls that answered, by helper, model and kind.",
    ["helper", "model", "kind"],
    buckets=MODEL_BUCKETS,
)
MODEL_TOKENS = Counter(
    "casebook_model_tokens",
    "Tokens by helper, model and direction (input, output).",
    ["helper", "model", "direction"],
)
MODEL_COST_USD = Counter(
    "casebook_model_cost_usd",
    "Estimated cost of model calls in US dollars, by helper and model.",
    ["helper", "model"],
)
EVAL_ANSWERS = Counter(
    "casebook_eval_answers",
    "Answers agents gave in eval runs, by outcome.",
    ["outcome"],
)


def http_request(route: str, method: str, status: int, seconds: float) -> None:
    HTTP_REQUEST_SECONDS.labels(route, method, str(status)).observe(seconds)


def operation_label(name: str | None) -> str:
    return _operation(name) if name else ANONYMOUS


def graphql_operation(
    operation: str, kind: str, seconds: float, error_codes: Iterable[str] = ()
) -> None:
    """One query or mutation answered; ``operation`` comes from ``operation_label``."""
    GRAPHQL_OPERATION_SECONDS.labels(operation, kind).observe(seconds)
    graphql_errors(operation, error_codes)


def graphql_errors(operation: str, error_codes: Iterable[str]) -> None:
    for code in error_codes:
        GRAPHQL_ERRORS.labels(operation, code).inc()


def websocket_opened() -> None:
    WEBSOCKET_CONNECTIONS.inc()


def websocket_closed() -> None:
    WEBSOCKET_CONNECTIONS.dec()


def subscription_started(operation: str) -> None:
    SUBSCRIPTIONS_ACTIVE.labels(operation).inc()


def subscription_ended(operation: str) -> None:
    SUBSCRIPTIONS_ACTIVE.labels(operation).dec()


def job_queue(queued: int, running: int, oldest_queued_seconds: float) -> None:
    JOBS_QUEUED.set(queued)
    JOBS_RUNNING.set(running)
    JOB_OLDEST_QUEUED_SECONDS.set(oldest_queued_seconds)


def worker_waiting_for_redis(waiting: bool) -> None:
    WORKER_WAITING_FOR_REDIS.set(1 if waiting else 0)


def arq_queue_length(length: int) -> None:
    WORKER_ARQ_QUEUE_LENGTH.set(length)


def job_finished(kind: str, outcome: str, seconds: float) -> None:
    JOB_SECONDS.labels(kind, outcome).observe(seconds)


def model_call(
    helper: str,
    model: str,
    kind: str,
    outcome: str,
    *,
    seconds: float | None = None,
    input_tokens: int = 0,
    output_tokens: int = 0,
    cost_usd: float = 0.0,
) -> None:
    """One call of a model: ``outcome`` is ok, error (the provider failed) or refused (a
    budget stopped it before it was made)."""
    model = _model(model)
    MODEL_CALLS.labels(helper, model, kind, outcome).inc()
    if seconds is not None:
        MODEL_CALL_SECONDS.labels(helper, model, kind).observe(seconds)
    if input_tokens:
        MODEL_TOKENS.labels(helper, model, "input").inc(input_tokens)
    if output_tokens:
        MODEL_TOKENS.labels(helper, model, "output").inc(output_tokens)
    if cost_usd:
        MODEL_COST_USD.labels(helper, model).inc(cost_usd)


def eval_answers(count: int = 1, *, outcome: str = "answered") -> None:
    """Count answers agents gave in an eval run (``rate()`` of it is answers per second).

    ``outcome``: ``answered``, or why there is no answer (``failed``, ``timed_out``…);
    keep it to a handful of fixed words."""
    EVAL_ANSWERS.labels(outcome).inc(count)
