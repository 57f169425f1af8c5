import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { type ApiProblem, problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import type { KnowledgeBaseHeaderFieldsFragment, KnowledgeDocumentFieldsFragment } from '../gql/graphql';
import { SharingDialog, type SharingWords } from '../sharing/SharingDialog';
import {
  DeleteKnowledgeBaseMutation,
  DeleteKnowledgeDocumentMutation,
  KnowledgeBaseSharingQuery,
  RevokeKnowledgeBaseGrantMutation,
  SetKnowledgeBaseVisibilityMutation,
  ShareKnowledgeBaseMutation,
} from './operations';

const KNOWLEDGE_WORDS: SharingWords = {
  whenPrivate: 'Only its owner, the people below and members whose role reads every agent can read it.',
  whenShared: (organization) => `Everyone in ${organization} who may read agents can read it; the people below get what their grant adds.`,
  levels: 'Read lets a member read its documents and passages, search it and attach it to an agent; edit also lets them rename it, upload and delete documents, share and delete it. Both follow the member’s role for agents.',
  legacyUse: 'A use grant gives nothing on a knowledge base; it is kept until you remove it.',
  what: 'this knowledge base',
};

/** A knowledge base's access, in the dialog every shared resource uses. */
export function KnowledgeShareDialog({ base, canChange, onClose }: { base: KnowledgeBaseHeaderFieldsFragment; canChange: boolean; onClose: () => void }) {
  const [{ data, fetching, error }, refetch] = useQuery({ query: KnowledgeBaseSharingQuery, variables: { id: base.id }, requestPolicy: 'network-only' });
  const [, setVisibility] = useMutation(SetKnowledgeBaseVisibilityMutation);
  const [, share] = useMutation(ShareKnowledgeBaseMutation);
  const [, revoke] = useMutation(RevokeKnowledgeBaseGrantMutation);
  return (
    <SharingDialog
      name={base.name}
      canChange={canChange}
      words={KNOWLEDGE_WORDS}
      onClose={onClose}
      controls={{
        state: data?.knowledgeBase ?? null,
        members: data?.members ?? [],
        loading: fetching,
        loadError: error,
        setVisibility: (visibility) => setVisibility({ id: base.id, visibility }, { additionalTypenames: ['KnowledgeBase'] }),
        share: (userId, level) => share({ id: base.id, userId, level }),
        revoke: (userId) => revoke({ id: base.id, userId }),
        reload: () => refetch({ requestPolicy: 'network-only' }),
      }}
    />
  );
}

/** A confirmation that says what goes and what stays, then deletes. */
function ConfirmDeleteDialog({
  title,
  explanation,
  action,
  failure,
  onConfirm,
  onClose,
}: {
  title: string;
  explanation: string;
  action: string;
  failure: string;
  onConfirm: () => Promise<ApiProblem | null>;
  onClose: () => void;
}) {
  const [problem, setProblem] = useState<ApiProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const refused = await onConfirm();
    setBusy(false);
    setProblem(refused);
  };
  return (
    <Modal opened onClose={onClose} title={title} size="md">
      <Stack gap="md">
        {problem && <ProblemAlert problem={problem} title={failure} />}
        <Text size="sm">{explanation}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Keep it
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy}>
            {action}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Delete a base: its documents and passages go; agent versions that used it stay as they were. */
export function DeleteKnowledgeBaseDialog({ base, documentCount, onClose, onDeleted }: { base: KnowledgeBaseHeaderFieldsFragment; documentCount: number | null; onClose: () => void; onDeleted: () => void }) {
  const [, deleteBase] = useMutation(DeleteKnowledgeBaseMutation);
  const documents = documentCount === null ? 'Its documents' : documentCount === 1 ? 'Its one document' : `Its ${documentCount} documents`;
  return (
    <ConfirmDeleteDialog
      title={`Delete “${base.name}”?`}
      explanation={`${documents} and every passage go with it. Agent versions that used it stay as they were, counting it as one they cannot read. This cannot be undone.`}
      action="Delete knowledge base"
      failure="Could not delete the knowledge base"
      onClose={onClose}
      onConfirm={async () => {
        const result = await deleteBase({ id: base.id }, { additionalTypenames: ['KnowledgeBase', 'KnowledgeBaseConnection'] });
        if (!result.data) return problemFrom(result.error);
        onDeleted();
        return null;
      }}
    />
  );
}

/** Delete one document and its passages; search stops finding them at once. */
export function DeleteDocumentDialog({ document, onClose }: { document: KnowledgeDocumentFieldsFragment; onClose: () => void }) {
  const [, deleteDocument] = useMutation(DeleteKnowledgeDocumentMutation);
  return (
    <ConfirmDeleteDialog
      title={`Delete “${document.title}”?`}
      explanation={`Its ${document.passageCount === 1 ? 'passage goes' : `${document.passageCount} passages go`} with it, and search stops finding them. This cannot be undone.`}
      action="Delete document"
      failure="Could not delete the document"
      onClose={onClose}
      onConfirm={async () => {
        const result = await deleteDocument({ id: document.id }, { additionalTypenames: ['KnowledgeDocument', 'KnowledgeDocumentConnection', 'KnowledgeSearchHitConnection'] });
        if (!result.data) return problemFrom(result.error);
        onClose();
        return null;
      }}
    />
  );
}
