import { useMutation } from 'urql';
import type { KnowledgeBaseHeaderFieldsFragment } from '../gql/graphql';
import { EditSharedDetailsDialog } from '../sharing/EditSharedDetailsDialog';
import { UpdateKnowledgeBaseMutation } from './operations';

const WORDS = { noun: 'knowledge base' };

/** **Edit details** of a knowledge base: its name and description. */
export function EditKnowledgeBaseDialog({ base, onClose }: { base: KnowledgeBaseHeaderFieldsFragment; onClose: () => void }) {
  const [, updateBase] = useMutation(UpdateKnowledgeBaseMutation);
  return (
    <EditSharedDetailsDialog
      resource={base}
      guardId={`knowledge-base-details:${base.id}`}
      words={WORDS}
      update={async (details) => {
        const result = await updateBase({ input: { id: base.id, ...details } });
        return { saved: Boolean(result.data), error: result.error };
      }}
      onClose={onClose}
    />
  );
}
