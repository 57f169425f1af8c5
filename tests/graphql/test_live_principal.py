"""A websocket's credentials checked again: refused ones end what the socket does, while
credentials that could not be checked (an outage) are not taken for refused."""

import asyncio
from dataclasses import dataclass, field
from typing import Any

import pytest

from casebook.domain.access.catalog import Role
from casebook.domain.access.policy import Actor
from casebook.graphql.live import LivePrincipal
from casebook.services.identity.auth import Authentication
from casebook.services.kernel.access_memo import AccessMemo
from casebook.services.kernel.errors import Unauthenticated, Unavailable

OWNER = Actor(1, 1, Role.OWNER)


@dataclass
class _Services:
    actor: Actor | None = OWNER
    access: AccessMemo = field(default_factory=AccessMemo)


@dataclass
class _Context:
    services: _Services = field(default_factory=_Services)
    auth: Any = None


def _principal(outcome: BaseException | Authentication) -> LivePrincipal:
    async def authenticate() -> Authentication:
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    # Checked "long ago": the next recheck authenticates.
    return LivePrincipal(authenticate, every_seconds=5.0, checked_at=-1e9)


def test_an_outage_while_checking_again_is_unavailable_and_keeps_the_principal() -> None:
    context = _Context()
    principal = _principal(Unavailable("PostgreSQL"))
    with pytest.raises(Unavailable):
        asyncio.run(principal.recheck(context))
    assert context.services.actor == OWNER
    assert principal.checked_at == -1e9  # checked again at the next chance


def test_refused_credentials_act_as_nobody() -> None:
    context = _Context()
    asyncio.run(_principal(Unauthenticated("the API key was revoked")).recheck(context))
    assert context.services.actor is None
    assert context.auth.rejection.message == "the API key was revoked"
