"""Probes of the generation operations for ``test_not_found_is_one_answer``: every root
field taking an id of a generation or a proposed case, or a dataset or agent to generate
for (an agent's test set included)."""

from collections.abc import Callable
from typing import Any

from casebook.db.models import Dataset, Generation, ProposedCase
from casebook.graphql.ids import decode_id, encode_id

Probe = tuple[str, Callable[[Any], dict[str, Any]]]

_ASKED = '["agent"]'
GENERATION_PROBES: dict[str, Probe] = {
    "generationEstimate": (
        f"query($d: ID!, $a: ID!) {{ generationEstimate(datasetId: $d, agentId: $a, "
        f"sources: {_ASKED}, count: 1) {{ fingerprint }} }}",
        lambda i: {"d": i.dataset, "a": i.agent},
    ),
    "startGeneration": (
        f"mutation($d: ID!, $a: ID!) {{ startGeneration(datasetId: $d, agentId: $a, "
        f'sources: {_ASKED}, count: 1, fingerprint: "x") {{ id }} }}',
        lambda i: {"d": i.dataset, "a": i.agent},
    ),
    "agentTestSetEstimate": (
        "query($a: ID!) { agentTestSetEstimate(agentId: $a) { bootstrapQuestions } }",
        lambda i: {"a": i.agent},
    ),
    "createAgentTestSet": (
        'mutation($a: ID!) { createAgentTestSet(agentId: $a, fingerprint: "x") { created } }',
        lambda i: {"a": i.agent},
    ),
    "generation": (
        "query($g: ID!) { generation(id: $g) { id } }",
        lambda i: {"g": i.generation},
    ),
    "setGeneratorModel": (
        "mutation($d: ID!) { setGeneratorModel(datasetId: $d, modelConnectionId: null, "
        "model: null) { dataset { id } } }",
        lambda i: {"d": i.dataset},
    ),
    "acceptProposedCases": (
        "mutation($p: ID!) { acceptProposedCases(ids: [$p]) { version } }",
        lambda i: {"p": i.proposed_case},
    ),
    "dismissProposedCases": (
        "mutation($p: ID!) { dismissProposedCases(ids: [$p]) { dismissed } }",
        lambda i: {"p": i.proposed_case},
    ),
}


async def generation_of(sessionmaker: Any, dataset_gid: str) -> dict[str, str]:
    """A generation of this dataset with one draft waiting, written as the job writes them
    (a generation needs a model and a worker; the probes need only the rows)."""
    async with sessionmaker() as session, session.begin():
        dataset = await session.get(Dataset, decode_id(dataset_gid, "Dataset"))
        generation = Generation(
            organization_id=dataset.organization_id,
            dataset_id=dataset.id,
            agent_version=1,
            sources=["agent"],
            count=1,
            status="succeeded",
            kept=1,
        )
        session.add(generation)
        await session.flush()
        draft = ProposedCase(
            organization_id=dataset.organization_id,
            dataset_id=dataset.id,
            generation_id=generation.id,
            source="agent",
            content={"input": "Hidden draft?", "reference_answer": "A"},
        )
        session.add(draft)
        await session.flush()
        return {
            "generation": str(encode_id("Generation", generation.id)),
            "proposed_case": str(encode_id("ProposedCase", draft.id)),
        }
