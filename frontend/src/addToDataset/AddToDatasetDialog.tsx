import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { AddedAlert, AddRefusedAlert } from './AddedMessage';
import { AddToDatasetFields } from './AddToDatasetFields';
import type { AddOutcome } from './twoWrites';
import { type AddToDatasetOptions, useAddToDataset } from './useAddToDataset';

/**
 * Add to dataset for one reply, from Activity or the chat's thumbs-up: choose
 * the dataset, what the answer is kept as and whether the conversation comes
 * too, see the case, add it. The dialog then says where it went and opens it.
 */
export function AddToDatasetDialog({ onClose, ...options }: AddToDatasetOptions & { onClose: () => void }) {
  const state = useAddToDataset(options);
  const [outcome, setOutcome] = useState<AddOutcome | null>(null);
  const added = outcome?.ok ? outcome : null;
  return (
    <Modal opened onClose={onClose} title="Add to dataset" size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (added) return;
          void state.add().then(setOutcome);
        }}
      >
        <Stack gap="md">
          {added ? (
            <AddedAlert outcome={added} backToTarget={options.targetDatasetId === added.added.datasetId} />
          ) : (
            <>
              {outcome && !outcome.ok && <AddRefusedAlert refused={outcome.refused} datasetId={state.datasetId} />}
              <AddToDatasetFields state={state} />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={state.busy}>
              {added ? 'Close' : 'Cancel'}
            </Button>
            {!added && (
              <Button type="submit" loading={state.busy} disabled={!state.ready || !state.draft}>
                Add to dataset
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
