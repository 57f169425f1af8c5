"""Commands that need the schema refuse a database that is not migrated, saying what to do,
rather than failing on a missing table (or, for several API processes, each in turn)."""

import asyncio
import sys

import pytest

from casebook.config import Settings
from tests.support.live_server import command_environment, free_port
from tests.support.services import RunningServices, scratch_database

pytestmark = pytest.mark.waits_on_processes


@pytest.mark.parametrize(
    "arguments",
    [
        ["seed-demo"],
        ["create-admin", "--email", "first@example.test", "--password", "x" * 16],
        ["serve", "--port", "PORT", "--workers", "2"],
    ],
    ids=["seed-demo", "create-admin", "serve --workers 2"],
)
async def test_a_command_refuses_an_unmigrated_database(
    services: RunningServices, settings: Settings, arguments: list[str]
) -> None:
    async with scratch_database(services.database_url, "unmigrated") as url:
        command = [a.replace("PORT", str(free_port())) for a in arguments]
        env = command_environment(settings.model_copy(update={"database_url": url}))
        process = await asyncio.create_subprocess_exec(
            *(sys.executable, "-m", "casebook.cli", *command),
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 2, (out, err)
    assert "run `casebook migrate`" in err.decode()
    assert "Traceback" not in err.decode()
