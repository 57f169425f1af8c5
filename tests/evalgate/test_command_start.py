"""`casebook eval` is a client of the API: starting it loads no database layer."""

import subprocess
import sys

LOADED_MODULES = (
    "import sys, casebook.cli; "
    "print(sorted({name.split('.')[0] for name in sys.modules} & {'alembic', 'sqlalchemy', 'asyncpg'}))"
)


def test_the_command_line_loads_no_database_layer_until_a_command_needs_it() -> None:
    done = subprocess.run(
        [sys.executable, "-c", LOADED_MODULES], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
