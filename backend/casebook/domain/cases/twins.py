"""Twins: a new case asking what a case already asks (spec: "In the console").

Questions are compared "without regard to case or spacing": the key folds case
(``str.casefold``, so "STRASSE" and "straße" agree) and turns every run of
whitespace, line breaks included, into one space, ignoring it at either end.
Punctuation and wording still count: "Return window?" and "Return window" differ.
"""


def question_key(text: str) -> str:
    """The key two questions share exactly when they are twins."""
    return " ".join(text.split()).casefold()
