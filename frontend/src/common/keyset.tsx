import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { formatNumber } from './count';

/**
 * Keyset paging: the cursors of the pages walked so far. A new `resetKey`
 * (another search, filter or version) starts again from the first page.
 */
export function useKeysetPages(resetKey: string) {
  const [state, setState] = useState<{ key: string; cursors: (string | null)[] }>({ key: resetKey, cursors: [null] });
  const cursors = state.key === resetKey ? state.cursors : [null];
  return {
    after: cursors[cursors.length - 1] ?? null,
    /** 0 for the first page. */
    pageIndex: cursors.length - 1,
    next: (endCursor: string) => setState({ key: resetKey, cursors: [...cursors, endCursor] }),
    previous: () => setState({ key: resetKey, cursors: cursors.length > 1 ? cursors.slice(0, -1) : cursors }),
  };
}

/** "51–100 of 240" with Previous and Next. */
export function KeysetPager({
  pageIndex,
  pageSize,
  shown,
  total,
  hasNextPage,
  onPrevious,
  onNext,
  what,
}: {
  pageIndex: number;
  pageSize: number;
  shown: number;
  total: number | null | undefined;
  hasNextPage: boolean;
  onPrevious: () => void;
  onNext: () => void;
  what: string;
}) {
  const from = shown === 0 ? 0 : pageIndex * pageSize + 1;
  const to = pageIndex * pageSize + shown;
  if (pageIndex === 0 && !hasNextPage) return null;
  return (
    <Group justify="space-between" mt="sm" component="nav" aria-label={`Pages of ${what}`}>
      <Text size="sm" c="dimmed" role="status">
        {formatNumber(from)}–{formatNumber(to)}
        {typeof total === 'number' ? ` of ${formatNumber(total)}` : ''} {what}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} aria-hidden />} disabled={pageIndex === 0} onClick={onPrevious}>
          Previous
        </Button>
        <Button variant="default" size="xs" rightSection={<IconChevronRight size={14} aria-hidden />} disabled={!hasNextPage} onClick={onNext}>
          Next
        </Button>
      </Group>
    </Group>
  );
}
