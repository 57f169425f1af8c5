import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { type CaseFormValues, emptyTurn, type TurnFormValue } from '../caseForm';

const ROLE_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'assistant', label: 'Agent' },
];

/**
 * The conversation before the input, turn by turn, oldest first: each turn a
 * role and what was said; turns can be added, removed and moved.
 */
export function TurnsEditor({ form, turns, disabled }: { form: UseFormReturnType<CaseFormValues>; turns: TurnFormValue[]; disabled?: boolean }) {
  const error = form.errors.history;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Only when the question depends on them: with earlier turns, the case is a conversation and the agent answers its last message, the input.
      </Text>
      {turns.map((turn, index) => {
        const number = index + 1;
        return (
          <Paper key={turn.key} withBorder p="sm" radius="md">
            <Group justify="space-between" mb={6} wrap="nowrap">
              <Select
                aria-label={`Turn ${number}: who`}
                data={ROLE_OPTIONS}
                allowDeselect={false}
                size="xs"
                w={120}
                disabled={disabled}
                {...form.getInputProps(`history.${index}.role`)}
              />
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move turn ${number} up`}
                  disabled={disabled || index === 0}
                  onClick={() => form.reorderListItem('history', { from: index, to: index - 1 })}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Move turn ${number} down`}
                  disabled={disabled || index === turns.length - 1}
                  onClick={() => form.reorderListItem('history', { from: index, to: index + 1 })}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={`Remove turn ${number}`} disabled={disabled} onClick={() => form.removeListItem('history', index)}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Group>
            <Textarea
              aria-label={`Turn ${number}: what was said`}
              autosize
              minRows={2}
              maxRows={10}
              disabled={disabled}
              {...form.getInputProps(`history.${index}.content`)}
            />
          </Paper>
        );
      })}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={disabled}
          onClick={() => form.insertListItem('history', emptyTurn(turns.at(-1)?.role === 'user' ? 'assistant' : 'user'))}
        >
          Add a turn
        </Button>
      </Group>
    </Stack>
  );
}
