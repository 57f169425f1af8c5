"""Where changes of the review queue go out: ``review-queue:<organization_id>`` carries
``{"dataset_ids": [...]}`` after each change of which scores wait. Published on Redis
pub/sub as a courtesy: the rows hold the truth, and a listener that missed a message
reads the counts again (the live hub's RESYNC)."""

from collections.abc import Iterable
from typing import Any

import orjson

from casebook.services.kernel import pubsub


def queue_channel(organization_id: int) -> str:
    return f"review-queue:{organization_id}"


async def publish_queue_changed(
    redis: Any, organization_id: int, dataset_ids: Iterable[int]
) -> None:
    ids = sorted(set(dataset_ids))
    if not ids:
        return
    await pubsub.publish_unless_down(
        redis,
        queue_channel(organization_id),
        orjson.dumps({"dataset_ids": ids}),
        what="review queue change",
    )
