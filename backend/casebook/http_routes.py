"""Plain HTTP routes beside GraphQL (downloads for browsers). Capabilities add theirs here."""

from starlette.routing import BaseRoute


def extra_routes() -> list[BaseRoute]:
    return []
