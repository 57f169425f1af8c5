"""A synchronous iterator's work moved off the event loop, its items handed back as made."""

import asyncio
import contextlib
import threading
from collections.abc import AsyncGenerator, Callable, Generator
from typing import Any, TypeVar

T = TypeVar("T")


async def iterate_in_thread(
    make: Callable[[], Generator[T, None, None]],
) -> AsyncGenerator[T, None]:
    """The items of the generator ``make()``, made in a worker thread (``make`` is called
    there too) and yielded here as each is made, so the caller works on one while the
    next is made.
    What the iterator raises is raised here after the items made before it. Iterate it
    inside ``contextlib.aclosing``: a caller that stops early (``break``, or an error of
    its own) then stops the thread after the item it is making, and waits for that, at
    once rather than whenever the abandoned iterator is finalized."""
    loop = asyncio.get_running_loop()
    handed: asyncio.Queue[tuple[bool, Any]] = asyncio.Queue()
    stopped = threading.Event()

    def hand(done: bool, value: Any) -> None:
        loop.call_soon_threadsafe(handed.put_nowait, (done, value))

    def produce() -> None:
        try:
            with contextlib.closing(make()) as items:
                for item in items:
                    if stopped.is_set():
                        return
                    hand(False, item)
        except BaseException as error:
            hand(True, error)
            return
        hand(True, None)

    worker = asyncio.ensure_future(asyncio.to_thread(produce))
    try:
        while True:
            done, value = await handed.get()
            if not done:
                yield value
            elif value is not None:
                raise value
            else:
                return
    finally:
        stopped.set()
        await asyncio.shield(worker)
