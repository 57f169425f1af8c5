"""Who may open a conversation (spec: Access, "From a conversation or a run").

A conversation is private to the person it was with unless shared. ``runs:view``
reads every run of the organization, as Activity does; without it a member opens
only the conversations they may open: their own, one shared with the
organization, or one shared with them by a grant. Nothing of another
organization is ever opened.

The same rule says whose copied text a case shows: text copied from a
conversation is read with ``runs:view`` or by those who may open that
conversation, and a case whose source is gone - its link cleared when the
conversation was deleted - stays masked for everyone else.
"""

from dataclasses import dataclass

from casebook.domain.access.catalog import Permission, Visibility
from casebook.domain.access.policy import Actor, holds


@dataclass(frozen=True, slots=True)
class ConversationFacts:
    organization_id: int
    owner_user_id: int | None
    visibility: Visibility
    granted_to_actor: bool = False


def reads_every_run(actor: Actor) -> bool:
    return holds(actor, Permission.RUNS_VIEW)


def may_open(actor: Actor, conversation: ConversationFacts) -> bool:
    if conversation.organization_id != actor.organization_id:
        return False
    if reads_every_run(actor):
        return True
    return (
        conversation.owner_user_id == actor.user_id
        or conversation.visibility is Visibility.ORGANIZATION
        or conversation.granted_to_actor
    )


def may_share(actor: Actor, conversation: ConversationFacts) -> bool:
    """Only the person a conversation was with decides who else reads it."""
    return (
        conversation.organization_id == actor.organization_id
        and conversation.owner_user_id is not None
        and conversation.owner_user_id == actor.user_id
    )


def copied_text_masked(actor: Actor, source_conversation_openable: bool | None) -> bool:
    """Whether a case's conversation-copied text is hidden from this reader.

    ``source_conversation_openable`` is None when the case no longer links to a
    conversation: a missing source stays masked unless the reader reads every run.
    """
    if reads_every_run(actor):
        return False
    return not source_conversation_openable
