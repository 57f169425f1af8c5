"""The pytest plugin (the package's ``pytest11`` entry point): a test marked

    @pytest.mark.casebook(dataset="RGF0YXNldDox", agent="QWdlbnQ6Nw==")
    def test_support_agent(casebook_case):
        return my_agent.reply(casebook_case.input)

runs once per case of the dataset, each its own test item with the case as the
``casebook_case`` fixture; what it returns (text or an ``Answer``) is graded on the server,
and the item passes or fails as the scorers say, their reason its failure message. The
session is one eval run of the local agent, started at the first such test, answered test
by test (the confirmation reruns at the end, by calling the last test again for each), with
the gate applied once it ends: a gate that fails makes pytest exit 1. Options: the marker's
``tags``, ``repetitions``, ``version``, ``baseline``, ``min_pass_rate``; the command line's
``--casebook-url``, ``--casebook-version-label``, ``--casebook-baseline``,
``--casebook-min-pass-rate``. The key comes from ``$CASEBOOK_API_KEY``.

This module stays light: pytest loads it in every session of an environment where the
client is installed; what talks to the API (``pytest_session``) is imported on first use.
"""

from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from casebook_client.pytest_session import Session


class CaseFailed(Exception):
    """The scorers failed the answer; the message is their reason, and is the test's failure
    message as it is (pytest's own JUnit XML included)."""


MARKER = "casebook"
FIXTURE = "casebook_case"
SESSION_KEY = pytest.StashKey["Session"]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("casebook", "Casebook eval runs (@pytest.mark.casebook)")
    group.addoption("--casebook-url", help="the API (default $CASEBOOK_URL)")
    group.addoption(
        "--casebook-version-label",
        help="the version the code under test answers as (default: the git commit)",
    )
    group.addoption("--casebook-baseline", help="a run id, or `last`, to compare with")
    group.addoption("--casebook-min-pass-rate", help="fail below this pass rate: 0.9 or 90%%")
    group.addoption(
        "--casebook-grade-timeout",
        type=float,
        default=600.0,
        help="seconds to wait for an answer's grade (a judge's) and for the run to end",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{MARKER}(dataset, agent, tags=None, repetitions=1, version=None, baseline=None, "
        "min_pass_rate=None): run the test once per case of a Casebook dataset, as one eval run "
        f"of the local agent; the case is the {FIXTURE} fixture",
    )


def _session(config: pytest.Config) -> "Session":
    found = config.stash.get(SESSION_KEY, None)
    if found is None:
        from casebook_client.pytest_session import Session

        found = config.stash[SESSION_KEY] = Session(config)
    return found


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    marker = metafunc.definition.get_closest_marker(MARKER)
    if marker is None:
        return
    if FIXTURE not in metafunc.fixturenames:
        raise pytest.UsageError(
            f"{metafunc.definition.nodeid}: a test marked casebook takes the {FIXTURE} fixture"
        )
    group = _session(metafunc.config).group(marker)
    metafunc.parametrize(FIXTURE, group.case_ids, ids=group.test_ids, indirect=True)


@pytest.fixture
def casebook_case(request: pytest.FixtureRequest) -> Any:
    """The case this test answers (an ``EvalCase``), claimed for it from the session's run."""
    marker = request.node.get_closest_marker(MARKER)
    if marker is None:
        raise pytest.UsageError(f"{FIXTURE} is given to tests marked @pytest.mark.casebook only")
    return _session(request.config).claim(request.node, marker, request.param)


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    found = config.stash.get(SESSION_KEY, None)
    if found is not None:
        found.collected([item for item in items if item.get_closest_marker(MARKER) is not None])


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    found = pyfuncitem.config.stash.get(SESSION_KEY, None)
    if found is None or pyfuncitem.get_closest_marker(MARKER) is None:
        return None
    found.answer(pyfuncitem)
    return True


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    outcome = yield
    report = outcome.get_result()
    if call.excinfo is not None and isinstance(call.excinfo.value, CaseFailed) and report.failed:
        report.longrepr = str(call.excinfo.value)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    found = session.config.stash.get(SESSION_KEY, None)
    if found is not None and found.finish() and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any) -> None:
    found = terminalreporter.config.stash.get(SESSION_KEY, None)
    if found is None:
        return
    lines = found.report()
    if lines:
        terminalreporter.section("casebook")
        for line in lines:
            terminalreporter.write_line(line)
