"""The review queue's ranking and replacement (spec: "Review"), over any sequence of
sends, decisions, withdrawals and undos."""

from datetime import UTC, datetime, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from casebook.domain.review.board import Board, Decision
from casebook.domain.review.queue import (
    Candidate,
    NotQueuedReason,
    Rank,
    ReviewState,
    agent_key,
    place,
    rank_of,
)

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def _candidate(score_id: int, case: int, agent: str, outcome: str, minute: int) -> Candidate:
    return Candidate(score_id, case, agent, outcome, T0 + timedelta(minutes=minute))


def test_a_graded_score_ranks_above_one_nothing_graded() -> None:
    assert rank_of("fail") == rank_of("pass") == Rank.GRADED
    assert rank_of("not_graded") == Rank.NOT_GRADED
    assert Rank.GRADED > Rank.NOT_GRADED


def test_agent_key_is_the_agent_when_recorded_else_its_name() -> None:
    assert agent_key(7, "Bot") == "id:7"
    assert agent_key(None, "Bot") == "name:Bot"
    assert agent_key(None, None) == "name:"
    assert len(agent_key(None, "x" * 1000)) == 240


def test_a_judge_error_never_pushes_out_a_regression() -> None:
    regression = _candidate(1, 10, "a", "fail", 0)
    judge_error = _candidate(2, 10, "a", "not_graded", 5)
    placed = place({regression.key: regression}, [judge_error])
    assert placed.queued == [] and placed.replaced == []
    assert placed.not_queued == {2: NotQueuedReason.OUTRANKED}


def test_a_newer_score_of_the_same_rank_takes_the_place() -> None:
    older = _candidate(1, 10, "a", "fail", 0)
    newer = _candidate(2, 10, "a", "pass", 5)
    placed = place({older.key: older}, [newer])
    assert placed.queued == [2] and placed.replaced == [1]


def test_an_older_score_of_the_same_rank_is_not_queued() -> None:
    newer = _candidate(2, 10, "a", "fail", 5)
    older = _candidate(1, 10, "a", "fail", 0)
    placed = place({newer.key: newer}, [older])
    assert placed.not_queued == {1: NotQueuedReason.OUTRANKED}


def test_a_graded_score_replaces_a_waiting_judge_error_even_when_older() -> None:
    judge_error = _candidate(2, 10, "a", "not_graded", 5)
    regression = _candidate(1, 10, "a", "fail", 0)
    placed = place({judge_error.key: judge_error}, [regression])
    assert placed.queued == [1] and placed.replaced == [2]


def test_another_agents_score_waits_beside_it() -> None:
    first = _candidate(1, 10, "a", "fail", 0)
    other = _candidate(2, 10, "b", "not_graded", 5)
    placed = place({first.key: first}, [other])
    assert placed.queued == [2] and placed.replaced == []


def test_a_decided_score_is_not_queued_and_nothing_waiting_moves() -> None:
    waiting = _candidate(1, 10, "a", "not_graded", 0)
    decided = Candidate(2, 10, "a", "fail", T0 + timedelta(minutes=5), ReviewState.DECIDED)
    placed = place({waiting.key: waiting}, [decided])
    assert placed.not_queued == {2: NotQueuedReason.DECIDED}
    assert placed.replaced == [] and placed.waiting[waiting.key] == waiting


def test_sending_the_waiting_one_again_changes_nothing() -> None:
    waiting = _candidate(1, 10, "a", "fail", 0)
    placed = place({waiting.key: waiting}, [waiting])
    assert placed.not_queued == {1: NotQueuedReason.ALREADY_WAITING}
    assert placed.queued == [] and placed.replaced == []


# -- any sequence of moves ----------------------------------------------------------------

CASES, AGENTS, SCORES = 3, 2, 10
_scores = st.lists(
    st.tuples(
        st.integers(0, CASES - 1),
        st.integers(0, AGENTS - 1),
        st.sampled_from(["pass", "fail", "not_graded"]),
        st.integers(0, 4),  # minutes: several scores may be created together
    ),
    min_size=1,
    max_size=SCORES,
)
_ids = st.integers(0, SCORES - 1)
_moves = st.lists(
    st.one_of(
        st.tuples(st.just("send"), st.lists(_ids, min_size=1, max_size=5)),
        st.tuples(st.just("withdraw"), st.lists(_ids, min_size=1, max_size=5)),
        st.tuples(st.just("decide"), _ids, st.sampled_from(["pass", "fail"])),
        st.tuples(st.just("withdraw_decision"), _ids),
        st.tuples(st.just("undo"), _ids),
    ),
    max_size=40,
)


def _board(specs: list[tuple[int, int, str, int]]) -> Board:
    board = Board()
    for index, (case, agent, outcome, minute) in enumerate(specs):
        board.add(_candidate(index + 1, case, f"id:{agent}", outcome, minute))
    return board


def _best(candidates: list[Candidate]) -> Candidate:
    """The oracle, written out: highest rank, then created last, then the higher id."""
    return max(candidates, key=lambda c: (int(rank_of(c.outcome)), c.created_at, c.score_id))


@settings(max_examples=400, deadline=None)
@given(specs=_scores, moves=_moves)
def test_any_sequence_keeps_the_queue_by_the_rules(
    specs: list[tuple[int, int, str, int]], moves: list[tuple[object, ...]]
) -> None:
    board = _board(specs)
    count = len(specs)
    for move in moves:
        kind = move[0]
        before = dict(board.scores)
        decided_before = {
            i: list(board.decisions.get(i) or [])
            for i, c in before.items()
            if c.state is ReviewState.DECIDED
        }
        waiting_before = board.waiting()
        touched: set[int] = set()
        if kind == "send":
            ids = [i % count + 1 for i in move[1]]  # type: ignore[attr-defined]
            placed = board.send(ids)
            # Per key, what waits now is the best of what waited and what was sent undecided.
            for key in {before[i].key for i in ids}:
                pool = [before[i] for i in ids if before[i].key == key]
                pool = [c for c in pool if c.state is not ReviewState.DECIDED]
                if key in waiting_before:
                    pool.append(waiting_before[key])
                if pool:
                    assert board.waiting()[key].score_id == _best(pool).score_id
                else:
                    assert key not in board.waiting()
            for replaced in placed.replaced:
                assert board.scores[replaced].state is ReviewState.NOT_QUEUED
                assert replaced in board.scores  # it stays a score
        elif kind == "withdraw":
            ids = [i % count + 1 for i in move[1]]  # type: ignore[attr-defined]
            board.withdraw(ids)
            for i in ids:
                if before[i].state is ReviewState.WAITING:
                    assert board.scores[i].state is ReviewState.NOT_QUEUED
        else:
            target = int(move[1]) % count + 1  # type: ignore[call-overload]
            touched.add(target)
            if kind == "decide":
                board.decide(target, Decision(str(move[2])))
                assert board.scores[target].state is ReviewState.DECIDED
            elif kind == "withdraw_decision":
                board.withdraw_decision(target)
                assert board.scores[target].state is not ReviewState.DECIDED
            else:
                stack = list(board.decisions.get(target) or [])
                board.undo(target)
                if len(stack) > 1:
                    assert board.decision(target) == stack[-2]
                    assert board.scores[target].state is ReviewState.DECIDED
                elif stack:
                    assert board.scores[target].state is not ReviewState.DECIDED
            waits_again = (
                kind != "decide"
                and before[target].state is ReviewState.DECIDED
                and board.scores[target].state is not ReviewState.DECIDED
            )
            if waits_again:
                # It waits again through the same replacement.
                key = before[target].key
                pool = [before[target]]
                if key in waiting_before:
                    pool.append(waiting_before[key])
                assert board.waiting()[key].score_id == _best(pool).score_id
        # At most one score waits per case and agent.
        waiting = [c for c in board.scores.values() if c.state is ReviewState.WAITING]
        assert len({c.key for c in waiting}) == len(waiting)
        # Decided scores no move names never change.
        for score_id, stack in decided_before.items():
            if score_id in touched:
                continue
            assert board.scores[score_id].state is ReviewState.DECIDED
            assert board.decisions[score_id] == stack
