import { useEffect, useState } from 'react';
import { useClient } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import type { EvalAnswerFieldsFragment, EvalAnswersInRunQuery as AnswersPage } from '../gql/graphql';
import { EvalAnswersInRunQuery } from './resultsOperations';

const PAGE = 200;
const PAGES = 10;

export type AnswerInRun = { kind: 'loading' } | { kind: 'found'; score: EvalAnswerFieldsFragment | null } | { kind: 'missing' } | { kind: 'failed'; problem: ApiProblem | null };

/** The answer another run's agent gave to a case, read page by page from that run's results. */
export function useAnswerInRun(runId: string | null, caseId: string, agentId: string): AnswerInRun {
  const client = useClient();
  const [state, setState] = useState<{ key: string; answer: AnswerInRun }>({ key: '', answer: { kind: 'loading' } });
  const key = `${runId ?? ''}:${caseId}:${agentId}`;
  useEffect(() => {
    if (runId === null) return;
    let stopped = false;
    void (async () => {
      let after: string | null = null;
      for (let page = 0; page < PAGES && !stopped; page += 1) {
        const result: { data?: AnswersPage | undefined; error?: Parameters<typeof problemFrom>[0] } = await client.query(EvalAnswersInRunQuery, { id: runId, agentId, first: PAGE, after }).toPromise();
        if (stopped) return;
        const results = result.data?.evalRun.results;
        if (!results) {
          setState({ key, answer: { kind: 'failed', problem: problemFrom(result.error) } });
          return;
        }
        const found = results.edges.find((edge) => edge.node.case.id === caseId && edge.node.agentId === agentId);
        if (found) {
          setState({ key, answer: { kind: 'found', score: found.node.medianScore ?? null } });
          return;
        }
        if (!results.pageInfo.hasNextPage || !results.pageInfo.endCursor) break;
        after = results.pageInfo.endCursor;
      }
      if (!stopped) setState({ key, answer: { kind: 'missing' } });
    })();
    return () => {
      stopped = true;
    };
  }, [client, runId, caseId, agentId, key]);
  if (runId === null) return { kind: 'missing' };
  return state.key === key ? state.answer : { kind: 'loading' };
}
