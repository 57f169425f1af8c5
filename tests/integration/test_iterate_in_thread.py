"""A generator's work in a worker thread, its items handed back to the event loop as made."""

import asyncio
import contextlib
import threading
from collections.abc import Generator

import pytest

from casebook.services.kernel.in_thread import iterate_in_thread


async def test_items_come_in_order_made_off_the_loop_and_then_what_was_raised() -> None:
    loop_thread = threading.get_ident()
    made_in: set[int] = set()

    def numbers() -> Generator[int, None, None]:
        for n in range(5):
            made_in.add(threading.get_ident())
            yield n
        raise ValueError("row 6 is not a case")

    received: list[int] = []
    with pytest.raises(ValueError, match="row 6"):
        made = iterate_in_thread(numbers)
        async with contextlib.aclosing(made):
            async for n in made:
                received.append(n)
    assert received == [0, 1, 2, 3, 4]
    assert made_in and loop_thread not in made_in


async def test_a_caller_that_stops_early_stops_the_thread_and_closes_the_generator() -> None:
    made: list[int] = []
    closed = threading.Event()

    def endless() -> Generator[int, None, None]:
        try:
            n = 0
            while True:
                made.append(n)
                yield n
                n += 1
        finally:
            closed.set()

    numbers = iterate_in_thread(endless)
    async with contextlib.aclosing(numbers):
        async for n in numbers:
            if n == 1:
                break
    # Closing waited for the thread: it stopped, and closed the generator, before the
    # block ended - not an endless generator run on in the background.
    assert closed.is_set()
    count = len(made)
    await asyncio.sleep(0.05)
    assert len(made) == count
