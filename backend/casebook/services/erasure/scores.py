"""Erasure in the scores: "the 8,000-character answer copy of that person's runs is
cleared", and a score of an anonymised case loses the answer eval runs recorded for it.

A score keeps its outcome, figures, scorers' statuses and tool names; what may quote the
answer goes with it - a judge's reasons and quoted passages, a check's reason, the
structured breakdown's values - since "a judge's reason may quote the answer it graded".
"""

from typing import Any

import orjson
from sqlalchemy import BigInteger, Text, case, cast, column, func, literal, select, update
from sqlalchemy.dialects.postgresql import ARRAY, JSONB
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.elements import ColumnElement
from sqlmodel import col

from casebook.db.models import Score, StructuredResult
from casebook.domain.erasure.rules import without_call_arguments, without_quotes

BATCH = 2_000


def _json(value: Any) -> str | None:
    return None if value is None else orjson.dumps(value).decode()


async def erase_score_answers(
    session: AsyncSession, which: ColumnElement[bool], replacement: str | None
) -> int:
    """The answer copy of the chosen scores set to ``replacement`` (None: cleared), with
    what quotes it; how many scores."""
    done = 0
    after = 0
    while True:
        rows = (
            await session.execute(
                select(col(Score.id), col(Score.tool_calls), col(Score.results), col(Score.verdict))
                .where(which, col(Score.id) > after)
                .order_by(col(Score.id))
                .limit(BATCH)
            )
        ).all()
        if not rows:
            return done
        after = int(rows[-1][0])
        done += len(rows)
        ids = [int(r[0]) for r in rows]
        given = (
            func.unnest(
                literal(ids, ARRAY(BigInteger)),
                literal([_json(without_call_arguments(r[1])) for r in rows], ARRAY(Text)),
                literal([_json(without_quotes(r[2])) for r in rows], ARRAY(Text)),
                literal([_json(without_quotes(r[3])) for r in rows], ARRAY(Text)),
            )
            .table_valued(
                column("id", BigInteger),
                column("tool_calls", Text),
                column("results", Text),
                column("verdict", Text),
            )
            .render_derived(name="given")
        )
        await session.execute(
            update(Score)
            .where(col(Score.id) == given.c.id)
            .values(
                answer_text=None
                if replacement is None
                else case((col(Score.answer_text).is_(None), None), else_=replacement),
                tool_calls=cast(given.c.tool_calls, JSONB),
                results=cast(given.c.results, JSONB),
                verdict=cast(given.c.verdict, JSONB),
            )
            .execution_options(synchronize_session=False)
        )
        await _erase_breakdowns(session, ids)


async def _erase_breakdowns(session: AsyncSession, score_ids: list[int]) -> None:
    rows = (
        await session.execute(
            select(col(StructuredResult.score_id), col(StructuredResult.breakdown)).where(
                col(StructuredResult.score_id).in_(score_ids)
            )
        )
    ).all()
    if not rows:
        return
    given = (
        func.unnest(
            literal([int(r[0]) for r in rows], ARRAY(BigInteger)),
            literal([_json(without_quotes(r[1])) for r in rows], ARRAY(Text)),
        )
        .table_valued(column("id", BigInteger), column("breakdown", Text))
        .render_derived(name="given")
    )
    await session.execute(
        update(StructuredResult)
        .where(col(StructuredResult.score_id) == given.c.id)
        .values(breakdown=cast(given.c.breakdown, JSONB))
        .execution_options(synchronize_session=False)
    )
