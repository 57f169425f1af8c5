import { Accordion, Badge, Button, Center, Group, Loader, Modal, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowsDiff } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { DiffText } from '../common/DiffText';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import { sideOf, wordDiff } from '../common/textDiff';
import type { CaseChangeKind, DatasetVersionDiffQuery as DiffResult } from '../gql/graphql';
import { FIELD_LABELS, fieldText, versionDiffWords } from './versionDiff';
import { DatasetVersionDiffQuery } from './versionDiffOperations';

type Change = DiffResult['dataset']['versionDiff']['changes']['edges'][number]['node'];

const PAGE_SIZE = 25;
const KIND: Record<CaseChangeKind, { label: string; color: string }> = {
  ADDED: { label: 'Added', color: 'teal' },
  REMOVED: { label: 'Removed', color: 'red' },
  CHANGED: { label: 'Changed', color: 'yellow' },
};

function question(change: Change): string {
  const item = change.after ?? change.before;
  if (!item) return change.caseId;
  return item.masked ? 'The question is hidden from you.' : item.input;
}

/** A changed case: each field that differs, before and after, the differences marked word by word. */
function ChangedFields({ change }: { change: Change }) {
  return (
    <Stack gap="sm">
      {change.changedFields.map((field) => {
        const parts = wordDiff(fieldText(change.before, field), fieldText(change.after, field));
        return (
          <Stack key={field} gap={4} data-testid="changed-field">
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {FIELD_LABELS[field]}
            </Text>
            <SimpleGrid cols={2} spacing="sm">
              <Paper withBorder p="xs" radius="sm" role="group" aria-label={`${FIELD_LABELS[field]} before`}>
                <DiffText parts={sideOf(parts, 'before')} />
              </Paper>
              <Paper withBorder p="xs" radius="sm" role="group" aria-label={`${FIELD_LABELS[field]} after`}>
                <DiffText parts={sideOf(parts, 'after')} />
              </Paper>
            </SimpleGrid>
          </Stack>
        );
      })}
    </Stack>
  );
}

/**
 * Any two versions of a dataset side by side: how many cases were added,
 * removed and changed, then the cases a page at a time, each changed field's
 * before and after with its text differences marked.
 */
export function VersionDiffDialog({ datasetId, latestVersion, initial, onClose }: { datasetId: string; latestVersion: number; initial: { from: number; to: number } | null; onClose: () => void }) {
  return (
    <Modal opened={initial !== null} onClose={onClose} size="90%" title="Two versions side by side">
      {initial && <VersionDiffBody key={`${initial.from}:${initial.to}`} datasetId={datasetId} latestVersion={latestVersion} initial={initial} />}
    </Modal>
  );
}

function VersionDiffBody({ datasetId, latestVersion, initial }: { datasetId: string; latestVersion: number; initial: { from: number; to: number } }) {
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const pages = useKeysetPages(`${datasetId}:${from}:${to}`);
  const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= latestVersion;
  const [{ data, error, fetching }] = useQuery({ query: DatasetVersionDiffQuery, variables: { id: datasetId, from, to, first: PAGE_SIZE, after: pages.after }, pause: !valid(from) || !valid(to) });
  const diff = data?.dataset.versionDiff;
  const problem = problemFrom(error);
  const changes = diff?.changes.edges.map((edge) => edge.node) ?? [];
  return (
    <Stack gap="md" data-testid="version-diff">
      <Group gap="sm" align="flex-end">
        <NumberInput label="From version" min={1} max={latestVersion} allowDecimal={false} value={from} onChange={(value) => setFrom(Number(value))} w={140} />
        <NumberInput label="To version" min={1} max={latestVersion} allowDecimal={false} value={to} onChange={(value) => setTo(Number(value))} w={140} />
        {diff && (
          <Text size="sm" fw={600} mb={8} data-testid="version-diff-counts">
            {versionDiffWords(diff)}
          </Text>
        )}
      </Group>
      {problem ? (
        <ProblemAlert problem={problem} title="The versions could not be compared" />
      ) : !diff ? (
        fetching && (
          <Center py="xl">
            <Loader size="sm" aria-label="Comparing the versions" />
          </Center>
        )
      ) : changes.length === 0 ? (
        <Text size="sm" c="dimmed">
          Version {diff.from} and version {diff.to} hold the same cases.
        </Text>
      ) : (
        <>
          <Accordion multiple variant="separated" defaultValue={changes.filter((change) => change.kind === 'CHANGED').slice(0, 3).map((change) => change.caseId)}>
            {changes.map((change) => (
              <Accordion.Item key={change.caseId} value={change.caseId} data-testid="version-change">
                <Accordion.Control>
                  <Group gap="sm" wrap="nowrap">
                    <Badge size="sm" variant="light" color={KIND[change.kind].color}>
                      {KIND[change.kind].label}
                    </Badge>
                    <Text size="sm" lineClamp={1}>
                      {question(change)}
                    </Text>
                    {change.kind === 'CHANGED' && (
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {change.changedFields.map((field) => FIELD_LABELS[field]).join(', ')}
                      </Text>
                    )}
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {change.kind === 'CHANGED' ? (
                    <ChangedFields change={change} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      {change.kind === 'ADDED' ? `Added after version ${Math.min(diff.from, diff.to)}: version ${diff.from} does not hold it.` : `Version ${diff.to} does not hold it.`}
                    </Text>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
          <KeysetPager
            pageIndex={pages.pageIndex}
            pageSize={PAGE_SIZE}
            shown={changes.length}
            total={diff.changes.totalCount}
            hasNextPage={diff.changes.pageInfo.hasNextPage}
            onPrevious={pages.previous}
            onNext={() => diff.changes.pageInfo.endCursor && pages.next(diff.changes.pageInfo.endCursor)}
            what="cases"
          />
        </>
      )}
    </Stack>
  );
}

/** Opens the two versions side by side from the version list: the one on screen against the one before it. */
export function CompareVersionsButton({ datasetId, latestVersion, viewedVersion }: { datasetId: string; latestVersion: number; viewedVersion: number }) {
  const [open, setOpen] = useState<{ from: number; to: number } | null>(null);
  if (latestVersion < 2) return null;
  const to = Math.max(2, viewedVersion);
  return (
    <>
      <Button variant="subtle" size="xs" leftSection={<IconArrowsDiff size={14} aria-hidden />} onClick={() => setOpen({ from: to - 1, to })}>
        Compare versions
      </Button>
      <VersionDiffDialog datasetId={datasetId} latestVersion={latestVersion} initial={open} onClose={() => setOpen(null)} />
    </>
  );
}
