import { Checkbox, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import {
  type ColumnDef,
  createColumnHelper,
  createSortedRowModel,
  type OnChangeFn,
  type Row,
  type RowData,
  type RowSelectionState,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  sortFn_alphanumeric,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type HTMLAttributes, type ReactNode, useMemo, useState } from 'react';

/** The table features every wide table of the console uses: sorting (within what is loaded) and row selection. */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric },
});

export type DataTableFeatures = typeof dataTableFeatures;
// Each column holds its own kind of value; the table holds columns of any.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/** A column helper typed for DataTable. */
export function dataColumns<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}

const NO_SELECTION: RowSelectionState = {};

export interface DataTableProps<T extends RowData> {
  label: string;
  data: readonly T[];
  columns: readonly DataColumn<T>[];
  getRowId: (row: T) => string;
  /** Selection by row ID: given, the table has a checkbox column (Shift-click selects a range). */
  selection?: RowSelectionState;
  onSelectionChange?: OnChangeFn<RowSelectionState>;
  /** What a row checkbox is called for a screen reader: "Select Where is my refund?". */
  rowName?: (row: T) => string;
  onRowClick?: (row: T) => void;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
  empty: ReactNode;
  minWidth?: number;
  testId?: string;
}

/**
 * A wide table on TanStack Table, drawn with Mantine: headers that sort what
 * is loaded (and say so to a screen reader with aria-sort), a checkbox per
 * row with select-all, and a header that stays in view while the rows
 * scroll. One component for every such table of the console.
 */
export function DataTable<T extends RowData>({ label, data, columns, getRowId, selection, onSelectionChange, rowName, onRowClick, rowProps, empty, minWidth = 760, testId }: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const selectable = selection !== undefined && onSelectionChange !== undefined;
  const allColumns = useMemo<DataColumn<T>[]>(() => {
    if (!selectable) return [...columns];
    const select: DataColumn<T> = {
      id: 'select',
      enableSorting: false,
      header: ({ table }) => (
        <Checkbox
          aria-label="Select every row shown"
          checked={table.getIsAllRowsSelected()}
          indeterminate={table.getIsSomeRowsSelected()}
          onChange={(event) => table.toggleAllRowsSelected(event.currentTarget.checked)}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={`Select ${rowName ? rowName(row.original) : row.id}`}
          checked={row.getIsSelected()}
          onClick={(event) => event.stopPropagation()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return [select, ...columns];
  }, [columns, selectable, rowName]);
  const rows = useMemo(() => [...data], [data]);
  const table = useTable({
    features: dataTableFeatures,
    columns: allColumns,
    data: rows,
    getRowId: (row: T) => getRowId(row),
    state: { sorting, rowSelection: selection ?? NO_SELECTION },
    onSortingChange: setSorting,
    onRowSelectionChange: onSelectionChange ?? (() => undefined),
    enableRowSelection: selectable,
    enableSortingRemoval: true,
    // Ascending first whatever the column holds: an outcome column then reads failures first.
    sortDescFirst: false,
  });
  const shown: Row<DataTableFeatures, T>[] = table.getRowModel().rows;
  return (
    <Table.ScrollContainer minWidth={minWidth} maxHeight="70vh">
      <Table stickyHeader highlightOnHover verticalSpacing="xs" aria-label={label} fz="sm" data-testid={testId}>
        <Table.Thead>
          {table.getHeaderGroups().map((group) => (
            <Table.Tr key={group.id}>
              {group.headers.map((header) => {
                const sortable = header.column.getCanSort();
                const direction = header.column.getIsSorted();
                const content = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                return (
                  <Table.Th key={header.id} aria-sort={sortable ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined} w={header.column.id === 'select' ? 40 : undefined}>
                    {sortable ? (
                      <UnstyledButton onClick={header.column.getToggleSortingHandler()} aria-label={`Sort by ${typeof header.column.columnDef.header === 'string' ? header.column.columnDef.header : header.column.id}`}>
                        <Group gap={4} wrap="nowrap">
                          <Text span fw={600} size="sm">
                            {content}
                          </Text>
                          {direction === 'asc' ? <IconSortAscending size={14} aria-hidden /> : direction === 'desc' ? <IconSortDescending size={14} aria-hidden /> : <IconArrowsSort size={14} aria-hidden opacity={0.4} />}
                        </Group>
                      </UnstyledButton>
                    ) : (
                      content
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Thead>
        <Table.Tbody>
          {shown.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={allColumns.length}>
                <Text size="sm" c="dimmed" ta="center" py="md">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {shown.map((row) => (
            <Table.Tr
              key={row.id}
              {...rowProps?.(row.original)}
              onClick={onRowClick ? () => onRowClick(row.original) : undefined}
              style={onRowClick ? { cursor: 'pointer' } : undefined}
              bg={row.getIsSelected() ? 'var(--mantine-color-blue-light)' : undefined}
            >
              {row.getAllCells().map((cell) => (
                <Table.Td key={cell.id} style={{ verticalAlign: 'top' }}>
                  <table.FlexRender cell={cell} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
