"""The JUnit XML ``casebook eval`` writes: one ``testsuite`` per agent, one ``testcase``
per (case, agent) of the run, named by the case's question (its id when it has none).

- PASS: a plain testcase;
- FAIL: ``<failure>`` whose message is the reason the scorers gave (for the answer shown:
  the repetition with the median quality);
- NOT_GRADED: ``<skipped>`` - no scorer reached a verdict, so the answer neither passed
  nor failed; Score again grades it later;
- no outcome (the run failed or was cancelled before every repetition was scored):
  ``<error>``.

A regression the rerun confirmed says so in its failure message. ``time`` is the
answer's latency in seconds (the mean over repetitions).

The outcome is what the result counts as on the server: a person's review decision
when one was made. Such a testcase says so - its message names who decided, when, and
what the scorers said - in its failure or skipped message and, for every outcome, in
its ``system-out`` (a passing testcase has no message).
"""

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

QUESTION_CHARS = 80


def _case_name(node: dict[str, Any]) -> str:
    case = node.get("case") or {}
    question = " ".join(str(case.get("input") or "").split())
    if len(question) > QUESTION_CHARS:
        question = question[: QUESTION_CHARS - 1] + "…"
    return question or str(case.get("id", "?"))


def _seconds(node: dict[str, Any]) -> float:
    latencies = [s["latencyMs"] for s in node.get("scores") or [] if s.get("latencyMs") is not None]
    return sum(latencies) / len(latencies) / 1000 if latencies else 0.0


def _clean(text: str) -> str:
    """XML 1.0 cannot carry most control characters: they are dropped."""
    return "".join(
        ch
        for ch in text
        if ch in "\t\n\r"
        or (ord(ch) >= 0x20 and not 0xD800 <= ord(ch) <= 0xDFFF and ord(ch) not in (0xFFFE, 0xFFFF))
    )


def _name(text: str, fallback: str) -> str:
    """An attribute CI systems need non-empty."""
    return _clean(text).strip() or fallback


@dataclass
class _Tally:
    tests: int = 0
    failures: int = 0
    errors: int = 0
    skipped: int = 0
    seconds: float = 0.0

    def write(self, element: ET.Element) -> None:
        for key in ("tests", "failures", "errors", "skipped"):
            element.set(key, str(getattr(self, key)))
        element.set("time", f"{self.seconds:.3f}")


def _decided(node: dict[str, Any]) -> str:
    """For a result a person decided, the words saying so; empty otherwise."""
    decision = node.get("decision")
    if not decision:
        return ""
    who = _clean(str(decision.get("decidedBy") or "a reviewer"))
    when = _clean(str(decision.get("decidedAt") or ""))
    scorers = str(node.get("scorersOutcome") or "")
    said = f" (the scorers said {scorers})" if scorers and scorers != node.get("outcome") else ""
    return f"decided {decision.get('outcome')} by {who} at {when}{said}"


def _testcase(suite: ET.Element, run_name: str, agent: str, node: dict[str, Any]) -> str:
    """Adds the testcase; returns its outcome's element name, or ``pass``."""
    decided = _decided(node)
    found = _outcome_of(suite, run_name, agent, node, decided)
    if decided:
        ET.SubElement(suite[-1], "system-out").text = decided
    return found


def _outcome_of(
    suite: ET.Element, run_name: str, agent: str, node: dict[str, Any], decided: str
) -> str:
    case = ET.SubElement(
        suite,
        "testcase",
        name=_name(_case_name(node), "case"),
        classname=_name(f"{run_name}.{agent}", "casebook"),
        time=f"{_seconds(node):.3f}",
    )
    reason = _clean(str((node.get("medianScore") or {}).get("outcomeReason") or ""))
    if decided:
        reason = f"{decided}; {reason}" if reason else decided
    outcome = node.get("outcome")
    if outcome == "PASS":
        return "pass"
    if outcome == "FAIL":
        kind = "failed"
        if node.get("flip") == "REGRESSION":
            kind = "regression, confirmed" if node.get("confirmed") else "regression"
        message = f"{kind}: {reason}" if reason and kind != "failed" else reason or kind
        ET.SubElement(case, "failure", message=message, type="FAIL").text = reason or kind
        return "failure"
    if outcome == "NOT_GRADED":
        message = f"not graded: {reason}" if reason else "not graded"
        ET.SubElement(case, "skipped", message=message)
        return "skipped"
    ET.SubElement(
        case, "error", message="not answered and scored before the run ended", type="NOT_ANSWERED"
    )
    return "error"


def junit_xml(run_name: str, results: Sequence[dict[str, Any]]) -> bytes:
    root = ET.Element("testsuites", name=_name(run_name, "casebook"))
    suites: dict[str, tuple[ET.Element, _Tally]] = {}
    for node in results:
        agent = str(node.get("agentName") or node.get("agentId"))
        if agent not in suites:
            suites[agent] = (ET.SubElement(root, "testsuite", name=_name(agent, "agent")), _Tally())
        suite, tally = suites[agent]
        found = _testcase(suite, run_name, agent, node)
        tally.tests += 1
        tally.seconds += _seconds(node)
        tally.failures += found == "failure"
        tally.errors += found == "error"
        tally.skipped += found == "skipped"
    total = _Tally()
    for suite, tally in suites.values():
        tally.write(suite)
        total.tests += tally.tests
        total.failures += tally.failures
        total.errors += tally.errors
        total.skipped += tally.skipped
        total.seconds += tally.seconds
    total.write(root)
    ET.indent(root)
    written: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return written
