import { Badge, Button, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { asSentence } from '../api/errors';
import type { EvalProgressFieldsFragment } from '../gql/graphql';
import { barSections, formatEta, formatUsd, isOver, percentAnswered, progressSentence, STATUS_WORDS } from './progress';

/** The run's status as a coloured label, with the reason it ended when it failed or was cancelled. */
export function EvalStatusBadge({ status, reason }: { status: EvalProgressFieldsFragment['status']; reason?: string | null }) {
  const words = STATUS_WORDS[status];
  const badge = (
    <Badge variant="light" color={words.color} data-testid="eval-status">
      {words.label}
    </Badge>
  );
  return reason ? <Tooltip label={asSentence(reason)}>{badge}</Tooltip> : badge;
}

/**
 * Where a run stands: a bar of passed, failed, not graded and answered-but-
 * not-scored shares of every answer it will produce, the counts, cost so far
 * and time left; Cancel while it runs, for whoever may.
 */
export function EvalProgressBar({
  progress,
  onCancel,
  cancelling = false,
  compact = false,
}: {
  progress: EvalProgressFieldsFragment;
  onCancel?: (() => void) | undefined;
  cancelling?: boolean;
  compact?: boolean;
}) {
  const sections = barSections(progress);
  const percent = percentAnswered(progress);
  const eta = isOver(progress.status) ? null : formatEta(progress.etaSeconds);
  const label = `${percent}% answered`;
  return (
    <Stack gap={4} role="group" aria-label="Progress of the run">
      <Progress.Root
        size={compact ? 'md' : 'xl'}
        role="progressbar"
        aria-label="Answers produced"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.answered}
        aria-valuetext={label}
      >
        {sections.map((section) => (
          <Tooltip key={section.key} label={`${section.label}: ${section.count}`}>
            <Progress.Section value={section.value} color={section.color} withAria={false} data-section={section.key} />
          </Tooltip>
        ))}
      </Progress.Root>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size={compact ? 'xs' : 'sm'} c="dimmed" data-testid="eval-progress-counts" role="status">
          {progressSentence(progress)}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size={compact ? 'xs' : 'sm'} c="dimmed" data-testid="eval-progress-cost">
            {isOver(progress.status) ? `cost ${formatUsd(progress.costUsd)}` : `${formatUsd(progress.costUsd)} so far`}
          </Text>
          {eta && (
            <Text size={compact ? 'xs' : 'sm'} c="dimmed" data-testid="eval-progress-eta">
              · {eta}
            </Text>
          )}
          {onCancel && !isOver(progress.status) && (
            <Button size="compact-xs" variant="light" color="red" leftSection={<IconPlayerStop size={12} aria-hidden />} loading={cancelling} onClick={onCancel}>
              Cancel run
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
