"""SQL parameters never reach the log: not in the engine's own statement log, not in an
IntegrityError or DataError logged with its traceback (whose driver message may quote the
value), whatever logger writes the line."""

import logging
from collections.abc import Iterator
from typing import Any

import pytest
import structlog
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from casebook.config import Settings
from casebook.db.engine import create_engine
from casebook.logging import configure_logging

SECRET = "sk-" + "proj-" + "Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2"


@pytest.fixture
def restored_logging() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


async def _errors(database_url: str) -> list[DBAPIError]:
    engine = create_engine(database_url, pool_size=1)
    logging.getLogger("sqlalchemy.engine.Engine").setLevel(logging.INFO)
    caught: list[DBAPIError] = []
    try:
        async with engine.begin() as connection:
            await connection.execute(text("CREATE TEMP TABLE leak (token text UNIQUE, n int)"))
            await connection.execute(text("INSERT INTO leak VALUES (:t, 1)"), {"t": SECRET})
            attempts: list[tuple[str, dict[str, Any]]] = [
                ("INSERT INTO leak VALUES (:t, 2)", {"t": SECRET}),  # IntegrityError
                ("INSERT INTO leak VALUES ('x', :n)", {"n": SECRET}),  # driver DataError
                ("SELECT CAST(CAST(:t AS text) AS integer)", {"t": SECRET}),  # server DataError
            ]
            for statement, parameters in attempts:
                try:
                    async with connection.begin_nested():
                        await connection.execute(text(statement), parameters)
                except DBAPIError as error:
                    caught.append(error)
    finally:
        logging.getLogger("sqlalchemy.engine.Engine").setLevel(logging.WARNING)
        await engine.dispose()
    return caught


@pytest.mark.parametrize("json", [True, False])
async def test_no_logged_line_carries_a_parameter_value(
    settings: Settings, capsys: pytest.CaptureFixture[str], restored_logging: None, json: bool
) -> None:
    configure_logging("INFO", json=json)
    errors = await _errors(settings.database_url)
    assert [type(e).__name__ for e in errors] == ["IntegrityError", "DBAPIError", "DBAPIError"]
    for error in errors:
        logging.getLogger("casebook.test").error("unexpected", exc_info=error)
        structlog.get_logger("casebook.test").error("unexpected", exc_info=error)
        try:
            raise RuntimeError("wrapped") from error
        except RuntimeError:
            logging.getLogger("casebook.test").exception("while handling")
    logged = capsys.readouterr().err
    assert SECRET not in logged
    assert SECRET[10:] not in logged
    assert "INSERT INTO leak" in logged  # the statements and errors were logged
    assert "UniqueViolationError" in logged and "leak_token_key" in logged
    assert "sqlstate 22P02" in logged  # the server's invalid-input error, by its code
    assert "Traceback" in logged
