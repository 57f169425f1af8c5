import { useEffect, useRef } from 'react';
import { useQuery, useSubscription } from 'urql';
import type { EvalProgressFieldsFragment, EvalRunProgressSubscription as ProgressEvent } from '../gql/graphql';
import { EvalRunProgressQuery, EvalRunProgressSubscription } from './operations';
import { isOver, newerProgress } from './progress';

const POLL_MS = 2_000;

/** Keeps the newer of two events by sequence: a late or repeated one never moves the bar back. */
export function keepNewer(previous: ProgressEvent | undefined, incoming: ProgressEvent): ProgressEvent {
  const kept = newerProgress(previous?.evalRunProgress, incoming.evalRunProgress);
  return previous && kept === previous.evalRunProgress ? previous : incoming;
}

/**
 * A run's progress, live: what the page's query brought, then each event of
 * the run's subscription (its state now, then every change until it ends),
 * the newest by sequence. Should the subscription fail (no websocket), the
 * state is read again every two seconds instead. `onOver` runs once when the
 * run ends here, so the page can read it again.
 */
export function useLiveProgress(runId: string, fromQuery: EvalProgressFieldsFragment, onOver?: () => void): EvalProgressFieldsFragment {
  const [{ data: live, error: liveError }] = useSubscription({ query: EvalRunProgressSubscription, variables: { id: runId }, pause: isOver(fromQuery.status) }, keepNewer);
  const [{ data: polled }, read] = useQuery({ query: EvalRunProgressQuery, variables: { id: runId }, pause: true, requestPolicy: 'network-only' });
  const current = newerProgress(newerProgress(fromQuery, live?.evalRunProgress), polled?.evalRun.progress) ?? fromQuery;
  const over = isOver(current.status);
  const failed = liveError !== undefined;

  useEffect(() => {
    if (over || !failed) return;
    read({ requestPolicy: 'network-only' });
    const timer = window.setInterval(() => read({ requestPolicy: 'network-only' }), POLL_MS);
    return () => window.clearInterval(timer);
  }, [over, failed, read]);

  // A run already over when the page opened has nothing to report.
  const reported = useRef(isOver(fromQuery.status));
  const latestOnOver = useRef(onOver);
  useEffect(() => {
    latestOnOver.current = onOver;
  });
  useEffect(() => {
    if (over && !reported.current) {
      reported.current = true;
      latestOnOver.current?.();
    }
  }, [over]);

  return current;
}
