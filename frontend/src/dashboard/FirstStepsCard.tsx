import { Anchor, Card, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { resultsSearch } from '../datasets/workspaceParams';
import { firstSteps, type FirstStep } from './jobPath';
import { datasetPath } from './JobPathCard';
import { DashboardFirstStepsQuery } from './operations';

const LINKS: Record<FirstStep['id'], string> = {
  dataset: 'Go to Datasets',
  agent: 'Add an agent',
  run: 'Start a run',
};

/** A new organization's first steps: a dataset, a model or an agent, a run - each ticked once done. */
export function FirstStepsCard() {
  const [{ data }] = useQuery({ query: DashboardFirstStepsQuery, requestPolicy: 'cache-and-network' });
  const firstDataset = data?.datasets.edges[0]?.node.id ?? null;
  const steps = firstSteps({
    datasets: data?.datasets.totalCount ?? 0,
    agents: data?.agents.totalCount ?? 0,
    modelConnections: data?.modelConnections.length ?? 0,
    runs: 0,
  });
  const to: Record<FirstStep['id'], string> = {
    dataset: '/datasets',
    agent: '/agents/new',
    run: firstDataset ? datasetPath(firstDataset, resultsSearch({ startEval: true })) : '/datasets',
  };
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="first-steps-title" data-testid="first-steps-card">
      <Title order={2} size="h4" id="first-steps-title" mb="xs">
        First steps
      </Title>
      <Text size="sm" mb="md">
        Casebook tells you whether a change made your agent better or worse: it keeps the cases the agent must get right, runs each version on them and compares the runs case by case.
      </Text>
      <List spacing="md" listStyleType="none" aria-label="First steps">
        {steps.map((step, index) => (
          <List.Item
            key={step.id}
            data-testid={`first-step-${step.id}`}
            icon={
              <ThemeIcon size={26} radius="xl" variant="light" color={step.done ? 'teal' : 'blue'} aria-hidden>
                {step.done ? (
                  <IconCheck size={16} />
                ) : (
                  <Text size="sm" fw={700}>
                    {index + 1}
                  </Text>
                )}
              </ThemeIcon>
            }
          >
            <Stack gap={2}>
              <Text fw={600}>
                {step.title}
                {step.done ? ' (done)' : ''}
              </Text>
              <Text size="sm" c="dimmed">
                {step.description}
              </Text>
              {!step.done && (
                <Anchor component={Link} to={to[step.id]} size="sm">
                  {LINKS[step.id]}
                </Anchor>
              )}
            </Stack>
          </List.Item>
        ))}
      </List>
    </Card>
  );
}
