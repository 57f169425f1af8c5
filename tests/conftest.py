"""Shared test configuration. Domain tests need no services; integration tests start them.

Hypothesis: the ``ci`` profile (the default) is derandomized, so a run is
repeatable and a failure reproduces; ``HYPOTHESIS_PROFILE=dev`` explores new
random examples on every run.

Passwords: production hashes with argon2-cffi's default profile (64 MiB, three
passes, four lanes), about 0.12 s and 0.17 s of CPU per sign-in on this machine, and
most integration tests sign in at least once. Tests hash and verify with argon2's
cheapest parameters instead; the code path is the same, and a hash names its own
parameters, so verification is unchanged. Production settings have no way to choose
this profile: only this file swaps it in.

Names: every outbound call resolves its host through ``tests.support.names.NAMES``
(swapped in here for the whole process), so no test looks a name up outside the
machine; the ``names`` fixture maps names for one test.
"""

import os
from collections.abc import Iterator

import pytest
from argon2 import PasswordHasher, profiles
from hypothesis import HealthCheck, settings

from casebook.llm.outbound import use_resolver
from casebook.services.identity import secrets as password_secrets
from casebook.services.kernel.collector import tune_for_serving
from tests.support.names import NAMES, NamesForTests

password_secrets._hasher = PasswordHasher.from_parameters(profiles.CHEAPEST)
password_secrets._dummy_hash.cache_clear()
use_resolver(NAMES)

settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=300, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_finish() -> None:
    """Each test process's collector as a serving process has it (``tune_for_serving``): what
    lives for the whole run (modules, the schema, the collected tests) is frozen out of its
    sight, and the young generation is collected far less often. Timed with gc.callbacks
    over the whole suite in two processes: 41 of their 228 CPU-s went to collecting, 30 of
    them in full collections, against 25 of 190 tuned."""
    tune_for_serving()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that mostly wait (``waits_on_processes``) run first, in their own order: their
    waits then fall while the checks beside pytest in ``make test`` still want the cores,
    rather than at the end, when those are done and the cores would idle."""
    items.sort(key=lambda item: item.get_closest_marker("waits_on_processes") is None)


@pytest.fixture
def names() -> Iterator[NamesForTests]:
    """The test resolver: map names for this test (forgotten after it)."""
    NAMES.clear()
    yield NAMES
    NAMES.clear()
