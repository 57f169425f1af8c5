"""The ``casebook`` command belongs to the client package: ``casebook eval`` loads nothing of
the server (a CI runner needs only ``pip install casebook-client``), and the server's
commands, registered under the ``casebook.commands`` entry points, load no database layer
until one of them needs it."""

import subprocess
import sys

LOADED = (
    "import sys; from casebook_client.cli.main import main\n"
    "try:\n    main({argv!r})\nexcept SystemExit:\n    pass\n"
    "print(sorted({{n.split('.')[0] for n in sys.modules}} & "
    "{{'casebook', 'alembic', 'sqlalchemy', 'asyncpg', 'strawberry'}}))"
)


def _loaded(argv: list[str]) -> str:
    done = subprocess.run(
        [sys.executable, "-c", LOADED.format(argv=argv)], capture_output=True, text=True, check=True
    )
    return done.stdout.strip().splitlines()[-1]


def test_casebook_eval_loads_nothing_of_the_server() -> None:
    assert _loaded(["eval", "--help"]) == "[]"


def test_the_server_commands_load_no_database_layer_until_one_needs_it() -> None:
    assert _loaded(["serve", "--help"]) == "['casebook']"


def test_the_command_lists_the_server_commands_it_can_run() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "casebook_client", "--help"], capture_output=True, text=True
    )
    assert done.returncode == 0
    for command in ("eval", "serve", "worker", "migrate", "create-admin", "dev"):
        assert command in done.stdout
