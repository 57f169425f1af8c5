"""The closest cases to a run's question: most shared words first."""

from casebook.domain.grading.closest_cases import closest_first, searched_words, shared_words


def test_cases_sharing_most_words_come_first_and_those_sharing_none_are_left_out() -> None:
    question = "Where is my order 1234?"
    cases = ["Can I pay by card?", "Where is order 99?", "my ORDER is late, where is it?"]
    assert shared_words(question, cases[2]) == 4
    assert closest_first(question, cases, lambda c: c, 10) == [cases[2], cases[1]]
    assert closest_first(question, cases, lambda c: c, 1) == [cases[2]]


def test_short_words_are_not_searched_for() -> None:
    assert searched_words("Is my order 1234 here?") == ["order", "1234", "here"]
