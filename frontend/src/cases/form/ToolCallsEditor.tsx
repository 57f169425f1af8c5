import { ActionIcon, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type CaseFormValues, emptyArgument, emptyToolCall, type OrderMode, type ToolCallFormValue } from '../caseForm';
import { MONOSPACE_INPUT } from './inputStyles';

export const ORDER_MODE_WORDS: Record<OrderMode, { label: string; description: string }> = {
  any: { label: 'Any order', description: 'Every expected call happened, in any order, among any others.' },
  in_order: { label: 'In order', description: 'They happened in the listed order; other calls may come between them.' },
  exact: { label: 'Exactly these', description: 'These calls, in this order, and no others.' },
};

/**
 * Expected tool calls: each a tool name and its arguments as name and value
 * rows (a value is JSON when it parses as JSON, else text), and how the calls
 * are matched.
 */
export function ToolCallsEditor({
  form,
  calls,
  orderMode,
  disabled,
}: {
  form: UseFormReturnType<CaseFormValues>;
  calls: ToolCallFormValue[];
  orderMode: OrderMode;
  disabled?: boolean;
}) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The tools the agent should call, with the arguments that must match. Arguments a case does not list are ignored. A value is read as JSON when it is JSON (<code>42</code>,{' '}
        <code>true</code>, <code>{'{"a": 1}'}</code>), otherwise as text.
      </Text>
      {calls.map((call, index) => {
        const number = index + 1;
        const argsError = form.errors[`expectedToolCalls.${index}.args`];
        return (
          <Paper key={call.key} withBorder p="sm" radius="md">
            <Group align="flex-end" wrap="nowrap" mb="xs">
              <TextInput
                label={`Tool ${number}`}
                placeholder="lookup_order"
                styles={MONOSPACE_INPUT}
                style={{ flex: 1 }}
                disabled={disabled}
                {...form.getInputProps(`expectedToolCalls.${index}.tool`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove tool call ${number}`}
                disabled={disabled}
                onClick={() => form.removeListItem('expectedToolCalls', index)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
            <Stack gap={6} pl="md">
              {call.args.map((arg, argIndex) => (
                <Group key={arg.key} gap="xs" wrap="nowrap">
                  <TextInput
                    aria-label={`Tool ${number}, argument ${argIndex + 1}: name`}
                    placeholder="name"
                    size="xs"
                    styles={MONOSPACE_INPUT}
                    w="35%"
                    disabled={disabled}
                    {...form.getInputProps(`expectedToolCalls.${index}.args.${argIndex}.name`)}
                  />
                  <TextInput
                    aria-label={`Tool ${number}, argument ${argIndex + 1}: value`}
                    placeholder="value"
                    size="xs"
                    styles={MONOSPACE_INPUT}
                    style={{ flex: 1 }}
                    disabled={disabled}
                    {...form.getInputProps(`expectedToolCalls.${index}.args.${argIndex}.value`)}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove argument ${argIndex + 1} of tool ${number}`}
                    disabled={disabled}
                    onClick={() => form.removeListItem(`expectedToolCalls.${index}.args`, argIndex)}
                  >
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              ))}
              {argsError && (
                <Text size="xs" c="red" role="alert">
                  {argsError}
                </Text>
              )}
              <Group>
                <Button
                  variant="subtle"
                  size="compact-xs"
                  leftSection={<IconPlus size={12} aria-hidden />}
                  disabled={disabled}
                  onClick={() => form.insertListItem(`expectedToolCalls.${index}.args`, emptyArgument())}
                  aria-label={`Add an argument to tool ${number}`}
                >
                  Add an argument
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      {form.errors.expectedToolCalls && (
        <Text size="sm" c="red" role="alert">
          {form.errors.expectedToolCalls}
        </Text>
      )}
      <Group justify="space-between" align="flex-end">
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={disabled}
          onClick={() => form.insertListItem('expectedToolCalls', emptyToolCall())}
        >
          Add a tool call
        </Button>
        {calls.length > 0 && (
          <Stack gap={4} align="flex-end">
            <SegmentedControl
              aria-label="How the calls are matched"
              size="xs"
              disabled={disabled}
              data={Object.entries(ORDER_MODE_WORDS).map(([value, words]) => ({ value, label: words.label }))}
              {...form.getInputProps('orderMode')}
            />
            <Text size="xs" c="dimmed">
              {ORDER_MODE_WORDS[orderMode].description}
            </Text>
          </Stack>
        )}
      </Group>
    </Stack>
  );
}
