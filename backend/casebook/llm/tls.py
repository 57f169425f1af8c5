"""One TLS context for every outbound HTTP client, and the proxies of the environment read
once.

httpx builds a new TLS context - reading the whole CA bundle - for each client made
without one: about 75 ms of CPU on this project's machines, paid by every webhook agent
call, tool call and model call that opens a client of its own. Made once and shared,
a client costs a fraction of a millisecond; verification is the same (httpx's defaults).

A client that trusts the environment also walks every environment variable looking for
proxies each time it is made - a third of a webhook call's CPU when an eval run asks a
fast agent. Whether the environment names any proxy is read once per process
(``llm.guarded_transport`` reads which, once too).
"""

import ssl
import urllib.request
from functools import lru_cache

import httpx


@lru_cache(maxsize=1)
def tls_context() -> ssl.SSLContext:
    return httpx.create_ssl_context()


@lru_cache(maxsize=1)
def proxies_in_environment() -> bool:
    return bool(urllib.request.getproxies())
