"""Refusals named by the input a client sent, in the API's spelling.

The domain names a field by its dotted path in the stored shape - snake_case,
a check's parameters beside its type (``checks.2.case_sensitive``). The API
takes camelCase inputs and a check as the member named after its type. As an
input is turned into the stored shape, ``InputPaths`` records where each stored
part came from; ``refusals_in`` re-raises a refusal with every path as the
client wrote it (``checks.2.contains.caseSensitive``).
"""

from collections.abc import Iterator
from contextlib import contextmanager

from strawberry.utils.str_converters import to_camel_case

from casebook.domain.errors import FieldError, ValidationFailed
from casebook.services.kernel.errors import BadUserInput

ANY_INDEX = "#"
# Stored names the API spells differently, wherever they appear.
RENAMED = {"model_connection_id": "connectionId"}
# A check's type is the member it was given as: a refusal of it points at the member.
CHECK_TYPE = "type"


def _camel(segment: str) -> str:
    return RENAMED.get(segment) or to_camel_case(segment)


class InputPaths:
    def __init__(self) -> None:
        self._sources: list[tuple[list[str], list[str]]] = []

    def came_from(self, stored: str, given: str) -> None:
        """The stored part at ``stored`` (``#`` matches any index) was given at ``given``."""
        self._sources.append((stored.split("."), given.split(".") if given else []))

    def check_from(self, stored: str, given: str, member: str) -> None:
        """A check stored at ``stored`` was given at ``given`` as the ``member`` member."""
        self.came_from(stored, f"{given}.{member}")
        self.came_from(f"{stored}.{CHECK_TYPE}", f"{given}.{member}")

    def api_path(self, stored: str) -> str:
        segments = stored.split(".") if stored else []
        found: tuple[list[str], list[str]] | None = None
        for source, given in self._sources:
            fits = len(source) <= len(segments) and all(
                part in (ANY_INDEX, segment)
                for part, segment in zip(source, segments, strict=False)
            )
            if fits and (found is None or len(source) > len(found[0])):
                found = (source, given)
        head, rest = (found[1], segments[len(found[0]) :]) if found else ([], segments)
        return ".".join([*head, *(_camel(segment) for segment in rest)])

    def refusal(self, errors: list[FieldError]) -> BadUserInput:
        return BadUserInput([FieldError(self.api_path(e.path), e.message) for e in errors])


@contextmanager
def refusals_in(paths: InputPaths) -> Iterator[None]:
    """Refusals raised inside name their fields as the client gave them."""
    try:
        yield
    except (ValidationFailed, BadUserInput) as refused:
        raise paths.refusal(list(refused.errors)) from None
