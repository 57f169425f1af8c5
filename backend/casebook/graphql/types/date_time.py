"""The DateTime scalar: every time read is a moment in UTC, whatever its spelling.

A time given without an offset (``2030-01-01T09:30:00``) or a date alone
(``2030-01-01``, its midnight) is read as UTC, so a filter that mixes spellings
compares moments, never a zoned against an unzoned time. A time whose moment in
UTC falls outside the years 1 to 9999 (``0001-01-01T00:00:00+14:00``,
``9999-12-31T23:59:59-12:00``) names itself as the value no field takes,
rather than overflowing wherever it is converted. Answers are given in UTC.
"""

import datetime as dt

import dateutil.parser
from strawberry.exceptions import StrawberryInputCoercionError
from strawberry.types.scalar import ScalarDefinition

DESCRIPTION = (
    "A moment, ISO 8601 / RFC 3339: 2030-01-01T09:30:00Z or 2030-01-01T10:30:00+01:00. "
    "A time without an offset is read as UTC, and a date alone as its midnight UTC; the "
    "moment in UTC must fall within the years 1 to 9999. Answers are given in UTC."
)


def parse_moment(value: object) -> dt.datetime:
    """``value`` as an aware datetime in UTC, or a coercion error saying what is wrong."""
    if not isinstance(value, str):
        raise StrawberryInputCoercionError(
            f"Value cannot represent a DateTime: {value!r}. Expected an ISO 8601 string."
        )
    try:
        parsed: dt.datetime = dateutil.parser.isoparse(value)
    except (ValueError, OverflowError) as error:
        raise StrawberryInputCoercionError(
            f'Value cannot represent a DateTime: "{value}". {error}'
        ) from None
    if parsed.tzinfo is None:
        return parsed.replace(tzinfo=dt.UTC)
    try:
        return parsed.astimezone(dt.UTC)
    except OverflowError:
        raise StrawberryInputCoercionError(
            f'Value cannot represent a DateTime: "{value}" falls outside the years 1 to 9999 '
            "in UTC."
        ) from None


def _serialize(value: dt.datetime) -> str:
    return value.isoformat()


DateTimeScalar = ScalarDefinition(
    name="DateTime",
    description=DESCRIPTION,
    specified_by_url=None,
    serialize=_serialize,
    parse_value=parse_moment,
    parse_literal=None,
    origin=dt.datetime,
)
