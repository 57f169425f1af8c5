import { Button, Group, List, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type Client, useClient } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import { JobProgressSubscription, PingMutation } from './connectionCheckOperations';

type StepState = 'waiting' | 'running' | 'ok' | 'failed';

interface CheckState {
  api: StepState;
  live: StepState;
  worker: StepState;
  problem: ApiProblem | null;
  elapsedMs: number | null;
}

const START: CheckState = { api: 'running', live: 'waiting', worker: 'waiting', problem: null, elapsedMs: null };
const TIMEOUT_MS = 20_000;

/**
 * Proves the whole chain a reviewer depends on: a mutation through the API
 * (with the session's CSRF token), live updates over the subscription socket,
 * and a background worker on Redis and PostgreSQL finishing a job. Returns
 * the function that stops it.
 */
function startCheck(client: Client, report: (patch: Partial<CheckState>) => void): () => void {
  const started = performance.now();
  let stopped = false;
  let stopSubscription: () => void = () => undefined;
  let timer: number | undefined;

  void client
    .mutation(PingMutation, { message: 'console connection check' })
    .toPromise()
    .then((result) => {
      const job = result.data?.ping.job;
      if (stopped) return;
      if (!job) {
        report({ api: 'failed', problem: problemFrom(result.error) });
        return;
      }
      report({ api: 'ok', live: 'running', worker: 'running' });
      const subscription = client.subscription(JobProgressSubscription, { id: job.id }).subscribe((update) => {
        if (update.error) {
          finish({ live: 'failed', worker: 'waiting', problem: problemFrom(update.error) });
          return;
        }
        const progress = update.data?.jobProgress;
        if (!progress) return;
        report({ live: 'ok' });
        if (progress.status === 'succeeded') finish({ worker: 'ok', elapsedMs: Math.round(performance.now() - started) });
        if (progress.status === 'failed') {
          const message = progress.error ?? 'The worker reported a failure.';
          finish({ worker: 'failed', problem: { code: 'INTERNAL', title: 'The job failed', message, fields: [] } });
        }
      });
      stopSubscription = () => subscription.unsubscribe();
      timer = window.setTimeout(() => {
        finish({
          worker: 'failed',
          problem: { code: 'NETWORK', title: 'No answer in time', message: 'The job did not finish within 20 seconds. Is a worker running?', fields: [] },
        });
      }, TIMEOUT_MS);
    });

  function finish(patch: Partial<CheckState>) {
    stop();
    report(patch);
  }

  function stop() {
    stopped = true;
    window.clearTimeout(timer);
    stopSubscription();
  }

  return stop;
}

function StepIcon({ state }: { state: StepState }) {
  if (state === 'running') return <Loader size={16} aria-label="Checking" />;
  if (state === 'waiting') return <ThemeIcon size={18} radius="xl" variant="light" color="gray" aria-label="Waiting" />;
  const ok = state === 'ok';
  return (
    <ThemeIcon size={18} radius="xl" color={ok ? 'teal' : 'red'} aria-label={ok ? 'Passed' : 'Failed'}>
      {ok ? <IconCheck size={12} /> : <IconX size={12} />}
    </ThemeIcon>
  );
}

/** Mounted while open; each round (the first, then every "Check again") runs the check anew. */
export function ConnectionCheck({ onClose }: { onClose: () => void }) {
  const client = useClient();
  const [round, setRound] = useState(0);
  const [check, setCheck] = useState<CheckState>(START);

  useEffect(() => startCheck(client, (patch) => setCheck((previous) => ({ ...previous, ...patch }))), [client, round]);

  const finished = check.worker === 'ok' || check.problem !== null;
  const again = () => {
    setCheck(START);
    setRound((value) => value + 1);
  };
  return (
    <Modal opened onClose={onClose} title="Connection check" centered>
      <Stack gap="md">
        <List spacing="sm" center>
          <List.Item icon={<StepIcon state={check.api} />}>API answers a signed-in request</List.Item>
          <List.Item icon={<StepIcon state={check.live} />}>Live updates arrive over the socket</List.Item>
          <List.Item icon={<StepIcon state={check.worker} />}>A background worker finishes a job</List.Item>
        </List>
        <Text size="sm" c={check.problem ? 'red' : 'dimmed'} role="status">
          {check.problem
            ? `${check.problem.title}: ${check.problem.message}`
            : check.elapsedMs !== null
              ? `Everything answered, in ${check.elapsedMs} ms.`
              : 'Checking…'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={again} disabled={!finished}>
            Check again
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
