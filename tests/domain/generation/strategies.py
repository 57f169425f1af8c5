"""Hypothesis strategies for personal data: values each detector must find, and filler
text around them that holds none."""

from hypothesis import strategies as st

from casebook.domain.generation.personal_data import luhn_valid

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
DIGITS = "0123456789"


def _luhn_check_digit(body: str) -> str:
    for digit in DIGITS:
        if luhn_valid(body + digit):
            return digit
    raise AssertionError("a Luhn check digit always exists")


def _iban(country: str, bban: str) -> str:
    numeric = "".join(str(int(c, 36)) for c in bban + country + "00")
    return f"{country}{98 - int(numeric) % 97:02d}{bban}"


def _grouped(compact: str, separator: str) -> str:
    return separator.join(compact[i : i + 4] for i in range(0, len(compact), 4))


words = st.text(alphabet=LETTERS + ",;:!?'\"()", min_size=1, max_size=12)
filler = st.lists(words, min_size=0, max_size=6).map(" ".join)

emails = st.builds(
    lambda local, labels: f"{local}@{'.'.join(labels)}",
    st.text(alphabet=LETTERS + DIGITS + "._+-", min_size=1, max_size=20),
    st.lists(st.text(alphabet=LETTERS + DIGITS, min_size=1, max_size=10), min_size=2, max_size=4),
)
cards = st.builds(
    lambda body, separator: _grouped(body + _luhn_check_digit(body), separator),
    st.text(alphabet=DIGITS, min_size=12, max_size=18),
    st.sampled_from(["", " ", "-"]),
)
ibans = st.builds(
    lambda country, bban, separator: _grouped(_iban(country, bban), separator),
    st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=2, max_size=2),
    st.text(alphabet=DIGITS + "ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=11, max_size=30),
    st.sampled_from(["", " "]),
)
phones = st.builds(
    lambda country, groups, separator: f"+{country} " + separator.join(groups),
    st.text(alphabet=DIGITS, min_size=1, max_size=3),
    st.lists(st.text(alphabet=DIGITS, min_size=2, max_size=4), min_size=2, max_size=3),
    st.sampled_from([" ", "-", "."]),
).filter(lambda phone: 8 <= sum(c.isdigit() for c in phone) <= 15)
personal_values = st.one_of(emails, cards, ibans, phones)
