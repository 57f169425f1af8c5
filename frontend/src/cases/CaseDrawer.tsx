import { Badge, Button, Center, Drawer, Group, Loader, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { NEW_CASE, type WorkspaceParams } from '../datasets/workspaceParams';
import type { DatasetHeaderFieldsFragment } from '../gql/graphql';
import { caseEditorKey, NEW_CASE_EDITOR } from '../unsaved/draftOffers';
import { useUnsavedChangesApi } from '../unsaved/UnsavedChangesProvider';
import { CaseQuery } from './operations';

// The panel's content (the form, the Markdown renderer) loads when a case is first opened.
const CaseEditor = lazy(async () => ({ default: (await import('./form/CaseEditor')).CaseEditor }));
const CaseView = lazy(async () => ({ default: (await import('./view/CaseView')).CaseView }));

function Loading({ what }: { what: string }) {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={what} />
    </Center>
  );
}

/**
 * The side panel a case opens in (`?case={id}`): the case in the chat's
 * layout, with Edit in its fixed header opening the form; `?case=new` is the
 * form of a new case. Closing an editor with unsaved changes asks first.
 */
export function CaseDrawer({
  dataset,
  viewedVersion,
  params,
  go,
  restoreDraft,
}: {
  dataset: DatasetHeaderFieldsFragment;
  viewedVersion: number;
  params: WorkspaceParams;
  go: (patch: Partial<WorkspaceParams>) => void;
  restoreDraft: string | null;
}) {
  const { confirmExit } = useUnsavedChangesApi();
  const caseId = params.caseId;
  const isNew = caseId === NEW_CASE;
  const olderVersion = viewedVersion < dataset.latestVersion;
  const canEdit = dataset.viewerCan.edit && !olderVersion;
  const editing = canEdit && (isNew || params.editing);
  const [{ data, error }] = useQuery({
    query: CaseQuery,
    variables: { id: caseId ?? '', version: olderVersion ? viewedVersion : null },
    pause: caseId === null || isNew,
  });
  const editorKey = isNew ? NEW_CASE_EDITOR : caseEditorKey(caseId);

  const leaveEditor = async (patch: Partial<WorkspaceParams>) => {
    if (editing && !(await confirmExit({ kind: 'close-editor', editorIds: [editorKey] }))) return;
    go(patch);
  };
  const close = () => void leaveEditor({ caseId: null, editing: false, guide: false });

  const shown = data?.case && data.case.id === caseId ? data.case : null;
  const problem = problemFrom(error);
  const title = isNew ? 'New case' : editing ? 'Edit case' : 'Case';

  return (
    <Drawer.Root opened={caseId !== null} onClose={close} position="right" size="min(1180px, 76vw)" closeOnEscape={!editing}>
      <Drawer.Overlay backgroundOpacity={0.25} />
      <Drawer.Content>
        <Drawer.Header>
          <Group gap="sm" wrap="nowrap" style={{ flex: 1 }}>
            <Drawer.Title fw={650} fz="lg">
              {title}
            </Drawer.Title>
            {!isNew && (
              <Badge variant="light" color={olderVersion ? 'yellow' : 'gray'}>
                v{viewedVersion}
                {olderVersion ? ' · read-only' : ''}
              </Badge>
            )}
            {shown && !editing && (
              <Text size="xs" c="dimmed" truncate>
                Revision {shown.revision}, made in v{shown.changedInVersion}
              </Text>
            )}
            {shown && !editing && shown.revision > 1 && shown.changedInVersion > 1 && (
              <Button variant="subtle" size="compact-xs" onClick={() => go({ version: shown.changedInVersion - 1 })}>
                Read the revision before
              </Button>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            {shown && canEdit && !editing && (
              <Button size="xs" leftSection={<IconPencil size={14} aria-hidden />} onClick={() => go({ editing: true })}>
                Edit
              </Button>
            )}
            <Drawer.CloseButton aria-label="Close the case" />
          </Group>
        </Drawer.Header>
        <Drawer.Body>
          {problem && <ProblemAlert problem={problem} title={problem.code === 'NOT_FOUND' ? `This case is not in version ${viewedVersion}` : undefined} />}
          {!problem && !isNew && !shown && <Loading what="Loading the case" />}
          <Suspense fallback={<Loading what="Loading the case" />}>
            {isNew && editing && (
              <CaseEditor
                key={editorKey}
                datasetId={dataset.id}
                existing={null}
                latestVersion={dataset.latestVersion}
                restoreDraft={restoreDraft === editorKey}
                guide={params.guide}
                onSaved={(saved) => go({ caseId: saved.id, editing: false, guide: false, version: null })}
                onCancel={close}
                onOpenTwin={(twinId) => go({ caseId: twinId, editing: false, guide: false })}
              />
            )}
            {shown && editing && (
              <CaseEditor
                key={editorKey}
                datasetId={dataset.id}
                existing={shown}
                latestVersion={dataset.latestVersion}
                restoreDraft={restoreDraft === editorKey}
                guide={false}
                onSaved={() => go({ editing: false, version: null })}
                onCancel={() => void leaveEditor({ editing: false })}
                onOpenTwin={(twinId) => go({ caseId: twinId, editing: false })}
              />
            )}
            {shown && !editing && <CaseView data={shown} />}
          </Suspense>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
