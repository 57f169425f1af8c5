"""Who opens a conversation, and whose copied text a case shows."""

import pytest

from casebook.domain.access.catalog import Role, Visibility
from casebook.domain.access.policy import Actor
from casebook.domain.activity.access import (
    ConversationFacts,
    copied_text_masked,
    may_open,
    may_share,
)

ME, OTHER = 1, 2


def _facts(
    owner: int | None, visibility: Visibility, granted: bool = False, org: int = 10
) -> ConversationFacts:
    return ConversationFacts(org, owner, visibility, granted)


@pytest.mark.parametrize("role", list(Role))
def test_runs_view_opens_everything_of_the_organization_and_nothing_else(role: Role) -> None:
    actor = Actor(ME, 10, role)
    reads_runs = role in (Role.OWNER, Role.ADMIN, Role.BUILDER, Role.OPERATOR)
    assert may_open(actor, _facts(OTHER, Visibility.PRIVATE)) is reads_runs
    assert may_open(actor, _facts(None, Visibility.PRIVATE)) is reads_runs
    assert may_open(actor, _facts(ME, Visibility.PRIVATE, org=11)) is False
    assert may_open(actor, _facts(ME, Visibility.PRIVATE)) is True
    assert may_open(actor, _facts(OTHER, Visibility.ORGANIZATION)) is True
    assert may_open(actor, _facts(OTHER, Visibility.PRIVATE, granted=True)) is True


def test_only_the_person_it_was_with_shares_it() -> None:
    assert may_share(Actor(ME, 10, Role.MEMBER), _facts(ME, Visibility.PRIVATE))
    assert not may_share(Actor(ME, 10, Role.OWNER), _facts(OTHER, Visibility.PRIVATE))
    assert not may_share(Actor(ME, 10, Role.OWNER), _facts(None, Visibility.PRIVATE))


def test_a_missing_source_stays_masked_unless_the_reader_reads_every_run() -> None:
    member, operator = Actor(ME, 10, Role.MEMBER), Actor(ME, 10, Role.OPERATOR)
    assert copied_text_masked(member, None) is True
    assert copied_text_masked(member, False) is True
    assert copied_text_masked(member, True) is False
    assert copied_text_masked(operator, None) is False
