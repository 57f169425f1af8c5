"""Benchmarks send real GraphQL documents: each must still be valid against the schema.

A benchmark whose query the schema refuses measures nothing; this keeps them in step
with the API as it changes. Every module-level string whose name ends in ``_QUERY``,
``_MUTATION`` or ``_DOCUMENT`` in ``benchmarks/`` is parsed and validated.
"""

import ast
from pathlib import Path

import pytest
from graphql import build_schema, parse, validate

ROOT = Path(__file__).resolve().parents[2]
SUFFIXES = ("_QUERY", "_MUTATION", "_DOCUMENT")


def benchmark_documents() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for path in sorted((ROOT / "benchmarks").glob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.Assign) or not isinstance(node.value, ast.Constant):
                continue
            if not isinstance(node.value.value, str):
                continue
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id.endswith(SUFFIXES):
                    found.append((f"{path.name}:{target.id}", node.value.value))
    return found


DOCUMENTS = benchmark_documents()


def test_the_benchmarks_send_graphql_documents() -> None:
    assert any(name.startswith("load_bench.py:") for name, _ in DOCUMENTS)


@pytest.mark.parametrize(("name", "document"), DOCUMENTS, ids=[name for name, _ in DOCUMENTS])
def test_a_benchmark_document_is_valid_against_the_schema(name: str, document: str) -> None:
    schema = build_schema((ROOT / "schema.graphql").read_text(encoding="utf-8"))
    errors = validate(schema, parse(document))
    assert not errors, f"{name}: {[error.message for error in errors]}"
