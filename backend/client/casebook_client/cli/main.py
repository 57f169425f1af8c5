"""``casebook``: ``eval`` is this package's; every other command is one the server package
registers under the ``casebook.commands`` entry-point group (``casebook serve`` …), called
with the whole argument list. Without the server installed, those say so."""

import sys
from importlib.metadata import EntryPoint, entry_points

COMMANDS_GROUP = "casebook.commands"
# The server's commands, named in the message when it is not installed.
SERVER_COMMANDS = ("serve", "worker", "migrate", "create-admin", "dev")
USAGE = """usage: casebook <command> [options]

  eval            run an eval from CI: answer it with your code (--task, --exec) or let the
                  server call the agent; summary, JUnit XML and the gate's exit code
{server}
`casebook <command> --help` for a command's options."""


def server_commands() -> dict[str, EntryPoint]:
    return {point.name: point for point in entry_points(group=COMMANDS_GROUP)}


def _usage(commands: dict[str, EntryPoint]) -> str:
    if commands:
        listed = "  " + ", ".join(sorted(commands)) + ": the server's (`casebook serve --help` …)"
    else:
        listed = (
            "  (serve, worker, migrate, create-admin and dev come with the Casebook server,\n"
            "  which is not installed here)"
        )
    return USAGE.format(server=listed)


def main(argv: list[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "eval":
        from casebook_client.cli.eval_command import main as eval_main

        sys.exit(eval_main(args[1:]))
    commands = server_commands()
    if args and args[0] in commands:
        command = commands[args[0]].load()
        command(args)
        return
    if not args or args[0] in ("-h", "--help"):
        print(_usage(commands))
        sys.exit(0 if args else 2)
    if args[0] in SERVER_COMMANDS:
        print(
            f"casebook {args[0]}: a command of the Casebook server, which is not installed "
            "here; install the server (pip install ./backend from the repository) - this "
            "package, casebook-client, has casebook eval only",
            file=sys.stderr,
        )
    else:
        print(f"casebook: unknown command {args[0]!r}\n\n{_usage(commands)}", file=sys.stderr)
    sys.exit(2)


if __name__ == "__main__":
    main()
