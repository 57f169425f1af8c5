import { ActionIcon, Anchor, Loader, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import { formatExact, formatWhen } from '../common/time';
import type { KnowledgeDocumentFieldsFragment } from '../gql/graphql';
import { documentKindWords, formatBytes } from './documentFile';
import { DeleteDocumentDialog } from './KnowledgeDialogs';
import { KnowledgeDocumentsQuery } from './operations';

const PAGE_SIZE = 25;

/** A base's documents, newest first; a title opens its passages. */
export function DocumentsTable({ baseId, canEdit, onOpen }: { baseId: string; canEdit: boolean; onOpen: (documentId: string) => void }) {
  const pages = useKeysetPages(baseId);
  const [deleting, setDeleting] = useState<KnowledgeDocumentFieldsFragment | null>(null);
  const [{ data, error }] = useQuery({ query: KnowledgeDocumentsQuery, variables: { id: baseId, first: PAGE_SIZE, after: pages.after } });
  const problem = problemFrom(error);
  if (problem) return <ProblemAlert problem={problem} />;
  if (!data) return <Loader size="sm" aria-label="Loading documents" />;
  const connection = data.knowledgeBase.documents;
  const documents = connection.edges.map((edge) => edge.node);
  if (documents.length === 0 && pages.pageIndex === 0) {
    return (
      <Text size="sm" c="dimmed">
        No documents yet. {canEdit ? 'Upload a .txt or .md file above; it is split into passages that search finds.' : 'Someone who may edit it can upload some.'}
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" highlightOnHover aria-label="Documents">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th w={110}>Kind</Table.Th>
              <Table.Th w={100}>Size</Table.Th>
              <Table.Th w={100}>Passages</Table.Th>
              <Table.Th w={150}>Uploaded</Table.Th>
              {canEdit && <Table.Th w={60}>Delete</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((document) => (
              <Table.Tr key={document.id}>
                <Table.Td>
                  <Anchor component="button" type="button" fw={600} onClick={() => onOpen(document.id)}>
                    {document.title}
                  </Anchor>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {document.filename}
                  </Text>
                </Table.Td>
                <Table.Td>{documentKindWords(document.kind)}</Table.Td>
                <Table.Td>{formatBytes(document.sizeBytes)}</Table.Td>
                <Table.Td>{document.passageCount}</Table.Td>
                <Table.Td>
                  <Tooltip label={formatExact(document.createdAt)}>
                    <Text span size="sm">
                      {formatWhen(document.createdAt)}
                    </Text>
                  </Tooltip>
                </Table.Td>
                {canEdit && (
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${document.title}`} onClick={() => setDeleting(document)}>
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <KeysetPager
        what="documents"
        pageIndex={pages.pageIndex}
        pageSize={PAGE_SIZE}
        shown={documents.length}
        total={connection.totalCount}
        hasNextPage={connection.pageInfo.hasNextPage}
        onPrevious={pages.previous}
        onNext={() => connection.pageInfo.endCursor && pages.next(connection.pageInfo.endCursor)}
      />
      {deleting && <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />}
    </>
  );
}
