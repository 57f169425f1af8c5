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
from tests.support.checks import CHECK_FIELDS, as_written
from tests.support.graphql_client import Api
from tests.support.model_server import ModelServer

SCORING = f"""query($d: ID!, $p: ScoringInput) {{ dataset(id: $d) {{ scoring {{
  checks {{ enabled mustPass defaultChecks {{ {CHECK_FIELDS} }} }} toolCalls {{ enabled mustPass }}
  judge {{ enabled mustPass model connectionId instructions scale passAt yesNoGrading
    criteria {{ id text suggestedRule {{ {CHECK_FIELDS} }} }} }}
  reference {{ enabled mustPass }}
  coverage(unsaved: $p) {{ caseCount checks toolCalls judge reference counterExample nothingGrades
    referenceOffered }}
}} }} }}"""


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
    checks = [{"length": {"unit": "WORDS", "max": 200}}, {"contains": {"value": "x"}}]
    await update_scoring(
        owner,
        dataset_id,
        {
            "checks": {"defaultChecks": checks, "mustPass": False},
            "judge": {"enabled": True, "criteria": [POLITE], "scale": 10, "passAt": 7},
        },
    )
    changed = await update_scoring(
        owner,
        dataset_id,
        {"checks": {"defaultChecks": [checks[1]]}, "judge": {"instructions": "Be strict."}},
    )
    assert [as_written(check) for check in changed["checks"]["defaultChecks"]] == [checks[1]]
    assert changed["checks"]["mustPass"] is False, "a setting left out keeps its value"
    assert changed["judge"]["criteria"] == [POLITE]
    assert (changed["judge"]["scale"], changed["judge"]["passAt"]) == (10, 7)
    assert changed["judge"]["instructions"] == "Be strict."
    emptied = await update_scoring(owner, dataset_id, {"checks": {"defaultChecks": []}})
    assert emptied["checks"]["defaultChecks"] == [], "a list given replaces the stored one whole"


async def test_the_pass_mark_is_read_on_the_merged_scale_and_refused_by_name(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    await update_scoring(owner, dataset_id, {"judge": {"scale": 10, "passAt": 7}})
    assert (await update_scoring(owner, dataset_id, {"judge": {"passAt": 8}}))["judge"][
        "passAt"
    ] == 8
    assert await refused_paths(owner, dataset_id, {"judge": {"passAt": 11}}) == ["judge.passAt"]
    assert await refused_paths(owner, dataset_id, {"judge": {"scale": 5}}) == ["judge.passAt"]
    assert (await scoring_of(owner, dataset_id))["judge"]["passAt"] == 8


@pytest.mark.parametrize(
    ("patch", "path"),
    [
        ({"checks": {"enabled": False}, "toolCalls": {"enabled": False}}, ""),
        ({"judge": {"enabled": True}}, "judge.criteria"),
        (
            {"checks": {"defaultChecks": [{"judge": {"criterion": "Is it polite?"}}]}},
            "checks.defaultChecks.0.judge",
        ),
        (
            {"checks": {"defaultChecks": [{"regex": {"value": "("}}]}},
            "checks.defaultChecks.0.regex.value",
        ),
        ({"judge": {"enabled": None}}, "judge.enabled"),
        ({"judge": {"criteria": [{"id": "reference", "text": "x"}]}}, "judge.criteria.0.id"),
        ({"structured": {"strictness": 2}}, "structured.strictness"),
        ({"structured": {"passAt": -1}}, "structured.passAt"),
        ({"reference": None}, "reference"),
    ],
)
async def test_a_refusal_names_the_setting_as_the_input_spells_it(
    owner: Api, patch: dict, path: str
) -> None:
    dataset_id = await create_dataset(owner)
    assert await refused_paths(owner, dataset_id, patch) == [path]
    assert (await scoring_of(owner, dataset_id))["checks"]["defaultChecks"] == []


@pytest.mark.parametrize(
    "patch",
    [
        {"judge": {"temperature": 0}},
        {"judge": {"pass_at": 3}},
        {"checks": {"defaultChecks": [{"contain": {"value": "x"}}]}},
        {"checks": {"defaultChecks": ["contains"]}},
        {"judge": {"scale": "ten"}},
    ],
)
async def test_a_setting_the_configuration_does_not_have_is_refused_by_the_schema(
    owner: Api, patch: dict
) -> None:
    errors = await owner.errors(UPDATE_SCORING, {"d": await create_dataset(owner), "p": patch})
    assert errors.codes == ["GRAPHQL_VALIDATION"]


async def test_yes_no_grading_is_a_scale_of_two_passing_at_two(owner: Api) -> None:
    dataset_id = await create_dataset(owner)
    await update_scoring(owner, dataset_id, {"judge": {"scale": 5, "passAt": 4}})
    data = await owner(UPDATE_SCORING, {"d": dataset_id, "p": {}, "yn": True})
    judge = data["updateScoring"]["scoring"]["judge"]
    assert (judge["scale"], judge["passAt"], judge["yesNoGrading"]) == (2, 2, True)


async def test_the_judge_model_is_a_saved_connection_and_one_of_its_models(
    owner: Api, model_server: ModelServer
) -> None:
    dataset_id = await create_dataset(owner)
    connection_id = await add_connection(owner, model_server)
    patch = {"judge": {"connectionId": connection_id, "model": JUDGE_MODEL}}
    judge = (await update_scoring(owner, dataset_id, patch))["judge"]
    assert judge["connectionId"] == connection_id
    assert judge["connection"] == {"name": "Scripted"}
    assert (await scoring_of(owner, dataset_id))["judge"]["connectionId"] == connection_id
    wrong_model = {"judge": {"model": "gpt-5"}}
    assert await refused_paths(owner, dataset_id, wrong_model) == ["judge.model"]
    dataset_gid = await create_dataset(owner, "Other")
    no_connection = {"judge": {"model": JUDGE_MODEL}}
    assert await refused_paths(owner, dataset_gid, no_connection) == ["judge.connectionId"]
    not_a_connection = {"judge": {"connectionId": dataset_id, "model": JUDGE_MODEL}}
    assert await refused_paths(owner, dataset_id, not_a_connection) == ["judge.connectionId"]
    cleared = await update_scoring(
        owner, dataset_id, {"judge": {"connectionId": None, "model": None}}
    )
    assert (cleared["judge"]["connectionId"], cleared["judge"]["model"]) == (None, None)


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
        {"input": "b?", "counterExample": "B", "checks": [{"contains": {"value": "b"}}]},
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
    suggest = f"query($c: String!) {{ suggestRule(criterion: $c) {{ {CHECK_FIELDS} }} }}"
    suggested = (await owner(suggest, {"c": "Is the answer under 100 words?"}))["suggestRule"]
    assert as_written(suggested) == {"length": {"unit": "WORDS", "max": 99}}
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
    rule = as_written(criteria[0]["suggestedRule"])
    assert rule == {"jsonSchema": {"schema": {}}}
    add_rule = f"""mutation($d: ID!, $c: CheckInput!) {{ addDefaultCheck(datasetId: $d, check: $c) {{
      scoring {{ checks {{ defaultChecks {{ {CHECK_FIELDS} }} }} }} }} }}"""
    added = await owner(add_rule, {"d": dataset_id, "c": rule})
    shown = added["addDefaultCheck"]["scoring"]["checks"]["defaultChecks"]
    assert [as_written(check) for check in shown] == [rule], "read back, written as it is"
    refused = await owner.errors(add_rule, {"d": dataset_id, "c": {"regex": {"value": "(("}}})
    assert [f["path"] for f in refused.errors[0]["extensions"]["fields"]] == ["check.regex.value"]
    refused = await owner.errors(add_rule, {"d": dataset_id, "c": {"judge": {"criterion": "x"}}})
    assert [f["path"] for f in refused.errors[0]["extensions"]["fields"]] == ["check.judge"]


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
