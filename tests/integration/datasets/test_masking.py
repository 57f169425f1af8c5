"""Text copied from a conversation is masked for readers without runs:view or access to it."""

from casebook.domain.access.catalog import Role
from casebook.graphql.ids import decode_id
from casebook.services.datasets import cases
from casebook.services.datasets.versioning import SourceLink
from casebook.services.kernel.context import ServiceContext
from tests.integration.conftest import MemberFactory
from tests.integration.datasets.helpers import ADD, CASES, UPDATE, create_dataset
from tests.integration.datasets.test_files import EXPORT
from tests.support.graphql_client import Api


async def _copied_case(app, owner: Api, dataset_id: str) -> str:
    """A case taken from a conversation (the add-from-message path arrives with Activity)."""
    me = await owner("{ viewer { user { id } organization { id } role } }")
    from casebook.domain.access.catalog import Role as R
    from casebook.domain.access.policy import Actor

    state = app.state.casebook
    actor = Actor(
        decode_id(me["viewer"]["user"]["id"], "User"),
        decode_id(me["viewer"]["organization"]["id"], "Organization"),
        R.OWNER,
    )
    ctx = ServiceContext(state.sessionmaker, state.redis, state.settings, actor)
    written = await cases.add_case(
        ctx,
        decode_id(dataset_id, "Dataset"),
        {
            "input": "My order 1234 never came, I'm Ana",
            "counter_example": "Too bad.",
            "note": "Ana rated it down",
            "tags": ["shipping"],
        },
        source="conversation",
        link=SourceLink(run_id=7, conversation_id=42, message_id=99),
    )
    assert written.case is not None
    return str(written.case.case_id)


async def test_a_reader_without_runs_view_sees_metadata_and_the_mask_in_every_version_and_export(
    app, owner: Api, member_as: MemberFactory
) -> None:
    dataset_id = await create_dataset(owner)
    await _copied_case(app, owner, dataset_id)
    viewer = await member_as(Role.VIEWER)
    node = (await viewer(CASES, {"d": dataset_id}))["dataset"]["cases"]["edges"][0]["node"]
    assert (
        node["masked"] is True and node["source"] == "conversation" and node["tags"] == ["shipping"]
    )
    assert node["input"].startswith("[hidden") and node["counterExample"].startswith("[hidden")
    assert node["note"].startswith("[hidden") and node["history"] == []
    exported = (await viewer(EXPORT, {"d": dataset_id, "f": "jsonl", "v": 1}))["dataset"]["export"][
        "content"
    ]
    assert "Ana" not in exported and "[hidden" in exported
    # runs:view reads it (an Operator reads every run in the organization).
    operator = await member_as(Role.OPERATOR)
    seen = (await operator(CASES, {"d": dataset_id}))["dataset"]["cases"]["edges"][0]["node"]
    assert seen["masked"] is False and seen["input"] == "My order 1234 never came, I'm Ana"
    assert (
        "Ana"
        in (await operator(EXPORT, {"d": dataset_id, "f": "csv"}))["dataset"]["export"]["content"]
    )


async def test_a_masked_reader_cannot_edit_the_text_and_a_metadata_edit_keeps_it(
    app, owner: Api, member_as: MemberFactory
) -> None:
    dataset_id = await create_dataset(owner)
    case_id = await _copied_case(app, owner, dataset_id)
    gid = (await owner(CASES, {"d": dataset_id}))["dataset"]["cases"]["edges"][0]["node"]["id"]
    assert decode_id(gid, "Case") == int(case_id)
    member = await member_as(Role.MEMBER)
    member_id = (await member("{ viewer { user { id } } }"))["viewer"]["user"]["id"]
    await owner(
        "mutation($d: ID!, $u: ID!) { shareDataset(id: $d, userId: $u, level: EDIT) { grant { level } } }",
        {"d": dataset_id, "u": member_id},
    )
    errors = await member.errors(UPDATE, {"id": gid, "base": 1, "c": {"input": "rewritten"}})
    assert errors.codes == ["FORBIDDEN"]
    assert "input" in errors.errors[0]["message"]
    edited = (await member(UPDATE, {"id": gid, "base": 1, "c": {"tags": ["shipping", "late"]}}))[
        "updateCase"
    ]
    assert edited["version"] == 2 and edited["case"]["input"].startswith("[hidden")
    stored = (await owner(CASES, {"d": dataset_id}))["dataset"]["cases"]["edges"][0]["node"]
    assert stored["input"] == "My order 1234 never came, I'm Ana" and stored["tags"] == [
        "shipping",
        "late",
    ]
    assert stored["note"] == "Ana rated it down"


TWINS = "query($d: ID!, $q: String!) { caseTwins(datasetId: $d, input: $q) { id input } }"


async def test_masked_text_cannot_be_probed_by_search_or_twin_checks(
    app, owner: Api, member_as: MemberFactory
) -> None:
    dataset_id = await create_dataset(owner)
    await _copied_case(app, owner, dataset_id)
    hidden_question = "My order 1234 never came, I'm Ana"
    member = await member_as(Role.MEMBER)
    member_id = (await member("{ viewer { user { id } } }"))["viewer"]["user"]["id"]
    await owner(
        "mutation($d: ID!, $u: ID!) { shareDataset(id: $d, userId: $u, level: EDIT) { grant { level } } }",
        {"d": dataset_id, "u": member_id},
    )
    # Whoever reads the text finds it; whoever sees the mask learns nothing from a search,
    # whether the guess is right ("Ana", "1234", "rated") or wrong.
    for probe in ("Ana", "1234", "order 12", "rated it down", "Too bad", "Zorro"):
        found = (await member(CASES, {"d": dataset_id, "search": probe}))["dataset"]["cases"]
        assert (found["totalCount"], found["edges"]) == (0, []), probe
    assert (await owner(CASES, {"d": dataset_id, "search": "Ana"}))["dataset"]["cases"][
        "totalCount"
    ] == 1
    # What is never masked - its tags - is still found.
    by_tag = (await member(CASES, {"d": dataset_id, "search": "shipp"}))["dataset"]["cases"]
    assert by_tag["totalCount"] == 1 and by_tag["edges"][0]["node"]["masked"] is True
    # The twin check does not confirm a guessed hidden question either.
    assert (await member(TWINS, {"d": dataset_id, "q": hidden_question}))["caseTwins"] == []
    assert len((await owner(TWINS, {"d": dataset_id, "q": hidden_question}))["caseTwins"]) == 1
    added = (
        await member(
            ADD, {"d": dataset_id, "c": {"input": hidden_question, "referenceAnswer": "x"}}
        )
    )["addCase"]
    assert added["case"] is not None and added["twins"] == []
    stopped = (
        await owner(ADD, {"d": dataset_id, "c": {"input": hidden_question, "referenceAnswer": "y"}})
    )["addCase"]
    assert stopped["case"] is None and len(stopped["twins"]) == 2


DIFF = """query($d: ID!, $from: Int!, $to: Int!) { dataset(id: $d) { versionDiff(from: $from, to: $to) {
  changes { edges { node { kind changedFields before { masked input note }
    after { masked input note counterExample } } } } } } }"""


async def test_copied_text_stays_masked_in_a_version_diff(
    app, owner: Api, member_as: MemberFactory
) -> None:
    dataset_id = await create_dataset(owner)
    await owner(ADD, {"d": dataset_id, "c": {"input": "Plain question", "referenceAnswer": "x"}})
    await _copied_case(app, owner, dataset_id)
    viewer = await member_as(Role.VIEWER)
    seen = (await viewer(DIFF, {"d": dataset_id, "from": 1, "to": 2}))["dataset"]["versionDiff"]
    (change,) = [edge["node"] for edge in seen["changes"]["edges"]]
    assert change["kind"] == "ADDED" and change["before"] is None
    after = change["after"]
    assert after["masked"] is True and "Ana" not in str(after)
    assert after["input"].startswith("[hidden") and after["note"].startswith("[hidden")
    removed = (await viewer(DIFF, {"d": dataset_id, "from": 2, "to": 1}))["dataset"]["versionDiff"]
    (gone,) = [edge["node"] for edge in removed["changes"]["edges"]]
    assert gone["kind"] == "REMOVED" and "Ana" not in str(gone)
    operator = await member_as(Role.OPERATOR)
    read = (await operator(DIFF, {"d": dataset_id, "from": 1, "to": 2}))["dataset"]["versionDiff"]
    assert "Ana" in read["changes"]["edges"][0]["node"]["after"]["input"]
