import { Accordion, Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import type { CaseFieldsFragment } from '../../gql/graphql';
import type { OrderMode } from '../caseForm';
import { ORDER_MODE_WORDS } from '../form/ToolCallsEditor';
import { countOf } from '../../common/count';

function argumentShown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A case's expected tool calls, each expanding to the arguments it must be called with, under the order mode that matches them. */
export function ExpectedToolCalls({ calls, orderMode, masked }: { calls: CaseFieldsFragment['expectedToolCalls']; orderMode: string; masked: boolean }) {
  const words = ORDER_MODE_WORDS[orderMode as OrderMode] ?? ORDER_MODE_WORDS.any;
  return (
    <Stack gap="xs">
      <Text size="sm">
        <Text span fw={600}>
          {words.label}:
        </Text>{' '}
        {words.description}
      </Text>
      <Accordion multiple variant="contained" chevronPosition="left">
        {calls.map((call, index) => {
          const args = typeof call.args === 'object' && call.args !== null ? Object.entries(call.args as Record<string, unknown>) : [];
          return (
            <Accordion.Item key={`${call.tool}:${index}`} value={String(index)}>
              <Accordion.Control icon={<IconTool size={16} aria-hidden />}>
                <Group gap="xs">
                  <Code>{call.tool}</Code>
                  <Text size="xs" c="dimmed">
                    {countOf(args.length, 'argument', 'arguments')}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                {args.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {masked ? 'Its arguments are hidden from you.' : 'Any arguments: the case names none that must match.'}
                  </Text>
                ) : (
                  <Table withTableBorder withColumnBorders fz="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th w="35%">Argument</Table.Th>
                        <Table.Th>Must be</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {args.map(([name, value]) => (
                        <Table.Tr key={name}>
                          <Table.Td ff="monospace">{name}</Table.Td>
                          <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                            {argumentShown(value)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}
