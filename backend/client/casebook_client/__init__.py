"""Casebook's Python client.

- ``evaluate()`` / ``aevaluate()``: an eval run of a local agent answered by your function,
  with its summary, comparison and gate verdict;
- ``Casebook`` / ``AsyncCasebook``: every operation of the API this client needs, typed
  (generated from the API's schema into ``casebook_client.api``);
- ``casebook eval`` (the command line) and a pytest plugin, built on both.
"""

from casebook_client.answers import Answer, ToolCall
from casebook_client.cases import EvalCase, Tool, Turn
from casebook_client.clients import AsyncCasebook, Casebook
from casebook_client.connection import ApiError, Unreachable
from casebook_client.evaluate import Evaluation, aevaluate, evaluate
from casebook_client.gate import Verdict

__all__ = [
    "Answer",
    "ApiError",
    "AsyncCasebook",
    "Casebook",
    "EvalCase",
    "Evaluation",
    "Tool",
    "ToolCall",
    "Turn",
    "Unreachable",
    "Verdict",
    "aevaluate",
    "evaluate",
]
