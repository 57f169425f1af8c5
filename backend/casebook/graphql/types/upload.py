"""The Upload scalar: a file part of a multipart request, and nothing else.

The GraphQL multipart request spec puts a file where ``map`` says; a client
can as well point ``map`` at a plain form field, or send text or an object as
the variable itself. Such a value is refused where variables are read, naming
the variable, instead of reaching a resolver that reads a file.
"""

from typing import Any

from starlette.datastructures import UploadFile
from strawberry.exceptions import StrawberryInputCoercionError
from strawberry.types.scalar import ScalarDefinition

DESCRIPTION = (
    "A file: a part of a multipart request (the GraphQL multipart request spec) that "
    "`map` points at. Text, a plain form field or any other value is refused."
)


def parse_upload(value: object) -> UploadFile:
    if isinstance(value, UploadFile):
        return value
    kind = "text (a plain form field?)" if isinstance(value, str) else type(value).__name__
    raise StrawberryInputCoercionError(
        f"Value cannot represent an Upload: expected a file part of a multipart request, "
        f"got {kind}."
    )


def _literal(node: Any, variables: Any = None) -> UploadFile:
    raise StrawberryInputCoercionError(
        "Value cannot represent an Upload: a file is sent as a multipart request's part, "
        "never written in the document."
    )


def _serialize(value: object) -> object:
    return value


UploadScalar = ScalarDefinition(
    name="Upload",
    description=DESCRIPTION,
    specified_by_url=None,
    serialize=_serialize,
    parse_value=parse_upload,
    parse_literal=_literal,
    origin=UploadFile,
)
