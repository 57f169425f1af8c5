import { ActionIcon, Badge, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { GrantLevel } from '../gql/graphql';

export interface GrantShown {
  user: { id: string; name: string; email: string };
  level: GrantLevel;
  doesNothing: boolean;
}

/** The levels sharing offers: every level of the schema but `use`, no longer offered (spec: Access). */
export type OfferedLevel = Exclude<GrantLevel, 'USE'>;

export const OFFERED_LEVELS: { value: OfferedLevel; label: string }[] = [
  { value: 'READ', label: 'Can read' },
  { value: 'EDIT', label: 'Can edit' },
];

/**
 * One person's access: read or edit, which can be changed; a legacy use grant
 * says it does nothing, and `legacyUseExplanation` says why for this kind of resource.
 */
export function GrantRow({
  grant,
  canChange,
  busy,
  legacyUseExplanation,
  onLevel,
  onRemove,
}: {
  grant: GrantShown;
  canChange: boolean;
  busy: boolean;
  legacyUseExplanation: string;
  onLevel: (level: OfferedLevel) => void;
  onRemove: () => void;
}) {
  const who = grant.user.name || grant.user.email;
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={0}>
          <Text size="sm" fw={550}>
            {who}
          </Text>
          <Text size="xs" c="dimmed">
            {grant.user.email}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        {grant.doesNothing ? (
          <Group gap={6} wrap="nowrap">
            <Badge color="gray" variant="outline">
              Use
            </Badge>
            <Tooltip label={legacyUseExplanation} multiline w={300}>
              <Text size="xs" c="dimmed" tabIndex={0}>
                Does nothing: a legacy use grant
              </Text>
            </Tooltip>
          </Group>
        ) : canChange ? (
          <Select
            aria-label={`Access for ${who}`}
            data={OFFERED_LEVELS}
            value={grant.level}
            allowDeselect={false}
            disabled={busy}
            onChange={(value) => value && value !== grant.level && onLevel(value as OfferedLevel)}
            w={130}
            size="xs"
          />
        ) : (
          <Text size="sm">{grant.level === 'EDIT' ? 'Can edit' : 'Can read'}</Text>
        )}
      </Table.Td>
      <Table.Td w={48}>
        {canChange && (
          <ActionIcon variant="subtle" color="red" aria-label={`Remove ${who}'s access`} onClick={onRemove} disabled={busy}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
