"""The ``casebook`` command belongs to the client package: ``casebook eval`` loads nothing of
the server (a CI runner needs only ``pip install casebook-client``), and the server's
commands, registered under the ``casebook.commands`` entry points, load no database layer
until one of them needs it."""

import subprocess
import sys

import pytest

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


def test_without_the_server_its_commands_say_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from casebook_client.cli import main as cli

    monkeypatch.setattr(cli, "server_commands", dict)
    for command in ("serve", "worker", "migrate", "create-admin", "dev"):
        with pytest.raises(SystemExit) as exited:
            cli.main([command])
        assert exited.value.code == 2
        assert "install the server" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["frobnicate"])
    assert "unknown command 'frobnicate'" in capsys.readouterr().err
