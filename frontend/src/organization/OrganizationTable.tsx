import { Loader, Paper, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Column {
  label: string;
  /** Width in pixels; the first column takes what is left. */
  width?: number;
}

/**
 * The table every organization page lists its rows in: a bordered panel, a header
 * row, the rows, and a sentence in place of rows when there are none.
 */
export function OrganizationTable({
  label,
  columns,
  fetching,
  empty,
  children,
  minWidth = 720,
}: {
  label: string;
  columns: Column[];
  fetching: boolean;
  /** Said when there is no row; null while the rows are loading. */
  empty: string | null;
  children: ReactNode;
  minWidth?: number;
}) {
  return (
    <Paper withBorder radius="md" p="md" pos="relative">
      {fetching && <Loader size="sm" aria-label={`Loading ${label.toLowerCase()}`} pos="absolute" top={12} right={12} />}
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.label} w={column.width}>
                  {column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {children}
            {empty && (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" size="sm" ta="center" py="md">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
