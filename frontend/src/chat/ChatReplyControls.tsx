import { Alert, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDatabasePlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ApiProblem } from '../api/errors';
import { notifyProblem } from '../api/ProblemAlert';
import { AddedAlert, AddRefusedAlert } from '../addToDataset/AddedMessage';
import { useMayAddToDataset } from '../addToDataset/AddToDatasetButton';
import { AddToDatasetDialog } from '../addToDataset/AddToDatasetDialog';
import { AddToDatasetFields } from '../addToDataset/AddToDatasetFields';
import { type RateAndAdd, rateAndAddMessage, rateThenAdd } from '../addToDataset/twoWrites';
import { useAddToDataset } from '../addToDataset/useAddToDataset';
import type { RatingValue, RunDetailFieldsFragment } from '../gql/graphql';
import { RatingButtons } from '../runs/Ratings';
import { ThumbsDownDialog } from '../runs/ThumbsDownDialog';
import { useRating } from '../runs/useRating';

/** How long the thumbs-up's confirmation stays, long enough to reach for Add to dataset. */
export const CONFIRMATION_MS = 10_000;

/** What the thumbs-down's two writes came to, under the reply: the case added, or which half failed. */
function RateAndAddAlert({ outcome, datasetId, onClose }: { outcome: RateAndAdd; datasetId: string | null; onClose: () => void }) {
  if (outcome.rating !== 'saved' || outcome.add === null) return null;
  if (outcome.add.ok) return <AddedAlert outcome={outcome.add} />;
  const message = rateAndAddMessage(outcome);
  return (
    <Stack gap={4}>
      <Alert color="teal" variant="light" icon={<IconCheck size={18} aria-hidden />} withCloseButton closeButtonLabel="Dismiss" onClose={onClose} py="xs" title={message.title}>
        <Text size="sm">Your rating and comment are saved: only adding the answer failed.</Text>
      </Alert>
      <AddRefusedAlert refused={outcome.add.refused} datasetId={datasetId} title="The answer was not added" />
    </Stack>
  );
}

/**
 * The thumbs-down's question, what went wrong, with **Add this answer to a
 * dataset**: ticked, it asks where and whether the conversation comes too, and
 * the answer is kept as the counter-example. The rating is saved first and the
 * case added after it, so the comment becomes the case's note.
 */
function ThumbsDownWithAdd({ run, rate, busy, onDone, onClose }: { run: RunDetailFieldsFragment; rate: (comment: string) => ReturnType<ReturnType<typeof useRating>['rate']>; busy: boolean; onDone: (outcome: RateAndAdd, datasetId: string | null) => void; onClose: () => void }) {
  const mayAdd = useMayAddToDataset();
  const [comment, setComment] = useState(run.viewerRating?.comment ?? '');
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const state = useAddToDataset({ runId: run.id, initialKeepAs: 'COUNTER_EXAMPLE', enabled: adding });
  const datasetName = state.startsDataset ? state.newDatasetName : (state.dataset?.name ?? null);

  const submit = async () => {
    setProblem(null);
    const outcome = await rateThenAdd(() => rate(comment), adding ? () => state.add('COUNTER_EXAMPLE') : null, datasetName);
    if (outcome.rating === 'refused') {
      const message = rateAndAddMessage(outcome);
      setProblem({ ...outcome.problem, title: message.title, message: message.message });
      return;
    }
    onDone(outcome, state.datasetId);
  };

  return (
    <ThumbsDownDialog
      comment={comment}
      onComment={setComment}
      busy={busy || state.busy}
      problem={problem}
      submitLabel={adding ? 'Rate down and add' : 'Rate down'}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {mayAdd && (
        <Stack gap="sm">
          <Checkbox
            label="Add this answer to a dataset"
            description="It is kept as the counter-example: an answer the agent should not give, with your comment as its note."
            checked={adding}
            onChange={(event) => setAdding(event.currentTarget.checked)}
          />
          {adding && <AddToDatasetFields state={state} keepAsFixed />}
        </Stack>
      )}
    </ThumbsDownDialog>
  );
}

/**
 * A chat reply's own controls, once under its last step: the thumbs. A
 * thumbs-up is saved at once and its confirmation offers **Add to dataset**
 * for ten seconds; a thumbs-down asks what went wrong first, and offers **Add
 * this answer to a dataset**. Pressing your own thumb again removes your rating.
 */
export function ChatReplyControls({ run }: { run: RunDetailFieldsFragment }) {
  const rating = useRating(run.id);
  const mayAdd = useMayAddToDataset();
  const [confirming, setConfirming] = useState(false);
  const [asking, setAsking] = useState(false);
  const [addingReference, setAddingReference] = useState(false);
  const [result, setResult] = useState<{ outcome: RateAndAdd; datasetId: string | null } | null>(null);
  const mine = run.viewerRating?.value ?? null;

  useEffect(() => {
    if (!confirming) return;
    const timer = window.setTimeout(() => setConfirming(false), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [confirming]);

  const onRate = async (value: RatingValue) => {
    setConfirming(false);
    setResult(null);
    if (value === mine) {
      const outcome = await rating.remove();
      if (!outcome.ok) notifyProblem(outcome.problem, 'Your rating was not removed');
      return;
    }
    if (value === 'DOWN') {
      setAsking(true);
      return;
    }
    const outcome = await rating.rate('UP', null);
    if (!outcome.ok) notifyProblem(outcome.problem, 'Your rating was not saved');
    else setConfirming(true);
  };

  return (
    <>
      <RatingButtons value={mine} busy={rating.busy} onRate={(value) => void onRate(value)} />
      {confirming && (
        <Alert role="status" color="teal" variant="light" icon={<IconCheck size={18} aria-hidden />} withCloseButton closeButtonLabel="Dismiss" onClose={() => setConfirming(false)} py="xs">
          <Group gap="sm" justify="space-between">
            <Text size="sm">Rated up: a good answer.</Text>
            {mayAdd && run.question != null && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconDatabasePlus size={14} aria-hidden />}
                onClick={() => {
                  setConfirming(false);
                  setAddingReference(true);
                }}
              >
                Add to dataset
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {result && <RateAndAddAlert outcome={result.outcome} datasetId={result.datasetId} onClose={() => setResult(null)} />}
      {addingReference && <AddToDatasetDialog runId={run.id} initialKeepAs="REFERENCE" onClose={() => setAddingReference(false)} />}
      {asking && (
        <ThumbsDownWithAdd
          run={run}
          rate={(comment) => rating.rate('DOWN', comment)}
          busy={rating.busy}
          onClose={() => setAsking(false)}
          onDone={(outcome, datasetId) => {
            setAsking(false);
            if (outcome.rating === 'saved' && outcome.add === null) notifications.show({ color: 'teal', message: 'Rated down, with your comment.' });
            else setResult({ outcome, datasetId });
          }}
        />
      )}
    </>
  );
}
