"""A structural check of JUnit XML as CI systems read it (Jenkins, GitLab, GitHub
reporters): ``testsuites`` of ``testsuite`` of ``testcase``; every count attribute a
non-negative integer that equals what its children hold; ``time`` a decimal; a testcase
with ``name``, ``classname`` and ``time`` and at most one of ``failure``, ``error`` or
``skipped``. Returns the parsed tree so a test can read further."""

import re
import xml.etree.ElementTree as ET

DECIMAL = re.compile(r"^\d+(\.\d+)?$")
OUTCOMES = ("failure", "error", "skipped")
COUNTS = ("tests", "failures", "errors", "skipped")


def _count(element: ET.Element, name: str) -> int:
    value = element.get(name)
    assert value is not None and value.isdigit(), f"{element.tag} {name}={value!r}"
    return int(value)


def _outcome(case: ET.Element) -> str | None:
    assert case.get("name"), "a testcase has a name"
    assert case.get("classname"), "a testcase has a classname"
    assert DECIMAL.match(case.get("time", "")), f"testcase time={case.get('time')!r}"
    found = [child.tag for child in case if child.tag in OUTCOMES]
    assert len(found) <= 1, f"a testcase holds at most one outcome, not {found}"
    for child in case:
        assert child.tag in (*OUTCOMES, "system-out", "system-err"), child.tag
        if child.tag in ("failure", "error"):
            assert child.get("message") is not None
    return found[0] if found else None


def validate_junit(xml: bytes) -> ET.Element:
    assert xml.startswith(b"<?xml"), "an XML declaration comes first"
    root = ET.fromstring(xml)
    assert root.tag == "testsuites"
    totals = dict.fromkeys(COUNTS, 0)
    for suite in root:
        assert suite.tag == "testsuite", suite.tag
        assert suite.get("name")
        assert DECIMAL.match(suite.get("time", "")), f"testsuite time={suite.get('time')!r}"
        held = dict.fromkeys(COUNTS, 0)
        for case in suite:
            if case.tag in ("properties", "system-out", "system-err"):
                continue
            assert case.tag == "testcase", case.tag
            held["tests"] += 1
            outcome = _outcome(case)
            if outcome == "failure":
                held["failures"] += 1
            elif outcome == "error":
                held["errors"] += 1
            elif outcome == "skipped":
                held["skipped"] += 1
        for name in COUNTS:
            assert _count(suite, name) == held[name], f"testsuite {name}"
            totals[name] += held[name]
    for name in COUNTS:
        assert _count(root, name) == totals[name], f"testsuites {name}"
    return root
