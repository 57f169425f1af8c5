"""A fuzz test over the OTLP/JSON body of POST /v1/traces: a well-formed export request, its
fields replaced one at a time with hostile values (wrong types, huge numbers, NUL, deep
nesting, bad hex, enormous texts), and bodies cut or garbled. Every answer is 200 (with
what was rejected counted), 400 or 413 - never a 5xx - and the API stays up.

The seed is fixed (``CASEBOOK_FUZZ_SEED``); ``CASEBOOK_FUZZ_SETS`` scales the bodies sent.
"""

import copy
import json
import os
import random
from collections import Counter
from typing import Any

import httpx

from tests.integration.fuzz.conftest import SUMMARIES
from tests.support.graphql_client import Api

SEED = int(os.environ.get("CASEBOOK_FUZZ_SEED", "20261130"))
BODIES = 20 * int(os.environ.get("CASEBOOK_FUZZ_SETS", "12"))
CREATE_KEY = """mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }"""

HOSTILE: list[Any] = [
    None,
    True,
    0,
    -1,
    2**64,
    -(2**70),
    1e308,
    "",
    "\u0000",
    "a\u0000b",
    "x" * 200_000,
    "zz",
    "00" * 16,
    "ff" * 40,
    "NaN",
    "Infinity",
    [],
    [None],
    {},
    {"stringValue": None},
    {"kvlistValue": {"values": [{"key": "k", "value": {"kvlistValue": {"values": []}}}]}},
    {"arrayValue": {"values": [{"intValue": "99999999999999999999999"}]}},
    [{"key": "gen_ai.input.messages", "value": {"stringValue": '[{"role": "user"' * 50}}],
]


def _deep(depth: int) -> dict[str, Any]:
    value: dict[str, Any] = {"stringValue": "bottom"}
    for _ in range(depth):
        value = {"kvlistValue": {"values": [{"key": "k", "value": value}]}}
    return value


def _valid(n: int) -> dict[str, Any]:
    trace = f"{n:032x}"
    message = json.dumps([{"role": "user", "parts": [{"type": "text", "content": f"Q{n}?"}]}])
    answer = json.dumps([{"role": "assistant", "parts": [{"type": "text", "content": "A."}]}])
    return {
        "resourceSpans": [
            {
                "resource": {
                    "attributes": [{"key": "service.name", "value": {"stringValue": "fuzzed"}}]
                },
                "scopeSpans": [
                    {
                        "scope": {"name": "fuzz"},
                        "spans": [
                            {
                                "traceId": trace,
                                "spanId": f"{n + 1:016x}",
                                "name": "chat",
                                "kind": 3,
                                "startTimeUnixNano": "1700000000000000000",
                                "endTimeUnixNano": "1700000001000000000",
                                "attributes": [
                                    {
                                        "key": "gen_ai.operation.name",
                                        "value": {"stringValue": "chat"},
                                    },
                                    {
                                        "key": "gen_ai.input.messages",
                                        "value": {"stringValue": message},
                                    },
                                    {
                                        "key": "gen_ai.output.messages",
                                        "value": {"stringValue": answer},
                                    },
                                    {
                                        "key": "user.id",
                                        "value": {"stringValue": "fuzz@example.com"},
                                    },
                                ],
                                "events": [{"name": "exception", "attributes": []}],
                                "status": {"code": 1},
                            }
                        ],
                    }
                ],
            }
        ]
    }


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _replaced(document: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    holder: Any = changed
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = value
    return changed


def _bodies(rng: random.Random) -> list[bytes]:
    bodies: list[bytes] = []
    for n in range(BODIES):
        document = _valid(n)
        choice = rng.random()
        if choice < 0.7:
            path = rng.choice(_paths(document))
            value = rng.choice([*HOSTILE, _deep(rng.choice([5, 20, 150]))])
            bodies.append(json.dumps(_replaced(document, path, value)).encode())
        elif choice < 0.85:
            encoded = json.dumps(document).encode()
            bodies.append(encoded[: rng.randrange(len(encoded))])
        else:
            encoded = bytearray(json.dumps(document).encode())
            for _ in range(rng.randrange(1, 8)):
                encoded[rng.randrange(len(encoded))] = rng.randrange(256)
            bodies.append(bytes(encoded))
    return bodies


async def test_hostile_otlp_json_bodies_never_answer_a_server_error(
    http: httpx.AsyncClient, owner: Api
) -> None:
    created = await owner(
        CREATE_KEY,
        {
            "i": {
                "name": "fuzz",
                "scopes": ["runs:view", "agents:view", "agents:run", "agents:edit"],
            }
        },
    )
    headers = {
        "authorization": f"Bearer {created['createApiKey']['secret']}",
        "content-type": "application/json",
    }
    statuses: Counter[int] = Counter()
    failures: list[str] = []
    for body in _bodies(random.Random(SEED)):
        response = await http.post("/v1/traces", content=body, headers=headers)
        statuses[response.status_code] += 1
        if response.status_code not in (200, 400, 413):
            failures.append(f"HTTP {response.status_code}: {body[:300]!r} -> {response.text[:300]}")
        elif response.status_code != 200:
            assert "message" in json.loads(response.content)
    assert (await http.get("/livez")).status_code == 200
    SUMMARIES.append(
        f"OTLP JSON fuzz: {sum(statuses.values())} bodies, seed {SEED}, answers "
        + ", ".join(f"{code}: {n}" for code, n in sorted(statuses.items()))
    )
    assert not failures, "\n".join(failures[:10])
    assert statuses[200] > 0 and statuses[400] > 0
