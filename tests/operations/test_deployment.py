"""The deployment brings a crashed service back: compose restarts every long-running one."""

from pathlib import Path

import yaml

COMPOSE = Path(__file__).resolve().parents[2] / "docker-compose.yml"
ONE_SHOT = {"migrate"}


def test_every_long_running_service_restarts_unless_stopped() -> None:
    services = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))["services"]
    assert {"postgres", "redis", "api", "worker", "frontend"} <= set(services)
    for name, service in services.items():
        expected = "no" if name in ONE_SHOT else "unless-stopped"
        assert service.get("restart") == expected, name
