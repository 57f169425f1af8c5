"""Python's cyclic garbage collector, paused while a batch of fresh objects is built.

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
