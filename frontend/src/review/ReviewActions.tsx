import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInboxOff, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useMutation, useSubscription } from 'urql';
import { problemFrom } from '../api/errors';
import { notifyProblem } from '../api/ProblemAlert';
import type { ReviewAnswersFilter } from '../gql/graphql';
import { JobProgressSubscription } from '../shell/connectionCheckOperations';
import { ScoreUngradedAgainMutation, WithdrawWaitingMutation } from './operations';
import { countOf } from '../common/count';

type Pending = 'rescore' | 'withdraw' | null;

/** Says when one scoring job is over, by its progress over the subscription. */
function JobWatcher({ jobId, onOver }: { jobId: string; onOver: (jobId: string, failed: boolean) => void }) {
  const [{ data }] = useSubscription({ query: JobProgressSubscription, variables: { id: jobId } });
  const status = data?.jobProgress.status;
  useEffect(() => {
    if (status === 'succeeded' || status === 'failed') onOver(jobId, status === 'failed');
  }, [status, jobId, onOver]);
  return null;
}

/**
 * Actions above the table, over the answers the filters show: score the
 * ungraded ones again (the agent does not run again; in jobs of ten, each
 * checked before any starts) and withdraw the waiting ones from the queue.
 * Each asks first.
 */
export function ReviewActions({
  datasetId,
  filter,
  filtered,
  canRescore,
  canEdit,
  waiting,
  onDone,
}: {
  datasetId: string;
  filter: ReviewAnswersFilter | null;
  /** Whether the view is filtered: the question then speaks of the answers shown. */
  filtered: boolean;
  canRescore: boolean;
  canEdit: boolean;
  /** How many wait in the whole dataset, when the view is not filtered. */
  waiting: number | null;
  onDone: () => void;
}) {
  const [pending, setPending] = useState<Pending>(null);
  const [jobs, setJobs] = useState<string[]>([]);
  const [{ fetching: rescoring }, rescore] = useMutation(ScoreUngradedAgainMutation);
  const [{ fetching: withdrawing }, withdraw] = useMutation(WithdrawWaitingMutation);
  const scope = filtered ? 'the answers this view shows' : 'this dataset';

  const jobOver = (jobId: string, failed: boolean) => {
    if (failed) notifications.show({ color: 'red', title: 'Scoring again stopped', message: 'A group of answers could not be scored again; the rest were.' });
    setJobs((list) => {
      const left = list.filter((id) => id !== jobId);
      if (left.length === 0 && list.length > 0) {
        notifications.show({ color: 'teal', title: 'Scored again', message: 'The answers that were not graded were graded anew.' });
        onDone();
      }
      return left;
    });
  };

  const confirmRescore = async () => {
    const result = await rescore({ input: { datasetId, filter } }, { additionalTypenames: ['Score'] });
    setPending(null);
    const problem = problemFrom(result.error);
    if (problem || !result.data) {
      if (problem) notifyProblem(problem, 'Nothing was scored again');
      return;
    }
    const { scoreCount, jobs: started } = result.data.scoreUngradedAgain;
    if (scoreCount === 0) {
      notifications.show({ color: 'gray', title: 'Nothing to score again', message: `No answer of ${scope} that was not graded can be scored again.` });
      return;
    }
    notifications.show({ color: 'gray', title: 'Scoring again', message: `${countOf(scoreCount, 'answer', 'answers')} in ${countOf(started.length, 'group', 'groups')} of up to ten.` });
    setJobs(started.map((job) => job.id));
  };

  const confirmWithdraw = async () => {
    const result = await withdraw({ input: { datasetId, filter } }, { additionalTypenames: ['Score', 'ReviewQueueCounts'] });
    setPending(null);
    const problem = problemFrom(result.error);
    if (problem || !result.data) {
      if (problem) notifyProblem(problem, 'Nothing was withdrawn');
      return;
    }
    const count = result.data.withdrawWaiting.withdrawn.length;
    notifications.show({ color: 'gray', title: 'Withdrawn from review', message: count === 0 ? 'Nothing was waiting.' : `${countOf(count, 'answer no longer waits', 'answers no longer wait')}; they stay scores, undecided.` });
    onDone();
  };

  if (!canRescore && !canEdit) return null;
  return (
    <Group gap="xs">
      {jobs.map((jobId) => (
        <JobWatcher key={jobId} jobId={jobId} onOver={jobOver} />
      ))}
      {canRescore && (
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} loading={rescoring || jobs.length > 0} onClick={() => setPending('rescore')}>
          Score ungraded again
        </Button>
      )}
      {canEdit && (
        <Button size="xs" variant="default" leftSection={<IconInboxOff size={14} aria-hidden />} loading={withdrawing} disabled={waiting === 0} onClick={() => setPending('withdraw')}>
          Withdraw waiting answers
        </Button>
      )}
      <Modal opened={pending === 'rescore'} onClose={() => setPending(null)} title="Score the ungraded answers again?">
        <Stack gap="md">
          <Text size="sm">
            Every answer of {scope} that was not graded is graded anew, with the configuration it was first graded with. The agents do not run again; each answer keeps its eval run and any decision made on it.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button loading={rescoring} onClick={() => void confirmRescore()}>
              Score again
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={pending === 'withdraw'} onClose={() => setPending(null)} title="Withdraw the waiting answers?">
        <Stack gap="md">
          <Text size="sm">
            {waiting !== null ? `${countOf(waiting, 'answer waits', 'answers wait')} for review in ${scope}. ` : ''}
            Every answer of {scope} waiting for review leaves the queue undecided; it stays a score, and decisions made stay.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)}>
              Cancel
            </Button>
            <Button color="red" loading={withdrawing} onClick={() => void confirmWithdraw()}>
              Withdraw
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
