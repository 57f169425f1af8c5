"""Live updates relayed from Redis pub/sub, so any API process serves any dashboard.

Every subscription listens through the process's one pub/sub connection
(``services/kernel/live_hub``): registered and confirmed before the resolver
reads the current state, so no change falls between; told to read again
(``RESYNC``) when Redis came back after messages may have been lost.
"""

import strawberry

from casebook.graphql.subscriptions.evals import EvalSubscriptions
from casebook.graphql.subscriptions.jobs import JobSubscriptions
from casebook.graphql.subscriptions.review import ReviewSubscriptions


@strawberry.type
class Subscription(JobSubscriptions, EvalSubscriptions, ReviewSubscriptions):
    pass
