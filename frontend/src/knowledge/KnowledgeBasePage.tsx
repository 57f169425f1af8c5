import { ActionIcon, Anchor, Breadcrumbs, Button, Center, Group, Loader, Menu, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDots, IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { formatExact } from '../common/time';
import type { KnowledgeBaseHeaderFieldsFragment } from '../gql/graphql';
import { useViewer } from '../session/SessionProvider';
import { VisibilityBadge } from '../sharing/VisibilityBadge';
import { DocumentsTable } from './DocumentsTable';
import { EditKnowledgeBaseDialog } from './EditKnowledgeBaseDialog';
import { DeleteKnowledgeBaseDialog, KnowledgeShareDialog } from './KnowledgeDialogs';
import { KnowledgeBaseNotFound } from './KnowledgeBaseNotFound';
import { KnowledgeSearch } from './KnowledgeSearch';
import { KnowledgeBaseQuery, KnowledgeDocumentsQuery } from './operations';
import { PassagesDrawer } from './PassagesDrawer';
import { UploadDocumentForm } from './UploadDocumentForm';
import { PageTitle } from '../shell/pageTitle';
import { countOf } from '../common/count';

type Dialog = 'share' | 'edit' | 'delete' | null;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const headingId = `knowledge-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h3" mb="sm" id={headingId}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function KnowledgeBaseView({ base }: { base: KnowledgeBaseHeaderFieldsFragment }) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The API says nothing of what the reader may do with one base, so the controls follow the
  // agents:edit permission; a base shared for reading only refuses the change, and says so.
  const canEdit = viewer.permissions.includes('agents:edit');
  // The first page of documents is what the table shows too; urql answers both from one request.
  const [{ data: documentsData }] = useQuery({ query: KnowledgeDocumentsQuery, variables: { id: base.id, first: 25, after: null } });
  const documentCount = documentsData?.knowledgeBase.documents.totalCount ?? null;
  const openDocumentId = search.get('document');
  const openDocument = (documentId: string | null) => {
    const params = new URLSearchParams(search);
    if (documentId === null) params.delete('document');
    else params.set('document', documentId);
    setSearch(params);
  };

  return (
    <>
      <Breadcrumbs separatorMargin={6}>
        <Anchor component={Link} to="/knowledge" size="sm">
          Knowledge
        </Anchor>
        <Text size="sm" c="dimmed" truncate maw={400}>
          {base.name}
        </Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mt="xs" mb="lg">
        <Stack gap={4} miw={0}>
          <Group gap="sm" wrap="nowrap">
            <PageTitle title={base.name} />
            <Title order={1} style={{ overflowWrap: 'anywhere' }}>
              {base.name}
            </Title>
            <VisibilityBadge visibility={base.visibility} />
          </Group>
          <Text size="sm" c="dimmed" maw={900}>
            {base.description || 'No description yet.'}
          </Text>
          <Text size="xs" c="dimmed">
            {base.ownedByViewer ? 'Owned by you' : 'Owned by someone else'} · created {formatExact(base.createdAt)}
            {typeof documentCount === 'number' && ` · ${countOf(documentCount, 'document', 'documents')}`}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" leftSection={<IconShare size={16} aria-hidden />} onClick={() => setDialog('share')}>
            Share
          </Button>
          {canEdit && (
            <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setDialog('edit')}>
              Edit details
            </Button>
          )}
          {canEdit && (
            <Menu position="bottom-end">
              <Menu.Target>
                <ActionIcon variant="default" size="lg" aria-label="More knowledge base actions">
                  <IconDots size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setDialog('delete')}>
                  Delete knowledge base
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      <Stack gap="lg">
        <Section title="Documents">
          <Stack gap="md">
            {canEdit && <UploadDocumentForm baseId={base.id} />}
            <DocumentsTable baseId={base.id} canEdit={canEdit} onOpen={openDocument} />
          </Stack>
        </Section>
        <Section title="Search">
          <KnowledgeSearch baseId={base.id} onOpenDocument={openDocument} />
        </Section>
      </Stack>
      {openDocumentId && <PassagesDrawer documentId={openDocumentId} onClose={() => openDocument(null)} />}
      {dialog === 'share' && <KnowledgeShareDialog base={base} canChange={canEdit} onClose={() => setDialog(null)} />}
      {dialog === 'edit' && <EditKnowledgeBaseDialog base={base} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeleteKnowledgeBaseDialog base={base} documentCount={documentCount} onClose={() => setDialog(null)} onDeleted={() => void navigate('/knowledge', { replace: true })} />
      )}
    </>
  );
}

/** A knowledge base's page: its details, access, documents with their passages, and search over it. */
export function KnowledgeBasePage() {
  const { baseId = '' } = useParams();
  const [{ data, error }] = useQuery({ query: KnowledgeBaseQuery, variables: { id: baseId } });
  if (data?.knowledgeBase) return <KnowledgeBaseView key={data.knowledgeBase.id} base={data.knowledgeBase} />;
  const problem = problemFrom(error);
  if (problem) return <KnowledgeBaseNotFound problem={problem} />;
  return (
    <Center py="xl">
      <Loader aria-label="Loading the knowledge base" />
    </Center>
  );
}
