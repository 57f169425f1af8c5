"""Judge trust's figures and the settings that send to review without a person."""

import pytest

from casebook.domain.review.queue import SentBy
from casebook.domain.review.settings import (
    ReviewByPerson,
    automatic_sending,
    graded_at_pass_mark,
    repetitions_disagree,
    sent_by_setting,
)
from casebook.domain.review.trust import Agreement, agreement, flips


def test_agreement_and_kappa_on_a_hand_computed_table() -> None:
    # 10 decisions: judge and person both pass 4, both fail 3, judge pass / person fail 2,
    # judge fail / person pass 1. po = 7/10; judge passes 6/10, person 5/10;
    # pe = 0.6 * 0.5 + 0.4 * 0.5 = 0.5; kappa = (0.7 - 0.5) / (1 - 0.5) = 0.4.
    pairs = [(True, True)] * 4 + [(False, False)] * 3 + [(True, False)] * 2 + [(False, True)]
    found = agreement(pairs)
    assert found == Agreement(4, 3, 2, 1)
    assert found.decided == 10
    assert found.raw == pytest.approx(0.7)
    assert found.kappa == pytest.approx(0.4)


def test_kappa_is_undefined_with_nothing_decided_or_when_chance_agrees_always() -> None:
    assert agreement([]).raw is None and agreement([]).kappa is None
    everyone_passes = agreement([(True, True)] * 5)
    assert everyone_passes.raw == 1.0 and everyone_passes.kappa is None


def test_kappa_below_zero_when_they_disagree_more_than_chance() -> None:
    found = agreement([(True, False), (False, True)])
    assert found.raw == 0.0 and found.kappa == pytest.approx(-1.0)


def test_flip_rate_counts_same_answers_graded_more_than_once() -> None:
    found = flips([[True, True], [True, False, True], [False]])
    assert (found.repeated, found.flipped) == (2, 1)
    assert found.rate == pytest.approx(0.5)
    assert flips([[True]]).rate is None


def test_review_by_a_person() -> None:
    assert not sent_by_setting(ReviewByPerson.NOTHING, "fail")
    assert sent_by_setting(ReviewByPerson.NOT_PASSED, "fail")
    assert sent_by_setting(ReviewByPerson.NOT_PASSED, "not_graded")
    assert not sent_by_setting(ReviewByPerson.NOT_PASSED, "pass")
    assert sent_by_setting(ReviewByPerson.EVERY, "pass")


def test_low_confidence_is_a_grade_at_the_pass_mark_or_repetitions_that_disagree() -> None:
    at_mark = {"grades": [{"status": "pass", "grade": 4}, {"status": "pass", "grade": 5}]}
    above = {"grades": [{"status": "pass", "grade": 5}]}
    assert graded_at_pass_mark(at_mark, 4)
    assert not graded_at_pass_mark(above, 4)
    assert not graded_at_pass_mark(None, 4)
    assert repetitions_disagree(["pass", "fail"])
    assert not repetitions_disagree(["pass", "not_graded", "pass"])
    sends = automatic_sending(ReviewByPerson.NOTHING, True, "pass", verdict=at_mark, pass_at=4)
    assert sends is SentBy.LOW_CONFIDENCE
    assert (
        automatic_sending(ReviewByPerson.NOTHING, False, "pass", verdict=at_mark, pass_at=4) is None
    )
    assert (
        automatic_sending(ReviewByPerson.EVERY, True, "pass", verdict=at_mark, pass_at=4)
        is SentBy.SETTING
    )
