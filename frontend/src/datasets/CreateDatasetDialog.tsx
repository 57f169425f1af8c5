import { useMutation } from 'urql';
import { CreateSharedDialog, type SharedResourceWords } from '../sharing/CreateSharedDialog';
import { CreateDatasetMutation } from './operations';

const WORDS: SharedResourceWords = {
  noun: 'dataset',
  namePlaceholder: 'Refund questions',
  describes: 'What the dataset tests, for the next person who opens it.',
  privateMeans:
    'A private dataset is visible to you and the people you share it with. Otherwise everyone in the organization can see it; you can change this later.',
};

/** Create: a name, a description and whether it starts private. The new dataset opens at once. */
export function CreateDatasetDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const [, createDataset] = useMutation(CreateDatasetMutation);
  return (
    <CreateSharedDialog
      opened={opened}
      onClose={onClose}
      onCreated={onCreated}
      words={WORDS}
      create={async (input) => {
        const result = await createDataset({ input }, { additionalTypenames: ['Dataset', 'DatasetConnection'] });
        return { id: result.data?.createDataset.dataset?.id, error: result.error };
      }}
    />
  );
}
