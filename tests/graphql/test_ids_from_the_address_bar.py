"""An id copied from the console's address bar is taken as the id it is: percent-encoded,
without its padding, or as the whole address of the page; one that names something else,
or nothing, is refused saying where the console shows the right one."""

from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook.graphql.ids import MAX_DB_ID, decode_id, encode_id
from casebook.services.kernel.errors import BadUserInput

CONSOLE = "http://127.0.0.1:5173"
ids = st.integers(min_value=1, max_value=MAX_DB_ID - 1)


def pasted_forms(kind: str, db_id: int) -> list[str]:
    plain = str(encode_id(kind, db_id))
    return [plain, quote(plain, safe=""), plain.rstrip("="), f"  {plain}\n"]


@given(ids)
def test_a_dataset_or_agent_id_is_taken_as_the_address_bar_shows_it(db_id: int) -> None:
    for kind, collection in (("Dataset", "datasets"), ("Agent", "agents")):
        encoded = quote(str(encode_id(kind, db_id)), safe="")
        pasted = [
            *pasted_forms(kind, db_id),
            f"{CONSOLE}/{collection}/{encoded}",
            f"{CONSOLE}/{collection}/{encoded}?tab=cases&case=Q2FzZTox",
            f"/{collection}/{encoded}/edit",
        ]
        assert {decode_id(text, kind) for text in pasted} == {db_id}


@given(ids, ids)
def test_an_eval_run_id_is_taken_from_its_pages_address(dataset_id: int, run_id: int) -> None:
    run = quote(str(encode_id("EvalRun", run_id)), safe="")
    dataset = quote(str(encode_id("Dataset", dataset_id)), safe="")
    address = f"{CONSOLE}/datasets/{dataset}?tab=results&run={run}"
    assert decode_id(address, "EvalRun") == run_id
    assert decode_id(address, "Dataset") == dataset_id
    assert {decode_id(text, "EvalRun") for text in pasted_forms("EvalRun", run_id)} == {run_id}


@pytest.mark.parametrize(
    ("pasted", "expected", "message"),
    [
        (
            str(encode_id("EvalRun", 2)),
            "Dataset",
            "names a EvalRun, not a Dataset: copy the dataset's id from its page in the console "
            "(Copy id, under its name)",
        ),
        (
            f"{CONSOLE}/datasets",
            "Dataset",
            "is not an id this API gave out: copy the dataset's id from its page in the console "
            "(Copy id, under its name)",
        ),
        (
            "42",
            "Agent",
            "is not an id this API gave out: copy the agent's id from its page in the console "
            "(Copy id, under its name)",
        ),
        ("42", "ModelConnection", "is not an id this API gave out"),
    ],
    ids=["another kind", "an address without one", "a database id", "no page to copy from"],
)
def test_a_wrong_id_is_refused_saying_where_the_right_one_is(
    pasted: str, expected: str, message: str
) -> None:
    with pytest.raises(BadUserInput) as refused:
        decode_id(pasted, expected, "datasetId")
    assert [(e.path, e.message) for e in refused.value.errors] == [("datasetId", message)]
