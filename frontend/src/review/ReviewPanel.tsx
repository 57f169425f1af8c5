import { ActionIcon, Center, CloseButton, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { formatExact, formatWhen } from '../common/time';
import { OutcomeBadge } from '../evals/AnswerCard';
import type { ReviewDecisionOutcome } from '../gql/graphql';
import { useUnsavedChanges } from '../unsaved/useUnsavedChanges';
import { CriterionOffer } from './CriterionOffer';
import { DecisionBar } from './DecisionBar';
import { ReviewScoreQuery } from './operations';
import { noteDirty, openPanel, type PanelEvent, panelReducer, type PanelState } from './panelState';
import { readReviewParams } from './reviewParams';
import { CaseAsked, GradedAnswer, ScorerFindings } from './ReviewEvidence';
import { Source } from './ReviewTable';
import type { DecidedScore, useReviewActions } from './useReviewActions';

/** Read the open answer again this often, so a privacy mask that changed is noticed while it is open. */
const REREAD_MS = 20_000;

export const REVIEW_NOTE_EDITOR = 'review-note';

/** What the view's keys ask of the open panel. */
export interface PanelControls {
  decide(outcome: ReviewDecisionOutcome, via: 'keyboard' | 'pointer'): Promise<boolean>;
  focusNote(): void;
  leaveNote(): void;
  saveNote(): Promise<boolean>;
}

export function ReviewPanel({
  scoreId,
  datasetId,
  latestVersion,
  canEdit,
  readsRuns,
  position,
  rereadKey,
  actions,
  controlsRef,
  onMove,
  onClose,
  onDecided,
  onMaskChanged,
}: {
  scoreId: string;
  datasetId: string;
  latestVersion: number;
  canEdit: boolean;
  readsRuns: boolean;
  /** "3 of 10", when the answer is among the rows shown. */
  position: { index: number; count: number } | null;
  /** Changes when the queue changes: the answer is read again. */
  rereadKey: number;
  actions: ReturnType<typeof useReviewActions>;
  controlsRef: RefObject<PanelControls | null>;
  onMove: (step: 1 | -1) => void;
  onClose: () => void;
  onDecided: (score: DecidedScore, via: 'keyboard' | 'pointer') => void;
  onMaskChanged: () => void;
}) {
  const [{ data, error, fetching }, reread] = useQuery({ query: ReviewScoreQuery, variables: { id: scoreId }, requestPolicy: 'cache-and-network' });
  const [state, setState] = useState<PanelState>(() => openPanel(scoreId));
  const [seen, setSeen] = useState<unknown>(null);
  const dispatch = (event: PanelEvent) => setState((current) => panelReducer(current, event));
  const score = data?.score && data.score.id === scoreId ? data.score : null;
  // Each read of the answer tells the panel its mask and its saved note, once.
  if (score && score !== seen) {
    setSeen(score);
    setState((current) => panelReducer(current, { kind: 'read', scoreId: score.id, masked: score.evidenceMasked, savedNote: score.review.decision?.note ?? null }));
  }
  const noteRef = useRef<HTMLTextAreaElement | null>(null);
  const [busy, setBusy] = useState(false);
  const decided = score?.review.state === 'DECIDED';
  const masked = score?.evidenceMasked ?? false;

  useEffect(() => {
    const again = () => reread({ requestPolicy: 'network-only' });
    const timer = window.setInterval(again, REREAD_MS);
    window.addEventListener('focus', again);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', again);
    };
  }, [reread]);
  const firstKey = useRef(rereadKey);
  useEffect(() => {
    if (rereadKey !== firstKey.current) reread({ requestPolicy: 'network-only' });
  }, [rereadKey, reread]);

  const discarded = state.discarded;
  useEffect(() => {
    if (discarded) onMaskChanged();
    // Once: a discarded panel stays discarded until it closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [discarded]);

  const decide = async (outcome: ReviewDecisionOutcome, via: 'keyboard' | 'pointer') => {
    if (!score || busy || !canEdit || (masked && decided)) return false;
    const note = state.note.trim();
    setBusy(true);
    try {
      const saved = await actions.decide(score.id, outcome, note);
      if (!saved) return false;
      dispatch({ kind: 'saved', note });
      onDecided(saved, via);
      return true;
    } finally {
      setBusy(false);
    }
  };
  const saveNote = async () => {
    const outcome = score?.review.decision?.outcome;
    return outcome ? decide(outcome, 'pointer') : false;
  };

  useUnsavedChanges({
    id: REVIEW_NOTE_EDITOR,
    label: 'Your note on this answer',
    dirty: noteDirty(state),
    canSave: decided && !masked,
    createsVersion: false,
    saveEffect: 'Saving records the decision again, with the note.',
    unsavable: 'A note is saved with a decision: choose Pass or Fail first, or discard the note.',
    save: saveNote,
    discard: () => dispatch({ kind: 'discard-note' }),
    keepsLocation: (next, current) => next.pathname === current.pathname && readReviewParams(next.search).score === scoreId,
  });

  const live = useRef({ decide, saveNote });
  useEffect(() => {
    live.current = { decide, saveNote };
  });
  useEffect(() => {
    controlsRef.current = {
      decide: (outcome, via) => live.current.decide(outcome, via),
      saveNote: () => live.current.saveNote(),
      focusNote: () => noteRef.current?.focus(),
      leaveNote: () => noteRef.current?.blur(),
    };
    return () => {
      controlsRef.current = null;
    };
  }, [controlsRef]);

  const problem = problemFrom(error);
  return (
    <Paper withBorder radius="md" component="aside" aria-label="Answer under review" data-testid="review-panel" style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, minWidth: 0 }}>
      <Group justify="space-between" gap="xs" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap="xs" wrap="nowrap">
          <Title order={2} size="h5">
            Answer{position ? ` ${position.index + 1} of ${position.count}` : ''}
          </Title>
          {score && <OutcomeBadge outcome={score.finalOutcome} />}
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Previous answer (K)">
            <ActionIcon variant="subtle" aria-label="Previous answer" aria-keyshortcuts="K" disabled={!position || position.index === 0} onClick={() => onMove(-1)}>
              <IconChevronUp size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Next answer (J)">
            <ActionIcon variant="subtle" aria-label="Next answer" aria-keyshortcuts="J" disabled={!position || position.index + 1 >= position.count} onClick={() => onMove(1)}>
              <IconChevronDown size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <CloseButton aria-label="Close the answer" onClick={onClose} />
        </Group>
      </Group>
      <div style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        <Stack gap="lg" p="md">
          {problem && <ProblemAlert problem={problem.code === 'NOT_FOUND' ? { ...problem, title: 'Answer not found', message: 'No answer you can open lives here.' } : problem} />}
          {!score && !problem && (
            <Center py="xl">
              <Loader size="sm" aria-label="Loading the answer" />
            </Center>
          )}
          {score && (
            <>
              <Group gap={6} c="dimmed" fz="sm">
                <Text span size="sm" c="dimmed" title={formatExact(score.createdAt)}>
                  Graded {formatWhen(score.createdAt)}
                </Text>
                <Text span size="sm" c="dimmed">
                  · from
                </Text>
                <Source row={score} datasetId={datasetId} readsRuns={readsRuns} />
              </Group>
              <CaseAsked score={score} datasetId={datasetId} latestVersion={latestVersion} />
              <GradedAnswer score={score} />
              <ScorerFindings score={score} />
              {decided && canEdit && !masked && state.savedNote !== '' && <CriterionOffer key={state.savedNote} scoreId={score.id} note={state.savedNote} baseVersion={latestVersion} />}
            </>
          )}
        </Stack>
      </div>
      {score && (
        <div style={{ borderTop: '1px solid var(--mantine-color-default-border)', padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)' }}>
          <DecisionBar
            review={score.review}
            outcome={score.outcome}
            canEdit={canEdit}
            masked={masked}
            note={state.note}
            noteRef={noteRef}
            busy={busy || (fetching && !data)}
            onNote={(note) => dispatch({ kind: 'write', note })}
            onDecide={(outcome) => void decide(outcome, 'pointer')}
            onWithdrawDecision={() => void actions.withdrawDecision(score.id)}
            onSend={() => void actions.send(datasetId, score.id)}
            onWithdraw={() => void actions.withdraw(datasetId, score.id)}
          />
        </div>
      )}
    </Paper>
  );
}
