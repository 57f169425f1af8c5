import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useMutation } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { DeleteDatasetMutation } from './operations';
import { countOf } from '../common/count';

/** Delete, after saying what goes with it: every version and case. */
export function DeleteDatasetDialog({
  dataset,
  caseCount,
  onClose,
  onDeleted,
}: {
  dataset: { id: string; name: string; latestVersion: number };
  caseCount: number;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [, deleteDataset] = useMutation(DeleteDatasetMutation);
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    const result = await deleteDataset({ id: dataset.id }, { additionalTypenames: ['Dataset', 'DatasetConnection'] });
    setDeleting(false);
    if (!result.data) {
      setProblem(problemFrom(result.error));
      return;
    }
    onDeleted();
  };

  const versions = countOf(dataset.latestVersion, 'version', 'versions');
  return (
    <Modal opened onClose={onClose} title={`Delete “${dataset.name}”?`} size="md">
      <Stack gap="md">
        {problem && <ProblemAlert problem={problem} title="Could not delete the dataset" />}
        <Text size="sm">
          {dataset.latestVersion === 0
            ? 'The dataset has no cases yet.'
            : `Its ${versions} and the ${caseCount === 1 ? 'case' : `${caseCount} cases`} of the newest go with it.`}{' '}
          This cannot be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Keep it
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={deleting}>
            Delete dataset
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
