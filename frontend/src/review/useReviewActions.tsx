import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useRef } from 'react';
import { useMutation } from 'urql';
import { problemFrom } from '../api/errors';
import { notifyProblem } from '../api/ProblemAlert';
import type { DecideReviewMutation as Decided, ReviewDecisionFieldsFragment, ReviewDecisionOutcome, ScoreOutcome } from '../gql/graphql';
import { DecideReviewMutation, SendToReviewMutation, UndoReviewDecisionMutation, WithdrawFromReviewMutation, WithdrawReviewDecisionMutation } from './operations';

export type DecidedScore = Decided['decideReview']['score'];

/** What a change of review returned about a score, for a row that shows it. */
export interface ReviewChange {
  id: string;
  review: ReviewDecisionFieldsFragment;
  finalOutcome?: ScoreOutcome;
}

const OUTCOME_WORDS: Record<ReviewDecisionOutcome, string> = { PASS: 'passes', FAIL: 'fails' };

// Every list and panel holding a score reads it again after a change of its review.
const CHANGED = { additionalTypenames: ['Score', 'ReviewQueueCounts'] };

function UndoMessage({ text, onUndo }: { text: string; onUndo: () => void }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm">{text}</Text>
      <Button size="compact-sm" variant="light" onClick={onUndo}>
        Undo
      </Button>
    </Group>
  );
}

/**
 * What a reviewer does to one answer: decide it (the message confirming it
 * offers Undo), undo or withdraw a decision, send it to the queue or take it
 * out. Each resolves to what changed, or null after saying why it failed.
 */
export function useReviewActions(onChange?: (change: ReviewChange) => void) {
  const [{ fetching: deciding }, decideMutation] = useMutation(DecideReviewMutation);
  const [, undoMutation] = useMutation(UndoReviewDecisionMutation);
  const [, withdrawDecisionMutation] = useMutation(WithdrawReviewDecisionMutation);
  const [, sendMutation] = useMutation(SendToReviewMutation);
  const [, withdrawMutation] = useMutation(WithdrawFromReviewMutation);
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  const report = (change: ReviewChange) => changed.current?.(change);
  const shownDecision = useRef<string | null>(null);
  const undo = useCallback(
    async (scoreId: string) => {
      notifications.hide(`decided-${scoreId}`);
      const result = await undoMutation({ scoreId }, CHANGED);
      const problem = problemFrom(result.error);
      if (problem || !result.data) {
        if (problem) notifyProblem(problem, 'The decision was not undone');
        return null;
      }
      const payload = result.data.undoReviewDecision;
      report(payload.score);
      if (payload.replaced) report(payload.replaced);
      const back = payload.score.review.decision;
      notifications.show({
        color: 'gray',
        title: 'Decision undone',
        message: back ? `The decision before is back: it ${OUTCOME_WORDS[back.outcome]}.` : payload.queued ? 'The answer waits for review again.' : 'The answer is undecided again.',
      });
      return payload;
    },
    [undoMutation],
  );

  const decide = useCallback(
    async (scoreId: string, outcome: ReviewDecisionOutcome, note: string): Promise<DecidedScore | null> => {
      const result = await decideMutation({ input: { scoreId, outcome, note } }, CHANGED);
      const problem = problemFrom(result.error);
      if (problem || !result.data) {
        if (problem) notifyProblem(problem, 'The decision was not saved');
        return null;
      }
      const score = result.data.decideReview.score;
      const overrules = score.review.decision?.overrulesScorers ? ', overruling the scorers' : '';
      // One decision's message at a time: going through many answers fast leaves the latest on screen, with its Undo.
      if (shownDecision.current) notifications.hide(shownDecision.current);
      shownDecision.current = `decided-${scoreId}`;
      notifications.show({
        id: `decided-${scoreId}`,
        color: outcome === 'PASS' ? 'teal' : 'red',
        title: 'Decision saved',
        message: <UndoMessage text={`It ${OUTCOME_WORDS[outcome]}${overrules}.`} onUndo={() => void undo(scoreId)} />,
        autoClose: 8_000,
      });
      return score;
    },
    [decideMutation, undo],
  );

  const withdrawDecision = useCallback(
    async (scoreId: string) => {
      const result = await withdrawDecisionMutation({ scoreId }, CHANGED);
      const problem = problemFrom(result.error);
      if (problem || !result.data) {
        if (problem) notifyProblem(problem, 'The decision was not withdrawn');
        return null;
      }
      const payload = result.data.withdrawReviewDecision;
      report(payload.score);
      if (payload.replaced) report(payload.replaced);
      notifications.show({
        color: 'gray',
        title: 'Decision withdrawn',
        message: payload.queued ? 'The answer waits for review again.' : 'A higher-ranked answer of its case and agent waits instead.',
      });
      return payload;
    },
    [withdrawDecisionMutation],
  );

  const send = useCallback(
    async (datasetId: string, scoreIds: string | readonly string[]) => {
      const ids = typeof scoreIds === 'string' ? [scoreIds] : [...scoreIds];
      const result = await sendMutation({ input: { datasetId, scoreIds: ids } }, CHANGED);
      const problem = problemFrom(result.error);
      if (problem || !result.data) {
        if (problem) notifyProblem(problem, 'The answer was not sent to review');
        return null;
      }
      const payload = result.data.sendToReview;
      for (const score of [...payload.queued, ...payload.replaced]) report(score);
      if (ids.length > 1) {
        const sent = payload.queued.length;
        notifications.show({
          color: sent === 0 ? 'yellow' : 'gray',
          title: sent === 0 ? 'None sent to review' : `${sent} of ${ids.length} sent to review`,
          message:
            payload.notQueued.length > 0
              ? `${payload.notQueued.length} not sent: decided already, waiting already, or another answer of their case and agent ranks higher.`
              : 'They wait for review.',
        });
        return payload;
      }
      const refused = payload.notQueued[0]?.reason;
      notifications.show({
        color: refused ? 'yellow' : 'gray',
        title: refused ? 'Not sent to review' : 'Sent to review',
        message:
          refused === 'OUTRANKED'
            ? 'Another answer of its case and agent waits already and ranks higher, or the same and is newer.'
            : refused === 'DECIDED'
              ? 'It is decided: a decided answer is never sent again.'
              : refused === 'ALREADY_WAITING'
                ? 'It waits for review already.'
                : payload.replaced.length > 0
                  ? 'It waits for review, in place of an older answer of its case and agent.'
                  : 'It waits for review.',
      });
      return payload;
    },
    [sendMutation],
  );

  const withdraw = useCallback(
    async (datasetId: string, scoreId: string) => {
      const result = await withdrawMutation({ input: { datasetId, scoreIds: [scoreId] } }, CHANGED);
      const problem = problemFrom(result.error);
      if (problem || !result.data) {
        if (problem) notifyProblem(problem, 'The answer was not withdrawn');
        return null;
      }
      for (const score of result.data.withdrawFromReview.withdrawn) report(score);
      notifications.show({ color: 'gray', title: 'Withdrawn from review', message: 'It no longer waits; it stays a score, undecided.' });
      return result.data.withdrawFromReview;
    },
    [withdrawMutation],
  );

  return { decide, deciding, undo, withdrawDecision, send, withdraw };
}
