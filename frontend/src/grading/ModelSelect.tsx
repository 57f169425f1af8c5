import { Button, type ComboboxItemGroup, Group, Select, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import type { ModelConnectionFieldsFragment } from '../gql/graphql';
import { AddModelDialog } from './AddModelDialog';

/** A model on a saved connection, as one option of a selector. */
const SEPARATOR = '\u001f';

export function modelOption(connectionId: string, model: string): string {
  return `${connectionId}${SEPARATOR}${model}`;
}

export function fromOption(value: string): { connectionId: string; model: string } {
  const at = value.indexOf(SEPARATOR);
  return { connectionId: value.slice(0, at), model: value.slice(at + 1) };
}

const PROVIDER_NAMES = { OPENAI: 'OpenAI-compatible', ANTHROPIC: 'Anthropic' } as const;

export type ModelGroup = ComboboxItemGroup<{ value: string; label: string; disabled?: boolean }>;

/**
 * The saved models as option groups, one per connection. `unusable` says why
 * a connection's models cannot be chosen here; they are then listed, disabled,
 * with that reason, so a saved connection never goes missing unexplained.
 */
export function connectionGroups(connections: readonly ModelConnectionFieldsFragment[], unusable: (connection: ModelConnectionFieldsFragment) => string | null = () => null): ModelGroup[] {
  return connections.map((connection) => {
    const reason = unusable(connection);
    return {
      group: `${connection.name} · ${PROVIDER_NAMES[connection.provider]}${connection.keyHint ? ` · key ${connection.keyHint}` : ''}${reason ? ` · ${reason}` : ''}`,
      items: connection.models.map((name) => ({ value: modelOption(connection.id, name), label: name, disabled: reason !== null })),
    };
  });
}

/** The groups with the chosen value in them: a model whose connection was deleted is still shown, as gone. */
export function withChosen(groups: ModelGroup[], value: string | null): ModelGroup[] {
  if (value === null || groups.some((group) => group.items.some((item) => item.value === value))) return groups;
  const { model } = fromOption(value);
  return [...groups, { group: 'No longer saved', items: [{ value, label: `${model} (its connection was deleted)` }] }];
}

/** **Add model**: a new provider, model and key; refused, with the reason, to whom may not manage connections. */
export function AddModelButton({
  canAddModel,
  disabled,
  onAdded,
}: {
  canAddModel: boolean;
  disabled: boolean;
  onAdded: (connection: ModelConnectionFieldsFragment) => void;
}) {
  const [adding, add] = useDisclosure(false);
  if (!canAddModel) {
    return (
      <Tooltip label="Adding a model needs permission to manage connections">
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} data-disabled aria-disabled="true" onClick={(event) => event.preventDefault()}>
          Add model
        </Button>
      </Tooltip>
    );
  }
  return (
    <>
      <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={add.open} disabled={disabled}>
        Add model
      </Button>
      <AddModelDialog opened={adding} onClose={add.close} onAdded={onAdded} />
    </>
  );
}

/**
 * A model to answer or grade with (the judge's, an agent's): a compact,
 * searchable selector of the saved models, grouped by connection, and
 * **Add model** for a new provider, model and key.
 */
export function ModelSelect({
  description = 'The model the judge grades with.',
  connections,
  connectionId,
  model,
  error,
  disabled,
  canAddModel,
  onChange,
  onConnectionAdded,
}: {
  description?: string;
  connections: readonly ModelConnectionFieldsFragment[];
  connectionId: string | null;
  model: string | null;
  error?: React.ReactNode;
  disabled: boolean;
  canAddModel: boolean;
  onChange: (choice: { connectionId: string | null; model: string | null }) => void;
  onConnectionAdded: (connection: ModelConnectionFieldsFragment) => void;
}) {
  const value = connectionId && model ? modelOption(connectionId, model) : null;
  return (
    <Group align="flex-end" gap="sm" wrap="nowrap">
      <Select
        label="Model"
        description={description}
        placeholder={connections.length === 0 ? 'No saved model yet: add one' : 'Search saved models'}
        data={withChosen(connectionGroups(connections), value)}
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
      <AddModelButton
        canAddModel={canAddModel}
        disabled={disabled}
        onAdded={(connection) => {
          onConnectionAdded(connection);
          const first = connection.models[0];
          if (first) onChange({ connectionId: connection.id, model: first });
        }}
      />
    </Group>
  );
}
