"""The review queue's counts, live: the Waiting for review card and a dataset's queue.

Listens on ``review-queue:<organization_id>`` through the process's live hub; each
message names the datasets whose queue changed, and the counts are read again from
PostgreSQL under the subscriber's access - so a dataset the subscriber may not see is
never counted, and a message about one changes nothing it is sent. A RESYNC (Redis
came back) reads them again too. Counts are sent only when they changed.
"""

from collections.abc import AsyncGenerator

import orjson
import strawberry
from strawberry import relay

from casebook.domain.access.catalog import Permission
from casebook.graphql.context import Info
from casebook.graphql.ids import decode_id
from casebook.graphql.live import checked_with_the_principal, held
from casebook.graphql.permissions import requires
from casebook.graphql.types.datasets.dataset import DatasetType
from casebook.graphql.types.review.queue import ReviewQueueSummaryType
from casebook.services.kernel.live_hub import Resync
from casebook.services.kernel.records import Dataset
from casebook.services.review import reading
from casebook.services.review.events import queue_channel
from casebook.services.review.reading import QueueCounts

Found = list[tuple[Dataset, QueueCounts]]

_CHANGED = "review-queue-datasets"


def _changed_datasets(data: bytes) -> list[int]:
    changed: list[int] = orjson.loads(data).get("dataset_ids") or []
    return changed


@strawberry.type
class ReviewSubscriptions:
    @strawberry.subscription(
        extensions=requires(Permission.DATASETS_VIEW),
        description="The review queue's counts now, then again each time they change (a "
        "send, a withdrawal, a decision, an undo, an eval run finishing). With datasetId, "
        "that dataset alone (not found when you may not see it); without, every dataset you "
        "can see.",
    )
    async def review_queue_counts(
        self, info: Info, dataset_id: relay.GlobalID | None = None
    ) -> AsyncGenerator[ReviewQueueSummaryType, None]:
        services = info.context.services
        actor = services.require_actor()
        wanted = decode_id(dataset_id, DatasetType, "datasetId") if dataset_id else None

        async def read() -> Found:
            if wanted is None:
                return await reading.queue_summary(services)
            counts = await reading.queue_counts(services, wanted)
            if counts.waiting == 0:
                return []
            dataset = await info.context.loaders.dataset.load(wanted)
            return [(dataset, counts)]

        def key(found: Found) -> list[QueueCounts]:
            return [counts for _, counts in found]

        if wanted is not None:
            await reading.queue_counts(services, wanted)  # not found before subscribing
        async with info.context.hub.listen(queue_channel(actor.organization_id)) as listener:
            found = await read()
            yield ReviewQueueSummaryType.of(found)
            events = held(
                info.context,
                listener,
                checked_with_the_principal(
                    info.context,
                    (lambda: reading.queue_counts(services, wanted))
                    if wanted is not None
                    else (lambda: reading.queue_summary(services)),
                ),
            )
            async for event in events:
                if not isinstance(event, Resync) and wanted is not None:
                    changed = event.derive(_CHANGED, _changed_datasets)
                    if wanted not in changed:
                        continue
                now = await read()
                if key(now) == key(found):
                    continue
                found = now
                yield ReviewQueueSummaryType.of(found)
