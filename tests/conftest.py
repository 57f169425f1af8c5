"""Shared test configuration. Domain tests need no services; integration tests start them.

Hypothesis: the ``ci`` profile (the default) is derandomized, so a run is
repeatable and a failure reproduces; ``HYPOTHESIS_PROFILE=dev`` explores new
random examples on every run.

Passwords: production hashes with argon2-cffi's default profile (64 MiB, three
passes), about a second of CPU per sign-in on this machine. Tests hash and verify
with argon2's cheapest parameters instead; the code path is the same, and a hash
names its own parameters, so verification is unchanged. Production settings have no
way to choose this profile: only this file swaps it in.
"""

import os

from argon2 import PasswordHasher, profiles
from hypothesis import HealthCheck, settings

from casebook.services.identity import secrets as password_secrets

password_secrets._hasher = PasswordHasher.from_parameters(profiles.CHEAPEST)
password_secrets._dummy_hash.cache_clear()

settings.register_profile(
    "ci",
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=300, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
