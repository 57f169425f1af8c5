"""A person's review decision, and where a score stands in review."""

from datetime import datetime

import strawberry

from casebook.domain.review.queue import ReviewState, rank_of
from casebook.graphql.context import Info
from casebook.graphql.types.grading.evidence import EVIDENCE, evidence
from casebook.graphql.types.review.enums import (
    ReviewDecisionOutcome,
    ReviewRankEnum,
    ReviewSentByEnum,
    ReviewStateEnum,
)
from casebook.services.kernel.records import Score
from casebook.services.review.reading import DecisionView


@strawberry.type(name="ReviewDecision")
class ReviewDecisionType:
    view: strawberry.Private[DecisionView]
    scorers_outcome: strawberry.Private[str]
    answering_agent_id: strawberry.Private[int | None] = None

    @strawberry.field(description="What the person decided: the outcome the score counts as.")
    def outcome(self) -> ReviewDecisionOutcome:
        return ReviewDecisionOutcome(self.view.decision.outcome)

    @strawberry.field(
        extensions=evidence(),
        description="The reviewer's note (empty when none was left). " + EVIDENCE,
    )
    async def note(self) -> str | None:
        return self.view.decision.note

    @strawberry.field(description="Who decided; null once that person is erased.")
    def decided_by(self) -> str | None:
        return self.view.decided_by

    @strawberry.field
    def decided_at(self) -> datetime:
        decided_at = self.view.decision.decided_at
        assert decided_at is not None
        return decided_at

    @strawberry.field(description="The decision is not what the scorers found.")
    def overrules_scorers(self) -> bool:
        return self.view.decision.outcome != self.scorers_outcome

    @strawberry.field(
        description="undoReviewDecision restores what was before it: the decision it "
        "replaced, or the score waiting again."
    )
    def can_undo(self) -> bool:
        return self.view.decision.ended_at is None


@strawberry.type(name="ScoreReview")
class ScoreReviewType:
    row: strawberry.Private[Score]

    @strawberry.field
    def state(self) -> ReviewStateEnum:
        return ReviewStateEnum(self.row.review_state)

    @strawberry.field(description="How it ranks in the queue.")
    def rank(self) -> ReviewRankEnum:
        return ReviewRankEnum.GRADED if rank_of(self.row.outcome) else ReviewRankEnum.NOT_GRADED

    @strawberry.field(description="When it joined the queue; null unless WAITING.")
    def waiting_since(self) -> datetime | None:
        return self.row.review_waiting_since

    @strawberry.field(description="Why it waits; null unless WAITING.")
    def sent_by(self) -> ReviewSentByEnum | None:
        sent = self.row.review_sent_by
        return ReviewSentByEnum(sent) if sent is not None else None

    @strawberry.field(description="The person's decision; null unless DECIDED.")
    async def decision(self, info: Info) -> ReviewDecisionType | None:
        if self.row.review_state != ReviewState.DECIDED.value:
            return None
        assert self.row.id is not None
        view = await info.context.loaders.review_decision.load(self.row.id)
        if view is None:
            return None
        return ReviewDecisionType(
            view=view, scorers_outcome=self.row.outcome, answering_agent_id=self.row.agent_id
        )
