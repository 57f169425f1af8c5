"""Settings read from the environment (and a `.env` file beside the process)."""

from functools import lru_cache

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


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
        default="dev-only-change-me-0123456789abcdef",
        description="signs CSRF tokens and encrypts provider keys; set it in production",
    )
    session_days: int = 14
    secure_cookies: bool = False
    log_level: str = "INFO"
    log_json: bool = True
    dataset_max_version_rows_per_org: int = 5_000_000
    job_heartbeat_seconds: float = 10.0
    job_stale_after_seconds: float = 60.0


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
