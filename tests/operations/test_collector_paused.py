"""The garbage collector pauses for a block and is always given back as it was found
(the import's parse: tests/integration/datasets/test_files.py)."""

import gc

import pytest

from casebook.services.kernel.collector import collector_paused


def test_the_collector_comes_back_after_the_block_even_when_it_raises() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), collector_paused():
        raise ValueError("a refused file")
    assert gc.isenabled()


def test_a_collector_someone_else_paused_stays_paused() -> None:
    gc.disable()
    try:
        with collector_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
