import { ActionIcon, Anchor, Breadcrumbs, Button, Card, Center, EmptyState, Group, Loader, Menu, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconLock, IconMessageOff, IconRobot, IconScale } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import { notifyProblem } from '../api/ProblemAlert';
import { AddToDatasetButton } from '../addToDataset/AddToDatasetButton';
import { agentPath } from '../agents/paths';
import { formatExact } from '../common/time';
import type { RatingValue, RunQuery as RunQueryResult } from '../gql/graphql';
import { RatingButtons, RatingsList } from '../runs/Ratings';
import { RunSteps } from '../runs/RunSteps';
import { ScoreRunDialog } from '../scoreRun/ScoreRunDialog';
import { useViewer } from '../session/SessionProvider';
import { ThumbsDownDialog } from '../runs/ThumbsDownDialog';
import { useRating } from '../runs/useRating';
import { PageHeader } from '../shell/PageHeader';
import classes from '../thread/Thread.module.css';
import { activitySearch, type ActivityParams } from './activityParams';
import { RunFlags } from './RunFlags';
import { DatasetTargetBanner } from './DatasetTargetBanner';
import { RunQuery } from './operations';
import { formatCost, formatLatency } from './runWords';
import { useActivityParams } from './useActivityParams';
import { PageTitle } from '../shell/pageTitle';

type RunDetail = RunQueryResult['run'];

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {value}
      </Text>
    </Stack>
  );
}

function RunFacts({ run }: { run: RunDetail }) {
  const tokens = run.inputTokens != null || run.outputTokens != null ? `${run.inputTokens ?? 0} in · ${run.outputTokens ?? 0} out` : '—';
  return (
    <Card withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
        <Fact
          label="Agent"
          value={
            run.agent ? (
              <Anchor component={Link} to={agentPath(run.agent.id, run.agentVersionNumber ? `?version=${run.agentVersionNumber}` : '')} size="sm">
                {run.agentName}
                {run.agentVersionNumber ? ` · v${run.agentVersionNumber}` : ''}
              </Anchor>
            ) : (
              `${run.agentName}${run.agentVersionNumber ? ` · v${run.agentVersionNumber}` : ''}`
            )
          }
        />
        <Fact label="Model" value={run.model ?? '—'} />
        <Fact label="Started" value={formatExact(run.startedAt) || '—'} />
        <Fact label="Cost" value={formatCost(run.costUsd)} />
        <Fact label="Time" value={formatLatency(run.latencyMs) || '—'} />
        <Fact label="Tokens" value={tokens} />
      </SimpleGrid>
    </Card>
  );
}

/** Your own rating of a run: thumbs up at once; thumbs down asks what went wrong; yours again removes it. */
function RateRun({ run }: { run: RunDetail }) {
  const rating = useRating(run.id);
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const mine = run.viewerRating?.value ?? null;

  const onRate = async (value: RatingValue) => {
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
  };

  return (
    <>
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Your rating
        </Text>
        <RatingButtons value={mine} busy={rating.busy} counts={run.ratingSummary} onRate={(value) => void onRate(value)} />
      </Group>
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

function Conversation({ run }: { run: RunDetail }) {
  const conversation = run.conversation;
  const who = conversation.ownedByViewer ? 'you' : conversation.owner ? conversation.owner.name || conversation.owner.email : conversation.endUser ?? 'someone';
  return (
    <Group gap={6}>
      {conversation.visibility === 'PRIVATE' && <IconLock size={14} aria-hidden />}
      <Text size="sm" c="dimmed">
        In “{conversation.title}”, a {conversation.visibility === 'PRIVATE' ? 'private ' : ''}conversation with {who}
        {run.questionMessage && run.questionMessage.position > 1 ? `; ${run.questionMessage.position - 1} earlier turns came before this question` : ''}.
      </Text>
    </Group>
  );
}

function RunView({ run, params }: { run: RunDetail; params: ActivityParams }) {
  const back = `/activity${activitySearch(params)}`;
  const permissions = useViewer().permissions;
  const mayScore = permissions.includes('runs:view') && permissions.includes('datasets:run');
  const [scoring, setScoring] = useState(false);
  return (
    <>
      <Breadcrumbs separatorMargin={6} mb="xs">
        <Anchor component={Link} to={back} size="sm">
          Activity
        </Anchor>
        <Text size="sm" c="dimmed">
          Run
        </Text>
      </Breadcrumbs>
      {params.datasetId && <DatasetTargetBanner datasetId={params.datasetId} />}
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="md">
        <Stack gap={6} miw={0}>
          <PageTitle title={run.question ?? 'A reply with no question before it'} />
          <Title order={1} fz="h2" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {run.question ?? 'A reply with no question before it'}
          </Title>
          <Conversation run={run} />
          <RunFlags run={run} />
        </Stack>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label="More run actions">
              <IconDots size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {mayScore && (
              <Menu.Item leftSection={<IconScale size={16} aria-hidden />} onClick={() => setScoring(true)}>
                Score against a case
              </Menu.Item>
            )}
            {run.agent && (
              <Menu.Item component={Link} to={agentPath(run.agent.id)} leftSection={<IconRobot size={16} aria-hidden />}>
                Open the agent
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {scoring && <ScoreRunDialog runId={run.id} onClose={() => setScoring(false)} />}
      <Stack gap="lg">
        <RunFacts run={run} />
        <Paper withBorder radius="md" p="lg" component="section" aria-label="Question and reply">
          <div className={classes.thread}>
            {run.question != null && (
              <div className={`${classes.bubble} ${classes.user}`} role="group" aria-label="Question">
                {run.question}
              </div>
            )}
            <RunSteps
              steps={run.steps}
              status={run.status}
              error={run.error}
              agentName={run.agentName}
              afterLastStep={run.question != null ? <AddToDatasetButton runId={run.id} targetDatasetId={params.datasetId} /> : undefined}
            />
          </div>
        </Paper>
        <Card withBorder radius="md" p="lg" component="section" aria-label="Ratings">
          <Stack gap="md">
            <RateRun run={run} />
            <RatingsList ratings={run.ratings} />
          </Stack>
        </Card>
      </Stack>
    </>
  );
}

/** A run's detail (`/activity/runs/:runId`): the question, every step of the reply, its facts and ratings. */
export function RunDetailPage() {
  const { runId = '' } = useParams();
  const { params } = useActivityParams();
  const [{ data, error }] = useQuery({ query: RunQuery, variables: { id: runId } });
  if (data?.run) return <RunView key={data.run.id} run={data.run} params={params} />;
  const problem = problemFrom(error);
  if (!problem) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the run" />
      </Center>
    );
  }
  const notFound = problem.code === 'NOT_FOUND';
  return (
    <Stack>
      <PageHeader title={notFound ? 'Run not found' : problem.title} />
      <Paper withBorder radius="md" py={48} px="xl">
        <EmptyState
          icon={<IconMessageOff size={28} stroke={1.5} />}
          title={notFound ? 'No run you can read lives here' : problem.title}
          description={notFound ? 'It may have been removed, or it belongs to a conversation you may not open.' : problem.message}
        >
          <EmptyState.Actions>
            <Button component={Link} to={`/activity${activitySearch(params)}`}>
              Go to Activity
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Stack>
  );
}
