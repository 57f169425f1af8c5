import { Anchor, Badge, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconUserCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatExact, formatWhen } from '../common/time';
import { resultsSearch } from '../datasets/workspaceParams';
import { OutcomeBadge } from '../evals/AnswerCard';
import type { ReviewRowFieldsFragment } from '../gql/graphql';
import classes from './Review.module.css';

function short(text: string, length = 140): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

export function questionOf(row: ReviewRowFieldsFragment): string {
  if (!row.case) return 'The case is gone.';
  return row.case.masked ? 'The question is hidden from you.' : row.case.input;
}

function agentOf(row: ReviewRowFieldsFragment): string {
  return row.agentName ? `${row.agentName}${row.agentVersion ? ` v${row.agentVersion}` : ''}` : 'An agent not named';
}

function ReviewStateBadge({ row }: { row: ReviewRowFieldsFragment }) {
  const review = row.review;
  if (review.state === 'WAITING') {
    return (
      <Badge size="sm" variant="outline" color="indigo.9">
        Waits for review
      </Badge>
    );
  }
  if (review.state === 'DECIDED') {
    return (
      <Badge size="sm" variant="outline" color="gray.8" leftSection={<IconUserCheck size={12} aria-hidden />}>
        {review.decision?.overrulesScorers ? 'Overruled' : 'Decided'}
      </Badge>
    );
  }
  return null;
}

/** Where the answer came from: its eval run (a link, where the reader may read runs), a run of Activity, or the API. */
export function Source({ row, datasetId, readsRuns }: { row: ReviewRowFieldsFragment; datasetId: string; readsRuns: boolean }) {
  if (row.source === 'EVAL_RUN') {
    if (!row.evalRun) return <Text size="sm">Eval run</Text>;
    return (
      <Anchor component={Link} to={`/datasets/${encodeURIComponent(datasetId)}${resultsSearch({ run: row.evalRun.id })}`} size="sm" onClick={(event) => event.stopPropagation()}>
        Eval run, v{row.evalRun.datasetVersion}
        <Text span size="xs" c="dimmed" display="block">
          {formatWhen(row.evalRun.createdAt)}
        </Text>
      </Anchor>
    );
  }
  if (row.source === 'ACTIVITY_RUN') {
    if (!row.sourceRunId || !readsRuns) return <Text size="sm">Activity</Text>;
    return (
      <Anchor component={Link} to={`/activity/runs/${encodeURIComponent(row.sourceRunId)}`} size="sm" onClick={(event) => event.stopPropagation()}>
        Activity run
      </Anchor>
    );
  }
  return <Text size="sm">API</Text>;
}

/**
 * Every graded answer, one row each: question, agent, result, model, date
 * and source. The open answer's row is marked; a row opens its answer in the
 * side panel, by its question or anywhere on the row.
 */
export function ReviewTable({
  rows,
  openId,
  datasetId,
  readsRuns,
  compact,
  onOpen,
}: {
  rows: readonly ReviewRowFieldsFragment[];
  openId: string | null;
  datasetId: string;
  readsRuns: boolean;
  /** Beside the open panel: the question (with its agent under it) and the result; the panel says the rest. */
  compact: boolean;
  onOpen: (scoreId: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={compact ? 360 : 720}>
      <Table verticalSpacing="xs" highlightOnHover aria-label="Graded answers" className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Question</Table.Th>
            {!compact && <Table.Th>Agent</Table.Th>}
            <Table.Th miw={140}>Result</Table.Th>
            {!compact && (
              <>
                <Table.Th>Model</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Source</Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const open = row.id === openId;
            return (
              <Table.Tr key={row.id} data-testid="review-row" data-open={open || undefined} aria-current={open ? 'true' : undefined} className={classes.row} onClick={() => onOpen(row.id)}>
                <Table.Td maw={360}>
                  <UnstyledButton
                    className={classes.question}
                    data-row-id={row.id}
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(row.id);
                    }}
                  >
                    <Text component="span" display="block" size="sm" fw={open ? 600 : 500} c={row.case?.masked ? 'dimmed' : undefined}>
                      {short(questionOf(row))}
                    </Text>
                  </UnstyledButton>
                  {(compact || row.caseTags.length > 0) && (
                    <Text size="xs" c="dimmed">
                      {[compact ? agentOf(row) : null, ...row.caseTags].filter(Boolean).join(' · ')}
                    </Text>
                  )}
                </Table.Td>
                {!compact && (
                  <Table.Td>
                    <Text size="sm">{row.agentName ?? '—'}</Text>
                    {row.agentVersion && (
                      <Text size="xs" c="dimmed">
                        v{row.agentVersion}
                      </Text>
                    )}
                  </Table.Td>
                )}
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <Group gap={4}>
                      <OutcomeBadge outcome={row.finalOutcome} />
                    </Group>
                    <ReviewStateBadge row={row} />
                  </Stack>
                </Table.Td>
                {!compact && (
                  <>
                    <Table.Td>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {row.answeringModel ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" title={formatExact(row.createdAt)}>
                        {formatWhen(row.createdAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Source row={row} datasetId={datasetId} readsRuns={readsRuns} />
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
