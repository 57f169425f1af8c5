"""Shared test configuration. Domain tests need no services; integration tests start them.

Hypothesis: the ``ci`` profile (the default) is derandomized, so a run is
repeatable and a failure reproduces; ``HYPOTHESIS_PROFILE=dev`` explores new
random examples on every run.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=300, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
