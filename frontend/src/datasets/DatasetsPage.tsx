import { EmptyState, Paper } from '@mantine/core';
import { IconDatabase } from '@tabler/icons-react';
import { useViewer } from '../session/SessionProvider';
import { PageHeader } from '../shell/PageHeader';

/**
 * The Datasets section: the list of the organization's datasets goes here,
 * with Create beside it, once the API serves datasets.
 */
export function DatasetsPage() {
  const viewer = useViewer();
  return (
    <>
      <PageHeader
        title="Datasets"
        description={`The questions ${viewer.organization.name}'s agents are tested on, as versioned cases.`}
      />
      <Paper withBorder radius="md" py={56} px="xl">
        <EmptyState
          icon={<IconDatabase size={28} stroke={1.5} />}
          variant="light"
          title="No datasets yet"
          description="Datasets hold cases written by hand, imported from CSV or JSONL, or taken from a rated answer. The ones you create or that are shared with you appear here."
        />
      </Paper>
    </>
  );
}
