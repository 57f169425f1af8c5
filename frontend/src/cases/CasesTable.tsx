import { ActionIcon, Badge, Group, Menu, Stack, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconDots, IconEraser, IconEye, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import type { CaseRowFieldsFragment } from '../gql/graphql';
import { expectationLabels, sourceLabel, tagColor } from './labels';
import classes from './CasesTable.module.css';
import { countOf } from '../common/count';

function excerpt(text: string, length = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/** A label of the cases table, with its sentence as a tooltip. */
export function LabelBadge({ text, color, description }: { text: string; color: string; description: string }) {
  return (
    <Tooltip label={description}>
      <Badge variant="light" color={color} size="sm">
        {text}
      </Badge>
    </Tooltip>
  );
}

/** The mark of a case whose asker was erased: it stays out of eval runs until rewritten or removed. */
export function AnonymisedBadge() {
  return (
    <Tooltip label="The person who asked it was erased and its text replaced. Eval runs leave it out until its question is rewritten or it is removed.">
      <Badge variant="light" color="orange" size="sm" w="fit-content" leftSection={<IconEraser size={12} aria-hidden />}>
        Anonymised after erasure
      </Badge>
    </Tooltip>
  );
}

/**
 * The cases of the version on screen, with coloured labels for where each came
 * from, what it is tested against and its tags. A row opens its case; its menu
 * holds Edit and Delete where the version can be changed.
 */
export function CasesTable({
  cases,
  canEdit,
  selectedId,
  onOpen,
  onEdit,
  onRemove,
  onTag,
}: {
  cases: CaseRowFieldsFragment[];
  canEdit: boolean;
  selectedId: string | null;
  onOpen: (id: string) => void;
  onEdit: (id: string) => void;
  onRemove: (row: CaseRowFieldsFragment) => void;
  onTag: (tag: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Question</Table.Th>
            <Table.Th w={230}>Tested against</Table.Th>
            <Table.Th w={190}>Tags</Table.Th>
            <Table.Th w={120}>Source</Table.Th>
            <Table.Th w={84}>Changed</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cases.map((row) => {
            const source = sourceLabel(row.source);
            const question = row.masked ? 'Hidden: copied from a conversation you may not read' : excerpt(row.input);
            const turns = row.history.length;
            return (
              <Table.Tr key={row.id} className={classes.row} data-selected={selectedId === row.id || undefined} onClick={() => onOpen(row.id)}>
                <Table.Td>
                  <Stack gap={2}>
                    <UnstyledButton
                      className={classes.open}
                      onClick={(event) => {
                        event.stopPropagation();
                        onOpen(row.id);
                      }}
                      aria-label={`Open case: ${question}`}
                    >
                      <Group gap={6} wrap="nowrap" align="flex-start">
                        {row.masked && <IconLock size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />}
                        <Text size="sm" lineClamp={2} fs={row.masked ? 'italic' : undefined} c={row.masked ? 'dimmed' : undefined}>
                          {question}
                        </Text>
                      </Group>
                    </UnstyledButton>
                    {turns > 0 && (
                      <Text size="xs" c="dimmed">
                        After {countOf(turns, 'earlier turn', 'earlier turns')}
                      </Text>
                    )}
                    {row.anonymisedAt && <AnonymisedBadge />}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {expectationLabels(row).map((label) => (
                      <LabelBadge key={label.kind} {...label} />
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td onClick={(event) => event.stopPropagation()}>
                  <Group gap={4}>
                    {row.tags.map((tag) => (
                      <Badge
                        key={tag}
                        component="button"
                        type="button"
                        variant="light"
                        color={tagColor(tag)}
                        size="sm"
                        className={classes.tag}
                        onClick={() => onTag(tag)}
                        aria-label={`Show only cases tagged ${tag}`}
                      >
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <LabelBadge text={source.text} color={source.color} description={source.description} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    v{row.changedInVersion}
                  </Text>
                </Table.Td>
                <Table.Td onClick={(event) => event.stopPropagation()}>
                  <Menu position="bottom-end">
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={`Actions for case: ${question}`}>
                        <IconDots size={16} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item leftSection={<IconEye size={14} aria-hidden />} onClick={() => onOpen(row.id)}>
                        Open
                      </Menu.Item>
                      {canEdit && (
                        <Menu.Item leftSection={<IconPencil size={14} aria-hidden />} onClick={() => onEdit(row.id)}>
                          Edit
                        </Menu.Item>
                      )}
                      {canEdit && (
                        <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={() => onRemove(row)}>
                          Delete
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
