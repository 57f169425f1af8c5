import { Alert, Anchor, CloseButton, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import type { GenerationFieldsFragment } from '../gql/graphql';
import { isFinished, outcomeWords, STATUS_WORDS } from './generationWords';
import { GenerationJobSubscription, GenerationQuery } from './operations';
import { countOf } from '../common/count';

/**
 * A generation's progress, live: its job's state over the jobProgress
 * subscription; once the job finishes, the generation is read again for its
 * exact counts - proposed, unreadable, rule-broken - and any error.
 */
export function GenerationProgress({ started, onFinished, onDismiss }: { started: GenerationFieldsFragment; onFinished: () => void; onDismiss: () => void }) {
  const jobId = started.job?.id ?? '';
  const [{ data: live, error: liveError }] = useSubscription({ query: GenerationJobSubscription, variables: { id: jobId }, pause: jobId === '' });
  const jobStatus = live?.jobProgress.status ?? started.job?.status ?? started.status;
  const jobDone = isFinished(jobStatus);
  const [{ data: read }, readAgain] = useQuery({ query: GenerationQuery, variables: { id: started.id }, pause: !jobDone, requestPolicy: 'network-only' });
  const generation = read?.generation ?? started;
  // The job decides when it is over; the generation read after it has the counts and its own word on success.
  const finished = jobDone && read !== undefined;
  const status = finished && isFinished(generation.status) ? generation.status : jobStatus;
  const failed = status === 'failed';

  useEffect(() => {
    if (jobDone) readAgain({ requestPolicy: 'network-only' });
  }, [jobDone, readAgain]);
  useEffect(() => {
    if (finished) onFinished();
  }, [finished, onFinished]);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Generation progress" mb="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="md">
            Generating {countOf(generation.count, 'case', 'cases')}
          </Title>
          {finished && <CloseButton aria-label="Close the generation's progress" onClick={onDismiss} />}
        </Group>
        <Progress value={100} striped={!finished} animated={!finished} color={failed ? 'red' : finished ? 'teal' : 'blue'} aria-label="Generation progress" />
        <Text size="sm" role="status" data-testid="generation-status">
          {STATUS_WORDS[status] ?? 'Drafting cases…'}
        </Text>
        {finished && !failed && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} title="Drafts are waiting below">
            <span data-testid="generation-outcome">{outcomeWords(generation)}</span>
            {generation.runId && (
              <>
                {' '}
                <Anchor component={Link} to={`/activity/runs/${encodeURIComponent(generation.runId)}`}>
                  Open the generator&apos;s run in Activity
                </Anchor>
              </>
            )}
          </Alert>
        )}
        {finished && failed && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title="The generation failed">
            {generation.error ?? live?.jobProgress.error ?? 'The worker reported a failure.'} {outcomeWords(generation)}
          </Alert>
        )}
        {liveError && <ProblemAlert problem={problemFrom(liveError) ?? { code: 'UNKNOWN', title: 'Not followed', message: 'Progress cannot be followed live.', fields: [] }} title="Progress cannot be followed live" />}
      </Stack>
    </Paper>
  );
}
