"""Following a run the server answers (a model or webhook agent): its progress over the
``evalRunProgress`` subscription, or by polling once a second where the websocket is
refused (no ``websockets`` installed, a proxy without websockets) or closes before the run
has ended - never returning early on a run still going."""

import asyncio
from collections.abc import AsyncIterator
from typing import Any, TextIO

from casebook_client.clients import AsyncCasebook
from casebook_client.progress import ENDED, progress_for

POLL_SECONDS = 1.0


async def events(api: AsyncCasebook, run_id: str, out: TextIO) -> AsyncIterator[dict[str, Any]]:
    try:
        async for event in api.follow_eval_run(id=run_id):
            progress = event.eval_run_progress.model_dump(by_alias=True, mode="json")
            yield progress
            if progress["status"] in ENDED:
                return
        print("the subscription ended early; following progress by polling", file=out, flush=True)
    except Exception as lost:  # whatever the websocket failed with, polling carries on
        why = str(lost) or type(lost).__name__
        print(f"live progress unavailable ({why}); following progress by polling instead",
              file=out, flush=True)  # fmt: skip
    while True:
        polled = await api.eval_run_progress(id=run_id)
        progress = polled.eval_run.progress.model_dump(by_alias=True, mode="json")
        yield progress
        if progress["status"] in ENDED:
            return
        await asyncio.sleep(POLL_SECONDS)


async def follow(api: AsyncCasebook, run_id: str, out: TextIO) -> None:
    shown = progress_for(out, lines=True)
    try:
        async for progress in events(api, run_id, out):
            shown.update(progress)
    finally:
        shown.close()
