"""The enums of review (spec: "Review")."""

from enum import Enum

import strawberry


@strawberry.enum(name="ReviewState", description="Where a score stands in review.")
class ReviewStateEnum(Enum):
    NOT_QUEUED = "not_queued"
    WAITING = "waiting"
    DECIDED = "decided"


@strawberry.enum(name="ReviewDecisionOutcome")
class ReviewDecisionOutcome(Enum):
    PASS = "pass"
    FAIL = "fail"


@strawberry.enum(
    name="ReviewRank",
    description="How a score ranks in the queue: GRADED (pass or fail - a regression, a "
    "fail sent by hand) above NOT_GRADED (a judge's error).",
)
class ReviewRankEnum(Enum):
    GRADED = "graded"
    NOT_GRADED = "not_graded"


@strawberry.enum(name="ReviewSentBy", description="Why a score waits for review.")
class ReviewSentByEnum(Enum):
    PERSON = "person"
    EVAL_RUN = "eval_run"
    SETTING = "setting"
    LOW_CONFIDENCE = "low_confidence"
    DECISION_WITHDRAWN = "decision_withdrawn"


@strawberry.enum(
    name="ReviewByPerson",
    description="A dataset's Review by a person setting, for scores asked for by hand "
    "(scoreAnswer, Score against a case): NOTHING until somebody sends one, every result "
    "that did NOT_PASSED (fail or not graded), or EVERY result.",
)
class ReviewByPersonEnum(Enum):
    NOTHING = "nothing"
    NOT_PASSED = "not_passed"
    EVERY = "every"


@strawberry.enum(name="NotQueuedReason")
class NotQueuedReasonEnum(Enum):
    DECIDED = "decided"
    ALREADY_WAITING = "already_waiting"
    OUTRANKED = "outranked"


@strawberry.enum(
    name="ScoreSource",
    description="Where the graded answer came from: an eval run, a run of Activity (Score "
    "against a case), or an answer given to scoreAnswer.",
)
class ScoreSourceEnum(Enum):
    EVAL_RUN = "eval_run"
    ACTIVITY_RUN = "activity_run"
    API = "api"


@strawberry.enum(
    name="CriterionScope",
    description="THIS_CASE: a judge check of the case, in a new version; EVERY_CASE: a "
    "criterion of the rubric, switching the judge on.",
)
class CriterionScope(Enum):
    THIS_CASE = "this_case"
    EVERY_CASE = "every_case"
