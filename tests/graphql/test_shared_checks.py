"""A read for access shared by live subscriptions: one read serves the subscriptions that
ask the same question as the same reader, made after each one's principal was checked;
another reader, or a principal checked since, gets a read of its own."""

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from casebook.domain.access.catalog import Permission, Role
from casebook.domain.access.policy import Actor
from casebook.graphql.live import LivePrincipal, SharedChecks, checked_with_the_principal
from casebook.services.identity.auth import Authentication
from casebook.services.kernel.errors import NotFound

OWNER_BY_KEY_1 = Actor(1, 1, Role.OWNER, scopes=frozenset({Permission.RUNS_VIEW}), api_key_id=1)
OWNER_BY_KEY_2 = Actor(1, 1, Role.OWNER, scopes=frozenset({Permission.RUNS_VIEW}), api_key_id=2)
MEMBER = Actor(2, 1, Role.MEMBER)


@dataclass
class _Services:
    actor: Actor | None


@dataclass
class _Context:
    services: _Services
    live: LivePrincipal = field(default_factory=lambda: LivePrincipal(_never, every_seconds=5.0))


async def _never() -> Authentication:
    raise AssertionError("not authenticated in these tests")


def _reads(answers: dict[int, object]) -> tuple[list[int], Any]:
    """A check per context that records whose read it made and answers for that user."""
    made: list[int] = []

    def check_for(context: _Context) -> Any:
        async def check() -> object:
            actor = context.services.actor
            assert actor is not None
            made.append(actor.user_id)
            await asyncio.sleep(0.01)
            answer = answers[actor.user_id]
            if isinstance(answer, Exception):
                raise answer
            return answer

        return check

    return made, check_for


def _checked(context: _Context, check: Any) -> Any:
    return checked_with_the_principal(context, check, shared_as=("eval-run", 7))


def test_one_read_serves_the_same_reader_whichever_key_it_came_with() -> None:
    made, check_for = _reads({1: "run"})
    contexts = [_Context(_Services(a)) for a in (OWNER_BY_KEY_1, OWNER_BY_KEY_2)] * 3

    async def all_at_once() -> list[object]:
        return list(await asyncio.gather(*(_checked(c, check_for(c))() for c in contexts)))

    assert asyncio.run(all_at_once()) == ["run"] * 6
    assert made == [1]


def test_another_reader_is_decided_for_by_a_read_of_its_own() -> None:
    made, check_for = _reads({1: "run", 2: NotFound("eval run")})
    owner, member = _Context(_Services(OWNER_BY_KEY_1)), _Context(_Services(MEMBER))

    async def both() -> list[object]:
        return list(
            await asyncio.gather(
                _checked(owner, check_for(owner))(),
                _checked(member, check_for(member))(),
                return_exceptions=True,
            )
        )

    found = asyncio.run(both())
    assert found[0] == "run"
    assert isinstance(found[1], NotFound)
    assert sorted(made) == [1, 2]


def test_a_principal_checked_after_the_read_started_reads_again() -> None:
    made, check_for = _reads({1: "run"})
    earlier, later = _Context(_Services(OWNER_BY_KEY_1)), _Context(_Services(OWNER_BY_KEY_2))

    async def one_then_the_other() -> None:
        await _checked(earlier, check_for(earlier))()
        later.live.checked_at = time.monotonic()  # its credentials were checked since
        await _checked(later, check_for(later))()

    asyncio.run(one_then_the_other())
    assert made == [1, 1]


def test_a_failure_is_shared_with_those_asking_meanwhile() -> None:
    checks = SharedChecks()
    calls = 0

    async def failing() -> object:
        nonlocal calls
        calls += 1
        await asyncio.sleep(0.01)
        raise NotFound("eval run")

    async def together() -> list[object]:
        return list(
            await asyncio.gather(
                *(checks.decide("q", time.monotonic(), failing) for _ in range(3)),
                return_exceptions=True,
            )
        )

    assert all(isinstance(found, NotFound) for found in asyncio.run(together()))
    assert calls == 1


def test_a_read_abandoned_by_its_maker_is_made_again_by_those_waiting() -> None:
    checks = SharedChecks()
    calls = 0

    async def slow() -> object:
        nonlocal calls
        calls += 1
        await asyncio.sleep(0.05)
        return "run"

    async def maker_leaves() -> object:
        maker = asyncio.create_task(checks.decide("q", time.monotonic(), slow))
        await asyncio.sleep(0.01)
        waiting = asyncio.create_task(checks.decide("q", time.monotonic(), slow))
        await asyncio.sleep(0.01)
        maker.cancel()
        with pytest.raises(asyncio.CancelledError):
            await maker
        return await waiting

    assert asyncio.run(maker_leaves()) == "run"
    assert calls == 2
