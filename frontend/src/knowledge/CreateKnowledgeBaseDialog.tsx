import { useMutation } from 'urql';
import { CreateSharedDialog, type SharedResourceWords } from '../sharing/CreateSharedDialog';
import { CreateKnowledgeBaseMutation } from './operations';

const WORDS: SharedResourceWords = {
  noun: 'knowledge base',
  namePlaceholder: 'Return policies',
  describes: 'What its documents cover, for the people choosing it for an agent.',
  privateMeans:
    'A private knowledge base is visible to you and the people you share it with. Otherwise everyone in the organization can read it; you can change this later.',
};

/** Create: a name, a description and whether it starts private. The new base opens at once, ready for documents. */
export function CreateKnowledgeBaseDialog({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const [, createBase] = useMutation(CreateKnowledgeBaseMutation);
  return (
    <CreateSharedDialog
      opened={opened}
      onClose={onClose}
      onCreated={onCreated}
      words={WORDS}
      create={async (input) => {
        const result = await createBase({ input }, { additionalTypenames: ['KnowledgeBase', 'KnowledgeBaseConnection'] });
        return { id: result.data?.createKnowledgeBase.knowledgeBase?.id, error: result.error };
      }}
    />
  );
}
