import { useMutation } from 'urql';
import type { DatasetHeaderFieldsFragment } from '../gql/graphql';
import { EditSharedDetailsDialog } from '../sharing/EditSharedDetailsDialog';
import { UpdateDatasetDetailsMutation } from './operations';

const WORDS = {
  noun: 'dataset',
  note: 'Renaming or describing the dataset changes no case, so it creates no new version.',
};

/** **Edit details** of a dataset: neither its name nor its description changes a case, so a save creates no version. */
export function EditDetailsDialog({ dataset, onClose }: { dataset: DatasetHeaderFieldsFragment; onClose: () => void }) {
  const [, updateDetails] = useMutation(UpdateDatasetDetailsMutation);
  return (
    <EditSharedDetailsDialog
      resource={dataset}
      guardId={`dataset-details:${dataset.id}`}
      words={WORDS}
      update={async (details) => {
        const result = await updateDetails({ input: { id: dataset.id, ...details } });
        return { saved: Boolean(result.data), error: result.error };
      }}
      onClose={onClose}
    />
  );
}
