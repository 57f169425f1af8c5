"""What backs a grade: verifying the judge's quotes and spotting a parroted rule.

A quote is verified when the answer contains it word for word, "spacing, the
style of quotation marks and apostrophes, and the quote's own surrounding
quotation marks and final punctuation aside". Spacing aside means whitespace
is not compared at all: a space added or removed ("30days" for "30 days") does
not make a quote unverified. Letter case counts: a quote in other case is not
the answer's own words.

"A grade whose reason is mostly the criterion's own words, with no quote the
answer holds, is an error." *Mostly*, precisely: leave out filler words that
say nothing about an answer (articles, auxiliaries, yes/no, "answer",
"meets", "criterion" ...); the rule restates the criterion when at least
``MOSTLY_SHARE`` of its remaining words, counted with repeats, are words of
the criterion - or when no word remains at all.
"""

import re

MOSTLY_SHARE = 0.8

# Single and double marks are styles of one another too, so every quotation
# mark and apostrophe becomes the plain apostrophe.
_PLAIN_MARKS = str.maketrans(dict.fromkeys('"“”„‟«»″‘’‚‛‹›`´′', "'"))
_SPACES = re.compile(r"\s+")
_QUOTE_MARKS = "'"
_FINAL_PUNCTUATION = ".,;:!?…"
_WORD = re.compile(r"\w+")

# fmt: off
FILLER_WORDS = frozenset({
    "a", "an", "the", "this", "that", "these", "those", "it", "its", "it's", "they", "their",
    "them", "there", "here", "is", "are", "was", "were", "be", "been", "being", "am", "do", "does",
    "did", "doesn", "don", "didn", "isn", "aren", "wasn", "t", "s", "has", "have", "had", "having",
    "will", "would", "should", "shall", "can", "could", "may", "might", "must", "of", "to", "in",
    "on", "at", "by", "for", "from", "with", "as", "and", "or", "but", "if", "so", "than", "then",
    "also", "both", "yes", "no", "not", "none", "nor", "any", "all", "some", "very", "fully",
    "clearly", "indeed", "well", "properly", "correctly", "answer", "answers", "response", "reply",
    "agent", "model", "output", "criterion", "criteria", "requirement", "requirements", "rule",
    "meets", "meet", "met", "satisfies", "satisfy", "fulfils", "fulfills", "fulfil", "fulfill",
    "complies", "comply", "passes", "pass", "fails", "fail", "grade",
})
# fmt: on


def normalize_text(text: str) -> str:
    """Quotation marks and apostrophes made one plain mark, whitespace runs one space."""
    return _SPACES.sub(" ", text.translate(_PLAIN_MARKS)).strip()


def normalize_quote(quote: str) -> str:
    """``normalize_text`` without the quote's own surrounding marks and final punctuation."""
    text = normalize_text(quote)
    previous = None
    while text != previous:
        previous = text
        text = text.rstrip(_FINAL_PUNCTUATION).strip()
        if len(text) >= 2 and text[0] in _QUOTE_MARKS and text[-1] in _QUOTE_MARKS:
            text = text[1:-1].strip()
        elif text and text[0] in _QUOTE_MARKS and text.count(text[0]) == 1:
            text = text[1:].strip()
        elif text and text[-1] in _QUOTE_MARKS and text.count(text[-1]) == 1:
            text = text[:-1].strip()
    return text


def unspaced(text: str) -> str:
    """Text with its whitespace left out, for comparing spacing aside."""
    return "".join(text.split())


def quote_is_in(quote: str, normalized_text: str) -> bool:
    """Whether a (non-empty) quote is word for word in text already ``normalize_text``-ed,
    spacing aside."""
    needle = unspaced(normalize_quote(quote))
    return bool(needle) and needle in unspaced(normalized_text)


def restates_criterion(rule: str, criterion_text: str) -> bool:
    words = [word for word in _WORD.findall(rule.casefold()) if word not in FILLER_WORDS]
    if not words:
        return True
    criterion_words = set(_WORD.findall(criterion_text.casefold()))
    shared = sum(1 for word in words if word in criterion_words)
    return shared >= MOSTLY_SHARE * len(words)
