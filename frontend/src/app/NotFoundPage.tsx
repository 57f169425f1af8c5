import { Button, EmptyState, Paper } from '@mantine/core';
import { IconMapQuestion } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../shell/PageHeader';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" />
      <Paper withBorder radius="md" py={48} px="xl">
        <EmptyState
          icon={<IconMapQuestion size={28} stroke={1.5} />}
          title="Nothing lives at this address"
          description="The link may be old, or the page may have moved."
        >
          <EmptyState.Actions>
            <Button component={Link} to="/datasets">
              Go to Datasets
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </>
  );
}
