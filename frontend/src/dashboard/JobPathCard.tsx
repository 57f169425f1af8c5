import { Anchor, Button, Card, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconPlayerPlay } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { resultsSearch } from '../datasets/workspaceParams';
import { EstimateEvalRunMutation, StartEvalRunMutation } from '../evals/operations';
import { reviewPath } from '../review/reviewParams';
import { useDatasetQueue } from '../review/useQueueCounts';
import { useViewer } from '../session/SessionProvider';
import { agentsName, casesSentence, comparisonSentence, type PathRun, reviewSentence, runSentence } from './jobPath';

export function datasetPath(datasetId: string, search = '?tab=cases'): string {
  return `/datasets/${encodeURIComponent(datasetId)}${search}`;
}

function evalRunPath(datasetId: string, runId: string): string {
  return datasetPath(datasetId, resultsSearch({ run: runId }));
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <List.Item
      icon={
        <ThemeIcon size={26} radius="xl" variant="light" aria-hidden>
          <Text size="sm" fw={700}>
            {number}
          </Text>
        </ThemeIcon>
      }
    >
      <Stack gap={2}>
        <Text fw={600}>{title}</Text>
        {children}
      </Stack>
    </List.Item>
  );
}

/**
 * "Run it again": the same agents on the newest version of the same
 * dataset, compared with the run shown. When it costs nothing (an agent of
 * your own code, no judge) it starts at once and opens the run's live page;
 * otherwise the start dialog opens with its estimate, as Run evals does.
 */
function useRunAgain(run: PathRun): { start: () => void; starting: boolean; problem: ApiProblem | null } {
  const navigate = useNavigate();
  const [, estimate] = useMutation(EstimateEvalRunMutation);
  const [, startRun] = useMutation(StartEvalRunMutation);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const start = () => {
    setStarting(true);
    setProblem(null);
    void (async () => {
      const input = { datasetId: run.dataset.id, agentIds: [...new Set(run.agents.map((a) => a.agentId))].sort(), baselineRunId: run.id };
      const estimated = await estimate({ input });
      const found = estimated.data?.estimateEvalRun;
      if (!found) {
        setProblem(problemFrom(estimated.error));
        setStarting(false);
        return;
      }
      const free = (found.judgeCostUsd ?? 0) === 0 && found.agents.every((a) => (a.costUsd ?? 0) === 0);
      if (!free) {
        navigate(datasetPath(run.dataset.id, resultsSearch({ startEval: true })));
        return;
      }
      const started = await startRun({ input, confirmation: found.confirmation });
      const newRun = started.data?.startEvalRun;
      if (!newRun) {
        setProblem(problemFrom(started.error));
        setStarting(false);
        return;
      }
      navigate(evalRunPath(run.dataset.id, newRun.id));
    })();
  };
  return { start, starting, problem };
}

function PathSteps({ run }: { run: PathRun }) {
  const queue = useDatasetQueue(run.dataset.id);
  const waiting = queue.counts?.waiting ?? 0;
  const againstBefore = comparisonSentence(run);
  const again = useRunAgain(run);
  const mayRun = useViewer().permissions.includes('datasets:run');
  return (
    <List spacing="md" center={false} listStyleType="none" aria-label="The job, step by step">
      <Step number={1} title="The cases">
        <Text size="sm" c="dimmed">
          The questions your agent must get right, each with what a right answer holds: {casesSentence(run)}.
        </Text>
        <Anchor component={Link} to={datasetPath(run.dataset.id)} size="sm" data-testid="path-cases">
          See the cases
        </Anchor>
      </Step>
      <Step number={2} title="The latest run and its comparison">
        <Text size="sm" c="dimmed" data-testid="path-run-sentence">
          {agentsName(run)}: {runSentence(run)}
          {againstBefore ? `; ${againstBefore}` : ''}.
        </Text>
        <Anchor component={Link} to={evalRunPath(run.dataset.id, run.id)} state={{ evalRunPart: 'comparison' }} size="sm" data-testid="path-run">
          Open the run and its comparison
        </Anchor>
      </Step>
      <Step number={3} title="The waiting review">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="path-review-sentence">
          {queue.counts ? reviewSentence(waiting) : 'Reading the review queue…'}: a person decides what a regression means before it counts.
        </Text>
        <Anchor component={Link} to={reviewPath(run.dataset.id)} size="sm" data-testid="path-review">
          Review the answers
        </Anchor>
      </Step>
      <Step number={4} title="Run it again">
        <Text size="sm" c="dimmed">
          After a change to the agent, the same cases again, compared with this run as it goes.
        </Text>
        {again.problem && <ProblemAlert problem={again.problem} title="The run could not start" />}
        <Group>
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            onClick={again.start}
            loading={again.starting}
            disabled={!mayRun}
            title={mayRun ? undefined : 'Starting a run needs the datasets:run permission'}
          >
            Run it again
          </Button>
        </Group>
      </Step>
    </List>
  );
}

/**
 * The job Casebook is for, walked in four clicks on the newest eval run the
 * reader can see: its cases, the run and its comparison, what waits for
 * review, and a new run.
 */
export function JobPathCard({ run }: { run: PathRun }) {
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="job-path-title" data-testid="job-path-card">
      <Title order={2} size="h4" id="job-path-title" mb="xs">
        Did the change make the agent better or worse?
      </Title>
      <Text size="sm" mb="md">
        Casebook keeps the cases your agent must get right, runs each version of the agent on them, compares the runs case by case, and sends what got worse to a person to decide.
      </Text>
      <PathSteps run={run} />
      <Group justify="flex-end" mt="sm">
        <Anchor component={Link} to={datasetPath(run.dataset.id, resultsSearch())} size="sm">
          All test runs <IconArrowRight size={12} aria-hidden />
        </Anchor>
      </Group>
    </Card>
  );
}
