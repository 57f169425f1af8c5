"""A generation asked for, its estimate, and its progress."""

from datetime import datetime
from typing import Annotated

import strawberry
from strawberry import relay

from casebook.domain.generation.agent_test_set import sufficiency_of
from casebook.domain.generation.estimate import GenerationEstimate
from casebook.graphql.ids import encode_id, encode_optional_id
from casebook.graphql.types.generation.dataset_fields import GeneratorModelType
from casebook.graphql.types.jobs.job import JobType
from casebook.services.generation.views import GenerationView

GENERATION = "Generation"

# The focusTag argument of generationEstimate and startGeneration, which must agree.
FocusTagArgument = Annotated[
    str | None,
    strawberry.argument(
        description="One tag every case is written about and tagged with "
        "(Coverage's Generate for this gap); read as a case's tag is."
    ),
]


@strawberry.type(name="GenerationSourceEstimate")
class GenerationSourceEstimateType:
    source: str
    cases: int = strawberry.field(description="How many cases this source is asked for.")
    drafts_from: int = strawberry.field(description="How many pieces it drafts from.")
    drafts_from_text: str = strawberry.field(description="What it drafts from, in words.")


@strawberry.type(
    name="GenerationEstimate",
    description="What a generation would ask for and cost, before anything is spent. Start "
    "it with this fingerprint; changing the agent, the sources, the count or the focus tag "
    "throws it away.",
)
class GenerationEstimateType:
    sources: list[GenerationSourceEstimateType]
    prompt_tokens: int
    reply_tokens: int
    cost_usd: float | None = strawberry.field(description="Null when it cannot be priced.")
    cost_text: str = strawberry.field(
        description="The cost in words: a paid one under a cent says so, never $0.00."
    )
    fingerprint: str

    @classmethod
    def of(cls, estimate: GenerationEstimate) -> "GenerationEstimateType":
        return cls(
            sources=[
                GenerationSourceEstimateType(
                    source=s.source,
                    cases=s.cases,
                    drafts_from=s.drafts_from,
                    drafts_from_text=s.drafts_from_text,
                )
                for s in estimate.sources
            ],
            prompt_tokens=estimate.prompt_tokens,
            reply_tokens=estimate.reply_tokens,
            cost_usd=estimate.cost.usd,
            cost_text=estimate.cost.text,
            fingerprint=estimate.fingerprint,
        )


@strawberry.type(
    name="Generation",
    description="A generation of proposed cases. Its job's progress is live on the "
    "jobProgress subscription.",
)
class GenerationType:
    id: relay.GlobalID
    dataset_id: relay.GlobalID
    agent_id: relay.GlobalID | None
    agent_version: int
    sources: list[str]
    count: int
    focus_tag: str | None = strawberry.field(
        description="The tag every case is written about and tagged with; null when none."
    )
    status: str = strawberry.field(description="queued, running, succeeded or failed.")
    kept: int = strawberry.field(description="Drafts proposed.")
    unreadable: int = strawberry.field(description="Drafts left out: they could not be read.")
    rule_broken: int = strawberry.field(description="Drafts left out: they broke a rule.")
    run_id: relay.GlobalID | None = strawberry.field(description="The generator's run in Activity.")
    generator_model: GeneratorModelType | None = strawberry.field(
        description="The generator model it was queued with, which its job calls whatever the "
        "dataset's Settings choose later; null when it was queued without one."
    )
    gradable_cases: int | None = strawberry.field(
        description="An agent test set's bootstrap, once finished: the gradable cases the set "
        "then holds, its accepted drafts included; null for any other generation."
    )
    sufficiency: str | None = strawberry.field(
        description="An agent test set's bootstrap, once finished: insufficient below three "
        "gradable cases, sufficient otherwise - read from what the set holds; null for any "
        "other generation."
    )
    error: str | None
    job: JobType | None
    created_at: datetime | None
    finished_at: datetime | None

    @classmethod
    def of(cls, view: GenerationView) -> "GenerationType":
        row = view.row
        assert row.id is not None
        return cls(
            id=encode_id(GENERATION, row.id),
            dataset_id=encode_id("Dataset", row.dataset_id),
            agent_id=encode_optional_id("Agent", row.agent_id),
            agent_version=row.agent_version,
            sources=list(row.sources),
            count=row.count,
            focus_tag=row.focus_tag,
            status=view.status,
            kept=row.kept,
            unreadable=row.unreadable,
            rule_broken=row.rule_broken,
            run_id=encode_optional_id("Run", row.run_id),
            generator_model=GeneratorModelType.of(
                row.generator_model_connection_id, row.generator_model
            ),
            gradable_cases=row.gradable_cases,
            sufficiency=sufficiency_of(row.gradable_cases)
            if row.gradable_cases is not None
            else None,
            error=view.error,
            job=JobType.from_row(view.job) if view.job is not None else None,
            created_at=row.created_at,
            finished_at=row.finished_at,
        )
