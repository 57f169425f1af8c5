"""A dataset's grading configuration over GraphQL (spec: Grading, PUT /datasets/{id}/scoring)."""

import pytest

from casebook.domain.access.catalog import Role
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import add_case, create_dataset
from tests.integration.grading.helpers import (
    JUDGE_MODEL,
    POLITE,
    UPDATE_SCORING,
    add_connection,
    update_scoring,
)
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

SCORING = """query($d: ID!, $p: JSON) { dataset(id: $d) { scoring {
  json checks { enabled mustPass defaultChecks } toolCalls { enabled mustPass }
  judge { enabled mustPass model instructions scale passAt yesNoGrading criteria { id text suggestedRule } }
  reference { enabled mustPass }
  coverage(patch: $p) { caseCount checks toolCalls judge reference counterExample nothingGrades referenceOffered }
} } }"""


async def scoring_of(api: Api, dataset_id: str, patch: dict | None = None) -> dict:
    return (await api(SCORING, {"d": dataset_id, "p": patch}))["dataset"]["scoring"]


async def refused_paths(api: Api, dataset_id: str, patch: dict) -> list[str]:
    errors = await api.errors(UPDATE_SCORING, {"d": dataset_id, "p": patch})
    assert errors.codes == ["BAD_USER_INPUT"]
    return [f["path"] for f in errors.errors[0]["extensions"]["fields"]]


async def test_a_new_dataset_checks_rules_and_tool_calls_with_the_judge_off(owner: Api) -> None:
    scoring = await scoring_of(owner, await create_dataset(owner))
    assert scoring["checks"] == {"enabled": True, "mustPass": True, "defaultChecks": []}
    assert scoring["toolCalls"] == {"enabled": True, "mustPass": True}
    assert scoring["judge"]["enabled"] is False
    assert scoring["judge"]["yesNoGrading"] is True
    assert scoring["reference"] == {"enabled": False, "mustPass": True}


async def test_an_update_changes_only_what_it_names_and_a_list_replaces_whole(
    owner: Api,
) -> None:
    dataset_id = await create_dataset(owner)
    checks = [{"type": "length", "unit": "words", "max": 200}, {"type": "contains", "value": "x"}]
    await update_scoring(
        owner,
        dataset_id,
        {
            "checks": {"default_checks": checks},
            "judge": {"enabled": True, "criteria": [POLITE], "scale": 10, "pass_at": 7},
        },
    )
    changed = await update_scoring(
        owner,
        dataset_id,
        {"checks": {"default_checks": [checks[1]]}, "judge": {"instructions": "Be strict."}},
    )
    assert changed["checks"]["defaultChecks"] == [checks[1]]
    assert changed["json"]["judge"]["criteria"] == [POLITE]
    assert (changed["judge"]["scale"], changed["judge"]["passAt"]) == (10, 7)
    assert changed["json"]["judge"]["instructions"] == "Be strict."


async def test_the_pass_mark_is_read_on_the_merged_scale_and_refused_by_name(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    await update_scoring(owner, dataset_id, {"judge": {"scale": 10, "pass_at": 7}})
    assert (await update_scoring(owner, dataset_id, {"judge": {"pass_at": 8}}))["judge"][
        "passAt"
    ] == 8
    assert await refused_paths(owner, dataset_id, {"judge": {"pass_at": 11}}) == ["judge.pass_at"]
    assert await refused_paths(owner, dataset_id, {"judge": {"scale": 5}}) == ["judge.pass_at"]
    assert (await scoring_of(owner, dataset_id))["judge"]["passAt"] == 8


@pytest.mark.parametrize(
    ("patch", "path"),
    [
        ({"checks": {"enabled": False}, "tool_calls": {"enabled": False}}, ""),
        ({"judge": {"enabled": True}}, "judge.criteria"),
        ({"judge": {"temperature": 0}}, "judge.temperature"),
        (
            {"checks": {"default_checks": [{"type": "contain", "value": "x"}]}},
            "checks.default_checks.0.type",
        ),
    ],
)
async def test_a_configuration_that_could_score_nothing_is_refused(
    owner: Api, patch: dict, path: str
) -> None:
    assert await refused_paths(owner, await create_dataset(owner), patch) == [path]


async def test_yes_no_grading_is_a_scale_of_two_passing_at_two(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    await update_scoring(owner, dataset_id, {"judge": {"scale": 5, "pass_at": 4}})
    data = await owner(UPDATE_SCORING, {"d": dataset_id, "p": {}, "yn": True})
    judge = data["updateScoring"]["scoring"]["judge"]
    assert (judge["scale"], judge["passAt"], judge["yesNoGrading"]) == (2, 2, True)


async def test_the_judge_model_is_a_saved_connection_and_one_of_its_models(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id = await create_dataset(owner)
    connection_id = await add_connection(owner, model_server)
    patch = {"judge": {"model_connection_id": connection_id, "model": JUDGE_MODEL}}
    judge = (await update_scoring(owner, dataset_id, patch))["judge"]
    assert judge["connectionId"] == connection_id
    assert judge["connection"] == {"name": "Scripted"}
    assert (await scoring_of(owner, dataset_id))["json"]["judge"][
        "model_connection_id"
    ] == connection_id
    wrong_model = {"judge": {"model": "gpt-5"}}
    assert await refused_paths(owner, dataset_id, wrong_model) == ["judge.model"]
    dataset_gid = await create_dataset(owner, "Other")
    no_connection = {"judge": {"model": JUDGE_MODEL}}
    assert await refused_paths(owner, dataset_gid, no_connection) == ["judge.model_connection_id"]
    not_a_connection = {"judge": {"model_connection_id": dataset_id, "model": JUDGE_MODEL}}
    assert await refused_paths(owner, dataset_id, not_a_connection) == [
        "patch.judge.model_connection_id"
    ]


async def test_coverage_counts_what_each_scorer_reads_and_names_cases_nothing_grades(
    owner: Api,
) -> None:
    dataset_id = await create_dataset(owner)
    only_reference = (await add_case(owner, dataset_id, {"input": "a?", "referenceAnswer": "A"}))[
        "case"
    ]["id"]
    await add_case(
        owner,
        dataset_id,
        {"input": "b?", "counterExample": "B", "checks": [{"type": "contains", "value": "b"}]},
    )
    await add_case(
        owner, dataset_id, {"input": "c?", "expectedToolCalls": [{"tool": "lookup", "args": {}}]}
    )
    coverage = (await scoring_of(owner, dataset_id))["coverage"]
    assert coverage == {
        "caseCount": 3,
        "checks": 1,
        "toolCalls": 1,
        "judge": 0,
        "reference": 1,
        "counterExample": 1,
        "nothingGrades": [only_reference],
        "referenceOffered": True,
    }
    on_screen = (await scoring_of(owner, dataset_id, {"reference": {"enabled": True}}))["coverage"]
    assert on_screen["nothingGrades"] == []
    assert (await scoring_of(owner, dataset_id))["coverage"]["nothingGrades"] == [only_reference]


async def test_a_rule_is_suggested_for_a_criterion_a_check_can_express(owner: Api) -> None:
    suggest = "query($c: String!) { suggestRule(criterion: $c) }"
    assert (await owner(suggest, {"c": "Is the answer under 100 words?"}))["suggestRule"] == {
        "type": "length",
        "unit": "words",
        "max": 99,
    }
    assert (await owner(suggest, {"c": "Is the answer polite?"}))["suggestRule"] is None
    dataset_id = await create_dataset(owner)
    await update_scoring(
        owner,
        dataset_id,
        {
            "judge": {
                "enabled": True,
                "criteria": [{"id": "json", "text": "Is the answer valid JSON?"}],
            }
        },
    )
    criteria = (await scoring_of(owner, dataset_id))["judge"]["criteria"]
    assert criteria[0]["suggestedRule"] == {"type": "json_schema", "schema": {}}
    add_rule = """mutation($d: ID!, $c: JSON!) { addDefaultCheck(datasetId: $d, check: $c) {
      scoring { checks { defaultChecks } } } }"""
    added = await owner(add_rule, {"d": dataset_id, "c": criteria[0]["suggestedRule"]})
    assert added["addDefaultCheck"]["scoring"]["checks"]["defaultChecks"] == [
        {"type": "json_schema", "schema": {}}
    ]


async def test_changing_grading_needs_datasets_edit_and_an_unseen_dataset_is_not_found(
    owner: Api, member_as: MemberFactory
) -> None:
    dataset_id = await create_dataset(owner)
    private_id = await create_dataset(owner, "Private", private=True)
    operator = await member_as(Role.OPERATOR)
    assert (await operator.errors(UPDATE_SCORING, {"d": dataset_id, "p": {}})).codes == [
        "FORBIDDEN"
    ]
    member = await member_as(Role.MEMBER)
    assert (await member.errors(UPDATE_SCORING, {"d": dataset_id, "p": {}})).codes == ["FORBIDDEN"]
    assert (await member.errors(UPDATE_SCORING, {"d": private_id, "p": {}})).codes == ["NOT_FOUND"]
    assert (await scoring_of(operator, dataset_id))["checks"]["enabled"] is True
