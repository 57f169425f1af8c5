"""The required counter-example criterion's own rules (spec: "The judge").

"A pass on the counter-example criterion is an error when it quotes only what
the two share, or quotes nothing from an answer that copies the
counter-example; any other with nothing quoted stands, marked unverified. An
answer that keeps the counter-example and adds what it lacked passes on a
quote of the addition. An answer that is the counter-example, or a part of
it, fails the criterion whatever the judge said."

The answer and the counter-example compare after ``normalize_text``, without
regard to letter case or spacing - a copy typed in capitals or with its
spaces changed is still the counter-example. An answer *is a part of* the
counter-example when the counter-example contains it (its own surrounding
quotation marks and final punctuation aside, as for a quote - an empty answer
is a part of anything), and *copies* it when it contains the whole
counter-example. The judge's quotes are verified against the answer as a
quote always is (``quotes``).
"""

from collections.abc import Sequence

from casebook.domain.grading.quotes import normalize_quote, normalize_text, quote_is_in, unspaced


def _folded(text: str) -> str:
    return unspaced(text).casefold()


def answer_is_part_of_counter_example(answer_text: str, counter_example: str) -> bool:
    return _folded(normalize_quote(answer_text)) in _folded(normalize_text(counter_example))


def answer_copies_counter_example(answer_text: str, counter_example: str) -> bool:
    whole = _folded(normalize_quote(counter_example))
    return bool(whole) and whole in _folded(normalize_text(answer_text))


def counter_example_pass_error(
    verified_quotes: Sequence[str], answer_text: str, counter_example: str
) -> str | None:
    """Why a pass on the criterion is an error, or ``None`` when the pass stands.

    ``verified_quotes`` are the grade's quotes the answer holds.
    """
    if verified_quotes:
        shared = normalize_text(counter_example)
        if all(quote_is_in(quote, shared) for quote in verified_quotes):
            return "the pass quotes only what the answer shares with the counter-example"
        return None
    if answer_copies_counter_example(answer_text, counter_example):
        return "the pass quotes nothing from an answer that copies the counter-example"
    return None
