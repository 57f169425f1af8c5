import { Alert, Button, EmptyState, Group, Loader, Menu, Paper, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconDots, IconFileImport, IconHistory, IconMessagePlus, IconPlus, IconSearch, IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import { NEW_CASE, type WorkspaceParams } from '../datasets/workspaceParams';
import type { CaseRowFieldsFragment, DatasetHeaderFieldsFragment } from '../gql/graphql';
import { GenerateCasesDialog } from '../generation/GenerateCasesDialog';
import { ProposedCasesPanel } from '../generation/ProposedCasesPanel';
import { ProposedSwitch } from '../generation/ProposedSwitch';
import type { GenerationFieldsFragment } from '../gql/graphql';
import { CaseDrawer } from './CaseDrawer';
import { CasesTable } from './CasesTable';
import { ExportMenu } from './ExportMenu';
import { ImportDialog } from './ImportDialog';
import { CASE_SOURCES, sourceLabel } from './labels';
import { DatasetCasesQuery, DatasetTagsQuery } from './operations';
import { RemoveCaseDialog } from './RemoveCaseDialog';
import { countOf } from '../common/count';

const PAGE_SIZE = 50;
const LATER = 'Arrives with a later release';

/**
 * Cases: the table of the version on screen with search and filters, Add
 * case and Import beside it, and the side panel a case opens in.
 */
export function CasesTab({
  dataset,
  viewedVersion,
  params,
  go,
  restoreDraft,
  generation,
  onGeneration,
}: {
  dataset: DatasetHeaderFieldsFragment;
  viewedVersion: number;
  params: WorkspaceParams;
  go: (patch: Partial<WorkspaceParams>) => void;
  restoreDraft: string | null;
  /** The generation started on this dataset's page, followed live above the proposed cases; the workspace keeps it, since Coverage starts one too. */
  generation: GenerationFieldsFragment | null;
  onGeneration: (generation: GenerationFieldsFragment | null) => void;
}) {
  const latest = dataset.latestVersion;
  const olderVersion = viewedVersion < latest;
  const canEdit = dataset.viewerCan.edit && !olderVersion;
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 250);
  const [tag, setTag] = useState<string | null>(null);
  const [source, setSource] = useState<string | null>(null);
  const [importing, importDialog] = useDisclosure(false);
  const [removing, setRemoving] = useState<CaseRowFieldsFragment | null>(null);
  const [generating, generateDialog] = useDisclosure(false);
  const pages = useKeysetPages(`${viewedVersion}|${debouncedSearch}|${tag}|${source}`);
  const version = olderVersion ? viewedVersion : null;
  const [{ data, fetching, error }] = useQuery({
    query: DatasetCasesQuery,
    variables: {
      id: dataset.id,
      version,
      first: PAGE_SIZE,
      after: pages.after,
      tag,
      source,
      search: debouncedSearch || null,
    },
    pause: latest === 0,
  });
  const connection = data?.dataset.cases;
  const rows = connection?.edges.map((edge) => edge.node) ?? [];
  // Every tag of the version on screen, not only those of the rows a filter or a page leaves.
  const [{ data: tagData }] = useQuery({ query: DatasetTagsQuery, variables: { id: dataset.id, version }, pause: latest === 0 });
  const tags = [...new Set([...(tagData?.dataset.tags ?? []), ...(tag ? [tag] : [])])].sort((a, b) => a.localeCompare(b));
  const filtered = Boolean(debouncedSearch || tag || source);
  const problem = problemFrom(error);

  const addButton = canEdit && (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => go({ caseId: NEW_CASE, editing: true })}>
      Add case
    </Button>
  );
  const importButton = canEdit && (
    <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden />} onClick={importDialog.open}>
      Import
    </Button>
  );
  const generateButton = canEdit && (
    <Button variant="default" leftSection={<IconSparkles size={16} aria-hidden />} onClick={generateDialog.open}>
      Generate cases
    </Button>
  );
  const showProposed = canEdit && params.proposed;

  return (
    <>
      {canEdit && <ProposedSwitch datasetId={dataset.id} proposed={showProposed} onChange={(proposed) => go({ proposed, caseId: null, editing: false })} />}
      {olderVersion && (
        <Alert color="yellow" variant="light" icon={<IconHistory size={18} aria-hidden />} title={`You are reading version ${viewedVersion}, an older version`} mb="md">
          <Group justify="space-between" gap="sm">
            <Text size="sm">A version never changes, so this one is read-only: cases cannot be added, edited or imported here. The newest is version {latest}.</Text>
            <Button size="xs" variant="default" onClick={() => go({ version: null, editing: false })}>
              Go to the newest version
            </Button>
          </Group>
        </Alert>
      )}
      {showProposed ? (
        <ProposedCasesPanel
          datasetId={dataset.id}
          generation={generation}
          generateButton={generateButton}
          onCloseGeneration={() => onGeneration(null)}
          onShowCases={() => go({ proposed: false, version: null })}
          onOpenCase={(caseId) => go({ proposed: false, version: null, caseId, editing: false })}
        />
      ) : latest === 0 ? (
        <Paper withBorder radius="md" py={48} px="xl">
          <EmptyState
            icon={<IconMessagePlus size={28} stroke={1.5} />}
            variant="light"
            title="No cases yet"
            description="Write a question and what a good answer looks like, or import a CSV or JSONL file of cases. Every case you add creates a new version."
          >
            {canEdit && (
              <EmptyState.Actions>
                {addButton}
                {importButton}
                {generateButton}
              </EmptyState.Actions>
            )}
          </EmptyState>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" mb="sm" gap="sm">
            <Group gap="sm">
              <TextInput
                aria-label="Search cases"
                placeholder="Search questions and answers"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                onChange={(event) => setSearch(event.currentTarget.value)}
                w={280}
              />
              <Select
                aria-label="Filter by tag"
                placeholder="Any tag"
                data={tags}
                value={tag}
                onChange={setTag}
                searchable
                clearable
                nothingFoundMessage="No tag of this version matches"
                w={180}
              />
              <Select
                aria-label="Filter by source"
                placeholder="Any source"
                data={CASE_SOURCES.map((value) => ({ value, label: sourceLabel(value).text }))}
                value={source}
                onChange={setSource}
                clearable
                w={160}
              />
              {connection && typeof connection.totalCount === 'number' && (
                <Text size="sm" c="dimmed" role="status">
                  {countOf(connection.totalCount, 'case', 'cases')}
                  {filtered ? ' match' : ` in v${viewedVersion}`}
                </Text>
              )}
              {fetching && <Loader size="sm" aria-label="Loading cases" />}
            </Group>
            <Group gap="xs">
              {addButton}
              {importButton}
              {generateButton}
              <ExportMenu datasetId={dataset.id} version={viewedVersion} />
              <Menu position="bottom-end">
                <Menu.Target>
                  <Button variant="default" px="xs" aria-label="More sources of cases">
                    <IconDots size={16} aria-hidden />
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item disabled rightSection={<Text size="xs">{LATER}</Text>}>
                    Add from Activity
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            </Group>
          </Group>
          {problem && <ProblemAlert problem={problem} />}
          <CasesTable
            cases={rows}
            canEdit={canEdit}
            selectedId={params.caseId}
            onOpen={(id) => go({ caseId: id, editing: false })}
            onEdit={(id) => go({ caseId: id, editing: true })}
            onRemove={setRemoving}
            onTag={setTag}
          />
          {connection && rows.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" py="md">
              {filtered ? 'No case of this version matches.' : 'This version holds no cases.'}
            </Text>
          )}
          {connection && (
            <KeysetPager
              what="cases"
              pageIndex={pages.pageIndex}
              pageSize={PAGE_SIZE}
              shown={rows.length}
              total={connection.totalCount}
              hasNextPage={connection.pageInfo.hasNextPage}
              onPrevious={pages.previous}
              onNext={() => connection.pageInfo.endCursor && pages.next(connection.pageInfo.endCursor)}
            />
          )}
        </Paper>
      )}
      <CaseDrawer dataset={dataset} viewedVersion={viewedVersion} params={params} go={go} restoreDraft={restoreDraft} />
      <ImportDialog datasetId={dataset.id} opened={importing} onClose={importDialog.close} onImported={() => go({ version: null })} />
      <RemoveCaseDialog target={removing} latestVersion={latest} onClose={() => setRemoving(null)} />
      {generating && (
        <GenerateCasesDialog
          datasetId={dataset.id}
          onClose={generateDialog.close}
          onStarted={(started) => {
            generateDialog.close();
            onGeneration(started);
            // Starting opens the proposals, where the generation's progress is followed.
            go({ proposed: true, caseId: null, editing: false, version: null });
          }}
        />
      )}
    </>
  );
}
