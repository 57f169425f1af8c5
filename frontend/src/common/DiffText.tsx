import { Text } from '@mantine/core';
import type { DiffPart } from './textDiff';

// The page's own text colour on a light tint: marked words keep the contrast of the rest (WCAG AA).
const STYLE = {
  added: { background: 'var(--mantine-color-teal-light)', color: 'var(--mantine-color-text)', textDecoration: 'underline', textDecorationColor: 'var(--mantine-color-teal-7)' },
  removed: { background: 'var(--mantine-color-red-light)', color: 'var(--mantine-color-text)', textDecorationColor: 'var(--mantine-color-red-7)' },
} as const;

/**
 * One side of a word diff, its whitespace kept: what only this side holds is
 * marked (`<ins>` tinted green and underlined, `<del>` tinted red and struck through), so the marking is
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
