import { Alert, Badge, Button, Center, EmptyState, Group, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecklist, IconX } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from 'urql';
import { problemFrom } from '../api/errors';
import { ProblemAlert } from '../api/ProblemAlert';
import { KeysetPager, useKeysetPages } from '../common/keyset';
import type { DatasetHeaderFieldsFragment, ReviewRowFieldsFragment, ScoreOutcome } from '../gql/graphql';
import { keyPressOf, neighbour, reviewKeyAction } from './keyboard';
import { KeyboardHelp } from './KeyboardHelp';
import { ReviewAnswersQuery, ReviewFilterChoicesQuery } from './operations';
import { ReviewActions } from './ReviewActions';
import { filterKey, readReviewParams, reviewFilter, type ReviewParams, reviewSearch } from './reviewParams';
import { type PanelControls, ReviewPanel } from './ReviewPanel';
import { ReviewTable } from './ReviewTable';
import { queueSentence } from './reviewWords';
import classes from './Review.module.css';
import { useDatasetQueue } from './useQueueCounts';
import { type DecidedScore, useReviewActions } from './useReviewActions';
import { useStableRows } from './useStableRows';
import { countOf } from '../common/count';

const PAGE_SIZE = 50;
const NEXT_AFTER_DECIDING = 'casebook.review.nextAfterDeciding';

const OUTCOME_CHOICES: { value: ScoreOutcome; label: string }[] = [
  { value: 'FAIL', label: 'Failed' },
  { value: 'NOT_GRADED', label: 'Not graded' },
  { value: 'PASS', label: 'Passed' },
];

function readNextAfterDeciding(): boolean {
  try {
    return window.localStorage.getItem(NEXT_AFTER_DECIDING) !== 'off';
  } catch {
    return true;
  }
}

function useReviewAddress() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = readReviewParams(location.search);
  const go = useCallback(
    (patch: Partial<ReviewParams>, options: { replace?: boolean } = {}) => {
      // Read the address now, not at render: a key pressed twice quickly moves twice.
      const current = readReviewParams(window.location.search);
      void navigate({ search: reviewSearch({ ...current, ...patch }) }, { replace: options.replace ?? false });
    },
    [navigate],
  );
  return { params, go };
}

/**
 * Results → Review answers: every graded answer of the dataset in one table,
 * reviewed or not (review state does not split it), filtered by outcome,
 * agent, case tag or eval run; the queue's counts live; an answer open in the
 * side panel beside the table, with its evidence, grading and decision; and
 * keys for going through many answers fast.
 */
export function ReviewAnswers({ dataset }: { dataset: DatasetHeaderFieldsFragment }) {
  const { params, go } = useReviewAddress();
  const queue = useDatasetQueue(dataset.id);
  const key = filterKey(params);
  const pages = useKeysetPages(key);
  const filter = reviewFilter(params);
  const [{ data, error, fetching }, reread] = useQuery({
    query: ReviewAnswersQuery,
    variables: { id: dataset.id, first: PAGE_SIZE, after: pages.after, filter },
    requestPolicy: 'cache-and-network',
  });
  const [{ data: choices }] = useQuery({ query: ReviewFilterChoicesQuery, variables: { id: dataset.id }, requestPolicy: 'cache-and-network' });
  const connection = data?.dataset.reviewAnswers ?? null;
  const { rows, keep } = useStableRows<ReviewRowFieldsFragment>(connection, connection?.edges.map((edge) => edge.node) ?? null, `${key}:${pages.pageIndex}`);
  const ids = rows.map((row) => row.id);
  const openIndex = params.score === null ? -1 : ids.indexOf(params.score);
  const open = params.score !== null;

  // The queue changed (here or elsewhere): the rows say where each answer stands now.
  const firstEvents = useRef(queue.events);
  useEffect(() => {
    if (queue.events !== firstEvents.current) reread({ requestPolicy: 'network-only' });
  }, [queue.events, reread]);

  const [nextAfterDeciding, setNextAfterDeciding] = useState(readNextAfterDeciding);
  const [keysOpen, setKeysOpen] = useState(false);
  const undoable = useRef<string[]>([]);
  const controls = useRef<PanelControls | null>(null);
  // A row whose review changed here stays in place, showing what the change returned.
  const actions = useReviewActions((change) => keep(change.id, change.finalOutcome ? { review: change.review, finalOutcome: change.finalOutcome } : { review: change.review }));

  const move = useCallback(
    (step: 1 | -1) => {
      const current = readReviewParams(window.location.search).score;
      const target = neighbour(ids, current, step);
      if (target) go({ score: target });
      else if (step === 1 && current !== null && connection?.pageInfo.hasNextPage) notifications.show({ color: 'gray', title: 'Last answer of this page', message: 'Next, below the table, shows the following answers.' });
    },
    [ids, go, connection],
  );

  const onDecided = (score: DecidedScore, via: 'keyboard' | 'pointer') => {
    keep(score.id, { finalOutcome: score.finalOutcome, review: score.review, evidenceMasked: score.evidenceMasked });
    undoable.current = [...undoable.current.filter((id) => id !== score.id), score.id];
    if (via === 'keyboard' && nextAfterDeciding) move(1);
  };

  const live = useRef({ move, undo: actions.undo, openId: params.score });
  useEffect(() => {
    live.current = { move, undo: actions.undo, openId: params.score };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return;
      const action = reviewKeyAction(keyPressOf(event, live.current.openId !== null));
      if (!action) return;
      event.preventDefault();
      switch (action.kind) {
        case 'next':
          return live.current.move(1);
        case 'previous':
          return live.current.move(-1);
        case 'help':
          return setKeysOpen((open) => !open);
        case 'decide':
          return void controls.current?.decide(action.outcome, 'keyboard');
        case 'note':
          return controls.current?.focusNote();
        case 'leave-note':
          return controls.current?.leaveNote();
        case 'save-note':
          return void controls.current?.saveNote();
        case 'undo': {
          const last = undoable.current.pop();
          if (last) void live.current.undo(last);
          else notifications.show({ color: 'gray', title: 'Nothing to undo', message: 'No decision made here is left to undo.' });
          return;
        }
        case 'close':
          return go({ score: null });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  // Opening an answer brings the table and its panel into view; moving keeps the open row in view.
  const split = useRef<HTMLDivElement | null>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current) split.current?.scrollIntoView({ block: 'start' });
    wasOpen.current = open;
    if (params.score) document.querySelector(`[data-row-id="${CSS.escape(params.score)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, params.score]);

  const onMaskChanged = useCallback(() => {
    notifications.show({
      color: 'yellow',
      title: 'The answer was closed',
      message: 'What you may see of it changed while it was open, so the panel and your unsaved note were discarded. Open it again to read it as it is now.',
      autoClose: 10_000,
    });
    go({ score: null }, { replace: true });
  }, [go]);

  const problem = problemFrom(error);
  const agentNames = choices?.dataset.reviewAgentNames ?? [];
  const tags = choices?.dataset.tags ?? [];
  const filtered = filter !== null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4">
            Review answers
          </Title>
          <Group gap="xs">
            <Text size="sm" c="dimmed" data-testid="queue-counts" aria-live="polite">
              {queueSentence(queue.counts)}.
            </Text>
          </Group>
        </Stack>
        <Group gap="sm">
          <ReviewActions
            datasetId={dataset.id}
            filter={filter}
            filtered={filtered}
            canRescore={dataset.viewerCan.run && dataset.viewerCan.readRuns}
            canEdit={dataset.viewerCan.edit}
            waiting={filtered ? null : (queue.counts?.waiting ?? null)}
            onDone={() => reread({ requestPolicy: 'network-only' })}
          />
          <KeyboardHelp
            opened={keysOpen}
            onChange={setKeysOpen}
            nextAfterDeciding={nextAfterDeciding}
            onNextAfterDeciding={(value) => {
              setNextAfterDeciding(value);
              try {
                window.localStorage.setItem(NEXT_AFTER_DECIDING, value ? 'on' : 'off');
              } catch {
                // A browser that keeps nothing keeps the choice for this page only.
              }
            }}
          />
        </Group>
      </Group>
      <Group gap="sm" align="flex-end" role="search" aria-label="Filter the answers">
        <Select label="Outcome" placeholder="Any outcome" data={OUTCOME_CHOICES} value={params.outcome} clearable w={170} onChange={(value) => go({ outcome: (value as ScoreOutcome | null) ?? null })} />
        <Select label="Agent" placeholder="Any agent" data={agentNames} value={params.agent} clearable searchable w={200} onChange={(value) => go({ agent: value })} />
        <Select label="Case tag" placeholder="Any tag" data={tags} value={params.tag} clearable searchable w={180} onChange={(value) => go({ tag: value })} />
        {params.evalRun && (
          <Badge size="lg" variant="light" rightSection={<IconX size={12} aria-hidden />} component="button" type="button" onClick={() => go({ evalRun: null })} aria-label="Answers of one eval run: show every answer" style={{ cursor: 'pointer' }}>
            One eval run&apos;s answers
          </Badge>
        )}
        {connection && typeof connection.totalCount === 'number' && (
          <Text size="sm" c="dimmed" ml="auto" data-testid="review-total">
            {countOf(connection.totalCount, 'answer', 'answers')}
          </Text>
        )}
      </Group>
      {problem && <ProblemAlert problem={problem} title="The answers could not be read" />}
      {!connection && !problem && fetching && (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading the answers" />
        </Center>
      )}
      {connection && rows.length === 0 && (
        <Paper withBorder radius="md" py={40} px="xl">
          <EmptyState
            icon={<IconChecklist size={28} stroke={1.5} />}
            title={filtered ? 'No answer matches these filters' : 'No graded answer yet'}
            description={filtered ? 'Clear a filter to see more.' : 'Answers appear here once they are graded: by an eval run, Score against a case in Activity, or the API.'}
          >
            {filtered && (
              <EmptyState.Actions>
                <Button variant="default" onClick={() => go({ outcome: null, agent: null, tag: null, evalRun: null })}>
                  Clear the filters
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        </Paper>
      )}
      {open && openIndex === -1 && rows.length > 0 && (
        <Alert color="gray" variant="light">
          The open answer is not among the rows shown.
        </Alert>
      )}
      {(rows.length > 0 || open) && (
        <div className={classes.split} data-open={open || undefined} ref={split}>
          <div>
            {rows.length > 0 && <ReviewTable rows={rows} openId={params.score} datasetId={dataset.id} readsRuns={dataset.viewerCan.readRuns} compact={open} onOpen={(scoreId) => go({ score: scoreId })} />}
            {connection && (
              <KeysetPager
                pageIndex={pages.pageIndex}
                pageSize={PAGE_SIZE}
                shown={connection.edges.length}
                total={connection.totalCount}
                hasNextPage={connection.pageInfo.hasNextPage}
                onPrevious={pages.previous}
                onNext={() => connection.pageInfo.endCursor && pages.next(connection.pageInfo.endCursor)}
                what="answers"
              />
            )}
          </div>
          {params.score !== null && (
            <div className={classes.panel}>
              <ReviewPanel
                key={params.score}
                scoreId={params.score}
                datasetId={dataset.id}
                latestVersion={dataset.latestVersion}
                canEdit={dataset.viewerCan.edit}
                readsRuns={dataset.viewerCan.readRuns}
                position={openIndex === -1 ? null : { index: openIndex, count: rows.length }}
                rereadKey={queue.events}
                actions={actions}
                controlsRef={controls}
                onMove={move}
                onClose={() => go({ score: null })}
                onDecided={onDecided}
                onMaskChanged={onMaskChanged}
              />
            </div>
          )}
        </div>
      )}
    </Stack>
  );
}
