"""Eval runs, live: one run's progress, and an organization's runs starting and ending.

Both need runs:view first; a run is then shown only when its dataset may be seen
(``evals.runs.get_eval_run``), so a run you may not see - another organization's, a
private dataset's - is "eval run not found" for one, and never told for the other.
"""

from collections.abc import AsyncGenerator
from datetime import UTC, datetime
from typing import Any

import orjson
import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.domain.evals.progress import TERMINAL
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.lean_execution import shared_event
from casebook.graphql.live import checked_with_the_principal, held
from casebook.graphql.permissions import requires
from casebook.graphql.types.evals.eval_run import EvalRunType
from casebook.graphql.types.evals.progress import EvalProgressType
from casebook.graphql.types.evals.run_event import EvalRunEventKind, EvalRunEventType
from casebook.services.evals import channels, runs
from casebook.services.evals.run_events import run_events_since
from casebook.services.kernel.errors import NotFound
from casebook.services.kernel.live_hub import Resync


@strawberry.type
class EvalSubscriptions:
    @strawberry.subscription(
        extensions=requires(Permission.RUNS_VIEW),
        description="An eval run's progress now, then each change in order (by sequence), "
        "ending after FINISHED, FAILED or CANCELLED. Not found when the run does not exist "
        "or its dataset is not yours to see.",
    )
    async def eval_run_progress(
        self, info: Info, id: relay.GlobalID
    ) -> AsyncGenerator[EvalProgressType, None]:
        services = info.context.services
        run_id = decode_id(id, EvalRunType)
        channel = channels.run_channel(run_id)
        if not info.context.hub.subscribed(channel):
            # Not found before Redis is asked to subscribe anything for it. A channel other
            # viewers hold already costs nothing to join: the read below decides alone.
            await runs.get_eval_run(services, run_id)
        async with info.context.hub.listen(channel) as listener:
            state = await runs.progress_of(services, run_id)
            yield EvalProgressType.from_payload(state)
            if state["status"] in TERMINAL:
                return
            sent = int(state["sequence"])
            events = held(
                info.context,
                listener,
                checked_with_the_principal(
                    info.context,
                    lambda: runs.get_eval_run(services, run_id),
                    shared_as=("eval-run", run_id),
                    passed_now=True,
                ),
            )
            async for event in events:
                if isinstance(event, Resync):
                    state = await runs.progress_of(services, run_id)
                    progress = EvalProgressType.from_payload(state)
                else:
                    # Decoded once for every viewer of the run in this process, and the
                    # same object handed to each, so its selection is executed once too.
                    state, progress = event.derive(_PROGRESS, _progress_of_message)
                # Two workers may publish out of order, and a re-read may already hold what
                # a message announces: each event is a whole state, so an older one is
                # superseded by what was sent.
                if int(state["sequence"]) <= sent:
                    continue
                sent = int(state["sequence"])
                yield progress
                if state["status"] in TERMINAL:
                    return

    @strawberry.subscription(
        extensions=requires(Permission.RUNS_VIEW),
        description="Eval runs of your organization starting and ending, for dashboards: "
        "only runs of datasets you may see.",
    )
    async def organization_eval_runs(self, info: Info) -> AsyncGenerator[EvalRunEventType, None]:
        services = info.context.services
        actor = services.require_permission(Permission.RUNS_VIEW)
        told: set[tuple[str, int]] = set()
        channel = channels.organization_channel(actor.organization_id)
        async with info.context.hub.listen(channel) as listener:
            since = datetime.now(UTC)
            # The principal and runs:view are held by ``requires``; each run is read
            # through its own access check.
            async for event in listener:
                if isinstance(event, Resync):
                    # Messages may have been lost: what started or ended since is in the rows.
                    caught_up_at = datetime.now(UTC)
                    found = await run_events_since(services, since)
                    since = caught_up_at
                else:
                    found = await _announced(services, orjson.loads(event.data))
                for kind, run in found:
                    assert run.id is not None
                    if (kind, run.id) in told:
                        continue
                    told.add((kind, run.id))
                    yield EvalRunEventType(
                        kind=EvalRunEventKind(kind), run=EvalRunType.from_row(run)
                    )


_PROGRESS = "eval-progress"


def _progress_of_message(data: bytes) -> tuple[dict[str, Any], EvalProgressType]:
    state = orjson.loads(data)
    return state, shared_event(EvalProgressType.from_payload(state))


async def _announced(services: Any, message: dict[str, Any]) -> list[tuple[str, Any]]:
    """The run a message names, when the subscriber may see it."""
    try:
        run = await runs.get_eval_run(services, int(message["run_id"]))
    except NotFound:
        return []
    return [(str(message["kind"]), run)]
