"""Python's cyclic garbage collector: paused while a batch of fresh objects is built, and
tuned once for a process that exists to serve (``tune_for_serving``, below).

Parsing an import builds tens of thousands of containers (cases, their messages,
checks, tool calls) that all live until the version is written. Each allocation burst
triggers collections that traverse every one of them again, and none is garbage:
about a fifth to two fifths of the parse was spent so (benchmarks/import_bench.py).
Reference counting still frees what is dropped meanwhile; only the cycle search waits.
"""

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """The collector off for a synchronous block, and back as it was afterwards, whatever
    the block raised. The pause is the whole process's (other threads, the event loop):
    keep the block to the batch's building, no ``await`` and no waiting inside."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


# A serving process's young generation is collected after this many more containers were
# made than freed, instead of CPython's 700: a page of cases builds and frees tens of
# thousands of objects, and with the default an event fanned out to 1,000 websockets ran
# several young collections, whose survivors then brought on full ones of 100-500 ms.
# Each collection of this size takes tens of milliseconds, rarely, and holds at most this
# many containers of cyclic garbage meanwhile: some tens of megabytes
# (benchmarks/live_bench.py, load_bench.py).
SERVING_YOUNG_THRESHOLD = 100_000
SERVING_MIDDLE_THRESHOLD = 20
SERVING_OLD_THRESHOLD = 10


def tune_for_serving() -> None:
    """The collector of a process that exists to serve the API or run its jobs, once it is
    ready to.

    What it holds by then for its whole life (modules, the schema, table metadata: a few
    hundred thousand objects) is frozen out of the collector's sight, so full collections
    stop traversing it again; and the young generation is collected far less often. Only
    for such a process: an app built inside a larger one (a test) leaves its heap alone."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(SERVING_YOUNG_THRESHOLD, SERVING_MIDDLE_THRESHOLD, SERVING_OLD_THRESHOLD)
