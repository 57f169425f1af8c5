"""The generated clients, connected: ``Casebook`` (blocking) and ``AsyncCasebook`` (asyncio)
take a URL and an API key (else ``$CASEBOOK_URL`` / ``$CASEBOOK_API_KEY``), keep one pool of
HTTP/1.1 connections, and raise ``ApiError`` / ``Unreachable`` rather than the generator's
own errors. Every operation of ``operations/queries.graphql`` is a typed method:

    with Casebook() as casebook:
        for edge in casebook.list_datasets(first=50).datasets.edges:
            print(edge.node.id, edge.node.name)
"""

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import IO, Any, TypeVar, cast

import httpx

from casebook_client.api import async_base_client, base_client
from casebook_client.api.async_client import AsyncClient
from casebook_client.api.base_model import Upload
from casebook_client.api.client import Client
from casebook_client.api.dataset_cases import DatasetCasesDatasetCasesEdgesNode
from casebook_client.api.eval_run_results import EvalRunResultsEvalRunResultsEdgesNode
from casebook_client.connection import (
    TIMEOUT_SECONDS,
    Target,
    data_of,
    limits,
    unreachable,
    websocket_endpoint,
)

CASES_PAGE = 100
RESULTS_PAGE = 100
T = TypeVar("T")


def upload(path: str | Path, content_type: str | None = None) -> Upload:
    """A file to send as an ``Upload`` (importCases): CSV or JSONL, by its suffix."""
    file = Path(path)
    kind = content_type or ("text/csv" if file.suffix.lower() == ".csv" else "application/x-ndjson")
    handle: IO[bytes] = file.open("rb")
    return Upload(file.name, handle, kind)  # type: ignore[arg-type]


class Casebook(Client):
    """The blocking client."""

    def __init__(
        self,
        url: str | None = None,
        api_key: str | None = None,
        *,
        timeout: float = TIMEOUT_SECONDS,
        connections: int = 4,
    ) -> None:
        self.target = Target.resolve(url, api_key)
        super().__init__(
            url=self.target.endpoint,
            # httpx's client, which the generated protocol describes loosely.
            http_client=cast(
                base_client.HttpClient,
                httpx.Client(
                    headers={"authorization": self.target.authorization},
                    timeout=timeout,
                    limits=limits(connections),
                ),
            ),
        )

    def __repr__(self) -> str:
        return f"Casebook({self.target.endpoint!r})"

    def close(self) -> None:
        self.http_client.close()

    def execute(
        self,
        query: str,
        operation_name: str | None = None,
        variables: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Any:
        try:
            return super().execute(query, operation_name, variables, **kwargs)
        except httpx.HTTPError as error:
            raise unreachable(self.target.endpoint, error) from None

    def get_data(self, response: Any) -> dict[str, Any]:
        return data_of(response, self.target.endpoint)

    def import_file(self, dataset_id: str, path: str | Path) -> Any:
        """Import a CSV or JSONL file into the dataset (a new version); the payload."""
        file = upload(path)
        try:
            return self.import_cases(dataset_id=dataset_id, file=file).import_cases
        finally:
            file.content.close()

    def cases(
        self, dataset_id: str, version: int | None = None, tag: str | None = None
    ) -> Iterator[DatasetCasesDatasetCasesEdgesNode]:
        """Every case of the dataset at ``version`` (the newest by default), page by page."""
        after = None
        while True:
            page = self.dataset_cases(
                id=dataset_id, version=version, first=CASES_PAGE, after=after, tag=tag
            ).dataset.cases
            for edge in page.edges:
                yield edge.node
            if not page.page_info.has_next_page:
                return
            after = page.page_info.end_cursor

    def results(self, run_id: str) -> list[EvalRunResultsEvalRunResultsEdgesNode]:
        """An eval run's per-case table, every page."""
        nodes: list[EvalRunResultsEvalRunResultsEdgesNode] = []
        after = None
        while True:
            page = self.eval_run_results(id=run_id, first=RESULTS_PAGE, after=after)
            results = page.eval_run.results
            nodes.extend(edge.node for edge in results.edges)
            if not results.page_info.has_next_page:
                return nodes
            after = results.page_info.end_cursor


class AsyncCasebook(AsyncClient):
    """The asyncio client. ``connections`` bounds the pool: requests beyond it wait for a
    connection rather than open more."""

    def __init__(
        self,
        url: str | None = None,
        api_key: str | None = None,
        *,
        timeout: float = TIMEOUT_SECONDS,
        connections: int = 8,
    ) -> None:
        self.target = Target.resolve(url, api_key)
        super().__init__(
            url=self.target.endpoint,
            http_client=cast(
                async_base_client.HttpClient,
                httpx.AsyncClient(
                    headers={"authorization": self.target.authorization},
                    timeout=timeout,
                    limits=limits(connections),
                ),
            ),
            ws_url=websocket_endpoint(self.target.endpoint),
            ws_connection_init_payload={"authorization": self.target.authorization},
        )

    def __repr__(self) -> str:
        return f"AsyncCasebook({self.target.endpoint!r})"

    async def aclose(self) -> None:
        await self.http_client.aclose()

    async def execute(
        self,
        query: str,
        operation_name: str | None = None,
        variables: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Any:
        try:
            return await super().execute(query, operation_name, variables, **kwargs)
        except httpx.HTTPError as error:
            raise unreachable(self.target.endpoint, error) from None

    def get_data(self, response: Any) -> dict[str, Any]:
        return data_of(response, self.target.endpoint)

    async def import_file(self, dataset_id: str, path: str | Path) -> Any:
        """Import a CSV or JSONL file into the dataset (a new version); the payload."""
        file = upload(path)
        try:
            return (await self.import_cases(dataset_id=dataset_id, file=file)).import_cases
        finally:
            file.content.close()

    async def cases(
        self, dataset_id: str, version: int | None = None, tag: str | None = None
    ) -> AsyncIterator[DatasetCasesDatasetCasesEdgesNode]:
        """Every case of the dataset at ``version`` (the newest by default), page by page."""
        after = None
        while True:
            found = await self.dataset_cases(
                id=dataset_id, version=version, first=CASES_PAGE, after=after, tag=tag
            )
            page = found.dataset.cases
            for edge in page.edges:
                yield edge.node
            if not page.page_info.has_next_page:
                return
            after = page.page_info.end_cursor

    async def results(self, run_id: str) -> list[EvalRunResultsEvalRunResultsEdgesNode]:
        """An eval run's per-case table, every page."""
        nodes: list[EvalRunResultsEvalRunResultsEdgesNode] = []
        after = None
        while True:
            page = await self.eval_run_results(id=run_id, first=RESULTS_PAGE, after=after)
            results = page.eval_run.results
            nodes.extend(edge.node for edge in results.edges)
            if not results.page_info.has_next_page:
                return nodes
            after = results.page_info.end_cursor
