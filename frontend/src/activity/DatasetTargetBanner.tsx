import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArrowBackUp, IconDatabasePlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { TargetDatasetQuery } from './operations';

export function datasetCasesPath(datasetId: string, caseId?: string): string {
  return `/datasets/${encodeURIComponent(datasetId)}?tab=cases${caseId ? `&case=${encodeURIComponent(caseId)}` : ''}`;
}

/** Activity opened from a dataset's **Add from Activity**: which dataset Add to dataset adds to, and the way back to it. */
export function DatasetTargetBanner({ datasetId }: { datasetId: string }) {
  const [{ data, error }] = useQuery({ query: TargetDatasetQuery, variables: { id: datasetId } });
  const problem = problemFrom(error);
  if (problem) {
    return (
      <Alert color="yellow" variant="light" mb="md" title="The dataset to add to cannot be opened">
        {problem.code === 'NOT_FOUND' ? 'It may have been deleted, or it is not shared with you. Add to dataset asks which dataset to add to instead.' : problem.message}
      </Alert>
    );
  }
  const dataset = data?.dataset;
  if (!dataset) return null;
  return (
    <Alert color="casebook" variant="light" mb="md" icon={<IconDatabasePlus size={18} aria-hidden />} title={`Adding to “${dataset.name}”`} role="region" aria-label="Dataset to add to">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {dataset.viewerCan.edit
            ? 'Open a run and choose Add to dataset on its reply: the answer is added to this dataset as a new version.'
            : 'You may read this dataset but not add to it.'}
        </Text>
        <Button size="xs" variant="default" component={Link} to={datasetCasesPath(dataset.id)} leftSection={<IconArrowBackUp size={14} aria-hidden />}>
          Back to “{dataset.name}”
        </Button>
      </Group>
    </Alert>
  );
}
