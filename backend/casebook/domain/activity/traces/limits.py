"""Every bound on what an export request may hold and what a trace may keep.

Per request: the body at most 16 MiB once decompressed (``BODY_MAX_BYTES``; an exporter's
batch of 512 spans is a small fraction of it), 20,000 spans (``SPANS_MAX``). Per trace
kept in Activity: a turn's run at most 200 steps (as ``recordConversations``), texts cut
at the same widths its fields have, a run's unmapped attributes at most 32,000 characters
of JSON. A text or a list past its bound is cut and says so; nothing is dropped silently.
"""

from casebook.domain.activity.ingestion import (
    ERROR_MAX,
    ID_MAX,
    NAME_MAX,
    RESULT_MAX,
    STEPS_PER_RUN_MAX,
    TEXT_MAX,
)

BODY_MAX_BYTES = 16 * 1024 * 1024
SPANS_MAX = 20_000
# An attribute value nested deeper than this (arrays in arrays, maps in maps) is kept as a
# note, not followed.
VALUE_DEPTH_MAX = 8
ATTRIBUTES_MAX_CHARS = 32_000
ATTRIBUTE_TEXT_MAX = 2_000
# How many spans' unmapped attributes a run keeps, before counting the rest.
SPANS_KEPT_PER_RUN = 64
# A session or conversation id names a conversation within this many characters.
SESSION_ID_MAX = 128

__all__ = [
    "ATTRIBUTES_MAX_CHARS",
    "ATTRIBUTE_TEXT_MAX",
    "BODY_MAX_BYTES",
    "ERROR_MAX",
    "ID_MAX",
    "NAME_MAX",
    "RESULT_MAX",
    "SESSION_ID_MAX",
    "SPANS_KEPT_PER_RUN",
    "SPANS_MAX",
    "STEPS_PER_RUN_MAX",
    "TEXT_MAX",
    "VALUE_DEPTH_MAX",
]
