"""The policy is one rule for every kind of shared resource: a grant gives exactly its level's
actions on the one resource it is on, and only where the role reaches that permission."""

import pytest

from casebook.domain.access.catalog import GrantLevel, Permission, Role, Visibility
from casebook.domain.access.policy import Actor, SharedResource, allows

ORG, ME, SOMEONE = 1, 10, 11


def private(*levels: GrantLevel, owner: int = SOMEONE) -> SharedResource:
    return SharedResource(ORG, owner, Visibility.PRIVATE, frozenset(levels))


@pytest.mark.parametrize("kind", ["datasets", "agents"])
@pytest.mark.parametrize(
    ("level", "gives"),
    [
        (GrantLevel.READ, {"view"}),
        (GrantLevel.EDIT, {"view", "edit"}),
        (GrantLevel.USE, set()),
    ],
)
def test_a_grant_gives_a_builder_exactly_its_levels_actions(
    kind: str, level: GrantLevel, gives: set[str]
) -> None:
    builder = Actor(ME, ORG, Role.BUILDER)
    resource = private(level)
    # A Builder views everything anyway; edit reaches only what is shared with it.
    assert allows(builder, Permission(f"{kind}:edit"), resource) == ("edit" in gives)


@pytest.mark.parametrize("kind", ["datasets", "agents"])
def test_a_member_reaches_its_own_and_what_a_grant_gives_and_a_viewer_never_edits(
    kind: str,
) -> None:
    member, viewer = Actor(ME, ORG, Role.MEMBER), Actor(ME, ORG, Role.VIEWER)
    view, edit, run = (Permission(f"{kind}:{a}") for a in ("view", "edit", "run"))
    assert allows(member, edit, private(owner=ME))
    assert not allows(member, view, private())
    assert allows(member, view, private(GrantLevel.READ))
    assert not allows(member, edit, private(GrantLevel.READ))
    assert allows(member, edit, private(GrantLevel.EDIT))
    # No grant gives run: a Member runs what the organization sees or it owns.
    assert not allows(member, run, private(GrantLevel.EDIT))
    assert allows(member, run, SharedResource(ORG, SOMEONE, Visibility.ORGANIZATION))
    assert not allows(viewer, edit, private(GrantLevel.EDIT, owner=ME))


def test_nothing_of_another_organization_is_reached_whatever_the_grant() -> None:
    owner = Actor(ME, ORG, Role.OWNER)
    elsewhere = SharedResource(ORG + 1, ME, Visibility.ORGANIZATION, frozenset({GrantLevel.EDIT}))
    assert not any(allows(owner, p, elsewhere) for p in Permission)
