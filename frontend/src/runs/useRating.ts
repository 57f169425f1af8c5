import { useState } from 'react';
import { useMutation } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import type { RatingValue } from '../gql/graphql';
import { RateRunMutation, RemoveRatingMutation } from './operations';

export type RateOutcome = { ok: true } | { ok: false; problem: ApiProblem };

/** Rating a reply: rate (again, replacing your rating) or remove your rating. */
export function useRating(runId: string) {
  const [, rateRun] = useMutation(RateRunMutation);
  const [, removeRating] = useMutation(RemoveRatingMutation);
  const [busy, setBusy] = useState(false);

  const settle = async (request: Promise<{ data?: unknown; error?: Parameters<typeof problemFrom>[0] }>): Promise<RateOutcome> => {
    setBusy(true);
    const result = await request;
    setBusy(false);
    const problem = result.data ? null : problemFrom(result.error);
    return problem ? { ok: false, problem } : { ok: true };
  };

  return {
    busy,
    rate: (value: RatingValue, comment: string | null) => settle(rateRun({ input: { runId, value, comment: comment?.trim() ? comment.trim() : null } })),
    remove: () => settle(removeRating({ runId })),
  };
}
