"""The documents real clients send: every operation the console defines, and the
benchmarks' documents - read from their sources, so a new one is covered without a change
here."""

import ast
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from graphql import (
    DocumentNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLSchema,
    OperationDefinitionNode,
    Visitor,
    parse,
    print_ast,
    validate,
    visit,
)

ROOT = Path(__file__).resolve().parents[3]
# The console's documents as its code generator collected them (frontend/codegen.ts): each
# key of gql.ts's `Documents` map is one graphql(`...`) literal of the console's source.
CONSOLE_DOCUMENTS = ROOT / "frontend" / "src" / "gql" / "gql.ts"
BENCHMARKS = ROOT / "benchmarks"
_DOCUMENT_KEY = re.compile(r'^    ("(?:[^"\\]|\\.)*"): typeof types\.\w+,$', re.MULTILINE)
_EXECUTABLE = re.compile(r"^\s*(query|mutation|subscription|\{)")


@dataclass(frozen=True)
class ClientDocument:
    origin: str  # where it was found: the console's operation name, or a benchmark's file
    kind: str  # query, mutation or subscription
    source: str


class _Spreads(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def enter_fragment_spread(self, node: FragmentSpreadNode, *_: object) -> None:
        self.names.add(node.name.value)


def _spread_names(node: object) -> set[str]:
    spreads = _Spreads()
    visit(node, spreads)  # type: ignore[arg-type]
    return spreads.names


def _with_fragments(
    operation: OperationDefinitionNode, fragments: dict[str, FragmentDefinitionNode]
) -> str:
    needed: dict[str, FragmentDefinitionNode] = {}
    pending = list(_spread_names(operation))
    while pending:
        name = pending.pop()
        if name not in needed:
            needed[name] = fragments[name]
            pending.extend(_spread_names(fragments[name]))
    return print_ast(DocumentNode(definitions=(operation, *needed.values())))


def console_documents() -> list[ClientDocument]:
    block = CONSOLE_DOCUMENTS.read_text().split("type Documents = {", 1)[1].split("\n};", 1)[0]
    sources = [json.loads(key) for key in _DOCUMENT_KEY.findall(block)]
    assert sources, f"no documents found in {CONSOLE_DOCUMENTS}"
    operations: list[OperationDefinitionNode] = []
    fragments: dict[str, FragmentDefinitionNode] = {}
    for source in sources:
        for definition in parse(source).definitions:
            if isinstance(definition, FragmentDefinitionNode):
                fragments[definition.name.value] = definition
            elif isinstance(definition, OperationDefinitionNode):
                operations.append(definition)
    return [
        ClientDocument(
            f"console {operation.name.value if operation.name else '(anonymous)'}",
            operation.operation.value,
            _with_fragments(operation, fragments),
        )
        for operation in operations
    ]


def _string_constants(path: Path) -> Iterator[str]:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value


def benchmark_documents(schema: GraphQLSchema) -> list[ClientDocument]:
    """Each string of a benchmark that is a GraphQL document valid against the schema (one
    built with an f-string is left out: its text is made when the benchmark runs)."""
    found: list[ClientDocument] = []
    for path in sorted(BENCHMARKS.glob("*.py")):
        for text in _string_constants(path):
            if not _EXECUTABLE.match(text):
                continue
            try:
                document = parse(text)
            except GraphQLError:
                continue
            if validate(schema, document):
                continue
            for definition in document.definitions:
                if isinstance(definition, OperationDefinitionNode):
                    found.append(
                        ClientDocument(f"benchmarks/{path.name}", definition.operation.value, text)
                    )
                    break
    return found
