"""Settings read from the environment (and a `.env` file beside the process)."""

from functools import lru_cache
from typing import Any

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from casebook.domain.outbound import IPNetwork, allowed_networks
from casebook.llm.outbound import OutboundPolicy
from casebook.llm.pricing import PriceTable

# USD per million tokens. Operators set MODEL_PRICES (JSON) for the models they use;
# a model missing from the table is reported unpriced, never free.
DEFAULT_MODEL_PRICES: dict[str, dict[str, float]] = {
    "gpt-4o-mini": {"input_per_million": 0.15, "output_per_million": 0.60},
    "gpt-4o": {"input_per_million": 2.50, "output_per_million": 10.00},
    "gpt-4.1-mini": {"input_per_million": 0.40, "output_per_million": 1.60},
    "claude-3-5-haiku-latest": {"input_per_million": 0.80, "output_per_million": 4.00},
    "text-embedding-3-small": {"input_per_million": 0.02},
}


# Public, so worthless as a secret: `casebook serve` and `casebook worker` refuse it (and any
# key shorter than SECRET_KEY_MIN_LENGTH); `casebook dev` makes a random one instead.
PUBLIC_DEFAULT_SECRET_KEY = "dev-only-change-me-0123456789abcdef"
SECRET_KEY_MIN_LENGTH = 32


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    database_url: str = Field(
        default="", description="postgresql+asyncpg://… ; empty starts an embedded server"
    )
    redis_url: str = Field(default="", description="redis://… ; empty starts an embedded server")
    data_dir: str = Field(default=".data", description="where embedded services keep their data")
    console_origins: list[str] = Field(
        default=["http://localhost:5173", "http://127.0.0.1:5173"],
        description="origins allowed to call the API from a browser (CORS, websockets)",
    )
    secret_key: str = Field(
        default=PUBLIC_DEFAULT_SECRET_KEY,
        description="signs CSRF tokens and encrypts provider keys; `casebook serve` refuses "
        "the public default",
    )
    session_days: int = 14
    live_recheck_seconds: float = Field(
        default=5.0,
        gt=0,
        description="a websocket's credentials are checked again at most this long after the "
        "last check, before operations and subscription events (docs/live-connections.md)",
    )
    live_queue_events: int = Field(
        default=1000,
        ge=1,
        le=1_000_000,
        description="live updates one subscription may fall behind before it is ended "
        "(LIMIT_EXCEEDED) rather than the API process holding an ever-growing backlog",
    )
    sign_in_failures_per_account: int = Field(
        default=10, ge=1, description="failed sign-ins to one account before it is throttled"
    )
    sign_in_failures_per_address: int = Field(
        default=100, ge=1, description="failed sign-ins from one client address before throttling"
    )
    sign_in_window_seconds: int = Field(
        default=900, ge=1, description="how long failed sign-ins are counted and throttled"
    )
    secure_cookies: bool = False
    log_level: str = "INFO"
    log_json: bool = True
    dataset_max_version_rows_per_org: int = 5_000_000
    graphql_max_cost: int = Field(
        default=50_000,
        ge=1,
        description="the most one GraphQL operation may cost: each field 1, what a list "
        "nests times its page size (first), an export its size; past it LIMIT_EXCEEDED",
    )
    graphql_export_cost: int = Field(
        default=5_000,
        ge=1,
        description="what one Dataset.export costs toward graphql_max_cost: the cases of a "
        "version it may carry",
    )
    metrics_enabled: bool = Field(
        default=True, description="serve Prometheus metrics at /metrics on the API"
    )
    metrics_token: str = Field(
        default="",
        description="when set, /metrics (API and worker) needs 'Authorization: Bearer <token>'",
    )
    worker_metrics_host: str = Field(
        default="127.0.0.1", description="address the worker's metrics listener binds"
    )
    worker_metrics_port: int = Field(
        default=9610, ge=0, le=65535, description="port of the worker's /metrics; 0 turns it off"
    )
    worker_wake_on_handover: bool = Field(
        default=True,
        description="a worker hears on Redis pub/sub when a job is queued and takes it at "
        "once; false: it finds jobs only by polling its queue, every 0.5 s",
    )
    graphql_shortcuts: bool = Field(
        default=True,
        description="execute GraphQL with Casebook's shortcuts past graphql-core's and "
        "Strawberry's per-field machinery (2.3-2.8 times the throughput); checked at start "
        "against the versions they were written for. false: the libraries' own paths, "
        "the same answers, slower (docs/operations.md)",
    )
    worker_drain_seconds: float = Field(
        default=25.0,
        ge=0,
        le=3600,
        description="on SIGTERM (or SIGINT) a worker takes no new job and gives the jobs it "
        "runs this long to finish what they started - an eval run stores the answers of the "
        "agent calls in flight and hands the rest to the next worker; then it cancels what "
        "is left and exits. Keep the stop grace period of whatever stops it (docker compose "
        "stop_grace_period, Kubernetes terminationGracePeriodSeconds) above it",
    )
    job_heartbeat_seconds: float = 10.0
    job_stale_after_seconds: float = 60.0
    database_pool_size: int = Field(
        default=20,
        ge=1,
        le=200,
        description="PostgreSQL connections each API process keeps, and the most it opens: "
        "when all are busy a request waits for one (up to 10 s) rather than opening another",
    )
    worker_database_pool_size: int = Field(
        default=16,
        ge=1,
        le=200,
        description="PostgreSQL connections a worker keeps (as many again under load): eval "
        "runs keep up to their concurrency of answers in flight",
    )
    eval_lease_seconds: float = Field(
        default=30.0,
        gt=0,
        le=3600,
        description="how long a worker holds an eval run's work item without renewing it; "
        "an item whose lease ran out is taken over by another worker",
    )
    eval_client_idle_seconds: float = Field(
        default=3600.0,
        ge=0,
        le=7 * 86_400,
        description="how long a local agent's eval run waits for a client to claim or answer "
        "its work before it fails as abandoned (its answers so far kept); 0 waits for ever",
    )
    eval_concurrency_per_organization: int = Field(
        default=64,
        ge=1,
        le=10_000,
        description="answers in flight at once across all eval runs of one organization",
    )
    model_prices: dict[str, dict[str, float]] = Field(
        default_factory=lambda: {k: dict(v) for k, v in DEFAULT_MODEL_PRICES.items()},
        description='USD per million tokens by model: {"model": {"input_per_million": 0.15, '
        '"output_per_million": 0.6}}',
    )
    model_read_timeout_seconds: float = Field(
        default=120.0, gt=0, description="how long a model may take to answer one call"
    )
    model_max_attempts: int = Field(
        default=4, ge=1, le=10, description="tries of a model call on 429, 5xx and timeouts"
    )
    agent_tool_timeout_seconds: float = Field(
        default=10.0, gt=0, le=300, description="how long a model agent's tool endpoint may take"
    )
    model_retry_base_delay_seconds: float = Field(
        default=0.5, ge=0, description="first wait between tries; doubles each retry"
    )
    outbound_allowed_networks: list[str] = Field(
        default_factory=list,
        description='networks (CIDR, JSON list: ["10.20.0.0/16"]) that webhook agents, tool '
        "endpoints and model connections may be called at besides public addresses and "
        "loopback, for agents run inside the deployment's own network; metadata, "
        "link-local and unspecified addresses stay refused (docs/outbound-calls.md)",
    )
    otlp_requests_in_flight: int = Field(
        default=4,
        ge=1,
        le=256,
        description="OTLP export requests (POST /v1/traces) one API process stores at once; "
        "past it an exporter is answered 429 with Retry-After and sends again",
    )
    otlp_settle_seconds: float = Field(
        default=120.0,
        gt=0,
        le=86_400,
        description="how long a span waits for the span above it before it is stored as "
        "the top of its own tree",
    )

    @field_validator("model_prices")
    @classmethod
    def _prices_read_as_a_table(cls, value: dict[str, Any]) -> dict[str, Any]:
        PriceTable.from_mapping(value)
        return value

    @field_validator("outbound_allowed_networks")
    @classmethod
    def _networks_read_as_cidr(cls, value: list[str]) -> list[str]:
        allowed_networks(value)
        return value

    def outbound_networks(self) -> tuple[IPNetwork, ...]:
        return allowed_networks(self.outbound_allowed_networks)

    def outbound_policy(self) -> OutboundPolicy:
        """Which addresses outbound calls may connect to."""
        return OutboundPolicy(self.outbound_networks())

    @property
    def secret_key_is_usable(self) -> bool:
        return (
            self.secret_key != PUBLIC_DEFAULT_SECRET_KEY
            and len(self.secret_key) >= SECRET_KEY_MIN_LENGTH
        )

    def price_table(self) -> PriceTable:
        return PriceTable.from_mapping(self.model_prices)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
