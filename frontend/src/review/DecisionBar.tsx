import { Button, Group, Kbd, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconInbox, IconInboxOff, IconX } from '@tabler/icons-react';
import type { Ref } from 'react';
import { formatExact, formatWhen } from '../common/time';
import type { ReviewDecisionFieldsFragment, ReviewDecisionOutcome, ScoreOutcome } from '../gql/graphql';
import { OUTCOME_WORDS } from '../evals/AnswerCard';
import { SENT_BY_WORDS } from './reviewWords';

export const NOTE_MAX = 4_000;

/** Where the answer stands in review, in one line. */
export function ReviewStateLine({ review, outcome }: { review: ReviewDecisionFieldsFragment; outcome: ScoreOutcome }) {
  const decision = review.decision;
  if (review.state === 'DECIDED' && decision) {
    return (
      <Text size="sm" data-testid="review-state">
        Decided: it <strong>{decision.outcome === 'PASS' ? 'passes' : 'fails'}</strong>
        {decision.decidedBy ? `, by ${decision.decidedBy}` : ''}, <span title={formatExact(decision.decidedAt)}>{formatWhen(decision.decidedAt)}</span>
        {decision.overrulesScorers ? ` - overruling the scorers, who said ${OUTCOME_WORDS[outcome].label.toLowerCase()}` : ''}.
      </Text>
    );
  }
  if (review.state === 'WAITING') {
    return (
      <Text size="sm" data-testid="review-state">
        Waits for review{review.sentBy ? `, ${SENT_BY_WORDS[review.sentBy]}` : ''}
        {review.waitingSince ? (
          <>
            {' '}
            <span title={formatExact(review.waitingSince)}>{formatWhen(review.waitingSince)}</span>
          </>
        ) : null}
        .
      </Text>
    );
  }
  return (
    <Text size="sm" data-testid="review-state">
      Not waiting for review, and not decided.
    </Text>
  );
}

/**
 * The decision: a note, then Pass or Fail, which save it with the note. A
 * decided answer can be decided again (the note kept or changed), or its
 * decision withdrawn, when it waits again. One not decided can be sent to the
 * queue or taken out of it.
 */
export function DecisionBar({
  review,
  outcome,
  canEdit,
  masked,
  note,
  noteRef,
  busy,
  onNote,
  onDecide,
  onWithdrawDecision,
  onSend,
  onWithdraw,
}: {
  review: ReviewDecisionFieldsFragment;
  outcome: ScoreOutcome;
  canEdit: boolean;
  masked: boolean;
  note: string;
  noteRef: Ref<HTMLTextAreaElement>;
  busy: boolean;
  onNote: (note: string) => void;
  onDecide: (outcome: ReviewDecisionOutcome) => void;
  onWithdrawDecision: () => void;
  onSend: () => void;
  onWithdraw: () => void;
}) {
  const decided = review.state === 'DECIDED';
  const current = review.decision?.outcome ?? null;
  // A masked reader cannot read the note kept, so deciding again would overwrite words they never saw.
  const mayDecide = canEdit && !(masked && decided);
  return (
    <Stack gap="xs" component="section" aria-label="Decision" data-testid="decision">
      <Group justify="space-between" gap="xs">
        <ReviewStateLine review={review} outcome={outcome} />
        {canEdit && (
          <Group gap="xs">
            {decided && (
              <Button size="compact-sm" variant="subtle" leftSection={<IconArrowBackUp size={14} aria-hidden />} disabled={busy} onClick={onWithdrawDecision}>
                Withdraw decision
              </Button>
            )}
            {review.state === 'NOT_QUEUED' && (
              <Button size="compact-sm" variant="subtle" leftSection={<IconInbox size={14} aria-hidden />} disabled={busy} onClick={onSend}>
                Send to review
              </Button>
            )}
            {review.state === 'WAITING' && (
              <Button size="compact-sm" variant="subtle" leftSection={<IconInboxOff size={14} aria-hidden />} disabled={busy} onClick={onWithdraw}>
                Withdraw from review
              </Button>
            )}
          </Group>
        )}
      </Group>
      {!canEdit ? (
        <Text size="sm" c="dimmed">
          Deciding needs permission to edit this dataset.
        </Text>
      ) : masked && decided ? (
        <Text size="sm" c="dimmed">
          Its note is hidden from you, so it can be withdrawn but not decided again here.
        </Text>
      ) : (
        <>
          <Textarea
            ref={noteRef}
            label="Note"
            description={
              <>
                Saved with the decision; often the rule the judge missed. <Kbd size="xs">N</Kbd> writes it, <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Enter</Kbd> saves it.
              </>
            }
            placeholder={masked ? 'You cannot read this answer; a note is still saved with the decision.' : 'What the judge missed, if anything'}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(event) => onNote(event.currentTarget.value)}
            rightSection={note.length > NOTE_MAX * 0.9 ? <Text size="xs">{NOTE_MAX - note.length}</Text> : undefined}
          />
          <Group gap="xs">
            <Button color="teal.9" leftSection={<IconCheck size={16} aria-hidden />} disabled={!mayDecide} loading={busy} onClick={() => onDecide('PASS')} aria-keyshortcuts="P">
              Pass
            </Button>
            <Button color="red.9" leftSection={<IconX size={16} aria-hidden />} disabled={!mayDecide} loading={busy} onClick={() => onDecide('FAIL')} aria-keyshortcuts="F">
              Fail
            </Button>
            {current && (
              <Text size="xs" c="dimmed">
                Deciding again replaces the decision; Undo brings it back.
              </Text>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
