"""The whole of review as one pure state: sends, withdrawals, decisions, withdrawn
decisions and undos, by the rules of ``queue.place`` (spec: "Review").

The services keep the same state in PostgreSQL (``scores.review_state``,
``review_decisions``) and make the same moves through ``place``; this model is what
tests compare them with, and where the rules over any sequence of moves are checked.

- A decision takes a score out of the queue and decides its outcome; deciding a
  decided score puts the new decision over the old one.
- Withdrawing a decision ends it (and any it had replaced): the score waits again,
  through the same replacement.
- Undoing a decision brings back the one it replaced, if any; else the score waits
  again through the same replacement ("one whose decision is undone, goes through the
  same replacement, so a case never waits twice for one agent").
"""

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from casebook.domain.review.queue import (
    Candidate,
    Placement,
    ReviewState,
    SentBy,
    place,
)


@dataclass(frozen=True, slots=True)
class Decision:
    outcome: str
    note: str = ""


@dataclass
class Board:
    scores: dict[int, Candidate] = field(default_factory=dict)
    # Per score, its decisions: the current one last, those it replaced before it.
    decisions: dict[int, list[Decision]] = field(default_factory=dict)
    sent_by: dict[int, SentBy] = field(default_factory=dict)

    def add(self, candidate: Candidate) -> None:
        self.scores[candidate.score_id] = replace(candidate, state=ReviewState.NOT_QUEUED)

    def waiting(self) -> dict[tuple[int, str], Candidate]:
        return {c.key: c for c in self.scores.values() if c.state is ReviewState.WAITING}

    def decision(self, score_id: int) -> Decision | None:
        stack = self.decisions.get(score_id) or []
        return stack[-1] if stack else None

    def _set(self, score_id: int, state: ReviewState) -> None:
        self.scores[score_id] = replace(self.scores[score_id], state=state)
        if state is not ReviewState.WAITING:
            self.sent_by.pop(score_id, None)

    def send(self, score_ids: Iterable[int], by: SentBy = SentBy.PERSON) -> Placement:
        placed = place(self.waiting(), [self.scores[i] for i in score_ids])
        for score_id in placed.replaced:
            self._set(score_id, ReviewState.NOT_QUEUED)
        for score_id in placed.queued:
            self._set(score_id, ReviewState.WAITING)
            self.sent_by[score_id] = by
        return placed

    def withdraw(self, score_ids: Iterable[int]) -> list[int]:
        withdrawn = [
            i for i in dict.fromkeys(score_ids) if self.scores[i].state is ReviewState.WAITING
        ]
        for score_id in withdrawn:
            self._set(score_id, ReviewState.NOT_QUEUED)
        return withdrawn

    def decide(self, score_id: int, decision: Decision) -> None:
        self.decisions.setdefault(score_id, []).append(decision)
        self._set(score_id, ReviewState.DECIDED)

    def withdraw_decision(self, score_id: int) -> Placement | None:
        """None when the score holds no decision (nothing changes)."""
        if self.decision(score_id) is None:
            return None
        self.decisions[score_id] = []
        return self._wait_again(score_id)

    def undo(self, score_id: int) -> Placement | None:
        """None when the score holds no decision (nothing changes)."""
        stack = self.decisions.get(score_id) or []
        if not stack:
            return None
        stack.pop()
        if stack:
            return Placement()
        return self._wait_again(score_id)

    def _wait_again(self, score_id: int) -> Placement:
        self._set(score_id, ReviewState.NOT_QUEUED)
        return self.send([score_id], SentBy.DECISION_WITHDRAWN)
