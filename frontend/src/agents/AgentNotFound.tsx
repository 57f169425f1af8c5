import { Button, EmptyState, Paper, Stack } from '@mantine/core';
import { IconRobotOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ApiProblem } from '../api/errors';
import { PageHeader } from '../shell/PageHeader';

/** An agent that could not be opened: not found (or not yours to see), or another problem in its words. */
export function AgentNotFound({ problem }: { problem: ApiProblem }) {
  const notFound = problem.code === 'NOT_FOUND';
  return (
    <Stack>
      <PageHeader title={notFound ? 'Agent not found' : problem.title} />
      <Paper withBorder radius="md" py={48} px="xl">
        <EmptyState
          icon={<IconRobotOff size={28} stroke={1.5} />}
          title={notFound ? 'No agent you can open lives here' : problem.title}
          description={notFound ? 'It may have been deleted, or it is private and not shared with you.' : problem.message}
        >
          <EmptyState.Actions>
            <Button component={Link} to="/agents">
              Go to Agents
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Stack>
  );
}
