"""Any two versions of a dataset side by side, over GraphQL (``Dataset.versionDiff``):
a dataset edited at random - cases added, edited and removed - then every pair of its
versions compared: the diff applied to the first gives the second, a version compared
with itself is empty, the counts agree with the pages, and pages follow one another."""

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.integration.datasets.helpers import ADD, CASES, REMOVE, UPDATE, create_dataset
from tests.support.graphql_client import Api

SIDE = "id input referenceAnswer note tags"
DIFF = f"""query($d: ID!, $from: Int!, $to: Int!, $first: Int!, $after: String) {{
  dataset(id: $d) {{ versionDiff(from: $from, to: $to) {{ from to added removed changed
    changes(first: $first, after: $after) {{ totalCount pageInfo {{ hasNextPage endCursor }}
      edges {{ node {{ caseId kind changedFields before {{ {SIDE} }} after {{ {SIDE} }} }} }} }}
  }} }} }}"""

_words = st.sampled_from(["refund", "window", "30 days", "courier", "invoice"])
_body = st.fixed_dictionaries(
    {
        "input": _words.map(lambda w: f"How does {w} work?"),
        "referenceAnswer": _words,
        "note": st.none() | _words,
        "tags": st.lists(st.sampled_from(["billing", "returns"]), max_size=2, unique=True),
    }
)
_step = st.one_of(
    st.tuples(st.just("add"), _body),
    st.tuples(st.just("edit"), st.integers(0, 9), _body),
    st.tuples(st.just("remove"), st.integers(0, 9)),
)


def _content(node: dict[str, Any]) -> dict[str, Any]:
    return {k: node[k] for k in ("input", "referenceAnswer", "note", "tags")}


async def _version(api: Api, dataset_id: str, version: int) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = {}
    after = None
    while True:
        page = (await api(CASES, {"d": dataset_id, "v": version, "first": 100, "after": after}))[
            "dataset"
        ]["cases"]
        found.update({edge["node"]["id"]: _content(edge["node"]) for edge in page["edges"]})
        if not page["pageInfo"]["hasNextPage"]:
            return found
        after = page["pageInfo"]["endCursor"]


async def _diff(
    api: Api, dataset_id: str, a: int, b: int, first: int
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    nodes: list[dict[str, Any]] = []
    after = None
    while True:
        diff = (
            await api(DIFF, {"d": dataset_id, "from": a, "to": b, "first": first, "after": after})
        )["dataset"]["versionDiff"]
        page = diff["changes"]
        nodes.extend(edge["node"] for edge in page["edges"])
        assert page["totalCount"] == diff["added"] + diff["removed"] + diff["changed"]
        if not page["pageInfo"]["hasNextPage"]:
            return diff, nodes
        after = page["pageInfo"]["endCursor"]


async def _edit(api: Api, steps: list[tuple[Any, ...]]) -> tuple[str, int]:
    dataset_id = await create_dataset(api, "Diffed")
    live: list[str] = []
    version = 0
    for step in steps:
        if step[0] == "add" or not live:
            body = (
                step[-1]
                if isinstance(step[-1], dict)
                else {"input": "How does refund work?", "referenceAnswer": "refund"}
            )
            added = (await api(ADD, {"d": dataset_id, "c": body, "twin": True}))["addCase"]
            live.append(added["case"]["id"])
            version = added["version"]
        elif step[0] == "edit":
            target = live[step[1] % len(live)]
            changed = (await api(UPDATE, {"id": target, "base": version, "c": step[2]}))[
                "updateCase"
            ]
            version = changed["version"]
        else:
            target = live.pop(step[1] % len(live))
            version = (await api(REMOVE, {"id": target, "base": version}))["removeCase"]["version"]
    return dataset_id, version


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(steps=st.lists(_step, min_size=1, max_size=7))
async def test_the_diff_of_any_two_versions_applied_to_the_first_gives_the_second(
    owner: Api, steps: list[tuple[Any, ...]]
) -> None:
    dataset_id, latest = await _edit(owner, steps)
    versions = {v: await _version(owner, dataset_id, v) for v in range(1, latest + 1)}
    for a in versions:
        for b in versions:
            diff, changes = await _diff(owner, dataset_id, a, b, first=2)
            assert (diff["from"], diff["to"]) == (a, b)
            if a == b:
                assert changes == [] and diff["added"] == diff["removed"] == diff["changed"] == 0
            applied = dict(versions[a])
            for change in changes:
                if change["kind"] == "REMOVED":
                    assert change["after"] is None
                    assert _content(change["before"]) == applied.pop(change["caseId"])
                else:
                    assert change["after"]["id"] == change["caseId"]
                    applied[change["caseId"]] = _content(change["after"])
                if change["kind"] == "CHANGED":
                    assert change["changedFields"]
                    assert _content(change["before"]) == versions[a][change["caseId"]]
            assert applied == versions[b]
            kinds = [c["kind"] for c in changes]
            assert (kinds.count("ADDED"), kinds.count("REMOVED"), kinds.count("CHANGED")) == (
                diff["added"],
                diff["removed"],
                diff["changed"],
            )


async def test_versions_out_of_range_are_refused_by_name(owner: Api) -> None:
    dataset_id, _ = await _edit(
        owner, [("add", {"input": "How does refund work?", "referenceAnswer": "refund"})]
    )
    for a, b, named in [(0, 1, "from"), (1, 2, "to")]:
        refused = await owner.errors(DIFF, {"d": dataset_id, "from": a, "to": b, "first": 5})
        assert refused.codes == ["BAD_USER_INPUT"] and named in str(refused)
