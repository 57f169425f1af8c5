"""Label values that cannot grow without bound.

Some label values come from outside — an operation name a client chose, a
model name an organization configured. Each such label keeps at most a fixed
number of distinct values; later newcomers, and values that are not plain
names, are counted as ``other``.
"""

import re
import threading

OTHER = "other"
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.:/-]{0,79}")


class BoundedLabel:
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._seen: set[str] = set()
        self._lock = threading.Lock()

    def __call__(self, value: str) -> str:
        if value in self._seen:
            return value
        if not _NAME.fullmatch(value):
            return OTHER
        with self._lock:
            if len(self._seen) >= self.limit:
                return OTHER
            self._seen.add(value)
        return value
