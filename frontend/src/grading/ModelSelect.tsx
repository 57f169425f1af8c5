import { Button, Group, Select, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { ModelConnectionFieldsFragment } from '../gql/graphql';
import { AddModelDialog } from './AddModelDialog';

/** A model on a saved connection, as one option of the selector. */
const SEPARATOR = '\u001f';

export function modelOption(connectionId: string, model: string): string {
  return `${connectionId}${SEPARATOR}${model}`;
}

function fromOption(value: string): { connectionId: string; model: string } {
  const at = value.indexOf(SEPARATOR);
  return { connectionId: value.slice(0, at), model: value.slice(at + 1) };
}

const PROVIDER_NAMES = { OPENAI: 'OpenAI-compatible', ANTHROPIC: 'Anthropic' } as const;

/**
 * The judge's model: a compact, searchable selector of the saved models,
 * grouped by connection, and **Add model** for a new provider, model and key.
 */
export function ModelSelect({
  connections,
  connectionId,
  model,
  error,
  disabled,
  canAddModel,
  onChange,
  onConnectionAdded,
}: {
  connections: readonly ModelConnectionFieldsFragment[];
  connectionId: string | null;
  model: string | null;
  error?: React.ReactNode;
  disabled: boolean;
  canAddModel: boolean;
  onChange: (choice: { connectionId: string | null; model: string | null }) => void;
  onConnectionAdded: (connection: ModelConnectionFieldsFragment) => void;
}) {
  const [adding, add] = useDisclosure(false);
  const data = connections.map((connection) => ({
    group: `${connection.name} · ${PROVIDER_NAMES[connection.provider]}${connection.keyHint ? ` · key ${connection.keyHint}` : ''}`,
    items: connection.models.map((name) => ({ value: modelOption(connection.id, name), label: name })),
  }));
  const value = connectionId && model ? modelOption(connectionId, model) : null;
  const known = value !== null && connections.some((connection) => connection.id === connectionId && connection.models.includes(model ?? ''));
  if (value !== null && !known) data.push({ group: 'No longer saved', items: [{ value, label: `${model} (its connection was deleted)` }] });

  const addButton = canAddModel ? (
    <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={add.open} disabled={disabled}>
      Add model
    </Button>
  ) : (
    <Tooltip label="Adding a model needs permission to manage connections">
      <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} data-disabled aria-disabled="true" onClick={(event) => event.preventDefault()}>
        Add model
      </Button>
    </Tooltip>
  );
  return (
    <>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <Select
          label="Model"
          description="The model the judge grades with."
          placeholder={connections.length === 0 ? 'No saved model yet: add one' : 'Search saved models'}
          data={data}
          value={value}
          onChange={(next) => onChange(next ? fromOption(next) : { connectionId: null, model: null })}
          searchable
          clearable
          nothingFoundMessage="No saved model matches"
          disabled={disabled}
          error={error}
          style={{ flex: 1 }}
          maxDropdownHeight={320}
        />
        {addButton}
      </Group>
      <AddModelDialog
        opened={adding}
        onClose={add.close}
        onAdded={(connection) => {
          onConnectionAdded(connection);
          const first = connection.models[0];
          if (first) onChange({ connectionId: connection.id, model: first });
        }}
      />
    </>
  );
}
