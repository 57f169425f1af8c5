"""Writes schema.graphql from the code (`make schema`); a test keeps the two equal."""

import sys
from pathlib import Path

from strawberry.printer import print_schema

from casebook.graphql.schema import schema


def render() -> str:
    return print_schema(schema) + "\n"


if __name__ == "__main__":
    Path(sys.argv[1] if len(sys.argv) > 1 else "schema.graphql").write_text(
        render(), encoding="utf-8"
    )
