"""Where changes of the review queue go out: ``review-queue:<organization_id>`` carries
``{"dataset_ids": [...]}`` after each change of which scores wait. Published on Redis
pub/sub as a courtesy: the rows hold the truth, and a listener that missed a message
reads the counts again (the live hub's RESYNC)."""

from collections.abc import Iterable
from typing import Any

import orjson
import structlog

from casebook.services.kernel import pubsub
from casebook.services.kernel.outages import outage_of

log = structlog.get_logger("casebook.review")


def queue_channel(organization_id: int) -> str:
    return f"review-queue:{organization_id}"


async def publish_queue_changed(
    redis: Any, organization_id: int, dataset_ids: Iterable[int]
) -> None:
    ids = sorted(set(dataset_ids))
    if not ids:
        return
    try:
        await pubsub.publish(
            redis, queue_channel(organization_id), orjson.dumps({"dataset_ids": ids})
        )
    except Exception as error:
        if outage_of(error) is None:
            raise
        log.warning("review queue change not published: Redis cannot be reached")
