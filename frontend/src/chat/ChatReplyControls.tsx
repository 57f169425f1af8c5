import { Alert, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ApiProblem } from '../api/errors';
import { notifyProblem } from '../api/ProblemAlert';
import type { RatingValue, RunDetailFieldsFragment } from '../gql/graphql';
import { RatingButtons } from '../runs/Ratings';
import { ThumbsDownDialog } from '../runs/ThumbsDownDialog';
import { useRating } from '../runs/useRating';

/** How long the thumbs-up's confirmation stays, long enough to reach for Add to dataset. */
export const CONFIRMATION_MS = 10_000;

/**
 * A chat reply's own controls, once under its last step: the thumbs. A
 * thumbs-up is saved at once and confirmed for ten seconds; a thumbs-down asks
 * what went wrong first. Pressing your own thumb again removes your rating.
 */
export function ChatReplyControls({ run }: { run: RunDetailFieldsFragment }) {
  const rating = useRating(run.id);
  const [confirming, setConfirming] = useState(false);
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const mine = run.viewerRating?.value ?? null;

  useEffect(() => {
    if (!confirming) return;
    const timer = window.setTimeout(() => setConfirming(false), CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [confirming]);

  const onRate = async (value: RatingValue) => {
    setConfirming(false);
    if (value === mine) {
      const outcome = await rating.remove();
      if (!outcome.ok) notifyProblem(outcome.problem, 'Your rating was not removed');
      return;
    }
    if (value === 'DOWN') {
      setComment(run.viewerRating?.comment ?? '');
      setProblem(null);
      setAsking(true);
      return;
    }
    const outcome = await rating.rate('UP', null);
    if (!outcome.ok) notifyProblem(outcome.problem, 'Your rating was not saved');
    else setConfirming(true);
  };

  return (
    <>
      <Group gap="sm" justify="space-between" wrap="wrap">
        <RatingButtons value={mine} busy={rating.busy} onRate={(value) => void onRate(value)} />
      </Group>
      {confirming && (
        <Alert role="status" color="teal" variant="light" icon={<IconCheck size={18} aria-hidden />} withCloseButton closeButtonLabel="Dismiss" onClose={() => setConfirming(false)} py="xs">
          <Text size="sm">Rated up: a good answer.</Text>
        </Alert>
      )}
      {asking && (
        <ThumbsDownDialog
          comment={comment}
          onComment={setComment}
          busy={rating.busy}
          problem={problem}
          onClose={() => setAsking(false)}
          onSubmit={() =>
            void rating.rate('DOWN', comment).then((outcome) => {
              if (!outcome.ok) {
                setProblem(outcome.problem);
                return;
              }
              setAsking(false);
              notifications.show({ color: 'teal', message: 'Rated down, with your comment.' });
            })
          }
        />
      )}
    </>
  );
}
