"""Reading a string as a calendar date (spec: "Dates are the exception").

Dates are compared as calendar values, never by similarity, so "1972-03-14"
and "1972-03-24" are a clear mismatch however alike they look. This module
only recognises dates; the ladder decides what to do with them.

Recognised writings (month names in English or Spanish, any letter case):

- ISO: ``1972-03-14``, also with ``/`` or ``.``, and with a time after it
  (``1972-03-14T10:30:00Z``); the time is ignored, only the calendar day
  counts and no time zone is applied.
- Numeric day-month-year: ``14/03/1972``, ``14.03.1972``, ``14-03-1972``.
- Month name first: ``March 14, 1972``, ``Mar. 14 1972``, ``March 14th, 1972``.
- Day first: ``14 March 1972``, ``14th Mar 1972``, ``14-Mar-1972``,
  ``14 de marzo de 1972``.

**Ambiguous numeric dates are read day first** (``03/04/1972`` is 3 April),
as the Spanish source writes them. A writing that can only be month first
(``03/14/1972``, since there is no 14th month) is read month first. Two-digit
years and partial dates (``March 1972``) are not dates: they stay text.
"""

import re
from datetime import date

_MONTH_NAMES: tuple[tuple[str, ...], ...] = (
    ("january", "jan", "enero", "ene"),
    ("february", "feb", "febrero"),
    ("march", "mar", "marzo"),
    ("april", "apr", "abril", "abr"),
    ("may", "mayo"),
    ("june", "jun", "junio"),
    ("july", "jul", "julio"),
    ("august", "aug", "agosto", "ago"),
    ("september", "sep", "sept", "septiembre", "setiembre", "set"),
    ("october", "oct", "octubre"),
    ("november", "nov", "noviembre"),
    ("december", "dec", "diciembre", "dic"),
)
_MONTHS: dict[str, int] = {
    name: number for number, names in enumerate(_MONTH_NAMES, start=1) for name in names
}

_TIME_TAIL = r"(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?)?)?"
_YEAR_FIRST = re.compile(rf"(\d{{4}})([-/.])(\d{{1,2}})\2(\d{{1,2}}){_TIME_TAIL}", re.IGNORECASE)
_NUMERIC_DAY_FIRST = re.compile(r"(\d{1,2})([/.-])(\d{1,2})\2(\d{4})")
_ORDINAL = r"(?:st|nd|rd|th)?"
_MONTH_NAME_FIRST = re.compile(
    rf"([^\W\d_]+)\.?\s+(\d{{1,2}}){_ORDINAL},?\s+(\d{{4}})", re.IGNORECASE
)
_DAY_FIRST_MONTH_NAME = re.compile(
    rf"(\d{{1,2}}){_ORDINAL}\.?[\s-]+(?:de\s+)?([^\W\d_]+)\.?,?[\s-]+(?:de\s+)?(\d{{4}})",
    re.IGNORECASE,
)


def parse_calendar_date(text: str) -> date | None:
    """The calendar day ``text`` names, or None when it is not a date."""
    candidate = text.strip()
    if not candidate or not any(ch.isdigit() for ch in candidate):
        return None
    if match := _YEAR_FIRST.fullmatch(candidate):
        return _day(int(match[1]), int(match[3]), int(match[4]))
    if match := _NUMERIC_DAY_FIRST.fullmatch(candidate):
        first, second, year = int(match[1]), int(match[3]), int(match[4])
        if second > 12 >= first:
            return _day(year, first, second)
        return _day(year, second, first)
    if match := _MONTH_NAME_FIRST.fullmatch(candidate):
        month = _MONTHS.get(match[1].casefold())
        return _day(int(match[3]), month, int(match[2])) if month else None
    if match := _DAY_FIRST_MONTH_NAME.fullmatch(candidate):
        month = _MONTHS.get(match[2].casefold())
        return _day(int(match[3]), month, int(match[1])) if month else None
    return None


def _day(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None
