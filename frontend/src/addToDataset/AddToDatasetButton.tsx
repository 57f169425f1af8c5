import { Button } from '@mantine/core';
import { IconDatabasePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useViewer } from '../session/SessionProvider';
import { AddToDatasetDialog } from './AddToDatasetDialog';

/** Whether this member may add to a dataset at all: Add to dataset is shown only to them. */
export function useMayAddToDataset(): boolean {
  return useViewer().permissions.includes('datasets:edit');
}

/** Activity's Add to dataset, once per reply, under its last step. */
export function AddToDatasetButton({ runId, targetDatasetId }: { runId: string; targetDatasetId: string | null }) {
  const [open, setOpen] = useState(false);
  if (!useMayAddToDataset()) return null;
  return (
    <>
      <Button variant="light" size="xs" leftSection={<IconDatabasePlus size={14} aria-hidden />} onClick={() => setOpen(true)} w="fit-content">
        Add to dataset
      </Button>
      {open && <AddToDatasetDialog runId={runId} targetDatasetId={targetDatasetId} onClose={() => setOpen(false)} />}
    </>
  );
}
