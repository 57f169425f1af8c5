import { ActionIcon, Button, Checkbox, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MONOSPACE_INPUT } from '../../cases/form/inputStyles';
import type { AgentKind } from '../../gql/graphql';
import { type AgentFormValues, emptyTool, PARAMETERS_EXAMPLE, type ToolFormValues } from '../agentForm';

const TOOLS_WORDS: Record<AgentKind, string> = {
  MODEL:
    'Every call the model makes is recorded with its arguments. A call is executed by a signed POST to the tool’s endpoint; without one it answers “not available here”. In an isolated run a tool that is not read-only is never executed: the call is recorded as blocked.',
  WEBHOOK: 'Declared tools are sent with every request; the webhook executes its own. In an isolated run it is told to execute none that is not read-only.',
  LOCAL:
    'Declared tools are given with every question your code claims; it executes its own and reports each call. Every eval run is isolated: a call of a tool that is not read-only must not be executed, and is reported as blocked.',
};

/**
 * The tools an agent declares: a name the model calls it by, what it does,
 * its arguments as a JSON Schema, whether it only reads, and for a model
 * agent where a call is executed.
 */
export function ToolsEditor({
  kind,
  form,
  tools,
  disabled,
}: {
  kind: AgentKind;
  form: UseFormReturnType<AgentFormValues>;
  tools: ToolFormValues[];
  disabled: boolean;
}) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {TOOLS_WORDS[kind]}
      </Text>
      {tools.map((tool, index) => {
        const number = index + 1;
        return (
          <Paper key={tool.key} withBorder p="sm" radius="md" role="group" aria-label={`Tool ${number}`}>
            <Stack gap="xs">
              <Group align="flex-end" wrap="nowrap">
                <TextInput
                  label={`Tool ${number}: name`}
                  description="What the model calls it by: letters, digits, _ or -."
                  placeholder="lookup_order"
                  styles={MONOSPACE_INPUT}
                  style={{ flex: 1 }}
                  disabled={disabled}
                  {...form.getInputProps(`tools.${index}.name`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={`Remove tool ${number}`}
                  disabled={disabled}
                  onClick={() => form.removeListItem('tools', index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
              <TextInput label={`Tool ${number}: description`} placeholder="Looks an order up by its number" disabled={disabled} {...form.getInputProps(`tools.${index}.description`)} />
              <Textarea
                label={`Tool ${number}: arguments (JSON Schema)`}
                description="An object schema. Leave empty for a tool without arguments."
                placeholder={PARAMETERS_EXAMPLE}
                autosize
                minRows={3}
                maxRows={14}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
                disabled={disabled}
                {...form.getInputProps(`tools.${index}.parameters`)}
              />
              <Group gap="lg" align="flex-start">
                <Checkbox
                  label="Read-only"
                  description="It only reads, so an isolated run may execute it."
                  disabled={disabled}
                  {...form.getInputProps(`tools.${index}.readOnly`, { type: 'checkbox' })}
                />
                {kind === 'MODEL' && (
                  <TextInput
                    label={`Tool ${number}: endpoint`}
                    description="https:// address a call is POSTed to, signed with the agent’s secret."
                    placeholder="https://tools.example.com/lookup_order"
                    style={{ flex: 1 }}
                    disabled={disabled}
                    {...form.getInputProps(`tools.${index}.endpoint`)}
                  />
                )}
              </Group>
            </Stack>
          </Paper>
        );
      })}
      {typeof form.errors.tools === 'string' && (
        <Text size="sm" c="red" role="alert">
          {form.errors.tools}
        </Text>
      )}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={disabled} onClick={() => form.insertListItem('tools', emptyTool())}>
          Add a tool
        </Button>
      </Group>
    </Stack>
  );
}
