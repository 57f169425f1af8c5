/** The case an add ran into: CONFLICT carries the id of the case the answer already is. */
import type { ErrorLike } from '../api/errors';

export function existingCaseId(error: ErrorLike | null | undefined): string | null {
  for (const graphQLError of error?.graphQLErrors ?? []) {
    const extensions = graphQLError.extensions ?? {};
    if (extensions.code === 'CONFLICT' && typeof extensions.caseId === 'string' && extensions.caseId !== '') return extensions.caseId;
  }
  return null;
}
