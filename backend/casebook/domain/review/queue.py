"""Who waits in the review queue (spec: "Review").

"Each agent's answers to a case wait on their own: a score sent there, by an eval run
or by hand, takes the place of one of its case and agent that still waits when it
ranks higher, or ranks the same and is newer, and another agent's score of the case
waits beside it. A graded score - a regression, or a fail sent by hand - ranks above
one nothing graded, such as a judge's error ... The one replaced leaves the queue
undecided and stays a score; otherwise the one waiting keeps its place, and the one
sent is not queued. A decided score is never touched."
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import IntEnum, StrEnum

MAX_SCORES_PER_REQUEST = 500
AGENT_KEY_MAX_CHARS = 240


class ReviewState(StrEnum):
    NOT_QUEUED = "not_queued"
    WAITING = "waiting"
    DECIDED = "decided"


class Rank(IntEnum):
    """Higher ranks above lower."""

    NOT_GRADED = 0
    GRADED = 1


class SentBy(StrEnum):
    PERSON = "person"
    EVAL_RUN = "eval_run"
    SETTING = "setting"
    LOW_CONFIDENCE = "low_confidence"
    DECISION_WITHDRAWN = "decision_withdrawn"


class NotQueuedReason(StrEnum):
    DECIDED = "decided"
    ALREADY_WAITING = "already_waiting"
    OUTRANKED = "outranked"


def rank_of(outcome: str) -> Rank:
    """A graded score (pass or fail) ranks above one nothing graded (not_graded)."""
    return Rank.GRADED if outcome in ("pass", "fail") else Rank.NOT_GRADED


def agent_key(agent_id: int | None, agent_name: str | None) -> str:
    """The answering agent a case keeps one waiting score for: the agent when one is
    recorded, else the agent's name as given (no name is one agent of its own)."""
    if agent_id is not None:
        return f"id:{agent_id}"
    return f"name:{agent_name or ''}"[:AGENT_KEY_MAX_CHARS]


@dataclass(frozen=True, slots=True)
class Candidate:
    """A score as the queue weighs it."""

    score_id: int
    case_id: int
    agent: str
    outcome: str
    created_at: datetime
    state: ReviewState = ReviewState.NOT_QUEUED

    @property
    def key(self) -> tuple[int, str]:
        return (self.case_id, self.agent)

    @property
    def standing(self) -> tuple[Rank, datetime, int]:
        # Newer among equals: created later, and the later id when created together.
        return (rank_of(self.outcome), self.created_at, self.score_id)


def ranks_above(sent: Candidate, waiting: Candidate) -> bool:
    """Whether ``sent`` takes ``waiting``'s place: it ranks higher, or the same and is newer."""
    return sent.standing > waiting.standing


@dataclass
class Placement:
    """What sending some scores did: who waits now, who left the queue undecided, and
    why each other one sent is not queued."""

    queued: list[int] = field(default_factory=list)
    replaced: list[int] = field(default_factory=list)
    not_queued: dict[int, NotQueuedReason] = field(default_factory=dict)
    # (case, agent) -> the score waiting after the send, for every key the send touched.
    waiting: dict[tuple[int, str], Candidate] = field(default_factory=dict)


def place(waiting: Mapping[tuple[int, str], Candidate], sent: Iterable[Candidate]) -> Placement:
    """Send ``sent`` in order, one after another, against ``waiting`` (the score each
    (case, agent) has waiting now). Sending several at once is sending them one by one:
    for each key the highest ranked - the newest among equals - waits at the end."""
    result = Placement()
    now: dict[tuple[int, str], Candidate] = {}
    before: dict[tuple[int, str], Candidate | None] = {}
    sent_ids: list[int] = []
    for candidate in sent:
        if candidate.score_id in result.not_queued or candidate.score_id in sent_ids:
            continue
        sent_ids.append(candidate.score_id)
        key = candidate.key
        if key not in before:
            held = waiting.get(key)
            before[key] = held
            if held is not None:
                now[key] = held
        if candidate.state is ReviewState.DECIDED:
            result.not_queued[candidate.score_id] = NotQueuedReason.DECIDED
            continue
        current = now.get(key)
        if current is not None and current.score_id == candidate.score_id:
            continue
        if current is None or ranks_above(candidate, current):
            now[key] = candidate
    for key, winner in now.items():
        result.waiting[key] = winner
        earlier = before.get(key)
        if earlier is not None and earlier.score_id != winner.score_id:
            result.replaced.append(earlier.score_id)
    winners = {candidate.score_id for candidate in now.values()}
    earlier_ids = {c.score_id for c in before.values() if c is not None}
    for score_id in sent_ids:
        if score_id in result.not_queued or score_id in result.replaced:
            continue
        if score_id in winners:
            if score_id in earlier_ids:
                result.not_queued[score_id] = NotQueuedReason.ALREADY_WAITING
            else:
                result.queued.append(score_id)
        else:
            result.not_queued[score_id] = NotQueuedReason.OUTRANKED
    return result
