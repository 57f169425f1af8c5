import { Badge, Checkbox, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { GradingFormValues } from './gradingForm';

export type ScorerKey = 'checks' | 'toolCalls' | 'judge' | 'reference' | 'structured';

/**
 * One scorer: what it compares and what it costs, how many cases hold what it
 * reads, its switch and its **Must pass** mark.
 */
export function ScorerSection({
  form,
  scorer,
  name,
  compares,
  costs,
  reads,
  readsNote,
  disabled,
  children,
}: {
  form: UseFormReturnType<GradingFormValues>;
  scorer: ScorerKey;
  name: string;
  compares: string;
  costs: string;
  reads: string | null;
  /** Said under `reads`, such as how many of those cases it cannot grade yet. */
  readsNote?: React.ReactNode;
  disabled: boolean;
  children?: React.ReactNode;
}) {
  const settings = form.getValues()[scorer];
  const switchError = form.errors[`${scorer}.enabled`];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={3}>{name}</Title>
              <Badge size="xs" variant="outline" color="gray">
                {costs}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {compares}
            </Text>
            {reads !== null && (
              <Text size="sm" fw={550} data-testid={`reads-${scorer}`}>
                {reads}
              </Text>
            )}
            {readsNote}
          </Stack>
          <Stack gap={6} align="flex-end" style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
            <Switch label={settings.enabled ? 'On' : 'Off'} labelPosition="left" aria-label={name} disabled={disabled} error={switchError} {...form.getInputProps(`${scorer}.enabled`, { type: 'checkbox' })} />
            <Checkbox
              label="Must pass"
              aria-label={`${name}: must pass`}
              disabled={disabled || !settings.enabled}
              {...form.getInputProps(`${scorer}.mustPass`, { type: 'checkbox' })}
            />
          </Stack>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
