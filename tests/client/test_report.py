"""``casebook eval``'s JUnit XML, summary table and gate, on results shaped as the API
returns them (issue 12, "CI gate")."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from casebook_client import gate, report
from casebook_client.connection import graphql_endpoint, websocket_endpoint
from casebook_client.junit import junit_xml
from tests.support.junit import validate_junit


def _node(case_id: str, agent: str, outcome: str | None, **extra: object) -> dict[str, object]:
    return {
        "case": {"id": case_id, "input": f"Question {case_id}?", "tags": []},
        "agentId": agent,
        "agentName": agent,
        "outcome": outcome,
        "flip": extra.get("flip"),
        "confirmed": extra.get("confirmed"),
        "medianScore": {"outcomeReason": extra.get("reason")},
        "scores": [{"latencyMs": 250.0}, {"latencyMs": 750.0}],
    }


def test_one_testcase_per_case_and_agent_with_its_outcome() -> None:
    results = [
        _node("C1", "Support bot", "PASS"),
        _node("C2", "Support bot", "FAIL", reason="checks: missing 'refund'"),
        _node("C3", "Support bot", "FAIL", flip="REGRESSION", confirmed=True),
        _node("C1", "Sales bot", "NOT_GRADED", reason="judge: no model"),
        _node("C2", "Sales bot", None),
    ]
    root = validate_junit(junit_xml("casebook.Support", results))
    assert (root.get("tests"), root.get("failures"), root.get("skipped"), root.get("errors")) == (
        "5",
        "2",
        "1",
        "1",
    )
    support, sales = root
    assert support.get("name") == "Support bot" and support.get("tests") == "3"
    passed, failed, regression = support
    # Named by the question, as a reader of the CI report knows the case.
    assert passed.get("name") == "Question C1?" and len(passed) == 0
    assert passed.get("time") == "0.500"  # the mean latency of its repetitions, in seconds
    (failure,) = failed
    assert failure.tag == "failure" and failure.text == "checks: missing 'refund'"
    assert failure.get("message") == "checks: missing 'refund'"  # the reason
    assert regression[0].get("message") == "regression, confirmed"
    assert (
        sales[0][0].tag == "skipped" and sales[0][0].get("message") == "not graded: judge: no model"
    )
    assert sales[1][0].tag == "error"


@given(
    st.lists(
        st.tuples(
            st.text(max_size=200),
            st.text(min_size=1, max_size=30),
            st.sampled_from(["PASS", "FAIL", "NOT_GRADED", None]),
            st.text(max_size=100),
        ),
        max_size=20,
    )
)
def test_junit_stays_valid_xml_whatever_the_text(
    rows: list[tuple[str, str, str | None, str]],
) -> None:
    # Questions and reasons may hold control characters, lone surrogates, markup.
    results = [
        {
            "case": {"id": f"C{index}", "input": question},
            "agentName": agent,
            "outcome": outcome,
            "medianScore": {"outcomeReason": reason},
            "scores": [],
        }
        for index, (question, agent, outcome, reason) in enumerate(rows)
    ]
    root = validate_junit(junit_xml("casebook.<&\x00>", results))
    assert int(root.get("tests", "-1")) == len(rows)


def test_the_summary_table_and_the_comparison() -> None:
    run = {
        "summary": {
            "agents": [
                {
                    "agentName": "Support bot",
                    "agentVersion": 3,
                    "passed": 8,
                    "failed": 2,
                    "notGraded": 1,
                    "passRate": 0.8,
                    "costUsd": 0.004,
                    "latencyP50Ms": 420.0,
                    "latencyP95Ms": 1800.0,
                    "qualityMean": 0.75,
                    "qualityMin": 0.5,
                    "qualityMax": 1.0,
                }
            ]
        }
    }
    header, rule, row = report.summary_lines(run)
    assert header.split()[:3] == ["Agent", "Version", "Pass"]
    assert set(rule) <= {"-", " "}
    for cell in ("Support bot", "80.0%", "under a cent", "420 ms", "1.80 s", "0.75 (0.50-1.00)"):
        assert cell in row
    lines = report.comparison_lines(
        {
            "baseline": {"id": "RUN1"},
            "comparedCases": 10,
            "passRateBefore": 0.9,
            "passRateAfter": 0.8,
            "note": None,
            "confirmedRegressions": 1,
            "regressions": [
                {
                    "case": {"id": "C3", "input": "Can I return\na used kettle?"},
                    "agentName": "Support bot",
                    "confirmed": True,
                }
            ],
            "improvements": [],
        }
    )
    assert lines[0] == "compared with run RUN1 (10 cases): pass rate 90.0% → 80.0%"
    assert lines[1] == "  1 regression (1 confirmed), 0 improvements"
    assert lines[2] == (
        "  regression (confirmed): Support bot on case C3 'Can I return a used kettle?'"
    )
    assert report.comparison_lines(None) == ["no baseline: nothing compared"]


@pytest.mark.parametrize(
    ("status", "confirmed", "rates", "bar", "code"),
    [
        ("FINISHED", 0, [0.9], None, 0),
        ("FINISHED", 0, [0.9], 0.9, 0),
        ("FINISHED", 1, [1.0], None, 1),  # a confirmed regression
        ("FINISHED", 0, [0.9, 0.7], 0.8, 1),  # one agent under the bar
        ("FINISHED", 0, [None], 0.5, 1),  # nothing graded meets no bar
        ("FINISHED", 0, [None], None, 0),
        ("FAILED", 0, [1.0], None, 1),  # a run that did not finish never passes the gate
        ("CANCELLED", 0, [1.0], None, 1),
    ],
)
def test_the_gate(
    status: str, confirmed: int, rates: list[float | None], bar: float | None, code: int
) -> None:
    verdict = gate.decide(
        status=status,
        status_reason="budget spent" if status == "FAILED" else None,
        confirmed_regressions=confirmed,
        rates=[gate.AgentRate(f"agent {index}", rate) for index, rate in enumerate(rates)],
        min_pass_rate=bar,
    )
    assert verdict.exit_code == code
    assert bool(verdict.reasons) == (code == 1)


@pytest.mark.parametrize(
    ("text", "rate"), [("0.8", 0.8), ("80%", 0.8), (" 1 ", 1.0), ("0", 0.0), ("100%", 1.0)]
)
def test_a_pass_rate_bar_reads_as_a_fraction_or_a_percentage(text: str, rate: float) -> None:
    assert gate.parse_pass_rate(text) == pytest.approx(rate)


@pytest.mark.parametrize("text", ["1.5", "-0.1", "nan", "inf", "eighty", "%", "101%", "\x00"])
def test_a_pass_rate_bar_out_of_range_is_refused_by_name(text: str) -> None:
    with pytest.raises(ValueError, match="--min-pass-rate"):
        gate.parse_pass_rate(text)


def test_endpoints() -> None:
    assert graphql_endpoint("http://127.0.0.1:8000") == "http://127.0.0.1:8000/graphql"
    assert graphql_endpoint("https://cb.example/graphql/") == "https://cb.example/graphql"
    assert graphql_endpoint("https://cb.example/api") == "https://cb.example/api/graphql"
    assert websocket_endpoint("https://cb.example/graphql") == "wss://cb.example/graphql"
    assert websocket_endpoint("http://127.0.0.1:8000/graphql") == "ws://127.0.0.1:8000/graphql"
    with pytest.raises(ValueError, match="--url"):
        graphql_endpoint("127.0.0.1:8000")
