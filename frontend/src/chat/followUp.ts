/**
 * A question that plainly continues the one before it: it opens on "and" or
 * "what about" (spec: datasets, From a conversation or a run). The chat points
 * it out, since a case taken from it makes sense only With the conversation;
 * a question with nothing before it is never a follow-up.
 */
const OPENS_A_FOLLOW_UP = /^(?:and|what about)(?![\p{L}\p{N}])/iu;

/** Quotes, dashes, ellipses and spaces a person may type before the first word. */
const LEADING_NOISE = /^[\s"'“‘«(\-–—…]+/u;

export function isFollowUp(question: string, earlierTurns: number): boolean {
  if (earlierTurns <= 0) return false;
  return OPENS_A_FOLLOW_UP.test(question.replace(LEADING_NOISE, ''));
}
