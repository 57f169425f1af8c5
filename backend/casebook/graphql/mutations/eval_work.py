"""A local agent's eval run work, claimed and answered by its clients (``client_work``)."""

from collections.abc import Awaitable, Callable

import strawberry
from starlette.requests import Request
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.permissions import requires
from casebook.graphql.types.evals.eval_run import EvalRunType
from casebook.graphql.types.evals.work import (
    EvalAnswerInput,
    EvalWorkClaimType,
    ReleaseEvalWorkPayload,
    RenewEvalWorkPayload,
    SubmitEvalAnswersPayload,
)
from casebook.services.evals import client_work

NEEDS = (
    "Needs runs:view, datasets:run on the run's dataset and agents:run on its local agents, "
    "as starting it does."
)


def _hung_up(info: Info) -> Callable[[], Awaitable[bool]] | None:
    """Whether the client of this HTTP request has gone (a claim stops waiting for it)."""
    request = info.context.request
    return request.is_disconnected if isinstance(request, Request) else None


@strawberry.type
class EvalWorkMutations:
    @strawberry.mutation(
        extensions=requires(Permission.RUNS_VIEW, key_scopes=[Permission.DATASETS_RUN]),
        description="Claim up to `max` (1 to 64) of a run's items for its local agents to "
        "answer, leased for `leaseSeconds` (1 to 3,600; the server's eval lease by default). "
        "With `waitSeconds` (up to 20) it waits for work while none is free; with `caseIds` it "
        "hands out only those cases' items (a test runner answering one case per test). "
        "`leaseToken`: your client's own (22 to 64 random letters, digits, _ or -), so that "
        "it renews and gives back everything it holds with one token, even what a claim it "
        "never heard back from took; a new one for this claim by default. Bounded by the "
        "run's concurrency and the organization's, counted over every client. Refused once "
        f"the run has ended. {NEEDS}",
    )
    async def claim_eval_work(
        self,
        info: Info,
        run_id: relay.GlobalID,
        max: int = 8,
        wait_seconds: float = 0.0,
        lease_seconds: float | None = None,
        case_ids: list[relay.GlobalID] | None = None,
        lease_token: str | None = None,
    ) -> EvalWorkClaimType:
        claimed = await client_work.claim_work(
            info.context.services,
            decode_id(run_id, EvalRunType, "runId"),
            limit=max,
            wait_seconds=wait_seconds,
            lease_seconds=lease_seconds,
            case_ids=[decode_id(c, "Case", f"caseIds.{i}") for i, c in enumerate(case_ids)]
            if case_ids is not None
            else None,
            lease_token=lease_token,
            gone=_hung_up(info),
        )
        return EvalWorkClaimType.from_claim(claimed)

    @strawberry.mutation(
        extensions=requires(Permission.RUNS_VIEW, key_scopes=[Permission.DATASETS_RUN]),
        description="Store answers to claimed items (up to 500), graded on the server as a "
        "worker's are. An answer whose item its claim no longer holds is refused by name and "
        "changes nothing; a malformed batch is refused whole. With `claimNext` (1 to 64) it "
        "also claims up to that many items more, as claimEvalWork would without waiting, "
        "leased for `leaseSeconds` to `claimLeaseToken` (as claimEvalWork's `leaseToken`): a "
        "client's next work in the same request. {NEEDS}",
    )
    async def submit_eval_answers(
        self,
        info: Info,
        run_id: relay.GlobalID,
        answers: list[EvalAnswerInput],
        claim_next: int = 0,
        lease_seconds: float | None = None,
        claim_lease_token: str | None = None,
    ) -> SubmitEvalAnswersPayload:
        given = [answer.submitted(f"answers.{i}") for i, answer in enumerate(answers)]
        submitted = await client_work.submit_answers(
            info.context.services,
            decode_id(run_id, EvalRunType, "runId"),
            given,
            claim_next=claim_next,
            lease_seconds=lease_seconds,
            claim_token=claim_lease_token,
        )
        return SubmitEvalAnswersPayload.from_submitted(submitted)

    @strawberry.mutation(
        extensions=requires(Permission.RUNS_VIEW, key_scopes=[Permission.DATASETS_RUN]),
        description="Extend the leases of the items these claims hold unanswered (1 to 64 "
        f"lease tokens), by `leaseSeconds` from now. {NEEDS}",
    )
    async def renew_eval_work(
        self,
        info: Info,
        run_id: relay.GlobalID,
        lease_tokens: list[str],
        lease_seconds: float | None = None,
    ) -> RenewEvalWorkPayload:
        expires = await client_work.renew_work(
            info.context.services,
            decode_id(run_id, EvalRunType, "runId"),
            lease_tokens,
            lease_seconds,
        )
        return RenewEvalWorkPayload(lease_expires_at=expires)

    @strawberry.mutation(
        extensions=requires(Permission.RUNS_VIEW, key_scopes=[Permission.DATASETS_RUN]),
        description="Give back what these claims hold unanswered (a client stopping), so "
        f"another claim takes it at once rather than when its lease runs out. {NEEDS}",
    )
    async def release_eval_work(
        self, info: Info, run_id: relay.GlobalID, lease_tokens: list[str]
    ) -> ReleaseEvalWorkPayload:
        released = await client_work.release_work(
            info.context.services, decode_id(run_id, EvalRunType, "runId"), lease_tokens
        )
        return ReleaseEvalWorkPayload(released=released)
