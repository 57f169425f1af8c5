import { Button, EmptyState, Paper, Stack } from '@mantine/core';
import { IconBooksOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ApiProblem } from '../api/errors';
import { PageHeader } from '../shell/PageHeader';

/** A knowledge base that could not be opened: not found (or not yours to read), or another problem in its words. */
export function KnowledgeBaseNotFound({ problem }: { problem: ApiProblem }) {
  const notFound = problem.code === 'NOT_FOUND';
  return (
    <Stack>
      <PageHeader title={notFound ? 'Knowledge base not found' : problem.title} />
      <Paper withBorder radius="md" py={48} px="xl">
        <EmptyState
          icon={<IconBooksOff size={28} stroke={1.5} />}
          title={notFound ? 'No knowledge base you can open lives here' : problem.title}
          description={notFound ? 'It may have been deleted, or it is private and not shared with you.' : problem.message}
        >
          <EmptyState.Actions>
            <Button component={Link} to="/knowledge">
              Go to Knowledge
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Stack>
  );
}
