import { Text } from '@mantine/core';
import type { DiffPart } from './textDiff';

const STYLE = {
  added: { background: 'var(--mantine-color-teal-light)', color: 'var(--mantine-color-teal-9)', textDecoration: 'none' },
  removed: { background: 'var(--mantine-color-red-light)', color: 'var(--mantine-color-red-9)' },
} as const;

/**
 * One side of a word diff, its whitespace kept: what only this side holds is
 * marked (`<ins>` green, `<del>` red and struck through), so the marking is
 * said by a screen reader as well as seen.
 */
export function DiffText({ parts, testId }: { parts: readonly DiffPart[]; testId?: string }) {
  if (parts.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        (empty)
      </Text>
    );
  }
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={testId}>
      {parts.map((part, index) =>
        part.kind === 'added' ? (
          <ins key={index} style={STYLE.added}>
            {part.text}
          </ins>
        ) : part.kind === 'removed' ? (
          <del key={index} style={STYLE.removed}>
            {part.text}
          </del>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
