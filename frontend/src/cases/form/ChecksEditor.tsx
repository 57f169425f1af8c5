import { ActionIcon, Button, Checkbox, Group, JsonInput, NumberInput, Paper, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CHECK_DEFINITIONS, CHECK_TYPES, type CheckFormValue, type CheckType, emptyCheck } from '../checks';
import { MONOSPACE_INPUT } from './inputStyles';

const TEXT_RULES: readonly CheckType[] = ['contains', 'not_contains', 'equals', 'regex'];

function CheckParameters<V>({ form, base, check, number, disabled }: { form: UseFormReturnType<V>; base: string; check: CheckFormValue; number: number; disabled?: boolean }) {
  const pathInput = (
    <TextInput
      label="Path in a JSON answer"
      description="Optional, such as items.0.name; without it the rule reads the whole answer."
      placeholder="items.0.name"
      styles={MONOSPACE_INPUT}
      disabled={disabled}
      {...form.getInputProps(`${base}.path`)}
    />
  );
  if (TEXT_RULES.includes(check.type)) {
    return (
      <Stack gap="xs">
        <TextInput
          label={check.type === 'regex' ? 'Pattern' : 'Value'}
          styles={check.type === 'regex' ? MONOSPACE_INPUT : undefined}
          aria-label={`Check ${number}: ${check.type === 'regex' ? 'pattern' : 'value'}`}
          disabled={disabled}
          {...form.getInputProps(`${base}.value`)}
        />
        <Group grow align="flex-start">
          {pathInput}
          <Checkbox mt={30} label="Case sensitive" disabled={disabled} {...form.getInputProps(`${base}.caseSensitive`, { type: 'checkbox' })} />
        </Group>
      </Stack>
    );
  }
  switch (check.type) {
    case 'json_schema':
      return (
        <Stack gap="xs">
          <JsonInput
            label="JSON Schema"
            description="Without pattern or patternProperties; a $ref must point inside the schema."
            autosize
            minRows={3}
            maxRows={14}
            formatOnBlur
            disabled={disabled}
            {...form.getInputProps(`${base}.schema`)}
          />
          {pathInput}
        </Stack>
      );
    case 'max_cost_usd':
    case 'max_latency_ms':
      return (
        <NumberInput
          label={check.type === 'max_cost_usd' ? 'At most (USD)' : 'At most (milliseconds)'}
          aria-label={`Check ${number}: at most`}
          min={0}
          decimalScale={check.type === 'max_cost_usd' ? 6 : undefined}
          allowDecimal={check.type === 'max_cost_usd'}
          w={220}
          disabled={disabled}
          {...form.getInputProps(`${base}.value`)}
        />
      );
    case 'length':
      return (
        <Stack gap="xs">
          <Group align="flex-end" gap="sm">
            <SegmentedControl
              aria-label={`Check ${number}: count`}
              data={[
                { value: 'words', label: 'Words' },
                { value: 'characters', label: 'Characters' },
              ]}
              disabled={disabled}
              {...form.getInputProps(`${base}.unit`)}
            />
            <NumberInput label="At least" min={0} allowDecimal={false} w={120} disabled={disabled} {...form.getInputProps(`${base}.min`)} />
            <NumberInput label="At most" min={0} allowDecimal={false} w={120} disabled={disabled} {...form.getInputProps(`${base}.max`)} />
          </Group>
          {pathInput}
        </Stack>
      );
    case 'judge':
      return (
        <Textarea
          label="Criterion"
          description="For this case only, graded by the judge in the same run as the dataset's criteria. Phrase it as a yes-or-no question."
          autosize
          minRows={2}
          disabled={disabled}
          {...form.getInputProps(`${base}.criterion`)}
        />
      );
    default:
      return null;
  }
}

/**
 * Checks, each a type picked from the list with its parameters beside it.
 * `path` is where the list lives in the form (`checks`, `checks.defaultChecks`).
 */
export function ChecksEditor<V>({
  form,
  path,
  checks,
  types = CHECK_TYPES,
  disabled,
  addLabel = 'Add a check',
}: {
  form: UseFormReturnType<V>;
  path: string;
  checks: CheckFormValue[];
  types?: readonly CheckType[];
  disabled?: boolean;
  addLabel?: string;
}) {
  // The list's path is only known at run time, so its element type cannot be read from V.
  const addCheck = (check: CheckFormValue) => form.insertListItem(path, check as never);
  const typeOptions = types.map((type) => ({ value: type, label: CHECK_DEFINITIONS[type].label }));
  return (
    <Stack gap="sm">
      {checks.map((check, index) => {
        const base = `${path}.${index}`;
        const number = index + 1;
        const rowError = form.errors[base];
        return (
          <Paper key={check.key} withBorder p="sm" radius="md">
            <Group justify="space-between" align="flex-end" wrap="nowrap" mb="xs">
              <Select
                label={`Check ${number}`}
                data={typeOptions}
                allowDeselect={false}
                searchable
                w={260}
                disabled={disabled}
                {...form.getInputProps(`${base}.type`)}
              />
              <Text size="xs" c="dimmed" style={{ flex: 1 }}>
                Passes when: {CHECK_DEFINITIONS[check.type].passesWhen.toLowerCase()}.
              </Text>
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove check ${number}`} disabled={disabled} onClick={() => form.removeListItem(path, index)}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
            <CheckParameters form={form} base={base} check={check} number={number} disabled={disabled} />
            {rowError && (
              <Text size="xs" c="red" mt={4} role="alert">
                {rowError}
              </Text>
            )}
          </Paper>
        );
      })}
      {form.errors[path] && (
        <Text size="sm" c="red" role="alert">
          {form.errors[path]}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={disabled}
          onClick={() => addCheck(emptyCheck(types[0] ?? 'contains'))}
        >
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}
