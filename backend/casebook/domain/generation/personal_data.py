"""Personal data the detectors find, taken out before a prompt (spec: "Credentials are
redacted": a generation "takes the personal data the detectors find - e-mail
addresses, phone, card and account numbers - out of the questions and comments
people wrote: a case is read by everyone who may read its dataset").

Each detector replaces what it finds with a placeholder that names what was there
(``[email removed]``), so a draft can still say "the customer gave their e-mail".

What each detector takes, stated once here:

- **E-mail:** a local part of up to 64 address characters, ``@``, and a domain of
  at least two dot-separated labels.
- **Account number:** an IBAN - two capital letters, two check digits and 11 to 30
  capitals or digits, written compact or in its printed groups of four - whose mod-97
  check holds. The longest start that passes is taken, so a capitalised word read as
  one more group stays.
- **Card number:** 13 to 19 digits, optionally in groups separated by single spaces
  or dashes, that pass the Luhn check.
- **Phone number:** 7 to 15 digits (the E.164 bound) in groups separated by single
  spaces, dashes or dots, or with the area code in parentheses. It is taken when it
  starts with ``+``, ``00`` or ``(``, or when it holds at least 10 digits: a national
  number is often written as a bare run of digits. Left alone: an IP address
  (four dot-separated groups of one to three digits) and a decimal number (two groups
  separated by a dot). Over-removing an order number costs a draft some realism;
  leaving a phone number would show it to every reader of the dataset.

A number is read whole between its boundaries: a run of digits glued to letters or
digits, or continued by a separator and another digit, is one number, judged as a
whole. That is also what keeps matching linear: every pattern starts only at the start
of a run and repeats one bounded group, so no text makes it backtrack far.

Detectors run in the order of ``DETECTORS`` (an IBAN before a card, a card before a
phone number, since their digits overlap) and repeat until nothing changes, so removal
is idempotent; a placeholder holds no digit and no ``@``, so this ends.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass

EMAIL_PLACEHOLDER = "[email removed]"
ACCOUNT_PLACEHOLDER = "[account number removed]"
CARD_PLACEHOLDER = "[card number removed]"
PHONE_PLACEHOLDER = "[phone number removed]"

_EMAIL = re.compile(
    r"(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+"
)
# Written compact, or in the printed form: groups of four after the check digits, the
# last group shorter. Capitals only: a lowercase run is a word far more often.
_IBAN_CANDIDATE = re.compile(
    r"(?<![A-Za-z0-9])[A-Z]{2}[0-9]{2}"
    r"(?:[A-Z0-9]{11,30}|(?: [A-Z0-9]{4}){2,7}(?: [A-Z0-9]{1,4})?)(?![A-Za-z0-9])"
)
# Not glued to a digit before it, nor continuing a number written in groups.
_NUMBER_START = r"(?<![0-9A-Za-z])(?<![0-9][ .-])"
_NUMBER_END = r"(?![0-9A-Za-z])(?![ .-][0-9])"
_CARD_CANDIDATE = re.compile(_NUMBER_START + r"[0-9](?:[ -]?[0-9]){12,18}" + _NUMBER_END)
_PHONE_CANDIDATE = re.compile(
    r"(?<![0-9A-Za-z+(])(?<![0-9][ .-])"
    r"(?:\+|00)?(?:\([0-9]{1,4}\)[ .-]?)?[0-9](?:[ .-]?[0-9]){4,16}" + _NUMBER_END
)
_IP_ADDRESS = re.compile(r"[0-9]{1,3}(?:\.[0-9]{1,3}){3}")
_DECIMAL = re.compile(r"[0-9]+\.[0-9]+")

IBAN_MIN_CHARS = 15
IBAN_MAX_CHARS = 34
PHONE_MIN_DIGITS = 7
PHONE_MAX_DIGITS = 15
PHONE_BARE_MIN_DIGITS = 10
CARD_MIN_DIGITS = 13
CARD_MAX_DIGITS = 19


def _digits(text: str) -> str:
    return "".join(c for c in text if c.isdigit())


def luhn_valid(digits: str) -> bool:
    """The Luhn check every payment card number passes."""
    if not digits.isdigit():
        return False
    total = 0
    for position, char in enumerate(reversed(digits)):
        value = int(char)
        if position % 2 == 1:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def iban_valid(compact: str) -> bool:
    """ISO 13616's check: the first four characters moved to the end, letters read as
    10 to 35, and the number taken modulo 97 is 1."""
    return longest_valid_iban(compact) == len(compact)


def longest_valid_iban(compact: str) -> int | None:
    """The length of the longest start of ``compact`` that is a valid IBAN, if any. One
    pass: the remainder of the account part is carried from one length to the next, so
    a long candidate costs no more than reading it."""
    if len(compact) < IBAN_MIN_CHARS or not compact.isascii() or not compact.isalnum():
        return None
    head = compact[:4].upper()
    head_digits = "".join(str(int(c, 36)) for c in head)
    head_value, head_scale = int(head_digits) % 97, 10 ** len(head_digits)
    remainder, longest = 0, None
    for length, char in enumerate(compact[4:IBAN_MAX_CHARS].upper(), start=5):
        digits = str(int(char, 36))
        remainder = (remainder * 10 ** len(digits) + int(digits)) % 97
        if length >= IBAN_MIN_CHARS and (remainder * head_scale + head_value) % 97 == 1:
            longest = length
    return longest


def is_card_number(text: str) -> bool:
    digits = _digits(text)
    return CARD_MIN_DIGITS <= len(digits) <= CARD_MAX_DIGITS and luhn_valid(digits)


def is_phone_number(text: str) -> bool:
    digits = _digits(text)
    if not PHONE_MIN_DIGITS <= len(digits) <= PHONE_MAX_DIGITS:
        return False
    if _IP_ADDRESS.fullmatch(text) or _DECIMAL.fullmatch(text):
        return False
    marked = text.startswith(("+", "00", "("))
    return marked or len(digits) >= PHONE_BARE_MIN_DIGITS


def _replace_card(match: re.Match[str]) -> str:
    return CARD_PLACEHOLDER if is_card_number(match.group()) else match.group()


def _replace_phone(match: re.Match[str]) -> str:
    return PHONE_PLACEHOLDER if is_phone_number(match.group()) else match.group()


def _replace_iban(match: re.Match[str]) -> str:
    """The longest start of the candidate that is a valid IBAN, replaced; the rest kept."""
    candidate = match.group()
    ends: list[int] = []  # ends[n]: where the first n+1 letters and digits end in candidate
    for index, char in enumerate(candidate):
        if char != " ":
            ends.append(index + 1)
    length = longest_valid_iban(candidate.replace(" ", ""))
    if length is None:
        return candidate
    return ACCOUNT_PLACEHOLDER + candidate[ends[length - 1] :]


@dataclass(frozen=True, slots=True)
class Detector:
    kind: str
    pattern: re.Pattern[str]
    replace: Callable[[re.Match[str]], str]
    # A character every match holds; text without it is skipped at C speed.
    trigger: re.Pattern[str]


DETECTORS: tuple[Detector, ...] = (
    Detector("email", _EMAIL, lambda _match: EMAIL_PLACEHOLDER, re.compile("@")),
    Detector("account_number", _IBAN_CANDIDATE, _replace_iban, re.compile("[0-9]")),
    Detector("card_number", _CARD_CANDIDATE, _replace_card, re.compile("[0-9]")),
    Detector("phone_number", _PHONE_CANDIDATE, _replace_phone, re.compile("[0-9]")),
)
PLACEHOLDERS: tuple[str, ...] = (
    EMAIL_PLACEHOLDER,
    ACCOUNT_PLACEHOLDER,
    CARD_PLACEHOLDER,
    PHONE_PLACEHOLDER,
)


def remove_personal_data(text: str) -> tuple[str, int]:
    """``text`` with every value a detector finds replaced by its placeholder, and how many
    were; repeated until nothing changes."""
    total = 0
    while True:
        removed = [0]
        for detector in DETECTORS:
            if detector.trigger.search(text):
                text = detector.pattern.sub(_counted(detector.replace, removed), text)
        if removed[0] == 0:
            return text, total
        total += removed[0]


def _counted(
    replace: Callable[[re.Match[str]], str], removed: list[int]
) -> Callable[[re.Match[str]], str]:
    def replace_and_count(match: re.Match[str]) -> str:
        replacement = replace(match)
        if replacement != match.group():
            removed[0] += 1
        return replacement

    return replace_and_count


def personal_data_found(text: str) -> bool:
    return remove_personal_data(text)[1] > 0
