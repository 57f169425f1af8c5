import { Alert, Stack, Text } from '@mantine/core';
import { IconCode } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useQuery } from 'urql';
import { resumeCommand } from '../agents/localCommands';
import { CommandLine } from '../common/CommandLine';
import { formatExact } from '../common/time';
import type { EvalClientWorkFieldsFragment, EvalRunStatus } from '../gql/graphql';
import { useSession } from '../session/SessionProvider';
import { clientWorkWords } from './clientWork';
import { EvalRunClientWorkQuery } from './operations';
import { isOver } from './progress';

const REREAD_MS = 3_000;

/** What the panel shows, given the work as last read: its words and the command that answers the run. */
export function ClientWorkView({
  runId,
  work,
  status,
  apiUrl,
  now,
}: {
  runId: string;
  work: EvalClientWorkFieldsFragment | null | undefined;
  status: EvalRunStatus;
  apiUrl: string | null;
  now?: Date;
}) {
  const words = clientWorkWords(work, status, now);
  if (!words || !work) return null;
  return (
    <Alert color={words.stage === 'answering' ? 'teal' : 'blue'} variant="light" icon={<IconCode size={18} aria-hidden />} title={words.title} role="region" data-testid="client-work" data-stage={words.stage}>
      <Stack gap="xs">
        <Text size="sm" data-testid="client-work-counts" title={work.lastSeenAt ? `Last seen ${formatExact(work.lastSeenAt)}` : undefined}>
          {words.counts}
        </Text>
        <Text size="sm">{words.next}</Text>
        <CommandLine label="Answer this run from your code" command={resumeCommand({ runId, apiUrl })} testId="resume-command" />
      </Stack>
    </Alert>
  );
}

/**
 * A run with a local agent, while it is active: what waits for your code, what
 * clients hold and when one was last seen, read again every few seconds, with
 * the command that answers the run. Nothing once the run has ended.
 */
export function ClientWorkPanel({ runId, initial, status }: { runId: string; initial: EvalClientWorkFieldsFragment | null | undefined; status: EvalRunStatus }) {
  const { apiUrl } = useSession();
  const following = !isOver(status) && initial !== null && initial !== undefined;
  const [{ data }, reread] = useQuery({ query: EvalRunClientWorkQuery, variables: { id: runId }, pause: !following });
  useEffect(() => {
    if (!following) return;
    const timer = window.setInterval(() => reread({ requestPolicy: 'network-only' }), REREAD_MS);
    return () => window.clearInterval(timer);
  }, [following, reread]);
  return <ClientWorkView runId={runId} work={data?.evalRun.clientWork ?? initial} status={status} apiUrl={apiUrl} />;
}
