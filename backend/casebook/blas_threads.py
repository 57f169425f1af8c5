"""One BLAS thread per process, set where the API and the worker start.

The structured ladder makes a few dozen small matrix products per answer;
waking BLAS threads for each costs far more than the product itself on a busy
machine (a 1,000-field answer: about 25 ms single-threaded, 100-300 ms with two
threads; docs/structured-scoring.md). Parallelism belongs across answers -
more worker processes - not inside one.

numpy is already loaded when an entry point gets here, so the environment
variables alone would come too late for it: ``threadpoolctl`` lowers the
loaded BLAS's thread count, and the variables cover any BLAS loaded later and
child processes. ``OMP_NUM_THREADS`` is left alone: the local embedding model
(torch) parallelizes one batch usefully.
"""

import os

import structlog

log = structlog.get_logger("casebook.blas")
BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def use_single_threaded_blas() -> None:
    for name in BLAS_THREAD_VARIABLES:
        os.environ.setdefault(name, "1")
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        log.warning("threadpoolctl is not installed: BLAS keeps its own thread count")
        return
    threadpool_limits(limits=1, user_api="blas")
