import { Anchor, Badge, Button, Center, Group, Loader, Paper, Select, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconInbox, IconSearch } from '@tabler/icons-react';
import type { RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { DataTable, dataColumns, type DataColumn } from '../common/DataTable';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import type { EvalCaseResultFieldsFragment, ScoreOutcome } from '../gql/graphql';
import { useReviewActions } from '../review/useReviewActions';
import { useSession } from '../session/SessionProvider';
import { DecidedOutcome, type DecidedLike, OutcomeBadge } from './AnswerCard';
import { type CaseRow, OUTCOME_CHOICES, selectedScoreIds, withCount } from './caseTableRows';
import { CaseResultDrawer, type OpenResult } from './CaseResultDrawer';
import { qualitySpread } from './chartData';
import { QualitySpreadChart } from './charts/QualitySpreadChart';
import { resultsDownloadUrl } from './resultsExport';
import { EvalRunCaseRowsQuery, EvalRunResultsQuery, EvalRunSummaryQuery } from './resultsOperations';
import { scorerLabel } from './summaryTables';

type Result = EvalCaseResultFieldsFragment;
type Tristate = 'any' | 'yes' | 'no';

const PAGE_SIZES = ['25', '50', '100'];

export function questionOf(result: { case: { input: string; masked: boolean } }): string {
  return result.case.masked ? 'The question is hidden from you.' : result.case.input;
}

function short(text: string, length = 120): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

export function FlipBadge({ flip, confirmed }: { flip: Result['flip']; confirmed: boolean | null | undefined }) {
  if (!flip) return null;
  const regression = flip === 'REGRESSION';
  const confirmation = confirmed === true ? ', confirmed' : confirmed === false ? ', not confirmed by the rerun' : '';
  return (
    // A confirmed regression stands out filled, in a red dark enough for white text.
    <Badge size="sm" variant={regression && confirmed ? 'filled' : 'light'} color={regression ? (confirmed ? 'red.9' : 'red') : 'teal'}>
      {regression ? 'Regression' : 'Improvement'}
      {confirmation}
    </Badge>
  );
}

/** A result as the outcome component reads it: what it counts as, and what the scorers said beside a person's decision. */
function decidedOf(result: Result): DecidedLike | null {
  if (!result.outcome) return null;
  return { outcome: result.scorersOutcome ?? result.outcome, finalOutcome: result.outcome, review: { state: result.decided ? 'DECIDED' : 'NOT_QUEUED', decision: result.decision } };
}

function repetitionWords(result: Result): string {
  const passed = result.scores.filter((score) => score.outcome === 'PASS').length;
  return result.scores.length <= 1 ? '' : `${passed} of ${result.scores.length} passed`;
}

/** The outcome (a person's decision beside the scorers'), the first lines of the answer, and the scorer it failed on with why. */
function ResultCell({ result }: { result: Result | undefined }) {
  if (!result) {
    return (
      <Text size="xs" c="dimmed">
        Not on this page
      </Text>
    );
  }
  const decided = decidedOf(result);
  return (
    <Stack gap={4} maw={420}>
      <Group gap={6} wrap="nowrap">
        {decided ? <DecidedOutcome score={decided} /> : <OutcomeBadge outcome={null} />}
        <Text size="xs" c="dimmed">
          {repetitionWords(result)}
        </Text>
      </Group>
      <AnswerPreview result={result} />
    </Stack>
  );
}

function AnswerPreview({ result }: { result: Result }) {
  return (
    <>
      {result.answerPreview !== null && result.answerPreview !== undefined ? (
        <Text size="xs" lineClamp={3} style={{ whiteSpace: 'pre-line' }} data-testid="answer-preview">
          {result.answerPreview || '(empty answer)'}
        </Text>
      ) : (
        result.medianScore && (
          <Text size="xs" c="dimmed">
            The answer is hidden from you.
          </Text>
        )
      )}
      {result.failingScorer && (
        <Text size="xs" c="red.9" data-testid="failing-scorer">
          <strong>{scorerLabel(result.failingScorer)}</strong>
          {result.failingReason ? `: ${short(result.failingReason, 200)}` : ''}
        </Text>
      )}
    </>
  );
}

function QuestionCell({ result, onOpen }: { result: Result; onOpen: () => void }) {
  return (
    <Stack gap={4} maw={360}>
      <Text
        size="sm"
        component="button"
        type="button"
        bd={0}
        bg="transparent"
        p={0}
        ta="left"
        style={{ cursor: 'pointer' }}
        onClick={(event: React.MouseEvent) => {
          event.stopPropagation();
          onOpen();
        }}
      >
        {short(questionOf(result))}
      </Text>
      {result.case.tags.length > 0 && (
        <Group gap={4}>
          {result.case.tags.map((name) => (
            <Badge key={name} size="xs" variant="outline" color="gray">
              {name}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}

const OUTCOME_ORDER: Record<ScoreOutcome, number> = { FAIL: 0, NOT_GRADED: 1, PASS: 2 };
const rowColumns = dataColumns<Result>();
const caseColumns = dataColumns<CaseRow<Result>>();

function tristate(value: Tristate): boolean | null {
  return value === 'any' ? null : value === 'yes';
}

/**
 * Every case and agent of the run, its repetitions folded, the answer and
 * why it failed in view: search over question and answer, filters that
 * combine (outcome, tag, agent, flipped, decided) each value with its count,
 * page size; several agents side by side, a column each. A row opens the
 * answer in full; selected rows go to review together.
 */
export function EvalCaseTable({
  runId,
  agents,
  hasBaseline,
  datasetId,
  latestVersion,
  canSend,
  readsRuns,
}: {
  runId: string;
  agents: readonly { id: string; name: string }[];
  hasBaseline: boolean;
  datasetId: string;
  latestVersion: number;
  canSend: boolean;
  readsRuns: boolean;
}) {
  const [{ data: summary }] = useQuery({ query: EvalRunSummaryQuery, variables: { id: runId } });
  const summaryTags = [...new Set(summary?.evalRun.summary.tags.map((row) => row.tag) ?? [])].sort();
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 300);
  const [outcome, setOutcome] = useState<ScoreOutcome | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [agentId, setAgentId] = useState<string | null>(null);
  const [flipped, setFlipped] = useState<Tristate>('any');
  const [decided, setDecided] = useState<Tristate>('any');
  const [pageSize, setPageSize] = useState(50);
  const [open, setOpen] = useState<OpenResult | null>(null);
  const filterKey = `${runId}:${search}:${outcome}:${tag}:${agentId}:${flipped}:${decided}:${pageSize}`;
  const [selection, setSelection] = useState<{ key: string; rows: RowSelectionState }>({ key: filterKey, rows: {} });
  const selected = selection.key === filterKey ? selection.rows : {};
  const pages = useKeysetPages(filterKey);
  const sideBySide = agents.length > 1 && agentId === null;
  const filters = { id: runId, outcome, tag, flipped: tristate(flipped), decided: tristate(decided), search: search || null, first: pageSize, after: pages.after };
  // A run answers on, and people decide: what was read a moment ago may have changed.
  const [perResult] = useQuery({ query: EvalRunResultsQuery, variables: { ...filters, agentId }, requestPolicy: 'cache-and-network', pause: sideBySide });
  // Several agents side by side: a page of cases, each with every agent's result, so a case is never split over two pages.
  const [perCaseRead] = useQuery({ query: EvalRunCaseRowsQuery, variables: filters, requestPolicy: 'cache-and-network', pause: !sideBySide });
  const { data, error, fetching } = sideBySide ? perCaseRead : perResult;
  const actions = useReviewActions();
  const { apiUrl } = useSession();
  const connection = sideBySide ? perCaseRead.data?.evalRun.caseRows : perResult.data?.evalRun.results;
  const counts = data?.evalRun.resultCounts;
  const caseRows = useMemo(
    () =>
      (perCaseRead.data?.evalRun.caseRows.edges ?? []).flatMap((edge) => {
        const [first] = edge.node.results;
        return first ? [{ caseId: first.case.id, first, byAgent: Object.fromEntries(edge.node.results.map((result) => [result.agentId, result])) }] : [];
      }),
    [perCaseRead.data],
  );
  const rows = useMemo(() => (sideBySide ? caseRows.flatMap((row) => Object.values(row.byAgent)) : (perResult.data?.evalRun.results.edges.map((edge) => edge.node) ?? [])), [sideBySide, caseRows, perResult.data]);
  const problem = problemFrom(error);
  const spread = qualitySpread(rows.map((row) => ({ caseId: row.case.id, label: short(questionOf(row), 60), agentName: row.agentName, qualityMean: row.qualityMean, qualityMin: row.qualityMin, qualityMax: row.qualityMax })));
  const openResult = (result: Result) => result.medianScore && setOpen({ scoreId: result.medianScore.id, agentName: result.agentName });
  const rowKey = (row: Result) => `${row.case.id}:${row.agentId}`;
  const toSend = sideBySide ? selectedScoreIds(rows, selected, (row) => row.case.id) : selectedScoreIds(rows, selected, rowKey);

  const perRow = useMemo<DataColumn<Result>[]>(
    () => [
      rowColumns.accessor((row) => questionOf(row), { id: 'question', header: 'Question', cell: ({ row }) => <QuestionCell result={row.original} onOpen={() => openResult(row.original)} /> }),
      ...(agents.length > 1 ? [rowColumns.accessor((row) => row.agentName, { id: 'agent', header: 'Agent' })] : []),
      rowColumns.accessor((row) => (row.outcome ? OUTCOME_ORDER[row.outcome] : 3), { id: 'outcome', header: 'Outcome and answer', cell: ({ row }) => <ResultCell result={row.original} /> }),
      rowColumns.accessor((row) => row.qualityMean ?? undefined, { id: 'quality', header: 'Quality', sortUndefined: 'last', cell: ({ getValue }) => (typeof getValue() === 'number' ? (getValue() as number).toFixed(2) : '–') }),
      ...(hasBaseline
        ? [
            rowColumns.display({
              id: 'baseline',
              header: 'Against the baseline',
              cell: ({ row }) => (
                <Group gap={6} wrap="nowrap">
                  {row.original.baselineOutcome && (
                    <Text size="xs" c="dimmed">
                      was <OutcomeBadge outcome={row.original.baselineOutcome} size="xs" />
                    </Text>
                  )}
                  <FlipBadge flip={row.original.flip} confirmed={row.original.confirmed} />
                </Group>
              ),
            }),
          ]
        : []),
    ],
    [agents.length, hasBaseline],
  );

  const perCase = useMemo<DataColumn<CaseRow<Result>>[]>(
    () => [
      caseColumns.accessor((row) => questionOf(row.first), { id: 'question', header: 'Question', cell: ({ row }) => <QuestionCell result={row.original.first} onOpen={() => openResult(row.original.first)} /> }),
      ...agents.map((agent) =>
        caseColumns.accessor((row) => { const result = row.byAgent[agent.id]; return result?.outcome ? OUTCOME_ORDER[result.outcome] : 3; }, {
          id: `agent:${agent.id}`,
          header: agent.name,
          cell: ({ row }) => {
            const result = row.original.byAgent[agent.id];
            return (
              <Stack
                gap={4}
                onClick={(event) => {
                  event.stopPropagation();
                  if (result) openResult(result);
                }}
                style={{ cursor: result ? 'pointer' : undefined }}
                data-testid="agent-cell"
              >
                <ResultCell result={result} />
                {result?.medianScore && (
                  <Anchor component="button" type="button" size="xs" ta="left">
                    Open<VisuallyHidden> {agent.name}&apos;s answer</VisuallyHidden>
                  </Anchor>
                )}
              </Stack>
            );
          },
        }),
      ),
    ],
    [agents],
  );
  const agentCount = (id: string) => counts?.agents.find((row) => row.agentId === id)?.count ?? 0;
  const tags = [...new Set([...summaryTags, ...(counts?.tags.map((row) => row.tag) ?? [])])].sort();

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end">
        <TextInput label="Search" placeholder="Words in the question or the answer" leftSection={<IconSearch size={14} aria-hidden />} value={searchInput} onChange={(event) => setSearchInput(event.currentTarget.value)} w={280} maxLength={200} />
        <Select
          label="Outcome"
          placeholder="Any outcome"
          data={OUTCOME_CHOICES.map((choice) => ({ value: choice.value, label: withCount(choice.label, counts ? (counts.outcomes.find((row) => row.outcome === choice.value)?.count ?? 0) : undefined) }))}
          value={outcome}
          onChange={(value) => setOutcome(value as ScoreOutcome | null)}
          clearable
          w={170}
        />
        <Select label="Tag" placeholder="Any tag" data={tags.map((name) => ({ value: name, label: withCount(name, counts ? (counts.tags.find((row) => row.tag === name)?.count ?? 0) : undefined) }))} value={tag} onChange={setTag} clearable searchable w={180} />
        {agents.length > 1 && (
          <Select label="Agent" placeholder="Every agent, side by side" data={agents.map((agent) => ({ value: agent.id, label: withCount(agent.name, counts ? agentCount(agent.id) : undefined) }))} value={agentId} onChange={setAgentId} clearable w={230} />
        )}
        {hasBaseline && (
          <Select
            label="Flipped"
            data={[
              { value: 'any', label: 'Flipped or not' },
              { value: 'yes', label: withCount('Flipped', counts?.flipped) },
              { value: 'no', label: withCount('Not flipped', counts?.notFlipped) },
            ]}
            value={flipped}
            onChange={(value) => setFlipped((value as Tristate | null) ?? 'any')}
            allowDeselect={false}
            w={170}
          />
        )}
        <Select
          label="Decided"
          data={[
            { value: 'any', label: 'Decided or not' },
            { value: 'yes', label: withCount('Decided by a person', counts?.decided) },
            { value: 'no', label: withCount('Not decided', counts?.notDecided) },
          ]}
          value={decided}
          onChange={(value) => setDecided((value as Tristate | null) ?? 'any')}
          allowDeselect={false}
          w={200}
        />
        <Select label="Page size" data={PAGE_SIZES} value={String(pageSize)} onChange={(value) => value && setPageSize(Number(value))} allowDeselect={false} w={100} />
      </Group>
      {spread.length > 0 && <QualitySpreadChart rows={spread} showAgent={agents.length > 1} />}
      {problem ? (
        <ProblemAlert problem={problem} title="The answers could not be read" />
      ) : !data && fetching ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading the answers" />
        </Center>
      ) : (
        <Paper withBorder radius="md" p="xs">
          <Group justify="space-between" mb="xs" px="xs">
            <Text size="sm" c="dimmed" data-testid="case-table-count">
              {sideBySide
                ? connection?.totalCount !== undefined && connection.totalCount !== null
                  ? `${connection.totalCount} ${connection.totalCount === 1 ? 'case matches' : 'cases match'} · each agent a column`
                  : ''
                : counts
                  ? `${counts.total} ${counts.total === 1 ? 'result matches' : 'results match'}`
                  : ''}
            </Text>
            <Group gap="xs">
              {(['csv', 'jsonl'] as const).map((format) => (
                <Button key={format} component="a" href={resultsDownloadUrl(apiUrl, runId, format)} size="compact-sm" variant="subtle" leftSection={<IconDownload size={14} aria-hidden />}>
                  {`Results as ${format.toUpperCase()}`}
                </Button>
              ))}
              {canSend && (
              <Button size="compact-sm" variant="light" leftSection={<IconInbox size={14} aria-hidden />} disabled={toSend.length === 0} onClick={() => void actions.send(datasetId, toSend).then(() => setSelection({ key: filterKey, rows: {} }))}>
                {toSend.length === 0 ? 'Send the selected to review' : `Send ${toSend.length} to review`}
              </Button>
              )}
            </Group>
          </Group>
          {sideBySide ? (
            <DataTable
              label="Cases of the run"
              testId="case-table"
              data={caseRows}
              columns={perCase}
              getRowId={(row) => row.caseId}
              rowName={(row) => short(questionOf(row.first), 60)}
              selection={canSend ? selected : undefined}
              onSelectionChange={(updater) => setSelection((current) => ({ key: filterKey, rows: typeof updater === 'function' ? updater(current.key === filterKey ? current.rows : {}) : updater }))}
              rowProps={(row) => ({ 'data-testid': 'eval-case-row', 'data-flip': Object.values(row.byAgent).find((result) => result.flip)?.flip ?? undefined })}
              empty="No case of this run matches these filters."
              minWidth={360 + agents.length * 300}
            />
          ) : (
            <DataTable
              label="Cases of the run"
              testId="case-table"
              data={rows}
              columns={perRow}
              getRowId={rowKey}
              rowName={(row) => short(questionOf(row), 60)}
              selection={canSend ? selected : undefined}
              onSelectionChange={(updater) => setSelection((current) => ({ key: filterKey, rows: typeof updater === 'function' ? updater(current.key === filterKey ? current.rows : {}) : updater }))}
              onRowClick={openResult}
              rowProps={(row) => ({ 'data-testid': 'eval-case-row', 'data-flip': row.flip ?? undefined, ...(row.flip === 'REGRESSION' ? { style: { background: 'var(--mantine-color-red-light)' } } : {}) })}
              empty="No case and agent of this run matches these filters."
            />
          )}
          <KeysetPager
            pageIndex={pages.pageIndex}
            pageSize={pageSize}
            shown={sideBySide ? caseRows.length : rows.length}
            total={connection?.totalCount ?? (sideBySide ? undefined : counts?.total)}
            hasNextPage={connection?.pageInfo.hasNextPage ?? false}
            onPrevious={pages.previous}
            onNext={() => connection?.pageInfo.endCursor && pages.next(connection.pageInfo.endCursor)}
            what={sideBySide ? 'cases' : 'results'}
          />
        </Paper>
      )}
      <CaseResultDrawer open={open} datasetId={datasetId} latestVersion={latestVersion} canSend={canSend} readsRuns={readsRuns} onClose={() => setOpen(null)} />
    </Stack>
  );
}
