import { useEffect } from 'react';
import { useQuery, useSubscription } from 'urql';
import type { ReviewQueueCountsSubscription as CountsEvent, ReviewSummaryFieldsFragment } from '../gql/graphql';
import { DatasetReviewCountsQuery, ReviewQueueCountsSubscription, ReviewQueueSummaryQuery } from './operations';
import type { CountsLike } from './reviewWords';

const POLL_MS = 10_000;

function countEvents(previous: { event: CountsEvent; events: number } | undefined, event: CountsEvent) {
  return { event, events: (previous?.events ?? 0) + 1 };
}

/**
 * The review queue across every dataset the reader may see, live: the
 * subscription answers with the counts now, then after every change of the
 * queue. Until it does the counts are read, and read again every ten seconds
 * should the websocket fail.
 */
export function useQueueSummary(): ReviewSummaryFieldsFragment | null {
  const [{ data: live, error: liveError }] = useSubscription({ query: ReviewQueueCountsSubscription, variables: { datasetId: null } }, countEvents);
  const [{ data: read }, reread] = useQuery({ query: ReviewQueueSummaryQuery, requestPolicy: 'cache-and-network' });
  const failed = liveError !== undefined;
  useEffect(() => {
    if (!failed) return;
    const timer = window.setInterval(() => reread({ requestPolicy: 'network-only' }), POLL_MS);
    return () => window.clearInterval(timer);
  }, [failed, reread]);
  return live?.event.reviewQueueCounts ?? read?.reviewQueueSummary ?? null;
}

export interface DatasetQueue {
  counts: CountsLike | null;
  /** How many times the counts arrived over the subscription: each asks the page to read what it shows again. */
  events: number;
}

/** One dataset's queue, live, as `useQueueSummary` reads all of them. */
export function useDatasetQueue(datasetId: string): DatasetQueue {
  const [{ data: live, error: liveError }] = useSubscription({ query: ReviewQueueCountsSubscription, variables: { datasetId } }, countEvents);
  const [{ data: read }, reread] = useQuery({ query: DatasetReviewCountsQuery, variables: { id: datasetId }, requestPolicy: 'cache-and-network' });
  const failed = liveError !== undefined;
  useEffect(() => {
    if (!failed) return;
    const timer = window.setInterval(() => reread({ requestPolicy: 'network-only' }), POLL_MS);
    return () => window.clearInterval(timer);
  }, [failed, reread]);
  return { counts: live?.event.reviewQueueCounts ?? read?.dataset.reviewCounts ?? null, events: live?.events ?? 0 };
}
