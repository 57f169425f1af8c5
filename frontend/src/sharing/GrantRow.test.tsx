import { MantineProvider, Table } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GrantRow, type GrantShown, OFFERED_LEVELS } from './GrantRow';

function html(grant: GrantShown, canChange = true): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <Table>
        <Table.Tbody>
          <GrantRow grant={grant} canChange={canChange} busy={false} legacyUseExplanation="It gives nothing." onLevel={() => undefined} onRemove={() => undefined} />
        </Table.Tbody>
      </Table>
    </MantineProvider>,
  );
}

const sam = { id: 'VXNlcjoy', name: 'Sam Teammate', email: 'sam@example.test' };

describe('GrantRow', () => {
  it('offers read and edit only', () => {
    expect(OFFERED_LEVELS.map((level) => level.value)).toEqual(['READ', 'EDIT']);
  });

  it('lets a read or edit grant be changed and removed', () => {
    const out = html({ user: sam, level: 'READ', doesNothing: false });
    expect(out).toContain('aria-label="Access for Sam Teammate"');
    expect(out).toContain('value="Can read"');
    expect(out).toContain('aria-label="Remove Sam Teammate&#x27;s access"');
  });

  it('shows a legacy use grant as doing nothing, removable but not changeable', () => {
    const out = html({ user: sam, level: 'USE', doesNothing: true });
    expect(out).toContain('Does nothing: a legacy use grant');
    expect(out).not.toContain('Access for Sam Teammate');
    expect(out).toContain('Remove Sam Teammate&#x27;s access');
  });

  it('shows a grant in words, without controls, to someone who may not share', () => {
    const out = html({ user: sam, level: 'EDIT', doesNothing: false }, false);
    expect(out).toContain('Can edit');
    expect(out).not.toContain('Remove Sam');
  });
});
