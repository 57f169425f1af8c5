import { Accordion, Badge, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { agentAtVersion } from '../agents/versionLabel';
import { formatExact, formatWhen } from '../common/time';
import type { EvalAnswerFieldsFragment, ScoreOutcome } from '../gql/graphql';
import { Markdown } from '../markdown/Markdown';
import { formatMs, formatUsd } from './progress';
import { useVersionLabel } from './RunVersionLabels';
import { scorerLabel } from './summaryTables';

export const OUTCOME_WORDS: Record<ScoreOutcome, { label: string; color: string }> = {
  PASS: { label: 'Passed', color: 'teal' },
  FAIL: { label: 'Failed', color: 'red' },
  NOT_GRADED: { label: 'Not graded', color: 'gray' },
};

export function OutcomeBadge({ outcome, size = 'sm' }: { outcome: ScoreOutcome | null | undefined; size?: 'xs' | 'sm' | 'md' }) {
  if (!outcome) {
    return (
      <Badge size={size} variant="outline" color="gray">
        Not answered yet
      </Badge>
    );
  }
  const words = OUTCOME_WORDS[outcome];
  return (
    <Badge size={size} variant="light" color={words.color}>
      {words.label}
    </Badge>
  );
}

export interface DecidedLike {
  outcome: ScoreOutcome;
  finalOutcome?: ScoreOutcome | null;
  review?: { state: string; decision?: { outcome: ScoreOutcome | 'PASS' | 'FAIL'; decidedBy?: string | null; decidedAt: string; overrulesScorers: boolean } | null } | null;
}

/** "Decided: fails, by Ann, 2 minutes ago · the scorers said Passed"; null when no person decided. */
export function decisionWords(score: DecidedLike): string | null {
  const decision = score.review?.state === 'DECIDED' ? score.review.decision : null;
  if (!decision) return null;
  const who = decision.decidedBy ? `, by ${decision.decidedBy}` : '';
  const scorers = decision.overrulesScorers ? ` · the scorers said ${OUTCOME_WORDS[score.outcome].label}` : '';
  return `Decided: ${decision.outcome === 'PASS' ? 'passes' : 'fails'}${who}, ${formatWhen(decision.decidedAt)}${scorers}`;
}

/**
 * The outcome an answer counts as: the person's decision where one was made
 * (who and when beside it, with what the scorers said when it overrules
 * them), else the scorers'. One component for every place an outcome shows.
 */
export function DecidedOutcome({ score, size = 'sm' }: { score: DecidedLike | null | undefined; size?: 'xs' | 'sm' | 'md' }) {
  if (!score) return <OutcomeBadge outcome={null} size={size} />;
  const words = decisionWords(score);
  const decidedAt = score.review?.decision?.decidedAt;
  return (
    <Group gap={6} wrap="nowrap" data-testid="decided-outcome">
      <OutcomeBadge outcome={score.finalOutcome ?? score.outcome} size={size} />
      {words && (
        <Text size="xs" c="dimmed" title={formatExact(decidedAt)} data-testid="decision-words">
          {words}
        </Text>
      )}
    </Group>
  );
}

export function ToolCalls({ calls }: { calls: NonNullable<EvalAnswerFieldsFragment['toolCalls']> }) {
  if (calls.length === 0) return null;
  return (
    <Accordion multiple variant="contained" chevronPosition="left" aria-label="Tool calls">
      {calls.map((call, index) => (
        <Accordion.Item key={`${call.name}-${index}`} value={String(index)}>
          <Accordion.Control icon={<IconTool size={16} aria-hidden />}>
            <Group gap="xs">
              <Code>{call.name}</Code>
              {call.blocked && (
                <Badge size="sm" variant="light" color="orange">
                  Blocked
                </Badge>
              )}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {JSON.stringify(call.args, null, 2)}
            </Code>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

/** One answer as it was graded: the outcome, the answer in Markdown, its tool calls, and what each scorer found, failing first. */
export function AnswerCard({ title, score, highlight }: { title: string; score: EvalAnswerFieldsFragment | null | undefined; highlight?: 'regression' | 'improvement' | undefined }) {
  const label = useVersionLabel(score?.agentName, score?.agentVersion);
  const border = highlight === 'regression' ? 'var(--mantine-color-red-5)' : highlight === 'improvement' ? 'var(--mantine-color-teal-5)' : undefined;
  return (
    <Paper withBorder radius="md" p="md" style={border ? { borderColor: border, borderWidth: 2 } : undefined} role="region" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {title}
          </Text>
          {score && <DecidedOutcome score={score} />}
        </Group>
        {!score ? (
          <Text size="sm" c="dimmed">
            No answer recorded.
          </Text>
        ) : (
          <>
            <Text size="xs" c="dimmed">
              {[score.agentName && (score.agentVersion ? agentAtVersion(score.agentName, score.agentVersion, label) : score.agentName), score.repetition ? `repetition ${score.repetition}` : null, formatMs(score.latencyMs), score.costUsd === null || score.costUsd === undefined ? null : formatUsd(score.costUsd), typeof score.quality === 'number' ? `quality ${score.quality.toFixed(2)}` : null]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            {score.answer === null || score.answer === undefined ? (
              <Text size="sm" c="dimmed">
                The answer is hidden: reading it needs runs:view.
              </Text>
            ) : (
              <Markdown>{score.answer}</Markdown>
            )}
            {score.answerCut && (
              <Text size="xs" c="dimmed">
                The answer kept is its first 8,000 characters.
              </Text>
            )}
            {score.toolCalls && <ToolCalls calls={score.toolCalls} />}
            <Stack gap={4}>
              {[...score.results]
                .sort((a, b) => Number(a.status === 'PASS') - Number(b.status === 'PASS'))
                .map((result) => (
                  <Group key={result.scorer} gap="xs" wrap="nowrap" align="flex-start">
                    <Badge size="xs" variant="dot" color={result.status === 'PASS' ? 'teal' : result.status === 'FAIL' ? 'red' : 'gray'} style={{ flexShrink: 0 }}>
                      {scorerLabel(result.scorer)}
                    </Badge>
                    <Text size="xs">{result.skipped ? 'Skipped.' : (result.reason ?? (result.status === 'PASS' ? 'Passed.' : result.status === 'FAIL' ? 'Failed.' : 'No verdict.'))}</Text>
                  </Group>
                ))}
            </Stack>
          </>
        )}
      </Stack>
    </Paper>
  );
}
