/**
 * Whether the dataset's page offers Run evals. Starting an eval needs
 * `runs:view` before anything else, then `datasets:run`: a reader who may run
 * the dataset but not read runs sees Run evals disabled, saying why; one who
 * may not run it at all is not offered it (the API's `Dataset.evalAccess`).
 */

export interface EvalAccessLike {
  canStart: boolean;
  reason?: string | null;
}

export type RunEvalsOffer = { kind: 'enabled' } | { kind: 'disabled'; reason: string } | { kind: 'hidden' };

export function runEvalsOffer(access: EvalAccessLike | null | undefined): RunEvalsOffer {
  if (!access) return { kind: 'hidden' };
  if (access.canStart) return { kind: 'enabled' };
  const reason = access.reason?.trim();
  return reason ? { kind: 'disabled', reason } : { kind: 'hidden' };
}
